// The legacy official TypeScript SDK, @modelcontextprotocol/sdk 1.x, against the sample's oauth profile: with
// only a pre-registered client's id and secret (the SDK's ClientCredentialsProvider), it must meet the 401,
// discover the authorization server through the protected-resource metadata, get a token there and call a tool.
// Usage: node ts-oauth.mjs --url http://127.0.0.1:P/mcp --issuer http://127.0.0.1:Q
//          --client-id interop-client --client-secret interop-secret
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ClientCredentialsProvider } from '@modelcontextprotocol/sdk/client/auth-extensions.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Runner, SERVER_NAME, TOOL_NAMES, options, texts } from './common.mjs';

const opts = options();
const runner = new Runner('ts-sdk', opts.label || 'http', ['oauth']);
const timeout = 60_000;

/** Every request the SDK makes, endpoint and authorization server alike, with the status it got. */
const seen = [];
async function recording(url, init) {
  const response = await fetch(url, init);
  const auth = new Headers(init?.headers).get('authorization') ?? '';
  seen.push({ method: init?.method ?? 'GET', url: String(url), status: response.status, bearer: auth.startsWith('Bearer ') });
  return response;
}

const passed = await runner.run('oauth', async () => {
  const endpoint = new URL(opts.url);
  const provider = new ClientCredentialsProvider({ clientId: opts['client-id'], clientSecret: opts['client-secret'],
    expectedIssuer: opts.issuer });
  const transport = new StreamableHTTPClientTransport(endpoint, { authProvider: provider, fetch: recording });
  const client = new Client({ name: 'beammcp-interop-oauth', version: '1.0.0' });
  try {
    await client.connect(transport, { timeout }).catch((e) => {
      const path = seen.map((s) => `${s.method} ${s.url} ${s.status}`).join(', ');
      throw new Error(`connect: ${e?.name}: ${e?.message || e?.errorCode || e}; requests: ${path}`);
    });
    assert.equal(client.getServerVersion()?.name, SERVER_NAME);
    const tools = (await client.listTools(undefined, { timeout })).tools.map((t) => t.name).sort();
    assert.deepEqual(tools, TOOL_NAMES);
    const result = await client.callTool({ name: 'get_weather', arguments: { place: 'Lisbon' } }, undefined, { timeout });
    assert.match(texts(result.content), /^Lisbon: .+ °C, wind \d+ km\/h$/);
  } finally {
    await client.close().catch(() => {});
  }

  // the path the SDK took: refused without a token, the two metadata documents, the token, then admitted
  const first = seen[0];
  assert.ok(first.url === endpoint.href && first.status === 401 && !first.bearer, `first request: ${JSON.stringify(first)}`);
  const prm = `${endpoint.origin}/.well-known/oauth-protected-resource${endpoint.pathname}`;
  assert.ok(seen.some((s) => s.url === prm && s.status === 200), `no protected-resource metadata from ${prm}`);
  const issuer = new URL(opts.issuer);
  assert.ok(seen.some((s) => s.url.startsWith(`${issuer.origin}/.well-known/oauth-authorization-server`) && s.status === 200),
    'no authorization-server metadata');
  assert.ok(seen.some((s) => s.url === `${issuer.origin}/oauth2/token` && s.method === 'POST' && s.status === 200),
    'no token from the token endpoint');
  // (the GET stream the SDK tries is 405 on this server, with or without a token)
  const admitted = seen.filter((s) => s.url === endpoint.href && s.bearer && s.method === 'POST');
  assert.ok(admitted.length >= 3 && admitted.every((s) => s.status < 300), `calls with the token: ${JSON.stringify(admitted)}`);
  assert.ok(provider.tokens()?.access_token, 'the provider holds no token');
});
clearTimeout(runner.timer);
process.exit(passed ? 0 : 1);
