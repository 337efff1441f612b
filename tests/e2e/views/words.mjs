// The words of the pages (issue 55): plain words in a game (no "certificate", "verifier",
// command, file name or "1..n" where a pupil plays), French typography on every French string
// (a narrow no-break space, U+202F, before : ; ! ? and inside « », ’ for the apostrophe, no
// "1..20"), numbers by the page's language (Intl: 10,000 / 10 000), the proof in English marked
// lang="en" on the French page, Verify's verdict in one sentence with the verifier's line under
// its details, and the server-down message that says what to do. The tables are read in the
// page itself (its words.js, in its language), so that num() formats as the page does.
import fs from 'node:fs/promises';
import path from 'node:path';
import { root, SITE, pageErrors, api, check, same, page, settled, text, line, openView, english, newGame, playWhileMyTurn, numbers, clickNumber, test } from '../harness.mjs';

const NNBSP = '\u202f';

// Sample arguments for each word that is a function (a key missing here is still checked by
// its source text below). Numbers large enough to need grouping where a number can be large.
const SAMPLES = {
  'hint.moves': [[[2, 4, 12000]], [[16]]],
  'status.your_move': [[{ reply: 7, last: 7, count: 3 }], [{ reply: null, last: null, count: 10000 }], [{ reply: null, last: 1, count: 1 }]],
  'status.turn_of': [[{ name: 'Ana', last: 12, count: 2 }], [{ name: 'Ben', last: null, count: 1 }]],
  'status.name_won': [['Ana']],
  'why.move': [[12000, true], [14, false]],
  'why.nothing_left': [[12000]],
  'why.pair': [[3, 12000]],
  'why.more': [[12000]],
  'end.message': [
    [{ last: null, related: [], loser: 'toi', winnerWords: 'X.' }],
    [{ last: 7, related: [], loser: 'toi', winnerWords: 'X.' }],
    [{ last: 7, related: [14], loser: 'toi', winnerWords: 'X.' }],
    [{ last: 7, related: [1, 14, 12005], loser: 'toi', winnerWords: 'X.' }],
  ],
  'end.name_wins': [['Ana']],
  'end.pairs': [[[[1, 2], [3, 12000]]]],
  'end.no_opening': [[{ n: 12000 }]],
  'end.opening_only': [[{ n: 12000, opening: 12000 }]],
  'end.pairing': [[{ n: 12000, side: 'premier', opening: 6, pairs: [[1, 2]] }], [{ n: 20, side: 'second', opening: null, pairs: [[1, 2]] }]],
  'end.winning_side': [[{ n: 12000, side: 'premier', pairs: [[1, 2]] }], [{ n: 20, side: 'second', pairs: [] }]],
  'end.mistake': [[{ index: 0, played: 14, winning: [2, 12000], answer: 7 }], [{ index: 2, played: 14, winning: [2], answer: null }]],
  'review.summary_mistake': [[{ index: 0, number: 14, who: 'toi', winning: [2, 12000] }], [{ index: 0, number: 14, who: 'Ana', winning: [2] }]],
  'review.summary_none': [[{ count: 0 }], [{ count: 3 }]],
  'review.move': [[{ index: 0, who: 'toi', number: 14 }], [{ index: 1, who: 'ton adversaire', number: 12000 }]],
  'review.won_were': [[[2, 12000]]],
  'results.theorem': [[{ runs: [[1, 2], [4, 7], [118, 118]], count: 44 }]],
  'results.chart_label': [[12000]],
  'results.cell': [[12000, 'premier']],
  'results.how_text': [[{ power: 12, certificates: 12000, formal: true }], [{ power: 12, certificates: 173, formal: false }]],
  'results.winner': [['18446744073709551615', 'premier']],
  'results.openings_all': [[[2, 4, 12000]]],
  'results.openings_one': [[12000, 10000]],
  'results.scheme': [[{ name: '[2 666598]', opening: 12000, from: 12000, to: '18446744073709551615' }]],
  'verify.checking': [['a.bin', 12000]],
  'verify.checked': [['a.bin']],
  'verify.refused_file': [['a.bin']],
  'verify.valid_game': [[{ n: 12000, n_last: 12000, winner: 'premier', positions: 1234567 }], [{ n: 12000, n_last: 13000, winner: 'second', positions: 5 }]],
  'verify.valid_chain': [[{ n: 12000, length: 12 }]],
  'verify.invalid': [['header at byte 71: body BLAKE3 differs']],
  'verify.refused': [['a bound']],
  'err.status': [[500]],
  'code.n_range': [[{ n: 12001, max: 10000 }], [{ n: 'x', max: 10000 }]],
  'code.move_range': [[{ move: '-4', n: 12000 }]],
  'code.odd_opening': [[{ move: 7 }]],
  'code.not_related': [[{ move: 7, last: 12000 }]],
  'code.played': [[{ move: 7, at: 12000 }]],
  'code.chart_range': [[{ to: 12001, max: 2000 }]],
  'code.not_certificate': [[{ reason: 'wrong magic' }]],
};

// The text of the string literals of a function's source: '…' and `…` (a template literal's
// text less its ${…}, whose code may hold literals of its own, read in turn).
function literals(fn) {
  const src = String(fn);
  const out = [];
  const stack = ['code']; // 'code', "'", '`', '${', '{'
  let text = '';
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    const top = stack[stack.length - 1];
    if (top === "'" || top === '`') {
      if (c === '\\') {
        text += src[++i];
      } else if (c === top) {
        out.push(text);
        text = '';
        stack.pop();
      } else if (top === '`' && c === '$' && src[i + 1] === '{') {
        text += '⟨x⟩';
        stack.push('${');
        i++;
      } else {
        text += c;
      }
    } else if (c === "'" || c === '`') {
      // a literal inside a template's ${…}: its text is a literal of its own
      if (text) out.push(text);
      text = '';
      stack.push(c);
    } else if (c === '{') {
      stack.push('{');
    } else if (c === '}' && top === '{') {
      stack.pop();
    } else if (c === '}' && top === '${') {
      stack.pop();
    }
  }
  return out;
}

// What is wrong with a French text by the typography of a French teacher (empty when nothing).
export function frenchFaults(s) {
  const faults = [];
  for (const m of s.matchAll(/(.)([:;!?»])/gu)) {
    if (m[1] !== NNBSP && !(m[2] === ':' && /[\d⟩]/.test(m[1]) && false)) faults.push(`no narrow no-break space before "${m[2]}" in "…${s.slice(Math.max(0, m.index - 15), m.index + 3)}…"`);
  }
  for (const m of s.matchAll(/«(.)/gu)) if (m[1] !== NNBSP) faults.push(`no narrow no-break space after « in "…${s.slice(m.index, m.index + 15)}…"`);
  if (/\d\.\.|\.\.\d|\.\.n/.test(s)) faults.push(`a range written "1..n" in "${s}"`);
  if (/'/.test(s)) faults.push(`a straight apostrophe in "${s}"`);
  if (/\d{5,}/.test(s)) faults.push(`a number of five digits or more not grouped in "${s}"`);
  if (/\b[Nn] = /.test(s)) faults.push(`"n =" in "${s}"`);
  return faults;
}

// Words a pupil must not read during or at the end of a game.
const JARGON = /certificat|verifier|vérificateur|matching|couplage|scheme|schéma|jg |\.bin\b|\.md\b|json|blake3|\.\.\d|\d\.\.|\b1\.\.n\b|\bn = /i;
const GAME_KEYS = /^(play|opp|level|colour|hint|legend|line|status|why|end|side|review|err|code)\./;

async function tables() {
  return page.evaluate(async () => {
    const m = await import('./js/words.js');
    return { lang: document.documentElement.lang, fr: Object.keys(m.WORDS.fr), en: Object.keys(m.WORDS.en) };
  });
}

// Every word of `lang` (strings, and each function called with its samples) as the page's
// words.js gives it in the page's language, with the literals of each function's source.
async function allWords(lang) {
  const sources = await page.evaluate(async (l) => {
    const m = await import('./js/words.js');
    const out = {};
    for (const [k, w] of Object.entries(m.WORDS[l])) out[k] = typeof w === 'function' ? String(w) : null;
    return out;
  }, lang);
  const words = await page.evaluate(
    async ([l, samples]) => {
      const m = await import('./js/words.js');
      const out = [];
      for (const [k, w] of Object.entries(m.WORDS[l])) {
        if (typeof w === 'string') out.push([k, w]);
        else for (const args of samples[k] || []) out.push([k, [w(...args)].flat().join('\n')]);
      }
      return out;
    },
    [lang, SAMPLES],
  );
  for (const [k, src] of Object.entries(sources)) {
    if (src === null) continue;
    for (const lit of literals(src)) if (lit.trim()) words.push([`${k} (source)`, lit]);
  }
  return words;
}

async function french() {
  if ((await page.getAttribute('html', 'lang')) !== 'fr') {
    await page.click('#language');
    await page.waitForSelector('html[lang="fr"]');
  }
}

test('words::every_french_string_follows_french_typography', async () => {
  await openView('play');
  await french();
  const t = await tables();
  same(t.lang, 'fr', 'the page is in French');
  const words = await allWords('fr');
  check(words.length > 200, `the strings and samples read: ${words.length}`);
  const faults = [];
  for (const [k, w] of words) {
    for (const x of frenchFaults(w)) faults.push(`${k}: ${x}`);
  }
  same(faults, [], 'French typography');
  // A French string with an ordinary space before ":" is caught (the check can fail).
  check(frenchFaults('Coup 1 : toi').length === 1 && frenchFaults(`Coup 1${NNBSP}: toi`).length === 0, 'the check sees a missing space');
  // Numbers in the page's language: the French page groups by a narrow no-break space.
  same(await page.evaluate(async () => (await import('./js/words.js')).num(1000000)), `1${NNBSP}000${NNBSP}000`, 'a million in French');
  same(await page.evaluate(async () => (await import('./js/words.js')).num('18446744073709551615')), ['18', '446', '744', '073', '709', '551', '615'].join(NNBSP), '2^64 − 1 in French, exact');
  await english();
  same(await page.evaluate(async () => (await import('./js/words.js')).num(10000)), '10,000', 'ten thousand in English');
});

test('words::no_jargon_where_a_pupil_plays', async () => {
  await openView('play');
  for (const lang of ['en', 'fr']) {
    if (lang === 'fr') await french();
    else await english();
    const found = (await allWords(lang)).filter(([k, w]) => GAME_KEYS.test(k) && !k.endsWith('(source)') && JARGON.test(w));
    same(found, [], `jargon in the words of a game (${lang})`);
  }
  await english();
  // A game lost to the perfect player, to its end: what the pupil sees says none of it.
  await newGame(20, 'second', 'perfect');
  await playWhileMyTurn(async () => (await numbers('#board .cell.legal')).at(-1));
  await page.waitForSelector('#result:not([hidden])');
  for (const lang of ['en', 'fr']) {
    if (lang === 'fr') await french();
    else await english();
    const shown = await page.innerText('#view-play');
    const m = shown.match(JARGON);
    check(!m, `the end of a game (${lang}) says "${m && m[0]}": ${shown}`);
    check(!/\b[a-z]+\/[A-Za-z]+/.test(shown), `a path in the end of a game (${lang}): ${shown}`);
  }
  // The French end of the review says « tu as annoncé », never « toi a annoncé ».
  await page.click('#review-game');
  await page.waitForSelector('#review-summary:not([hidden])');
  const review = await page.innerText('#view-review');
  check(!review.includes('toi a annoncé'), review);
  check(review.includes('tu as annoncé') || review.includes('ton adversaire a annoncé'), review);
  await english();
});

test('words::the_french_page_marks_the_english_proof_and_groups_numbers', async () => {
  await openView('results');
  await french();
  await page.fill('#results-n', '18446744073709551615');
  await page.click('#results-go');
  await page.waitForSelector('#results-out:not([hidden])');
  same(await text('#results-winner'), `Avec les nombres de 1 à ${['18', '446', '744', '073', '709', '551', '615'].join(NNBSP)}, le premier joueur gagne.`, 'the winner of 2^64 − 1 in French');
  await page.fill('#proof-n', '20');
  await page.click('#proof-go');
  await page.waitForFunction(() => document.getElementById('proof').dataset.n === '20');
  same(await page.getAttribute('#proof', 'lang'), 'en', 'the English proof is marked lang="en"');
  same(await page.evaluate(() => document.getElementById('proof').closest('[lang]').getAttribute('lang')), 'en', 'the proof\'s language');
  // No "1..n" anywhere the French page writes itself (the English proof aside).
  for (const view of ['play', 'review', 'results', 'verify']) {
    await openView(view);
    const shown = await page.evaluate((v) => {
      const el = document.getElementById(`view-${v}`).cloneNode(true);
      for (const x of el.querySelectorAll('#proof, .mono, input')) x.remove();
      return el.innerText || el.textContent;
    }, view);
    check(!/\d\.\.\d|\.\.n\b/.test(shown), `a "1..n" range on the French ${view} view: ${shown}`);
  }
  await english();
});

test('words::verify_says_in_one_sentence_what_a_file_proves_or_not', async () => {
  await openView('verify');
  await english();
  const bytes = await fs.readFile(path.join(root, 'certificates', 'cert-117.bin'));
  const tampered = Buffer.from(bytes);
  tampered[tampered.length - 9] ^= 1;
  const v = await api('POST', '/api/verify', tampered, true);
  same(v.data.valid, false, 'the API: the tampered copy is not valid');
  await page.setInputFiles('#cert-file', { name: 'tampered.bin', mimeType: 'application/octet-stream', buffer: tampered });
  await page.waitForSelector('#verdict[data-valid="false"], #verify-error:not([hidden])');
  if (await page.isVisible('#verdict')) {
    const words = await text('#verdict-words');
    same(words, v.data.status === 'refused'
      ? 'The check stopped before the end (the file asks for more than the check allows), so there is no verdict.'
      : '✘ Not valid: this file does not prove who wins (it was changed or damaged).', 'the verdict in one sentence');
    check(!words.includes(v.data.reason), 'the reason is not in front');
    same(await text('#verdict-line'), v.data.verdict, 'the verifier\'s line under the details');
    check(!(await page.isVisible('#verdict-line')), 'the details are closed');
    await page.click('#verdict-details summary');
    check(await page.isVisible('#verdict-line'), 'the details open');
  } else {
    same(await text('#verify-error'), 'This file is not a proof file of this game, or it is cut short.', 'the refusal in one sentence');
  }
});

test('words::the_server_down_message_says_what_to_do', async () => {
  // The words the page shows when a request gets no answer (api.js: err.server_down).
  const words = await page.evaluate(async () => {
    const m = await import('./js/words.js');
    return [m.WORDS.en['err.server_down'], m.WORDS.fr['err.server_down']];
  });
  same(words, ['The game’s server did not answer. Ask your teacher; your game is kept.', `Le serveur du jeu n’a pas répondu. Demande à ton professeur${NNBSP}; ta partie est gardée.`], 'the server-down words');
  check(words.every((w) => !/jg serve/.test(w)), 'no command in front of a pupil');
  if (SITE) return; // the static site asks no server
  // The server stops answering in the middle of a game: the page says what to do, the game
  // stays, and it goes on once the server answers again.
  await openView('play');
  await english();
  await newGame(20, 'first', 'random');
  await clickNumber((await numbers('#board .cell.legal'))[0]);
  const before = await line();
  const logged = pageErrors.length;
  await page.route('**/api/game', (route) => route.abort('connectionrefused'));
  try {
    await page.click(`#board .cell[data-n="${(await numbers('#board .cell.legal'))[0]}"]`);
    await page.waitForSelector('#play-error:not([hidden])');
    same(await text('#play-error'), words[0], 'the words when the server does not answer');
    same(await line(), before, 'the game is kept');
  } finally {
    await page.unroute('**/api/game');
    // The browser logs the refused connection this test caused (and only that): not a fault
    // of the page, which page::offline_and_no_script_error checks at the end.
    const caused = pageErrors.splice(logged);
    same(caused.filter((e) => e !== 'console: Failed to load resource: net::ERR_CONNECTION_REFUSED'), [], 'other script errors while the server was down');
  }
  await settled();
  await clickNumber((await numbers('#board .cell.legal'))[0]);
  check((await line()).length > before.length, 'the game goes on when the server answers again');
});
