// The question lists of a LoCoMo file. The turns themselves are read by import_locomo; this
// reads only what the importer has no use for: questions, evidence ids and categories.
#include <memlens/eval.h>

#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

namespace memlens {
namespace {

using nlohmann::json;

Status shape_error(const std::string& origin, const std::string& path, const std::string& what) {
    return Status::invalid(origin + ": " + path + ": " + what);
}

Result<LocomoQuestion> read_question(const json& q, const std::string& origin,
                                     const std::string& path) {
    if (!q.is_object())
        return shape_error(origin, path, "expected an object");
    LocomoQuestion out;
    const auto question = q.find("question");
    if (question == q.end() || !question->is_string())
        return shape_error(origin, path + ".question", "expected a string");
    out.question = question->get<std::string>();
    if (const auto ev = q.find("evidence"); ev != q.end() && !ev->is_null()) {
        if (!ev->is_array())
            return shape_error(origin, path + ".evidence", "expected an array of strings");
        for (std::size_t i = 0; i < ev->size(); ++i) {
            if (!(*ev)[i].is_string())
                return shape_error(origin, path + ".evidence[" + std::to_string(i) + "]",
                                   "expected a string");
            out.evidence.push_back((*ev)[i].get<std::string>());
        }
    }
    if (const auto cat = q.find("category"); cat != q.end() && !cat->is_null()) {
        if (!cat->is_number_integer())
            return shape_error(origin, path + ".category", "expected an integer");
        out.category = cat->get<int>();
    }
    return out;
}

} // namespace

Result<std::vector<LocomoConversation>> parse_locomo_questions(std::string_view content,
                                                               const std::string& origin) {
    const json doc = json::parse(content.begin(), content.end(), nullptr, false);
    if (doc.is_discarded())
        return Status::invalid(origin + ": not valid JSON");
    if (!doc.is_array())
        return Status::invalid(origin + ": expected a JSON array of conversations");
    std::vector<LocomoConversation> out;
    for (std::size_t i = 0; i < doc.size(); ++i) {
        const std::string path = "[" + std::to_string(i) + "]";
        const json& s = doc[i];
        if (!s.is_object())
            return shape_error(origin, path, "expected an object");
        const auto id = s.find("sample_id");
        if (id == s.end() || !id->is_string())
            return shape_error(origin, path + ".sample_id", "expected a string");
        LocomoConversation c;
        c.sample_id = id->get<std::string>();
        if (const auto qa = s.find("qa"); qa != s.end() && !qa->is_null()) {
            if (!qa->is_array())
                return shape_error(origin, path + ".qa", "expected an array");
            for (std::size_t k = 0; k < qa->size(); ++k) {
                auto q = read_question((*qa)[k], origin, path + ".qa[" + std::to_string(k) + "]");
                if (!q)
                    return q.status();
                c.questions.push_back(std::move(q).value());
            }
        }
        out.push_back(std::move(c));
    }
    return out;
}

Result<std::vector<LocomoConversation>> load_locomo_questions(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in)
        return Status::io("cannot read " + file.string());
    std::ostringstream ss;
    ss << in.rdbuf();
    if (in.bad())
        return Status::io("cannot read " + file.string());
    return parse_locomo_questions(ss.str(), file.string());
}

} // namespace memlens
