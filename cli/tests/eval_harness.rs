//! `dana eval` on small synthetic sets made in a temporary directory (no corpus needed): the
//! set layout, skipped pages, error messages and the `--json` records. The metrics themselves
//! are unit-tested against naive versions in cli/src/eval/metrics.rs.

use std::fs;
use std::path::{Path, PathBuf};

use dana::Options;
use dana_cli::eval::corpus::CorpusSet;
use dana_cli::eval::run::{evaluate, Config, SetJob};
use dana_cli::eval::EvalArgs;
use indicatif::ProgressBar;

/// A fresh directory under the system's temporary directory.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dana-eval-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

const PARAGRAPH: &str = "The committee met on Tuesday to discuss the new harbour, which the town has wanted for \
twenty years. Engineers presented three designs, each with a different breakwater, and the \
members asked many questions about cost, about the fishing fleet and about the winter storms \
that closed the old quay twice last year.";

/// A set of three pages: `a` complete, `b` without gold, `c` in the index with no page file.
fn make_set(dir: &Path) {
    fs::create_dir_all(dir.join("pages")).unwrap();
    fs::create_dir_all(dir.join("gold")).unwrap();
    let mut index = String::new();
    for id in ["a", "b", "c"] {
        index.push_str(&format!("{{\"id\": \"{id}\", \"url\": \"https://example.org/{id}\", \"title\": \"Harbour\", \"source\": \"synthetic\"}}\n"));
    }
    fs::write(dir.join("index.jsonl"), index).unwrap();
    let page = format!(
        "<html><head><title>Harbour</title></head><body><nav><a href=\"/\">Home</a> <a href=\"/news\">News</a></nav>\
         <article><h1>Harbour</h1><p>{PARAGRAPH}</p><p>{PARAGRAPH}</p></article><footer>(c) Town</footer></body></html>"
    );
    fs::write(dir.join("pages/a.html"), &page).unwrap();
    fs::write(dir.join("pages/b.html"), &page).unwrap();
    fs::write(dir.join("gold/a.txt"), format!("Harbour\n{PARAGRAPH}\n{PARAGRAPH}\n")).unwrap();
}

fn args(v: &[&str]) -> EvalArgs {
    EvalArgs::try_parse_from(v).expect("valid dana eval arguments")
}

/// `dana eval` with these arguments, its table discarded.
fn eval(a: &EvalArgs) -> Result<(), String> {
    dana_cli::eval::run(a, &mut Vec::new())
}

#[test]
fn pages_without_gold_or_file_are_skipped_and_the_rest_scored() {
    let root = scratch("skip");
    let dir = root.join("synthetic");
    make_set(&dir);
    let mut notes = Vec::new();
    let set = CorpusSet::open(&dir, &mut notes).unwrap();
    assert_eq!(set.name, "synthetic");
    assert_eq!(set.entries.len(), 3);
    let entries = set.entries.clone();
    let jobs = [SetJob { set, entries }];
    let results = evaluate(&jobs, &[Config::new(Options::default())], 2, &ProgressBar::hidden());
    let r = &results[0];
    assert_eq!(r.records[0].len(), 1, "only page a has page and gold");
    assert_eq!(r.skipped.len(), 2);
    assert!(r.skipped.iter().any(|s| s.contains("synthetic/b") && s.contains("gold")), "{:?}", r.skipped);
    assert!(r.skipped.iter().any(|s| s.contains("synthetic/c") && s.contains("page")), "{:?}", r.skipped);
    let a = &r.records[0][0];
    assert_eq!(a.id, "a");
    assert_eq!(a.bytes as u64, fs::metadata(dir.join("pages/a.html")).unwrap().len());
    assert_eq!(a.gold_tokens, 1 + 2 * dana_cli::eval::metrics::tokenize(PARAGRAPH).len());
    assert!(a.error.is_none());
    assert!(a.seconds > 0.0 && a.cpu_seconds >= 0.0);
    // Whatever the engine extracted, the figures are consistent with its token counts.
    assert!((0.0..=1.0).contains(&a.lcs.f1) && (0.0..=1.0).contains(&a.shingle_prf.f1));
    if a.output_tokens == 0 {
        assert_eq!(a.lcs.f1, 0.0);
    }
    fs::remove_dir_all(&root).unwrap();
}

#[test]
fn table_and_json_lines_hold_one_record_per_page_and_configuration() {
    let root = scratch("json");
    let dir = root.join("synthetic");
    make_set(&dir);
    let out = root.join("records.jsonl");
    let mut table = Vec::new();
    dana_cli::eval::run(&args(&["--algorithm", "all", "--quiet", "--worst", "1", "--json", out.to_str().unwrap(), dir.to_str().unwrap()]), &mut table).unwrap();
    let table = String::from_utf8(table).unwrap();
    assert!(table.contains("synthetic: 1 pages") && table.contains("2 skipped"), "{table}");
    assert!(table.contains("worst 1 by shingle F1") && !table.contains("macro4") && !table.contains("of4"), "{table}");
    let text = fs::read_to_string(&out).unwrap();
    let lines: Vec<serde_json::Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 13, "1 scored page x 13 configurations");
    for l in &lines {
        assert_eq!(l["id"], "a");
        assert_eq!(l["set"], "synthetic");
        assert!(l["shingle"]["tp"].is_number() && l["lcs"]["f1"].is_number());
    }
    fs::remove_dir_all(&root).unwrap();
}

#[test]
fn bad_sets_are_one_line_errors() {
    let root = scratch("errors");
    let missing = eval(&args(&[root.join("nope").to_str().unwrap()])).unwrap_err();
    assert!(missing.contains("no such set directory"), "{missing}");

    let no_index = root.join("empty");
    fs::create_dir_all(&no_index).unwrap();
    let e = eval(&args(&[no_index.to_str().unwrap()])).unwrap_err();
    assert!(e.contains("index.jsonl"), "{e}");

    let bad = root.join("bad");
    fs::create_dir_all(&bad).unwrap();
    fs::write(bad.join("index.jsonl"), "{\"id\": \"x\"}\nnot json\n").unwrap();
    let e = eval(&args(&[bad.to_str().unwrap()])).unwrap_err();
    assert!(e.contains("index.jsonl:2"), "{e}");

    // A file among the arguments is skipped (so `corpus/*` works); only files is an error.
    let readme = root.join("README.md");
    fs::write(&readme, "not a set").unwrap();
    let e = eval(&args(&[readme.to_str().unwrap()])).unwrap_err();
    assert!(e.contains("no set directory"), "{e}");

    // Usage errors are clap's, worded on one line as the CLI's other errors.
    for bad in [&["--limit"][..], &["--algorithm", "x", "s"], &[]] {
        let e = EvalArgs::try_parse_from(bad).unwrap_err();
        let msg = dana_cli::args::usage_message(&e, Some("eval"));
        assert!(!msg.is_empty() && !msg.contains('\n'), "one line: {msg:?}");
    }
    assert!(!missing.contains('\n'));
    fs::remove_dir_all(&root).unwrap();
}
