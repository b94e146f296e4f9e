# Type stubs of the Rust module dana._dana (python/src/lib.rs): keep in step with it
# (python/tests/test_package.py checks the option names against options()).
import os
from typing import Any, Iterator, Literal, Optional, Union

__version__: str

Algorithm = Literal["r2l", "dana", "danag", "addanag"]
Filter = Union[Literal["none", "remove", "strip", "placeholder", "0", "1", "2", "3"], int]

def extract(
    html: Union[str, bytes],
    url: Optional[str] = None,
    *,
    charset: Optional[str] = None,
    algorithm: Optional[Algorithm] = None,
    filter: Optional[Filter] = None,
    gap: Optional[int] = None,
    title_bound: bool = False,
    thesis: bool = False,
    with_comments: bool = False,
    candidate: int = 0,
) -> dict[str, Any]:
    """Extracts the main content of one HTML page (text, or bytes the engine decodes).

    Returns the fields of ``dana extract --format json`` (title, text, html, blocks, lang, dir,
    byline, published, readerable, reason, ...). Raises ValueError for an unknown option or a
    bad value, with the command line's message.
    """

def extract_warc(
    path: Union[str, os.PathLike[str]],
    *,
    threads: int = 1,
    algorithm: Optional[Algorithm] = None,
    filter: Optional[Filter] = None,
    gap: Optional[int] = None,
    title_bound: bool = False,
    thesis: bool = False,
    with_comments: bool = False,
    candidate: int = 0,
) -> WarcRecords:
    """Yields one dict per HTML response of a WARC (.warc or .warc.gz), in the file's order:
    WARC-Record-ID, WARC-Target-URI, WARC-Date, title, text, lang, dir, byline, published,
    readerable. A bad record is reported with a RuntimeWarning and skipped."""

def read_warc(path: Union[str, os.PathLike[str]]) -> WarcPages:
    """Yields the HTML responses of a WARC unextracted, in the file's order: WARC-Record-ID,
    WARC-Target-URI, WARC-Date, charset (of the HTTP Content-Type, or None) and body (bytes).
    A bad record is reported with a RuntimeWarning and skipped."""

def decode(data: bytes, charset: Optional[str] = None) -> tuple[str, str]:
    """The text of a page's bytes and the encoding's name, as extract decodes them."""

def options() -> list[str]:
    """The names of the options extract takes as keywords."""

class WarcRecords(Iterator[dict[str, Any]]):
    def __iter__(self) -> WarcRecords: ...
    def __next__(self) -> dict[str, Any]: ...

class WarcPages(Iterator[dict[str, Any]]):
    def __iter__(self) -> WarcPages: ...
    def __next__(self) -> dict[str, Any]: ...
