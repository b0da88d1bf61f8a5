// The modern official TypeScript client, @modelcontextprotocol/client 2.x, pinned to revision 2026-07-28
// (server/discover, `_meta` on every request, no session), over stdio or Streamable HTTP.
// Usage: node ts-client.mjs --transport stdio --jar sample-app.jar [--java-opts "..."] [--label stdio]
//        node ts-client.mjs --transport http --url http://127.0.0.1:P/mcp --paged-url http://127.0.0.1:Q/mcp
//          [--label http-nginx] [--expect-spread true]
import assert from 'node:assert/strict';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Runner, SDK_FLOWS, SERVER_NAME, options, paginate, recordingFetch, sdkFlows, stdioCommand, upstreams } from './common.mjs';

const MODERN = '2026-07-28';
const opts = options();
const spread = opts['expect-spread'] === 'true';
const runner = new Runner('ts-client', opts.label || opts.transport, spread ? [...SDK_FLOWS, 'load-balanced'] : SDK_FLOWS);
const run = runner.run.bind(runner);
const seen = [];
const timeout = 60_000;

function transport(paged) {
  if (opts.transport === 'stdio') {
    const { command, args } = stdioCommand(opts, paged ? ['--beammcp.page-size=1'] : []);
    return new StdioClientTransport({ command, args, stderr: 'ignore' });
  }
  const url = new URL(paged ? opts['paged-url'] : opts.url);
  return new StreamableHTTPClientTransport(url, { fetch: recordingFetch(seen) });
}

async function connect(paged) {
  const client = new Client({ name: 'beammcp-interop', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: MODERN } } });
  await client.connect(transport(paged), { timeout });
  return client;
}

/** One raw page: client.request skips the SDK's page aggregation. */
function pager(client) {
  const key = { 'tools/list': 'tools', 'resources/list': 'resources', 'resources/templates/list': 'resourceTemplates',
    'prompts/list': 'prompts' };
  return async (method, cursor) => {
    const result = await client.request({ method, params: cursor === undefined ? {} : { cursor } }, { timeout });
    return { items: result[key[method]], nextCursor: result.nextCursor };
  };
}

let client;
const connected = await run('connect', async () => {
  client = await connect(false);
  assert.equal(client.getNegotiatedProtocolVersion(), MODERN);
  assert.equal(client.getServerVersion()?.name, SERVER_NAME);
  assert.ok(client.getServerCapabilities()?.tools, 'tools capability');
  assert.ok(client.getServerCapabilities()?.completions, 'completions capability');
});
if (!connected) runner.finish('connect failed');

await sdkFlows(run, { client, page: pager(client) });
await client.close();

if (spread) {
  await run('load-balanced', async () => {
    // no affinity: one stateless client's requests were answered by every instance behind the balancer
    assert.ok(upstreams(seen).length >= 2, `answered by more than one instance: ${upstreams(seen)}`);
    assert.ok(upstreams(seen, 'tools/call').length >= 2, `tools/call answered by: ${upstreams(seen, 'tools/call')}`);
  });
}

await run('paginate', async () => {
  const paged = await connect(true);
  try {
    assert.equal(paged.getNegotiatedProtocolVersion(), MODERN);
    await paginate(pager(paged), spread ? seen : undefined);
  } finally {
    await paged.close();
  }
});

if (spread) {
  console.log(`INFO ts-client ${runner.transport} instances that answered: ${upstreams(seen).join(' ')} (${seen.length} answers)`);
}
runner.finish();
