//! Direction and language on every page of the r2l corpus set, one test per page.
//!
//! The expected language is the `lang` of the set's index; every r2l language (Arabic, Persian,
//! Urdu) is written right to left. The detector is also checked alone, on the extracted text,
//! since most pages declare their language. A missing page is skipped with a note; a missing set fails.

use std::path::PathBuf;

use dana::lang::ScriptCounts;
use dana::{Dir, Options};

#[path = "support/corpus.rs"]
mod corpus_support;
use corpus_support::corpus_dir;

fn corpus() -> PathBuf {
    corpus_dir()
}

/// The index entry of `id`; panics when the r2l set itself is absent.
fn entry(id: &str) -> serde_json::Value {
    let index = corpus().join("r2l/index.jsonl");
    let text = std::fs::read_to_string(&index).unwrap_or_else(|e| panic!("the r2l set is absent ({}): {e}", index.display()));
    text.lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .find(|v| v["id"] == id)
        .unwrap_or_else(|| panic!("{id} is not in {}", index.display()))
}

fn check(id: &str) {
    let e = entry(id);
    let path = corpus().join("r2l/pages").join(format!("{id}.html"));
    let Ok(bytes) = std::fs::read(&path) else {
        println!("note: {} missing, skipped", path.display());
        return;
    };
    let (html, _) = dana::decode(&bytes, None);
    let url = e["url"].as_str().filter(|u| !u.is_empty()).map(str::to_string);
    let out = dana::extract(&html, &Options { url, ..Options::default() });
    let want = e["lang"].as_str().expect("r2l index entries have a lang");
    let primary = out.lang.split('-').next().unwrap_or_default();
    println!("{id}: lang {} ({}), dir {:?}", out.lang, out.lang_source, out.dir);
    assert_eq!(primary, want, "{id}: language (decided by {})", out.lang_source);
    assert_eq!(out.dir, Dir::Rtl, "{id}: direction");
    // The detector alone, without the page's declarations, must agree too.
    let detected = dana::lang::detect(&out.text, &ScriptCounts::of(&out.text)).map(|d| d.lang);
    println!("{id}: detector alone says {detected:?}");
    assert_eq!(detected, Some(want), "{id}: detection from the extracted text");
}

#[test]
fn the_r2l_set_is_present_and_every_page_has_a_test() {
    let index = corpus().join("r2l/index.jsonl");
    let text = std::fs::read_to_string(&index).unwrap_or_else(|e| panic!("the r2l set is absent ({}): {e}", index.display()));
    let ids: Vec<String> =
        text.lines().filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok()).filter_map(|v| v["id"].as_str().map(str::to_string)).collect();
    let present = ids.iter().filter(|id| corpus().join("r2l/pages").join(format!("{id}.html")).exists()).count();
    assert!(present >= 1, "no r2l page is present");
    for id in &ids {
        assert!(PAGES.contains(&id.as_str()), "r2l page {id} has no test here: add it to `pages!`");
    }
}

macro_rules! pages {
    ($($name:ident => $id:literal),* $(,)?) => {
        const PAGES: &[&str] = &[$($id),*];
        $(#[test] fn $name() { check($id); })*
    };
}

pages! {
    ar_akhbarelyom => "ar-akhbarelyom",
    ar_almadenahnews => "ar-almadenahnews",
    ar_assabah => "ar-assabah",
    ar_cnnarabic => "ar-cnnarabic",
    ar_lbcgroup => "ar-lbcgroup",
    ar_youm7 => "ar-youm7",
    fa_khabaronline => "fa-khabaronline",
    ur_naibaat => "ur-naibaat",
}
