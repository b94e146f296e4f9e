//! # dana: main-content extraction with the DANA family of algorithms
//!
//! One verb, [`extract`], runs the pipeline of thesis chapter 4 on one HTML page:
//!
//! 1. [`preprocess`]: tokenise (WHATWG tokenizer), drop scripts, styles, comments and other
//!    non-content, apply the hyperlink filter (4.6.1), and normalise the page into lines.
//! 2. [`density`] phase 1: per line the content count T1 and the code count T2 (4.3.2, 4.5.1).
//! 3. [`density`] phase 2: smooth, diff_i = sum over i-1..=i+1 of (T1 - T2) (eq. 4.2), and
//!    collect the candidate regions with diff > 0 (eq. 4.3).
//! 4. [`regions`] phase 3: Algorithm 1 grows the region with the most characters by the
//!    neighbours within `gap` lines (or, by default, takes the densest such chain).
//! 5. [`blocks`] phase 4: the chosen lines go through the error-tolerant block builder (or, for
//!    R2L, keep only their right-to-left characters); [`render`] makes the text and the article
//!    HTML.
//! 6. [`title`] (chapter 5), [`lang`], [`meta`] and [`sentences`] find the headline, the
//!    language and direction, what the page declares about itself, and the read-aloud
//!    sentences.
//!
//! Each stage returns what it finds; [`extract`] assembles the [`Extraction`] from them in one
//! place. Malformed HTML is input, not an error; a page without an article gives an empty
//! [`Extraction`] whose `reason` says why.

// The product's rules: safe code only, and documentation whose links resolve.
#![forbid(unsafe_code)]
#![deny(rustdoc::broken_intra_doc_links)]
// The overview above names the stages, which are private modules.
#![allow(rustdoc::private_intra_doc_links)]
// A few stage functions serve only the code that `test_api` is for (a reference
// implementation the tests compare with, a tokenizer for the evaluation); without the
// feature nothing calls them.
#![cfg_attr(not(feature = "test_api"), allow(dead_code))]

// The API: one verb, its options, its result, and decoding bytes to the text it takes.
pub use decode::{decode, sniff_encoding};
pub use extraction::{
    Block, BlockKind, Candidate, Cell, Chrome, Comments, Dir, Extraction, Post, Region, Sentence,
    Series, Table, TitleCandidate,
};
pub use options::{camel_case, Algorithm, LinkFilter, Options, Switch, TitleMetric, SWITCHES};

mod article;
mod blocks;
mod declared;
mod decode;
mod density;
mod embeds;
mod extraction;
mod fallback;
mod figures;
mod html;
mod idn;
mod lang;
mod lead;
mod math;
mod meta;
mod options;
mod preprocess;
mod regions;
mod render;
mod sentences;
mod settings;
mod strip;
mod swar;
#[cfg(test)]
mod testing;
mod title;
mod tokenize;
mod words;

use settings::pipeline::MAX_RUNNERS_UP;

/// The few items inside the pipeline that the engine's tests, benchmarks and fuzz targets and
/// `dana eval`'s headline evaluation reach, one module a stage, behind the cargo feature
/// `test_api` (lol-html's idea). Not a stable API: the wasm and the CLI's `extract` use only the
/// items above.
#[cfg(feature = "test_api")]
pub mod test_api {
    pub mod tokenize {
        pub use crate::tokenize::{normalise_newlines, tokenize, Token};
    }
    pub mod html {
        pub use crate::html::collapse_whitespace;
    }
    pub mod preprocess {
        pub use crate::preprocess::{Page, Preprocessing};
    }
    pub mod fallback {
        pub use crate::fallback::page;
    }
    pub mod density {
        pub use crate::density::{candidate_regions, counts, smooth};
    }
    pub mod regions {
        pub use crate::regions::{choose, chosen_lines};
    }
    pub mod blocks {
        pub use crate::blocks::build;
        pub use crate::blocks::posts::Structure;
    }
    pub mod render {
        pub use crate::render::{html, text};
    }
    pub mod title {
        pub use crate::declared::{headlines as declared, SITE_SEPARATORS};
        pub use crate::title::shown::looks_like_markup;
        pub use crate::title::{find, first_heading, fragments, headings, Fragment};
    }
    pub mod meta {
        pub use crate::meta::{find, reader_features, readerable, Context, ReaderFeatures};
    }
    pub mod lang {
        pub use crate::lang::{decide, detect};
    }
    pub mod sentences {
        pub use crate::sentences::{of_blocks, split, words};
    }
    pub mod words {
        pub use crate::words::{headline_words, tokens, word_count, ScriptCounts};
    }
}

/// Extracts the main content of one HTML page.
pub fn extract(html: &str, options: &Options) -> Extraction {
    let algorithm = options.algorithm;
    let gap = options.effective_gap();

    // Preprocessing step (4.3.1) and the second preprocessing step of AdDANAg (4.6.1). With
    // its newlines normalised here, the page's tokens can borrow their text from it.
    let html = tokenize::normalise_newlines(html);
    // With `fallback`, a page on which no line rises above the axis is read a second time.
    let page = fallback::page(&html, options);
    // The posts the page's structure shows, found once when a stage first asks.
    let posts = blocks::posts::Structure::with(
        &page,
        blocks::posts::Rules {
            openings: options.opening_posts,
            events: options.thread_events,
            names: options.shown_names,
            wrapped: options.wrapped_posts,
            undated: options.undated_posts,
        },
    );

    // Phase 1: content and code per line.
    let (t1, t2) = density::counts(&page, algorithm);
    // Phase 2: smoothing and the candidate regions above the axis.
    let diff = density::smooth(&t1, &t2);
    let mut candidates = density::candidate_regions(&diff, &t1);

    // The headline (chapter 5) first: with `Options::title_bound` its line bounds the main
    // content from above (7.2.1). The text fragments it reads (5.3.1) serve the metadata too.
    let fragments = title::fragments(&page);
    // With `declared_title`, a `<title>` that holds markup is queried as the page means it.
    let query =
        if options.declared_title { declared::title_text(&page) } else { page.head.title.clone() };
    let mut headline = title::find_for(&page, &fragments, options.title_metric, &query);
    // Our refinement: checked against the headlines the page declares about itself.
    // What the page calls its site and sections (for the headline and the byline).
    let witnesses = title::witnesses::Witnesses::of(&page, options.url.as_deref());
    if options.declared_title {
        headline = title::choice::choose(&page, headline, &witnesses);
    }
    let title_bound = if options.title_bound { headline.line } else { None };

    // Phase 3: Algorithm 1 marks the chosen candidates.
    regions::choose(&mut candidates, gap, title_bound, options.cluster);
    // With `footer`: a choice that is the page's copyright footer gives way to the chain
    // Algorithm 1 chooses above it; with `footer_names`, one in a sidebar to the next chain
    // that is not.
    if let Some(chain) =
        fallback::instead_of_chrome(&page, &candidates, &t1, &t2, gap, title_bound, options)
    {
        candidates = only(&candidates, &chain);
    }

    // Phase 4: the chosen lines become blocks.
    let grown = article_lines(&page, &candidates, &t1, &t2, options, headline.line, &posts);
    let (mut chosen, mut comments) = (grown.lines, (grown.comments, grown.comment_count));
    // The runner-up candidates; with `Options::candidate = k`, the k-th is the article.
    let runners_up = regions::runners_up(
        &candidates,
        gap,
        title_bound,
        options.cluster,
        &chosen,
        MAX_RUNNERS_UP,
        u64::from(settings::article::MIN_TEXT),
    );
    let mut article_candidates = vec![article::candidate(&page, &chosen)];
    article_candidates.extend(runners_up.iter().map(|chain| {
        article::candidate(
            &page,
            &regions::chosen_lines(&only(&candidates, chain), &t1, &t2, false),
        )
    }));
    // With `lead`: the article starts at its headline (7.2.1), so the next chain Algorithm 1
    // would choose, when it stands between the headline and the choice, is the article's
    // opening (a standfirst, the first section before a figure taller than `gap`).
    if options.candidate == 0 && options.article && options.lead {
        let next = runners_up.first().map(Vec::as_slice);
        chosen = lead::with_lead(&page, chosen, &candidates, next, headline.line, |chain| {
            article_lines(
                &page,
                &only(&candidates, chain),
                &t1,
                &t2,
                options,
                headline.line,
                &posts,
            )
            .lines
        });
    }
    if options.candidate > 0 {
        let chain = runners_up.get(options.candidate - 1).map_or(&[][..], Vec::as_slice);
        candidates = only(&candidates, chain);
        let grown = if chain.is_empty() {
            article::Grown { lines: vec![false; chosen.len()], ..article::Grown::default() }
        } else {
            article_lines(&page, &candidates, &t1, &t2, options, headline.line, &posts)
        };
        (chosen, comments) = (grown.lines, (grown.comments, grown.comment_count));
    }
    // Readers' comments: in the text with `with_comments`, else carried apart.
    if options.with_comments {
        chosen.iter_mut().zip(&comments.0).for_each(|(t, &c)| *t |= c);
        comments = (Vec::new(), 0);
    }
    // Comments whose lines hold no block (a widget's empty frame) are none to offer.
    let comments = match comments {
        (_, 0) => Comments::default(),
        (lines, count) => match blocks::build(&page, &lines, options, &posts) {
            blocks if blocks.is_empty() => Comments::default(),
            blocks => Comments { count, text: render::text(&blocks), html: render::html(&blocks) },
        },
    };
    let mut blocks = blocks::build(&page, &chosen, options, &posts);
    let text = render::text(&blocks);
    // With `declared_title`: a headline nothing on the page confirmed, or that is only the
    // site's or a section's name, gives way to the heading the article shows (7.2.1).
    if options.declared_title {
        headline = title::shown::confirm(&page, headline, &fragments, &chosen, &text, &witnesses);
    }

    // Direction and language come from the text itself; each block's own direction goes into
    // the HTML, so they are decided before it is written.
    let language = lang::decide(&page, &blocks, &text, &headline.text);
    for ((block, dir), lang) in
        blocks.iter_mut().zip(&language.block_dirs).zip(&language.block_langs)
    {
        block.dir = *dir;
        block.lang = *lang;
    }

    // What the reader view needs beyond the text.
    let meta = meta::find(
        &page,
        meta::Context {
            url: options.url.as_deref(),
            headline: &headline.text,
            headline_line: headline.line,
            lang: &language.lang,
            fragments: &fragments,
            witnesses: Some(&witnesses),
            unpruned: options.prune.then(|| {
                (
                    &*html,
                    preprocess::Preprocessing {
                        prune: false,
                        ..preprocess::Preprocessing::of(options)
                    },
                )
            }),
        },
        &blocks,
    );
    let words = words::word_count(&text);
    let reading_minutes = meta::reading_minutes(&text, words, &language.lang);
    let page_chars = t1.iter().map(|&c| u64::from(c)).sum();
    let readerable =
        meta::readerable(&meta::reader_features(&page, &blocks, &text, words, page_chars));
    let header_blocks = meta::header_blocks(&blocks, &headline.text, meta.byline.as_deref());
    // Strip mode keeps the headers of the article's posts: those the block builder found (the
    // article has posts only when it looked).
    let has_posts = blocks.iter().any(|b| matches!(b.kind, BlockKind::Post(_)));
    let post_marks =
        if options.element_ids && has_posts { posts.marks(options.threads) } else { &[] };
    let kept_ids = strip::kept_ids(&page, &chosen, &t1, &blocks, headline.line, post_marks);

    Extraction {
        algorithm: Some(algorithm),
        filter: Some(options.effective_filter()),
        gap,
        title_line: headline.line,
        title: headline.text,
        title_rule: headline.rule.to_string(),
        title_candidates: headline.candidates,
        html: render::html(&blocks),
        sentences: sentences::of_blocks(&blocks, &language.lang),
        reading_minutes,
        chrome: lang::chrome(&language.lang, reading_minutes, comments.count),
        text,
        lang: language.lang,
        lang_source: language.lang_source.to_string(),
        dir: language.dir,
        byline: meta.byline,
        site_name: meta.site_name,
        published: meta.published,
        modified: meta.modified,
        header_blocks,
        lead_image: meta.lead_image,
        excerpt: meta.excerpt,
        readerable,
        reason: if options.candidate >= article_candidates.len() {
            Some(format!(
                "no candidate {} (the page has {})",
                options.candidate,
                article_candidates.len()
            ))
        } else {
            no_article_reason(&page, &blocks, &candidates)
        },
        candidates: article_candidates,
        comments,
        blocks,
        regions: candidates,
        series: Series {
            source: if options.trace { page.line_sources() } else { Vec::new() },
            t1,
            t2,
            diff,
        },
        kept_ids,
    }
}

/// Phase 4's lines: the chosen regions' (with `edges`), else with `fallback` the whole text of
/// a page without regions, grown to their article with `article`.
fn article_lines(
    page: &preprocess::Page,
    regions: &[Region],
    t1: &[u32],
    t2: &[u32],
    options: &Options,
    headline_line: Option<usize>,
    posts: &blocks::posts::Structure,
) -> article::Grown {
    let mut chosen = regions::chosen_lines(regions, t1, t2, options.edges);
    // With `fallback`, a page with visible text but no region gives all of its text.
    if options.fallback && !chosen.contains(&true) {
        chosen = fallback::all_text(t1);
    }
    // Our refinement after the thesis's 7.2.1: the article element the chosen lines belong to.
    let mut grown = if options.article {
        article::grow(page, &chosen, options, posts)
    } else {
        article::Grown { lines: chosen, ..article::Grown::default() }
    };
    // With `scant`, a few short lines chosen on a page of much text give way to all of it,
    // unless they read as a short article: under the headline, or the page's description.
    if options.fallback
        && options.scant
        && fallback::is_scant(t1, &grown.lines)
        && !fallback::is_short_article(page, t1, &grown.lines, headline_line)
    {
        grown = article::Grown { lines: fallback::all_text(t1), ..article::Grown::default() };
    }
    grown
}

/// `regions` with only those of `chain` chosen.
fn only(regions: &[Region], chain: &[usize]) -> Vec<Region> {
    regions
        .iter()
        .enumerate()
        .map(|(i, r)| Region { chosen: chain.contains(&i), ..r.clone() })
        .collect()
}

/// Says why nothing was extracted, or `None` when something was.
fn no_article_reason(
    page: &preprocess::Page,
    blocks: &[Block],
    candidates: &[Region],
) -> Option<String> {
    if !blocks.is_empty() {
        return None;
    }
    Some(if page.lines.is_empty() {
        "the page has no visible content".to_string()
    } else if candidates.is_empty() {
        "no line has more content than code (no region above the axis)".to_string()
    } else {
        "the chosen region holds no readable text".to_string()
    })
}
