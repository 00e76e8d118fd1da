// A core phrase (memlens/phrase.h: a verdict, a why-not finding, a compare cause, a leg's skip
// reason) in the interface language: each template through QCoreApplication::translate under
// its context, so the translations in translations/memlens_*.ts apply and a language switch
// shows on the next render.
#pragma once

#include <memlens/phrase.h>

#include <QString>

#include <string>

namespace memlens::ui {

QString phraseText(const Phrase& phrase);

// The phrase when there is one, else the English text it was rendered to (a line read back from
// JSON or an old audit row carries no phrase).
QString phraseText(const Phrase& phrase, const std::string& english);

} // namespace memlens::ui
