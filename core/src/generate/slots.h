// The names a phrasebook template can use between < and > (listed in phrases.h), resolved once
// per use to an enum so MessageContext::fill() is a switch, not a chain of string compares.
#pragma once

#include <optional>
#include <string_view>

namespace memlens::gen {

enum class Slot {
    Me,
    P,
    PFirst,
    PFull,
    PEmail,
    PHandle,
    Q,
    ToFirst,
    Proj,
    Proj2,
    ProjWhat,
    Comp,
    Comp2,
    Key,
    Ticket,
    Repo,
    Artifact,
    Screen,
    Err,
    Metric,
    Customer,
    Vendor,
    Role,
    Reason,
    Tag,
    Emoji,
    OptionTopic,
    Url,
    PrUrl,
    FigmaUrl,
    DashUrl,
    DocUrl,
    TicketUrl,
    Date,
    Soon,
    Weekday,
    Time,
    Today,
    Quarter,
    Pct,
    N,
    Ms,
    Money,
    ShipDate,
    PrevDate,
    FreezeDate,
    Milestone,
    Owner,
    PrevOwner,
    Option,
    PrevOption,
    Budget,
    PrevBudget,
    Cadence,
    PrevCadence,
    Rollout,
    PrevRollout,
    PrevValue,
    CurValue,
};

// nullopt for a name no template should use.
std::optional<Slot> slot_named(std::string_view name);

} // namespace memlens::gen
