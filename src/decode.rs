//! Pages are bytes. The decoding order (issue #2): a byte-order mark; else UTF-8 when the bytes
//! are valid UTF-8 (many pages declare a charset they do not use); else the charset declared in
//! `<meta charset>` or `<meta http-equiv="Content-Type">` within the first 4 KiB; else
//! windows-1252. Decoding never fails: invalid sequences become U+FFFD.

use encoding_rs::{Encoding, UTF_8, WINDOWS_1252};

/// How far into the page the `<meta>` charset declaration is looked for (HTML's prescan
/// reads 1024 bytes; real pages put it later, after long comments or scripts).
const PRESCAN: usize = 4096;

/// Decodes a page's bytes to text and names the encoding used.
pub fn decode(bytes: &[u8]) -> (String, &'static str) {
    if let Some((enc, bom_len)) = Encoding::for_bom(bytes) {
        let (text, _) = enc.decode_without_bom_handling(&bytes[bom_len..]);
        return (text.into_owned(), enc.name());
    }
    if let Ok(s) = std::str::from_utf8(bytes) {
        return (s.to_string(), UTF_8.name());
    }
    let enc = declared_charset(&bytes[..bytes.len().min(PRESCAN)]).unwrap_or(WINDOWS_1252);
    let (text, _) = enc.decode_without_bom_handling(bytes);
    (text.into_owned(), enc.name())
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
            let rest = rest.iter().position(|&b| b != b' ' && b != b'=' && b != b'"' && b != b'\'').map_or(&rest[..0], |i| &rest[i..]);
            let name_len = rest.iter().position(|&b| !(b.is_ascii_alphanumeric() || b == b'-' || b == b'_' || b == b':' || b == b'.')).unwrap_or(rest.len());
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

    #[test]
    fn bom_wins() {
        assert_eq!(decode(b"\xef\xbb\xbfhi").0, "hi");
        assert_eq!(decode(b"\xff\xfeh\x00i\x00"), ("hi".to_string(), "UTF-16LE"));
    }

    #[test]
    fn valid_utf8_wins_over_a_wrong_declaration() {
        let page = "<meta charset=\"windows-1256\"><p>سلام</p>";
        assert_eq!(decode(page.as_bytes()).0, page);
    }

    #[test]
    fn declared_charset_then_windows_1252() {
        // "سلام" in windows-1256.
        let (t, enc) = decode(b"<meta http-equiv=\"Content-Type\" content=\"text/html; charset=windows-1256\"><p>\xd3\xe1\xc7\xe3</p>");
        assert_eq!(enc, "windows-1256");
        assert!(t.contains("سلام"), "{t}");
        assert_eq!(decode(b"caf\xe9").0, "café");
    }

    #[test]
    fn junk_never_fails() {
        let junk: Vec<u8> = (0..=255u8).cycle().take(5000).collect();
        assert!(!decode(&junk).0.is_empty());
    }
}
