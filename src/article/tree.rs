//! The element nesting of a preprocessed page, rebuilt from its tokens, with what each
//! element and line holds: what the article stage and its parts read.

use std::borrow::Cow;
use std::collections::HashMap;

use crate::blocks::posts::PostList;
use crate::html::{contains_ascii_lowercase, is_heading, is_void};
use crate::preprocess::{names_site_box, Marks, Page, Tok};
use crate::settings::article::{
    BODY_SHARE, COMMENTS_AFTER, COMMENTS_SECTION_TEXT, LANDMARK_TEXT, MAJORITY, MAX_BOX_LINE,
    MAX_BOX_SHARE, MAX_LINK_SHARE, MIN_KEYED_POSTS, MIN_KEY_DIGITS, MIN_POSTS, OWN_PROSE,
};
use crate::settings::pipeline::MAX_DEPTH;
use crate::tokenize::{Name, Tag};
use crate::words::trigrams;

/// No element: the document itself.
pub(super) const ROOT: u32 = u32::MAX;

/// The element nesting of a preprocessed page, rebuilt from its tokens, with each line's text.
pub(super) struct Tree {
    /// Each element's parent (or [`ROOT`]), depth, and the lines of its start and end tags.
    pub(super) parent: Vec<u32>,
    pub(super) depth: Vec<u32>,
    pub(super) open: Vec<u32>,
    pub(super) close: Vec<u32>,
    /// Each element's start tag (its index in the page's tokens).
    pub(super) tag: Vec<usize>,
    /// The innermost element holding each line's first token and its last token (a start
    /// tag is inside its own element, an end tag inside the element it closes).
    pub(super) first: Vec<u32>,
    pub(super) last: Vec<u32>,
    /// Each line's text.
    pub(super) texts: Vec<LineText>,
}

impl Tree {
    /// One pass over the tokens (tolerant, as [`crate::blocks`] reads them: an end tag closes
    /// the nearest open element of its name and those left open inside it; a stray end tag is
    /// ignored).
    pub(super) fn of(page: &Page, hrefs: bool) -> Tree {
        let lines = page.lines.len();
        // About one token in three starts an element: room for most pages' without growing (as
        // `blocks::units`'s elements; grown push by push, the five lists were copied about ten
        // times each).
        let elements = page.toks.len() / 2;
        let mut t = Tree {
            parent: Vec::with_capacity(elements),
            depth: Vec::with_capacity(elements),
            open: Vec::with_capacity(elements),
            close: Vec::with_capacity(elements),
            tag: Vec::with_capacity(elements),
            first: vec![ROOT; lines],
            last: vec![ROOT; lines],
            texts: vec![LineText::default(); lines],
        };
        // Open elements: id and name (a `Name`: an end tag finds its element by comparing
        // `Tag`s, integers, not strings); open links and forms.
        let mut stack: Vec<(u32, &Name)> = Vec::new();
        let (mut links, mut forms) = (0usize, 0usize);
        // A link: an `a` element; with `hrefs` (`Options::index_lists`), not a named anchor.
        let is_link = |tok: &Tok| tok.is_start(Tag::A) && !(hrefs && is_named_anchor(tok));
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
                    links += usize::from(is_link(tok));
                    forms += usize::from(name.is(Tag::Form));
                }
                Tok::End { name } => {
                    if let Some(pos) = stack.iter().rposition(|e| e.1 == name) {
                        for e in &stack[pos..] {
                            t.close[e.0 as usize] = line as u32;
                            links -= usize::from(is_link(&page.toks[t.tag[e.0 as usize]]));
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
    pub(super) fn common(&self, mut a: u32, mut b: u32) -> u32 {
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
    pub(super) fn posts(&self, page: &Page, e: u32, keys: bool) -> Option<Vec<u32>> {
        let tag = |e: u32| &page.toks[self.tag[e as usize]];
        let chain: Vec<u32> = std::iter::successors(Some(e).filter(|&e| e != ROOT), |&a| {
            Some(self.parent[a as usize]).filter(|&p| p != ROOT)
        })
        .collect();
        // The children of every parent on the chain, in one pass over the elements. A parent's
        // list is found through `slot`, indexed by element ([`ROOT`] last): hashing every
        // element's parent was most of this function's instructions.
        let n = self.parent.len();
        let index = |p: u32| if p == ROOT { n } else { p as usize };
        let mut slot = vec![u32::MAX; n + 1];
        let mut children: Vec<Vec<u32>> = Vec::with_capacity(chain.len());
        for &a in &chain {
            slot[index(self.parent[a as usize])] = children.len() as u32;
            children.push(Vec::new());
        }
        for (s, &parent) in self.parent.iter().enumerate() {
            if let Some(c) = children.get_mut(slot[index(parent)] as usize) {
                c.push(s as u32);
            }
        }
        let siblings = |a: u32, keyed: bool| -> Vec<u32> {
            children[slot[index(self.parent[a as usize])] as usize]
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
    pub(super) fn majority(&self, runs: &[(usize, usize, u64)]) -> u32 {
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
    pub(super) fn outermost_section(&self, page: &Page, e: u32) -> u32 {
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
    pub(super) fn is_list_between(
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
    pub(super) fn question(&self, page: &Page, posts: &[u32]) -> Option<u32> {
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
        if !(up(first).any(|a| is(a, "Answer"))
            || self.descendants(first).any(|d| is(d as u32, "Answer")))
        {
            return None;
        }
        up(first)
            .find(|&a| is(a, "Question"))
            .or_else(|| (0..self.tag.len() as u32).find(|&e| is(e, "Question")))
    }

    /// The keyed posts inside `c` (not `c` itself): elements with at least
    /// [`MIN_KEYED_POSTS`] - 1 siblings [`keyed_alike`] them, in document order.
    pub(super) fn keyed_lists_inside(&self, page: &Page, c: u32) -> Vec<u32> {
        let tag = |e: u32| &page.toks[self.tag[e as usize]];
        let mut by_parent: HashMap<u32, Vec<u32>> = HashMap::new();
        for e in self.descendants(c).map(|d| d as u32) {
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
    pub(super) fn is_comment(&self, page: &Page, e: u32) -> bool {
        if names_comment(&page.toks[self.tag[e as usize]]) {
            return true;
        }
        std::iter::once(e as usize).chain(self.descendants(e)).any(|d| {
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
    pub(super) fn article_of_comments(
        &self,
        page: &Page,
        c: u32,
        runs: &[(usize, usize, u64)],
        boxes: bool,
        units: &[u32],
    ) -> u32 {
        let tag = |e: u32| &page.toks[self.tag[e as usize]];
        let mut lists = self.keyed_lists_inside(page, c);
        // With `Options::comments_apart`, posts known by their structure are comments too
        // (a news site's own comment markup, with no key and no class naming comments).
        lists.extend(units);
        if let Some(thread) =
            self.posts(page, c, true).filter(|p| p.len() >= 2 && keyed_alike(tag(p[0]), tag(p[1])))
        {
            lists.extend(thread);
        }
        lists.retain(|&e| units.contains(&e) || self.is_comment(page, e));
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

    /// The element whose start tag is token `tok`, if one is.
    pub(super) fn element_at(&self, tok: usize) -> Option<u32> {
        self.tag.binary_search(&tok).ok().map(|e| e as u32)
    }

    /// `Options::threads`: the posts of the thread that `c` is one of or stands in, known by
    /// their structure ([`crate::blocks::posts`]: each with an author, a date and text of its
    /// own), where their classes differ (SMF's `windowbg`/`windowbg2`) or a forum's template
    /// sets each in a table of its own: the outermost list with a post holding `c`.
    pub(super) fn thread_of(&self, c: u32, lists: &[PostList]) -> Option<Vec<u32>> {
        let at = self.tag[c as usize];
        let list = lists
            .iter()
            .filter(|l| !l.nested)
            .find(|l| l.posts.iter().any(|&(s, e)| s <= at && at <= e))?;
        Some(list.posts.iter().filter_map(|&(s, _)| self.element_at(s)).collect())
    }

    /// `Options::comments_apart`: the readers' comments of the article `c`: posts of `units`
    /// (known by their structure), keyed comments ([`Tree::is_comment`]) and blocks whose id or
    /// first class names comments ([`names_comment`]) that do not hold `c` and stand after
    /// [`COMMENTS_AFTER`] characters of its own prose (its lines outside them that are not
    /// navigation or forms). Empty when there are none: the page is a thread.
    pub(super) fn comments_after_prose(&self, page: &Page, c: u32, units: &[u32]) -> Vec<u32> {
        let tag = |e: u32| &page.toks[self.tag[e as usize]];
        let holds = |a: u32, b: u32| self.common(a, b) == a;
        let keyed =
            self.keyed_lists_inside(page, c).into_iter().filter(|&e| self.is_comment(page, e));
        let named = (0..self.tag.len() as u32).filter(|&e| {
            matches!(tag(e), Tok::Start { name, .. } if name.tag().is_some_and(|t| COMMENT_BLOCKS.contains(&t)))
                && names_comment(tag(e))
        });
        // A unit with a heading is a teaser of another article (a headline, a byline, a date
        // and a snippet), not a comment.
        let headed = |e: u32| {
            self.descendants(e).any(|d| {
                matches!(tag(d as u32), Tok::Start { name, .. } if matches!(name.tag(), Some(Tag::H1 | Tag::H2 | Tag::H3 | Tag::H4 | Tag::H5 | Tag::H6)))
            })
        };
        let units = units.iter().copied().filter(|&e| !headed(e));
        let mut found: Vec<u32> =
            units.chain(keyed).chain(named).filter(|&e| !holds(e, c)).collect();
        found.sort_unstable();
        found.dedup();
        // The article's prose before each line: its lines outside every comment found.
        let (from, to) = (self.open[c as usize] as usize, self.close[c as usize] as usize);
        let mut inside = vec![false; to + 1 - from];
        for &e in &found {
            let (a, b) = (self.open[e as usize] as usize, self.close[e as usize] as usize);
            for l in a.max(from)..=b.min(to) {
                inside[l - from] = true;
            }
        }
        let depth = self.depth[c as usize];
        let mut before = vec![0u64; to + 2 - from];
        for l in from..=to {
            let t = &self.texts[l];
            let prose = !inside[l - from] && !t.is_navigation_or_form(depth);
            before[l + 1 - from] = before[l - from] + if prose { u64::from(t.text) } else { 0 };
        }
        // Comments often stand after the article's element: all of its prose is before them.
        found.retain(|&e| {
            let open = self.open[e as usize] as usize;
            open >= from && before[open.min(to + 1) - from] >= COMMENTS_AFTER
        });
        found
    }

    /// `Options::comments_apart`: the section of the readers' comments `found` (apart from the
    /// article `c`): the largest element around them all that does not hold `c` and holds at
    /// most [`COMMENTS_SECTION_TEXT`] characters besides them and its forms (their heading,
    /// "30 comments", a sort line). `None` when even their common element holds more.
    pub(super) fn comments_section(&self, c: u32, found: &[u32]) -> Option<u32> {
        let holds = |a: u32, b: u32| self.common(a, b) == a;
        let lines = |e: u32| self.open[e as usize] as usize..=self.close[e as usize] as usize;
        let besides = |a: u32| -> u64 {
            let depth = self.depth[a as usize];
            lines(a)
                .filter(|&l| !found.iter().any(|&e| lines(e).contains(&l)))
                .filter(|&l| !self.texts[l].is_navigation_or_form(depth))
                .map(|l| u64::from(self.texts[l].text))
                .sum()
        };
        let small = |a: u32| a != ROOT && !holds(a, c) && besides(a) <= COMMENTS_SECTION_TEXT;
        let mut a = found.iter().copied().reduce(|a, b| self.common(a, b))?;
        if !small(a) {
            return None;
        }
        while small(self.parent[a as usize]) {
            a = self.parent[a as usize];
        }
        Some(a)
    }

    /// `Options::comments_apart`: how many readers' comments the elements `comments` hold,
    /// replies included: the posts of `lists` that start in them (a reply is in its own list
    /// and in its parent's), else their keys (`id="comment-5101"` on a comment and
    /// `div-comment-5101` on its body are one; `<a name="comment-4417000">`). 0 when neither
    /// shows a comment: a section named for comments without either holds a widget's heading,
    /// a sign-in prompt, "No comments yet", the site's rules for commenting (all but one of 60
    /// such sections on the six sets), which are no comments to offer.
    pub(super) fn count_comments(
        &self,
        page: &Page,
        comments: &[u32],
        lists: &[PostList],
    ) -> usize {
        if comments.is_empty() {
            return 0;
        }
        let lines_of = |e: u32| self.open[e as usize] as usize..=self.close[e as usize] as usize;
        let mut starts: Vec<usize> = lists
            .iter()
            .flat_map(|l| &l.posts)
            .map(|p| p.0)
            .filter(|&s| {
                comments.iter().any(|&e| lines_of(e).contains(&(page.line_of[s] as usize)))
            })
            .collect();
        starts.sort_unstable();
        starts.dedup();
        if !starts.is_empty() {
            return starts.len();
        }
        // The elements in the comments, each once though comments nest.
        let mut inside = vec![false; self.tag.len()];
        for &c in comments {
            inside[c as usize] = true;
            self.descendants(c).for_each(|d| inside[d] = true);
        }
        let mut keys: Vec<&str> = (0..self.tag.len())
            .filter(|&e| inside[e])
            .flat_map(|e| {
                let tag = &page.toks[self.tag[e]];
                [tag.attr("id"), tag.attr("name")].into_iter().flatten()
            })
            .filter(|key| contains_ascii_lowercase(key, "comment"))
            .filter_map(|key| {
                let number = key.trim_start_matches(|c: char| !c.is_ascii_digit());
                (!number.is_empty() && number.bytes().all(|b| b.is_ascii_digit())).then_some(number)
            })
            .collect();
        keys.sort_unstable();
        keys.dedup();
        keys.len()
    }

    /// The elements inside element `e`: elements are numbered in document order, so they are
    /// those after it that are deeper.
    fn descendants(&self, e: u32) -> impl Iterator<Item = usize> + '_ {
        let depth = self.depth[e as usize];
        (e as usize + 1..self.tag.len()).take_while(move |&d| self.depth[d] > depth)
    }

    /// `Options::threads`: when `c` stands in a schema.org `Question` item, the `Answer` items
    /// inside that item or after it, each with its author's card and the comments on it (read as
    /// the answer's furniture by the block builder).
    pub(super) fn answers(&self, page: &Page, c: u32) -> Vec<u32> {
        let is = |e: u32, kind: &str| {
            page.toks[self.tag[e as usize]]
                .attr("itemtype")
                .is_some_and(|t| t.trim().rsplit('/').next() == Some(kind))
        };
        let mut up = std::iter::successors(Some(c).filter(|&e| e != ROOT), |&a| {
            Some(self.parent[a as usize]).filter(|&p| p != ROOT)
        });
        if !up.any(|a| is(a, "Question")) {
            return Vec::new();
        }
        let holds = |a: u32, b: u32| self.common(a, b) == a;
        let mut out: Vec<u32> = Vec::new();
        for e in (c as usize + 1..self.tag.len()).map(|e| e as u32) {
            if is(e, "Answer") && !holds(e, c) && !out.iter().any(|&a| holds(a, e)) {
                out.push(e);
            }
        }
        out
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
    pub(super) fn declared_body(
        &self,
        page: &Page,
        c: u32,
        runs: &[(usize, usize, u64)],
    ) -> Option<u32> {
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
    pub(super) fn json_ld_body(&self, page: &Page, c: u32) -> Option<u32> {
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
    pub(super) fn outside_main(
        &self,
        page: &Page,
        c: u32,
        runs: &[(usize, usize, u64)],
    ) -> Option<u32> {
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
    pub(super) fn in_comments(&self, page: &Page, l: usize) -> bool {
        std::iter::successors(Some(self.first[l]).filter(|&e| e != ROOT), |&a| {
            Some(self.parent[a as usize]).filter(|&p| p != ROOT)
        })
        .any(|a| names_comment(&page.toks[self.tag[a as usize]]))
    }

    /// Whether line `l` starts inside an element within `e` (not `e` itself) whose class, id
    /// or role names a site's box ([`names_site_box`]: sharing, tags, related posts, a
    /// newsletter, an author bio) and none naming comments (readers' comments are
    /// `Options::comments`' to decide).
    pub(super) fn in_site_box(&self, page: &Page, l: usize, e: u32) -> bool {
        self.site_box(page, l, e).is_some()
    }

    /// The outermost element of [`Tree::in_site_box`]'s, when there is one.
    pub(super) fn site_box(&self, page: &Page, l: usize, e: u32) -> Option<u32> {
        let lines = |a: u32| {
            (self.open[a as usize]..=self.close[a as usize]).map(|l| self.texts[l as usize].text)
        };
        let text = |a: u32| -> u64 { lines(a).map(u64::from).sum() };
        let mut boxed = None;
        let mut a = self.first[l];
        while a != ROOT && a != e {
            let t = &page.toks[self.tag[a as usize]];
            if names_comment(t) {
                return None;
            }
            if let Tok::Start { attrs, .. } = t {
                // A box holding much of the article is the article, whatever its class says
                // (a blog's post classed by its category, `entry-category-social_media`).
                if names_site_box(&Marks::of(attrs))
                    && text(a) as f64 <= MAX_BOX_SHARE * text(e) as f64
                    && lines(a).all(|t| t < MAX_BOX_LINE)
                {
                    boxed = Some(a);
                }
            }
            a = self.parent[a as usize];
        }
        boxed.filter(|_| a == e)
    }

    /// Whether line `l` starts inside a heading (`h1` to `h6`) within `e`.
    pub(super) fn in_heading(&self, page: &Page, l: usize, e: u32) -> bool {
        std::iter::successors(Some(self.first[l]).filter(|&a| a != ROOT), |&a| {
            Some(self.parent[a as usize]).filter(|&p| p != ROOT)
        })
        .take_while(|&a| a != e)
        .any(|a| {
            matches!(&page.toks[self.tag[a as usize]], Tok::Start { name, .. } if is_heading(name))
        })
    }

    /// The smallest element holding lines `from..=to`.
    pub(super) fn of_lines(&self, from: usize, to: usize) -> u32 {
        (from..=to).map(|l| self.of_line(l)).reduce(|a, b| self.common(a, b)).unwrap_or(ROOT)
    }

    /// The smallest element holding the whole of line `l`.
    pub(super) fn of_line(&self, l: usize) -> u32 {
        self.common(self.first[l], self.last[l])
    }
}

/// The blocks that hold a comment section when their id or first class names comments
/// ([`Tree::comments_after_prose`]); an inline element so named (a "12 comments" link) stands in
/// a line of the article's.
pub(super) const COMMENT_BLOCKS: [Tag; 8] =
    [Tag::Div, Tag::Section, Tag::Aside, Tag::Ol, Tag::Ul, Tag::Li, Tag::Article, Tag::Footer];

/// Whether the id or the first class of `t` names a comment (`comment-949545`, WordPress's
/// `li-comment-N`, `class="comment …"`, `id="comment-box"`).
pub(super) fn names_comment(t: &Tok) -> bool {
    let says = |k: &str| {
        t.attr(k).is_some_and(|v| {
            v.split_ascii_whitespace()
                .next()
                .is_some_and(|w| contains_ascii_lowercase(w, "comment"))
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
pub(super) fn alike(a: &Tok, b: &Tok) -> Option<bool> {
    let (Tok::Start { name: na, attrs: aa, .. }, Tok::Start { name: nb, attrs: ab, .. }) = (a, b)
    else {
        return None;
    };
    pub(super) fn class<'t>(t: &'t Tok) -> Option<&'t str> {
        t.attr("class").map(str::trim).filter(|c| !c.is_empty())
    }
    pub(super) fn rest<'t>(attrs: &'t [(Cow<str>, Cow<str>)]) -> Vec<(&'t str, &'t str)> {
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
pub(super) fn keyed_alike(a: &Tok, b: &Tok) -> bool {
    let (Tok::Start { name: na, .. }, Tok::Start { name: nb, .. }) = (a, b) else { return false };
    pub(super) fn key<'t>(t: &'t Tok) -> Option<&'t str> {
        let id = t.attr("id")?;
        let prefix = id.trim_end_matches(|c: char| c.is_ascii_digit());
        (!prefix.is_empty() && id.len() - prefix.len() >= MIN_KEY_DIGITS).then_some(prefix)
    }
    pub(super) fn classes<'t>(t: &'t Tok) -> std::str::SplitAsciiWhitespace<'t> {
        t.attr("class").unwrap_or("").split_ascii_whitespace()
    }
    na == nb
        && key(a).is_some()
        && key(a) == key(b)
        && classes(a).next() == classes(b).next()
        && !classes(b).any(|c| c == "hidden")
}

/// schema.org types that make a page an article.
pub(super) const ARTICLE_TYPES: [&str; 6] =
    ["Article", "NewsArticle", "BlogPosting", "TechArticle", "ScholarlyArticle", "Report"];
/// schema.org types of a thread's or a Q&A page's posts: a page that declares one is a thread.
pub(super) const THREAD_TYPES: [&str; 4] =
    ["DiscussionForumPosting", "QAPage", "SocialMediaPosting", "Question"];

/// Whether the page declares itself an article: a JSON-LD object of an [`ARTICLE_TYPES`] type
/// or `og:type` `article`, and no JSON-LD object of a [`THREAD_TYPES`] type.
pub(super) fn declares_article(page: &Page) -> bool {
    pub(super) fn types(v: &serde_json::Value, out: &mut Vec<String>) {
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
pub(super) fn json_ld_article_body(page: &Page) -> Option<String> {
    pub(super) fn find(v: &serde_json::Value, best: &mut Option<String>) {
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
pub(super) struct LineText {
    pub(super) text: u32,
    pub(super) link: u32,
    pub(super) form: u32,
    /// The depth of the outermost form around that text ([`u32::MAX`]: none).
    pub(super) form_depth: u32,
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
    pub(super) fn is_navigation_or_form(&self, depth: u32) -> bool {
        self.is_link_dense() || (self.form_depth > depth && 2 * self.form >= self.text)
    }

    /// Whether the line is mostly link text ([`MAX_LINK_SHARE`]).
    pub(super) fn is_link_dense(&self) -> bool {
        f64::from(self.link) > MAX_LINK_SHARE * f64::from(self.text)
    }
}

/// A named anchor: an `a` with a `name` and neither an `href` nor a script's handler
/// (`<a name="speaking">`, a target that old pages' authors often leave open, so that it holds
/// the rest of the page), which is not a link whatever it holds.
pub(super) fn is_named_anchor(t: &Tok) -> bool {
    matches!(t, Tok::Start { attrs, .. }
        if attrs.iter().any(|(k, _)| k == "name")
            && !attrs.iter().any(|(k, _)| k == "href" || k.starts_with("on")))
}

/// The text of line `l`, its text tokens joined by spaces.
pub(super) fn line_text(page: &Page, l: usize) -> String {
    let line = &page.lines[l];
    page.toks[line.start..line.end]
        .iter()
        .filter_map(|t| if let Tok::Text(t) = t { Some(t.as_ref()) } else { None })
        .collect::<Vec<_>>()
        .join(" ")
}
