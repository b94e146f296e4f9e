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

/// Longest byline we accept: a longer "author" is a misused field (a bio, a list of tags).
const MAX_BYLINE_CHARS: usize = 120;
/// Length of the excerpt taken from the first paragraph, in characters.
const EXCERPT_CHARS: usize = 200;

/// What the page declares about itself for the reader view (the fields of the same names in
/// [`crate::Extraction`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Meta {
    /// Author line.
    pub byline: Option<String>,
    /// Site name.
    pub site_name: Option<String>,
    /// Published time as declared.
    pub published: Option<String>,
    /// Lead image URL (resolved, http(s) only).
    pub lead_image: Option<String>,
    /// The declared description, else the opening of the first paragraph of `blocks`.
    pub excerpt: Option<String>,
}

/// Finds byline, site name, published time, lead image and excerpt. (The reading time depends
/// on the language: it is [`reading_minutes`] of the text once the language is known.)
pub fn find(page: &Page, url: Option<&str>, blocks: &[Block]) -> Meta {
    let metas = Metas(&page.head);
    let ld = JsonLd::parse(&page.head.json_ld);

    let site_name = metas
        .first(&["og:site_name"])
        .or_else(|| ld.find(|o| o.get("publisher").and_then(name_of)))
        .or_else(|| ld.find_typed(&["WebSite"], |o| o.get("name").and_then(text_of)))
        .or_else(|| metas.first(&["application-name"]));

    let byline = ld
        .find(|o| o.get("author").and_then(names_of))
        .or_else(|| metas.first_where(&["author", "article:author", "byl", "parsely-author", "dc.creator", "dcterms.creator", "sailthru.author"], |v| !looks_like_url(v)))
        .map(|b| strip_by(&b))
        .filter(|b| !b.is_empty() && b.chars().count() <= MAX_BYLINE_CHARS)
        // Sites often declare themselves as the author: that is not a byline.
        .filter(|b| site_name.as_deref().is_none_or(|site| !b.to_lowercase().starts_with(&site.to_lowercase())));

    let published = ld.find(|o| o.get("datePublished").and_then(text_of)).or_else(|| {
        metas.first(&[
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
        ])
    });

    let base = base_url(url, page.head.base_href.as_deref());
    let lead_image = metas
        .all(&["og:image", "og:image:url", "og:image:secure_url", "twitter:image", "twitter:image:src"])
        .into_iter()
        .chain(ld.all(|o| o.get("image").and_then(image_of)))
        .chain(ld.all(|o| o.get("thumbnailUrl").and_then(image_of)))
        .find_map(|raw| safe_url(base.as_ref(), &raw, UrlUse::Image));

    let excerpt = metas
        .first(&["og:description", "description", "twitter:description"])
        .or_else(|| ld.find(|o| o.get("description").and_then(text_of)))
        .or_else(|| {
            let p = blocks.iter().find(|b| b.kind == BlockKind::Paragraph && !b.text.is_empty())?;
            Some(opening(&p.text, EXCERPT_CHARS))
        });

    Meta { byline, site_name, published, lead_image, excerpt }
}

/// The page URL joined with `<base href>` (only to http(s)), as the block builder resolves.
fn base_url(url: Option<&str>, base_href: Option<&str>) -> Option<url::Url> {
    let page = url.and_then(|u| url::Url::parse(u).ok());
    let http = |u: &url::Url| matches!(u.scheme(), "http" | "https");
    match (page, base_href) {
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

/// "By Jane Doe" → "Jane Doe".
fn strip_by(s: &str) -> String {
    let s = s.trim();
    for prefix in ["By ", "by ", "BY "] {
        if let Some(rest) = s.strip_prefix(prefix) {
            return rest.trim().to_string();
        }
    }
    s.to_string()
}

fn looks_like_url(s: &str) -> bool {
    let s = s.trim_start().to_ascii_lowercase();
    s.starts_with("http://") || s.starts_with("https://") || s.starts_with("//") || s.starts_with('/')
}

fn clean(s: &str) -> Option<String> {
    let s = collapse_whitespace(s).trim().to_string();
    (!s.is_empty()).then_some(s)
}

/// The `<meta>` tags of a page.
struct Metas<'a>(&'a Head);

impl Metas<'_> {
    /// Every non-blank content of a meta whose `property`, `name` or `itemprop` is one of
    /// `keys`, in the order of `keys`, then of the document.
    fn all(&self, keys: &[&str]) -> Vec<String> {
        keys.iter().flat_map(|key| self.0.meta_contents(&["property", "name", "itemprop"], key)).collect()
    }

    fn first(&self, keys: &[&str]) -> Option<String> {
        self.all(keys).into_iter().next()
    }

    fn first_where(&self, keys: &[&str], ok: impl Fn(&str) -> bool) -> Option<String> {
        self.all(keys).into_iter().find(|v| ok(v))
    }
}

/// The JSON-LD objects of a page, flattened (top-level arrays and `@graph` unrolled).
struct JsonLd(Vec<Value>);

impl JsonLd {
    fn parse(scripts: &[String]) -> JsonLd {
        let mut objects = Vec::new();
        for s in scripts {
            // Some pages wrap the JSON in an HTML comment or CDATA, or end it with `;`.
            let body = s.trim().trim_start_matches("<!--").trim_end_matches("-->").trim();
            let body = body.trim_start_matches("//<![CDATA[").trim_end_matches("//]]>").trim().trim_end_matches(';');
            if let Ok(v) = serde_json::from_str::<Value>(body) {
                flatten(v, &mut objects);
            }
        }
        JsonLd(objects)
    }

    /// Article-like objects first (they describe the page), then the rest.
    fn ordered(&self) -> impl Iterator<Item = &Value> {
        let article = |o: &&Value| has_type(o, ARTICLE_TYPES);
        self.0.iter().filter(article).chain(self.0.iter().filter(move |o| !article(o)))
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

fn flatten(v: Value, out: &mut Vec<Value>) {
    match v {
        Value::Array(items) => items.into_iter().for_each(|i| flatten(i, out)),
        Value::Object(mut map) => {
            if let Some(graph) = map.remove("@graph") {
                flatten(graph, out);
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
/// reading rate of language `lang` (a BCP 47 tag; unknown languages read at the English rate).
pub fn reading_minutes(text: &str, lang: &str) -> u32 {
    let primary = lang.split('-').next().unwrap_or_default();
    let units = match primary {
        // Chinese and Japanese are written without spaces: count characters.
        "zh" | "ja" => text.chars().filter(|c| c.is_alphanumeric()).count(),
        _ => crate::sentences::word_count(text),
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
        find(&page, url, &[])
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
        assert_eq!(reading_minutes(&text, "en"), 2); // 476 / 238
        assert_eq!(reading_minutes(&text, "ar"), 4); // 476 / 144
        assert_eq!(reading_minutes("", "en"), 0);
        assert_eq!(reading_minutes(&"字".repeat(300), "zh"), 2);
    }
}
