// The teacher's page (#teacher, "For teachers"; no pupil's tab): the teacher chooses the board
// (20, 40, 100 or any n), the level, who starts and whether the helps are on, and the page makes
// the pupils' lesson link (lesson.js reads it), shows it large with its QR code (GET /api/qr,
// the engine's) and, when `jg serve --bind 0.0.0.0` serves the page, the addresses pupils can
// type (GET /api/addresses; the static site has none). Below: the teacher's notes and a grid
// of 1..n to print for playing on paper.
import { get } from './api.js';
import { t, showRefusal } from './words.js';
import { lessonQuery, MAX_N } from './lesson.js';

const $ = (id) => document.getElementById(id);

const state = {
  addresses: null, // the server's network addresses (links), [] when none or no server
  asked: false,
  qrFor: null, // the link of the QR code shown
  seq: 0,
  error: null,
};

// The teacher's choices as the lesson's settings.
function choices() {
  const preset = document.querySelector('input[name="teacher-size"]:checked');
  const raw = preset && preset.value !== 'any' ? preset.value : $('teacher-n').value.trim();
  const n = /^\d+$/.test(raw) && Number(raw) >= 1 && Number(raw) <= MAX_N ? Number(raw) : null;
  const lang = $('teacher-lang').value;
  return {
    n,
    raw,
    opponent: $('teacher-opponent').value,
    first: $('teacher-first').value,
    help: $('teacher-help').checked,
    lang: lang === 'page' ? undefined : lang,
  };
}

// The pupils' link: on the network address when the server has one (the teacher's own page
// may be open on localhost, which a pupil's phone cannot reach), else this page's address.
function pupilsLink(c) {
  const origin = state.addresses && state.addresses.length ? state.addresses[0].replace(/\/$/, '') : location.origin;
  return `${origin}${location.pathname}?${lessonQuery(c)}#play`;
}

async function paint() {
  const c = choices();
  $('teacher-n').disabled = document.querySelector('input[name="teacher-size"]:checked').value !== 'any';
  const bad = c.n === null;
  $('teacher-n-error').hidden = !bad;
  $('teacher-n-error').textContent = bad ? t('teacher.bad_n', c.raw, MAX_N) : '';
  $('teacher-out').hidden = bad;
  $('teacher-grid-go').disabled = bad;
  if (bad) return;
  const link = pupilsLink(c);
  const a = $('teacher-link');
  a.href = link;
  a.textContent = link;
  const list = $('teacher-addresses');
  const addresses = state.addresses || [];
  $('teacher-network').hidden = addresses.length === 0;
  list.replaceChildren(
    ...addresses.map((u) => {
      const li = document.createElement('li');
      li.textContent = u;
      return li;
    }),
  );
  // The note on loopback addresses, only where the page is open on one.
  const loopback = /^(localhost|127\.|\[::1\])/.test(location.hostname);
  $('teacher-local').hidden = addresses.length > 0 || !loopback;
  if (state.qrFor === link) return;
  const seq = ++state.seq;
  try {
    const q = await get(`/api/qr?text=${encodeURIComponent(link)}`);
    if (seq !== state.seq) return;
    state.error = null;
    state.qrFor = link;
    const img = $('teacher-qr');
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(q.svg)}`;
    img.dataset.text = q.text;
    img.dataset.size = String(q.size);
    img.alt = t('teacher.qr_alt', link);
    img.hidden = false;
  } catch (e) {
    if (seq !== state.seq) return;
    state.error = e;
    $('teacher-qr').hidden = true;
  }
  showRefusal($('teacher-error'), state.error);
}

// The grid of 1..n to print: ten numbers a row, as the board.
function paintGrid() {
  const c = choices();
  if (c.n === null) return;
  const grid = $('print-grid');
  const cells = [];
  for (let k = 1; k <= c.n; k++) {
    const span = document.createElement('span');
    span.textContent = String(k);
    cells.push(span);
  }
  $('print-grid-title').textContent = t('teacher.grid_title', c.n);
  grid.replaceChildren(...cells);
  $('print-sheet').hidden = false;
}

// The notes in the page's language: paragraphs, and lists where the words are a list.
function paintNotes() {
  const box = $('teacher-notes');
  const parts = [];
  for (const [title, items] of t('teacher.notes')) {
    const h = document.createElement('h3');
    h.textContent = title;
    parts.push(h);
    for (const item of items) {
      if (Array.isArray(item)) {
        const ul = document.createElement('ul');
        for (const text of item) {
          const li = document.createElement('li');
          li.textContent = text;
          ul.append(li);
        }
        parts.push(ul);
      } else {
        const p = document.createElement('p');
        p.textContent = item;
        parts.push(p);
      }
    }
  }
  box.replaceChildren(...parts);
}

// Opens the view: asks once for the server's network addresses (the static site has no
// server: its engine does not know the route, and the link is the page's own).
export async function showTeacher() {
  paintNotes();
  paint();
  if (state.asked) return;
  state.asked = true;
  try {
    const a = await get('/api/addresses');
    state.addresses = Array.isArray(a.addresses) ? a.addresses : [];
  } catch (_) {
    state.addresses = [];
  }
  paint();
}

export function startTeacher() {
  for (const id of ['teacher-n', 'teacher-opponent', 'teacher-first', 'teacher-help', 'teacher-lang']) {
    $(id).addEventListener('input', paint);
    $(id).addEventListener('change', paint);
  }
  for (const radio of document.querySelectorAll('input[name="teacher-size"]')) radio.addEventListener('change', paint);
  // The grid is shown on the page (a projector can show it too), then printed on its own: the
  // print stylesheet prints the sheet alone while the body says so.
  $('teacher-grid-go').addEventListener('click', () => {
    paintGrid();
    document.body.dataset.print = 'grid';
  });
  $('print-go').addEventListener('click', () => window.print());
  // Only on this page: elsewhere a print is of the view shown (a review, say).
  window.addEventListener('hashchange', () => {
    if (!location.hash.startsWith('#teacher')) delete document.body.dataset.print;
  });
  document.addEventListener('language', () => {
    if ($('view-teacher').hidden) return;
    paintNotes();
    state.qrFor = null;
    paint();
    if (!$('print-sheet').hidden) paintGrid();
  });
}
