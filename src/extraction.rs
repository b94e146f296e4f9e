//! The one result type of [`crate::extract`]. Serialises with snake_case keys for the CLI's
//! JSON; the wasm boundary renames them to camelCase for JavaScript.

use crate::options::{Algorithm, LinkFilter};
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
    /// Which rule chose the headline: `titlefinder`, `h1`, `og:title`, `title`, or `none`.
    pub title_rule: String,
    /// Headline candidates with their scores, best first (at most 10).
    pub title_candidates: Vec<TitleCandidate>,

    /// The main content as plain text: one block a line.
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
    /// Author line, when the page declares one.
    pub byline: Option<String>,
    /// Site name, when the page declares one.
    pub site_name: Option<String>,
    /// Published time as the page declares it (ISO 8601 where declared so).
    pub published: Option<String>,
    /// Lead image URL, when the page declares one.
    pub lead_image: Option<String>,
    /// A short excerpt: the declared description, else the first paragraph's opening.
    pub excerpt: Option<String>,
    /// Estimated reading time in whole minutes at the language's reading speed (0 when empty).
    pub reading_minutes: u32,
    /// Sentences of the main content for read-aloud.
    pub sentences: Vec<Sentence>,

    /// Every candidate region (diff > 0) and whether Algorithm 1 chose it.
    pub regions: Vec<Region>,
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

/// The kind of a block of the article.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum BlockKind {
    /// `h1`..`h6`; the level is in [`Block::level`].
    Heading,
    /// A paragraph (or loose text).
    Paragraph,
    /// An item of a list; ordered or not is in [`Block::ordered`].
    ListItem,
    /// A quotation.
    Quote,
    /// Preformatted text or code; whitespace kept.
    Preformatted,
    /// An image, with its caption in `text` when there is one.
    Figure,
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
/// `li`, `blockquote`, `pre` or `figure`. Its text content (entities decoded, the text of
/// nested `[data-block]` elements left out) is exactly `text`, so a reader can find the
/// offsets of [`Sentence`]s in it without collapsing whitespace itself. For a figure that is
/// the caption (the `figcaption`); the image's `alt` is an attribute, not text content, and
/// a figure without a caption has empty `text`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Block {
    /// What it is.
    pub kind: BlockKind,
    /// Plain text, whitespace collapsed (kept inside `Preformatted`).
    pub text: String,
    /// Inline HTML of the block (allowlisted, escaped); what the article HTML wraps.
    pub html: String,
    /// Heading level 1..=6 for headings, list depth for list items, else 0.
    pub level: u8,
    /// For list items: whether the list is ordered.
    pub ordered: bool,
    /// For figures: the resolved image URL.
    pub src: Option<String>,
    /// For figures: the image's alternative text.
    pub alt: Option<String>,
    /// Direction when it differs from the article's (mixed-direction text); `None` otherwise.
    pub dir: Option<Dir>,
    /// The normalised line the block starts on.
    pub line: usize,
}

/// A sentence for read-aloud.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Sentence {
    /// The sentence text.
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
