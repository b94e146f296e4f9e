//! The corpus as the tests read it: `DANA_CORPUS`, default `<repo>/../shared/corpus`.

use std::path::PathBuf;

/// The five evaluation sets (the `modern` set is not one of them).
pub const SETS: [&str; 5] = ["cleaneval", "cleanportaleval", "dragnet", "readability", "r2l"];

/// The corpus folder.
pub fn corpus_dir() -> PathBuf {
    match std::env::var_os("DANA_CORPUS") {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus"),
    }
}

/// Every page of the five sets as `set/id`, decoded as the CLI decodes it; fails when there
/// is none.
pub fn every_page() -> Vec<(String, String)> {
    let dir = corpus_dir();
    let mut pages = Vec::new();
    for set in SETS {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(dir.join(set).join("pages")).map(|rd| rd.flatten().map(|e| e.path()).collect()).unwrap_or_default();
        paths.sort();
        for path in paths {
            let name = format!("{set}/{}", path.file_stem().unwrap_or_default().to_string_lossy());
            pages.push((name, dana::decode::decode(&std::fs::read(&path).unwrap()).0));
        }
    }
    assert!(!pages.is_empty(), "no corpus pages under {} (set DANA_CORPUS)", dir.display());
    pages
}
