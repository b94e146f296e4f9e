// The reader's settings and their defaults, shared by the service worker, the content scripts
// (bundled into them, see build.mjs) and the options page, all of which import this module.
// Stored under the key "settings" in chrome.storage.sync, so they follow the reader across
// pages (and devices, where the browser syncs).
export const DEFAULTS = Object.freeze({
  mode: 'reader',        // what the toolbar button does: 'reader' | 'speak' | 'strip'
  theme: 'system',       // CHOICES.theme; 'custom' uses textColor and backgroundColor
  font: 'serif',         // CHOICES.font
  fontSize: 20,          // CSS pixels, 14..32
  lineWidth: 38,         // em, 28..56
  lineHeight: 1.6,       // 1.3..2.0
  voice: '',             // a voice name; '' = the first voice matching the article's language
  rate: 1,               // speechSynthesis rate, 0.5..2
  // Reading aids (content/aids.js)
  letterSpacing: 0,      // em added between letters, 0..0.12
  wordSpacing: 0,        // em added between words, 0..0.4
  align: 'start',        // CHOICES.align
  arabicFont: 'auto',    // CHOICES.arabicFont: the face for Arabic-script text
  ruler: 0,              // CHOICES.ruler: lines the reading ruler leaves clear; 0 = no ruler
  images: true,          // the article's pictures shown
  links: true,           // the article's links shown as links (false: as plain text)
  highlight: 'word',     // CHOICES.highlight: what read-aloud highlights (word: where the voice reports words)
  localVoices: true,     // offer only voices that run on the device (localService)
  readCode: true,        // read-aloud reads code blocks (false: skips them)
  readTables: true,      // read-aloud reads tables, row by row (false: skips them)
  readCaptions: true,    // read-aloud reads the captions of figures (false: skips them)
  readEmbeds: true,      // read-aloud reads the titles of embedded videos and posts (false: skips them)
  readMath: true,        // read-aloud reads formulas, their text (false: skips display formulas and leaves inline ones out of their sentence)
  screenReader: false,   // screen-reader mode: the built-in read-aloud off (its controls hidden), messages short
  rememberPosition: true, // reopening an article returns to where the reader was (content/position.js)
  textColor: '#1d1d1f',  // the 'custom' theme's colours, #rrggbb
  backgroundColor: '#fbfbf8',
});

// [min, max, step] of each numeric setting.
export const LIMITS = Object.freeze({
  fontSize: [14, 32, 2],
  lineWidth: [28, 56, 4],
  lineHeight: [1.3, 2.0, 0.1],
  rate: [0.5, 2, 0.1],
  letterSpacing: [0, 0.12, 0.02],
  wordSpacing: [0, 0.4, 0.08],
});

// The allowed values of each setting that is one of a list.
export const CHOICES = Object.freeze({
  mode: Object.freeze(['reader', 'speak', 'strip']),
  theme: Object.freeze(['system', 'light', 'sepia', 'dark', 'contrast-dark', 'contrast-light', 'custom']),
  // serif and sans are the system's; the others are bundled (fonts/fonts.js).
  font: Object.freeze(['serif', 'sans', 'atkinson', 'lexend', 'opendyslexic']),
  align: Object.freeze(['start', 'justify']),
  // auto: Nastaliq for Urdu, Naskh for Arabic, Persian, Pashto and the rest; system: no bundled face.
  arabicFont: Object.freeze(['auto', 'naskh', 'nastaliq', 'system']),
  ruler: Object.freeze([0, 1, 3, 5]),
  highlight: Object.freeze(['word', 'sentence', 'none']),
});

// The settings that are colours, and the form they must have.
export const COLOURS = Object.freeze({ keys: Object.freeze(['textColor', 'backgroundColor']), pattern: /^#[0-9a-f]{6}$/ });

// A voice is named by the system (`SpeechSynthesisVoice.name`); longer names are not voices.
export const MAX_VOICE_NAME = 200;

// Decimal places of a LIMITS step (0.02 -> 2), so a value keeps the precision its steps have.
const places = (step) => (String(step).split('.')[1] || '').length;

// One setting's value as it may be used and stored, or undefined when it is not allowed:
// choices from CHOICES, numbers within LIMITS (rounded to the step's precision), colours of
// COLOURS' form, on/off settings as booleans, a voice name of printable characters. Storage is
// shared by every page the reader opens on, so what is read from it is checked as much as
// what is written to it.
export function validSetting(key, value) {
  if (!Object.hasOwn(DEFAULTS, key)) return undefined;
  if (Object.hasOwn(CHOICES, key)) return CHOICES[key].includes(value) ? value : undefined;
  if (Object.hasOwn(LIMITS, key)) {
    if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
    const [min, max, step] = LIMITS[key];
    const scale = 10 ** places(step);
    return Math.round(Math.min(max, Math.max(min, value)) * scale) / scale;
  }
  if (COLOURS.keys.includes(key)) return typeof value === 'string' && COLOURS.pattern.test(value) ? value : undefined;
  if (typeof DEFAULTS[key] === 'boolean') return typeof value === 'boolean' ? value : undefined;
  if (key === 'voice') return typeof value === 'string' && value.length <= MAX_VOICE_NAME && !/[\u0000-\u001f\u007f]/.test(value) ? value : undefined;
  return undefined;
}

// Stored settings over the defaults: known keys with allowed values only (validSetting), the
// default for anything else.
export function settingsFrom(stored) {
  const out = { ...DEFAULTS };
  if (!stored || typeof stored !== 'object') return out;
  for (const k of Object.keys(DEFAULTS)) {
    const v = Object.hasOwn(stored, k) ? validSetting(k, stored[k]) : undefined;
    if (v !== undefined) out[k] = v;
  }
  return out;
}
