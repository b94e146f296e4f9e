#!/usr/bin/env python3
"""The engine in a PySpark job: WARC files in, a Parquet table of their pages' main text out.

    pip install pyspark dana-reader        # the wheel ./build.sh writes into dist/
    spark-submit examples/spark_warc.py --out pages.parquet crawl-00000.warc.gz crawl-00001.warc.gz
    python3 examples/spark_warc.py --master 'local[2]' --out pages.parquet *.warc.gz

WARC paths -> records -> mapPartitions with the engine -> Parquet:

1. the paths are spread one a task, and each task reads its file's HTML responses with
   ``dana.read_warc`` (the reader of ``dana extract --warc``: the same records, a bad one
   skipped, not the end of the file);
2. the records are spread over ``--partitions`` partitions, so that one large file does not
   keep one core busy while the others wait;
3. ``mapPartitions`` runs the engine on each record (``dana.extract`` of its bytes, with its
   HTTP charset and URL): the text ``dana extract --warc`` gives;
4. the rows are written as Parquet, one column per field of ``dana extract --warc``'s lines.

The paths are read by each executor: local paths must be visible to all of them (a shared
file system); for S3 or HDFS, read the bytes with your file system's client in ``read_pages``
and write them to a local temporary file first.
"""
import argparse
import sys

# The columns: those of `dana extract --warc`, with the WARC fields in snake_case for SQL.
COLUMNS = [
    ("warc_record_id", "WARC-Record-ID"),
    ("warc_target_uri", "WARC-Target-URI"),
    ("warc_date", "WARC-Date"),
    ("title", "title"),
    ("text", "text"),
    ("lang", "lang"),
    ("dir", "dir"),
    ("byline", "byline"),
    ("published", "published"),
    ("readerable", "readerable"),
]


def read_pages(path):
    """The HTML responses of one WARC: its records, not yet extracted."""
    import dana

    yield from dana.read_warc(path)


def extract_partition(records, options):
    """The engine on each record of a partition: one row each."""
    import dana

    for record in records:
        uri = record["WARC-Target-URI"]
        url = uri if uri.startswith(("http://", "https://")) else None
        result = dana.extract(record["body"], url, charset=record["charset"], **options)
        line = {
            "WARC-Record-ID": record["WARC-Record-ID"],
            "WARC-Target-URI": uri,
            "WARC-Date": record["WARC-Date"],
            **{key: result[key] for _, key in COLUMNS[3:]},
        }
        yield tuple(line[key] for _, key in COLUMNS)


def schema():
    from pyspark.sql.types import DoubleType, StringType, StructField, StructType

    return StructType(
        [StructField(name, DoubleType() if name == "readerable" else StringType(), True) for name, _ in COLUMNS]
    )


def run(spark, paths, out, partitions, options):
    """The job: every page of `paths` through the engine, written to `out` as Parquet."""
    import dana

    dana.extract("", **options)  # a bad option fails here, before any task starts
    sc = spark.sparkContext
    records = sc.parallelize(paths, len(paths)).flatMap(read_pages)
    rows = records.repartition(partitions).mapPartitions(lambda part: extract_partition(part, options))
    spark.createDataFrame(rows, schema()).write.mode("overwrite").parquet(out)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="+", help="WARC files (.warc or .warc.gz)")
    ap.add_argument("--out", required=True, help="the Parquet directory to write")
    ap.add_argument("--master", help="Spark master when run with python3 (e.g. 'local[2]')")
    ap.add_argument("--partitions", type=int, default=0, help="record partitions (default: 2 per core)")
    ap.add_argument("--algorithm", help="r2l, dana, danag or addanag (dana.extract's options)")
    ap.add_argument("--thesis", action="store_true", help="the algorithm exactly as the thesis defines it")
    a = ap.parse_args()
    from pyspark.sql import SparkSession

    builder = SparkSession.builder.appName("dana-warc")
    if a.master:
        builder = builder.master(a.master)
    spark = builder.getOrCreate()
    options = {"algorithm": a.algorithm, "thesis": a.thesis}
    partitions = a.partitions or 2 * spark.sparkContext.defaultParallelism
    try:
        run(spark, a.paths, a.out, partitions, {k: v for k, v in options.items() if v is not None})
    finally:
        spark.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
