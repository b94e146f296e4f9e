//! Phase 4 of thesis chapter 4: the chosen lines become the article.
//!
//! - R2L (4.3.5): each chosen line keeps only its right-to-left (non-ASCII) characters.
//! - DANA, DANAg, AdDANAg (4.4.1): the chosen lines go through an error-tolerant parser. Ours
//!   walks the whole token stream keeping a stack of open elements, so that a chosen line
//!   inside a `<pre>`, a list or a heading opened earlier is still read in that context, but
//!   only tokens of chosen lines produce output. Stray end tags are ignored, unclosed
//!   elements close at the end: any token sequence is valid input.

use std::ops::Range;

use crate::extraction::{Block, BlockKind, Cell, Post, Table};
use crate::figures;
use crate::html::{collapse_whitespace, is_block, is_space, is_void, needs_collapse};
use crate::options::Algorithm;
use crate::preprocess::{canonical, Page, Tok};
use crate::render::{escape, escape_into, safe_url, table_html, table_text, UrlUse};
use crate::tokenize::{Name, Tag};

/// Builds the blocks of the main content from the lines marked in `chosen`, with two
/// refinements of ours that `--thesis` turns off (its phase 4, thesis 4.4.1, reads the chosen
/// lines only):
/// - `whole_code` (`Options::article`): a code block is kept whole or not at all
///   (`Builder::code`);
/// - `captions` (`Options::media`): the caption of a kept figure is read even where its lines
///   were not chosen (a caption is a short line that is mostly tags, so Algorithm 1 rarely
///   chooses it).
pub fn build(
    page: &Page,
    chosen: &[bool],
    algorithm: Algorithm,
    url: Option<&str>,
    whole_code: bool,
    captions: bool,
) -> Vec<Block> {
    match algorithm {
        Algorithm::R2l => r2l_lines(page, chosen),
        _ => Builder::new(page, url, captions).run(chosen, whole_code),
    }
}

/// Strip mode's kept elements ([`crate::Extraction::kept_ids`]): the ids of the start tags
/// on the lines phase 4 reads (`chosen`, the lines the `blocks` start on and the headline's
/// `title_line`) that hold content (T1 > 0) or an image, in document order, each once. The ids
/// come from the tokens' parsed attributes ([`Page::element_ids`]), so text that merely looks
/// like an id (in an attribute value, a comment or a script) keeps nothing.
pub fn kept_ids(
    page: &Page,
    chosen: &[bool],
    t1: &[u32],
    blocks: &[Block],
    title_line: Option<usize>,
) -> Vec<u32> {
    if page.element_ids.is_empty() {
        return Vec::new();
    }
    let mut read = chosen.to_vec();
    for line in blocks.iter().map(|b| b.line).chain(title_line) {
        if let Some(r) = read.get_mut(line) {
            *r = true;
        }
    }
    let has_image = |line: usize| {
        let l = &page.lines[line];
        page.toks[l.start..l.end].iter().any(|t| matches!(t, Tok::Start { name, .. } if matches!(&**name, "img" | "iframe" | "video" | "audio")))
    };
    let keep: Vec<bool> =
        read.iter().enumerate().map(|(line, &r)| r && (t1[line] > 0 || has_image(line))).collect();
    // A table block is kept whole: its `<table>` element (the first token of the block's
    // line), so that strip mode hides none of its rows or columns. So is a code block: its
    // `<pre>` (or highlighter table), so that no line of the code is hidden.
    let tables: Vec<usize> = blocks
        .iter()
        .filter(|b| matches!(b.kind, BlockKind::Table | BlockKind::Preformatted | BlockKind::Embed))
        .map(|b| page.lines[b.line].start)
        .collect();
    let mut seen = std::collections::HashSet::new();
    page.element_ids
        .iter()
        .filter(|(tok, _)| keep[page.line_of[*tok] as usize] || tables.binary_search(tok).is_ok())
        .map(|(_, id)| *id)
        .filter(|id| seen.insert(*id))
        .collect()
}

/// A data table of the page: the token indices of its `<table>` start tag and of its end tag
/// (the last token when it is never closed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct DataTable {
    start: usize,
    end: usize,
}

/// What is counted of an open table to tell a data table from a layout table.
#[derive(Default)]
struct TableStats {
    start: usize,
    rows: u32,
    /// The most columns of a row (colspans summed), and those of the row being read.
    cols: u32,
    row_cols: u32,
    cells: u32,
    /// Characters of text inside.
    chars: usize,
    /// A caption, a `thead` or a `th`.
    header: bool,
    /// Says it is layout (`role=presentation`/`none`), or holds what a data table does not:
    /// another table, a heading (but a row-group label, see `head_cells`), a form or
    /// sectioning elements.
    layout: bool,
    /// The first row's cells while all of them are header cells (0 once one is not), and the
    /// colspan of the cell being read. A heading in a row's one cell, as wide as the table,
    /// under a first row of two or more header cells labels the rows after it (an events
    /// table's "Film club" between its groups of rows): a page laid out in a table does not
    /// name its columns, so only there is a heading not a sign of layout. (Our refinement,
    /// with `labels`: under the thesis such a table stays layout, as it was read.)
    head_cells: u32,
    span: u32,
}

impl TableStats {
    /// Data or layout, after Readability.js's `_isDataTable` (Mozilla): fewer than two rows or
    /// two columns is layout; a caption, a header section or header cells make a data table,
    /// and so does size alone (10 rows, more than 4 columns, more than 10 cells). Ours adds
    /// prose: cells holding over 160 characters on average are a page laid out in a table.
    fn is_data(&self) -> bool {
        if self.layout || self.rows < 2 || self.cols < 2 || self.chars > 160 * self.cells as usize {
            return false;
        }
        self.header || self.rows >= 10 || self.cols > 4 || self.rows * self.cols > 10
    }
}

/// The page's data tables in document order. A table holding another table is layout, so data
/// tables never nest. With `labels` (`Options::article`), headings labelling groups of rows do
/// not make a table layout (`TableStats::head_cells`).
fn data_tables(page: &Page, labels: bool) -> Vec<DataTable> {
    let mut open: Vec<TableStats> = Vec::new();
    let mut out = Vec::new();
    for (i, tok) in page.toks.iter().enumerate() {
        match tok {
            Tok::Start { name, .. } if name.is(Tag::Table) => {
                if let Some(outer) = open.last_mut() {
                    outer.layout = true;
                }
                let presentation =
                    tok.attr("role").is_some_and(|r| matches!(r.trim(), "presentation" | "none"));
                open.push(TableStats { start: i, layout: presentation, ..TableStats::default() });
            }
            Tok::Start { name, .. } => {
                let Some(t) = open.last_mut() else { continue };
                match &**name {
                    "tr" => {
                        t.rows += 1;
                        t.row_cols = 0;
                    }
                    "td" | "th" => {
                        t.span = tok
                            .attr("colspan")
                            .and_then(|v| v.trim().parse::<u32>().ok())
                            .unwrap_or(1)
                            .clamp(1, 1000);
                        t.row_cols += t.span;
                        t.cols = t.cols.max(t.row_cols);
                        t.cells += 1;
                        t.header |= name == "th";
                        if t.rows <= 1 {
                            t.head_cells = if name == "th" && t.cells == t.head_cells + 1 {
                                t.cells
                            } else {
                                0
                            };
                        }
                    }
                    "caption" | "thead" => t.header = true,
                    "h1" | "h2" | "h3" | "h4" | "h5" | "h6"
                        if labels
                            && t.rows > 1
                            && t.head_cells >= 2
                            && t.row_cols == t.span
                            && t.span >= t.cols => {}
                    "h1" | "h2" | "h3" | "h4" | "h5" | "h6" | "form" | "input" | "article"
                    | "section" | "nav" | "main" | "header" | "footer" | "aside" => t.layout = true,
                    _ => {}
                }
            }
            Tok::End { name } if name.is(Tag::Table) => {
                if let Some(t) = open.pop().filter(TableStats::is_data) {
                    out.push(DataTable { start: t.start, end: i });
                }
            }
            Tok::Text(text) => {
                if let Some(t) = open.last_mut() {
                    t.chars += text.chars().count();
                }
            }
            Tok::End { .. } => {}
        }
    }
    // Tables never closed end with the page.
    let end = page.toks.len().saturating_sub(1);
    out.extend(open.iter().filter(|t| t.is_data()).map(|t| DataTable { start: t.start, end }));
    out.sort_by_key(|t| t.start);
    out
}

/// A code block of the page: a `pre` (`listing`, `xmp`), or the table of a table-based
/// highlighter (Pygments' `highlighttable`, Rouge's `rouge-table`, Chroma's `lntable`,
/// highlight.js's line-number plugin), tokens `start..=end` (the last token when it is never
/// closed), with the language the page gives it and whether it is marked up as code.
#[derive(Clone, Debug, PartialEq, Eq)]
struct CodeBlock {
    start: usize,
    end: usize,
    lang: Option<String>,
    /// It holds a `code` element, names a language or is a highlighter's table: written as
    /// `<pre><code>`, not as a bare `<pre>`.
    code: bool,
}

/// Elements whose content keeps its whitespace and is read as one block.
fn is_pre(name: &Name) -> bool {
    matches!(name.tag(), Some(Tag::Pre | Tag::Listing | Tag::Xmp))
}

/// The classes of `tok`, lowercased.
fn classes<'t>(tok: &'t Tok<'_>) -> impl Iterator<Item = String> + 't {
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
fn code_blocks(page: &Page) -> Vec<CodeBlock> {
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

/// A post of a thread as the page marks it ([`Post`]): tokens `start..=end` of its element, its
/// author and date, and the token ranges of the elements they were read from (their text is the
/// post's header, not a paragraph of it).
#[derive(Clone, Debug, Default)]
struct PostMark {
    start: usize,
    end: usize,
    post: Post,
    quiet: Vec<(usize, usize)>,
    /// The date as the page shows it (the text of its `time`), whitespace collapsed; empty when
    /// it shows none.
    shown: String,
    /// An `<article>` (not microdata): a post only on a page of two or more.
    article: bool,
}

/// Whether start tag `tok` is a post by its schema.org microdata type (the `itemtype` URL's
/// last segment; a forum's `DiscussionForumPosting`, Stack Exchange's `Question` and `Answer`,
/// a blog's `Comment`).
fn is_post_type(tok: &Tok) -> bool {
    tok.attr("itemtype").is_some_and(|t| {
        t.split_ascii_whitespace().any(|t| t.rsplit('/').next().is_some_and(is_post_type_name))
    })
}

/// The schema.org types of a post.
const POST_TYPES: [&str; 5] =
    ["Comment", "Answer", "Question", "DiscussionForumPosting", "SocialMediaPosting"];

/// Whether a schema.org type name is a post's.
fn is_post_type_name(t: &str) -> bool {
    POST_TYPES.contains(&t)
}

/// A date as the article may carry it ([`Post::date`]).
fn post_date(v: &str) -> Option<String> {
    let v = v.trim();
    let ok = (4..=64).contains(&v.len())
        && v.as_bytes()[..4].iter().all(u8::is_ascii_digit)
        && v.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b':' | b'+' | b'-' | b'.'));
    ok.then(|| v.to_string())
}

/// The page's posts in document order, innermost attribution: an author or a date inside a
/// reply nested in a post is the reply's. The author is the first `itemprop=author` (its
/// `itemprop=name` when it has one: Stack Exchange writes the name twice), else the first
/// `rel=author` or element of class `author`, `username`, `creator` or `user-name`; the date
/// the first `itemprop=dateCreated`/`datePublished`, else the first `<time datetime>`.
fn post_marks(page: &Page) -> Vec<PostMark> {
    // Most pages have no element that starts a post (no `article`, no post's microdata): their
    // tokens are not walked with the stack below, which would find none (the posts they may
    // declare in JSON-LD are read all the same, at the end).
    let starts_post = |t: &Tok| matches!(t, Tok::Start { name, self_closing: false, .. } if name.is(Tag::Article) || is_post_type(t));
    let toks: &[Tok] = if page.toks.iter().any(starts_post) { &page.toks } else { &[] };
    // Open elements: name, and the index in `open_posts` of the post it started, if any.
    let mut stack: Vec<(&Name, Option<usize>)> = Vec::new();
    let mut marks: Vec<PostMark> = Vec::new();
    let mut open_posts: Vec<usize> = Vec::new();
    // Text being read for the innermost post: (post, kind, depth in `stack`, start token, text),
    // kind 0 an `itemprop=author`, 1 its `itemprop=name`, 2 a class-marked author, 3 a date,
    // 4 the post's number.
    let mut reading: Vec<(usize, u8, usize, usize, String)> = Vec::new();
    // What each post has: an itemprop author, a name, a class author; read so far.
    let mut got: Vec<[Option<(String, usize, usize)>; 3]> = Vec::new();
    for (i, tok) in toks.iter().enumerate() {
        match tok {
            Tok::Start { name: tag, self_closing, .. } => {
                let name: &str = tag;
                let post_here = starts_post(tok);
                if let Some(&p) = open_posts.last() {
                    let prop = tok.attr("itemprop").unwrap_or("");
                    let has = |w: &str| prop.split_ascii_whitespace().any(|p| p == w);
                    let class_author = tok.attr("rel").is_some_and(|r| {
                        r.split_ascii_whitespace().any(|r| r.eq_ignore_ascii_case("author"))
                    }) || classes(tok).any(|c| {
                        matches!(
                            &*c,
                            "author" | "username" | "creator" | "user-name" | "post-author"
                        )
                    });
                    let date = has("dateCreated")
                        || has("datePublished")
                        || (name == "time" && tok.attr("datetime").is_some());
                    // A `time` that shows its date takes over from a declared one that shows
                    // none (Discourse's `<meta itemprop=datePublished>` before the post's time).
                    let shows = name == "time"
                        && !self_closing
                        && marks[p].shown.is_empty()
                        && !reading.iter().any(|r| r.0 == p && r.1 == 3);
                    if date && (marks[p].post.date.is_none() || shows) {
                        if let Some(d) = ["datetime", "content"]
                            .iter()
                            .find_map(|k| tok.attr(k).and_then(post_date))
                        {
                            marks[p].post.date = Some(d);
                            let end = if *self_closing || is_void(tag) { i } else { usize::MAX };
                            marks[p].quiet.push((i, end));
                            if end == usize::MAX {
                                reading.push((p, 3, stack.len(), i, String::new()));
                            }
                        }
                    }
                    // The post's number in the thread (`itemprop=position`) and its count of likes
                    // (`itemprop=interactionStatistic`, Discourse's "2 Likes") are the page's
                    // furniture, not the post's words: quiet, like its author and date.
                    if (has("position") || has("interactionStatistic"))
                        && !self_closing
                        && !is_void(tag)
                    {
                        marks[p].quiet.push((i, usize::MAX));
                        reading.push((p, 4, stack.len(), i, String::new()));
                    }
                    let kind = if has("author") {
                        Some(0)
                    } else if has("name") && reading.iter().any(|r| r.0 == p && r.1 == 0) {
                        Some(1)
                    } else if class_author {
                        Some(2)
                    } else {
                        None
                    };
                    if let Some(k) = kind.filter(|&k| {
                        got[p][k as usize].is_none()
                            && !reading.iter().any(|r| r.0 == p && r.1 == k)
                    }) {
                        if let Some(c) = tok.attr("content").filter(|_| k == 1) {
                            got[p][1] = Some((c.to_string(), i, i));
                        } else if !self_closing && !is_void(tag) {
                            reading.push((p, k, stack.len(), i, String::new()));
                        }
                    }
                }
                if post_here {
                    open_posts.push(marks.len());
                    marks.push(PostMark {
                        start: i,
                        end: page.toks.len() - 1,
                        article: name == "article" && !is_post_type(tok),
                        ..PostMark::default()
                    });
                    got.push(Default::default());
                }
                if !is_void(tag) && !self_closing && stack.len() < MAX_DEPTH {
                    stack.push((tag, post_here.then(|| marks.len() - 1)));
                }
            }
            Tok::End { name } => {
                let Some(pos) = stack.iter().rposition(|(n, _)| *n == name) else { continue };
                for (_, post) in stack.drain(pos..) {
                    if let Some(p) = post {
                        marks[p].end = i;
                        open_posts.retain(|&q| q != p);
                    }
                }
                while reading.last().is_some_and(|r| r.2 >= pos) {
                    let Some((p, k, _, start, text)) = reading.pop() else { break };
                    if k >= 3 {
                        if let Some(q) = marks[p].quiet.iter_mut().find(|q| q.0 == start) {
                            q.1 = i;
                        }
                        if k == 3 {
                            marks[p].shown = collapse_whitespace(&text).trim().to_string();
                        }
                    } else if got[p][k as usize].is_none() {
                        got[p][k as usize] = Some((text, start, i));
                    }
                }
            }
            Tok::Text(t) => {
                for r in reading.iter_mut() {
                    r.4.push_str(t);
                    r.4.push(' ');
                }
            }
        }
    }
    for (m, g) in marks.iter_mut().zip(got) {
        let [itemprop, name, class] = g;
        // A name the page marks as one (`itemprop=name`) is taken as written when it is short:
        // a forum's handle (`user30200`) is a name there, though a byline's cleaning refuses it.
        let marked = name.as_ref().and_then(|n| short_name(&n.0));
        let chosen = match (&itemprop, name) {
            // Only the name's own element is the header's: the author's card may hold more (Stack
            // Exchange's "answered …" line, a reputation); but a short card of words alone is the
            // header's whole (Discourse's name and then "(Full Name)" in the `itemprop=author`
            // element). A card with a number in it keeps it: it may be the only date shown.
            (Some(a), Some(n))
                if collapse_whitespace(&a.0).trim().chars().count() <= 64
                    && !a.0.replacen(&n.0, "", 1).chars().any(|c| c.is_numeric()) =>
            {
                Some((n.0, a.1, a.2))
            }
            (Some(_), Some(n)) => Some(n),
            (Some(a), None) => Some(a.clone()),
            (None, _) => class,
        };
        if let Some((text, from, to)) = chosen {
            if let Some(author) = crate::meta::clean_names(&text, true).or(marked) {
                m.post.author = Some(author);
                m.quiet.push((from, to));
            }
        }
        m.quiet.retain(|q| q.1 != usize::MAX);
        m.quiet.sort_unstable();
    }
    // An `<article>` is a post only beside another (a thread), and only with an author and a
    // date: a page's one `article` is the article itself.
    let articles = marks
        .iter()
        .filter(|m| m.article && m.post.author.is_some() && m.post.date.is_some())
        .count();
    marks.retain(|m| {
        (m.post.author.is_some() || m.post.date.is_some())
            && (!m.article || (articles >= 2 && m.post.author.is_some() && m.post.date.is_some()))
    });
    if marks.is_empty() {
        return json_ld_posts(page);
    }
    marks
}

/// A name as the page writes it, whitespace collapsed, when it is short (1 to 64 characters,
/// five words at most): a forum's handle (`user30200`) is a name there, though a byline's
/// cleaning refuses it.
fn short_name(s: &str) -> Option<String> {
    let n = collapse_whitespace(s).trim().to_string();
    ((1..=64).contains(&n.chars().count()) && n.split_whitespace().count() <= 5).then_some(n)
}

/// The posts a page declares only in JSON-LD (Invision Community's `DiscussionForumPosting`
/// and its `comment` array, a `QAPage`'s `Question` with its `acceptedAnswer` and
/// `suggestedAnswer`s; their microdata, when they have it, is read by [`post_marks`]), each
/// placed on the element of the page that holds its text: the innermost element around the
/// first place the page's text (its letters and digits) holds the post's opening (its first
/// 40 bytes of them), holding at least nine tenths as many letters and digits as the post's
/// `text`, and no other post's opening; the post starts at the element around that which
/// also holds its author's card (the declared name as a text of its own). A post not found so
/// is not placed; a page with fewer than two placed is not a thread. The author and date are
/// the declared ones, the date as the card's `<time>` shows it.
fn json_ld_posts(page: &Page) -> Vec<PostMark> {
    let alnum = |s: &str, out: &mut String| {
        out.extend(s.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase))
    };
    let mut declared: Vec<(Post, String, Option<String>)> = Vec::new();
    // Only a script that names a post's type can declare one: the others are not parsed again
    // (most pages with JSON-LD and no microdata posts declare none).
    for v in page
        .head
        .json_ld
        .iter()
        .filter(|s| POST_TYPES.iter().any(|t| s.contains(t)))
        .filter_map(|s| crate::declared::json_ld_value(s))
    {
        declared_posts(
            &v,
            &mut |o| {
                let text = o.get("text")?.as_str()?;
                let name = o
                    .get("author")
                    .map(|a| a.get(0).unwrap_or(a))
                    .and_then(|a| a.get("name").unwrap_or(a).as_str())
                    .map(|n| collapse_whitespace(n).trim().to_string());
                let author = name
                    .as_deref()
                    .and_then(|a| crate::meta::clean_names(a, true).or_else(|| short_name(a)));
                let date =
                    ["datePublished", "dateCreated"].iter().find_map(|k| o.get(*k)?.as_str());
                let date = date.and_then(|d| post_date(d).or_else(|| post_date(d.get(..10)?)));
                let mut key = String::new();
                alnum(text, &mut key);
                (author.is_some() || date.is_some()).then_some((
                    Post { author, date, blocks: 0 },
                    key,
                    name,
                ))
            },
            &mut declared,
        );
    }
    if declared.len() < 2 {
        return Vec::new();
    }
    // The page's letters and digits, lowercased, and where each token's start among them.
    let mut stream = String::new();
    let mut at = Vec::with_capacity(page.toks.len() + 1);
    for tok in &page.toks {
        at.push(stream.len());
        if let Tok::Text(t) = tok {
            alnum(t, &mut stream);
        }
    }
    at.push(stream.len());
    // Each post's opening: (token, post), the first place not already another's.
    let mut openings: Vec<(usize, usize)> = Vec::new();
    for (k, (_, key, _)) in declared.iter().enumerate() {
        let end = (0..=40.min(key.len())).rev().find(|&e| key.is_char_boundary(e)).unwrap_or(0);
        if end < 20 {
            continue;
        }
        let tok_of = |pos: usize| at.partition_point(|&a| a <= pos) - 1;
        if let Some(t) = stream
            .match_indices(&key[..end])
            .map(|(pos, _)| tok_of(pos))
            .find(|t| !openings.iter().any(|o| o.0 == *t))
        {
            openings.push((t, k));
        }
    }
    openings.sort_unstable();
    // Where the page writes each author's name as a text of its own.
    let mut names: Vec<Vec<usize>> = vec![Vec::new(); declared.len()];
    for (i, tok) in page.toks.iter().enumerate() {
        if let Tok::Text(t) = tok {
            declared
                .iter()
                .zip(names.iter_mut())
                .filter(|((_, _, n), _)| n.as_deref() == Some(t.trim()))
                .for_each(|(_, at)| at.push(i));
        }
    }
    // Elements close innermost first. A post's body is the first to close around its opening
    // with room for its text (nine tenths of its letters and digits) and no other opening;
    // its card the first of those, or an element around them, that also holds the author's
    // name before the opening: the post starts there, and that name and the first `<time>`
    // before the opening are its header's (quiet), as microdata's are.
    let mut marks: Vec<Option<PostMark>> = vec![None; declared.len()];
    let mut carded = vec![false; declared.len()];
    let mut times: Vec<(usize, usize)> = Vec::new();
    let mut stack: Vec<(&str, usize)> = Vec::new();
    for (i, tok) in page.toks.iter().enumerate() {
        match tok {
            Tok::Start { name, self_closing, .. }
                if !self_closing && !is_void(name) && stack.len() < MAX_DEPTH =>
            {
                stack.push((&**name, i))
            }
            Tok::End { name } => {
                let Some(pos) = stack.iter().rposition(|(n, _)| *n == &**name) else { continue };
                for (name, s) in stack.drain(pos..).rev() {
                    if name == "time" && page.toks[s].attr("datetime").is_some() {
                        times.push((s, i));
                    }
                    let inside = &openings[openings.partition_point(|o| o.0 < s)
                        ..openings.partition_point(|o| o.0 <= i)];
                    let &[(a, k)] = inside else { continue };
                    let (post, key, _) = &declared[k];
                    if marks[k].is_none() && (at[i] - at[s]) * 10 >= key.len() * 9 {
                        marks[k] = Some(PostMark {
                            start: s,
                            end: i,
                            post: post.clone(),
                            ..PostMark::default()
                        });
                    }
                    let Some(m) = marks[k].as_mut().filter(|_| !carded[k]) else { continue };
                    if let Some(&n) = names[k].iter().find(|&&n| s < n && n < a) {
                        (m.start, m.end, carded[k]) = (s, i, true);
                        m.quiet.push((n, n));
                        if let Some(&(from, to)) = times.iter().find(|t| s < t.0 && t.0 < a) {
                            m.quiet.push((from, to));
                            let shown = page.toks[from..to]
                                .iter()
                                .filter_map(
                                    |t| if let Tok::Text(t) = t { Some(&**t) } else { None },
                                )
                                .collect::<Vec<_>>()
                                .join(" ");
                            m.shown = collapse_whitespace(&shown).trim().to_string();
                        }
                    }
                }
            }
            _ => {}
        }
    }
    let mut marks: Vec<PostMark> = marks.into_iter().flatten().collect();
    marks.sort_by_key(|m| m.start);
    if marks.len() < 2 {
        marks.clear();
    }
    marks
}

/// Calls `read` on every object of JSON-LD value `v` whose `@type` is a post's
/// ([`is_post_type_name`]), in document order, nested ones after their parent, and keeps what it
/// gives.
fn declared_posts<T>(
    v: &serde_json::Value,
    read: &mut impl FnMut(&serde_json::Map<String, serde_json::Value>) -> Option<T>,
    out: &mut Vec<T>,
) {
    match v {
        serde_json::Value::Array(a) => a.iter().for_each(|v| declared_posts(v, read, out)),
        serde_json::Value::Object(o) => {
            if o.get("@type").and_then(|t| t.as_str()).is_some_and(is_post_type_name) {
                out.extend(read(o));
            }
            o.values().for_each(|v| declared_posts(v, read, out));
        }
        _ => {}
    }
}

/// Whether the heading on `line` (not chosen) stands alone between two chosen lines: the lines
/// between the chosen line before it and the chosen line after it hold no text but its own, and
/// its own has a letter (a heading "2" that numbers a list's entry is not a section's name)
/// outside a link to elsewhere (a teaser's title, a forum post's "Re: …" linking to the post,
/// on a page of teasers or posts; a permalink to itself, `href="#…"`, is a section's). A heading
/// between two chosen parts of a page with other text beside it (a sidebar's "Related stories"
/// and its links, a comments box) is the page's, not the article's.
fn lone_heading(page: &Page, chosen: &[bool], line: usize) -> bool {
    let text = |l: usize| {
        page.lines.get(l).is_some_and(|l| {
            page.toks[l.start..l.end]
                .iter()
                .any(|t| matches!(t, Tok::Text(s) if !s.trim().is_empty()))
        })
    };
    // Whether the heading's line has a letter outside a link to elsewhere.
    let Some(own) = page.lines.get(line) else { return false };
    let (mut away, mut letters) = (0usize, false);
    for t in &page.toks[own.start..own.end] {
        match t {
            Tok::Start { name, self_closing: false, .. }
                if name == "a" && !t.attr("href").is_some_and(|h| h.trim().starts_with('#')) =>
            {
                away += 1
            }
            Tok::End { name } if name == "a" => away = away.saturating_sub(1),
            Tok::Text(s) if away == 0 && s.chars().any(char::is_alphabetic) => letters = true,
            _ => {}
        }
    }
    let (Some(before), Some(after)) = (
        chosen[..line.min(chosen.len())].iter().rposition(|&c| c),
        chosen.get(line + 1..).and_then(|c| c.iter().position(|&c| c)),
    ) else {
        return false;
    };
    let after = line + 1 + after;
    letters && (before + 1..after).all(|l| l == line || !text(l))
}

/// R2L's phase 4: the non-ASCII characters of each chosen line, ASCII runs read as a space.
fn r2l_lines(page: &Page, chosen: &[bool]) -> Vec<Block> {
    let mut out = Vec::new();
    for (i, line) in page.lines.iter().enumerate().filter(|(i, _)| chosen[*i]) {
        let mut text = String::new();
        for tok in &page.toks[line.start..line.end] {
            for c in canonical(tok).chars() {
                if c.is_ascii() {
                    if !text.is_empty() && !text.ends_with(' ') {
                        text.push(' ');
                    }
                } else {
                    text.push(c);
                }
            }
        }
        let text = collapse_whitespace(&text).trim().to_string();
        if !text.is_empty() {
            let html = escape(&text);
            out.push(Block::new(BlockKind::Paragraph, text, html, i));
        }
    }
    out
}

/// The inline elements kept in the article HTML, by source name, and the element each is
/// written as (without attributes, except `a[href]`); `None` for every other element.
fn kept_inline(name: &str) -> Option<&'static str> {
    Some(match name {
        "a" => "a",
        "b" | "strong" => "strong",
        "i" | "em" => "em",
        "code" => "code",
        "sub" => "sub",
        "sup" => "sup",
        "mark" => "mark",
        "s" | "del" => "s",
        "ins" | "u" => "u",
        "small" => "small",
        "q" => "q",
        "cite" => "cite",
        "kbd" => "kbd",
        "abbr" => "abbr",
        "var" => "var",
        "samp" => "samp",
        _ => return None,
    })
}

/// How deep the builder tracks open elements. Every token looks at the open elements (the
/// block's kind, end tags finding their start), so without a bound a page of 100 000 nested
/// elements costs 10^10 steps. Browsers bound their parser's tree depth too (Blink at 512);
/// deeper elements still give their text, read in the context of the 512 outermost ones.
const MAX_DEPTH: usize = 512;
/// How many of an image's nearest open ancestors are asked whether they hold page chrome.
const CHROME_DEPTH: usize = 4;
/// How many inline elements a block keeps open at once; deeper ones keep their text only.
const MAX_INLINE: usize = 64;

/// Whether start tag `tok` is a caption or a credit of the figure it stands in: `figcaption`,
/// WordPress's classic `wp-caption-text`, MediaWiki's `thumbcaption`, and the class words
/// `caption` and `credit` that news sites use.
fn is_caption(tok: &Tok) -> bool {
    matches!(tok, Tok::Start { name, .. } if name == "figcaption")
        || tok.attr("class").is_some_and(|c| {
            c.split(|ch: char| !ch.is_ascii_alphanumeric()).any(|w| {
                w.eq_ignore_ascii_case("caption")
                    || w.eq_ignore_ascii_case("credit")
                    || w.eq_ignore_ascii_case("thumbcaption")
            })
        })
}

/// Where one text token of a block went: its bytes in `Builder::text` and its escaped bytes
/// in `Builder::html`.
struct Piece {
    text: Range<usize>,
    html: Range<usize>,
}

/// The figure being read: the element that holds an image and its caption, and the image's
/// block.
struct Figure {
    /// Depth in `Builder::stack` of the holding element (`figure`, WordPress's `wp-caption`,
    /// MediaWiki's `thumbinner`).
    depth: usize,
    /// Index in `Builder::out` of the image's block once it is kept.
    placed: Option<usize>,
    /// The image's block while it waits: an image outside the chosen lines, kept only when a
    /// line of its caption was chosen.
    waiting: Option<Block>,
    /// Depth in `Builder::stack` of the open caption element, if any.
    caption: Option<usize>,
}

struct Builder<'a> {
    page: &'a Page<'a>,
    base: Option<url::Url>,
    /// Open elements (tolerant: end tags pop to the nearest match, or are ignored). Their
    /// [`Name`]s, not their texts: the questions asked of the stack at every end tag and block
    /// (`kind`, `inside`) compare [`Tag`]s, integers, not strings.
    stack: Vec<&'a Name<'a>>,
    /// The token index of each open element's start tag, beside `stack`.
    open_at: Vec<usize>,
    /// See [`Figure`].
    figure: Option<Figure>,
    /// The open `<picture>`: its depth in `stack`, and once a `<source>` matched, the URL it
    /// gives (`src/figures.rs`).
    picture: Option<(usize, Option<String>)>,
    /// Read a kept figure's caption even where its lines were not chosen ([`build`]).
    captions: bool,
    out: Vec<Block>,
    /// The block being filled: its text and its HTML as they come, and where each text token
    /// stands in both.
    text: String,
    html: String,
    pieces: Vec<Piece>,
    /// Inline elements open in `html`, closed when the block ends.
    inline: Vec<&'static str>,
    line: usize,
    /// Our refinements of phase 4 are on (`Options::article`; off under `--thesis`): definition
    /// lists are read as terms and definitions, in-page anchors are kept ([`anchors`]).
    kinds: bool,
    /// The page's in-page link targets ([`anchors`]): each id that an `a href="#id"` of the page
    /// names and an element of the page carries, with the number the article writes it as.
    anchors: std::collections::HashMap<String, usize>,
    /// Anchors of elements not written themselves (a footnote's `li`), waiting for the next
    /// text of the article, where an empty `<a id>` stands for them.
    pending_anchors: Vec<usize>,
}

/// The article's name for in-page anchor `n`: `dana-ref-n`. The page's own ids are never
/// written (they could collide with the reader's or another page element's, or clobber a
/// global of the page by name); links and targets are numbered instead.
pub(crate) fn anchor_id(n: usize) -> String {
    format!("dana-ref-{n}")
}

/// The page's in-page anchors that the article can keep: the ids that an `a href="#id"` names
/// (same-document fragment links only: footnote references and their back-references,
/// MediaWiki's `#cite_note-1`) and that an element of the page carries, numbered in the order
/// the targets stand in the page.
fn anchors(page: &Page) -> std::collections::HashMap<String, usize> {
    let mut out = std::collections::HashMap::new();
    let targets: std::collections::HashSet<&str> = page
        .toks
        .iter()
        .filter(|t| t.is_start(Tag::A))
        .filter_map(|t| t.attr("href")?.trim().strip_prefix('#'))
        .filter(|f| !f.is_empty())
        .collect();
    if targets.is_empty() {
        return out;
    }
    for t in &page.toks {
        if let Some(id) = t.attr("id").filter(|id| targets.contains(id)) {
            let n = out.len();
            out.entry(id.to_string()).or_insert(n);
        }
    }
    out
}

impl<'a> Builder<'a> {
    fn new(page: &'a Page, url: Option<&str>, captions: bool) -> Self {
        // Internationalised hosts in ASCII first (`crate::idn`).
        let page_url = url.and_then(|u| url::Url::parse(&crate::idn::ascii_host(u)).ok());
        let base_href = page.head.base_href.as_deref().map(crate::idn::ascii_host);
        // `<base href>` is honoured only when it resolves to http(s): it must not turn links
        // into script.
        let base = match (&page_url, &base_href) {
            (Some(p), Some(b)) => p
                .join(b)
                .ok()
                .filter(|u| matches!(u.scheme(), "http" | "https"))
                .or(page_url.clone()),
            (None, Some(b)) => {
                url::Url::parse(b).ok().filter(|u| matches!(u.scheme(), "http" | "https"))
            }
            (p, None) => p.clone(),
        };
        Builder {
            page,
            base,
            stack: Vec::new(),
            open_at: Vec::new(),
            figure: None,
            picture: None,
            captions,
            out: Vec::new(),
            text: String::new(),
            html: String::new(),
            pieces: Vec::new(),
            inline: Vec::new(),
            line: 0,
            kinds: false,
            anchors: Default::default(),
            pending_anchors: Vec::new(),
        }
    }

    fn run(mut self, chosen: &[bool], whole_code: bool) -> Vec<Block> {
        let page = self.page;
        // An image's line has no text, so it never rises above the axis by itself: an image
        // between the first and the last chosen line belongs to the article, unless it is a
        // link to elsewhere (a banner) on a line that was not chosen.
        let first = chosen.iter().position(|&c| c).unwrap_or(usize::MAX);
        let last = chosen.iter().rposition(|&c| c).unwrap_or(0);
        let tables = data_tables(page, whole_code);
        let mut tables = tables.iter().peekable();
        let codes = if whole_code { code_blocks(page) } else { Vec::new() };
        self.kinds = whole_code;
        if whole_code {
            self.anchors = anchors(page);
        }
        let mut codes = codes.iter().peekable();
        // Embeds are our refinement too (`crate::embeds`; their `iframe`s are kept by
        // preprocessing under the same option).
        let embeds =
            if whole_code { crate::embeds::find(page, self.base.as_ref()) } else { Vec::new() };
        let mut embeds = embeds.iter().peekable();
        // A thread's posts (`kinds`): each kept one starts with its header block; the text of
        // the elements its author and date were read from is that header's, not the post's.
        let posts = if whole_code { post_marks(page) } else { Vec::new() };
        let mut posts = posts.iter().peekable();
        let mut quiet: Vec<(usize, usize)> = Vec::new();
        // The post being read: its header's index in `out` and its element's last token. A
        // post ends where its element ends: the blocks after it (the page's footer, "Powered
        // by Discourse", related topics) are not its words.
        let mut open_post: Option<(usize, usize)> = None;
        // The depth in `stack` of a section heading read though its line was not chosen.
        let mut heading: Option<usize> = None;
        // Tokens before this index were read as part of a table.
        let mut read_to = 0;
        // No code block, embed, table or post starts before this token (the least start of
        // the four lists' next ones): the lists are asked from there, not at every token.
        let mut next_start = 0;
        for (i, tok) in page.toks.iter().enumerate() {
            if i < read_to {
                continue;
            }
            if open_post.is_some_and(|(_, end)| i > end) {
                self.flush();
                self.end_post(open_post.take());
            }
            let line = page.line_of[i] as usize;
            let chosen_line = chosen.get(line).copied().unwrap_or(false);
            // The caption of a kept figure is read with it.
            let on = chosen_line
                || heading.is_some()
                || (self.captions
                    && self
                        .figure
                        .as_ref()
                        .is_some_and(|f| f.placed.is_some() && f.caption.is_some()));
            let in_span = (first..=last).contains(&line);
            // A data table is kept whole or not at all: its cells are short lines that are
            // mostly tags, so Algorithm 1 takes some and leaves others (a column of figures,
            // a header row), and a table missing a column misleads. It is kept when one of its
            // lines was chosen or it stands between chosen lines, as an image does.
            // A code block is kept whole or not at all, for the same reason: its lines are
            // mostly markup (a highlighter's token spans), so Algorithm 1 drops them, and a
            // listing missing lines is wrong. (Tables and code blocks inside one another
            // were read with it: skipped.)
            if i >= next_start {
                while codes.next_if(|c| c.start < i).is_some() {}
                while tables.next_if(|t| t.start < i).is_some() {}
                if let Some(c) = codes.next_if(|c| c.start == i) {
                    let (from, to) = (line, page.line_of[c.end] as usize);
                    if chosen.get(from..=to).is_some_and(|c| c.contains(&true))
                        || (first < from && to < last)
                    {
                        self.flush();
                        self.code(c);
                        read_to = c.end + 1;
                        continue;
                    }
                }
                // An embed is kept when one of its lines was chosen; a player or frame, whose line
                // has no text and so is never chosen, also when it stands between chosen lines, as
                // an image. (A post has text of its own for Algorithm 1 to weigh: between chosen
                // lines but not chosen, it is the site's, not the article's.)
                while embeds.next_if(|e| e.start < i).is_some() {}
                if let Some(e) = embeds.next_if(|e| e.start == i) {
                    let (from, to) = (line, page.line_of[e.end] as usize);
                    let text_of_its_own = matches!(&page.toks[e.start], Tok::Start { name, .. } if name == "blockquote");
                    let between = !text_of_its_own && first < from && to < last;
                    if chosen.get(from..=to).is_some_and(|c| c.contains(&true)) || between {
                        self.flush();
                        self.out.push(Block {
                            in_definition: self.in_definition(),
                            ..crate::embeds::block(e, line)
                        });
                        read_to = e.end + 1;
                        continue;
                    }
                }
                if let Some(t) = tables.next_if(|t| t.start == i) {
                    let (from, to) = (line, page.line_of[t.end] as usize);
                    if chosen.get(from..=to).is_some_and(|c| c.contains(&true))
                        || (first < from && to < last)
                    {
                        self.flush();
                        self.table(t.start, t.end);
                        read_to = t.end + 1;
                        continue;
                    }
                }
                while posts.next_if(|p| p.start < i).is_some() {}
                if let Some(p) = posts.next_if(|p| p.start == i) {
                    if chosen
                        .get(line..=page.line_of[p.end] as usize)
                        .is_some_and(|c| c.contains(&true))
                    {
                        self.flush();
                        self.end_post(open_post.take());
                        open_post = Some((self.out.len(), p.end));
                        self.post(&p.post, &p.shown, line);
                        quiet.extend(&p.quiet);
                    }
                }
                let start = |s: Option<usize>| s.unwrap_or(usize::MAX);
                next_start = start(codes.peek().map(|c| c.start))
                    .min(start(embeds.peek().map(|e| e.start)))
                    .min(start(tables.peek().map(|t| t.start)))
                    .min(start(posts.peek().map(|p| p.start)));
            }
            // A formula's stand-in (`crate::math`; only our preprocessing makes them): its
            // MathML is written as it is, its text read once; display math is a block.
            // A display formula between chosen lines is kept, as an image is: its line is
            // mostly the page's wrappers' tags, so Algorithm 1 may leave it below the axis.
            // (Only a `math` start tag can be one: the tag is tested first, in an `if` of its
            // own, so that the attributes of every other token are not searched: a tuple
            // pattern would evaluate all of its parts.)
            if tok.is_start(Tag::Math) {
                if let (Some(mathml), Some(Tok::Text(t))) =
                    (tok.attr(crate::math::MATHML), page.toks.get(i + 1))
                {
                    read_to = i + 3;
                    let display = crate::preprocess::is_display_math(tok);
                    if on || (display && first < line && line < last) {
                        self.formula(mathml, t, line, display);
                    }
                    continue;
                }
            }
            match tok {
                Tok::Start { name: tag, self_closing, .. } => {
                    let name: &str = tag;
                    if is_block(tag) || tag.is(Tag::Br) || tag.is(Tag::Img) {
                        self.flush();
                    }
                    if tag.is(Tag::Img) {
                        self.image(tok, line, on, in_span);
                    }
                    if tag.is(Tag::Source) {
                        self.source(tok);
                    }
                    // A section heading that stands alone between two chosen lines is kept, as an
                    // image is: its line is short, often a link to itself (a permalink), and so
                    // below the axis of Algorithm 1 (thesis 4.4), while the sections on both
                    // sides of it were chosen; without it a documentation page loses its
                    // skeleton (issue 13). (`kinds` only: the thesis's phase 4 reads chosen
                    // lines alone.)
                    if self.kinds
                        && !on
                        && in_span
                        && !self_closing
                        && heading.is_none()
                        && matches!(name, "h2" | "h3" | "h4" | "h5" | "h6")
                        && self.stack.len() < MAX_DEPTH
                        && lone_heading(page, chosen, line)
                    {
                        heading = Some(self.stack.len());
                    }
                    if on {
                        self.open_inline(tok);
                        // The target of an in-page link on an element not written itself.
                        if kept_inline(name).is_none() {
                            if let Some(&n) = tok.attr("id").and_then(|id| self.anchors.get(id)) {
                                self.pending_anchors.push(n);
                            }
                        }
                    }
                    if !is_void(tag) && !self_closing && self.stack.len() < MAX_DEPTH {
                        if tag.is(Tag::Picture) {
                            self.picture = Some((self.stack.len(), None));
                        }
                        if let Some(f) =
                            self.figure.as_mut().filter(|f| f.caption.is_none() && is_caption(tok))
                        {
                            f.caption = Some(self.stack.len());
                        }
                        self.stack.push(tag);
                        self.open_at.push(i);
                    }
                }
                Tok::End { name: tag } => {
                    let name: &str = tag;
                    if is_block(tag) {
                        self.flush();
                    }
                    self.close_inline(name);
                    // HTML's "any other end tag": the end tag of an element neither block nor
                    // formatting (`sup`, `span`) is ignored when a block element opened after
                    // it is still open, so a stray `</sup>` at the start of a heading
                    // (`<sup>20</p><h3></sup>Title</h3>`, 2000s pages) does not close the
                    // heading. (Formatting elements go through the adoption agency, which
                    // closes them and keeps the block open: they still close both here.)
                    // `kinds` only: the thesis's phase 4 keeps its kinds as it read them.
                    let stray = |pos: usize| {
                        self.kinds
                            && !is_block(tag)
                            && !is_formatting(name)
                            && self.stack[pos + 1..].iter().any(is_block)
                    };
                    if let Some(pos) =
                        self.stack.iter().rposition(|n| *n == tag).filter(|&pos| !stray(pos))
                    {
                        self.stack.truncate(pos);
                        self.open_at.truncate(pos);
                        if heading.is_some_and(|d| d >= pos) {
                            heading = None;
                        }
                        if let Some(f) = self.figure.as_mut() {
                            if f.caption.is_some_and(|d| d >= pos) {
                                f.caption = None;
                            }
                            if f.depth >= pos {
                                self.figure = None;
                            }
                        }
                        if self.picture.as_ref().is_some_and(|p| p.0 >= pos) {
                            self.picture = None;
                        }
                    }
                }
                Tok::Text(t) => {
                    // A chosen caption line of an image outside the chosen lines brings the
                    // image in.
                    if chosen_line
                        && self
                            .figure
                            .as_ref()
                            .is_some_and(|f| f.caption.is_some() && f.waiting.is_some())
                        && !t.trim().is_empty()
                    {
                        self.flush();
                        if let Some(f) = self.figure.as_mut() {
                            if let Some(block) = f.waiting.take() {
                                f.placed = Some(self.out.len());
                                self.out.push(block);
                            }
                        }
                    }
                    if !quiet.is_empty() {
                        quiet.retain(|q| q.1 >= i);
                    }
                    if on && !quiet.iter().any(|q| q.0 <= i) {
                        if self.text.is_empty() {
                            self.line = line;
                        }
                        self.push_text(t);
                    }
                }
            }
        }
        self.flush();
        self.end_post(open_post);
        self.out
    }

    /// Closes the post whose header is block `post.0` ([`Post::blocks`]): the blocks read since
    /// its header are its own.
    fn end_post(&mut self, post: Option<(usize, usize)>) {
        let Some((at, _)) = post else { return };
        let n = self.out.len() - at - 1;
        if let Some(p) = self.out.get_mut(at).and_then(|b| b.post.as_mut()) {
            p.blocks = n;
        }
    }

    fn inside(&self, tags: &[Tag]) -> bool {
        self.stack.iter().any(|n| n.tag().is_some_and(|t| tags.contains(&t)))
    }

    /// The innermost open list (`ul`, `ol`, `dl` or `menu`) of `stack`, if any.
    fn innermost_list(stack: &[&Name]) -> Option<Tag> {
        stack
            .iter()
            .rev()
            .find_map(|n| n.tag().filter(|t| matches!(t, Tag::Ul | Tag::Ol | Tag::Dl | Tag::Menu)))
    }

    /// The kind of a block from its nearest block-level ancestors.
    fn kind(&self) -> (BlockKind, u8, bool) {
        if self.inside(&[Tag::Pre, Tag::Listing, Tag::Xmp]) {
            return (BlockKind::Preformatted, 0, false);
        }
        if self.figure.as_ref().is_some_and(|f| f.caption.is_some()) {
            return (BlockKind::Figure, 0, false);
        }
        for name in self.stack.iter().rev() {
            let Some(tag) = name.tag() else { continue };
            match tag {
                Tag::H1 | Tag::H2 | Tag::H3 | Tag::H4 | Tag::H5 | Tag::H6 => {
                    return (BlockKind::Heading, name.as_bytes()[1] - b'0', false)
                }
                // A definition list's terms and definitions are kept as such (`kinds`); the
                // thesis reads them as list items.
                Tag::Dt | Tag::Dd
                    if self.kinds && Self::innermost_list(&self.stack) == Some(Tag::Dl) =>
                {
                    return (
                        if tag == Tag::Dt { BlockKind::Term } else { BlockKind::Definition },
                        0,
                        false,
                    );
                }
                Tag::Li | Tag::Dd | Tag::Dt => {
                    let lists: &[Tag] = if self.kinds {
                        &[Tag::Ul, Tag::Ol, Tag::Menu]
                    } else {
                        &[Tag::Ul, Tag::Ol, Tag::Dl, Tag::Menu]
                    };
                    let depth = self
                        .stack
                        .iter()
                        .filter(|n| n.tag().is_some_and(|t| lists.contains(&t)))
                        .count()
                        .clamp(1, 9);
                    let ordered = Self::innermost_list(&self.stack) == Some(Tag::Ol);
                    return (BlockKind::ListItem, depth as u8, ordered);
                }
                Tag::Blockquote => return (BlockKind::Quote, 0, false),
                // An aside preprocessing kept (an article's own note or pull quote) is set off
                // as a quote (`kinds`); the thesis reads it as paragraphs.
                Tag::Aside if self.kinds => return (BlockKind::Quote, 0, false),
                Tag::Figcaption => return (BlockKind::Figure, 0, false),
                _ => {}
            }
        }
        (BlockKind::Paragraph, 0, false)
    }

    /// The header block of a post ([`BlockKind::Post`]): the author, then ` · ` and the date
    /// as the page shows it (`shown`, at most 64 characters), else its day (the first ten
    /// characters, `2024-08-04`).
    fn post(&mut self, post: &Post, shown: &str, line: usize) {
        let day = post.date.as_deref().map(|d| {
            if !shown.is_empty() && shown.chars().count() <= 64 {
                shown
            } else {
                d.get(..10).unwrap_or(d)
            }
        });
        let text =
            [post.author.as_deref(), day].into_iter().flatten().collect::<Vec<_>>().join(" · ");
        let html = match (&post.author, day) {
            (Some(a), Some(d)) => format!("<cite>{}</cite> · {}", escape(a), escape(d)),
            (Some(a), None) => format!("<cite>{}</cite>", escape(a)),
            (None, d) => escape(d.unwrap_or_default()),
        };
        let b = Block {
            kind: BlockKind::Post,
            text,
            html,
            level: 0,
            ordered: false,
            src: None,
            alt: None,
            dir: None,
            lang: None,
            line,
            table: None,
            code_lang: None,
            in_definition: false,
            post: Some(post.clone()),
        };
        self.out.push(b);
    }

    /// Whether the block being read stands inside a definition (`dd`) of a definition list
    /// ([`Block::in_definition`]; `kinds` only): a definition holding a list, a listing or a
    /// second kind of block keeps them, rather than the list being flattened around them.
    fn in_definition(&self) -> bool {
        let Some(dd) = self.stack.iter().rposition(|n| n.is(Tag::Dd)) else { return false };
        self.kinds && Self::innermost_list(&self.stack[..dd]) == Some(Tag::Dl)
    }

    /// Appends a text token to the block being filled.
    fn push_text(&mut self, t: &str) {
        // (Not inside a link: anchors do not nest; they wait for the link's end.)
        if !self.inline.contains(&"a") {
            for n in self.pending_anchors.drain(..) {
                self.html.push_str(&format!("<a id=\"{}\"></a>", anchor_id(n)));
            }
        }
        let (text_start, html_start) = (self.text.len(), self.html.len());
        self.text.push_str(t);
        escape_into(&mut self.html, t);
        self.pieces
            .push(Piece { text: text_start..self.text.len(), html: html_start..self.html.len() });
    }

    /// A formula ([`crate::math`]): display math as a [`BlockKind::Math`] block of its own,
    /// inline math as a piece of the block being filled whose HTML is the MathML.
    fn formula(&mut self, mathml: &str, text: &str, line: usize, display: bool) {
        if display {
            self.flush();
            let in_definition = self.in_definition();
            let (text, html) = (text.to_string(), mathml.to_string());
            self.out.push(Block {
                kind: BlockKind::Math,
                text,
                html,
                level: 0,
                ordered: false,
                src: None,
                alt: None,
                dir: None,
                lang: None,
                line,
                table: None,
                code_lang: None,
                in_definition,
                post: None,
            });
            return;
        }
        if self.text.is_empty() {
            self.line = line;
        }
        let (text_start, html_start) = (self.text.len(), self.html.len());
        self.text.push_str(text);
        self.html.push_str(mathml);
        self.pieces
            .push(Piece { text: text_start..self.text.len(), html: html_start..self.html.len() });
    }

    /// Closes the open inline elements and takes the text and HTML filled so far
    /// ([`Builder::finish_text`]), leaving the buffers empty.
    fn take(&mut self, pre: bool) -> (String, String) {
        while let Some(name) = self.inline.pop() {
            self.html.push_str("</");
            self.html.push_str(name);
            self.html.push('>');
        }
        let out = if self.text.is_empty() { Default::default() } else { self.finish_text(pre) };
        self.text.clear();
        self.html.clear();
        self.pieces.clear();
        out
    }

    fn flush(&mut self) {
        if self.text.is_empty() {
            self.take(false);
            return;
        }
        let (kind, level, ordered) = self.kind();
        let (text, html) = self.take(kind == BlockKind::Preformatted);
        if text.is_empty() {
            return;
        }
        // A caption belongs to the figure's image just before it; a figure wrapping a table
        // (WordPress's table block) gives the table its caption.
        if kind == BlockKind::Figure && self.inside(&[Tag::Figure]) {
            if let Some(last) = self.out.last_mut().filter(|b| b.kind == BlockKind::Table) {
                if let Some(t) = last.table.as_mut().filter(|t| t.caption.is_empty()) {
                    (t.caption, t.caption_html) = (text, html);
                    (last.text, last.html) = (table_text(t), table_html(t));
                    return;
                }
            }
        }
        let mut kind = kind;
        if kind == BlockKind::Figure {
            // The caption (or the credit, or a second paragraph of the caption) of the figure
            // being read goes into its block, after what it holds already.
            if let Some(figure) =
                self.figure.as_ref().and_then(|f| f.placed).and_then(|i| self.out.get_mut(i))
            {
                if !figure.text.is_empty() {
                    figure.text.push(' ');
                    figure.html.push(' ');
                }
                figure.text.push_str(&text);
                figure.html.push_str(&html);
                return;
            }
            // A `figcaption` written just after its figure rather than inside it (a template's
            // slip) captions the figure before it when that has no caption yet.
            if self.figure.is_none() && self.inside(&[Tag::Figcaption]) {
                if let Some(last) =
                    self.out.last_mut().filter(|b| b.kind == BlockKind::Figure && b.text.is_empty())
                {
                    (last.text, last.html) = (text, html);
                    return;
                }
            }
            // A caption whose image is not kept (a video's, an avatar's) is a paragraph.
            kind = BlockKind::Paragraph;
        }
        let in_definition =
            !matches!(kind, BlockKind::Term | BlockKind::Definition) && self.in_definition();
        self.out.push(Block {
            level,
            ordered,
            in_definition,
            ..Block::new(kind, text, html, self.line)
        });
    }

    /// The block's text and HTML: the text trimmed (of newlines only inside `pre`) and, outside
    /// `pre`, its whitespace collapsed; the HTML's text trimmed and collapsed the same way,
    /// piece by piece, so that the text content of the HTML is exactly the text (what
    /// [`Block`] promises) wherever the inline tags stand.
    fn finish_text(&self, pre: bool) -> (String, String) {
        let body = if pre { self.text.trim_matches('\n') } else { self.text.trim() };
        // `body` is a slice of `self.text`: its bounds there.
        let from = body.as_ptr() as usize - self.text.as_ptr() as usize;
        let to = from + body.len();
        // The texts were collapsed one by one in preprocessing, so their concatenation rarely
        // needs it again: checked first, copied as it is when it does not. (Collapsing then
        // trimming gives what trimming then collapsing gives: everything `collapse_whitespace`
        // collapses is Unicode whitespace.)
        let collapse = !pre && needs_collapse(body.as_bytes());
        let mut text = String::with_capacity(body.len());
        let mut html = String::with_capacity(self.html.len());
        let mut copied = 0; // bytes of `self.html` written
        let mut in_space = false;
        for piece in &self.pieces {
            html.push_str(&self.html[copied..piece.html.start]);
            copied = piece.html.end;
            let kept = piece.text.start.clamp(from, to)..piece.text.end.clamp(from, to);
            let start = text.len();
            if collapse {
                // `collapse_whitespace`, run across the pieces.
                for c in self.text[kept.clone()].chars() {
                    if !is_space(c) {
                        text.push(c);
                    } else if !in_space {
                        text.push(' ');
                    }
                    in_space = is_space(c);
                }
            } else {
                text.push_str(&self.text[kept.clone()]);
            }
            // A piece left as it was keeps its HTML (a formula's is MathML, not its text).
            if kept == piece.text && (!collapse || text[start..] == self.text[kept.clone()]) {
                html.push_str(&self.html[piece.html.clone()]);
            } else {
                escape_into(&mut html, &text[start..]);
            }
        }
        html.push_str(&self.html[copied..]);
        (text, html)
    }

    /// Reads the data table of tokens `start..=end` (a `<table>` start tag to its end tag)
    /// into one [`BlockKind::Table`] block. A cell keeps its inline content; what its block
    /// elements separated (paragraphs, line breaks, list items) is separated by a space.
    fn table(&mut self, start: usize, end: usize) {
        let page = self.page;
        let mut table = Table::default();
        // The rows read so far, each with whether it stood in `thead`.
        let mut rows: Vec<(Vec<Cell>, bool)> = Vec::new();
        let mut row: Option<(Vec<Cell>, bool)> = None;
        let mut cell: Option<Cell> = None;
        let (mut in_caption, mut in_head) = (false, false);
        for tok in &page.toks[start..=end] {
            match tok {
                Tok::Start { name, .. } => match &**name {
                    "caption" => {
                        self.end_cell(&mut cell, &mut row, in_head);
                        in_caption = true;
                    }
                    "thead" => in_head = true,
                    "tbody" | "tfoot" => in_head = false,
                    "tr" => {
                        self.end_cell(&mut cell, &mut row, in_head);
                        rows.extend(row.take());
                        row = Some((Vec::new(), in_head));
                    }
                    "td" | "th" => {
                        self.end_cell(&mut cell, &mut row, in_head);
                        let span = |key: &str, max: u32| {
                            tok.attr(key)
                                .and_then(|v| v.trim().parse::<u32>().ok())
                                .unwrap_or(1)
                                .clamp(1, max)
                        };
                        cell = Some(Cell {
                            header: name == "th",
                            colspan: span("colspan", 1000),
                            rowspan: span("rowspan", 65534),
                            ..Cell::default()
                        });
                    }
                    name if cell.is_some() || in_caption => {
                        if is_block(name) || name == "br" || name == "img" {
                            self.push_text(" ");
                        }
                        self.open_inline(tok);
                    }
                    _ => {}
                },
                Tok::End { name } => match &**name {
                    "caption" if in_caption => {
                        (table.caption, table.caption_html) = self.take(false);
                        in_caption = false;
                    }
                    "td" | "th" => self.end_cell(&mut cell, &mut row, in_head),
                    "tr" => {
                        self.end_cell(&mut cell, &mut row, in_head);
                        rows.extend(row.take());
                    }
                    "thead" => in_head = false,
                    name if cell.is_some() || in_caption => {
                        self.close_inline(name);
                        if is_block(name) {
                            self.push_text(" ");
                        }
                    }
                    _ => {}
                },
                // Text outside the cells and the caption (the browser moves it out of the
                // table) is not the table's.
                Tok::Text(t) if cell.is_some() || in_caption => self.push_text(t),
                Tok::Text(_) => {}
            }
        }
        if in_caption {
            (table.caption, table.caption_html) = self.take(false);
        }
        self.end_cell(&mut cell, &mut row, in_head);
        rows.extend(row.take());
        rows.retain(|(cells, _)| !cells.is_empty());
        if rows.iter().all(|(cells, _)| cells.iter().all(|c| c.text.is_empty())) {
            return;
        }
        // The header rows: those of `thead`, or else the leading rows of header cells only
        // (MediaWiki and many hand-written tables have no `thead`), but never every row.
        table.head_rows = match rows.iter().take_while(|(_, head)| *head).count() {
            0 => {
                rows.iter().take_while(|(cells, _)| cells.iter().all(|c| c.header)).count()
                    % rows.len()
            }
            n => n,
        };
        table.rows = rows.into_iter().map(|(cells, _)| cells).collect();
        let (text, html) = (table_text(&table), table_html(&table));
        let line = page.line_of[start] as usize;
        self.out.push(Block {
            kind: BlockKind::Table,
            text,
            html,
            level: 0,
            ordered: false,
            src: None,
            alt: None,
            dir: None,
            lang: None,
            line,
            table: Some(table),
            code_lang: None,
            in_definition: self.in_definition(),
            post: None,
        });
    }

    /// Reads the code block `c` into one [`BlockKind::Preformatted`] block: its text as
    /// written (the browser's rendering of it: a line break for `br`, for each row of a
    /// highlighter's table and around block elements), without the line-number gutters
    /// ([`is_gutter`], [`is_line_numbers`]) and the text the tree builder would move out of a
    /// table. Its HTML is the text escaped, in `<code class="language-x">` when it is code:
    /// the token spans of a highlighter are presentation.
    fn code(&mut self, c: &CodeBlock) {
        let page = self.page;
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
                    let in_rows = open.last().is_some_and(|n| {
                        matches!(*n, "table" | "thead" | "tbody" | "tfoot" | "tr")
                    });
                    if gutter.is_none() && !in_rows {
                        text.push_str(t);
                    }
                }
            }
        }
        let text = text.trim_matches('\n');
        if text.trim().is_empty() || is_line_numbers(text) {
            return;
        }
        let html = match (&c.lang, c.code) {
            (Some(lang), _) => {
                format!("<code class=\"language-{}\">{}</code>", escape(lang), escape(text))
            }
            (None, true) => format!("<code>{}</code>", escape(text)),
            (None, false) => escape(text),
        };
        let line = page.line_of[c.start] as usize;
        self.out.push(Block {
            code_lang: c.lang.clone(),
            in_definition: self.in_definition(),
            ..Block::new(BlockKind::Preformatted, text.to_string(), html, line)
        });
    }

    /// Ends the open cell, if any: its text and HTML go into it and it goes into the row (a
    /// cell outside any `tr` starts one, as in the browser).
    fn end_cell(
        &mut self,
        cell: &mut Option<Cell>,
        row: &mut Option<(Vec<Cell>, bool)>,
        in_head: bool,
    ) {
        if let Some(mut c) = cell.take() {
            (c.text, c.html) = self.take(false);
            row.get_or_insert_with(|| (Vec::new(), in_head)).0.push(c);
        }
    }

    /// An `<img>`: a figure when it is kept (on a chosen line; or between the first and the
    /// last chosen line and not a link elsewhere, a banner, unless it stands in a figure) and
    /// is a picture of the article (`src/figures.rs`). In an element that holds an image and
    /// its caption it becomes the figure whose caption is read next ([`Figure`]).
    fn image(&mut self, tok: &Tok, line: usize, on: bool, in_span: bool) {
        let container = self.figure_container();
        let kept = on || (in_span && (container.is_some() || !self.inside(&[Tag::A])));
        // An image neither kept nor in a figure element is passed over without its block: its
        // URL (resolved by the URL parser) and its ancestors' classes are not read for nothing.
        if container.is_none() && !kept {
            return;
        }
        let block = self.figure_block(tok, line, container.is_some());
        match (container, block) {
            (Some(depth), Some(block)) => {
                let (placed, waiting) = if kept {
                    self.out.push(block);
                    (Some(self.out.len() - 1), None)
                } else {
                    (None, Some(block))
                };
                self.figure = Some(Figure { depth, placed, waiting, caption: None });
            }
            // An image that is no figure (a second, empty `<img>` of a lazy loader) leaves the
            // figure already read in the same element as it is.
            (Some(depth), None) => {
                if self.figure.as_ref().is_none_or(|f| f.depth != depth) {
                    self.figure =
                        Some(Figure { depth, placed: None, waiting: None, caption: None });
                }
            }
            (None, Some(block)) if kept => self.out.push(block),
            (None, _) => {}
        }
    }

    /// The depth in `stack` of the innermost open element that holds a figure: `figure`,
    /// WordPress's classic `wp-caption`, MediaWiki's `thumbinner`/`thumb`, a gallery item, a
    /// box whose class says it holds an image with its caption (`*with-caption*`, `captioned*`).
    fn figure_container(&self) -> Option<usize> {
        let page = self.page;
        self.open_at.iter().rposition(|&at| {
            let tok = &page.toks[at];
            matches!(tok, Tok::Start { name, .. } if name == "figure")
                || tok.attr("class").is_some_and(|c| {
                    c.split_ascii_whitespace().any(|c| {
                        matches!(c, "wp-caption" | "thumbinner" | "thumb" | "gallery-item" | "wp-block-image")
                            // A box named for the image and caption it holds: msnbc's
                            // `feat-image-with-caption`, Substack's `captioned-image-container`.
                            // (Compared ignoring ASCII case in place: no lowercase copy of
                            // every class of every ancestor of every image.)
                            || c.as_bytes().windows(12).any(|w| w.eq_ignore_ascii_case(b"with-caption"))
                            || c.get(..9).is_some_and(|p| p.eq_ignore_ascii_case("captioned"))
                    })
                })
        })
    }

    /// The figure block of an `<img>`: its URL chosen as the browser would (`src/figures.rs`),
    /// resolved and safe; `None` when it has none or is not a picture of the article.
    fn figure_block(&self, tok: &Tok, line: usize, in_figure: bool) -> Option<Block> {
        let page = self.page;
        let src =
            self.picture.as_ref().and_then(|p| p.1.clone()).or_else(|| self.image_url(tok))?;
        // Inside an author box, a byline, sharing buttons or the masthead: not the article's.
        // Only the nearest ancestors are asked: an avatar stands a few levels inside its box,
        // and an element the page never closed (a share bar's `<li>`) stays open on `stack`
        // below everything after it.
        let in_chrome = self.open_at.iter().rev().take(CHROME_DEPTH).any(|&at| {
            let tok = &page.toks[at];
            !matches!(tok, Tok::Start { name, .. } if matches!(&**name, "html" | "body" | "main" | "article")) && figures::is_chrome_container(tok)
        });
        if in_chrome || figures::not_a_figure(tok, &src, in_figure) {
            return None;
        }
        let alt = tok
            .attr("alt")
            .map(|a| collapse_whitespace(a).trim().to_string())
            .filter(|a| !a.is_empty());
        Some(Block {
            kind: BlockKind::Figure,
            text: String::new(),
            html: String::new(),
            level: 0,
            ordered: false,
            src: Some(src),
            alt,
            dir: None,
            lang: None,
            line,
            table: None,
            code_lang: None,
            in_definition: self.in_definition(),
            post: None,
        })
    }

    /// The URL an `<img>` loads, by its own attributes: `srcset` (with `src` as its 1x), else
    /// `src`, else, only when `src` is missing or a placeholder, the lazy-load attributes.
    fn image_url(&self, tok: &Tok) -> Option<String> {
        let resolve = |raw: &str| safe_url(self.base.as_ref(), raw, UrlUse::Image);
        let src = tok.attr("src");
        let real_src = src.filter(|s| !figures::is_placeholder(Some(s)));
        if let Some(u) = tok
            .attr("srcset")
            .and_then(|s| figures::pick_srcset(s, real_src))
            .filter(|u| !figures::is_placeholder(Some(u)))
        {
            return resolve(u);
        }
        if let Some(s) = real_src {
            return resolve(s);
        }
        let lazy_set = ["data-srcset", "data-lazy-srcset"]
            .iter()
            .find_map(|k| tok.attr(k).and_then(|s| figures::pick_srcset(s, None)));
        lazy_set
            .into_iter()
            .chain(
                ["data-src", "data-lazy-src", "data-original"].iter().filter_map(|k| tok.attr(k)),
            )
            .find(|u| !figures::is_placeholder(Some(u)))
            .and_then(resolve)
    }

    /// A `<source>` of the open `<picture>`: the first whose type the browser decodes and whose
    /// `media` matches gives the picture's URL (`src/figures.rs`); one whose URL is not safe is
    /// passed over.
    fn source(&mut self, tok: &Tok) {
        if self.picture.as_ref().is_none_or(|p| p.1.is_some())
            || !figures::type_supported(tok.attr("type"))
            || !figures::media_matches(tok.attr("media"))
        {
            return;
        }
        let set = ["srcset", "data-srcset"].iter().find_map(|k| {
            tok.attr(k)
                .and_then(|s| figures::pick_srcset(s, None))
                .filter(|u| !figures::is_placeholder(Some(u)))
        });
        if let Some(url) = set.and_then(|u| safe_url(self.base.as_ref(), u, UrlUse::Image)) {
            if let Some(p) = self.picture.as_mut() {
                p.1 = Some(url);
            }
        }
    }

    fn open_inline(&mut self, tok: &Tok) {
        let Tok::Start { name, .. } = tok else { return };
        if self.inline.len() >= MAX_INLINE {
            return;
        }
        let Some(name) = kept_inline(name) else { return };
        if name == "a" {
            // Anchors do not nest; a link without a safe target keeps its text only.
            if self.inline.contains(&"a") {
                self.close_inline("a");
            }
            let href = tok.attr("href").unwrap_or("");
            // A same-document link to a kept anchor (a footnote and its way back) points at
            // the anchor's number ([`anchor_id`]), never at the page's own id.
            let href = match href.trim().strip_prefix('#').and_then(|f| self.anchors.get(f)) {
                Some(&n) => Some(format!("#{}", anchor_id(n))),
                None => safe_url(self.base.as_ref(), href, UrlUse::Link).map(|h| escape(&h)),
            };
            let id = self.inline_anchor(tok);
            match href {
                Some(href) => self.html.push_str(&format!("<a href=\"{href}\"{id}>")),
                // An anchor without a safe target keeps its text only (its id, if any, in an
                // empty anchor before it).
                None if !id.is_empty() => {
                    self.html.push_str(&format!("<a{id}></a>"));
                    return;
                }
                None => return,
            }
        } else {
            let id = self.inline_anchor(tok);
            self.html.push('<');
            self.html.push_str(name);
            self.html.push_str(&id);
            self.html.push('>');
        }
        self.inline.push(name);
    }

    /// ` id="dana-ref-n"` when inline start tag `tok` is the target of an in-page link, else
    /// nothing.
    fn inline_anchor(&self, tok: &Tok) -> String {
        match tok.attr("id").and_then(|id| self.anchors.get(id)) {
            Some(&n) => format!(" id=\"{}\"", anchor_id(n)),
            None => String::new(),
        }
    }

    fn close_inline(&mut self, source_name: &str) {
        let Some(name) = kept_inline(source_name) else { return };
        if let Some(pos) = self.inline.iter().rposition(|n| *n == name) {
            while self.inline.len() > pos {
                let n = self.inline.pop().unwrap_or_default();
                self.html.push_str("</");
                self.html.push_str(n);
                self.html.push('>');
            }
        }
    }
}

/// HTML's formatting elements, whose misnested end tags the adoption agency algorithm handles.
fn is_formatting(name: &str) -> bool {
    matches!(
        name,
        "a" | "b"
            | "big"
            | "code"
            | "em"
            | "font"
            | "i"
            | "nobr"
            | "s"
            | "small"
            | "strike"
            | "strong"
            | "tt"
            | "u"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::LinkFilter;

    fn all(html: &str) -> Vec<Block> {
        let page = Page::parse(html, crate::preprocess::Preprocessing::thesis(LinkFilter::None));
        let chosen = vec![true; page.lines.len()];
        build(&page, &chosen, Algorithm::Danag, Some("https://example.org/news/a.html"), true, true)
    }

    #[test]
    fn blocks_carry_kind_and_level() {
        let b = all("<h2>Head</h2><p>Para <b>bold</b></p><ol><li>one</li></ol><blockquote>q</blockquote><pre>a\n  b</pre>");
        let kinds: Vec<_> = b.iter().map(|b| (b.kind, b.level, b.text.as_str())).collect();
        assert_eq!(
            kinds,
            vec![
                (BlockKind::Heading, 2, "Head"),
                (BlockKind::Paragraph, 0, "Para bold"),
                (BlockKind::ListItem, 1, "one"),
                (BlockKind::Quote, 0, "q"),
                (BlockKind::Preformatted, 0, "a\n  b"),
            ]
        );
        assert!(b[2].ordered);
        assert_eq!(b[1].html, "Para <strong>bold</strong>");
    }

    #[test]
    fn an_aside_kept_by_preprocessing_is_a_quote_but_under_the_thesis() {
        let html = "<p>Before.</p><aside><h3>Note</h3><p>An aside.</p></aside>";
        let b = all(html);
        let kinds: Vec<_> = b.iter().map(|b| (b.kind, b.text.as_str())).collect();
        assert_eq!(
            kinds,
            [
                (BlockKind::Paragraph, "Before."),
                (BlockKind::Heading, "Note"),
                (BlockKind::Quote, "An aside.")
            ]
        );
        let page = Page::parse(html, crate::preprocess::Preprocessing::thesis(LinkFilter::None));
        let b = build(&page, &vec![true; page.lines.len()], Algorithm::Danag, None, false, false);
        assert_eq!(
            b.iter().map(|b| b.kind).collect::<Vec<_>>(),
            [BlockKind::Paragraph, BlockKind::Heading, BlockKind::Paragraph]
        );
    }

    #[test]
    fn definition_lists_keep_their_terms_and_definitions() {
        let b = all("<dl><dt>Rod</dt><dd>A unit.</dd><dd>Also a pole.</dd></dl><ul><li>x<dl><dt>t</dt><dd><ul><li>y</li></ul></dd></dl></li></ul>");
        let kinds: Vec<_> = b.iter().map(|b| (b.kind, b.level, b.text.as_str())).collect();
        assert_eq!(
            kinds,
            [
                (BlockKind::Term, 0, "Rod"),
                (BlockKind::Definition, 0, "A unit."),
                (BlockKind::Definition, 0, "Also a pole."),
                (BlockKind::ListItem, 1, "x"),
                (BlockKind::Term, 0, "t"),
                // A list inside a definition counts the lists around it, not the `dl`.
                (BlockKind::ListItem, 2, "y"),
            ]
        );
        // As the thesis reads phase 4 (no `article`): list items, as before.
        let page = Page::parse(
            "<dl><dt>Rod</dt><dd>A unit.</dd></dl>",
            crate::preprocess::Preprocessing::thesis(LinkFilter::None),
        );
        let b = build(&page, &vec![true; page.lines.len()], Algorithm::Danag, None, false, false);
        assert_eq!(
            b.iter().map(|b| (b.kind, b.level)).collect::<Vec<_>>(),
            [(BlockKind::ListItem, 1), (BlockKind::ListItem, 1)]
        );
    }

    #[test]
    fn a_thread_is_posts_with_their_author_and_date() {
        let kinds = |html: &str| {
            all(html).into_iter().map(|b| (b.kind, b.text, b.post)).collect::<Vec<_>>()
        };
        let post = |a: Option<&str>, d: Option<&str>, blocks| {
            Some(Post { author: a.map(String::from), date: d.map(String::from), blocks })
        };
        // Discourse's crawler view: the author's name and the time are the header's, not a
        // paragraph of the post; a reply nested in a post has its own author.
        let got = kinds(
            "<div itemscope itemtype=\"http://schema.org/DiscussionForumPosting\"><div class=\"crawler-post-meta\"><span class=\"creator\" itemprop=\"author\" itemscope>\
             <a itemprop=\"url\" href=\"/u/ann\"><span itemprop=\"name\">ann</span></a></span><time itemprop=\"datePublished\" datetime=\"2024-08-04T11:30:48Z\" class=\"post-time\">Aug 4</time></div>\
             <div class=\"post\" itemprop=\"text\"><p>First post.</p>\
             <div itemscope itemtype=\"http://schema.org/Comment\"><span itemprop=\"author\">Bo Li</span><p>A reply.</p></div></div></div>",
        );
        assert_eq!(
            got,
            [
                (
                    BlockKind::Post,
                    "ann · Aug 4".into(),
                    post(Some("ann"), Some("2024-08-04T11:30:48Z"), 1)
                ),
                (BlockKind::Paragraph, "First post.".into(), None),
                (BlockKind::Post, "Bo Li".into(), post(Some("Bo Li"), None, 1)),
                (BlockKind::Paragraph, "A reply.".into(), None),
            ]
        );
        // Stack Exchange: the name written twice (a link, an `itemprop=name`), the editor's card
        // without `itemprop=author` first.
        let got = kinds(
            "<div class=\"answer\" itemscope itemtype=\"https://schema.org/Answer\"><div class=\"s-prose\" itemprop=\"text\"><p>Use a loop.</p></div>\
             <div class=\"user-info\"><div class=\"user-details\"><a href=\"/users/9/ed\">Ed Itor</a></div></div>\
             <div class=\"user-info\"><time itemprop=\"dateCreated\" datetime=\"2008-09-19T07:14:00\">answered Sep 19</time>\
             <div class=\"user-details\" itemprop=\"author\" itemscope><a href=\"/users/1/jo\">Jo Smith</a><span class=\"d-none\" itemprop=\"name\">Jo Smith</span></div></div></div>",
        );
        assert_eq!(
            got[0],
            (
                BlockKind::Post,
                "Jo Smith · answered Sep 19".into(),
                post(Some("Jo Smith"), Some("2008-09-19T07:14:00"), got.len() - 1)
            )
        );
        assert!(got[1..].iter().all(|g| !g.1.contains("answered Sep")), "{got:?}");
        // `<article>`s with an author and a time are posts when there are two; one alone is the
        // article. A date that is not one is not written.
        let art = |n: &str| {
            format!("<article><header><a rel=author href=/{n}>{n} Doe</a> <time datetime=\"2025-01-0{}\">then</time></header><p>Text {n}.</p></article>", n.len())
        };
        assert_eq!(
            kinds(&format!("{}{}", art("Ann"), art("Bob")))
                .iter()
                .filter(|g| g.0 == BlockKind::Post)
                .count(),
            2
        );
        assert!(kinds(&art("Ann")).iter().all(|g| g.0 != BlockKind::Post));
        let bad = kinds("<div itemscope itemtype=\"https://schema.org/Comment\"><time datetime=\"2025&quot;><script>\">x</time><p>Body.</p></div>");
        // A `time` without text shows the day.
        assert_eq!(kinds("<div itemscope itemtype=\"https://schema.org/Comment\"><time datetime=\"2025-02-03T04:05\"></time><p>Body.</p></div>")[0].1, "2025-02-03");
        assert!(bad.iter().all(|g| g.0 != BlockKind::Post), "{bad:?}");
        // Under the thesis's phase 4, no posts.
        let two = format!("{}{}", art("Ann"), art("Bob"));
        let page = Page::parse(&two, crate::preprocess::Preprocessing::thesis(LinkFilter::None));
        let b = build(&page, &vec![true; page.lines.len()], Algorithm::Danag, None, false, false);
        assert!(b.iter().all(|b| b.kind != BlockKind::Post));
    }

    #[test]
    fn posts_declared_only_in_json_ld_are_placed_on_the_elements_holding_their_text() {
        let ld = r#"{"@type":"DiscussionForumPosting","text":"The case has two little holes near the power supply: what are they for?",
            "author":{"@type":"Person","name":"Rabbit"},"datePublished":"2024-03-19T21:22:50+0000",
            "comment":[{"@type":"Comment","text":"Those hold the cable ties.\n\nThe manual says nothing about them, sadly.","author":{"name":"DevBiker"},"dateCreated":"2024-03-19 23:37"}]}"#;
        let page = |ld: &str| {
            format!(
                "<script type=\"application/ld+json\">{ld}</script><p>Topic</p><article><div class=card><b>Rabbit</b> <time datetime=2024-03-19>March 19</time></div><div class=post><p>The case has two little holes near the <a href=/psu>power supply</a>: what are they for?</p></div></article>\
                 <article><div class=card><b>DevBiker</b></div><div class=post><p>Those hold the cable ties.</p><p>The manual says nothing about them, sadly.</p></div><p>Quote</p></article><p>Footer</p>"
            )
        };
        let b = all(&page(ld));
        let shape: Vec<_> = b
            .iter()
            .map(|b| (b.kind, b.text.as_str(), b.post.as_ref().map(|p| p.blocks)))
            .collect();
        assert_eq!(
            shape,
            [
                (BlockKind::Paragraph, "Topic", None),
                (BlockKind::Post, "Rabbit · March 19", Some(1)),
                (
                    BlockKind::Paragraph,
                    "The case has two little holes near the power supply: what are they for?",
                    None
                ),
                (BlockKind::Post, "DevBiker · 2024-03-19", Some(3)),
                (BlockKind::Paragraph, "Those hold the cable ties.", None),
                (BlockKind::Paragraph, "The manual says nothing about them, sadly.", None),
                (BlockKind::Paragraph, "Quote", None),
                (BlockKind::Paragraph, "Footer", None),
            ]
        );
        // One post whose text the page does not hold: the other alone is no thread.
        assert!(all(&page(&ld.replace("Those hold", "These hold")))
            .iter()
            .all(|b| b.kind != BlockKind::Post));
        // Not under the thesis (posts are `kinds`).
        let html = page(ld);
        let page = Page::parse(&html, crate::preprocess::Preprocessing::thesis(LinkFilter::None));
        let chosen = vec![true; page.lines.len()];
        assert!(build(&page, &chosen, Algorithm::Danag, None, false, false)
            .iter()
            .all(|b| b.kind != BlockKind::Post));
    }

    #[test]
    fn a_post_ends_where_its_element_ends() {
        // Discourse: after the last post, the page's "Powered by Discourse" and its related
        // topics are not the last post's words; the blocks before the next post's header are the
        // post's only while they are read inside its element.
        let post = |n: &str, d: &str| {
            format!(
                "<div itemscope itemtype=\"http://schema.org/DiscussionForumPosting\"><span class=\"creator\" itemprop=\"author\"><span itemprop=\"name\">{n}</span></span>\
                 <time itemprop=\"datePublished\" datetime=\"2024-08-0{d}T10:00:00Z\">Aug {d}</time><div itemprop=\"text\"><p>Words of {n}.</p><ul><li>A point of {n}.</li></ul></div></div>"
            )
        };
        let page = format!("<main>{}<p>Between the posts.</p>{}</main><footer><p>Powered by Discourse.</p><h3>Related topics</h3></footer>", post("ann", "4"), post("bo", "5"));
        let b = all(&page);
        let got: Vec<_> = b
            .iter()
            .map(|b| (b.kind, b.text.as_str(), b.post.as_ref().map(|p| p.blocks)))
            .collect();
        assert_eq!(
            got,
            [
                (BlockKind::Post, "ann · Aug 4", Some(2)),
                (BlockKind::Paragraph, "Words of ann.", None),
                (BlockKind::ListItem, "A point of ann.", None),
                (BlockKind::Paragraph, "Between the posts.", None),
                (BlockKind::Post, "bo · Aug 5", Some(2)),
                (BlockKind::Paragraph, "Words of bo.", None),
                (BlockKind::ListItem, "A point of bo.", None),
                (BlockKind::Paragraph, "Powered by Discourse.", None),
                (BlockKind::Heading, "Related topics", None),
            ]
        );
        // The article HTML closes the last post after its list, before the footer's text.
        let html = crate::render::html(&b);
        assert!(
            html.contains(
                "A point of bo.</li></ul></article><p data-block=\"7\">Powered by Discourse.</p>"
            ),
            "{html}"
        );
        assert!(html.contains("A point of ann.</li></ul></article><p data-block=\"3\">Between the posts.</p><article>"), "{html}");
        // A post whose element was never closed holds the rest of the page.
        let open = all("<div itemscope itemtype=\"https://schema.org/Comment\"><span itemprop=\"author\">Cy</span><p>One.</p><p>Two.");
        assert_eq!(open[0].post.as_ref().map(|p| p.blocks), Some(2));
    }

    #[test]
    fn a_definition_keeps_the_blocks_it_holds() {
        // Sphinx's API entry (a listing opening the definition), a definition holding a list and
        // two paragraphs, and a list after the definition list.
        let b = all("<dl><dt>f(x)</dt><dd><div class=\"highlight-python\"><pre>f(1)</pre></div><p>Calls f.</p><ul><li>one</li><li>two</li></ul><p>Then.</p></dd>\
                     <dt>g</dt><dd><ol><li>first</li></ol></dd></dl><ul><li>after</li></ul>");
        let got: Vec<_> = b.iter().map(|b| (b.kind, b.in_definition, b.text.as_str())).collect();
        use BlockKind::*;
        assert_eq!(
            got,
            [
                (Term, false, "f(x)"),
                (Preformatted, true, "f(1)"),
                (Definition, false, "Calls f."),
                (ListItem, true, "one"),
                (ListItem, true, "two"),
                (Definition, false, "Then."),
                (Term, false, "g"),
                (ListItem, true, "first"),
                (ListItem, false, "after"),
            ]
        );
        // Under the thesis's phase 4 nothing is held.
        let page = Page::parse(
            "<dl><dt>g</dt><dd><ol><li>first</li></ol></dd></dl>",
            crate::preprocess::Preprocessing::thesis(LinkFilter::None),
        );
        let b = build(&page, &vec![true; page.lines.len()], Algorithm::Danag, None, false, false);
        assert!(b.iter().all(|b| !b.in_definition));
    }

    #[test]
    fn footnotes_keep_numbered_in_page_anchors_never_the_page_ids() {
        let b = all("<p>Text<sup id=\"fnref:1\"><a href=\"#fn:1\">1</a></sup> and <a href=\"#nowhere\">a dead link</a>.</p>\
                     <ol><li id=\"fn:1\"><p>The note. <a href=\"#fnref:1\">back</a></p></li></ol>");
        assert_eq!(
            b[0].html,
            "Text<sup id=\"dana-ref-0\"><a href=\"#dana-ref-1\">1</a></sup> and a dead link."
        );
        assert_eq!(
            b[1].html,
            "<a id=\"dana-ref-1\"></a>The note. <a href=\"#dana-ref-0\">back</a>"
        );
        assert_eq!(b[1].text, "The note. back");
        // An anchor's target inside a link waits for the link's end: anchors do not nest.
        let b = all("<p><a href=\"https://x.org/\"><span id=\"n\">in</span> link</a> after <a href=\"#n\">to n</a></p>");
        assert_eq!(b[0].html, "<a href=\"https://x.org/\">in link</a><a id=\"dana-ref-0\"></a> after <a href=\"#dana-ref-0\">to n</a>");
    }

    #[test]
    fn links_resolve_and_unsafe_ones_lose_their_target() {
        let b = all("<p><a href=\"../x?a=1&amp;b=2\">ok</a> <a href=\"javascript:alert(1)\">bad</a> <a href=\" JaVa&#x09;script:x\">bad2</a></p>");
        assert_eq!(b[0].html, "<a href=\"https://example.org/x?a=1&amp;b=2\">ok</a> bad bad2");
    }

    #[test]
    fn unclosed_and_stray_tags_are_tolerated() {
        let b = all("</div></p><p>one<em>two<p>three</b></span>");
        let t: Vec<_> = b.iter().map(|b| b.text.as_str()).collect();
        assert_eq!(t, vec!["onetwo", "three"]);
        assert_eq!(b[0].html, "one<em>two</em>");
        // A stray end tag of an inline element does not close the blocks opened after it, as
        // in HTML: the heading stays a heading, the quote a quote (a 2000s page's footnote marks).
        let b = all("<p>Text.<sup>20</p><sup><h3></sup>Alternative patterns</h3><blockquote><span><p>Quoted</span> words.</p></blockquote>");
        let k: Vec<_> = b.iter().map(|b| (b.kind, b.text.as_str())).collect();
        assert_eq!(
            k,
            [
                (BlockKind::Paragraph, "Text.20"),
                (BlockKind::Heading, "Alternative patterns"),
                (BlockKind::Quote, "Quoted words.")
            ]
        );
    }

    #[test]
    fn images_become_figures_with_captions() {
        let b = all("<figure><img src=\"/i.jpg\" alt=\"A cat\"><figcaption>The cat</figcaption></figure><img src=x.gif width=1 height=1>");
        assert_eq!(b.len(), 1);
        assert_eq!(b[0].kind, BlockKind::Figure);
        assert_eq!(b[0].src.as_deref(), Some("https://example.org/i.jpg"));
        assert_eq!(b[0].text, "The cat");
        assert_eq!(b[0].alt.as_deref(), Some("A cat"));
    }

    #[test]
    fn an_image_between_chosen_lines_is_kept_a_linked_one_is_not() {
        let page = Page::parse("<p>One.</p><div><img src=/a.jpg></div><div><a href=/ad><img src=/b.jpg></a></div><p>Two.</p><img src=/c.jpg>", crate::preprocess::Preprocessing::thesis(LinkFilter::None));
        let mut chosen = vec![false; page.lines.len()];
        chosen[0] = true;
        *chosen.last_mut().unwrap() = false;
        let two = page.line_sources().iter().position(|l| l.contains("Two")).unwrap();
        chosen[two] = true;
        let b = build(&page, &chosen, Algorithm::Danag, Some("https://example.org/"), true, true);
        let srcs: Vec<_> = b.iter().filter_map(|b| b.src.as_deref()).collect();
        assert_eq!(srcs, vec!["https://example.org/a.jpg"]);
    }

    /// Builds with only the lines holding `needles` chosen; `captions` as in `build`.
    fn with_chosen(html: &str, needles: &[&str], captions: bool) -> Vec<Block> {
        let page = Page::parse(html, crate::preprocess::Preprocessing::thesis(LinkFilter::None));
        let sources = page.line_sources();
        let chosen: Vec<bool> =
            sources.iter().map(|l| needles.iter().any(|n| l.contains(n))).collect();
        build(&page, &chosen, Algorithm::Danag, Some("https://example.org/"), true, captions)
    }

    #[test]
    fn a_kept_figure_reads_its_caption_and_credit_though_their_lines_were_not_chosen() {
        let html = "<p>One.</p><figure><img src=/a.jpg alt=A><figcaption>The harbour at dawn. <span class=credit>Photo: Jo</span></figcaption></figure><p>Two.</p>";
        let b = with_chosen(html, &["One.", "Two."], true);
        let kinds: Vec<_> = b.iter().map(|b| (b.kind, b.text.as_str())).collect();
        assert_eq!(
            kinds,
            [
                (BlockKind::Paragraph, "One."),
                (BlockKind::Figure, "The harbour at dawn. Photo: Jo"),
                (BlockKind::Paragraph, "Two.")
            ]
        );
        // As the thesis reads phase 4 (no `media`): the image, but only chosen text.
        let b = with_chosen(html, &["One.", "Two."], false);
        assert_eq!(
            b.iter().map(|b| (b.kind, b.text.as_str())).collect::<Vec<_>>(),
            [
                (BlockKind::Paragraph, "One."),
                (BlockKind::Figure, ""),
                (BlockKind::Paragraph, "Two.")
            ]
        );
    }

    #[test]
    fn a_chosen_caption_brings_in_its_image_and_classic_captions_bind_too() {
        // The figure stands before the first chosen line; its caption line was chosen.
        let html = "<div class=\"wp-caption\"><img src=/w.jpg><p class=\"wp-caption-text\">Caption text here</p></div><p>Body.</p>";
        let b = with_chosen(html, &["Caption text", "Body."], true);
        assert_eq!(
            b.iter().map(|b| (b.kind, b.src.as_deref(), b.text.as_str())).collect::<Vec<_>>(),
            [
                (BlockKind::Figure, Some("https://example.org/w.jpg"), "Caption text here"),
                (BlockKind::Paragraph, None, "Body.")
            ]
        );
        // A MediaWiki thumb, the image linked to its file page.
        let html = "<p>One.</p><div class=\"thumb tright\"><div class=\"thumbinner\"><a href=/f class=image><img src=/m.jpg></a><div class=\"thumbcaption\"><div class=magnify><a href=/f></a></div>The mill</div></div></div><p>Two.</p>";
        let b = with_chosen(html, &["One.", "Two."], true);
        assert_eq!(b[1].src.as_deref(), Some("https://example.org/m.jpg"));
        assert_eq!(b[1].text, "The mill");
        // A caption whose image is no figure (an avatar) is a paragraph; a second empty image
        // of a lazy loader leaves the figure read.
        let b = all("<figure><img class=avatar src=/me.jpg><figcaption>About me</figcaption></figure><figure><img src=/x.jpg><img><figcaption>X</figcaption></figure>");
        assert_eq!(
            b.iter().map(|b| (b.kind, b.text.as_str())).collect::<Vec<_>>(),
            [(BlockKind::Paragraph, "About me"), (BlockKind::Figure, "X")]
        );
        // A box named for an image with its caption binds them; an image whose height the
        // template left at 0 is still a picture.
        let b = all("<div class=\"feat-image-with-caption alignright\"><img width=400 height=299 src=/l.jpg><p class=\"wp-caption-text\">Lerner, sworn in</p></div>\
                     <figure><img src=/z.jpg width=570 height=0><figcaption><span class=caption><p>The plan.</p></span><span class=credit>Photo: J.</span></figcaption></figure>");
        assert_eq!(
            b.iter().map(|b| (b.kind, b.text.as_str())).collect::<Vec<_>>(),
            [(BlockKind::Figure, "Lerner, sworn in"), (BlockKind::Figure, "The plan. Photo: J.")]
        );
    }

    #[test]
    fn image_urls_are_the_ones_the_browser_would_load() {
        let src = |html: &str| all(html).into_iter().filter_map(|b| b.src).collect::<Vec<_>>();
        // `src` over a lazy attribute; the lazy attribute over a placeholder.
        assert_eq!(
            src("<img src=/real.jpg data-src=/other.jpg>"),
            ["https://example.org/real.jpg"]
        );
        assert_eq!(
            src("<img src=\"data:image/gif;base64,R0lG\" data-src=/lazy.jpg>"),
            ["https://example.org/lazy.jpg"]
        );
        assert_eq!(
            src("<img data-lazy-srcset=\"/l-400.jpg 400w, /l-900.jpg 900w\">"),
            ["https://example.org/l-900.jpg"]
        );
        // A `srcset` for a 700 px column; a picture's first matching source.
        assert_eq!(
            src("<img src=/s.jpg srcset=\"/s-300.jpg 300w, /s-768.jpg 768w, /s-1536.jpg 1536w\">"),
            ["https://example.org/s-768.jpg"]
        );
        assert_eq!(
            src("<picture><source type=image/jxl srcset=/p.jxl><source media=\"(max-width: 600px)\" srcset=/p-small.jpg><source type=image/webp srcset=/p.webp><img src=/p.jpg></picture>"),
            ["https://example.org/p.webp"]
        );
        assert_eq!(src("<picture><source media=\"(min-width: 2000px)\" srcset=/huge.jpg><img src=/p.jpg></picture><img src=/after.jpg>"), ["https://example.org/p.jpg", "https://example.org/after.jpg"]);
    }

    const TAX: &str = "<table><caption>Brackets <b>2026</b></caption><thead><tr><th>Rate</th><th colspan=\"2\">Income</th></tr></thead>\
        <tbody><tr><td rowspan=2>10%</td><td>$0</td><td><a href=\"/b\">$11,925</a></td></tr><tr><td>$11,926</td><td>$48,475</td></tr></tbody></table>";

    #[test]
    fn a_data_table_becomes_one_block_with_its_structure() {
        let b = all(&format!("<p>Before.</p>{TAX}<p>After.</p>"));
        let kinds: Vec<_> = b.iter().map(|b| b.kind).collect();
        assert_eq!(kinds, [BlockKind::Paragraph, BlockKind::Table, BlockKind::Paragraph]);
        let t = b[1].table.as_ref().unwrap();
        assert_eq!(
            (t.caption.as_str(), t.caption_html.as_str(), t.head_rows),
            ("Brackets 2026", "Brackets <strong>2026</strong>", 1)
        );
        let shape: Vec<Vec<(&str, bool, u32, u32)>> = t
            .rows
            .iter()
            .map(|r| r.iter().map(|c| (c.text.as_str(), c.header, c.colspan, c.rowspan)).collect())
            .collect();
        assert_eq!(
            shape,
            vec![
                vec![("Rate", true, 1, 1), ("Income", true, 2, 1)],
                vec![("10%", false, 1, 2), ("$0", false, 1, 1), ("$11,925", false, 1, 1)],
                vec![("$11,926", false, 1, 1), ("$48,475", false, 1, 1)],
            ]
        );
        assert_eq!(t.rows[1][2].html, "<a href=\"https://example.org/b\">$11,925</a>");
        assert_eq!(b[1].text, "Brackets 2026\nRate\tIncome\n10%\t$0\t$11,925\n$11,926\t$48,475");
        assert_eq!(
            b[1].html,
            "<caption>Brackets <strong>2026</strong></caption>\n<thead><tr><th scope=\"col\">Rate</th>\t<th scope=\"col\" colspan=\"2\">Income</th></tr>\n\
             </thead><tbody><tr><td rowspan=\"2\">10%</td>\t<td>$0</td>\t<td><a href=\"https://example.org/b\">$11,925</a></td></tr>\n\
             <tr><td>$11,926</td>\t<td>$48,475</td></tr></tbody>"
        );
    }

    #[test]
    fn leading_rows_of_header_cells_are_header_rows_and_cells_keep_inline_content_only() {
        let b = all("<table><tr><th>Name</th><th>Use</th></tr><tr><th>awk</th><td><p>Scans <code>lines</code></p><ul><li>one</li><li>two</li></ul></td></tr>\
                     <tr><th>sed</th><td>Edits<br>streams</td></tr></table>");
        assert_eq!(b.len(), 1);
        let t = b[0].table.as_ref().unwrap();
        assert_eq!(t.head_rows, 1);
        assert_eq!(t.rows[1][1].text, "Scans lines one two");
        assert_eq!(t.rows[1][1].html, "Scans <code>lines</code> one two");
        assert_eq!(t.rows[2][1].text, "Edits streams");
        // A row header in the body is a header cell; the rows are not all header rows.
        assert!(t.rows[1][0].header && !t.rows[1][1].header);
    }

    #[test]
    fn layout_tables_are_unwrapped() {
        let cells = |n: usize| (0..n).map(|i| format!("<td>cell {i}</td>")).collect::<String>();
        for (what, html) in [
            ("one column", format!("<table><tr>{}</tr><tr>{}</tr><tr>{}</tr></table>", cells(1), cells(1), cells(1))),
            ("one row", format!("<table><tr><th>a</th>{}</tr></table>", cells(3))),
            ("presentation", format!("<table role=presentation><tr><th>a</th>{}</tr><tr><th>b</th>{}</tr></table>", cells(2), cells(2))),
            ("small without header", format!("<table><tr>{}</tr><tr>{}</tr></table>", cells(3), cells(3))),
            ("prose in cells", format!("<table><tr><th>a</th><td>{}</td></tr><tr><th>b</th><td>x</td></tr></table>", "words ".repeat(200))),
            ("holds a heading", format!("<table><tr><th>a</th><td><h2>Title</h2></td></tr><tr>{}</tr></table>", cells(2))),
            // A heading is a row-group label only in a row's one cell, as wide as the table,
            // under a first row of header cells alone.
            ("a heading beside a cell", format!("<table><tr><th>a</th><th>b</th></tr><tr><td><h2>Title</h2></td>{}</tr><tr>{}</tr></table>", cells(1), cells(2))),
            ("a heading not as wide", format!("<table><tr><th>a</th><th>b</th><th>c</th></tr><tr><td colspan=2><h2>Title</h2></td></tr><tr>{}</tr></table>", cells(3))),
            ("a first row not all header", format!("<table><tr><th>a</th>{}</tr><tr><td colspan=2><h2>Title</h2></td></tr><tr>{}</tr></table>", cells(1), cells(2))),
            ("one header cell", format!("<table><tr><th colspan=2>a</th></tr><tr><td colspan=2><h2>Title</h2></td></tr><tr>{}</tr></table>", cells(2))),
            ("a heading in the header row", format!("<table><tr><th><h2>a</h2></th><th>b</th></tr><tr>{}</tr><tr>{}</tr></table>", cells(2), cells(2))),
        ] {
            let b = all(&html);
            assert!(b.iter().all(|b| b.kind == BlockKind::Paragraph || b.kind == BlockKind::Heading), "{what}: {b:?}");
        }
        // A table holding a table is layout; the inner one is data.
        let b = all(&format!("<table><tr><td><p>Side</p></td><td>{TAX}</td></tr></table>"));
        let kinds: Vec<_> = b.iter().map(|b| b.kind).collect();
        assert_eq!(kinds, [BlockKind::Paragraph, BlockKind::Table]);
        // Headings labelling groups of rows under a header row (an events listing) are a
        // data table's, kept in their cells.
        let b = all(&format!(
            "<table><tr><th>Town</th><th>Event</th></tr><tr><td colspan=\"2\"><p><a name=\"x\"><h4>Film club</h4></a></td></tr><tr>{}</tr><tr><td colspan=2><h4>Festivals</h4></td></tr><tr>{}</tr></table>",
            cells(2),
            cells(2)
        ));
        assert_eq!(b.iter().map(|b| b.kind).collect::<Vec<_>>(), [BlockKind::Table]);
        let rows = &b[0].table.as_ref().unwrap().rows;
        assert_eq!(
            (rows.len(), rows[1][0].text.as_str(), rows[3][0].text.as_str()),
            (5, "Film club", "Festivals")
        );
        // Size alone makes a data table.
        let b = all(&format!(
            "<table>{}</table>",
            (0..10).map(|_| format!("<tr>{}</tr>", cells(2))).collect::<String>()
        ));
        assert_eq!(b.iter().map(|b| b.kind).collect::<Vec<_>>(), [BlockKind::Table]);
    }

    #[test]
    fn a_table_is_kept_whole_when_one_line_is_chosen_or_it_stands_between_chosen_lines() {
        let html = format!("<p>One.</p>{TAX}<p>Two.</p>{TAX}");
        let page = Page::parse(&html, crate::preprocess::Preprocessing::thesis(LinkFilter::None));
        let sources = page.line_sources();
        let line = |needle: &str| sources.iter().position(|l| l.contains(needle)).unwrap();
        let build_with = |lines: &[usize]| {
            let mut chosen = vec![false; page.lines.len()];
            lines.iter().for_each(|&l| chosen[l] = true);
            build(&page, &chosen, Algorithm::Danag, None, true, true)
        };
        // Only the first paragraph and one cell of the first table: that table is whole, the
        // second (after the last chosen line) is not read.
        let b = build_with(&[line("One."), line("$48,475")]);
        let kinds: Vec<_> = b.iter().map(|b| b.kind).collect();
        assert_eq!(kinds, [BlockKind::Paragraph, BlockKind::Table]);
        assert_eq!(b[1].table.as_ref().unwrap().rows.len(), 3);
        // Between the two chosen paragraphs, no line of the first table chosen: kept.
        let b = build_with(&[line("One."), line("Two.")]);
        assert_eq!(
            b.iter().map(|b| b.kind).collect::<Vec<_>>(),
            [BlockKind::Paragraph, BlockKind::Table, BlockKind::Paragraph]
        );
        // After the last chosen line, nothing of it chosen: not kept.
        let b = build_with(&[line("One.")]);
        assert_eq!(b.iter().map(|b| b.kind).collect::<Vec<_>>(), [BlockKind::Paragraph]);
    }

    /// The code blocks of `html`: (language, text, HTML).
    fn code(html: &str) -> Vec<(Option<String>, String, String)> {
        all(html)
            .into_iter()
            .filter(|b| b.kind == BlockKind::Preformatted)
            .map(|b| (b.code_lang, b.text, b.html))
            .collect()
    }

    #[test]
    fn the_language_is_read_where_highlighters_write_it() {
        let lang = |html: &str| code(html).pop().and_then(|c| c.0);
        assert_eq!(
            lang("<pre><code class=\"hljs language-JavaScript\">x</code></pre>").as_deref(),
            Some("javascript")
        );
        assert_eq!(lang("<pre class=\"prettyprint lang-c++\">x</pre>").as_deref(), Some("c++"));
        assert_eq!(
            lang("<pre class=\"brush: csharp; gutter: false\">x</pre>").as_deref(),
            Some("csharp")
        );
        assert_eq!(lang("<pre class=\"brush:py\">x</pre>").as_deref(), Some("py"));
        assert_eq!(
            lang("<div class=\"highlight highlight-source-shell\"><pre>x</pre></div>").as_deref(),
            Some("shell")
        );
        assert_eq!(
            lang("<div class=\"highlight-text-html-basic\"><pre>x</pre></div>").as_deref(),
            Some("html")
        );
        assert_eq!(lang("<div class=\"language-yaml codeBlockContainer\"><div class=\"codeBlockContent\"><pre>x</pre></div></div>").as_deref(), Some("yaml"));
        assert_eq!(
            lang("<pre tabindex=0><code data-lang=\"go\">x</code></pre>").as_deref(),
            Some("go")
        );
        assert_eq!(
            lang("<pre class=\"astro-code\" data-language=\"f#\">x</pre>").as_deref(),
            Some("f#")
        );
        // No language, or none we may write: Prism's "none", a value outside the allowlist, an
        // ancestor three levels up (an article's `lang-en` is not a language of code).
        for html in [
            "<pre>x</pre>",
            "<pre class=\"language-none\">x</pre>",
            "<pre class=\"language-a&quot;b\">x</pre>",
            "<pre class='language-\"><script>'>x</pre>",
            "<pre class=\"language-abcdefghijklmnopqrstuvwxyz0123456789\">x</pre>",
            "<div class=\"lang-en\"><div><div><pre>x</pre></div></div></div>",
        ] {
            assert_eq!(lang(html), None, "{html}");
        }
        // The language is written as the one class of `code`; a `pre` holding `code` is code.
        assert_eq!(
            code("<pre class=\"language-rust\"><span>fn</span> main() {}</pre>")[0].2,
            "<code class=\"language-rust\">fn main() {}</code>"
        );
        assert_eq!(code("<pre><code>a &lt; b</code></pre>")[0].2, "<code>a &lt; b</code>");
        assert_eq!(code("<pre>  /\\_/\\</pre>")[0].2, "  /\\_/\\");
    }

    #[test]
    fn highlighter_markup_and_gutters_leave_the_code_as_written() {
        // Token spans, lines drawn with `br` (Docusaurus), line anchors (MkDocs).
        let c = code("<pre class=\"prism-code language-yaml\"><code><span class=\"token-line\"><span class=\"token key\">a</span>:<br></span><span class=\"token-line\">  b: <span class=\"token string\">\"1\"</span><br></span></code></pre>");
        assert_eq!(c[0].1, "a:\n  b: \"1\"");
        // Pygments' table: the gutter cell goes, the code's leading `<span></span>` is nothing.
        let c = code("<div class=\"highlight-python\"><table class=\"highlighttable\"><tr><td class=\"linenos\"><div class=\"linenodiv\"><pre>1\n2</pre></div></td>\
             <td class=\"code\"><div class=\"highlight\"><pre><span></span><span class=\"k\">if</span> x:\n\tpass\n</pre></div></td></tr></table></div>");
        assert_eq!(
            c,
            [(
                Some("python".into()),
                "if x:\n\tpass".into(),
                "<code class=\"language-python\">if x:\n\tpass</code>".into()
            )]
        );
        // Rouge's table inside `code.language-ruby`.
        let c = code("<figure class=\"highlight\"><pre><code class=\"language-ruby\" data-lang=\"ruby\"><table class=\"rouge-table\"><tbody><tr>\
             <td class=\"gutter gl\"><pre class=\"lineno\">1\n2\n</pre></td><td class=\"code\"><pre>def a\nend\n</pre></td></tr></tbody></table></code></pre></figure>");
        assert_eq!(c[0].0.as_deref(), Some("ruby"));
        assert_eq!(c[0].1, "def a\nend");
        // highlight.js's line-number plugin: a row a line, an empty line kept, the numbers
        // (drawn from an attribute) never text.
        let row = |n: u32, code: &str| {
            format!("<tr><td class=\"hljs-ln-line hljs-ln-numbers\" data-line-number=\"{n}\"><div class=\"hljs-ln-n\" data-line-number=\"{n}\"></div></td><td class=\"hljs-ln-line hljs-ln-code\">{code}</td></tr>")
        };
        let c = code(&format!("<pre><code class=\"hljs language-js\"><table class=\"hljs-ln\"><tbody>{}{}{}</tbody></table></code></pre>", row(1, "a();"), row(2, ""), row(3, "  b();")));
        assert_eq!(c[0].1, "a();\n\n  b();");
        // A gutter with no class we know: a cell of consecutive numbers. Chroma's `lnt` spans.
        let c = code("<table class=\"lntable\"><tr><td><pre><code><span class=\"lnt\">1\n</span><span class=\"lnt\">2\n</span></code></pre></td><td><pre><code class=\"language-go\">x := 1\ny := 2</code></pre></td></tr></table>");
        assert_eq!((c[0].0.as_deref(), c[0].1.as_str()), (Some("go"), "x := 1\ny := 2"));
        let c = code("<table class=\"highlighttable\"><tr><td><pre>1\n2\n3</pre></td><td><pre>a\nb\nc</pre></td></tr></table>");
        assert_eq!(c[0].1, "a\nb\nc");
        // Inline numbers (Pygments `linenos=inline`), Prism's rows are `aria-hidden`.
        let c = code("<pre><span class=\"linenos\">1</span>a\n<span class=\"linenos\">2</span>b</pre><pre class=\"line-numbers\"><code>c<span aria-hidden=\"true\" class=\"line-numbers-rows\"><span></span></span></code></pre>");
        assert_eq!(c.iter().map(|c| c.1.as_str()).collect::<Vec<_>>(), ["a\nb", "c"]);
        // Lines drawn as `div`s.
        assert_eq!(
            code("<pre><div class=\"line\">a</div><div class=\"line\">  b</div></pre>")[0].1,
            "a\n  b"
        );
    }

    #[test]
    fn a_code_block_is_kept_whole_when_one_line_is_chosen_or_it_stands_between_chosen_lines() {
        let listing = "<pre><code class=\"language-sh\"><span class=\"c\"># one</span><br><span class=\"k\">two</span><br>three</code></pre>";
        let html = format!("<p>One.</p>{listing}<p>Two.</p>{listing}");
        let page = Page::parse(&html, crate::preprocess::Preprocessing::thesis(LinkFilter::None));
        let sources = page.line_sources();
        let line = |needle: &str| sources.iter().position(|l| l.contains(needle)).unwrap();
        let build_with = |lines: &[usize], whole: bool| {
            let mut chosen = vec![false; page.lines.len()];
            lines.iter().for_each(|&l| chosen[l] = true);
            build(&page, &chosen, Algorithm::Danag, None, whole, true)
                .into_iter()
                .map(|b| (b.kind, b.text))
                .collect::<Vec<_>>()
        };
        let pre = |t: &str| (BlockKind::Preformatted, t.to_string());
        let p = |t: &str| (BlockKind::Paragraph, t.to_string());
        // One line of the first listing chosen: all of it, once; the second is after the last
        // chosen line.
        assert_eq!(
            build_with(&[line("One."), line("two")], true),
            [p("One."), pre("# one\ntwo\nthree")]
        );
        // Between chosen lines, none of its own chosen: kept.
        assert_eq!(
            build_with(&[line("One."), line("Two.")], true),
            [p("One."), pre("# one\ntwo\nthree"), p("Two.")]
        );
        // Without `whole_code` (the thesis's phase 4), only the chosen line.
        assert_eq!(build_with(&[line("One."), line("two")], false), [p("One."), pre("two")]);
    }

    #[test]
    fn tables_and_code_inside_one_another_are_read_once() {
        // A listing in a data table's cell is the cell's text; a data table after it is still
        // a table.
        let cells = |n: usize| (0..n).map(|i| format!("<td>cell {i}</td>")).collect::<String>();
        let table = format!("<table><tr><th>a</th><th>b</th></tr><tr><td><pre>x = 1</pre></td><td>y</td></tr></table><pre>z</pre><table><tr><th>h</th><th>i</th></tr><tr>{}</tr></table>", cells(2));
        let kinds: Vec<_> = all(&table).iter().map(|b| b.kind).collect();
        assert_eq!(kinds, [BlockKind::Table, BlockKind::Preformatted, BlockKind::Table]);
    }

    #[test]
    fn r2l_keeps_only_right_to_left_characters() {
        let page = Page::parse(
            "<p>سلام <b>world</b> دنیا</p>",
            crate::preprocess::Preprocessing::thesis(LinkFilter::None),
        );
        let b = build(&page, &[true], Algorithm::R2l, None, true, true);
        assert_eq!(b[0].text, "سلام دنیا");
    }
}
