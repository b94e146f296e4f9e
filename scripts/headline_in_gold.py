#!/usr/bin/env python3
"""The headline on sets without annotated headlines (cleaneval, dragnet, cleanportaleval: news
and blog pages of 2007-12): the share of pages whose headline's words are, four in five at
least, words of the gold text's opening (its first 3,000 characters), where those sets' gold
writes the headline. A stand-in, not a headline annotation: a gold that leaves the headline out
counts a right headline wrong, and a site's name the gold happens to hold counts right. It
shows a headline rule that turns a site's or a section's name into the headline ("Seth's
Blog" over the post's title). Prints, asserts nothing.

    cargo build --release -p dana-cli && python3 scripts/headline_in_gold.py
    python3 scripts/headline_in_gold.py --dana OTHER/target/release/dana --list   # the misses

Needs target/release/dana; reads DANA_CORPUS (default ../shared/corpus).
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
SETS = ["cleaneval", "dragnet", "cleanportaleval"]
OPENING = 3000  # characters of the gold where a headline is written
SHARE = 0.8  # of the headline's words found there


def words(text):
    return re.findall(r"\w+", text.lower())


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dana", default=str(ROOT / "target/release/dana"))
    ap.add_argument("--list", action="store_true", help="print each page whose headline misses")
    args = ap.parse_args()
    corpus = Path(os.environ.get("DANA_CORPUS", ROOT.parent / "shared/corpus"))
    if not Path(args.dana).is_file():
        sys.exit(f"no {args.dana}: cargo build --release -p dana-cli")
    print(f"{'set':16} {'pages':>6} {'headline in gold':>17}")
    for name in SETS:
        pages = sorted((corpus / name / "pages").glob("*.html"))
        if not pages:
            print(f"{name:16} absent under {corpus}")
            continue
        with tempfile.TemporaryDirectory() as out:
            subprocess.run(
                [args.dana, "extract", "--format", "json", "--out-dir", out, *map(str, pages)],
                check=True,
            )
            n = hit = 0
            for page in pages:
                gold = corpus / name / "gold" / f"{page.stem}.txt"
                got = Path(out) / f"{page.stem}.json"
                if not gold.is_file() or not got.is_file():
                    continue
                title = json.loads(got.read_text()).get("title") or ""
                opening = set(words(gold.read_text(errors="replace")[:OPENING]))
                t = words(title)
                ok = bool(t) and sum(w in opening for w in t) >= SHARE * len(t)
                n += 1
                hit += ok
                if args.list and not ok:
                    print(f"  miss {name}/{page.stem}: {title[:100]!r}")
        print(f"{name:16} {n:6} {hit / max(n, 1):17.3f}")


if __name__ == "__main__":
    main()
