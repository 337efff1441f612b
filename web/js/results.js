// The Results view: what the theorem says and the chart of winners first (GET /api/theorem,
// /api/winners), the proof's details under "How do we know?", who wins any n
// (/api/results/{n}), and the proof of any n ≤ 10 000 as `jg explain` writes it
// (/api/proof/{n}) with its certificate.
import { fileLink, get, typed } from './api.js';
import { t, showRefusal, sideWord } from './words.js';

const $ = (id) => document.getElementById(id);

const state = {
  theorem: null,
  winners: null,
  result: null,
  proof: null,
  errors: {}, // element id -> the refusal shown there
};
let loaded = false;

function paintError(id) {
  showRefusal($(id), state.errors[id]);
}

function paintTheorem() {
  const th = state.theorem;
  if (!th) return;
  const runs = th.second_player_wins;
  const count = runs.reduce((sum, [a, b]) => sum + b - a + 1, 0);
  $('theorem-words').textContent = t('results.theorem', { runs, count });
  const paragraphs = t('results.how_text', {
    power: th.certified_to_power,
    certificates: th.certificates,
    formal: th.formally_proved,
  });
  $('how-text').replaceChildren(
    ...paragraphs.map((text) => {
      const p = document.createElement('p');
      p.textContent = text;
      return p;
    }),
  );
}

// The chart: one square for each n, ten a row on a phone (twenty on a wider screen), coloured
// by the winner the server gives.
function paintChart() {
  const chart = $('chart');
  const w = state.winners;
  if (!w) return;
  chart.setAttribute('aria-label', t('results.chart_label', w.to));
  const cells = w.winners.map((winner, i) => {
    const span = document.createElement('span');
    span.className = `cell ${winner}-wins`;
    span.textContent = String(i + 1);
    span.title = t('results.cell', i + 1, sideWord(winner));
    return span;
  });
  chart.replaceChildren(...cells);
}

function paintResult() {
  const out = $('results-out');
  const r = state.result;
  if (!r) {
    out.hidden = true;
    return;
  }
  $('results-winner').textContent = t('results.winner', r.n, sideWord(r.winner));
  let openings;
  if (Array.isArray(r.openings)) {
    openings = r.openings.length ? t('results.openings_all', r.openings) : t('results.openings_none');
  } else {
    openings = r.scheme_facts ? t('results.openings_one', r.scheme_facts.opening, 10000) : '';
  }
  $('results-openings').textContent = openings;
  const method = [t(`results.method.${r.method_name}`)];
  if (r.scheme_facts) method.push(t('results.scheme', r.scheme_facts));
  $('results-method').textContent = method.join(' ');
  out.hidden = false;
}

// ---- The proof: `jg explain`'s Markdown as elements (headings, paragraphs, lists, tables,
// code; **bold** and `code` inside), text only, never HTML from the server.

function inline(text) {
  const nodes = [];
  const re = /(\*\*[^*]+\*\*|`[^`]+`|\*[^*\s][^*]*\*)/g;
  let at = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > at) nodes.push(document.createTextNode(text.slice(at, m.index)));
    const token = m[0];
    let el;
    if (token.startsWith('**')) {
      el = document.createElement('strong');
      el.textContent = token.slice(2, -2);
    } else if (token.startsWith('`')) {
      el = document.createElement('code');
      el.textContent = token.slice(1, -1);
    } else {
      el = document.createElement('em');
      el.textContent = token.slice(1, -1);
    }
    nodes.push(el);
    at = m.index + token.length;
  }
  if (at < text.length) nodes.push(document.createTextNode(text.slice(at)));
  return nodes;
}

function cellsOf(row) {
  return row.replace(/^\s*\|/, '').replace(/\|\s*$/, '').split('|').map((c) => c.trim());
}

function renderMarkdown(markdown) {
  const out = [];
  const lines = markdown.split('\n');
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (line.trim() === '') {
      i++;
    } else if (line.startsWith('```')) {
      const code = [];
      i++;
      while (i < lines.length && !lines[i].startsWith('```')) code.push(lines[i++]);
      i++;
      const pre = document.createElement('pre');
      pre.tabIndex = 0; // it may scroll sideways: reachable from the keyboard
      pre.textContent = code.join('\n');
      out.push(pre);
    } else if (/^#{1,6} /.test(line)) {
      const level = Math.min(6, line.match(/^#+/)[0].length + 2);
      const h = document.createElement(`h${level}`);
      h.append(...inline(line.replace(/^#+ /, '')));
      out.push(h);
      i++;
    } else if (line.startsWith('|')) {
      const rows = [];
      while (i < lines.length && lines[i].startsWith('|')) rows.push(lines[i++]);
      const box = document.createElement('div');
      box.className = 'table-box';
      box.tabIndex = 0; // it may scroll sideways: reachable from the keyboard
      const table = document.createElement('table');
      const head = document.createElement('thead');
      const tr = document.createElement('tr');
      for (const c of cellsOf(rows[0])) {
        const th = document.createElement('th');
        th.append(...inline(c));
        tr.append(th);
      }
      head.append(tr);
      const body = document.createElement('tbody');
      for (const row of rows.slice(2)) {
        const r = document.createElement('tr');
        for (const c of cellsOf(row)) {
          const td = document.createElement('td');
          td.append(...inline(c));
          r.append(td);
        }
        body.append(r);
      }
      table.append(head, body);
      box.append(table);
      out.push(box);
    } else if (/^\s*[-*] /.test(line)) {
      const ul = document.createElement('ul');
      while (i < lines.length && /^\s*[-*] /.test(lines[i])) {
        const li = document.createElement('li');
        li.append(...inline(lines[i].replace(/^\s*[-*] /, '')));
        ul.append(li);
        i++;
      }
      out.push(ul);
    } else {
      const text = [];
      while (i < lines.length && lines[i].trim() !== '' && !/^(#|\||```|\s*[-*] )/.test(lines[i])) text.push(lines[i++]);
      const p = document.createElement('p');
      p.append(...inline(text.join(' ')));
      out.push(p);
    }
  }
  return out;
}

// The note that the proof is in English, shown in the languages that have one.
function paintProofLanguage() {
  $('proof-language').hidden = t('proof.language') === '';
}

function paintProof() {
  const box = $('proof-box');
  const p = state.proof;
  if (!p) {
    box.hidden = true;
    return;
  }
  const link = $('proof-download');
  fileLink(link, p.certificate, p.file);
  paintProofLanguage();
  $('proof').replaceChildren(...renderMarkdown(p.markdown));
  $('proof').dataset.n = p.n;
  box.hidden = false;
}

// ---- Requests --------------------------------------------------------------------------------

async function load(errorId, request) {
  state.errors[errorId] = null;
  paintError(errorId);
  try {
    return await request();
  } catch (e) {
    state.errors[errorId] = e;
    paintError(errorId);
    return null;
  }
}

async function loadTheorem() {
  const th = await load('theorem-error', () => get('/api/theorem'));
  if (th) {
    state.theorem = th;
    paintTheorem();
  }
}

async function drawChart() {
  const to = $('chart-to').value.trim();
  const w = await load('chart-error', () => get(`/api/winners?to=${encodeURIComponent(to)}`));
  if (w) {
    state.winners = w;
    paintChart();
  }
}

// Loads what the view opens on, the first time it is shown.
export function showResults() {
  if (loaded) return;
  loaded = true;
  loadTheorem();
  drawChart();
}

export function startResults() {
  $('chart-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    drawChart();
  });
  $('results-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const raw = $('results-n').value.trim(); // sent as typed: the server reads it (u64)
    $('results-go').disabled = true;
    const r = await load('results-error', () => get(`/api/results/${encodeURIComponent(raw || ' ')}`));
    state.result = r;
    paintResult();
    $('results-go').disabled = false;
  });
  $('proof-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const raw = typed($('proof-n').value);
    $('proof-go').disabled = true;
    const p = await load('proof-error', () => get(`/api/proof/${encodeURIComponent(String(raw) || ' ')}`));
    state.proof = p;
    paintProof();
    $('proof-go').disabled = false;
  });
  document.addEventListener('language', () => {
    paintTheorem();
    paintChart();
    paintResult();
    paintProofLanguage(); // the proof itself is the same in every language: not rendered again
    for (const id of Object.keys(state.errors)) paintError(id);
  });
}
