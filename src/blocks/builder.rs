//! The error-tolerant block builder: the chosen lines, read in the context of every element
//! open around them, become blocks.

use std::ops::Range;

use crate::extraction::{Block, BlockKind, Cell, Post, Table};
use crate::figures;
use crate::html::{collapse_whitespace, is_block, is_heading, is_space, is_void, needs_collapse};
use crate::preprocess::{Page, Tok};
use crate::render::{escape, escape_into, safe_url, table_html, table_text, UrlUse};
use crate::settings::blocks::{CHROME_DEPTH, MAX_INLINE};
use crate::settings::pipeline::MAX_DEPTH;
use crate::tokenize::{Name, Tag};

use super::code::{self, code_blocks, CodeBlock};
use super::posts::PostMark;
use super::tables::data_tables;

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

pub struct Builder<'a> {
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
    /// Read a kept figure's caption even where its lines were not chosen ([`super::build`]).
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
    /// `Options::data_tables`: a table of labels and values is data without header cells
    /// ([`data_tables`]), and a cell holding only a heading is a header cell.
    grid: bool,
    /// The depth in `stack` of the open post's element: the list items it stands in, or is,
    /// are how the page lists its posts, not lists of the post's own.
    post_depth: Option<usize>,
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
    pub fn new(page: &'a Page, url: Option<&str>, captions: bool) -> Self {
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
            grid: false,
            post_depth: None,
        }
    }

    pub fn run(
        mut self,
        chosen: &[bool],
        whole_code: bool,
        posts: &[PostMark],
        grid: bool,
    ) -> Vec<Block> {
        let page = self.page;
        // An image's line has no text, so it never rises above the axis by itself: an image
        // between the first and the last chosen line belongs to the article, unless it is a
        // link to elsewhere (a banner) on a line that was not chosen.
        let first = chosen.iter().position(|&c| c).unwrap_or(usize::MAX);
        let last = chosen.iter().rposition(|&c| c).unwrap_or(0);
        let tables = data_tables(page, whole_code, grid);
        self.grid = grid;
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
                        self.post_depth = Some(self.stack.len());
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
        self.post_depth = None;
        let Some((at, _)) = post else { return };
        let n = self.out.len() - at - 1;
        if let Some(BlockKind::Post(p)) = self.out.get_mut(at).map(|b| &mut b.kind) {
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

    /// The kind of a block from its nearest block-level ancestors; `None` for a figure's
    /// caption, which [`Builder::flush`] gives to its figure.
    fn kind(&self) -> Option<BlockKind> {
        if self.inside(&[Tag::Pre, Tag::Listing, Tag::Xmp]) {
            return Some(BlockKind::Preformatted { code_lang: None });
        }
        if self.figure.as_ref().is_some_and(|f| f.caption.is_some()) {
            return None;
        }
        // Within a post, only the lists inside its element are the post's own.
        let own = self.post_depth.map_or(0, |d| d + 1);
        for (at, name) in self.stack.iter().enumerate().rev() {
            let Some(tag) = name.tag() else { continue };
            match tag {
                Tag::H1 | Tag::H2 | Tag::H3 | Tag::H4 | Tag::H5 | Tag::H6 => {
                    return Some(BlockKind::Heading { level: name.as_bytes()[1] - b'0' })
                }
                // A definition list's terms and definitions are kept as such (`kinds`); the
                // thesis reads them as list items.
                Tag::Dt | Tag::Dd
                    if self.kinds
                        && at >= own
                        && Self::innermost_list(&self.stack[own..]) == Some(Tag::Dl) =>
                {
                    return Some(if tag == Tag::Dt {
                        BlockKind::Term
                    } else {
                        BlockKind::Definition
                    });
                }
                Tag::Li | Tag::Dd | Tag::Dt if at >= own => {
                    let lists: &[Tag] = if self.kinds {
                        &[Tag::Ul, Tag::Ol, Tag::Menu]
                    } else {
                        &[Tag::Ul, Tag::Ol, Tag::Dl, Tag::Menu]
                    };
                    let depth = self.stack[own..]
                        .iter()
                        .filter(|n| n.tag().is_some_and(|t| lists.contains(&t)))
                        .count()
                        .clamp(1, 9);
                    let ordered = Self::innermost_list(&self.stack[own..]) == Some(Tag::Ol);
                    return Some(BlockKind::ListItem { depth: depth as u8, ordered });
                }
                Tag::Blockquote => return Some(BlockKind::Quote),
                // An aside preprocessing kept (an article's own note or pull quote) is set off
                // as a quote (`kinds`); the thesis reads it as paragraphs.
                Tag::Aside if self.kinds => return Some(BlockKind::Quote),
                Tag::Figcaption => return None,
                _ => {}
            }
        }
        Some(BlockKind::Paragraph)
    }

    /// The header block of a post ([`BlockKind::Post`]): the author, then ` · ` and the date
    /// as the page shows it (`shown`, at most 64 characters), else its day (the first ten
    /// characters, `2024-08-04`).
    fn post(&mut self, post: &Post, shown: &str, line: usize) {
        // A date the page shows but that reads as no day (vBulletin's `03-14-2025`) is shown.
        let shown = Some(shown).filter(|s| !s.is_empty() && s.chars().count() <= 64);
        let day = post
            .date
            .as_deref()
            .map(|d| shown.unwrap_or_else(|| d.get(..10).unwrap_or(d)))
            .or(shown);
        let text =
            [post.author.as_deref(), day].into_iter().flatten().collect::<Vec<_>>().join(" · ");
        let html = match (&post.author, day) {
            (Some(a), Some(d)) => format!("<cite>{}</cite> · {}", escape(a), escape(d)),
            (Some(a), None) => format!("<cite>{}</cite>", escape(a)),
            (None, d) => escape(d.unwrap_or_default()),
        };
        self.out.push(Block::new(BlockKind::Post(post.clone()), text, html, line));
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
            self.out.push(Block { in_definition, ..Block::new(BlockKind::Math, text, html, line) });
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
        let kind = self.kind();
        let (text, html) = self.take(matches!(kind, Some(BlockKind::Preformatted { .. })));
        if text.is_empty() {
            return;
        }
        // A caption belongs to the figure's image just before it; a figure wrapping a table
        // (WordPress's table block) gives the table its caption.
        if kind.is_none() && self.inside(&[Tag::Figure]) {
            if let Some(last) = self.out.last_mut() {
                if let BlockKind::Table(t) = &mut last.kind {
                    if t.caption.is_empty() {
                        (t.caption, t.caption_html) = (text, html);
                        (last.text, last.html) = (table_text(t), table_html(t));
                        return;
                    }
                }
            }
        }
        let kind = if let Some(kind) = kind {
            kind
        } else {
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
                if let Some(last) = self
                    .out
                    .last_mut()
                    .filter(|b| matches!(b.kind, BlockKind::Figure { .. }) && b.text.is_empty())
                {
                    (last.text, last.html) = (text, html);
                    return;
                }
            }
            // A caption whose image is not kept (a video's, an avatar's) is a paragraph.
            BlockKind::Paragraph
        };
        let in_definition =
            !matches!(kind, BlockKind::Term | BlockKind::Definition) && self.in_definition();
        self.out.push(Block { in_definition, ..Block::new(kind, text, html, self.line) });
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
        // With `grid`: the headings open in the cell being read, and whether its text stood
        // inside one and outside them; a cell whose text is all a heading's is a header cell.
        let (mut headings, mut headed, mut plain) = (0u32, false, false);
        let grid = self.grid;
        let heading_only = |cell: &mut Option<Cell>, headed: &mut bool, plain: &mut bool| {
            if let Some(c) = cell.as_mut().filter(|_| grid && *headed && !*plain) {
                c.header = true;
            }
            (*headed, *plain) = (false, false);
        };
        for tok in &page.toks[start..=end] {
            match tok {
                Tok::Start { name, .. } => match &**name {
                    "caption" => {
                        heading_only(&mut cell, &mut headed, &mut plain);
                        self.end_cell(&mut cell, &mut row, in_head);
                        in_caption = true;
                    }
                    "thead" => in_head = true,
                    "tbody" | "tfoot" => in_head = false,
                    "tr" => {
                        heading_only(&mut cell, &mut headed, &mut plain);
                        self.end_cell(&mut cell, &mut row, in_head);
                        rows.extend(row.take());
                        row = Some((Vec::new(), in_head));
                    }
                    "td" | "th" => {
                        heading_only(&mut cell, &mut headed, &mut plain);
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
                        headings += u32::from(is_heading(name));
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
                    "td" | "th" => {
                        heading_only(&mut cell, &mut headed, &mut plain);
                        self.end_cell(&mut cell, &mut row, in_head);
                    }
                    "tr" => {
                        heading_only(&mut cell, &mut headed, &mut plain);
                        self.end_cell(&mut cell, &mut row, in_head);
                        rows.extend(row.take());
                    }
                    "thead" => in_head = false,
                    name if cell.is_some() || in_caption => {
                        headings = headings.saturating_sub(u32::from(is_heading(name)));
                        self.close_inline(name);
                        if is_block(name) {
                            self.push_text(" ");
                        }
                    }
                    _ => {}
                },
                // Text outside the cells and the caption (the browser moves it out of the
                // table) is not the table's.
                Tok::Text(t) if cell.is_some() || in_caption => {
                    if cell.is_some() && !t.trim().is_empty() {
                        *(if headings > 0 { &mut headed } else { &mut plain }) = true;
                    }
                    self.push_text(t);
                }
                Tok::Text(_) => {}
            }
        }
        if in_caption {
            (table.caption, table.caption_html) = self.take(false);
        }
        heading_only(&mut cell, &mut headed, &mut plain);
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
            in_definition: self.in_definition(),
            ..Block::new(BlockKind::Table(table), text, html, line)
        });
    }

    /// Reads code block `c` ([`code::read`]) into one [`BlockKind::Preformatted`] block.
    fn code(&mut self, c: &CodeBlock) {
        let page = self.page;
        let Some((text, html)) = code::read(page, c) else { return };
        let line = page.line_of[c.start] as usize;
        self.out.push(Block {
            in_definition: self.in_definition(),
            ..Block::new(BlockKind::Preformatted { code_lang: c.lang.clone() }, text, html, line)
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
            in_definition: self.in_definition(),
            ..Block::new(BlockKind::Figure { src, alt }, String::new(), String::new(), line)
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
