//! Internationalised host names, written as the ASCII the URL parser then reads.
//!
//! The `url` crate turns a non-ASCII host (`https://مثال.إختبار/`) into its ASCII form
//! (`xn--mgbh0fb.xn--kgbechtv`) through the `idna` crate, whose Unicode back end is chosen by
//! the version of `idna_adapter` in Cargo.lock. The default back end (ICU4X) brought about
//! 47 KB of gzipped tables into the wasm module; Cargo.lock pins the stub back end (1.0.x),
//! which rejects every non-ASCII host (docs/PERFORMANCE.md, "Size and its budget"). So that
//! Arabic, Persian, Cyrillic or CJK hosts still resolve, the host of a URL is put into ASCII
//! here first, with the parts of UTS #46 that real hosts need: the ideographic and fullwidth
//! full stops as label separators, fullwidth ASCII as ASCII, lowercase, and Punycode (RFC 3492)
//! for each label that is not ASCII. The tests compare it with the ICU4X back end's output.
//!
//! What it does not do (ICU4X did): NFC normalisation, the other compatibility mappings (Arabic
//! presentation forms, for instance) and the validity checks (a joiner in the wrong place, a
//! bad `xn--` label). Such a host is written as its labels are; the browser, which applies the
//! full UTS #46 when the link is followed, decides.

use std::borrow::Cow;

/// `raw` with the host of its authority (`scheme://host`, `//host`) in ASCII; `raw` itself when
/// it has no authority or its host is ASCII already (every host but an internationalised one).
pub fn ascii_host(raw: &str) -> Cow<'_, str> {
    if raw.is_ascii() {
        return Cow::Borrowed(raw);
    }
    let Some((start, end)) = host_span(raw) else { return Cow::Borrowed(raw) };
    let host = &raw[start..end];
    if host.is_ascii() {
        return Cow::Borrowed(raw);
    }
    let mut ascii = String::with_capacity(host.len() * 2);
    for (i, label) in host.split(['.', '\u{3002}', '\u{FF0E}', '\u{FF61}']).enumerate() {
        if i > 0 {
            ascii.push('.');
        }
        let label: String =
            label.chars().map(fullwidth_to_ascii).flat_map(char::to_lowercase).collect();
        if label.is_ascii() {
            ascii.push_str(&label);
        } else {
            ascii.push_str("xn--");
            punycode(&label, &mut ascii);
        }
    }
    Cow::Owned(format!("{}{}{}", &raw[..start], ascii, &raw[end..]))
}

/// U+FF01..U+FF5E, the fullwidth forms of `!`..`~`, as ASCII (their UTS #46 mapping).
fn fullwidth_to_ascii(c: char) -> char {
    match c {
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
        _ => c,
    }
}

/// The byte range of the host in `raw`: after `scheme:` (if any) and two slashes (`/` or `\`,
/// as the WHATWG parser reads them for http(s)), up to the path, query or fragment, without the
/// user information (`user@`) and the port (`:8080`).
fn host_span(raw: &str) -> Option<(usize, usize)> {
    let b = raw.as_bytes();
    let mut i = 0;
    if b.first().is_some_and(u8::is_ascii_alphabetic) {
        let scheme_end = b
            .iter()
            .position(|c| !(c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.')))?;
        if b.get(scheme_end) == Some(&b':') {
            i = scheme_end + 1;
        }
    }
    let slash = |c: Option<&u8>| matches!(c, Some(b'/' | b'\\'));
    if !(slash(b.get(i)) && slash(b.get(i + 1))) {
        return None;
    }
    let from = i + 2;
    let to = b[from..]
        .iter()
        .position(|c| matches!(c, b'/' | b'\\' | b'?' | b'#'))
        .map_or(b.len(), |k| from + k);
    let authority = &raw[from..to];
    let start = authority.rfind('@').map_or(from, |k| from + k + 1);
    let host_and_port = &raw[start..to];
    let end = match host_and_port.rfind(':') {
        Some(k) if host_and_port[k + 1..].bytes().all(|c| c.is_ascii_digit()) => start + k,
        _ => to,
    };
    Some((start, end))
}

/// Appends the Punycode encoding of `label` (RFC 3492, section 6.3) to `out`.
fn punycode(label: &str, out: &mut String) {
    const BASE: u32 = 36;
    const T_MIN: u32 = 1;
    const T_MAX: u32 = 26;
    let digit = |d: u32| char::from(if d < 26 { b'a' + d as u8 } else { b'0' + (d - 26) as u8 });
    let adapt = |mut delta: u32, points: u32, first: bool| {
        delta /= if first { 700 } else { 2 };
        delta += delta / points;
        let mut k = 0;
        while delta > ((BASE - T_MIN) * T_MAX) / 2 {
            delta /= BASE - T_MIN;
            k += BASE;
        }
        k + (BASE - T_MIN + 1) * delta / (delta + 38)
    };
    let chars: Vec<u32> = label.chars().map(u32::from).collect();
    let basic = chars.iter().filter(|&&c| c < 0x80).count() as u32;
    out.extend(chars.iter().filter(|&&c| c < 0x80).map(|&c| char::from(c as u8)));
    if basic > 0 {
        out.push('-');
    }
    let (mut n, mut delta, mut bias, mut handled) = (0x80u32, 0u32, 72u32, basic);
    while (handled as usize) < chars.len() {
        let m = chars.iter().copied().filter(|&c| c >= n).min().unwrap_or(n);
        // A label is at most a few dozen characters: no overflow in u32 (RFC 3492, 6.4).
        delta = delta.saturating_add((m - n).saturating_mul(handled + 1));
        n = m;
        for &c in &chars {
            if c < n {
                delta = delta.saturating_add(1);
            }
            if c == n {
                let mut q = delta;
                let mut k = BASE;
                loop {
                    let t = if k <= bias {
                        T_MIN
                    } else if k >= bias + T_MAX {
                        T_MAX
                    } else {
                        k - bias
                    };
                    if q < t {
                        break;
                    }
                    out.push(digit(t + (q - t) % (BASE - t)));
                    q = (q - t) / (BASE - t);
                    k += BASE;
                }
                out.push(digit(q));
                bias = adapt(delta, handled + 1, handled == basic);
                delta = 0;
                handled += 1;
            }
        }
        delta = delta.saturating_add(1);
        n += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each URL and what `url::Url::parse` made of it with the ICU4X back end (idna_adapter
    /// 1.2.2, url 2.5.8), printed on 23 November 2026 before the stub back end was pinned.
    const ICU4X: &[(&str, &str)] = &[
        (
            "https://مثال.إختبار/مسیر?q=1",
            "https://xn--mgbh0fb.xn--kgbechtv/%D9%85%D8%B3%DB%8C%D8%B1?q=1",
        ),
        ("https://نمونه.ایران/", "https://xn--hhbbbed.xn--mgba3a4f16a/"),
        ("https://例え.テスト/", "https://xn--r8jz45g.xn--zckzah/"),
        ("https://Bücher.example/x", "https://xn--bcher-kva.example/x"),
        ("https://MÜNCHEN.de", "https://xn--mnchen-3ya.de/"),
        ("https://xn--mgbh0fb.xn--kgbechtv/", "https://xn--mgbh0fb.xn--kgbechtv/"),
        (
            "https://موقع。وزارة-الاتصالات。مصر/",
            "https://xn--4gbrim.xn----ymcbaaajlc6dj7bxne2c.xn--wgbh1c/",
        ),
        ("https://ｅｘａｍｐｌｅ.com/", "https://example.com/"),
        ("https://faß.de/", "https://xn--fa-hia.de/"),
        ("https://правительство.рф/", "https://xn--80aealotwbjpid2k.xn--p1ai/"),
        ("https://user:pw@مثال.إختبار:8080/p", "https://user:pw@xn--mgbh0fb.xn--kgbechtv:8080/p"),
        ("https://ελληνικά.gr/", "https://xn--hxargifdar.gr/"),
        ("https://日本語.jp/", "https://xn--wgv71a119e.jp/"),
        ("https://-bad-.com/", "https://-bad-.com/"),
    ];

    #[test]
    fn hosts_come_out_as_the_icu4x_back_end_wrote_them() {
        for (raw, want) in ICU4X {
            let got = url::Url::parse(&ascii_host(raw)).map(String::from);
            assert_eq!(got.as_deref(), Ok(*want), "{raw}");
        }
    }

    #[test]
    fn the_stub_back_end_is_the_one_built() {
        // Cargo.toml pins idna_adapter ~1.0: without `ascii_host` the URL parser refuses the
        // host. (If this fails, the ICU4X tables are back in the wasm: see Cargo.toml.)
        assert!(url::Url::parse("https://مثال.إختبار/").is_err());
    }

    #[test]
    fn relative_and_scheme_relative_urls_and_paths_are_left_alone() {
        let base = url::Url::parse("https://example.org/a/").unwrap();
        assert_eq!(
            base.join(&ascii_host("//نمونه.ایران/x")).unwrap().as_str(),
            "https://xn--hhbbbed.xn--mgba3a4f16a/x"
        );
        // Only the host changes: a non-ASCII path, query or fragment is the URL parser's to
        // percent-encode.
        for raw in [
            "مسیر/ها",
            "/مسیر?ق=1#ب",
            "?q=مثال",
            "mailto:مثال@example.org",
            "https://example.org/مثال",
        ] {
            assert_eq!(ascii_host(raw), raw, "{raw}");
        }
        assert_eq!(ascii_host("https:\\\\مثال.إختبار\\p"), "https:\\\\xn--mgbh0fb.xn--kgbechtv\\p");
    }

    #[test]
    fn punycode_matches_rfc_3492_samples() {
        // RFC 3492, 7.1: (A) Arabic (Egyptian), (L) Japanese, and a mixed ASCII label.
        let enc = |s: &str| {
            let mut out = String::new();
            punycode(s, &mut out);
            out
        };
        assert_eq!(enc("ليهمابتكلموشعربي؟"), "egbpdaj6bu4bxfgehfvwxn");
        assert_eq!(enc("3年b組金八先生"), "3b-ww4c5e180e575a65lsy2b");
        assert_eq!(enc("ü"), "tda");
    }
}
