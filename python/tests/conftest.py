"""Shared fixtures of the Python package's tests: the CLI to compare with, and a WARC of
corpus pages made at test time (scripts/corpus_warc.py; never committed).

The tests import the package installed from the wheel into the virtual environment they run
in (./build.sh test makes it), never the source tree: test_package.py checks that.
"""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def corpus_root() -> Path:
    return Path(os.environ.get("DANA_CORPUS") or ROOT.parent / "shared" / "corpus")


@pytest.fixture(scope="session")
def cli() -> Path:
    path = Path(os.environ.get("DANA_CLI") or ROOT / "target" / "release" / "dana")
    if not path.is_file():
        pytest.fail(f"{path}: no dana binary (./build.sh builds it; DANA_CLI names another)")
    return path


@pytest.fixture(scope="session")
def corpus() -> Path:
    root = corpus_root()
    if not (root / "modern" / "index.jsonl").is_file():
        pytest.fail(f"{root}: no corpus (DANA_CORPUS names it)")
    return root


@pytest.fixture(scope="session")
def warc(tmp_path_factory, corpus) -> Path:
    """A .warc.gz of up to 12 pages of each corpus set that has pages (fewer when a set is
    incomplete), each with its request record."""
    sets = [d for d in sorted(corpus.iterdir()) if (d / "index.jsonl").is_file()]
    out = tmp_path_factory.mktemp("warc") / "corpus.warc.gz"
    subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "corpus_warc.py"), "--per-set", "12", str(out), *map(str, sets)],
        check=True,
    )
    return out


@pytest.fixture(scope="session")
def cli_lines(cli, warc) -> list:
    """What `dana extract --warc` writes for the test WARC, as dicts, in order."""
    done = subprocess.run([str(cli), "extract", "--warc", str(warc)], check=True, capture_output=True)
    lines = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert len(lines) >= 20, "the WARC has pages"
    return lines
