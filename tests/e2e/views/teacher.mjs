// The teacher's page (issue 55): the pupils' lesson link made from the teacher's choices, its
// QR code (the engine's GET /api/qr), the network addresses (GET /api/addresses: none on
// loopback, and the static site has no server), the notes in both languages with an example
// game the API plays out as the notes say, and a grid of 1..n to print.
import { SITE, base, api, check, same, page, settled, count, text, fits, openView, english, test } from '../harness.mjs';

// The page's link for the teacher's choices, made again here from the documented parameters.
function expectedLink(origin, q) {
  return `${origin}/?${q}#play`;
}

test('teacher::the_teachers_page_makes_the_lesson_link_and_its_qr_code', async () => {
  await page.goto(`${base}/#play`);
  await settled();
  await english();
  check(await page.isVisible('#tab-teacher'), '"For teachers" can be reached from the page');
  same(await page.$$eval('nav a', (els) => els.map((e) => e.id)).then((ids) => ids.includes('tab-teacher')), false, '"For teachers" is no pupil\'s tab');
  await openView('teacher');
  // The server on loopback has no network address (the static site no server at all): the
  // link is the page's own address.
  const addresses = await api('GET', '/api/addresses');
  if (SITE) same(addresses.status, 404, 'the static site has no addresses');
  else same(addresses.data.addresses, [], 'a server on loopback has no network address');
  await page.waitForSelector('#teacher-qr:not([hidden])');
  check(await page.isHidden('#teacher-network') && await page.isVisible('#teacher-local'), 'no network address is offered');
  // The default gives nothing away: helps off.
  same(await text('#teacher-link'), expectedLink(base, 'n=20&opponent=random&first=random&help=off'), 'the default lesson: 20, level 1, first drawn, helps off');
  await page.check('#teacher-help');
  same(await text('#teacher-link'), expectedLink(base, 'n=20&opponent=random&first=random'), 'helps on: the link leaves them as they are');
  await page.uncheck('#teacher-help');
  // 40, level 3, the pupil starts, helps off, in French.
  await page.check('input[name="teacher-size"][value="40"]');
  await page.selectOption('#teacher-opponent', 'careful');
  await page.selectOption('#teacher-first', 'you');
  await page.selectOption('#teacher-lang', 'fr');
  const link = expectedLink(base, 'n=40&opponent=careful&first=you&help=off&lang=fr');
  same(await text('#teacher-link'), link, 'the lesson link');
  await page.waitForSelector(`#teacher-qr[data-text="${link}"]`, { state: 'attached' });
  const qr = await api('GET', `/api/qr?text=${encodeURIComponent(link)}`);
  same(qr.status, 200, 'the QR route');
  same(await page.getAttribute('#teacher-qr', 'data-size'), String(qr.data.size), 'the QR code is the engine\'s for the link');
  const src = await page.getAttribute('#teacher-qr', 'src');
  same(decodeURIComponent(src.replace(/^data:image\/svg\+xml;charset=utf-8,/, '')), qr.data.svg, 'the picture is the engine\'s');
  const shown = await page.$eval('#teacher-qr', (img) => ({ w: img.getBoundingClientRect().width, loaded: img.complete && img.naturalWidth > 0 }));
  check(shown.loaded && shown.w >= 200, `the QR code is drawn large: ${JSON.stringify(shown)}`);
  // Any n: refused in words out of range, else in the link.
  await page.check('#teacher-any');
  await page.fill('#teacher-n', '20000');
  await page.waitForSelector('#teacher-n-error:not([hidden])');
  check((await text('#teacher-n-error')).includes('from 1 to 10,000'), await text('#teacher-n-error'));
  check(await page.isHidden('#teacher-out'), 'no link for a size that is not possible');
  await page.fill('#teacher-n', '33');
  await page.waitForSelector('#teacher-out:not([hidden])');
  same(await text('#teacher-link'), expectedLink(base, 'n=33&opponent=careful&first=you&help=off&lang=fr'), 'any n');
  await page.check('input[name="teacher-size"][value="20"]');
  await page.selectOption('#teacher-lang', 'page');
  await fits('teacher', '#teacher-out');
  // The link opens the lesson it says.
  await page.selectOption('#teacher-first', 'random');
  const href = await page.getAttribute('#teacher-link', 'href');
  await page.goto(href);
  await settled();
  same([await page.inputValue('#n'), await page.inputValue('#opponent'), await page.inputValue('#side')], ['20', 'careful', 'random'], 'the lesson\'s settings');
  check(await page.isDisabled('#n') && await page.isDisabled('#opponent') && await page.isDisabled('#side'), 'locked');
  same(await count('#board .cell.legal'), 0, 'helps off');
  check(await page.isHidden('#tab-teacher'), 'a pupil\'s lesson does not offer the teacher\'s page');
});

test('teacher::notes_in_both_languages_with_an_example_the_engine_agrees_with_and_a_grid_to_print', async () => {
  await page.goto(`${base}/#teacher`);
  await settled();
  await english();
  await page.waitForSelector('#teacher-notes h3');
  const headings = await page.$$eval('#teacher-notes h3', (els) => els.map((e) => e.textContent));
  same(headings, ['The rules, with an example', 'Questions to ask', 'How a lesson can run (about 55 minutes)', 'What pupils can discover'], 'the notes');
  // The example game: its moves, played out by the engine as two people, end as the notes say.
  const steps = await page.$$eval('#teacher-notes ul:first-of-type li', (els) => els.map((e) => e.textContent));
  const moves = steps.map((s) => /names (\d+)/.exec(s)).filter(Boolean).map((m) => Number(m[1]));
  same(moves, [4, 8, 2, 10, 5, 1, 7], 'the example\'s moves');
  const end = await api('POST', '/api/game', { n: 10, you: 'first', opponent: 'person', seed: 0, line: moves });
  same(end.status, 200, 'every move of the example is legal');
  same([end.data.over, end.data.winner_side], [true, 'first'], 'the example ends as the notes say: Ben is stuck, Ana wins');
  check(steps.at(-1).includes('Ana wins'), steps.at(-1));
  await page.click('#language');
  await page.waitForSelector('html[lang="fr"]');
  same(await page.$$eval('#teacher-notes h3', (els) => els[0].textContent), 'La règle, avec un exemple', 'the notes in French');
  const frSteps = await page.$$eval('#teacher-notes ul:first-of-type li', (els) => els.map((e) => e.textContent));
  same(frSteps.map((s) => /annonce (\d+)/.exec(s)).filter(Boolean).map((m) => Number(m[1])), moves, 'the same example in French');
  await page.click('#language');
  await page.waitForSelector('html[lang="en"]');
  // The grid of 1..40, and the print stylesheet that prints it alone.
  await page.check('input[name="teacher-size"][value="40"]');
  await page.click('#teacher-grid-go');
  await page.waitForSelector('#print-sheet:not([hidden])');
  same(await page.$$eval('#print-grid span', (els) => els.map((e) => Number(e.textContent))), [...Array(40).keys()].map((i) => i + 1), 'the grid of 1..40');
  await page.emulateMedia({ media: 'print' });
  try {
    check(await page.isHidden('header') && await page.isHidden('#teacher-form') && await page.isHidden('#teacher-notes'), 'on paper: the grid alone');
    check(await page.isVisible('#print-grid') && await page.isHidden('#print-go'), 'the grid is printed, not the button');
  } finally {
    await page.emulateMedia({ media: 'screen' });
  }
  await page.evaluate(() => { location.hash = '#play'; });
  await page.waitForSelector('#view-play:not([hidden])');
  // Away from the teacher's page, printing prints the view shown again, not the grid.
  await page.emulateMedia({ media: 'print' });
  try {
    check(await page.isVisible('#view-play') && await page.isHidden('#print-sheet'), 'on paper, after the teacher\'s page: the Play view, not the grid');
  } finally {
    await page.emulateMedia({ media: 'screen' });
  }
});
