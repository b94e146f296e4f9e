//! The headline the article itself shows, and the last check of the headline chosen before
//! the article was (chapter 5's TitleFinder and [`super::choose`]) against it.
//!
//! TitleFinder reads the `<title>` as a query. When the title is only the site's or a
//! section's name ("The Harbor City Ledger", "1240 KWMT - News Talk Radio", "SFGate: World
//! Views"), or says nothing the article's text says (an English transliteration over an Urdu
//! article), the query finds nothing worth having, and what the declared titles agree with is
//! the site's masthead or a section's heading. The headline is then the one the article shows:
//! the heading nearest above its text, within `gap` lines of where the chosen content starts
//! (the headline as the article's upper bound, thesis 7.2.1).

use std::borrow::Cow;

use super::site::Site;
use super::witnesses::Witnesses;
use super::{first_heading, Fragment, Headline};
use crate::declared::{clean_headline, headlines};
use crate::preprocess::{Page, Tok};
use crate::settings::title::{
    HEADING_ABOVE, MAX_HEADLINE_WORDS, PARAGRAPH_CHARS, PARAGRAPH_WORDS, SCRIPT_SAMPLE,
};
use crate::tokenize::Tag;
use crate::words::{headline_words, Script, ScriptCounts};

/// The headline the article shows: the text and line of the heading nearest above the first
/// paragraph of the chosen lines (`chosen`, one flag a line), no further than [`HEADING_ABOVE`] lines
/// above the first chosen line. A heading is a line whose text all stands in an `h1`–`h6`, an
/// element whose class or id says headline, title or heading (`storytitle`, `news-title`), a
/// `<font>` of size 4 or more, or, failing those, `<b>` or `<strong>`; never a date, a byline,
/// the site's name or a section's. Failing any heading, the nearest short line of plain text
/// of three words or more above the paragraph (a headline in a bare `div`, as BBC News wrote
/// them).
pub(super) fn article_heading(
    page: &Page,
    frags: &[Fragment],
    chosen: &[bool],
    site: &Site,
) -> Option<(String, usize)> {
    let first = chosen.iter().position(|&c| c)?;
    let lo = first.saturating_sub(HEADING_ABOVE);
    let is_paragraph = |f: &&Fragment| {
        f.text.chars().count() >= PARAGRAPH_CHARS
            || headline_words(&f.text).len() >= PARAGRAPH_WORDS
    };
    let paragraph = frags
        .iter()
        .filter(|f| f.line >= first && chosen.get(f.line).copied().unwrap_or(false))
        .find(is_paragraph)
        .map(|f| f.line);
    let prose = paragraph.is_some();
    let paragraph = paragraph.unwrap_or(first + HEADING_ABOVE);
    let strengths = line_strengths(page);
    let usable = |text: &str| {
        let words = headline_words(text);
        !words.is_empty()
            && words.len() <= MAX_HEADLINE_WORDS
            && crate::meta::dates::parse_visible(text, "en").is_none()
            && !starts_with_byline_lead(text)
            && !text.trim_end().ends_with(':')
            && !site.is_name(&words)
            && !site.is_section(&words)
    };
    let near: Vec<&Fragment> = frags.iter().filter(|f| (lo..paragraph).contains(&f.line)).collect();
    // The strongest kind of heading present, then the nearest of that kind.
    let heading = |min: u8| {
        near.iter()
            .rev()
            .find(|f| strengths.get(f.line).is_some_and(|s| s.heading >= min) && usable(&f.text))
    };
    heading(STRONG).or_else(|| heading(BOLD)).map(|f| (f.text.clone(), f.line)).or_else(|| {
        // A plain line heads an article of prose; among short lines alone (a selection of list
        // items, a list of links) it is one of them, not their headline.
        if !prose {
            return None;
        }
        near.iter()
            .rev()
            .find(|f| {
                strengths.get(f.line).is_some_and(|s| !s.linked)
                    && headline_words(&f.text).len() >= 3
                    && f.text.chars().count() < PARAGRAPH_CHARS
                    && usable(&f.text)
            })
            .map(|f| (f.text.clone(), f.line))
    })
}

/// Heading strength of a line's text: [`STRONG`] for heading elements, [`BOLD`] for bold text
/// alone.
const STRONG: u8 = 2;
const BOLD: u8 = 1;

/// What a line's text stands in.
#[derive(Clone, Copy, Debug, Default)]
struct LineKind {
    /// The weakest heading strength over the line's texts (0: some text is no heading).
    heading: u8,
    /// Some of its text is a link's.
    linked: bool,
}

/// [`LineKind`] of every normalised line of `page`.
fn line_strengths(page: &Page) -> Vec<LineKind> {
    let mut kinds: Vec<Option<LineKind>> = vec![None; page.lines.len()];
    // The open elements: their name and heading strength.
    let mut open: Vec<(&str, u8)> = Vec::new();
    for (i, tok) in page.toks.iter().enumerate() {
        match tok {
            Tok::Start { name, self_closing, .. } if !self_closing => {
                open.push((name.as_ref(), strength(tok)))
            }
            Tok::End { name } => {
                if let Some(k) = open.iter().rposition(|(n, _)| *n == name.as_ref()) {
                    open.truncate(k);
                }
            }
            Tok::Text(t) if !t.trim().is_empty() => {
                let s = open.iter().map(|(_, s)| *s).max().unwrap_or(0);
                let linked = open.iter().any(|(n, _)| *n == "a");
                let line = page.line_of[i] as usize;
                if let Some(k) = kinds.get_mut(line) {
                    let was = k.get_or_insert(LineKind { heading: s, linked });
                    was.heading = was.heading.min(s);
                    was.linked |= linked;
                }
            }
            _ => {}
        }
    }
    kinds.into_iter().map(Option::unwrap_or_default).collect()
}

/// How strongly a start tag marks its text as a heading.
fn strength(tok: &Tok) -> u8 {
    let Tok::Start { name, .. } = tok else { return 0 };
    if matches!(name.tag(), Some(Tag::H1 | Tag::H2 | Tag::H3 | Tag::H4 | Tag::H5 | Tag::H6)) {
        return STRONG;
    }
    let says_heading = ["class", "id"].iter().filter_map(|k| tok.attr(k)).any(|v| {
        v.split_ascii_whitespace().any(|c| {
            let c = c.to_ascii_lowercase();
            ["headline", "title", "heading"].iter().any(|w| c.contains(w))
                && !["subtitle", "subhead", "sitetitle", "site-title", "titlebar", "title-bar"]
                    .iter()
                    .any(|w| c.contains(w))
        })
    });
    let big_font = name.as_ref() == "font"
        && tok.attr("size").is_some_and(|s| {
            s.trim().starts_with('+') || s.trim().parse::<u8>().is_ok_and(|n| n >= 4)
        });
    if says_heading || big_font {
        STRONG
    } else if matches!(name.tag(), Some(Tag::B | Tag::Strong)) {
        BOLD
    } else {
        0
    }
}

/// Whether a line opens as a byline does ("By JANE DOE", "Posted by", "كتب").
fn starts_with_byline_lead(text: &str) -> bool {
    crate::meta::leads::byline_lead(text).is_some()
}

/// The headline after the article was chosen: `found` ([`super::choose`]'s), unless it is
/// empty, markup, only the site's or a section's name (below the home page), a choice nothing
/// on the page confirmed ([`Headline::weak`]), a tagline after the site's name that the
/// article never says ([`Headline::after_site`]), or in another script than the article's
/// `text` (an English `<title>` over an Urdu article). Then the article's own heading
/// ([`article_heading`]), else, for an empty or markup headline, the page's first heading of
/// its highest level, else its declared title.
pub fn confirm(
    page: &Page,
    found: Headline,
    frags: &[Fragment],
    chosen: &[bool],
    text: &str,
    witnessed: &Witnesses,
) -> Headline {
    let (address, site) = (&witnessed.address, &witnessed.site);
    let words = headline_words(&found.text);
    let broken = words.is_empty() || looks_like_markup(&found.text);
    let home = address.as_ref().is_none_or(|a| a.home);
    let site_only = !home && (site.is_name(&words) || site.is_section(&words));
    // The article's script by its opening (the whole text of a long article says no more).
    let opening = text.char_indices().nth(SCRIPT_SAMPLE).map_or(text, |(i, _)| &text[..i]);
    let other_script =
        matches!((script(&found.text), script(opening)), (Some(a), Some(b)) if a != b);
    // What follows the site's name in its every declared title, not shown in the body, most of
    // whose words the article does not say: a tagline ("Your Local News Leader").
    let unsaid = found.after_site && found.line.is_none() && {
        let said = headline_words(text);
        let words: Vec<&Cow<str>> = words.iter().filter(|w| w.chars().count() >= 3).collect();
        2 * words.iter().filter(|w| said.contains(w)).count() < words.len()
    };
    if !(broken || site_only || found.weak || other_script || unsaid) {
        return found;
    }
    let heading = article_heading(page, frags, chosen, site)
        .filter(|(t, _)| !other_script || script(t) == script(opening));
    let with =
        |text: String, rule: &'static str, line: Option<usize>| found.instead(text, rule, line);
    match heading {
        // The article's heading is the headline chosen: it stands.
        Some((text, _)) if headline_words(&text) == words => {
            Headline { weak: false, after_site: false, ..found }
        }
        Some((text, line)) => with(text, "heading", Some(line)),
        None if broken => first_heading(page, None)
            .map(|(t, line)| with(clean_headline(&t), "heading", Some(line)))
            .or_else(|| {
                headlines(page)
                    .into_iter()
                    .find(|d| !looks_like_markup(&d.text))
                    .map(|d| with(d.text, d.rule, None))
            })
            .unwrap_or(found),
        None => found,
    }
}

/// The script most of a text's letters are written in (`None` without letters).
fn script(text: &str) -> Option<Script> {
    ScriptCounts::of(text).dominant()
}

/// Whether a headline shows markup as text: a comment's delimiter, an end tag, or a start tag
/// with an attribute or a closing slash (`<script src=`, `<br/>`, `</i>`). A tag's name alone
/// in angle brackets is text a page escaped ("`<table>`: The Table element").
pub fn looks_like_markup(s: &str) -> bool {
    if s.contains("<!--") || s.contains("-->") {
        return true;
    }
    s.match_indices('<').any(|(i, _)| {
        let rest = &s[i + 1..];
        let (end, rest) = match rest.strip_prefix('/') {
            Some(r) => (true, r),
            None => (false, rest),
        };
        let name = rest.bytes().take_while(u8::is_ascii_alphanumeric).count();
        if name == 0 || !rest.as_bytes()[0].is_ascii_alphabetic() {
            return false;
        }
        let after = rest[name..].trim_start();
        if end {
            return after.starts_with('>');
        }
        after.starts_with("/>")
            || (rest[name..].starts_with(char::is_whitespace)
                && after.split(['>', ' ']).next().is_some_and(|a| a.contains('=')))
    })
}
