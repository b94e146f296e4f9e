// Finding corpus pages for tests. The corpus is never copied into the repo; tests read it from
// DANA_CORPUS (default: <repo>/../shared/corpus) and must cope with missing pages.
//
//   import { corpusRoot, corpusPage, pickPages } from './lib/corpus.mjs';
//   const pages = pickPages([['r2l', 'fa-hamshahri'], ['cleaneval', 'dev-10']]);
//   // -> [{ set, id, file, bytes }] for the pages that exist; prints a note for each missing one
//   requireAtLeast(pages, 2, 'demo test');  // throws when too few are present

import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (three levels above this file). */
export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** The corpus root directory. */
export function corpusRoot() {
  return process.env.DANA_CORPUS || path.join(REPO, '..', 'shared', 'corpus');
}

/** Path of one page: <root>/<set>/pages/<id>.html. */
export function corpusPage(set, id) {
  return path.join(corpusRoot(), set, 'pages', `${id}.html`);
}

/** Rows of <set>/index.jsonl ({id, url, title, source, lang?}); [] when the set is missing. */
export function corpusIndex(set) {
  const file = path.join(corpusRoot(), set, 'index.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
}

/**
 * The pages of `wanted` ([set, id] pairs) that exist, as { set, id, file, bytes, url }, with a
 * printed note for each missing one. `url` is the page's original URL from index.jsonl ('' if unknown).
 */
export function pickPages(wanted) {
  const found = [];
  for (const [set, id] of wanted) {
    const file = corpusPage(set, id);
    if (!existsSync(file)) {
      console.log(`note: corpus page ${set}/${id} is missing, skipped`);
      continue;
    }
    const row = corpusIndex(set).find((r) => r.id === id);
    found.push({ set, id, file, bytes: readFileSync(file), url: row?.url || '' });
  }
  return found;
}

/** Throws when fewer than `min` pages were found (a test must not pass on an empty corpus). */
export function requireAtLeast(pages, min, what) {
  if (pages.length < min) {
    throw new Error(`${what}: only ${pages.length} corpus pages found under ${corpusRoot()}, need at least ${min}`);
  }
}

/** The corpus sets, in the order the benchmarks report them. */
export const SETS = ['cleaneval', 'cleanportaleval', 'dragnet', 'readability', 'r2l'];

/**
 * The benchmarks' sample, the same as benches/common/mod.rs `sample(per_set)`: per set, the page
 * ids sorted bytewise (as Rust sorts Strings), the k-th of n taken from the sorted list. Returns
 * [{ set, id, url }] (`url` on the benchmark servers' /corpus/ mount); prints a note for a
 * missing set and exits when fewer than 10 pages are found.
 */
export function benchSample(perSet) {
  const sample = [];
  for (const set of SETS) {
    const dir = path.join(corpusRoot(), set, 'pages');
    if (!existsSync(dir)) {
      console.log(`note: ${dir} is missing; set ${set} skipped`);
      continue;
    }
    const ids = readdirSync(dir).filter((f) => f.endsWith('.html')).map((f) => f.slice(0, -5))
      .sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    const n = Math.min(perSet, ids.length);
    for (let k = 0; k < n; k++) {
      const id = ids[Math.floor((k * ids.length) / n)];
      sample.push({ set, id, url: `/corpus/${set}/pages/${encodeURIComponent(id)}.html` });
    }
  }
  if (sample.length < 10) {
    console.error(`only ${sample.length} corpus pages under ${corpusRoot()} (need at least 10); set DANA_CORPUS`);
    process.exit(1);
  }
  return sample;
}

/** The value after `flag` on the command line, or `dflt`. */
export function cliArg(flag, dflt) {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? process.argv[i + 1] : dflt;
}
