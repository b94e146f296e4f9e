//! A plain driver for profilers and for checking that an optimisation changes no output
//! (issue #6). Not a timing benchmark: `scripts/callgrind.sh` runs it under valgrind.
//!
//! - `cargo bench --bench profile` extracts a fixed sample of corpus pages (10 per set) once
//!   with the default algorithm and prints the time.
//! - `-- --pages N` takes N pages per set; `-- --algorithm NAME` another algorithm; `-- --all`
//!   every algorithm in turn.
//! - `-- --page SET/ID` extracts that one page instead of the sample.
//! - `-- --repeat K` repeats each page's body K times first (as benches/scaling.rs does), to
//!   count instructions per byte against page size.
//! - `-- --slowest N` prints the N pages that cost the most time per byte (finds the pages
//!   where cost stops being linear).
//! - `-- --dump FILE` writes every extraction as one JSON line (page, algorithm, result) to
//!   FILE: run it before and after a change and diff the two files.

mod common;

use dana::{Algorithm, Options};
use std::io::Write;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let value =
        |flag: &str| args.iter().position(|a| a == flag).and_then(|i| args.get(i + 1)).cloned();
    let per_set = value("--pages").and_then(|v| v.parse().ok()).unwrap_or(10);
    let algorithms: Vec<Algorithm> = if args.iter().any(|a| a == "--all") {
        Algorithm::ALL.to_vec()
    } else {
        let name =
            value("--algorithm").unwrap_or_else(|| Options::default().algorithm.name().to_string());
        vec![Algorithm::parse(&name).unwrap_or_else(|| panic!("unknown algorithm {name}"))]
    };
    let mut dump = value("--dump").map(|p| {
        std::io::BufWriter::new(std::fs::File::create(&p).unwrap_or_else(|e| panic!("{p}: {e}")))
    });

    let pages = match value("--page") {
        Some(name) => {
            let (set, id) = name.split_once('/').expect("--page SET/ID");
            let set = common::SETS.into_iter().find(|s| *s == set).expect("a corpus set");
            vec![common::load(set, id).expect("the page")]
        }
        None => common::sample(per_set, 10),
    };
    let pages: Vec<common::CorpusPage> =
        match value("--repeat").and_then(|v| v.parse::<usize>().ok()) {
            Some(k) => pages
                .into_iter()
                .map(|p| common::CorpusPage { html: common::repeated(&p.html, k), ..p })
                .collect(),
            None => pages,
        };
    let bytes = common::html_bytes(&pages);
    let slowest: usize = value("--slowest").and_then(|v| v.parse().ok()).unwrap_or(0);
    let mut per_page: Vec<(f64, f64, String)> = Vec::new();
    let start = std::time::Instant::now();
    let mut non_empty = 0;
    for &algorithm in &algorithms {
        let options = Options { algorithm, ..Options::default() };
        for p in &pages {
            let t = std::time::Instant::now();
            let out = dana::extract(&p.html, &options);
            if slowest > 0 {
                // The fastest of three runs: one run is at the mercy of the other jobs.
                let mut secs = t.elapsed().as_secs_f64();
                for _ in 0..2 {
                    let t = std::time::Instant::now();
                    std::hint::black_box(dana::extract(&p.html, &options));
                    secs = secs.min(t.elapsed().as_secs_f64());
                }
                per_page.push((
                    secs * 1e9 / p.html.len().max(1) as f64,
                    secs,
                    format!("{} {}", algorithm.name(), p.name()),
                ));
            }
            non_empty += usize::from(!out.text.is_empty());
            if let Some(w) = dump.as_mut() {
                let json = serde_json::to_string(&out).expect("an extraction serialises");
                writeln!(
                    w,
                    "{{\"page\":\"{}\",\"algorithm\":\"{}\",\"result\":{json}}}",
                    p.name(),
                    algorithm.name()
                )
                .expect("write dump");
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();
    if slowest > 0 {
        per_page.sort_by(|a, b| b.0.total_cmp(&a.0));
        println!("{:>8} {:>10}  page", "ns/B", "ms");
        for (ns, s, name) in per_page.iter().take(slowest) {
            println!("{ns:>8.1} {:>10.2}  {name}", s * 1e3);
        }
    }
    assert!(non_empty > 0, "every extraction was empty");
    println!(
        "{} pages x {} algorithm(s), {:.2} MB each pass: {:.1} ms, {:.1} MB/s{}",
        pages.len(),
        algorithms.len(),
        bytes as f64 / 1e6,
        secs * 1e3,
        (bytes * algorithms.len() as u64) as f64 / 1e6 / secs,
        if dump.is_some() { " (with JSON dump)" } else { "" }
    );
}
