"""dana.extract_warc and dana.read_warc give what `dana extract --warc` writes, record by record."""
import gzip
import warnings

import pytest

import dana


def test_extract_warc_gives_the_cli_lines(warc, cli_lines):
    assert list(dana.extract_warc(warc)) == cli_lines
    assert list(dana.extract_warc(str(warc), threads=2)) == cli_lines


def test_read_warc_then_extract_gives_the_cli_lines(warc, cli_lines):
    mine = []
    for record in dana.read_warc(warc):
        assert isinstance(record["body"], bytes)
        uri = record["WARC-Target-URI"]
        result = dana.extract(record["body"], uri if uri.startswith("http") else None, charset=record["charset"])
        line = {k: record[k] for k in ("WARC-Record-ID", "WARC-Target-URI", "WARC-Date")}
        line.update((k, result[k]) for k in ("title", "text", "lang", "dir", "byline", "published", "readerable"))
        mine.append(line)
    assert mine == cli_lines


def test_options_reach_every_record(warc, cli, cli_lines):
    import json
    import subprocess

    done = subprocess.run([str(cli), "extract", "--thesis", "--algorithm", "danag", "--warc", str(warc)], capture_output=True, check=True)
    thesis = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert list(dana.extract_warc(warc, thesis=True, algorithm="danag")) == thesis
    assert thesis != cli_lines
    with pytest.raises(ValueError, match="^invalid value 'x' for gap"):
        dana.extract_warc(warc, gap="x")
    with pytest.raises(ValueError, match="takes no url"):
        dana.extract_warc(warc, url="https://example.org/")
    with pytest.raises(OSError):
        dana.extract_warc(warc.with_name("missing.warc"))


def test_a_bad_record_is_a_warning_and_the_file_goes_on(warc, cli_lines, tmp_path):
    members = gzip.decompress(warc.read_bytes())
    # Cut the second response record short, in a plain copy of the file.
    records = members.split(b"WARC/1.1\r\n")[1:]
    responses = [i for i, r in enumerate(records) if r.startswith(b"WARC-Type: response")]
    cut = responses[1]
    records[cut] = records[cut][: len(records[cut]) // 2]
    damaged = tmp_path / "damaged.warc"
    damaged.write_bytes(b"".join(b"WARC/1.1\r\n" + r for r in records))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        lines = list(dana.extract_warc(damaged))
    assert [str(w.message) for w in caught if w.category is RuntimeWarning], "the bad record is reported"
    assert cli_lines[1]["WARC-Record-ID"] in str(caught[0].message)
    assert lines == cli_lines[:1] + cli_lines[2:]
