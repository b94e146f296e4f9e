//! Running configurations over pages and scoring each page.
//!
//! A page is read and decoded once; every configuration then extracts from the decoded text.
//! Each configuration's time is the decode time plus its own extract time, measured on the
//! one thread that does the work, so MB/s is a single-thread figure whatever `threads` is.
//! Both wall-clock time and the thread's CPU time are recorded: on a shared machine the wall
//! clock also counts the time other processes held the core, so MB/s is computed from the
//! CPU time where the platform gives it (Unix), from the wall clock elsewhere.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use serde::Serialize;

use indicatif::ProgressBar;

use super::corpus::{CorpusSet, Entry};
use super::headline::{self, HeadlineScore};
use super::metadata;
use super::metrics::{self, Counts, Interner, Prf};
use dana::{Algorithm, Extraction, LinkFilter, Options, SWITCHES};

/// One configuration of the engine under evaluation, or a peer's outputs scored beside it.
#[derive(Clone, Debug)]
pub struct Config {
    pub options: Options,
    /// A peer extractor whose outputs were written beforehand (`dana eval --peer`): its
    /// text for page `<id>` of set `<set>` is `<dir>/<set>/<id>.txt` (a missing file is an
    /// empty output). `options` is then unused.
    pub peer: Option<Peer>,
}

/// A peer extractor's name and the directory of its outputs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Peer {
    pub name: String,
    pub dir: PathBuf,
}

impl Config {
    pub fn new(options: Options) -> Config {
        Config { options, peer: None }
    }

    /// A peer's outputs, scored as a configuration.
    pub fn peer(peer: Peer) -> Config {
        Config { options: Options::default(), peer: Some(peer) }
    }

    /// A short name: `addanag f3 g20`, `r2l g8` (R2L has no parser, so no filter); a peer's
    /// is `peer NAME`.
    pub fn label(&self) -> String {
        if let Some(peer) = &self.peer {
            return format!("peer {}", peer.name);
        }
        let o = &self.options;
        let mut s = o.algorithm.name().to_string();
        if o.algorithm != Algorithm::R2l {
            s.push_str(match o.effective_filter() {
                LinkFilter::None => " f-",
                LinkFilter::Remove => " f1",
                LinkFilter::Strip => " f2",
                LinkFilter::Placeholder => " f3",
            });
        }
        s.push_str(&format!(" g{}", o.effective_gap()));
        if o.title_bound {
            s.push_str(" tb");
        }
        if SWITCHES.iter().all(|r| !r.get(o)) {
            s.push_str(" thesis");
        } else {
            for r in SWITCHES.iter().filter(|r| !r.get(o)) {
                s.push_str(" -");
                s.push_str(&r.cli_name());
            }
        }
        s
    }
}

/// The result of one configuration on one page: one line of `--json`.
///
/// To add a metric (for example headline accuracy against `Entry::title`), add a field here,
/// fill it in `score`, and average it in `Summary::of` (cli/src/eval/report.rs).
#[derive(Clone, Debug, Serialize)]
pub struct PageRecord {
    pub set: String,
    pub id: String,
    /// The index's `page_type`, when it gives one.
    pub page_type: Option<String>,
    pub config: String,
    pub algorithm: Algorithm,
    pub filter: LinkFilter,
    pub gap: usize,
    /// Size of the page in bytes, as stored.
    pub bytes: usize,
    /// The encoding the page was decoded with.
    pub encoding: &'static str,
    /// Seconds to decode and extract, on one thread: wall clock ...
    pub seconds: f64,
    /// ... and that thread's CPU time (equal to `seconds` where the platform has no thread
    /// CPU clock).
    pub cpu_seconds: f64,
    /// `\w+` tokens of the gold text and of the extracted text.
    pub gold_tokens: usize,
    pub output_tokens: usize,
    /// LCS precision, recall, F1 (thesis eq. 4.1).
    pub lcs: Prf,
    /// Normalised shingle TP/FP/FN (what the benchmark averages) ...
    pub shingle: Counts,
    /// ... and this page's own shingle precision, recall, F1.
    pub shingle_prf: Prf,
    /// The gold's paragraphs kept, and kept whole (`metrics::paragraphs`).
    pub paragraphs: metrics::Paragraphs,
    /// Why the engine found no article (`Extraction::reason`).
    pub reason: Option<String>,
    /// The engine panicked on this page: the panic message. The page scores as an empty output.
    pub error: Option<String>,
    /// Headline accuracy of each method of [`headline::EVAL_METHODS`] against the index's
    /// title; empty when the index gives none.
    pub headline: Vec<HeadlineScore>,
    /// What `extract` reports above the article, scored against the index.
    pub metadata: metadata::MetadataScore,
}

/// A set with the pages to evaluate.
pub struct SetJob {
    pub set: CorpusSet,
    pub entries: Vec<Entry>,
}

/// The outcome of a set: `records[c]` holds configuration `c`'s records, in entry order.
pub struct SetResult {
    pub name: String,
    pub records: Vec<Vec<PageRecord>>,
    /// Pages left out (missing page or gold), with why.
    pub skipped: Vec<String>,
}

/// Scores one extraction against the gold tokens.
fn score(
    entry: &Entry,
    set: &str,
    config: &Config,
    gold: &[u32],
    gold_text: &str,
    interner: &mut Interner,
    ex: Result<Extraction, String>,
) -> PageRecord {
    let (text, reason, error) = match ex {
        Ok(ex) => (ex.text, ex.reason, None),
        Err(panic) => (String::new(), None, Some(panic)),
    };
    let out = interner.ids(&text);
    let shingle = metrics::shingle_counts(gold, &out);
    let paragraphs = metrics::paragraphs(gold_text, &out, interner);
    PageRecord {
        set: set.to_string(),
        id: entry.id.clone(),
        page_type: entry.page_type.clone(),
        config: config.label(),
        algorithm: config.options.algorithm,
        filter: config.options.effective_filter(),
        gap: config.options.effective_gap(),
        bytes: 0,
        encoding: "",
        seconds: 0.0,
        cpu_seconds: 0.0,
        gold_tokens: gold.len(),
        output_tokens: out.len(),
        lcs: metrics::lcs_prf(gold, &out),
        shingle,
        shingle_prf: shingle.prf(),
        paragraphs,
        reason,
        error,
        headline: Vec::new(),
        metadata: metadata::MetadataScore::default(),
    }
}

/// The calling thread's CPU time in seconds (`CLOCK_THREAD_CPUTIME_ID`).
#[cfg(unix)]
fn thread_cpu_seconds() -> Option<f64> {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `ts` is a valid, writable timespec for the duration of the call.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    (rc == 0).then_some(ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9)
}

#[cfg(not(unix))]
fn thread_cpu_seconds() -> Option<f64> {
    None
}

/// A page's records under every configuration, or why it was skipped.
type PageOutcome = Result<Vec<PageRecord>, String>;

/// Evaluates one page under every configuration; `Err` says why the page was skipped.
pub fn evaluate_page(set: &CorpusSet, entry: &Entry, configs: &[Config]) -> PageOutcome {
    let page_path = set.page_path(&entry.id);
    let bytes = std::fs::read(&page_path).map_err(|e| {
        format!("{}/{}: page {} unreadable ({e}), skipped", set.name, entry.id, page_path.display())
    })?;
    let gold_path = set.gold_path(&entry.id);
    let gold_bytes = std::fs::read(&gold_path).map_err(|e| {
        format!("{}/{}: gold {} unreadable ({e}), skipped", set.name, entry.id, gold_path.display())
    })?;
    let gold_text = String::from_utf8_lossy(&gold_bytes);
    let mut interner = Interner::default();
    let gold = interner.ids(&gold_text);

    let (t0, c0) = (Instant::now(), thread_cpu_seconds());
    let (html, encoding) = dana::decode(&bytes, None);
    let decode_seconds = t0.elapsed().as_secs_f64();
    let decode_cpu = thread_cpu_seconds().zip(c0).map(|(c1, c0)| c1 - c0);

    let mut records = Vec::with_capacity(configs.len());
    for config in configs {
        if let Some(peer) = &config.peer {
            // A peer's time is not measured here: its MB/s reads 0.
            let path = peer.dir.join(&set.name).join(format!("{}.txt", entry.id));
            let text = std::fs::read(&path)
                .map(|b| String::from_utf8_lossy(&b).into_owned())
                .unwrap_or_default();
            let mut record = score(
                entry,
                &set.name,
                config,
                &gold,
                &gold_text,
                &mut interner,
                Ok(Extraction { text, ..Extraction::default() }),
            );
            record.bytes = bytes.len();
            record.encoding = encoding;
            records.push(record);
            continue;
        }
        // The page's address, as the extension always gives it (`Options::url`): links and
        // images resolve against it and the site's name falls back to its host.
        let with_url;
        let options =
            match entry.url.as_deref().filter(|u| !u.is_empty() && config.options.url.is_none()) {
                Some(url) => {
                    with_url = Options { url: Some(url.to_string()), ..config.options.clone() };
                    &with_url
                }
                None => &config.options,
            };
        let (t, c) = (Instant::now(), thread_cpu_seconds());
        let ex = catch_unwind(AssertUnwindSafe(|| dana::extract(&html, options))).map_err(|p| {
            p.downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| p.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "panic".into())
        });
        let seconds = decode_seconds + t.elapsed().as_secs_f64();
        let cpu_seconds = match (decode_cpu, thread_cpu_seconds().zip(c)) {
            (Some(d), Some((c1, c0))) => d + (c1 - c0),
            _ => seconds,
        };
        let meta = ex.as_ref().ok().map(|ex| {
            let mut m =
                metadata::score_page(ex, entry, set.entries.iter().any(|e| e.author.is_some()));
            m.headline_empty = ex.title.trim().is_empty() && has_title_or_heading(&html, options);
            m
        });
        let mut record = score(entry, &set.name, config, &gold, &gold_text, &mut interner, ex);
        record.metadata = meta.unwrap_or_default();
        record.bytes = bytes.len();
        record.encoding = encoding;
        record.seconds = seconds;
        record.cpu_seconds = cpu_seconds;
        // After the timing: headline accuracy is not part of MB/s.
        record.headline = headline::eval_page(&html, &config.options, entry.title.as_deref());
        records.push(record);
    }
    Ok(records)
}

/// Whether the page, read as `options` read it, has a `<title>` or a heading with text: then
/// the reader should show a headline.
fn has_title_or_heading(html: &str, options: &Options) -> bool {
    let html = dana::test_api::tokenize::normalise_newlines(html);
    let page = dana::test_api::preprocess::Page::parse(
        &html,
        dana::test_api::preprocess::Preprocessing::of(options),
    );
    !page.head.title.is_empty() || !dana::test_api::title::headings(&page).is_empty()
}

/// Evaluates every job's pages under every configuration on `threads` threads (pages are
/// shared out one at a time). Skipped pages and engine panics are reported in the result
/// and as notes above the progress bar.
pub fn evaluate(
    jobs: &[SetJob],
    configs: &[Config],
    threads: usize,
    progress: &ProgressBar,
) -> Vec<SetResult> {
    let work: Vec<(usize, usize)> = jobs
        .iter()
        .enumerate()
        .flat_map(|(s, job)| (0..job.entries.len()).map(move |e| (s, e)))
        .collect();
    let mut slots: Vec<Vec<Option<PageOutcome>>> =
        jobs.iter().map(|j| vec![None; j.entries.len()]).collect();
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            let tx = tx.clone();
            let (work, next) = (&work, &next);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(&(s, e)) = work.get(i) else { break };
                let job = &jobs[s];
                let result = evaluate_page(&job.set, &job.entries[e], configs);
                if tx.send((s, e, result)).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        for (s, e, result) in rx {
            let job = &jobs[s];
            progress.inc(1);
            progress.set_message(format!("{}/{}", job.set.name, job.entries[e].id));
            // A note goes on its own line, with the bar cleared while it is printed.
            let note = |msg: &str| progress.suspend(|| eprintln!("note: {msg}"));
            match &result {
                Err(msg) => note(msg),
                Ok(records) => {
                    for r in records.iter().filter(|r| r.error.is_some()) {
                        note(&format!(
                            "{}/{}: {} panicked: {}; scored as an empty output",
                            r.set,
                            r.id,
                            r.config,
                            r.error.as_deref().unwrap_or("")
                        ));
                    }
                }
            }
            slots[s][e] = Some(result);
        }
    });
    progress.finish_and_clear();

    jobs.iter()
        .zip(slots)
        .map(|(job, slots)| {
            let mut records: Vec<Vec<PageRecord>> = vec![Vec::new(); configs.len()];
            let mut skipped = Vec::new();
            for slot in slots.into_iter().flatten() {
                match slot {
                    Ok(page) => {
                        for (c, r) in page.into_iter().enumerate() {
                            records[c].push(r);
                        }
                    }
                    Err(note) => skipped.push(note),
                }
            }
            SetResult { name: job.set.name.clone(), records, skipped }
        })
        .collect()
}
