// The lesson link: URL parameters a teacher puts in the pupils' link (the teacher's page,
// teacher.js, makes it) that set what the pupils get and lock it, so that a pupil cannot turn
// the helps back on or change the game the lesson is about:
//
//   /?n=40&opponent=random&first=random&help=off&lang=fr#play
//
// - `n`: the board 1..n (1 to 10 000); locked.
// - `opponent`: a level's API name (`random`, `playouts`, `careful`, `fewest-replies`,
//   `perfect`) or `person` (two people on one screen); locked.
// - `first`: who names the first number, `you`, `opponent` or `random` (drawn for each game);
//   locked.
// - `help=off`: every help off: the free numbers all look the same (a number that is not
//   allowed, when tapped, is refused in words by the engine), no winning moves, no "Why?", no
//   Results or Verify. `help=on` (or no `help`) leaves them as they are.
// - `lang`: `en` or `fr`, the language the page opens in (the button still switches).
//
// A value the page does not know is left out and named in the lesson's note, never guessed.
// This file only reads the link and words it; the game itself is play.js's.
import { t } from './words.js';

export const MAX_N = 10000;
export const OPPONENTS = ['random', 'playouts', 'careful', 'fewest-replies', 'perfect', 'person'];
export const FIRSTS = ['you', 'opponent', 'random'];
export const LANGS = ['en', 'fr'];

// The settings of the link `search` (location.search): { n, opponent, first, help, lang },
// each undefined when the link does not set it; `bad` lists the parameters not understood.
export function readLesson(search) {
  const q = new URLSearchParams(search || '');
  const lesson = { n: undefined, opponent: undefined, first: undefined, help: true, lang: undefined, bad: [] };
  const value = (name) => (q.has(name) ? q.get(name).trim() : null);
  const n = value('n');
  if (n !== null) {
    if (/^\d+$/.test(n) && Number(n) >= 1 && Number(n) <= MAX_N) lesson.n = Number(n);
    else lesson.bad.push(['n', n]);
  }
  const opponent = value('opponent');
  if (opponent !== null) {
    if (OPPONENTS.includes(opponent)) lesson.opponent = opponent;
    else lesson.bad.push(['opponent', opponent]);
  }
  const first = value('first');
  if (first !== null) {
    if (FIRSTS.includes(first)) lesson.first = first;
    else lesson.bad.push(['first', first]);
  }
  const help = value('help');
  if (help !== null) {
    if (help === 'off' || help === 'on') lesson.help = help === 'on';
    else lesson.bad.push(['help', help]);
  }
  const lang = value('lang');
  if (lang !== null) {
    if (LANGS.includes(lang)) lesson.lang = lang;
    else lesson.bad.push(['lang', lang]);
  }
  return lesson;
}

// The link's query for the settings `s` ({ n, opponent, first, help, lang }; what is
// undefined is left out), in the order a person reads it.
export function lessonQuery(s) {
  const q = new URLSearchParams();
  if (s.n !== undefined) q.set('n', String(s.n));
  if (s.opponent !== undefined) q.set('opponent', s.opponent);
  if (s.first !== undefined && s.opponent !== 'person') q.set('first', s.first);
  if (s.help === false) q.set('help', 'off');
  if (s.lang !== undefined) q.set('lang', s.lang);
  return q.toString();
}

// The lesson of this page's own link, read once.
export const lesson = readLesson(typeof location === 'undefined' ? '' : location.search);

// Whether the link sets anything (then the page says so, and what it locked).
export function isLesson(l = lesson) {
  return l.n !== undefined || l.opponent !== undefined || l.first !== undefined || !l.help;
}

// Whether the helps are on: winning moves, "Why?", the allowed numbers marked, Results, Verify.
export function helpsOn() {
  return lesson.help;
}

// The lesson's note in words: what the teacher set, and any parameter not understood.
export function lessonWords(l = lesson) {
  const parts = [];
  if (l.n !== undefined) parts.push(t('lesson.set_n', l.n));
  if (l.opponent !== undefined) parts.push(t('lesson.set_opp', t(`opp.${l.opponent}`)));
  if (l.first !== undefined) parts.push(t(`lesson.set_first.${l.first}`));
  if (!l.help) parts.push(t('lesson.set_help_off'));
  let words = parts.length ? t('lesson.set', parts) : '';
  for (const [name, value] of l.bad) words += `${words ? ' ' : ''}${t('lesson.bad', name, value)}`;
  return words;
}
