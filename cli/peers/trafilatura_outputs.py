#!/usr/bin/env python3
"""Writes trafilatura's outputs for corpus sets, for `dana eval --peer trafilatura=OUT`.

    python3 -m venv venv && venv/bin/pip install trafilatura==2.3.1 lxml_html_clean
    venv/bin/python cli/peers/trafilatura_outputs.py OUT ../shared/corpus/modern ../shared/corpus/r2l
    target/release/dana eval --peer trafilatura=OUT ../shared/corpus/modern ../shared/corpus/r2l

For each SET_DIR (index.jsonl, pages/<id>.html) it writes OUT/<set>/<id>.txt: trafilatura's
extract() of the page's bytes with its default options (trafilatura decodes them itself), an
empty file when it finds nothing or fails. The version the figures in docs/EVALUATION.md were
measured with is pinned above; the script refuses another one unless --any-version is given.
(Not named trafilatura.py: Python would import the script itself as the package.)
"""
import argparse
import json
import sys
import time
from pathlib import Path

PINNED = "2.3.1"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path, help="output directory (OUT/<set>/<id>.txt)")
    ap.add_argument("sets", type=Path, nargs="+", help="corpus set directories")
    ap.add_argument("--any-version", action="store_true", help=f"run with a trafilatura other than {PINNED}")
    a = ap.parse_args()
    from importlib.metadata import version

    import trafilatura

    installed = version("trafilatura")
    if installed != PINNED and not a.any_version:
        sys.exit(f"trafilatura {installed} installed, {PINNED} pinned (pip install trafilatura=={PINNED}, or --any-version)")
    for set_dir in a.sets:
        index = set_dir / "index.jsonl"
        if not index.is_file():
            sys.exit(f"{set_dir}: no index.jsonl")
        out = a.out / set_dir.name
        out.mkdir(parents=True, exist_ok=True)
        start, pages = time.time(), 0
        ids = dict.fromkeys(json.loads(line)["id"] for line in index.open(encoding="utf-8") if line.strip())
        for page_id in ids:
            page = set_dir / "pages" / f"{page_id}.html"
            if not page.is_file():
                continue
            try:
                text = trafilatura.extract(page.read_bytes()) or ""
            except Exception as e:  # a peer's crash is an empty output, as dana eval scores its own
                print(f"note: {set_dir.name}/{page_id}: {e}", file=sys.stderr)
                text = ""
            (out / f"{page_id}.txt").write_text(text, encoding="utf-8")
            pages += 1
        print(f"{set_dir.name}: {pages} pages in {time.time() - start:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
