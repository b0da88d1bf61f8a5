// LangChain.js's MCP adapters (@langchain/mcp-adapters, on the TypeScript SDK 1.x client): the sample's tools
// loaded as LangChain tools by MultiServerMCPClient, run as a LangGraph agent runs them (ToolNode), and what the
// adapter makes of a refusal.
// Usage: node langchain-js.mjs --transport stdio --jar sample-app.jar [--java-opts "..."]
//        node langchain-js.mjs --transport http --url http://127.0.0.1:P/mcp
import assert from 'node:assert/strict';
import { AIMessage } from '@langchain/core/messages';
import { ToolNode } from '@langchain/langgraph/prebuilt';
import { MultiServerMCPClient } from '@langchain/mcp-adapters';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  FORECAST_DAYS_SCHEMA, FORECAST_REFUSAL, Runner, SERVER_NAME, TOOL_NAMES, options, stdioCommand, watchInitialize,
} from './common.mjs';

const opts = options();
const http = opts.transport !== 'stdio';
const runner = new Runner('langchain-js', opts.label || opts.transport,
  ['connect', 'load-tools', 'call-get-weather', 'input-check', 'validation-error-output-schema']);
const run = runner.run.bind(runner);

// the adapter connects an SDK 1.x Client itself: watch the transport it connects, for the revision answered
const revisions = [];
const connect = Client.prototype.connect;
Client.prototype.connect = function (transport, requestOptions) {
  revisions.push(watchInitialize(transport));
  return connect.call(this, transport, requestOptions);
};

const server = http ? { transport: 'http', url: opts.url, automaticSSEFallback: false }
  : { transport: 'stdio', ...stdioCommand(opts), stderr: 'ignore' };
const mcp = new MultiServerMCPClient({ mcpServers: { [SERVER_NAME]: server }, onConnectionError: 'throw' });
let tools;

/** Runs tool calls as a LangGraph agent does; returns the ToolMessage the model is handed for the one call. */
async function agentCalls(name, args) {
  const call = { id: 'call-1', name, args, type: 'tool_call' };
  const { messages } = await new ToolNode(tools).invoke({ messages: [new AIMessage({ content: '', tool_calls: [call] })] });
  assert.equal(messages.length, 1);
  return messages[0];
}

const connected = await run('connect', async () => {
  tools = await mcp.getTools();
  assert.equal((await mcp.getClient(SERVER_NAME)).getServerVersion()?.name, SERVER_NAME);
  assert.deepEqual(revisions.map((r) => r.value), ['2025-11-25'], 'initialize answered with the revision asked');
});
if (!connected) runner.finish('connect failed');

await run('load-tools', async () => {
  assert.deepEqual(tools.map((t) => t.name).sort(), TOOL_NAMES);
  const forecast = tools.find((t) => t.name === 'forecast');
  // the adapter passes the input schema on whole (minimum, maximum and default included)
  assert.deepEqual(forecast.schema.properties.days, FORECAST_DAYS_SCHEMA);
  assert.deepEqual(forecast.schema.required, ['place']);
  assert.match(forecast.description, /^Daily high and low temperatures/);
});

await run('call-get-weather', async () => {
  const message = await agentCalls('get_weather', { place: 'Lisbon' });
  assert.equal(message.status, 'success', JSON.stringify(message));
  assert.match(message.content, /^Lisbon: .+ °C, wind \d+ km\/h$/);
});

await run('input-check', async () => {
  // LangChain checks a call's arguments against the listed schema before the adapter sends it: days 0 breaks the
  // advertised minimum, so the model is handed LangChain's own refusal and the server is never asked
  const message = await agentCalls('forecast', { place: 'Oslo', days: 0 });
  assert.equal(message.status, 'error');
  assert.equal(message.content, 'Error: Received tool input did not match expected schema\n Please fix your mistakes.');
});

await run('validation-error-output-schema', async () => {
  // the adapter's own call, as for arguments the client's check lets through: the server's refusal comes back
  // isError, which the adapter raises as a ToolException carrying its text (a LangGraph ToolNode hands the model
  // "Error: <message>"); the SDK 1.x underneath has listed forecast's outputSchema, so structuredContent on the
  // refusal would fail the call before the adapter saw it
  const forecast = tools.find((t) => t.name === 'forecast');
  await assert.rejects(forecast.func({ place: 'Oslo', days: 0 }, undefined, {}), (error) => {
    assert.equal(error.name, 'ToolException');
    assert.equal(error.message, `MCP tool 'forecast' on server '${SERVER_NAME}' returned an error: ${FORECAST_REFUSAL}`);
    return true;
  });
});

await mcp.close();
runner.finish();
