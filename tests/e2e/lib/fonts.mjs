// The fonts Chromium renders the first element matching `selector` in the reader with, by
// family name and glyph count (the DevTools protocol's CSS.getPlatformFontsForNode).
export async function renderedFonts(page, selector) {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    await cdp.send('DOM.getDocument', { depth: -1, pierce: true });
    const { result } = await cdp.send('Runtime.evaluate', { expression: `document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector(${JSON.stringify(selector)})` });
    const { nodeId } = await cdp.send('DOM.requestNode', { objectId: result.objectId });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts.map((f) => ({ family: f.familyName, custom: f.isCustomFont, glyphs: f.glyphCount }));
  } finally {
    await cdp.detach();
  }
}
