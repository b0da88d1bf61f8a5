// The Vercel AI SDK's MCP client (@ai-sdk/mcp): it probes with server/discover and falls back to initialize. Over
// HTTP it waits for the probe's answer; over stdio it waits one second, then sends initialize. Its tools are run
// as generateText runs them (execute, then toModelOutput: what the model is handed).
// Usage: node ai-sdk.mjs --transport stdio --jar sample-app.jar [--java-opts "..."]
//        node ai-sdk.mjs --transport http --url http://127.0.0.1:P/mcp
import assert from 'node:assert/strict';
import { createMCPClient } from '@ai-sdk/mcp';
import { StdioMCPTransport } from '@ai-sdk/mcp/mcp-stdio';
import {
  FORECAST_DAYS_SCHEMA, FORECAST_REFUSAL, Runner, SERVER_NAME, TOOL_NAMES, options, stdioCommand,
} from './common.mjs';

const MODERN = '2026-07-28';
const LEGACY = '2025-11-25';
const opts = options();
const http = opts.transport !== 'stdio';
const runner = new Runner('ai-sdk', opts.label || opts.transport,
  ['connect', 'tools-list', 'call-get-weather', 'validation-error-output-schema']);
const run = runner.run.bind(runner);
const uncaught = [];
let client;
let tools;

/** Runs one tool as generateText does; returns the tool's output and what the model is handed. */
async function modelCalls(name, input) {
  const tool = tools[name];
  const output = await tool.execute(input, { toolCallId: 'call-1', messages: [] });
  return { output, handed: await tool.toModelOutput({ toolCallId: 'call-1', input, output }) };
}

const connected = await run('connect', async () => {
  client = await createMCPClient({
    transport: http ? { type: 'http', url: opts.url } : new StdioMCPTransport({ ...stdioCommand(opts), stderr: 'ignore' }),
    onUncaughtError: (error) => uncaught.push(error),
  });
  assert.equal(client.serverInfo?.name, SERVER_NAME);
  const revision = client.initializeResult.protocolVersion;
  if (http || revision === MODERN) {
    // over HTTP the client waits for server/discover's answer
    assert.equal(revision, MODERN);
    assert.deepEqual(uncaught, []);
  } else {
    // the sample's plain jar answers server/discover after the client's one second: the client went on with
    // initialize, and the late answer was reported (an answer that came in time and refused would not be)
    assert.equal(revision, LEGACY);
    assert.ok(uncaught.some((e) => /unknown message ID/.test(e?.message)), `late discover answer: ${uncaught.map(String)}`);
  }
  console.log(`INFO ai-sdk ${runner.transport} negotiated ${revision}`);
});
if (!connected) runner.finish('connect failed');

await run('tools-list', async () => {
  const { tools: listed } = await client.listTools();
  assert.deepEqual(listed.map((t) => t.name).sort(), TOOL_NAMES);
  tools = await client.tools();
  assert.deepEqual(Object.keys(tools).sort(), TOOL_NAMES);
  // the tool handed to a model keeps the listed input schema whole
  assert.deepEqual(tools.forecast.inputSchema.jsonSchema.properties.days, FORECAST_DAYS_SCHEMA);
});

await run('call-get-weather', async () => {
  const { output, handed } = await modelCalls('get_weather', { place: 'Lisbon' });
  assert.notEqual(output.isError, true, JSON.stringify(output));
  assert.equal(handed.type, 'content', JSON.stringify(handed));
  assert.equal(handed.value.length, 1);
  assert.match(handed.value[0].text, /^Lisbon: .+ °C, wind \d+ km\/h$/);
});

await run('validation-error-output-schema', async () => {
  // the client passes an error result on as it came; the model is handed its content blocks
  const { output, handed } = await modelCalls('forecast', { place: 'Oslo', days: 0 });
  assert.equal(output.isError, true, JSON.stringify(output));
  assert.deepEqual(handed, { type: 'content', value: [{ type: 'text', text: FORECAST_REFUSAL }] });
  assert.equal(output.structuredContent, undefined, JSON.stringify(output));
});

await client.close();
runner.finish();
