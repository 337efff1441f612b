import fs from 'node:fs/promises';
import path from 'node:path';
import { root, api, check, same, page, text, fits, openView, test, scratchDir } from '../harness.mjs';

test('verify::cert_117_is_valid_in_words', async () => {
  await openView('verify');
  const file = path.join(root, 'certificates', 'cert-117.bin');
  await page.setInputFiles('#cert-file', file);
  await page.waitForSelector('#verdict:not([hidden]), #verify-error:not([hidden])');
  const v = await api('POST', '/api/verify', await fs.readFile(file), true);
  same(v.data.valid, true, 'the API says cert-117.bin is valid');
  same(await text('#verdict-words'), `✔ Valid: this file proves that the second player wins with the numbers from 1 to 117 (${v.data.claim.positions.toLocaleString('en-GB')} positions checked).`, 'the verdict in words');
  same(await text('#verdict-line'), v.data.verdict, 'the verifier\'s line');
  check(!(await page.isVisible('#verdict-line')), 'the verifier\'s line is under "Details for experts", closed');
  await fits('verify', '#verdict');
});

test('verify::a_truncated_copy_is_refused_in_words', async () => {
  const scratch = await scratchDir();
  const bytes = await fs.readFile(path.join(root, 'certificates', 'cert-117.bin'));
  const cut = path.join(scratch, 'cert-117-truncated.bin');
  await fs.writeFile(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
  await page.setInputFiles('#cert-file', cut);
  await page.waitForSelector('#verify-error:not([hidden])');
  const v = await api('POST', '/api/verify', bytes.subarray(0, Math.floor(bytes.length / 2)), true);
  same(v.status, 422, 'the API refuses a truncated certificate');
  same(await text('#verify-error'), 'This file is not a proof file of this game, or it is cut short.', 'the refusal in one sentence');
  same(await text('#verify-error-line'), v.data.values.reason, 'the verifier\'s reason, under the details');
  check(!(await page.isVisible('#verify-error-line')), 'the reason is under "Details for experts", closed');
  check(!(await page.isVisible('#verdict')), 'no verdict is shown for a refused file');
});

// The English words of the table that the French page must not show: its strings of six
// letters or more that French words differently (and that no French string contains, as "second"
// is in "en second").
