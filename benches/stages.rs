//! Criterion benchmarks of every pipeline stage on its own and of the whole extraction, for
//! each algorithm, on a fixed sample of corpus pages (issue #6).
//!
//! Run: `cargo bench --bench stages` (about five minutes). Each benchmark times one stage over the
//! whole sample, so Criterion's throughput is the stage's MB/s; the table printed at the end
//! adds the time per page. Every stage's input is prepared outside the timed loop, and every
//! benchmark checks once, before timing, that its answer is non-empty.
//!
//! Bytes are the decoded page's UTF-8 bytes (what `dana::extract` reads), except for `decode`,
//! whose input is the raw bytes as stored.

mod common;

use common::{html_bytes, sample, CorpusPage};
use criterion::{BatchSize, Criterion, Throughput};
// The stages' items are reached through `dana::test_api` (the dev-dependency enables it).
use dana::test_api::preprocess::{Page, Preprocessing};
use dana::test_api::{blocks, density, lang, meta, regions, render, sentences, title};
use dana::{Algorithm, Block, Options, Region};
use std::hint::black_box;
use std::time::{Duration, SystemTime};

/// Pages per corpus set for the per-stage benchmarks.
const STAGE_PAGES_PER_SET: usize = 8;
/// Pages per corpus set for the end-to-end benchmarks.
const E2E_PAGES_PER_SET: usize = 40;

/// Every intermediate result of the pipeline for one page, computed once outside the timing.
struct Prepared<'a> {
    page: Page<'a>,
    t1: Vec<u32>,
    t2: Vec<u32>,
    /// Regions before Algorithm 1 ran.
    found: Vec<Region>,
    chosen: Vec<bool>,
    blocks: Vec<Block>,
    /// The plain text of `blocks` and the headline, which the language stage reads.
    text: String,
    title: String,
    /// The text fragments, which `extract` makes once for TitleFinder and the metadata.
    fragments: Vec<title::Fragment>,
}

fn prepare<'a>(p: &'a CorpusPage, options: &Options) -> Prepared<'a> {
    let algorithm = options.algorithm;
    let page = Page::parse(&p.html, Preprocessing::of(options));
    let (t1, t2) = density::counts(&page, algorithm);
    let found = density::candidate_regions(&density::smooth(&t1, &t2), &t1);
    let mut chosen_regions = found.clone();
    regions::choose(&mut chosen_regions, options.effective_gap(), None, options.cluster);
    let chosen = regions::chosen_lines(&chosen_regions, &t1, &t2, options.edges);
    let blocks = blocks::build(&page, &chosen, options, &blocks::Structure::of(&page));
    let text = render::text(&blocks);
    let fragments = title::fragments(&page);
    let title = title::find(&page, &fragments, options.title_metric).text;
    Prepared { page, t1, t2, found, chosen, blocks, text, title, fragments }
}

/// What the metadata stage is told in `extract`: here the headline only (no URL, no language).
fn meta_context<'a>(p: &'a Prepared) -> meta::Context<'a> {
    meta::Context { headline: &p.title, fragments: &p.fragments, ..meta::Context::default() }
}

/// Fails the run when a stage answered nothing on every page of the sample.
fn check(stage: &str, algorithm: Algorithm, non_empty: usize, total: usize) {
    println!(
        "check {}/{stage}: non-empty answer on {non_empty} of {total} pages",
        algorithm.name()
    );
    assert!(non_empty > 0, "{}/{stage} answered nothing on all {total} pages", algorithm.name());
}

/// The configuration shared by all groups: short, so the whole run stays within minutes.
fn configure<M: criterion::measurement::Measurement>(
    g: &mut criterion::BenchmarkGroup<'_, M>,
    bytes: u64,
) {
    g.throughput(Throughput::Bytes(bytes));
    g.sample_size(10);
    g.warm_up_time(Duration::from_millis(500));
    g.measurement_time(Duration::from_secs(2));
}

/// (group, benchmark, pages, bytes) of everything registered, for the closing table.
type Registered = Vec<(String, String, usize, u64)>;

fn stage_benches(
    c: &mut Criterion,
    pages: &[CorpusPage],
    algorithm: Algorithm,
    reg: &mut Registered,
) {
    let options = Options { algorithm, ..Options::default() };
    let gap = options.effective_gap();
    let prepared: Vec<Prepared> = pages.iter().map(|p| prepare(p, &options)).collect();
    let n = pages.len();
    let bytes = html_bytes(pages);
    let raw_bytes: u64 = pages.iter().map(|p| p.bytes.len() as u64).sum();
    let group_name = format!("stages_{}", algorithm.name());
    let mut g = c.benchmark_group(&group_name);
    let mut add = |name: &str, b: u64| reg.push((group_name.clone(), name.to_string(), n, b));

    // Decoding does not depend on the algorithm: benchmarked once, with the default.
    if algorithm == Algorithm::Addanag {
        check(
            "decode",
            algorithm,
            pages.iter().filter(|p| !dana::decode(&p.bytes, None).0.is_empty()).count(),
            n,
        );
        g.throughput(Throughput::Bytes(raw_bytes));
        g.sample_size(10);
        g.warm_up_time(Duration::from_millis(500));
        g.measurement_time(Duration::from_secs(2));
        g.bench_function("decode", |b| {
            b.iter(|| {
                for p in pages {
                    black_box(dana::decode(black_box(&p.bytes), None));
                }
            })
        });
        add("decode", raw_bytes);
    }
    configure(&mut g, bytes);

    check("preprocess", algorithm, prepared.iter().filter(|p| !p.page.lines.is_empty()).count(), n);
    g.bench_function("preprocess", |b| {
        b.iter(|| {
            for p in pages {
                black_box(Page::parse(black_box(&p.html), Preprocessing::of(&options)));
            }
        })
    });
    add("preprocess", bytes);

    check(
        "phase1_counts",
        algorithm,
        prepared.iter().filter(|p| p.t1.iter().any(|&v| v > 0)).count(),
        n,
    );
    g.bench_function("phase1_counts", |b| {
        b.iter(|| {
            for p in &prepared {
                black_box(density::counts(black_box(&p.page), algorithm));
            }
        })
    });
    add("phase1_counts", bytes);

    check(
        "phase2_smooth_regions",
        algorithm,
        prepared.iter().filter(|p| !p.found.is_empty()).count(),
        n,
    );
    g.bench_function("phase2_smooth_regions", |b| {
        b.iter(|| {
            for p in &prepared {
                let diff = density::smooth(black_box(&p.t1), black_box(&p.t2));
                black_box(density::candidate_regions(&diff, &p.t1));
            }
        })
    });
    add("phase2_smooth_regions", bytes);

    let chose_any = |p: &Prepared| {
        let mut r = p.found.clone();
        regions::choose(&mut r, gap, None, options.cluster);
        r.iter().any(|r| r.chosen)
    };
    check("phase3_choose", algorithm, prepared.iter().filter(|p| chose_any(p)).count(), n);
    g.bench_function("phase3_choose", |b| {
        b.iter_batched_ref(
            || prepared.iter().map(|p| p.found.clone()).collect::<Vec<_>>(),
            |all| {
                for r in all.iter_mut() {
                    regions::choose(black_box(r), gap, None, options.cluster);
                }
            },
            BatchSize::SmallInput,
        )
    });
    add("phase3_choose", bytes);

    check("phase4_blocks", algorithm, prepared.iter().filter(|p| !p.blocks.is_empty()).count(), n);
    g.bench_function("phase4_blocks", |b| {
        b.iter(|| {
            for p in &prepared {
                black_box(blocks::build(
                    black_box(&p.page),
                    &p.chosen,
                    &Options { algorithm, ..Options::default() },
                    &blocks::Structure::of(&p.page),
                ));
            }
        })
    });
    add("phase4_blocks", bytes);

    check(
        "render",
        algorithm,
        prepared.iter().filter(|p| !render::text(&p.blocks).is_empty()).count(),
        n,
    );
    g.bench_function("render", |b| {
        b.iter(|| {
            for p in &prepared {
                black_box(render::text(black_box(&p.blocks)));
                black_box(render::html(black_box(&p.blocks)));
            }
        })
    });
    add("render", bytes);

    // What `extract` does besides phases 1 to 4, stage by stage: headline, metadata, language
    // and direction, read-aloud sentences. Each is a function of the page and the blocks.
    let titles = prepared.iter().filter(|p| !p.title.is_empty()).count();
    check("title", algorithm, titles, n);
    g.bench_function("title", |b| {
        b.iter(|| {
            for p in &prepared {
                // The fragments are TitleFinder's first step (5.3.1), timed with it.
                let page = black_box(&p.page);
                black_box(title::find(page, &title::fragments(page), options.title_metric));
            }
        })
    });
    add("title", bytes);

    let metas = prepared
        .iter()
        .filter(|p| {
            let m = meta::find(&p.page, meta_context(p), &p.blocks);
            m.byline.is_some()
                || m.site_name.is_some()
                || m.published.is_some()
                || m.lead_image.is_some()
                || m.excerpt.is_some()
        })
        .count();
    check("meta", algorithm, metas, n);
    g.bench_function("meta", |b| {
        b.iter(|| {
            for p in &prepared {
                black_box(meta::find(black_box(&p.page), meta_context(p), &p.blocks));
            }
        })
    });
    add("meta", bytes);

    check(
        "lang",
        algorithm,
        prepared
            .iter()
            .filter(|p| !lang::decide(&p.page, &p.blocks, &p.text, &p.title).lang.is_empty())
            .count(),
        n,
    );
    g.bench_function("lang", |b| {
        b.iter(|| {
            for p in &prepared {
                black_box(lang::decide(black_box(&p.page), &p.blocks, &p.text, &p.title));
            }
        })
    });
    add("lang", bytes);

    let with_sentences =
        prepared.iter().filter(|p| !sentences::of_blocks(&p.blocks, "en").is_empty()).count();
    check("sentences", algorithm, with_sentences, n);
    g.bench_function("sentences", |b| {
        b.iter(|| {
            for p in &prepared {
                black_box(sentences::of_blocks(black_box(&p.blocks), black_box("en")));
            }
        })
    });
    add("sentences", bytes);

    let e2e_answers =
        pages.iter().filter(|p| !dana::extract(&p.html, &options).text.is_empty()).count();
    check("extract", algorithm, e2e_answers, n);
    g.bench_function("extract", |b| {
        b.iter(|| {
            for p in pages {
                black_box(dana::extract(black_box(&p.html), &options));
            }
        })
    });
    add("extract", bytes);
    g.finish();
}

fn end_to_end(c: &mut Criterion, pages: &[CorpusPage], reg: &mut Registered) {
    let bytes = html_bytes(pages);
    let mut g = c.benchmark_group("end_to_end");
    configure(&mut g, bytes);
    g.measurement_time(Duration::from_secs(5));
    for algorithm in Algorithm::ALL {
        let options = Options { algorithm, ..Options::default() };
        let answers =
            pages.iter().filter(|p| !dana::extract(&p.html, &options).text.is_empty()).count();
        check("end_to_end", algorithm, answers, pages.len());
        g.bench_function(algorithm.name(), |b| {
            b.iter(|| {
                for p in pages {
                    black_box(dana::extract(black_box(&p.html), &options));
                }
            })
        });
        reg.push(("end_to_end".into(), algorithm.name().into(), pages.len(), bytes));
    }
    g.finish();
}

/// Where Criterion writes its estimates, by Criterion's own rule: `$CRITERION_HOME`, else
/// `$CARGO_TARGET_DIR/criterion`, else under `cargo bench` the package's target directory, else
/// `target/criterion` below the working directory (the binary run by hand).
fn criterion_dir() -> std::path::PathBuf {
    if let Some(d) = std::env::var_os("CRITERION_HOME") {
        return d.into();
    }
    if let Some(d) = std::env::var_os("CARGO_TARGET_DIR") {
        return std::path::PathBuf::from(d).join("criterion");
    }
    if std::env::var_os("CARGO").is_some() {
        return std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("target")
            .join("criterion");
    }
    std::path::PathBuf::from("target").join("criterion")
}

/// The closing table: median time per run of the whole sample, per page, and MB/s, read from
/// the estimates Criterion wrote during this run (benchmarks filtered out are left out).
fn print_table(reg: &Registered, started: SystemTime) {
    println!();
    println!(
        "{:<16} {:<22} {:>6} {:>10} {:>12} {:>12} {:>9}",
        "group", "benchmark", "pages", "MB", "median ms", "us/page", "MB/s"
    );
    for (group, bench, n, bytes) in reg {
        let path = criterion_dir().join(group).join(bench).join("new").join("estimates.json");
        let fresh = std::fs::metadata(&path).and_then(|m| m.modified()).is_ok_and(|t| t >= started);
        if !fresh {
            continue;
        }
        let Some(ns) = std::fs::read_to_string(&path)
            .ok()
            .and_then(|s| serde_json::from_str::<serde_json::Value>(&s).ok())
            .and_then(|v| v["median"]["point_estimate"].as_f64())
        else {
            continue;
        };
        let secs = ns / 1e9;
        println!(
            "{:<16} {:<22} {:>6} {:>10.2} {:>12.3} {:>12.1} {:>9.1}",
            group,
            bench,
            n,
            *bytes as f64 / 1e6,
            secs * 1e3,
            secs * 1e6 / *n as f64,
            *bytes as f64 / 1e6 / secs
        );
    }
}

fn main() {
    let started = SystemTime::now();
    let stage_pages = sample(STAGE_PAGES_PER_SET, 20);
    let e2e_pages = sample(E2E_PAGES_PER_SET, 50);
    println!(
        "corpus {}: {} pages ({:.2} MB) for the stages, {} pages ({:.2} MB) end to end",
        common::corpus_dir().display(),
        stage_pages.len(),
        html_bytes(&stage_pages) as f64 / 1e6,
        e2e_pages.len(),
        html_bytes(&e2e_pages) as f64 / 1e6
    );
    let mut c = Criterion::default().configure_from_args();
    let mut reg = Registered::new();
    for algorithm in Algorithm::ALL {
        stage_benches(&mut c, &stage_pages, algorithm, &mut reg);
    }
    end_to_end(&mut c, &e2e_pages, &mut reg);
    c.final_summary();
    print_table(&reg, started);
}
