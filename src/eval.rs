//! The evaluation harness behind `dana eval`: runs the engine over corpus sets and scores
//! each page against its gold text.
//!
//! * [`corpus`]: reading `<set>/index.jsonl`, `pages/<id>.html`, `gold/<id>.txt`.
//! * [`metrics`]: tokens, LCS P/R/F1 (thesis eq. 4.1) and the article-extraction-benchmark's
//!   word 4-gram shingle P/R/F1.
//! * [`run`]: the configurations, one [`run::PageRecord`] per page and configuration.
//! * [`report`]: averages and the printed tables.
//!
//! [`cli`] is `dana eval`; `tests/eval_gate.rs` uses [`run::evaluate`] directly.

pub mod corpus;
pub mod metrics;
pub mod progress;
pub mod report;
pub mod run;

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use crate::{Algorithm, LinkFilter, Options};
use corpus::CorpusSet;
use run::{Config, SetJob};

pub const USAGE: &str = "\
Usage: dana eval [OPTIONS] SET_DIR...

Runs the engine over corpus sets (SET_DIR/index.jsonl, pages/<id>.html, gold/<id>.txt) and
prints, per set and configuration, LCS precision/recall/F1 (thesis eq. 4.1, word tokens,
averaged over pages), the word 4-gram shingle precision/recall/F1 of the
article-extraction-benchmark, and MB/s (page bytes / decode + extract time on one thread,
counted in thread CPU time so that other processes on the machine do not lower it).
Arguments that are files, not directories, are skipped with a note (so SET_DIR/* works).

Options:
  --algorithm NAME   r2l, dana, danag, addanag, or all: every algorithm and, for the
                     parser-based ones, every hyperlink filter, then the four
                     algorithms exactly as the thesis defines them (default: addanag)
  --filter F         hyperlink filter none, 1, 2 or 3 (default: the algorithm's)
  --gap N            Algorithm 1's gap (default: the algorithm's)
  --title-bound      use the headline as the upper bound of the main content
  --thesis           the algorithms exactly as the thesis defines them (our refinements
                     prune, media, cluster and edges off)
  --without R        turn one refinement off: prune, media, cluster, edges,
                     article or fallback (repeatable)
  --limit N          only the first N pages of each set (index order)
  --worst N          list the N pages with the lowest shingle F1 of each set
  --json FILE        write one JSON line per page and configuration to FILE
  --threads N        pages evaluated in parallel (default 1); MB/s stays a
                     single-thread figure
  --quiet            no progress bar (notes still go to stderr)
  -h, --help         print this help
";

/// Parsed `dana eval` arguments.
#[derive(Debug)]
struct Args {
    /// `None` = all.
    algorithm: Option<Algorithm>,
    filter: Option<LinkFilter>,
    gap: Option<usize>,
    title_bound: bool,
    thesis: bool,
    /// Refinements turned off one by one (`--without`).
    without: Vec<String>,
    limit: Option<usize>,
    worst: usize,
    json: Option<PathBuf>,
    threads: usize,
    quiet: bool,
    help: bool,
    sets: Vec<PathBuf>,
}

fn parse_args(args: &[String]) -> Result<Args, String> {
    let default = Options::default();
    let mut a = Args {
        algorithm: Some(default.algorithm),
        filter: None,
        gap: None,
        title_bound: false,
        thesis: false,
        without: Vec::new(),
        limit: None,
        worst: 0,
        json: None,
        threads: 1,
        quiet: false,
        help: false,
        sets: Vec::new(),
    };
    let mut it = args.iter();
    let mut options_ended = false;
    while let Some(arg) = it.next() {
        if options_ended || !arg.starts_with('-') || arg == "-" {
            a.sets.push(PathBuf::from(arg));
            continue;
        }
        if arg == "--" {
            options_ended = true;
            continue;
        }
        let (name, inline) = match arg.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n, Some(v.to_string())),
            _ => (arg.as_str(), None),
        };
        let mut value = || inline.clone().or_else(|| it.next().cloned()).ok_or_else(|| format!("option {name} needs a value"));
        let number = |v: String| v.parse::<usize>().map_err(|_| format!("invalid value '{v}' for {name} (expected a whole number)"));
        match name {
            "-h" | "--help" => a.help = true,
            "--title-bound" | "--quiet" | "--thesis" if inline.is_some() => return Err(format!("option {name} takes no value")),
            "--title-bound" => a.title_bound = true,
            "--thesis" => a.thesis = true,
            "--quiet" => a.quiet = true,
            "--algorithm" => {
                let v = value()?;
                a.algorithm = if v.eq_ignore_ascii_case("all") {
                    None
                } else {
                    Some(Algorithm::parse(&v).ok_or_else(|| format!("invalid value '{v}' for --algorithm (expected r2l, dana, danag, addanag or all)"))?)
                };
            }
            "--filter" => {
                let v = value()?;
                a.filter = Some(LinkFilter::parse(&v.to_ascii_lowercase()).ok_or_else(|| format!("invalid value '{v}' for --filter (expected none, 1, 2 or 3)"))?);
            }
            "--without" => {
                let v = value()?;
                if !matches!(v.as_str(), "prune" | "media" | "cluster" | "edges" | "article" | "fallback") {
                    return Err(format!("invalid value '{v}' for --without (expected prune, media, cluster, edges, article or fallback)"));
                }
                a.without.push(v);
            }
            "--gap" => a.gap = Some(number(value()?)?),
            "--limit" => a.limit = Some(number(value()?)?),
            "--worst" => a.worst = number(value()?)?,
            "--threads" => {
                a.threads = number(value()?)?;
                if a.threads == 0 {
                    return Err("invalid value '0' for --threads (expected 1 or more)".into());
                }
            }
            "--json" => a.json = Some(PathBuf::from(value()?)),
            _ => return Err(format!("unknown option '{arg}' (see dana eval --help)")),
        }
    }
    Ok(a)
}

/// The configurations to compare: one, or with `--algorithm all` each combination once: R2L,
/// DANA with each hyperlink filter, DANAg with each filter but Filter 3 (that is AdDANAg),
/// AdDANAg; then (unless `--thesis` already asked for them) the four algorithms exactly as the
/// thesis defines them.
fn configs(a: &Args) -> Vec<Config> {
    let options = |algorithm: Algorithm, filter: Option<LinkFilter>, thesis: bool| {
        let base = if thesis { Options::thesis(algorithm) } else { Options { algorithm, ..Options::default() } };
        let off = |name: &str| a.without.iter().any(|w| w == name);
        Config::new(Options {
            filter,
            gap: a.gap,
            title_bound: a.title_bound,
            prune: base.prune && !off("prune"),
            media: base.media && !off("media"),
            cluster: base.cluster && !off("cluster"),
            edges: base.edges && !off("edges"),
            article: base.article && !off("article"),
            fallback: base.fallback && !off("fallback"),
            ..base
        })
    };
    match a.algorithm {
        Some(algorithm) => vec![options(algorithm, a.filter, a.thesis)],
        None => {
            let mut out = vec![options(Algorithm::R2l, a.filter, a.thesis)];
            let filters: Vec<Option<LinkFilter>> = match a.filter {
                Some(f) => vec![Some(f)],
                None => LinkFilter::ALL.map(Some).to_vec(),
            };
            for algorithm in [Algorithm::Dana, Algorithm::Danag] {
                for &f in &filters {
                    if algorithm == Algorithm::Danag && f == Some(LinkFilter::Placeholder) && a.filter.is_none() {
                        continue; // DANAg with Filter 3 is AdDANAg, listed next
                    }
                    out.push(options(algorithm, f, a.thesis));
                }
            }
            out.push(options(Algorithm::Addanag, a.filter, a.thesis));
            if !a.thesis {
                out.extend(Algorithm::ALL.map(|algorithm| options(algorithm, a.filter, true)));
            }
            out
        }
    }
}

/// Index of the configuration that behaves as `Options::default()` would (marked `*`), or
/// `usize::MAX` when none does.
fn default_index(configs: &[Config]) -> usize {
    let d = Options::default();
    configs
        .iter()
        .position(|c| {
            let o = &c.options;
            o.algorithm == d.algorithm
                && o.effective_filter() == d.effective_filter()
                && o.effective_gap() == d.effective_gap()
                && o.title_bound == d.title_bound
                && (o.prune, o.media, o.cluster, o.edges, o.article, o.fallback) == (d.prune, d.media, d.cluster, d.edges, d.article, d.fallback)
        })
        .unwrap_or(usize::MAX)
}

/// `dana eval ARGS...`: results on stdout, progress and notes on stderr; `Err` for a usage
/// or input/output error (one line).
pub fn cli(args: &[String]) -> Result<(), String> {
    cli_to(args, &mut std::io::stdout().lock())
}

/// [`cli`] with the results written to `out` (tests read them from a buffer).
pub fn cli_to(args: &[String], out: &mut dyn Write) -> Result<(), String> {
    let a = parse_args(args)?;
    if a.help {
        return out.write_all(USAGE.as_bytes()).map_err(|e| format!("cannot write to standard output: {e}"));
    }
    if a.sets.is_empty() {
        return Err("missing SET_DIR (see dana eval --help)".into());
    }
    let mut notes = Vec::new();
    let mut jobs = Vec::new();
    for dir in &a.sets {
        if dir.is_file() {
            notes.push(format!("{}: a file, not a set directory, skipped", dir.display()));
            continue;
        }
        let set = CorpusSet::open(dir, &mut notes)?;
        let entries: Vec<_> = set.entries.iter().take(a.limit.unwrap_or(usize::MAX)).cloned().collect();
        jobs.push(SetJob { set, entries });
    }
    for n in &notes {
        eprintln!("note: {n}");
    }
    if jobs.is_empty() {
        return Err("no set directory among the arguments".into());
    }
    // Open the JSON file before the run, so a bad path fails in a second, not after minutes.
    let mut json = match &a.json {
        Some(p) => Some(std::io::BufWriter::new(std::fs::File::create(p).map_err(|e| format!("cannot write {}: {e}", p.display()))?)),
        None => None,
    };

    let configs = configs(&a);
    let pages: usize = jobs.iter().map(|j| j.entries.len()).sum();
    eprintln!("dana eval: {} set(s), {pages} pages, {} configuration(s), {} thread(s)", jobs.len(), configs.len(), a.threads);
    let start = Instant::now();
    let mut progress = progress::Progress::new(pages, !a.quiet);
    let results = run::evaluate(&jobs, &configs, a.threads, &mut progress);
    let wall = start.elapsed().as_secs_f64();

    if let Some(w) = json.as_mut() {
        let path = a.json.as_ref().map(|p| p.display().to_string()).unwrap_or_default();
        for set in &results {
            for records in &set.records {
                for r in records {
                    let line = serde_json::to_string(r).map_err(|e| format!("cannot encode a record: {e}"))?;
                    writeln!(w, "{line}").map_err(|e| format!("cannot write {path}: {e}"))?;
                }
            }
        }
        w.flush().map_err(|e| format!("cannot write {path}: {e}"))?;
    }

    let mut table = report::render(&results, &configs, default_index(&configs), a.worst);
    table.push_str(&format!("  wall time {wall:.1} s on {} thread(s)\n", a.threads));
    out.write_all(table.as_bytes()).and_then(|()| out.flush()).map_err(|e| format!("cannot write to standard output: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(v: &[&str]) -> Result<Args, String> {
        parse_args(&v.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn all_is_thirteen_configurations_with_the_default_among_them() {
        let a = args(&["--algorithm", "all", "x"]).unwrap();
        let c = configs(&a);
        assert_eq!(c.len(), 13);
        let d = default_index(&c);
        assert_eq!(c[d].options.algorithm, Options::default().algorithm);
        let labels: std::collections::HashSet<String> = c.iter().map(Config::label).collect();
        assert_eq!(labels.len(), 13);
    }

    #[test]
    fn options_pass_through() {
        let a = args(&["--algorithm=danag", "--filter", "2", "--gap", "7", "--title-bound", "--limit", "3", "--worst=5", "s1", "s2"]).unwrap();
        let c = configs(&a);
        assert_eq!(c.len(), 1);
        assert_eq!(c[0].options.algorithm, Algorithm::Danag);
        assert_eq!(c[0].options.effective_filter(), LinkFilter::Strip);
        assert_eq!(c[0].options.effective_gap(), 7);
        assert!(c[0].options.title_bound);
        assert_eq!((a.limit, a.worst, a.sets.len()), (Some(3), 5, 2));
    }

    #[test]
    fn bad_arguments_are_errors() {
        for bad in [&["--gap", "x"][..], &["--gap"], &["--algorithm", "foo"], &["--filter", "4"], &["--threads", "0"], &["--bogus"], &["--quiet=1"]] {
            assert!(args(bad).is_err(), "{bad:?}");
        }
        assert!(cli(&[]).is_err());
        let missing = cli(&["/nonexistent/set".to_string()]).unwrap_err();
        assert!(missing.contains("no such set directory"), "{missing}");
    }
}
