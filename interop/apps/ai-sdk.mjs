// The Vercel AI SDK's MCP Apps helpers (@ai-sdk/mcp) against the sample over Streamable HTTP: the client
// declares the Apps extension, finds the forecast's view and classifies the tools as the sample declares them.
import assert from 'node:assert/strict';
import {
  MCP_APP_MIME_TYPE, createMCPClient, fingerprintMCPAppResource, mcpAppClientCapabilities, readMCPAppResource,
  splitMCPAppTools,
} from '@ai-sdk/mcp';

export const AI_SDK_FLOWS = ['connect', 'tools-classified', 'tool-app-metadata', 'read-view'];

/** Runs the flows through `run(flow, body)`; `expected` holds the view's URI and its HTML as written. */
export async function aiSdkFlows(run, { url, viewUri, html }) {
  let client;
  const connected = await run('connect', async () => {
    client = await createMCPClient({ transport: { type: 'http', url }, capabilities: mcpAppClientCapabilities,
      clientName: 'beammcp-apps-ai-sdk' });
    assert.equal(client.serverInfo.name, 'weather');
    assert.equal(client.initializeResult.protocolVersion, '2026-07-28', 'found by server/discover');
  });
  if (!connected) return;
  try {
    const definitions = await client.listTools();
    await run('tools-classified', async () => {
      const { modelVisible, appVisible } = splitMCPAppTools(definitions);
      assert.deepEqual(modelVisible.tools.map((t) => t.name).sort(), ['forecast', 'get_weather', 'plan_trip']);
      // only a tool whose visibility names "app" may be called from a view; the others declare none
      assert.deepEqual(appVisible.tools.map((t) => t.name), ['forecast']);
    });
    await run('tool-app-metadata', async () => {
      const tools = client.toolsFromDefinitions(definitions);
      assert.deepEqual(tools.forecast.metadata?.app,
        { resourceUri: viewUri, visibility: ['model', 'app'], mimeType: MCP_APP_MIME_TYPE });
      assert.equal(tools.get_weather.metadata?.app, undefined);
      assert.equal(tools.plan_trip.metadata?.app, undefined);
    });
    await run('read-view', async () => {
      const first = await readMCPAppResource({ client, uri: viewUri });
      assert.equal(first.uri, viewUri);
      assert.equal(first.mimeType, MCP_APP_MIME_TYPE);
      assert.equal(first.html, html, 'the view is served as written');
      assert.equal(first.meta?.prefersBorder, true, "the view's _meta.ui, read from its content item");
      const again = await readMCPAppResource({ client, uri: viewUri });
      assert.equal(await fingerprintMCPAppResource(again), await fingerprintMCPAppResource(first),
        'a pinning host sees no drift between two reads');
    });
  } finally {
    await client.close();
  }
}
