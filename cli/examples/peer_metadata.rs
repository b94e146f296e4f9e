//! The metadata table of `dana eval` (cli/src/eval/metadata.rs) for a peer: its headline,
//! author and date per page, read from a JSON-lines file (`{"set", "id", "title", "author",
//! "date"}` a line, as `cli/examples/trafilatura_metadata.py` writes for trafilatura), scored
//! by the same code against the same index. The peer has no `readerable`: its AUC column says
//! nothing.
//!
//! Run: `cargo run --release -p dana-cli --example peer_metadata -- PEER.jsonl SET_DIR...`

use std::collections::HashMap;
use std::path::Path;

use dana_cli::eval::corpus::CorpusSet;
use dana_cli::eval::metadata::{metadata_table, score_fields, MetadataScore};

#[derive(serde::Deserialize)]
struct PeerPage {
    set: String,
    id: String,
    title: Option<String>,
    author: Option<String>,
    date: Option<String>,
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [peer, sets @ ..] = args.as_slice() else {
        return Err("usage: peer_metadata PEER.jsonl SET_DIR...".into());
    };
    let text = std::fs::read_to_string(peer).map_err(|e| format!("{peer}: {e}"))?;
    let mut pages: HashMap<(String, String), PeerPage> = HashMap::new();
    for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let p: PeerPage =
            serde_json::from_str(line).map_err(|e| format!("{peer}:{}: {e}", n + 1))?;
        pages.insert((p.set.clone(), p.id.clone()), p);
    }
    let mut scored: Vec<(String, Vec<MetadataScore>)> = Vec::new();
    for dir in sets {
        let mut notes = Vec::new();
        let set = CorpusSet::open(Path::new(dir), &mut notes)?;
        let annotates_authors = set.entries.iter().any(|e| e.author.is_some());
        let scores = set
            .entries
            .iter()
            .filter_map(|e| {
                let p = pages.get(&(set.name.clone(), e.id.clone()))?;
                let mut s = score_fields(
                    p.title.as_deref().unwrap_or(""),
                    p.author.as_deref(),
                    p.date.as_deref(),
                    e,
                    annotates_authors,
                );
                s.reader_type = None;
                Some(s)
            })
            .collect();
        scored.push((set.name, scores));
    }
    let table: Vec<(&str, Vec<&MetadataScore>)> =
        scored.iter().map(|(n, s)| (n.as_str(), s.iter().collect())).collect();
    print!("{}", metadata_table(&table));
    Ok(())
}
