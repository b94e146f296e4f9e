//! `Options::teasers`: a stream of other stories' headlines ("related posts", "latest news",
//! "more from") at an article's edge is not the article, even where Algorithm 1 chose it.
//! With `Options::teaser_cards`, the stream may be of cards: each story's headline link with
//! its excerpt, date, byline or category label, in sibling elements alike.

use crate::preprocess::{Page, Tok};
use crate::settings::article::{
    CARD_TEXT, ENCLOSING_TEXT, MAX_LINK_SHARE, MIN_TEXT, TEASER_RUN, TEASER_TEXT,
};
use crate::settings::fallback::SCANT_TEXT;
use crate::tokenize::Tag;

use super::tree::{Tree, ROOT};

/// Leaves out of element `e`'s taken lines the teaser streams at its edges: runs of
/// consecutive taken lines, each a headline that is mostly link text, from [`MIN_TEXT`] to
/// [`TEASER_TEXT`] characters (a phrase, not a category's or a site's name), at least
/// [`TEASER_RUN`] of them, with less than [`ENCLOSING_TEXT`] of the article's other taken text
/// before them or after them. With `cards_too` (`Options::teaser_cards`, on a page that
/// declares an article): a line of a teaser card ([`cards`]) is a teaser's line too and a run
/// of at least [`TEASER_RUN`] cards is a stream; readers' comments (`comments`, carried apart)
/// are not the story's text; streams that less than [`ENCLOSING_TEXT`] separates (ads between
/// a stream's parts) reach the edge together; and a box of such cards set into the story is
/// left out too when every card has a line besides its headline and leads to the page's own
/// site ([`same_site`]: a listicle's items link elsewhere, a site's promotion home).
/// Step 2 already leaves such a line out when Algorithm 1 did not choose it; a chosen one
/// stayed, and with it the list of related stories under a story. Inside the story a linked
/// list is its own (a listicle's items, a link roundup): only the edges are trimmed, and only
/// when the story left holds [`SCANT_TEXT`] (a page that is a list of links stays whole).
pub(super) fn trim(
    page: &Page,
    tree: &Tree,
    e: u32,
    cards_too: bool,
    comments: &[u32],
    out: &mut [bool],
) {
    let (from, to) = (tree.open[e as usize] as usize, tree.close[e as usize] as usize);
    let texts = &tree.texts;
    let headline = |l: usize| {
        let t = texts[l];
        f64::from(t.link) > MAX_LINK_SHARE * f64::from(t.text)
            && (MIN_TEXT..TEASER_TEXT).contains(&t.text)
    };
    // With `cards_too`, readers' comments, which the result carries apart, are no story text.
    let mut comment =
        vec![false; if cards_too && !comments.is_empty() { to + 1 - from } else { 0 }];
    if !comment.is_empty() {
        for &c in comments {
            let (open, close) = (tree.open[c as usize] as usize, tree.close[c as usize] as usize);
            for l in open.max(from)..=close.min(to) {
                comment[l - from] = true;
            }
        }
    }
    let taken: Vec<usize> = (from..=to)
        .filter(|&l| {
            out[l] && texts[l].text > 0 && !comment.get(l - from).copied().unwrap_or(false)
        })
        .collect();
    // The card each taken line stands in, if any.
    let (card, homes) =
        if cards_too { cards(page, tree, e, &taken, &headline) } else { (Vec::new(), Vec::new()) };
    let card_of = |k: usize| card.get(k).copied().unwrap_or(ROOT);
    let teaser = |k: usize| headline(taken[k]) || card_of(k) != ROOT;
    let indexes: Vec<usize> = (0..taken.len()).collect();
    let runs: Vec<&[usize]> = indexes
        .chunk_by(|&a, &b| teaser(a) == teaser(b))
        .filter(|run| {
            let headlines = run.iter().filter(|&&k| headline(taken[k])).count();
            let cards = run.chunk_by(|&a, &b| card_of(a) == card_of(b));
            let cards = cards.filter(|c| card_of(c[0]) != ROOT).count();
            teaser(run[0]) && (headlines >= TEASER_RUN || cards >= TEASER_RUN)
        })
        .collect();
    if runs.is_empty() {
        return;
    }
    let text = |ks: &[usize]| ks.iter().map(|&k| u64::from(texts[taken[k]].text)).sum::<u64>();
    let story = text(&indexes) - runs.iter().map(|r| text(r)).sum::<u64>();
    if story < SCANT_TEXT {
        return;
    }
    // The story's text around each run: the taken text outside every run. A run is at an
    // edge when less than [`ENCLOSING_TEXT`] of it stands between the run and the element's
    // edge; with `cards_too`, between the run and the edge or the next run at that edge (a
    // stream that ads interrupt).
    let mut gaps = vec![0u64; runs.len() + 1];
    let mut r = 0;
    for k in 0..taken.len() {
        if r < runs.len() && k >= runs[r][0] {
            if k == runs[r][runs[r].len() - 1] {
                r += 1;
            }
            continue;
        }
        gaps[r] += u64::from(texts[taken[k]].text);
    }
    let mut edge = vec![false; runs.len()];
    let (mut top, mut bottom) = (0u64, 0u64);
    for i in 0..runs.len() {
        top += gaps[i];
        if top < ENCLOSING_TEXT {
            edge[i] = true;
            top = if cards_too { 0 } else { top };
        }
    }
    for i in (0..runs.len()).rev() {
        bottom += gaps[i + 1];
        if bottom < ENCLOSING_TEXT {
            edge[i] = true;
            bottom = if cards_too { 0 } else { bottom };
        }
    }
    // With `cards_too`, a box of cards set into the story, every one leading to the page's own
    // site, is the site's promotion of other stories too.
    for (r, e) in runs.iter().zip(edge.iter_mut()) {
        let ids: Vec<&[usize]> = r.chunk_by(|&a, &b| card_of(a) == card_of(b)).collect();
        let boxed = ids.len() >= TEASER_RUN
            && ids.iter().all(|c| c.len() >= 2 && homes.get(card_of(c[0]) as usize) == Some(&true));
        if boxed {
            *e = true;
        }
    }
    let edges: Vec<&[usize]> =
        runs.iter().zip(&edge).filter(|(_, &e)| e).map(|(r, _)| *r).collect();
    edges.iter().flat_map(|r| r.iter()).for_each(|&k| out[taken[k]] = false);
}

/// `Options::teaser_cards`: the card each of the `taken` lines of element `e` stands in, or
/// [`ROOT`], and whether each element is a card that leads to the page's own site ([`same_site`]). A card is
/// one of at least [`TEASER_RUN`] sibling elements of the same name and first class (a grid's
/// or a list's items) that each hold one `headline` line, linking to another address (not
/// `#…` on the same page), as its first or second taken line (a label or a date above it),
/// with at most [`CARD_TEXT`] characters of taken text in all: a headline with its excerpt,
/// date or label, not a section of the story. Only the elements around headline lines are
/// looked at.
fn cards(
    page: &Page,
    tree: &Tree,
    e: u32,
    taken: &[usize],
    headline: &dyn Fn(usize) -> bool,
) -> (Vec<u32>, Vec<bool>) {
    let depth = tree.depth[e as usize];
    // The elements around the headline lines (below `e`): how many each holds and the first
    // one's index in `taken`.
    let n = tree.tag.len();
    let (mut count, mut first) = (vec![0u32; n], vec![0usize; n]);
    let mut around: Vec<u32> = Vec::new();
    for (k, &l) in taken.iter().enumerate() {
        if !(headline(l) && links_away(page, l)) {
            continue;
        }
        let mut a = tree.first[l];
        while a != ROOT && a > e && tree.depth[a as usize] > depth {
            if count[a as usize] == 0 {
                around.push(a);
                first[a as usize] = k;
            }
            count[a as usize] += 1;
            a = tree.parent[a as usize];
        }
    }
    let mut card = vec![ROOT; taken.len()];
    if around.len() < TEASER_RUN {
        return (card, Vec::new());
    }
    let span = |a: u32| {
        let (open, close) = (tree.open[a as usize] as usize, tree.close[a as usize] as usize);
        (taken.partition_point(|&l| l < open), taken.partition_point(|&l| l <= close))
    };
    // One story's card holds one headline, its first or second line (a label or a date can
    // stand above it).
    let single =
        around.iter().filter(|&&a| count[a as usize] == 1 && first[a as usize] <= span(a).0 + 1);
    // Each element's key: its parent, its name and its first class. Grouped by a search, not
    // a sort: there are few, and a sort's code for one more type is kilobytes of the wasm.
    let key = |a: u32| {
        let Tok::Start { name, .. } = &page.toks[tree.tag[a as usize]] else { return None };
        let class = page.toks[tree.tag[a as usize]].attr("class").unwrap_or("");
        let first = class.split_ascii_whitespace().next().unwrap_or("");
        Some((tree.parent[a as usize], name.as_ref(), first))
    };
    let mut groups: Vec<(_, Vec<(u32, usize)>)> = Vec::new();
    for &a in single {
        let Some(k) = key(a) else { continue };
        match groups.iter_mut().find(|(g, _)| *g == k) {
            Some((_, members)) => members.push((a, first[a as usize])),
            None => groups.push((k, vec![(a, first[a as usize])])),
        }
    }
    // The taken text of each card: a prefix sum over the taken lines.
    let mut sum = Vec::with_capacity(taken.len() + 1);
    sum.push(0u64);
    for &l in taken {
        sum.push(sum[sum.len() - 1] + u64::from(tree.texts[l].text));
    }
    let (mut found, mut homes) = (vec![false; n], vec![false; n]);
    for (_, group) in &groups {
        let small: Vec<(u32, usize)> = group
            .iter()
            .copied()
            .filter(|&(a, _)| {
                let (i, j) = span(a);
                sum[j] - sum[i] <= CARD_TEXT
            })
            .collect();
        if small.len() >= TEASER_RUN {
            let home = small.iter().all(|&(_, k)| same_site(page, taken[k]));
            for &(a, _) in &small {
                found[a as usize] = true;
                homes[a as usize] = home;
            }
        }
    }
    // The outermost card first (elements are numbered in document order): a card inside
    // another is the other's part.
    for a in (0..n as u32).filter(|&a| found[a as usize]) {
        let (i, j) = span(a);
        for c in &mut card[i..j] {
            if *c == ROOT {
                *c = a;
            }
        }
    }
    (card, homes)
}

/// Whether the first link of line `l` leads to the page's own site: a relative address, or an
/// absolute one on the host of the page's canonical address.
fn same_site(page: &Page, l: usize) -> bool {
    let line = &page.lines[l];
    let Some(href) = page.toks[line.start..line.end]
        .iter()
        .find_map(|t| t.is_start(Tag::A).then(|| t.attr("href")).flatten())
    else {
        return false;
    };
    let href = href.trim();
    let host = |u: &str| {
        let rest = u.strip_prefix("https://").or_else(|| u.strip_prefix("http://"))?;
        Some(crate::html::host_and_path(rest).0.to_ascii_lowercase())
    };
    match host(href) {
        None => !href.starts_with("//") && !href.contains(':'),
        Some(h) => page.head.canonical.as_deref().and_then(host).is_some_and(|c| c == h),
    }
}

/// Whether line `l` holds a link to another address than the page's own (`href` neither empty
/// nor a fragment `#…` nor a script).
fn links_away(page: &Page, l: usize) -> bool {
    let line = &page.lines[l];
    page.toks[line.start..line.end].iter().any(|t| {
        t.is_start(Tag::A)
            && t.attr("href").map(str::trim).is_some_and(|h| {
                !h.is_empty() && !h.starts_with('#') && !h.starts_with("javascript:")
            })
    })
}
