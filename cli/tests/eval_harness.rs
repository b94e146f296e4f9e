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

const PARAGRAPH: &str =
    "The committee met on Tuesday to discuss the new harbour, which the town has wanted for \
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
    assert!(
        r.skipped.iter().any(|s| s.contains("synthetic/b") && s.contains("gold")),
        "{:?}",
        r.skipped
    );
    assert!(
        r.skipped.iter().any(|s| s.contains("synthetic/c") && s.contains("page")),
        "{:?}",
        r.skipped
    );
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
    dana_cli::eval::run(
        &args(&[
            "--algorithm",
            "all",
            "--quiet",
            "--worst",
            "1",
            "--json",
            out.to_str().unwrap(),
            dir.to_str().unwrap(),
        ]),
        &mut table,
    )
    .unwrap();
    let table = String::from_utf8(table).unwrap();
    assert!(table.contains("synthetic: 1 pages") && table.contains("2 skipped"), "{table}");
    assert!(
        table.contains("worst 1 by shingle F1")
            && !table.contains("macro4")
            && !table.contains("of4"),
        "{table}"
    );
    let text = fs::read_to_string(&out).unwrap();
    let lines: Vec<serde_json::Value> =
        text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
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

#[test]
fn sets_with_page_types_get_a_table_per_type() {
    let root = scratch("types");
    let dir = root.join("typed");
    fs::create_dir_all(dir.join("pages")).unwrap();
    fs::create_dir_all(dir.join("gold")).unwrap();
    let page = format!("<html><body><article><h1>Harbour</h1><p>{PARAGRAPH}</p><p>{PARAGRAPH}</p></article></body></html>");
    let mut index = String::new();
    for (id, page_type, gold) in [
        ("a", "article", PARAGRAPH),
        ("b", "article", PARAGRAPH),
        ("c", "forum", "Words that the page does not hold at all, not one."),
    ] {
        index.push_str(&format!("{{\"id\": \"{id}\", \"page_type\": \"{page_type}\"}}\n"));
        fs::write(dir.join(format!("pages/{id}.html")), &page).unwrap();
        fs::write(dir.join(format!("gold/{id}.txt")), gold).unwrap();
    }
    fs::write(dir.join("index.jsonl"), index).unwrap();
    let mut table = Vec::new();
    dana_cli::eval::run(&args(&["--quiet", dir.to_str().unwrap()]), &mut table).unwrap();
    let table = String::from_utf8(table).unwrap();
    let row = |t: &str| {
        table
            .lines()
            .find(|l| l.trim_start().starts_with(t))
            .unwrap_or_else(|| panic!("no {t} row in {table}"))
            .to_string()
    };
    assert!(table.contains("by page type"), "{table}");
    assert!(row("article").contains("2 pages") && row("forum").contains("1 pages"), "{table}");
    assert!(row("forum").contains("F1 0.000"), "the forum page's gold is nowhere in it: {table}");
    assert!(!row("article").contains("F1 0.000"), "{table}");
    // A set without page types gets no such table.
    let plain = root.join("plain");
    make_set(&plain);
    let mut table = Vec::new();
    dana_cli::eval::run(&args(&["--quiet", plain.to_str().unwrap()]), &mut table).unwrap();
    assert!(!String::from_utf8(table).unwrap().contains("by page type"));
    fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_peers_outputs_are_scored_beside_the_engine() {
    let root = scratch("peer");
    let dir = root.join("synthetic");
    make_set(&dir);
    // The peer's output for page a: the gold's first paragraph only (half the gold).
    let peer = root.join("peer");
    fs::create_dir_all(peer.join("synthetic")).unwrap();
    fs::write(peer.join("synthetic/a.txt"), PARAGRAPH).unwrap();
    let out = root.join("records.jsonl");
    let mut table = Vec::new();
    let a = args(&[
        "--quiet",
        "--peer",
        &format!("half={}", peer.display()),
        "--json",
        out.to_str().unwrap(),
        dir.to_str().unwrap(),
    ]);
    dana_cli::eval::run(&a, &mut table).unwrap();
    let table = String::from_utf8(table).unwrap();
    assert!(table.contains("peer half"), "{table}");
    let lines: Vec<serde_json::Value> = fs::read_to_string(&out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let peer_line =
        lines.iter().find(|l| l["config"] == "peer half").expect("a record of the peer");
    assert_eq!(
        peer_line["shingle_prf"]["precision"], 1.0,
        "every shingle of the peer's text is in the gold"
    );
    let recall = peer_line["shingle_prf"]["recall"].as_f64().unwrap();
    assert!((0.4..0.6).contains(&recall), "half of the gold: {recall}");

    // A page the peer wrote nothing for is an empty output, not an error.
    fs::remove_file(peer.join("synthetic/a.txt")).unwrap();
    dana_cli::eval::run(&a, &mut Vec::new()).unwrap();
    let lines: Vec<serde_json::Value> = fs::read_to_string(&out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let peer_line = lines.iter().find(|l| l["config"] == "peer half").unwrap();
    assert_eq!(peer_line["output_tokens"], 0);
    fs::remove_dir_all(&root).unwrap();
}
