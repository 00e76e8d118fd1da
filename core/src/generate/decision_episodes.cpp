// Decisions that change over time: a ship date, an owner, a vendor, a budget, a sync time or a
// rollout is announced, later restated or changed, and a change supersedes the message that
// made the decision. State is kept per project and kind in decisions_.
//
// Decision::value by kind: ShipDate = epoch day of the date; Owner = staff index; Vendor = index
// into the project's options; Budget = thousands of dollars; Cadence = weekday * 10 + index into
// kSyncTimes; Rollout = percent.
#include "generate/calendar_text.h"
#include "generate/cast.h"
#include "generate/corpus_generator.h"

#include <algorithm>

namespace memlens::gen {

namespace {

using S = std::string_view;

constexpr S kMilestones[] = {"beta", "GA", "v2", "v2.1", "v3", "v3.1"};
constexpr S kSyncTimes[] = {"9:30", "10:00", "11:00", "14:00", "15:30", "16:00"};
constexpr int kRollouts[] = {5, 10, 25, 50, 75, 100};
// Decision kinds by how often teams announce them, in DecisionKind order.
constexpr int kDecisionWeights[kDecisionKinds] = {35, 15, 15, 10, 10, 15};
// Email subjects per kind.
constexpr S kSubjects[kDecisionKinds] = {"<proj> <milestone> date", "<proj> <comp> ownership",
                                         "<proj> <option_topic>",   "<proj> budget",
                                         "<proj> weekly sync",      "<proj> rollout plan"};

std::string cadence_text(int value) {
    return std::string(weekday_name(value / 10)) + "s at " +
           std::string(kSyncTimes[static_cast<std::size_t>(value % 10)]);
}

bool is_mailbox(std::string_view source) {
    return source.starts_with("gmail:") || source.starts_with("outlook:");
}

} // namespace

int CorpusGenerator::next_value(const Decision& d, DecisionKind kind, const Project& proj,
                                Move move) {
    const bool first = move == Move::First;
    const std::int64_t today = epoch_day();
    // Any index in [0, count) but `current`.
    auto other_than = [&](std::size_t count, std::size_t current) {
        return (current + 1 + rng_.below(count - 1)) % count;
    };
    switch (kind) {
    case DecisionKind::ShipDate:
        // A first date lands weeks out; a change always slips, at least five days past today.
        return static_cast<int>(first ? today + 14 + static_cast<std::int64_t>(rng_.below(40))
                                      : std::max<std::int64_t>(today + 5, d.value) + 5 +
                                            static_cast<std::int64_t>(rng_.below(20)));
    case DecisionKind::Owner: {
        auto current = static_cast<std::size_t>(
            std::find(proj.team.begin(), proj.team.end(), d.value) - proj.team.begin());
        std::size_t next = first || current >= proj.team.size()
                               ? rng_.below(proj.team.size())
                               : other_than(proj.team.size(), current);
        return proj.team[next];
    }
    case DecisionKind::Vendor:
        return static_cast<int>(
            first ? rng_.below(proj.options.size())
                  : other_than(proj.options.size(), static_cast<std::size_t>(d.value)));
    case DecisionKind::Budget: {
        if (first)
            return 20 + 5 * static_cast<int>(rng_.below(37));
        int step = 5 * (1 + static_cast<int>(rng_.below(8)));
        return std::max(10, d.value + (rng_.chance(70) ? step : -step));
    }
    case DecisionKind::Cadence: {
        int v = 0;
        do {
            v = (1 + static_cast<int>(rng_.below(5))) * 10 +
                static_cast<int>(rng_.below(std::size(kSyncTimes)));
        } while (!first && v == d.value);
        return v;
    }
    case DecisionKind::Rollout: {
        std::size_t i = rng_.below(std::size(kRollouts));
        if (!first && kRollouts[i] == d.value)
            i = (i + 1) % std::size(kRollouts);
        return kRollouts[i];
    }
    }
    return d.value;
}

// Where it is said: a chat channel, a mailbox, or the project's plan page. A change usually
// lands where the original was announced; reminders are chat.
std::string CorpusGenerator::venue_for(const Decision& d, DecisionKind kind, const Project& proj,
                                       Move move) {
    if (move == Move::Change && !d.venue.empty() && rng_.chance(70))
        return d.venue;
    int v = static_cast<int>(rng_.below(100));
    if (move == Move::Reminder || v < 55) {
        bool launchy = kind == DecisionKind::ShipDate || kind == DecisionKind::Rollout;
        return rng_.chance(60) ? std::string(proj.channel)
                               : std::string(launchy ? "slack:#launch" : "slack:#eng");
    }
    if (v < 75)
        return std::string(mailbox_sources()[rng_.below(mailbox_sources().size())]);
    return plan_page(proj);
}

void CorpusGenerator::describe(const Decision& d, DecisionKind kind, const Project& proj,
                               int prev_value, const std::string& prev_owner) {
    DecisionText& t = ctx_.decision();
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
        t.cadence = cadence_text(d.value);
        t.prev_cadence = cadence_text(prev_value);
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
    const auto kind = static_cast<DecisionKind>(rng_.weighted(kDecisionWeights));
    const std::size_t slot =
        static_cast<std::size_t>(project) * kDecisionKinds + static_cast<std::size_t>(kind);
    Decision& d = decisions_[slot];
    const std::int64_t today = epoch_day();

    int author_index = rng_.chance(60) ? proj.lead : proj.team[rng_.below(proj.team.size())];
    if (kind == DecisionKind::Budget && rng_.chance(50))
        author_index = kFinanceLead;
    const Author author = staff_author(author_index, false);
    const std::int64_t t = start_time();

    if (kind == DecisionKind::ShipDate && d.live && today > d.value) {
        celebrate_ship_date(d, kind, proj, project, author, t);
        return;
    }

    // Only a decision written on an earlier day can be superseded: its id exists by then.
    Move move = Move::First;
    if (d.live)
        move = day_ > d.day && !d.id.empty() && rng_.chance(60) ? Move::Change : Move::Reminder;
    const int prev_value = d.value;
    const std::string prev_owner =
        d.live && kind == DecisionKind::Owner
            ? std::string(staff()[static_cast<std::size_t>(d.value)].first)
            : std::string();
    if (move != Move::Reminder) {
        d.value = next_value(d, kind, proj, move);
        if (move == Move::First)
            d.component = static_cast<int>(rng_.below(proj.components.size()));
    }

    const std::string source = venue_for(d, kind, proj, move);
    const bool email = is_mailbox(source);
    const bool page = source.starts_with("notion:");
    DecisionMessage said =
        decision_message(d, kind, proj, project, author, move, source, prev_value, prev_owner);
    Draft* m = add(source,
                   email  ? "eml"
                   : page ? "ntn"
                          : "slk",
                   t, author.name, std::move(said.text));
    m->m.thread = std::move(said.thread);
    if (move != Move::Reminder) {
        m->m.tags = {"decision", project_tag(proj)};
        if (move == Move::Change)
            m->m.supersedes = d.id;
        m->decision = static_cast<int>(slot); // emit_day() records its id
        d.live = true;
        d.day = day_;
        d.id.clear();
        d.venue = source;
    }
    if (!email && !page && move != Move::Reminder)
        react(source, proj, project, author, move, t);
}

// A date that has passed: the milestone shipped, and the next one starts undecided.
void CorpusGenerator::celebrate_ship_date(Decision& d, DecisionKind kind, const Project& proj,
                                          int project, const Author& author, std::int64_t t) {
    ctx_.begin(epoch_day(), project, Register::Chat, author.me, author.staff);
    describe(d, kind, proj, d.value, {});
    Phrases cheers = ship_celebrations();
    Draft* m =
        add(proj.channel, "slk", t, author.name, ctx_.expand(cheers[rng_.below(cheers.size())]));
    m->m.tags = {"launch", project_tag(proj)};
    d.live = false;
    d.milestone = std::min(d.milestone + 1, static_cast<int>(std::size(kMilestones)) - 1);
}

// The announcement, restatement or change as its venue words it: an email with a subject, a
// page's timeline or decision log, or a chat line.
CorpusGenerator::DecisionMessage CorpusGenerator::decision_message(
    const Decision& d, DecisionKind kind, const Project& proj, int project, const Author& author,
    Move move, const std::string& source, int prev_value, const std::string& prev_owner) {
    const std::int64_t today = epoch_day();
    const bool email = is_mailbox(source);
    const bool page = source.starts_with("notion:");
    ctx_.begin(today, project,
               email  ? Register::Email
               : page ? Register::Doc
                      : Register::Chat,
               author.me, author.staff);
    ctx_.set_component(d.component);
    describe(d, kind, proj, prev_value, prev_owner);
    Phrases pool = move == Move::First    ? decision_first(kind)
                   : move == Move::Change ? decision_change(kind)
                                          : decision_reminder(kind);
    DecisionMessage said;
    said.text = ctx_.expand(pool[rng_.below(pool.size())]);
    if (email) {
        std::string subject = ctx_.expand(kSubjects[static_cast<std::size_t>(kind)]);
        said.text = compose_email(move == Move::Change ? "Re: " + subject : subject, author, "all",
                                  said.text);
        said.thread =
            "decision-" + project_tag(proj) + "-" + std::to_string(static_cast<int>(kind));
    } else if (page) {
        said.text =
            kind == DecisionKind::ShipDate
                ? "## Timeline\n\n" + said.text
                : "## Decision log\n\n- " + format_day(today, DateStyle::Iso) + ": " + said.text;
        said.thread = source;
    }
    return said;
}

// Reactions in the channel; after a change someone may still quote the old value and be
// corrected, which is the conflict a reader of the vault has to resolve.
void CorpusGenerator::react(const std::string& source, const Project& proj, int project,
                            const Author& author, Move move, std::int64_t t) {
    const DecisionText said = ctx_.decision();
    const std::int64_t today = epoch_day();
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
    if (move != Move::Change || !rng_.chance(30))
        return;
    t += gap();
    const int who = static_cast<int>(rng_.below(staff().size()));
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

} // namespace memlens::gen
