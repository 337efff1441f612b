// The Review view: every move of a game marked as keeping or throwing away the win, and the
// first mistake with the moves that won there (POST /api/review). The game comes from the Play
// view ("Review this game") or is typed; the server judges every move.
import { post, typed } from './api.js';
import { t, personName, showRefusal } from './words.js';

const $ = (id) => document.getElementById(id);

const state = {
  context: null, // who played: { you, opponent, names } of the game from Play, or null
  review: null, // the server's last answer
  error: null,
};

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
      return li;
    }),
  );
}

async function run(n, line) {
  state.error = null;
  $('review-go').disabled = true;
  try {
    state.review = await post('/api/review', { n, line });
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

export function startReview() {
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
