//! Averages over pages and the tables `dana eval` prints.

use std::fmt::Write;

use super::metrics::{self, Prf};
use super::run::{Config, PageRecord, SetResult};

/// The sets whose shingle F1 the acceptance target averages (macro-average >= 0.85,
/// and >= 0.93 on r2l).
pub const MACRO_SETS: [&str; 4] = ["cleaneval", "cleanportaleval", "dragnet", "r2l"];

/// One configuration on one set.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    pub pages: usize,
    /// Macro averages over pages of the per-page LCS precision, recall and F1.
    pub lcs: Prf,
    /// The benchmark's shingle precision and recall averages and the F1 of the two.
    pub shingle: Prf,
    pub bytes: u64,
    /// Sum of the per-page single-thread decode + extract times: thread CPU time (see
    /// cli/src/eval/run.rs) ...
    pub seconds: f64,
    /// ... and wall clock.
    pub wall_seconds: f64,
    /// Pages with no output tokens.
    pub empty: usize,
    /// Pages on which the engine panicked.
    pub failed: usize,
}

impl Summary {
    pub fn of(records: &[PageRecord]) -> Summary {
        let lcs: Vec<Prf> = records.iter().map(|r| r.lcs).collect();
        let shingles: Vec<_> = records.iter().map(|r| r.shingle).collect();
        Summary {
            pages: records.len(),
            lcs: metrics::mean_prf(&lcs),
            shingle: metrics::shingle_summary(&shingles),
            bytes: records.iter().map(|r| r.bytes as u64).sum(),
            seconds: records.iter().map(|r| r.cpu_seconds).sum(),
            wall_seconds: records.iter().map(|r| r.seconds).sum(),
            empty: records.iter().filter(|r| r.output_tokens == 0).count(),
            failed: records.iter().filter(|r| r.error.is_some()).count(),
        }
    }

    /// Throughput in MB/s (1 MB = 10^6 bytes) over CPU time.
    pub fn mb_per_s(&self) -> f64 {
        rate(self.bytes, self.seconds)
    }

    /// Throughput in MB/s over wall-clock time (lower on a busy machine).
    pub fn wall_mb_per_s(&self) -> f64 {
        rate(self.bytes, self.wall_seconds)
    }
}

fn rate(bytes: u64, seconds: f64) -> f64 {
    if seconds > 0.0 {
        bytes as f64 / 1e6 / seconds
    } else {
        0.0
    }
}

/// The mean of the shingle F1s of the [`MACRO_SETS`] present in `results` for configuration
/// `c`, and how many of the four were present.
pub fn macro_shingle_f1(results: &[SetResult], c: usize) -> Option<(f64, usize)> {
    let f1s: Vec<f64> = results
        .iter()
        .filter(|r| MACRO_SETS.contains(&r.name.as_str()) && !r.records[c].is_empty())
        .map(|r| Summary::of(&r.records[c]).shingle.f1)
        .collect();
    if f1s.is_empty() {
        None
    } else {
        Some((f1s.iter().sum::<f64>() / f1s.len() as f64, f1s.len()))
    }
}

/// Shingle P/R/F1 per page type of a set whose index gives `page_type` (empty otherwise), each
/// type averaged as the benchmark averages a set, for every configuration.
fn page_type_table(set: &SetResult, configs: &[Config], default: usize, width: usize) -> String {
    let mut types: Vec<&str> = set
        .records
        .first()
        .map_or(Vec::new(), |rs| rs.iter().filter_map(|r| r.page_type.as_deref()).collect());
    types.sort_unstable();
    types.dedup();
    let mut out = String::new();
    if types.is_empty() {
        return out;
    }
    let _ = writeln!(out, "  by page type (shingle F1 / P / R, empty pages):");
    for (c, config) in configs.iter().enumerate() {
        let mark = if c == default { "*" } else { " " };
        let _ = writeln!(out, "{mark} {}", config.label());
        for t in &types {
            let records: Vec<PageRecord> = set.records[c]
                .iter()
                .filter(|r| r.page_type.as_deref() == Some(*t))
                .cloned()
                .collect();
            let s = Summary::of(&records);
            let _ = writeln!(
                out,
                "    {:<w$} {:>4} pages   F1 {:.3}  P {:.3}  R {:.3}   empty {}",
                t,
                s.pages,
                s.shingle.f1,
                s.shingle.precision,
                s.shingle.recall,
                s.empty,
                w = width.saturating_sub(2)
            );
        }
    }
    out
}

/// The whole report: a table a set, the worst pages when asked, then a summary table.
pub fn render(results: &[SetResult], configs: &[Config], default: usize, worst: usize) -> String {
    let mut out = String::new();
    let width = configs.iter().map(|c| c.label().len()).max().unwrap_or(0).max(13) + 2;
    for set in results {
        let pages = set.records.first().map_or(0, |r| r.len());
        let bytes =
            set.records.first().map_or(0, |r| r.iter().map(|p| p.bytes as u64).sum::<u64>());
        let _ = writeln!(
            out,
            "\n{}: {} pages, {:.1} MB{}",
            set.name,
            pages,
            bytes as f64 / 1e6,
            if set.skipped.is_empty() {
                String::new()
            } else {
                format!(", {} skipped", set.skipped.len())
            }
        );
        let _ = writeln!(
            out,
            "  {:<width$} {:>6} {:>6} {:>6}   {:>6} {:>6} {:>6}   {:>7} {:>5} {:>6}",
            "configuration",
            "LCS P",
            "LCS R",
            "LCS F1",
            "Sh P",
            "Sh R",
            "Sh F1",
            "MB/s",
            "empty",
            "failed"
        );
        for (c, config) in configs.iter().enumerate() {
            let s = Summary::of(&set.records[c]);
            let mark = if c == default { "*" } else { " " };
            let _ = writeln!(
                out,
                "{mark} {:<width$} {:>6.3} {:>6.3} {:>6.3}   {:>6.3} {:>6.3} {:>6.3}   {:>7.2} {:>5} {:>6}",
                config.label(),
                s.lcs.precision,
                s.lcs.recall,
                s.lcs.f1,
                s.shingle.precision,
                s.shingle.recall,
                s.shingle.f1,
                s.mb_per_s(),
                s.empty,
                s.failed
            );
        }
        out.push_str(&page_type_table(set, configs, default, width));
        if worst > 0 {
            for (c, config) in configs.iter().enumerate() {
                let mut recs: Vec<&PageRecord> = set.records[c].iter().collect();
                recs.sort_by(|a, b| {
                    a.shingle_prf.f1.total_cmp(&b.shingle_prf.f1).then_with(|| a.id.cmp(&b.id))
                });
                let _ = writeln!(
                    out,
                    "  worst {} by shingle F1, {}:",
                    worst.min(recs.len()),
                    config.label()
                );
                for r in recs.iter().take(worst) {
                    let why = match (&r.error, &r.reason) {
                        (Some(e), _) => format!("  [panic: {e}]"),
                        (None, Some(reason)) => format!("  [{reason}]"),
                        _ => String::new(),
                    };
                    let _ = writeln!(
                        out,
                        "    F1 {:.3}  P {:.3}  R {:.3}  LCS F1 {:.3}  tokens gold {:>6} out {:>6}  {}{why}",
                        r.shingle_prf.f1, r.shingle_prf.precision, r.shingle_prf.recall, r.lcs.f1, r.gold_tokens, r.output_tokens, r.id
                    );
                }
            }
        }
    }

    // Headline accuracy on the sets whose index gives titles (the default configuration's
    // preprocessing, else the first configuration's).
    let hc = if default < configs.len() { default } else { 0 };
    let headlines: Vec<(&str, Vec<&[super::headline::HeadlineScore]>)> = results
        .iter()
        .map(|r| {
            (
                r.name.as_str(),
                r.records.get(hc).map_or(Vec::new(), |rs| {
                    rs.iter().map(|p| p.headline.as_slice()).filter(|h| !h.is_empty()).collect()
                }),
            )
        })
        .collect();
    out.push_str(&super::headline::headline_table(&headlines));
    // Each set, then its halves when it annotates any of the fields.
    let mut metadata: Vec<(String, Vec<&super::metadata::MetadataScore>)> = Vec::new();
    for r in results {
        let records = r.records.get(hc).map_or(&[][..], Vec::as_slice);
        metadata.push((r.name.clone(), records.iter().map(|p| &p.metadata).collect()));
        let m = |p: &&PageRecord| {
            let s = &p.metadata;
            s.headline.is_some() || s.byline_f1.is_some() || s.published_exact.is_some()
        };
        if records.iter().any(|p| m(&p)) {
            for (even, half) in [(true, "even"), (false, "odd")] {
                let pages = records
                    .iter()
                    .enumerate()
                    .filter(|(k, p)| super::metadata::is_even_half(&p.id, *k) == even)
                    .map(|(_, p)| &p.metadata)
                    .collect();
                metadata.push((format!("{} {half}", r.name), pages));
            }
        }
    }
    out.push_str(&super::metadata::metadata_table(&metadata));

    out.push_str(&paragraph_table(results, configs, default, width));

    // Summary: shingle F1 per set side by side, the macro average of the target sets, and the
    // throughput over all pages.
    let names: Vec<&str> = results.iter().map(|r| r.name.as_str()).collect();
    let col = |n: &str| n.len().max(6);
    let _ = write!(out, "\nshingle F1 by set\n  {:<width$}", "configuration");
    for n in &names {
        let _ = write!(out, " {:>w$}", n, w = col(n));
    }
    let present = results.iter().filter(|r| MACRO_SETS.contains(&r.name.as_str())).count();
    let macro_name = if present == MACRO_SETS.len() {
        "macro4".to_string()
    } else {
        format!("macro{present}of4")
    };
    if present > 0 {
        let _ = write!(out, " {:>8}", macro_name);
    }
    let _ = writeln!(out, " {:>7} {:>7} {:>8}", "MB/s", "wall", "LCS F1");
    for (c, config) in configs.iter().enumerate() {
        let mark = if c == default { "*" } else { " " };
        let _ = write!(out, "{mark} {:<width$}", config.label());
        for (set, n) in results.iter().zip(&names) {
            let _ = write!(out, " {:>w$.3}", Summary::of(&set.records[c]).shingle.f1, w = col(n));
        }
        if let Some((m, _)) = macro_shingle_f1(results, c) {
            let _ = write!(out, " {:>8.3}", m);
        }
        let all: Vec<PageRecord> =
            results.iter().flat_map(|r| r.records[c].iter().cloned()).collect();
        let s = Summary::of(&all);
        // LCS F1 here is the mean over sets of each set's macro average.
        let lcs = results.iter().map(|r| Summary::of(&r.records[c]).lcs.f1).sum::<f64>()
            / results.len().max(1) as f64;
        let _ = writeln!(out, " {:>7.2} {:>7.2} {:>8.3}", s.mb_per_s(), s.wall_mb_per_s(), lcs);
    }
    if present > 0 {
        let _ = writeln!(
            out,
            "  {macro_name}: mean shingle F1 over {} (issue #2 target: >= 0.85, and >= 0.93 on r2l)",
            MACRO_SETS.iter().filter(|m| names.contains(m)).copied().collect::<Vec<_>>().join(", ")
        );
    }
    let _ = writeln!(out, "  * = the default configuration; MB/s = page bytes (all sets) / single-thread decode + extract");
    let _ = writeln!(out, "  time, thread CPU time (wall: wall-clock time, lower when other processes share the cores);");
    let _ = writeln!(out, "  LCS F1 = mean over the sets of each set's page average");
    out
}

/// The gold's paragraphs kept whole, of those kept (`metrics::paragraphs`), a set a column
/// and, for a set whose index gives page types, a line a type.
fn paragraph_table(
    results: &[SetResult],
    configs: &[Config],
    default: usize,
    width: usize,
) -> String {
    let share = |records: &[PageRecord]| match metrics::whole_share(
        records.iter().map(|r| &r.paragraphs),
    ) {
        Some((share, whole, kept)) => format!("{share:.4} ({whole}/{kept})"),
        None => "-".to_string(),
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "\ngold paragraphs kept whole, of those kept (lines of {}+ words; whole/kept)",
        metrics::PARAGRAPH_TOKENS
    );
    for (c, config) in configs.iter().enumerate() {
        let mark = if c == default { "*" } else { " " };
        let _ = writeln!(out, "{mark} {}", config.label());
        for set in results {
            let _ = writeln!(
                out,
                "    {:<w$} {}",
                set.name,
                share(&set.records[c]),
                w = width.saturating_sub(2)
            );
            let mut types: Vec<&str> =
                set.records[c].iter().filter_map(|r| r.page_type.as_deref()).collect();
            types.sort_unstable();
            types.dedup();
            for t in types {
                let records: Vec<PageRecord> = set.records[c]
                    .iter()
                    .filter(|r| r.page_type.as_deref() == Some(t))
                    .cloned()
                    .collect();
                let _ = writeln!(
                    out,
                    "      {:<w$} {}",
                    t,
                    share(&records),
                    w = width.saturating_sub(4)
                );
            }
        }
    }
    out
}
