// The reader's settings and their defaults, shared by the service worker, the content scripts
// (bundled into them, see build.mjs) and the options page, all of which import this module.
// Stored under the key "settings" in chrome.storage.sync, so they follow the reader across
// pages (and devices, where the browser syncs).
export const DEFAULTS = Object.freeze({
  mode: 'reader',        // what the toolbar button does: 'reader' | 'speak' | 'strip'
  theme: 'system',       // 'system' | 'light' | 'sepia' | 'dark'
  font: 'serif',         // 'serif' | 'sans'
  fontSize: 20,          // CSS pixels, 14..32
  lineWidth: 38,         // em, 28..56
  lineHeight: 1.6,       // 1.3..2.0
  voice: '',             // a voice name; '' = the first voice matching the article's language
  rate: 1,               // speechSynthesis rate, 0.5..2
});

// [min, max, step] of each numeric setting.
export const LIMITS = Object.freeze({
  fontSize: [14, 32, 2],
  lineWidth: [28, 56, 4],
  lineHeight: [1.3, 2.0, 0.1],
  rate: [0.5, 2, 0.1],
});

// Merges stored settings over the defaults, keeping only known keys with values of the right type.
export function settingsFrom(stored) {
  const out = { ...DEFAULTS };
  for (const [k, v] of Object.entries(stored || {})) {
    if (k in out && typeof v === typeof out[k]) out[k] = v;
  }
  return out;
}
