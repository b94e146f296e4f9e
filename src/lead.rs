//! The article's opening above the choice (`Options::lead`): the headline bounds the article
//! from above (thesis 7.2.1), so a chain Algorithm 1 found between the headline and the chosen
//! lines opens the article.

use crate::extraction::Region;
use crate::fallback::chosen_text;
use crate::preprocess::Page;
use crate::settings::fallback::LEAD_TEXT;
use crate::words::trigrams;

/// With `Options::lead`, a runner-up chain is the article's opening when it stands wholly
/// between the headline (chapter 5) and the first chosen line and holds at least
/// [`LEAD_TEXT`] characters: the headline bounds the article from above (thesis 7.2.1), so
/// what Algorithm 1 found between them, parted from the choice by more than `gap` lines of
/// figures, video players or share boxes, is the article's too. A chain below the choice
/// (readers' comments, a comment policy, "more stories") is not: measured, docs/EVALUATION.md,
/// eighth round.
pub fn leads(
    regions: &[Region],
    chain: &[usize],
    chosen: &[bool],
    headline: Option<usize>,
) -> bool {
    let (Some(h), Some(first)) = (headline, chosen.iter().position(|&c| c)) else { return false };
    chain.iter().all(|&i| regions[i].start >= h && regions[i].end < first)
        && chain.iter().map(|&i| regions[i].chars).sum::<u64>() >= LEAD_TEXT
}

/// With `Options::lead`, whether the lines `more` repeat the `chosen` ones: at least half of
/// their word trigrams are the chosen text's (a forum's first post, which a template prints
/// twice, once above the thread).
pub fn repeats(page: &Page, chosen: &[bool], more: &[bool]) -> bool {
    let only: Vec<bool> = more.iter().zip(chosen).map(|(&m, &c)| m && !c).collect();
    let taken: std::collections::HashSet<u64> = trigrams(&chosen_text(page, chosen)).collect();
    let (n, hit) = trigrams(&chosen_text(page, &only))
        .fold((0u32, 0u32), |(n, hit), g| (n + 1, hit + u32::from(taken.contains(&g))));
    2 * hit >= n
}

/// With `Options::lead`, the chosen lines with the article's opening: `next`, the chain
/// Algorithm 1 would choose next, when it [`leads`] (stands between the headline and the
/// choice: the headline bounds the article from above, thesis 7.2.1), is taken grown to its
/// article by `grow`, unless its lines [`repeats`] the chosen text.
pub fn with_lead(
    page: &Page,
    mut chosen: Vec<bool>,
    regions: &[Region],
    next: Option<&[usize]>,
    headline: Option<usize>,
    grow: impl FnOnce(&[usize]) -> Vec<bool>,
) -> Vec<bool> {
    if let Some(chain) = next.filter(|chain| leads(regions, chain, &chosen, headline)) {
        let more = grow(chain);
        if !repeats(page, &chosen, &more) {
            chosen.iter_mut().zip(more).for_each(|(c, m)| *c |= m);
        }
    }
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::LinkFilter;
    use crate::preprocess::Preprocessing;

    #[test]
    fn a_chain_that_repeats_the_chosen_text_does_not_open_the_article() {
        let p = Page::parse(
            "<html><body><div class=\"preview\"><p>The first post of the thread, printed once above it by the template.</p></div>\
             <div class=\"thread\"><p>The first post of the thread, printed once above it by the template.</p><p>A reply that thanks the author.</p></div>\
             <div class=\"intro\"><p>An opening paragraph that says something new about the story.</p></div></body></html>",
            Preprocessing::thesis(LinkFilter::None),
        );
        // Each element's lines, from its start tag to its last paragraph.
        let sources = p.line_sources();
        let element = |from: &str, to: &str| -> Vec<bool> {
            let a = sources.iter().position(|s| s.contains(from)).unwrap();
            let b = sources.iter().rposition(|s| s.contains(to)).unwrap();
            (0..sources.len()).map(|l| (a..=b).contains(&l)).collect()
        };
        let chosen = element("class=\"thread\"", "A reply");
        assert!(repeats(&p, &chosen, &element("class=\"preview\"", "class=\"thread\"")));
        assert!(!repeats(&p, &chosen, &element("class=\"intro\"", "something new")));
    }
}
