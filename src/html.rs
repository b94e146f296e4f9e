//! What every stage knows of HTML: which elements are void and which are blocks, HTML's
//! whitespace and how it collapses, and where a frame's source is and whether it is one of the
//! site's widgets.

use std::borrow::Cow;

use crate::tokenize::{AsTag, Name, Tag};

/// Void elements: never have an end tag, never nest.
pub fn is_void(name: &(impl AsTag + ?Sized)) -> bool {
    use Tag::*;
    matches!(
        name.as_tag(),
        Some(
            Area | Base | Br | Col | Embed | Hr | Img | Input | Link | Meta | Source | Track | Wbr
        )
    )
}

/// Heading elements, `h1` to `h6`.
pub fn is_heading(name: &(impl AsTag + ?Sized)) -> bool {
    matches!(name.as_tag(), Some(Tag::H1 | Tag::H2 | Tag::H3 | Tag::H4 | Tag::H5 | Tag::H6))
}

/// Block-level elements: a line ends before their start tag and after their end tag.
pub fn is_block(name: &(impl AsTag + ?Sized)) -> bool {
    use Tag::*;
    matches!(
        name.as_tag(),
        Some(
            Address
                | Article
                | Aside
                | Blockquote
                | Body
                | Caption
                | Center
                | Dd
                | Details
                | Dir
                | Div
                | Dl
                | Dt
                | Fieldset
                | Figcaption
                | Figure
                | Footer
                | Form
                | Frameset
                | H1
                | H2
                | H3
                | H4
                | H5
                | H6
                | Header
                | Hgroup
                | Hr
                | Html
                | Legend
                | Li
                | Listing
                | Main
                | Menu
                | Nav
                | Ol
                | P
                | Pre
                | Section
                | Summary
                | Table
                | Tbody
                | Td
                | Tfoot
                | Th
                | Thead
                | Tr
                | Ul
                | Xmp
        )
    )
}

/// Elements inside which whitespace is kept as written.
pub fn keeps_whitespace(name: &Name) -> bool {
    matches!(name.tag(), Some(Tag::Pre | Tag::Listing | Tag::Xmp | Tag::Plaintext))
}

/// Collapses runs of whitespace (HTML's ASCII whitespace and U+00A0) into one space.
pub fn collapse_whitespace(s: &str) -> String {
    let bytes = s.as_bytes();
    // The width of the whitespace character at `i` (U+00A0 is the two bytes C2 A0; C2 is never
    // inside another character, and ASCII bytes never are).
    let space_at = |i: usize| match bytes[i] {
        b' ' | b'\t' | b'\n' | b'\r' | b'\x0c' => 1,
        0xC2 if bytes.get(i + 1) == Some(&0xA0) => 2,
        _ => 0,
    };
    let mut out = String::with_capacity(s.len());
    // Text is copied in runs as long as possible: a lone ' ' is already collapsed, so only
    // other whitespace and runs of several characters end a run.
    let mut copied = 0;
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        // Bytes above the space, but for U+00A0's lead byte, are never whitespace.
        if (c > b' ' && c != 0xC2) || space_at(i) == 0 {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && space_at(i) > 0 {
            i += space_at(i);
        }
        if c == b' ' && i == start + 1 {
            continue; // one plain space: kept as it is
        }
        out.push_str(&s[copied..start]);
        out.push(' ');
        copied = i;
    }
    out.push_str(&s[copied..]);
    out
}

/// HTML's ASCII whitespace and U+00A0, as [`collapse_whitespace`] collapses them.
pub fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r' | '\x0c' | '\u{a0}')
}

/// The bytes of the spaces of [`is_space`] that start `b`. (U+00A0 is C2 A0, and C2 is always
/// the first byte of a character.)
fn space_prefix(b: &[u8]) -> usize {
    use crate::swar::{equal_bytes, first, word_at, HIGH};
    let mut i = 0;
    loop {
        // The indentation before text (a newline and a dozen spaces or tabs, on average)
        // eight bytes at a time.
        if b.get(i).is_some_and(|&c| c <= b' ') {
            while let Some(x) = word_at(b, i) {
                let spaces = equal_bytes(x, b' ')
                    | equal_bytes(x, b'\n')
                    | equal_bytes(x, b'\t')
                    | equal_bytes(x, b'\r')
                    | equal_bytes(x, b'\x0c');
                if spaces != HIGH {
                    i += first(!spaces & HIGH);
                    break;
                }
                i += 8;
            }
        }
        match b.get(i) {
            Some(b' ' | b'\t' | b'\n' | b'\r' | b'\x0c') => i += 1,
            Some(0xC2) if b.get(i + 1) == Some(&0xA0) => i += 2,
            _ => return i,
        }
    }
}

/// The length of `b` without the spaces of [`is_space`] that end it. (An A0 after a C2 is
/// U+00A0: C2 is never a continuation byte.)
fn space_suffix(b: &[u8]) -> usize {
    let mut j = b.len();
    loop {
        match j.checked_sub(1).map(|k| b[k]) {
            Some(b' ' | b'\t' | b'\n' | b'\r' | b'\x0c') => j -= 1,
            Some(0xA0) if j >= 2 && b[j - 2] == 0xC2 => j -= 2,
            _ => return j,
        }
    }
}

/// `collapse_whitespace(raw)` without its leading and trailing space, and whether it had them
/// (a text of whitespace only counts as leading). Borrows from `raw` when nothing inside needs
/// collapsing, which is most text.
pub fn collapse_and_trim(raw: Cow<'_, str>) -> (Cow<'_, str>, bool, bool) {
    let s: &str = &raw;
    // Trimmed byte by byte: `trim_start_matches(is_space)` decoded every character of the
    // indentation between tags (4 M instructions of `scripts/callgrind.sh`'s 320 M, 30 Nov).
    let b = s.as_bytes();
    let start = space_prefix(b);
    let inner = &s[start..start + space_suffix(&b[start..])];
    let leading = start > 0;
    let trailing = !inner.is_empty() && inner.len() + start < s.len();
    let needs_collapse = needs_collapse(inner.as_bytes());
    if needs_collapse {
        return (Cow::Owned(collapse_whitespace(inner)), leading, trailing);
    }
    let (from, to) = (start, start + inner.len());
    let core = match raw {
        Cow::Borrowed(b) => Cow::Borrowed(&b[from..to]),
        Cow::Owned(mut o) => {
            o.truncate(to);
            o.drain(..from);
            Cow::Owned(o)
        }
    };
    (core, leading, trailing)
}

/// Whether `collapse_whitespace` would change `b` (which starts and ends with no whitespace):
/// a tab, newline, CR or form feed, two spaces in a row, or U+00A0 (C2 A0). One pass; the
/// common byte (above the space, not C2) costs one comparison.
#[inline(never)]
pub fn needs_collapse(b: &[u8]) -> bool {
    use crate::swar::{bytes_below, equal_bytes, word_at};
    // Eight bytes at a time (docs/PERFORMANCE.md, the front end): a chunk without a byte below
    // the space or a C2 needs only its spaces compared (two in a row, or one after the previous
    // chunk's last); a chunk with one is read byte by byte as before.
    let mut after_space = false;
    let mut at = 0;
    while let Some(x) = word_at(b, at) {
        if bytes_below(x, b' ') | equal_bytes(x, 0xC2) != 0 {
            if needs_collapse_from(b, at, at + 8, &mut after_space) {
                return true;
            }
        } else {
            let spaces = equal_bytes(x, b' ');
            if spaces & (spaces >> 8) != 0 || (after_space && spaces & 0x80 != 0) {
                return true;
            }
            after_space = spaces >> 63 != 0;
        }
        at += 8;
    }
    // The last bytes (fewer than eight) as the end of the eight that end `b`, not byte by byte:
    // the bytes before `at` were read already and hold no two spaces in a row (or the answer
    // would be known), so only the new bytes need be clean; a space pair across `at` is inside
    // the word.
    let left = b.len() - at;
    if let (true, Some(x)) = (at > 0 && left > 0, word_at(b, b.len().wrapping_sub(8))) {
        let new = !0u64 << (8 * (8 - left));
        if (bytes_below(x, b' ') | equal_bytes(x, 0xC2)) & new == 0 {
            let spaces = equal_bytes(x, b' ');
            return spaces & (spaces >> 8) != 0;
        }
    }
    needs_collapse_from(b, at, b.len(), &mut after_space)
}

/// [`needs_collapse`] byte by byte over `b[from..to]` (`after_space`: the byte before was a
/// space; a U+00A0 may end past `to`).
#[inline(never)]
fn needs_collapse_from(b: &[u8], from: usize, to: usize, after_space: &mut bool) -> bool {
    for (k, &c) in b.iter().enumerate().take(to).skip(from) {
        if c > b' ' && c != 0xC2 {
            *after_space = false;
            continue;
        }
        match c {
            b'\t' | b'\n' | b'\r' | b'\x0c' => return true,
            b' ' if *after_space => return true,
            b' ' => *after_space = true,
            0xC2 if b.get(k + 1) == Some(&0xA0) => return true,
            _ => *after_space = false, // C2 leading another character, or a control character
        }
    }
    false
}

/// The characters of `collapse_whitespace(s).trim()`, counted without building it. (Every
/// character `collapse_whitespace` collapses is Unicode whitespace, so trimming first and
/// collapsing after gives the same text.)
pub fn collapsed_trimmed_chars(s: &str) -> usize {
    // Byte by byte, without decoding: a character starts at every byte that is not a UTF-8
    // continuation byte, and the spaces of `is_space` are ASCII or U+00A0 (C2 A0).
    let b = s.trim().as_bytes();
    let mut n = 0;
    let mut in_space = false;
    for (i, &c) in b.iter().enumerate() {
        if c & 0xC0 == 0x80 {
            continue;
        }
        let space = matches!(c, b' ' | b'\t' | b'\n' | b'\r' | b'\x0c')
            || (c == 0xC2 && b.get(i + 1) == Some(&0xA0));
        n += usize::from(!space || !in_space);
        in_space = space;
    }
    n
}

/// The attributes a frame's source is read from, in order: a lazy loader's first (its `src`
/// is then often `about:blank`). Preprocessing keeps a frame's start tag by the same list.
pub const FRAME_SOURCES: [&str; 3] = ["data-src", "data-lazy-src", "src"];

/// Whether a frame's source can resolve to an `https:` URL: it names that scheme, or none (a
/// relative or scheme-relative reference). Tabs and newlines are skipped, as the URL parser
/// skips them.
pub fn could_be_https(src: &str) -> bool {
    let head: String = src
        .trim()
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .take_while(|c| !matches!(c, '/' | '?' | '#'))
        .collect();
    head.split_once(':').is_none_or(|(scheme, _)| scheme.eq_ignore_ascii_case("https"))
}

/// Providers whose players and posts are served over `https:` (each has redirected `http:` to
/// `https:` for years): an `http:` frame of theirs (dragnet's 2012 pages:
/// `http://www.youtube.com/embed/…`) is read as its `https:` address.
const HTTPS_PROVIDERS: &[&str] = &[
    "youtube.com",
    "youtube-nocookie.com",
    "youtu.be",
    "player.vimeo.com",
    "vimeo.com",
    "dailymotion.com",
    "w.soundcloud.com",
    "soundcloud.com",
    "open.spotify.com",
    "embed.spotify.com",
    "platform.twitter.com",
    "twitter.com",
    "x.com",
    "instagram.com",
    "facebook.com",
    "tiktok.com",
];

/// `url` (absolute, `http:`) as `https:` when its host (without `www.`) is one of
/// [`HTTPS_PROVIDERS`]; `None` otherwise.
pub fn upgrade(url: &str) -> Option<String> {
    let scheme = url.get(..7).filter(|s| s.eq_ignore_ascii_case("http://"))?;
    let rest = &url[scheme.len()..];
    let lower = rest.to_ascii_lowercase();
    HTTPS_PROVIDERS.contains(&host_and_path(&lower).0).then(|| format!("https://{rest}"))
}

/// Frames that are widgets of the site, not the article's media: social buttons and page boxes
/// (Facebook's like, share, follow, page and comments plugins, X's follow and tweet buttons),
/// captchas, comment threads, ads and tag managers, sign-in and consent frames.
pub fn is_widget(url: &str) -> bool {
    let (h, path) = host_and_path(url.strip_prefix("https://").unwrap_or(url));
    let (h, path) = (h.to_ascii_lowercase(), path.to_ascii_lowercase());
    let under = |domain: &str| h == domain || h.ends_with(&format!(".{domain}"));
    (under("facebook.com")
        && [
            "/plugins/like",
            "/plugins/share",
            "/plugins/follow",
            "/plugins/page",
            "/plugins/comments",
            "/widgets/",
            "/connect/",
        ]
        .iter()
        .any(|p| path.starts_with(p)))
        || (h == "platform.twitter.com"
            && path.starts_with("/widgets/")
            && !path.starts_with("/widgets/tweet.html")
            && !path.starts_with("/embed"))
        || [
            "recaptcha.net",
            "disqus.com",
            "googletagmanager.com",
            "doubleclick.net",
            "googlesyndication.com",
            "adnxs.com",
            "amazon-adsystem.com",
        ]
        .iter()
        .any(|d| under(d))
        || (under("google.com") && path.starts_with("/recaptcha"))
        || h.starts_with("accounts.")
        || h.starts_with("consent.")
        || h.starts_with("login.")
}

/// What follows a URL's scheme, split into its host (without user info and `www.`) and the
/// rest from the path on (`/…`, `?…`, `#…` or empty): the one split every provider test uses.
pub fn host_and_path(rest: &str) -> (&str, &str) {
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let host = &rest[..end];
    let host = host.rsplit('@').next().unwrap_or(host);
    (host.strip_prefix("www.").unwrap_or(host), &rest[end..])
}

/// Whether `s` lowercased in ASCII contains `needle` (lowercase ASCII), without the lowercase
/// copy and without the searcher `str::contains` sets up on each call: the byline's rules ask
/// it of every class on the page, and in wasm (no vector instructions) those searchers were a
/// sixth of a page's time.
pub fn contains_ascii_lowercase(s: &str, needle: &str) -> bool {
    let (s, n) = (s.as_bytes(), needle.as_bytes());
    let Some((&first, rest)) = n.split_first() else { return true };
    s.len() >= n.len()
        && s[..=s.len() - n.len()].iter().enumerate().any(|(i, b)| {
            b.to_ascii_lowercase() == first && s[i + 1..i + n.len()].eq_ignore_ascii_case(rest)
        })
}

/// Lowercase ASCII needles of two bytes or more, looked for in any ASCII case by
/// [`Needles::in_text`]. The pairs of their first two bytes are a bit set made at compile
/// time, so that a text is one pass of a table look-up a byte, and a needle is compared only
/// where its first two bytes stand: the posts' rules ask it of every class and every link on
/// the page, and a link's address against a dozen profile paths with a first-byte test alone
/// cost a tenth of `extract`'s instructions (scripts/callgrind.sh).
pub struct Needles {
    list: &'static [&'static str],
    /// Whether a byte, in either case, begins a needle.
    firsts: [bool; 256],
    pairs: [u64; PAIR_WORDS],
}

/// Words of [`Needles::pairs`]: 4,096 bits.
const PAIR_WORDS: usize = 64;

/// The bit of two (lowercased) bytes in [`Needles::pairs`].
const fn pair_bit(a: u8, b: u8) -> usize {
    (a as usize * 31 + b as usize) % (PAIR_WORDS * 64)
}

impl Needles {
    pub const fn new(list: &'static [&'static str]) -> Needles {
        let mut firsts = [false; 256];
        let mut pairs = [0u64; PAIR_WORDS];
        let mut i = 0;
        while i < list.len() {
            let n = list[i].as_bytes();
            assert!(n.len() >= 2, "a needle has two bytes or more");
            let first = n[0].to_ascii_lowercase();
            firsts[first as usize] = true;
            firsts[first.to_ascii_uppercase() as usize] = true;
            let bit = pair_bit(first, n[1].to_ascii_lowercase());
            pairs[bit / 64] |= 1 << (bit % 64);
            i += 1;
        }
        Needles { list, firsts, pairs }
    }

    /// Whether `s` lowercased in ASCII contains any of the needles.
    pub fn in_text(&self, s: &str) -> bool {
        let s = s.as_bytes();
        (0..s.len().saturating_sub(1)).any(|i| {
            self.firsts[usize::from(s[i])] && {
                let bit = pair_bit(s[i].to_ascii_lowercase(), s[i + 1].to_ascii_lowercase());
                self.pairs[bit / 64] & (1 << (bit % 64)) != 0
                    && self.list.iter().any(|n| {
                        s.get(i..i + n.len()).is_some_and(|w| w.eq_ignore_ascii_case(n.as_bytes()))
                    })
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_any_needle_in_any_case() {
        assert!(contains_ascii_lowercase("Comment-Author", "author"));
        assert!(contains_ascii_lowercase("abc", ""));
        assert!(!contains_ascii_lowercase("", "a"));
        assert!(!contains_ascii_lowercase("autho", "author"));
        const PATHS: Needles = Needles::new(&["/users/", "member.php", "/u/"]);
        assert!(PATHS.in_text("/forum/Member.php?u=3"));
        assert!(!PATHS.in_text("/members"));
        assert!(PATHS.in_text("/U/"));
        assert!(!PATHS.in_text("/"));
        // Against the definition, on every short text of a small alphabet (the needles' bytes,
        // their capitals and others, so that pairs collide and needles overlap).
        const LIST: [&str; 5] = ["ab", "aba", "b/c", "ca", "/b"];
        const SOME: Needles = Needles::new(&LIST);
        let alphabet = ['a', 'b', 'c', '/', 'A', 'B', 'x'];
        let mut texts = vec![String::new()];
        for _ in 0..5 {
            let longer: Vec<String> = texts
                .iter()
                .filter(|t| t.len() == texts.last().unwrap().len())
                .flat_map(|t| alphabet.iter().map(move |c| format!("{t}{c}")))
                .collect();
            texts.extend(longer);
        }
        for t in &texts {
            let lower = t.to_ascii_lowercase();
            assert_eq!(SOME.in_text(t), LIST.iter().any(|n| lower.contains(n)), "{t:?}");
            for n in LIST {
                assert_eq!(contains_ascii_lowercase(t, n), lower.contains(n), "{t:?} {n:?}");
            }
        }
    }

    /// The definition `collapse_whitespace` implements: the words between whitespace, joined by
    /// one space, with one space for leading and trailing whitespace.
    fn collapse_reference(s: &str) -> String {
        let words: Vec<&str> = s.split(is_space).filter(|w| !w.is_empty()).collect();
        let mut out = words.join(" ");
        if s.starts_with(is_space) {
            out.insert(0, ' ');
        }
        if s.ends_with(is_space) && !words.is_empty() {
            out.push(' ');
        }
        out
    }

    #[test]
    fn whitespace_collapses_as_defined() {
        for s in [
            "",
            " ",
            "a",
            " a ",
            "a  b",
            "\u{2003} a \u{2003}",
            "a\u{2003} \u{2003}b",
            "\u{a0}a\u{a0}\u{a0}b\n",
            "\t\r\n\x0c",
            "x\u{2003}y",
            "àÂ\u{a0}à",
            "Ġ\u{a0}",
            "a \u{a0} b  ",
            "\n                text",
            "\n\t\t\t\t\t\t\t\t\u{a0}        \t\u{a0}x\u{a0}  \n       ",
            "                \x0b        x",
            "\r\n        \u{e0}",
            "\n                ",
        ] {
            assert_eq!(collapse_whitespace(s), collapse_reference(s), "{s:?}");
            let (core, leading, trailing) = collapse_and_trim(Cow::Borrowed(s));
            let c = collapse_reference(s);
            assert_eq!(core, c.trim_matches(' '), "{s:?}");
            assert_eq!(
                (leading, trailing),
                (c.starts_with(' '), c.len() > 1 && c.ends_with(' ')),
                "{s:?}"
            );
            assert_eq!(collapsed_trimmed_chars(s), c.trim().chars().count(), "{s:?}");
        }
    }

    #[test]
    fn needs_collapse_answers_as_the_byte_loop() {
        let bytewise = |b: &[u8]| needs_collapse_from(b, 0, b.len(), &mut false);
        let pieces: [&str; 14] = [
            " ", "a", "\t", "\n", "\r", "\x0c", "\u{a0}", "\u{e9}", "\u{a9}", "\x01", "!", "xyzzy",
            "\u{e0}", "\u{2003}",
        ];
        let mut seed = 12345u64;
        for _ in 0..20_000 {
            let mut s = String::new();
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let len = (seed >> 59) as usize + (seed >> 40) as usize % 12;
            for _ in 0..len {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                // Mostly letters and single spaces, as in text.
                let k = (seed >> 33) as usize % 42;
                s.push_str(if k < 14 {
                    pieces[k]
                } else if k % 3 == 0 {
                    " "
                } else {
                    "a"
                });
            }
            assert_eq!(needs_collapse(s.as_bytes()), bytewise(s.as_bytes()), "{s:?}");
            // The byte-wise trim of `collapse_and_trim`, against the character-wise one.
            let start = space_prefix(s.as_bytes());
            assert_eq!(&s[start..], s.trim_start_matches(is_space), "{s:?}");
            assert_eq!(&s[..space_suffix(s.as_bytes())], s.trim_end_matches(is_space), "{s:?}");
        }
    }

    #[test]
    fn http_frames_of_https_providers_are_upgraded_and_widgets_are_known() {
        assert_eq!(
            upgrade("http://www.youtube.com/embed/abc?rel=0").as_deref(),
            Some("https://www.youtube.com/embed/abc?rel=0")
        );
        assert_eq!(
            upgrade("HTTP://player.vimeo.com/video/1").as_deref(),
            Some("https://player.vimeo.com/video/1")
        );
        assert_eq!(upgrade("http://example.org/embed/abc"), None);
        assert_eq!(upgrade("http://youtube.com.evil.example/embed/abc"), None);
        assert!(is_widget("https://www.facebook.com/plugins/like.php?href=x"));
        assert!(is_widget(&upgrade("http://www.facebook.com/widgets/like.php?href=x").unwrap()));
        assert!(!is_widget("https://www.facebook.com/plugins/video.php?href=x"));
        assert!(is_widget("https://www.google.com/recaptcha/api2/anchor?k=1"));
        assert!(is_widget(
            "https://tpc.googlesyndication.com/safeframe/1-0-40/html/container.html"
        ));
        assert!(is_widget("https://disqus.com/embed/comments/"));
        assert!(!is_widget("https://www.youtube.com/embed/abc"));
    }
}
