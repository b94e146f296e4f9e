#!/usr/bin/env python3
"""What each refinement earns: the default's shingle F1 on every set, then the change when one
switch of `dana::SWITCHES` is off (`dana eval --without R`), the others on; with the halves of
`modern` (even and odd ids) and how many pages the switch changes, up and down. Prints the
Markdown table of docs/EVALUATION.md "Each refinement"; asserts nothing.

    cargo build --release -p dana-cli && python3 scripts/switches.py
    python3 scripts/switches.py --only teasers,threads     # some switches
    python3 scripts/switches.py --pages teasers            # the pages one switch changes

A set's figure is the one `dana eval` prints: the F1 of the mean shingle precision (pages with
output) and the mean shingle recall (pages with gold). A positive change means the set is better
with the switch off. Needs target/release/dana; reads DANA_CORPUS (default ../shared/corpus);
about half a minute a run on two threads.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SETS = ["cleaneval", "cleanportaleval", "dragnet", "r2l", "readability", "modern"]
COLUMNS = SETS + ["even", "odd"]
CHANGED = 1e-9  # a page's F1 moved


def switch_names(dana):
    """The CLI names of the switches, in SWITCHES' order, from `dana eval -h`."""
    help_text = subprocess.run([dana, "eval", "-h"], capture_output=True, text=True, check=True)
    # The list wraps over several lines, up to the next option's line or a blank one.
    m = re.search(r"Turn one refinement off \(repeatable\): (.*?)\n\s*(?:-|\n|$)", help_text.stdout, re.S)
    if not m:
        sys.exit("could not read the switches from `dana eval -h`")
    return [n.strip() for n in re.split(r",| or ", " ".join(m.group(1).split())) if n.strip()]


def run(dana, corpus, threads, without):
    """Per-page records of one configuration: {(set, id): record}."""
    with tempfile.NamedTemporaryFile(suffix=".jsonl") as out:
        cmd = [dana, "eval", "--threads", str(threads), "--json", out.name]
        for w in without:
            cmd += ["--without", w]
        cmd += [str(corpus / s) for s in SETS if (corpus / s / "index.jsonl").is_file()]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        records = [json.loads(line) for line in Path(out.name).read_text().splitlines() if line]
    return {(r["set"], r["id"]): r for r in records}


def half(page_id):
    digits = re.sub(r"\D", "", page_id)
    return "even" if digits and int(digits) % 2 == 0 else "odd"


def score(records):
    """Shingle F1 per column, as `dana eval` averages a set."""
    groups = {c: [] for c in COLUMNS}
    for (set_name, page_id), r in records.items():
        groups[set_name].append(r)
        if set_name == "modern":
            groups[half(page_id)].append(r)
    out = {}
    for c, rs in groups.items():
        if not rs:
            continue
        counts = [r["shingle"] for r in rs]
        ps = [s["tp"] / (s["tp"] + s["fp"]) for s in counts if s["tp"] + s["fp"] > 0]
        rc = [s["tp"] / (s["tp"] + s["fn_"]) for s in counts if s["tp"] + s["fn_"] > 0]
        p = sum(ps) / len(ps) if ps else 0.0
        r = sum(rc) / len(rc) if rc else 0.0
        out[c] = 2 * p * r / (p + r) if p + r else 0.0
    return out


def f1(r):
    return r["shingle_prf"]["f1"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dana", default=str(ROOT / "target/release/dana"))
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--only", help="comma-separated switches (CLI names); default: every one")
    ap.add_argument("--pages", metavar="SWITCH", help="list the pages SWITCH changes")
    args = ap.parse_args()
    corpus = Path(os.environ.get("DANA_CORPUS", ROOT.parent / "shared/corpus"))
    if not Path(args.dana).is_file():
        sys.exit(f"{args.dana} is missing: cargo build --release -p dana-cli")
    names = switch_names(args.dana)
    wanted = [args.pages] if args.pages else (args.only.split(",") if args.only else names)
    unknown = [w for w in wanted if w not in names]
    if unknown:
        sys.exit(f"not a switch: {', '.join(unknown)} (switches: {', '.join(names)})")

    base = run(args.dana, corpus, args.threads, [])
    if args.pages:
        off = run(args.dana, corpus, args.threads, [args.pages])
        moved = [(f1(off[k]) - f1(base[k]), k) for k in base if abs(f1(off[k]) - f1(base[k])) > CHANGED]
        for d, (s, i) in sorted(moved):
            print(f"{s}/{i}\t{f1(base[(s, i)]):.4f} with, {f1(off[(s, i)]):.4f} without ({d:+.4f})")
        return
    b = score(base)
    cols = [c for c in COLUMNS if c in b]
    print("| off | " + " | ".join(cols) + " | pages it raises / lowers |")
    print("|---|" + "---:|" * (len(cols) + 1))
    print("| (none: the default) | " + " | ".join(f"{b[c]:.4f}" for c in cols) + " | |")
    for name in wanted:
        off = run(args.dana, corpus, args.threads, [name])
        o = score(off)
        cells = []
        for c in cols:
            d = o[c] - b[c]
            cells.append("0" if abs(d) < 5e-5 else f"{d:+.4f}")
        down = sum(f1(off[k]) - f1(base[k]) > CHANGED for k in base)
        up = sum(f1(base[k]) - f1(off[k]) > CHANGED for k in base)
        print(f"| `{name}` | " + " | ".join(cells) + f" | {up} / {down} |", flush=True)


if __name__ == "__main__":
    main()
