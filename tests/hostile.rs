//! Hostile and huge inputs (issue #7): none may panic, hang, or use memory beyond a small
//! multiple of its size.
//!
//! Every case runs the CLI's path, `dana::decode` then `dana::extract`, checks that the
//! article HTML passes the safety oracle (`fuzz/src/safe_html.rs`), and measures:
//! - peak heap memory above the input, with the counting global allocator below, asserted to
//!   stay under `MAX_PEAK_PER_INPUT_BYTE` times the input size (plus a small constant for tiny
//!   inputs). The bound comes from measurement (docs/ROBUSTNESS.md): the worst case, markup
//!   that is nothing but tiny tags, costs about one token (~100 bytes of structures) per
//!   3 input bytes.
//! - wall time, printed and never asserted (the machine is shared). Linearity is shown, not
//!   asserted: the size-scaling cases run at n/4 and n and print the time and memory ratios.
//!
//! The table of docs/ROBUSTNESS.md is this test's output:
//!     cargo test --release --test hostile -- --nocapture --test-threads=1

use std::sync::Mutex;
use std::time::Instant;

use dana::{Algorithm, Options};

#[path = "../fuzz/src/safe_html.rs"]
#[allow(dead_code)]
mod safe_html;

// ---- counting allocator ----------------------------------------------------------------------

#[path = "support/counting_alloc.rs"]
#[allow(dead_code)]
mod counting_alloc;
use counting_alloc::{current, peak_since, start_peak};

/// The cases run one at a time, so that their printed times do not include each other.
static SERIAL: Mutex<()> = Mutex::new(());

// ---- the measure -----------------------------------------------------------------------------

/// Peak heap use of decode + extract may not exceed this many bytes per input byte...
const MAX_PEAK_PER_INPUT_BYTE: usize = 120;
/// ... plus this constant, for tiny inputs (empty page, a few tags).
const MAX_PEAK_CONSTANT: usize = 1 << 20;

struct Measure {
    /// The largest peak over the algorithms run, bytes above what was live before.
    peak: usize,
    /// Total wall time over the algorithms run.
    ms: f64,
    /// Bytes of article HTML of the last algorithm.
    html_len: usize,
    blocks: usize,
}

/// Decodes and extracts `bytes` with each algorithm (its own filter), checks the output, and
/// prints one row of the table.
fn run(case: &str, bytes: &[u8], algorithms: &[Algorithm]) -> Measure {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let mut m = Measure { peak: 0, ms: 0.0, html_len: 0, blocks: 0 };
    for &algorithm in algorithms {
        let options = Options {
            algorithm,
            url: Some("https://example.org/a/page.html".into()),
            ..Options::default()
        };
        let before = start_peak();
        let t = Instant::now();
        let (html, _) = dana::decode(bytes, None);
        let out = dana::extract(&html, &options);
        m.ms += t.elapsed().as_secs_f64() * 1000.0;
        m.peak = m.peak.max(peak_since(before));
        if let Err(e) = safe_html::check(&out.html) {
            panic!("{case}, {}: unsafe article HTML: {e}", algorithm.name());
        }
        assert_eq!(
            out.blocks.is_empty(),
            out.reason.is_some(),
            "{case}: a reason exactly when nothing was extracted"
        );
        m.html_len = out.html.len();
        m.blocks = out.blocks.len();
        drop(out);
        drop(html);
    }
    let limit = MAX_PEAK_PER_INPUT_BYTE * bytes.len() + MAX_PEAK_CONSTANT;
    println!(
        "| {case} | {} | {} | {:.0} | {} | {:.1} | {} |",
        bytes.len(),
        algorithms.iter().map(|a| a.name()).collect::<Vec<_>>().join(" "),
        m.ms,
        m.peak,
        m.peak as f64 / bytes.len().max(1) as f64,
        m.blocks,
    );
    assert!(
        m.peak <= limit,
        "{case}: peak {} bytes exceeds {MAX_PEAK_PER_INPUT_BYTE} x {} + {MAX_PEAK_CONSTANT}",
        m.peak,
        bytes.len()
    );
    m
}

/// Runs `make(n / 4)` and `make(n)` and prints how time and memory scale (4 means linear).
fn scaling(
    case: &str,
    n: usize,
    algorithms: &[Algorithm],
    make: impl Fn(usize) -> Vec<u8>,
) -> Measure {
    let small = make(n / 4);
    let a = run(&format!("{case} (n/4)"), &small, algorithms);
    drop(small);
    let big = make(n);
    let b = run(case, &big, algorithms);
    println!(
        "|   {case}: n/4 -> n: time x{:.1}, peak memory x{:.1}, output x{:.1} |",
        b.ms / a.ms.max(0.001),
        b.peak as f64 / a.peak.max(1) as f64,
        b.html_len as f64 / a.html_len.max(1) as f64
    );
    b
}

const ALL: [Algorithm; 4] = Algorithm::ALL;
const DEFAULT: [Algorithm; 1] = [Algorithm::Addanag];

/// A deterministic generator (no dependency): 64-bit LCG.
struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0 >> 16
    }
}

/// A realistic article page of about `size` bytes: navigation, scripts, paragraphs with links,
/// lists, images, a footer; `sep` between elements ("\n" or "" for a one-line page).
fn article_page(size: usize, sep: &str) -> Vec<u8> {
    let mut s = String::with_capacity(size + 4096);
    s.push_str(
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>A long page</title>",
    );
    s.push_str("<script>var analytics = {id: 1, track: function () { return '<p>'; }};</script></head><body>");
    s.push_str(sep);
    let mut i = 0usize;
    while s.len() < size {
        i += 1;
        let piece = match i % 10 {
            0 => format!("<nav><ul><li><a href=\"/s/{i}\">Section {i}</a></li><li><a href=\"/t/{i}\">Topic</a></li></ul></nav>"),
            1 => format!("<h2>Chapter {i}</h2>"),
            2 => format!("<figure><img src=\"/img/{i}.jpg\" alt=\"Picture {i}\"><figcaption>Caption {i}</figcaption></figure>"),
            3 => "<script>window.x = (window.x || 0) + 1; if (x < 3) { document.title = 'y'; }</script>".to_string(),
            4 => format!("<ul><li>Item one of {i}</li><li>Item two, <em>emphasised</em></li></ul>"),
            _ => format!(
                "<p>Paragraph {i} of the article says something long enough to be content, with \
                 <a href=\"https://example.org/ref/{i}\">a reference</a> and <b>bold</b> words, \
                 قال الوزير إن الحكومة ستبدأ تنفيذ المشروع.</p>"
            ),
        };
        s.push_str(&piece);
        s.push_str(sep);
    }
    s.push_str("<footer>Copyright</footer></body></html>");
    s.into_bytes()
}

// ---- the cases -------------------------------------------------------------------------------

#[test]
fn empty_file() {
    let m = run("empty file", b"", &ALL);
    assert_eq!(m.blocks, 0);
}

#[test]
fn whitespace_only_and_bom_only() {
    run("whitespace only", b" \n\t\r\n  ", &ALL);
    run("UTF-8 BOM only", b"\xef\xbb\xbf", &ALL);
    run("UTF-16 BOM only", b"\xff\xfe", &ALL);
}

#[test]
fn binary_junk() {
    let mut r = Lcg(7);
    let junk: Vec<u8> = (0..2 << 20).map(|_| r.next() as u8).collect();
    run("binary junk (2 MiB random bytes)", &junk, &ALL);
    // Junk that is mostly markup characters: deep in the tokenizer's states.
    let alphabet = b"<>/=\"'!-&#;ap \n\x00\xd8\xb3";
    let markup: Vec<u8> =
        (0..2 << 20).map(|_| alphabet[(r.next() % alphabet.len() as u64) as usize]).collect();
    run("markup junk (2 MiB of < > / = \" ' ! - & # ; a p NUL)", &markup, &ALL);
}

#[test]
fn invalid_utf8_and_mixed_encodings() {
    let mut page = b"<html><body><p>".to_vec();
    for _ in 0..10_000 {
        page.extend_from_slice("سلام دنیا ".as_bytes()); // UTF-8
        page.extend_from_slice(b"\xd3\xe1\xc7\xe3 "); // windows-1256
        page.extend_from_slice(b"\x80\xbf \xc0\xaf \xed\xa0\x80 \xf8\x88\x80\x80\x80 \xff "); // invalid UTF-8
        page.extend_from_slice(
            &"héllo ".encode_utf16().flat_map(u16::to_le_bytes).collect::<Vec<_>>(),
        ); // UTF-16
        page.extend_from_slice(b"caf\xe9 </p><p>");
    }
    page.extend_from_slice(b"</p></body></html>");
    let m = run("invalid UTF-8 and mixed encodings", &page, &ALL);
    assert!(m.blocks > 0, "mixed-encoding text is still text");
    // The same bytes after a declaration of windows-1256.
    let mut declared = b"<meta charset=\"windows-1256\">".to_vec();
    declared.extend_from_slice(&page);
    run("mixed encodings, declared windows-1256", &declared, &ALL);
    let (text, enc) = dana::decode(&declared, None);
    assert_eq!(enc, "windows-1256");
    assert!(text.contains("سلام"), "the windows-1256 bytes decode to Arabic");
}

#[test]
fn nul_bytes() {
    let mut page = Vec::new();
    for i in 0..20_000 {
        page.extend_from_slice(format!("<p>word{i}\0 and\0\0 more text of the paragraph</p>\0<\0p>\n<a href=\"/x\0y\">l\0</a>").as_bytes());
    }
    let m = run("NUL bytes (in text, tags, attributes)", &page, &ALL);
    assert!(m.blocks > 0);
    run("NUL bytes only (1 MiB)", &vec![0u8; 1 << 20], &ALL);
}

#[test]
fn page_of_50_mb() {
    // One size only (the time scaling is shown on the 20 MB cases): the whole test is meant to
    // stay around a minute.
    let m = run("50 MB page", &article_page(50_000_000, "\n"), &DEFAULT);
    assert!(m.blocks > 100, "a long article is extracted");
}

#[test]
fn one_line_of_20_mb() {
    let m = run("one line of 20 MB (minified page)", &article_page(20_000_000, ""), &DEFAULT);
    assert!(m.blocks > 100);
    // One text node of 20 MB: a single normalised line.
    scaling("one text node of 20 MB", 20_000_000, &DEFAULT, |n| {
        let mut s = b"<html><body><p>".to_vec();
        s.extend(b"lorem ipsum dolor sit amet ".iter().cycle().take(n));
        s.extend_from_slice(b"</p></body></html>");
        s
    });
}

#[test]
fn a_million_short_lines() {
    let m = scaling("a million short lines", 1_000_000, &DEFAULT, |n| {
        let mut s = Vec::with_capacity(n * 16);
        for i in 0..n {
            s.extend_from_slice(if i % 2 == 0 {
                b"<p>a short line</p>\n"
            } else {
                b"a line of text<br>\n"
            });
        }
        s
    });
    assert!(m.blocks > 0);
    // Plain lines without any tag: one normalised line for the engine.
    run("a million short lines, no tags", &b"short line\n".repeat(1_000_000), &ALL);
    run(
        "a million short lines, R2L",
        &b"<p>a short line</p>\n".repeat(1_000_000),
        &[Algorithm::R2l],
    );
}

#[test]
fn nested_100_000_elements() {
    let depth = 100_000;
    scaling("100 000 nested div", depth, &ALL, |n| {
        format!("{}<p>deep text of the page</p>{}", "<div>".repeat(n), "</div>".repeat(n))
            .into_bytes()
    });
    scaling("100 000 nested div, text at every level", depth, &ALL, |n| {
        format!("{}{}", "<div>text at this level ".repeat(n), "</div>".repeat(n)).into_bytes()
    });
    scaling("100 000 nested ul/li with text", depth, &ALL, |n| {
        format!("{}{}", "<ul><li>item text ".repeat(n / 2), "</li></ul>".repeat(n / 2)).into_bytes()
    });
    scaling("100 000 nested inline b/i/a", depth, &ALL, |n| {
        let mut s = String::from("<p>");
        for i in 0..n {
            s.push_str(["<b>x ", "<i>y ", "<a href=\"/z\">z "][i % 3]);
        }
        s.into_bytes()
    });
    scaling("100 000 unclosed p (never nested, never closed)", depth, &ALL, |n| {
        "<p>para text ".repeat(n).into_bytes()
    });
    scaling("50 000 open b, then 50 000 stray </i>", depth, &ALL, |n| {
        format!("<p>{}{}</p>", "<b>bold ".repeat(n / 2), "</i>".repeat(n / 2)).into_bytes()
    });
    scaling("50 000 open b, then 50 000 links", depth, &ALL, |n| {
        format!("<p>{}{}</p>", "<b>bold ".repeat(n / 2), "<a href=\"/l\">link ".repeat(n / 2))
            .into_bytes()
    });
}

/// Regression (found by `nested_100_000_elements`, fixed by bounding the block builder's
/// open-element stack, `settings::pipeline::MAX_DEPTH`): 100 000 nested elements took 65 to
/// 170 s, time growing 17-fold for 4 times the depth. Deep text is still extracted.
#[test]
fn deep_nesting_still_gives_the_deep_text() {
    let page = format!(
        "{}<p>the deep paragraph of the page, long enough</p>{}",
        "<div>".repeat(100_000),
        "</div>".repeat(100_000)
    );
    for algorithm in [Algorithm::Danag, Algorithm::Addanag] {
        let out = dana::extract(&page, &Options { algorithm, ..Options::default() });
        assert!(out.text.contains("the deep paragraph"), "{}: {:?}", algorithm.name(), out.text);
    }
    // Deeper than the bound: the item's text is still there (read as a paragraph).
    let lists = format!(
        "{}<li>a deep item, with enough text to outweigh its tags</li>{}",
        "<ul>".repeat(2000),
        "</ul>".repeat(2000)
    );
    let out = dana::extract(&lists, &Options { algorithm: Algorithm::Danag, ..Options::default() });
    assert!(out.text.contains("a deep item"), "{:?}", out.text);
}

#[test]
fn unclosed_tags_and_comments() {
    let body = "<p>Some paragraph text that counts as content.</p>\n".repeat(10_000);
    let cases: Vec<(&str, String)> = vec![
        ("unclosed comment at the start", format!("<!-- {body}")),
        ("unclosed comment in the middle", format!("{body}<!-- {body}")),
        ("unclosed script", format!("{body}<script>{body}")),
        ("unclosed title", format!("<title>{body}")),
        ("unclosed textarea", format!("{body}<textarea>{body}")),
        ("unclosed attribute value", format!("{body}<p title=\"{body}")),
        ("unclosed tag (no >)", format!("{body}<div class=x {body}")),
        ("unclosed CDATA and doctype", format!("<!DOCTYPE html {body}<![CDATA[{body}")),
        ("100 000 unclosed anchors", "<a href=\"/x\">anchor text ".repeat(100_000)),
        (
            "100 000 stray end tags",
            format!("{}<p>text</p>{}", "</div></a></p>".repeat(50_000), "</li></b>".repeat(50_000)),
        ),
        ("plaintext swallows the rest", format!("<p>x</p><plaintext>{body}")),
    ];
    for (name, page) in cases {
        run(name, page.as_bytes(), &ALL);
    }
}

#[test]
fn all_script() {
    let js = "function f(a, b) { if (a < b) { return '<p>' + a + '</p>'; } return \"</div>\"; }\n";
    let one = format!("<script>{}</script>", js.repeat(100_000));
    let m = run("one script of 8 MB", one.as_bytes(), &ALL);
    assert_eq!(m.blocks, 0, "script is never content");
    let many = format!("<script>{js}</script>\n").repeat(100_000);
    let m = run("100 000 scripts", many.as_bytes(), &ALL);
    assert_eq!(m.blocks, 0);
    let styled = format!(
        "<style>{}</style><noscript>{}</noscript>",
        "p { color: red }\n".repeat(100_000),
        js.repeat(1000)
    );
    run("styles and noscript only", styled.as_bytes(), &ALL);
}

#[test]
fn the_allocator_counts() {
    // Guards the measure itself: a test whose meter reads zero could never fail.
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let before = start_peak();
    let v = vec![1u8; 10 << 20];
    assert!(peak_since(before) >= 10 << 20);
    drop(v);
    assert!(current() <= before + 4096);
}
