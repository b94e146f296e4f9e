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
//! - A number or letter that opens a heading or a list item (`1. Introduction`, `2.3. Method`,
//!   `iv. Results`, `b. Second`) is read with what it numbers, not as a sentence of its own.
//!
//! Zero-width joiners and non-joiners (Persian `می‌خواهم`) are format characters that UAX #29
//! keeps inside words and sentences; they stay in the text and in the offsets.
//!
//! Offsets are in UTF-16 code units within the block's `text`, the indices JavaScript strings
//! use, so the reader view can highlight `text.slice(start, end)` while it is spoken.

use unicode_segmentation::UnicodeSegmentation;

use crate::extraction::{Block, BlockKind, Post, Sentence, Table};

/// The sentences of `blocks`, in reading order, each naming its block by index; `lang` is the
/// article's language, in which a post's header is announced (`post_header`).
pub fn of_blocks(blocks: &[Block], lang: &str) -> Vec<Sentence> {
    blocks
        .iter()
        .enumerate()
        .flat_map(|(i, b)| match &b.kind {
            BlockKind::Table(t) => table_sentences(t, i),
            // A post's header (author · date) is one sentence, whatever its punctuation.
            BlockKind::Post(p) if !b.text.is_empty() => {
                vec![Sentence {
                    text: post_header(b, p, lang),
                    block: i,
                    start: 0,
                    end: b.text.encode_utf16().count(),
                }]
            }
            _ => split(&b.text)
                .into_iter()
                .map(|(start, end, text)| Sentence { text, block: i, start, end })
                .collect(),
        })
        .collect()
}

/// Read-aloud announces each post of a thread with its author: the sentence of a post's header
/// is said as "Post by NAME, DATE" in the article's language ([`crate::lang::post_announcement`]),
/// its offsets still covering the header, which is what the reader highlights (as a table row's).
fn post_header(b: &Block, p: &Post, lang: &str) -> String {
    // The date as the header shows it: what follows the author and ` · `.
    let shown = match &p.author {
        Some(a) => b.text.strip_prefix(a.as_str()).and_then(|r| r.strip_prefix(" · ")),
        None => Some(b.text.as_str()),
    };
    crate::lang::post_announcement(lang, p.author.as_deref(), shown.filter(|d| !d.is_empty()))
        .unwrap_or_else(|| b.text.clone())
}

/// A table read aloud: its caption as sentences, then one sentence a row, a body row's cells
/// each with the name of its column ("2026: $15,000"), a row's header cells first. The
/// sentence is said as written here; its offsets cover the row in the block's text
/// ([`crate::render::table_text`]), which is what the reader highlights.
fn table_sentences(t: &Table, block: usize) -> Vec<Sentence> {
    let mut out: Vec<Sentence> = Vec::new();
    let mut at = 0; // UTF-16 offset of the row in the block's text
    if !t.caption.is_empty() {
        out.extend(split(&t.caption).into_iter().map(|(start, end, text)| Sentence {
            text,
            block,
            start,
            end,
        }));
        at = t.caption.encode_utf16().count() + 1;
    }
    let columns = grid_columns(t);
    // A column's name: the texts of the header rows' cells over it, top to bottom. A header
    // row of one cell across the table is the table's title (an infobox's), no column's name.
    let width = columns
        .iter()
        .zip(&t.rows)
        .filter_map(|(cols, row)| Some(cols.last()? + row.last()?.colspan as usize))
        .max()
        .unwrap_or(0);
    let mut names: Vec<Vec<&str>> = Vec::new();
    let titled =
        |row: &&Vec<crate::extraction::Cell>| !(row.len() == 1 && row[0].colspan as usize >= width);
    for (row, cols) in t.rows.iter().zip(&columns).take(t.head_rows).filter(|(row, _)| titled(row))
    {
        for (cell, &col) in row.iter().zip(cols) {
            for c in col..col + cell.colspan as usize {
                if names.len() <= c {
                    names.resize(c + 1, Vec::new());
                }
                if !cell.text.is_empty() && names[c].last() != Some(&cell.text.as_str()) {
                    names[c].push(&cell.text);
                }
            }
        }
    }
    for (r, (row, cols)) in t.rows.iter().zip(&columns).enumerate() {
        let len = row.iter().map(|c| c.text.encode_utf16().count()).sum::<usize>()
            + row.len().saturating_sub(1);
        let filled = row.iter().zip(cols).filter(|(c, _)| !c.text.is_empty());
        let said = if r < t.head_rows {
            filled.map(|(c, _)| c.text.as_str()).collect::<Vec<_>>().join(", ")
        } else {
            let heads: Vec<&str> = row
                .iter()
                .filter(|c| c.header && !c.text.is_empty())
                .map(|c| c.text.as_str())
                .collect();
            let values: Vec<String> = filled
                .filter(|(c, _)| !c.header)
                .map(|(c, &col)| match names.get(col).map(|n| n.join(" ")) {
                    Some(name) if !name.is_empty() && name != c.text => {
                        format!("{name}: {}", c.text)
                    }
                    _ => c.text.clone(),
                })
                .collect();
            match (heads.is_empty(), values.is_empty()) {
                (false, false) => format!("{}. {}.", heads.join(", "), values.join("; ")),
                (false, true) => heads.join(", "),
                (true, _) => values.join("; "),
            }
        };
        if said.chars().any(char::is_alphanumeric) {
            out.push(Sentence { text: said, block, start: at, end: at + len });
        }
        at += len + 1;
    }
    out
}

/// The grid column each cell of a table starts in: a cell takes the first column its row has
/// free, after the cells spanning down from rows above (HTML's table model).
fn grid_columns(t: &Table) -> Vec<Vec<usize>> {
    // Per column, how many more rows a cell from above covers.
    let mut below: Vec<u32> = Vec::new();
    let mut out = Vec::with_capacity(t.rows.len());
    for row in &t.rows {
        let covered: Vec<bool> = below.iter().map(|&n| n > 0).collect();
        let mut cols = Vec::with_capacity(row.len());
        let mut col = 0;
        for cell in row {
            while covered.get(col).copied().unwrap_or(false) {
                col += 1;
            }
            cols.push(col);
            let span = cell.colspan as usize;
            if below.len() < col + span {
                below.resize(col + span, 0);
            }
            // Counted down below for this row too, so one more than the rows below.
            below[col..col + span].iter_mut().for_each(|n| *n = cell.rowspan);
            col += span;
        }
        below.iter_mut().for_each(|n| *n = n.saturating_sub(1));
        out.push(cols);
    }
    out
}

/// Splits `text` into sentences: (start, end, text) with UTF-16 offsets, whitespace trimmed.
pub fn split(text: &str) -> Vec<(usize, usize, String)> {
    // Byte ranges, first from UAX #29.
    let mut ranges = uax29_ranges(text);
    ranges = split_after_arabic_stops(text, ranges);
    ranges = merge(text, ranges);
    ranges = join_inside_pairs(text, ranges);
    sentences(text, ranges)
}

/// The sentences of `text` at byte `ranges`: whitespace trimmed, with UTF-16 offsets, those
/// without a letter or digit left out.
fn sentences(text: &str, ranges: Vec<(usize, usize)>) -> Vec<(usize, usize, String)> {
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

/// The sentences of UAX #29 as byte ranges: exactly what
/// `text.split_sentence_bound_indices()` gives (`uax29_ranges_reference`, the tests'
/// reference), at a fraction of the cost on text written mostly in ASCII.
///
/// `unicode-segmentation` looks up the category of every character. But a sentence can only
/// end right after a full stop, `!`, `?` or a line break, followed by closing quotes or
/// brackets and spaces: in ASCII, only `.`, `!`, `?`, CR and LF can start such an ending. So
/// only windows around those characters (and around every non-ASCII character, whose category
/// we do not know) are handed to `unicode-segmentation`, and the ASCII text between them is
/// skipped. A window:
/// - starts at the last ASCII letter or digit before (or at the text's start): the crate's
///   state after a letter or digit does not depend on what came before it (its rules look back
///   only through closing punctuation, spaces and line breaks to a full stop or `!`/`?`), so
///   it decides every later position as it would in the whole text;
/// - ends after the first ASCII letter after (or at the text's end): its look-ahead (rule SB8,
///   "a lowercase letter follows") stops at the first letter, so no decision inside the window
///   needs to see beyond it.
///
/// The window's own start and end are not boundaries (unless they are the text's): the
/// windows overlap by that letter, and the neighbouring window decides it.
fn uax29_ranges(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    if bytes.is_empty() {
        return Vec::new();
    }
    // Room for a sentence every 64 bytes without growing (a sentence runs to about 100).
    let mut cuts = Vec::with_capacity(bytes.len() / 64 + 2);
    cuts.push(0);
    // Where the last window ended (after a letter) and where that letter is.
    let (mut done, mut floor) = (0, 0);
    while let Some(at) = next_may_end(bytes, done) {
        let start =
            bytes[floor..at].iter().rposition(u8::is_ascii_alphanumeric).map_or(0, |k| floor + k);
        let end = bytes[at..]
            .iter()
            .position(u8::is_ascii_alphabetic)
            .map_or(bytes.len(), |k| at + k + 1);
        match &bytes[start..end] {
            // The most common window, a sentence's end in ASCII ("end. The", "this? a"), needs
            // no table: after a full stop, `!` or `?` and spaces, a capital letter starts a new
            // sentence (SB11; SB7 joins a capital only right after a full stop) and a lowercase
            // letter continues after a full stop (SB8) but not after `!` or `?` (SB11).
            [x, stop @ (b'.' | b'!' | b'?'), spaces @ .., letter]
                if x.is_ascii_alphanumeric()
                    && letter.is_ascii_alphabetic()
                    && !spaces.is_empty()
                    && spaces.iter().all(|&b| b == b' ') =>
            {
                if letter.is_ascii_uppercase() || *stop != b'.' {
                    cuts.push(end - 1);
                }
            }
            // Most other windows have no boundary inside ([`no_break_inside`]).
            _ if no_break_inside(&text[start..end], end == bytes.len()) => {}
            _ => {
                for (i, _) in text[start..end].split_sentence_bound_indices() {
                    if i > 0 {
                        cuts.push(start + i);
                    }
                }
            }
        }
        (done, floor) = (end, end - 1);
    }
    cuts.push(bytes.len());
    cuts.windows(2).map(|w| (w[0], w[1])).collect()
}

/// Whether a byte may start a sentence's ending in [`uax29_ranges`]: `.`, `!`, `?`, CR, LF, or
/// any byte of a non-ASCII character.
fn may_end(b: u8) -> bool {
    matches!(b, b'.' | b'!' | b'?' | b'\r' | b'\n') || !b.is_ascii()
}

/// Whether UAX #29 finds no boundary inside a window of [`uax29_ranges`] (one that starts at
/// an ASCII letter or digit, or at the text's start). Every rule that breaks (SB4, SB11) needs
/// a full stop, `!`, `?` or a separator before the break, so a window has none when it has no
/// such character but:
/// - a full stop between an ASCII letter and an ASCII letter ("U.S", SB7 and SB8), or before a
///   digit ("3.14", SB6) or a lowercase letter ("e.g", SB8);
/// - at the text's end, one full stop, `!` or `?` followed only by closing quotes or brackets
///   and then spaces: the last sentence's end, where the text ends anyway.
///
/// Non-ASCII characters are asked [`never_ends`]. The windows left to the crate are mostly
/// sentence ends followed by something else than a letter or before a closing quote.
fn no_break_inside(window: &str, at_text_end: bool) -> bool {
    let mut prev = 0u8;
    let mut chars = window.chars();
    while let Some(c) = chars.next() {
        if !c.is_ascii() {
            if !never_ends(c) {
                return false;
            }
            prev = 0x80;
            continue;
        }
        let b = c as u8;
        if may_end(b) {
            let next = chars.as_str().as_bytes().first().copied().unwrap_or(0);
            let joined = b == b'.'
                && (next.is_ascii_digit()
                    || next.is_ascii_lowercase()
                    || (prev.is_ascii_alphabetic() && next.is_ascii_alphabetic()));
            if !joined {
                let tail = chars.as_str().trim_start_matches(is_closer);
                return at_text_end
                    && b != b'\r'
                    && b != b'\n'
                    && tail.trim_start_matches([' ', '\u{a0}']).is_empty();
            }
        }
        prev = b;
    }
    true
}

/// Whether a non-ASCII character is none of UAX #29's `ATerm`, `STerm` and `Sep`, tested by
/// ranges read off `unicode-segmentation`'s table (the characters of ASCII text, Latin, Greek,
/// Cyrillic, Hebrew and Arabic letters, General Punctuation's quotes, dashes and `…`); a
/// character outside them is left to the crate.
fn never_ends(c: char) -> bool {
    matches!(c, '\u{86}'..='\u{588}' | '\u{58a}'..='\u{61c}' | '\u{620}'..='\u{6d3}' | '\u{6d5}'..='\u{6ff}' | '\u{2000}'..='\u{2023}' | '\u{2025}'..='\u{2027}' | '\u{202a}'..='\u{203b}')
}

/// The first byte at or after `from` that [`may_end`], tested eight bytes at a time (the scan
/// reads every block's text; a byte at a time it was a quarter of `split`): the lowest bit set
/// in the union of [`crate::swar::equal_bytes`] for the five ASCII bytes and the top bits of
/// the word is the first such byte.
fn next_may_end(bytes: &[u8], from: usize) -> Option<usize> {
    use crate::swar::{equal_bytes, first, word_at, HIGH};
    let mut i = from;
    while let Some(w) = word_at(bytes, i) {
        let hits = equal_bytes(w, b'.')
            | equal_bytes(w, b'!')
            | equal_bytes(w, b'?')
            | equal_bytes(w, b'\r')
            | equal_bytes(w, b'\n')
            | (w & HIGH);
        if hits != 0 {
            return Some(i + first(hits));
        }
        i += 8;
    }
    bytes.get(i..)?.iter().position(|&b| may_end(b)).map(|k| i + k)
}

/// The definition of [`uax29_ranges`] (kept for the test that compares them).
#[cfg(test)]
fn uax29_ranges_reference(text: &str) -> Vec<(usize, usize)> {
    text.split_sentence_bound_indices().map(|(i, s)| (i, i + s.len())).collect()
}

/// Characters that may follow a sentence end and still belong to it: closing quotes and
/// brackets.
fn is_closer(c: char) -> bool {
    matches!(c, '"' | '\'' | ')' | ']' | '}' | '»' | '”' | '’' | '›')
}

/// Splits after every `؟` and `۔` (with following closers and spaces) that UAX #29 did not.
fn split_after_arabic_stops(text: &str, ranges: Vec<(usize, usize)>) -> Vec<(usize, usize)> {
    if text.is_ascii() {
        // Neither stop is ASCII: every range stays as it is.
        return ranges;
    }
    let mut out = Vec::with_capacity(ranges.len());
    for (start, end) in ranges {
        let mut from = start;
        if text[start..end].is_ascii() {
            // Neither stop is ASCII; `is_ascii` checks a word at a time.
            out.push((from, end));
            continue;
        }
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
    "mr", "mrs", "ms", "messrs", "dr", "prof", "sr", "jr", "st", "mt", "ft", "gen", "gov", "sen",
    "rep", "rev", "col", "lt", "sgt", "capt", "cmdr", "adm", "hon", "pres", "supt", "vs", "v",
    "e.g", "i.e", "cf", "al", "approx", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep",
    "sept", "oct", "nov", "dec", "u.s", "u.k", "u.n", "u.s.a", "e.u", "d.c", "ph.d",
];

/// Abbreviations that do not end a sentence only before a number ("No. 5", "p. 12").
const NUMBER_ABBREVIATIONS: &[&str] =
    &["no", "nos", "vol", "pp", "p", "fig", "figs", "art", "ch", "sec"];

/// Merges a piece into the next when it ends in `،` or `؛`, or with an abbreviation.
fn merge(text: &str, mut ranges: Vec<(usize, usize)>) -> Vec<(usize, usize)> {
    // In place: the merged ranges `..kept` are written over the ones already read.
    let mut kept = 0;
    let mut joining = false;
    for k in 0..ranges.len() {
        let (start, end) = ranges[k];
        if joining && kept > 0 {
            ranges[kept - 1].1 = end;
        } else {
            ranges[kept] = (start, end);
            kept += 1;
        }
        let (s, e) = ranges[kept - 1];
        joining = continues(&text[s..e], &text[end..]);
    }
    ranges.truncate(kept);
    ranges
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
    let word = body
        .rsplit(|c: char| c.is_whitespace() || matches!(c, '(' | '[' | '"' | '“' | '‘' | '\''))
        .next()
        .unwrap_or_default();
    if word.is_empty() {
        return false;
    }
    // Whether the word, lowercased, is one of `list` (all ASCII lowercase): for an ASCII word,
    // compared in place; another is lowercased as Unicode does (KELVIN SIGN is `k`).
    let among = |list: &[&str]| {
        if word.is_ascii() {
            list.iter().any(|a| a.eq_ignore_ascii_case(word))
        } else {
            list.contains(&word.to_lowercase().as_str())
        }
    };
    // The sentence is only a marker ("1." of "1. Introduction"): read it with what follows.
    if t.trim_start().len() == word.len() + 1
        && is_marker(word)
        && next.is_some_and(char::is_alphanumeric)
    {
        return true;
    }
    // An initial: one capital letter ("John F. Kennedy").
    let initial = word.chars().count() == 1 && word.chars().all(char::is_uppercase);
    initial
        || among(ABBREVIATIONS)
        || (among(NUMBER_ABBREVIATIONS) && next.is_some_and(|c| c.is_ascii_digit()))
}

/// Joins the pieces of a sentence split inside brackets or quotes: `(… اخبار ۔ 12 مئی 2024ء )`
/// is one sentence in any script, though UAX #29 and [`split_after_arabic_stops`] end one at
/// the stop inside. Only a pair that closes in the same text counts (an opener never closed is
/// a typo or a smiley, and would swallow the rest of the block); a cut after a line break stays,
/// so code and verse are still read a line at a time whatever their braces.
fn join_inside_pairs(text: &str, mut ranges: Vec<(usize, usize)>) -> Vec<(usize, usize)> {
    if ranges.len() < 2 {
        return ranges;
    }
    let pairs = closed_pairs(text);
    if pairs.is_empty() {
        return ranges;
    }
    let inside = |cut: usize| pairs.iter().any(|&(open, close)| open < cut && cut <= close);
    // In place, as in [`merge`].
    let mut kept = 0;
    for k in 0..ranges.len() {
        let (start, end) = ranges[k];
        if kept > 0 && inside(start) && !text[..start].ends_with(['\n', '\r']) {
            ranges[kept - 1].1 = end;
        } else {
            ranges[kept] = (start, end);
            kept += 1;
        }
    }
    ranges.truncate(kept);
    ranges
}

/// The byte offsets of each opener and its closer, for the pairs that close: brackets, guillemets
/// and curly double quotes by nesting, straight double quotes by turns. Single quotes are left
/// out: `'` and `’` are apostrophes as often as quotes.
///
/// Only a straight double quote, an ASCII bracket or a character outside ASCII can open or
/// close a pair, so the other ASCII bytes (most of a text) are stepped over without decoding
/// a character (`closed_pairs_reference`, the tests' reference, decodes every one), eight at a
/// time ([`next_pair_byte`]).
fn closed_pairs(text: &str) -> Vec<(usize, usize)> {
    let mut pairs = Pairs::default();
    let mut i = 0;
    while let Some(at) = next_pair_byte(text.as_bytes(), i) {
        // `at` is a character's first byte: every byte stepped over so far was one whole.
        let c = text[at..].chars().next().unwrap_or_default();
        pairs.read(c, at);
        i = at + c.len_utf8();
    }
    pairs.closed
}

/// The first byte at or after `from` that may open or close a pair of [`closed_pairs`]: `"`,
/// `(`, `)`, `[`, `]`, `{`, `}` or any byte of a non-ASCII character. Eight bytes at a time
/// (a byte at a time this scan was a sixth of `split`): `(` and `)` differ only in the lowest
/// bit, `[` and `{` (and `]` and `}`) only in 0x20, so with that bit cleared in every byte one
/// [`crate::swar::equal_bytes`] finds both; no other byte becomes one of them.
fn next_pair_byte(bytes: &[u8], from: usize) -> Option<usize> {
    use crate::swar::{equal_bytes, first, word_at, EACH_BYTE, HIGH};
    let mut i = from;
    while let Some(w) = word_at(bytes, i) {
        let no_case = w & !(EACH_BYTE * 0x20);
        let hits = equal_bytes(w, b'"')
            | equal_bytes(w & !EACH_BYTE, b'(')
            | equal_bytes(no_case, b'[')
            | equal_bytes(no_case, b']')
            | (w & HIGH);
        if hits != 0 {
            return Some(i + first(hits));
        }
        i += 8;
    }
    let pair_byte =
        |b: u8| !b.is_ascii() || matches!(b, b'"' | b'(' | b')' | b'[' | b']' | b'{' | b'}');
    bytes.get(i..)?.iter().position(|&b| pair_byte(b)).map(|k| i + k)
}

#[cfg(test)]
fn closed_pairs_reference(text: &str) -> Vec<(usize, usize)> {
    let mut pairs = Pairs::default();
    for (i, c) in text.char_indices() {
        pairs.read(c, i);
    }
    pairs.closed
}

/// The pairs being matched by [`closed_pairs`]: the openers still open, and the pairs closed.
#[derive(Default)]
struct Pairs {
    open: Vec<(char, usize)>,
    closed: Vec<(usize, usize)>,
}

impl Pairs {
    const PAIRS: &[(char, char)] = &[
        ('(', ')'),
        ('[', ']'),
        ('{', '}'),
        ('«', '»'),
        ('“', '”'),
        ('‹', '›'),
        ('﴾', '﴿'),
        ('（', '）'),
        ('「', '」'),
        ('『', '』'),
    ];

    /// Reads the character `c` at byte `i`.
    fn read(&mut self, c: char, i: usize) {
        let (open, out) = (&mut self.open, &mut self.closed);
        if c == '"' && open.last().is_some_and(|&(o, _)| o == '"') {
            out.extend(open.pop().map(|(_, at)| (at, i)));
        } else if c == '"' || Self::PAIRS.iter().any(|&(o, _)| o == c) {
            open.push((c, i));
        } else if let Some(&(o, _)) = Self::PAIRS.iter().find(|&&(_, cl)| cl == c) {
            // A closer closes its own opener, and the openers left unclosed inside it.
            if let Some(k) = open.iter().rposition(|&(x, _)| x == o) {
                out.push((open[k].1, i));
                open.truncate(k);
            }
        }
    }
}

/// Whether `word` (before a full stop) numbers a heading or a list item: up to three digits, or
/// several such groups joined by full stops (`2.3`), a roman numeral (`iv`, `XII`), or one letter.
fn is_marker(word: &str) -> bool {
    let digits = word
        .split('.')
        .all(|g| (1..=3).contains(&g.len()) && g.bytes().all(|b| b.is_ascii_digit()));
    let roman = word.len() <= 5
        && (word.bytes().all(|b| b"ivxlc".contains(&b))
            || word.bytes().all(|b| b"IVXLC".contains(&b)));
    let letter = word.len() == 1 && word.bytes().all(|b| b.is_ascii_alphabetic());
    digits || roman || letter
}

/// Converts byte offsets into UTF-16 offsets, moving forward only.
struct Utf16Index<'a> {
    text: &'a str,
    /// An ASCII text's offsets are its bytes' (one code unit a byte).
    ascii: bool,
    byte: usize,
    unit: usize,
}

impl<'a> Utf16Index<'a> {
    fn new(text: &'a str) -> Self {
        Utf16Index { text, ascii: text.is_ascii(), byte: 0, unit: 0 }
    }

    fn at(&mut self, byte: usize) -> usize {
        if self.ascii {
            return byte;
        }
        if byte < self.byte {
            self.byte = 0;
            self.unit = 0;
        }
        self.unit += utf16_len(&self.text.as_bytes()[self.byte..byte]);
        self.byte = byte;
        self.unit
    }
}

/// The length in UTF-16 code units of the UTF-8 text `bytes`: one unit for each character (each
/// byte that is not a continuation byte `10xxxxxx`) and a second one for each character outside
/// the Basic Multilingual Plane (a four-byte sequence, lead byte `11110xxx`). A byte loop the
/// compiler vectorises, unlike decoding the characters.
fn utf16_len(bytes: &[u8]) -> usize {
    bytes.iter().map(|&b| usize::from(b & 0xC0 != 0x80) + usize::from(b >= 0xF0)).sum()
}

/// The words of `text` (UAX #29; a zero-width non-joiner stays inside its word) with UTF-16
/// start and end offsets.
pub fn words(text: &str) -> Vec<(usize, usize, &str)> {
    let mut idx = Utf16Index::new(text);
    text.unicode_word_indices().map(|(i, w)| (idx.at(i), idx.at(i + w.len()), w)).collect()
}

#[cfg(test)]
mod tests {
    use crate::extraction::{Block, BlockKind, Cell, Table};
    use crate::render::table_text;

    #[test]
    fn a_table_is_read_row_by_row_with_the_names_of_its_columns() {
        let cell = |text: &str, header: bool, colspan: u32, rowspan: u32| Cell {
            text: text.into(),
            html: text.into(),
            header,
            colspan,
            rowspan,
        };
        let table = Table {
            caption: "Lights. North to south".into(),
            caption_html: String::new(),
            head_rows: 2,
            rows: vec![
                vec![cell("Light", true, 1, 2), cell("Seen", true, 2, 1)],
                vec![cell("Character", true, 1, 1), cell("Range", true, 1, 1)],
                vec![
                    cell("Skerra", true, 1, 1),
                    cell("Fl W", false, 1, 2),
                    cell("23", false, 1, 1),
                ],
                vec![cell("Hound", true, 1, 1), cell("", false, 1, 1)],
                vec![cell("Aird", true, 1, 1), cell("Oc R", false, 1, 1), cell("8", false, 1, 1)],
            ],
        };
        let text = table_text(&table);
        let block = Block::new(BlockKind::Table(table), text.clone(), String::new(), 0);
        let said = of_blocks(&[block], "en");
        let texts: Vec<&str> = said.iter().map(|s| s.text.as_str()).collect();
        assert_eq!(
            texts,
            [
                "Lights.",
                "North to south",
                "Light, Seen",
                "Character, Range",
                "Skerra. Seen Character: Fl W; Seen Range: 23.",
                // Below a cell spanning two rows, the next cell is in the column after it.
                "Hound",
                "Aird. Seen Character: Oc R; Seen Range: 8."
            ]
        );
        // The offsets cover each row in the block's text (ASCII here, so bytes are UTF-16).
        let rows: Vec<&str> = said[2..].iter().map(|s| &text[s.start..s.end]).collect();
        assert_eq!(
            rows,
            ["Light\tSeen", "Character\tRange", "Skerra\tFl W\t23", "Hound\t", "Aird\tOc R\t8"]
        );
    }

    use super::*;

    #[test]
    fn code_is_read_a_line_at_a_time() {
        // UAX #29 ends a sentence at every line break (rule SB4), so a listing is read line by
        // line and the highlight follows its lines; a line without a letter or digit is read
        // with the next one (`merge`).
        let text = "services:\n  web:\n\n    build: .\n  }\nx = a.b(1) # e.g. Dr. No";
        let kind = BlockKind::Preformatted { code_lang: Some("yaml".into()) };
        let block = Block::new(kind, text.into(), String::new(), 0);
        let got: Vec<_> =
            of_blocks(&[block], "en").into_iter().map(|s| (s.start, s.end, s.text)).collect();
        assert_eq!(
            got,
            [
                (0, 9, "services:".into()),
                (12, 16, "web:".into()),
                (22, 30, "build: .".into()),
                (33, 59, "}\nx = a.b(1) # e.g. Dr. No".into())
            ]
        );
    }

    #[test]
    fn no_sentence_ends_inside_brackets_or_quotes() {
        let texts = |t: &str| split(t).into_iter().map(|(_, _, s)| s).collect::<Vec<_>>();
        // Urdu: the stop inside the parenthesis ends no sentence (issue 34's page).
        assert_eq!(
            texts("یہ خبر پہلے شائع ہوئی (روزنامہ اخبار ۔ 12 مئی 2024ء ) اور پھر نقل ہوئی۔ دوسرا جملہ۔"),
            ["یہ خبر پہلے شائع ہوئی (روزنامہ اخبار ۔ 12 مئی 2024ء ) اور پھر نقل ہوئی۔", "دوسرا جملہ۔"]
        );
        // Arabic guillemets and a question mark inside them.
        assert_eq!(
            texts("قال «هل أنت هنا؟ نعم» ثم مضى. وانتهى."),
            ["قال «هل أنت هنا؟ نعم» ثم مضى.", "وانتهى."]
        );
        // English: brackets, curly and straight quotes; a capital after the stop inside.
        assert_eq!(
            texts("The report (see p. 4. It is long.) was read. He wrote “Stop. Now.” Then left. She said \"Go. Run.\" Done."),
            [
                "The report (see p. 4. It is long.) was read.",
                "He wrote “Stop. Now.”",
                "Then left.",
                "She said \"Go. Run.\"",
                "Done."
            ]
        );
        // An opener that never closes changes nothing; nor does a stray closer.
        assert_eq!(
            texts("Then) this. A smiley (: here. Next one."),
            ["Then) this.", "A smiley (: here.", "Next one."]
        );
        // A line break still ends a line of code whatever its braces.
        assert_eq!(texts("fn a() {\n    b();\n}"), ["fn a() {", "b();"]);
    }

    /// Characters of every kind UAX #29's sentence rules tell apart, ASCII and not.
    const ALPHABET: &[char] = &[
        'a',
        'z',
        'A',
        'Z',
        'é',
        'É',
        'ß',
        'Σ',
        'ς',
        'ж',
        'Ж',
        'ا',
        'ب',
        'ی',
        'ה',
        '日',
        'ア',
        '0',
        '9',
        '٣',
        '.',
        '!',
        '?',
        '؟',
        '۔',
        '。',
        '।',
        '‼',
        '․',
        '﹒',
        '．',
        ',',
        ';',
        ':',
        '-',
        '،',
        '؛',
        '–',
        '—',
        '"',
        '\'',
        '(',
        ')',
        '[',
        ']',
        '{',
        '}',
        '«',
        '»',
        '“',
        '”',
        '‘',
        '’',
        ' ',
        '\t',
        '\u{b}',
        '\u{a0}',
        '\u{2003}',
        '\r',
        '\n',
        '\u{85}',
        '\u{2028}',
        '\u{2029}',
        '\u{301}',
        '\u{64b}',
        '\u{200c}',
        '\u{200d}',
        '\u{ad}',
        '\u{feff}',
        '$',
        '#',
        '@',
        '&',
        '*',
        '/',
        '\u{0}',
        '\u{7f}',
        '\u{1f600}',
        'ǅ',
        'K',
        '\u{130}',
    ];

    #[test]
    fn utf16_len_counts_code_units() {
        for s in [
            "",
            "abc",
            "é",
            "日本語",
            "😀",
            "a😀b",
            "می\u{200c}خواهم",
            "\u{10ffff}\u{ffff}\u{800}\u{7ff}\u{80}\u{7f}",
        ] {
            assert_eq!(utf16_len(s.as_bytes()), s.encode_utf16().count(), "{s:?}");
        }
        let all: String = (0..=char::MAX as u32).step_by(7).filter_map(char::from_u32).collect();
        assert_eq!(utf16_len(all.as_bytes()), all.encode_utf16().count());
    }

    #[test]
    fn next_may_end_finds_the_first_byte_that_may_end() {
        // Every byte value in every place of a text long enough for two words and a tail,
        // after a run of bytes that may not end, from every start.
        for b in 0..=255u8 {
            for at in 0..20 {
                let mut bytes = vec![b'a'; 20];
                bytes[at] = b;
                for from in 0..=bytes.len() {
                    let expected = bytes[from..].iter().position(|&c| may_end(c)).map(|k| from + k);
                    assert_eq!(next_may_end(&bytes, from), expected, "{b:#x} at {at} from {from}");
                }
            }
        }
        let t = "Hello, world! Is it? Yes.\r\nNo\u{a0}— “quoted” text 日本";
        for from in 0..=t.len() {
            assert_eq!(
                next_may_end(t.as_bytes(), from),
                t.as_bytes()[from..].iter().position(|&c| may_end(c)).map(|k| from + k)
            );
        }
    }

    #[test]
    fn never_ends_holds_no_sentence_end() {
        // A character that ends a sentence or separates paragraphs splits "a? B" in two.
        for c in (0x80..0x3000).filter_map(char::from_u32).filter(|&c| never_ends(c)) {
            assert_eq!(format!("a{c} B").split_sentence_bounds().count(), 1, "{c:?}");
        }
        assert!(
            !never_ends('\u{85}')
                && !never_ends('\u{6d4}')
                && !never_ends('\u{2024}')
                && !never_ends('\u{2028}')
        );
    }

    // `split` with the steps after UAX #29 as they were before they worked in place and
    // compared ASCII abbreviations without a lowercase copy: the reference of
    // `split_agrees_with_its_reference`. `split_after_arabic_stops` is the product's: its only
    // change, returning an ASCII text's ranges at once, is what its per-range test did.
    fn split_reference(text: &str) -> Vec<(usize, usize, String)> {
        let mut ranges = uax29_ranges(text);
        ranges = split_after_arabic_stops(text, ranges);
        ranges = merge_reference(text, ranges);
        ranges = join_inside_pairs_reference(text, ranges);
        sentences(text, ranges)
    }

    fn merge_reference(text: &str, ranges: Vec<(usize, usize)>) -> Vec<(usize, usize)> {
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
            joining = continues_reference(&text[s..e], &text[end..]);
        }
        out
    }

    fn continues_reference(piece: &str, rest: &str) -> bool {
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
        let word = body
            .rsplit(|c: char| c.is_whitespace() || matches!(c, '(' | '[' | '"' | '“' | '‘' | '\''))
            .next()
            .unwrap_or_default();
        if word.is_empty() {
            return false;
        }
        let lower = word.to_lowercase();
        // The sentence is only a marker ("1." of "1. Introduction"): read it with what follows.
        if t.trim_start().len() == word.len() + 1
            && is_marker(word)
            && next.is_some_and(char::is_alphanumeric)
        {
            return true;
        }
        // An initial: one capital letter ("John F. Kennedy").
        let initial = word.chars().count() == 1 && word.chars().all(char::is_uppercase);
        initial
            || ABBREVIATIONS.contains(&lower.as_str())
            || (NUMBER_ABBREVIATIONS.contains(&lower.as_str())
                && next.is_some_and(|c| c.is_ascii_digit()))
    }

    fn join_inside_pairs_reference(text: &str, ranges: Vec<(usize, usize)>) -> Vec<(usize, usize)> {
        if ranges.len() < 2 {
            return ranges;
        }
        let pairs = closed_pairs(text);
        if pairs.is_empty() {
            return ranges;
        }
        let inside = |cut: usize| pairs.iter().any(|&(open, close)| open < cut && cut <= close);
        let mut out: Vec<(usize, usize)> = Vec::with_capacity(ranges.len());
        for (start, end) in ranges {
            match out.last_mut() {
                Some(last) if inside(start) && !text[..start].ends_with(['\n', '\r']) => {
                    last.1 = end
                }
                _ => out.push((start, end)),
            }
        }
        out
    }

    #[test]
    fn split_agrees_with_its_reference() {
        const PIECES: &[&str] = &[
            " ",
            ". ",
            "! ",
            "? ",
            ".",
            "\n",
            "\r\n",
            "a",
            "B",
            "word",
            "Dr",
            "dR",
            "U.K",
            "U.\u{212A}",
            "E.G",
            "no",
            "No",
            "fig",
            "Vol",
            "1",
            "42",
            "iv",
            "X",
            "(",
            ")",
            "\"",
            "“",
            "”",
            "»",
            "'",
            "؟",
            "۔",
            "،",
            "؛",
            "اخبار",
            "É",
            "é",
            "St",
            "jan",
            "ı",
            "İ",
            "ß",
            "\u{212A}",
        ];
        let mut next = crate::testing::xorshift(0x9E37_79B9_7F4A_7C15);
        for round in 0..40_000 {
            let len = (next() % if round % 10 == 0 { 120 } else { 16 }) as usize;
            let text: String =
                (0..len).map(|_| PIECES[(next() >> 8) as usize % PIECES.len()]).collect();
            assert_eq!(split(&text), split_reference(&text), "{text:?}");
        }
    }

    #[test]
    fn windows_give_the_boundaries_of_the_whole_text() {
        let fixed = [
            "",
            ".",
            "a",
            "Hello. World",
            "He said \"Stop!\" and left. Then… he came back.",
            "e.g. this. U.S. Army. 3.14 is pi. No. 5 it is.\r\nNext line\n\nAnd then",
            "etc.) 'quoted' foo. bar",
            "1. 2. 3.",
            "آج موسم بہت اچھا ہے۔ کیا آپ باہر چلیں گے؟ ہم پارک جائیں گے",
            "Ends with a full stop and spaces.   ",
            "  . leading",
            "A.\u{301} b. C.\u{200d}D",
        ];
        for t in fixed {
            assert_eq!(uax29_ranges(t), uax29_ranges_reference(t), "{t:?}");
        }
        // Random strings of the alphabet above, long and short, some mostly ASCII letters and
        // spaces (as real text is) so that windows are far apart. A fixed xorshift generator
        // keeps the test repeatable.
        let mut next = crate::testing::xorshift(0x9E37_79B9_7F4A_7C15);
        for round in 0..20_000 {
            let len = (next() % if round % 10 == 0 { 400 } else { 24 }) as usize;
            let text: String = (0..len)
                .map(|_| {
                    let r = next();
                    if round % 2 == 0 && r % 3 != 0 {
                        [' ', 'a', 'b', 'E'][(r >> 8) as usize % 4]
                    } else {
                        ALPHABET[(r >> 8) as usize % ALPHABET.len()]
                    }
                })
                .collect();
            assert_eq!(uax29_ranges(&text), uax29_ranges_reference(&text), "{text:?}");
        }
    }

    #[test]
    fn closed_pairs_are_those_of_every_character_read() {
        // Every opener and closer, ASCII and not, with letters of one, two, three and four
        // bytes between them; a fixed xorshift generator keeps the test repeatable.
        const ALPHABET: &[char] = &[
            '"', '(', ')', '[', ']', '{', '}', '«', '»', '“', '”', '‹', '›', '﴾', '﴿', '（', '）',
            '「', '」', '『', '』', '\'', '’', 'a', ' ', '.', 'é', 'ن', '中', '😀',
            // The bytes next to the brackets' in `next_pair_byte`'s masked comparisons.
            '*', '\\', '|', 'Z', 'z', '^', '~', '\u{7f}', '!', '#',
        ];
        let mut next = crate::testing::xorshift(0x2545_F491_4F6C_DD1D);
        let mut closed = 0;
        for round in 0..20_000 {
            let len = (next() % if round % 10 == 0 { 300 } else { 20 }) as usize;
            let text: String =
                (0..len).map(|_| ALPHABET[(next() >> 8) as usize % ALPHABET.len()]).collect();
            let pairs = super::closed_pairs(&text);
            assert_eq!(pairs, super::closed_pairs_reference(&text), "{text:?}");
            closed += pairs.len();
        }
        assert!(closed > 10_000, "the random texts close pairs of every kind");
    }
}
