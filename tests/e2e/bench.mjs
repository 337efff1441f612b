#!/usr/bin/env node
// The figures of BENCHMARKS.md, "The static site (issue 54)", measured in headless Chromium:
// the static site of scripts/site.sh (served by python3 -m http.server) beside `jg serve`
// (target/release/jg). For each: the first load (bytes over the network and ms until the first
// game is on the board; cold with a new profile, then cached: a reload), and, asked the way the
// pages ask (web/js/api.js, in the page), a perfect move at n = 100, 1 000 and 10 000 (the first
// at each n certifies the perfect player's plan; the second is the same request again), the
// review of a whole game at n = 1 000, the proof at n = 10 000, and verifying the file of
// `jg certify 1000 --openings`. Each figure is the median of --runs runs (default 3).
//
//   node tests/e2e/bench.mjs --site DIR [--runs K]
import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEngine, startStatic, startServe } from './site.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const JG = process.env.JG_BIN || path.join(root, 'target', 'release', 'jg');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const argv = process.argv.slice(2);
const at = (flag) => (argv.indexOf(flag) >= 0 ? argv[argv.indexOf(flag) + 1] : undefined);
const SITE = at('--site') && path.resolve(at('--site'));
const RUNS = Number(at('--runs') || 3);
if (!SITE) {
  console.error('usage: node tests/e2e/bench.mjs --site DIR [--runs K]');
  process.exit(2);
}
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// A whole game at n = 1 000: the perfect player (first) against fewest-replies, from the site's
// engine in Node.
function wholeGame(engine, n) {
  const line = [];
  for (;;) {
    const ask = (body) => {
      const a = engine.call('POST', '/api/game', new TextEncoder().encode(JSON.stringify(body)));
      const v = JSON.parse(new TextDecoder().decode(a.takeBody()));
      a.free();
      return v;
    };
    const p = ask({ n, you: 'second', opponent: 'perfect', line, hints: false });
    if (p.over) return p.line;
    const q = ask({ n, you: 'first', opponent: 'fewest-replies', line: p.line, hints: false });
    line.splice(0, line.length, ...q.line);
    if (q.over) return q.line;
  }
}

async function measure(name, base, certificate, game) {
  const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'jg-bench-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: ARGS, viewport: { width: 390, height: 844 } });
  const page = context.pages()[0] || (await context.newPage());
  // The bytes that came over the network: every finished request of the page, its worker and
  // its service worker, less those the service worker answered from its copy.
  let bytes = 0;
  context.on('requestfinished', async (r) => {
    const response = await r.response();
    if (response && response.fromServiceWorker()) return;
    const sizes = await r.sizes();
    bytes += sizes.responseBodySize + sizes.responseHeadersSize;
  });
  const load = async (go) => {
    bytes = 0;
    const t0 = Date.now();
    await go();
    await page.waitForSelector('body[data-busy="false"][data-state]', { state: 'attached' });
    await page.waitForFunction(() => document.querySelectorAll('#board .cell.legal').length > 0);
    return { ms: Date.now() - t0, bytes };
  };
  const cold = await load(() => page.goto(`${base}/`));
  // The service worker's copy of the site is part of the first visit.
  if (name === 'site') await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.waitForTimeout(1000);
  cold.withCopy = bytes;
  const cached = await load(() => page.reload());
  const time = (what, method, route, body) =>
    page.evaluate(
      async ({ method, route, body }) => {
        const api = await import('./js/api.js');
        const t0 = performance.now();
        if (method === 'GET') await api.get(route);
        else if (body && body.bytes) await api.postBytes(route, new Uint8Array(body.bytes).buffer);
        else await api.post(route, body);
        return performance.now() - t0;
      },
      { method, route, body },
    ).then((ms) => [what, ms]);
  const rows = [];
  for (const n of [100, 1000, 10000]) {
    const body = { n, you: 'second', opponent: 'perfect', seed: 0, line: [], hints: false };
    const [, first] = await time('first', 'POST', '/api/game', body);
    const again = [];
    for (let i = 0; i < RUNS; i++) again.push((await time('again', 'POST', '/api/game', body))[1]);
    // A reply in the middle of a game: the perfect player answers the person's first move.
    const opening = JSON.parse(JSON.stringify(body));
    opening.you = 'first';
    opening.line = [n === 100 ? 64 : n === 1000 ? 512 : 8192];
    const reply = [];
    for (let i = 0; i < RUNS; i++) reply.push((await time('reply', 'POST', '/api/game', opening))[1]);
    rows.push([`perfect move, n = ${n}: opening (first, again); reply to ${opening.line[0]}`, `${first.toFixed(0)}, ${median(again).toFixed(0)}; ${median(reply).toFixed(0)}`]);
  }
  const review = [];
  for (let i = 0; i < RUNS; i++) review.push((await time('review', 'POST', '/api/review', { n: 1000, line: game }))[1]);
  rows.push([`review of a whole game at n = 1 000 (${game.length} moves)`, median(review).toFixed(0)]);
  const proof = [];
  for (let i = 0; i < RUNS; i++) proof.push((await time('proof', 'GET', '/api/proof/10000'))[1]);
  rows.push(['proof at n = 10 000', median(proof).toFixed(0)]);
  const verify = [];
  for (let i = 0; i < RUNS; i++) verify.push((await time('verify', 'POST', '/api/verify', { bytes: [...certificate] }))[1]);
  rows.push([`verify jg certify 1000 --openings (${certificate.length} bytes)`, median(verify).toFixed(0)]);
  await context.close();
  await fs.rm(profile, { recursive: true, force: true });
  return { cold, cached, rows };
}

const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'jg-bench-cert-'));
const certPath = path.join(scratch, 'cert-1000-openings.bin');
execFileSync(JG, ['certify', '1000', '--openings', '-q', '-o', certPath]);
const certificate = await fs.readFile(certPath);
const engine = await loadEngine(SITE);
const game = wholeGame(engine, 1000);
const staticServer = await startStatic(SITE);
const serve = await startServe(JG);
try {
  for (const [name, base] of [['site', staticServer.base], ['jg serve', serve.base]]) {
    const r = await measure(name, base, certificate, game);
    console.log(`\n${name} (${base}):`);
    console.log(`  first load, cold: ${r.cold.bytes} bytes, ${r.cold.ms} ms (${r.cold.withCopy} bytes with the service worker's copy); cached (reload): ${r.cached.bytes} bytes, ${r.cached.ms} ms`);
    for (const [what, ms] of r.rows) console.log(`  ${what}: ${ms} ms`);
  }
} finally {
  staticServer.child.kill('SIGTERM');
  serve.child.kill('SIGINT'); // jg serve stops on Ctrl-C
  await fs.rm(scratch, { recursive: true, force: true });
}
