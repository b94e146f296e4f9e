// Read aloud: the engine's sentences, one utterance each, through the Web Speech API
// (speechSynthesis), inside the reader view so that the sentence being spoken can be
// highlighted (marks.js: elements inside the reader's shadow root) and kept in view.
//
// This module knows the reader only through the view it is started with (reader.js
// `speechView()`): the reader's shadow root and host, the blocks and sentences, and block i's
// element, which is the engine's own element for that block (`data-block="i"`). A sentence
// `{ block, start, end }` is a range of UTF-16 offsets into that block's text, and the block's
// text is the text of its element (article.js `blockRange`), so the highlight is found without
// re-deriving the engine's whitespace rules here.
//
// Pause is implemented as cancel-and-remember: Chrome's speechSynthesis.pause() does not pause
// on every platform, while cancelling and speaking the current sentence again on Play always
// works. Events of a cancelled utterance are ignored by comparing a per-utterance token.
//
// speechSynthesis and SpeechSynthesisUtterance are looked up at each use, on this (isolated)
// world's globals, so that a test can install a fake speech engine before or after injection.

import { LIMITS } from '../defaults.js';
import { h, languageName, announceIn } from './dom.js';
import { blockRange } from './article.js';
import { mark, unmark } from './marks.js';
import { follow as rulerFollow } from './ruler.js';
import { clearWord, highlightWord, offeredVoices, readable, speechAidControls, spoken, voiceLabel } from './speech-aids.js';
import { followHeadings } from './toc.js';
import { rememberSpeechPlace, speechPlace } from './position.js';
import { mediaPlaying, mediaStart, mediaStop } from './media.js';

let view = null; // the reader's speechView() while the speech bar is open
let playing = false;
let sentences = [];
let idx = 0;
let token = 0;
let voice = null;
let voices = []; // the voices offered (speech-aids.js offeredVoices)
let allVoices = []; // every voice the system has
let bar = null;

const synth = () => globalThis.speechSynthesis;

function announce(text, warn = false) {
  const status = bar && bar.querySelector('.status');
  if (!status) return;
  status.classList.toggle('warn', warn);
  announceIn(status, text, 30);
}

// The engine's sentences of the blocks the settings read (speech-aids.js `readable`: code,
// tables and captions may be skipped); if it returned none for a block with text, the block is
// read whole.
function sentencesOf(blocks, given, settings) {
  const out = given.filter((s) => readable(blocks[s.block], settings)).map((s) => ({ ...s }));
  const covered = new Set(given.map((s) => s.block));
  blocks.forEach((b, i) => {
    if (b.text && !covered.has(i) && readable(b, settings)) out.push({ text: b.text, block: i, start: 0, end: b.text.length });
  });
  out.sort((a, b) => a.block - b.block || a.start - b.start);
  return out;
}

// The first sentence at or after `place` ({ block, start }), or -1.
const sentenceAt = (place) => sentences.findIndex((s) => s.block > place.block || (s.block === place.block && s.end > place.start));

// Takes the sentences again after the kinds read changed, staying where reading is.
function retakeSentences() {
  const here = sentences[idx];
  sentences = sentencesOf(view.blocks, view.sentences, view.settings());
  const i = here ? sentenceAt(here) : 0;
  idx = i < 0 ? Math.max(0, sentences.length - 1) : i;
  if (playing) jump(idx);
  else updateButtons();
}

// The first sentence of the next paragraph (dir 1), or of this one when reading is past its
// start and else of the previous one (dir -1), as a player's previous-track does.
function paragraphStep(dir) {
  const here = sentences[idx];
  if (!here) return idx;
  if (dir > 0) {
    const i = sentences.findIndex((s) => s.block > here.block);
    return i < 0 ? idx : i;
  }
  const first = sentences.findIndex((s) => s.block === here.block);
  if (first < idx) return first;
  const prev = sentences.findLast((s) => s.block < here.block);
  return prev ? sentences.findIndex((s) => s.block === prev.block) : idx;
}

// Going to a heading (the H keys, Contents) takes reading there too.
function onHeading(el) {
  if (!view || !el.dataset || el.dataset.block === undefined) return;
  const i = sentenceAt({ block: Number(el.dataset.block), start: 0 });
  if (i >= 0) jump(i);
}

// Remembers where reading is, for Read aloud to resume there (position.js).
function rememberPlace(done = false) {
  const s = sentences[idx];
  if (view) rememberSpeechPlace(done || !s ? null : s, view.settings());
}

async function loadVoices() {
  const s = synth();
  if (!s) return [];
  let v = s.getVoices();
  if (v.length) return v;
  // Chrome fills the list asynchronously; wait for it a little.
  await new Promise((resolve) => {
    const t = setTimeout(resolve, 1500);
    s.addEventListener?.('voiceschanged', () => (clearTimeout(t), resolve()), { once: true });
  });
  return s.getVoices();
}

const base = (lang) => (lang || '').toLowerCase().split(/[-_]/)[0];

function chooseVoice(lang, preferred) {
  const want = base(lang);
  const matching = want ? voices.filter((v) => base(v.lang) === want) : voices;
  return matching.find((v) => v.name === preferred) || matching.find((v) => v.default) || matching[0] || null;
}

// The range of sentence s in its block's element; null (no highlight, a warning) if the
// element's text does not hold the sentence where the engine says, which would be a fault.
// A table row is said with its column names (src/sentences.rs), so what the element must
// hold there is the block's own text between the offsets: the row's cells.
function rangeFor(s) {
  const el = view.blockEl(s.block);
  const range = el && blockRange(el, s.start, s.end);
  const block = view.blocks[s.block];
  const written = block && block.kind === 'table' ? block.text.slice(s.start, s.end) : s.text;
  if (range && range.toString() === written) return range;
  if (el) console.warn(`dana: sentence not found at ${s.start}..${s.end} of block ${s.block}`);
  return null;
}

function highlight(i) {
  const { root, host } = view;
  for (const el of root.querySelectorAll('.speaking')) el.classList.remove('speaking');
  clearWord(root);
  unmark(root, 'sentence');
  const s = sentences[i];
  if (!s) return;
  const el = view.blockEl(s.block);
  const shown = view.settings().highlight !== 'none'; // the user may want no highlight at all
  if (el && shown) el.classList.add('speaking');
  const found = rangeFor(s);
  // The marks' own range: the one found is spent in marking (its text nodes are split).
  const range = found && shown ? mark(found, 'sentence') : found;
  host.setAttribute('data-sentence', String(i));
  // Kept in view below the sticky controls.
  const box = (range || el)?.getBoundingClientRect();
  const top = root.querySelector('.controls').getBoundingClientRect().bottom;
  if (box && (box.top < top + 8 || box.bottom > innerHeight - 24)) {
    const smooth = !matchMedia('(prefers-reduced-motion: reduce)').matches;
    // The sentence a third of the way down the free area: what follows it stays visible.
    // A sentence too tall for that goes to the top of the free area.
    const free = innerHeight - top;
    const at = box.height > (free * 2) / 3 ? top + 8 : top + free / 3;
    scrollBy({ top: box.top - at, behavior: smooth ? 'smooth' : 'auto' });
  }
  rulerFollow(range || el); // the reading ruler, when on, moves to the sentence
}

function speakCurrent() {
  // Screen-reader mode turned on while reading (the Display panel, another tab): reading stops.
  if (view.settings().screenReader) return stop();
  const here = sentences[idx];
  if (!here) return finish();
  // Said without its inline formulas when math is not read; a sentence of formulas alone is passed.
  const s = spoken(here, view.blockEl(here.block), view.settings());
  if (!s) return ++idx < sentences.length ? speakCurrent() : finish();
  const my = ++token;
  const u = new globalThis.SpeechSynthesisUtterance(s.text);
  // A block in another script than the article's has its own language (the engine's
  // Block::lang, written as its element's lang attribute): it is read by a voice of that
  // language when the system has one.
  const own = view.blockEl(s.block)?.getAttribute('lang');
  const v = (own && base(own) !== base(view.lang) && chooseVoice(own, '')) || voice;
  u.lang = (v && v.lang) || own || view.lang || '';
  if (v) u.voice = v;
  u.rate = view.settings().rate;
  u.onboundary = (e) => my === token && highlightWord(e, s, view.blockEl(s.block), view.settings().highlight);
  u.onend = () => {
    if (my !== token || !playing) return;
    // The speech queue is the page's too: an utterance its script queued behind this one would
    // be said next, in the reader's flow. Nothing of it is said.
    const q = synth();
    if (q.speaking || q.pending) q.cancel();
    idx++;
    if (idx < sentences.length) speakCurrent();
    else finish();
  };
  // Every cancel of ours moves `token` on first (pause, jump, stop) or speaks anew at once
  // (play), so an utterance of the current token cancelled or paused was stopped by someone
  // else: the page's script shares speechSynthesis. Reading stops and says so; it does not
  // carry on under another's control.
  const taken = () => my === token && playing && pause('Reading stopped: the page took over speech.', true);
  u.onpause = taken;
  u.onerror = (e) => {
    if (my !== token) return;
    if (e && (e.error === 'interrupted' || e.error === 'canceled')) return taken();
    playing = false;
    updateButtons();
    mediaPlaying(false);
    announce(`Speech stopped: ${(e && e.error) || 'error'}.`, true);
  };
  highlight(idx);
  synth().speak(u);
  updateButtons();
}

function finish() {
  playing = false;
  token++;
  rememberPlace(true);
  updateButtons();
  mediaPlaying(false);
  announce('Finished reading the article.');
}

function updateButtons() {
  if (!bar) return;
  const play = bar.querySelector('#play');
  play.textContent = playing ? 'Pause' : 'Play';
  play.setAttribute('aria-label', playing ? 'Pause' : 'Play');
  play.setAttribute('aria-pressed', String(playing));
  bar.querySelector('#prev').disabled = idx <= 0;
  bar.querySelector('#next').disabled = idx >= sentences.length - 1;
  bar.querySelector('#prev-para').disabled = idx <= 0;
  bar.querySelector('#next-para').disabled = paragraphStep(1) === idx;
  bar.querySelector('.pos').textContent = sentences.length ? `Sentence ${Math.min(idx + 1, sentences.length)} of ${sentences.length}` : '';
}

function play() {
  if (!voice && base(view.lang) && voices.length) {
    noVoice();
    return;
  }
  if (idx >= sentences.length) idx = 0;
  playing = true;
  token++; // what the cancel ends is not reading stopped by someone else (`taken`)
  synth().cancel();
  synth().resume?.(); // paused by the page's script (`taken` above), the queue says nothing
  speakCurrent();
  mediaPlaying(true);
  announce(`Playing${voice ? `, voice ${voice.name}` : ''}.`);
}

function pause(said = 'Paused.', warn = false) {
  playing = false;
  token++;
  synth().cancel();
  rememberPlace();
  updateButtons();
  mediaPlaying(false);
  announce(said, warn);
}

function jump(to) {
  idx = Math.max(0, Math.min(sentences.length - 1, to));
  if (playing) {
    token++;
    synth().cancel();
    speakCurrent();
  } else {
    highlight(idx);
    updateButtons();
  }
}

function noVoice() {
  const lang = view.lang;
  announce(`No voice for ${languageName(lang)} (${lang}) is installed. Choose another voice, or install one in your system's speech settings.`, true);
}

function fillVoices(select, lang) {
  select.textContent = '';
  const want = base(lang);
  const sorted = [...voices].sort((a, b) => (base(b.lang) === want) - (base(a.lang) === want) || a.name.localeCompare(b.name));
  if (!voice) select.append(h('option', { value: '', text: want ? `No ${languageName(lang)} voice` : 'Default voice' }));
  for (const v of sorted) select.append(h('option', { value: v.name, text: voiceLabel(v) }));
  select.value = voice ? voice.name : '';
}

function buildBar(rate) {
  const btn = (id, label, text, onclick) => h('button', { type: 'button', id, 'aria-label': label, title: label, onclick }, text);
  const rateIn = h('input', { id: 'rate', type: 'range', min: String(LIMITS.rate[0]), max: String(LIMITS.rate[1]), step: String(LIMITS.rate[2]), value: String(rate) });
  const rateOut = h('output', { for: 'rate', id: 'rate-out', text: `${rate.toFixed(1)}×` });
  rateIn.addEventListener('change', () => {
    const r = Number(rateIn.value);
    rateOut.textContent = `${r.toFixed(1)}×`;
    view.save({ rate: r });
    if (playing) jump(idx); // speak the current sentence again at the new rate
  });
  rateIn.addEventListener('input', () => (rateOut.textContent = `${Number(rateIn.value).toFixed(1)}×`));
  const voiceSel = h('select', { id: 'voice' });
  voiceSel.addEventListener('change', () => {
    voice = voices.find((v) => v.name === voiceSel.value) || null;
    if (voice) view.save({ voice: voice.name });
    announce(voice ? `Voice: ${voice.name}.` : 'No voice chosen.');
    if (playing) jump(idx);
  });
  const el = h(
    'div',
    { role: 'toolbar', 'aria-label': 'Read aloud', class: 'speechbar', id: 'speechbar' },
    btn('prev-para', 'Previous paragraph', '«', () => jump(paragraphStep(-1))),
    btn('prev', 'Previous sentence', '‹ Previous', () => jump(idx - 1)),
    btn('play', 'Play', 'Play', () => (playing ? pause() : play())),
    btn('next', 'Next sentence', 'Next ›', () => jump(idx + 1)),
    btn('next-para', 'Next paragraph', '»', () => jump(paragraphStep(1))),
    h('label', { class: 'group' }, h('span', { class: 'label', text: 'Rate' }), rateIn),
    rateOut,
    h('label', { class: 'group' }, h('span', { class: 'label', text: 'Voice' }), voiceSel),
    ...speechAidControls(view.settings(), view.save, () => {
      voices = offeredVoices(allVoices, view.settings());
      voice = chooseVoice(view.lang, view.settings().voice);
      fillVoices(voiceSel, view.lang);
    }, retakeSentences),
    h('span', { class: 'pos label' }),
    h('p', { class: 'status', role: 'status', 'aria-live': 'polite' })
  );
  return { el, voiceSel };
}

// The first sentence of the first block whose top is in view: Play starts where the reader is.
function firstVisible() {
  for (let i = 0; i < sentences.length; i++) {
    const el = view.blockEl(sentences[i].block);
    if (el && el.getBoundingClientRect().bottom > 100) return i;
  }
  return 0;
}

function onBlockClick(e) {
  if (!view) return;
  const path = e.composedPath();
  if (path.some((n) => n.localName === 'a' || n.localName === 'button')) return;
  const el = path.find((n) => n.dataset && n.dataset.block !== undefined);
  if (!el) return;
  const block = Number(el.dataset.block);
  const i = sentences.findIndex((s) => s.block >= block);
  if (i < 0) return;
  idx = i;
  play();
}

// Opens the speech bar in the open reader view (v: reader.js speechView()) and starts reading.
export async function start(v) {
  if (!v) return { playing: false };
  // Screen-reader mode: the user's screen reader reads the article; two voices at once would be
  // noise. One short message instead.
  if (v.settings().screenReader) {
    v.announce('Read-aloud is off: screen-reader mode.');
    return { playing: false, screenReader: true };
  }
  view = v;
  const { root, host } = v;
  sentences = sentencesOf(v.blocks, v.sentences, v.settings());
  idx = 0;
  followHeadings(onHeading);
  host.setAttribute('data-speaking', '');
  const { el, voiceSel } = buildBar(v.settings().rate);
  root.getElementById('speechbar').replaceWith(el);
  bar = el;
  root.getElementById('speak').setAttribute('aria-pressed', 'true');
  root.querySelector('main').addEventListener('click', onBlockClick);
  updateButtons();
  if (!synth() || !globalThis.SpeechSynthesisUtterance) {
    announce('This browser has no speech synthesis.', true);
    return { playing: false };
  }
  allVoices = await loadVoices();
  if (view !== v) return { playing: false }; // stopped while the voices loaded
  voices = offeredVoices(allVoices, v.settings());
  voice = chooseVoice(v.lang, v.settings().voice);
  fillVoices(voiceSel, v.lang);
  if (!voices.length) {
    announce(allVoices.length ? 'This system has network voices only: untick "Voices on this device only" to use them.' : 'No speech voices are installed on this system.', true);
    return { playing: false };
  }
  if (!voice && base(v.lang)) {
    noVoice();
    bar.querySelector('#voice').focus();
    return { playing: false, noVoice: true };
  }
  // Where reading stopped last time in this article, else where the reader is.
  const place = await speechPlace(v.settings());
  if (view !== v) return { playing: false };
  const resumed = place ? sentenceAt(place) : -1;
  idx = resumed >= 0 ? resumed : firstVisible();
  bar.querySelector('#play').focus({ preventScroll: true });
  // Media keys and the system's media controls (media.js).
  mediaStart({
    title: root.querySelector('article h1')?.textContent,
    site: location.hostname,
    handlers: {
      play: () => view === v && !playing && play(),
      pause: () => view === v && playing && pause(),
      nexttrack: () => view === v && jump(idx + 1),
      previoustrack: () => view === v && jump(idx - 1),
      stop: () => view === v && stop(),
    },
  });
  play();
  if (resumed > 0) announce(`Resuming where you stopped, sentence ${idx + 1} of ${sentences.length}.`);
  return { playing: true };
}

// Closes the speech bar (before the reader closes, when both go).
export function stop() {
  if (!view) return;
  const { root, host, announce: announceInReader } = view;
  if (playing) rememberPlace();
  followHeadings(null);
  view = null;
  playing = false;
  token++;
  synth()?.cancel();
  mediaStop();
  rulerFollow(null);
  clearWord(root);
  unmark(root, 'sentence');
  if (host.isConnected) {
    for (const el of root.querySelectorAll('.speaking')) el.classList.remove('speaking');
    root.querySelector('main').removeEventListener('click', onBlockClick);
    root.getElementById('speak').setAttribute('aria-pressed', 'false');
    bar.replaceWith(h('div', { id: 'speechbar', class: 'speechbar', hidden: true }));
    host.removeAttribute('data-speaking');
    host.removeAttribute('data-sentence');
    root.getElementById('speak').focus();
    announceInReader('Reading aloud stopped.');
  }
  bar = null;
}

export const active = () => !!view;

export const state = () => ({ on: !!view, playing, idx, total: sentences.length, voice: voice && voice.name });
