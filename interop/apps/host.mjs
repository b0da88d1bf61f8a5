// A minimal MCP Apps web host, bundled for the browser by apps.mjs: the official TypeScript client connects to
// the server given in the page's query (?server=…&tool=…&arguments=<JSON>), calls the tool as a model would,
// reads the tool's view (`_meta.ui.resourceUri`) and renders it in a sandboxed iframe whose messages the
// official AppBridge answers: the tool's input and result go to the view, its tools/call go to the server.
// Everything it saw is kept in window.host for the driver to assert.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { AppBridge, PostMessageTransport, getToolUiResourceUri } from '@modelcontextprotocol/ext-apps/app-bridge';

const APP_MIME = 'text/html;profile=mcp-app';
// The specification's restrictive default for a view that declares no CSP: the view must work under it.
const DEFAULT_CSP = "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
  + "img-src 'self' data:; media-src 'self' data:; connect-src 'none'; frame-src 'none'; object-src 'none'; "
  + "base-uri 'self'";

const query = new URLSearchParams(location.search);
const host = (window.host = { requests: [], events: [], viewCalls: [], sizes: [], ready: false, error: null });

/** Records every HTTP exchange with the server: its JSON-RPC method, params and status. */
async function recordingFetch(url, init) {
  const response = await fetch(url, init);
  let message = null;
  try {
    message = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
  } catch {
    message = null;
  }
  host.requests.push({ http: init?.method ?? 'GET', method: message?.method ?? null, params: message?.params ?? null,
    status: response.status });
  return response;
}

/** The view's HTML under the default CSP, as a host's sandbox enforces it (a meta CSP can only restrict). */
function withCsp(html) {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${DEFAULT_CSP}">`;
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => head + meta) : meta + html;
}

async function main() {
  const server = new URL(query.get('server'));
  const toolName = query.get('tool');
  const args = JSON.parse(query.get('arguments'));

  const client = new Client({ name: 'beammcp-apps-test-host', version: '1.0.0' }, {
    capabilities: { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: [APP_MIME] } } },
    versionNegotiation: { mode: 'auto' },
  });
  await client.connect(new StreamableHTTPClientTransport(server, { fetch: recordingFetch }));
  host.protocolVersion = client.getNegotiatedProtocolVersion?.() ?? null;

  const { tools } = await client.listTools();
  const tool = tools.find((t) => t.name === toolName);
  if (!tool) throw new Error(`no tool ${toolName} in ${tools.map((t) => t.name)}`);
  const uri = getToolUiResourceUri(tool);
  if (!uri) throw new Error(`tool ${toolName} names no view: ${JSON.stringify(tool._meta)}`);
  host.tool = tool;
  host.viewUri = uri;

  // the model's call, whose result the view renders
  host.result = await client.callTool({ name: toolName, arguments: args });

  const { contents } = await client.readResource({ uri });
  if (contents.length !== 1) throw new Error(`the view has ${contents.length} content items, not 1`);
  const [content] = contents;
  if (content.uri !== uri || content.mimeType !== APP_MIME) {
    throw new Error(`the view's item is ${content.uri} ${content.mimeType}`);
  }
  host.viewMeta = content._meta?.ui ?? null;
  const html = content.text ?? new TextDecoder().decode(Uint8Array.from(atob(content.blob), (c) => c.charCodeAt(0)));

  const iframe = document.createElement('iframe');
  iframe.title = `${toolName} view`;
  iframe.setAttribute('sandbox', 'allow-scripts');
  iframe.style.cssText = 'width:100%;height:120px;border:0;display:block';
  document.getElementById('view').append(iframe);

  const bridge = new AppBridge(client, { name: 'beammcp-apps-test-host', version: '1.0.0' },
    { openLinks: {}, serverTools: {}, logging: {} },
    { hostContext: { theme: 'light', displayMode: 'inline', availableDisplayModes: ['inline'], platform: 'web' } });
  bridge.onsizechange = ({ width, height }) => {
    host.sizes.push({ width, height });
    if (height) iframe.style.height = `${height}px`;
  };
  bridge.onloggingmessage = (params) => host.events.push(['log', params]);
  bridge.oninitialized = async () => {
    host.events.push(['initialized']);
    try {
      await bridge.sendToolInput({ arguments: args });
      await bridge.sendToolResult(host.result);
      host.ready = true;
    } catch (error) {
      host.error = String(error?.stack ?? error);
    }
  };
  await bridge.connect(new PostMessageTransport(iframe.contentWindow, iframe.contentWindow));
  // connect() wired tools/call straight to the client; a host must first refuse tools the view may not call
  const forward = bridge.oncalltool;
  bridge.oncalltool = async (params, extra) => {
    const target = tools.find((t) => t.name === params.name);
    const visibility = target?._meta?.ui?.visibility ?? ['model', 'app'];
    host.viewCalls.push({ name: params.name, arguments: params.arguments ?? null });
    if (!target || !visibility.includes('app')) throw new Error(`the view may not call ${params.name}`);
    const result = await forward(params, extra);
    host.viewCalls.at(-1).result = result;
    return result;
  };
  iframe.srcdoc = withCsp(html);
}

main().catch((error) => {
  host.error = String(error?.stack ?? error);
});
