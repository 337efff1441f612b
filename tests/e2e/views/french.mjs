import { chromium } from 'playwright-core';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root, CHROMIUM, CHROMIUM_ARGS, base, check, same, page, settled, text, fits, openView, hints, newGame, test } from '../harness.mjs';

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
    same(await p.textContent('#results-title'), 'Qui gagne\u202f?', 'the French browser\'s page');
  } finally {
    await other.close();
  }
});

// The time limit in the browser (--site only): with the limit cut to 400 ms (the site's
// engine.js answered by the test; the service worker kept out), the perfect player's reply at
// n = 10 000 after the losing 50 (about a second of work natively) is stopped and refused in
// words, the game stays as it was, and the next request gets a new worker and its answer.
