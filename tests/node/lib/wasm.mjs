// Loads the built wasm package (pkg/, made by ./build.sh) into Node, synchronously.
//
//   import { dana, PKG } from './lib/wasm.mjs';
//   dana.extract('<p>…</p>', { algorithm: 'danag' });

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO } from '../../e2e/lib/corpus.mjs';

/** The package directory: $DANA_PKG, else <repo>/pkg. */
export const PKG = process.env.DANA_PKG || path.join(REPO, 'pkg');

if (!existsSync(path.join(PKG, 'dana_bg.wasm'))) {
  throw new Error(`no wasm package in ${PKG}: run ./build.sh first`);
}

export const dana = await import(path.join(PKG, 'dana.js'));
dana.initSync({ module: readFileSync(path.join(PKG, 'dana_bg.wasm')) });
