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
//!
//! Measured alternatives (docs/EVALUATION.md; the thresholds' own in `crate::settings`): the
//! container of the chosen lines and the headline, as 7.2.1 words it (modern +0.01, but
//! cleanportaleval 0.826: the headline often stands in the page header, outside the article's
//! element); dropping chosen lines outside the container (more empty results on every set).

use std::borrow::Cow;
use std::collections::HashMap;

use crate::extraction::Candidate;
use crate::html::is_void;
use crate::options::Options;
use crate::preprocess::{Page, Tok};
use crate::settings::article::{
    BODY_SHARE, CANDIDATE_WORDS, ENCLOSING_TEXT, LANDMARK_TEXT, MAJORITY, MAX_LINK_SHARE,
    MIN_KEYED_POSTS, MIN_KEY_DIGITS, MIN_POSTS, MIN_TEXT, OWN_PROSE, SUBSTANTIAL_RUN,
};
use crate::settings::pipeline::MAX_DEPTH;
use crate::tokenize::{Name, Tag};
use crate::words::trigrams;

/// No element: the document itself.
const ROOT: u32 = u32::MAX;

/// The element nesting of a preprocessed page, rebuilt from its tokens, with each line's text.
struct Tree {
    /// Each element's parent (or [`ROOT`]), depth, and the lines of its start and end tags.
    parent: Vec<u32>,
    depth: Vec<u32>,
    open: Vec<u32>,
    close: Vec<u32>,
    /// Each element's start tag (its index in the page's tokens).
    tag: Vec<usize>,
    /// The innermost element holding each line's first token and its last token (a start
    /// tag is inside its own element, an end tag inside the element it closes).
    first: Vec<u32>,
    last: Vec<u32>,
    /// Each line's text.
    texts: Vec<LineText>,
}

impl Tree {
    /// One pass over the tokens (tolerant, as [`crate::blocks`] reads them: an end tag closes
    /// the nearest open element of its name and those left open inside it; a stray end tag is
    /// ignored).
    fn of(page: &Page) -> Tree {
        let lines = page.lines.len();
        let mut t = Tree {
            parent: Vec::new(),
            depth: Vec::new(),
            open: Vec::new(),
            close: Vec::new(),
            tag: Vec::new(),
            first: vec![ROOT; lines],
            last: vec![ROOT; lines],
            texts: vec![LineText::default(); lines],
        };
        // Open elements: id and name (a `Name`: an end tag finds its element by comparing
        // `Tag`s, integers, not strings); open links and forms.
        let mut stack: Vec<(u32, &Name)> = Vec::new();
        let (mut links, mut forms) = (0usize, 0usize);
        // The depth of the outermost open form.
        let mut form_depth = u32::MAX;
        for (i, tok) in page.toks.iter().enumerate() {
            let line = page.line_of[i] as usize;
            let mut inside = stack.last().map_or(ROOT, |e| e.0);
            match tok {
                Tok::Start { name, self_closing: false, .. }
                    if !is_void(name) && stack.len() < MAX_DEPTH =>
                {
                    inside = t.parent.len() as u32;
                    t.parent.push(stack.last().map_or(ROOT, |e| e.0));
                    if name.is(Tag::Form) && forms == 0 {
                        form_depth = stack.len() as u32;
                    }
                    t.depth.push(stack.len() as u32);
                    t.open.push(line as u32);
                    t.close.push(lines as u32 - 1);
                    t.tag.push(i);
                    stack.push((inside, name));
                    links += usize::from(name.is(Tag::A));
                    forms += usize::from(name.is(Tag::Form));
                }
                Tok::End { name } => {
                    if let Some(pos) = stack.iter().rposition(|e| e.1 == name) {
                        for e in &stack[pos..] {
                            t.close[e.0 as usize] = line as u32;
                            links -= usize::from(e.1.is(Tag::A));
                            forms -= usize::from(e.1.is(Tag::Form));
                        }
                        stack.truncate(pos);
                    }
                }
                Tok::Text(_) => {
                    let w = page.weights[i].text;
                    let text = &mut t.texts[line];
                    text.text += w;
                    text.link += if links > 0 { w } else { 0 };
                    if forms > 0 {
                        text.form += w;
                        text.form_depth = text.form_depth.min(form_depth);
                    }
                }
                Tok::Start { .. } => {}
            }
            if i == page.lines[line].start {
                t.first[line] = inside;
            }
            if i + 1 == page.lines[line].end {
                t.last[line] = inside;
            }
        }
        t
    }

    /// The smallest element holding both `a` and `b` (or [`ROOT`]).
    fn common(&self, mut a: u32, mut b: u32) -> u32 {
        let depth = |e: u32| if e == ROOT { -1 } else { i64::from(self.depth[e as usize]) };
        while a != b {
            if depth(a) >= depth(b) {
                a = self.parent[a as usize];
            } else {
                b = self.parent[b as usize];
            }
        }
        a
    }

    /// The posts of a thread that `e` is part of: the innermost element holding `e` (or `e`
    /// itself) that has at least [`MIN_POSTS`] - 1 siblings [`alike`] it, with those siblings,
    /// in document order. With `keys` (`Options::post_keys`), siblings [`keyed_alike`] it are
    /// posts too, two are enough, and when posts nest (replies inside the post they answer)
    /// the thread is the outermost list of them.
    fn posts(&self, page: &Page, e: u32, keys: bool) -> Option<Vec<u32>> {
        let tag = |e: u32| &page.toks[self.tag[e as usize]];
        let chain: Vec<u32> = std::iter::successors(Some(e).filter(|&e| e != ROOT), |&a| {
            Some(self.parent[a as usize]).filter(|&p| p != ROOT)
        })
        .collect();
        // The children of every parent on the chain, in one pass over the elements.
        let mut children: HashMap<u32, Vec<u32>> =
            chain.iter().map(|&a| (self.parent[a as usize], Vec::new())).collect();
        for (s, parent) in self.parent.iter().enumerate() {
            if let Some(c) = children.get_mut(parent) {
                c.push(s as u32);
            }
        }
        let siblings = |a: u32, keyed: bool| -> Vec<u32> {
            children[&self.parent[a as usize]]
                .iter()
                .copied()
                .filter(|&s| {
                    alike(tag(a), tag(s)) == Some(true) || (keyed && keyed_alike(tag(a), tag(s)))
                })
                .collect()
        };
        chain.iter().enumerate().find_map(|(i, &a)| {
            let keyed = keys && keyed_alike(tag(a), tag(a));
            if !keyed {
                alike(tag(a), tag(a))?;
            }
            let same = siblings(a, keyed);
            if same.len() < if keyed { MIN_KEYED_POSTS } else { MIN_POSTS } {
                return None;
            }
            if !keyed {
                return Some(same);
            }
            // A nested thread (Slashdot's, Lemmy's): the replies to a post are a list of posts
            // of the same key inside it. The innermost list is one sub-thread; the thread is
            // the outermost.
            let top =
                chain[i..].iter().copied().rfind(|&b| keyed_alike(tag(a), tag(b))).unwrap_or(a);
            Some(if top == a { same } else { siblings(top, true) })
        })
    }

    /// The container of the chosen `runs` when the substantial ones have none below the
    /// document (a copyright line below the article, a sidebar's teaser above it): the
    /// innermost element around the largest run that holds at least [`MAJORITY`] of the
    /// chosen text, or [`ROOT`].
    fn majority(&self, runs: &[(usize, usize, u64)]) -> u32 {
        let total: u64 = runs.iter().map(|r| r.2).sum();
        let Some(largest) = runs.iter().max_by_key(|r| r.2) else { return ROOT };
        let mut e = self.of_lines(largest.0, largest.1);
        while e != ROOT {
            let (open, close) = (self.open[e as usize] as usize, self.close[e as usize] as usize);
            let inside: u64 =
                runs.iter().filter(|r| r.0 >= open && r.1 <= close).map(|r| r.2).sum();
            if inside as f64 >= MAJORITY * total as f64 {
                break;
            }
            e = self.parent[e as usize];
        }
        e
    }

    /// The outermost bare `section` (no attribute but its `id`, as Sphinx and MkDocs write a
    /// page's sections) holding `e`, not looking past an `article` element or `role="article"`
    /// (a section around the article is the page's layout, not the article's); else `e`.
    fn outermost_section(&self, page: &Page, e: u32) -> u32 {
        let mut top = e;
        let mut a = e;
        while a != ROOT {
            if let Tok::Start { name, attrs, .. } = &page.toks[self.tag[a as usize]] {
                if name == "section" && !attrs.is_empty() && attrs.iter().all(|(k, _)| k == "id") {
                    top = a;
                }
                if name == "article" || attrs.iter().any(|(k, v)| k == "role" && v == "article") {
                    break;
                }
            }
            a = self.parent[a as usize];
        }
        top
    }

    /// Whether the lines `run` are a list (`ul`, `ol`, `dl`) in the flow of the text around
    /// it: the outermost element holding them but neither line `before` nor line `after` is a
    /// list, and its parent holds both (the list is a sibling of that text, not inside a box
    /// of teasers set into it).
    fn is_list_between(
        &self,
        page: &Page,
        before: usize,
        run: (usize, usize),
        after: usize,
    ) -> bool {
        let (b, a) = (self.of_line(before), self.of_line(after));
        let holds = |e: u32, l: u32| self.common(e, l) == e;
        let mut x = self.of_lines(run.0, run.1);
        if x == ROOT || holds(x, b) || holds(x, a) {
            return false;
        }
        while self.parent[x as usize] != ROOT
            && !holds(self.parent[x as usize], b)
            && !holds(self.parent[x as usize], a)
        {
            x = self.parent[x as usize];
        }
        let p = self.parent[x as usize];
        let is_list = matches!(&page.toks[self.tag[x as usize]], Tok::Start { name, .. } if matches!(name.as_ref(), "ul" | "ol" | "dl"));
        is_list && holds(p, b) && holds(p, a)
    }

    /// `Options::questions`: the question that the posts `posts` answer, when they are
    /// schema.org microdata answers (`itemtype` `…/Answer` on a post, around it or inside the
    /// first one): the nearest element around them whose `itemtype` is `…/Question`, else the
    /// page's first such element (a Q&A page's question can stand outside the answers' list).
    fn question(&self, page: &Page, posts: &[u32]) -> Option<u32> {
        let is = |e: u32, kind: &str| {
            page.toks[self.tag[e as usize]]
                .attr("itemtype")
                .is_some_and(|t| t.trim().rsplit('/').next() == Some(kind))
        };
        let up = |e: u32| {
            std::iter::successors(Some(e).filter(|&e| e != ROOT), |&a| {
                Some(self.parent[a as usize]).filter(|&p| p != ROOT)
            })
        };
        let first = *posts.first()?;
        // Elements are numbered in document order: the first post's descendants are the
        // elements after it that are deeper.
        let depth = self.depth[first as usize];
        let inside = (first as usize + 1..self.tag.len()).take_while(|&d| self.depth[d] > depth);
        if !(up(first).any(|a| is(a, "Answer")) || inside.clone().any(|d| is(d as u32, "Answer"))) {
            return None;
        }
        up(first)
            .find(|&a| is(a, "Question"))
            .or_else(|| (0..self.tag.len() as u32).find(|&e| is(e, "Question")))
    }

    /// The keyed posts inside `c` (not `c` itself): elements with at least
    /// [`MIN_KEYED_POSTS`] - 1 siblings [`keyed_alike`] them, in document order.
    fn keyed_lists_inside(&self, page: &Page, c: u32) -> Vec<u32> {
        let depth = self.depth[c as usize];
        let tag = |e: u32| &page.toks[self.tag[e as usize]];
        let mut by_parent: HashMap<u32, Vec<u32>> = HashMap::new();
        for e in (c as usize + 1..self.tag.len())
            .take_while(|&d| self.depth[d] > depth)
            .map(|d| d as u32)
        {
            if keyed_alike(tag(e), tag(e)) {
                by_parent.entry(self.parent[e as usize]).or_default().push(e);
            }
        }
        let mut out: Vec<u32> = by_parent
            .values()
            .flat_map(|kids| {
                kids.iter()
                    .copied()
                    .filter(|&e| {
                        kids.iter().filter(|&&s| keyed_alike(tag(e), tag(s))).count()
                            >= MIN_KEYED_POSTS
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
        out.sort_unstable();
        out
    }

    /// Whether the keyed post `e` is a reader's comment: its id or its first class names a
    /// comment (`comment-949545`, WordPress's `li-comment-N` and `class="comment …"`), or it
    /// holds a `time` element or a schema.org `Comment` item (a comment carries its date; a
    /// page builder's keyed blocks, `block-yui_…_41603`, do not).
    fn is_comment(&self, page: &Page, e: u32) -> bool {
        let depth = self.depth[e as usize];
        if names_comment(&page.toks[self.tag[e as usize]]) {
            return true;
        }
        std::iter::once(e as usize)
            .chain((e as usize + 1..self.tag.len()).take_while(|&d| self.depth[d] > depth))
            .any(|d| {
                let t = &page.toks[self.tag[d]];
                matches!(t, Tok::Start { name, .. } if name == "time")
                    || t.attr("itemtype").is_some_and(|v| {
                        matches!(v.trim().rsplit('/').next(), Some("Comment" | "UserComments"))
                    })
            })
    }

    /// `Options::comments`: when most of the chosen text (`runs`) is in lists of readers'
    /// comments in or around the container `c` (keyed posts, [`Tree::is_comment`]), the
    /// smallest element around `c` with at least [`OWN_PROSE`] characters of prose outside
    /// those comments: the article they belong to (thesis 7.2.2: a post's comments sit under
    /// the same subtree as the post). Else `c`.
    fn article_of_comments(
        &self,
        page: &Page,
        c: u32,
        runs: &[(usize, usize, u64)],
        boxes: bool,
    ) -> u32 {
        let tag = |e: u32| &page.toks[self.tag[e as usize]];
        let mut lists = self.keyed_lists_inside(page, c);
        if let Some(thread) =
            self.posts(page, c, true).filter(|p| p.len() >= 2 && keyed_alike(tag(p[0]), tag(p[1])))
        {
            lists.extend(thread);
        }
        lists.retain(|&e| self.is_comment(page, e));
        // With `boxes` (`Options::comment_box`), a thread without keys (a blog host's
        // `<div id="comment-box">` of `ul`s, each comment known by an `<a name="comment-N">`):
        // the element around the container whose id or first class names the comments.
        if boxes {
            lists.extend(
                std::iter::successors(Some(c), |&a| {
                    Some(self.parent[a as usize]).filter(|&p| p != ROOT)
                })
                .find(|&a| names_comment(tag(a))),
            );
        }
        if lists.is_empty() {
            return c;
        }
        let inside = |l: usize| {
            lists.iter().any(|&e| {
                (self.open[e as usize] as usize..=self.close[e as usize] as usize).contains(&l)
            })
        };
        let chosen: u64 = runs.iter().map(|r| r.2).sum();
        let in_comments: u64 = runs
            .iter()
            .flat_map(|r| r.0..=r.1)
            .filter(|&l| inside(l))
            .map(|l| u64::from(self.texts[l].text))
            .sum();
        if 2 * in_comments < chosen {
            return c;
        }
        let mut a = c;
        while a != ROOT {
            let (from, to) = (self.open[a as usize] as usize, self.close[a as usize] as usize);
            let depth = self.depth[a as usize];
            let outside: u64 = (from..=to)
                .filter(|&l| !inside(l) && !self.texts[l].is_navigation_or_form(depth))
                .map(|l| u64::from(self.texts[l].text))
                .sum();
            if outside >= OWN_PROSE {
                return a;
            }
            a = self.parent[a as usize];
        }
        c
    }

    /// `Options::declared_body`: the element the page declares its article's body (schema.org
    /// microdata, `itemprop="articleBody"`, as news and blog templates write it) that holds
    /// the most of the chosen text (`runs`), else the element inside `c` that shows the
    /// JSON-LD `articleBody` ([`Tree::json_ld_body`]), when the container `c` holds it (or is it) and it
    /// holds at least [`BODY_SHARE`] of the chosen text: the page's own bound of the article,
    /// 7.2.1's "smallest sub-tree" named by the page. `None` otherwise: the declaration checks
    /// the choice, it does not replace it, and it never widens the container (a body that
    /// holds the container also holds what the template hides in it, a duplicate headline
    /// shown only by script, and its "more stories": r2l's ar-lbcgroup 0.97 → 0.94).
    fn declared_body(&self, page: &Page, c: u32, runs: &[(usize, usize, u64)]) -> Option<u32> {
        let holds = |e: u32, l: usize| {
            (self.open[e as usize] as usize..=self.close[e as usize] as usize).contains(&l)
        };
        let chosen_in = |e: u32| -> u64 {
            runs.iter()
                .flat_map(|r| r.0..=r.1)
                .filter(|&l| holds(e, l))
                .map(|l| u64::from(self.texts[l].text))
                .sum()
        };
        let is_body = |e: u32| {
            page.toks[self.tag[e as usize]]
                .attr("itemprop")
                .is_some_and(|v| v.split_ascii_whitespace().any(|p| p == "articleBody"))
        };
        let declared = (0..self.tag.len() as u32)
            .filter(|&e| is_body(e))
            .map(|b| (b, chosen_in(b)))
            .max_by_key(|&(b, n)| (n, std::cmp::Reverse(b)));
        // Else the element that shows the text the page's JSON-LD declares.
        let (b, inside) =
            declared.or_else(|| self.json_ld_body(page, c).map(|b| (b, chosen_in(b))))?;
        let total: u64 = runs.iter().map(|r| r.2).sum();
        (self.common(b, c) == c && inside as f64 >= BODY_SHARE * total as f64).then_some(b)
    }

    /// With `Options::declared_body`, on a page whose JSON-LD declares the article's text
    /// (`articleBody`), the element inside `c` that shows it: the innermost element around
    /// the largest run of lines whose words are the declared text's that holds [`MAJORITY`]
    /// of such lines' text, when those lines hold at least half of the declared text (a
    /// summary or a first paragraph declared as the body bounds nothing).
    fn json_ld_body(&self, page: &Page, c: u32) -> Option<u32> {
        let body = json_ld_article_body(page)?;
        let grams: std::collections::HashSet<u64> = trigrams(&body).collect();
        let (from, to) = (self.open[c as usize] as usize, self.close[c as usize] as usize);
        let mut runs: Vec<(usize, usize, u64)> = Vec::new();
        let mut last_matched = false;
        for l in (from..=to).filter(|&l| self.texts[l].text > 0) {
            let line = &page.lines[l];
            let text: String = page.toks[line.start..line.end]
                .iter()
                .filter_map(|t| if let Tok::Text(t) = t { Some(t.as_ref()) } else { None })
                .collect::<Vec<_>>()
                .join(" ");
            let (n, hit) = trigrams(&text)
                .fold((0u32, 0u32), |(n, hit), g| (n + 1, hit + u32::from(grams.contains(&g))));
            let matched = n > 0 && 2 * hit >= n;
            if matched {
                let w = u64::from(self.texts[l].text);
                match runs.last_mut() {
                    Some(run) if last_matched => {
                        run.1 = l;
                        run.2 += w;
                    }
                    _ => runs.push((l, l, w)),
                }
            }
            last_matched = matched;
        }
        let shown: u64 = runs.iter().map(|r| r.2).sum();
        if 2 * shown < body.chars().filter(|c| !c.is_whitespace()).count() as u64 {
            return None;
        }
        Some(self.majority(&runs)).filter(|&b| b != ROOT && self.common(b, c) == c)
    }

    /// `Options::landmark`: the page's main landmark (its first `main` element or element with
    /// `role="main"`) when the container `c` is neither inside it nor around it and it holds
    /// more than [`LANDMARK_TEXT`] times the chosen text (`runs`).
    fn outside_main(&self, page: &Page, c: u32, runs: &[(usize, usize, u64)]) -> Option<u32> {
        let tag = |e: u32| &page.toks[self.tag[e as usize]];
        let m = (0..self.tag.len() as u32).find(|&e| {
            matches!(tag(e), Tok::Start { name, .. } if name == "main")
                || tag(e).attr("role") == Some("main")
        })?;
        let common = self.common(m, c);
        let text: u64 = (self.open[m as usize] as usize..=self.close[m as usize] as usize)
            .map(|l| u64::from(self.texts[l].text))
            .sum();
        (common != m && common != c && text > LANDMARK_TEXT * runs.iter().map(|r| r.2).sum::<u64>())
            .then_some(m)
    }

    /// Whether line `l` starts inside an element whose id or first class names comments
    /// ([`names_comment`]).
    fn in_comments(&self, page: &Page, l: usize) -> bool {
        std::iter::successors(Some(self.first[l]).filter(|&e| e != ROOT), |&a| {
            Some(self.parent[a as usize]).filter(|&p| p != ROOT)
        })
        .any(|a| names_comment(&page.toks[self.tag[a as usize]]))
    }

    /// The smallest element holding lines `from..=to`.
    fn of_lines(&self, from: usize, to: usize) -> u32 {
        (from..=to).map(|l| self.of_line(l)).reduce(|a, b| self.common(a, b)).unwrap_or(ROOT)
    }

    /// The smallest element holding the whole of line `l`.
    fn of_line(&self, l: usize) -> u32 {
        self.common(self.first[l], self.last[l])
    }
}

/// Whether the id or the first class of `t` names a comment (`comment-949545`, WordPress's
/// `li-comment-N`, `class="comment …"`, `id="comment-box"`).
fn names_comment(t: &Tok) -> bool {
    let says = |k: &str| {
        t.attr(k).is_some_and(|v| {
            v.split_ascii_whitespace()
                .next()
                .is_some_and(|w| w.to_ascii_lowercase().contains("comment"))
        })
    };
    says("id") || says("class")
}

/// What makes sibling elements the posts of one thread: the same tag name and class; for
/// elements without a class, the same other attributes but `id` and `data-*` (a React page's
/// `<div style="display:contents">` around each post); for a bare `section` or `article`
/// (documentation's sections, with only an `id`), the name alone. Other bare elements are
/// never alike: plain `<div>`s are the scaffolding of every page. `None` when `a` is such an
/// element or not a start tag.
fn alike(a: &Tok, b: &Tok) -> Option<bool> {
    let (Tok::Start { name: na, attrs: aa, .. }, Tok::Start { name: nb, attrs: ab, .. }) = (a, b)
    else {
        return None;
    };
    fn class<'t>(t: &'t Tok) -> Option<&'t str> {
        t.attr("class").map(str::trim).filter(|c| !c.is_empty())
    }
    fn rest<'t>(attrs: &'t [(Cow<str>, Cow<str>)]) -> Vec<(&'t str, &'t str)> {
        attrs
            .iter()
            .filter(|(k, _)| k != "id" && !k.starts_with("data-"))
            .map(|(k, v)| (k.as_ref(), v.as_ref()))
            .collect()
    }
    if let Some(c) = class(a) {
        return Some(na == nb && class(b) == Some(c));
    }
    let own = rest(aa);
    if !own.is_empty() {
        return Some(na == nb && class(b).is_none() && rest(ab) == own);
    }
    matches!(na.as_ref(), "section" | "article")
        .then(|| na == nb && class(b).is_none() && rest(ab).is_empty())
}

/// Whether `a` and `b` are posts of one thread by their keys: the same tag name and first
/// class token (or both without a class), and ids made of one prefix and a number of at least
/// [`MIN_KEY_DIGITS`] digits (`p2187914`, `js-post-137554686`, `comment-14089718`: forum software
/// writes each post's database key into its id, whatever classes mark the first post, the
/// odd and even rows or the author's). An element whose class says it is `hidden` (collapsed
/// replies) is not one.
fn keyed_alike(a: &Tok, b: &Tok) -> bool {
    let (Tok::Start { name: na, .. }, Tok::Start { name: nb, .. }) = (a, b) else { return false };
    fn key<'t>(t: &'t Tok) -> Option<&'t str> {
        let id = t.attr("id")?;
        let prefix = id.trim_end_matches(|c: char| c.is_ascii_digit());
        (!prefix.is_empty() && id.len() - prefix.len() >= MIN_KEY_DIGITS).then_some(prefix)
    }
    fn classes<'t>(t: &'t Tok) -> std::str::SplitAsciiWhitespace<'t> {
        t.attr("class").unwrap_or("").split_ascii_whitespace()
    }
    na == nb
        && key(a).is_some()
        && key(a) == key(b)
        && classes(a).next() == classes(b).next()
        && !classes(b).any(|c| c == "hidden")
}

/// schema.org types that make a page an article.
const ARTICLE_TYPES: [&str; 6] =
    ["Article", "NewsArticle", "BlogPosting", "TechArticle", "ScholarlyArticle", "Report"];
/// schema.org types of a thread's or a Q&A page's posts: a page that declares one is a thread.
const THREAD_TYPES: [&str; 4] =
    ["DiscussionForumPosting", "QAPage", "SocialMediaPosting", "Question"];

/// Whether the page declares itself an article: a JSON-LD object of an [`ARTICLE_TYPES`] type
/// or `og:type` `article`, and no JSON-LD object of a [`THREAD_TYPES`] type.
fn declares_article(page: &Page) -> bool {
    fn types(v: &serde_json::Value, out: &mut Vec<String>) {
        match v {
            serde_json::Value::Object(m) => {
                match m.get("@type") {
                    Some(serde_json::Value::String(t)) => out.push(t.clone()),
                    Some(serde_json::Value::Array(ts)) => {
                        out.extend(ts.iter().filter_map(|t| t.as_str().map(str::to_string)))
                    }
                    _ => {}
                }
                m.values().for_each(|v| types(v, out));
            }
            serde_json::Value::Array(a) => a.iter().for_each(|v| types(v, out)),
            _ => {}
        }
    }
    let mut all = Vec::new();
    for v in page.head.json_ld.iter().filter_map(|s| crate::declared::json_ld_value(s)) {
        types(&v, &mut all);
    }
    let named = |set: &[&str]| all.iter().any(|t| set.contains(&t.rsplit('/').next().unwrap_or(t)));
    let og_article = page
        .head
        .meta_contents(&["property"], "og:type")
        .any(|t| t.eq_ignore_ascii_case("article"));
    (named(&ARTICLE_TYPES) || og_article) && !named(&THREAD_TYPES)
}

/// The longest JSON-LD `articleBody` of the page (in any of its objects).
fn json_ld_article_body(page: &Page) -> Option<String> {
    fn find(v: &serde_json::Value, best: &mut Option<String>) {
        match v {
            serde_json::Value::Object(m) => {
                if let Some(serde_json::Value::String(s)) = m.get("articleBody") {
                    if best.as_ref().is_none_or(|b| s.len() > b.len()) {
                        *best = Some(s.clone());
                    }
                }
                m.values().for_each(|v| find(v, best));
            }
            serde_json::Value::Array(a) => a.iter().for_each(|v| find(v, best)),
            _ => {}
        }
    }
    let mut best = None;
    for v in page
        .head
        .json_ld
        .iter()
        .filter(|s| s.contains("articleBody"))
        .filter_map(|s| crate::declared::json_ld_value(s))
    {
        find(&v, &mut best);
    }
    best
}

/// Characters of text on one line: all of it, inside links, inside forms.
#[derive(Clone, Copy)]
struct LineText {
    text: u32,
    link: u32,
    form: u32,
    /// The depth of the outermost form around that text ([`u32::MAX`]: none).
    form_depth: u32,
}

impl Default for LineText {
    fn default() -> Self {
        LineText { text: 0, link: 0, form: 0, form_depth: u32::MAX }
    }
}

impl LineText {
    /// Whether the line is clearly not part of an article at `depth` (the element taken):
    /// mostly links, or mostly a form inside that element (a form around the whole element,
    /// a forum's moderation form around its posts, says nothing).
    fn is_navigation_or_form(&self, depth: u32) -> bool {
        f64::from(self.link) > MAX_LINK_SHARE * f64::from(self.text)
            || (self.form_depth > depth && 2 * self.form >= self.text)
    }
}

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

/// Grows `chosen` (one flag per line of `page`) to the article the chosen lines belong to,
/// with the refinements `options` turns on (`post_keys`, `sections`).
pub fn grow(page: &Page, chosen: &[bool], options: &Options) -> Vec<bool> {
    let mut out = chosen.to_vec();
    if !chosen.contains(&true) {
        return out;
    }
    let tree = Tree::of(page);
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
        return out;
    };
    let mut c = if options.sections { tree.outermost_section(page, c) } else { c };
    // With `landmark`: a choice outside the page's main landmark (a promotion banner above a
    // shop's product grid, whose cards are link text that Filter 3 weighs as code) gives way
    // to the landmark, whole: the page's own bound of its main content (7.2.1's "smallest
    // sub-tree", named by the page). Measured: docs/EVALUATION.md, seventh round.
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
    if options.comments && declares_article(page) {
        c = tree.article_of_comments(page, c, &runs, options.comment_box);
    }
    // With `below_article`: what Algorithm 1 chose below the article's element (a "related
    // posts" box, a blogroll, an events list within `gap` lines of the article's end) is not
    // the article, as the headline bounds it from above (7.2.1's "smallest sub-tree" read
    // from below). Readers' comments stay where the page names them: some gold keeps them
    // (dragnet's), and `comments` decides them (measured: docs/EVALUATION.md, ninth round).
    if options.below_article {
        let below = tree.close[c as usize] as usize + 1;
        for (l, t) in out.iter_mut().enumerate().skip(below) {
            *t = *t && tree.in_comments(page, l);
        }
    }
    let mut posts = tree.posts(page, c, options.post_keys).unwrap_or_else(|| vec![c]);
    if options.questions {
        posts.extend(tree.question(page, &posts));
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
            let take = landmark
                || chosen[l]
                || (!t.is_navigation_or_form(tree.depth[e as usize])
                    && (t.text >= MIN_TEXT || next_taken));
            out[l] = take;
            next_taken = take;
        }
        if options.link_lists {
            enclosed_link_runs(page, &tree, from, to, &mut out);
        }
    }
    out
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
        let t = Tree::of(&p);
        let (one, three) = (line_of(&p, "one"), line_of(&p, "three"));
        assert_eq!(t.common(t.of_line(one), t.of_line(three)), ROOT);
        let p = page("<article><div><p>one</p></div><div><div><p>three</p></div></div></article>");
        let t = Tree::of(&p);
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
        let grown = grow(&p, &chosen, &Options::default());
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
        let grown = grow(&p, &chosen, &Options::default());
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
        let grown = grow(&p, &chosen, &Options::default());
        assert!(
            grown[line_of(&p, "Third part")],
            "the article holds four fifths of the chosen text"
        );
        assert!(!grown[line_of(&p, "Sidebar")]);
    }

    /// The lines of `html` whose text `grow` takes when the lines holding `needles` are chosen.
    fn grown_from(html: &str, needles: &[&str], options: &Options) -> Vec<String> {
        let p = page(html);
        let mut chosen = vec![false; p.lines.len()];
        for needle in needles {
            chosen[line_of(&p, needle)] = true;
        }
        let grown = grow(&p, &chosen, options);
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
