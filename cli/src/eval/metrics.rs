//! The two accuracy metrics of `dana eval`, on word tokens.
//!
//! * LCS precision, recall and F1 of thesis eq. 4.1 (section 4.2): k = length of the longest
//!   common subsequence of the token sequences of the gold standard (g tokens) and the
//!   extracted text (m tokens); p = k/m, r = k/g. Computed with the bit-parallel algorithm
//!   of Allison-Dix / Hyyrö, O(g·m/64), so that 50,000 × 50,000 tokens stays fast.
//! * The word 4-gram shingle matching of scrapinghub's article-extraction-benchmark
//!   (`evaluate.py`, `string_shingle_matching`): TP/FP/FN over shingle multisets, normalised
//!   by their sum so that every document weighs the same.
//!
//! Both use the benchmark's tokens: the maximal runs of Python's Unicode `\w`, compared
//! case-sensitively.

use std::collections::HashMap;

use icu_properties::props::{GeneralCategory, GeneralCategoryGroup};
use icu_properties::CodePointMapData;

/// Python's Unicode `\w` (`re` module, `str` patterns): a letter (general category L*), a
/// character with a numeric value (N*), or `_`. Unlike Rust's `is_alphanumeric`, combining
/// marks (Mn, Mc: Arabic harakat, Devanagari vowel signs) are not word characters, so text
/// with diacritics splits into the same tokens as in the benchmark.
pub fn is_word_char(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphanumeric() || c == '_';
    }
    c.is_numeric()
        || GeneralCategoryGroup::Letter.contains(CodePointMapData::<GeneralCategory>::new().get(c))
}

/// The benchmark's tokens: `re.findall(r'\w+', text)`.
pub fn tokenize(text: &str) -> Vec<&str> {
    let mut tokens = Vec::new();
    let mut start: Option<usize> = None;
    for (i, c) in text.char_indices() {
        match (is_word_char(c), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                tokens.push(&text[s..i]);
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        tokens.push(&text[s..]);
    }
    tokens
}

/// Gives each distinct token a small integer id, so the metrics compare integers. One
/// interner serves a page's gold text and all its extractions.
#[derive(Default)]
pub struct Interner {
    ids: HashMap<Box<str>, u32>,
}

impl Interner {
    /// The ids of the tokens of `text`.
    pub fn ids(&mut self, text: &str) -> Vec<u32> {
        tokenize(text)
            .into_iter()
            .map(|t| match self.ids.get(t) {
                Some(&id) => id,
                None => {
                    let id = self.ids.len() as u32;
                    self.ids.insert(t.into(), id);
                    id
                }
            })
            .collect()
    }
}

/// Precision, recall and F1 of one page (or their averages over pages).
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
pub struct Prf {
    pub precision: f64,
    pub recall: f64,
    pub f1: f64,
}

impl Prf {
    /// F1 as the harmonic mean of `precision` and `recall` (0 when both are 0).
    pub fn new(precision: f64, recall: f64) -> Prf {
        let f1 = if precision + recall > 0.0 {
            2.0 * precision * recall / (precision + recall)
        } else {
            0.0
        };
        Prf { precision, recall, f1 }
    }
}

/// Shingle TP, FP and FN of one page, normalised to sum to 1 (all 0 when both texts are
/// empty), as `string_shingle_matching` returns them.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
pub struct Counts {
    pub tp: f64,
    pub fp: f64,
    pub fn_: f64,
}

impl Counts {
    /// `precision_score` of evaluate.py.
    pub fn precision(&self) -> f64 {
        if self.fp == 0.0 && self.fn_ == 0.0 {
            1.0
        } else if self.tp == 0.0 && self.fp == 0.0 {
            0.0
        } else {
            self.tp / (self.tp + self.fp)
        }
    }

    /// `recall_score` of evaluate.py.
    pub fn recall(&self) -> f64 {
        if self.fp == 0.0 && self.fn_ == 0.0 {
            1.0
        } else if self.tp == 0.0 && self.fn_ == 0.0 {
            0.0
        } else {
            self.tp / (self.tp + self.fn_)
        }
    }

    /// This page's own precision, recall and F1 (for listing the worst pages).
    pub fn prf(&self) -> Prf {
        Prf::new(self.precision(), self.recall())
    }
}

/// Shingle length of the benchmark.
pub const SHINGLE: usize = 4;

/// Padding of a shingle shorter than [`SHINGLE`] tokens (token ids never reach it).
const NO_TOKEN: u32 = u32::MAX;

/// The word shingles of a token sequence, as `_ngrams` makes them: every run of 4 tokens,
/// or, for a text of 1 to 3 tokens, one shingle of all of them; none for an empty text.
fn shingles(tokens: &[u32]) -> Vec<[u32; SHINGLE]> {
    if tokens.is_empty() {
        return Vec::new();
    }
    if tokens.len() < SHINGLE {
        let mut s = [NO_TOKEN; SHINGLE];
        s[..tokens.len()].copy_from_slice(tokens);
        return vec![s];
    }
    tokens.windows(SHINGLE).map(|w| [w[0], w[1], w[2], w[3]]).collect()
}

/// `string_shingle_matching(true=gold, pred=output)`.
pub fn shingle_counts(gold: &[u32], output: &[u32]) -> Counts {
    let mut counts: HashMap<[u32; SHINGLE], (u32, u32)> = HashMap::new();
    for s in shingles(gold) {
        counts.entry(s).or_default().0 += 1;
    }
    for s in shingles(output) {
        counts.entry(s).or_default().1 += 1;
    }
    let (mut tp, mut fp, mut fn_) = (0u64, 0u64, 0u64);
    for &(g, o) in counts.values() {
        tp += g.min(o) as u64;
        fp += o.saturating_sub(g) as u64;
        fn_ += g.saturating_sub(o) as u64;
    }
    let sum = (tp + fp + fn_) as f64;
    if sum == 0.0 {
        return Counts::default();
    }
    Counts { tp: tp as f64 / sum, fp: fp as f64 / sum, fn_: fn_ as f64 / sum }
}

/// `metrics_from_tp_fp_fns` of evaluate.py: precision averaged over the pages with an
/// output shingle (tp + fp > 0), recall over the pages with a gold shingle (tp + fn > 0),
/// F1 of the two averages. Where no page qualifies, evaluate.py would raise; this gives 0.
pub fn shingle_summary(pages: &[Counts]) -> Prf {
    let mean =
        |xs: Vec<f64>| if xs.is_empty() { 0.0 } else { xs.iter().sum::<f64>() / xs.len() as f64 };
    let precision =
        mean(pages.iter().filter(|c| c.tp + c.fp > 0.0).map(Counts::precision).collect());
    let recall = mean(pages.iter().filter(|c| c.tp + c.fn_ > 0.0).map(Counts::recall).collect());
    Prf::new(precision, recall)
}

/// Length of the longest common subsequence, bit-parallel (Hyyrö 2004, after Allison and
/// Dix 1986): one bit per token of the shorter sequence `a`; for each token of `b`,
/// `U = V & M[token]`, `V = (V + U) | (V - U)`; the LCS length is the number of zero bits of V.
/// Because U ⊆ V, V - U = V & !M needs no borrow; only the addition carries across words.
pub fn lcs_len(a: &[u32], b: &[u32]) -> usize {
    let (a, b) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    if a.is_empty() {
        return 0;
    }
    let words = a.len().div_ceil(64);
    // Match masks only for the tokens of `a`; a token of `b` not in `a` leaves V unchanged.
    let mut slot: HashMap<u32, usize> = HashMap::new();
    let mut masks: Vec<u64> = Vec::new();
    for (i, &t) in a.iter().enumerate() {
        let s = *slot.entry(t).or_insert_with(|| {
            masks.resize(masks.len() + words, 0);
            masks.len() / words - 1
        });
        masks[s * words + i / 64] |= 1u64 << (i % 64);
    }
    let mut v = vec![!0u64; words];
    for t in b {
        let Some(&s) = slot.get(t) else { continue };
        let m = &masks[s * words..(s + 1) * words];
        let mut carry = 0u64;
        for (vw, &mw) in v.iter_mut().zip(m) {
            let u = *vw & mw;
            let (sum, c1) = vw.overflowing_add(u);
            let (sum, c2) = sum.overflowing_add(carry);
            carry = (c1 || c2) as u64;
            *vw = sum | (*vw & !mw);
        }
    }
    // Zero bits among the first a.len() bits; the bits above are padding.
    let mut zeros = 0usize;
    for (w, &vw) in v.iter().enumerate() {
        let bits = (a.len() - w * 64).min(64);
        let valid = if bits == 64 { !0u64 } else { (1u64 << bits) - 1 };
        zeros += (!vw & valid).count_ones() as usize;
    }
    zeros
}

/// LCS precision, recall and F1 of one page (thesis eq. 4.1). Empty texts follow the
/// shingle metric's conventions: both empty gives 1; an empty output, or an output for an
/// empty gold, gives 0.
pub fn lcs_prf(gold: &[u32], output: &[u32]) -> Prf {
    let (g, m) = (gold.len(), output.len());
    if g == 0 && m == 0 {
        return Prf::new(1.0, 1.0);
    }
    if g == 0 || m == 0 {
        return Prf::new(0.0, 0.0);
    }
    let k = lcs_len(gold, output) as f64;
    Prf::new(k / m as f64, k / g as f64)
}

/// Tokens a gold line needs to count as a paragraph in [`paragraphs`]: two disjoint
/// [`PARAGRAPH_EDGE`]s, so that a word lost between them shows. Shorter lines (headings, list
/// items, table cells, dates) are kept whole whenever they are found at all.
pub const PARAGRAPH_TOKENS: usize = 2 * PARAGRAPH_EDGE;

/// Tokens at each end of a paragraph that must be found, each edge as one run, for the
/// paragraph to count as kept: one or two words alone ("the", "of the") are found in most
/// outputs.
pub const PARAGRAPH_EDGE: usize = 3;

/// Paragraph integrity of one page: of the gold's paragraphs (its lines of at least
/// [`PARAGRAPH_TOKENS`] tokens), how many the output keeps (their first and their last
/// [`PARAGRAPH_EDGE`] tokens found, each as a run, the last within twice the paragraph's
/// length after the first) and how many of those it keeps whole (all
/// their tokens as one run). A word dropped from the middle of a sentence (a name marked up
/// as a button, a link the reader left out) makes a kept paragraph not whole; a paragraph
/// left out whole is recall's concern, not this figure's.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct Paragraphs {
    /// The gold's paragraphs.
    pub gold: usize,
    /// Those whose first and last words the output holds.
    pub kept: usize,
    /// Those of `kept` the output holds as one run.
    pub whole: usize,
    /// The kept paragraphs that are not whole (the gold's lines), to read by hand.
    pub broken: Vec<String>,
}

/// [`Paragraphs`] of `gold_text`, one paragraph a line, against the `output` tokens (ids of
/// the same `interner`).
pub fn paragraphs(gold_text: &str, output: &[u32], interner: &mut Interner) -> Paragraphs {
    // Where each run of PARAGRAPH_EDGE output tokens starts.
    let mut at: HashMap<&[u32], Vec<usize>> = HashMap::new();
    for (p, w) in output.windows(PARAGRAPH_EDGE).enumerate() {
        at.entry(w).or_default().push(p);
    }
    let mut out = Paragraphs::default();
    for line in gold_text.lines() {
        let g = interner.ids(line);
        if g.len() < PARAGRAPH_TOKENS {
            continue;
        }
        out.gold += 1;
        let (head, tail) = (&g[..PARAGRAPH_EDGE], &g[g.len() - PARAGRAPH_EDGE..]);
        // The paragraph's first words, then its last within twice its length (not two
        // stray phrases far apart).
        let (Some(starts), Some(ends)) = (at.get(head), at.get(tail)) else { continue };
        let near = |p: usize| ends.iter().any(|&e| e >= p && e <= p + 2 * g.len());
        if !starts.iter().any(|&p| near(p)) {
            continue;
        }
        out.kept += 1;
        if starts.iter().any(|&p| output.get(p..p + g.len()) == Some(&g[..])) {
            out.whole += 1;
        } else {
            out.broken.push(line.trim().to_string());
        }
    }
    out
}

/// The share of the kept paragraphs kept whole, over pages (their counts summed); `None`
/// when no paragraph was kept.
pub fn whole_share<'a>(
    pages: impl IntoIterator<Item = &'a Paragraphs>,
) -> Option<(f64, usize, usize)> {
    let (kept, whole) = pages.into_iter().fold((0, 0), |(k, w), p| (k + p.kept, w + p.whole));
    (kept > 0).then(|| (whole as f64 / kept as f64, whole, kept))
}

/// The macro average of per-page figures.
pub fn mean_prf(pages: &[Prf]) -> Prf {
    if pages.is_empty() {
        return Prf::default();
    }
    let n = pages.len() as f64;
    Prf {
        precision: pages.iter().map(|p| p.precision).sum::<f64>() / n,
        recall: pages.iter().map(|p| p.recall).sum::<f64>() / n,
        f1: pages.iter().map(|p| p.f1).sum::<f64>() / n,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The textbook O(n·m) dynamic programme.
    fn naive_lcs(a: &[u32], b: &[u32]) -> usize {
        let mut prev = vec![0usize; b.len() + 1];
        for &x in a {
            let mut cur = vec![0usize; b.len() + 1];
            for (j, &y) in b.iter().enumerate() {
                cur[j + 1] = if x == y { prev[j] + 1 } else { cur[j].max(prev[j + 1]) };
            }
            prev = cur;
        }
        prev[b.len()]
    }

    /// evaluate.py's shingle matching transcribed literally: tuples of strings in a map.
    fn naive_shingles(gold: &str, output: &str) -> (f64, f64, f64) {
        fn grams(text: &str) -> HashMap<Vec<String>, usize> {
            let tokens: Vec<String> = tokenize(text).into_iter().map(String::from).collect();
            let mut m = HashMap::new();
            for i in 0..std::cmp::max(1, tokens.len() as isize - 4 + 1) as usize {
                let s: Vec<String> =
                    tokens[i.min(tokens.len())..(i + 4).min(tokens.len())].to_vec();
                if !s.is_empty() {
                    *m.entry(s).or_insert(0) += 1;
                }
            }
            m
        }
        let (g, o) = (grams(gold), grams(output));
        let (mut tp, mut fp, mut fn_) = (0.0, 0.0, 0.0);
        let keys: std::collections::HashSet<&Vec<String>> = g.keys().chain(o.keys()).collect();
        for k in keys {
            let (t, p) = (*g.get(k).unwrap_or(&0) as f64, *o.get(k).unwrap_or(&0) as f64);
            tp += t.min(p);
            fp += (p - t).max(0.0);
            fn_ += (t - p).max(0.0);
        }
        let s = tp + fp + fn_;
        if s > 0.0 {
            (tp / s, fp / s, fn_ / s)
        } else {
            (0.0, 0.0, 0.0)
        }
    }

    /// A small deterministic generator (xorshift), so the tests need no crate.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
    }

    fn random_words(rng: &mut Rng, len: usize, vocab: u64) -> String {
        let words: Vec<String> = (0..len).map(|_| format!("w{}", rng.below(vocab))).collect();
        words.join(" ")
    }

    #[test]
    fn bit_parallel_lcs_equals_the_naive_dp() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for case in 0..400 {
            // Lengths across the 64-bit word boundaries, small and large alphabets.
            let n = rng.below(if case % 10 == 0 { 300 } else { 140 }) as usize;
            let m = rng.below(if case % 10 == 0 { 300 } else { 140 }) as usize;
            let vocab = [2, 3, 5, 20, 1000][case % 5];
            let a: Vec<u32> = (0..n).map(|_| rng.below(vocab) as u32).collect();
            let b: Vec<u32> = (0..m).map(|_| rng.below(vocab) as u32).collect();
            assert_eq!(lcs_len(&a, &b), naive_lcs(&a, &b), "case {case}: {a:?} / {b:?}");
            assert_eq!(lcs_len(&b, &a), naive_lcs(&a, &b), "case {case} swapped");
        }
    }

    #[test]
    fn lcs_of_fifty_thousand_tokens_with_a_known_answer() {
        // b is a with every 7th token dropped and a foreign token inserted every 5th: b's
        // tokens from a form a subsequence of a, and the foreign ones match nothing, so the
        // LCS is exactly the number of kept tokens. (Too long for the naive DP: 2.5e9 cells.)
        let mut rng = Rng(7);
        let a: Vec<u32> = (0..50_000).map(|_| rng.below(2_000) as u32).collect();
        let mut b = Vec::new();
        let mut kept = 0;
        for (i, &t) in a.iter().enumerate() {
            if i % 7 != 0 {
                b.push(t);
                kept += 1;
            }
            if i % 5 == 0 {
                b.push(1_000_000 + i as u32);
            }
        }
        let t = std::time::Instant::now();
        assert_eq!(lcs_len(&a, &b), kept);
        eprintln!("lcs_len {} x {} tokens: {:.3} s", a.len(), b.len(), t.elapsed().as_secs_f64());
    }

    #[test]
    fn lcs_edge_cases() {
        assert_eq!(lcs_len(&[], &[]), 0);
        assert_eq!(lcs_len(&[1, 2, 3], &[]), 0);
        let a: Vec<u32> = (0..200).collect();
        assert_eq!(lcs_len(&a, &a), 200);
        assert_eq!(lcs_len(&a, &[199, 0]), 1);
        // Identical texts give 1.0, empty output 0, both empty 1.
        assert_eq!(lcs_prf(&a, &a), Prf { precision: 1.0, recall: 1.0, f1: 1.0 });
        assert_eq!(lcs_prf(&a, &[]).f1, 0.0);
        assert_eq!(lcs_prf(&[], &a).f1, 0.0);
        assert_eq!(lcs_prf(&[], &[]).f1, 1.0);
        // Half the gold, nothing else: p = 1, r = 0.5.
        let p = lcs_prf(&a, &a[..100]);
        assert_eq!((p.precision, p.recall), (1.0, 0.5));
        assert!((p.f1 - 2.0 / 3.0).abs() < 1e-12);
    }

    #[test]
    fn tokens_follow_python_unicode_word() {
        assert_eq!(tokenize("Hello, wörld! it's 42_x"), ["Hello", "wörld", "it", "s", "42_x"]);
        assert_eq!(tokenize(""), Vec::<&str>::new());
        assert_eq!(tokenize(" ... "), Vec::<&str>::new());
        // Persian digits are word characters; ZWNJ (U+200C, Cf) is not.
        assert_eq!(tokenize("می\u{200C}خواهم ۱۲۳"), ["می", "خواهم", "۱۲۳"]);
        // Arabic harakat are combining marks (Mn): Python's \w splits on them.
        assert_eq!(tokenize("كَتَب"), ["ك", "ت", "ب"]);
        // Devanagari vowel sign (Mc) likewise; CJK ideographs and superscript digits count.
        assert_eq!(tokenize("हिंदी"), ["ह", "द"]);
        assert_eq!(tokenize("中文²"), ["中文²"]);
        // A circled letter is Alphabetic for Rust but So, not \w, for Python.
        assert_eq!(tokenize("Ⓐb x\u{301}y"), ["b", "x", "y"]);
    }

    #[test]
    fn shingles_equal_the_literal_transcription() {
        let mut rng = Rng(12345);
        for case in 0..300 {
            let (gold_len, out_len) = (rng.below(30) as usize, rng.below(30) as usize);
            let gold = random_words(&mut rng, gold_len, [3, 8, 50][case % 3]);
            let out = random_words(&mut rng, out_len, [3, 8, 50][case % 3]);
            let mut interner = Interner::default();
            let (g, o) = (interner.ids(&gold), interner.ids(&out));
            let c = shingle_counts(&g, &o);
            let (tp, fp, fn_) = naive_shingles(&gold, &out);
            assert!(
                (c.tp - tp).abs() < 1e-12
                    && (c.fp - fp).abs() < 1e-12
                    && (c.fn_ - fn_).abs() < 1e-12,
                "{gold:?} / {out:?}"
            );
        }
    }

    #[test]
    fn shingle_edge_cases() {
        let mut i = Interner::default();
        let text = i.ids("one two three four five six");
        let same = shingle_counts(&text, &text);
        assert_eq!(same, Counts { tp: 1.0, fp: 0.0, fn_: 0.0 });
        assert_eq!(same.prf().f1, 1.0);
        // Both empty: all zero, precision and recall 1 (evaluate.py), but such a page is left
        // out of both averages.
        let none = shingle_counts(&[], &[]);
        assert_eq!(none, Counts::default());
        assert_eq!((none.precision(), none.recall()), (1.0, 1.0));
        // Empty output: no precision to average, recall 0.
        let empty_out = shingle_counts(&text, &[]);
        assert_eq!(empty_out, Counts { tp: 0.0, fp: 0.0, fn_: 1.0 });
        assert_eq!(empty_out.recall(), 0.0);
        // Empty gold: precision 0, no recall to average.
        let empty_gold = shingle_counts(&[], &text);
        assert_eq!(empty_gold.precision(), 0.0);
        // A text of fewer than 4 tokens is one shingle of all of them.
        let short = i.ids("one two");
        assert_eq!(shingle_counts(&short, &short).tp, 1.0);
        assert_eq!(shingle_counts(&short, &i.ids("one two three")).tp, 0.0);

        let s = shingle_summary(&[same, empty_out, empty_gold, none]);
        // Precision over `same` and `empty_gold` (1 and 0); recall over `same` and `empty_out`.
        assert_eq!((s.precision, s.recall), (0.5, 0.5));
        assert_eq!(shingle_summary(&[]), Prf::default());
    }

    #[test]
    fn paragraphs_kept_whole_broken_or_lost() {
        let mut i = Interner::default();
        let gold = "the study found according to Mikey Shulman a lecturer at MIT Sloan\n\
                    A short line\n\
                    the second paragraph is here and it stays whole\n\
                    a third paragraph the output never shows at all";
        let out = i.ids("the study found according to a lecturer at MIT Sloan then the second paragraph is here and it stays whole end");
        let p = paragraphs(gold, &out, &mut i);
        assert_eq!((p.gold, p.kept, p.whole), (3, 2, 1));
        assert_eq!(
            p.broken,
            ["the study found according to Mikey Shulman a lecturer at MIT Sloan"]
        );
        // A line the output holds twice, once cut: whole when one run is whole.
        let out = i.ids("according to a lecturer at MIT Sloan; according to Mikey Shulman a lecturer at MIT Sloan");
        let p = paragraphs("according to Mikey Shulman a lecturer at MIT Sloan", &out, &mut i);
        assert_eq!((p.kept, p.whole), (1, 1));
        // The ends found but not in one run: kept, not whole; too far apart: not kept.
        let out = i.ids("a b c x y z");
        let p = paragraphs("a b c d x y z", &out, &mut i);
        assert_eq!((p.gold, p.kept, p.whole), (1, 1, 0));
        let far = i.ids(&format!("a b c {} x y z", "w ".repeat(20)));
        assert_eq!(paragraphs("a b c d x y z", &far, &mut i).kept, 0);
        assert_eq!(whole_share([&p]), Some((0.0, 0, 1)));
        assert_eq!(whole_share([&Paragraphs::default()]), None);
        assert_eq!(paragraphs("", &[], &mut i), Paragraphs::default());
    }

    #[test]
    fn half_overlap_shingles() {
        let mut i = Interner::default();
        // Gold: 8 tokens = 5 shingles; output: the first 4 = 1 shingle, matched.
        let g = i.ids("a b c d e f g h");
        let o = i.ids("a b c d");
        let c = shingle_counts(&g, &o);
        assert_eq!(c, Counts { tp: 0.2, fp: 0.0, fn_: 0.8 });
        assert_eq!((c.precision(), c.recall()), (1.0, 0.2));
    }
}
