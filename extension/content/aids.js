// Reading aids of the reader view's display (issue 16): letter and word spacing, text
// alignment, the bundled fonts (fonts/fonts.js) chosen per script, high-contrast themes and
// custom colours, and respect for the system's forced colours and reduced motion.
//
// The reader (reader.js) owns the toolbar and the settings; this module adds a "Display" panel
// under the toolbar (`mount`), the options of the Font and Theme selects (`choiceOptions`), its
// styles (`AIDS_CSS`, appended to the reader's) and applies the settings to the reader's host
// (`applyAids`, called from the reader's applySettings).

import { LIMITS, CHOICES, COLOURS } from '../defaults.js';
import { FONTS, SUBSET_RANGES } from '../fonts/fonts.js';
import { h, announceIn, cssVar } from './dom.js';
import { thisSite, keepForThisSite } from '../sites.js';
import { RULER_CSS, setRuler } from './ruler.js';
import { TOC_CSS, mountToc } from './toc.js';
import { MARKS_CSS } from './marks.js';

const LABELS = {
  font: { serif: 'Serif', sans: 'Sans-serif', atkinson: 'Atkinson', lexend: 'Lexend', opendyslexic: 'OpenDyslexic' },
  theme: { system: 'Follow system', light: 'Light', sepia: 'Sepia', dark: 'Dark', 'contrast-dark': 'Contrast dark', 'contrast-light': 'Contrast light', custom: 'Custom' },
  align: { start: 'Ragged', justify: 'Justified' },
  arabicFont: { auto: 'Automatic', naskh: 'Naskh', nastaliq: 'Nastaliq', system: 'System font' },
  ruler: { 0: 'Off', 1: '1 line', 3: '3 lines', 5: '5 lines' },
};

// The <option>s of a select for a setting listed in CHOICES, labelled in English.
export const choiceOptions = (key) => CHOICES[key].map((v) => h('option', { value: v, text: LABELS[key][v] }));

// The system's own faces, as the reader's stylesheet has them, behind a bundled face: generic
// families only, which a page's @font-face cannot redefine (dom.js styleRoot).
const SYSTEM_STACK = {
  serif: 'serif',
  sans: 'system-ui, sans-serif',
};

// Letters of the Arabic script (Arabic, Persian, Urdu, Pashto, ...): its blocks, the
// supplement, the extended blocks and the presentation forms.
const ARABIC_SCRIPT = /[\u0600-\u06ff\u0750-\u077f\u0870-\u08ff\ufb50-\ufdff\ufe70-\ufefc]/;

// The Arabic-script face for an article: the setting, or by the article's language when it is
// 'auto'. Urdu is written in Nastaliq; Arabic, Persian and Pashto are set in Naskh in print and
// on screen. null: the system's fonts.
export function arabicFace(setting, lang) {
  if (setting === 'naskh' || setting === 'nastaliq') return setting;
  if (setting === 'system') return null;
  return (lang || '').toLowerCase().split(/[-_]/)[0] === 'ur' ? 'nastaliq' : 'naskh';
}

// The font-family of the article. A bundled Arabic-script face comes first: its unicode-range
// (Arabic subset only) keeps it off Latin letters, which fall through to the Latin choice, and a
// system face with Arabic glyphs of its own (Segoe UI has them) cannot take the Arabic text.
export function fontStack(font, arabic) {
  const latin = FONTS[font] ? `'${familyOf(font)}', ${SYSTEM_STACK.sans}` : SYSTEM_STACK[font] || SYSTEM_STACK.serif;
  return arabic ? `'${familyOf(arabic)}', ${latin}` : latin;
}

// ---- fonts --------------------------------------------------------------------------------

// A bundled face can only be drawn from the document's own font registry, `document.fonts`,
// which the page's scripts can list. Measured in Chromium 156 and Firefox ESR 153: an
// @font-face rule in a shadow root's stylesheet is ignored (the text keeps the fallback's
// width), and a FontFace taken out of document.fonts stops being drawn at once. So the faces
// are in document.fonts only while the reader shows them (`useFonts`; `dropFonts` on close),
// under a family name that says nothing (not "Dana OpenDyslexic", a health-related choice the
// page would read there): the suffix of dom.js `cssVar`, drawn when this script loads, which
// also keeps a page from registering a face of the same name first.
const familyOf = (key) => cssVar(`--f${Object.keys(FONTS).indexOf(key)}`).slice(2);

const faces = new Map(); // FONTS key -> Promise of its loaded FontFaces (not yet added)
const wanted = new Set(); // the FONTS keys the reader shows now

const fromBase64 = (b64) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));

// The faces of a bundled family, loaded once per page. The service worker reads the files
// (fonts.js `fontBytes`); a FontFace made from bytes loads nothing over the network, so the
// page's CSP does not stand in its way and the page sees no extension URL.
function facesOf(key) {
  const font = FONTS[key];
  if (!faces.has(key)) {
    const all = Promise.all(
      font.faces.map(async ([file, subset, weight]) => {
        const reply = await chrome.runtime.sendMessage({ type: 'font', file });
        if (!reply || typeof reply.data !== 'string') throw new Error(`${file}: ${(reply && reply.error) || 'no reply'}`);
        const face = new FontFace(familyOf(key), fromBase64(reply.data), { weight, unicodeRange: SUBSET_RANGES[subset] });
        await face.load();
        return face;
      })
    ).catch((e) => {
      faces.delete(key); // tried again next time
      console.warn(`dana: font ${key} not loaded:`, e);
      return [];
    });
    faces.set(key, all);
  }
  return faces.get(key);
}

// Shows the bundled families `keys` (FONTS keys; others are ignored): their faces go into
// document.fonts, and every other bundled face comes out of it.
export function useFonts(keys) {
  wanted.clear();
  for (const k of keys) if (Object.hasOwn(FONTS, k)) wanted.add(k);
  for (const [key, loaded] of faces) if (!wanted.has(key)) loaded.then((list) => list.forEach((f) => document.fonts.delete(f)));
  return Promise.all(
    [...wanted].map(async (key) => {
      const list = await facesOf(key);
      // Still wanted once loaded: the user may have picked another font meanwhile.
      if (wanted.has(key)) list.forEach((f) => document.fonts.add(f));
    })
  );
}

// The reader closed: none of its faces stay in the page's registry.
export const dropFonts = () => useFonts([]);

// ---- colours ------------------------------------------------------------------------------

// WCAG 2 relative luminance and contrast ratio of two #rrggbb colours.
function luminance(hex) {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
export function contrastRatio(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

// ---- the Display panel ------------------------------------------------------------------------

// The panel is in the reader only while it is open, so that a closed panel's controls are not
// in the reader's tree at all (nothing hidden to tab past, nothing for axe to weigh).
let panel = null;
let displayButton = null;
let shown = null; // what applyAids last showed: [host, root, settings, lang]

// Adds the Display button to the reader's toolbar and its panel below it. `change(key, value)`
// is the reader's: it saves a setting and applies it; `settings()` the current settings.
// `save(format)` saves the article ('md' or 'html': export.js).
export function mount(root, { change, settings, save }) {
  const btn = (id, label, text, onclick) => h('button', { type: 'button', id, 'aria-label': label, title: label, onclick }, text);
  const step = (key, dir) => change(key, settings()[key] + dir * LIMITS[key][2]);
  // A select's value is a string; a numeric setting (the ruler's lines) is stored as a number.
  const select = (id, key, label) =>
    h('label', { class: 'group' }, h('span', { class: 'label', text: label }), h('select', { id, onchange: (e) => change(key, typeof settings()[key] === 'number' ? Number(e.target.value) : e.target.value) }, ...choiceOptions(key)));
  // Picking a colour switches to the custom theme: the colours would show nowhere else.
  const colour = (id, key, label) =>
    h('label', { class: 'group' }, h('span', { class: 'label', text: label }), h('input', { id, type: 'color', onchange: (e) => (change(key, e.target.value), change('theme', 'custom')) }));
  // On/off settings: a button pressed while the thing is shown.
  const toggle = (id, key, label) => btn(id, `Show ${label.toLowerCase()}`, label, () => change(key, !settings()[key]));
  const group = (label, ...kids) => h('span', { class: 'group', role: 'group', 'aria-label': label }, h('span', { class: 'label', 'aria-hidden': 'true', text: label }), ...kids);

  panel = h(
    'div',
    { role: 'toolbar', 'aria-label': 'Display', class: 'toolbar aids', id: 'display-panel' },
    group('Letters', btn('letters-tighter', 'Less space between letters', '−', () => step('letterSpacing', -1)), btn('letters-looser', 'More space between letters', '+', () => step('letterSpacing', 1))),
    group('Words', btn('words-tighter', 'Less space between words', '−', () => step('wordSpacing', -1)), btn('words-looser', 'More space between words', '+', () => step('wordSpacing', 1))),
    select('align', 'align', 'Align'),
    select('ruler', 'ruler', 'Line focus'),
    select('arabic-font', 'arabicFont', 'Arabic script'),
    toggle('images', 'images', 'Images'),
    toggle('links', 'links', 'Links'),
    colour('text-color', 'textColor', 'Text'),
    colour('background-color', 'backgroundColor', 'Background'),
    h('span', { id: 'contrast', class: 'label' }),
    // Screen-reader mode: the reader's own speech would talk over the user's screen reader.
    btn('screen-reader', 'Screen reader mode: no built-in read-aloud', 'Screen reader mode', () => change('screenReader', !settings().screenReader)),
    siteGroup(root, btn, settings),
    group('Save', btn('save-md', 'Save the article as Markdown', 'Markdown', () => save('md')), btn('save-html', 'Save the article as HTML, one web page', 'HTML', () => save('html'))),
    h('p', { class: 'forced-note', text: "Your system's contrast colours are on: the reader uses them instead of its themes and colours." })
  );
  const toolbar = root.querySelector('.toolbar');
  displayButton = btn('display', 'Display settings', 'Display', () => {
    const open = !panel.isConnected;
    if (open) {
      toolbar.after(panel);
      if (shown) applyAids(...shown);
      panel.querySelector('button:not(:disabled), select, input').focus();
    } else {
      panel.remove();
    }
    displayButton.setAttribute('aria-expanded', String(open));
  });
  displayButton.setAttribute('aria-expanded', 'false');
  toolbar.insertBefore(displayButton, toolbar.querySelector('.spacer'));
  mountToc(root, displayButton);
}

// "This site": the reader opening by itself on the page's site, and the site keeping settings of
// its own (sites.js). Nothing when the page is not an http(s) page. Opening by itself needs the
// site's permission, which only the worker can ask for: the message is sent from the click
// itself, so that Chromium hands the click's user gesture on to the worker (autoopen.js).
function siteGroup(root, btn, settings) {
  const { host } = thisSite();
  if (!host) return null;
  const say = (text) => announceIn(root.getElementById('announce'), text);
  const open = btn('site-open', `Open by itself on ${host}: the reader opens by itself on its pages`, 'Open by itself', () => {
    const on = open.getAttribute('aria-pressed') !== 'true';
    chrome.runtime
      .sendMessage({ type: on ? 'auto-open' : 'auto-open-off' })
      .then((r) => {
        const now = on ? !!(r && r.granted) : false;
        open.setAttribute('aria-pressed', String(now));
        // A browser that does not hand the click on to the worker (the request fails with an
        // error rather than a "no") leaves the options page's list, where the click is the page's own.
        const why = r && r.error ? 'Add the site in the options page.' : 'Permission not given.';
        say(on ? (now ? `Opens by itself on ${host}.` : why) : `No longer opens by itself on ${host}.`);
      })
      .catch(() => say('Not changed.'));
  });
  const own = btn('site-settings', `Own settings for ${host}: changes made here stay on this site`, 'Own settings', async () => {
    const on = !thisSite().own;
    await keepForThisSite(on, settings());
    own.setAttribute('aria-pressed', String(on));
    say(on ? `Settings kept for ${host}.` : 'Settings for every site.');
  });
  open.setAttribute('aria-pressed', String(thisSite().open));
  own.setAttribute('aria-pressed', String(thisSite().own));
  return h('span', { class: 'group', role: 'group', 'aria-label': `This site, ${host}` }, h('span', { class: 'label', 'aria-hidden': 'true', text: 'This site' }), open, own);
}

// Shows settings `s` on the reader's host (and in the panel); `lang` is the article's language.
export function applyAids(host, root, s, lang) {
  shown = [host, root, s, lang];
  const arabic = ARABIC_SCRIPT.test(root.querySelector('article')?.textContent || '') ? arabicFace(s.arabicFont, lang) : null;
  host.style.setProperty(cssVar('--dana-font'), fontStack(s.font, arabic));
  host.style.setProperty(cssVar('--dana-letters'), `${s.letterSpacing}em`);
  host.style.setProperty(cssVar('--dana-words'), `${s.wordSpacing}em`);
  host.setAttribute('data-align', s.align);
  host.setAttribute('data-arabic-face', arabic || 'system');
  host.setAttribute('data-images', s.images ? 'on' : 'off');
  host.setAttribute('data-links', s.links ? 'on' : 'off');
  host.setAttribute('data-screen-reader', s.screenReader ? 'on' : 'off');
  // Links shown as plain text are out of the Tab order too.
  for (const a of root.querySelectorAll('article a[href]')) {
    if (s.links) a.removeAttribute('tabindex');
    else a.setAttribute('tabindex', '-1');
  }
  const [fg, bg] = COLOURS.keys.map((k) => (COLOURS.pattern.test(s[k]) ? s[k] : null));
  if (fg) host.style.setProperty(cssVar('--dana-custom-fg'), fg);
  if (bg) host.style.setProperty(cssVar('--dana-custom-bg'), bg);
  useFonts([s.font, arabic]);
  setRuler(root, s.ruler);
  if (!panel || !panel.isConnected) return;

  const q = (sel) => panel.querySelector(sel);
  const near = (a, b) => Math.abs(a - b) < 1e-9;
  q('#letters-tighter').disabled = near(s.letterSpacing, LIMITS.letterSpacing[0]);
  q('#letters-looser').disabled = near(s.letterSpacing, LIMITS.letterSpacing[1]);
  q('#words-tighter').disabled = near(s.wordSpacing, LIMITS.wordSpacing[0]);
  q('#words-looser').disabled = near(s.wordSpacing, LIMITS.wordSpacing[1]);
  q('#align').value = s.align;
  q('#images').setAttribute('aria-pressed', String(s.images));
  q('#links').setAttribute('aria-pressed', String(s.links));
  q('#screen-reader').setAttribute('aria-pressed', String(s.screenReader));
  // This site's choices, as last read or as changed in another tab (sites.js changedHere).
  const site = thisSite();
  q('#site-settings')?.setAttribute('aria-pressed', String(site.own));
  q('#site-open')?.setAttribute('aria-pressed', String(site.open));
  q('#ruler').value = String(s.ruler);
  q('#arabic-font').value = s.arabicFont;
  if (fg) q('#text-color').value = fg;
  if (bg) q('#background-color').value = bg;
  // Below 4.5:1 (WCAG AA for body text) the custom colours are hard to read for many people.
  const ratio = fg && bg ? contrastRatio(fg, bg) : 0;
  q('#contrast').textContent = ratio ? `Contrast ${ratio.toFixed(1)}:1${ratio < 4.5 ? ' (low)' : ''}` : '';
}

export const AIDS_CSS = `${RULER_CSS}${TOC_CSS}${MARKS_CSS}
.surface[data-images=off] article :is(figure, img, picture, video) { display: none; }
/* Screen-reader mode: the read-aloud controls are out of sight and out of the accessibility tree. */
.surface[data-screen-reader=on] :is(#speak, #speechbar) { display: none; }
.surface[data-links=off] article a { color: inherit; text-decoration: none; pointer-events: none; }
main { font-family: var(--dana-font); }
article { letter-spacing: var(--dana-letters, normal); word-spacing: var(--dana-words, normal); }
/* Spacing letters apart breaks the joins of a cursive script. */
article:is(:lang(ar), :lang(fa), :lang(ur), :lang(ps), :lang(ckb), :lang(sd), :lang(ug)), article [dir=rtl] { letter-spacing: normal; }
/* Nastaliq's letters climb and descend far more than Naskh's: more room between the lines. */
.surface[data-arabic-face=nastaliq] article:lang(ur) { line-height: calc(var(--dana-leading, 1.6) * 1.35); }
.surface[data-align=justify] article :is(p, li, blockquote) { text-align: justify; hyphens: auto; }
.surface[data-theme=contrast-dark] { --bg: #000; --fg: #fff; --muted: #fff; --link: #ffff00; --rule: #fff; --bar: #000;
--hl: #ffff00; --hl-fg: #000; --focus: #00ffff; --speaking: rgba(255, 255, 0, .25); }
.surface[data-theme=contrast-light] { --bg: #fff; --fg: #000; --muted: #000; --link: #0000c8; --rule: #000; --bar: #fff;
--hl: #ffff00; --hl-fg: #000; --focus: #c00000; --speaking: rgba(255, 255, 0, .35); }
/* The user's two colours everywhere; the highlight swaps them. */
.surface[data-theme=custom] { --bg: var(--dana-custom-bg); --fg: var(--dana-custom-fg); --muted: var(--fg); --link: var(--fg); --rule: var(--fg);
--bar: var(--bg); --hl: var(--fg); --hl-fg: var(--bg); --focus: var(--fg); --speaking: transparent; }
/* Links that are the text's colour or close to it stand out by their underline. */
.surface:is([data-theme=custom], [data-theme=contrast-dark], [data-theme=contrast-light]) a { text-decoration-thickness: 2px; text-underline-offset: 3px; }
.aids { border-top: 1px solid var(--rule); animation: dana-appear .15s ease-out; }
@keyframes dana-appear { from { opacity: 0; } to { opacity: 1; } }
input[type=color] { width: 3em; padding: 2px; }
.forced-note { display: none; margin: 0; flex-basis: 100%; }
@media (forced-colors: active) { .forced-note { display: block; } }
/* Printing the reader prints the article: no controls or shades, black on white, link targets written out. */
@media print {
.controls, .ruler-shade, .toc { display: none !important; }
.surface, .surface[data-theme] { --bg: #fff; --fg: #000; --muted: #333; --link: #000; --rule: #999; background: #fff; color: #000; min-height: 0; }
main { padding: 0; }
article { max-width: none; }
article a[href^=http]::after { content: " (" attr(href) ")"; font-size: .8em; overflow-wrap: anywhere; }
h1, h2, h3, h4, h5, h6 { break-after: avoid; }
figure, blockquote, pre, li { break-inside: avoid; }
}
@media (prefers-reduced-motion: reduce) {
*, ::before, ::after { animation-duration: 0s !important; transition-duration: 0s !important; scroll-behavior: auto !important; }
}
`;
