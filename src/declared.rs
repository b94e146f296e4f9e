//! What a page declares about itself, read once for the stages that ask: its `<meta>` tags,
//! its JSON-LD objects, and its address.

use serde_json::Value;

use crate::html::collapse_whitespace;
use crate::preprocess::{Head, Page, Preprocessing, Tok};

/// The `<meta>` tags of a page.
///
/// The page's metas with a `content`, each with its `property`, `name` and `itemprop` trimmed:
/// read once a page, not once for each of the about 35 keys looked up
/// ([`Head::meta_contents`] reads every meta's attributes again for each).
pub struct Metas<'a>(Vec<([Option<&'a str>; 3], &'a str)>);

impl<'a> Metas<'a> {
    pub fn of(head: &'a Head) -> Self {
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
    pub fn all(&self, keys: &[&str]) -> Vec<String> {
        keys.iter()
            .flat_map(|key| {
                self.0.iter().filter(move |(names, _)| {
                    names.iter().flatten().any(|n| n.eq_ignore_ascii_case(key))
                })
            })
            .filter_map(|(_, content)| {
                let content = collapse_whitespace(content).trim().to_string();
                (!content.is_empty()).then_some(content)
            })
            .collect()
    }

    pub fn first(&self, keys: &[&str]) -> Option<String> {
        self.all(keys).into_iter().next()
    }
}

/// The JSON of one JSON-LD script, or `None` when it is not JSON. Some pages wrap the JSON in
/// an HTML comment or CDATA, or end it with `;`.
pub fn json_ld_value(script: &str) -> Option<Value> {
    let body = script.trim().trim_start_matches("<!--").trim_end_matches("-->").trim();
    let body = body
        .trim_start_matches("//<![CDATA[")
        .trim_end_matches("//]]>")
        .trim()
        .trim_end_matches(';');
    serde_json::from_str(body).ok()
}

/// The JSON-LD objects of a page, flattened (top-level arrays and `@graph` unrolled).
pub struct JsonLd(pub Vec<Value>);

impl JsonLd {
    /// The top-level objects (as `readerable`'s model was fitted on them).
    pub fn parse(scripts: &[String]) -> JsonLd {
        JsonLd::parse_as(scripts, false)
    }

    /// The top-level objects and their `mainEntity` objects: a QAPage or a forum's WebPage
    /// describes its post as its `mainEntity` (Discourse, NodeBB, XenForo), with the post's
    /// author and date.
    pub fn with_main_entities(scripts: &[String]) -> JsonLd {
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
    pub fn resolve<'v>(&'v self, v: &'v Value) -> &'v Value {
        let reference = v
            .as_object()
            .filter(|o| o.len() == 1)
            .and_then(|o| o.get("@id"))
            .and_then(Value::as_str);
        reference
            .and_then(|id| self.0.iter().find(|o| o.get("@id").and_then(Value::as_str) == Some(id)))
            .unwrap_or(v)
    }

    pub fn find(&self, f: impl Fn(&Value) -> Option<String>) -> Option<String> {
        self.ordered().find_map(f)
    }

    pub fn all(&self, f: impl Fn(&Value) -> Option<String>) -> Vec<String> {
        self.ordered().filter_map(f).collect()
    }

    pub fn find_typed(
        &self,
        types: &[&str],
        f: impl Fn(&Value) -> Option<String>,
    ) -> Option<String> {
        self.0.iter().filter(|o| has_type(o, types)).find_map(f)
    }
}

pub const ARTICLE_TYPES: &[&str] = &[
    "Article",
    "NewsArticle",
    "BlogPosting",
    "ReportageNewsArticle",
    "AnalysisNewsArticle",
    "OpinionNewsArticle",
    "ScholarlyArticle",
    "TechArticle",
    "Report",
    "LiveBlogPosting",
];

/// JSON-LD and `og:type` types of pages a reader view is not for: a shop's.
pub const SHOP_TYPES: &[&str] = &[
    "product",
    "Product",
    "ProductGroup",
    "Offer",
    "AggregateOffer",
    "ItemList",
    "CollectionPage",
    "SearchResultsPage",
    "OfferCatalog",
    "Store",
    "product.group",
];

fn flatten(v: Value, main_entities: bool, out: &mut Vec<Value>) {
    match v {
        Value::Array(items) => items.into_iter().for_each(|i| flatten(i, main_entities, out)),
        Value::Object(mut map) => {
            if let Some(graph) = map.remove("@graph") {
                flatten(graph, main_entities, out);
            }
            if let Some(entity) =
                map.get("mainEntity").filter(|e| main_entities && (e.is_object() || e.is_array()))
            {
                flatten(entity.clone(), main_entities, out);
            }
            if !map.is_empty() {
                out.push(Value::Object(map));
            }
        }
        _ => {}
    }
}

pub fn has_type(o: &Value, types: &[&str]) -> bool {
    match o.get("@type") {
        Some(Value::String(t)) => types.contains(&t.as_str()),
        Some(Value::Array(ts)) => ts.iter().any(|t| t.as_str().is_some_and(|t| types.contains(&t))),
        _ => false,
    }
}

/// The `headline` of the page's JSON-LD (an article's first), for [`crate::title::choice::declared`].
pub fn json_ld_headline(head: &Head) -> Option<String> {
    JsonLd::parse(&head.json_ld).find(|o| o.get("headline").and_then(text_of))
}

/// The site's names the page's JSON-LD gives: each `publisher`'s and `WebSite`'s name, for
/// [`crate::title`], which takes them off declared titles.
pub fn json_ld_site_names(head: &Head) -> Vec<String> {
    let ld = JsonLd::parse(&head.json_ld);
    let mut names = ld.all(|o| o.get("publisher").map(|p| ld.resolve(p)).and_then(name_of));
    names.extend(
        ld.0.iter()
            .filter(|o| has_type(o, &["WebSite"]))
            .filter_map(|o| o.get("name").and_then(text_of)),
    );
    names
}

pub fn text_of(v: &Value) -> Option<String> {
    match v {
        // Plugins (Yoast among them) often write HTML-escaped text into JSON-LD: `&amp;`.
        Value::String(s) if s.contains('&') => clean(&decode_references(s)),
        Value::String(s) => clean(s),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// `"Name"` or `{"name": "Name"}`.
pub fn name_of(v: &Value) -> Option<String> {
    match v {
        Value::Object(_) => v.get("name").and_then(text_of),
        Value::Array(items) => items.iter().find_map(name_of),
        other => text_of(other).filter(|s| !looks_like_url(s)),
    }
}

/// One name or several (an array of authors), joined with commas. An organisation is not a
/// byline.
pub fn names_of(v: &Value) -> Option<String> {
    if has_type(v, &["Organization", "NewsMediaOrganization"]) {
        return None;
    }
    match v {
        Value::Array(items) => {
            let names: Vec<String> = items
                .iter()
                .filter(|i| !has_type(i, &["Organization", "NewsMediaOrganization"]))
                .filter_map(name_of)
                .collect();
            (!names.is_empty()).then(|| names.join(", "))
        }
        other => name_of(other),
    }
}

/// `"url"`, `{"url": "…"}` (ImageObject), or the first of an array.
pub fn image_of(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => clean(s),
        Value::Object(_) => v.get("url").or_else(|| v.get("contentUrl")).and_then(image_of),
        Value::Array(items) => items.iter().find_map(image_of),
        _ => None,
    }
}

pub fn looks_like_url(s: &str) -> bool {
    let s = s.trim_start().to_ascii_lowercase();
    s.starts_with("http://")
        || s.starts_with("https://")
        || s.starts_with("//")
        || s.starts_with('/')
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

pub fn clean(s: &str) -> Option<String> {
    let s = collapse_whitespace(s).trim().to_string();
    (!s.is_empty()).then_some(s)
}

/// The page's address ([`crate::Options::url`]) parsed, its internationalised host in ASCII
/// first (`crate::idn`: the wasm's URL parser has no IDNA tables).
pub fn page_url(url: &str) -> Option<url::Url> {
    url::Url::parse(&crate::idn::ascii_host(url)).ok()
}

/// The page URL joined with `<base href>` (only to http(s)), as the block builder resolves.
pub fn base_url(url: Option<&str>, base_href: Option<&str>) -> Option<url::Url> {
    let page = url.and_then(page_url);
    let base_href = base_href.map(crate::idn::ascii_host);
    let http = |u: &url::Url| matches!(u.scheme(), "http" | "https");
    match (page, base_href.as_deref()) {
        (Some(p), Some(b)) => p.join(b).ok().filter(http).or(Some(p)),
        (None, Some(b)) => url::Url::parse(b).ok().filter(http),
        (p, None) => p,
    }
}

/// A headline the page declares about itself, and where: `json-ld` (an article's `headline`),
/// `og:title`, `twitter:title` or `title`.
#[derive(Clone, Debug, PartialEq)]
pub struct Declared {
    pub text: String,
    pub rule: &'static str,
}

/// The headlines a page declares, most specific first: JSON-LD `headline`, `og:title`,
/// `twitter:title`, `<title>`; each cleaned ([`clean_headline`]), blanks left out.
pub fn headlines(page: &Page) -> Vec<Declared> {
    let head = &page.head;
    let metas = |key: &'static str| head.meta_contents(&["property", "name"], key).next();
    let found = [
        (json_ld_headline(head), "json-ld"),
        (metas("og:title"), "og:title"),
        (metas("twitter:title"), "twitter:title"),
        (Some(title_text(page)), "title"),
    ];
    found
        .into_iter()
        .filter_map(|(text, rule)| Some(Declared { text: clean_headline(text.as_deref()?), rule }))
        .filter(|d| !d.text.is_empty())
        .collect()
}

/// The `<title>`'s text as the page means it: with a tag or a comment written in it (a
/// `<title>` whose end tag comes late takes in what stands before it as text), its content read
/// as HTML, the text outside scripts and styles; else its text.
pub fn title_text(page: &Page) -> String {
    let Some(raw) = page.head.title_html.as_deref() else { return page.head.title.clone() };
    // Preprocessing drops the scripts, styles and comments: the rest is the title's text.
    let inner = Page::parse(raw, Preprocessing::thesis(crate::LinkFilter::None));
    let text: Vec<&str> = inner
        .toks
        .iter()
        .filter_map(|t| if let Tok::Text(t) = t { Some(t.as_ref()) } else { None })
        .collect();
    collapse_whitespace(&text.join(" ")).trim().to_string()
}

/// Whitespace collapsed, and without straight quotes around the whole, the permalink marks
/// documentation generators put at the end of headings (`¶`, `#`), nor the Markdown that
/// static-site generators leave in declared titles: a heading's leading `## ` and the
/// asterisks of `*emphasis*`.
pub fn clean_headline(s: &str) -> String {
    let s = collapse_whitespace(s);
    let mut s = s.trim().trim_end_matches(['¶', '#', ' ']);
    // `"Headline"`: straight quotes around the whole, as a plugin writes a quoted field into
    // JSON-LD (typographic quotes around a headline are the writer's: a title that quotes).
    if let Some(inner) = s.strip_prefix('"').and_then(|r| r.strip_suffix('"')) {
        if !inner.contains('"') && !inner.trim().is_empty() {
            s = inner.trim();
        }
    }
    if let Some(rest) = s.strip_prefix('#') {
        let rest = rest.trim_start_matches('#');
        if let Some(text) = rest.strip_prefix(' ') {
            s = text.trim_start();
        }
    }
    // `*Title* (1792)`: an even number of asterisks, each pair around words.
    let stars: Vec<usize> = s.match_indices('*').map(|(i, _)| i).collect();
    let emphasis = !stars.is_empty()
        && stars.len() % 2 == 0
        && stars.chunks(2).all(|p| {
            s[p[0] + 1..].starts_with(|c: char| !c.is_whitespace() && c != '*')
                && s[..p[1]].ends_with(|c: char| !c.is_whitespace() && c != '*')
        });
    if emphasis {
        s.replace('*', "")
    } else {
        s.to_string()
    }
}

/// The separators sites put between a page's headline and their name in `<title>` and
/// `og:title` ("Headline | Site", "Headline - Site").
pub const SITE_SEPARATORS: [&str; 8] = [" | ", " - ", " – ", " — ", " :: ", " · ", " » ", " / "];

/// [`SITE_SEPARATORS`] and a colon (`"Site: Column"`), built from them.
pub const SEPARATORS_AND_COLON: [&str; SITE_SEPARATORS.len() + 1] = {
    let mut all = [": "; SITE_SEPARATORS.len() + 1];
    let mut i = 0;
    while i < SITE_SEPARATORS.len() {
        all[i] = SITE_SEPARATORS[i];
        i += 1;
    }
    all
};

/// Where the last of [`SITE_SEPARATORS`] in `s` starts, and which it is.
pub fn last_separator(s: &str) -> Option<(usize, &'static str)> {
    find_separator(s, &SITE_SEPARATORS, true)
}

/// Where the first (with `last`, the last) of `seps` in `s` starts, and which it is: the least
/// `s.find(sep)` of them (the greatest `s.rfind(sep)`), on a tie the first (the last) in
/// `seps`. One pass over the bytes instead of a search a separator, each set up anew: every
/// separator starts with a space or a colon, and only there is one looked for.
pub fn find_separator(s: &str, seps: &[&'static str], last: bool) -> Option<(usize, &'static str)> {
    debug_assert!(seps.iter().all(|sep| sep.starts_with([' ', ':'])));
    let b = s.as_bytes();
    let at = |i: usize| {
        let mut here = seps.iter().filter(|sep| b[i..].starts_with(sep.as_bytes()));
        if last { here.next_back() } else { here.next() }.map(|sep| (i, *sep))
    };
    let starts = |i: &usize| matches!(b[*i], b' ' | b':');
    if last {
        (0..b.len()).rev().filter(starts).find_map(at)
    } else {
        (0..b.len()).filter(starts).find_map(at)
    }
}
