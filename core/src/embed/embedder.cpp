// The Embedder conveniences shared by every implementation.
#include <memlens/embedder.h>

namespace memlens {

Result<Vector> Embedder::embed_one(const std::string& text) {
    auto out = embed({text});
    if (!out)
        return out.status();
    if (out->size() != 1)
        return Status::internal("embedder returned " + std::to_string(out->size()) +
                                " vectors for one text");
    return std::move(out->front());
}

} // namespace memlens
