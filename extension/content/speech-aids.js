// Read-aloud aids (issue 16): the word being spoken highlighted from the speech engine's
// `boundary` events, and voices kept on the device.
//
// Word highlighting: a voice that reports word boundaries fires `boundary` events with the
// character index (and, in Chromium, the length) of each word in the utterance, which is one
// of the engine's sentences; the word is highlighted inside the sentence's highlight. A voice
// that fires none (many network and some system voices) leaves the sentence highlight alone,
// which is the fallback. The user picks word, sentence or no highlight (`highlight` setting).
//
// Voices on this device only (`localVoices`, on by default): a voice whose `localService` is
// false sends the text to a speech server (the browser's or the system's vendor); Dana Reader
// otherwise sends nothing anywhere (PRIVACY.md), so those voices are offered only when the user
// allows them, and are then marked "network".

import { h } from './dom.js';
import { blockRange } from './article.js';
import { CHOICES } from '../defaults.js';

const WORD = 'dana-word';

const LABELS = { word: 'Word', sentence: 'Sentence', none: 'None' };

// The voices to offer under the settings.
export const offeredVoices = (all, settings) => (settings.localVoices ? all.filter((v) => v.localService) : all);

// How a voice is listed: network voices say so.
export const voiceLabel = (v) => `${v.name} (${v.lang}${v.localService ? '' : ', network'})`;

export function clearWord() {
  if (globalThis.CSS && CSS.highlights) CSS.highlights.delete(WORD);
}

// Highlights the word a `boundary` event `e` points at in sentence `s` (its block element
// `el`), when the user wants words highlighted.
export function highlightWord(e, s, el, mode) {
  if (mode !== 'word' || !e || (e.name && e.name !== 'word') || !el) return;
  const at = e.charIndex;
  if (!(at >= 0 && at < s.text.length)) return;
  // Without charLength (Firefox, some voices): up to the next space.
  const len = e.charLength > 0 ? e.charLength : (/^\S*/.exec(s.text.slice(at)) || [''])[0].length;
  if (!len) return;
  const range = blockRange(el, s.start + at, s.start + at + len);
  if (range && globalThis.Highlight) CSS.highlights.set(WORD, new Highlight(range));
}

// The speech bar's own controls: the highlight (word, sentence, none) and "voices on this
// device only". `save(changes)` stores settings; `onVoices()` lists the voices again.
export function speechAidControls(settings, save, onVoices) {
  const mode = h(
    'select',
    { id: 'highlight', onchange: (e) => (save({ highlight: e.target.value }), e.target.value !== 'word' && clearWord()) },
    ...CHOICES.highlight.map((v) => h('option', { value: v, text: LABELS[v] }))
  );
  mode.value = settings.highlight;
  const local = h('input', { id: 'local-voices', type: 'checkbox', onchange: (e) => (save({ localVoices: e.target.checked }), onVoices()) });
  local.checked = settings.localVoices;
  return [
    h('label', { class: 'group' }, h('span', { class: 'label', text: 'Highlight' }), mode),
    h('label', { class: 'group' }, local, h('span', { text: 'Voices on this device only' })),
  ];
}

export const SPEECH_AIDS_CSS = `
::highlight(dana-word) { background-color: var(--fg); color: var(--bg); }
@media (forced-colors: active) { ::highlight(dana-word) { background-color: CanvasText; color: Canvas; } }
`;
