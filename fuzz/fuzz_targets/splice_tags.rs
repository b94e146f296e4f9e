//! Structure-aware: hostile snippets (unclosed tags, raw-text elements, comments, bad URLs,
//! deep nesting) spliced into seed pages at positions the fuzzer chooses; see
//! `dana_fuzz::splice_tags`.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| dana_fuzz::splice_tags(data));
