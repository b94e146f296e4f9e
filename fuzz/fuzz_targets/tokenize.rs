//! Our tokenizer against html5gum's; see `dana_fuzz::tokenize`.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| dana_fuzz::tokenize(data));
