//! What every benchmark shares: finding the corpus and picking a fixed sample of its pages.
//!
//! The pages are read from `$DANA_CORPUS` (default `<repo>/../shared/corpus`), never copied
//! into the project. The sample is deterministic: pages sorted by id, then every k-th one, so
//! two runs (and two machines) measure the same pages.

#![allow(dead_code)] // each bench binary uses a different part of this module

use std::path::PathBuf;

/// The corpus sets, in the order the tables list them.
pub const SETS: [&str; 5] = ["cleaneval", "cleanportaleval", "dragnet", "readability", "r2l"];

/// One corpus page, decoded once outside any timed loop.
pub struct CorpusPage {
    /// The set it belongs to.
    pub set: &'static str,
    /// Its id (file name without `.html`).
    pub id: String,
    /// The raw bytes as stored.
    pub bytes: Vec<u8>,
    /// The bytes decoded by `dana::decode`.
    pub html: String,
}

impl CorpusPage {
    /// `set/id`, for tables.
    pub fn name(&self) -> String {
        format!("{}/{}", self.set, self.id)
    }
}

#[path = "../../tests/support/corpus.rs"]
mod corpus_support;

/// The corpus directory: `$DANA_CORPUS`, else `<repo>/../shared/corpus`.
pub fn corpus_dir() -> PathBuf {
    corpus_support::corpus_dir()
}

/// The sorted page ids of one set (empty, with a printed note, when the set is missing).
pub fn ids(set: &str) -> Vec<String> {
    let dir = corpus_dir().join(set).join("pages");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!("note: {} is missing; set {set} skipped", dir.display());
        return Vec::new();
    };
    let mut ids: Vec<String> = entries
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            e.file_name().to_str().and_then(|n| n.strip_suffix(".html")).map(str::to_string)
        })
        .collect();
    ids.sort();
    ids
}

/// Reads one page; `None` (with a printed note) when it cannot be read.
pub fn load(set: &'static str, id: &str) -> Option<CorpusPage> {
    let path = corpus_dir().join(set).join("pages").join(format!("{id}.html"));
    match std::fs::read(&path) {
        Ok(bytes) => {
            let (html, _) = dana::decode(&bytes, None);
            Some(CorpusPage { set, id: id.to_string(), bytes, html })
        }
        Err(e) => {
            eprintln!("note: cannot read {}: {e}; skipped", path.display());
            None
        }
    }
}

/// Up to `per_set` pages of every set, evenly spread over the sorted ids. Panics when fewer
/// than `min_total` pages could be read: a benchmark of a handful of pages would mislead.
pub fn sample(per_set: usize, min_total: usize) -> Vec<CorpusPage> {
    let mut out = Vec::new();
    for set in SETS {
        let ids = ids(set);
        if ids.is_empty() {
            continue;
        }
        let n = per_set.min(ids.len());
        for k in 0..n {
            // Evenly spread: the k-th of n picks from the sorted list.
            let id = &ids[k * ids.len() / n];
            if let Some(p) = load(set, id) {
                out.push(p);
            }
        }
    }
    assert!(
        out.len() >= min_total,
        "only {} corpus pages found under {} (need at least {min_total}); set DANA_CORPUS",
        out.len(),
        corpus_dir().display()
    );
    out
}

/// Total UTF-8 bytes of the decoded pages (what every stage after decoding reads).
pub fn html_bytes(pages: &[CorpusPage]) -> u64 {
    pages.iter().map(|p| p.html.len() as u64).sum()
}

/// Runs `f` until at least `min_reps` runs and `min_time` have passed; the fastest run in
/// seconds. The minimum is the figure least disturbed by other work on a shared machine.
pub fn fastest<F: FnMut()>(min_reps: usize, min_time: std::time::Duration, mut f: F) -> f64 {
    let start = std::time::Instant::now();
    let mut best = f64::INFINITY;
    let mut reps = 0;
    while reps < min_reps || start.elapsed() < min_time {
        let t = std::time::Instant::now();
        f();
        best = best.min(t.elapsed().as_secs_f64());
        reps += 1;
    }
    best
}

/// `prefix` + `body` * k + `suffix`, where `body` is what stands between `<body ...>` and
/// `</body>` (the whole page when it has no body tag).
pub fn repeated(html: &str, k: usize) -> String {
    let lower = html.to_ascii_lowercase();
    let body_start =
        lower.find("<body").and_then(|i| lower[i..].find('>').map(|j| i + j + 1)).unwrap_or(0);
    let body_end = lower.rfind("</body").filter(|&e| e >= body_start).unwrap_or(html.len());
    let (prefix, body, suffix) =
        (&html[..body_start], &html[body_start..body_end], &html[body_end..]);
    let mut out = String::with_capacity(prefix.len() + body.len() * k + suffix.len());
    out.push_str(prefix);
    for _ in 0..k {
        out.push_str(body);
    }
    out.push_str(suffix);
    out
}
