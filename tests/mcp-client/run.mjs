// Drives `memlens-cli serve` with the official MCP TypeScript SDK clients from the npm registry
// (package.json pins them; tests/CMakeLists.txt runs this as the ctest mcp_sdk_client):
//   @modelcontextprotocol/client 2.x  - the 2026-07-28 era (server/discover, per-request _meta)
//   @modelcontextprotocol/sdk 1.x     - the handshake era (initialize)
// each over stdio and over Streamable HTTP with the bearer token. Per client and transport it
// connects, lists the tools, stores a tagged message (twice: the second names the first) and
// finds it with memory_search (brief, then full, and by its tag), lists, edits and gets it,
// calls primitives, and checks tool errors (a bad argument, an unknown id); over HTTP also a
// missing token and a foreign Origin.
// Then the audit log must name every call's client.
//
// Usage: node run.mjs MEMLENS_CLI SCRATCH_DIR
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

import * as v2 from '@modelcontextprotocol/client';
import { StdioClientTransport as V2Stdio } from '@modelcontextprotocol/client/stdio';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1Stdio } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as V1Http } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const [cli, scratch] = process.argv.slice(2);
if (!cli || !scratch) {
  console.error('usage: node run.mjs MEMLENS_CLI SCRATCH_DIR');
  process.exit(2);
}

let failures = 0;
function check(ok, what, detail = '') {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${ok || !detail ? '' : ': ' + detail}`);
  if (!ok) failures++;
  return ok;
}

const EXPECTED_TOOLS = ['memory_search', 'memory_store', 'memory_forget', 'why_not', 'explain',
  'query_source',
  'query_global', 'query_topic', 'cover_window', 'search_entities', 'drill_down', 'fetch_leaves',
  'walk', 'memory_update', 'memory_feedback', 'memory_list', 'memory_get'];

// A fresh vault from the project's own generated corpus.
rmSync(scratch, { recursive: true, force: true });
mkdirSync(scratch, { recursive: true });
const vault = join(scratch, 'vault');
const corpus = join(scratch, 'corpus.jsonl');
for (const args of [['generate', '--out', corpus, '--chunks', '300', '--seed', '5'],
                    ['ingest', '--vault', vault, corpus]]) {
  const r = spawnSync(cli, args, { encoding: 'utf8' });
  if (r.status !== 0) {
    console.error(`memlens-cli ${args[0]} failed: ${r.stderr}`);
    process.exit(1);
  }
}
const tokenFile = join(scratch, 'config', 'mcp-token');

// Starts `serve --http 127.0.0.1:0`; resolves with the URL it prints and the process.
function startHttp() {
  return new Promise((resolve, reject) => {
    const p = spawn(cli, ['serve', '--vault', vault, '--tools', 'all', '--http', '127.0.0.1:0', '--token-file',
      tokenFile], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    p.stderr.on('data', (d) => { err += d; });
    p.stdout.on('data', (d) => {
      out += d;
      const nl = out.indexOf('\n');
      if (nl >= 0) resolve({ url: out.slice(0, nl).trim(), proc: p });
    });
    p.on('exit', (code) => reject(new Error(`serve --http exited ${code}: ${err}`)));
    setTimeout(() => reject(new Error('serve --http printed no URL in 30 s')), 30000).unref();
  });
}

// The 1.x client keeps the version initialize negotiated to itself: read it off the answer.
function spyOnInitialize(transport) {
  const seen = {};
  const start = transport.start.bind(transport);
  transport.start = async () => {
    const inner = transport.onmessage;
    transport.onmessage = (m, extra) => {
      if (m?.result?.protocolVersion) seen.version = m.result.protocolVersion;
      return inner?.(m, extra);
    };
    return start();
  };
  return seen;
}

async function session(label, client, transport, expectVersion) {
  const t0 = Date.now();
  const seen = spyOnInitialize(transport);
  await client.connect(transport);
  const version = client.getNegotiatedProtocolVersion?.() ?? seen.version;
  check(version === expectVersion, `${label}: negotiated protocol ${version}`,
    `expected ${expectVersion}`);
  check(client.getServerVersion()?.name === 'memlens', `${label}: the server names itself memlens`);

  const { tools } = await client.listTools();
  const names = tools.map((t) => t.name);
  const missing = EXPECTED_TOOLS.filter((n) => !names.includes(n));
  check(missing.length === 0, `${label}: tools/list has all ${EXPECTED_TOOLS.length} tools`,
    `missing ${missing.join(', ')}`);
  check(tools.every((t) => t.inputSchema?.type === 'object' && t.outputSchema?.type === 'object'),
    `${label}: every tool has an input and an output schema`);
  const profile = tools.find((t) => t.name === 'memory_search')?.inputSchema?.properties?.profile;
  check(Array.isArray(profile?.enum) && profile.enum.includes('balanced') &&
        !profile.enum.includes('recency'),
    `${label}: profile is an enum of the profiles the server takes`, JSON.stringify(profile));

  const word = 'zq' + randomBytes(4).toString('hex');
  const sentence = `The ${word} prototype ships on Friday after the ${label} review`;
  const source = `chat:sdk-${label.replace(/ /g, '-')}`;
  // One time for both stores: the same text from the same source at the same time is one memory.
  const when = new Date(Date.now() - 60_000).toISOString();
  const stored = await client.callTool({ name: 'memory_store',
    arguments: { text: sentence, author: 'sdk-test', source, tags: [word, 'sdk'], time: when } });
  const id = stored.structuredContent?.node_ids?.[0];
  check(!stored.isError && stored.structuredContent?.stored === true && typeof id === 'string',
    `${label}: memory_store stored the message`, JSON.stringify(stored).slice(0, 300));

  const again = await client.callTool({ name: 'memory_store',
    arguments: { text: sentence, author: 'sdk-test', source, tags: [word, 'sdk'], time: when } });
  check(!again.isError && again.structuredContent?.duplicate === true &&
        again.structuredContent?.node_ids?.[0] === id,
    `${label}: storing it again names the stored node`, JSON.stringify(again).slice(0, 300));

  // Brief by default: the memory, its author and source, and the verdict without scores.
  const found = await client.callTool({ name: 'memory_search',
    arguments: { query: `${word} prototype`, limit: 5 } });
  const top = found.structuredContent?.hits?.[0];
  // A brief hit names its memory by its short id: the start of the id, ten digits or more.
  const shortId = top?.id ?? '';
  check(!found.isError && shortId.length >= 10 && id.startsWith(shortId) && top?.text === sentence &&
        top?.author === 'sdk-test' && top?.source === source && !('score' in top),
    `${label}: memory_search finds it first, brief`, JSON.stringify(found).slice(0, 300));
  check(typeof top?.verdict === 'string' && /^keyword rank 1\b/.test(top.verdict) &&
        !/RRF|\d\.\d/.test(top.verdict),
    `${label}: the hit says why it ranked first, in words`, top?.verdict);
  check(found.content?.[0]?.text?.startsWith(`{"hits":[{"id":"${shortId}","text":`),
    `${label}: the text content reads id and text first`, found.content?.[0]?.text?.slice(0, 80));
  const full = await client.callTool({ name: 'memory_search',
    arguments: { query: `${word} prototype`, limit: 5, detail: 'full' } });
  const ftop = full.structuredContent?.hits?.[0];
  check(ftop?.node_id === id && typeof ftop?.score === 'number' && /RRF/.test(ftop?.verdict),
    `${label}: detail=full gives the score and the whole verdict`, JSON.stringify(ftop));

  // The agent grades the hit it used: kept as a judgment under its own name, naming the search.
  const graded = await client.callTool({ name: 'memory_feedback',
    arguments: { query: `${word} prototype`, node_id: shortId, grade: 3, reason: 'it answers' } });
  check(!graded.isError && graded.structuredContent?.node_id === id &&
        graded.structuredContent?.grade === 3 && /^agent /.test(graded.structuredContent?.judge) &&
        Number.isInteger(graded.structuredContent?.audit_id),
    `${label}: memory_feedback grades the hit it used`, JSON.stringify(graded).slice(0, 300));
  const ungraded = await client.callTool({ name: 'memory_feedback',
    arguments: { query: 'a search never asked', node_id: shortId, grade: 1 } });
  check(ungraded.isError === true && /no logged search/.test(ungraded.content?.[0]?.text),
    `${label}: a grade of a hit no search returned is refused`, JSON.stringify(ungraded));

  const unknown = await client.callTool({ name: 'fetch_leaves',
    arguments: { chunk_ids: [id, 'no-such-chunk'] } });
  check(unknown.isError === true && /'no-such-chunk'/.test(unknown.content?.[0]?.text),
    `${label}: an unknown id is a tool error naming it`, JSON.stringify(unknown).slice(0, 300));

  const leaves = await client.callTool({ name: 'fetch_leaves',
    arguments: { chunk_ids: [shortId] } });
  check(leaves.structuredContent?.hits?.[0]?.content === sentence &&
        leaves.structuredContent.hits[0].node_id === id,
    `${label}: the fetch_leaves primitive reads it back by its short id`);
  const entities = await client.callTool({ name: 'search_entities',
    arguments: { query: 'a', limit: 3 } });
  check(Array.isArray(entities.structuredContent?.entities) &&
        entities.structuredContent.entities.length > 0,
    `${label}: the search_entities primitive answers`);

  // Tags, list, edit, get (memory_update, memory_list, memory_get).
  const tagged = await client.callTool({ name: 'memory_search',
    arguments: { query: 'prototype review', tags: [word.toUpperCase()] } });
  check(!tagged.isError && tagged.structuredContent?.hits?.length === 1 &&
        tagged.structuredContent.hits[0].id === shortId,
    `${label}: memory_search with tags finds only the tagged memory`,
    JSON.stringify(tagged).slice(0, 300));
  const listed = await client.callTool({ name: 'memory_list', arguments: { source, limit: 5 } });
  const listedFirst = listed.structuredContent?.memories?.[0];
  check(!listed.isError && listedFirst?.id === id && listedFirst?.tags?.[0] === word &&
        listed.structuredContent?.next_cursor === null,
    `${label}: memory_list gives the memory with its tags`, JSON.stringify(listed).slice(0, 300));
  const updated = await client.callTool({ name: 'memory_update',
    arguments: { id: shortId, text: `${sentence}, moved to Monday` } });
  const newId = updated.structuredContent?.new_ids?.[0];
  check(!updated.isError && updated.structuredContent?.old_id === id && typeof newId === 'string',
    `${label}: memory_update returns both ids`, JSON.stringify(updated).slice(0, 300));
  const got = await client.callTool({ name: 'memory_get', arguments: { ids: [id, newId] } });
  const [oldM, newM] = got.structuredContent?.memories ?? [];
  check(!got.isError && oldM?.superseded === true && oldM?.superseded_by?.[0] === newId &&
        newM?.supersedes === id && newM?.author === 'sdk-test' && newM?.tags?.[1] === 'sdk',
    `${label}: memory_get says what superseded what`, JSON.stringify(got).slice(0, 400));
  const unknownMemory = await client.callTool({ name: 'memory_get',
    arguments: { ids: ['no-such-memory-id'] } });
  check(unknownMemory.isError === true && /no-such-memory-id/.test(unknownMemory.content?.[0]?.text),
    `${label}: an unknown id is a tool error naming it`, JSON.stringify(unknownMemory));
  // memory_forget: a second memory, stored and forgotten, says what it removed and is gone.
  const secret = `The ${word}x vault code is known to the ${label} reviewer`;
  const kept = await client.callTool({ name: 'memory_store',
    arguments: { text: secret, author: 'sdk-test', source: 'chat:sdk-test' } });
  const secretId = kept.structuredContent?.node_ids?.[0];
  const forgot = await client.callTool({ name: 'memory_forget', arguments: { ids: [secretId] } });
  check(!forgot.isError && forgot.structuredContent?.forgotten?.[0] === secretId &&
        Array.isArray(forgot.structuredContent?.summaries_resealed),
    `${label}: memory_forget says what it removed`, JSON.stringify(forgot).slice(0, 300));
  const gone = await client.callTool({ name: 'fetch_leaves', arguments: { chunk_ids: [secretId] } });
  // No hit, or (where an unknown id is a tool error) an error naming it.
  check(gone.isError ? (gone.content?.[0]?.text ?? '').includes(secretId)
                     : gone.structuredContent?.hits?.length === 0,
    `${label}: the forgotten memory is not read back`, JSON.stringify(gone).slice(0, 300));
  const tool = tools.find((t) => t.name === 'memory_forget');
  // destructiveHint defaults to true for a tool that is not read-only: absent or true.
  check(tool?.annotations?.readOnlyHint !== true && tool?.annotations?.destructiveHint !== false,
    `${label}: memory_forget is marked destructive`, JSON.stringify(tool?.annotations));

  // A tool given a bad argument: a tool error naming it (2025-06-18 would make it -32602).
  let bad;
  try {
    bad = await client.callTool({ name: 'memory_search', arguments: { query: 'x', limit: 'ten' } });
  } catch (e) {
    bad = { thrown: e };
  }
  if (bad.thrown) {
    check(bad.thrown.code === -32602 && /limit/.test(bad.thrown.message),
      `${label}: a bad argument is refused (protocol error naming it)`, String(bad.thrown));
  } else {
    check(bad.isError === true && /limit: expected an integer/.test(bad.content?.[0]?.text),
      `${label}: a bad argument is a tool error naming it`, JSON.stringify(bad));
  }
  await client.close();
  console.log(`     ${label}: ${Date.now() - t0} ms`);
  return id;
}

const clientNames = [];
async function run() {
  // The v2 client, negotiating the era itself (server/discover first).
  const v2Options = { versionNegotiation: { mode: 'auto' } };
  clientNames.push('sdk-v2-stdio 2.4.0');
  await session('v2 stdio',
    new v2.Client({ name: 'sdk-v2-stdio', version: '2.4.0' }, v2Options),
    new V2Stdio({ command: cli, args: ['serve', '--vault', vault, '--tools', 'all'] }), '2026-07-28');

  clientNames.push('sdk-v1-stdio 1.32.2');
  await session('v1 stdio', new V1Client({ name: 'sdk-v1-stdio', version: '1.32.2' }),
    new V1Stdio({ command: cli, args: ['serve', '--vault', vault, '--tools', 'all'] }), '2025-11-25');

  // A server started without --tools offers the memory set: the tools an agent that stores
  // and searches needs, and drill_down to open a summary a search returns.
  {
    const lean = new V1Client({ name: 'sdk-v1-default-tools', version: '1.32.2' });
    await lean.connect(new V1Stdio({ command: cli, args: ['serve', '--vault', vault] }));
    const names = (await lean.listTools()).tools.map((t) => t.name).sort();
    check(JSON.stringify(names) === JSON.stringify(['drill_down', 'explain', 'memory_feedback',
      'memory_forget', 'memory_get', 'memory_list', 'memory_search', 'memory_store',
      'memory_update', 'why_not']),
    'default tools: the memory set', names.join(', '));
    await lean.close();
  }

  const { url, proc } = await startHttp();
  try {
    const token = readFileSync(tokenFile, 'utf8').trim();
    const headers = { Authorization: `Bearer ${token}` };
    clientNames.push('sdk-v2-http 2.4.0');
    await session('v2 http',
      new v2.Client({ name: 'sdk-v2-http', version: '2.4.0' }, v2Options),
      new v2.StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }),
      '2026-07-28');
    clientNames.push('sdk-v1-http 1.32.2');
    await session('v1 http', new V1Client({ name: 'sdk-v1-http', version: '1.32.2' }),
      new V1Http(new URL(url), { requestInit: { headers } }), '2025-11-25');

    // The token and the Origin, asked the way a stranger would.
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: {
      _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28',
               'io.modelcontextprotocol/clientCapabilities': {} } } });
    const post = (h) => fetch(url, { method: 'POST', body, headers: { 'Content-Type':
      'application/json', Accept: 'application/json, text/event-stream', ...h } });
    const none = await post({});
    check(none.status === 401 && /Bearer/.test(none.headers.get('www-authenticate') ?? ''),
      'http: no token is 401 with WWW-Authenticate: Bearer', String(none.status));
    const wrong = await post({ Authorization: 'Bearer ' + 'f'.repeat(64) });
    check(wrong.status === 401, 'http: a wrong token is 401', String(wrong.status));
    const evil = await post({ ...headers, Origin: 'http://evil.example' });
    check(evil.status === 403, 'http: a foreign Origin is 403', String(evil.status));
    const local = await post({ ...headers, Origin: 'http://localhost:5173' });
    check(local.status === 200, 'http: a local Origin with the token is served',
      String(local.status));
  } finally {
    proc.kill('SIGTERM');
    await new Promise((r) => proc.on('exit', r));
  }

  // Every call is in the audit log under its client's name.
  const log = spawnSync(cli, ['audit', '--vault', vault, 'list', '--agents', '--limit', '1000',
    '--json'], { encoding: 'utf8' });
  check(log.status === 0, 'audit list --agents --json', log.stderr);
  const rows = JSON.parse(log.stdout || '[]');
  for (const name of clientNames) {
    const mine = rows.filter((r) => r.client === name);
    const tools = new Set(mine.map((r) => r.tool));
    check(mine.length === 18 && ['memory_store', 'memory_search', 'fetch_leaves',
      'search_entities', 'memory_list', 'memory_update', 'memory_get', 'memory_forget',
      'memory_feedback']
      .every((t) => tools.has(t)) && mine.every((r) => r.session),
    `audit: the 18 calls of ${name} name it and their session (${mine.length} logged)`,
    JSON.stringify(mine.map((r) => [r.tool, r.session])));
  }
  // --client takes the client's name alone as well as "name version".
  const byName = spawnSync(cli, ['audit', '--vault', vault, 'list', '--client', 'sdk-v1-stdio',
    '--limit', '1000', '--json'], { encoding: 'utf8' });
  const named = JSON.parse(byName.stdout || '[]');
  check(byName.status === 0 && named.length === 18 &&
        named.every((r) => r.client === 'sdk-v1-stdio 1.32.2'),
    'audit list --client NAME keeps that client\'s rows, any version', String(named.length));
  const failed = rows.filter((r) => r.error && /limit/.test(r.error));
  check(failed.length === clientNames.length, 'audit: each refused call is logged as failed',
    String(failed.length));
}

try {
  await run();
} catch (e) {
  check(false, 'the run', e?.stack ?? String(e));
}
if (failures > 0) {
  console.error(`${failures} check(s) failed`);
  process.exit(1);
}
console.log('all checks passed');
