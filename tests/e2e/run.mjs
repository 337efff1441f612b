#!/usr/bin/env node
// End-to-end test of `jg serve`'s web app in a real browser (Debian's Chromium, driven by
// playwright-core). Starts `jg serve --port 0` and goes through every view as a class would:
// games on n = 20 against the levels and between two people on one screen (hints, "Why?", undo,
// the end in words), the review of a game, refusals in plain words, settings that wait for "New
// game", n = 10 000, the Results view (the theorem and the chart first, "How do we know?", any n,
// a readable proof and its certificate), the Verify view, and the French pages. Every check
// compares what the page shows with what the JSON API answers to the same request; at the
// phone, tablet and desktop sizes (390×844, 768×1024, 1280×800) every view must fit the window
// with no horizontal scroll. Prints cargo's summary line (`test result: ok. K passed; 0 failed`)
// so that .ci/run counts it, and exits non-zero on any failure.
//
// With --site DIR the same tests run against the static site that scripts/site.sh built in DIR,
// served by a plain static server (python3 -m http.server) with no jg process running: the
// answers the page must show are then the site's own engine's (DIR/engine, loaded here in Node;
// tests/e2e/agree.mjs checks that engine against the native library), and one more test plays
// a class's lesson on a phone, then offline. Any request for something other than the site's
// files (the server's pages and API, in the other mode) fails the run.
//
//   node tests/e2e/run.mjs [--site DIR] [--update-figures] [--filter WORD]
//
// Environment: JG_BIN (default target/release/jg), JG_E2E_URL (test a server already running
// there instead of starting one), CHROMIUM (default /usr/bin/chromium), JG_E2E_TIMEOUT_SECONDS
// (default 300: the whole run). Screenshots go to target/e2e/; --update-figures copies the phone's
// and the desktop's of each view to docs/figures/serve-VIEW-{phone,desktop}.png.
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { loadEngine, siteFiles, startStatic } from './site.mjs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const JG = process.env.JG_BIN || path.join(root, 'target', 'release', 'jg');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const SHOTS = path.join(root, 'target', 'e2e');
const FIGURES = path.join(root, 'docs', 'figures');
const TIMEOUT_MS = Number(process.env.JG_E2E_TIMEOUT_SECONDS || 300) * 1000;
const argv = process.argv.slice(2);
const updateFigures = argv.includes('--update-figures');
const filterAt = argv.indexOf('--filter');
const filter = filterAt >= 0 ? argv[filterAt + 1] || '' : '';
const siteAt = argv.indexOf('--site');
const SITE = siteAt >= 0 ? path.resolve(argv[siteAt + 1] || '') : null;
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

// The engine of the static site, loaded in Node (--site).
let engine = null;

// The API itself, asked by the test (not through the page): what the page must show. With
// --site, the site's own engine answers (there is no server).
async function api(method, route, body, raw) {
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
let files = null; // with --site, the paths of the site's files

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

async function text(selector) {
  return (await page.textContent(selector)) || '';
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

// ---- Layout: every page at the three sizes --------------------------------------------------

const SIZES = [
  ['phone', 390, 844],
  ['tablet', 768, 1024],
  ['desktop', 1280, 800],
];
const figures = [];

// Checks the page as it is at each of the three sizes: nothing wider than the window (no
// horizontal scroll; a box that scrolls on its own, a proof's table, is not the page's), and on
// the phone the board's numbers large enough to tap. Screenshots at each size go to
// target/e2e/; with --update-figures, the phone's and the desktop's to docs/figures/. Ends at
// the desktop size.
async function fits(name, scrollTo) {
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
async function openView(name) {
  if (!page.url().startsWith(base)) {
    await page.goto(`${base}/`);
    await settled();
  }
  await page.click(`#tab-${name}`);
  await page.waitForSelector(`#view-${name}:not([hidden])`);
}

async function english() {
  if ((await page.getAttribute('html', 'lang')) !== 'en') {
    await page.click('#language');
    await page.waitForSelector('html[lang="en"]');
  }
}

async function hints(on) {
  if ((await page.getAttribute('#hint', 'aria-pressed')) !== String(on)) {
    await page.click('#hint');
    await settled();
  }
}

async function newGame(n, side, opponent, names) {
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
async function position(n, you, moves, opponent = 'perfect') {
  const r = await api('POST', '/api/game', { n, you, opponent, seed: 0, line: moves, hints: true });
  check(r.status === 200, `the API refused the page's line ${moves.join(' ')}: ${JSON.stringify(r.data)}`);
  return r.data;
}

async function clickNumber(k) {
  await page.click(`#board .cell[data-n="${k}"]`);
  await settled();
}

async function expectBoardMatches(n, you, what, opponent = 'perfect') {
  const moves = await line();
  const p = await position(n, you, moves, opponent);
  same(moves, p.line, `${what}: the line is one the API accepts as complete`);
  same(await numbers('#board .cell.legal'), p.legal, `${what}: allowed numbers`);
  same(await numbers('#board .cell.played'), [...p.line].sort((a, b) => a - b), `${what}: played numbers`);
  return p;
}

// The bytes the link `selector` downloads (from the server's route, or made by the site's
// engine), checked by the verifier as the API's verify route checks them.
async function downloadChecks(selector, what) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  const bytes = await fs.readFile(await download.path());
  const v = await api('POST', '/api/verify', bytes, true);
  check(v.status === 200 && v.data.valid === true, `${what} checks: ${JSON.stringify(v.data)}`);
  return { bytes, name: download.suggestedFilename() };
}

// Plays while it is the person's turn (at most `most` moves), the number `choose` picks.
async function playWhileMyTurn(choose, most = 20) {
  for (let turn = 0; turn < most; turn++) {
    if ((await page.getAttribute('body', 'data-state')) !== 'you') return;
    await clickNumber(await choose());
  }
}

// The Review view shows the API's review of `moves` on 1..n: the first mistake, each mark.
async function expectReviewMatches(n, moves) {
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

const tests = [];
const test = (name, fn) => tests.push({ name, fn });

test('words::both_languages_have_every_word', async () => {
  const { WORDS } = await import(pathToFileURL(path.join(root, 'web', 'js', 'words.js')).href);
  const en = Object.keys(WORDS.en).sort();
  const fr = Object.keys(WORDS.fr).sort();
  same(fr, en, 'the keys of the French table (as the English one)');
  for (const key of en) {
    same(typeof WORDS.fr[key], typeof WORDS.en[key], `the kind of word ${key}`);
    if (typeof WORDS.en[key] === 'function') same(WORDS.fr[key].length, WORDS.en[key].length, `the arguments of ${key}`);
  }
  // Every key the pages name is in the table.
  const html = (await fs.readFile(path.join(root, 'web', 'index.html'), 'utf8')).replace(/<!--[\s\S]*?-->/g, '');
  for (const m of html.matchAll(/data-w(?:-[a-z]+)?="([^"]+)"/g)) check(m[1] in WORDS.en, `index.html names the word ${m[1]}, which the table lacks`);
});

test('play::opens_on_a_game_ready_to_play', async () => {
  await page.goto(base + '/');
  await settled();
  await english();
  await page.waitForSelector('body[data-state="you"], body[data-state="turn"]', { state: 'attached' });
  await newGame(20, 'first', 'perfect');
  check((await count('#board .cell')) === 20, 'the board has the numbers 1..20');
  const p = await expectBoardMatches(20, 'first', 'a new game');
  check(p.legal.length > 0 && p.legal.every((k) => k % 2 === 0), 'the first move must be even');
  same(await line(), [], 'the line of a new game');
  check((await text('#level-note')).startsWith('Level 5'), `the level is named: ${await text('#level-note')}`);
});

let hinted = [];
test('play::hint_marks_the_winning_moves_the_api_gives', async () => {
  await hints(false);
  check((await numbers('#board .cell.winning')).length === 0, 'no winning number is marked before the hint');
  await hints(true);
  const p = await position(20, 'first', await line());
  hinted = await numbers('#board .cell.winning');
  same(hinted, p.winning, 'winning numbers marked after the hint');
  check(hinted.length > 0, 'the first player has a winning opening on 1..20 (the API says so)');
  const words = await text('#hint-text');
  check(hinted.every((k) => words.includes(String(k))), `the hint names every winning move: ${words}`);
});

test('play::why_shows_the_plan_of_the_api_on_a_won_position', async () => {
  check(await page.isVisible('#why'), '"Why?" is next to the hint on a won position');
  await page.click('#why');
  await settled();
  await page.waitForSelector('#why-box:not([hidden])');
  const plan = await api('POST', '/api/plan', { n: 20, line: await line() });
  same(plan.status, 200, 'the plan route');
  same(Number(await page.getAttribute('#why-box', 'data-move')), plan.data.move, 'the move of the plan');
  check(hinted.includes(plan.data.move), 'the plan plays a winning move');
  check((await text('#why-move')).includes(String(plan.data.move)), 'the words name the move');
  if (await page.isVisible('#why-more')) await page.click('#why-more');
  const shown = await page.$$eval('#why-pairs li', (els) => els.map((e) => [Number(e.dataset.from), Number(e.dataset.to)]));
  same(shown, plan.data.pairs, 'the pairs shown (every one)');
  check((await text('#why-box')).includes('You always have an answer'), `the reason in words: ${await text('#why-box')}`);
  await fits('why', '#why-box');
});

test('play::a_move_gets_the_opponents_reply', async () => {
  const k = hinted[0];
  await clickNumber(k);
  const moves = await line();
  same(moves.length, 2, 'the line after a move and its reply (length)');
  same(moves[0], k, 'the first move is the number clicked');
  await expectBoardMatches(20, 'first', 'after the reply');
  check(await page.isHidden('#why-box'), 'the plan of the previous position is gone');
  const status = await text('#status');
  check(status.includes(String(moves[1])), `the status names the reply ${moves[1]}: ${status}`);
});

test('play::undo_takes_back_to_your_previous_turn', async () => {
  const k = (await numbers('#board .cell.winning'))[0];
  check(k !== undefined, 'a winning move is marked after the reply');
  await clickNumber(k);
  const before = await line();
  const mine = before.length % 2 === 1 ? before.length - 1 : before.length - 2;
  await page.click('#undo');
  await settled();
  const after = await line();
  same(after, before.slice(0, mine), "the line after undo (the person's last move and what followed removed)");
  const p = await expectBoardMatches(20, 'first', 'after undo');
  same(await numbers('#board .cell.winning'), p.winning, 'winning numbers marked after undo');
});

test('play::a_whole_game_to_the_end_in_words', async () => {
  await playWhileMyTurn(async () => {
    const winning = await numbers('#board .cell.winning');
    check(winning.length > 0, `playing the winning moves keeps one available (line ${await line()})`);
    return winning[0];
  });
  same(await page.getAttribute('body', 'data-state'), 'over', 'the game is over');
  const p = await position(20, 'first', await line());
  check(p.over && p.winner === 'you', `the API says the person won: ${JSON.stringify(p)}`);
  const message = await text('#message');
  check(message.startsWith(`${p.end.last} left your opponent no number to name`), `the end names the last move: ${message}`);
  check(p.end.related.every((k) => message.includes(String(k))), `the end names the numbers that go with it: ${message}`);
  check(message.endsWith('You win!'), message);
  check(!(await page.isVisible('#strategy-box')), 'no strategy is shown when the perfect player lost');
  same(await numbers('#board .cell.legal'), [], 'no allowed number at the end');
});

test('play::a_perfect_player_win_shows_its_strategy_and_certificate', async () => {
  await newGame(20, 'second', 'perfect');
  check((await line()).length === 1, 'the perfect player opens when the person plays second');
  await playWhileMyTurn(async () => (await numbers('#board .cell.legal')).at(-1));
  const p = await position(20, 'second', await line());
  same(p.winner, 'opponent', 'the perfect player wins n = 20 as the first player');
  same(p.strategy_facts.kind, 'pairing', 'the strategy is the certificate\'s pairing');
  const strategy = await text('#strategy');
  check(strategy.includes(`opened with ${p.strategy_facts.opening}`), `the opening: ${strategy}`);
  check(p.strategy_facts.pairs.every(([a, b]) => strategy.includes(`${a} → ${b}`)), `every pair: ${strategy}`);
  const certificate = await downloadChecks('#certificate-link', 'the downloaded certificate');
  same(certificate.name, 'cert-20.bin', 'the certificate\'s file name');
  await fits('play-lost', '#result');
});

test('play::refusals_name_the_number_and_the_rule', async () => {
  await newGame(20, 'first', 'perfect');
  for (const typed of ['-4', '7', '21', 'x']) {
    await page.fill('#move', typed);
    await page.click('#play-move');
    await settled();
    const r = await api('POST', '/api/game', { n: 20, you: 'first', line: [Number(typed) || typed] });
    same(r.status, 422, `the API refuses ${typed}`);
    same(await text('#play-error'), `${r.data.error}.`, `the refusal of ${typed} in words`);
    same(await line(), [], 'the refused move is not in the line');
  }
  same(await text('#play-error'), 'x is not a number from 1 to 20.', 'a typed word');
  await page.fill('#move', '-4');
  await page.click('#play-move');
  await settled();
  same(await text('#play-error'), '-4 is not a number from 1 to 20.', 'the example of the issue');
  await page.fill('#n', '10001');
  await page.click('#new-game');
  await settled();
  same(await text('#play-error'), 'n = 10001 is not possible: n must be a number from 1 to 10000.', 'n out of range');
  same(await count('#board .cell'), 20, 'the board of the game on screen stays');
});

test('play::settings_wait_for_new_game_and_say_so', async () => {
  await newGame(20, 'first', 'perfect');
  await clickNumber((await numbers('#board .cell.legal'))[0]);
  const before = await line();
  check(await page.isHidden('#pending'), 'no note while the form is the game\'s');
  await page.fill('#n', '30');
  await page.selectOption('#opponent', 'random');
  check(await page.isVisible('#pending'), 'the note says the settings wait for "New game"');
  same(await count('#board .cell'), 20, 'the board is still the game\'s');
  await clickNumber((await numbers('#board .cell.legal'))[0]);
  check((await line()).length > before.length, 'the game goes on under its own settings');
  await page.click('#new-game');
  await settled();
  same(await count('#board .cell'), 30, 'the new game has the new n');
  check(await page.isHidden('#pending'), 'no note once applied');
});

test('two::two_people_play_a_whole_game_judged_by_the_server', async () => {
  await newGame(20, 'first', 'person', ['Ana', 'Ben']);
  await hints(true);
  same(await page.getAttribute('body', 'data-mode'), 'two', 'two people');
  let turn = 0;
  for (; turn < 25; turn++) {
    if ((await page.getAttribute('body', 'data-state')) === 'over') break;
    const moves = await line();
    const p = await position(20, 'first', moves, 'person');
    const side = await page.getAttribute('body', 'data-turn');
    same(side, p.to_move_side, `whose turn after ${moves.join(' ')}`);
    const status = await text('#status');
    check(status.startsWith(side === 'first' ? "Ana's turn" : "Ben's turn"), `the turn by name: ${status}`);
    same(await numbers('#board .cell.legal'), p.legal, `allowed numbers after ${moves.join(' ')}`);
    same(await numbers('#board .cell.winning'), p.winning, `winning numbers after ${moves.join(' ')}`);
    if (turn === 3) await fits('two-people', '#status');
    const legal = p.legal;
    await clickNumber(legal[(turn * 3) % legal.length]);
  }
  const moves = await line();
  const p = await position(20, 'first', moves, 'person');
  check(p.over, `the API says it is over after ${moves.join(' ')}`);
  const winner = p.winner_side === 'first' ? 'Ana' : 'Ben';
  same(await text('#status'), `Game over: ${winner} won!`, 'the winner by name');
  check((await text('#message')).endsWith(`${winner} wins!`), await text('#message'));
  check(!(await page.isVisible('#strategy-box')), 'no strategy between two people');
  // Undo takes back one move between two people.
  await page.click('#undo');
  await settled();
  same(await line(), moves.slice(0, -1), 'undo between two people');
  await clickNumber(moves[moves.length - 1]);
});

test('review::the_first_mistake_is_the_apis', async () => {
  // The two people's game, reviewed with their names.
  await page.click('#review-game');
  await page.waitForSelector('#view-review:not([hidden])');
  await page.waitForSelector('#review-summary:not([hidden])');
  const moves = (await page.inputValue('#review-line')).split(' ').map(Number);
  await expectReviewMatches(20, moves);
  check((await text('#review-moves')).includes('Ana named'), 'the moves by name');
  // A game lost to the perfect player by a first move that loses (14 on 1..20).
  await openView('play');
  await newGame(20, 'first', 'perfect');
  await clickNumber(14);
  await playWhileMyTurn(async () => (await numbers('#board .cell.legal'))[0]);
  const lost = await line();
  const facts = (await position(20, 'first', lost)).strategy_facts;
  same([facts.kind, facts.index, facts.played], ['mistake', 0, 14], 'the end names the mistake');
  check((await text('#strategy')).includes('there you named 14'), await text('#strategy'));
  await page.click('#review-game');
  await page.waitForSelector('#review-summary:not([hidden])');
  const r2 = await expectReviewMatches(20, lost);
  same(r2.first_mistake, 0, 'the API: the first mistake is 14');
  const summary = await text('#review-summary');
  check(summary.startsWith('The first mistake is move 1: you named 14.'), summary);
  check(r2.moves[0].winning.every((k) => summary.includes(String(k))), `the winning moves there: ${summary}`);
  await fits('review', '#review-summary');
  // Any line typed, and a refusal in words.
  await page.fill('#review-n', '20');
  await page.fill('#review-line', '14 7 1 11');
  await page.click('#review-go');
  // The review before had four moves too: wait for the review of this line.
  await page.waitForSelector('#review-summary[data-line="14 7 1 11"]');
  same(await page.getAttribute('#review-summary', 'data-first-mistake'), '0', 'the typed line of the issue');
  check((await text('#review-moves')).includes('first player named 14'), await text('#review-moves'));
  await page.fill('#review-line', '14 7 3');
  await page.click('#review-go');
  await page.waitForSelector('#review-error:not([hidden])');
  same(await text('#review-error'), '3 cannot follow 7: it must divide 7 or be a multiple of it.', 'a typed illegal move');
});

test('play::n_10000_stays_usable', async () => {
  await openView('play');
  await hints(false);
  const t0 = Date.now();
  await newGame(10000, 'first', 'fewest-replies');
  const tNew = Date.now() - t0;
  const paintNew = await page.getAttribute('body', 'data-paint-ms');
  same(await count('#board .cell'), 10000, 'the board of n = 10 000 (cells)');
  const legal = await numbers('#board .cell.legal');
  const t1 = Date.now();
  await clickNumber(legal[legal.length - 1]);
  const tMove = Date.now() - t1;
  const paintMove = await page.getAttribute('body', 'data-paint-ms');
  same((await line()).length, 2, 'a move and its reply at n = 10 000 (line length)');
  await expectBoardMatches(10000, 'first', 'after a move at n = 10 000', 'fewest-replies');
  await fits('play-10000');
  figures.splice(-2); // not a figure
  console.log(
    `    n = 10 000: new game ${tNew} ms (script ${paintNew} ms), a move and its reply ${tMove} ms ` +
      `(script ${paintMove} ms); wall times of page and server on this shared machine`,
  );
});

test('play::figure_of_the_play_view', async () => {
  await newGame(100, 'first', 'careful');
  await hints(true);
  for (let i = 0; i < 2; i++) {
    const w = await numbers('#board .cell.winning');
    await clickNumber(w.length ? w[w.length - 1] : (await numbers('#board .cell.legal'))[0]);
  }
  await fits('play');
});

test('results::the_theorem_and_chart_first_and_details_under_how_do_we_know', async () => {
  await openView('results');
  const th = await api('GET', '/api/theorem');
  await page.waitForFunction(() => document.getElementById('theorem-words').textContent.length > 0);
  const words = await text('#theorem-words');
  check(words.startsWith('With perfect play, the second player wins on 1..n for exactly 44 values of n: 1, 2, 4–7'), words);
  check(th.data.second_player_wins.every(([a]) => words.includes(String(a))), `every n of the theorem: ${words}`);
  for (const hidden of ['formal/Main.v', 'Print Assumptions', 'make -C formal', 'jg-verify']) {
    check(!(await page.innerText('#view-results')).includes(hidden), `the page does not open on ${hidden}`);
  }
  await page.waitForFunction(() => document.querySelectorAll('#chart .cell').length === 200);
  const w = await api('GET', '/api/winners?to=200');
  same(await page.$$eval('#chart .cell', (els) => els.map((e) => (e.className.includes('first-wins') ? 'first' : 'second'))), w.data.winners, 'the chart\'s colours');
  check(!(await page.isVisible('#how-text')), 'the details are closed at first');
  await page.click('#how summary');
  check((await text('#how-text')).includes(`10${[...String(th.data.certified_to_power)].map((d) => '⁰¹²³⁴⁵⁶⁷⁸⁹'[d]).join('')}`), await text('#how-text'));
  await fits('results');
  await page.click('#how summary');
});

test('results::any_n_and_a_readable_proof_with_its_certificate', async () => {
  const big = '18446744073709551615';
  await page.fill('#results-n', big);
  await page.click('#results-go');
  await page.waitForSelector('#results-out:not([hidden])');
  same(await text('#results-winner'), `On 1..${big} the first player wins.`, 'the winner at 2^64 − 1, n exact');
  await page.fill('#results-n', '18446744073709551616');
  await page.click('#results-go');
  await page.waitForSelector('#results-error:not([hidden])');
  same(await text('#results-error'), 'n = 18446744073709551616 is not possible: n must be a number from 1 to 18446744073709551615.', '2^64 refused in words');
  for (const n of [20, 10000]) {
    await page.fill('#proof-n', String(n));
    await page.click('#proof-go');
    await page.waitForFunction((k) => document.getElementById('proof').dataset.n === String(k), n);
    const p = await api('GET', `/api/proof/${n}`);
    same(p.status, 200, `the proof route at ${n}`);
    const heading = p.data.markdown.split('\n')[0].replace(/^# /, '');
    same(await text('#proof h3'), heading, `the proof's title at ${n}`);
    const certificate = await downloadChecks('#proof-download', `the certificate of ${n}`);
    same(certificate.name, p.data.file, 'the certificate\'s file name');
  }
  await page.fill('#proof-n', '20');
  await page.click('#proof-go');
  await page.waitForFunction(() => document.getElementById('proof').dataset.n === '20');
  check((await count('#proof table')) >= 1, 'the proof of 20 shows its table');
  await fits('proof', '#proof-box');
});

let scratch = null;
test('verify::cert_117_is_valid_in_words', async () => {
  await openView('verify');
  const file = path.join(root, 'certificates', 'cert-117.bin');
  await page.setInputFiles('#cert-file', file);
  await page.waitForSelector('#verdict:not([hidden]), #verify-error:not([hidden])');
  const v = await api('POST', '/api/verify', await fs.readFile(file), true);
  same(v.data.valid, true, 'the API says cert-117.bin is valid');
  same(await text('#verdict-words'), `✔ Valid: this certificate proves that the second player wins on 1..117 (${v.data.claim.positions} positions checked).`, 'the verdict in words');
  same(await text('#verdict-line'), v.data.verdict, 'the verifier\'s line');
  await fits('verify', '#verdict');
});

test('verify::a_truncated_copy_is_refused_in_words', async () => {
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'jg-e2e-'));
  const bytes = await fs.readFile(path.join(root, 'certificates', 'cert-117.bin'));
  const cut = path.join(scratch, 'cert-117-truncated.bin');
  await fs.writeFile(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
  await page.setInputFiles('#cert-file', cut);
  await page.waitForSelector('#verify-error:not([hidden])');
  const v = await api('POST', '/api/verify', bytes.subarray(0, Math.floor(bytes.length / 2)), true);
  same(v.status, 422, 'the API refuses a truncated certificate');
  same(await text('#verify-error'), `This file is not a certificate (${v.data.values.reason}).`, 'the refusal in words');
  check(!(await page.isVisible('#verdict')), 'no verdict is shown for a refused file');
});

// The English words of the table that the French page must not show: its strings of six
// letters or more that French words differently (and that no French string contains, as "second"
// is in "en second").
async function englishWords() {
  const { WORDS } = await import(pathToFileURL(path.join(root, 'web', 'js', 'words.js')).href);
  const french = Object.values(WORDS.fr).filter((w) => typeof w === 'string');
  return Object.keys(WORDS.en)
    .filter((k) => typeof WORDS.en[k] === 'string' && WORDS.en[k].length >= 6 && WORDS.en[k] !== WORDS.fr[k])
    .map((k) => WORDS.en[k])
    .filter((w) => !french.some((f) => f.includes(w)));
}

async function noEnglish(view, words) {
  await openView(view);
  // What is shown (innerText: hidden elements left out), less the two texts shown as the
  // server writes them: the proof (jg explain, English) and the verifier's line.
  const shown = await page.evaluate((v) => {
    let all = `${document.querySelector('header').innerText}\n${document.getElementById(`view-${v}`).innerText}`;
    for (const machine of document.querySelectorAll('#proof, #verdict-line')) {
      if (machine.innerText) all = all.split(machine.innerText).join('');
    }
    return all;
  }, view);
  const left = words.filter((w) => shown.includes(w));
  same(left, [], `English words on the French ${view} view`);
  const empty = await page.$$eval(`#view-${view} [data-w]:not([data-w="proof.language"])`, (els) => els.filter((e) => e.textContent.trim() === '').length);
  same(empty, 0, `unworded elements of the ${view} view`);
}

test('french::every_view_in_french_and_the_browsers_language_chosen', async () => {
  await openView('play');
  await page.click('#language');
  await page.waitForSelector('html[lang="fr"]');
  same(await text('#tab-play'), 'Jouer', 'the tab in French');
  await newGame(20, 'first', 'perfect');
  await hints(true);
  check((await text('#status')).startsWith('À toi de jouer'), await text('#status'));
  await page.fill('#move', '-4');
  await page.click('#play-move');
  await settled();
  same(await text('#play-error'), '-4 n’est pas un nombre de 1 à 20.', 'a refusal in French');
  await page.click('#why');
  await settled();
  await page.waitForSelector('#why-box:not([hidden])');
  check((await text('#why-box')).includes('réponds à chaque nombre'), await text('#why-box'));
  const words = await englishWords();
  await noEnglish('play', words);
  await fits('french', '#why-box');
  await noEnglish('review', words);
  await noEnglish('results', words);
  await page.waitForFunction(() => document.getElementById('theorem-words').textContent.startsWith('Si chacun'));
  await noEnglish('verify', words);
  await openView('play');
  // The language is kept; back to English for the tests after.
  await page.reload();
  await settled();
  same(await page.getAttribute('html', 'lang'), 'fr', 'the choice is kept across a reload');
  await page.click('#language');
  await page.waitForSelector('html[lang="en"]');
  // A browser in French opens the pages in French.
  const other = await chromium.launchPersistentContext(await fs.mkdtemp(path.join(os.tmpdir(), 'jg-e2e-fr-')), {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    locale: 'fr-FR',
    viewport: { width: 390, height: 844 },
  });
  try {
    const p = other.pages()[0] || (await other.newPage());
    await p.goto(`${base}/#results`);
    await p.waitForSelector('html[lang="fr"]');
    same(await p.textContent('#results-title'), 'Qui gagne ?', 'the French browser\'s page');
  } finally {
    await other.close();
  }
});

// The time limit in the browser (--site only): with the limit cut to 400 ms (the site's
// engine.js answered by the test; the service worker kept out), the perfect player's reply at
// n = 10 000 after the losing 50 (about a second of work natively) is stopped and refused in
// words, the game stays as it was, and the next request gets a new worker and its answer.
test('site::work_past_the_time_limit_is_stopped_and_refused_in_words', async () => {
  const other = await chromium.launchPersistentContext(await fs.mkdtemp(path.join(os.tmpdir(), 'jg-e2e-limit-')), {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    locale: 'en-US',
    serviceWorkers: 'block',
    viewport: { width: 390, height: 844 },
  });
  const main = page;
  try {
    page = other.pages()[0] || (await other.newPage());
    await page.route('**/js/engine.js', (r) =>
      r.fulfill({ contentType: 'text/javascript', body: "export const ENGINE = 'browser';\nexport const TIME_LIMIT_MS = 400;\n" }),
    );
    await page.goto(`${base}/`);
    await settled();
    await newGame(10000, 'first', 'perfect');
    same(await count('#board .cell'), 10000, 'the board of n = 10 000');
    await clickNumber(50);
    same(await text('#play-error'), 'The answer took too long (or the server is busy); try again.', 'the refusal past the time limit');
    same(await line(), [], 'the move is not kept');
    await newGame(20, 'first', 'perfect');
    await clickNumber((await numbers('#board .cell.legal'))[0]);
    same((await line()).length, 2, 'a new worker answers the next request');
  } finally {
    page = main;
    await other.close();
  }
});

// The issue's lesson on the static site (--site only), at a phone's size: a whole game against
// the perfect player with hints and "Why?", its review, a proof and its certificate verified, a
// tampered copy refused; then with the network off and the static server stopped, a reload
// and another move (the service worker's copy of the site, the engine in the page's worker).
test('site::a_lesson_on_a_phone_then_offline', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openView('play');
  await english();
  await newGame(20, 'first', 'perfect');
  await hints(true);
  await page.click('#why');
  await settled();
  await page.waitForSelector('#why-box:not([hidden])');
  const plan = await api('POST', '/api/plan', { n: 20, line: [] });
  same(Number(await page.getAttribute('#why-box', 'data-move')), plan.data.move, 'the move "Why?" explains');
  await playWhileMyTurn(async () => {
    const p = await position(20, 'first', await line());
    same(await numbers('#board .cell.winning'), p.winning, `the hints after ${(await line()).join(' ')}`);
    return p.winning[0];
  });
  const game = await line();
  const end = await position(20, 'first', game);
  check(end.over && end.winner === 'you', `the person won with the hints: ${JSON.stringify(end)}`);
  await page.click('#review-game');
  await page.waitForSelector('#review-summary:not([hidden])');
  same((await expectReviewMatches(20, game)).first_mistake, null, 'no mistake in a game played by the hints');
  await openView('results');
  await page.fill('#proof-n', '100');
  await page.click('#proof-go');
  await page.waitForFunction(() => document.getElementById('proof').dataset.n === '100');
  const proof = await api('GET', '/api/proof/100');
  same(await text('#proof h3'), proof.data.markdown.split('\n')[0].replace(/^# /, ''), 'the proof of 100');
  const certificate = await downloadChecks('#proof-download', 'the certificate of 100');
  await openView('verify');
  await page.setInputFiles('#cert-file', { name: certificate.name, mimeType: 'application/octet-stream', buffer: certificate.bytes });
  await page.waitForSelector('#verdict[data-valid="true"]');
  const tampered = Buffer.from(certificate.bytes);
  tampered[tampered.length - 9] ^= 1;
  const refusedVerdict = await api('POST', '/api/verify', tampered, true);
  same(refusedVerdict.data.valid, false, 'the engine refuses the tampered copy');
  await page.setInputFiles('#cert-file', { name: 'tampered.bin', mimeType: 'application/octet-stream', buffer: tampered });
  await page.waitForSelector('#verdict[data-valid="false"]');
  same(await text('#verdict-line'), refusedVerdict.data.verdict, 'the verifier\'s line for the tampered copy');
  await fits('site-verify', '#verdict');
  figures.splice(-2); // not a figure
  // Offline: the service worker has kept every file.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await context.setOffline(true);
  server.kill('SIGTERM');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await settled();
  await openView('play');
  await newGame(20, 'first', 'perfect');
  await clickNumber((await numbers('#board .cell.legal'))[0]);
  same((await line()).length, 2, 'offline, a move gets its reply');
  await context.setOffline(false);
});

test('page::offline_and_no_script_error', async () => {
  same(foreign, [], SITE ? "requests for anything but the site's files" : 'requests outside the server');
  same(pageErrors, [], 'script errors (a Content-Security-Policy refusal included)');
  if (updateFigures) {
    await fs.mkdir(FIGURES, { recursive: true });
    for (const [from, to] of figures) await fs.copyFile(from, to);
    console.log(`    wrote ${figures.length} figures to ${path.relative(root, FIGURES)}/`);
  }
});

// ---- Main ----------------------------------------------------------------------------------------

async function main() {
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
