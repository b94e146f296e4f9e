//! Per page, what `extract` reports above the article beside what the index annotates, one
//! JSON line a page: the list behind the metadata table of `dana eval`, for finding which
//! pages miss and why. Same options and scoring as `dana eval` (default options, the index's URL).
//! Each line also carries the headlines the page declares (`title::declared`, as
//! `title::choose` sees them) and its `h1`s, the candidates the headline is chosen among.
//!
//! Run: `cargo run --release -p dana-cli --example metadata_dump -- SET_DIR... > dump.jsonl`

use std::path::Path;

use dana_cli::eval::corpus::CorpusSet;
use dana_cli::eval::metadata::score_page;

fn main() -> Result<(), String> {
    let sets: Vec<String> = std::env::args().skip(1).collect();
    if sets.is_empty() {
        return Err("usage: metadata_dump SET_DIR...".into());
    }
    for dir in &sets {
        let mut notes = Vec::new();
        let set = CorpusSet::open(Path::new(dir), &mut notes)?;
        let annotates_authors = set.entries.iter().any(|e| e.author.is_some());
        for e in &set.entries {
            let Ok(bytes) = std::fs::read(set.page_path(&e.id)) else { continue };
            let (html, _) = dana::decode(&bytes, None);
            let options = dana::Options {
                url: e.url.clone().filter(|u| !u.is_empty()),
                ..dana::Options::default()
            };
            let ex = dana::extract(&html, &options);
            let html = dana::test_api::tokenize::normalise_newlines(&html);
            let page = dana::test_api::fallback::page(&html, &options);
            let declared = dana::test_api::title::declared(&page);
            let declared: Vec<[&str; 2]> =
                declared.iter().map(|d| [d.rule, d.text.as_str()]).collect();
            let h1s: Vec<String> = dana::test_api::title::headings(&page)
                .into_iter()
                .filter(|h| h.0 == 1)
                .map(|h| h.1)
                .collect();
            // Whether each `h1` stands in the extracted article (its words in the article's text),
            // or outside it (a site's logo, a hero banner, a sidebar).
            let article_words = dana::test_api::words::headline_words(&ex.text).join(" ");
            let h1_in_article: Vec<bool> = h1s
                .iter()
                .map(|h| {
                    let w = dana::test_api::words::headline_words(h).join(" ");
                    !w.is_empty() && article_words.contains(&w)
                })
                .collect();
            // TitleFinder's own ranked fragments (the body candidates `choose` looks at after
            // the `h1`s) and the site's declared name, for grouping the misses.
            let found = dana::test_api::title::find(
                &page,
                &dana::test_api::title::fragments(&page),
                options.title_metric,
            );
            let candidates: Vec<&str> = found.candidates.iter().map(|c| c.text.as_str()).collect();
            let site_name: Vec<String> =
                page.head.meta_contents(&["property", "name"], "og:site_name").collect();
            let s = score_page(&ex, e, annotates_authors);
            let line = serde_json::json!({
                "set": set.name, "id": e.id, "url": e.url,
                "gold_title": e.title, "title": ex.title, "title_rule": ex.title_rule,
                "declared": declared, "h1s": h1s, "h1_in_article": h1_in_article,
                "candidates": candidates, "found": found.text, "site_name": site_name,
                "gold_author": e.author, "byline": ex.byline,
                "gold_published": e.published, "published": ex.published, "modified": ex.modified,
                "score": s,
            });
            println!("{line}");
        }
    }
    Ok(())
}
