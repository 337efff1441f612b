// The Two boards view: a game on two or three boards side by side (a sum of games). A move
// names a number on one board, by that board's own rules (its first number even, then a divisor
// or multiple of its own last number); whoever has no move on any board loses. The page keeps
// the boards' sizes and the moves made, and sends them with every request (POST /api/boards):
// the engine answers with each board's value, the nim-sum, the allowed and the winning moves,
// the opponent's reply and the end; POST /api/boards/review reviews the game. Nothing here
// judges a move.
import { post } from './api.js';
import { t, showRefusal } from './words.js';

const $ = (id) => document.getElementById(id);

// Small boards a class can play in a lesson (each n at most 50, as the engine allows).
export const PRESETS = [
  [6, 8],
  [12, 20],
  [9, 14, 6],
  [12, 20, 27],
];

const game = {
  ns: [12, 20],
  you: 'first',
  opponent: 'perfect',
  seed: 0,
  moves: [],
  hints: true,
  answer: null, // the engine's last answer
  error: null,
  seq: 0,
  busy: false,
  review: null,
};

const listeners = [];

// The answer the page shows now (the Nim page shows its values), or null.
export function currentBoards() {
  return game.answer;
}

// Calls `fn` after each new answer.
export function onBoards(fn) {
  listeners.push(fn);
}

export const letter = (i) => 'ABC'[i];

// ---- Painting --------------------------------------------------------------------------------

// Is move i the person's?
function isMine(i) {
  return (i % 2 === 0) === (game.you === 'first');
}

function paintBoards(answer) {
  const area = $('boards-area');
  const winningOn = (b) => new Set(game.hints ? b.winning || [] : []);
  const playedBy = new Map(); // "board:number" -> index of the move
  answer.moves.forEach((m, i) => playedBy.set(`${m.board}:${m.number}`, i));
  const last = answer.moves.length - 1;
  const boxes = answer.boards.map((b, i) => {
    const box = document.createElement('section');
    box.className = 'sumboard';
    box.dataset.board = String(i);
    box.dataset.value = String(b.value);
    const head = document.createElement('h3');
    head.className = 'sumboard-head';
    head.textContent = t('boards.board_name', letter(i), b.n);
    const value = document.createElement('span');
    value.className = 'sumboard-value';
    value.hidden = !game.hints;
    value.textContent = t('boards.value', b.value);
    head.append(' ', value);
    const grid = document.createElement('div');
    grid.className = 'sumgrid';
    grid.setAttribute('role', 'group');
    grid.setAttribute('aria-label', t('boards.board_name', letter(i), b.n));
    const legal = new Set(b.legal);
    const winning = winningOn(b);
    for (let k = 1; k <= b.n; k++) {
      const c = document.createElement('button');
      c.type = 'button';
      c.dataset.board = String(i);
      c.dataset.n = String(k);
      c.textContent = String(k);
      const at = playedBy.get(`${i}:${k}`);
      let cls = 'cell';
      if (at !== undefined) cls += ` played ${isMine(at) ? 'mine' : 'theirs'}${at === last ? ' last' : ''}`;
      else if (legal.has(k) && personToMove(answer)) cls += ` legal${winning.has(k) ? ' winning' : ''}`;
      c.className = cls;
      c.disabled = !cls.includes('legal');
      grid.append(c);
    }
    box.append(head, grid);
    return box;
  });
  area.replaceChildren(...boxes);
}

function personToMove(answer) {
  return !answer.over && (game.opponent === 'person' || answer.to_move === 'you');
}

// The boards' values and their nim-sum, in words (shown with the hints).
function sumWords(answer) {
  const values = answer.boards.map((b) => b.value);
  return t('boards.sum', { values, nimSum: answer.nim_sum, toMove: personToMove(answer) });
}

function statusText(answer) {
  if (answer.over) return endWords(answer);
  if (game.opponent === 'person') return t('boards.turn_of', answer.to_move_side);
  if (answer.to_move !== 'you') return t('boards.opponent_to_move');
  return t('boards.your_move', answer.reply ? { board: letter(answer.reply.board), number: answer.reply.number } : null);
}

// The end in words: who won, and why (no move left on any board).
function endWords(answer) {
  const last = answer.moves[answer.moves.length - 1];
  const facts = { board: letter(last.board), number: last.number };
  if (game.opponent === 'person') return t('boards.end_side', answer.winner_side, facts);
  return answer.winner === 'you' ? t('boards.end_you', facts) : t('boards.end_opp', facts);
}

function paintMoves(answer) {
  const ol = $('boards-moves');
  const items = answer.moves.map((m, i) => {
    const li = document.createElement('li');
    li.className = isMine(i) ? 'mine' : 'theirs';
    li.dataset.board = String(m.board);
    li.dataset.n = String(m.number);
    li.textContent = t('boards.move', { who: whoWord(i), board: letter(m.board), number: m.number });
    return li;
  });
  ol.replaceChildren(...items);
}

function whoWord(i) {
  if (game.opponent === 'person') return t(i % 2 === 0 ? 'boards.first' : 'boards.second');
  return isMine(i) ? t('line.you') : t('line.opp');
}

function paintControls() {
  const section = $('view-boards');
  section.dataset.busy = String(game.busy);
  const answer = game.answer;
  $('boards-undo').disabled = game.busy || !answer || undoTo(answer.moves) < 0;
  $('boards-hint').setAttribute('aria-pressed', String(game.hints));
  $('boards-hint').textContent = game.hints ? t('hint.hide') : t('hint.show');
  $('boards-area').setAttribute('aria-busy', String(game.busy));
}

function paintReview() {
  const r = game.review;
  const box = $('boards-review');
  const current = r && game.answer && r.moves.length === game.answer.moves.length;
  if (!current) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const summary = $('boards-review-summary');
  summary.dataset.firstMistake = r.first_mistake == null ? '' : String(r.first_mistake);
  summary.textContent = t('boards.review_start', { values: r.start_values, nimSum: r.start_nim_sum }) + ' ' +
    (r.first_mistake == null ? t('boards.review_clean') : t('boards.review_first', r.first_mistake + 1));
  const items = r.moves.map((m, i) => {
    const li = document.createElement('li');
    const verdict = m.mistake ? 'mistake' : m.winning.length ? 'kept' : 'lost';
    li.className = `reviewed ${m.player}${i === r.first_mistake ? ' first-mistake' : ''} ${verdict}`;
    li.dataset.verdict = verdict;
    li.dataset.nimSum = String(m.nim_sum);
    li.dataset.values = m.values.join(' ');
    const what = document.createElement('span');
    what.textContent = t('boards.move', { who: whoWord(i), board: letter(m.board), number: m.number });
    const values = document.createElement('span');
    values.className = 'values';
    values.textContent = t('boards.review_values', { values: m.values, before: m.nim_sum_before, nimSum: m.nim_sum });
    const mark = document.createElement('span');
    mark.className = 'mark';
    mark.textContent = t(`boards.verdict_${verdict}`, m.winning.map((w) => ({ board: letter(w.board), number: w.number })));
    li.append(what, values, mark);
    return li;
  });
  $('boards-review-moves').replaceChildren(...items);
}

function paint() {
  const answer = game.answer;
  showRefusal($('boards-error'), game.error);
  paintControls();
  if (!answer) return;
  const section = $('view-boards');
  section.dataset.state = answer.over ? 'over' : personToMove(answer) ? 'you' : 'opponent';
  section.dataset.seed = String(game.seed);
  section.dataset.boards = game.ns.join(' ');
  paintBoards(answer);
  paintMoves(answer);
  $('boards-status').textContent = statusText(answer);
  const sum = $('boards-sum');
  sum.hidden = !game.hints;
  sum.dataset.nimSum = String(answer.nim_sum);
  sum.textContent = sumWords(answer);
  $('boards-result').hidden = !answer.over;
  $('boards-message').textContent = answer.over ? endWords(answer) : '';
  paintReview();
}

// ---- Requests --------------------------------------------------------------------------------

async function request(send, adopt) {
  const seq = ++game.seq;
  game.busy = true;
  game.error = null;
  paintControls();
  showRefusal($('boards-error'), null);
  try {
    const answer = await send();
    if (seq !== game.seq) return;
    adopt(answer);
  } catch (e) {
    if (seq !== game.seq) return;
    game.error = e;
  } finally {
    if (seq === game.seq) {
      game.busy = false;
      paint();
    }
  }
}

function ask(settings, moves) {
  const body = { boards: settings.ns, moves, you: settings.you, opponent: settings.opponent, seed: settings.seed, hints: true };
  return request(
    () => post('/api/boards', body),
    (answer) => {
      Object.assign(game, settings);
      game.moves = answer.moves.map((m) => ({ board: m.board, number: m.number }));
      game.answer = answer;
      for (const fn of listeners) fn(answer);
    },
  );
}

function current() {
  return { ns: game.ns, you: game.you, opponent: game.opponent, seed: game.seed };
}

function randomSeed() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0];
}

// The sizes typed (two or three: an empty third field means two boards), as typed.
function formSettings() {
  const ns = ['boards-n1', 'boards-n2', 'boards-n3']
    .map((id) => $(id).value.trim())
    .filter((v) => v !== '')
    .map((v) => (/^\d+$/.test(v) ? Number(v) : v));
  const opponent = $('boards-opponent').value;
  return { ns, you: opponent === 'person' ? 'first' : $('boards-side').value, opponent, seed: randomSeed() };
}

function newGame() {
  game.review = null;
  return ask(formSettings(), []);
}

function play(board, number) {
  if (game.busy || !game.answer || !personToMove(game.answer)) return;
  ask(current(), game.moves.concat([{ board, number }]));
}

// The index of the person's last move, or -1 (two people: the last move).
function undoTo(moves) {
  if (game.opponent === 'person') return moves.length - 1;
  for (let i = moves.length - 1; i >= 0; i--) if (isMine(i)) return i;
  return -1;
}

function undo() {
  if (game.busy || !game.answer) return;
  const at = undoTo(game.moves);
  if (at < 0) return;
  game.review = null;
  ask(current(), game.moves.slice(0, at));
}

function review() {
  if (game.busy || !game.answer) return;
  const body = { boards: game.ns, moves: game.moves };
  request(
    () => post('/api/boards/review', body),
    (r) => {
      game.review = r;
    },
  );
}

function presetChosen() {
  const at = Number($('boards-preset').value);
  const ns = PRESETS[at];
  if (!ns) return;
  ['boards-n1', 'boards-n2', 'boards-n3'].forEach((id, i) => {
    $(id).value = ns[i] === undefined ? '' : String(ns[i]);
  });
}

function paintPresets() {
  const select = $('boards-preset');
  const chosen = select.value;
  select.replaceChildren(
    ...PRESETS.map((ns, i) => {
      const o = document.createElement('option');
      o.value = String(i);
      o.textContent = t('boards.preset', ns);
      return o;
    }),
  );
  select.value = chosen || '1';
}

export function startBoards() {
  paintPresets();
  presetChosen();
  $('boards-preset').addEventListener('change', presetChosen);
  $('boards-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    newGame();
  });
  $('boards-opponent').addEventListener('change', () => {
    $('boards-side-label').hidden = $('boards-opponent').value === 'person';
  });
  $('boards-area').addEventListener('click', (ev) => {
    const c = ev.target.closest('button.cell');
    if (!c || c.disabled) return;
    play(Number(c.dataset.board), Number(c.dataset.n));
  });
  $('boards-hint').addEventListener('click', () => {
    game.hints = !game.hints;
    paint();
  });
  $('boards-undo').addEventListener('click', undo);
  $('boards-review-go').addEventListener('click', review);
  document.addEventListener('language', () => {
    paintPresets();
    paint();
  });
  paint();
  // The first game starts when the view is first shown (the page's other views ask nothing of
  // this one).
  const shown = () => {
    if (location.hash === '#boards' && !game.answer && !game.busy) newGame();
  };
  window.addEventListener('hashchange', shown);
  shown();
}
