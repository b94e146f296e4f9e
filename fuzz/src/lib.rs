//! Shared code of the fuzz targets: how a selector byte picks the options, the checks every
//! extraction must pass, and the tag splicer of the structure-aware target.

pub mod safe_html;

use dana::{Algorithm, Extraction, LinkFilter, Options, TitleMetric};

/// Options from two selector bytes, so that every option and refinement is reached: the
/// first byte picks the algorithm, the filter and the flags; the second the main switches
/// (inverted, so that 0 is the product default) and the metric; bits of their XOR turn the
/// other refinements off, several to a bit.
pub fn options(a: u8, b: u8) -> Options {
    Options {
        algorithm: Algorithm::ALL[usize::from(a & 3)],
        filter: Some(LinkFilter::ALL[usize::from((a >> 2) & 3)]),
        gap: (a & 0x80 != 0).then_some(usize::from(a & 3)),
        url: (a & 0x10 != 0).then(|| "https://example.org/news/2024/article.html?id=1".to_string()),
        title_bound: a & 0x20 != 0,
        trace: a & 0x40 != 0,
        element_ids: false,
        with_comments: (a ^ b) & 4 != 0,
        candidate: 0,
        cluster: b & 1 == 0,
        edges: b & 2 == 0,
        prune: b & 4 == 0,
        media: b & 0x20 == 0,
        inline_styles: (a ^ b) & 0x01 == 0,
        article: b & 0x40 == 0,
        fallback: b & 0x80 == 0,
        declared_title: (a ^ b) & 1 == 0,
        post_keys: (a ^ b) & 2 == 0,
        sections: (a ^ b) & 4 == 0,
        link_lists: (a ^ b) & 8 == 0,
        questions: (a ^ b) & 0x10 == 0,
        noscript_copy: (a ^ b) & 0x20 == 0,
        comments: (a ^ b) & 0x40 == 0,
        declared_body: (a ^ b) & 0x80 == 0,
        landmark: (a ^ b) & 0x80 == 0,
        scant: (a ^ b) & 0x80 == 0,
        comment_box: (a ^ b) & 0x40 == 0,
        footer: (a ^ b) & 0x80 == 0,
        footer_names: (a ^ b) & 0x80 == 0,
        hidden_class: (a ^ b) & 0x80 == 0,
        hidden_opacity: (a ^ b) & 0x80 == 0,
        lead: (a ^ b) & 0x40 == 0,
        below_article: (a ^ b) & 0x40 == 0,
        threads: (a ^ b) & 0x20 == 0,
        opening_posts: (a ^ b) & 0x10 == 0,
        post_forms: (a ^ b) & 0x08 == 0,
        thread_events: (a ^ b) & 0x04 == 0,
        shown_names: (a ^ b) & 0x02 == 0,
        wrapped_posts: (a ^ b) & 0x01 == 0,
        undated_posts: (a ^ b) & 0x80 == 0,
        comments_apart: (a ^ b) & 0x40 == 0,
        furniture: (a ^ b) & 0x20 == 0,
        label_rows: (a ^ b) & 0x10 == 0,
        above_headline: (a ^ b) & 0x10 == 0,
        box_labels: (a ^ b) & 0x08 == 0,
        inline_controls: b & 4 == 0,
        whole_paragraphs: b & 0x40 == 0,
        data_tables: b & 0x40 == 0,
        index_lists: b & 0x40 == 0,
        teasers: (a ^ b) & 0x20 == 0,
        teaser_cards: (a ^ b) & 0x10 == 0,
        comment_chrome: (a ^ b) & 0x40 == 0,
        author_bios: (a ^ b) & 0x80 == 0,
        title_metric: [TitleMetric::Sum, TitleMetric::Tf, TitleMetric::Tfidf, TitleMetric::Osm]
            [usize::from((b >> 3) & 3)],
    }
}

/// Extracts and checks what must hold for every input, panicking (a libFuzzer crash) if not.
pub fn extract_and_check(html: &str, options: &Options) -> Extraction {
    let out = dana::extract(html, options);
    if let Err(e) = safe_html::check(&out.html) {
        panic!("unsafe article HTML ({e}) with {options:?}:\n{}", out.html);
    }
    assert_eq!(
        out.blocks.is_empty(),
        out.reason.is_some(),
        "reason must be set exactly when nothing was extracted"
    );
    let n = out.series.t1.len();
    assert!(out.series.t2.len() == n && out.series.diff.len() == n, "series of unequal length");
    for r in &out.regions {
        assert!(r.start <= r.end && r.end < n, "region {r:?} outside {n} lines");
    }
    for b in &out.blocks {
        if let Some(src) = b.src() {
            assert!(
                src.starts_with("http://") || src.starts_with("https://"),
                "figure src {src:?}"
            );
        }
    }
    out
}

// ---- the targets' bodies: the fuzz targets call these, and tests/fuzz_regressions.rs replays
// seeds and saved inputs through the very same functions.

/// `extract_bytes`: the first two bytes select the options, the rest is the page's bytes.
pub fn extract_bytes(data: &[u8]) {
    let [a, b, page @ ..] = data else { return };
    let (html, _) = dana::decode(page, None);
    extract_and_check(&html, &options(*a, *b));
}

/// `extract_page`: a (mutated) real page, one of eight configurations chosen by its length:
/// the four algorithms with the product's defaults, and the four exactly as the thesis defines
/// them. (All eight on every input ran at 3 inputs a second on real-sized pages.)
pub fn extract_page(data: &[u8]) {
    let (html, _) = dana::decode(data, None);
    let algorithm = Algorithm::ALL[data.len() % 4];
    let mut options =
        if data.len() / 4 % 2 == 0 { Options::default() } else { Options::thesis(algorithm) };
    options.algorithm = algorithm;
    options.url = Some("https://example.org/a/b.html".into());
    extract_and_check(&html, &options);
}

/// `splice_tags`: hostile snippets spliced into the page (see [`splice`]); the first bytes
/// and the length pick the options.
pub fn splice_tags(data: &[u8]) {
    let page = splice(data);
    let a = data.first().copied().unwrap_or(0) ^ data.len() as u8;
    let b = data.get(1).copied().unwrap_or(0) ^ (data.len() >> 8) as u8;
    let (html, _) = dana::decode(&page, None);
    extract_and_check(&html, &options(a, b));
}

/// `decode`: the CLI's decoding of page bytes (BOM, UTF-8, `<meta>` charset prescan,
/// windows-1252) never fails and never drops a page.
pub fn decode(data: &[u8]) {
    let (text, encoding) = dana::decode(data, None);
    assert!(
        encoding_rs::Encoding::for_label(encoding.as_bytes()).is_some(),
        "unknown encoding name {encoding:?}"
    );
    // Valid UTF-8 without a byte-order mark is returned as is.
    if let Ok(s) = std::str::from_utf8(data) {
        if !data.starts_with(b"\xef\xbb\xbf")
            && !data.starts_with(b"\xff\xfe")
            && !data.starts_with(b"\xfe\xff")
        {
            assert_eq!(text, s);
            assert_eq!(encoding, "UTF-8");
        }
    }
    // Beyond a byte-order mark, some text always comes out.
    if data.len() > 3 {
        assert!(!text.is_empty(), "{} bytes decoded to nothing", data.len());
    }
}

/// `tokenize`: our tokenizer (`dana::tokenize`) gives the tokens html5gum, the WHATWG
/// tokenizer it replaced, gives with the settings preprocessing used (default emitter, naive
/// state switching), on any text.
pub fn tokenize(data: &[u8]) {
    let html = String::from_utf8_lossy(data);
    if let Err(e) = tokenizers_agree(&html) {
        panic!("{e}");
    }
}

/// A token as both tokenizers are compared: start tags (name, attributes, self-closing), end
/// tags and text. Comments, doctypes and errors are not compared (preprocessing drops them),
/// and adjacent text is joined (preprocessing joins it).
#[derive(Debug, PartialEq)]
pub enum Tk {
    Start(String, Vec<(String, String)>, bool),
    End(String),
    Text(String),
}

fn push_text(out: &mut Vec<Tk>, s: &str) {
    if s.is_empty() {
        return;
    }
    match out.last_mut() {
        Some(Tk::Text(t)) => t.push_str(s),
        _ => out.push(Tk::Text(s.to_string())),
    }
}

/// The tokens of `dana::tokenize`.
pub fn ours(html: &str) -> Vec<Tk> {
    use dana::test_api::tokenize::Token;
    let html = dana::test_api::tokenize::normalise_newlines(html);
    let mut out = Vec::new();
    dana::test_api::tokenize::tokenize(&html, |t| match t {
        Token::Start { name, attrs, self_closing } => out.push(Tk::Start(
            name.to_string(),
            attrs.into_iter().map(|(k, v)| (k.into_owned(), v.into_owned())).collect(),
            self_closing,
        )),
        Token::End { name } => out.push(Tk::End(name.to_string())),
        Token::Text(s) => push_text(&mut out, &s),
    });
    out
}

/// The tokens of html5gum (default emitter, naive state switching).
pub fn reference(html: &str) -> Vec<Tk> {
    let s = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    let mut emitter = html5gum::DefaultEmitter::default();
    emitter.naively_switch_states(true);
    let mut out = Vec::new();
    for token in html5gum::Tokenizer::new_with_emitter(html, emitter).flatten() {
        match token {
            html5gum::Token::StartTag(t) => out.push(Tk::Start(
                s(&t.name),
                t.attributes.iter().map(|(k, v)| (s(k), s(&v.value))).collect(),
                t.self_closing,
            )),
            html5gum::Token::EndTag(t) => out.push(Tk::End(s(&t.name))),
            html5gum::Token::String(t) => push_text(&mut out, &s(&t.value)),
            _ => {}
        }
    }
    out
}

/// `Err` with the first differing token when the two tokenizers disagree on `html`.
pub fn tokenizers_agree(html: &str) -> Result<(), String> {
    let (a, b) = (ours(html), reference(html));
    if a == b {
        return Ok(());
    }
    let at = a.iter().zip(&b).position(|(x, y)| x != y).unwrap_or(a.len().min(b.len()));
    Err(format!(
        "token {at} differs\n ours:      {:?}\n reference: {:?}\n input (first 300 bytes): {:?}",
        a.get(at),
        b.get(at),
        &html[..html.char_indices().nth(300).map_or(html.len(), |(i, _)| i)]
    ))
}

/// Snippets the structure-aware target splices into pages: unclosed and stray tags, raw-text
/// and foreign elements, comments, references, hostile URLs and deep nesting.
pub const SNIPPETS: &[&str] = &[
    "<p>",
    "</p>",
    "<div>",
    "</div>",
    "<pre>",
    "</pre>",
    "<ul><li>",
    "<ol><li>",
    "</li>",
    "<li>",
    "</ul>",
    "<h1>",
    "<h3>",
    "</h1>",
    "<blockquote>",
    "<table><tr><td>",
    "</td></tr></table>",
    "<a href=\"/x\">",
    "<a href=\"javascript:alert(1)\">",
    "<a>",
    "</a>",
    "<b><i><em>",
    "</b>",
    "<img src=\"/i.jpg\" alt=\"a\">",
    "<img src=x onerror=alert(1)>",
    "<img srcset=\" \">",
    "<figure>",
    "<figcaption>",
    "</figure>",
    "<br>",
    "<br/>",
    "<!--",
    "-->",
    "<!-- x -->",
    "<script>",
    "</script>",
    "<style>",
    "<textarea>",
    "<title>",
    "</title>",
    "<noscript>",
    "<svg>",
    "</svg>",
    "<math>",
    "<template>",
    "<plaintext>",
    "<xmp>",
    "<iframe>",
    "<select>",
    "<base href=\"javascript:alert(1)//\">",
    "<base href=\"https://evil.example/\">",
    "<meta charset=\"koi8-r\">",
    "<html lang=\"ar\" dir=\"rtl\">",
    "<body>",
    "</body>",
    "</html>",
    "<head>",
    "</head>",
    "&amp;",
    "&#0;",
    "&#x110000;",
    "&#xD800;",
    "&notanentity;",
    "&",
    "\u{0}",
    "\r\n",
    "\u{feff}",
    "\u{fffd}",
    "سلام دنیا ",
    "<p dir=\"rtl\">مرحبا بالعالم</p>",
    "<span hidden>",
    "<div style=\"display:none\">",
    "<div aria-hidden=\"true\">",
    "<a href=\"https://e.org/\">long anchor text of a link here</a>",
    "<p>Plain paragraph text that is long enough to count as content in a region.</p>",
    "<div><div><div><div><div><div><div><div>",
    "</div></div></div></div>",
    "<",
    ">",
    "\"",
    "'",
    "=",
];

/// Structure-aware input: the page is the data before the trailing operations; the last byte
/// is the number of operations (mod 9), each 3 bytes before it (a 16-bit position as a
/// fraction of the page, a snippet index). Operating from the end keeps the start of a seed
/// page (doctype, head, charset) intact.
pub fn splice(data: &[u8]) -> Vec<u8> {
    let Some((&count, rest)) = data.split_last() else { return Vec::new() };
    let ops = usize::from(count % 9).min(rest.len() / 3);
    let (page, ops_bytes) = rest.split_at(rest.len() - ops * 3);
    let mut inserts: Vec<(usize, &str)> = ops_bytes
        .chunks_exact(3)
        .map(|op| {
            let frac = usize::from(u16::from_le_bytes([op[0], op[1]]));
            (page.len() * frac / 65536, SNIPPETS[usize::from(op[2]) % SNIPPETS.len()])
        })
        .collect();
    inserts.sort_by_key(|(pos, _)| *pos);
    let mut out = Vec::with_capacity(page.len() + 64 * ops);
    let mut at = 0;
    for (pos, snippet) in inserts {
        out.extend_from_slice(&page[at..pos]);
        out.extend_from_slice(snippet.as_bytes());
        at = pos;
    }
    out.extend_from_slice(&page[at..]);
    out
}
