// The options object of extract(): partial, camelCase, defaults filled in; bad input throws a
// JavaScript Error that names the problem (never a trap, never silently ignored).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dana } from './lib/wasm.mjs';

const PAGE = `<html><head><title>A test page</title></head><body>
<ul><li><a href="/a">Home</a></li><li><a href="/b">News</a></li></ul>
<h1>A test page</h1>
<p>The first paragraph of the article has enough words in it to count as content for the engine.</p>
<p>A second paragraph says more of the same, so that the region above the axis is clear.</p>
</body></html>`;

test('no options and empty options take the defaults', () => {
  const defaults = dana.defaultOptions();
  assert.equal(defaults.algorithm, 'addanag');
  for (const r of [dana.extract(PAGE), dana.extract(PAGE, {}), dana.extract(PAGE, undefined), dana.extract(PAGE, null)]) {
    assert.equal(r.algorithm, 'addanag');
    assert.equal(r.filter, 'placeholder');
    assert.equal(r.gap, 20);
  }
});

test('a partial options object changes only what it names', () => {
  let r = dana.extract(PAGE, { gap: 3 });
  assert.equal(r.algorithm, 'addanag');
  assert.equal(r.gap, 3);
  r = dana.extract(PAGE, { algorithm: 'R2L' });
  assert.equal(r.algorithm, 'r2l');
  assert.equal(r.gap, 8);
  assert.equal(r.filter, 'none');
  r = dana.extract(PAGE, { algorithm: 'danag', filter: '1' });
  assert.deepEqual([r.algorithm, r.filter], ['danag', 'remove']);
  r = dana.extract(PAGE, { filter: 2 });
  assert.equal(r.filter, 'strip');
  r = dana.extract(PAGE, { filter: 'placeholder', gap: null, url: undefined });
  assert.deepEqual([r.filter, r.gap], ['placeholder', 20]);
});

test('trace fills series.source, one string per line', () => {
  const off = dana.extract(PAGE);
  const on = dana.extract(PAGE, { trace: true });
  assert.deepEqual(off.series.source, []);
  assert.equal(on.series.source.length, on.series.t1.length);
  assert.ok(on.series.source.length > 0);
});

test('bad options throw an Error that names the option', () => {
  const cases = [
    [{ algorithm: 'readability' }, /algorithm/],
    [{ algorithm: 3 }, /algorithm/],
    [{ filter: '4' }, /filter/],
    [{ gap: -1 }, /gap/],
    [{ gap: 'wide' }, /gap/],
    [{ gap: 2.5 }, /gap/],
    [{ titleMetric: 'bm25' }, /titleMetric/],
    [{ titleBound: 'yes' }, /titleBound/],
    [{ trace: 1 }, /trace/],
    [{ url: 42 }, /url/],
    [{ algoritm: 'dana' }, /unknown option `algoritm`.*known options: .*algorithm/],
    [{ title_metric: 'tf' }, /did you mean `titleMetric`/],
    ['danag', /options must be an object/],
    [[1, 2], /options must be an object/],
    [42, /options must be an object/],
  ];
  for (const [options, message] of cases) {
    assert.throws(() => dana.extract(PAGE, options), (err) => {
      assert.ok(err instanceof Error, `${JSON.stringify(options)} throws an Error`);
      assert.match(err.message, message, JSON.stringify(options));
      return true;
    });
  }
});

test('switches() names the refinements: boolean options, each read by extract', () => {
  const keys = dana.switches();
  const defaults = dana.defaultOptions();
  assert.ok(keys.includes('prune') && keys.includes('postKeys') && keys.includes('lead'), keys.join());
  // The options that are not refinements are not switches.
  for (const other of ['titleBound', 'trace', 'elementIds', 'algorithm', 'gap']) assert.ok(!keys.includes(other), other);
  assert.equal(new Set(keys).size, keys.length);
  for (const key of keys) {
    assert.equal(typeof defaults[key], 'boolean', key);
    assert.equal(dana.extract(PAGE, { [key]: !defaults[key] }).algorithm, 'addanag', key);
    assert.throws(() => dana.extract(PAGE, { [key]: 'off' }), new RegExp(`option \`${key}\``));
  }
});

test('html that is not a string throws an Error', () => {
  for (const html of [undefined, null, 42, { html: PAGE }, new Uint8Array([60, 112, 62])]) {
    assert.throws(() => dana.extract(html), /html must be a string/);
  }
});

test('the module keeps working after an error', () => {
  assert.throws(() => dana.extract(PAGE, { gap: -1 }));
  assert.ok(dana.extract(PAGE).text.includes('second paragraph'));
});

test('version() is the crate version', () => {
  assert.match(dana.version(), /^\d+\.\d+\.\d+/);
});
