//! Page metadata for the reader view: site name, byline, published time, lead image, excerpt,
//! and the estimated reading time.
//!
//! Only what the page declares: `<meta>` tags (Open Graph `og:`, `article:`, Twitter cards,
//! `name=author`, Dublin Core, Parse.ly) and JSON-LD (`<script type="application/ld+json">`,
//! objects, arrays and `@graph`). A field the page does not declare stays `None`; the excerpt
//! alone falls back to the opening of the first paragraph, as its documentation says.

use serde_json::Value;

use crate::extraction::{Block, BlockKind};
use crate::preprocess::{collapse_whitespace, Head, Page};
use crate::render::{safe_url, UrlUse};

pub mod dates;
mod people;

/// Longest byline we accept: a longer "author" is a misused field (a bio, a list of tags).
const MAX_BYLINE_CHARS: usize = 120;
/// Length of the excerpt taken from the first paragraph, in characters.
const EXCERPT_CHARS: usize = 200;

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
    /// What the page calls its site ([`crate::title::Witnesses`]): a byline that is the site's
    /// name is no byline.
    pub witnesses: Option<&'a crate::title::Witnesses>,
}

/// Finds byline, site name, dates, lead image and excerpt. (The reading time depends
/// on the language: it is [`reading_minutes`] of the text once the language is known.)
pub fn find(page: &Page, cx: Context, blocks: &[Block]) -> Meta {
    let metas = Metas::of(&page.head);
    let ld = JsonLd::with_main_entities(&page.head.json_ld);

    let site_name = site_name(&metas, &ld, cx);
    let markup = Markup { page, headline_line: cx.headline_line, found: std::cell::OnceCell::new() };
    let byline = byline(&metas, &ld, site_name.as_deref(), cx, &markup);
    let (published, modified) = dates_of(page, &metas, &ld, cx, &markup);

    let base = base_url(cx.url, page.head.base_href.as_deref());
    let resolve = |raw: &str| safe_url(base.as_ref(), raw, UrlUse::Image);
    let lead_image = metas
        .all(&["og:image", "og:image:url", "og:image:secure_url", "twitter:image", "twitter:image:src"])
        .into_iter()
        .chain(ld.all(|o| o.get("image").and_then(image_of)))
        .chain(ld.all(|o| o.get("thumbnailUrl").and_then(image_of)))
        .filter(|raw| !looks_like_logo(raw))
        .find_map(|raw| resolve(&raw))
        .or_else(|| {
            // The article's first picture, when the page declares none.
            blocks
                .iter()
                .filter(|b| b.kind == BlockKind::Figure)
                .filter(|b| !b.src.as_deref().is_some_and(looks_like_logo) && !b.alt.as_deref().is_some_and(looks_like_logo))
                .find_map(|b| b.src.clone())
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
    ["logo", "favicon", "icon", "avatar", "sprite", "placeholder", "default-image", "default_image"].iter().any(|w| s.contains(w))
}

/// Names too generic to be a site's: a section, not the site ("Blog", "Home").
const GENERIC_SITE_NAMES: [&str; 8] = ["blog", "home", "news", "homepage", "index", "website", "site", "articles"];

/// The site's name: `og:site_name`, JSON-LD `publisher` or `WebSite` name, `application-name`,
/// else the URL's host without `www.`; never a slug (`my-site`), a generic word ("Blog") or
/// the headline again.
fn site_name(metas: &Metas, ld: &JsonLd, cx: Context) -> Option<String> {
    let headline = crate::title::headline_words(cx.headline);
    let ok = |s: &String| {
        let words = crate::title::headline_words(s);
        let slug = !s.contains(' ') && s.contains(['-', '_']) && s.chars().all(|c| !c.is_uppercase());
        !words.is_empty() && words != headline && !slug && s.chars().count() <= 80 && !GENERIC_SITE_NAMES.contains(&s.to_lowercase().as_str())
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
fn dates_of(page: &Page, metas: &Metas, ld: &JsonLd, cx: Context, markup: &Markup) -> (Option<String>, Option<String>) {
    const PUBLISHED: [&str; 13] = [
        "article:published_time", "og:published_time", "datepublished", "parsely-pub-date", "sailthru.date", "pubdate", "publishdate",
        "publish-date", "dc.date.issued", "dcterms.issued", "dc.date", "dcterms.created", "date",
    ];
    const MODIFIED: [&str; 5] = ["article:modified_time", "og:updated_time", "datemodified", "dcterms.modified", "last-modified"];
    let machine = |key: &str, tags: &[&str], itemprop: &str| {
        ld.all(|o| o.get(key).and_then(text_of))
            .into_iter()
            .chain(metas.all(tags))
            .find_map(|d| dates::normalise(&d))
            .or_else(|| time_element(page, itemprop))
            .or_else(|| annotated_date(page, tags))
    };
    let published = machine("datePublished", &PUBLISHED, "datepublished").map(|d| shown_day(cx, local_form(page, d), markup)).or_else(|| visible_date(cx, markup));
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
    let has_offset = date.get(10..).is_some_and(|t| !t.ends_with('Z') && (t.contains('+') || t.contains('-')));
    let declared = || -> Option<(i64, u32, u32)> { Some((date.get(..4)?.parse().ok()?, date.get(5..7)?.parse().ok()?, date.get(8..10)?.parse().ok()?)) };
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
        let key = t.attr("property").or_else(|| t.attr("itemprop"))?.trim().to_ascii_lowercase().replace(':', ".");
        keys.contains(&key.as_str()).then(|| dates::normalise(t.attr("content").or_else(|| t.attr("datetime"))?)).flatten()
    })
}

/// The `datetime` of the `<time>` element whose `itemprop` is `itemprop`, else (for the
/// published date) of the first `<time datetime>` whose class or itemprop does not say it is
/// a modification date.
fn time_element(page: &Page, itemprop: &str) -> Option<String> {
    let times = || page.toks.iter().filter(|t| t.name() == Some("time")).filter_map(|t| Some((t, dates::normalise(t.attr("datetime")?)?)));
    let says = |t: &crate::preprocess::Tok, what: &str| {
        [t.attr("itemprop"), t.attr("class")].into_iter().flatten().any(|v| v.to_ascii_lowercase().contains(what))
    };
    times().find(|(t, _)| says(t, itemprop)).map(|(_, d)| d).or_else(|| {
        (itemprop == "datepublished")
            .then(|| times().find(|(t, _)| !says(t, "modified") && !says(t, "updated")).map(|(_, d)| d))
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
        near.iter().enumerate().filter(|(_, f)| short(f) && !is_clock(&f.text)).find_map(|(k, f)| {
            let day = dates::parse_visible(&f.text, cx.lang)?;
            let label = |t: &str| {
                let lower = t.to_lowercase();
                UPDATE_WORDS.iter().any(|w| lower.contains(w)) && !PUBLISH_WORDS.iter().any(|w| lower.contains(w))
            };
            let before = k.checked_sub(1).map(|j| &near[j]).filter(|p| p.text.chars().count() <= 30);
            let other = before.is_some_and(|p| OTHER_DATE_LABELS.iter().any(|l| p.text.trim().to_lowercase().starts_with(l)));
            // A date labelled as another's ("Joined: 04 Jun 2006" beside a poster's name) is not
            // the page's.
            if OTHER_DATE_LABELS.iter().any(|l| f.text.trim().to_lowercase().starts_with(l)) {
                return None;
            }
            Some((day, label(&f.text) || before.is_some_and(|p| label(&p.text)), is_dateline(&f.text) && !other))
        })
    })
}

/// Whether a line that holds a date is a dateline: short (a date, its time, a label), and not
/// the date of something else that a label before a colon names ("Joined: 4. Jul 2012" under
/// a forum user's name). A longer line is a sentence or a headline that holds a date (a
/// news ticker's "[ December 8, 2025 ] Top 10 …", a version number "2024.4.4 -> 2024.5.0").
fn is_dateline(text: &str) -> bool {
    const MAX_DATELINE_CHARS: usize = 40;
    let labelled_otherwise = text.split_once(':').is_some_and(|(label, _)| {
        let label = label.trim().to_lowercase();
        !label.chars().any(|c| c.is_numeric()) && !DATE_LABELS.iter().chain(PUBLISH_WORDS.iter()).any(|l| label.starts_with(l.trim_end_matches(':')))
    });
    let lower = text.trim().to_lowercase();
    text.chars().count() <= MAX_DATELINE_CHARS && !labelled_otherwise && !OTHER_DATE_LABELS.iter().any(|l| lower.starts_with(l))
}

/// Whether a line is the site's clock, the day of the visit rather than of the page: "It is
/// currently Tue Mar 11, 2008 10:42 am" (phpBB), "The time now is 10:42 AM" (vBulletin),
/// "Current Time:", "Today is …", and their Arabic and Persian forms.
fn is_clock(text: &str) -> bool {
    const CLOCK_LABELS: [&str; 8] = ["it is currently", "the time now is", "current time", "current date", "today is", "الوقت الآن", "التوقيت الآن", "اليوم هو"];
    let lower = text.trim().to_lowercase();
    CLOCK_LABELS.iter().any(|l| lower.starts_with(l) || (l.len() > 10 && lower.contains(l)))
}

/// Labels of the other dates written near a headline or a byline: a forum user's
/// ("Joined" / "Nov 4, 2011", as XenForo and phpBB write it beside each post's author), an
/// event's.
const OTHER_DATE_LABELS: [&str; 8] = ["joined", "member since", "registered", "last seen", "last active", "last visit", "born", "event date"];

/// Words that mark a date as the day of an update rather than of publication.
const UPDATE_WORDS: [&str; 10] =
    ["updated", "modified", "edited", "reviewed", "mis à jour", "aktualisiert", "actualizado", "atualizado", "aggiornato", "تحديث"];
/// Words that mark a date as the day of publication.
const PUBLISH_WORDS: [&str; 9] = ["published", "posted", "publié", "veröffentlicht", "publicado", "pubblicato", "النشر", "نشر", "انتشار"];

/// Labels that pages write before the date of an article or a page, in the languages whose
/// dates [`dates::parse_visible`] reads (lowercase, as a line opens).
const DATE_LABELS: [&str; 31] = [
    "published", "posted", "last updated", "updated", "last modified", "last reviewed", "date:", "publié", "mis à jour", "veröffentlicht",
    "aktualisiert", "stand:", "publicado", "actualizado", "atualizado", "pubblicato", "aggiornato", "تاريخ النشر", "نشر في", "نشر بتاريخ", "بتاريخ",
    "التاريخ:", "تاريخ:", "آخر تحديث", "تاریخ انتشار", "منتشر شده", "زمان انتشار", "تاریخ:", "تاریخ خبر", "تاریخ اشاعت", "شائع",
];

/// The first day on the page written after a label ([`DATE_LABELS`]), on the label's line
/// ("Last updated: November 13, 2025") or on the line after it ("Published" / "Feb 2, 2023"),
/// for pages whose date stands far from the headline (in a dateline column or at the foot of
/// the page) or that have no headline in the body. A page that shows only when it was last
/// updated gives that day: the only date it gives the reader.
fn labelled_date(fragments: &[crate::title::Fragment], lang: &str) -> Option<(i64, u32, u32)> {
    fragments.iter().enumerate().filter(|(_, f)| f.text.chars().count() <= 120 && !is_clock(&f.text)).find_map(|(k, f)| {
        let lower = f.text.to_lowercase();
        let label = DATE_LABELS.iter().find(|l| lower.starts_with(*l))?;
        dates::parse_visible(&f.text, lang).or_else(|| {
            // The label alone on its line: the date is the next line.
            let rest = lower[label.len()..].trim_matches(|c: char| c.is_whitespace() || c == ':');
            let next = fragments.get(k + 1).filter(|n| n.text.chars().count() <= 60)?;
            rest.is_empty().then(|| dates::parse_visible(&next.text, lang)).flatten()
        })
    })
}

/// The blocks at the top of the article that the reader's header shows already: the headline
/// repeated as a block, and a short byline line ("By Jane Doe | June 3, 2025"). Indexes into
/// `blocks`, ascending.
pub fn header_blocks(blocks: &[Block], headline: &str, byline: Option<&str>) -> Vec<usize> {
    let headline = crate::title::headline_words(headline);
    let byline = byline.map(crate::title::headline_words).unwrap_or_default();
    let mut out = Vec::new();
    for (i, b) in blocks.iter().enumerate().take(6) {
        if b.kind == BlockKind::Figure || b.text.is_empty() {
            continue;
        }
        // Neither test below passes for a text of more words than this; most blocks are
        // paragraphs, far longer, and are not split into words at all (the splitting was 2 %
        // of the extraction's instructions: docs/PERFORMANCE.md).
        let most = if out.is_empty() { headline.len() } else { 0 }.max(if byline.is_empty() { 0 } else { byline.len() + 6 });
        if more_words_than(&b.text, most) {
            continue;
        }
        let words = crate::title::headline_words(&b.text);
        let is_headline = !headline.is_empty() && words == headline && out.is_empty();
        // The byline's names and little else (a date, "By", "Updated"): at most six more words.
        let is_byline = !byline.is_empty() && words.len() <= byline.len() + 6 && contains_run(&words, &byline);
        if is_headline || is_byline {
            out.push(i);
        }
    }
    out
}

/// Whether [`crate::title::headline_words`] of `s` surely has more than `n` words, told without
/// splitting it: by its runs between ASCII whitespace that hold an ASCII letter or digit. Each
/// such run holds a word (an ASCII letter or digit is always in a UAX #29 word, and its compared
/// form is never empty), and no word spans ASCII whitespace (space, tab, CR, LF and form feed
/// are never joined to a letter: UAX #29 WB3a-WB3d, WB999), so the runs are at most the words.
fn more_words_than(s: &str, n: usize) -> bool {
    s.split_ascii_whitespace().filter(|w| w.bytes().any(|b| b.is_ascii_alphanumeric())).nth(n).is_some()
}

/// Whether `needle` occurs in `haystack` as consecutive items.
fn contains_run(haystack: &[String], needle: &[String]) -> bool {
    !needle.is_empty() && haystack.windows(needle.len()).any(|w| w == needle)
}

/// The `headline` of the page's JSON-LD (an article's first), for [`crate::title::declared`].
pub fn json_ld_headline(head: &Head) -> Option<String> {
    JsonLd::parse(&head.json_ld).find(|o| o.get("headline").and_then(text_of))
}

/// The site's names the page's JSON-LD gives: each `publisher`'s and `WebSite`'s name, for
/// [`crate::title`], which takes them off declared titles.
pub fn json_ld_site_names(head: &Head) -> Vec<String> {
    let ld = JsonLd::parse(&head.json_ld);
    let mut names = ld.all(|o| o.get("publisher").map(|p| ld.resolve(p)).and_then(name_of));
    names.extend(ld.0.iter().filter(|o| has_type(o, &["WebSite"])).filter_map(|o| o.get("name").and_then(text_of)));
    names
}

/// The logistic model of [`readerable`]: bias and weights in the order of the fields of
/// [`ReaderFeatures`], written by `cargo run --release -p dana-cli --example readerable_fit`.
const READERABLE_BIAS: f64 = -2.461;
const READERABLE_WEIGHTS: [f64; 6] = [0.884, 0.069, 0.672, 0.312, 1.396, -2.583];

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
const READER_TYPES: &[&str] = &["article", "DiscussionForumPosting", "QAPage", "SocialMediaPosting", "Question", "HowTo", "APIReference"];
/// Types of pages it is not for.
const SHOP_TYPES: &[&str] = &["product", "Product", "ProductGroup", "Offer", "AggregateOffer", "ItemList", "CollectionPage", "SearchResultsPage", "OfferCatalog", "Store", "product.group"];

/// The features of an extraction; `words` is `sentences::word_count(text)` (counted once for
/// this and the reading time), `page_chars` the sum of T1 over the page.
pub fn reader_features(page: &Page, blocks: &[Block], text: &str, words: usize, page_chars: u64) -> ReaderFeatures {
    let paragraphs = blocks.iter().filter(|b| b.kind == BlockKind::Paragraph && crate::sentences::spaced_words(&b.text).nth(24).is_some()).count();
    let items = blocks.iter().filter(|b| b.kind == BlockKind::ListItem).count();
    let ld = JsonLd::parse(&page.head.json_ld);
    let og_type = Metas::of(&page.head).first(&["og:type"]).unwrap_or_default();
    let declares = |types: &[&str]| types.contains(&og_type.as_str()) || ld.0.iter().any(|o| has_type(o, types)) || (types == READER_TYPES && ld.0.iter().any(|o| has_type(o, ARTICLE_TYPES)));
    let flag = |b: bool| if b { 1.0 } else { 0.0 };
    ReaderFeatures {
        share: if page_chars == 0 { 0.0 } else { (text.chars().count() as f64 / page_chars as f64).min(1.0) },
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

/// The page URL joined with `<base href>` (only to http(s)), as the block builder resolves.
/// The page's address ([`crate::Options::url`]) parsed, its internationalised host in ASCII
/// first (`crate::idn`: the wasm's URL parser has no IDNA tables).
pub(crate) fn page_url(url: &str) -> Option<url::Url> {
    url::Url::parse(&crate::idn::ascii_host(url)).ok()
}

fn base_url(url: Option<&str>, base_href: Option<&str>) -> Option<url::Url> {
    let page = url.and_then(page_url);
    let base_href = base_href.map(crate::idn::ascii_host);
    let http = |u: &url::Url| matches!(u.scheme(), "http" | "https");
    match (page, base_href.as_deref()) {
        (Some(p), Some(b)) => p.join(b).ok().filter(http).or(Some(p)),
        (None, Some(b)) => url::Url::parse(b).ok().filter(http),
        (p, None) => p,
    }
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

/// The byline, names only: JSON-LD `author` (people, not organisations), else the page's
/// `meta` author tags, else its byline markup ([`byline_markup`]).
fn byline(metas: &Metas, ld: &JsonLd, site_name: Option<&str>, cx: Context, markup: &Markup) -> Option<String> {
    let headline_line = cx.headline_line;
    const META_AUTHORS: [&str; 7] = ["author", "article:author", "byl", "parsely-author", "dc.creator", "dcterms.creator", "sailthru.author"];
    // Sites often declare themselves as the author with more words ("Site - news"): that is
    // not a byline (the site's name alone is: the site wrote it).
    let not_the_site = |b: &String| site_name.is_none_or(|site| b.eq_ignore_ascii_case(site) || !b.to_lowercase().starts_with(&site.to_lowercase())) && !is_the_site(b, site_name, cx);
    let from_ld = ld.find(|o| o.get("author").map(|a| ld.resolve(a)).and_then(names_of)).and_then(|b| clean_names(&b, false)).filter(not_the_site);
    let declared = from_ld.or_else(|| metas.all(&META_AUTHORS).iter().filter(|v| !looks_like_url(v)).find_map(|v| clean_names(v, false)).filter(not_the_site));
    // The names the body shows: on a shop's page (a product, a collection), those of its
    // reviews and questions, not of an author.
    let shop = declares_shop(metas, ld);
    let shown = || {
        (!shop)
            .then(|| markup.get().map(|(b, _, _)| b.clone()))
            .flatten()
            .or_else(|| byline_line(cx.fragments, headline_line?))
            .or_else(|| written_by(cx.fragments))
            .or_else(|| footer_byline(cx.unpruned?))
            .filter(|b| !shop && !is_the_site(b, site_name, cx))
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
        Some(organisation) => Some(shown().filter(|b| people::names_a_person(b)).unwrap_or(organisation)),
        None => shown(),
    }
}

/// Whether a byline is the site itself writing: the name the page gives its site
/// ([`crate::title::Witnesses::names_site`]: the host's, a declared title's suffix, the
/// logo's alt, an acronym its declared name opens with) written as an organisation's ("LBCI",
/// "المدينة نيوز") or as the host's slug ("akhbarelyom"). A person's name that is also the
/// site's (a personal site) and a brand written as a name ("Supermove") stay: the annotations
/// of the modern set give them as authors.
fn is_the_site(b: &str, site_name: Option<&str>, cx: Context) -> bool {
    let slug = !b.contains(' ') && b.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit());
    (slug || people::looks_like_organisation(b)) && cx.witnesses.is_some_and(|w| w.names_site(b, site_name))
}

/// Whether the page declares itself a shop's (a product, an offer, a collection) and not an
/// article.
fn declares_shop(metas: &Metas, ld: &JsonLd) -> bool {
    let og_type = metas.first(&["og:type"]).unwrap_or_default();
    let declares = |types: &[&str]| types.contains(&og_type.as_str()) || ld.0.iter().any(|o| has_type(o, types));
    declares(SHOP_TYPES) && !declares(ARTICLE_TYPES) && og_type != "article"
}

/// A byline written as a line of text near the headline, without markup that names it:
/// "By Jane Doe", "Written by Jane Doe", "Author: Jane Doe", or the lead on a line of its own
/// and the names on the next ("Written by" / "Jane Doe"). A few lines before the headline,
/// more after, as [`visible_date`] looks for the date.
fn byline_line(fragments: &[crate::title::Fragment], headline_line: usize) -> Option<String> {
    let at = fragments.partition_point(|f| f.line < headline_line);
    let near = &fragments[at.saturating_sub(5)..(at + 25).min(fragments.len())];
    near.iter().enumerate().filter(|(_, f)| f.text.chars().count() <= MAX_BYLINE_CHARS).find_map(|(k, f)| {
        let lead = byline_lead(&f.text)?;
        // "Authors" opens a menu or a heading as well ("Authors Feed"): only "Author:" is a lead.
        if f.text[..lead].to_ascii_lowercase().starts_with("author") && !f.text[lead..].starts_with(':') {
            return None;
        }
        if f.text[lead..].trim_matches([' ', ':']).is_empty() {
            near.get(k + 1).and_then(|next| clean_names(&next.text, true))
        } else {
            clean_names(&f.text, true)
        }
    })
}

/// The last resort: a line anywhere on the page that opens with "Written by" and names (an
/// author box after the article, "Written by John Crenshaw"). Only that lead: "By" and
/// "Posted by" open other lines too (a photo credit, each comment).
fn written_by(fragments: &[crate::title::Fragment]) -> Option<String> {
    const LEAD: &str = "written by";
    fragments.iter().filter(|f| f.text.chars().count() <= MAX_BYLINE_CHARS).find_map(|f| {
        let rest = f.text.get(..LEAD.len()).filter(|p| p.eq_ignore_ascii_case(LEAD)).map(|_| &f.text[LEAD.len()..])?;
        rest.starts_with([' ', ':']).then(|| clean_names(&f.text, true)).flatten()
    })
}

/// [`byline_lead`], for [`crate::title`]: a line that opens so is a byline, not a headline.
pub(crate) fn byline_lead_len(s: &str) -> Option<usize> {
    byline_lead(s)
}

/// The length of the lead ([`BYLINE_LEADS`]) `s` opens with, followed by a space, a colon
/// or nothing.
fn byline_lead(s: &str) -> Option<usize> {
    BYLINE_LEADS.iter().find(|l| s.get(..l.len()).is_some_and(|p| p.eq_ignore_ascii_case(l)) && s[l.len()..].chars().next().is_none_or(|c| c == ' ' || c == ':')).map(|l| l.len())
}

/// Whether a class names an author or byline element ("byline", "author-name",
/// "wp-block-post-author__name"), and not its picture, biography or date.
fn is_byline_class(class: &str) -> bool {
    // One pass over the whole attribute first: most classes say neither word, and asking
    // each of their words for both (below) was 2 % of the extraction's instructions.
    mentions_author_or_byline(class.as_bytes())
        && class.split_ascii_whitespace().any(|c| {
        (contains_ascii_lowercase(c, "author") || contains_ascii_lowercase(c, "byline"))
            && !["avatar", "bio", "desc", "img", "image", "photo", "pic", "label", "box", "about", "more", "social", "link"]
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
    use crate::swar::{equal_bytes, first, EACH_BYTE};
    let word_at = |start: Option<usize>, word: &[u8]| start.and_then(|s| b.get(s..s + word.len())).is_some_and(|w| w.eq_ignore_ascii_case(word));
    b.chunks(8).enumerate().any(|(n, chunk)| {
        // The last chunk padded with zeros, which are neither letter.
        let mut w = [0u8; 8];
        w[..chunk.len()].copy_from_slice(chunk);
        let l = u64::from_le_bytes(w) | (EACH_BYTE * 0x20);
        let mut hits = equal_bytes(l, b'h') | equal_bytes(l, b'y');
        while hits != 0 {
            let i = n * 8 + first(hits);
            if word_at(i.checked_sub(3), b"author") || word_at(i.checked_sub(1), b"byline") {
                return true;
            }
            hits &= hits - 1;
        }
        false
    })
}

/// Whether a class names a forum poster's name ("username" in phpBB and XenForo,
/// "PostUser-name" in Flarum).
fn is_user_class(class: &str) -> bool {
    class.split_ascii_whitespace().any(|c| contains_ascii_lowercase(c, "username") || contains_ascii_lowercase(c, "user-name"))
}

/// Whether `s` lowercased in ASCII contains `needle` (lowercase ASCII), without the lowercase
/// copy: `byline_markup` asks it of every class on the page.
#[inline(never)] // asked for each of many words: one copy of the loop, not one per word (wasm size)
fn contains_ascii_lowercase(s: &str, needle: &str) -> bool {
    // The first byte alone rules out most places (a third of `byline_markup`'s cost was
    // comparing whole windows).
    let (s, n) = (s.as_bytes(), needle.as_bytes());
    let Some((&first, rest)) = n.split_first() else { return true };
    s.len() >= n.len() && (0..=s.len() - n.len()).any(|i| s[i].to_ascii_lowercase() == first && s[i + 1..i + n.len()].eq_ignore_ascii_case(rest))
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
    let has = |t: &Tok, attr: &str, value: &str| t.attr(attr).is_some_and(|r| r.split_ascii_whitespace().any(|r| r.eq_ignore_ascii_case(value)));
    let strong = |t: &Tok| has(t, "rel", "author") || has(t, "itemprop", "author");
    let weak = |t: &Tok| t.attr("class").is_some_and(is_byline_class);
    let linked = |t: &Tok| t.name() == Some("a") && t.attr("href").is_some_and(is_author_link);
    let user = |t: &Tok| t.attr("class").is_some_and(is_user_class);
    let from = headline_line.map_or(0, |l| page.line_of.partition_point(|&x| (x as usize) + BYLINE_ABOVE_HEADLINE < l));
    let opens = |i: usize| matches!(page.toks[i], Tok::Start { self_closing: false, .. });
    // The byline of pass `k` if the element at `i` holds names.
    let names_at = |k: usize, i: usize, pass: &dyn Fn(&Tok) -> bool| {
        element_names(page, i).map(|name| {
            // Co-authors' links after the first (`rel=author` or a link to an author's page).
            let (name, names) = if k == 0 || k == 2 { with_co_authors(page, i, name, pass) } else { (name, 1) };
            (name, page.line_of[i] as usize, names)
        })
    };
    let all = 0..page.toks.len();
    if let Some(found) = all.clone().filter(|&i| opens(i) && strong(&page.toks[i])).find_map(|i| names_at(0, i, &strong)) {
        return Some(found);
    }
    // Pass 2 reads every class, and keeps the elements whose class says byline for pass 4:
    // asking `is_byline_class` once a tag, not twice, and pass 4 walking those alone.
    let mut bylines = Vec::new();
    for i in all.clone().filter(|&i| opens(i)) {
        let Some(class) = page.toks[i].attr("class").filter(|c| is_byline_class(c)) else { continue };
        bylines.push(i);
        // An author's name element ("author-name") before the boxes that hold it with more.
        if contains_ascii_lowercase(class, "name") {
            if let Some(found) = names_at(1, i, &weak) {
                return Some(found);
            }
        }
    }
    let around = (from..page.toks.len()).chain(0..from);
    if let Some(found) = around.filter(|&i| opens(i) && linked(&page.toks[i])).find_map(|i| names_at(2, i, &linked)) {
        return Some(found);
    }
    if let Some(found) = bylines.into_iter().find_map(|i| names_at(3, i, &weak)) {
        return Some(found);
    }
    all.filter(|&i| opens(i) && user(&page.toks[i])).find_map(|i| names_at(4, i, &user))
}

/// The last resort on a page read pruned: the byline markup ([`byline_markup`]) in an article's
/// own `<footer>`, which pruning drops with the site's footers. HTML gives an article's footer to
/// information about it "such as who wrote it" (the `footer` element, HTML Living Standard
/// 4.3.8); a comment's article or footer (WordPress's `comment-body` and `comment-meta`) names
/// the commenter, and is passed over. Only footers inside an open `<article>` are read, each
/// parsed on its own (`how`, without pruning), and only when no other rule found a byline.
fn footer_byline((html, how): (&str, crate::preprocess::Preprocessing)) -> Option<String> {
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
            let comment = |at: usize| contains_ascii_lowercase(&html[at..html[at..].find('>').map_or(i, |e| at + e)], "comment");
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
struct Markup<'p, 'h> {
    page: &'p Page<'h>,
    headline_line: Option<usize>,
    found: std::cell::OnceCell<Option<(String, usize, usize)>>,
}

impl Markup<'_, '_> {
    /// The byline, its line and how many names it links ([`byline_markup`]).
    fn get(&self) -> Option<&(String, usize, usize)> {
        self.found.get_or_init(|| byline_markup(self.page, self.headline_line)).as_ref()
    }
}

/// How many lines above the headline a byline is looked for first ("By Jane Doe" over the
/// headline, a kicker, a picture).
const BYLINE_ABOVE_HEADLINE: usize = 12;

/// The names an element of the body holds, by [`clean_names`]: in microdata (`itemprop=author`)
/// its `itemprop=name`; else its text, whole when it stands on one line, else its first line
/// that is names: an author box puts the name and the role or the biography on lines of their
/// own ("Jane Doe" / "Senior Writer"), and a lead on its own line ("Written by" / "Jane Doe").
fn element_names(page: &Page, start: usize) -> Option<String> {
    use crate::preprocess::Tok;
    let end = element_end(page, start);
    if page.toks[start].attr("itemprop").is_some_and(|p| p.split_ascii_whitespace().any(|p| p.eq_ignore_ascii_case("author"))) {
        let name = (start + 1..end).find(|&j| page.toks[j].attr("itemprop").is_some_and(|p| p.eq_ignore_ascii_case("name")));
        if let Some(j) = name {
            let text = page.toks[j].attr("content").map_or_else(|| element_text(page, j, MAX_BYLINE_CHARS * 2), str::to_string);
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
    let lines: Vec<String> = lines.into_iter().map(|(_, t)| collapse_whitespace(&t).trim().to_string()).filter(|t| !t.is_empty()).collect();
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
fn with_co_authors(page: &Page, start: usize, first: String, like: &dyn Fn(&crate::preprocess::Tok) -> bool) -> (String, usize) {
    use crate::preprocess::Tok;
    const MAX_CO_AUTHORS: usize = 12;
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
                let Some(name) = (!sep.is_empty()).then(|| element_names(page, j)).flatten() else { break };
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
            Tok::Start { name, .. } | Tok::End { name } if INLINE.contains(&name.as_ref()) => j += 1,
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
const AUTHOR_SEGMENTS: [&str; 10] = ["author", "authors", "contributor", "contributors", "writer", "writers", "columnist", "columnists", "byline", "journalist"];
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
        let by_id = query.split('&').any(|kv| kv.split_once('=').is_some_and(|(k, v)| ["id", "u", "user", "username"].contains(&k) && !v.is_empty()));
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
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty() && *s != "." && *s != "..").collect();
    // Not the site's own pages under those names: a feed, the list of members, logging in.
    const NOT_A_PERSON: [&str; 14] = ["feed", "rss", "page", "index.html", "login", "logout", "signin", "sign-in", "signup", "register", "memberlist", "list", "search", "settings"];
    segments.windows(2).any(|w| (AUTHOR_SEGMENTS.contains(&w[0]) || MEMBER_SEGMENTS.contains(&w[0])) && !NOT_A_PERSON.contains(&w[1]))
}

/// Whether a link (trimmed) holds, in any case, a word that every rule of [`is_author_link`]
/// needs as a segment of its path: one of [`AUTHOR_SEGMENTS`] or [`MEMBER_SEGMENTS`] (`u` only
/// between slashes or at the start), or "memberlist.php". One pass over the bytes, without the
/// lowercase copy and the split: most links on a page name none, and `is_author_link` cost
/// about 1,700 instructions a link.
fn names_a_person_segment(href: &[u8]) -> bool {
    let at = |i: usize, word: &[u8]| href.get(i..i + word.len()).is_some_and(|w| w.eq_ignore_ascii_case(word));
    (0..href.len()).any(|i| match href[i] | 0x20 {
        b'a' => at(i, b"author"),
        b'b' => at(i, b"byline"),
        b'c' => at(i, b"contributor") || at(i, b"columnist"),
        b'j' => at(i, b"journalist"),
        b'm' => at(i, b"member"),
        b'p' => at(i, b"profile"),
        b'u' => at(i, b"user") || ((i == 0 || href[i - 1] == b'/') && href.get(i + 1) == Some(&b'/')),
        b'w' => at(i, b"writer"),
        _ => false,
    })
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

/// Words that open a byline before the names (an optional `:` after them goes too).
/// In Arabic ("كتب" and "كتبت", he and she wrote; "بقلم", by the pen of; "إعداد", prepared
/// by), Persian ("نویسنده", writer; "خبرنگار", reporter; "به قلم") and Urdu ("تحریر", writing).
const BYLINE_LEADS: &[&str] = &[
    "written by", "posted by", "published by", "authored by", "reviewed by", "words by", "story by", "text by", "reported by", "authors", "author", "by",
    "كتبت", "كتب", "بقلم", "إعداد", "نویسنده", "خبرنگار", "به قلم", "تحریر",
];

/// Lowercase words that stand inside names ("Manoj Jain and Jagpreet Chhatwal", "Ludwig van
/// Beethoven").
const NAME_CONNECTORS: [&str; 12] = ["and", "&", "de", "da", "del", "der", "van", "von", "la", "le", "di", "bin"];

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
    let s = s.split(['|', '·', '•', '—', '\n']).map(names_part).find(|p| !p.is_empty() && !looks_like_date(p))?;
    // A handle's `@` and quotes around a name are not part of it.
    let s = s.trim_matches(|c: char| c.is_whitespace() || matches!(c, ',' | ':' | '-' | '–' | '~' | '"' | '“' | '”')).trim_start_matches('@');
    let words: Vec<&str> = s.split_whitespace().collect();
    let slug = words.len() == 1 && (s.chars().any(|c| c.is_ascii_digit()) || s.contains(['-', '_', '@']));
    let capitalised = words.len() < 2
        || words.iter().all(|w| w.chars().next().is_some_and(|c| !c.is_lowercase()) || NAME_CONNECTORS.contains(&w.to_lowercase().as_str()));
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
        && !["undefined", "null", "admin", "administrator", "none", "unknown", "author", "anonymous"].contains(&s.to_lowercase().as_str());
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
    let s = [" on ", " at "].iter().filter_map(|w| s.find(w)).filter(|&i| s[i..].chars().any(|c| c.is_ascii_digit())).min().map_or(s, |i| &s[..i]);
    // "Jane Doe on behalf of the Vision Doc group": the group she writes for is not a name.
    let s = s.find(" on behalf of ").map_or(s, |i| s[..i].trim_end());
    // "SARAH OKAFOR, Continental Press Writer", "Jane Doe, The Daily Post": a role or a
    // newspaper after the names.
    let s = s.match_indices(", ").map(|(i, _)| i).find(|&i| people::is_role(&s[i + 2..])).map_or(s, |i| s[..i].trim_end());
    // … or without the comma: "TOM KRAMER Staff Reporter".
    let s = people::without_trailing_role(s);
    // The last place from which the rest reads as a date.
    let starts = s.char_indices().filter(|&(i, c)| i > 0 && c != ' ' && s[..i].ends_with(' ')).map(|(i, _)| i);
    let s = starts.rev().find(|&i| dates::parse_visible(&s[i..], "en").is_some()).map_or(s, |i| s[..i].trim_end());
    // … and its weekday ("Jane Doe Monday, June 3, 2014").
    const WEEKDAYS: [&str; 7] = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
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
    digits >= 4 && (dates::parse_visible(s, "en").is_some() || digits * 3 >= s.chars().filter(|c| c.is_alphanumeric()).count())
        || ["updated", "published", "modified"].iter().any(|w| lower.split_whitespace().take(2).any(|x| x.trim_end_matches(':') == *w))
        || lower.ends_with(" ago")
        || lower.contains("min read")
        || lower.contains("mins read")
        || lower.contains("minute read")
}

fn looks_like_url(s: &str) -> bool {
    let s = s.trim_start().to_ascii_lowercase();
    s.starts_with("http://") || s.starts_with("https://") || s.starts_with("//") || s.starts_with('/')
}

/// `s` with its character references decoded, as the HTML tokenizer decodes text.
fn decode_references(s: &str) -> String {
    let mut out = String::new();
    crate::tokenize::tokenize(s, |t| {
        if let crate::tokenize::Token::Text(t) = t {
            out.push_str(&t);
        }
    });
    out
}

fn clean(s: &str) -> Option<String> {
    let s = collapse_whitespace(s).trim().to_string();
    (!s.is_empty()).then_some(s)
}

/// The `<meta>` tags of a page.
///
/// The page's metas with a `content`, each with its `property`, `name` and `itemprop` trimmed:
/// read once a page, not once for each of the about 35 keys looked up
/// ([`Head::meta_contents`] reads every meta's attributes again for each).
struct Metas<'a>(Vec<([Option<&'a str>; 3], &'a str)>);

impl<'a> Metas<'a> {
    fn of(head: &'a Head) -> Self {
        let metas = head.metas.iter().filter_map(|attrs| {
            let get = |k: &str| attrs.iter().find(|(n, _)| n == k).map(|(_, v)| v.as_str());
            let names = ["property", "name", "itemprop"].map(|k| get(k).map(str::trim));
            Some((names, get("content")?)).filter(|(names, _)| names.iter().any(Option::is_some))
        });
        Metas(metas.collect())
    }

    /// Every non-blank content of a meta whose `property`, `name` or `itemprop` is one of
    /// `keys`, in the order of `keys`, then of the document (as [`Head::meta_contents`] gives
    /// them).
    fn all(&self, keys: &[&str]) -> Vec<String> {
        keys.iter()
            .flat_map(|key| self.0.iter().filter(move |(names, _)| names.iter().flatten().any(|n| n.eq_ignore_ascii_case(key))))
            .filter_map(|(_, content)| {
                let content = collapse_whitespace(content).trim().to_string();
                (!content.is_empty()).then_some(content)
            })
            .collect()
    }

    fn first(&self, keys: &[&str]) -> Option<String> {
        self.all(keys).into_iter().next()
    }
}

/// The JSON of one JSON-LD script, or `None` when it is not JSON. Some pages wrap the JSON in
/// an HTML comment or CDATA, or end it with `;`.
pub(crate) fn json_ld_value(script: &str) -> Option<Value> {
    let body = script.trim().trim_start_matches("<!--").trim_end_matches("-->").trim();
    let body = body.trim_start_matches("//<![CDATA[").trim_end_matches("//]]>").trim().trim_end_matches(';');
    serde_json::from_str(body).ok()
}

/// The JSON-LD objects of a page, flattened (top-level arrays and `@graph` unrolled).
struct JsonLd(Vec<Value>);

impl JsonLd {
    /// The top-level objects (as `readerable`'s model was fitted on them).
    fn parse(scripts: &[String]) -> JsonLd {
        JsonLd::parse_as(scripts, false)
    }

    /// The top-level objects and their `mainEntity` objects: a QAPage or a forum's WebPage
    /// describes its post as its `mainEntity` (Discourse, NodeBB, XenForo), with the post's
    /// author and date.
    fn with_main_entities(scripts: &[String]) -> JsonLd {
        JsonLd::parse_as(scripts, true)
    }

    fn parse_as(scripts: &[String], main_entities: bool) -> JsonLd {
        let mut objects = Vec::new();
        for v in scripts.iter().filter_map(|s| json_ld_value(s)) {
            flatten(v, main_entities, &mut objects);
        }
        JsonLd(objects)
    }

    /// Article-like objects first (they describe the page), then the rest.
    fn ordered(&self) -> impl Iterator<Item = &Value> {
        let article = |o: &&Value| has_type(o, ARTICLE_TYPES);
        self.0.iter().filter(article).chain(self.0.iter().filter(move |o| !article(o)))
    }

    /// `{"@id": "…"}` alone is a reference (Yoast's graphs refer to the publisher and the
    /// author so): the object of the graph with that `@id`, else `v` itself.
    fn resolve<'v>(&'v self, v: &'v Value) -> &'v Value {
        let reference = v.as_object().filter(|o| o.len() == 1).and_then(|o| o.get("@id")).and_then(Value::as_str);
        reference.and_then(|id| self.0.iter().find(|o| o.get("@id").and_then(Value::as_str) == Some(id))).unwrap_or(v)
    }

    fn find(&self, f: impl Fn(&Value) -> Option<String>) -> Option<String> {
        self.ordered().find_map(f)
    }

    fn all(&self, f: impl Fn(&Value) -> Option<String>) -> Vec<String> {
        self.ordered().filter_map(f).collect()
    }

    fn find_typed(&self, types: &[&str], f: impl Fn(&Value) -> Option<String>) -> Option<String> {
        self.0.iter().filter(|o| has_type(o, types)).find_map(f)
    }
}

const ARTICLE_TYPES: &[&str] = &["Article", "NewsArticle", "BlogPosting", "ReportageNewsArticle", "AnalysisNewsArticle", "OpinionNewsArticle", "ScholarlyArticle", "TechArticle", "Report", "LiveBlogPosting"];

fn flatten(v: Value, main_entities: bool, out: &mut Vec<Value>) {
    match v {
        Value::Array(items) => items.into_iter().for_each(|i| flatten(i, main_entities, out)),
        Value::Object(mut map) => {
            if let Some(graph) = map.remove("@graph") {
                flatten(graph, main_entities, out);
            }
            if let Some(entity) = map.get("mainEntity").filter(|e| main_entities && (e.is_object() || e.is_array())) {
                flatten(entity.clone(), main_entities, out);
            }
            if !map.is_empty() {
                out.push(Value::Object(map));
            }
        }
        _ => {}
    }
}

fn has_type(o: &Value, types: &[&str]) -> bool {
    match o.get("@type") {
        Some(Value::String(t)) => types.contains(&t.as_str()),
        Some(Value::Array(ts)) => ts.iter().any(|t| t.as_str().is_some_and(|t| types.contains(&t))),
        _ => false,
    }
}

fn text_of(v: &Value) -> Option<String> {
    match v {
        // Plugins (Yoast among them) often write HTML-escaped text into JSON-LD: `&amp;`.
        Value::String(s) if s.contains('&') => clean(&decode_references(s)),
        Value::String(s) => clean(s),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// `"Name"` or `{"name": "Name"}`.
fn name_of(v: &Value) -> Option<String> {
    match v {
        Value::Object(_) => v.get("name").and_then(text_of),
        Value::Array(items) => items.iter().find_map(name_of),
        other => text_of(other).filter(|s| !looks_like_url(s)),
    }
}

/// One name or several (an array of authors), joined with commas. An organisation is not a
/// byline.
fn names_of(v: &Value) -> Option<String> {
    if has_type(v, &["Organization", "NewsMediaOrganization"]) {
        return None;
    }
    match v {
        Value::Array(items) => {
            let names: Vec<String> = items.iter().filter(|i| !has_type(i, &["Organization", "NewsMediaOrganization"])).filter_map(name_of).collect();
            (!names.is_empty()).then(|| names.join(", "))
        }
        other => name_of(other),
    }
}

/// `"url"`, `{"url": "…"}` (ImageObject), or the first of an array.
fn image_of(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => clean(s),
        Value::Object(_) => v.get("url").or_else(|| v.get("contentUrl")).and_then(image_of),
        Value::Array(items) => items.iter().find_map(image_of),
        _ => None,
    }
}

/// Estimated reading time of `text` in whole minutes (rounded up; 0 for no text) at the silent
/// reading rate of language `lang` (a BCP 47 tag; unknown languages read at the English rate);
/// `words` is `sentences::word_count(text)`.
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

    #[test]
    fn mentions_author_or_byline_agrees_with_a_search_at_every_byte() {
        let reference = |b: &[u8]| {
            let mentions = |i: usize, word: &[u8]| b.get(i..i + word.len()).is_some_and(|w| w.eq_ignore_ascii_case(word));
            (0..b.len()).any(|i| mentions(i, b"author") || mentions(i, b"byline"))
        };
        let words = ["author", "AUTHOR", "Byline", "bYlInE", "autho", "uthor", "byli", "yline", "hy", "authhor", "bbyline", "é-author", "\u{a0}byline", "x"];
        for w in words {
            for pad in 0..18 {
                for tail in [0, 1, 7, 9] {
                    let s = format!("{}{w}{}", "h-y".repeat(pad).chars().take(pad).collect::<String>(), "y".repeat(tail));
                    assert_eq!(mentions_author_or_byline(s.as_bytes()), reference(s.as_bytes()), "{s:?}");
                }
            }
        }
        assert!(!mentions_author_or_byline(b""));
        assert!(!mentions_author_or_byline(b"post-meta entry-header hhhhhhhh yyyyyyyy"));
        assert!(mentions_author_or_byline(b"post-meta c-byline__name"));
    }
    use crate::options::LinkFilter;

    fn meta_of(html: &str, url: Option<&str>) -> Meta {
        let page = Page::parse(html, crate::preprocess::Preprocessing::thesis(LinkFilter::None));
        find(&page, Context { url, fragments: &crate::title::fragments(&page), ..Context::default() }, &[])
    }

    #[test]
    fn author_links_pass_the_byte_filter() {
        // Every rule of `is_author_link`, in both cases, through `names_a_person_segment`.
        let authors = [
            "u/jdoe", " /U/jdoe ", "https://forum.example/u/jdoe", "./u/x", "/author/jane-doe", "/AUTHORS/jane/",
            "https://news.example/Contributors/ann", "/columnist/bob", "/writers/x", "/byline/x", "/journalist/x",
            "/members/jdoe.42/", "/Member/x", "/users/x", "/profile/42-jdoe/", "user?id=jdoe", "MEMBER.PHP?u=42",
            "profile.php?id=42", "memberlist.php?mode=viewprofile&u=2",
        ];
        for href in authors {
            assert!(is_author_link(href), "{href}");
        }
        for href in ["/news/2025/story", "https://u.example/x", "/menu/x", "/author", "/users/feed", "/uu/x", ""] {
            assert!(!is_author_link(href), "{href}");
        }
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
            let words = crate::title::headline_words(t).len();
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
        let out = meta_of(&format!("<script type=\"application/ld+json\">{ld}</script><p>x</p>"), None);
        assert_eq!(out.byline.as_deref(), Some("A. One, B. Two"));
        assert_eq!(out.published.as_deref(), Some("2023-05-06"));
        assert_eq!(out.lead_image.as_deref(), Some("https://cdn.example/a.jpg"));
        assert_eq!(out.site_name.as_deref(), Some("Publisher Inc"));
    }

    #[test]
    fn a_site_declared_as_its_own_author_is_no_byline() {
        let out = meta_of("<meta property=og:site_name content=\"Coast Times\"><meta name=author content=\"Coast Times - news\"><p>x</p>", None);
        assert_eq!(out.byline, None);
        let ld = r#"{"@type":"NewsArticle","author":{"@type":"Organization","name":"Coast Times"}}"#;
        assert_eq!(meta_of(&format!("<script type=\"application/ld+json\">{ld}</script>"), None).byline, None);
    }

    #[test]
    fn nothing_declared_says_nothing() {
        let out = meta_of("<script type=\"application/ld+json\">{not json</script><meta name=author content=\"https://x.example/me\"><p>x</p>", None);
        assert_eq!((out.site_name, out.byline, out.published, out.lead_image, out.excerpt), (None, None, None, None, None));
        // A relative image without a page URL cannot be resolved, so it is not reported.
        assert_eq!(meta_of("<meta property=og:image content=/a.jpg>", None).lead_image, None);
    }

    #[test]
    fn excerpt_falls_back_to_the_first_paragraph() {
        let long = "word ".repeat(100);
        let out = crate::extract(&format!("<article><h1>T</h1><p>{long}</p></article>"), &crate::Options::default());
        let e = out.excerpt.expect("excerpt");
        assert!(e.ends_with('…') && e.chars().count() <= EXCERPT_CHARS + 1, "{e}");
    }

    #[test]
    fn reading_time_depends_on_the_language() {
        let text = "word ".repeat(476);
        assert_eq!(reading_minutes(&text, crate::sentences::word_count(&text), "en"), 2); // 476 / 238
        assert_eq!(reading_minutes(&text, crate::sentences::word_count(&text), "ar"), 4); // 476 / 144
        assert_eq!(reading_minutes("", 0, "en"), 0);
        assert_eq!(reading_minutes(&"字".repeat(300), 0, "zh"), 2);
    }
}
