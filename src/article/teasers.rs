//! `Options::teasers`: a stream of other stories' headlines ("related posts", "latest news",
//! "more from") at an article's edge is not the article, even where Algorithm 1 chose it.

use crate::settings::article::{ENCLOSING_TEXT, MAX_LINK_SHARE, MIN_TEXT, TEASER_RUN, TEASER_TEXT};
use crate::settings::fallback::SCANT_TEXT;

use super::tree::Tree;

/// Leaves out of one element's taken lines `from..=to` the teaser streams at its edges: runs
/// of at least [`TEASER_RUN`] consecutive taken lines, each a headline that is mostly link
/// text, from [`MIN_TEXT`] to [`TEASER_TEXT`] characters (a phrase, not a category's or a
/// site's name), with less than [`ENCLOSING_TEXT`] of the article's other taken text before
/// them or after them. Step 2 already leaves such a line out when Algorithm 1 did not choose
/// it; a chosen one stayed, and with it the list of related stories under a story. Inside the
/// story a linked list is its own (a listicle's items, a link roundup): only the edges are
/// trimmed, and only when the story left holds [`SCANT_TEXT`] (a page that is a list of
/// links stays whole).
pub(super) fn trim(tree: &Tree, from: usize, to: usize, out: &mut [bool]) {
    let texts = &tree.texts;
    let headline = |l: usize| {
        let t = texts[l];
        f64::from(t.link) > MAX_LINK_SHARE * f64::from(t.text)
            && (MIN_TEXT..TEASER_TEXT).contains(&t.text)
    };
    let taken: Vec<usize> = (from..=to).filter(|&l| out[l] && texts[l].text > 0).collect();
    let runs: Vec<&[usize]> = taken
        .chunk_by(|&a, &b| headline(a) == headline(b))
        .filter(|run| run.len() >= TEASER_RUN && headline(run[0]))
        .collect();
    let text = |ls: &[usize]| ls.iter().map(|&l| u64::from(texts[l].text)).sum::<u64>();
    let story = text(&taken) - runs.iter().map(|r| text(r)).sum::<u64>();
    if runs.is_empty() || story < SCANT_TEXT {
        return;
    }
    // The story's text before each run: the taken text before it outside every run.
    let mut before = 0u64;
    let mut k = 0;
    let mut edges: Vec<&[usize]> = Vec::new();
    for run in runs.iter().copied() {
        while taken[k] != run[0] {
            if !runs.iter().any(|r| r.contains(&taken[k])) {
                before += u64::from(texts[taken[k]].text);
            }
            k += 1;
        }
        if before < ENCLOSING_TEXT || story - before < ENCLOSING_TEXT {
            edges.push(run);
        }
    }
    edges.iter().flat_map(|r| r.iter()).for_each(|&l| out[l] = false);
}
