//! The CLI's decoding of page bytes; see `dana_fuzz::decode`.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| dana_fuzz::decode(data));
