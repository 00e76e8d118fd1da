#include <memlens/phrase.h>

#include <utility>

namespace memlens {

PhraseArg::PhraseArg(std::string s)
    : text(std::move(s)) {}
PhraseArg::PhraseArg(const char* s)
    : text(s) {}
PhraseArg::PhraseArg(Phrase p)
    : phrase(std::make_shared<const Phrase>(std::move(p))) {}

Phrase as_is(std::string text) {
    return Phrase{PhraseText{"", "%1"}, {std::move(text)}};
}

Phrase join_phrases(const std::vector<Phrase>& parts, PhraseText separator) {
    Phrase out;
    for (const auto& p : parts) {
        if (p.empty())
            continue;
        out = out.empty() ? p : Phrase{separator, {std::move(out), p}};
    }
    return out;
}

std::string fill_template(std::string_view tmpl, const std::vector<std::string>& args) {
    std::string out;
    out.reserve(tmpl.size() + 16);
    for (std::size_t i = 0; i < tmpl.size(); ++i) {
        const char c = tmpl[i];
        if (c == '%' && i + 1 < tmpl.size()) {
            const char d = tmpl[i + 1];
            if (d == '%') {
                out += '%';
                ++i;
                continue;
            }
            if (d >= '1' && d <= '9') {
                const auto k = static_cast<std::size_t>(d - '1');
                if (k < args.size()) {
                    out += args[k];
                    ++i;
                    continue;
                }
            }
        }
        out += c;
    }
    return out;
}

std::string render_english(const Phrase& p) {
    if (p.empty())
        return {};
    std::vector<std::string> args;
    args.reserve(p.args.size());
    for (const auto& a : p.args)
        args.push_back(a.phrase ? render_english(*a.phrase) : a.text);
    return fill_template(p.text.text, args);
}

} // namespace memlens
