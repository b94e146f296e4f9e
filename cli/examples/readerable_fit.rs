//! Fits the logistic model of `dana::test_api::meta::readerable` on a set whose index gives `page_type`
//! (the modern set): article, documentation, forum and blog pages against product, listing
//! and collection pages (service pages are neither). Prints the 5-fold cross-validated ROC AUC
//! (each fold scored by a model fitted on the other four), then the weights fitted on all
//! pages, as the constants to paste into src/meta.rs.
//!
//! Run: `cargo run --release -p dana-cli --example readerable_fit -- SET_DIR`

use std::path::Path;

use dana::test_api::meta::{reader_features, ReaderFeatures};
use dana::Options;
use dana_cli::eval::corpus::CorpusSet;
use dana_cli::eval::metadata::{roc_auc, NOT_READER_TYPES, READER_TYPES};

fn features(f: &ReaderFeatures) -> [f64; 6] {
    [f.share, f.log_words, f.log_paragraphs, f.list_share, f.declared_article, f.declared_shop]
}

/// Logistic regression by gradient descent, with a little L2 regularisation so that the
/// weights of rare features stay moderate: (bias, weights).
fn fit(rows: &[([f64; 6], bool)]) -> (f64, [f64; 6]) {
    let (mut b, mut w) = (0.0, [0.0; 6]);
    let n = rows.len() as f64;
    for _ in 0..20_000 {
        let (mut gb, mut gw) = (0.0, [0.0; 6]);
        for (x, y) in rows {
            let p = predict(b, &w, x);
            let e = p - if *y { 1.0 } else { 0.0 };
            gb += e;
            for k in 0..6 {
                gw[k] += e * x[k];
            }
        }
        b -= 0.5 * gb / n;
        for k in 0..6 {
            w[k] -= 0.5 * (gw[k] / n + 0.01 * w[k]);
        }
    }
    (b, w)
}

fn predict(b: f64, w: &[f64; 6], x: &[f64; 6]) -> f64 {
    let z = b + w.iter().zip(x).map(|(w, x)| w * x).sum::<f64>();
    1.0 / (1.0 + (-z).exp())
}

fn main() -> Result<(), String> {
    let dir = std::env::args().nth(1).ok_or("usage: readerable_fit SET_DIR")?;
    let set = CorpusSet::open(Path::new(&dir), &mut Vec::new())?;
    let options = Options::default();
    let mut rows = Vec::new();
    for e in &set.entries {
        let label = match e.page_type.as_deref() {
            Some(t) if READER_TYPES.contains(&t) => true,
            Some(t) if NOT_READER_TYPES.contains(&t) => false,
            _ => continue,
        };
        let Ok(bytes) = std::fs::read(set.page_path(&e.id)) else { continue };
        let (html, _) = dana::decode(&bytes, None);
        let ex = dana::extract(&html, &options);
        // The page as `extract` read it, for the sum of T1.
        let html = dana::test_api::tokenize::normalise_newlines(&html);
        let page = dana::test_api::fallback::page(&html, &options);
        let (t1, _) = dana::test_api::density::counts(&page, options.algorithm);
        let f = reader_features(
            &page,
            &ex.blocks,
            &ex.text,
            dana::test_api::words::word_count(&ex.text),
            t1.iter().map(|&c| u64::from(c)).sum(),
        );
        rows.push((features(&f), label));
    }
    let mut scored = Vec::new();
    for fold in 0..5 {
        let train: Vec<_> =
            rows.iter().enumerate().filter(|(i, _)| i % 5 != fold).map(|(_, r)| *r).collect();
        let (b, w) = fit(&train);
        scored.extend(
            rows.iter()
                .enumerate()
                .filter(|(i, _)| i % 5 == fold)
                .map(|(_, (x, y))| (predict(b, &w, x), *y)),
        );
    }
    println!(
        "{} pages ({} reader types); 5-fold cross-validated ROC AUC {:.3}",
        rows.len(),
        rows.iter().filter(|r| r.1).count(),
        roc_auc(&scored).unwrap_or(f64::NAN)
    );
    let (b, w) = fit(&rows);
    println!("const READERABLE_BIAS: f64 = {b:.3};");
    println!(
        "const READERABLE_WEIGHTS: [f64; 6] = [{}];",
        w.iter().map(|w| format!("{w:.3}")).collect::<Vec<_>>().join(", ")
    );
    Ok(())
}
