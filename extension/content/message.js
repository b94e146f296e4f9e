// A small panel over the page (which stays as it is): errors, and "no article found" with the
// offer to read a selection instead.

import { h, shadowHost, dom } from './dom.js';

const CSS = `
section { direction: ltr; font: 15px/1.45 system-ui, sans-serif; background: #fff; color: #1d1d1f; border: 1px solid #c7c7c2; border-radius: 10px; padding: 14px 16px; box-shadow: 0 6px 24px rgba(0,0,0,.25); }
h2 { font-size: 16px; margin: 0 0 6px; }
p { margin: 0 0 10px; }
.buttons { display: flex; gap: 8px; flex-wrap: wrap; }
button { font: inherit; padding: 5px 12px; border-radius: 6px; border: 1px solid #1d1d1f; background: #fff; color: #1d1d1f; cursor: pointer; }
button.primary { background: #1d1d1f; color: #fff; }
button:focus-visible, h2:focus-visible { outline: 3px solid #0b57d0; outline-offset: 2px; }
h2:focus { outline: none; }`;

let message = null;

export function removeMessage() {
  if (message) message.remove();
  message = null;
}

// Shows { title, text, role } with a Close button. With `onSelection(mode)`, also the buttons
// that read the page's current selection in the reader ('reader') or aloud ('speak');
// onSelection returns false when nothing is selected. With `actions` ([{ text, onclick,
// primary }]), those buttons instead of the selection ones, and `lang` for the panel's words.
export function showMessage({ title, text, role, onSelection = null, actions = null, lang = 'en' }) {
  removeMessage();
  const before = dom.activeElement();
  const { host, root } = shadowHost('message', CSS);
  message = host;
  const close = () => {
    removeMessage();
    if (before && dom.isConnected(before) && before instanceof HTMLElement) dom.focus(before, { preventScroll: true });
  };
  const hint = h('p', { class: 'hint', role: 'status' });
  const readSelection = (mode) => async () => {
    if (!(await onSelection(mode))) hint.textContent = 'Select some text on the page first, then press the button again.';
  };
  const heading = h('h2', { tabindex: '-1', text: title });
  const buttons = h('div', { class: 'buttons' });
  if (actions) {
    buttons.append(...actions.map((a) => h('button', { type: 'button', class: a.primary ? 'primary' : null, onclick: a.onclick }, a.text)));
  } else if (onSelection) {
    buttons.append(
      h('button', { type: 'button', class: 'primary', onclick: readSelection('reader') }, 'Show selection in reader'),
      h('button', { type: 'button', onclick: readSelection('speak') }, 'Read selection aloud')
    );
  }
  buttons.append(h('button', { type: 'button', onclick: close }, 'Close'));
  // Pressing a button must not clear the page's text selection.
  buttons.addEventListener('mousedown', (e) => e.preventDefault());
  const section = h('section', { role, 'aria-label': 'Dana Reader', lang, dir: 'auto' }, heading, text ? h('p', { text }) : null, hint, buttons);
  section.addEventListener('keydown', (e) => {
    if (e.isTrusted && e.key === 'Escape') close();
  });
  root.append(section);
  dom.root().append(host);
  heading.focus({ preventScroll: true });
}
