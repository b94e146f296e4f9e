// What the Chromium and the Firefox tests of the extension share: the pages written for the
// tests, the corpus helpers and the fake speech engine. Functions that run inside a page or in
// the content scripts' world are self-contained (they travel as source text).

import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { corpusRoot, corpusIndex } from './corpus.mjs';

export const DEMO_NAV = ['Front page', 'World news', 'Technology', 'Subscribe today', 'Sign in to comment'];
// Its images are lazy as a lazy loader leaves them: the one above the article already swapped
// (its `data-src` in `src`), the article's own still a placeholder (the reader loads a lazy
// attribute only when the page's script swaps it in: content/capture.js).
export const DEMO_PAGE = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>How a reader view finds the article | The Example Gazette</title>
<meta name="author" content="Ada Example"><meta property="og:site_name" content="The Example Gazette">
<meta property="article:published_time" content="2026-11-02T09:30:00Z"></head>
<body>
<header><nav><ul>${DEMO_NAV.map((t, i) => `<li><a href="/n${i}">${t}</a></li>`).join('')}</ul></nav></header>
<div class="cookie-box"><p>We use cookies. <a href="/privacy">Privacy settings</a> <a href="/ok">Accept all cookies</a></p></div>
<div class="ad"><a href="/ad"><img src="/demo.png?ad" data-src="/demo.png?ad" class="lazyloaded" alt="Advertisement"></a></div>
<main><article>
<h1>How a reader view finds the article</h1>
<p>Most web pages wrap a few paragraphs of text in a great deal of markup: menus, sidebars, advertising and forms. A reader view has to decide which part of the page is the article, and it has to do so quickly, on every kind of page.</p>
<p>The method used here looks at each line of the page and compares how much of it is text with how much of it is code. Lines of running prose are mostly text; lines of navigation are mostly tags and links.</p>
<h2>Three steps</h2>
<ol><li>Count the content and the code on every line.</li><li>Smooth the difference over neighbouring lines.</li><li>Keep the largest region where content wins, with its close neighbours.</li></ol>
<p>The regions that remain are rebuilt as clean paragraphs, headings, lists, quotations and figures, and nothing else of the page survives.</p>
<blockquote><p>A page is a mixture of writing and machinery; the reader only wants the writing.</p></blockquote>
<p>Pictures that belong to the story stay with it, together with their captions, while the advertising pictures around the story are left behind with the rest of the page furniture.</p>
<figure><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="/demo.png" class="lazy" alt="A page of text"><figcaption>The icon shows a page of text, which is all that a reader view keeps.</figcaption></figure>
<p>The same rule works for scripts written from right to left. A paragraph in Arabic keeps its own direction inside an English article:</p>
<p>هذه فقرة قصيرة مكتوبة باللغة العربية لتجربة اتجاه النص داخل مقال باللغة الإنجليزية.</p>
<pre><code>count(line) = text(line) - code(line)</code></pre>
<p>Everything runs inside the browser, on the reader's own computer, so the page never has to be sent anywhere else to be cleaned up.</p>
</article></main>
<aside><h2>Related stories</h2><ul><li><a href="/r1">Ten tips for faster pages</a></li><li><a href="/r2">Why menus keep growing</a></li><li><a href="/r3">The history of the banner advert</a></li></ul></aside>
<div class="newsletter"><form><label>Email <input type="email" name="email"></label><button>Sign up for the newsletter</button></form></div>
<footer><p><a href="/about">About us</a> · <a href="/contact">Contact</a> · <a href="/terms">Terms of use</a></p></footer>
</body></html>`;

export const langOf = (p) => corpusIndex(p.set).find((r) => r.id === p.id)?.lang || 'en';
export const pathOf = (p, prefix = 'corpus') => `/${prefix}/${p.set}/pages/${p.id}.html`;
export const norm = (s) => s.replace(/\s+/g, ' ').trim();

export function goldLines(p) {
  const file = path.join(corpusRoot(), p.set, 'gold', `${p.id}.txt`);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').map(norm).filter((l) => l.length > 80);
}

// A fake speech engine for the content scripts' (isolated) world: records what is spoken and
// lets the test end each utterance (`__fake.finish()`) or fire a word boundary in it
// (`__fake.boundary(charIndex, charLength)`, which returns the utterance's text). A voice is
// [name, lang] or [name, lang, localService]: on the device unless that is false. Runs inside
// the page, so it must be self-contained.
export function installFakeSpeech(voiceList) {
  const rec = { spoken: [], cancels: 0, current: null, boundaries: 0 };
  class Utterance {
    constructor(text) {
      Object.assign(this, { text, lang: '', voice: null, rate: 1, pitch: 1, volume: 1 });
      this.onstart = this.onend = this.onerror = this.onboundary = null;
    }
  }
  const fire = (u, type, extra = {}) => u['on' + type] && u['on' + type]({ type, utterance: u, charIndex: 0, ...extra });
  const voices = voiceList.map(([name, lang, local], i) => ({ name, lang, default: i === 0, localService: local !== false, voiceURI: name }));
  const synth = {
    speaking: false,
    pending: false,
    paused: false,
    getVoices: () => voices,
    addEventListener() {},
    removeEventListener() {},
    speak(u) {
      rec.spoken.push({ text: u.text, lang: u.lang, voice: u.voice && u.voice.name, rate: u.rate });
      rec.current = u;
      fire(u, 'start');
      fire(u, 'boundary', { name: 'word' });
      rec.boundaries++;
    },
    cancel() {
      rec.cancels++;
      const u = rec.current;
      rec.current = null;
      if (u) fire(u, 'error', { error: 'interrupted' });
    },
    pause() {},
    resume() {},
  };
  rec.boundary = (charIndex, charLength) => {
    const u = rec.current;
    if (u) fire(u, 'boundary', { name: 'word', charIndex, charLength });
    return u ? u.text : null;
  };
  rec.finish = () => {
    const u = rec.current;
    rec.current = null;
    if (u) fire(u, 'end');
  };
  globalThis.__fake = rec;
  Object.defineProperty(globalThis, 'speechSynthesis', { value: synth, configurable: true, writable: true });
  globalThis.SpeechSynthesisUtterance = Utterance;
  return voices.length;
}

export const fakeRecord = () => ({ spoken: globalThis.__fake.spoken, cancels: globalThis.__fake.cancels, boundaries: globalThis.__fake.boundaries });
export const fakeFinish = () => (globalThis.__fake.finish(), globalThis.__fake.spoken.length);

// What read-aloud's sentence mark covers now (the spans it draws inside the reader's shadow
// root, open in the tests: extension/content/marks.js), and where it is on the screen; null
// when nothing is marked.
export function highlightNow() {
  const root = document.querySelector('[data-dana-surface=reader]')?.shadowRoot;
  const marks = root ? [...root.querySelectorAll('[data-hl=sentence]')] : [];
  if (!marks.length) return null;
  const range = document.createRange();
  range.setStartBefore(marks[0]);
  range.setEndAfter(marks.at(-1));
  const box = range.getBoundingClientRect();
  return { text: range.toString(), top: box.top, bottom: box.bottom, vh: innerHeight };
}

// The text of read-aloud's word mark now, or null.
export function wordNow() {
  const root = document.querySelector('[data-dana-surface=reader]')?.shadowRoot;
  const marks = root ? [...root.querySelectorAll('[data-hl=word]')] : [];
  return marks.length ? marks.map((m) => m.textContent).join('') : null;
}

/**
 * A page of 30 bare links: visible text, but no region above the axis. The engine's last resort
 * gives its text, and the reader says it does not look like an article (issue 14's panel).
 */
export const LINKS_PAGE = `<!DOCTYPE html><html lang="en"><head><title>Links</title></head><body>
<ul id="links">${Array.from({ length: 30 }, (_, i) => `<li><a href="/x${i}">Link number ${i}</a></li>`).join('')}</ul></body></html>`;

/** The same links inside `<nav>`: navigation is pruned, so the page has no article at all. */
export const NAV_PAGE = LINKS_PAGE.replace('<ul id="links">', '<nav><ul id="links">').replace('</ul>', '</ul></nav>');
