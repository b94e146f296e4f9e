"""The engine in datatrove's pipelines: ``Dana``, an extractor, and ``WarcReader``, datatrove's
WARC reader with the HTML decoded as the engine decodes it.

    from datatrove.executor import LocalPipelineExecutor
    from datatrove.pipeline.writers import JsonlWriter
    from dana.datatrove import Dana, WarcReader

    LocalPipelineExecutor(pipeline=[
        WarcReader("crawl/"),              # or datatrove's own WarcReader
        Dana(thesis=False),                # the options of dana.extract
        JsonlWriter("out/"),
    ], tasks=8).run()

With ``dana.datatrove.WarcReader`` the text of every record is the text ``dana extract --warc``
writes for it: the same records (``response``, HTTP ``Content-Type`` HTML), decoded the same way
(the HTTP charset, then the engine's sniffing). datatrove's own reader decodes with UTF-8, else
a guess of cchardet's, and picks records by their payload type.
"""
from __future__ import annotations

from typing import Any, Optional

from datatrove.data import DocumentsPipeline
from datatrove.pipeline.extractors.base import BaseExtractor
from datatrove.pipeline.readers.base import BaseDiskReader
from datatrove.utils.typeshelper import StatHints

import dana

__all__ = ["Dana", "WarcReader"]

# What each document keeps of the result beside its text, in its metadata.
_METADATA = ("title", "lang", "dir", "byline", "published", "readerable")


class Dana(BaseExtractor):
    """Main-content extraction with the DANA engine.

    Args:
        timeout: kept for datatrove's interface; the engine runs in the pipeline's own process
            (see ``run``), so no document is timed out.
        **options: the options of ``dana.extract`` (``algorithm``, ``filter``, ``gap``,
            ``title_bound``, ``thesis``, ``with_comments``, ``candidate``), checked here: a bad one raises
            ``ValueError`` when the pipeline is built, not on its first document.
    """

    name = "📜 Dana"
    _requires_dependencies = []

    def __init__(self, timeout: float = 1, **options: Any):
        super().__init__(timeout)
        if "url" in options:
            raise ValueError("Dana takes no url: each document's own (metadata['url']) is used")
        dana.extract("", **options)  # raises ValueError for an unknown option or a bad value
        self.options = options

    def extract(self, text: str, url: Optional[str] = None) -> str:
        """The main text of one page."""
        return dana.extract(text, _web_url(url), **self.options)["text"]

    def run(self, data: DocumentsPipeline, rank: int = 0, world_size: int = 1) -> DocumentsPipeline:
        """Extracts each document's text in this process.

        BaseExtractor runs its extractor in a child process, to time out or survive one that
        hangs or crashes; the engine does neither (linear in the page, a panic is caught as an
        error), and sending every page through a pipe would cost as much as extracting it.
        A document without main text is dropped, as BaseExtractor drops it.
        """
        for doc in data:
            self.stat_update(StatHints.total)
            with self.track_time():
                result = dana.extract(doc.text, _web_url(doc.metadata.get("url")), **self.options)
            doc.text = result["text"]
            for key in _METADATA:
                doc.metadata[key] = result[key]
            if doc.text:
                self.stat_update("extracted", StatHints.forwarded)
                self.update_doc_stats(doc)
                yield doc
            else:
                self.stat_update(StatHints.dropped)


def _web_url(url: Optional[str]) -> Optional[str]:
    """The page's URL as the engine's base for links: only an http(s) URL is one."""
    if url and (url.startswith("http://") or url.startswith("https://")):
        return url
    return None


class WarcReader(BaseDiskReader):
    """datatrove's WarcReader, with the records chosen and decoded as ``dana extract --warc``
    chooses and decodes them: ``response`` records whose HTTP ``Content-Type`` is HTML, decoded
    with its charset, then the engine's sniffing (byte-order mark, UTF-8 when valid, ``<meta>``
    charset, windows-1252). It takes datatrove's WarcReader's arguments (``compression``, then
    BaseDiskReader's), and needs warcio only, not cchardet nor python-magic.
    """

    name = "🕷 Warc (dana)"
    _requires_dependencies = ["warcio"]

    def __init__(self, data_folder, paths_file=None, compression="infer", **kwargs):
        self.compression = compression
        super().__init__(data_folder, paths_file, **kwargs)

    def read_file(self, filepath: str):
        from warcio.archiveiterator import ArchiveIterator

        with self.data_folder.open(filepath, "rb", compression=self.compression) as f:
            for ri, record in enumerate(ArchiveIterator(f)):
                with self.track_time():
                    extracted = _html_record(record)
                    if not extracted:
                        continue
                    document = self.get_document_from_dict(extracted, filepath, ri)
                    if not document:
                        continue
                yield document


def _html_record(record) -> Optional[dict]:
    if record.rec_type != "response" or record.http_headers is None:
        return None
    content_type = (record.http_headers.get_header("Content-Type") or "").lower()
    params = [p.strip() for p in content_type.split(";")]
    if params[0] not in ("text/html", "application/xhtml+xml"):
        return None
    charset = next((p.split("=", 1)[1].strip() for p in params[1:] if p.split("=", 1)[0].strip() == "charset"), None)
    text, _ = dana.decode(record.content_stream().read(), charset)
    headers = record.rec_headers
    return {
        "text": text,
        "id": headers.get_header("WARC-Record-ID"),
        "url": headers.get_header("WARC-Target-URI"),
        "date": headers.get_header("WARC-Date"),
    }
