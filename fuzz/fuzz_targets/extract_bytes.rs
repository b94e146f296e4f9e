//! Arbitrary bytes: decode them as the CLI does, then extract with the options the first two
//! bytes select (every algorithm, filter, refinement, with and without URL, gap, headline
//! bound; see `dana_fuzz::options`).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let [a, b, page @ ..] = data else { return };
    let (html, _) = dana::decode::decode(page);
    dana_fuzz::extract_and_check(&html, &dana_fuzz::options(*a, *b));
});
