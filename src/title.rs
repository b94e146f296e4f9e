//! TitleFinder: the headline of a page (thesis chapter 5).
//!
//! The `<title>` text is a query; every text fragment of the body is a "sentence" (5.3.2); the
//! fragment most similar to the query is the headline (5.3.3). Fragments are the texts of the
//! normalised lines of [`Page`] (a line ends at every block-level tag, so inline markup such as
//! `<h1><a>Head</a> <em>line</em></h1>` stays one fragment, as a reader sees it).
//!
//! Preprocessing (5.3.1) is [`Page::parse`] (scripts, styles, comments and metas removed,
//! whitespace normalised) plus [`crate::words::tokens`]: Unicode words (UAX #29), lowercased,
//! so quotes, commas, colons and other punctuation never become tokens.
//!
//! The headline shown is TitleFinder's checked against what the page declares ([`choice`]).
//!
//! When TitleFinder has nothing to work with (no `<title>`, or a `<title>` that shares no token
//! with the body) the headline is the first `h1`, else `og:title`, else the `<title>` as is.
//!
//! The two baselines of 5.4.3 and the scoring of a headline against a gold one are part of
//! `dana eval` (cli/src/eval/headline.rs).

use std::borrow::Cow;
use std::collections::HashMap;
use std::hash::{BuildHasher, Hasher};
use std::ops::Range;

use crate::extraction::TitleCandidate;
use crate::html::collapse_whitespace;
use crate::options::TitleMetric;
use crate::preprocess::{Page, Tok};
use crate::settings::title::MAX_CANDIDATES;
use crate::tokenize::{Name, Tag};
use crate::words::{compared_form, for_each_word, Form};

mod address;
pub mod choice;
pub mod shown;
mod site;
pub mod witnesses;

/// The chosen headline.
#[derive(Clone, Debug, Default)]
pub struct Headline {
    /// Its text.
    pub text: String,
    /// Which rule chose it: `titlefinder`, `h1`, `og:title`, `title` or `none`.
    pub rule: &'static str,
    /// The normalised line it stands on, when it stands in the body.
    pub line: Option<usize>,
    /// The best fragments with their four scores, best first under the metric in use.
    pub candidates: Vec<TitleCandidate>,
    /// Nothing on the page confirmed it: every declared title is the site's, or none agrees
    /// with the body ([`choice::choose`]); [`shown::confirm`] prefers the heading the article shows.
    pub weak: bool,
    /// Every declared title is the site's name and more ("KSAT 4 | Your Local News Leader"):
    /// the more is a tagline unless the article says its words ([`shown::confirm`]).
    pub after_site: bool,
}

impl Headline {
    /// Another headline in this one's place, with its candidates (TitleFinder's ranking, which
    /// `Extraction::title_candidates` lists, stays).
    pub fn instead(&self, text: String, rule: &'static str, line: Option<usize>) -> Headline {
        Headline {
            text,
            rule,
            line,
            candidates: self.candidates.clone(),
            weak: false,
            after_site: false,
        }
    }
}

/// A text fragment of the body: one normalised line's text.
#[derive(Clone, Debug, PartialEq)]
pub struct Fragment {
    /// The text, whitespace collapsed and trimmed.
    pub text: String,
    /// The normalised line.
    pub line: usize,
}

/// The text fragments of the body in document order (lines without text are skipped).
pub fn fragments(page: &Page) -> Vec<Fragment> {
    let mut out = Vec::new();
    // One buffer for every line: only the trimmed text of a line with text is copied out.
    let mut text = String::new();
    for (i, line) in page.lines.iter().enumerate() {
        text.clear();
        let mut space = false;
        for tok in &page.toks[line.start..line.end] {
            if let Tok::Text(t) = tok {
                push_collapsed(&mut text, t, &mut space);
            }
        }
        if space {
            text.push(' ');
        }
        let trimmed = text.trim();
        if !trimmed.is_empty() {
            out.push(Fragment { text: trimmed.to_string(), line: i });
        }
    }
    out
}

/// Appends `text` to `out` with its whitespace collapsed as [`collapse_whitespace`] collapses
/// it, a run of whitespace becoming one space when a character follows it. `space` says that
/// a run is pending: it carries a run over from one call to the next, so the texts of a line
/// appended one by one come out as `collapse_whitespace` of their concatenation (the caller
/// adds the space of a run left pending at the end). Works on bytes: all of the collapsed
/// characters are ASCII but U+00A0, whose UTF-8 form C2 A0 is found as such.
fn push_collapsed(out: &mut String, text: &str, space: &mut bool) {
    let bytes = text.as_bytes();
    // A page's texts come with their whitespace collapsed already (but in `pre` and the like):
    // no whitespace but single plain spaces, no C2 (the first byte of U+00A0). Such a text is
    // copied whole, its leading and trailing space left pending as the loop below leaves them.
    // The test is one pass without branches, which the compiler vectorises; the loop took a
    // byte at a time over all of the page's text.
    let odd = |b: u8| matches!(b, b'\t' | b'\n' | b'\r' | b'\x0c' | 0xC2);
    let pairs = bytes.iter().zip(bytes.get(1..).unwrap_or_default());
    let messy = bytes.last().is_some_and(|&b| odd(b))
        || pairs.fold(false, |m, (&a, &b)| m | odd(a) | ((a == b' ') & (b == b' ')));
    if !messy {
        let core = text.strip_prefix(' ').unwrap_or(text);
        *space |= core.len() < text.len();
        let core = core.strip_suffix(' ').unwrap_or(core);
        if !core.is_empty() {
            if *space {
                out.push(' ');
            }
            out.push_str(core);
            *space = text.ends_with(' ');
        }
        return;
    }
    // The start of the run of other characters being read.
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        let width = match bytes[i] {
            b' ' | b'\t' | b'\n' | b'\r' | b'\x0c' => 1,
            0xC2 if bytes.get(i + 1) == Some(&0xA0) => 2,
            _ => 0,
        };
        if width == 0 {
            i += 1;
            continue;
        }
        if start < i {
            if *space {
                out.push(' ');
            }
            out.push_str(&text[start..i]);
        }
        *space = true;
        i += width;
        start = i;
    }
    if start < bytes.len() {
        if *space {
            out.push(' ');
        }
        out.push_str(&text[start..]);
        *space = false;
    }
}

/// A scored fragment. Its candidate's text stays empty until it is chosen ([`Scored::with_text`]):
/// most fragments of a page share some word with the `<title>`, and copying every one of their
/// texts only to keep ten would cost more than the scoring.
struct Scored {
    candidate: TitleCandidate,
    /// Index in the fragments.
    fragment: usize,
}

impl Scored {
    fn with_text(self, fragments: &[Fragment]) -> TitleCandidate {
        TitleCandidate { text: fragments[self.fragment].text.clone(), ..self.candidate }
    }
}

/// Term ids: each distinct token gets the next number, in order of first occurrence (the query
/// first, then the fragments in document order). The order matters: term frequencies are kept
/// sorted by id, and the sums of the scores run in that order, so it fixes their last bits.
#[cfg_attr(not(test), allow(dead_code))] // the reference the tests compare `find` with
struct Vocabulary<'s> {
    /// Keys borrow the texts when the word is its own compared form ([`Form::AsIs`]).
    ids: HashMap<Cow<'s, str>, usize, WordHashing>,
    /// The compared form of the word being looked up, when it is not the word itself.
    buf: String,
}

#[cfg_attr(not(test), allow(dead_code))] // the reference the tests compare `find` with
impl<'s> Vocabulary<'s> {
    /// Room for `words` distinct words before the table grows.
    fn with_capacity(words: usize) -> Self {
        Vocabulary {
            ids: HashMap::with_capacity_and_hasher(words, WordHashing::new()),
            buf: String::new(),
        }
    }

    /// Appends the term ids of the [`crate::words::tokens`] of `text` to `out`. `lowered`: the ASCII letters
    /// of `text` are lowercase already, so that an ASCII word is its own compared form.
    fn push_ids(&mut self, text: &'s str, lowered: bool, out: &mut Vec<usize>) {
        let Vocabulary { ids, buf } = self;
        for_each_word(text, |w, ascii| {
            let next = ids.len();
            let form = if ascii && lowered { Form::AsIs } else { compared_form(w, buf) };
            let id = match form {
                Form::AsIs => *ids.entry(Cow::Borrowed(w)).or_insert(next),
                Form::InBuffer => match ids.get(buf.as_str()) {
                    Some(&id) => id,
                    None => {
                        ids.insert(Cow::Owned(buf.clone()), next);
                        next
                    }
                },
                Form::Empty => return,
            };
            out.push(id);
        });
    }
}

/// The hash of [`Vocabulary`]: FxHash (Firefox's and rustc's rotate-xor-multiply hash), eight
/// bytes a step, finished with a rotation as `rustc-hash` 2 does. Every token of the page is
/// looked up and words are short, so std's SipHash cost more than the rest of the interning
/// (15 M of 657 M instructions on the `scripts/callgrind.sh` sample).
///
/// FxHash alone is not keyed: a page written so that many of its words collide would make
/// the interning quadratic in their number. So every [`Vocabulary`] starts its hashes from a
/// fresh random seed ([`WordHashing`]), which such a page cannot know in advance. (FxHash is
/// not a cryptographic hash, so the seed raises the work of such an attack rather than ruling
/// it out; on wasm32-unknown-unknown the seed comes from std's `RandomState`, which has no OS
/// randomness there and derives its keys from memory addresses.)
#[derive(Clone, Copy)]
struct WordHasher {
    hash: u64,
}

/// Builds [`WordHasher`]s that start from one random seed.
#[derive(Clone, Copy)]
struct WordHashing {
    seed: u64,
}

impl WordHashing {
    fn new() -> Self {
        WordHashing { seed: std::collections::hash_map::RandomState::new().hash_one(0x5eed_u64) }
    }
}

impl BuildHasher for WordHashing {
    type Hasher = WordHasher;

    fn build_hasher(&self) -> WordHasher {
        WordHasher { hash: self.seed }
    }
}

impl WordHasher {
    const K: u64 = 0x517c_c1b7_2722_0a95;

    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(Self::K);
    }
}

impl Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            self.add(u64::from_le_bytes(chunk.try_into().unwrap_or_default()));
        }
        let rest = chunks.remainder();
        let n = rest.len();
        if n > 0 {
            // The last bytes as a number without a copy into a zeroed buffer (which called
            // `memcpy` for every word): from four bytes on, two loads that may overlap, the same
            // bits as zero-padding them; under four, the first, middle and last byte, which with
            // the length tell every such tail apart. Ids do not depend on the hash (they follow
            // first occurrence), only where the table keeps them.
            let last = if n >= 4 {
                let word = |at: usize| {
                    u64::from(u32::from_le_bytes([
                        rest[at],
                        rest[at + 1],
                        rest[at + 2],
                        rest[at + 3],
                    ]))
                };
                word(0) | word(n - 4) << ((n - 4) * 8)
            } else {
                u64::from(rest[0]) | u64::from(rest[n / 2]) << 8 | u64::from(rest[n - 1]) << 16
            };
            // The length tells "ab" from "ab\0" (`str`'s `Hash` also appends 0xff, but `[u8]`
            // keys would not).
            self.add(last ^ ((n as u64) << 59));
        }
    }

    fn write_u8(&mut self, byte: u8) {
        self.add(u64::from(byte));
    }

    fn finish(&self) -> u64 {
        // The multiply leaves the low bits, which pick the bucket, poorly mixed; the rotation
        // brings the well-mixed high bits down (as rustc-hash 2 does).
        self.hash.rotate_left(26)
    }
}

/// Scores every fragment against `query` with the four measures of 5.3.3: a candidate, its text
/// left out, for each fragment that shares a word with the query (the others score 0 under
/// every measure), in document order. The plain reference the tests compare
/// [`score_headline_candidates`] with, which scores only the fragments short enough for
/// [`find`] to keep, with the same results to the last bit for those. Not inlined, so that
/// profiles show its share apart.
#[inline(never)]
#[cfg_attr(not(test), allow(dead_code))] // the reference the tests compare `find` with
fn score_fragments(fragments: &[Fragment], query: &str) -> Vec<Scored> {
    // Term ids over the query and all fragments; every fragment's ids are one range of `terms`.
    // Room up front for about one distinct word per 16 bytes of text (generous on the corpus
    // pages) spares the table's rehashing as it grows. Capped, so that a huge text of a few
    // words repeated does not reserve megabytes it never uses; past the cap the table grows.
    let text_bytes = query.len() + fragments.iter().map(|f| f.text.len()).sum::<usize>();
    let mut vocab = Vocabulary::with_capacity((text_bytes / 16).min(1 << 16));
    let mut q_terms = Vec::new();
    vocab.push_ids(query, false, &mut q_terms);
    let mut terms: Vec<usize> = Vec::new();
    // (fragment index, its range in `terms`), for the fragments with at least one token.
    let mut docs: Vec<(usize, Range<usize>)> = Vec::new();
    for (i, f) in fragments.iter().enumerate() {
        let start = terms.len();
        vocab.push_ids(&f.text, false, &mut terms);
        if terms.len() > start {
            docs.push((i, start..terms.len()));
        }
    }
    if q_terms.is_empty() || docs.is_empty() {
        return Vec::new();
    }

    // Document frequency over the page's fragments (the "documents" of the IDF).
    let mut df = vec![0u32; vocab.ids.len()];
    let mut counts = vec![0u32; vocab.ids.len()];
    // Every fragment's term frequencies, one range of `tf_all` each (in the order of `docs`).
    let mut tf_all: Vec<(usize, f64)> = Vec::with_capacity(terms.len());
    let mut tf_ranges: Vec<Range<usize>> = Vec::with_capacity(docs.len());
    for (_, range) in &docs {
        let start = tf_all.len();
        term_frequencies(&terms[range.clone()], &mut counts, &mut tf_all);
        for (t, _) in &tf_all[start..] {
            df[*t] += 1;
        }
        tf_ranges.push(start..tf_all.len());
    }
    let idf: Vec<f64> = df.iter().map(|&d| smoothed_idf(docs.len(), d)).collect();
    let query = QueryWeights::new(&q_terms, &mut counts, &idf);
    docs.iter()
        .zip(tf_ranges)
        .filter_map(|((i, _), tf_range)| {
            let candidate = query.score(&tf_all[tf_range], &idf, fragments[*i].line)?;
            Some(Scored { candidate, fragment: *i })
        })
        .collect()
}

/// Smoothed IDF of a term found in `df` of the `n` fragments with a token, ln((1 + N) /
/// (1 + df)) + 1: never zero and defined for query terms that occur in no fragment, so a query
/// word shared by every fragment still counts a little.
fn smoothed_idf(n: usize, df: u32) -> f64 {
    ((1.0 + n as f64) / (1.0 + f64::from(df))).ln() + 1.0
}

/// The query's side of the four measures: its term frequencies sorted by term id, their
/// tf-idf weights, and the norms of both.
struct QueryWeights {
    tf: Vec<(usize, f64)>,
    tfidf: Vec<(usize, f64)>,
    tf_norm: f64,
    tfidf_norm: f64,
}

impl QueryWeights {
    /// `counts` as [`term_frequencies`] wants it; `idf` by term id.
    fn new(q_terms: &[usize], counts: &mut [u32], idf: &[f64]) -> Self {
        let mut tf = Vec::new();
        term_frequencies(q_terms, counts, &mut tf);
        let tfidf: Vec<(usize, f64)> = tf.iter().map(|(t, w)| (*t, w * idf[*t])).collect();
        let tf_norm = norm(tf.iter().map(|(_, w)| *w));
        let tfidf_norm = norm(tfidf.iter().map(|(_, w)| *w));
        QueryWeights { tf, tfidf, tf_norm, tfidf_norm }
    }

    /// The candidate (text left empty) of the fragment on `line` whose term frequencies, sorted
    /// by term id, are `s_tf`; `None` when it shares no term with the query. Every sum runs in
    /// term id order, which fixes the last bits of the scores.
    fn score(&self, s_tf: &[(usize, f64)], idf: &[f64], line: usize) -> Option<TitleCandidate> {
        if !self.tf.iter().any(|(t, _)| s_tf.binary_search_by_key(t, |(u, _)| *u).is_ok()) {
            return None;
        }
        let s_tf_norm = norm(s_tf.iter().map(|(_, w)| *w));
        let s_tfidf_norm = norm(s_tf.iter().map(|(t, w)| w * idf[*t]));
        let mut dot_tf = 0.0;
        let mut dot_tfidf = 0.0;
        let mut osm = 0.0;
        for ((t, qw), (_, q_tfidf_w)) in self.tf.iter().zip(&self.tfidf) {
            if let Ok(k) = s_tf.binary_search_by_key(t, |(u, _)| *u) {
                let sw = s_tf[k].1;
                dot_tf += qw * sw;
                dot_tfidf += q_tfidf_w * sw * idf[*t];
                // Eq. 5.2: tf-idf weight of the query term times the Euclidean-normalised tf
                // weight of the term in the fragment.
                osm += q_tfidf_w * sw / s_tf_norm;
            }
        }
        // Cosine similarity (5.3.3): the dot product over the product of the norms.
        let tf = dot_tf / (self.tf_norm * s_tf_norm);
        let tfidf = dot_tfidf / (self.tfidf_norm * s_tfidf_norm);
        // Eq. 5.3.
        Some(TitleCandidate { text: String::new(), line, tf, tfidf, osm, sum: tf + tfidf + osm })
    }
}

/// [`score_fragments`] for [`find`]: only the candidates `find` can keep, those of at most
/// [`max_headline_words`] words, with the same scores to the last bit.
///
/// A kept candidate's scores need only the query's terms, the candidate's own term counts,
/// the IDF of those terms (how many of all the fragments hold each) and the number N of
/// fragments with a token. So the page's words are split once, into one list of compared
/// forms, and read twice: first only the short fragments' words are looked up, against the
/// query's (a candidate is a short fragment that shares one) and then interned (the
/// candidates' terms); then every word of the page is looked up among those few terms, to
/// count their document frequencies. The rest of the page's words, most of its text, are
/// never interned, nor given an id.
///
/// Ids: [`score_fragments`] numbers the query's terms first, then every other word in order
/// of first occurrence on the page; its sums run in that order. The query's terms get the same
/// numbers here, and the candidates' other terms are numbered in the order the second pass
/// first meets them, the order of their ids there: the same sums, the same bits. (Splitting
/// the page twice instead of keeping its words cost more than the interning it spared:
/// 291 M instructions against 262 M on `scripts/callgrind.sh`'s sample, in an older round.)
/// The unit test `short_candidates_score_as_in_the_reference` compares the two.
#[inline(never)]
fn score_headline_candidates(fragments: &[Fragment], query: &str) -> Vec<Scored> {
    // The query and the fragments, one after the other, their ASCII letters lowercased in
    // one go: most capitalised words then are their own compared form, borrowed instead of
    // lowercased and copied one by one. The words and their compared forms are unchanged:
    // upper and lower case ASCII letters are the same to UAX #29, and `compared_form`
    // lowercases each character on its own (`char::to_lowercase`, which for an ASCII letter
    // is `to_ascii_lowercase`).
    let mut lowered =
        String::with_capacity(query.len() + fragments.iter().map(|f| f.text.len()).sum::<usize>());
    lowered.push_str(query);
    let mut spans: Vec<Range<usize>> = Vec::with_capacity(fragments.len() + 1);
    spans.push(0..query.len());
    for f in fragments {
        let start = lowered.len();
        lowered.push_str(&f.text);
        spans.push(start..lowered.len());
    }
    lowered.make_ascii_lowercase();

    // Every token, as compared: a slice of `lowered`, or of `forms` for a word whose compared
    // form differs from it (filled in once `forms` is complete). `ends[k]`: where the query's
    // (k = 0) and then each fragment's tokens end.
    let mut words: Vec<&str> = Vec::with_capacity(lowered.len() / 6);
    let mut forms = String::new();
    let mut in_forms: Vec<(usize, Range<usize>)> = Vec::new();
    let mut buf = String::new();
    let mut ends: Vec<usize> = Vec::with_capacity(spans.len());
    for span in spans {
        for_each_word(&lowered[span], |w, ascii| {
            match if ascii { Form::AsIs } else { compared_form(w, &mut buf) } {
                Form::AsIs => words.push(w),
                Form::InBuffer => {
                    in_forms.push((words.len(), forms.len()..forms.len() + buf.len()));
                    forms.push_str(&buf);
                    words.push("");
                }
                Form::Empty => {}
            }
        });
        ends.push(words.len());
    }
    for (k, range) in in_forms {
        words[k] = &forms[range];
    }

    let q_words = &words[..ends[0]];
    if q_words.is_empty() {
        return Vec::new();
    }
    let limit = max_headline_words(q_words.len());
    // The terms that matter, by a provisional id: the query's first (their ids are final),
    // then the candidates' other words.
    let mut terms: HashMap<&str, usize, WordHashing> =
        HashMap::with_capacity_and_hasher(256, WordHashing::new());
    fn intern<'w>(terms: &mut HashMap<&'w str, usize, WordHashing>, w: &'w str) -> usize {
        let next = terms.len();
        *terms.entry(w).or_insert(next)
    }
    let q_terms: Vec<usize> = q_words.iter().map(|w| intern(&mut terms, w)).collect();
    let query_distinct = terms.len();
    // The number of fragments with a token (N of the IDF); the candidates' provisional term
    // ids, one range each: (fragment index, range), in document order.
    let mut n = 0;
    let mut cand_terms: Vec<usize> = Vec::new();
    let mut short: Vec<(usize, Range<usize>)> = Vec::new();
    for (i, end) in ends.windows(2).enumerate() {
        let ws = &words[end[0]..end[1]];
        if ws.is_empty() {
            continue;
        }
        n += 1;
        if ws.len() <= limit && ws.iter().any(|w| terms.get(w).is_some_and(|&t| t < query_distinct))
        {
            let start = cand_terms.len();
            cand_terms.extend(ws.iter().map(|w| intern(&mut terms, w)));
            short.push((i, start..cand_terms.len()));
        }
    }
    if short.is_empty() {
        return Vec::new();
    }

    // Document frequencies of the terms that matter, and their final ids: the query's as they
    // are, the others in order of first occurrence on the page.
    let mut df = vec![0u32; terms.len()];
    let mut counted_in = vec![usize::MAX; terms.len()];
    let mut id: Vec<usize> =
        (0..terms.len()).map(|t| if t < query_distinct { t } else { usize::MAX }).collect();
    let mut next_id = query_distinct;
    for (i, end) in ends.windows(2).enumerate() {
        for w in &words[end[0]..end[1]] {
            if let Some(&t) = terms.get(w) {
                if counted_in[t] != i {
                    counted_in[t] = i;
                    df[t] += 1;
                    if id[t] == usize::MAX {
                        id[t] = next_id;
                        next_id += 1;
                    }
                }
            }
        }
    }
    // Every term that matters occurs in the query or in a candidate: each has its final id.
    let mut idf = vec![0.0; terms.len()];
    for (t, &d) in df.iter().enumerate() {
        idf[id[t]] = smoothed_idf(n, d);
    }
    for t in &mut cand_terms {
        *t = id[*t];
    }
    let mut counts = vec![0u32; terms.len()];
    let query = QueryWeights::new(&q_terms, &mut counts, &idf);
    let mut s_tf = Vec::new();
    short
        .into_iter()
        .filter_map(|(i, range)| {
            s_tf.clear();
            term_frequencies(&cand_terms[range], &mut counts, &mut s_tf);
            let candidate = query.score(&s_tf, &idf, fragments[i].line)?;
            Some(Scored { candidate, fragment: i })
        })
        .collect()
}

/// Appends the (term, count) pairs of `terms`, sorted by term, to `tf`. `counts` has a zero
/// for every term id and is left so; it counts without sorting `terms` (only the distinct
/// terms are sorted).
fn term_frequencies(terms: &[usize], counts: &mut [u32], tf: &mut Vec<(usize, f64)>) {
    let start = tf.len();
    for &t in terms {
        if counts[t] == 0 {
            tf.push((t, 0.0));
        }
        counts[t] += 1;
    }
    tf[start..].sort_unstable_by_key(|(t, _)| *t);
    for (t, n) in &mut tf[start..] {
        // A whole number below 2^53: the same f64 as adding 1.0 that many times.
        *n = f64::from(counts[*t]);
        counts[*t] = 0;
    }
}

fn norm(v: impl Iterator<Item = f64>) -> f64 {
    v.map(|x| x * x).sum::<f64>().sqrt()
}

/// A candidate's score under a metric.
pub fn metric_score(c: &TitleCandidate, metric: TitleMetric) -> f64 {
    match metric {
        TitleMetric::Tf => c.tf,
        TitleMetric::Tfidf => c.tfidf,
        TitleMetric::Osm => c.osm,
        TitleMetric::Sum => c.sum,
    }
}

/// Finds the headline of a page, whose text fragments are `frags` ([`fragments`]), with
/// TitleFinder and the fallbacks described in the module documentation.
pub fn find(page: &Page, frags: &[Fragment], metric: TitleMetric) -> Headline {
    find_for(page, frags, metric, &page.head.title)
}

/// [`find`] with `query` for the `<title>`'s text: [`crate::declared::title_text`] with
/// [`crate::Options::declared_title`], the `<title>` read as HTML when it holds markup.
// Not inlined (called once a page), so that profiles show TitleFinder's share.
#[inline(never)]
pub fn find_for(page: &Page, frags: &[Fragment], metric: TitleMetric, query: &str) -> Headline {
    // Only fragments of at most `max_headline_words` words are scored.
    let mut scored = score_headline_candidates(frags, query);
    // Best first; a tie goes to the earlier fragment (the sort is stable), since a headline
    // stands above the article that repeats its words.
    scored.sort_by(|a, b| {
        metric_score(&b.candidate, metric).total_cmp(&metric_score(&a.candidate, metric))
    });
    // A text repeated on the page (the headline in a breadcrumb and a heading) is listed once,
    // at its best (and on ties, first) place.
    let mut seen = std::collections::HashSet::new();
    let candidates: Vec<TitleCandidate> = scored
        .into_iter()
        .filter(|s| metric_score(&s.candidate, metric) > 0.0)
        .filter(|s| seen.insert(frags[s.fragment].text.as_str()))
        .take(MAX_CANDIDATES)
        .map(|s| s.with_text(frags))
        .collect();
    if let Some(best) = candidates.first() {
        return Headline {
            text: best.text.clone(),
            rule: "titlefinder",
            line: Some(best.line),
            candidates,
            weak: false,
            after_site: false,
        };
    }
    // The `<title>` is empty or shares no word with the body.
    if let Some((text, line)) = first_heading(page, Some(1)) {
        return Headline {
            text,
            rule: "h1",
            line: Some(line),
            candidates,
            weak: false,
            after_site: false,
        };
    }
    if let Some(text) = page.head.meta_contents(&["property", "name"], "og:title").next() {
        return Headline {
            text,
            rule: "og:title",
            line: None,
            candidates,
            weak: false,
            after_site: false,
        };
    }
    if !page.head.title.is_empty() {
        return Headline {
            text: page.head.title.clone(),
            rule: "title",
            line: None,
            candidates,
            weak: false,
            after_site: false,
        };
    }
    Headline {
        text: String::new(),
        rule: "none",
        line: None,
        candidates,
        weak: false,
        after_site: false,
    }
}

/// The longest fragment, in words, that may be a headline for a `<title>` of `query_words`
/// words. Our guard, not the thesis's: when the body has no fragment like the `<title>`, a long
/// paragraph that happens to repeat its words would win under every metric, and a paragraph
/// is never a headline; the fallbacks below do better.
fn max_headline_words(query_words: usize) -> usize {
    2 * query_words + 5
}

/// The text and line of the first heading with text: of level `level`, or, with `None`, of
/// the highest level the page uses (the "first largest heading" baseline of 5.4.3).
pub fn first_heading(page: &Page, level: Option<u8>) -> Option<(String, usize)> {
    let headings = headings_of_level(page, level);
    let want = match level {
        Some(l) => l,
        None => headings.iter().map(|h| h.0).min()?,
    };
    headings.into_iter().find(|h| h.0 == want).map(|(_, t, line)| (t, line))
}

/// Every heading with text in document order: (level, text with whitespace collapsed, line of
/// its start tag).
pub fn headings(page: &Page) -> Vec<(u8, String, usize)> {
    headings_of_level(page, None)
}

/// [`headings`] of one level only (all with `None`): the others' texts are neither copied nor
/// collapsed (`choose` asks for the `h1`s of every page). A heading of another level still ends
/// an unclosed one.
pub fn headings_of_level(page: &Page, level: Option<u8>) -> Vec<(u8, String, usize)> {
    let mut headings: Vec<(u8, String, usize)> = Vec::new();
    // The heading being read: (level, text, line of its start tag).
    let mut open: Option<(u8, String, usize)> = None;
    for (i, tok) in page.toks.iter().enumerate() {
        match tok {
            Tok::Start { name, .. } if heading_level(name).is_some() => {
                if let Some(h) = open.take() {
                    headings.push(h); // an unclosed heading ends where the next begins
                }
                open = Some((
                    heading_level(name).unwrap_or(1),
                    String::new(),
                    page.line_of[i] as usize,
                ));
            }
            Tok::End { name } if heading_level(name).is_some() => {
                if let Some(h) = open.take() {
                    headings.push(h);
                }
            }
            Tok::Text(t) => {
                if let Some((_, text, _)) =
                    open.as_mut().filter(|(l, _, _)| level.is_none_or(|wanted| *l == wanted))
                {
                    text.push_str(t);
                }
            }
            _ => {}
        }
    }
    headings.extend(open);
    headings
        .into_iter()
        .filter(|(l, _, _)| level.is_none_or(|wanted| *l == wanted))
        .map(|(l, t, line)| (l, collapse_whitespace(&t).trim().to_string(), line))
        .filter(|(_, t, _)| !t.is_empty())
        .collect()
}

/// Asked of every tag of the page: the name's [`Tag`] is compared, not its text (a known name
/// always carries its tag).
fn heading_level(name: &Name) -> Option<u8> {
    match name.tag()? {
        Tag::H1 => Some(1),
        Tag::H2 => Some(2),
        Tag::H3 => Some(3),
        Tag::H4 => Some(4),
        Tag::H5 => Some(5),
        Tag::H6 => Some(6),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::LinkFilter;
    use crate::words::tests::{reference_tokens, TRICKY};
    use crate::words::tokens;

    fn page(html: &str) -> Page<'_> {
        Page::parse(html, crate::preprocess::Preprocessing::thesis(LinkFilter::None))
    }

    /// [`super::find`] on the page's own fragments, as `extract` calls it.
    fn find(page: &Page, metric: TitleMetric) -> Headline {
        super::find(page, &fragments(page), metric)
    }

    #[test]
    fn collapsing_piece_by_piece_is_collapsing_the_whole() {
        let lines: &[&[&str]] = &[
            &[],
            &[""],
            &["  a  b  "],
            &["a", "b"],
            &["a ", " b"],
            &["\t\n\r\x0c\u{a0}x\u{a0}\u{a0}y\u{a0}"],
            &[" ", "\u{a0}", "z", " "],
            &["é\u{a0}é", "\u{2003}wide space\u{3000}", "\u{85}nel"],
            &["Â\u{a0}", "\u{c2}", "\u{a0}"],
            // Texts collapsed already (copied whole): single spaces at either end or inside.
            &[" a b ", "c", " ", "d "],
            &["a", " ", " ", "b"],
            &[" "],
            &[" ", " "],
            &["a b", " c d", "e", " f"],
            &["x ", " y", "  z"],
        ];
        for pieces in lines {
            let mut out = String::new();
            let mut space = false;
            for p in *pieces {
                push_collapsed(&mut out, p, &mut space);
            }
            if space {
                out.push(' ');
            }
            assert_eq!(out, collapse_whitespace(&pieces.concat()), "{pieces:?}");
        }
    }

    #[test]
    fn term_frequencies_count_and_sort() {
        let mut counts = vec![0u32; 8];
        let mut tf = vec![(9, 9.0)];
        term_frequencies(&[5, 1, 5, 7, 1, 5], &mut counts, &mut tf);
        assert_eq!(tf, vec![(9, 9.0), (1, 2.0), (5, 3.0), (7, 1.0)]);
        assert!(counts.iter().all(|&c| c == 0), "counts left at zero for the next call");
        term_frequencies(&[], &mut counts, &mut tf);
        assert_eq!(tf.len(), 4);
    }

    #[test]
    fn term_ids_follow_first_occurrence() {
        let mut vocab = Vocabulary::with_capacity(0);
        let mut ids = Vec::new();
        let text = TRICKY.join(" The THE the ");
        vocab.push_ids(&text, false, &mut ids);
        // A lowered text's ASCII words taken as they are: the ids of every word as compared.
        let lowered = text.to_ascii_lowercase();
        let (mut a, mut b) = (Vec::new(), Vec::new());
        Vocabulary::with_capacity(0).push_ids(&lowered, true, &mut a);
        Vocabulary::with_capacity(0).push_ids(&lowered, false, &mut b);
        assert_eq!(a, b);
        assert_eq!(a, ids);
        // The reference: a word's id is the number of distinct words before its first occurrence.
        let words = reference_tokens(&text);
        let mut first: Vec<&str> = Vec::new();
        let expected: Vec<usize> = words
            .iter()
            .map(|w| match first.iter().position(|f| f == w) {
                Some(id) => id,
                None => {
                    first.push(w);
                    first.len() - 1
                }
            })
            .collect();
        assert_eq!(ids, expected);
        assert_eq!(vocab.ids.len(), first.len());
    }

    /// [`score_headline_candidates`] against the reference [`score_fragments`], whose candidates
    /// of at most [`max_headline_words`] words it must give with the same bits.
    fn assert_short_candidates_as_in_the_reference(fragments: &[Fragment], query: &str) -> usize {
        let limit = max_headline_words(tokens(query).len());
        let reference: Vec<Scored> = score_fragments(fragments, query)
            .into_iter()
            .filter(|s| tokens(&fragments[s.fragment].text).len() <= limit)
            .collect();
        let fast = score_headline_candidates(fragments, query);
        let key = |s: &Scored| {
            let c = &s.candidate;
            (
                s.fragment,
                c.line,
                c.tf.to_bits(),
                c.tfidf.to_bits(),
                c.osm.to_bits(),
                c.sum.to_bits(),
            )
        };
        assert_eq!(
            fast.iter().map(key).collect::<Vec<_>>(),
            reference.iter().map(key).collect::<Vec<_>>(),
            "{query:?} {fragments:?}"
        );
        fast.len()
    }

    #[test]
    fn short_candidates_score_as_in_the_reference() {
        let frags = |texts: &[&str]| -> Vec<Fragment> {
            texts
                .iter()
                .enumerate()
                .map(|(line, t)| Fragment { text: t.to_string(), line: line * 2 })
                .collect()
        };
        assert_eq!(assert_short_candidates_as_in_the_reference(&frags(&["a b"]), ""), 0);
        assert_eq!(assert_short_candidates_as_in_the_reference(&frags(&[]), "a"), 0);
        assert_eq!(
            assert_short_candidates_as_in_the_reference(&frags(&["\u{064E}", "b"]), "\u{064E} b"),
            1
        );
        let tricky = frags(TRICKY);
        for query in TRICKY {
            assert_short_candidates_as_in_the_reference(&tricky, query);
        }
        // Random pages over a small vocabulary, so that words repeat across fragments: terms
        // first seen in long fragments (which are not scored) before the short ones that
        // use them, capitals, non-ASCII words, mark-only words that are no tokens.
        let words = [
            "rain",
            "Rain",
            "RAIN",
            "week",
            "all",
            "expected",
            "news",
            "daily",
            "the",
            "a",
            "of",
            "in",
            "north",
            "ÉCOLE",
            "école",
            "\u{212A}elvin",
            "kelvin",
            "İstanbul",
            "باران",
            "\u{0628}\u{064E}",
            "\u{0628}",
            "\u{064E}\u{0650}",
            "日本語",
            "can't",
            "1,000.5",
            "x_y",
            "--",
            "|",
        ];
        let mut next = crate::testing::xorshift(0x1234_5678_9abc_def1);
        let mut scored = 0;
        for _ in 0..2_000 {
            let text = |max_words: u64, next: &mut dyn FnMut() -> u64| -> String {
                let n = next() % (max_words + 1);
                (0..n)
                    .map(|_| words[(next() % words.len() as u64) as usize])
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            let query = text(6, &mut next);
            let count = (next() % 12) as usize;
            // Now and then a fragment longer than any limit (2 * 6 + 5 words).
            let texts: Vec<String> = (0..count)
                .map(|_| {
                    let max_words = if next() % 4 == 0 { 40 } else { 10 };
                    text(max_words, &mut next)
                })
                .collect();
            let fragments: Vec<Fragment> =
                texts.into_iter().enumerate().map(|(line, text)| Fragment { text, line }).collect();
            scored += assert_short_candidates_as_in_the_reference(&fragments, &query);
        }
        assert!(scored > 1_000, "the random pages have candidates: {scored}");
    }

    #[test]
    fn word_hasher_tells_apart_what_str_keys_need() {
        let hashing = WordHashing::new();
        let h = |s: &str| hashing.hash_one(s);
        let words = [
            "",
            "a",
            "ab",
            "ab\0",
            "abcdefgh",
            "abcdefgh\0",
            "abcdefghi",
            "ba",
            "straße",
            "strasse",
        ];
        for (i, a) in words.iter().enumerate() {
            for b in &words[i + 1..] {
                assert_ne!(h(a), h(b), "{a:?} {b:?}");
            }
        }
        assert_eq!(h("same"), h("same"));
        assert_ne!(
            h("same"),
            WordHashing::new().hash_one("same"),
            "each vocabulary has its own seed"
        );
    }

    #[test]
    fn the_fragment_most_like_the_title_is_the_headline() {
        let p = page(
            "<title>Rain expected all week | Daily News</title><div>Daily News</div><ul><li>Home</li></ul>\
             <h2>Rain <em>expected</em> all week</h2><p>Forecasters said rain is expected all week long in the north.</p>",
        );
        for metric in [TitleMetric::Tf, TitleMetric::Tfidf, TitleMetric::Osm, TitleMetric::Sum] {
            let h = find(&p, metric);
            assert_eq!(h.text, "Rain expected all week", "{metric:?}");
            assert_eq!(h.rule, "titlefinder");
            assert_eq!(
                h.line,
                Some(
                    p.line_of[p.toks.iter().position(|t| t.name() == Some("h2")).unwrap()] as usize
                )
            );
            assert!(h.candidates.len() >= 2);
            let c = &h.candidates[0];
            assert!((c.sum - (c.tf + c.tfidf + c.osm)).abs() < 1e-12);
            // 4 shared words of a 6-word query and a 4-word fragment: 4 / (sqrt 6 * sqrt 4).
            assert!((c.tf - 4.0 / (6f64.sqrt() * 2.0)).abs() < 1e-12, "{}", c.tf);
        }
    }

    #[test]
    fn fallbacks_say_which_rule_won() {
        let h = find(
            &page("<title>Nothing here matches</title><h1>Actual headline</h1><p>Body text.</p>"),
            TitleMetric::Tf,
        );
        assert_eq!((h.text.as_str(), h.rule), ("Actual headline", "h1"));
        let h = find(
            &page("<meta property=\"og:title\" content=\" From  OG \"><p>Body text.</p>"),
            TitleMetric::Tf,
        );
        assert_eq!((h.text.as_str(), h.rule, h.line), ("From OG", "og:title", None));
        let h = find(&page("<title>Lonely</title><p>Body text.</p>"), TitleMetric::Tf);
        assert_eq!((h.text.as_str(), h.rule), ("Lonely", "title"));
        let h = find(&page("<p>Body text.</p>"), TitleMetric::Tf);
        assert_eq!((h.text.as_str(), h.rule), ("", "none"));
    }

    #[test]
    fn right_to_left_titles_work_too() {
        let p = page("<title>باران در تهران - خبرگزاری</title><p>خانه</p><h1>باران در تهران</h1><p>امروز در تهران باران بارید.</p>");
        assert_eq!(find(&p, TitleMetric::Tf).text, "باران در تهران");
    }
}
