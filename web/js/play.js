// The Play view: a game against a level or another person on this screen. The page keeps the
// line of play and sends it with every request (POST /api/game); the server answers with the
// allowed moves, the winning moves (hints), the opponent's reply, whose turn it is and the end,
// and POST /api/plan says why a winning move wins. Nothing here judges a move.
//
// A lesson link (lesson.js) sets and locks the settings and may turn every help off; then the
// free numbers all look the same and a number that is not allowed is sent as it is, so that the
// engine's refusal says why in words. Each tab keeps its own game (sessionStorage).
import { fileLink, post, typed } from './api.js';
import { t, personName, showRefusal, sideWord } from './words.js';
import { startBoardKeys } from './board-keys.js';
import { helpsOn, isLesson, lesson, lessonWords } from './lesson.js';
import { reviewHash, whyOtherButtons } from './review.js';

const $ = (id) => document.getElementById(id);

// The opponents by level, weakest first: the order of their measured strength in `jg arena`
// (each player's share of wins in the round robins at n = 20, 100 and 1000:
// random < playouts < careful < fewest-replies < perfect). The API names are unchanged.
const LEVELS = ['random', 'playouts', 'careful', 'fewest-replies', 'perfect'];
const PERSON = 'person';
const OPPONENTS = [PERSON, ...LEVELS];

const STORE = 'jg-game';
const PAIRS_SHOWN = 24;

// A new visitor plays the easiest level: a pupil who starts tapping should win now and then.
export const DEFAULT_OPPONENT = 'random';

const game = {
  n: 20,
  you: 'first',
  first: 'first', // the side chosen: 'first', 'second' or 'random' (drawn for each game)
  opponent: DEFAULT_OPPONENT,
  score: [0, 0], // games won: the person (or the first name) and the opponent (or the second name)
  counted: false, // whether this game's end is in the score
  seed: 0,
  names: ['', ''],
  line: [],
  hints: false,
  answer: null, // the server's last answer
  plan: null, // the last answer of /api/plan, with the line it is for
  error: null, // the last refusal, worded again when the language changes
  seq: 0, // the request in flight (an older answer is dropped)
  busy: false,
};

let onReview = () => {};

const board = $('board');
let boardN = 0;
let cells = [];
let marked = new Map();

function show(el, text) {
  el.textContent = text;
  el.hidden = false;
}

function hide(el) {
  el.hidden = true;
  el.textContent = '';
}

const twoPeople = () => game.opponent === PERSON;

// The name of a side in a game of two people: the name typed, else its colour.
const nameOf = (side) => personName(game.names, side);

// Is move i of the line the person's (in a game of two, the first player's, shown blue)?
function isMine(i) {
  return (i % 2 === 0) === (game.you === 'first');
}

// ---- The board ----------------------------------------------------------------------------

// The board of 1..n in blocks of 100 numbers, 10 a row (so a number's multiples line up); a
// block off screen is not laid out (style.css), so n = 10 000 stays cheap.
function buildBoard(n) {
  const parts = [];
  for (let start = 1; start <= n; start += 100) {
    const end = Math.min(n, start + 99);
    parts.push(`<div class="block" role="group" aria-label="${start}–${end}">`);
    for (let k = start; k <= end; k++) {
      parts.push(`<button type="button" class="cell" data-n="${k}" disabled>${k}</button>`);
    }
    parts.push('</div>');
  }
  board.innerHTML = parts.join('');
  cells = new Array(n + 1);
  for (const el of board.querySelectorAll('.cell')) cells[Number(el.dataset.n)] = el;
  marked = new Map();
  boardN = n;
}

// Marks the board from an answer, touching only the numbers whose state changes.
function paintBoard(answer) {
  const next = new Map();
  const last = answer.line.length - 1;
  answer.line.forEach((k, i) => {
    next.set(k, `cell played ${isMine(i) ? 'mine' : 'theirs'}${i === last ? ' last' : ''}`);
  });
  if (helpsOn()) {
    const winning = new Set(game.hints ? answer.winning || [] : []);
    for (const k of answer.legal) next.set(k, `cell legal${winning.has(k) ? ' winning' : ''}`);
  } else {
    // Helps off: every free number looks the same and can be tapped on the person's turn; the
    // engine says why one that is not allowed is refused.
    const free = personToMove(answer) ? 'cell free' : 'cell free wait';
    for (let k = 1; k <= answer.n; k++) if (!next.has(k)) next.set(k, free);
  }
  for (const k of marked.keys()) {
    if (!next.has(k) && cells[k]) {
      cells[k].className = 'cell';
      cells[k].disabled = true;
    }
  }
  for (const [k, cls] of next) {
    const c = cells[k];
    if (!c || marked.get(k) === cls) continue;
    c.className = cls;
    c.disabled = !(cls.startsWith('cell legal') || cls === 'cell free');
  }
  marked = next;
}

function paintLine(answer) {
  const ol = $('line');
  const who = (i) => {
    if (twoPeople()) return nameOf(i % 2 === 0 ? 'first' : 'second');
    return isMine(i) ? t('line.you') : t('line.opp');
  };
  const items = answer.line.map((k, i) => {
    const li = document.createElement('li');
    li.className = isMine(i) ? 'mine' : 'theirs';
    li.dataset.n = String(k);
    const span = document.createElement('span');
    span.className = 'who';
    span.textContent = who(i);
    li.append(span, ` ${k}`);
    return li;
  });
  if (!items.length) {
    const li = document.createElement('li');
    li.className = 'empty';
    li.textContent = t('play.no_move_yet');
    items.push(li);
  }
  ol.replaceChildren(...items);
}

function paintLegend() {
  for (const key of ['legend.legal', 'legend.winning', 'legend.off']) {
    board.parentElement.querySelector(`.legend [data-w="${key}"]`).hidden = !helpsOn();
  }
  $('legend-mine').textContent = twoPeople() ? nameOf('first') : t('legend.mine');
  $('legend-theirs').textContent = twoPeople() ? nameOf('second') : t('legend.theirs');
}

// ---- Words of the game -----------------------------------------------------------------------

function statusText(answer) {
  const last = answer.line.length ? answer.line[answer.line.length - 1] : null;
  const count = answer.legal.length;
  if (answer.over) {
    if (twoPeople()) return t('status.name_won', nameOf(answer.winner_side));
    return answer.winner === 'you' ? t('status.you_won') : t('status.opp_won');
  }
  if (!helpsOn()) {
    // No count of the allowed numbers: finding them is the pupil's work.
    if (twoPeople()) return t('lesson.turn_of', { name: nameOf(answer.to_move_side), last });
    if (answer.to_move !== 'you') return t('status.opponent_to_move');
    return t('lesson.your_move', { reply: answer.reply, last });
  }
  if (twoPeople()) return t('status.turn_of', { name: nameOf(answer.to_move_side), last, count });
  if (answer.to_move !== 'you') return t('status.opponent_to_move');
  return t('status.your_move', { reply: answer.reply, last, count });
}

// Whether a person is to move (the hints and "Why?" are theirs).
function personToMove(answer) {
  return !answer.over && (twoPeople() || answer.to_move === 'you');
}

function paintHint(answer) {
  const el = $('hint-text');
  const canHint = helpsOn() && game.hints && personToMove(answer) && Array.isArray(answer.winning);
  if (!canHint) hide(el);
  else show(el, answer.winning.length ? t('hint.moves', answer.winning) : t('hint.none'));
  $('why').hidden = !(canHint && answer.winning.length > 0);
}

function paintWhy() {
  const box = $('why-box');
  const plan = game.plan;
  const current = plan && game.answer && plan.line.join(' ') === game.answer.line.join(' ');
  if (!current || !game.hints || !helpsOn()) {
    box.hidden = true;
    return;
  }
  const pairs = plan.pairs || [];
  const list = $('why-pairs');
  const because = box.querySelector('[data-w="why.because"]');
  if (plan.move == null) {
    $('why-move').textContent = t('why.lost');
    list.replaceChildren();
    $('why-more').hidden = true;
    because.hidden = true;
  } else if (!pairs.length) {
    $('why-move').textContent = t('why.nothing_left', plan.move);
    list.replaceChildren();
    $('why-more').hidden = true;
    because.hidden = true;
  } else {
    $('why-move').textContent = t('why.move', plan.move, plan.line.length === 0);
    const shown = plan.all ? pairs : pairs.slice(0, PAIRS_SHOWN);
    list.replaceChildren(
      ...shown.map(([a, b]) => {
        const li = document.createElement('li');
        li.textContent = t('why.pair', a, b);
        li.dataset.from = String(a);
        li.dataset.to = String(b);
        return li;
      }),
    );
    $('why-more').hidden = shown.length === pairs.length;
    $('why-more').textContent = t('why.more', pairs.length);
    because.hidden = false;
  }
  paintWhyOthers(plan);
  box.dataset.move = String(plan.move);
  box.hidden = false;
}

// "Why another winning move?": a button for each other winning move of the position (the
// hint's list), each asking the plan of that move.
function paintWhyOthers(plan) {
  const others = (game.answer.winning || []).filter((k) => k !== plan.move);
  const box = $('why-others');
  box.hidden = plan.move == null || others.length === 0;
  $('why-others-list').replaceChildren(...whyOtherButtons(others.slice(0, PAIRS_SHOWN)));
}

// The end in words, from the facts of the answer (`end`, `strategy_facts`).
function endWords(answer) {
  const facts = answer.end || { last: null, related: [] };
  let winnerWords;
  let loser;
  if (twoPeople()) {
    winnerWords = t('end.name_wins', nameOf(answer.winner_side));
    loser = nameOf(answer.winner_side === 'first' ? 'second' : 'first');
  } else {
    winnerWords = answer.winner === 'you' ? t('end.you_win') : t('end.opp_wins');
    loser = answer.winner === 'you' ? t('end.opponent') : t('end.you');
  }
  return t('end.message', { last: facts.last, related: facts.related, loser, winnerWords });
}

function strategyWords(answer) {
  const s = answer.strategy_facts;
  if (!s) return '';
  const n = answer.n;
  if (s.kind === 'pairing' && !s.pairs.length) {
    return s.opening == null ? t('end.no_opening', { n }) : t('end.opening_only', { n, opening: s.opening });
  }
  if (s.kind === 'pairing') return t('end.pairing', { n, side: sideWord(s.side), opening: s.opening, pairs: s.pairs });
  if (s.kind === 'winning_side') return t('end.winning_side', { n, side: sideWord(s.side), pairs: s.pairs });
  if (s.kind === 'mistake') return t('end.mistake', s);
  return '';
}

function paintResult(answer) {
  const box = $('result');
  if (!answer.over) {
    box.hidden = true;
    box.removeAttribute('data-winner');
    return;
  }
  box.hidden = false;
  box.dataset.winner = twoPeople() ? answer.winner_side : answer.winner;
  $('message').textContent = endWords(answer);
  const strategy = strategyWords(answer);
  $('strategy').textContent = strategy;
  $('strategy-box').hidden = !strategy;
  const link = $('certificate-link');
  if (answer.certificate) {
    fileLink(link, answer.certificate, `cert-${answer.n}.bin`);
    $('certificate').hidden = false;
  } else {
    link.href = '#play';
    link.onclick = null;
    $('certificate').hidden = true;
  }
}

// The index of the person's last move in the line, or -1 (two people: the last move).
function undoTo(line) {
  if (twoPeople()) return line.length - 1;
  for (let i = line.length - 1; i >= 0; i--) if (isMine(i)) return i;
  return -1;
}

function paintControls() {
  const answer = game.answer;
  $('undo').disabled = game.busy || !answer || undoTo(answer.line) < 0;
  $('hint').hidden = !helpsOn();
  $('hint').setAttribute('aria-pressed', String(game.hints));
  $('hint').textContent = game.hints ? t('hint.hide') : t('hint.show');
  const canMove = !game.busy && answer && personToMove(answer);
  $('move').disabled = !canMove;
  $('play-move').disabled = !canMove;
  $('why').disabled = game.busy;
  board.setAttribute('aria-busy', String(game.busy));
  document.body.dataset.busy = String(game.busy);
}

function paintState(answer) {
  const body = document.body;
  if (answer.over) body.dataset.state = 'over';
  else if (twoPeople()) body.dataset.state = 'turn';
  else body.dataset.state = answer.to_move || '';
  body.dataset.turn = answer.to_move_side || '';
  body.dataset.mode = twoPeople() ? 'two' : 'level';
  $('status').dataset.turn = answer.over ? '' : answer.to_move_side || '';
}

function paintGame() {
  const t0 = performance.now();
  const answer = game.answer;
  if (boardN !== answer.n) buildBoard(answer.n);
  paintBoard(answer);
  paintLine(answer);
  paintLegend();
  $('status').textContent = statusText(answer);
  paintState(answer);
  paintHint(answer);
  paintWhy();
  paintResult(answer);
  paintAfter(answer);
  $('move').setAttribute('aria-describedby', 'status');
  paintControls();
  // The script's own cost of the last update (the browser test reports it at n = 10 000).
  document.body.dataset.paintMs = (performance.now() - t0).toFixed(1);
}

function paintError() {
  showRefusal($('play-error'), game.error);
}

// ---- Settings --------------------------------------------------------------------------------

// The settings of the form; `first` is the side chosen, `you` the side drawn when it is
// 'random' (drawn again for each new game).
function formSettings() {
  const opponent = $('opponent').value;
  const first = opponent === PERSON ? 'first' : $('side').value;
  return {
    n: typed($('n').value),
    first,
    you: first === 'random' ? (randomSeed() % 2 === 0 ? 'first' : 'second') : first,
    opponent,
    names: [$('name-1').value.trim(), $('name-2').value.trim()],
  };
}

// Shows the fields of the opponent chosen, its level's words, and whether the form differs
// from the game on the board (then its settings wait for "New game").
function paintSettings() {
  const s = formSettings();
  const person = s.opponent === PERSON;
  $('names').hidden = !person;
  $('side-label').hidden = person;
  $('level-note').textContent = t(`level.${s.opponent}`);
  const differs =
    game.answer &&
    (String(s.n) !== String(game.n) ||
      s.opponent !== game.opponent ||
      (!person && s.first !== game.first) ||
      (person && s.names.join('\u0000') !== game.names.join('\u0000')));
  $('pending').hidden = !differs;
}

function settingsToForm() {
  $('n').value = String(game.n);
  $('opponent').value = game.opponent;
  $('side').value = game.first;
  $('name-1').value = game.names[0];
  $('name-2').value = game.names[1];
  paintSettings();
}

// Each tab keeps its own game (sessionStorage: a reload keeps it, another tab or the next
// visit starts afresh), so that two tabs never share one game.
function save() {
  try {
    const { n, you, first, opponent, seed, line, hints, names, score, counted } = game;
    sessionStorage.setItem(STORE, JSON.stringify({ n, you, first, opponent, seed, line, hints, names, score, counted }));
  } catch (_) {
    // storage may be off: the game still works, it is only not kept across reloads
  }
}

// ---- Requests --------------------------------------------------------------------------------

// Runs one request of the view: the controls wait while it is in flight; its answer goes to
// `adopt` unless a newer request overtook it (then it is dropped); a refusal is shown in words
// and the game stays as it was.
async function request(send, adopt) {
  const seq = ++game.seq;
  game.busy = true;
  paintControls();
  game.error = null;
  paintError();
  try {
    const answer = await send();
    if (seq !== game.seq) return;
    game.busy = false;
    adopt(answer);
  } catch (e) {
    if (seq !== game.seq) return;
    game.error = e;
    paintError();
    if (!game.answer) $('status').textContent = t('status.no_game');
  } finally {
    if (seq === game.seq) {
      game.busy = false;
      paintControls();
    }
  }
}

// Asks for the position after `line` under `settings` and adopts it.
function ask(settings, line) {
  const body = { n: settings.n, you: settings.you, opponent: settings.opponent, seed: settings.seed, line, hints: game.hints };
  return request(
    () => post('/api/game', body),
    (answer) => {
      Object.assign(game, settings);
      game.line = answer.line.slice();
      game.answer = answer;
      countEnd(answer);
      save();
      paintGame();
      paintSettings();
    },
  );
}

function current() {
  return { n: game.n, you: game.you, first: game.first, opponent: game.opponent, seed: game.seed, names: game.names };
}

function randomSeed() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0];
}

// A new game of the form's settings. The score goes on while the board and the kind of game
// (two people, or against a level) stay the same; a game not finished counts for nobody.
function newGame() {
  const s = formSettings();
  const sameKind = String(s.n) === String(game.n) && (s.opponent === PERSON) === twoPeople();
  const score = sameKind ? game.score.slice() : [0, 0];
  return ask({ ...s, seed: randomSeed(), score, counted: false }, []);
}

// Puts the end of a game in the score, once.
function countEnd(answer) {
  if (!answer.over || game.counted) return;
  const side = twoPeople() ? answer.winner_side : answer.winner === 'you' ? 'first' : 'second';
  game.score[side === 'first' ? 0 : 1] += 1;
  game.counted = true;
}

// Two people swap sides: the names (and their scores) change places, and a new game starts,
// so the one who played second now opens.
function swapSides() {
  const [a, b] = [$('name-1').value, $('name-2').value];
  $('name-1').value = b;
  $('name-2').value = a;
  game.score = [game.score[1], game.score[0]];
  game.names = [game.names[1], game.names[0]];
  newGame();
}

// A game from the position after `line` (a review's "try again from here"): the person plays
// `you`, against `opponent`; the settings the lesson locked stay.
export function playFrom({ n, line, you, opponent, names }) {
  const opp = lesson.opponent !== undefined ? lesson.opponent : opponent;
  const settings = {
    n: lesson.n !== undefined ? lesson.n : n,
    you: opp === PERSON ? 'first' : you,
    first: opp === PERSON ? 'first' : you,
    opponent: opp,
    seed: randomSeed(),
    names: names || game.names,
    score: game.score.slice(),
    counted: false,
  };
  return ask(settings, line.slice()).then(() => settingsToForm());
}

// Below the end of a game: the score, "Play again", "Swap sides" (two people) and the link of
// the game's review.
function paintAfter(answer) {
  const box = $('after-game');
  box.hidden = !answer.over;
  const [a, b] = game.score;
  const score = $('score');
  score.hidden = a + b === 0;
  score.textContent = twoPeople()
    ? t('lesson.score_two', { first: nameOf('first'), second: nameOf('second'), a, b })
    : t('lesson.score_level', { you: a, opponent: b });
  $('swap-sides').hidden = !twoPeople();
  const link = $('review-link');
  link.href = reviewHash(answer.n, answer.line);
  link.textContent = t('lesson.review_link');
}

function play(k) {
  if (game.busy || !game.answer || !personToMove(game.answer)) return;
  ask(current(), game.line.concat([k]));
}

// The plan of the position: of its smallest winning move, or of the winning move `move`.
function why(move) {
  if (game.busy || !game.answer) return;
  const line = game.answer.line.slice();
  const body = Number.isInteger(move) ? { n: game.n, line, move } : { n: game.n, line };
  request(
    () => post('/api/plan', body),
    (plan) => {
      game.plan = { ...plan, line, all: false };
      paintWhy();
    },
  );
}

// ---- Start -----------------------------------------------------------------------------------

// Wires the view; `review` is called with the game to review ("Review this game").
export function startPlay(review) {
  onReview = review;
  startBoardKeys(board); // arrows across the board, the focus kept on it after a move
  $('game-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    newGame();
  });
  for (const id of ['n', 'opponent', 'side', 'name-1', 'name-2']) {
    $(id).addEventListener('input', paintSettings);
    $(id).addEventListener('change', paintSettings);
  }
  board.addEventListener('click', (ev) => {
    const cell = ev.target.closest('.cell');
    if (!cell || cell.disabled) return;
    play(Number(cell.dataset.n));
  });
  $('move-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const raw = $('move').value.trim();
    if (raw === '') {
      game.error = { wordKey: 'err.type_number', message: t('err.type_number') };
      paintError();
      return;
    }
    play(typed(raw));
    $('move').value = '';
  });
  $('hint').addEventListener('click', () => {
    game.hints = !game.hints;
    if (game.answer && personToMove(game.answer)) {
      ask(current(), game.line.slice());
    } else {
      save();
      paintControls();
      if (game.answer) {
        paintHint(game.answer);
        paintWhy();
      }
    }
  });
  $('why').addEventListener('click', () => why());
  $('why-others').addEventListener('click', (ev) => {
    const b = ev.target.closest('button.why-other');
    if (b) why(Number(b.dataset.n));
  });
  $('why-more').addEventListener('click', () => {
    if (game.plan) game.plan.all = true;
    paintWhy();
  });
  $('undo').addEventListener('click', () => {
    if (game.busy || !game.answer) return;
    const i = undoTo(game.line);
    if (i >= 0) ask(current(), game.line.slice(0, i));
  });
  $('play-again').addEventListener('click', () => {
    settingsToForm();
    newGame();
  });
  $('swap-sides').addEventListener('click', swapSides);
  $('review-game').addEventListener('click', () => {
    if (!game.answer) return;
    onReview({ n: game.n, line: game.answer.line.slice(), you: game.you, opponent: game.opponent, names: game.names.slice() });
  });
  applyLesson();
  document.addEventListener('language', () => {
    $('lesson-note').textContent = lessonWords();
    paintSettings();
    paintError();
    if (game.answer) paintGame();
    else if (!game.error) $('status').textContent = t('status.loading');
  });

  // Opens on the game this tab kept (a reload), else on a new game of the form's defaults; a
  // kept game that the lesson link does not allow (another n, opponent or side) is not taken.
  $('status').textContent = t('status.loading');
  let kept = null;
  try {
    kept = JSON.parse(sessionStorage.getItem(STORE) || 'null');
  } catch (_) {
    kept = null;
  }
  if (kept && Number.isInteger(kept.n) && Array.isArray(kept.line) && OPPONENTS.includes(kept.opponent) && lessonAllows(kept)) {
    game.hints = kept.hints === true && helpsOn();
    const you = kept.you === 'second' ? 'second' : 'first';
    const score = Array.isArray(kept.score) ? kept.score.map((k) => (Number.isInteger(k) && k >= 0 ? k : 0)).slice(0, 2) : [0, 0];
    const settings = {
      n: kept.n,
      you,
      first: ['first', 'second', 'random'].includes(kept.first) ? kept.first : you,
      opponent: kept.opponent,
      seed: Number(kept.seed) || 0,
      names: Array.isArray(kept.names) ? [String(kept.names[0] || ''), String(kept.names[1] || '')] : ['', ''],
      score: score.length === 2 ? score : [0, 0],
      counted: kept.counted === true,
    };
    Object.assign(game, settings);
    settingsToForm();
    ask(settings, kept.line).then(() => {
      if (!game.answer) newGame();
    });
  } else {
    paintSettings();
    newGame();
  }
}

// ---- The lesson link ------------------------------------------------------------------------

// The side of the lesson's `first` (who names the first number) as the form's choice.
const LESSON_SIDE = { you: 'first', opponent: 'second', random: 'random' };

// Whether a kept game is one the lesson link allows.
function lessonAllows(kept) {
  if (lesson.n !== undefined && kept.n !== lesson.n) return false;
  if (lesson.opponent !== undefined && kept.opponent !== lesson.opponent) return false;
  if (lesson.first !== undefined && kept.opponent !== PERSON && kept.first !== LESSON_SIDE[lesson.first]) return false;
  return true;
}

// Sets the form from the lesson link and locks what it sets: the fields are shown, disabled,
// with the lesson's note above them.
function applyLesson() {
  const note = $('lesson-note');
  note.hidden = !isLesson() && lesson.bad.length === 0;
  note.textContent = lessonWords();
  document.body.dataset.help = helpsOn() ? 'on' : 'off';
  if (!helpsOn()) game.hints = false;
  if (lesson.n !== undefined) {
    $('n').value = String(lesson.n);
    $('n').disabled = true;
    game.n = lesson.n;
  }
  if (lesson.opponent !== undefined) {
    $('opponent').value = lesson.opponent;
    $('opponent').disabled = true;
    game.opponent = lesson.opponent;
  }
  if (lesson.first !== undefined) {
    $('side').value = LESSON_SIDE[lesson.first];
    $('side').disabled = true;
    game.first = LESSON_SIDE[lesson.first];
  }
}
