// Line focus (issue 16): a reading ruler that leaves a band of 1, 3 or 5 lines clear and dims
// the rest of the reader. The band follows the pointer, the keyboard (Up and Down move it a
// line, scrolling the article when the band nears the edge) and read-aloud (the sentence being
// spoken, `follow`).
//
// The shades are two fixed boxes in the reader's shadow root, above and below the band, that
// let clicks through (`pointer-events: none`); the sticky controls stay above them. The band
// is placed in viewport coordinates: it stays where the pointer or the keys put it while the
// article scrolls under it, except while it follows a sentence, which it tracks as it scrolls.

import { h } from './dom.js';

let state = null; // { root, lines, y: the band's centre (viewport px), target: Range | Element | null, shades }

const connected = () => state && state.root.host.isConnected;

// The height of one line of the article's text, in CSS pixels.
function lineHeight() {
  const p = state.root.querySelector('article .body p') || state.root.querySelector('article');
  const lh = parseFloat(getComputedStyle(p).lineHeight);
  return Number.isFinite(lh) ? lh : 32;
}

function place() {
  if (!connected()) return remove();
  const lh = lineHeight();
  let centre = state.y;
  if (state.target) {
    // The first line of the sentence (a range's first client rect is its first line box).
    const r = state.target.getClientRects()[0] || state.target.getBoundingClientRect();
    centre = r.top + lh / 2;
  }
  const top = Math.round(centre - (lh * state.lines) / 2);
  const bottom = Math.round(top + lh * state.lines);
  const [above, below] = state.shades;
  above.style.height = `${Math.max(0, top)}px`;
  below.style.top = `${Math.max(0, bottom)}px`;
}

function onPointer(e) {
  state.target = null;
  state.y = e.clientY;
  place();
}

// Up and Down move the band a line while the ruler is on, unless a control has the keys.
function onKey(e) {
  if (!connected()) return remove();
  if ((e.key !== 'ArrowDown' && e.key !== 'ArrowUp') || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
  const t = e.composedPath()[0];
  if (t && t.closest && t.closest('button, select, input, textarea, [role=toolbar], [contenteditable]')) return;
  e.preventDefault();
  const lh = lineHeight();
  const controls = state.root.querySelector('.controls').getBoundingClientRect().bottom;
  const dir = e.key === 'ArrowDown' ? 1 : -1;
  if (state.target) state.y = state.target.getBoundingClientRect().top + lh / 2;
  state.target = null;
  const y = state.y + dir * lh;
  // Near the edges the article moves instead of the band, so the band never leaves the text.
  if (y > innerHeight * 0.7 || y < controls + lh) scrollBy({ top: dir * lh, behavior: 'auto' });
  else state.y = y;
  place();
}

function remove() {
  if (!state) return;
  removeEventListener('scroll', place);
  removeEventListener('resize', place);
  removeEventListener('keydown', onKey);
  state.root.querySelector('main')?.removeEventListener('pointermove', onPointer);
  for (const s of state.shades) s.remove();
  state = null;
}

// Shows the ruler of `lines` lines in the reader's shadow root (0: none).
export function setRuler(root, lines) {
  if (!lines) return remove();
  if (!state || state.root !== root) {
    remove();
    const controls = root.querySelector('.controls').getBoundingClientRect().bottom;
    state = { root, lines, y: controls + (innerHeight - controls) / 3, target: null, shades: [h('div', { class: 'ruler-shade above', 'aria-hidden': 'true' }), h('div', { class: 'ruler-shade below', 'aria-hidden': 'true' })] };
    // Inside the reader's surface, whose theme the shades take.
    (root.querySelector('.surface') || root).append(...state.shades);
    root.querySelector('main').addEventListener('pointermove', onPointer);
    addEventListener('scroll', place, { passive: true });
    addEventListener('resize', place, { passive: true });
    addEventListener('keydown', onKey);
  }
  state.lines = lines;
  place();
}

// Read-aloud's sentence (a Range, or the block's element), or null when it stops.
export function follow(target) {
  if (!state) return;
  state.target = target;
  place();
}

export const RULER_CSS = `
.ruler-shade { position: fixed; left: 0; right: 0; pointer-events: none; background: var(--ruler-shade, rgba(0, 0, 0, .5)); }
.ruler-shade.above { top: 0; }
.ruler-shade.below { bottom: 0; }
.surface[data-theme=dark], .surface[data-theme=contrast-dark] { --ruler-shade: rgba(0, 0, 0, .7); }
@media (prefers-color-scheme: dark) { .surface[data-theme=system] { --ruler-shade: rgba(0, 0, 0, .7); } }
`;
