// The fonts bundled with the extension, all under the SIL Open Font License 1.1, from the
// `@fontsource/*` packages on npm (package.json pins them). extension/build.mjs copies the
// files named here, and each family's licence, from node_modules into extension/fonts/ (not
// committed), and checks each subset's unicode-range below against the package's unicode.json.
//
// Only the subsets a reader needs: Latin and Latin Extended (most European languages) of the
// three faces for Latin script, the Arabic subset of the two Arabic-script faces (the Latin
// text of an Arabic-script page falls through to the Latin font). Bold is a separate file
// where the family has one; the Nastaliq face ships its regular weight only and serves every
// weight (`weight: '100 900'`), because a synthesised bold smears Nastaliq's dots and strokes.
//
// The file names are quoted string literals on purpose: extension/package.mjs finds the files
// of the store package by such strings. The service worker (background.js) reads a file for
// the reader (`fontBytes`), so the page's Content-Security-Policy (`font-src`) does not apply and
// no web-accessible resource is needed: the reader adds the bytes as a FontFace.

// The ranges are Fontsource's (Google Fonts') subsets; build.mjs checks they still match.
const LATIN = 'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';
const LATIN_EXT = 'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF';
const ARABIC = 'U+0600-06FF,U+0750-077F,U+0870-088E,U+0890-0891,U+0897-08E1,U+08E3-08FF,U+200C-200E,U+2010-2011,U+204F,U+2E41,U+FB50-FDFF,U+FE70-FE74,U+FE76-FEFC,U+102E0-102FB,U+10E60-10E7E,U+10EC2-10EC4,U+10EFC-10EFF,U+1EE00-1EE03,U+1EE05-1EE1F,U+1EE21-1EE22,U+1EE24,U+1EE27,U+1EE29-1EE32,U+1EE34-1EE37,U+1EE39,U+1EE3B,U+1EE42,U+1EE47,U+1EE49,U+1EE4B,U+1EE4D-1EE4F,U+1EE51-1EE52,U+1EE54,U+1EE57,U+1EE59,U+1EE5B,U+1EE5D,U+1EE5F,U+1EE61-1EE62,U+1EE64,U+1EE67-1EE6A,U+1EE6C-1EE72,U+1EE74-1EE77,U+1EE79-1EE7C,U+1EE7E,U+1EE80-1EE89,U+1EE8B-1EE9B,U+1EEA1-1EEA3,U+1EEA5-1EEA9,U+1EEAB-1EEBB,U+1EEF0-1EEF1';
// The digits 0-9 of an Arabic-script face (from its Latin subset), for digits inside
// Arabic-script text: the reader registers them under a family of their own (content/aids.js),
// used by right-to-left text only, so an English paragraph's digits stay in the Latin font.
const DIGITS = 'U+0030-0039';
export const SUBSET_RANGES = Object.freeze({ latin: LATIN, 'latin-ext': LATIN_EXT, arabic: ARABIC, digits: DIGITS });

// A face: [file, subset, weight]. The family is registered under "Dana <name>" so that a page's
// own @font-face of the same name cannot take its place.
export const FONTS = Object.freeze({
  atkinson: {
    family: 'Dana Atkinson Hyperlegible',
    npm: '@fontsource/atkinson-hyperlegible',
    licence: 'fonts/atkinson-hyperlegible-OFL.txt',
    faces: [
      ['fonts/atkinson-hyperlegible-latin-400-normal.woff2', 'latin', '400'],
      ['fonts/atkinson-hyperlegible-latin-700-normal.woff2', 'latin', '700'],
      ['fonts/atkinson-hyperlegible-latin-ext-400-normal.woff2', 'latin-ext', '400'],
      ['fonts/atkinson-hyperlegible-latin-ext-700-normal.woff2', 'latin-ext', '700'],
    ],
  },
  lexend: {
    family: 'Dana Lexend',
    npm: '@fontsource/lexend',
    licence: 'fonts/lexend-OFL.txt',
    faces: [
      ['fonts/lexend-latin-400-normal.woff2', 'latin', '400'],
      ['fonts/lexend-latin-700-normal.woff2', 'latin', '700'],
      ['fonts/lexend-latin-ext-400-normal.woff2', 'latin-ext', '400'],
      ['fonts/lexend-latin-ext-700-normal.woff2', 'latin-ext', '700'],
    ],
  },
  opendyslexic: {
    family: 'Dana OpenDyslexic',
    npm: '@fontsource/opendyslexic',
    licence: 'fonts/opendyslexic-OFL.txt',
    faces: [
      ['fonts/opendyslexic-latin-400-normal.woff2', 'latin', '400'],
      ['fonts/opendyslexic-latin-700-normal.woff2', 'latin', '700'],
    ],
  },
  naskh: {
    family: 'Dana Noto Naskh Arabic',
    npm: '@fontsource/noto-naskh-arabic',
    licence: 'fonts/noto-naskh-arabic-OFL.txt',
    faces: [
      ['fonts/noto-naskh-arabic-arabic-400-normal.woff2', 'arabic', '400'],
      ['fonts/noto-naskh-arabic-arabic-700-normal.woff2', 'arabic', '700'],
      ['fonts/noto-naskh-arabic-latin-400-normal.woff2', 'digits', '400'],
      ['fonts/noto-naskh-arabic-latin-700-normal.woff2', 'digits', '700'],
    ],
  },
  nastaliq: {
    family: 'Dana Noto Nastaliq Urdu',
    npm: '@fontsource/noto-nastaliq-urdu',
    licence: 'fonts/noto-nastaliq-urdu-OFL.txt',
    faces: [
      ['fonts/noto-nastaliq-urdu-arabic-400-normal.woff2', 'arabic', '100 900'],
      ['fonts/noto-nastaliq-urdu-latin-400-normal.woff2', 'digits', '100 900'],
    ],
  },
});

// Every font file the service worker may read for a page (and nothing else).
export const FONT_FILES = Object.freeze(Object.values(FONTS).flatMap((f) => f.faces.map(([file]) => file)));

// The bytes of one bundled font file, base64 (messages between the page and the worker are
// JSON in Chromium). Run in the service worker; `file` comes from a page, so it must be one of
// FONT_FILES.
export async function fontBytes(file) {
  if (!FONT_FILES.includes(file)) throw new Error(`not a bundled font: ${String(file).slice(0, 80)}`);
  const res = await fetch(chrome.runtime.getURL(file));
  if (!res.ok) throw new Error(`${file}: ${res.status}`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { data: btoa(bin) };
}
