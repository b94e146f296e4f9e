"""dana.extract and its options, against the CLI: the same result, the same errors."""
import json
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import dana

PAGE = b"""<!doctype html><html><head><title>Otters</title></head><body>
<nav><a href="/">Home</a> <a href="/about">About</a></nav><article><h1>Otters</h1>
""" + b"<p>Sea otters hold hands while they sleep so that they do not drift apart in the kelp.</p>" * 12 + b"""
<p><a href="/more">More about otters</a></p></article><footer>Copyright 2026</footer></body></html>"""


def test_the_package_is_the_installed_wheel():
    installed = Path(dana.__file__).resolve()
    assert installed.is_relative_to(Path(sys.prefix).resolve()), f"{installed} is not in the virtual environment"
    assert installed.parent.joinpath("_dana.pyi").is_file() and installed.parent.joinpath("py.typed").is_file()


def cli_json(cli, page: bytes, *args) -> dict:
    done = subprocess.run([str(cli), "extract", "--format", "json", *args, "-"], input=page, capture_output=True, check=True)
    return json.loads(done.stdout)


@pytest.mark.parametrize(
    "kwargs, flags",
    [
        ({}, []),
        ({"url": "https://example.org/otters"}, ["--url", "https://example.org/otters"]),
        ({"algorithm": "danag", "gap": 5, "filter": 2}, ["--algorithm", "danag", "--gap", "5", "--filter", "2"]),
        ({"thesis": True, "title_bound": True}, ["--thesis", "--title-bound"]),
        ({"candidate": 1}, ["--candidate", "1"]),
    ],
)
def test_extract_gives_what_the_cli_gives(cli, kwargs, flags):
    url = kwargs.pop("url", None)
    expected = cli_json(cli, PAGE, *flags)
    assert dana.extract(PAGE, url, **kwargs) == expected
    assert dana.extract(PAGE.decode(), url, **kwargs) == expected, "str or bytes alike"


def test_extract_gives_what_the_cli_gives_on_corpus_pages(cli, corpus):
    pages = sorted((corpus / "r2l" / "pages").glob("*.html"))[:3] + sorted((corpus / "modern" / "pages").glob("*.html"))[:3]
    assert pages
    for page in pages:
        assert dana.extract(page.read_bytes()) == cli_json(cli, page.read_bytes()), page


def test_bytes_are_decoded_by_the_engine():
    arabic = "<html><body><article>" + "<p>مرحبا بكم في الصفحة الرئيسية للأخبار العربية اليوم</p>" * 6 + "</article></body></html>"
    data = arabic.encode("cp1256")
    assert dana.decode(data, "windows-1256") == (arabic, "windows-1256")
    assert "مرحبا" in dana.extract(data, charset="windows-1256")["text"]
    assert "مرحبا" not in dana.extract(data)["text"], "without a charset: windows-1252, as the CLI"
    assert dana.decode(b"\xef\xbb\xbfhi") == ("hi", "UTF-8")


@pytest.mark.parametrize(
    "kwargs, flags",
    [
        ({"gap": "x"}, ["--gap", "x"]),
        ({"gap": -1}, ["--gap", "-1"]),
        ({"algorithm": "foo"}, ["--algorithm", "foo"]),
        ({"filter": 4}, ["--filter", "4"]),
        ({"candidate": "one"}, ["--candidate", "one"]),
        ({"url": "page.html"}, ["--url", "page.html"]),
    ],
)
def test_bad_values_raise_the_cli_message(cli, kwargs, flags):
    done = subprocess.run([str(cli), "extract", *flags, "-"], input=PAGE, capture_output=True)
    assert done.returncode == 2
    cli_message = done.stderr.decode().splitlines()[0].removeprefix("dana: ")
    (name,) = kwargs
    with pytest.raises(ValueError) as raised:
        dana.extract(PAGE, **kwargs)
    assert str(raised.value) == cli_message.replace(f"--{name}", name)


def test_unknown_options_and_wrong_types():
    with pytest.raises(ValueError, match=r"^unknown option 'frobnicate' \(known options: algorithm, filter, gap"):
        dana.extract(PAGE, frobnicate=1)
    with pytest.raises(ValueError, match=r"^invalid value '1' for thesis \(expected True or False\)$"):
        dana.extract(PAGE, thesis=1)
    with pytest.raises(ValueError, match=r"^invalid value '2.5' for gap"):
        dana.extract(PAGE, gap=2.5)
    with pytest.raises(ValueError, match=r"^invalid value 'True' for gap"):
        dana.extract(PAGE, gap=True)
    with pytest.raises(TypeError, match="html must be str or bytes"):
        dana.extract(["<p>"])
    assert dana.extract(PAGE, gap=None, thesis=None) == dana.extract(PAGE), "None is the default"


def test_every_option_is_documented():
    doc = dana.extract.__doc__
    stub = (Path(dana.__file__).parent / "_dana.pyi").read_text()
    for name in dana.options():
        assert f"``{name}``" in doc or f"    {name}:" in doc, name
        assert f"    {name}:" in stub, name
    assert dana.extract.__text_signature__ == "(html, url=None, *, charset=None, **options)"


def test_the_gil_is_released_while_the_engine_runs():
    # A long page: the engine takes a good part of a second on it.
    page = PAGE.replace(b"<article>", b"<article>" + (b"<div><p>" + b"word " * 200 + b"</p></div>") * 12000)
    gaps, done = [], threading.Event()
    took = []

    def work():
        start = time.perf_counter()
        dana.extract(page)
        took.append(time.perf_counter() - start)
        done.set()

    worker = threading.Thread(target=work)
    last = time.perf_counter()
    worker.start()
    while not done.is_set():
        now = time.perf_counter()
        gaps.append(now - last)
        last = now
    worker.join()
    # Held, the GIL would stop this loop for the whole call; released, it never waits long.
    assert took[0] > 0.1, "the page is long enough to see"
    assert max(gaps) < took[0] / 2, f"the loop stopped {max(gaps):.3f} s of a {took[0]:.3f} s call"
