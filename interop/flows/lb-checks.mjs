// Checks of the load-balanced deployment itself, beyond the client flows.
//  input-required-multi-round  a multi-round input-required (MRTR) tools/call of the conformance fixture,
//                              through plain round-robin nginx: the client (the official 2.x SDK, which
//                              answers the rounds itself) completes it, and its rounds are answered by
//                              different instances, so the requestState of one instance is honoured by
//                              another (every instance must share the state key).
//  legacy-rr-no-affinity       a 2025-11-25 session through plain round-robin in front of clustered
//                              instances (beammcp.cluster.enabled): every request of the session is
//                              served, by several instances.
// Usage: node lb-checks.mjs --fixture-url http://127.0.0.1:P/mcp --sample-url http://127.0.0.1:Q/mcp
import assert from 'node:assert/strict';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Runner, options, recordingFetch, texts, upstreams } from './common.mjs';

const opts = options();
const runner = new Runner('lb', 'http-nginx', ['input-required-multi-round', 'legacy-rr-no-affinity']);

/** An answer to any form elicitation: a plausible value for every requested property. */
function fill(schema) {
  const content = {};
  for (const [name, p] of Object.entries(schema?.properties ?? {})) {
    if (p.enum) content[name] = p.enum[0];
    else if (p.oneOf) content[name] = p.oneOf[0].const;
    else if (p.type === 'boolean') content[name] = true;
    else if (p.type === 'integer' || p.type === 'number') content[name] = p.minimum ?? 1;
    else if (p.type === 'array') content[name] = [];
    else content[name] = p.default ?? 'interop';
  }
  return content;
}

await runner.run('input-required-multi-round', async () => {
  const seen = [];
  const rounds = [];
  const client = new Client({ name: 'beammcp-interop', version: '1.0.0' }, {
    capabilities: { elicitation: { form: {} } },
    versionNegotiation: { mode: { pin: '2026-07-28' } },
  });
  client.setRequestHandler('elicitation/create', async (request) => {
    rounds.push(request.params?.message);
    return { action: 'accept', content: fill(request.params?.requestedSchema) };
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(opts['fixture-url']), { fetch: recordingFetch(seen) }),
    { timeout: 30_000 });
  try {
    const result = await client.callTool({ name: 'test_input_required_result_multi_round', arguments: {} },
      { timeout: 30_000 });
    assert.notEqual(result.isError, true, JSON.stringify(result));
    assert.ok(rounds.length >= 2, `at least two input rounds, got ${rounds.length}`);
    assert.ok(texts(result.content).length > 0, 'a final text');
    const served = upstreams(seen, 'tools/call');
    assert.ok(served.length >= 2, `the rounds were answered by different instances: ${served}`);
  } finally {
    await client.close();
  }
});

await runner.run('legacy-rr-no-affinity', async () => {
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const post = (body, extra = {}) => fetch(opts['sample-url'], {
    method: 'POST', headers: { ...headers, ...extra }, body: JSON.stringify(body),
  });
  const init = await post({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {
    protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'beammcp-interop', version: '1.0.0' } } });
  assert.equal(init.status, 200);
  const session = { 'mcp-session-id': init.headers.get('mcp-session-id'), 'mcp-protocol-version': '2025-11-25' };
  assert.ok(session['mcp-session-id'], 'initialize minted a session');
  const answers = [await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, session)];
  for (let id = 2; id <= 6; id++) answers.push(await post({ jsonrpc: '2.0', id, method: 'tools/list' }, session));
  const statuses = answers.map((a) => a.status);
  assert.deepEqual(statuses, [202, 200, 200, 200, 200, 200], `every request of the session served: ${statuses}`);
  const served = new Set(answers.map((a) => a.headers.get('x-upstream')));
  assert.ok(served.size >= 2, `served by several instances: ${[...served]}`);
});

runner.finish();
