// Answers the phrasebook's slots for one message: who is mentioned, which project, which
// dates and links. Values are drawn on first use and then kept for the rest of the message, so
// "<p>" twice in one template names the same person.
#pragma once

#include "generate/rng.h"
#include "generate/slots.h"
#include "generate/template_expander.h"

#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>
#include <utility>

namespace memlens::gen {

// How people are named: "@priya" is a chat habit, email and documents use names.
enum class Register { Chat, Email, Doc };

// Rendered values of the decision a message announces or changes (empty when none).
struct DecisionText {
    std::string ship_date, prev_date, freeze_date, milestone;
    std::string owner, prev_owner, option, prev_option, budget, prev_budget;
    std::string cadence, prev_cadence, rollout, prev_rollout;
    std::string prev_value, cur_value;
};

class MessageContext final : public SlotSource {
public:
    explicit MessageContext(Rng& rng)
        : rng_(rng) {}

    // Starts a message written on `epoch_day` about `project` by `me` (a first name or
    // handle); `author_staff` is the author's staff index, -1 for anyone else.
    void begin(std::int64_t epoch_day, int project, Register reg, std::string_view me,
               int author_staff);
    // Fixes who "<p>" is (a staff index), e.g. the person an email is addressed to.
    void set_other(int staff) { other_ = staff; }
    void set_to_first(std::string_view name) { to_first_ = name; }
    // Fixes "<comp>" (an index into the project's components) and "<ticket>".
    void set_component(int index) { comp_ = index; }
    void set_ticket(std::string ticket) { ticket_ = std::move(ticket); }
    DecisionText& decision() { return decision_; }

    // Expands `tpl` into `out` (appending).
    void expand(std::string_view tpl, std::string& out) { expand_template(tpl, rng_, *this, out); }
    std::string expand(std::string_view tpl) {
        std::string out;
        expand(tpl, out);
        return out;
    }

    void fill(std::string_view name, std::string& out) override;

private:
    int other();
    int third();
    int component();
    int component2();
    int project2();
    const std::string& ticket();
    void person_mention(int staff, std::string& out);
    template <typename List> decltype(auto) pick_from(const List& list) {
        return list[rng_.below(std::size(list))];
    }
    // fill() by kind of slot; each returns false for a slot of another kind.
    bool fill_person(Slot slot, std::string& out);
    bool fill_project(Slot slot, std::string& out);
    bool fill_vocabulary(Slot slot, std::string& out);
    bool fill_link(Slot slot, std::string& out);
    bool fill_time_or_number(Slot slot, std::string& out);
    bool fill_decision(Slot slot, std::string& out);

    Rng& rng_;
    std::int64_t day_ = 0;
    int project_ = 0;
    Register reg_ = Register::Chat;
    std::string me_;
    int author_ = -1;
    int other_ = -1;
    int third_ = -1;
    int comp_ = -1;
    int comp2_ = -1;
    int project2_ = -1;
    std::string ticket_;
    std::string to_first_;
    DecisionText decision_;
};

} // namespace memlens::gen
