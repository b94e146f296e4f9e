// The options page: the defaults of defaults.js, stored in chrome.storage.sync under "settings".
import { DEFAULTS, settingsFrom } from '../defaults.js';
import { sitesFrom } from '../sites.js';
import { askToOpenOn, forgetSite } from '../autoopen.js';

const form = document.getElementById('form');
const status = document.getElementById('status');
const FIELDS = ['mode', 'theme', 'font', 'fontSize', 'lineWidth', 'lineHeight', 'voice', 'rate', 'letterSpacing', 'wordSpacing', 'align', 'arabicFont', 'ruler', 'images', 'links', 'textColor', 'backgroundColor', 'highlight', 'localVoices', 'readCode', 'readTables', 'readCaptions', 'readEmbeds', 'readMath', 'rememberPosition', 'screenReader'];
// On/off settings are checkboxes.
const isSwitch = (k) => typeof DEFAULTS[k] === 'boolean';

function show(s) {
  for (const k of FIELDS) {
    if (isSwitch(k)) form.elements[k].checked = s[k];
    else form.elements[k].value = String(s[k]);
  }
}

function read() {
  const s = {};
  for (const k of FIELDS) {
    const v = form.elements[k].value;
    s[k] = isSwitch(k) ? form.elements[k].checked : typeof DEFAULTS[k] === 'number' ? Number(v) : v;
  }
  return settingsFrom(s);
}

function listVoices(selected) {
  const sel = form.elements.voice;
  const voices = (globalThis.speechSynthesis && speechSynthesis.getVoices()) || [];
  for (const v of [...voices].sort((a, b) => a.lang.localeCompare(b.lang) || a.name.localeCompare(b.name))) {
    if ([...sel.options].some((o) => o.value === v.name)) continue;
    sel.append(new Option(`${v.name} (${v.lang})`, v.name));
  }
  // A remembered voice that this system does not have stays selectable, marked as missing.
  if (selected && ![...sel.options].some((o) => o.value === selected)) sel.append(new Option(`${selected} (not installed here)`, selected));
  sel.value = selected;
}

async function load() {
  const { settings } = await chrome.storage.sync.get('settings');
  const s = settingsFrom(settings);
  listVoices(s.voice);
  show(s);
}

form.addEventListener('submit', async (e) => {
  e.preventDefault();
  const s = read();
  await chrome.storage.sync.set({ settings: s });
  show(s);
  status.textContent = 'Saved.';
});

document.getElementById('reset').addEventListener('click', async () => {
  await chrome.storage.sync.set({ settings: { ...DEFAULTS } });
  show(DEFAULTS);
  status.textContent = 'Defaults restored.';
});

// ---- sites (sites.js, autoopen.js) ----------------------------------------------------------

const siteList = document.getElementById('sites');
const siteStatus = document.getElementById('site-status');

async function listSites() {
  const sites = sitesFrom(await chrome.storage.sync.get(null));
  const hosts = Object.keys(sites).sort();
  siteList.replaceChildren(
    ...hosts.map((host) => {
      const site = sites[host];
      const what = [site.open && 'opens the reader by itself', site.settings && `own settings (${Object.keys(site.settings).length} changed)`].filter(Boolean).join(', ');
      const li = document.createElement('li');
      const remove = document.createElement('button');
      remove.type = 'button';
      remove.textContent = 'Remove';
      remove.setAttribute('aria-label', `Remove ${host}`);
      remove.addEventListener('click', async () => {
        await forgetSite(host);
        siteStatus.textContent = `${host} removed.`;
        listSites();
      });
      li.append(`${host}: ${what} `, remove);
      return li;
    })
  );
  document.getElementById('no-sites').hidden = hosts.length > 0;
}

// The permission request is the first thing the click does (it must run in the user's gesture).
// (A plain button, not a second submit button: the settings form's Save is the page's one.)
function addSite(e) {
  e.preventDefault();
  let url = document.getElementById('site').value.trim();
  if (!/^[a-z][a-z0-9+.-]*:/i.test(url)) url = `https://${url}`;
  askToOpenOn(url).then(
    (r) => {
      siteStatus.textContent = r.granted ? `The reader opens by itself on ${r.host}.` : r.error || 'Not added: the browser did not give access to the site.';
      listSites();
    },
    (err) => (siteStatus.textContent = `Not added: ${err.message}`)
  );
}
document.getElementById('add-site').addEventListener('submit', addSite);
document.getElementById('add').addEventListener('click', addSite);

chrome.storage.onChanged.addListener((changes, area) => {
  if (area === 'sync' && Object.keys(changes).some((k) => k.startsWith('site:'))) listSites();
});
listSites();

if (globalThis.speechSynthesis) speechSynthesis.addEventListener('voiceschanged', () => listVoices(form.elements.voice.value));
load();
