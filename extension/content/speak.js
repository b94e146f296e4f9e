// Read aloud: the engine's sentences, one utterance each, through the Web Speech API
// (speechSynthesis), inside the reader view so that the sentence being spoken can be
// highlighted (CSS Custom Highlight API) and kept in view.
//
// Pause is implemented as cancel-and-remember: Chrome's speechSynthesis.pause() does not pause
// on every platform, while cancelling and speaking the current sentence again on Play always
// works. Events of a cancelled utterance are ignored by comparing a per-utterance token.
//
// speechSynthesis and SpeechSynthesisUtterance are looked up at each use, on this (isolated)
// world's globals, so that a test can install a fake speech engine before or after injection.

var DanaSpeech = (() => {
  let on = false; // the speech bar is open
  let playing = false;
  let sentences = [];
  let idx = 0;
  let token = 0;
  let voice = null;
  let voices = [];
  let bar = null;

  const synth = () => globalThis.speechSynthesis;

  function announce(text, warn = false) {
    const status = bar && bar.querySelector('.status');
    if (!status) return;
    status.classList.toggle('warn', warn);
    status.textContent = '';
    // A fresh text node after a tick, so that screen readers announce a repeated message again.
    setTimeout(() => (status.textContent = text), 30);
  }

  // The engine's sentences; if it returned none for a block with text, the block is read whole.
  function sentencesOf(ex) {
    const out = (ex.sentences || []).map((s) => ({ ...s }));
    const covered = new Set(out.map((s) => s.block));
    ex.blocks.forEach((b, i) => {
      if (b.text && !covered.has(i)) out.push({ text: b.text, block: i, start: 0, end: b.text.length });
    });
    out.sort((a, b) => a.block - b.block || a.start - b.start);
    return out;
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

  function textMap(el, keepSpace) {
    // The element's text with whitespace collapsed as the engine collapses it (one space, no
    // leading space), and for every character of it the text node and offset it came from.
    const pos = [];
    let text = '';
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const d = n.data;
      for (let i = 0; i < d.length; i++) {
        let c = d[i];
        if (!keepSpace && /\s/.test(c)) {
          if (text === '' || text.endsWith(' ')) continue;
          c = ' ';
        }
        text += c;
        pos.push([n, i]);
      }
    }
    return { text, pos };
  }

  function rangeFor(s) {
    const cur = DanaReader.current();
    const el = cur && cur.blockEls[s.block];
    if (!el) return null;
    const b = cur.ex.blocks[s.block];
    const { text, pos } = textMap(el, b.kind === 'preformatted');
    let start = s.start;
    let end = s.end;
    if (text.slice(start, end) !== s.text) {
      // The rendered text differs from the engine's (e.g. the title block); find the sentence.
      const at = text.indexOf(s.text);
      if (at < 0) return null;
      start = at;
      end = at + s.text.length;
    }
    if (end <= start || !pos[start] || !pos[end - 1]) return null;
    const r = document.createRange();
    r.setStart(pos[start][0], pos[start][1]);
    r.setEnd(pos[end - 1][0], pos[end - 1][1] + 1);
    return r;
  }

  function highlight(i) {
    const cur = DanaReader.current();
    const root = DanaReader.root();
    if (!cur || !root) return;
    for (const el of root.querySelectorAll('.speaking')) el.classList.remove('speaking');
    const s = sentences[i];
    if (!s) {
      if (globalThis.CSS && CSS.highlights) CSS.highlights.delete('dana-sentence');
      return;
    }
    const el = cur.blockEls[s.block];
    if (el) el.classList.add('speaking');
    const range = rangeFor(s);
    if (range && globalThis.CSS && CSS.highlights && globalThis.Highlight) CSS.highlights.set('dana-sentence', new Highlight(range));
    DanaReader.host().setAttribute('data-sentence', String(i));
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
  }

  function speakCurrent() {
    const s = sentences[idx];
    if (!s) return finish();
    const my = ++token;
    const u = new globalThis.SpeechSynthesisUtterance(s.text);
    const cur = DanaReader.current();
    u.lang = (voice && voice.lang) || cur.lang || '';
    if (voice) u.voice = voice;
    u.rate = cur.settings.rate;
    u.onend = () => {
      if (my !== token || !playing) return;
      idx++;
      if (idx < sentences.length) speakCurrent();
      else finish();
    };
    u.onerror = (e) => {
      if (my !== token) return;
      if (e && (e.error === 'interrupted' || e.error === 'canceled')) return;
      playing = false;
      updateButtons();
      announce(`Speech stopped: ${(e && e.error) || 'error'}.`, true);
    };
    highlight(idx);
    synth().speak(u);
    updateButtons();
  }

  function finish() {
    playing = false;
    token++;
    updateButtons();
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
    bar.querySelector('.pos').textContent = sentences.length ? `Sentence ${Math.min(idx + 1, sentences.length)} of ${sentences.length}` : '';
  }

  function play() {
    if (!voice && base(DanaReader.current().lang) && voices.length) {
      noVoice();
      return;
    }
    if (idx >= sentences.length) idx = 0;
    playing = true;
    synth().cancel();
    speakCurrent();
    announce(`Playing${voice ? `, voice ${voice.name}` : ''}.`);
  }

  function pause() {
    playing = false;
    token++;
    synth().cancel();
    updateButtons();
    announce('Paused.');
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
    const lang = DanaReader.current().lang;
    announce(`No voice for ${DanaReader.languageName(lang)} (${lang}) is installed. Choose another voice, or install one in your system's speech settings.`, true);
  }

  function fillVoices(select, lang) {
    select.textContent = '';
    const want = base(lang);
    const sorted = [...voices].sort((a, b) => (base(b.lang) === want) - (base(a.lang) === want) || a.name.localeCompare(b.name));
    if (!voice) select.append(DanaReader.h('option', { value: '', text: want ? `No ${DanaReader.languageName(lang)} voice` : 'Default voice' }));
    for (const v of sorted) select.append(DanaReader.h('option', { value: v.name, text: `${v.name} (${v.lang})` }));
    select.value = voice ? voice.name : '';
  }

  function buildBar(rate) {
    const { h } = DanaReader;
    const btn = (id, label, text, onclick) => h('button', { type: 'button', id, 'aria-label': label, title: label, onclick }, text);
    const rateIn = h('input', { id: 'rate', type: 'range', min: String(DANA_LIMITS.rate[0]), max: String(DANA_LIMITS.rate[1]), step: String(DANA_LIMITS.rate[2]), value: String(rate) });
    const rateOut = h('output', { for: 'rate', id: 'rate-out', text: `${rate.toFixed(1)}×` });
    rateIn.addEventListener('change', () => {
      const r = Number(rateIn.value);
      rateOut.textContent = `${r.toFixed(1)}×`;
      const cur = DanaReader.current();
      cur.settings = { ...cur.settings, rate: r };
      chrome.storage.sync.set({ settings: cur.settings });
      if (playing) jump(idx); // speak the current sentence again at the new rate
    });
    rateIn.addEventListener('input', () => (rateOut.textContent = `${Number(rateIn.value).toFixed(1)}×`));
    const voiceSel = h('select', { id: 'voice' });
    voiceSel.addEventListener('change', () => {
      voice = voices.find((v) => v.name === voiceSel.value) || null;
      const cur = DanaReader.current();
      if (voice) {
        cur.settings = { ...cur.settings, voice: voice.name };
        chrome.storage.sync.set({ settings: cur.settings });
      }
      announce(voice ? `Voice: ${voice.name}.` : 'No voice chosen.');
      if (playing) jump(idx);
    });
    const el = h(
      'div',
      { role: 'toolbar', 'aria-label': 'Read aloud', class: 'speechbar', id: 'speechbar' },
      btn('prev', 'Previous sentence', '‹ Previous', () => jump(idx - 1)),
      btn('play', 'Play', 'Play', () => (playing ? pause() : play())),
      btn('next', 'Next sentence', 'Next ›', () => jump(idx + 1)),
      h('label', { class: 'group' }, h('span', { class: 'label', text: 'Rate' }), rateIn),
      rateOut,
      h('label', { class: 'group' }, h('span', { class: 'label', text: 'Voice' }), voiceSel),
      h('span', { class: 'pos label' }),
      h('p', { class: 'status', role: 'status', 'aria-live': 'polite' })
    );
    return { el, voiceSel };
  }

  // The first sentence of the first block whose top is in view: Play starts where the reader is.
  function firstVisible() {
    const cur = DanaReader.current();
    for (let i = 0; i < sentences.length; i++) {
      const el = cur.blockEls[sentences[i].block];
      if (el && el.getBoundingClientRect().bottom > 100) return i;
    }
    return 0;
  }

  function onBlockClick(e) {
    if (!on) return;
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

  // Opens the speech bar in the open reader view and starts reading.
  async function start() {
    const cur = DanaReader.current();
    if (!cur) return;
    const root = DanaReader.root();
    on = true;
    sentences = sentencesOf(cur.ex);
    idx = 0;
    DanaReader.host().setAttribute('data-speaking', '');
    const old = root.getElementById('speechbar');
    const { el, voiceSel } = buildBar(cur.settings.rate);
    old.replaceWith(el);
    bar = el;
    root.getElementById('speak').setAttribute('aria-pressed', 'true');
    root.querySelector('main').addEventListener('click', onBlockClick);
    updateButtons();
    if (!synth() || !globalThis.SpeechSynthesisUtterance) {
      announce('This browser has no speech synthesis.', true);
      return { playing: false };
    }
    voices = await loadVoices();
    voice = chooseVoice(cur.lang, cur.settings.voice);
    fillVoices(voiceSel, cur.lang);
    if (!voices.length) {
      announce('No speech voices are installed on this system.', true);
      return { playing: false };
    }
    if (!voice && base(cur.lang)) {
      noVoice();
      bar.querySelector('#voice').focus();
      return { playing: false, noVoice: true };
    }
    idx = firstVisible();
    bar.querySelector('#play').focus({ preventScroll: true });
    play();
    return { playing: true };
  }

  function stop() {
    if (!on) return;
    on = false;
    playing = false;
    token++;
    synth()?.cancel();
    if (globalThis.CSS && CSS.highlights) CSS.highlights.delete('dana-sentence');
    const root = DanaReader.root();
    if (root) {
      for (const el of root.querySelectorAll('.speaking')) el.classList.remove('speaking');
      root.querySelector('main').removeEventListener('click', onBlockClick);
      root.getElementById('speak').setAttribute('aria-pressed', 'false');
      const hidden = DanaReader.h('div', { id: 'speechbar', class: 'speechbar', hidden: true });
      bar.replaceWith(hidden);
      DanaReader.host().removeAttribute('data-speaking');
      DanaReader.host().removeAttribute('data-sentence');
      root.getElementById('speak').focus();
      DanaReader.announce('Reading aloud stopped.');
    }
    bar = null;
  }

  return { start, stop, active: () => on, state: () => ({ on, playing, idx, total: sentences.length, voice: voice && voice.name }) };
})();
