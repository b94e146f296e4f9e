//! Posts known by their structure (`Options::threads`): a forum's, a comment section's or a
//! nested thread's units that no microdata marks (SMF, vBulletin, XenForo, phpBB, Lemmy- and
//! Reddit-like threads, GitHub-like issues, WordPress and widget comments).
//!
//! A post here is one of two or more sibling elements of one kind (the same tag and the same
//! first class, its digits aside: SMF's alternating `windowbg`/`windowbg2`; or ids of one
//! prefix and a number), each holding an author (an author or user-name class, `rel=author`,
//! `itemprop=author`, a link to a member's profile, the post's own `data-author`), a date
//! (`<time>`, a date in a `title`, a short element whose class names a date, a date or an
//! "N hours ago" written as text) and text of its own; a reply nested in a post, of the same
//! kind, is a post too. In a list no mark names, a post's author may be the name its header
//! shows as text beside the date (`Options::shown_names`, [`shown_name`]).

use std::borrow::Cow;

use crate::extraction::Post;
use crate::html::{collapse_whitespace, is_heading, is_void, Needles};
use crate::preprocess::{Page, Tok};
use crate::settings::pipeline::MAX_DEPTH;
use crate::settings::posts::{POST_TEXT, SHORT_NAME};
use crate::tokenize::{Name, Tag};

/// A list of sibling posts (the replies nested in them are posts too).
#[derive(Clone, Debug, Default)]
pub struct PostList {
    /// Tokens `start..=end` of each post of the list, in document order.
    pub posts: Vec<(usize, usize)>,
    /// Whether the list is inside a post of another list (the comments on an answer).
    pub nested: bool,
}

/// A post known by its structure: tokens `start..=end` of its element, where its own text
/// starts (its longest text), its author and date, its furniture (`quiet`: the cards its
/// author and date stand in, its signature), its date as the page shows it and the start tags
/// of the elements its author and date were read from (`header`, strip mode's).
pub struct Unit {
    pub start: usize,
    pub end: usize,
    pub first_text: usize,
    pub post: Post,
    pub quiet: Vec<(usize, usize)>,
    pub shown: String,
    pub header: Vec<usize>,
}

/// A date as a post may carry it in an attribute ([`Post::date`]): an ISO date or date-time.
pub fn post_date(v: &str) -> Option<String> {
    let v = v.trim();
    let ok = (4..=64).contains(&v.len())
        && v.as_bytes()[..4].iter().all(u8::is_ascii_digit)
        && v.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b':' | b'+' | b'-' | b'.'));
    ok.then(|| v.to_string())
}

/// A name as the page writes it, whitespace collapsed, when it is short ([`SHORT_NAME`]
/// characters, five words at most): a forum's handle (`user30200`) is a name there, though a
/// byline's cleaning refuses it.
pub fn short_name(s: &str) -> Option<String> {
    let n = collapse_whitespace(s).trim().to_string();
    ((1..=SHORT_NAME).contains(&n.chars().count()) && n.split_whitespace().count() <= 5)
        .then_some(n)
}

/// Which refinements of the posts are on: `Options::opening_posts`, `thread_events`,
/// `shown_names`, `wrapped_posts` and `undated_posts` ([`find`] says what each does).
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    pub openings: bool,
    pub events: bool,
    pub names: bool,
    pub wrapped: bool,
    pub undated: bool,
}

impl Rules {
    /// Every rule on (the default options').
    pub const ALL: Rules =
        Rules { openings: true, events: true, names: true, wrapped: true, undated: true };
}

/// The posts of a page known by their structure: the lists ([`PostList`]) and each post; with
/// `rules.openings` (`Options::opening_posts`), each list with the post that opens it
/// ([`opening`]); with `events` (`Options::thread_events`), without the lines of a timeline
/// ([`event`]); with `names` (`Options::shown_names`), posts no mark names are named by their
/// header ([`shown_name`]); with `wrapped` (`Options::wrapped_posts`), a bare wrapper around
/// one element is of its kind; with `undated` (`Options::undated_posts`), bare `article`s
/// naming their authors need no date.
pub fn find(page: &Page, rules: Rules) -> (Vec<PostList>, Vec<Unit>) {
    let Rules { wrapped, undated, names, .. } = rules;
    // Most pages hold no two sibling elements of one kind with a post's text, or too few authors
    // and dates in them: the marks, which read every start tag's attributes and short texts,
    // are read where a post can stand first, and the rest of the page only when two posts may.
    let mut els = Elements::of(page);
    let Some(room) = els.room(page, wrapped, undated) else { return (Vec::new(), Vec::new()) };
    els.mark(page, |e| room.inside[e]);
    if !els.marks_enough(page, &room, names, undated) {
        return (Vec::new(), Vec::new());
    }
    els.mark(page, |e| !room.inside[e]);
    units(page, &els, rules)
}

/// The schema.org post type start tag `tok` declares (a thread's posts and their replies,
/// known by microdata).
pub fn post_type<'t>(tok: &'t Tok) -> Option<&'t str> {
    tok.attr("itemtype")?
        .split_ascii_whitespace()
        .find_map(|t| t.rsplit('/').next().filter(|t| is_post_type_name(t)))
}

/// The schema.org types of a post.
pub const POST_TYPES: [&str; 5] =
    ["Comment", "Answer", "Question", "DiscussionForumPosting", "SocialMediaPosting"];

/// Whether a schema.org type name is a post's.
pub fn is_post_type_name(t: &str) -> bool {
    POST_TYPES.contains(&t)
}

/// No element: the document itself.
const ROOT: u32 = u32::MAX;

/// The elements of a page, rebuilt from its tokens (tolerantly, as `crate::blocks` reads
/// them), with what [`units`] asks of each: whether it marks an author or a date
/// ([`Elements::mark`]).
struct Elements {
    /// Each element's start tag and its end (its end tag, or the page's last token).
    start: Vec<usize>,
    end: Vec<usize>,
    /// Whether an end tag closed the element (else it runs to the page's end).
    closed: Vec<bool>,
    parent: Vec<u32>,
    /// The last element inside each element (itself when it holds none, or is not closed).
    last: Vec<u32>,
    /// Whether the element marks an author ([`author_mark`]) with a name of its own (1 to 64
    /// characters of text).
    author: Vec<bool>,
    /// Whether the element marks a date, and the date it gives when it gives one.
    date: Vec<bool>,
    day: Vec<Option<String>>,
    /// Characters of text and of link text before each token (the page's running sums).
    text: Vec<u64>,
    link: Vec<u64>,
    /// The innermost element open at each token ([`ROOT`] for none): the element a text
    /// stands in.
    inner: Vec<u32>,
}

/// Where posts can stand ([`Elements::room`]): each group of two or more sibling elements of
/// one kind with a post's text, and whether each element is one of them or inside one.
struct Room {
    groups: Vec<Vec<u32>>,
    inside: Vec<bool>,
}

impl Elements {
    /// The elements of `page`, none of them marked yet (no marks at all until [`Elements::mark`]).
    fn of(page: &Page) -> Elements {
        let n = page.toks.len();
        // About one token in three starts an element: room for most pages' without growing.
        let m = n / 2;
        let mut els = Elements {
            start: Vec::with_capacity(m),
            end: Vec::with_capacity(m),
            closed: Vec::with_capacity(m),
            parent: Vec::with_capacity(m),
            last: Vec::with_capacity(m),
            author: Vec::new(),
            date: Vec::new(),
            day: Vec::new(),
            text: Vec::with_capacity(n + 1),
            link: Vec::with_capacity(n + 1),
            inner: Vec::with_capacity(n),
        };
        // Open elements: index and name.
        let mut stack: Vec<(u32, &Name)> = Vec::new();
        let mut links = 0usize;
        let (mut text, mut link) = (0u64, 0u64);
        for (i, tok) in page.toks.iter().enumerate() {
            els.text.push(text);
            els.link.push(link);
            els.inner.push(stack.last().map_or(ROOT, |s| s.0));
            match tok {
                Tok::Start { name, self_closing, .. } => {
                    if *self_closing || is_void(name) || stack.len() >= MAX_DEPTH {
                        continue;
                    }
                    let e = els.start.len() as u32;
                    els.start.push(i);
                    els.end.push(n.saturating_sub(1));
                    els.closed.push(false);
                    els.parent.push(stack.last().map_or(ROOT, |s| s.0));
                    els.last.push(e);
                    links += usize::from(name.is(Tag::A));
                    stack.push((e, name));
                }
                Tok::End { name } => {
                    let Some(pos) = stack.iter().rposition(|s| s.1 == name) else { continue };
                    let last = els.start.len() as u32 - 1;
                    for &(e, name) in &stack[pos..] {
                        let e = e as usize;
                        els.end[e] = i;
                        els.closed[e] = true;
                        els.last[e] = last;
                        links -= usize::from(name.is(Tag::A));
                    }
                    stack.truncate(pos);
                }
                Tok::Text(_) => {
                    let w = u64::from(page.weights[i].text);
                    text += w;
                    link += if links > 0 { w } else { 0 };
                }
            }
        }
        els.text.push(text);
        els.link.push(link);
        els
    }

    /// Where a post can stand ([`Room`]); `None` when no two siblings of one
    /// [`Elements::kind`] have a post's text ([`POST_TEXT`], not mostly links), and so there is
    /// no list of posts ([`units`]).
    fn room(&self, page: &Page, wrapped: bool, undated: bool) -> Option<Room> {
        let mut kinds: Vec<(u32, Kind, u32)> = (0..self.start.len())
            .filter(|&e| self.wordy(e))
            .filter_map(|e| Some((self.parent[e], self.kind(page, e, wrapped, undated)?, e as u32)))
            .collect();
        kinds.sort_unstable();
        let mut room: Option<Room> = None;
        for group in kinds.chunk_by(|a, b| a.0 == b.0 && a.1 == b.1).filter(|g| g.len() >= 2) {
            let room = room.get_or_insert_with(|| Room {
                groups: Vec::new(),
                inside: vec![false; self.start.len()],
            });
            for &(_, _, e) in group {
                room.inside[e as usize..=self.last[e as usize] as usize].fill(true);
            }
            room.groups.push(group.iter().map(|g| g.2).collect());
        }
        room
    }

    /// The element that element `e` wraps, with `wrapped` (`Options::wrapped_posts`), when `e`
    /// is a bare `div` (no class, no id: React's `<div style="display:contents">` around each
    /// post) around that one element and no text of its own.
    fn wrapped(&self, page: &Page, e: usize, wrapped: bool) -> Option<usize> {
        let t = &page.toks[self.start[e]];
        let only = e + 1;
        (wrapped
            && only <= self.last[e] as usize
            && self.last[only] == self.last[e]
            && t.is_start(Tag::Div)
            && t.attr("class").is_none()
            && t.attr("id").is_none()
            && self.chars(only) == self.chars(e))
        .then_some(only)
    }

    /// Element `e`'s [`kind`], or with `wrapped` when it has none, the kind of the element it
    /// wraps ([`Elements::wrapped`], [`WRAPS`] deep at most): the wrappers of a list's posts
    /// are its siblings.
    /// With `undated` (`Options::undated_posts`), a bare `article` is of a kind of its own.
    fn kind<'p>(&self, page: &'p Page, e: usize, wrapped: bool, undated: bool) -> Option<Kind<'p>> {
        std::iter::successors(Some(e), |&w| self.wrapped(page, w, wrapped))
            .take(WRAPS + 1)
            .find_map(|w| kind(&page.toks[self.start[w]]))
            .or_else(|| {
                (undated && bare_article(&page.toks[self.start[e]]))
                    .then_some(Kind { tag: "article", by: By::Bare })
            })
    }

    /// Whether element `e` has a post's text: [`POST_TEXT`] characters not in links at least,
    /// and links less than half of it.
    fn wordy(&self, e: usize) -> bool {
        let (text, link) = self.chars(e);
        text - link >= POST_TEXT && 2 * link < text
    }

    /// Whether two members of one group of `room` ([`Elements::room`], its elements marked) may
    /// be posts as [`units`] asks: each holds a date (or, with `undated`, is a bare `article`
    /// holding an author) and an author (or names one in `data-author`; with `names`, its
    /// header may name it as text, [`shown_name`]).
    fn marks_enough(&self, page: &Page, room: &Room, names: bool, undated: bool) -> bool {
        let holds = |marks: &[bool], e: usize| marks[e..=self.last[e] as usize].contains(&true);
        room.groups.iter().any(|group| {
            let may_post = |e: usize| {
                let tok = &page.toks[self.start[e]];
                let author = holds(&self.author, e);
                let dated = holds(&self.date, e) || undated && author && bare_article(tok);
                dated && (author || names || tok.attr("data-author").is_some())
            };
            group.iter().filter(|&&e| may_post(e as usize)).take(2).count() == 2
        })
    }

    /// Marks the elements `which` asks for: whether each marks an author, and whether it marks
    /// a date (its start tag's, a date written as its own text, a short text under a class
    /// that names a date) and which.
    fn mark(&mut self, page: &Page, which: impl Fn(usize) -> bool) {
        let n = self.start.len();
        self.author.resize(n, false);
        self.date.resize(n, false);
        self.day.resize(n, None);
        for e in (0..n).filter(|&e| which(e)) {
            let tok = &page.toks[self.start[e]];
            let Tok::Start { name, .. } = tok else { continue };
            self.author[e] = author_mark(tok);
            let day = ["datetime", "content"]
                .iter()
                .find_map(|k| tok.attr(k).and_then(post_date))
                .or_else(|| tok.attr("title").and_then(written_day));
            let machine = matches!(&**name, "time" | "relative-time" | "time-ago" | "local-time")
                || tok.attr("datetime").is_some()
                || tok.attr("itemprop").is_some_and(|p| {
                    p.split_ascii_whitespace().any(|p| p == "dateCreated" || p == "datePublished")
                });
            self.date[e] = machine || day.is_some();
            self.day[e] = day;
        }
        // A date written as text ("June 7, 2025, 06:40 PM", "5 months ago") marks the element
        // it stands in.
        for (i, tok) in page.toks.iter().enumerate() {
            let Tok::Text(t) = tok else { continue };
            let e = self.inner[i] as usize;
            if self.inner[i] == ROOT || !which(e) || self.date[e] || t.len() > 100 {
                continue;
            }
            if let Some(day) = written_day(t) {
                self.date[e] = true;
                self.day[e] = Some(day);
            } else if relative(t) {
                self.date[e] = true;
            }
        }
        for e in (0..n).filter(|&e| which(e) && self.closed[e]) {
            let chars = self.chars(e).0;
            // An author's name and a date written out are short texts of their own.
            if self.author[e] && !(1..=SHORT_NAME as u64).contains(&chars) {
                self.author[e] = false;
            }
            if !self.date[e] && chars <= 80 && names_date(&page.toks[self.start[e]]) {
                let t = text_of(page, self.start[e], self.end[e]);
                self.date[e] = t.bytes().any(|b| b.is_ascii_digit()) || relative(&t);
            }
        }
    }

    /// Characters of text inside element `e`, and of link text.
    fn chars(&self, e: usize) -> (u64, u64) {
        let (s, t) = (self.start[e], self.end[e] + 1);
        (self.text[t] - self.text[s], self.link[t] - self.link[s])
    }

    /// Whether element `a` holds element `b` (or is it).
    fn holds(&self, a: usize, b: usize) -> bool {
        a <= b && b as u32 <= self.last[a]
    }
}

/// The text of tokens `from..=to`, its pieces joined by a space.
fn text_of(page: &Page, from: usize, to: usize) -> String {
    page.toks[from..=to.min(page.toks.len() - 1)]
        .iter()
        .filter_map(|t| if let Tok::Text(t) = t { Some(t.as_ref()) } else { None })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Words of a class that name a date or a time (`postdate`, `comment-date`, `live-timestamp`,
/// `moment-time`), as whole parts of a class (`timeline-comment` names none).
const DATE_CLASS_PARTS: [&str; 10] = [
    "date",
    "time",
    "timestamp",
    "datetime",
    "postdate",
    "posttime",
    "relativetime",
    "dateline",
    "published",
    "ago",
];

/// What each of [`DATE_CLASS_PARTS`] holds.
const DATE_CLASS_ROOTS: Needles = Needles::new(&["date", "time", "published", "ago"]);

/// Whether start tag `tok` has a class that names a date ([`DATE_CLASS_PARTS`]).
fn names_date(tok: &Tok) -> bool {
    tok.attr("class").is_some_and(|c| {
        // Each of the words holds one of these: most classes are answered by one search.
        DATE_CLASS_ROOTS.in_text(c)
            && c.split_ascii_whitespace().any(|c| {
                c.split(['-', '_'])
                    .any(|p| DATE_CLASS_PARTS.iter().any(|w| p.eq_ignore_ascii_case(w)))
            })
    })
}

/// A day written out ("June 7, 2025, 06:40:12 PM", "Saturday, April 12th, 2025", an ISO date
/// in a tooltip) as `YYYY-MM-DD`, in English and the languages [`crate::meta::dates`] reads.
fn written_day(t: &str) -> Option<String> {
    let t = t.trim();
    if t.len() > 100 || !t.bytes().any(|b| b.is_ascii_digit()) {
        return None;
    }
    crate::meta::dates::parse_visible(t, "en").map(|(y, m, d)| format!("{y:04}-{m:02}-{d:02}"))
}

/// The units of time of a relative date ("5 months ago", "3 hrs ago").
const RELATIVE_UNITS: [&str; 14] = [
    "second", "sec", "minute", "min", "hour", "hr", "day", "week", "wk", "month", "mo", "year",
    "yr", "moment",
];

/// Words without which a short text is no relative date ([`relative`]).
const RELATIVE_WORDS: Needles = Needles::new(&["ago", "yesterday", "today", "just now"]);

/// Whether `t` is a relative date: a number (or "a", "an") and a unit of time followed by
/// "ago" ("5 months ago", "an hour ago"), "yesterday", "today" or "just now", and little more.
fn relative(t: &str) -> bool {
    let t = t.trim();
    // Asked of every short text on the page: most have none of the words, and are answered
    // before any copy is made.
    if t.len() > 40 || !RELATIVE_WORDS.in_text(t) {
        return false;
    }
    let lower = t.to_ascii_lowercase();
    let words: Vec<&str> =
        lower.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()).collect();
    if words.len() > 6 {
        return false;
    }
    let ago = words.windows(3).any(|w| {
        (w[0].bytes().all(|b| b.is_ascii_digit()) || w[0] == "a" || w[0] == "an")
            && RELATIVE_UNITS.iter().any(|u| w[1].strip_suffix('s').unwrap_or(w[1]) == *u)
            && w[2] == "ago"
    });
    ago || words.first().is_some_and(|w| *w == "yesterday" || *w == "today")
        || lower.starts_with("just now")
}

/// Parts of a link's address that lead to a member's profile (`/u/name`, `/users/12/name`,
/// `member.php?u=3`, `memberlist.php?mode=viewprofile`, SMF's `action=profile`, Hacker
/// News's `user?id=`, Lobsters' and Slashdot's `/~name`).
const PROFILE_PATHS: Needles = Needles::new(&[
    "/u/",
    "/user/",
    "/users/",
    "/member/",
    "/members/",
    "/profile/",
    "/profiles/",
    "/people/",
    "member.php",
    "memberlist.php",
    "action=profile",
    "user?id=",
    "/~",
]);

/// Words a class holds when it names an author (`username`, `comment-author`, `author-name`).
const AUTHOR_CLASSES: Needles =
    Needles::new(&["author", "username", "user-name", "creator", "nickname", "hnuser"]);

/// Whether start tag `tok` marks an author: `itemprop` `author` or `creator`, `rel=author`, a
/// class naming an author ([`AUTHOR_CLASSES`], or vCard's `fn`), or a link to a member's
/// profile ([`PROFILE_PATHS`]).
fn author_mark(tok: &Tok) -> bool {
    let words = |k: &str, f: &dyn Fn(&str) -> bool| {
        tok.attr(k).is_some_and(|v| v.split_ascii_whitespace().any(f))
    };
    words("itemprop", &|p| p == "author" || p == "creator")
        || words("rel", &|r| r.eq_ignore_ascii_case("author"))
        || tok.attr("class").is_some_and(|class| {
            // No needle holds a space: one search of the whole attribute is one of each class.
            AUTHOR_CLASSES.in_text(class)
                || class.split_ascii_whitespace().any(|c| {
                    // A class whose last part after `-` or `_` is `name` (`talk-name`,
                    // `comment_name`) names its author in a post: read off the bytes at its end,
                    // not by splitting at a set of characters (which decodes every one).
                    let b = c.as_bytes();
                    c.eq_ignore_ascii_case("fn")
                        || b.len() > 4
                            && matches!(b[b.len() - 5], b'-' | b'_')
                            && b[b.len() - 4..].eq_ignore_ascii_case(b"name")
                })
        })
        || (tok.is_start(Tag::A) && tok.attr("href").is_some_and(|h| PROFILE_PATHS.in_text(h)))
}

/// Tags an element that is a post can have.
const POST_ELEMENTS: [Tag; 8] =
    [Tag::Div, Tag::Li, Tag::Article, Tag::Section, Tag::Table, Tag::Tr, Tag::Tbody, Tag::Dl];

/// What makes siblings posts of one list ([`kind`]): the same tag, and the same schema.org post
/// type, first class or id prefix; borrowed from the page (a class with capitals is the one
/// copy).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Kind<'t> {
    tag: &'t str,
    by: By<'t>,
}

/// The second half of a [`Kind`].
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum By<'t> {
    /// A schema.org post type.
    Type(&'t str),
    /// A first class, its digits dropped, in lowercase.
    Class(Cow<'t, str>),
    /// An id's prefix before its number.
    Id(&'t str),
    /// Nothing: a bare `article` (`Options::undated_posts`).
    Bare,
}

/// What makes siblings posts of one list: the same tag and the same schema.org post type, else
/// the same first class with its digits dropped (`windowbg`, `windowbg2`), or for elements
/// without a class, ids of one prefix and a number ([`crate::article`]'s keys: `edit581133`);
/// `None` for an element of none.
fn kind<'t>(tok: &'t Tok) -> Option<Kind<'t>> {
    let Tok::Start { name, .. } = tok else { return None };
    if !name.tag().is_some_and(|t| POST_ELEMENTS.contains(&t)) {
        return None;
    }
    // Microdata posts of one type are of one kind whatever their classes (NodeBB marks the
    // topic owner's replies with a class of their own).
    if let Some(t) = post_type(tok) {
        return Some(Kind { tag: name, by: By::Type(t) });
    }
    if let Some(kind) = class_kind(tok) {
        return Some(kind);
    }
    let id = tok.attr("id")?;
    let prefix = id.trim_end_matches(|c: char| c.is_ascii_digit());
    (!prefix.is_empty() && id.len() - prefix.len() >= 3)
        .then_some(Kind { tag: name, by: By::Id(prefix) })
}

/// A start tag's name and its first class with the class's digits dropped (`windowbg`,
/// `windowbg2` alike); `None` without a class.
fn class_kind<'t>(tok: &'t Tok) -> Option<Kind<'t>> {
    let Tok::Start { name, .. } = tok else { return None };
    let class = tok.attr("class")?.split_ascii_whitespace().next()?;
    let class = class.trim_end_matches(|c: char| c.is_ascii_digit());
    let class = if class.bytes().any(|b| b.is_ascii_uppercase()) {
        Cow::Owned(class.to_ascii_lowercase())
    } else {
        Cow::Borrowed(class)
    };
    Some(Kind { tag: name, by: By::Class(class) })
}

/// The posts a page's structure shows: lists of sibling elements of one [`kind`], two or more
/// of them posts ([`Elements`]: an author, a date, [`POST_TEXT`] of text not in links and not
/// mostly links), with the replies of the same kind nested in them; and each post's header and
/// furniture ([`unit`]).
fn units(page: &Page, els: &Elements, rules: Rules) -> (Vec<PostList>, Vec<Unit>) {
    let Rules { openings, events, names, wrapped, undated } = rules;
    let n = els.start.len();
    if n == 0 {
        return (Vec::new(), Vec::new());
    }
    // Elements holding an author and a date: running counts over the elements (in document
    // order, an element's descendants follow it up to `last`).
    let mut authors = vec![0u32; n + 1];
    let mut dates = vec![0u32; n + 1];
    for e in 0..n {
        authors[e + 1] = authors[e] + u32::from(els.author[e]);
        dates[e + 1] = dates[e] + u32::from(els.date[e]);
    }
    let inside = |counts: &[u32], e: usize| counts[els.last[e] as usize + 1] - counts[e];
    // Siblings grouped by kind, under each parent.
    let mut children: Vec<Vec<u32>> = vec![Vec::new(); n + 1];
    for e in 0..n {
        let p = els.parent[e];
        children[if p == ROOT { n } else { p as usize }].push(e as u32);
    }
    // A post of a list no member of which is marked may be named by its header
    // ([`shown_name`]): asked last, of elements with a date and a post's text only.
    let shown: Vec<std::cell::OnceCell<Option<(usize, String)>>> =
        if names { vec![std::cell::OnceCell::new(); n] } else { Vec::new() };
    let marked =
        |e: usize| inside(&authors, e) > 0 || page.toks[els.start[e]].attr("data-author").is_some();
    // A server-rendered copy for readers without scripts (Flarum's `<noscript>`) may write each
    // post as a bare `article` with its author's mark and no date.
    let undated_post = |e: usize| bare_article(&page.toks[els.start[e]]) && inside(&authors, e) > 0;
    let post_like = |e: usize, shown_ok: bool| {
        let (text, link) = els.chars(e);
        (inside(&dates, e) > 0 || undated && undated_post(e))
            && text - link >= POST_TEXT
            && 2 * link < text
            && !(events && event(page, els, e))
            && (marked(e)
                || shown_ok && names && shown[e].get_or_init(|| shown_name(page, els, e)).is_some())
    };
    let name_of = |e: usize| shown.get(e).and_then(|s| s.get()).and_then(Option::as_ref);
    // The element a wrapper of kind `key` wraps is that post, not a reply in it.
    let kind_of = |e: usize| els.kind(page, e, wrapped, undated);
    let wrapped_in = |d: usize, key: &Kind| {
        let p = els.parent[d];
        p != ROOT
            && els.wrapped(page, p as usize, wrapped) == Some(d)
            && kind_of(p as usize).as_ref() == Some(key)
    };
    // Each list: its parent, its posts, their kind, and whether its posts are named by their
    // headers.
    type Found<'p> = (usize, Vec<usize>, Kind<'p>, bool);
    let mut found: Vec<Found> = Vec::new();
    for (p, kids) in children.iter().enumerate() {
        if kids.len() < 2 {
            continue;
        }
        let mut groups: Vec<(Kind, Vec<usize>)> = Vec::new();
        for &k in kids {
            let Some(key) = kind_of(k as usize) else { continue };
            match groups.iter_mut().find(|g| g.0 == key) {
                Some(g) => g.1.push(k as usize),
                None => groups.push((key, vec![k as usize])),
            }
        }
        for (key, members) in groups {
            let shown_ok = !members.iter().any(|&e| marked(e));
            let posts: Vec<usize> =
                members.into_iter().filter(|&e| post_like(e, shown_ok)).collect();
            // Names shown as text are names only where they differ: one label in every post
            // ("Advertisement") names none.
            let differ = !shown_ok
                || posts
                    .iter()
                    .filter_map(|&e| name_of(e))
                    .any(|a| posts.iter().filter_map(|&e| name_of(e)).any(|b| a.1 != b.1));
            if posts.len() >= 2 && differ {
                found.push((p, posts, key, shown_ok));
            }
        }
    }
    if openings {
        let listed: Vec<usize> = found.iter().flat_map(|f| f.1.iter().copied()).collect();
        for f in &mut found {
            let shown_ok = f.3;
            let like = |e: usize| post_like(e, shown_ok);
            if let Some(o) = opening(page, els, &children, &f.1, &listed, &like) {
                f.1.insert(0, o);
            }
        }
    }
    // Replies: posts of a list's kind nested in its posts. A list inside a post of another
    // list is nested (the comments on an answer), or, of the same kind, part of it.
    let mut lists: Vec<PostList> = Vec::new();
    let mut all: Vec<usize> = Vec::new();
    found.sort_by_key(|f| f.1[0]);
    for (i, (_, posts, key, shown_ok)) in found.iter().enumerate() {
        let outer =
            found[..i].iter().find(|(_, o, _, _)| o.iter().any(|&u| els.holds(u, posts[0])));
        if outer.is_some_and(|o| o.2 == *key) {
            continue;
        }
        let replies: Vec<usize> = posts
            .iter()
            .flat_map(|&u| u + 1..=els.last[u] as usize)
            .filter(|&d| {
                // In a list named by its headers, an element of its kind inside a post is a
                // reply though it shows no name so (a link to the replier's site) or is mostly
                // a link: its words and date are not its parent's.
                kind_of(d).as_ref() == Some(key)
                    && !wrapped_in(d, key)
                    && (post_like(d, *shown_ok) || *shown_ok)
            })
            .collect();
        all.extend(posts.iter().chain(&replies));
        lists.push(PostList {
            posts: posts.iter().map(|&e| (els.start[e], els.end[e])).collect(),
            nested: outer.is_some(),
        });
    }
    all.sort_unstable();
    all.dedup();
    let units = all
        .iter()
        .filter_map(|&e| unit(page, els, e, &all, openings, name_of(e), undated))
        .collect();
    (lists, units)
}

/// Whether start tag `tok` is an `article` without attributes (`Options::undated_posts`).
fn bare_article(tok: &Tok) -> bool {
    matches!(tok, Tok::Start { attrs, .. } if attrs.is_empty()) && tok.is_start(Tag::Article)
}

/// Bare wrappers one inside another that [`units`] looks through for a post's kind.
const WRAPS: usize = 2;

/// Characters of text a timeline's line has at most ([`event`]).
const EVENT_TEXT: u64 = 200;

/// Whether element `e`, which has an author and a date, is a line of a timeline rather than a
/// post: all its text, the author's name, the date and the words between them, stands on one
/// line (no block element parts it), and it is short ([`EVENT_TEXT`]). An issue's "X added the
/// label Y 2 days ago", "X closed this": a post writes its words in a block of their own, apart
/// from the header its author and date stand in.
fn event(page: &Page, els: &Elements, e: usize) -> bool {
    let (from, to) = (els.start[e], els.end[e] + 1);
    let (before, all) = (els.text[from], els.text[to]);
    if all == before || all - before > EVENT_TEXT {
        return false;
    }
    // The first and the last token with text: `text[i]` is the text before token `i`.
    let first = from + els.text[from..to].partition_point(|&t| t <= before) - 1;
    let last = from + els.text[from..to].partition_point(|&t| t < all) - 1;
    page.line_of[first] == page.line_of[last]
}

/// Characters a post's title has at least ([`without_title`]).
const TITLE_TEXT: usize = 15;

/// Card `q` (tokens `start..=end`) of post `e` without the post's title in it: the outermost
/// element of [`TITLE_TEXT`] characters or more whose text the page's `<title>` holds (a
/// thread's opening post names its topic in the row its author's name stands in: old Reddit's
/// `top-matter`). The title is the post's words, not its furniture.
fn without_title(page: &Page, els: &Elements, e: usize, q: (usize, usize)) -> Vec<(usize, usize)> {
    let title = &page.head.title;
    let found = (e + 1..=els.last[e] as usize).find(|&d| {
        q.0 <= els.start[d] && els.end[d] <= q.1 && {
            let t = collapse_whitespace(&text_of(page, els.start[d], els.end[d]));
            let t = t.trim();
            t.chars().count() >= TITLE_TEXT && title.contains(t)
        }
    });
    match found {
        Some(d) => [(q.0, els.start[d].saturating_sub(1)), (els.end[d] + 1, q.1)]
            .into_iter()
            .filter(|r| r.0 <= r.1 && r.0 >= q.0)
            .collect(),
        None => vec![q],
    }
}

/// Characters of text, other than a post's, that may stand between a thread's opening post
/// and its first reply: a heading ("Activity", "3 comments"), a reactions row.
const OPENING_GAP: u64 = 200;

/// Levels above a list's first post at which its opening post is looked for: an issue's first
/// comment stands a few wrappers outside the timeline of the others.
const OPENING_LEVELS: usize = 6;

/// The post that opens the list `posts` (siblings of one kind), when it is of another kind: the
/// nearest element with text before the first post (a previous sibling of it or of one of its
/// ancestors, [`OPENING_LEVELS`] up, past at most [`OPENING_GAP`] characters of other text)
/// that is itself a post (`post_like`), holds none of the `listed` posts, and whose own text
/// stands in an element of the same kind as a reply's ([`text_boxes`]: GitHub's issue body and
/// its comments, both `markdown-body`). An article's body and its readers' comments are
/// written by different templates, and do not match.
fn opening(
    page: &Page,
    els: &Elements,
    children: &[Vec<u32>],
    posts: &[usize],
    listed: &[usize],
    post_like: &dyn Fn(usize) -> bool,
) -> Option<usize> {
    let n = els.start.len();
    let first = posts[0];
    let mut x = first;
    let mut gap = 0u64;
    for _ in 0..OPENING_LEVELS {
        let p = els.parent[x];
        let kids = &children[if p == ROOT { n } else { p as usize }];
        let at = kids.iter().position(|&k| k as usize == x)?;
        for &s in kids[..at].iter().rev() {
            let s = s as usize;
            let (text, _) = els.chars(s);
            if text == 0 {
                continue;
            }
            // A post does not hold the page's headline: an element that does is the article
            // a list of teasers or comments follows.
            let headline =
                (s..=els.last[s] as usize).any(|d| page.toks[els.start[d]].is_start(Tag::H1));
            if post_like(s) && !headline && !listed.iter().any(|&l| els.holds(s, l)) {
                let boxes = text_boxes(page, els, s);
                let replies = posts.iter().flat_map(|&r| text_boxes(page, els, r));
                return replies.into_iter().any(|b| boxes.contains(&b)).then_some(s);
            }
            gap += text;
            if gap > OPENING_GAP {
                return None;
            }
        }
        if p == ROOT {
            return None;
        }
        x = p as usize;
    }
    None
}

/// The kinds (tag and first class, its digits dropped) of the elements inside post `e` that
/// hold its longest text and half of its text at least: the boxes a template writes a post's
/// words in (not a utility class every paragraph of a page carries).
fn text_boxes<'p>(page: &'p Page, els: &Elements, e: usize) -> Vec<Kind<'p>> {
    let (from, to) = (els.start[e], els.end[e]);
    let half = els.chars(e).0 / 2;
    let Some(main) = (from..=to)
        .filter(|&i| matches!(page.toks[i], Tok::Text(_)))
        .max_by_key(|&i| (page.weights[i].text, std::cmp::Reverse(i)))
    else {
        return Vec::new();
    };
    (e + 1..=els.last[e] as usize)
        .filter(|&d| els.start[d] < main && main <= els.end[d] && els.chars(d).0 >= half)
        .filter_map(|d| class_kind(&page.toks[els.start[d]]))
        .collect()
}

/// The header and furniture of post `e` (one of `posts`, the page's posts by structure): its
/// author (its own `data-author`, else the first author mark not in a reply or a quote), its
/// date (the first date mark), and as furniture the cards they stand in (the outermost element
/// around each inside the post that does not hold its longest text: a forum's profile pane
/// with the rank and the post count, a header row with the votes) and its signature (an
/// element whose class, id or role names one).
fn unit(
    page: &Page,
    els: &Elements,
    e: usize,
    posts: &[usize],
    openings: bool,
    shown: Option<&(usize, String)>,
    undated: bool,
) -> Option<Unit> {
    let last = els.last[e] as usize;
    // Its own elements: not in a reply, not in a quote.
    let replies: Vec<usize> = posts.iter().copied().filter(|&r| r > e && r <= last).collect();
    let quotes: Vec<usize> = (e + 1..=last).filter(|&d| matches!(&page.toks[els.start[d]], Tok::Start { name, .. } if name.is(Tag::Blockquote) || name.is(Tag::Q))).collect();
    let own = |d: usize| {
        !replies.iter().any(|&r| els.holds(r, d)) && !quotes.iter().any(|&q| els.holds(q, d))
    };
    // Its longest text of its own: where the post's words are.
    let mut longest = (0u32, els.start[e]);
    for i in els.start[e]..=els.end[e] {
        if let Tok::Text(_) = page.toks[i] {
            let w = page.weights[i].text;
            if w > longest.0 && !replies.iter().any(|&r| (els.start[r]..=els.end[r]).contains(&i)) {
                longest = (w, i);
            }
        }
    }
    let main = longest.1;
    let name_of = |d: usize| {
        let t = collapse_whitespace(&text_of(page, els.start[d], els.end[d])).trim().to_string();
        // A link titled with the name it shows first (Lemmy's `name@instance`).
        match page.toks[els.start[d]].attr("title").map(str::trim) {
            Some(title) if !title.is_empty() && t.starts_with(title) => title.to_string(),
            _ => t,
        }
    };
    let declared = page.toks[els.start[e]]
        .attr("data-author")
        .map(|a| collapse_whitespace(a).trim().to_string())
        .filter(|a| !a.is_empty());
    let mut marked: Vec<usize> = (e + 1..=last).filter(|&d| els.author[d] && own(d)).collect();
    if marked.is_empty() && declared.is_none() {
        marked.extend(shown.map(|s| s.0));
    }
    let author = declared
        .or_else(|| marked.first().map(|&d| shown.map_or_else(|| name_of(d), |s| s.1.clone())))?;
    let author = crate::meta::clean_names(&author, true).or_else(|| short_name(&author))?;
    // The outermost element around `d` inside the post that does not hold its own text.
    let card = |d: usize| {
        let mut c = d;
        while els.parent[c] != ROOT && els.parent[c] as usize != e {
            let p = els.parent[c] as usize;
            if (els.start[p]..=els.end[p]).contains(&main) {
                break;
            }
            c = p;
        }
        (els.start[c], els.end[c])
    };
    // A date in the author's profile pane (phpBB's "Joined: …") is the member's, when the post
    // has a date of its own outside it; a header line holding both gives the post's.
    let profile =
        marked.first().map(|&d| card(d)).filter(|&(s, t)| s != els.start[e] && t != els.end[e]);
    let dates = || {
        (e + 1..=last)
            .filter(|&d| els.date[d] && own(d) && !(els.start[d]..=els.end[d]).contains(&main))
    };
    let date = dates()
        .find(|&d| !profile.is_some_and(|(s, t)| (s..=t).contains(&els.start[d])))
        .or_else(|| dates().next());
    if date.is_none() && !(undated && bare_article(&page.toks[els.start[e]])) {
        return None;
    }
    let named: Vec<usize> = marked
        .iter()
        .copied()
        .filter(|&d| {
            shown.is_some_and(|s| s.0 == d)
                || name_of(d) == author
                || crate::meta::clean_names(&name_of(d), true).as_deref() == Some(&*author)
        })
        .collect();
    let mut quiet: Vec<(usize, usize)> = named.iter().map(|&d| card(d)).collect();
    quiet.extend(date.map(card));
    // The author's own element, not its card: strip mode keeps who wrote the post, not the
    // rank and the post count beside the name.
    let mut header: Vec<usize> = named.iter().take(1).chain(&date).map(|&d| els.start[d]).collect();
    header.sort_unstable();
    header.dedup();
    if openings {
        quiet = quiet.into_iter().flat_map(|q| without_title(page, els, e, q)).collect();
    }
    for d in (e + 1..=last).filter(|&d| own(d)) {
        let tok = &page.toks[els.start[d]];
        if ["class", "id", "data-role"]
            .iter()
            .any(|k| tok.attr(k).is_some_and(|v| v.to_ascii_lowercase().contains("signature")))
        {
            quiet.push((els.start[d], els.end[d]));
        }
    }
    quiet.sort_unstable();
    quiet.dedup();
    let shown = date.map_or_else(String::new, |date| {
        collapse_whitespace(&text_of(page, els.start[date], els.end[date])).trim().to_string()
    });
    let day =
        date.and_then(|date| (date..=els.last[date] as usize).find_map(|d| els.day[d].clone()));
    let post = Post { author: Some(author), date: day, blocks: 0 };
    Some(Unit {
        start: els.start[e],
        end: els.end[e],
        first_text: main,
        post,
        quiet,
        shown,
        header,
    })
}

/// Words a name shown as text has at most ([`shown_name`]).
const NAME_WORDS: usize = 4;

/// The name post `e`'s header shows when no mark names its author (`Options::shown_names`):
/// the post's first text with a letter outside a button and its date, when it is no link nor
/// heading, reads as a name (a few words, not a sentence nor a time, alone in its element) and
/// stands next to the post's date (the next text with a letter or a digit is the date's, or the
/// one before it is, on another line).
/// Forums that print the poster as plain text print it in the header line with the date: "name
/// · date", a name over the date beside an avatar, a profile pane's `<dt><strong>` after the
/// header's date; a post whose first text is its words has no name so. With the element the
/// name stands in.
fn shown_name(page: &Page, els: &Elements, e: usize) -> Option<(usize, String)> {
    // Whether token `j` stands in an element inside `e` (up to `top`) that `f` holds true of.
    let under = |j: usize, top: usize, f: &dyn Fn(usize) -> bool| {
        let mut d = els.inner[j];
        while d != ROOT && d as usize != top {
            if f(d as usize) {
                return true;
            }
            d = els.parent[d as usize];
        }
        false
    };
    let worded = |j: usize| match &page.toks[j] {
        Tok::Text(t) => t.chars().any(char::is_alphanumeric),
        _ => false,
    };
    let dated = |j: usize| under(j, e, &|d| els.date[d]);
    let (from, to) = (els.start[e] + 1, els.end[e]);
    let i = (from..to).find(|&i| {
        let Tok::Text(t) = &page.toks[i] else { return false };
        t.chars().any(char::is_alphabetic)
            && !under(i, e, &|d| els.date[d] || page.toks[els.start[d]].is_start(Tag::Button))
    })?;
    let Tok::Text(t) = &page.toks[i] else { return None };
    // The separator between the name and the date is not the name's.
    let t = t.trim_matches(|c: char| c.is_whitespace() || "·•|—–-:,/".contains(c));
    let name = crate::meta::clean_names(t, true).or_else(|| short_name(t))?;
    let at = els.inner[i];
    // Not a link (a name that links elsewhere than to a profile opens a teaser or a reply's
    // words as often), a heading (a box's title) or a time of day.
    let clock = name.as_bytes().windows(3).any(|w| w[1] == b':' && w[0].is_ascii_digit());
    let heading =
        |d: usize| matches!(&page.toks[els.start[d]], Tok::Start { name, .. } if is_heading(name));
    if name.split_whitespace().count() > NAME_WORDS
        || name.ends_with(['.', '!', '?'])
        || clock
        || at == ROOT
        || els.link[i + 1] > els.link[i]
        || under(i, e, &heading)
    {
        return None;
    }
    // Alone in its element, or beside the date: not the start of a sentence that a link or
    // an emphasis goes on with.
    let at = at as usize;
    let alone = (els.start[at] + 1..els.end[at])
        .all(|j| j == i || !worded(j) || under(j, at, &|d| els.date[d]));
    let before = (from..i).rev().find(|&j| worded(j));
    let after = (i + 1..to).find(|&j| worded(j));
    // After the date, on a line of its own (a profile pane below the header's date): a short
    // text after the date on its line qualifies the date as often ("10 May / Ann says:").
    let beside = after.is_some_and(dated)
        || before.is_some_and(|j| dated(j) && page.line_of[j] != page.line_of[i]);
    (alone && beside).then_some((at, name))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::preprocess::Preprocessing;
    use crate::Options;

    #[test]
    fn a_class_ending_in_a_name_part_marks_an_author() {
        // Against the rule as first written: the last part after `-` or `_` is `name` (in any
        // ASCII case), in a class of more than four bytes.
        let rule = |c: &str| {
            c.eq_ignore_ascii_case("fn")
                || c.rsplit(['-', '_']).next().is_some_and(|p| p.eq_ignore_ascii_case("name"))
                    && c.len() > 4
        };
        for class in [
            "talk-name",
            "comment_name",
            "a-NAME",
            "-name",
            "_Name",
            "name",
            "xname",
            "name-x",
            "na-me",
            "fn",
            "FN",
            "a-b_name",
            "a_b-nam",
            "é-name",
            "-é-name",
            "nameé",
            "a name",
        ] {
            let html = format!("<div class=\"{class}\">x</div>");
            let page = Page::parse(&html, Preprocessing::thesis(crate::LinkFilter::None));
            let tok = page.toks.iter().find(|t| t.is_start(Tag::Div)).expect("the div");
            let expected =
                class.split_ascii_whitespace().any(rule) || AUTHOR_CLASSES.in_text(class);
            assert_eq!(author_mark(tok), expected, "{class}");
        }
    }

    /// The posts without [`find`]'s pre-tests: every element marked, every page searched.
    fn every_element(page: &Page, rules: Rules) -> (Vec<PostList>, Vec<Unit>) {
        let mut els = Elements::of(page);
        els.mark(page, |_| true);
        units(page, &els, rules)
    }

    /// What [`units`] found, in words.
    fn found((lists, units): &(Vec<PostList>, Vec<Unit>)) -> String {
        let lists: Vec<_> = lists.iter().map(|l| (&l.posts, l.nested)).collect();
        let units: Vec<_> = units
            .iter()
            .map(|u| (u.start, u.end, u.first_text, &u.post, &u.quiet, &u.shown, &u.header))
            .collect();
        format!("{lists:?} {units:?}")
    }

    #[test]
    fn every_date_class_part_holds_a_root() {
        assert!(DATE_CLASS_PARTS.iter().all(|p| DATE_CLASS_ROOTS.in_text(p)));
    }

    #[test]
    fn the_pre_tests_pass_over_only_pages_without_posts() {
        // Random threads of the markups the marks know (authors, dates as attributes and as
        // text, `data-author`, ids of one prefix), with the pieces that make a post fail (too
        // little text, mostly links, a second author or date missing, a tag left open or closed
        // twice, a reply or a quote inside, too deep to count): [`find`] against the walk
        // that marks every element and searches every page.
        let opens = [
            ("<div class=\"post\">", "</div>"),
            ("<div class=\"post2 x\">", "</div>"),
            ("<li class=\"comment\">", "</li>"),
            ("<li class=\"comment\" data-author=\"dee\">", "</li>"),
            ("<article class=\"reply\">", "</article>"),
            ("<div id=\"post58113\">", "</div>"),
            ("<div>", "</div>"),
            ("<section class=\"post-date\">", "</section>"),
            ("<blockquote>", "</blockquote>"),
            ("<tr class=\"row\">", "</tr>"),
            ("<div style=\"display:contents\"><div class=\"post\">", "</div></div>"),
            ("<article>", "</article>"),
        ];
        let authors = [
            "<span class=\"author\">ann</span>",
            "<a class=\"username\" href=\"/members/bo.3\">bo</a>",
            "<a href=\"/u/cy\">cy</a>",
            "<span itemprop=\"author\">A name far too long to be any forum member's name at all, \
             surely no one's</span>",
            "<b class=\"talk-name\">eve</b>",
            // Names no mark names ([`shown_name`]).
            "<dt><strong>fay</strong></dt>",
            "<div>Gus Ng</div>",
        ];
        let dates = [
            "<time datetime=\"2025-06-07T18:40\">June 7</time>",
            "<span class=\"date\">7 Jun 2025</span>",
            "<span class=\"time\">no digits here</span>",
            "<span>5 months ago</span>",
            "<span>June 7, 2025, 06:40 PM</span>",
            "<abbr title=\"Saturday, April 12th, 2025\">Sat</abbr>",
            "<span itemprop=\"datePublished\" content=\"2025-04-12\"></span>",
            "Yesterday",
        ];
        let others = [
            "<p>A reply of words enough to be a post's text of its own.</p>",
            "<p>A reply of words enough to be a post's text of its own.</p>",
            "<p>Short.</p>",
            "<p><a href=\"/x\">A link that holds more of the text than the words around it do</a> \
             and</p>",
            "<ul><li>",
            "</div>",
            "<div class=\"signature\">-- sig</div>",
            "<h1>The thread</h1>",
        ];
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let how = Preprocessing::of(&Options::default());
        // Pages without room for posts, with room but too few marks, and with posts.
        let mut answers = [0; 3];
        // Pages whose posts differ with names shown as text ([`shown_name`]).
        let mut named = 0;
        let pages = 3_000;
        for _ in 0..pages {
            let mut html = String::from("<html><body><div class=\"thread\">");
            // Most posts of a page are of one kind; a reply opens inside a post now and then.
            let kind = next(opens.len());
            for _ in 0..1 + next(6) {
                let (open, close) = opens[if next(4) == 0 { next(opens.len()) } else { kind }];
                html.push_str(open);
                for pieces in [&authors[..], &dates, &others] {
                    if next(4) > 0 {
                        html.push_str(pieces[next(pieces.len())]);
                    }
                }
                for _ in 0..next(3) {
                    let pieces = [&authors[..], &dates, &others][next(3)];
                    html.push_str(pieces[next(pieces.len())]);
                    if next(6) == 0 {
                        html.push_str(opens[kind].0);
                    }
                }
                html.push_str(if next(8) == 0 { "" } else { close });
            }
            if next(20) == 0 {
                html.push_str(&"<div>".repeat(MAX_DEPTH));
                html.push_str(authors[next(authors.len())]);
            }
            html.push_str("</div></body></html>");
            let page = Page::parse(&html, how);
            for (openings, events, names, wrapped) in [
                (false, false, false, false),
                (true, true, true, true),
                (true, true, false, true),
                (true, false, true, false),
            ] {
                let rules = Rules { openings, events, names, wrapped, undated: wrapped };
                assert_eq!(
                    found(&find(&page, rules)),
                    found(&every_element(&page, rules)),
                    "{html}"
                );
            }
            named += usize::from(
                found(&find(&page, Rules::ALL))
                    != found(&find(&page, Rules { names: false, ..Rules::ALL })),
            );
            let mut els = Elements::of(&page);
            answers[match els.room(&page, true, true) {
                None => 0,
                Some(room) => {
                    els.mark(&page, |e| room.inside[e]);
                    if els.marks_enough(&page, &room, false, false) {
                        2
                    } else {
                        1
                    }
                }
            }] += 1;
        }
        // Each answer, often (about 7 % of the pages have two posts of one list).
        assert!(answers.iter().all(|&a| a >= pages / 20), "{answers:?}");
        assert!(named > 0, "no page with names shown as text");
    }
}
