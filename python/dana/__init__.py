"""dana: main-content extraction with the DANA family of algorithms (R2L, DANA, DANAg, AdDANAg).

    >>> import dana
    >>> result = dana.extract(html_bytes, url="https://example.org/post")
    >>> result["title"], result["text"]
    >>> for record in dana.extract_warc("crawl.warc.gz"):
    ...     record["WARC-Target-URI"], record["text"]

``extract`` runs the engine on one page (text or bytes) and returns the whole result as a dict,
the fields of ``dana extract --format json``. ``extract_warc`` reads the HTML responses of a WARC
file and yields one dict per record, the lines of ``dana extract --warc``; ``read_warc`` yields
the same records unextracted (their bytes and HTTP charset), for jobs that spread them first. Options are those of
the command line, by the snake_case of their long flags (``options()`` lists them); an unknown
option or a bad value raises ``ValueError`` with the command line's message. The engine runs
with the GIL released.

``dana.datatrove.Dana`` is an extractor for datatrove's pipelines (``pip install
dana-reader[datatrove]``); ``examples/spark_warc.py`` in the repository runs the engine in a
PySpark job.
"""

from ._dana import WarcPages, WarcRecords, __version__, decode, extract, extract_warc, options, read_warc

__all__ = ["extract", "extract_warc", "read_warc", "decode", "options", "WarcRecords", "WarcPages", "__version__"]
