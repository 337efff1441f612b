// The JSON API of docs/API.md. A refused request throws an Error that carries the server's
// status, sentence, code and values (words.js words it); a request that gets no answer throws
// one with a word key of its own.

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
export async function readAnswer(res, ok) {
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
  try {
    return await fetch(path, init);
  } catch (_) {
    throw refused(0, null, 'err.server_down');
  }
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
