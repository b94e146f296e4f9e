"""dana.datatrove in datatrove's LocalPipelineExecutor, over the test WARC: the text of every
record is the CLI's."""
import json

import pytest

pytest.importorskip("datatrove", reason="datatrove is installed by ./build.sh test")

from datatrove.executor import LocalPipelineExecutor  # noqa: E402
from datatrove.pipeline.writers import JsonlWriter  # noqa: E402

from dana.datatrove import Dana, WarcReader  # noqa: E402


def test_the_pipeline_gives_the_cli_text(warc, cli_lines, tmp_path):
    out = tmp_path / "out"
    LocalPipelineExecutor(
        pipeline=[WarcReader(str(warc.parent), glob_pattern=warc.name), Dana(), JsonlWriter(str(out), compression=None)],
        tasks=1,
        logging_dir=str(tmp_path / "logs"),
    ).run()
    docs = [json.loads(line) for path in sorted(out.glob("*.jsonl")) for line in path.open(encoding="utf-8")]
    expected = {line["WARC-Record-ID"]: line for line in cli_lines if line["text"]}
    assert len(docs) == len(expected), "every record with text, and no other"
    for doc in docs:
        line = expected[doc["id"]]
        assert doc["text"] == line["text"], doc["id"]
        assert doc["metadata"]["url"] == line["WARC-Target-URI"]
        for key in ("title", "lang", "dir", "byline", "published", "readerable"):
            assert doc["metadata"][key] == line[key], (doc["id"], key)


def test_options_are_checked_when_the_pipeline_is_built():
    assert Dana(algorithm="danag", thesis=True).options == {"algorithm": "danag", "thesis": True}
    with pytest.raises(ValueError, match="^invalid value 'foo' for algorithm"):
        Dana(algorithm="foo")
    with pytest.raises(ValueError, match="takes no url"):
        Dana(url="https://example.org/")
