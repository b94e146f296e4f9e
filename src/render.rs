//! The article as plain text and as HTML that can never run.
//!
//! The HTML is built, never copied: only the elements written here (`article`, `h1`..`h6`, `p`,
//! `ul`, `ol`, `li`, `blockquote`, `pre`, `figure`, `img`, `figcaption`, `table`, `caption`,
//! `thead`, `tbody`, `tr`, `th`, `td`, `dl`, `dt`, `dd`, `header` (a post's, in an `article` of
//! its own) and the inline set of the block builder),
//! only the attributes `href`, `src`, `alt`, `referrerpolicy` (`no-referrer`, on `img`), `dir`,
//! the block index `data-block`, on an embed's `p` `data-embed` (`video`, `audio`, `post` or
//! `frame`), on table cells `colspan`, `rowspan` (numbers) and `scope`
//! (`col` or `row`), and on inline elements an in-page anchor `id="dana-ref-n"` (n a number,
//! never the page's id); every text and attribute value escaped; URLs only `http:`, `https:` or
//! `mailto:` after WHATWG resolution, or `#dana-ref-n` for a link to a kept anchor.

#[cfg(doc)]
use crate::extraction::Post;
use crate::extraction::{Block, BlockKind, Dir, Table};

/// Escapes text for HTML element content and double-quoted attribute values.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + s.len() / 8);
    escape_into(&mut out, s);
    out
}

/// [`escape`], appended to `out`: the block builder escapes each text of a block into the
/// block's HTML without a `String` of its own (one allocation a text token saved).
pub fn escape_into(out: &mut String, s: &str) {
    // The five characters are ASCII, so they are found as bytes (memchr's vector search, three
    // and two of them: most texts hold none or a few) and the runs between them copied whole.
    // `a` and `b` are the next `&<>` and the next `"'` at or after `from`.
    let bytes = s.as_bytes();
    let next3 = |from: usize| memchr::memchr3(b'&', b'<', b'>', &bytes[from..]).map(|i| from + i);
    let next2 = |from: usize| memchr::memchr2(b'"', b'\'', &bytes[from..]).map(|i| from + i);
    let (mut a, mut b) = (next3(0), next2(0));
    let mut from = 0;
    loop {
        let i = match (a, b) {
            (Some(x), Some(y)) => x.min(y),
            (Some(x), None) | (None, Some(x)) => x,
            (None, None) => break,
        };
        out.push_str(&s[from..i]);
        out.push_str(match bytes[i] {
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            b'"' => "&quot;",
            _ => "&#39;",
        });
        from = i + 1;
        if a == Some(i) {
            a = next3(from);
        } else {
            b = next2(from);
        }
    }
    out.push_str(&s[from..]);
}

/// What a URL is for: links may also be `mailto:`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UrlUse {
    /// `a[href]`.
    Link,
    /// `img[src]`.
    Image,
}

/// Resolves `raw` against `base` the way a browser would and returns it only when the result
/// is `http(s):` (or `mailto:` for links). Relative URLs without a base are dropped.
pub fn safe_url(base: Option<&url::Url>, raw: &str, what: UrlUse) -> Option<String> {
    let raw = raw.trim();
    if raw.is_empty() || raw.starts_with('#') || is_data_url(raw) {
        return None;
    }
    // The URL parser strips tabs and newlines and lowercases the scheme, exactly as a browser
    // does, so `jav&#x09;ascript:` cannot slip through as a relative path. An internationalised
    // host is put into ASCII first (`crate::idn`: the URL parser of the wasm has no IDNA tables).
    let raw = &*crate::idn::ascii_host(raw);
    let parsed = match base {
        Some(b) => b.join(raw).ok()?,
        None => url::Url::parse(raw).ok()?,
    };
    match (parsed.scheme(), what) {
        ("http" | "https", _) | ("mailto", UrlUse::Link) => Some(parsed.into()),
        _ => None,
    }
}

/// Whether `raw` is a `data:` URL (never kept; often an inline image of many kilobytes, which
/// is not worth parsing to learn that). Tabs and newlines are skipped as the URL parser skips
/// them; anything less plain (say, a leading control character) is left to the parser.
fn is_data_url(raw: &str) -> bool {
    let mut scheme = raw.bytes().filter(|b| !matches!(b, b'\t' | b'\n' | b'\r'));
    b"data:".iter().all(|want| scheme.next().is_some_and(|b| b.to_ascii_lowercase() == *want))
}

/// The plain text: one block a line (a figure contributes its caption, a social post's card its
/// text; the card of a video, audio player or frame contributes nothing: its title is a label,
/// as an image's `alt` is, not words of the article).
pub fn text(blocks: &[Block]) -> String {
    let mut out = String::new();
    let label = |b: &Block| matches!(b.kind, BlockKind::Embed { what, .. } if what != "post");
    for b in blocks.iter().filter(|b| !b.text.is_empty() && !label(b)) {
        out.push_str(&b.text);
        out.push('\n');
    }
    out
}

/// A table's text ([`Block`]'s contract): the caption and a newline, then the rows, a newline
/// between two rows, a tab between two cells.
pub fn table_text(t: &Table) -> String {
    let mut out = String::new();
    if !t.caption.is_empty() {
        out.push_str(&t.caption);
        out.push('\n');
    }
    for (r, row) in t.rows.iter().enumerate() {
        if r > 0 {
            out.push('\n');
        }
        for (c, cell) in row.iter().enumerate() {
            if c > 0 {
                out.push('\t');
            }
            out.push_str(&cell.text);
        }
    }
    out
}

/// What goes inside a table's `<table>` element: the caption, the header rows in `thead`, the
/// others in `tbody`. The newlines and tabs of [`table_text`] stand between the rows and the
/// cells as whitespace text, which the HTML tree builder keeps where it stands inside a table
/// (only other text is moved out of it), so the element's text content is the block's text.
/// A header cell says whether it names a column or a row (`scope`), which screen readers use.
pub fn table_html(t: &Table) -> String {
    let mut out = String::new();
    if !t.caption.is_empty() {
        out.push_str("<caption>");
        out.push_str(&t.caption_html);
        out.push_str("</caption>\n");
    }
    for (r, row) in t.rows.iter().enumerate() {
        let head = r < t.head_rows;
        if r > 0 {
            out.push('\n');
        }
        if r == 0 && head {
            out.push_str("<thead>");
        }
        if r == t.head_rows {
            if r > 0 {
                out.push_str("</thead>");
            }
            out.push_str("<tbody>");
        }
        out.push_str("<tr>");
        for (c, cell) in row.iter().enumerate() {
            if c > 0 {
                out.push('\t');
            }
            let name = if cell.header { "th" } else { "td" };
            out.push('<');
            out.push_str(name);
            if cell.header {
                out.push_str(if head { " scope=\"col\"" } else { " scope=\"row\"" });
            }
            if cell.colspan > 1 {
                out.push_str(&format!(" colspan=\"{}\"", cell.colspan));
            }
            if cell.rowspan > 1 {
                out.push_str(&format!(" rowspan=\"{}\"", cell.rowspan));
            }
            out.push('>');
            out.push_str(&cell.html);
            out.push_str("</");
            out.push_str(name);
            out.push('>');
        }
        out.push_str("</tr>");
    }
    if !t.rows.is_empty() {
        out.push_str(if t.head_rows >= t.rows.len() { "</thead>" } else { "</tbody>" });
    }
    out
}

/// A block's `dir` and `lang` attributes, when it has its own. The language is one of the
/// detector's tags (`lang::detect`), never the page's text.
fn dir_attr(b: &Block) -> String {
    let dir = match b.dir {
        Some(Dir::Rtl) => " dir=\"rtl\"",
        Some(Dir::Ltr) => " dir=\"ltr\"",
        None => "",
    };
    match b.lang {
        Some(lang) => format!("{dir} lang=\"{}\"", escape(lang)),
        None => dir.to_string(),
    }
}

/// The article HTML: one element a block, consecutive list items grouped into lists, a deeper
/// list inside the item before it (a list holds only items). Each block's element carries
/// `data-block="i"`, i its index in `blocks`, so that sentences (which name their block by
/// index) can be found in it.
pub fn html(blocks: &[Block]) -> String {
    let mut out = String::from("<article>");
    // The open lists from the outermost: whether each is ordered, and whether its last item is
    // still open (a deeper list goes inside it; it closes at its next sibling or its list's end).
    let mut lists: Vec<(bool, bool)> = Vec::new();
    fn close_list(out: &mut String, (ordered, item_open): (bool, bool)) {
        if item_open {
            out.push_str("</li>");
        }
        out.push_str(if ordered { "</ol>" } else { "</ul>" });
    }
    // Whether a definition list is open: consecutive terms and definitions share one `dl`;
    // and whether its last definition is: the blocks a definition holds (`in_definition`: a
    // list, a listing) go inside it, and only they, so the lists open then are its own.
    let (mut in_dl, mut dd_open) = (false, false);
    // Whether a post's `<article>` is open: a post holds the blocks after its header up to the
    // next post's header or the end; and how many more of them are its own ([`Post::blocks`]:
    // a post ends where its element ends on the page).
    let mut post_open = false;
    let mut post_left = usize::MAX;
    for (i, b) in blocks.iter().enumerate() {
        if post_open && post_left == 0 && !matches!(b.kind, BlockKind::Post(_)) {
            while let Some(list) = lists.pop() {
                close_list(&mut out, list);
            }
            if dd_open {
                out.push_str("</dd>");
                dd_open = false;
            }
            if in_dl {
                out.push_str("</dl>");
                in_dl = false;
            }
            out.push_str("</article>");
            post_open = false;
        }
        post_left = post_left.saturating_sub(1);
        let definition = matches!(b.kind, BlockKind::Term | BlockKind::Definition);
        let held = in_dl && b.in_definition && !definition;
        if in_dl && !held {
            if dd_open {
                while let Some(list) = lists.pop() {
                    close_list(&mut out, list);
                }
                out.push_str("</dd>");
                dd_open = false;
            }
            if !definition {
                out.push_str("</dl>");
                in_dl = false;
            }
        }
        // A definition that opens with a list or a listing: a `dd` without a block of its own.
        if held && !dd_open {
            out.push_str("<dd>");
            dd_open = true;
        }
        let (depth, ordered) = match b.kind {
            BlockKind::ListItem { depth, ordered } => (usize::from(depth), ordered),
            _ => (0, false),
        };
        while lists.len() > depth
            || (depth > 0 && lists.len() == depth && lists.last().map(|l| l.0) != Some(ordered))
        {
            close_list(&mut out, lists.pop().expect("an open list"));
        }
        if depth > 0 && lists.len() == depth {
            if let Some(last) = lists.last_mut().filter(|l| l.1) {
                out.push_str("</li>");
                last.1 = false;
            }
        }
        while lists.len() < depth {
            // A list two levels deeper than the last item (rare): an item without a block of
            // its own holds it, so that the list is still inside an item.
            if let Some(parent) = lists.last_mut().filter(|l| !l.1) {
                out.push_str("<li>");
                parent.1 = true;
            }
            out.push_str(if ordered { "<ol>" } else { "<ul>" });
            lists.push((ordered, false));
        }
        if definition && !in_dl {
            out.push_str("<dl>");
            in_dl = true;
        }
        let d = dir_attr(b);
        let (open, close) = match &b.kind {
            BlockKind::Heading { level } => {
                let l = (*level).clamp(1, 6);
                (format!("<h{l} data-block=\"{i}\"{d}>"), format!("</h{l}>"))
            }
            BlockKind::Paragraph => (format!("<p data-block=\"{i}\"{d}>"), "</p>".to_string()),
            BlockKind::ListItem { .. } => {
                // Closed by the next item or the list's end (a deeper list may come first).
                if let Some(list) = lists.last_mut() {
                    list.1 = true;
                }
                (format!("<li data-block=\"{i}\"{d}>"), String::new())
            }
            BlockKind::Term => (format!("<dt data-block=\"{i}\"{d}>"), "</dt>".to_string()),
            // Closed by the next block it does not hold.
            BlockKind::Definition => {
                dd_open = true;
                (format!("<dd data-block=\"{i}\"{d}>"), String::new())
            }
            BlockKind::Post(p) => {
                let close = if post_open { "</article>" } else { "" };
                post_open = true;
                post_left = p.blocks;
                (format!("{close}<article><header data-block=\"{i}\"{d}>"), "</header>".to_string())
            }
            BlockKind::Quote => {
                (format!("<blockquote data-block=\"{i}\"{d}>"), "</blockquote>".to_string())
            }
            BlockKind::Preformatted { .. } => {
                (format!("<pre data-block=\"{i}\"{d}>"), "</pre>".to_string())
            }
            // The block's HTML is the table's inside (`table_html`).
            BlockKind::Table(_) => {
                (format!("<table data-block=\"{i}\"{d}>"), "</table>".to_string())
            }
            // A link card (`src/embeds.rs`): the block's HTML is one link to the source.
            BlockKind::Embed { what, .. } => {
                let known = matches!(*what, "video" | "audio" | "post" | "frame");
                let what = if known { what } else { "frame" };
                (format!("<p data-block=\"{i}\" data-embed=\"{what}\"{d}>"), "</p>".to_string())
            }
            // A display formula: the block's HTML is its `math` element (src/math.rs).
            BlockKind::Math => {
                (format!("<p data-block=\"{i}\" data-math=\"display\"{d}>"), "</p>".to_string())
            }
            BlockKind::Figure { src, alt } => {
                // The caption is the figure's text; the image only has attributes. No
                // referrer: the page's own image host learns nothing of the reader (issue 15);
                // the extension's allowlist keeps this one value.
                out.push_str(&format!("<figure data-block=\"{i}\">"));
                out.push_str(&format!(
                    "<img src=\"{}\" alt=\"{}\" referrerpolicy=\"no-referrer\">",
                    escape(src),
                    escape(alt.as_deref().unwrap_or(""))
                ));
                if b.html.is_empty() {
                    (String::new(), "</figure>".to_string())
                } else {
                    (format!("<figcaption{d}>"), "</figcaption></figure>".to_string())
                }
            }
        };
        out.push_str(&open);
        out.push_str(&b.html);
        out.push_str(&close);
    }
    while let Some(list) = lists.pop() {
        close_list(&mut out, list);
    }
    if dd_open {
        out.push_str("</dd>");
    }
    if in_dl {
        out.push_str("</dl>");
    }
    if post_open {
        out.push_str("</article>");
    }
    out.push_str("</article>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extraction::Post;

    #[test]
    fn escape_replaces_the_five_characters_only() {
        assert_eq!(escape(""), "");
        assert_eq!(escape("a<b>&\"c'é"), "a&lt;b&gt;&amp;&quot;c&#39;é");
        assert_eq!(escape("ن&"), "ن&amp;");
        // The vector search against a character-by-character replacement, with the five next
        // to each other, doubled, at both ends and far apart.
        let naive = |s: &str| {
            s.chars()
                .map(|c| match c {
                    '&' => "&amp;".into(),
                    '<' => "&lt;".into(),
                    '>' => "&gt;".into(),
                    '"' => "&quot;".into(),
                    '\'' => "&#39;".into(),
                    c => c.to_string(),
                })
                .collect::<String>()
        };
        for s in [
            "&",
            "''",
            "<>",
            "\"'&<>",
            "a'b\"c&&d<<e>>f",
            &format!("'{}&{}\"", "x".repeat(100), "é".repeat(50)),
            &"it's <b> & \"q\" ".repeat(20),
        ] {
            assert_eq!(escape(s), naive(s), "{s}");
        }
    }

    #[test]
    fn data_urls_are_dropped_before_parsing() {
        let base = url::Url::parse("https://example.org/a/").ok();
        for raw in ["data:image/png;base64,AAAA", "DATA:text/html,x", "da\tta:x", " data:x"] {
            assert!(is_data_url(raw.trim()) || raw.starts_with(' '), "{raw:?}");
            assert_eq!(safe_url(base.as_ref(), raw, UrlUse::Image), None, "{raw:?}");
        }
        assert!(!is_data_url("dat"));
        assert!(!is_data_url("database.png"));
        assert_eq!(
            safe_url(base.as_ref(), "data.png", UrlUse::Image).as_deref(),
            Some("https://example.org/a/data.png")
        );
    }

    #[test]
    fn only_http_https_and_mailto_survive() {
        let base = url::Url::parse("https://a.example/b/").ok();
        let b = base.as_ref();
        assert_eq!(
            safe_url(b, "c.html", UrlUse::Link).as_deref(),
            Some("https://a.example/b/c.html")
        );
        assert_eq!(safe_url(b, "mailto:x@y.z", UrlUse::Link).as_deref(), Some("mailto:x@y.z"));
        for bad in [
            "javascript:alert(1)",
            " JAVASCRIPT:alert(1)",
            "java\tscript:alert(1)",
            "data:text/html,<script>",
            "vbscript:x",
            "#top",
        ] {
            assert_eq!(safe_url(b, bad, UrlUse::Link), None, "{bad}");
        }
        assert_eq!(safe_url(b, "mailto:x@y.z", UrlUse::Image), None);
        assert_eq!(safe_url(None, "/relative", UrlUse::Link), None);
    }

    #[test]
    fn links_to_internationalised_hosts_resolve() {
        // Arabic and Persian hosts, in a link and as the base (`crate::idn`; the stub IDNA back
        // end of Cargo.lock would reject them).
        let base = url::Url::parse("https://example.org/a/").ok();
        let b = base.as_ref();
        assert_eq!(
            safe_url(b, "https://مثال.إختبار/مقالة", UrlUse::Link).as_deref(),
            Some("https://xn--mgbh0fb.xn--kgbechtv/%D9%85%D9%82%D8%A7%D9%84%D8%A9")
        );
        assert_eq!(
            safe_url(b, "//نمونه.ایران/x.jpg", UrlUse::Image).as_deref(),
            Some("https://xn--hhbbbed.xn--mgba3a4f16a/x.jpg")
        );
        let persian = url::Url::parse(&crate::idn::ascii_host("https://نمونه.ایران/")).ok();
        assert_eq!(
            safe_url(persian.as_ref(), "x.html", UrlUse::Link).as_deref(),
            Some("https://xn--hhbbbed.xn--mgba3a4f16a/x.html")
        );
    }

    /// A block of the kind named `kind` (a post's header holding every block after it).
    fn block(kind: &str, text: &str, level: u8, ordered: bool) -> Block {
        let kind = match kind {
            "heading" => BlockKind::Heading { level },
            "paragraph" => BlockKind::Paragraph,
            "listitem" => BlockKind::ListItem { depth: level, ordered },
            "preformatted" => BlockKind::Preformatted { code_lang: None },
            "term" => BlockKind::Term,
            "definition" => BlockKind::Definition,
            "post" => BlockKind::Post(Post { blocks: usize::MAX, ..Post::default() }),
            other => panic!("no block kind {other}"),
        };
        Block::new(kind, text.into(), text.into(), 0)
    }

    #[test]
    fn a_deeper_list_goes_inside_the_item_before_it() {
        let li = |t: &str, level, ordered| block("listitem", t, level, ordered);
        let blocks = [
            li("a", 1, false),
            li("a1", 2, true),
            li("a2", 2, true),
            li("b", 1, false),
            block("paragraph", "p", 0, false),
        ];
        assert_eq!(
            html(&blocks),
            "<article><ul><li data-block=\"0\">a<ol><li data-block=\"1\">a1</li><li data-block=\"2\">a2</li></ol></li>\
             <li data-block=\"3\">b</li></ul><p data-block=\"4\">p</p></article>"
        );
        // Two levels deeper than the last item: an item without a block holds the list.
        assert_eq!(
            html(&[li("x", 1, false), li("y", 3, false)]),
            "<article><ul><li data-block=\"0\">x<ul><li><ul><li data-block=\"1\">y</li></ul></li></ul></li></ul></article>"
        );
        // A list of the other kind at the same depth is a list of its own.
        assert_eq!(
            html(&[li("x", 1, false), li("y", 1, true)]),
            "<article><ul><li data-block=\"0\">x</li></ul><ol><li data-block=\"1\">y</li></ol></article>"
        );
    }

    #[test]
    fn terms_and_definitions_share_one_definition_list() {
        let (t, d) = ("term", "definition");
        let blocks = [
            block(t, "a", 0, false),
            block(d, "b", 0, false),
            block("listitem", "c", 1, false),
            block(t, "e", 0, false),
            block(d, "f", 0, false),
        ];
        assert_eq!(
            html(&blocks),
            "<article><dl><dt data-block=\"0\">a</dt><dd data-block=\"1\">b</dd></dl><ul><li data-block=\"2\">c</li></ul>\
             <dl><dt data-block=\"3\">e</dt><dd data-block=\"4\">f</dd></dl></article>"
        );
    }

    #[test]
    fn a_definition_holds_its_lists_and_listings() {
        let (t, d) = ("term", "definition");
        let held = |kind, text: &str, level| Block {
            in_definition: true,
            ..block(kind, text, level, false)
        };
        let blocks = [
            block(t, "a", 0, false),
            held("listitem", "x", 1),
            held("listitem", "y", 2),
            block(t, "b", 0, false),
            block(d, "c", 0, false),
            held("preformatted", "z", 0),
            block(d, "e", 0, false),
            block("paragraph", "p", 0, false),
        ];
        assert_eq!(
            html(&blocks),
            "<article><dl><dt data-block=\"0\">a</dt><dd><ul><li data-block=\"1\">x<ul><li data-block=\"2\">y</li></ul></li></ul></dd>\
             <dt data-block=\"3\">b</dt><dd data-block=\"4\">c<pre data-block=\"5\">z</pre></dd><dd data-block=\"6\">e</dd></dl>\
             <p data-block=\"7\">p</p></article>"
        );
        // Outside a definition list the mark changes nothing.
        assert_eq!(
            html(&[held("listitem", "x", 1)]),
            "<article><ul><li data-block=\"0\">x</li></ul></article>"
        );
        assert_eq!(html(&[block(d, "c", 0, false), held("listitem", "x", 1)]), "<article><dl><dd data-block=\"0\">c<ul><li data-block=\"1\">x</li></ul></dd></dl></article>");
    }

    #[test]
    fn a_post_holds_the_blocks_after_its_header() {
        let post = |t: &str| block("post", t, 0, false);
        let blocks = [
            block("heading", "Q", 1, false),
            post("Ann"),
            block("paragraph", "a", 0, false),
            block("listitem", "l", 1, false),
            post("Bo"),
            block("term", "t", 0, false),
        ];
        assert_eq!(
            html(&blocks),
            "<article><h1 data-block=\"0\">Q</h1><article><header data-block=\"1\">Ann</header><p data-block=\"2\">a</p><ul><li data-block=\"3\">l</li></ul></article>\
             <article><header data-block=\"4\">Bo</header><dl><dt data-block=\"5\">t</dt></dl></article></article>"
        );
    }

    #[test]
    fn a_post_ends_after_its_own_blocks() {
        // The page's text after the last post (a footer, "Powered by Discourse") and text between
        // two posts stand outside any post, after its lists and definition lists are closed.
        let post = |t: &str, n| {
            let post = Post { author: Some(t.into()), date: None, blocks: n };
            Block::new(BlockKind::Post(post), t.into(), t.into(), 0)
        };
        let p = |t: &str| block("paragraph", t, 0, false);
        let blocks = [
            post("Ann", 1),
            block("listitem", "l", 1, false),
            p("between"),
            post("Bo", 2),
            p("a"),
            block("term", "t", 0, false),
            p("Powered by"),
        ];
        assert_eq!(
            html(&blocks),
            "<article><article><header data-block=\"0\">Ann</header><ul><li data-block=\"1\">l</li></ul></article><p data-block=\"2\">between</p>\
             <article><header data-block=\"3\">Bo</header><p data-block=\"4\">a</p><dl><dt data-block=\"5\">t</dt></dl></article><p data-block=\"6\">Powered by</p></article>"
        );
        // A post of no blocks of its own (its words were not chosen) is its header alone.
        assert_eq!(html(&[post("Cy", 0), p("x")]), "<article><article><header data-block=\"0\">Cy</header></article><p data-block=\"1\">x</p></article>");
    }

    #[test]
    fn escaping_covers_markup_and_quotes() {
        assert_eq!(
            escape("<a href=\"x\" onclick='y'>&"),
            "&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;"
        );
    }
}
