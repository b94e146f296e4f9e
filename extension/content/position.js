// The reading position, remembered per article (issue 16): while the reader is open, the block
// at the top of the reading area is saved for the page's address; opening the reader on that
// address again scrolls back to it.
//
// Read-aloud's place (the sentence it was reading when paused or closed, as block and offset)
// is kept in the same entry, so Read aloud resumes there.
//
// Kept in chrome.storage.local (this browser only, never synced), under a 64-bit hash of the
// address rather than the address itself, for the last MAX_ARTICLES articles read. The
// `rememberPosition` setting turns it off (and then nothing is stored).

const KEY = 'positions';
const MAX_ARTICLES = 200;

// FNV-1a, twice with different offsets: 64 bits that need no secure context (crypto.subtle is
// missing on http: pages) and do not keep the address readable.
function hash(text) {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x01000193 + 2) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

// The article's key: its address without the fragment, which changes while reading on some
// sites. The address is the one the article was read from (the capture's, given when the
// reader opens), not `location` when writing: the page's script can change that at will
// (history.replaceState), and a new address a second made a new entry each time, towards the
// cap that evicts every other article's (issue 37).
const keyOf = (url) => {
  const u = new URL(url);
  return hash(u.origin + u.pathname + u.search);
};
let current = null; // the open article's key

const articleKey = () => current || keyOf(location.href);

let watching = null; // { root, blockEls, timer }

function topBlock() {
  const top = watching.root.querySelector('.controls').getBoundingClientRect().bottom;
  let best = null;
  for (const [i, el] of watching.blockEls) {
    const r = el.getBoundingClientRect();
    if (r.bottom > top + 1) {
      if (best === null || i < best) best = i;
    }
  }
  return best;
}

// Merges `changes` into this article's entry, keeping the newest MAX_ARTICLES entries. The
// writes go one after another: two at once would each write back what the other read.
let writes = Promise.resolve();
const update = (changes) => (writes = writes.then(() => write(changes)).catch((e) => console.warn('dana: position not saved', e)));

async function write(changes) {
  const { [KEY]: stored = {} } = await chrome.storage.local.get(KEY);
  const key = articleKey();
  stored[key] = { block: 0, ...stored[key], ...changes, at: Date.now() };
  // The oldest go first when there are too many.
  const keys = Object.keys(stored).sort((x, y) => stored[y].at - stored[x].at);
  for (const k of keys.slice(MAX_ARTICLES)) delete stored[k];
  await chrome.storage.local.set({ [KEY]: stored });
}

async function save() {
  if (!watching || !watching.root.host.isConnected) return stopWatching();
  const block = topBlock();
  if (block !== null) await update({ block });
}

// Read-aloud's place in this article, { block, start }, or null (none, or not remembered).
export async function speechPlace(settings) {
  if (!settings.rememberPosition) return null;
  const { [KEY]: stored = {} } = await chrome.storage.local.get(KEY);
  const p = stored[articleKey()]?.speech;
  return p && Number.isInteger(p.block) && Number.isInteger(p.start) ? p : null;
}

// Remembers read-aloud's place (null: read to the end, nothing to resume).
export function rememberSpeechPlace(place, settings) {
  if (!settings.rememberPosition) return Promise.resolve();
  return update({ speech: place ? { block: place.block, start: place.start } : null });
}

// The user's own scrolling only: a `scroll` event the page's script dispatches is not trusted.
function onScroll(e) {
  if (!e.isTrusted) return;
  if (!watching || !watching.root.host.isConnected) return stopWatching();
  clearTimeout(watching.timer);
  watching.timer = setTimeout(save, 400);
}

function stopWatching() {
  removeEventListener('scroll', onScroll);
  if (watching) clearTimeout(watching.timer);
  watching = null;
}

// Called when the reader opens (root: its shadow root; blockEls: block index -> element; url:
// the address the article was read from): returns to the remembered block, if any, and
// remembers from now on. Resolves to the block returned to, or null.
export async function rememberPosition(root, blockEls, settings, announce, url) {
  stopWatching();
  current = keyOf(url);
  if (!settings.rememberPosition) return null;
  const { [KEY]: stored = {} } = await chrome.storage.local.get(KEY);
  const saved = stored[articleKey()];
  const el = saved && saved.block > 0 ? blockEls.get(saved.block) : null;
  if (el && root.host.isConnected) {
    const top = root.querySelector('.controls').getBoundingClientRect().bottom;
    scrollBy({ top: el.getBoundingClientRect().top - top - 16, behavior: 'auto' });
    announce('Back where you left off.');
  }
  watching = { root, blockEls, timer: 0 };
  addEventListener('scroll', onScroll, { passive: true });
  return el ? saved.block : null;
}
