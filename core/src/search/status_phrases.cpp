// The legs' skip and exact-scan reasons (LegReport) and the audit state's reason (AuditState) as
// phrases to show (search.h).
#include <memlens/search.h>

namespace memlens {

Phrase leg_skip_phrase(std::string_view reason) {
    struct Known {
        std::string_view prefix;
        PhraseText text;
        bool whole; // the reason is exactly the prefix; else the rest is %1
    };
    static constexpr Known kKnown[] = {
        {"mode semantic", ML_TR("LegReport", "the search mode is semantic"), true},
        {"mode keyword", ML_TR("LegReport", "the search mode is keyword"), true},
        {"weight 0", ML_TR("LegReport", "weight 0"), true},
        {"no searchable terms", ML_TR("LegReport", "no searchable terms"), true},
        {"blank query", ML_TR("LegReport", "blank query"), true},
        {"max_ms", ML_TR("LegReport", "the time budget (max_ms) ran out"), true},
        {"no vectors for ", ML_TR("LegReport", "no vectors for %1"), false},
        {"embedding failed: ", ML_TR("LegReport", "embedding failed: %1"), false},
    };
    for (const auto& k : kKnown) {
        if (k.whole ? reason == k.prefix : reason.rfind(k.prefix, 0) == 0)
            return k.whole ? Phrase{k.text, {}}
                           : Phrase{k.text, {std::string(reason.substr(k.prefix.size()))}};
    }
    // "index dimension 64 differs from the query's 128"
    constexpr std::string_view kDim = "index dimension ";
    constexpr std::string_view kDiffers = " differs from the query's ";
    if (reason.rfind(kDim, 0) == 0) {
        const auto at = reason.find(kDiffers);
        if (at != std::string_view::npos)
            return {ML_TR("LegReport", "index dimension %1 differs from the query's %2"),
                    {std::string(reason.substr(kDim.size(), at - kDim.size())),
                     std::string(reason.substr(at + kDiffers.size()))}};
    }
    return as_is(std::string(reason));
}

Phrase exact_scan_phrase(std::string_view reason) {
    if (reason == "small vault")
        return {ML_TR("LegReport", "small vault"), {}};
    if (reason == "requested")
        return {ML_TR("LegReport", "requested"), {}};
    if (reason == "scoped")
        return {ML_TR("LegReport", "scoped"), {}};
    if (reason == "beam recall below the minimum")
        return {ML_TR("LegReport", "beam recall below the minimum"), {}};
    return as_is(std::string(reason));
}

namespace {

// The digits of `s` from `at` up to the next ':' or '+' (or the end); empty when there are none.
std::string_view digits_at(std::string_view s, std::size_t at) {
    std::size_t end = at;
    while (end < s.size() && s[end] >= '0' && s[end] <= '9')
        ++end;
    return end < s.size() && s[end] != ':' && s[end] != '+' ? std::string_view{}
                                                            : s.substr(at, end - at);
}

} // namespace

Phrase embedder_phrase(std::string_view sig) {
    if (sig.empty())
        return {};
    constexpr std::string_view kHash = "memlens-hash-v1:";
    constexpr std::string_view kPpmi = "memlens-ppmi-v1:";
    constexpr std::string_view kHttp = "http-v1:";
    if (sig.rfind(kHash, 0) == 0) {
        const auto dim = digits_at(sig, kHash.size());
        if (!dim.empty())
            return {ML_TR("Embedder", "hashed word features, %1 dimensions"), {std::string(dim)}};
    }
    if (sig.rfind(kPpmi, 0) == 0) {
        if (sig.substr(kPpmi.size()) == "unlearned")
            return {ML_TR("Embedder", "the vault's word model, not learned yet"), {}};
        const auto dim = digits_at(sig, kPpmi.size());
        const auto plus = sig.rfind('+');
        const auto learned =
            plus == std::string_view::npos ? std::string_view{} : digits_at(sig, plus + 1);
        if (!dim.empty() && plus != std::string_view::npos && !learned.empty() &&
            plus + 1 + learned.size() == sig.size())
            return {ML_TR("Embedder",
                          "the vault's word model, %1 dimensions, %2 words learned since its "
                          "training"),
                    {std::string(dim), std::string(learned)}};
        if (!dim.empty() && plus == std::string_view::npos)
            return {ML_TR("Embedder", "the vault's word model, %1 dimensions"), {std::string(dim)}};
    }
    if (sig.rfind(kHttp, 0) == 0 && sig.size() > kHttp.size())
        return {ML_TR("Embedder", "model %1 over HTTP"), {std::string(sig.substr(kHttp.size()))}};
    return as_is(std::string(sig));
}

Phrase audit_state_phrase(std::string_view reason) {
    struct Known {
        std::string_view prefix;
        PhraseText text;
        bool whole;
    };
    static constexpr Known kKnown[] = {
        {"not logged: the request asked for no audit row",
         ML_TR("AuditState", "not logged: the request asked for no audit row"), true},
        {"not logged: a rerun of stored candidates",
         ML_TR("AuditState", "not logged: a rerun of stored candidates"), true},
        {"audit disabled: turned off for this engine",
         ML_TR("AuditState", "audit disabled: turned off for this engine"), true},
        {"audit disabled: read-only (OpenHuman workspace)",
         ML_TR("AuditState", "audit disabled: read-only (OpenHuman workspace)"), true},
        {"audit disabled: read-only", ML_TR("AuditState", "audit disabled: read-only"), true},
        {"audit disabled: ", ML_TR("AuditState", "audit disabled: %1"), false},
    };
    for (const auto& k : kKnown) {
        if (k.whole ? reason == k.prefix : reason.rfind(k.prefix, 0) == 0)
            return k.whole ? Phrase{k.text, {}}
                           : Phrase{k.text, {std::string(reason.substr(k.prefix.size()))}};
    }
    return as_is(std::string(reason));
}

Phrase why_not_stage_phrase(WhyNotStage stage) {
    switch (stage) {
    case WhyNotStage::Returned:
        return {ML_TR("WhyNotStage", "returned"), {}};
    case WhyNotStage::UnknownNode:
        return {ML_TR("WhyNotStage", "unknown node"), {}};
    case WhyNotStage::NoSearchableTerms:
        return {ML_TR("WhyNotStage", "no searchable terms"), {}};
    case WhyNotStage::Scope:
        return {ML_TR("WhyNotStage", "outside the scope"), {}};
    case WhyNotStage::Superseded:
        return {ML_TR("WhyNotStage", "hidden as superseded"), {}};
    case WhyNotStage::NoKeywordMatch:
        return {ML_TR("WhyNotStage", "no keyword match"), {}};
    case WhyNotStage::KeywordRank:
        return {ML_TR("WhyNotStage", "beyond the keyword leg's limit"), {}};
    case WhyNotStage::NoVector:
        return {ML_TR("WhyNotStage", "no vector"), {}};
    case WhyNotStage::Beam:
        return {ML_TR("WhyNotStage", "not reached by the beam"), {}};
    case WhyNotStage::VectorRank:
        return {ML_TR("WhyNotStage", "beyond the vector leg's limit"), {}};
    case WhyNotStage::FusedRank:
        return {ML_TR("WhyNotStage", "fused rank below the limit"), {}};
    case WhyNotStage::Mmr:
        return {ML_TR("WhyNotStage", "not kept by MMR"), {}};
    case WhyNotStage::Budget:
        return {ML_TR("WhyNotStage", "cut by a budget"), {}};
    case WhyNotStage::MinScore:
        return {ML_TR("WhyNotStage", "below the no-match threshold"), {}};
    case WhyNotStage::NoLegRan:
        break;
    }
    return {ML_TR("WhyNotStage", "no leg ran"), {}};
}

} // namespace memlens
