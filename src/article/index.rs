//! `Options::index_lists`: on a page whose article is a list (a "List of …" page, a chapter's
//! contents, an index of posts), every item of it is the article's, link-only items included.

use crate::preprocess::{Page, Tok};
use crate::settings::article::{INDEX_ITEM_TEXT, MIN_INDEX_ITEMS, MIN_TEXT, PAGE_SHARE};
use crate::tokenize::Tag;

use super::tree::{Tree, ROOT};

/// In the article's element `c`, the lists (`ul`, `ol`) of [`MIN_INDEX_ITEMS`] items or more,
/// most of their lines links and their items short ([`INDEX_ITEM_TEXT`]: an index names its
/// entries by their links; a thread's posts hold paragraphs), that stand after the article's
/// first taken text (under its headline or introduction, not a menu opening the element) and
/// beside its prose (their parent holds a taken line of prose: not a sidebar's box) are the
/// article's index when their text is at least the element's text of the article outside them
/// (taken, or prose): the lists are then most of the article, and step 2's test of link
/// density, which keeps menus and "read next" lists out of an article of prose, would leave
/// the article without its content. A list closing an article of prose ("more stories") stays
/// out: it is a small part of the element.
pub(super) fn take_index_lists(page: &Page, tree: &Tree, c: u32, out: &mut [bool]) {
    let texts = &tree.texts;
    let name = |e: usize| match &page.toks[tree.tag[e]] {
        Tok::Start { name, .. } => Some(name),
        _ => None,
    };
    // A paragraph or a heading chosen alone (a list page's introduction, the only prose
    // Algorithm 1 sees) is not an article's element: the element around it is.
    let mut c = c;
    while tree.parent[c as usize] != ROOT
        && name(c as usize).is_some_and(|n| {
            matches!(n.as_ref(), "p" | "h1" | "h2" | "h3" | "h4" | "h5" | "h6" | "blockquote")
        })
    {
        c = tree.parent[c as usize];
    }
    let (from, to) = (tree.open[c as usize] as usize, tree.close[c as usize] as usize);
    // The page's outermost element holding nearly all of its text is the page, not an
    // article's element: its lists are the site's as much as the article's.
    let all: u64 = texts.iter().map(|t| u64::from(t.text)).sum();
    let inside: u64 = texts[from..=to].iter().map(|t| u64::from(t.text)).sum();
    if tree.parent[c as usize] == ROOT && inside as f64 >= PAGE_SHARE * all as f64 {
        return;
    }
    let Some(first_taken) = (from..=to).find(|&l| out[l] && texts[l].text > 0) else {
        return;
    };
    let is_list = |e: usize| name(e).is_some_and(|n| n.is(Tag::Ul) || n.is(Tag::Ol));
    let ancestors = |e: usize| {
        std::iter::successors(Some(tree.parent[e]), |&p| Some(tree.parent[p as usize]))
            .take_while(|&p| p != ROOT)
            .map(|p| p as usize)
    };
    // The outermost lists inside `c` (elements are numbered in document order; those inside
    // `c` follow it while deeper), with their items (the `li`s whose nearest list they are;
    // an unclosed `li` holds the next).
    let depth = tree.depth[c as usize];
    let mut lists: Vec<(usize, u32)> = Vec::new();
    let mut outer: Option<usize> = None;
    for e in (c as usize + 1..tree.tag.len()).take_while(|&e| tree.depth[e] > depth) {
        // Past the open list's last descendant.
        if outer.is_some_and(|o| tree.depth[e] <= tree.depth[o]) {
            outer = None;
        }
        match outer {
            None if is_list(e) => {
                outer = Some(e);
                lists.push((e, 0));
            }
            Some(o)
                if name(e).is_some_and(|n| n.is(Tag::Li))
                    && ancestors(e).find(|&p| is_list(p)) == Some(o) =>
            {
                if let Some(l) = lists.last_mut() {
                    l.1 += 1;
                }
            }
            _ => {}
        }
    }
    let lines = |e: usize| tree.open[e] as usize..=tree.close[e] as usize;
    // A list of the article stands in or beside its prose: the nearest element around it
    // holding text of its own (past the wrappers of the list alone) holds a line of taken
    // prose (a sidebar's list of links stands in a box of its own, under a heading).
    let prose =
        |l: usize| out[l] && texts[l].text >= MIN_TEXT && !texts[l].is_navigation_or_form(u32::MAX);
    let beside_prose = |e: usize| {
        let mut p = tree.parent[e];
        while p != ROOT
            && lines(p as usize).filter(|l| !lines(e).contains(l)).all(|l| texts[l].text == 0)
        {
            p = tree.parent[p as usize];
        }
        p != ROOT && lines(p as usize).any(prose)
    };
    // An index's items are entries named by links, most of its lines, with a few words each.
    let entries = |e: usize, items: u32| {
        let with_text = || lines(e).filter(|&l| texts[l].text > 0);
        let text: u64 = with_text().map(|l| u64::from(texts[l].text)).sum();
        2 * with_text().filter(|&l| texts[l].is_navigation_or_form(u32::MAX)).count()
            >= with_text().count()
            && text <= INDEX_ITEM_TEXT * u64::from(items)
    };
    let index: Vec<usize> = lists
        .iter()
        .filter(|&&(e, items)| {
            items >= MIN_INDEX_ITEMS
                && tree.open[e] as usize > first_taken
                && entries(e, items)
                && beside_prose(e)
        })
        .map(|&(e, _)| e)
        .collect();
    // The lists' text, and the element's text outside them that is the article's: taken, or
    // prose that step 2 would take (the element may be wider than the one it read).
    let in_index = |l: usize| index.iter().any(|&e| lines(e).contains(&l));
    let in_lists: u64 =
        (from..=to).filter(|&l| in_index(l)).map(|l| u64::from(texts[l].text)).sum();
    let left = (from..=to).any(|l| in_index(l) && !out[l] && texts[l].text > 0);
    let outside: u64 = (from..=to)
        .filter(|&l| {
            !in_index(l)
                && (out[l]
                    || (texts[l].text >= MIN_TEXT && !texts[l].is_navigation_or_form(u32::MAX)))
        })
        .map(|l| u64::from(texts[l].text))
        .sum();
    if !left || in_lists < outside {
        return;
    }
    for &e in &index {
        for l in lines(e) {
            out[l] |= texts[l].text > 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::grown_from;
    use crate::options::Options;

    #[test]
    fn a_list_that_is_the_article_is_taken_whole_and_a_sidebars_list_is_not() {
        let items = |prefix: &str| {
            (1..=8)
                .map(|i| {
                    format!("<li><a href=\"/{prefix}/{i}\">{prefix} entry number {i}</a></li>")
                })
                .collect::<String>()
        };
        let html = format!(
            "<div id=\"page\"><div id=\"main\"><h1>List of lighthouses</h1><p>This list names every light of the coast, from north to south, by the name the board gives it.</p>\
             <h2>North</h2><ul>{}</ul><h2>South</h2><div class=\"wrap\"><ul>{}</ul></div></div>\
             <div id=\"side\"><h3>Blogroll</h3><ul>{}</ul></div></div><p>Footer text that is long enough to count as text.</p>",
            items("north"),
            items("south"),
            items("friend")
        );
        let needles = ["This list names"];
        let taken = grown_from(&html, &needles, &Options::default());
        assert!(
            taken.iter().any(|l| l.contains("north entry number 8"))
                && taken.iter().any(|l| l.contains("south entry number 1")),
            "{taken:?}"
        );
        assert!(!taken.iter().any(|l| l.contains("friend entry")), "a sidebar's list: {taken:?}");
        let without =
            grown_from(&html, &needles, &Options { index_lists: false, ..Options::default() });
        assert!(!without.iter().any(|l| l.contains("entry number")), "{without:?}");
        // A list closing an article of prose is a small part of it: left out.
        let prose = "<p>A paragraph of the article that goes on for a while, long enough to count as prose.</p>".repeat(6);
        let article = format!(
            "<div id=\"page\"><div id=\"main\"><h1>A story</h1>{prose}<h3>Read next</h3><ul>{}</ul></div></div>",
            items("next")
        );
        let taken = grown_from(&article, &["goes on for a while"], &Options::default());
        assert!(!taken.iter().any(|l| l.contains("next entry")), "{taken:?}");
    }

    #[test]
    fn a_named_anchor_is_no_link() {
        // An old page's `<a name>` left open holds the article: its lines are not links.
        let html = "<div id=\"main\"><h1>Notes</h1><a name=\"top\"><p>A paragraph of the notes that is long enough to count as the article's prose.</p>\
            <p>Another paragraph of the notes, long enough to count, under the open anchor.</p>\
            <p>A last paragraph of the notes, long enough to count as the article's prose too.</p></div>";
        let needles = ["A paragraph of the notes", "A last paragraph"];
        let taken = grown_from(html, &needles, &Options::default());
        assert!(taken.iter().any(|l| l.contains("Another paragraph")), "{taken:?}");
        let without =
            grown_from(html, &needles, &Options { index_lists: false, ..Options::default() });
        assert!(!without.iter().any(|l| l.contains("Another paragraph")), "{without:?}");
    }
}
