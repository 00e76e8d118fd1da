#include "generate/corpus_generator.h"

#include "generate/calendar_text.h"
#include "generate/cast.h"

#include <memlens/time_util.h>

#include <algorithm>
#include <cstdio>

namespace memlens::gen {

namespace {

using S = std::string_view;

// Share of a day's traffic by UTC hour: a working day with a lunch dip and a little evening.
// Nothing starts after 21:00 so an exchange ends the same day.
constexpr int kHourWeights[24] = {0, 0, 0,  0,  0, 0, 1, 2, 5, 9, 11, 10,
                                  6, 9, 11, 10, 9, 6, 3, 2, 1, 0, 0,  0};
// Messages in one chat exchange: mostly short, some long.
constexpr int kBurstLengths[] = {1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6, 7, 8};
constexpr S kMilestones[] = {"beta", "GA", "v2", "v2.1", "v3", "v3.1"};
constexpr S kSyncTimes[] = {"9:30", "10:00", "11:00", "14:00", "15:30", "16:00"};
constexpr int kRollouts[] = {5, 10, 25, 50, 75, 100};
constexpr S kTopicTags[] = {"status",   "review", "bug",      "question", "meeting",
                            "design",   "data",   "support",  "release",  "social",
                            "incident", "hiring", "community"};
// Episode kinds by share of episodes (not of messages: a chat exchange holds several).
enum class Episode { Chat, Email, Decision, Page, Issue, Meeting };
constexpr int kEpisodeShares[] = {56, 17, 7, 7, 8, 5}; // in Episode order
// Decision kinds by how often teams announce them.
constexpr int kDecisionWeights[kDecisionKinds] = {35, 15, 15, 10, 10, 15};

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    return out;
}

// An index drawn with probability weights[i] / sum(weights).
template <typename Weights> std::size_t weighted(Rng& rng, const Weights& weights) {
    int total = 0;
    for (int w : weights)
        total += w;
    int x = static_cast<int>(rng.below(static_cast<std::size_t>(total)));
    for (std::size_t i = 0; i < std::size(weights); ++i) {
        x -= weights[i];
        if (x < 0)
            return i;
    }
    return std::size(weights) - 1;
}

std::string plan_page(int project) {
    return "notion:" + std::string(projects()[static_cast<std::size_t>(project)].name) +
           " Launch Plan";
}

} // namespace

CorpusGenerator::CorpusGenerator(const GenerateOptions& opts)
    : opts_(opts)
    , rng_(opts.seed)
    , ctx_(rng_) {
    std::int64_t ms = opts.start_ms;
    first_day_ = ms >= 0 ? ms / kMsPerDay : -((-ms + kMsPerDay - 1) / kMsPerDay);
    decisions_.resize(projects().size() * kDecisionKinds);
    open_issues_.resize(projects().size());
    next_issue_.assign(projects().size(), 101);
    allocate_days();
}

// Splits opts_.chunks over the days: weekdays ~5x weekends, ±25% day-to-day noise and a team
// that grows over the period. Cumulative rounding makes the counts sum exactly to chunks.
void CorpusGenerator::allocate_days() {
    const int days = std::max(opts_.days, 1);
    std::vector<double> weight(static_cast<std::size_t>(days));
    double total = 0.0;
    for (int d = 0; d < days; ++d) {
        int wd = weekday_of(first_day_ + d);
        double base = wd == 0 ? 0.15 : wd == 6 ? 0.22 : 1.0;
        double w = base * (0.75 + 0.5 * rng_.unit()) * (0.8 + 0.4 * d / days);
        weight[static_cast<std::size_t>(d)] = w;
        total += w;
    }
    per_day_.resize(weight.size());
    double cum = 0.0;
    std::size_t given = 0;
    for (std::size_t d = 0; d < weight.size(); ++d) {
        cum += weight[d];
        auto upto = static_cast<std::size_t>(static_cast<double>(opts_.chunks) * cum / total + 0.5);
        upto = std::min(upto, opts_.chunks);
        if (d + 1 == weight.size())
            upto = opts_.chunks;
        per_day_[d] = upto - given;
        given = upto;
    }
}

std::int64_t CorpusGenerator::start_time() {
    std::size_t hour = weighted(rng_, kHourWeights);
    return day_start_ms_ + static_cast<std::int64_t>(hour) * 3'600'000 +
           static_cast<std::int64_t>(rng_.below(3'600)) * 1000;
}

std::int64_t CorpusGenerator::gap() {
    return static_cast<std::int64_t>(20 + rng_.below(600)) * 1000;
}

CorpusGenerator::Draft* CorpusGenerator::add(std::string_view source, std::string_view id_prefix,
                                             std::int64_t ts, const std::string& author,
                                             std::string text) {
    if (remaining_ == 0)
        return nullptr;
    --remaining_;
    Draft& d = drafts_.emplace_back();
    d.m.source.assign(source);
    d.m.author = author;
    d.m.text = std::move(text);
    // An exchange that runs past midnight stays on its day, so days never interleave.
    d.m.ts_ms = std::min(ts, day_start_ms_ + kMsPerDay - 1000);
    d.id_prefix = id_prefix;
    return &d;
}

CorpusGenerator::Author CorpusGenerator::staff_author(int staff_index, bool discord) const {
    const Person& p = staff()[static_cast<std::size_t>(staff_index)];
    if (discord)
        return {std::string(p.handle), std::string(p.handle), staff_index, {}};
    return {std::string(p.full), std::string(p.first), staff_index, std::string(p.email)};
}

CorpusGenerator::Author CorpusGenerator::party(int code) const {
    if (code >= 0)
        return staff_author(code, false);
    const Person& p = outsiders()[static_cast<std::size_t>(-1 - code)];
    return {std::string(p.full), std::string(p.first), -1, std::string(p.email)};
}

// ---- chat ----------------------------------------------------------------------------------

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
                rng_.chance(50) ? kTopicTags[static_cast<std::size_t>(topic)] : lower(proj.name);
        }
        Draft* d = add(ch.source, discord ? "dsc" : "slk", t, a.name, std::move(text));
        d->m.thread = thread;
        if (i == 0 && rng_.chance(30)) {
            d->m.tags.emplace_back(kTopicTags[static_cast<std::size_t>(topic)]);
            d->m.tags.push_back(lower(proj.name));
        }
        t += gap();
    }
}

// ---- email ---------------------------------------------------------------------------------

std::string CorpusGenerator::compose_email(const std::string& subject, const Author& from,
                                           std::string_view to_first, const std::string& body) {
    ctx_.set_to_first(to_first);
    std::string text = "Subject: " + subject + "\n\n";
    Phrases greetings = mail_greetings();
    ctx_.expand(greetings[rng_.below(greetings.size())], text);
    text += "\n\n";
    text += body;
    text += "\n\n";
    Phrases signoffs = mail_signoffs();
    text.append(signoffs[rng_.below(signoffs.size())]);
    text += '\n';
    text += from.me;
    // Signature blocks are where most addresses in a mailbox come from.
    if (!from.email.empty() && rng_.chance(35)) {
        text += '\n';
        text += from.email;
    }
    return text;
}

void CorpusGenerator::email() {
    // Threads nobody answered for two weeks are dead.
    std::erase_if(mail_threads_, [&](const MailThread& m) { return day_ - m.last_day > 14; });
    const bool reply = !mail_threads_.empty() && rng_.chance(45);
    if (!reply) {
        MailThread m;
        std::size_t box = rng_.below(mailbox_owners().size());
        m.source.assign(mailbox_sources()[box]);
        m.owner = mailbox_owners()[box];
        m.topic = static_cast<MailTopic>(rng_.below(kMailTopics));
        bool external = m.topic == MailTopic::Contract || m.topic == MailTopic::Partnership ||
                        m.topic == MailTopic::Customer;
        if (external && rng_.chance(60)) {
            m.counterpart = -1 - static_cast<int>(rng_.below(outsiders().size()));
        } else {
            do {
                m.counterpart = static_cast<int>(rng_.below(staff().size()));
            } while (m.counterpart == m.owner);
        }
        m.project = static_cast<int>(rng_.below(projects().size()));
        m.thread = "mail-" + std::to_string(next_thread_++);
        m.left = 1 + static_cast<int>(rng_.below(5));
        m.last_sender = rng_.chance(50) ? m.owner : m.counterpart;
        const int recipient = m.last_sender == m.owner ? m.counterpart : m.owner;
        Author from = party(m.last_sender);
        ctx_.begin(epoch_day(), m.project, Register::Email, from.me, from.staff);
        if (recipient >= 0)
            ctx_.set_other(recipient);
        Phrases subjects = mail_subjects(m.topic);
        m.subject = ctx_.expand(subjects[rng_.below(subjects.size())]);
        Phrases bodies = mail_bodies(m.topic);
        std::string body = ctx_.expand(bodies[rng_.below(bodies.size())]);
        if (rng_.chance(50)) {
            body += ' ';
            ctx_.expand(bodies[rng_.below(bodies.size())], body);
        }
        m.last_line = body.substr(0, body.find(". ") == std::string::npos ? body.size()
                                                                          : body.find(". ") + 1);
        m.last_day = day_;
        Draft* d = add(m.source, "eml", start_time(), from.name,
                       compose_email(m.subject, from, party(recipient).me, body));
        d->m.thread = m.thread;
        mail_threads_.push_back(std::move(m));
        return;
    }
    std::size_t ti = rng_.below(mail_threads_.size());
    MailThread& m = mail_threads_[ti];
    const int sender = m.last_sender == m.owner ? m.counterpart : m.owner;
    const Author from = party(sender);
    const Author to = party(m.last_sender);
    ctx_.begin(epoch_day(), m.project, Register::Email, from.me, from.staff);
    Phrases replies = mail_replies();
    std::string body = ctx_.expand(replies[rng_.below(replies.size())]);
    if (rng_.chance(40)) {
        body += "\n\n> ";
        body += to.name;
        body += " wrote:\n> ";
        body += m.last_line;
    }
    m.last_line = body.substr(0, body.find('\n'));
    m.last_sender = sender;
    m.last_day = day_;
    std::string subject = m.subject.starts_with("Re: ") ? m.subject : "Re: " + m.subject;
    Draft* d =
        add(m.source, "eml", start_time(), from.name, compose_email(subject, from, to.me, body));
    d->m.thread = m.thread;
    if (--m.left <= 0)
        mail_threads_.erase(mail_threads_.begin() + static_cast<std::ptrdiff_t>(ti));
}

// ---- decisions -----------------------------------------------------------------------------
//
// Decision::value by kind: ShipDate = epoch day of the date; Owner = staff index; Vendor =
// index into the project's options; Budget = thousands of dollars; Cadence = weekday * 10 +
// index into kSyncTimes; Rollout = percent.

void CorpusGenerator::describe(Decision& d, DecisionKind kind, int project, int prev_value,
                               const std::string& prev_owner) {
    const Project& proj = projects()[static_cast<std::size_t>(project)];
    DecisionText& t = ctx_.decision();
    auto cadence = [](int v) {
        return std::string(weekday_name(v / 10)) + "s at " +
               std::string(kSyncTimes[static_cast<std::size_t>(v % 10)]);
    };
    t.milestone.assign(kMilestones[static_cast<std::size_t>(d.milestone)]);
    switch (kind) {
    case DecisionKind::ShipDate:
        t.ship_date =
            format_day(d.value, rng_.chance(70) ? DateStyle::MonthDay : DateStyle::WeekdayMonthDay);
        t.freeze_date = format_day(d.value - 4, DateStyle::MonthDay);
        t.prev_date = format_day(prev_value, DateStyle::MonthDay);
        t.cur_value = t.ship_date;
        t.prev_value = "shipping " + t.prev_date;
        break;
    case DecisionKind::Owner:
        t.owner.assign(staff()[static_cast<std::size_t>(d.value)].full);
        t.prev_owner = prev_owner;
        t.cur_value = t.owner;
        t.prev_value = "with " + prev_owner;
        break;
    case DecisionKind::Vendor:
        t.option.assign(proj.options[static_cast<std::size_t>(d.value)]);
        t.prev_option.assign(proj.options[static_cast<std::size_t>(prev_value)]);
        t.cur_value = t.option;
        t.prev_value = "on " + t.prev_option;
        break;
    case DecisionKind::Budget:
        t.budget = "$" + std::to_string(d.value) + "k";
        t.prev_budget = "$" + std::to_string(prev_value) + "k";
        t.cur_value = t.budget;
        t.prev_value = "at " + t.prev_budget;
        break;
    case DecisionKind::Cadence:
        t.cadence = cadence(d.value);
        t.prev_cadence = cadence(prev_value);
        t.cur_value = t.cadence;
        t.prev_value = "syncing " + t.prev_cadence;
        break;
    case DecisionKind::Rollout:
        t.rollout = std::to_string(d.value) + "%";
        t.prev_rollout = std::to_string(prev_value) + "%";
        t.cur_value = t.rollout;
        t.prev_value = "at " + t.prev_rollout;
        break;
    }
}

void CorpusGenerator::decision() {
    const int project = static_cast<int>(rng_.below(projects().size()));
    const Project& proj = projects()[static_cast<std::size_t>(project)];
    const auto kind = static_cast<DecisionKind>(weighted(rng_, kDecisionWeights));
    const std::size_t slot =
        static_cast<std::size_t>(project) * kDecisionKinds + static_cast<std::size_t>(kind);
    Decision& d = decisions_[slot];
    const std::int64_t today = epoch_day();

    int author_index = rng_.chance(60) ? proj.lead : proj.team[rng_.below(proj.team.size())];
    if (kind == DecisionKind::Budget && rng_.chance(50))
        author_index = 18; // finance announces budgets
    const Author author = staff_author(author_index, false);
    std::int64_t t = start_time();

    // A date that has passed: the milestone shipped, and the next one starts undecided.
    if (kind == DecisionKind::ShipDate && d.live && today > d.value) {
        ctx_.begin(today, project, Register::Chat, author.me, author.staff);
        describe(d, kind, project, d.value, {});
        Phrases cheers = ship_celebrations();
        Draft* m = add(proj.channel, "slk", t, author.name,
                       ctx_.expand(cheers[rng_.below(cheers.size())]));
        m->m.tags = {"launch", lower(proj.name)};
        d.live = false;
        d.milestone = std::min<int>(d.milestone + 1, static_cast<int>(std::size(kMilestones)) - 1);
        return;
    }

    enum class Move { First, Change, Reminder } move = Move::First;
    if (d.live)
        move = day_ > d.day && !d.id.empty() && rng_.chance(60) ? Move::Change : Move::Reminder;

    const int prev_value = d.value;
    const std::string prev_owner =
        d.live && kind == DecisionKind::Owner
            ? std::string(staff()[static_cast<std::size_t>(d.value)].first)
            : std::string();
    if (move != Move::Reminder) {
        auto pick_other = [&](int count, int current) {
            if (count < 2)
                return current;
            return (current + 1 +
                    static_cast<int>(rng_.below(static_cast<std::size_t>(count - 1)))) %
                   count;
        };
        switch (kind) {
        case DecisionKind::ShipDate:
            d.value = move == Move::First
                          ? static_cast<int>(today + 14 + static_cast<std::int64_t>(rng_.below(40)))
                          : static_cast<int>(std::max<std::int64_t>(today + 5, prev_value) + 5 +
                                             static_cast<std::int64_t>(rng_.below(20)));
            break;
        case DecisionKind::Owner: {
            int current = 0;
            for (std::size_t i = 0; i < proj.team.size(); ++i)
                if (proj.team[i] == d.value)
                    current = static_cast<int>(i);
            int next = move == Move::First
                           ? static_cast<int>(rng_.below(proj.team.size()))
                           : pick_other(static_cast<int>(proj.team.size()), current);
            d.value = proj.team[static_cast<std::size_t>(next)];
            if (move == Move::First)
                d.component = static_cast<int>(rng_.below(proj.components.size()));
            break;
        }
        case DecisionKind::Vendor:
            d.value = move == Move::First
                          ? static_cast<int>(rng_.below(proj.options.size()))
                          : pick_other(static_cast<int>(proj.options.size()), d.value);
            break;
        case DecisionKind::Budget: {
            int base = move == Move::First ? 20 + 5 * static_cast<int>(rng_.below(37)) : d.value;
            d.value = move == Move::First
                          ? base
                          : std::max(10, base + (rng_.chance(70) ? 1 : -1) * 5 *
                                                    (1 + static_cast<int>(rng_.below(8))));
            break;
        }
        case DecisionKind::Cadence: {
            int v = 0;
            do {
                v = (1 + static_cast<int>(rng_.below(5))) * 10 +
                    static_cast<int>(rng_.below(std::size(kSyncTimes)));
            } while (move == Move::Change && v == d.value);
            d.value = v;
            break;
        }
        case DecisionKind::Rollout: {
            int i = static_cast<int>(rng_.below(std::size(kRollouts)));
            if (move == Move::Change && kRollouts[static_cast<std::size_t>(i)] == d.value)
                i = (i + 1) % static_cast<int>(std::size(kRollouts));
            d.value = kRollouts[static_cast<std::size_t>(i)];
            break;
        }
        }
    }

    // Where it is said: a chat channel, an email thread, or the project's plan page. A change
    // usually lands where the original was announced.
    enum class Venue { Chat, Email, Doc } venue = Venue::Chat;
    std::string source;
    if (move == Move::Change && !d.venue.empty() && rng_.chance(70)) {
        source = d.venue;
    } else {
        int v = static_cast<int>(rng_.below(100));
        if (v < 55) {
            bool launchy = kind == DecisionKind::ShipDate || kind == DecisionKind::Rollout;
            source = rng_.chance(60) ? std::string(proj.channel)
                                     : std::string(launchy ? "slack:#launch" : "slack:#eng");
        } else if (v < 75) {
            source.assign(mailbox_sources()[rng_.below(mailbox_sources().size())]);
        } else {
            source = plan_page(project);
        }
    }
    if (move == Move::Reminder && !source.starts_with("slack:"))
        source.assign(proj.channel); // reminders are chat
    if (source.starts_with("gmail:") || source.starts_with("outlook:"))
        venue = Venue::Email;
    else if (source.starts_with("notion:"))
        venue = Venue::Doc;

    ctx_.begin(today, project,
               venue == Venue::Chat    ? Register::Chat
               : venue == Venue::Email ? Register::Email
                                       : Register::Doc,
               author.me, author.staff);
    ctx_.set_component(d.component);
    describe(d, kind, project, prev_value, prev_owner);
    Phrases pool = move == Move::First    ? decision_first(kind)
                   : move == Move::Change ? decision_change(kind)
                                          : decision_reminder(kind);
    std::string sentence = ctx_.expand(pool[rng_.below(pool.size())]);

    std::string text;
    if (venue == Venue::Email) {
        static constexpr S kTitles[kDecisionKinds] = {
            "<proj> <milestone> date", "<proj> <comp> ownership", "<proj> <option_topic>",
            "<proj> budget",           "<proj> weekly sync",      "<proj> rollout plan"};
        std::string subject = ctx_.expand(kTitles[static_cast<std::size_t>(kind)]);
        if (move == Move::Change)
            subject = "Re: " + subject;
        text = compose_email(subject, author, "all", sentence);
    } else if (venue == Venue::Doc) {
        text = kind == DecisionKind::ShipDate
                   ? "## Timeline\n\n" + sentence
                   : "## Decision log\n\n- " + format_day(today, DateStyle::Iso) + ": " + sentence;
    } else {
        text = std::move(sentence);
    }

    const std::string_view prefix = venue == Venue::Email ? "eml"
                                    : venue == Venue::Doc ? "ntn"
                                                          : "slk";
    Draft* m = add(source, prefix, t, author.name, std::move(text));
    if (move != Move::Reminder) {
        m->m.tags = {"decision", lower(proj.name)};
        if (move == Move::Change)
            m->m.supersedes = d.id;
        m->decision = static_cast<int>(slot);
        d.live = true;
        d.day = day_;
        d.id.clear();
        d.venue = source;
    }
    if (venue == Venue::Email)
        m->m.thread = "decision-" + lower(proj.name) + "-" + std::to_string(static_cast<int>(kind));
    else if (venue == Venue::Doc)
        m->m.thread = source;
    if (venue != Venue::Chat || move == Move::Reminder)
        return;

    // Reactions in the channel; after a change someone may still quote the old value.
    const DecisionText said = ctx_.decision();
    const int reactions = static_cast<int>(rng_.below(4));
    for (int i = 0; i < reactions; ++i) {
        t += gap();
        const Author r = staff_author(proj.team[rng_.below(proj.team.size())], false);
        ctx_.begin(today, project, Register::Chat, r.me, r.staff);
        ctx_.set_other(author.staff);
        Phrases acks = decision_reactions();
        if (add(source, "slk", t, r.name, ctx_.expand(acks[rng_.below(acks.size())])) == nullptr)
            return;
    }
    if (move == Move::Change && rng_.chance(30)) {
        t += gap();
        int who = static_cast<int>(rng_.below(staff().size()));
        const Author confused = staff_author(who, false);
        ctx_.begin(today, project, Register::Chat, confused.me, confused.staff);
        ctx_.decision() = said;
        Phrases c = decision_confusions();
        if (add(source, "slk", t, confused.name, ctx_.expand(c[rng_.below(c.size())])) == nullptr)
            return;
        t += gap();
        ctx_.begin(today, project, Register::Chat, author.me, author.staff);
        ctx_.decision() = said;
        ctx_.set_other(who == author.staff ? proj.lead : who);
        Phrases fix = decision_corrections();
        add(source, "slk", t, author.name, ctx_.expand(fix[rng_.below(fix.size())]));
    }
}

// ---- documents -----------------------------------------------------------------------------

void CorpusGenerator::page_edit() {
    const int project = static_cast<int>(rng_.below(projects().size()));
    const Project& proj = projects()[static_cast<std::size_t>(project)];
    std::string source;
    Phrases sections;
    std::string_view prefix = "ntn";
    int r = static_cast<int>(rng_.below(100));
    if (r < 55) {
        source = plan_page(project);
        sections = plan_sections();
    } else if (r < 70) {
        source = "notion:Roadmap";
        sections = roadmap_sections();
    } else if (r < 78) {
        source = "notion:Onboarding Guide";
        sections = onboarding_sections();
    } else if (r < 90) {
        source = "notion:Incident Reviews";
        sections = incident_sections();
    } else {
        source = "confluence:Architecture Decisions";
        sections = adr_sections();
        prefix = "cfl";
    }
    const Author a = staff_author(proj.team[rng_.below(proj.team.size())], false);
    std::int64_t t = start_time();
    const int n = 1 + static_cast<int>(rng_.below(3));
    for (int i = 0; i < n && remaining_ > 0; ++i) {
        ctx_.begin(epoch_day(), project, Register::Doc, a.me, a.staff);
        Draft* d =
            add(source, prefix, t, a.name, ctx_.expand(sections[rng_.below(sections.size())]));
        d->m.thread = source;
        t += gap();
    }
}

void CorpusGenerator::issue() {
    const int project = static_cast<int>(rng_.below(projects().size()));
    const Project& proj = projects()[static_cast<std::size_t>(project)];
    auto& open = open_issues_[static_cast<std::size_t>(project)];
    const Author a = staff_author(proj.team[rng_.below(proj.team.size())], false);
    const std::string source = "linear:" + std::string(proj.key);
    ctx_.begin(epoch_day(), project, Register::Doc, a.me, a.staff);
    std::string text;
    int number = 0;
    if (open.empty() || rng_.chance(45)) {
        number = next_issue_[static_cast<std::size_t>(project)]++;
        ctx_.set_ticket(std::string(proj.key) + "-" + std::to_string(number));
        text = std::string(proj.key) + "-" + std::to_string(number) + ": ";
        ctx_.expand(issue_titles()[rng_.below(issue_titles().size())], text);
        text += "\n\n";
        ctx_.expand(issue_bodies()[rng_.below(issue_bodies().size())], text);
        text += "\n\nAssignee: ";
        ctx_.expand("<p_full>", text);
        text += " · Priority: P" + std::to_string(1 + rng_.below(3));
        open.push_back(number);
        if (open.size() > 30)
            open.erase(open.begin());
    } else {
        number = open[rng_.below(open.size())];
        ctx_.set_ticket(std::string(proj.key) + "-" +
                        std::to_string(number + 1 + static_cast<int>(rng_.below(40))));
        text = std::string(proj.key) + "-" + std::to_string(number) + " · ";
        ctx_.expand(issue_comments()[rng_.below(issue_comments().size())], text);
    }
    Draft* d = add(source, "lin", start_time(), a.name, std::move(text));
    d->m.thread = std::string(proj.key) + "-" + std::to_string(number);
}

void CorpusGenerator::meeting_notes_page() {
    const int project = static_cast<int>(rng_.below(projects().size()));
    const Project& proj = projects()[static_cast<std::size_t>(project)];
    const Author a = staff_author(proj.team[rng_.below(proj.team.size())], false);
    ctx_.begin(epoch_day(), project, Register::Doc, a.me, a.staff);
    Draft* d = add("notion:Meeting Notes", "ntn", start_time(), a.name,
                   ctx_.expand(meeting_notes()[rng_.below(meeting_notes().size())]));
    d->m.thread = std::string(proj.name) + " sync";
}

// ---- days ----------------------------------------------------------------------------------

void CorpusGenerator::emit_day(std::vector<GeneratedMessage>& out) {
    std::stable_sort(drafts_.begin(), drafts_.end(),
                     [](const Draft& a, const Draft& b) { return a.m.ts_ms < b.m.ts_ms; });
    out.clear();
    out.reserve(drafts_.size());
    char id[48];
    for (Draft& d : drafts_) {
        std::snprintf(id, sizeof id, "%.*s-%07llu", static_cast<int>(d.id_prefix.size()),
                      d.id_prefix.data(), static_cast<unsigned long long>(next_id_++));
        d.m.id = id;
        if (d.decision >= 0)
            decisions_[static_cast<std::size_t>(d.decision)].id = d.m.id;
        used_sources_.insert(d.m.source);
        out.push_back(std::move(d.m));
    }
    drafts_.clear();
}

bool CorpusGenerator::next_day(std::vector<GeneratedMessage>& out) {
    out.clear();
    if (day_ >= static_cast<int>(per_day_.size()))
        return false;
    remaining_ = per_day_[static_cast<std::size_t>(day_)];
    day_start_ms_ = epoch_day() * kMsPerDay;
    while (remaining_ > 0) {
        switch (static_cast<Episode>(weighted(rng_, kEpisodeShares))) {
        case Episode::Chat:
            chat_burst();
            break;
        case Episode::Email:
            email();
            break;
        case Episode::Decision:
            decision();
            break;
        case Episode::Page:
            page_edit();
            break;
        case Episode::Issue:
            issue();
            break;
        case Episode::Meeting:
            meeting_notes_page();
            break;
        }
    }
    emit_day(out);
    ++day_;
    return true;
}

} // namespace memlens::gen
