// The simulation behind generate.h: day by day, a number of messages proportional to the
// weekday, made of "episodes" (a chat exchange, an email, a decision and its reactions, a page
// edit, an issue, meeting notes). Decisions live in per-project state so a later episode can
// change one and supersede the message that announced it.
#pragma once

#include "generate/message_context.h"
#include "generate/phrases.h"
#include "generate/rng.h"

#include <memlens/generate.h>

#include <array>
#include <cstdint>
#include <string>
#include <unordered_set>
#include <vector>

namespace memlens::gen {

struct GeneratedMessage {
    std::string id;
    std::string source;
    std::string author;
    std::string text;
    std::string thread;     // empty: grouped by day
    std::string supersedes; // empty: none
    std::vector<std::string> tags;
    std::int64_t ts_ms = 0;
};

class CorpusGenerator {
public:
    explicit CorpusGenerator(const GenerateOptions& opts);

    // Replaces `out` with the next day's messages in time order. False when every day is done.
    bool next_day(std::vector<GeneratedMessage>& out);
    std::size_t sources_used() const { return used_sources_.size(); }

private:
    struct Draft {
        GeneratedMessage m;
        std::string_view id_prefix;
        int decision = -1; // index into decisions_ whose id this message becomes
    };
    struct Author {
        std::string name; // the "author" field
        std::string me;   // how they sign: first name or handle
        int staff = -1;
        std::string email; // for signature blocks; empty for community members
    };
    struct Decision {
        bool live = false;
        int day = -1;      // day index of the last announcement
        std::string id;    // its message id once written
        std::string venue; // source it was announced in
        int value = 0;     // meaning depends on the kind (see corpus_generator.cpp)
        int component = 0;
        int milestone = 0;
    };
    struct MailThread {
        std::string source, subject, thread, last_line;
        int owner = 0;       // staff index of the mailbox owner
        int counterpart = 0; // staff index, or -1 - outsider index
        int project = 0;
        int last_sender = 0; // same encoding as counterpart
        int left = 0;        // replies still to come
        int last_day = 0;
        MailTopic topic = MailTopic::Launch;
    };

    void allocate_days();
    std::int64_t epoch_day() const { return first_day_ + day_; }
    std::int64_t start_time();
    std::int64_t gap();
    Draft* add(std::string_view source, std::string_view id_prefix, std::int64_t ts,
               const std::string& author, std::string text);

    void chat_burst();
    void email();
    void decision();
    void page_edit();
    void issue();
    void meeting_notes_page();

    Author staff_author(int staff_index, bool discord) const;
    Author party(int code) const; // staff index, or -1 - outsider index
    std::string compose_email(const std::string& subject, const Author& from,
                              std::string_view to_first, const std::string& body);
    // What a decision episode does to a decision's state.
    enum class Move { First, Change, Reminder };
    int next_value(const Decision& d, DecisionKind kind, const Project& proj, Move move);
    std::string venue_for(const Decision& d, DecisionKind kind, const Project& proj, Move move);
    void describe(const Decision& d, DecisionKind kind, const Project& proj, int prev_value,
                  const std::string& prev_owner);
    void celebrate_ship_date(Decision& d, DecisionKind kind, const Project& proj, int project,
                             const Author& author, std::int64_t t);
    struct DecisionMessage {
        std::string text;
        std::string thread; // empty for a chat line
    };
    DecisionMessage decision_message(const Decision& d, DecisionKind kind, const Project& proj,
                                     int project, const Author& author, Move move,
                                     const std::string& source, int prev_value,
                                     const std::string& prev_owner);
    void react(const std::string& source, const Project& proj, int project, const Author& author,
               Move move, std::int64_t t);
    void emit_day(std::vector<GeneratedMessage>& out);

    GenerateOptions opts_;
    Rng rng_;
    MessageContext ctx_;
    std::int64_t first_day_ = 0;
    int day_ = 0;
    std::vector<std::size_t> per_day_;
    std::size_t remaining_ = 0; // messages still to write today
    std::int64_t day_start_ms_ = 0;
    std::uint64_t next_id_ = 1;
    std::uint64_t next_thread_ = 1;
    std::vector<Draft> drafts_;
    std::unordered_set<std::string> used_sources_;
    std::vector<Decision> decisions_; // [project * kDecisionKinds + kind]
    std::vector<MailThread> mail_threads_;
    std::vector<std::vector<int>> open_issues_;
    std::vector<int> next_issue_;
};

} // namespace memlens::gen
