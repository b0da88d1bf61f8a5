// MCP Apps against the sample: the forecast's view rendered by a test host page (host.mjs: the official
// AppBridge and TypeScript client) in Debian's headless Chromium, driven by puppeteer-core; then the AI SDK's
// MCP Apps helpers (ai-sdk.mjs). Installs Chromium (apt, as root) when missing, starts the sample jar on a free
// loopback port, serves the host page from another, and saves a screenshot of the card.
// Usage: node apps.mjs --jar sample-app.jar [--java-opts "..."] [--out dir]
// Prints `PASS|FAIL <client> <transport> <flow>` lines; exits non-zero when one failed.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import * as esbuild from 'esbuild';
import puppeteer from 'puppeteer-core';
import { options } from '../flows/common.mjs';
import { AI_SDK_FLOWS, aiSdkFlows } from './ai-sdk.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const opts = options();
const CHROMIUM = '/usr/bin/chromium';
const VIEW_URI = 'ui://weather/forecast';
const PLACE = 'Oslo';
const DAYS = 3;
const out = opts.out || join(here, '../../sample-app/target/apps');
const html = readFileSync(join(here, '../../sample-app/src/main/resources/mcp/apps/weather/forecast.html'), 'utf8');
const BROWSER_FLOWS = ['host-connects', 'card-shows-result', 'size-reported', 'view-calls-back', 'no-errors'];

// --- reporting: one line per flow; a flow never reached is a failure ------------------------------------------
const pending = new Set([...BROWSER_FLOWS.map((f) => `apps-host browser ${f}`),
  ...AI_SDK_FLOWS.map((f) => `ai-sdk http ${f}`)]);
let failed = 0;
function runner(prefix) {
  return async (flow, body) => {
    const key = `${prefix} ${flow}`;
    pending.delete(key);
    try {
      await body();
      console.log(`PASS ${key}`);
      return true;
    } catch (error) {
      failed++;
      console.log(`FAIL ${key}: ${String(error?.message ?? error).replace(/\s+/g, ' ').slice(0, 600)}`);
      return false;
    }
  };
}

const cleanups = [];
async function finish(reason) {
  for (const key of pending) {
    failed++;
    console.log(`FAIL ${key}: not run: ${reason}`);
  }
  pending.clear();
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  process.exit(failed ? 1 : 0);
}

for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => finish(`stopped by ${signal}`));

// --- Chromium from Debian's packages; npm's browser downloads are not reachable here ----------------------------
function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) throw new Error(`${CHROMIUM} missing: install Debian's chromium package (as root)`);
  console.error('== installing chromium (Debian package)');
  const apt = (...args) => {
    const r = spawnSync('apt-get', ['-o', 'DPkg::Lock::Timeout=300', ...args], { stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (r.status !== 0) throw new Error(`apt-get ${args.join(' ')} exited ${r.status}`);
  };
  apt('update', '-qq');
  apt('install', '-y', '-qq', '--no-install-recommends', 'chromium');
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startSample(jar) {
  const port = await freePort();
  const jvm = (opts['java-opts'] || '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xmx256m').split(' ').filter(Boolean);
  const child = spawn('java', [...jvm, '-jar', jar, `--server.port=${port}`, '--management.server.port=0',
    '--spring.main.banner-mode=off'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => { stderr = (stderr + chunk).slice(-4000); });
  cleanups.push(async () => {
    child.kill();
    await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
  });
  const until = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the sample exited (${child.exitCode}): ${stderr}`);
    if (await new Promise((resolve) => net.connect(port, '127.0.0.1').once('connect', function () {
      this.destroy();
      resolve(true);
    }).once('error', () => resolve(false)))) return `http://127.0.0.1:${port}/mcp`;
    if (Date.now() > until) throw new Error(`the sample did not listen in 120 s: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** The host page and its bundle (the official packages, bundled for the browser) on a loopback port. */
async function serveHostPage() {
  const bundle = await esbuild.build({ entryPoints: [join(here, 'host.mjs')], bundle: true, format: 'esm',
    platform: 'browser', target: 'chrome120', write: false, logLevel: 'silent' });
  const script = bundle.outputFiles[0].text;
  const page = '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>MCP Apps test host</title>'
    + '<style>body{margin:16px;font:14px system-ui,sans-serif;background:#eef1f5}#view{width:440px}</style></head>'
    + '<body><div id="view"></div><script type="module" src="/host.js"></script></body></html>';
  const server = http.createServer((request, response) => {
    const path = new URL(request.url, 'http://host').pathname;
    if (path === '/') response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page);
    else if (path === '/host.js') response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(script);
    else response.writeHead(204).end();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return `http://127.0.0.1:${server.address().port}/`;
}

/** The forecast as the server computes it, fetched apart from the browser: what the card must show. */
async function forecastFromServer(url, days) {
  const client = new Client({ name: 'beammcp-apps-check', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  try {
    return (await client.callTool({ name: 'forecast', arguments: { place: PLACE, days } })).structuredContent;
  } finally {
    await client.close();
  }
}

/** What the card shows: its place and, per day, the high and low it prints. */
function readCard(frame) {
  return frame.evaluate(() => ({
    place: document.getElementById('place').textContent,
    days: [...document.querySelectorAll('li.day')].map((li) => ({ day: Number(li.dataset.day),
      high: li.querySelector('.high').textContent, low: li.querySelector('.low').textContent })),
    status: document.getElementById('status').textContent,
  }));
}

function assertCardShows(card, forecast) {
  assert.equal(card.place, forecast.place);
  assert.deepEqual(card.days, forecast.days.map((d) => ({ day: d.day, high: `${d.highC}°`, low: ` / ${d.lowC}°` })),
    `card ${JSON.stringify(card)} vs result ${JSON.stringify(forecast)}`);
}

async function browserFlows(run, url) {
  const [expected, expectedMore, hostPage] = await Promise.all([forecastFromServer(url, DAYS),
    forecastFromServer(url, DAYS + 1), serveHostPage()]);
  const profile = mkdtempSync(join(tmpdir(), 'beammcp-apps-chromium-'));
  cleanups.push(async () => rmSync(profile, { recursive: true, force: true }));
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, userDataDir: profile,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'] });
  cleanups.push(() => browser.close());
  const versions = ['@modelcontextprotocol/ext-apps', '@modelcontextprotocol/client', '@ai-sdk/mcp', 'puppeteer-core']
    .map((name) => `${name} ${JSON.parse(readFileSync(join(here, 'node_modules', name, 'package.json'), 'utf8')).version}`);
  console.log(`INFO apps-host browser versions: ${versions.join(', ')}, ${await browser.version()}`);
  const page = await browser.newPage();
  await page.setViewport({ width: 480, height: 320, deviceScaleFactor: 2 });
  const errors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location()?.url ?? 'view'})`);
  });
  page.on('pageerror', (error) => errors.push(String(error)));

  const query = new URLSearchParams({ server: url, tool: 'forecast', arguments: JSON.stringify({ place: PLACE, days: DAYS }) });
  await page.goto(`${hostPage}?${query}`);
  await page.waitForFunction(() => window.host?.ready || window.host?.error, { timeout: 60_000 });
  const host = () => page.evaluate(() => JSON.parse(JSON.stringify(window.host)));
  /** Waits until the view reported a size after the first `after` reports and the host sized the iframe to it. */
  const sizedToView = (after) => page.waitForFunction((n) => {
    const last = window.host.sizes.length > n && window.host.sizes.at(-1);
    return last && Math.round(document.querySelector('#view iframe').getBoundingClientRect().height) === last.height;
  }, { timeout: 10_000 }, after);

  const connected = await run('host-connects', async () => {
    const state = await host();
    assert.equal(state.error, null);
    assert.equal(state.protocolVersion, '2026-07-28');
    assert.equal(state.viewUri, VIEW_URI);
    const extensions = state.requests.find((r) => r.method === 'resources/read')
      ?.params?._meta?.['io.modelcontextprotocol/clientCapabilities']?.extensions;
    assert.deepEqual(extensions?.['io.modelcontextprotocol/ui'], { mimeTypes: ['text/html;profile=mcp-app'] },
      'the host declares the Apps extension in each request');
    assert.deepEqual(state.result.structuredContent, expected, 'the host called the tool on the server');
  });
  if (!connected) return;
  const frame = await (await page.waitForSelector('#view iframe')).contentFrame();

  await run('card-shows-result', async () => {
    await frame.waitForFunction((n) => document.querySelectorAll('li.day').length === n, { timeout: 15_000 }, DAYS);
    assertCardShows(await readCard(frame), expected);
  });

  await run('size-reported', async () => {
    await sizedToView(0);
    const last = (await host()).sizes.at(-1);
    assert.ok(last.height > 100 && last.width > 100, `size ${JSON.stringify(last)}`);
  });

  await run('view-calls-back', async () => {
    const { requests: { length: before }, sizes: { length: sized } } = await host();
    await frame.click('#more');
    await frame.waitForFunction((n) => document.querySelectorAll('li.day').length === n, { timeout: 15_000 }, DAYS + 1);
    assertCardShows(await readCard(frame), expectedMore);
    await sizedToView(sized);
    const state = await host();
    assert.deepEqual(state.viewCalls.map((c) => [c.name, c.arguments]), [['forecast', { place: PLACE, days: DAYS + 1 }]]);
    const sent = state.requests.slice(before).filter((r) => r.method === 'tools/call');
    assert.deepEqual(sent.map((r) => [r.params.name, r.params.arguments, r.status]),
      [['forecast', { place: PLACE, days: DAYS + 1 }, 200]], 'the view\'s call went to the server over HTTP');
    mkdirSync(out, { recursive: true });
    await page.screenshot({ path: join(out, 'forecast.png') });
    console.log(`INFO apps-host browser screenshot: ${join(out, 'forecast.png')}`);
  });

  await run('no-errors', async () => {
    assert.deepEqual(errors, [], 'no console error, no CSP violation, no uncaught exception in host or view');
  });
}

try {
  if (!opts.jar) throw new Error('--jar is required');
  ensureChromium();
  const deadline = setTimeout(() => finish('timed out after 150 s'), 150_000);
  const url = await startSample(opts.jar);
  await browserFlows(runner('apps-host browser'), url).catch((error) => {
    console.error(error);
  });
  await aiSdkFlows(runner('ai-sdk http'), { url, viewUri: VIEW_URI, html }).catch((error) => {
    console.error(error);
  });
  clearTimeout(deadline);
  await finish('an earlier step failed (see its error)');
} catch (error) {
  console.error(error);
  await finish(String(error?.message ?? error));
}
