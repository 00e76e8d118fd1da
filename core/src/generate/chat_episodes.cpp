// A chat exchange in a Slack or Discord channel: an opener, replies, acknowledgements.
#include "generate/cast.h"
#include "generate/corpus_generator.h"

#include <algorithm>

namespace memlens::gen {

namespace {

// Messages in one exchange: mostly short, some long.
constexpr int kBurstLengths[] = {1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6, 7, 8};
// Tag words per Topic, in enum order.
constexpr std::string_view kTopicTags[] = {"status",   "review", "bug",      "question", "meeting",
                                           "design",   "data",   "support",  "release",  "social",
                                           "incident", "hiring", "community"};

} // namespace

void CorpusGenerator::chat_burst() {
    const auto chans = channels();
    int total = 0;
    for (const auto& c : chans)
        total += c.weight;
    int x = static_cast<int>(rng_.below(static_cast<std::size_t>(total)));
    std::size_t ci = 0;
    while (x >= chans[ci].weight)
        x -= chans[ci++].weight;
    const Channel& ch = chans[ci];
    const bool discord = ch.source.starts_with("discord:");
    const int project = ch.project >= 0 && rng_.chance(75)
                            ? ch.project
                            : static_cast<int>(rng_.below(projects().size()));
    const Project& proj = projects()[static_cast<std::size_t>(project)];
    const Topic topic = ch.topics[rng_.below(ch.topics.size())];

    std::vector<Author> people;
    const int n_people = 2 + static_cast<int>(rng_.below(3));
    while (static_cast<int>(people.size()) < n_people) {
        Author a;
        if (discord && (people.empty() || rng_.chance(50))) {
            std::string h(community_handles()[rng_.below(community_handles().size())]);
            a = {h, h, -1, {}};
        } else {
            int s = rng_.chance(70) ? proj.team[rng_.below(proj.team.size())]
                                    : static_cast<int>(rng_.below(staff().size()));
            a = staff_author(s, discord);
        }
        bool dup = std::any_of(people.begin(), people.end(),
                               [&](const Author& b) { return b.name == a.name; });
        if (!dup)
            people.push_back(std::move(a));
    }

    std::string thread;
    if (rng_.chance(35))
        thread = "thread-" + std::to_string(next_thread_++);
    const int len = kBurstLengths[rng_.below(std::size(kBurstLengths))];
    std::int64_t t = start_time();
    std::size_t speaker = 0;
    for (int i = 0; i < len && remaining_ > 0; ++i) {
        std::size_t prev = speaker;
        if (i > 0)
            speaker = (speaker + 1 + rng_.below(people.size() - 1)) % people.size();
        const Author& a = people[speaker];
        ctx_.begin(epoch_day(), project, Register::Chat, a.me, a.staff);
        // Replies usually address whoever spoke last.
        if (i > 0 && people[prev].staff >= 0 && people[prev].staff != a.staff && rng_.chance(50))
            ctx_.set_other(people[prev].staff);
        Phrases pool = chat_openers(topic);
        if (i > 0) {
            int r = static_cast<int>(rng_.below(100));
            pool = r < 65 ? chat_followups(topic) : r < 77 ? chat_acks() : chat_openers(topic);
        }
        std::string text = ctx_.expand(pool[rng_.below(pool.size())]);
        // Openers often pull someone in or label themselves, as people do in busy channels.
        if (i == 0 && !discord && rng_.chance(20))
            ctx_.expand(" {cc <p>|cc <p> <q>|(<p> FYI)}", text);
        if (i == 0 && rng_.chance(15)) {
            text += " #";
            text +=
                rng_.chance(50) ? kTopicTags[static_cast<std::size_t>(topic)] : project_tag(proj);
        }
        Draft* d = add(ch.source, discord ? "dsc" : "slk", t, a.name, std::move(text));
        d->m.thread = thread;
        if (i == 0 && rng_.chance(30)) {
            d->m.tags.emplace_back(kTopicTags[static_cast<std::size_t>(topic)]);
            d->m.tags.push_back(project_tag(proj));
        }
        t += gap();
    }
}

} // namespace memlens::gen
