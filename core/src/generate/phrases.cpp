#include "generate/phrases.h"

namespace memlens::gen {

namespace {

using S = std::string_view;

// ---- chat -------------------------------------------------------------------------------

constexpr S kStatus[] = {
    "{Quick update|Status update|FYI|Heads up}: <proj> <comp> is {on track|green|looking good|"
    "about <pct>% done}{.|, <p> is wrapping up the last bits.|; only the <artifact> is left.}",
    "{Morning|Hi} all, <proj> {progress|update} for today: {merged the <comp> refactor|finished "
    "the <comp> tests|got the <comp> behind a feature flag}, next up is <comp2>. <tag>",
    "<comp> for <proj> is {code complete|in review|deployed to staging} {as of this "
    "morning|since yesterday|now}. {Demo on <weekday>?|Will demo at the sync.|<pr_url>}",
    "{Small win|Good news}: <metric> on <proj> {improved|went up} by <pct>% after the <comp> "
    "change {<emoji>|🎉|}",
    "<proj> is {slipping a bit|a little behind|at risk} on <comp>: {we underestimated the "
    "migration|two people were out sick|the <vendor> API changed under us}. {Will keep you "
    "posted.|Plan to catch up by <soon>.|<p> and I are pairing on it.}",
    "{Done|Finished} with the <comp> spike for <proj>. {Write-up|Notes} here: <doc_url>",
    "{EOD|End of day} update: <comp> {is|looks} {stable|good} on staging, <comp2> still needs "
    "{another pass|load testing|a security review}. {Tomorrow|<soon>} I'll {pick up|start} "
    "<ticket>.",
};

constexpr S kAskReview[] = {
    "<p> {can you|could you|would you mind if I asked you to} {take a look at|review|"
    "sanity-check} {my|the} <comp> {PR|change|patch} {for <proj>|} {when you get a chance|"
    "today|before <soon>}? <pr_url>",
    "{Looking for|Need} {a reviewer|two reviewers|another pair of eyes} on <pr_url> "
    "({<proj> <comp>|small one|touches <comp2> too}). {Anyone?|<p>?|cc <p> <q>}",
    "{PR is up|Opened a PR} for <ticket>: <pr_url> {— mostly tests|, the diff is big but "
    "mechanical|, please check the migration part}. <tag>",
    "<p> I {left a few comments|replied to your comments|pushed fixes} on <pr_url>, "
    "{mind another look?|should be good now.|one open question about <comp>.}",
    "{Can someone|Could anyone} from <proj> {approve|stamp} <pr_url>? {It's blocking the "
    "release.|Need it before the freeze.|Tiny change, promise.}",
};

constexpr S kBug[] = {
    "{Seeing|Getting|We have} {a spike in|intermittent|more} <err> errors {in|on|from} <comp> "
    "{since this morning|after yesterday's deploy|since <weekday>}. <dash_url>",
    "{Filed|Opened} <ticket>: <comp> {returns <err> when|breaks if|times out when} "
    "{the cart is empty|a user has two accounts|the locale is not English|the request takes "
    "longer than <ms> ms}. {<p> can you take it?|Not urgent.|Marking it P1.}",
    "<comp> in <proj> {is throwing|throws} <err> for {some|about <pct>% of} {users|requests} "
    "{on Safari|in the EU region|after login}. {Rolling back?|Investigating.|Any ideas?} <tag>",
    "{Found the bug|Root cause found}: <comp> {was caching|cached} the wrong {session|locale|"
    "currency}. Fix in <pr_url>.",
    "{Heads up|FYI}: flaky test in <repo> ({<comp> suite|integration tests}) {again|failing "
    "about 1 in <n> runs}. {I quarantined it.|<p> is looking.} <ticket_url>",
};

constexpr S kQuestion[] = {
    "{Does anyone know|Quick question:|Who knows} {who owns|where we document|why we changed} "
    "<comp>{?| for <proj>?}",
    "{Is|Are} {we still|we} {planning to|going to} {deprecate|rewrite|keep} <comp> {this "
    "quarter|in <quarter>|after <proj> ships}?",
    "<p> {where|how} do I {get access to|find the credentials for|run} the <comp> "
    "{staging env|dashboards|load tests}?",
    "{What's|What is} the {status|plan|timeline} for <proj> <comp>? {Customer <customer> is "
    "asking.|Marketing wants a date.|Trying to plan <quarter>.}",
    "{Anyone tried|Has anyone used} <option_topic> {options|alternatives} like <vendor>? "
    "{Thinking about it for <proj>.|Curious about pricing.}",
};

constexpr S kMeeting[] = {
    "{Reminder|Heads up}: <proj> {sync|review|retro|planning} {at|moved to} <time> "
    "{today|tomorrow|on <weekday>}. {Agenda|Notes doc}: <doc_url>",
    "{Can we|Could we} {move|push} the <proj> {sync|demo} to <time>? {I have a conflict|"
    "<p> is out|Clashes with the all-hands}.",
    "{Notes from|Summary of} today's <proj> {sync|review}: <comp> {on track|needs help}, "
    "{decided to cut|parking} <comp2> {for now|until <quarter>}. {Full notes|Details}: <doc_url>",
    "{Who's joining|Anyone joining} the <proj> {design review|kickoff|demo} at <time>? "
    "{Link in the invite.|Room 3B or Zoom.}",
};

constexpr S kDesign[] = {
    "New {mockups|flows|explorations} for <proj> <screen> are up in Figma: <figma_url> "
    "{— feedback welcome|, thoughts?|cc <p>}",
    "{Updated|Reworked} the <screen> {after the research sessions|based on <p_first>'s "
    "feedback|to match the new tokens}. <figma_url> <tag>",
    "<p> {can we|could we} {pair on|talk through} the <screen> {empty states|error states|"
    "copy} {today|<soon>}?",
    "{Usability test|Research} {results|readout} for <screen>: <pct>% of participants {found|"
    "missed} the {primary action|new button|settings link}. {Deck|Notes}: <doc_url>",
    "{Proposal|Idea}: {drop|simplify|merge} the <screen> {step|screen} in <proj>. {Fewer "
    "taps, same info.|Should help <metric>.}",
};

constexpr S kData[] = {
    "<metric> {went up|dropped|is flat} {by <pct>%|} {week over week|since the launch|after "
    "the <comp> change} ({chart|dashboard}: <dash_url>)",
    "{Backfill|Nightly job|The <comp> pipeline} {finished|failed|is running late} {for|on} "
    "<proj>{.|, <p> can you check the logs?}",
    "{Question|Sanity check}: {should|do} we {count|exclude} {test accounts|refunds|trial "
    "users} in <metric>? {Numbers differ by <pct>%.|<p> and I disagree.}",
    "{Shipped|Published} a new {dashboard|notebook|report} on <metric>: <dash_url> <tag>",
    "<comp> {query|job} {takes|now takes} <n> minutes {, down from <ms>|, up from <n>}{.|; "
    "moving it to <option_topic> should help.}",
};

constexpr S kSupport[] = {
    "Customer {ticket|escalation} from <customer>: <comp> {fails|is slow|shows the wrong "
    "total} {for their team|since <weekday>|on mobile}. {Can someone from <proj> take a look?|"
    "Looping in <p>.} <ticket_url>",
    "<customer> {asked|is asking} {whether|if} <proj> {will support|supports} "
    "{SSO|CSV export|multi-currency|webhooks} {by <quarter>|soon}. {What do I tell them?|"
    "<p>?}",
    "{Closed|Resolved} <n> tickets about <comp> {today|this week} {— the fix worked|; "
    "volume is back to normal}. <tag>",
    "{Macro|Help-center article} for <comp> {updated|drafted}: <doc_url> {please review|"
    "cc <p>}",
};

constexpr S kRelease[] = {
    "{Release|Deploy} {train|window} for <proj> {today|at <time>|on <weekday>}: {includes|"
    "ships} <comp> and <comp2>. {Changelog|Notes}: <doc_url> <tag>",
    "<proj> {v<n>.<n>|build <ms>} is {on staging|rolling out|out to <pct>%}. {Watch|Keep an eye "
    "on} <dash_url>",
    "{Code freeze|Feature freeze} for <proj> starts <soon>. {Anything not merged by then|"
    "Late changes} {waits|go} to the next train.",
    "{Rolled back|Reverted} the <comp> deploy {because of|after} <err> errors. {Postmortem|"
    "Write-up} to follow. <tag>",
};

constexpr S kSocial[] = {
    "{Happy Friday|Happy Monday|Morning} all! {Who's up for|Anyone joining} {lunch|coffee|"
    "board games|the running club} {at|around} <time>? <emoji>",
    "{Welcome|Please welcome} <p_full> {to the team|, our new <role>}! {Say hi|Show them the "
    "ropes} <emoji>",
    "{Reminder|PSA}: {the office is closed|no meetings} on <weekday> {for the offsite|for the "
    "holiday|for focus day}.",
    "{Photos|Pictures} from the {offsite|team dinner|hackathon} are {up|in the shared drive}: "
    "<doc_url> <emoji>",
    "{Kudos to|Shout-out to|Big thanks to} <p> for {fixing|rescuing|shipping} <comp> "
    "{last night|under pressure|ahead of schedule}! <emoji>",
};

constexpr S kIncident[] = {
    "{Incident|SEV2|SEV3} {declared|opened}: <comp> {is down|is degraded|returns <err>} "
    "{for <pct>% of requests|in one region|for <customer>}. {<p> is incident commander.|"
    "Channel: #inc-<ms>} <tag>",
    "{Mitigated|Resolved}: <comp> {back to normal|recovered} after {a restart|the rollback|"
    "scaling up}. {Postmortem|Review} {on <weekday>|<soon>}: <doc_url>",
    "{Paging|Pinging} <p>: <comp> {latency|error rate} is {over|above} <ms> ms {p95|p99} "
    "{again|since <time>}. <dash_url>",
};

constexpr S kHiring[] = {
    "We're hiring {a|two} <role>{s|}! {Referrals welcome|Please share}: <url>",
    "<p> {can you|could you} {join|take} a <role> {interview|loop} on <weekday> at <time>?",
    "{Offer accepted|Signed}: a new <role> joins <proj> {on <date>|next month}! <emoji>",
};

constexpr S kCommunityPhrases[] = {
    "{Hey|Hi} {folks|all|team}, is <proj> <comp> {supposed to|meant to} {work|behave like this} "
    "{on Android 12|offline|with a VPN}? {Getting <err>.|It just spins.}",
    "{Love|Really like} the new <screen>{!|, but} {the contrast is low|the font is tiny|it "
    "feels snappier} <emoji>",
    "{Feature request|Wishlist}: {dark mode|CSV export|keyboard shortcuts|webhooks} for "
    "<proj> {please|someday?} <emoji>",
    "{Is there|Any} ETA for <proj> <comp>? {Our team is waiting on it.|Asking for a friend.}",
    "{Thanks|Cheers} for the quick fix on <comp>, {works now|all good here}! <emoji>",
};

constexpr S kStatusFollow[] = {
    "{Nice|Great|Awesome}, thanks <p>! {Anything I can help with on <comp2>?|Ping me if you "
    "need a reviewer.}",
    "{Do we|Should we} {still|} {need|want} <comp2> {for the launch|before <soon>}?",
    "{I can|Happy to} {take|pick up} <comp2> {tomorrow|after lunch|<soon>}.",
    "{Let's|We should} {sync|chat} {about|on} <comp2> {at <time>|after standup}.",
};
constexpr S kReviewFollow[] = {
    "{On it|Looking now|Will review after lunch}{.|, <p>.}",
    "{Approved|LGTM|Stamped} {with a nit|, nice cleanup|} <emoji>",
    "{Left|Added} {a couple of|some} {comments|questions} {on the <comp> part|about error "
    "handling|about naming}.",
    "{Can you|Could you} {split|break} it into {two|smaller} PRs? {The <comp> part|The "
    "migration} {is hard to review|deserves its own}.",
};
constexpr S kBugFollow[] = {
    "{Taking a look|Looking}{.|, seems related to <ticket>.}",
    "{I can repro|Can't repro} {locally|on staging}{.|; <p> do you have a request id?}",
    "{Might be|Probably} the <comp2> {change|deploy} from {yesterday|<weekday>}.",
    "{Fix deployed|Patched} {— please verify|, closing <ticket> if it holds}.",
};
constexpr S kQuestionFollow[] = {
    "<p> {owns|knows} that{.|, ask them.|; docs in <doc_url>.}",
    "{I think|AFAIK} {it's|that's} {tracked in|covered by} <ticket>.",
    "{No idea|Not sure}, {but|} <doc_url> {might help|has some context}.",
    "{We decided|The plan is} to {keep|replace} it {after|before} <proj> ships.",
};
constexpr S kGenericFollow[] = {
    "{Sounds good|Makes sense|Agreed|+1}{.|, thanks <p>.|!}",
    "{Thanks|Thank you|Cheers} {for the update|for flagging|}{!|.} <emoji>",
    "{Will do|On it|Noted}{.|, <p>.}",
    "{Can we|Could we} {talk about|cover} this {at the <proj> sync|tomorrow|<soon>}?",
    "Let's {pick this up|talk about this|cover this} {at the <proj> sync|tomorrow|<soon>}.",
    "{Adding|Linking} this to <ticket> {for context|so we don't lose it}.",
};

constexpr S kAcks[] = {
    "{👍|👀|✅|🙏}",
    "{Thanks|Thank you|Thx}{!|.|, <p>!|, <p>, that helps.}",
    "{+1|Same here|Agreed}{|, <p>|, let's do it}",
    "{Nice|Great|Sweet}{!|.} <emoji>",
    "{Good catch|Nice find}, <p>{!|.}",
};

// ---- email ------------------------------------------------------------------------------

constexpr S kSubjLaunch[] = {"<proj> launch timeline", "<proj>: plan for <quarter>",
                             "Go/no-go for <proj> <comp>", "<proj> status, week of <today>"};
constexpr S kSubjBudget[] = {"<quarter> budget review for <proj>", "Headcount and tooling costs",
                             "<vendor> invoice and renewal", "Cloud spend is up <pct>%"};
constexpr S kSubjContract[] = {"Contract renewal with <vendor>", "<vendor> order form",
                               "Redlines on the <vendor> MSA", "DPA for <vendor>"};
constexpr S kSubjHiring[] = {"Interview loop for <role>", "Offer for <role> candidate",
                             "<role> pipeline update", "Referral: <role>"};
constexpr S kSubjCustomer[] = {"<customer> escalation about <comp>", "<customer> renewal",
                               "Feedback from <customer> on <proj>", "<customer> QBR prep"};
constexpr S kSubjOffsite[] = {"Team offsite in <date>", "Offsite agenda draft",
                              "Travel for the offsite", "Offsite: venue options"};
constexpr S kSubjSecurity[] = {"Security review of <proj> <comp>", "Pen test findings",
                               "SOC 2 evidence for <comp>", "Access review for <quarter>"};
constexpr S kSubjPartner[] = {"Partnership proposal from <vendor>", "Intro: <vendor> x us",
                              "<vendor> integration for <proj>", "Co-marketing with <vendor>"};

constexpr S kBodyLaunch[] = {
    "{Here is|Sharing} where <proj> stands: <comp> is {done|in QA|behind}, <comp2> {needs "
    "another week|is on track}. {The plan doc|Details} {is|are} at <doc_url>.",
    "{We are|We're} {aiming|planning} to {launch|ship} <proj> {around|by} <date>. The main "
    "{risk|dependency} is <comp2>; <p_full> is on it.",
    "{Could you|Can you} {confirm|sign off on} the <proj> {scope|timeline} {by <soon>|this "
    "week}? {Marketing needs a date for the announcement.|Sales keeps asking.}",
};
constexpr S kBodyBudget[] = {
    "{Attached|Below} {is|are} the <quarter> numbers for <proj>: we are at <money> against a "
    "plan of <money>. {The difference is mostly <vendor>.|Cloud costs drove most of it.}",
    "{Can we|Could we} {review|go over} the <vendor> {renewal|invoice} {before|by} <date>? "
    "{They want a two-year term.|The price went up <pct>%.}",
    "{Please|Kindly} {send|share} your <quarter> {headcount|tooling} {requests|asks} {by "
    "<date>|this week}, {with a one-line reason each|ranked by priority}.",
};
constexpr S kBodyContract[] = {
    "<vendor> sent {the renewal|a revised order form} {for <money>|with a <pct>% increase}. "
    "{Legal|<p_full>} {is reviewing|has comments} on the {liability cap|data terms|SLA}.",
    "{We need|I'd like} {a decision|your OK} on the <vendor> contract {by <date>|before the "
    "end of <quarter>}. {The current term ends soon.|Otherwise we lose the discount.}",
    "{Attached are|Here are} {our redlines|the comments from legal} on the <vendor> "
    "{MSA|order form|DPA}. {Most are minor; the SLA credit is the open point.|Let me know "
    "if anything looks off.}",
};
constexpr S kBodyHiring[] = {
    "{We have|There are} <n> {candidates|finalists} for the <role> role. {Could you|Can you} "
    "{take the system design interview|join the debrief} on <weekday>?",
    "{The candidate|She|He} {accepted|is considering} our offer{.|; start date would be "
    "<date>.} {Thanks everyone for the fast loop.|<p_full> will be the onboarding buddy.}",
    "{Sharing|Forwarding} a referral for the <role> opening: {strong|solid} background in "
    "<comp>. {CV attached.|LinkedIn: <url>}",
};
constexpr S kBodyCustomer[] = {
    "<customer> {reported|escalated} that <comp> {is slow|fails|shows wrong numbers} "
    "{for their finance team|since <weekday>|on large accounts}. {Ticket|Details}: "
    "<ticket_url>",
    "{Ahead of|For} the <customer> {renewal|QBR} on <date>: {they use|they love} <proj>, "
    "{but|and} {want|asked for} {SSO|audit logs|better exports} {by <quarter>|soon}.",
    "{Good news|Update}: <customer> {confirmed|signed} {the renewal|the expansion} {for "
    "<money>|for <n> more seats}. {Thanks for the help with <comp>.|Kudos to <p_full>.}",
};
constexpr S kBodyOffsite[] = {
    "{Proposing|I propose} we {do|hold} the offsite {on <date>|in the week of <date>}. "
    "{Venue options are in <doc_url>.|Budget is <money> all in.}",
    "{Draft|Rough} agenda: {day one|Monday} {strategy and <quarter> planning|<proj> "
    "retrospective}, {day two|Tuesday} {hack day|team time}. {Comments welcome.|Edit here: "
    "<doc_url>}",
    "{Please|Kindly} {book|submit} travel {by <date>|this week}; {hotel block|the rooms} "
    "{is|are} held until then.",
};
constexpr S kBodySecurity[] = {
    "{The pen test|Our review} of <proj> <comp> {found|turned up} <n> {issues|findings}, "
    "{one|none} {rated high|critical}. {Report|Details}: <doc_url>",
    "{For|Ahead of} the SOC 2 audit {we need|please send} evidence for <comp> {access "
    "reviews|change management|backups} {by <date>|this week}.",
    "{Please|Could you} {review|confirm} who still needs access to <comp> {in production|"
    "in the admin console}; {anyone unconfirmed|unused accounts} will be removed on <date>.",
};
constexpr S kBodyPartner[] = {
    "<vendor> {would like|proposed} an integration with <proj> {around|for} <comp>. "
    "{They'd build the connector.|They want a co-marketing launch in <quarter>.}",
    "{Introducing|Meet} <p_full>, who {leads|runs} partnerships; {they|we} {should talk about|"
    "can explore} <proj> {and|with} <vendor>.",
    "{Following up on|Re} our call: {next steps|the plan} {are|is} a {pilot|trial} with <n> "
    "customers {starting <date>|in <quarter>}.",
};

constexpr S kMailReplies[] = {
    "{Thanks|Thank you} for {the update|sending this|the detail}. {Looks good to me.|I'm fine "
    "with the plan.|A few questions below.}",
    "{Agreed|Sounds right}; {let's|we should} {go ahead|proceed|lock it in} {by <date>|this "
    "week}.",
    "{One concern|A question}: {what happens|how do we handle} <comp> {if <vendor> slips|during "
    "the migration|for existing customers}?",
    "{Looping in|Adding} <p_full> ({<p_email>}) {for visibility|who owns <comp>|for the "
    "numbers}.",
    "{Can we|Let's} {discuss|cover this} {at the <proj> sync|on <weekday>|in our 1:1}? {Easier "
    "live.|I have thoughts on <comp>.}",
    "{Done|Signed|Sent}{.|, see attached.|; <p_full> has the details.}",
};

constexpr S kGreetings[] = {"Hi <to_first>,",   "Hello <to_first>,", "Hey <to_first>,",
                            "Dear <to_first>,", "<to_first>,",       "Hi all,"};
constexpr S kSignoffs[] = {"Thanks,",  "Best,",         "Cheers,",
                           "Regards,", "Thanks a lot,", "Best regards,"};

// ---- decisions --------------------------------------------------------------------------

constexpr S kFirstShip[] = {
    "{Decision|Decided|OK, final call}: we'll ship <proj> <milestone> on <ship_date>. {Code "
    "freeze|Feature freeze} is <freeze_date>. #launch",
    "<proj> <milestone> {date is set|is locked}: <ship_date>. {Please plan around it.|Thanks "
    "all for the input.} #launch",
    "{After the review|Per today's go/no-go}, <proj> <milestone> {ships|goes out} on "
    "<ship_date>, with {the freeze|freeze} on <freeze_date>.",
};
constexpr S kChangeShip[] = {
    "{Update|Change of plan|Heads up}: <proj> <milestone> moves to <ship_date> (was "
    "<prev_date>){ because <reason>|. Reason: <reason>}. #launch",
    "{We're pushing|Pushing} <proj> <milestone> from <prev_date> to <ship_date>: <reason>. "
    "{Sorry for the churn.|New freeze is <freeze_date>.}",
    "{New date|Revised date} for <proj> <milestone>: <ship_date> instead of <prev_date>. "
    "{Reason: <reason>, so we need the time.|Freeze moves to <freeze_date>.}",
};
constexpr S kRemindShip[] = {
    "{Reminder|Friendly reminder}: <proj> <milestone> ships <ship_date>{.|, freeze is "
    "<freeze_date>.}",
    "{Still on track|On track} for <proj> <milestone> on <ship_date> <emoji>",
};
constexpr S kFirstOwner[] = {
    "<owner> {owns|will own|is the DRI for} <proj> <comp> {going forward|from now on}.",
    "{Decision|FYI}: <owner> {takes|is taking} {ownership of|point on} <comp> for <proj>.",
};
constexpr S kChangeOwner[] = {
    "<owner> is taking over <proj> <comp> from <prev_owner> {starting <weekday>|as of "
    "today}{.|; <prev_owner> moves to <proj2>.}",
    "{Ownership change|Handover}: <proj> <comp> {moves|goes} from <prev_owner> to <owner>. "
    "{Thanks <prev_owner>!|Please route questions to <owner> now.}",
};
constexpr S kRemindOwner[] = {
    "{Reminder|FYI}: <owner> owns <proj> <comp>, {please route questions there|ask them "
    "first}.",
};
constexpr S kFirstVendor[] = {
    "{Decision|We decided|Final call}: we're going with <option> as the <option_topic> for "
    "<proj>.",
    "{After the bake-off|Based on the evaluation}, <proj> will use <option> {for|as} the "
    "<option_topic>.",
};
constexpr S kChangeVendor[] = {
    "{Change|Update}: switching <proj> from <prev_option> to <option> {for|as} the "
    "<option_topic>{ because <reason>|, <prev_option> did not work out on pricing}.",
    "{We're dropping|Dropping} <prev_option> for <proj>; <option> {is|will be} the "
    "<option_topic> {going forward|from now on}.",
};
constexpr S kRemindVendor[] = {
    "{As a reminder|To be clear}, <proj> uses <option> as the <option_topic>.",
};
constexpr S kFirstBudget[] = {
    "<proj> budget {is set at|was approved at} <budget> for <quarter>.",
    "{Finance approved|Approved}: <budget> for <proj> in <quarter>{.|, tracked by Nadia.}",
};
constexpr S kChangeBudget[] = {
    "{Revised|Updated} <proj> budget: <budget> (was <prev_budget>){.|, after the <quarter> "
    "review.}",
    "<proj> budget {goes|moves} from <prev_budget> to <budget>{ because <reason>|.}",
};
constexpr S kRemindBudget[] = {
    "{Reminder|FYI}: <proj> has <budget> for <quarter>, {we're within it|please check before "
    "buying tools}.",
};
constexpr S kFirstCadence[] = {
    "<proj> sync {is|will be} {every|on} <cadence>{.|, invite sent.}",
    "{Setting up|Scheduled} a weekly <proj> sync: <cadence>.",
};
constexpr S kChangeCadence[] = {
    "{Moving|We're moving} the <proj> sync to <cadence> (was <prev_cadence>).",
    "{Heads up|FYI}: <proj> sync is now <cadence> instead of <prev_cadence>.",
};
constexpr S kRemindCadence[] = {
    "{Reminder|See you at} the <proj> sync, <cadence>.",
};
constexpr S kFirstRollout[] = {
    "{Plan|Decision}: {rolling|roll} <proj> out to <rollout> of {users|accounts|workspaces} "
    "{on <date>|<soon>}.",
    "<proj> {will ramp|ramps} to <rollout> {next|on} <weekday>; {dashboards|metrics} at "
    "<dash_url>.",
};
constexpr S kChangeRollout[] = {
    "{Update|Change}: <proj> rollout {goes to|is now} <rollout> (was <prev_rollout>){.|, "
    "metrics look healthy.}",
    "{Holding|Pausing} the <proj> rollout at <rollout> (the plan said <prev_rollout>) while we "
    "{look into|fix} <err> errors.",
};
constexpr S kRemindRollout[] = {
    "<proj> is at <rollout> of {users|accounts}, {no change|holding steady}.",
};

constexpr S kReactions[] = {
    "{👍|✅|🙏} {noted|thanks}",
    "{Updating|Updated} the {plan|tracker|calendar}.",
    "{Thanks for the update|Thanks for the heads up}, <p>.",
    "{Will let|Letting} {marketing|support|sales} know.",
    "{Makes sense|OK}, {thanks|agreed}.",
};
constexpr S kConfusions[] = {
    "{Wait|Hmm}, I thought <proj> was still <prev_value>?",
    "{Is|Was} it <prev_value> or {the new one|did that change}? {Lost track.|Sorry, was out.}",
};
constexpr S kCorrections[] = {
    "{No|Nope|It changed} — it's <cur_value> now, {see the update above|<p> posted it "
    "earlier|check the plan}.",
    "{Not anymore|That was the old plan}: <cur_value>.",
};
constexpr S kCelebrations[] = {
    "🚀 <proj> <milestone> is live! {Huge thanks to|Kudos to} <p> and the team.",
    "{We shipped|Shipped} <proj> <milestone> {today|this morning}{!|, on time!} <emoji> "
    "{Dashboards|Metrics}: <dash_url>",
};

// Why a date slips or a choice changes; used inside other templates through <reason>.
constexpr S kReasons[] = {
    "QA found a blocker in <comp>",
    "the <vendor> contract is not signed yet",
    "we need another week of load testing on <comp>",
    "legal wants to review the new terms",
    "<p_first> is out next week and owns <comp>",
    "the <comp> migration took longer than planned",
    "the security review of <comp> flagged two issues",
    "<customer> asked us to wait until after their quarter close",
    "we want <comp2> in the same release",
};

// ---- documents --------------------------------------------------------------------------

constexpr S kPlanSections[] = {
    "## Goals\n\n{Make|Help} <proj_what> {simpler|faster|more reliable} for {new "
    "customers|existing accounts|mobile users}. {Success|The target} is <metric> up <pct>% "
    "{by <quarter>|within a month of launch}.",
    "## Scope\n\n- <comp>\n- <comp2>\n- {Out of scope|Not now}: {SSO|multi-currency|"
    "offline mode}\n\nOwner: <p_full>.",
    "## Risks\n\n- <comp> depends on <vendor>{.|; contract not signed yet.}\n- {Load|Load "
    "testing} {not done|only at <pct>% of peak}.\n- <reason>.",
    "## Open questions\n\n- {Do we|Should we} {migrate|keep} <comp2> {before|after} "
    "launch?\n- Who {owns|supports} <comp> {after launch|on weekends}? {(ask <p>)|}",
    "## Metrics\n\n{Primary|North star}: <metric>. {Secondary|Guardrails}: {error rate under "
    "<pct>%|p95 latency under <ms> ms}. Dashboard: <dash_url>",
    "## Rollout\n\n{Internal|Dogfood} first, then {<pct>%|beta customers}, then everyone. "
    "{Kill switch|Feature flag}: `<key>_<n>`.",
};
constexpr S kRoadmapSections[] = {
    "## <quarter>\n\n- <proj>: <comp> and <comp2>\n- {Stretch|Maybe}: <proj2>",
    "## Themes\n\n{Reliability|Speed|Self-serve} first: <proj> and <proj2> {both|together} "
    "{serve|support} that. {Owner|Sponsor}: <p_full>.",
    "## Not doing\n\n- {A rewrite|Replacing} <comp> {this year|for now}\n- {New|More} "
    "integrations beyond <vendor>",
};
constexpr S kOnboardingSections[] = {
    "## First week\n\n{Get|Request} access to {GitHub|Figma|the VPN|Linear}, {read|skim} "
    "<doc_url>, and {shadow|pair with} <p_full> on <comp>.",
    "## Who's who\n\n- <p_full>: <proj>\n- <p_full>: <comp>\n\n{Ask in|Questions go to} "
    "#general {any time|without hesitation}.",
    "## Rituals\n\nStandup {at|around} <time>, {demo day|show and tell} on {Fridays|the last "
    "Thursday}, {retro|planning} every {two weeks|sprint}.",
};
constexpr S kIncidentSections[] = {
    "## Incident <ms>: <comp> {outage|degradation}\n\n{On|During} <today> <comp> {returned "
    "<err>|was unavailable} for {<n> minutes|about an hour}. {Impact|Customers}: "
    "{<pct>% of requests|<customer> and others}.",
    "## Root cause\n\n{A config change|A schema migration|An expired certificate} in <comp> "
    "{caused|triggered} {connection exhaustion|a retry storm|cache misses}.",
    "## Action items\n\n- <p_full>: {add an alert|add a runbook} for <comp>\n- "
    "{Load test|Chaos test} <comp2> {by <date>|before <proj> ships}",
};
constexpr S kAdrSections[] = {
    "## ADR-<n>: {use|adopt} <option_topic> for <proj>\n\nContext: <comp> {needs|outgrew} "
    "{scale|a managed service}. Decision: {evaluate|adopt} <vendor>. Status: {proposed|"
    "accepted}.",
    "## ADR-<n>: {split|merge} <comp> {and|from} <comp2>\n\n{Consequences|Trade-offs}: "
    "{fewer deploys|simpler ownership}, {more|less} coupling with <proj2>.",
};
constexpr S kMeetingNotes[] = {
    "# <proj> sync, <today>\n\nAttendees: <p_full>, <q>, <me>\n\n- <comp>: {on track|behind, "
    "needs help}\n- <comp2>: {waiting on <vendor>|in review}\n- Action: <p_first> to "
    "{follow up on|write up} <ticket> by <date>",
    "# <proj> {retro|planning}, <today>\n\n{Went well|Good}: <comp>. {To improve|Less good}: "
    "{estimates|handoffs with <proj2>}. Action: <p_first> {owns|drives} {the fix|next steps}.",
};
constexpr S kIssueTitles[] = {
    "<comp> {returns|throws} <err> {on empty input|for large accounts|after timeout}",
    "{Add|Support} {pagination|retries|rate limits|dark mode} {in|for} <comp>",
    "{Flaky|Slow} {test|query} in <comp>",
    "{Migrate|Move} <comp> to <option>",
    "{Copy|Layout} {fixes|tweaks} on <screen>",
};
constexpr S kIssueBodies[] = {
    "{Steps|To reproduce}: {open|load} <screen>, {wait|click save}. {Expected|Should} "
    "{succeed|load in under <ms> ms}; {got|actual:} <err>. {Seen by|Reported by} <customer>.",
    "{We need|Let's add} this before <proj> ships. {See|Context in} <doc_url>. cc <p>",
    "{Happens|Seen} in about <pct>% of {runs|requests}. {Logs|Trace}: <dash_url>",
};
constexpr S kIssueComments[] = {
    "{Picked up|Taking this}{.|, ETA <soon>.}",
    "{Fixed in|PR:} <pr_url>",
    "{Can't repro|Reproduced} on staging{.|; <p> can you add a request id?}",
    "{Moving to|Blocked by} <ticket>.",
    "{Verified|Confirmed} on {staging|production}, closing.",
};

template <typename E, std::size_t N> constexpr std::size_t index_of(E e) {
    return static_cast<std::size_t>(e) < N ? static_cast<std::size_t>(e) : 0;
}

} // namespace

Phrases chat_openers(Topic t) {
    switch (t) {
    case Topic::Status:
        return kStatus;
    case Topic::AskReview:
        return kAskReview;
    case Topic::Bug:
        return kBug;
    case Topic::Question:
        return kQuestion;
    case Topic::Meeting:
        return kMeeting;
    case Topic::Design:
        return kDesign;
    case Topic::Data:
        return kData;
    case Topic::Support:
        return kSupport;
    case Topic::Release:
        return kRelease;
    case Topic::Social:
        return kSocial;
    case Topic::Incident:
        return kIncident;
    case Topic::Hiring:
        return kHiring;
    case Topic::Community:
        return kCommunityPhrases;
    }
    return kStatus;
}

Phrases chat_followups(Topic t) {
    switch (t) {
    case Topic::Status:
    case Topic::Release:
        return kStatusFollow;
    case Topic::AskReview:
        return kReviewFollow;
    case Topic::Bug:
    case Topic::Incident:
    case Topic::Support:
        return kBugFollow;
    case Topic::Question:
    case Topic::Community:
        return kQuestionFollow;
    default:
        return kGenericFollow;
    }
}

Phrases chat_acks() {
    return kAcks;
}

Phrases mail_subjects(MailTopic t) {
    static constexpr Phrases kAll[] = {kSubjLaunch,   kSubjBudget,  kSubjContract, kSubjHiring,
                                       kSubjCustomer, kSubjOffsite, kSubjSecurity, kSubjPartner};
    return kAll[index_of<MailTopic, kMailTopics>(t)];
}

Phrases mail_bodies(MailTopic t) {
    static constexpr Phrases kAll[] = {kBodyLaunch,   kBodyBudget,  kBodyContract, kBodyHiring,
                                       kBodyCustomer, kBodyOffsite, kBodySecurity, kBodyPartner};
    return kAll[index_of<MailTopic, kMailTopics>(t)];
}

Phrases mail_replies() {
    return kMailReplies;
}
Phrases mail_greetings() {
    return kGreetings;
}
Phrases mail_signoffs() {
    return kSignoffs;
}

Phrases decision_first(DecisionKind k) {
    static constexpr Phrases kAll[] = {kFirstShip,   kFirstOwner,   kFirstVendor,
                                       kFirstBudget, kFirstCadence, kFirstRollout};
    return kAll[index_of<DecisionKind, kDecisionKinds>(k)];
}
Phrases decision_change(DecisionKind k) {
    static constexpr Phrases kAll[] = {kChangeShip,   kChangeOwner,   kChangeVendor,
                                       kChangeBudget, kChangeCadence, kChangeRollout};
    return kAll[index_of<DecisionKind, kDecisionKinds>(k)];
}
Phrases decision_reminder(DecisionKind k) {
    static constexpr Phrases kAll[] = {kRemindShip,   kRemindOwner,   kRemindVendor,
                                       kRemindBudget, kRemindCadence, kRemindRollout};
    return kAll[index_of<DecisionKind, kDecisionKinds>(k)];
}
Phrases decision_reactions() {
    return kReactions;
}
Phrases decision_confusions() {
    return kConfusions;
}
Phrases decision_corrections() {
    return kCorrections;
}
Phrases ship_celebrations() {
    return kCelebrations;
}
Phrases reasons() {
    return kReasons;
}

Phrases plan_sections() {
    return kPlanSections;
}
Phrases roadmap_sections() {
    return kRoadmapSections;
}
Phrases onboarding_sections() {
    return kOnboardingSections;
}
Phrases incident_sections() {
    return kIncidentSections;
}
Phrases adr_sections() {
    return kAdrSections;
}
Phrases meeting_notes() {
    return kMeetingNotes;
}
Phrases issue_titles() {
    return kIssueTitles;
}
Phrases issue_bodies() {
    return kIssueBodies;
}
Phrases issue_comments() {
    return kIssueComments;
}

} // namespace memlens::gen
