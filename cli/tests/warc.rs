//! `dana extract --warc`: which records are read, what a line holds, and that a bad record
//! (truncated, corrupt gzip member, malformed, too large) costs that record only, that the
//! output file appears whole or not at all, and that the records in flight are bounded.
//! The WARCs are written here from hand-written pages.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use dana_cli::batch::{Batch, Outcome};
use serde_json::Value;

fn dana() -> Command {
    Command::new(env!("CARGO_BIN_EXE_dana"))
}

/// A fresh, empty directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("warc-{name}"));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// One WARC record with the block given.
fn record(kind: &str, id: &str, uri: &str, block: &[u8]) -> Vec<u8> {
    let mut r = format!(
        "WARC/1.1\r\nWARC-Type: {kind}\r\nWARC-Record-ID: <urn:test:{id}>\r\n\
         WARC-Date: 2026-11-28T12:00:00Z\r\nWARC-Target-URI: {uri}\r\n\
         Content-Type: application/http; msgtype={kind}\r\nContent-Length: {}\r\n\r\n",
        block.len()
    )
    .into_bytes();
    r.extend_from_slice(block);
    r.extend_from_slice(b"\r\n\r\n");
    r
}

/// An HTTP response with the content type and body given.
fn http(content_type: &str, body: &[u8]) -> Vec<u8> {
    let mut r = format!(
        "HTTP/1.1 200 OK\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n\r\n",
        body.len()
    )
    .into_bytes();
    r.extend_from_slice(body);
    r
}

/// A page whose article is `words` (enough text for the engine to find it).
fn page(title: &str, words: &str) -> Vec<u8> {
    let para = format!("<p>{words} {words} {words} {words} {words} {words} {words} {words}.</p>");
    format!(
        "<!doctype html><html><head><title>{title}</title></head><body>\
         <nav><a href=/a>Home</a> <a href=/b>About</a></nav><article><h1>{title}</h1>\
         {para}{para}{para}</article><footer>Copyright</footer></body></html>"
    )
    .into_bytes()
}

fn response(id: &str, title: &str, words: &str) -> Vec<u8> {
    let uri = format!("https://example.org/{id}");
    record("response", id, &uri, &http("text/html; charset=utf-8", &page(title, words)))
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(bytes).unwrap();
    gz.finish().unwrap()
}

/// Writes the records to `name`, one gzip member each when it ends in `.gz`.
fn write_warc(dir: &Path, name: &str, records: &[Vec<u8>]) -> PathBuf {
    let path = dir.join(name);
    let bytes: Vec<u8> = if name.ends_with(".gz") {
        records.iter().flat_map(|r| gzip(r)).collect()
    } else {
        records.concat()
    };
    fs::write(&path, bytes).unwrap();
    path
}

fn run(args: &[&Path]) -> Output {
    let mut cmd = dana();
    cmd.arg("extract").arg("--threads").arg("2").arg("--warc");
    cmd.args(args).output().expect("dana runs")
}

fn lines(o: &Output) -> Vec<Value> {
    String::from_utf8(o.stdout.clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

fn ids(lines: &[Value]) -> Vec<String> {
    lines.iter().map(|l| l["WARC-Record-ID"].as_str().unwrap().to_string()).collect()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Five records: two pages, a request, a non-HTML response, a metadata record.
fn mixed() -> Vec<Vec<u8>> {
    vec![
        record(
            "request",
            "q1",
            "https://example.org/p1",
            b"GET /p1 HTTP/1.1\r\nHost: example.org\r\n\r\n",
        ),
        response("p1", "Otters at play", "Otters hold hands while they sleep in the kelp"),
        record(
            "response",
            "img",
            "https://example.org/i.png",
            &http("image/png", b"\x89PNG\r\n\x1a\nxx"),
        ),
        record("metadata", "m1", "https://example.org/p1", b"fetchTimeMs: 12\r\n"),
        response("p2", "Herons in winter", "Grey herons stand still for hours by the frozen river"),
    ]
}

#[test]
fn html_responses_become_lines_in_order_from_plain_and_gzip() {
    let dir = scratch("mixed");
    let plain = run(&[&write_warc(&dir, "a.warc", &mixed())]);
    let gz = run(&[&write_warc(&dir, "a.warc.gz", &mixed())]);
    for o in [&plain, &gz] {
        assert!(o.status.success(), "{}", stderr(o));
        assert_eq!(stderr(o), "", "nothing to report");
    }
    assert_eq!(plain.stdout, gz.stdout, "gzip or not, the same lines");
    let lines = lines(&plain);
    assert_eq!(ids(&lines), ["<urn:test:p1>", "<urn:test:p2>"]);
    let first = &lines[0];
    // The keys in this order (serde_json's map would sort them): read them off the text.
    let raw = String::from_utf8(plain.stdout.clone()).unwrap();
    let raw = raw.lines().next().unwrap();
    let mut keys: Vec<(usize, &str)> = first
        .as_object()
        .unwrap()
        .keys()
        .map(|k| (raw.find(&format!("\"{k}\":")).unwrap(), k.as_str()))
        .collect();
    keys.sort();
    let keys: Vec<&str> = keys.into_iter().map(|(_, k)| k).collect();
    assert_eq!(
        keys,
        [
            "WARC-Record-ID",
            "WARC-Target-URI",
            "WARC-Date",
            "title",
            "text",
            "lang",
            "dir",
            "byline",
            "published",
            "readerable"
        ]
    );
    assert_eq!(first["WARC-Target-URI"], "https://example.org/p1");
    assert_eq!(first["WARC-Date"], "2026-11-28T12:00:00Z");
    assert_eq!(first["title"], "Otters at play");
    assert!(first["text"].as_str().unwrap().contains("Otters hold hands"));
    assert!(!first["text"].as_str().unwrap().contains("Copyright"));
    assert!(lines[1]["text"].as_str().unwrap().contains("Grey herons"));
}

/// The HTTP charset reaches the engine's decoding: a windows-1256 page without a `<meta>`
/// charset reads as Arabic only with it.
#[test]
fn the_http_charset_decodes_the_page() {
    let dir = scratch("charset");
    let words = "مرحبا بكم في الصفحة الرئيسية للأخبار العربية اليوم";
    let html = String::from_utf8(page("خبر", words)).unwrap();
    let (bytes, _, _) = encoding_rs::WINDOWS_1256.encode(&html);
    let with = record(
        "response",
        "ar",
        "https://example.org/ar",
        &http("text/html; charset=windows-1256", &bytes),
    );
    let without = record("response", "ar2", "https://example.org/ar2", &http("text/html", &bytes));
    let o = run(&[&write_warc(&dir, "ar.warc", &[with, without])]);
    let lines = lines(&o);
    assert!(lines[0]["text"].as_str().unwrap().contains("مرحبا بكم"), "{}", lines[0]["text"]);
    assert_eq!(lines[0]["dir"], "rtl");
    assert!(!lines[1]["text"].as_str().unwrap().contains("مرحبا"), "no charset: windows-1252");
}

#[test]
fn a_record_truncated_at_the_end_costs_that_record() {
    let dir = scratch("truncated-end");
    let mut records = mixed();
    let last = records.last_mut().unwrap();
    last.truncate(last.len() - 200);
    for name in ["t.warc", "t.warc.gz"] {
        let o = run(&[&write_warc(&dir, name, &records)]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(ids(&lines(&o)), ["<urn:test:p1>"], "{name}");
        let err = stderr(&o);
        assert!(err.contains("<urn:test:p2>") && err.contains("truncated"), "{name}: {err}");
        assert!(err.contains("1 pages written, 1 bad records skipped"), "{name}: {err}");
    }
}

/// A record cut short in the middle of a plain WARC: its Content-Length runs into the next
/// record, which is still read.
#[test]
fn a_record_truncated_in_the_middle_costs_that_record() {
    let dir = scratch("truncated-middle");
    let mut cut = response("p0", "Cut short", "This record lost its end on the way to the disk");
    cut.truncate(cut.len() - 300);
    let mut records = vec![cut];
    records.extend(mixed());
    let o = run(&[&write_warc(&dir, "m.warc", &records)]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(ids(&lines(&o)), ["<urn:test:p1>", "<urn:test:p2>"]);
    let err = stderr(&o);
    assert!(err.contains("<urn:test:p0>") && err.contains("Content-Length"), "{err}");
}

#[test]
fn a_corrupt_gzip_member_costs_that_record() {
    let dir = scratch("corrupt");
    let members: Vec<Vec<u8>> = mixed().iter().map(|r| gzip(r)).collect();
    for damage in ["deflate", "crc"] {
        let mut bytes = Vec::new();
        for (i, m) in members.iter().enumerate() {
            let mut m = m.clone();
            if i == 1 {
                // The record p1: a byte inside its deflate data, or its checksum.
                let at = if damage == "deflate" { m.len() / 2 } else { m.len() - 6 };
                m[at] ^= 0x55;
            }
            bytes.extend(m);
        }
        let path = dir.join(format!("{damage}.warc.gz"));
        fs::write(&path, bytes).unwrap();
        let o = run(&[&path]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(ids(&lines(&o)), ["<urn:test:p2>"], "{damage}");
        let err = stderr(&o);
        assert!(err.contains("corrupt gzip member"), "{damage}: {err}");
        assert_eq!(err.lines().count(), 2, "one report and the summary: {err}");
    }
}

#[test]
fn garbage_and_a_malformed_header_cost_their_stretch_only() {
    let dir = scratch("garbage");
    let mut records = mixed();
    records.insert(0, b"this is not a WARC record\r\nat all\r\n\r\n".to_vec());
    records.insert(3, b"WARC/1.1\r\nWARC-Type: response\r\nContent-Length: x\r\n\r\n".to_vec());
    let o = run(&[&write_warc(&dir, "g.warc", &records)]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(ids(&lines(&o)), ["<urn:test:p1>", "<urn:test:p2>"]);
    assert!(stderr(&o).contains("bad records skipped"), "{}", stderr(&o));
}

/// A record over the limit is skipped without being read into memory, gzipped (a member
/// streamed, not held) or not.
#[test]
fn a_huge_record_is_skipped() {
    let dir = scratch("huge");
    let mut body = b"<html><body><p>".to_vec();
    body.resize(dana_cli::warc::MAX_RECORD + 1000, b'x');
    let huge = record("response", "huge", "https://example.org/huge", &http("text/html", &body));
    let mut records = mixed();
    records.insert(2, huge);
    for name in ["h.warc", "h.warc.gz"] {
        let o = run(&[&write_warc(&dir, name, &records)]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(ids(&lines(&o)), ["<urn:test:p1>", "<urn:test:p2>"], "{name}");
        let err = stderr(&o);
        assert!(err.contains("<urn:test:huge>") && err.contains("MiB"), "{name}: {err}");
    }
}

#[test]
fn the_output_file_is_whole_or_absent() {
    let dir = scratch("atomic");
    let warc = write_warc(&dir, "a.warc.gz", &mixed());
    let out = dir.join("out.jsonl.gz");
    let o = dana().args(["extract", "--warc"]).arg(&warc).arg("--out").arg(&out).output().unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let mut text = String::new();
    std::io::Read::read_to_string(
        &mut flate2::read::GzDecoder::new(fs::File::open(&out).unwrap()),
        &mut text,
    )
    .unwrap();
    assert_eq!(text.lines().count(), 2);

    // A failed run leaves the old output as it was and no temporary file.
    let o = dana()
        .args(["extract", "--warc"])
        .arg(dir.join("missing.warc"))
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    let entries = |d: &Path| fs::read_dir(d).unwrap().count();
    assert_eq!(entries(&dir), 2, "a.warc.gz and out.jsonl.gz only");

    // Killed while writing: no output file, only the hidden temporary one.
    let many: Vec<Vec<u8>> = (0..3000)
        .map(|i| {
            response(
                &format!("n{i}"),
                "Many pages",
                &format!("Page number {i} of a long crawl about rivers"),
            )
        })
        .collect();
    let big = write_warc(&dir, "big.warc", &many);
    let killed = dir.join("killed.jsonl");
    let mut child = dana()
        .args(["extract", "--threads", "1", "--warc"])
        .arg(&big)
        .arg("--out")
        .arg(&killed)
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    let tmp_seen = loop {
        let tmp = fs::read_dir(&dir)
            .unwrap()
            .any(|e| e.unwrap().file_name().to_string_lossy().starts_with(".killed"));
        if tmp || start.elapsed() > Duration::from_secs(20) {
            break tmp;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let running = child.try_wait().unwrap().is_none();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(tmp_seen && running, "killed while writing");
    assert!(!killed.exists(), "no partial output under the output's name");
}

/// The reader stops when the records in flight are not taken: memory does not grow with the
/// file, however far behind the consumer is.
#[test]
fn records_in_flight_are_bounded() {
    let dir = scratch("bounded");
    let records: Vec<Vec<u8>> = (0..2000)
        .map(|i| {
            response(
                &format!("b{i}"),
                "Bounded",
                &format!("Record {i} of a file read as fast as it is used"),
            )
        })
        .collect();
    let record_len = records[0].len() as u64;
    let path = write_warc(&dir, "b.warc", &records);
    let size = fs::metadata(&path).unwrap().len();
    let mut batch = Batch::start(&path, &dana::Options::default(), 1).unwrap();
    let read = batch.bytes_read();
    std::thread::sleep(Duration::from_millis(500));
    let held = read.load(std::sync::atomic::Ordering::Relaxed);
    // In flight, the channel's place, the reader's buffer (64 KiB) and the record it holds.
    let bound = (Batch::in_flight(1) as u64 + 3) * record_len + (64 << 10);
    assert!(held <= bound, "read {held} bytes of {size} while nothing was taken (bound {bound})");
    assert!(size > 4 * bound, "the file is much larger than the bound");
    let mut pages = 0;
    for outcome in batch.by_ref() {
        assert!(matches!(outcome, Outcome::Line(_)));
        pages += 1;
    }
    assert_eq!(pages, 2000);
    assert_eq!(read.load(std::sync::atomic::Ordering::Relaxed), size);
}

#[test]
fn warc_arguments_are_checked() {
    let dir = scratch("args");
    let warc = write_warc(&dir, "a.warc", &mixed());
    for (extra, what) in [
        (&["page.html"][..], "--warc cannot be used with FILE arguments"),
        (&["--url", "https://example.org/"], "--warc cannot be used with --url"),
        (&["--format", "text"], "--warc cannot be used with --format"),
        (&["--threads", "0"], "invalid value '0' for --threads"),
    ] {
        let o = dana().args(["extract", "--warc"]).arg(&warc).args(extra).output().unwrap();
        assert_eq!(o.status.code(), Some(2), "{extra:?}");
        assert!(stderr(&o).contains(what), "{extra:?}: {}", stderr(&o));
    }
    let o = dana().args(["extract", "--out", "x.jsonl", "page.html"]).output().unwrap();
    assert!(stderr(&o).contains("--out goes with --warc FILE"), "{}", stderr(&o));
    let o =
        dana().args(["extract", "--gap", "3", "--thesis", "--warc"]).arg(&warc).output().unwrap();
    assert!(o.status.success(), "options apply to every record: {}", stderr(&o));
}
