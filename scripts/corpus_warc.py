#!/usr/bin/env python3
"""Writes a WARC of corpus pages, for the tests and the benchmark of `dana extract --warc`.

    python3 scripts/corpus_warc.py OUT.warc.gz ../shared/corpus/modern ../shared/corpus/r2l
    python3 scripts/corpus_warc.py --per-set 20 OUT.warc ../shared/corpus/*
    python3 scripts/corpus_warc.py --size-mb 1024 big.warc.gz ../shared/corpus/*

For each SET_DIR (index.jsonl, pages/<id>.html) every page present becomes a `response` record:
WARC-Target-URI is the page's URL from index.jsonl (`http://SET.corpus.invalid/ID` when it has
none: WARC readers such as warcio read the HTTP header of http(s) records only),
WARC-Record-ID is `<urn:dana-corpus:SET/ID>` (so that a record's output can be scored against
its gold with `dana eval --peer`), the HTTP header says `Content-Type: text/html` without a
charset (the corpus does not know what the server sent). Before each response stands its
`request` record, which a reader must pass over. Pages missing from a set are left out: no
test may rely on a set being complete. Written with the standard library only; a name ending
in .gz gives one gzip member per record, as WARC writers do. The file holds corpus text: it is
made at test time, never committed.

--size-mb N repeats the pages (record IDs get a `#k` suffix) until the file holds N MB of
pages, for measuring memory on a large file.
"""
import argparse
import gzip
import json
import sys
from pathlib import Path

DATE = "2026-11-28T12:00:00Z"


def record(kind: str, headers: list, block: bytes) -> bytes:
    head = [b"WARC/1.1", f"WARC-Type: {kind}".encode()]
    head += [f"{k}: {v}".encode() for k, v in headers]
    head += [f"Content-Length: {len(block)}".encode()]
    return b"\r\n".join(head) + b"\r\n\r\n" + block + b"\r\n\r\n"


def pages(set_dirs, per_set):
    for set_dir in set_dirs:
        index = set_dir / "index.jsonl"
        if not index.is_file():
            sys.exit(f"{set_dir}: no index.jsonl")
        taken = 0
        for line in index.open(encoding="utf-8"):
            if not line.strip():
                continue
            entry = json.loads(line)
            page = set_dir / "pages" / f"{entry['id']}.html"
            if not page.is_file():
                continue
            yield set_dir.name, entry["id"], entry.get("url") or "", page.read_bytes()
            taken += 1
            if per_set and taken >= per_set:
                break


def records(set_name, page_id, url, body, copy):
    name = f"{set_name}/{page_id}" + (f"#{copy}" if copy else "")
    uri = url or f"http://{set_name}.corpus.invalid/{page_id}" + (f"?copy={copy}" if copy else "")
    host = url.split("/")[2] if url.startswith("http") else "corpus.invalid"
    path = "/" + url.split("/", 3)[3] if url.startswith("http") and url.count("/") >= 3 else "/"
    request = f"GET {path} HTTP/1.1\r\nHost: {host}\r\nUser-Agent: dana-test\r\n\r\n".encode()
    yield record("request", [("WARC-Record-ID", f"<urn:dana-corpus-request:{name}>"), ("WARC-Date", DATE),
                             ("WARC-Target-URI", uri), ("Content-Type", "application/http; msgtype=request")], request)
    http = (f"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: {len(body)}\r\n\r\n").encode() + body
    yield record("response", [("WARC-Record-ID", f"<urn:dana-corpus:{name}>"), ("WARC-Date", DATE),
                              ("WARC-Target-URI", uri), ("Content-Type", "application/http; msgtype=response")], http)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path, help="the WARC to write (.warc or .warc.gz)")
    ap.add_argument("sets", type=Path, nargs="+", help="corpus set directories")
    ap.add_argument("--per-set", type=int, default=0, help="at most N pages of each set (0: all)")
    ap.add_argument("--size-mb", type=float, default=0, help="repeat the pages up to N MB of pages")
    a = ap.parse_args()
    gz = a.out.name.endswith(".gz")
    target = a.size_mb * 1e6
    written = count = 0
    tmp = a.out.with_name(a.out.name + ".tmp")
    with tmp.open("wb") as out:
        copy = 0
        while True:
            for set_name, page_id, url, body in pages(a.sets, a.per_set):
                for rec in records(set_name, page_id, url, body, copy):
                    out.write(gzip.compress(rec, compresslevel=6, mtime=0) if gz else rec)
                written += len(body)
                count += 1
                if target and written >= target:
                    break
            copy += 1
            if not target or written >= target or count == 0:
                break
    tmp.replace(a.out)
    print(f"{a.out}: {count} pages, {written / 1e6:.1f} MB of pages, {a.out.stat().st_size / 1e6:.1f} MB on disk",
          file=sys.stderr)
    return 0 if count else 1


if __name__ == "__main__":
    sys.exit(main())
