// The store packages (dist/dana-reader-chrome.zip and dist/dana-reader-firefox.zip, written by
// ./build.sh): each holds only what the extension loads at run time, with its browser's
// manifest; `web-ext lint` finds nothing in the Firefox one; and the extension unpacked from
// each zip itself opens the reader in its browser. Those runs take the store screenshots
// (dist/store/<browser>-*.png, 1280×800 as the Chrome Web Store asks) of the demo article,
// which was written for the tests, so no publisher's text is shown.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startHarness, readerState } from './extension-harness.test.mjs';
import { startFirefoxHarness } from './lib/firefox.mjs';
import { REPO } from './lib/corpus.mjs';
import { DEMO_PAGE, installFakeSpeech } from './lib/fixtures.mjs';
import { runtimeFiles, manifestFor } from '../../extension/package.mjs';

const ZIP = (browser) => path.join(REPO, 'dist', `dana-reader-${browser}.zip`);

function zipEntries(zip) {
  // Python's zipfile: Python 3 is on every machine build.sh supports, `unzip` is not.
  const out = execFileSync('python3', ['-c', 'import sys, zipfile; print("\\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))', zip], { encoding: 'utf8' });
  return out.split('\n').filter((n) => n && !n.endsWith('/'));
}

const ARTICLE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Packaged | Example</title></head><body>
<nav><a href="/a">Home page link</a> <a href="/b">Another section</a> <a href="/c">Third section link</a></nav>
<article><h1>The packaged reader opens</h1>
${Array.from({ length: 6 }, (_, i) => `<p>Paragraph ${i + 1} of an article written for the package test: it holds enough running prose that the engine finds it above the axis and keeps it whole.</p>`).join('\n')}
</article><footer><a href="/t">Terms</a> <a href="/p">Privacy</a></footer></body></html>`;

for (const browser of ['chrome', 'firefox']) {
  test(`the ${browser} package holds only run-time files, exactly those the manifest reaches, and its browser's manifest`, () => {
    assert.ok(existsSync(ZIP(browser)), `${ZIP(browser)} is missing: run ./build.sh first`);
    const entries = zipEntries(ZIP(browser)).sort();
    assert.deepEqual(entries, runtimeFiles());
    for (const must of ['manifest.json', 'background.js', 'bundle/content.js', 'pkg/dana_bg.wasm', 'pkg/dana.js']) {
      assert.ok(entries.includes(must), `${must} in the package`);
    }
    const dev = entries.filter((e) => /^content\/.*\.js$|\.py$|\.d\.ts$|build\.mjs$|package\.mjs$|package\.json$/.test(e));
    assert.deepEqual(dev, [], 'no sources that are bundled, build scripts or developer tools');
    const manifest = JSON.parse(execFileSync('python3', ['-c', 'import sys, zipfile; sys.stdout.write(zipfile.ZipFile(sys.argv[1]).read("manifest.json").decode())', ZIP(browser)], { encoding: 'utf8' }));
    assert.deepEqual(manifest, manifestFor(browser));
    const background = Object.keys(manifest.background).sort();
    assert.deepEqual(background, browser === 'chrome' ? ['service_worker', 'type'] : ['scripts', 'type']);
  });
}

test("one version: the manifest's, in both packages and at the top of CHANGELOG.md", () => {
  const { version } = JSON.parse(readFileSync(path.join(REPO, 'extension', 'manifest.json'), 'utf8'));
  const changelog = readFileSync(path.join(REPO, 'CHANGELOG.md'), 'utf8').match(/^## (\d+\.\d+\.\d+)/m);
  assert.equal(changelog?.[1], version, 'the newest CHANGELOG.md entry is the manifest version');
  assert.equal(JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')).version, undefined, 'package.json carries no second version');
  for (const browser of ['chrome', 'firefox']) assert.equal(manifestFor(browser).version, version);
});

test('web-ext lint: no errors, warnings or notices in the Firefox package', async () => {
  const dir = await unzipped('firefox');
  try {
    let out;
    try {
      out = execFileSync(path.join(REPO, 'node_modules', '.bin', 'web-ext'), ['lint', '--source-dir', dir, '--output', 'json'], { encoding: 'utf8' });
    } catch (e) {
      out = e.stdout; // web-ext exits 1 when it found errors: the report is still on stdout
    }
    const report = JSON.parse(out);
    const found = [...report.errors, ...report.warnings, ...report.notices].map((m) => `${m.code}: ${m.message} (${m.file || ''})`);
    assert.deepEqual(found, []);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

async function unzipped(browser) {
  const dir = await mkdtemp(path.join(os.tmpdir(), `dana-zip-${browser}-`));
  execFileSync('python3', ['-m', 'zipfile', '-e', ZIP(browser), dir]);
  return dir;
}

const STORE = path.join(REPO, 'dist', 'store');
const routes = {
  '/article.html': (req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(ARTICLE);
  },
  '/demo.html': (req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(DEMO_PAGE);
  },
};

async function opensTheReader(h, browser) {
  const page = await h.open('/article.html');
  const r = await h.run(page, 'reader');
  assert.equal(r.ok, true, JSON.stringify(r));
  const st = await readerState(page);
  assert.ok(st, 'the reader is open');
  assert.match(st.text, /Paragraph 6 of an article written for the package test/);
  assert.doesNotMatch(st.text, /Third section link/);
  await page.close();

  // The store screenshots: the demo article in the reader, then read aloud.
  await mkdir(STORE, { recursive: true });
  const demo = await h.open('/demo.html');
  // Firefox's pages are 1280 × 800 from its launch (lib/firefox.mjs `viewport`).
  if (demo.setViewportSize) await demo.setViewportSize({ width: 1280, height: 800 });
  assert.equal((await h.run(demo, 'reader')).found, true);
  await demo.screenshot({ path: path.join(STORE, `${browser}-reader.png`) });
  await h.isolated(demo, installFakeSpeech, [['English (United States)', 'en-US']]);
  assert.equal((await h.run(demo, 'speak')).active, true);
  await demo.screenshot({ path: path.join(STORE, `${browser}-read-aloud.png`) });
  await demo.close();
}

test('Chromium: the extension unpacked from its zip opens the reader; store screenshots', async () => {
  const dir = await unzipped('chrome');
  const h = await startHarness({ extensionDir: dir, routes });
  try {
    await opensTheReader(h, 'chrome');
  } finally {
    await h.close();
    await rm(dir, { recursive: true, force: true });
  }
});

test('Firefox: the extension unpacked from its zip opens the reader; store screenshots', async () => {
  const dir = await unzipped('firefox');
  const h = await startFirefoxHarness({ extensionDir: dir, routes, isolated: [installFakeSpeech], viewport: { width: 1280, height: 800 } });
  try {
    await opensTheReader(h, 'firefox');
  } finally {
    await h.close();
    await rm(dir, { recursive: true, force: true });
  }
});
