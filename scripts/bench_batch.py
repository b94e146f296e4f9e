#!/usr/bin/env python3
"""The batch benchmark of docs/BATCH.md: five extractors over one WARC of the corpus pages, in
one run, on one core each; their speed and their shingle F1. Prints, asserts nothing.

    ./build.sh && python3 scripts/bench_batch.py            # the table of docs/BATCH.md
    python3 scripts/bench_batch.py --big                    # and the memory on a ~1 GB WARC

Needs target/release/dana and the wheel in dist/ (./build.sh). Installs into target/py/bench
(once): trafilatura, resiliparse, the wheel; builds benches/batch (rs-trafilatura) into
target/bench-batch. The WARC holds every page of every set of DANA_CORPUS (default
../shared/corpus), made by scripts/corpus_warc.py into target/py/bench/ and never committed.

Each extractor reads the same WARC and runs on one core: the CLI (`dana extract --warc
--threads 1`), the Python package (`dana.extract_warc`), trafilatura and Resiliparse (their
extraction of each record that `dana.read_warc` yields, in this process), rs-trafilatura (the
same reader in Rust, benches/batch). Time is CPU time (user + system) of the whole run, reading
and decompressing the WARC included, so that other processes on the machine do not count; MB
are the pages' HTML bytes. Each one's text of every page is written to
target/py/bench/out/NAME/SET/ID.txt and scored by `dana eval --peer` (shingle F1 per set).
"""
import argparse
import json
import os
import re
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORK = ROOT / "target" / "py" / "bench"
VENV = WORK / "venv"
PACKAGES = ["trafilatura==2.3.1", "lxml_html_clean", "resiliparse==2.0.0"]
CLI = ROOT / "target" / "release" / "dana"
RS_TRAFILATURA = ROOT / "target" / "bench-batch" / "release" / "rs_trafilatura_warc"


def say(message):
    print(message, file=sys.stderr, flush=True)


def ensure_venv():
    """Runs this script again inside target/py/bench/venv, with the packages and the wheel."""
    python = VENV / "bin" / "python"
    if Path(sys.prefix).resolve() == VENV.resolve():
        return
    wheels = sorted((ROOT / "dist").glob("dana_reader-*.whl"))
    if not wheels or not CLI.is_file():
        sys.exit("no wheel in dist/ or no target/release/dana: run ./build.sh first")
    stamp = VENV / ".dana-bench"
    want = json.dumps([PACKAGES, wheels[-1].stat().st_mtime])
    if not stamp.is_file() or stamp.read_text() != want:
        say(f"installing {', '.join(PACKAGES)} and {wheels[-1].name} into {VENV}")
        subprocess.run([sys.executable, "-m", "venv", "--clear", str(VENV)], check=True)
        pip = [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check"]
        subprocess.run(pip + PACKAGES, check=True)
        subprocess.run(pip + ["--force-reinstall", "--no-deps", str(wheels[-1])], check=True)
        stamp.write_text(want)
    os.execv(str(python), [str(python), __file__, *sys.argv[1:]])


def build_rs_trafilatura():
    say("cargo build --release (benches/batch: rs-trafilatura)")
    env = dict(os.environ, CARGO_TARGET_DIR=str(ROOT / "target" / "bench-batch"))
    subprocess.run(
        ["cargo", "build", "--release", "-q", "--manifest-path", str(ROOT / "benches" / "batch" / "Cargo.toml")],
        check=True,
        env=env,
    )


def set_dirs():
    corpus = Path(os.environ.get("DANA_CORPUS") or ROOT.parent / "shared" / "corpus")
    sets = [d for d in sorted(corpus.iterdir()) if (d / "index.jsonl").is_file()]
    if not sets:
        sys.exit(f"{corpus}: no corpus sets")
    return sets


def make_warc(path, sets, size_mb=0):
    args = [sys.executable, str(ROOT / "scripts" / "corpus_warc.py"), str(path), *map(str, sets)]
    if size_mb:
        args[2:2] = ["--size-mb", str(size_mb)]
    subprocess.run(args, check=True)


def child_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def write_texts(out, texts):
    """OUT/SET/ID.txt for each record of corpus_warc.py (`<urn:dana-corpus:SET/ID>`)."""
    for record_id, text in texts:
        match = re.fullmatch(r"<urn:dana-corpus:([^#>]+)>", record_id)
        if match:
            path = out / f"{match.group(1)}.txt"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text or "", encoding="utf-8")


def run_cli(warc, out):
    lines = WORK / "cli.jsonl"
    before = child_cpu()
    subprocess.run([str(CLI), "extract", "--quiet", "--threads", "1", "--warc", str(warc), "--out", str(lines)], check=True)
    cpu = child_cpu() - before
    records = [json.loads(line) for line in lines.open(encoding="utf-8")]
    write_texts(out, ((r["WARC-Record-ID"], r["text"]) for r in records))
    return cpu, len(records)


def run_python(warc, out):
    import dana

    start = time.process_time()  # every thread of this process: the reader's too
    texts = [(r["WARC-Record-ID"], r["text"]) for r in dana.extract_warc(warc)]
    cpu = time.process_time() - start
    write_texts(out, texts)
    return cpu, len(texts)


def run_in_process(warc, out, extract):
    """A Python extractor on each record that dana.read_warc yields."""
    import dana

    start = time.process_time()
    texts = []
    for record in dana.read_warc(warc):
        try:
            text = extract(record["body"], record["charset"])
        except Exception:  # a peer's crash is an empty output, as dana eval scores its own
            text = ""
        texts.append((record["WARC-Record-ID"], text))
    cpu = time.process_time() - start
    write_texts(out, texts)
    return cpu, len(texts)


def trafilatura_extract():
    import trafilatura

    # Its defaults, on the bytes (it decodes them itself), as cli/peers/trafilatura_outputs.py.
    return lambda body, charset: trafilatura.extract(body) or ""


def resiliparse_extract():
    from resiliparse.extract.html2text import extract_plain_text
    from resiliparse.parse.encoding import bytes_to_str, detect_encoding
    from resiliparse.parse.html import HTMLTree

    def extract(body, charset):
        html = bytes_to_str(body, charset or detect_encoding(body))
        return extract_plain_text(HTMLTree.parse(html), main_content=True)

    return extract


def run_rs_trafilatura(warc, out):
    before = child_cpu()
    done = subprocess.run([str(RS_TRAFILATURA), str(warc), str(out)], check=True, capture_output=True, text=True)
    return child_cpu() - before, int(done.stdout.split()[0])


def shingle_f1(sets, outs):
    """`dana eval --peer` of every extractor's outputs: NAME -> {set: shingle F1}."""
    args = [str(CLI), "eval", "--quiet", "--threads", "2"]
    for name, out in outs.items():
        args += ["--peer", f"{name}={out}"]
    report = subprocess.run(args + [str(s) for s in sets], check=True, capture_output=True, text=True).stdout
    lines = report.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("shingle F1 by set"))
    header = lines[start + 1].split()
    names = [s.name for s in sets]
    columns = [header.index(n) for n in names]
    scores = {}
    for line in lines[start + 2 :]:
        match = re.match(r"\s+peer (\S+)\s+(.*)", line)
        if match:
            cells = match.group(2).split()
            # The row's cells line up with the header's words after "configuration".
            scores[match.group(1)] = {n: float(cells[c - 1]) for n, c in zip(names, columns)}
    return scores


def table(results, pages, mb, scores, sets):
    names = [s.name for s in sets]
    trafilatura = results["trafilatura"]
    rows = [
        "| extractor | pages/s per core | MB/s per core | × trafilatura | " + " | ".join(names) + " |",
        "|---|--:|--:|--:|" + "--:|" * len(names),
    ]
    for name, cpu in results.items():
        f1 = " | ".join(f"{scores.get(name, {}).get(n, float('nan')):.3f}" for n in names)
        rows.append(f"| {name} | {pages / cpu:.1f} | {mb / cpu:.1f} | {trafilatura / cpu:.1f} | {f1} |")
    return "\n".join(rows)


def measure_memory(sets):
    """Peak memory of the CLI and the Python package, on the corpus WARC and on ~1 GB of it."""
    big = WORK / "big.warc.gz"
    if not big.is_file():
        make_warc(big, sets, size_mb=1024)
    rows = ["| WARC | on disk | pages | CLI peak RSS (2 threads) | Python peak RSS (2 threads) |", "|---|--:|--:|--:|--:|"]
    for warc in (WORK / "corpus.warc.gz", big):
        peaks = []
        for cmd in (
            [str(CLI), "extract", "--quiet", "--threads", "2", "--warc", str(warc), "--out", str(WORK / "rss.jsonl.gz")],
            [sys.executable, "-c", f"import dana\nprint(sum(1 for _ in dana.extract_warc({str(warc)!r}, threads=2)))"],
        ):
            done = subprocess.run(["/usr/bin/time", "-f", "%M", *cmd], check=True, capture_output=True, text=True)
            peaks.append(int(done.stderr.strip().splitlines()[-1]) / 1024)
        count = int(done.stdout.strip())
        rows.append(f"| {warc.name} | {warc.stat().st_size / 1e6:.0f} MB | {count} | {peaks[0]:.0f} MiB | {peaks[1]:.0f} MiB |")
    return "\n".join(rows)


def slug(name):
    """An extractor's name as a peer of `dana eval` and a directory: `dana CLI` -> `dana-cli`."""
    return re.sub(r"\W+", "-", name.lower())


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--big", action="store_true", help="also measure peak memory on a ~1 GB WARC")
    ap.add_argument("--only", help="comma-separated extractors to run (default: all)")
    a = ap.parse_args()
    ensure_venv()
    WORK.mkdir(parents=True, exist_ok=True)
    build_rs_trafilatura()
    sets = set_dirs()
    warc = WORK / "corpus.warc.gz"
    make_warc(warc, sets)
    import dana

    pages, html_bytes = 0, 0
    for record in dana.read_warc(warc):
        pages += 1
        html_bytes += len(record["body"])
    mb = html_bytes / 1e6
    runs = {
        "dana CLI": lambda out: run_cli(warc, out),
        "dana Python": lambda out: run_python(warc, out),
        "trafilatura": lambda out: run_in_process(warc, out, trafilatura_extract()),
        "rs-trafilatura": lambda out: run_rs_trafilatura(warc, out),
        "Resiliparse": lambda out: run_in_process(warc, out, resiliparse_extract()),
    }
    only = a.only.split(",") if a.only else list(runs)
    load = os.getloadavg()[0]
    results, outs = {}, {}
    for name in only:
        out = WORK / "out" / slug(name)
        say(f"{name} ...")
        cpu, count = runs[name](out)
        if count != pages:
            say(f"note: {name} gave {count} of {pages} pages")
        results[name] = cpu
        outs[slug(name)] = out
        say(f"{name}: {cpu:.1f} s CPU, {pages / cpu:.1f} pages/s, {mb / cpu:.1f} MB/s")
    by_slug = shingle_f1(sets, outs)
    scores = {name: by_slug.get(slug(name), {}) for name in results}
    if "trafilatura" not in results:
        results["trafilatura"] = float("nan")
    print(f"{pages} pages, {mb:.1f} MB of HTML ({warc.stat().st_size / 1e6:.1f} MB gzipped), dana {dana.__version__}, "
          f"{os.cpu_count()} cores, load average {load:.1f} before and {os.getloadavg()[0]:.1f} after\n")
    print(table(results, pages, mb, scores, sets))
    if a.big:
        print()
        print(measure_memory(sets))
    return 0


if __name__ == "__main__":
    sys.exit(main())
