#!/usr/bin/env bash
# Dana Reader: one script for set-up, build and tests.
#
#   ./build.sh            install what is missing, build everything (the CLI, the wasm package,
#                         the extension, the Python wheel in dist/), print where it is
#   ./build.sh test       install what is missing, build, run every test (what .ci/run calls)
#   ./build.sh serve      build, then serve the demo page on http://localhost:8000/ (PORT=... to change)
#
# It installs what it needs on a fresh machine that has Rust (rustup), Node 20, Python 3 and apt;
# every install step is skipped when its tool is already there, so a second run only builds.
#
# Environment:
#   DANA_CORPUS     corpus root for tests and benchmarks (default ../shared/corpus, beside this
#                   checkout or beside the local checkout it was cloned from)
#   DANA_XSS_PAYLOADS  the XSS payload list (default ../shared/security/xss-payloads.txt, the same way)
#   DANA_WASM_OPT   1 (default): shrink the .wasm with npm binaryen's wasm-opt -Oz; 0: skip
set -euo pipefail
cd "$(dirname "$0")"
ROOT=$(pwd)
# The shared data (the corpora, the XSS payloads): ../shared beside this checkout, else (for a
# clone made elsewhere of a local checkout, say in a temporary folder) ../shared beside the
# checkout it was cloned from. It is never copied into the repository.
find_shared() {
  local shared=$ROOT/../shared origin
  if [ ! -d "$shared" ]; then
    origin=$(git -C "$ROOT" config --get remote.origin.url 2>/dev/null || true)
    if [ -n "$origin" ] && [ -d "$origin/../shared" ]; then
      shared=$(cd "$origin/../shared" && pwd)
    fi
  fi
  echo "$shared"
}
SHARED=$(find_shared)
CORPUS=${DANA_CORPUS:-$SHARED/corpus}
export DANA_CORPUS=$CORPUS
export DANA_XSS_PAYLOADS=${DANA_XSS_PAYLOADS:-$SHARED/security/xss-payloads.txt}
export PATH="$HOME/.cargo/bin:$ROOT/node_modules/.bin:$PATH"

# The wasm size budget, in bytes (docs/PERFORMANCE.md says why these numbers). The build fails
# above it: a size regression is cheap to fix the day it happens and expensive months later.
WASM_BUDGET_RAW=$((1088 * 1024))
WASM_BUDGET_GZIP=$((448 * 1024))

say() { printf '\n== %s\n' "$*"; }
timed() { # timed LABEL CMD...: runs CMD, prints how long it took
  local label=$1 t0=$SECONDS; shift
  "$@"
  echo "($label took $((SECONDS - t0)) s)"
}
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

# ---- set-up ----------------------------------------------------------------------------------
# The wasm-bindgen CLI must be exactly the version the wasm crate pins (wasm/Cargo.toml:
# wasm-bindgen = "=X").
WASM_BINDGEN_VERSION=$(sed -n 's/^wasm-bindgen *= *"=\([0-9.]*\)".*/\1/p' wasm/Cargo.toml)

cargo_install() { # cargo_install CRATE [ARGS...]: --locked first, then without (the pinned lock
  # can name a crate version the registry mirror does not have yet)
  cargo install "$@" --locked || cargo install "$@"
}

setup_rust() {
  if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    say "rustup target add wasm32-unknown-unknown"
    rustup target add wasm32-unknown-unknown
  fi
  if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $WASM_BINDGEN_VERSION" ]; then
    say "cargo install wasm-bindgen-cli $WASM_BINDGEN_VERSION (a few minutes, once)"
    timed "wasm-bindgen-cli install" cargo_install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
  fi
}

setup_node() {
  # npm ci wipes node_modules, so run it only when package-lock.json changed since the last run.
  local stamp=node_modules/.dana-lock-sha256 want
  want=$(sha256sum package-lock.json | cut -d' ' -f1)
  if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
    say "npm ci"
    timed "npm ci" npm ci --no-audit --no-fund
    echo "$want" >"$stamp"
  fi
}

setup_browsers() { # only the browser tests need them: Debian's Chromium and Firefox ESR
  local missing=()
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  [ -x /usr/bin/firefox-esr ] || missing+=(firefox-esr)
  if [ ${#missing[@]} -gt 0 ]; then
    say "apt-get install ${missing[*]}"
    local t0=$SECONDS
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
    echo "(${missing[*]} install took $((SECONDS - t0)) s)"
  fi
}

# The Python tools live in virtual environments under target/py (never the system's Python):
# build (maturin), deps (what the tests of the wheel need), a fresh one per test run, and
# markdown (Python-Markdown for the export test).
PY_ENVS=$ROOT/target/py
MATURIN_VERSION=1.16.0

setup_markdown_python() { # the Markdown export's test renders files with Python-Markdown (pinned, from PyPI:
  # Debian 12's 3.4.1 loops for ever on some valid Markdown, tests/e2e/export.test.mjs)
  local venv=$PY_ENVS/markdown want=3.11.3
  if [ "$("$venv/bin/python" -c 'import markdown; print(markdown.__version__)' 2>/dev/null)" != "$want" ]; then
    say "Python-Markdown $want in $venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q "markdown==$want"
  fi
}

setup_python_build() {
  if [ "$("$PY_ENVS/build/bin/maturin" --version 2>/dev/null)" != "maturin $MATURIN_VERSION" ]; then
    say "pip install maturin $MATURIN_VERSION (into target/py/build)"
    python3 -m venv "$PY_ENVS/build"
    timed "maturin install" "$PY_ENVS/build/bin/pip" install -q --disable-pip-version-check "maturin==$MATURIN_VERSION"
  fi
}

setup_python_test() { # the tests' packages, reinstalled only when their list changed; Java for Spark
  local stamp=$PY_ENVS/deps/.dana-requirements-sha256 want
  want=$(sha256sum python/tests/requirements.txt | cut -d' ' -f1)
  if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
    say "pip install -r python/tests/requirements.txt (into target/py/deps)"
    rm -rf "$PY_ENVS/deps"
    python3 -m venv "$PY_ENVS/deps"
    timed "Python test packages install" "$PY_ENVS/deps/bin/pip" install -q --disable-pip-version-check \
      -r python/tests/requirements.txt
    echo "$want" >"$stamp"
  fi
  if ! command -v java >/dev/null; then
    say "apt-get install openjdk-17-jre-headless (for the Spark test)"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q openjdk-17-jre-headless
  fi
}

# ---- build -----------------------------------------------------------------------------------
build_native() {
  say "native CLI (cargo build --release -p dana-cli)"
  cargo build --release -p dana-cli --locked 2>/dev/null || cargo build --release -p dana-cli
  echo "CLI: $ROOT/target/release/dana"
}

build_python() {
  say "Python wheel (maturin build --release -m python/Cargo.toml)"
  setup_python_build
  rm -f dist/dana_reader-*.whl
  "$PY_ENVS/build/bin/maturin" build --release --locked -m python/Cargo.toml --out dist --quiet 2>/dev/null ||
    "$PY_ENVS/build/bin/maturin" build --release -m python/Cargo.toml --out dist
  echo "wheel: $(ls "$ROOT"/dist/dana_reader-*.whl)"
}

build_wasm() {
  say "wasm package (cargo build -p dana-wasm --target wasm32-unknown-unknown, then wasm-bindgen)"
  # What wasm-pack does, in its two steps, without installing wasm-pack (five minutes of a fresh
  # machine's set-up, docs/PERFORMANCE.md): the release build of the crate wasm/ (dana-wasm),
  # then the wasm-bindgen CLI of the crate's exact version writes pkg/ (dana.js, dana_bg.wasm,
  # dana.d.ts with the declarations the crate hand-writes). The profile `wasm` (Cargo.toml) is
  # the release profile with the dependencies built for size (docs/PERFORMANCE.md).
  cargo build -p dana-wasm --lib --profile wasm --target wasm32-unknown-unknown
  rm -rf pkg
  wasm-bindgen --target web --typescript --out-dir pkg --out-name dana \
    target/wasm32-unknown-unknown/wasm/dana_wasm.wasm
  local wasm=pkg/dana_bg.wasm
  if [ "${DANA_WASM_OPT:-1}" = 1 ]; then
    # npm binaryen (a recent release) instead. The feature flags are those rustc's wasm32 target
    # enables by default, so wasm-opt neither rejects the module nor emits anything newer.
    local before
    before=$(stat -c %s "$wasm")
    # --converge: -Oz's passes again until the module stops shrinking (about 250 B of gzip on
    # 24 November, when the merged work was 48 B over the budget; docs/PERFORMANCE.md).
    # --strip-producers, --strip-target-features: two custom sections no engine reads (the
    # toolchain's names and versions, the features rustc enabled): 265 B raw, 218 B gzip.
    wasm-opt -Oz --converge --strip-producers --strip-target-features --enable-bulk-memory \
      --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals \
      --enable-reference-types --enable-multivalue \
      "$wasm" -o "$wasm.opt"
    mv "$wasm.opt" "$wasm"
    echo "wasm-opt -Oz --converge: $before -> $(stat -c %s "$wasm") bytes"
  fi
  report_wasm_size "$wasm"

  rm -rf www/pkg && cp -r pkg www/pkg
  echo "wasm package: $ROOT/pkg, copied to www/pkg"
  if [ -d extension ]; then
    rm -rf extension/pkg && cp -r pkg extension/pkg
    echo "  and to extension/pkg"
  fi
}

report_wasm_size() {
  local raw gz
  raw=$(stat -c %s "$1")
  gz=$(gzip -9c "$1" | wc -c)
  echo "wasm size: $raw bytes raw ($((raw / 1024)) KiB, budget $((WASM_BUDGET_RAW / 1024)) KiB)," \
    "$gz bytes gzip -9 ($((gz / 1024)) KiB, budget $((WASM_BUDGET_GZIP / 1024)) KiB)"
  if [ "$raw" -gt "$WASM_BUDGET_RAW" ] || [ "$gz" -gt "$WASM_BUDGET_GZIP" ]; then
    echo "error: the wasm is over its size budget (see docs/PERFORMANCE.md, 'Size and its budget')" >&2
    exit 1
  fi
}

package_extension() {
  # The zips the stores take: only the files the extension loads at run time (extension/package.mjs
  # follows them from the manifest), with each browser's manifest, zipped by web-ext.
  [ -f extension/manifest.json ] || return 0
  say "extension packages"
  local browser
  for browser in chrome firefox; do
    node extension/package.mjs "$browser" "dist/$browser"
    web-ext build --source-dir "dist/$browser" --artifacts-dir dist --filename "dana-reader-$browser.zip" \
      --overwrite-dest >/dev/null
    echo "dist/dana-reader-$browser.zip: $(stat -c %s "dist/dana-reader-$browser.zip") bytes"
  done
  rm -f dist/dana-reader-extension.zip # the name it had before 23 Nov
}

build_all() {
  setup_rust
  setup_node
  build_native
  build_python
  build_wasm
  node extension/build.mjs # the extension's content script: one bundle of extension/content/*.js
  package_extension
}

# ---- tests -----------------------------------------------------------------------------------
FAILED=()

test_rust() {
  say "Rust tests (cargo test --profile ci --workspace)"
  # --no-fail-fast: one failing test binary must not hide the results of the others.
  # The profile `ci` (Cargo.toml) is the release profile without its whole-program link, which
  # each test binary paid: 5.8 minutes to build them all after the release build, against 13
  # in the run before it (with other work on the machine).
  cargo test --profile ci --workspace --no-fail-fast || FAILED+=("cargo test")
  say "module import graph (scripts/imports.py: fails on a circle)"
  python3 scripts/imports.py || FAILED+=("module imports")
  say "cargo fmt --all --check"
  cargo fmt --all --check || FAILED+=("cargo fmt")
  say "cargo clippy --workspace --all-targets -- -D warnings"
  cargo clippy --workspace --all-targets -- -D warnings || FAILED+=("cargo clippy")
  say "cargo doc --workspace --no-deps (warnings denied)"
  RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps || FAILED+=("cargo doc")
}

test_node_dir() { # test_node_dir DIR LABEL: every DIR/*.test.mjs under node's test runner
  local dir=$1 label=$2 files
  shopt -s nullglob
  files=("$dir"/*.test.mjs)
  shopt -u nullglob
  if [ ${#files[@]} -eq 0 ]; then
    say "$label: no test files in $dir, skipped"
    return 0
  fi
  say "$label (node --test ${files[*]})"
  node --test "${files[@]}" || FAILED+=("$label")
}

test_python() {
  # The wheel of dist/ in a new virtual environment, the tests' packages seen through a .pth
  # file (installed once in target/py/deps), and pytest from there: the package is imported as
  # a user imports it, never from python/.
  setup_python_test
  local venv=$PY_ENVS/test site
  rm -rf "$venv"
  python3 -m venv "$venv"
  site=$("$venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
  "$PY_ENVS/deps/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])' >"$site/dana-test-deps.pth"
  "$venv/bin/pip" install -q --disable-pip-version-check --no-deps dist/dana_reader-*.whl
  say "Python tests (pytest python/tests: the package, WARC, datatrove, Spark local[2])"
  DANA_CLI=$ROOT/target/release/dana "$venv/bin/python" -m pytest -q -p no:cacheprovider python/tests ||
    FAILED+=("Python tests")
}

serve() {
  local port=${PORT:-8000}
  say "serving $ROOT/www on http://localhost:$port/ (Ctrl-C stops)"
  # Python's http.server takes .wasm's type from the system's mime.types, which a bare machine
  # may lack; WebAssembly.instantiateStreaming needs application/wasm, so set it here.
  exec python3 - "$port" <<'PY'
import functools, http.server, sys
handler = http.server.SimpleHTTPRequestHandler
handler.extensions_map.update({".wasm": "application/wasm", ".js": "text/javascript", ".mjs": "text/javascript"})
http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), functools.partial(handler, directory="www")).serve_forever()
PY
}

main() {
  local cmd=${1:-build}
  case "$cmd" in
    build)
      build_all
      ;;
    test)
      t0=$SECONDS
      build_all
      setup_browsers
      setup_markdown_python
      test_rust
      test_python
      test_node_dir tests/node "Node tests of the wasm package"
      test_node_dir tests/e2e "browser tests (Chromium, Firefox)"
      say "all tests took $((SECONDS - t0)) s"
      if [ ${#FAILED[@]} -gt 0 ]; then
        echo "FAILED: ${FAILED[*]}" >&2
        exit 1
      fi
      echo "all test suites passed"
      ;;
    serve)
      build_all
      serve
      ;;
    *)
      echo "usage: ./build.sh [build|test|serve]" >&2; exit 2
      ;;
  esac
}

# One line, so that bash has read all of it before running it: editing build.sh while it runs
# cannot make the running copy execute the edited text.
main "$@"; exit
