// The options page: the defaults of defaults.js, stored in chrome.storage.sync under "settings".
import { DEFAULTS, settingsFrom } from '../defaults.js';

const form = document.getElementById('form');
const status = document.getElementById('status');
const FIELDS = ['mode', 'theme', 'font', 'fontSize', 'lineWidth', 'lineHeight', 'voice', 'rate', 'letterSpacing', 'wordSpacing', 'align', 'arabicFont', 'ruler', 'images', 'links', 'textColor', 'backgroundColor', 'highlight', 'localVoices', 'readCode', 'readTables', 'readCaptions', 'rememberPosition'];
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

if (globalThis.speechSynthesis) speechSynthesis.addEventListener('voiceschanged', () => listVoices(form.elements.voice.value));
load();
