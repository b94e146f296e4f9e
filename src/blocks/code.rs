//! Code blocks: where a listing is (a `pre`, a highlighter's table), the language the page
//! gives it, and its text as written.

use crate::html::{is_block, is_void};
use crate::preprocess::{Page, Tok};
use crate::render::escape;
use crate::settings::pipeline::MAX_DEPTH;
use crate::tokenize::{Name, Tag};

/// A code block of the page: a `pre` (`listing`, `xmp`), or the table of a table-based
/// highlighter (Pygments' `highlighttable`, Rouge's `rouge-table`, Chroma's `lntable`,
/// highlight.js's line-number plugin), tokens `start..=end` (the last token when it is never
/// closed), with the language the page gives it and whether it is marked up as code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodeBlock {
    pub start: usize,
    pub end: usize,
    pub lang: Option<String>,
    /// It holds a `code` element, names a language or is a highlighter's table: written as
    /// `<pre><code>`, not as a bare `<pre>`.
    pub code: bool,
}

/// Elements whose content keeps its whitespace and is read as one block.
fn is_pre(name: &Name) -> bool {
    matches!(name.tag(), Some(Tag::Pre | Tag::Listing | Tag::Xmp))
}

/// The classes of `tok`, lowercased.
pub fn classes<'t>(tok: &'t Tok<'_>) -> impl Iterator<Item = String> + 't {
    tok.attr("class").unwrap_or("").split_ascii_whitespace().map(str::to_ascii_lowercase)
}

/// The table of a table-based highlighter, by its class.
fn is_code_table(tok: &Tok) -> bool {
    classes(tok).any(|c| {
        matches!(
            &*c,
            "highlighttable"
                | "codehilitetable"
                | "rouge-table"
                | "lntable"
                | "linenotable"
                | "hljs-ln"
                | "js-file-line-container"
        )
    })
}

/// A line-number gutter, by its class: Pygments (`linenos`, `linenodiv`, `lineno`), Rouge
/// (`rouge-gutter`, `gutter`), Chroma (`lnt`, `ln`), highlight.js's line-number plugin
/// (`hljs-ln-numbers`, `hljs-ln-n`), Prism (`line-numbers-rows`, also `aria-hidden`, which
/// preprocessing drops), GitHub (`blob-num`). Its text is not the code's.
fn is_gutter(tok: &Tok) -> bool {
    classes(tok).any(|c| {
        matches!(
            &*c,
            "linenos"
                | "linenodiv"
                | "lineno"
                | "rouge-gutter"
                | "gutter"
                | "lnt"
                | "ln"
                | "hljs-ln-numbers"
                | "hljs-ln-n"
                | "line-numbers-rows"
                | "blob-num"
                | "line-number"
        )
    })
}

/// A language name as the article HTML may carry it (`language-` followed by it is the only
/// class it writes): lowercase `a-z`, `0-9`, `+`, `#`, `-`, 1 to 32 characters; the names that
/// say "no language" (Prism's `none`, highlight.js's `nohighlight`, `text`) give none.
fn language_name(v: &str) -> Option<String> {
    let v = v.trim().trim_end_matches(';').to_ascii_lowercase();
    let ok = (1..=32).contains(&v.len())
        && v.bytes().all(|b| {
            b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'+' | b'#' | b'-')
        });
    (ok && !matches!(&*v, "none" | "nohighlight" | "text" | "plaintext" | "plain" | "txt"))
        .then_some(v)
}

/// The language an element names: `data-lang`/`data-language` (Hugo, Jekyll, Astro), or a
/// class `language-x` (HTML's own convention, Prism, highlight.js, MkDocs, Docusaurus),
/// `lang-x` (Google's prettify), `highlight-x` (GitHub's `highlight-source-js`: the scope's
/// first name after `source-`/`text-`), `brush: x` (SyntaxHighlighter).
fn language(tok: &Tok) -> Option<String> {
    if let Some(l) =
        ["data-lang", "data-language"].iter().find_map(|k| tok.attr(k).and_then(language_name))
    {
        return Some(l);
    }
    let mut words = classes(tok);
    while let Some(w) = words.next() {
        let name = if let Some(l) = w.strip_prefix("language-").or_else(|| w.strip_prefix("lang-"))
        {
            l.to_string()
        } else if let Some(scope) = w.strip_prefix("highlight-") {
            let scope = scope
                .strip_prefix("source-")
                .or_else(|| scope.strip_prefix("text-"))
                .unwrap_or(scope);
            scope.split('-').next().unwrap_or_default().to_string()
        } else if w == "brush:" {
            words.next().unwrap_or_default()
        } else if let Some(l) = w.strip_prefix("brush:") {
            l.to_string()
        } else {
            continue;
        };
        if let Some(l) = language_name(&name) {
            return Some(l);
        }
    }
    None
}

/// Whether `s` is a column of line numbers (at least two, each one more than the last): the
/// gutter of a highlighter that marks it with no class we know.
fn is_line_numbers(s: &str) -> bool {
    let numbers: Option<Vec<u64>> = s.split_whitespace().map(|w| w.parse().ok()).collect();
    numbers.is_some_and(|n| n.len() >= 2 && n.windows(2).all(|w| w[1] == w[0] + 1))
}

/// The page's code blocks in document order, outermost only (a `pre` inside a highlighter's
/// table, or a table inside a `pre`, is part of it). The language is the first one named by
/// the container, one of its two nearest ancestors (MkDocs' `div.language-python`,
/// Docusaurus' and Jekyll's wrappers, GitHub's `div.highlight-source-js`), or a `code`, `pre`
/// or `div` inside it.
pub fn code_blocks(page: &Page) -> Vec<CodeBlock> {
    // Most pages hold no code: their tokens are not walked with the stack below, which would
    // find none.
    let container = |tok: &Tok| matches!(tok, Tok::Start { name: tag, self_closing: false, .. } if is_pre(tag) || (tag.is(Tag::Table) && is_code_table(tok)));
    let toks: &[Tok] = if page.toks.iter().any(container) { &page.toks } else { &[] };
    // Open elements as the builder tracks them: name and start tag. (`Name`s: an end tag finds
    // its element by comparing `Tag`s.)
    let mut stack: Vec<(&Name, usize)> = Vec::new();
    // The block being read and its depth in `stack`.
    let mut open: Option<(CodeBlock, usize)> = None;
    let mut out = Vec::new();
    for (i, tok) in toks.iter().enumerate() {
        match tok {
            Tok::Start { name: tag, self_closing, .. } => {
                if open.is_none() && container(tok) && stack.len() < MAX_DEPTH {
                    let lang = language(tok).or_else(|| {
                        stack.iter().rev().take(2).find_map(|&(_, t)| language(&page.toks[t]))
                    });
                    let code = tag.is(Tag::Table) || lang.is_some();
                    open = Some((CodeBlock { start: i, end: i, lang, code }, stack.len()));
                } else if let Some((c, _)) = open.as_mut() {
                    c.code |= tag.is(Tag::Code);
                    if c.lang.is_none()
                        && matches!(tag.tag(), Some(Tag::Code | Tag::Pre | Tag::Div))
                    {
                        c.lang = language(tok);
                        c.code |= c.lang.is_some();
                    }
                }
                if !is_void(tag) && !self_closing && stack.len() < MAX_DEPTH {
                    stack.push((tag, i));
                }
            }
            Tok::End { name } => {
                if let Some(pos) = stack.iter().rposition(|(n, _)| *n == name) {
                    stack.truncate(pos);
                    if let Some((mut c, _)) = open.take_if(|(_, depth)| pos <= *depth) {
                        c.end = i;
                        out.push(c);
                    }
                }
            }
            Tok::Text(_) => {}
        }
    }
    if let Some((mut c, _)) = open {
        c.end = page.toks.len().saturating_sub(1);
        out.push(c);
    }
    out
}

/// The text and HTML of code block `c`: its text as written (the browser's rendering of it: a
/// line break for `br`, for each row of a highlighter's table and around block elements),
/// without the line-number gutters ([`is_gutter`], [`is_line_numbers`]) and the text the tree
/// builder would move out of a table; its HTML the text escaped, in `<code class="language-x">`
/// when it is code (the token spans of a highlighter are presentation). `None` when it holds
/// nothing but blanks or line numbers.
pub fn read(page: &Page, c: &CodeBlock) -> Option<(String, String)> {
    let mut text = String::new();
    let mut open: Vec<&str> = Vec::new();
    // The depth in `open` of the gutter being skipped.
    let mut gutter: Option<usize> = None;
    // Where the open table cell's text and the current table row's text begin.
    let (mut cell_at, mut row_at) = (0, None::<usize>);
    for tok in &page.toks[c.start..=c.end] {
        match tok {
            Tok::Start { name, self_closing, .. } => {
                let name: &str = name;
                if gutter.is_none() {
                    if is_gutter(tok) {
                        gutter = Some(open.len());
                    } else if name == "br" {
                        text.push('\n');
                    } else if name == "tr" {
                        // A row is a line: ended here unless it ended itself.
                        if row_at.is_some_and(|at| text.len() == at || !text.ends_with('\n')) {
                            text.push('\n');
                        }
                        row_at = Some(text.len());
                    } else if matches!(name, "td" | "th") {
                        cell_at = text.len();
                    } else if is_block(name)
                        && !matches!(name, "table" | "thead" | "tbody" | "tfoot")
                        && !text.is_empty()
                        && !text.ends_with('\n')
                    {
                        text.push('\n');
                    }
                }
                if !is_void(name) && !self_closing && open.len() < MAX_DEPTH {
                    open.push(name);
                }
            }
            Tok::End { name } => {
                if let Some(pos) = open.iter().rposition(|n| *n == &**name) {
                    open.truncate(pos);
                    if gutter.is_some_and(|g| pos <= g) {
                        gutter = None;
                        continue;
                    }
                }
                if gutter.is_none() {
                    if matches!(&**name, "td" | "th")
                        && is_line_numbers(&text[cell_at.min(text.len())..])
                    {
                        text.truncate(cell_at);
                    } else if is_block(name)
                        && !matches!(
                            &**name,
                            "table" | "thead" | "tbody" | "tfoot" | "tr" | "td" | "th"
                        )
                        && !text.is_empty()
                        && !text.ends_with('\n')
                    {
                        text.push('\n');
                    }
                }
            }
            Tok::Text(t) => {
                let in_rows = open
                    .last()
                    .is_some_and(|n| matches!(*n, "table" | "thead" | "tbody" | "tfoot" | "tr"));
                if gutter.is_none() && !in_rows {
                    text.push_str(t);
                }
            }
        }
    }
    let text = text.trim_matches('\n');
    if text.trim().is_empty() || is_line_numbers(text) {
        return None;
    }
    let html = match (&c.lang, c.code) {
        (Some(lang), _) => {
            format!("<code class=\"language-{}\">{}</code>", escape(lang), escape(text))
        }
        (None, true) => format!("<code>{}</code>", escape(text)),
        (None, false) => escape(text),
    };
    Some((text.to_string(), html))
}
