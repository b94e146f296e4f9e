//! Which image of the page a figure shows, and which images are not figures at all (issue 13,
//! issue 15 item 8). Phase 4's block builder asks these questions of each `<img>` it reads.
//!
//! **The URL is one the page itself would load.** A reader must not make the browser fetch an
//! address the page never asked for (a `data-src` can be a tracking pixel's), so the image's URL
//! is chosen as a browser would choose it, for a window about 1000 CSS pixels wide at a device
//! pixel ratio of 1 showing the image in a column of about 700 pixels:
//!
//! 1. inside `<picture>`, the first `<source>` whose `type` is a format every current browser
//!    decodes (none, or `image/` `webp`, `avif`, `jpeg`, `png`, `gif`, `apng`, `svg+xml`) and whose
//!    `media` query matches that window ([`media_matches`]), then its `srcset`;
//! 2. else the image's own `srcset`, with `src` as its 1x candidate when it has no 1x candidate
//!    and no widths (as HTML's "update the source set" adds it);
//! 3. else `src`;
//! 4. only when `src` is missing or a placeholder ([`is_placeholder`]: a `data:` URL, a 1×1 or
//!    blank GIF): the lazy-load attributes `data-srcset`, `data-lazy-srcset`, `data-src`,
//!    `data-lazy-src`, `data-original`, which the page's own script would load.
//!
//! From a `srcset` ([`pick_srcset`]): with width descriptors, the narrowest candidate at least
//! 700 pixels wide (else the widest), which is what the browser takes for a 700 px slot at 1x;
//! with densities, the lowest at least 1x (else the highest). Every URL is then resolved and
//! checked by `render::safe_url` (http(s) only, never `data:`).
//!
//! **Not a figure**: avatars, logos, icons, emoji, share buttons and tracking pixels
//! ([`not_a_figure`], [`is_chrome_container`]), told by their attributes (a declared width or
//! height of 64 pixels or less; `class`, `id`, `alt` or the file's path naming an avatar, a logo,
//! an icon, emoji or sharing; a tracker's host; the `alt` and the path are not asked inside a
//! figure) and by their context (one of the image's four nearest ancestors has a `class`, `id`,
//! `rel` or `itemprop` naming an author, a byline, an avatar, sharing, a logo or the site's
//! masthead, and not the article's body).

use crate::preprocess::Tok;
use crate::settings::blocks::{COLUMN_PX, ICON_PX, VIEWPORT_PX};
use std::borrow::Cow;

/// The candidate of a `srcset` the browser would load into a 700 px column at 1x, as written
/// (unresolved). `src` is the image's `src` when the `srcset` is an `<img>`'s (the implicit 1x
/// candidate). `None` when the `srcset` has no candidate.
pub fn pick_srcset<'a>(srcset: &'a str, src: Option<&'a str>) -> Option<&'a str> {
    let candidates = parse_srcset(srcset);
    let widths: Vec<(&str, f64)> = candidates
        .iter()
        .filter_map(|&(u, d)| match d {
            Descriptor::Width(w) => Some((u, w)),
            _ => None,
        })
        .collect();
    if !widths.is_empty() {
        return widths
            .iter()
            .filter(|(_, w)| *w >= COLUMN_PX)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .or_else(|| widths.iter().max_by(|a, b| a.1.total_cmp(&b.1)))
            .map(|c| c.0);
    }
    let mut densities: Vec<(&str, f64)> = candidates
        .iter()
        .map(|&(u, d)| (u, if let Descriptor::Density(x) = d { x } else { 1.0 }))
        .collect();
    if let Some(src) =
        src.filter(|s| !s.trim().is_empty() && !densities.iter().any(|(_, x)| *x == 1.0))
    {
        densities.push((src, 1.0));
    }
    densities
        .iter()
        .filter(|(_, x)| *x >= 1.0)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .or_else(|| densities.iter().max_by(|a, b| a.1.total_cmp(&b.1)))
        .map(|c| c.0)
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Descriptor {
    None,
    Width(f64),
    Density(f64),
}

/// The candidates of a `srcset` after WHATWG HTML's "parse a srcset attribute": a URL is a run
/// of non-whitespace (trailing commas end the candidate), its descriptors run to the next comma
/// outside parentheses. A candidate with an invalid or conflicting descriptor is dropped.
fn parse_srcset(s: &str) -> Vec<(&str, Descriptor)> {
    let mut out = Vec::new();
    let mut rest = s;
    loop {
        rest = rest.trim_start_matches(|c: char| c.is_ascii_whitespace() || c == ',');
        if rest.is_empty() {
            return out;
        }
        let end = rest.find(|c: char| c.is_ascii_whitespace()).unwrap_or(rest.len());
        let (url, after) = rest.split_at(end);
        let trimmed = url.trim_end_matches(',');
        if trimmed.len() < url.len() {
            // "url," : no descriptors.
            out.push((trimmed, Descriptor::None));
            rest = after;
            continue;
        }
        // Descriptors up to the next comma outside parentheses.
        let mut depth = 0u32;
        let mut stop = after.len();
        for (i, c) in after.char_indices() {
            match c {
                '(' => depth += 1,
                ')' => depth = depth.saturating_sub(1),
                ',' if depth == 0 => {
                    stop = i;
                    break;
                }
                _ => {}
            }
        }
        let (descriptors, next) = after.split_at(stop);
        rest = next;
        let mut d = Descriptor::None;
        let mut valid = true;
        for word in descriptors.split_ascii_whitespace() {
            let parse = |n: &str| number(n).filter(|v| *v > 0.0);
            let this = match word.as_bytes().last() {
                Some(b'w') => parse(&word[..word.len() - 1])
                    .filter(|v| v.fract() == 0.0)
                    .map(Descriptor::Width),
                Some(b'x') => parse(&word[..word.len() - 1]).map(Descriptor::Density),
                // A height descriptor (future-compatible) says nothing we use.
                Some(b'h') => continue,
                _ => None,
            };
            match (this, d) {
                (Some(t), Descriptor::None) => d = t,
                _ => valid = false,
            }
        }
        if valid && !trimmed.is_empty() {
            out.push((trimmed, d));
        }
    }
}

/// A decimal number as HTML and CSS write them (`800`, `1.5`, `.5`, `2e1`, an optional sign),
/// finite; `None` for anything else. Not `str::parse::<f64>`: its exact algorithm brings about
/// 10 KB of tables into the wasm, over the size budget (docs/PERFORMANCE.md), for numbers
/// that only ever choose between image candidates. Checked against it in the tests.
pub fn number(s: &str) -> Option<f64> {
    let b = s.as_bytes();
    let mut i = usize::from(matches!(b.first(), Some(b'+' | b'-')));
    let negative = b.first() == Some(&b'-');
    // Up to 18 significant digits in an integer; the rest only move the decimal exponent.
    let (mut mantissa, mut exp, mut digits) = (0u64, 0i32, 0);
    let mut seen = false;
    let mut fraction = false;
    while i < b.len() {
        match b[i] {
            c @ b'0'..=b'9' => {
                seen = true;
                if digits < 18 {
                    mantissa = mantissa * 10 + u64::from(c - b'0');
                    if mantissa > 0 {
                        digits += 1;
                    }
                    exp -= i32::from(fraction);
                } else if !fraction {
                    exp += 1;
                }
            }
            b'.' if !fraction => fraction = true,
            _ => break,
        }
        i += 1;
    }
    if !seen {
        return None;
    }
    if i < b.len() {
        if !matches!(b[i], b'e' | b'E') {
            return None;
        }
        i += 1;
        let sign = match b.get(i) {
            Some(b'-') => (i += 1, -1).1,
            Some(b'+') => (i += 1, 1).1,
            _ => 1,
        };
        let e = &s[i..];
        if e.is_empty() || e.len() > 4 || !e.bytes().all(|c| c.is_ascii_digit()) {
            return None;
        }
        exp += sign * e.parse::<i32>().ok()?;
    }
    let v = mantissa as f64 * 10f64.powi(exp);
    let v = if negative { -v } else { v };
    v.is_finite().then_some(v)
}

/// Whether a `<source>`'s `type` is one every current browser decodes.
pub fn type_supported(t: Option<&str>) -> bool {
    let Some(t) = t.map(|t| t.split(';').next().unwrap_or("").trim().to_ascii_lowercase()) else {
        return true;
    };
    t.is_empty()
        || matches!(
            t.as_str(),
            "image/webp"
                | "image/avif"
                | "image/jpeg"
                | "image/jpg"
                | "image/png"
                | "image/gif"
                | "image/apng"
                | "image/svg+xml"
        )
}

/// Whether a `media` query matches a screen 1000 px wide, in landscape, at 1x, in the light
/// scheme. Understood: the media types `all`, `screen` (match) and `print` (not), `only`,
/// `not` before a whole query, `and`, a comma as "or", and the features `min-`/`max-width`
/// (px, em, rem at 16 px), `orientation`, `prefers-color-scheme`, `min-`/`max-resolution` and
/// `-webkit-min-`/`-webkit-max-device-pixel-ratio`. A query with anything else does not match
/// (the browser's choice is then unknown; the next `<source>`, or the image's own source, is
/// taken).
pub fn media_matches(media: Option<&str>) -> bool {
    let Some(media) = media.map(str::trim).filter(|m| !m.is_empty()) else { return true };
    media.to_ascii_lowercase().split(',').any(|q| query_matches(q.trim()).unwrap_or(false))
}

fn query_matches(q: &str) -> Option<bool> {
    let (negate, q) = match q.strip_prefix("not ") {
        Some(rest) => (true, rest.trim()),
        None => (false, q.strip_prefix("only ").map_or(q, str::trim)),
    };
    let mut all = true;
    for part in q.split(" and ") {
        let part = part.trim();
        let ok = match part {
            "all" | "screen" | "" => true,
            "print" | "speech" => false,
            _ => feature_matches(part.strip_prefix('(')?.strip_suffix(')')?)?,
        };
        all &= ok;
    }
    Some(all != negate)
}

fn feature_matches(f: &str) -> Option<bool> {
    let (name, value) = f.split_once(':')?;
    let (name, value) = (name.trim(), value.trim());
    let px = || {
        let (n, unit) =
            value.split_at(value.find(|c: char| c.is_ascii_alphabetic()).unwrap_or(value.len()));
        let n = number(n.trim())?;
        match unit {
            "px" | "" => Some(n),
            "em" | "rem" => Some(n * 16.0),
            _ => None,
        }
    };
    let ratio = || {
        let v = value.trim_end_matches("dppx").trim_end_matches('x');
        match value.strip_suffix("dpi") {
            Some(dpi) => number(dpi.trim()).map(|d| d / 96.0),
            None => number(v.trim()),
        }
    };
    Some(match name {
        "min-width" => VIEWPORT_PX >= px()?,
        "max-width" => VIEWPORT_PX <= px()?,
        "orientation" => value == "landscape",
        "prefers-color-scheme" => value == "light",
        "min-resolution" | "-webkit-min-device-pixel-ratio" | "min--moz-device-pixel-ratio" => {
            1.0 >= ratio()?
        }
        "max-resolution" | "-webkit-max-device-pixel-ratio" | "max--moz-device-pixel-ratio" => {
            1.0 <= ratio()?
        }
        _ => return None,
    })
}

/// Whether an image URL is a placeholder a lazy loader replaces: missing, a `data:` URL
/// (a blank or blurred inline image), `about:blank`, a file named as a blank, spacer,
/// placeholder or 1×1 image, or a GIF named as a pixel, a loader or a lazy-load stand-in.
pub fn is_placeholder(src: Option<&str>) -> bool {
    let Some(src) = src.map(str::trim).filter(|s| !s.is_empty()) else { return true };
    let starts = |p: &str| src.get(..p.len()).is_some_and(|s| s.eq_ignore_ascii_case(p));
    if starts("data:") || starts("about:") {
        return true;
    }
    // Only the file's name is lowercased: a `data:` URL (kilobytes of base64) is never copied,
    // and a query string (a CDN's resizing parameters) is not read. (ASCII lowercasing moves no
    // `?`, `#` or `/`, so the path and its last segment are those of the lowercased URL. The
    // path's end is found with memchr: `?` and `#` are ASCII, no character is decoded.)
    let path = &src[..memchr::memchr2(b'?', b'#', src.as_bytes()).unwrap_or(src.len())];
    let file = path.rsplit('/').next().unwrap_or("").to_ascii_lowercase();
    let file = file.as_str();
    let (stem, ext) = file.rsplit_once('.').unwrap_or((file, ""));
    parts(stem).any(|p| matches!(&*p, "blank" | "spacer" | "placeholder" | "1x1"))
        || (ext == "gif"
            && [
                "pixel", "grey", "gray", "clear", "loading", "loader", "trans", "lazy", "empty",
                "dummy",
            ]
            .iter()
            .any(|w| stem.contains(w)))
}

/// Words that make an image (in its `class`, `id`, `alt` or file path) something other than a
/// picture of the article.
const IMAGE_WORDS: &[&str] = &[
    "avatar",
    "gravatar",
    "logo",
    "icon",
    "emoji",
    "smiley",
    "share",
    "sharing",
    "social",
    "sprite",
    "spinner",
    "badge",
    "profile-pic",
    "headshot",
    "userpic",
];
/// Words that make an element (its `class`, `id`, `rel` or `itemprop`) a container of such
/// images: an author box, a byline, sharing buttons, the site's header.
const CONTAINER_WORDS: &[&str] = &[
    "avatar",
    "gravatar",
    "author",
    "byline",
    "share",
    "sharing",
    "social",
    "logo",
    "masthead",
    "site-header",
    "site-branding",
    "navbar",
    "emoji",
];
/// Hosts that serve tracking pixels, not pictures (a host or any of its subdomains).
const TRACKER_HOSTS: &[&str] = &[
    "pixel.wp.com",
    "stats.wp.com",
    "scorecardresearch.com",
    "doubleclick.net",
    "google-analytics.com",
    "googletagmanager.com",
    "quantserve.com",
    "bat.bing.com",
    "analytics.twitter.com",
    "amazon-adsystem.com",
    "adsrvr.org",
    "mc.yandex.ru",
    "pixel.quantserve.com",
];
/// Tracking endpoints on hosts that also serve other things: host and path prefix.
const TRACKER_PATHS: &[&str] =
    &["www.facebook.com/tr", "facebook.com/tr", "t.co/i/adsct", "feeds.feedburner.com/~r/"];

/// The parts of `value` (split at anything but letters and digits, lowercase).
fn parts(value: &str) -> impl Iterator<Item = Cow<'_, str>> + '_ {
    value.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(lowercase)
}

/// `value.to_lowercase()`, borrowed when that changes nothing (ASCII without capitals, what
/// most classes, ids and file names are): the figure tests ask it of every class of an image's
/// ancestors.
fn lowercase(value: &str) -> Cow<'_, str> {
    if value.bytes().all(|b| b.is_ascii() && !b.is_ascii_uppercase()) {
        Cow::Borrowed(value)
    } else {
        Cow::Owned(value.to_lowercase())
    }
}

/// Whether a word of `value` (a class list, an id) starts with one of `words` (`avatar-96`,
/// `authorbox`, `sharebar`), followed by one of `suffixes` when there are (`None`: by
/// anything), or `value` holds a word written with a hyphen (`site-header`).
fn names_one_of(value: &str, words: &[&str], suffixes: Option<&[&str]>) -> bool {
    if value.is_ascii() {
        ascii_names_one_of(value.as_bytes(), words, suffixes)
    } else {
        unicode_names_one_of(value, words, suffixes)
    }
}

/// [`names_one_of`] of any value: its words split and lowercased as Unicode's.
fn unicode_names_one_of(value: &str, words: &[&str], suffixes: Option<&[&str]>) -> bool {
    parts(value).any(|p| {
        words.iter().any(|w| {
            p.strip_prefix(w).is_some_and(|rest| ends_with_one_of(rest.as_bytes(), suffixes))
        })
    }) || {
        let lower = lowercase(value);
        words.iter().any(|k| k.contains('-') && lower.contains(k))
    }
}

/// Whether `rest` (lowercase) is one of `suffixes` (`None`: any is).
fn ends_with_one_of(rest: &[u8], suffixes: Option<&[&str]>) -> bool {
    suffixes.is_none_or(|s| s.iter().any(|s| rest.eq_ignore_ascii_case(s.as_bytes())))
}

/// [`names_one_of`] of an ASCII value, without decoding characters or copying (the figure
/// tests ask it of the classes and ids of every image's nearest ancestors): in ASCII, [`parts`]
/// splits at the bytes that are not ASCII letters or digits, lowercasing is ASCII's, and a word
/// written with a hyphen can only stand at one of the value's hyphens.
fn ascii_names_one_of(b: &[u8], words: &[&str], suffixes: Option<&[&str]>) -> bool {
    let starts =
        |p: &[u8], w: &str| p.get(..w.len()).is_some_and(|x| x.eq_ignore_ascii_case(w.as_bytes()));
    b.split(|c| !c.is_ascii_alphanumeric())
        .any(|p| words.iter().any(|w| starts(p, w) && ends_with_one_of(&p[w.len()..], suffixes)))
        || (b.contains(&b'-')
            && words.iter().any(|w| {
                w.bytes().position(|c| c == b'-').is_some_and(|h| {
                    memchr::memchr_iter(b'-', b).any(|k| k >= h && starts(&b[k - h..], w))
                })
            }))
}

/// Whether a part of `value` (a path, an `alt`) is one of `words` or its plural: exact parts,
/// since free text and file names hold longer words that begin the same (`iconic`, `logos`
/// of an article about logos is still caught, `shareholders` is not).
fn has_part(value: &str, words: &[&str]) -> bool {
    parts(value).any(|w| words.iter().any(|k| w == *k || w.strip_suffix('s') == Some(k)))
}

/// What may follow a container word in one word (`sharebar`, `authorbox`, `sharedaddy`,
/// Jetpack's sharing box): not any letters, since `shared-content` holds an article.
const CONTAINER_SUFFIXES: &[&str] = &[
    "",
    "s",
    "bar",
    "box",
    "btns",
    "buttons",
    "button",
    "tools",
    "links",
    "icons",
    "info",
    "bio",
    "wrap",
    "wrapper",
    "container",
    "daddy",
    "this",
    "area",
    "block",
    "card",
    "meta",
    "name",
    "image",
    "img",
    "photo",
    "pic",
    "line",
];

/// Whether the element of start tag `tok` holds no pictures of the article: its `class`, `id`,
/// `rel` or `itemprop` names an author, a byline, an avatar, sharing, a logo or the masthead,
/// and it does not also name the article's body (`id="gigya-share-btns"` with
/// `itemprop="articleBody"` holds the article).
pub fn is_chrome_container(tok: &Tok) -> bool {
    let chrome = ["class", "id", "rel", "itemprop"].iter().any(|k| {
        tok.attr(k).is_some_and(|v| names_one_of(v, CONTAINER_WORDS, Some(CONTAINER_SUFFIXES)))
    });
    chrome
        && !["class", "id", "itemprop"].iter().any(|k| {
            tok.attr(k).is_some_and(|v| {
                let lower = lowercase(v);
                ["article", "content", "body", "entry", "story", "post-"]
                    .iter()
                    .any(|w| lower.contains(w))
            })
        })
}

/// Whether the `<img>` of start tag `tok`, to be shown from `url` (resolved), is an avatar, a
/// logo, an icon, emoji, a share button or a tracking pixel rather than a picture of the
/// article. An image the page puts in a figure (`in_figure`: `figure`, a WordPress or
/// MediaWiki caption box) is the article's even when its `alt` or file name says "logo" (an
/// article about a browser shows the browser's logo); its size and class still count.
pub fn not_a_figure(tok: &Tok, url: &str, in_figure: bool) -> bool {
    let size = |k: &str| {
        tok.attr(k).and_then(|v| v.trim().trim_end_matches("px").trim().parse::<u32>().ok())
    };
    let (width, height) = (size("width"), size("height"));
    // A 0 beside a real other dimension is a template's "not known" (CNET writes
    // `width="570" height="0"`), not a pixel; `0` by `0`, or `0` alone, is one.
    let tiny = |v: Option<u32>, other: Option<u32>| {
        v.is_some_and(|v| v <= ICON_PX && (v > 0 || other.is_none_or(|o| o <= ICON_PX)))
    };
    if tiny(width, height) || tiny(height, width) {
        return true;
    }
    if ["class", "id"]
        .iter()
        .any(|k| tok.attr(k).is_some_and(|v| names_one_of(v, IMAGE_WORDS, None)))
    {
        return true;
    }
    // An `alt` that is a label ("Jane Doe avatar", "Site logo"), not a description: short.
    if !in_figure
        && tok.attr("alt").is_some_and(|a| {
            a.split_whitespace().count() <= 4
                && has_part(a, &["avatar", "logo", "icon", "gravatar"])
        })
    {
        return true;
    }
    let lower = url.to_ascii_lowercase();
    let rest = lower.split_once("://").map_or(lower.as_str(), |(_, r)| r);
    let (host, path) = rest.split_once('/').unwrap_or((rest, ""));
    let host = host.rsplit('@').next().unwrap_or(host);
    if TRACKER_HOSTS
        .iter()
        .any(|h| host == *h || host.strip_suffix(h).is_some_and(|sub| sub.ends_with('.')))
        || TRACKER_PATHS.iter().any(|p| rest.starts_with(p))
    {
        return true;
    }
    // The file's own path (directories and name, not the query): `/avatars/`, `logo.png`.
    let path = path.split(['?', '#']).next().unwrap_or("");
    !in_figure
        && has_part(
            path,
            &[
                "avatar", "gravatar", "logo", "icon", "emoji", "smiley", "share", "social",
                "sprite", "spinner", "badge",
            ],
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_names_one_of_answers_as_the_unicode_reading() {
        // Values made of the words, the suffixes, their capitals, hyphens and other separators,
        // from a fixed pseudo-random sequence.
        let pieces: Vec<String> = CONTAINER_WORDS
            .iter()
            .chain(IMAGE_WORDS)
            .chain(CONTAINER_SUFFIXES)
            .flat_map(|w| [w.to_string(), w.to_ascii_uppercase()])
            .chain(
                [
                    "-",
                    " ",
                    "_",
                    "x",
                    "Site",
                    "SITE-",
                    "header",
                    "branding",
                    "9",
                    "shared-content",
                    "pic",
                ]
                .map(String::from),
            )
            .collect();
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut named = [0; 2];
        for _ in 0..50_000 {
            let mut v = String::new();
            for _ in 0..seed % 6 + 1 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                v.push_str(&pieces[(seed % pieces.len() as u64) as usize]);
            }
            for (k, (words, suffixes)) in
                [(CONTAINER_WORDS, Some(CONTAINER_SUFFIXES)), (IMAGE_WORDS, None)]
                    .into_iter()
                    .enumerate()
            {
                let ascii = ascii_names_one_of(v.as_bytes(), words, suffixes);
                assert_eq!(ascii, unicode_names_one_of(&v, words, suffixes), "{v:?}");
                named[k] += usize::from(ascii);
            }
        }
        // Both answers, often.
        assert!(named.iter().all(|n| (5_000..45_000).contains(n)), "{named:?}");
    }

    #[test]
    fn srcset_picks_what_a_700_px_column_at_1x_loads() {
        assert_eq!(pick_srcset("a.jpg 300w, b.jpg 768w, c.jpg 1024w", None), Some("b.jpg"));
        assert_eq!(pick_srcset("a.jpg 300w, b.jpg 500w", None), Some("b.jpg"));
        assert_eq!(pick_srcset("a.jpg 2x, b.jpg 1x", None), Some("b.jpg"));
        assert_eq!(pick_srcset("a.jpg 2x, b.jpg 3x", Some("s.jpg")), Some("s.jpg"));
        assert_eq!(pick_srcset("a.jpg 2x, b.jpg 3x", None), Some("a.jpg"));
        assert_eq!(pick_srcset("only.jpg", None), Some("only.jpg"));
        // Commas inside a URL (image CDNs) and after one with no descriptor.
        assert_eq!(pick_srcset("https://cdn.example/w_400,h_300/a.jpg 400w, https://cdn.example/w_800,h_600/a.jpg 800w", None), Some("https://cdn.example/w_800,h_600/a.jpg"));
        assert_eq!(pick_srcset("a.jpg, b.jpg 2x", None), Some("a.jpg"));
        // Invalid descriptors drop their candidate.
        assert_eq!(pick_srcset("a.jpg 1x 2x, b.jpg 100q, c.jpg 800w", None), Some("c.jpg"));
        assert_eq!(pick_srcset("  ,  ", None), None);
    }

    #[test]
    fn media_queries_are_read_for_a_1000_px_window_at_1x() {
        for (m, want) in [
            (None, true),
            (Some(""), true),
            (Some("(min-width: 800px)"), true),
            (Some("(min-width: 1200px)"), false),
            (Some("(max-width: 767px)"), false),
            (Some("only screen and (min-width: 40em)"), true),
            (Some("(max-width: 600px), (min-width: 900px)"), true),
            (Some("(prefers-color-scheme: dark)"), false),
            (Some("(min-resolution: 2dppx)"), false),
            (Some("(-webkit-min-device-pixel-ratio: 2)"), false),
            (Some("print"), false),
            (Some("not print"), true),
            (Some("(hover: hover)"), false),
            (Some("(min-width: calc(10px + 2em))"), false),
        ] {
            assert_eq!(media_matches(m), want, "{m:?}");
        }
    }

    #[test]
    fn placeholders_are_told_from_real_images() {
        for p in [
            None,
            Some(""),
            Some("data:image/gif;base64,R0lGOD"),
            Some("/wp-content/plugins/lazy-load/images/1x1.trans.gif"),
            Some("/img/blank.gif"),
            Some("/s/placeholder.png"),
            Some("spacer.gif"),
            Some("/pixel.gif"),
        ] {
            assert!(is_placeholder(p), "{p:?}");
        }
        for r in [
            Some("/uploads/2025/06/harbour.jpg"),
            Some("/img/pixel-9-review.png"),
            Some("/img/lazy-river.jpg"),
            Some("/code/blanket-coverage.png"),
            Some("https://cdn.example/a.webp?w=800"),
        ] {
            assert!(!is_placeholder(r), "{r:?}");
        }
    }

    fn img(attrs: &str) -> Tok<'static> {
        let html = format!("<p>x<img {attrs}></p>");
        let page = crate::preprocess::Page::parse(
            &html,
            crate::preprocess::Preprocessing::thesis(crate::LinkFilter::None),
        );
        page.toks
            .iter()
            .find(|t| matches!(t, Tok::Start { name, .. } if name == "img"))
            .unwrap()
            .clone()
            .into_owned()
    }

    #[test]
    fn author_boxes_share_bars_and_mastheads_hold_no_figures() {
        let tag = |attrs: &str| {
            let html = format!("<div {attrs}>x</div>");
            let page = crate::preprocess::Page::parse(
                &html,
                crate::preprocess::Preprocessing::thesis(crate::LinkFilter::None),
            );
            page.toks
                .iter()
                .find(|t| matches!(t, Tok::Start { name, .. } if name == "div"))
                .unwrap()
                .clone()
                .into_owned()
        };
        for chrome in [
            "class=\"author-box\"",
            "class=\"sharedaddy sd-sharing-enabled\"",
            "class=\"byline\"",
            "id=\"masthead\"",
            "class=\"site-header\"",
            "itemprop=\"author\"",
            "class=\"authorbox\"",
            "class=\"social-links\"",
        ] {
            assert!(is_chrome_container(&tag(chrome)), "{chrome}");
        }
        for content in [
            "class=\"wp-block-kff-shared-content\"",
            "class=\"gigya-share-btns-2_gig_containerParent articleBody\"",
            "id=\"gigya-share-btns-2\" itemprop=\"articleBody\"",
            "class=\"entry-content\"",
            "class=\"authority-report\"",
            "class=\"logistics\"",
        ] {
            assert!(!is_chrome_container(&tag(content)), "{content}");
        }
    }

    #[test]
    fn avatars_logos_icons_and_pixels_are_not_figures() {
        for (attrs, url) in [
            ("class=\"avatar avatar-96 photo\"", "https://secure.gravatar.com/avatar/abc?s=96"),
            ("class=\"custom-logo\"", "https://example.org/logo.png"),
            ("alt=\"Site logo\"", "https://example.org/brand.png"),
            ("class=\"wp-smiley\"", "https://s.w.org/images/core/emoji/15.0/72x72/1f600.png"),
            ("width=\"1\" height=\"1\"", "https://example.org/b.gif"),
            ("width=\"48\"", "https://example.org/a.png"),
            ("", "https://pixel.wp.com/g.gif?v=ext"),
            ("", "https://example.org/wp-content/themes/x/images/share-twitter.png"),
            ("", "https://example.org/static/icons/print.png"),
        ] {
            assert!(not_a_figure(&img(attrs), url, false), "{attrs} {url}");
        }
        for (attrs, url) in [
            (
                "class=\"wp-image-12\" width=\"1024\" height=\"683\"",
                "https://example.org/uploads/harbour.jpg",
            ),
            (
                "alt=\"The harbour at dawn, with the old lighthouse and three fishing boats\"",
                "https://example.org/h.jpg",
            ),
            (
                "alt=\"The new logo of the city council, unveiled on Monday\"",
                "https://example.org/news/council.jpg",
            ),
            ("", "https://example.org/uploads/iconic-bridge.jpg"),
        ] {
            assert!(!not_a_figure(&img(attrs), url, false), "{attrs} {url}");
        }
        // In a figure, a logo described as one is the article's; a pixel or an avatar class is not.
        assert!(!not_a_figure(
            &img("alt=\"Firefox logo\""),
            "https://example.org/firefox-logo.png",
            true
        ));
        assert!(not_a_figure(&img("class=\"avatar\""), "https://example.org/a.png", true));
        assert!(not_a_figure(&img("width=1 height=1"), "https://example.org/a.png", true));
        assert!(not_a_figure(&img("width=0 height=0"), "https://example.org/a.png", true));
        assert!(not_a_figure(&img("height=0"), "https://example.org/a.png", true));
        assert!(!not_a_figure(&img("width=570 height=0"), "https://example.org/a.jpg", true));
    }

    #[test]
    fn number_agrees_with_the_standard_library() {
        let inputs = [
            "800",
            "1.5",
            "0.5",
            ".5",
            "2.",
            "1",
            "+1",
            "-1.25",
            "1e3",
            "1E-2",
            "2.5e+1",
            "0",
            "0.000001",
            "1234567890123456789012",
            "3.14159265358979323846",
            "96",
            "1.333",
            "",
            ".",
            "-",
            "+",
            "e3",
            "1e",
            "1e+",
            "1.2.3",
            "2x",
            "inf",
            "NaN",
            "infinity",
            " 1",
            "1 ",
            "١٢",
            "0x10",
            "1_000",
            "1e99999",
        ];
        for s in inputs {
            let ours = number(s);
            let std = s.parse::<f64>().ok().filter(|v| v.is_finite());
            match (ours, std) {
                (Some(a), Some(b)) => {
                    assert!((a - b).abs() <= b.abs() * 1e-12, "{s:?}: {a} against {b}")
                }
                (a, b) => assert_eq!(a, b, "{s:?}"),
            }
        }
    }
}
