// Bytes of an HTML file -> text, the way a browser picks the encoding (WHATWG HTML "encoding
// sniffing", simplified): byte order mark, then the HTTP charset, then a <meta> charset in the
// first 1024 bytes, then UTF-8 if the bytes are valid UTF-8, else windows-1252. The extension
// never needs this (the browser has decoded the page); the demo does for files and fetches.

export function decodeBytes(bytes, httpCharset) {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return done('utf-8', bytes.subarray(3), 'BOM');
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return done('utf-16le', bytes.subarray(2), 'BOM');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return done('utf-16be', bytes.subarray(2), 'BOM');
  for (const [label, how] of [
    [httpCharset, 'HTTP header'],
    [metaCharset(bytes), '<meta>'],
  ]) {
    const usable = supported(label);
    if (usable) return done(usable, bytes, how);
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8 (valid UTF-8)' };
  } catch {
    return done('windows-1252', bytes, 'fallback');
  }
}

function done(label, bytes, how) {
  return { text: new TextDecoder(label).decode(bytes), encoding: `${label} (${how})` };
}

/** A label TextDecoder knows, with the HTML rules: a UTF-16 <meta> means UTF-8. */
function supported(label) {
  if (!label) return null;
  label = label.trim().toLowerCase().replace(/^["']|["']$/g, '');
  try {
    const name = new TextDecoder(label).encoding;
    return name.startsWith('utf-16') ? 'utf-8' : name === 'x-user-defined' ? 'windows-1252' : name;
  } catch {
    return null;
  }
}

function metaCharset(bytes) {
  const head = new TextDecoder('windows-1252').decode(bytes.subarray(0, 1024));
  for (const m of head.matchAll(/<meta\b[^>]*>/gi)) {
    const charset = /charset\s*=\s*["']?\s*([^"'\s;>/]+)/i.exec(m[0]);
    if (charset) return charset[1];
  }
  return null;
}
