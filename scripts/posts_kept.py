#!/usr/bin/env python3
"""Issue 33's thread target: of the posts that the gold of `modern`'s forum pages (page_type
"forum" in index.jsonl) writes, how many the engine keeps, and how many it keeps under their
author. Prints, asserts nothing.

How it counts (an approximation: the gold writes no post markup):

- A gold post is a header and the paragraphs after it, up to the next header. A header is a
  line of at most 60 characters that opens a paragraph (first line, or after an empty one) and
  whose next line is a date as forums show one (at most 60 characters: "Sep 21, 2024",
  "answered May 2, 2009 at 0:09", "2025-11-01 15:14:37", "Sun Dec 17, 2023 11:23 am",
  "5 hours ago"). The header's line is the author's name. Posts whose gold writes the name
  alone, without a date (old Reddit, some NodeBB themes), are not counted.
- The post's anchor: the first 40 letters and digits (lowercased) of its longest line of 12
  letters and digits or more that no other line of the gold starts with (a quote of it in a
  later reply would); a post without one is not counted.
- Kept: a block of `dana extract --format json` (run with the page's URL, as `dana eval`
  does) whose letters and digits hold the anchor. With its author: the last `post` block
  before that block names the author (letters and digits, lowercased: one holds the other,
  "amondale (Amondale)" and "amondale").

    cargo build --release -p dana-cli && python3 scripts/posts_kept.py
    python3 scripts/posts_kept.py --dana OTHER/dana --pages        # each page's figures
    python3 scripts/posts_kept.py --misses 0519                    # the posts a page misses

Needs target/release/dana; reads DANA_CORPUS (default ../shared/corpus).
"""
import argparse
import html.parser
import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEADER = 60  # characters of a header's name line, and of its date line
ANCHOR = 40  # letters and digits that find a post's text in the output
MIN_LINE = 12  # letters and digits of a line that can anchor a post

MONTH = r"(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
DATE = re.compile(
    "|".join(
        [
            rf"\b{MONTH}\s+\d{{1,2}}(st|nd|rd|th)?\b",  # Sep 21, 2024
            rf"\b\d{{1,2}}(st|nd|rd|th)?\s+{MONTH}\s",  # 21 Sep 2024
            r"\b(19|20)\d\d-\d\d-\d\d\b",  # 2025-11-01
            r"\b\d{1,2}[/.-]\d{1,2}[/.-](19|20)?\d\d\b",  # 03-14-2025
            r"\b(\d+|an?)\s+(second|sec|minute|min|hour|hr|day|week|month|year|yr)s?\s+ago\b",
            r"^(yesterday|today)\b",
        ]
    ),
    re.IGNORECASE,
)


# Where a page marks an author: a class, id, itemprop, rel or data- attribute naming one, or a
# link to a member's profile.
AUTHOR_PARTS = {"author", "user", "username", "poster", "member", "creator", "nickname", "owner",
                "name", "hnuser"}
PROFILE_HREF = re.compile(
    r"/u/|/user|/member|/profile|/people/|/~|user\?id=|member\.php|action=profile", re.IGNORECASE
)
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}


class Names(html.parser.HTMLParser):
    """The short texts of a page's elements that mark an author (letters and digits)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.names = [], set()

    def handle_starttag(self, tag, attrs):
        if tag in VOID:
            return
        marked = any(
            v and (
                (k in ("class", "id", "itemprop", "rel") or k.startswith("data-"))
                and any(p.lower() in AUTHOR_PARTS for p in re.split(r"[\s_-]+", v))
                or k == "href" and PROFILE_HREF.search(v)
            )
            for k, v in attrs
        )
        self.stack.append([tag, marked, []])

    def handle_endtag(self, tag):
        at = next((i for i in range(len(self.stack) - 1, -1, -1) if self.stack[i][0] == tag), None)
        if at is None:
            return
        for _, marked, text in self.stack[at:]:
            name = alnum("".join(text))
            if marked and 3 <= len(name) <= HEADER:
                self.names.add(name)
        del self.stack[at:]

    def handle_data(self, data):
        for e in self.stack:
            e[2].append(data)


def marked_names(page):
    parser = Names()
    parser.feed(page)
    return parser.names


def alnum(s):
    return "".join(c for c in s.lower() if c.isalnum())


def is_date(line):
    return 0 < len(line) <= HEADER and DATE.search(line) is not None


def gold_posts(text, names):
    """(author, anchor) of each post the gold writes; anchor None when it has none. `names`:
    the texts the page marks as authors' (letters and digits)."""
    lines = [l.strip() for l in text.splitlines()] + [""]
    opens = [i for i in range(len(lines) - 1) if lines[i] and (i == 0 or not lines[i - 1])]
    heads = [
        i for i in opens
        if len(lines[i]) <= HEADER and not is_date(lines[i]) and is_date(lines[i + 1])
    ]
    if len(heads) < 2:
        heads = [
            i for i in opens
            if len(lines[i]) <= HEADER
            and not lines[i + 1]
            and not lines[i].startswith("@")
            and any(alnum(" ".join(lines[i].split()[:k])) in names for k in (1, 2, 3))
        ]
    posts = []
    # Lines seen before each post: a later post's quote of them is not its own text.
    seen = {alnum(l)[:ANCHOR] for l in lines[: heads[0]]} if heads else set()
    for k, h in enumerate(heads):
        end = heads[k + 1] if k + 1 < len(heads) else len(lines)
        own = [alnum(l) for l in lines[h + 1 : end]]
        body = [a for a in own if len(a) >= MIN_LINE and a[:ANCHOR] not in seen]
        anchor = max(body, key=len)[:ANCHOR] if body else None
        posts.append((lines[h], anchor))
        seen.update(a[:ANCHOR] for a in own)
    return posts


def verdicts(posts, blocks):
    """For each (author, anchor): 'author', 'text' or 'missing' in the output's blocks."""
    texts = [alnum(b.get("text") or "") for b in blocks]
    out = []
    for who, anchor in posts:
        at = next((i for i, t in enumerate(texts) if anchor in t), None)
        if at is None:
            out.append("missing")
            continue
        header = next((b for b in reversed(blocks[:at]) if b["kind"] == "post"), None)
        name = alnum(((header or {}).get("post") or {}).get("author") or "")
        gold = alnum(who)
        same = name and gold and (name in gold or gold in name)
        out.append("author" if same else "text")
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dana", default=str(ROOT / "target/release/dana"))
    ap.add_argument("--pages", action="store_true", help="print each page's figures")
    ap.add_argument("--misses", metavar="ID", help="print the posts page ID loses or unnames")
    args = ap.parse_args()
    corpus = Path(os.environ.get("DANA_CORPUS", ROOT.parent / "shared/corpus")) / "modern"
    if not Path(args.dana).is_file():
        sys.exit(f"no {args.dana}: cargo build --release -p dana-cli")
    index = [json.loads(l) for l in (corpus / "index.jsonl").open() if l.strip()]
    forums = [e for e in index if e.get("page_type") == "forum"]
    if args.misses:
        forums = [e for e in forums if e["id"] == args.misses]
    totals = {h: [0, 0, 0, 0] for h in ("all", "even", "odd")}
    for e in forums:
        page, gold = corpus / "pages" / f"{e['id']}.html", corpus / "gold" / f"{e['id']}.txt"
        if not page.is_file() or not gold.is_file():
            continue
        names = marked_names(page.read_text(errors="replace"))
        posts = gold_posts(gold.read_text(errors="replace"), names)
        counted = [p for p in posts if p[1]]
        cmd = [args.dana, "extract", "--format", "json"]
        if e.get("url"):
            cmd += ["--url", e["url"]]
        got = subprocess.run(cmd + [str(page)], check=True, capture_output=True, text=True)
        v = verdicts(counted, json.loads(got.stdout)["blocks"])
        row = [len(counted), v.count("author") + v.count("text"), v.count("author"), len(posts)]
        half = "even" if int(e["id"]) % 2 == 0 else "odd"
        for h in ("all", half):
            totals[h] = [a + b for a, b in zip(totals[h], row)]
        if args.pages and row[0]:
            print(f"{e['id']}  posts {row[0]:3}  kept {row[1]:3}  with author {row[2]:3}")
        if args.misses:
            for (who, anchor), what in zip(counted, v):
                if what != "author":
                    print(f"{what:8} {who!r:40} {anchor}")
    for h, (n, kept, named, headers) in totals.items():
        if n:
            print(
                f"{h:5} posts {n:4} (of {headers} headers)  kept {kept:4} ({kept / n:.3f})  "
                f"with author {named:4} ({named / n:.3f})"
            )


if __name__ == "__main__":
    main()
