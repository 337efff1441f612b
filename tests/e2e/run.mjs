#!/usr/bin/env node
// End-to-end test of `jg serve`'s web app in a real browser (Debian's Chromium, driven by
// playwright-core). Starts `jg serve --port 0` and goes through every view as a class would:
// games on n = 20 against the levels and between two people on one screen (hints, "Why?", undo,
// the end in words), the review of a game, refusals in plain words, settings that wait for "New
// game", n = 10 000, the Results view (the theorem and the chart first, "How do we know?", any n,
// a readable proof and its certificate), the Verify view, and the French pages. Every check
// compares what the page shows with what the JSON API answers to the same request; at the
// phone, tablet and desktop sizes (390×844, 768×1024, 1280×800) every view must fit the window
// with no horizontal scroll. Prints cargo's summary line (`test result: ok. K passed; 0 failed`)
// so that .ci/run counts it, and exits non-zero on any failure.
//
// With --site DIR the same tests run against the static site that scripts/site.sh built in DIR,
// served by a plain static server (python3 -m http.server) with no jg process running: the
// answers the page must show are then the site's own engine's (DIR/engine, loaded here in Node;
// tests/e2e/agree.mjs checks that engine against the native library), and one more test plays
// a class's lesson on a phone, then offline. Any request for something other than the site's
// files (the server's pages and API, in the other mode) fails the run.
//
//   node tests/e2e/run.mjs [--site DIR] [--update-figures] [--filter WORD]
//
// Environment: JG_BIN (default target/release/jg), JG_E2E_URL (test a server already running
// there instead of starting one), CHROMIUM (default /usr/bin/chromium), JG_E2E_TIMEOUT_SECONDS
// (default 300: the whole run). Screenshots go to target/e2e/; --update-figures copies the phone's
// and the desktop's of each view to docs/figures/serve-VIEW-{phone,desktop}.png.
//
// The tests are in tests/e2e/views/, one file per part of the app, run in the order of VIEWS
// (`last.mjs` checks what the whole run saw: it stays last); the harness is harness.mjs.
import { cleanup, main, overall } from './harness.mjs';

const VIEWS = ['play', 'results', 'verify', 'french', 'words', 'lesson', 'teacher', 'boards', 'a11y', 'static', 'last'];
for (const v of VIEWS) await import(`./views/${v}.mjs`);

main()
  .then((code) => {
    clearTimeout(overall);
    process.exit(code);
  })
  .catch(async (e) => {
    console.log(`e2e: ${e.stack}`);
    console.log('test result: FAILED. 0 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out');
    await cleanup();
    process.exit(1);
  });
