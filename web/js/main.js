// The web app: the views over the JSON API of docs/API.md (play, review, results, verify, a game
// on boards and the Nim page) and the teacher's page, as ES modules with no build step and no
// framework: play.js, review.js, results.js, verify.js, boards.js, nim.js, teacher.js (with
// lesson.js, the lesson link's settings), and words.js (every word, in English and French). The pages hold no game logic: the engine decides every move, hint and
// verdict, `jg serve`'s or the same library's in the browser (api.js, engine.js).
import { ENGINE } from './engine.js';
import { chooseLanguage, language, setLanguage } from './words.js';
import { playFrom, startPlay } from './play.js';
import { reviewFromHash, reviewGame, startReview } from './review.js';
import { helpsOn, isLesson, lesson } from './lesson.js';
import { showTeacher, startTeacher } from './teacher.js';
import { showResults, startResults } from './results.js';
import { startVerify } from './verify.js';
import { startBoards } from './boards.js';
import { startNim } from './nim.js';

const VIEWS = ['play', 'review', 'results', 'verify', 'teacher', 'boards', 'nim'];
// The views a lesson link with every help off leaves out (lesson.js): they give the answers
// (the game on boards marks the winning moves and the values).
const HELPS = ['results', 'verify', 'teacher', 'boards', 'nim'];

function route() {
  // A view's hash may carry its own parameters: `#review?n=20&line=14,7,1,11`.
  let name = location.hash.replace(/^#/, '').split('?')[0];
  if (!VIEWS.includes(name) || (!helpsOn() && HELPS.includes(name))) name = 'play';
  for (const v of VIEWS) {
    document.getElementById(`view-${v}`).hidden = v !== name;
    const tab = document.getElementById(`tab-${v}`);
    if (v === name) tab.setAttribute('aria-current', 'page');
    else tab.removeAttribute('aria-current');
  }
  if (name === 'results') showResults();
  if (name === 'review') reviewFromHash(location.hash);
  if (name === 'teacher') showTeacher();
}

// A lesson link with every help off shows no tab that gives the answers; "For teachers" is no
// pupil's tab, and a lesson link leaves it out.
for (const v of HELPS) {
  if (!helpsOn()) document.getElementById(`tab-${v}`).hidden = true;
}
if (isLesson()) document.getElementById('tab-teacher').hidden = true;

setLanguage(lesson.lang || chooseLanguage());
document.getElementById('language').addEventListener('click', () => {
  setLanguage(language() === 'fr' ? 'en' : 'fr', true);
});
startReview((g) => {
  location.hash = '#play';
  playFrom(g);
});
startResults();
startVerify();
startTeacher();
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
