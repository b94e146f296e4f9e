//! The corpus as every Rust test and benchmark of the workspace reads it (each includes this
//! file with `#[path]`): `$DANA_CORPUS`, else `../shared/corpus` beside the repository
//! (build.sh exports `DANA_CORPUS`; DEVELOPING.md says where the data comes from).

// Each includer uses a part of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The five evaluation sets (the `modern` set is not one of them).
pub const SETS: [&str; 5] = ["cleaneval", "cleanportaleval", "dragnet", "readability", "r2l"];

/// The corpus root, holding `<set>/{index.jsonl,pages/,gold/}`.
pub fn corpus_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("DANA_CORPUS") {
        return PathBuf::from(dir);
    }
    // The repository is the workspace's directory: the nearest one above the including crate's
    // manifest that holds Cargo.lock (the engine's tests run in it, the CLI's in cli/).
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let repo = crate_dir.ancestors().find(|d| d.join("Cargo.lock").is_file()).unwrap_or(crate_dir);
    repo.join("../shared/corpus")
}

/// Every page of the five sets as `set/id`, decoded as the CLI decodes it; fails when there
/// is none.
pub fn every_page() -> Vec<(String, String)> {
    let dir = corpus_dir();
    let mut pages = Vec::new();
    for set in SETS {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(dir.join(set).join("pages"))
            .map(|rd| rd.flatten().map(|e| e.path()).collect())
            .unwrap_or_default();
        paths.sort();
        for path in paths {
            let name = format!("{set}/{}", path.file_stem().unwrap_or_default().to_string_lossy());
            pages.push((name, dana::decode(&std::fs::read(&path).unwrap(), None).0));
        }
    }
    assert!(!pages.is_empty(), "no corpus pages under {} (set DANA_CORPUS)", dir.display());
    pages
}
