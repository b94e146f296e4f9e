// The object `extract` returns against the TypeScript declarations in the generated package
// (pkg/dana.d.ts): every key of the object is declared, every declared key is there, and every
// value has the declared type, recursively. Run on real corpus pages so that every array holds
// elements to check.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { dana, PKG } from './lib/wasm.mjs';
import { parseDeclarations, check } from './lib/tsdecl.mjs';
import { pickPages, requireAtLeast } from '../e2e/lib/corpus.mjs';

const dts = readFileSync(path.join(PKG, 'dana.d.ts'), 'utf8');
const types = parseDeclarations(dts);
// The members of the union `Block`.
const BLOCKS = types.get('Block')?.type.split('|').map((t) => t.trim()) ?? [];

const PAGES = [
  ['r2l', 'fa-khabaronline'],
  ['r2l', 'ar-youm7'],
  ['r2l', 'ur-naibaat'],
  ['cleanportaleval', 'bbc.co.uk_news_01'],
  ['readability', '001'],
  ['cleaneval', 'dev-10'],
  ['readability', 'keep-tabular-data'], // table blocks (issue 13)
  ['readability', 'mercurial'], // code blocks with their language (issue 13)
];

test('the declarations name the types the package promises', () => {
  for (const name of ['DanaOptions', 'Extraction', 'Sentence', 'Region', 'Series', 'TitleCandidate', 'Chrome', 'Candidate']) {
    assert.equal(types.get(name)?.kind, 'interface', `interface ${name} in dana.d.ts`);
  }
  // A block is a union on `kind` of interfaces, one for each kind's keys.
  assert.equal(types.get('Block')?.kind, 'alias', 'type Block in dana.d.ts');
  for (const name of BLOCKS) {
    assert.equal(types.get(name)?.kind, 'interface', `interface ${name} in dana.d.ts`);
  }
  assert.match(dts, /export function extract\(html: string, options\?: DanaOptions\): Extraction;/);
  assert.match(dts, /export function version\(\): string;/);
});

test('defaultOptions() has exactly the keys DanaOptions declares', () => {
  const defaults = dana.defaultOptions();
  assert.deepEqual(Object.keys(defaults).sort(), [...types.get('DanaOptions').fields.keys()].sort());
  const problems = check(types, 'DanaOptions', defaults, 'defaultOptions()');
  assert.deepEqual(problems, []);
});

test('extract() returns objects that match the Extraction declaration', () => {
  const pages = pickPages(PAGES);
  requireAtLeast(pages, 3, 'shape test');
  const seen = new Set();
  const codeLangs = new Set();
  for (const page of pages) {
    const html = new TextDecoder().decode(page.bytes); // the shape does not depend on the encoding
    for (const options of [{ trace: true, url: page.url || undefined }, { algorithm: 'r2l' }]) {
      const result = dana.extract(html, options);
      const problems = check(types, 'Extraction', result, `${page.set}/${page.id}`, seen);
      assert.deepEqual(problems, [], `${page.set}/${page.id} with ${JSON.stringify(options)}`);
      for (const b of result.blocks) if (b.codeLang !== null) codeLangs.add(b.codeLang);
    }
  }
  // `codeLang: string | null` was checked with a string too, not only with null.
  if (pages.some((p) => p.id === 'mercurial')) assert.ok(codeLangs.has('python'), `code languages seen: ${[...codeLangs]}`);
  // Only what was seen was checked: make sure every element type was.
  for (const name of ['Extraction', 'Sentence', 'Region', 'Series', 'TitleCandidate', 'Chrome', 'Candidate', 'TextBlock', 'HeadingBlock', 'ListItemBlock', 'PreformattedBlock', 'FigureBlock']) {
    assert.ok(seen.has(name), `no ${name} was checked: the pages gave none`);
  }
  if (pages.some((p) => p.id === 'keep-tabular-data')) {
    for (const name of ['TableBlock', 'Table', 'Cell']) assert.ok(seen.has(name), `no ${name} was checked on the page with tables`);
  }
});

test('an empty page gives the same shape, with a reason', () => {
  const result = dana.extract('');
  assert.deepEqual(check(types, 'Extraction', result, 'empty page'), []);
  assert.equal(result.text, '');
  assert.equal(typeof result.reason, 'string');
});

test('the checker itself catches a missing, an extra and a mistyped key', () => {
  const result = dana.extract('<p>hello</p>');
  const { title, ...missing } = result;
  assert.ok(check(types, 'Extraction', missing).some((p) => p.includes('.title')));
  assert.ok(check(types, 'Extraction', { ...result, extra: 1 }).some((p) => p.includes('.extra')));
  assert.ok(check(types, 'Extraction', { ...result, gap: '20' }).some((p) => p.includes('.gap')));
  // A block's keys are its kind's: a paragraph has no image, a figure has one.
  const [paragraph] = result.blocks;
  assert.equal(paragraph.kind, 'paragraph');
  assert.deepEqual(check(types, 'Block', paragraph), []);
  assert.notDeepEqual(check(types, 'Block', { ...paragraph, src: 'https://example.org/a.jpg' }), []);
  assert.notDeepEqual(check(types, 'Block', { ...paragraph, kind: 'figure' }), []);
});
