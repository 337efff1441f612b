// Targets, layout and accessibility (issue 55): every button, field, list, tab, acting link and
// board cell at least 44 × 44 CSS px on a phone (390 × 844); the first row of the board on the
// first screen of a phone in both languages, "Why?" below the board with a way back to it; the
// board across the width of a tablet; axe-core (npm, tests/e2e/package.json) run inside the page
// on every view at phone size in both languages, with no serious or critical violation; the
// contrast of the grey numbers, the "opp." label and the focus ring; the board from the
// keyboard (the skip link, the arrow keys, the focus kept on the board after a move); the print
// stylesheet of a review.
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import { api, check, same, page, settled, text, line, openView, english, hints, newGame, numbers, clickNumber, test } from '../harness.mjs';

const require = createRequire(import.meta.url);
const TARGET = 44;

async function language(lang) {
  if ((await page.getAttribute('html', 'lang')) !== lang) {
    await page.click('#language');
    await page.waitForSelector(`html[lang="${lang}"]`);
  }
}

async function phone() {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(50);
}

// The things a finger taps in the view shown, smaller than 44 × 44 CSS px.
async function smallTargets(view) {
  return page.evaluate(([v, min]) => {
    const root = document.getElementById(`view-${v}`);
    const all = [
      ...document.querySelectorAll('header button, header a, header input, header select'),
      ...root.querySelectorAll('button, input, select, textarea, summary, a[href], #board .cell'),
    ];
    const small = [];
    for (const el of all) {
      if (el.closest('[hidden]') || el.closest('.legend')) continue;
      if (el.classList.contains('skip')) continue; // off screen until it has the focus (measured below)
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue; // not shown (a closed details, display: none)
      // The tap target of a field in a label is the label (a tap on its words focuses it).
      const label = el.closest('label');
      const box = label && (el.tagName === 'INPUT' || el.tagName === 'SELECT') ? label.getBoundingClientRect() : r;
      // A file field, a radio button or a check box is worked by a tap anywhere on its label.
      const byLabel = el.tagName === 'INPUT' && ['file', 'radio', 'checkbox'].includes(el.type);
      const w = Math.max(r.width, byLabel ? box.width : 0);
      if (w + 0.5 < min || r.height + 0.5 < min) {
        small.push(`${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.dataset.n ? `[${el.dataset.n}]` : ''} ${r.width.toFixed(1)}×${r.height.toFixed(1)}`);
      }
    }
    return { small, count: all.length };
  }, [view, TARGET]);
}

// The views, each in a state that shows what it can show (a game with its hints and "Why?", a
// review, the theorem, chart, "How do we know?", a result and a proof, a verdict).
async function prepare(view) {
  await openView(view);
  if (view === 'play') {
    await newGame(20, 'first', 'perfect');
    await hints(true);
    await clickNumber((await numbers('#board .cell.winning'))[0]);
    await page.click('#why');
    await settled();
    await page.waitForSelector('#why-box:not([hidden])');
  } else if (view === 'review') {
    await page.fill('#review-n', '20');
    await page.fill('#review-line', '14 7 1 11');
    await page.click('#review-go');
    await page.waitForSelector('#review-summary[data-line="14 7 1 11"]');
  } else if (view === 'results') {
    await page.waitForFunction(() => document.querySelectorAll('#chart .cell').length > 0 && document.getElementById('theorem-words').textContent.length > 0);
    if (!(await page.getAttribute('#how', 'open'))) await page.click('#how summary');
    await page.fill('#results-n', '110');
    await page.click('#results-go');
    await page.waitForSelector('#results-out:not([hidden])');
    await page.fill('#proof-n', '20');
    await page.click('#proof-go');
    await page.waitForFunction(() => document.getElementById('proof').dataset.n === '20');
  } else if (view === 'verify') {
    await page.setInputFiles('#cert-file', new URL('../../../certificates/cert-117.bin', import.meta.url).pathname);
    await page.waitForSelector('#verdict:not([hidden])');
  } else if (view === 'teacher') {
    await page.waitForSelector('#teacher-qr:not([hidden])');
  } else if (view === 'boards') {
    await page.click('#boards-new');
    await page.waitForSelector('#view-boards[data-busy="false"]', { state: 'attached' });
  } else if (view === 'nim') {
    await page.waitForSelector('#nim-example:not([hidden])');
  }
}

// Every view: the pupils' four, the teacher's page, the game on boards and the Nim page.
const VIEWS = ['play', 'review', 'results', 'verify', 'teacher', 'boards', 'nim'];

test('a11y::every_target_is_44_px_on_a_phone', async () => {
  await openView('play');
  await english();
  await phone();
  for (const lang of ['en', 'fr']) {
    await language(lang);
    for (const view of VIEWS) {
      await prepare(view);
      const { small, count } = await smallTargets(view);
      check(count > 5, `targets found on ${view}: ${count}`);
      same(small, [], `targets under 44 × 44 px on the ${view} view (${lang}, 390 × 844)`);
    }
  }
  // The skip link, once it has the focus.
  await openView('play');
  await page.focus('#skip-board');
  const r = await page.$eval('#skip-board', (el) => el.getBoundingClientRect().toJSON());
  check(r.height >= TARGET && r.width >= TARGET && r.top >= 0, `the skip link when focused: ${JSON.stringify(r)}`);
  await language('en');
  await page.setViewportSize({ width: 1280, height: 800 });
});

test('a11y::the_board_on_the_first_screen_of_a_phone_and_across_a_tablet', async () => {
  await openView('play');
  await phone();
  for (const lang of ['en', 'fr']) {
    await language(lang);
    await openView('play');
    await newGame(20, 'first', 'perfect');
    await page.evaluate(() => window.scrollTo(0, 0));
    const first = async () => page.$eval('#board .cell[data-n="1"]', (el) => el.getBoundingClientRect().bottom);
    const y = await first();
    check(y <= 844, `the first row of the board ends at y = ${y.toFixed(0)} of 844 on a phone (${lang})`);
    // "Why?" opens below the board: the board stays where it was, and the box has a way back.
    await hints(true);
    await page.click('#why');
    await settled();
    await page.waitForSelector('#why-box:not([hidden])');
    await page.evaluate(() => window.scrollTo(0, 0));
    const withWhy = await first();
    check(withWhy <= 844, `with "Why?" open the first row ends at y = ${withWhy.toFixed(0)} (${lang})`);
    const whyTop = await page.$eval('#why-box', (el) => el.getBoundingClientRect().top);
    check(whyTop > withWhy, `"Why?" is below the board (${whyTop.toFixed(0)} > ${withWhy.toFixed(0)})`);
    await page.$eval('#why-box a.to-board', (el) => el.scrollIntoView());
    await page.click('#why-box a.to-board');
    await page.waitForFunction(() => document.getElementById('board').contains(document.activeElement));
    const back = await first();
    check(back >= 0 && back <= 844, `"Back to the board" shows the board again (${back.toFixed(0)})`);
    console.log(`    phone (${lang}): first board row ends at y = ${y.toFixed(0)} of 844, ${withWhy.toFixed(0)} with "Why?" open`);
    await hints(false);
  }
  await language('en');
  // The tablet: the board across the width.
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.waitForTimeout(50);
  const used = await page.evaluate(() => {
    const block = document.querySelector('#board .block').getBoundingClientRect().width;
    const main = document.querySelector('main');
    const s = getComputedStyle(main);
    return { block, width: main.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight), cell: document.querySelector('#board .cell').getBoundingClientRect().toJSON() };
  });
  check(used.block >= 0.95 * used.width, `the board uses ${used.block.toFixed(0)} of ${used.width.toFixed(0)} px on a tablet`);
  console.log(`    tablet: the board uses ${used.block.toFixed(0)} of ${used.width.toFixed(0)} px, a number ${used.cell.width.toFixed(0)} × ${used.cell.height.toFixed(0)}`);
  await page.setViewportSize({ width: 1280, height: 800 });
});

test('a11y::axe_finds_no_serious_or_critical_violation_on_a_phone', async () => {
  const source = await fs.readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  await openView('play');
  await phone();
  const found = [];
  let checked = 0;
  for (const lang of ['en', 'fr']) {
    await language(lang);
    for (const view of VIEWS) {
      await prepare(view);
      // Injected by the test (evaluated through the browser's debugging protocol, so the page's
      // Content-Security-Policy does not apply), run on the whole document.
      if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(source);
      const result = await page.evaluate(async () => {
        const r = await window.axe.run(document, { resultTypes: ['violations'] });
        return {
          passes: r.passes.length,
          violations: r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) })),
        };
      });
      checked++;
      for (const v of result.violations) {
        if (v.impact === 'serious' || v.impact === 'critical') found.push(`${view} (${lang}): ${v.id} (${v.impact}) at ${v.nodes.join(', ')}`);
      }
      const minor = result.violations.filter((v) => v.impact !== 'serious' && v.impact !== 'critical').map((v) => `${v.id} (${v.impact})`);
      console.log(`    axe ${view} (${lang}): ${result.passes} rules pass; ${result.violations.length} violations${minor.length ? `, minor: ${minor.join(', ')}` : ''}`);
    }
  }
  same(checked, 2 * VIEWS.length, `views checked (${VIEWS.length} views × 2 languages)`);
  same(found, [], 'serious or critical violations found by axe-core');
  await language('en');
  await page.setViewportSize({ width: 1280, height: 800 });
});

test('a11y::contrast_of_the_grey_numbers_the_opp_label_and_the_focus_ring', async () => {
  await openView('play');
  await newGame(20, 'first', 'perfect');
  await clickNumber((await numbers('#board .cell.legal'))[0]);
  // The focus ring as the keyboard shows it (:focus-visible): a number reached by an arrow key.
  await page.focus('#board .cell.legal');
  await page.keyboard.press('Home');
  check(await page.evaluate(() => document.activeElement.matches('.cell:focus-visible')), 'a number has the keyboard\'s focus');
  const c = await page.evaluate(() => {
    const rgb = (s) => s.match(/[\d.]+/g).slice(0, 3).map(Number);
    const lum = ([r, g, b]) => {
      const f = (v) => {
        const x = v / 255;
        return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const ratio = (a, b) => {
      const [x, y] = [lum(rgb(a)), lum(rgb(b))].sort((p, q) => q - p);
      return (x + 0.05) / (y + 0.05);
    };
    const off = document.querySelector('#board .cell:not(.legal):not(.played)');
    const so = getComputedStyle(off);
    const opp = document.querySelector('#line li.theirs .who');
    const oppStyle = getComputedStyle(opp);
    const chip = getComputedStyle(opp.closest('li'));
    const focused = getComputedStyle(document.activeElement);
    const paper = getComputedStyle(document.body).backgroundColor;
    const legal = getComputedStyle(document.activeElement).backgroundColor;
    return {
      off: ratio(so.color, so.backgroundColor),
      opp: ratio(oppStyle.color, chip.backgroundColor),
      oppOpacity: Number(oppStyle.opacity),
      ring: ratio(focused.outlineColor, paper),
      ringOnCell: ratio(focused.outlineColor, legal),
      ringWidth: parseFloat(focused.outlineWidth),
    };
  });
  console.log(`    contrast: not allowed ${c.off.toFixed(2)}:1, "opp." ${c.opp.toFixed(2)}:1, focus ring ${c.ring.toFixed(2)}:1 on the page (${c.ringOnCell.toFixed(2)}:1 on a number)`);
  check(c.off >= 4.5, `the grey "not allowed" numbers: ${c.off.toFixed(2)}:1`);
  check(c.opp >= 4.5 && c.oppOpacity === 1, `the "opp." label: ${c.opp.toFixed(2)}:1, opacity ${c.oppOpacity}`);
  check(c.ring >= 3 && c.ringOnCell >= 3 && c.ringWidth >= 2, `the focus ring: ${c.ring.toFixed(2)}:1 on the page, ${c.ringOnCell.toFixed(2)}:1 on a number, ${c.ringWidth} px`);
});

test('a11y::the_board_from_the_keyboard', async () => {
  await openView('play');
  await newGame(20, 'first', 'perfect');
  // From the top of the page: the skip link is the first Tab stop, and it leads to the board.
  // The start of the page (focusing the body moves the start of sequential navigation there).
  await page.evaluate(() => {
    window.scrollTo(0, 0);
    document.body.tabIndex = -1;
    document.body.focus();
    document.body.removeAttribute('tabindex');
  });
  let presses = 0;
  for (; presses < 20; presses++) {
    if (await page.evaluate(() => document.getElementById('board').contains(document.activeElement))) break;
    const onSkip = await page.evaluate(() => document.activeElement && document.activeElement.id === 'skip-board');
    await page.keyboard.press(onSkip ? 'Enter' : 'Tab');
  }
  check(presses <= 2, `key presses from the top of the page to the board: ${presses}`);
  console.log(`    ${presses} key presses from the top of the page to the board (Tab, Enter on the skip link)`);
  const p = await api('POST', '/api/game', { n: 20, you: 'first', opponent: 'perfect', seed: 0, line: [], hints: false });
  const legal = p.data.legal;
  const at = async () => page.evaluate(() => Number(document.activeElement.dataset.n));
  const start = await at();
  check(legal.includes(start), `the focus is on a number that can be named: ${start}`);
  // One Tab stop for the whole board.
  same(await page.$$eval('#board .cell[tabindex="0"]', (els) => els.length), 1, 'one Tab stop on the board');
  await page.keyboard.press('Home');
  same(await at(), legal[0], 'Home: the first number that can be named');
  await page.keyboard.press('ArrowRight');
  same(await at(), legal[1], '→: the next number that can be named');
  await page.keyboard.press('ArrowLeft');
  same(await at(), legal[0], '←: back');
  const columns = await page.$eval('#board .block', (el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
  await page.keyboard.press('ArrowDown');
  const down = await at();
  check(legal.includes(down) && down > legal[0] && Math.ceil(down / columns) === Math.ceil(legal[0] / columns) + 1, `↓: a number of the next row (${legal[0]} → ${down}, ${columns} a row)`);
  await page.keyboard.press('End');
  same(await at(), legal[legal.length - 1], 'End: the last number that can be named');
  // A move from the keyboard: the focus stays on the board.
  const named = await at();
  await page.keyboard.press('Enter');
  await settled();
  await page.waitForFunction((k) => !document.querySelector(`#board .cell[data-n="${k}"]`).matches('.legal'), named);
  same((await line())[0], named, 'Enter names the number');
  const after = await page.evaluate(() => ({
    onBoard: document.getElementById('board').contains(document.activeElement),
    n: Number(document.activeElement.dataset.n),
    free: document.activeElement.classList.contains('cell') && !document.activeElement.disabled,
  }));
  check(after.onBoard && after.free, `after a move the focus is on a number of the board that can be named: ${JSON.stringify(after)}`);
  await page.keyboard.press('Enter');
  await settled();
  same((await line()).length, 4, 'a second move from the keyboard, with no Tab');
  check(await page.evaluate(() => document.getElementById('board').contains(document.activeElement)), 'the focus is still on the board');
});

test('a11y::a_review_prints_without_the_controls', async () => {
  await openView('review');
  await page.fill('#review-n', '20');
  await page.fill('#review-line', '14 7 1 11');
  await page.click('#review-go');
  await page.waitForSelector('#review-summary[data-line="14 7 1 11"]');
  await page.emulateMedia({ media: 'print' });
  try {
    const shown = await page.evaluate(() => {
      const visible = (sel) => [...document.querySelectorAll(sel)].some((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden');
      return {
        nav: visible('header nav'),
        language: visible('#language'),
        form: visible('#review-form'),
        summary: visible('#review-summary'),
        moves: document.querySelectorAll('#review-moves li').length,
        movesShown: visible('#review-moves li'),
        title: visible('#review-title'),
      };
    });
    same([shown.nav, shown.language, shown.form], [false, false, false], 'the tabs, the language button and the form are not printed');
    same([shown.title, shown.summary, shown.movesShown, shown.moves], [true, true, true, 4], 'the title, the summary and every move are printed');
    check((await text('#review-summary')).length > 0, 'the summary has words');
  } finally {
    await page.emulateMedia({ media: 'screen' });
  }
});
