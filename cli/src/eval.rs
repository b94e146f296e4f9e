//! The evaluation harness behind `dana eval`: runs the engine over corpus sets and scores
//! each page against its gold text.
//!
//! * [`corpus`]: reading `<set>/index.jsonl`, `pages/<id>.html`, `gold/<id>.txt`.
//! * [`metrics`]: tokens, LCS P/R/F1 (thesis eq. 4.1) and the article-extraction-benchmark's
//!   word 4-gram shingle P/R/F1.
//! * [`headline`]: headline accuracy of TitleFinder's metrics and the baselines (thesis 5.4).
//! * [`metadata`]: headline, byline, published day and `readerable` of `extract` (issue 14).
//! * [`run`](mod@run): the configurations, one [`run::PageRecord`] per page and configuration.
//! * [`report`]: averages and the printed tables.
//!
//! [`EvalArgs`] are `dana eval`'s arguments and [`run()`](fn@run) runs it; `cli/tests/eval_gate.rs`
//! uses [`run::evaluate`] directly.

pub mod corpus;
pub mod headline;
pub mod metadata;
pub mod metrics;
pub mod report;
pub mod run;

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use dana::{Algorithm, LinkFilter, Options, Switch, SWITCHES};
use indicatif::{ProgressBar, ProgressStyle};

use crate::args;
use corpus::CorpusSet;
use run::{Config, Peer, SetJob};

/// The arguments of `dana eval` (its help text is the subcommand's documentation in main.rs).
#[derive(Debug, clap::Args)]
#[command(args_override_self = true)]
pub struct EvalArgs {
    /// r2l, dana, danag, addanag, or all: every algorithm and, for the parser-based ones, every
    /// hyperlink filter, then the four algorithms exactly as the thesis defines them (default:
    /// addanag)
    #[arg(long, value_name = "NAME", allow_hyphen_values = true, value_parser = algorithms)]
    pub algorithm: Option<Algorithms>,
    /// Hyperlink filter none, 1, 2 or 3 (default: the algorithm's)
    #[arg(long, value_name = "F", allow_hyphen_values = true, value_parser = args::filter)]
    pub filter: Option<LinkFilter>,
    /// Algorithm 1's gap (default: the algorithm's)
    #[arg(long, value_name = "N", allow_hyphen_values = true, value_parser = args::gap)]
    pub gap: Option<usize>,
    /// Use the headline as the upper bound of the main content
    #[arg(long)]
    pub title_bound: bool,
    /// The algorithms exactly as the thesis defines them (every refinement of --without off)
    #[arg(long)]
    pub thesis: bool,
    // `--without R`: its help lists the refinements of `dana::SWITCHES`, with what each does.
    #[arg(long, value_name = "R", allow_hyphen_values = true, value_parser = refinement, action = clap::ArgAction::Append, help = without_help(false), long_help = without_help(true))]
    pub without: Vec<&'static Switch>,
    /// Score a peer's outputs beside the engine's: NAME=DIR, the text for page ID of set SET
    /// in DIR/SET/ID.txt (a missing file counts as an empty output; cli/peers/ writes such
    /// directories); repeatable
    #[arg(long, value_name = "NAME=DIR", allow_hyphen_values = true, value_parser = peer, action = clap::ArgAction::Append)]
    pub peer: Vec<Peer>,
    /// Only the first N pages of each set (index order)
    #[arg(long, value_name = "N", allow_hyphen_values = true, value_parser = args::count)]
    pub limit: Option<usize>,
    /// List the N pages with the lowest shingle F1 of each set
    #[arg(long, value_name = "N", allow_hyphen_values = true, value_parser = args::count, default_value = "0", hide_default_value = true)]
    pub worst: usize,
    /// Write one JSON line per page and configuration to FILE
    #[arg(long, value_name = "FILE", allow_hyphen_values = true)]
    pub json: Option<PathBuf>,
    /// Pages evaluated in parallel (default 1); MB/s stays a single-thread figure
    #[arg(long, value_name = "N", allow_hyphen_values = true, value_parser = args::threads, default_value = "1", hide_default_value = true)]
    pub threads: usize,
    /// No progress bar (notes still go to stderr); it is only drawn on a terminal
    #[arg(long)]
    pub quiet: bool,
    /// The corpus sets
    #[arg(value_name = "SET_DIR", required = true)]
    pub sets: Vec<PathBuf>,
}

impl EvalArgs {
    /// Parses `dana eval`'s arguments (those after `eval`) as the binary does.
    pub fn try_parse_from<I, T>(args: I) -> Result<EvalArgs, clap::Error>
    where
        I: IntoIterator<Item = T>,
        T: Into<std::ffi::OsString> + Clone,
    {
        use clap::{FromArgMatches, Parser};
        /// `dana eval` alone.
        #[derive(Parser)]
        #[command(name = "dana eval")]
        struct Eval {
            #[command(flatten)]
            args: EvalArgs,
        }
        let args = std::iter::once(std::ffi::OsString::from("eval"))
            .chain(args.into_iter().map(Into::into));
        let matches = <Eval as clap::CommandFactory>::command().try_get_matches_from(args)?;
        Eval::from_arg_matches(&matches).map(|e| e.args)
    }
}

/// `--algorithm` of `dana eval`: one algorithm, or all of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithms {
    One(Algorithm),
    All,
}

fn algorithms(s: &str) -> Result<Algorithms, String> {
    if s.eq_ignore_ascii_case("all") {
        return Ok(Algorithms::All);
    }
    args::algorithm(s)
        .map(Algorithms::One)
        .map_err(|_| "expected r2l, dana, danag, addanag or all".into())
}

/// `--without R`: a refinement of `dana::SWITCHES` by its CLI name.
fn refinement(s: &str) -> Result<&'static Switch, String> {
    SWITCHES
        .iter()
        .find(|r| r.cli_name() == s)
        .ok_or_else(|| format!("expected {}", refinement_names()))
}

/// The refinements' CLI names: `prune, media, ... or lead`.
fn refinement_names() -> String {
    let names: Vec<String> = SWITCHES.iter().map(Switch::cli_name).collect();
    match names.split_last() {
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// The help of `--without`: the names (`-h`), or a line for each with what it does (`--help`).
fn without_help(long: bool) -> String {
    let mut help = "Turn one refinement off (repeatable)".to_string();
    if !long {
        return format!("{help}: {}", refinement_names());
    }
    help.push_str(", one of:");
    for r in SWITCHES {
        help.push_str(&format!("\n{}: {}", r.cli_name(), r.summary()));
    }
    help
}

/// `--peer NAME=DIR`: a name without spaces and an existing directory.
fn peer(s: &str) -> Result<Peer, String> {
    let (name, dir) = s.split_once('=').ok_or("expected NAME=DIR")?;
    if name.is_empty() || name.contains(char::is_whitespace) {
        return Err("expected NAME=DIR, NAME without spaces".into());
    }
    let dir = PathBuf::from(dir);
    if !dir.is_dir() {
        return Err(format!("{} is not a directory", dir.display()));
    }
    Ok(Peer { name: name.to_string(), dir })
}

/// The configurations to compare: one, or with `--algorithm all` each combination once: R2L,
/// DANA with each hyperlink filter, DANAg with each filter but Filter 3 (that is AdDANAg),
/// AdDANAg; then (unless `--thesis` already asked for them) the four algorithms exactly as the
/// thesis defines them. Then each `--peer`.
fn configs(a: &EvalArgs) -> Vec<Config> {
    let options = |algorithm: Algorithm, filter: Option<LinkFilter>, thesis: bool| {
        let base = if thesis {
            Options::thesis(algorithm)
        } else {
            Options { algorithm, ..Options::default() }
        };
        let mut options = Options { filter, gap: a.gap, title_bound: a.title_bound, ..base };
        for switch in &a.without {
            switch.set(&mut options, false);
        }
        Config::new(options)
    };
    let mut out = match a.algorithm.unwrap_or(Algorithms::One(Options::default().algorithm)) {
        Algorithms::One(algorithm) => vec![options(algorithm, a.filter, a.thesis)],
        Algorithms::All => {
            let mut out = vec![options(Algorithm::R2l, a.filter, a.thesis)];
            let filters: Vec<Option<LinkFilter>> = match a.filter {
                Some(f) => vec![Some(f)],
                None => LinkFilter::ALL.map(Some).to_vec(),
            };
            for algorithm in [Algorithm::Dana, Algorithm::Danag] {
                for &f in &filters {
                    if algorithm == Algorithm::Danag
                        && f == Some(LinkFilter::Placeholder)
                        && a.filter.is_none()
                    {
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
    };
    // The peers last, each scored as one more configuration.
    out.extend(a.peer.iter().cloned().map(Config::peer));
    out
}

/// Index of the configuration that behaves as `Options::default()` would (marked `*`), or
/// `usize::MAX` when none does.
fn default_index(configs: &[Config]) -> usize {
    let d = Options::default();
    configs
        .iter()
        .position(|c| {
            let o = &c.options;
            c.peer.is_none()
                && o.algorithm == d.algorithm
                && o.effective_filter() == d.effective_filter()
                && o.effective_gap() == d.effective_gap()
                && o.title_bound == d.title_bound
                && SWITCHES.iter().all(|s| s.get(o) == s.get(&d))
        })
        .unwrap_or(usize::MAX)
}

/// `dana eval`: results on `out` (standard output), progress and notes on stderr; `Err` for
/// an input/output error (one line).
pub fn run(a: &EvalArgs, out: &mut dyn Write) -> Result<(), String> {
    let mut notes = Vec::new();
    let mut jobs = Vec::new();
    for dir in &a.sets {
        if dir.is_file() {
            notes.push(format!("{}: a file, not a set directory, skipped", dir.display()));
            continue;
        }
        let set = CorpusSet::open(dir, &mut notes)?;
        let entries: Vec<_> =
            set.entries.iter().take(a.limit.unwrap_or(usize::MAX)).cloned().collect();
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
        Some(p) => Some(std::io::BufWriter::new(
            std::fs::File::create(p).map_err(|e| format!("cannot write {}: {e}", p.display()))?,
        )),
        None => None,
    };

    let configs = configs(a);
    let pages: usize = jobs.iter().map(|j| j.entries.len()).sum();
    eprintln!(
        "dana eval: {} set(s), {pages} pages, {} configuration(s), {} thread(s)",
        jobs.len(),
        configs.len(),
        a.threads
    );
    let start = Instant::now();
    let results = run::evaluate(&jobs, &configs, a.threads, &progress_bar(pages, a.quiet));
    let wall = start.elapsed().as_secs_f64();

    if let Some(w) = json.as_mut() {
        let path = a.json.as_ref().map(|p| p.display().to_string()).unwrap_or_default();
        for set in &results {
            for records in &set.records {
                for r in records {
                    let line = serde_json::to_string(r)
                        .map_err(|e| format!("cannot encode a record: {e}"))?;
                    writeln!(w, "{line}").map_err(|e| format!("cannot write {path}: {e}"))?;
                }
            }
        }
        w.flush().map_err(|e| format!("cannot write {path}: {e}"))?;
    }

    let mut table = report::render(&results, &configs, default_index(&configs), a.worst);
    table.push_str(&format!("  wall time {wall:.1} s on {} thread(s)\n", a.threads));
    out.write_all(table.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| format!("cannot write to standard output: {e}"))
}

/// The progress bar on stderr: one line redrawn in place, only on a terminal (indicatif draws
/// nothing when stderr is a file or a pipe), never with `--quiet`.
fn progress_bar(pages: usize, quiet: bool) -> ProgressBar {
    if quiet {
        return ProgressBar::hidden();
    }
    let style = ProgressStyle::with_template("[{bar:30}] {pos}/{len} pages {elapsed}  {wide_msg}")
        .expect("a valid template")
        .progress_chars("#-");
    ProgressBar::new(pages as u64).with_style(style)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(v: &[&str]) -> Result<EvalArgs, clap::Error> {
        EvalArgs::try_parse_from(v)
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
        let a = args(&[
            "--algorithm=danag",
            "--filter",
            "2",
            "--gap",
            "7",
            "--title-bound",
            "--limit",
            "3",
            "--worst=5",
            "s1",
            "s2",
        ])
        .unwrap();
        let c = configs(&a);
        assert_eq!(c.len(), 1);
        assert_eq!(c[0].options.algorithm, Algorithm::Danag);
        assert_eq!(c[0].options.effective_filter(), LinkFilter::Strip);
        assert_eq!(c[0].options.effective_gap(), 7);
        assert!(c[0].options.title_bound);
        assert_eq!((a.limit, a.worst, a.sets.len()), (Some(3), 5, 2));
    }

    #[test]
    fn defaults_and_refinements() {
        let a = args(&["s"]).unwrap();
        assert_eq!((a.threads, a.worst, a.quiet), (1, 0, false));
        assert_eq!(configs(&a)[0].options, Options::default());
        let a = args(&["--without", "prune", "--without=edges", "--thesis", "s"]).unwrap();
        assert_eq!(a.without.iter().map(|s| s.name).collect::<Vec<_>>(), ["prune", "edges"]);
        let o = &configs(&a)[0].options;
        assert!(!o.prune && !o.edges && !o.cluster && !o.media);
    }

    /// Each refinement of the engine's table is `--without` its CLI name, which turns that one
    /// off, names the configuration and keeps it from being the default; `--thesis` turns them
    /// all off.
    #[test]
    fn every_switch_is_a_without_name() {
        for switch in SWITCHES {
            let name = switch.cli_name();
            let a = args(&["--without", &name, "s"]).unwrap();
            let c = configs(&a);
            let mut want = Options::default();
            switch.set(&mut want, false);
            assert_eq!(c[0].options, want, "{name}");
            assert!(c[0].label().ends_with(&format!(" -{name}")), "{}", c[0].label());
            assert_eq!(default_index(&c), usize::MAX, "{name}");
            assert!(without_help(true).contains(&format!("\n{name}: ")), "{name} is in the help");
        }
        let last = SWITCHES.last().map(Switch::cli_name).unwrap_or_default();
        assert!(
            refinement_names().ends_with(&format!(" or {last}"))
                && refinement_names().starts_with("prune, media, ")
        );
        let c = configs(&args(&["--thesis", "s"]).unwrap());
        assert_eq!(c[0].options, Options::thesis(Options::default().algorithm));
        assert!(SWITCHES.iter().all(|s| !s.get(&c[0].options)));
        assert_eq!(c[0].label(), "addanag f3 g20 thesis");
        assert_eq!(configs(&args(&["s"]).unwrap())[0].label(), "addanag f3 g20");
    }

    #[test]
    fn peers_come_after_the_engine_and_are_never_the_default() {
        let dir = std::env::temp_dir();
        let a = args(&["--peer", &format!("trafilatura={}", dir.display()), "s"]).unwrap();
        let c = configs(&a);
        assert_eq!(c.len(), 2);
        assert_eq!(c[1].label(), "peer trafilatura");
        assert_eq!(c[1].peer.as_ref().map(|p| p.dir.clone()), Some(dir.clone()));
        assert_eq!(default_index(&c), 0);
        for bad in ["trafilatura", "=/tmp", "a b=/tmp", "x=/nonexistent/peer/dir"] {
            assert!(args(&["--peer", bad, "s"]).is_err(), "{bad}");
        }
    }

    #[test]
    fn bad_arguments_are_errors() {
        for bad in [
            &["--gap", "x", "s"][..],
            &["--gap"],
            &["--algorithm", "foo", "s"],
            &["--filter", "4", "s"],
            &["--threads", "0", "s"],
            &["--without", "x", "s"],
            &["--bogus", "s"],
            &["--quiet=1", "s"],
            &[],
        ] {
            assert!(args(bad).is_err(), "{bad:?}");
        }
        let missing = run(&args(&["/nonexistent/set"]).unwrap(), &mut Vec::new()).unwrap_err();
        assert!(missing.contains("no such set directory"), "{missing}");
    }
}
