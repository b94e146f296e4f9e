//! Where the corpora are, for every Rust test and benchmark of the workspace (each includes
//! this file with `#[path]`): `$DANA_CORPUS`, else `../shared/corpus` beside the repository
//! (build.sh exports `DANA_CORPUS`; DEVELOPING.md says where the data comes from).

use std::path::{Path, PathBuf};

/// The corpus root, holding `<set>/{index.jsonl,pages/,gold/}`.
pub fn corpus_root() -> PathBuf {
    if let Some(dir) = std::env::var_os("DANA_CORPUS") {
        return PathBuf::from(dir);
    }
    // The repository is the workspace's directory: the nearest one above the including crate's
    // manifest that holds Cargo.lock (the engine's tests run in it, the CLI's in cli/).
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let repo = crate_dir.ancestors().find(|d| d.join("Cargo.lock").is_file()).unwrap_or(crate_dir);
    repo.join("../shared/corpus")
}
