// Tasks across instances: two conformance fixture instances sharing the JDBC task store (PostgreSQL), each
// addressed directly so the test chooses which instance serves which request. Raw fetch on the 2026-07-28
// stateless wire, declaring the Tasks extension on every request.
//  cross-instance-input    confirm_delete started on E parks in input_required; F sees it, delivers the
//                          answer (tasks/update), sees it completed; E sees the same end
//  cross-instance-cancel   slow_compute (60 s) started on E is cancelled through F and ends cancelled for both
//  cross-instance-listen   a subscriptions/listen stream opened on F for a task running on E (confirm_delete,
//                          answered through E) receives notifications/tasks up to the task's completion
//  instance-crash          slow_compute started on E, then E is killed (SIGKILL): once E's lease has run out,
//                          F answers the task failed (-32603) rather than working forever
// Usage: node tasks-checks.mjs --e-url http://127.0.0.1:P/mcp --f-url http://127.0.0.1:Q/mcp
//          [--flows a,b] [--e-pid PID (instance-crash kills it)]
import assert from 'node:assert/strict';
import { Runner, events, next, options } from './common.mjs';

const opts = options();
const all = ['cross-instance-input', 'cross-instance-cancel', 'cross-instance-listen', 'instance-crash'];
const flows = opts.flows ? opts.flows.split(',') : all.filter((f) => f !== 'instance-crash');
const runner = new Runner('tasks', 'http-shared-store', flows);
const E = opts['e-url'];
const F = opts['f-url'];
const CAPABILITIES = { elicitation: {}, extensions: { 'io.modelcontextprotocol/tasks': {} } };
let nextId = 1;

/** A 2026-07-28 POST of one request, with the headers and the `_meta` the wire asks for. */
function post(url, id, method, params, name, signal) {
  const headers = {
    'content-type': 'application/json', accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2026-07-28', 'mcp-method': method,
  };
  if (name) headers['mcp-name'] = name;
  const body = { jsonrpc: '2.0', id, method, params: { ...params, _meta: {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientInfo': { name: 'beammcp-interop', version: '1.0.0' },
    'io.modelcontextprotocol/clientCapabilities': CAPABILITIES } } };
  return fetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal });
}

/** One JSON-RPC request to one instance; answers the response object (from a JSON or an SSE answer). */
async function rpc(url, method, params, name) {
  const id = nextId++;
  const response = await post(url, id, method, params, name);
  const text = await response.text();
  const messages = (response.headers.get('content-type') ?? '').startsWith('text/event-stream')
    ? text.split('\n').filter((l) => l.startsWith('data:')).map((l) => JSON.parse(l.slice(5)))
    : [JSON.parse(text)];
  const answer = messages.find((m) => m.id === id);
  assert.ok(answer, `${method} on ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return answer;
}

async function result(url, method, params, name) {
  const answer = await rpc(url, method, params, name);
  assert.ok(!answer.error, `${method}: ${JSON.stringify(answer.error)}`);
  return answer.result;
}

async function startTask(url, tool, args) {
  const created = await result(url, 'tools/call', { name: tool, arguments: args }, tool);
  assert.equal(created.resultType, 'task', JSON.stringify(created));
  assert.match(created.taskId, /^[A-Za-z0-9_-]{20,}$/);
  return created.taskId;
}

const get = (url, taskId) => result(url, 'tasks/get', { taskId }, taskId);

/** Polls tasks/get on one instance until the task has that status; answers the last poll. */
async function until(url, taskId, status, limitMs = 10_000) {
  const deadline = Date.now() + limitMs;
  let task = await get(url, taskId);
  while (task.status !== status && Date.now() < deadline) {
    await new Promise((ok) => setTimeout(ok, 100));
    task = await get(url, taskId);
  }
  assert.equal(task.status, status, `status after ${limitMs} ms: ${JSON.stringify(task)}`);
  return task;
}

function assertEmptyAck(ack) {
  assert.equal(ack.resultType, 'complete');
  assert.deepEqual(Object.keys(ack).filter((k) => k !== '_meta'), ['resultType']);
}

/** The task as tasks/get shows it, without what differs per answer. */
const snapshot = ({ _meta, ...task }) => task;

if (flows.includes('cross-instance-input')) await runner.run('cross-instance-input', async () => {
  const taskId = await startTask(E, 'confirm_delete', { filename: 'report.txt' });
  const asking = await until(F, taskId, 'input_required');
  const keys = Object.keys(asking.inputRequests);
  assert.equal(keys.length, 1, JSON.stringify(asking.inputRequests));
  assert.equal(asking.inputRequests[keys[0]].method, 'elicitation/create');
  assertEmptyAck(await result(F, 'tasks/update', { taskId,
    inputResponses: { [keys[0]]: { action: 'accept', content: { confirm: true } } } }, taskId));
  const done = await until(F, taskId, 'completed');
  assert.equal(done.result.content[0].text, 'Deleted report.txt');
  assert.deepEqual(snapshot(await get(E, taskId)), snapshot(done));
});

if (flows.includes('cross-instance-cancel')) await runner.run('cross-instance-cancel', async () => {
  const taskId = await startTask(E, 'slow_compute', { seconds: 60, label: 'cross-instance-cancel' });
  assert.equal((await get(F, taskId)).status, 'working');
  assertEmptyAck(await result(F, 'tasks/cancel', { taskId }, taskId));
  const cancelled = await until(F, taskId, 'cancelled');
  assert.deepEqual(snapshot(await get(E, taskId)), snapshot(cancelled));
});

if (flows.includes('cross-instance-listen')) await runner.run('cross-instance-listen', async () => {
  const taskId = await startTask(E, 'confirm_delete', { filename: 'listened.txt' });
  const asking = await until(E, taskId, 'input_required');
  const abort = new AbortController();
  const response = await post(F, nextId++, 'subscriptions/listen', { notifications: { taskIds: [taskId] } }, null,
    abort.signal);
  assert.match(response.headers.get('content-type') ?? '', /^text\/event-stream/, `listen answered ${response.status}`);
  const frames = events(response.body);
  try {
    const ack = await next(frames, (m) => m.method === 'notifications/subscriptions/acknowledged');
    assert.deepEqual(ack.params.notifications?.taskIds, [taskId], JSON.stringify(ack));
    // the answer goes to E: F learns of the change only through the shared store
    const key = Object.keys(asking.inputRequests)[0];
    assertEmptyAck(await result(E, 'tasks/update', { taskId,
      inputResponses: { [key]: { action: 'accept', content: { confirm: true } } } }, taskId));
    const told = await next(frames, (m) => m.method === 'notifications/tasks' && m.params.status === 'completed');
    assert.equal(told.params.taskId, taskId);
    assert.equal(told.params.result.content[0].text, 'Deleted listened.txt');
    assert.ok(!('resultType' in told.params), JSON.stringify(told));
    assert.ok(told.params._meta?.['io.modelcontextprotocol/subscriptionId'] !== undefined, JSON.stringify(told));
  } finally {
    abort.abort();
  }
});

if (flows.includes('instance-crash')) await runner.run('instance-crash', async () => {
  const taskId = await startTask(E, 'slow_compute', { seconds: 60, label: 'instance-crash' });
  assert.equal((await get(F, taskId)).status, 'working');
  process.kill(Number(opts['e-pid']), 'SIGKILL');
  const failed = await until(F, taskId, 'failed', 30_000);
  assert.equal(failed.error.code, -32603, JSON.stringify(failed));
  assert.ok(!('result' in failed));
});

runner.finish();
