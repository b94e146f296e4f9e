//! Direction and language on every page of the r2l corpus set, one test per page.
//!
//! The expected language is the `lang` of the set's index; every r2l language (Arabic, Persian,
//! Urdu) is written right to left. The detector is also checked alone, on the extracted text,
//! since most pages declare their language. A missing page is skipped with a note; a missing set fails.

use std::path::PathBuf;

use dana::test_api::words::ScriptCounts;
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
    let text = std::fs::read_to_string(&index)
        .unwrap_or_else(|e| panic!("the r2l set is absent ({}): {e}", index.display()));
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
    let detected =
        dana::test_api::lang::detect(&out.text, &ScriptCounts::of(&out.text)).map(|d| d.lang);
    println!("{id}: detector alone says {detected:?}");
    assert_eq!(detected, Some(want), "{id}: detection from the extracted text");
}

#[test]
fn the_r2l_set_is_present_and_every_page_has_a_test() {
    let index = corpus().join("r2l/index.jsonl");
    let text = std::fs::read_to_string(&index)
        .unwrap_or_else(|e| panic!("the r2l set is absent ({}): {e}", index.display()));
    let ids: Vec<String> = text
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter_map(|v| v["id"].as_str().map(str::to_string))
        .collect();
    let present = ids
        .iter()
        .filter(|id| corpus().join("r2l/pages").join(format!("{id}.html")).exists())
        .count();
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

/// A block written in another script than the article carries its own language (`Block::lang`,
/// the element's `lang`), told apart within the Arabic script as the article's is; short
/// foreign words and same-script blocks stay in the article's language.
#[test]
fn a_block_in_another_script_carries_its_language() {
    let page = r#"<html lang="en"><head><title>A mixed article</title></head><body><article><h1>A mixed article</h1>
<p>This English article quotes a line of Arabic and a Persian sentence, each in its own paragraph below, so that a reader hears them in their own voices.</p>
<blockquote><p>هذه مقالة قصيرة مكتوبة باللغة العربية لاختبار عرض القارئ وهي تكتب عادة بخط النسخ.</p></blockquote>
<p>The Persian sentence follows, with more English words around it so that the article stays English overall, and a name: محمد.</p>
<p>ما هم برای این آزمایش یک جمله فارسی نوشتیم که خواننده باید آن را با صدای فارسی بخواند.</p>
<p>Une phrase en français reste dans la langue de l'article, car elle est écrite avec les mêmes lettres.</p>
<p>And the article ends in English again, with a final sentence of ordinary words about reading and listening.</p></article></body></html>"#;
    let out = dana::extract(page, &Options::default());
    let langs: Vec<(Option<&str>, &str)> = out
        .blocks
        .iter()
        .map(|b| {
            (b.lang, &b.text[..b.text.char_indices().nth(12).map_or(b.text.len(), |(i, _)| i)])
        })
        .collect();
    println!("{langs:?}");
    assert_eq!(out.lang, "en");
    let by_text = |start: &str| {
        out.blocks
            .iter()
            .find(|b| b.text.starts_with(start))
            .unwrap_or_else(|| panic!("no block starts with {start}"))
    };
    assert_eq!(by_text("هذه").lang, Some("ar"));
    assert_eq!(by_text("هذه").dir, Some(Dir::Rtl));
    assert_eq!(by_text("ما هم").lang, Some("fa"));
    assert_eq!(by_text("The Persian").lang, None, "a name in passing does not change the language");
    assert_eq!(by_text("Une phrase").lang, None, "same script: the article's language");
    assert!(out.html.contains(r#"dir="rtl" lang="ar">هذه"#), "{}", out.html);
    assert!(out.html.contains(r#"dir="rtl" lang="fa">ما هم"#), "{}", out.html);
    // And the other way: an English paragraph in a Persian article.
    let fa = r#"<html lang="fa" dir="rtl"><head><title>مقاله</title></head><body><article><h1>یک مقاله فارسی</h1>
<p>ما هم برای این آزمایش یک جمله فارسی نوشتیم که خواننده باید آن را با صدای فارسی بخواند و این جمله بلندتر است.</p>
<p>This paragraph is written in English inside a Persian article and should be read by an English voice.</p>
<p>و مقاله با یک جمله فارسی دیگر تمام می‌شود که درباره خواندن و شنیدن متن است و کمی طولانی‌تر است.</p></article></body></html>"#;
    let out = dana::extract(fa, &Options::default());
    assert_eq!(out.lang.split('-').next(), Some("fa"));
    let en = out
        .blocks
        .iter()
        .find(|b| b.text.starts_with("This paragraph"))
        .expect("the English paragraph");
    assert_eq!((en.lang, en.dir), (Some("en"), Some(Dir::Ltr)));
    assert!(out.blocks.iter().filter(|b| b.text.starts_with("ما هم")).all(|b| b.lang.is_none()));
}
