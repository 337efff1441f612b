#!/usr/bin/env node
// Agreement of the static site's engine with the native library: for every n ≤ 14 (or
// --max N) and every position reachable on 1..n, the hints (POST /api/game between two people
// with hints: the allowed and the winning moves of the side to move, the end) and the review of
// the line (POST /api/review) from the WebAssembly build (DIR/engine, loaded in Node) must be
// byte for byte what `jg serve` (target/release/jg, native) answers. The positions are walked
// from the native answers' allowed moves. The same for games on two or three boards (issue 56):
// for a set of small sums, every position up to a depth, POST /api/boards between two people
// with hints, against the perfect player and against level 1 (the reply), and POST
// /api/boards/review of the moves. Prints cargo's summary line for .ci/run.
//
//   node tests/e2e/agree.mjs --site DIR [--max N]
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
const SITE = at('--site');
const MAX = Number(at('--max') || 14);
if (!SITE || !Number.isInteger(MAX) || MAX < 1) {
  console.error('usage: node tests/e2e/agree.mjs --site DIR [--max N]');
  process.exit(2);
}

const { child, base } = await startServe(JG);
const engine = await loadEngine(path.resolve(SITE));
let positions = 0;
const differences = [];

async function native(route, body) {
  const res = await fetch(base + route, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  return `${res.status} ${await res.text()}`;
}

function wasm(route, body) {
  const answer = engine.call('POST', route, new TextEncoder().encode(body));
  const text = `${answer.status} ${new TextDecoder().decode(answer.takeBody())}`;
  answer.free();
  return text;
}

// Compares both engines on `line` of 1..n, then walks to every allowed move.
async function walk(n, line) {
  positions++;
  const game = JSON.stringify({ n, you: 'first', opponent: 'person', line, hints: true });
  const review = JSON.stringify({ n, line });
  const nativeGame = await native('/api/game', game);
  for (const [route, body, expected] of [
    ['/api/game', game, nativeGame],
    ['/api/review', review, await native('/api/review', review)],
  ]) {
    const got = wasm(route, body);
    if (got !== expected && differences.length < 5) differences.push(`${route} ${body}:\n  native ${expected}\n  wasm   ${got}`);
  }
  const answer = JSON.parse(nativeGame.slice(4));
  for (const k of answer.over ? [] : answer.legal) await walk(n, [...line, k]);
}

// The small sums compared, each walked to the depth given (every position for the smallest).
const SUMS = [
  [[2, 3], 99],
  [[3, 4], 99],
  [[4, 5], 99],
  [[6, 8], 3],
  [[9, 6, 4], 2],
  [[12, 20, 27], 1],
  [[50, 49, 48], 0], // the largest boards
];
let sumPositions = 0;

// Compares both engines on the sum `ns` after `moves`, then walks to every allowed move.
async function walkBoards(ns, moves, depth) {
  sumPositions++;
  const ask = (opponent, you) => JSON.stringify({ boards: ns, moves, you, opponent, seed: 7, hints: true });
  const person = ask('person', 'first');
  const nativePerson = await native('/api/boards', person);
  const review = JSON.stringify({ boards: ns, moves });
  const you = moves.length % 2 === 0 ? 'second' : 'first'; // the engine's turn: it replies
  for (const body of [person, ask('perfect', you), ask('random', you), review]) {
    const route = body === review ? '/api/boards/review' : '/api/boards';
    const expected = body === person ? nativePerson : await native(route, body);
    const got = wasm(route, body);
    if (got !== expected && differences.length < 5) differences.push(`${route} ${body}:\n  native ${expected}\n  wasm   ${got}`);
  }
  const answer = JSON.parse(nativePerson.slice(4));
  if (answer.over || depth === 0) return;
  for (const [b, board] of answer.boards.entries()) {
    for (const k of board.legal) await walkBoards(ns, [...moves, { board: b, number: k }], depth - 1);
  }
}

let code = 0;
try {
  const started = Date.now();
  for (let n = 1; n <= MAX; n++) await walk(n, []);
  console.log(`agree: ${positions} positions of n = 1..${MAX}, hints and review compared`);
  for (const [ns, depth] of SUMS) await walkBoards(ns, [], depth);
  console.log(`agree: ${sumPositions} positions of ${SUMS.length} sums of boards, values, replies and review compared`);
  const secs = ((Date.now() - started) / 1000).toFixed(2);
  if (differences.length) {
    console.log(`differences (first ${differences.length}):\n${differences.join('\n')}`);
    console.log(`test result: FAILED. 0 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in ${secs}s`);
    code = 1;
  } else {
    console.log(`test result: ok. 1 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in ${secs}s`);
  }
} catch (e) {
  console.log(`agree: ${e.stack}`);
  console.log('test result: FAILED. 0 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out');
  code = 1;
} finally {
  child.kill('SIGINT'); // jg serve stops on Ctrl-C
}
process.exit(code);
