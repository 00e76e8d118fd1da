#include "pages/hitdetailpanel.h"

#include "core/format.h"
#include "core/jobrunner.h"
#include "query/highlight.h"
#include "vault/workervault.h"
#include "widgets/flowlayout.h"
#include "widgets/markdownview.h"

#include <memlens/indexed_text.h>
#include <memlens/memories.h>

#include <QCheckBox>
#include <QClipboard>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextCursor>
#include <QTextDocument>
#include <QToolButton>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>

namespace memlens::ui {

namespace {

const QString kMarkdownKey = QStringLiteral("detail/renderMarkdown");
const QString kNodeScheme = QStringLiteral("memlens-node");

QString escaped(const std::string& s) {
    return qs(s).toHtmlEscaped();
}

const QColor kMark(255, 214, 102, 150);

// Marks the query's terms in a document as shown (plain or rendered Markdown), as the results
// table marks them.
void markTerms(QTextDocument* doc, const QStringList& terms) {
    QTextCharFormat mark;
    mark.setBackground(kMark);
    mark.setFontWeight(QFont::Bold);
    QTextCursor cursor(doc);
    for (const auto& [start, length] : findHighlights(doc->toPlainText(), terms)) {
        cursor.setPosition(start);
        cursor.setPosition(start + length, QTextCursor::KeepAnchor);
        cursor.mergeCharFormat(mark);
    }
}

struct NeighbourText {
    std::string nodeId;
    std::optional<IndexedText> text;
    QString error;
};

// One memory on either side of a supersession; `memory` is empty when the node is no memory
// (a summary, a workspace's node) or could not be read, and then only its id is known.
struct Related {
    std::string id;
    std::optional<Memory> memory;
};

struct RelatedRows {
    std::string nodeId;
    std::vector<Related> newer; // what supersedes the node
    std::vector<Related> older; // what the node supersedes
    std::vector<Related> conflicts;
    std::vector<Related> support;
    bool read = false; // false: the vault could not be opened
};

constexpr std::size_t kMaxRelatedShown = 5;

void addOnce(std::vector<std::string>& ids, const std::string& id) {
    if (!id.empty() && std::find(ids.begin(), ids.end(), id) == ids.end())
        ids.push_back(id);
}

// Off the GUI thread: supersession both ways, from the query's candidates (which count newer
// document versions too) and from the vault's own links, then the conflicts and support, each
// memory read for its text.
RelatedRows readRelated(const Vault& vault, const RetrievalHit& hit) {
    RelatedRows rows;
    rows.nodeId = hit.node_id;
    rows.read = true;
    std::vector<std::string> newer, older;
    if (hit.explanation) {
        for (const auto& id : hit.explanation->graph_context.superseded_by)
            addOnce(newer, id);
        for (const auto& id : hit.explanation->graph_context.supersedes)
            addOnce(older, id);
    }
    if (hit.node_kind == NodeKind::Leaf) {
        if (auto self = get_memories(vault, {hit.node_id}); self && self->size() == 1) {
            for (const auto& id : self->front().superseded_by)
                addOnce(newer, id);
            if (self->front().supersedes)
                addOnce(older, *self->front().supersedes);
        }
    }
    auto read = [&](const std::vector<std::string>& ids, std::vector<Related>& out) {
        for (std::size_t i = 0; i < ids.size() && i < kMaxRelatedShown; ++i) {
            Related r{ids[i], std::nullopt};
            if (auto m = get_memories(vault, {ids[i]}); m && m->size() == 1)
                r.memory = std::move(m->front());
            out.push_back(std::move(r));
        }
    };
    read(newer, rows.newer);
    read(older, rows.older);
    if (hit.explanation) {
        read(hit.explanation->graph_context.conflicts, rows.conflicts);
        read(hit.explanation->graph_context.supported_by, rows.support);
    }
    return rows;
}

// “the first words of the memory…” · author · time, linked to the node.
QString relatedLink(const Related& r) {
    const QString href = QStringLiteral("%1:%2").arg(kNodeScheme, qs(r.id).toHtmlEscaped());
    if (!r.memory)
        return QStringLiteral("<a href=\"%1\">%2</a>").arg(href, qs(r.id).toHtmlEscaped());
    QString text = qs(r.memory->text).simplified();
    constexpr int kSnippetChars = 90;
    if (text.size() > kSnippetChars)
        text = text.left(kSnippetChars - 1) + QStringLiteral("…");
    QStringList facts;
    if (!r.memory->author.empty())
        facts << qs(r.memory->author).toHtmlEscaped();
    facts << formatTime(r.memory->time_ms);
    return QStringLiteral("<a href=\"%1\">“%2”</a> · %3")
        .arg(href, text.toHtmlEscaped(), facts.join(QStringLiteral(" · ")));
}

} // namespace

HitDetailPanel::HitDetailPanel(QWidget* parent)
    : QWidget(parent)
    , title_(new QLabel(this))
    , copyId_(new QToolButton(this))
    , provenance_(new QLabel(this))
    , chipsBox_(new QWidget(this))
    , chips_(new FlowLayout(chipsBox_))
    , graphContext_(new QLabel(this))
    , markdown_(new QCheckBox(tr("Render &Markdown"), this))
    , drill_(new QPushButton(tr("&Drill Down"), this))
    , leaves_(new QPushButton(tr("Fetch &Leaves"), this))
    , forget_(new QPushButton(tr("Forget…"), this))
    , biography_(new QPushButton(tr("Biography…"), this))
    , content_(new MarkdownView(this))
    , neighboursHeading_(new QLabel(this))
    , neighbours_(new QTextBrowser(this))
    , jobs_(new JobRunner(this))
    , related_(new JobRunner(this)) {
    neighboursHeading_->setWordWrap(true);
    neighboursHeading_->setTextFormat(Qt::PlainText);
    neighbours_->setObjectName(QStringLiteral("neighbourTurns"));
    // The text views give way first when the dock is short; the facts above them do not.
    content_->setMinimumHeight(40);
    neighbours_->setMinimumHeight(40);
    neighbours_->setOpenLinks(false);
    QFont bold = title_->font();
    bold.setBold(true);
    title_->setFont(bold);
    copyId_->setObjectName(QStringLiteral("copyNodeId"));
    copyId_->setText(tr("Copy Id"));
    copyId_->setAutoRaise(true);
    connect(copyId_, &QToolButton::clicked, this,
            [this] { QGuiApplication::clipboard()->setText(qs(hit_.node_id)); });
    provenance_->setObjectName(QStringLiteral("hitFacts"));
    provenance_->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    provenance_->setContentsMargins(0, 0, 0, 6); // clear of the chips' frames under it
    provenance_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    provenance_->setWordWrap(true);
    graphContext_->setObjectName(QStringLiteral("graphContext"));
    graphContext_->setWordWrap(true);
    graphContext_->setTextFormat(Qt::RichText);
    connect(graphContext_, &QLabel::linkActivated, this, [this](const QString& link) {
        const QUrl url(link);
        if (url.scheme() == kNodeScheme)
            Q_EMIT nodeRequested(url.path());
    });

    setupActions();

    // The actions wrap onto a second line when the dock is narrow (or the language long).
    auto* actions = new QWidget(this);
    auto* buttons = new FlowLayout(actions);
    buttons->setContentsMargins(0, 0, 0, 0);
    buttons->addWidget(markdown_);
    buttons->addWidget(drill_);
    buttons->addWidget(leaves_);
    buttons->addWidget(forget_);
    buttons->addWidget(biography_);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->setSpacing(4);
    auto* titleRow = new QHBoxLayout();
    titleRow->addWidget(title_, 1);
    titleRow->addWidget(copyId_);
    layout->addLayout(titleRow);
    layout->addWidget(provenance_);
    layout->addWidget(chipsBox_);
    layout->addWidget(graphContext_);
    layout->addWidget(actions);
    layout->addWidget(content_, 1);
    layout->addWidget(neighboursHeading_);
    layout->addWidget(neighbours_, 1);
    clear();
}

void HitDetailPanel::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    fitLabelHeights();
}

void HitDetailPanel::fitLabelHeights() {
    const QMargins m = layout() != nullptr ? layout()->contentsMargins() : QMargins();
    const int width = std::max(1, this->width() - m.left() - m.right());
    for (QLabel* label : {provenance_, graphContext_}) {
        const int needed = label->text().isEmpty() ? 0 : label->heightForWidth(width);
        label->setMinimumHeight(std::max(0, needed));
    }
}

// Render Markdown, Drill Down, Fetch Leaves and Forget…, and the content's node links.
void HitDetailPanel::setupActions() {
    markdown_->setChecked(QSettings().value(kMarkdownKey, true).toBool());
    markdown_->setToolTip(
        tr("Render the content as Markdown (images and links are never fetched)"));
    connect(markdown_, &QCheckBox::toggled, this, [this](bool on) {
        QSettings().setValue(kMarkdownKey, on);
        renderContent();
    });
    drill_->setToolTip(tr("Run drill_down on this summary in the workbench"));
    leaves_->setToolTip(tr("Read the exact source text of the chunks under this node"));
    connect(drill_, &QPushButton::clicked, this,
            [this] { Q_EMIT drillDownRequested(qs(hit_.node_id)); });
    connect(leaves_, &QPushButton::clicked, this, [this] {
        QStringList ids;
        if (hit_.node_kind == NodeKind::Leaf) {
            ids << qs(hit_.node_id);
        } else {
            for (const auto& c : hit_.child_ids)
                ids << qs(c);
        }
        Q_EMIT fetchLeavesRequested(ids);
    });
    forget_->setObjectName(QStringLiteral("forgetButton"));
    forget_->setToolTip(tr("Remove this memory and every copy of its text from the vault"));
    connect(forget_, &QPushButton::clicked, this,
            [this] { Q_EMIT forgetRequested(qs(hit_.node_id)); });
    biography_->setObjectName(QStringLiteral("biographyButton"));
    biography_->setToolTip(tr("Every logged search that returned this memory, its grades and "
                              "its versions"));
    connect(biography_, &QPushButton::clicked, this,
            [this] { Q_EMIT biographyRequested(qs(hit_.node_id)); });
    connect(content_, &MarkdownView::linkActivated, this, [this](const QUrl& url) {
        if (url.scheme() == kNodeScheme)
            Q_EMIT nodeRequested(url.path());
    });
}

void HitDetailPanel::clear() {
    hasHit_ = false;
    hit_ = {};
    title_->setText(tr("No hit selected"));
    copyId_->setToolTip(QString());
    copyId_->setEnabled(false);
    title_->setToolTip(QString());
    provenance_->setText(tr("Select a hit, a summary or a leaf to see it here."));
    fitLabelHeights();
    chips_->clear();
    chipsBox_->hide();
    graphContext_->hide();
    drill_->setEnabled(false);
    leaves_->setEnabled(false);
    forget_->setEnabled(false);
    biography_->setEnabled(false);
    content_->clear();
    jobs_->cancel();
    related_->cancel();
    relatedHtml_.clear();
    relatedRead_ = false;
    neighboursHeading_->hide();
    neighbours_->hide();
    neighbours_->clear();
}

void HitDetailPanel::showHit(const RetrievalHit& hit, const QStringList& terms) {
    hit_ = hit;
    terms_ = terms;
    hasHit_ = true;
    const bool leaf = hit.node_kind == NodeKind::Leaf;
    title_->setText(leaf ? tr("Leaf chunk · %1").arg(qs(hit.tree_scope))
                         : tr("Summary L%1 · %2").arg(hit.level).arg(qs(hit.tree_scope)));
    copyId_->setToolTip(tr("Copy the id %1").arg(qs(hit.node_id)));
    copyId_->setEnabled(true);
    title_->setToolTip(qs(hit.node_id));

    QStringList facts;
    facts << tr("<b>Time</b> %1 UTC")
                 .arg(formatRange(hit.time_range_start_ms, hit.time_range_end_ms));
    if (!hit.tree_id.empty())
        facts << tr("<b>Tree</b> %1 (%2)")
                     .arg(escaped(hit.tree_id), QString::fromLatin1(to_wire(hit.tree_kind)));
    if (hit.author)
        facts << tr("<b>Author</b> %1").arg(escaped(*hit.author));
    if (hit.source_ref)
        facts << tr("<b>Source ref</b> %1").arg(escaped(*hit.source_ref));
    if (leaf && !hit.topics.empty()) { // a chunk's topics are the tags it was stored with
        QStringList tags;
        for (const std::string& t : hit.topics)
            tags << escaped(t);
        facts << tr("<b>Tags</b> %1").arg(tags.join(QStringLiteral(", ")));
    }
    if (!leaf)
        facts << tr("<b>Children</b> %1").arg(hit.child_ids.size());
    // A search's score decided the hit's place; a primitive's is the node's stored importance,
    // which says nothing about the query (its order is time, or the rerank's cosine).
    if (hit.explanation)
        facts << tr("<b>Score</b> %1").arg(formatScore(hit.explanation->final_score));
    else if (walkHits_)
        facts << tr("<b>Walk score</b> %1 (the route's: the cosine to the query, or how many of "
                    "the query's entities it mentions)")
                     .arg(formatScore(hit.score));
    else
        facts << tr("<b>Importance</b> %1 (stored when it was written: length, distinct words, "
                    "source, entities; not a match to the query)")
                     .arg(formatScore(hit.score));
    if (hit.rerank_similarity)
        facts << tr("<b>Rerank cosine</b> %1").arg(formatScore(*hit.rerank_similarity));
    provenance_->setText(facts.join(QStringLiteral(" · ")));
    fitLabelHeights();

    chips_->clear();
    addChips(chips_, hit.entities, hit.topics);
    chipsBox_->setVisible(chips_->count() > 0);

    relatedHtml_.clear();
    relatedRead_ = false;
    showGraphContext();
    showRelated();

    drill_->setEnabled(!leaf);
    leaves_->setEnabled(leaf || hit.level == 1);
    forget_->setEnabled(leaf); // a summary goes with the memories it was built from
    biography_->setEnabled(true);
    leaves_->setToolTip(leaf || hit.level == 1
                            ? tr("Read the exact source text of the chunks under this node")
                            : tr("Drill down to a level-1 summary to fetch its leaves"));
    renderContent();
    showNeighbours();
}

// An older version's standing first, then supersession both ways, then conflicts and support.
void HitDetailPanel::showGraphContext() {
    QStringList context;
    if (hit_.explanation) {
        const Explanation& x = *hit_.explanation;
        if (x.superseded_penalty < 1.0)
            context << (x.excluded_by != Exclusion::None
                            ? tr("<b>An older version, not returned:</b> a newer memory "
                                 "supersedes it, and its score × %1 put it below the hits.")
                                  .arg(x.superseded_penalty, 0, 'f', 2)
                            : tr("<b>An older version:</b> a newer memory supersedes it; its "
                                 "score counts × %1.")
                                  .arg(x.superseded_penalty, 0, 'f', 2));
    }
    if (relatedRead_) {
        if (!relatedHtml_.isEmpty())
            context << relatedHtml_;
    } else if (hit_.explanation) {
        const GraphContext& g = hit_.explanation->graph_context;
        // Until the memories are read, their number (the ids would mean nothing to a reader).
        if (!g.superseded_by.empty())
            context << tr("<b>Superseded by</b> %Ln newer memory(s)…", nullptr,
                          static_cast<int>(g.superseded_by.size()));
        if (!g.supersedes.empty())
            context << tr("<b>Supersedes</b> %Ln older memory(s)…", nullptr,
                          static_cast<int>(g.supersedes.size()));
        if (!g.conflicts.empty())
            context << tr("<b>Conflicts with</b> %Ln candidate(s)…", nullptr,
                          static_cast<int>(g.conflicts.size()));
        if (!g.supported_by.empty())
            context << tr("<b>Supported by</b> %Ln candidate(s)…", nullptr,
                          static_cast<int>(g.supported_by.size()));
    }
    graphContext_->setText(context.join(QStringLiteral("<br>")));
    fitLabelHeights();
    graphContext_->setVisible(!context.isEmpty());
    // The rows under the label move now, not at the next layout pass: a picture taken (or a
    // frame painted) in between showed the buttons over a context that had grown a line.
    if (layout() != nullptr)
        layout()->activate();
}

void HitDetailPanel::showRelated() {
    related_->cancel();
    if (!ref_.isValid())
        return;
    const VaultRef ref = ref_;
    const RetrievalHit hit = hit_;
    related_->start(
        [ref, hit](const std::atomic_bool&) {
            if (auto vault = workerVault(ref))
                return readRelated(**vault, hit);
            RelatedRows none; // no vault to read: the rows keep their counts
            none.nodeId = hit.node_id;
            return none;
        },
        [this](const RelatedRows& rows) {
            if (!hasHit_ || rows.nodeId != hit_.node_id || !rows.read)
                return;
            QStringList lines;
            for (const Related& r : rows.newer)
                lines << tr("<b>Superseded by</b> %1").arg(relatedLink(r));
            for (const Related& r : rows.older)
                lines << tr("<b>Supersedes</b> %1").arg(relatedLink(r));
            for (const Related& r : rows.conflicts)
                lines << tr("<b>Conflicts with</b> %1").arg(relatedLink(r));
            for (const Related& r : rows.support)
                lines << tr("<b>Supported by</b> %1").arg(relatedLink(r));
            relatedHtml_ = lines.join(QStringLiteral("<br>"));
            relatedRead_ = true;
            showGraphContext();
            Q_EMIT relatedShown();
        });
}

void HitDetailPanel::showNeighbours() {
    jobs_->cancel();
    neighboursHeading_->hide();
    neighbours_->hide();
    neighbours_->clear();
    if (!hit_.explanation || !ref_.isValid())
        return;
    // The terms the keyword leg found in the turns one and two away (term table columns
    // "near" and "far").
    QStringList nearTerms, farTerms;
    for (const TermEvidence& t : hit_.explanation->keyword.terms) {
        QStringList* list = t.column == "near"  ? &nearTerms
                            : t.column == "far" ? &farTerms
                                                : nullptr;
        if (t.matched && list != nullptr && !list->contains(qs(t.term)))
            *list << qs(t.term);
    }
    if (nearTerms.isEmpty() && farTerms.isEmpty())
        return;
    const VaultRef ref = ref_;
    const std::string id = hit_.node_id;
    jobs_->start(
        [ref, id](const std::atomic_bool&) {
            NeighbourText r;
            r.nodeId = id;
            auto vault = workerVault(ref);
            if (!vault) {
                r.error = formatStatus(vault.status());
                return r;
            }
            auto text = indexed_text(**vault, id);
            if (!text)
                r.error = formatStatus(text.status());
            else
                r.text = std::move(text).value();
            return r;
        },
        [this, nearTerms, farTerms](NeighbourText r) {
            if (!hasHit_ || r.nodeId != hit_.node_id)
                return;
            QStringList heading;
            if (!nearTerms.isEmpty())
                heading << tr("Matched in the neighbouring turns: %1")
                               .arg(nearTerms.join(QStringLiteral(", ")));
            if (!farTerms.isEmpty())
                heading << tr("Matched in the turns two away: %1")
                               .arg(farTerms.join(QStringLiteral(", ")));
            neighboursHeading_->setText(heading.join(QLatin1Char('\n')));
            neighboursHeading_->show();
            if (!r.text) {
                neighbours_->setPlainText(tr("Cannot read them: %1").arg(r.error));
            } else {
                QString text = qs(r.text->near);
                if (!farTerms.isEmpty())
                    text += QStringLiteral("\n\n") + tr("— two away —") + QLatin1Char('\n') +
                            qs(r.text->far);
                neighbours_->setPlainText(text.trimmed());
                markTerms(neighbours_->document(), terms_);
            }
            neighbours_->show();
            Q_EMIT neighboursShown();
        });
}

QStringList HitDetailPanel::markedWords(const QTextDocument* doc) {
    QStringList words;
    for (QTextBlock block = doc->begin(); block.isValid(); block = block.next())
        for (auto it = block.begin(); !it.atEnd(); ++it)
            if (it.fragment().charFormat().background().color() == kMark)
                words << it.fragment().text();
    return words;
}

QStringList HitDetailPanel::chipIds() const {
    QStringList ids;
    for (int i = 0; i < chips_->count(); ++i) {
        if (auto* button = qobject_cast<QToolButton*>(chips_->itemAt(i)->widget()))
            ids << button->property("entityId").toString();
    }
    return ids;
}

QString HitDetailPanel::provenanceText() const {
    return provenance_->text();
}

void HitDetailPanel::addChips(FlowLayout* layout, const std::vector<std::string>& entities,
                              const std::vector<std::string>& topics) {
    QStringList ids;
    for (const std::string& e : entities)
        ids << qs(e);
    // Topics are bare tags; their entity is topic:<tag>, often listed already.
    for (const std::string& t : topics)
        ids << (t.find(':') == std::string::npos ? QStringLiteral("topic:") + qs(t) : qs(t));
    ids.removeDuplicates();
    for (const QString& id : std::as_const(ids)) {
        auto* chip = new QToolButton(chipsBox_);
        chip->setText(id);
        chip->setProperty("entityId", id);
        chip->setToolTip(tr("Run query_topic for %1").arg(id));
        chip->setAutoRaise(false);
        chip->setStyleSheet(QStringLiteral("QToolButton { border: 1px solid palette(mid); "
                                           "border-radius: 8px; padding: 1px 7px; }"));
        connect(chip, &QToolButton::clicked, this, [this, id] { Q_EMIT entityActivated(id); });
        layout->addWidget(chip);
    }
}

void HitDetailPanel::renderContent() {
    if (!hasHit_)
        return;
    const QString text = qs(hit_.content);
    if (markdown_->isChecked())
        content_->setMarkdown(text);
    else
        content_->setPlainText(text);
    markTerms(content_->document(), terms_);
}

} // namespace memlens::ui
