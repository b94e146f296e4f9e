//! The engine's numeric thresholds and limits in one table, a section a stage, each with what it
//! measures and what set it: the commit that introduced it (its message and the evaluation docs
//! give the figures of the values tried), or the reason for a bound. A value is tuned here, not
//! in the code that reads it (Readability.js's `REGEXPS` and trafilatura's `settings.py` gather
//! theirs the same way). The thesis's own parameters (the gap, the filters) are `Options`.

/// The pipeline around the stages (`src/lib.rs`, `src/decode.rs`, `src/html.rs`).
pub mod pipeline {
    /// How many runner-up candidates `Extraction::candidates` lists at most: what "Show the
    /// next candidate" cycles through (519c3ed, issue 17).
    pub const MAX_RUNNERS_UP: usize = 3;

    /// How far into the page the `<meta>` charset declaration is looked for (HTML's prescan
    /// reads 1024 bytes; real pages put it later, after long comments or scripts; c51c14d).
    pub const PRESCAN: usize = 4096;

    /// How deep the stages that walk the page track open elements. Every token looks at the
    /// open elements (a block's kind, end tags finding their start), so without a bound a page
    /// of 100 000 nested elements costs 10^10 steps (65-170 s before 193ba57, 0.1-0.2 s
    /// after). Browsers bound their parser's tree depth too (Blink at 512); deeper elements
    /// still give their text, read in the context of the 512 outermost ones.
    pub const MAX_DEPTH: usize = 512;
}

/// Preprocessing (`src/preprocess.rs`, `src/preprocess/`).
pub mod preprocess {
    /// With `Options::inline_controls`, non-space characters of plain text (outside links and
    /// buttons) that a button's line holds around it for the button to stand in a sentence: a
    /// menu's toggle beside its link has none, a name in a sentence a clause.
    pub const SENTENCE_TEXT: usize = 20;
}

/// Growing the chosen lines to their article (`src/article.rs`, `Options::article` and the
/// refinements it enables).
pub mod article {
    /// A run of chosen lines defines the container when its text is at least this share of the
    /// largest run's: a tagline chosen above the article must not widen the container to the
    /// page (cleanportaleval 0.941 with it, 0.913 with every run counted; cab2971).
    pub const SUBSTANTIAL_RUN: f64 = 0.2;

    /// A line whose link text is more than this share of its text is navigation (cab2971; 0.6,
    /// 0.7 and 0.8 raised modern's articles but lowered cleaneval and cleanportaleval).
    pub const MAX_LINK_SHARE: f64 = 0.5;

    /// Characters of text below which a line is a label, unless the next line with text is
    /// taken ("Share this page", prices; cab2971).
    pub const MIN_TEXT: u32 = 25;

    /// An element repeated this many times under one parent, with the same name and class, is
    /// a list of posts (a thread's replies, a page of documentation's sections); two let a
    /// portal's teaser pairs in (cleanportaleval 0.913; 4bd8613).
    pub const MIN_POSTS: usize = 3;

    /// With `Options::post_keys`, this many siblings with keyed ids are a thread's posts (the
    /// key is evidence enough for a thread of two; c3f8593).
    pub const MIN_KEYED_POSTS: usize = 2;

    /// Digits at the end of an id that make it a record's key (not `section-1`, `slide-2`;
    /// c3f8593).
    pub const MIN_KEY_DIGITS: usize = 3;

    /// With `Options::link_lists`, the article's text on each side of a run of link lines must
    /// be at least this many characters (and the run's own) for the run to count as enclosed:
    /// a "more stories" list closing an article is followed by one line (9bdadd5).
    pub const ENCLOSING_TEXT: u64 = 200;
    /// With `Options::furniture`, a link-dense line at an article's edge is furniture when it
    /// has fewer characters of text than this (a share row, a tag list); a longer one is
    /// prose in an old page's unclosed `<a name>` (cleaneval final-184).
    pub const FURNITURE_TEXT: u32 = 200;
    /// With `Options::label_rows`, a row of labels and values at an article's edge ("News ID:
    /// 4821 Updated: 12.03.2025") has fewer characters than this: a sentence is longer.
    pub const LABEL_ROW_TEXT: u32 = 100;
    /// With `Options::above_headline`, at most this many short lines above the headline are
    /// the template's (a date, a section's name, a news code); more are a page's own lines.
    pub const ABOVE_HEADLINE: usize = 3;
    /// … and an element naming a site's box (sharing, tags, an author bio) at an article's
    /// edge is furniture when it holds at most this share of the article's element's text (a
    /// blog's post classed by its category, `entry-category-social_media`, is not).
    pub const MAX_BOX_SHARE: f64 = 0.25;
    /// … and none of its lines holds this many characters (a post of a blog's front page,
    /// classed `entry-author-…`, has paragraphs; a share row or a bio has not).
    pub const MAX_BOX_LINE: u32 = 400;

    /// With `Options::teasers`, this many consecutive headline lines at an article's edge are
    /// a stream of other stories' teasers, not the article (issue 32; docs/EVALUATION.md).
    pub const TEASER_RUN: usize = 3;
    /// … and a headline line holds fewer characters of text than this (and at least
    /// [`MIN_TEXT`]: shorter link lines are a category's or a site's name, which a collection
    /// page's gold keeps).
    pub const TEASER_TEXT: u32 = 200;
    /// With `Options::teaser_cards`, a teaser card (a headline link with its excerpt, date,
    /// byline or label) holds at most this many characters of text: a section of the story
    /// with a linked heading holds more.
    pub const CARD_TEXT: u64 = 600;

    /// With `Options::author_bios`, a box about the author holds at most this many characters
    /// of taken text (modern 0128's three-paragraph bio holds 900)…
    pub const BIO_TEXT: u64 = 1500;
    /// … and a line of at least this many characters, not mostly links: the bio's sentence
    /// (a byline row, "By Jane Doe | 3 min read", has none).
    pub const BIO_SENTENCE: u32 = 80;
    /// … and the article's taken text before it is at least this many times the box's.
    pub const BIO_STORY: u64 = 2;

    /// When the substantial runs have no container below the document, the container is the
    /// innermost element around the largest run that holds this share of the chosen text
    /// (a copyright line chosen below the article; 519c3ed).
    pub const MAJORITY: f64 = 0.8;

    /// With `Options::comments`, the characters of prose outside a list of readers' comments
    /// that make an element around it the article they belong to (64017b1: modern's articles
    /// 0.9299 → 0.9329).
    pub const OWN_PROSE: u64 = 500;

    /// With `Options::comments_apart`, the characters of an article's own prose that stand
    /// before a list of posts when they are readers' comments; with less (a forum's topic,
    /// a link aggregator's story of a line or two) the posts are the page (issue 32).
    pub const COMMENTS_AFTER: u64 = 250;

    /// With `Options::comments_apart`, the most characters of text (forms left aside) that an
    /// element around the readers' comments may hold besides them to be their section, whose
    /// heading ("30 comments"), sort line and reply prompt go with them.
    pub const COMMENTS_SECTION_TEXT: u64 = 200;

    /// With `Options::landmark`, the main landmark replaces a choice outside it when it holds
    /// more than this many times the chosen text (dc7a1ec: modern 0.8005 → 0.8088).
    pub const LANDMARK_TEXT: u64 = 2;

    /// With `Options::declared_body`, the share of the chosen text that the declared body must
    /// hold for the container around it to narrow to it (353fb23).
    pub const BODY_SHARE: f64 = 0.5;

    /// With `Options::index_lists`, the items a list needs to be an index of the article, and
    /// the characters of text its items hold at most on average (an index names its entries by
    /// their links; a thread's posts, whose authors and dates are links too, hold paragraphs).
    pub const MIN_INDEX_ITEMS: u32 = 3;
    pub const INDEX_ITEM_TEXT: u64 = 150;

    /// With `Options::index_lists`, the share of the page's text above which the page's
    /// outermost element is the page itself, not the article's element.
    pub const PAGE_SHARE: f64 = 0.9;

    /// Words of a candidate's opening in `Candidate::words`: a button's label (519c3ed).
    pub const CANDIDATE_WORDS: usize = 12;
}

/// The fallbacks around Algorithm 1's choice (`src/fallback.rs`, `src/lead.rs`).
pub mod fallback {
    /// With `Options::footer`, a chain is the footer only when it starts in the last
    /// 1/`FOOTER_SHARE` of the page's lines (7a1c1af: cleaneval 0.907 → 0.912, dragnet 0.875 →
    /// 0.881).
    pub const FOOTER_SHARE: usize = 4;

    /// With `Options::footer_names`, a choice in a sidebar gives way to the first of this many
    /// next chains that stands in none (dragnet: 1 takes R821 and R823, 3 R568 as well).
    pub const SIDEBAR_RUNNERS_UP: usize = 3;

    /// With `Options::footer_names`, a choice in a sidebar gives way only when it has at most
    /// this many characters, as a sidebar's box does (dragnet's profiles: 900 to 1,200).
    pub const SIDEBAR_TEXT: u64 = 1_500;

    /// With `Options::scant`: at most this many characters chosen are scant… (e320f12: under
    /// 300, or a share of 1/20 or 1/40, measured lower on modern)
    pub const SCANT_TEXT: u64 = 1000;
    /// … when the page holds this many times more…
    pub const SCANT_SHARE: u64 = 10;
    /// … and no chosen line has this many characters, a short article's paragraph (150
    /// measured lower on modern and its collections; e320f12).
    pub const SCANT_LINE: u64 = 250;

    /// A scant choice is a short article when at most this many characters of content stand
    /// between the headline and it… (38e63e6)
    pub const HEADLINE_GAP: u64 = 100;
    /// … and it holds a sentence of at least this many words…
    pub const SENTENCE_WORDS: usize = 6;
    /// … or repeats this many opening words of the page's declared description.
    pub const DESCRIPTION_WORDS: usize = 6;

    /// With `Options::lead`, characters a chain above the choice holds at least to open the
    /// article: a paragraph's, as `scant` reads one (c3aaca5).
    pub const LEAD_TEXT: u64 = SCANT_LINE;
}

/// A thread's posts (`src/blocks/posts.rs`, `src/blocks/units.rs`; `Options::threads`).
pub mod posts {
    /// Characters of text, not in links, that a post known by its structure has of its own at
    /// least: a one-word reply ("Thanks!") is no evidence of a thread (issue 33).
    pub const POST_TEXT: u64 = 20;

    /// Characters an author's name has at most, as a post's card writes it (a handle, a name
    /// and a "(Full Name)"): longer, the element is a profile, not a name (issue 33).
    pub const SHORT_NAME: usize = 64;
}

/// Phase 4's block builder and figures (`src/blocks/`, `src/figures.rs`, `src/math.rs`).
pub mod blocks {
    /// How many of an image's nearest open ancestors are asked whether they hold page chrome:
    /// an avatar stands a few levels inside its box, and an element the page never closed stays
    /// open below everything after it (f45cdd6).
    pub const CHROME_DEPTH: usize = 4;

    /// How many inline elements a block keeps open at once; deeper ones keep their text only
    /// (a bound, as `pipeline::MAX_DEPTH`; 193ba57).
    pub const MAX_INLINE: usize = 64;

    /// The width of the column a reader shows images in, in CSS pixels at 1x: the `srcset`
    /// candidate chosen is the one a browser would load for it (5434004).
    pub const COLUMN_PX: f64 = 700.0;
    /// The viewport width `media` queries are evaluated against (5434004).
    pub const VIEWPORT_PX: f64 = 1000.0;
    /// An image declared this small or smaller (width or height) is an icon, a spacer or a
    /// pixel (5434004).
    pub const ICON_PX: u32 = 64;

    /// With `Options::data_tables`, the characters a cell of a table of labels and values
    /// holds at most, and on average (a page laid out in a table has cells of prose).
    pub const GRID_CELL: usize = 200;
    pub const GRID_MEAN: usize = 60;

    /// The longest TeX source kept as a formula's `alttext`, in bytes (longer ones are cut at a
    /// character; a bound; d8408e1).
    pub const MAX_ALTTEXT: usize = 4096;
}

/// The headline (`src/title.rs`, `src/title/choice.rs`).
pub mod title {
    /// How many candidates `Extraction::title_candidates` keeps (502e3ee).
    pub const MAX_CANDIDATES: usize = 10;

    /// The longest site name, in words, that a declared title's site suffix is taken off as
    /// (519c3ed).
    pub const MAX_SITE_WORDS: usize = 6;

    /// The fewest words of a URL's slug that the headline's choice reads as a headline's
    /// (`/how-to-book-a-flight/`; shorter ones, `/laptops/`, name a section or a product
    /// category in words a heading and a declared title share alike; on the modern set 2 and
    /// 3 also turn pages the wrong way; ef33904).
    pub const MIN_SLUG_WORDS: usize = 4;

    /// The fewest words of a first `h1` that is taken for the headline when it says the
    /// declared one in other words (on the modern set's even ids 4 and 6 do worse; 840752c:
    /// modern exact 0.720 → 0.770).
    pub const MIN_REWORDED_H1_WORDS: usize = 5;

    /// The most words after a declared title's last separator that name the site in a byline
    /// ("… - المدينة نيوز"; 0ac65f2).
    pub const MAX_SUFFIX_WORDS: usize = 4;

    /// The most words of a site's or a section's name that the page witnesses (its logo's alt
    /// text, a link to a section; 1940d9a).
    pub const MAX_NAME_WORDS: usize = 6;

    /// The most words of a menu link's text taken as a section's name when it stands at the
    /// end of a declared title ("… - Rugby - Sport - Breaking News"); headlines are longer
    /// (1940d9a).
    pub const MAX_SECTION_WORDS: usize = 3;

    /// The longest link text, in bytes, read as a name: a name's six words fit (1940d9a).
    pub const MAX_LINK_CHARS: usize = 100;

    /// The fewest words of what a title keeps when menu sections come off its end: a
    /// headline's (1940d9a).
    pub const MIN_HEADLINE_WORDS: usize = 2;

    /// How far above the chosen content, in lines, the article's own heading is looked for:
    /// Algorithm 1's gap (thesis 4.3.4, 20 lines for the parser-based algorithms).
    pub const HEADING_ABOVE: usize = 20;

    /// The shortest text, in characters, that reads as a paragraph: the article's text starts
    /// at the first such line, and its heading stands above it (1940d9a) ...
    pub const PARAGRAPH_CHARS: usize = 120;

    /// ... or words (Persian and Arabic write more words in fewer characters; 1940d9a).
    pub const PARAGRAPH_WORDS: usize = 15;

    /// How many characters of the article's opening tell its script: the headline is in the
    /// article's script (the whole text of a long article says no more; c707cc8).
    pub const SCRIPT_SAMPLE: usize = 2000;

    /// The most words of the article's own heading (1940d9a).
    pub const MAX_HEADLINE_WORDS: usize = 30;
}

/// Direction and language (`src/lang.rs`).
pub mod lang {
    /// Below this share of right-to-left letters the text is left-to-right; above
    /// `1 - UNSURE` it is right-to-left; in between the declarations decide (d7327c7).
    pub const UNSURE: f64 = 0.4;

    /// Letters a block needs before its own language is decided: fewer (a name, a word in
    /// passing) are read in the article's language (4054d88).
    pub const MIN_BLOCK_LETTERS: usize = 20;
}

/// What the reader shows above the article (`src/meta.rs`, `src/meta/byline.rs`).
pub mod meta {
    /// Length of the excerpt taken from the first paragraph, in characters (d7327c7).
    pub const EXCERPT_CHARS: usize = 200;

    /// Longest byline accepted: a longer "author" is a misused field, a bio or a list of tags
    /// (d7327c7).
    pub const MAX_BYLINE_CHARS: usize = 120;

    /// How many lines above the headline a byline is looked for first ("By Jane Doe" over the
    /// headline, a kicker, a picture; b155a48: modern byline F1 0.688 → 0.830).
    pub const BYLINE_ABOVE_HEADLINE: usize = 12;

    /// The most names a byline of linked co-authors is read to (4e1a66f: modern byline F1
    /// 0.830 → 0.846).
    pub const MAX_CO_AUTHORS: usize = 12;

    /// The longest line under the headline read as a dateline; a longer one is a sentence or a
    /// headline that holds a date (a news ticker's line, a version number; b1267aa: modern
    /// published day 0.926 → 0.954).
    pub const MAX_DATELINE_CHARS: usize = 40;

    /// The logistic model of `meta::readerable`: bias and weights in the order of the fields of
    /// `ReaderFeatures`, written by `cargo run --release -p dana-cli --example readerable_fit`.
    pub const READERABLE_BIAS: f64 = -2.461;
    pub const READERABLE_WEIGHTS: [f64; 6] = [0.884, 0.069, 0.672, 0.312, 1.396, -2.583];
}
