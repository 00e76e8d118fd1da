// memlens-cli update | list | get: memories in an agent's terms (memories.h), the same calls
// as the MCP tools memory_update, memory_list and memory_get.
#include "cli.h"
#include "vault_args.h"

#include <memlens/embedder.h>
#include <memlens/memories.h>
#include <memlens/time_util.h>

#include <iostream>

namespace memlens::cli {
namespace {

void print_memory_line(const Memory& m) {
    std::cout << format_rfc3339(m.time_ms) << "  " << m.id << "  " << m.source;
    if (!m.author.empty())
        std::cout << "  " << m.author << ":";
    std::cout << "  " << one_line(m.text, 100);
    if (!m.tags.empty())
        std::cout << "  [" << join(m.tags, ", ") << "]";
    if (m.superseded)
        std::cout << "  (superseded)";
    std::cout << '\n';
}

void print_memory(const Memory& m) {
    std::cout << "id:            " << m.id << '\n'
              << "time:          " << format_rfc3339(m.time_ms) << '\n'
              << "source:        " << m.source << " (" << m.source_kind << ")\n"
              << "author:        " << (m.author.empty() ? "-" : m.author) << '\n'
              << "tags:          " << (m.tags.empty() ? "-" : join(m.tags, ", ")) << '\n';
    if (m.supersedes)
        std::cout << "supersedes:    " << *m.supersedes << '\n';
    if (m.superseded)
        std::cout << "superseded by: "
                  << (m.superseded_by.empty() ? "a newer version" : join(m.superseded_by, ", "))
                  << '\n';
    std::cout << '\n' << m.text << '\n';
}

int run_memories_list(const Args& a) {
    MemoryListOptions o;
    o.source = a.get("source");
    o.author = a.get("author");
    o.tags = a.get_all("tag");
    if (Status s = check_memory_tags(o.tags, "--tag"); !s)
        return fail("list", s);
    o.cursor = a.get_or("cursor", "");
    o.include_superseded = a.flag("superseded");
    auto limit = a.get_int("limit", 1, kMaxMemoryListLimit);
    auto since = a.get_time("since");
    auto until = a.get_time("until");
    for (const Status& s : {limit.status(), since.status(), until.status()})
        if (!s)
            return fail("list", s);
    o.limit = static_cast<int>(limit->value_or(kDefaultMemoryListLimit));
    o.since_ms = *since;
    o.until_ms = *until;
    auto vault = open_vault_read_only(a);
    if (!vault)
        return fail("list", vault.status());
    auto page = list_memories(**vault, o);
    if (!page)
        return fail("list", page.status());
    if (a.json()) {
        std::cout << to_json(*page) << '\n';
        return 0;
    }
    for (const Memory& m : page->memories)
        print_memory_line(m);
    if (page->memories.empty())
        std::cout << "no memories\n";
    if (page->next_cursor)
        std::cout << "more: --cursor " << *page->next_cursor << '\n';
    return 0;
}

int run_get(const Args& a) {
    if (!a.get("vault"))
        return fail("get", "--vault DIR is required (the ids are the positional arguments)");
    if (a.positional.empty())
        return fail("get", "name at least one memory id: memlens-cli get --vault DIR ID...");
    auto vault = open_vault_read_only(a);
    if (!vault)
        return fail("get", vault.status());
    auto ids = whole_ids(**vault, a.positional);
    if (!ids)
        return fail("get", ids.status());
    auto memories = get_memories(**vault, *ids);
    if (!memories)
        return fail("get", memories.status());
    if (a.json()) {
        std::cout << to_json(*memories) << '\n';
        return 0;
    }
    for (std::size_t i = 0; i < memories->size(); ++i) {
        if (i > 0)
            std::cout << "\n---\n";
        print_memory((*memories)[i]);
    }
    return 0;
}

int run_update(const Args& a) {
    auto dir = a.get("vault");
    if (!dir)
        return fail("update", "--vault DIR is required");
    if (a.positional.size() != 1)
        return fail("update", "name the one memory to update: memlens-cli update --vault DIR ID "
                              "--text TEXT");
    auto text = a.get("text");
    if (!text)
        return fail("update", "--text TEXT is required: the memory's new text");
    MemoryUpdate u;
    u.id = a.positional.front();
    u.text = *text;
    u.author = a.get("author");
    if (a.flag("no-tags"))
        u.tags = std::vector<std::string>{};
    else if (auto tags = a.get_all("tag"); !tags.empty())
        u.tags = tags;
    if (u.tags)
        if (Status s = check_memory_tags(*u.tags, "--tag"); !s)
            return fail("update", s);
    auto when = a.get_time("time");
    if (!when)
        return fail("update", when.status());
    u.time_ms = *when;
    auto vault = Vault::open(*dir, false);
    if (!vault)
        return fail("update", vault.status());
    auto id = whole_ids(**vault, {u.id});
    if (!id)
        return fail("update", id.status());
    u.id = id->front();
    auto embedder = make_embedder_for(**vault);
    if (!embedder)
        return fail("update", embedder.status());
    auto r = update_memory(**vault, **embedder, u);
    if (!r)
        return fail("update", r.status());
    if (a.json()) {
        std::cout << to_json(*r) << '\n';
        return 0;
    }
    std::cout << "updated " << r->old_id
              << " (now superseded)\nnew version: " << join(r->new_ids, ", ") << '\n';
    return 0;
}

MEMLENS_CLI_COMMAND(Spec{
    "list",
    "memories newest first, filtered, a page at a time (memory_list)",
    "Usage: memlens-cli list --vault DIR [--source ID] [--author NAME] [--tag T]...\n"
    "         [--since TIME] [--until TIME] [--limit N] [--cursor C] [--superseded] [--json]\n\n"
    "Memories (chunks) newest first, by time and then by the order they were written.\n"
    "--tag keeps memories carrying one of the tags (repeatable; ASCII case ignored);\n"
    "--author ignores ASCII case; --source is exact. --limit 1.." +
        std::to_string(kMaxMemoryListLimit) + " (default " +
        std::to_string(kDefaultMemoryListLimit) +
        "). When there is more, the last line\n"
        "gives the --cursor for the next page (next_cursor in --json); it holds while other\n"
        "processes write. Superseded memories are left out unless --superseded.",
    {"vault", "source", "author", "tag", "since", "until", "limit", "cursor"},
    {"json", "superseded"},
    run_memories_list});

MEMLENS_CLI_COMMAND(Spec{
    "get",
    "memories by id: text, author, time, source, tags, versions (memory_get)",
    "Usage: memlens-cli get --vault DIR ID... [--json]\n\n"
    "Each memory's text, author, time, source, tags, the memory it supersedes and the ones\n"
    "that superseded it. At most " +
        std::to_string(kMaxMemoryGetIds) + " ids; an unknown id is an error naming it.",
    {"vault"},
    {"json"},
    run_get});

MEMLENS_CLI_COMMAND(Spec{
    "update",
    "store a new version of a memory, superseding the old one (memory_update)",
    "Usage: memlens-cli update --vault DIR ID --text TEXT [--author NAME] [--tag T]...\n"
    "         [--no-tags] [--time TIME] [--json]\n\n"
    "Writes the new text into the memory's source through the ingest (one transaction) and\n"
    "marks the old memory superseded. Author and tags are the old memory's unless given\n"
    "(--no-tags stores none); the time is now unless given. Prints both ids.",
    {"vault", "text", "author", "tag", "time"},
    {"json", "no-tags"},
    run_update});

} // namespace
} // namespace memlens::cli
