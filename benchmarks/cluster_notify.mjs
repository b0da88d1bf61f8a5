// Notifications across the instances of a cluster, measured from outside: two clustered conformance fixture
// instances A and B (benchmarks/cluster.sh starts them).
//  delay    one subscriptions/listen stream on A and one on B; ROUNDS resource updates raised on A one after the
//           other (the fixture's interop_update_watched): the time from the raising call's start to the
//           notification's arrival on A's stream (one instance) and on B's (across instances), p50 and p99
//  fan-out  LISTENERS listen streams on B; CALLERS clients raise updates on A for SECONDS: the notifications B
//           delivers per second (each update is one notification to each of its listeners), and the updates raised
// Usage: node cluster_notify.mjs A_URL B_URL [ROUNDS=300] [LISTENERS=50] [CALLERS=4] [SECONDS=10]
const [A, B] = process.argv.slice(2, 4);
const ROUNDS = +(process.argv[4] ?? 300);
const LISTENERS = +(process.argv[5] ?? 50);
const CALLERS = +(process.argv[6] ?? 4);
const SECONDS = +(process.argv[7] ?? 10);
const WATCHED = 'test://watched-resource';
const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'beammcp-bench', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {} };
let nextId = 1;

function post(url, method, params, signal) {
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2026-07-28', 'mcp-method': method };
  if (method === 'tools/call') headers['mcp-name'] = params.name;
  return fetch(url, { method: 'POST', headers, signal,
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params: { ...params, _meta: META } }) });
}

const raise = async (url) => (await post(url, 'tools/call', { name: 'interop_update_watched', arguments: {} })).text();

/** A listen stream that calls `onUpdate` at each resource update; resolves once acknowledged. */
async function listen(url, onUpdate, abort) {
  const response = await post(url, 'subscriptions/listen', { notifications: { resourceSubscriptions: [WATCHED] } },
    abort.signal);
  const decoder = new TextDecoder();
  let buffered = '';
  let acknowledged;
  const ack = new Promise((ok) => { acknowledged = ok; });
  (async () => {
    for await (const chunk of response.body) {
      buffered += decoder.decode(chunk, { stream: true });
      let end;
      while ((end = buffered.indexOf('\n\n')) >= 0) {
        const event = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (event.includes('subscriptions/acknowledged')) acknowledged();
        else if (event.includes('resources/updated')) onUpdate();
      }
    }
  })().catch(() => {});
  await ack;
}

const quantile = (values, q) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const ms = (value) => value.toFixed(2);

// delay
{
  const abort = new AbortController();
  let waiting = null;
  const arrivals = { A: [], B: [] };
  const arrived = (where) => () => waiting?.[where]?.();
  await listen(A, arrived('A'), abort);
  await listen(B, arrived('B'), abort);
  for (let i = 0; i < 20; i++) await raise(A); // warm-up
  await new Promise((ok) => setTimeout(ok, 500));
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    const seen = Promise.all(['A', 'B'].map((where) => new Promise((ok) => {
      waiting = { ...waiting, [where]: () => { arrivals[where].push(performance.now() - started); ok(); } };
    })));
    await raise(A);
    await Promise.race([seen, new Promise((ok) => setTimeout(ok, 5000))]);
    waiting = null;
  }
  abort.abort();
  for (const [where, label] of [['A', 'one instance (raised and heard on A)'], ['B', 'across instances (raised on A, heard on B)']]) {
    const values = arrivals[where];
    console.log(`delay ${label}: p50 ${ms(quantile(values, 0.5))} ms, p99 ${ms(quantile(values, 0.99))} ms `
      + `(${values.length} of ${ROUNDS} updates, from the raising call's start)`);
  }
}

// fan-out
{
  const abort = new AbortController();
  let delivered = 0;
  for (let i = 0; i < LISTENERS; i++) await listen(B, () => { delivered++; }, abort);
  let raised = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const startCount = delivered;
  const started = performance.now();
  await Promise.all(Array.from({ length: CALLERS }, async () => {
    while (performance.now() < deadline) {
      await raise(A);
      raised++;
    }
  }));
  await new Promise((ok) => setTimeout(ok, 1000)); // what is still on its way
  const seconds = (performance.now() - started - 1000) / 1000;
  abort.abort();
  console.log(`fan-out: ${LISTENERS} listeners on B, ${CALLERS} callers raising on A for ${SECONDS} s: `
    + `${Math.round(raised / seconds)} updates/s raised, ${Math.round((delivered - startCount) / seconds)} notifications/s `
    + `delivered by B (${delivered - startCount} of ${raised * LISTENERS} expected)`);
}
