import { chromium } from 'playwright-core';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM, CHROMIUM_ARGS, server, context, base, api, check, same, page, settled, numbers, count, text, line, figures, fits, openView, english, hints, newGame, position, clickNumber, downloadChecks, playWhileMyTurn, expectReviewMatches, test, usePage } from '../harness.mjs';

test('site::work_past_the_time_limit_is_stopped_and_refused_in_words', async () => {
  const other = await chromium.launchPersistentContext(await fs.mkdtemp(path.join(os.tmpdir(), 'jg-e2e-limit-')), {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    locale: 'en-US',
    serviceWorkers: 'block',
    viewport: { width: 390, height: 844 },
  });
  let main = null;
  try {
    main = usePage(other.pages()[0] || (await other.newPage()));
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
    if (main) usePage(main);
    await other.close();
  }
});

// The lesson on the static site (--site only), at a phone's size: a whole game against
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
