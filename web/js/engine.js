// Which engine answers the pages: 'server' (the JSON API of `jg serve`, over HTTP) or 'browser'
// (the same answers from the engine compiled to WebAssembly, in a Web Worker: worker.js). The
// pages of web/ ask the server; scripts/site.sh writes 'browser' here in the static site.
export const ENGINE = 'server';

// In the browser, the time the engine may work on one request, as `jg serve`'s default time
// limit (bounds.rs, DEFAULT_TIME_LIMIT): past it the worker is ended, which stops the work, and
// the request is refused as the server refuses it (503). Loading the engine is not counted.
export const TIME_LIMIT_MS = 10_000;
