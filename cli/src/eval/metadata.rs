//! Metadata accuracy in `dana eval`: what the reader shows above the article, scored against
//! what a corpus index annotates.
//!
//! * headline: the title `extract` reports, exact match and token F1 (as in [`super::headline`],
//!   which scores TitleFinder's metrics on their own);
//! * byline: token F1 of the reported byline against the annotated author, over the pages
//!   with an author (a page without a reported byline scores 0), and how many pages without an
//!   annotated author got one anyway;
//! * published: the calendar day of the reported date (its first ten characters, the day in
//!   the page's own offset) equal to the annotated day, over the pages with a date;
//! * readerable: ROC AUC of `Extraction::readerable` separating the page types a reader view
//!   is for ([`READER_TYPES`]) from the others ([`NOT_READER_TYPES`]); service pages are
//!   neither and are left out;
//! * on every page, annotated or not: how many have no headline though they have a `<title>`
//!   or a heading, and how many show markup as their headline ([`looks_like_markup`]).
//!
//! Each set is also scored by halves ([`is_even_half`]), so that a rule that helps one half
//! and hurts the other shows.

use std::fmt::Write;

use dana::Extraction;
use serde::Serialize;

use super::corpus::Entry;
use super::headline::{headline_scores, HeadlineScore};

/// Page types a reader view is for.
pub const READER_TYPES: [&str; 4] = ["article", "documentation", "forum", "blog"];
/// Page types on which a reader view shows a fragment.
pub const NOT_READER_TYPES: [&str; 3] = ["product", "listing", "collection"];

/// One page's metadata scores; a field is `None` when the index does not annotate it.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct MetadataScore {
    pub headline: Option<HeadlineScore>,
    /// Token F1 of the byline against the annotated author.
    pub byline_f1: Option<f64>,
    /// A byline reported on a page whose index says it has no author (only for indexes that
    /// annotate authors at all, see [`score_page`]).
    pub byline_spurious: bool,
    /// The reported published day equals the annotated one.
    pub published_exact: Option<bool>,
    /// `Extraction::readerable`.
    pub readerable: f64,
    /// Whether the page type is one a reader view is for (`None`: neither kind, or no type).
    pub reader_type: Option<bool>,
    /// No headline on a page that has a `<title>` or a heading (set by the caller, which
    /// parses the page).
    pub headline_empty: bool,
    /// The headline holds markup ([`looks_like_markup`]).
    pub headline_markup: bool,
}

/// Whether a headline shows markup as text (the engine's test, `dana::title`).
pub use dana::test_api::title::looks_like_markup;

/// The half of a set a page belongs to, so that each set is also scored by halves: `true` for
/// the even one. The parity of the number the page's id ends with (its last run of digits),
/// else of its place in the index.
pub fn is_even_half(id: &str, position: usize) -> bool {
    let digits: String = id
        .chars()
        .rev()
        .skip_while(|c| !c.is_ascii_digit())
        .take_while(char::is_ascii_digit)
        .collect();
    match digits.chars().next() {
        Some(last) => last.to_digit(10).is_some_and(|d| d % 2 == 0),
        None => position % 2 == 0,
    }
}

/// The calendar day (`YYYY-MM-DD`) a date string starts with, if it does.
pub fn day_of(date: &str) -> Option<&str> {
    let d = date.trim().get(..10)?;
    let b = d.as_bytes();
    let ok =
        b.iter()
            .enumerate()
            .all(|(i, c)| if i == 4 || i == 7 { *c == b'-' } else { c.is_ascii_digit() });
    ok.then_some(d)
}

/// Scores what a reader shows against the index entry. `annotates_authors` says whether the
/// set's index annotates authors at all (then a missing author means the page has none).
pub fn score_fields(
    title: &str,
    byline: Option<&str>,
    published: Option<&str>,
    entry: &Entry,
    annotates_authors: bool,
) -> MetadataScore {
    let gold_title = entry.title.as_deref().map(str::trim).filter(|t| !t.is_empty());
    let gold_author = entry.author.as_deref().map(str::trim).filter(|a| !a.is_empty());
    let byline = byline.map(str::trim).filter(|b| !b.is_empty());
    MetadataScore {
        headline: gold_title.map(|g| headline_scores(title, g)),
        byline_f1: gold_author.map(|g| byline.map_or(0.0, |b| headline_scores(b, g).f1)),
        byline_spurious: annotates_authors && gold_author.is_none() && byline.is_some(),
        published_exact: entry
            .published
            .as_deref()
            .and_then(day_of)
            .map(|g| published.and_then(day_of) == Some(g)),
        readerable: 0.0,
        headline_empty: false,
        headline_markup: looks_like_markup(title),
        reader_type: entry.page_type.as_deref().and_then(|t| {
            if READER_TYPES.contains(&t) {
                Some(true)
            } else if NOT_READER_TYPES.contains(&t) {
                Some(false)
            } else {
                None
            }
        }),
    }
}

/// [`score_fields`] of an extraction.
pub fn score_page(ex: &Extraction, entry: &Entry, annotates_authors: bool) -> MetadataScore {
    MetadataScore {
        readerable: ex.readerable,
        ..score_fields(
            &ex.title,
            ex.byline.as_deref(),
            ex.published.as_deref(),
            entry,
            annotates_authors,
        )
    }
}

/// ROC AUC of `scores` for the positives against the negatives: the chance that a random
/// positive scores above a random negative (ties count half). `None` without both kinds.
pub fn roc_auc(labelled: &[(f64, bool)]) -> Option<f64> {
    let pos: Vec<f64> = labelled.iter().filter(|(_, p)| *p).map(|(s, _)| *s).collect();
    let neg: Vec<f64> = labelled.iter().filter(|(_, p)| !*p).map(|(s, _)| *s).collect();
    if pos.is_empty() || neg.is_empty() {
        return None;
    }
    let mut wins = 0.0;
    for p in &pos {
        for n in &neg {
            wins += if p > n {
                1.0
            } else if p == n {
                0.5
            } else {
                0.0
            };
        }
    }
    Some(wins / (pos.len() * neg.len()) as f64)
}

/// The metadata table of `dana eval`: per set, the headline of `extract` (exact, exact with the
/// site's name dropped at either end counted right, token F1), byline token F1, published exact day and
/// readerable ROC AUC, each with the number of pages it is measured on, and the pages with an
/// empty headline or markup as their headline. `sets` holds each set's name and its pages'
/// scores (a set's halves are sets of their own here).
pub fn metadata_table<S: AsRef<str>>(sets: &[(S, Vec<&MetadataScore>)]) -> String {
    let mut out = String::new();
    let mut rows = Vec::new();
    for (name, pages) in sets {
        let name = name.as_ref();
        let heads: Vec<HeadlineScore> = pages.iter().filter_map(|p| p.headline).collect();
        let bylines: Vec<f64> = pages.iter().filter_map(|p| p.byline_f1).collect();
        let spurious = pages.iter().filter(|p| p.byline_spurious).count();
        let dates: Vec<bool> = pages.iter().filter_map(|p| p.published_exact).collect();
        let labelled: Vec<(f64, bool)> =
            pages.iter().filter_map(|p| p.reader_type.map(|t| (p.readerable, t))).collect();
        if pages.is_empty() {
            continue;
        }
        let empty = pages.iter().filter(|p| p.headline_empty).count();
        let markup = pages.iter().filter(|p| p.headline_markup).count();
        let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
        let cell =
            |n: usize, s: String| if n == 0 { "-".to_string() } else { format!("{s} ({n})") };
        let share = |n: usize| n as f64 / heads.len() as f64;
        let head = cell(
            heads.len(),
            format!(
                "{:.3} / {:.3}, {:.3} / {:.3}",
                share(heads.iter().filter(|h| h.exact).count()),
                share(heads.iter().filter(|h| h.site_exact).count()),
                mean(&heads.iter().map(|h| h.f1).collect::<Vec<_>>()),
                mean(&heads.iter().map(|h| h.site_f1).collect::<Vec<_>>())
            ),
        );
        let byline = cell(bylines.len(), format!("{:.3}", mean(&bylines)));
        let byline =
            if bylines.is_empty() { byline } else { format!("{byline}, {spurious} extra") };
        let date = cell(
            dates.len(),
            format!("{:.3}", dates.iter().filter(|d| **d).count() as f64 / dates.len() as f64),
        );
        let auc =
            roc_auc(&labelled).map_or("-".to_string(), |a| format!("{a:.3} ({})", labelled.len()));
        rows.push([name.to_string(), head, byline, date, auc, format!("{empty} / {markup}")]);
    }
    if rows.is_empty() {
        return out;
    }
    out.push_str("\nmetadata (what extract reports; pages measured in parentheses)\n");
    let header = [
        "set",
        "headline exact / -site, F1 / -site",
        "byline F1",
        "published day",
        "readerable AUC",
        "empty / markup",
    ];
    let widths: Vec<usize> = (0..header.len())
        .map(|i| {
            rows.iter().map(|r| r[i].chars().count()).chain([header[i].len()]).max().unwrap_or(0)
        })
        .collect();
    for row in std::iter::once(header.map(String::from)).chain(rows) {
        let _ = write!(out, "  {:<w$}", row[0], w = widths[0]);
        for (i, c) in row.iter().enumerate().skip(1) {
            let _ = write!(out, "  {:>w$}", c, w = widths[i]);
        }
        out.push('\n');
    }
    let _ = writeln!(
        out,
        "  headline -site: the site's name dropped at either end counted right (\"Headline | Site\" as \"Headline\");\n  \
         byline: token F1 over pages with an annotated author (extra: bylines on pages without one);\n  \
         published: same calendar day as annotated; readerable: ROC AUC of {} against {};\n  \
         empty / markup: pages with a <title> or a heading and no headline / with markup as headline;\n  \
         SET even, SET odd: the pages whose id ends in an even or odd number (else: place in the index)",
        READER_TYPES.join("/"),
        NOT_READER_TYPES.join("/")
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(
        title: &str,
        author: Option<&str>,
        published: Option<&str>,
        page_type: Option<&str>,
    ) -> Entry {
        Entry {
            id: "x".into(),
            url: None,
            title: Some(title.into()),
            lang: None,
            page_type: page_type.map(Into::into),
            author: author.map(Into::into),
            published: published.map(Into::into),
        }
    }

    #[test]
    fn days_are_the_first_ten_characters_of_an_iso_date() {
        assert_eq!(day_of("2024-12-27T23:30:00-08:00"), Some("2024-12-27"));
        assert_eq!(day_of(" 2024-12-27"), Some("2024-12-27"));
        assert_eq!(day_of("December 27, 2024"), None);
        assert_eq!(day_of("2024-1-2"), None);
        assert_eq!(day_of("2024"), None);
    }

    #[test]
    fn fields_are_scored_only_where_annotated() {
        let e = entry(
            "Storm closes the harbour",
            Some("Jane Doe"),
            Some("2024-12-27"),
            Some("article"),
        );
        let s = score_fields(
            "Storm closes the harbour",
            Some("Jane Doe, John Roe"),
            Some("2024-12-27T23:30:00-08:00"),
            &e,
            true,
        );
        assert_eq!(
            s.headline,
            Some(HeadlineScore { exact: true, site_exact: true, f1: 1.0, site_f1: 1.0 })
        );
        // 2 of 4 tokens right, both gold tokens found: P 0.5, R 1.
        assert!((s.byline_f1.unwrap() - 2.0 / 3.0).abs() < 1e-12);
        assert_eq!(s.published_exact, Some(true));
        assert_eq!(s.reader_type, Some(true));
        let s = score_fields("Storm", None, Some("2024-12-26T23:30:00-08:00"), &e, true);
        assert_eq!((s.byline_f1, s.published_exact), (Some(0.0), Some(false)));
        let none = entry("T", None, None, Some("service"));
        let s = score_fields("T", Some("Someone"), None, &none, true);
        assert_eq!(
            (s.byline_f1, s.byline_spurious, s.published_exact, s.reader_type),
            (None, true, None, None)
        );
        assert!(!score_fields("T", Some("Someone"), None, &none, false).byline_spurious);
        assert_eq!(
            score_fields("T", None, None, &entry("T", None, None, Some("listing")), true)
                .reader_type,
            Some(false)
        );
    }

    #[test]
    fn auc_counts_pairs() {
        assert_eq!(roc_auc(&[(0.9, true), (0.1, false)]), Some(1.0));
        assert_eq!(roc_auc(&[(0.1, true), (0.9, false)]), Some(0.0));
        assert_eq!(roc_auc(&[(0.5, true), (0.5, false)]), Some(0.5));
        // Pairs: (0.8 > 0.3), (0.8 > 0.6), (0.4 > 0.3), (0.4 < 0.6): 3 of 4.
        assert_eq!(roc_auc(&[(0.8, true), (0.4, true), (0.3, false), (0.6, false)]), Some(0.75));
        assert_eq!(roc_auc(&[(0.8, true)]), None);
    }

    #[test]
    fn the_table_shows_each_set_with_its_counts() {
        let a = MetadataScore {
            headline: Some(HeadlineScore { exact: true, site_exact: true, f1: 1.0, site_f1: 1.0 }),
            byline_f1: Some(0.5),
            published_exact: Some(true),
            readerable: 0.9,
            reader_type: Some(true),
            ..Default::default()
        };
        let b = MetadataScore {
            headline: Some(HeadlineScore {
                exact: false,
                site_exact: true,
                f1: 0.5,
                site_f1: 0.75,
            }),
            headline_markup: true,
            byline_spurious: true,
            published_exact: Some(false),
            readerable: 0.2,
            reader_type: Some(false),
            ..Default::default()
        };
        let t =
            metadata_table(&[("modern", vec![&a, &b]), ("bare", vec![&MetadataScore::default()])]);
        let row = t.lines().find(|l| l.trim_start().starts_with("modern")).unwrap();
        assert!(
            row.contains("0.500 / 1.000, 0.750 / 0.875 (2)")
                && row.contains("0 / 1")
                && row.contains("0.500 (1), 1 extra")
                && row.contains("0.500 (2)")
                && row.contains("1.000 (2)"),
            "{row}"
        );
        let bare = t.lines().find(|l| l.trim_start().starts_with("bare")).unwrap();
        assert!(bare.contains(" - ") && bare.trim_end().ends_with("0 / 0"), "{bare}");
        assert_eq!(metadata_table::<&str>(&[]), "");
    }

    #[test]
    fn markup_is_tags_and_comments_not_a_tag_name_in_brackets() {
        for markup in [
            "BBC SPORT<!-- inline library --> <script src=\"http://x/lib.js\">",
            "He May Be a Son of a Bitch,<br/> But He's <i>Our</i> Son",
            "Graduates! <IMG SRC=\"x.gif\" ALT=\":)\">",
            "library-->",
        ] {
            assert!(looks_like_markup(markup), "{markup}");
        }
        for text in ["<table>: The Table element", "a < b and c > d", "x <3 y", "Q&A: <em>", ""] {
            assert!(!looks_like_markup(text), "{text}");
        }
    }

    #[test]
    fn halves_follow_the_ids_number_else_the_place() {
        assert!(is_even_half("0010", 0) && !is_even_half("0011", 0));
        assert!(is_even_half("ledger-02", 7) && !is_even_half("ledger-03", 8));
        assert!(
            !is_even_half("ar-youm7x", 1) && is_even_half("fa-x", 4) && !is_even_half("fa-x", 5)
        );
    }
}
