//! Strip mode's kept elements: the ids of the page elements the article was read from, which
//! the extension keeps in place when it hides the rest of the page.

use crate::blocks::posts::PostMark;
use crate::extraction::{Block, BlockKind};
use crate::preprocess::{Page, Tok};

/// Strip mode's kept elements ([`crate::Extraction::kept_ids`]): the ids of the start tags
/// on the lines phase 4 reads (`chosen`, the lines the `blocks` start on and the headline's
/// `title_line`) that hold content (T1 > 0) or an image, in document order, each once. The ids
/// come from the tokens' parsed attributes ([`Page::element_ids`]), so text that merely looks
/// like an id (in an attribute value, a comment or a script) keeps nothing.
///
/// A thread's post keeps its header too: the elements its author and date were read from
/// ([`PostMark::header`], of the `posts` whose header block the article has), which the
/// reader prints as the post's header but whose lines Algorithm 1 seldom chooses (a name and
/// a date are short, mostly tags); without them the replies run together.
pub fn kept_ids(
    page: &Page,
    chosen: &[bool],
    t1: &[u32],
    blocks: &[Block],
    title_line: Option<usize>,
    posts: &[PostMark],
) -> Vec<u32> {
    if page.element_ids.is_empty() {
        return Vec::new();
    }
    let mut read = chosen.to_vec();
    for line in blocks.iter().map(|b| b.line).chain(title_line) {
        if let Some(r) = read.get_mut(line) {
            *r = true;
        }
    }
    let has_image = |line: usize| {
        let l = &page.lines[line];
        page.toks[l.start..l.end].iter().any(|t| matches!(t, Tok::Start { name, .. } if matches!(&**name, "img" | "iframe" | "video" | "audio")))
    };
    let keep: Vec<bool> =
        read.iter().enumerate().map(|(line, &r)| r && (t1[line] > 0 || has_image(line))).collect();
    // A table block is kept whole: its `<table>` element (the first token of the block's
    // line), so that strip mode hides none of its rows or columns. So is a code block: its
    // `<pre>` (or highlighter table), so that no line of the code is hidden.
    let tables: Vec<usize> = blocks
        .iter()
        .filter(|b| {
            matches!(
                b.kind,
                BlockKind::Table(_) | BlockKind::Preformatted { .. } | BlockKind::Embed { .. }
            )
        })
        .map(|b| page.lines[b.line].start)
        .collect();
    let post_lines: Vec<usize> =
        blocks.iter().filter(|b| matches!(b.kind, BlockKind::Post(_))).map(|b| b.line).collect();
    let mut headers: Vec<usize> = posts
        .iter()
        .filter(|p| post_lines.contains(&(page.line_of[p.start] as usize)))
        .flat_map(|p| p.header.iter().copied())
        .collect();
    headers.sort_unstable();
    let mut seen = std::collections::HashSet::new();
    page.element_ids
        .iter()
        .filter(|(tok, _)| {
            keep[page.line_of[*tok] as usize]
                || tables.binary_search(tok).is_ok()
                || headers.binary_search(tok).is_ok()
        })
        .map(|(_, id)| *id)
        .filter(|id| seen.insert(*id))
        .collect()
}
