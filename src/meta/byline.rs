//! The byline: who wrote the article, as the page declares it or as its markup and text show
//! it near the headline.

use std::cell::Cell;

use serde_json::Value;

use crate::declared::{
    has_type, looks_like_url, names_of, JsonLd, Metas, ARTICLE_TYPES, SHOP_TYPES,
};
use crate::html::{collapse_whitespace, contains_ascii_lowercase};
use crate::preprocess::{Page, Preprocessing};
use crate::settings::meta::{BYLINE_ABOVE_HEADLINE, MAX_BYLINE_CHARS, MAX_CO_AUTHORS};
use crate::title::witnesses::Witnesses;
use crate::title::Fragment;

use super::dates;
use super::leads::byline_lead;

mod people;

/// The byline, names only: JSON-LD `author` (people, not organisations), else the page's
/// `meta` author tags, else its byline markup ([`byline_markup`]).
pub fn byline(
    metas: &Metas,
    ld: &JsonLd,
    site_name: Option<&str>,
    fragments: &[Fragment],
    unpruned: Option<(&str, Preprocessing)>,
    witnesses: Option<&Witnesses>,
    markup: &Markup,
) -> Option<String> {
    let headline_line = markup.headline_line;
    const META_AUTHORS: [&str; 7] = [
        "author",
        "article:author",
        "byl",
        "parsely-author",
        "dc.creator",
        "dcterms.creator",
        "sailthru.author",
    ];
    // Sites often declare themselves as the author with more words ("Site - news"): that is
    // not a byline (the site's name alone is: the site wrote it).
    let starts_no_longer_name = |b: &String| {
        site_name.is_none_or(|site| {
            b.eq_ignore_ascii_case(site) || !b.to_lowercase().starts_with(&site.to_lowercase())
        })
    };
    let not_the_site =
        |b: &String| starts_no_longer_name(b) && !is_the_site(b, site_name, witnesses);
    // A JSON-LD author the page declares a `Person` is one even under the site's name: the
    // account a site's staff or its one writer publishes under ("infuy", "JWU"), which is
    // who the page says wrote it.
    let person = Cell::new(false);
    let from_ld = ld
        .find(|o| {
            let author = o.get("author").map(|a| ld.resolve(a))?;
            person.set(declares_person(ld, author));
            names_of(author)
        })
        .and_then(|b| clean_names(&b, false))
        .filter(|b| (person.get() && starts_no_longer_name(b)) || not_the_site(b));
    let declared = from_ld.or_else(|| {
        metas
            .all(&META_AUTHORS)
            .iter()
            .filter(|v| !looks_like_url(v))
            .find_map(|v| clean_names(v, false))
            .filter(not_the_site)
    });
    // The names the body shows: on a shop's page (a product, a collection), those of its
    // reviews and questions, not of an author.
    let shop = declares_shop(metas, ld);
    let shown = || {
        (!shop)
            .then(|| markup.get().map(|(b, _, _)| b.clone()))
            .flatten()
            .or_else(|| byline_line(fragments, headline_line?))
            .or_else(|| written_by(fragments))
            .or_else(|| footer_byline(unpruned?))
            .filter(|b| !shop && !is_the_site(b, site_name, witnesses))
    };
    match declared {
        // A declared first author whose byline in the body links co-authors after them ("Rui
        // Ma, Heba Ledwon & Suparn Patra", each a link to the author's page): the body's list
        // (some JSON-LD templates write only the first author).
        Some(one) if !people::looks_like_organisation(&one) => Some(
            markup
                .get()
                .filter(|(m, _, names)| *names > 1 && m.starts_with(one.as_str()))
                .map_or(one, |(m, _, _)| m.clone()),
        ),
        // An organisation declared as the author, when the body names a person ("Continental
        // Press" over "By SARAH OKAFOR"): the person.
        Some(organisation) => {
            Some(shown().filter(|b| people::names_a_person(b)).unwrap_or(organisation))
        }
        None => shown(),
    }
}

/// Whether a byline is the site itself writing: the name the page gives its site
/// ([`Witnesses::names_site`]: the host's, a declared title's suffix, the logo's alt, an
/// acronym its declared name opens with) written as an organisation's ("LBCI", "المدينة نيوز")
/// or as the host's slug ("akhbarelyom"). A person's name that is also the site's (a personal
/// site) and a brand written as a name ("Supermove") stay: the annotations of the modern set
/// give them as authors.
fn is_the_site(b: &str, site_name: Option<&str>, witnesses: Option<&Witnesses>) -> bool {
    let slug = !b.contains(' ') && b.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit());
    (slug || people::looks_like_organisation(b))
        && witnesses.is_some_and(|w| w.names_site(b, site_name))
}

/// Whether a JSON-LD `author` is declared a `Person`: typed so, or a reference (`@id`, with
/// or without a copy of the name, as Yoast writes it) to a `Person` of the page's graph; a
/// list, when each of its authors is.
fn declares_person(ld: &JsonLd, author: &Value) -> bool {
    const PERSON: &[&str] = &["Person"];
    match author {
        Value::Array(items) => !items.is_empty() && items.iter().all(|a| declares_person(ld, a)),
        _ => {
            has_type(author, PERSON)
                || author.get("@id").and_then(Value::as_str).is_some_and(|id| {
                    ld.0.iter().any(|o| {
                        o.get("@id").and_then(Value::as_str) == Some(id) && has_type(o, PERSON)
                    })
                })
        }
    }
}

/// Whether the page declares itself a shop's (a product, an offer, a collection) and not an
/// article.
fn declares_shop(metas: &Metas, ld: &JsonLd) -> bool {
    let og_type = metas.first(&["og:type"]).unwrap_or_default();
    let declares = |types: &[&str]| {
        types.contains(&og_type.as_str()) || ld.0.iter().any(|o| has_type(o, types))
    };
    declares(SHOP_TYPES) && !declares(ARTICLE_TYPES) && og_type != "article"
}

/// A byline written as a line of text near the headline, without markup that names it:
/// "By Jane Doe", "Written by Jane Doe", "Author: Jane Doe", or the lead on a line of its own
/// and the names on the next ("Written by" / "Jane Doe"). A few lines before the headline,
/// more after, as `meta::visible_date` looks for the date.
fn byline_line(fragments: &[Fragment], headline_line: usize) -> Option<String> {
    let at = fragments.partition_point(|f| f.line < headline_line);
    let near = &fragments[at.saturating_sub(5)..(at + 25).min(fragments.len())];
    near.iter().enumerate().filter(|(_, f)| f.text.chars().count() <= MAX_BYLINE_CHARS).find_map(
        |(k, f)| {
            let lead = byline_lead(&f.text)?;
            // "Authors" opens a menu or a heading as well ("Authors Feed"): only "Author:" is a lead.
            if f.text[..lead].to_ascii_lowercase().starts_with("author")
                && !f.text[lead..].starts_with(':')
            {
                return None;
            }
            if f.text[lead..].trim_matches([' ', ':']).is_empty() {
                near.get(k + 1).and_then(|next| clean_names(&next.text, true))
            } else {
                clean_names(&f.text, true)
            }
        },
    )
}

/// The last resort: a line anywhere on the page that opens with "Written by" and names (an
/// author box after the article, "Written by John Crenshaw"). Only that lead: "By" and
/// "Posted by" open other lines too (a photo credit, each comment).
fn written_by(fragments: &[Fragment]) -> Option<String> {
    const LEAD: &str = "written by";
    // The lead first: counting every line's characters cost more than comparing its start.
    fragments.iter().find_map(|f| {
        let rest = f
            .text
            .get(..LEAD.len())
            .filter(|p| p.eq_ignore_ascii_case(LEAD))
            .map(|_| &f.text[LEAD.len()..])?;
        (rest.starts_with([' ', ':']) && f.text.chars().count() <= MAX_BYLINE_CHARS)
            .then(|| clean_names(&f.text, true))
            .flatten()
    })
}

/// Whether a class names an author or byline element ("byline", "author-name",
/// "wp-block-post-author__name"), and not its picture, biography or date.
fn is_byline_class(class: &str) -> bool {
    // One pass over the whole attribute first: most classes say neither word, and asking
    // each of their words for both (below) was 2 % of the extraction's instructions.
    mentions_author_or_byline(class.as_bytes())
        && class.split_ascii_whitespace().any(|c| {
            (contains_ascii_lowercase(c, "author") || contains_ascii_lowercase(c, "byline"))
                && ![
                    "avatar", "bio", "desc", "img", "image", "photo", "pic", "label", "box",
                    "about", "more", "social", "link",
                ]
                .iter()
                .any(|x| contains_ascii_lowercase(c, x))
        })
}

/// Whether `b` holds "author" or "byline" in any ASCII case. Found by their rarer letters, the
/// `h` of "author" and the `y` of "byline", looked for eight bytes at a time
/// ([`crate::swar::equal_bytes`]; `is_byline_class` reads every class on the page, and a
/// byte at a time that was 1.3 M instructions on the 48 pages of `scripts/callgrind.sh`): with
/// bit 5 set, a byte is `h` or `y` only when it was one of them in either case.
fn mentions_author_or_byline(b: &[u8]) -> bool {
    use crate::swar::{equal_bytes, EACH_BYTE};
    let word_at = |start: Option<usize>, word: &[u8]| {
        start.and_then(|s| b.get(s..s + word.len())).is_some_and(|w| w.eq_ignore_ascii_case(word))
    };
    any_marked(
        b,
        |w| {
            let l = w | (EACH_BYTE * 0x20);
            equal_bytes(l, b'h') | equal_bytes(l, b'y')
        },
        |i| word_at(i.checked_sub(3), b"author") || word_at(i.checked_sub(1), b"byline"),
    )
}

/// Whether `hit` is true at any offset of `b` that `marks` marks: `marks` gets eight bytes at a
/// time as a little-endian number (the last ones padded with zeros, read without copying them
/// into a buffer) and answers as [`crate::swar::equal_bytes`] does; the marks on padding are
/// dropped.
fn any_marked(b: &[u8], marks: impl Fn(u64) -> u64, mut hit: impl FnMut(usize) -> bool) -> bool {
    use crate::swar::first;
    let mut chunks = b.chunks_exact(8);
    let mut base = 0;
    for chunk in &mut chunks {
        let mut m = marks(u64::from_le_bytes(chunk.try_into().unwrap_or_default()));
        while m != 0 {
            if hit(base + first(m)) {
                return true;
            }
            m &= m - 1;
        }
        base += 8;
    }
    let rest = chunks.remainder();
    if rest.is_empty() {
        return false;
    }
    let w = rest.iter().rev().fold(0u64, |w, &x| w << 8 | u64::from(x));
    let mut m = marks(w) & (u64::MAX >> (64 - 8 * rest.len()));
    while m != 0 {
        if hit(base + first(m)) {
            return true;
        }
        m &= m - 1;
    }
    false
}

/// Whether a class names a forum poster's name ("username" in phpBB and XenForo,
/// "PostUser-name" in Flarum).
fn is_user_class(class: &str) -> bool {
    class.split_ascii_whitespace().any(|c| {
        contains_ascii_lowercase(c, "username") || contains_ascii_lowercase(c, "user-name")
    })
}

/// The byline the body shows and the normalised line it starts on. By how surely the markup
/// says "this is the author", each pass over the whole page before the next:
///
/// 1. an element with `rel=author` or `itemprop=author` (in microdata, the `itemprop=name`
///    inside it, often a `<meta content>`);
/// 2. one whose class says author or byline (`is_byline_class`) and a name ("author-name");
/// 3. a link to an author's or member's page (`/author/jane-doe`, `/members/jdoe.42/`,
///    `is_author_link`), as WordPress, Ghost, XenForo, Discourse and phpBB write them;
/// 4. any element whose class says author or byline;
/// 5. one whose class says user name (a forum's poster, after the author markup of articles);
///
/// the first whose text is a name ([`clean_names`]), read line by line (`element_names`).
/// Links to authors' pages from a few lines above the headline (`headline_line`) on come
/// first: the author a navigation menu or a sidebar links to above it is someone else's.
/// Also how many authors' links the byline joined ([`with_co_authors`]).
#[inline(never)] // kept out of `Markup::get`'s cell: measured smaller in the wasm (docs/PERFORMANCE.md, size)
fn byline_markup(page: &Page, headline_line: Option<usize>) -> Option<(String, usize, usize)> {
    use crate::preprocess::Tok;
    // A `rel` or `itemprop` that lists the word `author`.
    let says_author = |v: Option<&str>| {
        v.is_some_and(|r| r.split_ascii_whitespace().any(|r| r.eq_ignore_ascii_case("author")))
    };
    let strong = |t: &Tok| says_author(t.attr("rel")) || says_author(t.attr("itemprop"));
    let weak = |t: &Tok| t.attr("class").is_some_and(is_byline_class);
    let linked = |t: &Tok| t.name() == Some("a") && t.attr("href").is_some_and(is_author_link);
    let user = |t: &Tok| t.attr("class").is_some_and(is_user_class);
    let from = headline_line
        .map_or(0, |l| page.line_of.partition_point(|&x| (x as usize) + BYLINE_ABOVE_HEADLINE < l));
    // The byline of pass `k` if the element at `i` holds names.
    let names_at = |k: usize, i: usize, pass: &dyn Fn(&Tok) -> bool| {
        element_names(page, i).map(|name| {
            // Co-authors' links after the first (`rel=author` or a link to an author's page).
            let (name, names) =
                if k == 0 || k == 2 { with_co_authors(page, i, name, pass) } else { (name, 1) };
            (name, page.line_of[i] as usize, names)
        })
    };
    // One pass over the start tags, each tag's attributes read once (not once a pass): pass 1
    // is decided on the way (the first strong element that holds names, in document order,
    // is its answer), and the elements the later passes would ask are listed for them.
    let mut bylines = Vec::new();
    let mut linked_at = Vec::new();
    let mut classed = Vec::new();
    for (i, t) in page.toks.iter().enumerate() {
        let Tok::Start { name, attrs, self_closing: false } = t else { continue };
        // The first of each attribute, as `Tok::attr` finds it.
        let (mut class, mut href, mut itemprop, mut rel) = (None, None, None, None);
        for (k, v) in attrs {
            let slot = match k.as_ref() {
                "class" => &mut class,
                "href" => &mut href,
                "itemprop" => &mut itemprop,
                "rel" => &mut rel,
                _ => continue,
            };
            if slot.is_none() {
                *slot = Some(v.as_ref());
            }
        }
        if says_author(rel) || says_author(itemprop) {
            if let Some(found) = names_at(0, i, &strong) {
                return Some(found);
            }
        }
        if let Some(class) = class {
            classed.push(i);
            if is_byline_class(class) {
                bylines.push((i, contains_ascii_lowercase(class, "name")));
            }
        }
        if name.is(crate::tokenize::Tag::A) && href.is_some_and(is_author_link) {
            linked_at.push(i);
        }
    }
    // An author's name element ("author-name") before the boxes that hold it with more.
    if let Some(found) =
        bylines.iter().filter(|&&(_, name)| name).find_map(|&(i, _)| names_at(1, i, &weak))
    {
        return Some(found);
    }
    let split = linked_at.partition_point(|&i| i < from);
    let (before, after) = linked_at.split_at(split);
    if let Some(found) = after.iter().chain(before).find_map(|&i| names_at(2, i, &linked)) {
        return Some(found);
    }
    if let Some(found) = bylines.iter().find_map(|&(i, _)| names_at(3, i, &weak)) {
        return Some(found);
    }
    classed.into_iter().filter(|&i| user(&page.toks[i])).find_map(|i| names_at(4, i, &user))
}

/// The last resort on a page read pruned: the byline markup ([`byline_markup`]) in an article's
/// own `<footer>`, which pruning drops with the site's footers. HTML gives an article's footer to
/// information about it "such as who wrote it" (the `footer` element, HTML Living Standard
/// 4.3.8); a comment's article or footer (WordPress's `comment-body` and `comment-meta`) names
/// the commenter, and is passed over. Only footers inside an open `<article>` are read, each
/// parsed on its own (`how`, without pruning), and only when no other rule found a byline.
fn footer_byline((html, how): (&str, Preprocessing)) -> Option<String> {
    // Without an article and a footer's end tag, the walk below finds nothing.
    if !html.contains("<article") || !html.contains("</footer") {
        return None;
    }
    // One pass over the tags' openings, by bytes: where the open article and footer start.
    let (mut article, mut footer) = (None, None);
    let mut next = 0;
    while let Some(k) = memchr::memchr(b'<', &html.as_bytes()[next..]) {
        let i = next + k;
        next = i + 1;
        let at = &html.as_bytes()[i..];
        let opens = |name: &[u8]| at.len() > name.len() && at[1..].starts_with(name);
        if opens(b"article") {
            article = Some(i);
        } else if opens(b"/article") {
            article = None;
        } else if opens(b"footer") {
            footer = article.map(|a| (a, i));
        } else if let Some((a, f)) = footer.filter(|_| opens(b"/footer")) {
            footer = None;
            // A comment's article or footer: its start tag says so.
            let comment = |at: usize| {
                contains_ascii_lowercase(
                    &html[at..html[at..].find('>').map_or(i, |e| at + e)],
                    "comment",
                )
            };
            if comment(a) || comment(f) {
                continue;
            }
            if let Some((byline, _, _)) = byline_markup(&Page::parse(&html[f..i], how), None) {
                return Some(byline);
            }
        }
    }
    None
}

/// [`byline_markup`] of a page, found when first asked: it walks the whole page, and both the
/// byline and the date shown beside it ask it (for speed; docs/PERFORMANCE.md, 24 November).
pub struct Markup<'p, 'h> {
    pub page: &'p Page<'h>,
    pub headline_line: Option<usize>,
    pub found: std::cell::OnceCell<Option<(String, usize, usize)>>,
}

impl Markup<'_, '_> {
    /// The byline, its line and how many names it links ([`byline_markup`]).
    pub fn get(&self) -> Option<&(String, usize, usize)> {
        self.found.get_or_init(|| byline_markup(self.page, self.headline_line)).as_ref()
    }
}

/// The names an element of the body holds, by [`clean_names`]: in microdata (`itemprop=author`)
/// its `itemprop=name`; else its text, whole when it stands on one line, else its first line
/// that is names: an author box puts the name and the role or the biography on lines of their
/// own ("Jane Doe" / "Senior Writer"), and a lead on its own line ("Written by" / "Jane Doe").
fn element_names(page: &Page, start: usize) -> Option<String> {
    use crate::preprocess::Tok;
    let end = element_end(page, start);
    if page.toks[start]
        .attr("itemprop")
        .is_some_and(|p| p.split_ascii_whitespace().any(|p| p.eq_ignore_ascii_case("author")))
    {
        let name = (start + 1..end).find(|&j| {
            page.toks[j].attr("itemprop").is_some_and(|p| p.eq_ignore_ascii_case("name"))
        });
        if let Some(j) = name {
            let text = page.toks[j]
                .attr("content")
                .map_or_else(|| element_text(page, j, MAX_BYLINE_CHARS * 2), str::to_string);
            return clean_names(&text, true);
        }
    }
    let mut lines: Vec<(u32, String)> = Vec::new();
    for j in start..end {
        match &page.toks[j] {
            Tok::Text(t) => match lines.last_mut() {
                Some((line, text)) if *line == page.line_of[j] => text.push_str(t),
                _ => lines.push((page.line_of[j], t.to_string())),
            },
            // Inline elements stand apart from their neighbours' words ("<b>Jane</b><i>Doe</i>").
            _ => {
                if let Some((_, text)) = lines.last_mut() {
                    text.push(' ');
                }
            }
        }
        if lines.iter().map(|(_, t)| t.len()).sum::<usize>() > MAX_BYLINE_CHARS * 8 {
            break;
        }
    }
    let lines: Vec<String> = lines
        .into_iter()
        .map(|(_, t)| collapse_whitespace(&t).trim().to_string())
        .filter(|t| !t.is_empty())
        .collect();
    match lines.as_slice() {
        [] => None,
        [one] => clean_names(one, true),
        // A container of more (an article, a list of posts) is no author box.
        more if more.len() > 6 => None,
        more => more.iter().take(4).find_map(|l| clean_names(l, true)),
    }
}

/// `first`, the names of the element at `start`, and those of the elements like it (`like`)
/// that follow it in the same byline, joined as the page writes them: "Rui Ma, Heba Ledwon &
/// Suparn Patra", each name a link to its author's page. Between two of them there may be only
/// a comma, "&" or "and" and the inline tags around them; anything else ends the byline.
fn with_co_authors(
    page: &Page,
    start: usize,
    first: String,
    like: &dyn Fn(&crate::preprocess::Tok) -> bool,
) -> (String, usize) {
    use crate::preprocess::Tok;
    const INLINE: [&str; 7] = ["span", "b", "strong", "em", "i", "small", "bdi"];
    let mut out = first;
    let mut between = String::new();
    let mut j = element_end(page, start) + 1;
    let mut count = 1;
    while j < page.toks.len() && count < MAX_CO_AUTHORS {
        let tok = &page.toks[j];
        match tok {
            Tok::Start { self_closing: false, .. } if like(tok) => {
                let sep = collapse_whitespace(&between);
                let sep = sep.trim();
                let Some(name) = (!sep.is_empty()).then(|| element_names(page, j)).flatten() else {
                    break;
                };
                out.push_str(if sep == "," { ", " } else { " " });
                if sep != "," {
                    out.push_str(sep);
                    out.push(' ');
                }
                out.push_str(&name);
                between.clear();
                count += 1;
                j = element_end(page, j) + 1;
            }
            Tok::Text(t) => {
                between.push_str(t);
                let sep = collapse_whitespace(&between).trim().to_lowercase();
                if !["", ",", "&", "and", ", and", ", &"].contains(&sep.as_str()) {
                    break;
                }
                j += 1;
            }
            Tok::Start { name, .. } | Tok::End { name } if INLINE.contains(&name.as_ref()) => {
                j += 1
            }
            _ => break,
        }
    }
    (out, count)
}

/// The index of the end tag that closes the element whose start tag is `page.toks[start]`
/// (the end of the page when it is not closed, or a bound past which a byline is not sought).
fn element_end(page: &Page, start: usize) -> usize {
    use crate::preprocess::Tok;
    let Some(name) = page.toks[start].name() else { return start + 1 };
    let mut depth = 0usize;
    for (j, tok) in page.toks.iter().enumerate().skip(start).take(2000) {
        match tok {
            Tok::Start { name: n, self_closing, .. } if n == name && !self_closing => depth += 1,
            Tok::End { name: n } if n == name => {
                depth -= 1;
                if depth == 0 {
                    return j;
                }
            }
            _ => {}
        }
    }
    (start + 2000).min(page.toks.len())
}

/// Path segments that name an author's page, followed by the author's own segment
/// (`/author/jane-doe/`, `/authors/jane`, `/contributor/jane-doe`): WordPress, Ghost and
/// most news and blog systems link a byline so.
const AUTHOR_SEGMENTS: [&str; 10] = [
    "author",
    "authors",
    "contributor",
    "contributors",
    "writer",
    "writers",
    "columnist",
    "columnists",
    "byline",
    "journalist",
];

/// Segments of a member's profile on a forum (`/members/jdoe.42/` XenForo, `/u/jdoe`
/// Discourse, `/user/jdoe` NodeBB, `/profile/42-jdoe/` Invision), likewise followed by it.
const MEMBER_SEGMENTS: [&str; 6] = ["members", "member", "u", "user", "users", "profile"];

/// Whether a link goes to an author's or a member's page ([`AUTHOR_SEGMENTS`],
/// [`MEMBER_SEGMENTS`] then a segment of its own, or phpBB's `memberlist.php?mode=viewprofile`).
fn is_author_link(href: &str) -> bool {
    let href = href.trim();
    if !names_a_person_segment(href.as_bytes()) {
        return false;
    }
    let href = href.to_ascii_lowercase();
    if href.contains("memberlist.php") && href.contains("mode=viewprofile") {
        return true;
    }
    // A member's page named by its query: Hacker News's `user?id=jdoe`, vBulletin's
    // `member.php?u=42`, punBB's and FluxBB's `profile.php?id=42`.
    if let Some((path, query)) = href.split('#').next().unwrap_or_default().split_once('?') {
        let last = path.rsplit('/').next().unwrap_or_default();
        let by_id = query.split('&').any(|kv| {
            kv.split_once('=')
                .is_some_and(|(k, v)| ["id", "u", "user", "username"].contains(&k) && !v.is_empty())
        });
        if ["user", "member", "profile", "member.php", "profile.php"].contains(&last) && by_id {
            return true;
        }
    }
    // The path: after the scheme and host, before the query and fragment.
    let path = href.split(['?', '#']).next().unwrap_or_default();
    let path = match path.find("//") {
        Some(i) => path[i + 2..].find('/').map_or("", |j| &path[i + 2 + j..]),
        None => path,
    };
    let segments: Vec<&str> =
        path.split('/').filter(|s| !s.is_empty() && *s != "." && *s != "..").collect();
    // Not the site's own pages under those names: a feed, the list of members, logging in.
    const NOT_A_PERSON: [&str; 14] = [
        "feed",
        "rss",
        "page",
        "index.html",
        "login",
        "logout",
        "signin",
        "sign-in",
        "signup",
        "register",
        "memberlist",
        "list",
        "search",
        "settings",
    ];
    segments.windows(2).any(|w| {
        (AUTHOR_SEGMENTS.contains(&w[0]) || MEMBER_SEGMENTS.contains(&w[0]))
            && !NOT_A_PERSON.contains(&w[1])
    })
}

/// Whether a link (trimmed) holds, in any case, a word that every rule of [`is_author_link`]
/// needs as a segment of its path: one of [`AUTHOR_SEGMENTS`] or [`MEMBER_SEGMENTS`] (`u` only
/// between slashes or at the start), or "memberlist.php". One pass over the bytes, without the
/// lowercase copy and the split: most links on a page name none, and `is_author_link` cost
/// about 1,700 instructions a link.
fn names_a_person_segment(href: &[u8]) -> bool {
    use crate::swar::{equal_bytes, EACH_BYTE};
    let at = |i: Option<usize>, word: &[u8]| {
        i.and_then(|i| href.get(i..i + word.len())).is_some_and(|w| w.eq_ignore_ascii_case(word))
    };
    // Every word holds a `u`, `b`, `f` or `w` (in any case), found eight bytes at a time; each
    // word is then compared where that letter puts it.
    any_marked(
        href,
        |w| {
            let l = w | (EACH_BYTE * 0x20);
            equal_bytes(l, b'u')
                | equal_bytes(l, b'b')
                | equal_bytes(l, b'f')
                | equal_bytes(l, b'w')
        },
        |i| match href[i] | 0x20 {
            b'u' => {
                at(Some(i), b"user")
                    || ((i == 0 || href[i - 1] == b'/') && href.get(i + 1) == Some(&b'/'))
                    || at(i.checked_sub(1), b"author")
                    || at(i.checked_sub(7), b"contributor")
                    || at(i.checked_sub(3), b"columnist")
                    || at(i.checked_sub(2), b"journalist")
            }
            b'b' => at(Some(i), b"byline") || at(i.checked_sub(3), b"member"),
            b'f' => at(i.checked_sub(3), b"profile"),
            _ => at(Some(i), b"writer"),
        },
    )
}

/// The text of the element whose start tag is `page.toks[start]`, a space between elements,
/// whitespace collapsed; `None` past `max` characters is cut short there.
fn element_text(page: &Page, start: usize, max: usize) -> String {
    use crate::preprocess::Tok;
    let Some(name) = page.toks[start].name() else { return String::new() };
    let mut depth = 0usize;
    let mut text = String::new();
    for tok in &page.toks[start..] {
        match tok {
            Tok::Start { name: n, self_closing, .. } => {
                depth += usize::from(n == name && !self_closing);
                text.push(' ');
            }
            Tok::End { name: n } => {
                text.push(' ');
                if n == name {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
            }
            Tok::Text(t) => text.push_str(t),
        }
        if text.len() > max * 4 {
            break;
        }
    }
    collapse_whitespace(&text).trim().to_string()
}

/// Lowercase words that stand inside names ("Manoj Jain and Jagpreet Chhatwal", "Ludwig van
/// Beethoven").
const NAME_CONNECTORS: [&str; 12] =
    ["and", "&", "de", "da", "del", "der", "van", "von", "la", "le", "di", "bin"];

/// The names of a byline as a page writes it: "By Jane Doe | June 3, 2025" → "Jane Doe".
/// Leading "By", "Written by" and the like go, and so do the parts after `|`, `·`, `•`
/// that are dates or reading times; `None` when what is left does not look like names (empty,
/// too long, a URL, a slug such as `jane-doe` or `user123`, digits, "undefined"). `markup`
/// says the text comes from the page's body, where a byline class also holds sentences
/// ("This review is posted in …", "Jiobal says"): then every word of two or more must be
/// capitalised (or a connector such as "and"), while a lone user name (`b.scherer`) is fine.
pub fn clean_names(raw: &str, markup: bool) -> Option<String> {
    let mut s = collapse_whitespace(raw).trim().to_string();
    if people::is_dateline_or_source(&s) {
        return None;
    }
    // "Posted on June 3, 2025 by Jane Doe": the names follow the last " by ".
    if let Some(i) = s.to_ascii_lowercase().rfind(" by ") {
        if s[..i].chars().any(|c| c.is_ascii_digit()) {
            s = s[i + 4..].to_string();
        }
    }
    let s = s
        .split(['|', '·', '•', '—', '\n'])
        .map(names_part)
        .find(|p| !p.is_empty() && !looks_like_date(p))?;
    // A handle's `@` and quotes around a name are not part of it.
    let s = s
        .trim_matches(|c: char| {
            c.is_whitespace() || matches!(c, ',' | ':' | '-' | '–' | '~' | '"' | '“' | '”')
        })
        .trim_start_matches('@');
    let words: Vec<&str> = s.split_whitespace().collect();
    let slug =
        words.len() == 1 && (s.chars().any(|c| c.is_ascii_digit()) || s.contains(['-', '_', '@']));
    let capitalised = words.len() < 2
        || words.iter().all(|w| {
            w.chars().next().is_some_and(|c| !c.is_lowercase())
                || NAME_CONNECTORS.contains(&w.to_lowercase().as_str())
        });
    let ok = !s.is_empty()
        && s.chars().count() <= MAX_BYLINE_CHARS
        && words.len() <= 12
        && s.chars().any(char::is_alphabetic)
        && !s.contains(['*', '#', '?', '!', '"', '“', '”', ':'])
        && (markup || !slug)
        && (!markup || (capitalised && !s.chars().any(|c| c.is_ascii_digit()) || words.len() == 1))
        && !looks_like_url(s)
        && !people::is_share_label(s)
        && !people::is_dateline_or_source(s)
        && ![
            "undefined",
            "null",
            "admin",
            "administrator",
            "none",
            "unknown",
            "author",
            "anonymous",
        ]
        .contains(&s.to_lowercase().as_str());
    ok.then(|| s.to_string())
}

/// One part of a byline (between `|`, `·`, `•`) without what is not names around them:
/// the leads ("By", "Written by:"), a link in parentheses, and a date written after the names
/// ("Jane Doe December 12, 2025", "Jane Doe on 04-08-2021 5:11", "David at 11:15 AM").
fn names_part(part: &str) -> &str {
    let mut s = part.trim();
    while let Some(l) = byline_lead(s) {
        s = s[l..].trim_start_matches([' ', ':']);
    }
    let s = match s.find(" (") {
        Some(i) if s[i..].contains("://") => s[..i].trim_end(),
        _ => s,
    };
    let s = [" on ", " at "]
        .iter()
        .filter_map(|w| s.find(w))
        .filter(|&i| s[i..].chars().any(|c| c.is_ascii_digit()))
        .min()
        .map_or(s, |i| &s[..i]);
    // "Jane Doe on behalf of the Vision Doc group": the group she writes for is not a name.
    let s = s.find(" on behalf of ").map_or(s, |i| s[..i].trim_end());
    // "SARAH OKAFOR, Continental Press Writer", "Jane Doe, The Daily Post": a role or a
    // newspaper after the names.
    let s = s
        .match_indices(", ")
        .map(|(i, _)| i)
        .find(|&i| people::is_role(&s[i + 2..]))
        .map_or(s, |i| s[..i].trim_end());
    // … or without the comma: "TOM KRAMER Staff Reporter".
    let s = people::without_trailing_role(s);
    // The last place from which the rest reads as a date.
    let starts = s
        .char_indices()
        .filter(|&(i, c)| i > 0 && c != ' ' && s[..i].ends_with(' '))
        .map(|(i, _)| i);
    let s = starts
        .rev()
        .find(|&i| dates::parse_visible(&s[i..], "en").is_some())
        .map_or(s, |i| s[..i].trim_end());
    // … and its weekday ("Jane Doe Monday, June 3, 2014").
    const WEEKDAYS: [&str; 7] =
        ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
    match s.trim_end_matches(',').rsplit_once(' ') {
        Some((names, day)) if WEEKDAYS.contains(&day.to_lowercase().as_str()) => names.trim_end(),
        _ => s,
    }
}

/// Whether a part of a byline is a date ("June 3, 2025", "3 days ago", "Updated 2025-06-03",
/// "Last updated").
fn looks_like_date(s: &str) -> bool {
    let lower = s.to_lowercase();
    let digits = s.chars().filter(char::is_ascii_digit).count();
    digits >= 4
        && (dates::parse_visible(s, "en").is_some()
            || digits * 3 >= s.chars().filter(|c| c.is_alphanumeric()).count())
        || ["updated", "published", "modified"]
            .iter()
            .any(|w| lower.split_whitespace().take(2).any(|x| x.trim_end_matches(':') == *w))
        || lower.ends_with(" ago")
        || lower.contains("min read")
        || lower.contains("mins read")
        || lower.contains("minute read")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `byline_markup` as it was, five passes over the page's tags: the reference of
    /// `byline_markup_agrees_with_its_passes`.
    fn byline_markup_reference(
        page: &Page,
        headline_line: Option<usize>,
    ) -> Option<(String, usize, usize)> {
        use crate::preprocess::Tok;
        let has = |t: &Tok, attr: &str, value: &str| {
            t.attr(attr)
                .is_some_and(|r| r.split_ascii_whitespace().any(|r| r.eq_ignore_ascii_case(value)))
        };
        let strong = |t: &Tok| has(t, "rel", "author") || has(t, "itemprop", "author");
        let weak = |t: &Tok| t.attr("class").is_some_and(is_byline_class);
        let linked = |t: &Tok| t.name() == Some("a") && t.attr("href").is_some_and(is_author_link);
        let user = |t: &Tok| t.attr("class").is_some_and(is_user_class);
        let from = headline_line.map_or(0, |l| {
            page.line_of.partition_point(|&x| (x as usize) + BYLINE_ABOVE_HEADLINE < l)
        });
        let opens = |i: usize| matches!(page.toks[i], Tok::Start { self_closing: false, .. });
        // The byline of pass `k` if the element at `i` holds names.
        let names_at = |k: usize, i: usize, pass: &dyn Fn(&Tok) -> bool| {
            element_names(page, i).map(|name| {
                // Co-authors' links after the first (`rel=author` or a link to an author's page).
                let (name, names) =
                    if k == 0 || k == 2 { with_co_authors(page, i, name, pass) } else { (name, 1) };
                (name, page.line_of[i] as usize, names)
            })
        };
        let all = 0..page.toks.len();
        if let Some(found) = all
            .clone()
            .filter(|&i| opens(i) && strong(&page.toks[i]))
            .find_map(|i| names_at(0, i, &strong))
        {
            return Some(found);
        }
        // Pass 2 reads every class, and keeps the elements whose class says byline for pass 4:
        // asking `is_byline_class` once a tag, not twice, and pass 4 walking those alone.
        let mut bylines = Vec::new();
        for i in all.clone().filter(|&i| opens(i)) {
            let Some(class) = page.toks[i].attr("class").filter(|c| is_byline_class(c)) else {
                continue;
            };
            bylines.push(i);
            // An author's name element ("author-name") before the boxes that hold it with more.
            if contains_ascii_lowercase(class, "name") {
                if let Some(found) = names_at(1, i, &weak) {
                    return Some(found);
                }
            }
        }
        let around = (from..page.toks.len()).chain(0..from);
        if let Some(found) = around
            .filter(|&i| opens(i) && linked(&page.toks[i]))
            .find_map(|i| names_at(2, i, &linked))
        {
            return Some(found);
        }
        if let Some(found) = bylines.into_iter().find_map(|i| names_at(3, i, &weak)) {
            return Some(found);
        }
        all.filter(|&i| opens(i) && user(&page.toks[i])).find_map(|i| names_at(4, i, &user))
    }

    /// `names_a_person_segment` as it was, a byte at a time.
    fn names_a_person_segment_reference(href: &[u8]) -> bool {
        let at = |i: usize, word: &[u8]| {
            href.get(i..i + word.len()).is_some_and(|w| w.eq_ignore_ascii_case(word))
        };
        (0..href.len()).any(|i| match href[i] | 0x20 {
            b'a' => at(i, b"author"),
            b'b' => at(i, b"byline"),
            b'c' => at(i, b"contributor") || at(i, b"columnist"),
            b'j' => at(i, b"journalist"),
            b'm' => at(i, b"member"),
            b'p' => at(i, b"profile"),
            b'u' => {
                at(i, b"user")
                    || ((i == 0 || href[i - 1] == b'/') && href.get(i + 1) == Some(&b'/'))
            }
            b'w' => at(i, b"writer"),
            _ => false,
        })
    }

    #[test]
    fn letter_scans_agree_with_their_byte_loops() {
        let pieces = [
            "a",
            "u",
            "U",
            "b",
            "f",
            "w",
            "h",
            "y",
            "/",
            "?",
            "é",
            "author",
            "AUTHOR",
            "byline",
            "contributor",
            "columnist",
            "journalist",
            "member",
            "profile",
            "user",
            "writer",
            "Writ",
            "uth",
            "lin",
            "ribu",
            "embe",
            "rofil",
            "u/",
            "/u",
            "-",
            "x",
        ];
        let mut next = crate::testing::xorshift(0x9e37_79b9_7f4a_7c15);
        for _ in 0..200_000 {
            let n = (next() % 9) as usize;
            let text: String =
                (0..n).map(|_| pieces[(next() % pieces.len() as u64) as usize]).collect();
            let b = text.as_bytes();
            assert_eq!(names_a_person_segment(b), names_a_person_segment_reference(b), "{text:?}");
            assert_eq!(
                mentions_author_or_byline(b),
                contains_ascii_lowercase(&text, "author")
                    || contains_ascii_lowercase(&text, "byline"),
                "{text:?}"
            );
        }
    }

    #[test]
    fn byline_markup_agrees_with_its_passes() {
        use crate::options::LinkFilter;
        let parts = [
            "<a rel=\"author\" href=\"/about\">Jane Doe</a>",
            "<span itemprop=\"author\"><span itemprop=\"name\">Rui Ma</span></span>",
            "<a rel=\"author\"><img src=x></a>",
            "<span class=\"author-name\">Heba Ledwon</span>",
            "<div class=\"byline\">By Suparn Patra</div>",
            "<div class=\"byline\"><p>Share</p><p>Tweet</p></div>",
            "<a href=\"/author/jane-doe/\">Jane Doe</a>",
            "<a href=\"/members/jdoe.42/\">jdoe</a>",
            "<a href=\"https://x.org/author/\">Authors</a>",
            "<span class=\"username\">Sam Lee</span>",
            "<span class=\"PostUser-name\">Kim Park</span>",
            "<span class=\"author-box\">Jon Smith</span>",
            " and ",
            ", ",
            "<p>The tide came in late that evening.</p>",
            "<h1>Notes on tides</h1>",
            "<div>",
            "</div>",
            "<br>",
            "<b>",
            "</b>",
            "\n",
        ];
        let mut next = crate::testing::xorshift(0x2545_f491_4f6c_dd1d);
        let mut passes = std::collections::BTreeMap::new();
        for _ in 0..20_000 {
            let n = (next() % 14) as usize;
            let html: String =
                (0..n).map(|_| parts[(next() % parts.len() as u64) as usize]).collect();
            let page = Page::parse(&html, Preprocessing::thesis(LinkFilter::None));
            for headline in [None, Some(0), Some(3), Some(8)] {
                let found = byline_markup(&page, headline);
                assert_eq!(
                    found,
                    byline_markup_reference(&page, headline),
                    "{html:?} {headline:?}"
                );
                *passes.entry(found.map(|(b, _, n)| (b, n))).or_insert(0) += 1;
            }
        }
        // Every kind of byline was found, a co-author list too, and often none.
        assert!(passes.len() > 20 && passes.keys().any(|k| k.as_ref().is_some_and(|k| k.1 > 1)));
        assert!(passes[&None] > 1000, "{passes:?}");
    }

    /// The byline `extract` gives a page of `host` whose `<head>` holds `head`.
    fn byline_on(host: &str, head: &str) -> Option<String> {
        let para = "<p>The tide came in late that evening, and the gauges along the harbour wall \
                    read higher than any of the keepers had seen in twenty years of records.</p>";
        let html = format!(
            "<html><head><title>Notes on tides | Tidewatch</title>{head}</head><body>\
             <article><h1>Notes on tides</h1>{}</article></body></html>",
            para.repeat(6)
        );
        let options = crate::Options {
            url: Some(format!("https://{host}/blog/notes-on-tides/")),
            ..Default::default()
        };
        crate::extract(&html, &options).byline
    }

    #[test]
    fn an_author_declared_a_person_is_one_under_the_sites_name() {
        // Yoast's graph: the article's author a reference to a `Person` of the graph, the
        // WordPress account the site publishes under.
        let graph = |author: &str, node_type: &str| {
            format!(
                r#"<script type="application/ld+json">{{"@context":"https://schema.org","@graph":[
                {{"@type":"Article","@id":"https://tidewatch.com/blog/notes-on-tides/#article","headline":"Notes on tides","author":{author}}},
                {{"@type":"{node_type}","@id":"https://tidewatch.com/#/schema/person/1","name":"tidewatch"}}]}}</script>"#
            )
        };
        for author in [
            r#"{"@id":"https://tidewatch.com/#/schema/person/1"}"#,
            r#"{"name":"tidewatch","@id":"https://tidewatch.com/#/schema/person/1"}"#,
        ] {
            assert_eq!(
                byline_on("tidewatch.com", &graph(author, "Person")).as_deref(),
                Some("tidewatch"),
                "{author}"
            );
        }
        // The same name undeclared, or declared an organisation, is the site itself.
        let author = r#"{"name":"tidewatch","@id":"https://tidewatch.com/#/schema/person/1"}"#;
        assert_eq!(byline_on("tidewatch.com", &graph(author, "Organization")), None);
        assert_eq!(byline_on("tidewatch.com", r#"<meta name="author" content="tidewatch">"#), None);
    }

    #[test]
    fn mentions_author_or_byline_agrees_with_a_search_at_every_byte() {
        let reference = |b: &[u8]| {
            let mentions = |i: usize, word: &[u8]| {
                b.get(i..i + word.len()).is_some_and(|w| w.eq_ignore_ascii_case(word))
            };
            (0..b.len()).any(|i| mentions(i, b"author") || mentions(i, b"byline"))
        };
        let words = [
            "author",
            "AUTHOR",
            "Byline",
            "bYlInE",
            "autho",
            "uthor",
            "byli",
            "yline",
            "hy",
            "authhor",
            "bbyline",
            "é-author",
            "\u{a0}byline",
            "x",
        ];
        for w in words {
            for pad in 0..18 {
                for tail in [0, 1, 7, 9] {
                    let s = format!(
                        "{}{w}{}",
                        "h-y".repeat(pad).chars().take(pad).collect::<String>(),
                        "y".repeat(tail)
                    );
                    assert_eq!(
                        mentions_author_or_byline(s.as_bytes()),
                        reference(s.as_bytes()),
                        "{s:?}"
                    );
                }
            }
        }
        assert!(!mentions_author_or_byline(b""));
        assert!(!mentions_author_or_byline(b"post-meta entry-header hhhhhhhh yyyyyyyy"));
        assert!(mentions_author_or_byline(b"post-meta c-byline__name"));
    }

    #[test]
    fn author_links_pass_the_byte_filter() {
        // Every rule of `is_author_link`, in both cases, through `names_a_person_segment`.
        let authors = [
            "u/jdoe",
            " /U/jdoe ",
            "https://forum.example/u/jdoe",
            "./u/x",
            "/author/jane-doe",
            "/AUTHORS/jane/",
            "https://news.example/Contributors/ann",
            "/columnist/bob",
            "/writers/x",
            "/byline/x",
            "/journalist/x",
            "/members/jdoe.42/",
            "/Member/x",
            "/users/x",
            "/profile/42-jdoe/",
            "user?id=jdoe",
            "MEMBER.PHP?u=42",
            "profile.php?id=42",
            "memberlist.php?mode=viewprofile&u=2",
        ];
        for href in authors {
            assert!(is_author_link(href), "{href}");
        }
        for href in [
            "/news/2025/story",
            "https://u.example/x",
            "/menu/x",
            "/author",
            "/users/feed",
            "/uu/x",
            "",
        ] {
            assert!(!is_author_link(href), "{href}");
        }
    }
}
