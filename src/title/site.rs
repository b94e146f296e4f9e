//! The names of the site and of its sections as the page itself witnesses them, for taking
//! them off a declared title ("SITE | Football | Premiership | Headline", "Headline - Soccer -
//! Sport - Breaking News", "Site: Column") and for telling a heading that names a section from
//! the article's own.
//!
//! The site's name: `og:site_name`, the JSON-LD `publisher` and `WebSite` names, the alt text
//! of the site's logo (an image whose address, class or id says logo or masthead, or that
//! links to the home page or a section's index), the holder of the copyright notice ("© 2008 The Harbor City
//! Ledger"), and the host's own name ([`Address::name`]: `kwmt1240` in `www.kwmt1240.com`).
//! A section's name: the text of a link to the home page or to a page above this one (its
//! path a directory of this page's path), as menus and breadcrumbs link sections.

use std::borrow::Cow;

use super::address::Address;
use crate::declared::{find_separator, SEPARATORS_AND_COLON, SITE_SEPARATORS};
use crate::preprocess::{Page, Tok};
use crate::settings::title::{
    MAX_LINK_CHARS, MAX_NAME_WORDS, MAX_SECTION_WORDS, MIN_HEADLINE_WORDS,
};
use crate::tokenize::Tag;
use crate::words::{has_words, headline_words, is_alphanumeric, is_caseless, is_optional_mark};

/// What the page says its site and its sections are called, each as its [`key`].
#[derive(Debug, Default)]
pub(super) struct Site {
    /// The site's names.
    names: Vec<String>,
    /// The host's name, when the page's address is known.
    host: Option<String>,
    /// The texts of links to the home page or to a page above this one.
    sections: Vec<String>,
    /// The texts of every short link to another page (menus: "Business", "Sport", "Breaking
    /// News"; a menu's link to this page names the page).
    links: Vec<String>,
    /// The page's address is known: a menu's link to this page is told from the others.
    addressed: bool,
}

impl Site {
    /// Reads the witnesses of `page`, whose address is `address` when known.
    pub(super) fn of(page: &Page, address: Option<&Address>) -> Site {
        let head = &page.head;
        let mut names: Vec<String> =
            head.meta_contents(&["property", "name"], "og:site_name").map(|n| key(&n)).collect();
        names.extend(crate::declared::json_ld_site_names(head).iter().map(|n| key(n)));
        let mut sections = Vec::new();
        let mut links = Vec::new();
        // The link being read: whether its target is the site's home or above this page, or
        // this page; and its text (one buffer for every link: most links' texts are read and
        // dropped).
        let mut link: Option<(bool, bool)> = None;
        let mut text = String::new();
        for tok in &page.toks {
            match tok {
                Tok::Start { name, .. } if name.is(Tag::A) => {
                    let href = tok.attr("href").unwrap_or_default();
                    let above = address.is_some_and(|a| a.is_above(href));
                    let here = address.is_some_and(|a| a.is_here(href));
                    link = Some((above, here));
                    text.clear();
                }
                Tok::End { name } if name.is(Tag::A) => {
                    if let Some((above, here)) = link.take().filter(|_| text.len() < MAX_LINK_CHARS)
                    {
                        let k = key(&text);
                        if !k.is_empty() && words_of(&k) <= MAX_NAME_WORDS {
                            if above {
                                sections.push(k.clone());
                            }
                            if !here {
                                links.push(k);
                            }
                        }
                    }
                }
                Tok::Start { name, .. } if name.is(Tag::Img) => {
                    let Some(alt) = tok.attr("alt").filter(|a| !a.trim().is_empty()) else {
                        continue;
                    };
                    let says_logo =
                        ["src", "class", "id"].iter().filter_map(|k| tok.attr(k)).any(|v| {
                            let v = v.to_ascii_lowercase();
                            v.contains("logo") || v.contains("masthead")
                        });
                    if says_logo || link.is_some_and(|(above, _)| above) {
                        let k = key(alt);
                        if !k.is_empty() && words_of(&k) <= MAX_NAME_WORDS {
                            names.push(k);
                        }
                    }
                }
                Tok::Text(t) => {
                    if link.is_some() && text.len() < MAX_LINK_CHARS {
                        text.push_str(t);
                    }
                    if let Some(holder) = copyright_holder(t) {
                        names.push(holder);
                    }
                }
                _ => {}
            }
        }
        names.retain(|n| !n.is_empty());
        Site {
            names,
            host: address.map(|a| a.name.clone()),
            sections,
            links,
            addressed: address.is_some(),
        }
    }

    /// Whether `words` are one of the site's names, or its host's name in words ("KWMT
    /// Radio" is not "kwmt1240"; "NorthBayGate" is `northbaygate`), alone or with a word sites
    /// add to it ("Marlow Anglers Forum" on `marlowanglers.co.uk`).
    pub(super) fn is_name(&self, words: &[Cow<'_, str>]) -> bool {
        if words.is_empty() || words.len() > MAX_NAME_WORDS {
            return false;
        }
        // The host's name and a word sites add to it ("NorthBayGate.com", "Marlow Anglers Forum").
        const HOST_WORDS: [&str; 10] =
            ["com", "net", "org", "online", "news", "forum", "forums", "radio", "tv", "blog"];
        let k = key(&words.join(" "));
        let squashed = k.replace(' ', "");
        self.names.contains(&k)
            || self.host.as_ref().is_some_and(|h| {
                h.len() >= 4
                    && squashed
                        .strip_prefix(h.as_str())
                        .is_some_and(|rest| rest.is_empty() || HOST_WORDS.contains(&rest))
            })
    }

    /// Whether `words` name a section: the text of a link to the home page or above this page.
    pub(super) fn is_section(&self, words: &[Cow<'_, str>]) -> bool {
        !words.is_empty() && self.sections.contains(&key(&words.join(" ")))
    }

    /// Whether `words` are the text of a short link of the page: a menu's section.
    fn is_menu_item(&self, words: &[Cow<'_, str>]) -> bool {
        !words.is_empty()
            && words.len() <= MAX_SECTION_WORDS
            && self.links.contains(&key(&words.join(" ")))
    }

    /// Whether [`Site::strip`] takes something off the start of `title`.
    pub(super) fn strips_start(&self, title: &str) -> bool {
        first_part(title.trim(), true).is_some_and(|(head, _)| self.is_name(&headline_words(head)))
    }

    /// `title` less the site's and its sections' names at either end, with their separators:
    /// at the start, the site's name (also before a colon: "NorthBayGate: World Views") and
    /// then the sections after it; at the end, the site's name and the sections before it, or
    /// menu sections alone ("… - Rugby - Sport - Breaking News"). The last part standing is
    /// never taken off; empty when every part is the site's or a section's.
    pub(super) fn strip<'t>(&self, title: &'t str) -> &'t str {
        let mut s = title.trim();
        // From the start: the site's name first, then its sections.
        let mut after_site = false;
        while let Some((head, rest)) = first_part(s, !after_site) {
            let words = headline_words(head);
            let site = self.is_name(&words);
            if site || (after_site && (self.is_section(&words) || self.is_menu_item(&words))) {
                after_site = true;
                s = rest;
            } else {
                break;
            }
        }
        // From the end: the site's name and the sections before it, or the menu's sections
        // before a headline's words (not a breadcrumb's: "S.O.N. | Magnetosphere | From
        // Observatories").
        let mut menu_only = None;
        while let Some((rest, tail)) = last_part(s) {
            let words = headline_words(tail);
            if self.is_name(&words) || self.is_section(&words) {
                s = rest;
                menu_only = None;
            } else if self.is_menu_item(&words) {
                menu_only.get_or_insert(s);
                s = rest;
            } else {
                break;
            }
        }
        if let Some(before) = menu_only.filter(|_| headline_words(s).len() < MIN_HEADLINE_WORDS) {
            s = before;
        }
        // The whole is one name, or a menu's section after the site's ("Site - Economy").
        let words = headline_words(s);
        if self.is_name(&words)
            || self.is_section(&words)
            || (after_site && self.addressed && self.is_menu_item(&words))
        {
            return "";
        }
        s
    }
}

/// "Part SEP rest" → ("Part", "rest"), at the first of [`SITE_SEPARATORS`] (or, with `colon`,
/// a colon: "Site: Column"), when both sides have words.
fn first_part(s: &str, colon: bool) -> Option<(&str, &str)> {
    let seps: &[&'static str] = if colon { &SEPARATORS_AND_COLON } else { &SITE_SEPARATORS };
    let (i, sep) = find_separator(s, seps, false)?;
    let (head, rest) = (s[..i].trim(), s[i + sep.len()..].trim());
    (has_words(head) && has_words(rest)).then_some((head, rest))
}

/// "rest SEP Part" → ("rest", "Part"), at the last of [`SITE_SEPARATORS`], when both sides have
/// words.
fn last_part(s: &str) -> Option<(&str, &str)> {
    let (i, sep) = find_separator(s, &SITE_SEPARATORS, true)?;
    let (rest, tail) = (s[..i].trim(), s[i + sep.len()..].trim());
    (has_words(rest) && has_words(tail)).then_some((rest, tail))
}

/// The holder of a copyright notice, as its [`key`]: "Copyright © 2008 The Harbor City Ledger.
/// All rights reserved." → "the harbor city ledger". The name runs from after the sign, the word
/// and the years to the first full stop, bar, comma or "All rights".
fn copyright_holder(text: &str) -> Option<String> {
    let at = notice_start(text)?;
    let rest = text[at..].trim_start_matches(|c: char| {
        c.is_whitespace() || c.is_ascii_digit() || matches!(c, '-' | '–' | ',' | '©')
    });
    let rest = rest.strip_prefix("(c)").or_else(|| rest.strip_prefix("(C)")).unwrap_or(rest);
    let rest = rest.trim_start_matches(|c: char| {
        c.is_whitespace() || c.is_ascii_digit() || matches!(c, '-' | '–' | ',')
    });
    let end = rest.find(['.', '|', ',', '·', '\n']).unwrap_or(rest.len());
    let name = &rest[..end];
    let name = name.to_ascii_lowercase().find(" all rights").map_or(name, |i| &name[..i]);
    let k = key(name);
    // Roman years ("© MMVIII") are no name.
    let roman = !k.contains(' ') && k.chars().all(|c| "ivxlcdm".contains(c));
    (!k.is_empty() && words_of(&k) <= MAX_NAME_WORDS && !roman).then_some(k)
}

/// Where a copyright notice's holder may start: after the first sign "©", else after the first
/// word "copyright" in any case. Asked of every text of the page: one pass for the sign's last
/// byte and the word's `y` (rarer than its first letters), before anything is copied.
fn notice_start(text: &str) -> Option<usize> {
    const WORD: &[u8] = b"copyright";
    let b = text.as_bytes();
    let mut word = None;
    let mut from = 0;
    while let Some(k) = memchr::memchr3(0xA9, b'y', b'Y', &b[from..]) {
        let i = from + k;
        // 0xC2 0xA9 is "©" (0xC2 begins a character, never continues one).
        if b[i] == 0xA9 && i >= 1 && b[i - 1] == 0xC2 {
            return Some(i + 1);
        }
        if b[i] != 0xA9
            && word.is_none()
            && i >= 3
            && b.get(i - 3..i - 3 + WORD.len()).is_some_and(|w| w.eq_ignore_ascii_case(WORD))
        {
            word = Some(i - 3 + WORD.len());
        }
        from = i + 1;
    }
    word
}

/// A name as the witnesses are compared: its letters and digits lowercased, runs of anything
/// else one space, Arabic's optional marks left out ("The Harbor-City Ledger!" → "the harbor
/// city ledger"). Cheaper than [`super::headline_words`], and asked of every link of a page.
pub(super) fn key(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut gap = false;
    for c in s.chars() {
        if c.is_ascii() {
            if c.is_ascii_alphanumeric() {
                if gap && !out.is_empty() {
                    out.push(' ');
                }
                gap = false;
                out.push(c.to_ascii_lowercase());
            } else {
                gap = true;
            }
        } else if is_alphanumeric(c) {
            if gap && !out.is_empty() {
                out.push(' ');
            }
            gap = false;
            // Arabic script has no case: its letters are not looked up.
            if is_caseless(c) {
                out.push(c);
            } else {
                out.extend(c.to_lowercase());
            }
        } else if !is_optional_mark(c) {
            gap = true;
        }
    }
    out
}

/// The number of words of a [`key`].
fn words_of(key: &str) -> usize {
    if key.is_empty() {
        0
    } else {
        // By bytes (a space is one byte in UTF-8): `matches(' ')` was a search a space.
        key.bytes().filter(|&b| b == b' ').count() + 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The searches `find_separator` replaces, a separator at a time.
    fn find_separator_reference(
        s: &str,
        seps: &[&'static str],
        last: bool,
    ) -> Option<(usize, &'static str)> {
        let found = seps
            .iter()
            .filter_map(|sep| if last { s.rfind(sep) } else { s.find(sep) }.map(|i| (i, *sep)));
        if last {
            found.max_by_key(|(i, _)| *i)
        } else {
            found.min_by_key(|(i, _)| *i)
        }
    }

    #[test]
    fn find_separator_agrees_with_a_search_a_separator() {
        const PIECES: &[&str] = &[
            " ", "|", "-", "–", "—", ":", "::", "·", "»", "/", "a", "é", " | ", " - ", ": ", "x:",
        ];
        let mut next = crate::testing::xorshift(0x9E37_79B9_7F4A_7C15);
        for _ in 0..50_000 {
            let len = (next() % 12) as usize;
            let text: String =
                (0..len).map(|_| PIECES[(next() >> 8) as usize % PIECES.len()]).collect();
            for seps in [&SITE_SEPARATORS[..], &SEPARATORS_AND_COLON[..]] {
                for last in [false, true] {
                    assert_eq!(
                        find_separator(&text, seps, last),
                        find_separator_reference(&text, seps, last),
                        "{text:?} {last}"
                    );
                }
            }
        }
    }
    use crate::preprocess::Preprocessing;
    use crate::LinkFilter;

    fn site(html: &str, url: &str) -> Site {
        let page = Page::parse(html, Preprocessing::thesis(LinkFilter::None));
        Site::of(&page, Address::of(url).as_ref())
    }

    #[test]
    fn the_copyright_notice_names_its_holder() {
        let words = copyright_holder;
        assert_eq!(
            words("Copyright © 2008 The Harbor City Ledger. All rights reserved.").as_deref(),
            Some("the harbor city ledger")
        );
        assert_eq!(
            words("© 2007-2008 KWMT Radio All Rights Reserved").as_deref(),
            Some("kwmt radio")
        );
        assert_eq!(words("&copy; MMVIII").as_deref(), None);
        assert_eq!(words("© MMVIII"), None);
        assert_eq!(words("A copy of the report"), None);
    }

    #[test]
    fn keys_and_notices_are_read_as_their_definitions_say() {
        // Against the definitions, on random texts of ASCII, Latin and Arabic letters, Arabic's
        // optional marks (alphabetic, most of them), a capital whose lowercase is two
        // characters, signs and the word.
        let pieces = [
            "©",
            "Copyright",
            "copyRIGHT",
            "opyright",
            "y",
            "Y",
            "é",
            "ن",
            "\u{064B}",
            "\u{0640}",
            " ",
            "-",
            "2008",
            "The",
            "İ",
            "Σ",
            ".",
            "\u{a0}",
            "�",
        ];
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let (mut keyed, mut noticed) = (0, 0);
        for _ in 0..20_000 {
            let mut text = String::new();
            for _ in 0..seed % 8 + 1 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                text.push_str(pieces[(seed % pieces.len() as u64) as usize]);
            }
            let words: Vec<String> = text
                .split(|c: char| !c.is_alphanumeric() && !is_optional_mark(c))
                .map(|w| w.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase))
                .map(String::from_iter)
                .filter(|w| !w.is_empty())
                .collect();
            assert_eq!(key(&text), words.join(" "), "{text:?}");
            let start = text.find('©').map(|i| i + '©'.len_utf8()).or_else(|| {
                text.to_ascii_lowercase().find("copyright").map(|i| i + "copyright".len())
            });
            assert_eq!(notice_start(&text), start, "{text:?}");
            keyed += usize::from(!words.is_empty());
            noticed += usize::from(start.is_some());
        }
        assert!(keyed > 10_000 && (2_000..18_000).contains(&noticed), "{keyed} {noticed}");
    }

    #[test]
    fn names_and_sections_come_off_the_ends_of_a_title() {
        let s = site(
            "<a href=/><img src=/i/banner.gif alt=\"KESTREL SPORT\"></a>\
             <a href=/sport1/hi/football/default.stm>Football</a> <a href=/sport1/hi/football/eng_prem/default.stm>Premiership</a>\
             <p>Copyright © 2008 Kestrel Media. All rights reserved.</p>",
            "http://news.kestrel.co.uk/sport1/hi/football/7240.stm",
        );
        assert_eq!(
            s.strip("KESTREL SPORT | Football | Premiership | Rovers hold Athletic"),
            "Rovers hold Athletic"
        );
        assert_eq!(
            s.strip("Rovers hold Athletic - Football - Kestrel Media"),
            "Rovers hold Athletic"
        );
        // The last part stands; a headline's own dash and colon stay.
        assert_eq!(
            s.strip("Review: The Keepers – a quiet triumph | Football"),
            "Review: The Keepers – a quiet triumph"
        );
        assert_eq!(s.strip("KESTREL SPORT | Football"), "");
        assert_eq!(s.strip("KESTREL SPORT"), "");
        // A menu item opens a title only after the site's name.
        assert_eq!(s.strip("Football: the new season"), "Football: the new season");
        let s = site(
            "<h1><a href=/blogs/worldviews/>World Views</a></h1>",
            "http://www.northbaygate.com/blogs/worldviews/archives/12.html",
        );
        assert_eq!(s.strip("NorthBayGate: World Views"), "");
        assert!(s.is_section(&headline_words("World Views")));
        assert!(!s.is_section(&headline_words("NorthBayGate")));
    }
}
