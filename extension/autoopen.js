// Opening the reader by itself on the sites the user picked (issue 16), in the service worker.
//
// No site access is asked for up front: the manifest lists http(s) sites as
// `optional_host_permissions`, and a site's permission is asked for when the user turns auto-open
// on for it, from one of two places where Chromium counts the request as the user's:
// - the reader's Display panel ("Open automatically on this site"): the click in the page sends
//   a message to the worker, whose message router calls `fromReader`, and Chromium hands the
//   click's user gesture on to that listener (measured in Chromium 148: called from the worker with no click, the request
//   fails with "This function must be called during a user gesture"; from the message of a
//   click it shows the browser's permission prompt);
// - the options page's list of sites (an extension page: the click is its own).
// The site is remembered (sites.js) only once the permission is granted. Removing it from the
// options page gives the permission back.
//
// With the permission, the tab's address is known when one of the site's pages has loaded
// (tabs.onUpdated gives `url` only for sites the extension may access), and the reader opens
// there as if the toolbar button had been pressed.

import { hostOf, originOf, siteFrom, siteKey } from './sites.js';

// The content script marks the page while the reader is open (content/reader.js); the check runs
// before opening, so that a second "complete" of the same document does not close the reader.
const readerIsOpen = () => document.documentElement.hasAttribute('data-dana-reader');

/** Turns auto-open on for `url`'s site; `granted` is the permission request's answer. */
async function remember(url, granted) {
  const host = hostOf(url);
  if (!granted || !host) return { ok: false, granted: false };
  const key = siteKey(host);
  const { [key]: stored } = await chrome.storage.sync.get(key);
  const site = siteFrom(host, stored) || {};
  await chrome.storage.sync.set({ [key]: { ...site, open: true, origin: originOf(url) } });
  return { ok: true, granted: true, host };
}

/**
 * Asks for the site's permission. Must be called synchronously from the user's gesture (a click
 * in an extension page, or the message listener a click in the page woke): nothing may be
 * awaited before chrome.permissions.request.
 */
export function askToOpenOn(url) {
  const origin = originOf(url);
  if (!origin) return Promise.resolve({ ok: false, granted: false, error: 'Only web pages (http and https) can open the reader by themselves.' });
  return chrome.permissions.request({ origins: [origin] }).then((granted) => remember(url, granted));
}

// Gives back the site's permission, for either scheme, one at a time: a permission the manifest
// grants (the test copy's http://127.0.0.1/*) cannot be removed, and must not stop the other.
async function giveBack(host) {
  let revoked = false;
  for (const origin of [`http://${host}/*`, `https://${host}/*`]) {
    if (await chrome.permissions.contains({ origins: [origin] })) revoked = (await chrome.permissions.remove({ origins: [origin] }).catch(() => false)) || revoked;
  }
  return revoked;
}

/** Auto-open off for a site (its own settings stay), and its permission given back. */
export async function stopOpeningOn(host) {
  const key = siteKey(host);
  const { [key]: stored } = await chrome.storage.sync.get(key);
  const site = siteFrom(host, stored);
  if (site && site.settings) await chrome.storage.sync.set({ [key]: { ...site, open: false, origin: null } });
  else await chrome.storage.sync.remove(key);
  return { ok: true, revoked: await giveBack(host) };
}

/** Forgets a site altogether (auto-open and its own settings), its permission given back. */
export async function forgetSite(host) {
  await chrome.storage.sync.remove(siteKey(host));
  return { ok: true, revoked: await giveBack(host) };
}

/**
 * Installs the listener on page loads. `open(tabId)` opens the reader in a tab as the toolbar button does
 * (background.js's run) and resolves to its result; `close(tabId)` takes away what it showed.
 */
export function installAutoOpen({ open, close }) {
  chrome.tabs.onUpdated.addListener(async (tabId, info, tab) => {
    if (info.status !== 'complete' || !tab.url) return;
    const host = hostOf(tab.url);
    if (!host) return;
    const key = siteKey(host);
    const { [key]: stored } = await chrome.storage.sync.get(key);
    const site = siteFrom(host, stored);
    if (!site || !site.open || !(await chrome.permissions.contains({ origins: [site.origin] }))) return;
    try {
      const [{ result: already } = {}] = await chrome.scripting.executeScript({ target: { tabId }, func: readerIsOpen });
      if (already) return;
      const r = await open(tabId);
      // A page of the site that is not an article (its front page, a listing): the offer to show
      // it anyway, or the "no article" note, is not put in front of a page the user did not ask
      // to read.
      if (!r || !r.active) await close(tabId).catch(() => {});
    } catch (e) {
      console.warn(`dana: auto-open on ${host} failed:`, e);
    }
  });
}

/**
 * The reader's Display panel asks (background.js's message router, `auto-open` and
 * `auto-open-off`): `on` asks for the sender's site, otherwise stops opening on it. The site is
 * the sender's page, never one the message names. Called synchronously from the router, so that
 * the click's user gesture reaches chrome.permissions.request.
 */
export function fromReader(sender, on) {
  const host = sender.tab && sender.url ? hostOf(sender.url) : null;
  if (!host) return Promise.resolve({ ok: false, granted: false, error: 'Only a web page can open the reader by itself.' });
  return on ? askToOpenOn(sender.url) : stopOpeningOn(host);
}
