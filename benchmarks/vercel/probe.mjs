// One connection of the Vercel AI SDK's MCP client (@ai-sdk/mcp) to a stdio server, as an application makes it:
// spawn, server/discover with a one-second wait (then initialize), tools, one call. Prints one JSON line: the
// time to connect, the revision the client settled on, the errors it reported to onUncaughtError. With
// PROBE_STDERR set, the server's standard error goes to the probe's.
//   node probe.mjs COMMAND [ARG...]
import { createMCPClient } from '@ai-sdk/mcp';
import { Experimental_StdioMCPTransport } from '@ai-sdk/mcp/mcp-stdio';

const [command, ...args] = process.argv.slice(2);
const reported = [];
const started = Date.now();
const client = await createMCPClient({
  transport: new Experimental_StdioMCPTransport({ command, args, stderr: process.env.PROBE_STDERR ? 'inherit' : 'ignore' }),
  onUncaughtError: error => reported.push(String(error?.message ?? error).slice(0, 100)),
});
const connectedMs = Date.now() - started;
const tools = await client.tools();
const result = await tools.get_weather.execute({ place: 'Lisbon' }, { toolCallId: 'probe', messages: [] });
const called = JSON.stringify(result).includes('Lisbon');
const protocolVersion = client.initializeResult?.protocolVersion;
await client.close();
console.log(JSON.stringify({ connectedMs, protocolVersion, called, reported }));
