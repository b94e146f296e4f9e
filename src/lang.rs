//! Direction and language of the main content.
//!
//! **Direction** comes from the script of the main content itself: the share of strong
//! right-to-left letters (Arabic, Hebrew, Syriac, Thaana, N'Ko) among all strong letters
//! (letters of any script; digits, punctuation and marks are neutral, as in the Unicode bidi
//! algorithm). A clear majority decides. When the text is mixed about evenly or has no letter,
//! the page's declared `dir` decides, then the direction of the language; left-to-right is the
//! last resort only when nothing at all says otherwise. Each block whose own majority differs
//! from the article's gets `Block::dir`, so an English paragraph in a Persian article renders
//! left-to-right.
//!
//! **Language** is the declared one (`<html lang>`, `<meta http-equiv=content-language>`,
//! `og:locale`) when it is plausible for the text: its script must be the text's script, and
//! for Arabic, Persian, Urdu and Pashto a confident detection must not name another of the
//! four (pages are often published with a template's `lang`). Otherwise [`detect`] guesses
//! from the text; anything it cannot tell stays unknown.
//!
//! The reading time depends on the language: [`crate::meta::reading_minutes`] takes it from
//! here, and [`chrome`] writes the reader's words in it.

use crate::extraction::{Block, Dir};
use crate::preprocess::Page;
use crate::settings::lang::{MIN_BLOCK_LETTERS, UNSURE};
use crate::words::{Script, ScriptCounts};

mod chrome;
mod detect;

pub use chrome::{chrome, post_announcement};
pub use detect::{detect, Detected};

/// The language and direction of the main content (the fields of the same names in
/// [`crate::Extraction`]), and the direction of each block.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Language {
    /// BCP 47 tag; empty when unknown.
    pub lang: String,
    /// `declared`, `detected` or `none`.
    pub lang_source: &'static str,
    /// The article's direction.
    pub dir: Dir,
    /// Per block, its direction when it differs from `dir` ([`Block::dir`]).
    pub block_dirs: Vec<Option<Dir>>,
    /// Per block, its language when it is written in another script than the article's and
    /// the detector can tell which ([`Block::lang`]).
    pub block_langs: Vec<Option<&'static str>>,
}

/// Decides the language and direction of the article made of `blocks` (whose texts joined by
/// newlines are `text`), with headline `title`.
pub fn decide(page: &Page, blocks: &[Block], text: &str, title: &str) -> Language {
    // The letters of each block. `text` is the blocks' texts joined by newlines
    // (`render::text`), so its letters are theirs: the article is not counted a second time.
    let block_counts: Vec<ScriptCounts> =
        blocks.iter().map(|b| ScriptCounts::of(&b.text)).collect();
    let mut counts = ScriptCounts::default();
    for c in &block_counts {
        counts.merge(c);
    }

    // The main content; the headline and then the whole page only when it has too few letters
    // to judge (an empty extraction still gets a direction and language for its headline).
    let mut sample = std::borrow::Cow::Borrowed(text);
    if counts.letters() < 20 {
        let mut s = text.to_string();
        s.push('\n');
        s.push_str(title);
        for f in crate::title::fragments(page) {
            s.push('\n');
            s.push_str(&f.text);
        }
        counts = ScriptCounts::of(&s);
        sample = std::borrow::Cow::Owned(s);
    }

    let (lang, lang_source) = decide_lang(page, &sample, &counts);
    let dir = decide_dir(&counts, page.head.dir.as_deref(), &lang);

    // Blocks whose own majority differs from the article's.
    let block_dirs = block_counts
        .iter()
        .map(|c| {
            let own = match c.rtl_share() {
                Some(s) if s > 0.5 => Some(Dir::Rtl),
                Some(s) if s < 0.5 => Some(Dir::Ltr),
                _ => None, // no letters, or an even mix: inherit
            };
            own.filter(|d| *d != dir)
        })
        .collect();
    // Blocks in another script: their own language, for the `lang` attribute and the voice
    // that reads them (issue 16). Only across scripts, where the letters say it for certain; a
    // French quotation in an English article stays in the article's language.
    let article_script = script_of_lang(&lang).or(counts.dominant());
    let block_langs = block_counts
        .iter()
        .zip(blocks)
        .map(|(c, b)| {
            let own = c.dominant().filter(|_| c.letters() >= MIN_BLOCK_LETTERS)?;
            let same = Some(own) == article_script
                || (matches!(own, Script::Han | Script::Kana)
                    && matches!(article_script, Some(Script::Han | Script::Kana)));
            if same {
                return None;
            }
            detect(&b.text, c).map(|d| d.lang)
        })
        .collect();
    Language { lang, lang_source, dir, block_dirs, block_langs }
}

/// The direction of text with these letters, given the declared `dir` and the language.
pub fn decide_dir(counts: &ScriptCounts, declared: Option<&str>, lang: &str) -> Dir {
    match counts.rtl_share() {
        Some(s) if s > 1.0 - UNSURE => return Dir::Rtl,
        Some(s) if s < UNSURE => return Dir::Ltr,
        _ => {}
    }
    match declared.map(|d| d.trim().to_ascii_lowercase()).as_deref() {
        Some("rtl") => return Dir::Rtl,
        Some("ltr") => return Dir::Ltr,
        _ => {}
    }
    if let Some(script) = script_of_lang(lang) {
        return if script.is_rtl() { Dir::Rtl } else { Dir::Ltr };
    }
    match counts.rtl_share() {
        Some(s) if s >= 0.5 => Dir::Rtl,
        _ => Dir::Ltr, // nothing on the page says right-to-left
    }
}

/// The language of the main content and how it was decided.
fn decide_lang(page: &Page, sample: &str, counts: &ScriptCounts) -> (String, &'static str) {
    let detected = detect(sample, counts);
    if let Some(tag) = declared_lang(page) {
        if plausible(&tag, counts, detected.as_ref()) {
            return (tag, "declared");
        }
    }
    match detected {
        Some(d) => (d.lang.to_string(), "detected"),
        None => (String::new(), "none"),
    }
}

/// The language the page declares, as a normalised BCP 47 tag (`fa-IR`, `en`).
pub fn declared_lang(page: &Page) -> Option<String> {
    let candidates = [
        page.head.lang.clone(),
        page.head.meta_contents(&["http-equiv"], "content-language").next(),
        page.head.meta_contents(&["property", "name"], "og:locale").next(),
    ];
    // `content-language` may list several languages; the first is the main one.
    candidates.into_iter().flatten().find_map(|v| v.split(',').next().and_then(normalise_tag))
}

/// Normalises a language tag (`FA_ir` → `fa-IR`); `None` when it is not one, or says nothing
/// (`und`, `mul`, `zxx`).
pub fn normalise_tag(raw: &str) -> Option<String> {
    let raw = raw.trim().replace('_', "-");
    let mut parts = raw.split('-').filter(|p| !p.is_empty());
    let primary = parts.next()?.to_ascii_lowercase();
    if !(2..=3).contains(&primary.len()) || !primary.bytes().all(|b| b.is_ascii_alphabetic()) {
        return None;
    }
    if matches!(primary.as_str(), "und" | "mul" | "zxx" | "mis") {
        return None;
    }
    let mut tag = primary;
    for p in parts {
        if !p.bytes().all(|b| b.is_ascii_alphanumeric()) {
            break;
        }
        tag.push('-');
        match p.len() {
            2 => tag.push_str(&p.to_ascii_uppercase()),
            4 => {
                tag.push_str(&p[..1].to_ascii_uppercase());
                tag.push_str(&p[1..].to_ascii_lowercase());
            }
            _ => tag.push_str(&p.to_ascii_lowercase()),
        }
    }
    Some(tag)
}

/// The script a language is written in, for the languages we can tell (primary subtag).
pub fn script_of_lang(tag: &str) -> Option<Script> {
    let primary = tag.split('-').next().unwrap_or_default();
    let s = match primary {
        "ar" | "fa" | "ur" | "ps" | "ckb" | "sd" | "ug" | "ks" | "prs" | "pnb" | "bal" | "glk"
        | "mzn" | "azb" | "lrc" | "arz" | "ary" | "arq" | "apc" | "acm" | "ajp" | "aeb" => {
            Script::Arabic
        }
        "he" | "iw" | "yi" => Script::Hebrew,
        "dv" | "syr" => Script::OtherRtl,
        "ru" | "uk" | "bg" | "mk" | "be" | "kk" | "ky" | "tg" | "mn" => Script::Cyrillic,
        "el" => Script::Greek,
        "hy" => Script::Armenian,
        "ka" => Script::Georgian,
        "hi" | "mr" | "ne" | "sa" => Script::Devanagari,
        "th" => Script::Thai,
        "ko" => Script::Hangul,
        "ja" => Script::Kana,
        "zh" => Script::Han,
        "en" | "de" | "fr" | "es" | "it" | "pt" | "nl" | "sv" | "da" | "no" | "nb" | "nn"
        | "fi" | "pl" | "cs" | "sk" | "sl" | "hr" | "bs" | "hu" | "ro" | "tr" | "id" | "ms"
        | "vi" | "ca" | "eu" | "gl" | "et" | "lv" | "lt" | "is" | "ga" | "cy" | "sq" | "tl"
        | "sw" | "af" | "mt" | "eo" | "la" => Script::Latin,
        _ => return None,
    };
    Some(s)
}

/// Whether a declared language fits the text.
fn plausible(tag: &str, counts: &ScriptCounts, detected: Option<&Detected>) -> bool {
    // Too little text to contradict anything.
    if counts.letters() < 20 {
        return true;
    }
    let (Some(declared), Some(text)) = (script_of_lang(tag), counts.dominant()) else {
        return true; // a language we cannot place, or no letters: trust the page
    };
    let script_fits = declared == text
        || (declared == Script::Kana && text == Script::Han)
        || (declared == Script::Han && text == Script::Kana && tag.starts_with("zh"));
    if !script_fits {
        return false;
    }
    // Within the Arabic script, a confident detection of another language wins.
    let primary = tag.split('-').next().unwrap_or_default();
    match detected {
        Some(d)
            if d.confident
                && ARABIC_SCRIPT_LANGS.contains(&primary)
                && ARABIC_SCRIPT_LANGS.contains(&d.lang) =>
        {
            d.lang == primary
        }
        _ => true,
    }
}

/// The Arabic-script languages the detector tells apart.
const ARABIC_SCRIPT_LANGS: [&str; 4] = ["ar", "fa", "ur", "ps"];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::LinkFilter;

    #[test]
    fn article_letters_are_the_blocks_letters() {
        // `decide` counts the blocks and not `out.text` again: their letters must be the same.
        let out = run("<html><body><article><h1>Titre é</h1><p>Un paragraphe, en français. İstanbul K</p><ul><li>élément</li><li>ثانية</li></ul><p>123 !</p></article></body></html>");
        assert!(out.blocks.len() >= 2, "{:?}", out.blocks);
        let mut sum = ScriptCounts::default();
        for b in &out.blocks {
            sum.merge(&ScriptCounts::of(&b.text));
        }
        assert_eq!(sum, ScriptCounts::of(&out.text));
    }

    #[test]
    fn declared_tags_are_normalised() {
        assert_eq!(normalise_tag("FA_ir").as_deref(), Some("fa-IR"));
        assert_eq!(normalise_tag(" zh-hant-tw ").as_deref(), Some("zh-Hant-TW"));
        assert_eq!(normalise_tag("und"), None);
        assert_eq!(normalise_tag("english"), None);
    }

    fn run(html: &str) -> crate::Extraction {
        crate::extract(
            html,
            &crate::Options { filter: Some(LinkFilter::None), ..crate::Options::default() },
        )
    }

    #[test]
    fn direction_comes_from_the_text_not_the_dir_attribute() {
        let fa = "<p>تمام افراد بشر آزاد به دنیا می‌آیند و از لحاظ حیثیت و حقوق با هم برابرند. همه دارای عقل و وجدان هستند و باید نسبت به یکدیگر با روح برادری رفتار کنند.</p>";
        let out = run(&format!("<html lang=\"en\" dir=\"ltr\"><body>{}{}</body></html>", fa, fa));
        assert_eq!(out.dir, Dir::Rtl);
        assert_eq!(
            (out.lang.as_str(), out.lang_source.as_str()),
            ("fa", "detected"),
            "lang=en is implausible for Arabic script"
        );
    }

    #[test]
    fn a_block_in_the_other_direction_is_marked() {
        let fa = "<p>تمام افراد بشر آزاد به دنیا می‌آیند و از لحاظ حیثیت و حقوق با هم برابرند. همه دارای عقل و وجدان هستند.</p>";
        let en = "<p>All human beings are born free and equal in dignity and rights.</p>";
        let out = run(&format!(
            "<html lang=\"fa\"><body><article>{fa}{fa}{en}{fa}</article></body></html>"
        ));
        assert_eq!(out.dir, Dir::Rtl);
        assert_eq!(out.lang_source, "declared");
        let dirs: Vec<_> = out.blocks.iter().map(|b| b.dir).collect();
        assert_eq!(dirs, vec![None, None, Some(Dir::Ltr), None]);
        // ... and, being in another script, its own language (issue 16: read by an English voice).
        assert_eq!(out.blocks[2].lang, Some("en"));
        assert!(
            out.html.contains("<p data-block=\"2\" dir=\"ltr\" lang=\"en\">All human beings"),
            "{}",
            out.html
        );
    }

    #[test]
    fn without_letters_the_declaration_decides() {
        assert_eq!(decide_dir(&ScriptCounts::of("123 456"), Some("rtl"), ""), Dir::Rtl);
        assert_eq!(decide_dir(&ScriptCounts::of("123 456"), None, "ur"), Dir::Rtl);
        assert_eq!(decide_dir(&ScriptCounts::of("abc"), Some("rtl"), "ar"), Dir::Ltr);
        // An even mix is unsure: the declaration decides.
        assert_eq!(decide_dir(&ScriptCounts::of("abcd سلام"), Some("rtl"), ""), Dir::Rtl);
    }
}
