//! The CLI's decoding of page bytes (BOM, UTF-8, <meta> charset prescan, windows-1252).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (text, encoding) = dana::decode::decode(data);
    assert!(encoding_is_known(encoding), "unknown encoding name {encoding:?}");
    // Valid UTF-8 without a byte-order mark is returned as is.
    if let Ok(s) = std::str::from_utf8(data) {
        if !data.starts_with(b"\xef\xbb\xbf") && !data.starts_with(b"\xff\xfe") && !data.starts_with(b"\xfe\xff") {
            assert_eq!(text, s);
            assert_eq!(encoding, "UTF-8");
        }
    }
    // Decoding never drops a page: beyond a byte-order mark, some text always comes out.
    if data.len() > 3 {
        assert!(!text.is_empty(), "{} bytes decoded to nothing", data.len());
    }
});

fn encoding_is_known(name: &str) -> bool {
    encoding_rs::Encoding::for_label(name.as_bytes()).is_some()
}
