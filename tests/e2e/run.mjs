#!/usr/bin/env node
// End-to-end test of `jg serve`'s web app in a real browser (Debian's Chromium, driven by
// playwright-core). Starts `jg serve --port 0`, plays whole games on n = 20 against the perfect
// player (a hint, an undo, the end), looks at the Results view, verifies certificates/cert-117.bin
// by upload and a truncated copy; every check compares what the page shows with what the JSON
// API answers to the same request. Prints cargo's summary line (`test result: ok. K passed;
// 0 failed`) so that .ci/run counts it, and exits non-zero on any failure.
//
//   node tests/e2e/run.mjs [--update-figure] [--filter WORD]
//
// Environment: JG_BIN (default target/release/jg), JG_E2E_URL (test a server already running
// there instead of starting one), CHROMIUM (default /usr/bin/chromium), JG_E2E_TIMEOUT_SECONDS
// (default 300: the whole run). Screenshots go to target/e2e/; --update-figure copies the Play
// view's to docs/figures/serve-play.png.
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const JG = process.env.JG_BIN || path.join(root, 'target', 'release', 'jg');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const SHOTS = path.join(root, 'target', 'e2e');
const FIGURE = path.join(root, 'docs', 'figures', 'serve-play.png');
const TIMEOUT_MS = Number(process.env.JG_E2E_TIMEOUT_SECONDS || 300) * 1000;
const argv = process.argv.slice(2);
const updateFigure = argv.includes('--update-figure');
const filterAt = argv.indexOf('--filter');
const filter = filterAt >= 0 ? argv[filterAt + 1] || '' : '';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

// ---- Cleanup: the server, the browser and the profile go whatever happens -----------------------

let server = null;
let context = null;
let profile = null;
let cleaned = false;

async function cleanup() {
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

function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

// The counts so far (the overall timeout reports them, with the test it stopped as failed).
let passed = 0;
let failed = 0;
let timedOut = false;

const overall = setTimeout(async () => {
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
function startServer() {
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

let base = '';

// The API itself, asked by the test (not through the page): what the page must show.
async function api(method, route, body, raw) {
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

class Failure extends Error {}

function check(cond, what) {
  if (!cond) throw new Failure(what);
}

function same(actual, expected, what) {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Failure(`${what}: the page shows ${a}, expected ${e}`);
}

// ---- The page ----------------------------------------------------------------------------------

let page = null;
const pageErrors = [];
const foreign = [];

// Waits until the page has no request in flight.
async function settled() {
  await page.waitForSelector('body[data-busy="false"]', { state: 'attached' });
}

async function numbers(selector) {
  return page.$$eval(selector, (els) => els.map((e) => Number(e.dataset.n)));
}

async function count(selector) {
  return page.$$eval(selector, (els) => els.length);
}

async function line() {
  return numbers('#line li[data-n]');
}

async function shot(name) {
  await fs.mkdir(SHOTS, { recursive: true });
  const file = path.join(SHOTS, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

// Opens a view by its tab (loading the page first when a filter skipped the tests before).
async function openView(name) {
  if (!page.url().startsWith(base)) {
    await page.goto(`${base}/`);
    await settled();
  }
  await page.click(`#tab-${name}`);
  await page.waitForSelector(`#view-${name}:not([hidden])`);
}

async function newGame(n, side, opponent) {
  await page.fill('#n', String(n));
  await page.selectOption('#side', side);
  await page.selectOption('#opponent', opponent);
  await page.click('#new-game');
  await settled();
}

// The game the page holds, as the API sees it (hints on).
async function position(n, you, moves, hints = true) {
  const r = await api('POST', '/api/game', { n, you, opponent: 'perfect', seed: 0, line: moves, hints });
  check(r.status === 200, `the API refused the page's line ${moves.join(' ')}: ${JSON.stringify(r.data)}`);
  return r.data;
}

async function clickNumber(k) {
  await page.click(`#board .cell[data-n="${k}"]`);
  await settled();
}

async function expectBoardMatches(n, you, what, hints = true) {
  const moves = await line();
  const p = await position(n, you, moves, hints);
  same(moves, p.line, `${what}: the line is one the API accepts as complete`);
  same(await numbers('#board .cell.legal'), p.legal, `${what}: legal numbers`);
  same(await numbers('#board .cell.played'), [...p.line].sort((a, b) => a - b), `${what}: played numbers`);
  return p;
}

// ---- The scenario --------------------------------------------------------------------------------

const tests = [];
const test = (name, fn) => tests.push({ name, fn });

test('play::opens_on_a_game_ready_to_play', async () => {
  await page.goto(base + '/');
  await settled();
  await page.waitForSelector('body[data-state="you"]', { state: 'attached' });
  await newGame(20, 'first', 'perfect');
  check((await count('#board .cell')) === 20, 'the board has the numbers 1..20');
  const p = await expectBoardMatches(20, 'first', 'a new game');
  check(p.legal.length > 0 && p.legal.every((k) => k % 2 === 0), 'the first move must be even');
  same(await line(), [], 'the line of a new game');
});

let hinted = [];
test('play::hint_marks_the_winning_moves_the_api_gives', async () => {
  check((await numbers('#board .cell.winning')).length === 0, 'no winning number is marked before the hint');
  await page.click('#hint');
  await settled();
  same(await page.getAttribute('#hint', 'aria-pressed'), 'true', 'the hint button is pressed');
  const p = await position(20, 'first', await line());
  hinted = await numbers('#board .cell.winning');
  same(hinted, p.winning, 'winning numbers marked after the hint');
  check(hinted.length > 0, 'the first player has a winning opening on 1..20 (the API says so)');
  check(hinted.every((k) => p.legal.includes(k)), 'every winning number is legal');
  const text = await page.textContent('#hint-text');
  check(hinted.every((k) => text.includes(String(k))), `the hint text names every winning move: ${text}`);
});

test('play::a_move_gets_the_opponents_reply', async () => {
  const k = hinted[0];
  await clickNumber(k);
  const moves = await line();
  same(moves.length, 2, 'the line after a move and its reply (length)');
  same(moves[0], k, 'the first move is the number clicked');
  await expectBoardMatches(20, 'first', 'after the reply');
  const status = await page.textContent('#status');
  check(status.includes(String(moves[1])), `the status names the reply ${moves[1]}: ${status}`);
});

test('play::undo_takes_back_to_your_previous_turn', async () => {
  const k = (await numbers('#board .cell.winning'))[0];
  check(k !== undefined, 'a winning move is marked after the reply');
  await clickNumber(k);
  const before = await line();
  check(before.length >= 3, `the line grew after a second move: ${before.join(' ')}`);
  // Playing first, the person's moves are the even places of the line; undo cuts the line
  // before the last of them (and so also drops the reply to it, if any).
  const mine = before.length % 2 === 1 ? before.length - 1 : before.length - 2;
  await page.click('#undo');
  await settled();
  const after = await line();
  check(after.length < before.length, `the line shrank: ${before.join(' ')} -> ${after.join(' ')}`);
  same(after, before.slice(0, mine), "the line after undo (the person's last move and what followed removed)");
  const p = await expectBoardMatches(20, 'first', 'after undo');
  same(await numbers('#board .cell.winning'), p.winning, 'winning numbers marked after undo');
  await shot('01-play-after-undo');
});

test('play::a_whole_game_to_the_end_message', async () => {
  for (let turn = 0; turn < 20; turn++) {
    if ((await page.getAttribute('body', 'data-state')) !== 'you') break;
    const winning = await numbers('#board .cell.winning');
    const legal = await numbers('#board .cell.legal');
    check(winning.length > 0, `playing the winning moves keeps one available (line ${await line()})`);
    check(legal.length > 0, 'a legal move is marked while the game is on');
    await clickNumber(winning[0]);
  }
  same(await page.getAttribute('body', 'data-state'), 'over', 'the game is over');
  const moves = await line();
  const p = await position(20, 'first', moves);
  check(p.over, `the API says the game is over after ${moves.join(' ')}`);
  check(await page.isVisible('#result'), 'the end box is shown');
  same(await page.textContent('#message'), p.message, 'the end message');
  same(await page.getAttribute('#result', 'data-winner'), p.winner, 'the winner');
  same(p.winner, 'you', 'the winner after playing the winning moves the hints gave');
  check(!(await page.isVisible('#strategy-box')), 'no strategy is shown when the perfect player lost');
  check(!(await page.isVisible('#certificate')), 'no certificate is offered when the perfect player lost');
  same(await numbers('#board .cell.legal'), [], 'no legal number is marked at the end');
  await shot('02-play-won');
});

test('play::a_perfect_player_win_shows_its_strategy_and_certificate', async () => {
  await newGame(20, 'second', 'perfect');
  check((await line()).length === 1, 'the perfect player opens when the person plays second');
  for (let turn = 0; turn < 20; turn++) {
    if ((await page.getAttribute('body', 'data-state')) !== 'you') break;
    const legal = await numbers('#board .cell.legal');
    await clickNumber(legal[legal.length - 1]);
  }
  const moves = await line();
  const p = await position(20, 'second', moves);
  check(p.over, 'the game is over');
  same(p.winner, 'opponent', 'the perfect player wins n = 20 as the first player');
  same(await page.textContent('#message'), p.message, 'the end message');
  same(await page.textContent('#strategy'), p.strategy, 'the strategy in words');
  check(await page.isVisible('#strategy-box'), 'the strategy is shown');
  check(typeof p.strategy === 'string' && p.strategy.length > 0, 'the API gives a strategy after a perfect-player win');
  const href = await page.getAttribute('#certificate-link', 'href');
  same(href, p.certificate, 'the certificate link');
  check(await page.isVisible('#certificate-link'), 'the certificate link is shown');
  // The link's bytes are a certificate the verifier accepts.
  const res = await fetch(new URL(href, base));
  check(res.ok, `the certificate downloads (${res.status})`);
  const bytes = Buffer.from(await res.arrayBuffer());
  const v = await api('POST', '/api/verify', bytes, true);
  check(v.status === 200 && v.data.valid === true, `the downloaded certificate checks: ${JSON.stringify(v.data)}`);
  await shot('03-play-lost');
});

test('play::the_servers_error_sentence_is_shown', async () => {
  await newGame(20, 'first', 'perfect');
  // A move the rules refuse, typed: the page does not judge it, the server does.
  await page.fill('#move', '7');
  await page.click('#play-move');
  await settled();
  const illegal = await api('POST', '/api/game', { n: 20, you: 'first', opponent: 'perfect', seed: 0, line: [7], hints: true });
  same(illegal.status, 422, 'the API refuses an odd opening');
  same(await page.textContent('#play-error'), illegal.data.error, 'the error shown for an illegal move');
  same(await line(), [], 'the refused move is not in the line');
  // n out of range: the game on screen stays.
  await page.fill('#n', '10001');
  await page.click('#new-game');
  await settled();
  const range = await api('POST', '/api/game', { n: 10001, you: 'first', opponent: 'perfect', seed: 0, line: [] });
  same(range.status, 422, 'the API refuses n = 10 001');
  same(await page.textContent('#play-error'), range.data.error, 'the error shown for n out of range');
  same(await count('#board .cell'), 20, 'the board of the game on screen stays');
});

test('play::n_10000_stays_usable', async () => {
  await openView('play');
  // Hints off: the winning moves of a large board are the server's cost, not the page's.
  if ((await page.getAttribute('#hint', 'aria-pressed')) === 'true') {
    await page.click('#hint');
    await settled();
  }
  const t0 = Date.now();
  await newGame(10000, 'first', 'fewest-replies');
  const tNew = Date.now() - t0;
  const paintNew = await page.getAttribute('body', 'data-paint-ms');
  same(await count('#board .cell'), 10000, 'the board of n = 10 000 (cells)');
  const p = await position(10000, 'first', [], false);
  const legal = await numbers('#board .cell.legal');
  same(legal.length, p.legal.length, 'legal numbers at n = 10 000 (count)');
  const t1 = Date.now();
  await clickNumber(legal[legal.length - 1]);
  const tMove = Date.now() - t1;
  const paintMove = await page.getAttribute('body', 'data-paint-ms');
  same((await line()).length, 2, 'a move and its reply at n = 10 000 (line length)');
  await expectBoardMatches(10000, 'first', 'after a move at n = 10 000', false);
  console.log(
    `    n = 10 000: new game ${tNew} ms (script ${paintNew} ms), a move and its reply ${tMove} ms ` +
      `(script ${paintMove} ms); wall times of page and server on this shared machine`,
  );
});

test('play::figure_of_the_play_view', async () => {
  await openView('play');
  if ((await page.getAttribute('#hint', 'aria-pressed')) !== 'true') {
    await page.click('#hint');
    await settled();
  }
  await newGame(100, 'first', 'perfect');
  for (let i = 0; i < 2; i++) {
    const w = await numbers('#board .cell.winning');
    await clickNumber(w.length ? w[w.length - 1] : (await numbers('#board .cell.legal'))[0]);
  }
  check(await page.isVisible('#hint-text'), 'the hint is still on');
  const file = await shot('04-play-figure');
  if (updateFigure) {
    await fs.mkdir(path.dirname(FIGURE), { recursive: true });
    await fs.copyFile(file, FIGURE);
    console.log(`    wrote ${path.relative(root, FIGURE)}`);
  }
});

test('results::theorem_chart_and_any_n', async () => {
  await openView('results');
  const t = await api('GET', '/api/theorem');
  same(t.status, 200, 'the theorem route');
  await page.waitForFunction((s) => document.getElementById('theorem-statement').textContent === s, t.data.statement);
  same(await page.textContent('#theorem-proof'), t.data.proof, 'the proof line');
  await page.waitForSelector('#chart:not([hidden])');
  await page.waitForFunction(() => document.getElementById('chart').complete);
  check((await page.$eval('#chart', (img) => img.naturalWidth)) > 0, 'the chart is drawn');
  const big = '18446744073709551615';
  await page.fill('#results-n', big);
  await page.click('#results-go');
  await page.waitForSelector('#results-out:not([hidden])');
  const r = await api('GET', `/api/results/${big}`);
  same(r.status, 200, 'the results route at 2^64 - 1');
  same(await page.textContent('#results-n-out'), r.data.n, 'n shown exactly (no float rounding)');
  same(await page.getAttribute('#results-out', 'data-winner'), r.data.winner, 'the winner at 2^64 - 1');
  await shot('05-results');
  await page.fill('#results-n', '18446744073709551616');
  await page.click('#results-go');
  await page.waitForSelector('#results-error:not([hidden])');
  const e = await api('GET', '/api/results/18446744073709551616');
  check(e.status >= 400 && e.status < 500, `the API refuses 2^64 (${e.status})`);
  same(await page.textContent('#results-error'), e.data.error, 'the error shown for 2^64');
});

let scratch = null;
test('verify::cert_117_is_valid', async () => {
  await openView('verify');
  const file = path.join(root, 'certificates', 'cert-117.bin');
  await page.setInputFiles('#cert-file', file);
  await page.waitForSelector('#verdict:not([hidden]), #verify-error:not([hidden])');
  check(!(await page.isVisible('#verify-error')), `no error: ${await page.textContent('#verify-error')}`);
  const v = await api('POST', '/api/verify', await fs.readFile(file), true);
  same(v.status, 200, 'the API checks cert-117.bin');
  same(v.data.valid, true, 'the API says cert-117.bin is valid');
  same(await page.getAttribute('#verdict', 'data-valid'), 'true', 'the verdict shown');
  const text = await page.textContent('#verdict');
  check(text.includes(v.data.verdict), `the verdict line is shown: ${text}`);
  check(text.includes('117'), `the verdict names n = 117: ${text}`);
  await shot('06-verify-valid');
});

test('verify::a_truncated_copy_is_refused', async () => {
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'jg-e2e-'));
  const bytes = await fs.readFile(path.join(root, 'certificates', 'cert-117.bin'));
  const cut = path.join(scratch, 'cert-117-truncated.bin');
  await fs.writeFile(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
  await page.setInputFiles('#cert-file', cut);
  await page.waitForSelector('#verdict:not([hidden]), #verify-error:not([hidden])');
  if (await page.isVisible('#verdict')) {
    throw new Failure(`the page shows a verdict, not an error: ${await page.textContent('#verdict')}`);
  }
  const v = await api('POST', '/api/verify', bytes.subarray(0, Math.floor(bytes.length / 2)), true);
  same(v.status, 422, 'the API refuses a truncated certificate');
  same(await page.textContent('#verify-error'), v.data.error, 'the error shown for a truncated file');
  check(!(await page.isVisible('#verdict')), 'no verdict is shown for a refused file');
  await shot('07-verify-truncated');
});

test('page::offline_and_no_script_error', async () => {
  same(foreign, [], 'requests outside the server');
  same(pageErrors, [], 'script errors');
});

// ---- Main ----------------------------------------------------------------------------------------

async function main() {
  const started = Date.now();
  const failures = [];
  const chosen = tests.filter((t) => t.name.includes(filter));
  try {
    base = process.env.JG_E2E_URL ? process.env.JG_E2E_URL.replace(/\/$/, '') : await startServer();
    console.log(`e2e: ${process.env.JG_E2E_URL ? 'server' : JG} at ${base}, browser ${CHROMIUM}`);
    profile = await fs.mkdtemp(path.join(os.tmpdir(), 'jg-e2e-profile-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1100, height: 860 },
      acceptDownloads: false,
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
    page.on('request', (r) => {
      const u = r.url();
      if (!u.startsWith(base) && !u.startsWith('blob:') && !u.startsWith('data:')) foreign.push(u);
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

main()
  .then((code) => {
    clearTimeout(overall);
    process.exit(code);
  })
  .catch(async (e) => {
    console.log(`e2e: ${e.stack}`);
    console.log('test result: FAILED. 0 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out');
    await cleanup();
    process.exit(1);
  });
