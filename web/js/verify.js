// The Verify view: a certificate file checked by the server with the project's verifier
// (POST /api/verify), the verdict in one sentence worded from what the certificate proves (or
// that it proves nothing); the verifier's own line and reason, technical, only under "Details
// for experts".
import { postBytes } from './api.js';
import { t, showRefusal, sideWord } from './words.js';

const $ = (id) => document.getElementById(id);

const state = { file: null, answer: null, error: null };

function paint() {
  const verdict = $('verdict');
  const error = $('verify-error');
  const { file, answer, error: e } = state;
  if (!file) {
    $('verify-status').textContent = '';
  } else if (!answer && !e) {
    $('verify-status').textContent = t('verify.checking', file.name, file.size);
  } else {
    $('verify-status').textContent = e ? t('verify.refused_file', file.name) : t('verify.checked', file.name);
  }
  if (answer) {
    let words;
    if (answer.valid && answer.claim && answer.claim.kind === 'chain') words = t('verify.valid_chain', answer.claim);
    else if (answer.valid && answer.claim) words = t('verify.valid_game', { ...answer.claim, winner: sideWord(answer.claim.winner) });
    else if (answer.status === 'refused') words = t('verify.refused');
    else words = t('verify.invalid');
    $('verdict-words').textContent = words;
    $('verdict-line').textContent = answer.verdict;
    verdict.dataset.valid = String(answer.valid === true);
    verdict.hidden = false;
  } else {
    verdict.hidden = true;
    verdict.removeAttribute('data-valid');
  }
  showRefusal(error, e);
  // The verifier's reason for a refused file, for the experts.
  const reason = e && e.values && typeof e.values.reason === 'string' ? e.values.reason : '';
  $('verify-error-line').textContent = reason;
  $('verify-error-details').hidden = !reason;
}

async function verify(file) {
  state.file = file;
  state.answer = null;
  state.error = null;
  paint();
  try {
    const bytes = await file.arrayBuffer();
    state.answer = await postBytes('/api/verify', bytes);
  } catch (e) {
    state.error = e;
  }
  paint();
}

export function startVerify() {
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
  document.addEventListener('language', paint);
}
