//! Structure-aware: hostile snippets (unclosed tags, raw-text elements, comments, bad URLs,
//! deep nesting) spliced into seed pages at positions the fuzzer chooses (see
//! `dana_fuzz::splice`); the first bytes and the length also pick the options.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let page = dana_fuzz::splice(data);
    let a = data.first().copied().unwrap_or(0) ^ data.len() as u8;
    let b = data.get(1).copied().unwrap_or(0) ^ (data.len() >> 8) as u8;
    let (html, _) = dana::decode::decode(&page);
    dana_fuzz::extract_and_check(&html, &dana_fuzz::options(a, b));
});
