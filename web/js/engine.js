// Which engine answers the pages: 'server' (the JSON API of `jg serve`, over HTTP) or 'browser'
// (the same answers from the engine compiled to WebAssembly, in a Web Worker: worker.js). The
// pages of web/ ask the server; scripts/site.sh writes 'browser' here in the static site.
export const ENGINE = 'server';
