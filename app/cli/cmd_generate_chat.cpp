// memlens-cli generate-chat --out FILE.json: a generated two-friend chat in the LoCoMo shape.
#include "cli.h"

#include <memlens/generate.h>
#include <memlens/time_util.h>

#include <nlohmann/json.hpp>

#include <iostream>
#include <limits>

namespace memlens::cli {
namespace {

int run_generate_chat(const Args& a) {
    auto out = a.get("out");
    if (!out)
        return fail("generate-chat", "--out FILE.json is required");
    auto conversations = a.get_int("conversations", 1, 3);
    auto sessions = a.get_int("sessions", 3, 60);
    auto seed = a.get_int("seed", 0, std::numeric_limits<std::int64_t>::max());
    auto start = a.get_time("start");
    for (const Status& s :
         {conversations.status(), sessions.status(), seed.status(), start.status()})
        if (!s.is_ok())
            return fail("generate-chat", s);

    ConversationOptions opts;
    if (*conversations)
        opts.conversations = static_cast<int>(**conversations);
    if (*sessions)
        opts.sessions = static_cast<int>(**sessions);
    if (*seed)
        opts.seed = static_cast<std::uint64_t>(**seed);
    if (*start)
        opts.start_ms = **start;

    auto summary = generate_conversation_file(*out, opts);
    if (!summary)
        return fail("generate-chat", summary.status());
    if (a.json()) {
        nlohmann::json j = {{"out", *out},
                            {"conversations", summary->conversations},
                            {"sessions", summary->sessions},
                            {"turns", summary->turns},
                            {"questions", summary->questions},
                            {"bytes", summary->bytes},
                            {"seed", opts.seed}};
        std::cout << dump_json(j) << '\n';
    } else {
        std::cout << "wrote " << summary->conversations << " conversation(s), " << summary->sessions
                  << " sessions, " << summary->turns << " turns and " << summary->questions
                  << " questions to " << *out << '\n';
    }
    return 0;
}

MEMLENS_CLI_COMMAND(Spec{
    "generate-chat",
    "write a generated two-friend chat in the LoCoMo JSON shape",
    "Usage: memlens-cli generate-chat --out FILE.json [--conversations C] [--sessions S]\n"
    "                                 [--seed N] [--start TIME] [--json]\n\n"
    "Writes C conversations between two friends (LoCoMo's JSON shape: sessions with dates,\n"
    "turns with dia_ids, a \"qa\" list whose evidence names the answering turn). The friends\n"
    "call each other by short forms and, now and then, misspelt ones; relatives, partners,\n"
    "pets and places recur; storylines move on across sessions. The same options always\n"
    "produce the same bytes. Made by memlens itself: nothing in it comes from a benchmark.\n\n"
    "  --out FILE          file to write (replaced if it exists)\n"
    "  --conversations C   1..3 pairs of friends (default 1)\n"
    "  --sessions S        3..60 sessions per conversation (default 24)\n"
    "  --seed N            random seed, 0 or more (default 1)\n"
    "  --start TIME        sessions start after this, RFC 3339 or epoch ms (default 2023-01-01)\n"
    "  --json              print {\"out\", \"conversations\", \"sessions\", \"turns\", ...}\n\n"
    "Then: memlens-cli ingest --vault DIR FILE.json; memlens-cli eval locomo --data FILE.json",
    {"out", "conversations", "sessions", "seed", "start"},
    {},
    run_generate_chat});

} // namespace
} // namespace memlens::cli
