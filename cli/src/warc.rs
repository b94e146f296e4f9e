//! The HTML pages of a WARC file (`.warc` or `.warc.gz`), one at a time, with bounded memory:
//! `dana extract --warc` and the Python package's `extract_warc` read them here.
//!
//! The `warc` crate parses each record's header block and checks it (the required fields, the
//! date); this module frames the records around it, because the crate's iterators cannot go on
//! after a bad record, and a bad record must cost that record only:
//!
//! - a `.warc.gz` is read member by member (one record each, as WARC writers compress), each
//!   member decompressed and its checksum verified before any of it is parsed, so a corrupt
//!   member is reported and skipped whole (`Members`);
//! - a record whose header block does not parse, or that does not end where its
//!   `Content-Length` says (a truncated record), is reported, and reading resumes at the next
//!   line that starts a record (`WARC/1.`), looked for inside the bad record's body first;
//! - a record longer than [`MAX_RECORD`] is skipped without being held in memory.
//!
//! Only `response` records whose HTTP `Content-Type` is HTML become pages; their `charset`
//! parameter goes to the engine's decoding ([`dana::decode`]), after any chunked transfer coding
//! and gzip or deflate content coding is undone. Other records are passed over in silence.

use std::collections::HashMap;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use warc::{EmptyBody, RawRecordHeader, Record, RecordType, WarcHeader};

/// The largest record read (its HTTP headers and body, as stored): a larger one is reported and
/// skipped. It bounds the memory a record in flight can take, decompressed or not.
pub const MAX_RECORD: usize = 32 << 20;

/// The largest WARC header block: a record header is a few hundred bytes; more is not one.
const MAX_HEADER: usize = 64 << 10;

/// One HTML page of a WARC: what `dana extract --warc` writes beside the extraction.
#[derive(Clone, Debug)]
pub struct Page {
    /// `WARC-Record-ID`, as written (`<urn:uuid:...>`).
    pub record_id: String,
    /// `WARC-Target-URI`.
    pub uri: String,
    /// `WARC-Date`, as written.
    pub date: String,
    /// The `charset` parameter of the HTTP `Content-Type`, when it has one.
    pub charset: Option<String>,
    /// The HTTP body, with transfer and content codings undone.
    pub body: Vec<u8>,
}

/// What reading a WARC gives, in the file's order: a page, or a record that could not be read.
#[derive(Debug)]
pub enum Item {
    Page(Page),
    /// A bad record (or corrupt stretch of the file): where it starts and what was wrong.
    Bad(String),
}

/// The pages of one WARC file (an [`Iterator`] of [`Item`]s).
pub struct Pages {
    reader: Pushback,
    /// The bytes of the file read so far (compressed, for a `.warc.gz`): for a progress bar.
    read: Arc<AtomicU64>,
    done: bool,
}

impl Pages {
    /// Opens a WARC file; gzip is recognised by its first bytes, not by the file's name.
    pub fn open(path: &Path) -> io::Result<Pages> {
        let read = Arc::new(AtomicU64::new(0));
        let file = Counted { inner: File::open(path)?, read: Arc::clone(&read) };
        let mut file = BufReader::with_capacity(1 << 16, file);
        let gzip = file.fill_buf()?.starts_with(&[0x1f, 0x8b]);
        let source: Box<dyn Source> = if gzip {
            Box::new(Members::new(file))
        } else {
            Box::new(Plain { inner: file, at: 0 })
        };
        Ok(Pages { reader: Pushback::new(source), read, done: false })
    }

    /// A counter of the bytes of the file read so far, for a progress bar.
    pub fn bytes_read(&self) -> Arc<AtomicU64> {
        Arc::clone(&self.read)
    }

    /// The next record, page or not; `None` at the end of the file.
    fn next_record(&mut self) -> Option<Result<Option<Page>, String>> {
        let at = self.reader.offset();
        let mut head = Vec::with_capacity(1024);
        // Blank lines between records are tolerated (some writers add more than the two CRLFs).
        loop {
            head.clear();
            match read_line(&mut self.reader, &mut head) {
                Ok(0) => return None,
                Ok(_) if head == b"\r\n" || head == b"\n" => continue,
                Ok(_) => break,
                // A corrupt gzip member, already skipped: the next one starts a record.
                Err(e) if e.kind() == io::ErrorKind::InvalidData && head.is_empty() => {
                    return Some(Err(e.to_string()))
                }
                Err(e) => return Some(Err(self.recover(at, &e.to_string(), None))),
            }
        }
        // The header block: up to and with its blank line.
        while !head.ends_with(b"\r\n\r\n") {
            match read_line(&mut self.reader, &mut head) {
                Ok(0) => {
                    return Some(Err(format!("record at byte {at}: the file ends in its header")))
                }
                Ok(_) if head.len() > MAX_HEADER => {
                    return Some(Err(self.recover(at, "no record header (not a WARC?)", None)))
                }
                Ok(_) => {}
                Err(e) => return Some(Err(self.recover(at, &e.to_string(), None))),
            }
        }
        let (raw, length) = match parse_header(&head) {
            Ok(parsed) => parsed,
            Err(why) => return Some(Err(self.recover(at, &why, None))),
        };
        let id = raw.headers.get(&WarcHeader::RecordID).map(|v| lossy(v));
        let field = |h: WarcHeader| raw.headers.get(&h).map(|v| lossy(v)).unwrap_or_default();
        let (uri, date) = (field(WarcHeader::TargetURI), field(WarcHeader::Date));
        let named = |why: &str| match &id {
            Some(id) => format!("record {id} at byte {at}: {why}"),
            None => format!("record at byte {at}: {why}"),
        };
        let record = match Record::<EmptyBody>::try_from(raw) {
            Ok(record) => record,
            Err(e) => {
                // The block is there and framed: skip it, then say what was wrong.
                return Some(match self.skip(length) {
                    Ok(()) => Err(named(&e.to_string())),
                    Err(why) => Err(self.recover(at, &why, id.as_deref())),
                });
            }
        };
        if length > MAX_RECORD {
            return Some(match self.skip(length) {
                Ok(()) => Err(named(&format!(
                    "{length} bytes, more than the {} MiB a record may have; skipped",
                    MAX_RECORD >> 20
                ))),
                Err(why) => Err(self.recover(at, &why, id.as_deref())),
            });
        }
        let mut block = Vec::with_capacity(length);
        let read = (&mut self.reader).take(length as u64).read_to_end(&mut block);
        let mut end = [0u8; 4];
        let framed = read.and_then(|n| {
            if n < length {
                return Err(io::Error::new(
                    io::ErrorKind::UnexpectedEof,
                    format!("truncated: {n} of its {length} bytes"),
                ));
            }
            self.reader.read_exact(&mut end)
        });
        match framed {
            Ok(()) if &end == b"\r\n\r\n" => {}
            Ok(()) => {
                // It does not end where its length says: the next record may start inside it.
                block.extend_from_slice(&end);
                self.reader.resume_within(&block);
                let why = "it does not end where its Content-Length says (truncated?)";
                return Some(Err(self.recover(at, why, id.as_deref())));
            }
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => {
                let why = if block.len() < length {
                    e.to_string()
                } else {
                    "truncated: the file ends before the record's end".into()
                };
                self.reader.resume_within(&block);
                return Some(Err(self.recover(at, &why, id.as_deref())));
            }
            Err(e) => return Some(Err(self.recover(at, &e.to_string(), id.as_deref()))),
        }
        if *record.warc_type() != RecordType::Response {
            return Some(Ok(None));
        }
        Some(match http_page(&block) {
            Ok(Some((charset, body))) => {
                Ok(Some(Page { record_id: id.unwrap_or_default(), uri, date, charset, body }))
            }
            Ok(None) => Ok(None),
            Err(why) => Err(named(&why)),
        })
    }

    /// Skips a record's block and its end, without holding it.
    fn skip(&mut self, length: usize) -> Result<(), String> {
        let skipped = io::copy(&mut (&mut self.reader).take(length as u64 + 4), &mut io::sink())
            .map_err(|e| e.to_string())?;
        if skipped < length as u64 + 4 {
            return Err("truncated: the file ends before the record's end".into());
        }
        Ok(())
    }

    /// After a bad record: the message, and the reader moved to the next record's first line.
    fn recover(&mut self, at: u64, why: &str, id: Option<&str>) -> String {
        let lost = match self.reader.skip_to_record() {
            Ok(true) => String::new(),
            Ok(false) => {
                self.done = true;
                String::new()
            }
            Err(e) => {
                self.done = true;
                format!("; reading stopped: {e}")
            }
        };
        match id {
            Some(id) => format!("record {id} at byte {at}: {why}{lost}"),
            None => format!("record at byte {at}: {why}{lost}"),
        }
    }
}

impl Iterator for Pages {
    type Item = Item;

    fn next(&mut self) -> Option<Item> {
        loop {
            // Corrupt gzip members passed while looking for the next record come first.
            if let Some(why) = self.reader.passed.pop() {
                return Some(Item::Bad(why));
            }
            if self.done {
                return None;
            }
            match self.next_record() {
                None => self.done = true,
                Some(Ok(None)) => {}
                Some(Ok(Some(page))) => return Some(Item::Page(page)),
                Some(Err(why)) => return Some(Item::Bad(why)),
            }
        }
    }
}

/// `read_until(b'\n')`, bounded: a line longer than the largest header is cut there.
fn read_line(reader: &mut impl BufRead, out: &mut Vec<u8>) -> io::Result<usize> {
    reader.take((MAX_HEADER + 1) as u64).read_until(b'\n', out)
}

fn lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The `warc` crate's parse of one header block: the header, and the block's length.
fn parse_header(head: &[u8]) -> Result<(RawRecordHeader, usize), String> {
    let (_, (version, fields, length)) =
        warc::parser::headers(head).map_err(|_| "its WARC header does not parse".to_string())?;
    let mut headers = HashMap::with_capacity(fields.len());
    for (name, value) in fields {
        headers.insert(WarcHeader::from(name), value.to_vec());
    }
    // The crate takes a missing Content-Length for 0; a record without one is malformed.
    if !headers.contains_key(&WarcHeader::ContentLength) {
        return Err("no Content-Length".into());
    }
    Ok((RawRecordHeader { version: version.to_string(), headers }, length))
}

/// The `charset` of an HTML response's `Content-Type` (when it has one), and its body.
type Html = (Option<String>, Vec<u8>);

/// The HTML of an HTTP response block, or `None` when the response is not HTML.
fn http_page(block: &[u8]) -> Result<Option<Html>, String> {
    let mut fields = [httparse::EMPTY_HEADER; 128];
    let mut response = httparse::Response::new(&mut fields);
    let head = match response.parse(block) {
        Ok(httparse::Status::Complete(n)) => n,
        Ok(httparse::Status::Partial) => return Err("its HTTP header is cut short".into()),
        Err(e) => return Err(format!("its HTTP header does not parse: {e}")),
    };
    let header = |name: &str| {
        response
            .headers
            .iter()
            .find(|h| h.name.eq_ignore_ascii_case(name))
            .map(|h| String::from_utf8_lossy(h.value).trim().to_ascii_lowercase())
    };
    let Some(content_type) = header("content-type") else { return Ok(None) };
    let mut params = content_type.split(';');
    let media = params.next().unwrap_or_default().trim();
    if media != "text/html" && media != "application/xhtml+xml" {
        return Ok(None);
    }
    let charset = params
        .filter_map(|p| p.split_once('='))
        .find(|(k, _)| k.trim() == "charset")
        .map(|(_, v)| v.trim().to_string());
    let mut body = block[head..].to_vec();
    if header("transfer-encoding").is_some_and(|t| t.contains("chunked")) {
        body = dechunk(&body)?;
    }
    match header("content-encoding").as_deref() {
        None | Some("" | "identity") => {}
        Some("gzip" | "x-gzip") => body = inflate(flate2::read::MultiGzDecoder::new(&body[..]))?,
        Some("deflate") => body = inflate(flate2::read::ZlibDecoder::new(&body[..]))?,
        Some(other) => return Err(format!("content coding '{other}' is not read")),
    }
    Ok(Some((charset, body)))
}

/// A body sent in chunks (RFC 9112, 7.1), joined; httparse reads each chunk's size line.
fn dechunk(mut rest: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(rest.len());
    loop {
        let (skip, size) = match httparse::parse_chunk_size(rest) {
            Ok(httparse::Status::Complete(found)) => found,
            // A body cut inside the chunk sizes keeps what came before (as browsers do).
            Ok(httparse::Status::Partial) => return Ok(out),
            Err(_) => return Err("its chunked body does not parse".into()),
        };
        if size == 0 {
            return Ok(out);
        }
        let data = &rest[skip..];
        let take = data.len().min(size as usize);
        out.extend_from_slice(&data[..take]);
        rest = data.get(take + 2..).unwrap_or_default();
        if rest.is_empty() {
            return Ok(out);
        }
    }
}

/// A compressed body, decompressed up to [`MAX_RECORD`] (a compression bomb stops there).
fn inflate(decoder: impl Read) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    decoder
        .take(MAX_RECORD as u64)
        .read_to_end(&mut out)
        .map_err(|e| format!("its compressed body does not decompress: {e}"))?;
    Ok(out)
}

/// The file, counting the bytes read from it.
struct Counted {
    inner: File,
    read: Arc<AtomicU64>,
}

impl Read for Counted {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// The uncompressed WARC text, and where in the file the next byte comes from.
trait Source: BufRead + Send {
    /// The file offset of the next byte read (of the member it is in, for a `.warc.gz`).
    fn offset(&self) -> u64;
}

/// A plain `.warc`.
struct Plain {
    inner: BufReader<Counted>,
    at: u64,
}

impl Read for Plain {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.at += n as u64;
        Ok(n)
    }
}

impl BufRead for Plain {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.inner.fill_buf()
    }
    fn consume(&mut self, n: usize) {
        self.at += n as u64;
        self.inner.consume(n)
    }
}

impl Source for Plain {
    fn offset(&self) -> u64 {
        self.at
    }
}

/// A `.warc.gz`: its gzip members' text, one member after another. A member of up to
/// [`MAX_RECORD`] bytes of text (every record but a huge one) is decompressed whole and its
/// checksum verified before any of it is served, so a corrupt member is skipped whole: it is
/// reported by an `InvalidData` error from `fill_buf`, and the text goes on with the next
/// member. A longer member is served as it is decompressed.
struct Members {
    /// The compressed file, between members; `None` while a long member streams.
    file: Option<BufReader<Counted>>,
    /// The long member being streamed.
    streaming: Option<flate2::bufread::GzDecoder<BufReader<Counted>>>,
    text: Vec<u8>,
    pos: usize,
    /// The file offset where the member being served starts.
    member_at: u64,
}

impl Members {
    fn new(file: BufReader<Counted>) -> Members {
        Members { file: Some(file), streaming: None, text: Vec::new(), pos: 0, member_at: 0 }
    }

    /// The offset in the file of the next compressed byte.
    fn file_offset(file: &BufReader<Counted>) -> u64 {
        file.get_ref().read.load(Ordering::Relaxed) - file.buffer().len() as u64
    }

    /// Reads the next member into `text` (or starts streaming it). `Ok(false)` at the end.
    fn next_member(&mut self) -> io::Result<bool> {
        self.text.clear();
        self.pos = 0;
        let Some(mut file) = self.file.take() else { return Ok(false) };
        if file.fill_buf()?.is_empty() {
            self.file = Some(file);
            return Ok(false);
        }
        self.member_at = Self::file_offset(&file);
        let mut decoder = flate2::bufread::GzDecoder::new(file);
        let read = (&mut decoder).take(MAX_RECORD as u64 + 1).read_to_end(&mut self.text);
        match read {
            Ok(n) if n > MAX_RECORD => {
                self.streaming = Some(decoder);
                Ok(true)
            }
            Ok(_) => {
                self.file = Some(decoder.into_inner());
                Ok(true)
            }
            Err(e) => {
                self.text.clear();
                let at = self.member_at;
                let mut file = decoder.into_inner();
                skip_to_gzip_member(&mut file, at + 1)?;
                self.file = Some(file);
                Err(corrupt_member(at, &e))
            }
        }
    }
}

fn corrupt_member(at: u64, e: &io::Error) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!("corrupt gzip member at byte {at} ({e}); skipped to the next member"),
    )
}

/// Moves `file` to the next gzip member header (`1f 8b 08`) at or after file offset `from`,
/// or to the end of the file.
fn skip_to_gzip_member(file: &mut BufReader<Counted>, from: u64) -> io::Result<()> {
    loop {
        let at = Members::file_offset(file);
        let buf = file.fill_buf()?;
        if buf.is_empty() {
            return Ok(());
        }
        let start = from.saturating_sub(at).min(buf.len() as u64) as usize;
        let found = buf[start..].windows(3).position(|w| w == [0x1f, 0x8b, 0x08]);
        match found {
            Some(i) => {
                file.consume(start + i);
                return Ok(());
            }
            // Keep the last two bytes: the magic may straddle two reads.
            None if buf.len() > 2 => {
                let n = buf.len() - 2;
                file.consume(n);
            }
            None => {
                let n = buf.len();
                file.consume(n);
            }
        }
    }
}

impl Read for Members {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        read_buffered(self, out)
    }
}

impl BufRead for Members {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        while self.pos == self.text.len() {
            if let Some(decoder) = &mut self.streaming {
                self.text.resize(1 << 16, 0);
                self.pos = 0;
                match decoder.read(&mut self.text) {
                    Ok(0) => {
                        self.text.clear();
                        self.file = self.streaming.take().map(|d| d.into_inner());
                    }
                    Ok(n) => self.text.truncate(n),
                    Err(e) => {
                        self.text.clear();
                        let at = self.member_at;
                        let mut file = self.streaming.take().expect("streaming").into_inner();
                        skip_to_gzip_member(&mut file, at + 1)?;
                        self.file = Some(file);
                        return Err(corrupt_member(at, &e));
                    }
                }
                continue;
            }
            if !self.next_member()? {
                break;
            }
        }
        Ok(&self.text[self.pos..])
    }

    fn consume(&mut self, n: usize) {
        self.pos += n;
    }
}

impl Source for Members {
    fn offset(&self) -> u64 {
        self.member_at
    }
}

/// A reader with bytes put back in front of it: after a bad record, the record's own bytes
/// where the next record may begin.
struct Pushback {
    front: Vec<u8>,
    pos: usize,
    inner: Box<dyn Source>,
    /// Corrupt gzip members passed over by [`Pushback::skip_to_record`], to be reported.
    passed: Vec<String>,
}

impl Pushback {
    fn new(inner: Box<dyn Source>) -> Self {
        Pushback { front: Vec::new(), pos: 0, inner, passed: Vec::new() }
    }

    fn offset(&self) -> u64 {
        self.inner.offset()
    }

    /// Reads next from the first line of `block` (a bad record's block) that starts a record,
    /// skipping its first byte (the bad record's own start is not one).
    fn resume_within(&mut self, block: &[u8]) {
        let start = block.windows(8).position(|w| w == b"\nWARC/1.").map(|i| i + 1);
        if let Some(start) = start {
            self.push_front(&block[start..]);
        }
    }

    /// Puts `bytes` back in front of what is still to be read.
    fn push_front(&mut self, bytes: &[u8]) {
        let mut front = bytes.to_vec();
        front.extend_from_slice(&self.front[self.pos..]);
        self.front = front;
        self.pos = 0;
    }

    /// Moves to the next line that starts with `WARC/1.` (the current position counts as a
    /// line start). `Ok(false)` at the end of the file.
    fn skip_to_record(&mut self) -> io::Result<bool> {
        const MAGIC: &[u8] = b"WARC/1.";
        let mut line_start = true;
        let mut matched = 0;
        loop {
            let buf = match self.fill_buf() {
                Ok(buf) => buf,
                // A corrupt gzip member on the way, already skipped: the next one starts a
                // record.
                Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                    self.passed.insert(0, e.to_string());
                    line_start = true;
                    matched = 0;
                    continue;
                }
                Err(e) => return Err(e),
            };
            if buf.is_empty() {
                return Ok(false);
            }
            let mut used = 0;
            for &b in buf {
                used += 1;
                if matched > 0 || line_start {
                    if b == MAGIC[matched] {
                        matched += 1;
                        if matched == MAGIC.len() {
                            self.consume(used);
                            self.push_front(MAGIC);
                            return Ok(true);
                        }
                        line_start = false;
                        continue;
                    }
                    matched = 0;
                }
                line_start = b == b'\n';
            }
            self.consume(used);
        }
    }
}

impl Read for Pushback {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        read_buffered(self, out)
    }
}

/// `Read::read` of a reader whose buffer is its own (the readers here serve text they hold).
fn read_buffered(reader: &mut impl BufRead, out: &mut [u8]) -> io::Result<usize> {
    let buf = reader.fill_buf()?;
    let n = buf.len().min(out.len());
    out[..n].copy_from_slice(&buf[..n]);
    reader.consume(n);
    Ok(n)
}

impl BufRead for Pushback {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.pos < self.front.len() {
            return Ok(&self.front[self.pos..]);
        }
        self.inner.fill_buf()
    }

    fn consume(&mut self, n: usize) {
        if self.pos < self.front.len() {
            self.pos += n;
            if self.pos >= self.front.len() {
                self.front.clear();
                self.pos = 0;
            }
        } else {
            self.inner.consume(n)
        }
    }
}
