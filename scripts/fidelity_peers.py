#!/usr/bin/env python3
"""Issue 13: do the article's data tables and code blocks survive with their structure? Dana
against trafilatura on the same corpus pages, the same tables and the same `pre` blocks
(docs/FIDELITY.md).

A table counts when its markup says it holds data (a `th` or a `caption`, at least two rows,
a row of two cells, no table inside, at least four cells with a letter or digit) and the gold
text holds at least half of its cells: the definition of tests/fidelity.rs, here with lxml's
parser; cells are compared without whitespace, and only those of four characters or more count. A table *survives* when one table of the output holds at least 90 % of its cells as
cells; it is *split* when instead at least half of its cells come out as loose lines; it is
*outside* the extraction when most of its cells are nowhere in the output's text (the
extractor chose another part of the page), else *broken*.

A `pre` counts when it has a line of four characters or more (whitespace aside) and the gold
text holds at least half of those lines (the definition of tests/fidelity.rs); it *survives*
when one code block of the output holds at least 90 % of those lines exactly, indentation
included (trailing whitespace aside); it is *outside* when fewer than half of its lines are
anywhere in the output's text; else *broken* (its lines split over several blocks, or their
whitespace changed). tests/fidelity.rs also asks whether the words around the block were
extracted, to tell a block lost inside the article from one outside it; here both count as
outside, for both extractors alike.

    scripts/fidelity_peers.py [--dana target/release/dana] [--corpus DIR]

Needs lxml and trafilatura 2.3.1 (python3 -m venv venv && venv/bin/pip install
trafilatura==2.3.1 lxml_html_clean; trafilatura's justext needs lxml's html cleaner, which
lxml 6 ships as its own package).
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


def pre_text(pre):
    """The text of a `pre` as the browser shows it: a `br` or the end of a table row (the line
    of a table-based highlighter) is a line break."""
    parts = []

    def walk(e):
        if e.tag in ("script", "style"):
            return
        if e.tag == "br":
            parts.append("\n")
        if e.text:
            parts.append(e.text)
        for c in e:
            walk(c)
            if c.tail:
                parts.append(c.tail)
        if e.tag == "tr":
            parts.append("\n")

    walk(pre)
    return "".join(parts)


def source_pres(root, gold):
    """The lines of each outermost `pre` of the article (see the module's doc)."""
    out = []
    for pre in root.iter("pre"):
        if any(a.tag == "pre" for a in pre.iterancestors()):
            continue
        lines = [l.rstrip() for l in pre_text(pre).split("\n") if len(collapse(l)) >= 4]
        if lines and 2 * sum(collapse(l) in gold for l in lines) >= len(lines):
            out.append(lines)
    return out


def code_verdict(lines, blocks, text):
    best = max((sum(l in b for l in lines) for b in blocks), default=0)
    if 10 * best >= 9 * len(lines):
        return "survived"
    if 2 * sum(collapse(l) in text for l in lines) < len(lines):
        return "outside"
    return "broken"


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


def code_lines(text):
    return {l.rstrip() for l in text.split("\n")}


def dana_output(dana, path):
    """Tables (cells, loose lines, text) and code (blocks' lines, collapsed text) of Dana's
    default extraction."""
    ex = json.loads(subprocess.run([dana, "extract", "--format", "json", path], capture_output=True, check=True).stdout)
    tables = [{key(c["text"]) for row in b["table"]["rows"] for c in row} for b in ex["blocks"] if b["kind"] == "table"]
    loose = {key(b["text"]) for b in ex["blocks"] if b["kind"] != "table"}
    code = [code_lines(b["text"]) for b in ex["blocks"] if b["kind"] == "preformatted"]
    return (tables, loose, key(ex["text"])), (code, collapse(ex["text"]))


def trafilatura_output(html):
    """The same of trafilatura's XML output (tables on; code comes as `code` elements)."""
    xml = trafilatura.extract(html, output_format="xml", include_tables=True, include_formatting=False) or "<doc/>"
    doc = etree.fromstring(xml.encode())
    tables = [{key("".join(c.itertext())) for c in t.iter("cell")} for t in doc.iter("table")]
    loose = {key("".join(e.itertext())) for e in doc.iter() if e.tag in ("p", "item", "head", "quote")}
    # Only outermost `code` elements are blocks (an inline `code` inside a paragraph is not).
    code = [code_lines("".join(c.itertext())) for c in doc.iter("code") if c.getparent() is not None and c.getparent().tag in ("main", "doc", "list", "item", "quote", "div")]
    text = "".join(doc.itertext())
    return (tables, loose, key(text)), (code, collapse(text))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dana", default="target/release/dana")
    ap.add_argument("--corpus", default=os.environ.get("DANA_CORPUS", "../shared/corpus"))
    args = ap.parse_args()
    peers = ("dana", "trafilatura")
    counts = {peer: {"survived": 0, "split": 0, "broken": 0, "outside": 0} for peer in peers}
    code_counts = {peer: {"survived": 0, "broken": 0, "outside": 0} for peer in peers}
    total = code_total = 0
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
            lower = raw.lower()
            if b"<table" not in lower and b"<pre" not in lower:
                continue
            gold_text = open(gold_path, encoding="utf-8", errors="replace").read()
            try:
                root = lxml.html.fromstring(raw)
            except (etree.ParserError, ValueError):
                continue
            tables = source_tables(root, key(gold_text))
            pres = source_pres(root, collapse(gold_text))
            if not tables and not pres:
                continue
            html = raw.decode("utf-8", errors="replace")
            outputs = {"dana": dana_output(args.dana, path), "trafilatura": trafilatura_output(html)}
            total += len(tables)
            code_total += len(pres)
            for peer, (table_out, code_out) in outputs.items():
                for cells in tables:
                    counts[peer][verdict(cells, *table_out)] += 1
                for lines in pres:
                    code_counts[peer][code_verdict(lines, *code_out)] += 1
    report(f"{total} article data tables", total, counts)
    report(f"\n{code_total} article code blocks", code_total, code_counts)


def report(title, total, counts):
    """One row per peer: survived whole, then each other verdict it has, then survived of those
    the extractor reached (not outside)."""
    others = [v for v in next(iter(counts.values())) if v != "survived"]
    print(title)
    print("peer          survived whole " + "".join(f"{v:>9}" for v in others) + "   survived of those reached")
    for peer, c in counts.items():
        reached = total - c["outside"]
        print(f"{peer:12} {c['survived']:5} ({c['survived'] / max(total, 1):4.0%})     " + "".join(f"{c[v]:9}" for v in others)
              + f"   {c['survived']}/{reached} ({c['survived'] / max(reached, 1):.0%})")


if __name__ == "__main__":
    main()
