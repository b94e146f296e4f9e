"""examples/spark_warc.py in Spark's local mode (local[2], the machine's Java): the Parquet table
holds, for every record, what `dana extract --warc` writes."""
import importlib.util
import os
import sys

import pytest

pytest.importorskip("pyspark", reason="pyspark is installed by ./build.sh test")

from conftest import ROOT  # noqa: E402


def load_example():
    spec = importlib.util.spec_from_file_location("spark_warc", ROOT / "examples" / "spark_warc.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_job_gives_the_cli_lines(warc, cli_lines, tmp_path):
    from pyspark.sql import SparkSession

    # The workers run this interpreter, the one with the wheel installed.
    os.environ["PYSPARK_PYTHON"] = sys.executable
    example = load_example()
    spark = (
        SparkSession.builder.master("local[2]")
        .appName("dana-test")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .getOrCreate()
    )
    try:
        out = str(tmp_path / "pages.parquet")
        example.run(spark, [str(warc)], out, 4, {})
        rows = spark.read.parquet(out).collect()
    finally:
        spark.stop()
    got = {}
    for row in rows:
        values = row.asDict()
        got[values["warc_record_id"]] = {key: values[name] for name, key in example.COLUMNS}
    assert len(rows) == len(cli_lines) == len(got)
    for line in cli_lines:
        assert got[line["WARC-Record-ID"]] == line
