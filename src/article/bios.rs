//! `Options::author_bios`: the box about the author that closes many articles ("About the
//! author", a photo, "Jane Doe is a reporter who covers ...", links to her page and profiles)
//! is the site's furniture, not the story. It is known by its markup, not by its words: an
//! element that links the author (`rel=author`, an author's page), is the `author` property
//! of a schema.org item or a `Person`, or whose class or id names the author.

use crate::html::contains_ascii_lowercase;
use crate::preprocess::{Page, Tok};
use crate::settings::article::{BIO_SENTENCE, BIO_STORY, BIO_TEXT, ENCLOSING_TEXT};

use super::tree::{alike, keyed_alike, names_comment, Tree, ROOT};

/// Leaves out of `out` the taken lines of each author's box below the article's own text. A
/// box is the smallest element around an author mark ([`marks_author`]) that holds a taken
/// sentence (a line of [`BIO_SENTENCE`] characters or more, not mostly links: the bio), does
/// not hold the article's element `c`, and holds at most [`BIO_TEXT`] characters of taken
/// text. It stands at the article's bottom edge when the taken text before it is at least
/// [`ENCLOSING_TEXT`] and [`BIO_STORY`] times its own, and the taken text after it is no
/// more than its own (another author's box, a share row: not the story going on). Boxes are
/// asked from the last up, so that co-authors' boxes go one after the other. A byline row
/// holds no sentence; a story's last paragraph holding a link to its author's page is as long
/// as the box it would make and has the story after it or too little before it.
pub(super) fn trim(page: &Page, tree: &Tree, c: u32, out: &mut [bool]) {
    let texts = &tree.texts;
    let n = tree.tag.len();
    let lines = out.len();
    // Taken text and taken sentences before each line.
    let mut taken = vec![0u64; lines + 1];
    let mut sentences = vec![0u32; lines + 1];
    for l in 0..lines {
        let t = texts[l];
        let on = out[l] && t.text > 0;
        taken[l + 1] = taken[l] + if on { u64::from(t.text) } else { 0 };
        sentences[l + 1] =
            sentences[l] + u32::from(on && t.text >= BIO_SENTENCE && !t.is_link_dense());
    }
    if taken[lines] < ENCLOSING_TEXT {
        return;
    }
    let mut holds = vec![false; n];
    let mut a = c;
    while a != ROOT {
        holds[a as usize] = true;
        a = tree.parent[a as usize];
    }
    let span = |e: u32| (tree.open[e as usize] as usize, tree.close[e as usize] as usize);
    // The marks within the taken lines' span (the author's name in a box is often a link
    // that was not taken, its bio was).
    // A box has twice its text before it and at most its text after it, so it stands in the
    // taken text's second half: the elements (in document order, their start lines rising)
    // are asked from there.
    let mid = taken.partition_point(|&t| 2 * t < taken[lines]).saturating_sub(1);
    let last = out.iter().rposition(|&t| t).unwrap_or(0);
    let from = tree.open.partition_point(|&o| (o as usize) < mid);
    let mut boxes: Vec<u32> = Vec::new();
    for e in from..n {
        let (open, close) = span(e as u32);
        if open > last {
            break;
        }
        if holds[e] || close > last || !marks_author(&page.toks[tree.tag[e]]) {
            continue;
        }
        let mut a = e as u32;
        while a != ROOT && !holds[a as usize] {
            let (open, close) = span(a);
            if sentences[close + 1] > sentences[open] {
                if taken[close + 1] - taken[open] <= BIO_TEXT {
                    boxes.push(a);
                }
                break;
            }
            a = tree.parent[a as usize];
        }
    }
    if boxes.is_empty() {
        return;
    }
    // Elements are numbered in document order: from the last box up, a box inside another
    // being the other's.
    let mut is_box = vec![false; n];
    for &b in &boxes {
        is_box[b as usize] = !in_list(page, tree, b, &holds, &taken);
    }
    let mut at = usize::MAX;
    for b in (0..n as u32).rev().filter(|&b| is_box[b as usize]) {
        let (open, close) = span(b);
        if close >= at {
            continue;
        }
        let own = taken[close + 1] - taken[open];
        let (before, after) = (taken[open], taken[lines] - taken[close + 1]);
        if own == 0 || before < ENCLOSING_TEXT.max(BIO_STORY * own) || after > own {
            continue;
        }
        for (l, t) in out.iter_mut().enumerate().take(close + 1).skip(open) {
            // A line the box shares with what stands around it stays.
            if *t && tree.common(b, tree.of_line(l)) == b {
                *t = false;
            }
        }
        at = open;
        for l in open..lines {
            let t = texts[l];
            taken[l + 1] = taken[l] + if out[l] && t.text > 0 { u64::from(t.text) } else { 0 };
        }
    }
}

/// Whether box `b` stands in a comment section or is one of a list's items: it, or an element
/// around it below those that hold the article's element, has an id or first class naming
/// comments ([`names_comment`]) or a sibling [`alike`] it (or [`keyed_alike`]) with taken text
/// (readers' comments, a thread's posts, a listing's cards: each names its author, and the last
/// one stands at the edge as a bio does).
fn in_list(page: &Page, tree: &Tree, b: u32, holds: &[bool], taken: &[u64]) -> bool {
    let n = tree.tag.len();
    let text = |e: usize| taken[tree.close[e] as usize + 1] - taken[tree.open[e] as usize];
    let mut x = b;
    while x != ROOT && !holds[x as usize] {
        let t = &page.toks[tree.tag[x as usize]];
        if names_comment(t) {
            return true;
        }
        let p = tree.parent[x as usize];
        if p == ROOT {
            break;
        }
        // The parent's descendants follow it in document order, deeper than it.
        let depth = tree.depth[p as usize];
        let alike_sibling = (p as usize + 1..n)
            .take_while(|&e| tree.depth[e] > depth)
            .filter(|&e| e != x as usize && tree.parent[e] == p)
            .any(|e| {
                let s = &page.toks[tree.tag[e]];
                (alike(t, s) == Some(true) || keyed_alike(t, s)) && text(e) > 0
            });
        if alike_sibling {
            return true;
        }
        x = p;
    }
    false
}

/// Whether start tag `t` marks the author: a link `rel=author` or to an author's page
/// (`/author/`, `/authors/` in its address), the `author` property of a schema.org item, a
/// schema.org `Person`, or a class or id naming the author (`author-bio`, `saboxplugin`'s
/// `vcard author`, `wp-about-author`).
fn marks_author(t: &Tok) -> bool {
    let Tok::Start { attrs, .. } = t else { return false };
    let word = |v: &str| v.split_ascii_whitespace().any(|w| w.eq_ignore_ascii_case("author"));
    attrs.iter().any(|(k, v)| match k.as_ref() {
        "rel" | "itemprop" => word(v),
        "itemtype" => v
            .as_bytes()
            .rsplit(|&b| b == b'/')
            .next()
            .is_some_and(|w| w.eq_ignore_ascii_case(b"person")),
        "href" => {
            contains_ascii_lowercase(v, "/author/") || contains_ascii_lowercase(v, "/authors/")
        }
        "class" | "id" => contains_ascii_lowercase(v, "author"),
        _ => false,
    })
}
