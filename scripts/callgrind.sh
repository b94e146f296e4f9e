#!/usr/bin/env bash
# Counts the instructions of `dana::extract` on a fixed sample of corpus pages with valgrind's
# callgrind (repeatable, unlike timings on a shared machine) and lists the hotspots.
#
#   scripts/callgrind.sh                 default algorithm, 10 pages per corpus set
#   scripts/callgrind.sh --pages 20      more pages
#   scripts/callgrind.sh --page cleaneval/final-396    one page
#
# Arguments go to benches/profile.rs. Only instructions inside `dana::extract` are counted
# (reading and decoding the pages is left out). Needs valgrind (apt-get install valgrind).
# Output: the total, then the functions by inclusive and by exclusive share; the raw profile
# stays in target/callgrind.out for callgrind_annotate.
set -euo pipefail
cd "$(dirname "$0")/.."
export DANA_CORPUS=${DANA_CORPUS:-$(pwd)/../shared/corpus}
command -v valgrind >/dev/null || { echo "valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }

json=$(cargo bench --bench profile --no-run --message-format=json 2>/dev/null) || {
  echo "could not build benches/profile.rs; see: cargo bench --bench profile --no-run" >&2; exit 1; }
bin=$(printf '%s\n' "$json" | grep -o '"executable":"[^"]*/profile-[^"]*"' | sed 's/.*:"\(.*\)"/\1/' | tail -1)
[ -x "$bin" ] || { echo "cargo did not report the profile executable" >&2; exit 1; }

out=target/callgrind.out
valgrind --tool=callgrind --toggle-collect='dana::extract' --callgrind-out-file="$out" "$bin" "$@" 2>&1 \
  | grep -E 'refs|pages x' || true
echo
echo "== inclusive (a function and everything it calls)"
callgrind_annotate --inclusive=yes "$out" 2>/dev/null | sed -n '/file:function/,/^$/p' \
  | grep -vE 'libc_start|below main|profile::main|__rust_begin_short_backtrace|\?\?\?:main |ld-linux' \
  | sed 's/ \[.*//' | head -30
echo
echo "== exclusive (instructions in the function itself)"
callgrind_annotate "$out" 2>/dev/null | sed -n '/file:function/,/^$/p' | sed 's/ \[.*//' | head -25
