//! Mutated real pages: libFuzzer mutates the seed pages (built from the corpus by
//! scripts/fuzz.sh); see `dana_fuzz::extract_page`.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| dana_fuzz::extract_page(data));
