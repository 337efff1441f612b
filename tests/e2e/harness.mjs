// The harness of the browser test (run.mjs runs it): the browser, the server or the static
// site, the overall timeout, the checks and the helpers that every file of tests/e2e/views/
// imports, and `main`, which runs the tests in the order the files declared them.
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { loadEngine, siteFiles, startStatic } from './site.mjs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '..', '..');
export const JG = process.env.JG_BIN || path.join(root, 'target', 'release', 'jg');
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
export const SHOTS = path.join(root, 'target', 'e2e');
export const FIGURES = path.join(root, 'docs', 'figures');
export const TIMEOUT_MS = Number(process.env.JG_E2E_TIMEOUT_SECONDS || 300) * 1000;
export const argv = process.argv.slice(2);
export const updateFigures = argv.includes('--update-figures');
export const filterAt = argv.indexOf('--filter');
export const filter = filterAt >= 0 ? argv[filterAt + 1] || '' : '';
export const siteAt = argv.indexOf('--site');
export const SITE = siteAt >= 0 ? path.resolve(argv[siteAt + 1] || '') : null;
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

// ---- Cleanup: the server, the browser and the profile go whatever happens -----------------------

export let server = null;
export let context = null;
export let profile = null;
let cleaned = false;

export async function cleanup() {
  if (cleaned) return;
  cleaned = true;
  if (context) {
    await Promise.race([context.close().catch(() => {}), sleep(10000)]);
  }
  if (server && server.exitCode === null && server.signalCode === null) {
    server.kill('SIGTERM');
    const gone = await Promise.race([
      new Promise((r) => server.once('exit', () => r(true))),
      sleep(3000).then(() => false),
    ]);
    if (!gone) server.kill('SIGKILL');
  }
  if (profile) await fs.rm(profile, { recursive: true, force: true }).catch(() => {});
}

export function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

// The counts so far (the overall timeout reports them, with the test it stopped as failed).
let passed = 0;
let failed = 0;
let timedOut = false;

export const overall = setTimeout(async () => {
  timedOut = true;
  console.log(`e2e: the whole run took longer than ${TIMEOUT_MS / 1000} s (JG_E2E_TIMEOUT_SECONDS): stopped`);
  console.log(`test result: FAILED. ${passed} passed; ${failed + 1} failed; 0 ignored; 0 measured; 0 filtered out`);
  await cleanup();
  process.exit(1);
}, TIMEOUT_MS);

for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, async () => {
    await cleanup();
    process.exit(130);
  });
}

// ---- The server --------------------------------------------------------------------------------

// Starts `jg serve --port 0` and resolves to the address of its listening line.
export function startServer() {
  return new Promise((resolve, reject) => {
    server = spawn(JG, ['serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`jg serve printed no listening line in 60 s; stderr: ${err}`)), 60000);
    server.on('error', (e) => {
      clearTimeout(timer);
      reject(new Error(`cannot start ${JG}: ${e.message} (build it with cargo build --release --bin jg, or set JG_BIN)`));
    });
    server.stdout.on('data', (chunk) => {
      out += chunk;
      const m = out.match(/jg serve: listening on (http:\/\/\S+?)\/?(\s|$)/);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    server.stderr.on('data', (chunk) => {
      err += chunk;
      if (err.length > 1 << 16) err = err.slice(-(1 << 15));
    });
    server.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`jg serve exited (${code ?? signal}) before listening; stdout: ${out} stderr: ${err}`));
    });
  });
}

export let base = '';

// The engine of the static site, loaded in Node (--site).
export let engine = null;

// The API itself, asked by the test (not through the page): what the page must show. With
// --site, the site's own engine answers (there is no server).
export async function api(method, route, body, raw) {
  if (engine) {
    const bytes = body === undefined ? new Uint8Array() : raw ? new Uint8Array(body) : new TextEncoder().encode(JSON.stringify(body));
    const answer = engine.call(method, route, bytes);
    const status = answer.status;
    const data = JSON.parse(new TextDecoder().decode(answer.takeBody()));
    answer.free();
    return { status, data };
  }
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['content-type'] = raw ? 'application/octet-stream' : 'application/json';
    init.body = raw ? body : JSON.stringify(body);
  }
  const res = await fetch(base + route, init);
  const data = await res.json();
  return { status: res.status, data };
}

// ---- Checks ------------------------------------------------------------------------------------

export class Failure extends Error {}

export function check(cond, what) {
  if (!cond) throw new Failure(what);
}

export function same(actual, expected, what) {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Failure(`${what}: the page shows ${a}, expected ${e}`);
}

// ---- The page ----------------------------------------------------------------------------------

export let page = null;
export const pageErrors = [];
export const foreign = [];
export let files = null; // with --site, the paths of the site's files

// Waits until the page has no request in flight.
export async function settled() {
  await page.waitForSelector('body[data-busy="false"]', { state: 'attached' });
}

export async function numbers(selector) {
  return page.$$eval(selector, (els) => els.map((e) => Number(e.dataset.n)));
}

export async function count(selector) {
  return page.$$eval(selector, (els) => els.length);
}

export async function text(selector) {
  return (await page.textContent(selector)) || '';
}

export async function line() {
  return numbers('#line li[data-n]');
}

export async function shot(name) {
  await fs.mkdir(SHOTS, { recursive: true });
  const file = path.join(SHOTS, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

// ---- Layout: every page at the three sizes --------------------------------------------------

export const SIZES = [
  ['phone', 390, 844],
  ['tablet', 768, 1024],
  ['desktop', 1280, 800],
];
export const figures = [];

// Checks the page as it is at each of the three sizes: nothing wider than the window (no
// horizontal scroll; a box that scrolls on its own, a proof's table, is not the page's), and on
// the phone the board's numbers large enough to tap. Screenshots at each size go to
// target/e2e/; with --update-figures, the phone's and the desktop's to docs/figures/. Ends at
// the desktop size.
export async function fits(name, scrollTo) {
  for (const [size, width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(50);
    const o = await page.evaluate(() => {
      const doc = document.documentElement;
      const w = doc.clientWidth;
      const wide = [];
      for (const el of document.querySelectorAll('body *')) {
        if (el.closest('[hidden]') || el.closest('.visually-hidden')) continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue;
        if (r.right <= w + 0.5 && r.left >= -0.5) continue;
        let boxed = false;
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
          const x = getComputedStyle(p).overflowX;
          if (x === 'auto' || x === 'scroll') boxed = true;
        }
        if (!boxed) wide.push(`${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${el.className} ${Math.round(r.left)}..${Math.round(r.right)}`);
      }
      return { scroll: Math.max(doc.scrollWidth, document.body.scrollWidth), width: w, wide: wide.slice(0, 5) };
    });
    check(o.scroll <= o.width, `${name} at ${width}×${height}: the page is ${o.scroll} px wide in a window of ${o.width} (${o.wide.join('; ')})`);
    check(o.wide.length === 0, `${name} at ${width}×${height}: elements past the window's edge: ${o.wide.join('; ')}`);
    if (size === 'phone' && (await page.isVisible('#view-play'))) {
      const small = await page.$$eval('#board .cell', (els) =>
        els.slice(0, 100).filter((e) => {
          const r = e.getBoundingClientRect();
          return r.width < 30 || r.height < 30;
        }).length,
      );
      same(small, 0, `${name}: board numbers smaller than 30×30 px on a phone`);
    }
    if (scrollTo) await page.$eval(scrollTo, (el) => el.scrollIntoView({ block: 'start' }));
    const file = await shot(`${name}-${size}`);
    if (size !== 'tablet') figures.push([file, path.join(FIGURES, `serve-${name}-${size}.png`)]);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

// ---- Helpers of the scenario ------------------------------------------------------------------

// Opens a view by its tab (loading the page first when a filter skipped the tests before).
export async function openView(name) {
  if (!page.url().startsWith(base)) {
    await page.goto(`${base}/`);
    await settled();
  }
  await page.click(`#tab-${name}`);
  await page.waitForSelector(`#view-${name}:not([hidden])`);
}

export async function english() {
  if ((await page.getAttribute('html', 'lang')) !== 'en') {
    await page.click('#language');
    await page.waitForSelector('html[lang="en"]');
  }
}

export async function hints(on) {
  if ((await page.getAttribute('#hint', 'aria-pressed')) !== String(on)) {
    await page.click('#hint');
    await settled();
  }
}

export async function newGame(n, side, opponent, names) {
  await page.fill('#n', String(n));
  await page.selectOption('#opponent', opponent);
  if (opponent === 'person') {
    await page.fill('#name-1', names ? names[0] : '');
    await page.fill('#name-2', names ? names[1] : '');
  } else {
    await page.selectOption('#side', side);
  }
  await page.click('#new-game');
  await settled();
}

// The game the page holds, as the API sees it (hints on).
export async function position(n, you, moves, opponent = 'perfect') {
  const r = await api('POST', '/api/game', { n, you, opponent, seed: 0, line: moves, hints: true });
  check(r.status === 200, `the API refused the page's line ${moves.join(' ')}: ${JSON.stringify(r.data)}`);
  return r.data;
}

export async function clickNumber(k) {
  await page.click(`#board .cell[data-n="${k}"]`);
  await settled();
}

export async function expectBoardMatches(n, you, what, opponent = 'perfect') {
  const moves = await line();
  const p = await position(n, you, moves, opponent);
  same(moves, p.line, `${what}: the line is one the API accepts as complete`);
  same(await numbers('#board .cell.legal'), p.legal, `${what}: allowed numbers`);
  same(await numbers('#board .cell.played'), [...p.line].sort((a, b) => a - b), `${what}: played numbers`);
  return p;
}

// The bytes the link `selector` downloads (from the server's route, or made by the site's
// engine), checked by the verifier as the API's verify route checks them.
export async function downloadChecks(selector, what) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  const bytes = await fs.readFile(await download.path());
  const v = await api('POST', '/api/verify', bytes, true);
  check(v.status === 200 && v.data.valid === true, `${what} checks: ${JSON.stringify(v.data)}`);
  return { bytes, name: download.suggestedFilename() };
}

// Plays while it is the person's turn (at most `most` moves), the number `choose` picks.
export async function playWhileMyTurn(choose, most = 20) {
  for (let turn = 0; turn < most; turn++) {
    if ((await page.getAttribute('body', 'data-state')) !== 'you') return;
    await clickNumber(await choose());
  }
}

// The Review view shows the API's review of `moves` on 1..n: the first mistake, each mark.
export async function expectReviewMatches(n, moves) {
  // The review on the page may still be the one before: wait for the review of this line.
  await page.waitForSelector(`#review-summary[data-line="${moves.join(' ')}"]`);
  const r = await api('POST', '/api/review', { n, line: moves });
  same(r.status, 200, 'the review route');
  same(await page.getAttribute('#review-summary', 'data-first-mistake'), r.data.first_mistake == null ? '' : String(r.data.first_mistake), 'the first mistake');
  same(await page.$$eval('#review-moves li', (els) => els.map((e) => e.dataset.verdict)),
    r.data.moves.map((m) => (m.mistake ? 'mistake' : m.winning.length ? 'kept' : 'lost')), 'each move\'s mark');
  return r.data;
}

// ---- The scenario --------------------------------------------------------------------------------

export const tests = [];
export const test = (name, fn) => tests.push({ name, fn });

// A test that works on another page (a second browser) makes it the page the helpers use, and
// gives the first one back after.
export function usePage(p) {
  const before = page;
  page = p;
  return before;
}

// A folder for the files a test writes (removed at the end).
let scratch = null;
export async function scratchDir() {
  if (!scratch) scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'jg-e2e-'));
  return scratch;
}

// ---- Main ----------------------------------------------------------------------------------------

export async function main() {
  const started = Date.now();
  const failures = [];
  const chosen = tests.filter((t) => t.name.includes(filter) && (SITE || !t.name.startsWith('site::')));
  try {
    if (SITE) {
      engine = await loadEngine(SITE);
      files = await siteFiles(SITE);
      const started = await startStatic(SITE);
      server = started.child;
      base = started.base;
      console.log(`e2e: the static site ${SITE} at ${base} (python3 -m http.server), browser ${CHROMIUM}`);
    } else {
      base = process.env.JG_E2E_URL ? process.env.JG_E2E_URL.replace(/\/$/, '') : await startServer();
      console.log(`e2e: ${process.env.JG_E2E_URL ? 'server' : JG} at ${base}, browser ${CHROMIUM}`);
    }
    profile = await fs.mkdtemp(path.join(os.tmpdir(), 'jg-e2e-profile-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1280, height: 800 },
      locale: 'en-US',
      acceptDownloads: true,
    });
    page = context.pages()[0] || (await context.newPage());
    page.setDefaultTimeout(30000);
    page.on('pageerror', (e) => pageErrors.push(String(e)));
    page.on('console', (m) => {
      // The browser logs every 4xx it receives; the tests ask for some on purpose.
      if (m.type() === 'error' && !/^Failed to load resource: the server responded with a status of 4\d\d/.test(m.text())) {
        pageErrors.push(`console: ${m.text()}`);
      }
    });
    // Every request of the page, its workers and its service worker: to the server, or with
    // --site to one of the site's files.
    context.on('request', (r) => {
      const u = r.url();
      if (u.startsWith('blob:') || u.startsWith('data:')) return;
      if (!u.startsWith(`${base}/`)) foreign.push(u);
      else if (files && !files.has(new URL(u).pathname)) foreign.push(u);
    });
  } catch (e) {
    console.log(`e2e: could not start: ${e.message}`);
    console.log('test result: FAILED. 0 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out');
    await cleanup();
    return 1;
  }
  console.log(`\nrunning ${chosen.length} tests`);
  for (const t of chosen) {
    try {
      await t.fn();
      if (timedOut) break;
      passed++;
      console.log(`test ${t.name} ... ok`);
    } catch (e) {
      if (timedOut) break;
      failed++;
      failures.push([t.name, e]);
      console.log(`test ${t.name} ... FAILED`);
      await shot(`failed-${t.name.replace(/\W+/g, '-')}`).catch(() => {});
    }
  }
  if (timedOut) return new Promise(() => {}); // the timeout's handler reports and exits
  if (failures.length) {
    console.log('\nfailures:\n');
    for (const [name, e] of failures) {
      console.log(`---- ${name} ----\n${e instanceof Failure ? e.message : e.stack}\n`);
    }
    console.log(`failures:\n${failures.map(([n]) => `    ${n}`).join('\n')}`);
  }
  const secs = ((Date.now() - started) / 1000).toFixed(2);
  console.log(
    `\ntest result: ${failed ? 'FAILED' : 'ok'}. ${passed} passed; ${failed} failed; 0 ignored; 0 measured; ` +
      `${tests.length - chosen.length} filtered out; finished in ${secs}s`,
  );
  console.log(`screenshots: ${path.relative(process.cwd(), SHOTS) || SHOTS}/`);
  await cleanup();
  if (scratch) await fs.rm(scratch, { recursive: true, force: true }).catch(() => {});
  return failed ? 1 : 0;
}
