// Accessibility of the extension's own UI (issue 5): an axe-core audit (from node_modules, run
// inside the page) of the reader view, the read-aloud controls, the strip bar, the message
// panel and the options page; keyboard reachability of every control; state changes announced
// in live regions; settings remembered across pages.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startHarness, choose, until, OUT } from './extension-harness.test.mjs';
import { pickPages, requireAtLeast, REPO } from './lib/corpus.mjs';

const AXE = readFileSync(path.join(REPO, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
const PAGES = pickPages([
  ['readability', 'ars-1'],
  ['r2l', 'fa-khabaronline'],
]);
requireAtLeast(PAGES, 2, 'accessibility tests');
const [EN, FA] = PAGES;
const url = (p) => `/csp/${p.set}/pages/${p.id}.html`;

// Runs axe on the given selectors (our own UI, not the site's page) and returns the serious and
// critical violations, printing every violation found.
async function audit(page, include, what) {
  // Evaluated through the DevTools protocol, which the page's CSP does not govern.
  await page.evaluate(AXE);
  const violations = await page.evaluate(
    (include) => axe.run({ include: include.map((s) => [s]) }, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 3) }))),
    include
  );
  for (const v of violations) console.log(`# axe ${what}: ${v.impact} ${v.id}: ${v.help} (${v.nodes.join(', ')})`);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

function installVoices(voiceList) {
  const rec = { spoken: [], current: null };
  class Utterance {
    constructor(text) {
      this.text = text;
    }
  }
  const voices = voiceList.map(([name, lang], i) => ({ name, lang, default: i === 0, localService: true, voiceURI: name }));
  Object.defineProperty(globalThis, 'speechSynthesis', {
    configurable: true,
    value: {
      getVoices: () => voices,
      addEventListener() {},
      speak(u) {
        rec.spoken.push(u.text);
        rec.current = u;
        u.onstart && u.onstart({});
      },
      cancel() {
        const u = rec.current;
        rec.current = null;
        if (u && u.onerror) u.onerror({ error: 'interrupted' });
      },
      pause() {},
      resume() {},
    },
  });
  globalThis.SpeechSynthesisUtterance = Utterance;
  globalThis.__fake = rec;
}

// The deep focused element inside the reader's shadow root, described.
const focused = () => {
  let a = document.activeElement;
  while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
  return a ? a.id || a.getAttribute('aria-label') || a.localName : null;
};
const statusText = () => document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('.speechbar [role=status]')?.textContent || '';

// Polls the read-aloud status line until it matches (the page's CSP forbids eval, so no
// waitForFunction with a passed-in predicate).
async function waitStatus(page, re) {
  let last = '';
  for (let i = 0; i < 50; i++) {
    last = await page.evaluate(statusText);
    if (re.test(last)) return last;
    await page.waitForTimeout(50);
  }
  assert.fail(`status never matched ${re}: last "${last}"`);
}

describe('accessibility of the extension UI', () => {
  let h;
  before(async () => {
    h = await startHarness();
    await h.worker.evaluate(() => chrome.storage.sync.clear());
  });
  after(async () => {
    await h?.close();
  });

  test('reader view: no serious or critical axe violation, every control reachable by keyboard', async () => {
    for (const p of [EN, FA]) {
      const page = await h.open(url(p));
      assert.equal((await h.run(page, 'reader')).found, true);
      const bad = await audit(page, ['[data-dana-surface=reader]'], `reader ${p.id}`);
      assert.deepEqual(bad, [], `${p.id}: ${JSON.stringify(bad)}`);
      const landmarks = await page.evaluate(() => {
        const r = document.querySelector('[data-dana-surface=reader]').shadowRoot;
        return { main: !!r.querySelector('main article'), toolbar: r.querySelector('[role=toolbar]')?.getAttribute('aria-label'), region: r.querySelector('section[aria-label]')?.getAttribute('aria-label') };
      });
      assert.deepEqual(landmarks, { main: true, toolbar: 'Reader settings', region: 'Dana Reader controls' });
      if (p === EN) {
        // The controls stand before the article: from the title (where focus lands on open),
        // Shift+Tab walks back through every enabled control.
        const controls = await page.evaluate(() => [...document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelectorAll('.controls button:not([disabled]), .controls select, .controls input')].map((c) => c.id));
        assert.ok(controls.length >= 9, `controls: ${controls}`);
        const seen = new Set();
        assert.equal(await page.evaluate(focused), 'dana-title');
        for (let i = 0; i < controls.length; i++) {
          await page.keyboard.press('Shift+Tab');
          seen.add(await page.evaluate(focused));
        }
        assert.deepEqual(controls.filter((c) => !seen.has(c)), [], 'controls never reached by Shift+Tab');
        // Arrow keys move along the toolbar's buttons (ARIA toolbar pattern).
        await page.locator('[data-dana-surface=reader] #smaller').focus();
        await page.keyboard.press('ArrowRight');
        assert.equal(await page.evaluate(focused), 'larger');
        await page.keyboard.press('ArrowLeft');
        assert.equal(await page.evaluate(focused), 'smaller');
        // Operable by keyboard: Enter on "Larger text" changes the size.
        await page.locator('[data-dana-surface=reader] #larger').focus();
        const size0 = await page.evaluate(() => getComputedStyle(document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('article')).fontSize);
        await page.keyboard.press('Enter');
        const size1 = await page.evaluate(() => getComputedStyle(document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('article')).fontSize);
        assert.ok(parseFloat(size1) > parseFloat(size0), `${size0} -> ${size1}`);
      }
      await page.close();
    }
  });

  test('typography and theme are remembered across pages; each theme passes axe', async () => {
    const page = await h.open(url(EN));
    await h.run(page, 'reader');
    await choose(page, '#theme', 'sepia');
    await choose(page, '#font', 'sans');
    await page.locator('[data-dana-surface=reader] #wider').click();
    const stored = await h.worker.evaluate(() => chrome.storage.sync.get('settings').then((s) => s.settings));
    assert.equal(stored.theme, 'sepia');
    assert.equal(stored.font, 'sans');
    await page.screenshot({ path: path.join(OUT, `reader-sepia-${EN.id}.png`), caret: 'initial' });
    await page.close();
    // Another page: the same settings.
    const other = await h.open(url(FA));
    await h.run(other, 'reader');
    const host = await other.evaluate(() => {
      const el = document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('.surface');
      // The reader's custom properties carry a suffix of their own (dom.js cssVar).
      const width = [...el.style].filter((p) => p.startsWith('--dana-width-')).map((p) => el.style.getPropertyValue(p)).join();
      return { theme: el.getAttribute('data-theme'), font: el.getAttribute('data-font'), width };
    });
    assert.deepEqual(host, { theme: 'sepia', font: 'sans', width: `${stored.lineWidth}em` });
    for (const theme of ['dark', 'light', 'sepia']) {
      await choose(other, '#theme', theme);
      const bad = await audit(other, ['[data-dana-surface=reader]'], `theme ${theme}`);
      assert.deepEqual(bad, [], `${theme}: ${JSON.stringify(bad)}`);
    }
    await choose(other, '#theme', 'dark');
    await other.screenshot({ path: path.join(OUT, `reader-dark-${FA.id}.png`), caret: 'initial' });
    await h.worker.evaluate(() => chrome.storage.sync.clear());
    await other.close();
  });

  test('read-aloud controls: axe, keyboard, and playing / paused / no voice announced', async () => {
    const page = await h.open(url(FA));
    await h.isolated(page, installVoices, [['Fake Persian', 'fa-IR'], ['Fake English', 'en-US']]);
    await h.run(page, 'speak');
    await waitStatus(page, /^Playing, voice Fake Persian\.$/);
    assert.equal(await page.evaluate(() => document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('.speechbar [role=status]').getAttribute('aria-live')), 'polite');
    let bad = await audit(page, ['[data-dana-surface=reader]'], 'read aloud');
    assert.deepEqual(bad, [], JSON.stringify(bad));
    // Focus starts on Play/Pause; Space pauses (keyboard), and the pause is announced.
    assert.equal(await page.evaluate(focused), 'play');
    await page.keyboard.press('Space');
    await waitStatus(page, /^Paused\.$/);
    // Every read-aloud control is reachable by Tab from Play.
    const controls = await page.evaluate(() => [...document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelectorAll('.speechbar button:not([disabled]), .speechbar select, .speechbar input')].map((c) => c.id));
    for (const c of ['play', 'next', 'rate', 'voice']) assert.ok(controls.includes(c), `${c} in ${controls}`);
    const seen = new Set();
    for (let i = 0; i < controls.length + 1; i++) {
      await page.keyboard.press('Tab');
      seen.add(await page.evaluate(focused));
    }
    await page.keyboard.press('Shift+Tab');
    assert.deepEqual(controls.filter((c) => c !== 'play' && !seen.has(c)), [], 'read-aloud controls never reached by Tab');
    await page.locator('[data-dana-surface=reader] #play').focus();
    await page.keyboard.press('Enter');
    await waitStatus(page, /^Playing/);
    await page.screenshot({ path: path.join(OUT, `speak-controls-${FA.id}.png`), caret: 'initial' });
    await page.close();

    // No voice for the language: announced in the same live region, and axe-clean.
    const en = await h.open(url(EN));
    await h.isolated(en, installVoices, [['Fake Persian', 'fa-IR']]);
    await h.run(en, 'speak');
    await waitStatus(en, /^No voice for (American )?English \(en.*\) is installed\./);
    bad = await audit(en, ['[data-dana-surface=reader]'], 'no voice');
    assert.deepEqual(bad, [], JSON.stringify(bad));
    await en.close();
  });

  test('strip bar, message panel and options page pass axe', async () => {
    const page = await h.open(url(EN));
    assert.equal((await h.run(page, 'strip')).active, true);
    let bad = await audit(page, ['[data-dana-surface=strip]'], 'strip bar');
    assert.deepEqual(bad, [], JSON.stringify(bad));
    await h.run(page, 'strip');
    await h.worker.evaluate(() => {
      self.__realExtract = self.dana.engine.extract;
      self.dana.engine.extract = () => {
        throw new Error('forced failure (test)');
      };
    });
    try {
      await h.run(page, 'reader');
    } finally {
      await h.worker.evaluate(() => (self.dana.engine.extract = self.__realExtract));
    }
    bad = await audit(page, ['[data-dana-surface=message]'], 'message');
    assert.deepEqual(bad, [], JSON.stringify(bad));
    await page.close();

    const opts = await h.context.newPage();
    await opts.goto(`chrome-extension://${new URL(h.worker.url()).host}/options/options.html`);
    await opts.evaluate(AXE);
    const v = await opts.evaluate(() => axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)));
    assert.deepEqual(v, []);
    await opts.locator('#theme').selectOption('dark');
    await opts.locator('#rate').fill('1.4');
    await opts.locator('button[type=submit]').click();
    await until(opts, () => document.getElementById('status').textContent === 'Saved.', null, 'Saved');
    const s = await h.worker.evaluate(() => chrome.storage.sync.get('settings').then((s) => s.settings));
    assert.equal(s.theme, 'dark');
    assert.equal(s.rate, 1.4);
    await opts.screenshot({ path: path.join(OUT, 'options.png'), caret: 'initial' });
    await h.worker.evaluate(() => chrome.storage.sync.clear());
    await opts.close();
  });
});
