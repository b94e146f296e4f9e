//! The headline shown: TitleFinder's, checked against the headlines the page declares about
//! itself (`Options::declared_title`; our refinement).

use crate::html::collapse_whitespace;
use crate::preprocess::Page;
use crate::settings::title::{MAX_SITE_WORDS, MIN_REWORDED_H1_WORDS, MIN_SLUG_WORDS};
use crate::words::{headline_words, tokens};

use super::{headings_of_level, Headline};

/// A headline the page declares about itself, and where: `json-ld` (an article's `headline`),
/// `og:title`, `twitter:title` or `title`.
#[derive(Clone, Debug, PartialEq)]
pub struct Declared {
    pub text: String,
    pub rule: &'static str,
}

/// The headlines a page declares, most specific first: JSON-LD `headline`, `og:title`,
/// `twitter:title`, `<title>`; each cleaned ([`clean_headline`]), blanks left out.
pub fn declared(page: &Page) -> Vec<Declared> {
    let head = &page.head;
    let metas = |key: &'static str| head.meta_contents(&["property", "name"], key).next();
    let found = [
        (crate::declared::json_ld_headline(head), "json-ld"),
        (metas("og:title"), "og:title"),
        (metas("twitter:title"), "twitter:title"),
        (Some(head.title.clone()), "title"),
    ];
    found
        .into_iter()
        .filter_map(|(text, rule)| Some(Declared { text: clean_headline(text.as_deref()?), rule }))
        .filter(|d| !d.text.is_empty())
        .collect()
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
const SITE_SEPARATORS: [&str; 8] = [" | ", " - ", " – ", " — ", " :: ", " · ", " » ", " / "];

/// "Headline | Site" → "Headline": the text before the last separator, when what follows it is
/// short enough to be a site's name and something is left before it.
pub fn strip_site_suffix(s: &str) -> &str {
    let s = strip_host_prefix(s);
    match last_separator(s) {
        Some((i, sep))
            if tokens(&s[i + sep.len()..]).len() <= MAX_SITE_WORDS
                && !tokens(&s[..i]).is_empty() =>
        {
            s[..i].trim_end()
        }
        _ => s,
    }
}

/// Where the last of [`SITE_SEPARATORS`] in `s` starts, and which it is.
fn last_separator(s: &str) -> Option<(usize, &'static str)> {
    SITE_SEPARATORS.iter().filter_map(|sep| s.rfind(sep).map(|i| (i, *sep))).max_by_key(|(i, _)| *i)
}

/// "example.com Headline" → "Headline": a host name before the words is the site's.
fn strip_host_prefix(s: &str) -> &str {
    match s.split_once(' ') {
        Some((first, rest)) if is_host(first) && tokens(rest).len() >= 2 => rest,
        _ => s,
    }
}

/// Whether a word is a host name (`example.com`, `blog.example.co.uk`): lowercase letters,
/// digits and hyphens in dotted labels, ending with a label of letters.
fn is_host(w: &str) -> bool {
    let labels: Vec<&str> = w.split('.').collect();
    labels.len() >= 2
        && labels.iter().all(|l| {
            !l.is_empty()
                && l.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        })
        && labels.last().is_some_and(|t| t.len() >= 2 && t.chars().all(|c| c.is_ascii_lowercase()))
}

/// The headline shown: TitleFinder's `found` (thesis chapter 5) checked against what the page
/// declares about itself. Our refinement, measured on the modern and readability sets
/// (`dana eval`, metadata table; docs/METADATA.md).
///
/// The body's candidates are its `h1`s, then TitleFinder's ranked fragments. In order:
/// 1. a body candidate with the words of a declared headline: the declared text (the
///    publisher's spelling of what the page shows), standing on the candidate's line;
/// 2. a body candidate with the words of a declared headline less its site suffix
///    ([`strip_site_suffix`]): the candidate;
/// 3. one of the first three `h1`s of two words or more whose words are all in such a
///    stripped declared headline (a shortened headline): that `h1`;
/// 4. the first `h1` when it says a declared headline in other words (`reads_as_headline`: at
///    least five words, half of them a declared headline's, not only the site's name): that
///    `h1`;
/// 5. no body candidate agrees with any: the first of `og:title`, `twitter:title`, `<title>`
///    and JSON-LD `headline` as declared, site suffix and all (the body's `h1` is then a site
///    name or a section, as "Fitness" or "ArchWiki" are, and nothing on the page says which
///    part of the declared title is the site's: against stripping the suffix, 15 more pages
///    of the modern set and 6 fewer match their annotated headline; JSON-LD comes last
///    because its `headline` is often a search-engine variant that the page does not show);
/// 6. nothing declared: `found` as TitleFinder and its fallbacks chose it.
///
/// With the page's address (`url`, [`crate::Options::url`]): a declared title that opens with
/// the host's name compares less that name in rules 2 and 3, and is the site's title below
/// the home page (`names_the_site`); before rule 5, a slug the first `h1` spells and no
/// declared title does gives that `h1` (`MIN_SLUG_WORDS`).
pub fn choose(page: &Page, found: Headline, url: Option<&str>) -> Headline {
    let mut declared = declared(page);
    if declared.is_empty() {
        return found;
    }
    let address = url.and_then(Address::of);
    let address = address.as_ref();
    let h1s: Vec<(String, usize)> = headings_of_level(page, Some(1))
        .into_iter()
        .map(|(_, t, line)| (clean_headline(&t), line))
        .collect();
    // A declared title that is the site's ("Site – Tagline", as every page of some sites has
    // it) says nothing about this page.
    let site_titles = declared.iter().filter(|d| names_the_site(page, &d.text, address)).count();
    if site_titles > 0 && site_titles < declared.len() {
        declared.retain(|d| !names_the_site(page, &d.text, address));
    }
    let body: Vec<(&str, usize, &'static str)> = h1s
        .iter()
        .map(|(t, l)| (t.as_str(), *l, "h1"))
        .chain(found.candidates.iter().map(|c| (c.text.as_str(), c.line, "titlefinder")))
        .collect();
    let body_words: Vec<Vec<String>> = body.iter().map(|(t, _, _)| headline_words(t)).collect();
    let chosen = |text: String, rule: &'static str, line: Option<usize>| Headline {
        text,
        rule,
        line,
        candidates: found.candidates.clone(),
    };
    let site = site_words(page, &declared);
    let names_site = |words: &[String]| words.iter().all(|w| site.contains(w));
    // Every declared title is the site's: the page's own heading says what this page is.
    if site_titles == declared.len() {
        if let Some(k) =
            body_words.iter().take(h1s.len()).position(|w| w.len() >= 2 && !names_site(w))
        {
            return chosen(unnumbered(body[k].0, &declared).to_string(), "h1", Some(body[k].1));
        }
    }

    for d in &declared {
        let words = headline_words(&d.text);
        if let Some(k) = body_words.iter().position(|b| *b == words) {
            return chosen(d.text.clone(), d.rule, Some(body[k].1));
        }
    }
    // Less the site's name: a suffix ("Headline | Site"), or a prefix that is the name of the
    // page's host ("Discord - Group Chat …" on discord.com, where the tail is the headline).
    let stripped: Vec<Vec<String>> = declared
        .iter()
        .map(|d| {
            headline_words(
                address
                    .and_then(|a| a.without_name(&d.text))
                    .unwrap_or_else(|| strip_site_suffix(&d.text)),
            )
        })
        .collect();
    for words in &stripped {
        if let Some(k) = body_words.iter().position(|b| b == words) {
            return chosen(body[k].0.to_string(), body[k].2, Some(body[k].1));
        }
    }
    for (k, (text, line)) in h1s.iter().enumerate().take(3) {
        let words = &body_words[k];
        if words.len() >= 2
            && !names_site(words)
            && stripped.iter().any(|s| words.iter().all(|w| s.contains(w)))
        {
            return chosen(unnumbered(text, &declared).to_string(), "h1", Some(*line));
        }
    }
    if let Some((text, line)) = h1s
        .first()
        .filter(|_| body_words.first().is_some_and(|w| reads_as_headline(w, &site, &declared)))
    {
        return chosen(unnumbered(text, &declared).to_string(), "h1", Some(*line));
    }
    // The URL's slug spells the first `h1` and no declared title: the slug is made from the
    // headline the editor wrote, which the page shows (an SEO title is written apart from it).
    if let (Some((text, line)), Some(a)) = (h1s.first(), address) {
        if a.slug.len() >= MIN_SLUG_WORDS
            && a.spelled_by(&body_words[0])
            && !declared.iter().any(|d| a.spelled_by(&headline_words(&d.text)))
        {
            return chosen(unnumbered(text, &declared).to_string(), "h1", Some(*line));
        }
    }
    let first = declared.iter().find(|d| d.rule != "json-ld").unwrap_or(&declared[0]);
    let text = strip_host_prefix(&first.text);
    // The first `h1` is the site's name and the declared title ends with it: the page itself
    // says which part is the site's ("Topic / Section / Forum" under an `h1` "Forum").
    let h1_is_tail = body_words.first().filter(|_| !h1s.is_empty()).is_some_and(|w| {
        let tail = headline_words(site_suffix(text));
        !w.is_empty() && w.iter().all(|x| tail.contains(x))
    });
    let text = if h1_is_tail { strip_breadcrumb(text) } else { text };
    // Where the body shows it, if it does (a breadcrumb's last link): the date and byline
    // are looked for near that line.
    let words = headline_words(text);
    let line = body_words.iter().position(|b| *b == words).map(|k| body[k].1);
    chosen(text.to_string(), first.rule, line)
}

/// An `h1` without the number a book, course or manual puts before its chapters' headings
/// ("3.1 Git Branching", "15 - Tutorial: …") when no declared headline has that number: the
/// heading's place in the table of contents, not words of its headline.
fn unnumbered<'s>(h1: &'s str, declared: &[Declared]) -> &'s str {
    let Some((first, rest)) = h1.split_once(' ') else { return h1 };
    let number = first.trim_end_matches('.');
    let parts_ok = number
        .split('.')
        .all(|p| (1..=3).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit()));
    if !parts_ok
        || declared
            .iter()
            .any(|d| d.text.split_whitespace().any(|w| w.trim_end_matches(['.', ':']) == number))
    {
        return h1;
    }
    let rest = rest.trim_start();
    let rest = ["- ", "– ", "— ", ": "]
        .iter()
        .find_map(|p| rest.strip_prefix(p))
        .unwrap_or(rest)
        .trim_start();
    if tokens(rest).len() < 2 {
        h1
    } else {
        rest
    }
}

/// Whether a declared title is the site's rather than the page's: the site's declared name
/// (`og:site_name`; not `application-name`, which some sites fill with the page's headline
/// for pinned tabs) alone, or followed by a separator and a tagline; or, below the site's
/// home page, the name of the page's host so ("Reddit - The heart of the internet" on a
/// Reddit thread: a site that declares one title for all its pages). On the home page that
/// title is the page's own.
fn names_the_site(page: &Page, title: &str, address: Option<&Address>) -> bool {
    let head = &page.head;
    address.is_some_and(|a| !a.home && (a.is_name(title) || a.without_name(title).is_some()))
        || head.meta_contents(&["property", "name"], "og:site_name").any(|name| {
            let name = name.trim();
            !headline_words(name).is_empty()
                && (headline_words(title) == headline_words(name)
                    || title.strip_prefix(name).is_some_and(|rest| {
                        SITE_SEPARATORS.iter().any(|sep| rest.starts_with(sep))
                    }))
        })
}

/// What the page's address says about its headline: the host's name and the path's slug.
#[derive(Debug)]
struct Address {
    /// The registrable label of the host, lowercase, without hyphens (`discord` for
    /// `www.discord.com`, `example` for `news.example.co.uk`).
    name: String,
    /// The path is `/`: the site's home page.
    home: bool,
    /// The words of the path's last segment, without a file extension and numbers
    /// (`/2025/01/how-to-book-a-flight.html` → how, to, book, a, flight).
    slug: Vec<String>,
}

impl Address {
    fn of(url: &str) -> Option<Address> {
        let url = crate::declared::page_url(url)?;
        let host = url.host_str()?;
        let labels: Vec<&str> = host.split('.').collect();
        // A country's second level (`co.uk`, `com.au`) is not the site's name.
        let n = labels.len();
        let k = if n >= 3 && labels[n - 1].len() == 2 && labels[n - 2].len() <= 3 {
            n - 3
        } else {
            n.checked_sub(2)?
        };
        let name: String = labels[k].chars().filter(|c| *c != '-').collect();
        let path = url.path();
        let last = path.split('/').rfind(|p| !p.is_empty()).unwrap_or("");
        let last = last
            .rsplit_once('.')
            .filter(|(_, ext)| ext.len() <= 5 && ext.bytes().all(|b| b.is_ascii_alphabetic()))
            .map_or(last, |(stem, _)| stem);
        let slug = tokens(&last.replace(['-', '_', '+', '.'], " "))
            .into_iter()
            .filter(|w| !w.bytes().all(|b| b.is_ascii_digit()))
            .collect();
        Some(Address { name, home: path == "/", slug })
    }

    /// Whether `s` is the host's name in words ("Left Brain Buddha" for leftbrainbuddha.com,
    /// "ClickUp™" for clickup.com).
    fn is_name(&self, s: &str) -> bool {
        let squashed: String = tokens(s).concat();
        !squashed.is_empty() && squashed == self.name
    }

    /// "Site - Rest" → "Rest", when "Site" is the host's name.
    fn without_name<'s>(&self, title: &'s str) -> Option<&'s str> {
        SITE_SEPARATORS.iter().find_map(|sep| {
            let (head, rest) = title.split_once(sep)?;
            (self.is_name(head) && !tokens(rest).is_empty()).then(|| rest.trim())
        })
    }

    /// Whether every word of the slug is one of `words`.
    fn spelled_by(&self, words: &[String]) -> bool {
        self.slug.iter().all(|w| words.contains(w))
    }
}

/// The words of the site's name: `og:site_name` and what [`strip_site_suffix`] takes off each
/// declared headline.
fn site_words(page: &Page, declared: &[Declared]) -> Vec<String> {
    let mut site: Vec<String> = page
        .head
        .meta_contents(&["property", "name"], "og:site_name")
        .flat_map(|s| headline_words(&s))
        .collect();
    for d in declared {
        site.extend(headline_words(site_suffix(&d.text)));
    }
    site
}

/// What [`strip_site_suffix`] takes off the end of `s` (empty when nothing).
fn site_suffix(s: &str) -> &str {
    let kept = strip_site_suffix(s);
    // `kept` is a slice of `s`.
    let end = kept.as_ptr() as usize - s.as_ptr() as usize + kept.len();
    &s[end..]
}

/// [`strip_site_suffix`], then the parts before it that the same separator sets apart
/// ("Topic / Section / Forum" → "Topic"): the site's sections, written as a breadcrumb.
fn strip_breadcrumb(s: &str) -> &str {
    let s = strip_host_prefix(s);
    let Some((i, sep)) = last_separator(s) else { return s };
    if tokens(&s[i + sep.len()..]).len() > MAX_SITE_WORDS || tokens(&s[..i]).is_empty() {
        return s;
    }
    let mut head = s[..i].trim_end();
    while let Some(j) = head.rfind(sep) {
        if tokens(&head[j + sep.len()..]).len() > MAX_SITE_WORDS || tokens(&head[..j]).is_empty() {
            break;
        }
        head = head[..j].trim_end();
    }
    head
}

/// Whether the page's first `h1`, of `words`, is its headline in other words than the declared
/// ones: a sentence-long heading (at least [`MIN_REWORDED_H1_WORDS`] words) of which at least
/// half are words of one declared headline, whole (a tagline after the separator, "Site -
/// Tagline", is words of the page too), and not only the site's name (`og:site_name`, or
/// what [`strip_site_suffix`] takes off a declared headline). Sites write one headline for
/// search engines and social cards and another for the reader (Search Engine Optimisation
/// plugins such as Yoast keep the two apart); the reader's is the one the page shows.
fn reads_as_headline(words: &[String], site: &[String], declared: &[Declared]) -> bool {
    if words.len() < MIN_REWORDED_H1_WORDS {
        return false;
    }
    let shared = |d: &Declared| {
        let theirs = headline_words(&d.text);
        words.iter().filter(|w| theirs.contains(w)).count()
    };
    !words.iter().all(|w| site.contains(w)) && declared.iter().any(|d| 2 * shared(d) >= words.len())
}
