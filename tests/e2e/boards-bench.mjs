#!/usr/bin/env node
// The figures of BENCHMARKS.md, "Games on boards in the web app (issue 56)": the answer times of
// POST /api/boards and /api/boards/review at the largest boards allowed (n = 50), from native
// `jg serve` (target/release/jg, over HTTP on loopback) and from the static site's WebAssembly
// engine (DIR/engine, loaded in Node: the V8 engine that runs it in Chromium's worker). Each
// figure is the median and the largest of --runs runs (default 5), in ms.
//
//   node tests/e2e/boards-bench.mjs --site DIR [--runs K]
//
// Environment: JG_BIN (default target/release/jg).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEngine, startServe } from './site.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const JG = process.env.JG_BIN || path.join(root, 'target', 'release', 'jg');
const argv = process.argv.slice(2);
const at = (flag) => (argv.indexOf(flag) >= 0 ? argv[argv.indexOf(flag) + 1] : undefined);
const SITE = at('--site') && path.resolve(at('--site'));
const RUNS = Number(at('--runs') || 5);
if (!SITE || !Number.isInteger(RUNS) || RUNS < 1) {
  console.error('usage: node tests/e2e/boards-bench.mjs --site DIR [--runs K]');
  process.exit(2);
}

const { child, base } = await startServe(JG);
const engine = await loadEngine(SITE);

async function native(route, body) {
  const res = await fetch(base + route, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const data = await res.json();
  if (res.status !== 200) throw new Error(`${route}: ${res.status} ${JSON.stringify(data)}`);
  return data;
}

function wasm(route, body) {
  const answer = engine.call('POST', route, new TextEncoder().encode(JSON.stringify(body)));
  const status = answer.status;
  const data = JSON.parse(new TextDecoder().decode(answer.takeBody()));
  answer.free();
  if (status !== 200) throw new Error(`${route}: ${status} ${JSON.stringify(data)}`);
  return data;
}

async function timed(fn) {
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return `${times[Math.floor((times.length - 1) / 2)].toFixed(0)} / ${times[times.length - 1].toFixed(0)}`;
}

// A whole game on the boards: the person names the smallest number of the first board with a
// move, the perfect player answers (native answers; the same game for both engines).
async function wholeGame(boards) {
  let moves = [];
  for (;;) {
    const a = await native('/api/boards', { boards, moves, you: 'first', opponent: 'perfect' });
    moves = a.moves;
    if (a.over) return moves;
    const b = a.boards.findIndex((x) => x.legal.length);
    moves = [...moves, { board: b, number: a.boards[b].legal[0] }];
  }
}

try {
  const big = [50, 50, 50];
  const game = await wholeGame(big);
  const cases = [
    ['/api/boards, the perfect player opens the largest preset, 1..12 + 1..20 + 1..27', '/api/boards', { boards: [12, 20, 27], moves: [], you: 'second', opponent: 'perfect', hints: true }],
    ['/api/boards, the start of 1..50 three times, two people with hints', '/api/boards', { boards: big, moves: [], you: 'first', opponent: 'person', hints: true }],
    ['/api/boards, the perfect player opens 1..50 + 1..50 + 1..50', '/api/boards', { boards: big, moves: [], you: 'second', opponent: 'perfect', hints: true }],
    ['/api/boards, level 2 (playouts) opens 1..50 + 1..50 + 1..50', '/api/boards', { boards: big, moves: [], you: 'second', opponent: 'playouts', hints: true }],
    [`/api/boards/review of a whole game (${game.length} moves) on 1..50 + 1..50 + 1..50`, '/api/boards/review', { boards: big, moves: game }],
  ];
  console.log(`| request | native jg serve, ms (median / max of ${RUNS}) | site engine (WebAssembly in Node), ms |`);
  console.log('|---|---|---|');
  // All native runs first: a keep-alive connection left idle past the server's header timeout
  // (10 s) while the other engine works would be closed under the next request.
  const natives = [];
  for (const [, route, body] of cases) natives.push(await timed(() => native(route, body)));
  for (const [i, [what, route, body]] of cases.entries()) {
    const w = await timed(() => wasm(route, body));
    console.log(`| ${what} | ${natives[i]} | ${w} |`);
  }
} finally {
  child.kill('SIGINT');
}
