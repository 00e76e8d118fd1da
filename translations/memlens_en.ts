<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>GraphText</name>
    <message numerus="yes">
        <location filename="../ui/graph/graphtext.cpp" line="+23"/>
        <source>%1 of %Ln entity(s)</source>
        <translation>
            <numerusform>%1 of %Ln entity</numerusform>
            <numerusform>%1 of %Ln entities</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source> · %Ln edge(s) with co-occurrences in the window</source>
        <translation>
            <numerusform> · %Ln edge with co-occurrences in the window</numerusform>
            <numerusform> · %Ln edges with co-occurrences in the window</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source> · %1 of %Ln edge(s) at weight ≥ %2</source>
        <translation>
            <numerusform> · %1 of %Ln edge at weight ≥ %2</numerusform>
            <numerusform> · %1 of %Ln edges at weight ≥ %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source> · %Ln lighter edge(s) added by expanding</source>
        <translation>
            <numerusform> · %Ln lighter edge added by expanding</numerusform>
            <numerusform> · %Ln lighter edges added by expanding</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source> · %Ln communit(y/ies)</source>
        <translation>
            <numerusform> · %Ln community</numerusform>
            <numerusform> · %Ln communities</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source> · %Ln without edges not drawn</source>
        <translation>
            <numerusform> · %Ln without edges not drawn</numerusform>
            <numerusform> · %Ln without edges not drawn</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source> · %Ln hidden</source>
        <translation>
            <numerusform> · %Ln hidden</numerusform>
            <numerusform> · %Ln hidden</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source> · focus: %1 within %n hop(s)</source>
        <translation>
            <numerusform> · focus: %1 within %n hop</numerusform>
            <numerusform> · focus: %1 within %n hops</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source> · %Ln lit by the selected hit</source>
        <translation>
            <numerusform> · %Ln lit by the selected hit</numerusform>
            <numerusform> · %Ln lit by the selected hit</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+16"/>
        <source>none of its memories was returned by the %n question(s) logged%1</source>
        <translation>
            <numerusform>none of its memories was returned by the %n question logged%1</numerusform>
            <numerusform>none of its memories was returned by the %n questions logged%1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%Ln of its memories returned</source>
        <translation>
            <numerusform>%Ln of its memories returned</numerusform>
            <numerusform>%Ln of its memories returned</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>, by %Ln question(s) of the %1 logged%2</source>
        <translation>
            <numerusform>, by %Ln question of the %1 logged%2</numerusform>
            <numerusform>, by %Ln questions of the %1 logged%2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+26"/>
        <source>mentioned by %Ln node(s)</source>
        <translation>
            <numerusform>mentioned by %Ln node</numerusform>
            <numerusform>mentioned by %Ln nodes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>  %1: %Ln shared</source>
        <translation>
            <numerusform>  %1: %Ln shared</numerusform>
            <numerusform>  %1: %Ln shared</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>  and %n more (select it for the whole list)</source>
        <translation>
            <numerusform>  and %n more (select it for the whole list)</numerusform>
            <numerusform>  and %n more (select it for the whole list)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+13"/>
        <source>%Ln chunk(s) mention both</source>
        <translation>
            <numerusform>%Ln chunk mention both</numerusform>
            <numerusform>%Ln chunks mention both</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%Ln of them in the time window</source>
        <translation>
            <numerusform>%Ln of them in the time window</numerusform>
            <numerusform>%Ln of them in the time window</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LabText</name>
    <message numerus="yes">
        <location filename="../ui/lab/labtext.cpp" line="+15"/>
        <source>%n row(s) logged without their candidates (replay them in the Audit tab)</source>
        <translation>
            <numerusform>%n row logged without their candidates (replay them in the Audit tab)</numerusform>
            <numerusform>%n rows logged without their candidates (replay them in the Audit tab)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%n row(s) not searches</source>
        <translation>
            <numerusform>%n row not searches</numerusform>
            <numerusform>%n rows not searches</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n row(s) whose stored columns do not parse (memlens-cli audit show ID names the fault)</source>
        <translation>
            <numerusform>%n row whose stored columns do not parse (memlens-cli audit show ID names the fault)</numerusform>
            <numerusform>%n rows whose stored columns do not parse (memlens-cli audit show ID names the fault)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>memlens::ui::AblationPanel</name>
    <message numerus="yes">
        <location filename="../ui/lab/ablationpanel.cpp" line="+217"/>
        <source>Over %n logged search(es), most first get their logged ranking at &lt;b&gt;%1&lt;/b&gt; (%2 of them).</source>
        <translation>
            <numerusform>Over %n logged search, most first get their logged ranking at &lt;b&gt;%1&lt;/b&gt; (%2 of them).</numerusform>
            <numerusform>Over %n logged searches, most first get their logged ranking at &lt;b&gt;%1&lt;/b&gt; (%2 of them).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>memlens::ui::AliasPanel</name>
    <message numerus="yes">
        <location filename="../ui/pages/aliaspanel.cpp" line="+49"/>
        <source>“%1” is spelt %n letter(s) away from “%2”</source>
        <translation>
            <numerusform>“%1” is spelt %n letter away from “%2”</numerusform>
            <numerusform>“%1” is spelt %n letters away from “%2”</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>“%1” is %n letter(s) away from how “%2” starts</source>
        <translation>
            <numerusform>“%1” is %n letter away from how “%2” starts</numerusform>
            <numerusform>“%1” is %n letters away from how “%2” starts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>%n chunk(s) name both</source>
        <translation>
            <numerusform>%n chunk names both</numerusform>
            <numerusform>%n chunks name both</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+111"/>
        <source>%n name(s) could be aliases. Select one to merge it.</source>
        <translation>
            <numerusform>%n name could be an alias. Select it to merge it.</numerusform>
            <numerusform>%n names could be aliases. Select one to merge it.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+42"/>
        <location line="+1"/>
        <source>%n chunk(s)</source>
        <translation>
            <numerusform>%n chunk</numerusform>
            <numerusform>%n chunks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+84"/>
        <source>Merged %1 into %2: %n mention(s) moved</source>
        <translation>
            <numerusform>Merged %1 into %2: %n mention moved</numerusform>
            <numerusform>Merged %1 into %2: %n mentions moved</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>memlens::ui::AuditPage</name>
    <message numerus="yes">
        <location filename="../ui/pages/auditpage.cpp" line="+337"/>
        <source>%Ln query(s) logged · %1 loaded</source>
        <translation>
            <numerusform>%Ln query logged · %1 loaded</numerusform>
            <numerusform>%Ln queries logged · %1 loaded</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+54"/>
        <source>&lt;b&gt;#%1&lt;/b&gt; %2 called &lt;b&gt;%3&lt;/b&gt;%4 and got %Ln node(s)%5.</source>
        <translation>
            <numerusform>&lt;b&gt;#%1&lt;/b&gt; %2 called &lt;b&gt;%3&lt;/b&gt;%4 and got %Ln node%5.</numerusform>
            <numerusform>&lt;b&gt;#%1&lt;/b&gt; %2 called &lt;b&gt;%3&lt;/b&gt;%4 and got %Ln nodes%5.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>memlens::ui::AuditStatus</name>
    <message numerus="yes">
        <location filename="../ui/widgets/auditstatus.cpp" line="+64"/>
        <source>⚠ %Ln audit row(s) not yet logged</source>
        <translation>
            <numerusform>⚠ %Ln audit row not yet logged</numerusform>
            <numerusform>⚠ %Ln audit rows not yet logged</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>memlens::ui::BlastRadiusPanel</name>
    <message numerus="yes">
        <location filename="../ui/lab/blastradiuspanel.cpp" line="+241"/>
        <source>&lt;b&gt;No logged search to re-rank&lt;/b&gt; among %n row(s).</source>
        <translation>
            <numerusform>&lt;b&gt;No logged search to re-rank&lt;/b&gt; among %n row.</numerusform>
            <numerusform>&lt;b&gt;No logged search to re-rank&lt;/b&gt; among %n rows.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>&lt;b&gt;No logged search would change&lt;/b&gt; (%n re-ranked).</source>
        <translation>
            <numerusform>&lt;b&gt;No logged search would change&lt;/b&gt; (%n re-ranked).</numerusform>
            <numerusform>&lt;b&gt;No logged search would change&lt;/b&gt; (%n re-ranked).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+12"/>
        <source>%1 acts inside a leg: not shown for %n row(s)</source>
        <translation>
            <numerusform>%1 acts inside a leg: not shown for %n row</numerusform>
            <numerusform>%1 acts inside a leg: not shown for %n rows</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>&lt;b&gt;Judged: NDCG@%1 %2 → %3&lt;/b&gt; over the %n re-ranked search(es) whose question has grades: %4 improved, %5 worse, %6 unchanged.</source>
        <translation>
            <numerusform>&lt;b&gt;Judged: NDCG@%1 %2 → %3&lt;/b&gt; over the %n re-ranked search whose question has grades: %4 improved, %5 worse, %6 unchanged.</numerusform>
            <numerusform>&lt;b&gt;Judged: NDCG@%1 %2 → %3&lt;/b&gt; over the %n re-ranked searches whose question has grades: %4 improved, %5 worse, %6 unchanged.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>memlens::ui::CalibrationDialog</name>
    <message numerus="yes">
        <location filename="../ui/dialogs/calibrationdialog.cpp" line="+252"/>
        <source>&lt;b&gt;Without a threshold&lt;/b&gt; every hit is returned: %1 of them relevant, recall %2 over %n judged question(s).</source>
        <translation>
            <numerusform>&lt;b&gt;Without a threshold&lt;/b&gt; every hit is returned: %1 of them relevant, recall %2 over %n judged question.</numerusform>
            <numerusform>&lt;b&gt;Without a threshold&lt;/b&gt; every hit is returned: %1 of them relevant, recall %2 over %n judged questions.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>&lt;b&gt;At %1, %2 of what is returned is relevant&lt;/b&gt; (%3 without a threshold); recall %4 instead of %5; &lt;b&gt;%6 of %n question(s) would answer “no match”&lt;/b&gt;, %7 of them with a relevant hit lost.</source>
        <translation>
            <numerusform>&lt;b&gt;At %1, %2 of what is returned is relevant&lt;/b&gt; (%3 without a threshold); recall %4 instead of %5; &lt;b&gt;%6 of %n question would answer “no match”&lt;/b&gt;, %7 of them with a relevant hit lost.</numerusform>
            <numerusform>&lt;b&gt;At %1, %2 of what is returned is relevant&lt;/b&gt; (%3 without a threshold); recall %4 instead of %5; &lt;b&gt;%6 of %n questions would answer “no match”&lt;/b&gt;, %7 of them with a relevant hit lost.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>memlens::ui::EntityPanel</name>
    <message numerus="yes">
        <location filename="../ui/graph/entitypanel.cpp" line="+88"/>
        <location line="+82"/>
        <source>%n hop(s)</source>
        <translation>
            <numerusform>%n hop</numerusform>
            <numerusform>%n hops</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+119"/>
        <source>%1 · mentioned by %Ln node(s)</source>
        <translation>
            <numerusform>%1 · mentioned by %Ln node</numerusform>
            <numerusform>%1 · mentioned by %Ln nodes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source> · linked to %Ln drawn entity(s)</source>
        <translation>
            <numerusform> · linked to %Ln drawn entity</numerusform>
            <numerusform> · linked to %Ln drawn entities</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+9"/>
        <source>%1 · mentioned by %Ln chunk(s) in the window</source>
        <translation>
            <numerusform>%1 · mentioned by %Ln chunk in the window</numerusform>
            <numerusform>%1 · mentioned by %Ln chunks in the window</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source> · linked to %Ln drawn entity(s) in the window</source>
        <translation>
            <numerusform> · linked to %Ln drawn entity in the window</numerusform>
            <numerusform> · linked to %Ln drawn entities in the window</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+156"/>
        <source>In the time window, %Ln chunk(s) mention both %1 and %2.</source>
        <translation>
            <numerusform>In the time window, %Ln chunk mentions both %1 and %2.</numerusform>
            <numerusform>In the time window, %Ln chunks mention both %1 and %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%1 and %2 are linked because %Ln chunk(s) mention both.</source>
        <translation>
            <numerusform>%1 and %2 are linked because %Ln chunk mention both.</numerusform>
            <numerusform>%1 and %2 are linked because %Ln chunks mention both.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>memlens::ui::ForgetFlow</name>
    <message numerus="yes">
        <location filename="../ui/vault/forgetflow.cpp" line="+100"/>
        <source>Forget %n memory(ies)?</source>
        <translation>
            <numerusform>Forget %n memory?</numerusform>
            <numerusform>Forget %n memories?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>This touches %n summary(ies) built from it:</source>
        <translation>
            <numerusform>This touches %n summary built from it:</numerusform>
            <numerusform>This touches %n summaries built from it:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n re-sealed without it</source>
        <translation>
            <numerusform>%n re-sealed without it</numerusform>
            <numerusform>%n re-sealed without it</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <location line="+50"/>
        <source>%n removed</source>
        <translation>
            <numerusform>%n removed</numerusform>
            <numerusform>%n removed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="-5"/>
        <source>Forgot %n memory(ies)</source>
        <translation>
            <numerusform>Forgot %n memory</numerusform>
            <numerusform>Forgot %n memories</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n summary(ies) re-sealed</source>
        <translation>
            <numerusform>%n summary re-sealed</numerusform>
            <numerusform>%n summaries re-sealed</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>memlens::ui::GraphControlsPanel</name>
    <message numerus="yes">
        <location filename="../ui/graph/graphcontrolspanel.cpp" line="+52"/>
        <source>%Ln most mentioned</source>
        <translation>
            <numerusform>%Ln most mentioned</numerusform>
            <numerusform>%Ln most mentioned</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>memlens::ui::HitDetailPanel</name>
    <message numerus="yes">
        <location filename="../ui/pages/hitdetailpanel.cpp" line="+385"/>
        <source>&lt;b&gt;Superseded by&lt;/b&gt; %Ln newer memory(s)…</source>
        <translation>
            <numerusform>&lt;b&gt;Superseded by&lt;/b&gt; %Ln newer memory…</numerusform>
            <numerusform>&lt;b&gt;Superseded by&lt;/b&gt; %Ln newer memories…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>&lt;b&gt;Supersedes&lt;/b&gt; %Ln older memory(s)…</source>
        <translation>
            <numerusform>&lt;b&gt;Supersedes&lt;/b&gt; %Ln older memory…</numerusform>
            <numerusform>&lt;b&gt;Supersedes&lt;/b&gt; %Ln older memories…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>&lt;b&gt;Conflicts with&lt;/b&gt; %Ln candidate(s)…</source>
        <translation>
            <numerusform>&lt;b&gt;Conflicts with&lt;/b&gt; %Ln candidate…</numerusform>
            <numerusform>&lt;b&gt;Conflicts with&lt;/b&gt; %Ln candidates…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>&lt;b&gt;Supported by&lt;/b&gt; %Ln candidate(s)…</source>
        <translation>
            <numerusform>&lt;b&gt;Supported by&lt;/b&gt; %Ln candidate…</numerusform>
            <numerusform>&lt;b&gt;Supported by&lt;/b&gt; %Ln candidates…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>memlens::ui::MainWindow</name>
    <message numerus="yes">
        <location filename="../ui/mainwindow.cpp" line="+569"/>
        <source>Import cancelled after %n message(s): they are stored; importing again adds the rest.</source>
        <translation>
            <numerusform>Import cancelled after %n message: it is stored; importing again adds the rest.</numerusform>
            <numerusform>Import cancelled after %n messages: they are stored; importing again adds the rest.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+12"/>
        <location line="+49"/>
        <source>%Ln chunk(s)</source>
        <translation>
            <numerusform>%Ln chunk</numerusform>
            <numerusform>%Ln chunks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="-48"/>
        <location line="+47"/>
        <source>%Ln source(s)</source>
        <translation>
            <numerusform>%Ln source</numerusform>
            <numerusform>%Ln sources</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%Ln summary(s)</source>
        <translation>
            <numerusform>%Ln summary</numerusform>
            <numerusform>%Ln summaries</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln tree(s)</source>
        <translation>
            <numerusform>%Ln tree</numerusform>
            <numerusform>%Ln trees</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln entity(s)</source>
        <translation>
            <numerusform>%Ln entity</numerusform>
            <numerusform>%Ln entities</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln edge(s)</source>
        <translation>
            <numerusform>%Ln edge</numerusform>
            <numerusform>%Ln edges</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>memlens::ui::MetricsDialog</name>
    <message numerus="yes">
        <location filename="../ui/dialogs/metricsdialog.cpp" line="+128"/>
        <source>%n judged query(ies), each asked again with the vault&apos;s settings; the first %1 hits count.</source>
        <translation>
            <numerusform>%n judged query, asked again with the vault&apos;s settings; the first %1 hits count.</numerusform>
            <numerusform>%n judged queries, each asked again with the vault&apos;s settings; the first %1 hits count.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>%n judged query(ies) without a relevant hit are not scored.</source>
        <translation>
            <numerusform>%n judged query without a relevant hit is not scored.</numerusform>
            <numerusform>%n judged queries without a relevant hit are not scored.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>memlens::ui::MmrPanel</name>
    <message numerus="yes">
        <location filename="../ui/pages/mmrpanel.cpp" line="+87"/>
        <source>Picked %n hit(s) (%1 moved down); left out: %2 too similar to a pick, %3 below the limit, %4 cut by a budget.</source>
        <translation>
            <numerusform>Picked %n hit (%1 moved down); left out: %2 too similar to a pick, %3 below the limit, %4 cut by a budget.</numerusform>
            <numerusform>Picked %n hits (%1 moved down); left out: %2 too similar to a pick, %3 below the limit, %4 cut by a budget.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+9"/>
        <source>%n candidate(s) below the vault&apos;s no-match threshold were not considered.</source>
        <translation>
            <numerusform>%n candidate below the vault&apos;s no-match threshold was not considered.</numerusform>
            <numerusform>%n candidates below the vault&apos;s no-match threshold were not considered.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>memlens::ui::OverviewPage</name>
    <message numerus="yes">
        <location filename="../ui/pages/overviewpage.cpp" line="+270"/>
        <source>%n magnet(s): memories that come back for many unrelated questions, below.</source>
        <translation>
            <numerusform>%n magnet: a memory that comes back for many unrelated questions, below.</numerusform>
            <numerusform>%n magnets: memories that come back for many unrelated questions, below.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+15"/>
        <source>Returned for %n question(s), among them:</source>
        <translation>
            <numerusform>Returned for %n question, among them:</numerusform>
            <numerusform>Returned for %n questions, among them:</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>memlens::ui::QueryPage</name>
    <message numerus="yes">
        <location filename="../ui/pages/querypage.cpp" line="+327"/>
        <source>Show %Ln older version(s)</source>
        <translation>
            <numerusform>Show %Ln older version</numerusform>
            <numerusform>Show %Ln older versions</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+53"/>
        <source>%Ln chunk(s)</source>
        <translation>
            <numerusform>%Ln chunk</numerusform>
            <numerusform>%Ln chunks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+53"/>
        <source>%Ln vector candidate(s) no closer than made-up words dropped as noise</source>
        <translation>
            <numerusform>%Ln vector candidate no closer than made-up words dropped as noise</numerusform>
            <numerusform>%Ln vector candidates no closer than made-up words dropped as noise</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+24"/>
        <source>%Ln older version(s) kept out of the hits: newer memories superseded them (score × %1)</source>
        <translation>
            <numerusform>%Ln older version kept out of the hits: a newer memory superseded it (score × %1)</numerusform>
            <numerusform>%Ln older versions kept out of the hits: newer memories superseded them (score × %1)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+43"/>
        <source>%n below the no-match threshold %1 not returned</source>
        <translation>
            <numerusform>%n below the no-match threshold %1 not returned</numerusform>
            <numerusform>%n below the no-match threshold %1 not returned</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+15"/>
        <source>%Ln related pair(s)</source>
        <translation>
            <numerusform>%Ln related pair</numerusform>
            <numerusform>%Ln related pairs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%Ln hop(s)</source>
        <translation>
            <numerusform>%Ln hop</numerusform>
            <numerusform>%Ln hops</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>memlens::ui::SummaryTreeModel</name>
    <message numerus="yes">
        <location filename="../ui/models/summarytreemodel.cpp" line="+369"/>
        <source>%Ln summary(s)</source>
        <translation>
            <numerusform>%Ln summary</numerusform>
            <numerusform>%Ln summaries</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+102"/>
        <source>of the %n distinct question(s) logged</source>
        <translation>
            <numerusform>of the %n distinct question logged</numerusform>
            <numerusform>of the %n distinct questions logged</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>of the %n distinct question(s) logged %1 (the time filter)</source>
        <translation>
            <numerusform>of the %n distinct question logged %1 (the time filter)</numerusform>
            <numerusform>of the %n distinct questions logged %1 (the time filter)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>%n question(s) · %1% · magnet</source>
        <translation>
            <numerusform>%n question · %1% · magnet</numerusform>
            <numerusform>%n questions · %1% · magnet</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n question(s) · %1%</source>
        <translation>
            <numerusform>%n question · %1%</numerusform>
            <numerusform>%n questions · %1%</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>memlens::ui::TreesPage</name>
    <message numerus="yes">
        <location filename="../ui/pages/treespage.cpp" line="+403"/>
        <source>%Ln node(s)</source>
        <translation>
            <numerusform>%Ln node</numerusform>
            <numerusform>%Ln nodes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln summary(s)</source>
        <translation>
            <numerusform>%Ln summary</numerusform>
            <numerusform>%Ln summaries</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln raw leaf(s)</source>
        <translation>
            <numerusform>%Ln raw leaf</numerusform>
            <numerusform>%Ln raw leaves</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>memlens::ui::VaultController</name>
    <message numerus="yes">
        <location filename="../ui/vault/vaultcontroller.cpp" line="+178"/>
        <source>Topic index rebuilt: %Ln vector(s)</source>
        <translation>
            <numerusform>Topic index rebuilt: %Ln vector</numerusform>
            <numerusform>Topic index rebuilt: %Ln vectors</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>memlens::ui::WhatIfPanel</name>
    <message numerus="yes">
        <location filename="../ui/lab/whatifpanel.cpp" line="+297"/>
        <source>&lt;b&gt;No change&lt;/b&gt;: the same %n hit(s) in the same order.</source>
        <translation>
            <numerusform>&lt;b&gt;No change&lt;/b&gt;: the same %n hit in the same order.</numerusform>
            <numerusform>&lt;b&gt;No change&lt;/b&gt;: the same %n hits in the same order.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>&lt;b&gt;No change&lt;/b&gt;: these settings leave the same %n hit(s) in the same order.</source>
        <translation>
            <numerusform>&lt;b&gt;No change&lt;/b&gt;: these settings leave the same %n hit in the same order.</numerusform>
            <numerusform>&lt;b&gt;No change&lt;/b&gt;: these settings leave the same %n hits in the same order.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>%n hit(s) moved</source>
        <translation>
            <numerusform>%n hit moved</numerusform>
            <numerusform>%n hits moved</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n new</source>
        <translation>
            <numerusform>%n new</numerusform>
            <numerusform>%n new</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n gone</source>
        <translation>
            <numerusform>%n gone</numerusform>
            <numerusform>%n gone</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>memlens::ui::WhyNotDialog</name>
    <message numerus="yes">
        <location filename="../ui/dialogs/whynotdialog.cpp" line="+324"/>
        <source>No memory is named “%1”; %Ln hold its words. Pick one.</source>
        <translation>
            <numerusform>No memory is named “%1”; %Ln holds its words. Pick it.</numerusform>
            <numerusform>No memory is named “%1”; %Ln hold its words. Pick one.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>“%1” names %Ln memories. Pick one.</source>
        <translation>
            <numerusform>“%1” names %Ln memory. Pick it.</numerusform>
            <numerusform>“%1” names %Ln memories. Pick one.</numerusform>
        </translation>
    </message>
</context>
</TS>
