/**
 * Largest Contentful Paint of the first pages on a phone profile. Starts the product the way
 * `npm start` does once the web is built (`start:server`, embedded database, the built web app,
 * a data folder of its own), signs up once through the real sign-in dialog for the signed-in page,
 * then loads each page cold (a new browser context: empty cache, no service worker) in Chromium
 * with Lighthouse's mobile numbers applied through the DevTools protocol, and reads LCP from a
 * buffered `largest-contentful-paint` PerformanceObserver. Writes bench/web/lcp-results.md.
 *
 * One pass: the product as it serves its files (compressed since decision 191, when the build
 * wrote the `.br`/`.gz` copies; the report says which encoding the first page's files came in).
 *
 * Run: `npm run build -w apps/web && npm run web-lcp -w bench` (from the repository root).
 * Settings (environment): LCP_RUNS (5 per page), LCP_PORT (8400),
 * LCP_PAGES (comma-separated paths), LCP_WEB_DIR (another web build to
 * serve, e.g. one made before a change with `vite build --outDir`), LCP_WRITE=0 (print only), LCP_RESULTS (lcp-results.md: the file written beside this one),
 * LCP_WATERFALL=1 (log each run's files with their start and end times), CHROMIUM_PATH (/usr/bin/chromium).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const work = path.join(root, '.tmp/bench-web-lcp');
const RUNS = Number(process.env.LCP_RUNS ?? 5);
const PORT = Number(process.env.LCP_PORT ?? 8400);
const PAGES = (process.env.LCP_PAGES ?? '/,/covers/new,/pricing,/headshots/,/account').split(',');
/** Pages measured signed in (the rest signed out, as a first visit is). */
const SIGNED_IN = new Set(['/account']);
const TARGET_MS = 2500;
/** A page is settled after this long without a request in flight or a new LCP entry. */
const SETTLE_MS = 3000;
const SETTLE_LIMIT_MS = 45_000;

/**
 * Lighthouse's mobile profile ("Slow 4G" on a mid-range phone): 150 ms round trip, 1.6 Mbit/s
 * down, 750 Kbit/s up, CPU 4× slower, a 390×844 screen. Applied as given (DevTools' request
 * latency, not Lighthouse's simulated model).
 */
export const PHONE = {
  latencyMs: 150,
  downKbit: 1638.4,
  upKbit: 750,
  cpuSlowdown: 4,
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const WEB_DIR = process.env.LCP_WEB_DIR;
/** LCP_WATERFALL=1: log every run's files with their start and end, to see the critical path. */
const WATERFALL = process.env.LCP_WATERFALL === '1';
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

function log(line: string): void {
  process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);
}

/** The median of the finite numbers (the mean of the middle two for an even count). */
export function median(values: number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The command `npm start` runs once the web is built (package.json `start:server`). */
function startServer(dataDir: string, publicUrl: string): ChildProcess {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const [program, ...args] = pkg.scripts['start:server']!.trim().split(/\s+/);
  const out = fs.openSync(path.join(work, 'server.log'), 'w');
  return spawn(program!, args, {
    cwd: root,
    env: {
      ...process.env,
      PATH: `${path.join(root, 'node_modules/.bin')}:${process.env.PATH ?? ''}`,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      PUBLIC_URL: publicUrl,
      ...(process.env.LCP_WEB_DIR ? { WEB_DIR: path.resolve(process.env.LCP_WEB_DIR) } : {}),
      // The sign-up and the page loads come from one address; nothing here measures the limit.
      RATE_LIMIT_PER_MINUTE: '100000',
    },
    stdio: ['ignore', out, out],
    detached: true,
  });
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid!, 'SIGTERM');
  await Promise.race([exited, sleep(30_000)]);
  if (child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
}

async function waitForHealth(base: string, child?: ChildProcess): Promise<void> {
  const started = performance.now();
  while (performance.now() - started < 180_000) {
    if (child && child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/v1/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    await sleep(200);
  }
  throw new Error(`no answer from ${base}/v1/health`);
}

/** Chromium's own header: what the server is asked for on every page load here. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/**
 * The encoding each of the first page's own files came in (the page, its entry script, its
 * stylesheet), asked for with the browser's Accept-Encoding: the results say what was measured.
 */
async function servedEncodings(base: string): Promise<string> {
  const headers = { 'accept-encoding': BROWSER_ACCEPT_ENCODING };
  const page = await fetch(`${base}/`, { headers });
  const html = await page.text();
  const files: [string, string | undefined][] = [
    ['page', '/'],
    ['entry script', /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1]],
    ['stylesheet', /<link rel="stylesheet"[^>]*href="([^"]+)"/.exec(html)?.[1]],
  ];
  const said: string[] = [];
  for (const [name, url] of files) {
    if (!url) continue;
    const res = url === '/' ? page : await fetch(new URL(url, base), { headers });
    if (url !== '/') await res.arrayBuffer();
    said.push(`${name} ${res.headers.get('content-encoding') ?? 'uncompressed'}`);
  }
  return said.join(', ');
}

/**
 * A new account made through the header's sign-in dialog and the embedded provider's
 * create-account form (as the journeys' `signUp` does), unthrottled; returns the storage state.
 */
async function signUp(browser: Browser, base: string): Promise<string> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${base}/pricing`);
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  const frame = page.frameLocator('[data-testid="login-dialog"] iframe');
  await frame.getByRole('link', { name: 'Create account' }).click();
  await frame.getByRole('heading', { name: 'Create your account' }).waitFor();
  await frame.getByLabel('Email').fill(`lcp-${Date.now()}@example.test`);
  await frame.getByLabel('Password').fill('a long enough password');
  await frame.getByRole('button', { name: 'Create account' }).click();
  await page.getByTestId('login-dialog').waitFor({ state: 'hidden' });
  // Text, not a function: the bench is compiled without the DOM's types.
  await page.waitForFunction("localStorage.getItem('ai-covers.token')");
  const file = path.join(work, 'signed-in.json');
  await context.storageState({ path: file });
  await context.close();
  return file;
}

interface Run {
  lcpMs: number;
  fcpMs: number;
  /** DOMContentLoaded: the entry (a module script, deferred) has arrived and run. */
  dclMs: number;
  /** Bytes as sent of the document and every resource that had arrived by the LCP. */
  bytesBeforeLcp: number;
  element: string;
  /** Bytes the page received (response bodies as sent, headers excluded). */
  bytes: number;
  requests: number;
}

/**
 * Runs in the page before its own scripts: keeps the latest LCP entry and the first paint. Text,
 * not a function: tsx would wrap a function's inner functions in a helper the page lacks.
 */
const OBSERVE_PAINTS = `
  const describe = (el) => {
    if (!el) return '(removed)';
    const text = (el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
    const cls = typeof el.className === 'string' && el.className ? '.' + el.className.split(' ')[0] : '';
    return el.tagName.toLowerCase() + cls + (text ? ' "' + text + '"' : '');
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__lcp = { t: entry.startTime, el: describe(entry.element) };
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') window.__fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
`;

async function measure(
  browser: Browser,
  base: string,
  pagePath: string,
  storageState?: string,
): Promise<Run> {
  const context: BrowserContext = await browser.newContext({
    viewport: PHONE.viewport,
    deviceScaleFactor: PHONE.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    storageState,
    serviceWorkers: 'block',
  });
  try {
    await context.addInitScript(OBSERVE_PAINTS);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PHONE.latencyMs,
      downloadThroughput: (PHONE.downKbit * 1024) / 8,
      uploadThroughput: (PHONE.upKbit * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
    let bytes = 0;
    let requests = 0;
    const inflight = new Set<string>();
    let lastNetwork = performance.now();
    cdp.on('Network.requestWillBeSent', (e: { requestId: string }) => {
      inflight.add(e.requestId);
      lastNetwork = performance.now();
    });
    const done = (e: { requestId: string }) => {
      inflight.delete(e.requestId);
      lastNetwork = performance.now();
    };
    cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
      bytes += e.encodedDataLength;
      requests++;
      done(e);
    });
    cdp.on('Network.loadingFailed', done);
    const read = async () =>
      (await page.evaluate('({ lcp: window.__lcp, fcp: window.__fcp ?? NaN })')) as {
        lcp?: { t: number; el: string };
        fcp: number;
      };
    await page.goto(`${base}${pagePath}`, { waitUntil: 'load', timeout: 60_000 });
    // LCP may move until the page settles. Settled: no request in flight and the same LCP entry
    // for SETTLE_MS (the lazy page's chunk is asked for only after the entry has run, which on a
    // slowed CPU leaves the network idle for a while: 'networkidle' alone comes too early).
    const settleStarted = performance.now();
    let last = await read();
    let lastChange = performance.now();
    while (performance.now() - settleStarted < SETTLE_LIMIT_MS) {
      await sleep(250);
      const now = await read();
      if (now.lcp?.t !== last.lcp?.t) lastChange = performance.now();
      last = now;
      const quiet = inflight.size === 0 && performance.now() - lastNetwork >= SETTLE_MS;
      if (quiet && performance.now() - lastChange >= SETTLE_MS) break;
    }
    const profile = (await page.evaluate(`(() => {
      const lcp = window.__lcp ? window.__lcp.t : Infinity;
      const nav = performance.getEntriesByType('navigation')[0];
      let before = nav ? nav.encodedBodySize : 0;
      const files = [];
      for (const r of performance.getEntriesByType('resource')) {
        if (r.responseEnd <= lcp) before += r.encodedBodySize;
        files.push(Math.round(r.startTime) + '-' + Math.round(r.responseEnd) + ' ms ' +
          (r.encodedBodySize / 1024).toFixed(1) + ' KiB ' + r.name.replace(location.origin, ''));
      }
      return { dcl: nav ? nav.domContentLoadedEventEnd : NaN, before, files };
    })()`)) as { dcl: number; before: number; files: string[] };
    if (WATERFALL) log(`${pagePath} files (start-end, as sent):\n  ${profile.files.join('\n  ')}`);
    return {
      lcpMs: last.lcp?.t ?? NaN,
      fcpMs: last.fcp,
      dclMs: profile.dcl,
      bytesBeforeLcp: profile.before,
      element: last.lcp?.el ?? '(no LCP entry)',
      bytes,
      requests,
    };
  } finally {
    await context.close();
  }
}

interface PageRow {
  page: string;
  runs: Run[];
  loads: string[];
}

function report(rows: PageRow[], encodings: string, started: string): string {
  const ms = (n: number) => (Number.isFinite(n) ? `${Math.round(n)}` : '—');
  const lines = [
    '# Largest Contentful Paint on a phone profile',
    '',
    `Date: ${started}. Machine: ${os.cpus().length} cores, **shared with other work while measuring** ` +
      '(load average 1/5/15 min before → after each page); a loaded machine makes the 4× CPU slowdown heavier.',
    '',
    `Profile (Lighthouse's mobile numbers, applied through the DevTools protocol): ` +
      `${PHONE.latencyMs} ms request latency, ${PHONE.downKbit} Kbit/s down, ${PHONE.upKbit} Kbit/s up ` +
      `(\`Network.emulateNetworkConditions\`), CPU ${PHONE.cpuSlowdown}× slower ` +
      `(\`Emulation.setCPUThrottlingRate\`), ${PHONE.viewport.width}×${PHONE.viewport.height} at ` +
      `${PHONE.deviceScaleFactor}×, touch, in Chromium. Each run is a cold first visit (a new browser context: ` +
      'empty cache). The product runs as `npm start` runs it (`start:server`, embedded database, the built ' +
      'web app, a fresh data folder). `/account` is signed in (an account made once through the sign-in ' +
      'dialog); the other pages are signed out. LCP is the last `largest-contentful-paint` entry once the ' +
      'network has been quiet and the entry unchanged for 3 s (a run without any entry counts as missing, not in the median); bytes are what the page received; "KiB before LCP" counts the document and every file that had arrived by the LCP, as sent (1.6 Mbit/s is 200 KiB/s).',
    '',
    `Target: LCP ≤ ${TARGET_MS} ms (median of ${RUNS} runs, after one unmeasured load per page).`,
    ...(WEB_DIR ? ['', `Web build served: \`${WEB_DIR}\` (LCP_WEB_DIR).`] : []),
    '',
    `Served as (asked with Chromium's \`Accept-Encoding: ${BROWSER_ACCEPT_ENCODING}\`): ${encodings}.`,
  ];
  lines.push(
    '',
    '## As the product serves its files (`start:server`)',
    '',
    '| page | median LCP ms | median FCP ms | median entry run (DCL) ms | runs (LCP ms) | LCP element (last run) | KiB before LCP | KiB received | requests | load |',
    '|---|---:|---:|---:|---|---|---:|---:|---:|---|',
  );
  for (const { page, runs, loads } of rows) {
    const lcp = median(runs.map((r) => r.lcpMs));
    lines.push(
      `| \`${page}\` | **${ms(lcp)}** ${lcp <= TARGET_MS ? 'PASS' : 'FAIL'} | ${ms(median(runs.map((r) => r.fcpMs)))} | ` +
        `${ms(median(runs.map((r) => r.dclMs)))} | ` +
        `${runs.map((r) => ms(r.lcpMs)).join(', ')} | ${runs.at(-1)!.element.replace(/\|/g, '\\|')} | ` +
        `${Math.round(median(runs.map((r) => r.bytesBeforeLcp)) / 1024)} | ` +
        `${Math.round(median(runs.map((r) => r.bytes)) / 1024)} | ${median(runs.map((r) => r.requests))} | ` +
        `${loads[0]} → ${loads.at(-1)} |`,
    );
  }
  lines.push(
    '',
    'Rerun: `npm run build -w apps/web && npm run web-lcp -w bench` (from the repository root).',
    '',
  );
  return lines.join('\n');
}

/** A fresh server, an account, then every page RUNS times. */
async function runPages(browser: Browser): Promise<{ rows: PageRow[]; encodings: string }> {
  const dataDir = path.join(work, 'data');
  fs.rmSync(dataDir, { recursive: true, force: true });
  // The embedded provider's issuer is the public address: sign-in works only there.
  const base = `http://localhost:${PORT}`;
  const server = startServer(dataDir, base);
  try {
    await waitForHealth(base, server);
    const encodings = await servedEncodings(base);
    log(`server up at ${base}, ${encodings}; load ${load()}`);
    const signedIn = PAGES.some((p) => SIGNED_IN.has(p)) ? await signUp(browser, base) : undefined;
    const rows: PageRow[] = [];
    for (const pagePath of PAGES) {
      const state = SIGNED_IN.has(pagePath) ? signedIn : undefined;
      // One unmeasured load first: the server's first answers (file reads, JIT) are not a visitor's.
      await measure(browser, base, pagePath, state);
      const runs: Run[] = [];
      const loads = [load()];
      for (let i = 0; i < RUNS; i++) {
        const run = await measure(browser, base, pagePath, state);
        log(
          `${pagePath} run ${i + 1}: LCP ${Math.round(run.lcpMs)} ms (${run.element}), ` +
            `FCP ${Math.round(run.fcpMs)} ms, DCL ${Math.round(run.dclMs)} ms, ` +
            `${Math.round(run.bytesBeforeLcp / 1024)} of ${Math.round(run.bytes / 1024)} KiB before LCP`,
        );
        runs.push(run);
      }
      loads.push(load());
      rows.push({ page: pagePath, runs, loads });
    }
    return { rows, encodings };
  } finally {
    await stopServer(server);
  }
}

async function main(): Promise<void> {
  const started = new Date().toISOString();
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html')))
    throw new Error('No web build. Build first: npm run build -w apps/web');
  fs.mkdirSync(work, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
  });
  try {
    const { rows, encodings } = await runPages(browser);
    const text = report(rows, encodings, started);
    console.log(text);
    if (process.env.LCP_WRITE !== '0')
      fs.writeFileSync(path.join(here, process.env.LCP_RESULTS ?? 'lcp-results.md'), text);
    if (rows.some((r) => median(r.runs.map((x) => x.lcpMs)) > TARGET_MS)) process.exitCode = 1;
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 2;
  });
}
