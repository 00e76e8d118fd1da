// Email threads in exported mailboxes: a new thread or a reply to an open one.
#include "generate/cast.h"
#include "generate/corpus_generator.h"

#include <algorithm>

namespace memlens::gen {

std::string CorpusGenerator::compose_email(const std::string& subject, const Author& from,
                                           std::string_view to_first, const std::string& body) {
    ctx_.set_to_first(to_first);
    std::string text = "Subject: " + subject + "\n\n";
    Phrases greetings = mail_greetings();
    ctx_.expand(greetings[rng_.below(greetings.size())], text);
    text += "\n\n";
    text += body;
    text += "\n\n";
    Phrases signoffs = mail_signoffs();
    text.append(signoffs[rng_.below(signoffs.size())]);
    text += '\n';
    text += from.me;
    // Signature blocks are where most addresses in a mailbox come from.
    if (!from.email.empty() && rng_.chance(35)) {
        text += '\n';
        text += from.email;
    }
    return text;
}

void CorpusGenerator::email() {
    // Threads nobody answered for two weeks are dead.
    std::erase_if(mail_threads_, [&](const MailThread& m) { return day_ - m.last_day > 14; });
    const bool reply = !mail_threads_.empty() && rng_.chance(45);
    if (!reply) {
        MailThread m;
        std::size_t box = rng_.below(mailbox_owners().size());
        m.source.assign(mailbox_sources()[box]);
        m.owner = mailbox_owners()[box];
        m.topic = static_cast<MailTopic>(rng_.below(kMailTopics));
        bool external = m.topic == MailTopic::Contract || m.topic == MailTopic::Partnership ||
                        m.topic == MailTopic::Customer;
        if (external && rng_.chance(60)) {
            m.counterpart = -1 - static_cast<int>(rng_.below(outsiders().size()));
        } else {
            do {
                m.counterpart = static_cast<int>(rng_.below(staff().size()));
            } while (m.counterpart == m.owner);
        }
        m.project = static_cast<int>(rng_.below(projects().size()));
        m.thread = "mail-" + std::to_string(next_thread_++);
        m.left = 1 + static_cast<int>(rng_.below(5));
        m.last_sender = rng_.chance(50) ? m.owner : m.counterpart;
        const int recipient = m.last_sender == m.owner ? m.counterpart : m.owner;
        Author from = party(m.last_sender);
        ctx_.begin(epoch_day(), m.project, Register::Email, from.me, from.staff);
        if (recipient >= 0)
            ctx_.set_other(recipient);
        Phrases subjects = mail_subjects(m.topic);
        m.subject = ctx_.expand(subjects[rng_.below(subjects.size())]);
        Phrases bodies = mail_bodies(m.topic);
        std::string body = ctx_.expand(bodies[rng_.below(bodies.size())]);
        if (rng_.chance(50)) {
            body += ' ';
            ctx_.expand(bodies[rng_.below(bodies.size())], body);
        }
        m.last_line = body.substr(0, body.find(". ") == std::string::npos ? body.size()
                                                                          : body.find(". ") + 1);
        m.last_day = day_;
        Draft* d = add(m.source, "eml", start_time(), from.name,
                       compose_email(m.subject, from, party(recipient).me, body));
        d->m.thread = m.thread;
        mail_threads_.push_back(std::move(m));
        return;
    }
    std::size_t ti = rng_.below(mail_threads_.size());
    MailThread& m = mail_threads_[ti];
    const int sender = m.last_sender == m.owner ? m.counterpart : m.owner;
    const Author from = party(sender);
    const Author to = party(m.last_sender);
    ctx_.begin(epoch_day(), m.project, Register::Email, from.me, from.staff);
    Phrases replies = mail_replies();
    std::string body = ctx_.expand(replies[rng_.below(replies.size())]);
    if (rng_.chance(40)) {
        body += "\n\n> ";
        body += to.name;
        body += " wrote:\n> ";
        body += m.last_line;
    }
    m.last_line = body.substr(0, body.find('\n'));
    m.last_sender = sender;
    m.last_day = day_;
    std::string subject = m.subject.starts_with("Re: ") ? m.subject : "Re: " + m.subject;
    Draft* d =
        add(m.source, "eml", start_time(), from.name, compose_email(subject, from, to.me, body));
    d->m.thread = m.thread;
    if (--m.left <= 0)
        mail_threads_.erase(mail_threads_.begin() + static_cast<std::ptrdiff_t>(ti));
}

} // namespace memlens::gen
