// The lesson (issue 55): a lesson link that sets and locks the game and turns the helps off, a
// number not allowed refused in the engine's words, the gentle default (level 1, the first
// player drawn at random), two people who swap and keep the score, a game per tab, a review
// opened by link that teaches at the first mistake and lets the pupil try again from there.
// Every check compares the page with what the API answers to the same request.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root, base, api, check, same, page, context, settled, numbers, count, text, line, fits, openView, english, newGame, clickNumber, expectReviewMatches, usePage, test } from '../harness.mjs';

const { WORDS } = await import(pathToFileURL(path.join(root, 'web', 'js', 'words.js')).href);

// The page's refusal must be the engine's refusal of the same line, in the page's words.
async function expectRefusal(n, moves, k, what) {
  const r = await api('POST', '/api/game', { n, you: 'first', opponent: 'person', seed: 0, line: moves.concat([k]) });
  same(r.status, 422, `${what}: the API refuses ${k}`);
  const words = WORDS.en[`code.${r.data.code}`](r.data.values);
  await page.waitForSelector('#play-error:not([hidden])');
  same(await text('#play-error'), words, `${what}: the refusal in words`);
  return r.data;
}

// The cells of the board by look: the class of every number not played.
async function freeLooks() {
  return page.$$eval('#board .cell:not(.played)', (els) => [...new Set(els.map((e) => e.className))]);
}

test('lesson::a_lesson_link_sets_locks_and_turns_every_help_off', async () => {
  await page.goto(`${base}/?n=40&opponent=random&help=off#play`);
  await settled();
  await english();
  await page.waitForSelector('body[data-state="you"]', { state: 'attached' });
  same(await page.inputValue('#n'), '40', 'n is the link\'s');
  same(await page.inputValue('#opponent'), 'random', 'the opponent is the link\'s');
  check(await page.isDisabled('#n') && await page.isDisabled('#opponent'), 'what the link sets is locked');
  check(!(await page.isDisabled('#side')), 'what the link does not set stays free');
  const note = await text('#lesson-note');
  check(note.includes('numbers from 1 to 40') && note.includes('level 1') && note.includes('no helps'), `the lesson's note: ${note}`);
  same(await count('#board .cell'), 40, 'the board of the link');
  same(await count('#board .cell.legal, #board .cell.winning'), 0, 'no number marked as allowed or winning');
  same(await freeLooks(), ['cell free'], 'every free number looks the same');
  check(await page.isHidden('#hint') && await page.isHidden('#why'), 'no hint and no "Why?"');
  check(await page.isHidden('#tab-results') && await page.isHidden('#tab-verify') && await page.isHidden('#tab-teacher'), 'no Results, Verify or teacher\'s tab');
  const status = await text('#status');
  check(!/allowed/.test(status), `the status does not count the allowed numbers: ${status}`);
  // The views that give the answers stay closed, even by their address.
  await page.evaluate(() => { location.hash = '#results'; });
  await page.waitForSelector('#view-play:not([hidden])');
  check(await page.isHidden('#view-results'), 'Results does not open from its address');
  await page.evaluate(() => { location.hash = '#play'; });
  await fits('lesson-board', '#status');
});

test('lesson::a_number_not_allowed_says_why_in_the_engines_words', async () => {
  await page.goto(`${base}/?n=40&opponent=random&help=off#play`);
  await settled();
  await english();
  await page.click('#new-game');
  await settled();
  // The first number must be even.
  await clickNumber(7);
  const odd = await expectRefusal(40, [], 7, 'an odd opening');
  same(odd.code, 'odd_opening', 'the engine\'s reason');
  same(await line(), [], 'the refused number is not played');
  // A legal opening (the API's), then a number that goes with neither.
  const start = await api('POST', '/api/game', { n: 40, you: 'first', opponent: 'random', seed: 0, line: [], hints: false });
  check(start.status === 200, `the API's new game: ${JSON.stringify(start)}`);
  await clickNumber(start.data.legal.at(-1));
  check(await page.isHidden('#play-error'), 'an allowed number is played without a word');
  let moves = await line();
  same(moves.length, 2, 'the move and the level\'s reply');
  same(await freeLooks(), ['cell free'], 'after a reply, every free number still looks the same');
  // A free number that goes with neither (after 1 every number goes: then play on).
  const free = (p) => [...Array(40).keys()].map((i) => i + 1).filter((x) => !p.line.includes(x));
  let p = (await api('POST', '/api/game', { n: 40, you: 'first', opponent: 'random', seed: 0, line: moves, hints: false })).data;
  for (let turn = 0; turn < 10 && !p.over && free(p).every((x) => p.legal.includes(x)); turn++) {
    await clickNumber(p.legal.at(-1));
    moves = await line();
    p = (await api('POST', '/api/game', { n: 40, you: 'first', opponent: 'random', seed: 0, line: moves, hints: false })).data;
  }
  check(!p.over, `the game goes on: ${moves.join(' ')}`);
  const k = free(p).find((x) => !p.legal.includes(x));
  await clickNumber(k);
  const refused = await expectRefusal(40, moves, k, 'a number that goes with neither');
  same(refused.code, 'not_related', 'the engine\'s reason');
  same(await line(), moves, 'the refused number is not played');
  // A number already played is no free number: it cannot be tapped.
  check(await page.isDisabled(`#board .cell[data-n="${moves[0]}"]`), 'a played number cannot be tapped');
});

test('lesson::a_new_visitor_plays_level_1_and_the_first_player_can_be_drawn', async () => {
  // A new tab (its own session) opens on the gentle default.
  const fresh = await context.newPage();
  const main = usePage(fresh);
  try {
    await page.goto(`${base}/#play`);
    await settled();
    await english();
    same(await page.inputValue('#opponent'), 'random', 'a new visitor\'s opponent');
    check((await text('#level-note')).startsWith('Level 1'), await text('#level-note'));
    // The link's first=random: drawn for each game, both sides come up.
    await page.goto(`${base}/?n=20&opponent=careful&first=random#play`);
    await settled();
    check(await page.isDisabled('#side'), 'who starts is locked');
    same(await page.inputValue('#side'), 'random', 'who starts is drawn');
    const seen = new Set();
    for (let i = 0; i < 24 && seen.size < 2; i++) {
      await page.click('#new-game');
      await settled();
      await page.waitForSelector('body[data-state="you"]', { state: 'attached' });
      const moves = await line();
      // The opponent opened exactly when the draw gave the pupil the second side.
      const side = moves.length === 1 ? 'second' : 'first';
      same(moves.length === 0 || moves.length === 1, true, 'a new game is empty, or the opponent\'s opening');
      const p = await api('POST', '/api/game', { n: 20, you: side, opponent: 'careful', seed: 0, line: moves, hints: false });
      same(p.data.to_move, 'you', `the pupil moves after ${moves.join(' ')} as the ${side} player`);
      seen.add(side);
    }
    same([...seen].sort(), ['first', 'second'], 'both sides drawn in 24 games');
  } finally {
    await fresh.close();
    usePage(main);
  }
});

test('lesson::each_tab_keeps_its_own_game', async () => {
  await page.goto(`${base}/#play`);
  await settled();
  await newGame(20, 'first', 'random');
  const p = await api('POST', '/api/game', { n: 20, you: 'first', opponent: 'random', seed: 0, line: [], hints: false });
  await clickNumber(p.data.legal[0]);
  const mine = await line();
  const other = await context.newPage();
  const main = usePage(other);
  try {
    await page.goto(`${base}/#play`);
    await settled();
    same(await line(), [], 'another tab opens on a game of its own');
    await newGame(30, 'first', 'random');
  } finally {
    await other.close();
    usePage(main);
  }
  await page.reload();
  await settled();
  same(await line(), mine, 'a reload keeps this tab\'s game, whatever the other tab did');
  same(await count('#board .cell'), 20, 'and its board');
});

test('lesson::two_people_swap_who_starts_play_again_and_keep_the_score', async () => {
  await page.goto(`${base}/#play`);
  await settled();
  await english();
  await newGame(20, '', 'person', ['Ana', 'Ben']);
  // Each plays the smallest allowed number until one is stuck; the API says who won.
  for (let i = 0; i < 20 && (await page.getAttribute('body', 'data-state')) !== 'over'; i++) {
    await clickNumber((await numbers('#board .cell.legal'))[0]);
  }
  const moves = await line();
  const end = await api('POST', '/api/game', { n: 20, you: 'first', opponent: 'person', seed: 0, line: moves });
  check(end.data.over, 'the game is over');
  const won = end.data.winner_side === 'first' ? [1, 0] : [0, 1];
  same(await text('#score'), `Score: Ana ${won[0]}, Ben ${won[1]}.`, 'the score after one game');
  check(await page.isVisible('#swap-sides') && await page.isVisible('#play-again'), 'swap and play again at the end');
  await page.click('#swap-sides');
  await settled();
  same([await page.inputValue('#name-1'), await page.inputValue('#name-2')], ['Ben', 'Ana'], 'Ben starts now');
  same(await line(), [], 'a new game');
  same(await text('#score'), `Score: Ben ${won[1]}, Ana ${won[0]}.`, 'the score follows the names');
  await page.click('#board .cell.legal');
  await settled();
  await page.click('#new-game');
  await settled();
  same(await text('#score'), `Score: Ben ${won[1]}, Ana ${won[0]}.`, 'a game not finished counts for nobody');
});

test('lesson::a_review_by_link_teaches_and_tries_again_from_the_mistake', async () => {
  const moves = [14, 7, 1, 11];
  await page.goto(`${base}/#review?n=20&line=${moves.join(',')}`);
  await settled();
  await english();
  const r = await expectReviewMatches(20, moves);
  const i = r.first_mistake;
  check(i != null, 'the line has a mistake (the API says so)');
  await page.waitForSelector('#review-lesson:not([hidden])');
  const won = (await api('POST', '/api/plan', { n: 20, line: moves.slice(0, i) })).data;
  const lost = (await api('POST', '/api/plan', { n: 20, line: moves.slice(0, i + 1) })).data;
  same(Number(await page.getAttribute('#review-lesson', 'data-won')), won.move, 'the winning move explained is the plan\'s');
  same(await page.$$eval('#review-won-pairs li', (els) => els.map((e) => [Number(e.dataset.from), Number(e.dataset.to)])), won.pairs, 'its pairs');
  same(Number(await page.getAttribute('#review-lesson', 'data-lost')), lost.move, 'the answer that beats the mistake is the plan\'s');
  same(await page.$$eval('#review-lost-pairs li', (els) => els.map((e) => [Number(e.dataset.from), Number(e.dataset.to)])), lost.pairs, 'its pairs');
  check((await text('#review-lost')).includes(`Why ${moves[i]} loses`), await text('#review-lost'));
  same(await page.getAttribute('#review-share-link', 'href'), `#review?n=20&line=${moves.join(',')}`, 'the review offers its link');
  await fits('review-try-again', '#review-lesson');
  // On paper: the review without the page's header, forms and buttons.
  await page.emulateMedia({ media: 'print' });
  try {
    check(await page.isHidden('header') && await page.isHidden('#review-form') && await page.isHidden('#try-again'), 'a printed review has no header, form or button');
    check(await page.isVisible('#review-summary') && await page.isVisible('#review-lesson') && await page.isVisible('#review-moves'), 'a printed review has its summary, its lesson and its moves');
  } finally {
    await page.emulateMedia({ media: 'screen' });
  }
  await page.click('#try-again');
  await page.waitForSelector('#view-play:not([hidden])');
  await settled();
  same(await line(), moves.slice(0, i), 'the game starts from the position before the mistake');
  const p = await api('POST', '/api/game', { n: 20, you: r.moves[i].player, opponent: 'perfect', seed: 0, line: moves.slice(0, i), hints: true });
  same(p.data.to_move, 'you', 'and it is the pupil\'s turn');
  same(await numbers('#board .cell.legal'), p.data.legal, 'the allowed numbers there');
});

test('lesson::the_end_of_a_game_offers_its_review_link', async () => {
  await page.goto(`${base}/#play`);
  await settled();
  await english();
  await newGame(20, 'first', 'random');
  for (let i = 0; i < 20 && (await page.getAttribute('body', 'data-state')) === 'you'; i++) {
    await clickNumber((await numbers('#board .cell.legal'))[0]);
  }
  same(await page.getAttribute('body', 'data-state'), 'over', 'the game is over');
  const moves = await line();
  same(await page.getAttribute('#review-link', 'href'), `#review?n=20&line=${moves.join(',')}`, 'the end offers the review\'s link');
  await page.click('#review-link');
  await page.waitForSelector('#view-review:not([hidden])');
  await expectReviewMatches(20, moves);
});

test('lesson::a_french_lesson_link', async () => {
  await page.goto(`${base}/?n=20&opponent=random&help=off&lang=fr#play`);
  await settled();
  same(await page.getAttribute('html', 'lang'), 'fr', 'the link\'s language');
  // This tab's finished game fits the link (n = 20, level 1): a new one.
  await page.click('#new-game');
  await settled();
  const note = await text('#lesson-note');
  check(note.startsWith('Ton professeur a choisi cette partie\u202f:') && note.includes('de 1 à 20'), note);
  check((await text('#status')).startsWith('À toi'), await text('#status'));
  await clickNumber(3);
  await page.waitForSelector('#play-error:not([hidden])');
  same(await text('#play-error'), WORDS.fr['code.odd_opening']({ move: 3 }), 'the refusal in French');
  // Back to English and an ordinary page for the tests after.
  await page.click('#language');
  await page.waitForSelector('html[lang="en"]');
  await page.goto(`${base}/#play`);
  await settled();
});

test('lesson::why_any_winning_move_and_why_a_later_mistake_loses', async () => {
  await page.goto(`${base}/#play`);
  await settled();
  await english();
  await newGame(20, 'first', 'perfect');
  if ((await page.getAttribute('#hint', 'aria-pressed')) !== 'true') {
    await page.click('#hint');
    await settled();
  }
  await page.click('#why');
  await settled();
  await page.waitForSelector('#why-box:not([hidden])');
  const start = await api('POST', '/api/game', { n: 20, you: 'first', opponent: 'perfect', seed: 0, line: [], hints: true });
  const first = Number(await page.getAttribute('#why-box', 'data-move'));
  same(await numbers('#why-others-list button'), start.data.winning.filter((k) => k !== first), 'a button for every other winning move');
  const k = start.data.winning.at(-1);
  await page.click(`#why-others-list button[data-n="${k}"]`);
  await settled();
  await page.waitForSelector(`#why-box[data-move="${k}"]`);
  const plan = await api('POST', '/api/plan', { n: 20, line: [], move: k });
  same(plan.data.move, k, 'the engine explains the move asked about');
  if (await page.isVisible('#why-more')) await page.click('#why-more');
  same(await page.$$eval('#why-pairs li', (els) => els.map((e) => [Number(e.dataset.from), Number(e.dataset.to)])), plan.data.pairs, 'its pairs');
  await page.click('#hint');
  await settled();

  // A line with two mistakes, found by the API's review (each move the smallest allowed one
  // or the largest, in turn, from each opening), reviewed by link.
  let moves = null;
  let review = null;
  for (const opening of start.data.legal) {
    const line = [opening];
    for (let turn = 1; ; turn++) {
      const p = await api('POST', '/api/game', { n: 20, you: 'first', opponent: 'person', seed: 0, line });
      if (p.data.over) break;
      line.push(turn % 2 ? p.data.legal[0] : p.data.legal.at(-1));
    }
    const r = await api('POST', '/api/review', { n: 20, line });
    if (r.data.moves.filter((m) => m.mistake).length >= 2) {
      moves = line;
      review = r.data;
      break;
    }
  }
  check(moves, 'a line with two mistakes');
  await page.goto(`${base}/#review?n=20&line=${moves.join(',')}`);
  await settled();
  await expectReviewMatches(20, moves);
  await page.waitForSelector('#review-lesson:not([hidden])');
  // Why another winning move of the first mistake's position.
  const i = review.first_mistake;
  const shownWon = Number(await page.getAttribute('#review-lesson', 'data-won'));
  const ask = review.moves[i].winning.find((w) => w !== shownWon);
  check(ask !== undefined, 'the first mistake\'s position has two winning moves');
  await page.click(`#review-won-others-list button[data-n="${ask}"]`);
  await page.waitForSelector(`#review-lesson[data-won="${ask}"]`);
  const askPlan = await api('POST', '/api/plan', { n: 20, line: moves.slice(0, i), move: ask });
  same(await page.$$eval('#review-won-pairs li', (els) => els.map((e) => [Number(e.dataset.from), Number(e.dataset.to)])), askPlan.data.pairs, 'the pairs of the move asked about');
  // A later mistake: why it loses, the other side's plan after it.
  const j = review.moves.findIndex((m, at) => m.mistake && at !== i);
  await page.click(`#review-moves li:nth-child(${j + 1}) button.why-loses`);
  await page.waitForSelector(`#review-moves li:nth-child(${j + 1}) .why-lost`);
  const after = await api('POST', '/api/plan', { n: 20, line: moves.slice(0, j + 1) });
  same(Number(await page.getAttribute(`#review-moves li:nth-child(${j + 1}) .why-lost`, 'data-move')), after.data.move, 'why the later mistake loses: the engine\'s answer');
  check((await text(`#review-moves li:nth-child(${j + 1}) .why-lost`)).startsWith(`Why ${moves[j]} loses`), 'in words');
});
