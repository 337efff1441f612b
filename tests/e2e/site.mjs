// What the browser tests need of a static site that scripts/site.sh built: its engine loaded in
// Node (the same .wasm the pages' worker runs), the list of its files, and a plain static file
// server for it (python3 -m http.server: no jg process).
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// The site's engine: its `call(method, path, bytes)` answers as `jg serve` answers.
export async function loadEngine(dir) {
  const glue = await import(pathToFileURL(path.join(dir, 'engine', 'jg_wasm.js')).href);
  glue.initSync({ module: await fs.readFile(path.join(dir, 'engine', 'jg_wasm_bg.wasm')) });
  return glue;
}

// The paths of the site's files, from its root ("/", "/index.html", "/js/main.js", …).
export async function siteFiles(dir) {
  const found = new Set(['/']);
  async function walk(sub) {
    for (const entry of await fs.readdir(path.join(dir, sub), { withFileTypes: true })) {
      const rel = path.posix.join(sub, entry.name);
      if (entry.isDirectory()) await walk(rel);
      else found.add(`/${rel}`);
    }
  }
  await walk('');
  return found;
}

// Starts `python3 -m http.server` on a free port of 127.0.0.1 serving `dir`: resolves to
// { child, base } once it listens.
export function startStatic(dir) {
  return new Promise((resolve, reject) => {
    const child = spawn('python3', ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1', '--directory', dir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`python3 -m http.server printed no port in 30 s: ${out}`)), 30000);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(new Error(`cannot start python3 -m http.server: ${e.message}`));
    });
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = out.match(/port (\d+)/);
      if (m) {
        clearTimeout(timer);
        resolve({ child, base: `http://127.0.0.1:${m[1]}` });
      }
    });
    child.stderr.resume(); // the request log
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`python3 -m http.server exited (${code}): ${out}`));
    });
  });
}

// Starts `jg serve --port 0` (the binary `jg`) and resolves to the child and the address of its
// listening line: the native server the benchmarks and agree.mjs compare the site's engine with.
export function startServe(jg) {
  return new Promise((resolve, reject) => {
    const child = spawn(jg, ['serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.on('error', reject);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = out.match(/jg serve: listening on (http:\/\/\S+?)\/?(\s|$)/);
      if (m) resolve({ child, base: m[1] });
    });
    child.on('exit', (code) => reject(new Error(`jg serve exited (${code}): ${out}`)));
  });
}
