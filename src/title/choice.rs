//! The headline shown: TitleFinder's, checked against the headlines the page declares about
//! itself (`Options::declared_title`; our refinement).

use std::borrow::Cow;

use crate::declared::{clean_headline, last_separator, Declared, SITE_SEPARATORS};
use crate::preprocess::Page;
use crate::settings::title::{MAX_SITE_WORDS, MIN_REWORDED_H1_WORDS, MIN_SLUG_WORDS};
use crate::words::{has_words, headline_words, owned, tokens, Words};

use super::address::Address;
use super::witnesses::Witnesses;
use super::{headings_of_level, Headline};

/// "Headline | Site" → "Headline": the text before the last separator, when what follows it is
/// short enough to be a site's name and something is left before it.
pub fn strip_site_suffix(s: &str) -> &str {
    let s = strip_host_prefix(s);
    match last_separator(s) {
        Some((i, sep))
            if tokens(&s[i + sep.len()..]).len() <= MAX_SITE_WORDS && has_words(&s[..i]) =>
        {
            s[..i].trim_end()
        }
        _ => s,
    }
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
///    then a heading below one of the first three `h1`s when a declared headline is that
///    `h1`, a separator or a colon, and the heading ("Blog: Post"): the heading;
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
/// With the page's address ([`crate::Options::url`] in `witnessed`): a declared title that opens with
/// the host's name compares less that name in rules 2 and 3, and is the site's title below
/// the home page (`names_the_site`); before rule 5, a slug the first `h1` spells and no
/// declared title does gives that `h1` (`MIN_SLUG_WORDS`).
pub fn choose(page: &Page, found: Headline, witnessed: &Witnesses) -> Headline {
    let mut declared = witnessed.declared.clone();
    if declared.is_empty() {
        return found;
    }
    let address = witnessed.address.as_ref();
    let witnesses = &witnessed.site;
    // Below the home page (or without an address), what the page's logo, copyright notice,
    // menus and host call the site or a section is the site's; on the home page the site's
    // name is the page's own title.
    let below_home = address.is_none_or(|a| !a.home);
    // A section's `h1` ("World Views" linked to the column's index) is not the page's.
    let h1s: Vec<(String, usize)> = headings_of_level(page, Some(1))
        .into_iter()
        .map(|(_, t, line)| (clean_headline(&t), line))
        .filter(|(t, _)| !witnesses.is_section(&headline_words(t)))
        .collect();
    // A declared title that is the site's ("Site – Tagline", as every page of some sites has
    // it) says nothing about this page.
    let is_site_title = |d: &Declared| {
        names_the_site(page, &d.text, address)
            || (below_home && witnesses.strip(&d.text).is_empty())
    };
    let site_titles = declared.iter().filter(|d| is_site_title(d)).count();
    // Every declared title is the site's: nothing on the page says which text is this page's
    // headline ([`confirm`] looks for the article's own).
    let all_site = site_titles == declared.len()
        && declared.iter().all(|d| {
            witnesses
                .strip(address.and_then(|a| a.without_name(&d.text)).unwrap_or(&d.text))
                .is_empty()
                || names_the_site(page, &d.text, None)
        });
    if site_titles > 0 && site_titles < declared.len() {
        declared.retain(|d| !is_site_title(d));
    }
    let body: Vec<(&str, usize, &'static str)> = h1s
        .iter()
        .map(|(t, l)| (t.as_str(), *l, "h1"))
        .chain(found.candidates.iter().map(|c| (c.text.as_str(), c.line, "titlefinder")))
        .collect();
    let body_words: Vec<Vec<Cow<str>>> = body.iter().map(|(t, _, _)| headline_words(t)).collect();
    let chosen =
        |text: String, rule: &'static str, line: Option<usize>| found.instead(text, rule, line);
    let site = site_words(page, &declared);
    let names_site = |words: &[Cow<'_, str>]| {
        words.iter().all(|w| site.contains(w)) || (below_home && witnesses.is_name(words))
    };
    // A site's title, and what is declared besides it: the page's own heading says what this
    // page is. When only the site's is declared, below the home page, [`confirm`] prefers the
    // heading nearest the article's text to it (an `h1` "Latest News" over the story's `h2`).
    if site_titles == declared.len() {
        if let Some(k) =
            body_words.iter().take(h1s.len()).position(|w| w.len() >= 2 && !names_site(w))
        {
            return Headline {
                weak: all_site && below_home,
                ..chosen(unnumbered(body[k].0, &declared).to_string(), "h1", Some(body[k].1))
            };
        }
    }

    for d in &declared {
        let words = headline_words(&d.text);
        if let Some(k) = body_words.iter().position(|b| *b == words) {
            return chosen(d.text.clone(), d.rule, Some(body[k].1));
        }
    }
    // Less the site's name: a suffix ("Headline | Site"), or a prefix that is the name of the
    // page's host ("Discord - Group Chat …" on discord.com, where the tail is the headline);
    // then less what the page witnesses as the site's and its sections' names at either end
    // ("SITE | Football | Premiership | Headline").
    let stripped: Vec<Vec<Cow<str>>> = declared
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

    // A declared title that opens with one of the first `h1`s and, after a separator, names a
    // heading the page shows below that `h1` ("Seth's Blog: The false choice of mediocrity"
    // over an `h1` "Seth's Blog" and an `h3` with the rest): that `h1` is the masthead, the
    // heading the headline. A colon counts here, as blog engines write "Blog: Post"; the `h1`
    // standing for the part before it keeps "Review: X" whole.
    let mastheads = &body_words[..h1s.len().min(3)];
    let mut headings: Option<Vec<(Words<'static>, String, usize)>> = None;
    for d in &declared {
        for (head, tail) in parts(&d.text) {
            let (masthead, kept) = (headline_words(head), headline_words(tail));
            let Some(m) = mastheads.iter().position(|w| *w == masthead) else { continue };
            if kept.len() < 2 {
                continue;
            }
            let headings = headings.get_or_insert_with(|| {
                headings_of_level(page, None)
                    .into_iter()
                    .map(|(_, t, line)| (owned(headline_words(&t)), clean_headline(&t), line))
                    .collect()
            });
            if let Some((_, text, line)) =
                headings.iter().find(|(w, _, line)| *line > body[m].1 && *w == kept)
            {
                return chosen(text.clone(), "heading", Some(*line));
            }
        }
    }

    // The end of a declared title whose start was the site's ("Forum :: View topic - Topic"),
    // when the body shows it: the declared text, standing on the body's line.
    for d in declared.iter().filter(|d| below_home && witnesses.strips_start(&d.text)) {
        for tail in tails(witnesses.strip(&d.text)) {
            let words = headline_words(tail);
            if let Some(k) = body_words.iter().position(|b| {
                b.len() >= 2 && *b == words && !names_site(b) && !witnesses.is_section(b)
            }) {
                return chosen(tail.to_string(), d.rule, Some(body[k].1));
            }
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
    // Less what the page witnesses as its site's and sections' names: the declared text,
    // standing on the body's line.
    let witnessed: Vec<(&str, &'static str)> = declared
        .iter()
        .filter(|_| below_home)
        .map(|d| (witnesses.strip(&d.text), d.rule))
        .filter(|(t, _)| !t.is_empty())
        .collect();
    for (text, rule) in &witnessed {
        let words = headline_words(text);
        if let Some(k) = body_words.iter().position(|b| *b == words) {
            return chosen(text.to_string(), rule, Some(body[k].1));
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
    // The site's and its sections' names that the page witnesses go from either end.
    let text = Some(witnesses.strip(text)).filter(|t| below_home && !t.is_empty()).unwrap_or(text);
    // Where the body shows it, if it does (a breadcrumb's last link): the date and byline
    // are looked for near that line.
    let words = headline_words(text);
    let line = body_words.iter().position(|b| *b == words).map(|k| body[k].1);
    // Every declared title is the site's: below the home page, nothing confirms it.
    let site_and_more = site_titles == declared.len() && !all_site && below_home;
    Headline {
        weak: all_site && below_home,
        after_site: site_and_more,
        ..chosen(text.to_string(), first.rule, line)
    }
}

/// A title cut in two at each of its separators ([`SITE_SEPARATORS`] and a colon), both
/// parts kept: "Blog: A - B" gives ("Blog", "A - B") and ("Blog: A", "B").
fn parts(title: &str) -> Vec<(&str, &str)> {
    SITE_SEPARATORS
        .iter()
        .chain([&": "])
        .flat_map(|sep| {
            title
                .match_indices(sep)
                .map(move |(i, _)| (title[..i].trim(), title[i + sep.len()..].trim()))
        })
        .filter(|(head, tail)| !head.is_empty() && !tail.is_empty())
        .collect()
}

/// The ends of a title after each of its separators ([`SITE_SEPARATORS`]), longest first: "A
/// - B - C" gives "B - C", then "C".
fn tails(title: &str) -> Vec<&str> {
    let mut cuts: Vec<usize> = SITE_SEPARATORS
        .iter()
        .flat_map(|sep| title.match_indices(sep).map(move |(i, _)| i + sep.len()))
        .collect();
    cuts.sort_unstable();
    cuts.into_iter().map(|i| title[i..].trim()).filter(|t| !t.is_empty()).collect()
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

/// The words of the site's name: `og:site_name` and what [`strip_site_suffix`] takes off each
/// declared headline.
fn site_words<'d>(page: &Page, declared: &'d [Declared]) -> Vec<Cow<'d, str>> {
    let mut site: Vec<Cow<str>> = page
        .head
        .meta_contents(&["property", "name"], "og:site_name")
        .flat_map(|s| owned(headline_words(&s)))
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
    if tokens(&s[i + sep.len()..]).len() > MAX_SITE_WORDS || !has_words(&s[..i]) {
        return s;
    }
    let mut head = s[..i].trim_end();
    while let Some(j) = head.rfind(sep) {
        if tokens(&head[j + sep.len()..]).len() > MAX_SITE_WORDS || !has_words(&head[..j]) {
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
fn reads_as_headline(words: &[Cow<'_, str>], site: &[Cow<'_, str>], declared: &[Declared]) -> bool {
    if words.len() < MIN_REWORDED_H1_WORDS {
        return false;
    }
    let shared = |d: &Declared| {
        let theirs = headline_words(&d.text);
        words.iter().filter(|w| theirs.contains(w)).count()
    };
    !words.iter().all(|w| site.contains(w)) && declared.iter().any(|d| 2 * shared(d) >= words.len())
}
