#include "generate/cast.h"

namespace memlens::gen {

namespace {

constexpr Person kStaff[] = {
    {"Priya", "Raman", "Priya Raman", "priya", "priya.raman@example.com", "engineering manager"},
    {"Dana", "Whitfield", "Dana Whitfield", "dana", "dana.whitfield@example.com",
     "head of product"},
    {"Marcus", "Lee", "Marcus Lee", "marcus", "marcus.lee@example.com", "staff engineer"},
    {"Zoë", "Laurent", "Zoë Laurent", "zoe", "zoe.laurent@example.com", "design lead"},
    {"José", "Álvarez", "José Álvarez", "jose", "jose.alvarez@example.com", "backend engineer"},
    {"Søren", "Madsen", "Søren Madsen", "soren", "soren.madsen@example.com",
     "site reliability engineer"},
    {"Aisha", "Bello", "Aisha Bello", "aisha", "aisha.bello@example.com", "data scientist"},
    {"Tom", "Becker", "Tom Becker", "tbecker", "tom.becker@example.com", "frontend engineer"},
    {"Mei", "Chen", "Mei Chen", "mei", "mei.chen@example.com", "mobile engineer"},
    {"Łukasz", "Nowak", "Łukasz Nowak", "lukasz", "lukasz.nowak@example.com", "security engineer"},
    {"Hannah", "Okafor", "Hannah Okafor", "hannah", "hannah.okafor@example.com", "QA lead"},
    {"Ravi", "Shankar", "Ravi Shankar", "ravi", "ravi.shankar@example.com", "backend engineer"},
    {"Elena", "Petrova", "Elena Petrova", "elena", "elena.petrova@example.com", "product manager"},
    {"Kenji", "Watanabe", "Kenji Watanabe", "kenji", "kenji.watanabe@example.com", "iOS engineer"},
    {"Fatima", "Zahra", "Fatima Zahra", "fatima", "fatima.zahra@example.com", "support lead"},
    {"Oliver", "Grant", "Oliver Grant", "ollie", "oliver.grant@example.com", "CTO"},
    {"Chloé", "Dubois", "Chloé Dubois", "chloe", "chloe.dubois@example.com", "UX researcher"},
    {"Sam", "Rivera", "Sam Rivera", "samr", "sam.rivera@example.com", "data engineer"},
    {"Nadia", "Haddad", "Nadia Haddad", "nadia", "nadia.haddad@example.com", "finance lead"},
    {"Ben", "Carter", "Ben Carter", "ben", "ben.carter@example.com", "DevOps engineer"},
    {"Grace", "Kim", "Grace Kim", "grace", "grace.kim@example.com", "marketing lead"},
    {"Diego", "Santos", "Diego Santos", "diego", "diego.santos@example.com", "Android engineer"},
    {"Ingrid", "Berg", "Ingrid Berg", "ingrid", "ingrid.berg@example.com", "technical writer"},
    {"Kwame", "Mensah", "Kwame Mensah", "kwame", "kwame.mensah@example.com", "solutions engineer"},
    {"Lucy", "Zhang", "Lucy Zhang", "lucy", "lucy.zhang@example.com", "frontend engineer"},
    {"Arjun", "Mehta", "Arjun Mehta", "arjun", "arjun.mehta@example.com", "ML engineer"},
    {"Sofia", "Rossi", "Sofia Rossi", "sofia", "sofia.rossi@example.com", "product designer"},
    {"Noah", "Fischer", "Noah Fischer", "noah", "noah.fischer@example.com", "backend engineer"},
    {"Maya", "Patel", "Maya Patel", "maya", "maya.patel@example.com", "customer success manager"},
    {"Felix", "Wagner", "Felix Wagner", "felix", "felix.wagner@example.com", "recruiter"},
};

constexpr Person kOutsiders[] = {
    {"Rachel", "Moore", "Rachel Moore", "rachel.moore", "rachel.moore@paylane.example.org",
     "account manager at Paylane"},
    {"Victor", "Huang", "Victor Huang", "vhuang", "victor.huang@cloudhost.example.net",
     "solutions architect at Cloudhost"},
    {"Amelia", "Scott", "Amelia Scott", "amelia", "amelia.scott@brightlane.example.org",
     "operations director at Brightlane Retail"},
    {"James", "O'Brien", "James O'Brien", "jobrien", "james.obrien@northpoint.example.net",
     "partner at Northpoint Agency"},
};

constexpr std::string_view kCommunity[] = {
    "pixelpusher", "gh0st_dev", "mapleleaf", "tinkerbot", "nightowl",
    "quokka42",    "latte_art", "bytebard",  "sunny_d",   "rustacean99",
};

constexpr Project kProjects[] = {
    {"Phoenix",
     "the checkout and payments revamp",
     "PHX",
     "phoenix-checkout",
     {"checkout flow", "payments API", "fraud checks", "receipt emails"},
     "payment provider",
     {"Paylane", "Coinstack", "Tendr", "our in-house processor"},
     2,
     {2, 4, 7, 10, 24, 3},
     "slack:#phoenix"},
    {"Atlas",
     "the search relaunch",
     "ATL",
     "atlas-search",
     {"ranking service", "query parser", "search index", "autocomplete"},
     "search engine",
     {"OpenSearch", "Typesense", "Meilisearch", "Vespa"},
     27,
     {27, 25, 11, 6, 24, 16},
     "slack:#atlas"},
    {"Nimbus",
     "the data warehouse migration",
     "NIM",
     "nimbus-dw",
     {"ingestion jobs", "dbt models", "warehouse cluster", "backfill scripts"},
     "warehouse",
     {"ClickHouse", "BigQuery", "Snowflake", "DuckDB"},
     17,
     {17, 6, 5, 19, 18, 25},
     "slack:#data"},
    {"Falcon",
     "the new mobile onboarding",
     "FAL",
     "falcon-mobile",
     {"signup flow", "push notifications", "iOS app", "Android app"},
     "app framework",
     {"React Native", "Flutter", "native Swift and Kotlin", "Kotlin Multiplatform"},
     8,
     {8, 13, 21, 26, 16, 12},
     "slack:#mobile"},
    {"Orion",
     "the billing analytics dashboard",
     "ORI",
     "orion-dashboards",
     {"revenue charts", "metrics API", "CSV export", "alerting"},
     "BI tool",
     {"Metabase", "Superset", "a custom React dashboard", "Grafana"},
     6,
     {6, 17, 24, 18, 12, 7},
     "slack:#data"},
    {"Juniper",
     "the design system refresh",
     "JUN",
     "juniper-ui",
     {"color tokens", "button component", "icon set", "docs site"},
     "styling approach",
     {"Tailwind", "CSS modules", "vanilla-extract", "styled-components"},
     3,
     {3, 26, 7, 24, 22, 16},
     "slack:#design"},
    {"Halcyon",
     "the unified support inbox",
     "HAL",
     "halcyon-inbox",
     {"ticket routing", "SLA timers", "macros", "Zendesk import"},
     "helpdesk",
     {"Zendesk", "Front", "Help Scout", "our own inbox"},
     14,
     {14, 28, 4, 23, 10, 22},
     "slack:#support"},
    {"Kestrel",
     "the public API v2",
     "KES",
     "kestrel-api",
     {"rate limiter", "OAuth flow", "webhooks", "SDKs"},
     "API gateway",
     {"Envoy", "Kong", "our own Go gateway", "Tyk"},
     11,
     {11, 9, 5, 22, 23, 27},
     "slack:#eng"},
};

using T = Topic;
constexpr Topic kEngTopics[] = {T::Status,  T::AskReview, T::Bug,      T::Question,
                                T::Release, T::AskReview, T::Incident, T::Status};
constexpr Topic kProjectTopics[] = {T::Status,  T::AskReview, T::Bug,    T::Question,
                                    T::Meeting, T::Release,   T::Status, T::Design};
constexpr Topic kDesignTopics[] = {T::Design, T::AskReview, T::Question, T::Meeting, T::Design};
constexpr Topic kDataTopics[] = {T::Data, T::Question, T::Status, T::Bug, T::Data};
constexpr Topic kSupportTopics[] = {T::Support, T::Bug, T::Question, T::Support};
constexpr Topic kLaunchTopics[] = {T::Release, T::Status, T::Meeting};
constexpr Topic kGeneralTopics[] = {T::Social, T::Hiring, T::Meeting, T::Social};
constexpr Topic kRandomTopics[] = {T::Social};
constexpr Topic kIncidentTopics[] = {T::Incident};
constexpr Topic kCommunityTopics[] = {T::Community};

constexpr Channel kChannels[] = {
    {"slack:#eng", 18, 7, kEngTopics},
    {"slack:#general", 8, -1, kGeneralTopics},
    {"slack:#launch", 8, 0, kLaunchTopics},
    {"slack:#design", 8, 5, kDesignTopics},
    {"slack:#data", 8, 2, kDataTopics},
    {"slack:#support", 6, 6, kSupportTopics},
    {"slack:#phoenix", 9, 0, kProjectTopics},
    {"slack:#atlas", 7, 1, kProjectTopics},
    {"slack:#mobile", 6, 3, kProjectTopics},
    {"slack:#random", 4, -1, kRandomTopics},
    {"slack:#incidents", 3, -1, kIncidentTopics},
    {"discord:#community", 5, -1, kCommunityTopics},
    {"discord:#beta-testers", 4, 3, kCommunityTopics},
    {"discord:#api-users", 3, 7, kCommunityTopics},
};

constexpr int kMailboxOwners[] = {0, 1, 2, 18, 15};
constexpr std::string_view kMailboxSources[] = {
    "gmail:priya.raman@example.com",    "gmail:dana.whitfield@example.com",
    "gmail:marcus.lee@example.com",     "gmail:nadia.haddad@example.com",
    "outlook:oliver.grant@example.com",
};

constexpr std::string_view kCustomers[] = {
    "Brightlane Retail", "Acme Outdoors",   "Globex Freight", "Umbrella Health",
    "Initech",           "Stark Logistics", "Wayne Foods",    "Hooli Travel",
};

} // namespace

std::span<const Person> staff() {
    return kStaff;
}
std::span<const Person> outsiders() {
    return kOutsiders;
}
std::span<const std::string_view> community_handles() {
    return kCommunity;
}
std::span<const Project> projects() {
    return kProjects;
}
std::span<const Channel> channels() {
    return kChannels;
}
std::span<const int> mailbox_owners() {
    return kMailboxOwners;
}
std::span<const std::string_view> mailbox_sources() {
    return kMailboxSources;
}
std::span<const std::string_view> customers() {
    return kCustomers;
}

std::string plan_page(const Project& project) {
    return "notion:" + std::string(project.name) + " Launch Plan";
}

std::string project_tag(const Project& project) {
    std::string out(project.name);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    return out;
}

} // namespace memlens::gen
