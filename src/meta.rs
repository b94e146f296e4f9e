//! Page metadata for the reader view: site name, byline, published time, lead image, excerpt,
//! and the estimated reading time.
//!
//! What the page declares comes first: `<meta>` tags (Open Graph `og:`, `article:`, Twitter
//! cards, `name=author`, Dublin Core, Parse.ly) and JSON-LD (`<script type="application/ld+json">`,
//! objects, arrays and `@graph`), read by [`crate::declared`]. Where it declares nothing, the
//! byline and the dates are read from the markup and text near the headline ([`byline`],
//! [`dates`]), the lead image is the article's first picture and the excerpt the opening of its
//! first paragraph; a field found nowhere stays `None`.

use std::borrow::Cow;

use crate::declared::{
    base_url, has_type, image_of, name_of, page_url, text_of, JsonLd, Metas, ARTICLE_TYPES,
    SHOP_TYPES,
};
use crate::extraction::{Block, BlockKind};
use crate::preprocess::Page;
use crate::render::{safe_url, UrlUse};
use crate::settings::meta::{
    EXCERPT_CHARS, MAX_DATELINE_CHARS, READERABLE_BIAS, READERABLE_WEIGHTS,
};

mod byline;
pub mod dates;
pub(crate) mod leads;

pub use byline::clean_names;
use byline::Markup;

/// What the page declares about itself for the reader view (the fields of the same names in
/// [`crate::Extraction`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Meta {
    /// Author names.
    pub byline: Option<String>,
    /// Site name.
    pub site_name: Option<String>,
    /// Published date, ISO 8601 ([`dates`]).
    pub published: Option<String>,
    /// Last modified date, ISO 8601.
    pub modified: Option<String>,
    /// Lead image URL (resolved, http(s) only).
    pub lead_image: Option<String>,
    /// The declared description, else the opening of the first paragraph of `blocks`.
    pub excerpt: Option<String>,
}

/// What [`find`] needs of the earlier stages.
#[derive(Clone, Copy, Debug, Default)]
pub struct Context<'a> {
    /// The page's URL, when known.
    pub url: Option<&'a str>,
    /// The headline chosen ([`crate::title`]) and the line it stands on.
    pub headline: &'a str,
    pub headline_line: Option<usize>,
    /// The language of the article ([`crate::lang`]), for dates written in words.
    pub lang: &'a str,
    /// The page's text fragments ([`crate::title::fragments`]), made once for TitleFinder and
    /// the metadata.
    pub fragments: &'a [crate::title::Fragment],
    /// The page's HTML when `page` was read pruned ([`crate::Options::prune`]), which drops an
    /// article's `<footer>` with the site's, and how to read it unpruned: the byline there is
    /// read from it (`footer_byline`).
    pub unpruned: Option<(&'a str, crate::preprocess::Preprocessing)>,
    /// What the page calls its site ([`crate::title::witnesses::Witnesses`]): a byline that is the site's
    /// name is no byline.
    pub witnesses: Option<&'a crate::title::witnesses::Witnesses>,
}

/// Finds byline, site name, dates, lead image and excerpt. (The reading time depends
/// on the language: it is [`reading_minutes`] of the text once the language is known.)
pub fn find(page: &Page, cx: Context, blocks: &[Block]) -> Meta {
    let metas = Metas::of(&page.head);
    let ld = JsonLd::with_main_entities(&page.head.json_ld);

    let site_name = site_name(&metas, &ld, cx);
    let markup =
        Markup { page, headline_line: cx.headline_line, found: std::cell::OnceCell::new() };
    let byline = byline::byline(
        &metas,
        &ld,
        site_name.as_deref(),
        cx.fragments,
        cx.unpruned,
        cx.witnesses,
        &markup,
    );
    let (published, modified) = dates_of(page, &metas, &ld, cx, &markup);

    let base = base_url(cx.url, page.head.base_href.as_deref());
    let resolve = |raw: &str| safe_url(base.as_ref(), raw, UrlUse::Image);
    let lead_image = metas
        .all(&[
            "og:image",
            "og:image:url",
            "og:image:secure_url",
            "twitter:image",
            "twitter:image:src",
        ])
        .into_iter()
        .chain(ld.all(|o| o.get("image").and_then(image_of)))
        .chain(ld.all(|o| o.get("thumbnailUrl").and_then(image_of)))
        .filter(|raw| !looks_like_logo(raw))
        .find_map(|raw| resolve(&raw))
        .or_else(|| {
            // The article's first picture, when the page declares none.
            blocks.iter().find_map(|b| match &b.kind {
                BlockKind::Figure { src, alt }
                    if !looks_like_logo(src) && !alt.as_deref().is_some_and(looks_like_logo) =>
                {
                    Some(src.clone())
                }
                _ => None,
            })
        });

    let excerpt = metas
        .first(&["og:description", "description", "twitter:description"])
        .or_else(|| ld.find(|o| o.get("description").and_then(text_of)))
        .or_else(|| {
            let p = blocks.iter().find(|b| b.kind == BlockKind::Paragraph && !b.text.is_empty())?;
            Some(opening(&p.text, EXCERPT_CHARS))
        });

    Meta { byline, site_name, published, modified, lead_image, excerpt }
}

/// A logo, icon or avatar rather than a picture of the article (by its URL or text).
fn looks_like_logo(s: &str) -> bool {
    let s = s.to_ascii_lowercase();
    ["logo", "favicon", "icon", "avatar", "sprite", "placeholder", "default-image", "default_image"]
        .iter()
        .any(|w| s.contains(w))
}

/// Names too generic to be a site's: a section, not the site ("Blog", "Home").
const GENERIC_SITE_NAMES: [&str; 8] =
    ["blog", "home", "news", "homepage", "index", "website", "site", "articles"];

/// The site's name: `og:site_name`, JSON-LD `publisher` or `WebSite` name, `application-name`,
/// else the URL's host without `www.`; never a slug (`my-site`), a generic word ("Blog") or
/// the headline again.
fn site_name(metas: &Metas, ld: &JsonLd, cx: Context) -> Option<String> {
    let headline = crate::words::headline_words(cx.headline);
    let ok = |s: &String| {
        let words = crate::words::headline_words(s);
        let slug =
            !s.contains(' ') && s.contains(['-', '_']) && s.chars().all(|c| !c.is_uppercase());
        !words.is_empty()
            && words != headline
            && !slug
            && s.chars().count() <= 80
            && !GENERIC_SITE_NAMES.contains(&s.to_lowercase().as_str())
    };
    metas
        .all(&["og:site_name"])
        .into_iter()
        .chain(ld.find(|o| o.get("publisher").map(|p| ld.resolve(p)).and_then(name_of)))
        .chain(ld.find_typed(&["WebSite"], |o| o.get("name").and_then(text_of)))
        .chain(metas.all(&["application-name"]))
        .find(ok)
        .or_else(|| {
            let host = page_url(cx.url?)?.host_str()?.to_string();
            Some(host.strip_prefix("www.").unwrap_or(&host).to_string())
        })
}

/// Published and modified dates, normalised ([`dates::normalise`]): JSON-LD
/// `datePublished`/`dateModified`, then the `meta` tags, then `<time datetime>`; the
/// published date last from the text the page shows beside its headline or byline, in the
/// page's language and calendar ([`dates::parse_visible`]).
fn dates_of(
    page: &Page,
    metas: &Metas,
    ld: &JsonLd,
    cx: Context,
    markup: &Markup,
) -> (Option<String>, Option<String>) {
    const PUBLISHED: [&str; 13] = [
        "article:published_time",
        "og:published_time",
        "datepublished",
        "parsely-pub-date",
        "sailthru.date",
        "pubdate",
        "publishdate",
        "publish-date",
        "dc.date.issued",
        "dcterms.issued",
        "dc.date",
        "dcterms.created",
        "date",
    ];
    const MODIFIED: [&str; 5] = [
        "article:modified_time",
        "og:updated_time",
        "datemodified",
        "dcterms.modified",
        "last-modified",
    ];
    let machine = |key: &str, tags: &[&str], itemprop: &str| {
        ld.all(|o| o.get(key).and_then(text_of))
            .into_iter()
            .chain(metas.all(tags))
            .find_map(|d| dates::normalise(&d))
            .or_else(|| time_element(page, itemprop))
            .or_else(|| annotated_date(page, tags))
    };
    let published = machine("datePublished", &PUBLISHED, "datepublished")
        .map(|d| shown_day(cx, local_form(page, d), markup))
        .or_else(|| visible_date(cx, markup));
    let modified = machine("dateModified", &MODIFIED, "datemodified").map(|d| local_form(page, d));
    (published, modified)
}

/// A date-time declared in UTC in the form the page shows it in, when a `<time datetime>` gives
/// the same instant with the publisher's own offset (`2025-12-19T03:05:00Z` and
/// `2025-12-18T19:05:00-08:00`): its day is the day where it was published, the one the page
/// shows (WordPress and XenForo write UTC into `meta` and JSON-LD, local time into `<time>`).
fn local_form(page: &Page, date: String) -> String {
    if !date.ends_with('Z') {
        return date;
    }
    let Some(at) = dates::instant(&date) else { return date };
    page.toks
        .iter()
        .filter(|t| t.name() == Some("time"))
        .filter_map(|t| dates::normalise(t.attr("datetime")?))
        .find(|d| !d.ends_with('Z') && dates::instant(d) == Some(at))
        .unwrap_or(date)
}

/// The day the page shows beside its headline, for a declared published date it contradicts.
///
/// One day apart, for a declared date without the publisher's offset (in UTC, with none, or
/// a day alone, which sites often take from the UTC date-time): the declared day is then
/// UTC's, the shown one the publisher's (a post of 18 December evening in California is 19
/// December in UTC). A date-time with an offset of its own is kept as it is.
///
/// Further apart, whatever the offset, when the shown date is not marked as an update
/// ("Updated Dec 18, 2025"): the page presents that day as the article's, the reader's
/// header shows what the page shows. Sites whose templates fill `datePublished` with the
/// date the page was first made (a republished evergreen article), or with the modification
/// date, still write the article's day beside its byline.
fn shown_day(cx: Context, date: String, markup: &Markup) -> String {
    let has_offset =
        date.get(10..).is_some_and(|t| !t.ends_with('Z') && (t.contains('+') || t.contains('-')));
    let declared = || -> Option<(i64, u32, u32)> {
        Some((
            date.get(..4)?.parse().ok()?,
            date.get(5..7)?.parse().ok()?,
            date.get(8..10)?.parse().ok()?,
        ))
    };
    let Some(((y, m, d), update, dateline)) = near_date_marked(cx, markup) else { return date };
    let Some((dy, dm, dd)) = declared() else { return date };
    let apart = (dates::days_from_civil(y, m, d) - dates::days_from_civil(dy, dm, dd)).abs();
    if (apart == 1 && !has_offset) || (apart > 1 && dateline && !update) {
        return format!("{y:04}-{m:02}-{d:02}");
    }
    date
}

/// The date of the first element of the body whose RDFa `property` or microdata `itemprop` is
/// one of `keys` (as the `meta` tags name them, `dc:date` as `dc.date`), in its `content` or
/// `datetime`: Drupal writes `<span property="dc:date" content="2019-02-08T00:00:00+01:00">`.
fn annotated_date(page: &Page, keys: &[&str]) -> Option<String> {
    page.toks.iter().find_map(|t| {
        let key = t.attr("property").or_else(|| t.attr("itemprop"))?.trim();
        // `key` lowercased (ASCII) with `:` read as `.`, compared a byte at a time: no copy of
        // every annotated element's key.
        let same = |k: &&str| {
            k.len() == key.len()
                && k.bytes()
                    .zip(key.bytes())
                    .all(|(a, b)| a == if b == b':' { b'.' } else { b.to_ascii_lowercase() })
        };
        keys.iter()
            .any(same)
            .then(|| dates::normalise(t.attr("content").or_else(|| t.attr("datetime"))?))
            .flatten()
    })
}

/// The `datetime` of the `<time>` element whose `itemprop` is `itemprop`, else (for the
/// published date) of the first `<time datetime>` whose class or itemprop does not say it is
/// a modification date.
fn time_element(page: &Page, itemprop: &str) -> Option<String> {
    let times = || {
        page.toks
            .iter()
            .filter(|t| t.is_start(crate::tokenize::Tag::Time))
            .filter_map(|t| Some((t, dates::normalise(t.attr("datetime")?)?)))
    };
    let says = |t: &crate::preprocess::Tok, what: &str| {
        [t.attr("itemprop"), t.attr("class")]
            .into_iter()
            .flatten()
            .any(|v| crate::html::contains_ascii_lowercase(v, what))
    };
    times().find(|(t, _)| says(t, itemprop)).map(|(_, d)| d).or_else(|| {
        (itemprop == "datepublished")
            .then(|| {
                times().find(|(t, _)| !says(t, "modified") && !says(t, "updated")).map(|(_, d)| d)
            })
            .flatten()
    })
}

/// A date written in the short lines near the headline or the byline markup (a few lines
/// before, more after), else anywhere on the page after a label that says what it is
/// ([`labelled_date`]): the last resort for the published date.
fn visible_date(cx: Context, markup: &Markup) -> Option<String> {
    near_date(cx, markup)
        .or_else(|| labelled_date(cx.fragments, cx.lang))
        .map(|(y, m, d)| format!("{y:04}-{m:02}-{d:02}"))
}

/// The first date written in the short lines near the headline or the byline markup.
fn near_date(cx: Context, markup: &Markup) -> Option<(i64, u32, u32)> {
    near_date_marked(cx, markup).map(|(day, _, _)| day)
}

/// [`near_date`], and whether the page marks it as the day of an update: its line, or a
/// short line just before it, says "updated" (or "modified", "edited", and the like in the
/// languages of [`DATE_LABELS`]) and not "published" or "posted".
fn near_date_marked(cx: Context, markup: &Markup) -> Option<((i64, u32, u32), bool, bool)> {
    let fragments = cx.fragments;
    let short = |f: &crate::title::Fragment| f.text.chars().count() <= 120;
    let anchors = [cx.headline_line, markup.get().map(|(_, line, _)| *line)];
    anchors.into_iter().flatten().find_map(|line| {
        let at = fragments.partition_point(|f| f.line < line);
        let from = at.saturating_sub(5);
        let near = &fragments[from..(at + 25).min(fragments.len())];
        near.iter().enumerate().filter(|(_, f)| short(f)).find_map(|(k, f)| {
            // The clock is asked only of a line with a date: the few, not every line near.
            let day = dates::parse_visible(&f.text, cx.lang).filter(|_| !is_clock(&f.text))?;
            let label = |t: &str| {
                let lower = t.to_lowercase();
                UPDATE_WORDS.iter().any(|w| lower.contains(w))
                    && !PUBLISH_WORDS.iter().any(|w| lower.contains(w))
            };
            let before =
                k.checked_sub(1).map(|j| &near[j]).filter(|p| p.text.chars().count() <= 30);
            let other = before.is_some_and(|p| {
                OTHER_DATE_LABELS.iter().any(|l| p.text.trim().to_lowercase().starts_with(l))
            });
            // A date labelled as another's ("Joined: 04 Jun 2006" beside a poster's name) is not
            // the page's.
            if OTHER_DATE_LABELS.iter().any(|l| f.text.trim().to_lowercase().starts_with(l)) {
                return None;
            }
            Some((
                day,
                label(&f.text) || before.is_some_and(|p| label(&p.text)),
                is_dateline(&f.text) && !other,
            ))
        })
    })
}

/// Whether a line that holds a date is a dateline: short (a date, its time, a label), and not
/// the date of something else that a label before a colon names ("Joined: 4. Jul 2012" under
/// a forum user's name). A longer line is a sentence or a headline that holds a date (a
/// news ticker's "[ December 8, 2025 ] Top 10 …", a version number "2024.4.4 -> 2024.5.0").
fn is_dateline(text: &str) -> bool {
    let labelled_otherwise = text.split_once(':').is_some_and(|(label, _)| {
        let label = label.trim().to_lowercase();
        !label.chars().any(|c| c.is_numeric())
            && !DATE_LABELS
                .iter()
                .chain(PUBLISH_WORDS.iter())
                .any(|l| label.starts_with(l.trim_end_matches(':')))
    });
    let lower = text.trim().to_lowercase();
    text.chars().count() <= MAX_DATELINE_CHARS
        && !labelled_otherwise
        && !OTHER_DATE_LABELS.iter().any(|l| lower.starts_with(l))
}

/// Whether a line is the site's clock, the day of the visit rather than of the page: "It is
/// currently Tue Mar 11, 2008 10:42 am" (phpBB), "The time now is 10:42 AM" (vBulletin),
/// "Current Time:", "Today is …", and their Arabic and Persian forms.
fn is_clock(text: &str) -> bool {
    const CLOCK_LABELS: [&str; 8] = [
        "it is currently",
        "the time now is",
        "current time",
        "current date",
        "today is",
        "الوقت الآن",
        "التوقيت الآن",
        "اليوم هو",
    ];
    let lower = text.trim().to_lowercase();
    CLOCK_LABELS.iter().any(|l| lower.starts_with(l) || (l.len() > 10 && lower.contains(l)))
}

/// Labels of the other dates written near a headline or a byline: a forum user's
/// ("Joined" / "Nov 4, 2011", as XenForo and phpBB write it beside each post's author), an
/// event's.
const OTHER_DATE_LABELS: [&str; 8] = [
    "joined",
    "member since",
    "registered",
    "last seen",
    "last active",
    "last visit",
    "born",
    "event date",
];

/// Words that mark a date as the day of an update rather than of publication.
const UPDATE_WORDS: [&str; 10] = [
    "updated",
    "modified",
    "edited",
    "reviewed",
    "mis à jour",
    "aktualisiert",
    "actualizado",
    "atualizado",
    "aggiornato",
    "تحديث",
];
/// Words that mark a date as the day of publication.
const PUBLISH_WORDS: [&str; 9] = [
    "published",
    "posted",
    "publié",
    "veröffentlicht",
    "publicado",
    "pubblicato",
    "النشر",
    "نشر",
    "انتشار",
];

/// Labels that pages write before the date of an article or a page, in the languages whose
/// dates [`dates::parse_visible`] reads (lowercase, as a line opens).
const DATE_LABELS: [&str; 31] = [
    "published",
    "posted",
    "last updated",
    "updated",
    "last modified",
    "last reviewed",
    "date:",
    "publié",
    "mis à jour",
    "veröffentlicht",
    "aktualisiert",
    "stand:",
    "publicado",
    "actualizado",
    "atualizado",
    "pubblicato",
    "aggiornato",
    "تاريخ النشر",
    "نشر في",
    "نشر بتاريخ",
    "بتاريخ",
    "التاريخ:",
    "تاريخ:",
    "آخر تحديث",
    "تاریخ انتشار",
    "منتشر شده",
    "زمان انتشار",
    "تاریخ:",
    "تاریخ خبر",
    "تاریخ اشاعت",
    "شائع",
];

/// The first day on the page written after a label ([`DATE_LABELS`]), on the label's line
/// ("Last updated: November 13, 2025") or on the line after it ("Published" / "Feb 2, 2023"),
/// for pages whose date stands far from the headline (in a dateline column or at the foot of
/// the page) or that have no headline in the body. A page that shows only when it was last
/// updated gives that day: the only date it gives the reader.
fn labelled_date(fragments: &[crate::title::Fragment], lang: &str) -> Option<(i64, u32, u32)> {
    fragments.iter().enumerate().filter(|(_, f)| f.text.chars().count() <= 120).find_map(
        |(k, f)| {
            let lower = f.text.to_lowercase();
            // The clock is asked only of a line that starts with a label: not of every line.
            let label = DATE_LABELS
                .iter()
                .find(|l| lower.starts_with(*l))
                .filter(|_| !is_clock(&f.text))?;
            dates::parse_visible(&f.text, lang).or_else(|| {
                // The label alone on its line: the date is the next line.
                let rest =
                    lower[label.len()..].trim_matches(|c: char| c.is_whitespace() || c == ':');
                let next = fragments.get(k + 1).filter(|n| n.text.chars().count() <= 60)?;
                rest.is_empty().then(|| dates::parse_visible(&next.text, lang)).flatten()
            })
        },
    )
}

/// The blocks at the top of the article that the reader's header shows already: the headline
/// repeated as a block, and a short byline line ("By Jane Doe | June 3, 2025"). Indexes into
/// `blocks`, ascending.
pub fn header_blocks(blocks: &[Block], headline: &str, byline: Option<&str>) -> Vec<usize> {
    let headline = crate::words::headline_words(headline);
    let byline = byline.map(crate::words::headline_words).unwrap_or_default();
    let mut out = Vec::new();
    for (i, b) in blocks.iter().enumerate().take(6) {
        if matches!(b.kind, BlockKind::Figure { .. }) || b.text.is_empty() {
            continue;
        }
        // Neither test below passes for a text of more words than this; most blocks are
        // paragraphs, far longer, and are not split into words at all (the splitting was 2 %
        // of the extraction's instructions: docs/PERFORMANCE.md).
        let most = if out.is_empty() { headline.len() } else { 0 }.max(if byline.is_empty() {
            0
        } else {
            byline.len() + 6
        });
        if more_words_than(&b.text, most) {
            continue;
        }
        let words = crate::words::headline_words(&b.text);
        let is_headline = !headline.is_empty() && words == headline && out.is_empty();
        // The byline's names and little else (a date, "By", "Updated"): at most six more words.
        let is_byline =
            !byline.is_empty() && words.len() <= byline.len() + 6 && contains_run(&words, &byline);
        if is_headline || is_byline {
            out.push(i);
        }
    }
    out
}

/// Whether [`crate::words::headline_words`] of `s` surely has more than `n` words, told without
/// splitting it: by its runs between ASCII whitespace that hold an ASCII letter or digit. Each
/// such run holds a word (an ASCII letter or digit is always in a UAX #29 word, and its compared
/// form is never empty), and no word spans ASCII whitespace (space, tab, CR, LF and form feed
/// are never joined to a letter: UAX #29 WB3a-WB3d, WB999), so the runs are at most the words.
fn more_words_than(s: &str, n: usize) -> bool {
    s.split_ascii_whitespace()
        .filter(|w| w.bytes().any(|b| b.is_ascii_alphanumeric()))
        .nth(n)
        .is_some()
}

/// Whether `needle` occurs in `haystack` as consecutive items.
fn contains_run(haystack: &[Cow<'_, str>], needle: &[Cow<'_, str>]) -> bool {
    !needle.is_empty() && haystack.windows(needle.len()).any(|w| w == needle)
}

/// What [`readerable`] weighs: measured on the extraction itself and on the types the page
/// declares. `dana eval` reports how well the result separates the page types a reader view
/// is for (cli/src/eval/metadata.rs).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ReaderFeatures {
    /// The article's share of the page's content characters (sum of T1, thesis 4.3.2).
    pub share: f64,
    /// ln(1 + the article's words).
    pub log_words: f64,
    /// ln(1 + its paragraphs of 25 words or more).
    pub log_paragraphs: f64,
    /// The share of its blocks that are list items.
    pub list_share: f64,
    /// 1 when the page declares itself an article, a post or a discussion (`og:type`
    /// `article`, JSON-LD article, posting or Q&A types), else 0.
    pub declared_article: f64,
    /// 1 when it declares itself a product, an offer, a list or a collection, else 0.
    pub declared_shop: f64,
}

/// JSON-LD and `og:type` types of pages a reader view is for.
const READER_TYPES: &[&str] = &[
    "article",
    "DiscussionForumPosting",
    "QAPage",
    "SocialMediaPosting",
    "Question",
    "HowTo",
    "APIReference",
];
/// The features of an extraction; `words` is `words::word_count(text)` (counted once for
/// this and the reading time), `page_chars` the sum of T1 over the page.
pub fn reader_features(
    page: &Page,
    blocks: &[Block],
    text: &str,
    words: usize,
    page_chars: u64,
) -> ReaderFeatures {
    let paragraphs = blocks
        .iter()
        .filter(|b| {
            b.kind == BlockKind::Paragraph && crate::words::spaced_words(&b.text).nth(24).is_some()
        })
        .count();
    let items = blocks.iter().filter(|b| matches!(b.kind, BlockKind::ListItem { .. })).count();
    let ld = JsonLd::parse(&page.head.json_ld);
    let og_type = Metas::of(&page.head).first(&["og:type"]).unwrap_or_default();
    let declares = |types: &[&str]| {
        types.contains(&og_type.as_str())
            || ld.0.iter().any(|o| has_type(o, types))
            || (types == READER_TYPES && ld.0.iter().any(|o| has_type(o, ARTICLE_TYPES)))
    };
    let flag = |b: bool| if b { 1.0 } else { 0.0 };
    ReaderFeatures {
        share: if page_chars == 0 {
            0.0
        } else {
            (text.chars().count() as f64 / page_chars as f64).min(1.0)
        },
        log_words: (1.0 + words as f64).ln(),
        log_paragraphs: (1.0 + paragraphs as f64).ln(),
        list_share: if blocks.is_empty() { 0.0 } else { items as f64 / blocks.len() as f64 },
        declared_article: flag(declares(READER_TYPES)),
        declared_shop: flag(declares(SHOP_TYPES)),
    }
}

/// How likely a page is one a reader view is for, in 0..1: a logistic model of
/// [`ReaderFeatures`], fitted on the modern set's `page_type` (article, documentation, forum
/// and blog against product, listing and collection; the fit and its cross-validated ROC AUC:
/// docs/METADATA.md).
pub fn readerable(f: &ReaderFeatures) -> f64 {
    let z = READERABLE_BIAS
        + READERABLE_WEIGHTS[0] * f.share
        + READERABLE_WEIGHTS[1] * f.log_words
        + READERABLE_WEIGHTS[2] * f.log_paragraphs
        + READERABLE_WEIGHTS[3] * f.list_share
        + READERABLE_WEIGHTS[4] * f.declared_article
        + READERABLE_WEIGHTS[5] * f.declared_shop;
    1.0 / (1.0 + (-z).exp())
}

/// The first `max` characters of `text`, cut at a word boundary, with an ellipsis when cut.
pub fn opening(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let cut: String = text.chars().take(max).collect();
    let cut = match cut.rfind(char::is_whitespace) {
        Some(i) if i > cut.len() / 2 => &cut[..i],
        _ => &cut,
    };
    format!("{}…", cut.trim_end())
}

/// Estimated reading time of `text` in whole minutes (rounded up; 0 for no text) at the silent
/// reading rate of language `lang` (a BCP 47 tag; unknown languages read at the English rate);
/// `words` is `words::word_count(text)`.
pub fn reading_minutes(text: &str, words: usize, lang: &str) -> u32 {
    let primary = lang.split('-').next().unwrap_or_default();
    let units = match primary {
        // Chinese and Japanese are written without spaces: count characters.
        "zh" | "ja" => text.chars().filter(|c| c.is_alphanumeric()).count(),
        _ => words,
    };
    if units == 0 {
        return 0;
    }
    (units as f64 / reading_rate(primary)).ceil() as u32
}

/// Silent reading rate per minute: words, or characters for `zh` and `ja`.
///
/// Sources and assumptions:
/// - English: 238 words/min, the mean silent reading rate of adults for non-fiction in
///   Brysbaert (2019), "How many words do we read per minute? A review and meta-analysis of
///   reading rate", J. Memory and Language 109. He notes that rates in other languages follow
///   from the number of words a language needs for the same message.
/// - Other languages with a measured rate: IReST (Trauzettel-Klosinski & Dietz 2012, "Standardized
///   assessment of reading performance: the new International Reading Speed Texts IReST", IOVS
///   53(9)) timed the same texts in 17 languages, read aloud, at about the same texts per
///   minute in every language. We scale Brysbaert's silent English rate by each language's
///   IReST words/min over IReST English (228): Arabic 138, Hebrew 187, German 179, French 195,
///   Spanish 218, Italian 188, Dutch 202, Portuguese 181, Russian 184, Turkish 166, Polish 166,
///   Finnish 161, Swedish 199; Chinese 255 and Japanese 357 characters/min.
/// - Persian, Urdu and Pashto are not in IReST. Assumption, by the same principle: the words
///   each needs for Article 1 of the Universal Declaration of Human Rights against English's
///   30 (Arabic 19, Persian 32, Urdu 34, Pashto 35; Arabic's ratio, 0.63, is close to its IReST
///   ratio, 0.61). One short text: treat these three rates as rough, about ±20 %.
pub fn reading_rate(primary: &str) -> f64 {
    const EN: f64 = 238.0;
    let irest = |wpm: f64| EN * wpm / 228.0;
    let udhr = |words: f64| EN * words / 30.0;
    match primary {
        "ar" => irest(138.0),
        "he" => irest(187.0),
        "de" => irest(179.0),
        "fr" => irest(195.0),
        "es" => irest(218.0),
        "it" => irest(188.0),
        "nl" => irest(202.0),
        "pt" => irest(181.0),
        "ru" => irest(184.0),
        "tr" => irest(166.0),
        "pl" => irest(166.0),
        "fi" => irest(161.0),
        "sv" => irest(199.0),
        "zh" => irest(255.0),
        "ja" => irest(357.0),
        "fa" => udhr(32.0),
        "ur" => udhr(34.0),
        "ps" => udhr(35.0),
        _ => EN,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::options::LinkFilter;

    fn meta_of(html: &str, url: Option<&str>) -> Meta {
        let page = Page::parse(html, crate::preprocess::Preprocessing::thesis(LinkFilter::None));
        find(
            &page,
            Context { url, fragments: &crate::title::fragments(&page), ..Context::default() },
            &[],
        )
    }

    #[test]
    fn more_words_than_never_says_more_than_there_are() {
        let texts = [
            "By Jane Doe | June 3, 2025",
            "e.g. U.S. 3.14 don't can\u{2019}t a_b _ __ -- ... \t\n",
            "Jane\tDoe\r\nand\x0cJohn,Smith;Ann",
            "\u{0627}\u{0644}\u{0643}\u{0627}\u{062a}\u{0628} 12 \u{0645}\u{062d}\u{0645}\u{062f} (\u{0661}\u{0662}) \u{064b}\u{064b} x",
            "\u{05e9}\u{05dc}\u{05d5}\u{05dd} \u{4e2d}\u{6587}abc \u{00e9}t\u{00e9} 2025\u{2019}s na\u{00ef}ve",
            "",
            "   ",
            "!!! ??? ---",
        ];
        let mut taken = 0;
        for t in texts {
            let words = crate::words::headline_words(t).len();
            for n in 0..words + 3 {
                if more_words_than(t, n) {
                    assert!(words > n, "{t:?}: {words} words, said more than {n}");
                    taken += 1;
                }
            }
        }
        // The short cut is taken where it can be (a text of many ASCII words).
        assert!(more_words_than("one two three four", 3) && taken > 10);
    }

    #[test]
    fn meta_tags_are_read() {
        let out = meta_of(
            "<head><meta property=\"og:site_name\" content=\"Coast Times\"><meta name=\"author\" content=\"By  Jane Doe\">\
             <meta property=\"article:published_time\" content=\"2024-03-01T10:00:00Z\"><meta property=\"og:image\" content=\"/img/lead.jpg\">\
             <meta name=\"description\" content=\"A storm.\"></head><p>x</p>",
            Some("https://coast.example/news/storm.html"),
        );
        assert_eq!(out.site_name.as_deref(), Some("Coast Times"));
        assert_eq!(out.byline.as_deref(), Some("Jane Doe"));
        assert_eq!(out.published.as_deref(), Some("2024-03-01T10:00:00Z"));
        assert_eq!(out.lead_image.as_deref(), Some("https://coast.example/img/lead.jpg"));
        assert_eq!(out.excerpt.as_deref(), Some("A storm."));
    }

    #[test]
    fn json_ld_graph_and_arrays_are_read() {
        let ld = r#"{"@context":"https://schema.org","@graph":[{"@type":"WebSite","name":"The Site"},
            {"@type":["NewsArticle"],"author":[{"@type":"Person","name":"A. One"},{"name":"B. Two"}],
             "datePublished":"2023-05-06","image":[{"@type":"ImageObject","url":"https://cdn.example/a.jpg"}],
             "publisher":{"@type":"Organization","name":"Publisher Inc"}}]}"#;
        let out =
            meta_of(&format!("<script type=\"application/ld+json\">{ld}</script><p>x</p>"), None);
        assert_eq!(out.byline.as_deref(), Some("A. One, B. Two"));
        assert_eq!(out.published.as_deref(), Some("2023-05-06"));
        assert_eq!(out.lead_image.as_deref(), Some("https://cdn.example/a.jpg"));
        assert_eq!(out.site_name.as_deref(), Some("Publisher Inc"));
    }

    #[test]
    fn a_site_declared_as_its_own_author_is_no_byline() {
        let out = meta_of("<meta property=og:site_name content=\"Coast Times\"><meta name=author content=\"Coast Times - news\"><p>x</p>", None);
        assert_eq!(out.byline, None);
        let ld =
            r#"{"@type":"NewsArticle","author":{"@type":"Organization","name":"Coast Times"}}"#;
        assert_eq!(
            meta_of(&format!("<script type=\"application/ld+json\">{ld}</script>"), None).byline,
            None
        );
    }

    #[test]
    fn nothing_declared_says_nothing() {
        let out = meta_of("<script type=\"application/ld+json\">{not json</script><meta name=author content=\"https://x.example/me\"><p>x</p>", None);
        assert_eq!(
            (out.site_name, out.byline, out.published, out.lead_image, out.excerpt),
            (None, None, None, None, None)
        );
        // A relative image without a page URL cannot be resolved, so it is not reported.
        assert_eq!(meta_of("<meta property=og:image content=/a.jpg>", None).lead_image, None);
    }

    #[test]
    fn excerpt_falls_back_to_the_first_paragraph() {
        let long = "word ".repeat(100);
        let out = crate::extract(
            &format!("<article><h1>T</h1><p>{long}</p></article>"),
            &crate::Options::default(),
        );
        let e = out.excerpt.expect("excerpt");
        assert!(e.ends_with('…') && e.chars().count() <= EXCERPT_CHARS + 1, "{e}");
    }

    #[test]
    fn reading_time_depends_on_the_language() {
        let text = "word ".repeat(476);
        assert_eq!(reading_minutes(&text, crate::words::word_count(&text), "en"), 2); // 476 / 238
        assert_eq!(reading_minutes(&text, crate::words::word_count(&text), "ar"), 4); // 476 / 144
        assert_eq!(reading_minutes("", 0, "en"), 0);
        assert_eq!(reading_minutes(&"字".repeat(300), 0, "zh"), 2);
    }
}
