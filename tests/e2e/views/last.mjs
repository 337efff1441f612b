import fs from 'node:fs/promises';
import path from 'node:path';
import { root, FIGURES, updateFigures, SITE, server, same, pageErrors, foreign, figures, test } from '../harness.mjs';

test('page::offline_and_no_script_error', async () => {
  same(foreign, [], SITE ? "requests for anything but the site's files" : 'requests outside the server');
  same(pageErrors, [], 'script errors (a Content-Security-Policy refusal included)');
  if (updateFigures) {
    await fs.mkdir(FIGURES, { recursive: true });
    for (const [from, to] of figures) await fs.copyFile(from, to);
    console.log(`    wrote ${figures.length} figures to ${path.relative(root, FIGURES)}/`);
  }
});
