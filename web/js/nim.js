// The Nim page: for a class that knows Nim, why a game on several boards is decided by the XOR
// of the boards' values (mex, P-positions, nim-sum), with a small example the engine computes
// (POST /api/boards on the boards of EXAMPLE, nothing written here) and the values of the game
// of the Two boards view on screen.
import { post } from './api.js';
import { currentBoards, letter, onBoards } from './boards.js';
import { t, showRefusal } from './words.js';

const $ = (id) => document.getElementById(id);

// The boards of the worked example: small enough to check by hand.
export const EXAMPLE = [12, 20];

let example = null; // the engine's answer for EXAMPLE
let error = null;
let asking = false;

// A value in binary, as many digits as `width`.
export function binary(v, width) {
  return v.toString(2).padStart(width, '0');
}

function paintExample() {
  showRefusal($('nim-error'), error);
  const box = $('nim-example');
  if (!example) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const [a, b] = example.boards;
  const mex = $('nim-mex');
  mex.dataset.value = String(a.value);
  mex.dataset.options = a.options.map((o) => `${o.number}:${o.value}`).join(' ');
  mex.textContent = t('nim.example_mex', { n: a.n, options: a.options, value: a.value });
  const zeros = a.options.filter((o) => o.value === 0).map((o) => o.number);
  const p = $('nim-p');
  p.dataset.zeros = zeros.join(' ');
  p.textContent = t('nim.example_p', { n: a.n, zeros });
  const winning = [];
  example.boards.forEach((board, i) => {
    for (const k of board.winning || []) winning.push({ board: letter(i), number: k });
  });
  const xor = $('nim-xor');
  xor.dataset.nimSum = String(example.nim_sum);
  xor.dataset.winning = winning.map((w) => `${w.board} ${w.number}`).join(', ');
  xor.textContent = t('nim.example_xor', { boards: [a, b].map((x, i) => ({ letter: letter(i), n: x.n, value: x.value })), nimSum: example.nim_sum, winning });
  paintBinary($('nim-example-binary'), example.boards.map((x) => x.value), example.nim_sum);
}

// The values one under the other in binary, and their XOR (a column of each bit).
function paintBinary(el, values, nimSum) {
  const width = Math.max(1, ...values.concat([nimSum]).map((v) => v.toString(2).length));
  const rows = values.map((v, i) => `${letter(i)}  ${binary(v, width)}  (${v})`);
  rows.push(`${'─'.repeat(width + 3)}`);
  rows.push(`⊕  ${binary(nimSum, width)}  (${nimSum})`);
  el.textContent = rows.join('\n');
}

function paintGame() {
  const answer = currentBoards();
  const box = $('nim-game');
  if (!answer) {
    box.dataset.nimSum = '';
    $('nim-game-words').textContent = t('nim.no_game');
    $('nim-game-binary').hidden = true;
    return;
  }
  box.dataset.nimSum = String(answer.nim_sum);
  box.dataset.values = answer.boards.map((b) => b.value).join(' ');
  $('nim-game-words').textContent = t('nim.game', {
    boards: answer.boards.map((b, i) => ({ letter: letter(i), n: b.n, value: b.value })),
    nimSum: answer.nim_sum,
    over: answer.over,
  });
  $('nim-game-binary').hidden = false;
  paintBinary($('nim-game-binary'), answer.boards.map((b) => b.value), answer.nim_sum);
}

async function askExample() {
  if (example || asking) return;
  asking = true;
  $('view-nim').dataset.busy = 'true';
  try {
    example = await post('/api/boards', { boards: EXAMPLE, moves: [], you: 'first', opponent: 'person', hints: true });
    error = null;
  } catch (e) {
    error = e;
  } finally {
    asking = false;
    $('view-nim').dataset.busy = 'false';
    paintExample();
  }
}

export function startNim() {
  const shown = () => {
    if (location.hash !== '#nim') return;
    paintGame();
    askExample();
  };
  onBoards(paintGame);
  document.addEventListener('language', () => {
    paintExample();
    paintGame();
  });
  window.addEventListener('hashchange', shown);
  paintGame();
  shown();
}
