#include <memlens/types.h>

namespace memlens {

const char* to_wire(NodeKind kind) {
    return kind == NodeKind::Leaf ? "leaf" : "summary";
}

const char* to_wire(TreeKind kind) {
    switch (kind) {
    case TreeKind::Source:
        return "source";
    case TreeKind::Topic:
        return "topic";
    case TreeKind::Global:
        return "global";
    case TreeKind::Flavoured:
        return "flavoured";
    }
    return "source";
}

std::optional<NodeKind> node_kind_from_wire(std::string_view s) {
    if (s == "leaf")
        return NodeKind::Leaf;
    if (s == "summary")
        return NodeKind::Summary;
    return std::nullopt;
}

std::optional<TreeKind> tree_kind_from_wire(std::string_view s) {
    if (s == "source")
        return TreeKind::Source;
    if (s == "topic")
        return TreeKind::Topic;
    if (s == "global")
        return TreeKind::Global;
    if (s == "flavoured")
        return TreeKind::Flavoured;
    return std::nullopt;
}

} // namespace memlens
