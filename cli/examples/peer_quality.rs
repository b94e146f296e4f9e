//! Accuracy of our default algorithm and of the Rust peer `dom_smoothie` (a port of Mozilla's
//! Readability.js, a dev-dependency of this crate) on the same pages, scored by the same shingle metric as
//! `dana eval`, and the pages where we trail it most: the page-by-page view that
//! docs/EVALUATION.md quotes.
//!
//! Run: `cargo run --release -p dana-cli --example peer_quality -- [--worst N] SET_DIR...`

use dana_cli::eval::metrics::{shingle_counts, shingle_summary, Counts, Interner};
use std::path::Path;

struct Row {
    id: String,
    ours: f64,
    peer: f64,
}

fn f1(c: &Counts) -> f64 {
    let p = if c.tp + c.fp > 0.0 { c.tp / (c.tp + c.fp) } else { 0.0 };
    let r = if c.tp + c.fn_ > 0.0 { c.tp / (c.tp + c.fn_) } else { 0.0 };
    if p + r > 0.0 {
        2.0 * p * r / (p + r)
    } else {
        0.0
    }
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut worst = 10;
    if let Some(i) = args.iter().position(|a| a == "--worst") {
        worst = args.get(i + 1).and_then(|v| v.parse().ok()).expect("--worst N");
        args.drain(i..=i + 1);
    }
    if args.is_empty() {
        eprintln!("usage: peer_quality [--worst N] SET_DIR...");
        std::process::exit(2);
    }
    let options = dana::Options::default();
    println!("{:16} {:>6} {:>9} {:>9}", "set", "pages", "ours F1", "peer F1");
    for dir in &args {
        let dir = Path::new(dir);
        let set = dir.file_name().and_then(|n| n.to_str()).unwrap_or("?").to_string();
        let Ok(index) = std::fs::read_to_string(dir.join("index.jsonl")) else {
            eprintln!("skipped {}: no index.jsonl", dir.display());
            continue;
        };
        let (mut ours_c, mut peer_c, mut rows) = (Vec::new(), Vec::new(), Vec::new());
        for line in index.lines().filter(|l| !l.trim().is_empty()) {
            let entry: serde_json::Value = serde_json::from_str(line).expect("index line");
            let id = entry["id"].as_str().unwrap_or_default().to_string();
            let (Ok(bytes), Ok(gold)) = (
                std::fs::read(dir.join("pages").join(format!("{id}.html"))),
                std::fs::read(dir.join("gold").join(format!("{id}.txt"))),
            ) else {
                continue;
            };
            let (html, _) = dana::decode(&bytes, None);
            let ours = dana::extract(&html, &options).text;
            let peer = dom_smoothie::Readability::new(html.as_str(), None, None)
                .and_then(|mut r| r.parse())
                .map(|a| a.text_content.to_string())
                .unwrap_or_default();
            let mut interner = Interner::default();
            let g = interner.ids(&String::from_utf8_lossy(&gold));
            let (a, b) = (
                shingle_counts(&g, &interner.ids(&ours)),
                shingle_counts(&g, &interner.ids(&peer)),
            );
            rows.push(Row { id, ours: f1(&a), peer: f1(&b) });
            ours_c.push(a);
            peer_c.push(b);
        }
        println!(
            "{set:16} {:>6} {:>9.3} {:>9.3}",
            rows.len(),
            shingle_summary(&ours_c).f1,
            shingle_summary(&peer_c).f1
        );
        rows.sort_by(|a, b| (a.ours - a.peer).total_cmp(&(b.ours - b.peer)));
        for r in rows.iter().take(worst).filter(|r| r.ours < r.peer) {
            println!("    {:24} ours {:.3}  peer {:.3}", r.id, r.ours, r.peer);
        }
    }
}
