// The wasm package and the native CLI are the same engine: on real corpus pages (English and
// right-to-left), under several option sets, `extract(...).text` must equal
// `target/release/dana extract --format text`, and the whole object must equal the CLI's JSON
// once its keys are camelCased. Each page is decoded once here and handed to both as the same
// text (the CLI gets it as a UTF-8 file with a byte-order mark), so a difference can only come
// from the engine or the boundary, not from decoding.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dana } from './lib/wasm.mjs';
import { REPO, pickPages } from '../e2e/lib/corpus.mjs';

const CLI = path.join(REPO, 'target', 'release', 'dana');

// 14 pages: 8 right-to-left (Arabic, Persian, Urdu) and 6 from the English sets.
const WANTED = [
  ['r2l', 'fa-khabaronline'],
  ['r2l', 'ar-youm7'],
  ['r2l', 'ar-cnnarabic'],
  ['r2l', 'ar-akhbarelyom'],
  ['r2l', 'ar-almadenahnews'],
  ['r2l', 'ar-assabah'],
  ['r2l', 'ar-lbcgroup'],
  ['r2l', 'ur-naibaat'],
  ['cleaneval', 'dev-10'],
  ['cleaneval', 'dev-11'],
  ['cleanportaleval', 'bbc.co.uk_news_01'],
  ['dragnet', '100'],
  ['readability', '001'],
  ['readability', '002'],
];
const MIN_PAGES = Math.ceil(WANTED.length / 2);

// Option sets as [wasm options, CLI arguments].
const OPTION_SETS = [
  [{}, []],
  [{ algorithm: 'r2l' }, ['--algorithm', 'r2l']],
  [{ algorithm: 'dana', gap: 5 }, ['--algorithm', 'dana', '--gap', '5']],
  [{ algorithm: 'danag', filter: '1' }, ['--algorithm', 'danag', '--filter', '1']],
];

/** snake_case keys -> camelCase, recursively (what the wasm boundary does). */
function camel(v) {
  if (Array.isArray(v)) return v.map(camel);
  if (v && typeof v === 'object') {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase()), camel(x)]));
  }
  return v;
}

/**
 * Non-integer numbers rounded to 12 significant digits. The scores of TitleFinder use `ln`,
 * which wasm computes in Rust's own libm and native code in the system's: the last bit may
 * differ. Everything else (all integers, all strings) must be identical.
 */
function roundFloats(v) {
  if (Array.isArray(v)) return v.map(roundFloats);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, roundFloats(x)]));
  return typeof v === 'number' && !Number.isInteger(v) ? Number(v.toPrecision(12)) : v;
}

test('wasm extract() equals the native CLI on corpus pages', (t) => {
  assert.ok(existsSync(CLI), `${CLI} missing: run ./build.sh first`);
  const pages = pickPages(WANTED);
  assert.ok(pages.length >= MIN_PAGES, `only ${pages.length} of ${WANTED.length} corpus pages present, need ${MIN_PAGES}`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dana-parity-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  let compared = 0;
  for (const page of pages) {
    const { text: html } = dana.decode(page.bytes);
    const file = path.join(dir, `${page.set}-${page.id}.html`);
    writeFileSync(file, '\ufeff' + html);
    const urlArgs = page.url ? ['--url', page.url] : [];
    for (const [options, args] of OPTION_SETS) {
      const what = `${page.set}/${page.id} ${JSON.stringify(options)}`;
      const wasm = dana.extract(html, { ...options, ...(page.url ? { url: page.url } : {}) });
      const nativeText = execFileSync(CLI, ['extract', ...args, ...urlArgs, '--format', 'text', file], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        maxBuffer: 64 << 20,
      });
      assert.equal(wasm.text, nativeText, `text differs: ${what}`);
      const nativeJson = JSON.parse(
        execFileSync(CLI, ['extract', ...args, ...urlArgs, '--format', 'json', file], { encoding: 'utf8', maxBuffer: 64 << 20 }),
      );
      assert.deepEqual(roundFloats(wasm), roundFloats(camel(nativeJson)), `JSON differs: ${what}`);
      compared++;
    }
  }
  console.log(`compared ${compared} extractions on ${pages.length} pages (${pages.filter((p) => p.set === 'r2l').length} right-to-left)`);
  // The comparison means something only if the engine found articles.
  const nonEmpty = pages.filter((p) => dana.extract(dana.decode(p.bytes).text).text.length > 200).length;
  assert.ok(nonEmpty >= MIN_PAGES / 2, `only ${nonEmpty} pages gave an article: the comparison is too weak`);
});
