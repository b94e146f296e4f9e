//! The engine's side of its contract with the extension and the reader view:
//!
//! - **Block ids.** In `Extraction::html` the element of block i carries `data-block="i"`, and
//!   its text content (entities decoded, nested `[data-block]` elements left out) is exactly
//!   `blocks[i].text`, so JavaScript finds sentence offsets in it without collapsing
//!   whitespace itself. Checked on hand-written pages and on every corpus page.
//! - **Element ids** (`Options::element_ids`, strip mode). A page whose elements carry
//!   `data-dana-id="N"` extracts exactly as the page without them, and `kept_ids` lists the
//!   ids of the elements on the lines phase 4 reads that hold content or an image. Checked on
//!   every corpus page against the rule the extension applied before (`keptIds` in
//!   `extension/background.js`, with `Options::edges` added), and on hand-written pages that
//!   try to fake an id with text.
//!
//! The corpus comes from `DANA_CORPUS` (default `<repo>/../shared/corpus`); the corpus tests
//! fail when it is missing. Only the crate's public API is used.

use std::collections::HashSet;

use dana::{Algorithm, Extraction, Options};
use html5gum::{DefaultEmitter, Token, Tokenizer};
use serde_json::Value;

// ---- helpers ------------------------------------------------------------------------------------

/// Text content of each `[data-block]` element of an article, by index (text of nested
/// `[data-block]` elements goes to them, not to their ancestor). Panics on an index that
/// appears twice.
fn block_texts(html: &str) -> Vec<(usize, String)> {
    // Open elements: (name, block index when the element carries one).
    let mut stack: Vec<(String, Option<usize>)> = Vec::new();
    let mut texts: Vec<(usize, String)> = Vec::new();
    for token in Tokenizer::new(html).flatten() {
        match token {
            Token::StartTag(t) => {
                let name = String::from_utf8_lossy(&t.name).into_owned();
                let index = t.attributes.get(b"data-block".as_slice()).map(|v| {
                    let v = String::from_utf8_lossy(v).into_owned();
                    v.parse::<usize>()
                        .unwrap_or_else(|_| panic!("data-block={v:?} is not an index"))
                });
                if let Some(i) = index {
                    assert!(texts.iter().all(|(j, _)| *j != i), "data-block={i} twice in {html}");
                    texts.push((i, String::new()));
                }
                if name != "img" {
                    stack.push((name, index));
                }
            }
            Token::EndTag(t) => {
                let name = String::from_utf8_lossy(&t.name).into_owned();
                let pos = stack
                    .iter()
                    .rposition(|(n, _)| *n == name)
                    .unwrap_or_else(|| panic!("stray </{name}> in {html}"));
                stack.truncate(pos);
            }
            Token::String(s) => {
                if let Some(i) = stack.iter().rev().find_map(|(_, i)| *i) {
                    let entry = texts.iter_mut().find(|(j, _)| *j == i).expect("opened above");
                    entry.1.push_str(&String::from_utf8_lossy(&s));
                }
            }
            _ => {}
        }
    }
    texts
}

/// Panics unless block i's element in `ex.html` exists for every block, in order, with text
/// content `blocks[i].text`.
fn check_block_ids(ex: &Extraction, what: &str) {
    let texts = block_texts(&ex.html);
    let indices: Vec<usize> = texts.iter().map(|(i, _)| *i).collect();
    assert_eq!(indices, (0..ex.blocks.len()).collect::<Vec<_>>(), "{what}: data-block indices");
    for ((i, text), block) in texts.iter().zip(&ex.blocks) {
        assert_eq!(text, &block.text, "{what}: text content of data-block={i} ({:?})", block.kind);
    }
}

/// `html` with `data-dana-id="N"` on every start tag, N counting from 1 in document order, as
/// the extension's capture tags a page. The tags are found by html5gum (the tokenizer the
/// engine's own is tested against), so nothing inside comments, scripts or attribute values is
/// touched.
fn tag_every_element(html: &str) -> String {
    let mut emitter = DefaultEmitter::<usize>::new_with_span();
    emitter.naively_switch_states(true);
    let mut out = String::with_capacity(html.len() + html.len() / 4);
    let (mut copied, mut n) = (0, 0u32);
    for token in Tokenizer::new_with_emitter(html, emitter).flatten() {
        let Token::StartTag(t) = token else { continue };
        // After the tag name: `<` and the name run up to whitespace, `/` or `>`.
        let from = t.span.start + 1;
        let Some(len) =
            html[from..].find(|c: char| c.is_ascii_whitespace() || c == '/' || c == '>')
        else {
            continue;
        };
        n += 1;
        out.push_str(&html[copied..from + len]);
        out.push_str(&format!(" data-dana-id=\"{n}\""));
        copied = from + len;
    }
    out.push_str(&html[copied..]);
    out
}

/// The ids written in canonical line sources by `tag_every_element`, found as text (the way
/// `keptIds` in `extension/background.js` found them): ` data-dana-id="N"`.
fn ids_in_source(source: &str) -> Vec<u32> {
    const KEY: &str = " data-dana-id=\"";
    source
        .match_indices(KEY)
        .filter_map(|(at, _)| {
            let digits: String =
                source[at + KEY.len()..].chars().take_while(char::is_ascii_digit).collect();
            digits.parse().ok()
        })
        .collect()
}

/// The rule of `keptIds` in `extension/background.js`, from the untagged traced run `ex` and
/// the line sources of the tagged page, with phase 4's `edges` added: the ids on the chosen
/// lines, the blocks' lines and the headline's line that hold content (T1 > 0) or an image,
/// and the `<table>` element of each table block.
/// `None` when the headline was not found by TitleFinder (the script only knew the
/// candidates' lines).
fn reference_kept_ids(ex: &Extraction, tagged_source: &[String], edges: bool) -> Option<Vec<u32>> {
    let (t1, t2) = (&ex.series.t1, &ex.series.t2);
    let n = t1.len();
    let mut lines = vec![false; n];
    for r in ex.regions.iter().filter(|r| r.chosen) {
        lines[r.start..=r.end].iter_mut().for_each(|l| *l = true);
        if edges && r.start > 0 && t1[r.start - 1] > t2[r.start - 1] {
            lines[r.start - 1] = true;
        }
        if edges && r.end + 1 < n && t1[r.end + 1] > t2[r.end + 1] {
            lines[r.end + 1] = true;
        }
    }
    ex.blocks.iter().for_each(|b| lines[b.line] = true);
    if let Some(line) = ex.title_line {
        lines[line] = true;
    }
    // Issue 13: a table block keeps its whole `<table>` element, the first tag of its line; an
    // embed card its post's `blockquote` (or the first tag of its frame's or player's line).
    let tables: HashSet<usize> = ex
        .blocks
        .iter()
        .filter(|b| matches!(b.kind, dana::BlockKind::Table(_) | dana::BlockKind::Embed { .. }))
        .map(|b| b.line)
        .collect();
    let mut seen = HashSet::new();
    let mut ids = Vec::new();
    for (i, source) in tagged_source.iter().enumerate() {
        // A frame's or player's line has no text either (issue 13: embeds).
        if lines[i]
            && (t1[i] > 0
                || ["<img ", "<iframe ", "<video", "<audio"].iter().any(|tag| source.contains(tag)))
        {
            ids.extend(ids_in_source(source).into_iter().filter(|id| seen.insert(*id)));
        } else if tables.contains(&i) {
            ids.extend(ids_in_source(source).into_iter().take(1).filter(|id| seen.insert(*id)));
        }
    }
    Some(ids)
}

#[path = "support/corpus.rs"]
mod corpus;

/// Every page of the five evaluation sets; fails when the corpus is not all there.
fn corpus_pages() -> Vec<(String, String)> {
    let pages = corpus::every_page();
    assert!(
        pages.len() >= 1000,
        "only {} corpus pages under {} (set DANA_CORPUS)",
        pages.len(),
        corpus::corpus_dir().display()
    );
    pages
}

/// The extraction as JSON without `kept_ids`, key by key.
fn fields(ex: &Extraction) -> serde_json::Map<String, Value> {
    let Value::Object(mut map) = serde_json::to_value(ex).expect("serialises") else {
        unreachable!()
    };
    map.remove("kept_ids").expect("kept_ids is always serialised");
    map
}

// ---- block ids ----------------------------------------------------------------------------------

#[test]
fn every_block_element_carries_its_index_and_its_text() {
    // Every line long enough to be content, so that every kind of block is in the article.
    let s = "the harbour committee met on Thursday evening to discuss the new ferry timetable";
    let page = format!(
        "<html lang=en><body><article><h1>A  head&amp;line {s}</h1><p>One <b>bold </b> &lt;word&gt; and <a href=\"/x\"> a link</a>. {s}</p>\
        <ul><li>first {s}<ul><li>nested <em>item </em> {s}</li></ul></li><li>second {s}</li></ul><ol><li>ordered {s}</li></ol>\
        <blockquote>Quoted   text {s}</blockquote><pre>\n  <code>\n code &amp;\n    {s}\n</code></pre>\
        <figure><img src=\"/cat.jpg\" alt=\"A cat\"><figcaption>The <i>cat</i> {s}</figcaption></figure>\
        <p><img src=\"/dog.jpg\" alt=\"A dog\"> after the picture {s}</p><p>{s}</p></article></body></html>"
    );
    let ex = dana::extract(
        &page,
        &Options { url: Some("https://example.org/a/".into()), ..Options::default() },
    );
    let kinds: Vec<_> = ex.blocks.iter().map(|b| b.kind.name()).collect();
    assert_eq!(
        kinds,
        [
            "heading",
            "paragraph",
            "listitem",
            "listitem",
            "listitem",
            "listitem",
            "quote",
            "preformatted",
            "figure",
            "figure",
            "paragraph",
            "paragraph"
        ],
        "{:#?}",
        ex.blocks
    );
    check_block_ids(&ex, "hand-written page");
    // Whitespace at the edges of inline elements is trimmed and collapsed in the HTML as in
    // the text, and newlines around `pre`'s text go from both.
    assert!(ex.html.contains("<p data-block=\"1\">One <strong>bold </strong>&lt;word&gt; and <a href=\"https://example.org/x\">a link</a>."), "{}", ex.html);
    // A `pre` holding `code` is code: written as one `code` around its text (issue 13).
    assert!(ex.html.contains("<pre data-block=\"7\"><code>  \n code &amp;\n"), "{}", ex.html);
    assert!(ex.html.contains("<figure data-block=\""), "{}", ex.html);
    // A figure's text is its caption; the alternative text is an attribute.
    let cat = ex.blocks.iter().find(|b| b.alt() == Some("A cat")).expect("the cat figure");
    assert_eq!(cat.text, format!("The cat {s}"));
    let dog = ex.blocks.iter().find(|b| b.alt() == Some("A dog")).expect("the dog figure");
    assert_eq!(dog.text, "");
}

#[test]
fn block_text_content_is_block_text_on_every_corpus_page() {
    let pages = corpus_pages();
    let mut blocks = 0;
    for (name, html) in &pages {
        for algorithm in Algorithm::ALL {
            let ex = dana::extract(html, &Options { algorithm, ..Options::default() });
            check_block_ids(&ex, &format!("{name} ({})", algorithm.name()));
            blocks += ex.blocks.len();
        }
    }
    eprintln!(
        "{} pages x 4 algorithms: {blocks} blocks, each element's text content is its text",
        pages.len()
    );
}

// ---- element ids ------------------------------------------------------------------------------

/// An article of `n` paragraphs, long enough to be the main content.
fn article(paragraphs: &[&str]) -> String {
    let menu = "<div><a href=/>Home</a> | <a href=/news>News</a> | <a href=/sport>Sport</a></div>";
    format!("<html><head><title>The harbour ferry</title></head><body>{menu}<div class=story>{}</div>{menu}</body></html>", paragraphs.concat())
}

const LONG: &str = "The harbour committee met on Thursday evening to discuss the new ferry timetable, which adds two early crossings on weekdays and a late one on Saturdays.";

fn ids_of(html: &str) -> Vec<u32> {
    dana::extract(html, &Options { element_ids: true, ..Options::default() }).kept_ids
}

#[test]
fn kept_ids_are_the_content_elements_in_document_order() {
    let page = article(&[
        &format!("<p data-dana-id=\"10\">{LONG}</p>"),
        &format!("<p data-dana-id=\"3\">{LONG} <b data-dana-id=\"4\">Bold.</b></p>"),
        &format!("<p data-dana-id=\"3\">{LONG}</p>"),
    ]);
    // Document order, each id once (3 stands on two elements).
    assert_eq!(ids_of(&page), vec![10, 3, 4]);
    // Without the option the attribute is ordinary markup and nothing is listed.
    assert_eq!(dana::extract(&page, &Options::default()).kept_ids, Vec::<u32>::new());
}

#[test]
fn a_table_block_is_its_rows_and_strip_keeps_the_whole_table() {
    let table = "<table data-dana-id=\"5\"><caption data-dana-id=\"6\">Ferry  fares</caption><tbody data-dana-id=\"7\">\
                 <tr data-dana-id=\"8\"><th data-dana-id=\"9\">Ticket</th><th data-dana-id=\"10\">2026</th></tr>\
                 <tr data-dana-id=\"11\"><td data-dana-id=\"12\">Adult &amp; bike</td><td data-dana-id=\"13\">£7</td></tr>\
                 <tr data-dana-id=\"14\"><td data-dana-id=\"15\">Child</td><td data-dana-id=\"16\"><b data-dana-id=\"17\">free</b></td></tr></tbody></table>";
    let page = article(&[&format!(
        "<p data-dana-id=\"1\">{LONG}</p>{table}<p data-dana-id=\"2\">{LONG}</p>"
    )]);
    let ex = dana::extract(&page, &Options { element_ids: true, ..Options::default() });
    let t = ex
        .blocks
        .iter()
        .find(|b| matches!(b.kind, dana::BlockKind::Table(_)))
        .expect("a table block");
    assert_eq!(t.text, "Ferry fares\nTicket\t2026\nAdult & bike\t£7\nChild\tfree");
    check_block_ids(&ex, "table page");
    // The `<table>` element is kept, so strip mode hides none of its rows or cells.
    let at = |id: u32| ex.kept_ids.iter().position(|&k| k == id);
    assert!(at(1) < at(5) && at(5) < at(2) && at(1).is_some(), "{:?}", ex.kept_ids);
}

#[test]
fn an_embed_card_keeps_the_pages_own_element_for_strip_mode() {
    let frame = "<figure data-dana-id=\"5\"><iframe data-dana-id=\"6\" title=\"Ferry film\" src=\"https://www.youtube.com/embed/abcd\"><p data-dana-id=\"9\">x</p></iframe></figure>";
    let post = "<blockquote data-dana-id=\"7\" class=\"twitter-tweet\"><p data-dana-id=\"8\">The ferry was late again.</p>\
                <a data-dana-id=\"10\" href=\"https://twitter.com/a/status/123\">1 March</a></blockquote>";
    let page = article(&[&format!("<p data-dana-id=\"1\">{LONG}</p>{frame}<p data-dana-id=\"2\">{LONG}</p>{post}<p data-dana-id=\"3\">{LONG}</p>")]);
    let ex = dana::extract(&page, &Options { element_ids: true, ..Options::default() });
    let cards: Vec<(&str, &str)> = ex
        .blocks
        .iter()
        .filter(|b| matches!(b.kind, dana::BlockKind::Embed { .. }))
        .map(|b| (b.alt().unwrap_or(""), b.src().unwrap_or("")))
        .collect();
    assert_eq!(
        cards.first(),
        Some(&("video", "https://www.youtube.com/watch?v=abcd")),
        "{:#?}",
        ex.blocks
    );
    // The post is a card when Algorithm 1 chose its line, and then its `blockquote` is kept.
    if let Some(post) = cards.get(1) {
        assert_eq!(post, &("post", "https://twitter.com/a/status/123"));
        assert!(ex.kept_ids.contains(&7), "{:?}", ex.kept_ids);
    }
    // The frame (its content never was the page's) and the paragraphs around it are kept.
    assert!([1, 6, 2, 3].iter().all(|id| ex.kept_ids.contains(id)), "{:?}", ex.kept_ids);
    assert!(!ex.kept_ids.contains(&9), "{:?}", ex.kept_ids);
    check_block_ids(&ex, "embed page");
}

#[test]
fn strip_mode_keeps_each_posts_author_and_date_on_a_thread() {
    // A forum thread known by its structure (XenForo's markup): each post a profile pane (an
    // avatar, the name, a rank, a count of messages) and a header line (the date, a
    // permalink) beside its text. The name's and the date's lines are mostly tags, so
    // Algorithm 1 leaves them out; strip mode keeps them, each reply's own, and nothing else
    // of the pane or the header line.
    let said = [
        "The new ferry timetable adds two early crossings on weekdays, which suits everyone who works in town and used to wait an hour at the pier for the first boat.",
        "I would rather they had kept the late crossing on Fridays: the last boat now leaves before the concerts end, and the bus round the bay takes more than an hour.",
        "The committee says the Friday boat carried fewer than twenty people a night last winter, so it went to Saturdays, when the pier is busiest after the market.",
    ];
    // Element k of post n has id 100n + k.
    let post = |n: usize, name: &str, text: &str| {
        let i = |k: usize| format!("data-dana-id=\"{}\"", 100 * n + k);
        format!(
            "<article class=\"message\" id=\"post-{n}\" {}>\n<div class=\"message-user\" {}>\
             <a href=\"/members/{name}.{n}/\" class=\"avatar\" {}><img src=\"/avatars/{n}.jpg\" alt=\"{name}\" {}></a>\n\
             <h4 class=\"message-name\" {}><a href=\"/members/{name}.{n}/\" class=\"username\" {}>{name}</a></h4>\n\
             <h5 class=\"userTitle\" {}>Regular</h5><dl class=\"pairs\" {}><dt {}>Messages</dt><dd {}>{}</dd></dl></div>\n\
             <div class=\"message-main\" {}><header class=\"message-attribution\" {}><a href=\"/threads/ferry.7/post-{n}\" {}>\
             <time datetime=\"2025-03-0{n}T10:00:00+0000\" {}>Mar {n}, 2025</time></a>\n\
             <a href=\"/threads/ferry.7/post-{n}\" {}>#{n}</a></header>\n\
             <div class=\"message-body\" {}><p {}>{text}</p></div></div></article>\n",
            i(0), i(1), i(2), i(3), i(4), i(5), i(6), i(7), i(8), i(9), 100 + n, i(10), i(11), i(12), i(13), i(14), i(15), i(16)
        )
    };
    let thread: String = ["ann", "bo", "cy"]
        .iter()
        .zip(said)
        .enumerate()
        .map(|(n, (name, text))| post(n + 1, name, text))
        .collect();
    let nav =
        "<div><a href=/>Home</a> | <a href=/forum>Forum</a> | <a href=/members>Members</a></div>";
    let page = format!(
        "<html><head><title>Ferry timetable - Harbour forum</title></head><body>{nav}\
        <h1>The new ferry timetable</h1><div class=\"thread\">{thread}</div>{nav}</body></html>"
    );
    let ex = dana::extract(&page, &Options { element_ids: true, ..Options::default() });
    let authors: Vec<_> = ex.blocks.iter().filter_map(|b| b.post()?.author.as_deref()).collect();
    assert_eq!(authors, ["ann", "bo", "cy"], "a thread of three posts: {:#?}", ex.blocks);
    let kept = |n: usize, k: usize| ex.kept_ids.contains(&(100 * n as u32 + k as u32));
    for n in 1..=3 {
        // The text, the name (its heading or its link) and the date.
        assert!(kept(n, 16), "post {n}'s text: {:?}", ex.kept_ids);
        assert!(kept(n, 4) || kept(n, 5), "post {n}'s author: {:?}", ex.kept_ids);
        assert!(kept(n, 13) || kept(n, 12), "post {n}'s date: {:?}", ex.kept_ids);
        // Nothing else of the pane or the header line: the avatar, the rank, the count of
        // messages, the permalink.
        for k in [2, 3, 6, 7, 8, 9, 14] {
            assert!(!kept(n, k), "post {n}: element {k} kept: {:?}", ex.kept_ids);
        }
    }
    // In document order, each once.
    let mut sorted = ex.kept_ids.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted, ex.kept_ids);
}

#[test]
fn a_container_alone_on_its_line_is_not_kept() {
    let page = article(&[&format!("<div data-dana-id=\"1\"><p data-dana-id=\"2\">{LONG}</p><p data-dana-id=\"3\">{LONG}</p></div>")]);
    assert_eq!(ids_of(&page), vec![2, 3]);
}

#[test]
fn an_image_line_is_kept_though_it_has_no_text() {
    let page = article(&[&format!("<p data-dana-id=\"1\">{LONG}</p><div data-dana-id=\"2\"><img data-dana-id=\"3\" src=\"/a.jpg\"></div><p data-dana-id=\"4\">{LONG}</p>")]);
    let ex = dana::extract(
        &page,
        &Options {
            element_ids: true,
            url: Some("https://example.org/".into()),
            ..Options::default()
        },
    );
    assert!(
        ex.blocks.iter().any(|b| b.src().is_some()),
        "the image is part of the article: {:#?}",
        ex.blocks
    );
    assert_eq!(ex.kept_ids, vec![1, 2, 3, 4]);
}

#[test]
fn text_that_looks_like_an_id_keeps_nothing() {
    // In an attribute value, in the text itself, in a comment and in a script: the old
    // pattern match over the traced line sources would have kept 5, 6, 7 and 8.
    let page = article(&[
        &format!("<p data-dana-id=\"1\" title=' data-dana-id=\"5\"'>{LONG}</p>"),
        &format!("<p data-dana-id=\"2\">{LONG} Write <code data-dana-id=\"9\"> data-dana-id=\"6\"</code> to tag.</p>"),
        &format!("<p data-dana-id=\"3\">{LONG}<!-- <b data-dana-id=\"7\"> --><script>x = '<b data-dana-id=\"8\">';</script></p>"),
    ]);
    assert_eq!(ids_of(&page), vec![1, 2, 9, 3]);
}

#[test]
fn an_id_that_is_not_a_number_is_dropped_and_ignored() {
    let page =
        article(&[&format!("<p data-dana-id=\"x1\">{LONG}</p><p data-dana-id=\" 2 \">{LONG}</p>")]);
    let plain = article(&[&format!("<p>{LONG}</p><p>{LONG}</p>")]);
    let ex =
        dana::extract(&page, &Options { element_ids: true, trace: true, ..Options::default() });
    assert_eq!(ex.kept_ids, vec![2]);
    assert_eq!(
        fields(&ex),
        fields(&dana::extract(&plain, &Options { trace: true, ..Options::default() }))
    );
}

#[test]
fn tagging_finds_start_tags_only() {
    let page = "<!-- <p> --><P class=\"<b>\">x<br/><script>'<i>'</script></P>";
    assert_eq!(tag_every_element(page), "<!-- <p> --><P data-dana-id=\"1\" class=\"<b>\">x<br data-dana-id=\"2\"/><script data-dana-id=\"3\">'<i>'</script></P>");
    assert_eq!(
        ids_in_source("<p class=\"a\" data-dana-id=\"12\">x</p><b data-dana-id=\"3\">"),
        vec![12, 3]
    );
}

/// On every corpus page and algorithm: the tagged page extracted with `element_ids` equals
/// the untagged page field by field (line sources included), and `kept_ids` follows the
/// extension's rule.
#[test]
fn tagged_corpus_pages_extract_as_untagged_and_keep_the_content() {
    let pages = corpus_pages();
    let (mut compared, mut kept, mut without_reference) = (0, 0, 0);
    let mut failures = Vec::new();
    for (name, html) in &pages {
        let tagged = tag_every_element(html);
        for algorithm in Algorithm::ALL {
            // `article` and `fallback` off: the reference rebuilds the chosen lines from the
            // regions, which `Options::article` extends, and which a page without regions
            // replaces with all its text under `Options::fallback`, by lines the extraction
            // does not report.
            let options = Options {
                algorithm,
                trace: true,
                article: false,
                fallback: false,
                ..Options::default()
            };
            let plain = dana::extract(html, &options);
            let with_ids =
                dana::extract(&tagged, &Options { element_ids: true, ..options.clone() });
            compared += 1;
            assert!(plain.kept_ids.is_empty());
            let (a, b) = (fields(&plain), fields(&with_ids));
            if let Some(key) = a.keys().find(|k| a.get(*k) != b.get(*k)) {
                failures.push(format!("{name} ({}): `{key}` differs", algorithm.name()));
                continue;
            }
            // The traced sources of the tagged page without the option show the attributes.
            let sources = dana::extract(&tagged, &options).series.source;
            assert_eq!(
                sources.len(),
                plain.series.source.len(),
                "{name}: attributes changed how lines are cut"
            );
            match reference_kept_ids(&plain, &sources, options.edges) {
                Some(expected) if expected != with_ids.kept_ids => {
                    failures.push(format!(
                        "{name} ({}): kept_ids {:?}… vs {:?}…",
                        algorithm.name(),
                        &with_ids.kept_ids[..with_ids.kept_ids.len().min(8)],
                        &expected[..expected.len().min(8)]
                    ));
                }
                Some(_) => {}
                None => without_reference += 1,
            }
            kept += with_ids.kept_ids.len();
        }
    }
    eprintln!("{compared} extractions of tagged pages compared, {kept} ids kept, {without_reference} without a reference (headline from the first h1), {} differ", failures.len());
    assert!(failures.is_empty(), "{} differ:\n{}", failures.len(), failures.join("\n"));
    assert!(without_reference * 5 < compared, "too few extractions checked against the reference");
}
