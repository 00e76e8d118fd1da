#include "lab/labtext.h"

#include "core/format.h"

#include <QMessageBox>
#include <QStringList>
#include <QTableWidgetItem>

namespace memlens::ui {

QString LabText::skippedRows(std::size_t noPools, std::size_t other, std::size_t damaged) {
    QString out;
    if (noPools > 0)
        out += QStringLiteral(" · ") +
               tr("%n row(s) logged without their candidates (replay them in the Audit tab)",
                  nullptr, static_cast<int>(noPools));
    if (other > 0)
        out +=
            QStringLiteral(" · ") + tr("%n row(s) not searches", nullptr, static_cast<int>(other));
    if (damaged > 0)
        out += QStringLiteral(" · ") +
               tr("%n row(s) whose stored columns do not parse (memlens-cli audit show ID names "
                  "the fault)",
                  nullptr, static_cast<int>(damaged));
    return out;
}

QTableWidgetItem* labItem(const QString& text, const QString& tip) {
    auto* it = new QTableWidgetItem(text);
    it->setFlags(it->flags() & ~Qt::ItemIsEditable);
    if (!tip.isEmpty())
        it->setToolTip(tip);
    return it;
}

QString labKeyList(const std::vector<std::string>& keys) {
    QStringList out;
    for (const auto& k : keys)
        out << qs(k);
    return out.join(QStringLiteral(", "));
}

QString labChangeList(const RetrievalSettings& from, const RetrievalSettings& to,
                      const std::vector<std::string>& keys) {
    const auto a = to_settings_map(from);
    const auto b = to_settings_map(to);
    QStringList out;
    for (const auto& k : keys) {
        auto ia = a.find(k), ib = b.find(k);
        out << QStringLiteral("%1 %2 → %3")
                   .arg(qs(k), ia == a.end() ? QStringLiteral("—") : qs(ia->second),
                        ib == b.end() ? QStringLiteral("—") : qs(ib->second));
    }
    return out.join(QStringLiteral(", "));
}

void showLabMessage(QWidget* parent, const QString& title, const QString& text) {
    auto* box = new QMessageBox(QMessageBox::Warning, title, text, QMessageBox::Ok, parent);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setObjectName(QStringLiteral("labMessage"));
    box->open();
}

} // namespace memlens::ui
