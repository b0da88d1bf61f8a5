// The legacy official TypeScript SDK, @modelcontextprotocol/sdk 1.x: revision 2025-11-25 (initialize, then
// an Mcp-Session-Id session over HTTP; the process is the session over stdio).
// Usage: node ts-sdk.mjs --transport stdio --jar sample-app.jar [--java-opts "..."] [--label stdio]
//        node ts-sdk.mjs --transport http --url http://127.0.0.1:P/mcp --paged-url http://127.0.0.1:Q/mcp
//          [--label http-nginx] [--expect-spread true]
// With --expect-spread (three clustered instances behind round-robin nginx, no affinity), each session's
// requests must be served by several instances, and its DELETE must end it on every one.
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  Runner, SDK_FLOWS, SERVER_NAME, options, paginate, recordingFetch, sdkFlows, sdk1Pager, stdioCommand, texts, upstreams,
  watchInitialize,
} from './common.mjs';

const LEGACY = '2025-11-25';
const opts = options();
const http = opts.transport !== 'stdio';
const routed = opts['expect-spread'] === 'true';
const flows = [...SDK_FLOWS, ...(http ? ['session-delete'] : []), ...(routed ? ['session-no-affinity'] : [])];
const runner = new Runner('ts-sdk', opts.label || opts.transport, flows);
const run = runner.run.bind(runner);
const seen = [];
const timeout = 60_000;

function transport(paged) {
  if (!http) {
    const { command, args } = stdioCommand(opts, paged ? ['--beammcp.page-size=1'] : []);
    return new StdioClientTransport({ command, args, stderr: 'ignore' });
  }
  return new StreamableHTTPClientTransport(new URL(paged ? opts['paged-url'] : opts.url),
    { fetch: recordingFetch(seen) });
}

async function connect(paged) {
  const client = new Client({ name: 'beammcp-interop', version: '1.0.0' });
  const t = transport(paged);
  const version = watchInitialize(t);
  await client.connect(t, { timeout });
  return { client, transport: t, version: version.value };
}

let client;
let main;
const connected = await run('connect', async () => {
  main = await connect(false);
  client = main.client;
  assert.equal(client.getServerVersion()?.name, SERVER_NAME);
  assert.equal(main.version, LEGACY, 'initialize answered with the legacy revision');
  assert.ok(client.getServerCapabilities()?.tools, 'tools capability');
  assert.ok(client.getServerCapabilities()?.completions, 'completions capability');
  if (http) assert.match(main.transport.sessionId ?? '', /^[\x21-\x7e]+$/, 'the server minted an Mcp-Session-Id');
});
if (!connected) runner.finish('connect failed');

await sdkFlows(run, { client, page: sdk1Pager(client, { timeout }) });

if (http) {
  const served = upstreams(seen);
  await run('session-delete', async () => {
    // through round-robin, the one session was served by several instances (no affinity) ...
    if (routed) assert.ok(served.length >= 2, `one session, several instances: ${served}`);
    // ... and DELETE ends it everywhere: the next requests on the dead session id get 404 (through
    // round-robin, one per instance)
    const sessionId = main.transport.sessionId;
    await main.transport.terminateSession();
    for (let i = 0; i < (routed ? 3 : 1); i++) {
      const response = await recordingFetch(seen)(opts.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream',
          'mcp-session-id': sessionId, 'mcp-protocol-version': LEGACY },
        body: JSON.stringify({ jsonrpc: '2.0', id: 99 + i, method: 'tools/list', params: {} }),
      });
      assert.equal(response.status, 404, `a request on the deleted session gets 404, got ${response.status}`);
    }
  });
}
await client.close();

if (routed) {
  await run('session-no-affinity', async () => {
    // each new session's requests are served by whichever instance round-robin picks
    for (let i = 0; i < 2; i++) {
      const before = seen.length;
      const session = await connect(false);
      for (const place of ['Athens', 'Rome']) {
        const result = await session.client.callTool({ name: 'get_weather', arguments: { place } });
        assert.ok(texts(result.content).startsWith(`${place}: `), texts(result.content));
      }
      await session.client.listTools();
      await session.transport.terminateSession();
      await session.client.close();
      const mine = upstreams(seen.slice(before));
      assert.ok(mine.length >= 2, `session ${i + 1} answered by several instances: ${mine}`);
    }
  });
}

await run('paginate', async () => {
  const paged = await connect(true);
  try {
    await paginate(sdk1Pager(paged.client, { timeout }));
  } finally {
    await paged.client.close();
  }
});

if (routed) console.log(`INFO ts-sdk ${runner.transport} instances that answered: ${upstreams(seen).join(' ')} (${seen.length} answers)`);
runner.finish();
