// The board from the keyboard: one Tab stop for the whole board (a roving tabindex on the
// numbers that can be named now), the arrow keys to move across it as it is drawn (↓: a row
// further, 5 or 10 numbers), Home and End for the first and last, Enter or Space to name the
// number (the button's own click). After a move the board is painted again and the number named
// can no longer be pressed; the focus stays on the board (on the nearest number that can be
// named, else on the board itself while the opponent answers) instead of falling to the page.
// The skip link (#skip-board) brings the focus here in one step. Nothing here plays or judges a
// move: play.js does, on the button's click.

// The numbers a row of the board, as style.css lays it out (5 on a phone, 10 wider).
function rowLength(board) {
  const block = board.querySelector('.block');
  if (!block) return 10;
  const columns = getComputedStyle(block).gridTemplateColumns.split(' ').filter(Boolean).length;
  return columns > 0 ? columns : 10;
}

// The number of a cell, or null.
const numberOf = (el) => (el && el.classList && el.classList.contains('cell') ? Number(el.dataset.n) : null);

export function startBoardKeys(board) {
  let current = null; // the number that has (or last had) the focus on the board
  let keep = false; // whether the focus was on the board and should stay there

  const cellAt = (k) => board.querySelector(`.cell[data-n="${k}"]`);
  const free = (el) => el && !el.disabled;
  const enabled = () => [...board.querySelectorAll('.cell:not(:disabled)')];

  // The cell that can be pressed nearest to `k` (the smallest distance, the lower on a tie).
  function nearest(k) {
    let best = null;
    for (const el of enabled()) {
      const d = Math.abs(numberOf(el) - (k ?? 0));
      if (!best || d < best.d) best = { el, d };
    }
    return best ? best.el : null;
  }

  // One Tab stop: the current number's cell (or the nearest one that can be pressed).
  function rove() {
    const target = free(cellAt(current)) ? cellAt(current) : nearest(current);
    for (const el of board.querySelectorAll('.cell[tabindex="0"]')) if (el !== target) el.tabIndex = -1;
    for (const el of enabled()) if (el !== target && el.tabIndex !== -1) el.tabIndex = -1;
    if (target) target.tabIndex = 0;
    return target;
  }

  function focusCell(el) {
    if (!el) return;
    current = numberOf(el);
    rove();
    el.focus();
  }

  // The next cell that can be pressed from `k` in a direction: along the line of numbers
  // (±1), or row by row (± a row), in a row the one nearest to the column.
  function step(k, key) {
    const n = board.querySelectorAll('.cell').length;
    if (key === 'ArrowRight' || key === 'ArrowLeft') {
      const d = key === 'ArrowRight' ? 1 : -1;
      for (let j = k + d; j >= 1 && j <= n; j += d) if (free(cellAt(j))) return cellAt(j);
      return null;
    }
    const row = rowLength(board);
    const d = key === 'ArrowDown' ? row : -row;
    for (let at = k + d; at >= 2 - row && at <= n + row - 1; at += d) {
      const start = Math.floor((at - 1) / row) * row + 1;
      const candidates = [];
      for (let j = start; j < start + row && j <= n; j++) if (j >= 1 && free(cellAt(j))) candidates.push(j);
      if (candidates.length) {
        candidates.sort((a, b) => Math.abs(a - at) - Math.abs(b - at) || a - b);
        return cellAt(candidates[0]);
      }
    }
    return null;
  }

  board.addEventListener('keydown', (ev) => {
    const k = numberOf(ev.target);
    if (k == null) return;
    let to = null;
    if (['ArrowRight', 'ArrowLeft', 'ArrowDown', 'ArrowUp'].includes(ev.key)) to = step(k, ev.key);
    else if (ev.key === 'Home') to = enabled()[0] || null;
    else if (ev.key === 'End') to = enabled().at(-1) || null;
    else return;
    ev.preventDefault(); // the page does not scroll under the arrows
    focusCell(to);
  });

  board.addEventListener('focusin', (ev) => {
    keep = true;
    const k = numberOf(ev.target);
    if (k != null) current = k;
  });
  // The focus leaves the board for something else: it is not brought back.
  document.addEventListener('focusin', (ev) => {
    if (!board.contains(ev.target)) keep = false;
  });
  document.addEventListener('pointerdown', (ev) => {
    if (!board.contains(ev.target)) keep = false;
  });

  // After each paint: one Tab stop again, and the focus back on the board if it fell off it
  // (the number named is now disabled, or the board was drawn again).
  const observer = new MutationObserver(() => {
    const target = rove();
    const active = document.activeElement;
    const lost = !active || active === document.body || (board.contains(active) && active.disabled);
    // preventScroll: after a tap the page does not jump to a number far away (n = 10 000).
    if (keep && lost) {
      if (target) target.focus({ preventScroll: true });
      else board.focus({ preventScroll: true });
    } else if (keep && active === board && target) {
      target.focus({ preventScroll: true });
    }
  });
  observer.observe(board, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
  board.tabIndex = -1; // focusable by script only, while no number can be named

  // The skip link, and "Back to the board" under "Why?": to the Play view and the board in one
  // step (the board scrolled into view, the focus on it).
  for (const skip of document.querySelectorAll('#skip-board, a.to-board')) {
    skip.addEventListener('click', (ev) => {
      ev.preventDefault();
      const go = () => {
        keep = true;
        const target = rove();
        board.scrollIntoView({ block: 'start' });
        if (target) target.focus({ preventScroll: true });
        else board.focus({ preventScroll: true });
      };
      if (document.getElementById('view-play').hidden) {
        window.addEventListener('hashchange', () => setTimeout(go), { once: true });
        location.hash = '#play';
      } else {
        go();
      }
    });
  }
}
