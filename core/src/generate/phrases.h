// The generator's phrasebook: sentence templates (syntax in template_expander.h) grouped by
// what a message is doing. Many templates with inline synonyms, so a million generated messages
// read like a workspace rather than one sentence repeated.
//
// Slots every SlotSource of the generator answers:
//   people    <me> (author's first name), <p> (someone else, as @handle or first name),
//             <p_first> <p_full> <p_email> <p_handle> (that same person), <q> (a third person),
//             <to_first> (an email's recipient)
//   work      <proj> <proj_what> <comp> <comp2> <key> <ticket> <repo> <artifact> <screen>
//             <err> <metric> <customer> <vendor> <role> <reason> <tag> <emoji> <option_topic>
//   links     <url> <pr_url> <figma_url> <dash_url> <doc_url> <ticket_url>
//   time      <date> (a coming day) <soon> <weekday> <time> <today> <quarter>
//   numbers   <pct> <n> <ms> <money>
//   decisions <ship_date> <prev_date> <freeze_date> <milestone> <owner> <prev_owner>
//             <option> <prev_option> <budget> <prev_budget> <cadence> <prev_cadence>
//             <rollout> <prev_rollout> <prev_value> <cur_value>
#pragma once

#include "generate/cast.h"

#include <span>
#include <string_view>

namespace memlens::gen {

using Phrases = std::span<const std::string_view>;

// Chat: the message that starts a conversation about `topic`, and what people answer.
Phrases chat_openers(Topic topic);
Phrases chat_followups(Topic topic);
Phrases chat_acks();

// Email: subjects, opening paragraphs and replies per email topic.
enum class MailTopic { Launch, Budget, Contract, Hiring, Customer, Offsite, Security, Partnership };
inline constexpr int kMailTopics = 8;
Phrases mail_subjects(MailTopic topic);
Phrases mail_bodies(MailTopic topic);
Phrases mail_replies();
Phrases mail_greetings();
Phrases mail_signoffs();

// Decisions that change over time: the first call, a change that supersedes it, a reminder
// that restates it, and reactions. Indexed by DecisionKind.
enum class DecisionKind { ShipDate, Owner, Vendor, Budget, Cadence, Rollout };
inline constexpr int kDecisionKinds = 6;
Phrases decision_first(DecisionKind kind);
Phrases decision_change(DecisionKind kind);
Phrases decision_reminder(DecisionKind kind);
Phrases decision_reactions();
Phrases decision_confusions();  // someone quoting the superseded value
Phrases decision_corrections(); // and the answer that points at the current one
Phrases ship_celebrations();
Phrases reasons(); // fill the <reason> slot

// Documents: sections of a project's launch plan, of the shared pages, and issue tracker text.
Phrases plan_sections();
Phrases roadmap_sections();
Phrases onboarding_sections();
Phrases incident_sections();
Phrases adr_sections();
Phrases meeting_notes();
Phrases issue_titles();
Phrases issue_bodies();
Phrases issue_comments();

} // namespace memlens::gen
