//! Invariance tests: the same page written differently must give the same text.
//!
//! For a fixed set of real corpus pages (from `DANA_CORPUS`, default `<repo>/../shared/corpus`)
//! and every algorithm (with the default options and with `Options::thesis`), four variants
//! of each page are extracted and compared with the original:
//!
//! - **minified**: whitespace-only text next to a block boundary removed, text trimmed at
//!   block boundaries, every other run of whitespace collapsed to one space;
//! - **pretty-printed**: a newline and indentation before every tag where that cannot change
//!   the rendered text (before and after block-level tags, and in place of whitespace that
//!   already stands before a tag);
//! - **CRLF**: every line ending `\r\n`;
//! - **BOM**: the page as UTF-8 with a byte-order mark in front.
//!
//! The transformations must not change what a browser shows, or a failure would be the test's
//! fault. So they work on the page's own tokenization (html5gum, the engine's tokenizer, with
//! its source spans): bytes outside the text tokens are copied verbatim, nothing inside
//! `pre`/`listing`/`textarea` or raw text (`script`, `style`, `title`, ...) is touched, and no
//! whitespace is removed or added between two inline pieces (that would join or split words).
//! [`same_tokens`] then checks every variant against the original: the same tags with the same
//! attributes, the same comments, and the same text up to whitespace (exactly the same inside
//! `pre` and raw text).
//!
//! Pages missing from the corpus are skipped with a note; the test fails when fewer than half
//! of them are present. `DANA_INVARIANCE_ALL=1 cargo test --release --test invariance` runs
//! the same checks on every page of every set.

use std::path::PathBuf;

use dana::{Algorithm, Options};
use html5gum::{DefaultEmitter, Token, Tokenizer};

/// The pages: five per English set, every page of the r2l set.
const PAGES: &[(&str, &str)] = &[
    ("cleaneval", "dev-17"),
    ("cleaneval", "dev-59"),
    ("cleaneval", "final-144"),
    ("cleaneval", "final-493"),
    ("cleaneval", "final-759"),
    ("cleanportaleval", "bbc.co.uk_news_10"),
    ("cleanportaleval", "blogs.wsj.com_brussels_03"),
    ("cleanportaleval", "tv.msnbc.com_news_02"),
    ("cleanportaleval", "tv.msnbc.com_news_27"),
    ("cleanportaleval", "washingtonpost.com_blog2_1"),
    ("dragnet", "137"),
    ("dragnet", "236"),
    ("dragnet", "R47"),
    ("dragnet", "R711"),
    ("dragnet", "T60"),
    ("readability", "001"),
    ("readability", "ars-1"),
    ("readability", "gitlab-blog"),
    ("readability", "ietf-1"),
    ("readability", "webmd-1"),
    ("r2l", "ar-akhbarelyom"),
    ("r2l", "ar-almadenahnews"),
    ("r2l", "ar-assabah"),
    ("r2l", "ar-cnnarabic"),
    ("r2l", "ar-lbcgroup"),
    ("r2l", "ar-youm7"),
    ("r2l", "fa-khabaronline"),
    ("r2l", "ur-naibaat"),
];

#[path = "support/corpus.rs"]
mod corpus;
use corpus::corpus_dir;

/// The decoded pages that are present, by name; fails when fewer than half are. With
/// `DANA_INVARIANCE_ALL=1`, every page of every set instead (minutes, not for CI).
fn load_pages() -> Vec<(String, String)> {
    if std::env::var_os("DANA_INVARIANCE_ALL").is_some_and(|v| v == "1") {
        return corpus::every_page();
    }
    let dir = corpus_dir();
    let mut pages = Vec::new();
    for (set, id) in PAGES {
        let path = dir.join(set).join("pages").join(format!("{id}.html"));
        match std::fs::read(&path) {
            Ok(bytes) => pages.push((format!("{set}/{id}"), dana::decode(&bytes, None).0)),
            Err(e) => eprintln!("note: skipping {}: {e}", path.display()),
        }
    }
    assert!(
        pages.len() * 2 >= PAGES.len(),
        "only {} of the {} invariance pages found under {} (set DANA_CORPUS)",
        pages.len(),
        PAGES.len(),
        dir.display()
    );
    pages
}

// ---- the page's tokens with their source spans ------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// A start tag; `block` when its element starts a block box (see [`is_block`]).
    Start {
        block: bool,
    },
    End {
        block: bool,
    },
    /// Text outside raw text and `pre`-like elements: its whitespace may change.
    Text,
    /// Text whose every character counts (inside `pre`, `textarea`, `script`, `title`, ...).
    FixedText,
    /// Comments, doctypes and bytes the tokenizer dropped (`</>`, an unfinished tag at EOF).
    Other,
}

#[derive(Clone, Debug)]
struct Piece<'a> {
    kind: Kind,
    src: &'a str,
    /// Lowercase tag name for tags.
    name: String,
    /// Whether the piece starts inside raw text or a `pre`-like element, where whitespace
    /// inserted before it would become content (true for the end tag that closes them).
    fixed: bool,
}

/// Elements that generate a block box (or a line break), so whitespace next to their tags is
/// never rendered. Elements that render nothing (`script`, `style`, `meta`, ...) are not
/// here: whitespace on both sides of them still separates words.
fn is_block(name: &str) -> bool {
    matches!(
        name,
        "address"
            | "article"
            | "aside"
            | "blockquote"
            | "body"
            | "br"
            | "caption"
            | "center"
            | "dd"
            | "details"
            | "dialog"
            | "dir"
            | "div"
            | "dl"
            | "dt"
            | "fieldset"
            | "figcaption"
            | "figure"
            | "footer"
            | "form"
            | "frameset"
            | "h1"
            | "h2"
            | "h3"
            | "h4"
            | "h5"
            | "h6"
            | "head"
            | "header"
            | "hgroup"
            | "hr"
            | "html"
            | "legend"
            | "li"
            | "listing"
            | "main"
            | "menu"
            | "nav"
            | "ol"
            | "p"
            | "pre"
            | "section"
            | "summary"
            | "table"
            | "tbody"
            | "td"
            | "tfoot"
            | "th"
            | "thead"
            | "tr"
            | "ul"
            | "xmp"
    )
}

/// Elements whose content html5gum reads as raw text with `naively_switch_states`, as the
/// engine tokenizes (html5gum's `naive_next_state`; its list says `noframe`, not `noframes`).
fn is_raw_text(name: &str) -> bool {
    matches!(
        name,
        "script"
            | "style"
            | "title"
            | "textarea"
            | "xmp"
            | "iframe"
            | "noembed"
            | "noframe"
            | "noscript"
            | "plaintext"
    )
}

/// Elements inside which whitespace is rendered as written.
fn keeps_whitespace(name: &str) -> bool {
    matches!(name, "pre" | "listing" | "textarea")
}

fn is_void(name: &str) -> bool {
    matches!(
        name,
        "area"
            | "base"
            | "br"
            | "col"
            | "embed"
            | "hr"
            | "img"
            | "input"
            | "link"
            | "meta"
            | "source"
            | "track"
            | "wbr"
    )
}

fn tokenizer(html: &str) -> Tokenizer<html5gum::StringReader<'_>, DefaultEmitter<usize>> {
    let mut emitter = DefaultEmitter::<usize>::new_with_span();
    emitter.naively_switch_states(true);
    Tokenizer::new_with_emitter(html, emitter)
}

/// Splits `html` into pieces that cover it exactly, in order.
fn pieces(html: &str) -> Vec<Piece<'_>> {
    let mut out = Vec::new();
    let mut pos = 0;
    let mut raw: Option<String> = None;
    let mut pre_depth = 0usize;
    for token in tokenizer(html).flatten() {
        let (span, kind, name) = match &token {
            Token::StartTag(t) => {
                let name = String::from_utf8_lossy(&t.name).into_owned();
                (t.span, Kind::Start { block: is_block(&name) }, name)
            }
            Token::EndTag(t) => {
                let name = String::from_utf8_lossy(&t.name).into_owned();
                (t.span, Kind::End { block: is_block(&name) }, name)
            }
            Token::String(s) => (
                s.span,
                if raw.is_some() || pre_depth > 0 { Kind::FixedText } else { Kind::Text },
                String::new(),
            ),
            Token::Comment(c) => (c.span, Kind::Other, String::new()),
            Token::Doctype(d) => (d.span, Kind::Other, String::new()),
            Token::Error(_) => continue,
        };
        let fixed = raw.is_some() || pre_depth > 0;
        if span.start > pos {
            out.push(Piece {
                kind: Kind::Other,
                src: &html[pos..span.start],
                name: String::new(),
                fixed,
            });
        }
        let start = span.start.max(pos);
        if span.end > start {
            out.push(Piece { kind, src: &html[start..span.end], name: name.clone(), fixed });
        }
        pos = pos.max(span.end);
        match kind {
            Kind::Start { .. } if raw.is_none() => {
                if is_raw_text(&name) {
                    raw = Some(name);
                } else if keeps_whitespace(&name) {
                    pre_depth += 1;
                }
            }
            Kind::End { .. } => {
                if raw.as_deref() == Some(name.as_str()) {
                    raw = None;
                } else if raw.is_none() && keeps_whitespace(&name) {
                    pre_depth = pre_depth.saturating_sub(1);
                }
            }
            _ => {}
        }
    }
    if pos < html.len() {
        let fixed = raw.is_some() || pre_depth > 0;
        out.push(Piece { kind: Kind::Other, src: &html[pos..], name: String::new(), fixed });
    }
    out
}

fn is_html_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r' | '\x0c')
}

fn collapse(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut space = false;
    for c in s.chars() {
        if is_html_space(c) {
            space = true;
        } else {
            if space {
                out.push(' ');
                space = false;
            }
            out.push(c);
        }
    }
    if space {
        out.push(' ');
    }
    out
}

fn is_block_tag(p: Option<&Piece>) -> bool {
    matches!(p.map(|p| p.kind), Some(Kind::Start { block: true } | Kind::End { block: true }))
}

// ---- the transformations ----------------------------------------------------------------------

/// Whitespace between tags removed where it is not rendered, other runs collapsed.
fn minify(html: &str) -> String {
    let ps = pieces(html);
    let mut out = String::with_capacity(html.len());
    for (i, p) in ps.iter().enumerate() {
        if p.kind != Kind::Text {
            out.push_str(p.src);
            continue;
        }
        let mut text = collapse(p.src);
        // Whitespace right after or before a block boundary is never rendered.
        if is_block_tag(i.checked_sub(1).and_then(|j| ps.get(j))) && text.starts_with(' ') {
            text.remove(0);
        }
        if is_block_tag(ps.get(i + 1)) && text.ends_with(' ') {
            text.pop();
        }
        out.push_str(&text);
    }
    out
}

/// A newline and indentation before every tag where it cannot change the rendered text: before
/// and after block-level tags, and in place of whitespace that already stands before a tag;
/// never inside raw text or `pre`.
fn pretty(html: &str) -> String {
    let ps = pieces(html);
    let mut out = String::with_capacity(html.len() * 2);
    let mut depth = 0usize;
    for (i, p) in ps.iter().enumerate() {
        let is_tag = matches!(p.kind, Kind::Start { .. } | Kind::End { .. });
        if let Kind::End { .. } = p.kind {
            depth = depth.saturating_sub(1);
        }
        if is_tag && !p.fixed {
            let prev = i.checked_sub(1).and_then(|j| ps.get(j));
            let space_before =
                matches!(prev.map(|p| p.kind), Some(Kind::Text)) && out.ends_with(is_html_space);
            if is_block_tag(Some(p)) || is_block_tag(prev) || space_before {
                // Whitespace already before the tag is replaced, not doubled. `prev` was copied
                // last, so its trailing whitespace is the end of `out`.
                if let Some(text) = prev.filter(|p| p.kind == Kind::Text) {
                    out.truncate(
                        out.len()
                            - (text.src.len() - text.src.trim_end_matches(is_html_space).len()),
                    );
                }
                out.push('\n');
                out.extend(std::iter::repeat_n(' ', 2 * depth.min(16)));
            }
        }
        out.push_str(p.src);
        if let Kind::Start { .. } = p.kind {
            if !is_void(&p.name) && !p.src.ends_with("/>") {
                depth += 1;
            }
        }
    }
    out
}

/// Every line ending CRLF.
fn crlf(html: &str) -> String {
    let mut out = String::with_capacity(html.len() + html.len() / 20);
    let mut prev = '\0';
    for c in html.chars() {
        if c == '\n' && prev != '\r' {
            out.push('\r');
        }
        out.push(c);
        prev = c;
    }
    out
}

/// The page as UTF-8 bytes with a byte-order mark, decoded as the CLI decodes it.
fn with_bom(html: &str) -> String {
    let mut bytes = b"\xEF\xBB\xBF".to_vec();
    bytes.extend_from_slice(html.as_bytes());
    let (text, encoding) = dana::decode(&bytes, None);
    assert_eq!(encoding, "UTF-8");
    text
}

// ---- checking the transformations themselves ---------------------------------------------------

/// What a variant must keep: tags with attributes, comments, doctypes in order, and the text
/// between them without whitespace (exactly, inside `pre` and raw text).
fn signature(html: &str) -> Vec<String> {
    let mut sig = Vec::new();
    let mut text = String::new();
    let mut fixed = String::new();
    let mut raw: Option<String> = None;
    let mut pre_depth = 0usize;
    let flush = |sig: &mut Vec<String>, text: &mut String, fixed: &mut String| {
        if !text.is_empty() {
            sig.push(format!("text {}", std::mem::take(text)));
        }
        if !fixed.is_empty() {
            sig.push(format!("fixed {:?}", std::mem::take(fixed).replace("\r\n", "\n")));
        }
    };
    for token in tokenizer(html).flatten() {
        match token {
            Token::String(s) => {
                let s = String::from_utf8_lossy(&s.value).into_owned();
                if raw.is_some() || pre_depth > 0 {
                    fixed.push_str(&s);
                } else {
                    text.extend(s.chars().filter(|c| !is_html_space(*c)));
                }
            }
            Token::StartTag(t) => {
                flush(&mut sig, &mut text, &mut fixed);
                let name = String::from_utf8_lossy(&t.name).into_owned();
                let attrs: Vec<String> = t
                    .attributes
                    .iter()
                    .map(|(k, v)| {
                        format!(
                            "{}={:?}",
                            String::from_utf8_lossy(k),
                            String::from_utf8_lossy(&v.value)
                        )
                    })
                    .collect();
                sig.push(format!("<{name} {}>", attrs.join(" ")));
                if raw.is_none() {
                    if is_raw_text(&name) {
                        raw = Some(name);
                    } else if keeps_whitespace(&name) {
                        pre_depth += 1;
                    }
                }
            }
            Token::EndTag(t) => {
                flush(&mut sig, &mut text, &mut fixed);
                let name = String::from_utf8_lossy(&t.name).into_owned();
                if raw.as_deref() == Some(name.as_str()) {
                    raw = None;
                } else if raw.is_none() && keeps_whitespace(&name) {
                    pre_depth = pre_depth.saturating_sub(1);
                }
                sig.push(format!("</{name}>"));
            }
            Token::Comment(c) => {
                flush(&mut sig, &mut text, &mut fixed);
                sig.push(format!(
                    "<!--{:?}-->",
                    String::from_utf8_lossy(&c.value).replace("\r\n", "\n")
                ));
            }
            Token::Doctype(d) => {
                flush(&mut sig, &mut text, &mut fixed);
                sig.push(format!("<!doctype {}>", String::from_utf8_lossy(&d.name)));
            }
            Token::Error(_) => {}
        }
    }
    flush(&mut sig, &mut text, &mut fixed);
    sig
}

/// Panics with the first difference when `variant` is not the same markup as `original`.
fn same_tokens(original: &str, variant: &str, what: &str) {
    let (a, b) = (signature(original), signature(variant));
    if let Some(i) = (0..a.len().max(b.len())).find(|&i| a.get(i) != b.get(i)) {
        panic!("the {what} transformation changed the page at token {i}:\n  original: {:?}\n  variant:  {:?}", a.get(i), b.get(i));
    }
}

#[test]
fn minify_keeps_words_apart_and_pre_intact() {
    let page = "<p>\n  One <b>two</b>\n   <i>three</i>\tfour\n</p>\n<pre>\n  keep   this\n</pre> <div> x </div>";
    assert_eq!(
        minify(page),
        "<p>One <b>two</b> <i>three</i> four</p><pre>\n  keep   this\n</pre><div>x</div>"
    );
    let page = "a<span>b</span> <script>var  x = 1;\n</script> c<!-- x  y -->d";
    assert_eq!(minify(page), "a<span>b</span> <script>var  x = 1;\n</script> c<!-- x  y -->d");
    same_tokens(page, &minify(page), "minify");
}

#[test]
fn pretty_printing_never_splits_words_or_touches_pre() {
    let page = "<div><p>One <b>two</b>three<a href=\"x\">four</a></p><pre>a\n <b>b</b>\n</pre><textarea> t </textarea></div>";
    assert_eq!(
        pretty(page),
        "\n<div>\n  <p>One\n    <b>two</b>three<a href=\"x\">four</a>\n  </p>\n  <pre>a\n <b>b</b>\n</pre>\n  <textarea> t </textarea>\n</div>"
    );
    same_tokens(page, &pretty(page), "pretty");
    // Raw text is never split, even where it looks like markup.
    let page = "<script>if (a <b) x = '</p>';</script><style>p { }</style>";
    assert_eq!(pretty(page), "<script>if (a <b) x = '</p>';</script><style>p { }</style>");
}

/// `</br>` is a line break in every browser (HTML tree construction turns it into `<br>`), so
/// whitespace around it is not rendered and the minifier may drop it. Found on
/// cleaneval/final-387 (minified) and dragnet/R997 (pretty-printed) by the all-pages run.
#[test]
fn end_tag_br_is_a_line_break() {
    let p = "The harbour committee met on Thursday evening to discuss the new ferry timetable, which adds two early crossings.";
    let page = format!("<html><body><div><p>{p}</p><p><b>Ferry news</b></br>\n   Tuesday at seven</br>\n<span>{p}</span></p></div></body></html>");
    same_tokens(&page, &minify(&page), "minify");
    for algorithm in Algorithm::ALL {
        let options = Options { algorithm, ..Options::default() };
        let a = dana::extract(&page, &options).text;
        let b = dana::extract(&minify(&page), &options).text;
        assert_eq!(a, b, "{}", algorithm.name());
    }
}

#[test]
fn crlf_and_bom_variants() {
    assert_eq!(crlf("a\nb\r\nc\n"), "a\r\nb\r\nc\r\n");
    assert_eq!(with_bom("<p>é</p>"), "<p>é</p>");
}

#[test]
fn pieces_cover_the_page_exactly() {
    let page = "<!DOCTYPE html><p class=\"a>b\">x &amp; y</><a href=x";
    let joined: String = pieces(page).iter().map(|p| p.src).collect();
    assert_eq!(joined, page);
}

// ---- the invariance test ------------------------------------------------------------------------

type Transform = fn(&str) -> String;

/// The first differing line of two texts, for the failure message.
fn first_difference(a: &str, b: &str) -> String {
    let (la, lb): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
    let i = (0..la.len().max(lb.len())).find(|&i| la.get(i) != lb.get(i)).unwrap_or(0);
    let cut = |s: Option<&&str>| s.map(|s| s.chars().take(160).collect::<String>());
    format!(
        "line {}: original {:?}\n      variant  {:?} ({} vs {} lines)",
        i + 1,
        cut(la.get(i)),
        cut(lb.get(i)),
        la.len(),
        lb.len()
    )
}

fn check_variant(name: &str, transform: Transform) {
    let pages = load_pages();
    let mut failures = Vec::new();
    let mut compared = 0;
    for (page, html) in &pages {
        let variant = transform(html);
        same_tokens(html, &variant, name);
        // Every algorithm, with the product's refinements and exactly as the thesis has it.
        let configs = Algorithm::ALL.into_iter().flat_map(|a| {
            [
                (a.name().to_string(), Options { algorithm: a, ..Options::default() }),
                (format!("{} thesis", a.name()), Options::thesis(a)),
            ]
        });
        for (config, options) in configs {
            let a = dana::extract(html, &options).text;
            let b = dana::extract(&variant, &options).text;
            compared += 1;
            if a != b {
                // Keep both pages so the failure can be replayed with `dana extract`.
                let dump = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
                    .join("invariance")
                    .join(page.replace('/', "_"));
                let _ = std::fs::create_dir_all(&dump);
                let _ = std::fs::write(dump.join("original.html"), html);
                let _ =
                    std::fs::write(dump.join(format!("{}.html", name.replace(' ', "-"))), &variant);
                failures.push(format!(
                    "{page} ({config}): {}\n      pages written to {}",
                    first_difference(&a, &b),
                    dump.display()
                ));
            }
        }
    }
    eprintln!(
        "{name}: {compared} extractions compared over {} pages, {} differ",
        pages.len(),
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {compared} {name} extractions differ from the original:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn minified_pages_give_the_same_text() {
    check_variant("minified", minify);
}

#[test]
fn pretty_printed_pages_give_the_same_text() {
    check_variant("pretty-printed", pretty);
}

#[test]
fn crlf_pages_give_the_same_text() {
    check_variant("CRLF", crlf);
}

#[test]
fn bom_pages_give_the_same_text() {
    check_variant("BOM", with_bom);
}
