import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root, base, api, check, same, page, settled, numbers, count, text, line, figures, fits, openView, english, hints, newGame, position, clickNumber, expectBoardMatches, downloadChecks, playWhileMyTurn, expectReviewMatches, test } from '../harness.mjs';

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
  same(await text('#play-error'), '10,001 is not possible here: choose a number from 1 to 10,000.', 'n out of range');
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
