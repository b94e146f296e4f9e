// Per-site choices (issue 16): the sites where the reader opens by itself, and the sites that
// keep settings of their own. Shared by the service worker (autoopen.js), the options page and
// the content scripts (bundled into them).
//
// Each site is one item of chrome.storage.sync, under "site:<hostname>" (one item per site:
// sync storage allows 8 KB per item, and a site's settings must not crowd out another's):
//
//   { open: boolean,            the reader opens by itself when a page of the site has loaded
//     origin: "http(s)://host/*" the host permission asked for (and granted) when `open` was turned on
//     settings: { key: value } | absent   the settings this site changes, over the global ones }
//
// Everything read back is checked as the global settings are (defaults.js validSetting): storage
// is written by every page the reader runs on.

import { DEFAULTS, settingsFrom, validSetting } from './defaults.js';

export const SITE_PREFIX = 'site:';

// A host name as URL.hostname gives it (lower case, punycode): letters, digits, dots and hyphens,
// or a bracketed IPv6 address. Anything else is not a site of ours.
const HOST = /^(?:[a-z0-9-]{1,63}\.)*[a-z0-9-]{1,63}$|^\[[0-9a-f:.]{2,45}\]$/;

export const siteKey = (host) => SITE_PREFIX + host;

/** The site (host name) of a web address, or null when the address is not an http(s) page. */
export function hostOf(url) {
  try {
    const u = new URL(url);
    return (u.protocol === 'http:' || u.protocol === 'https:') && HOST.test(u.hostname) && u.hostname.length <= 253 ? u.hostname : null;
  } catch {
    return null;
  }
}

/** The host permission that lets the reader open by itself on `url`'s site, with its scheme. */
export function originOf(url) {
  const host = hostOf(url);
  return host ? `${new URL(url).protocol}//${host}/*` : null;
}

/** Only the keys of `stored` that are settings with allowed values. */
export function partialSettings(stored) {
  const out = {};
  if (!stored || typeof stored !== 'object') return out;
  for (const k of Object.keys(DEFAULTS)) {
    const v = Object.hasOwn(stored, k) ? validSetting(k, stored[k]) : undefined;
    if (v !== undefined) out[k] = v;
  }
  return out;
}

/** A stored site entry, checked; null when it is not one. */
export function siteFrom(host, stored) {
  if (typeof host !== 'string' || !HOST.test(host) || !stored || typeof stored !== 'object') return null;
  const origin = typeof stored.origin === 'string' && (stored.origin === `http://${host}/*` || stored.origin === `https://${host}/*`) ? stored.origin : null;
  const site = { open: stored.open === true && origin !== null, origin };
  if (stored.settings && typeof stored.settings === 'object') site.settings = partialSettings(stored.settings);
  return site;
}

/** Every stored site: { host: site }, from a chrome.storage.sync.get(null) answer. */
export function sitesFrom(all) {
  const out = {};
  for (const [key, value] of Object.entries(all || {})) {
    if (!key.startsWith(SITE_PREFIX)) continue;
    const host = key.slice(SITE_PREFIX.length);
    const site = siteFrom(host, value);
    if (site && (site.open || site.settings)) out[host] = site;
  }
  return out;
}

/** The settings in force on a site: its own over the global ones. */
export const settingsOn = (global, site) => settingsFrom({ ...settingsFrom(global), ...(site && site.settings ? site.settings : {}) });

// ---- the page's side (content scripts) ------------------------------------------------------
//
// What the reader on this page last read: the global settings and this site's entry, so that a
// change made in the reader is saved where it belongs (the site's own settings, when it has
// them) and a change made elsewhere is shown merged.

const here = { host: null, global: { ...DEFAULTS }, site: null };

/**
 * The settings for this page's site, given the global ones (from the worker). `read`, when the
 * worker read the site's entry already ({ host, stored }, background.js `readSite`), saves the
 * page a storage round trip while it builds the reader; it is used for that host only.
 */
export async function forThisSite(global, read) {
  here.host = hostOf(location.href);
  here.global = settingsFrom(global);
  here.site = null;
  if (here.host) {
    const key = siteKey(here.host);
    const { [key]: stored } = read && read.host === here.host ? read : await chrome.storage.sync.get(key).catch(() => ({}));
    here.site = siteFrom(here.host, stored);
  }
  return settingsOn(here.global, here.site);
}

/** This page's site and whether it keeps its own settings (for the Display panel). */
export const thisSite = () => ({ host: here.host, own: !!(here.site && here.site.settings), open: !!(here.site && here.site.open) });

/**
 * Saves the settings the reader now shows: into this site's own settings when it keeps them
 * (the keys that differ from the global ones), else as the global settings.
 */
export function saveSettings(s) {
  s = settingsFrom(s);
  if (here.host && here.site && here.site.settings) {
    const own = {};
    for (const k of Object.keys(DEFAULTS)) if (s[k] !== here.global[k]) own[k] = s[k];
    here.site = { ...here.site, settings: own };
    return chrome.storage.sync.set({ [siteKey(here.host)]: here.site }).catch((e) => console.warn('dana: site settings not saved:', e));
  }
  here.global = s;
  return chrome.storage.sync.set({ settings: s }).catch((e) => console.warn('dana: settings not saved:', e));
}

/**
 * Turns this site's own settings on (starting from the settings shown, `s`) or off (back to the
 * global ones). Resolves to the settings now in force.
 */
export async function keepForThisSite(on, s) {
  if (!here.host) return settingsOn(here.global, null);
  const key = siteKey(here.host);
  const site = { open: false, origin: null, ...(here.site || {}) };
  if (on) {
    const own = {};
    const shown = settingsFrom(s);
    for (const k of Object.keys(DEFAULTS)) if (shown[k] !== here.global[k]) own[k] = shown[k];
    site.settings = own;
  } else delete site.settings;
  here.site = site;
  if (site.open || site.settings) await chrome.storage.sync.set({ [key]: site });
  else await chrome.storage.sync.remove(key);
  return settingsOn(here.global, site);
}

/**
 * A chrome.storage.onChanged batch (sync area): the settings now in force on this page when the
 * global settings or this site's entry changed, else null.
 */
export function changedHere(changes) {
  const key = here.host ? siteKey(here.host) : null;
  const touched = Object.hasOwn(changes, 'settings') || (key && Object.hasOwn(changes, key));
  if (!touched) return null;
  if (Object.hasOwn(changes, 'settings')) here.global = settingsFrom(changes.settings.newValue);
  if (key && Object.hasOwn(changes, key)) here.site = siteFrom(here.host, changes[key].newValue);
  return settingsOn(here.global, here.site);
}
