<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>Audit</name>
    <message>
        <location filename="../ui/audit/auditrows.cpp" line="+67"/>
        <source>This vault keeps no audit log (an OpenHuman workspace opens read-only).</source>
        <translation>Dieses Vault führt kein Audit-Log (ein OpenHuman-Workspace wird schreibgeschützt geöffnet).</translation>
    </message>
</context>
<context>
    <name>AuditState</name>
    <message>
        <location filename="../core/src/search/status_phrases.cpp" line="+107"/>
        <source>not logged: the request asked for no audit row</source>
        <translation>nicht protokolliert: der Aufruf verlangte keine Audit-Zeile</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not logged: a rerun of stored candidates</source>
        <translation>nicht protokolliert: eine Neuauswertung gespeicherter Kandidaten</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>audit disabled: turned off for this engine</source>
        <translation>Audit deaktiviert: für diese Instanz ausgeschaltet</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>audit disabled: read-only (OpenHuman workspace)</source>
        <translation>Audit deaktiviert: schreibgeschützt (OpenHuman-Workspace)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>audit disabled: read-only</source>
        <translation>Audit deaktiviert: schreibgeschützt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>audit disabled: %1</source>
        <translation>Audit deaktiviert: %1</translation>
    </message>
</context>
<context>
    <name>Breakdown</name>
    <message>
        <location filename="../ui/pages/scorebreakdownpanel.cpp" line="+61"/>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>0 (not returned)</source>
        <translation>0 (nicht zurückgegeben)</translation>
    </message>
</context>
<context>
    <name>Compare</name>
    <message>
        <location filename="../core/src/search/compare.cpp" line="+17"/>
        <source>%1; %2</source>
        <translation>%1; %2</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>%1 vs %2</source>
        <translation>%1 zu %2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>unranked</source>
        <translation>ohne Rang</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>keyword rank %1 against %2 (RRF term %3)</source>
        <translation>Keyword-Rang %1 gegenüber %2 (RRF-Term %3)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>vector rank %1 against %2 (RRF term %3)</source>
        <translation>Vektor-Rang %1 gegenüber %2 (RRF-Term %3)</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>recency</source>
        <translation>Aktualität</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>age %1 days</source>
        <translation>Alter %1 Tage</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>graph context</source>
        <translation>Graphkontext</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>graph signal %1</source>
        <translation>Graphsignal %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>supersession</source>
        <translation>Ersetzung</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>superseded</source>
        <translation>ersetzt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not superseded</source>
        <translation>nicht ersetzt</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 ×%2 (%3) against ×%4 (%5)</source>
        <translation>%1 ×%2 (%3) gegenüber ×%4 (%5)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>score %1</source>
        <translation>Score %1</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>%1 is above %2 because of the keyword leg: %3</source>
        <translation>%1 steht wegen des Keywordzweigs über %2: %3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 is above %2 because of the vector leg: %3</source>
        <translation>%1 steht wegen des Vektorzweigs über %2: %3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the vector leg ranked %1 higher but by less: %2</source>
        <translation>der Vektorzweig stufte %1 höher ein, aber mit geringerem Abstand: %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the keyword leg ranked %1 higher but by less: %2</source>
        <translation>der Keywordzweig stufte %1 höher ein, aber mit geringerem Abstand: %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the vector leg also ranked %1 higher: %2</source>
        <translation>auch der Vektorzweig stufte %1 höher ein: %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the keyword leg also ranked %1 higher: %2</source>
        <translation>auch der Keywordzweig stufte %1 höher ein: %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the vector leg ranked neither</source>
        <translation>der Vektorzweig hat keinen der beiden eingestuft</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the keyword leg ranked neither</source>
        <translation>der Keywordzweig hat keinen der beiden eingestuft</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the vector leg gave both the same term</source>
        <translation>der Vektorzweig gab beiden denselben Term</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the keyword leg gave both the same term</source>
        <translation>der Keywordzweig gab beiden denselben Term</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>RRF %1</source>
        <translation>RRF %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 favoured %2 but not enough (%3)</source>
        <translation>%1 begünstigte %2, aber nicht genug (%3)</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>the legs tied them (RRF %1)</source>
        <translation>bei den Zweigen lagen beide gleichauf (RRF %1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the legs put %1 first (RRF %2)</source>
        <translation>die Zweige setzten %1 nach vorn (RRF %2)</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1 and %2</source>
        <translation>%1 und %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is above %2 because %3 together turned the legs&apos; order round, neither alone: %4; %5; %6</source>
        <translation>%1 steht über %2, weil %3 die Reihenfolge der Zweige nur gemeinsam umkehrten, nicht einzeln: %4; %5; %6</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 is above %2 because of %3: %4, %5</source>
        <translation>%1 steht aufgrund von %3 über %2: %4, %5</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 alone would also have turned it</source>
        <translation>auch %1 allein hätte die Reihenfolge umgekehrt</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1 is above %2 because of supersession: the signals put %2 first (%3), %2&apos;s supersession penalty ×%4 against ×%5; %6</source>
        <translation>%1 steht wegen der Ersetzung über %2: Die Signale setzten %2 nach vorn (%3), Ersetzungsabschlag von %2 ×%4 gegenüber ×%5; %6</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>graph</source>
        <translation>Graph</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>vector</source>
        <translation>Vektor</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>keyword</source>
        <translation>Keyword</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>freshness</source>
        <translation>Aktualität</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 %2 × %3 = %4 against %5</source>
        <translation>%1 %2 × %3 = %4 gegenüber %5</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 is above %2 because of the %3 signal: %4</source>
        <translation>%1 steht wegen des Signals %3 über %2: %4</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the %1 signal favoured %2 but by less (%3)</source>
        <translation>das Signal %1 begünstigte %2, aber weniger stark (%3)</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>%1 is above %2 because MMR picked it first: %2 is fused #%3 (relevance %4) against %1&apos;s fused #%5 (%6)</source>
        <translation>%1 steht über %2, weil MMR ihn zuerst wählte: %2 steht fusioniert auf #%3 (Relevanz %4), %1 fusioniert auf #%5 (%6)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1, but %2 was too similar to %3 (cosine %4, redundancy %5): at pick %6 its MMR score %7 lost to %8&apos;s %9</source>
        <translation>%1, aber %2 war %3 zu ähnlich (Kosinus %4, Redundanz %5): Bei Wahl %6 unterlag sein MMR-Score %7 dem von %8 (%9)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1, but at pick %2 %3&apos;s redundancy to the hits picked before lowered its MMR score below %4&apos;s %5</source>
        <translation>%1, aber bei Wahl %2 drückte die Redundanz von %3 zu den zuvor gewählten Treffern seinen MMR-Score unter den von %4 (%5)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 (at its own pick %2 it was %3 cosine-similar to %4)</source>
        <translation>%1 (bei seiner eigenen Wahl %2 hatte er zu %4 die Kosinus-Ähnlichkeit %3)</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>%1 is above %2 in the primitive&apos;s own order (score %3); it carries no hybrid explanation</source>
        <translation>%1 steht in der eigenen Reihenfolge des Primitivs über %2 (Score %3); es liefert keine hybride Erklärung</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 and %2 have the same score %3; the fused order keeps %1 first</source>
        <translation>%1 und %2 haben denselben Score %3; die fusionierte Reihenfolge lässt %1 vorn</translation>
    </message>
</context>
<context>
    <name>ComparePanel</name>
    <message>
        <location filename="../ui/pages/comparepanel.cpp" line="+27"/>
        <source>—</source>
        <translation>—</translation>
    </message>
</context>
<context>
    <name>Embedder</name>
    <message>
        <location filename="../core/src/search/status_phrases.cpp" line="-40"/>
        <source>hashed word features, %1 dimensions</source>
        <translation>gehashte Wortmerkmale, %1 Dimensionen</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the vault&apos;s word model, not learned yet</source>
        <translation>das Wortmodell des Tresors, noch nicht gelernt</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the vault&apos;s word model, %1 dimensions, %2 words learned since its training</source>
        <translation>das Wortmodell des Tresors, %1 Dimensionen, %2 Wörter seit seinem Training gelernt</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the vault&apos;s word model, %1 dimensions</source>
        <translation>das Wortmodell des Tresors, %1 Dimensionen</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>model %1 over HTTP</source>
        <translation>Modell %1 über HTTP</translation>
    </message>
</context>
<context>
    <name>Format</name>
    <message>
        <location filename="../ui/core/format.cpp" line="+72"/>
        <source>summary L%1 · %2 · %3</source>
        <translation>Zusammenfassung L%1 · %2 · %3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>turn %1</source>
        <translation>Turn %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>memory</source>
        <translation>Erinnerung</translation>
    </message>
</context>
<context>
    <name>Grade</name>
    <message>
        <location filename="../core/src/judgments/judgments.cpp" line="+268"/>
        <source>not relevant</source>
        <translation>nicht relevant</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>related</source>
        <translation>verwandt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>relevant</source>
        <translation>relevant</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>answers it</source>
        <translation>beantwortet sie</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no grade</source>
        <translation>keine Bewertung</translation>
    </message>
</context>
<context>
    <name>GraphText</name>
    <message numerus="yes">
        <location filename="../ui/graph/graphtext.cpp" line="+23"/>
        <source>%1 of %Ln entity(s)</source>
        <translation>
            <numerusform>%1 von %Ln Entität</numerusform>
            <numerusform>%1 von %Ln Entitäten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source> · %Ln edge(s) with co-occurrences in the window</source>
        <translation>
            <numerusform> · %Ln Kante mit Kookkurrenzen im Fenster</numerusform>
            <numerusform> · %Ln Kanten mit Kookkurrenzen im Fenster</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source> · %1 of %Ln edge(s) at weight ≥ %2</source>
        <translation>
            <numerusform> · %1 von %Ln Kante mit Gewicht ≥ %2</numerusform>
            <numerusform> · %1 von %Ln Kanten mit Gewicht ≥ %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source> · %Ln lighter edge(s) added by expanding</source>
        <translation>
            <numerusform> · %Ln leichtere Kante durch Erweitern hinzugefügt</numerusform>
            <numerusform> · %Ln leichtere Kanten durch Erweitern hinzugefügt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source> · %Ln communit(y/ies)</source>
        <translation>
            <numerusform> · %Ln Gemeinschaft</numerusform>
            <numerusform> · %Ln Gemeinschaften</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source> · layout %1 ms</source>
        <translation> · Layout %1 ms</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source> · %Ln without edges not drawn</source>
        <translation>
            <numerusform> · %Ln ohne Kanten nicht gezeichnet</numerusform>
            <numerusform> · %Ln ohne Kanten nicht gezeichnet</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source> · %Ln hidden</source>
        <translation>
            <numerusform> · %Ln ausgeblendet</numerusform>
            <numerusform> · %Ln ausgeblendet</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source> · focus: %1 within %n hop(s)</source>
        <translation>
            <numerusform> · Fokus: %1 innerhalb von %n Sprung</numerusform>
            <numerusform> · Fokus: %1 innerhalb von %n Sprüngen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source> · %Ln lit by the selected hit</source>
        <translation>
            <numerusform> · %Ln vom gewählten Treffer hervorgehoben</numerusform>
            <numerusform> · %Ln vom gewählten Treffer hervorgehoben</numerusform>
        </translation>
    </message>
    <message>
        <location line="+13"/>
        <source>no search logged yet</source>
        <translation>noch keine Suche protokolliert</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no search logged%1 (the time filter)</source>
        <translation>keine Suche protokolliert%1 (der Zeitfilter)</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>none of its memories was returned by the %n question(s) logged%1</source>
        <translation>
            <numerusform>keine seiner Erinnerungen wurde von der %n protokollierten Frage geliefert%1</numerusform>
            <numerusform>keine seiner Erinnerungen wurde von den %n protokollierten Fragen geliefert%1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%Ln of its memories returned</source>
        <translation>
            <numerusform>%Ln seiner Erinnerungen geliefert</numerusform>
            <numerusform>%Ln seiner Erinnerungen geliefert</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>, by %Ln question(s) of the %1 logged%2</source>
        <translation>
            <numerusform>, von %Ln Frage der %1 protokollierten%2</numerusform>
            <numerusform>, von %Ln Fragen der %1 protokollierten%2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+26"/>
        <source>mentioned by %Ln node(s)</source>
        <translation>
            <numerusform>von %Ln Knoten genannt</numerusform>
            <numerusform>von %Ln Knoten genannt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>  %1: %Ln shared</source>
        <translation>
            <numerusform>  %1: %Ln geteilt</numerusform>
            <numerusform>  %1: %Ln geteilt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>  and %n more (select it for the whole list)</source>
        <translation>
            <numerusform>  und %n weiterer (wählen für die ganze Liste)</numerusform>
            <numerusform>  und %n weitere (wählen für die ganze Liste)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+13"/>
        <source>%Ln chunk(s) mention both</source>
        <translation>
            <numerusform>%Ln Chunk nennt beide</numerusform>
            <numerusform>%Ln Chunks nennen beide</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%Ln of them in the time window</source>
        <translation>
            <numerusform>%Ln davon im Zeitfenster</numerusform>
            <numerusform>%Ln davon im Zeitfenster</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>first %1, last %2</source>
        <translation>zuerst %1, zuletzt %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>times loading…</source>
        <translation>Zeiten werden geladen…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>right-click: why are these two linked?</source>
        <translation>Rechtsklick: Warum sind diese beiden verbunden?</translation>
    </message>
</context>
<context>
    <name>Health</name>
    <message>
        <location filename="../core/src/audit/health.cpp" line="+30"/>
        <source>last 7 days</source>
        <translation>letzte 7 Tage</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>last 30 days</source>
        <translation>letzte 30 Tage</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>last 90 days</source>
        <translation>letzte 90 Tage</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>last year</source>
        <translation>letztes Jahr</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>older</source>
        <translation>älter</translation>
    </message>
</context>
<context>
    <name>JobRunner</name>
    <message>
        <location filename="../ui/core/jobrunner.h" line="+93"/>
        <source>unknown exception in a background job</source>
        <translation>unbekannte Ausnahme in einem Hintergrundauftrag</translation>
    </message>
</context>
<context>
    <name>LabMove</name>
    <message>
        <location filename="../core/src/lab/lab.cpp" line="+135"/>
        <source>profile score %1</source>
        <translation>Profil-Score %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>RRF %1, fused rank %2 → %3</source>
        <translation>RRF %1, Fusionsrang %2 → %3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>recency factor %1</source>
        <translation>Aktualitätsfaktor %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>entity factor %1</source>
        <translation>Entitätsfaktor %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>superseded penalty %1</source>
        <translation>Ersetzungsabschlag %1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>cut by a budget</source>
        <translation>von einem Budget gekürzt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no longer cut by a budget</source>
        <translation>nicht mehr von einem Budget gekürzt</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>left out by the %1 budget</source>
        <translation>vom Budget %1 weggelassen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no longer left out by the %1 budget</source>
        <translation>nicht mehr vom Budget %1 weggelassen</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>MMR score %1 (fused rank %2 either way)</source>
        <translation>MMR-Score %1 (Fusionsrang in beiden Fällen %2)</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>its own scores did not change; hits around it moved</source>
        <translation>seine eigenen Scores blieben gleich; Treffer um ihn herum haben sich bewegt</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>same place (%1)</source>
        <translation>gleicher Platz (%1)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>new at %1</source>
        <translation>neu auf %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>gone from %1</source>
        <translation>nicht mehr auf %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>up %1 (%2 → %3)</source>
        <translation>%1 hoch (%2 → %3)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>down %1 (%2 → %3)</source>
        <translation>%1 runter (%2 → %3)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="+105"/>
        <source>%1; moved by %2</source>
        <translation>%1; bewegt durch %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1; no one changed setting moves it alone: they do together</source>
        <translation>%1; keine einzelne geänderte Einstellung bewegt ihn allein: nur zusammen</translation>
    </message>
</context>
<context>
    <name>LabText</name>
    <message numerus="yes">
        <location filename="../ui/lab/labtext.cpp" line="+15"/>
        <source>%n row(s) logged without their candidates (replay them in the Audit tab)</source>
        <translation>
            <numerusform>%n Zeile ohne ihre Kandidaten protokolliert (im Reiter Audit erneut abspielen)</numerusform>
            <numerusform>%n Zeilen ohne ihre Kandidaten protokolliert (im Reiter Audit erneut abspielen)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%n row(s) not searches</source>
        <translation>
            <numerusform>%n Zeile ist keine Suche</numerusform>
            <numerusform>%n Zeilen sind keine Suchen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n row(s) whose stored columns do not parse (memlens-cli audit show ID names the fault)</source>
        <translation>
            <numerusform>%n Zeile, deren gespeicherte Spalten sich nicht lesen lassen (memlens-cli audit show ID nennt den Fehler)</numerusform>
            <numerusform>%n Zeilen, deren gespeicherte Spalten sich nicht lesen lassen (memlens-cli audit show ID nennt den Fehler)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Language</name>
    <message>
        <location filename="../ui/core/language.cpp" line="+28"/>
        <source>System</source>
        <translation>Systemsprache</translation>
    </message>
</context>
<context>
    <name>LegReport</name>
    <message>
        <location filename="../core/src/search/status_phrases.cpp" line="-81"/>
        <source>the search mode is semantic</source>
        <translation>der Suchmodus ist die semantische Suche</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the search mode is keyword</source>
        <translation>der Suchmodus ist die Keyword-Suche</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>weight 0</source>
        <translation>Gewicht 0</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no searchable terms</source>
        <translation>keine suchbaren Begriffe</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>blank query</source>
        <translation>leere Anfrage</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the time budget (max_ms) ran out</source>
        <translation>das Zeitbudget (max_ms) war aufgebraucht</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no vectors for %1</source>
        <translation>keine Vektoren für %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>embedding failed: %1</source>
        <translation>Embedding fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>index dimension %1 differs from the query&apos;s %2</source>
        <translation>die Indexdimension %1 weicht von der Dimension der Anfrage (%2) ab</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>small vault</source>
        <translation>kleiner Vault</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>requested</source>
        <translation>angefordert</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>scoped</source>
        <translation>eingegrenzt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>beam recall below the minimum</source>
        <translation>Trefferquote der Strahlsuche unter dem Minimum</translation>
    </message>
</context>
<context>
    <name>NoMatch</name>
    <message>
        <location filename="../core/src/search/pipeline.cpp" line="+195"/>
        <source>the only candidate</source>
        <translation>der einzige Kandidat</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>all %1 candidates</source>
        <translation>alle %1 Kandidaten</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no match: %1 scored below the vault&apos;s no-match threshold %2 (the best: %3)</source>
        <translation>kein Treffer: %1 lag unter der Kein-Treffer-Schwelle %2 des Tresors (der beste: %3)</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>the word %1 occurs nowhere in the searched scope</source>
        <translation>das Wort %1 kommt im durchsuchten Bereich nirgends vor</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the word %1 occurs nowhere in this vault</source>
        <translation>das Wort %1 kommt in diesem Vault nirgends vor</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>none of the words %1 occurs in the searched scope</source>
        <translation>keines der Wörter %1 kommt im durchsuchten Bereich vor</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>none of the words %1 occurs in this vault</source>
        <translation>keines der Wörter %1 kommt in diesem Vault vor</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>no memory is closer in meaning to the query than made-up words are (the closest: similarity %1; made-up words reach %2 here)</source>
        <translation>keine Erinnerung ist der Anfrage inhaltlich näher als erfundene Wörter (die nächste: Ähnlichkeit %1; erfundene Wörter erreichen hier %2)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>no memory shares anything in meaning with it</source>
        <translation>keine Erinnerung hat inhaltlich etwas mit der Anfrage gemeinsam</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1, and %2</source>
        <translation>%1 und %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1; the vector leg did not run (%2)</source>
        <translation>%1; der Vektorzweig lief nicht (%2)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no match: %1</source>
        <translation>kein Treffer: %1</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../ui/graph/graphdata.cpp" line="+211"/>
        <source>%1 is not drawn</source>
        <translation>%1 ist nicht gezeichnet</translation>
    </message>
</context>
<context>
    <name>QueryForm</name>
    <message>
        <location filename="../ui/pages/queryform.cpp" line="+75"/>
        <source>any kind</source>
        <translation>jede Art</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>any source</source>
        <translation>jede Quelle</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>default (%1)</source>
        <translation>Standard (%1)</translation>
    </message>
</context>
<context>
    <name>QueryKind</name>
    <message>
        <location filename="../ui/query/queryrequest.cpp" line="+38"/>
        <source>Keyword and vector legs, fused, diversified by MMR.</source>
        <translation>Keyword- und Vektorzweig, fusioniert und per MMR diversifiziert.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The FTS5 keyword leg alone (bm25).</source>
        <translation>Nur der FTS5-Keywordzweig (bm25).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The vector leg alone (beam descent over the topic tree).</source>
        <translation>Nur der Vektorzweig (Beam-Abstieg durch den Themenbaum).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Summaries of one source or of a source kind.</source>
        <translation>Zusammenfassungen einer Quelle oder einer Quellenart.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Summaries of every source over a time window.</source>
        <translation>Zusammenfassungen aller Quellen in einem Zeitfenster.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Nodes that mention one entity.</source>
        <translation>Knoten, die eine Entität erwähnen.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The fewest nodes covering every chunk of a time window.</source>
        <translation>Die wenigsten Knoten, die jeden Chunk eines Zeitfensters abdecken.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Canonical entity ids matching a name.</source>
        <translation>Kanonische Entitäts-IDs zu einem Namen.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The children of a summary, one or more levels down.</source>
        <translation>Die Kinder einer Zusammenfassung, eine oder mehrere Ebenen tiefer.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The exact text of chunks by id (at most 20).</source>
        <translation>Der genaue Text von Chunks nach ID (höchstens 20).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A question answered through the entity graph, no model.</source>
        <translation>Eine Frage, beantwortet über den Entitätsgraphen, ohne Modell.</translation>
    </message>
</context>
<context>
    <name>QueryNames</name>
    <message>
        <location filename="../core/src/search/graph_signal.cpp" line="+137"/>
        <source>a speaker&apos;s name written with other letters</source>
        <translation>der Name einer sprechenden Person, mit anderen Buchstaben geschrieben</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the name written with other letters</source>
        <translation>der Name, mit anderen Buchstaben geschrieben</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a short form of a speaker&apos;s name</source>
        <translation>eine Kurzform des Namens eines Sprechers</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a short form of the name</source>
        <translation>eine Kurzform des Namens</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>a spelling 1 letter from a speaker&apos;s name&apos;s start</source>
        <translation>eine Schreibweise, 1 Buchstabe vom Anfang des Namens eines Sprechers entfernt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a spelling 1 letter from a speaker&apos;s name</source>
        <translation>eine Schreibweise, 1 Buchstabe vom Namen eines Sprechers entfernt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a spelling 1 letter from the name&apos;s start</source>
        <translation>eine Schreibweise, 1 Buchstabe vom Anfang des Namens entfernt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a spelling 1 letter from the name</source>
        <translation>eine Schreibweise, 1 Buchstabe vom Namen entfernt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a spelling %1 letters from a speaker&apos;s name&apos;s start</source>
        <translation>eine Schreibweise, %1 Buchstaben vom Anfang des Namens eines Sprechers entfernt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a spelling %1 letters from a speaker&apos;s name</source>
        <translation>eine Schreibweise, %1 Buchstaben vom Namen eines Sprechers entfernt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a spelling %1 letters from the name&apos;s start</source>
        <translation>eine Schreibweise, %1 Buchstaben vom Anfang des Namens entfernt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a spelling %1 letters from the name</source>
        <translation>eine Schreibweise, %1 Buchstaben vom Namen entfernt</translation>
    </message>
    <message>
        <location line="+73"/>
        <source>&quot;%1&quot; could be %2 (%3) or %4 (%5): left as it is written</source>
        <translation>„%1“ könnte %2 (%3) oder %4 (%5) sein: bleibt, wie es geschrieben ist</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&quot;%1&quot; is read as %2 (%3) as well: %4</source>
        <translation>„%1“ wird auch als %2 (%3) gelesen: %4</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&quot;%1&quot; is read as %2 (%3): %4</source>
        <translation>„%1“ wird als %2 (%3) gelesen: %4</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>&quot;%1&quot; is a registry alias of %2</source>
        <translation>„%1“ ist ein Registry-Alias von %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&quot;%1&quot; is a registry alias of %2 (%3)</source>
        <translation>„%1“ ist ein Registry-Alias von %2 (%3)</translation>
    </message>
    <message>
        <location line="+93"/>
        <source>&quot;%1&quot; names a person, not %2</source>
        <translation>„%1“ bezeichnet eine Person, nicht %2</translation>
    </message>
</context>
<context>
    <name>QueryPage</name>
    <message>
        <location filename="../ui/pages/querypage.cpp" line="+57"/>
        <source>%1 leg off (%2)</source>
        <translation>%1-Zweig aus (%2)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 leg %2 in %3 ms</source>
        <translation>%1-Zweig: %2 in %3 ms</translation>
    </message>
    <message>
        <location line="+6"/>
        <source> (ranked in %1 parts at once)</source>
        <translation> (in %1 Teilen gleichzeitig gerankt)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> (exact: %1)</source>
        <translation> (exakt: %1)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (beam: %1 topics, %2 scored)</source>
        <translation> (Beam: %1 Themen, %2 bewertet)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> (the index file measured the beam at %1 of the exact top 10; minimum %2)</source>
        <translation> (die Indexdatei hat für die Strahlsuche %1 der exakten ersten 10 gemessen; Minimum %2)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>, ranked with %1</source>
        <translation>, Embedder: %1</translation>
    </message>
</context>
<context>
    <name>ResultsModel</name>
    <message>
        <location filename="../ui/models/resultsmodel.cpp" line="+32"/>
        <source>%1 %2 (rank %3): %4% of a first place&apos;s %5</source>
        <translation>%1 %2 (Rang %3): %4 % des Werts %5 eines ersten Platzes</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 0 (the leg did not rank it)</source>
        <translation>%1 0 (der Zweig hat ihn nicht gerankt)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>keyword term</source>
        <translation>Keywordterm</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>vector term</source>
        <translation>Vektorterm</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 signal %2 (of 1), before its weight</source>
        <translation>%1-Signal %2 (von 1), vor seiner Gewichtung</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>cosine</source>
        <translation>Kosinus</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>older version · </source>
        <translation>ältere Version · </translation>
    </message>
</context>
<context>
    <name>Signal</name>
    <message>
        <location filename="../ui/core/signalcolors.cpp" line="+24"/>
        <source>graph</source>
        <translation>Graph</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>vector</source>
        <translation>Vektor</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>keyword</source>
        <translation>Keyword</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>freshness</source>
        <translation>Aktualität</translation>
    </message>
</context>
<context>
    <name>Snippet</name>
    <message>
        <location filename="../ui/query/highlight.cpp" line="+75"/>
        <source>%1: in the neighbouring turns</source>
        <translation>%1: in den benachbarten Beiträgen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: in its context</source>
        <translation>%1: in seinem Kontext</translation>
    </message>
</context>
<context>
    <name>Verdict</name>
    <message>
        <location filename="../core/src/search/verdict.cpp" line="+12"/>
        <source>%1; %2</source>
        <translation>%1; %2</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>keyword rank %1 (bm25 %2)</source>
        <translation>Keyword-Rang %1 (bm25 %2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>keyword rank %1 (%2)</source>
        <translation>Keyword-Rang %1 (%2)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>vector rank %1 (similarity %2)</source>
        <translation>Vektor-Rang %1 (Ähnlichkeit %2)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>keyword leg did not run</source>
        <translation>Keywordzweig lief nicht</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>vector leg did not run</source>
        <translation>Vektorzweig lief nicht</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>keyword leg did not run (%1)</source>
        <translation>Keywordzweig lief nicht (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>vector leg did not run (%1)</source>
        <translation>Vektorzweig lief nicht (%1)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>keyword leg matched nothing</source>
        <translation>Keywordzweig fand nichts</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>vector leg matched nothing</source>
        <translation>Vektorzweig fand nichts</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>keyword leg did not rank it</source>
        <translation>Keywordzweig vergab keinen Rang</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>vector leg did not rank it</source>
        <translation>Vektorzweig vergab keinen Rang</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>the supersession penalty kept it below fused #%1</source>
        <translation>der Ersetzungsabschlag hielt ihn unter fusioniert #%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the supersession penalty lifted it above fused #%1</source>
        <translation>der Ersetzungsabschlag hob ihn über fusioniert #%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>recency kept it below fused #%1</source>
        <translation>die Aktualität hielt ihn unter fusioniert #%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>recency lifted it above fused #%1</source>
        <translation>die Aktualität hob ihn über fusioniert #%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>graph context (the entity factor) kept it below fused #%1</source>
        <translation>der Graphkontext (der Entitätsfaktor) hielt ihn unter fusioniert #%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>graph context (the entity factor) lifted it above fused #%1</source>
        <translation>der Graphkontext (der Entitätsfaktor) hob ihn über fusioniert #%1</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>keyword rank %1</source>
        <translation>Keyword-Rang %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>keyword ranks %1</source>
        <translation>Keyword-Ränge %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>vector rank %1</source>
        <translation>Vektor-Rang %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>vector ranks %1</source>
        <translation>Vektor-Ränge %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 and %2</source>
        <translation>%1 und %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is an older version superseded by a newer one (score × %2)</source>
        <translation>%1 ist eine ältere Version, ersetzt durch eine neuere (Score × %2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 are older versions superseded by newer ones (score × %2)</source>
        <translation>%1 sind ältere Versionen, ersetzt durch neuere (Score × %2)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 outweighed %2 (leg weights %3 and %4)</source>
        <translation>%1 wog schwerer als %2 (Zweiggewichte %3 und %4)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 and %2 counted the same</source>
        <translation>%1 und %2 zählten gleich viel</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>no leg ranked it</source>
        <translation>kein Zweig vergab einen Rang</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>graph</source>
        <translation>Graph</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>vector</source>
        <translation>Vektor</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>keyword</source>
        <translation>Keyword</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>freshness</source>
        <translation>Aktualität</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>profile %1: largest part %2 %3 (signal %4 x weight %5)</source>
        <translation>Profil %1: größter Anteil %2 %3 (Signal %4 × Gewicht %5)</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>%1 in its text</source>
        <translation>%1 in ihrem Text</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 in its own text</source>
        <translation>%1 in seinem eigenen Text</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 in the neighbouring turns</source>
        <translation>%1 in den benachbarten Beiträgen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 in its context (author, tags, date)</source>
        <translation>%1 im Kontext (Autor, Tags, Datum)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>none in its text</source>
        <translation>keiner in ihrem Text</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none in its own text</source>
        <translation>keiner in seinem eigenen Text</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>hit #%1</source>
        <translation>Treffer #%1</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>kept out as an older version: %1 newer memories supersede it (score × %2: %3 instead of %4, above the lowest hit&apos;s %5)</source>
        <translation>als ältere Version aus den Treffern gehalten: %1 neuere Erinnerungen ersetzen sie (Score × %2: %3 statt %4, über dem Score %5 des niedrigsten Treffers)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>kept out as an older version: a newer memory supersedes it (score × %1: %2 instead of %3, above the lowest hit&apos;s %4)</source>
        <translation>als ältere Version aus den Treffern gehalten: Eine neuere Erinnerung ersetzt sie (Score × %1: %2 statt %3, über dem Score %4 des niedrigsten Treffers)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>its MMR score %1 lost the last step to %2&apos;s %3</source>
        <translation>sein MMR-Score %1 unterlag im letzten Schritt dem von %2 (%3)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>not kept by MMR: %1 cosine-similar to %2 (redundancy floor %3, λ %4)</source>
        <translation>von MMR nicht behalten: Kosinus-Ähnlichkeit %1 zu %2 (Redundanzschwelle %3, λ %4)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>below the limit of %1</source>
        <translation>unter dem Limit von %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+39"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="-37"/>
        <source>its score %1 is below the no-match threshold %2</source>
        <translation>sein Wert %1 liegt unter der Kein-Treffer-Schwelle %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>MMR picked it at step %1, then the %2 budget cut it</source>
        <translation>MMR wählte ihn in Schritt %1, dann kappte ihn das Budget %2</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>#%1 (fused #%2)</source>
        <translation>#%1 (fusioniert #%2)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>#%1</source>
        <translation>#%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not returned (fused #%1)</source>
        <translation>nicht geliefert (fusioniert #%1)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not returned</source>
        <translation>nicht geliefert</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>RRF %1, score %2</source>
        <translation>RRF %1, Score %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>RRF %1</source>
        <translation>RRF %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>score %1</source>
        <translation>Score %1</translation>
    </message>
</context>
<context>
    <name>WhyNot</name>
    <message>
        <location filename="../core/src/search/search_engine.cpp" line="+361"/>
        <source>Not returned: the query has no searchable terms (only punctuation, search operators or common words), so nothing was searched.</source>
        <translation>Nicht geliefert: Die Anfrage enthält keine suchbaren Begriffe (nur Satzzeichen, Suchoperatoren oder häufige Wörter), daher wurde nichts gesucht.</translation>
    </message>
    <message>
        <location filename="../core/src/search/why_not.cpp" line="+86"/>
        <source>the keyword leg did not run</source>
        <translation>der Keywordzweig lief nicht</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the vector leg did not run</source>
        <translation>der Vektorzweig lief nicht</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the keyword leg did not run (%1)</source>
        <translation>der Keywordzweig lief nicht (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the vector leg did not run (%1)</source>
        <translation>der Vektorzweig lief nicht (%1)</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>scope: namespace</source>
        <translation>Suchbereich: Namespace</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>scope: content type</source>
        <translation>Suchbereich: Inhaltstyp</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>scope: source kind</source>
        <translation>Suchbereich: Quellenart</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>scope: topic</source>
        <translation>Suchbereich: Thema</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>scope: tag</source>
        <translation>Suchbereich: Tags</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>scope: time window</source>
        <translation>Suchbereich: Zeitfenster</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 (a scope naming namespaces, content types or tags admits chunks only)</source>
        <translation>%1 (ein Suchbereich, der Namespaces, Inhaltstypen oder Tags nennt, lässt nur Chunks zu)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 to %2; the node spans %3 to %4</source>
        <translation>%1 bis %2; der Knoten reicht von %3 bis %4</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>matched where</source>
        <translation>Fundstellen</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>missing terms</source>
        <translation>fehlende Begriffe</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the keyword leg found none of its terms (%1) in it</source>
        <translation>der Keywordzweig fand keinen der Anfragebegriffe (%1) darin</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+144"/>
        <source>keyword rank</source>
        <translation>Keyword-Rang</translation>
    </message>
    <message>
        <location line="-143"/>
        <source>%1 of %2 matches (leg limit %3)</source>
        <translation>%1 von %2 Übereinstimmungen (Zweiglimit %3)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>keyword score (memlens_bm25f)</source>
        <translation>Keyword-Score (memlens_bm25f)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the leg&apos;s last kept score</source>
        <translation>letzter behaltener Score des Zweigs</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>keyword rank %1 of %2, beyond the keyword leg&apos;s limit of %3</source>
        <translation>Keyword-Rang %1 von %2, jenseits des Limits %3 des Keywordzweigs</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the keyword leg&apos;s row for it has no chunk</source>
        <translation>die Zeile des Keywordzweigs dazu hat keinen Chunk</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>vector</source>
        <translation>Vektor</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none in the topic index of %1</source>
        <translation>keiner im Themenindex von %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>it has no vector in the topic index</source>
        <translation>im Themenindex fehlt sein Vektor</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>vector similarity</source>
        <translation>Vektor-Ähnlichkeit</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>its topic path</source>
        <translation>sein Themenpfad</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(none)</source>
        <translation>(keiner)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 (leg limit %2)</source>
        <translation>%1 (Zweiglimit %2)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>vector leg kept</source>
        <translation>vom Vektorzweig behalten</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the vector leg&apos;s last similarity</source>
        <translation>letzte Ähnlichkeit des Vektorzweigs</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>leaves the beam reached</source>
        <translation>vom Beam erreichte Blätter</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (beam width %2): %3</source>
        <translation>%1 (Beam-Breite %2): %3</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the vector leg&apos;s beam did not reach its topic %1 (it reached %2 leaves)</source>
        <translation>der Beam des Vektorzweigs erreichte sein Thema %1 nicht (er erreichte %2 Blätter)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>leaf members scored</source>
        <translation>bewertete Blattmitglieder</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>at most %1 per reached leaf; %2 scored</source>
        <translation>höchstens %1 je erreichtem Blatt; %2 bewertet</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the vector leg&apos;s beam reached its topic %1 but did not score it (a reached leaf gives at most %2 members; wide beams keep the best by their int8 codes)</source>
        <translation>der Beam des Vektorzweigs erreichte sein Thema %1, bewertete den Knoten aber nicht (ein erreichtes Blatt liefert höchstens %2 Mitglieder; breite Beams behalten die besten nach ihren int8-Codes)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>vector similarity %1: it shares nothing with the query (the leg keeps only similarities above 0)</source>
        <translation>Vektor-Ähnlichkeit %1: nichts mit der Anfrage gemeinsam (der Zweig behält nur Ähnlichkeiten über 0)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>vector similarity %1, below the vector leg&apos;s last kept %2 (limit %3)</source>
        <translation>Vektor-Ähnlichkeit %1, unter der letzten behaltenen Ähnlichkeit %2 des Vektorzweigs (Limit %3)</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>fused rank</source>
        <translation>Fusionsrang</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 of %2 candidates</source>
        <translation>%1 von %2 Kandidaten</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>none</source>
        <translation>keiner</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>vector rank</source>
        <translation>Vektor-Rang</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>RRF</source>
        <translation>RRF</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>score</source>
        <translation>Score</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+61"/>
        <source>final score</source>
        <translation>Endwert</translation>
    </message>
    <message>
        <location line="-50"/>
        <location line="+213"/>
        <source>superseded by</source>
        <translation>ersetzt durch</translation>
    </message>
    <message>
        <location line="-212"/>
        <source>a newer memory</source>
        <translation>eine neuere Erinnerung</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>supersession penalty</source>
        <translation>Ersetzungsabschlag</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>× %1: score %2 instead of %3, which would rank it fused #%4</source>
        <translation>× %1: Score %2 statt %3; ohne Abschlag stünde er fusioniert auf #%4</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>hit #%1 (id %2)</source>
        <translation>Treffer #%1 (ID %2)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1, MMR score %2</source>
        <translation>%1, MMR-Score %2</translation>
    </message>
    <message>
        <location line="+12"/>
        <location line="+17"/>
        <source>MMR score</source>
        <translation>MMR-Score</translation>
    </message>
    <message>
        <location line="-16"/>
        <source>relevance</source>
        <translation>Relevanz</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>too similar to</source>
        <translation>zu ähnlich zu</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cosine to it</source>
        <translation>Kosinus dazu</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>redundancy (after the floor)</source>
        <translation>Redundanz (nach der Schwelle)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>λ</source>
        <translation>λ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>redundancy floor</source>
        <translation>Redundanzschwelle</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+10"/>
        <source>lost the last step to</source>
        <translation>letzten Schritt verloren gegen</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>no-match threshold</source>
        <translation>Kein-Treffer-Schwelle</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>limit</source>
        <translation>Limit</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>budget</source>
        <translation>Budget</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>MMR step</source>
        <translation>MMR-Schritt</translation>
    </message>
    <message>
        <location line="-14"/>
        <location line="+15"/>
        <source>hits kept</source>
        <translation>behaltene Treffer</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>position</source>
        <translation>Position</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 of %2 hits</source>
        <translation>%1 von %2 Treffern</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Returned: %1</source>
        <translation>Geliefert: %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Not returned (fused #%1): %2.</source>
        <translation>Nicht geliefert (fusioniert #%1): %2.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>scope: kinds</source>
        <translation>Suchbereich: Arten</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>chunks only (search.include_summaries is off)</source>
        <translation>nur Chunks (search.include_summaries ist aus)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not returned: outside the scope: this query searches chunks only (summaries are not included: search.include_summaries or --summaries).</source>
        <translation>Nicht geliefert: außerhalb des Suchbereichs: Diese Anfrage durchsucht nur Chunks (Zusammenfassungen sind nicht eingeschlossen: search.include_summaries oder --summaries).</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not returned: outside the scope: %1.</source>
        <translation>Nicht geliefert: außerhalb des Suchbereichs: %1.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1; %2</source>
        <translation>%1; %2</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Not returned: this vault has no chunk or summary with the id or source reference %1.</source>
        <translation>Nicht geliefert: Dieser Vault enthält keinen Chunk und keine Zusammenfassung mit der ID oder Quellenreferenz %1.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>summary</source>
        <translation>Zusammenfassung</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>chunk</source>
        <translation>Chunk</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>a newer version</source>
        <translation>eine neuere Version</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>search.superseded</source>
        <translation>search.superseded</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not returned: hidden as superseded (search.superseded is hide).</source>
        <translation>Nicht geliefert: als ersetzt ausgeblendet (search.superseded ist hide).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Not returned: hidden as superseded by %1 (search.superseded is hide).</source>
        <translation>Nicht geliefert: als durch %1 ersetzt ausgeblendet (search.superseded ist hide).</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>also superseded by</source>
        <translation>zudem ersetzt durch</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not returned: %1; %2.</source>
        <translation>Nicht geliefert: %1; %2.</translation>
    </message>
</context>
<context>
    <name>WhyNotMenu</name>
    <message>
        <location filename="../ui/pages/whynotmenu.cpp" line="+22"/>
        <source>Returned as Hit #%1 — Show It</source>
        <translation>Als Treffer #%1 geliefert — anzeigen</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Why Not Returned?</source>
        <translation>Warum nicht geliefert?</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Why the current query did not return %1</source>
        <translation>Warum die aktuelle Abfrage %1 nicht geliefert hat</translation>
    </message>
</context>
<context>
    <name>WhyNotStage</name>
    <message>
        <location filename="../core/src/search/status_phrases.cpp" line="+79"/>
        <source>returned</source>
        <translation>geliefert</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>unknown node</source>
        <translation>unbekannter Knoten</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no searchable terms</source>
        <translation>keine suchbaren Begriffe</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>outside the scope</source>
        <translation>außerhalb des Suchbereichs</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>hidden as superseded</source>
        <translation>als ersetzt ausgeblendet</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no keyword match</source>
        <translation>keine Keyword-Übereinstimmung</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>beyond the keyword leg&apos;s limit</source>
        <translation>jenseits des Limits des Keywordzweigs</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no vector</source>
        <translation>kein Vektor</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not reached by the beam</source>
        <translation>vom Beam nicht erreicht</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>beyond the vector leg&apos;s limit</source>
        <translation>jenseits des Limits des Vektorzweigs</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>fused rank below the limit</source>
        <translation>Fusionsrang unter dem Limit</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not kept by MMR</source>
        <translation>von MMR nicht behalten</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>cut by a budget</source>
        <translation>von einem Budget gekappt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>below the no-match threshold</source>
        <translation>unter der Kein-Treffer-Schwelle</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>no leg ran</source>
        <translation>kein Zweig lief</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../app/gui/main.cpp" line="+27"/>
        <source>Inspector for an AI agent&apos;s memory vault.</source>
        <translation>Inspektor für das Gedächtnis-Vault eines KI-Agenten.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Vault folder (or OpenHuman workspace) to open.</source>
        <translation>Zu öffnender Vault-Ordner (oder OpenHuman-Workspace).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Build (once) and open the demo vault.</source>
        <translation>Demo-Vault (einmalig) erstellen und öffnen.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open the vault read-only.</source>
        <translation>Vault schreibgeschützt öffnen.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Once the vault is open, run this query on the Query page.</source>
        <translation>Nach dem Öffnen des Tresors diese Abfrage auf der Abfrageseite ausführen.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TEXT</source>
        <translation>TEXT</translation>
    </message>
</context>
<context>
    <name>memlens::ui::AblationPanel</name>
    <message>
        <location filename="../ui/lab/ablationpanel.cpp" line="+23"/>
        <source>Keyword</source>
        <translation>Stichwort</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Vector</source>
        <translation>Vektor</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>+Recency</source>
        <translation>+Aktualität</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>+Context</source>
        <translation>+Kontext</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>+MMR</source>
        <translation>+MMR</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>+Entity</source>
        <translation>+Entität</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Over the &amp;Whole Log</source>
        <translation>Über das &amp;ganze Protokoll</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Rank every logged search by each column: which signal settles the whole log</source>
        <translation>Jede protokollierte Suche nach jeder Spalte ordnen: welches Signal das ganze Protokoll entscheidet</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Column</source>
        <translation>Spalte</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Rows</source>
        <translation>Zeilen</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>As logged</source>
        <translation>Wie protokolliert</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>First hit kept</source>
        <translation>Erster Treffer behalten</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Mean Jaccard@k</source>
        <translation>Mittleres Jaccard@k</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>First to give the logged ranking</source>
        <translation>Zuerst mit der protokollierten Reihenfolge</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Ranking row #%1 by each leg alone, then one signal at a time…</source>
        <translation>Zeile #%1 wird mit jedem Zweig allein geordnet, dann ein Signal nach dem anderen…</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>&lt;b&gt;No column gives the logged ranking&lt;/b&gt;: the vault changed since the row was logged.</source>
        <translation>&lt;b&gt;Keine Spalte ergibt die protokollierte Reihenfolge&lt;/b&gt;: der Vault hat sich seit der Protokollierung geändert.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&lt;b&gt;%1 alone gives the logged ranking&lt;/b&gt;: recency, graph context, MMR and the entity boost changed nothing for this query.</source>
        <translation>&lt;b&gt;%1 allein ergibt die protokollierte Reihenfolge&lt;/b&gt;: Aktualität, Graphkontext, MMR und Entitäts-Boost änderten für diese Abfrage nichts.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;b&gt;%1 gives the logged ranking&lt;/b&gt;: the other leg changed nothing for this query.</source>
        <translation>&lt;b&gt;%1 ergibt die protokollierte Reihenfolge&lt;/b&gt;: der andere Zweig änderte für diese Abfrage nichts.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;b&gt;The logged ranking first appears at “%1”&lt;/b&gt;: %2 settled the order (the columns to its left rank differently).</source>
        <translation>&lt;b&gt;Die protokollierte Reihenfolge erscheint zuerst bei „%1“&lt;/b&gt;: %2 entschied die Reihenfolge (die Spalten links davon ordnen anders).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Each cell is the hit&apos;s rank in that column (— : not among its hits); green where it is the logged rank.</source>
        <translation>Jede Zelle ist der Rang des Treffers in dieser Spalte (— : nicht unter ihren Treffern); grün, wo es der protokollierte Rang ist.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Logged</source>
        <translation>Protokolliert</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Hit</source>
        <translation>Treffer</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>n/a</source>
        <translation>n. v.</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Ranking every logged search by each column…</source>
        <translation>Jede protokollierte Suche wird nach jeder Spalte geordnet…</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>No logged search to rank.</source>
        <translation>Keine protokollierte Suche zum Ordnen.</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Over %n logged search(es), most first get their logged ranking at &lt;b&gt;%1&lt;/b&gt; (%2 of them).</source>
        <translation>
            <numerusform>Über %n protokollierte Suche erhalten die meisten ihre protokollierte Reihenfolge zuerst bei &lt;b&gt;%1&lt;/b&gt; (%2 davon).</numerusform>
            <numerusform>Über %n protokollierte Suchen erhalten die meisten ihre protokollierte Reihenfolge zuerst bei &lt;b&gt;%1&lt;/b&gt; (%2 davon).</numerusform>
        </translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Open a row to see it ranked by each leg alone, then one signal at a time.</source>
        <translation>Eine Zeile öffnen, um sie mit jedem Zweig allein geordnet zu sehen, dann ein Signal nach dem anderen.</translation>
    </message>
</context>
<context>
    <name>memlens::ui::AliasPanel</name>
    <message>
        <location filename="../ui/pages/aliaspanel.cpp" line="+43"/>
        <source>the same name as the person %1</source>
        <translation>derselbe Name wie die Person %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>“%1” is “%2” written with other letters</source>
        <translation>„%1“ ist „%2“, mit anderen Buchstaben geschrieben</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>“%1” is how “%2” starts</source>
        <translation>„%2“ beginnt mit „%1“</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>“%1” is spelt %n letter(s) away from “%2”</source>
        <translation>
            <numerusform>„%1“ weicht um %n Buchstaben von „%2“ ab</numerusform>
            <numerusform>„%1“ weicht um %n Buchstaben von „%2“ ab</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>“%1” is %n letter(s) away from how “%2” starts</source>
        <translation>
            <numerusform>„%1“ weicht um %n Buchstaben vom Anfang von „%2“ ab</numerusform>
            <numerusform>„%1“ weicht um %n Buchstaben vom Anfang von „%2“ ab</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 speaks where “%2” is mentioned</source>
        <translation>%1 spricht dort, wo „%2“ erwähnt wird</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n chunk(s) name both</source>
        <translation>
            <numerusform>%n Chunk nennt beide</numerusform>
            <numerusform>%n Chunks nennen beide</numerusform>
        </translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&amp;Merge Into the Person…</source>
        <translation>Mit der Person &amp;zusammenführen…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Look Again</source>
        <translation>Erneut suchen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Names that look like another way of naming a known person. Merging one makes it an alias of that person: its mentions move to the person and the vault&apos;s registry records the alias. Nothing changes until you merge.</source>
        <translation>Namen, die wie eine andere Schreibweise einer bekannten Person aussehen. Zusammenführen macht den Namen zu einem Alias dieser Person: seine Erwähnungen gehen auf die Person über, und das Register des Vaults vermerkt den Alias. Bis zum Zusammenführen ändert sich nichts.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Same as</source>
        <translation>Dieselbe Person wie</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Why</source>
        <translation>Warum</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Mentions</source>
        <translation>Erwähnungen</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>Looking for names that could be aliases…</source>
        <translation>Suche nach Namen, die Aliasse sein könnten…</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Could not read the proposals: %1</source>
        <translation>Die Vorschläge konnten nicht gelesen werden: %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>No name looks like another form of a known person&apos;s name.</source>
        <translation>Kein Name sieht wie eine andere Form des Namens einer bekannten Person aus.</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n name(s) could be aliases. Select one to merge it.</source>
        <translation>
            <numerusform>%n Name könnte ein Alias sein. Wählen Sie ihn aus, um ihn zusammenzuführen.</numerusform>
            <numerusform>%n Namen könnten Aliasse sein. Wählen Sie einen aus, um ihn zusammenzuführen.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+20"/>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Chunks that mention %1 / %2</source>
        <translation>Chunks, die %1 / %2 erwähnen</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>&lt;b&gt;%1 could be %2.&lt;/b&gt; %3. %4 is mentioned in %5, %6 in %7.</source>
        <translation>&lt;b&gt;%1 könnte %2 sein.&lt;/b&gt; %3. %4 wird in %5 erwähnt, %6 in %7.</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <location line="+1"/>
        <source>%n chunk(s)</source>
        <translation>
            <numerusform>%n Chunk</numerusform>
            <numerusform>%n Chunks</numerusform>
        </translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The vault is open read-only: nothing can be merged</source>
        <translation>Der Vault ist schreibgeschützt geöffnet: nichts kann zusammengeführt werden</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Make the selected name an alias of the person</source>
        <translation>Den ausgewählten Namen zu einem Alias der Person machen</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+54"/>
        <source>Cannot merge</source>
        <translation>Zusammenführen nicht möglich</translation>
    </message>
    <message>
        <location line="-53"/>
        <source>%1 is open read-only, so no entity can be merged. Open it again without read-only to merge.</source>
        <translation>%1 ist schreibgeschützt geöffnet, daher kann keine Entität zusammengeführt werden. Öffnen Sie ihn ohne Schreibschutz, um zusammenzuführen.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Merge Into the Person</source>
        <translation>Mit der Person zusammenführen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Make “%1” (%2) an alias of %3 (%4)?</source>
        <translation>„%1“ (%2) zu einem Alias von %3 (%4) machen?</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Every mention of %1 becomes a mention of %2, and %2&apos;s record in the registry gains the alias. The graph and the counts are read again afterwards.</source>
        <translation>Jede Erwähnung von %1 wird zu einer Erwähnung von %2, und der Registereintrag von %2 erhält den Alias. Danach werden Graph und Zählungen neu gelesen.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Merging %1 into %2…</source>
        <translation>Führe %1 mit %2 zusammen…</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Nothing was merged: %1</source>
        <translation>Nichts wurde zusammengeführt: %1</translation>
    </message>
    <message numerus="yes">
        <location line="+10"/>
        <source>Merged %1 into %2: %n mention(s) moved</source>
        <translation>
            <numerusform>%1 mit %2 zusammengeführt: %n Erwähnung verschoben</numerusform>
            <numerusform>%1 mit %2 zusammengeführt: %n Erwähnungen verschoben</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>; %1 recorded as alias in %2</source>
        <translation>; %1 als Alias in %2 vermerkt</translation>
    </message>
</context>
<context>
    <name>memlens::ui::AuditModel</name>
    <message>
        <location filename="../ui/models/auditmodel.cpp" line="+131"/>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 (error)</source>
        <translation>%1 (Fehler)</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <location line="+82"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Time (UTC)</source>
        <translation>Zeit (UTC)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Query</source>
        <translation>Abfrage</translation>
    </message>
    <message>
        <location line="-49"/>
        <source>Failed: %1</source>
        <translation>Fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Returned nothing</source>
        <translation>Nichts zurückgegeben</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Called by %1 (%2), tool %3</source>
        <translation>Aufgerufen von %1 (%2), Werkzeug %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Arguments: %1</source>
        <translation>Argumente: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>hash %1</source>
        <translation>Hash %1</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Mode / tool</source>
        <translation>Modus / Werkzeug</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Agent</source>
        <translation>Agent</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Session</source>
        <translation>Sitzung</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Keyword leg</source>
        <translation>Keywordzweig</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Vector leg</source>
        <translation>Vektorzweig</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Returned</source>
        <translation>Zurückgegeben</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Revision</source>
        <translation>Revision</translation>
    </message>
</context>
<context>
    <name>memlens::ui::AuditPage</name>
    <message>
        <location filename="../ui/pages/auditpage.cpp" line="+74"/>
        <source>&amp;Replay</source>
        <translation>&amp;Wiederholen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Diff with Settings on Screen</source>
        <translation>&amp;Vergleich mit den angezeigten Einstellungen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open in &amp;Workbench</source>
        <translation>In der Workbench &amp;öffnen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open in &amp;Lab</source>
        <translation>Im &amp;Labor öffnen</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Filter by query text…</source>
        <translation>Nach Abfragetext filtern…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>All modes</source>
        <translation>Alle Modi</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>All callers</source>
        <translation>Alle Aufrufer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Agents only</source>
        <translation>Nur Agenten</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Who asked: the GUI and the CLI, or an agent through memlens-cli serve (the name its MCP client gave)</source>
        <translation>Wer gefragt hat: die GUI und die CLI oder ein Agent über memlens-cli serve (der Name, den sein MCP-Client angab)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>All sessions</source>
        <translation>Alle Sitzungen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The connection an agent&apos;s call came on: its stdio process or its HTTP session</source>
        <translation>Die Verbindung, über die der Aufruf eines Agenten kam: sein stdio-Prozess oder seine HTTP-Sitzung</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Show each new row of the log as it is written: an agent&apos;s calls appear within a second</source>
        <translation>Jede neue Zeile des Logs zeigen, sobald sie geschrieben ist: die Aufrufe eines Agenten erscheinen innerhalb einer Sekunde</translation>
    </message>
    <message>
        <location line="+99"/>
        <source>Refresh</source>
        <translation>Aktualisieren</translation>
    </message>
    <message numerus="yes">
        <location line="+122"/>
        <source>%Ln query(s) logged · %1 loaded</source>
        <translation>
            <numerusform>%Ln Abfrage protokolliert · %1 geladen</numerusform>
            <numerusform>%Ln Abfragen protokolliert · %1 geladen</numerusform>
        </translation>
    </message>
    <message>
        <location line="-172"/>
        <source>Run the logged query again with the settings it was logged with: any movement comes from the data</source>
        <translation>Die protokollierte Abfrage mit ihren damaligen Einstellungen erneut ausführen: Jede Verschiebung kommt dann aus den Daten</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Run the logged query with the values under Query Parameters › Retrieval Settings, and once per changed setting alone, to name the settings that move its hits</source>
        <translation>Die protokollierte Abfrage mit den Werten unter Abfrageparameter › Retrieval-Einstellungen ausführen, und einmal je geänderter Einstellung allein, um die Einstellungen zu nennen, die ihre Treffer verschieben</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Run the logged query again on the Query page, with the mode it was logged with and the settings on screen</source>
        <translation>Die protokollierte Anfrage erneut auf der Abfrageseite ausführen, im protokollierten Modus und mit den Einstellungen auf dem Bildschirm</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Re-rank the logged query&apos;s stored candidates with other settings, see its ablation, and the blast radius of a change over the whole log</source>
        <translation>Die gespeicherten Kandidaten der protokollierten Abfrage mit anderen Einstellungen neu ordnen, ihre Ablation sehen und die Reichweite einer Änderung über das ganze Protokoll</translation>
    </message>
    <message>
        <location line="+208"/>
        <source>Row #%1 is a %2 call, not a search: only searches can be replayed</source>
        <translation>Zeile #%1 ist ein %2-Aufruf, keine Suche: nur Suchen lassen sich wiederholen</translation>
    </message>
    <message numerus="yes">
        <location line="+9"/>
        <source>&lt;b&gt;#%1&lt;/b&gt; %2 called &lt;b&gt;%3&lt;/b&gt;%4 and got %Ln node(s)%5.</source>
        <translation>
            <numerusform>&lt;b&gt;#%1&lt;/b&gt; %2 rief &lt;b&gt;%3&lt;/b&gt;%4 auf und erhielt %Ln Knoten%5.</numerusform>
            <numerusform>&lt;b&gt;#%1&lt;/b&gt; %2 rief &lt;b&gt;%3&lt;/b&gt;%4 auf und erhielt %Ln Knoten%5.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a caller</source>
        <translation>ein Aufrufer</translation>
    </message>
    <message>
        <location line="+5"/>
        <source> with %1</source>
        <translation> mit %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>; it failed: %1</source>
        <translation>; er schlug fehl: %1</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>the vault changed from revision %1 to %2</source>
        <translation>der Vault hat sich von Revision %1 zu %2 geändert</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;b&gt;%1 #%2&lt;/b&gt; “%3” — %4.</source>
        <translation>&lt;b&gt;%1 #%2&lt;/b&gt; „%3“ — %4.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Nothing moved.</source>
        <translation>Nichts hat sich verschoben.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cause of movement: &lt;b&gt;data&lt;/b&gt;: %1.</source>
        <translation>Ursache der Verschiebung: &lt;b&gt;Daten&lt;/b&gt;: %1.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The vault&apos;s revision is the same; the ranking moved all the same.</source>
        <translation>Die Revision des Vaults ist unverändert; das Ranking hat sich dennoch verschoben.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>With the logged settings the order moves too: &lt;b&gt;data&lt;/b&gt; (%1).</source>
        <translation>Auch mit den protokollierten Einstellungen verschiebt sich die Reihenfolge: &lt;b&gt;Daten&lt;/b&gt; (%1).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The settings on screen are the logged ones.</source>
        <translation>Die angezeigten Einstellungen sind die protokollierten.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;br&gt;Moved by: %1 (each alone reorders the hits).</source>
        <translation>&lt;br&gt;Verschoben durch: %1 (jede allein ordnet die Treffer um).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;br&gt;Moved only by these settings together: %1.</source>
        <translation>&lt;br&gt;Nur durch diese Einstellungen zusammen verschoben: %1.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&lt;br&gt;No effect on this query: %1.</source>
        <translation>&lt;br&gt;Ohne Wirkung auf diese Abfrage: %1.</translation>
    </message>
    <message>
        <location line="-403"/>
        <source>&amp;Follow</source>
        <translation>&amp;Mitverfolgen</translation>
    </message>
    <message>
        <location line="+182"/>
        <source>Select a logged query and replay it to see how its answer moved.</source>
        <translation>Wählen Sie eine protokollierte Abfrage und wiederholen Sie sie, um zu sehen, wie sich ihre Antwort verschoben hat.</translation>
    </message>
    <message>
        <location line="+90"/>
        <source>%1, in the time filter&apos;s range %2</source>
        <translation>%1, im Bereich des Zeitfilters %2</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>Replaying #%1…</source>
        <translation>#%1 wird wiederholt…</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Cannot replay #%1: %2</source>
        <translation>#%1 kann nicht wiederholt werden: %2</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Replay</source>
        <translation>Wiederholung</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Diff</source>
        <translation>Vergleich</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>identical ranking</source>
        <translation>identisches Ranking</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>the ranking moved</source>
        <translation>das Ranking hat sich verschoben</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>&lt;br&gt;Change the scores but not the order: %1.</source>
        <translation>&lt;br&gt;Ändern die Scores, nicht die Reihenfolge: %1.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&lt;br&gt;The vector leg ranked with another embedder: then %1, now %2. The same text can have other vectors, so its candidates and scores can differ.</source>
        <translation>&lt;br&gt;Der Vektor-Zweig rankte mit einem anderen Embedder: damals %1, jetzt %2. Derselbe Text kann andere Vektoren haben, daher können seine Kandidaten und Scores abweichen.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;br&gt;%1 same · %2 up · %3 down · %4 new · %5 gone</source>
        <translation>&lt;br&gt;%1 gleich · %2 aufgestiegen · %3 abgestiegen · %4 neu · %5 entfallen</translation>
    </message>
</context>
<context>
    <name>memlens::ui::AuditStatus</name>
    <message>
        <location filename="../ui/widgets/auditstatus.cpp" line="+26"/>
        <source>Audit: the row for “%1” waits for the vault&apos;s write lock (another process, such as an import, holds it).</source>
        <translation>Audit: Die Zeile für „%1“ wartet auf die Schreibsperre des Vaults (ein anderer Prozess, etwa ein Import, hält sie).</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Audit: the row for “%1” is logged.</source>
        <translation>Audit: Die Zeile für „%1“ ist protokolliert.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Audit: the row for “%1” is kept, not yet logged.</source>
        <translation>Audit: Die Zeile für „%1“ ist aufbewahrt, aber noch nicht protokolliert.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Audit: the row for “%1” was lost.</source>
        <translation>Audit: Die Zeile für „%1“ ging verloren.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Audit row lost</source>
        <translation>Audit-Zeile verloren</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The audit row for “%1” could not be written to the vault&apos;s log, nor kept beside it.</source>
        <translation>Die Audit-Zeile für „%1“ konnte weder ins Protokoll des Vaults geschrieben noch daneben aufbewahrt werden.</translation>
    </message>
    <message numerus="yes">
        <location line="+14"/>
        <source>⚠ %Ln audit row(s) not yet logged</source>
        <translation>
            <numerusform>⚠ %Ln Audit-Zeile noch nicht protokolliert</numerusform>
            <numerusform>⚠ %Ln Audit-Zeilen noch nicht protokolliert</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>memlens::ui::BiographyDialog</name>
    <message>
        <location filename="../ui/dialogs/biographydialog.cpp" line="+43"/>
        <source>Biography</source>
        <translation>Biografie</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Its rank in each logged search that returned it (UTC)</source>
        <translation>Ihr Rang in jeder protokollierten Suche, die sie lieferte (UTC)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>When (UTC)</source>
        <translation>Wann (UTC)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Question</source>
        <translation>Frage</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Asked by</source>
        <translation>Gefragt von</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Rank</source>
        <translation>Rang</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keyword</source>
        <translation>Stichwort</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Vector</source>
        <translation>Vektor</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Verdict (rerun)</source>
        <translation>Urteil (Wiederholung)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Grade</source>
        <translation>Bewertung</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Query</source>
        <translation>Anfrage</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Judge</source>
        <translation>Bewerter</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Reason</source>
        <translation>Grund</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Reading the audit log for %1…</source>
        <translation>Prüfprotokoll für %1 wird gelesen …</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>No biography of %1: %2</source>
        <translation>Keine Biografie von %1: %2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1, %2, %3</source>
        <translation>%1, %2, %3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Returned by %1 of %2 logged searches.</source>
        <translation>Von %1 der %2 protokollierten Suchen geliefert.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>It supersedes %1.</source>
        <translation>Sie ersetzt %1.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A newer version superseded it.</source>
        <translation>Eine neuere Version hat sie ersetzt.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Superseded by %1.</source>
        <translation>Ersetzt durch %1.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>a person</source>
        <translation>eine Person</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>(conflicts with %1)</source>
        <translation>(widerspricht %1)</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>No grade yet: the keys 0–3 on the Query page grade a hit</source>
        <translation>Noch keine Bewertung: Die Tasten 0–3 auf der Anfrageseite bewerten einen Treffer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Grades it received</source>
        <translation>Erhaltene Bewertungen</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>rank</source>
        <translation>Rang</translation>
    </message>
</context>
<context>
    <name>memlens::ui::BlastRadiusPanel</name>
    <message>
        <location filename="../ui/lab/blastradiuspanel.cpp" line="+47"/>
        <source>Logged from</source>
        <translation>Protokolliert von</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Run over the &amp;Log</source>
        <translation>Auf das &amp;Protokoll anwenden</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Cancel</source>
        <translation>&amp;Abbrechen</translation>
    </message>
    <message>
        <location line="+9"/>
        <location line="+348"/>
        <source>every caller</source>
        <translation>alle Aufrufer</translation>
    </message>
    <message>
        <location line="-346"/>
        <source>all rows</source>
        <translation>alle Zeilen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>newest </source>
        <translation>neueste </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Re-rank only the newest N logged rows (all rows: 0)</source>
        <translation>Nur die neuesten N protokollierten Zeilen neu ordnen (alle Zeilen: 0)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Re-rank every logged search with the settings on the left, from the candidates each row keeps, and see which would change. Left as the vault&apos;s own, the settings change no row logged under them.</source>
        <translation>Jede protokollierte Suche mit den Einstellungen links neu ordnen, aus den Kandidaten, die jede Zeile aufbewahrt, und sehen, welche sich ändern würden. Bleiben die Einstellungen die des Vaults, ändern sie keine unter ihnen protokollierte Zeile.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Overlap of the logged and new top hits (Jaccard@k): queries per bin</source>
        <translation>Überlappung der protokollierten und neuen Top-Treffer (Jaccard@k): Abfragen pro Klasse</translation>
    </message>
    <message>
        <location line="+15"/>
        <location line="+126"/>
        <source>The blast radius failed</source>
        <translation>Die Reichweite ist fehlgeschlagen</translation>
    </message>
    <message>
        <location line="-119"/>
        <source>Row</source>
        <translation>Zeile</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Query</source>
        <translation>Abfrage</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Caller</source>
        <translation>Aufrufer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Jaccard@k</source>
        <translation>Jaccard@k</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>RBO</source>
        <translation>RBO</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>First hit</source>
        <translation>Erster Treffer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Logged first now</source>
        <translation>Protokollierter erster jetzt</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>NDCG@10 Δ</source>
        <translation>NDCG@10 Δ</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Double-click a query to see it side by side</source>
        <translation>Doppelklick auf eine Abfrage zeigt sie nebeneinander</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Rows of:</source>
        <translation>Zeilen von:</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>to</source>
        <translation>bis</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Only the rows logged between these two days (UTC, both included)</source>
        <translation>Nur die Zeilen, die zwischen diesen beiden Tagen protokolliert wurden (UTC, beide eingeschlossen)</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Re-ranking the logged searches…</source>
        <translation>Die protokollierten Suchen werden neu geordnet…</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Cancelled: %1</source>
        <translation>Abgebrochen: %1</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>the vault&apos;s own settings</source>
        <translation>die eigenen Einstellungen des Vaults</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>&lt;b&gt;No logged search to re-rank&lt;/b&gt; among %n row(s).</source>
        <translation>
            <numerusform>&lt;b&gt;Keine protokollierte Suche zum Neuordnen&lt;/b&gt; unter %n Zeile.</numerusform>
            <numerusform>&lt;b&gt;Keine protokollierte Suche zum Neuordnen&lt;/b&gt; unter %n Zeilen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>&lt;b&gt;No logged search would change&lt;/b&gt; (%n re-ranked).</source>
        <translation>
            <numerusform>&lt;b&gt;Keine protokollierte Suche würde sich ändern&lt;/b&gt; (%n neu geordnet).</numerusform>
            <numerusform>&lt;b&gt;Keine protokollierte Suche würde sich ändern&lt;/b&gt; (%n neu geordnet).</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;b&gt;%1 of %2 logged searches would change&lt;/b&gt; their hits or order; &lt;b&gt;%3&lt;/b&gt; would lose their first hit.</source>
        <translation>&lt;b&gt;%1 von %2 protokollierten Suchen würden&lt;/b&gt; ihre Treffer oder Reihenfolge &lt;b&gt;ändern&lt;/b&gt;; &lt;b&gt;%3&lt;/b&gt; würden ihren ersten Treffer verlieren.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Settings: %1 · %2 ms</source>
        <translation>Einstellungen: %1 · %2 ms</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%1 acts inside a leg: not shown for %n row(s)</source>
        <translation>
            <numerusform>%1 wirkt innerhalb eines Zweigs: für %n Zeile nicht gezeigt</numerusform>
            <numerusform>%1 wirkt innerhalb eines Zweigs: für %n Zeilen nicht gezeigt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>&lt;b&gt;Judged: NDCG@%1 %2 → %3&lt;/b&gt; over the %n re-ranked search(es) whose question has grades: %4 improved, %5 worse, %6 unchanged.</source>
        <translation>
            <numerusform>&lt;b&gt;Bewertet: NDCG@%1 %2 → %3&lt;/b&gt; über die %n neu gereihte Suche, deren Frage Bewertungen hat: %4 besser, %5 schlechter, %6 unverändert.</numerusform>
            <numerusform>&lt;b&gt;Bewertet: NDCG@%1 %2 → %3&lt;/b&gt; über die %n neu gereihten Suchen, deren Frage Bewertungen hat: %4 besser, %5 schlechter, %6 unverändert.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Queries</source>
        <translation>Abfragen</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Jaccard@k of the logged and new hits (1: the same hits)</source>
        <translation>Jaccard@k der protokollierten und neuen Treffer (1: dieselben Treffer)</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>queries</source>
        <translation>Abfragen</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>asked here</source>
        <translation>hier gefragt</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>lost</source>
        <translation>verloren</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>kept</source>
        <translation>behalten</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>gone</source>
        <translation>weg</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>%1 of %2 logged rows</source>
        <translation>%1 von %2 protokollierten Zeilen</translation>
    </message>
</context>
<context>
    <name>memlens::ui::CalibrationDialog</name>
    <message>
        <location filename="../ui/dialogs/calibrationdialog.cpp" line="+57"/>
        <source>&amp;Measure</source>
        <translation>&amp;Messen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Save as the vault&apos;s no-match threshold</source>
        <translation>Als Kein-Treffer-Schwelle des Tresors &amp;speichern</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Turn the threshold &amp;off</source>
        <translation>Schwelle &amp;ausschalten</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Score calibration over the judged queries</source>
        <translation>Kalibrierung der Werte über die bewerteten Anfragen</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>k = </source>
        <translation>k = </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How many hits of each query count</source>
        <translation>Wie viele Treffer jeder Anfrage zählen</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Hits whose final score is below this are not returned; 0 = off</source>
        <translation>Treffer mit einem Endwert darunter werden nicht geliefert; 0 = aus</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Threshold on the final score:</source>
        <translation>Schwelle auf dem Endwert:</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>Open a vault first.</source>
        <translation>Öffnen Sie zuerst einen Tresor.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Asking every judged query again, with the threshold off…</source>
        <translation>Jede bewertete Anfrage wird ohne Schwelle erneut gestellt …</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Not measured: %1</source>
        <translation>Nicht gemessen: %1</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>No judged query has a relevant hit yet: grade hits with the keys 0–3 on the Query page, or import TREC qrels (memlens-cli judge import).</source>
        <translation>Noch keine bewertete Anfrage hat einen relevanten Treffer: Bewerten Sie Treffer mit den Tasten 0–3 auf der Anfrageseite oder importieren Sie TREC-qrels (memlens-cli judge import).</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The vault&apos;s no-match threshold: %1.</source>
        <translation>Die Kein-Treffer-Schwelle des Tresors: %1.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The vault has no no-match threshold: every hit is returned.</source>
        <translation>Der Tresor hat keine Kein-Treffer-Schwelle: Jeder Treffer wird geliefert.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 is open read-only: the threshold cannot be saved.</source>
        <translation>%1 ist schreibgeschützt geöffnet: Die Schwelle kann nicht gespeichert werden.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Keyword leg</source>
        <translation>Stichwortzweig</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>its score (−BM25F × factors; higher = better)</source>
        <translation>sein Wert (−BM25F × Faktoren; höher = besser)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Vector leg</source>
        <translation>Vektorzweig</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cosine to the query</source>
        <translation>Kosinus zur Anfrage</translation>
    </message>
    <message numerus="yes">
        <location line="+32"/>
        <source>&lt;b&gt;Without a threshold&lt;/b&gt; every hit is returned: %1 of them relevant, recall %2 over %n judged question(s).</source>
        <translation>
            <numerusform>&lt;b&gt;Ohne Schwelle&lt;/b&gt; wird jeder Treffer geliefert: %1 davon relevant, Recall %2 über %n bewertete Frage.</numerusform>
            <numerusform>&lt;b&gt;Ohne Schwelle&lt;/b&gt; wird jeder Treffer geliefert: %1 davon relevant, Recall %2 über %n bewertete Fragen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>&lt;b&gt;At %1, %2 of what is returned is relevant&lt;/b&gt; (%3 without a threshold); recall %4 instead of %5; &lt;b&gt;%6 of %n question(s) would answer “no match”&lt;/b&gt;, %7 of them with a relevant hit lost.</source>
        <translation>
            <numerusform>&lt;b&gt;Bei %1 ist %2 des Gelieferten relevant&lt;/b&gt; (%3 ohne Schwelle); Recall %4 statt %5; &lt;b&gt;%6 von %n Frage würden „kein Treffer“ antworten&lt;/b&gt;, %7 davon mit verlorenem relevantem Treffer.</numerusform>
            <numerusform>&lt;b&gt;Bei %1 ist %2 des Gelieferten relevant&lt;/b&gt; (%3 ohne Schwelle); Recall %4 statt %5; &lt;b&gt;%6 von %n Fragen würden „kein Treffer“ antworten&lt;/b&gt;, %7 davon mit verlorenem relevantem Treffer.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 of %2 hits kept (the first %3 of each question, asked with the threshold off). A threshold can also let a candidate MMR left out move up into a freed place; Metrics… with the threshold saved measures that ranking itself.</source>
        <translation>%1 von %2 Treffern bleiben (die ersten %3 jeder Frage, ohne Schwelle gestellt). Eine Schwelle kann auch einen Kandidaten, den MMR ausließ, auf einen frei gewordenen Platz rücken lassen; Kennzahlen … mit gespeicherter Schwelle misst genau dieses Ranking.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Final score (what the threshold compares)</source>
        <translation>Endwert (womit die Schwelle vergleicht)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>final score</source>
        <translation>Endwert</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>relevant, returned</source>
        <translation>relevant, geliefert</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>relevant</source>
        <translation>relevant</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>other, returned</source>
        <translation>andere, geliefert</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>other (graded 0 or ungraded)</source>
        <translation>andere (mit 0 oder nicht bewertet)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>relevant, held back</source>
        <translation>relevant, zurückgehalten</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>other, held back</source>
        <translation>andere, zurückgehalten</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>%1: no hit has this score</source>
        <translation>%1: kein Treffer hat diesen Wert</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1, bins from</source>
        <translation>%1, Klassen ab</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>hits</source>
        <translation>Treffer</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+22"/>
        <source>Cannot save the threshold</source>
        <translation>Schwelle kann nicht gespeichert werden</translation>
    </message>
    <message>
        <location line="-21"/>
        <source>%1 is open read-only, so its no-match threshold cannot be saved. Open it again without read-only (File › Open Vault…) to save it.</source>
        <translation>%1 ist schreibgeschützt geöffnet, daher kann seine Kein-Treffer-Schwelle nicht gespeichert werden. Öffnen Sie ihn ohne Schreibschutz erneut (Datei › Tresor öffnen …), um sie zu speichern.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>The no-match threshold of %1 was not saved: %2</source>
        <translation>Die Kein-Treffer-Schwelle von %1 wurde nicht gespeichert: %2</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Saved: the vault&apos;s no-match threshold is now %1. Searches leave out hits scoring below it and say how many.</source>
        <translation>Gespeichert: Die Kein-Treffer-Schwelle des Tresors ist jetzt %1. Suchen lassen Treffer mit niedrigerem Wert aus und sagen, wie viele.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Saved: the vault has no no-match threshold now.</source>
        <translation>Gespeichert: Der Tresor hat jetzt keine Kein-Treffer-Schwelle.</translation>
    </message>
</context>
<context>
    <name>memlens::ui::CommunityPanel</name>
    <message>
        <location filename="../ui/graph/communitypanel.cpp" line="+53"/>
        <source>Show Its Chunks in Query</source>
        <translation>Ihre Chunks in Abfrage zeigen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Community</source>
        <translation>Gemeinschaft</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Entities</source>
        <translation>Entitäten</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Most mentioned</source>
        <translation>Meistgenannte</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Groups of entities linked more among themselves than to the rest (Louvain over the co-occurrence weights); pick one to dim the others</source>
        <translation>Gruppen von Entitäten, die untereinander stärker verbunden sind als mit dem Rest (Louvain über die Kookkurrenzgewichte); eine wählen, um die anderen abzublenden</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>List in the Query page the chunks where the community&apos;s most mentioned entities occur together (the newest 20)</source>
        <translation>Auf der Abfrageseite die Chunks auflisten, in denen die meistgenannten Entitäten der Gemeinschaft zusammen vorkommen (die neuesten 20)</translation>
    </message>
    <message>
        <location line="+80"/>
        <source>Cannot list the community&apos;s chunks: %1</source>
        <translation>Die Chunks der Gemeinschaft können nicht aufgelistet werden: %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No chunk names two of this community&apos;s most mentioned entities together</source>
        <translation>Kein Chunk nennt zwei der meistgenannten Entitäten dieser Gemeinschaft zusammen</translation>
    </message>
</context>
<context>
    <name>memlens::ui::ComparePanel</name>
    <message>
        <location filename="../ui/pages/comparepanel.cpp" line="+128"/>
        <source>&lt;small&gt;Ctrl-click another hit to change the pair; select one hit for its full breakdown.&lt;/small&gt;</source>
        <translation>&lt;small&gt;Strg-Klick auf einen anderen Treffer wechselt das Paar; einen einzelnen Treffer auswählen, um seine ganze Aufschlüsselung zu sehen.&lt;/small&gt;</translation>
    </message>
    <message>
        <location line="+108"/>
        <location line="+57"/>
        <source>#%1</source>
        <translation>#%1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>score</source>
        <translation>Score</translation>
    </message>
    <message>
        <location line="-44"/>
        <source>node</source>
        <translation>Knoten</translation>
    </message>
    <message>
        <location line="-65"/>
        <source>position</source>
        <translation>Position</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>#%1 (fused #%2)</source>
        <translation>#%1 (fusioniert #%2)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>keyword rank</source>
        <translation>Keyword-Rang</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (score %2)</source>
        <translation>%1 (Score %2)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>vector rank</source>
        <translation>Vektor-Rang</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 (similarity %2, %3)</source>
        <translation>%1 (Ähnlichkeit %2, %3)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>exact scan</source>
        <translation>exakter Scan</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>beam descent</source>
        <translation>Beam-Abstieg</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>MMR pick</source>
        <translation>MMR-Auswahl</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>not picked</source>
        <translation>nicht ausgewählt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>pick %1: relevance %2, redundancy %3 → MMR score %4</source>
        <translation>Auswahl %1: Relevanz %2, Redundanz %3 → MMR-Score %4</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>most similar pick</source>
        <translation>ähnlichste Auswahl</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 (cosine %2)</source>
        <translation>%1 (Kosinus %2)</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>matched terms</source>
        <translation>gefundene Begriffe</translation>
    </message>
    <message>
        <location line="-32"/>
        <source>&lt;b&gt;#%1: keyword terms&lt;/b&gt;</source>
        <translation>&lt;b&gt;#%1: Keyword-Begriffe&lt;/b&gt;</translation>
    </message>
</context>
<context>
    <name>memlens::ui::ConceptsDialog</name>
    <message>
        <location filename="../ui/dialogs/conceptsdialog.cpp" line="+13"/>
        <source>memlens concepts</source>
        <translation>memlens-Konzepte</translation>
    </message>
</context>
<context>
    <name>memlens::ui::EntityMatchModel</name>
    <message>
        <location filename="../ui/models/entitymatchmodel.cpp" line="+65"/>
        <source>Double-click to run query_topic for %1</source>
        <translation>Doppelklick führt query_topic für %1 aus</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Canonical id</source>
        <translation>Kanonische ID</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Surface</source>
        <translation>Oberflächenform</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Mentions</source>
        <translation>Erwähnungen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Last seen (UTC)</source>
        <translation>Zuletzt gesehen (UTC)</translation>
    </message>
</context>
<context>
    <name>memlens::ui::EntityPanel</name>
    <message>
        <location filename="../ui/graph/entitypanel.cpp" line="+70"/>
        <source>&amp;Focus</source>
        <translation>Fo&amp;kussieren</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Clear</source>
        <translation>Zurücksetzen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Query This Topic</source>
        <translation>Dieses Thema &amp;abfragen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Expand</source>
        <translation>&amp;Erweitern</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hide</source>
        <translation>Ausblenden</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Show in Query</source>
        <translation>In Abfrage zeigen</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Hop depth of the focus</source>
        <translation>Sprungtiefe des Fokus</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <location line="+82"/>
        <source>%n hop(s)</source>
        <translation>
            <numerusform>%n Sprung</numerusform>
            <numerusform>%n Sprünge</numerusform>
        </translation>
    </message>
    <message>
        <location line="-81"/>
        <source>Show the selected entity&apos;s neighbourhood and dim the rest</source>
        <translation>Die Nachbarschaft der gewählten Entität zeigen und den Rest abblenden</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run query_topic on the selected entity in the Query page (the mode beside the query box stays as it is)</source>
        <translation>query_topic für die ausgewählte Entität auf der Abfrageseite ausführen (der Modus neben dem Abfragefeld bleibt, wie er ist)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Add the selected entity&apos;s neighbours to the graph (double-click)</source>
        <translation>Die Nachbarn der gewählten Entität zum Graphen hinzufügen (Doppelklick)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Take the selected entity off the drawing (Fit or a reload brings it back)</source>
        <translation>Die gewählte Entität aus der Zeichnung nehmen (Neu laden bringt sie zurück)</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Neighbour</source>
        <translation>Nachbar</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Shared</source>
        <translation>Gemeinsam</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>First</source>
        <translation>Erste</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Last</source>
        <translation>Letzte</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Chunks that mention both</source>
        <translation>Chunks, die beide nennen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The first chunk that mentions both</source>
        <translation>Der erste Chunk, der beide nennt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The last chunk that mentions both</source>
        <translation>Der letzte Chunk, der beide nennt</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Entities that share chunks with the selected one (the edge&apos;s weight), most shared first; pick one to see those chunks</source>
        <translation>Entitäten, die Chunks mit der gewählten teilen (das Gewicht der Kante), die meistgeteilten zuerst; eine wählen, um diese Chunks zu sehen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Click a chunk to show it in Hit Detail</source>
        <translation>Einen Chunk anklicken, um ihn im Trefferdetail zu zeigen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>List these chunks in the Query page (fetch_leaves, the first 20)</source>
        <translation>Diese Chunks auf der Abfrageseite auflisten (fetch_leaves, die ersten 20)</translation>
    </message>
    <message>
        <location line="+124"/>
        <source>&lt;i&gt;Click an entity to see its neighbours and what they share.&lt;/i&gt;</source>
        <translation>&lt;i&gt;Eine Entität anklicken, um ihre Nachbarn und das Geteilte zu sehen.&lt;/i&gt;</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>community %1</source>
        <translation>Gemeinschaft %1</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%1 · mentioned by %Ln node(s)</source>
        <translation>
            <numerusform>%1 · von %Ln Knoten genannt</numerusform>
            <numerusform>%1 · von %Ln Knoten genannt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source> · linked to %Ln drawn entity(s)</source>
        <translation>
            <numerusform> · mit %Ln gezeichneten Entität verbunden</numerusform>
            <numerusform> · mit %Ln gezeichneten Entitäten verbunden</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+9"/>
        <source>%1 · mentioned by %Ln chunk(s) in the window</source>
        <translation>
            <numerusform>%1 · von %Ln Chunk im Zeitfenster genannt</numerusform>
            <numerusform>%1 · von %Ln Chunks im Zeitfenster genannt</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 · counting its chunks in the window…</source>
        <translation>%1 · ihre Chunks im Zeitfenster werden gezählt…</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source> · linked to %Ln drawn entity(s) in the window</source>
        <translation>
            <numerusform> · im Zeitfenster mit %Ln gezeichneten Entität verbunden</numerusform>
            <numerusform> · im Zeitfenster mit %Ln gezeichneten Entitäten verbunden</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source> · PageRank #%1 of %2 drawn</source>
        <translation> · PageRank Nr. %1 von %2 gezeichneten</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Counts in the time window %1 only</source>
        <translation>Nur Zählungen im Zeitfenster %1</translation>
    </message>
    <message>
        <location line="+72"/>
        <source>Why %1 and %2 are linked: loading…</source>
        <translation>Warum %1 und %2 verbunden sind: wird geladen…</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Cannot list the neighbours: %1</source>
        <translation>Die Nachbarn können nicht aufgelistet werden: %1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 (not drawn)</source>
        <translation>%1 (nicht gezeichnet)</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Cannot list what they share: %1</source>
        <translation>Das Geteilte kann nicht aufgelistet werden: %1</translation>
    </message>
    <message numerus="yes">
        <location line="+15"/>
        <source>In the time window, %Ln chunk(s) mention both %1 and %2.</source>
        <translation>
            <numerusform>Im Zeitfenster nennt %Ln Chunk sowohl %1 als auch %2.</numerusform>
            <numerusform>Im Zeitfenster nennen %Ln Chunks sowohl %1 als auch %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%1 and %2 are linked because %Ln chunk(s) mention both.</source>
        <translation>
            <numerusform>%1 und %2 sind verbunden, weil %Ln Chunk beide nennt.</numerusform>
            <numerusform>%1 und %2 sind verbunden, weil %Ln Chunks beide nennen.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source> The oldest %1 are listed.</source>
        <translation> Die ältesten %1 sind aufgelistet.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> Click one to read it.</source>
        <translation> Einen anklicken, um ihn zu lesen.</translation>
    </message>
</context>
<context>
    <name>memlens::ui::FilteredView</name>
    <message>
        <location filename="../ui/widgets/filteredview.cpp" line="+25"/>
        <source>Filter…</source>
        <translation>Filtern…</translation>
    </message>
</context>
<context>
    <name>memlens::ui::ForgetFlow</name>
    <message>
        <location filename="../ui/vault/forgetflow.cpp" line="+56"/>
        <source>Forget…</source>
        <translation>Vergessen…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Remove this memory and every copy of its text</source>
        <translation>Diese Erinnerung und jede Kopie ihres Texts entfernen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The vault is open read-only: nothing can be forgotten</source>
        <translation>Der Tresor ist schreibgeschützt geöffnet: nichts kann vergessen werden</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Cannot forget %1: %2</source>
        <translation>%1 kann nicht vergessen werden: %2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Forget Memory</source>
        <translation>Erinnerung vergessen</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Forget %n memory(ies)?</source>
        <translation>
            <numerusform>%n Erinnerung vergessen?</numerusform>
            <numerusform>%n Erinnerungen vergessen?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>This touches %n summary(ies) built from it:</source>
        <translation>
            <numerusform>Das betrifft %n daraus gebildete Zusammenfassung:</numerusform>
            <numerusform>Das betrifft %n daraus gebildete Zusammenfassungen:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n re-sealed without it</source>
        <translation>
            <numerusform>%n ohne sie neu versiegelt</numerusform>
            <numerusform>%n ohne sie neu versiegelt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <location line="+50"/>
        <source>%n removed</source>
        <translation>
            <numerusform>%n entfernt</numerusform>
            <numerusform>%n entfernt</numerusform>
        </translation>
    </message>
    <message>
        <location line="-49"/>
        <source>Its text goes from the vault, the search indexes and the audit log. This cannot be undone.</source>
        <translation>Ihr Text verschwindet aus dem Tresor, den Suchindizes und dem Audit-Protokoll. Das lässt sich nicht rückgängig machen.</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Nothing was forgotten: %1</source>
        <translation>Nichts wurde vergessen: %1</translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>Forgot %n memory(ies)</source>
        <translation>
            <numerusform>%n Erinnerung vergessen</numerusform>
            <numerusform>%n Erinnerungen vergessen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n summary(ies) re-sealed</source>
        <translation>
            <numerusform>%n Zusammenfassung neu versiegelt</numerusform>
            <numerusform>%n Zusammenfassungen neu versiegelt</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>memlens::ui::GradeFlow</name>
    <message>
        <location filename="../ui/vault/gradeflow.cpp" line="+73"/>
        <source>Cannot read the grades: %1</source>
        <translation>Die Bewertungen lassen sich nicht lesen: %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <location line="+34"/>
        <source>Grade</source>
        <translation>Bewertung</translation>
    </message>
    <message>
        <location line="-33"/>
        <source>The vault is open read-only: grades are shown but cannot be changed. Open it for writing to grade hits.</source>
        <translation>Der Tresor ist schreibgeschützt geöffnet: Bewertungen werden gezeigt, lassen sich aber nicht ändern. Öffnen Sie ihn zum Schreiben, um Treffer zu bewerten.</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>The grade was not saved: %1</source>
        <translation>Die Bewertung wurde nicht gespeichert: %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Graded %1 %2 (%3)</source>
        <translation>%1 mit %2 bewertet (%3)</translation>
    </message>
</context>
<context>
    <name>memlens::ui::GraphControlsPanel</name>
    <message>
        <location filename="../ui/graph/graphcontrolspanel.cpp" line="+25"/>
        <source>Around the &amp;Hit</source>
        <translation>Um den &amp;Treffer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fit</source>
        <translation>Einpassen</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Find an entity… (Enter)</source>
        <translation>Entität suchen… (Eingabe)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Around the most mentioned</source>
        <translation>Um die Meistgenannten</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%Ln most mentioned</source>
        <translation>
            <numerusform>%Ln meistgenannte</numerusform>
            <numerusform>%Ln meistgenannte</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>What to draw: a readable neighbourhood of the most mentioned entities, or the N most mentioned entities of the vault</source>
        <translation>Was gezeichnet wird: eine lesbare Nachbarschaft der meistgenannten Entitäten oder die N meistgenannten Entitäten des Vaults</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>weight ≥ </source>
        <translation>Gewicht ≥ </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Draw only edges whose two entities share at least this many chunks</source>
        <translation>Nur Kanten zeichnen, deren beide Entitäten mindestens so viele Chunks teilen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Size: mentions</source>
        <translation>Größe: Nennungen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Size: degree</source>
        <translation>Größe: Grad</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Size: PageRank</source>
        <translation>Größe: PageRank</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Size: questions that reached it</source>
        <translation>Größe: Fragen, die es erreichten</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>What a node&apos;s size shows: how many nodes mention it, how many drawn entities it is linked to, its PageRank over the weights, or how many distinct logged questions returned one of its memories (the Overview&apos;s health reading; smallest: none)</source>
        <translation>Was die Größe eines Knotens zeigt: wie viele Knoten es erwähnen, mit wie vielen gezeichneten Entitäten es verbunden ist, sein PageRank über die Gewichte, oder wie viele verschiedene protokollierte Fragen eine seiner Erinnerungen lieferten (die Gesundheitslesung der Übersicht; am kleinsten: keine)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Draw the neighbourhood of the entities of the hit shown in the detail docks</source>
        <translation>Die Nachbarschaft der Entitäten des in den Detailleisten gezeigten Treffers zeichnen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Frame the shown nodes (0)</source>
        <translation>Die gezeigten Knoten einpassen (0)</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>● person  ■ organisation  ◆ topic  ▲ other kinds · colour: community</source>
        <translation>● Person  ■ Organisation  ◆ Thema  ▲ andere Arten · Farbe: Gemeinschaft</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Click: select · double-click: add neighbours · right-click: actions · drag: pan · wheel: zoom</source>
        <translation>Klick: wählen · Doppelklick: Nachbarn · Rechtsklick: Aktionen · Ziehen: verschieben · Rad: zoomen</translation>
    </message>
</context>
<context>
    <name>memlens::ui::GraphLoader</name>
    <message>
        <location filename="../ui/graph/graphloader.cpp" line="+26"/>
        <source>Loading and laying out the graph…</source>
        <translation>Graph wird geladen und angeordnet…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Cannot load the graph: %1</source>
        <translation>Graph kann nicht geladen werden: %1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Expanding %1…</source>
        <translation>%1 wird erweitert…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Cannot expand: %1</source>
        <translation>Erweitern nicht möglich: %1</translation>
    </message>
</context>
<context>
    <name>memlens::ui::GraphPage</name>
    <message>
        <location filename="../ui/pages/graphpage.cpp" line="+355"/>
        <source>Hide</source>
        <translation>Ausblenden</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Fit</source>
        <translation>Einpassen</translation>
    </message>
    <message>
        <location line="-245"/>
        <source>Selected</source>
        <translation>Gewählt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Communities</source>
        <translation>Gemeinschaften</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Aliases</source>
        <translation>Aliasse</translation>
    </message>
    <message>
        <location line="+200"/>
        <source>No drawn entity matches “%1”</source>
        <translation>Keine gezeichnete Entität passt zu „%1“</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Query This Topic: %1</source>
        <translation>Dieses Thema abfragen: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Expand (add neighbours)</source>
        <translation>Erweitern (Nachbarn hinzufügen)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Focus</source>
        <translation>Fokussieren</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+4"/>
        <source>Why Are %1 and %2 Linked?</source>
        <translation>Warum sind %1 und %2 verbunden?</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Show Hidden Entities</source>
        <translation>Ausgeblendete Entitäten zeigen</translation>
    </message>
</context>
<context>
    <name>memlens::ui::GraphTimeBar</name>
    <message>
        <location filename="../ui/graph/graphtimebar.cpp" line="+30"/>
        <source>&amp;Time window</source>
        <translation>&amp;Zeitfenster</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Show the graph as it stood between two dates: each edge drawn with the chunks it shares inside the window</source>
        <translation>Den Graphen zeigen, wie er zwischen zwei Daten stand: jede Kante mit den Chunks gezeichnet, die sie im Fenster teilt</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>times loading…</source>
        <translation>Zeiten werden geladen…</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>no times: %1</source>
        <translation>keine Zeiten: %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>no dated co-occurrences</source>
        <translation>keine datierten Kookkurrenzen</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>%1 (from the Trees timeline)</source>
        <translation>%1 (aus der Zeitleiste der Bäume)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>all time: %1</source>
        <translation>gesamte Zeit: %1</translation>
    </message>
</context>
<context>
    <name>memlens::ui::HitDetailPanel</name>
    <message>
        <location filename="../ui/pages/hitdetailpanel.cpp" line="+152"/>
        <source>Render &amp;Markdown</source>
        <translation>Markdown dar&amp;stellen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Drill Down</source>
        <translation>D&amp;rill-down</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fetch &amp;Leaves</source>
        <translation>B&amp;lätter abrufen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Forget…</source>
        <translation>Vergessen…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Biography…</source>
        <translation>Biografie …</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Copy Id</source>
        <translation>ID kopieren</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>Render the content as Markdown (images and links are never fetched)</source>
        <translation>Inhalt als Markdown darstellen (Bilder und Links werden nie geladen)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Run drill_down on this summary in the workbench</source>
        <translation>drill_down für diese Zusammenfassung in der Workbench ausführen</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+114"/>
        <source>Read the exact source text of the chunks under this node</source>
        <translation>Den genauen Quelltext der Chunks unter diesem Knoten lesen</translation>
    </message>
    <message>
        <location line="-100"/>
        <source>Remove this memory and every copy of its text from the vault</source>
        <translation>Diese Erinnerung und jede Kopie ihres Texts aus dem Tresor entfernen</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Every logged search that returned this memory, its grades and its versions</source>
        <translation>Jede protokollierte Suche, die diese Erinnerung lieferte, ihre Bewertungen und Versionen</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>No hit selected</source>
        <translation>Kein Treffer ausgewählt</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Select a hit, a summary or a leaf to see it here.</source>
        <translation>Wählen Sie einen Treffer, eine Zusammenfassung oder ein Blatt, um es hier zu sehen.</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Leaf chunk · %1</source>
        <translation>Blatt-Chunk · %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Summary L%1 · %2</source>
        <translation>Zusammenfassung L%1 · %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy the id %1</source>
        <translation>Die ID %1 kopieren</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&lt;b&gt;Time&lt;/b&gt; %1 UTC</source>
        <translation>&lt;b&gt;Zeit&lt;/b&gt; %1 UTC</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;b&gt;Tree&lt;/b&gt; %1 (%2)</source>
        <translation>&lt;b&gt;Baum&lt;/b&gt; %1 (%2)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;b&gt;Author&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Autor&lt;/b&gt; %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;Source ref&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Quellverweis&lt;/b&gt; %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&lt;b&gt;Tags&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Tags&lt;/b&gt; %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;b&gt;Children&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Kinder&lt;/b&gt; %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;b&gt;Score&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Score&lt;/b&gt; %1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&lt;b&gt;Rerank cosine&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Rerank-Kosinus&lt;/b&gt; %1</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>&lt;b&gt;An older version, not returned:&lt;/b&gt; a newer memory supersedes it, and its score × %1 put it below the hits.</source>
        <translation>&lt;b&gt;Eine ältere Version, nicht geliefert:&lt;/b&gt; eine neuere Erinnerung ersetzt sie, und ihr Score × %1 brachte sie unter die Treffer.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;b&gt;An older version:&lt;/b&gt; a newer memory supersedes it; its score counts × %1.</source>
        <translation>&lt;b&gt;Eine ältere Version:&lt;/b&gt; eine neuere Erinnerung ersetzt sie; ihr Score zählt × %1.</translation>
    </message>
    <message numerus="yes">
        <location line="+11"/>
        <source>&lt;b&gt;Superseded by&lt;/b&gt; %Ln newer memory(s)…</source>
        <translation>
            <numerusform>&lt;b&gt;Ersetzt durch&lt;/b&gt; %Ln neuere Erinnerung…</numerusform>
            <numerusform>&lt;b&gt;Ersetzt durch&lt;/b&gt; %Ln neuere Erinnerungen…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>&lt;b&gt;Supersedes&lt;/b&gt; %Ln older memory(s)…</source>
        <translation>
            <numerusform>&lt;b&gt;Ersetzt&lt;/b&gt; %Ln ältere Erinnerung…</numerusform>
            <numerusform>&lt;b&gt;Ersetzt&lt;/b&gt; %Ln ältere Erinnerungen…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>&lt;b&gt;Conflicts with&lt;/b&gt; %Ln candidate(s)…</source>
        <translation>
            <numerusform>&lt;b&gt;Widerspricht&lt;/b&gt; %Ln Kandidaten…</numerusform>
            <numerusform>&lt;b&gt;Widerspricht&lt;/b&gt; %Ln Kandidaten…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>&lt;b&gt;Supported by&lt;/b&gt; %Ln candidate(s)…</source>
        <translation>
            <numerusform>&lt;b&gt;Gestützt durch&lt;/b&gt; %Ln Kandidaten…</numerusform>
            <numerusform>&lt;b&gt;Gestützt durch&lt;/b&gt; %Ln Kandidaten…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+31"/>
        <source>&lt;b&gt;Superseded by&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Ersetzt durch&lt;/b&gt; %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;Supersedes&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Ersetzt&lt;/b&gt; %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;Conflicts with&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Widerspricht&lt;/b&gt; %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;Supported by&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Gestützt durch&lt;/b&gt; %1</translation>
    </message>
    <message>
        <location line="-72"/>
        <source>Drill down to a level-1 summary to fetch its leaves</source>
        <translation>Bis zu einer Zusammenfassung der Ebene 1 aufklappen, um ihre Blätter abzurufen</translation>
    </message>
    <message>
        <location line="-27"/>
        <source>&lt;b&gt;Walk score&lt;/b&gt; %1 (the route&apos;s: the cosine to the query, or how many of the query&apos;s entities it mentions)</source>
        <translation>&lt;b&gt;Walk-Score&lt;/b&gt; %1 (der Route: Kosinus zur Anfrage oder wie viele Entitäten der Anfrage er nennt)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;b&gt;Importance&lt;/b&gt; %1 (stored when it was written: length, distinct words, source, entities; not a match to the query)</source>
        <translation>&lt;b&gt;Wichtigkeit&lt;/b&gt; %1 (beim Schreiben gespeichert: Länge, verschiedene Wörter, Quelle, Entitäten; kein Abgleich mit der Anfrage)</translation>
    </message>
    <message>
        <location line="+145"/>
        <source>Matched in the neighbouring turns: %1</source>
        <translation>Gefunden in den benachbarten Beiträgen: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Matched in the turns two away: %1</source>
        <translation>Gefunden in den Beiträgen zwei weiter: %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cannot read them: %1</source>
        <translation>Sie können nicht gelesen werden: %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>— two away —</source>
        <translation>— zwei weiter —</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>Run query_topic for %1</source>
        <translation>query_topic für %1 ausführen</translation>
    </message>
</context>
<context>
    <name>memlens::ui::IndexBanner</name>
    <message>
        <location filename="../ui/widgets/indexbanner.cpp" line="+16"/>
        <location line="+56"/>
        <source>Rebuild Index</source>
        <translation>Index neu aufbauen</translation>
    </message>
    <message>
        <location line="-31"/>
        <source>Rebuilding the topic index from the vectors in vault.db…</source>
        <translation>Der Themenindex wird aus den Vektoren in vault.db neu aufgebaut…</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>&lt;b&gt;The topic index file is not usable&lt;/b&gt; (%1). Searches still work: each open reads every vector from vault.db again, which takes longer on a large vault. Rebuild Index writes the file again.</source>
        <translation>&lt;b&gt;Die Themenindex-Datei ist nicht nutzbar&lt;/b&gt; (%1). Suchen funktionieren weiter: Jedes Öffnen liest alle Vektoren erneut aus vault.db, was bei einem großen Vault länger dauert. „Index neu aufbauen“ schreibt die Datei neu.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>This vault is open read-only: open it writable to rebuild its topic index (or run memlens-cli reindex).</source>
        <translation>Dieser Vault ist schreibgeschützt geöffnet: Öffnen Sie ihn beschreibbar, um seinen Themenindex neu aufzubauen (oder führen Sie memlens-cli reindex aus).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Writes the topic tree and topic-index.bin again from the vault&apos;s vectors (memlens-cli reindex).</source>
        <translation>Schreibt den Themenbaum und topic-index.bin aus den Vektoren des Vaults neu (memlens-cli reindex).</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The topic index could not be rebuilt:

%1</source>
        <translation>Der Themenindex konnte nicht neu aufgebaut werden:

%1</translation>
    </message>
</context>
<context>
    <name>memlens::ui::IngestFlow</name>
    <message>
        <location filename="../ui/vault/ingestflow.cpp" line="+41"/>
        <source>Generating the demo corpus</source>
        <translation>Demo-Korpus wird erzeugt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reading</source>
        <translation>Lesen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Chunking</source>
        <translation>Chunking</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Embedding</source>
        <translation>Embedding</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Indexing</source>
        <translation>Indizieren</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sealing summary trees</source>
        <translation>Zusammenfassungsbäume werden versiegelt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Building the topic tree</source>
        <translation>Themenbaum wird aufgebaut</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Asking the demo&apos;s logged questions</source>
        <translation>Die protokollierten Fragen der Demo werden gestellt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Starting</source>
        <translation>Start</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: %2 of %3…</source>
        <translation>%1: %2 von %3…</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Starting…</source>
        <translation>Wird gestartet…</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Building the demo vault</source>
        <translation>Demo-Vault wird erstellt</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Importing</source>
        <translation>Importieren</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Cancelling: rolling back…</source>
        <translation>Abbruch: wird zurückgerollt…</translation>
    </message>
</context>
<context>
    <name>memlens::ui::LabPage</name>
    <message>
        <location filename="../ui/pages/labpage.cpp" line="+38"/>
        <source>What-if</source>
        <translation>Was-wäre-wenn</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Blast Radius</source>
        <translation>Reichweite</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ablation</source>
        <translation>Ablation</translation>
    </message>
    <message>
        <location filename="../ui/lab/labjobs.cpp" line="+65"/>
        <source>The audit log holds no search that kept its candidates: run a query (Query tab) and open it here.</source>
        <translation>Das Audit-Protokoll enthält keine Suche, die ihre Kandidaten aufbewahrt hat: eine Abfrage ausführen (Reiter Abfrage) und hier öffnen.</translation>
    </message>
</context>
<context>
    <name>memlens::ui::LabRowBar</name>
    <message>
        <location filename="../ui/lab/labrowbar.cpp" line="+23"/>
        <source>&amp;Open Row</source>
        <translation>Zeile ö&amp;ffnen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Newest Row</source>
        <translation>&amp;Neueste Zeile</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>row #</source>
        <translation>Zeile #</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>row #—</source>
        <translation>Zeile #—</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>An audit row: a logged search whose candidate pools the lab re-ranks</source>
        <translation>Eine Audit-Zeile: eine protokollierte Suche, deren Kandidatenpools das Labor neu ordnet</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Logged query:</source>
        <translation>Protokollierte Abfrage:</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Loading row #%1…</source>
        <translation>Zeile #%1 wird geladen…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Loading the newest row…</source>
        <translation>Die neueste Zeile wird geladen…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Cannot open the row</source>
        <translation>Die Zeile kann nicht geöffnet werden</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&lt;b&gt;#%1&lt;/b&gt; “%2” · %3 · %4</source>
        <translation>&lt;b&gt;#%1&lt;/b&gt; „%2“ · %3 · %4</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>asked here</source>
        <translation>hier gefragt</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Open a logged query (its audit row), or the newest one.</source>
        <translation>Eine protokollierte Abfrage (ihre Audit-Zeile) öffnen, oder die neueste.</translation>
    </message>
</context>
<context>
    <name>memlens::ui::LabSettingsPanel</name>
    <message>
        <location filename="../ui/lab/labsettingspanel.cpp" line="+49"/>
        <source>&amp;Reset to the Vault&apos;s</source>
        <translation>Auf den &amp;Vault zurücksetzen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Save to Vault</source>
        <translation>Im Vault &amp;speichern</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Undo Save</source>
        <translation>Speichern &amp;rückgängig</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Retrieve &amp;Again</source>
        <translation>&amp;Erneut abrufen</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&lt;b&gt;Settings&lt;/b&gt; (the vault&apos;s, as the lab would change them)</source>
        <translation>&lt;b&gt;Einstellungen&lt;/b&gt; (die des Vaults, wie das Labor sie ändern würde)</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Budget:</source>
        <translation>Budget:</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>any number of hits</source>
        <translation>beliebig viele Treffer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> hits</source>
        <translation> Treffer</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>any length</source>
        <translation>beliebige Länge</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> characters</source>
        <translation> Zeichen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This query&apos;s budget (max_units, max_chars), as the right side uses it: a choice of the query, not a setting, so Save to Vault leaves it</source>
        <translation>Das Budget dieser Abfrage (max_units, max_chars), wie die rechte Seite es nutzt: eine Wahl der Abfrage, keine Einstellung, daher lässt Im Vault speichern es unberührt</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Every setting back to the value the vault holds</source>
        <translation>Jede Einstellung zurück auf den Wert im Vault</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run the query&apos;s retrieval again with these settings: the settings that act inside a leg (marked ⟳) need it</source>
        <translation>Den Abruf der Abfrage mit diesen Einstellungen neu ausführen: Einstellungen, die innerhalb eines Zweigs wirken (markiert ⟳), brauchen das</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Write back the settings the vault held before the last save</source>
        <translation>Die Einstellungen zurückschreiben, die der Vault vor dem letzten Speichern hatte</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>&lt;b&gt;Re-ranked at once&lt;/b&gt; from the stored candidates</source>
        <translation>&lt;b&gt;Sofort neu geordnet&lt;/b&gt; aus den gespeicherten Kandidaten</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;b&gt;Need a new retrieval&lt;/b&gt; ⟳ (Retrieve Again)</source>
        <translation>&lt;b&gt;Brauchen einen neuen Abruf&lt;/b&gt; ⟳ (Erneut abrufen)</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>⟳ acts inside a leg: only a new retrieval (Retrieve Again) shows it</source>
        <translation>⟳ wirkt innerhalb eines Zweigs: nur ein neuer Abruf (Erneut abrufen) zeigt es</translation>
    </message>
    <message>
        <location line="+91"/>
        <source>The vault holds %1</source>
        <translation>Der Vault hat %1</translation>
    </message>
    <message>
        <location line="+73"/>
        <source>mode %1</source>
        <translation>Modus %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>fusion %1</source>
        <translation>Fusion %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>profile %1</source>
        <translation>Profil %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>λ %1</source>
        <translation>λ %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>recency boost %1</source>
        <translation>Aktualitäts-Boost %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This query chose its own %1: that wins over the settings above, as it did when it ran.</source>
        <translation>Diese Abfrage wählte selbst %1: das geht den Einstellungen oben vor, wie bei ihrer Ausführung.</translation>
    </message>
    <message>
        <location line="+19"/>
        <location line="+13"/>
        <source>Cannot save settings</source>
        <translation>Einstellungen können nicht gespeichert werden</translation>
    </message>
    <message>
        <location line="-12"/>
        <source>%1 is open read-only, so its settings cannot be saved; the what-if still works. Open it again without read-only to save.</source>
        <translation>%1 ist schreibgeschützt geöffnet, seine Einstellungen können nicht gespeichert werden; das Was-wäre-wenn funktioniert trotzdem. Zum Speichern ohne Schreibschutz erneut öffnen.</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Nothing to save: the vault holds these values already.</source>
        <translation>Nichts zu speichern: der Vault hat diese Werte schon.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Saved to the vault: %1. Undo Save writes back what it held.</source>
        <translation>Im Vault gespeichert: %1. Speichern rückgängig schreibt zurück, was er hatte.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Cannot undo the save</source>
        <translation>Das Speichern kann nicht rückgängig gemacht werden</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The vault&apos;s previous settings are back.</source>
        <translation>Die vorherigen Einstellungen des Vaults sind zurück.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The vault is open read-only: its settings cannot be saved</source>
        <translation>Der Vault ist schreibgeschützt geöffnet: seine Einstellungen können nicht gespeichert werden</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Write these settings into the vault (Undo Save takes them back)</source>
        <translation>Diese Einstellungen in den Vault schreiben (Speichern rückgängig nimmt sie zurück)</translation>
    </message>
</context>
<context>
    <name>memlens::ui::LanguageMenu</name>
    <message>
        <location filename="../ui/widgets/languagemenu.cpp" line="+11"/>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>memlens has no translation for %1; the interface stays in English.</source>
        <translation>Für %1 hat memlens keine Übersetzung; die Oberfläche bleibt englisch.</translation>
    </message>
</context>
<context>
    <name>memlens::ui::MainWindow</name>
    <message>
        <location filename="../ui/mainwindow.cpp" line="+90"/>
        <location line="+212"/>
        <source>memlens</source>
        <translation>memlens</translation>
    </message>
    <message>
        <location line="-206"/>
        <source>Overview</source>
        <translation>Übersicht</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Query</source>
        <translation>Abfrage</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Trees</source>
        <translation>Bäume</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Graph</source>
        <translation>Graph</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Audit</source>
        <translation>Audit</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lab</source>
        <translation>Labor</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Opening %1…</source>
        <translation>%1 wird geöffnet…</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Damaged vault</source>
        <translation>Beschädigter Vault</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 failed SQLite&apos;s integrity check, so memlens shows it read-only and writes nothing to it (no import, no audit row).

%2</source>
        <translation>%1 hat die Integritätsprüfung von SQLite nicht bestanden; memlens zeigt ihn deshalb schreibgeschützt an und schreibt nichts hinein (kein Import, keine Audit-Zeile).

%2</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Focus &amp;Query</source>
        <translation>&amp;Abfrage fokussieren</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The new language applies once the import has finished.</source>
        <translation>Die neue Sprache gilt, sobald der Import abgeschlossen ist.</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>&amp;Open Vault…</source>
        <translation>Vault ö&amp;ffnen…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open a vault folder or an OpenHuman workspace</source>
        <translation>Einen Vault-Ordner oder einen OpenHuman-Workspace öffnen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open Vault &amp;Read-Only…</source>
        <translation>Vault &amp;schreibgeschützt öffnen…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Open &amp;Demo Vault</source>
        <translation>&amp;Demo-Vault öffnen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Build (once) and open a generated workspace of ~5,000 chunks</source>
        <translation>Einen generierten Workspace mit ca. 5.000 Chunks (einmalig) erstellen und öffnen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Import Files…</source>
        <translation>Dateien &amp;importieren…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Import JSONL messages, Markdown or LoCoMo JSON into this vault</source>
        <translation>JSONL-Nachrichten, Markdown oder LoCoMo-JSON in dieses Vault importieren</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Import Markdown &amp;Folder…</source>
        <translation>Markdown-&amp;Ordner importieren…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Re&amp;load</source>
        <translation>&amp;Neu laden</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Close Vault</source>
        <translation>Vault s&amp;chließen</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Query</source>
        <translation>Ab&amp;frage</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Why &amp;Not…</source>
        <translation>Warum &amp;nicht…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Metrics…</source>
        <translation>&amp;Kennzahlen …</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>NDCG, recall, precision and MRR of the ranking over the vault&apos;s judged queries, with their intervals</source>
        <translation>NDCG, Recall, Präzision und MRR des Rankings über die bewerteten Anfragen des Tresors, mit ihren Intervallen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Calibration…</source>
        <translation>&amp;Kalibrierung …</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>How the scores of relevant and other hits spread over the judged queries, and the vault&apos;s no-match threshold</source>
        <translation>Wie sich die Werte relevanter und anderer Treffer über die bewerteten Anfragen verteilen, und die Kein-Treffer-Schwelle des Tresors</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Ask why the current query did not return a memory (its turn or message id, a file and line, some words, or its id)</source>
        <translation>Fragen, warum die aktuelle Anfrage eine Erinnerung nicht lieferte (ihre Turn- oder Nachrichten-ID, Datei und Zeile, einige Wörter oder ihre ID)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Go to Memory…</source>
        <translation>&amp;Gehe zu Erinnerung…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Go to Memory</source>
        <translation>Gehe zu Erinnerung</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A turn or message id (D1:4, or &apos;conv-26 D1:4&apos; when several conversations have it), a file and line, or an id:</source>
        <translation>Eine Turn- oder Nachrichten-ID (D1:4, oder &apos;conv-26 D1:4&apos;, wenn mehrere Gespräche sie haben), Datei und Zeile oder eine ID:</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Show a memory in Hit Detail by the name you know it by</source>
        <translation>Eine Erinnerung unter dem Namen, unter dem Sie sie kennen, in den Treffer-Details zeigen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Concepts</source>
        <translation>&amp;Konzepte</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;About memlens</source>
        <translation>Ü&amp;ber memlens</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>About &amp;Qt</source>
        <translation>Über &amp;Qt</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Vault</source>
        <translation>Vault</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Query Parameters</source>
        <translation>Abfrageparameter</translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+16"/>
        <source>Hit Detail</source>
        <translation>Trefferdetails</translation>
    </message>
    <message>
        <location line="-13"/>
        <location line="+15"/>
        <source>Score Breakdown</source>
        <translation>Score-Aufschlüsselung</translation>
    </message>
    <message>
        <location line="-13"/>
        <location line="+15"/>
        <source>MMR Choices</source>
        <translation>MMR-Auswahl</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Hit Detail · from the Query and Trees pages</source>
        <translation>Trefferdetails · von den Seiten Abfrage und Bäume</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Score Breakdown · of the Query page&apos;s hit</source>
        <translation>Score-Aufschlüsselung · des Treffers der Seite Abfrage</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>MMR Choices · of the Query page&apos;s query</source>
        <translation>MMR-Auswahl · der Abfrage der Seite Abfrage</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>&amp;Reset Layout</source>
        <translation>&amp;Layout zurücksetzen</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+179"/>
        <source>Read-only</source>
        <translation>Schreibgeschützt</translation>
    </message>
    <message>
        <location line="-178"/>
        <location line="+182"/>
        <source>This vault is open read-only: imports are disabled.</source>
        <translation>Dieses Vault ist schreibgeschützt geöffnet: Importe sind deaktiviert.</translation>
    </message>
    <message>
        <location line="-176"/>
        <source>Working in the background…</source>
        <translation>Arbeitet im Hintergrund…</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>Clear Recent</source>
        <translation>Liste leeren</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Open Vault Read-Only</source>
        <translation>Vault schreibgeschützt öffnen</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Open Vault</source>
        <translation>Vault öffnen</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Import into %1</source>
        <translation>In %1 importieren</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Memory files (*.jsonl *.ndjson *.json *.md);;All files (*)</source>
        <translation>Gedächtnisdateien (*.jsonl *.ndjson *.json *.md);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Import a Markdown folder</source>
        <translation>Markdown-Ordner importieren</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Demo build cancelled.</source>
        <translation>Erstellung des Demo-Vaults abgebrochen.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Import cancelled: the vault is unchanged.</source>
        <translation>Import abgebrochen: Das Vault ist unverändert.</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Import cancelled after %n message(s): they are stored; importing again adds the rest.</source>
        <translation>
            <numerusform>Import nach %n Nachricht abgebrochen: sie ist gespeichert; ein erneuter Import fügt den Rest hinzu.</numerusform>
            <numerusform>Import nach %n Nachrichten abgebrochen: sie sind gespeichert; ein erneuter Import fügt den Rest hinzu.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Demo vault</source>
        <translation>Demo-Vault</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Import failed</source>
        <translation>Import fehlgeschlagen</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Ingested %1 from %2 in %3 s</source>
        <translation>%1 aus %2 in %3 s aufgenommen</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <location line="+49"/>
        <source>%Ln chunk(s)</source>
        <translation>
            <numerusform>%Ln Chunk</numerusform>
            <numerusform>%Ln Chunks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="-48"/>
        <location line="+47"/>
        <source>%Ln source(s)</source>
        <translation>
            <numerusform>%Ln Quelle</numerusform>
            <numerusform>%Ln Quellen</numerusform>
        </translation>
    </message>
    <message>
        <location line="-28"/>
        <source>Every view now shows %1 only.</source>
        <translation>Jede Ansicht zeigt jetzt nur %1.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time filter cleared: every view shows all of the vault.</source>
        <translation>Zeitfilter aufgehoben: Jede Ansicht zeigt den ganzen Tresor.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 — memlens</source>
        <translation>%1 – memlens</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Read-only: damaged</source>
        <translation>Schreibgeschützt: beschädigt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This vault failed SQLite&apos;s integrity check, so nothing is written to it.

%1</source>
        <translation>Dieser Vault hat die Integritätsprüfung von SQLite nicht bestanden; deshalb wird nichts hineingeschrieben.

%1</translation>
    </message>
    <message numerus="yes">
        <location line="+9"/>
        <source>%Ln summary(s)</source>
        <translation>
            <numerusform>%Ln Zusammenfassung</numerusform>
            <numerusform>%Ln Zusammenfassungen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln tree(s)</source>
        <translation>
            <numerusform>%Ln Baum</numerusform>
            <numerusform>%Ln Bäume</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln entity(s)</source>
        <translation>
            <numerusform>%Ln Entität</numerusform>
            <numerusform>%Ln Entitäten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln edge(s)</source>
        <translation>
            <numerusform>%Ln Kante</numerusform>
            <numerusform>%Ln Kanten</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Opened %1 in %2 s</source>
        <translation>%1 in %2 s geöffnet</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Cannot open %1</source>
        <translation>%1 kann nicht geöffnet werden</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cannot open vault</source>
        <translation>Vault kann nicht geöffnet werden</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>memlens could not open %1.

%2</source>
        <translation>memlens konnte %1 nicht öffnen.

%2</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>About memlens</source>
        <translation>Über memlens</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;h3&gt;memlens %1&lt;/h3&gt;&lt;p&gt;An inspector for an AI agent&apos;s long-term memory vault: summary trees, hybrid retrieval with explained scores, MMR choices, the entity graph and the audit log.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;memlens %1&lt;/h3&gt;&lt;p&gt;Ein Inspektor für das Langzeitgedächtnis-Vault eines KI-Agenten: Zusammenfassungsbäume, hybrides Retrieval mit erklärten Scores, MMR-Auswahl, Entitätsgraph und Audit-Log.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>memlens::ui::MetricsDialog</name>
    <message>
        <location filename="../ui/dialogs/metricsdialog.cpp" line="+34"/>
        <source>&amp;Measure</source>
        <translation>&amp;Messen</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Metrics over the judged queries</source>
        <translation>Kennzahlen über die bewerteten Anfragen</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>k = </source>
        <translation>k = </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How many hits of each query count</source>
        <translation>Wie viele Treffer jeder Anfrage zählen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Metric</source>
        <translation>Kennzahl</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Mean</source>
        <translation>Mittel</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>95% interval</source>
        <translation>95-%-Intervall</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>In words</source>
        <translation>In Worten</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>NDCG</source>
        <translation>NDCG</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Recall</source>
        <translation>Recall</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Precision</source>
        <translation>Präzision</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Reciprocal rank</source>
        <translation>Reziproker Rang</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Relevant</source>
        <translation>Relevant</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Query</source>
        <translation>Anfrage</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Each judged query, the worst first</source>
        <translation>Jede bewertete Anfrage, die schlechteste zuerst</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Open a vault first.</source>
        <translation>Öffnen Sie zuerst einen Tresor.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Asking every judged query again…</source>
        <translation>Jede bewertete Anfrage wird erneut gestellt …</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Not measured: %1</source>
        <translation>Nicht gemessen: %1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>No judged query has a relevant hit yet: grade hits with the keys 0–3 on the Query page, or import TREC qrels (memlens-cli judge import).</source>
        <translation>Noch keine bewertete Anfrage hat einen relevanten Treffer: Bewerten Sie Treffer mit den Tasten 0–3 auf der Anfrageseite oder importieren Sie TREC-qrels (memlens-cli judge import).</translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>%n judged query(ies), each asked again with the vault&apos;s settings; the first %1 hits count.</source>
        <translation>
            <numerusform>%n bewertete Anfrage, erneut gestellt mit den Einstellungen des Tresors; die ersten %1 Treffer zählen.</numerusform>
            <numerusform>%n bewertete Anfragen, jede erneut gestellt mit den Einstellungen des Tresors; die ersten %1 Treffer zählen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>%n judged query(ies) without a relevant hit are not scored.</source>
        <translation>
            <numerusform>%n bewertete Anfrage ohne relevanten Treffer wird nicht gewertet.</numerusform>
            <numerusform>%n bewertete Anfragen ohne relevanten Treffer werden nicht gewertet.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 to %2</source>
        <translation>%1 bis %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>NDCG@%1</source>
        <translation>NDCG@%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1% of the best order the grades allow</source>
        <translation>%1 % der besten Reihenfolge, die die Bewertungen zulassen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>recall@%1</source>
        <translation>recall@%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1% of the relevant memories are in the first %2</source>
        <translation>%1 % der relevanten Erinnerungen sind unter den ersten %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>precision@%1</source>
        <translation>precision@%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1% of the first %2 hits are relevant</source>
        <translation>%1 % der ersten %2 Treffer sind relevant</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MRR</source>
        <translation>MRR</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the first relevant hit comes at rank %1 on average (harmonic)</source>
        <translation>der erste relevante Treffer kommt im Mittel auf Rang %1 (harmonisch)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no relevant hit in the first %1</source>
        <translation>kein relevanter Treffer unter den ersten %1</translation>
    </message>
</context>
<context>
    <name>memlens::ui::MmrModel</name>
    <message>
        <location filename="../ui/models/mmrmodel.cpp" line="+87"/>
        <source>▲ %1 (fused #%2)</source>
        <translation>▲ %1 (fusioniert #%2)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>▼ %1 (fused #%2)</source>
        <translation>▼ %1 (fusioniert #%2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>= (fused #%1)</source>
        <translation>= (fusioniert #%1)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>picked at step %1, then cut by the %2 budget</source>
        <translation>in Schritt %1 gewählt, dann vom Budget %2 gekappt</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>not kept: too similar to %1 (cosine %2 above the floor %3); without that it would have scored %4 &gt; %5</source>
        <translation>nicht behalten: zu ähnlich zu %1 (Kosinus %2 über der Schwelle %3); ohne das hätte es %4 &gt; %5 erzielt</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>not considered: its score %1 is below the vault&apos;s no-match threshold</source>
        <translation>nicht berücksichtigt: sein Wert %1 liegt unter der Kein-Treffer-Schwelle des Tresors</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>below the limit: %1 &lt; %2 of the last pick%3</source>
        <translation>unter dem Limit: %1 &lt; %2 der letzten Wahl%3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (its redundancy did not decide)</source>
        <translation> (seine Redundanz entschied nicht)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>first pick: the best fused hit</source>
        <translation>erste Wahl: der beste fusionierte Treffer</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>picked, penalised for its similarity to %1</source>
        <translation>gewählt, abgewertet für seine Ähnlichkeit zu %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>picked by relevance</source>
        <translation>nach Relevanz gewählt</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>first pick</source>
        <translation>erste Wahl</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>At the step that picked it: </source>
        <translation>Im Schritt, der es wählte: </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>At the last step, which it lost: </source>
        <translation>Im letzten Schritt, den es verlor: </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>λ·relevance − (1−λ)·redundancy = %1·%2 − %3·%4</source>
        <translation>λ·Relevanz − (1−λ)·Redundanz = %1·%2 − %3·%4</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>cosine %1 to the most similar earlier pick; above the floor %2: (cos − floor) / (1 − floor) = %3</source>
        <translation>Kosinus %1 zur ähnlichsten früheren Wahl; über der Schwelle %2: (cos − Schwelle) / (1 − Schwelle) = %3</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Graded %1 (%2) for this query</source>
        <translation>Für diese Anfrage mit %1 bewertet (%2)</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Redundancy</source>
        <translation>Redundanz</translation>
    </message>
    <message>
        <location line="-160"/>
        <location line="+17"/>
        <location line="+21"/>
        <source>pick %1</source>
        <translation>Wahl %1</translation>
    </message>
    <message>
        <location line="-53"/>
        <source>out (fused #%1)</source>
        <translation>draußen (fusioniert #%1)</translation>
    </message>
    <message>
        <location line="+95"/>
        <source>Most similar earlier pick: %1</source>
        <translation>Ähnlichste frühere Wahl: %1</translation>
    </message>
    <message>
        <location line="+74"/>
        <source>Pick</source>
        <translation>Wahl</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Movement</source>
        <translation>Bewegung</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Relevance</source>
        <translation>Relevanz</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Penalised by</source>
        <translation>Abgewertet durch</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>MMR score</source>
        <translation>MMR-Score</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Why here</source>
        <translation>Warum hier</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Hit</source>
        <translation>Treffer</translation>
    </message>
</context>
<context>
    <name>memlens::ui::MmrPanel</name>
    <message>
        <location filename="../ui/pages/mmrpanel.cpp" line="+53"/>
        <source>Run a hybrid, keyword or semantic query to see how MMR picked its hits.</source>
        <translation>Führen Sie eine hybride, Keyword- oder semantische Abfrage aus, um zu sehen, wie MMR die Treffer gewählt hat.</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>MMR score = λ·relevance − (1−λ)·redundancy, with λ = %1; redundancy = (cos − floor) / (1 − floor) to the most similar earlier pick, 0 below the redundancy floor %2.</source>
        <translation>MMR-Score = λ·Relevanz − (1−λ)·Redundanz, mit λ = %1; Redundanz = (cos − Schwelle) / (1 − Schwelle) zur ähnlichsten früheren Wahl, 0 unter der Redundanzschwelle %2.</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Picked %n hit(s) (%1 moved down); left out: %2 too similar to a pick, %3 below the limit, %4 cut by a budget.</source>
        <translation>
            <numerusform>%n Treffer gewählt (%1 nach unten verschoben); ausgelassen: %2 zu ähnlich zu einer Wahl, %3 unter dem Limit, %4 von einem Budget gekappt.</numerusform>
            <numerusform>%n Treffer gewählt (%1 nach unten verschoben); ausgelassen: %2 zu ähnlich zu einer Wahl, %3 unter dem Limit, %4 von einem Budget gekappt.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+9"/>
        <source>%n candidate(s) below the vault&apos;s no-match threshold were not considered.</source>
        <translation>
            <numerusform>%n Kandidat unter der Kein-Treffer-Schwelle des Tresors wurde nicht berücksichtigt.</numerusform>
            <numerusform>%n Kandidaten unter der Kein-Treffer-Schwelle des Tresors wurden nicht berücksichtigt.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No candidate came within the floor of a pick, so λ changed nothing here: the order is the fused order.</source>
        <translation>Kein Kandidat kam über die Schwelle zu einer Wahl, daher änderte λ hier nichts: Die Reihenfolge ist die fusionierte.</translation>
    </message>
</context>
<context>
    <name>memlens::ui::NodeLookup</name>
    <message>
        <location filename="../ui/vault/nodelookup.cpp" line="+57"/>
        <source>no node has this id</source>
        <translation>kein Knoten hat diese ID</translation>
    </message>
</context>
<context>
    <name>memlens::ui::OverviewPage</name>
    <message>
        <location filename="../ui/pages/overviewpage.cpp" line="+59"/>
        <source>Refresh</source>
        <translation>Aktualisieren</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Sources</source>
        <translation>Quellen</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Imported sources: channels, threads, documents, conversations.</source>
        <translation>Importierte Quellen: Kanäle, Threads, Dokumente, Unterhaltungen.</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+240"/>
        <source>Chunks</source>
        <translation>Chunks</translation>
    </message>
    <message>
        <location line="-240"/>
        <source>Leaves: the raw chunks retrieval can cite.</source>
        <translation>Blätter: die Roh-Chunks, die das Retrieval zitieren kann.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Summaries</source>
        <translation>Zusammenfassungen</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Sealed summary nodes at level 1 and above.</source>
        <translation>Versiegelte Zusammenfassungsknoten ab Ebene 1.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Trees</source>
        <translation>Bäume</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Summary trees: one per source.</source>
        <translation>Zusammenfassungsbäume: einer pro Quelle.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Entities</source>
        <translation>Entitäten</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Distinct canonical entity ids in the entity index.</source>
        <translation>Verschiedene kanonische Entitäts-IDs im Entitätsindex.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Edges</source>
        <translation>Kanten</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Co-occurrence edges of the entity graph.</source>
        <translation>Kookkurrenzkanten des Entitätsgraphen.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Embeddings</source>
        <translation>Embeddings</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Stored vectors for chunks and summaries.</source>
        <translation>Gespeicherte Vektoren für Chunks und Zusammenfassungen.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Audit rows</source>
        <translation>Audit-Einträge</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Queries recorded in retrieval_log.</source>
        <translation>In retrieval_log protokollierte Abfragen.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Chunks over time (UTC): drag across it to filter every view to that time</source>
        <translation>Chunks im Zeitverlauf (UTC): Ziehen Sie darüber, um jede Ansicht auf diese Zeit zu filtern</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Chunks by source kind</source>
        <translation>Chunks nach Quellenart</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Health (from the audit log)</source>
        <translation>Zustand (aus dem Prüfprotokoll)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Read the audit log again: searches logged since the vault opened count too</source>
        <translation>Das Prüfprotokoll neu lesen: Auch seit dem Öffnen protokollierte Suchen zählen</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Questions</source>
        <translation>Fragen</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Share</source>
        <translation>Anteil</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Unrelated</source>
        <translation>Ohne Bezug</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Memory</source>
        <translation>Erinnerung</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Distinct logged questions that returned it</source>
        <translation>Verschiedene protokollierte Fragen, die sie lieferten</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Of all distinct questions logged</source>
        <translation>Von allen verschiedenen protokollierten Fragen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Of pairs of those questions, the share that have no word in common</source>
        <translation>Anteil der Fragenpaare ohne gemeinsames Wort</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>OpenHuman workspace</source>
        <translation>OpenHuman-Workspace</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>memlens vault, schema %1</source>
        <translation>memlens-Vault, Schema %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>read-only</source>
        <translation>schreibgeschützt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>revision %1</source>
        <translation>Revision %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 to %2 (UTC)</source>
        <translation>%1 bis %2 (UTC)</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>An OpenHuman workspace keeps no audit log to read.</source>
        <translation>Ein OpenHuman-Arbeitsbereich führt kein Prüfprotokoll.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Reading the audit log…</source>
        <translation>Prüfprotokoll wird gelesen …</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>The audit log could not be read: %1</source>
        <translation>Das Prüfprotokoll ließ sich nicht lesen: %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>No search was logged in the time filter&apos;s range (%1): nothing to say about what searches reach.</source>
        <translation>Im Bereich des Zeitfilters (%1) wurde keine Suche protokolliert: Über die Reichweite der Suchen lässt sich nichts sagen.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No search has been logged yet: nothing to say about what searches reach.</source>
        <translation>Noch keine Suche protokolliert: Über die Reichweite der Suchen lässt sich nichts sagen.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1: %2 of %3</source>
        <translation>%1: %2 von %3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 of %2 memories (%3%) were returned by none of the %4 logged searches (%5 distinct questions).</source>
        <translation>%1 von %2 Erinnerungen (%3 %) lieferte keine der %4 protokollierten Suchen (%5 verschiedene Fragen).</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Searches logged %1 (the time filter):</source>
        <translation>Suchen, protokolliert %1 (der Zeitfilter):</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Never returned, by age: %1.</source>
        <translation>Nie geliefert, nach Alter: %1.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Most never returned: %1 (%2 of %3).</source>
        <translation>Am häufigsten nie geliefert: %1 (%2 von %3).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>No magnet: no memory comes back for many unrelated questions.</source>
        <translation>Kein Magnet: Keine Erinnerung kommt bei vielen unzusammenhängenden Fragen zurück.</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n magnet(s): memories that come back for many unrelated questions, below.</source>
        <translation>
            <numerusform>%n Magnet: eine Erinnerung, die bei vielen unzusammenhängenden Fragen zurückkommt, unten.</numerusform>
            <numerusform>%n Magnete: Erinnerungen, die bei vielen unzusammenhängenden Fragen zurückkommen, unten.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+15"/>
        <source>Returned for %n question(s), among them:</source>
        <translation>
            <numerusform>Für %n Frage geliefert, darunter:</numerusform>
            <numerusform>Für %n Fragen geliefert, darunter:</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>memlens::ui::QueryForm</name>
    <message>
        <location filename="../ui/pages/queryform.cpp" line="+17"/>
        <source>Hybrid search modes first, then the retrieval primitives.</source>
        <translation>Zuerst die hybriden Suchmodi, dann die Abrufprimitive.</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>&amp;Mode:</source>
        <translation>&amp;Modus:</translation>
    </message>
    <message>
        <location line="+69"/>
        <source>Fusion</source>
        <translation>Fusion</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>vault setting</source>
        <translation>Vault-Einstellung</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>weighted RRF</source>
        <translation>gewichtete RRF</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>WeightProfile fold</source>
        <translation>WeightProfile-Faltung</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>MMR λ: 1 = pure relevance, 0 = pure diversity (default %1).</source>
        <translation>MMR λ: 1 = reine Relevanz, 0 = reine Vielfalt (Standard %1).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>RRF × (1 + boost × 1/(1 + age in days)); 0 = off.</source>
        <translation>RRF × (1 + Bonus × 1/(1 + Alter in Tagen)); 0 = aus.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Search summaries too</source>
        <translation>Auch Zusammenfassungen durchsuchen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Partially checked: the vault setting.</source>
        <translation>Teilweise markiert: die Vault-Einstellung.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exact vector scan (ground truth)</source>
        <translation>Exakter Vektorscan (Ground Truth)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fusion:</source>
        <translation>Fusion:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Profile:</source>
        <translation>Profil:</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+157"/>
        <location line="+18"/>
        <location line="+17"/>
        <location line="+20"/>
        <location line="+14"/>
        <location line="+15"/>
        <source>Limit:</source>
        <translation>Limit:</translation>
    </message>
    <message>
        <location line="-240"/>
        <source>MMR λ:</source>
        <translation>MMR λ:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Recency boost:</source>
        <translation>Aktualitätsbonus:</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Scope</source>
        <translation>Bereich</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>any (comma-separated)</source>
        <translation>beliebig (kommagetrennt)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>any, e.g. deploy, launch</source>
        <translation>beliebig, z. B. deploy, launch</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>any, e.g. todo, work (memories only)</source>
        <translation>beliebig, z. B. todo, work (nur Erinnerungen)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Only memories stored with one of these tags (case is ignored); summaries are left out</source>
        <translation>Nur Erinnerungen, die mit einem dieser Tags gespeichert wurden (Groß-/Kleinschreibung egal); Zusammenfassungen entfallen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>any, e.g. text, code</source>
        <translation>beliebig, z. B. text, code</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+135"/>
        <location line="+20"/>
        <location line="+16"/>
        <source>since</source>
        <translation>ab</translation>
    </message>
    <message>
        <location line="-170"/>
        <location line="+135"/>
        <location line="+20"/>
        <location line="+16"/>
        <source>until</source>
        <translation>bis</translation>
    </message>
    <message>
        <location line="-170"/>
        <source>Source kinds:</source>
        <translation>Quellenarten:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Namespaces:</source>
        <translation>Namespaces:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Topics:</source>
        <translation>Themen:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tags:</source>
        <translation>Tags:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Content types:</source>
        <translation>Inhaltstypen:</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Budgets</source>
        <translation>Budgets</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>none</source>
        <translation>keins</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Max units:</source>
        <translation>Max. Einheiten:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Max chars:</source>
        <translation>Max. Zeichen:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Max ms:</source>
        <translation>Max. ms:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Retrieval Settings</source>
        <translation>Retrieval-Einstellungen</translation>
    </message>
    <message>
        <location line="+64"/>
        <location line="+4"/>
        <location line="+3"/>
        <location line="+2"/>
        <location line="+2"/>
        <source>vault (%1)</source>
        <translation>Vault (%1)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Partially checked: the vault setting (%1).</source>
        <translation>Teilweise markiert: die Vault-Einstellung (%1).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>on</source>
        <translation>an</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>With query text, hits are reranked by cosine; without, newest first.</source>
        <translation>Mit Abfragetext werden Treffer nach Kosinus neu gereiht, ohne die neuesten zuerst.</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+113"/>
        <source>any time</source>
        <translation>jederzeit</translation>
    </message>
    <message>
        <location line="-112"/>
        <location line="+113"/>
        <source> days</source>
        <translation> Tage</translation>
    </message>
    <message>
        <location line="-110"/>
        <location line="+56"/>
        <source>Source id:</source>
        <translation>Quellen-ID:</translation>
    </message>
    <message>
        <location line="-55"/>
        <location line="+19"/>
        <location line="+37"/>
        <source>Source kind:</source>
        <translation>Quellenart:</translation>
    </message>
    <message>
        <location line="-55"/>
        <source>Time window:</source>
        <translation>Zeitfenster:</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>canonical id, e.g. person:alice</source>
        <translation>kanonische ID, z. B. person:alice</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Entity:</source>
        <translation>Entität:</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Drag over the timeline on the Trees page to pick a window.</source>
        <translation>Ziehen Sie auf der Seite „Bäume“ über die Zeitleiste, um ein Fenster zu wählen.</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>The query text is the name to look up.</source>
        <translation>Der Abfragetext ist der gesuchte Name.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>any, e.g. person, email</source>
        <translation>beliebig, z. B. person, email</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Kinds:</source>
        <translation>Arten:</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>With query text, the children are reranked by cosine.</source>
        <translation>Mit Abfragetext werden die Kinder nach Kosinus neu gereiht.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>summary id</source>
        <translation>Zusammenfassungs-ID</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no limit</source>
        <translation>unbegrenzt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Node:</source>
        <translation>Knoten:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Depth:</source>
        <translation>Tiefe:</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>chunk ids, comma-separated</source>
        <translation>Chunk-IDs, kommagetrennt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Chunk ids:</source>
        <translation>Chunk-IDs:</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Name two people or topics to take the local route.</source>
        <translation>Nennen Sie zwei Personen oder Themen, um die lokale Route zu nehmen.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Limit (k):</source>
        <translation>Limit (k):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Max hops (h):</source>
        <translation>Max. Sprünge (h):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Look back:</source>
        <translation>Rückblick:</translation>
    </message>
</context>
<context>
    <name>memlens::ui::QueryPage</name>
    <message>
        <location filename="../ui/pages/querypage.cpp" line="+14"/>
        <source>&amp;Run</source>
        <translation>Aus&amp;führen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Ask the memory… (Enter to run, Ctrl+L to focus)</source>
        <translation>Das Gedächtnis fragen… (Eingabe führt aus, Strg+L fokussiert)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Run the query (Enter, Ctrl+Return)</source>
        <translation>Abfrage ausführen (Eingabe, Strg+Eingabe)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancel the running query (Esc)</source>
        <translation>Laufende Abfrage abbrechen (Esc)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The mode Enter runs the typed query in (also under Query Parameters)</source>
        <translation>Der Modus, in dem die Eingabetaste die getippte Abfrage ausführt (auch unter Abfrageparameter)</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Filter results…</source>
        <translation>Ergebnisse filtern…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>All nodes</source>
        <translation>Alle Knoten</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Leaves only</source>
        <translation>Nur Blätter</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Summaries only</source>
        <translation>Nur Zusammenfassungen</translation>
    </message>
    <message>
        <location line="-44"/>
        <location line="+303"/>
        <source>Cancelled.</source>
        <translation>Abgebrochen.</translation>
    </message>
    <message>
        <location line="-254"/>
        <source>List the older versions that newer memories superseded and the supersession penalty kept out of the hits, greyed, after the hits</source>
        <translation>Die älteren Versionen, die neuere Erinnerungen ersetzt haben und die der Ersetzungsabschlag aus den Treffern hielt, ausgegraut nach den Treffern auflisten</translation>
    </message>
    <message>
        <location line="+151"/>
        <source>Running %1…</source>
        <translation>%1 läuft…</translation>
    </message>
    <message numerus="yes">
        <location line="+9"/>
        <source>Show %Ln older version(s)</source>
        <translation>
            <numerusform>%Ln ältere Version zeigen</numerusform>
            <numerusform>%Ln ältere Versionen zeigen</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No results: %1</source>
        <translation>Keine Ergebnisse: %1</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>%1 on %2</source>
        <translation>%1 zu %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+3"/>
        <location line="+6"/>
        <location line="+4"/>
        <location line="+3"/>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <location line="-10"/>
        <source>every source</source>
        <translation>allen Quellen</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%Ln chunk(s)</source>
        <translation>
            <numerusform>%Ln Chunk</numerusform>
            <numerusform>%Ln Chunks</numerusform>
        </translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 “%2”</source>
        <translation>%1 „%2“</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1, reranked by “%2”</source>
        <translation>%1, neu gereiht nach „%2“</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>None of the words %1 occurs in the searched scope.</source>
        <translation>Keines der Wörter %1 kommt im durchsuchten Bereich vor.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>None of the words %1 occurs in this vault.</source>
        <translation>Keines der Wörter %1 kommt in diesem Tresor vor.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No memory is closer in meaning to the query than made-up words are: the closest reaches similarity %1, made-up words reach %2 here.</source>
        <translation>Keine Erinnerung ist der Anfrage inhaltlich näher als erfundene Wörter: die nächste erreicht Ähnlichkeit %1, erfundene Wörter erreichen hier %2.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No memory shares anything in meaning with it.</source>
        <translation>Keine Erinnerung hat inhaltlich etwas mit ihr gemeinsam.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No match.</source>
        <translation>Kein Treffer.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Error: %1</source>
        <translation>Fehler: %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: %2 of %3</source>
        <translation>%1: %2 von %3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>truncated</source>
        <translation>gekürzt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no match</source>
        <translation>kein Treffer</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%Ln vector candidate(s) no closer than made-up words dropped as noise</source>
        <translation>
            <numerusform>%Ln Vektorkandidat, nicht näher als erfundene Wörter, als Rauschen verworfen</numerusform>
            <numerusform>%Ln Vektorkandidaten, nicht näher als erfundene Wörter, als Rauschen verworfen</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>degraded ranking: %1</source>
        <translation>eingeschränkte Rangfolge: %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>no keyword search: %1</source>
        <translation>keine Stichwortsuche: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the keyword leg matched nothing: every hit comes from the vector leg alone</source>
        <translation>der Stichwort-Zweig fand nichts: jeder Treffer stammt allein aus dem Vektor-Zweig</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the keyword leg matched nothing</source>
        <translation>der Stichwort-Zweig fand nichts</translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>%Ln older version(s) kept out of the hits: newer memories superseded them (score × %1)</source>
        <translation>
            <numerusform>%Ln ältere Fassung aus den Treffern gehalten: neuere Erinnerungen haben sie ersetzt (Wert × %1)</numerusform>
            <numerusform>%Ln ältere Fassungen aus den Treffern gehalten: neuere Erinnerungen haben sie ersetzt (Wert × %1)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+8"/>
        <source>intent %1</source>
        <translation>Absicht %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>window “%1”</source>
        <translation>Fenster „%1“</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>window “%1” (%2)</source>
        <translation>Fenster „%1“ (%2)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>searched as “%1”</source>
        <translation>gesucht als „%1“</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>names: %1</source>
        <translation>Namen: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>fusion %1, MMR λ %2</source>
        <translation>Fusion %1, MMR λ %2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>budget: %1</source>
        <translation>Budget: %1</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n below the no-match threshold %1 not returned</source>
        <translation>
            <numerusform>%n unter der Kein-Treffer-Schwelle %1 nicht geliefert</numerusform>
            <numerusform>%n unter der Kein-Treffer-Schwelle %1 nicht geliefert</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>audited</source>
        <translation>protokolliert</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>route %1</source>
        <translation>Route %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>entities %1</source>
        <translation>Entitäten %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 at %2</source>
        <comment>&lt;n related pairs&gt; at &lt;n hops&gt;</comment>
        <translation>%1 bei %2</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln related pair(s)</source>
        <translation>
            <numerusform>%Ln verwandtes Paar</numerusform>
            <numerusform>%Ln verwandte Paare</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%Ln hop(s)</source>
        <translation>
            <numerusform>%Ln Sprung</numerusform>
            <numerusform>%Ln Sprüngen</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
</context>
<context>
    <name>memlens::ui::QueryWorkbench</name>
    <message>
        <location filename="../ui/pages/queryworkbench.cpp" line="+87"/>
        <source>Cannot show %1: %2</source>
        <translation>%1 kann nicht angezeigt werden: %2</translation>
    </message>
    <message>
        <location line="+139"/>
        <source>A grade is of a search&apos;s hit: run a search and select one of its hits</source>
        <translation>Bewertet wird ein Treffer einer Suche: Führen Sie eine Suche aus und wählen Sie einen ihrer Treffer</translation>
    </message>
</context>
<context>
    <name>memlens::ui::ReplayDiffModel</name>
    <message>
        <location filename="../ui/models/replaydiffmodel.cpp" line="+84"/>
        <source>▲ up %1</source>
        <translation>▲ %1 höher</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>▼ down %1</source>
        <translation>▼ %1 tiefer</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>✚ new</source>
        <translation>✚ neu</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>✖ gone</source>
        <translation>✖ entfallen</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>= same</source>
        <translation>= gleich</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Logged #</source>
        <translation>Protokolliert #</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Logged score</source>
        <translation>Protokollierter Score</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Movement</source>
        <translation>Bewegung</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Now #</source>
        <translation>Jetzt #</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Score now</source>
        <translation>Score jetzt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Hit</source>
        <translation>Treffer</translation>
    </message>
</context>
<context>
    <name>memlens::ui::ResultsModel</name>
    <message>
        <location filename="../ui/models/resultsmodel.cpp" line="+128"/>
        <source>leaf</source>
        <translation>Blatt</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>summary</source>
        <translation>Zusammenfassung</translation>
    </message>
    <message>
        <location line="-23"/>
        <source>Not graded for this query: select the hit and press 0, 1, 2 or 3</source>
        <translation>Für diese Anfrage nicht bewertet: Treffer wählen und 0, 1, 2 oder 3 drücken</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Graded %1 (%2) for this query; 0, 1, 2 or 3 grades it again</source>
        <translation>Für diese Anfrage mit %1 bewertet (%2); 0, 1, 2 oder 3 bewertet neu</translation>
    </message>
    <message>
        <location line="+99"/>
        <source>Hybrid, keyword and semantic search: the final score that placed the hit. The primitives (source, global, topic, cover, drill, leaves): the node&apos;s stored importance, not a match to the query; a rerank orders by cosine, shown under Signals</source>
        <translation>Hybride, Stichwort- und semantische Suche: der Endscore, der den Treffer platzierte. Die Primitive (source, global, topic, cover, drill, leaves): die gespeicherte Wichtigkeit des Knotens, kein Abgleich mit der Anfrage; ein Rerank ordnet nach Kosinus, unter Signale gezeigt</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Your grade of the hit for this query: 0 not relevant, 1 related, 2 relevant, 3 answers it (keys 0–3 on a selected hit). Kept in the vault; memlens-cli metrics measures rankings against them</source>
        <translation>Ihre Bewertung des Treffers für diese Anfrage: 0 nicht relevant, 1 verwandt, 2 relevant, 3 beantwortet sie (Tasten 0–3 auf einem gewählten Treffer). Im Tresor gespeichert; memlens-cli metrics misst Rankings daran</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>RRF fusion: each leg&apos;s RRF term as a share of its rank-1 term (keyword, vector). Profile fusion: graph · vector · keyword · freshness, each in [0, 1]</source>
        <translation>RRF-Fusion: der RRF-Term jedes Zweigs als Anteil seines Terms für Rang 1 (Keyword, Vektor). Profil-Fusion: Graph · Vektor · Keyword · Aktualität, je in [0, 1]</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Level</source>
        <translation>Ebene</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Scope</source>
        <translation>Bereich</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Time (UTC)</source>
        <translation>Zeit (UTC)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Snippet</source>
        <translation>Ausschnitt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Score</source>
        <translation>Score</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Signals</source>
        <translation>Signale</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Grade</source>
        <translation>Bewertung</translation>
    </message>
</context>
<context>
    <name>memlens::ui::ScoreBreakdownPanel</name>
    <message>
        <location filename="../ui/pages/scorebreakdownpanel.cpp" line="+91"/>
        <source>Select a hit of a hybrid, keyword or semantic query.</source>
        <translation>Wählen Sie einen Treffer einer hybriden, Keyword- oder semantischen Abfrage.</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>base = Σ weight·signal = %1
     = %2</source>
        <translation>Basis = Σ Gewicht·Signal = %1
      = %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>rrf = vector term + keyword term = %1 + %2 = %3</source>
        <translation>rrf = Vektorterm + Keywordterm = %1 + %2 = %3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>
base = rrf × (1 + boost × recency) = %1 × (1 + %2 × %3)</source>
        <translation>
Basis = rrf × (1 + Bonus × Aktualität) = %1 × (1 + %2 × %3)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>
base = rrf (recency boost off)</source>
        <translation>
Basis = rrf (Aktualitätsbonus aus)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>
final = base × superseded penalty %1 = %2</source>
        <translation>
Endwert = Basis × Abzug für Ersetztes %1 = %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>
final = %1</source>
        <translation>
Endwert = %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 ranks by its own score: %2</source>
        <translation>%1 sortiert nach eigenem Score: %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cosine similarity to the query (rerank): %1. Primitives order by this cosine when given query text, else newest first.</source>
        <translation>Kosinus-Ähnlichkeit zur Abfrage (Rerank): %1. Primitive sortieren mit Abfragetext nach diesem Kosinus, sonst die neuesten zuerst.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Primitives carry no hybrid explanation: run hybrid, keyword or semantic mode to see legs, RRF and MMR.</source>
        <translation>Primitive liefern keine hybride Erklärung: Führen Sie den hybriden, Keyword- oder semantischen Modus aus, um Zweige, RRF und MMR zu sehen.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&lt;small&gt;Fused rank %1 · final score %2 · fusion %3&lt;/small&gt;&lt;br&gt;&lt;small&gt;%4&lt;/small&gt;</source>
        <translation>&lt;small&gt;Fusionierter Rang %1 · Endwert %2 · Fusion %3&lt;/small&gt;&lt;br&gt;&lt;small&gt;%4&lt;/small&gt;</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Bars: weight × signal for each of the four signals, which sum to the score.</source>
        <translation>Balken: Gewicht × Signal für jedes der vier Signale; ihre Summe ist der Score.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Bars: the legs&apos; RRF terms, their sum, then each factor that applies, to the final score.</source>
        <translation>Balken: die RRF-Terme der Zweige, ihre Summe, dann jeder wirksame Faktor bis zum Endwert.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&lt;b&gt;leg&lt;/b&gt;</source>
        <translation>&lt;b&gt;Zweig&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&lt;b&gt;rank&lt;/b&gt;</source>
        <translation>&lt;b&gt;Rang&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&lt;b&gt;raw score&lt;/b&gt;</source>
        <translation>&lt;b&gt;Rohscore&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;b&gt;weight / (k + rank) = RRF term&lt;/b&gt;</source>
        <translation>&lt;b&gt;Gewicht / (k + Rang) = RRF-Term&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>keyword</source>
        <translation>Keyword</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>vector</source>
        <translation>Vektor</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Keyword score: BM25F %1 × coverage %2^p = %3 × author %4 × day %5 × question %6 = %7</source>
        <translation>Keyword-Score: BM25F %1 × Abdeckung %2^p = %3 × Autor %4 × Tag %5 × Frage %6 = %7</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Recency: factor 1/(1 + %1 days) = %2, boost %3</source>
        <translation>Aktualität: Faktor 1/(1 + %1 Tage) = %2, Bonus %3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>MMR pick %1: relevance %2, max similarity %3 → MMR score %4%5</source>
        <translation>MMR-Wahl %1: Relevanz %2, max. Ähnlichkeit %3 → MMR-Score %4%5</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> (penalised by %1)</source>
        <translation> (abgewertet durch %1)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Not picked by MMR (fused rank %1).</source>
        <translation>Von MMR nicht gewählt (fusionierter Rang %1).</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Topic path: %1</source>
        <translation>Themenpfad: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cut by the character budget.</source>
        <translation>Vom Zeichenbudget gekappt.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ctrl-click a second hit in the results to compare the two.</source>
        <translation>Strg-Klick auf einen zweiten Treffer in den Ergebnissen vergleicht die beiden.</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>keyword term</source>
        <translation>Keywordterm</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>vector term</source>
        <translation>Vektorterm</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>RRF sum</source>
        <translation>RRF-Summe</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>× recency</source>
        <translation>× Aktualität</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>× graph context</source>
        <translation>× Graphkontext</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>× superseded</source>
        <translation>× ersetzt</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>final score</source>
        <translation>Endwert</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Weighted signal contributions: they sum to the score</source>
        <translation>Gewichtete Signalbeiträge: Ihre Summe ist der Score</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>From the legs&apos; RRF terms to the final score: each bar runs from the score before a step to the score after</source>
        <translation>Von den RRF-Termen der Zweige zum Endwert: Jeder Balken reicht vom Score vor einem Schritt bis zum Score danach</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>&lt;b&gt;term&lt;/b&gt;</source>
        <translation>&lt;b&gt;Term&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&lt;b&gt;column&lt;/b&gt;</source>
        <translation>&lt;b&gt;Spalte&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&lt;b&gt;tf&lt;/b&gt;</source>
        <translation>&lt;b&gt;tf&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&lt;b&gt;idf&lt;/b&gt;</source>
        <translation>&lt;b&gt;idf&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;b&gt;weight&lt;/b&gt;</source>
        <translation>&lt;b&gt;Gewicht&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&lt;b&gt;length norm&lt;/b&gt;</source>
        <translation>&lt;b&gt;Längennorm&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&lt;b&gt;contribution&lt;/b&gt;</source>
        <translation>&lt;b&gt;Beitrag&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Not in this hit: %1</source>
        <translation>Nicht in diesem Treffer: %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>its own text</source>
        <translation>sein eigener Text</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>context (author, tags, date)</source>
        <translation>Kontext (Autor, Tags, Datum)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>neighbouring turns</source>
        <translation>benachbarte Beiträge</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>turns two away</source>
        <translation>Beiträge zwei weiter</translation>
    </message>
</context>
<context>
    <name>memlens::ui::SettingsPanel</name>
    <message>
        <location filename="../ui/query/settingspanel.cpp" line="+60"/>
        <source>Re&amp;vert</source>
        <translation>&amp;Zurücksetzen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Save to Vault</source>
        <translation>Im Vault &amp;speichern</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Every setting as the next query uses it. Bold: differs from the vault&apos;s stored value (shown beside it). Double-click a value to change it.</source>
        <translation>Jede Einstellung, wie die nächste Abfrage sie verwendet. Fett: weicht vom im Vault gespeicherten Wert ab (daneben angezeigt). Doppelklick auf einen Wert ändert ihn.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Setting</source>
        <translation>Einstellung</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Vault</source>
        <translation>Vault</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Show the vault&apos;s stored values again</source>
        <translation>Wieder die im Vault gespeicherten Werte anzeigen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Store the values shown as this vault&apos;s settings</source>
        <translation>Die angezeigten Werte als Einstellungen dieses Vaults speichern</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>The vault&apos;s settings do not parse; the defaults are shown: %1</source>
        <translation>Die Einstellungen des Vaults sind nicht lesbar; die Standardwerte werden angezeigt: %1</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>No setting %1</source>
        <translation>Keine Einstellung %1</translation>
    </message>
    <message>
        <location line="+67"/>
        <source>(none)</source>
        <translation>(keiner)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The vault&apos;s stored value</source>
        <translation>Der im Vault gespeicherte Wert</translation>
    </message>
    <message>
        <location line="+29"/>
        <location line="+36"/>
        <source>Cannot save settings</source>
        <translation>Einstellungen können nicht gespeichert werden</translation>
    </message>
    <message>
        <location line="-34"/>
        <source>%1 is an OpenHuman workspace, which memlens always opens read-only: its settings cannot be saved. The values shown still apply to the queries run here.</source>
        <translation>%1 ist ein OpenHuman-Workspace, den memlens immer schreibgeschützt öffnet: seine Einstellungen können nicht gespeichert werden. Die angezeigten Werte gelten weiterhin für die hier ausgeführten Abfragen.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 is open read-only, so its settings cannot be saved. Open it again without read-only (File › Open Vault…) to save them; the values shown still apply to the queries run here.</source>
        <translation>%1 ist schreibgeschützt geöffnet, daher können seine Einstellungen nicht gespeichert werden. Öffnen Sie ihn ohne Schreibschutz erneut (Datei › Vault öffnen…), um sie zu speichern; die angezeigten Werte gelten weiterhin für die hier ausgeführten Abfragen.</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>The settings of %1 were not saved: %2</source>
        <translation>Die Einstellungen von %1 wurden nicht gespeichert: %2</translation>
    </message>
</context>
<context>
    <name>memlens::ui::SideBySideView</name>
    <message>
        <location filename="../ui/lab/sidebyside.cpp" line="+161"/>
        <source>gone</source>
        <translation>weg</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>new</source>
        <translation>neu</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>No hits on either side</source>
        <translation>Keine Treffer auf beiden Seiten</translation>
    </message>
</context>
<context>
    <name>memlens::ui::SourcesModel</name>
    <message>
        <location filename="../ui/models/sourcesmodel.cpp" line="+82"/>
        <source>Chunks still waiting in a buffer: not yet under any sealed summary.</source>
        <translation>Chunks, die noch in einem Puffer warten: noch unter keiner versiegelten Zusammenfassung.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1
Tree: %2</source>
        <translation>%1
Baum: %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>none (never sealed)</source>
        <translation>keiner (nie versiegelt)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Platform</source>
        <translation>Plattform</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Chunks</source>
        <translation>Chunks</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Unsealed</source>
        <translation>Unversiegelt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>From (UTC)</source>
        <translation>Von (UTC)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>To (UTC)</source>
        <translation>Bis (UTC)</translation>
    </message>
</context>
<context>
    <name>memlens::ui::SummaryTreeModel</name>
    <message>
        <location filename="../ui/models/summarytreemodel.cpp" line="+357"/>
        <source>top L%1</source>
        <translation>oberste L%1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>loading…</source>
        <translation>wird geladen…</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%Ln summary(s)</source>
        <translation>
            <numerusform>%Ln Zusammenfassung</numerusform>
            <numerusform>%Ln Zusammenfassungen</numerusform>
        </translation>
    </message>
    <message>
        <location line="+5"/>
        <source>+%1</source>
        <translation>+%1</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>A hit of the current query</source>
        <translation>Ein Treffer der aktuellen Abfrage</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A hit of the current query
%1</source>
        <translation>Ein Treffer der aktuellen Abfrage
%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Above a hit of the current query
%1</source>
        <translation>Über einem Treffer der aktuellen Abfrage
%1</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Tree / node</source>
        <translation>Baum / Knoten</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Level</source>
        <translation>Ebene</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Time (UTC)</source>
        <translation>Zeit (UTC)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Children</source>
        <translation>Kinder</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Entities</source>
        <translation>Entitäten</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Returned by</source>
        <translation>Geliefert von</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Graded %1 (%2) for “%3”</source>
        <translation>Bewertet mit %1 (%2) für „%3“</translation>
    </message>
    <message numerus="yes">
        <location line="+20"/>
        <source>of the %n distinct question(s) logged</source>
        <translation>
            <numerusform>der %n protokollierten Frage</numerusform>
            <numerusform>der %n verschiedenen protokollierten Fragen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>of the %n distinct question(s) logged %1 (the time filter)</source>
        <translation>
            <numerusform>der %n protokollierten Frage %1 (der Zeitfilter)</numerusform>
            <numerusform>der %n verschiedenen protokollierten Fragen %1 (der Zeitfilter)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n question(s) · %1% · magnet</source>
        <translation>
            <numerusform>%n Frage · %1 % · Magnet</numerusform>
            <numerusform>%n Fragen · %1 % · Magnet</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n question(s) · %1%</source>
        <translation>
            <numerusform>%n Frage · %1 %</numerusform>
            <numerusform>%n Fragen · %1 %</numerusform>
        </translation>
    </message>
    <message>
        <location line="+15"/>
        <source>No search has been logged yet</source>
        <translation>Noch keine Suche protokolliert</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No search was logged %1 (the time filter)</source>
        <translation>Keine Suche protokolliert %1 (der Zeitfilter)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Returned by none %1</source>
        <translation>Von keiner %1 geliefert</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Returned itself by none %1 (a summary: its memories may have been)</source>
        <translation>Selbst von keiner %1 geliefert (eine Zusammenfassung: ihre Erinnerungen vielleicht schon)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Returned by %1 %2 (%3%)</source>
        <translation>Geliefert von %1 %2 (%3 %)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A magnet: it comes back for many unrelated questions (Overview › Health)</source>
        <translation>Ein Magnet: kommt bei vielen unzusammenhängenden Fragen zurück (Übersicht › Gesundheit)</translation>
    </message>
</context>
<context>
    <name>memlens::ui::TimeFilterBadge</name>
    <message>
        <location filename="../ui/widgets/timefilterbadge.cpp" line="+18"/>
        <source>Clear</source>
        <translation>Aufheben</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Clear the time filter: every view shows all of the vault again</source>
        <translation>Zeitfilter aufheben: Jede Ansicht zeigt wieder den ganzen Tresor</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Time filter: %1</source>
        <translation>Zeitfilter: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Every view shows only this time (UTC): the search is scoped to memories of it, the Trees page covers it, the graph counts the links made in it, and the Audit page and Overview › Health read the searches logged in it.</source>
        <translation>Jede Ansicht zeigt nur diese Zeit (UTC): Die Suche ist auf Erinnerungen daraus beschränkt, die Baumseite überdeckt sie, der Graph zählt die darin entstandenen Verbindungen, und die Prüfseite sowie Übersicht › Zustand lesen die darin protokollierten Suchen.</translation>
    </message>
</context>
<context>
    <name>memlens::ui::TreesModel</name>
    <message>
        <location filename="../ui/models/treesmodel.cpp" line="+90"/>
        <source>Tree %1
Root: %2
Top level: L%3</source>
        <translation>Baum %1
Wurzel: %2
Oberste Ebene: L%3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not yet a single root</source>
        <translation>noch keine einzelne Wurzel</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Scope</source>
        <translation>Bereich</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Summaries per level</source>
        <translation>Zusammenfassungen pro Ebene</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Summaries</source>
        <translation>Zusammenfassungen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Time span (UTC)</source>
        <translation>Zeitspanne (UTC)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Last sealed</source>
        <translation>Zuletzt versiegelt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Status</source>
        <translation>Status</translation>
    </message>
</context>
<context>
    <name>memlens::ui::TreesPage</name>
    <message>
        <location filename="../ui/pages/treespage.cpp" line="+64"/>
        <source>Re&amp;veal Selected Hit</source>
        <translation>Ausgewählten &amp;Treffer zeigen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Drill Down in Workbench</source>
        <translation>Drill-down in der Workbench</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fetch &amp;Leaves</source>
        <translation>B&amp;lätter abrufen</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Expand the trees down to the hit shown in Hit Detail</source>
        <translation>Die Bäume bis zu dem Treffer aufklappen, der in den Trefferdetails gezeigt wird</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read the exact text of the chunks under the selected level-1 summary</source>
        <translation>Den genauen Text der Chunks unter der gewählten Zusammenfassung der Ebene 1 lesen</translation>
    </message>
    <message>
        <location line="+102"/>
        <source>Drag across the timeline to see the minimal cover of a window.</source>
        <translation>Ziehen Sie über die Zeitleiste, um die minimale Überdeckung eines Fensters zu sehen.</translation>
    </message>
    <message>
        <location line="-35"/>
        <source>Expand a tree to load its summaries; hits of the current query are marked with every summary above them.</source>
        <translation>Klappen Sie einen Baum auf, um seine Zusammenfassungen zu laden; Treffer der aktuellen Abfrage sind samt aller Zusammenfassungen darüber markiert.</translation>
    </message>
    <message>
        <location line="+174"/>
        <source>Computing the cover of %1 – %2…</source>
        <translation>Überdeckung von %1 – %2 wird berechnet…</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>cover_window failed: %1</source>
        <translation>cover_window fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Minimal cover of %1 – %2 (UTC): %3 — %4 standing in for whole subtrees, %5%6.</source>
        <translation>Minimale Überdeckung von %1 – %2 (UTC): %3 – %4 stellvertretend für ganze Teilbäume, %5%6.</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%Ln node(s)</source>
        <translation>
            <numerusform>%Ln Knoten</numerusform>
            <numerusform>%Ln Knoten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln summary(s)</source>
        <translation>
            <numerusform>%Ln Zusammenfassung</numerusform>
            <numerusform>%Ln Zusammenfassungen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln raw leaf(s)</source>
        <translation>
            <numerusform>%Ln Roh-Blatt</numerusform>
            <numerusform>%Ln Roh-Blätter</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (first %1 of %2)</source>
        <translation> (erste %1 von %2)</translation>
    </message>
</context>
<context>
    <name>memlens::ui::VaultController</name>
    <message numerus="yes">
        <location filename="../ui/vault/vaultcontroller.cpp" line="+178"/>
        <source>Topic index rebuilt: %Ln vector(s)</source>
        <translation>
            <numerusform>Themenindex neu aufgebaut: %Ln Vektor</numerusform>
            <numerusform>Themenindex neu aufgebaut: %Ln Vektoren</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source> in %1 s</source>
        <translation> in %1 s</translation>
    </message>
</context>
<context>
    <name>memlens::ui::VaultPanel</name>
    <message>
        <location filename="../ui/pages/vaultpanel.cpp" line="+21"/>
        <source>Filter sources…</source>
        <translation>Quellen filtern…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Filter trees…</source>
        <translation>Bäume filtern…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Double-click a source to query it in the workbench.</source>
        <translation>Doppelklicken Sie auf eine Quelle, um sie in der Workbench abzufragen.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Double-click a tree to browse its summaries.</source>
        <translation>Doppelklicken Sie auf einen Baum, um seine Zusammenfassungen zu durchsuchen.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Sources</source>
        <translation>&amp;Quellen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>T&amp;rees</source>
        <translation>Bä&amp;ume</translation>
    </message>
</context>
<context>
    <name>memlens::ui::WelcomePage</name>
    <message>
        <location filename="../ui/pages/welcomepage.cpp" line="+17"/>
        <source>memlens</source>
        <translation>memlens</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Inspect an AI agent&apos;s memory vault: run queries, see why each hit ranks where it does, browse summary trees, explore the entity graph and replay the audit log.</source>
        <translation>Untersuchen Sie das Gedächtnis-Vault eines KI-Agenten: Abfragen ausführen, sehen, warum jeder Treffer an seiner Stelle steht, Zusammenfassungsbäume durchsuchen, den Entitätsgraphen erkunden und das Audit-Log wiederholen.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Open Vault…</source>
        <translation>Vault öffnen…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open Demo Vault</source>
        <translation>Demo-Vault öffnen</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>…or drop a vault folder (or an OpenHuman workspace) on this window.</source>
        <translation>…oder ziehen Sie einen Vault-Ordner (oder einen OpenHuman-Workspace) auf dieses Fenster.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Recent vaults</source>
        <translation>Zuletzt geöffnete Vaults</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>No recent vaults yet.</source>
        <translation>Noch keine zuletzt geöffneten Vaults.</translation>
    </message>
</context>
<context>
    <name>memlens::ui::WhatIfPanel</name>
    <message>
        <location filename="../ui/lab/whatifpanel.cpp" line="+35"/>
        <source>new</source>
        <translation>neu</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>gone</source>
        <translation>weg</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>fusion (its RRF sum)</source>
        <translation>Fusion (seine RRF-Summe)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>recency</source>
        <translation>Aktualität</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>entity boost</source>
        <translation>Entitäts-Boost</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>supersession</source>
        <translation>Ablösung</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>profile score</source>
        <translation>Profilwert</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>MMR</source>
        <translation>MMR</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>budget</source>
        <translation>Budget</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>none: others moved</source>
        <translation>keines: andere bewegten sich</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Move</source>
        <translation>Bewegung</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Before</source>
        <translation>Vorher</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>After</source>
        <translation>Nachher</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Signal</source>
        <translation>Signal</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Moved by</source>
        <translation>Bewegt durch</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Why</source>
        <translation>Warum</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Re-ranking failed</source>
        <translation>Neuordnung fehlgeschlagen</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>as logged (what the agent got)</source>
        <translation>wie protokolliert (was der Agent bekam)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the vault&apos;s settings now</source>
        <translation>den jetzigen Einstellungen des Vaults</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>another audit row</source>
        <translation>einer anderen Audit-Zeile</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>row #</source>
        <translation>Zeile #</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Compare with:</source>
        <translation>Vergleichen mit:</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>This row cannot be re-ranked: %1</source>
        <translation>Diese Zeile kann nicht neu geordnet werden: %1</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Cannot open the row</source>
        <translation>Die Zeile kann nicht geöffnet werden</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>As logged (#%1)</source>
        <translation>Wie protokolliert (#%1)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The vault&apos;s settings now</source>
        <translation>Die jetzigen Einstellungen des Vaults</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+4"/>
        <source>Row #%1 as logged</source>
        <translation>Zeile #%1 wie protokolliert</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Retrieved again with the settings on the left</source>
        <translation>Neu abgerufen mit den Einstellungen links</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>With the settings on the left</source>
        <translation>Mit den Einstellungen links</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Not shown: %1 acts inside a leg, which re-ranking the stored candidates cannot show. Retrieve Again runs the query anew.</source>
        <translation>Nicht gezeigt: %1 wirkt innerhalb eines Zweigs, was die Neuordnung der gespeicherten Kandidaten nicht zeigen kann. Erneut abrufen führt die Abfrage neu aus.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The right side is a new retrieval: it also shows any change of the vault since the row was logged.</source>
        <translation>Die rechte Seite ist ein neuer Abruf: sie zeigt auch jede Änderung des Vaults seit der Protokollierung der Zeile.</translation>
    </message>
    <message numerus="yes">
        <location line="+24"/>
        <source>&lt;b&gt;No change&lt;/b&gt;: the same %n hit(s) in the same order.</source>
        <translation>
            <numerusform>&lt;b&gt;Keine Änderung&lt;/b&gt;: derselbe %n Treffer in derselben Reihenfolge.</numerusform>
            <numerusform>&lt;b&gt;Keine Änderung&lt;/b&gt;: dieselben %n Treffer in derselben Reihenfolge.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>&lt;b&gt;No change&lt;/b&gt;: these settings leave the same %n hit(s) in the same order.</source>
        <translation>
            <numerusform>&lt;b&gt;Keine Änderung&lt;/b&gt;: diese Einstellungen lassen denselben %n Treffer in derselben Reihenfolge.</numerusform>
            <numerusform>&lt;b&gt;Keine Änderung&lt;/b&gt;: diese Einstellungen lassen dieselben %n Treffer in derselben Reihenfolge.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>%n hit(s) moved</source>
        <translation>
            <numerusform>%n Treffer bewegt</numerusform>
            <numerusform>%n Treffer bewegt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n new</source>
        <translation>
            <numerusform>%n neu</numerusform>
            <numerusform>%n neu</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n gone</source>
        <translation>
            <numerusform>%n weg</numerusform>
            <numerusform>%n weg</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the first hit changes</source>
        <translation>der erste Treffer ändert sich</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>the first hit stays</source>
        <translation>der erste Treffer bleibt</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Jaccard@%1 %2 · rank-biased overlap %3</source>
        <translation>Jaccard@%1 %2 · rangbasierte Überlappung %3</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>changed: %1</source>
        <translation>geändert: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>settings that differ: %1</source>
        <translation>abweichende Einstellungen: %1</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Move a setting on the left: the query&apos;s stored candidates are ranked again at once, and each hit&apos;s move is explained here.</source>
        <translation>Eine Einstellung links bewegen: die gespeicherten Kandidaten der Abfrage werden sofort neu geordnet, und die Bewegung jedes Treffers wird hier erklärt.</translation>
    </message>
</context>
<context>
    <name>memlens::ui::WhyNotDialog</name>
    <message>
        <location filename="../ui/dialogs/whynotdialog.cpp" line="+52"/>
        <source>&amp;Ask</source>
        <translation>&amp;Fragen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Topic paths</source>
        <translation>Themenpfade</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Show Node</source>
        <translation>Knoten anzeigen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Why Not Returned?</source>
        <translation>Warum nicht geliefert?</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Ask why the current query did not return this node</source>
        <translation>Fragen, warum die aktuelle Abfrage diesen Knoten nicht geliefert hat</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>What</source>
        <translation>Was</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Show this node in Hit Detail</source>
        <translation>Diesen Knoten in den Trefferdetails anzeigen</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Node:</source>
        <translation>Knoten:</translation>
    </message>
    <message>
        <location line="+37"/>
        <location line="+167"/>
        <source>Why-not failed: %1</source>
        <translation>Warum-nicht fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location line="-275"/>
        <source>The query has run again since this answer; Ask again to answer for the current one.</source>
        <translation>Die Abfrage lief seit dieser Antwort erneut; erneut fragen, um für die aktuelle zu antworten.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>A turn or message id (D1:4), a file and line, some of its words, or an id</source>
        <translation>Eine Turn- oder Nachrichten-ID (D1:4), Datei und Zeile, einige ihrer Wörter oder eine ID</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>Double-click or press Enter to ask about this memory</source>
        <translation>Doppelklick oder Eingabetaste: nach dieser Erinnerung fragen</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>Open a vault first.</source>
        <translation>Zuerst einen Vault öffnen.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The last run was %1, not a search: why-not asks about a hybrid, keyword or semantic query.</source>
        <translation>Zuletzt lief %1, keine Suche: Warum-nicht fragt nach einer hybriden, Stichwort- oder semantischen Abfrage.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The last query did not run (%1). Run one that does first.</source>
        <translation>Die letzte Abfrage lief nicht (%1). Zuerst eine ausführen, die läuft.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run a hybrid, keyword or semantic query first: why-not asks about the query that ran last on the Query page.</source>
        <translation>Zuerst eine hybride, Stichwort- oder semantische Abfrage ausführen: Warum-nicht fragt nach der Abfrage, die zuletzt auf der Abfrageseite lief.</translation>
    </message>
    <message>
        <location line="+39"/>
        <location line="+77"/>
        <source>Query: %1</source>
        <translation>Abfrage: %1</translation>
    </message>
    <message>
        <location line="-75"/>
        <source>Type a turn or message id, a file and line, some words of the memory, or paste an id, then Ask.</source>
        <translation>Eine Turn- oder Nachrichten-ID, Datei und Zeile, einige Wörter der Erinnerung eingeben oder eine ID einfügen, dann Fragen.</translation>
    </message>
    <message numerus="yes">
        <location line="+78"/>
        <source>No memory is named “%1”; %Ln hold its words. Pick one.</source>
        <translation>
            <numerusform>Keine Erinnerung heißt „%1“; %Ln enthält diese Wörter. Eine auswählen.</numerusform>
            <numerusform>Keine Erinnerung heißt „%1“; %Ln enthalten diese Wörter. Eine auswählen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>“%1” names %Ln memories. Pick one.</source>
        <translation>
            <numerusform>„%1“ benennt %Ln Erinnerung. Auswählen.</numerusform>
            <numerusform>„%1“ benennt %Ln Erinnerungen. Eine auswählen.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Query: %1 · %2</source>
        <translation>Abfrage: %1 · %2</translation>
    </message>
    <message>
        <location line="-92"/>
        <source>%1 was returned: it is hit #%2 of this query.</source>
        <translation>%1 wurde geliefert: Es ist Treffer #%2 dieser Abfrage.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Asking…</source>
        <translation>Frage…</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+76"/>
        <source>Cancelled.</source>
        <translation>Abgebrochen.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Stage: %1</source>
        <translation>Stufe: %1</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Query terms it lacks: %1</source>
        <translation>Fehlende Suchbegriffe: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Query terms it holds: %1</source>
        <translation>Enthaltene Suchbegriffe: %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>This node&apos;s topic</source>
        <translation>Thema dieses Knotens</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Topics the beam reached (%1)</source>
        <translation>Von der Beam-Suche erreichte Themen (%1)</translation>
    </message>
</context>
</TS>
