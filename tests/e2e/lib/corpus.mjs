// Finding corpus pages for tests. The corpus is never copied into the repo; tests read it from
// DANA_CORPUS (default: <repo>/../shared/corpus) and must cope with missing pages.
//
//   import { corpusRoot, corpusPage, pickPages } from './lib/corpus.mjs';
//   const pages = pickPages([['r2l', 'fa-hamshahri'], ['cleaneval', 'dev-10']]);
//   // -> [{ set, id, file, bytes }] for the pages that exist; prints a note for each missing one
//   requireAtLeast(pages, 2, 'demo test');  // throws when too few are present

import { existsSync, readFileSync } from 'node:fs';
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
