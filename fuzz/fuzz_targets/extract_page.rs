//! Mutated real pages: libFuzzer mutates the seed pages (built from the corpus by
//! scripts/fuzz.sh). Each mutant runs through one of eight configurations chosen by its length:
//! the four algorithms with the product's defaults, and the four exactly as the thesis defines
//! them. (All eight on every input ran at 3 inputs a second on real-sized pages.)
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (html, _) = dana::decode::decode(data);
    let algorithm = dana::Algorithm::ALL[data.len() % 4];
    let mut options = if data.len() / 4 % 2 == 0 { dana::Options::default() } else { dana::Options::thesis(algorithm) };
    options.algorithm = algorithm;
    options.url = Some("https://example.org/a/b.html".into());
    dana_fuzz::extract_and_check(&html, &options);
});
