//! Our default algorithm against the Rust peers `dom_smoothie` and `readabilityrs` (both ports
//! of Mozilla's Readability.js), in the same process, on the same pages (issue #6).
//!
//! Run: `cargo bench --bench peers` (about a minute; `-- --pages N` for N pages per set).
//! For every page each extractor gets the same decoded `&str` and its default settings; its
//! time is the fastest of several runs (at least 3, and at least 20 ms in all), the figure least
//! disturbed by other work on a shared machine. The runs of the three extractors on one page
//! follow each other, so they see the same machine load. Prints one row per page and the
//! totals: throughput of each, and how many times faster ours is (peer time / our time).

mod common;

use common::{fastest, sample};
use std::hint::black_box;
use std::time::Duration;

const DEFAULT_PAGES_PER_SET: usize = 20;

/// Output size of one run, to check that each extractor produced something.
fn ours(html: &str, options: &dana::Options) -> usize {
    dana::extract(html, options).text.len()
}

fn dom_smoothie(html: &str) -> usize {
    match dom_smoothie::Readability::new(html, None, None).and_then(|mut r| r.parse()) {
        Ok(article) => article.text_content.len(),
        Err(_) => 0,
    }
}

fn readabilityrs(html: &str) -> usize {
    match readabilityrs::Readability::new(html, None, None).ok().and_then(|r| r.parse()) {
        Some(article) => article.text_content.map_or(0, |t| t.len()),
        None => 0,
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let per_set = args
        .iter()
        .position(|a| a == "--pages")
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(DEFAULT_PAGES_PER_SET);
    let pages = sample(per_set, 20);
    let options = dana::Options::default();
    let min_time = Duration::from_millis(20);

    println!(
        "default algorithm: {}; {} pages from {}",
        options.algorithm.name(),
        pages.len(),
        common::corpus_dir().display()
    );
    println!(
        "{:<34} {:>8} {:>10} {:>12} {:>12} {:>9} {:>9}",
        "page", "KB", "dana us", "smoothie us", "readrs us", "x smooth", "x readrs"
    );
    let (mut t_ours, mut t_ds, mut t_rr, mut bytes) = (0.0, 0.0, 0.0, 0u64);
    let (mut empty_ours, mut empty_ds, mut empty_rr) = (0, 0, 0);
    let mut ratios_ds = Vec::new();
    let mut ratios_rr = Vec::new();
    for p in &pages {
        // One untimed run each: warms caches and records whether it found anything.
        empty_ours += usize::from(ours(&p.html, &options) == 0);
        empty_ds += usize::from(dom_smoothie(&p.html) == 0);
        empty_rr += usize::from(readabilityrs(&p.html) == 0);

        let a = fastest(3, min_time, || {
            black_box(ours(black_box(&p.html), &options));
        });
        let b = fastest(3, min_time, || {
            black_box(dom_smoothie(black_box(&p.html)));
        });
        let c = fastest(3, min_time, || {
            black_box(readabilityrs(black_box(&p.html)));
        });
        t_ours += a;
        t_ds += b;
        t_rr += c;
        bytes += p.html.len() as u64;
        ratios_ds.push(b / a);
        ratios_rr.push(c / a);
        println!(
            "{:<34} {:>8.1} {:>10.0} {:>12.0} {:>12.0} {:>9.1} {:>9.1}",
            p.name(),
            p.html.len() as f64 / 1024.0,
            a * 1e6,
            b * 1e6,
            c * 1e6,
            b / a,
            c / a
        );
    }
    assert!(empty_ours < pages.len(), "our extractor answered nothing on every page");
    assert!(
        empty_ds < pages.len() && empty_rr < pages.len(),
        "a peer answered nothing on every page"
    );

    let mb = bytes as f64 / 1e6;
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    println!();
    println!("{} pages, {:.2} MB (decoded UTF-8)", pages.len(), mb);
    println!(
        "{:<14} {:>10} {:>9} {:>14} {:>16} {:>14}",
        "extractor", "total ms", "MB/s", "ours is x", "median x/page", "empty answers"
    );
    println!(
        "{:<14} {:>10.1} {:>9.1} {:>14} {:>16} {:>14}",
        "dana",
        t_ours * 1e3,
        mb / t_ours,
        "-",
        "-",
        empty_ours
    );
    println!(
        "{:<14} {:>10.1} {:>9.1} {:>14.1} {:>16.1} {:>14}",
        "dom_smoothie",
        t_ds * 1e3,
        mb / t_ds,
        t_ds / t_ours,
        median(&mut ratios_ds),
        empty_ds
    );
    println!(
        "{:<14} {:>10.1} {:>9.1} {:>14.1} {:>16.1} {:>14}",
        "readabilityrs",
        t_rr * 1e3,
        mb / t_rr,
        t_rr / t_ours,
        median(&mut ratios_rr),
        empty_rr
    );
    let fastest_peer = t_ds.min(t_rr);
    println!("against the fastest peer: {:.1}x (target: at least 10x)", fastest_peer / t_ours);
}
