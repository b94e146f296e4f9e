#!/usr/bin/env python3
"""Issue 13: do the article's data tables, code blocks, formulas, posts and section headings
survive with their structure? Dana against trafilatura on the same corpus pages, the same tables,
`pre` blocks, formulas, posts and headings (docs/FIDELITY.md).

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

A formula (an outermost `math`, compared by the text of its token elements `mi`, `mn`, `mo`,
`ms`, `mtext`; a MathJax 2 `math/tex` script, by its TeX) counts when the ten words before or
after it are in the gold text (tests/fidelity.rs); it survives *as math* when the output holds a
`math` element of the same text, *as text* when the output's text holds its text right after the
ten words before it or right before the ten after it, else it is
*outside* when neither the words before nor those after are in the output's text, else *lost*.

A post is an element of microdata type `Comment`, `Answer`, `Question`,
`DiscussionForumPosting` or `SocialMediaPosting` with an author (its first `itemprop=author`: that
element's `itemprop=name`, else its text) and a body (`itemprop=text`), both outside any post
inside it; it counts when the gold text holds its closing (its body's last eight words, four at
least: a post's opening is often a quote's "NAME said:" or an @-mention, which extractors write
differently). It is kept *with its author* when the output's text holds the closing and the
author's name stands between the previous post's closing and the next one's (a page may write
the name before the body or after it, as Stack Exchange does), *text only* when the output holds
the closing alone, else *missing*. For Dana, *as post blocks* also counts those whose `post`
block names that author and comes before the block holding the closing, with no other post block
between them.
(tests/fidelity.rs has no post measure; `<article>` pairs, which the engine also reads as posts,
are not counted here.)

A section heading (`h2`-`h4`, its words without the generator's marks: `mw-editsection`,
`headerlink`, `hash-link`, `anchor`, `heading-anchor`, `anchor-link`, `header-anchor`,
`aria-hidden`) counts when the gold text holds its words followed by the eight words the page has
after it (tests/fidelity.rs); it *survives* when a heading of the output has exactly its words, is
*marked* when a heading holds its words and more, *outside* when the words after it are not in the
output's text, else *lost*.

    scripts/fidelity_peers.py [--dana target/release/dana] [--corpus DIR] [--only tables,code,math,posts,headings]

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


TOKENS = ("mi", "mn", "mo", "ms", "mtext")
POST_TYPES = ("Comment", "Answer", "Question", "DiscussionForumPosting", "SocialMediaPosting")
HEADING_MARKS = {"mw-editsection", "headerlink", "hash-link", "anchor", "heading-anchor", "anchor-link", "header-anchor"}


def tag(e):
    """An element's lowercased local name; None for comments and processing instructions."""
    return e.tag.rsplit("}", 1)[-1].lower() if isinstance(e.tag, str) else None


def is_tex(e):
    return tag(e) == "script" and (e.get("type") or "").strip().lower().startswith("math/tex")


def formula_text(m):
    """A `math` element as compared: the text of its token elements, or a TeX script's source."""
    if is_tex(m):
        return key(m.text or "")
    return "".join(key(t.text_content()) for t in m.iter() if tag(t) in TOKENS)


def walk_page(root):
    """One walk of the page in document order: its formulas with where each stands in the text
    outside formulas, scripts and styles (`outside`, as written), and its `h2`-`h4` headings with
    where each ends in the text without scripts, styles and heading marks (`all`, a space between
    text nodes)."""
    formulas, headings = [], []
    outside, words = [], []
    at = [0, 0]  # lengths of "".join(outside) and " ".join(words), kept as the lists grow

    def add(text, head, in_math):
        if not text:
            return
        if not in_math:
            outside.append(text)
            at[0] += len(text)
        w = " ".join(text.split())
        words.append(w)
        at[1] += len(w) + 1
        if head is not None:
            head["text"].append(w)

    def walk(e, head, in_math):
        t = tag(e)
        if t is None or t in ("script", "style", "template"):
            if is_tex(e) and not in_math:
                formulas.append((formula_text(e), at[0]))
            return
        if head is not None and (e.get("aria-hidden") == "true" or HEADING_MARKS & set((e.get("class") or "").split())):
            return
        starts_math = t == "math" and not in_math
        if starts_math:
            formulas.append((formula_text(e), at[0]))
        starts_head = t in ("h2", "h3", "h4") and head is None
        if starts_head:
            head = {"text": [], "li": False}
        if t == "li" and head is not None:
            head["li"] = True
        add(e.text, head, in_math or starts_math)
        for c in e:
            walk(c, head, in_math or starts_math)
            add(c.tail, head, in_math or starts_math)
        if starts_head:
            text = " ".join(" ".join(head["text"]).split())
            if text and not head["li"]:
                headings.append((text, at[1]))

    walk(root, None, False)
    return formulas, "".join(outside), headings, " ".join(words)


def context(around, at):
    """The ten words before and the ten after a place of the page's text, as compared."""
    before, after = around[:at].split(), around[at:].split()
    return [key(" ".join(before[-10:])), key(" ".join(after[:10]))]


def source_formulas(formulas, around, gold):
    return [(f, context(around, at)) for f, at in formulas if f and any(c and c in gold for c in context(around, at))]


def math_verdict(formula, kept, text):
    f, ctx = formula
    if f in kept:
        return "as math"
    # Its text in its place (a formula "n" alone is in every text).
    if any(c and (c + f in text or f + c in text) for c in ctx):
        return "as text"
    return "lost" if any(c and c in text for c in ctx) else "outside"


def source_headings(headings, all_text, gold):
    out = []
    for h, at in headings:
        after = key(" ".join(all_text[at:].split()[:8]))
        if len(key(h)) >= 3 and after and key(h) + after in gold:
            out.append((key(h), after))
    return out


def heading_verdict(heading, heads, text):
    want, after = heading
    if want in heads:
        return "survived"
    if any(want in h for h in heads):
        return "marked"
    return "lost" if after in text else "outside"


def outside_posts(e):
    """The descendants of a post that are not inside a post within it."""
    for c in e:
        if not isinstance(c.tag, str):
            continue
        yield c
        if not is_post(c):
            yield from outside_posts(c)


def is_post(e):
    return e.get("itemscope") is not None and (e.get("itemtype") or "").rstrip("/").rsplit("/", 1)[-1] in POST_TYPES


def source_posts(root, gold):
    """Each post of the page that counts: (author as compared, closing as compared)."""
    out = []
    for p in root.iter():
        if not isinstance(p.tag, str) or not is_post(p):
            continue
        inside = list(outside_posts(p))
        author = next((c for c in inside if "author" in (c.get("itemprop") or "").split()), None)
        body = next((c for c in inside if "text" in (c.get("itemprop") or "").split()), None)
        if author is None or body is None:
            continue
        name = next((n for n in author.iter() if "name" in (n.get("itemprop") or "").split()), author)
        who = key(name.get("content") or name.text_content())
        closing = body.text_content().split()[-8:]
        if who and len(closing) >= 4 and key(" ".join(closing)) in gold:
            out.append((who, key(" ".join(closing))))
    return out


def post_verdicts(posts, text):
    """Kept with its author, text only or missing, for each post, on the output's text."""
    places = [text.find(o) for _, o in posts]
    found = sorted(p for p in places if p >= 0)
    out = []
    for (who, _), at in zip(posts, places):
        if at < 0:
            out.append("missing")
            continue
        i = found.index(at)
        start = found[i - 1] + 1 if i > 0 else 0
        end = found[i + 1] if i + 1 < len(found) else len(text)
        out.append("with author" if who in text[start:end] else "text only")
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
    text = key(ex["text"])
    kept = {formula_text(m) for m in outermost_math(ex["html"])}
    heads = [key(b["text"]) for b in ex["blocks"] if b["kind"] == "heading"]
    return (tables, loose, text), (code, collapse(ex["text"])), (kept, text), (heads, text), ex["blocks"]


def outermost_math(html):
    if "<math" not in html:
        return []
    root = lxml.html.fromstring(html)
    return [m for m in root.iter() if tag(m) == "math" and not any(tag(a) == "math" for a in m.iterancestors())]


def post_blocks(posts, blocks):
    """Of Dana's blocks: for each post, whether the last `post` block before the block holding its
    closing names its author."""
    out = []
    for who, closing in posts:
        at = next((i for i, b in enumerate(blocks) if closing[-24:] in key(b["text"])), None)
        header = next((b for b in reversed(blocks[:at]) if b["kind"] == "post"), None) if at is not None else None
        out.append(header is not None and key((header.get("post") or {}).get("author") or "") == who)
    return out


def trafilatura_output(html):
    """The same of trafilatura's XML output (tables on; code comes as `code` elements)."""
    xml = trafilatura.extract(html, output_format="xml", include_tables=True, include_formatting=False) or "<doc/>"
    doc = etree.fromstring(xml.encode())
    tables = [{key("".join(c.itertext())) for c in t.iter("cell")} for t in doc.iter("table")]
    loose = {key("".join(e.itertext())) for e in doc.iter() if e.tag in ("p", "item", "head", "quote")}
    # Only outermost `code` elements are blocks (an inline `code` inside a paragraph is not).
    code = [code_lines("".join(c.itertext())) for c in doc.iter("code") if c.getparent() is not None and c.getparent().tag in ("main", "doc", "list", "item", "quote", "div")]
    text = "".join(doc.itertext())
    # trafilatura has no element for a formula: at best its text.
    heads = [key("".join(h.itertext())) for h in doc.iter("head")]
    return (tables, loose, key(text)), (code, collapse(text)), (set(), key(text)), (heads, key(text)), None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dana", default="target/release/dana")
    ap.add_argument("--corpus", default=os.environ.get("DANA_CORPUS", "../shared/corpus"))
    ap.add_argument("--only", default="tables,code,math,posts,headings", help="the kinds measured, comma-separated")
    args = ap.parse_args()
    kinds = set(args.only.split(","))
    sys.setrecursionlimit(100000)  # the page walk recurses as deep as the page nests
    peers = ("dana", "trafilatura")
    counts = {peer: {"survived": 0, "split": 0, "broken": 0, "outside": 0} for peer in peers}
    code_counts = {peer: {"survived": 0, "broken": 0, "outside": 0} for peer in peers}
    math_counts = {peer: {"as math": 0, "as text": 0, "lost": 0, "outside": 0} for peer in peers}
    post_counts = {peer: {"with author": 0, "text only": 0, "missing": 0} for peer in peers}
    head_counts = {peer: {"survived": 0, "marked": 0, "lost": 0, "outside": 0} for peer in peers}
    as_post_blocks = 0
    total = code_total = math_total = post_total = head_total = 0
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
            want_tables = ("tables" in kinds or "code" in kinds) and (b"<table" in lower or b"<pre" in lower)
            want_math = "math" in kinds and (b"<math" in lower or b"math/tex" in lower)
            want_posts = "posts" in kinds and b"itemscope" in lower
            want_heads = "headings" in kinds and re.search(rb"<h[234]", lower) is not None
            if not (want_tables or want_math or want_posts or want_heads):
                continue
            gold_text = open(gold_path, encoding="utf-8", errors="replace").read()
            gold = key(gold_text)
            try:
                root = lxml.html.fromstring(raw)
            except (etree.ParserError, ValueError):
                continue
            tables = source_tables(root, gold) if want_tables and "tables" in kinds else []
            pres = source_pres(root, collapse(gold_text)) if want_tables and "code" in kinds else []
            formulas, around, headings, all_text = walk_page(root) if want_math or want_heads else ([], "", [], "")
            formulas = source_formulas(formulas, around, gold) if want_math else []
            headings = source_headings(headings, all_text, gold) if want_heads else []
            posts = source_posts(root, gold) if want_posts else []
            if not (tables or pres or formulas or headings or posts):
                continue
            html = raw.decode("utf-8", errors="replace")
            outputs = {"dana": dana_output(args.dana, path), "trafilatura": trafilatura_output(html)}
            total += len(tables)
            code_total += len(pres)
            math_total += len(formulas)
            post_total += len(posts)
            head_total += len(headings)
            for peer, (table_out, code_out, math_out, head_out, blocks) in outputs.items():
                for cells in tables:
                    counts[peer][verdict(cells, *table_out)] += 1
                for lines in pres:
                    code_counts[peer][code_verdict(lines, *code_out)] += 1
                for f in formulas:
                    math_counts[peer][math_verdict(f, *math_out)] += 1
                for h in headings:
                    head_counts[peer][heading_verdict(h, *head_out)] += 1
                for v in post_verdicts(posts, table_out[2]):
                    post_counts[peer][v] += 1
                if blocks is not None:
                    as_post_blocks += sum(post_blocks(posts, blocks))
    if "tables" in kinds:
        report(f"{total} article data tables", total, counts)
    if "code" in kinds:
        report(f"\n{code_total} article code blocks", code_total, code_counts)
    if "math" in kinds:
        report(f"\n{math_total} article formulas", math_total, math_counts, kept=("as math", "as text"))
    if "posts" in kinds:
        report(f"\n{post_total} article posts (microdata)", post_total, post_counts, kept=("with author",), reached=False)
        print(f"dana: {as_post_blocks} of {post_total} as post blocks naming their author")
    if "headings" in kinds:
        report(f"\n{head_total} article section headings", head_total, head_counts)


def report(title, total, counts, kept=("survived",), reached=True):
    """One row per peer: each verdict, then (unless `reached` is false) the first of `kept` of
    those the extractor reached (not outside)."""
    verdicts = list(next(iter(counts.values())))
    print(title)
    print("peer         " + "".join(f"{v:>14}" for v in verdicts) + ("   first verdict of those reached" if reached else ""))
    for peer, c in counts.items():
        row = "".join(f"{c[v]:6} ({c[v] / max(total, 1):4.0%}) " for v in verdicts)
        r = total - c.get("outside", 0)
        print(f"{peer:12} {row}" + (f"  {c[kept[0]]}/{r} ({c[kept[0]] / max(r, 1):.0%})" if reached else ""))


if __name__ == "__main__":
    main()
