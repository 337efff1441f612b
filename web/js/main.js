// The web app: four views over the JSON API of docs/API.md, as ES modules with no build step
// and no framework: play.js, review.js, results.js, verify.js, and words.js (every word, in
// English and French). The pages hold no game logic: the engine decides every move, hint and
// verdict, `jg serve`'s or the same library's in the browser (api.js, engine.js).
import { ENGINE } from './engine.js';
import { chooseLanguage, language, setLanguage } from './words.js';
import { startPlay } from './play.js';
import { reviewGame, startReview } from './review.js';
import { showResults, startResults } from './results.js';
import { startVerify } from './verify.js';
import { startBoards } from './boards.js';
import { startNim } from './nim.js';

const VIEWS = ['play', 'review', 'results', 'verify', 'boards', 'nim'];

function route() {
  let name = location.hash.replace(/^#/, '');
  if (!VIEWS.includes(name)) name = 'play';
  for (const v of VIEWS) {
    document.getElementById(`view-${v}`).hidden = v !== name;
    const tab = document.getElementById(`tab-${v}`);
    if (v === name) tab.setAttribute('aria-current', 'page');
    else tab.removeAttribute('aria-current');
  }
  if (name === 'results') showResults();
}

setLanguage(chooseLanguage());
document.getElementById('language').addEventListener('click', () => {
  setLanguage(language() === 'fr' ? 'en' : 'fr', true);
});
startReview();
startResults();
startVerify();
startBoards();
startNim();
startPlay((g) => {
  location.hash = '#review';
  reviewGame(g);
});
window.addEventListener('hashchange', route);
route();

// The static site keeps its files for offline use (sw.js); `jg serve`'s pages need the server.
if (ENGINE === 'browser' && 'serviceWorker' in navigator) {
  navigator.serviceWorker.register('sw.js').catch(() => {});
}
