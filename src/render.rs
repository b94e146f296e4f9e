//! The article as plain text and as HTML that can never run.
//!
//! The HTML is built, never copied: only the elements written here (`article`, `h1`..`h6`, `p`,
//! `ul`, `ol`, `li`, `blockquote`, `pre`, `figure`, `img`, `figcaption` and the inline set of
//! the block builder), only the attributes `href`, `src`, `alt`, `dir` and the block index
//! `data-block`; every text and attribute
//! value escaped; URLs only `http:`, `https:` or `mailto:` after WHATWG resolution.

use crate::extraction::{Block, BlockKind, Dir};

/// Escapes text for HTML element content and double-quoted attribute values.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + s.len() / 8);
    // The five characters are ASCII, so they are found byte by byte and the runs between them
    // copied whole.
    let mut from = 0;
    for (i, b) in s.bytes().enumerate() {
        let entity = match b {
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            b'"' => "&quot;",
            b'\'' => "&#39;",
            _ => continue,
        };
        out.push_str(&s[from..i]);
        out.push_str(entity);
        from = i + 1;
    }
    out.push_str(&s[from..]);
    out
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
    // does, so `jav&#x09;ascript:` cannot slip through as a relative path.
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

/// The plain text: one block a line (a figure contributes its caption).
pub fn text(blocks: &[Block]) -> String {
    let mut out = String::new();
    for b in blocks.iter().filter(|b| !b.text.is_empty()) {
        out.push_str(&b.text);
        out.push('\n');
    }
    out
}

fn dir_attr(b: &Block) -> &'static str {
    match b.dir {
        Some(Dir::Rtl) => " dir=\"rtl\"",
        Some(Dir::Ltr) => " dir=\"ltr\"",
        None => "",
    }
}

/// The article HTML: one element a block, consecutive list items grouped into lists. Each
/// block's element carries `data-block="i"`, i its index in `blocks`, so that sentences (which
/// name their block by index) can be found in it.
pub fn html(blocks: &[Block]) -> String {
    let mut out = String::from("<article>");
    // Open lists as (ordered) from the outermost.
    let mut lists: Vec<bool> = Vec::new();
    for (i, b) in blocks.iter().enumerate() {
        let depth = if b.kind == BlockKind::ListItem { b.level as usize } else { 0 };
        while lists.len() > depth || (depth > 0 && lists.len() == depth && lists.last() != Some(&b.ordered)) {
            out.push_str(if lists.pop() == Some(true) { "</ol>" } else { "</ul>" });
        }
        while lists.len() < depth {
            out.push_str(if b.ordered { "<ol>" } else { "<ul>" });
            lists.push(b.ordered);
        }
        let d = dir_attr(b);
        let (open, close) = match b.kind {
            BlockKind::Heading => {
                let l = b.level.clamp(1, 6);
                (format!("<h{l} data-block=\"{i}\"{d}>"), format!("</h{l}>"))
            }
            BlockKind::Paragraph => (format!("<p data-block=\"{i}\"{d}>"), "</p>".to_string()),
            BlockKind::ListItem => (format!("<li data-block=\"{i}\"{d}>"), "</li>".to_string()),
            BlockKind::Quote => (format!("<blockquote data-block=\"{i}\"{d}>"), "</blockquote>".to_string()),
            BlockKind::Preformatted => (format!("<pre data-block=\"{i}\"{d}>"), "</pre>".to_string()),
            BlockKind::Figure => {
                // The caption is the figure's text; the image only has attributes.
                out.push_str(&format!("<figure data-block=\"{i}\">"));
                if let Some(src) = &b.src {
                    out.push_str(&format!("<img src=\"{}\" alt=\"{}\">", escape(src), escape(b.alt.as_deref().unwrap_or(""))));
                }
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
    while let Some(ordered) = lists.pop() {
        out.push_str(if ordered { "</ol>" } else { "</ul>" });
    }
    out.push_str("</article>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_replaces_the_five_characters_only() {
        assert_eq!(escape(""), "");
        assert_eq!(escape("a<b>&\"c'é"), "a&lt;b&gt;&amp;&quot;c&#39;é");
        assert_eq!(escape("ن&"), "ن&amp;");
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
        assert_eq!(safe_url(base.as_ref(), "data.png", UrlUse::Image).as_deref(), Some("https://example.org/a/data.png"));
    }

    #[test]
    fn only_http_https_and_mailto_survive() {
        let base = url::Url::parse("https://a.example/b/").ok();
        let b = base.as_ref();
        assert_eq!(safe_url(b, "c.html", UrlUse::Link).as_deref(), Some("https://a.example/b/c.html"));
        assert_eq!(safe_url(b, "mailto:x@y.z", UrlUse::Link).as_deref(), Some("mailto:x@y.z"));
        for bad in ["javascript:alert(1)", " JAVASCRIPT:alert(1)", "java\tscript:alert(1)", "data:text/html,<script>", "vbscript:x", "#top"] {
            assert_eq!(safe_url(b, bad, UrlUse::Link), None, "{bad}");
        }
        assert_eq!(safe_url(b, "mailto:x@y.z", UrlUse::Image), None);
        assert_eq!(safe_url(None, "/relative", UrlUse::Link), None);
    }

    #[test]
    fn escaping_covers_markup_and_quotes() {
        assert_eq!(escape("<a href=\"x\" onclick='y'>&"), "&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;");
    }
}
