// The store package's files: only what the extension loads at run time. Starting from
// manifest.json, it follows every file the manifest names (icons, the service worker, the
// options page, content scripts, web-accessible resources), then every string in those files
// that names another file of the extension (an `import … from './x.js'`, a `<script src>`, a
// `chrome.runtime.getURL('pkg/dana_bg.wasm')`, `files: ['bundle/content.js']`), until nothing
// new turns up. So sources that are bundled (content/*.js), build scripts and developer tools
// (icons/make_icons.py) stay out without a list to keep up to date, and a file the code starts
// to load is in the next package without anyone remembering to add it.
//
// The two stores read one manifest differently, so each package gets its browser's manifest:
// Chromium's without `background.scripts` and `browser_specific_settings` (Firefox's), Firefox's
// without `background.service_worker` and `minimum_chrome_version` (Chromium's). Everything
// else, the version number included, is extension/manifest.json's.
//
//   node extension/package.mjs chrome|firefox DIR   copies those files from extension/ into DIR
//                                                   (emptied first) with that browser's manifest
//                                                   and lists them; ./build.sh zips DIR with
//                                                   `web-ext build`

import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));

/** The manifest's own file references (values that are paths into the extension). */
function manifestFiles(manifest) {
  const out = [];
  const push = (v) => typeof v === 'string' && out.push(v);
  Object.values(manifest.icons || {}).forEach(push);
  Object.values(manifest.action?.default_icon || {}).forEach(push);
  push(manifest.action?.default_popup);
  push(manifest.background?.service_worker);
  (manifest.background?.scripts || []).forEach(push);
  push(manifest.options_ui?.page);
  push(manifest.options_page);
  for (const cs of manifest.content_scripts || []) [...(cs.js || []), ...(cs.css || [])].forEach(push);
  for (const w of manifest.web_accessible_resources || []) (w.resources || []).forEach(push);
  return out;
}

// Quoted strings and HTML attribute values that look like a relative path with an extension.
const REFERENCE = /["'`]((?:\.{1,2}\/|\/)?[\w@.-]+(?:\/[\w@.-]+)*\.(?:js|mjs|css|html|json|wasm|png|svg|woff2?|ttf|otf|txt))["'`]/g;

/** Files of the extension a text file names: relative to that file, else to the root. */
function referencedFiles(file) {
  if (!/\.(js|mjs|css|html|json)$/.test(file)) return [];
  const text = readFileSync(path.join(root, file), 'utf8');
  const out = [];
  for (const [, ref] of text.matchAll(REFERENCE)) {
    const candidates = ref.startsWith('/') ? [ref.slice(1)] : [path.posix.join(path.posix.dirname(file), ref), path.posix.normalize(ref)];
    const hit = candidates.find((c) => !c.startsWith('..') && existsSync(path.join(root, c)) && statSync(path.join(root, c)).isFile());
    if (hit) out.push(hit);
  }
  return out;
}

/** Every file the extension loads at run time, sorted. */
export function runtimeFiles() {
  const manifest = JSON.parse(readFileSync(path.join(root, 'manifest.json'), 'utf8'));
  const seen = new Set(['manifest.json']);
  const todo = manifestFiles(manifest).map((f) => path.posix.normalize(f.replace(/^\//, '')));
  while (todo.length) {
    const f = todo.pop();
    if (seen.has(f)) continue;
    if (!existsSync(path.join(root, f))) throw new Error(`extension/${f} is named at run time but missing: run ./build.sh`);
    seen.add(f);
    todo.push(...referencedFiles(f));
  }
  return [...seen].sort();
}

/** extension/manifest.json as the store of `browser` ('chrome' or 'firefox') takes it. */
export function manifestFor(browser) {
  const m = JSON.parse(readFileSync(path.join(root, 'manifest.json'), 'utf8'));
  if (browser === 'chrome') {
    delete m.background.scripts;
    delete m.browser_specific_settings;
  } else if (browser === 'firefox') {
    delete m.background.service_worker;
    delete m.minimum_chrome_version;
  } else {
    throw new Error(`unknown browser ${browser}: chrome or firefox`);
  }
  return m;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [browser, dir] = process.argv.slice(2);
  if (!['chrome', 'firefox'].includes(browser) || !dir) {
    console.error('usage: node extension/package.mjs chrome|firefox DIR');
    process.exit(2);
  }
  const manifest = manifestFor(browser);
  const files = runtimeFiles();
  rmSync(dir, { recursive: true, force: true });
  for (const f of files) {
    mkdirSync(path.join(dir, path.dirname(f)), { recursive: true });
    cpSync(path.join(root, f), path.join(dir, f));
  }
  writeFileSync(path.join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`${dir}: ${files.length} files: ${files.join(' ')}`);
}
