// The web app of `jg serve`: three views (Play, Results, Verify) over the JSON API of
// docs/API.md. The page holds no game logic: it keeps the line of play, sends it with every
// request, and shows what the server answers (legal and winning moves, the opponent's reply, the
// end and why). Vanilla JS, no dependency, works offline.
'use strict';
(() => {
  const $ = (id) => document.getElementById(id);

  // ---- The API -----------------------------------------------------------------------------

  // Calls the server; resolves to the parsed JSON, or throws an Error whose message is the
  // server's `error` sentence (every 4xx and 503 carries one) or a sentence of ours.
  async function api(method, path, body, contentType) {
    const init = { method, headers: {} };
    if (body !== undefined) {
      init.headers['content-type'] = contentType || 'application/json';
      init.body = contentType ? body : JSON.stringify(body);
    }
    let res;
    try {
      res = await fetch(path, init);
    } catch (_) {
      throw new Error('The server did not answer: is jg serve still running?');
    }
    return readAnswer(res, async () => {
      try {
        return await res.json();
      } catch (_) {
        throw new Error('The server sent an answer that is not JSON.');
      }
    });
  }

  // An error's sentence from a refused response, else `ok()`'s value.
  async function readAnswer(res, ok) {
    if (res.ok) return ok();
    let sentence = null;
    try {
      const data = await res.json();
      if (data && typeof data.error === 'string') sentence = data.error;
    } catch (_) {
      // not JSON: fall back on the status
    }
    const e = new Error(sentence || `The server answered ${res.status} ${res.statusText}.`.replace(' .', '.'));
    e.status = res.status;
    throw e;
  }

  function show(el, text) {
    el.textContent = text;
    el.hidden = false;
  }

  function hide(el) {
    el.hidden = true;
    el.textContent = '';
  }

  // A long list of numbers, cut after `max` items.
  function listText(numbers, max) {
    if (numbers.length <= max) return numbers.join(', ');
    return `${numbers.slice(0, max).join(', ')}, … (${numbers.length} in all)`;
  }

  // ---- Views (hash routes) ---------------------------------------------------------------------

  const views = ['play', 'results', 'verify'];
  const loaded = {};

  function route() {
    let name = location.hash.replace(/^#/, '');
    if (!views.includes(name)) name = 'play';
    for (const v of views) {
      $(`view-${v}`).hidden = v !== name;
      const tab = $(`tab-${v}`);
      if (v === name) tab.setAttribute('aria-current', 'page');
      else tab.removeAttribute('aria-current');
    }
    document.body.dataset.view = name;
    if (name === 'results' && !loaded.results) {
      loaded.results = true;
      loadTheorem();
      drawChart();
    }
  }

  // ---- Play ----------------------------------------------------------------------------------

  const STORE = 'jg-game';
  const game = {
    n: 20,
    you: 'first',
    opponent: 'perfect',
    seed: 0,
    line: [],
    hints: false,
    answer: null, // the server's last answer
    seq: 0, // the request in flight (an older answer is dropped)
    busy: false,
  };

  const board = $('board');
  let boardN = 0;
  let cells = []; // cells[k]: the button of number k
  let marked = new Map(); // number -> its class list, for every number not in the plain state

  // Builds the board of 1..n once per game size: blocks of 100 numbers (10 per row, so a
  // number's multiples line up), each block rendered only when on screen (style.css).
  function buildBoard(n) {
    const parts = [];
    for (let start = 1; start <= n; start += 100) {
      const end = Math.min(n, start + 99);
      parts.push(`<div class="block" role="group" aria-label="${start} to ${end}">`);
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
    board.dataset.n = String(n);
  }

  // Is move i of the line the person's?
  function isMine(i) {
    return (i % 2 === 0) === (game.you === 'first');
  }

  // Marks the board from an answer, touching only the numbers whose state changes (at
  // n = 10 000 the opening alone has 5 000 legal numbers; the rest stay as they are).
  function paintBoard(answer) {
    const next = new Map();
    const last = answer.line.length - 1;
    answer.line.forEach((k, i) => {
      next.set(k, `cell played ${isMine(i) ? 'mine' : 'theirs'}${i === last ? ' last' : ''}`);
    });
    const winning = new Set(answer.winning || []);
    for (const k of answer.legal) next.set(k, `cell legal${winning.has(k) ? ' winning' : ''}`);
    for (const k of marked.keys()) {
      if (!next.has(k) && cells[k]) {
        cells[k].className = 'cell';
        cells[k].disabled = true;
        cells[k].removeAttribute('title');
      }
    }
    for (const [k, cls] of next) {
      const c = cells[k];
      if (!c || marked.get(k) === cls) continue;
      c.className = cls;
      c.disabled = !cls.startsWith('cell legal');
      if (cls.startsWith('cell played')) {
        c.title = `move ${answer.line.indexOf(k) + 1}, ${cls.includes('mine') ? 'yours' : "the opponent's"}`;
      } else if (cls.includes('winning')) {
        c.title = 'a winning move';
      } else {
        c.removeAttribute('title');
      }
    }
    marked = next;
  }

  function paintLine(answer) {
    const ol = $('line');
    const parts = answer.line.map((k, i) => {
      const who = isMine(i) ? 'mine' : 'theirs';
      return `<li class="${who}" data-n="${k}"><span class="who">${isMine(i) ? 'you' : 'opp.'}</span> ${k}</li>`;
    });
    ol.innerHTML = parts.length ? parts.join('') : '';
    ol.dataset.length = String(answer.line.length);
    ol.dataset.line = answer.line.join(' ');
    if (!parts.length) ol.innerHTML = '<li class="empty">no move yet</li>';
  }

  const opponentNames = {
    perfect: 'perfect player',
    'fewest-replies': 'fewest-replies player',
    careful: 'careful player',
    playouts: 'playouts player',
    random: 'random player',
  };

  function statusText(answer) {
    if (answer.over) return answer.winner === 'you' ? 'Game over: you won.' : 'Game over: the opponent won.';
    if (answer.to_move !== 'you') return 'The opponent is to move.';
    const opp = opponentNames[game.opponent] || game.opponent;
    let s = answer.reply !== null && answer.reply !== undefined ? `The ${opp} named ${answer.reply}. Your move` : 'Your move';
    s += answer.line.length ? ` after ${answer.line[answer.line.length - 1]}` : ': the first number must be even';
    const count = answer.legal.length;
    return `${s} (${count} legal ${count === 1 ? 'number' : 'numbers'}).`;
  }

  function paintHint(answer) {
    const el = $('hint-text');
    if (!game.hints || answer.over || answer.to_move !== 'you' || !Array.isArray(answer.winning)) {
      hide(el);
      return;
    }
    if (answer.winning.length === 0) {
      show(el, 'No winning move here: every move loses against perfect play.');
    } else {
      show(el, `Winning ${answer.winning.length === 1 ? 'move' : 'moves'}: ${listText(answer.winning, 40)}.`);
    }
  }

  function paintResult(answer) {
    const box = $('result');
    if (!answer.over) {
      box.hidden = true;
      box.removeAttribute('data-winner');
      return;
    }
    box.hidden = false;
    box.dataset.winner = answer.winner || '';
    $('message').textContent = answer.message || (answer.winner === 'you' ? 'You won.' : 'The opponent won.');
    $('strategy').textContent = answer.strategy || '';
    $('strategy-box').hidden = !answer.strategy;
    const cert = $('certificate');
    const link = $('certificate-link');
    if (answer.certificate) {
      link.href = answer.certificate;
      link.setAttribute('download', `cert-${answer.n}.bin`);
      cert.hidden = false;
    } else {
      link.href = '#play';
      cert.hidden = true;
    }
  }

  // The index of the person's last move in the line, or -1.
  function lastMine(line) {
    for (let i = line.length - 1; i >= 0; i--) if (isMine(i)) return i;
    return -1;
  }

  function paintControls() {
    const answer = game.answer;
    $('undo').disabled = game.busy || !answer || lastMine(answer.line) < 0;
    $('hint').setAttribute('aria-pressed', String(game.hints));
    $('hint').textContent = game.hints ? 'Hide winning moves' : 'Show winning moves';
    const canMove = !game.busy && answer && !answer.over && answer.to_move === 'you';
    $('move').disabled = !canMove;
    $('play-move').disabled = !canMove;
    board.setAttribute('aria-busy', String(game.busy));
    document.body.dataset.busy = String(game.busy);
  }

  function paintGame() {
    const t0 = performance.now();
    const answer = game.answer;
    if (boardN !== answer.n) buildBoard(answer.n);
    paintBoard(answer);
    paintLine(answer);
    $('status').textContent = statusText(answer);
    paintHint(answer);
    paintResult(answer);
    $('move').max = String(answer.n);
    document.body.dataset.state = answer.over ? 'over' : answer.to_move || '';
    paintControls();
    // The script's own cost of the last update (the browser test reports it at n = 10 000).
    document.body.dataset.paintMs = (performance.now() - t0).toFixed(1);
  }

  function save() {
    try {
      const { n, you, opponent, seed, line, hints } = game;
      localStorage.setItem(STORE, JSON.stringify({ n, you, opponent, seed, line, hints }));
    } catch (_) {
      // storage may be off: the game still works, it is only not kept across reloads
    }
  }

  // Asks the server for the position after `line` under `settings` (n, you, opponent, seed);
  // adopts the answer, or shows the server's sentence and keeps the game as it was.
  async function ask(settings, line) {
    const seq = ++game.seq;
    game.busy = true;
    paintControls();
    hide($('play-error'));
    try {
      const answer = await api('POST', '/api/game', {
        n: settings.n,
        you: settings.you,
        opponent: settings.opponent,
        seed: settings.seed,
        line,
        hints: game.hints,
      });
      if (seq !== game.seq) return;
      Object.assign(game, settings);
      game.line = answer.line.slice();
      game.answer = answer;
      save();
      game.busy = false;
      paintGame();
    } catch (e) {
      if (seq !== game.seq) return;
      show($('play-error'), e.message);
      if (!game.answer) $('status').textContent = 'No game: see the error above.';
    } finally {
      if (seq === game.seq) {
        game.busy = false;
        paintControls();
      }
    }
  }

  function current() {
    return { n: game.n, you: game.you, opponent: game.opponent, seed: game.seed };
  }

  function randomSeed() {
    const a = new Uint32Array(1);
    crypto.getRandomValues(a);
    return a[0];
  }

  function newGameFromForm() {
    const raw = $('n').value.trim();
    const number = Number(raw);
    const settings = {
      // sent as typed when it is not a number, so that the server's sentence says what is wrong
      n: raw !== '' && Number.isFinite(number) ? number : raw,
      you: $('side').value,
      opponent: $('opponent').value,
      seed: randomSeed(),
    };
    return ask(settings, []);
  }

  function play(k) {
    if (game.busy || !game.answer || game.answer.over) return;
    ask(current(), game.line.concat([k]));
  }

  $('game-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    newGameFromForm();
  });

  board.addEventListener('click', (ev) => {
    const cell = ev.target.closest('.cell');
    if (!cell || cell.disabled) return;
    play(Number(cell.dataset.n));
  });

  $('move-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const raw = $('move').value.trim();
    if (raw === '') {
      show($('play-error'), 'Type a number to play it.');
      return;
    }
    const k = Number(raw);
    // a number that is not an integer is sent as typed: the server's sentence says why it fails
    play(Number.isFinite(k) ? k : raw);
    $('move').value = '';
  });

  $('hint').addEventListener('click', () => {
    game.hints = !game.hints;
    if (game.answer && !game.answer.over && game.answer.to_move === 'you') {
      ask(current(), game.line.slice());
    } else {
      save();
      paintControls();
      if (game.answer) paintHint(game.answer);
    }
  });

  $('undo').addEventListener('click', () => {
    if (game.busy || !game.answer) return;
    const i = lastMine(game.line);
    if (i >= 0) ask(current(), game.line.slice(0, i));
  });

  // Opens on the game kept from the last visit, else on a new game of the form's defaults.
  function startPlay() {
    let kept = null;
    try {
      kept = JSON.parse(localStorage.getItem(STORE) || 'null');
    } catch (_) {
      kept = null;
    }
    if (kept && Number.isInteger(kept.n) && Array.isArray(kept.line)) {
      $('n').value = String(kept.n);
      $('side').value = kept.you === 'second' ? 'second' : 'first';
      $('opponent').value = kept.opponent in opponentNames ? kept.opponent : 'perfect';
      game.hints = kept.hints === true;
      const settings = { n: kept.n, you: $('side').value, opponent: $('opponent').value, seed: Number(kept.seed) || 0 };
      ask(settings, kept.line).then(() => {
        if (!game.answer) newGameFromForm();
      });
    } else {
      newGameFromForm();
    }
  }

  // ---- Results -------------------------------------------------------------------------------

  async function loadTheorem() {
    hide($('theorem-error'));
    try {
      const t = await api('GET', '/api/theorem');
      $('theorem-statement').textContent = t.statement;
      $('theorem-proof').textContent = t.proof;
    } catch (e) {
      $('theorem-statement').textContent = '';
      show($('theorem-error'), e.message);
    }
  }

  let chartUrl = null;
  async function drawChart() {
    const img = $('chart');
    hide($('chart-error'));
    const to = $('chart-to').value.trim();
    try {
      let res;
      try {
        res = await fetch(`/api/chart.svg?to=${encodeURIComponent(to)}`);
      } catch (_) {
        throw new Error('The server did not answer: is jg serve still running?');
      }
      const blob = await readAnswer(res, () => res.blob());
      if (chartUrl) URL.revokeObjectURL(chartUrl);
      chartUrl = URL.createObjectURL(blob);
      img.src = chartUrl;
      img.alt = `Chart of the winner for each n from 1 to ${to}`;
      img.hidden = false;
    } catch (e) {
      show($('chart-error'), e.message);
    }
  }

  $('chart-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    drawChart();
  });

  $('results-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const raw = $('results-n').value; // sent as typed: the server parses it (u64)
    const out = $('results-out');
    hide($('results-error'));
    $('results-go').disabled = true;
    try {
      const r = await api('GET', `/api/results/${encodeURIComponent(raw)}`);
      $('results-n-out').textContent = r.n;
      $('results-winner').textContent = r.winner === 'first' ? 'the first player' : r.winner === 'second' ? 'the second player' : String(r.winner);
      let openings;
      if (Array.isArray(r.openings)) {
        if (r.openings.length) {
          openings = `${listText(r.openings, 200)}${r.openings_note ? ` (${r.openings_note})` : ''}`;
        } else {
          openings = r.openings_note || 'none: every opening loses';
        }
      } else {
        openings = r.openings_note || 'not known';
      }
      $('results-openings').textContent = openings;
      $('results-scheme').textContent = r.scheme || 'none';
      $('results-method').textContent = r.method || '';
      out.hidden = false;
      out.dataset.winner = r.winner;
    } catch (e) {
      out.hidden = true;
      show($('results-error'), e.message);
    } finally {
      $('results-go').disabled = false;
    }
  });

  // ---- Verify --------------------------------------------------------------------------------

  async function verify(file) {
    const verdict = $('verdict');
    hide(verdict);
    hide($('verify-error'));
    verdict.removeAttribute('data-valid');
    $('verify-status').textContent = `Checking ${file.name} (${file.size} bytes)…`;
    try {
      const bytes = await file.arrayBuffer();
      const r = await api('POST', '/api/verify', bytes, 'application/octet-stream');
      verdict.dataset.valid = String(r.valid === true);
      show(verdict, `${r.valid ? '✔ valid' : '✘ not valid'}: ${r.verdict}`);
      $('verify-status').textContent = `${file.name}: checked.`;
    } catch (e) {
      $('verify-status').textContent = `${file.name}: refused.`;
      show($('verify-error'), e.message);
    }
  }

  $('cert-file').addEventListener('change', (ev) => {
    const file = ev.target.files && ev.target.files[0];
    if (file) verify(file);
    ev.target.value = ''; // the same file can be chosen again
  });

  const zone = $('drop-zone');
  zone.addEventListener('dragover', (ev) => {
    ev.preventDefault();
    zone.classList.add('over');
  });
  zone.addEventListener('dragleave', () => zone.classList.remove('over'));
  zone.addEventListener('drop', (ev) => {
    ev.preventDefault();
    zone.classList.remove('over');
    const file = ev.dataTransfer && ev.dataTransfer.files[0];
    if (file) verify(file);
  });

  // ---- Start ---------------------------------------------------------------------------------

  window.addEventListener('hashchange', route);
  route();
  startPlay();
})();
