// mcp-remote in front of the sample's HTTP endpoint, driven over its stdio side by the TypeScript SDK 1.x client,
// as a desktop client that speaks only stdio runs it. A recording proxy between mcp-remote and the sample sees
// every HTTP request it makes: the OAuth discovery it tries before connecting, and the revision it speaks.
//  (default)        mcp-remote as configured by default (`--protocol legacy`: the client's initialize passed on)
//  --protocol auto  mcp-remote probes with server/discover and bridges to 2026-07-28 (label http-auto)
// Usage: node mcp-remote.mjs --url http://127.0.0.1:P/mcp [--protocol auto] [--label http-auto]
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Runner, SDK_FLOWS, SERVER_NAME, options, sdk1Pager, sdkFlows, watchInitialize } from './common.mjs';

const opts = options();
const auto = opts.protocol === 'auto';
const label = opts.label || (auto ? 'http-auto' : 'http');
const runner = new Runner('mcp-remote', label, ['connect', 'oauth-probes', 'openid-probes',
  ...SDK_FLOWS.filter((f) => f !== 'connect' && f !== 'paginate')]);
const run = runner.run.bind(runner);
const proxyJs = fileURLToPath(new URL('../node_modules/mcp-remote/dist/proxy.js', import.meta.url));
// mcp-remote keeps tokens and client registrations under its config directory: a throw-away one
const configDir = mkdtempSync(join(tmpdir(), 'mcp-remote-'));
process.on('exit', () => rmSync(configDir, { recursive: true, force: true }));

/** Forwards every request to the sample, recording method, path, status, body size and the headers that matter. */
function recordingProxy(target, seen) {
  return http.createServer((request, response) => {
    const record = { method: request.method, path: request.url, auth: 'authorization' in request.headers,
      version: request.headers['mcp-protocol-version'], bytes: 0 };
    const body = [];
    request.on('data', (chunk) => body.push(chunk));
    const upstream = http.request({ host: target.hostname, port: target.port, path: request.url, method: request.method,
      headers: request.headers }, (answer) => {
      record.status = answer.statusCode;
      try {
        const message = JSON.parse(Buffer.concat(body).toString());
        record.rpc = message.method;
        record.asked = message.params?.protocolVersion;
      } catch { /* not JSON-RPC: a GET */ }
      seen.push(record);
      response.writeHead(answer.statusCode, answer.headers);
      answer.on('data', (chunk) => { record.bytes += chunk.length; response.write(chunk); });
      answer.on('end', () => response.end());
    });
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
}

const seen = [];
const proxy = recordingProxy(new URL(opts.url), seen);
await new Promise((ok) => proxy.listen(0, '127.0.0.1', ok));
const url = new URL(opts.url);
url.port = String(proxy.address().port);
const transport = new StdioClientTransport({
  command: process.execPath,
  args: [proxyJs, url.href, ...(auto ? ['--protocol', 'auto'] : [])],
  env: { ...process.env, MCP_REMOTE_CONFIG_DIR: configDir },
  stderr: 'ignore',
});
const client = new Client({ name: 'beammcp-interop', version: '1.0.0' });
const local = watchInitialize(transport);

const connected = await run('connect', async () => {
  await client.connect(transport, { timeout: 60_000 });
  assert.equal(client.getServerVersion()?.name, SERVER_NAME);
  assert.equal(local.value, '2025-11-25', 'mcp-remote answered the local initialize with the revision asked');
  const posts = seen.filter((r) => r.method === 'POST').map((r) => [r.rpc, r.asked, r.status].filter(Boolean).join(' '));
  // by default the client's initialize goes through; with --protocol auto server/discover, and no initialize
  const handshakes = posts.filter((p) => /^(server\/discover|initialize)/.test(p));
  const expected = auto ? 'server/discover 200' : 'initialize 2025-11-25 200';
  assert.ok(handshakes.length > 0 && handshakes.every((p) => p === expected), posts.join(', '));
});
if (!connected) runner.finish('connect failed');

await run('oauth-probes', async () => {
  // mcp-remote looks for OAuth metadata before it connects; a server without OAuth answers each probe with an
  // empty 404, and mcp-remote goes on without a token (no browser, no callback)
  const probes = seen.filter((r) => r.path.includes('/.well-known/oauth-'));
  assert.ok(probes.length > 0, 'mcp-remote probed for OAuth metadata');
  for (const p of probes) assert.ok(p.status === 404 && p.bytes === 0, `${p.path}: ${p.status}, ${p.bytes} bytes`);
  assert.deepEqual(seen.filter((r) => r.auth), [], 'no request carried a token');
});

await run('openid-probes', async () => {
  const probes = seen.filter((r) => r.path.includes('/openid-configuration'));
  assert.ok(probes.length > 0, 'mcp-remote probed for OpenID Connect metadata');
  for (const p of probes) assert.ok(p.status === 404 && p.bytes === 0, `${p.path}: ${p.status}, ${p.bytes} bytes`);
});

await sdkFlows(run, { client, page: sdk1Pager(client, { timeout: 60_000 }) });

const versions = [...new Set(seen.filter((r) => r.rpc && !r.rpc.startsWith('notifications/')).map((r) => r.version ?? 'none'))];
console.log(`INFO mcp-remote ${label} MCP-Protocol-Version sent upstream: ${versions.join(' ')}`);
await client.close();
proxy.close();
runner.finish();
