// Documents: edits to Notion and Confluence pages, Linear issues and comments, meeting notes.
#include "generate/cast.h"
#include "generate/corpus_generator.h"

namespace memlens::gen {

void CorpusGenerator::page_edit() {
    const int project = static_cast<int>(rng_.below(projects().size()));
    const Project& proj = projects()[static_cast<std::size_t>(project)];
    std::string source;
    Phrases sections;
    std::string_view prefix = "ntn";
    int r = static_cast<int>(rng_.below(100));
    if (r < 55) {
        source = plan_page(proj);
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

} // namespace memlens::gen
