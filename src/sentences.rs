//! Sentences for read-aloud.
//!
//! Each block's text is split at the sentence boundaries of Unicode's UAX #29
//! (`unicode-segmentation`), then corrected:
//! - Arabic-script punctuation: `؟` (question mark) and `۔` (Urdu full stop) end a sentence;
//!   `،` (comma) and `؛` (semicolon) never do.
//! - English abbreviations (`Mr.`, `Dr.`, `e.g.`, `U.S.`, initials like `J.`) do not end a
//!   sentence, so "Dr. Smith" stays with its sentence. The price: a sentence that really ends
//!   with one of them ("…moved to the U.S. Then…") is read on into the next.
//! - A closing quote or bracket after `!` or `?` followed by a lowercase letter does not end
//!   a sentence (`He said "Stop!" and left.`).
//! - Decimals (`3.14`) never split (UAX #29 already keeps a full stop between digits).
//!
//! Zero-width joiners and non-joiners (Persian `می‌خواهم`) are format characters that UAX #29
//! keeps inside words and sentences; they stay in the text and in the offsets.
//!
//! Offsets are in UTF-16 code units within the block's `text`, the indices JavaScript strings
//! use, so the reader view can highlight `text.slice(start, end)` while it is spoken.

use unicode_segmentation::UnicodeSegmentation;

use crate::extraction::{Extraction, Sentence};

/// Fills `sentences` from the blocks of the result.
pub fn apply(out: &mut Extraction) {
    out.sentences = out
        .blocks
        .iter()
        .enumerate()
        .flat_map(|(i, b)| {
            split(&b.text).into_iter().map(move |(start, end, text)| Sentence { text, block: i, start, end })
        })
        .collect();
}

/// Splits `text` into sentences: (start, end, text) with UTF-16 offsets, whitespace trimmed.
pub fn split(text: &str) -> Vec<(usize, usize, String)> {
    // Byte ranges, first from UAX #29.
    let mut ranges: Vec<(usize, usize)> = text.split_sentence_bound_indices().map(|(i, s)| (i, i + s.len())).collect();
    ranges = split_after_arabic_stops(text, ranges);
    ranges = merge(text, ranges);

    let mut out = Vec::with_capacity(ranges.len());
    let mut utf16 = Utf16Index::new(text);
    for (start, end) in ranges {
        let piece = &text[start..end];
        let lead = piece.len() - piece.trim_start().len();
        let trimmed = piece.trim();
        if trimmed.is_empty() || !trimmed.chars().any(char::is_alphanumeric) {
            continue;
        }
        let (s, e) = (start + lead, start + lead + trimmed.len());
        out.push((utf16.at(s), utf16.at(e), trimmed.to_string()));
    }
    out
}

/// Characters that may follow a sentence end and still belong to it: closing quotes and
/// brackets.
fn is_closer(c: char) -> bool {
    matches!(c, '"' | '\'' | ')' | ']' | '}' | '»' | '”' | '’' | '›')
}

/// Splits after every `؟` and `۔` (with following closers and spaces) that UAX #29 did not.
fn split_after_arabic_stops(text: &str, ranges: Vec<(usize, usize)>) -> Vec<(usize, usize)> {
    let mut out = Vec::with_capacity(ranges.len());
    for (start, end) in ranges {
        let mut from = start;
        let mut it = text[start..end].char_indices().peekable();
        while let Some((i, c)) = it.next() {
            if c != '؟' && c != '۔' {
                continue;
            }
            let mut cut = start + i + c.len_utf8();
            while let Some(&(j, d)) = it.peek() {
                if is_closer(d) || d.is_whitespace() || d == '؟' || d == '۔' || d == '!' {
                    cut = start + j + d.len_utf8();
                    it.next();
                } else {
                    break;
                }
            }
            if cut < end {
                out.push((from, cut));
                from = cut;
            }
        }
        out.push((from, end));
    }
    out
}

/// Abbreviations after which a full stop does not end a sentence (lowercase, without the last
/// full stop).
const ABBREVIATIONS: &[&str] = &[
    "mr", "mrs", "ms", "messrs", "dr", "prof", "sr", "jr", "st", "mt", "ft", "gen", "gov", "sen", "rep", "rev", "col", "lt", "sgt", "capt", "cmdr", "adm", "hon",
    "pres", "supt", "vs", "v", "e.g", "i.e", "cf", "al", "approx", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "u.s", "u.k",
    "u.n", "u.s.a", "e.u", "d.c", "ph.d",
];

/// Abbreviations that do not end a sentence only before a number ("No. 5", "p. 12").
const NUMBER_ABBREVIATIONS: &[&str] = &["no", "nos", "vol", "pp", "p", "fig", "figs", "art", "ch", "sec"];

/// Merges a piece into the next when it ends in `،` or `؛`, or with an abbreviation.
fn merge(text: &str, ranges: Vec<(usize, usize)>) -> Vec<(usize, usize)> {
    let mut out: Vec<(usize, usize)> = Vec::with_capacity(ranges.len());
    let mut joining = false;
    for (start, end) in ranges {
        if joining {
            if let Some(last) = out.last_mut() {
                last.1 = end;
            }
        } else {
            out.push((start, end));
        }
        let (s, e) = *out.last().unwrap_or(&(start, end));
        joining = continues(&text[s..e], &text[end..]);
    }
    out
}

/// Whether a sentence ending as `piece` goes on into `rest`.
fn continues(piece: &str, rest: &str) -> bool {
    let t = piece.trim_end();
    if t.ends_with('،') || t.ends_with('؛') {
        return true;
    }
    let next = rest.trim_start().chars().next();
    // `He said "Stop!" and left.`: UAX #29 ends a sentence after `!"`; a lowercase letter
    // after the quote shows it goes on. (Scripts without case cannot show it: they split.)
    if t.ends_with(is_closer) && next.is_some_and(char::is_lowercase) {
        return true;
    }
    let Some(body) = t.strip_suffix('.') else {
        return false;
    };
    let word = body.rsplit(|c: char| c.is_whitespace() || matches!(c, '(' | '[' | '"' | '“' | '‘' | '\'')).next().unwrap_or_default();
    if word.is_empty() {
        return false;
    }
    let lower = word.to_lowercase();
    // An initial: one capital letter ("John F. Kennedy").
    let initial = word.chars().count() == 1 && word.chars().all(char::is_uppercase);
    initial
        || ABBREVIATIONS.contains(&lower.as_str())
        || (NUMBER_ABBREVIATIONS.contains(&lower.as_str()) && next.is_some_and(|c| c.is_ascii_digit()))
}

/// Converts byte offsets into UTF-16 offsets, moving forward only.
struct Utf16Index<'a> {
    text: &'a str,
    byte: usize,
    unit: usize,
}

impl<'a> Utf16Index<'a> {
    fn new(text: &'a str) -> Self {
        Utf16Index { text, byte: 0, unit: 0 }
    }

    fn at(&mut self, byte: usize) -> usize {
        if byte < self.byte {
            self.byte = 0;
            self.unit = 0;
        }
        self.unit += self.text[self.byte..byte].chars().map(char::len_utf16).sum::<usize>();
        self.byte = byte;
        self.unit
    }
}

/// The words of `text` (UAX #29; a zero-width non-joiner stays inside its word) with UTF-16
/// start and end offsets.
pub fn words(text: &str) -> Vec<(usize, usize, &str)> {
    let mut idx = Utf16Index::new(text);
    text.unicode_word_indices().map(|(i, w)| (idx.at(i), idx.at(i + w.len()), w)).collect()
}

/// The number of words in `text` for the reading time: runs between spaces that hold a letter
/// or digit. (UAX #29 words give the same count on space-separated text at a fraction of the
/// speed; scripts written without spaces are counted by characters in `meta::reading_minutes`.)
pub fn word_count(text: &str) -> usize {
    text.split_whitespace().filter(|w| w.chars().any(char::is_alphanumeric)).count()
}
