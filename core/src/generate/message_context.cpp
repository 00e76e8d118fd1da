#include "generate/message_context.h"

#include "generate/calendar_text.h"
#include "generate/cast.h"
#include "generate/phrases.h"
#include "generate/slots.h"

#include <array>

namespace memlens::gen {

namespace {

using S = std::string_view;

constexpr S kTags[] = {"#launch", "#blocker", "#design-review", "#oncall",      "#til",
                       "#shipit", "#perf",    "#postmortem",    "#q3-planning", "#security",
                       "#kudos",  "#hiring",  "#tech-debt",     "#a11y"};
constexpr S kEmoji[] = {"🎉", "🚀", "🙌", "😅", "👏", "🔥", "☕", "✨", "💪", "🤞"};
constexpr S kErrors[] = {"500",           "502",
                         "504",           "timeout",
                         "OOM",           "deadlock",
                         "429",           "NullPointerException",
                         "TLS handshake", "connection reset"};
constexpr S kMetrics[] = {"checkout conversion",
                          "p95 latency",
                          "weekly active users",
                          "signup completion",
                          "search click-through",
                          "ticket backlog",
                          "churn",
                          "NPS",
                          "crash-free sessions",
                          "query cost",
                          "time to first value",
                          "trial-to-paid rate"};
constexpr S kVendors[] = {"Paylane", "Cloudhost", "Northpoint", "Sendwave", "Loomly", "Vaultly"};
constexpr S kRoles[] = {"backend engineer",   "product designer",    "SRE",
                        "data analyst",       "engineering manager", "iOS engineer",
                        "support specialist", "technical writer"};
constexpr S kArtifacts[] = {"design doc", "RFC",  "migration plan", "test plan",
                            "runbook",    "spec", "rollout plan",   "API review"};
constexpr S kScreens[] = {"settings page",       "onboarding flow", "checkout page", "empty states",
                          "search results",      "dashboard",       "billing page",  "sign-up form",
                          "notification center", "profile page"};
constexpr S kSoon[] = {"tomorrow", "later today",      "next week",   "end of the week",
                       "Monday",   "after the freeze", "by Thursday", "this sprint"};
constexpr S kTimes[] = {"9:30",  "10:00", "10:30", "11:00", "13:30", "14:00",
                        "15:00", "16:30", "3pm",   "10am",  "noon"};
constexpr int kPercents[] = {5, 10, 12, 15, 20, 25, 30, 40, 50, 60, 75, 80, 90};
constexpr char kAlnum[] = "abcdefghijklmnopqrstuvwxyz0123456789";

void append_lower_dashed(std::string_view text, std::string& out) {
    for (char c : text) {
        if (c >= 'A' && c <= 'Z')
            out += static_cast<char>(c - 'A' + 'a');
        else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
            out += c;
        else if (c == ' ' && !out.empty() && out.back() != '-')
            out += '-';
    }
}

} // namespace

void MessageContext::begin(std::int64_t epoch_day, int project, Register reg, std::string_view me,
                           int author_staff) {
    day_ = epoch_day;
    project_ = project;
    reg_ = reg;
    me_.assign(me);
    author_ = author_staff;
    other_ = third_ = comp_ = comp2_ = project2_ = -1;
    ticket_.clear();
    to_first_.clear();
    decision_ = DecisionText{};
}

int MessageContext::other() {
    if (other_ < 0) {
        const Project& p = projects()[static_cast<std::size_t>(project_)];
        do {
            other_ = rng_.chance(70) ? p.team[rng_.below(p.team.size())]
                                     : static_cast<int>(rng_.below(staff().size()));
        } while (other_ == author_);
    }
    return other_;
}

int MessageContext::third() {
    if (third_ < 0) {
        do {
            third_ = static_cast<int>(rng_.below(staff().size()));
        } while (third_ == author_ || third_ == other());
    }
    return third_;
}

int MessageContext::component() {
    if (comp_ < 0)
        comp_ = static_cast<int>(rng_.below(4));
    return comp_;
}

int MessageContext::component2() {
    if (comp2_ < 0)
        comp2_ = (component() + 1 + static_cast<int>(rng_.below(3))) % 4;
    return comp2_;
}

int MessageContext::project2() {
    if (project2_ < 0)
        project2_ = (project_ + 1 + static_cast<int>(rng_.below(projects().size() - 1))) %
                    static_cast<int>(projects().size());
    return project2_;
}

const std::string& MessageContext::ticket() {
    if (ticket_.empty()) {
        ticket_.assign(projects()[static_cast<std::size_t>(project_)].key);
        ticket_ += '-';
        ticket_ += std::to_string(100 + rng_.below(900));
    }
    return ticket_;
}

void MessageContext::person_mention(int staff_index, std::string& out) {
    const Person& who = staff()[static_cast<std::size_t>(staff_index)];
    if (reg_ == Register::Chat && rng_.chance(50)) {
        out += '@';
        out.append(who.handle);
    } else if (reg_ == Register::Doc && rng_.chance(50)) {
        out.append(who.full);
    } else {
        out.append(who.first);
    }
}

namespace {

void append_random(Rng& rng, std::string_view alphabet, int n, std::string& out) {
    for (int i = 0; i < n; ++i)
        out += alphabet[rng.below(alphabet.size())];
}

} // namespace

bool MessageContext::fill_person(Slot slot, std::string& out) {
    auto mentioned = [&]() -> const Person& { return staff()[static_cast<std::size_t>(other())]; };
    switch (slot) {
    case Slot::Me:
        out += me_;
        return true;
    case Slot::P:
        person_mention(other(), out);
        return true;
    case Slot::PFirst:
        out += mentioned().first;
        return true;
    case Slot::PFull:
        out += mentioned().full;
        return true;
    case Slot::PEmail:
        out += mentioned().email;
        return true;
    case Slot::PHandle:
        out += '@';
        out += mentioned().handle;
        return true;
    case Slot::Q:
        person_mention(third(), out);
        return true;
    case Slot::ToFirst:
        out += to_first_.empty() ? std::string_view("team") : to_first_;
        return true;
    default:
        return false;
    }
}

bool MessageContext::fill_project(Slot slot, std::string& out) {
    const Project& proj = projects()[static_cast<std::size_t>(project_)];
    switch (slot) {
    case Slot::Proj:
        out += proj.name;
        return true;
    case Slot::Proj2:
        out += projects()[static_cast<std::size_t>(project2())].name;
        return true;
    case Slot::ProjWhat:
        out += proj.what;
        return true;
    case Slot::Comp:
        out += proj.components[static_cast<std::size_t>(component())];
        return true;
    case Slot::Comp2:
        out += proj.components[static_cast<std::size_t>(component2())];
        return true;
    case Slot::Key:
        out += proj.key;
        return true;
    case Slot::Ticket:
        out += ticket();
        return true;
    case Slot::Repo:
        out += proj.repo;
        return true;
    case Slot::Tag:
        if (rng_.chance(30)) {
            out += '#';
            append_lower_dashed(proj.name, out);
        } else {
            out += pick_from(kTags);
        }
        return true;
    case Slot::OptionTopic:
        out += proj.option_topic;
        return true;
    default:
        return false;
    }
}

bool MessageContext::fill_vocabulary(Slot slot, std::string& out) {
    switch (slot) {
    case Slot::Artifact:
        out += pick_from(kArtifacts);
        return true;
    case Slot::Screen:
        out += pick_from(kScreens);
        return true;
    case Slot::Err:
        out += pick_from(kErrors);
        return true;
    case Slot::Metric:
        out += pick_from(kMetrics);
        return true;
    case Slot::Customer:
        out += pick_from(customers());
        return true;
    case Slot::Vendor:
        out += pick_from(kVendors);
        return true;
    case Slot::Role:
        out += pick_from(kRoles);
        return true;
    case Slot::Reason:
        expand(pick_from(reasons()), out);
        return true;
    case Slot::Emoji:
        out += pick_from(kEmoji);
        return true;
    default:
        return false;
    }
}

bool MessageContext::fill_link(Slot slot, std::string& out) {
    const Project& proj = projects()[static_cast<std::size_t>(project_)];
    switch (slot) {
    case Slot::Url: {
        static constexpr S kLinkSlots[] = {"pr_url", "figma_url", "dash_url", "doc_url",
                                           "ticket_url"};
        fill(pick_from(kLinkSlots), out);
        return true;
    }
    case Slot::PrUrl:
        out += "https://github.com/example-co/";
        out += proj.repo;
        out += "/pull/";
        out += std::to_string(1000 + rng_.below(4000));
        return true;
    case Slot::FigmaUrl:
        out += "https://www.figma.com/file/";
        append_random(rng_, kAlnum, 10, out);
        out += '/';
        out += proj.name;
        out += '-';
        append_lower_dashed(pick_from(kScreens), out);
        return true;
    case Slot::DashUrl:
        out += "https://grafana.example.com/d/";
        append_random(rng_, kAlnum, 8, out);
        out += '/';
        append_lower_dashed(proj.name, out);
        out += '-';
        append_lower_dashed(pick_from(kMetrics), out);
        return true;
    case Slot::DocUrl:
        out += "https://www.notion.so/example/";
        out += proj.name;
        out += rng_.chance(50) ? "-Plan-" : "-Notes-";
        append_random(rng_, "0123456789abcdef", 12, out);
        return true;
    case Slot::TicketUrl:
        out += "https://linear.app/example/issue/";
        out += ticket();
        return true;
    default:
        return false;
    }
}

bool MessageContext::fill_time_or_number(Slot slot, std::string& out) {
    switch (slot) {
    case Slot::Date: {
        DateStyle style = rng_.chance(80)   ? DateStyle::MonthDay
                          : rng_.chance(50) ? DateStyle::Iso
                                            : DateStyle::WeekdayMonthDay;
        out += format_day(day_ + 2 + static_cast<std::int64_t>(rng_.below(28)), style);
        return true;
    }
    case Slot::Soon:
        out += pick_from(kSoon);
        return true;
    case Slot::Weekday:
        out += weekday_name(1 + static_cast<int>(rng_.below(5)));
        return true;
    case Slot::Time:
        out += pick_from(kTimes);
        return true;
    case Slot::Today:
        out += format_day(day_, DateStyle::MonthDay);
        return true;
    case Slot::Quarter:
        out += quarter_of(day_ + static_cast<std::int64_t>(rng_.below(120)));
        return true;
    case Slot::Pct:
        out += std::to_string(pick_from(kPercents));
        return true;
    case Slot::N:
        out += std::to_string(2 + rng_.below(11));
        return true;
    case Slot::Ms:
        out += std::to_string(120 + 10 * rng_.below(480));
        return true;
    case Slot::Money:
        out += '$';
        out += std::to_string(10 + rng_.below(490));
        out += 'k';
        return true;
    default:
        return false;
    }
}

bool MessageContext::fill_decision(Slot slot, std::string& out) {
    const Project& proj = projects()[static_cast<std::size_t>(project_)];
    // Decision values fall back to something plausible when a template uses them out of context.
    auto decision_or = [&](const std::string& v, std::string_view fallback) {
        if (!v.empty())
            out += v;
        else
            expand(fallback, out);
    };
    switch (slot) {
    case Slot::ShipDate:
        decision_or(decision_.ship_date, "<date>");
        return true;
    case Slot::PrevDate:
        decision_or(decision_.prev_date, "<date>");
        return true;
    case Slot::FreezeDate:
        decision_or(decision_.freeze_date, "<date>");
        return true;
    case Slot::Milestone:
        decision_or(decision_.milestone, "{beta|GA}");
        return true;
    case Slot::Owner:
        decision_or(decision_.owner, "<p_full>");
        return true;
    case Slot::PrevOwner:
        decision_or(decision_.prev_owner, "<q>");
        return true;
    case Slot::Option:
        decision_or(decision_.option, proj.options[rng_.below(4)]);
        return true;
    case Slot::PrevOption:
        decision_or(decision_.prev_option, proj.options[rng_.below(4)]);
        return true;
    case Slot::Budget:
        decision_or(decision_.budget, "$<n>0k");
        return true;
    case Slot::PrevBudget:
        decision_or(decision_.prev_budget, "$<n>0k");
        return true;
    case Slot::Cadence:
        decision_or(decision_.cadence, "<weekday>s at <time>");
        return true;
    case Slot::PrevCadence:
        decision_or(decision_.prev_cadence, "<weekday>s at <time>");
        return true;
    case Slot::Rollout:
        decision_or(decision_.rollout, "<pct>%");
        return true;
    case Slot::PrevRollout:
        decision_or(decision_.prev_rollout, "<pct>%");
        return true;
    case Slot::PrevValue:
        decision_or(decision_.prev_value, "<date>");
        return true;
    case Slot::CurValue:
        decision_or(decision_.cur_value, "<date>");
        return true;
    default:
        return false;
    }
}

void MessageContext::fill(std::string_view name, std::string& out) {
    const std::optional<Slot> slot = slot_named(name);
    if (!slot) {
        // A phrasebook typo: keep it visible (tst_generate looks for it) rather than drop it.
        out += '<';
        out.append(name);
        out += '>';
        return;
    }
    (void)(fill_person(*slot, out) || fill_project(*slot, out) || fill_vocabulary(*slot, out) ||
           fill_link(*slot, out) || fill_time_or_number(*slot, out) || fill_decision(*slot, out));
}

} // namespace memlens::gen
