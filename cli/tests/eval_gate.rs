//! The evaluation gate: the default algorithm (`Options::default()`) on a fixed subset of the
//! corpus (`cli/tests/eval_subset.txt`) must keep, on every set, its shingle F1 and LCS F1 at or
//! above the floors pinned in `cli/tests/eval_floor.json`.
//!
//!     cargo test --release -p dana-cli --test eval_gate              check against the floors
//!     DANA_PIN=1 cargo test --release -p dana-cli --test eval_gate   re-pin: write measured - 0.015
//!
//! Re-pin after a change that is meant to move the figures (and commit the floor file with
//! the change). The corpus is found through `DANA_CORPUS` (default `<repo>/../shared/corpus`).
//! A missing page is skipped with a note; the gate fails if fewer than half the subset is
//! there. It runs without the test harness (cli/Cargo.toml: `harness = false`) so that the
//! measured figures are printed on every run, not only on failure.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use dana::Options;
use dana_cli::eval::corpus::CorpusSet;
use dana_cli::eval::report::Summary;
use dana_cli::eval::run::{evaluate, Config, SetJob};
use indicatif::ProgressBar;
use serde::{Deserialize, Serialize};

/// How far under today's figures `DANA_PIN=1` pins the floors: room for harmless noise
/// (a different tie-break, a page that moves by a few shingles), not for a regression.
const MARGIN: f64 = 0.015;

#[derive(Serialize, Deserialize)]
struct Floors {
    /// The configuration the floors were measured with.
    configuration: String,
    /// How far under the measured figures they were pinned.
    margin: f64,
    sets: BTreeMap<String, Floor>,
}

#[derive(Serialize, Deserialize, Clone, Copy)]
struct Floor {
    shingle_f1: f64,
    lcs_f1: f64,
}

/// The CLI crate's directory (cli/), which holds the subset and floor files.
fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[path = "../../tests/support/corpus.rs"]
mod corpus_support;

fn corpus() -> PathBuf {
    corpus_support::corpus_dir()
}

/// `set -> ids` from the subset file.
fn subset(path: &Path) -> Result<BTreeMap<String, Vec<String>>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut sets: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let (set, id) = line.split_once('/').ok_or_else(|| {
            format!("{}: bad line {line:?} (expected <set>/<id>)", path.display())
        })?;
        sets.entry(set.to_string()).or_default().push(id.to_string());
    }
    Ok(sets)
}

fn main() -> ExitCode {
    match gate() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("eval_gate FAILED: {e}");
            ExitCode::FAILURE
        }
    }
}

fn gate() -> Result<(), String> {
    let wanted = subset(&crate_dir().join("tests/eval_subset.txt"))?;
    let total: usize = wanted.values().map(Vec::len).sum();
    let corpus = corpus();
    println!("eval_gate: {total} pages of {} sets from {}", wanted.len(), corpus.display());

    let mut jobs = Vec::new();
    for (name, ids) in &wanted {
        let mut notes = Vec::new();
        let set = match CorpusSet::open(&corpus.join(name), &mut notes) {
            Ok(set) => set,
            Err(e) => {
                println!("note: {e}: its {} pages are missing", ids.len());
                continue;
            }
        };
        notes.iter().for_each(|n| println!("note: {n}"));
        let mut entries = Vec::new();
        for id in ids {
            match set.entries.iter().find(|e| &e.id == id) {
                Some(e) => entries.push(e.clone()),
                None => println!("note: {name}/{id} is not in the set's index, skipped"),
            }
        }
        jobs.push(SetJob { set, entries });
    }

    let config = Config::new(Options::default());
    let results = evaluate(&jobs, std::slice::from_ref(&config), 1, &ProgressBar::hidden());
    for r in &results {
        r.skipped.iter().for_each(|n| println!("note: {n}"));
    }
    let present: usize = results.iter().map(|r| r.records[0].len()).sum();
    if present * 2 < total {
        return Err(format!(
            "only {present} of the {total} subset pages are in {}: fewer than half",
            corpus.display()
        ));
    }

    let mut measured: BTreeMap<String, Floor> = BTreeMap::new();
    println!(
        "\n  {:<16} {:>5} {:>9} {:>9}   {:>9} {:>9}",
        "set", "pages", "shingleF1", "floor", "LCS F1", "floor"
    );
    let floors_path = crate_dir().join("tests/eval_floor.json");
    let pin = std::env::var("DANA_PIN").is_ok_and(|v| v == "1");
    let floors: Option<Floors> = if pin {
        None
    } else {
        let text = std::fs::read_to_string(&floors_path)
            .map_err(|e| format!("{}: {e} (DANA_PIN=1 writes it)", floors_path.display()))?;
        Some(serde_json::from_str(&text).map_err(|e| format!("{}: {e}", floors_path.display()))?)
    };
    let mut failures = Vec::new();
    for r in results.iter().filter(|r| !r.records[0].is_empty()) {
        let s = Summary::of(&r.records[0]);
        let m = Floor { shingle_f1: s.shingle.f1, lcs_f1: s.lcs.f1 };
        measured.insert(r.name.clone(), m);
        let floor = floors.as_ref().and_then(|f| f.sets.get(&r.name).copied());
        let show = |x: Option<f64>| x.map_or("-".to_string(), |x| format!("{x:.3}"));
        println!(
            "  {:<16} {:>5} {:>9.3} {:>9}   {:>9.3} {:>9}",
            r.name,
            s.pages,
            m.shingle_f1,
            show(floor.map(|f| f.shingle_f1)),
            m.lcs_f1,
            show(floor.map(|f| f.lcs_f1))
        );
        match (floors.as_ref(), floor) {
            (Some(_), None) => failures.push(format!("{}: no floor pinned (run DANA_PIN=1 cargo test --release -p dana-cli --test eval_gate)", r.name)),
            (_, Some(f)) => {
                if m.shingle_f1 < f.shingle_f1 {
                    failures.push(format!("{}: shingle F1 {:.4} < floor {:.3}", r.name, m.shingle_f1, f.shingle_f1));
                }
                if m.lcs_f1 < f.lcs_f1 {
                    failures.push(format!("{}: LCS F1 {:.4} < floor {:.3}", r.name, m.lcs_f1, f.lcs_f1));
                }
            }
            (None, None) => {}
        }
    }
    println!("  configuration {}, {present} of {total} pages present\n", config.label());

    if pin {
        // Floors are rounded down to 3 decimals, so a re-run on the same code passes.
        let down = |x: f64| ((x - MARGIN).max(0.0) * 1000.0).floor() / 1000.0;
        let sets = measured
            .iter()
            .map(|(k, m)| {
                (k.clone(), Floor { shingle_f1: down(m.shingle_f1), lcs_f1: down(m.lcs_f1) })
            })
            .collect();
        let floors = Floors { configuration: config.label(), margin: MARGIN, sets };
        let json = serde_json::to_string_pretty(&floors).map_err(|e| e.to_string())? + "\n";
        std::fs::write(&floors_path, json)
            .map_err(|e| format!("{}: {e}", floors_path.display()))?;
        println!("eval_gate: pinned floors (measured - {MARGIN}) to {}", floors_path.display());
        return Ok(());
    }
    if failures.is_empty() {
        println!("eval_gate: ok");
        Ok(())
    } else {
        Err(failures.join("; "))
    }
}
