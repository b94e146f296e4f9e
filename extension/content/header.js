// The reader's header: site name, headline, byline, dates and reading time, and whether the
// page is one a reader view is for.
//
// The engine decides what to show (src/meta.rs, src/lang.rs): the names, the dates as ISO days
// with the page's own offset, and the words around them in the article's language
// (`ex.chrome`). This module only places them:
// - a date is shown as the calendar day the page gives (its first ten characters), formatted
//   in UTC so that the reader's own time zone never moves it a day;
// - the byline and the site name are page text: each sits in a <bdi>, so a bidi control in it
//   (U+202E and kin) cannot reorder the words around it.

import { h } from './dom.js';
import { formatDay } from '../days.js';

// Below this `readerable`, the reader says the page does not look like an article and offers
// to show it anyway or to read the selection. Measured on the modern set (docs/METADATA.md):
// at 0.35 it holds back 12 of 270 article, documentation, forum and blog pages and 64 of 88
// product, listing and collection pages.
export const READERABLE_THRESHOLD = 0.35;

export const looksLikeArticle = (ex) => typeof ex.readerable !== 'number' || ex.readerable >= READERABLE_THRESHOLD;

// The calendar day of an ISO date in `lang`: days.js (shared with the service worker).
export { formatDay };

// The header element and its h1 (the title the reader focuses). `lang` is the article's.
// `ex.days` (from the worker: background.js `article`) holds the dates already formatted in
// `lang`, when the worker knew that language; otherwise they are formatted here.
export function buildHeader(ex, lang, titleText) {
  const chrome = ex.chrome || {};
  const titleEl = h('h1', { id: 'dana-title', tabindex: '-1', text: titleText });
  const days = ex.days && ex.days.lang === lang ? ex.days : {};
  const format = (iso) => (Object.hasOwn(days, iso) ? days[iso] : formatDay(iso, lang));
  const day = (iso) => h('time', { datetime: iso.slice(0, 10), text: format(iso) });
  const parts = [];
  if (ex.byline) parts.push(h('bdi', { class: 'byline', text: ex.byline }));
  if (ex.published && format(ex.published)) parts.push(day(ex.published));
  if (ex.modified && format(ex.modified) && ex.modified.slice(0, 10) !== (ex.published || '').slice(0, 10)) {
    parts.push(h('span', { class: 'updated', lang: chrome.lang || null }, `${chrome.updated || 'Updated'} `, day(ex.modified)));
  }
  if (chrome.readingTime) parts.push(h('span', { class: 'reading-time', lang: chrome.lang || null, text: chrome.readingTime }));
  const meta = parts.length ? h('p', { class: 'meta' }) : null;
  parts.forEach((part, i) => meta.append(...(i ? [' · ', part] : [part])));
  const site = ex.siteName ? h('p', { class: 'site' }, h('bdi', { text: ex.siteName })) : null;
  return { header: h('header', { class: 'head' }, site, titleEl, meta), titleEl };
}
