// Every word of the pages, one table for each language (English, French). A word is a string,
// or a function of the numbers the server returned (docs/API.md): the pages word the server's
// codes and numbers, never its English sentences, except a verifier's reason, which is
// technical and shown as it is.
//
// To change a word, change it here; to add a language, add a table with the same keys (the
// browser test checks that both tables have the same keys and that the French page shows no
// English word).

// ---- Shared formatting ---------------------------------------------------------------------

// `a, b, c and d` (cut after `max` with the count in all).
function list(numbers, and, inAll, max = 40) {
  const shown = numbers.slice(0, max).map(String);
  if (numbers.length > max) return `${shown.join(', ')}, … (${inAll(numbers.length)})`;
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} ${and} ${shown[shown.length - 1]}`;
}

// Runs [a, b] as `1, 2, 4–7, …`.
function runs(pairs) {
  return pairs.map(([a, b]) => (a === b ? String(a) : b === a + 1 ? `${a}, ${b}` : `${a}–${b}`)).join(', ');
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
  'lang.switch': 'Français',
  'lang.switch_title': 'Afficher les pages en français',

  // ---- Play
  'play.rules':
    'Take turns naming a number from 1 to n that nobody has named yet. The first number must be even; ' +
    'every number after it must divide the one before or be a multiple of it. Whoever cannot name a number loses.',
  'play.n': 'n',
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
  'hint.show': 'Show winning moves',
  'hint.hide': 'Hide winning moves',
  'hint.none': 'No winning move here: whatever you name, a perfect opponent wins.',
  'hint.moves': (numbers) =>
    `${numbers.length === 1 ? 'Winning move' : 'Winning moves'}: ${list(numbers, 'and', (k) => `${k} in all`)}.`,
  'legend.legal': 'allowed',
  'legend.winning': 'winning',
  'legend.off': 'not allowed now',
  'legend.mine': 'yours',
  'legend.theirs': "opponent's",
  'line.you': 'you',
  'line.opp': 'opp.',

  'status.loading': 'Loading the game…',
  'status.no_game': 'No game: see the message above.',
  'status.opponent_to_move': 'The opponent is thinking…',
  'status.your_move': ({ reply, last, count }) =>
    `${reply != null ? `Your opponent named ${reply}. ` : ''}Your move` +
    `${last != null ? ` after ${last}` : ': the first number must be even'} ` +
    `(${count} ${count === 1 ? 'number is' : 'numbers are'} allowed).`,
  'status.turn_of': ({ name, last, count }) =>
    `${name}'s turn` +
    `${last != null ? ` after ${last}` : ': the first number must be even'} ` +
    `(${count} ${count === 1 ? 'number is' : 'numbers are'} allowed).`,
  'status.you_won': 'Game over: you won!',
  'status.opp_won': 'Game over: your opponent won.',
  'status.name_won': (name) => `Game over: ${name} won!`,

  // ---- Why a move wins (the plan of /api/plan)
  'why.title': 'Why does this win?',
  'why.move': (w, opening) =>
    opening
      ? `Open with ${w}. Then answer each number your opponent names with its partner:`
      : `Name ${w}. Then answer each number your opponent names with its partner:`,
  'why.nothing_left': (w) => `Name ${w}: your opponent has no number left to name, so you win at once.`,
  'why.pair': (a, b) => `${a} → ${b}`,
  'why.more': (count) => `Show all ${count} pairs`,
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
    const left = `${last} left ${loser} no number to name`;
    if (related.length === 0) return `${left}: no number divides ${last} or is a multiple of it. ${winnerWords}`;
    if (related.length === 1) return `${left}: the only number that goes with it, ${related[0]}, was already named. ${winnerWords}`;
    return `${left}: the ${related.length} numbers that go with it (${list(related, 'and', (k) => `${k} in all`, 20)}) were all named already. ${winnerWords}`;
  },
  'end.you_win': 'You win!',
  'end.opp_wins': 'Your opponent wins.',
  'end.name_wins': (name) => `${name} wins!`,
  'end.strategy_title': 'How the perfect player won:',
  'end.pairs': (pairs) => list(pairs.map(([a, b]) => `${a} → ${b}`), 'and', (k) => `${k} pairs in all`, 30),
  'end.no_opening': ({ n }) => `On 1..${n} the second player wins: there is no even number to open with, so the first player has no move.`,
  'end.opening_only': ({ n, opening }) =>
    `On 1..${n} the first player can always win, and the perfect player had that side: it opened with ${opening}, which left you no answer.`,
  'end.pairing': ({ n, side, opening, pairs }) =>
    `On 1..${n} the ${side} player can always win, and the perfect player had that side. ` +
    `${opening != null ? `It opened with ${opening}, then it` : 'It'} answered each number you named with its partner in the pairs of the certificate of n = ${n}: ${en['end.pairs'](pairs)}. ` +
    'The certificate lists every pair; the verifier checks that whatever you name, the partner is an allowed answer, so the perfect player always has a move.',
  'end.winning_side': ({ n, side, pairs }) =>
    `On 1..${n} the ${side} player can always win, and the perfect player had that side from the start` +
    `${pairs.length ? `; your moves and its answers: ${en['end.pairs'](pairs)}` : ''}.`,
  'end.mistake': ({ index, played, winning, answer }) =>
    `You could win until move ${index + 1}: there you named ${played}, but the winning moves were ${list(winning, 'and', (k) => `${k} in all`)}. ` +
    `${answer != null ? `The perfect player answered ${answer}, and after` : 'After'} that it never let the win go. The Review tab shows every move.`,
  'end.certificate_link': 'Download the certificate',
  'end.certificate_note': "that proves the perfect player's side always wins (check it on the Verify tab).",
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
    `The first mistake is move ${index + 1}: ${who} named ${number}. The winning moves there were ${list(winning, 'and', (k) => `${k} in all`)}.`,
  'review.summary_none': ({ count }) =>
    count === 0 ? 'No move yet.' : 'No mistake: every move kept the win for the player who had it.',
  'review.move': ({ index, who, number }) => `Move ${index + 1}: ${who} named ${number}`,
  'review.kept': 'kept the win',
  'review.mistake': 'threw the win away',
  'review.lost': 'no winning move here',
  'review.won_were': (numbers) => `winning moves here: ${list(numbers, 'and', (k) => `${k} in all`, 20)}`,

  // ---- Results
  'results.title': 'Who wins?',
  'results.theorem': ({ runs: r, count }) =>
    `With perfect play, the second player wins on 1..n for exactly ${count} values of n: ${runs(r)}. ` +
    `For every other n, the first player wins: so for every n from ${r[r.length - 1][1] + 1} on.`,
  'results.chart_to': 'Chart up to n =',
  'results.draw': 'Draw',
  'results.first_wins': 'first player wins',
  'results.second_wins': 'second player wins',
  'results.chart_label': (to) => `Who wins for each n from 1 to ${to}`,
  'results.cell': (n, winner) => `n = ${n}: the ${winner} player wins`,
  'results.how': 'How do we know?',
  'results.how_text': ({ power, certificates, formal }) => [
    'For each n there is a strategy for the winner: a way to answer every move that never runs out of answers. ' +
      'Most are pairings like the one "Why?" shows: numbers in pairs, each answered by its partner.',
    `For every n up to ${power10(power)}, the project writes such a strategy into a file, a certificate (${certificates} files in all), ` +
      'and a small separate program, the verifier, checks each one against the rules alone. It does not trust the program that found the strategy.',
    `Above ${power10(power)}, a theorem about prime numbers (there is always a prime between x and a little more than x; Dusart, 2018) ` +
      'shows that the same kind of pairing always exists.',
    formal
      ? 'The whole theorem was also checked by a computer proof assistant (Coq), which trusts neither the verifier nor this program: ' +
        'its only assumption is the prime number theorem above, used above the certificates.'
      : '',
    'The details are in the project: docs/THEOREM.md (the theorem and every certificate), formal/ (the Coq proof), verifier/ (the verifier).',
  ].filter(Boolean),
  'results.any_n': 'Any n',
  'results.n_any': 'n (any whole number up to 18446744073709551615)',
  'results.who': 'Who wins?',
  'results.winner': (n, side) => `On 1..${n} the ${side} player wins.`,
  'results.openings_all': (numbers) =>
    `Winning first moves: ${list(numbers, 'and', (k) => `${k} in all`, 60)}.`,
  'results.openings_none': 'Every first move loses against perfect play.',
  'results.openings_one': (k, limit) => `One winning first move: ${k} (the winning first moves are listed up to n = ${limit}).`,
  'results.method.matching': 'Found by the matching method: one maximum matching of the numbers decides every opening.',
  'results.method.scheme': 'Found by a prime-window scheme: a pairing built from a few primes, which the verifier checks.',
  'results.method.search': 'Found by searching every game.',
  'results.scheme': ({ name, opening, from, to }) =>
    `The scheme ${name} opens with ${opening} and wins on every board 1..m with ${from} ≤ m ≤ ${to}.`,

  // ---- Proof
  'proof.title': 'A proof you can read',
  'proof.intro':
    'For any n up to 10 000: the certificate of n written out as a proof (what "jg explain" prints), and the certificate itself to check on the Verify tab.',
  'proof.show': 'Show the proof',
  'proof.download': 'Download the certificate',
  'proof.language': '',

  // ---- Verify
  'verify.title': 'Verify a certificate',
  'verify.intro':
    "The server checks the file with the project's verifier, a small program that knows only the rules, and keeps nothing.",
  'verify.drop': 'Drop a certificate file here, or choose one:',
  'verify.checking': (name, size) => `Checking ${name} (${size} bytes)…`,
  'verify.checked': (name) => `${name}: checked.`,
  'verify.refused_file': (name) => `${name}: refused.`,
  'verify.valid_game': ({ n, n_last, winner, positions }) =>
    `✔ Valid: this certificate proves that the ${winner} player wins on 1..${n}` +
    `${n_last !== n ? `, and on every 1..m up to m = ${n_last}` : ''} (${positions} positions checked).`,
  'verify.valid_chain': ({ n, length }) => `✔ Valid: the longest chains of 1..${n} have ${length} numbers.`,
  'verify.invalid': (reason) => `✘ Not valid: the proof fails (${reason}).`,
  'verify.refused': (reason) => `The check stopped before the end, so there is no verdict (${reason}).`,

  // ---- Refusals (the codes of docs/API.md) and other errors
  'err.server_down': 'The server did not answer: is jg serve still running?',
  'err.not_json': 'The server sent an answer the page cannot read.',
  'err.status': (status) => `The server refused the request (${status}).`,
  'err.busy': 'The answer took too long (or the server is busy); try again.',
  'err.engine': 'The engine of this page stopped; try again (reload the page if it goes on).',
  'err.too_large': 'That is more than the server reads.',
  'err.type_number': 'Type a number to play it.',
  'code.n_range': ({ n, max }) => `n = ${n} is not possible: n must be a number from 1 to ${max}.`,
  'code.move_range': ({ move, n }) => `${move} is not a number from 1 to ${n}.`,
  'code.odd_opening': ({ move }) => `${move} cannot open the game: the first number must be even.`,
  'code.not_related': ({ move, last }) => `${move} cannot follow ${last}: it must divide ${last} or be a multiple of it.`,
  'code.played': ({ move, at }) => `${move} was already named (move ${at + 1}): each number is named once.`,
  'code.chart_range': ({ to, max }) => `The chart cannot go up to ${to}: it goes up to a number from 1 to ${max}.`,
  'code.not_certificate': ({ reason }) => `This file is not a certificate (${reason}).`,

  // ---- boards (issue 56)
  'nav.boards': 'Two boards',
  'nav.nim': 'Nim',
  'boards.title': 'Two or three boards side by side',
  'boards.rules':
    'Each board is a game of its own, with its own numbers from 1 to n. On your turn, name one number on ONE board: ' +
    'the first number of a board must be even, and every later number on that board must divide the last number ' +
    'named on that board or be a multiple of it. Whoever cannot name a number on any board loses.',
  'boards.preset_label': 'Boards',
  'boards.preset': (ns) => ns.map((n) => `1 to ${num('en', n)}`).join(' + '),
  'boards.n1': 'Board A: n',
  'boards.n2': 'Board B: n',
  'boards.n3': 'Board C: n',
  'boards.n3_none': 'none',
  'boards.levels':
    'Level 5 plays by the values of the boards (below), so it wins whenever it can. The other levels pick a board ' +
    'at random, then play on it as they play on one board.',
  'boards.board_name': (letter, n) => `Board ${letter}: 1 to ${num('en', n)}`,
  'boards.value': (v) => `value ${num('en', v)}`,
  'boards.sum': ({ values, nimSum, toMove }) =>
    `Values ${values.map((v) => num('en', v)).join(' ⊕ ')} = ${num('en', nimSum)} (the nim-sum). ` +
    (!toMove ? '' : nimSum !== 0
      ? 'Not 0: you can win. Play a yellow number: it leaves a nim-sum of 0.'
      : 'It is 0: every move leaves a nim-sum other than 0. Play, and wait for a mistake.'),
  'boards.turn_of': (side) => (side === 'first' ? 'Blue to play.' : 'Red to play.'),
  'boards.opponent_to_move': 'Your opponent is thinking…',
  'boards.your_move': (reply) => (reply ? `Your opponent played ${num('en', reply.number)} on board ${reply.board}. Your turn.` : 'Your turn.'),
  'boards.end_you': ({ board, number }) => `You win! The last number was ${num('en', number)} on board ${board}, and your opponent has no number left to name on any board.`,
  'boards.end_opp': ({ board, number }) => `Your opponent wins. The last number was ${num('en', number)} on board ${board}, and you have no number left to name on any board.`,
  'boards.end_side': (side, { board, number }) =>
    `${side === 'first' ? 'Blue' : 'Red'} wins! The last number was ${num('en', number)} on board ${board}, and ${side === 'first' ? 'Red' : 'Blue'} has no number left on any board.`,
  'boards.move': ({ who, board, number }) => `${who}: ${num('en', number)} on ${board}`,
  'boards.first': 'Blue',
  'boards.second': 'Red',
  'boards.moves': 'Moves',
  'boards.review_title': 'Review of the game',
  'boards.review_start': ({ values, nimSum }) =>
    `At the start the values were ${values.map((v) => num('en', v)).join(', ')}, nim-sum ${num('en', nimSum)}: ` +
    `${nimSum !== 0 ? 'the first player could win.' : 'the second player could win.'}`,
  'boards.review_clean': 'Nobody threw a win away.',
  'boards.review_first': (k) => `The first mistake was move ${num('en', k)}.`,
  'boards.review_values': ({ values, before, nimSum }) =>
    `values after: ${values.map((v) => num('en', v)).join(', ')}; nim-sum ${num('en', before)} → ${num('en', nimSum)}`,
  'boards.verdict_kept': () => 'kept the win (nim-sum 0)',
  'boards.verdict_mistake': (winning) => `a mistake: ${winning.slice(0, 6).join(', ')}${winning.length > 6 ? ', …' : ''} left a nim-sum of 0`,
  'boards.verdict_lost': () => 'no win to keep (the nim-sum was 0)',
  'code.boards_count': ({ count, min, max }) => `A game has ${num('en', min)} or ${num('en', max)} boards, not ${num('en', count)}.`,
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
    `On the board 1 to ${num('en', n)}, the first number can be ${options.map((o) => num('en', o.number)).join(', ')}. ` +
    `After them the values are ${options.map((o) => `${num('en', o.value)} (after ${num('en', o.number)})`).join(', ')}. ` +
    `The smallest number not in this list is ${num('en', value)}: the start of 1 to ${num('en', n)} has value ${num('en', value)}.`,
  'nim.example_p': ({ n, zeros }) =>
    zeros.length
      ? `Opening with ${zeros.map((k) => num('en', k)).join(' or ')} leaves value 0: on 1 to ${num('en', n)} alone, these openings win.`
      : `No opening leaves value 0: on 1 to ${num('en', n)} alone, the first player loses.`,
  'nim.example_xor': ({ boards, nimSum, winning }) =>
    `Side by side: ${boards.map((b) => `board ${b.letter} (1 to ${num('en', b.n)}) has value ${num('en', b.value)}`).join(', ')}. ` +
    `The nim-sum is ${num('en', nimSum)}. ` +
    (nimSum !== 0
      ? `The first player wins by playing ${winning.map((w) => `${num('en', w.number)} on ${w.board}`).join(' or ')}: it leaves a nim-sum of 0.`
      : 'The first player loses if the second plays well.'),
  'nim.game_title': 'The values of your game',
  'nim.no_game': 'Start a game in Two boards to see the values of its boards here.',
  'nim.game': ({ boards, nimSum, over }) =>
    `${boards.map((b) => `Board ${b.letter} (1 to ${num('en', b.n)}): value ${num('en', b.value)}`).join('; ')}. ` +
    `Nim-sum ${num('en', nimSum)}: ` +
    (over ? 'the game is over.' : nimSum !== 0 ? 'the player to move can win.' : 'the player to move loses if the other plays well.'),
  'nim.to_boards': 'Go to the game',
};

const fr = {
  'app.title': 'Juniper Green',
  'nav.label': 'Vues',
  'nav.play': 'Jouer',
  'nav.review': 'Revoir',
  'nav.results': 'Résultats',
  'nav.verify': 'Vérifier',
  'lang.switch': 'English',
  'lang.switch_title': 'Show the pages in English',

  'play.rules':
    "Chacun son tour, on annonce un nombre de 1 à n que personne n'a encore annoncé. Le premier nombre doit être pair ; " +
    'chaque nombre suivant doit diviser le précédent ou en être un multiple. Celui qui ne peut plus annoncer de nombre a perdu.',
  'play.n': 'n',
  'play.against': 'Contre',
  'opp.person': 'une autre personne (sur cet écran)',
  'opp.random': 'niveau 1, facile',
  'opp.playouts': 'niveau 2',
  'opp.careful': 'niveau 3',
  'opp.fewest-replies': 'niveau 4, difficile',
  'opp.perfect': 'niveau 5, parfait',
  'level.random': 'Niveau 1 (facile) : annonce au hasard un nombre permis.',
  'level.playouts': 'Niveau 2 : essaie chaque nombre dans 100 parties au hasard et annonce celui qui en a gagné le plus.',
  'level.careful': "Niveau 3 : connaît les pièges (jamais 1 s'il a le choix ; un nombre qui te bloque s'il en voit un), sinon joue au hasard.",
  'level.fewest-replies': 'Niveau 4 (difficile) : connaît les pièges et annonce le nombre qui te laisse le moins de réponses.',
  'level.perfect': 'Niveau 5 (parfait) : gagne toujours quand il le peut ; alors il est imbattable.',
  'level.person': 'Deux personnes sur cet écran : jouez chacun votre tour ; la couleur montre à qui c’est le tour.',
  'play.you_play': 'Tu joues',
  'play.first': 'en premier',
  'play.second': 'en second',
  'play.name_first': 'Joue en premier',
  'play.name_second': 'Joue en second',
  'colour.first': 'Bleu',
  'colour.second': 'Rouge',
  'play.new_game': 'Nouvelle partie',
  'play.pending': 'Ces réglages s’appliquent quand tu appuies sur « Nouvelle partie » ; la partie en cours continue comme avant.',
  'play.why': 'Pourquoi ?',
  'play.undo': 'Annuler',
  'play.name_a_number': 'Annonce un nombre',
  'play.play': 'Jouer',
  'play.line': 'Coups joués',
  'play.board': 'Plateau',
  'play.no_move_yet': 'aucun coup',
  'hint.show': 'Montrer les coups gagnants',
  'hint.hide': 'Cacher les coups gagnants',
  'hint.none': 'Aucun coup gagnant ici : quoi que tu annonces, un adversaire parfait gagne.',
  'hint.moves': (numbers) =>
    `${numbers.length === 1 ? 'Coup gagnant' : 'Coups gagnants'} : ${list(numbers, 'et', (k) => `${k} en tout`)}.`,
  'legend.legal': 'permis',
  'legend.winning': 'gagnant',
  'legend.off': 'pas permis maintenant',
  'legend.mine': 'les tiens',
  'legend.theirs': 'ceux de l’adversaire',
  'line.you': 'toi',
  'line.opp': 'adv.',

  'status.loading': 'Chargement de la partie…',
  'status.no_game': 'Pas de partie : voir le message ci-dessus.',
  'status.opponent_to_move': 'L’adversaire réfléchit…',
  'status.your_move': ({ reply, last, count }) =>
    `${reply != null ? `Ton adversaire a annoncé ${reply}. ` : ''}À toi de jouer` +
    `${last != null ? ` après ${last}` : ' : le premier nombre doit être pair'} ` +
    `(${count} ${count === 1 ? 'nombre permis' : 'nombres permis'}).`,
  'status.turn_of': ({ name, last, count }) =>
    `À ${name} de jouer` +
    `${last != null ? ` après ${last}` : ' : le premier nombre doit être pair'} ` +
    `(${count} ${count === 1 ? 'nombre permis' : 'nombres permis'}).`,
  'status.you_won': 'Partie terminée : tu as gagné !',
  'status.opp_won': 'Partie terminée : ton adversaire a gagné.',
  'status.name_won': (name) => `Partie terminée : ${name} a gagné !`,

  'why.title': 'Pourquoi ce coup gagne-t-il ?',
  'why.move': (w, opening) =>
    opening
      ? `Commence par ${w}. Ensuite, réponds à chaque nombre que ton adversaire annonce par son partenaire :`
      : `Annonce ${w}. Ensuite, réponds à chaque nombre que ton adversaire annonce par son partenaire :`,
  'why.nothing_left': (w) => `Annonce ${w} : ton adversaire n’a plus aucun nombre à annoncer, tu gagnes tout de suite.`,
  'why.pair': (a, b) => `${a} → ${b}`,
  'why.more': (count) => `Montrer les ${count} paires`,
  'why.because':
    'Pourquoi ça marche toujours : tout nombre que ton adversaire peut annoncer est dans cette liste. ' +
    'Un nombre et son partenaire se divisent toujours l’un l’autre, donc le partenaire est une réponse permise. ' +
    'Les nombres sortent du jeu deux par deux, un nombre avec son partenaire : quand ton adversaire annonce un nombre, son partenaire est donc encore libre. ' +
    'Tu as toujours une réponse, et c’est ton adversaire qui finit bloqué.',
  'why.lost': 'Pas de plan ici : tous les coups perdent contre un adversaire parfait.',

  'end.you': 'toi',
  'end.opponent': 'ton adversaire',
  'end.message': ({ last, related, loser, winnerWords }) => {
    if (last == null) return `Il n’y a aucun nombre pair pour commencer : le premier joueur ne peut pas jouer. ${winnerWords}`;
    const left = `Après ${last}, plus aucun nombre à annoncer pour ${loser}`;
    if (related.length === 0) return `${left} : aucun nombre ne divise ${last} ni n’en est un multiple. ${winnerWords}`;
    if (related.length === 1) return `${left} : le seul nombre qui va avec, ${related[0]}, était déjà annoncé. ${winnerWords}`;
    return `${left} : les ${related.length} nombres qui vont avec (${list(related, 'et', (k) => `${k} en tout`, 20)}) étaient tous déjà annoncés. ${winnerWords}`;
  },
  'end.you_win': 'Tu as gagné !',
  'end.opp_wins': 'Ton adversaire a gagné.',
  'end.name_wins': (name) => `${name} a gagné !`,
  'end.strategy_title': 'Comment le joueur parfait a gagné :',
  'end.pairs': (pairs) => list(pairs.map(([a, b]) => `${a} → ${b}`), 'et', (k) => `${k} paires en tout`, 30),
  'end.no_opening': ({ n }) => `Sur 1..${n}, le second joueur gagne : il n’y a aucun nombre pair pour commencer, donc le premier joueur ne peut pas jouer.`,
  'end.opening_only': ({ n, opening }) =>
    `Sur 1..${n}, le premier joueur peut toujours gagner, et le joueur parfait avait ce côté : il a commencé par ${opening}, ce qui ne t’a laissé aucune réponse.`,
  'end.pairing': ({ n, side, opening, pairs }) =>
    `Sur 1..${n}, le ${side} joueur peut toujours gagner, et le joueur parfait avait ce côté. ` +
    `${opening != null ? `Il a commencé par ${opening}, puis il a` : 'Il a'} répondu à chaque nombre que tu as annoncé par son partenaire dans les paires du certificat de n = ${n} : ${fr['end.pairs'](pairs)}. ` +
    'Le certificat donne toutes les paires ; le vérificateur contrôle que, quoi que tu annonces, le partenaire est une réponse permise : le joueur parfait a donc toujours un coup.',
  'end.winning_side': ({ n, side, pairs }) =>
    `Sur 1..${n}, le ${side} joueur peut toujours gagner, et le joueur parfait avait ce côté dès le début` +
    `${pairs.length ? ` ; tes coups et ses réponses : ${fr['end.pairs'](pairs)}` : ''}.`,
  'end.mistake': ({ index, played, winning, answer }) =>
    `Tu pouvais gagner jusqu’au coup ${index + 1} : là, tu as annoncé ${played}, mais les coups gagnants étaient ${list(winning, 'et', (k) => `${k} en tout`)}. ` +
    `${answer != null ? `Le joueur parfait a répondu ${answer} ; ensuite, il` : 'Ensuite, le joueur parfait'} n’a plus laissé passer la victoire. L’onglet Revoir montre chaque coup.`,
  'end.certificate_link': 'Télécharger le certificat',
  'end.certificate_note': 'qui prouve que le côté du joueur parfait gagne toujours (à vérifier dans l’onglet Vérifier).',
  'end.review': 'Revoir cette partie',
  'side.first': 'premier',
  'side.second': 'second',

  'review.title': 'Revoir une partie',
  'review.intro':
    'Chaque coup est marqué : a-t-il gardé la victoire, ou l’a-t-il laissé filer ? La première erreur est montrée avec les coups qui gagnaient à cet endroit. ' +
    '« Revoir cette partie », à la fin d’une partie, l’amène ici ; tu peux aussi taper n’importe quels coups.',
  'review.line': 'Coups',
  'review.line_example': 'par ex. 14 7 1 11',
  'review.go': 'Revoir',
  'review.first_player': 'le premier joueur',
  'review.second_player': 'le second joueur',
  'review.summary_mistake': ({ index, number, who, winning }) =>
    `La première erreur est le coup ${index + 1} : ${who} a annoncé ${number}. Les coups gagnants à cet endroit étaient ${list(winning, 'et', (k) => `${k} en tout`)}.`,
  'review.summary_none': ({ count }) =>
    count === 0 ? 'Aucun coup pour l’instant.' : 'Aucune erreur : chaque coup a gardé la victoire à celui qui l’avait.',
  'review.move': ({ index, who, number }) => `Coup ${index + 1} : ${who} a annoncé ${number}`,
  'review.kept': 'a gardé la victoire',
  'review.mistake': 'a laissé filer la victoire',
  'review.lost': 'aucun coup gagnant ici',
  'review.won_were': (numbers) => `coups gagnants ici : ${list(numbers, 'et', (k) => `${k} en tout`, 20)}`,

  'results.title': 'Qui gagne ?',
  'results.theorem': ({ runs: r, count }) =>
    `Si chacun joue parfaitement, le second joueur gagne sur 1..n pour exactement ${count} valeurs de n : ${runs(r)}. ` +
    `Pour tout autre n, c’est le premier joueur qui gagne : donc pour tout n à partir de ${r[r.length - 1][1] + 1}.`,
  'results.chart_to': 'Tableau jusqu’à n =',
  'results.draw': 'Dessiner',
  'results.first_wins': 'le premier joueur gagne',
  'results.second_wins': 'le second joueur gagne',
  'results.chart_label': (to) => `Qui gagne pour chaque n de 1 à ${to}`,
  'results.cell': (n, winner) => `n = ${n} : le ${winner} joueur gagne`,
  'results.how': 'Comment le sait-on ?',
  'results.how_text': ({ power, certificates, formal }) => [
    'Pour chaque n, le gagnant a une stratégie : une façon de répondre à chaque coup sans jamais manquer de réponse. ' +
      'La plupart sont des appariements comme celui que montre « Pourquoi ? » : des nombres en paires, chacun répondu par son partenaire.',
    `Pour chaque n jusqu’à ${power10(power)}, le projet écrit une telle stratégie dans un fichier, un certificat (${certificates} fichiers en tout), ` +
      'et un petit programme séparé, le vérificateur, contrôle chacun avec les seules règles du jeu. Il ne fait pas confiance au programme qui a trouvé la stratégie.',
    `Au-delà de ${power10(power)}, un théorème sur les nombres premiers (il y a toujours un nombre premier entre x et un peu plus que x ; Dusart, 2018) ` +
      'montre que le même genre d’appariement existe toujours.',
    formal
      ? 'Tout le théorème a aussi été vérifié par un assistant de preuve (Coq), qui ne fait confiance ni au vérificateur ni à ce programme : ' +
        'sa seule hypothèse est le théorème sur les nombres premiers ci-dessus, utilisé au-delà des certificats.'
      : '',
    'Les détails sont dans le projet : docs/THEOREM.md (le théorème et chaque certificat), formal/ (la preuve Coq), verifier/ (le vérificateur).',
  ].filter(Boolean),
  'results.any_n': 'N’importe quel n',
  'results.n_any': 'n (tout nombre entier jusqu’à 18446744073709551615)',
  'results.who': 'Qui gagne ?',
  'results.winner': (n, side) => `Sur 1..${n}, le ${side} joueur gagne.`,
  'results.openings_all': (numbers) =>
    `Premiers coups gagnants : ${list(numbers, 'et', (k) => `${k} en tout`, 60)}.`,
  'results.openings_none': 'Tout premier coup perd si l’adversaire joue parfaitement.',
  'results.openings_one': (k, limit) => `Un premier coup gagnant : ${k} (les premiers coups gagnants sont tous donnés jusqu’à n = ${limit}).`,
  'results.method.matching': 'Trouvé par la méthode des couplages : un couplage maximum des nombres décide chaque premier coup.',
  'results.method.scheme': 'Trouvé par un schéma à fenêtre de nombres premiers : un appariement construit à partir de quelques nombres premiers, que le vérificateur contrôle.',
  'results.method.search': 'Trouvé en cherchant toutes les parties.',
  'results.scheme': ({ name, opening, from, to }) =>
    `Le schéma ${name} commence par ${opening} et gagne sur chaque plateau 1..m avec ${from} ≤ m ≤ ${to}.`,

  'proof.title': 'Une preuve à lire',
  'proof.intro':
    'Pour tout n jusqu’à 10 000 : le certificat de n écrit comme une preuve (ce qu’imprime « jg explain »), et le certificat lui-même, à vérifier dans l’onglet Vérifier.',
  'proof.show': 'Montrer la preuve',
  'proof.download': 'Télécharger le certificat',
  'proof.language': 'La preuve ci-dessous est écrite en anglais : c’est le texte que produit « jg explain ».',

  'verify.title': 'Vérifier un certificat',
  'verify.intro':
    'Le serveur contrôle le fichier avec le vérificateur du projet, un petit programme qui ne connaît que les règles, et ne garde rien.',
  'verify.drop': 'Dépose un fichier de certificat ici, ou choisis-en un :',
  'verify.checking': (name, size) => `Vérification de ${name} (${size} octets)…`,
  'verify.checked': (name) => `${name} : vérifié.`,
  'verify.refused_file': (name) => `${name} : refusé.`,
  'verify.valid_game': ({ n, n_last, winner, positions }) =>
    `✔ Valide : ce certificat prouve que le ${winner} joueur gagne sur 1..${n}` +
    `${n_last !== n ? `, et sur chaque 1..m jusqu’à m = ${n_last}` : ''} (${positions} positions contrôlées).`,
  'verify.valid_chain': ({ n, length }) => `✔ Valide : les plus longues chaînes de 1..${n} ont ${length} nombres.`,
  'verify.invalid': (reason) => `✘ Pas valide : la preuve ne tient pas (${reason}).`,
  'verify.refused': (reason) => `Le contrôle s’est arrêté avant la fin : pas de verdict (${reason}).`,

  'err.server_down': 'Le serveur n’a pas répondu : jg serve tourne-t-il encore ?',
  'err.not_json': 'Le serveur a envoyé une réponse que la page ne sait pas lire.',
  'err.status': (status) => `Le serveur a refusé la demande (${status}).`,
  'err.busy': 'La réponse a pris trop de temps (ou le serveur est occupé) ; réessaie.',
  'err.engine': 'Le moteur de cette page s’est arrêté ; réessaie (recharge la page si cela continue).',
  'err.too_large': 'C’est plus que ce que le serveur lit.',
  'err.type_number': 'Tape un nombre pour le jouer.',
  'code.n_range': ({ n, max }) => `n = ${n} n’est pas possible : n doit être un nombre de 1 à ${max}.`,
  'code.move_range': ({ move, n }) => `${move} n’est pas un nombre de 1 à ${n}.`,
  'code.odd_opening': ({ move }) => `${move} ne peut pas commencer la partie : le premier nombre doit être pair.`,
  'code.not_related': ({ move, last }) => `${move} ne peut pas suivre ${last} : il doit diviser ${last} ou en être un multiple.`,
  'code.played': ({ move, at }) => `${move} a déjà été annoncé (coup ${at + 1}) : chaque nombre ne s’annonce qu’une fois.`,
  'code.chart_range': ({ to, max }) => `Le tableau ne peut pas aller jusqu’à ${to} : il va jusqu’à un nombre de 1 à ${max}.`,
  'code.not_certificate': ({ reason }) => `Ce fichier n’est pas un certificat (${reason}).`,

  // ---- boards (issue 56)
  'nav.boards': 'Deux plateaux',
  'nav.nim': 'Nim',
  'boards.title': 'Deux ou trois plateaux côte à côte',
  'boards.rules':
    'Chaque plateau est une partie à lui seul, avec ses nombres de 1 à n. À ton tour, annonce un nombre sur UN plateau\u202f: ' +
    'le premier nombre d’un plateau doit être pair, et chaque nombre suivant sur ce plateau doit diviser le dernier nombre ' +
    'annoncé sur ce plateau ou en être un multiple. Celui qui ne peut annoncer aucun nombre sur aucun plateau a perdu.',
  'boards.preset_label': 'Plateaux',
  'boards.preset': (ns) => ns.map((n) => `de 1 à ${num('fr', n)}`).join(' + '),
  'boards.n1': 'Plateau A\u202f: n',
  'boards.n2': 'Plateau B\u202f: n',
  'boards.n3': 'Plateau C\u202f: n',
  'boards.n3_none': 'aucun',
  'boards.levels':
    'Le niveau 5 joue d’après les valeurs des plateaux (ci-dessous)\u202f: il gagne dès qu’il le peut. Les autres niveaux ' +
    'choisissent un plateau au hasard, puis y jouent comme sur un seul plateau.',
  'boards.board_name': (letter, n) => `Plateau ${letter}\u202f: de 1 à ${num('fr', n)}`,
  'boards.value': (v) => `valeur ${num('fr', v)}`,
  'boards.sum': ({ values, nimSum, toMove }) =>
    `Valeurs ${values.map((v) => num('fr', v)).join(' ⊕ ')} = ${num('fr', nimSum)} (la somme de Nim). ` +
    (!toMove ? '' : nimSum !== 0
      ? 'Ce n’est pas 0\u202f: tu peux gagner. Joue un nombre jaune\u202f: il laisse une somme de Nim égale à 0.'
      : 'C’est 0\u202f: chaque coup laisse une somme de Nim différente de 0. Joue, et attends une erreur.'),
  'boards.turn_of': (side) => (side === 'first' ? 'Au tour de Bleu.' : 'Au tour de Rouge.'),
  'boards.opponent_to_move': 'Ton adversaire réfléchit…',
  'boards.your_move': (reply) => (reply ? `Ton adversaire a joué ${num('fr', reply.number)} sur le plateau ${reply.board}. À toi.` : 'À toi.'),
  'boards.end_you': ({ board, number }) => `Tu as gagné\u202f! Le dernier nombre était ${num('fr', number)} sur le plateau ${board}, et ton adversaire n’a plus aucun nombre à annoncer sur aucun plateau.`,
  'boards.end_opp': ({ board, number }) => `Ton adversaire a gagné. Le dernier nombre était ${num('fr', number)} sur le plateau ${board}, et tu n’as plus aucun nombre à annoncer sur aucun plateau.`,
  'boards.end_side': (side, { board, number }) =>
    `${side === 'first' ? 'Bleu' : 'Rouge'} a gagné\u202f! Le dernier nombre était ${num('fr', number)} sur le plateau ${board}, et ${side === 'first' ? 'Rouge' : 'Bleu'} n’a plus aucun nombre sur aucun plateau.`,
  'boards.move': ({ who, board, number }) => `${who}\u202f: ${num('fr', number)} sur ${board}`,
  'boards.first': 'Bleu',
  'boards.second': 'Rouge',
  'boards.moves': 'Coups',
  'boards.review_title': 'La partie revue',
  'boards.review_start': ({ values, nimSum }) =>
    `Au départ, les valeurs étaient ${values.map((v) => num('fr', v)).join(', ')}, somme de Nim ${num('fr', nimSum)}\u202f: ` +
    `${nimSum !== 0 ? 'le premier joueur pouvait gagner.' : 'le second joueur pouvait gagner.'}`,
  'boards.review_clean': 'Personne n’a laissé filer une victoire.',
  'boards.review_first': (k) => `La première erreur est le coup ${num('fr', k)}.`,
  'boards.review_values': ({ values, before, nimSum }) =>
    `valeurs après\u202f: ${values.map((v) => num('fr', v)).join(', ')}\u202f; somme de Nim ${num('fr', before)} → ${num('fr', nimSum)}`,
  'boards.verdict_kept': () => 'garde la victoire (somme de Nim 0)',
  'boards.verdict_mistake': (winning) => `une erreur\u202f: ${winning.slice(0, 6).join(', ')}${winning.length > 6 ? ', …' : ''} laissait une somme de Nim égale à 0`,
  'boards.verdict_lost': () => 'pas de victoire à garder (la somme de Nim était 0)',
  'code.boards_count': ({ count, min, max }) => `Une partie se joue sur ${num('fr', min)} ou ${num('fr', max)} plateaux, pas ${num('fr', count)}.`,
  'code.board_range': ({ board }) => `Il n’y a pas de plateau ${board} dans cette partie.`,
  'nim.title': 'Le Nim et Juniper Green',
  'nim.intro':
    'Si tu connais le Nim, tu sais gagner sur plusieurs plateaux de Juniper Green à la fois. Chaque position d’un ' +
    'plateau reçoit un nombre, sa valeur, et les valeurs se comportent comme des tas de Nim.',
  'nim.mex_title': 'La valeur d’une position\u202f: le mex',
  'nim.mex':
    'Regarde tous les coups que tu peux jouer. Chaque coup mène à une position qui a sa propre valeur. La valeur de ta ' +
    'position est le plus petit nombre 0, 1, 2, … qui N’EST PAS parmi ces valeurs (le «\u202fmex\u202f», le plus petit ' +
    'exclu). Une position sans aucun coup a la valeur 0.',
  'nim.p_title': 'La valeur 0\u202f: les positions perdantes',
  'nim.p':
    'Une position de valeur 0 est perdue pour celui qui doit jouer si l’autre joue bien (une P-position, comme deux ' +
    'tas égaux au Nim)\u202f: chaque coup mène à une valeur différente de 0, et de là l’autre joueur peut toujours revenir à 0.',
  'nim.xor_title': 'Plusieurs plateaux\u202f: le XOR des valeurs',
  'nim.xor':
    'Un plateau de valeur v se comporte exactement comme un tas de Nim de v jetons\u202f: de là, on peut atteindre chaque ' +
    'valeur plus petite. Alors, comme au Nim, écris les valeurs en binaire et additionne-les sans retenue (le XOR, ' +
    'noté ⊕). C’est la somme de Nim. Celui qui doit jouer gagne exactement quand la somme de Nim n’est pas 0.',
  'nim.why':
    'Pourquoi\u202f? Depuis une somme de Nim égale à 0, chaque coup change une valeur, donc la somme de Nim n’est plus 0. ' +
    'Depuis une somme de Nim différente de 0, il y a toujours un plateau dont on peut baisser la valeur pour revenir ' +
    'à une somme de 0. Le gagnant redonne sans cesse une somme de 0 à l’autre, jusqu’à ce que l’autre n’ait plus aucun coup.',
  'nim.example_title': 'Un exemple, calculé par le moteur',
  'nim.example_mex': ({ n, options, value }) =>
    `Sur le plateau de 1 à ${num('fr', n)}, le premier nombre peut être ${options.map((o) => num('fr', o.number)).join(', ')}. ` +
    `Après eux, les valeurs sont ${options.map((o) => `${num('fr', o.value)} (après ${num('fr', o.number)})`).join(', ')}. ` +
    `Le plus petit nombre absent de cette liste est ${num('fr', value)}\u202f: le départ de 1 à ${num('fr', n)} a la valeur ${num('fr', value)}.`,
  'nim.example_p': ({ n, zeros }) =>
    zeros.length
      ? `Commencer par ${zeros.map((k) => num('fr', k)).join(' ou ')} laisse la valeur 0\u202f: sur le plateau de 1 à ${num('fr', n)} seul, ces débuts gagnent.`
      : `Aucun début ne laisse la valeur 0\u202f: sur le plateau de 1 à ${num('fr', n)} seul, le premier joueur perd.`,
  'nim.example_xor': ({ boards, nimSum, winning }) =>
    `Côte à côte\u202f: ${boards.map((b) => `le plateau ${b.letter} (de 1 à ${num('fr', b.n)}) a la valeur ${num('fr', b.value)}`).join(', ')}. ` +
    `La somme de Nim est ${num('fr', nimSum)}. ` +
    (nimSum !== 0
      ? `Le premier joueur gagne en jouant ${winning.map((w) => `${num('fr', w.number)} sur ${w.board}`).join(' ou ')}\u202f: cela laisse une somme de Nim égale à 0.`
      : 'Le premier joueur perd si le second joue bien.'),
  'nim.game_title': 'Les valeurs de ta partie',
  'nim.no_game': 'Commence une partie dans «\u202fDeux plateaux\u202f» pour voir ici les valeurs de ses plateaux.',
  'nim.game': ({ boards, nimSum, over }) =>
    `${boards.map((b) => `Plateau ${b.letter} (de 1 à ${num('fr', b.n)})\u202f: valeur ${num('fr', b.value)}`).join('\u202f; ')}. ` +
    `Somme de Nim ${num('fr', nimSum)}\u202f: ` +
    (over ? 'la partie est finie.' : nimSum !== 0 ? 'celui qui doit jouer peut gagner.' : 'celui qui doit jouer perd si l’autre joue bien.'),
  'nim.to_boards': 'Aller à la partie',
};

// Exported for the browser test, which checks that both tables have the same keys.
export const WORDS = { en, fr };
const LANGUAGES = ['en', 'fr'];

const STORE = 'jg-language';
let current = 'en';

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

// ---- boards (issue 56)

// A number in the words of `lang` (Intl), for the words of the boards and the Nim page.
function num(lang, k) {
  return new Intl.NumberFormat(lang).format(k);
}
