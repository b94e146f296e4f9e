//! Labels around the article that are not the article: a row of labels and values at the
//! text's top or bottom (`Options::label_rows`: "کد خبر: ۴۸۲۱۵۷ تاریخ انتشار: ۸ آذر ۱۴۰۵"),
//! short lines above the headline (`Options::above_headline`: a date, a section's name) and
//! the label of a box whose content step 2 left out (`Options::box_labels`: "بیشتر بخوانید:"
//! over a list of other stories). All are told by their structure, in every language: no
//! words.

use crate::preprocess::Page;
use crate::settings::article::{ABOVE_HEADLINE, LABEL_ROW_TEXT, MAX_LINK_SHARE, MIN_TEXT};

use super::tree::{line_text, Tree, ROOT};

/// Whether a line ends as a sentence does (a full stop, Urdu's `۔`, a question, an
/// exclamation).
fn ends_sentence(text: &str) -> bool {
    text.trim_end().ends_with(['.', '!', '?', '؟', '۔'])
}

/// The taken lines with text, in order.
fn taken(tree: &Tree, out: &[bool]) -> Vec<usize> {
    (0..out.len()).filter(|&l| out[l] && tree.texts[l].text > 0).collect()
}

/// `Options::label_rows`: the rows of labels and values ([`is_label_row`]) at the top and at
/// the bottom of the taken text are left out.
pub(super) fn trim_rows(page: &Page, tree: &Tree, out: &mut [bool]) {
    let taken = taken(tree, out);
    let top = taken.iter().take_while(|&&l| is_label_row(&line_text(page, l), false)).count();
    let bottom =
        taken[top..].iter().rev().take_while(|&&l| is_label_row(&line_text(page, l), true)).count();
    // What stays must be more than the rows (a page that is a table of figures stays whole).
    if top + bottom < taken.len() {
        taken[..top].iter().chain(&taken[taken.len() - bottom..]).for_each(|&l| out[l] = false);
    }
}

/// `Options::above_headline`: when the taken text opens with at most [`ABOVE_HEADLINE`] short
/// lines (each shorter than [`LABEL_ROW_TEXT`] and no sentence) before a heading, those lines
/// are the template's, not the story's: a date written out ("الجمعة ٢٩ جمادى الأولى ١٤٤٨ هـ"),
/// a section's name, a "Published 6 hours ago". The story starts at its headline.
pub(super) fn trim_above_headline(page: &Page, tree: &Tree, out: &mut [bool]) {
    let taken = taken(tree, out);
    let Some(h) =
        taken.iter().take(ABOVE_HEADLINE + 1).position(|&l| tree.in_heading(page, l, ROOT))
    else {
        return;
    };
    let short =
        |l: usize| tree.texts[l].text < LABEL_ROW_TEXT && !ends_sentence(&line_text(page, l));
    if taken[..h].iter().all(|&l| short(l)) {
        taken[..h].iter().for_each(|&l| out[l] = false);
    }
}

/// Whether a line's text is a row of labels and values (a news code, a publication or update
/// date, a reading time: "News ID: 4821 · Updated: 12.03.2025"): shorter than
/// [`LABEL_ROW_TEXT`], every colon ending a label (one not between two digits, as in a time)
/// stands after a letter, and at least one of them is followed by a number. At the article's
/// top one label is enough ("Updated: 10/31/2024", "Reading Time: 11 minutes"); at its bottom
/// a row takes two (`bottom`): a labelled number alone there is as often the story's last fact
/// (a price: dragnet R176). A sentence is not: it ends as one ("He said: 20 people were hurt.", "Main phone numbers:
/// 202.334.6000 or 800.627.1150.", cleanportaleval) or is longer; nor is a source alone
/// ("Source: …").
pub(super) fn is_label_row(text: &str, bottom: bool) -> bool {
    // A row is no sentence: it does not end as one.
    if text.chars().count() >= LABEL_ROW_TEXT as usize || ends_sentence(text) {
        return false;
    }
    let chars: Vec<char> = text.chars().collect();
    let (mut labels, mut numbered) = (0, false);
    for (i, &c) in chars.iter().enumerate() {
        if c != ':' && c != '：' {
            continue;
        }
        let before = chars[..i].iter().rev().find(|c| !c.is_whitespace());
        let after = chars[i + 1..].iter().find(|c| !c.is_whitespace());
        let number = after.is_some_and(|c| c.is_numeric());
        if number && before.is_some_and(|c| c.is_numeric()) {
            continue; // a time, `10:30`
        }
        if !before.is_some_and(|c| c.is_alphabetic()) {
            return false;
        }
        labels += 1;
        numbered |= number;
    }
    numbered && labels >= if bottom { 2 } else { 1 }
}

/// `Options::box_labels`: within one article's element `e`, a short taken line ending with a
/// colon (less than [`MIN_TEXT`], not mostly links: "Read more:", "بیشتر بخوانید:") inside a box the page names
/// a site's box ([`Tree::site_box`]: related posts, sharing, tags), when every other line of
/// that box with text was left out (its links to other stories): the label alone would
/// introduce nothing. A label over product links in the article's own prose (no such box)
/// stays: the gold of modern keeps those lists, which the engine misses, and their labels.
pub(super) fn trim(page: &Page, tree: &Tree, e: u32, out: &mut [bool]) {
    let (from, to) = (tree.open[e as usize] as usize, tree.close[e as usize] as usize);
    let texts = &tree.texts;
    let label = |l: usize| {
        let t = texts[l];
        t.text > 0
            && t.text < MIN_TEXT
            && f64::from(t.link) <= MAX_LINK_SHARE * f64::from(t.text)
            && line_text(page, l).trim_end().ends_with([':', '：'])
    };
    let mut l = from;
    while l <= to {
        if !(out[l] && label(l)) {
            l += 1;
            continue;
        }
        let Some(b) = tree.site_box(page, l, e) else {
            l += 1;
            continue;
        };
        let (a, z) = (tree.open[b as usize] as usize, tree.close[b as usize] as usize);
        let with_text: Vec<usize> = (a..=z).filter(|&k| texts[k].text > 0).collect();
        let (labels, rest): (Vec<usize>, Vec<usize>) =
            with_text.iter().partition(|&&k| out[k] && label(k));
        if !rest.is_empty() && rest.iter().all(|&k| !out[k]) {
            labels.iter().for_each(|&k| out[k] = false);
        }
        l = z.max(l) + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn label_rows_are_labels_with_numbers() {
        for row in [
            "کد خبر: ۴۸۲۱۵۷ تاریخ انتشار: ۸ آذر ۱۴۰۵ - ۱۰:۳۰",
            "News ID: 4821 Updated: 12.03.2025",
            "المصدر: وكالة الأنباء التاريخ: 12 ربيع الأول 1448",
            "Reading time: 4 min",
        ] {
            assert!(is_label_row(row, false), "{row}");
        }
        for line in [
            "Source: the ministry",
            "10:30",
            "He said: 20 people were hurt.",
            "The mayor said: 20 people were hurt in the fire that broke out early on Monday morning in the old market square",
            "Scores at half time - 2:1",
            "Read more:",
        ] {
            assert!(!is_label_row(line, false), "{line}");
        }
        assert!(is_label_row("Source: the agency Date: 12 March", true));
        assert!(!is_label_row("Main phone numbers: 202.334.6000", true));
        assert!(!is_label_row("Main phone numbers: 202.334.6000 or 800.627.1150.", false));
    }
}
