<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Audit</name>
    <message>
        <location filename="../ui/audit/auditrows.cpp" line="+67"/>
        <source>This vault keeps no audit log (an OpenHuman workspace opens read-only).</source>
        <translation>此记忆库没有审计日志（OpenHuman 工作区以只读方式打开）。</translation>
    </message>
</context>
<context>
    <name>AuditState</name>
    <message>
        <location filename="../core/src/search/status_phrases.cpp" line="+107"/>
        <source>not logged: the request asked for no audit row</source>
        <translation>未记录：该请求要求不写审计记录</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not logged: a rerun of stored candidates</source>
        <translation>未记录：这是对已存储候选的重新运行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>audit disabled: turned off for this engine</source>
        <translation>审计已禁用：此引擎已关闭审计</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>audit disabled: read-only (OpenHuman workspace)</source>
        <translation>审计已禁用：只读（OpenHuman 工作区）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>audit disabled: read-only</source>
        <translation>审计已禁用：只读</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>audit disabled: %1</source>
        <translation>审计已禁用：%1</translation>
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
        <translation>0（未返回）</translation>
    </message>
</context>
<context>
    <name>Compare</name>
    <message>
        <location filename="../core/src/search/compare.cpp" line="+17"/>
        <source>%1; %2</source>
        <translation>%1；%2</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>%1 vs %2</source>
        <translation>%1 对 %2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>unranked</source>
        <translation>未排名</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>keyword rank %1 against %2 (RRF term %3)</source>
        <translation>关键词排名 %1 对 %2（RRF 项 %3）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>vector rank %1 against %2 (RRF term %3)</source>
        <translation>向量排名 %1 对 %2（RRF 项 %3）</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>recency</source>
        <translation>时效</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>age %1 days</source>
        <translation>距今 %1 天</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>graph context</source>
        <translation>图上下文</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>graph signal %1</source>
        <translation>图谱信号 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>supersession</source>
        <translation>取代</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>superseded</source>
        <translation>已被取代</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not superseded</source>
        <translation>未被取代</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 ×%2 (%3) against ×%4 (%5)</source>
        <translation>%1 ×%2（%3）对 ×%4（%5）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>score %1</source>
        <translation>得分 %1</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>%1 is above %2 because of the keyword leg: %3</source>
        <translation>%1 排在 %2 前面，原因是关键词分支：%3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 is above %2 because of the vector leg: %3</source>
        <translation>%1 排在 %2 前面，原因是向量分支：%3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the vector leg ranked %1 higher but by less: %2</source>
        <translation>向量分支将 %1 排得更高，但差距较小：%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the keyword leg ranked %1 higher but by less: %2</source>
        <translation>关键词分支将 %1 排得更高，但差距较小：%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the vector leg also ranked %1 higher: %2</source>
        <translation>向量分支也将 %1 排得更高：%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the keyword leg also ranked %1 higher: %2</source>
        <translation>关键词分支也将 %1 排得更高：%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the vector leg ranked neither</source>
        <translation>向量分支对两者都未排名</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the keyword leg ranked neither</source>
        <translation>关键词分支对两者都未排名</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the vector leg gave both the same term</source>
        <translation>向量分支给两者的项相同</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the keyword leg gave both the same term</source>
        <translation>关键词分支给两者的项相同</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>RRF %1</source>
        <translation>RRF %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 favoured %2 but not enough (%3)</source>
        <translation>%1有利于 %2，但不足以扭转顺序（%3）</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>the legs tied them (RRF %1)</source>
        <translation>各分支使两者持平（RRF %1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the legs put %1 first (RRF %2)</source>
        <translation>各分支将 %1 排在前面（RRF %2）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1 and %2</source>
        <translation>%1和%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1, %2</source>
        <translation>%1、%2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is above %2 because %3 together turned the legs&apos; order round, neither alone: %4; %5; %6</source>
        <translation>%1 排在 %2 前面，因为%3共同扭转了各分支给出的顺序，任何一项单独都不能：%4；%5；%6</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 is above %2 because of %3: %4, %5</source>
        <translation>%1 排在 %2 前面，原因是%3：%4，%5</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 alone would also have turned it</source>
        <translation>仅凭%1也足以扭转顺序</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1 is above %2 because of supersession: the signals put %2 first (%3), %2&apos;s supersession penalty ×%4 against ×%5; %6</source>
        <translation>%1 排在 %2 前面，原因是取代：各信号将 %2 排在前面（%3），%2 的取代惩罚 ×%4 对 ×%5；%6</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>graph</source>
        <translation>图谱</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>vector</source>
        <translation>向量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>keyword</source>
        <translation>关键词</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>freshness</source>
        <translation>时效性</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 %2 × %3 = %4 against %5</source>
        <translation>%1 %2 × %3 = %4 对 %5</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 is above %2 because of the %3 signal: %4</source>
        <translation>%1 排在 %2 前面，原因是%3信号：%4</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the %1 signal favoured %2 but by less (%3)</source>
        <translation>%1信号有利于 %2，但幅度较小（%3）</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>%1 is above %2 because MMR picked it first: %2 is fused #%3 (relevance %4) against %1&apos;s fused #%5 (%6)</source>
        <translation>%1 排在 %2 前面，因为 MMR 先选取了它：%2 为融合后 #%3（相关性 %4），而 %1 为融合后 #%5（%6）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1, but %2 was too similar to %3 (cosine %4, redundancy %5): at pick %6 its MMR score %7 lost to %8&apos;s %9</source>
        <translation>%1，但 %2 与 %3 过于相似（余弦 %4，冗余 %5）：在第 %6 次选取时，它的 MMR 得分 %7 不敌 %8 的 %9</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1, but at pick %2 %3&apos;s redundancy to the hits picked before lowered its MMR score below %4&apos;s %5</source>
        <translation>%1，但在第 %2 次选取时，%3 与此前已选命中结果的冗余使其 MMR 得分低于 %4 的 %5</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 (at its own pick %2 it was %3 cosine-similar to %4)</source>
        <translation>%1（在它自己的第 %2 次选取时，它与 %4 的余弦相似度为 %3）</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>%1 is above %2 in the primitive&apos;s own order (score %3); it carries no hybrid explanation</source>
        <translation>%1 在该原语自身的顺序中排在 %2 前面（得分 %3）；它不含混合检索解释</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 and %2 have the same score %3; the fused order keeps %1 first</source>
        <translation>%1 和 %2 得分相同，均为 %3；融合后的顺序使 %1 保持在前</translation>
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
        <translation>哈希词特征，%1 维</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the vault&apos;s word model, not learned yet</source>
        <translation>库的词模型，尚未学习</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the vault&apos;s word model, %1 dimensions, %2 words learned since its training</source>
        <translation>库的词模型，%1 维，训练后又学习了 %2 个词</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the vault&apos;s word model, %1 dimensions</source>
        <translation>库的词模型，%1 维</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>model %1 over HTTP</source>
        <translation>通过 HTTP 的模型 %1</translation>
    </message>
</context>
<context>
    <name>Format</name>
    <message>
        <location filename="../ui/core/format.cpp" line="+72"/>
        <source>summary L%1 · %2 · %3</source>
        <translation>摘要 L%1 · %2 · %3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>turn %1</source>
        <translation>轮次 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>memory</source>
        <translation>记忆</translation>
    </message>
</context>
<context>
    <name>Grade</name>
    <message>
        <location filename="../core/src/judgments/judgments.cpp" line="+268"/>
        <source>not relevant</source>
        <translation>不相关</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>related</source>
        <translation>有关联</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>relevant</source>
        <translation>相关</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>answers it</source>
        <translation>回答了问题</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no grade</source>
        <translation>未评分</translation>
    </message>
</context>
<context>
    <name>GraphText</name>
    <message numerus="yes">
        <location filename="../ui/graph/graphtext.cpp" line="+23"/>
        <source>%1 of %Ln entity(s)</source>
        <translation>
            <numerusform>%1 / %Ln 个实体</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source> · %Ln edge(s) with co-occurrences in the window</source>
        <translation>
            <numerusform> · 窗口内有共现的边 %Ln 条</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source> · %1 of %Ln edge(s) at weight ≥ %2</source>
        <translation>
            <numerusform> · 权重 ≥ %2 的 %Ln 条边中的 %1 条</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source> · %Ln lighter edge(s) added by expanding</source>
        <translation>
            <numerusform> · 展开添加的较轻边 %Ln 条</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source> · %Ln communit(y/ies)</source>
        <translation>
            <numerusform> · %Ln 个社区</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source> · layout %1 ms</source>
        <translation> · 布局 %1 ms</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source> · %Ln without edges not drawn</source>
        <translation>
            <numerusform> · %Ln 个无边实体未绘制</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source> · %Ln hidden</source>
        <translation>
            <numerusform> · 已隐藏 %Ln 个</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source> · focus: %1 within %n hop(s)</source>
        <translation>
            <numerusform> · 聚焦：%n 跳内 %1 个实体</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source> · %Ln lit by the selected hit</source>
        <translation>
            <numerusform> · %Ln 个被所选命中结果点亮</numerusform>
        </translation>
    </message>
    <message>
        <location line="+13"/>
        <source>no search logged yet</source>
        <translation>尚未记录任何搜索</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no search logged%1 (the time filter)</source>
        <translation>没有记录的搜索%1（时间筛选）</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>none of its memories was returned by the %n question(s) logged%1</source>
        <translation>
            <numerusform>已记录的 %n 个问题%1都没有返回它的任何记忆</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%Ln of its memories returned</source>
        <translation>
            <numerusform>它的 %Ln 条记忆被返回</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>, by %Ln question(s) of the %1 logged%2</source>
        <translation>
            <numerusform>，由 %1 个已记录问题中的 %Ln 个%2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+26"/>
        <source>mentioned by %Ln node(s)</source>
        <translation>
            <numerusform>被 %Ln 个节点提及</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>  %1: %Ln shared</source>
        <translation>
            <numerusform>  %1：共享 %Ln</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>  and %n more (select it for the whole list)</source>
        <translation>
            <numerusform>  另有 %n 个（选中以查看完整列表）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+13"/>
        <source>%Ln chunk(s) mention both</source>
        <translation>
            <numerusform>%Ln 个分块同时提及二者</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%Ln of them in the time window</source>
        <translation>
            <numerusform>其中 %Ln 个在时间窗口内</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>first %1, last %2</source>
        <translation>最早 %1，最晚 %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>times loading…</source>
        <translation>正在加载时间…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>right-click: why are these two linked?</source>
        <translation>右键：这两者为何相连？</translation>
    </message>
</context>
<context>
    <name>Health</name>
    <message>
        <location filename="../core/src/audit/health.cpp" line="+30"/>
        <source>last 7 days</source>
        <translation>最近 7 天</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>last 30 days</source>
        <translation>最近 30 天</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>last 90 days</source>
        <translation>最近 90 天</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>last year</source>
        <translation>最近一年</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>older</source>
        <translation>更早</translation>
    </message>
</context>
<context>
    <name>JobRunner</name>
    <message>
        <location filename="../ui/core/jobrunner.h" line="+93"/>
        <source>unknown exception in a background job</source>
        <translation>后台任务发生未知异常</translation>
    </message>
</context>
<context>
    <name>LabMove</name>
    <message>
        <location filename="../core/src/lab/lab.cpp" line="+135"/>
        <source>profile score %1</source>
        <translation>配置得分 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>RRF %1, fused rank %2 → %3</source>
        <translation>RRF %1，融合排名 %2 → %3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>recency factor %1</source>
        <translation>时效因子 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>entity factor %1</source>
        <translation>实体因子 %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>superseded penalty %1</source>
        <translation>取代惩罚 %1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>cut by a budget</source>
        <translation>被预算截掉</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no longer cut by a budget</source>
        <translation>不再被预算截掉</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>left out by the %1 budget</source>
        <translation>被 %1 预算排除</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no longer left out by the %1 budget</source>
        <translation>不再被 %1 预算排除</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>MMR score %1 (fused rank %2 either way)</source>
        <translation>MMR 得分 %1（融合排名两边均为 %2）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>its own scores did not change; hits around it moved</source>
        <translation>其自身得分未变；是周围的命中移动了</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>same place (%1)</source>
        <translation>位置不变（%1）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>new at %1</source>
        <translation>新出现于 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>gone from %1</source>
        <translation>从 %1 消失</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>up %1 (%2 → %3)</source>
        <translation>上升 %1（%2 → %3）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>down %1 (%2 → %3)</source>
        <translation>下降 %1（%2 → %3）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+105"/>
        <source>%1; moved by %2</source>
        <translation>%1；由 %2 引起</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1; no one changed setting moves it alone: they do together</source>
        <translation>%1；没有单独一项更改的设置能移动它：需要共同作用</translation>
    </message>
</context>
<context>
    <name>LabText</name>
    <message numerus="yes">
        <location filename="../ui/lab/labtext.cpp" line="+15"/>
        <source>%n row(s) logged without their candidates (replay them in the Audit tab)</source>
        <translation>
            <numerusform>%n 行记录时未保存候选（在审计标签页中重放）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%n row(s) not searches</source>
        <translation>
            <numerusform>%n 行不是搜索</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n row(s) whose stored columns do not parse (memlens-cli audit show ID names the fault)</source>
        <translation>
            <numerusform>%n 行的存储列无法解析（memlens-cli audit show ID 会指出错误）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Language</name>
    <message>
        <location filename="../ui/core/language.cpp" line="+28"/>
        <source>System</source>
        <translation>跟随系统</translation>
    </message>
</context>
<context>
    <name>LegReport</name>
    <message>
        <location filename="../core/src/search/status_phrases.cpp" line="-81"/>
        <source>the search mode is semantic</source>
        <translation>搜索模式为语义搜索</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the search mode is keyword</source>
        <translation>搜索模式为关键词搜索</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>weight 0</source>
        <translation>权重为 0</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no searchable terms</source>
        <translation>没有可搜索的词</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>blank query</source>
        <translation>查询为空</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the time budget (max_ms) ran out</source>
        <translation>时间预算（max_ms）已用完</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no vectors for %1</source>
        <translation>没有 %1 的向量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>embedding failed: %1</source>
        <translation>嵌入失败：%1</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>index dimension %1 differs from the query&apos;s %2</source>
        <translation>索引维度 %1 与查询的维度 %2 不同</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>small vault</source>
        <translation>记忆库较小</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>requested</source>
        <translation>按请求</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>scoped</source>
        <translation>已限定范围</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>beam recall below the minimum</source>
        <translation>束搜索召回率低于最低要求</translation>
    </message>
</context>
<context>
    <name>NoMatch</name>
    <message>
        <location filename="../core/src/search/pipeline.cpp" line="+195"/>
        <source>the only candidate</source>
        <translation>唯一的候选</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>all %1 candidates</source>
        <translation>全部 %1 个候选</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no match: %1 scored below the vault&apos;s no-match threshold %2 (the best: %3)</source>
        <translation>无匹配：%1 的得分低于存储库的无匹配阈值 %2（最高：%3）</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>the word %1 occurs nowhere in the searched scope</source>
        <translation>词语 %1 未出现在搜索范围内</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the word %1 occurs nowhere in this vault</source>
        <translation>词语 %1 未出现在此记忆库中</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>none of the words %1 occurs in the searched scope</source>
        <translation>词语 %1 均未出现在搜索范围内</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>none of the words %1 occurs in this vault</source>
        <translation>词语 %1 均未出现在此记忆库中</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>no memory is closer in meaning to the query than made-up words are (the closest: similarity %1; made-up words reach %2 here)</source>
        <translation>没有任何记忆在含义上比虚构词更接近查询（最接近的：相似度 %1；虚构词在这里达到 %2）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>no memory shares anything in meaning with it</source>
        <translation>没有任何记忆在含义上与查询相关</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1, and %2</source>
        <translation>%1，并且%2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1; the vector leg did not run (%2)</source>
        <translation>%1；向量分支未运行（%2）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no match: %1</source>
        <translation>没有匹配：%1</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../ui/graph/graphdata.cpp" line="+211"/>
        <source>%1 is not drawn</source>
        <translation>%1 未绘制</translation>
    </message>
</context>
<context>
    <name>QueryForm</name>
    <message>
        <location filename="../ui/pages/queryform.cpp" line="+75"/>
        <source>any kind</source>
        <translation>任意类型</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>any source</source>
        <translation>任意来源</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>default (%1)</source>
        <translation>默认 (%1)</translation>
    </message>
</context>
<context>
    <name>QueryKind</name>
    <message>
        <location filename="../ui/query/queryrequest.cpp" line="+38"/>
        <source>Keyword and vector legs, fused, diversified by MMR.</source>
        <translation>关键词与向量两路检索，融合后经 MMR 多样化。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The FTS5 keyword leg alone (bm25).</source>
        <translation>仅 FTS5 关键词检索分支（bm25）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The vector leg alone (beam descent over the topic tree).</source>
        <translation>仅向量检索分支（沿主题树进行束搜索下降）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Summaries of one source or of a source kind.</source>
        <translation>单个来源或某类来源的摘要。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Summaries of every source over a time window.</source>
        <translation>某一时间窗口内所有来源的摘要。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Nodes that mention one entity.</source>
        <translation>提及某个实体的节点。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The fewest nodes covering every chunk of a time window.</source>
        <translation>覆盖某一时间窗口内全部分块的最少节点。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Canonical entity ids matching a name.</source>
        <translation>与名称匹配的规范实体 ID。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The children of a summary, one or more levels down.</source>
        <translation>摘要的子节点，可向下一层或多层。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The exact text of chunks by id (at most 20).</source>
        <translation>按 ID 获取分块的原文（最多 20 个）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A question answered through the entity graph, no model.</source>
        <translation>通过实体图谱回答问题，无需模型。</translation>
    </message>
</context>
<context>
    <name>QueryNames</name>
    <message>
        <location filename="../core/src/search/graph_signal.cpp" line="+137"/>
        <source>a speaker&apos;s name written with other letters</source>
        <translation>用其他字母书写的发言者姓名</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the name written with other letters</source>
        <translation>用其他字母书写的该姓名</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a short form of a speaker&apos;s name</source>
        <translation>说话者姓名的简称</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a short form of the name</source>
        <translation>该名称的简称</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>a spelling 1 letter from a speaker&apos;s name&apos;s start</source>
        <translation>与说话者姓名开头相差 1 个字母的拼写</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a spelling 1 letter from a speaker&apos;s name</source>
        <translation>与说话者姓名相差 1 个字母的拼写</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a spelling 1 letter from the name&apos;s start</source>
        <translation>与该名称开头相差 1 个字母的拼写</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a spelling 1 letter from the name</source>
        <translation>与该名称相差 1 个字母的拼写</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a spelling %1 letters from a speaker&apos;s name&apos;s start</source>
        <translation>与说话者姓名开头相差 %1 个字母的拼写</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a spelling %1 letters from a speaker&apos;s name</source>
        <translation>与说话者姓名相差 %1 个字母的拼写</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a spelling %1 letters from the name&apos;s start</source>
        <translation>与该名称开头相差 %1 个字母的拼写</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a spelling %1 letters from the name</source>
        <translation>与该名称相差 %1 个字母的拼写</translation>
    </message>
    <message>
        <location line="+73"/>
        <source>&quot;%1&quot; could be %2 (%3) or %4 (%5): left as it is written</source>
        <translation>“%1”可能是 %2（%3）或 %4（%5）：保持原样</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&quot;%1&quot; is read as %2 (%3) as well: %4</source>
        <translation>“%1”也被读作 %2（%3）：%4</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&quot;%1&quot; is read as %2 (%3): %4</source>
        <translation>“%1”被读作 %2（%3）：%4</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>&quot;%1&quot; is a registry alias of %2</source>
        <translation>“%1”是 %2 的注册别名</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&quot;%1&quot; is a registry alias of %2 (%3)</source>
        <translation>“%1”是 %2（%3）的注册别名</translation>
    </message>
    <message>
        <location line="+93"/>
        <source>&quot;%1&quot; names a person, not %2</source>
        <translation>“%1”指的是一个人，而不是 %2</translation>
    </message>
</context>
<context>
    <name>QueryPage</name>
    <message>
        <location filename="../ui/pages/querypage.cpp" line="+57"/>
        <source>%1 leg off (%2)</source>
        <translation>%1分支关闭（%2）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 leg %2 in %3 ms</source>
        <translation>%1分支：%2 条，用时 %3 ms</translation>
    </message>
    <message>
        <location line="+6"/>
        <source> (ranked in %1 parts at once)</source>
        <translation>（分 %1 部分同时排序）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> (exact: %1)</source>
        <translation>（精确扫描：%1）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (beam: %1 topics, %2 scored)</source>
        <translation>（束搜索：%1 个主题，%2 个已评分）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> (the index file measured the beam at %1 of the exact top 10; minimum %2)</source>
        <translation>（索引文件测得束搜索找到精确前 10 名中的 %1；最低 %2）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>, ranked with %1</source>
        <translation>，排序所用：%1</translation>
    </message>
</context>
<context>
    <name>ResultsModel</name>
    <message>
        <location filename="../ui/models/resultsmodel.cpp" line="+32"/>
        <source>%1 %2 (rank %3): %4% of a first place&apos;s %5</source>
        <translation>%1 %2（排名 %3）：为第一名 %5 的 %4%</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 0 (the leg did not rank it)</source>
        <translation>%1 0（该分支未对其排名）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>keyword term</source>
        <translation>关键词项</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>vector term</source>
        <translation>向量项</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 signal %2 (of 1), before its weight</source>
        <translation>%1 信号 %2（满分 1），未乘权重</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>cosine</source>
        <translation>余弦</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>older version · </source>
        <translation>旧版本 · </translation>
    </message>
</context>
<context>
    <name>Signal</name>
    <message>
        <location filename="../ui/core/signalcolors.cpp" line="+24"/>
        <source>graph</source>
        <translation>图谱</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>vector</source>
        <translation>向量</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>keyword</source>
        <translation>关键词</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>freshness</source>
        <translation>时效性</translation>
    </message>
</context>
<context>
    <name>Snippet</name>
    <message>
        <location filename="../ui/query/highlight.cpp" line="+75"/>
        <source>%1: in the neighbouring turns</source>
        <translation>%1：在相邻发言中</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: in its context</source>
        <translation>%1：在其上下文中</translation>
    </message>
</context>
<context>
    <name>Verdict</name>
    <message>
        <location filename="../core/src/search/verdict.cpp" line="+12"/>
        <source>%1; %2</source>
        <translation>%1；%2</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>keyword rank %1 (bm25 %2)</source>
        <translation>关键词排名 %1（bm25 %2）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>keyword rank %1 (%2)</source>
        <translation>关键词排名 %1（%2）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>vector rank %1 (similarity %2)</source>
        <translation>向量排名 %1（相似度 %2）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>keyword leg did not run</source>
        <translation>关键词分支未运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>vector leg did not run</source>
        <translation>向量分支未运行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>keyword leg did not run (%1)</source>
        <translation>关键词分支未运行（%1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>vector leg did not run (%1)</source>
        <translation>向量分支未运行（%1）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>keyword leg matched nothing</source>
        <translation>关键词分支没有匹配</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>vector leg matched nothing</source>
        <translation>向量分支没有匹配</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>keyword leg did not rank it</source>
        <translation>关键词分支未给出排名</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>vector leg did not rank it</source>
        <translation>向量分支未给出排名</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>the supersession penalty kept it below fused #%1</source>
        <translation>取代惩罚使它留在融合后 #%1 之下</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the supersession penalty lifted it above fused #%1</source>
        <translation>取代惩罚使它升到融合后 #%1 之上</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>recency kept it below fused #%1</source>
        <translation>时效使它留在融合后 #%1 之下</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>recency lifted it above fused #%1</source>
        <translation>时效使它升到融合后 #%1 之上</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>graph context (the entity factor) kept it below fused #%1</source>
        <translation>图上下文（实体因子）使它留在融合后 #%1 之下</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>graph context (the entity factor) lifted it above fused #%1</source>
        <translation>图上下文（实体因子）使它升到融合后 #%1 之上</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>keyword rank %1</source>
        <translation>关键词排名 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>keyword ranks %1</source>
        <translation>关键词排名 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>vector rank %1</source>
        <translation>向量排名 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>vector ranks %1</source>
        <translation>向量排名 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 and %2</source>
        <translation>%1和%2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is an older version superseded by a newer one (score × %2)</source>
        <translation>%1 是被较新版本取代的旧版本（得分 × %2）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 are older versions superseded by newer ones (score × %2)</source>
        <translation>%1 均为被较新版本取代的旧版本（得分 × %2）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 outweighed %2 (leg weights %3 and %4)</source>
        <translation>%1 胜过 %2（分支权重 %3 与 %4）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 and %2 counted the same</source>
        <translation>%1 与 %2 的贡献相同</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>no leg ranked it</source>
        <translation>没有分支给出排名</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>graph</source>
        <translation>图谱</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>vector</source>
        <translation>向量</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>keyword</source>
        <translation>关键词</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>freshness</source>
        <translation>时效性</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>profile %1: largest part %2 %3 (signal %4 x weight %5)</source>
        <translation>配置 %1：最大贡献 %2 %3（信号 %4 × 权重 %5）</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>%1 in its text</source>
        <translation>%1 出现在其文本中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 in its own text</source>
        <translation>%1 出现在其自身文本中</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 in the neighbouring turns</source>
        <translation>%1 出现在相邻发言中</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 in its context (author, tags, date)</source>
        <translation>%1 出现在其上下文（作者、标签、日期）中</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>none in its text</source>
        <translation>其文本中没有任何查询词</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none in its own text</source>
        <translation>其自身文本中没有任何查询词</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>hit #%1</source>
        <translation>命中 #%1</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>kept out as an older version: %1 newer memories supersede it (score × %2: %3 instead of %4, above the lowest hit&apos;s %5)</source>
        <translation>作为旧版本被排除：%1 条较新的记忆取代了它（得分 × %2：%3 而非 %4，高于最低命中结果的 %5）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>kept out as an older version: a newer memory supersedes it (score × %1: %2 instead of %3, above the lowest hit&apos;s %4)</source>
        <translation>作为旧版本被排除：一条较新的记忆取代了它（得分 × %1：%2 而非 %3，高于最低命中结果的 %4）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>its MMR score %1 lost the last step to %2&apos;s %3</source>
        <translation>它的 MMR 得分 %1 在最后一步不敌 %2 的 %3</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>not kept by MMR: %1 cosine-similar to %2 (redundancy floor %3, λ %4)</source>
        <translation>未被 MMR 保留：与 %2 的余弦相似度为 %1（冗余下限 %3，λ %4）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>below the limit of %1</source>
        <translation>排在上限 %1 之外</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+39"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="-37"/>
        <source>its score %1 is below the no-match threshold %2</source>
        <translation>其得分 %1 低于无匹配阈值 %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>MMR picked it at step %1, then the %2 budget cut it</source>
        <translation>MMR 在第 %1 步选中了它，随后它被 %2 预算截去</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>#%1 (fused #%2)</source>
        <translation>#%1（融合后 #%2）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>#%1</source>
        <translation>#%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not returned (fused #%1)</source>
        <translation>未返回（融合后 #%1）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not returned</source>
        <translation>未返回</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>RRF %1, score %2</source>
        <translation>RRF %1，得分 %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>RRF %1</source>
        <translation>RRF %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>score %1</source>
        <translation>得分 %1</translation>
    </message>
</context>
<context>
    <name>WhyNot</name>
    <message>
        <location filename="../core/src/search/search_engine.cpp" line="+361"/>
        <source>Not returned: the query has no searchable terms (only punctuation, search operators or common words), so nothing was searched.</source>
        <translation>未返回：查询中没有可搜索的词（只有标点、搜索运算符或常用词），因此未进行任何搜索。</translation>
    </message>
    <message>
        <location filename="../core/src/search/why_not.cpp" line="+86"/>
        <source>the keyword leg did not run</source>
        <translation>关键词分支未运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the vector leg did not run</source>
        <translation>向量分支未运行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the keyword leg did not run (%1)</source>
        <translation>关键词分支未运行（%1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the vector leg did not run (%1)</source>
        <translation>向量分支未运行（%1）</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>scope: namespace</source>
        <translation>搜索范围：命名空间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>scope: content type</source>
        <translation>搜索范围：内容类型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>scope: source kind</source>
        <translation>搜索范围：来源类型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>scope: topic</source>
        <translation>搜索范围：主题</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>scope: tag</source>
        <translation>搜索范围：标签</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>scope: time window</source>
        <translation>搜索范围：时间窗口</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 (a scope naming namespaces, content types or tags admits chunks only)</source>
        <translation>%1（指定了命名空间、内容类型或标签的搜索范围只包含分块）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 to %2; the node spans %3 to %4</source>
        <translation>%1 至 %2；该节点跨越 %3 至 %4</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>matched where</source>
        <translation>匹配位置</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>missing terms</source>
        <translation>缺少的词</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the keyword leg found none of its terms (%1) in it</source>
        <translation>关键词分支在其中找不到查询的任何词（%1）</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+144"/>
        <source>keyword rank</source>
        <translation>关键词排名</translation>
    </message>
    <message>
        <location line="-143"/>
        <source>%1 of %2 matches (leg limit %3)</source>
        <translation>%2 个匹配中的第 %1 个（分支上限 %3）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>keyword score (memlens_bm25f)</source>
        <translation>关键词得分（memlens_bm25f）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the leg&apos;s last kept score</source>
        <translation>该分支保留的最后得分</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>keyword rank %1 of %2, beyond the keyword leg&apos;s limit of %3</source>
        <translation>关键词排名为 %2 个中的第 %1 个，超出关键词分支的上限 %3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the keyword leg&apos;s row for it has no chunk</source>
        <translation>关键词分支中它的那一行没有对应分块</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>vector</source>
        <translation>向量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none in the topic index of %1</source>
        <translation>%1 的主题索引中没有</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>it has no vector in the topic index</source>
        <translation>它在主题索引中没有向量</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>vector similarity</source>
        <translation>向量相似度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>its topic path</source>
        <translation>其主题路径</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 (leg limit %2)</source>
        <translation>%1（分支上限 %2）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>vector leg kept</source>
        <translation>向量分支保留数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the vector leg&apos;s last similarity</source>
        <translation>向量分支的最后相似度</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>leaves the beam reached</source>
        <translation>束搜索到达的叶节点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (beam width %2): %3</source>
        <translation>%1（束宽 %2）：%3</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the vector leg&apos;s beam did not reach its topic %1 (it reached %2 leaves)</source>
        <translation>向量分支的束搜索未到达其主题 %1（共到达 %2 个叶节点）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>leaf members scored</source>
        <translation>已评分的叶节点成员</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>at most %1 per reached leaf; %2 scored</source>
        <translation>每个到达的叶节点最多 %1 个；共评分 %2 个</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the vector leg&apos;s beam reached its topic %1 but did not score it (a reached leaf gives at most %2 members; wide beams keep the best by their int8 codes)</source>
        <translation>向量分支的束搜索到达了其主题 %1，但未对该节点评分（每个到达的叶节点最多提供 %2 个成员；宽束按 int8 编码保留最佳者）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>vector similarity %1: it shares nothing with the query (the leg keeps only similarities above 0)</source>
        <translation>向量相似度 %1：它与查询毫无共同之处（该分支只保留大于 0 的相似度）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>vector similarity %1, below the vector leg&apos;s last kept %2 (limit %3)</source>
        <translation>向量相似度 %1，低于向量分支保留的最后一个相似度 %2（上限 %3）</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>fused rank</source>
        <translation>融合排名</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 of %2 candidates</source>
        <translation>%2 个候选中的第 %1 个</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>vector rank</source>
        <translation>向量排名</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>RRF</source>
        <translation>RRF</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>score</source>
        <translation>得分</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+61"/>
        <source>final score</source>
        <translation>最终得分</translation>
    </message>
    <message>
        <location line="-50"/>
        <location line="+213"/>
        <source>superseded by</source>
        <translation>被以下取代</translation>
    </message>
    <message>
        <location line="-212"/>
        <source>a newer memory</source>
        <translation>一条较新的记忆</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>supersession penalty</source>
        <translation>取代惩罚</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>× %1: score %2 instead of %3, which would rank it fused #%4</source>
        <translation>× %1：得分 %2 而非 %3；若无此惩罚，它将排在融合后 #%4</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>hit #%1 (id %2)</source>
        <translation>命中 #%1（ID %2）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1, MMR score %2</source>
        <translation>%1，MMR 得分 %2</translation>
    </message>
    <message>
        <location line="+12"/>
        <location line="+17"/>
        <source>MMR score</source>
        <translation>MMR 得分</translation>
    </message>
    <message>
        <location line="-16"/>
        <source>relevance</source>
        <translation>相关性</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>too similar to</source>
        <translation>过于相似的对象</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cosine to it</source>
        <translation>与它的余弦</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>redundancy (after the floor)</source>
        <translation>冗余（扣除下限后）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>λ</source>
        <translation>λ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>redundancy floor</source>
        <translation>冗余下限</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+10"/>
        <source>lost the last step to</source>
        <translation>最后一步输给</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>no-match threshold</source>
        <translation>无匹配阈值</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>limit</source>
        <translation>上限</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>budget</source>
        <translation>预算</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>MMR step</source>
        <translation>MMR 步骤</translation>
    </message>
    <message>
        <location line="-14"/>
        <location line="+15"/>
        <source>hits kept</source>
        <translation>保留的命中结果</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>position</source>
        <translation>位置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 of %2 hits</source>
        <translation>%2 个命中结果中的第 %1 个</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Returned: %1</source>
        <translation>已返回：%1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Not returned (fused #%1): %2.</source>
        <translation>未返回（融合后 #%1）：%2。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>scope: kinds</source>
        <translation>搜索范围：类型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>chunks only (search.include_summaries is off)</source>
        <translation>仅分块（search.include_summaries 已关闭）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not returned: outside the scope: this query searches chunks only (summaries are not included: search.include_summaries or --summaries).</source>
        <translation>未返回：不在搜索范围内：此查询仅搜索分块（不包含摘要：search.include_summaries 或 --summaries）。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not returned: outside the scope: %1.</source>
        <translation>未返回：不在搜索范围内：%1。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1; %2</source>
        <translation>%1；%2</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Not returned: this vault has no chunk or summary with the id or source reference %1.</source>
        <translation>未返回：此记忆库中没有 ID 或来源引用为 %1 的分块或摘要。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>chunk</source>
        <translation>分块</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>a newer version</source>
        <translation>一个较新版本</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>search.superseded</source>
        <translation>search.superseded</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not returned: hidden as superseded (search.superseded is hide).</source>
        <translation>未返回：因已被取代而隐藏（search.superseded 为 hide）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Not returned: hidden as superseded by %1 (search.superseded is hide).</source>
        <translation>未返回：因已被 %1 取代而隐藏（search.superseded 为 hide）。</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>also superseded by</source>
        <translation>亦被以下取代</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not returned: %1; %2.</source>
        <translation>未返回：%1；%2。</translation>
    </message>
</context>
<context>
    <name>WhyNotMenu</name>
    <message>
        <location filename="../ui/pages/whynotmenu.cpp" line="+22"/>
        <source>Returned as Hit #%1 — Show It</source>
        <translation>已作为第 %1 个命中返回 — 显示</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Why Not Returned?</source>
        <translation>为何未返回？</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Why the current query did not return %1</source>
        <translation>当前查询为何未返回 %1</translation>
    </message>
</context>
<context>
    <name>WhyNotStage</name>
    <message>
        <location filename="../core/src/search/status_phrases.cpp" line="+79"/>
        <source>returned</source>
        <translation>已返回</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>unknown node</source>
        <translation>未知节点</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no searchable terms</source>
        <translation>没有可搜索的词</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>outside the scope</source>
        <translation>不在搜索范围内</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>hidden as superseded</source>
        <translation>因被取代而隐藏</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no keyword match</source>
        <translation>无关键词匹配</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>beyond the keyword leg&apos;s limit</source>
        <translation>超出关键词分支上限</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no vector</source>
        <translation>无向量</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not reached by the beam</source>
        <translation>束搜索未到达</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>beyond the vector leg&apos;s limit</source>
        <translation>超出向量分支上限</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>fused rank below the limit</source>
        <translation>融合排名在上限之外</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not kept by MMR</source>
        <translation>未被 MMR 保留</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>cut by a budget</source>
        <translation>被预算截去</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>below the no-match threshold</source>
        <translation>低于无匹配阈值</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>no leg ran</source>
        <translation>没有分支运行</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../app/gui/main.cpp" line="+27"/>
        <source>Inspector for an AI agent&apos;s memory vault.</source>
        <translation>AI 智能体记忆库检查器。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Vault folder (or OpenHuman workspace) to open.</source>
        <translation>要打开的记忆库文件夹（或 OpenHuman 工作区）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Build (once) and open the demo vault.</source>
        <translation>构建（仅一次）并打开演示记忆库。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open the vault read-only.</source>
        <translation>以只读方式打开记忆库。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Once the vault is open, run this query on the Query page.</source>
        <translation>库打开后，在查询页面运行此查询。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TEXT</source>
        <translation>文本</translation>
    </message>
</context>
<context>
    <name>memlens::ui::AblationPanel</name>
    <message>
        <location filename="../ui/lab/ablationpanel.cpp" line="+23"/>
        <source>Keyword</source>
        <translation>关键词</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Vector</source>
        <translation>向量</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>+Recency</source>
        <translation>+时效</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>+Context</source>
        <translation>+上下文</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>+MMR</source>
        <translation>+MMR</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>+Entity</source>
        <translation>+实体</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Over the &amp;Whole Log</source>
        <translation>整个日志(&amp;W)</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Rank every logged search by each column: which signal settles the whole log</source>
        <translation>按每一列对每次已记录的搜索排序：看哪个信号决定了整个日志</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Column</source>
        <translation>列</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Rows</source>
        <translation>行数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>As logged</source>
        <translation>与记录相同</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>First hit kept</source>
        <translation>保留首个命中</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Mean Jaccard@k</source>
        <translation>平均 Jaccard@k</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>First to give the logged ranking</source>
        <translation>最先得到记录排序</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Ranking row #%1 by each leg alone, then one signal at a time…</source>
        <translation>正在分别仅用每个检索分支对行 #%1 排序，然后逐个加入信号…</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>&lt;b&gt;No column gives the logged ranking&lt;/b&gt;: the vault changed since the row was logged.</source>
        <translation>&lt;b&gt;没有任何列得到记录的排序&lt;/b&gt;：该行记录以来记忆库已改变。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&lt;b&gt;%1 alone gives the logged ranking&lt;/b&gt;: recency, graph context, MMR and the entity boost changed nothing for this query.</source>
        <translation>&lt;b&gt;仅 %1 就得到记录的排序&lt;/b&gt;：时效、图上下文、MMR 和实体加权对该查询没有任何改变。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;b&gt;%1 gives the logged ranking&lt;/b&gt;: the other leg changed nothing for this query.</source>
        <translation>&lt;b&gt;%1 得到记录的排序&lt;/b&gt;：另一个检索分支对该查询没有任何改变。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;b&gt;The logged ranking first appears at “%1”&lt;/b&gt;: %2 settled the order (the columns to its left rank differently).</source>
        <translation>&lt;b&gt;记录的排序首次出现在「%1」&lt;/b&gt;：%2 决定了顺序（其左侧的列排序不同）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Each cell is the hit&apos;s rank in that column (— : not among its hits); green where it is the logged rank.</source>
        <translation>每个单元格是该命中在该列中的排名（—：不在其命中中）；与记录排名相同处为绿色。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Logged</source>
        <translation>已记录</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Hit</source>
        <translation>命中</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>n/a</source>
        <translation>不适用</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Ranking every logged search by each column…</source>
        <translation>正在按每一列对每次已记录的搜索排序…</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>No logged search to rank.</source>
        <translation>没有可排序的已记录搜索。</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Over %n logged search(es), most first get their logged ranking at &lt;b&gt;%1&lt;/b&gt; (%2 of them).</source>
        <translation>
            <numerusform>在 %n 次已记录的搜索中，大多数最先在&lt;b&gt;%1&lt;/b&gt;得到记录的排序（%2 次）。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Open a row to see it ranked by each leg alone, then one signal at a time.</source>
        <translation>打开一行，查看仅用每个检索分支的排序，然后逐个加入信号。</translation>
    </message>
</context>
<context>
    <name>memlens::ui::AliasPanel</name>
    <message>
        <location filename="../ui/pages/aliaspanel.cpp" line="+43"/>
        <source>the same name as the person %1</source>
        <translation>与人物 %1 同名</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>“%1” is “%2” written with other letters</source>
        <translation>“%1”是用其他字母书写的“%2”</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>“%1” is how “%2” starts</source>
        <translation>“%2”以“%1”开头</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>“%1” is spelt %n letter(s) away from “%2”</source>
        <translation>
            <numerusform>“%1”与“%2”的拼写相差 %n 个字母</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>“%1” is %n letter(s) away from how “%2” starts</source>
        <translation>
            <numerusform>“%1”与“%2”的开头相差 %n 个字母</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 speaks where “%2” is mentioned</source>
        <translation>%1 在提到“%2”的地方发言</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n chunk(s) name both</source>
        <translation>
            <numerusform>%n 个片段同时提到两者</numerusform>
        </translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&amp;Merge Into the Person…</source>
        <translation>合并到该人物(&amp;M)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Look Again</source>
        <translation>重新查找</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Names that look like another way of naming a known person. Merging one makes it an alias of that person: its mentions move to the person and the vault&apos;s registry records the alias. Nothing changes until you merge.</source>
        <translation>看起来像某个已知人物另一种称呼的名字。合并后,该名字成为此人物的别名:其提及归入该人物,记忆库的登记册记录此别名。合并之前不会有任何改变。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Same as</source>
        <translation>等同于</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Why</source>
        <translation>原因</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Mentions</source>
        <translation>提及</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>Looking for names that could be aliases…</source>
        <translation>正在查找可能是别名的名字…</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Could not read the proposals: %1</source>
        <translation>无法读取建议:%1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>No name looks like another form of a known person&apos;s name.</source>
        <translation>没有名字看起来像已知人物名字的另一种形式。</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n name(s) could be aliases. Select one to merge it.</source>
        <translation>
            <numerusform>%n 个名字可能是别名。选择一个即可合并。</numerusform>
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
        <translation>提到 %1 / %2 的片段</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>&lt;b&gt;%1 could be %2.&lt;/b&gt; %3. %4 is mentioned in %5, %6 in %7.</source>
        <translation>&lt;b&gt;%1 可能就是 %2。&lt;/b&gt;%3。%4 出现在 %5 中,%6 出现在 %7 中。</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <location line="+1"/>
        <source>%n chunk(s)</source>
        <translation>
            <numerusform>%n 个片段</numerusform>
        </translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The vault is open read-only: nothing can be merged</source>
        <translation>记忆库以只读方式打开:无法合并</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Make the selected name an alias of the person</source>
        <translation>将所选名字设为该人物的别名</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+54"/>
        <source>Cannot merge</source>
        <translation>无法合并</translation>
    </message>
    <message>
        <location line="-53"/>
        <source>%1 is open read-only, so no entity can be merged. Open it again without read-only to merge.</source>
        <translation>%1 以只读方式打开,因此无法合并任何实体。请以非只读方式重新打开后再合并。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Merge Into the Person</source>
        <translation>合并到该人物</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Make “%1” (%2) an alias of %3 (%4)?</source>
        <translation>将“%1”(%2)设为 %3(%4)的别名?</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Every mention of %1 becomes a mention of %2, and %2&apos;s record in the registry gains the alias. The graph and the counts are read again afterwards.</source>
        <translation>%1 的每次提及都将成为 %2 的提及,登记册中 %2 的记录将增加此别名。之后会重新读取图谱和计数。</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Merging %1 into %2…</source>
        <translation>正在将 %1 合并到 %2…</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Nothing was merged: %1</source>
        <translation>未合并任何内容:%1</translation>
    </message>
    <message numerus="yes">
        <location line="+10"/>
        <source>Merged %1 into %2: %n mention(s) moved</source>
        <translation>
            <numerusform>已将 %1 合并到 %2:移动了 %n 处提及</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>; %1 recorded as alias in %2</source>
        <translation>;%1 已作为别名记录在 %2 中</translation>
    </message>
</context>
<context>
    <name>memlens::ui::AuditModel</name>
    <message>
        <location filename="../ui/models/auditmodel.cpp" line="+131"/>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 (error)</source>
        <translation>%1（出错）</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <location line="+82"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Time (UTC)</source>
        <translation>时间 (UTC)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Query</source>
        <translation>查询</translation>
    </message>
    <message>
        <location line="-49"/>
        <source>Failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Returned nothing</source>
        <translation>未返回任何结果</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Called by %1 (%2), tool %3</source>
        <translation>由 %1（%2）调用，工具 %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Arguments: %1</source>
        <translation>参数：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>hash %1</source>
        <translation>哈希 %1</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Mode / tool</source>
        <translation>模式 / 工具</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Agent</source>
        <translation>智能体</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Session</source>
        <translation>会话</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Keyword leg</source>
        <translation>关键词分支</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Vector leg</source>
        <translation>向量分支</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Returned</source>
        <translation>返回</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ms</source>
        <translation>毫秒</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Revision</source>
        <translation>修订版本</translation>
    </message>
</context>
<context>
    <name>memlens::ui::AuditPage</name>
    <message>
        <location filename="../ui/pages/auditpage.cpp" line="+74"/>
        <source>&amp;Replay</source>
        <translation>重放(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Diff with Settings on Screen</source>
        <translation>与屏幕上的设置对比(&amp;D)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open in &amp;Workbench</source>
        <translation>在工作台中打开(&amp;W)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open in &amp;Lab</source>
        <translation>在实验室中打开(&amp;L)</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Filter by query text…</source>
        <translation>按查询文本筛选…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>All modes</source>
        <translation>所有模式</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>All callers</source>
        <translation>所有调用方</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Agents only</source>
        <translation>仅智能体</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Who asked: the GUI and the CLI, or an agent through memlens-cli serve (the name its MCP client gave)</source>
        <translation>提问者：GUI 与 CLI，或通过 memlens-cli serve 的智能体（其 MCP 客户端给出的名称）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>All sessions</source>
        <translation>所有会话</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The connection an agent&apos;s call came on: its stdio process or its HTTP session</source>
        <translation>智能体调用所经的连接：其 stdio 进程或 HTTP 会话</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Show each new row of the log as it is written: an agent&apos;s calls appear within a second</source>
        <translation>日志每写入一行即显示：智能体的调用会在一秒内出现</translation>
    </message>
    <message>
        <location line="+99"/>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message numerus="yes">
        <location line="+122"/>
        <source>%Ln query(s) logged · %1 loaded</source>
        <translation>
            <numerusform>已记录 %Ln 条查询 · 已加载 %1 条</numerusform>
        </translation>
    </message>
    <message>
        <location line="-172"/>
        <source>Run the logged query again with the settings it was logged with: any movement comes from the data</source>
        <translation>使用记录时的设置重新运行该查询：任何排名变化都来自数据</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Run the logged query with the values under Query Parameters › Retrieval Settings, and once per changed setting alone, to name the settings that move its hits</source>
        <translation>用“查询参数 › 检索设置”中的值运行已记录的查询，并对每个改动的设置单独各运行一次，以指出哪些设置移动了它的命中</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Run the logged query again on the Query page, with the mode it was logged with and the settings on screen</source>
        <translation>在查询页面以记录时的模式和屏幕上的设置重新运行这条记录的查询</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Re-rank the logged query&apos;s stored candidates with other settings, see its ablation, and the blast radius of a change over the whole log</source>
        <translation>用其他设置对已记录查询的候选重新排序，查看其消融矩阵，以及某项改动在整个日志上的影响范围</translation>
    </message>
    <message>
        <location line="+208"/>
        <source>Row #%1 is a %2 call, not a search: only searches can be replayed</source>
        <translation>第 %1 行是一次 %2 调用，不是搜索：只有搜索可以重放</translation>
    </message>
    <message numerus="yes">
        <location line="+9"/>
        <source>&lt;b&gt;#%1&lt;/b&gt; %2 called &lt;b&gt;%3&lt;/b&gt;%4 and got %Ln node(s)%5.</source>
        <translation>
            <numerusform>&lt;b&gt;#%1&lt;/b&gt; %2 调用了 &lt;b&gt;%3&lt;/b&gt;%4，得到 %Ln 个节点%5。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a caller</source>
        <translation>某个调用方</translation>
    </message>
    <message>
        <location line="+5"/>
        <source> with %1</source>
        <translation>，参数 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>; it failed: %1</source>
        <translation>；调用失败：%1</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>the vault changed from revision %1 to %2</source>
        <translation>记忆库从修订 %1 变为 %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;b&gt;%1 #%2&lt;/b&gt; “%3” — %4.</source>
        <translation>&lt;b&gt;%1 #%2&lt;/b&gt;“%3”— %4。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Nothing moved.</source>
        <translation>没有任何变化。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cause of movement: &lt;b&gt;data&lt;/b&gt;: %1.</source>
        <translation>变化原因：&lt;b&gt;数据&lt;/b&gt;：%1。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The vault&apos;s revision is the same; the ranking moved all the same.</source>
        <translation>记忆库的修订未变，但排名仍然发生了变化。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>With the logged settings the order moves too: &lt;b&gt;data&lt;/b&gt; (%1).</source>
        <translation>使用已记录的设置，顺序同样会变化：&lt;b&gt;数据&lt;/b&gt;（%1）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The settings on screen are the logged ones.</source>
        <translation>屏幕上的设置与已记录的设置相同。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;br&gt;Moved by: %1 (each alone reorders the hits).</source>
        <translation>&lt;br&gt;由以下设置移动：%1（每一项单独即可改变命中顺序）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;br&gt;Moved only by these settings together: %1.</source>
        <translation>&lt;br&gt;仅由这些设置共同移动：%1。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&lt;br&gt;No effect on this query: %1.</source>
        <translation>&lt;br&gt;对此查询无影响：%1。</translation>
    </message>
    <message>
        <location line="-403"/>
        <source>&amp;Follow</source>
        <translation>跟随(&amp;F)</translation>
    </message>
    <message>
        <location line="+182"/>
        <source>Select a logged query and replay it to see how its answer moved.</source>
        <translation>选择一条已记录的查询并重放，查看其结果如何变化。</translation>
    </message>
    <message>
        <location line="+90"/>
        <source>%1, in the time filter&apos;s range %2</source>
        <translation>%1，在时间筛选范围 %2 内</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>Replaying #%1…</source>
        <translation>正在重放 #%1…</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Cannot replay #%1: %2</source>
        <translation>无法重放 #%1：%2</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Replay</source>
        <translation>重放</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Diff</source>
        <translation>对比</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>identical ranking</source>
        <translation>排名完全一致</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>the ranking moved</source>
        <translation>排名发生了变化</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>&lt;br&gt;Change the scores but not the order: %1.</source>
        <translation>&lt;br&gt;改变分数但不改变顺序：%1。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&lt;br&gt;The vector leg ranked with another embedder: then %1, now %2. The same text can have other vectors, so its candidates and scores can differ.</source>
        <translation>&lt;br&gt;向量分支使用了另一个嵌入器排序：当时为 %1，现在为 %2。同一文本可能得到不同的向量，因此其候选和分数可能不同。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;br&gt;%1 same · %2 up · %3 down · %4 new · %5 gone</source>
        <translation>&lt;br&gt;%1 不变 · %2 上升 · %3 下降 · %4 新增 · %5 消失</translation>
    </message>
</context>
<context>
    <name>memlens::ui::AuditStatus</name>
    <message>
        <location filename="../ui/widgets/auditstatus.cpp" line="+26"/>
        <source>Audit: the row for “%1” waits for the vault&apos;s write lock (another process, such as an import, holds it).</source>
        <translation>审计：“%1”的记录正在等待记忆库的写锁（另一个进程，例如导入，正持有它）。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Audit: the row for “%1” is logged.</source>
        <translation>审计：“%1”的记录已写入日志。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Audit: the row for “%1” is kept, not yet logged.</source>
        <translation>审计：“%1”的记录已暂存，尚未写入日志。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Audit: the row for “%1” was lost.</source>
        <translation>审计：“%1”的记录已丢失。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Audit row lost</source>
        <translation>审计记录丢失</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The audit row for “%1” could not be written to the vault&apos;s log, nor kept beside it.</source>
        <translation>“%1”的审计记录既无法写入记忆库的日志，也无法在其旁暂存。</translation>
    </message>
    <message numerus="yes">
        <location line="+14"/>
        <source>⚠ %Ln audit row(s) not yet logged</source>
        <translation>
            <numerusform>⚠ %Ln 条审计记录尚未写入日志</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>memlens::ui::BiographyDialog</name>
    <message>
        <location filename="../ui/dialogs/biographydialog.cpp" line="+43"/>
        <source>Biography</source>
        <translation>传记</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Its rank in each logged search that returned it (UTC)</source>
        <translation>在每次返回它的已记录搜索中的排名（UTC）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>When (UTC)</source>
        <translation>时间（UTC）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Question</source>
        <translation>问题</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Asked by</source>
        <translation>提问者</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Rank</source>
        <translation>排名</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keyword</source>
        <translation>关键词</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Vector</source>
        <translation>向量</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Verdict (rerun)</source>
        <translation>结论（重跑）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Grade</source>
        <translation>评分</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Query</source>
        <translation>查询</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Judge</source>
        <translation>评分者</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Reason</source>
        <translation>理由</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Reading the audit log for %1…</source>
        <translation>正在读取 %1 的审计日志…</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>No biography of %1: %2</source>
        <translation>无法获取 %1 的传记：%2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1, %2, %3</source>
        <translation>%1，%2，%3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Returned by %1 of %2 logged searches.</source>
        <translation>%2 次已记录搜索中有 %1 次返回了它。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>It supersedes %1.</source>
        <translation>它取代了 %1。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A newer version superseded it.</source>
        <translation>已被较新版本取代。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Superseded by %1.</source>
        <translation>已被 %1 取代。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>a person</source>
        <translation>某人</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>(conflicts with %1)</source>
        <translation>（与 %1 冲突）</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>No grade yet: the keys 0–3 on the Query page grade a hit</source>
        <translation>尚无评分：在查询页按 0–3 为结果评分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Grades it received</source>
        <translation>收到的评分</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>rank</source>
        <translation>排名</translation>
    </message>
</context>
<context>
    <name>memlens::ui::BlastRadiusPanel</name>
    <message>
        <location filename="../ui/lab/blastradiuspanel.cpp" line="+47"/>
        <source>Logged from</source>
        <translation>记录时间从</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Run over the &amp;Log</source>
        <translation>在日志上运行(&amp;L)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <location line="+9"/>
        <location line="+348"/>
        <source>every caller</source>
        <translation>所有调用方</translation>
    </message>
    <message>
        <location line="-346"/>
        <source>all rows</source>
        <translation>所有行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>newest </source>
        <translation>最新 </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Re-rank only the newest N logged rows (all rows: 0)</source>
        <translation>只对最新的 N 条日志行重新排序（所有行：0）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Re-rank every logged search with the settings on the left, from the candidates each row keeps, and see which would change. Left as the vault&apos;s own, the settings change no row logged under them.</source>
        <translation>用左侧的设置，从每行保存的候选项重新排序每个已记录的搜索，查看哪些会改变。若保持为 vault 自己的设置，则在其下记录的行都不会改变。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Overlap of the logged and new top hits (Jaccard@k): queries per bin</source>
        <translation>已记录与新的前列命中的重合度（Jaccard@k）：每个区间的查询数</translation>
    </message>
    <message>
        <location line="+15"/>
        <location line="+126"/>
        <source>The blast radius failed</source>
        <translation>影响范围计算失败</translation>
    </message>
    <message>
        <location line="-119"/>
        <source>Row</source>
        <translation>行</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Query</source>
        <translation>查询</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Caller</source>
        <translation>调用方</translation>
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
        <translation>首个命中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Logged first now</source>
        <translation>原首个命中现在</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>NDCG@10 Δ</source>
        <translation>NDCG@10 Δ</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Double-click a query to see it side by side</source>
        <translation>双击查询以并排查看</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Rows of:</source>
        <translation>行来源：</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>to</source>
        <translation>到</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Only the rows logged between these two days (UTC, both included)</source>
        <translation>仅限在这两天之间记录的行（UTC，含首尾两天）</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Re-ranking the logged searches…</source>
        <translation>正在对已记录的搜索重新排序…</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Cancelled: %1</source>
        <translation>已取消：%1</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>the vault&apos;s own settings</source>
        <translation>记忆库自身的设置</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>&lt;b&gt;No logged search to re-rank&lt;/b&gt; among %n row(s).</source>
        <translation>
            <numerusform>&lt;b&gt;%n 行中没有可重新排序的已记录搜索&lt;/b&gt;。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>&lt;b&gt;No logged search would change&lt;/b&gt; (%n re-ranked).</source>
        <translation>
            <numerusform>&lt;b&gt;没有已记录的搜索会改变&lt;/b&gt;（已重新排序 %n 个）。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;b&gt;%1 of %2 logged searches would change&lt;/b&gt; their hits or order; &lt;b&gt;%3&lt;/b&gt; would lose their first hit.</source>
        <translation>&lt;b&gt;%2 个已记录搜索中有 %1 个会改变&lt;/b&gt;命中或顺序；&lt;b&gt;%3&lt;/b&gt; 个会失去首个命中。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Settings: %1 · %2 ms</source>
        <translation>设置：%1 · %2 毫秒</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%1 acts inside a leg: not shown for %n row(s)</source>
        <translation>
            <numerusform>%1 作用于检索分支内部：%n 行未显示</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>&lt;b&gt;Judged: NDCG@%1 %2 → %3&lt;/b&gt; over the %n re-ranked search(es) whose question has grades: %4 improved, %5 worse, %6 unchanged.</source>
        <translation>
            <numerusform>&lt;b&gt;已评分：NDCG@%1 %2 → %3&lt;/b&gt;，基于 %n 个问题有评分的重排搜索：%4 个变好，%5 个变差，%6 个不变。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Queries</source>
        <translation>查询</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Jaccard@k of the logged and new hits (1: the same hits)</source>
        <translation>已记录与新命中的 Jaccard@k（1：命中相同）</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>queries</source>
        <translation>查询数</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>asked here</source>
        <translation>在此提问</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>lost</source>
        <translation>失去</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>kept</source>
        <translation>保留</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>gone</source>
        <translation>消失</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>%1 of %2 logged rows</source>
        <translation>已处理 %1 / %2 条日志行</translation>
    </message>
</context>
<context>
    <name>memlens::ui::CalibrationDialog</name>
    <message>
        <location filename="../ui/dialogs/calibrationdialog.cpp" line="+57"/>
        <source>&amp;Measure</source>
        <translation>测量(&amp;M)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Save as the vault&apos;s no-match threshold</source>
        <translation>保存为存储库的无匹配阈值(&amp;S)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Turn the threshold &amp;off</source>
        <translation>关闭阈值(&amp;O)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Score calibration over the judged queries</source>
        <translation>基于已评分查询的得分校准</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>k = </source>
        <translation>k = </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How many hits of each query count</source>
        <translation>每个查询计入多少条结果</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Hits whose final score is below this are not returned; 0 = off</source>
        <translation>最终得分低于此值的结果不返回；0 = 关闭</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Threshold on the final score:</source>
        <translation>最终得分阈值：</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>Open a vault first.</source>
        <translation>请先打开存储库。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Asking every judged query again, with the threshold off…</source>
        <translation>正在关闭阈值后重新提出每个已评分查询…</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Not measured: %1</source>
        <translation>未测量：%1</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>No judged query has a relevant hit yet: grade hits with the keys 0–3 on the Query page, or import TREC qrels (memlens-cli judge import).</source>
        <translation>尚无已评分查询包含相关结果：在查询页用 0–3 键评分，或导入 TREC qrels（memlens-cli judge import）。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The vault&apos;s no-match threshold: %1.</source>
        <translation>存储库的无匹配阈值：%1。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The vault has no no-match threshold: every hit is returned.</source>
        <translation>存储库没有无匹配阈值：返回所有结果。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 is open read-only: the threshold cannot be saved.</source>
        <translation>%1 以只读方式打开：无法保存阈值。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Keyword leg</source>
        <translation>关键词分支</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>its score (−BM25F × factors; higher = better)</source>
        <translation>其得分（−BM25F × 因子；越高越好）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Vector leg</source>
        <translation>向量分支</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cosine to the query</source>
        <translation>与查询的余弦</translation>
    </message>
    <message numerus="yes">
        <location line="+32"/>
        <source>&lt;b&gt;Without a threshold&lt;/b&gt; every hit is returned: %1 of them relevant, recall %2 over %n judged question(s).</source>
        <translation>
            <numerusform>&lt;b&gt;没有阈值时&lt;/b&gt;返回所有结果：其中 %1 相关，%n 个已评分问题的召回率为 %2。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>&lt;b&gt;At %1, %2 of what is returned is relevant&lt;/b&gt; (%3 without a threshold); recall %4 instead of %5; &lt;b&gt;%6 of %n question(s) would answer “no match”&lt;/b&gt;, %7 of them with a relevant hit lost.</source>
        <translation>
            <numerusform>&lt;b&gt;在 %1 时，返回结果中 %2 相关&lt;/b&gt;（无阈值时为 %3）；召回率 %4（原为 %5）；&lt;b&gt;%n 个问题中有 %6 个会回答“无匹配”&lt;/b&gt;，其中 %7 个丢失了相关结果。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 of %2 hits kept (the first %3 of each question, asked with the threshold off). A threshold can also let a candidate MMR left out move up into a freed place; Metrics… with the threshold saved measures that ranking itself.</source>
        <translation>保留 %2 条结果中的 %1 条（每个问题的前 %3 条，关闭阈值时提出）。阈值也可能让被 MMR 略过的候选补入空出的位置；保存阈值后用“指标…”可测量该排序本身。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Final score (what the threshold compares)</source>
        <translation>最终得分（阈值比较的对象）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>final score</source>
        <translation>最终得分</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>relevant, returned</source>
        <translation>相关，已返回</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>relevant</source>
        <translation>相关</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>other, returned</source>
        <translation>其他，已返回</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>other (graded 0 or ungraded)</source>
        <translation>其他（评 0 或未评分）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>relevant, held back</source>
        <translation>相关，被拦下</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>other, held back</source>
        <translation>其他，被拦下</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>%1: no hit has this score</source>
        <translation>%1：没有结果具有此得分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1, bins from</source>
        <translation>%1，区间起点</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>hits</source>
        <translation>结果</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+22"/>
        <source>Cannot save the threshold</source>
        <translation>无法保存阈值</translation>
    </message>
    <message>
        <location line="-21"/>
        <source>%1 is open read-only, so its no-match threshold cannot be saved. Open it again without read-only (File › Open Vault…) to save it.</source>
        <translation>%1 以只读方式打开，因此无法保存其无匹配阈值。请以非只读方式重新打开（文件 › 打开存储库…）后再保存。</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>The no-match threshold of %1 was not saved: %2</source>
        <translation>%1 的无匹配阈值未保存：%2</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Saved: the vault&apos;s no-match threshold is now %1. Searches leave out hits scoring below it and say how many.</source>
        <translation>已保存：存储库的无匹配阈值现为 %1。搜索会略去得分低于它的结果并说明数量。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Saved: the vault has no no-match threshold now.</source>
        <translation>已保存：存储库现在没有无匹配阈值。</translation>
    </message>
</context>
<context>
    <name>memlens::ui::CommunityPanel</name>
    <message>
        <location filename="../ui/graph/communitypanel.cpp" line="+53"/>
        <source>Show Its Chunks in Query</source>
        <translation>在查询中显示其分块</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Community</source>
        <translation>社区</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Entities</source>
        <translation>实体</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Most mentioned</source>
        <translation>提及最多</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Groups of entities linked more among themselves than to the rest (Louvain over the co-occurrence weights); pick one to dim the others</source>
        <translation>彼此之间联系多于与其余部分联系的实体组（基于共现权重的 Louvain 算法）；选择一个以淡化其他</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>List in the Query page the chunks where the community&apos;s most mentioned entities occur together (the newest 20)</source>
        <translation>在查询页列出该社区提及最多的实体共同出现的分块（最新 20 个）</translation>
    </message>
    <message>
        <location line="+80"/>
        <source>Cannot list the community&apos;s chunks: %1</source>
        <translation>无法列出社区的分块：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No chunk names two of this community&apos;s most mentioned entities together</source>
        <translation>没有分块同时提及该社区提及最多的两个实体</translation>
    </message>
</context>
<context>
    <name>memlens::ui::ComparePanel</name>
    <message>
        <location filename="../ui/pages/comparepanel.cpp" line="+128"/>
        <source>&lt;small&gt;Ctrl-click another hit to change the pair; select one hit for its full breakdown.&lt;/small&gt;</source>
        <translation>&lt;small&gt;按住 Ctrl 点击另一条结果可更换比较对象；只选中一条结果可查看其完整分解。&lt;/small&gt;</translation>
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
        <translation>得分</translation>
    </message>
    <message>
        <location line="-44"/>
        <source>node</source>
        <translation>节点</translation>
    </message>
    <message>
        <location line="-65"/>
        <source>position</source>
        <translation>位置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>#%1 (fused #%2)</source>
        <translation>#%1（融合后 #%2）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>keyword rank</source>
        <translation>关键词排名</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (score %2)</source>
        <translation>%1（得分 %2）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>vector rank</source>
        <translation>向量排名</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 (similarity %2, %3)</source>
        <translation>%1（相似度 %2，%3）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>exact scan</source>
        <translation>精确扫描</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>beam descent</source>
        <translation>束搜索下降</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>MMR pick</source>
        <translation>MMR 选取</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>not picked</source>
        <translation>未选取</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>pick %1: relevance %2, redundancy %3 → MMR score %4</source>
        <translation>第 %1 次选取：相关度 %2，冗余度 %3 → MMR 得分 %4</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>most similar pick</source>
        <translation>最相似的已选项</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 (cosine %2)</source>
        <translation>%1（余弦 %2）</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>matched terms</source>
        <translation>匹配的词</translation>
    </message>
    <message>
        <location line="-32"/>
        <source>&lt;b&gt;#%1: keyword terms&lt;/b&gt;</source>
        <translation>&lt;b&gt;#%1：关键词词项&lt;/b&gt;</translation>
    </message>
</context>
<context>
    <name>memlens::ui::ConceptsDialog</name>
    <message>
        <location filename="../ui/dialogs/conceptsdialog.cpp" line="+13"/>
        <source>memlens concepts</source>
        <translation>memlens 概念</translation>
    </message>
</context>
<context>
    <name>memlens::ui::EntityMatchModel</name>
    <message>
        <location filename="../ui/models/entitymatchmodel.cpp" line="+65"/>
        <source>Double-click to run query_topic for %1</source>
        <translation>双击对 %1 运行 query_topic</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Canonical id</source>
        <translation>规范 ID</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Surface</source>
        <translation>表面形式</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Mentions</source>
        <translation>提及次数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Last seen (UTC)</source>
        <translation>最近出现 (UTC)</translation>
    </message>
</context>
<context>
    <name>memlens::ui::EntityPanel</name>
    <message>
        <location filename="../ui/graph/entitypanel.cpp" line="+70"/>
        <source>&amp;Focus</source>
        <translation>聚焦(&amp;F)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Query This Topic</source>
        <translation>查询此主题(&amp;Q)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Expand</source>
        <translation>展开(&amp;E)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hide</source>
        <translation>隐藏</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Show in Query</source>
        <translation>在查询中显示</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Hop depth of the focus</source>
        <translation>聚焦的跳数深度</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <location line="+82"/>
        <source>%n hop(s)</source>
        <translation>
            <numerusform>%n 跳</numerusform>
        </translation>
    </message>
    <message>
        <location line="-81"/>
        <source>Show the selected entity&apos;s neighbourhood and dim the rest</source>
        <translation>显示所选实体的邻域，其余部分变暗</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run query_topic on the selected entity in the Query page (the mode beside the query box stays as it is)</source>
        <translation>在查询页面对所选实体运行 query_topic（查询框旁的模式保持不变）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Add the selected entity&apos;s neighbours to the graph (double-click)</source>
        <translation>将所选实体的邻居加入图中（双击）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Take the selected entity off the drawing (Fit or a reload brings it back)</source>
        <translation>从图中移除所选实体（重新加载可恢复）</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Neighbour</source>
        <translation>邻居</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Shared</source>
        <translation>共同</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>First</source>
        <translation>最早</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Last</source>
        <translation>最晚</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Chunks that mention both</source>
        <translation>同时提及两者的块</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The first chunk that mentions both</source>
        <translation>最早同时提及两者的块</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The last chunk that mentions both</source>
        <translation>最近同时提及两者的块</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Entities that share chunks with the selected one (the edge&apos;s weight), most shared first; pick one to see those chunks</source>
        <translation>与所选实体共享分块的实体（即边的权重），共享最多者在前；选择一个以查看这些分块</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Click a chunk to show it in Hit Detail</source>
        <translation>点击分块以在命中详情中显示</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>List these chunks in the Query page (fetch_leaves, the first 20)</source>
        <translation>在查询页列出这些分块（fetch_leaves，前 20 个）</translation>
    </message>
    <message>
        <location line="+124"/>
        <source>&lt;i&gt;Click an entity to see its neighbours and what they share.&lt;/i&gt;</source>
        <translation>&lt;i&gt;点击一个实体以查看其邻居及共享内容。&lt;/i&gt;</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>community %1</source>
        <translation>社区 %1</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%1 · mentioned by %Ln node(s)</source>
        <translation>
            <numerusform>%1 · 被 %Ln 个节点提及</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source> · linked to %Ln drawn entity(s)</source>
        <translation>
            <numerusform> · 与 %Ln 个已绘制实体相连</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+9"/>
        <source>%1 · mentioned by %Ln chunk(s) in the window</source>
        <translation>
            <numerusform>%1 · 在时间窗口内被 %Ln 个分块提及</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 · counting its chunks in the window…</source>
        <translation>%1 · 正在统计其在时间窗口内的分块…</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source> · linked to %Ln drawn entity(s) in the window</source>
        <translation>
            <numerusform> · 在时间窗口内与 %Ln 个已绘制实体相连</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source> · PageRank #%1 of %2 drawn</source>
        <translation> · PageRank 在 %2 个已绘制实体中排第 %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Counts in the time window %1 only</source>
        <translation>仅统计时间窗口 %1 内的数量</translation>
    </message>
    <message>
        <location line="+72"/>
        <source>Why %1 and %2 are linked: loading…</source>
        <translation>%1 与 %2 为何相连：正在加载…</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Cannot list the neighbours: %1</source>
        <translation>无法列出邻居：%1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 (not drawn)</source>
        <translation>%1（未绘制）</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Cannot list what they share: %1</source>
        <translation>无法列出共享内容：%1</translation>
    </message>
    <message numerus="yes">
        <location line="+15"/>
        <source>In the time window, %Ln chunk(s) mention both %1 and %2.</source>
        <translation>
            <numerusform>在时间窗口内，有 %Ln 个分块同时提及 %1 和 %2。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%1 and %2 are linked because %Ln chunk(s) mention both.</source>
        <translation>
            <numerusform>%1 与 %2 相连，因为有 %Ln 个分块同时提及二者。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source> The oldest %1 are listed.</source>
        <translation> 列出最早的 %1 个。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> Click one to read it.</source>
        <translation> 点击一个以阅读。</translation>
    </message>
</context>
<context>
    <name>memlens::ui::FilteredView</name>
    <message>
        <location filename="../ui/widgets/filteredview.cpp" line="+25"/>
        <source>Filter…</source>
        <translation>筛选…</translation>
    </message>
</context>
<context>
    <name>memlens::ui::ForgetFlow</name>
    <message>
        <location filename="../ui/vault/forgetflow.cpp" line="+56"/>
        <source>Forget…</source>
        <translation>遗忘…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Remove this memory and every copy of its text</source>
        <translation>删除此记忆及其文本的所有副本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The vault is open read-only: nothing can be forgotten</source>
        <translation>保险库以只读方式打开：无法遗忘任何内容</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Cannot forget %1: %2</source>
        <translation>无法遗忘 %1：%2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Forget Memory</source>
        <translation>遗忘记忆</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Forget %n memory(ies)?</source>
        <translation>
            <numerusform>遗忘 %n 条记忆？</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>This touches %n summary(ies) built from it:</source>
        <translation>
            <numerusform>这会影响由其构建的 %n 个摘要：</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n re-sealed without it</source>
        <translation>
            <numerusform>%n 个在不含它的情况下重新封存</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <location line="+50"/>
        <source>%n removed</source>
        <translation>
            <numerusform>%n 个被删除</numerusform>
        </translation>
    </message>
    <message>
        <location line="-49"/>
        <source>Its text goes from the vault, the search indexes and the audit log. This cannot be undone.</source>
        <translation>其文本将从保险库、搜索索引和审计日志中删除。此操作无法撤销。</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Nothing was forgotten: %1</source>
        <translation>未遗忘任何内容：%1</translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>Forgot %n memory(ies)</source>
        <translation>
            <numerusform>已遗忘 %n 条记忆</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n summary(ies) re-sealed</source>
        <translation>
            <numerusform>%n 个摘要已重新封存</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>memlens::ui::GradeFlow</name>
    <message>
        <location filename="../ui/vault/gradeflow.cpp" line="+73"/>
        <source>Cannot read the grades: %1</source>
        <translation>无法读取评分：%1</translation>
    </message>
    <message>
        <location line="+9"/>
        <location line="+34"/>
        <source>Grade</source>
        <translation>评分</translation>
    </message>
    <message>
        <location line="-33"/>
        <source>The vault is open read-only: grades are shown but cannot be changed. Open it for writing to grade hits.</source>
        <translation>存储库以只读方式打开：评分可以显示但不能修改。以可写方式打开后才能为结果评分。</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>The grade was not saved: %1</source>
        <translation>评分未保存：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Graded %1 %2 (%3)</source>
        <translation>已为 %1 评分 %2（%3）</translation>
    </message>
</context>
<context>
    <name>memlens::ui::GraphControlsPanel</name>
    <message>
        <location filename="../ui/graph/graphcontrolspanel.cpp" line="+25"/>
        <source>Around the &amp;Hit</source>
        <translation>围绕命中(&amp;H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fit</source>
        <translation>适应窗口</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Find an entity… (Enter)</source>
        <translation>查找实体…（回车）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Around the most mentioned</source>
        <translation>围绕提及最多的实体</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%Ln most mentioned</source>
        <translation>
            <numerusform>提及最多的 %Ln 个</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>What to draw: a readable neighbourhood of the most mentioned entities, or the N most mentioned entities of the vault</source>
        <translation>绘制内容：提及最多的实体的可读邻域，或库中提及最多的 N 个实体</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>weight ≥ </source>
        <translation>权重 ≥ </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Draw only edges whose two entities share at least this many chunks</source>
        <translation>只绘制两端实体至少共享这么多分块的边</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Size: mentions</source>
        <translation>大小：提及数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Size: degree</source>
        <translation>大小：度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Size: PageRank</source>
        <translation>大小：PageRank</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Size: questions that reached it</source>
        <translation>大小：触及它的问题</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>What a node&apos;s size shows: how many nodes mention it, how many drawn entities it is linked to, its PageRank over the weights, or how many distinct logged questions returned one of its memories (the Overview&apos;s health reading; smallest: none)</source>
        <translation>节点大小表示：提及它的节点数、与它相连的已绘制实体数、按权重计算的 PageRank，或返回过它某条记忆的不同已记录问题数（概览的健康读数；最小：没有）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Draw the neighbourhood of the entities of the hit shown in the detail docks</source>
        <translation>绘制详情面板中所示命中的实体的邻域</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Frame the shown nodes (0)</source>
        <translation>适配显示的节点 (0)</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>● person  ■ organisation  ◆ topic  ▲ other kinds · colour: community</source>
        <translation>● 人物  ■ 组织  ◆ 主题  ▲ 其他类型 · 颜色：社区</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Click: select · double-click: add neighbours · right-click: actions · drag: pan · wheel: zoom</source>
        <translation>单击：选择 · 双击：添加邻居 · 右键：操作 · 拖动：平移 · 滚轮：缩放</translation>
    </message>
</context>
<context>
    <name>memlens::ui::GraphLoader</name>
    <message>
        <location filename="../ui/graph/graphloader.cpp" line="+26"/>
        <source>Loading and laying out the graph…</source>
        <translation>正在加载并布局图谱…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Cannot load the graph: %1</source>
        <translation>无法加载图谱：%1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Expanding %1…</source>
        <translation>正在展开 %1…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Cannot expand: %1</source>
        <translation>无法展开：%1</translation>
    </message>
</context>
<context>
    <name>memlens::ui::GraphPage</name>
    <message>
        <location filename="../ui/pages/graphpage.cpp" line="+355"/>
        <source>Hide</source>
        <translation>隐藏</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Fit</source>
        <translation>适应窗口</translation>
    </message>
    <message>
        <location line="-245"/>
        <source>Selected</source>
        <translation>所选</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Communities</source>
        <translation>社区</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Aliases</source>
        <translation>别名</translation>
    </message>
    <message>
        <location line="+200"/>
        <source>No drawn entity matches “%1”</source>
        <translation>没有已绘制的实体匹配「%1」</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Query This Topic: %1</source>
        <translation>查询此主题：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Expand (add neighbours)</source>
        <translation>展开（添加邻居）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Focus</source>
        <translation>聚焦</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+4"/>
        <source>Why Are %1 and %2 Linked?</source>
        <translation>%1 与 %2 为何相连？</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Show Hidden Entities</source>
        <translation>显示隐藏的实体</translation>
    </message>
</context>
<context>
    <name>memlens::ui::GraphTimeBar</name>
    <message>
        <location filename="../ui/graph/graphtimebar.cpp" line="+30"/>
        <source>&amp;Time window</source>
        <translation>时间窗口(&amp;T)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Show the graph as it stood between two dates: each edge drawn with the chunks it shares inside the window</source>
        <translation>显示两个日期之间的图：每条边按其在窗口内共享的分块绘制</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>times loading…</source>
        <translation>正在加载时间…</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>no times: %1</source>
        <translation>无时间：%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>no dated co-occurrences</source>
        <translation>没有带日期的共现</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>%1 (from the Trees timeline)</source>
        <translation>%1（来自“树”页的时间轴）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>all time: %1</source>
        <translation>全部时间：%1</translation>
    </message>
</context>
<context>
    <name>memlens::ui::HitDetailPanel</name>
    <message>
        <location filename="../ui/pages/hitdetailpanel.cpp" line="+152"/>
        <source>Render &amp;Markdown</source>
        <translation>渲染 Markdown(&amp;M)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Drill Down</source>
        <translation>下钻(&amp;D)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fetch &amp;Leaves</source>
        <translation>获取叶节点(&amp;L)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Forget…</source>
        <translation>遗忘…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Biography…</source>
        <translation>传记…</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Copy Id</source>
        <translation>复制 ID</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>Render the content as Markdown (images and links are never fetched)</source>
        <translation>以 Markdown 渲染内容（从不获取图片和链接）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Run drill_down on this summary in the workbench</source>
        <translation>在工作台中对此摘要运行 drill_down</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+114"/>
        <source>Read the exact source text of the chunks under this node</source>
        <translation>阅读此节点下各分块的原文</translation>
    </message>
    <message>
        <location line="-100"/>
        <source>Remove this memory and every copy of its text from the vault</source>
        <translation>从保险库中删除此记忆及其文本的所有副本</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Every logged search that returned this memory, its grades and its versions</source>
        <translation>返回此记忆的每次已记录搜索、它的评分和版本</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>No hit selected</source>
        <translation>未选择命中结果</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Select a hit, a summary or a leaf to see it here.</source>
        <translation>选择一个命中结果、摘要或叶节点以在此查看。</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Leaf chunk · %1</source>
        <translation>叶分块 · %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Summary L%1 · %2</source>
        <translation>摘要 L%1 · %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy the id %1</source>
        <translation>复制 ID %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&lt;b&gt;Time&lt;/b&gt; %1 UTC</source>
        <translation>&lt;b&gt;时间&lt;/b&gt; %1 UTC</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;b&gt;Tree&lt;/b&gt; %1 (%2)</source>
        <translation>&lt;b&gt;树&lt;/b&gt; %1（%2）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;b&gt;Author&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;作者&lt;/b&gt; %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;Source ref&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;来源引用&lt;/b&gt; %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&lt;b&gt;Tags&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;标签&lt;/b&gt; %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;b&gt;Children&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;子节点&lt;/b&gt; %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;b&gt;Score&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;分数&lt;/b&gt; %1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&lt;b&gt;Rerank cosine&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;重排余弦&lt;/b&gt; %1</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>&lt;b&gt;An older version, not returned:&lt;/b&gt; a newer memory supersedes it, and its score × %1 put it below the hits.</source>
        <translation>&lt;b&gt;旧版本，未返回：&lt;/b&gt;一条较新的记忆取代了它，其分数 × %1 使它排在命中结果之下。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;b&gt;An older version:&lt;/b&gt; a newer memory supersedes it; its score counts × %1.</source>
        <translation>&lt;b&gt;旧版本：&lt;/b&gt;一条较新的记忆取代了它；其分数按 × %1 计算。</translation>
    </message>
    <message numerus="yes">
        <location line="+11"/>
        <source>&lt;b&gt;Superseded by&lt;/b&gt; %Ln newer memory(s)…</source>
        <translation>
            <numerusform>&lt;b&gt;被取代于&lt;/b&gt; %Ln 条较新的记忆…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>&lt;b&gt;Supersedes&lt;/b&gt; %Ln older memory(s)…</source>
        <translation>
            <numerusform>&lt;b&gt;取代&lt;/b&gt; %Ln 条较旧的记忆…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>&lt;b&gt;Conflicts with&lt;/b&gt; %Ln candidate(s)…</source>
        <translation>
            <numerusform>&lt;b&gt;与&lt;/b&gt; %Ln 个候选冲突…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>&lt;b&gt;Supported by&lt;/b&gt; %Ln candidate(s)…</source>
        <translation>
            <numerusform>&lt;b&gt;得到&lt;/b&gt; %Ln 个候选的支持…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+31"/>
        <source>&lt;b&gt;Superseded by&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;被取代于&lt;/b&gt; %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;Supersedes&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;取代&lt;/b&gt; %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;Conflicts with&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;冲突&lt;/b&gt; %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;Supported by&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;支持依据&lt;/b&gt; %1</translation>
    </message>
    <message>
        <location line="-72"/>
        <source>Drill down to a level-1 summary to fetch its leaves</source>
        <translation>下钻到第 1 层摘要以获取其叶节点</translation>
    </message>
    <message>
        <location line="-27"/>
        <source>&lt;b&gt;Walk score&lt;/b&gt; %1 (the route&apos;s: the cosine to the query, or how many of the query&apos;s entities it mentions)</source>
        <translation>&lt;b&gt;游走分数&lt;/b&gt; %1（路线给出的：与查询的余弦，或它提及的查询实体数）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;b&gt;Importance&lt;/b&gt; %1 (stored when it was written: length, distinct words, source, entities; not a match to the query)</source>
        <translation>&lt;b&gt;重要度&lt;/b&gt; %1（写入时存储：长度、不同词数、来源、实体；与查询无关）</translation>
    </message>
    <message>
        <location line="+145"/>
        <source>Matched in the neighbouring turns: %1</source>
        <translation>在相邻发言中匹配：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Matched in the turns two away: %1</source>
        <translation>在隔一条的发言中匹配：%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cannot read them: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>— two away —</source>
        <translation>— 隔一条的发言 —</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>Run query_topic for %1</source>
        <translation>对 %1 运行 query_topic</translation>
    </message>
</context>
<context>
    <name>memlens::ui::IndexBanner</name>
    <message>
        <location filename="../ui/widgets/indexbanner.cpp" line="+16"/>
        <location line="+56"/>
        <source>Rebuild Index</source>
        <translation>重建索引</translation>
    </message>
    <message>
        <location line="-31"/>
        <source>Rebuilding the topic index from the vectors in vault.db…</source>
        <translation>正在根据 vault.db 中的向量重建主题索引…</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>&lt;b&gt;The topic index file is not usable&lt;/b&gt; (%1). Searches still work: each open reads every vector from vault.db again, which takes longer on a large vault. Rebuild Index writes the file again.</source>
        <translation>&lt;b&gt;主题索引文件不可用&lt;/b&gt;（%1）。搜索仍可进行：每次打开都会从 vault.db 重新读取所有向量，记忆库较大时会更慢。“重建索引”会重新写入该文件。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>This vault is open read-only: open it writable to rebuild its topic index (or run memlens-cli reindex).</source>
        <translation>此记忆库以只读方式打开：请以可写方式打开以重建其主题索引（或运行 memlens-cli reindex）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Writes the topic tree and topic-index.bin again from the vault&apos;s vectors (memlens-cli reindex).</source>
        <translation>根据记忆库的向量重新写入主题树和 topic-index.bin（memlens-cli reindex）。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The topic index could not be rebuilt:

%1</source>
        <translation>无法重建主题索引：

%1</translation>
    </message>
</context>
<context>
    <name>memlens::ui::IngestFlow</name>
    <message>
        <location filename="../ui/vault/ingestflow.cpp" line="+41"/>
        <source>Generating the demo corpus</source>
        <translation>正在生成演示语料</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reading</source>
        <translation>读取</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Chunking</source>
        <translation>分块</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Embedding</source>
        <translation>嵌入</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Indexing</source>
        <translation>建立索引</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sealing summary trees</source>
        <translation>封存摘要树</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Building the topic tree</source>
        <translation>构建主题树</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Asking the demo&apos;s logged questions</source>
        <translation>正在提出演示的日志问题</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Starting</source>
        <translation>启动</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: %2 of %3…</source>
        <translation>%1：%2 / %3…</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Starting…</source>
        <translation>正在启动…</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Building the demo vault</source>
        <translation>正在构建演示记忆库</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Importing</source>
        <translation>正在导入</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Cancelling: rolling back…</source>
        <translation>正在取消：回滚中…</translation>
    </message>
</context>
<context>
    <name>memlens::ui::LabPage</name>
    <message>
        <location filename="../ui/pages/labpage.cpp" line="+38"/>
        <source>What-if</source>
        <translation>假设分析</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Blast Radius</source>
        <translation>影响范围</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ablation</source>
        <translation>消融</translation>
    </message>
    <message>
        <location filename="../ui/lab/labjobs.cpp" line="+65"/>
        <source>The audit log holds no search that kept its candidates: run a query (Query tab) and open it here.</source>
        <translation>审计日志中没有保存了候选的搜索：请先运行查询（查询标签页），再在此打开。</translation>
    </message>
</context>
<context>
    <name>memlens::ui::LabRowBar</name>
    <message>
        <location filename="../ui/lab/labrowbar.cpp" line="+23"/>
        <source>&amp;Open Row</source>
        <translation>打开行(&amp;O)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Newest Row</source>
        <translation>最新行(&amp;N)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>row #</source>
        <translation>行 #</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>row #—</source>
        <translation>行 #—</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>An audit row: a logged search whose candidate pools the lab re-ranks</source>
        <translation>审计行：一次已记录的搜索，实验室对其候选池重新排序</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Logged query:</source>
        <translation>已记录的查询：</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Loading row #%1…</source>
        <translation>正在加载行 #%1…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Loading the newest row…</source>
        <translation>正在加载最新行…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Cannot open the row</source>
        <translation>无法打开该行</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&lt;b&gt;#%1&lt;/b&gt; “%2” · %3 · %4</source>
        <translation>&lt;b&gt;#%1&lt;/b&gt;「%2」· %3 · %4</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>asked here</source>
        <translation>在此提问</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Open a logged query (its audit row), or the newest one.</source>
        <translation>打开一个已记录的查询（其审计行），或最新的一个。</translation>
    </message>
</context>
<context>
    <name>memlens::ui::LabSettingsPanel</name>
    <message>
        <location filename="../ui/lab/labsettingspanel.cpp" line="+49"/>
        <source>&amp;Reset to the Vault&apos;s</source>
        <translation>重置为记忆库的设置(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Save to Vault</source>
        <translation>保存到记忆库(&amp;S)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Undo Save</source>
        <translation>撤销保存(&amp;U)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Retrieve &amp;Again</source>
        <translation>重新检索(&amp;A)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&lt;b&gt;Settings&lt;/b&gt; (the vault&apos;s, as the lab would change them)</source>
        <translation>&lt;b&gt;设置&lt;/b&gt;（记忆库的设置，按实验室的修改）</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Budget:</source>
        <translation>预算：</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>any number of hits</source>
        <translation>不限命中数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> hits</source>
        <translation> 个命中</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>any length</source>
        <translation>不限长度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> characters</source>
        <translation> 个字符</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This query&apos;s budget (max_units, max_chars), as the right side uses it: a choice of the query, not a setting, so Save to Vault leaves it</source>
        <translation>该查询的预算（max_units、max_chars），供右侧使用：这是查询自身的选择而不是设置，因此“保存到记忆库”不会写入它</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Every setting back to the value the vault holds</source>
        <translation>所有设置恢复为记忆库中的值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run the query&apos;s retrieval again with these settings: the settings that act inside a leg (marked ⟳) need it</source>
        <translation>用这些设置重新执行该查询的检索：作用于检索分支内部的设置（标记 ⟳）需要这样做</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Write back the settings the vault held before the last save</source>
        <translation>写回上次保存前记忆库中的设置</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>&lt;b&gt;Re-ranked at once&lt;/b&gt; from the stored candidates</source>
        <translation>&lt;b&gt;立即重新排序&lt;/b&gt;，基于已存储的候选</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;b&gt;Need a new retrieval&lt;/b&gt; ⟳ (Retrieve Again)</source>
        <translation>&lt;b&gt;需要重新检索&lt;/b&gt; ⟳（重新检索）</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>⟳ acts inside a leg: only a new retrieval (Retrieve Again) shows it</source>
        <translation>⟳ 作用于检索分支内部：只有重新检索（重新检索）才能显示其效果</translation>
    </message>
    <message>
        <location line="+91"/>
        <source>The vault holds %1</source>
        <translation>记忆库中的值为 %1</translation>
    </message>
    <message>
        <location line="+73"/>
        <source>mode %1</source>
        <translation>模式 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>fusion %1</source>
        <translation>融合 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>profile %1</source>
        <translation>配置 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>λ %1</source>
        <translation>λ %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>recency boost %1</source>
        <translation>时效加权 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This query chose its own %1: that wins over the settings above, as it did when it ran.</source>
        <translation>该查询自行指定了 %1：它优先于上面的设置，与运行时相同。</translation>
    </message>
    <message>
        <location line="+19"/>
        <location line="+13"/>
        <source>Cannot save settings</source>
        <translation>无法保存设置</translation>
    </message>
    <message>
        <location line="-12"/>
        <source>%1 is open read-only, so its settings cannot be saved; the what-if still works. Open it again without read-only to save.</source>
        <translation>%1 以只读方式打开，无法保存其设置；假设分析仍然可用。请以非只读方式重新打开以保存。</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Nothing to save: the vault holds these values already.</source>
        <translation>无需保存：记忆库中已是这些值。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Saved to the vault: %1. Undo Save writes back what it held.</source>
        <translation>已保存到记忆库：%1。“撤销保存”会写回原来的值。</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Cannot undo the save</source>
        <translation>无法撤销保存</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The vault&apos;s previous settings are back.</source>
        <translation>已恢复记忆库之前的设置。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The vault is open read-only: its settings cannot be saved</source>
        <translation>记忆库以只读方式打开：无法保存其设置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Write these settings into the vault (Undo Save takes them back)</source>
        <translation>将这些设置写入记忆库（“撤销保存”可恢复）</translation>
    </message>
</context>
<context>
    <name>memlens::ui::LanguageMenu</name>
    <message>
        <location filename="../ui/widgets/languagemenu.cpp" line="+11"/>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>memlens has no translation for %1; the interface stays in English.</source>
        <translation>memlens 没有 %1 的翻译；界面保持英文。</translation>
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
        <translation>概览</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Query</source>
        <translation>查询</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Trees</source>
        <translation>树</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Graph</source>
        <translation>图谱</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Audit</source>
        <translation>审计</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lab</source>
        <translation>实验室</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Opening %1…</source>
        <translation>正在打开 %1…</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Damaged vault</source>
        <translation>记忆库已损坏</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 failed SQLite&apos;s integrity check, so memlens shows it read-only and writes nothing to it (no import, no audit row).

%2</source>
        <translation>%1 未通过 SQLite 的完整性检查，因此 memlens 以只读方式显示它，不向其中写入任何内容（不导入，不写审计记录）。

%2</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Focus &amp;Query</source>
        <translation>聚焦查询(&amp;Q)</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The new language applies once the import has finished.</source>
        <translation>导入完成后将切换到新语言。</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>&amp;Open Vault…</source>
        <translation>打开记忆库(&amp;O)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open a vault folder or an OpenHuman workspace</source>
        <translation>打开记忆库文件夹或 OpenHuman 工作区</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open Vault &amp;Read-Only…</source>
        <translation>以只读方式打开记忆库(&amp;R)…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Open &amp;Demo Vault</source>
        <translation>打开演示记忆库(&amp;D)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Build (once) and open a generated workspace of ~5,000 chunks</source>
        <translation>构建（仅一次）并打开包含约 5,000 个分块的生成工作区</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Import Files…</source>
        <translation>导入文件(&amp;I)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Import JSONL messages, Markdown or LoCoMo JSON into this vault</source>
        <translation>将 JSONL 消息、Markdown 或 LoCoMo JSON 导入此记忆库</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Import Markdown &amp;Folder…</source>
        <translation>导入 Markdown 文件夹(&amp;F)…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Re&amp;load</source>
        <translation>重新加载(&amp;L)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Close Vault</source>
        <translation>关闭记忆库(&amp;C)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;E)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Query</source>
        <translation>查询(&amp;Q)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Why &amp;Not…</source>
        <translation>为何未返回(&amp;N)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Metrics…</source>
        <translation>指标(&amp;M)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>NDCG, recall, precision and MRR of the ranking over the vault&apos;s judged queries, with their intervals</source>
        <translation>基于存储库已评分查询的排序 NDCG、召回率、精确率和 MRR，以及它们的区间</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Calibration…</source>
        <translation>校准(&amp;C)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>How the scores of relevant and other hits spread over the judged queries, and the vault&apos;s no-match threshold</source>
        <translation>相关与其他结果的得分在已评分查询上的分布，以及存储库的无匹配阈值</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Ask why the current query did not return a memory (its turn or message id, a file and line, some words, or its id)</source>
        <translation>询问当前查询为何没有返回某条记忆（其轮次或消息 ID、文件和行号、几个词，或其 ID）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Go to Memory…</source>
        <translation>转到记忆(&amp;G)…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Go to Memory</source>
        <translation>转到记忆</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A turn or message id (D1:4, or &apos;conv-26 D1:4&apos; when several conversations have it), a file and line, or an id:</source>
        <translation>轮次或消息 ID（D1:4；若多个对话都有，则用 &apos;conv-26 D1:4&apos;）、文件和行号，或一个 ID：</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Show a memory in Hit Detail by the name you know it by</source>
        <translation>按你熟悉的名称在命中详情中显示一条记忆</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Concepts</source>
        <translation>概念(&amp;C)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;About memlens</source>
        <translation>关于 memlens(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>About &amp;Qt</source>
        <translation>关于 Qt(&amp;Q)</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Vault</source>
        <translation>记忆库</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Query Parameters</source>
        <translation>查询参数</translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+16"/>
        <source>Hit Detail</source>
        <translation>命中详情</translation>
    </message>
    <message>
        <location line="-13"/>
        <location line="+15"/>
        <source>Score Breakdown</source>
        <translation>得分分解</translation>
    </message>
    <message>
        <location line="-13"/>
        <location line="+15"/>
        <source>MMR Choices</source>
        <translation>MMR 选择</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Hit Detail · from the Query and Trees pages</source>
        <translation>命中详情 · 来自查询和树页面</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Score Breakdown · of the Query page&apos;s hit</source>
        <translation>得分分解 · 查询页面的命中</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>MMR Choices · of the Query page&apos;s query</source>
        <translation>MMR 选择 · 查询页面的查询</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>&amp;Reset Layout</source>
        <translation>重置布局(&amp;R)</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+179"/>
        <source>Read-only</source>
        <translation>只读</translation>
    </message>
    <message>
        <location line="-178"/>
        <location line="+182"/>
        <source>This vault is open read-only: imports are disabled.</source>
        <translation>此记忆库以只读方式打开：导入已禁用。</translation>
    </message>
    <message>
        <location line="-176"/>
        <source>Working in the background…</source>
        <translation>正在后台处理…</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>Clear Recent</source>
        <translation>清除最近记录</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Open Vault Read-Only</source>
        <translation>以只读方式打开记忆库</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Open Vault</source>
        <translation>打开记忆库</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Import into %1</source>
        <translation>导入到 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Memory files (*.jsonl *.ndjson *.json *.md);;All files (*)</source>
        <translation>记忆文件 (*.jsonl *.ndjson *.json *.md);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Import a Markdown folder</source>
        <translation>导入 Markdown 文件夹</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Demo build cancelled.</source>
        <translation>演示记忆库构建已取消。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Import cancelled: the vault is unchanged.</source>
        <translation>导入已取消：记忆库未做任何更改。</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Import cancelled after %n message(s): they are stored; importing again adds the rest.</source>
        <translation>
            <numerusform>导入在 %n 条消息后取消：它们已保存；再次导入会添加其余部分。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Demo vault</source>
        <translation>演示记忆库</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Import failed</source>
        <translation>导入失败</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Ingested %1 from %2 in %3 s</source>
        <translation>已在 %3 秒内从 %2 导入 %1</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <location line="+49"/>
        <source>%Ln chunk(s)</source>
        <translation>
            <numerusform>%Ln 个分块</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="-48"/>
        <location line="+47"/>
        <source>%Ln source(s)</source>
        <translation>
            <numerusform>%Ln 个来源</numerusform>
        </translation>
    </message>
    <message>
        <location line="-28"/>
        <source>Every view now shows %1 only.</source>
        <translation>所有视图现在只显示 %1。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time filter cleared: every view shows all of the vault.</source>
        <translation>已清除时间筛选：所有视图显示整个存储库。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 — memlens</source>
        <translation>%1 — memlens</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Read-only: damaged</source>
        <translation>只读：已损坏</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This vault failed SQLite&apos;s integrity check, so nothing is written to it.

%1</source>
        <translation>此记忆库未通过 SQLite 的完整性检查，因此不会向其中写入任何内容。

%1</translation>
    </message>
    <message numerus="yes">
        <location line="+9"/>
        <source>%Ln summary(s)</source>
        <translation>
            <numerusform>%Ln 个摘要</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln tree(s)</source>
        <translation>
            <numerusform>%Ln 棵树</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln entity(s)</source>
        <translation>
            <numerusform>%Ln 个实体</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln edge(s)</source>
        <translation>
            <numerusform>%Ln 条边</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Opened %1 in %2 s</source>
        <translation>已打开 %1，用时 %2 秒</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Cannot open %1</source>
        <translation>无法打开 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cannot open vault</source>
        <translation>无法打开记忆库</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>memlens could not open %1.

%2</source>
        <translation>memlens 无法打开 %1。

%2</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>About memlens</source>
        <translation>关于 memlens</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;h3&gt;memlens %1&lt;/h3&gt;&lt;p&gt;An inspector for an AI agent&apos;s long-term memory vault: summary trees, hybrid retrieval with explained scores, MMR choices, the entity graph and the audit log.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;memlens %1&lt;/h3&gt;&lt;p&gt;AI 智能体长期记忆库的检查工具：摘要树、带得分解释的混合检索、MMR 选择、实体图谱以及审计日志。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>memlens::ui::MetricsDialog</name>
    <message>
        <location filename="../ui/dialogs/metricsdialog.cpp" line="+34"/>
        <source>&amp;Measure</source>
        <translation>测量(&amp;M)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Metrics over the judged queries</source>
        <translation>已评分查询的指标</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>k = </source>
        <translation>k = </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How many hits of each query count</source>
        <translation>每个查询计入多少条结果</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Metric</source>
        <translation>指标</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Mean</source>
        <translation>均值</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>95% interval</source>
        <translation>95% 区间</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>In words</source>
        <translation>文字说明</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>NDCG</source>
        <translation>NDCG</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Recall</source>
        <translation>召回率</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Precision</source>
        <translation>精确率</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Reciprocal rank</source>
        <translation>倒数排名</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Relevant</source>
        <translation>相关数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Query</source>
        <translation>查询</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Each judged query, the worst first</source>
        <translation>每个已评分查询，最差的在前</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Open a vault first.</source>
        <translation>请先打开存储库。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Asking every judged query again…</source>
        <translation>正在重新提出每个已评分查询…</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Not measured: %1</source>
        <translation>未测量：%1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>No judged query has a relevant hit yet: grade hits with the keys 0–3 on the Query page, or import TREC qrels (memlens-cli judge import).</source>
        <translation>尚无已评分查询包含相关结果：在查询页用 0–3 键评分，或导入 TREC qrels（memlens-cli judge import）。</translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>%n judged query(ies), each asked again with the vault&apos;s settings; the first %1 hits count.</source>
        <translation>
            <numerusform>%n 个已评分查询，均按存储库设置重新提出；计入前 %1 条结果。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>%n judged query(ies) without a relevant hit are not scored.</source>
        <translation>
            <numerusform>%n 个没有相关结果的已评分查询不计分。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 to %2</source>
        <translation>%1 至 %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>NDCG@%1</source>
        <translation>NDCG@%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1% of the best order the grades allow</source>
        <translation>达到评分所允许最佳顺序的 %1%</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>recall@%1</source>
        <translation>recall@%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1% of the relevant memories are in the first %2</source>
        <translation>%1% 的相关记忆位于前 %2 条</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>precision@%1</source>
        <translation>precision@%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1% of the first %2 hits are relevant</source>
        <translation>前 %2 条结果中 %1% 相关</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MRR</source>
        <translation>MRR</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the first relevant hit comes at rank %1 on average (harmonic)</source>
        <translation>第一个相关结果平均位于第 %1 名（调和平均）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no relevant hit in the first %1</source>
        <translation>前 %1 条中没有相关结果</translation>
    </message>
</context>
<context>
    <name>memlens::ui::MmrModel</name>
    <message>
        <location filename="../ui/models/mmrmodel.cpp" line="+87"/>
        <source>▲ %1 (fused #%2)</source>
        <translation>▲ %1（融合 #%2）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>▼ %1 (fused #%2)</source>
        <translation>▼ %1（融合 #%2）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>= (fused #%1)</source>
        <translation>=（融合 #%1）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>picked at step %1, then cut by the %2 budget</source>
        <translation>在第 %1 步被选中，随后被 %2 预算截去</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>not kept: too similar to %1 (cosine %2 above the floor %3); without that it would have scored %4 &gt; %5</source>
        <translation>未保留：与 %1 过于相似（余弦 %2 高于下限 %3）；否则其得分为 %4 &gt; %5</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>not considered: its score %1 is below the vault&apos;s no-match threshold</source>
        <translation>未考虑：其得分 %1 低于存储库的无匹配阈值</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>below the limit: %1 &lt; %2 of the last pick%3</source>
        <translation>低于上限：%1 &lt; 最后一次选择的 %2%3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (its redundancy did not decide)</source>
        <translation>（其冗余并非决定因素）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>first pick: the best fused hit</source>
        <translation>首选：融合后最佳的结果</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>picked, penalised for its similarity to %1</source>
        <translation>已选中，因与 %1 相似而被扣分</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>picked by relevance</source>
        <translation>按相关性选中</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>first pick</source>
        <translation>首选</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>At the step that picked it: </source>
        <translation>在选中它的那一步：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>At the last step, which it lost: </source>
        <translation>在它落选的最后一步：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>λ·relevance − (1−λ)·redundancy = %1·%2 − %3·%4</source>
        <translation>λ·相关性 − (1−λ)·冗余 = %1·%2 − %3·%4</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>cosine %1 to the most similar earlier pick; above the floor %2: (cos − floor) / (1 − floor) = %3</source>
        <translation>与最相似的先前选择的余弦为 %1；高于下限 %2：(cos − 下限) / (1 − 下限) = %3</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Graded %1 (%2) for this query</source>
        <translation>针对此查询评为 %1（%2）</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Redundancy</source>
        <translation>冗余</translation>
    </message>
    <message>
        <location line="-160"/>
        <location line="+17"/>
        <location line="+21"/>
        <source>pick %1</source>
        <translation>第 %1 选</translation>
    </message>
    <message>
        <location line="-53"/>
        <source>out (fused #%1)</source>
        <translation>落选（融合 #%1）</translation>
    </message>
    <message>
        <location line="+95"/>
        <source>Most similar earlier pick: %1</source>
        <translation>最相似的先前选择：%1</translation>
    </message>
    <message>
        <location line="+74"/>
        <source>Pick</source>
        <translation>选择</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Movement</source>
        <translation>变动</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Relevance</source>
        <translation>相关性</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Penalised by</source>
        <translation>受罚于</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>MMR score</source>
        <translation>MMR 得分</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Why here</source>
        <translation>原因</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Hit</source>
        <translation>命中</translation>
    </message>
</context>
<context>
    <name>memlens::ui::MmrPanel</name>
    <message>
        <location filename="../ui/pages/mmrpanel.cpp" line="+53"/>
        <source>Run a hybrid, keyword or semantic query to see how MMR picked its hits.</source>
        <translation>运行混合、关键词或语义查询，查看 MMR 如何挑选命中结果。</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>MMR score = λ·relevance − (1−λ)·redundancy, with λ = %1; redundancy = (cos − floor) / (1 − floor) to the most similar earlier pick, 0 below the redundancy floor %2.</source>
        <translation>MMR 得分 = λ·相关性 − (1−λ)·冗余，λ = %1；冗余 = 与最相似的先前选择的 (cos − 下限) / (1 − 下限)，低于冗余下限 %2 时为 0。</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Picked %n hit(s) (%1 moved down); left out: %2 too similar to a pick, %3 below the limit, %4 cut by a budget.</source>
        <translation>
            <numerusform>选中 %n 个结果（%1 个下移）；落选：%2 个与某一选择过于相似，%3 个低于上限，%4 个被预算截去。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+9"/>
        <source>%n candidate(s) below the vault&apos;s no-match threshold were not considered.</source>
        <translation>
            <numerusform>有 %n 个低于存储库无匹配阈值的候选未被考虑。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No candidate came within the floor of a pick, so λ changed nothing here: the order is the fused order.</source>
        <translation>没有候选与已选结果的相似度超过下限，因此 λ 在此没有改变任何东西：顺序即融合顺序。</translation>
    </message>
</context>
<context>
    <name>memlens::ui::NodeLookup</name>
    <message>
        <location filename="../ui/vault/nodelookup.cpp" line="+57"/>
        <source>no node has this id</source>
        <translation>没有节点具有此 ID</translation>
    </message>
</context>
<context>
    <name>memlens::ui::OverviewPage</name>
    <message>
        <location filename="../ui/pages/overviewpage.cpp" line="+59"/>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Sources</source>
        <translation>来源</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Imported sources: channels, threads, documents, conversations.</source>
        <translation>已导入的来源：频道、话题串、文档、对话。</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+240"/>
        <source>Chunks</source>
        <translation>分块</translation>
    </message>
    <message>
        <location line="-240"/>
        <source>Leaves: the raw chunks retrieval can cite.</source>
        <translation>叶节点：检索可引用的原始分块。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Summaries</source>
        <translation>摘要</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Sealed summary nodes at level 1 and above.</source>
        <translation>第 1 层及以上已封存的摘要节点。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Trees</source>
        <translation>树</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Summary trees: one per source.</source>
        <translation>摘要树：每个来源一棵。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Entities</source>
        <translation>实体</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Distinct canonical entity ids in the entity index.</source>
        <translation>实体索引中不同的规范实体 ID。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Edges</source>
        <translation>边</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Co-occurrence edges of the entity graph.</source>
        <translation>实体图谱中的共现边。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Embeddings</source>
        <translation>嵌入向量</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Stored vectors for chunks and summaries.</source>
        <translation>为分块和摘要存储的向量。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Audit rows</source>
        <translation>审计记录</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Queries recorded in retrieval_log.</source>
        <translation>retrieval_log 中记录的查询。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Chunks over time (UTC): drag across it to filter every view to that time</source>
        <translation>分块随时间分布（UTC）：在其上拖动以将所有视图筛选到该时间</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Chunks by source kind</source>
        <translation>按来源类型统计分块</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Health (from the audit log)</source>
        <translation>健康状况（来自审计日志）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Read the audit log again: searches logged since the vault opened count too</source>
        <translation>重新读取审计日志：存储库打开后记录的搜索也计入</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Questions</source>
        <translation>问题</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Unrelated</source>
        <translation>无关</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Memory</source>
        <translation>记忆</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Distinct logged questions that returned it</source>
        <translation>返回它的不同已记录问题</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Of all distinct questions logged</source>
        <translation>占全部已记录不同问题的比例</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Of pairs of those questions, the share that have no word in common</source>
        <translation>这些问题两两之间没有共同词语的比例</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>OpenHuman workspace</source>
        <translation>OpenHuman 工作区</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>memlens vault, schema %1</source>
        <translation>memlens 记忆库，模式版本 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>read-only</source>
        <translation>只读</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>revision %1</source>
        <translation>修订版本 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 to %2 (UTC)</source>
        <translation>%1 至 %2 (UTC)</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>An OpenHuman workspace keeps no audit log to read.</source>
        <translation>OpenHuman 工作区没有可读取的审计日志。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Reading the audit log…</source>
        <translation>正在读取审计日志…</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>The audit log could not be read: %1</source>
        <translation>无法读取审计日志：%1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>No search was logged in the time filter&apos;s range (%1): nothing to say about what searches reach.</source>
        <translation>时间筛选范围（%1）内没有记录搜索：无法说明搜索覆盖了什么。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No search has been logged yet: nothing to say about what searches reach.</source>
        <translation>尚未记录任何搜索：无法说明搜索覆盖了什么。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1: %2 of %3</source>
        <translation>%1：%2 / %3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 of %2 memories (%3%) were returned by none of the %4 logged searches (%5 distinct questions).</source>
        <translation>%2 条记忆中有 %1 条（%3%）从未被 %4 次已记录的搜索返回（%5 个不同问题）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Searches logged %1 (the time filter):</source>
        <translation>%1 记录的搜索（时间筛选）：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Never returned, by age: %1.</source>
        <translation>从未返回，按时间：%1。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Most never returned: %1 (%2 of %3).</source>
        <translation>从未返回最多：%1（%3 条中的 %2 条）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>No magnet: no memory comes back for many unrelated questions.</source>
        <translation>没有磁铁：没有记忆会被许多无关问题反复返回。</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n magnet(s): memories that come back for many unrelated questions, below.</source>
        <translation>
            <numerusform>%n 个磁铁：被许多无关问题反复返回的记忆，见下方。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+15"/>
        <source>Returned for %n question(s), among them:</source>
        <translation>
            <numerusform>被 %n 个问题返回，其中包括：</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>memlens::ui::QueryForm</name>
    <message>
        <location filename="../ui/pages/queryform.cpp" line="+17"/>
        <source>Hybrid search modes first, then the retrieval primitives.</source>
        <translation>先列出混合检索模式，然后是各项检索原语。</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>&amp;Mode:</source>
        <translation>模式(&amp;M)：</translation>
    </message>
    <message>
        <location line="+69"/>
        <source>Fusion</source>
        <translation>融合</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>vault setting</source>
        <translation>记忆库设置</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>weighted RRF</source>
        <translation>加权 RRF</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>WeightProfile fold</source>
        <translation>WeightProfile 折叠</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>MMR λ: 1 = pure relevance, 0 = pure diversity (default %1).</source>
        <translation>MMR λ：1 = 仅看相关性，0 = 仅看多样性（默认 %1）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>RRF × (1 + boost × 1/(1 + age in days)); 0 = off.</source>
        <translation>RRF × (1 + 加权 × 1/(1 + 天数))；0 = 关闭。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Search summaries too</source>
        <translation>同时搜索摘要</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Partially checked: the vault setting.</source>
        <translation>部分选中：使用记忆库设置。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exact vector scan (ground truth)</source>
        <translation>精确向量扫描（基准真值）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fusion:</source>
        <translation>融合：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Profile:</source>
        <translation>配置：</translation>
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
        <translation>数量上限：</translation>
    </message>
    <message>
        <location line="-240"/>
        <source>MMR λ:</source>
        <translation>MMR λ：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Recency boost:</source>
        <translation>时效加权：</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Scope</source>
        <translation>范围</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>any (comma-separated)</source>
        <translation>任意（逗号分隔）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>any, e.g. deploy, launch</source>
        <translation>任意，例如 deploy, launch</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>any, e.g. todo, work (memories only)</source>
        <translation>任意，例如 todo, work（仅限记忆）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Only memories stored with one of these tags (case is ignored); summaries are left out</source>
        <translation>仅限带有其中任一标签存储的记忆（忽略大小写）；不含摘要</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>any, e.g. text, code</source>
        <translation>任意，例如 text, code</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+135"/>
        <location line="+20"/>
        <location line="+16"/>
        <source>since</source>
        <translation>起始</translation>
    </message>
    <message>
        <location line="-170"/>
        <location line="+135"/>
        <location line="+20"/>
        <location line="+16"/>
        <source>until</source>
        <translation>截止</translation>
    </message>
    <message>
        <location line="-170"/>
        <source>Source kinds:</source>
        <translation>来源类型：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Namespaces:</source>
        <translation>命名空间：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Topics:</source>
        <translation>主题：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tags:</source>
        <translation>标签：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Content types:</source>
        <translation>内容类型：</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Budgets</source>
        <translation>预算</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Max units:</source>
        <translation>最大单元数：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Max chars:</source>
        <translation>最大字符数：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Max ms:</source>
        <translation>最长毫秒数：</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Retrieval Settings</source>
        <translation>检索设置</translation>
    </message>
    <message>
        <location line="+64"/>
        <location line="+4"/>
        <location line="+3"/>
        <location line="+2"/>
        <location line="+2"/>
        <source>vault (%1)</source>
        <translation>记忆库（%1）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Partially checked: the vault setting (%1).</source>
        <translation>部分选中：记忆库设置（%1）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>With query text, hits are reranked by cosine; without, newest first.</source>
        <translation>有查询文本时按余弦相似度重排命中结果；没有时按时间从新到旧排列。</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+113"/>
        <source>any time</source>
        <translation>任意时间</translation>
    </message>
    <message>
        <location line="-112"/>
        <location line="+113"/>
        <source> days</source>
        <translation> 天</translation>
    </message>
    <message>
        <location line="-110"/>
        <location line="+56"/>
        <source>Source id:</source>
        <translation>来源 ID：</translation>
    </message>
    <message>
        <location line="-55"/>
        <location line="+19"/>
        <location line="+37"/>
        <source>Source kind:</source>
        <translation>来源类型：</translation>
    </message>
    <message>
        <location line="-55"/>
        <source>Time window:</source>
        <translation>时间窗口：</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>canonical id, e.g. person:alice</source>
        <translation>规范 ID，例如 person:alice</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Entity:</source>
        <translation>实体：</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Drag over the timeline on the Trees page to pick a window.</source>
        <translation>在“树”页面的时间线上拖动以选择时间窗口。</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>The query text is the name to look up.</source>
        <translation>查询文本即要查找的名称。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>any, e.g. person, email</source>
        <translation>任意，例如 person, email</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Kinds:</source>
        <translation>类型：</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>With query text, the children are reranked by cosine.</source>
        <translation>有查询文本时按余弦相似度重排子节点。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>summary id</source>
        <translation>摘要 ID</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no limit</source>
        <translation>不限</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Node:</source>
        <translation>节点：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Depth:</source>
        <translation>深度：</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>chunk ids, comma-separated</source>
        <translation>分块 ID，逗号分隔</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Chunk ids:</source>
        <translation>分块 ID：</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Name two people or topics to take the local route.</source>
        <translation>提及两个人或主题即可走局部路径。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Limit (k):</source>
        <translation>数量上限 (k)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Max hops (h):</source>
        <translation>最大跳数 (h)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Look back:</source>
        <translation>回溯时长：</translation>
    </message>
</context>
<context>
    <name>memlens::ui::QueryPage</name>
    <message>
        <location filename="../ui/pages/querypage.cpp" line="+14"/>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Ask the memory… (Enter to run, Ctrl+L to focus)</source>
        <translation>向记忆提问…（回车运行，Ctrl+L 聚焦）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Run the query (Enter, Ctrl+Return)</source>
        <translation>运行查询（回车，Ctrl+Return）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancel the running query (Esc)</source>
        <translation>取消正在运行的查询（Esc）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The mode Enter runs the typed query in (also under Query Parameters)</source>
        <translation>按回车时运行所输入查询的模式（也在“查询参数”中）</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Filter results…</source>
        <translation>筛选结果…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>All nodes</source>
        <translation>所有节点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Leaves only</source>
        <translation>仅叶节点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Summaries only</source>
        <translation>仅摘要</translation>
    </message>
    <message>
        <location line="-44"/>
        <location line="+303"/>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <location line="-254"/>
        <source>List the older versions that newer memories superseded and the supersession penalty kept out of the hits, greyed, after the hits</source>
        <translation>在命中结果之后以灰色列出被较新记忆取代、因取代惩罚而未进入命中结果的旧版本</translation>
    </message>
    <message>
        <location line="+151"/>
        <source>Running %1…</source>
        <translation>正在运行 %1…</translation>
    </message>
    <message numerus="yes">
        <location line="+9"/>
        <source>Show %Ln older version(s)</source>
        <translation>
            <numerusform>显示 %Ln 个旧版本</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No results: %1</source>
        <translation>没有结果：%1</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>%1 on %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+3"/>
        <location line="+6"/>
        <location line="+4"/>
        <location line="+3"/>
        <source>%1 of %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="-10"/>
        <source>every source</source>
        <translation>所有来源</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%Ln chunk(s)</source>
        <translation>
            <numerusform>%Ln 个块</numerusform>
        </translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 “%2”</source>
        <translation>%1“%2”</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1, reranked by “%2”</source>
        <translation>%1，按“%2”重新排序</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>None of the words %1 occurs in the searched scope.</source>
        <translation>词语 %1 均未出现在搜索范围内。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>None of the words %1 occurs in this vault.</source>
        <translation>词语 %1 均未出现在此库中。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No memory is closer in meaning to the query than made-up words are: the closest reaches similarity %1, made-up words reach %2 here.</source>
        <translation>没有任何记忆在含义上比虚构词更接近查询：最接近的相似度为 %1，虚构词在这里达到 %2。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No memory shares anything in meaning with it.</source>
        <translation>没有任何记忆在含义上与之相关。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No match.</source>
        <translation>没有匹配。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: %2 of %3</source>
        <translation>%1：%2 / %3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>truncated</source>
        <translation>已截断</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no match</source>
        <translation>没有匹配</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%Ln vector candidate(s) no closer than made-up words dropped as noise</source>
        <translation>
            <numerusform>%Ln 个向量候选与查询的接近程度不超过虚构词，作为噪声丢弃</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>degraded ranking: %1</source>
        <translation>排序已降级：%1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>no keyword search: %1</source>
        <translation>未进行关键词搜索：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the keyword leg matched nothing: every hit comes from the vector leg alone</source>
        <translation>关键词分支没有匹配：所有命中仅来自向量分支</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the keyword leg matched nothing</source>
        <translation>关键词分支没有匹配</translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>%Ln older version(s) kept out of the hits: newer memories superseded them (score × %1)</source>
        <translation>
            <numerusform>%Ln 个旧版本未列入结果：已被更新的记忆取代（分数 × %1）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+8"/>
        <source>intent %1</source>
        <translation>意图 %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>window “%1”</source>
        <translation>时间窗口「%1」</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>window “%1” (%2)</source>
        <translation>时间窗口「%1」（%2）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>searched as “%1”</source>
        <translation>按「%1」搜索</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>names: %1</source>
        <translation>名称：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>fusion %1, MMR λ %2</source>
        <translation>融合 %1，MMR λ %2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>budget: %1</source>
        <translation>预算：%1</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n below the no-match threshold %1 not returned</source>
        <translation>
            <numerusform>%n 个低于无匹配阈值 %1 的结果未返回</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>audited</source>
        <translation>已审计</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>route %1</source>
        <translation>路径 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>entities %1</source>
        <translation>实体 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 at %2</source>
        <comment>&lt;n related pairs&gt; at &lt;n hops&gt;</comment>
        <translation>%1（%2）</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln related pair(s)</source>
        <translation>
            <numerusform>%Ln 对相关组合</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%Ln hop(s)</source>
        <translation>
            <numerusform>%Ln 跳</numerusform>
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
        <translation>无法显示 %1：%2</translation>
    </message>
    <message>
        <location line="+139"/>
        <source>A grade is of a search&apos;s hit: run a search and select one of its hits</source>
        <translation>评分针对搜索结果：请先运行搜索并选择一个结果</translation>
    </message>
</context>
<context>
    <name>memlens::ui::ReplayDiffModel</name>
    <message>
        <location filename="../ui/models/replaydiffmodel.cpp" line="+84"/>
        <source>▲ up %1</source>
        <translation>▲ 上升 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>▼ down %1</source>
        <translation>▼ 下降 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>✚ new</source>
        <translation>✚ 新增</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>✖ gone</source>
        <translation>✖ 消失</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>= same</source>
        <translation>= 不变</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Logged #</source>
        <translation>记录时 #</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Logged score</source>
        <translation>记录时得分</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Movement</source>
        <translation>变动</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Now #</source>
        <translation>当前 #</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Score now</source>
        <translation>当前得分</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Hit</source>
        <translation>命中</translation>
    </message>
</context>
<context>
    <name>memlens::ui::ResultsModel</name>
    <message>
        <location filename="../ui/models/resultsmodel.cpp" line="+128"/>
        <source>leaf</source>
        <translation>叶节点</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <location line="-23"/>
        <source>Not graded for this query: select the hit and press 0, 1, 2 or 3</source>
        <translation>此查询尚未评分：选中结果后按 0、1、2 或 3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Graded %1 (%2) for this query; 0, 1, 2 or 3 grades it again</source>
        <translation>此查询评分为 %1（%2）；按 0、1、2 或 3 重新评分</translation>
    </message>
    <message>
        <location line="+99"/>
        <source>Hybrid, keyword and semantic search: the final score that placed the hit. The primitives (source, global, topic, cover, drill, leaves): the node&apos;s stored importance, not a match to the query; a rerank orders by cosine, shown under Signals</source>
        <translation>混合、关键词和语义搜索：决定命中位置的最终分数。原语（source、global、topic、cover、drill、leaves）：节点存储的重要度，与查询无关；重排按余弦排序，显示在信号列中</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Your grade of the hit for this query: 0 not relevant, 1 related, 2 relevant, 3 answers it (keys 0–3 on a selected hit). Kept in the vault; memlens-cli metrics measures rankings against them</source>
        <translation>您对此查询结果的评分：0 不相关，1 有关联，2 相关，3 回答了问题（选中结果后按 0–3）。保存在存储库中；memlens-cli metrics 据此衡量排序</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>RRF fusion: each leg&apos;s RRF term as a share of its rank-1 term (keyword, vector). Profile fusion: graph · vector · keyword · freshness, each in [0, 1]</source>
        <translation>RRF 融合：每条检索腿的 RRF 项占其第 1 名项的比例（关键词、向量）。配置融合：图 · 向量 · 关键词 · 新鲜度，均在 [0, 1] 内</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Level</source>
        <translation>层级</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Scope</source>
        <translation>范围</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Time (UTC)</source>
        <translation>时间 (UTC)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Snippet</source>
        <translation>摘录</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Score</source>
        <translation>得分</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Signals</source>
        <translation>信号</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Grade</source>
        <translation>评分</translation>
    </message>
</context>
<context>
    <name>memlens::ui::ScoreBreakdownPanel</name>
    <message>
        <location filename="../ui/pages/scorebreakdownpanel.cpp" line="+91"/>
        <source>Select a hit of a hybrid, keyword or semantic query.</source>
        <translation>请选择混合、关键词或语义查询的一个命中结果。</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>base = Σ weight·signal = %1
     = %2</source>
        <translation>基础分 = Σ 权重·信号 = %1
       = %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>rrf = vector term + keyword term = %1 + %2 = %3</source>
        <translation>rrf = 向量项 + 关键词项 = %1 + %2 = %3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>
base = rrf × (1 + boost × recency) = %1 × (1 + %2 × %3)</source>
        <translation>
基础分 = rrf × (1 + 加权 × 时效) = %1 × (1 + %2 × %3)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>
base = rrf (recency boost off)</source>
        <translation>
基础分 = rrf（时效加权关闭）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>
final = base × superseded penalty %1 = %2</source>
        <translation>
最终分 = 基础分 × 被取代惩罚 %1 = %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>
final = %1</source>
        <translation>
最终分 = %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 ranks by its own score: %2</source>
        <translation>%1 按其自身得分排序：%2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cosine similarity to the query (rerank): %1. Primitives order by this cosine when given query text, else newest first.</source>
        <translation>与查询的余弦相似度（重排）：%1。有查询文本时，原语按此余弦排序，否则按时间从新到旧。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Primitives carry no hybrid explanation: run hybrid, keyword or semantic mode to see legs, RRF and MMR.</source>
        <translation>原语不含混合检索解释：请以混合、关键词或语义模式运行，以查看各检索分支、RRF 和 MMR。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&lt;small&gt;Fused rank %1 · final score %2 · fusion %3&lt;/small&gt;&lt;br&gt;&lt;small&gt;%4&lt;/small&gt;</source>
        <translation>&lt;small&gt;融合排名 %1 · 最终得分 %2 · 融合 %3&lt;/small&gt;&lt;br&gt;&lt;small&gt;%4&lt;/small&gt;</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Bars: weight × signal for each of the four signals, which sum to the score.</source>
        <translation>条形：四个信号各自的 权重 × 信号，其和即得分。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Bars: the legs&apos; RRF terms, their sum, then each factor that applies, to the final score.</source>
        <translation>条形：各检索腿的 RRF 项、其和，然后每个生效的因子，直至最终得分。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&lt;b&gt;leg&lt;/b&gt;</source>
        <translation>&lt;b&gt;分支&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&lt;b&gt;rank&lt;/b&gt;</source>
        <translation>&lt;b&gt;排名&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&lt;b&gt;raw score&lt;/b&gt;</source>
        <translation>&lt;b&gt;原始得分&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;b&gt;weight / (k + rank) = RRF term&lt;/b&gt;</source>
        <translation>&lt;b&gt;权重 / (k + 排名) = RRF 项&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>keyword</source>
        <translation>关键词</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>vector</source>
        <translation>向量</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Keyword score: BM25F %1 × coverage %2^p = %3 × author %4 × day %5 × question %6 = %7</source>
        <translation>关键词得分：BM25F %1 × 覆盖率 %2^p = %3 × 作者 %4 × 日期 %5 × 提问 %6 = %7</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Recency: factor 1/(1 + %1 days) = %2, boost %3</source>
        <translation>时效：因子 1/(1 + %1 天) = %2，加权 %3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>MMR pick %1: relevance %2, max similarity %3 → MMR score %4%5</source>
        <translation>MMR 第 %1 选：相关性 %2，最大相似度 %3 → MMR 得分 %4%5</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> (penalised by %1)</source>
        <translation>（受 %1 惩罚）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Not picked by MMR (fused rank %1).</source>
        <translation>未被 MMR 选中（融合排名 %1）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Topic path: %1</source>
        <translation>主题路径：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cut by the character budget.</source>
        <translation>因字符预算被截断。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ctrl-click a second hit in the results to compare the two.</source>
        <translation>在结果中按住 Ctrl 点击第二条结果，即可比较两者。</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>keyword term</source>
        <translation>关键词项</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>vector term</source>
        <translation>向量项</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>RRF sum</source>
        <translation>RRF 和</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>× recency</source>
        <translation>× 时效</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>× graph context</source>
        <translation>× 图上下文</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>× superseded</source>
        <translation>× 已被取代</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>final score</source>
        <translation>最终得分</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Weighted signal contributions: they sum to the score</source>
        <translation>加权信号贡献：其总和即为得分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>From the legs&apos; RRF terms to the final score: each bar runs from the score before a step to the score after</source>
        <translation>从各检索腿的 RRF 项到最终得分：每个条形从某一步之前的得分延伸到之后的得分</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>&lt;b&gt;term&lt;/b&gt;</source>
        <translation>&lt;b&gt;词项&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&lt;b&gt;column&lt;/b&gt;</source>
        <translation>&lt;b&gt;列&lt;/b&gt;</translation>
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
        <translation>&lt;b&gt;权重&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&lt;b&gt;length norm&lt;/b&gt;</source>
        <translation>&lt;b&gt;长度归一&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&lt;b&gt;contribution&lt;/b&gt;</source>
        <translation>&lt;b&gt;贡献&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Not in this hit: %1</source>
        <translation>不在此结果中：%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>its own text</source>
        <translation>其自身文本</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>context (author, tags, date)</source>
        <translation>上下文（作者、标签、日期）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>neighbouring turns</source>
        <translation>相邻发言</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>turns two away</source>
        <translation>隔一条的发言</translation>
    </message>
</context>
<context>
    <name>memlens::ui::SettingsPanel</name>
    <message>
        <location filename="../ui/query/settingspanel.cpp" line="+60"/>
        <source>Re&amp;vert</source>
        <translation>还原(&amp;V)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Save to Vault</source>
        <translation>保存到记忆库(&amp;S)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Every setting as the next query uses it. Bold: differs from the vault&apos;s stored value (shown beside it). Double-click a value to change it.</source>
        <translation>下一次查询将使用的每项设置。粗体：与记忆库中存储的值不同（显示在旁边）。双击某个值即可修改。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Setting</source>
        <translation>设置</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Vault</source>
        <translation>记忆库</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Show the vault&apos;s stored values again</source>
        <translation>重新显示记忆库中存储的值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Store the values shown as this vault&apos;s settings</source>
        <translation>将显示的值保存为此记忆库的设置</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>The vault&apos;s settings do not parse; the defaults are shown: %1</source>
        <translation>无法解析记忆库的设置；显示的是默认值：%1</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>No setting %1</source>
        <translation>没有设置 %1</translation>
    </message>
    <message>
        <location line="+67"/>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The vault&apos;s stored value</source>
        <translation>记忆库中存储的值</translation>
    </message>
    <message>
        <location line="+29"/>
        <location line="+36"/>
        <source>Cannot save settings</source>
        <translation>无法保存设置</translation>
    </message>
    <message>
        <location line="-34"/>
        <source>%1 is an OpenHuman workspace, which memlens always opens read-only: its settings cannot be saved. The values shown still apply to the queries run here.</source>
        <translation>%1 是 OpenHuman 工作区，memlens 总是以只读方式打开它：无法保存其设置。显示的值仍适用于在此运行的查询。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 is open read-only, so its settings cannot be saved. Open it again without read-only (File › Open Vault…) to save them; the values shown still apply to the queries run here.</source>
        <translation>%1 以只读方式打开，因此无法保存其设置。请以非只读方式重新打开（文件 › 打开记忆库…）以保存；显示的值仍适用于在此运行的查询。</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>The settings of %1 were not saved: %2</source>
        <translation>%1 的设置未保存：%2</translation>
    </message>
</context>
<context>
    <name>memlens::ui::SideBySideView</name>
    <message>
        <location filename="../ui/lab/sidebyside.cpp" line="+161"/>
        <source>gone</source>
        <translation>消失</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>new</source>
        <translation>新增</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>No hits on either side</source>
        <translation>两侧都没有命中</translation>
    </message>
</context>
<context>
    <name>memlens::ui::SourcesModel</name>
    <message>
        <location filename="../ui/models/sourcesmodel.cpp" line="+82"/>
        <source>Chunks still waiting in a buffer: not yet under any sealed summary.</source>
        <translation>仍在缓冲区中等待的分块：尚未归入任何已封存的摘要。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1
Tree: %2</source>
        <translation>%1
树：%2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>none (never sealed)</source>
        <translation>无（从未封存）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Platform</source>
        <translation>平台</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Chunks</source>
        <translation>分块</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Unsealed</source>
        <translation>未封存</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>From (UTC)</source>
        <translation>起 (UTC)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>To (UTC)</source>
        <translation>止 (UTC)</translation>
    </message>
</context>
<context>
    <name>memlens::ui::SummaryTreeModel</name>
    <message>
        <location filename="../ui/models/summarytreemodel.cpp" line="+357"/>
        <source>top L%1</source>
        <translation>顶层 L%1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>loading…</source>
        <translation>加载中…</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%Ln summary(s)</source>
        <translation>
            <numerusform>%Ln 个摘要</numerusform>
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
        <translation>当前查询的命中</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A hit of the current query
%1</source>
        <translation>当前查询的命中结果
%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Above a hit of the current query
%1</source>
        <translation>位于当前查询某命中结果之上
%1</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Tree / node</source>
        <translation>树 / 节点</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Level</source>
        <translation>层级</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Time (UTC)</source>
        <translation>时间 (UTC)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Children</source>
        <translation>子节点</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Entities</source>
        <translation>实体</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Returned by</source>
        <translation>返回者</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Graded %1 (%2) for “%3”</source>
        <translation>针对“%3”评为 %1（%2）</translation>
    </message>
    <message numerus="yes">
        <location line="+20"/>
        <source>of the %n distinct question(s) logged</source>
        <translation>
            <numerusform>已记录的 %n 个不同问题</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>of the %n distinct question(s) logged %1 (the time filter)</source>
        <translation>
            <numerusform>%1 已记录的 %n 个不同问题（时间筛选）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>never</source>
        <translation>从未</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n question(s) · %1% · magnet</source>
        <translation>
            <numerusform>%n 个问题 · %1% · 磁铁</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n question(s) · %1%</source>
        <translation>
            <numerusform>%n 个问题 · %1%</numerusform>
        </translation>
    </message>
    <message>
        <location line="+15"/>
        <source>No search has been logged yet</source>
        <translation>尚未记录任何搜索</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No search was logged %1 (the time filter)</source>
        <translation>%1 没有记录的搜索（时间筛选）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Returned by none %1</source>
        <translation>未被%1中的任何一个返回</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Returned itself by none %1 (a summary: its memories may have been)</source>
        <translation>自身未被%1中的任何一个返回（这是摘要：其记忆可能被返回过）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Returned by %1 %2 (%3%)</source>
        <translation>被%2中的 %1 个返回（%3%）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A magnet: it comes back for many unrelated questions (Overview › Health)</source>
        <translation>磁铁：它会被许多无关问题返回（概览 › 健康）</translation>
    </message>
</context>
<context>
    <name>memlens::ui::TimeFilterBadge</name>
    <message>
        <location filename="../ui/widgets/timefilterbadge.cpp" line="+18"/>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Clear the time filter: every view shows all of the vault again</source>
        <translation>清除时间筛选：所有视图重新显示整个存储库</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Time filter: %1</source>
        <translation>时间筛选：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Every view shows only this time (UTC): the search is scoped to memories of it, the Trees page covers it, the graph counts the links made in it, and the Audit page and Overview › Health read the searches logged in it.</source>
        <translation>所有视图只显示这段时间（UTC）：搜索限定于其中的记忆，树页覆盖它，图统计其中产生的关联，审计页和概览 › 健康读取其中记录的搜索。</translation>
    </message>
</context>
<context>
    <name>memlens::ui::TreesModel</name>
    <message>
        <location filename="../ui/models/treesmodel.cpp" line="+90"/>
        <source>Tree %1
Root: %2
Top level: L%3</source>
        <translation>树 %1
根：%2
顶层：L%3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not yet a single root</source>
        <translation>尚无单一根节点</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Scope</source>
        <translation>范围</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Summaries per level</source>
        <translation>每层摘要数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Summaries</source>
        <translation>摘要</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Time span (UTC)</source>
        <translation>时间跨度 (UTC)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Last sealed</source>
        <translation>最近封存</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
</context>
<context>
    <name>memlens::ui::TreesPage</name>
    <message>
        <location filename="../ui/pages/treespage.cpp" line="+64"/>
        <source>Re&amp;veal Selected Hit</source>
        <translation>定位所选命中结果(&amp;V)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Drill Down in Workbench</source>
        <translation>在工作台中下钻</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fetch &amp;Leaves</source>
        <translation>获取叶节点(&amp;L)</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Expand the trees down to the hit shown in Hit Detail</source>
        <translation>将树展开到“命中详情”中显示的命中结果</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read the exact text of the chunks under the selected level-1 summary</source>
        <translation>阅读所选第 1 层摘要下各分块的原文</translation>
    </message>
    <message>
        <location line="+102"/>
        <source>Drag across the timeline to see the minimal cover of a window.</source>
        <translation>在时间线上拖动，查看某一时间窗口的最小覆盖。</translation>
    </message>
    <message>
        <location line="-35"/>
        <source>Expand a tree to load its summaries; hits of the current query are marked with every summary above them.</source>
        <translation>展开一棵树以加载其摘要；当前查询的命中结果及其上方的所有摘要都会被标记。</translation>
    </message>
    <message>
        <location line="+174"/>
        <source>Computing the cover of %1 – %2…</source>
        <translation>正在计算 %1 – %2 的覆盖…</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>cover_window failed: %1</source>
        <translation>cover_window 失败：%1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Minimal cover of %1 – %2 (UTC): %3 — %4 standing in for whole subtrees, %5%6.</source>
        <translation>%1 – %2 (UTC) 的最小覆盖：%3 — 其中 %4 代表整棵子树，%5%6。</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%Ln node(s)</source>
        <translation>
            <numerusform>%Ln 个节点</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln summary(s)</source>
        <translation>
            <numerusform>%Ln 个摘要</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln raw leaf(s)</source>
        <translation>
            <numerusform>%Ln 个原始叶节点</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (first %1 of %2)</source>
        <translation>（前 %1 个，共 %2 个）</translation>
    </message>
</context>
<context>
    <name>memlens::ui::VaultController</name>
    <message numerus="yes">
        <location filename="../ui/vault/vaultcontroller.cpp" line="+178"/>
        <source>Topic index rebuilt: %Ln vector(s)</source>
        <translation>
            <numerusform>主题索引已重建：%Ln 个向量</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source> in %1 s</source>
        <translation>，用时 %1 秒</translation>
    </message>
</context>
<context>
    <name>memlens::ui::VaultPanel</name>
    <message>
        <location filename="../ui/pages/vaultpanel.cpp" line="+21"/>
        <source>Filter sources…</source>
        <translation>筛选来源…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Filter trees…</source>
        <translation>筛选树…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Double-click a source to query it in the workbench.</source>
        <translation>双击某个来源即可在工作台中查询。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Double-click a tree to browse its summaries.</source>
        <translation>双击某棵树即可浏览其摘要。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Sources</source>
        <translation>来源(&amp;S)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>T&amp;rees</source>
        <translation>树(&amp;R)</translation>
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
        <translation>检查 AI 智能体的记忆库：运行查询，了解每个命中结果为何排在该位置，浏览摘要树，探索实体图谱，并重放审计日志。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Open Vault…</source>
        <translation>打开记忆库…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open Demo Vault</source>
        <translation>打开演示记忆库</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>…or drop a vault folder (or an OpenHuman workspace) on this window.</source>
        <translation>…或将记忆库文件夹（或 OpenHuman 工作区）拖放到此窗口。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Recent vaults</source>
        <translation>最近的记忆库</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>No recent vaults yet.</source>
        <translation>暂无最近打开的记忆库。</translation>
    </message>
</context>
<context>
    <name>memlens::ui::WhatIfPanel</name>
    <message>
        <location filename="../ui/lab/whatifpanel.cpp" line="+35"/>
        <source>new</source>
        <translation>新增</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>gone</source>
        <translation>消失</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>fusion (its RRF sum)</source>
        <translation>融合（其 RRF 和）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>recency</source>
        <translation>时效</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>entity boost</source>
        <translation>实体加权</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>supersession</source>
        <translation>取代</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>profile score</source>
        <translation>配置分数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>MMR</source>
        <translation>MMR</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>budget</source>
        <translation>预算</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>none: others moved</source>
        <translation>无：其他命中移动了</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Move</source>
        <translation>移动</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Before</source>
        <translation>之前</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>After</source>
        <translation>之后</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Signal</source>
        <translation>信号</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Moved by</source>
        <translation>移动原因</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Why</source>
        <translation>为什么</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Re-ranking failed</source>
        <translation>重新排序失败</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>as logged (what the agent got)</source>
        <translation>按记录（智能体得到的结果）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the vault&apos;s settings now</source>
        <translation>记忆库当前的设置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>another audit row</source>
        <translation>另一条审计行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>row #</source>
        <translation>行 #</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Compare with:</source>
        <translation>比较对象：</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>This row cannot be re-ranked: %1</source>
        <translation>该行无法重新排序：%1</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Cannot open the row</source>
        <translation>无法打开该行</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>As logged (#%1)</source>
        <translation>按记录（#%1）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The vault&apos;s settings now</source>
        <translation>记忆库当前的设置</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+4"/>
        <source>Row #%1 as logged</source>
        <translation>行 #%1（按记录）</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Retrieved again with the settings on the left</source>
        <translation>用左侧设置重新检索</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>With the settings on the left</source>
        <translation>使用左侧的设置</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Not shown: %1 acts inside a leg, which re-ranking the stored candidates cannot show. Retrieve Again runs the query anew.</source>
        <translation>未显示：%1 作用于检索分支内部，对已存储候选重新排序无法显示。“重新检索”会重新运行该查询。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The right side is a new retrieval: it also shows any change of the vault since the row was logged.</source>
        <translation>右侧是一次新的检索：它也会显示该行记录以来记忆库的任何变化。</translation>
    </message>
    <message numerus="yes">
        <location line="+24"/>
        <source>&lt;b&gt;No change&lt;/b&gt;: the same %n hit(s) in the same order.</source>
        <translation>
            <numerusform>&lt;b&gt;没有变化&lt;/b&gt;：同样的 %n 个命中，顺序相同。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>&lt;b&gt;No change&lt;/b&gt;: these settings leave the same %n hit(s) in the same order.</source>
        <translation>
            <numerusform>&lt;b&gt;没有变化&lt;/b&gt;：这些设置保持同样的 %n 个命中和顺序。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>%n hit(s) moved</source>
        <translation>
            <numerusform>%n 个命中移动</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n new</source>
        <translation>
            <numerusform>%n 个新增</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n gone</source>
        <translation>
            <numerusform>%n 个消失</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the first hit changes</source>
        <translation>首个命中改变</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>the first hit stays</source>
        <translation>首个命中不变</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Jaccard@%1 %2 · rank-biased overlap %3</source>
        <translation>Jaccard@%1 %2 · 排名偏重重合度 %3</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>changed: %1</source>
        <translation>已修改：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>settings that differ: %1</source>
        <translation>不同的设置：%1</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Move a setting on the left: the query&apos;s stored candidates are ranked again at once, and each hit&apos;s move is explained here.</source>
        <translation>调整左侧的设置：该查询已存储的候选会立即重新排序，每个命中的移动在此说明。</translation>
    </message>
</context>
<context>
    <name>memlens::ui::WhyNotDialog</name>
    <message>
        <location filename="../ui/dialogs/whynotdialog.cpp" line="+52"/>
        <source>&amp;Ask</source>
        <translation>询问(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Topic paths</source>
        <translation>主题路径</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Show Node</source>
        <translation>显示节点</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Why Not Returned?</source>
        <translation>为何未返回？</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Ask why the current query did not return this node</source>
        <translation>询问当前查询为何未返回此节点</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>What</source>
        <translation>项目</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Show this node in Hit Detail</source>
        <translation>在命中详情中显示此节点</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Node:</source>
        <translation>节点：</translation>
    </message>
    <message>
        <location line="+37"/>
        <location line="+167"/>
        <source>Why-not failed: %1</source>
        <translation>“为何未返回”失败：%1</translation>
    </message>
    <message>
        <location line="-275"/>
        <source>The query has run again since this answer; Ask again to answer for the current one.</source>
        <translation>此回答之后查询已再次运行；请再次询问以针对当前查询作答。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>A turn or message id (D1:4), a file and line, some of its words, or an id</source>
        <translation>轮次或消息 ID（D1:4）、文件和行号、其中的几个词，或一个 ID</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>Double-click or press Enter to ask about this memory</source>
        <translation>双击或按回车键询问这条记忆</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>Open a vault first.</source>
        <translation>请先打开一个记忆库。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The last run was %1, not a search: why-not asks about a hybrid, keyword or semantic query.</source>
        <translation>上次运行的是 %1，不是搜索：“为何未返回”针对混合、关键词或语义查询。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The last query did not run (%1). Run one that does first.</source>
        <translation>上一次查询未能运行（%1）。请先运行一个能运行的查询。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run a hybrid, keyword or semantic query first: why-not asks about the query that ran last on the Query page.</source>
        <translation>请先运行混合、关键词或语义查询：“为何未返回”针对查询页上最后运行的查询。</translation>
    </message>
    <message>
        <location line="+39"/>
        <location line="+77"/>
        <source>Query: %1</source>
        <translation>查询：%1</translation>
    </message>
    <message>
        <location line="-75"/>
        <source>Type a turn or message id, a file and line, some words of the memory, or paste an id, then Ask.</source>
        <translation>输入轮次或消息 ID、文件和行号、记忆中的几个词，或粘贴一个 ID，然后点击询问。</translation>
    </message>
    <message numerus="yes">
        <location line="+78"/>
        <source>No memory is named “%1”; %Ln hold its words. Pick one.</source>
        <translation>
            <numerusform>没有名为“%1”的记忆；%Ln 条记忆包含这些词。请选择一条。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>“%1” names %Ln memories. Pick one.</source>
        <translation>
            <numerusform>“%1”对应 %Ln 条记忆。请选择一条。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Query: %1 · %2</source>
        <translation>查询：%1 · %2</translation>
    </message>
    <message>
        <location line="-92"/>
        <source>%1 was returned: it is hit #%2 of this query.</source>
        <translation>%1 已返回：它是此查询的第 %2 个命中。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Asking…</source>
        <translation>正在询问…</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+76"/>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Stage: %1</source>
        <translation>阶段：%1</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Query terms it lacks: %1</source>
        <translation>它缺少的查询词：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Query terms it holds: %1</source>
        <translation>它包含的查询词：%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>This node&apos;s topic</source>
        <translation>此节点的主题</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Topics the beam reached (%1)</source>
        <translation>束搜索到达的主题（%1）</translation>
    </message>
</context>
</TS>
