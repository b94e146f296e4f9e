//! The posts of a thread: where each starts and ends, and its author and date, as the page
//! marks them (an `article`, schema.org microdata), shows them by its structure
//! ([`super::units`], `Options::threads`) or declares them in JSON-LD, found once for the
//! stages that need them: `crate::article` takes every post of a thread and leaves readers'
//! comments under an article out, the block builder writes each post's header.

use crate::extraction::Post;
use crate::html::{collapse_whitespace, is_void};
use crate::preprocess::{Page, Tok};
use crate::settings::pipeline::MAX_DEPTH;
use crate::tokenize::{Name, Tag};

use super::code::classes;
pub use super::units::PostList;
pub use super::units::Rules;
use super::units::{is_post_type_name, post_date, post_type, short_name, Unit, POST_TYPES};

/// A post of a thread as the page marks it ([`Post`]): tokens `start..=end` of its element, its
/// author and date, and the token ranges of the elements they were read from (their text is the
/// post's header, not a paragraph of it).
#[derive(Clone, Debug, Default)]
pub struct PostMark {
    pub start: usize,
    pub end: usize,
    pub post: Post,
    pub quiet: Vec<(usize, usize)>,
    /// The date as the page shows it (the text of its `time`), whitespace collapsed; empty when
    /// it shows none.
    pub shown: String,
    /// An `<article>` (not microdata): a post only on a page of two or more.
    pub article: bool,
    /// A microdata post's own text (`itemprop` [`BODY_PROPS`]): tokens `start..=end`; what the
    /// post holds outside it and its replies (votes, the author's card, the comments on it, its
    /// menu) is furniture (`Options::threads`).
    pub body: Option<(usize, usize)>,
    /// The start tags of the elements its author and its date were read from, in document
    /// order: what strip mode keeps of the post beside its text, so that each reply still shows
    /// who wrote it and when ([`crate::strip`]).
    pub header: Vec<usize>,
}

/// `itemprop`s that hold a microdata post's own text.
const BODY_PROPS: [&str; 3] = ["text", "articleBody", "commentText"];

/// What the page's structure shows of its posts ([`super::units`]): found when first asked and
/// kept for the extraction, since the article's growth and the block builder both ask (in
/// wasm, finding them twice was a sixth of a page's time).
pub struct Structure<'p, 'a> {
    page: &'p Page<'a>,
    rules: Rules,
    found: std::cell::OnceCell<(Vec<PostList>, Vec<Unit>)>,
    /// [`Structure::marks`] without and with `Options::threads`: the block builder and strip
    /// mode both ask.
    marks: [std::cell::OnceCell<Vec<PostMark>>; 2],
}

impl<'p, 'a> Structure<'p, 'a> {
    /// With the default options' refinements.
    pub fn of(page: &'p Page<'a>) -> Self {
        Self::with(page, Rules::ALL)
    }

    /// With the posts' refinements `rules` ([`super::units::find`] says what each does).
    pub fn with(page: &'p Page<'a>, rules: Rules) -> Self {
        let (found, marks) = Default::default();
        Structure { page, rules, found, marks }
    }

    fn found(&self) -> &(Vec<PostList>, Vec<Unit>) {
        self.found.get_or_init(|| super::units::find(self.page, self.rules))
    }

    /// The lists of sibling posts.
    pub fn lists(&self) -> &[PostList] {
        &self.found().0
    }

    /// The page's posts ([`find`]), found once for each value of `structure`.
    pub fn marks(&self, structure: bool) -> &[PostMark] {
        self.marks[usize::from(structure)].get_or_init(|| find(self, structure))
    }
}

/// The page's posts: microdata and `<article>` posts, with `structure` (`Options::threads`)
/// also posts known by their structure and each microdata post's furniture, else those
/// declared in JSON-LD alone.
fn find(found: &Structure, structure: bool) -> Vec<PostMark> {
    let page = found.page;
    let mut marks = post_marks(page, structure);
    if !structure {
        if marks.is_empty() {
            marks = json_ld_posts(page);
        }
        marks.iter_mut().for_each(|m| m.body = None);
        return marks;
    }
    // Posts declared in JSON-LD alone come first: the page's own word on its posts.
    let declared = marks.is_empty();
    if declared {
        marks = json_ld_posts(page);
    }
    let units = &found.found().1;
    // A post known both ways keeps the header its microdata gives: a unit is not marked again
    // when a marked post starts inside it before its own text, or holds it with its own text
    // apart (a card inside the post, the comments on an answer: the post's furniture). Only
    // the posts marked so are asked: a reply nested in a unit is a post of its own.
    let marked = marks.len();
    for u in units {
        if !marks[..marked].iter().any(|m| {
            (u.start <= m.start && m.start < u.first_text)
                || ((declared || m.body.is_some()) && m.start <= u.start && u.end <= m.end)
        }) {
            marks.push(PostMark {
                start: u.start,
                end: u.end,
                post: u.post.clone(),
                quiet: u.quiet.clone(),
                shown: u.shown.clone(),
                header: u.header.clone(),
                ..PostMark::default()
            });
        }
    }
    marks.sort_by_key(|m| m.start);
    // A microdata post's furniture: what it holds outside its own text and its replies.
    let spans: Vec<(usize, usize)> = marks.iter().map(|m| (m.start, m.end)).collect();
    for m in &mut marks {
        let Some((from, to)) = m.body else { continue };
        let mut cuts: Vec<(usize, usize)> = spans
            .iter()
            .copied()
            .filter(|&(s, e)| m.start < s && e <= m.end)
            .chain([(from, to)])
            .collect();
        cuts.sort_unstable();
        let mut at = m.start + 1;
        for (s, e) in cuts {
            if s > at {
                m.quiet.push((at, s - 1));
            }
            at = at.max(e + 1);
        }
        if at < m.end {
            m.quiet.push((at, m.end - 1));
        }
        m.quiet.sort_unstable();
    }
    // A post inside another's furniture (the comments on an answer) is not read as a post.
    let quiet: Vec<(usize, usize)> = marks.iter().flat_map(|m| m.quiet.iter().copied()).collect();
    marks.retain(|m| !quiet.iter().any(|q| q.0 <= m.start && m.start <= q.1));
    marks
}

/// Whether start tag `tok` is a post by its schema.org microdata type (the `itemtype` URL's
/// last segment; a forum's `DiscussionForumPosting`, Stack Exchange's `Question` and `Answer`,
/// a blog's `Comment`).
fn is_post_type(tok: &Tok) -> bool {
    post_type(tok).is_some()
}

/// The page's posts in document order, innermost attribution: an author or a date inside a
/// reply nested in a post is the reply's. The author is the first `itemprop=author` (its
/// `itemprop=name` when it has one: Stack Exchange writes the name twice), else the first
/// `rel=author` or element of class `author`, `username`, `creator` or `user-name`; the date
/// the first `itemprop=dateCreated`/`datePublished`, else the first `<time datetime>`.
fn post_marks(page: &Page, structure: bool) -> Vec<PostMark> {
    // Most pages have no element that starts a post (no `article`, no post's microdata): their
    // tokens are not walked with the stack below, which would find none (the posts they may
    // declare in JSON-LD are read all the same, at the end).
    let starts_post = |t: &Tok| matches!(t, Tok::Start { name, self_closing: false, .. } if name.is(Tag::Article) || is_post_type(t));
    let toks: &[Tok] = if page.toks.iter().any(starts_post) { &page.toks } else { &[] };
    // Open elements: name, and the index in `open_posts` of the post it started, if any.
    let mut stack: Vec<(&Name, Option<usize>)> = Vec::new();
    let mut marks: Vec<PostMark> = Vec::new();
    let mut open_posts: Vec<usize> = Vec::new();
    // Text being read for the innermost post: (post, kind, depth in `stack`, start token, text),
    // kind 0 an `itemprop=author`, 1 its `itemprop=name`, 2 a class-marked author, 3 a date,
    // 4 the post's number, 5 its body.
    let mut reading: Vec<(usize, u8, usize, usize, String)> = Vec::new();
    // What each post has: an itemprop author, a name, a class author; read so far.
    let mut got: Vec<[Option<(String, usize, usize)>; 3]> = Vec::new();
    // The start tag of the element each post's date was last read from.
    let mut dated: Vec<Option<usize>> = Vec::new();
    for (i, tok) in toks.iter().enumerate() {
        match tok {
            Tok::Start { name: tag, self_closing, .. } => {
                let name: &str = tag;
                let post_here = starts_post(tok);
                if let Some(&p) = open_posts.last() {
                    let prop = tok.attr("itemprop").unwrap_or("");
                    let has = |w: &str| prop.split_ascii_whitespace().any(|p| p == w);
                    let class_author = tok.attr("rel").is_some_and(|r| {
                        r.split_ascii_whitespace().any(|r| r.eq_ignore_ascii_case("author"))
                    }) || classes(tok).any(|c| {
                        matches!(
                            &*c,
                            "author" | "username" | "creator" | "user-name" | "post-author"
                        )
                    });
                    let date = has("dateCreated")
                        || has("datePublished")
                        || (name == "time" && tok.attr("datetime").is_some());
                    // A `time` that shows its date takes over from a declared one that shows
                    // none (Discourse's `<meta itemprop=datePublished>` before the post's time).
                    let shows = name == "time"
                        && !self_closing
                        && marks[p].shown.is_empty()
                        && !reading.iter().any(|r| r.0 == p && r.1 == 3);
                    if date && (marks[p].post.date.is_none() || shows) {
                        if let Some(d) = ["datetime", "content"]
                            .iter()
                            .find_map(|k| tok.attr(k).and_then(post_date))
                        {
                            marks[p].post.date = Some(d);
                            dated[p] = Some(i);
                            let end = if *self_closing || is_void(tag) { i } else { usize::MAX };
                            marks[p].quiet.push((i, end));
                            if end == usize::MAX {
                                reading.push((p, 3, stack.len(), i, String::new()));
                            }
                        }
                    }
                    if marks[p].body.is_none()
                        && !marks[p].article
                        && BODY_PROPS.iter().any(|w| has(w))
                        && !self_closing
                        && !is_void(tag)
                    {
                        marks[p].body = Some((i, usize::MAX));
                        reading.push((p, 5, stack.len(), i, String::new()));
                    }
                    // The post's number in the thread (`itemprop=position`) and its count of likes
                    // (`itemprop=interactionStatistic`, Discourse's "2 Likes") are the page's
                    // furniture, not the post's words: quiet, like its author and date.
                    if (has("position") || has("interactionStatistic"))
                        && !self_closing
                        && !is_void(tag)
                    {
                        marks[p].quiet.push((i, usize::MAX));
                        reading.push((p, 4, stack.len(), i, String::new()));
                    }
                    let kind = if has("author") {
                        Some(0)
                    } else if has("name") && reading.iter().any(|r| r.0 == p && r.1 == 0) {
                        Some(1)
                    } else if class_author {
                        Some(2)
                    } else {
                        None
                    };
                    if let Some(k) = kind.filter(|&k| {
                        got[p][k as usize].is_none()
                            && !reading.iter().any(|r| r.0 == p && r.1 == k)
                    }) {
                        if let Some(c) = tok.attr("content").filter(|_| k == 1) {
                            got[p][1] = Some((c.to_string(), i, i));
                        } else if !self_closing && !is_void(tag) {
                            reading.push((p, k, stack.len(), i, String::new()));
                        }
                    }
                }
                if post_here {
                    open_posts.push(marks.len());
                    marks.push(PostMark {
                        start: i,
                        end: page.toks.len() - 1,
                        article: name == "article" && !is_post_type(tok),
                        ..PostMark::default()
                    });
                    got.push(Default::default());
                    dated.push(None);
                }
                if !is_void(tag) && !self_closing && stack.len() < MAX_DEPTH {
                    stack.push((tag, post_here.then(|| marks.len() - 1)));
                }
            }
            Tok::End { name } => {
                let Some(pos) = stack.iter().rposition(|(n, _)| *n == name) else { continue };
                for (_, post) in stack.drain(pos..) {
                    if let Some(p) = post {
                        marks[p].end = i;
                        open_posts.retain(|&q| q != p);
                    }
                }
                while reading.last().is_some_and(|r| r.2 >= pos) {
                    let Some((p, k, _, start, text)) = reading.pop() else { break };
                    if k == 5 {
                        marks[p].body = Some((start, i));
                    } else if k >= 3 {
                        if let Some(q) = marks[p].quiet.iter_mut().find(|q| q.0 == start) {
                            q.1 = i;
                        }
                        if k == 3 {
                            marks[p].shown = collapse_whitespace(&text).trim().to_string();
                        }
                    } else if got[p][k as usize].is_none() {
                        got[p][k as usize] = Some((text, start, i));
                    }
                }
            }
            Tok::Text(t) => {
                for r in reading.iter_mut() {
                    r.4.push_str(t);
                    // An author's card keeps its texts apart: its first is the name.
                    r.4.push(if r.1 == 0 { '\n' } else { ' ' });
                }
            }
        }
    }
    for ((m, g), date) in marks.iter_mut().zip(got).zip(dated) {
        let [itemprop, name, class] = g;
        // A name the page marks as one (`itemprop=name`) is taken as written when it is short:
        // a forum's handle (`user30200`) is a name there, though a byline's cleaning refuses it.
        let marked = name.as_ref().and_then(|n| short_name(&n.0));
        // A card whose name's own element is hidden (Stack Exchange's `d-none` copy, which
        // preprocessing drops) starts with the name, as its link (`Options::threads`).
        let first = itemprop
            .as_ref()
            .filter(|_| structure)
            .and_then(|a| a.0.lines().map(str::trim).find(|l| !l.is_empty()).and_then(short_name));
        let chosen = match (&itemprop, name) {
            // Only the name's own element is the header's: the author's card may hold more (Stack
            // Exchange's "answered …" line, a reputation); but a short card of words alone is the
            // header's whole (Discourse's name and then "(Full Name)" in the `itemprop=author`
            // element). A card with a number in it keeps it: it may be the only date shown.
            (Some(a), Some(n))
                if collapse_whitespace(&a.0).trim().chars().count() <= 64
                    && !a.0.replacen(&n.0, "", 1).chars().any(|c| c.is_numeric()) =>
            {
                Some((n.0, a.1, a.2))
            }
            (Some(_), Some(n)) => Some(n),
            (Some(a), None) => Some(a.clone()),
            (None, _) => class,
        };
        if let Some((text, from, to)) = chosen {
            let text = text.replace('\n', " ");
            if let Some(author) = crate::meta::clean_names(&text, true).or(marked).or(first) {
                m.post.author = Some(author);
                m.quiet.push((from, to));
                m.header.push(from);
            }
        }
        m.header.extend(date);
        m.header.sort_unstable();
        m.quiet.retain(|q| q.1 != usize::MAX);
        m.quiet.sort_unstable();
        m.body = m.body.filter(|b| b.1 != usize::MAX);
    }
    // An `<article>` is a post only beside another (a thread), and only with an author and a
    // date: a page's one `article` is the article itself.
    let articles = marks
        .iter()
        .filter(|m| m.article && m.post.author.is_some() && m.post.date.is_some())
        .count();
    marks.retain(|m| {
        (m.post.author.is_some() || m.post.date.is_some())
            && (!m.article || (articles >= 2 && m.post.author.is_some() && m.post.date.is_some()))
    });
    marks
}

/// The posts a page declares only in JSON-LD (Invision Community's `DiscussionForumPosting`
/// and its `comment` array, a `QAPage`'s `Question` with its `acceptedAnswer` and
/// `suggestedAnswer`s; their microdata, when they have it, is read by [`post_marks`]), each
/// placed on the element of the page that holds its text: the innermost element around the
/// first place the page's text (its letters and digits) holds the post's opening (its first
/// 40 bytes of them), holding at least nine tenths as many letters and digits as the post's
/// `text`, and no other post's opening; the post starts at the element around that which
/// also holds its author's card (the declared name as a text of its own). A post not found so
/// is not placed; a page with fewer than two placed is not a thread. The author and date are
/// the declared ones, the date as the card's `<time>` shows it.
fn json_ld_posts(page: &Page) -> Vec<PostMark> {
    let alnum = |s: &str, out: &mut String| {
        out.extend(s.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase))
    };
    let mut declared: Vec<(Post, String, Option<String>)> = Vec::new();
    // Only a script that names a post's type can declare one: the others are not parsed again
    // (most pages with JSON-LD and no microdata posts declare none).
    for v in page
        .head
        .json_ld
        .iter()
        .filter(|s| POST_TYPES.iter().any(|t| s.contains(t)))
        .filter_map(|s| crate::declared::json_ld_value(s))
    {
        declared_posts(
            &v,
            &mut |o| {
                let text = o.get("text")?.as_str()?;
                let name = o
                    .get("author")
                    .map(|a| a.get(0).unwrap_or(a))
                    .and_then(|a| a.get("name").unwrap_or(a).as_str())
                    .map(|n| collapse_whitespace(n).trim().to_string());
                let author = name
                    .as_deref()
                    .and_then(|a| crate::meta::clean_names(a, true).or_else(|| short_name(a)));
                let date =
                    ["datePublished", "dateCreated"].iter().find_map(|k| o.get(*k)?.as_str());
                let date = date.and_then(|d| post_date(d).or_else(|| post_date(d.get(..10)?)));
                let mut key = String::new();
                alnum(text, &mut key);
                (author.is_some() || date.is_some()).then_some((
                    Post { author, date, blocks: 0 },
                    key,
                    name,
                ))
            },
            &mut declared,
        );
    }
    if declared.len() < 2 {
        return Vec::new();
    }
    // The page's letters and digits, lowercased, and where each token's start among them.
    let mut stream = String::new();
    let mut at = Vec::with_capacity(page.toks.len() + 1);
    for tok in &page.toks {
        at.push(stream.len());
        if let Tok::Text(t) = tok {
            alnum(t, &mut stream);
        }
    }
    at.push(stream.len());
    // Each post's opening: (token, post), the first place not already another's.
    let mut openings: Vec<(usize, usize)> = Vec::new();
    for (k, (_, key, _)) in declared.iter().enumerate() {
        let end = (0..=40.min(key.len())).rev().find(|&e| key.is_char_boundary(e)).unwrap_or(0);
        if end < 20 {
            continue;
        }
        let tok_of = |pos: usize| at.partition_point(|&a| a <= pos) - 1;
        if let Some(t) = stream
            .match_indices(&key[..end])
            .map(|(pos, _)| tok_of(pos))
            .find(|t| !openings.iter().any(|o| o.0 == *t))
        {
            openings.push((t, k));
        }
    }
    openings.sort_unstable();
    // Where the page writes each author's name as a text of its own.
    let mut names: Vec<Vec<usize>> = vec![Vec::new(); declared.len()];
    for (i, tok) in page.toks.iter().enumerate() {
        if let Tok::Text(t) = tok {
            declared
                .iter()
                .zip(names.iter_mut())
                .filter(|((_, _, n), _)| n.as_deref() == Some(t.trim()))
                .for_each(|(_, at)| at.push(i));
        }
    }
    // Elements close innermost first. A post's body is the first to close around its opening
    // with room for its text (nine tenths of its letters and digits) and no other opening;
    // its card the first of those, or an element around them, that also holds the author's
    // name before the opening: the post starts there, and that name and the first `<time>`
    // before the opening are its header's (quiet), as microdata's are.
    let mut marks: Vec<Option<PostMark>> = vec![None; declared.len()];
    let mut carded = vec![false; declared.len()];
    let mut times: Vec<(usize, usize)> = Vec::new();
    // The start tag of the element each author's name stands in (the header strip mode keeps).
    let mut holders: Vec<(usize, usize)> = Vec::new();
    let mut stack: Vec<(&str, usize)> = Vec::new();
    for (i, tok) in page.toks.iter().enumerate() {
        match tok {
            Tok::Text(_) if names.iter().any(|at| at.contains(&i)) => {
                holders.extend(stack.last().map(|&(_, s)| (i, s)));
            }
            Tok::Start { name, self_closing, .. }
                if !self_closing && !is_void(name) && stack.len() < MAX_DEPTH =>
            {
                stack.push((&**name, i))
            }
            Tok::End { name } => {
                let Some(pos) = stack.iter().rposition(|(n, _)| *n == &**name) else { continue };
                for (name, s) in stack.drain(pos..).rev() {
                    if name == "time" && page.toks[s].attr("datetime").is_some() {
                        times.push((s, i));
                    }
                    let inside = &openings[openings.partition_point(|o| o.0 < s)
                        ..openings.partition_point(|o| o.0 <= i)];
                    let &[(a, k)] = inside else { continue };
                    let (post, key, _) = &declared[k];
                    if marks[k].is_none() && (at[i] - at[s]) * 10 >= key.len() * 9 {
                        marks[k] = Some(PostMark {
                            start: s,
                            end: i,
                            post: post.clone(),
                            ..PostMark::default()
                        });
                    }
                    let Some(m) = marks[k].as_mut().filter(|_| !carded[k]) else { continue };
                    if let Some(&n) = names[k].iter().find(|&&n| s < n && n < a) {
                        (m.start, m.end, carded[k]) = (s, i, true);
                        m.quiet.push((n, n));
                        m.header.extend(holders.iter().find(|h| h.0 == n).map(|h| h.1));
                        if let Some(&(from, to)) = times.iter().find(|t| s < t.0 && t.0 < a) {
                            m.quiet.push((from, to));
                            m.header.push(from);
                            let shown = page.toks[from..to]
                                .iter()
                                .filter_map(
                                    |t| if let Tok::Text(t) = t { Some(&**t) } else { None },
                                )
                                .collect::<Vec<_>>()
                                .join(" ");
                            m.shown = collapse_whitespace(&shown).trim().to_string();
                        }
                    }
                }
            }
            _ => {}
        }
    }
    let mut marks: Vec<PostMark> = marks.into_iter().flatten().collect();
    marks.sort_by_key(|m| m.start);
    if marks.len() < 2 {
        marks.clear();
    }
    marks
}

/// Calls `read` on every object of JSON-LD value `v` whose `@type` is a post's
/// ([`is_post_type_name`]), in document order, nested ones after their parent, and keeps what it
/// gives.
fn declared_posts<T>(
    v: &serde_json::Value,
    read: &mut impl FnMut(&serde_json::Map<String, serde_json::Value>) -> Option<T>,
    out: &mut Vec<T>,
) {
    match v {
        serde_json::Value::Array(a) => a.iter().for_each(|v| declared_posts(v, read, out)),
        serde_json::Value::Object(o) => {
            if o.get("@type").and_then(|t| t.as_str()).is_some_and(is_post_type_name) {
                out.extend(read(o));
            }
            o.values().for_each(|v| declared_posts(v, read, out));
        }
        _ => {}
    }
}
