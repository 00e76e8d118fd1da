#include "generate/slots.h"

#include <unordered_map>

namespace memlens::gen {

namespace {

const std::unordered_map<std::string_view, Slot>& slot_names() {
    static const std::unordered_map<std::string_view, Slot> kNames = {
        {"me", Slot::Me},
        {"p", Slot::P},
        {"p_first", Slot::PFirst},
        {"p_full", Slot::PFull},
        {"p_email", Slot::PEmail},
        {"p_handle", Slot::PHandle},
        {"q", Slot::Q},
        {"to_first", Slot::ToFirst},
        {"proj", Slot::Proj},
        {"proj2", Slot::Proj2},
        {"proj_what", Slot::ProjWhat},
        {"comp", Slot::Comp},
        {"comp2", Slot::Comp2},
        {"key", Slot::Key},
        {"ticket", Slot::Ticket},
        {"repo", Slot::Repo},
        {"artifact", Slot::Artifact},
        {"screen", Slot::Screen},
        {"err", Slot::Err},
        {"metric", Slot::Metric},
        {"customer", Slot::Customer},
        {"vendor", Slot::Vendor},
        {"role", Slot::Role},
        {"reason", Slot::Reason},
        {"tag", Slot::Tag},
        {"emoji", Slot::Emoji},
        {"option_topic", Slot::OptionTopic},
        {"url", Slot::Url},
        {"pr_url", Slot::PrUrl},
        {"figma_url", Slot::FigmaUrl},
        {"dash_url", Slot::DashUrl},
        {"doc_url", Slot::DocUrl},
        {"ticket_url", Slot::TicketUrl},
        {"date", Slot::Date},
        {"soon", Slot::Soon},
        {"weekday", Slot::Weekday},
        {"time", Slot::Time},
        {"today", Slot::Today},
        {"quarter", Slot::Quarter},
        {"pct", Slot::Pct},
        {"n", Slot::N},
        {"ms", Slot::Ms},
        {"money", Slot::Money},
        {"ship_date", Slot::ShipDate},
        {"prev_date", Slot::PrevDate},
        {"freeze_date", Slot::FreezeDate},
        {"milestone", Slot::Milestone},
        {"owner", Slot::Owner},
        {"prev_owner", Slot::PrevOwner},
        {"option", Slot::Option},
        {"prev_option", Slot::PrevOption},
        {"budget", Slot::Budget},
        {"prev_budget", Slot::PrevBudget},
        {"cadence", Slot::Cadence},
        {"prev_cadence", Slot::PrevCadence},
        {"rollout", Slot::Rollout},
        {"prev_rollout", Slot::PrevRollout},
        {"prev_value", Slot::PrevValue},
        {"cur_value", Slot::CurValue},
    };
    return kNames;
}

} // namespace

std::optional<Slot> slot_named(std::string_view name) {
    auto it = slot_names().find(name);
    if (it == slot_names().end())
        return std::nullopt;
    return it->second;
}

} // namespace memlens::gen
