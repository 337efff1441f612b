// Every word of the pages, one table for each language (English, French). A word is a string,
// or a function of the numbers the server returned (docs/API.md): the pages word the server's
// codes and numbers, never its English sentences (a verifier's reason, technical, is shown as
// it is only under Verify's "Details for experts").
//
// The words a pupil reads during and at the end of a game are plain: no "certificate",
// "verifier", file name or command there; a board is "the numbers from 1 to 20", never "1..20"
// or a bare "n". Numbers go through num() (the page's language's way: 10,000 / 10 000).
//
// To change a word, change it here; to add a language, add a table with the same keys (the
// browser test checks that both tables have the same keys and that the French page shows no
// English word).

let current = 'en'; // the page's language (setLanguage)

// ---- Shared formatting ---------------------------------------------------------------------

// A number in the page's language (Intl): 10,000 in English, 10 000 in French (a narrow
// no-break space). Numbers beyond 2^53 come as strings of digits (docs/API.md) and stay exact;
// anything else (a move typed as "x") is shown as it is.
const formats = new Map();
export function num(x) {
  let f = formats.get(current);
  if (!f) {
    f = new Intl.NumberFormat(current === 'fr' ? 'fr-FR' : 'en-GB', { maximumFractionDigits: 0 });
    formats.set(current, f);
  }
  if (typeof x === 'bigint' || (typeof x === 'number' && Number.isInteger(x))) return f.format(x);
  if (typeof x === 'string' && /^\d+$/.test(x)) return f.format(BigInt(x));
  return String(x);
}

// `a, b, c and d` (cut after `max` with the count in all).
function list(numbers, and, inAll, max = 40) {
  const shown = numbers.slice(0, max).map(num);
  if (numbers.length > max) return `${shown.join(', ')}, … (${inAll(numbers.length)})`;
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} ${and} ${shown[shown.length - 1]}`;
}

// Runs [a, b] as `1, 2, 4–7, …`.
function runs(pairs) {
  return pairs.map(([a, b]) => (a === b ? num(a) : b === a + 1 ? `${num(a)}, ${num(b)}` : `${num(a)}–${num(b)}`)).join(', ');
}

// French: "tu as annoncé 14" for the pupil, "Ana a annoncé 14" for anyone else (`who` is the
// word of the player, "toi" for the pupil).
function named(who, number) {
  return who === fr['end.you'] ? `tu as annoncé ${num(number)}` : `${who} a annoncé ${num(number)}`;
}

// 10^k with its exponent raised: 10¹².
function power10(k) {
  return `10${[...String(k)].map((d) => '⁰¹²³⁴⁵⁶⁷⁸⁹'[d]).join('')}`;
}

const en = {
  'app.title': 'Juniper Green',
  'nav.label': 'Views',
  'nav.play': 'Play',
  'nav.review': 'Review',
  'nav.results': 'Results',
  'nav.verify': 'Verify',
  'nav.skip': 'Skip to the board',
  'lang.switch': 'Français',
  'lang.switch_title': 'Afficher les pages en français',

  // ---- Play
  'play.rules':
    'Take turns naming a number of the board that nobody has named yet. The first number must be even; ' +
    'every number after it must divide the one before or be a multiple of it. Whoever cannot name a number loses.',
  'play.n': 'Numbers from 1 to',
  'play.against': 'Against',
  'opp.person': 'another person (on this screen)',
  'opp.random': 'level 1, easy',
  'opp.playouts': 'level 2',
  'opp.careful': 'level 3',
  'opp.fewest-replies': 'level 4, hard',
  'opp.perfect': 'level 5, perfect',
  'level.random': 'Level 1 (easy): names any allowed number at random.',
  'level.playouts': 'Level 2: tries each number in 100 random games and names the one that won most.',
  'level.careful': 'Level 3: knows the traps (never 1 when it has a choice; a number that leaves you stuck when it sees one), otherwise picks at random.',
  'level.fewest-replies': 'Level 4 (hard): knows the traps, and names the number that leaves you the fewest answers.',
  'level.perfect': 'Level 5 (perfect): always wins when it can; then it is unbeatable.',
  'level.person': 'Two people on this screen: take turns; the colour shows whose turn it is.',
  'play.you_play': 'You play',
  'play.first': 'first',
  'play.second': 'second',
  'play.name_first': 'Plays first',
  'play.name_second': 'Plays second',
  'colour.first': 'Blue',
  'colour.second': 'Red',
  'play.new_game': 'New game',
  'play.pending': 'These settings apply when you press "New game"; the game on the board goes on as it was.',
  'play.why': 'Why?',
  'play.undo': 'Undo',
  'play.name_a_number': 'Name a number',
  'play.play': 'Play',
  'play.line': 'Moves so far',
  'play.board': 'Board',
  'play.no_move_yet': 'no move yet',
  'play.back_to_board': 'Back to the board',
  'hint.show': 'Show winning moves',
  'hint.hide': 'Hide winning moves',
  'hint.none': 'No winning move here: whatever you name, a perfect opponent wins.',
  'hint.moves': (numbers) =>
    `${numbers.length === 1 ? 'Winning move' : 'Winning moves'}: ${list(numbers, 'and', (k) => `${num(k)} in all`)}.`,
  'legend.legal': 'you may name it',
  'legend.winning': 'winning',
  'legend.off': 'not now',
  'legend.mine': 'yours',
  'legend.theirs': "opponent's",
  'line.you': 'you',
  'line.opp': 'opp.',

  'status.loading': 'Loading the game…',
  'status.no_game': 'No game: see the message above.',
  'status.opponent_to_move': 'The opponent is thinking…',
  'status.your_move': ({ reply, last, count }) =>
    `${reply != null ? `Your opponent named ${num(reply)}. ` : ''}Your move` +
    `${last != null ? ` after ${num(last)}` : ': the first number must be even'} ` +
    `(${num(count)} ${count === 1 ? 'number is' : 'numbers are'} allowed).`,
  'status.turn_of': ({ name, last, count }) =>
    `${name}'s turn` +
    `${last != null ? ` after ${num(last)}` : ': the first number must be even'} ` +
    `(${num(count)} ${count === 1 ? 'number is' : 'numbers are'} allowed).`,
  'status.you_won': 'Game over: you won!',
  'status.opp_won': 'Game over: your opponent won.',
  'status.name_won': (name) => `Game over: ${name} won!`,

  // ---- Why a move wins (the plan of /api/plan)
  'why.title': 'Why does this win?',
  'why.move': (w, opening) =>
    opening
      ? `Open with ${num(w)}. Then answer each number your opponent names with its partner:`
      : `Name ${num(w)}. Then answer each number your opponent names with its partner:`,
  'why.nothing_left': (w) => `Name ${num(w)}: your opponent has no number left to name, so you win at once.`,
  'why.pair': (a, b) => `${num(a)} → ${num(b)}`,
  'why.more': (count) => `Show all ${num(count)} pairs`,
  'why.because':
    'Why it always works: every number your opponent can name is in this list. ' +
    'A number and its partner always divide one another, so the partner is an allowed answer. ' +
    'Numbers leave the game two by two, a number with its partner, so when your opponent names a number its partner is still free. ' +
    'You always have an answer, and your opponent is the one who gets stuck.',
  'why.lost': 'No plan here: every move loses against a perfect opponent.',

  // ---- End of a game (the facts of /api/game)
  'end.you': 'you',
  'end.opponent': 'your opponent',
  'end.message': ({ last, related, loser, winnerWords }) => {
    if (last == null) return `There is no even number to open with: the first player has no move. ${winnerWords}`;
    const left = `${num(last)} left ${loser} no number to name`;
    if (related.length === 0) return `${left}: no number divides ${num(last)} or is a multiple of it. ${winnerWords}`;
    if (related.length === 1) return `${left}: the only number that goes with it, ${num(related[0])}, was already named. ${winnerWords}`;
    return `${left}: the ${num(related.length)} numbers that go with it (${list(related, 'and', (k) => `${num(k)} in all`, 20)}) were all named already. ${winnerWords}`;
  },
  'end.you_win': 'You win!',
  'end.opp_wins': 'Your opponent wins.',
  'end.name_wins': (name) => `${name} wins!`,
  'end.strategy_title': 'How the perfect player won:',
  'end.pairs': (pairs) => list(pairs.map(([a, b]) => `${num(a)} → ${num(b)}`), 'and', (k) => `${num(k)} pairs in all`, 30),
  'end.no_opening': ({ n }) => `With the numbers from 1 to ${num(n)} the second player wins: there is no even number to open with, so the first player has no move.`,
  'end.opening_only': ({ n, opening }) =>
    `With the numbers from 1 to ${num(n)} the first player can always win, and the perfect player was the first player: it opened with ${num(opening)}, which left you no answer.`,
  'end.pairing': ({ n, side, opening, pairs }) =>
    `With the numbers from 1 to ${num(n)} the ${side} player can always win, and the perfect player was the ${side} player. ` +
    `${opening != null ? `It opened with ${num(opening)}, then it` : 'It'} answered each number you named with its partner in these pairs: ${en['end.pairs'](pairs)}. ` +
    'A number and its partner always divide one another, so whatever you named, the perfect player always had an answer.',
  'end.winning_side': ({ n, side, pairs }) =>
    `With the numbers from 1 to ${num(n)} the ${side} player can always win, and the perfect player was the ${side} player from the start` +
    `${pairs.length ? `; your moves and its answers: ${en['end.pairs'](pairs)}` : ''}.`,
  'end.mistake': ({ index, played, winning, answer }) =>
    `You could win until move ${num(index + 1)}: there you named ${num(played)}, but the winning moves were ${list(winning, 'and', (k) => `${num(k)} in all`)}. ` +
    `${answer != null ? `The perfect player answered ${num(answer)}, and after` : 'After'} that it kept the win to the end. The Review tab shows every move.`,
  'end.certificate_link': 'Download the proof',
  'end.certificate_note': 'that this side always wins (the Verify tab checks it).',
  'end.review': 'Review this game',
  'side.first': 'first',
  'side.second': 'second',

  // ---- Review
  'review.title': 'Review a game',
  'review.intro':
    'Each move is marked: did it keep the win, or throw it away? The first mistake is shown with the moves that won there. ' +
    '"Review this game" at the end of a game brings it here; you can also type any moves.',
  'review.line': 'Moves',
  'review.line_example': 'e.g. 14 7 1 11',
  'review.go': 'Review',
  'review.first_player': 'first player',
  'review.second_player': 'second player',
  'review.summary_mistake': ({ index, number, who, winning }) =>
    `The first mistake is move ${num(index + 1)}: ${who} named ${num(number)}. The winning moves there were ${list(winning, 'and', (k) => `${num(k)} in all`)}.`,
  'review.summary_none': ({ count }) =>
    count === 0 ? 'No move yet.' : 'No mistake: every move kept the win for the player who had it.',
  'review.move': ({ index, who, number }) => `Move ${num(index + 1)}: ${who} named ${num(number)}`,
  'review.kept': 'kept the win',
  'review.mistake': 'threw the win away',
  'review.lost': 'no winning move here',
  'review.won_were': (numbers) => `winning moves here: ${list(numbers, 'and', (k) => `${num(k)} in all`, 20)}`,

  // ---- Results
  'results.title': 'Who wins?',
  'results.theorem': ({ runs: r, count }) =>
    `With perfect play, the second player wins on exactly ${num(count)} boards, those whose last number is ${runs(r)}. ` +
    `On every other board the first player wins: so on every board from 1 to ${num(r[r.length - 1][1] + 1)} or more.`,
  'results.chart_to': 'Chart of the boards up to',
  'results.draw': 'Draw',
  'results.first_wins': 'first player wins',
  'results.second_wins': 'second player wins',
  'results.chart_label': (to) => `Who wins on each board, from 1 to ${num(to)}`,
  'results.cell': (n, winner) => `Numbers from 1 to ${num(n)}: the ${winner} player wins`,
  'results.how': 'How do we know?',
  'results.how_text': ({ power, certificates, formal }) => [
    'For each board there is a strategy for the winner: a way to answer every move that never runs out of answers. ' +
      'Most are pairings like the one "Why?" shows: numbers in pairs, each answered by its partner.',
    `For every board up to ${power10(power)}, the project writes such a strategy into a file, a certificate (${num(certificates)} files in all), ` +
      'and a small separate program, the verifier, checks each one against the rules alone. It does not trust the program that found the strategy.',
    `Above ${power10(power)}, a theorem about prime numbers (there is always a prime between x and a little more than x; Dusart, 2018) ` +
      'shows that the same kind of pairing always exists.',
    formal
      ? 'The whole theorem was also proved by a computer proof assistant (Coq), from the rules alone, trusting neither the verifier nor this program. ' +
        'That proof rests on no hypothesis at all: it even proves the prime numbers it needs itself (Chebyshev’s argument, 1852).'
      : '',
    'The details are in the project’s files: docs/THEOREM.md (the theorem and every certificate), formal/ (the Coq proof), verifier/ (the verifier).',
  ].filter(Boolean),
  'results.any_n': 'Any board',
  'results.n_any': 'Numbers from 1 to (any whole number up to 18,446,744,073,709,551,615)',
  'results.who': 'Who wins?',
  'results.winner': (n, side) => `With the numbers from 1 to ${num(n)} the ${side} player wins.`,
  'results.openings_all': (numbers) =>
    `Winning first moves: ${list(numbers, 'and', (k) => `${num(k)} in all`, 60)}.`,
  'results.openings_none': 'Every first move loses against perfect play.',
  'results.openings_one': (k, limit) => `One winning first move: ${num(k)} (every winning first move is listed for the boards up to ${num(limit)}).`,
  'results.method.matching': 'Worked out by pairing the numbers: one pairing settles every first move at once.',
  'results.method.scheme': 'Worked out from a few prime numbers: they give a pairing that always has an answer.',
  'results.method.search': 'Worked out by trying every game.',
  'results.scheme': ({ opening, from, to }) =>
    `That pairing opens with ${num(opening)} and wins on every board from 1 to m, for every m from ${num(from)} to ${num(to)}.`,

  // ---- Proof
  'proof.title': 'A proof you can read',
  'proof.intro':
    'For any board up to 10,000: why its winner wins, written out step by step, and the proof as a file to check on the Verify tab.',
  'proof.show': 'Show the proof',
  'proof.download': 'Download the proof file',
  'proof.language': '',

  // ---- Verify
  'verify.title': 'Verify a proof file',
  'verify.intro':
    'A separate small program that knows only the rules checks the file, and keeps nothing.',
  'verify.drop': 'Drop a proof file here, or choose one:',
  'verify.details': 'Details for experts',
  'verify.checking': (name, size) => `Checking ${name} (${num(size)} bytes)…`,
  'verify.checked': (name) => `${name}: checked.`,
  'verify.refused_file': (name) => `${name}: refused.`,
  'verify.valid_game': ({ n, n_last, winner, positions }) =>
    `✔ Valid: this file proves that the ${winner} player wins with the numbers from 1 to ${num(n)}` +
    `${n_last !== n ? `, and on every board after it up to ${num(n_last)}` : ''} (${num(positions)} positions checked).`,
  'verify.valid_chain': ({ n, length }) => `✔ Valid: the longest chains of the numbers from 1 to ${num(n)} have ${num(length)} numbers.`,
  'verify.invalid': () => '✘ Not valid: this file does not prove who wins (it was changed or damaged).',
  'verify.refused': () => 'The check stopped before the end (the file asks for more than the check allows), so there is no verdict.',

  // ---- Refusals (the codes of docs/API.md) and other errors
  'err.server_down': 'The game’s server did not answer. Ask your teacher; your game is kept.',
  'err.not_json': 'The server sent an answer the page cannot read. Ask your teacher; your game is kept.',
  'err.status': (status) => `The server refused the request (${status}).`,
  'err.busy': 'The answer took too long (or the server is busy); try again.',
  'err.engine': 'The engine of this page stopped; try again (reload the page if it goes on).',
  'err.too_large': 'That file is too large to check.',
  'err.type_number': 'Type a number to play it.',
  'code.n_range': ({ n, max }) => `${num(n)} is not possible here: choose a number from 1 to ${num(max)}.`,
  'code.move_range': ({ move, n }) => `${num(move)} is not a number from 1 to ${num(n)}.`,
  'code.odd_opening': ({ move }) => `${num(move)} cannot open the game: the first number must be even.`,
  'code.not_related': ({ move, last }) => `${num(move)} cannot follow ${num(last)}: it must divide ${num(last)} or be a multiple of it.`,
  'code.played': ({ move, at }) => `${num(move)} was already named (move ${num(at + 1)}): each number is named once.`,
  'code.chart_range': ({ to, max }) => `The chart cannot go up to ${num(to)}: it goes up to a number from 1 to ${num(max)}.`,
  'code.not_certificate': () => 'This file is not a proof file of this game, or it is cut short.',
  // ---- lesson (issue 55)
  'nav.teacher': 'For teachers',
  'lesson.side_random': 'drawn at random',
  'lesson.set': (parts) => `Your teacher set this game: ${parts.join('; ')}.`,
  'lesson.set_n': (n) => `numbers from 1 to ${num(n)}`,
  'lesson.set_opp': (opp) => `opponent: ${opp}`,
  'lesson.set_first.you': 'you start',
  'lesson.set_first.opponent': 'your opponent starts',
  'lesson.set_first.random': 'who starts is drawn at random',
  'lesson.set_help_off': 'no helps: find the numbers you can name yourself',
  'lesson.bad': (name, value) => `The link's setting ${name}=${value} is not understood, so it is left out.`,
  'lesson.your_move': ({ reply, last }) =>
    `${reply != null ? `Your opponent named ${num(reply)}. ` : ''}Your move` +
    (last != null ? `: name a number that divides ${num(last)} or is a multiple of it.` : ': the first number must be even.'),
  'lesson.turn_of': ({ name, last }) =>
    `${name}'s turn` + (last != null ? `: name a number that divides ${num(last)} or is a multiple of it.` : ': the first number must be even.'),
  'lesson.score_two': ({ first, second, a, b }) => `Score: ${first} ${num(a)}, ${second} ${num(b)}.`,
  'lesson.score_level': ({ you, opponent }) => `Score: you ${num(you)}, your opponent ${num(opponent)}.`,
  'lesson.play_again': 'Play again',
  'lesson.swap_sides': 'Swap who starts',
  'lesson.review_link': 'Link to the review of this game',
  'lesson.review_share': 'The link of this review, to share or open later:',
  'lesson.review_won': ({ move }) => `Why ${num(move)} wins here: name ${num(move)}, then answer each number the other player names with its partner:`,
  'lesson.review_won_at_once': ({ move }) => `${num(move)} won at once here: after it, the other player has no number left to name.`,
  'lesson.review_lost': ({ number, move }) =>
    `Why ${num(number)} loses: after it, the other player names ${num(move)}, then answers each number with its partner:`,
  'lesson.review_lost_at_once': ({ number, move }) =>
    `Why ${num(number)} loses: after it, the other player names ${num(move)}, and then no number is left to name.`,
  'lesson.try_again': ({ index }) => `Try again from move ${num(index + 1)}`,
  'lesson.why_others': 'Why another winning move?',
  'lesson.why_this': (k) => `Why ${num(k)}?`,
  'lesson.why_loses': 'Why does it lose?',
  'code.not_winning': ({ move }) => `${num(move)} does not win here: after it, the other player can always win.`,
  'teacher.title': 'For teachers',
  'teacher.intro':
    'Choose the game your pupils play, then give them the link below or let them scan its QR code. ' +
    'What the link sets, they see but cannot change.',
  'teacher.size': 'Numbers',
  'teacher.size_20': 'from 1 to 20 (a short game)',
  'teacher.size_40': 'from 1 to 40',
  'teacher.size_100': 'from 1 to 100 (a long game)',
  'teacher.size_any': 'another size:',
  'teacher.n': 'from 1 to',
  'teacher.first': 'Who starts',
  'teacher.first_random': 'drawn at random for each game',
  'teacher.first_you': 'the pupil',
  'teacher.first_opponent': 'the opponent',
  'teacher.lang': 'Language',
  'teacher.lang_page': "the pupil's browser's",
  'teacher.help': 'Helps on: allowed numbers marked, winning moves, "Why?", Results and Verify',
  'teacher.bad_n': (raw, max) => `"${raw}" is not possible: choose a whole number from 1 to ${num(max)}.`,
  'teacher.link_title': "The pupils' link",
  'teacher.qr_alt': (link) => `QR code of the link ${link}`,
  'teacher.network': 'Pupils on the same network can also type this address:',
  'teacher.local':
    'Pupils open this address. If it starts with localhost or 127.0.0.1, it works on this computer only: ' +
    'start the server with "jg serve --bind 0.0.0.0" to give the class an address of the network.',
  'teacher.grid': 'Show a grid to print',
  'teacher.grid_title': (n) => `Juniper Green: the numbers from 1 to ${num(n)}`,
  'teacher.print': 'Print',
  'teacher.notes': [
    ['The rules, with an example', [
      'Two players take turns naming a number from 1 to n that nobody has named yet. The first number must be even. ' +
        'Every number after it must divide the one before or be a multiple of it. A player who cannot name a number loses.',
      'A game with the numbers from 1 to 10:',
      [
        'Ana names 4 (the first number is even).',
        'Ben names 8, a multiple of 4.',
        'Ana names 2, which divides 8.',
        'Ben names 10, a multiple of 2.',
        'Ana names 5, which divides 10.',
        'Ben names 1, which divides 5.',
        'Ana names 7: every number is a multiple of 1.',
        'Ben is stuck: up to 10, only 1 goes with 7, and 1 was named. Ana wins.',
      ],
    ]],
    ['Questions to ask', [[
      'Which numbers can follow 12? Which can follow 7? Which can follow 1?',
      'Why is naming 1 risky?',
      'Which numbers can be followed by 1 only? What happens if you name one of them just after 1?',
      'With the numbers from 1 to 20, is it better to start or to play second? And from 1 to 40?',
      'Is there a first number after which you can always win? How would you convince someone?',
    ]]],
    ['How a lesson can run (about 55 minutes)', [[
      '5 minutes: the rules and the example above, on the board or the projector.',
      '15 minutes: in pairs, on the printed grid (cross out each number named) or on one tablet ("another person").',
      '15 minutes: each pupil against level 1, then level 2, with the link of this page and the helps off: ' +
        'they look for the numbers they can name; a number that is not allowed is refused, with the reason.',
      '10 minutes: the questions above, in groups; then a game against level 5 and its review together: ' +
        'the review finds the first mistake, says why the other move wins, and lets the class try again from there.',
      '10 minutes: what the groups found.',
    ]]],
    ['What pupils can discover', [[
      'Divisors and multiples: every move asks for one.',
      'After 1 any number can follow; a prime larger than half of n can be followed by 1 only. ' +
        'So naming such a prime just after 1 leaves the other player stuck.',
      'Pairs: a player who can answer every number the other names with its partner (a number that divides it or that it divides) never gets stuck. ' +
        'The plan under "Why?" and in the review is such a list of pairs.',
      'Who wins depends on n: for most n the first player can always win, for a few n the second. ' +
        'The Results tab lists them: keep it for the end of the lesson.',
    ]]],
  ],

  // ---- boards (issue 56)
  'nav.boards': 'Two boards',
  'nav.nim': 'Nim',
  'boards.title': 'Two or three boards side by side',
  'boards.rules':
    'Each board is a game of its own, with its own numbers from 1 to n. On your turn, name one number on ONE board: ' +
    'the first number of a board must be even, and every later number on that board must divide the last number ' +
    'named on that board or be a multiple of it. Whoever cannot name a number on any board loses.',
  'boards.preset_label': 'Boards',
  'boards.preset': (ns) => ns.map((n) => `1 to ${num(n)}`).join(' + '),
  'boards.n1': 'Board A: 1 to',
  'boards.n2': 'Board B: 1 to',
  'boards.n3': 'Board C: 1 to',
  'boards.n3_none': 'none',
  'boards.levels':
    'Level 5 plays by the values of the boards (below), so it wins whenever it can. The other levels pick a board ' +
    'at random, then play on it as they play on one board.',
  'boards.board_name': (letter, n) => `Board ${letter}: 1 to ${num(n)}`,
  'boards.value': (v) => `value ${num(v)}`,
  'boards.sum': ({ values, nimSum, toMove }) =>
    `Values ${values.map((v) => num(v)).join(' ⊕ ')} = ${num(nimSum)} (the nim-sum). ` +
    (!toMove ? '' : nimSum !== 0
      ? 'Not 0: you can win. Play a yellow number: it leaves a nim-sum of 0.'
      : 'It is 0: every move leaves a nim-sum other than 0. Play, and wait for a mistake.'),
  'boards.turn_of': (side) => (side === 'first' ? 'Blue to play.' : 'Red to play.'),
  'boards.opponent_to_move': 'Your opponent is thinking…',
  'boards.your_move': (reply) => (reply ? `Your opponent played ${num(reply.number)} on board ${reply.board}. Your turn.` : 'Your turn.'),
  'boards.end_you': ({ board, number }) => `You win! The last number was ${num(number)} on board ${board}, and your opponent has no number left to name on any board.`,
  'boards.end_opp': ({ board, number }) => `Your opponent wins. The last number was ${num(number)} on board ${board}, and you have no number left to name on any board.`,
  'boards.end_side': (side, { board, number }) =>
    `${side === 'first' ? 'Blue' : 'Red'} wins! The last number was ${num(number)} on board ${board}, and ${side === 'first' ? 'Red' : 'Blue'} has no number left on any board.`,
  'boards.move': ({ who, board, number }) => `${who}: ${num(number)} on ${board}`,
  'boards.first': 'Blue',
  'boards.second': 'Red',
  'boards.moves': 'Moves',
  'boards.review_title': 'Review of the game',
  'boards.review_start': ({ values, nimSum }) =>
    `At the start the values were ${values.map((v) => num(v)).join(', ')}, nim-sum ${num(nimSum)}: ` +
    `${nimSum !== 0 ? 'the first player could win.' : 'the second player could win.'}`,
  'boards.review_clean': 'Nobody threw a win away.',
  'boards.review_first': (k) => `The first mistake was move ${num(k)}.`,
  'boards.review_values': ({ values, before, nimSum }) =>
    `values after: ${values.map((v) => num(v)).join(', ')}; nim-sum ${num(before)} → ${num(nimSum)}`,
  'boards.verdict_kept': () => 'kept the win (nim-sum 0)',
  'boards.verdict_mistake': (winning) => `a mistake: ${winning.slice(0, 6).map((w) => `${num(w.number)} on ${w.board}`).join(' or ')}${winning.length > 6 ? ' or …' : ''} would have left a nim-sum of 0`,
  'boards.verdict_lost': () => 'no win to keep (the nim-sum was 0)',
  'code.boards_count': ({ count, min, max }) => `A game has ${num(min)} or ${num(max)} boards, not ${num(count)}.`,
  'code.board_range': ({ board }) => `There is no board ${board} in this game.`,
  'nim.title': 'Nim and Juniper Green',
  'nim.intro':
    'If you know Nim, you know how to win on several boards of Juniper Green at once. Each position of a board ' +
    'gets a number, its value, and the values work like Nim heaps.',
  'nim.mex_title': 'The value of a position: mex',
  'nim.mex':
    'Look at every move you can make. Each move leads to a position with its own value. The value of your position ' +
    'is the smallest number 0, 1, 2, … that is NOT among those values (the "mex", for minimum excluded). A position ' +
    'with no move has value 0.',
  'nim.p_title': 'Value 0: the losing positions',
  'nim.p':
    'A position of value 0 is lost for the player to move if the other plays well (a P-position, like two equal ' +
    'heaps in Nim): every move leads to a value other than 0, and from there the other player can always come back to 0.',
  'nim.xor_title': 'Several boards: the XOR of the values',
  'nim.xor':
    'A board of value v behaves exactly like a Nim heap of v counters: from it you can reach every smaller value. ' +
    'So, as in Nim, write the values in binary and add them without carrying (XOR, written ⊕). This is the nim-sum. ' +
    'The player to move wins exactly when the nim-sum is not 0.',
  'nim.why':
    'Why: from a nim-sum of 0, every move changes one value, so the nim-sum stops being 0. From a nim-sum other ' +
    'than 0, there is always a board whose value can be lowered to make the nim-sum 0 again. The winner keeps ' +
    'giving the other player a nim-sum of 0, until the other player has no move at all.',
  'nim.example_title': 'An example, computed by the engine',
  'nim.example_mex': ({ n, options, value }) =>
    `On the board 1 to ${num(n)}, the first number can be ${options.map((o) => num(o.number)).join(', ')}. ` +
    `After them the values are ${options.map((o) => `${num(o.value)} (after ${num(o.number)})`).join(', ')}. ` +
    `The smallest number not in this list is ${num(value)}: the start of 1 to ${num(n)} has value ${num(value)}.`,
  'nim.example_p': ({ n, zeros }) =>
    zeros.length
      ? `Opening with ${zeros.map((k) => num(k)).join(' or ')} leaves value 0: on 1 to ${num(n)} alone, these openings win.`
      : `No opening leaves value 0: on 1 to ${num(n)} alone, the first player loses.`,
  'nim.example_xor': ({ boards, nimSum, winning }) =>
    `Side by side: ${boards.map((b) => `board ${b.letter} (1 to ${num(b.n)}) has value ${num(b.value)}`).join(', ')}. ` +
    `The nim-sum is ${num(nimSum)}. ` +
    (nimSum !== 0
      ? `The first player wins by playing ${winning.map((w) => `${num(w.number)} on ${w.board}`).join(' or ')}: it leaves a nim-sum of 0.`
      : 'The first player loses if the second plays well.'),
  'nim.game_title': 'The values of your game',
  'nim.no_game': 'Start a game in Two boards to see the values of its boards here.',
  'nim.game': ({ boards, nimSum, over }) =>
    `${boards.map((b) => `Board ${b.letter} (1 to ${num(b.n)}): value ${num(b.value)}`).join('; ')}. ` +
    `Nim-sum ${num(nimSum)}: ` +
    (over ? 'the game is over.' : nimSum !== 0 ? 'the player to move can win.' : 'the player to move loses if the other plays well.'),
  'nim.to_boards': 'Go to the game',
};

// A French maths teacher's words: « tu » to the pupil, a narrow no-break space (U+202F) before
// : ; ! ? and inside « », numbers by num() (10 000), "de 1 à 20" for a board (the browser test
// words.mjs checks every string and every function's words).
const fr = {
  'app.title': 'Juniper Green',
  'nav.label': 'Onglets',
  'nav.play': 'Jouer',
  'nav.review': 'Revoir',
  'nav.results': 'Résultats',
  'nav.verify': 'Vérifier',
  'nav.skip': 'Aller au plateau',
  'lang.switch': 'English',
  'lang.switch_title': 'Show the pages in English',

  'play.rules':
    'Chacun son tour, on annonce un nombre du plateau que personne n’a encore annoncé. Le premier nombre doit être pair ; ' +
    'chaque nombre suivant doit être un diviseur ou un multiple du précédent. Celui qui ne peut plus annoncer de nombre a perdu.',
  'play.n': 'Nombres de 1 à',
  'play.against': 'Contre',
  'opp.person': 'une autre personne (sur cet écran)',
  'opp.random': 'niveau 1, facile',
  'opp.playouts': 'niveau 2',
  'opp.careful': 'niveau 3',
  'opp.fewest-replies': 'niveau 4, difficile',
  'opp.perfect': 'niveau 5, parfait',
  'level.random': 'Niveau 1 (facile) : annonce au hasard un des nombres possibles.',
  'level.playouts': 'Niveau 2 : essaie chaque nombre dans 100 parties jouées au hasard et annonce celui qui en a gagné le plus.',
  'level.careful': 'Niveau 3 : connaît les pièges (jamais 1 s’il a le choix ; un nombre qui te bloque s’il en voit un), sinon joue au hasard.',
  'level.fewest-replies': 'Niveau 4 (difficile) : connaît les pièges et annonce le nombre qui te laisse le moins de réponses.',
  'level.perfect': 'Niveau 5 (parfait) : gagne toujours quand c’est possible ; il est alors imbattable.',
  'level.person': 'Deux personnes sur cet écran : jouez chacun à votre tour ; la couleur montre qui doit jouer.',
  'play.you_play': 'Tu joues',
  'play.first': 'en premier',
  'play.second': 'en second',
  'play.name_first': 'Joue en premier',
  'play.name_second': 'Joue en second',
  'colour.first': 'Bleu',
  'colour.second': 'Rouge',
  'play.new_game': 'Nouvelle partie',
  'play.pending': 'Ces réglages s’appliquent quand tu appuies sur « Nouvelle partie » ; la partie en cours continue comme avant.',
  'play.why': 'Pourquoi ?',
  'play.undo': 'Reprendre le coup',
  'play.name_a_number': 'Annonce un nombre',
  'play.play': 'Jouer',
  'play.line': 'Coups joués',
  'play.board': 'Plateau',
  'play.no_move_yet': 'aucun coup pour l’instant',
  'play.back_to_board': 'Retour au plateau',
  'hint.show': 'Montrer les coups gagnants',
  'hint.hide': 'Cacher les coups gagnants',
  'hint.none': 'Aucun coup gagnant ici : quoi que tu annonces, un adversaire parfait gagne.',
  'hint.moves': (numbers) =>
    `${numbers.length === 1 ? 'Coup gagnant' : 'Coups gagnants'} : ${list(numbers, 'et', (k) => `${num(k)} en tout`)}.`,
  'legend.legal': 'tu peux l’annoncer',
  'legend.winning': 'gagnant',
  'legend.off': 'pas maintenant',
  'legend.mine': 'les tiens',
  'legend.theirs': 'ceux de l’adversaire',
  'line.you': 'toi',
  'line.opp': 'adv.',

  'status.loading': 'Chargement de la partie…',
  'status.no_game': 'Pas de partie : lis le message ci-dessus.',
  'status.opponent_to_move': 'Ton adversaire réfléchit…',
  'status.your_move': ({ reply, last, count }) =>
    `${reply != null ? `Ton adversaire a annoncé ${num(reply)}. ` : ''}À toi de jouer` +
    `${last != null ? ` après ${num(last)}` : ' : le premier nombre doit être pair'} ` +
    `(${num(count)} ${count === 1 ? 'nombre possible' : 'nombres possibles'}).`,
  'status.turn_of': ({ name, last, count }) =>
    `À ${name} de jouer` +
    `${last != null ? ` après ${num(last)}` : ' : le premier nombre doit être pair'} ` +
    `(${num(count)} ${count === 1 ? 'nombre possible' : 'nombres possibles'}).`,
  'status.you_won': 'Partie terminée : tu as gagné !',
  'status.opp_won': 'Partie terminée : ton adversaire a gagné.',
  'status.name_won': (name) => `Partie terminée : ${name} a gagné !`,

  'why.title': 'Pourquoi ce coup gagne-t-il ?',
  'why.move': (w, opening) =>
    opening
      ? `Commence par ${num(w)}. Ensuite, réponds à chaque nombre que ton adversaire annonce par son partenaire :`
      : `Annonce ${num(w)}. Ensuite, réponds à chaque nombre que ton adversaire annonce par son partenaire :`,
  'why.nothing_left': (w) => `Annonce ${num(w)} : ton adversaire n’a plus aucun nombre à annoncer, tu gagnes tout de suite.`,
  'why.pair': (a, b) => `${num(a)} → ${num(b)}`,
  'why.more': (count) => `Montrer les ${num(count)} paires`,
  'why.because':
    'Pourquoi cela marche toujours : tout nombre que ton adversaire peut annoncer est dans cette liste. ' +
    'Dans chaque paire, l’un des deux nombres divise l’autre : le partenaire est donc toujours une réponse possible. ' +
    'Les nombres sortent du jeu deux par deux, un nombre avec son partenaire : quand ton adversaire annonce un nombre, son partenaire est donc encore libre. ' +
    'Tu as toujours une réponse, et c’est ton adversaire qui finit bloqué.',
  'why.lost': 'Pas de plan ici : tous les coups perdent contre un adversaire parfait.',

  'end.you': 'toi',
  'end.opponent': 'ton adversaire',
  'end.message': ({ last, related, loser, winnerWords }) => {
    if (last == null) return `Il n’y a aucun nombre pair pour commencer : le premier joueur ne peut pas jouer. ${winnerWords}`;
    const left = `Après ${num(last)}, plus aucun nombre à annoncer pour ${loser}`;
    if (related.length === 0) return `${left} : aucun nombre n’est un diviseur ou un multiple de ${num(last)}. ${winnerWords}`;
    if (related.length === 1) return `${left} : le seul nombre qui va avec, ${num(related[0])}, était déjà annoncé. ${winnerWords}`;
    return `${left} : les ${num(related.length)} nombres qui vont avec (${list(related, 'et', (k) => `${num(k)} en tout`, 20)}) étaient tous déjà annoncés. ${winnerWords}`;
  },
  'end.you_win': 'Tu as gagné !',
  'end.opp_wins': 'Ton adversaire a gagné.',
  'end.name_wins': (name) => `${name} a gagné !`,
  'end.strategy_title': 'Comment le joueur parfait a gagné :',
  'end.pairs': (pairs) => list(pairs.map(([a, b]) => `${num(a)} → ${num(b)}`), 'et', (k) => `${num(k)} paires en tout`, 30),
  'end.no_opening': ({ n }) => `Avec les nombres de 1 à ${num(n)}, le second joueur gagne : il n’y a aucun nombre pair pour commencer, donc le premier joueur ne peut pas jouer.`,
  'end.opening_only': ({ n, opening }) =>
    `Avec les nombres de 1 à ${num(n)}, le premier joueur peut toujours gagner, et c’était le joueur parfait : il a commencé par ${num(opening)}, ce qui ne t’a laissé aucune réponse.`,
  'end.pairing': ({ n, side, opening, pairs }) =>
    `Avec les nombres de 1 à ${num(n)}, le ${side} joueur peut toujours gagner, et c’était le joueur parfait. ` +
    `${opening != null ? `Il a commencé par ${num(opening)}, puis il a` : 'Il a'} répondu à chaque nombre que tu as annoncé par son partenaire dans ces paires : ${fr['end.pairs'](pairs)}. ` +
    'Dans chaque paire, l’un des deux nombres divise l’autre : quoi que tu annonces, le joueur parfait avait donc toujours une réponse.',
  'end.winning_side': ({ n, side, pairs }) =>
    `Avec les nombres de 1 à ${num(n)}, le ${side} joueur peut toujours gagner, et c’était le joueur parfait dès le début` +
    `${pairs.length ? ` ; tes coups et ses réponses : ${fr['end.pairs'](pairs)}` : ''}.`,
  'end.mistake': ({ index, played, winning, answer }) =>
    `Tu pouvais gagner jusqu’au coup ${num(index + 1)} : là, tu as annoncé ${num(played)}, mais les coups gagnants étaient ${list(winning, 'et', (k) => `${num(k)} en tout`)}. ` +
    `${answer != null ? `Le joueur parfait a répondu ${num(answer)} ; ensuite, il` : 'Ensuite, le joueur parfait'} a gardé la victoire jusqu’au bout. L’onglet Revoir montre chaque coup.`,
  'end.certificate_link': 'Télécharger la preuve',
  'end.certificate_note': 'que ce joueur gagne toujours (l’onglet Vérifier la contrôle).',
  'end.review': 'Revoir cette partie',
  'side.first': 'premier',
  'side.second': 'second',

  'review.title': 'Revoir une partie',
  'review.intro':
    'Chaque coup est marqué : a-t-il gardé la victoire, ou l’a-t-il laissé filer ? La première erreur est montrée avec les coups qui gagnaient à ce moment-là. ' +
    '« Revoir cette partie », à la fin d’une partie, l’amène ici ; tu peux aussi écrire n’importe quels coups.',
  'review.line': 'Coups',
  'review.line_example': 'par exemple : 14 7 1 11',
  'review.go': 'Revoir',
  'review.first_player': 'le premier joueur',
  'review.second_player': 'le second joueur',
  'review.summary_mistake': ({ index, number, who, winning }) =>
    `La première erreur est le coup ${num(index + 1)} : ${named(who, number)}. Les coups gagnants à ce moment-là étaient ${list(winning, 'et', (k) => `${num(k)} en tout`)}.`,
  'review.summary_none': ({ count }) =>
    count === 0 ? 'Aucun coup pour l’instant.' : 'Aucune erreur : chaque coup a gardé la victoire à celui qui l’avait.',
  'review.move': ({ index, who, number }) => `Coup ${num(index + 1)} : ${named(who, number)}`,
  'review.kept': 'a gardé la victoire',
  'review.mistake': 'a laissé filer la victoire',
  'review.lost': 'aucun coup gagnant ici',
  'review.won_were': (numbers) => `coups gagnants ici : ${list(numbers, 'et', (k) => `${num(k)} en tout`, 20)}`,

  'results.title': 'Qui gagne ?',
  'results.theorem': ({ runs: r, count }) =>
    `Si chacun joue parfaitement, le second joueur gagne sur exactement ${num(count)} plateaux, ceux dont le dernier nombre est ${runs(r)}. ` +
    `Sur tout autre plateau, c’est le premier joueur qui gagne : donc sur tout plateau de 1 à ${num(r[r.length - 1][1] + 1)} ou plus.`,
  'results.chart_to': 'Tableau des plateaux jusqu’à',
  'results.draw': 'Afficher',
  'results.first_wins': 'le premier joueur gagne',
  'results.second_wins': 'le second joueur gagne',
  'results.chart_label': (to) => `Qui gagne sur chaque plateau, de 1 à ${num(to)}`,
  'results.cell': (n, winner) => `Nombres de 1 à ${num(n)} : le ${winner} joueur gagne`,
  'results.how': 'Comment le sait-on ?',
  'results.how_text': ({ power, certificates, formal }) => [
    'Pour chaque plateau, le gagnant a une stratégie : une façon de répondre à chaque coup sans jamais manquer de réponse. ' +
      'La plupart sont des appariements comme celui que montre « Pourquoi ? » : des nombres groupés par paires, et à chacun on répond par son partenaire.',
    `Pour chaque plateau jusqu’à ${power10(power)}, le projet écrit une telle stratégie dans un fichier, un certificat (${num(certificates)} fichiers en tout), ` +
      'et un petit programme séparé, le vérificateur, contrôle chacun à partir des seules règles du jeu. Il ne fait pas confiance au programme qui a trouvé la stratégie.',
    `Au-delà de ${power10(power)}, un théorème sur les nombres premiers (il y a toujours un nombre premier entre x et un peu plus que x ; Dusart, 2018) ` +
      'montre que le même genre d’appariement existe toujours.',
    formal
      ? 'Tout le théorème a aussi été démontré par un assistant de preuve (Coq), à partir des seules règles, sans faire confiance ni au vérificateur ni à ce programme. ' +
        'Cette démonstration ne repose sur aucune hypothèse : elle démontre elle-même l’existence des nombres premiers dont elle a besoin (l’argument de Tchebychev, 1852).'
      : '',
    'Les détails sont dans les fichiers du projet : docs/THEOREM.md (le théorème et chaque certificat), formal/ (la preuve Coq), verifier/ (le vérificateur).',
  ].filter(Boolean),
  'results.any_n': 'N’importe quel plateau',
  'results.n_any': 'Nombres de 1 à (tout nombre entier jusqu’à 18 446 744 073 709 551 615)',
  'results.who': 'Qui gagne ?',
  'results.winner': (n, side) => `Avec les nombres de 1 à ${num(n)}, le ${side} joueur gagne.`,
  'results.openings_all': (numbers) =>
    `Premiers coups gagnants : ${list(numbers, 'et', (k) => `${num(k)} en tout`, 60)}.`,
  'results.openings_none': 'Tout premier coup perd si l’adversaire joue parfaitement.',
  'results.openings_one': (k, limit) => `Un premier coup gagnant : ${num(k)} (tous les premiers coups gagnants sont donnés pour les plateaux jusqu’à ${num(limit)}).`,
  'results.method.matching': 'Trouvé en groupant les nombres par paires : un seul appariement règle tous les premiers coups à la fois.',
  'results.method.scheme': 'Trouvé à partir de quelques nombres premiers : ils donnent un appariement qui a toujours une réponse.',
  'results.method.search': 'Trouvé en essayant toutes les parties.',
  'results.scheme': ({ opening, from, to }) =>
    `Cet appariement commence par ${num(opening)} et gagne sur chaque plateau de 1 à m, pour tout m de ${num(from)} à ${num(to)}.`,

  'proof.title': 'Une preuve à lire',
  'proof.intro':
    'Pour tout plateau jusqu’à 10 000 : pourquoi son gagnant gagne, écrit pas à pas (en anglais), et la preuve sous forme de fichier, à contrôler dans l’onglet Vérifier.',
  'proof.show': 'Montrer la preuve',
  'proof.download': 'Télécharger le fichier de preuve',
  'proof.language': 'La preuve ci-dessous est écrite en anglais.',

  'verify.title': 'Vérifier un fichier de preuve',
  'verify.intro':
    'Un petit programme séparé, qui ne connaît que les règles du jeu, contrôle le fichier, et ne garde rien.',
  'verify.drop': 'Dépose un fichier de preuve ici, ou choisis-en un :',
  'verify.details': 'Détails pour les spécialistes',
  'verify.checking': (name, size) => `Contrôle de ${name} (${num(size)} octets)…`,
  'verify.checked': (name) => `${name} : contrôle terminé.`,
  'verify.refused_file': (name) => `${name} : refusé.`,
  'verify.valid_game': ({ n, n_last, winner, positions }) =>
    `✔ Valide : ce fichier prouve que le ${winner} joueur gagne avec les nombres de 1 à ${num(n)}` +
    `${n_last !== n ? `, et sur chaque plateau suivant jusqu’à ${num(n_last)}` : ''} (${num(positions)} positions contrôlées).`,
  'verify.valid_chain': ({ n, length }) => `✔ Valide : les plus longues chaînes des nombres de 1 à ${num(n)} ont ${num(length)} nombres.`,
  'verify.invalid': () => '✘ Pas valide : ce fichier ne prouve pas qui gagne (il a été modifié ou abîmé).',
  'verify.refused': () => 'Le contrôle s’est arrêté avant la fin (le fichier demande plus que ce que le contrôle permet) : pas de verdict.',

  'err.server_down': 'Le serveur du jeu n’a pas répondu. Demande à ton professeur ; ta partie est gardée.',
  'err.not_json': 'Le serveur a envoyé une réponse que la page ne sait pas lire. Demande à ton professeur ; ta partie est gardée.',
  'err.status': (status) => `Le serveur a refusé la demande (${status}).`,
  'err.busy': 'La réponse a pris trop de temps (ou le serveur est occupé) ; réessaie.',
  'err.engine': 'Le moteur de cette page s’est arrêté ; réessaie (recharge la page si cela continue).',
  'err.too_large': 'Ce fichier est trop gros pour être contrôlé.',
  'err.type_number': 'Écris un nombre pour le jouer.',
  'code.n_range': ({ n, max }) => `${num(n)} n’est pas possible ici : choisis un nombre de 1 à ${num(max)}.`,
  'code.move_range': ({ move, n }) => `${num(move)} n’est pas un nombre de 1 à ${num(n)}.`,
  'code.odd_opening': ({ move }) => `${num(move)} ne peut pas commencer la partie : le premier nombre doit être pair.`,
  'code.not_related': ({ move, last }) => `${num(move)} ne peut pas suivre ${num(last)} : il doit être un diviseur ou un multiple de ${num(last)}.`,
  'code.played': ({ move, at }) => `${num(move)} a déjà été annoncé (coup ${num(at + 1)}) : chaque nombre ne s’annonce qu’une fois.`,
  'code.chart_range': ({ to, max }) => `Le tableau ne peut pas aller jusqu’à ${num(to)} : choisis un nombre de 1 à ${num(max)}.`,
  'code.not_certificate': () => 'Ce fichier n’est pas un fichier de preuve de ce jeu, ou il est incomplet.',
  // ---- lesson (issue 55)
  'nav.teacher': 'Pour les enseignants',
  'lesson.side_random': 'tiré au sort',
  'lesson.set': (parts) => `Ton professeur a choisi cette partie : ${parts.join(' ; ')}.`,
  'lesson.set_n': (n) => `les nombres de 1 à ${num(n)}`,
  'lesson.set_opp': (opp) => `adversaire : ${opp}`,
  'lesson.set_first.you': 'tu commences',
  'lesson.set_first.opponent': 'ton adversaire commence',
  'lesson.set_first.random': 'qui commence est tiré au sort',
  'lesson.set_help_off': 'sans aide : à toi de trouver les nombres que tu peux annoncer',
  'lesson.bad': (name, value) => `Le réglage ${name}=${value} du lien n’est pas compris : il est laissé de côté.`,
  'lesson.your_move': ({ reply, last }) =>
    `${reply != null ? `Ton adversaire a annoncé ${num(reply)}. ` : ''}À toi` +
    (last != null ? ` : annonce un nombre qui divise ${num(last)} ou qui en est un multiple.` : ' : le premier nombre doit être pair.'),
  'lesson.turn_of': ({ name, last }) =>
    `À ${name} de jouer` + (last != null ? ` : annonce un nombre qui divise ${num(last)} ou qui en est un multiple.` : ' : le premier nombre doit être pair.'),
  'lesson.score_two': ({ first, second, a, b }) => `Score : ${first} ${num(a)}, ${second} ${num(b)}.`,
  'lesson.score_level': ({ you, opponent }) => `Score : toi ${num(you)}, ton adversaire ${num(opponent)}.`,
  'lesson.play_again': 'Rejouer',
  'lesson.swap_sides': 'Inverser qui commence',
  'lesson.review_link': 'Lien pour revoir cette partie',
  'lesson.review_share': 'Le lien de cette analyse, pour la partager ou la revoir plus tard :',
  'lesson.review_won': ({ move }) =>
    `Pourquoi ${num(move)} gagnait ici : annonce ${num(move)}, puis réponds à chaque nombre de l’autre joueur par son partenaire :`,
  'lesson.review_won_at_once': ({ move }) => `${num(move)} gagnait tout de suite ici : après lui, l’autre joueur n’a plus aucun nombre à annoncer.`,
  'lesson.review_lost': ({ number, move }) =>
    `Pourquoi ${num(number)} perd : après lui, l’autre joueur annonce ${num(move)}, puis répond à chaque nombre par son partenaire :`,
  'lesson.review_lost_at_once': ({ number, move }) =>
    `Pourquoi ${num(number)} perd : après lui, l’autre joueur annonce ${num(move)}, et il ne reste plus aucun nombre à annoncer.`,
  'lesson.try_again': ({ index }) => `Rejouer à partir du coup ${num(index + 1)}`,
  'lesson.why_others': 'Pourquoi un autre coup gagnant ?',
  'lesson.why_this': (k) => `Pourquoi ${num(k)} ?`,
  'lesson.why_loses': 'Pourquoi ce coup perd-il ?',
  'code.not_winning': ({ move }) => `${num(move)} ne gagne pas ici : après lui, l’autre joueur peut toujours gagner.`,
  'teacher.title': 'Pour les enseignants',
  'teacher.intro':
    'Choisissez la partie que jouent vos élèves, puis donnez-leur le lien ci-dessous ou faites-leur scanner son code QR. ' +
    'Ce que fixe le lien, ils le voient mais ne peuvent pas le changer.',
  'teacher.size': 'Nombres',
  'teacher.size_20': 'de 1 à 20 (partie courte)',
  'teacher.size_40': 'de 1 à 40',
  'teacher.size_100': 'de 1 à 100 (partie longue)',
  'teacher.size_any': 'autre taille :',
  'teacher.n': 'de 1 à',
  'teacher.first': 'Qui commence',
  'teacher.first_random': 'tiré au sort à chaque partie',
  'teacher.first_you': 'l’élève',
  'teacher.first_opponent': 'l’adversaire',
  'teacher.lang': 'Langue',
  'teacher.lang_page': 'celle du navigateur de l’élève',
  'teacher.help': 'Aides activées : nombres jouables en couleur, coups gagnants, « Pourquoi ? », Résultats et Vérifier',
  'teacher.bad_n': (raw, max) => `« ${raw} » n’est pas possible : choisissez un nombre entier de 1 à ${num(max)}.`,
  'teacher.link_title': 'Le lien des élèves',
  'teacher.qr_alt': (link) => `Code QR du lien ${link}`,
  'teacher.network': 'Sur le même réseau, les élèves peuvent aussi taper cette adresse :',
  'teacher.local':
    'Les élèves ouvrent cette adresse. Si elle commence par localhost ou 127.0.0.1, elle ne marche que sur cet ordinateur : ' +
    'lancez le serveur avec « jg serve --bind 0.0.0.0 » pour donner à la classe une adresse du réseau.',
  'teacher.grid': 'Afficher une grille à imprimer',
  'teacher.grid_title': (n) => `Juniper Green : les nombres de 1 à ${num(n)}`,
  'teacher.print': 'Imprimer',
  'teacher.notes': [
    ['La règle, avec un exemple', [
      'Deux joueurs annoncent chacun leur tour un nombre de 1 à n que personne n’a encore annoncé. Le premier nombre doit être pair. ' +
        'Chaque nombre suivant doit diviser le précédent ou en être un multiple. Celui qui ne peut plus annoncer de nombre a perdu.',
      'Une partie avec les nombres de 1 à 10 :',
      [
        'Ana annonce 4 (le premier nombre est pair).',
        'Ben annonce 8, un multiple de 4.',
        'Ana annonce 2, qui divise 8.',
        'Ben annonce 10, un multiple de 2.',
        'Ana annonce 5, qui divise 10.',
        'Ben annonce 1, qui divise 5.',
        'Ana annonce 7 : tout nombre est un multiple de 1.',
        'Ben est bloqué : jusqu’à 10, seul 1 va avec 7, et 1 a déjà été annoncé. Ana gagne.',
      ],
    ]],
    ['Questions à poser', [[
      'Quels nombres peuvent suivre 12 ? Et 7 ? Et 1 ?',
      'Pourquoi est-il risqué d’annoncer 1 ?',
      'Quels nombres ne peuvent être suivis que par 1 ? Que se passe-t-il si on en annonce un juste après 1 ?',
      'Avec les nombres de 1 à 20, vaut-il mieux commencer ou jouer en second ? Et de 1 à 40 ?',
      'Existe-t-il un premier nombre après lequel on gagne à coup sûr ? Comment en convaincre quelqu’un ?',
    ]]],
    ['Déroulement possible d’une séance (55 minutes environ)', [[
      '5 minutes : la règle et l’exemple ci-dessus, au tableau ou au vidéoprojecteur.',
      '15 minutes : par deux, sur la grille imprimée (on barre chaque nombre annoncé) ou sur une tablette (« une autre personne »).',
      '15 minutes : chaque élève contre le niveau 1, puis le niveau 2, avec le lien de cette page et les aides désactivées : ' +
        'il cherche lui-même les nombres qu’il peut annoncer ; un nombre interdit est refusé, avec la raison.',
      '10 minutes : les questions ci-dessus, en groupes ; puis une partie contre le niveau 5, revue ensemble : ' +
        'l’analyse trouve la première erreur, explique pourquoi l’autre coup gagnait et permet de rejouer à partir de là.',
      '10 minutes : mise en commun de ce que les groupes ont trouvé.',
    ]]],
    ['Ce que les élèves peuvent découvrir', [[
      'Diviseurs et multiples : chaque coup en demande un.',
      'Après 1, n’importe quel nombre peut suivre ; un nombre premier plus grand que la moitié de n ne peut être suivi que par 1. ' +
        'Annoncer un tel nombre juste après 1 bloque donc l’autre joueur.',
      'Les paires : un joueur qui peut répondre à chaque nombre de l’autre par son partenaire (un nombre qui le divise ou qu’il divise) n’est jamais bloqué. ' +
        'Le plan de « Pourquoi ? » et celui de l’analyse sont une telle liste de paires.',
      'Le gagnant dépend de n : pour la plupart des n, le premier joueur peut toujours gagner ; pour quelques-uns, c’est le second. ' +
        'L’onglet Résultats les donne : gardez-le pour la fin de la séance.',
    ]]],
  ],

  // ---- boards (issue 56)
  'nav.boards': 'Deux plateaux',
  'nav.nim': 'Nim',
  'boards.title': 'Deux ou trois plateaux côte à côte',
  'boards.rules':
    'Chaque plateau est une partie à lui seul, avec ses nombres de 1 à n. À ton tour, annonce un nombre sur UN plateau : ' +
    'le premier nombre d’un plateau doit être pair, et chaque nombre suivant sur ce plateau doit diviser le dernier nombre ' +
    'annoncé sur ce plateau ou en être un multiple. Celui qui ne peut annoncer aucun nombre sur aucun plateau a perdu.',
  'boards.preset_label': 'Plateaux',
  'boards.preset': (ns) => ns.map((n) => `de 1 à ${num(n)}`).join(' + '),
  'boards.n1': 'Plateau A : de 1 à',
  'boards.n2': 'Plateau B : de 1 à',
  'boards.n3': 'Plateau C : de 1 à',
  'boards.n3_none': 'aucun',
  'boards.levels':
    'Le niveau 5 joue d’après les valeurs des plateaux (ci-dessous) : il gagne dès qu’il le peut. Les autres niveaux ' +
    'choisissent un plateau au hasard, puis y jouent comme sur un seul plateau.',
  'boards.board_name': (letter, n) => `Plateau ${letter} : de 1 à ${num(n)}`,
  'boards.value': (v) => `valeur ${num(v)}`,
  'boards.sum': ({ values, nimSum, toMove }) =>
    `Valeurs ${values.map((v) => num(v)).join(' ⊕ ')} = ${num(nimSum)} (la somme de Nim). ` +
    (!toMove ? '' : nimSum !== 0
      ? 'Ce n’est pas 0 : tu peux gagner. Joue un nombre jaune : il laisse une somme de Nim égale à 0.'
      : 'C’est 0 : chaque coup laisse une somme de Nim différente de 0. Joue, et attends une erreur.'),
  'boards.turn_of': (side) => (side === 'first' ? 'Au tour de Bleu.' : 'Au tour de Rouge.'),
  'boards.opponent_to_move': 'Ton adversaire réfléchit…',
  'boards.your_move': (reply) => (reply ? `Ton adversaire a joué ${num(reply.number)} sur le plateau ${reply.board}. À toi.` : 'À toi.'),
  'boards.end_you': ({ board, number }) => `Tu as gagné ! Le dernier nombre était ${num(number)} sur le plateau ${board}, et ton adversaire n’a plus aucun nombre à annoncer sur aucun plateau.`,
  'boards.end_opp': ({ board, number }) => `Ton adversaire a gagné. Le dernier nombre était ${num(number)} sur le plateau ${board}, et tu n’as plus aucun nombre à annoncer sur aucun plateau.`,
  'boards.end_side': (side, { board, number }) =>
    `${side === 'first' ? 'Bleu' : 'Rouge'} a gagné ! Le dernier nombre était ${num(number)} sur le plateau ${board}, et ${side === 'first' ? 'Rouge' : 'Bleu'} n’a plus aucun nombre à annoncer sur aucun plateau.`,
  'boards.move': ({ who, board, number }) => `${who} : ${num(number)} sur ${board}`,
  'boards.first': 'Bleu',
  'boards.second': 'Rouge',
  'boards.moves': 'Coups',
  'boards.review_title': 'La partie revue',
  'boards.review_start': ({ values, nimSum }) =>
    `Au départ, les valeurs étaient ${values.map((v) => num(v)).join(', ')}, somme de Nim ${num(nimSum)} : ` +
    `${nimSum !== 0 ? 'le premier joueur pouvait gagner.' : 'le second joueur pouvait gagner.'}`,
  'boards.review_clean': 'Personne n’a laissé filer une victoire.',
  'boards.review_first': (k) => `La première erreur est le coup ${num(k)}.`,
  'boards.review_values': ({ values, before, nimSum }) =>
    `valeurs après : ${values.map((v) => num(v)).join(', ')} ; somme de Nim ${num(before)} → ${num(nimSum)}`,
  'boards.verdict_kept': () => 'garde la victoire (somme de Nim 0)',
  'boards.verdict_mistake': (winning) => `une erreur : ${winning.slice(0, 6).map((w) => `${num(w.number)} sur ${w.board}`).join(' ou ')}${winning.length > 6 ? ' ou …' : ''} aurait laissé une somme de Nim égale à 0`,
  'boards.verdict_lost': () => 'pas de victoire à garder (la somme de Nim était 0)',
  'code.boards_count': ({ count, min, max }) => `Une partie se joue sur ${num(min)} ou ${num(max)} plateaux, pas ${num(count)}.`,
  'code.board_range': ({ board }) => `Il n’y a pas de plateau ${board} dans cette partie.`,
  'nim.title': 'Le Nim et Juniper Green',
  'nim.intro':
    'Si tu connais le Nim, tu sais gagner sur plusieurs plateaux de Juniper Green à la fois. Chaque position d’un ' +
    'plateau reçoit un nombre, sa valeur, et les valeurs se comportent comme des tas de Nim.',
  'nim.mex_title': 'La valeur d’une position : le mex',
  'nim.mex':
    'Regarde tous les coups que tu peux jouer. Chaque coup mène à une position qui a sa propre valeur. La valeur de ta ' +
    'position est le plus petit nombre 0, 1, 2, … qui N’EST PAS parmi ces valeurs (le « mex », le plus petit ' +
    'exclu). Une position sans aucun coup a la valeur 0.',
  'nim.p_title': 'La valeur 0 : les positions perdantes',
  'nim.p':
    'Une position de valeur 0 est perdue pour celui qui doit jouer si l’autre joue bien (une P-position, comme deux ' +
    'tas égaux au Nim) : chaque coup mène à une valeur différente de 0, et de là l’autre joueur peut toujours revenir à 0.',
  'nim.xor_title': 'Plusieurs plateaux : le XOR des valeurs',
  'nim.xor':
    'Un plateau de valeur v se comporte exactement comme un tas de Nim de v jetons : de là, on peut atteindre chaque ' +
    'valeur plus petite. Alors, comme au Nim, écris les valeurs en binaire et additionne-les sans retenue (le XOR, ' +
    'noté ⊕). C’est la somme de Nim. Celui qui doit jouer gagne exactement quand la somme de Nim n’est pas 0.',
  'nim.why':
    'Pourquoi ? Depuis une somme de Nim égale à 0, chaque coup change une valeur, donc la somme de Nim n’est plus 0. ' +
    'Depuis une somme de Nim différente de 0, il y a toujours un plateau dont on peut baisser la valeur pour revenir ' +
    'à une somme de 0. Le gagnant redonne sans cesse une somme de 0 à l’autre, jusqu’à ce que l’autre n’ait plus aucun coup.',
  'nim.example_title': 'Un exemple, calculé par le moteur',
  'nim.example_mex': ({ n, options, value }) =>
    `Sur le plateau de 1 à ${num(n)}, le premier nombre peut être ${options.map((o) => num(o.number)).join(', ')}. ` +
    `Après eux, les valeurs sont ${options.map((o) => `${num(o.value)} (après ${num(o.number)})`).join(', ')}. ` +
    `Le plus petit nombre absent de cette liste est ${num(value)} : le départ de 1 à ${num(n)} a la valeur ${num(value)}.`,
  'nim.example_p': ({ n, zeros }) =>
    zeros.length
      ? `Commencer par ${zeros.map((k) => num(k)).join(' ou ')} laisse la valeur 0 : sur le plateau de 1 à ${num(n)} seul, ces débuts gagnent.`
      : `Aucun début ne laisse la valeur 0 : sur le plateau de 1 à ${num(n)} seul, le premier joueur perd.`,
  'nim.example_xor': ({ boards, nimSum, winning }) =>
    `Côte à côte : ${boards.map((b) => `le plateau ${b.letter} (de 1 à ${num(b.n)}) a la valeur ${num(b.value)}`).join(', ')}. ` +
    `La somme de Nim est ${num(nimSum)}. ` +
    (nimSum !== 0
      ? `Le premier joueur gagne en jouant ${winning.map((w) => `${num(w.number)} sur ${w.board}`).join(' ou ')} : cela laisse une somme de Nim égale à 0.`
      : 'Le premier joueur perd si le second joue bien.'),
  'nim.game_title': 'Les valeurs de ta partie',
  'nim.no_game': 'Commence une partie dans « Deux plateaux » pour voir ici les valeurs de ses plateaux.',
  'nim.game': ({ boards, nimSum, over }) =>
    `${boards.map((b) => `Plateau ${b.letter} (de 1 à ${num(b.n)}) : valeur ${num(b.value)}`).join(' ; ')}. ` +
    `Somme de Nim ${num(nimSum)} : ` +
    (over ? 'la partie est finie.' : nimSum !== 0 ? 'celui qui doit jouer peut gagner.' : 'celui qui doit jouer perd si l’autre joue bien.'),
  'nim.to_boards': 'Aller à la partie',
};

// Exported for the browser test, which checks that both tables have the same keys.
export const WORDS = { en, fr };
const LANGUAGES = ['en', 'fr'];

const STORE = 'jg-language';

export function language() {
  return current;
}

// The word of `key` in the current language (a function is called with `args`).
export function t(key, ...args) {
  const table = WORDS[current];
  const word = key in table ? table[key] : WORDS.en[key];
  if (word === undefined) return key;
  return typeof word === 'function' ? word(...args) : word;
}

// The language kept from the last visit, else the browser's first of ours, else English.
export function chooseLanguage() {
  let kept = null;
  try {
    kept = localStorage.getItem(STORE);
  } catch (_) {
    kept = null;
  }
  if (LANGUAGES.includes(kept)) return kept;
  for (const tag of navigator.languages || [navigator.language || '']) {
    const base = String(tag).toLowerCase().split('-')[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return 'en';
}

// Sets the language, words every element marked with data-w*, and tells the views.
export function setLanguage(lang, keep = false) {
  current = LANGUAGES.includes(lang) ? lang : 'en';
  if (keep) {
    try {
      localStorage.setItem(STORE, current);
    } catch (_) {
      // storage may be off: the choice lasts until the page is left
    }
  }
  document.documentElement.lang = current;
  document.title = t('app.title');
  applyWords(document);
  document.dispatchEvent(new CustomEvent('language', { detail: current }));
}

// Words the elements under `root`: data-w (text), data-w-title, data-w-aria (aria-label),
// data-w-placeholder.
function applyWords(root) {
  for (const el of root.querySelectorAll('[data-w]')) el.textContent = t(el.dataset.w);
  for (const el of root.querySelectorAll('[data-w-title]')) el.title = t(el.dataset.wTitle);
  for (const el of root.querySelectorAll('[data-w-aria]')) el.setAttribute('aria-label', t(el.dataset.wAria));
  for (const el of root.querySelectorAll('[data-w-placeholder]')) el.placeholder = t(el.dataset.wPlaceholder);
}

// A refusal of the server in words: its code and values when the table has the code, else
// the status's words (503, 413), else the server's own sentence.
function refusal(error) {
  if (error.code && `code.${error.code}` in WORDS[current]) return t(`code.${error.code}`, error.values || {});
  if (error.status === 503) return t('err.busy');
  if (error.status === 413) return t('err.too_large');
  if (error.wordKey) return t(error.wordKey, error.status);
  return error.message;
}

// Shows the refusal `error` in words in the box `el`, or hides the box when there is none.
export function showRefusal(el, error) {
  el.hidden = !error;
  el.textContent = error ? refusal(error) : '';
}

// The name of a side in a game of two people: the name typed (`names`, first and second), else
// the side's colour.
export function personName(names, side) {
  return names[side === 'first' ? 0 : 1] || t(side === 'first' ? 'colour.first' : 'colour.second');
}

// The side's word ("first", "second") in the current language.
export function sideWord(side) {
  return t(`side.${side}`);
}
