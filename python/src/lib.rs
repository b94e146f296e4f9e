//! The Python face of the engine (PyO3): the only crate of the workspace that names `pyo3`.
//! maturin builds it into the wheel of the package `dana` (python/pyproject.toml), whose
//! `dana/__init__.py` re-exports what this module `dana._dana` defines.
//!
//! The options are the command line's (`dana extract --help`), by the snake_case of their long
//! flags, read by [`ExtractOptions`]: the same parsers and the same messages as the CLI's, raised
//! as `ValueError`. WARC files are read by the CLI's reader ([`dana_cli::batch::Batch`]), so that
//! `extract_warc` yields exactly the lines `dana extract --warc` writes. The engine runs with the
//! GIL released.

use std::path::PathBuf;
use std::sync::Mutex;

use dana_cli::args::{invalid_value, unknown_option, ExtractOptions};
use dana_cli::batch::{Batch, Outcome};
use dana_cli::warc::{Item, Pages};
use pyo3::exceptions::{PyOSError, PyRuntimeWarning, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyDict, PyInt, PyString};

/// The options given as keywords, read as the command line reads its flags.
fn read_options(url: Option<&str>, given: Option<&Bound<'_, PyDict>>) -> PyResult<ExtractOptions> {
    let mut options = ExtractOptions::default();
    let fail = |message: String| PyValueError::new_err(message);
    if let Some(url) = url {
        options.set_value("url", url).map_err(fail)?;
    }
    for (key, value) in given.into_iter().flat_map(|d| d.iter()) {
        let name = key.extract::<String>()?;
        if value.is_none() {
            // None is the default, as an option left out.
            continue;
        }
        let name = name.as_str();
        let repr = || value.repr().map(|r| r.to_string()).unwrap_or_default();
        let result = if ExtractOptions::FLAGS.contains(&name) {
            match value.cast::<PyBool>() {
                Ok(on) => options.set_flag(name, on.is_true()),
                Err(_) => Err(invalid_value(&repr(), name, "expected True or False")),
            }
        } else if !ExtractOptions::VALUES.contains(&name) {
            Err(unknown_option(name))
        } else if let Ok(text) = value.cast::<PyString>() {
            options.set_value(name, &text.to_cow()?)
        } else if value.is_instance_of::<PyInt>() && !value.is_instance_of::<PyBool>() {
            // An int is given as the command line would spell it.
            options.set_value(name, &value.str()?.to_cow()?)
        } else {
            Err(invalid_value(&repr(), name, "expected a str or an int"))
        };
        result.map_err(fail)?;
    }
    Ok(options)
}

/// Extracts the main content of one HTML page.
///
/// Args:
///     html: the page, as text (``str``) or as its bytes (``bytes``), which the engine decodes
///         as a browser would: byte-order mark, else ``charset``, else UTF-8 when valid, else the
///         ``<meta>`` charset, else windows-1252.
///     url: the page's absolute URL; links and images are resolved against it (without it,
///         relative links and images are left out of the article HTML).
///     charset: for bytes, the ``charset`` of the HTTP ``Content-Type`` header, when known.
///     **options: the options of ``dana extract`` (see ``dana extract --help``), by the
///         snake_case of their long flags:
///
///         - ``algorithm``: ``"r2l"``, ``"dana"``, ``"danag"`` or ``"addanag"`` (default).
///         - ``filter``: hyperlink filter of thesis 4.6.1: ``"none"``, ``1`` (remove links),
///           ``2`` (strip link attributes), ``3`` (placeholder); default 3 for addanag, none
///           for the others.
///         - ``gap``: Algorithm 1's gap in lines (default 8 for r2l, 20 for the others).
///         - ``title_bound``: use the headline as the upper bound of the main content.
///         - ``thesis``: the algorithm exactly as the thesis defines it (the measured
///           refinements off).
///         - ``with_comments``: readers' comments under an article stay in its ``text``
///           (without it they are left out, and carried apart under ``comments``).
///         - ``candidate``: which article candidate: 0 (default) the chosen one, k the k-th
///           runner-up.
///
/// Returns:
///     dict: the whole result, the fields of ``dana extract --format json``: ``title``,
///     ``text`` (one block a line), ``html``, ``blocks``, ``lang``, ``dir``, ``byline``,
///     ``published``, ``readerable``, ``reason`` (why no article was found, else None), ...
///
/// Raises:
///     ValueError: an unknown option or a bad value, with the command line's message, such as
///         ``invalid value 'x' for gap (expected a whole number of lines, 0 or more)``.
///     TypeError: ``html`` is neither str nor bytes.
///
/// The engine runs with the GIL released: threads extract in parallel.
#[pyfunction]
#[pyo3(signature = (html, url = None, *, charset = None, **options))]
fn extract<'py>(
    py: Python<'py>,
    html: &Bound<'py, PyAny>,
    url: Option<&str>,
    charset: Option<&str>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let options = read_options(url, options)?.options();
    let ex = if let Ok(bytes) = html.cast::<PyBytes>() {
        let bytes = bytes.as_bytes();
        py.detach(|| {
            let (text, _) = dana::decode(bytes, charset);
            dana::extract(&text, &options)
        })
    } else if let Ok(text) = html.cast::<PyString>() {
        let text = text.to_cow()?;
        py.detach(|| dana::extract(&text, &options))
    } else {
        return Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "extract: html must be str or bytes, got {}",
            html.get_type().name()?
        )));
    };
    Ok(pythonize::pythonize(py, &ex)?)
}

/// Decodes a page's bytes as ``extract`` does: returns ``(text, encoding)``, the encoding by
/// its name in the Encoding Standard (``"UTF-8"``, ``"windows-1256"``).
#[pyfunction]
#[pyo3(signature = (data, charset = None))]
fn decode(
    py: Python<'_>,
    data: &Bound<'_, PyBytes>,
    charset: Option<&str>,
) -> (String, &'static str) {
    let bytes = data.as_bytes();
    py.detach(|| dana::decode(bytes, charset))
}

/// Reads the HTML responses of a WARC file (``.warc`` or ``.warc.gz``) and extracts each.
///
/// Yields one dict per record, in the file's order, with the fields of ``dana extract --warc``:
/// ``WARC-Record-ID``, ``WARC-Target-URI``, ``WARC-Date``, ``title``, ``text``, ``lang``,
/// ``dir``, ``byline``, ``published``, ``readerable``. Only ``response`` records whose HTTP
/// ``Content-Type`` is HTML are read; their ``charset`` goes to the engine's decoding and their
/// URI is the base of their links. A bad record (truncated, a corrupt gzip member, over 32 MiB)
/// is reported with a ``RuntimeWarning`` and skipped; the file goes on.
///
/// Args:
///     path: the WARC file.
///     threads: pages extracted in parallel, on threads of the engine's own (default 1: the
///         engines that run many of these, datatrove or Spark, give each its own core).
///     **options: the options of ``extract`` (not ``url``: each record has its own).
///
/// Raises:
///     ValueError: an unknown option or a bad value, as ``extract``.
///     OSError: the file cannot be opened.
#[pyfunction]
#[pyo3(signature = (path, *, threads = 1, **options))]
fn extract_warc(
    path: PathBuf,
    threads: usize,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<WarcRecords> {
    let options = read_options(None, options)?;
    if options.url.is_some() {
        return Err(PyValueError::new_err("extract_warc takes no url: each record has its own"));
    }
    if threads == 0 {
        return Err(PyValueError::new_err(invalid_value("0", "threads", "expected 1 or more")));
    }
    let batch = Batch::start(&path, &options.options(), threads)
        .map_err(|e| PyOSError::new_err(format!("cannot read {}: {e}", path.display())))?;
    Ok(WarcRecords { batch: Mutex::new(batch), path })
}

/// The records of a WARC being extracted: an iterator of dicts (see ``extract_warc``).
#[pyclass(module = "dana")]
struct WarcRecords {
    // A Mutex, as Python objects may be shared between threads; only one takes at a time.
    batch: Mutex<Batch>,
    path: PathBuf,
}

#[pymethods]
impl WarcRecords {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        loop {
            let next = py.detach(|| match self.batch.lock() {
                Ok(mut batch) => batch.next(),
                Err(_) => None,
            });
            match next {
                None => return Ok(None),
                Some(Outcome::Line(line)) => return Ok(Some(pythonize::pythonize(py, &line)?)),
                Some(Outcome::Bad(why)) => warn_bad_record(py, &self.path, &why)?,
            }
        }
    }
}

/// Reads the HTML responses of a WARC file without extracting them: for a job that spreads the
/// records over workers before the engine runs (``examples/spark_warc.py``).
///
/// Yields one dict per record, in the file's order, the records ``extract_warc`` would extract:
/// ``WARC-Record-ID``, ``WARC-Target-URI``, ``WARC-Date``, ``charset`` (of the HTTP
/// ``Content-Type``, or None) and ``body`` (bytes, transfer and content codings undone).
/// ``extract(record["body"], url, charset=record["charset"])`` then gives the text
/// ``extract_warc`` gives, ``url`` being the URI when it is an http(s) URL. A bad record is
/// reported with a ``RuntimeWarning`` and skipped.
#[pyfunction]
fn read_warc(path: PathBuf) -> PyResult<WarcPages> {
    let pages = Pages::open(&path)
        .map_err(|e| PyOSError::new_err(format!("cannot read {}: {e}", path.display())))?;
    Ok(WarcPages { pages: Mutex::new(pages), path })
}

/// The HTML responses of a WARC: an iterator of dicts (see ``read_warc``).
#[pyclass(module = "dana")]
struct WarcPages {
    pages: Mutex<Pages>,
    path: PathBuf,
}

#[pymethods]
impl WarcPages {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        loop {
            let next = py.detach(|| self.pages.lock().ok().and_then(|mut pages| pages.next()));
            match next {
                None => return Ok(None),
                Some(Item::Page(page)) => {
                    let dict = PyDict::new(py);
                    dict.set_item("WARC-Record-ID", page.record_id)?;
                    dict.set_item("WARC-Target-URI", page.uri)?;
                    dict.set_item("WARC-Date", page.date)?;
                    dict.set_item("charset", page.charset)?;
                    dict.set_item("body", PyBytes::new(py, &page.body))?;
                    return Ok(Some(dict));
                }
                Some(Item::Bad(why)) => warn_bad_record(py, &self.path, &why)?,
            }
        }
    }
}

/// A bad record of a WARC, reported as a `RuntimeWarning`.
fn warn_bad_record(py: Python<'_>, path: &std::path::Path, why: &str) -> PyResult<()> {
    // A NUL cannot be in a C string; the message comes from a file's bytes.
    let message = format!("{}: {why}", path.display()).replace('\0', " ");
    let message = std::ffi::CString::new(message).expect("no NUL left");
    let category = py.get_type::<PyRuntimeWarning>();
    PyErr::warn(py, category.as_any(), &message, 1)
}

/// The names of the options ``extract`` takes as keywords.
#[pyfunction]
fn options() -> Vec<&'static str> {
    ExtractOptions::names().collect()
}

#[pymodule]
fn _dana(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(extract, m)?)?;
    m.add_function(wrap_pyfunction!(extract_warc, m)?)?;
    m.add_function(wrap_pyfunction!(decode, m)?)?;
    m.add_function(wrap_pyfunction!(read_warc, m)?)?;
    m.add_class::<WarcPages>()?;
    m.add_function(wrap_pyfunction!(options, m)?)?;
    m.add_class::<WarcRecords>()?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
