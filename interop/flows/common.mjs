// The flows every SDK client runs against the sample weather server, and how their results are printed.
// Each flow prints one line: `PASS <client> <transport> <flow>` or `FAIL <client> <transport> <flow>: <why>`.
// run.sh reads those lines; a flow that never reports (crash, hang) is printed as FAIL by the runner.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
export const TOOL_NAMES = ['forecast', 'get_weather', 'plan_trip'];
// the sample's resources, sorted: its own three (the forecast's view one of them) and its skill's files
export const SAMPLE_RESOURCES = ['skill://trip-planning/SKILL.md', 'skill://trip-planning/examples/lisbon-by-train.md',
  'ui://weather/forecast', 'weather://maps/europe.png', 'weather://stations'];
export const SERVER_NAME = 'weather';
/** The text of the refusal of `forecast {place: Oslo, days: 0}`: what a model must be shown. */
export const FORECAST_REFUSAL = "Invalid arguments for tool 'forecast':\n- $.days: must have a minimum value of 1 (minimum)";
/** `forecast`'s `days` parameter as the server lists it: the range and default also in the description. */
export const FORECAST_DAYS_SCHEMA = {
  type: 'integer', minimum: 1, maximum: 7, description: 'How many days. From 1 to 7; default 3.', default: 3,
};

/** Command-line options: --name value pairs. */
export function options(argv = process.argv.slice(2)) {
  const out = {};
  for (let i = 0; i < argv.length; i += 2) {
    if (!argv[i].startsWith('--')) throw new Error(`unexpected argument ${argv[i]}`);
    out[argv[i].slice(2)] = argv[i + 1];
  }
  return out;
}

/** The version of an installed npm package, for the report. */
export function packageVersion(name) {
  const file = new URL(`../node_modules/${name}/package.json`, import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')).version;
}

/** The java command line that serves the sample over stdio. */
export function stdioCommand(opts, extraArgs = []) {
  const jvm = (opts['java-opts'] || '').split(' ').filter(Boolean);
  return { command: opts.java || 'java', args: [...jvm, '-jar', opts.jar, '--beammcp.transport=stdio', ...extraArgs] };
}

/**
 * A fetch that records which instance answered (nginx adds `X-Upstream: $upstream_addr`), so flows through
 * the load balancer can prove their requests were spread over several instances.
 */
export function recordingFetch(seen) {
  return async (url, init) => {
    const response = await fetch(url, init);
    const upstream = response.headers.get('x-upstream');
    if (upstream) seen.push({ upstream, method: methodOf(init) });
    return response;
  };
}

/** The JSON-RPC method of a request body, or the HTTP method for anything else (GET, DELETE). */
function methodOf(init) {
  try {
    return JSON.parse(init.body).method ?? 'response';
  } catch {
    return init?.method ?? 'GET';
  }
}

/** The distinct instances that answered, optionally only for one JSON-RPC method. */
export function upstreams(seen, method) {
  return [...new Set(seen.filter((s) => !method || s.method === method).map((s) => s.upstream))].sort();
}

export class Runner {
  constructor(client, transport, flows, timeoutMs = 150_000) {
    this.client = client;
    this.transport = transport;
    this.pending = new Set(flows);
    this.failed = 0;
    this.timer = setTimeout(() => this.finish(`timed out after ${timeoutMs / 1000}s`), timeoutMs);
  }

  report(flow, error) {
    if (!this.pending.delete(flow)) throw new Error(`flow ${flow} reported twice or not declared`);
    if (error) {
      this.failed++;
      const why = String(error?.message ?? error).replace(/\s+/g, ' ').slice(0, 600);
      console.log(`FAIL ${this.client} ${this.transport} ${flow}: ${why}`);
    } else {
      console.log(`PASS ${this.client} ${this.transport} ${flow}`);
    }
  }

  /** Runs one flow; its failure is reported and does not stop the others. Returns whether it passed. */
  async run(flow, body) {
    try {
      await body();
      this.report(flow);
      return true;
    } catch (error) {
      this.report(flow, error);
      return false;
    }
  }

  /** Marks every flow not yet reported as failed (e.g. after the connection could not be made). */
  skipRest(reason) {
    for (const flow of [...this.pending]) this.report(flow, `not run: ${reason}`);
  }

  finish(reason) {
    clearTimeout(this.timer);
    if (this.pending.size) this.skipRest(reason || 'flow never reported');
    process.exit(0);
  }
}

/**
 * Watches what an SDK 1.x transport hands its client, to see the protocolVersion the server answered initialize
 * with: `watchInitialize(transport).value` once connected.
 */
export function watchInitialize(t) {
  const seenVersion = {};
  let handler;
  Object.defineProperty(t, 'onmessage', {
    configurable: true,
    get: () => handler,
    set: (h) => {
      handler = h && ((message, extra) => {
        if (message?.result?.protocolVersion && message.result.serverInfo) seenVersion.value = message.result.protocolVersion;
        return h(message, extra);
      });
    },
  });
  return seenVersion;
}

/** One raw page of a list method through a TypeScript SDK 1.x client: the `page` of sdkFlows and paginate. */
export function sdk1Pager(client, requestOptions) {
  const call = { 'tools/list': ['listTools', 'tools'], 'resources/list': ['listResources', 'resources'],
    'resources/templates/list': ['listResourceTemplates', 'resourceTemplates'], 'prompts/list': ['listPrompts', 'prompts'] };
  return async (method, cursor) => {
    const [fn, key] = call[method];
    const result = await client[fn](cursor === undefined ? undefined : { cursor }, requestOptions);
    return { items: result[key], nextCursor: result.nextCursor };
  };
}

/** Text of every text block of a tool result or prompt message list, joined. */
export function texts(blocks) {
  return blocks.filter((b) => b.type === 'text').map((b) => b.text).join('\n');
}

/**
 * The flows shared by both TypeScript SDKs. `api` adapts one SDK:
 *   client          the connected SDK client (listTools, callTool, readResource, ... are called on it)
 *   page(method, cursor) one raw page of a list method, `{ items, nextCursor }`
 */
export const SDK_FLOWS = [
  'connect', 'tools-list', 'call-get-weather', 'call-forecast-structured', 'validation-error',
  'validation-error-output-schema', 'resources-list',
  'read-text', 'read-binary', 'read-template', 'prompts-list', 'prompt-get', 'complete', 'paginate',
];

export async function listAll(page, method) {
  const items = [];
  let cursor;
  for (let i = 0; i < 50; i++) {
    const p = await page(method, cursor);
    items.push(...p.items);
    if (p.nextCursor === undefined) return items;
    cursor = p.nextCursor;
  }
  throw new Error(`${method}: more than 50 pages`);
}

export async function sdkFlows(run, api) {
  const { client, page } = api;

  await run('tools-list', async () => {
    const tools = await listAll(page, 'tools/list');
    assert.deepEqual(tools.map((t) => t.name).sort(), TOOL_NAMES);
    const weather = tools.find((t) => t.name === 'get_weather');
    assert.equal(weather.inputSchema.type, 'object');
    assert.deepEqual(weather.inputSchema.required, ['place']);
    const trip = tools.find((t) => t.name === 'plan_trip');
    assert.deepEqual(trip.inputSchema.properties.transport.enum, ['train', 'car', 'plane']);
    assert.equal(trip.inputSchema.properties.destination.type, 'object');
    assert.ok(tools.find((t) => t.name === 'forecast').outputSchema, 'forecast declares an outputSchema');
  });

  await run('call-get-weather', async () => {
    const result = await client.callTool({ name: 'get_weather', arguments: { place: 'Lisbon' } });
    assert.notEqual(result.isError, true, `isError: ${JSON.stringify(result)}`);
    const text = texts(result.content);
    assert.match(text, /^Lisbon: .+ °C, wind \d+ km\/h$/, `text: ${text}`);
  });

  await run('call-forecast-structured', async () => {
    const result = await client.callTool({ name: 'forecast', arguments: { place: 'Oslo', days: 2 } });
    assert.notEqual(result.isError, true, JSON.stringify(result));
    assert.equal(result.structuredContent.place, 'Oslo');
    assert.deepEqual(result.structuredContent.days.map((d) => d.day), [1, 2]);
    for (const d of result.structuredContent.days) assert.ok(d.lowC < d.highC, JSON.stringify(d));
  });

  await run('validation-error', async () => {
    const result = await client.callTool({
      name: 'plan_trip', arguments: { destination: { city: '' }, transport: 'boat' },
    });
    assert.equal(result.isError, true, `expected isError:true, got ${JSON.stringify(result)}`);
    const text = texts(result.content);
    assert.ok(text.includes('$.destination.city'), `text names the nested path: ${text}`);
    assert.ok(text.includes('$.transport'), `text names the enum path: ${text}`);
  });

  await run('validation-error-output-schema', async () => {
    // forecast declares an outputSchema: a client that checks structuredContent against it, error or not (the
    // 1.x SDK, once it has listed the tools), must still get the refusal and its text
    await client.listTools();
    const result = await client.callTool({ name: 'forecast', arguments: { place: 'Oslo', days: 0 } });
    assert.equal(result.isError, true, `expected isError:true, got ${JSON.stringify(result)}`);
    assert.equal(result.structuredContent, undefined, JSON.stringify(result));
    const text = texts(result.content);
    assert.ok(text.startsWith("Invalid arguments for tool 'forecast':\n- $.days: ") && text.endsWith('(minimum)'), text);
    assert.equal(result._meta?.['io.beammcp/violations']?.[0]?.path, '$.days', JSON.stringify(result));
  });

  await run('resources-list', async () => {
    const resources = await listAll(page, 'resources/list');
    const byUri = Object.fromEntries(resources.map((r) => [r.uri, r]));
    assert.deepEqual(Object.keys(byUri).sort(), SAMPLE_RESOURCES);
    assert.equal(byUri['weather://stations'].mimeType, 'text/plain');
    assert.equal(byUri['weather://maps/europe.png'].mimeType, 'image/png');
    assert.equal(byUri['ui://weather/forecast'].mimeType, 'text/html;profile=mcp-app');
    const templates = await listAll(page, 'resources/templates/list');
    assert.deepEqual(templates.map((t) => t.uriTemplate), ['weather://place/{name}']);
  });

  await run('read-text', async () => {
    const { contents } = await client.readResource({ uri: 'weather://stations' });
    assert.equal(contents.length, 1);
    assert.equal(contents[0].mimeType, 'text/plain');
    const lines = contents[0].text.split('\n');
    assert.ok(lines.includes('Oslo') && lines.includes('Lisbon') && lines.length === 12, contents[0].text);
  });

  await run('read-binary', async () => {
    const { contents } = await client.readResource({ uri: 'weather://maps/europe.png' });
    assert.equal(contents.length, 1);
    assert.equal(contents[0].mimeType, 'image/png');
    assert.equal(typeof contents[0].blob, 'string', 'binary contents come as a base64 blob');
    const bytes = Buffer.from(contents[0].blob, 'base64');
    assert.ok(bytes.subarray(0, 8).equals(PNG_SIGNATURE), `PNG signature, got ${bytes.subarray(0, 8).toString('hex')}`);
    assert.equal(bytes.subarray(12, 16).toString('latin1'), 'IHDR');
  });

  await run('read-template', async () => {
    const { contents } = await client.readResource({ uri: 'weather://place/Bergen' });
    assert.equal(contents[0].mimeType, 'application/json');
    const json = JSON.parse(contents[0].text);
    assert.equal(json.place, 'Bergen');
    assert.match(json.now, /^Bergen: /);
  });

  await run('prompts-list', async () => {
    const prompts = await listAll(page, 'prompts/list');
    assert.deepEqual(prompts.map((p) => p.name), ['packing_list']);
    assert.deepEqual(prompts[0].arguments.map((a) => [a.name, a.required]), [['destination', true]]);
  });

  await run('prompt-get', async () => {
    const result = await client.getPrompt({ name: 'packing_list', arguments: { destination: 'Vienna' } });
    assert.ok(result.messages.length >= 1);
    assert.equal(result.messages[0].role, 'user');
    const text = texts(result.messages.map((m) => m.content));
    assert.ok(text.includes('I am travelling to Vienna.'), text);
    assert.ok(text.includes('Vienna: '), `weather of the destination in: ${text}`);
  });

  await run('complete', async () => {
    const result = await client.complete({
      ref: { type: 'ref/prompt', name: 'packing_list' }, argument: { name: 'destination', value: 'Be' },
    });
    const values = result.completion.values;
    assert.deepEqual([...values].sort(), ['Bergen', 'Berlin'], JSON.stringify(values));
    for (const v of values) assert.ok(v.startsWith('Be'), v);
  });
}

/**
 * Walks tools/list one raw page at a time on a server with page size 1: every page holds exactly one
 * tool, each tool appears exactly once, and the last page has no nextCursor. Also walks resources/list.
 * `seen` (optional) holds the upstream of every HTTP answer; through the balancer the pages must come
 * from more than one instance, which proves cursors are not tied to the instance that minted them.
 */
export async function paginate(page, seen) {
  const before = seen ? seen.length : 0;
  const names = [];
  let cursor;
  let pages = 0;
  do {
    const p = await page('tools/list', cursor);
    pages++;
    assert.equal(p.items.length, 1, `page ${pages} holds ${p.items.length} tools`);
    names.push(p.items[0].name);
    assert.notEqual(p.nextCursor, null, 'nextCursor is never null');
    cursor = p.nextCursor;
    assert.ok(pages <= TOOL_NAMES.length, `more pages than tools: ${names}`);
  } while (cursor !== undefined);
  assert.deepEqual([...names].sort(), TOOL_NAMES, `each tool once: ${names}`);
  const resources = await listAll(page, 'resources/list');
  assert.deepEqual(resources.map((r) => r.uri).sort(), SAMPLE_RESOURCES);
  if (seen) {
    const served = upstreams(seen.slice(before), 'tools/list');
    assert.ok(served.length >= 2, `tools/list pages served by more than one instance: ${served}`);
  }
}

/** The JSON messages of an event stream, as they arrive. */
export async function* events(body) {
  const decoder = new TextDecoder();
  let buffered = '';
  for await (const chunk of body) {
    buffered += decoder.decode(chunk, { stream: true });
    let end;
    while ((end = buffered.indexOf('\n\n')) >= 0) {
      const event = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      const data = event.split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5)).join('\n');
      if (data) yield JSON.parse(data);
    }
  }
}

/** The next message of the stream that matches, within 10 s. */
export async function next(frames, matches, limitMs = 10_000) {
  let timer;
  const timeout = new Promise((_, fail) => {
    timer = setTimeout(() => fail(new Error(`no matching message in ${limitMs} ms`)), limitMs);
  });
  try {
    return await Promise.race([(async () => {
      for (;;) {
        const { value, done } = await frames.next();
        if (done) throw new Error('the stream ended');
        if (matches(value)) return value;
      }
    })(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
