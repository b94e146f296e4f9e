//! Reading a corpus set: `<set>/index.jsonl` (one `{"id", "url", "title", "source"[, "lang",
//! "page_type", "author", "published"]}` a line), `<set>/pages/<id>.html` (raw bytes) and `<set>/gold/<id>.txt` (UTF-8).

use std::fs;
use std::path::{Path, PathBuf};

use serde::Deserialize;

/// One page of a set's index.
#[derive(Clone, Debug, Deserialize)]
pub struct Entry {
    pub id: String,
    #[serde(default)]
    pub url: Option<String>,
    /// The page's headline as the corpus records it (for headline accuracy).
    #[serde(default)]
    pub title: Option<String>,
    #[serde(default)]
    pub lang: Option<String>,
    /// What kind of page it is (the modern set: article, documentation, forum, product,
    /// listing, collection, service), for the per-type table.
    #[serde(default)]
    pub page_type: Option<String>,
    /// The annotated author and publication day (the modern set), for the metadata table.
    #[serde(default)]
    pub author: Option<String>,
    #[serde(default)]
    pub published: Option<String>,
}

/// A corpus set: its name (the directory's name), directory and index, in index order.
#[derive(Clone, Debug)]
pub struct CorpusSet {
    pub name: String,
    pub dir: PathBuf,
    pub entries: Vec<Entry>,
}

impl CorpusSet {
    /// Reads `dir/index.jsonl`. A missing directory or index, or a malformed index line, is
    /// an error of one line; an id that could not name a file inside the set is left out
    /// with a note in `notes`.
    pub fn open(dir: &Path, notes: &mut Vec<String>) -> Result<CorpusSet, String> {
        if !dir.is_dir() {
            return Err(format!("{}: no such set directory", dir.display()));
        }
        let index = dir.join("index.jsonl");
        let text = fs::read_to_string(&index).map_err(|e| {
            format!(
                "{}: cannot read the set's index ({e}); a set is <set>/index.jsonl, pages/, gold/",
                index.display()
            )
        })?;
        let name = dir
            .canonicalize()
            .ok()
            .and_then(|d| d.file_name().map(|n| n.to_string_lossy().into_owned()))
            .unwrap_or_else(|| dir.display().to_string());
        let mut entries: Vec<Entry> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for (n, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let entry: Entry = serde_json::from_str(line)
                .map_err(|e| format!("{}:{}: not an index entry: {e}", index.display(), n + 1))?;
            if entry.id.is_empty() || entry.id.contains(['/', '\\']) || entry.id.starts_with('.') {
                notes.push(format!(
                    "{name}: index line {}: id {:?} cannot name a page file, skipped",
                    n + 1,
                    entry.id
                ));
                continue;
            }
            if !seen.insert(entry.id.clone()) {
                notes.push(format!(
                    "{name}: index line {}: duplicate id {:?}, skipped",
                    n + 1,
                    entry.id
                ));
                continue;
            }
            entries.push(entry);
        }
        Ok(CorpusSet { name, dir: dir.to_path_buf(), entries })
    }

    pub fn page_path(&self, id: &str) -> PathBuf {
        self.dir.join("pages").join(format!("{id}.html"))
    }

    pub fn gold_path(&self, id: &str) -> PathBuf {
        self.dir.join("gold").join(format!("{id}.txt"))
    }
}
