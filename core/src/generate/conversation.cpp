// generate.h: a two-friend chat in the LoCoMo JSON shape (docs/formats.md "LoCoMo"), written by
// the project so that tests, the README's screenshots and the demo can show a long personal
// conversation without shipping any of the benchmark.
//
// What it is built to contain, because the inspector has views for each:
// - two speakers who address each other by a short form ("Nat" for Natalia), and now and then
//   by a misspelt one ("Natt"): what the entity pass must propose as aliases (docs/entities.md);
// - people, pets, places and pastimes that recur across sessions and co-occur in the same
//   turns, so the entity graph has communities (one friend's family, the other's hobbies);
// - storylines that start in one session and move on in later ones, so the graph's time window
//   shows a topic appear;
// - a question per storyline step, with the dia_id of the turn that answers it ("qa"), so
//   `memlens-cli eval locomo` runs on it; a third of them name the friend the way people do
//   when they ask: by the short form, the slip, or a spelling of their own ("Natalya",
//   "Benjamín") that the chat never shows, which the query must read as the speaker
//   (docs/entities.md, "Names in a query").
#include "generate/rng.h"

#include <memlens/generate.h>
#include <memlens/time_util.h>

#include <nlohmann/json.hpp>

#include <array>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

namespace memlens {
namespace {

using ordered = nlohmann::ordered_json;

struct Friend {
    const char* name;     // full first name, as the speaker field holds it
    const char* short_;   // what the other one calls them
    const char* misspelt; // a slip of the other one's thumb, used rarely
    const char* asked;    // a spelling only questions use: a letter off, or marks added
    const char* relative; // a sibling
    const char* partner;
    const char* pet;
    const char* pet_kind;
    const char* city;
};

constexpr std::array<Friend, 6> kFriends = {{
    {"Natalia", "Nat", "Natt", "Natalya", "Irena", "Samuel", "Biscuit", "beagle", "Porto"},
    {"Benjamin", "Ben", "Benn", "Benjamín", "Clara", "Yusuf", "Pepper", "tabby cat", "Leeds"},
    {"Rosalind", "Ros", "Roz", "Rosalynd", "Dmitri", "Aline", "Mango", "parrot", "Valencia"},
    {"Theodore", "Theo", "Teo", "Théodore", "Hannah", "Marisol", "Juniper", "greyhound", "Tucson"},
    {"Gabriela", "Gabi", "Gaby", "Gabriella", "Lorenzo", "Kwame", "Olive", "rescue dog", "Ghent"},
    {"Matthias", "Matti", "Mati", "Mathias", "Sophie", "Ingrid", "Comet", "husky", "Bergen"},
}};

// A storyline: what one friend does over several sessions. Each step is a sentence the friend
// says (with {pet}, {relative}, {partner}, {city}, {other} filled in), the other's reply, and
// a question whose answer is that step.
struct Step {
    const char* says;
    const char* reply;
    const char* question;
    const char* answer;
};

struct Storyline {
    const char* topic;
    std::array<Step, 3> steps;
};

constexpr std::array<Storyline, 8> kStorylines = {{
    {"pottery",
     {{{"I signed up for a pottery class at the community studio, my first bowl came out "
        "lopsided!",
        "A lopsided bowl still holds soup. Proud of you for trying pottery.",
        "What class did {me} sign up for?", "a pottery class"},
       {"The pottery teacher says my glazes are getting better, I made a blue vase for "
        "{relative}.",
        "{relative} will love a vase you made yourself.", "What did {me} make for {relative}?",
        "a blue vase"},
       {"Two of my pots are in the studio's spring exhibition, pottery really stuck with me.",
        "An exhibition! I want to see them.", "Where are {me}'s pots shown?",
        "the studio's spring exhibition"}}}},
    {"marathon",
     {{{"I started training for the {city} marathon, twenty minutes of running nearly killed me.",
        "Everyone starts somewhere, keep going with the marathon plan.",
        "Which race is {me} training for?", "the {city} marathon"},
       {"Long run today: 18 kilometres along the river, {partner} cycled next to me with water.",
        "18 km! {partner} is a great support crew.", "How far was {me}'s long run?",
        "18 kilometres"},
       {"I finished the {city} marathon in 4 hours 12 minutes, my legs are jelly.",
        "4:12 on your first marathon is brilliant!", "What was {me}'s marathon time?",
        "4 hours 12 minutes"}}}},
    {"adoption",
     {{{"We are thinking about adopting a {pet_kind} from the shelter.",
        "A {pet_kind} would suit you, visit the shelter this weekend.",
        "What animal is {me} thinking of adopting?", "a {pet_kind}"},
       {"Meet {pet}! Our {pet_kind} came home from the shelter on Saturday.",
        "{pet} is adorable, what a lucky {pet_kind}.", "What is the name of {me}'s {pet_kind}?",
        "{pet}"},
       {"Disaster: {pet} chewed {partner}'s running shoes, so much for training the {pet_kind}.",
        "Poor {partner}! {pet} has opinions about shoes.", "What did {pet} chew?",
        "{partner}'s running shoes"}}}},
    {"wedding",
     {{{"Big news: {relative} got engaged last night, the wedding is next summer!",
        "Congratulations to {relative}! A summer wedding sounds lovely.",
        "Who got engaged in {me}'s family?", "{relative}"},
       {"I am giving a speech at {relative}'s wedding and I have written exactly one line.",
        "One line is a start, tell a story about {relative} as a kid.",
        "What is {me} doing at the wedding?", "giving a speech"},
       {"The wedding was perfect, {relative} glowed and my speech made {partner} cry.",
        "That means the speech was good! Send photos of {relative}.", "Who cried at {me}'s speech?",
        "{partner}"}}}},
    {"job",
     {{{"I have an interview at a bookshop in {city} on Thursday, wish me luck.",
        "Good luck! A bookshop job would fit you.", "Where is {me}'s interview?",
        "a bookshop in {city}"},
       {"I got the bookshop job! I start on Monday in the children's section.",
        "You will be the best children's bookseller.", "Which section does {me} work in?",
        "the children's section"},
       {"I organised a reading hour at the bookshop and forty kids came.",
        "Forty kids at a reading hour, amazing!", "How many kids came to the reading hour?",
        "forty"}}}},
    {"garden",
     {{{"We planted tomatoes and basil on the balcony, {partner} built the planter.",
        "Tomatoes and basil, summer salads sorted.", "What did {me} plant on the balcony?",
        "tomatoes and basil"},
       {"The balcony tomatoes are ripe, {pet} keeps sniffing them.",
        "Ha, {pet} wants a share of the tomatoes.", "Who keeps sniffing the tomatoes?", "{pet}"},
       {"I made green tomato chutney from the last of the balcony garden.",
        "Save me a jar of that chutney!", "What did {me} make from the garden?",
        "green tomato chutney"}}}},
    {"choir",
     {{{"I joined a choir that meets on Wednesdays at the library.",
        "A choir! What are you singing?", "When does {me}'s choir meet?", "on Wednesdays"},
       {"The choir is learning an old sea shanty for the harbour festival in {city}.",
        "A shanty at the harbour festival, perfect.", "What is the choir learning?",
        "an old sea shanty"},
       {"We sang at the harbour festival and {relative} filmed the whole thing.",
        "Please send me {relative}'s video of the choir.", "Who filmed the choir?",
        "{relative}"}}}},
    {"camping",
     {{{"This summer {partner} and I are planning a camping trip in the mountains next month.",
        "Camping in the mountains sounds peaceful.", "Where is {me} planning to camp?",
        "in the mountains"},
       {"Bought a new tent for the camping trip, it pitches in five minutes.",
        "A five-minute tent is a camping dream.", "What did {me} buy for the camping trip?",
        "a new tent"},
       {"The camping trip was wet but we saw a moose at the lake.",
        "A moose at the lake! Worth the rain.", "What animal did {me} see while camping?",
        "a moose"}}}},
}};

constexpr std::array<const char*, 5> kSmallTalk = {
    "How has your week been?",
    "Sorry I went quiet, work was a lot.",
    "I keep thinking about our last chat.",
    "It rained all day here.",
    "I made too much soup again.",
};

constexpr std::array<const char*, 5> kSmallReply = {
    "Busy but good, thanks for asking.", "No worries at all, I get it.",
    "Same here, it stayed with me.",     "Sunny here for once.",
    "Soup is never too much.",
};

// Everyday updates between the storylines: the people, pets and places of one friend's life
// turning up together, which is what makes the entity graph's communities.
constexpr std::array<const char*, 12> kUpdates = {
    "Tonight {partner} is making pasta and says hi.",
    "This morning {pet} stole a sock and ran around the flat with it.",
    "Had coffee with {relative} at the Lantern Cafe this morning.",
    "Last night {relative} and {partner} argued about football for hours.",
    "Took {pet} to the vet, just a check-up, all fine.",
    "Dinner with Marcus last night, he asked about you.",
    "The weather in {city} is wild this week.",
    "Looks like {partner} found a cheap flight to {city} for the holidays.",
    "Next week {relative} is moving flats, I promised to help carry boxes.",
    "Walked {pet} by the river with {partner}, lovely evening.",
    "Marcus lent me a book about the history of {city}.",
    "Look, {relative} just sent me a photo, {pet} asleep on the sofa.",
};

constexpr std::array<const char*, 8> kUpdateReplies = {
    "Ha, that sounds like home.",
    "Say hi back from me!",
    "Love that.",
    "Glad it went fine.",
    "Oh no, good luck with that.",
    "Marcus is the best, tell him I said hello.",
    "That made me smile.",
    "Lucky you!",
};

std::string fill(std::string text, const Friend& me, const Friend& other) {
    const std::pair<const char*, std::string> keys[] = {
        {"{me}", me.name},         {"{other}", other.name}, {"{relative}", me.relative},
        {"{partner}", me.partner}, {"{pet}", me.pet},       {"{pet_kind}", me.pet_kind},
        {"{city}", me.city},
    };
    for (const auto& [key, value] : keys)
        for (std::size_t at = text.find(key); at != std::string::npos; at = text.find(key, at))
            text.replace(at, std::string_view(key).size(), value);
    return text;
}

// "1:56 pm on 8 May, 2023": how the LoCoMo file dates a session (parse_locomo_date reads it).
std::string locomo_date(std::int64_t ms) {
    static constexpr std::array<const char*, 12> kMonths = {
        "January", "February", "March",     "April",   "May",      "June",
        "July",    "August",   "September", "October", "November", "December"};
    const std::int64_t days = ms / 86'400'000;
    const std::int64_t in_day = (ms % 86'400'000) / 60'000; // minutes
    std::int64_t year = 0;
    unsigned month = 0, day = 0;
    civil_from_days(days, year, month, day);
    const int hour = static_cast<int>(in_day / 60);
    const int minute = static_cast<int>(in_day % 60);
    const int h12 = hour % 12 == 0 ? 12 : hour % 12;
    char buf[64];
    std::snprintf(buf, sizeof buf, "%d:%02d %s on %d %s, %d", h12, minute, hour < 12 ? "am" : "pm",
                  day, kMonths[month - 1], static_cast<int>(year));
    return buf;
}

struct Turn {
    int speaker; // 0 or 1
    std::string text;
};

// One step of a storyline, waiting for the session it is told in.
struct Pending {
    int speaker;
    std::size_t storyline;
    std::size_t step;
    int due; // the session it is told in
};

// Each friend has four storylines of their own; a step is told in one session and the next step
// a few sessions later.
std::vector<Pending> plan_storylines(gen::Rng& rng, int sessions) {
    std::array<std::vector<std::size_t>, 2> lines;
    std::vector<std::size_t> order(kStorylines.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    for (std::size_t i = order.size(); i > 1; --i)
        std::swap(order[i - 1], order[rng.below(i)]);
    for (std::size_t i = 0; i < order.size(); ++i)
        lines[i % 2].push_back(order[i]);
    std::vector<Pending> pending;
    for (int s = 0; s < 2; ++s)
        for (std::size_t k = 0; k < lines[static_cast<std::size_t>(s)].size(); ++k)
            pending.push_back({s, lines[static_cast<std::size_t>(s)][k], 0,
                               1 + static_cast<int>(k) * sessions / 5 + s});
    return pending;
}

// The greeting, its reply, and a few small updates each answered by the other friend.
void add_small_talk(gen::Rng& rng, const std::array<const Friend*, 2>& who,
                    std::vector<Turn>& turns) {
    const int opener = static_cast<int>(rng.below(2));
    const Friend& to = *who[static_cast<std::size_t>(1 - opener)];
    // The address form: mostly the short form, sometimes the full name, rarely a slip.
    const int roll = static_cast<int>(rng.below(100));
    const char* address = roll < 12 ? to.misspelt : roll < 70 ? to.short_ : to.name;
    turns.push_back({opener, std::string("Hey ") + address + "! " + rng.pick(kSmallTalk)});
    turns.push_back({1 - opener, rng.pick(kSmallReply)});
    const int updates = 2 + static_cast<int>(rng.below(4));
    for (int u = 0; u < updates; ++u) {
        const int speaker = static_cast<int>(rng.below(2));
        const Friend& me = *who[static_cast<std::size_t>(speaker)];
        const Friend& other = *who[static_cast<std::size_t>(1 - speaker)];
        turns.push_back({speaker, fill(rng.pick(kUpdates), me, other)});
        turns.push_back({1 - speaker, rng.pick(kUpdateReplies)});
    }
}

// The storyline steps due in `session`: each told, answered, and asked about in `qa`.
void add_storyline_steps(gen::Rng& rng, const std::array<const Friend*, 2>& who, int session,
                         std::vector<Pending>& pending, std::vector<Turn>& turns, ordered& qa) {
    for (auto& p : pending) {
        if (p.step >= 3 || p.due != session)
            continue;
        const Friend& me = *who[static_cast<std::size_t>(p.speaker)];
        const Friend& other = *who[static_cast<std::size_t>(1 - p.speaker)];
        const Step& st = kStorylines[p.storyline].steps[p.step];
        turns.push_back({p.speaker, fill(st.says, me, other)});
        std::string reply = fill(st.reply, me, other);
        if (rng.chance(40))
            reply = std::string(rng.chance(15) ? me.misspelt : me.short_) + ", " + reply;
        const std::size_t answer_turn = turns.size(); // 1-based index of `says`
        turns.push_back({1 - p.speaker, reply});
        // How the question names the friend: by turns the short form, the spelling only
        // questions use and the slip, each one question in six, else the full name. Chosen
        // without the generator's draws, so the chat's turns stay what they were.
        Friend asked_about = me;
        const std::size_t form = (static_cast<std::size_t>(session) + p.storyline) % 6;
        asked_about.name = form == 0   ? me.short_
                           : form == 1 ? me.asked
                           : form == 2 ? me.misspelt
                                       : me.name;
        qa.push_back(ordered{{"question", fill(st.question, asked_about, other)},
                             {"answer", fill(st.answer, me, other)},
                             {"evidence", ordered::array({"D" + std::to_string(session) + ":" +
                                                          std::to_string(answer_turn)})},
                             {"category", 1}});
        ++p.step;
        p.due = session + 2 + static_cast<int>(rng.below(4));
    }
}

// A session's turns as the file lists them, each with its dia_id.
ordered session_entries(const std::vector<Turn>& turns, const std::array<const Friend*, 2>& who,
                        int session) {
    ordered list = ordered::array();
    for (std::size_t i = 0; i < turns.size(); ++i)
        list.push_back(
            ordered{{"speaker", who[static_cast<std::size_t>(turns[i].speaker)]->name},
                    {"dia_id", "D" + std::to_string(session) + ":" + std::to_string(i + 1)},
                    {"text", turns[i].text}});
    return list;
}

// Conversation `c`: the two friends' sessions, and the questions their storylines answer.
ordered generate_conversation(gen::Rng& rng, const ConversationOptions& opts, int c,
                              ConversationSummary& summary) {
    const Friend& a = kFriends[static_cast<std::size_t>(2 * c)];
    const Friend& b = kFriends[static_cast<std::size_t>(2 * c + 1)];
    const std::array<const Friend*, 2> who = {&a, &b};
    std::vector<Pending> pending = plan_storylines(rng, opts.sessions);

    ordered conv = ordered::object();
    conv["speaker_a"] = a.name;
    conv["speaker_b"] = b.name;
    ordered qa = ordered::array();
    std::int64_t t = opts.start_ms + (10 + c) * 3'600'000LL;
    for (int session = 1; session <= opts.sessions; ++session) {
        t += (4 + static_cast<std::int64_t>(rng.below(17))) * 86'400'000LL +
             static_cast<std::int64_t>(rng.below(600)) * 60'000LL;
        std::vector<Turn> turns;
        add_small_talk(rng, who, turns);
        add_storyline_steps(rng, who, session, pending, turns, qa);
        turns.push_back({static_cast<int>(rng.below(2)), "Talk soon!"});

        const std::string key = "session_" + std::to_string(session);
        conv[key + "_date_time"] = locomo_date(t);
        conv[key] = session_entries(turns, who, session);
        summary.turns += turns.size();
        ++summary.sessions;
    }
    summary.questions += qa.size();
    return ordered{{"qa", std::move(qa)},
                   {"conversation", std::move(conv)},
                   {"sample_id", "gen-" + std::to_string(c + 1)}};
}

Status write_text_file(const std::filesystem::path& file, const std::string& text) {
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    if (!out)
        return Status::io("cannot write " + file.string());
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    out.close();
    if (!out)
        return Status::io("cannot write " + file.string());
    return Status::ok();
}

} // namespace

Result<ConversationSummary> generate_conversation_file(const std::filesystem::path& file,
                                                       const ConversationOptions& opts) {
    if (opts.conversations < 1 || opts.conversations > 3)
        return Status::invalid("conversations must be 1 to 3");
    if (opts.sessions < 3 || opts.sessions > 60)
        return Status::invalid("sessions must be 3 to 60");
    gen::Rng rng(opts.seed);
    ConversationSummary summary;
    ordered all = ordered::array();
    for (int c = 0; c < opts.conversations; ++c) {
        all.push_back(generate_conversation(rng, opts, c, summary));
        ++summary.conversations;
    }

    const std::string text = all.dump(1);
    MEMLENS_TRY(write_text_file(file, text));
    summary.bytes = text.size();
    return summary;
}

} // namespace memlens
