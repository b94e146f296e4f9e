//! Pages are bytes. The decoding order (issue #2), after WHATWG HTML's encoding sniffing
//! algorithm: a byte-order mark; else the charset the transport layer gave (HTTP's
//! `Content-Type: text/html; charset=...`), when there is one and the Encoding Standard knows
//! its label; else UTF-8 when the bytes are valid UTF-8 (many pages declare a charset they do
//! not use); else the charset declared in `<meta charset>` or `<meta http-equiv="Content-Type">`
//! within the first 4 KiB; else windows-1252. Decoding never fails: invalid sequences become
//! U+FFFD.
//!
//! The CLI reads files, which have no transport charset; the demo page and the extension's
//! fetches have the response's header, and pass its charset through the wasm's `decode`.

use crate::settings::pipeline::PRESCAN;
use encoding_rs::{Encoding, UTF_8, WINDOWS_1252};

/// Decodes a page's bytes to text and names the encoding used (its name in the Encoding
/// Standard, such as `"UTF-8"` or `"windows-1256"`).
///
/// `transport_charset` is the `charset` parameter of the HTTP `Content-Type` header, when the
/// page came with one (`None` for a file). A byte-order mark overrides it; a label the Encoding
/// Standard does not know is ignored, as browsers ignore it. A known label is followed as
/// browsers follow it ("certain" confidence in the HTML standard): even when the bytes would be
/// valid UTF-8 or a `<meta>` says otherwise.
pub fn decode(bytes: &[u8], transport_charset: Option<&str>) -> (String, &'static str) {
    let (enc, bom_len) = sniff(bytes, transport_charset);
    let body = &bytes[bom_len..];
    // Valid UTF-8 needs no decoding, only a copy.
    if let (true, Ok(s)) = (enc == UTF_8, std::str::from_utf8(body)) {
        return (s.to_string(), UTF_8.name());
    }
    let (text, _) = enc.decode_without_bom_handling(body);
    (text.into_owned(), enc.name())
}

/// The encoding [`decode`] decodes these bytes with (its name in the Encoding Standard), and
/// the length of the byte-order mark it skips (0 when there is none): for a caller that turns
/// the bytes into text with another implementation of the Encoding Standard. The wasm does, with
/// the browser's `TextDecoder`, so that the module carries no decoding tables of its own.
pub fn sniff_encoding(bytes: &[u8], transport_charset: Option<&str>) -> (&'static str, usize) {
    let (enc, bom_len) = sniff(bytes, transport_charset);
    (enc.name(), bom_len)
}

/// The sniffing order of the module documentation.
fn sniff(bytes: &[u8], transport_charset: Option<&str>) -> (&'static Encoding, usize) {
    if let Some((enc, bom_len)) = Encoding::for_bom(bytes) {
        return (enc, bom_len);
    }
    if let Some(enc) = transport_charset.and_then(transport_encoding) {
        return (enc, 0);
    }
    if std::str::from_utf8(bytes).is_ok() {
        return (UTF_8, 0);
    }
    (declared_charset(&bytes[..bytes.len().min(PRESCAN)]).unwrap_or(WINDOWS_1252), 0)
}

/// The encoding a transport-layer charset label names. Surrounding whitespace and the quotes of
/// a quoted parameter value (`charset="utf-8"`) are not part of the label.
fn transport_encoding(label: &str) -> Option<&'static Encoding> {
    let label = label.trim().trim_matches(|c| c == '"' || c == '\'');
    Encoding::for_label(label.as_bytes())
}

/// Finds `charset=NAME` inside a `<meta` tag of the (ASCII-compatible) prefix.
fn declared_charset(prefix: &[u8]) -> Option<&'static Encoding> {
    let lower: Vec<u8> = prefix.iter().map(|b| b.to_ascii_lowercase()).collect();
    let mut from = 0;
    while let Some(pos) = find(&lower[from..], b"<meta") {
        let start = from + pos;
        let end = lower[start..].iter().position(|&b| b == b'>').map_or(lower.len(), |e| start + e);
        let tag = &lower[start..end];
        if let Some(c) = find(tag, b"charset") {
            let rest = &tag[c + 7..];
            let rest = rest
                .iter()
                .position(|&b| b != b' ' && b != b'=' && b != b'"' && b != b'\'')
                .map_or(&rest[..0], |i| &rest[i..]);
            let name_len = rest
                .iter()
                .position(|&b| {
                    !(b.is_ascii_alphanumeric() || b == b'-' || b == b'_' || b == b':' || b == b'.')
                })
                .unwrap_or(rest.len());
            if let Some(enc) = Encoding::for_label(&rest[..name_len]) {
                // A page that is not valid UTF-8 cannot be UTF-8 (and UTF-16 labels in a meta
                // tag are read as UTF-8 by browsers); fall through to the next declaration.
                if enc != UTF_8 && enc.is_ascii_compatible() {
                    return Some(enc.output_encoding());
                }
            }
        }
        from = end.max(start + 5);
    }
    None
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A page read from a file: no transport charset.
    fn decode_file(bytes: &[u8]) -> (String, &'static str) {
        decode(bytes, None)
    }

    #[test]
    fn bom_wins() {
        assert_eq!(decode_file(b"\xef\xbb\xbfhi").0, "hi");
        assert_eq!(decode_file(b"\xff\xfeh\x00i\x00"), ("hi".to_string(), "UTF-16LE"));
    }

    #[test]
    fn valid_utf8_wins_over_a_wrong_declaration() {
        let page = "<meta charset=\"windows-1256\"><p>سلام</p>";
        assert_eq!(decode_file(page.as_bytes()).0, page);
    }

    #[test]
    fn declared_charset_then_windows_1252() {
        // "سلام" in windows-1256.
        let (t, enc) = decode_file(b"<meta http-equiv=\"Content-Type\" content=\"text/html; charset=windows-1256\"><p>\xd3\xe1\xc7\xe3</p>");
        assert_eq!(enc, "windows-1256");
        assert!(t.contains("سلام"), "{t}");
        assert_eq!(decode_file(b"caf\xe9").0, "café");
    }

    #[test]
    fn junk_never_fails() {
        let junk: Vec<u8> = (0..=255u8).cycle().take(5000).collect();
        assert!(!decode_file(&junk).0.is_empty());
    }

    /// "سلام" in windows-1256, which is not valid UTF-8.
    const SALAM_1256: &[u8] = b"\xd3\xe1\xc7\xe3";

    #[test]
    fn transport_charset_comes_after_the_bom_and_before_the_rest() {
        // Before the <meta> declaration ...
        let mut page = b"<meta charset=\"windows-1252\"><p>".to_vec();
        page.extend_from_slice(SALAM_1256);
        let (t, enc) = decode(&page, Some("windows-1256"));
        assert_eq!(enc, "windows-1256");
        assert!(t.contains("سلام"), "{t}");
        assert_eq!(decode(&page, None).1, "windows-1252");
        // ... and before the valid-UTF-8 rule: "é" in UTF-8 read as ISO-8859-1 (windows-1252).
        assert_eq!(
            decode("café".as_bytes(), Some("iso-8859-1")),
            ("cafÃ©".to_string(), "windows-1252")
        );
        // A byte-order mark still wins.
        assert_eq!(
            decode(b"\xef\xbb\xbfcaf\xc3\xa9", Some("windows-1256")),
            ("café".to_string(), "UTF-8")
        );
    }

    #[test]
    fn sniffing_names_what_decode_uses() {
        for (bytes, charset) in [
            (&b"\xef\xbb\xbfhi"[..], None),
            (b"\xff\xfeh\x00", Some("windows-1256")),
            (SALAM_1256, Some("cp1256")),
            (SALAM_1256, None),
            ("ok".as_bytes(), None),
        ] {
            let (encoding, bom) = sniff_encoding(bytes, charset);
            assert_eq!(encoding, decode(bytes, charset).1, "{bytes:?}");
            assert_eq!(
                bom,
                if bytes.starts_with(b"\xef\xbb\xbf") {
                    3
                } else if bytes.starts_with(b"\xff\xfe") {
                    2
                } else {
                    0
                }
            );
        }
    }

    #[test]
    fn transport_labels_are_read_as_the_encoding_standard_reads_them() {
        // Case, whitespace and quotes of the header's parameter do not matter; UTF-16 from
        // the transport layer is followed (only a <meta> UTF-16 means UTF-8).
        assert_eq!(decode(SALAM_1256, Some(" \"Windows-1256\" ")).1, "windows-1256");
        assert_eq!(decode(SALAM_1256, Some("cp1256")).1, "windows-1256");
        assert_eq!(decode(b"h\x00i\x00", Some("utf-16")), ("hi".to_string(), "UTF-16LE"));
        // An unknown or empty label is ignored: the page decodes as without one.
        for label in ["x-no-such-charset", "", "  "] {
            assert_eq!(decode(SALAM_1256, Some(label)), decode(SALAM_1256, None), "{label:?}");
        }
        // A transport UTF-8 holds even for bytes that are not valid UTF-8.
        assert_eq!(decode(b"caf\xe9", Some("utf-8")), ("caf\u{fffd}".to_string(), "UTF-8"));
    }
}
