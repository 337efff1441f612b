// The Two boards view and the Nim page (issue 56): what the page shows equals what the API
// answers to the same request (each board's value, the nim-sum, the allowed and the winning
// numbers, the opponent's reply, the end, the review), a whole game against the perfect player
// won by following the hints, a refusal in words, both languages, and the three sizes.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root, api, check, same, page, text, fits, openView, english, test } from '../harness.mjs';

async function boardsSettled() {
  await page.waitForSelector('#view-boards[data-busy="false"]', { state: 'attached' });
}

// The moves the page shows, in order.
async function pageMoves() {
  return page.$$eval('#boards-moves li', (els) => els.map((e) => ({ board: Number(e.dataset.board), number: Number(e.dataset.n) })));
}

// The game the page holds: boards, side, opponent and seed of its last "New game".
async function held() {
  const ns = (await page.getAttribute('#view-boards', 'data-boards')).split(' ').map(Number);
  const seed = Number(await page.getAttribute('#view-boards', 'data-seed'));
  const opponent = await page.inputValue('#boards-opponent');
  const you = opponent === 'person' ? 'first' : await page.inputValue('#boards-side');
  return { ns, seed, opponent, you };
}

async function boardsApi(g, moves) {
  const r = await api('POST', '/api/boards', { boards: g.ns, moves, you: g.you, opponent: g.opponent, seed: g.seed, hints: true });
  check(r.status === 200, `the API refused the page's game ${JSON.stringify(moves)}: ${JSON.stringify(r.data)}`);
  return r.data;
}

const cellsOf = (i, cls) =>
  page.$$eval(`#boards-area .sumboard[data-board="${i}"] .cell${cls}`, (els) => els.map((e) => Number(e.dataset.n)));

// Every board of the page against the API's answer for the page's moves (the person's turn or
// the end: the API plays no reply).
async function expectBoardsMatch(what) {
  const g = await held();
  const moves = await pageMoves();
  const a = await boardsApi(g, moves);
  same(a.moves, moves, `${what}: the API plays no move in the page's position`);
  same(await page.$$eval('#boards-area .sumboard', (els) => els.map((e) => Number(e.dataset.value))), a.boards.map((b) => b.value), `${what}: the boards' values`);
  same(Number(await page.getAttribute('#boards-sum', 'data-nim-sum')), a.nim_sum, `${what}: the nim-sum`);
  const toMove = !a.over && a.to_move === 'you';
  for (const [i, b] of a.boards.entries()) {
    same(await cellsOf(i, '.legal'), toMove ? b.legal : [], `${what}: allowed numbers of board ${i}`);
    same(await cellsOf(i, '.winning'), toMove ? b.winning : [], `${what}: winning numbers of board ${i}`);
    same(await cellsOf(i, '.played'), [...b.line].sort((x, y) => x - y), `${what}: played numbers of board ${i}`);
  }
  return a;
}

async function newBoardsGame(preset, opponent, side) {
  await page.selectOption('#boards-preset', String(preset));
  await page.selectOption('#boards-opponent', opponent);
  if (opponent !== 'person') await page.selectOption('#boards-side', side);
  await page.click('#boards-new');
  await boardsSettled();
  await page.waitForSelector('#view-boards[data-state]', { state: 'attached' });
}

async function clickCell(board, k) {
  await page.click(`#boards-area .sumboard[data-board="${board}"] .cell[data-n="${k}"]`);
  await boardsSettled();
}

test('boards::a_new_game_shows_each_boards_value_and_the_nim_sum_of_the_api', async () => {
  await openView('boards');
  await english();
  await boardsSettled();
  await newBoardsGame(3, 'perfect', 'first'); // 1..12 + 1..20 + 1..27
  same((await held()).ns, [12, 20, 27], 'the preset boards');
  const a = await expectBoardsMatch('a new game on three boards');
  same(a.boards.length, 3, 'three boards');
  check(a.nim_sum !== 0, 'the nim-sum of 1..12 + 1..20 + 1..27 is not 0 (the API says so)');
  const words = await text('#boards-sum');
  check(words.startsWith(`Values ${a.boards.map((b) => b.value).join(' ⊕ ')} = ${a.nim_sum}`), `the values and the nim-sum in words: ${words}`);
  for (const [i, b] of a.boards.entries()) {
    check((await text(`#boards-area .sumboard[data-board="${i}"] .sumboard-value`)) === `value ${b.value}`, `board ${i}'s value is shown`);
  }
  // Hidden hints hide the values and the marks; shown again, they come back.
  await page.click('#boards-hint');
  check(!(await page.isVisible('#boards-sum')), 'no nim-sum without hints');
  same((await page.$$eval('#boards-area .cell.winning', (els) => els.length)), 0, 'no winning mark without hints');
  await page.click('#boards-hint');
  await fits('boards', '#boards-area');
  // On a phone every number can be tapped (44 × 44 CSS px at least).
  await page.setViewportSize({ width: 390, height: 844 });
  const small = await page.$$eval('#boards-area .cell', (els) => els.filter((e) => {
    const r = e.getBoundingClientRect();
    return r.width < 44 || r.height < 44;
  }).length);
  same(small, 0, 'numbers smaller than 44 × 44 px on a phone');
  const stacked = await page.$$eval('#boards-area .sumboard', (els) => new Set(els.map((e) => Math.round(e.getBoundingClientRect().left))).size);
  same(stacked, 1, 'the boards are stacked on a phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  const side = await page.$$eval('#boards-area .sumboard', (els) => new Set(els.map((e) => Math.round(e.getBoundingClientRect().top))).size);
  check(side < 3, 'the boards stand side by side on a desktop');
});

test('boards::a_level_replies_on_a_board_as_the_api_says', async () => {
  await newBoardsGame(0, 'random', 'first'); // 1..6 + 1..8
  for (let turn = 0; turn < 3; turn++) {
    if ((await page.getAttribute('#view-boards', 'data-state')) !== 'you') break;
    const before = await pageMoves();
    const cell = await page.$('#boards-area .cell.legal');
    const mine = { board: Number(await cell.getAttribute('data-board')), number: Number(await cell.getAttribute('data-n')) };
    await clickCell(mine.board, mine.number);
    const after = await pageMoves();
    same(after.slice(0, before.length + 1), [...before, mine], 'the person\'s move is kept');
    const a = await boardsApi(await held(), [...before, mine]);
    same(after, a.moves, 'the reply the page shows is the API\'s');
    if (a.reply) check((await text('#boards-status')).includes(`played ${a.reply.number} on board ${'ABC'[a.reply.board]}`) || a.over, `the reply in words: ${await text('#boards-status')}`);
    await expectBoardsMatch(`after turn ${turn + 1}`);
  }
});

test('boards::a_whole_game_against_the_perfect_player_won_by_following_the_hints', async () => {
  await newBoardsGame(3, 'perfect', 'first');
  const start = await expectBoardsMatch('the start');
  check(start.nim_sum !== 0, 'the game starts at a nim-sum other than 0');
  let turns = 0;
  while ((await page.getAttribute('#view-boards', 'data-state')) === 'you' && turns < 80) {
    const a = await expectBoardsMatch(`turn ${turns + 1}`);
    same(a.nim_sum !== 0, true, `turn ${turns + 1}: the person keeps a nim-sum other than 0`);
    const cell = await page.$('#boards-area .cell.winning');
    check(cell, `turn ${turns + 1}: a winning number is marked`);
    await clickCell(Number(await cell.getAttribute('data-board')), Number(await cell.getAttribute('data-n')));
    turns++;
  }
  same(await page.getAttribute('#view-boards', 'data-state'), 'over', 'the game is over');
  const end = await expectBoardsMatch('the end');
  same(end.winner, 'you', 'the API says the person won');
  check((await text('#boards-message')).startsWith('You win!'), `the end in words: ${await text('#boards-message')}`);
  const last = end.moves[end.moves.length - 1];
  check((await text('#boards-message')).includes(`${last.number} on board ${'ABC'[last.board]}`), 'the end names the last move');
  // The review: each move's values, the nim-sum it left, its mark, the first mistake.
  await page.click('#boards-review-go');
  await boardsSettled();
  await page.waitForSelector('#boards-review:not([hidden])');
  const g = await held();
  const r = await api('POST', '/api/boards/review', { boards: g.ns, moves: await pageMoves() });
  same(r.status, 200, 'the review route');
  same(await page.getAttribute('#boards-review-summary', 'data-first-mistake'), r.data.first_mistake == null ? '' : String(r.data.first_mistake), 'the first mistake');
  same(await page.$$eval('#boards-review-moves li', (els) => els.map((e) => [e.dataset.verdict, Number(e.dataset.nimSum), e.dataset.values])),
    r.data.moves.map((m) => [m.mistake ? 'mistake' : m.winning.length ? 'kept' : 'lost', m.nim_sum, m.values.join(' ')]), 'each move\'s mark, nim-sum and values');
  check(r.data.moves.filter((m) => m.player === 'first').every((m) => m.nim_sum === 0), 'every move of the person left nim-sum 0');
  await fits('boards-review', '#boards-review');
});

test('boards::a_board_over_50_is_refused_in_words', async () => {
  await page.fill('#boards-n2', '51');
  await page.click('#boards-new');
  await boardsSettled();
  same(await text('#boards-error'), '51 is not possible here: choose a number from 1 to 50.', 'the refusal in words');
  same((await held()).ns, [12, 20, 27], 'the game on the page stays as it was');
  await page.fill('#boards-n2', '20');
});

test('boards::the_nim_page_shows_the_engines_example_and_the_games_values', async () => {
  const game = await expectBoardsMatch('the game before the Nim page');
  await openView('nim');
  await page.waitForSelector('#nim-example:not([hidden])');
  const r = await api('POST', '/api/boards', { boards: [12, 20], moves: [], you: 'first', opponent: 'person', hints: true });
  same(r.status, 200, 'the example\'s route');
  const [a] = r.data.boards;
  same(Number(await page.getAttribute('#nim-mex', 'data-value')), a.value, 'the value of the start of 1..12');
  same(await page.getAttribute('#nim-mex', 'data-options'), a.options.map((o) => `${o.number}:${o.value}`).join(' '), 'the value after each opening');
  // mex: the value is the least number not among the options' values.
  const values = new Set(a.options.map((o) => o.value));
  let mex = 0;
  while (values.has(mex)) mex++;
  same(a.value, mex, 'the engine\'s value is the mex of its options');
  same(await page.getAttribute('#nim-p', 'data-zeros'), a.options.filter((o) => o.value === 0).map((o) => o.number).join(' '), 'the openings of value 0');
  same(Number(await page.getAttribute('#nim-xor', 'data-nim-sum')), r.data.nim_sum, 'the example\'s nim-sum');
  same(r.data.nim_sum, r.data.boards.reduce((x, b) => x ^ b.value, 0), 'the nim-sum is the XOR of the values');
  const winning = r.data.boards.flatMap((b, i) => (b.winning || []).map((k) => `${'AB'[i]} ${k}`)).join(', ');
  same(await page.getAttribute('#nim-xor', 'data-winning'), winning, 'the example\'s winning moves');
  same(await page.getAttribute('#nim-game', 'data-values'), game.boards.map((b) => b.value).join(' '), 'the values of the game on screen');
  same(Number(await page.getAttribute('#nim-game', 'data-nim-sum')), game.nim_sum, 'the nim-sum of the game on screen');
  await fits('nim', '#nim-example');
});

test('boards::both_views_in_french', async () => {
  const { WORDS } = await import(pathToFileURL(path.join(root, 'web', 'js', 'words.js')).href);
  const french = Object.values(WORDS.fr).filter((w) => typeof w === 'string');
  const englishOnly = Object.keys(WORDS.en)
    .filter((k) => typeof WORDS.en[k] === 'string' && WORDS.en[k].length >= 6 && WORDS.en[k] !== WORDS.fr[k])
    .map((k) => WORDS.en[k])
    .filter((w) => !french.some((f) => f.includes(w)));
  await page.click('#language');
  await page.waitForSelector('html[lang="fr"]');
  for (const view of ['boards', 'nim']) {
    await openView(view);
    const shown = await page.evaluate((v) => document.getElementById(`view-${v}`).innerText, view);
    same(englishOnly.filter((w) => shown.includes(w)), [], `English words on the French ${view} view`);
    for (const english of ['Values', 'value ', 'Board ', 'You win', 'nim-sum', 'The ']) {
      check(!shown.includes(english), `the French ${view} view shows "${english}"`);
    }
    same(await page.$$eval(`#view-${view} [data-w]`, (els) => els.filter((e) => e.textContent.trim() === '').length), 0, `unworded elements of the ${view} view`);
  }
  check((await text('#nim-game-words')).includes('Somme de Nim'), await text('#nim-game-words'));
  await openView('boards');
  check((await text('#boards-message')).startsWith('Tu as gagné\u202f!'), await text('#boards-message'));
  check((await text('#boards-sum')).startsWith('Valeurs '), await text('#boards-sum'));
  await english();
});
