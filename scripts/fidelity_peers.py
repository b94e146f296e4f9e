#!/usr/bin/env python3
"""Issue 13: do the article's data tables survive with their structure? Dana against trafilatura
on the same corpus pages and the same tables (docs/FIDELITY.md).

A table counts when its markup says it holds data (a `th` or a `caption`, at least two rows,
a row of two cells, no table inside, at least four cells with a letter or digit) and the gold
text holds at least half of its cells: the definition of tests/fidelity.rs, here with lxml's
parser; cells are compared without whitespace, and only those of four characters or more count. A table *survives* when one table of the output holds at least 90 % of its cells as
cells; it is *split* when instead at least half of its cells come out as loose lines; it is
*outside* the extraction when most of its cells are nowhere in the output's text (the
extractor chose another part of the page), else *broken*.

    scripts/fidelity_peers.py [--dana target/release/dana] [--corpus DIR]

Needs lxml and trafilatura (the peers' virtualenv: /work/scratch/venv/bin/python).
"""
import argparse
import json
import os
import re
import subprocess
import sys

import lxml.html
import trafilatura
from lxml import etree

SETS = ["cleaneval", "cleanportaleval", "dragnet", "readability", "r2l", "modern"]


def collapse(s):
    return re.sub(r"\s+", " ", s or "").strip()


def key(s):
    """A cell compared without its whitespace (a line break in a cell is a space to one
    extractor and nothing to another), lowercased."""
    return re.sub(r"\s+", "", s or "").lower()


def source_tables(root, gold):
    out = []
    for t in root.iter("table"):
        if t.find(".//table") is not None:
            continue
        marked = t.find(".//th") is not None or t.find(".//caption") is not None
        rows = [[collapse(c.text_content()) for c in tr if c.tag in ("td", "th")] for tr in t.iter("tr")]
        rows = [r for r in rows if r]
        if not marked or len(rows) < 2 or not any(len(r) >= 2 for r in rows):
            continue
        # Cells of four characters or more: a calendar's day numbers and initials are in every
        # gold text and say nothing about where the table went.
        cells = [key(c) for r in rows for c in r if len(key(c)) >= 4]
        if len(cells) >= 4 and 2 * sum(c in gold for c in cells) >= len(cells):
            out.append(cells)
    return out


def verdict(cells, tables, loose, text):
    best = max((sum(c in t for c in cells) for t in tables), default=0)
    if 10 * best >= 9 * len(cells):
        return "survived"
    if 2 * sum(c in loose for c in cells) >= len(cells):
        return "split"
    # Most cells nowhere in the output's text: the extractor chose another part of the page
    # (the table is missed with the text around it, not broken).
    if 2 * sum(c in text for c in cells) < len(cells):
        return "outside"
    return "broken"


def dana_output(dana, path):
    ex = json.loads(subprocess.run([dana, "extract", "--format", "json", path], capture_output=True, check=True).stdout)
    tables = [{key(c["text"]) for row in b["table"]["rows"] for c in row} for b in ex["blocks"] if b["kind"] == "table"]
    loose = {key(b["text"]) for b in ex["blocks"] if b["kind"] != "table"}
    return tables, loose, key(ex["text"])


def trafilatura_output(html):
    xml = trafilatura.extract(html, output_format="xml", include_tables=True, include_formatting=False) or "<doc/>"
    doc = etree.fromstring(xml.encode())
    tables = [{key("".join(c.itertext())) for c in t.iter("cell")} for t in doc.iter("table")]
    loose = {key("".join(e.itertext())) for e in doc.iter() if e.tag in ("p", "item", "head", "quote")}
    return tables, loose, key("".join(doc.itertext()))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dana", default="target/release/dana")
    ap.add_argument("--corpus", default=os.environ.get("DANA_CORPUS", "../shared/corpus"))
    args = ap.parse_args()
    counts = {name: {"survived": 0, "split": 0, "broken": 0, "outside": 0} for name in ("dana", "trafilatura")}
    total = 0
    for s in SETS:
        pages = os.path.join(args.corpus, s, "pages")
        if not os.path.isdir(pages):
            print(f"note: {s} missing, skipped", file=sys.stderr)
            continue
        for name in sorted(os.listdir(pages)):
            gold_path = os.path.join(args.corpus, s, "gold", name[:-5] + ".txt")
            if not os.path.exists(gold_path):
                continue
            path = os.path.join(pages, name)
            raw = open(path, "rb").read()
            if b"<table" not in raw.lower():
                continue
            gold = key(open(gold_path, encoding="utf-8", errors="replace").read())
            try:
                root = lxml.html.fromstring(raw)
            except (etree.ParserError, ValueError):
                continue
            wanted = source_tables(root, gold)
            if not wanted:
                continue
            html = raw.decode("utf-8", errors="replace")
            outputs = {"dana": dana_output(args.dana, path), "trafilatura": trafilatura_output(html)}
            for cells in wanted:
                total += 1
                for peer, output in outputs.items():
                    counts[peer][verdict(cells, *output)] += 1
    print(f"{total} article data tables")
    print("peer          survived whole   split   broken   outside the extraction   survived of those reached")
    for peer, c in counts.items():
        reached = total - c["outside"]
        print(f"{peer:12} {c['survived']:5} ({c['survived'] / max(total, 1):4.0%}) {c['split']:7} {c['broken']:8} {c['outside']:9}"
              f"                {c['survived']}/{reached} ({c['survived'] / max(reached, 1):.0%})")


if __name__ == "__main__":
    main()
