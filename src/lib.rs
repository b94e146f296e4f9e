//! # dana: main-content extraction with the DANA family of algorithms
//!
//! One verb, [`extract`], runs the pipeline of thesis chapter 4 on one HTML page:
//!
//! 1. [`preprocess`]: tokenise (WHATWG tokenizer), drop scripts, styles, comments and other
//!    non-content, apply the hyperlink filter (4.6.1), and normalise the page into lines.
//! 2. [`density`] phase 1: per line the content count T1 and the code count T2 (4.3.2, 4.5.1).
//! 3. [`density`] phase 2: smooth, diff_i = sum over i-1..=i+1 of (T1 - T2) (eq. 4.2), and
//!    collect the regions with diff > 0 (eq. 4.3).
//! 4. [`regions`] phase 3: Algorithm 1 grows the region with the most characters by the
//!    neighbours within `gap` lines (or, by default, takes the densest such chain).
//! 5. [`blocks`] phase 4: the chosen lines go through the error-tolerant block builder (or, for
//!    R2L, keep only their right-to-left characters); [`render`] makes the article HTML.
//! 6. [`title`], [`meta`], [`lang`] and [`sentences`] add headline, metadata, direction,
//!    language and read-aloud sentences.
//!
//! Malformed HTML is input, not an error; a page without an article gives an empty
//! [`Extraction`] whose `reason` says why.

pub mod article;
pub mod blocks;
pub mod decode;
pub mod density;
pub mod eval;
pub mod extraction;
pub mod fallback;
pub mod lang;
pub mod meta;
pub mod options;
pub mod preprocess;
pub mod regions;
pub mod render;
pub mod sentences;
pub mod title;
pub mod tokenize;
#[cfg(target_arch = "wasm32")]
mod wasm;

pub use extraction::{Block, BlockKind, Dir, Extraction, Region, Sentence, Series, TitleCandidate};
pub use options::{Algorithm, LinkFilter, Options, TitleMetric};

/// Extracts the main content of one HTML page.
pub fn extract(html: &str, options: &Options) -> Extraction {
    let algorithm = options.algorithm;
    let gap = options.effective_gap();

    // Preprocessing step (4.3.1) and the second preprocessing step of AdDANAg (4.6.1). With
    // its newlines normalised here, the page's tokens can borrow their text from it.
    let html = tokenize::normalise_newlines(html);
    // With `fallback`, a page on which no line rises above the axis is read a second time.
    let page = fallback::page(&html, options);

    // Phase 1: content and code per line.
    let (t1, t2) = density::counts(&page, algorithm);
    // Phase 2: smoothing and the regions above the axis.
    let diff = density::smooth(&t1, &t2);
    let mut regions = density::regions(&diff, &t1);

    // Headline first: with `title_bound` it bounds the main content from above (7.2.1).
    let headline = title::find(&page, options.title_metric);
    let lower_limit = if options.title_bound { headline.line } else { None };

    // Phase 3: Algorithm 1.
    regions::choose(&mut regions, gap, lower_limit, options.cluster);

    // Phase 4: the chosen lines become blocks.
    let mut chosen = regions::chosen_lines(&regions, &t1, &t2, options.edges);
    // Our refinement after the thesis's 7.2.1: the article element the chosen lines belong to.
    if options.article {
        chosen = article::grow(&page, &chosen);
    }
    let blocks = blocks::build(&page, &chosen, algorithm, options.url.as_deref());

    let mut out = Extraction {
        algorithm: Some(algorithm),
        filter: Some(options.effective_filter()),
        gap,
        series: Series {
            source: if options.trace { page.line_sources() } else { Vec::new() },
            t1,
            t2,
            diff,
        },
        regions,
        ..Extraction::default()
    };
    headline.apply(&mut out);
    out.text = render::text(&blocks);
    out.blocks = blocks;
    out.reason = no_article_reason(&page, &out);

    // Direction and language come from the text itself; they are decided before the HTML is
    // written so that each block carries its own direction into it.
    lang::apply(&page, &mut out);
    out.html = render::html(&out.blocks);

    // What the reader view needs beyond the text.
    meta::apply(&page, options.url.as_deref(), &mut out);
    out.reading_minutes = meta::reading_minutes(&out.text, &out.lang);
    sentences::apply(&mut out);
    out
}

/// Says why nothing was extracted, or `None` when something was.
fn no_article_reason(page: &preprocess::Page, out: &Extraction) -> Option<String> {
    if !out.blocks.is_empty() {
        return None;
    }
    Some(if page.lines.is_empty() {
        "the page has no visible content".to_string()
    } else if out.regions.is_empty() {
        "no line has more content than code (no region above the axis)".to_string()
    } else {
        "the chosen region holds no readable text".to_string()
    })
}
