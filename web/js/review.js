// The Review view: every move of a game marked as keeping or throwing away the win, and the
// first mistake with the moves that won there (POST /api/review). The game comes from the Play
// view ("Review this game"), is typed, or comes from a link (`#review?n=20&line=14,7,1,11`,
// which the review and the end of a game offer); the server judges every move.
//
// At the first mistake the review teaches: why the winning move of that position wins (the
// plan of POST /api/plan there, as "Why?" gives it), why the move played loses (the plan of
// the other side after it: the engine's answer), and "Try again from here", a game of the Play
// view from the position before the mistake.
import { post, typed } from './api.js';
import { t, personName, showRefusal } from './words.js';

const $ = (id) => document.getElementById(id);

const state = {
  context: null, // who played: { you, opponent, names } of the game from Play, or null
  review: null, // the server's last answer
  line: [], // the line of that review
  won: null, // the plan at the first mistake (why the winning move wins), or null
  lost: null, // the plan of the other side after the mistake (why the move loses), or null
  losses: new Map(), // index of a later mistake -> the other side's plan after it, when asked
  error: null,
};

let onTryAgain = () => {};

// The link of the review of `line` on 1..n, as the address bar's hash.
export function reviewHash(n, line) {
  return `#review?n=${n}&line=${line.join(',')}`;
}

// The n and line of a review link's hash (`#review?n=20&line=14,7,1,11`), as typed (the server
// words what is not a number), or null when the hash is not one.
export function readReviewHash(hash) {
  const m = /^#review\?(.*)$/.exec(hash);
  if (!m) return null;
  const q = new URLSearchParams(m[1]);
  if (!q.has('n')) return null;
  const text = (q.get('line') || '').trim();
  return { n: typed(q.get('n')), line: text === '' ? [] : text.split(/[\s,;]+/).filter(Boolean).map(typed) };
}

// The words of the player of a move: in a game from Play, "you" / "your opponent" or the
// names of two people; for a typed line, "the first player" / "the second player".
function who(player) {
  const c = state.context;
  if (c && c.opponent === 'person') return personName(c.names, player);
  if (c) return player === c.you ? t('end.you') : t('end.opponent');
  return t(player === 'first' ? 'review.first_player' : 'review.second_player');
}

function paint() {
  showRefusal($('review-error'), state.error);
  const summary = $('review-summary');
  const list = $('review-moves');
  const r = state.review;
  if (!r) {
    summary.hidden = true;
    list.replaceChildren();
    $('review-share').hidden = true;
    $('review-lesson').hidden = true;
    return;
  }
  if (r.first_mistake != null) {
    const m = r.moves[r.first_mistake];
    summary.textContent = t('review.summary_mistake', {
      index: r.first_mistake,
      number: m.number,
      who: who(m.player),
      winning: m.winning,
    });
  } else {
    summary.textContent = t('review.summary_none', { count: r.moves.length });
  }
  summary.dataset.firstMistake = r.first_mistake == null ? '' : String(r.first_mistake);
  // The line this review is of: a test (or a script) waits for the review of the line it sent.
  summary.dataset.line = r.moves.map((m) => m.number).join(' ');
  summary.hidden = false;
  paintLink(r);
  paintLesson(r);
  list.replaceChildren(
    ...r.moves.map((m, i) => {
      const li = document.createElement('li');
      const verdict = m.mistake ? 'mistake' : m.winning.length ? 'kept' : 'lost';
      li.className = `reviewed ${verdict} ${m.player}${i === r.first_mistake ? ' first-mistake' : ''}`;
      li.dataset.verdict = verdict;
      const head = document.createElement('span');
      head.className = 'move';
      head.textContent = t('review.move', { index: i, who: who(m.player), number: m.number });
      const mark = document.createElement('span');
      mark.className = 'mark';
      mark.textContent = t(`review.${verdict}`);
      li.append(head, mark);
      if (m.mistake) {
        const won = document.createElement('span');
        won.className = 'won';
        won.textContent = t('review.won_were', m.winning);
        li.append(won);
      }
      // A later mistake: why it loses, on request (the first one is explained above).
      if (m.mistake && i !== r.first_mistake) {
        const lost = state.losses.get(i);
        if (lost && lost.move != null) {
          const why = document.createElement('span');
          why.className = 'why-lost';
          why.dataset.move = String(lost.move);
          const pairs = (lost.pairs || []).map(([a, b]) => t('why.pair', a, b)).join(', ');
          why.textContent = lost.pairs && lost.pairs.length
            ? `${t('lesson.review_lost', { number: m.number, move: lost.move })} ${pairs}`
            : t('lesson.review_lost_at_once', { number: m.number, move: lost.move });
          li.append(why);
        } else {
          const b = document.createElement('button');
          b.type = 'button';
          b.className = 'why-loses link';
          b.dataset.index = String(i);
          b.textContent = t('lesson.why_loses');
          li.append(b);
        }
      }
      return li;
    }),
  );
}

// The link of this review, to share or to open later.
function paintLink(r) {
  const hash = reviewHash(r.n, r.moves.map((m) => m.number));
  const link = $('review-share-link');
  link.href = hash;
  link.textContent = `${location.origin}${location.pathname}${location.search}${hash}`;
  $('review-share').hidden = false;
}

// The plan `p` of /api/plan in words and pairs, into the list `ul`.
function planPairs(ul, p) {
  ul.replaceChildren(
    ...(p.pairs || []).map(([a, b]) => {
      const li = document.createElement('li');
      li.textContent = t('why.pair', a, b);
      li.dataset.from = String(a);
      li.dataset.to = String(b);
      return li;
    }),
  );
}

// What the first mistake teaches: why the winning move wins, why the move played loses.
function paintLesson(r) {
  const box = $('review-lesson');
  const i = r.first_mistake;
  if (i == null || !state.won) {
    box.hidden = true;
    return;
  }
  const m = r.moves[i];
  const won = state.won;
  $('review-won').textContent = won.pairs && won.pairs.length
    ? t('lesson.review_won', { who: who(m.player), move: won.move })
    : t('lesson.review_won_at_once', { who: who(m.player), move: won.move });
  planPairs($('review-won-pairs'), won);
  box.dataset.won = String(won.move);
  // "Why another winning move?": every other winning move of that position.
  const others = m.winning.filter((k) => k !== won.move);
  $('review-won-others').hidden = others.length === 0;
  $('review-won-others-list').replaceChildren(...whyOtherButtons(others));
  const lost = state.lost;
  if (lost && lost.move != null) {
    const other = who(m.player === 'first' ? 'second' : 'first');
    $('review-lost').textContent = lost.pairs && lost.pairs.length
      ? t('lesson.review_lost', { number: m.number, other, move: lost.move })
      : t('lesson.review_lost_at_once', { number: m.number, other, move: lost.move });
    planPairs($('review-lost-pairs'), lost);
    box.dataset.lost = String(lost.move);
  } else {
    $('review-lost').textContent = '';
    $('review-lost-pairs').replaceChildren();
    box.dataset.lost = '';
  }
  $('try-again').textContent = t('lesson.try_again', { index: i, who: who(m.player) });
  box.hidden = false;
}

async function run(n, line) {
  state.error = null;
  state.won = null;
  state.lost = null;
  state.losses = new Map();
  $('review-go').disabled = true;
  try {
    const review = await post('/api/review', { n, line });
    const i = review.first_mistake;
    if (i != null) {
      const moves = review.moves.map((m) => m.number);
      // The plan of the position before the mistake (why the winning move wins) and of the
      // position after it (the other side's winning move: why the move played loses).
      state.won = await post('/api/plan', { n: review.n, line: moves.slice(0, i) });
      state.lost = await post('/api/plan', { n: review.n, line: moves.slice(0, i + 1) });
    }
    state.review = review;
    state.line = review.moves.map((m) => m.number);
  } catch (e) {
    state.review = null;
    state.error = e;
  } finally {
    $('review-go').disabled = false;
    paint();
  }
}

// Reviews a game of the Play view: { n, line, you, opponent, names }.
export function reviewGame(g) {
  state.context = { you: g.you, opponent: g.opponent, names: g.names };
  $('review-n').value = String(g.n);
  $('review-line').value = g.line.join(' ');
  return run(g.n, g.line);
}

// Opens the review of a link's hash (`#review?n=20&line=…`); false when the hash is not one.
export function reviewFromHash(hash) {
  const asked = readReviewHash(hash);
  if (!asked) return false;
  state.context = null;
  $('review-n').value = String(asked.n);
  $('review-line').value = asked.line.join(' ');
  run(asked.n, asked.line);
  return true;
}

// `tryAgain` is called with the game to play from the position before the first mistake.
// Asks the engine one more plan for the review on the page and shows it (a refusal in words).
async function askPlan(body, adopt) {
  const r = state.review;
  try {
    adopt(await post('/api/plan', body));
    state.error = null;
  } catch (e) {
    state.error = e;
  }
  if (state.review === r) paint();
}

export function startReview(tryAgain) {
  if (tryAgain) onTryAgain = tryAgain;
  $('review-won-others').addEventListener('click', (ev) => {
    const b = ev.target.closest('button.why-other');
    const r = state.review;
    if (!b || !r || r.first_mistake == null) return;
    const line = state.line.slice(0, r.first_mistake);
    askPlan({ n: r.n, line, move: Number(b.dataset.n) }, (plan) => {
      state.won = plan;
    });
  });
  $('review-moves').addEventListener('click', (ev) => {
    const b = ev.target.closest('button.why-loses');
    const r = state.review;
    if (!b || !r) return;
    const i = Number(b.dataset.index);
    askPlan({ n: r.n, line: state.line.slice(0, i + 1) }, (plan) => {
      state.losses.set(i, plan);
    });
  });
  $('try-again').addEventListener('click', () => {
    const r = state.review;
    if (!r || r.first_mistake == null) return;
    const i = r.first_mistake;
    const c = state.context;
    onTryAgain({
      n: r.n,
      line: state.line.slice(0, i),
      // In a game against a level the person keeps their side (the level plays again where
      // it was its turn); otherwise the side that made the mistake.
      you: c && c.opponent !== 'person' ? c.you : r.moves[i].player,
      // Against the same opponent as the game reviewed; a typed game, against the perfect player.
      opponent: c ? c.opponent : 'perfect',
      names: c ? c.names : ['', ''],
    });
  });
  $('review-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const text = $('review-line').value.trim();
    const parts = text === '' ? [] : text.split(/[\s,;]+/).filter(Boolean);
    state.context = null;
    // Each move is sent as typed: the server names a move that is not a number of the board.
    run(typed($('review-n').value), parts.map(typed));
  });
  for (const id of ['review-n', 'review-line']) {
    $(id).addEventListener('input', () => {
      state.context = null;
    });
  }
  document.addEventListener('language', paint);
}

// A "Why k?" button for each winning move of `moves` (in Play's "Why?" and at the review's first
// mistake), each asking the plan of that move.
export function whyOtherButtons(moves) {
  return moves.map((k) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'why-other';
    b.dataset.n = String(k);
    b.textContent = t('lesson.why_this', k);
    return b;
  });
}
