// The engine of the static site, off the page's thread: it loads the library compiled to
// WebAssembly (engine/jg_wasm.js, written by scripts/site.sh) and answers each request
// { id, method, path, body } with { id, status, type, body } as `jg serve` would. A long answer
// (a perfect move at n = 10 000, a proof) runs here, so the page never freezes; the page ends
// this worker at the time limit (api.js, counted from the message `started`), which stops the
// work.
import init, { call } from '../engine/jg_wasm.js';

const ready = init({ module_or_path: new URL('../engine/jg_wasm_bg.wasm', import.meta.url) });

self.onmessage = async (event) => {
  const { id, method, path, body } = event.data;
  try {
    await ready;
    self.postMessage({ id, started: true });
    const answer = call(method, path, new Uint8Array(body || new ArrayBuffer(0)));
    const bytes = answer.takeBody();
    const message = { id, status: answer.status, type: answer.contentType, body: bytes.buffer };
    answer.free();
    self.postMessage(message, [bytes.buffer]);
  } catch (e) {
    // The engine could not load, or it stopped (a panic aborts): the page says so.
    self.postMessage({ id, failed: String((e && e.message) || e) });
  }
};
