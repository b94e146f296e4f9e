#!/usr/bin/env bash
# Long fuzz campaigns of the dana engine (outside CI; CI replays the seeds and regressions in
# tests/fuzz_regressions.rs).
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]
#
# SECONDS per target (default 600); targets default to all five, run one after another in one
# process each (the machine is shared: no parallel jobs). Needs cargo-fuzz
# (`cargo install cargo-fuzz`); Rust stable runs it with RUSTC_BOOTSTRAP=1.
#
# Seeds: the small hand-written pages in fuzz/seeds/ (committed), plus fuzz/seeds-generated/,
# which this script fills at run time with real pages from $DANA_CORPUS (never committed: the
# pages belong to their publishers). New inputs libFuzzer finds go to fuzz/corpus/<target>/,
# crashes to fuzz/artifacts/<target>/ (both git-ignored). Logs: fuzz/logs/<target>.log.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
SECONDS_PER_TARGET=${1:-600}
shift || true
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(extract_bytes extract_page splice_tags decode tokenize)
CORPUS=${DANA_CORPUS:-$ROOT/../shared/corpus}
export RUSTC_BOOTSTRAP=1

# Real pages as seeds: every r2l page and the pages under 60 KB of the other sets (at most 40
# a set), so that one execution stays in the milliseconds.
GEN=fuzz/seeds-generated
rm -rf "$GEN" && mkdir -p "$GEN"
if [ -d "$CORPUS" ]; then
  for set in r2l cleaneval cleanportaleval dragnet readability; do
    [ -d "$CORPUS/$set/pages" ] || continue
    find "$CORPUS/$set/pages" -name '*.html' -size -60k | sort | head -n 40 | while read -r f; do
      cp "$f" "$GEN/$set-$(basename "$f")"
    done
  done
  echo "seeds: $(ls fuzz/seeds | wc -l) hand-written, $(ls "$GEN" | wc -l) from $CORPUS"
else
  echo "note: no corpus at $CORPUS; fuzzing from the hand-written seeds only"
fi

mkdir -p fuzz/logs
for t in "${TARGETS[@]}"; do
  mkdir -p "fuzz/corpus/$t"
  case "$t" in
    extract_bytes) dirs=(fuzz/seeds); extra=(-max_len=16384) ;;
    decode) dirs=(fuzz/seeds "$GEN"); extra=(-max_len=8192) ;;
    *) dirs=(fuzz/seeds "$GEN"); extra=() ;;
  esac
  echo "== $t for ${SECONDS_PER_TARGET}s ($(date -u +%H:%M:%S) UTC)"
  # -timeout: an input that takes 10 s is reported as a hang; -rss_limit_mb: as a memory blow-up.
  cargo fuzz run "$t" "fuzz/corpus/$t" "${dirs[@]}" -- \
    -max_total_time="$SECONDS_PER_TARGET" -timeout=10 -rss_limit_mb=2048 \
    -dict=fuzz/html.dict -print_final_stats=1 "${extra[@]}" > "fuzz/logs/$t.log" 2>&1 \
    && echo "   no crash: $(grep -E '^stat::number_of_executed_units' "fuzz/logs/$t.log")" \
    || echo "   FOUND a crash or hang: see fuzz/logs/$t.log and fuzz/artifacts/$t/"
done
