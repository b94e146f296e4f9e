//! The one result type of [`crate::extract`]. Serialises with snake_case keys for the CLI's
//! JSON; the wasm boundary renames them to camelCase for JavaScript.

use crate::options::{Algorithm, LinkFilter};
use serde::ser::{SerializeStruct, Serializer};
use serde::Serialize;

/// What the engine found in a page.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Extraction {
    /// The algorithm that ran.
    pub algorithm: Option<Algorithm>,
    /// The hyperlink filter in force.
    pub filter: Option<LinkFilter>,
    /// The gap in force.
    pub gap: usize,

    /// The headline (TitleFinder, thesis chapter 5); empty when the page has none.
    pub title: String,
    /// Which rule chose the headline: `titlefinder`, `h1`, `json-ld`, `og:title`,
    /// `twitter:title`, `title`, or `none`.
    pub title_rule: String,
    /// The normalised line the headline stands on in the body, when it does.
    pub title_line: Option<usize>,
    /// Headline candidates with their scores, best first (at most 10).
    pub title_candidates: Vec<TitleCandidate>,

    /// The main content as plain text: one block a line (but the cards of videos, audio
    /// players and frames, whose titles are labels: [`BlockKind::Embed`]).
    pub text: String,
    /// The main content as HTML built only from an allowlist of elements and attributes. The
    /// element of block i carries `data-block="i"` (see [`Block`]).
    pub html: String,
    /// The main content as blocks in reading order.
    pub blocks: Vec<Block>,

    /// BCP 47 language code of the main content (`ar`, `fa`, `ur`, `ps`, `en`, …); empty if unknown.
    pub lang: String,
    /// How the language was decided: `declared`, `detected`, or `none`.
    pub lang_source: String,
    /// Text direction of the main content.
    pub dir: Dir,
    /// The author names (no "By", dates or roles), from JSON-LD `author`, `meta` author tags or
    /// the page's byline markup (`rel=author`, `itemprop=author`, byline classes).
    pub byline: Option<String>,
    /// The site's name: `og:site_name`, JSON-LD `publisher`, `application-name`, else the
    /// URL's host; never a slug, a generic word or the headline.
    pub site_name: Option<String>,
    /// Published date, ISO 8601: `YYYY-MM-DD` when the page gives a day alone (a calendar day,
    /// to be shown as that day in every time zone), else `YYYY-MM-DDTHH:MM:SS` with the offset
    /// the page gives (`Z`, `+02:00`) or none. Its first ten characters are the day where the
    /// page was published. From JSON-LD, `meta`, `<time datetime>`, else a date written near
    /// the headline (Gregorian, Solar Hijri or Hijri, converted to Gregorian).
    pub published: Option<String>,
    /// Last modified date, in the form of `published` (never from the visible text).
    pub modified: Option<String>,
    /// Lead image URL: the declared one (`og:image` and kin, JSON-LD `image`), else the
    /// article's first figure; never one that looks like a logo or an icon.
    pub lead_image: Option<String>,
    /// Blocks at the top of [`Extraction::blocks`] that repeat what the reader's header shows
    /// (the headline as a heading, a "By Jane Doe | June 3, 2025" line): a reader that shows
    /// the header leaves them out of the body. Ascending.
    pub header_blocks: Vec<usize>,
    /// A short excerpt: the declared description, else the first paragraph's opening.
    pub excerpt: Option<String>,
    /// How likely the page is one a reader view is for (an article, documentation, a forum
    /// thread, a blog post) rather than a product, listing or collection page, in 0..1; computed
    /// from the extraction itself (`meta::readerable`).
    pub readerable: f64,
    /// Estimated reading time in whole minutes at the language's reading speed (0 when empty).
    pub reading_minutes: u32,
    /// The words the reader shows around the article, in its language ([`Chrome`]).
    pub chrome: Chrome,
    /// Sentences of the main content for read-aloud.
    pub sentences: Vec<Sentence>,
    /// The readers' comments under an article, apart from it (`Options::comments_apart`): not
    /// in `text`, `html`, `blocks` or `sentences`. Empty when the page has none, when it is a
    /// thread (its posts are the article), and with `Options::with_comments` (they are then
    /// in the text).
    pub comments: Comments,

    /// Every candidate region (diff > 0) and whether Algorithm 1 chose it.
    pub regions: Vec<Region>,
    /// The article candidates, for "Not the article? Show the next candidate": first the one
    /// this result holds when [`crate::Options::candidate`] is 0, then the runner-ups, best
    /// first ([`crate::regions::runners_up`]). `Options::candidate = k` returns `candidates[k]`.
    pub candidates: Vec<Candidate>,
    /// Per normalised line: T1, T2 and the smoothed diff (eq. 4.2), for plotting.
    pub series: Series,
    /// Why nothing was extracted; `None` when an article was found.
    pub reason: Option<String>,
    /// With [`crate::Options::element_ids`]: the `data-dana-id`s of the elements that carry
    /// the main content, in document order, each once. An element is kept when its start tag
    /// stands on a line that phase 4 reads (a chosen line, edges included, or the line a block
    /// or the headline starts on) and that line holds content (T1 > 0) or an image. Container
    /// start tags alone on a line hold no content: they are not listed (keeping them whole
    /// would keep the boilerplate inside them), only what they hold. Empty without
    /// `element_ids`.
    pub kept_ids: Vec<u32>,
}

/// Readers' comments carried apart from the article ([`Extraction::comments`]).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Comments {
    /// How many comments, replies included (0: none).
    pub count: usize,
    /// Their text, as [`Extraction::text`] writes the article's: each comment's author and
    /// date on a line, then its words.
    pub text: String,
    /// Their HTML, as [`Extraction::html`] writes the article's (its own `data-block` indices,
    /// from 0).
    pub html: String,
}

/// The words a reader shows around an article, written by the engine in the article's
/// language when it has them (Arabic, Persian, Urdu, Pashto, English), else in English.
/// Numbers are in the language's digits.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Chrome {
    /// The language of these words (BCP 47): the article's, or `en`.
    pub lang: String,
    /// "5 min read"; empty when there is no text.
    pub reading_time: String,
    /// The label before a modified date ("Updated").
    pub updated: String,
    /// What the reader says when `readerable` is low.
    pub not_article: String,
    /// The button that shows the reader anyway.
    pub show_anyway: String,
    /// The button that reads the user's selection instead.
    pub use_selection: String,
    /// The label of the readers' comments shown apart ("Comments (30)"); empty without any.
    pub comments: String,
}

/// A headline candidate and its scores.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct TitleCandidate {
    /// The fragment's text.
    pub text: String,
    /// The normalised line it starts on.
    pub line: usize,
    /// Cosine on term frequencies.
    pub tf: f64,
    /// Cosine on TF-IDF.
    pub tfidf: f64,
    /// Overlap score OSM.
    pub osm: f64,
    /// tf + tfidf + osm.
    pub sum: f64,
}

/// The kind of a block of the article, with what only that kind has. A new kind is one variant
/// here, its element in `render::html` and its style in the reader.
#[derive(Clone, Debug, PartialEq)]
pub enum BlockKind {
    /// `h1`..`h6`.
    Heading {
        /// 1..=6.
        level: u8,
    },
    /// A paragraph (or loose text).
    Paragraph,
    /// An item of a list.
    ListItem {
        /// How many lists it stands in, 1..=9.
        depth: u8,
        /// Its list is ordered (`ol`).
        ordered: bool,
    },
    /// A quotation.
    Quote,
    /// Preformatted text or code, kept whole or not at all; whitespace exact.
    Preformatted {
        /// A code block's language when the page says it (`language-x`, `lang-x`,
        /// `highlight-x`, `brush: x`, `data-lang`), lowercase, 1 to 32 characters of `a-z`,
        /// `0-9`, `+`, `#`, `-`.
        code_lang: Option<String>,
    },
    /// An image, with its caption in `text` when there is one.
    Figure {
        /// The resolved image URL.
        src: String,
        /// The image's alternative text.
        alt: Option<String>,
    },
    /// A data table: its caption, header rows and cells; the block's `text` is the caption's
    /// line (when there is one) and then one line a row, cells separated by a tab.
    Table(Table),
    /// A term of a definition list (`dt`); the article HTML groups consecutive terms and
    /// definitions into one `dl`.
    Term,
    /// A definition of a definition list (`dd`).
    Definition,
    /// An embedded video, audio player, frame or social post, as a titled link card to its
    /// source (`src/embeds.rs`): its `text` is the title (the player's or frame's `title`, the
    /// post's text, else the host). Never a frame, a script or media that plays.
    Embed {
        /// The source's `https:` URL.
        src: String,
        /// What is embedded: `video`, `audio`, `post` or `frame`.
        what: &'static str,
    },
    /// The header of a post of a thread (a forum post, a comment, a question or an answer):
    /// its `text` is the author, then ` · ` and the date's day when both are known. The blocks
    /// after it that were read inside the post's element ([`Post::blocks`] of them) are the
    /// post's: the article HTML writes them in one `<article>` with this block as its `<header>`.
    Post(Post),
    /// A display formula (src/math.rs): its HTML is one `math` element built from a MathML
    /// allowlist, its `text` that element's text content (the TeX source, when the page has
    /// it, is the element's `alttext`). Inline formulas stay in their paragraph's HTML.
    Math,
}

impl BlockKind {
    /// The kind's name in the JSON (`"heading"`, `"listitem"`, ...).
    pub fn name(&self) -> &'static str {
        match self {
            BlockKind::Heading { .. } => "heading",
            BlockKind::Paragraph => "paragraph",
            BlockKind::ListItem { .. } => "listitem",
            BlockKind::Quote => "quote",
            BlockKind::Preformatted { .. } => "preformatted",
            BlockKind::Figure { .. } => "figure",
            BlockKind::Table(_) => "table",
            BlockKind::Term => "term",
            BlockKind::Definition => "definition",
            BlockKind::Embed { .. } => "embed",
            BlockKind::Post(_) => "post",
            BlockKind::Math => "math",
        }
    }
}

/// Text direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Dir {
    /// Left to right.
    #[default]
    Ltr,
    /// Right to left.
    Rtl,
}

/// One block of the article, in reading order.
///
/// In [`Extraction::html`] block i is the element with `data-block="i"`: `h1`..`h6`, `p`,
/// `li`, `blockquote`, `pre`, `figure`, `table`, `dt`, `dd` or `header` (a `dd` may hold the elements of
/// the blocks [`Block::in_definition`] after it). Its text content (entities decoded, the text of
/// nested `[data-block]` elements left out) is exactly `text`, so a reader can find the
/// offsets of [`Sentence`]s in it without collapsing whitespace itself. For a figure that is
/// the caption (the `figcaption`); the image's `alt` is an attribute, not text content, and
/// a figure without a caption has empty `text`. For a table it is the caption, a newline, then
/// the rows, each ended by a newline but the last, cells separated by a tab: the HTML holds
/// those newlines and tabs as the whitespace text between its rows and cells.
///
/// Serialised flat, every key on every block (the CLI's JSON and the wasm's object): `kind`'s
/// name, `text`, `html`, then what the kinds carry as `level` (a heading's level, a list
/// item's depth, else 0), `ordered`, `src` and `alt` (a figure's image and alternative text,
/// an embed's source and what it is), `table`, `code_lang` and `post`, `null` (or 0, `false`)
/// on the kinds without them, beside `dir`, `lang`, `line` and `in_definition`.
#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    /// What it is, with what only that kind has.
    pub kind: BlockKind,
    /// Plain text, whitespace collapsed (kept inside `Preformatted`).
    pub text: String,
    /// Inline HTML of the block (allowlisted, escaped); what the article HTML wraps.
    pub html: String,
    /// Direction when it differs from the article's (mixed-direction text); `None` otherwise.
    pub dir: Option<Dir>,
    /// Language (BCP 47 primary tag) when the block is written in another script than the
    /// article and its language can be told (an Arabic quotation in an English article); `None`
    /// otherwise. Written as the element's `lang`, so screen readers and read-aloud switch voice.
    pub lang: Option<&'static str>,
    /// The normalised line the block starts on.
    pub line: usize,
    /// Stands inside the definition (`dd`) before it: a list, a listing, a quote, a table, a
    /// figure or a heading that a definition holds. The article HTML writes it inside that
    /// `dd` (inside an empty `dd` of its own when the definition opens with it). Never set on
    /// terms and definitions themselves.
    pub in_definition: bool,
}

impl Block {
    /// A block of `kind` with its text and HTML, starting on `line`, without a direction or a
    /// language of its own, outside any definition.
    pub(crate) fn new(kind: BlockKind, text: String, html: String, line: usize) -> Block {
        Block { kind, text, html, dir: None, lang: None, line, in_definition: false }
    }

    /// A heading's level or a list item's depth; 0 for the other kinds.
    pub fn level(&self) -> u8 {
        match self.kind {
            BlockKind::Heading { level } => level,
            BlockKind::ListItem { depth, .. } => depth,
            _ => 0,
        }
    }

    /// Whether a list item's list is ordered; `false` for the other kinds.
    pub fn ordered(&self) -> bool {
        matches!(self.kind, BlockKind::ListItem { ordered: true, .. })
    }

    /// A figure's image URL or an embed's source.
    pub fn src(&self) -> Option<&str> {
        match &self.kind {
            BlockKind::Figure { src, .. } | BlockKind::Embed { src, .. } => Some(src),
            _ => None,
        }
    }

    /// A figure's alternative text, or what an embed is.
    pub fn alt(&self) -> Option<&str> {
        match &self.kind {
            BlockKind::Figure { alt, .. } => alt.as_deref(),
            BlockKind::Embed { what, .. } => Some(what),
            _ => None,
        }
    }

    /// A table's structure.
    pub fn table(&self) -> Option<&Table> {
        match &self.kind {
            BlockKind::Table(t) => Some(t),
            _ => None,
        }
    }

    /// A code block's language.
    pub fn code_lang(&self) -> Option<&str> {
        match &self.kind {
            BlockKind::Preformatted { code_lang } => code_lang.as_deref(),
            _ => None,
        }
    }

    /// A post header's author, date and count of blocks.
    pub fn post(&self) -> Option<&Post> {
        match &self.kind {
            BlockKind::Post(p) => Some(p),
            _ => None,
        }
    }
}

impl Serialize for Block {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("Block", 14)?;
        s.serialize_field("kind", self.kind.name())?;
        s.serialize_field("text", &self.text)?;
        s.serialize_field("html", &self.html)?;
        s.serialize_field("level", &self.level())?;
        s.serialize_field("ordered", &self.ordered())?;
        s.serialize_field("src", &self.src())?;
        s.serialize_field("alt", &self.alt())?;
        s.serialize_field("dir", &self.dir)?;
        s.serialize_field("lang", &self.lang)?;
        s.serialize_field("line", &self.line)?;
        s.serialize_field("table", &self.table())?;
        s.serialize_field("code_lang", &self.code_lang())?;
        s.serialize_field("in_definition", &self.in_definition)?;
        s.serialize_field("post", &self.post())?;
        s.end()
    }
}

/// A post of a thread ([`BlockKind::Post`]) as the page marks it: schema.org microdata
/// (`itemtype` `Comment`, `Answer`, `Question`, `DiscussionForumPosting`,
/// `SocialMediaPosting`), or, on a page of two or more, an `<article>` holding a
/// `<time datetime>` and an author.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Post {
    /// The author's name (`itemprop=author`, its `itemprop=name`; else `rel=author` or an
    /// author or user-name class), as [`Extraction::byline`] cleans names; `None` when the page
    /// marks none.
    pub author: Option<String>,
    /// The date as the page gives it (`datetime` of the post's `<time>`, or the `datetime` or
    /// `content` of its `itemprop=dateCreated`/`datePublished`), at most 64 characters of
    /// `0-9`, `A-Z`, `a-z`, `:`, `+`, `-`, `.`; `None` when the page marks none.
    pub date: Option<String>,
    /// How many of the blocks after the header are the post's: those read inside the post's
    /// element, up to the next post's header. The blocks after them, up to the next post,
    /// stand outside any post (the page's text after its last post: "Powered by Discourse", a
    /// footer, related topics); the article HTML closes the post's `<article>` before them.
    pub blocks: usize,
}

/// A data table of the article ([`BlockKind::Table`]): what a reader needs to show it and to
/// read it row by row with the names of its columns.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Table {
    /// The caption's text, whitespace collapsed; empty without one.
    pub caption: String,
    /// The caption's inline HTML (allowlisted, escaped).
    pub caption_html: String,
    /// How many of the first rows are header rows (`thead`, or leading rows of `th` only).
    pub head_rows: usize,
    /// The rows in order; a row holds its own cells only (a cell spanning rows from above is
    /// not repeated).
    pub rows: Vec<Vec<Cell>>,
}

/// A cell of a [`Table`].
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Cell {
    /// Plain text, whitespace collapsed.
    pub text: String,
    /// Inline HTML (allowlisted, escaped).
    pub html: String,
    /// A header cell (`th`).
    pub header: bool,
    /// Columns it spans (1..=1000, as HTML clamps `colspan`).
    pub colspan: u32,
    /// Rows it spans (1..=65534, as HTML clamps `rowspan`; `0` is read as 1).
    pub rowspan: u32,
}

/// A sentence for read-aloud.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Sentence {
    /// The sentence as it is said: the slice of the block's text its offsets name, but for a
    /// table row, which is said with the names of its columns ("2026: $16,100"; the offsets
    /// cover the row), and for a post's header, said "Post by NAME, DATE" in the article's
    /// language (the offsets cover the header).
    pub text: String,
    /// Index into [`Extraction::blocks`].
    pub block: usize,
    /// Start offset in the block's `text`, in UTF-16 code units (what JavaScript strings index).
    pub start: usize,
    /// End offset (exclusive), in UTF-16 code units.
    pub end: usize,
}

/// A run of consecutive lines with diff > 0 (eq. 4.3), inclusive line bounds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Region {
    /// First line.
    pub start: usize,
    /// Last line (inclusive).
    pub end: usize,
    /// Content characters (sum of T1) in the region: what Algorithm 1 ranks by.
    pub chars: u64,
    /// Area above the axis (sum of the smoothed diff): what `Options::cluster` ranks chains by.
    pub area: u64,
    /// Whether Algorithm 1 took it into the main content.
    pub chosen: bool,
}

/// An article candidate: where it is and how it begins.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Candidate {
    /// Its first words (at most 12), for a button's label.
    pub words: String,
    /// Characters of text in its lines.
    pub chars: u64,
    /// Its first and last line (inclusive).
    pub start: usize,
    pub end: usize,
}

/// Per-line series for the plots of thesis figures 4.3 and 4.4.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Series {
    /// Content count per line.
    pub t1: Vec<u32>,
    /// Code count per line.
    pub t2: Vec<u32>,
    /// Smoothed diff per line (eq. 4.2).
    pub diff: Vec<i64>,
    /// Each line's normalised source (only with `Options::trace`).
    pub source: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The JSON of a block is flat, every key on every kind in one order: what the extension,
    /// the demo and the TypeScript declaration read.
    #[test]
    fn a_block_serialises_flat_with_every_key() {
        let figure = Block::new(
            BlockKind::Figure { src: "https://example.org/a.jpg".into(), alt: Some("A".into()) },
            "Cap".into(),
            "Cap".into(),
            3,
        );
        assert_eq!(
            serde_json::to_string(&figure).unwrap(),
            r#"{"kind":"figure","text":"Cap","html":"Cap","level":0,"ordered":false,"src":"https://example.org/a.jpg","alt":"A","dir":null,"lang":null,"line":3,"table":null,"code_lang":null,"in_definition":false,"post":null}"#
        );
        let item = Block {
            dir: Some(Dir::Rtl),
            in_definition: true,
            ..Block::new(BlockKind::ListItem { depth: 2, ordered: true }, "x".into(), "x".into(), 0)
        };
        assert_eq!(
            serde_json::to_string(&item).unwrap(),
            r#"{"kind":"listitem","text":"x","html":"x","level":2,"ordered":true,"src":null,"alt":null,"dir":"rtl","lang":null,"line":0,"table":null,"code_lang":null,"in_definition":true,"post":null}"#
        );
        let post = Post { author: Some("Ann".into()), date: None, blocks: 1 };
        let json =
            serde_json::to_string(&Block::new(BlockKind::Post(post), "Ann".into(), "".into(), 0));
        assert!(json.unwrap().ends_with(r#""post":{"author":"Ann","date":null,"blocks":1}}"#));
    }
}
