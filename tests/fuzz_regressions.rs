//! The fuzz campaigns' inputs, replayed inside `cargo test` (the long campaigns run outside CI:
//! scripts/fuzz.sh, docs/ROBUSTNESS.md).
//!
//! - `fuzz/seeds/*`: the committed hand-written seed pages, each through every algorithm and
//!   hyperlink filter, with and without a page URL, with the product's options and the thesis's,
//!   and through each fuzz target's body.
//! - `fuzz/regressions/<target>/*`: inputs that once crashed or hung a target (minimised by
//!   `cargo fuzz tmin`), each replayed through that target's body.
//!
//! The fuzz targets' bodies and checks live in `fuzz/src/lib.rs`, included here, so a replay
//! runs exactly what the fuzzer ran, minus the sanitizer.

use std::path::{Path, PathBuf};

use dana::{Algorithm, LinkFilter, Options};

#[path = "../fuzz/src/lib.rs"]
#[allow(dead_code)]
mod dana_fuzz;

const MIN_SEEDS: usize = 10;

fn fuzz_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fuzz")
}

fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut out: Vec<(String, Vec<u8>)> = entries
        .flatten()
        .filter(|e| e.path().is_file())
        .map(|e| {
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read(e.path()).unwrap_or_default(),
            )
        })
        .collect();
    out.sort();
    out
}

#[test]
fn seeds_pass_every_configuration() {
    let seeds = files(&fuzz_dir().join("seeds"));
    assert!(
        seeds.len() >= MIN_SEEDS,
        "{} seeds in fuzz/seeds, expected at least {MIN_SEEDS}",
        seeds.len()
    );
    let mut runs = 0;
    for (name, bytes) in &seeds {
        let (html, _) = dana::decode(bytes, None);
        for algorithm in Algorithm::ALL {
            for filter in LinkFilter::ALL {
                for url in [None, Some("https://example.org/a/b.html".to_string())] {
                    for thesis in [false, true] {
                        let base =
                            if thesis { Options::thesis(algorithm) } else { Options::default() };
                        let options =
                            Options { algorithm, filter: Some(filter), url: url.clone(), ..base };
                        let out = std::panic::catch_unwind(|| {
                            dana_fuzz::extract_and_check(&html, &options)
                        });
                        assert!(out.is_ok(), "seed {name} failed with {options:?}");
                        runs += 1;
                    }
                }
            }
        }
        // Each target's body, as the fuzzer first ran it.
        dana_fuzz::decode(bytes);
        dana_fuzz::extract_page(bytes);
        dana_fuzz::splice_tags(bytes);
        for selector in [[0u8, 0], [0x55, 0x0f], [0xaa, 0x1a], [0xff, 0xff]] {
            let mut input = selector.to_vec();
            input.extend_from_slice(bytes);
            dana_fuzz::extract_bytes(&input);
        }
    }
    println!("{} seeds, {runs} extractions", seeds.len());
}

#[test]
fn saved_fuzz_inputs_replay_through_their_targets() {
    let mut replayed = 0;
    for (target, body) in [
        ("extract_bytes", dana_fuzz::extract_bytes as fn(&[u8])),
        ("extract_page", dana_fuzz::extract_page),
        ("splice_tags", dana_fuzz::splice_tags),
        ("decode", dana_fuzz::decode),
    ] {
        for (name, bytes) in files(&fuzz_dir().join("regressions").join(target)) {
            let r = std::panic::catch_unwind(|| body(&bytes));
            assert!(r.is_ok(), "fuzz/regressions/{target}/{name} fails again");
            replayed += 1;
        }
    }
    println!("{replayed} saved fuzz inputs replayed");
}

#[test]
fn the_splicer_inserts_snippets_and_keeps_the_page() {
    // 2 operations: at 0 % and at 50 % of the 19-byte page, snippets 0 ("<p>") and 1 ("</p>").
    let mut data = b"<div>abcdefgh</div>".to_vec();
    data.extend_from_slice(&[0, 0, 0, 0, 128, 1, 2]);
    let out = String::from_utf8(dana_fuzz::splice(&data)).unwrap();
    assert_eq!(out, "<p><div>abcd</p>efgh</div>");
}
