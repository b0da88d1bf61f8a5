// The MCP Inspector's command line, run as a user runs it: one process per method, JSON on stdout.
//  --inspector v1  @modelcontextprotocol/inspector-cli 1.x (`mcp-inspector-cli --cli`), built on
//                  @modelcontextprotocol/sdk 1.x: it speaks 2025-11-25.
//  --inspector v2  @modelcontextprotocol/inspector 2.x (`mcp-inspector --cli --protocol-era modern`), built on
//                  @modelcontextprotocol/client 2.x: it speaks 2026-07-28.
// Usage: node inspector.mjs --inspector v1|v2 --transport stdio --jar sample-app.jar [--java-opts "..."]
//        node inspector.mjs --inspector v1|v2 --transport http --url http://127.0.0.1:P/mcp
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Runner, TOOL_NAMES, options, stdioCommand, texts } from './common.mjs';

const opts = options();
const v2 = opts.inspector === 'v2';
const runner = new Runner(v2 ? 'inspector' : 'inspector-cli', opts.label || opts.transport,
  ['tools-list', 'call-get-weather', 'validation-error', 'validation-error-output-schema']);
const build = fileURLToPath(new URL(v2 ? '../node_modules/@modelcontextprotocol/inspector/clients/launcher/build/'
  : '../node_modules/@modelcontextprotocol/inspector-cli/build/', import.meta.url));
// Inspector 2 keeps a catalog under ~/.mcp-inspector: give it a throw-away home
const home = mkdtempSync(join(tmpdir(), 'inspector-home-'));
process.on('exit', () => rmSync(home, { recursive: true, force: true }));

function target() {
  if (opts.transport === 'stdio') {
    const { command, args } = stdioCommand({ ...opts, 'java-opts': '' });
    return [command, ...args];
  }
  return [opts.url];
}

/** The Inspector's command line for one method. */
function commandLine(methodArgs) {
  if (!v2) return [`${build}cli.js`, '--cli', ...target(), ...methodArgs];
  // Inspector 2: options first, then `--` and the server command, or the URL first (--tool-arg is variadic)
  // the JVM's start on a loaded 2-CPU machine has taken past Inspector 2's 15 s default: a hang bound, not a timing
  const era = ['--protocol-era', 'modern', '--connect-timeout', '90000'];
  return opts.transport === 'stdio' ? [`${build}index.js`, '--cli', ...era, ...methodArgs, '--', ...target()]
    : [`${build}index.js`, '--cli', ...target(), ...era, ...methodArgs];
}

/** Runs the Inspector CLI and parses the JSON it prints; exit 5 is Inspector 2's "the tool returned isError". */
function inspector(methodArgs) {
  return new Promise((resolve, reject) => {
    // inspector-cli 1.0.3 looks for its package.json as "../package.json" relative to the working
    // directory (and falls back to a path that does not exist): run it from its own build directory
    const child = spawn(process.execPath, commandLine(methodArgs), {
      cwd: build,
      // JVM flags through the launcher's environment: the CLI would take `-X...` arguments for its own options
      env: { ...process.env, HOME: home, JDK_JAVA_OPTIONS: opts['java-opts'] || '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { err += d; });
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code !== 0 && !(v2 && code === 5)) return reject(new Error(`exit ${code}: ${err.split('\n').filter((l) => l && !/deprecated|Upgrade|security fixes|Picked up/.test(l)).slice(-3).join(' | ')}`));
      try {
        resolve(JSON.parse(out));
      } catch (e) {
        reject(new Error(`stdout is not JSON: ${out.slice(0, 200)}`));
      }
    });
  });
}

await runner.run('tools-list', async () => {
  const { tools } = await inspector(['--method', 'tools/list']);
  assert.deepEqual(tools.map((t) => t.name).sort(), TOOL_NAMES);
});

await runner.run('call-get-weather', async () => {
  const result = await inspector(['--method', 'tools/call', '--tool-name', 'get_weather', '--tool-arg', 'place=Lisbon']);
  assert.notEqual(result.isError, true, JSON.stringify(result));
  assert.match(texts(result.content), /^Lisbon: .+ °C, wind \d+ km\/h$/);
  // a 2026-07-28 result carries the server's identity in _meta; a 2025-11-25 result carries no _meta
  if (v2) assert.equal(result._meta?.['io.modelcontextprotocol/serverInfo']?.name, 'weather', JSON.stringify(result));
  else assert.equal(result._meta, undefined, JSON.stringify(result));
});

await runner.run('validation-error', async () => {
  const result = await inspector(['--method', 'tools/call', '--tool-name', 'plan_trip',
    '--tool-arg', 'destination={"city":""}', 'transport=boat']);
  assert.equal(result.isError, true, JSON.stringify(result));
  const text = texts(result.content);
  assert.ok(text.includes('$.destination.city') && text.includes('$.transport'), text);
});

await runner.run('validation-error-output-schema', async () => {
  // forecast declares an outputSchema, which the Inspector checks any structuredContent against
  const result = await inspector(['--method', 'tools/call', '--tool-name', 'forecast',
    '--tool-arg', 'place=Oslo', 'days=0']);
  assert.equal(result.isError, true, JSON.stringify(result));
  assert.equal(result.structuredContent, undefined, JSON.stringify(result));
  assert.ok(texts(result.content).includes('$.days'), JSON.stringify(result));
});

runner.finish();
