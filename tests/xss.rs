//! Extracted HTML can never run (issue #7).
//!
//! Every payload of `../shared/security/xss-payloads.txt` (6,613 lines from payloadbox's list)
//! is embedded in real article pages of the corpus, in five ways (in the article's text, in
//! attributes, as link targets, as image sources, in the title and a heading), and each page
//! goes through `dana::extract` with every algorithm. The article HTML must pass the safety
//! oracle of `fuzz/src/safe_html.rs` (allowlisted elements and attributes only, http(s) URLs,
//! balanced tags nested so that the tree builder cannot rewrite them); every URL the reader view
//! may use (figure sources, lead image) must be http(s).
//!
//! A test that checks an empty output could never fail, so the embedding is checked too: the
//! marked paragraphs around the payloads must reach the article in most pages.
//!
//! Then hand-made cases for what the payload list covers thinly, and a property test on
//! random tag soup.
//!
//! Data: `DANA_CORPUS` (default `<repo>/../shared/corpus`) and `DANA_XSS_PAYLOADS` (default
//! `<repo>/../shared/security/xss-payloads.txt`). Missing pages are skipped with a note; the
//! test fails with fewer than `MIN_PAGES` pages or `MIN_PAYLOADS` payloads.

use std::path::PathBuf;

use dana::{Algorithm, Extraction, LinkFilter, Options};

#[path = "../fuzz/src/safe_html.rs"]
#[allow(dead_code)]
mod safe_html;

#[path = "support/corpus.rs"]
mod corpus_support;
use corpus_support::corpus_dir;

/// The article pages the payloads are embedded in: English and Arabic, one layout each.
const PAGES: &[(&str, &str)] = &[
    ("readability", "v8-blog"),
    ("r2l", "ar-cnnarabic"),
    ("readability", "ars-1"),
    ("readability", "ebb-org"),
];
const MIN_PAGES: usize = 2;
const MIN_PAYLOADS: usize = 6000;
/// Payloads per page: each in its own paragraph (or link, or image).
const BATCH: usize = 16;
const PAGE_URL: &str = "https://news.example/world/2024/article.html";

/// Marks the paragraphs around the payloads: an English and an Arabic word (R2L keeps only
/// the latter).
const MARK: &str = "Zanzibarquill";
const MARK_AR: &str = "مستقبلنا";

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn corpus() -> PathBuf {
    corpus_dir()
}

fn payloads() -> Vec<String> {
    let path = std::env::var_os("DANA_XSS_PAYLOADS")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo().join("../shared/security/xss-payloads.txt"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let list: Vec<String> = String::from_utf8_lossy(&bytes)
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(str::to_string)
        .collect();
    assert!(
        list.len() >= MIN_PAYLOADS,
        "{} payloads in {}, expected at least {MIN_PAYLOADS}",
        list.len(),
        path.display()
    );
    list
}

/// The corpus pages, decoded; a missing one is skipped with a note.
fn pages() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (set, id) in PAGES {
        let path = corpus().join(set).join("pages").join(format!("{id}.html"));
        match std::fs::read(&path) {
            Ok(bytes) => out.push((format!("{set}/{id}"), dana::decode(&bytes, None).0)),
            Err(_) => println!("note: {} missing, skipped", path.display()),
        }
    }
    assert!(
        out.len() >= MIN_PAGES,
        "only {} of the XSS test pages found under {}",
        out.len(),
        corpus().display()
    );
    out
}

/// Where payloads go: right after the paragraph with the most text outside tags (the article's
/// body in any news layout), leaving out paragraphs inside a footer, nav or aside (boilerplate
/// the engine prunes); else before `</body>`, else at the end.
fn insertion_point(html: &str) -> usize {
    let lower = html.to_ascii_lowercase();
    let inside = |tag: &str, at: usize| {
        let open = lower[..at].rfind(&format!("<{tag}"));
        open.is_some() && open > lower[..at].rfind(&format!("</{tag}"))
    };
    let mut best = (0usize, None);
    let mut from = 0;
    while let Some(rel) = lower[from..].find("</p>") {
        let end = from + rel;
        let start = lower[..end]
            .rfind("<p>")
            .into_iter()
            .chain(lower[..end].rfind("<p "))
            .max()
            .unwrap_or(end);
        if ["footer", "nav", "aside"].iter().any(|t| inside(t, start)) {
            from = end + 4;
            continue;
        }
        let mut in_tag = false;
        let text = lower[start..end]
            .chars()
            .filter(|&c| {
                match c {
                    '<' => in_tag = true,
                    '>' => in_tag = false,
                    _ => return !in_tag,
                }
                false
            })
            .count();
        if text > best.0 {
            best = (text, Some(end + 4));
        }
        from = end + 4;
    }
    best.1.or_else(|| lower.rfind("</body>")).unwrap_or(html.len())
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Mode {
    Text,
    Attribute,
    Link,
    Image,
    Title,
    /// In a data table (issue 13): caption, header and body cells, cell links and every
    /// attribute a table part may carry.
    Table,
    /// In code blocks (issue 13): every place a language is read from (`class` of `pre`,
    /// `code` and a wrapper, `data-lang`, `brush:`), the code's text and token spans, a
    /// highlighter's table and its gutter.
    Code,
    /// In definition lists and footnotes (issue 13): terms and definitions with payloads in
    /// their text and attributes, and in-page links whose fragments and targets' ids are
    /// payloads (the article numbers its anchors and must never write the page's id or a
    /// fragment it was given); a definition holding a list (itself holding a definition list),
    /// a listing, a quote and a paragraph, all payloads.
    Notes,
    /// In asides of an article (issue 13): an `aside` inside an `article`, kept as a quote, with
    /// payloads in its attributes (which decide whether it is the site's box), its text, a
    /// heading and a link.
    Asides,
    /// In embeds (issue 13): frames, players and social posts' markup with payloads in every
    /// attribute a card is read from (`src`, `data-src`, `title`, `aria-label`, a `source`'s
    /// `src`, a post's permalink attributes and links) and in a post's text.
    Embeds,
    /// In a thread's posts (issue 13): payloads as the author's name (`itemprop=author`, its
    /// `itemprop=name`, a `meta` name, `rel=author`, an author class), as the date (`datetime`
    /// of `time`), as a post's `itemtype`, in its attributes and text.
    Posts,
    /// In math (issue 13): plain MathML, KaTeX, MathJax 3 and 2 and Wikipedia's markup with
    /// payloads as token text, in every attribute (allowed ones: `mathvariant`, `display`,
    /// `alttext`; dropped ones: `href`, `xlink:href`, `style`, `class`), in TeX annotations and
    /// scripts, in `annotation-xml` and `maction`, and inside a token element as markup.
    Math,
}

const MODES: [Mode; 12] = [
    Mode::Text,
    Mode::Attribute,
    Mode::Link,
    Mode::Image,
    Mode::Title,
    Mode::Table,
    Mode::Code,
    Mode::Notes,
    Mode::Asides,
    Mode::Posts,
    Mode::Embeds,
    Mode::Math,
];

/// One payload inside its marked paragraph.
fn embed(mode: Mode, p: &str, i: usize) -> String {
    match mode {
        Mode::Text => format!("<p>{MARK} {i} opens this paragraph. {p} Then the text goes on. {MARK_AR}</p>\n"),
        Mode::Attribute => format!(
            "<p title=\"{p}\" class='{p}' data-note={p}>{MARK} {i} is a paragraph with payloads in its attributes. {MARK_AR}</p>\n"
        ),
        Mode::Link => format!(
            "<p>{MARK} {i} cites <a href=\"{p}\">a first source</a>, <a href='{p}'>a second</a> and <a href={p}>a third</a>. {MARK_AR}</p>\n"
        ),
        Mode::Image => format!(
            "<p>{MARK} {i} is followed by a figure. {MARK_AR}</p><figure><img src=\"{p}\" alt=\"{p}\">\
             <img srcset=\"{p}\" alt=x><img data-src=\"{p}\" src=\"https://images.example/{i}.jpg\"><figcaption>{p}</figcaption></figure>\n\
             <figure><picture><source srcset=\"{p} 800w, {p}\" media=\"{p}\" type=\"{p}\"><source srcset=\"{p}\">\
             <img src=\"data:image/gif;base64,R0lGOD\" data-srcset=\"{p} 1x\" data-src=\"{p}\" srcset=\"https://images.example/{i}.jpg 700w, {p} 800w\"></picture>\
             <p class=\"wp-caption-text\">{p}</p><span class=\"credit\">{p}</span></figure>\n"
        ),
        Mode::Title => format!("<h2>{p}</h2><p>{MARK} {i} follows a heading made of a payload. {MARK_AR}</p>\n"),
        Mode::Table => format!(
            "<p>{MARK} {i} is followed by a table. {MARK_AR}</p><table summary=\"{p}\" background=\"{p}\" role='{p}'>\
             <caption title=\"{p}\">{p}</caption><colgroup span=\"{p}\"></colgroup><thead><tr><th scope=\"{p}\" colspan=\"{p}\">Year {p}</th>\
             <th abbr='{p}' rowspan={p}>Rate</th></tr></thead><tbody><tr><td headers=\"{p}\" colspan=2{p}>{p}</td>\
             <td background=\"{p}\"><a href=\"{p}\">{MARK}</a> <img src=\"{p}\" alt=\"{p}\"></td></tr><tr><td>{MARK_AR} {p}</td>\
             <td style=\"{p}\"><code>{p}</code></td></tr></tbody></table>\n"
        ),
        Mode::Code => format!(
            "<p>{MARK} {i} is followed by code. {MARK_AR}</p><div class=\"language-{p} highlight\"><pre class=\"language-{p}\" data-lang=\"{p}\">\
             <code class=\"{p}\" data-language='{p}'><span class=\"token\" title=\"{p}\">{p}</span><br>{MARK} <a href=\"{p}\">{p}</a></code></pre></div>\
             <pre class=\"brush: {p}\"><code class=\"lang-{p}\">{p}</code></pre><table class=\"highlighttable\"><tr><td class=\"linenos\"><pre>{p}</pre></td>\
             <td class=\"code\"><div class=\"highlight-{p}\"><pre><span></span>{p}\n{MARK_AR}</pre></div></td></tr></table>\n"
        ),
        Mode::Notes => format!(
            "<p>{MARK} {i} has a note<sup id=\"r{i}{p}\"><a href=\"#n{i}{p}\" class=\"{p}\">{i}</a></sup> and a list of terms. {MARK_AR}</p>\
             <dl class=\"{p}\" id=\"{p}\"><dt id=\"{p}\" title=\"{p}\">{p}</dt><dd data-x=\"{p}\">{MARK} <a href=\"#{p}\">{p}</a> <a href='#{p}' id='{p}'>x</a></dd>\
             <dt>{MARK_AR}</dt><dd><sup id={p}><a href=#r{i}{p}>back</a></sup> <a href=\"#dana-ref-{p}\">y</a></dd>\
             <dt>{MARK}</dt><dd class=\"{p}\"><ul title=\"{p}\"><li>{p} <a href=\"{p}\">{MARK}</a></li><li><dl><dt>{p}</dt><dd>{p}</dd></dl></li></ul>\
             <pre class=\"language-{p}\">{p}</pre><blockquote cite=\"{p}\">{p}</blockquote><p>{p}</p></dd></dl>\
             <ol class=\"footnotes\"><li id=\"n{i}{p}\"><p>{p} {MARK} <a href=\"#r{i}{p}\" id=\"{p}\">&#x21a9;</a></p></li></ol>\n"
        ),
        Mode::Asides => format!(
            "<article class=\"{p}\"><p>{MARK} {i} is followed by asides. {MARK_AR}</p><aside class=\"{p}\" id=\"{p}\" role=\"{p}\" title=\"{p}\">\
             <h4 title=\"{p}\">{p}</h4><p style=\"{p}\">{MARK} {p} <a href=\"{p}\">{p}</a></p></aside>\
             <aside><p>{MARK_AR} <strong>{p}</strong> <a href='{p}'>{MARK}</a></p></aside></article>\n"
        ),
        Mode::Embeds => format!(
            "<p>{MARK} {i} is followed by embeds. {MARK_AR}</p><figure class=\"wp-block-embed {p}\"><iframe title=\"{p}\" src=\"{p}\" data-src='{p}'>{p}</iframe>\
             <iframe title='{p}' src=\"https://www.youtube.com/embed/{p}\"></iframe><iframe src=\"https://player.vimeo.com/video/{i}\" title={p}></iframe></figure>\
             <video src=\"{p}\" title=\"{p}\" poster=\"{p}\"><source src=\"{p}\"><track src=\"{p}\">{p}</video><audio aria-label=\"{p}\"><source src='{p}'>{MARK}</audio>\
             <blockquote class=\"twitter-tweet {p}\"><p>{p} {MARK}</p>&mdash; {p} <a href=\"{p}\">{p}</a></blockquote><script>{p}</script>\
             <blockquote class=\"instagram-media\" data-instgrm-permalink=\"{p}\" cite=\"{p}\"><a href=\"https://www.instagram.com/p/{i}/\">{p}</a></blockquote>\
             <blockquote class=\"mastodon-embed\" data-embed-url=\"https://social.example/@a/{i}/embed\">{MARK_AR} {p}</blockquote>\n"
        ),
        Mode::Math => format!(
            "<p>{MARK} {i} has math <math display=\"{p}\" alttext=\"{p}\" href=\"{p}\" xlink:href='{p}' class={p}><mi mathvariant=\"{p}\" style=\"{p}\">{p}</mi>\
             <mo stretchy=\"{p}\" lspace='{p}'>{p}</mo><mtext>{p} {MARK}</mtext><maction actiontype=\"{p}\"><mi>{p}</mi></maction>\
             <annotation-xml encoding=\"text/html\">{p}</annotation-xml></math> in it. {MARK_AR}</p>\
             <p><span class=\"katex\"><span class=\"katex-mathml\"><math><semantics><mrow><mi>{MARK}</mi><mtext>{p}</mtext></mrow>\
             <annotation encoding=\"application/x-tex\">{p}</annotation></semantics></math></span><span class=\"katex-html\" aria-hidden=\"true\">{p}</span></span> {MARK}</p>\
             <mjx-container class=\"MathJax\" jax=\"CHTML\" display=\"true\"><mjx-math aria-hidden=\"true\">{p}</mjx-math><mjx-assistive-mml display=\"block\">\
             <math display=\"block\"><mtable columnalign=\"{p}\"><mtr><mtd columnspan=\"{p}\"><mi>{MARK_AR}</mi><mn>{p}</mn></mtd></mtr></mtable></math></mjx-assistive-mml></mjx-container>\
             <p>{MARK} <span class=\"MathJax_Preview\">{p}</span><script type=\"math/tex\">{p}</script> and <script type=\"math/tex; mode=display\">{p} {MARK}</script></p>\
             <p><span class=\"mwe-math-element\"><span class=\"mwe-math-mathml-inline mwe-math-mathml-a11y\" style=\"display: none;\"><math alttext=\"{p}\">\
             <mi>{MARK}</mi><mtext>{p}</mtext></math></span><img src=\"{p}\" class=\"mwe-math-fallback-image-inline\" aria-hidden=\"true\" alt=\"{p}\"></span> {MARK_AR}</p>\
             <p><math><mtext>{p}<table><mglyph><style>{p}</style></mglyph></table></mtext><mi><svg><foreignObject>{p}</foreignObject></svg></mi></math> {MARK}</p>\n"
        ),
        Mode::Posts => format!(
            "<p>{MARK} {i} is followed by a thread. {MARK_AR}</p><div itemscope itemtype=\"https://schema.org/DiscussionForumPosting\" class=\"{p}\">\
             <span itemprop=\"author\" title=\"{p}\"><a href=\"{p}\"><span itemprop=\"name\">{p}</span></a></span>\
             <time itemprop=\"datePublished\" datetime=\"{p}\">{p}</time><p>{MARK} {p}</p></div>\
             <div itemscope itemtype=\"https://schema.org/Answer{p}\"><span itemprop=\"author\">Ann {p}</span><time datetime=\"2024-01-01{p}\">x</time><p>{MARK_AR} {p}</p></div>\
             <div itemscope itemtype=\"https://schema.org/Comment\"><div itemprop=\"author\"><meta itemprop=\"name\" content=\"{p}\">Bo</div><p>{MARK} {i}</p></div>\
             <article><header><a rel=author href=\"{p}\">{p}</a> <time datetime=\"2024-02-02T{p}\">{p}</time></header><p>{MARK} {p}</p></article>\
             <article><header><span class=author>Cy {p}</span> <time datetime=\"2024-03-03\">{p}</time></header><p>{MARK_AR} {i}</p></article>\n"
        ),
    }
}

/// The page with a batch of payloads embedded.
fn page_with(page: &str, at: usize, mode: Mode, batch: &[String], first: usize) -> String {
    let mut s = String::with_capacity(page.len() + batch.len() * 400);
    let head = &page[..at];
    if mode == Mode::Title {
        // The payloads also become the page's <title> (TitleFinder reads it).
        let title = batch.join(" ");
        match (head.find("<title"), head.find("</title>")) {
            (Some(a), Some(b)) if a < b => {
                let open_end = head[a..].find('>').map_or(a, |e| a + e + 1);
                s.push_str(&head[..open_end.min(b)]);
                s.push_str(&title);
                s.push_str(&head[b..]);
            }
            _ => {
                s.push_str(&format!("<title>{title}</title>"));
                s.push_str(head);
            }
        }
    } else {
        s.push_str(head);
    }
    for (k, p) in batch.iter().enumerate() {
        s.push_str(&embed(mode, p, first + k));
    }
    s.push_str(&page[at..]);
    s
}

/// Everything the reader view takes from an extraction must be inert.
fn assert_safe(out: &Extraction, what: &dyn Fn() -> String) {
    if let Err(e) = safe_html::check(&out.html) {
        panic!("{}: unsafe article HTML: {e}\n{}", what(), out.html);
    }
    let http = |u: &str| u.starts_with("http://") || u.starts_with("https://");
    for b in &out.blocks {
        if let Some(src) = b.src() {
            assert!(http(src), "{}: figure src {src:?}", what());
        }
        if matches!(b.kind, dana::BlockKind::Embed { .. }) {
            // A card links to an https source only, and says what it is in one of four words.
            assert!(
                b.src().is_some_and(|s| s.starts_with("https://")),
                "{}: embed src {:?}",
                what(),
                b.src()
            );
            assert!(
                matches!(b.alt(), Some("video" | "audio" | "post" | "frame")),
                "{}: embed {:?}",
                what(),
                b.alt()
            );
        }
    }
    if let Some(img) = &out.lead_image {
        assert!(http(img), "{}: lead image {img:?}", what());
    }
}

fn options(algorithm: Algorithm) -> Options {
    Options { algorithm, url: Some(PAGE_URL.into()), ..Options::default() }
}

#[test]
fn every_payload_in_real_pages_gives_inert_html() {
    let payloads = payloads();
    let pages = pages();
    let points: Vec<usize> = pages.iter().map(|(_, html)| insertion_point(html)).collect();
    let batches: Vec<(usize, &[String])> =
        payloads.chunks(BATCH).enumerate().map(|(k, c)| (k * BATCH, c)).collect();

    // Work: (mode, batch index); pages rotate over the batches. Two threads (CI has two cores).
    let work: Vec<(Mode, usize)> =
        MODES.iter().flat_map(|&m| (0..batches.len()).map(move |b| (m, b))).collect();
    // Per (mode, algorithm): batches whose marked paragraphs reached the article.
    let reached =
        std::sync::Mutex::new(std::collections::HashMap::<(usize, usize), (usize, usize)>::new());
    let extractions = std::sync::atomic::AtomicUsize::new(0);
    // Extractions of the table mode whose article holds a table block: the payloads reached
    // the table renderer, not only the paragraphs around them.
    let tables = std::sync::atomic::AtomicUsize::new(0);
    // Likewise, extractions of the code mode whose article holds a code block.
    let codes = std::sync::atomic::AtomicUsize::new(0);
    // Likewise, extractions of the notes mode whose article holds a definition list and an
    // in-page link.
    let notes = std::sync::atomic::AtomicUsize::new(0);
    // Likewise, extractions of the asides mode whose article holds a quote with the mark.
    let asides = std::sync::atomic::AtomicUsize::new(0);
    // Likewise, extractions of the embeds mode whose article holds an embed card.
    let embeds = std::sync::atomic::AtomicUsize::new(0);
    let held = std::sync::atomic::AtomicUsize::new(0);
    let posts = std::sync::atomic::AtomicUsize::new(0);
    // Likewise, extractions of the math mode whose article HTML holds a formula.
    let maths = std::sync::atomic::AtomicUsize::new(0);
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| loop {
                let w = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(&(mode, b)) = work.get(w) else { break };
                let (first, batch) = batches[b];
                let p = b % pages.len();
                let html = page_with(&pages[p].1, points[p], mode, batch, first);
                for (ai, algorithm) in Algorithm::ALL.into_iter().enumerate() {
                    let out = dana::extract(&html, &options(algorithm));
                    extractions.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    assert_safe(&out, &|| {
                        format!(
                            "{} with payloads {}..{} as {mode:?}, {}",
                            pages[p].0,
                            first + 1,
                            first + batch.len(),
                            algorithm.name()
                        )
                    });
                    let hit = out.text.contains(MARK) || out.text.contains(MARK_AR);
                    if mode == Mode::Table
                        && out.blocks.iter().any(|b| matches!(b.kind, dana::BlockKind::Table(_)))
                    {
                        tables.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    }
                    if mode == Mode::Code
                        && out
                            .blocks
                            .iter()
                            .any(|b| matches!(b.kind, dana::BlockKind::Preformatted { .. }))
                    {
                        codes.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    }
                    if mode == Mode::Notes
                        && out.blocks.iter().any(|b| b.kind == dana::BlockKind::Definition)
                        && out.html.contains("href=\"#dana-ref-")
                    {
                        notes.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    }
                    if mode == Mode::Posts
                        && out.blocks.iter().any(|b| matches!(b.kind, dana::BlockKind::Post(_)))
                    {
                        posts.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    }
                    if mode == Mode::Notes && out.blocks.iter().any(|b| b.in_definition) {
                        held.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    }
                    if mode == Mode::Asides
                        && out.blocks.iter().any(|b| {
                            b.kind == dana::BlockKind::Quote
                                && (b.text.contains(MARK) || b.text.contains(MARK_AR))
                        })
                    {
                        asides.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    }
                    if mode == Mode::Embeds
                        && out
                            .blocks
                            .iter()
                            .any(|b| matches!(b.kind, dana::BlockKind::Embed { .. }))
                    {
                        embeds.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    }
                    if mode == Mode::Math && out.html.contains("<math") {
                        maths.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    }
                    let mut r = reached.lock().unwrap();
                    let e = r
                        .entry((MODES.iter().position(|&m| m == mode).unwrap_or(0), ai))
                        .or_default();
                    e.0 += usize::from(hit);
                    e.1 += 1;
                }
            });
        }
    });

    let reached = reached.into_inner().unwrap();
    println!(
        "{} payloads x {} embeddings in {} pages: {} extractions, all inert",
        payloads.len(),
        MODES.len(),
        pages.len(),
        extractions.into_inner()
    );
    for (mi, mode) in MODES.iter().enumerate() {
        let row: Vec<String> = Algorithm::ALL
            .iter()
            .enumerate()
            .map(|(ai, a)| {
                let (hit, n) = reached.get(&(mi, ai)).copied().unwrap_or_default();
                format!("{} {hit}/{n}", a.name())
            })
            .collect();
        println!("  {mode:?}: marked paragraphs reached the article in {}", row.join(", "));
    }
    let tables = tables.into_inner();
    println!("  Table: {tables} extractions held a table block");
    // Measured: 864 of the 1,656 extractions (4 algorithms; DANA and R2L rarely read them).
    assert!(
        tables >= batches.len(),
        "only {tables} extractions of {} table batches held a table block",
        batches.len()
    );
    let codes = codes.into_inner();
    println!("  Code: {codes} extractions held a code block");
    assert!(
        codes >= batches.len(),
        "only {codes} extractions of {} code batches held a code block",
        batches.len()
    );
    let notes = notes.into_inner();
    println!("  Notes: {notes} extractions held a definition list and an in-page link");
    assert!(
        notes >= batches.len(),
        "only {notes} extractions of {} notes batches held a definition list and an in-page link",
        batches.len()
    );
    let held = held.into_inner();
    println!("  Notes: {held} extractions held a block inside a definition");
    assert!(
        held >= batches.len(),
        "only {held} extractions of {} notes batches held a block inside a definition",
        batches.len()
    );
    let posts = posts.into_inner();
    println!("  Posts: {posts} extractions held a post");
    assert!(
        posts >= batches.len(),
        "only {posts} extractions of {} posts batches held a post",
        batches.len()
    );
    let asides = asides.into_inner();
    println!("  Asides: {asides} extractions held an aside as a quote");
    assert!(
        asides >= batches.len(),
        "only {asides} extractions of {} asides batches held an aside as a quote",
        batches.len()
    );
    let embeds = embeds.into_inner();
    println!("  Embeds: {embeds} extractions held an embed card");
    assert!(
        embeds >= batches.len(),
        "only {embeds} extractions of {} embeds batches held an embed card",
        batches.len()
    );
    let maths = maths.into_inner();
    println!("  Math: {maths} extractions held a formula");
    assert!(
        maths >= batches.len(),
        "only {maths} extractions of {} math batches held a formula",
        batches.len()
    );
    for (mi, mode) in MODES.iter().enumerate() {
        // The payloads must have been in the extracted part of the page, or this test would
        // prove nothing. Measured (docs/ROBUSTNESS.md): DANAg and AdDANAg 63 % to 100 % of the
        // pages by mode; DANA and R2L count non-ASCII bytes, so they read the Arabic page (one
        // in four) where the payloads leave enough Arabic text: 1.4 % (images: since `media`,
        // an image's Arabic alt text no longer counts) to 25 % (text).
        for (ai, min) in [(0, 0.01), (1, 0.01), (2, 0.5), (3, 0.5)] {
            let (hit, n) = reached.get(&(mi, ai)).copied().unwrap_or_default();
            assert!(
                hit as f64 >= min * n as f64,
                "{mode:?}: only {hit}/{n} pages with payloads extracted by {}",
                Algorithm::ALL[ai].name()
            );
        }
    }
}

/// Hand-made vectors: each is inserted into a real page and into a bare page, extracted with
/// every algorithm and filter, with and without a page URL.
const HAND_MADE: &[&str] = &[
    // Event handlers.
    "<p onclick=\"alert(1)\" onmouseover=alert(1) style=\"color:red\">Event handler paragraph text.</p>",
    "<img src=\"https://ok.example/a.jpg\" onerror=\"alert(1)\" onload=alert(1) alt=\"x\">",
    "<a href=\"https://ok.example/\" onclick=\"alert(1)\" onfocus=alert(1) autofocus>a safe link with handlers</a>",
    "<details open ontoggle=alert(1)><summary>s</summary>details text</details>",
    "<body onload=alert(1)><p>body handler</p>",
    "<video src=x onerror=alert(1)></video><audio src=x onerror=alert(1)></audio>",
    "<input autofocus onfocus=alert(1)><select onfocus=alert(1) autofocus>",
    "<marquee onstart=alert(1)>marquee text</marquee>",
    // javascript: and data: in every attribute that takes a URL.
    "<a href=\"javascript:alert(1)\">href js</a><a href=\"data:text/html,<script>alert(1)</script>\">href data</a>",
    "<img src=\"javascript:alert(1)\" alt=a><img src=\"data:image/svg+xml,<svg onload=alert(1)>\" alt=b>",
    "<img srcset=\"javascript:alert(1) 1x, data:image/png;base64,AAAA 2x\" alt=c>",
    "<img data-src=\"javascript:alert(1)\" data-lazy-src=\"data:text/html,x\" data-original=\" javascript:alert(1)\">",
    "<form action=\"javascript:alert(1)\"><input type=submit formaction=\"javascript:alert(1)\"><button formaction=javascript:alert(1)>b</button></form>",
    "<table background=\"javascript:alert(1)\"><tr><td background=javascript:alert(1)>cell text</td></tr></table>",
    "<video poster=\"javascript:alert(1)\"><source src=\"javascript:alert(1)\"></video>",
    "<object data=\"javascript:alert(1)\"></object><embed src=\"javascript:alert(1)\"><iframe src=\"javascript:alert(1)\"></iframe>",
    "<svg><a xlink:href=\"javascript:alert(1)\"><text x=0 y=20>svg link</text></a></svg>",
    "<math><maction actiontype=statusline xlink:href=\"javascript:alert(1)\">math link</maction></math>",
    "<math href=\"javascript:alert(1)\">math href</math>",
    "<a href=\"vbscript:msgbox(1)\">vb</a><img src=\"vbscript:msgbox(1)\" alt=vb>",
    "<a href=\"  \t\n javascript:alert(1)\">leading whitespace</a><a href=\"\u{1}javascript:alert(1)\">control char</a>",
    "<a href=\"JaVaScRiPt:alert(1)\">case</a><a href=\"javascript&colon;alert(1)\">colon entity</a>",
    // Entity-encoded schemes.
    "<a href=\"&#106;avascript:alert(1)\">dec</a><a href=\"&#x6A;avascript:alert(1)\">hex</a>",
    "<a href=\"jav&#x09;ascript:alert(1)\">tab</a><a href=\"jav&#x0A;ascript:alert(1)\">lf</a><a href=\"jav&#x0D;ascript:alert(1)\">cr</a>",
    "<a href=\"&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)\">no semicolons</a>",
    "<a href=\"&#x6a;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3a;alert(1)\">all hex</a>",
    "<img src=\"&#100;ata:image/svg+xml,<svg/onload=alert(1)>\" alt=d>",
    "<a href=\"java\0script:alert(1)\">nul</a><a href=\"&#0;javascript:alert(1)\">nul ref</a>",
    // srcdoc, base, meta refresh, link.
    "<iframe srcdoc=\"<script>alert(1)</script>\"></iframe><iframe srcdoc=\"&lt;img src=x onerror=alert(1)&gt;\"></iframe>",
    "<base href=\"javascript:alert(1)//\"><a href=\"relative/path\">relative after a js base</a><img src=\"rel.jpg\" alt=r>",
    "<base href=\"data:text/html,x/\"><a href=\"p\">relative after a data base</a>",
    "<meta http-equiv=\"refresh\" content=\"0;url=javascript:alert(1)\"><meta http-equiv=\"Set-Cookie\" content=\"a=b\">",
    "<link rel=stylesheet href=\"javascript:alert(1)\"><link rel=import href=\"data:text/html,x\">",
    // CSS expressions and style attributes.
    "<p style=\"width:expression(alert(1));background:url(javascript:alert(1))\">styled text</p>",
    "<div style=\"behavior:url(x.htc);-moz-binding:url(x.xml#xss)\">binding text</div>",
    "<style>@import 'javascript:alert(1)'; p { background: url(javascript:alert(1)) }</style><p>after style</p>",
    "<p style=\"background-image:url(&#x6a;avascript:alert(1))\">entity in css</p>",
    // SVG and MathML tricks.
    "<svg onload=alert(1)><script>alert(1)</script><foreignObject><p>foreign</p></foreignObject></svg>",
    "<svg><animate attributeName=href to=javascript:alert(1) /><set attributeName=onmouseover to=alert(1)/></svg>",
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>",
    "<math><mi xlink:href=\"data:x,<script>alert(1)</script>\">m</mi></math>",
    "<svg><style><img src=x onerror=alert(1)></style></svg>",
    "<svg></p><style><a id=\"</style><img src=1 onerror=alert(1)>\">",
    // Broken markup that mutates when parsed (mXSS).
    "<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\"></noscript>",
    "<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>",
    "<textarea><img src=x onerror=alert(1)></textarea><title><img src=x onerror=alert(1)></title>",
    "<xmp><img src=x onerror=alert(1)></xmp><listing>&lt;img src=x onerror=alert(1)&gt;</listing>",
    "<template><img src=x onerror=alert(1)></template>",
    "<!--><img src=x onerror=alert(1)>--><!-- --!><img src=x onerror=alert(2)> -->",
    "<![CDATA[<img src=x onerror=alert(1)>]]><?xml foo=\"><img src=x onerror=alert(1)>\"?>",
    "<scr<script>ipt>alert(1)</scr</script>ipt><img \"\"\"><script>alert(1)</script>\">",
    "<a href=\"https://ok.example/\">one<a href=\"javascript:alert(1)\">two</a></a>",
    "<p>&lt;img src=x onerror=alert(1)&gt; &amp;lt;script&amp;gt; &#60;svg onload=alert(1)&#62;</p>",
    "<img src=\"https://ok.example/x.jpg&quot; onerror=&quot;alert(1)\" alt=\"&quot; onerror=&quot;alert(1)\">",
    "<a href=\"https://ok.example/?q=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;\">quoted query</a>",
    "<p>unclosed <b><i><a href=\"https://ok.example/\">nest<p>ed <u>tags",
    "<pre>\n<img src=x onerror=alert(1)>\n</pre><pre>&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;</pre>",
    // Data tables (issue 13): attributes of every table part, text the tree builder would
    // move out of a table, spans that are not numbers, URLs in cells.
    "<table background=\"javascript:alert(1)\" onmouseover=alert(1)><caption onclick=alert(1)>Rates <a href=\"javascript:alert(1)\">js</a></caption>\
     <tr><th scope=\"row\\\" onclick=\\\"alert(1)\" colspan=\"2 onclick=alert(1)\">Year</th><th rowspan=\"-1\">Rate</th></tr>\
     <tr><td>2025</td><td><a href=\"data:text/html,x\">10%</a></td></tr><tr><td>2026</td><td style=\"x:expression(alert(1))\">12%</td></tr></table>",
    "<table><tr><th>a</th><th>b</th></tr><tr><td>1</td>foster <img src=x onerror=alert(1)><td>2</td></tr><tr><td>3</td><td>4</td></tr></table>",
    "<table><thead><tr><th>h</th><th>i</th></tr></thead><tr><td><table><tr><td>inner</td></tr></table></td><td>x</td></tr>\
     <tr><td><p>para <b>in</b> cell</p><ul><li>list</li></ul></td><td><pre>pre</pre></td></tr></table>",
    "<table><tr><th>&lt;/td&gt;&lt;script&gt;alert(1)&lt;/script&gt;</th><th>\t\n</th></tr><tr><td colspan=99999 rowspan=99999>x</td><td>y</td></tr>\
     <tr><td>&lt;/table&gt;&lt;img src=x onerror=alert(1)&gt;</td><td></td></tr></table>",
    "<table><caption>unclosed caption<tr><th>a<th>b<tr><td>1<td>2<tr><td>3<td><svg onload=alert(1)>",
    // Code blocks (issue 13): languages that are markup, quotes, URLs or too long; text that
    // closes the code; a gutter and a table inside `pre`; an unclosed listing.
    "<pre class=\"language-&quot;&gt;&lt;img src=x onerror=alert(1)&gt;\"><code class='lang-\" onclick=alert(1) x=\"'>code one</code></pre>",
    "<div class=\"language-javascript:alert(1)\"><pre data-lang=\"javascript:alert(1)\">code two</pre></div>",
    "<pre><code class=\"language-c#\" data-lang=\"x\\\" onmouseover=alert(1)\">&lt;/code&gt;&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;</code></pre>",
    "<pre class=\"brush: ../../x; gutter: false\">&lt;img src=x onerror=alert(1)&gt;</pre>",
    "<pre class=\"language-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\"><b onclick=alert(1)>bold</b> <a href=\"javascript:alert(1)\">link</a></pre>",
    "<pre><code class=\"hljs language-js\"><table class=\"hljs-ln\"><tr><td class=\"hljs-ln-numbers\"><img src=x onerror=alert(1)></td><td class=\"hljs-ln-code\"><svg onload=alert(1)>x</svg>y</td></tr></table></code></pre>",
    "<table class=\"highlighttable\"><tr><td class=\"linenos\"><pre>1\n2</pre></td><td class=\"code\"><pre><style>x{}</style>a\n<script>alert(1)</script>b</pre></td></tr></table>",
    "<div class=\"highlight-source-&lt;script&gt;\"><pre>unclosed <span class=\"pl-k\">listing <iframe src=javascript:alert(1)>",
    // `<picture>`, `srcset` and lazy-load attributes (issues 13, 15): script and `data:` URLs
    // in the candidate the browser would choose, in every source, in lazy attributes.
    "<figure><picture><source srcset=\"javascript:alert(1) 1x\"><img src=\"https://ok.example/a.jpg\" alt=p1></picture><figcaption>picture one</figcaption></figure>",
    "<figure><picture><source type=\"image/webp\" srcset=\"data:image/svg+xml,<svg onload=alert(1)> 800w, JaVaScRiPt:alert(1) 1200w\">\
     <source media=\"(min-width: 1px)\" srcset=\" java&#x09;script:alert(1) 700w\"><img src=\"javascript:alert(1)\" alt=p2></picture></figure>",
    "<img srcset=\"https://ok.example/a.jpg 300w, javascript:alert(1) 700w, data:text/html,x 900w\" sizes=\"100vw\" alt=s1>",
    "<img srcset=\"javascript:alert(1),https://ok.example/b.jpg 2x\" alt=s2><img srcset=\"data:image/png;base64,AAAA 1x\" src=\"javascript:alert(1)\" alt=s3>",
    "<img src=\"data:image/gif;base64,R0lGOD\" data-srcset=\"javascript:alert(1) 1x\" data-src=\"vbscript:x\" data-lazy-src=\"data:text/html,x\" alt=l1>",
    "<img src=\"/blank.gif\" data-lazy-srcset=\"https://ok.example/c.jpg&quot; onerror=&quot;alert(1) 800w\" alt=l2>",
    "<picture><source srcset=\"https://ok.example/d.jpg\" media=\"(min-width: 1px)&quot;><script>alert(1)</script>\"><img alt=\"\\\" onerror=alert(1)\"></picture>",
    "<div class=\"wp-caption\"><img src=\"https://ok.example/e.jpg\"><p class=\"wp-caption-text\"><script>alert(1)</script><a href=\"javascript:alert(1)\">credit</a></p></div>",
    // Definition lists and footnotes (issue 13): fragments and ids that try to leave the
    // attribute, clobber a global by name or point outside the page.
    "<dl><dt id=\"x\" onclick=alert(1)>term<dd><a href=\"#x\" onmouseover=alert(1)>def</a><dt><dl><dd><img src=x onerror=alert(1)></dl></dl>",
    "<p>a<sup id=\"fnref:1&quot; onfocus=&quot;alert(1)\"><a href=\"#fn:1&quot; autofocus onfocus=&quot;alert(1)\">1</a></sup></p><ol><li id=\"fn:1&quot; onfocus=&quot;alert(1)\">n <a href=\"#fnref:1&quot; onfocus=&quot;alert(1)\">back</a></li></ol>",
    "<p><a href=\"#location\">to location</a><a href=\"#cookie\">c</a></p><p id=location>x</p><form id=cookie><a id=cookie href=\"javascript:alert(1)\">y</a></form>",
    "<p><a href=\"#a\"><a id=\"a\" href=\"#a\">nested</a></a><a href=\"#javascript:alert(1)\">j</a><a href=\"# \">s</a><span id=\"javascript:alert(1)\">t</span></p>",
    "<p><a href=\"#dana-ref-0\">own</a><a id=\"dana-ref-0\"></a><b id=\"x\"><a href=\"#x\" id=\"x\">self</a></b></p>",
    // A definition holding blocks (issue 13): a list, a listing, a table and a figure inside an
    // unclosed `dd`, a `dt` inside the held list, a term after the held blocks.
    "<dl><dt>t</dt><dd><ul><li onclick=alert(1)>a<dt>x</dt><li><pre>&lt;/dd&gt;&lt;/dl&gt;&lt;script&gt;alert(1)&lt;/script&gt;</pre></ul>\
     <table><tr><th>h</th><th>i</th></tr><tr><td>1</td><td><a href=\"javascript:alert(1)\">2</a></td></tr><tr><td>3</td><td>4</td></tr></table>\
     <figure><img src=\"javascript:alert(1)\"><figcaption>c</figcaption></figure><dt>u<dd><blockquote><dd>v</blockquote>",
    // Posts (issue 13): an author and a date that try to leave the header, a `datetime` that is
    // markup, a post inside a list item and a definition.
    "<div itemscope itemtype=\"https://schema.org/Answer\"><span itemprop=author><span itemprop=name>&lt;/header&gt;&lt;script&gt;alert(1)&lt;/script&gt;</span></span>\
     <time itemprop=dateCreated datetime=\"2024-01-01&quot;&gt;&lt;img src=x onerror=alert(1)&gt;\">t</time><p>answer <img src=x onerror=alert(1)></p></div>\
     <ul><li><article><header><a rel=author href=\"javascript:alert(1)\">Ann Lee</a><time datetime=2024-05-05>t</time></header><p>one</p></article>\
     <dl><dt>x<dd><article><header><span class=author onclick=alert(1)>Bo Ng</span><time datetime=2024-06-06T10:00:00Z>t</time></header><p>two</p></article></dl>",
    // Posts declared only in JSON-LD (issue 13): names and dates that try to leave the header,
    // a name written in the page as markup.
    "<script type=\"application/ld+json\">{\"@type\":\"DiscussionForumPosting\",\"text\":\"The first post of a thread about payloads, and nothing more.\",\
     \"author\":{\"name\":\"</header><script>alert(1)<\\/script>\"},\"datePublished\":\"2024-01-01\\\"><img src=x onerror=alert(1)>\",\
     \"comment\":[{\"@type\":\"Comment\",\"text\":\"The second post of a thread about payloads, and nothing more.\",\"author\":\"<img src=x onerror=alert(1)>\",\"dateCreated\":\"2024-02-02T10:00:00Z\"}]}</script>\
     <div><b>&lt;/header&gt;&lt;script&gt;alert(1)&lt;/script&gt;</b><time datetime=2024-01-01>&lt;img src=x onerror=alert(1)&gt;</time><p>The first post of a thread about payloads, and nothing more.</p></div>\
     <div><b><img src=x onerror=alert(1)></b><p onclick=alert(1)>The second post of a thread about payloads, and nothing more.</p></div>",
    // Math (issue 13): namespace confusion, shapes that carry HTML out of foreign content.
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext><mi>x</mi></math>",
    "<math><mi><svg><foreignObject><img src=x onerror=alert(1)></foreignObject></svg></mi><mn>1</mn></math>",
    "<math><annotation-xml encoding=\"text/html\"><img src=x onerror=alert(1)></annotation-xml><mi>y</mi></math>",
    "<math href=\"javascript:alert(1)\" xlink:href=\"javascript:alert(1)\"><mi xlink:href=\"javascript:alert(1)\" href=javascript:alert(1)>z</mi></math>",
    "<math><maction actiontype=statusline><mtext>a</mtext><mtext>javascript:alert(1)</mtext></maction><mi>w</mi></math>",
    "<math><mtext>&lt;/math&gt;&lt;img src=x onerror=alert(1)&gt;</mtext><mi>a</mi></math><math><mi></math><img src=x onerror=alert(1)></mi></math>",
    "<math><mi><![CDATA[</mi><img src=x onerror=alert(1)>]]></mi></math>",
    "<math><mtext><style><img src=x onerror=alert(1)></style></mtext><mglyph src=\"javascript:alert(1)\"></mglyph></math>",
    "<math><semantics><mi>q</mi><annotation encoding=\"application/x-tex\">\\\"><img src=x onerror=alert(1)></annotation></semantics></math>",
    "<p>inline <script type=\"math/tex\"></script><img src=x onerror=alert(1)></script> text</p><script type=\"math/tex; mode=display\">\\text{</p><img src=x onerror=alert(1)>}</script>",
    "<math display=\"block\" style=\"position:fixed\" onclick=alert(1)><mi mathvariant=\"bold\\\" onclick=\\\"alert(1)\">b</mi></math><math><math><mi>nested</mi></math></math>",
    "<plaintext><img src=x onerror=alert(1)>",
    // Embeds (issue 13): a frame's content, a player's fallback and a post's script never come
    // through; a source that is not https gives no card; titles that try to leave the link.
    "<iframe src=\"https://www.youtube.com/embed/x\" title=\"&quot;><script>alert(1)</script>\" srcdoc=\"<script>alert(1)</script>\"><img src=x onerror=alert(1)></iframe>",
    "<iframe src=\"javascript:alert(1)\" data-src=\"data:text/html,<script>alert(1)</script>\"></iframe><iframe src=\"https://x.example/&quot; onload=&quot;alert(1)\"></iframe>",
    "<video src=\"https://x.example/v.mp4\" autoplay onplay=alert(1)><source src=\"javascript:alert(1)\"><img src=x onerror=alert(1)></video><audio src=\"http://x.example/a.mp3\" autoplay></audio>",
    "<blockquote class=\"twitter-tweet\"><p><img src=x onerror=alert(1)>post</p><a href=\"javascript:alert(1)\">d</a></blockquote><script src=\"https://platform.twitter.com/widgets.js\"></script>",
    "<blockquote class=\"instagram-media\" data-instgrm-permalink=\"https://www.instagram.com/p/x/&quot;><svg onload=alert(1)>\"><a href=\"https://www.instagram.com/p/x/\">v</a></blockquote><iframe><iframe src=\"https://a.example/\"></iframe></iframe>",
];

#[test]
fn hand_made_vectors_give_inert_html() {
    let pages = pages();
    let (name, real) = &pages[0];
    let at = insertion_point(real);
    let mut runs = 0;
    for (i, vector) in HAND_MADE.iter().enumerate() {
        let prose = format!("<p>{MARK} {i}: a paragraph of ordinary prose that a reader wants to read. {MARK_AR}</p>");
        let in_real = format!("{}{prose}{vector}{prose}{}", &real[..at], &real[at..]);
        let bare = format!(
            "<html><head><title>{vector}</title></head><body>{prose}{vector}{prose}</body></html>"
        );
        for (where_, html) in [(name.as_str(), &in_real), ("a bare page", &bare)] {
            for algorithm in Algorithm::ALL {
                for filter in LinkFilter::ALL {
                    for url in [Some(PAGE_URL.to_string()), None] {
                        let options =
                            Options { algorithm, filter: Some(filter), url, ..Options::default() };
                        let out = dana::extract(html, &options);
                        assert_safe(&out, &|| {
                            format!("vector {i} {vector:?} in {where_}, {options:?}")
                        });
                        runs += 1;
                    }
                }
            }
        }
    }
    println!("{} hand-made vectors, {runs} extractions, all inert", HAND_MADE.len());
}

#[test]
fn a_javascript_base_never_becomes_the_base_of_links() {
    let html = "<html><head><base href=\"javascript:alert(1)//\"></head><body>\
                <p>First paragraph of ordinary prose with <a href=\"rel/x\">a relative link</a> in it.</p></body></html>";
    for url in [Some(PAGE_URL.to_string()), None] {
        let out = dana::extract(
            html,
            &Options { algorithm: Algorithm::Danag, url: url.clone(), ..Options::default() },
        );
        assert!(out.text.contains("a relative link"), "{}", out.text);
        assert!(!out.html.to_ascii_lowercase().contains("javascript"), "{}", out.html);
        if url.is_some() {
            assert!(
                out.html.contains("href=\"https://news.example/world/2024/rel/x\""),
                "{}",
                out.html
            );
        }
    }
}

/// The image URL chosen from a `srcset`, a `<picture>`'s sources or a lazy-load attribute is
/// never a script or `data:` URL, whichever candidate the browser would have taken; a safe
/// choice is resolved and kept.
#[test]
fn srcset_and_picture_never_give_a_script_or_data_url() {
    let prose = "<p>A paragraph of ordinary prose that a reader wants to read, long enough to be chosen as the article.</p>";
    let cases: &[(&str, Option<&str>)] = &[
        ("<figure><picture><source srcset=\"javascript:alert(1) 1x\"><img src=\"https://ok.example/a.jpg\" alt=x></picture><figcaption>c</figcaption></figure>", Some("https://ok.example/a.jpg")),
        ("<figure><img srcset=\"https://ok.example/s.jpg 300w, javascript:alert(1) 700w\" alt=x></figure>", None),
        ("<figure><img srcset=\"data:image/png;base64,AAAA 1x\" src=\"https://ok.example/b.jpg\" alt=x></figure>", Some("https://ok.example/b.jpg")),
        ("<figure><img src=\"data:image/gif;base64,R0lGOD\" data-srcset=\"javascript:alert(1) 1x\" data-src=\"https://ok.example/c.jpg\" alt=x></figure>", None),
        ("<figure><picture><source srcset=\"rel/d.jpg 800w\" media=\"(min-width: 600px)\"><img src=\"https://ok.example/e.jpg\" alt=x></picture></figure>", Some("https://news.example/world/2024/rel/d.jpg")),
    ];
    for (html, want) in cases {
        let page = format!("<html><body><article>{prose}{html}{prose}</article></body></html>");
        let out =
            dana::extract(&page, &Options { url: Some(PAGE_URL.into()), ..Options::default() });
        assert_safe(&out, &|| html.to_string());
        let lower = out.html.to_ascii_lowercase();
        assert!(!lower.contains("javascript") && !lower.contains("data:"), "{html}: {}", out.html);
        let srcs: Vec<&str> = out.blocks.iter().filter_map(|b| b.src()).collect();
        assert_eq!(srcs, want.iter().copied().collect::<Vec<_>>(), "{html}");
    }
}

/// Property: on random tag soup (allowlisted and hostile tags, attributes with payloads,
/// entities, unclosed and stray tags), the article HTML always tokenises to balanced
/// allowlisted tags (the oracle checks balance and nesting), for every algorithm and filter.
#[test]
fn random_tag_soup_gives_balanced_allowlisted_tags() {
    const PIECES: &[&str] = &[
        "<p>",
        "</p>",
        "<div>",
        "</div>",
        "<h2>",
        "</h2>",
        "<ul>",
        "<ol>",
        "<li>",
        "</li>",
        "</ul>",
        "</ol>",
        "<pre>",
        "</pre>",
        "<pre class=\"language-js\">",
        "<code class=\"lang-c++\">",
        "<table class=\"highlighttable\">",
        "<td class=\"linenos\">",
        "<blockquote>",
        "</blockquote>",
        "<figure>",
        "<figcaption>",
        "</figure>",
        "<table><tr><td>",
        "</td>",
        "<b>",
        "</b>",
        "<i>",
        "</em>",
        "<strong>",
        "<code>",
        "</code>",
        "<sub>",
        "<sup>",
        "<q>",
        "</q>",
        "<mark>",
        "<a href=\"/x\">",
        "<a href=\"javascript:alert(1)\">",
        "<a>",
        "</a>",
        "<img src=\"/i.jpg\" alt=\"i\">",
        "<img src=x onerror=alert(1)>",
        "<br>",
        "<hr>",
        "<span>",
        "</span>",
        "<script>alert(1)</script>",
        "<svg>",
        "</svg>",
        "<math>",
        "<style>",
        "</style>",
        "<!--",
        "-->",
        "<textarea>",
        "</textarea>",
        "<noscript>",
        "</noscript>",
        "&lt;",
        "&amp;",
        "&#0;",
        "\"",
        "'",
        "<",
        ">",
        "</",
        " ",
        "\n",
        "word ",
        "more words here ",
        "سلام ",
        "دنیا ",
        "<p dir=rtl>",
        "<p style=\"x\">",
        "<p onclick=alert(1)>",
        "<table>",
        "</table>",
        "<caption>",
        "</caption>",
        "<thead>",
        "<tbody>",
        "<tr>",
        "</tr>",
        "<th>",
        "</th>",
        "<td colspan=2>",
        "<td rowspan=\"3\">",
        "<picture>",
        "</picture>",
        "<source srcset=\"javascript:alert(1) 1x\">",
        "<source media=\"(min-width: 1px)\" srcset=\"/p.jpg 800w\">",
        "<img srcset=\"/s.jpg 700w, data:x 800w\">",
        "<img src=\"data:image/gif;base64,R0\" data-src=\"/l.jpg\">",
        "<div class=\"wp-caption\">",
        "<p class=\"wp-caption-text\">",
        "<span class=\"credit\">",
        "<th scope=row onclick=alert(1)>",
        "<dl>",
        "</dl>",
        "<dt>",
        "<dd>",
        "</dd>",
        "<article>",
        "</article>",
        "<header>",
        "<time datetime=\"2024-01-01\">",
        "</time>",
        "<div itemscope itemtype=\"https://schema.org/Comment\">",
        "<span itemprop=\"author\">",
        "<a rel=author href=\"/u\">",
    ];
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut rnd = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    for case in 0..1500 {
        let len = 5 + rnd(300);
        let soup: String = (0..len).map(|_| PIECES[rnd(PIECES.len())]).collect();
        let algorithm = Algorithm::ALL[case % 4];
        let filter = LinkFilter::ALL[(case / 4) % 4];
        let options = Options {
            algorithm,
            filter: Some(filter),
            url: Some(PAGE_URL.into()),
            gap: Some(rnd(30)),
            ..Options::default()
        };
        let out = dana::extract(&soup, &options);
        assert_safe(&out, &|| format!("soup {case} {soup:?} with {options:?}"));
    }
}
