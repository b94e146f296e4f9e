//! Growing the chosen lines to the article they belong to (`Options::article`; thesis 7.2.1).
//!
//! Algorithm 1 joins regions no more than `gap` lines apart. Page builders separate an
//! article's sections by figures, call-to-action boxes and widgets taller than that, so it
//! keeps one section of many. The thesis's future direction 7.2.1 bounds the main content by
//! the document's structure instead: "the smallest sub-tree in the DOM tree" that holds it.
//! Preprocessing keeps the tags, so the nesting is rebuilt from the token stream (tolerantly,
//! as [`crate::blocks`] reads it), and:
//!
//! 1. the **container** is the smallest element that holds every substantial run of chosen
//!    lines (a run with at least [`SUBSTANTIAL_RUN`] of the largest run's text; a short chosen
//!    line near the article, a blog's tagline above it, must not widen it to the whole page);
//! 2. every line of the container with text is taken, but for what is clearly not the
//!    article: lines that are mostly link text ([`MAX_LINK_SHARE`]: menus, tag lists, "read
//!    next"), lines mostly inside a form (newsletter sign-ups, comment forms), and short
//!    lines ([`MIN_TEXT`]: "Share this page", prices, labels) unless the next line with text
//!    is taken (a heading or caption then introduces it);
//! 3. lines Algorithm 1 chose stay chosen;
//! 4. when the container, or an element holding it, is one of at least [`MIN_POSTS`] siblings
//!    of the same name and class (a thread's posts, a page's repeated sections), step 2 runs
//!    on every one of them: a thread keeps every post, not the one Algorithm 1 found (thesis
//!    7.2.2 notes that a post's comments sit under the same subtree as the post);
//! 5. with `Options::link_lists`, a list of links that the article's prose encloses is taken
//!    back from step 2's navigation (a listicle's linked item names).
//! 6. with `Options::questions`, when the posts are schema.org answers, the question they
//!    answer is read too (a Q&A page's question stands apart from the answers' list).
//! 7. with `Options::comments`, on a page that declares itself an article, when the chosen
//!    lines are mostly readers' comments, the container first widens to the article they
//!    belong to (`Tree::article_of_comments`; the comments stay, as 7.2.2 groups them).
//! 8. with `Options::teasers`, a run of other stories' headlines at the top or the bottom of
//!    an article's lines is left out, chosen or not (`teasers::trim`); with
//!    `Options::teaser_cards`, a run of other stories' cards too (a headline link with its
//!    excerpt, date or label, in sibling elements alike), on a page that declares an article.
//!
//! Measured alternatives (docs/EVALUATION.md; the thresholds' own in `crate::settings`): the
//! container of the chosen lines and the headline, as 7.2.1 words it (modern +0.01, but
//! cleanportaleval 0.826: the headline often stands in the page header, outside the article's
//! element); dropping chosen lines outside the container (more empty results on every set).

use crate::blocks::posts::Structure;
use crate::extraction::Candidate;
use crate::options::Options;
use crate::preprocess::{Page, Tok};
use crate::settings::article::{
    CANDIDATE_WORDS, ENCLOSING_TEXT, FURNITURE_TEXT, MAX_LINK_SHARE, MIN_TEXT, SUBSTANTIAL_RUN,
};
use crate::settings::fallback::SCANT_TEXT;

mod bios;
mod chrome;
mod index;
mod labels;
mod paragraphs;
mod teasers;
mod tree;

use tree::*;

/// The candidate made of the lines of `page` that `lines` flags: its first words, its
/// characters of text and its first and last line.
pub fn candidate(page: &Page, lines: &[bool]) -> Candidate {
    let taken: Vec<usize> = (0..lines.len()).filter(|&l| lines[l]).collect();
    let mut words: Vec<&str> = Vec::new();
    let mut chars = 0u64;
    for &l in &taken {
        let line = &page.lines[l];
        for i in line.start..line.end {
            chars += u64::from(page.weights[i].text);
            if let Tok::Text(t) = &page.toks[i] {
                words.extend(t.split_whitespace().take(CANDIDATE_WORDS - words.len()));
            }
        }
    }
    Candidate {
        words: words.join(" "),
        chars,
        start: taken.first().copied().unwrap_or(0),
        end: taken.last().copied().unwrap_or(0),
    }
}

/// What [`grow`] found: the article's lines, and the readers' comments it left out of them.
#[derive(Debug, Default)]
pub struct Grown {
    /// One flag per line of the page: the article's.
    pub lines: Vec<bool>,
    /// With `Options::comments_apart`, the lines of the readers' comments after the article
    /// (their text, headers included), which the result carries apart; empty without any.
    pub comments: Vec<bool>,
    /// How many comments those lines hold (replies included).
    pub comment_count: usize,
}

/// Grows `chosen` (one flag per line of `page`) to the article the chosen lines belong to,
/// with the refinements `options` turns on (`post_keys`, `sections`).
pub fn grow(page: &Page, chosen: &[bool], options: &Options, posts: &Structure) -> Grown {
    let mut out = chosen.to_vec();
    if !chosen.contains(&true) {
        return Grown { lines: out, ..Grown::default() };
    }
    let tree = Tree::of(page, options.index_lists);
    let texts = &tree.texts;
    // Runs of consecutive chosen lines, with their text.
    let mut runs: Vec<(usize, usize, u64)> = Vec::new();
    for l in (0..chosen.len()).filter(|&l| chosen[l]) {
        match runs.last_mut() {
            Some(run) if run.1 + 1 == l => {
                run.1 = l;
                run.2 += u64::from(texts[l].text);
            }
            _ => runs.push((l, l, u64::from(texts[l].text))),
        }
    }
    let largest = runs.iter().map(|r| r.2).max().unwrap_or(0);
    let container = runs
        .iter()
        .filter(|r| r.2 as f64 >= SUBSTANTIAL_RUN * largest as f64)
        .map(|r| tree.of_lines(r.0, r.1))
        .reduce(|a, b| tree.common(a, b))
        .map(|c| if c == ROOT { tree.majority(&runs) } else { c });
    let Some(c) = container.filter(|&c| c != ROOT) else {
        return Grown { lines: out, ..Grown::default() };
    };
    let mut c = if options.sections { tree.outermost_section(page, c) } else { c };
    // With `landmark`: a choice outside the page's main landmark (a promotion banner above a
    // shop's product grid, whose cards are link text that Filter 3 weighs as code) gives way
    // to the landmark, whole: the page's own bound of its main content (7.2.1's "smallest
    // sub-tree", named by the page). Measured: docs/EVALUATION.md, "Each refinement".
    let landmark =
        options.landmark && tree.outside_main(page, c, &runs).inspect(|&m| c = m).is_some();
    if landmark {
        out.iter_mut().for_each(|t| *t = false);
    }
    if let Some(b) = if options.declared_body { tree.declared_body(page, c, &runs) } else { None } {
        // Lines Algorithm 1 chose after the declared body's start but outside it (a caption
        // strip, "more stories", a teaser of the next article) are not the article; those
        // before it stay (the headline and the standfirst, which templates put above the
        // body and the r2l and dragnet gold keep).
        c = b;
        out[tree.open[b as usize] as usize..].iter_mut().for_each(|t| *t = false);
    }
    // With `comments_apart`: on a page that declares an article, posts after it are readers'
    // comments (issue 32); with `threads`, on any other page they are the thread (issue 33).
    // Asked of the page's JSON-LD and metadata once, not once an element.
    let declared = declares_article(page);
    let apart = options.comments_apart && declared;
    let lists = if options.threads || apart { posts.lists() } else { &[] };
    let units: Vec<u32> = if apart {
        lists
            .iter()
            .filter(|l| !l.nested)
            .flat_map(|l| &l.posts)
            .filter_map(|&(s, _)| tree.element_at(s))
            .collect()
    } else {
        Vec::new()
    };
    if options.comments && declared {
        c = tree.article_of_comments(page, c, &runs, options.comment_box, &units);
    }
    // Comments follow an article's own text; a forum that calls its topic an article
    // (`og:type`) opens with the first post, a link aggregator's story with a line or two.
    // A list one of whose posts holds the article is the thread it opens (NodeBB's, XenForo's
    // topics under `og:type` `article`), not comments on it.
    let at = tree.tag[c as usize];
    let units: Vec<u32> = lists
        .iter()
        .filter(|l| !l.nested && !l.posts.iter().any(|&(s, e)| s <= at && at <= e))
        .flat_map(|l| &l.posts)
        .filter_map(|&(s, _)| tree.element_at(s))
        .filter(|e| units.contains(e))
        .collect();
    let mut comments = if apart { tree.comments_after_prose(page, c, &units) } else { Vec::new() };
    comments.extend(tree.comments_section(c, &comments));
    let apart = apart && !comments.is_empty();
    // With `below_article`: what Algorithm 1 chose below the article's element (a "related
    // posts" box, a blogroll, an events list within `gap` lines of the article's end) is not
    // the article, as the headline bounds it from above (7.2.1's "smallest sub-tree" read
    // from below). Readers' comments stay where the page names them: some gold keeps them
    // (dragnet's), and `comments` decides them (measured: docs/EVALUATION.md, "Each refinement").
    if options.below_article {
        let below = tree.close[c as usize] as usize + 1;
        for (l, t) in out.iter_mut().enumerate().skip(below) {
            *t = *t && tree.in_comments(page, l) && !apart;
        }
    }
    let mut posts = tree.posts(page, c, options.post_keys).unwrap_or_else(|| vec![c]);
    if options.threads && !apart {
        if let Some(thread) = tree.thread_of(c, lists).filter(|t| t.len() > posts.len()) {
            posts = thread;
        }
        // A Q&A page whose question was chosen: its answers are the thread's posts too (the
        // accepted one first, outside the list of the others).
        posts.extend(tree.answers(page, c));
    }
    if options.questions {
        posts.extend(tree.question(page, &posts));
    }
    let single = posts.len() == 1;
    // With `post_forms`: the lines of a thread's posts (known by their structure) are not a
    // form's, though a form holds them (old Reddit writes each comment's text inside the form
    // that edits it in place).
    let mut in_post = vec![false; chosen.len()];
    if options.post_forms && options.threads && !apart {
        for &(s, e) in lists.iter().flat_map(|l| &l.posts) {
            let (a, b) =
                (page.line_of[s] as usize, page.line_of[e.min(page.toks.len() - 1)] as usize);
            let b = b.min(in_post.len() - 1);
            in_post[a..=b].iter_mut().for_each(|t| *t = true);
        }
    }
    for e in posts {
        let (from, to) = (tree.open[e as usize] as usize, tree.close[e as usize] as usize);
        // Backwards, so that a short line can look at the next line with text.
        let mut next_taken = false;
        for l in (from..=to).rev() {
            let t = texts[l];
            if t.text == 0 {
                continue;
            }
            let furniture = if in_post[l] {
                t.is_link_dense()
            } else {
                t.is_navigation_or_form(tree.depth[e as usize])
            };
            let take = landmark || chosen[l] || (!furniture && (t.text >= MIN_TEXT || next_taken));
            out[l] = take;
            next_taken = take;
        }
        if options.teasers {
            let cards = options.teaser_cards && declared;
            let comments = if apart { &comments[..] } else { &[] };
            teasers::trim(page, &tree, e, cards, comments, &mut out);
        }
        if options.link_lists {
            enclosed_link_runs(page, &tree, from, to, &mut out);
        }
        let article = single && declared;
        if options.furniture && article {
            trim_furniture(page, &tree, e, &mut out);
        }
        if options.box_labels && article {
            labels::trim(page, &tree, e, &mut out);
        }
        // The trims above may leave a heading with nothing under it.
        if options.furniture && article {
            trim_trailing_headings(page, &tree, e, &mut out);
        }
    }
    let mut apart_lines = Vec::new();
    for &e in &comments {
        let (from, to) = (tree.open[e as usize] as usize, tree.close[e as usize] as usize);
        if apart_lines.is_empty() {
            apart_lines = vec![false; out.len()];
        }
        for l in from..=to {
            // A line the comment shares with what stands around it stays.
            let own = tree.common(e, tree.of_line(l)) == e;
            out[l] = out[l] && !own;
            apart_lines[l] |= own && !texts[l].is_navigation_or_form(tree.depth[e as usize]);
        }
    }
    let comment_count = tree.count_comments(page, &comments, lists);
    // The text's own edges (readers' comments left out), the element's and what Algorithm 1 chose around it (a date row
    // and the headline often stand outside the body's element).
    if single && declared {
        if options.above_headline {
            labels::trim_above_headline(page, &tree, &mut out);
        }
        if options.label_rows {
            labels::trim_rows(page, &tree, &mut out);
        }
    }
    if options.comment_chrome {
        chrome::trim(page, &tree, c, lists, &mut out);
    }
    if options.author_bios && single {
        bios::trim(page, &tree, c, &mut out);
    }
    if options.index_lists {
        index::take_index_lists(page, &tree, c, &mut out);
    }
    if options.whole_paragraphs {
        paragraphs::take_whole(page, &tree, &mut out);
    }
    Grown { lines: out, comments: apart_lines, comment_count }
}

/// `Options::furniture`: the taken lines at the top and at the bottom of one article's lines
/// `from..=to` that are furniture, not the story: short lines of mostly link text (share and
/// print rows, tag lists, "more from" links; [`FURNITURE_TEXT`]), without a letter (a view
/// counter, a separator), that are only a web address (the site's name printed under its logo,
/// the page's own address printed for paper), or in a box a site sets into an article. The
/// trim stops at the first line that is none of these, or a heading (the headline, a section
/// of the story), on each side: inside the story such lines are its own (a linked list in the
/// prose, a cited address). Headings left last are [`trim_trailing_headings`]'s. An article
/// that is mostly such lines (a listing, a table of contents), or short, is left whole.
fn trim_furniture(page: &Page, tree: &Tree, e: u32, out: &mut [bool]) {
    let (from, to) = (tree.open[e as usize] as usize, tree.close[e as usize] as usize);
    let texts = &tree.texts;
    let furniture = |l: usize| {
        let t = texts[l];
        // The line's text is written out only when the counts do not decide.
        let letterless_or_address = || {
            let text = line_text(page, l);
            !text.chars().any(char::is_alphabetic) || is_address(&text)
        };
        (f64::from(t.link) > MAX_LINK_SHARE * f64::from(t.text) && t.text < FURNITURE_TEXT)
            || letterless_or_address()
            || tree.in_site_box(page, l, e)
    };
    let taken: Vec<usize> = (from..=to).filter(|&l| out[l] && texts[l].text > 0).collect();
    // A heading ends the furniture on each side: the headline, a section of the story.
    let heading = |l: usize| tree.in_heading(page, l, e);
    let top = taken.iter().take_while(|&&l| !heading(l) && furniture(l)).count();
    let bottom = taken[top..].iter().rev().take_while(|&&l| !heading(l) && furniture(l)).count();
    let edges: Vec<usize> =
        taken[..top].iter().chain(&taken[taken.len() - bottom..]).copied().collect();
    let text = |ls: &[usize]| ls.iter().map(|&l| u64::from(texts[l].text)).sum::<u64>();
    let (edge_text, story) = (text(&edges), text(&taken[top..taken.len() - bottom]));
    // A short story keeps its edges: trimmed below `scant`'s bound, it would give way to the
    // whole page's text (dragnet R722's two-line craft post).
    if edge_text < story && story >= SCANT_TEXT {
        edges.iter().for_each(|&l| out[l] = false);
    }
}

/// `Options::furniture`: the headings that end one article's taken lines head lines left out
/// ("More from ...", "Related", a list of links or teasers gone by the trims above): with
/// nothing of the story after them, they go too.
fn trim_trailing_headings(page: &Page, tree: &Tree, e: u32, out: &mut [bool]) {
    let (from, to) = (tree.open[e as usize] as usize, tree.close[e as usize] as usize);
    for l in (from..=to).rev() {
        if !out[l] || tree.texts[l].text == 0 {
            continue;
        }
        if !tree.in_heading(page, l, e) {
            break;
        }
        out[l] = false;
    }
}

/// Whether a line's text is only a web address: `https://…`, `www.…`, or a host name
/// (`example.com`), one word with no space.
fn is_address(text: &str) -> bool {
    let t = text.trim();
    let host = t.split('/').next().unwrap_or("");
    !t.is_empty()
        && !t.contains(char::is_whitespace)
        && (t.starts_with("http://")
            || t.starts_with("https://")
            || t.starts_with("www.")
            || (host.contains('.')
                && host.rsplit('.').next().is_some_and(|tld| {
                    tld.len() >= 2 && tld.bytes().all(|b| b.is_ascii_alphabetic())
                })
                && host.split('.').all(|p| {
                    !p.is_empty() && p.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
                })))
}

/// `Options::link_lists`: a list of links that the article's own text encloses is part of the
/// article (a listicle's linked item names, the products a review compares), where menus, tag
/// lists and "more stories" stand at an article's edges or in a box set into it. Between
/// `from` and `to` (one element's lines), a run of lines each mostly link text and not taken
/// is taken when the nearest lines with text before and after it are taken prose (not mostly
/// links, at least [`MIN_TEXT`] characters), the article's taken text on each side is at least
/// [`ENCLOSING_TEXT`] and the run's own (a "more stories" list closing an article is followed
/// by one line), and the run is a list in the flow of that prose ([`Tree::is_list_between`]).
fn enclosed_link_runs(page: &Page, tree: &Tree, from: usize, to: usize, out: &mut [bool]) {
    let texts = &tree.texts;
    let is_link = |l: usize| f64::from(texts[l].link) > MAX_LINK_SHARE * f64::from(texts[l].text);
    let is_prose = |l: usize, out: &[bool]| out[l] && !is_link(l) && texts[l].text >= MIN_TEXT;
    let with_text: Vec<usize> = (from..=to).filter(|&l| texts[l].text > 0).collect();
    // The taken text before each line with text (and in all), as taken before this step.
    let mut before = vec![0u64; with_text.len() + 1];
    for (k, &l) in with_text.iter().enumerate() {
        before[k + 1] = before[k] + if out[l] { u64::from(texts[l].text) } else { 0 };
    }
    let mut i = 0;
    while i < with_text.len() {
        let l = with_text[i];
        if out[l] || !is_link(l) {
            i += 1;
            continue;
        }
        let mut j = i;
        while j + 1 < with_text.len() && !out[with_text[j + 1]] && is_link(with_text[j + 1]) {
            j += 1;
        }
        let run_text: u64 = with_text[i..=j].iter().map(|&l| u64::from(texts[l].text)).sum();
        let need = run_text.max(ENCLOSING_TEXT);
        let enclosed = i > 0
            && j + 1 < with_text.len()
            && is_prose(with_text[i - 1], out)
            && is_prose(with_text[j + 1], out)
            && before[i] >= need
            && before[with_text.len()] - before[j + 1] >= need;
        if enclosed
            && tree.is_list_between(page, with_text[i - 1], (l, with_text[j]), with_text[j + 1])
        {
            with_text[i..=j].iter().for_each(|&l| out[l] = true);
        }
        i = j + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::preprocess::Preprocessing;
    use crate::LinkFilter;

    fn page(html: &str) -> Page<'_> {
        Page::parse(html, Preprocessing::thesis(LinkFilter::None))
    }

    #[test]
    fn an_address_is_one_word_naming_a_host() {
        for a in [
            "www.albayan.ae",
            "https://example.org/a/b?c=1",
            "news.example.co.uk/local",
            "Example.com",
        ] {
            assert!(is_address(a), "{a}");
        }
        for t in ["Read more at example.com", "U.S.", "e.g.", "3.5", "v2.0", "example.", "…", ""]
        {
            assert!(!is_address(t), "{t}");
        }
    }

    fn line_of(p: &Page, needle: &str) -> usize {
        p.line_sources()
            .iter()
            .position(|s| s.contains(needle))
            .unwrap_or_else(|| panic!("no line with {needle}"))
    }

    #[test]
    fn the_nesting_is_rebuilt_tolerantly() {
        // `<p>` is left open by `</div>`; the stray `</span>` is ignored.
        let p = page("<div><p>one two</div></span><section><p>three</p></section>");
        let t = Tree::of(&p, true);
        let (one, three) = (line_of(&p, "one"), line_of(&p, "three"));
        assert_eq!(t.common(t.of_line(one), t.of_line(three)), ROOT);
        let p = page("<article><div><p>one</p></div><div><div><p>three</p></div></div></article>");
        let t = Tree::of(&p, true);
        let c = t.common(t.of_line(line_of(&p, "one")), t.of_line(line_of(&p, "three")));
        assert_eq!(
            (t.open[c as usize], t.close[c as usize]),
            (0, p.lines.len() as u32 - 1),
            "the article element holds both"
        );
    }

    #[test]
    fn grows_to_the_container_but_not_to_links_forms_or_lone_labels() {
        let html = "<p>Sidebar text that is long enough to count as text.</p>\
            <article><h2>Part two</h2><p>First part of the article, long enough to count.</p>\
            <div class=\"wp-block-group has-background\"><p>A paragraph in heavy markup, long enough.</p></div>\
            <p>Second part of the article, also long enough to count.</p>\
            <p>Third part of the article, below the chosen lines.</p>\
            <p>Share</p><p><a href=/a>Related story with a long enough title</a></p>\
            <form><p>Subscribe to our newsletter, it is long enough to count</p></form></article>\
            <p>Footer text that is long enough to count as text.</p>";
        let p = page(html);
        let mut chosen = vec![false; p.lines.len()];
        chosen[line_of(&p, "First part")] = true;
        chosen[line_of(&p, "Second part")] = true;
        let grown = grow(&p, &chosen, &Options::default(), &Structure::of(&p)).lines;
        let taken: Vec<String> =
            p.line_sources().into_iter().zip(&grown).filter(|(_, &t)| t).map(|(s, _)| s).collect();
        assert_eq!(
            taken,
            vec![
                "<h2>Part two</h2>",
                "<p>First part of the article, long enough to count.</p>",
                "<p>A paragraph in heavy markup, long enough.</p>",
                "<p>Second part of the article, also long enough to count.</p>",
                "<p>Third part of the article, below the chosen lines.</p>",
            ]
        );
    }

    #[test]
    fn a_small_chosen_run_does_not_widen_the_container() {
        let html = "<header><p>A tagline of the blog, long enough to count.</p></header>\
            <article><p>First part of the article, long enough to count, and then some more.</p>\
            <p>Second part of the article, also long enough to count, and more.</p></article>\
            <p>Footer text that is long enough to count as text.</p>";
        let p = page(html);
        let mut chosen = vec![false; p.lines.len()];
        chosen[line_of(&p, "tagline")] = true;
        chosen[line_of(&p, "First part")] = true;
        chosen[line_of(&p, "First part") + 1] = true;
        let grown = grow(&p, &chosen, &Options::default(), &Structure::of(&p)).lines;
        assert!(!grown[line_of(&p, "Footer")], "the footer is outside the article");
        assert_eq!(grown, chosen, "the tagline's run is under a fifth of the article's");
    }

    #[test]
    fn a_stray_chosen_run_far_outside_the_article_does_not_make_the_page_the_container() {
        // A copyright line below the article is chosen with it and is more than a fifth of
        // the largest run: the substantial runs have no container but the document.
        let html = "<div class=\"document\"><article><p>First part of the article, long enough to count, and then some more.</p>\
            <p>Second part of the article, also long enough to count, and more.</p><p>Third part, not chosen, long enough to count.</p>\
            <p>Fourth part of the article, chosen again, long enough to count, and more text.</p></article></div>\
            <p>Sidebar text that is long enough to count as text.</p>\
            <div class=\"copyright\">Copyright 2007-2026, the authors and contributors.</div>";
        let p = page(html);
        let mut chosen = vec![false; p.lines.len()];
        for needle in ["First part", "Second part", "Fourth part", "Copyright"] {
            chosen[line_of(&p, needle)] = true;
        }
        let grown = grow(&p, &chosen, &Options::default(), &Structure::of(&p)).lines;
        assert!(
            grown[line_of(&p, "Third part")],
            "the article holds four fifths of the chosen text"
        );
        assert!(!grown[line_of(&p, "Sidebar")]);
    }

    /// The lines of `html` whose text `grow` takes when the lines holding `needles` are chosen.
    pub(super) fn grown_from(html: &str, needles: &[&str], options: &Options) -> Vec<String> {
        let p = page(html);
        let mut chosen = vec![false; p.lines.len()];
        for needle in needles {
            chosen[line_of(&p, needle)] = true;
        }
        let grown = grow(&p, &chosen, options, &Structure::of(&p)).lines;
        p.line_sources().into_iter().zip(&grown).filter(|(_, &t)| t).map(|(s, _)| s).collect()
    }

    #[test]
    fn posts_are_known_by_their_keys_whatever_their_classes() {
        // FluxBB-like: the first post and the odd and even rows differ in class; every post's
        // id is its key. Two posts are enough.
        let html = "<div id=\"brdmain\"><div id=\"p1001\" class=\"blockpost rowodd firstpost\"><div class=\"postmsg\"><p>The question of the thread, long enough to count.</p></div></div>\
            <div id=\"p1002\" class=\"blockpost roweven\"><div class=\"postmsg\"><p>The first reply of the thread, long enough to count.</p></div></div></div>\
            <div id=\"p1003\" class=\"sidebar\"><p>Not a post: another first class, long enough to count.</p></div>";
        let keyed = grown_from(html, &["first reply"], &Options::default());
        assert_eq!(
            keyed,
            vec![
                "<p>The question of the thread, long enough to count.</p>",
                "<p>The first reply of the thread, long enough to count.</p>"
            ]
        );
        let unkeyed =
            grown_from(html, &["first reply"], &Options { post_keys: false, ..Options::default() });
        assert_eq!(
            unkeyed,
            vec!["<p>The first reply of the thread, long enough to count.</p>"],
            "without post_keys the classes differ"
        );
    }

    #[test]
    fn a_nested_thread_is_its_outermost_list_without_hidden_replies() {
        // Slashdot-like: replies nest in the comment they answer; a collapsed comment is hidden.
        let html = "<ul><li id=\"tree_5001\" class=\"comment full\"><p>A top comment, long enough to count as text.</p>\
            <ul><li id=\"tree_5002\" class=\"comment full\"><p>A reply to it, long enough to count as text.</p></li>\
            <li id=\"tree_5003\" class=\"comment oneline\"><p>Another reply, long enough to count as text.</p></li></ul></li>\
            <li id=\"tree_5004\" class=\"comment hidden\"><p>A collapsed comment, long enough to count as text.</p></li>\
            <li id=\"tree_5005\" class=\"comment full\"><p>A second top comment, long enough to count.</p></li></ul>";
        let taken = grown_from(html, &["A reply to it"], &Options::default());
        assert!(
            taken.iter().any(|l| l.contains("A top comment"))
                && taken.iter().any(|l| l.contains("second top comment")),
            "{taken:?}"
        );
        assert!(taken.iter().any(|l| l.contains("Another reply")), "{taken:?}");
        assert!(
            !taken.iter().any(|l| l.contains("collapsed")),
            "a hidden sibling is not a post: {taken:?}"
        );
    }

    #[test]
    fn short_numbers_are_not_keys() {
        let html = "<div><div id=\"slide-1\" class=\"slide\"><p>The first slide, long enough to count as text.</p></div>\
            <div id=\"slide-2\" class=\"slide other\"><p>The second slide, long enough to count as text.</p></div></div>";
        assert_eq!(grown_from(html, &["first slide"], &Options::default()).len(), 1);
    }

    #[test]
    fn documentation_sections_widen_to_the_outermost_but_not_past_an_article() {
        let html = "<div role=\"main\"><section id=\"module-x\"><h1>The module</h1><p>What the module is for, long enough to count.</p>\
            <section id=\"functions\"><p>The functions of the module, long enough to count.</p></section>\
            <section id=\"examples\"><p>Examples of the module, long enough to count as text.</p></section></section></div>";
        let taken = grown_from(html, &["The functions"], &Options::default());
        assert_eq!(taken.len(), 4, "{taken:?}");
        assert_eq!(
            grown_from(
                html,
                &["The functions"],
                &Options { sections: false, ..Options::default() }
            )
            .len(),
            1
        );
        let news = "<section id=\"main-section\"><p>A teaser outside the story, long enough to count.</p>\
            <article class=\"story\"><p>The story itself, long enough to count as text.</p><p>More of the story, long enough to count.</p></article></section>";
        assert_eq!(
            grown_from(news, &["The story", "More of the story"], &Options::default()).len(),
            2,
            "a section around the article is layout"
        );
    }

    #[test]
    fn a_list_of_links_inside_the_prose_is_taken_but_not_one_closing_the_article() {
        let prose = |n: &str| {
            format!("<p>The {n} paragraph of the review, which says what was tested, how, and what the results were for each tool named in the lists.</p>")
        };
        let list = |n: &str| {
            format!("<ul><li><a href=/a>{n} tool one</a></li><li><a href=/b>{n} tool two</a></li><li><a href=/c>{n} tool three</a></li></ul>")
        };
        let html = format!(
            "<article>{}{}{}{}{}<div class=\"more\"><ul><li><a href=/d>Another story of the site, with a long headline</a></li></ul></div>{}{}<p>Share it.</p><ul><li><a href=/e>A story to read next, with its own long headline</a></li></ul><p>Follow us on the networks, where we post every day.</p></article>",
            prose("first"),
            prose("second"),
            list("Listed"),
            prose("third"),
            prose("fourth"),
            prose("fifth"),
            prose("sixth"),
        );
        let needles = ["first", "second", "third", "fourth", "fifth", "sixth"];
        let taken = grown_from(&html, &needles, &Options::default());
        assert!(taken.iter().any(|l| l.contains("Listed tool two")), "{taken:?}");
        assert!(
            !taken.iter().any(|l| l.contains("Another story")),
            "a box set into the article is not its flow: {taken:?}"
        );
        assert!(
            !taken.iter().any(|l| l.contains("read next")),
            "a list after a label, closing the article: {taken:?}"
        );
        let off = grown_from(&html, &needles, &Options { link_lists: false, ..Options::default() });
        assert!(!off.iter().any(|l| l.contains("Listed tool")), "{off:?}");
    }

    #[test]
    fn a_stream_of_teasers_chosen_after_the_story_is_left_out_but_not_a_list_inside_it() {
        // Algorithm 1 chose a story and, within its gap, the related stories' headlines after
        // it (each a link with its date); a list of links inside the story is its own.
        let prose = |n: &str| {
            format!("<p>The {n} paragraph of the story says what happened in the town on the river this week, who was there, what they saw and what the council will do about the bridge next.</p>")
        };
        let teaser = |n: &str| {
            format!("<li><a href=/{n}>The {n} story of the site, under a headline of its own</a> · 12 May</li>")
        };
        let html = format!(
            "<article>{}{}<ul><li><a href=/x>The council's report on the bridge, in full</a></li><li><a href=/y>The engineers' survey of the bridge, in full</a></li><li><a href=/z>The minutes of the council's meeting, in full</a></li></ul>{}{}{}{}<h3>Related</h3><ul>{}{}{}{}</ul></article>",
            prose("first"),
            prose("second"),
            prose("third"),
            prose("fourth"),
            prose("fifth"),
            prose("sixth"),
            teaser("next"),
            teaser("other"),
            teaser("older"),
            teaser("oldest"),
        );
        let needles = [
            "first",
            "second",
            "report",
            "survey",
            "minutes",
            "third",
            "fourth",
            "fifth",
            "sixth",
            "next story",
            "other story",
            "older story",
            "oldest story",
        ];
        let taken = grown_from(&html, &needles, &Options::default());
        assert!(taken.iter().any(|l| l.contains("sixth")), "{taken:?}");
        assert!(
            ["report", "survey", "minutes"].iter().all(|n| taken.iter().any(|l| l.contains(n))),
            "the story's own list stays: {taken:?}"
        );
        assert!(!taken.iter().any(|l| l.contains("story of the site")), "{taken:?}");
        let off = grown_from(&html, &needles, &Options { teasers: false, ..Options::default() });
        assert_eq!(
            off.iter().filter(|l| l.contains("story of the site")).count(),
            4,
            "without `teasers`, what Algorithm 1 chose stays: {off:?}"
        );
        // A story too short to stand without them keeps them: the page is the list.
        let short = format!(
            "<article>{}{}<ul>{}{}{}{}</ul></article>",
            prose("first"),
            prose("second"),
            teaser("next"),
            teaser("other"),
            teaser("older"),
            teaser("oldest")
        );
        let needles =
            ["first", "second", "next story", "other story", "older story", "oldest story"];
        let kept = grown_from(&short, &needles, &Options::default());
        assert_eq!(kept.iter().filter(|l| l.contains("story of the site")).count(), 4, "{kept:?}");
    }

    #[test]
    fn answers_bring_their_question_even_when_it_stands_outside_their_list() {
        let html = "<div itemscope itemtype=\"https://schema.org/Question\"><h1 itemprop=\"name\">Why does the bread not rise?</h1>\
            <div itemprop=\"text\"><p>My dough stays flat after two hours in a warm room, what is wrong?</p></div></div>\
            <div class=\"answers\"><div id=\"answer-2001\" class=\"answer\" itemscope itemtype=\"https://schema.org/Answer\"><p>The yeast may be old: test it in warm water with sugar first.</p></div>\
            <div id=\"answer-2002\" class=\"answer\" itemscope itemtype=\"https://schema.org/Answer\"><p>Or the room is colder than you think; try the oven with the light on.</p></div></div>\
            <p>An unrelated footer line that is long enough to count as text.</p>";
        let taken = grown_from(html, &["The yeast"], &Options::default());
        assert!(
            taken.iter().any(|l| l.contains("dough stays flat"))
                && taken.iter().any(|l| l.contains("oven with the light")),
            "{taken:?}"
        );
        assert!(!taken.iter().any(|l| l.contains("footer")), "{taken:?}");
        let off =
            grown_from(html, &["The yeast"], &Options { questions: false, ..Options::default() });
        assert!(!off.iter().any(|l| l.contains("dough stays flat")), "{off:?}");
    }

    #[test]
    fn a_declared_body_bounds_the_article_below_its_headline() {
        // A news template: the headline and standfirst above the declared body, a strip of
        // captions and "more stories" after it, all inside one `article` element.
        let html = "<article><h1>A headline of the story, long enough to count</h1><p class=\"standfirst\">The standfirst that sums the story up, long enough.</p>\
            <div itemprop=\"articleBody\"><p>The first paragraph of the story, long enough to count as text.</p>\
            <p>The second paragraph of the story, long enough to count as text.</p><p>The third paragraph, also long enough.</p></div>\
            <div class=\"more\"><p>Another story of the site, with a teaser long enough to count.</p></div></article>";
        let needles = ["A headline", "first paragraph", "second paragraph", "Another story"];
        let taken = grown_from(html, &needles, &Options::default());
        assert!(
            taken.iter().any(|l| l.contains("A headline")),
            "what was chosen before the body stays: {taken:?}"
        );
        assert!(taken.iter().any(|l| l.contains("third paragraph")), "{taken:?}");
        assert!(
            !taken.iter().any(|l| l.contains("standfirst") || l.contains("Another story")),
            "{taken:?}"
        );
        let off =
            grown_from(html, &needles, &Options { declared_body: false, ..Options::default() });
        assert!(
            off.iter().any(|l| l.contains("Another story"))
                && off.iter().any(|l| l.contains("standfirst")),
            "{off:?}"
        );
    }

    #[test]
    fn a_json_ld_article_body_finds_its_element_but_a_summary_does_not() {
        let story = "<p>The first paragraph of the story tells what happened in the town on the river.</p>\
            <p>The second paragraph of the story says who was there and what they saw that day.</p>";
        let page_with = |declared: &str| {
            format!(
                "<html><head><script type=\"application/ld+json\">{{\"@type\":\"NewsArticle\",\"articleBody\":\"{declared}\"}}</script></head><body>\
                <main><div class=\"story\">{story}</div><div class=\"more\"><p>Another story of the site, with a teaser long enough to count.</p></div></main></body></html>"
            )
        };
        let needles = ["first paragraph", "second paragraph", "Another story"];
        let full = "The first paragraph of the story tells what happened in the town on the river. The second paragraph of the story says who was there and what they saw that day.";
        let taken = grown_from(&page_with(full), &needles, &Options::default());
        assert_eq!(taken.len(), 2, "the story's element, not the teaser after it: {taken:?}");
        let summary =
            grown_from(&page_with("What happened in the town."), &needles, &Options::default());
        assert_eq!(summary.len(), 3, "a declared summary bounds nothing: {summary:?}");
    }
}
