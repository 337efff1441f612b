// The JSON API of docs/API.md, asked of the engine that answers the pages (engine.js): `jg
// serve` over HTTP, or the same library compiled to WebAssembly in a Web Worker (worker.js) in
// the static site. Both give a Response with the same status and body, so that nothing else in
// the pages knows which one answered. A refused request throws an Error that carries the
// status, sentence, code and values (words.js words it); a request that gets no answer throws
// one with a word key of its own.
import { ENGINE, TIME_LIMIT_MS } from './engine.js';

// An Error for a refusal: `message` is the server's sentence (or a word key's fallback).
function refused(status, data, wordKey) {
  const e = new Error((data && typeof data.error === 'string' && data.error) || `HTTP ${status}`);
  e.status = status;
  e.code = data && typeof data.code === 'string' ? data.code : null;
  e.values = data && data.values && typeof data.values === 'object' ? data.values : {};
  e.wordKey = wordKey || null;
  return e;
}

// The answer of a request: `ok(res)` when it succeeded, else an Error from its JSON body.
async function readAnswer(res, ok) {
  if (res.ok) return ok(res);
  let data = null;
  try {
    data = await res.json();
  } catch (_) {
    data = null;
  }
  throw refused(res.status, data, data ? null : 'err.status');
}

async function send(path, init) {
  if (ENGINE === 'browser') return ask(init.method, path, init.body);
  try {
    return await fetch(path, init);
  } catch (_) {
    throw refused(0, null, 'err.server_down');
  }
}

// ---- The engine in the browser ---------------------------------------------------------------

let worker = null;
let asked = 0;
let queue = Promise.resolve();

// Ends the worker (its work stops with it); the next request starts another.
function endWorker(w) {
  w.terminate();
  if (worker === w) worker = null;
}

// One request to the worker: its Response, or an Error when it failed or ran out of time.
function askWorker(method, path, body) {
  return new Promise((resolve, reject) => {
    if (!worker) worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    const w = worker;
    const id = ++asked;
    let timer = null;
    // The time limit counts from the moment the engine (loaded) starts on the request.
    const start = () => {
      timer = setTimeout(() => {
        endWorker(w);
        reject(refused(503, { error: `the answer did not come within the time limit of ${TIME_LIMIT_MS / 1000} s` }));
      }, TIME_LIMIT_MS);
    };
    const failed = (why) => {
      clearTimeout(timer);
      endWorker(w);
      reject(refused(500, { error: `the engine stopped: ${why}` }, 'err.engine'));
    };
    w.onerror = (ev) => {
      ev.preventDefault();
      failed(ev.message || 'it could not load');
    };
    w.onmessage = (ev) => {
      const m = ev.data;
      if (m.id !== id) return;
      if (m.started) {
        start();
        return;
      }
      if (m.failed) {
        failed(m.failed);
        return;
      }
      clearTimeout(timer);
      resolve(new Response(m.body, { status: m.status, headers: { 'content-type': m.type } }));
    };
    const bytes = typeof body === 'string' ? new TextEncoder().encode(body).buffer : body || null;
    w.postMessage({ id, method, path, body: bytes }, bytes ? [bytes] : []);
  });
}

// The requests run one after another in the worker, each within its own time limit (the next
// request starts a new worker when one was ended).
function ask(method, path, body) {
  const run = () => askWorker(method, path, body);
  const answer = queue.then(run, run);
  queue = answer.catch(() => {});
  return answer;
}

// A link that downloads the file of a GET route (a certificate) under `name`: the route itself
// from `jg serve`; in the browser, the engine's bytes, made when the link is followed.
export function fileLink(link, path, name) {
  link.setAttribute('download', name);
  if (ENGINE !== 'browser') {
    link.href = path;
    link.onclick = null;
    return;
  }
  link.href = '#';
  link.onclick = async (ev) => {
    ev.preventDefault();
    const res = await send(path, { method: 'GET' });
    const blob = await readAnswer(res, (r) => r.blob());
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = name;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  };
}

async function json(res) {
  try {
    return await res.json();
  } catch (_) {
    throw refused(res.status, null, 'err.not_json');
  }
}

// GET a JSON route.
export async function get(path) {
  const res = await send(path, { method: 'GET' });
  return readAnswer(res, json);
}

// POST a JSON body to a JSON route.
export async function post(path, body) {
  const res = await send(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return readAnswer(res, json);
}

// POST bytes (a certificate) to a JSON route.
export async function postBytes(path, bytes) {
  const res = await send(path, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream' },
    body: bytes,
  });
  return readAnswer(res, json);
}

// A number as typed: sent as a number when it is one, else as the text, so that the server's
// refusal names what was typed ("-4 is not a number from 1 to 20").
export function typed(text) {
  const raw = String(text).trim();
  const number = Number(raw);
  return raw !== '' && Number.isFinite(number) && /^[+-]?\d+(\.\d+)?$/.test(raw) ? number : raw;
}
