// Media Session for read-aloud (issue 16): play, pause, next and previous from the keyboard's
// media keys and the system's media controls, and the article's title shown there.
//
// Chromium hands media keys and its media controls to a page's Media Session only while the page
// holds audio focus, which an HTMLMediaElement playing audio takes; speechSynthesis is not media
// and takes none. Measured in Chromium 148 (chrome://media-internals, Audio Focus): with the
// action handlers, metadata and playbackState set and only speechSynthesis speaking, the page has
// no session there; with a looping silent WAV of 6 s playing as well, the page's session is
// "Gain Active Playing { HasAudio } Controllable" (a 1 s WAV gets only "GainTransientMayDuck":
// Chromium treats media under 5 s as a one-shot sound). So while reading aloud a silent track
// plays, made here (nothing fetched); it is paused with the speech and dropped when reading stops.
//
// The session is the page's: its scripts read the metadata and can set handlers of their own,
// which then get the keys instead (docs/EXTENSION.md, known limits).
//
// Limits: the track is loaded under the page's Content-Security-Policy (a `media-src` or
// `default-src` without `blob:` refuses it), and under the browser's autoplay policy (allowed
// after a click in the page, such as the Read aloud button; a start from the toolbar on a page
// never clicked may be refused). Then the handlers are still set and the speech bar works, but
// media keys do not reach the reader.

const ACTIONS = ['play', 'pause', 'nexttrack', 'previoustrack', 'stop'];
let audio = null;
let url = null;

const session = () => (globalThis.navigator && navigator.mediaSession) || null;

// 6 s of silence, 4000 Hz 8-bit mono PCM in a WAV container (24 KB): long enough for audio
// focus that is not one-shot, as small as the WAV decoder allows.
function silence() {
  const rate = 4000;
  const n = rate * 6;
  const buf = new Uint8Array(44 + n);
  const dv = new DataView(buf.buffer);
  const tag = (at, s) => [...s].forEach((c, i) => dv.setUint8(at + i, c.charCodeAt(0)));
  tag(0, 'RIFF');
  dv.setUint32(4, 36 + n, true);
  tag(8, 'WAVE');
  tag(12, 'fmt ');
  dv.setUint32(16, 16, true); // PCM header size
  dv.setUint16(20, 1, true); // PCM
  dv.setUint16(22, 1, true); // mono
  dv.setUint32(24, rate, true);
  dv.setUint32(28, rate, true); // bytes per second
  dv.setUint16(32, 1, true); // block align
  dv.setUint16(34, 8, true); // bits per sample
  tag(36, 'data');
  dv.setUint32(40, n, true);
  buf.fill(128, 44); // 8-bit PCM's zero
  return new Blob([buf], { type: 'audio/wav' });
}

/** Reading starts: the metadata, the handlers (`handlers[action]`) and the silent track. */
export function mediaStart({ title, site, handlers }) {
  const ms = session();
  if (!ms) return;
  try {
    // Nothing of the extension's own: the session is the page's, whose scripts read it.
    ms.metadata = new MediaMetadata({ title: title || document.title, artist: site || '' });
  } catch {
    // No MediaMetadata in this browser: the handlers alone.
  }
  for (const a of ACTIONS) {
    try {
      ms.setActionHandler(a, handlers[a] || null);
    } catch {
      // An action this browser does not know.
    }
  }
  if (!audio) {
    url = URL.createObjectURL(silence());
    audio = new Audio(url);
    audio.loop = true;
  }
}

/** Speech playing or paused: the session's state, and the track with it. */
export function mediaPlaying(on) {
  const ms = session();
  if (!ms || !audio) return;
  ms.playbackState = on ? 'playing' : 'paused';
  if (on) audio.play().catch(() => {}); // refused: see the limits above
  else audio.pause();
}

/** Reading stops: nothing of the session is left. */
export function mediaStop() {
  const ms = session();
  if (!ms || !audio) return;
  for (const a of ACTIONS) {
    try {
      ms.setActionHandler(a, null);
    } catch {
      // as in mediaStart
    }
  }
  ms.metadata = null;
  ms.playbackState = 'none';
  audio.pause();
  audio.removeAttribute('src');
  audio.load();
  URL.revokeObjectURL(url);
  audio = null;
  url = null;
}
