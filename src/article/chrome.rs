//! `Options::comment_chrome`: the lines a comment section holds outside its readers' comments
//! (its heading, its "leave a reply" form and the form's notices, the hidden box a script
//! fills with a preview, "no comments yet") are the section's furniture, not the article.

use std::collections::HashMap;

use crate::blocks::posts::PostList;
use crate::html::contains_ascii_lowercase;
use crate::preprocess::{Page, Tok};
use crate::settings::article::ENCLOSING_TEXT;
use crate::tokenize::Tag;

use super::tree::{names_comment, Tree, COMMENT_BLOCKS, ROOT};

/// The elements that can be one reader's comment among its siblings.
const COMMENT_TAGS: [Tag; 11] = [
    Tag::Div,
    Tag::Li,
    Tag::Ol,
    Tag::Ul,
    Tag::Dd,
    Tag::Dt,
    Tag::Article,
    Tag::Section,
    Tag::Table,
    Tag::Tr,
    Tag::Blockquote,
];

/// Leaves out of `out` the taken lines that stand in a comment section (a block whose id or
/// first class names comments, [`names_comment`], that does not hold the article's element
/// `c`) outside every reader's comment in it. A reader's comment is a post of `lists` (known by
/// its structure), an element marked as one ([`is_one_comment`]), or one of two or more sibling
/// elements alike ([`Siblings`]) that is no row of a form. The sections' lines above the first
/// comment (a heading, a count, "post a comment") introduce the comments and stay; on a page
/// without comments every line of them goes. Only below the article's own text: the taken
/// text before the line, outside comment sections, is at least [`ENCLOSING_TEXT`] (a page
/// that opens with a comment section is not an article with comments under it). Readers'
/// comments themselves stay: `Options::comments_apart` decides them.
pub(super) fn trim(page: &Page, tree: &Tree, c: u32, lists: &[PostList], out: &mut [bool]) {
    let texts = &tree.texts;
    let holding_c: Vec<u32> =
        std::iter::successors(Some(c), |&a| (a != ROOT).then(|| tree.parent[a as usize])).collect();
    let n = tree.tag.len();
    let mut holds = vec![false; n];
    for &a in holding_c.iter().filter(|&&a| a != ROOT) {
        holds[a as usize] = true;
    }
    // Whether each element stands in a comment section (below the article's element's
    // ancestors), found once an element: most pages have none, and what follows is asked only
    // on those that do.
    let mut known: Vec<Option<bool>> = vec![None; n];
    let mut section = |l: usize| -> bool {
        let mut chain = Vec::new();
        let mut found = false;
        for a in around(tree, &holds, l) {
            if let Some(k) = known[a as usize] {
                found = k;
                break;
            }
            chain.push(a);
        }
        for &e in chain.iter().rev() {
            let t = &page.toks[tree.tag[e as usize]];
            found |= names_comment(t) && is_section(t);
            known[e as usize] = Some(found);
        }
        found
    };
    let in_section: Vec<bool> = (0..out.len()).map(|l| out[l] && section(l)).collect();
    if !in_section.contains(&true) {
        return;
    }
    let posts: Vec<(usize, usize)> = lists.iter().flat_map(|l| &l.posts).copied().collect();
    // The elements around those lines, below the article's: whether each is one of siblings
    // alike is asked of them alone.
    let mut asked = vec![false; n];
    for l in (0..out.len()).filter(|&l| in_section[l]) {
        for a in around(tree, &holds, l) {
            if std::mem::replace(&mut asked[a as usize], true) {
                break;
            }
        }
    }
    let siblings = Siblings::of(page, tree, &asked);
    // Whether line `l` stands outside every comment. Sibling elements alike inside a form are
    // its rows (name, email, website), not comments; a form inside a comment is the comment's
    // (old Reddit writes each comment's text in the form that edits it).
    let outside = |l: usize| -> bool {
        let start = page.lines[l].start;
        let mut posted = posts.iter().any(|&(s, e)| s <= start && start <= e);
        let mut alike = false;
        for a in around(tree, &holds, l) {
            let t = &page.toks[tree.tag[a as usize]];
            if t.is_start(Tag::Form) {
                alike = false;
            }
            posted |= is_one_comment(t);
            alike |= siblings.alike[a as usize];
        }
        !(posted || alike)
    };
    // For each line in a comment section, whether it stands outside every comment.
    let sections: Vec<Option<bool>> =
        (0..out.len()).map(|l| in_section[l].then(|| outside(l))).collect();
    // The first line of a reader's comment: the comment sections' lines above it are their
    // header ("3 thoughts on ...", "Post a comment", the rules for commenting), which
    // introduces the comments and stays with them.
    let first = sections.iter().position(|&s| s == Some(false)).unwrap_or(out.len());
    let mut before = 0u64;
    for l in 0..out.len() {
        if !out[l] {
            continue;
        }
        // A line without text goes with its section's lines (the block builder would read a
        // heading from its start tag).
        match sections[l] {
            Some(true) => {
                let header = l < first;
                if before >= ENCLOSING_TEXT && !header {
                    out[l] = false;
                }
            }
            Some(false) => {}
            None => before += u64::from(texts[l].text),
        }
    }
}

/// The elements around line `l`, innermost first, below the article's element's ancestors
/// (`holds`).
fn around<'a>(tree: &'a Tree, holds: &'a [bool], l: usize) -> impl Iterator<Item = u32> + 'a {
    let below = |a: u32| (a != ROOT && !holds[a as usize]).then_some(a);
    std::iter::successors(below(tree.first[l]), move |&a| below(tree.parent[a as usize]))
}

/// Whether `t` can hold a comment section: a block of [`COMMENT_BLOCKS`], a `dl` or a form
/// (not a paragraph classed `MsoCommentText` by a word processor).
fn is_section(t: &Tok) -> bool {
    let Tok::Start { name, .. } = t else { return false };
    name.tag().is_some_and(|g| COMMENT_BLOCKS.contains(&g) || matches!(g, Tag::Dl | Tag::Form))
}

/// Whether `t` is marked as one reader's comment: an id naming a comment with its number
/// (WordPress's `comment-4226701`, `div-comment-N`, `li-comment-N`), or a first class that is
/// `comment` itself.
fn is_one_comment(t: &Tok) -> bool {
    let id = t.attr("id").is_some_and(|v| {
        contains_ascii_lowercase(v, "comment") && v.bytes().any(|b| b.is_ascii_digit())
    });
    let class = t
        .attr("class")
        .and_then(|v| v.split_ascii_whitespace().next())
        .is_some_and(|w| w.eq_ignore_ascii_case("comment"));
    id || class
}

/// How many elements with text share each parent, tag ([`COMMENT_TAGS`]) and first class:
/// two or more are a list's items (readers' comments, where a section holds them). An element
/// whose class says it is hidden (a preview box a script shows) is none.
struct Siblings {
    /// Whether each element asked of is one of two or more alike.
    alike: Vec<bool>,
}

impl Siblings {
    /// The siblings of the elements `asked`, counted among their parents' children.
    fn of(page: &Page, tree: &Tree, asked: &[bool]) -> Siblings {
        let n = tree.tag.len();
        let index = |p: u32| if p == ROOT { n } else { p as usize };
        let mut parents = vec![false; n + 1];
        for e in (0..n).filter(|&e| asked[e]) {
            parents[index(tree.parent[e])] = true;
        }
        // Characters of text before each line: an element's text in one subtraction.
        let mut before = Vec::with_capacity(tree.texts.len() + 1);
        before.push(0u64);
        for t in &tree.texts {
            before.push(before[before.len() - 1] + u64::from(t.text));
        }
        let keys: Vec<Option<(u32, usize, String)>> = (0..n)
            .map(|e| {
                let asked = parents[index(tree.parent[e])];
                asked.then(|| Self::key(page, tree, &before, e)).flatten()
            })
            .collect();
        let mut count: HashMap<&(u32, usize, String), u32> = HashMap::new();
        for k in keys.iter().flatten() {
            *count.entry(k).or_default() += 1;
        }
        let alike = keys.iter().map(|k| k.as_ref().is_some_and(|k| count[k] >= 2)).collect();
        Siblings { alike }
    }

    fn key(page: &Page, tree: &Tree, before: &[u64], e: usize) -> Option<(u32, usize, String)> {
        let t = &page.toks[tree.tag[e]];
        let Tok::Start { name, .. } = t else { return None };
        let tag = name.tag().filter(|t| COMMENT_TAGS.contains(t))?;
        let class = t.attr("class").unwrap_or("");
        if contains_ascii_lowercase(class, "hidden") {
            return None;
        }
        let (open, close) = (tree.open[e] as usize, tree.close[e] as usize);
        if before[close + 1] == before[open] {
            return None;
        }
        let first = class.split_ascii_whitespace().next().unwrap_or("").to_ascii_lowercase();
        Some((tree.parent[e], tag as usize, first))
    }
}
