// The fictional workspace the generator writes about: people, projects, channels, mailboxes
// and documents. Fixed tables rather than random names, so entity extraction, the registry
// and the graph see the same recurring people and projects a real workspace has.
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>

namespace memlens::gen {

struct Person {
    std::string_view first;
    std::string_view last;
    std::string_view full;
    std::string_view handle; // without '@'
    std::string_view email;
    std::string_view role;
};

struct Project {
    std::string_view name; // code name: "Phoenix"
    std::string_view what; // "the checkout and payments revamp"
    std::string_view key;  // issue key: "PHX"
    std::string_view repo;
    std::array<std::string_view, 4> components;
    std::string_view option_topic;           // what the vendor/tool decision is about
    std::array<std::string_view, 4> options; // candidates for that decision
    int lead;                                // index into staff()
    std::array<int, 6> team;                 // indices into staff(), lead included
    std::string_view channel;                // home channel source id
};

enum class Topic {
    Status,
    AskReview,
    Bug,
    Question,
    Meeting,
    Design,
    Data,
    Support,
    Release,
    Social,
    Incident,
    Hiring,
    Community
};

struct Channel {
    std::string_view source; // "slack:#eng"
    int weight;              // share of chat traffic
    int project;             // the project it is about, or -1
    std::span<const Topic> topics;
};

// Staff index of the finance lead, who announces budgets.
inline constexpr int kFinanceLead = 18;

// Staff at example.com; outsiders write email; community members post on Discord.
std::span<const Person> staff();
std::span<const Person> outsiders();
std::span<const std::string_view> community_handles();
std::span<const Project> projects();
std::span<const Channel> channels();                 // Slack and Discord
std::span<const int> mailbox_owners();               // staff whose mailbox is exported
std::span<const std::string_view> mailbox_sources(); // "gmail:priya.raman@example.com", ...
std::span<const std::string_view> customers();

// "notion:Phoenix Launch Plan": the page where a project's plan and decisions are written.
std::string plan_page(const Project& project);
// "phoenix": the project as a tag or hashtag.
std::string project_tag(const Project& project);

} // namespace memlens::gen
