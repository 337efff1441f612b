import { api, check, same, page, count, text, fits, openView, downloadChecks, test } from '../harness.mjs';

test('results::the_theorem_and_chart_first_and_details_under_how_do_we_know', async () => {
  await openView('results');
  const th = await api('GET', '/api/theorem');
  await page.waitForFunction(() => document.getElementById('theorem-words').textContent.length > 0);
  const words = await text('#theorem-words');
  check(words.startsWith('With perfect play, the second player wins on exactly 44 boards, those whose last number is 1, 2, 4–7'), words);
  check(th.data.second_player_wins.every(([a]) => words.includes(String(a))), `every n of the theorem: ${words}`);
  for (const hidden of ['formal/Main.v', 'Print Assumptions', 'make -C formal', 'jg-verify']) {
    check(!(await page.innerText('#view-results')).includes(hidden), `the page does not open on ${hidden}`);
  }
  await page.waitForFunction(() => document.querySelectorAll('#chart .cell').length === 200);
  const w = await api('GET', '/api/winners?to=200');
  same(await page.$$eval('#chart .cell', (els) => els.map((e) => (e.className.includes('first-wins') ? 'first' : 'second'))), w.data.winners, 'the chart\'s colours');
  check(!(await page.isVisible('#how-text')), 'the details are closed at first');
  await page.click('#how summary');
  // The Coq proof rests on no hypothesis (the API's `formally_proved`), and the page says so.
  const how = await text('#how-text');
  check(!how.includes('assumption'), `no assumption is claimed for the Coq proof: ${how}`);
  if (th.data.formally_proved) check(how.includes('rests on no hypothesis'), how);
  check((await text('#how-text')).includes(`10${[...String(th.data.certified_to_power)].map((d) => '⁰¹²³⁴⁵⁶⁷⁸⁹'[d]).join('')}`), await text('#how-text'));
  await fits('results');
  await page.click('#how summary');
});

test('results::any_n_and_a_readable_proof_with_its_certificate', async () => {
  const big = '18446744073709551615';
  await page.fill('#results-n', big);
  await page.click('#results-go');
  await page.waitForSelector('#results-out:not([hidden])');
  same(await text('#results-winner'), 'With the numbers from 1 to 18,446,744,073,709,551,615 the first player wins.', 'the winner at 2^64 − 1, n exact');
  await page.fill('#results-n', '18446744073709551616');
  await page.click('#results-go');
  await page.waitForSelector('#results-error:not([hidden])');
  same(await text('#results-error'), '18,446,744,073,709,551,616 is not possible here: choose a number from 1 to 18,446,744,073,709,551,615.', '2^64 refused in words');
  for (const n of [20, 10000]) {
    await page.fill('#proof-n', String(n));
    await page.click('#proof-go');
    await page.waitForFunction((k) => document.getElementById('proof').dataset.n === String(k), n);
    const p = await api('GET', `/api/proof/${n}`);
    same(p.status, 200, `the proof route at ${n}`);
    const heading = p.data.markdown.split('\n')[0].replace(/^# /, '');
    same(await text('#proof h3'), heading, `the proof's title at ${n}`);
    const certificate = await downloadChecks('#proof-download', `the certificate of ${n}`);
    same(certificate.name, p.data.file, 'the certificate\'s file name');
  }
  await page.fill('#proof-n', '20');
  await page.click('#proof-go');
  await page.waitForFunction(() => document.getElementById('proof').dataset.n === '20');
  check((await count('#proof table')) >= 1, 'the proof of 20 shows its table');
  await fits('proof', '#proof-box');
});
