// The content scripts' message handler and the one mode the page is in. The service worker
// drives everything (background.js); this side captures, shows and undoes.

var DanaContent =
  globalThis.__danaContent ||
  (() => {
    let lastPage = { lang: '', dir: 'ltr' };
    let message = null;

    function mode() {
      if (DanaSpeech.active()) return 'speak';
      if (DanaReader.isOpen()) return 'reader';
      if (DanaStrip.active()) return 'strip';
      return null;
    }

    function removeMessage() {
      if (message) message.remove();
      message = null;
    }

    // A small panel over the page (which stays as it is): errors, and "no article found" with
    // the offer to read a selection instead.
    function showMessage({ title, text, role, selection }) {
      removeMessage();
      const { h } = DanaReader;
      const before = document.activeElement;
      message = document.createElement('dana-message');
      const root = message.attachShadow({ mode: 'open' });
      DanaReader.styleRoot(root, `
:host { all: initial; direction: ltr; position: fixed; z-index: 2147483647; inset-block-start: 16px; inset-inline-end: 16px; max-width: min(30em, calc(100vw - 32px));
  font: 15px/1.45 system-ui, 'Noto Sans', 'DejaVu Sans', Arial, sans-serif; }
section { background: #fff; color: #1d1d1f; border: 1px solid #c7c7c2; border-radius: 10px; padding: 14px 16px; box-shadow: 0 6px 24px rgba(0,0,0,.25); }
h2 { font-size: 16px; margin: 0 0 6px; }
p { margin: 0 0 10px; }
.buttons { display: flex; gap: 8px; flex-wrap: wrap; }
button { font: inherit; padding: 5px 12px; border-radius: 6px; border: 1px solid #1d1d1f; background: #fff; color: #1d1d1f; cursor: pointer; }
button.primary { background: #1d1d1f; color: #fff; }
button:focus-visible, h2:focus-visible { outline: 3px solid #0b57d0; outline-offset: 2px; }
h2:focus { outline: none; }`);
      const close = () => {
        removeMessage();
        if (before && before.isConnected && before.focus) before.focus({ preventScroll: true });
      };
      const hint = h('p', { class: 'hint', role: 'status' });
      const readSelection = (mode) => async () => {
        const page = DanaCapture.captureSelection();
        if (!page) {
          hint.textContent = 'Select some text on the page first, then press the button again.';
          return;
        }
        lastPage = { lang: page.lang, dir: page.dir };
        await chrome.runtime.sendMessage({ type: 'run-selection', mode, page });
      };
      const heading = h('h2', { tabindex: '-1', text: title });
      const buttons = h('div', { class: 'buttons' });
      if (selection) {
        buttons.append(
          h('button', { type: 'button', class: 'primary', onclick: readSelection('reader') }, 'Show selection in reader'),
          h('button', { type: 'button', onclick: readSelection('speak') }, 'Read selection aloud')
        );
      }
      buttons.append(h('button', { type: 'button', onclick: close }, 'Close'));
      // Pressing a button must not clear the page's text selection.
      buttons.addEventListener('mousedown', (e) => e.preventDefault());
      const section = h('section', { role, 'aria-label': 'Dana Reader', lang: 'en' }, heading, h('p', { text }), hint, buttons);
      section.addEventListener('keydown', (e) => {
        if (e.key === 'Escape') close();
      });
      root.append(section);
      document.documentElement.append(message);
      heading.focus({ preventScroll: true });
    }

    function close() {
      removeMessage();
      DanaSpeech.stop();
      DanaReader.close();
      DanaStrip.undo();
    }

    async function show({ mode: m, extraction: ex, settings, keep }) {
      removeMessage();
      if (!ex.blocks.length) {
        showMessage({
          title: 'No article found on this page',
          text: `Dana Reader could not find the main text here (${ex.reason || 'no reason given'}). You can select the text you want and have Dana show it or read it aloud.`,
          role: 'alert',
          selection: true,
        });
        return { active: false };
      }
      if (m === 'strip') {
        DanaStrip.apply(keep || []);
        return { active: true, hidden: DanaStrip.hiddenCount() };
      }
      DanaReader.open(ex, settings, lastPage);
      if (m === 'speak') return { active: true, ...(await DanaSpeech.start()) };
      return { active: true };
    }

    async function switchTo(m) {
      if (m === 'speak' && !DanaSpeech.active()) return { active: true, ...(await DanaSpeech.start()) };
      if (m === 'reader' && DanaSpeech.active()) DanaSpeech.stop();
      return { active: true };
    }

    const handlers = {
      state: () => ({ mode: mode(), hasArticle: DanaReader.isOpen() }),
      capture: (msg) => {
        removeMessage();
        const page = DanaCapture.capture({ tag: !!msg.tag });
        lastPage = { lang: page.lang, dir: page.dir };
        return page;
      },
      'capture-selection': () => DanaCapture.captureSelection(),
      show,
      switch: (msg) => switchTo(msg.mode),
      close: () => (close(), { active: false }),
      error: (msg) => {
        showMessage({ title: 'Dana Reader could not read this page', text: `${msg.message} The page has not been changed.`, role: 'alert', selection: false });
        return {};
      },
    };

    chrome.runtime.onMessage.addListener((msg, _sender, reply) => {
      const handler = msg && handlers[msg.type];
      if (!handler) return false;
      Promise.resolve()
        .then(() => handler(msg))
        .then(reply, (e) => reply({ error: String(e && e.message ? e.message : e) }));
      return true;
    });

    chrome.storage.onChanged.addListener((changes, area) => {
      if (area === 'sync' && changes.settings) DanaReader.setSettings(danaSettings(changes.settings.newValue));
    });

    return { close, mode, showMessage };
  })();

globalThis.__danaContent = DanaContent;
