//! Headline accuracy in `dana eval`: TitleFinder's four metrics (thesis 5.3.3) and the two
//! baselines of 5.4.3, each scored against the headline a corpus index gives. TitleFinder
//! itself is the engine's (`dana::test_api::title`); this module
//! only runs it once per metric and scores the results.

use std::borrow::Cow;
use std::collections::HashMap;

use dana::test_api::html::collapse_whitespace;
use dana::test_api::preprocess::{Page, Preprocessing};
use dana::test_api::title::{find, first_heading, fragments, SITE_SEPARATORS};
use dana::test_api::words::tokens;
use dana::{Options, TitleMetric};

/// Baseline 1 of 5.4.3: the `<title>` text as is.
pub fn baseline_title(page: &Page) -> String {
    page.head.title.clone()
}

/// Baseline 2 of 5.4.3: the first encounter of the highest-order heading element.
pub fn baseline_largest_heading(page: &Page) -> String {
    first_heading(page, None).map(|(t, _)| t).unwrap_or_default()
}

/// How close a headline is to the gold one.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
pub struct HeadlineScore {
    /// Equal after whitespace normalisation (the precise match of 5.4.2).
    pub exact: bool,
    /// Exact, or equal to the gold headline less a site's name it keeps at either end
    /// ([`site_variants`]): the reader shows the headline without the site's name, which has a
    /// field of its own.
    pub site_exact: bool,
    /// F1 of the two bags of [`tokens`] (1 when both are empty).
    pub f1: f64,
    /// The best F1 against the gold headline and the gold less a site's name it keeps at
    /// either end ([`site_variants`]).
    pub site_f1: f64,
}

/// The most words a site suffix that [`site_variants`] takes off may have ("Soccer - Sport -
/// Breaking News", "Personal Training - UT RecSports").
const MAX_SUFFIX_WORDS: usize = 12;

/// `gold` less a site's name at its end or at its start: the text before (after) one of the
/// separators sites put between a headline and their name ([`SITE_SEPARATORS`]), the rest at
/// most `MAX_SUFFIX_WORDS` words that do not open in lowercase ("Headline | Site",
/// "Headline - Section - Site", "Site | Headline"; not "Review: X – the Y", whose "the Y" goes
/// on with the headline).
pub fn site_variants(gold: &str) -> Vec<String> {
    let gold = collapse_whitespace(gold).trim().to_string();
    let dropped = |rest: &str| {
        tokens(rest).len() <= MAX_SUFFIX_WORDS && !rest.trim_start().starts_with(char::is_lowercase)
    };
    let mut out = Vec::new();
    for sep in SITE_SEPARATORS {
        for (i, _) in gold.match_indices(sep) {
            let (head, tail) = (gold[..i].trim(), gold[i + sep.len()..].trim());
            if head.is_empty() || tail.is_empty() {
                continue;
            }
            if dropped(tail) {
                out.push(head.to_string());
            }
            if dropped(head) {
                out.push(tail.to_string());
            }
        }
    }
    out
}

/// F1 of the two bags of [`tokens`] (1 when both are empty).
fn token_f1(p: &[Cow<'_, str>], g: &[Cow<'_, str>]) -> f64 {
    if p.is_empty() && g.is_empty() {
        return 1.0;
    }
    let mut bag: HashMap<&str, i32> = HashMap::new();
    for t in g {
        *bag.entry(t.as_ref()).or_insert(0) += 1;
    }
    let mut common = 0usize;
    for t in p {
        if let Some(n) = bag.get_mut(t.as_ref()).filter(|n| **n > 0) {
            *n -= 1;
            common += 1;
        }
    }
    if common == 0 {
        return 0.0;
    }
    let precision = common as f64 / p.len() as f64;
    let recall = common as f64 / g.len() as f64;
    2.0 * precision * recall / (precision + recall)
}

/// Scores a headline against the gold headline.
pub fn headline_scores(predicted: &str, gold: &str) -> HeadlineScore {
    let norm = |s: &str| collapse_whitespace(s).trim().to_string();
    let exact = norm(predicted) == norm(gold);
    let variants = site_variants(gold);
    let site_exact = exact || variants.iter().any(|v| *v == norm(predicted) && !v.is_empty());
    let p = tokens(predicted);
    let f1 = token_f1(&p, &tokens(gold));
    let site_f1 = variants.iter().map(|v| token_f1(&p, &tokens(v))).fold(f1, f64::max);
    HeadlineScore { exact, site_exact, f1, site_f1 }
}

/// The methods `dana eval` compares, with their column names.
pub const EVAL_METHODS: [&str; 6] = ["tf", "tfidf", "osm", "sum", "title", "largest-heading"];

/// The headline each of [`EVAL_METHODS`] gives for a page, in that order.
pub fn eval_headlines(page: &Page) -> [String; 6] {
    let frags = fragments(page);
    [
        find(page, &frags, TitleMetric::Tf).text,
        find(page, &frags, TitleMetric::Tfidf).text,
        find(page, &frags, TitleMetric::Osm).text,
        find(page, &frags, TitleMetric::Sum).text,
        baseline_title(page),
        baseline_largest_heading(page),
    ]
}

/// Scores every method of [`EVAL_METHODS`] on one page against the gold headline, the page
/// preprocessed as `options` says (its hyperlink filter and pruning). Empty when there is no
/// gold headline.
pub fn eval_page(html: &str, options: &Options, gold: Option<&str>) -> Vec<HeadlineScore> {
    let Some(gold) = gold.map(str::trim).filter(|g| !g.is_empty()) else {
        return Vec::new();
    };
    let page = Page::parse(html, Preprocessing::of(options));
    eval_headlines(&page).iter().map(|h| headline_scores(h, gold)).collect()
}

/// The headline table of `dana eval`: for each method of [`EVAL_METHODS`], per set the share
/// of exact matches and the mean token F1, then both macro-averaged over the sets (the thesis's
/// Table 5.4 macro-averages over sites). `sets` holds each set's name and its pages' scores
/// (pages without a gold headline left out); sets without such pages are not shown.
pub fn headline_table(sets: &[(&str, Vec<&[HeadlineScore]>)]) -> String {
    use std::fmt::Write;
    let sets: Vec<&(&str, Vec<&[HeadlineScore]>)> =
        sets.iter().filter(|(_, pages)| !pages.is_empty()).collect();
    if sets.is_empty() {
        return String::new();
    }
    let mut out = String::from(
        "
headline accuracy (exact match after whitespace normalisation / mean token F1)
",
    );
    let _ = write!(out, "  {:<16}", "method");
    for (name, pages) in &sets {
        let _ = write!(out, " {:>19}", format!("{name} ({})", pages.len()));
    }
    let _ = writeln!(out, " {:>19}", "macro-average");
    for (m, method) in EVAL_METHODS.iter().enumerate() {
        let _ = write!(out, "  {method:<16}");
        let (mut exact_sum, mut f1_sum) = (0.0, 0.0);
        for (_, pages) in &sets {
            let n = pages.len() as f64;
            let exact =
                pages.iter().filter(|p| p.get(m).is_some_and(|s| s.exact)).count() as f64 / n;
            let f1 = pages.iter().filter_map(|p| p.get(m)).map(|s| s.f1).sum::<f64>() / n;
            exact_sum += exact;
            f1_sum += f1;
            let _ = write!(out, " {:>19}", format!("{exact:.3} / {f1:.3}"));
        }
        let k = sets.len() as f64;
        let _ = writeln!(out, " {:>19}", format!("{:.3} / {:.3}", exact_sum / k, f1_sum / k));
    }
    let default = Options::default().title_metric.name();
    let _ = writeln!(out, "  tf..sum: TitleFinder (thesis ch. 5; default {default}); title, largest-heading: the baselines of 5.4.3");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use dana::LinkFilter;

    fn page(html: &str) -> Page<'_> {
        Page::parse(html, Preprocessing::thesis(LinkFilter::None))
    }

    #[test]
    fn baselines() {
        let p = page("<title>T | Site</title><h2>Second</h2><h1>First</h1><h1>Later</h1>");
        assert_eq!(baseline_title(&p), "T | Site");
        assert_eq!(baseline_largest_heading(&p), "First");
        assert_eq!(baseline_largest_heading(&page("<h3> a </h3><h2></h2><h2>b</h2>")), "b");
    }

    #[test]
    fn headline_table_averages_per_set_and_over_sets() {
        let hit = HeadlineScore { exact: true, site_exact: true, f1: 1.0, site_f1: 1.0 };
        let half = HeadlineScore { exact: false, site_exact: false, f1: 0.5, site_f1: 0.5 };
        let a = [hit; 6];
        let b = [half; 6];
        let sets = [("one", vec![&a[..], &b[..]]), ("two", vec![&a[..]]), ("untitled", vec![])];
        let t = headline_table(&sets);
        assert!(t.contains("one (2)") && t.contains("two (1)") && !t.contains("untitled"), "{t}");
        // one: exact 0.5, F1 0.75; two: 1 and 1; macro-average: 0.75 and 0.875.
        let tf = t.lines().find(|l| l.trim_start().starts_with("tf ")).unwrap();
        assert!(
            tf.contains("0.500 / 0.750")
                && tf.contains("1.000 / 1.000")
                && tf.contains("0.750 / 0.875"),
            "{tf}"
        );
        assert_eq!(headline_table(&[("x", vec![])]), "");
    }

    #[test]
    fn headline_scoring() {
        assert_eq!(
            headline_scores("A  b\n", " A b"),
            HeadlineScore { exact: true, site_exact: true, f1: 1.0, site_f1: 1.0 }
        );
        let s = headline_scores("Rain all week", "Rain expected all week");
        assert!(!s.exact);
        assert!((s.f1 - 2.0 * 1.0 * 0.75 / 1.75).abs() < 1e-12);
        assert_eq!(headline_scores("", "x").f1, 0.0);
        assert_eq!(headline_scores("", "").f1, 1.0);
    }

    #[test]
    fn a_dropped_site_name_counts_as_exact_for_the_reader() {
        let s =
            headline_scores("Storm closes the harbour", "Storm closes the harbour | Coast Times");
        assert!(!s.exact && s.site_exact);
        let s = headline_scores("Late winner", "Late winner - Soccer - Sport - Breaking News");
        assert!(s.site_exact);
        let s =
            headline_scores("Storm closes the harbour", "Coast Times | Storm closes the harbour");
        assert!(!s.exact && s.site_exact);
        // Only at a separator, and never the gold's headline cut short.
        assert!(
            !headline_scores("Coast Times", "Coast Times | storm closes the harbour").site_exact
        );
        assert!(!headline_scores("Review: X", "Review: X – the Y").site_exact);
        assert!(!headline_scores("Storm", "Storm closes the harbour").site_exact);
        assert!(!headline_scores("", "| Site").site_exact);
        let long = "A | one two three four five six seven eight nine ten eleven twelve thirteen";
        assert!(!headline_scores("A", long).site_exact);
    }
}
