//! How time and peak memory grow with the size of the page (issue #6).
//!
//! Run: `cargo bench --bench scaling` (about a minute). From a real corpus page (the body of
//! the first page of a set between 20 and 60 KB, sorted by id) it builds pages 1, 2, 4, ... 64
//! times larger by repeating the page's body content inside one `<body>`, and times
//! `dana::extract` on each, and each stage on its own. Linear cost shows as a constant ns per
//! byte down a column. Peak memory is counted by this binary's global allocator: the highest
//! number of heap bytes live during one extraction, above what was live before it.

mod common;

use common::{fastest, repeated, CorpusPage};
// The stages' items are reached through `dana::test_api` (the dev-dependency enables it).
use dana::test_api::preprocess::{Page, Preprocessing};
use dana::test_api::{blocks, density, regions, render};
use dana::{Algorithm, Options};
use std::hint::black_box;
use std::time::Duration;

// Peak memory: the counting global allocator shared with tests/hostile.rs.
#[path = "../tests/support/counting_alloc.rs"]
#[allow(dead_code)]
mod counting_alloc;
use counting_alloc::peak_of;

/// The first page of `set` (sorted by id) between 20 and 60 KB.
fn base_page(set: &'static str) -> Option<CorpusPage> {
    common::ids(set)
        .iter()
        .filter_map(|id| common::load(set, id))
        .find(|p| (20_000..60_000).contains(&p.html.len()))
}

fn table(base: &CorpusPage, algorithm: Algorithm) {
    let options = Options { algorithm, ..Options::default() };
    let gap = options.effective_gap();
    println!();
    println!(
        "{} ({:.1} KB), algorithm {}",
        base.name(),
        base.html.len() as f64 / 1024.0,
        algorithm.name()
    );
    println!(
        "{:>4} {:>9} {:>9} {:>8} {:>7} | {:>8} {:>8} {:>8} {:>8} | {:>8} {:>7} {:>7}",
        "x",
        "KB",
        "ms",
        "ns/B",
        "vs 1x",
        "parse",
        "ph1-3",
        "blocks",
        "render",
        "peak MB",
        "peak/in",
        "words"
    );
    let mut first_ns_per_byte = None;
    for k in [1usize, 2, 4, 8, 16, 32, 64] {
        let html = repeated(&base.html, k);
        let n = html.len() as f64;
        let min_time = Duration::from_millis(100);
        let out = dana::extract(&html, &options);
        let words = out.text.split_whitespace().count();
        assert!(words > 0 || k == 1, "{} x{k}: empty extraction", base.name());
        let total = fastest(3, min_time, || {
            black_box(dana::extract(black_box(&html), &options));
        });
        let page = Page::parse(&html, Preprocessing::of(&options));
        let parse = fastest(3, min_time, || {
            black_box(Page::parse(black_box(&html), Preprocessing::of(&options)));
        });
        let (t1, t2) = density::counts(&page, algorithm);
        let diff = density::smooth(&t1, &t2);
        let mut found = density::candidate_regions(&diff, &t1);
        let phases = fastest(3, min_time, || {
            let (t1, t2) = density::counts(black_box(&page), algorithm);
            let diff = density::smooth(&t1, &t2);
            let mut r = density::candidate_regions(&diff, &t1);
            regions::choose(&mut r, gap, None, options.cluster);
            black_box(r);
        });
        regions::choose(&mut found, gap, None, options.cluster);
        let chosen = regions::chosen_lines(&found, &t1, &t2, options.edges);
        let built = blocks::build(
            &page,
            &chosen,
            &Options { algorithm, ..Options::default() },
            &blocks::Structure::of(&page),
        );
        let build = fastest(3, min_time, || {
            black_box(blocks::build(
                black_box(&page),
                &chosen,
                &Options { algorithm, ..Options::default() },
                &blocks::Structure::of(&page),
            ));
        });
        let rendering = fastest(3, min_time, || {
            black_box(render::text(black_box(&built)));
            black_box(render::html(black_box(&built)));
        });
        let peak = peak_of(|| {
            black_box(dana::extract(&html, &options));
        });
        let ns_per_byte = total * 1e9 / n;
        let base_ns = *first_ns_per_byte.get_or_insert(ns_per_byte);
        println!(
            "{:>4} {:>9.1} {:>9.2} {:>8.2} {:>7.2} | {:>8.2} {:>8.2} {:>8.2} {:>8.2} | {:>8.2} {:>7.1} {:>7}",
            k,
            n / 1024.0,
            total * 1e3,
            ns_per_byte,
            ns_per_byte / base_ns,
            parse * 1e9 / n,
            phases * 1e9 / n,
            build * 1e9 / n,
            rendering * 1e9 / n,
            peak as f64 / 1e6,
            peak as f64 / n,
            words
        );
    }
}

fn main() {
    println!("time: fastest of >= 3 runs; stage columns in ns per input byte; peak: heap bytes live at once during extract");
    let mut done = 0;
    for (set, algorithms) in [
        ("cleaneval", &[Algorithm::Addanag][..]),
        ("dragnet", &[Algorithm::Addanag][..]),
        ("readability", &[Algorithm::Addanag][..]),
        ("r2l", &[Algorithm::Addanag, Algorithm::Dana, Algorithm::R2l][..]),
    ] {
        let Some(base) = base_page(set) else {
            eprintln!("note: no page of 20-60 KB in set {set}; skipped");
            continue;
        };
        for &a in algorithms {
            table(&base, a);
        }
        done += 1;
    }
    assert!(done >= 2, "fewer than 2 base pages found; set DANA_CORPUS");
}
