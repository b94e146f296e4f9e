//! A plain driver for profilers and for checking that an optimisation changes no output
//! (issue #6). Not a timing benchmark: `scripts/callgrind.sh` runs it under valgrind.
//!
//! - `cargo bench --bench profile` extracts a fixed sample of corpus pages (10 per set) once
//!   with the default algorithm and prints the time.
//! - `-- --pages N` takes N pages per set; `-- --algorithm NAME` another algorithm; `-- --all`
//!   every algorithm in turn.
//! - `-- --dump FILE` writes every extraction as one JSON line (page, algorithm, result) to
//!   FILE: run it before and after a change and diff the two files.

mod common;

use dana::{Algorithm, Options};
use std::io::Write;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let value = |flag: &str| args.iter().position(|a| a == flag).and_then(|i| args.get(i + 1)).cloned();
    let per_set = value("--pages").and_then(|v| v.parse().ok()).unwrap_or(10);
    let algorithms: Vec<Algorithm> = if args.iter().any(|a| a == "--all") {
        Algorithm::ALL.to_vec()
    } else {
        let name = value("--algorithm").unwrap_or_else(|| Options::default().algorithm.name().to_string());
        vec![Algorithm::parse(&name).unwrap_or_else(|| panic!("unknown algorithm {name}"))]
    };
    let mut dump = value("--dump").map(|p| std::io::BufWriter::new(std::fs::File::create(&p).unwrap_or_else(|e| panic!("{p}: {e}"))));

    let pages = common::sample(per_set, 10);
    let bytes = common::html_bytes(&pages);
    let start = std::time::Instant::now();
    let mut non_empty = 0;
    for &algorithm in &algorithms {
        let options = Options { algorithm, ..Options::default() };
        for p in &pages {
            let out = dana::extract(&p.html, &options);
            non_empty += usize::from(!out.text.is_empty());
            if let Some(w) = dump.as_mut() {
                let json = serde_json::to_string(&out).expect("an extraction serialises");
                writeln!(w, "{{\"page\":\"{}\",\"algorithm\":\"{}\",\"result\":{json}}}", p.name(), algorithm.name()).expect("write dump");
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();
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
