//! TitleFinder: the headline of a page (thesis chapter 5).
//!
//! The `<title>` text is a query; every text fragment of the body is a "sentence" (5.3.2); the
//! fragment most similar to the query is the headline (5.3.3). Fragments are the texts of the
//! normalised lines of [`Page`] (a line ends at every block-level tag, so inline markup such as
//! `<h1><a>Head</a> <em>line</em></h1>` stays one fragment, as a reader sees it).
//!
//! Preprocessing (5.3.1) is [`Page::parse`] (scripts, styles, comments and metas removed,
//! whitespace normalised) plus [`tokens`]: Unicode words (UAX #29), lowercased, so quotes,
//! commas, colons and other punctuation never become tokens.
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

use unicode_segmentation::UnicodeSegmentation;

use crate::extraction::TitleCandidate;
use crate::options::TitleMetric;
use crate::preprocess::{collapse_whitespace, Page, Tok};
use crate::tokenize::{Name, Tag};

mod shown;
mod site;

pub use shown::confirm;
use site::Site;

/// What the page says about where it stands, read once for [`choose`], [`confirm`] and the
/// byline ([`crate::meta`]): its address ([`crate::Options::url`]) and what it calls its site
/// and sections.
#[derive(Debug)]
pub struct Witnesses {
    address: Option<Address>,
    site: Site,
    /// The headlines the page declares ([`declared`]), read once.
    declared: Vec<Declared>,
}

impl Witnesses {
    /// Reads them from `page`, whose address is `url` when known.
    pub fn of(page: &Page, url: Option<&str>) -> Witnesses {
        let address = url.and_then(Address::of);
        let site = Site::of(page, address.as_ref());
        Witnesses { address, site, declared: declared(page) }
    }

    /// Whether `words` are what follows the last separator of a declared title, when short:
    /// the site's name as its titles end ("… - المدينة نيوز").
    fn is_suffix(&self, words: &[String]) -> bool {
        (1..=4).contains(&words.len()) && self.declared.iter().any(|d| last_separator(&d.text).is_some_and(|(i, sep)| headline_words(&d.text[i + sep.len()..]) == words))
    }

    /// Whether `name` (a byline) is the site's: one of its names, a declared title's suffix,
    /// the host's name, or an acronym that the host or the declared `site_name` opens with
    /// ("LBCI" of "LBCIV7").
    pub fn names_site(&self, name: &str, site_name: Option<&str>) -> bool {
        let words = headline_words(name);
        let squashed = words.concat();
        let acronym = name.chars().count() >= 3 && name.chars().all(|c| c.is_ascii_uppercase());
        let opens = |of: &str| acronym && of.starts_with(&squashed);
        !words.is_empty()
            && (self.site.is_name(&words)
                || self.is_suffix(&words)
                || self.address.as_ref().is_some_and(|a| a.name == squashed || opens(&a.name))
                || site_name.is_some_and(|s| opens(&headline_words(s).concat())))
    }
}

/// How many candidates [`crate::Extraction::title_candidates`] keeps.
const MAX_CANDIDATES: usize = 10;

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
    /// with the body ([`choose`]); [`confirm`] prefers the heading the article shows.
    pub weak: bool,
    /// Every declared title is the site's name and more ("KSAT 4 | Your Local News Leader"):
    /// the more is a tagline unless the article says its words ([`confirm`]).
    pub after_site: bool,
}

/// The words of a text as TitleFinder compares them: UAX #29 words, lowercased, without
/// Arabic-script vowel marks and tatweel (optional in writing: the `<title>` and the body
/// may differ only in them).
pub fn tokens(s: &str) -> Vec<String> {
    let mut buf = String::new();
    let mut out = Vec::new();
    for_each_word(s, |w, _| match compared_form(w, &mut buf) {
        Form::AsIs => out.push(w.to_string()),
        Form::InBuffer => out.push(buf.clone()),
        Form::Empty => {}
    });
    out
}

/// Calls `f` with the UAX #29 words of `text` (what `text.unicode_words()` yields), in order,
/// and whether the word is all ASCII (it comes from a piece that is).
///
/// `unicode-segmentation` has a fast path for text that is all ASCII, and a table-driven one
/// for the rest. A line of English with one curly quote or accented letter would take the slow
/// path whole, so the text is cut into pieces that take each path on their own, at places
/// where UAX #29 always breaks and nothing carries over from one side to the other: a run of
/// spaces (U+0020) followed by an ASCII character. A space is WSegSpace, so there is a word
/// boundary before it (WB3d only joins spaces to spaces); the ASCII character after the run
/// is not Extend, Format or ZWJ, so nothing joins the run (WB4) and there is a boundary after
/// it. No rule looks across a space (WB6, WB7, WB7b, WB7c, WB11 and WB12 look one character
/// beyond the pair, skipping only Extend, Format and ZWJ, and need a letter or digit there),
/// so the words inside a piece are the same alone as in the whole text.
fn for_each_word<'s>(text: &'s str, mut f: impl FnMut(&'s str, bool)) {
    if text.is_ascii() {
        ascii_words(text, &mut |w| f(w, true));
        return;
    }
    let bytes = text.as_bytes();
    // The piece being grown: its start, end and whether it is all ASCII.
    let mut piece: Option<(usize, usize, bool)> = None;
    let mut chunk_start = 0;
    let mut i = 0;
    while chunk_start < bytes.len() {
        // The end of the chunk: the next run of spaces followed by ASCII, or the end.
        let (chunk_end, next_start) = loop {
            match bytes[i..].iter().position(|&b| b == b' ') {
                None => break (bytes.len(), bytes.len()),
                Some(k) => {
                    let run_start = i + k;
                    let run_end = run_start + bytes[run_start..].iter().take_while(|&&b| b == b' ').count();
                    if run_end == bytes.len() || bytes[run_end].is_ascii() {
                        break (run_start, run_end);
                    }
                    i = run_end;
                }
            }
        };
        if chunk_end > chunk_start {
            let ascii = text[chunk_start..chunk_end].is_ascii();
            piece = match piece {
                Some((start, _, same)) if same == ascii => Some((start, chunk_end, ascii)),
                Some((start, end, was_ascii)) => {
                    words_of_piece(&text[start..end], was_ascii, &mut f);
                    Some((chunk_start, chunk_end, ascii))
                }
                None => Some((chunk_start, chunk_end, ascii)),
            };
        }
        chunk_start = next_start;
        i = next_start;
    }
    if let Some((start, end, ascii)) = piece {
        words_of_piece(&text[start..end], ascii, &mut f);
    }
}

fn words_of_piece<'s>(piece: &'s str, ascii: bool, f: &mut impl FnMut(&'s str, bool)) {
    if ascii {
        ascii_words(piece, &mut |w| f(w, true));
    } else if !known_words(piece, &mut |w| f(w, false)) {
        // `unicode_words` is `split_word_bounds` keeping the segments with a letter or digit;
        // [`has_alphanumeric`] answers that without a table look-up for most Arabic-script words.
        piece.split_word_bounds().filter(|w| has_alphanumeric(w)).for_each(|w| f(w, false));
    }
}

/// The UAX #29 word-break class of a character of [`known_words`], `None` for the others.
/// `unicode-segmentation`'s table gives the same (the unit test
/// `known_classes_agree_with_unicode_segmentation` checks every character), and each letter
/// and digit here is also alphanumeric, so every word holding one is kept by `unicode_words`.
const fn known_class(c: char) -> Option<Wb> {
    Some(match c {
        'a'..='z' | 'A'..='Z' => Wb::Letter,
        '0'..='9' => Wb::Digit,
        '_' => Wb::Connector,
        ':' => Wb::MidLetter,
        '.' | '\'' | '\u{2018}' | '\u{2019}' => Wb::MidNumLet,
        ',' | ';' | '\u{060C}' | '\u{060D}' | '\u{066C}' => Wb::MidNum,
        // Latin-1 and Latin Extended-A and -B letters, Arabic-script letters (with tatweel).
        '\u{C0}'..='\u{D6}' | '\u{D8}'..='\u{F6}' | '\u{F8}'..='\u{24F}' => Wb::Letter,
        '\u{0620}'..='\u{064A}' | '\u{066E}'..='\u{066F}' | '\u{0671}'..='\u{06D3}' | '\u{06D5}' | '\u{06FA}'..='\u{06FC}' | '\u{06FF}' => Wb::Letter,
        '\u{0660}'..='\u{0669}' | '\u{06F0}'..='\u{06F9}' => Wb::Digit,
        // Combining diacritics, Arabic marks, the ZWNJ; the Arabic letter mark and the
        // left-to-right and right-to-left marks (Format, which WB4 treats as Extend).
        '\u{0300}'..='\u{036F}' | '\u{0610}'..='\u{061A}' | '\u{064B}'..='\u{065F}' | '\u{0670}' | '\u{200C}' | '\u{061C}' | '\u{200E}' | '\u{200F}' => Wb::Extend,
        // Characters that no rule joins to anything (WB999): other ASCII (the space, tab, CR and
        // LF too: nothing here follows them but what they break from), the no-break space,
        // guillemets, Arabic question mark, semicolon, percent sign and full stop, dashes,
        // curly double quotes and the ellipsis.
        '\0'..='\x7F' | '\u{A0}' | '\u{AB}' | '\u{BB}' | '\u{061B}' | '\u{061F}' | '\u{066A}' | '\u{066D}' | '\u{06D4}' | '\u{2013}' | '\u{2014}' | '\u{201C}' | '\u{201D}' | '\u{2026}' => Wb::Other,
        _ => return None,
    })
}

/// A word-break class (UAX #29) of [`known_class`].
#[derive(Clone, Copy, Debug, PartialEq)]
enum Wb {
    /// ALetter.
    Letter,
    /// Numeric.
    Digit,
    /// ExtendNumLet (`_`).
    Connector,
    MidLetter,
    /// MidNumLet and Single_Quote (MidNumLetQ).
    MidNumLet,
    MidNum,
    /// Extend and Format (WB4 treats both alike).
    Extend,
    Other,
}

/// `piece.unicode_words()` without `unicode-segmentation`'s tables, for a piece whose
/// characters all have a [`known_class`] and where every mark (`Wb::Extend`) follows a letter,
/// digit, `_` or another such mark: the Arabic, Persian and European text of most pages. Returns
/// false, having called `f` for nothing, for any other piece (the caller asks the crate). A mark
/// after `_` alone is left to the crate too.
///
/// The rules among these classes: letters, digits and `_` join (WB5, WB8-WB10, WB13a, WB13b);
/// a mark joins what it follows (WB4) and is skipped by the rules that look back; one MidLetter
/// or MidNumLet between two letters (WB6, WB7) and one MidNum or MidNumLet between two digits
/// (WB11, WB12) join; everything else breaks. A word made only of `_` is no word. The unit test
/// `known_words_are_unicode_words` compares it with the crate on random texts.
fn known_words<'s>(piece: &'s str, f: &mut impl FnMut(&'s str)) -> bool {
    // The words' ranges, handed to `f` once the whole piece is known to qualify.
    let mut found: Vec<(usize, usize)> = Vec::new();
    // The word being read: its start, whether it has a letter or digit, and the class of its
    // last letter, digit or `_` (what WB6-WB12 look back at across marks).
    let mut word: Option<(usize, bool, Wb)> = None;
    // Whether a mark here would follow a letter, digit or mark (not `_` alone: "_" and a mark
    // that is alphabetic, as Arabic vowel marks are, would be a word to `unicode_words`).
    let mut attached = false;
    let mut i = 0;
    while i < piece.len() {
        let (class, len) = class_at(piece, i);
        let class = match class {
            None => return false,
            Some(Wb::Extend) if !attached => return false,
            Some(class) => class,
        };
        attached = matches!(class, Wb::Letter | Wb::Digit | Wb::Extend);
        let mut end = i + len;
        word = match (word, class) {
            (Some(w), Wb::Extend) => Some(w),
            (Some((start, alnum, _)), Wb::Letter | Wb::Digit | Wb::Connector) => Some((start, alnum || class != Wb::Connector, class)),
            (Some((start, alnum, last)), Wb::MidLetter | Wb::MidNumLet | Wb::MidNum) => {
                let (next, next_len) = class_at(piece, end);
                let joins = match (last, next) {
                    (Wb::Letter, Some(Wb::Letter)) => class != Wb::MidNum,
                    (Wb::Digit, Some(Wb::Digit)) => class != Wb::MidLetter,
                    _ => false,
                };
                if joins {
                    // The separator and the letter or digit after it.
                    end += next_len;
                    attached = true;
                    Some((start, alnum, last))
                } else {
                    if alnum {
                        found.push((start, i));
                    }
                    None
                }
            }
            (Some((start, alnum, _)), _) => {
                if alnum {
                    found.push((start, i));
                }
                None
            }
            (None, Wb::Letter | Wb::Digit | Wb::Connector) => Some((i, class != Wb::Connector, class)),
            (None, _) => None,
        };
        i = end;
    }
    if let Some((start, true, _)) = word {
        found.push((start, piece.len()));
    }
    for (start, end) in found {
        f(&piece[start..end]);
    }
    true
}

/// The [`known_class`] of the character at byte `i` of `s` (`None` past the end or for a
/// character without one) and its length. ASCII and the Arabic block are looked up in tables,
/// inlined into [`known_words`]' loop (a call for each character cost a third of the look-up);
/// the other characters are asked of [`class_of_char_at`].
#[inline(always)]
fn class_at(s: &str, i: usize) -> (Option<Wb>, usize) {
    /// `known_class` of U+0000-U+007F and of U+0600-U+06FF, worked out by the compiler.
    const TABLES: ([Option<Wb>; 128], [Option<Wb>; 256]) = {
        let mut tables = ([None; 128], [None; 256]);
        let mut k = 0;
        while k < 256 {
            if k < 128 {
                tables.0[k] = known_class(k as u8 as char);
            }
            // Within char's range: 0x600 + k < 0x700.
            tables.1[k] = match char::from_u32(0x600 + k as u32) {
                Some(c) => known_class(c),
                None => None,
            };
            k += 1;
        }
        tables
    };
    let b = s.as_bytes();
    match b.get(i) {
        None => (None, 0),
        Some(&lead) if lead < 0x80 => (TABLES.0[usize::from(lead)], 1),
        // A two-byte sequence 110110xx 10xxxxxx: U+0600-U+06FF.
        Some(&lead @ 0xD8..=0xDB) => (TABLES.1[usize::from(lead & 0x03) << 6 | usize::from(b[i + 1] & 0x3F)], 2),
        Some(_) => class_of_char_at(s, i),
    }
}

/// [`class_at`] of a character outside ASCII and U+0600-U+06FF.
#[inline(never)]
fn class_of_char_at(s: &str, i: usize) -> (Option<Wb>, usize) {
    s[i..].chars().next().map_or((None, 0), |c| (known_class(c), c.len_utf8()))
}

/// Whether `unicode_words` keeps the word-bound segment `w`: whether a character of it is
/// alphanumeric by `unicode-segmentation`'s own tables (which may be of another Unicode version
/// than std's). Asked of every segment, spaces and punctuation too, so the common answers are
/// short cuts: ASCII, and the Arabic-script letters and digits of [`is_arabic_alphanumeric`]
/// (the unit test `arabic_short_cuts_agree_with_unicode_segmentation` checks each against the
/// crate). Any other character is asked of the crate alone, as a one-character text.
fn has_alphanumeric(w: &str) -> bool {
    w.chars().any(|c| {
        if c.is_ascii() {
            c.is_ascii_alphanumeric()
        } else if is_arabic_alphanumeric(c) {
            true
        } else {
            let mut buf = [0u8; 4];
            c.encode_utf8(&mut buf).unicode_words().next().is_some()
        }
    })
}

/// Arabic-script letters (with tatweel) and Arabic-Indic digits: alphanumeric. The r2l corpus
/// set is mostly Arabic and Persian, the one set whose words take `unicode_words`' slow path.
fn is_arabic_alphanumeric(c: char) -> bool {
    matches!(c, '\u{0620}'..='\u{064A}' | '\u{0660}'..='\u{0669}' | '\u{0671}'..='\u{06D3}' | '\u{06F0}'..='\u{06F9}')
}

/// Characters that have no case (`to_lowercase` is the character itself; the unit test
/// `caseless_characters_lowercase_to_themselves` checks every one): the Hebrew, Arabic,
/// Syriac, Thaana, NKo, Samaritan and Mandaic blocks, and the zero-width non-joiner that Persian
/// writes inside words.
fn is_caseless(c: char) -> bool {
    matches!(c, '\u{0590}'..='\u{08FF}' | '\u{200C}')
}

/// `text.unicode_words()` for ASCII `text`, in one pass without an iterator chain. In ASCII,
/// UAX #29 words are runs of letters, digits and `_` (ALetter, Numeric, ExtendNumLet: WB5,
/// WB8-WB10, WB13a, WB13b) that also hold a letter or digit (`unicode_words` drops the rest),
/// joined across one `.`, `'` or `:` between two letters (WB6, WB7) and one `.`, `'`, `,` or
/// `;` between two digits (WB11, WB12). Every other ASCII character is never inside a word.
/// The unit test `ascii_words_are_unicode_words` compares it with `unicode_words`.
fn ascii_words<'s>(text: &'s str, f: &mut impl FnMut(&'s str)) {
    /// What [`ascii_words`] asks of a byte, looked up in one table rather than tested by
    /// ranges (letter, digit and `_` took eleven instructions a byte of every word):
    /// `CORE` for letters, digits and `_`, `JOINER` for the separators a word may hold.
    const CORE: u8 = 1;
    const JOINER: u8 = 2;
    const CLASSES: [u8; 256] = {
        let mut t = [0; 256];
        let mut b = 0;
        while b < 128 {
            let c = b as u8;
            t[b] = if c.is_ascii_alphanumeric() || c == b'_' {
                CORE
            } else if matches!(c, b'.' | b'\'' | b':' | b',' | b';') {
                JOINER
            } else {
                0
            };
            b += 1;
        }
        t
    };
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if CLASSES[usize::from(bytes[i])] != CORE {
            i += 1;
            continue;
        }
        let start = i;
        i += 1;
        while i < bytes.len() {
            let b = bytes[i];
            let class = CLASSES[usize::from(b)];
            if class == CORE {
                i += 1;
                continue;
            }
            if class != JOINER {
                break;
            }
            let (prev, next) = (bytes[i - 1], bytes.get(i + 1).copied().unwrap_or(b' '));
            let joins = match b {
                b'.' | b'\'' => {
                    (prev.is_ascii_alphabetic() && next.is_ascii_alphabetic())
                        || (prev.is_ascii_digit() && next.is_ascii_digit())
                }
                b':' => prev.is_ascii_alphabetic() && next.is_ascii_alphabetic(),
                b',' | b';' => prev.is_ascii_digit() && next.is_ascii_digit(),
                _ => false,
            };
            if !joins {
                break;
            }
            // The separator and the letter or digit after it.
            i += 2;
        }
        // A word of `_` alone is none. Asked only of a word that starts with `_` (a join
        // needs a letter or digit on each side, so a word with a separator has one).
        let alphanumeric = bytes[start] != b'_' || bytes[start..i].iter().any(|&b| b != b'_');
        if alphanumeric {
            f(&text[start..i]);
        }
    }
}

/// Where [`compared_form`] left a word's compared form.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Form {
    /// The word is already lowercase ASCII: it is its own compared form (most words of most
    /// pages), so the caller can use the word itself and nothing is copied.
    AsIs,
    /// The compared form is in the buffer.
    InBuffer,
    /// The word was nothing but optional marks: it is not a token.
    Empty,
}

/// The compared form of one UAX #29 word (see [`tokens`]): lowercased, optional marks removed.
/// Written into `buf` (cleared first) only when it differs from the word, so that callers that
/// only look words up allocate nothing per word.
fn compared_form(w: &str, buf: &mut String) -> Form {
    buf.clear();
    if w.is_empty() {
        return Form::Empty;
    }
    // One look at each byte for the most common case, lowercase ASCII.
    if !w.bytes().any(|b| !b.is_ascii() || b.is_ascii_uppercase()) {
        return Form::AsIs;
    }
    // A word of a caseless script without optional marks (most Arabic and Persian words) is
    // its own compared form too; checked before the ASCII case only when a byte is not ASCII.
    if !w.is_ascii() && w.chars().all(|c| if c.is_ascii() { !c.is_ascii_uppercase() } else { is_caseless(c) && !is_optional_mark(c) }) {
        return Form::AsIs;
    }
    if w.is_ascii() {
        // A capitalised word (the most common other case): copied and lowercased in place.
        buf.push_str(w);
        buf.make_ascii_lowercase();
        return Form::InBuffer;
    }
    for c in w.chars().filter(|c| !is_optional_mark(*c)) {
        // `char::to_lowercase` of an ASCII character is `to_ascii_lowercase`; the shortcut
        // skips the Unicode table look-up (`make_ascii_lowercase` above does the same).
        if c.is_ascii() {
            buf.push(c.to_ascii_lowercase());
        } else {
            buf.extend(c.to_lowercase());
        }
    }
    if buf.is_empty() {
        Form::Empty
    } else {
        Form::InBuffer
    }
}

/// Arabic harakat, tanween, shadda, sukun, superscript alef and tatweel.
fn is_optional_mark(c: char) -> bool {
    matches!(c, '\u{064B}'..='\u{065F}' | '\u{0670}' | '\u{0640}')
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
    let messy = bytes.last().is_some_and(|&b| odd(b)) || pairs.fold(false, |m, (&a, &b)| m | odd(a) | ((a == b' ') & (b == b' ')));
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

/// Scores every fragment against `query` with the four measures of 5.3.3. Returns a candidate
/// for each fragment that shares a word with the query (the others score 0 under every
/// measure), in document order.
///
/// This is the plain reference: [`find`] scores only the fragments short enough for it to
/// keep, with the same results to the last bit for those.
pub fn score(fragments: &[Fragment], query: &str) -> Vec<TitleCandidate> {
    score_fragments(fragments, query).into_iter().map(|s| s.with_text(fragments)).collect()
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
struct Vocabulary<'s> {
    /// Keys borrow the texts when the word is its own compared form ([`Form::AsIs`]).
    ids: HashMap<Cow<'s, str>, usize, WordHashing>,
    /// The compared form of the word being looked up, when it is not the word itself.
    buf: String,
}

impl<'s> Vocabulary<'s> {
    /// Room for `words` distinct words before the table grows.
    fn with_capacity(words: usize) -> Self {
        Vocabulary { ids: HashMap::with_capacity_and_hasher(words, WordHashing::new()), buf: String::new() }
    }

    /// Appends the term ids of the [`tokens`] of `text` to `out`. `lowered`: the ASCII letters
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
                let word = |at: usize| u64::from(u32::from_le_bytes([rest[at], rest[at + 1], rest[at + 2], rest[at + 3]]));
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

/// [`score`], the texts left out. Not inlined (called once a page), so that profiles show its
/// share apart from `dana::extract`'s.
#[inline(never)]
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
    let mut lowered = String::with_capacity(query.len() + fragments.iter().map(|f| f.text.len()).sum::<usize>());
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
        for_each_word(&lowered[span], |w, ascii| match if ascii { Form::AsIs } else { compared_form(w, &mut buf) } {
            Form::AsIs => words.push(w),
            Form::InBuffer => {
                in_forms.push((words.len(), forms.len()..forms.len() + buf.len()));
                forms.push_str(&buf);
                words.push("");
            }
            Form::Empty => {}
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
    let mut terms: HashMap<&str, usize, WordHashing> = HashMap::with_capacity_and_hasher(256, WordHashing::new());
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
        if ws.len() <= limit && ws.iter().any(|w| terms.get(w).is_some_and(|&t| t < query_distinct)) {
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
    let mut id: Vec<usize> = (0..terms.len()).map(|t| if t < query_distinct { t } else { usize::MAX }).collect();
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

/// [`find`] with `query` for the `<title>`'s text: [`title_text`] with
/// [`crate::Options::declared_title`], the `<title>` read as HTML when it holds markup.
// Not inlined (called once a page), so that profiles show TitleFinder's share.
#[inline(never)]
pub fn find_for(page: &Page, frags: &[Fragment], metric: TitleMetric, query: &str) -> Headline {
    // Only fragments of at most `max_headline_words` words are scored.
    let mut scored = score_headline_candidates(frags, query);
    // Best first; a tie goes to the earlier fragment (the sort is stable), since a headline
    // stands above the article that repeats its words.
    scored.sort_by(|a, b| metric_score(&b.candidate, metric).total_cmp(&metric_score(&a.candidate, metric)));
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
        return Headline { text: best.text.clone(), rule: "titlefinder", line: Some(best.line), candidates, weak: false, after_site: false };
    }
    // The `<title>` is empty or shares no word with the body.
    if let Some((text, line)) = first_heading(page, Some(1)) {
        return Headline { text, rule: "h1", line: Some(line), candidates, weak: false, after_site: false };
    }
    if let Some(text) = page.head.meta_contents(&["property", "name"], "og:title").next() {
        return Headline { text, rule: "og:title", line: None, candidates, weak: false, after_site: false };
    }
    if !page.head.title.is_empty() {
        return Headline { text: page.head.title.clone(), rule: "title", line: None, candidates, weak: false, after_site: false };
    }
    Headline { text: String::new(), rule: "none", line: None, candidates, weak: false, after_site: false }
}

/// The longest fragment, in words, that may be a headline for a `<title>` of `query_words`
/// words. Our guard, not the thesis's: when the body has no fragment like the `<title>`, a long
/// paragraph that happens to repeat its words would win under every metric, and a paragraph
/// is never a headline; the fallbacks below do better.
fn max_headline_words(query_words: usize) -> usize {
    2 * query_words + 5
}

/// A headline the page declares about itself, and where: `json-ld` (an article's `headline`),
/// `og:title`, `twitter:title` or `title`.
#[derive(Clone, Debug, PartialEq)]
pub struct Declared {
    pub text: String,
    pub rule: &'static str,
}

/// The headlines a page declares, most specific first: JSON-LD `headline`, `og:title`,
/// `twitter:title`, `<title>`; each cleaned ([`clean_headline`]), blanks left out.
pub fn declared(page: &Page) -> Vec<Declared> {
    let head = &page.head;
    let metas = |key: &'static str| head.meta_contents(&["property", "name"], key).next();
    let found = [
        (crate::meta::json_ld_headline(head), "json-ld"),
        (metas("og:title"), "og:title"),
        (metas("twitter:title"), "twitter:title"),
        (Some(title_text(page)), "title"),
    ];
    found
        .into_iter()
        .filter_map(|(text, rule)| Some(Declared { text: clean_headline(text.as_deref()?), rule }))
        .filter(|d| !d.text.is_empty())
        .collect()
}

/// The `<title>`'s text as the page means it: with a tag or a comment written in it (a
/// `<title>` whose end tag comes late takes in what stands before it as text), its content read
/// as HTML, the text outside scripts and styles; else its text.
pub fn title_text(page: &Page) -> String {
    let Some(raw) = page.head.title_html.as_deref() else { return page.head.title.clone() };
    // Preprocessing drops the scripts, styles and comments: the rest is the title's text.
    let inner = Page::parse(raw, crate::preprocess::Preprocessing::thesis(crate::LinkFilter::None));
    let text: Vec<&str> = inner.toks.iter().filter_map(|t| if let Tok::Text(t) = t { Some(t.as_ref()) } else { None }).collect();
    collapse_whitespace(&text.join(" ")).trim().to_string()
}

/// Whether a headline shows markup as text: a comment's delimiter, an end tag, or a start tag
/// with an attribute or a closing slash (`<script src=`, `<br/>`, `</i>`). A tag's name alone
/// in angle brackets is text a page escaped ("<table>: The Table element").
pub fn looks_like_markup(s: &str) -> bool {
    if s.contains("<!--") || s.contains("-->") {
        return true;
    }
    s.match_indices('<').any(|(i, _)| {
        let rest = &s[i + 1..];
        let (end, rest) = match rest.strip_prefix('/') {
            Some(r) => (true, r),
            None => (false, rest),
        };
        let name = rest.bytes().take_while(u8::is_ascii_alphanumeric).count();
        if name == 0 || !rest.as_bytes()[0].is_ascii_alphabetic() {
            return false;
        }
        let after = rest[name..].trim_start();
        if end {
            return after.starts_with('>');
        }
        after.starts_with("/>") || (rest[name..].starts_with(char::is_whitespace) && after.split(['>', ' ']).next().is_some_and(|a| a.contains('=')))
    })
}

/// Whitespace collapsed, and without straight quotes around the whole, the permalink marks
/// documentation generators put at the end of headings (`¶`, `#`), nor the Markdown that
/// static-site generators leave in declared titles: a heading's leading `## ` and the
/// asterisks of `*emphasis*`.
pub fn clean_headline(s: &str) -> String {
    let s = collapse_whitespace(s);
    let mut s = s.trim().trim_end_matches(['¶', '#', ' ']);
    // `"Headline"`: straight quotes around the whole, as a plugin writes a quoted field into
    // JSON-LD (typographic quotes around a headline are the writer's: a title that quotes).
    if let Some(inner) = s.strip_prefix('"').and_then(|r| r.strip_suffix('"')) {
        if !inner.contains('"') && !inner.trim().is_empty() {
            s = inner.trim();
        }
    }
    if let Some(rest) = s.strip_prefix('#') {
        let rest = rest.trim_start_matches('#');
        if let Some(text) = rest.strip_prefix(' ') {
            s = text.trim_start();
        }
    }
    // `*Title* (1792)`: an even number of asterisks, each pair around words.
    let stars: Vec<usize> = s.match_indices('*').map(|(i, _)| i).collect();
    let emphasis = !stars.is_empty()
        && stars.len() % 2 == 0
        && stars.chunks(2).all(|p| s[p[0] + 1..].starts_with(|c: char| !c.is_whitespace() && c != '*') && s[..p[1]].ends_with(|c: char| !c.is_whitespace() && c != '*'));
    if emphasis { s.replace('*', "") } else { s.to_string() }
}

/// The separators sites put between a page's headline and their name in `<title>` and
/// `og:title` ("Headline | Site", "Headline - Site").
pub const SITE_SEPARATORS: [&str; 8] = [" | ", " - ", " – ", " — ", " :: ", " · ", " » ", " / "];
/// The longest site name, in words, that [`strip_site_suffix`] takes off.
const MAX_SITE_WORDS: usize = 6;

/// "Headline | Site" → "Headline": the text before the last separator, when what follows it is
/// short enough to be a site's name and something is left before it.
pub fn strip_site_suffix(s: &str) -> &str {
    let s = strip_host_prefix(s);
    match last_separator(s) {
        Some((i, sep)) if tokens(&s[i + sep.len()..]).len() <= MAX_SITE_WORDS && !tokens(&s[..i]).is_empty() => s[..i].trim_end(),
        _ => s,
    }
}

/// Where the last of [`SITE_SEPARATORS`] in `s` starts, and which it is.
fn last_separator(s: &str) -> Option<(usize, &'static str)> {
    SITE_SEPARATORS.iter().filter_map(|sep| s.rfind(sep).map(|i| (i, *sep))).max_by_key(|(i, _)| *i)
}

/// "example.com Headline" → "Headline": a host name before the words is the site's.
fn strip_host_prefix(s: &str) -> &str {
    match s.split_once(' ') {
        Some((first, rest)) if is_host(first) && tokens(rest).len() >= 2 => rest,
        _ => s,
    }
}

/// Whether a word is a host name (`example.com`, `blog.example.co.uk`): lowercase letters,
/// digits and hyphens in dotted labels, ending with a label of letters.
fn is_host(w: &str) -> bool {
    let labels: Vec<&str> = w.split('.').collect();
    labels.len() >= 2
        && labels.iter().all(|l| !l.is_empty() && l.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'))
        && labels.last().is_some_and(|t| t.len() >= 2 && t.chars().all(|c| c.is_ascii_lowercase()))
}

/// The words two headlines are compared by: [`tokens`] with typographic apostrophes made
/// plain (`We’ve` and `We've` are one word, as a reader sees it).
pub fn headline_words(s: &str) -> Vec<String> {
    // Copied only when there is an apostrophe to replace (most texts have none).
    if s.contains(['\u{2019}', '\u{2018}']) {
        tokens(&s.replace(['\u{2019}', '\u{2018}'], "'"))
    } else {
        tokens(s)
    }
}

/// The headline shown: TitleFinder's `found` (thesis chapter 5) checked against what the page
/// declares about itself. Our refinement, measured on the modern and readability sets
/// (`dana eval`, metadata table; docs/METADATA.md).
///
/// The body's candidates are its `h1`s, then TitleFinder's ranked fragments. In order:
/// 1. a body candidate with the words of a declared headline: the declared text (the
///    publisher's spelling of what the page shows), standing on the candidate's line;
/// 2. a body candidate with the words of a declared headline less its site suffix
///    ([`strip_site_suffix`]): the candidate;
/// 3. one of the first three `h1`s of two words or more whose words are all in such a
///    stripped declared headline (a shortened headline): that `h1`;
/// 4. the first `h1` when it says a declared headline in other words (`reads_as_headline`: at
///    least five words, half of them a declared headline's, not only the site's name): that
///    `h1`;
/// 5. no body candidate agrees with any: the first of `og:title`, `twitter:title`, `<title>`
///    and JSON-LD `headline` as declared, site suffix and all (the body's `h1` is then a site
///    name or a section, as "Fitness" or "ArchWiki" are, and nothing on the page says which
///    part of the declared title is the site's: against stripping the suffix, 15 more pages
///    of the modern set and 6 fewer match their annotated headline; JSON-LD comes last
///    because its `headline` is often a search-engine variant that the page does not show);
/// 6. nothing declared: `found` as TitleFinder and its fallbacks chose it.
///
/// With the page's address ([`crate::Options::url`] in `witnessed`): a declared title that opens with
/// the host's name compares less that name in rules 2 and 3, and is the site's title below
/// the home page (`names_the_site`); before rule 5, a slug the first `h1` spells and no
/// declared title does gives that `h1` (`MIN_SLUG_WORDS`).
pub fn choose(page: &Page, found: Headline, witnessed: &Witnesses) -> Headline {
    let mut declared = witnessed.declared.clone();
    if declared.is_empty() {
        return found;
    }
    let address = witnessed.address.as_ref();
    let witnesses = &witnessed.site;
    // Below the home page (or without an address), what the page's logo, copyright notice,
    // menus and host call the site or a section is the site's; on the home page the site's
    // name is the page's own title.
    let below_home = address.is_none_or(|a| !a.home);
    // A section's `h1` ("World Views" linked to the column's index) is not the page's.
    let h1s: Vec<(String, usize)> = headings_of_level(page, Some(1))
        .into_iter()
        .map(|(_, t, line)| (clean_headline(&t), line))
        .filter(|(t, _)| !witnesses.is_section(&headline_words(t)))
        .collect();
    // A declared title that is the site's ("Site – Tagline", as every page of some sites has
    // it) says nothing about this page.
    let is_site_title = |d: &Declared| names_the_site(page, &d.text, address) || (below_home && witnesses.strip(&d.text).is_empty());
    let site_titles = declared.iter().filter(|d| is_site_title(d)).count();
    // Every declared title is the site's: nothing on the page says which text is this page's
    // headline ([`confirm`] looks for the article's own).
    let all_site = site_titles == declared.len()
        && declared.iter().all(|d| witnesses.strip(address.and_then(|a| a.without_name(&d.text)).unwrap_or(&d.text)).is_empty() || names_the_site(page, &d.text, None));
    if site_titles > 0 && site_titles < declared.len() {
        declared.retain(|d| !is_site_title(d));
    }
    let body: Vec<(&str, usize, &'static str)> =
        h1s.iter().map(|(t, l)| (t.as_str(), *l, "h1")).chain(found.candidates.iter().map(|c| (c.text.as_str(), c.line, "titlefinder"))).collect();
    let body_words: Vec<Vec<String>> = body.iter().map(|(t, _, _)| headline_words(t)).collect();
    let chosen = |text: String, rule: &'static str, line: Option<usize>| Headline { text, rule, line, candidates: found.candidates.clone(), weak: false, after_site: false };
    let site = site_words(page, &declared);
    let names_site = |words: &[String]| words.iter().all(|w| site.contains(w)) || (below_home && witnesses.is_name(words));
    // A site's title, and what is declared besides it: the page's own heading says what this
    // page is. When only the site's is declared, below the home page, [`confirm`] prefers the
    // heading nearest the article's text to it (an `h1` "Latest News" over the story's `h2`).
    if site_titles == declared.len() {
        if let Some(k) = body_words.iter().take(h1s.len()).position(|w| w.len() >= 2 && !names_site(w)) {
            return Headline { weak: all_site && below_home, ..chosen(unnumbered(body[k].0, &declared).to_string(), "h1", Some(body[k].1)) };
        }
    }

    for d in &declared {
        let words = headline_words(&d.text);
        if let Some(k) = body_words.iter().position(|b| *b == words) {
            return chosen(d.text.clone(), d.rule, Some(body[k].1));
        }
    }
    // Less the site's name: a suffix ("Headline | Site"), or a prefix that is the name of the
    // page's host ("Discord - Group Chat …" on discord.com, where the tail is the headline);
    // then less what the page witnesses as the site's and its sections' names at either end
    // ("SITE | Football | Premiership | Headline").
    let stripped: Vec<Vec<String>> =
        declared.iter().map(|d| headline_words(address.and_then(|a| a.without_name(&d.text)).unwrap_or_else(|| strip_site_suffix(&d.text)))).collect();
    for words in &stripped {
        if let Some(k) = body_words.iter().position(|b| b == words) {
            return chosen(body[k].0.to_string(), body[k].2, Some(body[k].1));
        }
    }

    // The end of a declared title whose start was the site's ("Forum :: View topic - Topic"),
    // when the body shows it: the declared text, standing on the body's line.
    for d in declared.iter().filter(|d| below_home && witnesses.strips_start(&d.text)) {
        for tail in tails(witnesses.strip(&d.text)) {
            let words = headline_words(tail);
            if let Some(k) = body_words.iter().position(|b| b.len() >= 2 && *b == words && !names_site(b) && !witnesses.is_section(b)) {
                return chosen(tail.to_string(), d.rule, Some(body[k].1));
            }
        }
    }
    for (k, (text, line)) in h1s.iter().enumerate().take(3) {
        let words = &body_words[k];
        if words.len() >= 2 && !names_site(words) && stripped.iter().any(|s| words.iter().all(|w| s.contains(w))) {
            return chosen(unnumbered(text, &declared).to_string(), "h1", Some(*line));
        }
    }
    if let Some((text, line)) = h1s.first().filter(|_| body_words.first().is_some_and(|w| reads_as_headline(w, &site, &declared))) {
        return chosen(unnumbered(text, &declared).to_string(), "h1", Some(*line));
    }
    // The URL's slug spells the first `h1` and no declared title: the slug is made from the
    // headline the editor wrote, which the page shows (an SEO title is written apart from it).
    if let (Some((text, line)), Some(a)) = (h1s.first(), address) {
        if a.slug.len() >= MIN_SLUG_WORDS && a.spelled_by(&body_words[0]) && !declared.iter().any(|d| a.spelled_by(&headline_words(&d.text))) {
            return chosen(unnumbered(text, &declared).to_string(), "h1", Some(*line));
        }
    }
    // Less what the page witnesses as its site's and sections' names: the declared text,
    // standing on the body's line.
    let witnessed: Vec<(&str, &'static str)> = declared.iter().filter(|_| below_home).map(|d| (witnesses.strip(&d.text), d.rule)).filter(|(t, _)| !t.is_empty()).collect();
    for (text, rule) in &witnessed {
        let words = headline_words(text);
        if let Some(k) = body_words.iter().position(|b| *b == words) {
            return chosen(text.to_string(), rule, Some(body[k].1));
        }
    }

    let first = declared.iter().find(|d| d.rule != "json-ld").unwrap_or(&declared[0]);
    let text = strip_host_prefix(&first.text);
    // The first `h1` is the site's name and the declared title ends with it: the page itself
    // says which part is the site's ("Topic / Section / Forum" under an `h1` "Forum").
    let h1_is_tail = body_words.first().filter(|_| !h1s.is_empty()).is_some_and(|w| {
        let tail = headline_words(site_suffix(text));
        !w.is_empty() && w.iter().all(|x| tail.contains(x))
    });
    let text = if h1_is_tail { strip_breadcrumb(text) } else { text };
    // The site's and its sections' names that the page witnesses go from either end.
    let text = Some(witnesses.strip(text)).filter(|t| below_home && !t.is_empty()).unwrap_or(text);
    // Where the body shows it, if it does (a breadcrumb's last link): the date and byline
    // are looked for near that line.
    let words = headline_words(text);
    let line = body_words.iter().position(|b| *b == words).map(|k| body[k].1);
    // Every declared title is the site's: below the home page, nothing confirms it.
    let site_and_more = site_titles == declared.len() && !all_site && below_home;
    Headline { weak: all_site && below_home, after_site: site_and_more, ..chosen(text.to_string(), first.rule, line) }
}

/// The ends of a title after each of its separators ([`SITE_SEPARATORS`]), longest first: "A
/// - B - C" gives "B - C", then "C".
fn tails(title: &str) -> Vec<&str> {
    let mut cuts: Vec<usize> = SITE_SEPARATORS.iter().flat_map(|sep| title.match_indices(sep).map(move |(i, _)| i + sep.len())).collect();
    cuts.sort_unstable();
    cuts.into_iter().map(|i| title[i..].trim()).filter(|t| !t.is_empty()).collect()
}

/// An `h1` without the number a book, course or manual puts before its chapters' headings
/// ("3.1 Git Branching", "15 - Tutorial: …") when no declared headline has that number: the
/// heading's place in the table of contents, not words of its headline.
fn unnumbered<'s>(h1: &'s str, declared: &[Declared]) -> &'s str {
    let Some((first, rest)) = h1.split_once(' ') else { return h1 };
    let number = first.trim_end_matches('.');
    let parts_ok = number.split('.').all(|p| (1..=3).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit()));
    if !parts_ok || declared.iter().any(|d| d.text.split_whitespace().any(|w| w.trim_end_matches(['.', ':']) == number)) {
        return h1;
    }
    let rest = rest.trim_start();
    let rest = ["- ", "– ", "— ", ": "].iter().find_map(|p| rest.strip_prefix(p)).unwrap_or(rest).trim_start();
    if tokens(rest).len() < 2 { h1 } else { rest }
}

/// Whether a declared title is the site's rather than the page's: the site's declared name
/// (`og:site_name`; not `application-name`, which some sites fill with the page's headline
/// for pinned tabs) alone, or followed by a separator and a tagline; or, below the site's
/// home page, the name of the page's host so ("Reddit - The heart of the internet" on a
/// Reddit thread: a site that declares one title for all its pages). On the home page that
/// title is the page's own.
fn names_the_site(page: &Page, title: &str, address: Option<&Address>) -> bool {
    let head = &page.head;
    address.is_some_and(|a| !a.home && (a.is_name(title) || a.without_name(title).is_some()))
        || head.meta_contents(&["property", "name"], "og:site_name").any(|name| {
            let name = name.trim();
            !headline_words(name).is_empty()
                && (headline_words(title) == headline_words(name)
                    || title.strip_prefix(name).is_some_and(|rest| SITE_SEPARATORS.iter().any(|sep| rest.starts_with(sep))))
        })
}

/// The fewest words of a URL's slug that [`choose`] reads as a headline's (`/how-to-book-a-
/// flight/`; shorter ones, `/laptops/`, `/data-analytics`, name a section or a product
/// category in words a heading and a declared title share alike; measured on the modern set,
/// where 2 and 3 also turn pages the wrong way).
const MIN_SLUG_WORDS: usize = 4;

/// What the page's address says about its headline: the host's name and the path's slug.
#[derive(Debug)]
struct Address {
    /// The registrable label of the host, lowercase, without hyphens (`discord` for
    /// `www.discord.com`, `example` for `news.example.co.uk`).
    name: String,
    /// The path is `/`: the site's home page.
    home: bool,
    /// The words of the path's last segment, without a file extension and numbers
    /// (`/2025/01/how-to-book-a-flight.html` → how, to, book, a, flight).
    slug: Vec<String>,
    /// The page's address, to resolve links against ([`Address::is_above`]).
    url: url::Url,
}

impl Address {
    fn of(url: &str) -> Option<Address> {
        let url = crate::meta::page_url(url)?;
        let host = url.host_str()?;
        let labels: Vec<&str> = host.split('.').collect();
        // A country's second level (`co.uk`, `com.au`) is not the site's name.
        let n = labels.len();
        let k = if n >= 3 && labels[n - 1].len() == 2 && labels[n - 2].len() <= 3 { n - 3 } else { n.checked_sub(2)? };
        // A blog or page host's sites are its subdomains (`harborwalks.blogspot.com`).
        const PLATFORMS: [&str; 10] = ["blogspot", "wordpress", "typepad", "livejournal", "tumblr", "github", "gitlab", "substack", "wixsite", "weebly"];
        let k = if k > 0 && PLATFORMS.contains(&labels[k]) { k - 1 } else { k };
        let name: String = labels[k].chars().filter(|c| *c != '-').collect();
        let path = url.path();
        let last = path.split('/').rfind(|p| !p.is_empty()).unwrap_or("");
        let last = last.rsplit_once('.').filter(|(_, ext)| ext.len() <= 5 && ext.bytes().all(|b| b.is_ascii_alphabetic())).map_or(last, |(stem, _)| stem);
        let slug = tokens(&last.replace(['-', '_', '+', '.'], " ")).into_iter().filter(|w| !w.bytes().all(|b| b.is_ascii_digit())).collect();
        Some(Address { name, home: path == "/", slug, url })
    }

    /// Whether a link goes to this page (a menu's item for the page being read).
    fn is_here(&self, href: &str) -> bool {
        self.url.join(href.trim()).is_ok_and(|t| t.host_str() == self.url.host_str() && t.path() == self.url.path() && t.query() == self.url.query())
    }

    /// Whether a link goes to the site's home page or to the index of a directory this page is
    /// in (`/sport/`, `/sport/football/default.stm` above `/sport/football/12.stm`), on the same
    /// host and without a query: as menus and breadcrumbs link the sections a page is in.
    fn is_above(&self, href: &str) -> bool {
        let Ok(target) = self.url.join(href.trim()) else { return false };
        let (here, there) = (self.url.path(), target.path());
        if target.host_str() != self.url.host_str() || target.query().is_some() || there == here {
            return false;
        }
        // A directory and its index page: `/a/b/`, `/a/b/index.html`.
        let index_of = |path: &str| {
            let (dir, file) = path.rsplit_once('/').unwrap_or(("", path));
            let stem = file.split('.').next().unwrap_or_default().to_ascii_lowercase();
            (file.is_empty() || ["index", "default", "home", "main"].contains(&stem.as_str())).then(|| format!("{dir}/"))
        };
        let Some(dir) = index_of(there) else { return false };
        here.starts_with(&dir) && index_of(here).is_none_or(|own| own != dir)
    }

    /// Whether `s` is the host's name in words ("Left Brain Buddha" for leftbrainbuddha.com,
    /// "ClickUp™" for clickup.com).
    fn is_name(&self, s: &str) -> bool {
        let squashed: String = tokens(s).concat();
        !squashed.is_empty() && squashed == self.name
    }

    /// "Site - Rest" → "Rest", when "Site" is the host's name.
    fn without_name<'s>(&self, title: &'s str) -> Option<&'s str> {
        SITE_SEPARATORS.iter().find_map(|sep| {
            let (head, rest) = title.split_once(sep)?;
            (self.is_name(head) && !tokens(rest).is_empty()).then(|| rest.trim())
        })
    }

    /// Whether every word of the slug is one of `words`.
    fn spelled_by(&self, words: &[String]) -> bool {
        self.slug.iter().all(|w| words.contains(w))
    }
}

/// The words of the site's name: `og:site_name` and what [`strip_site_suffix`] takes off each
/// declared headline.
fn site_words(page: &Page, declared: &[Declared]) -> Vec<String> {
    let mut site: Vec<String> = page.head.meta_contents(&["property", "name"], "og:site_name").flat_map(|s| headline_words(&s)).collect();
    for d in declared {
        site.extend(headline_words(site_suffix(&d.text)));
    }
    site
}

/// What [`strip_site_suffix`] takes off the end of `s` (empty when nothing).
fn site_suffix(s: &str) -> &str {
    let kept = strip_site_suffix(s);
    // `kept` is a slice of `s`.
    let end = kept.as_ptr() as usize - s.as_ptr() as usize + kept.len();
    &s[end..]
}

/// [`strip_site_suffix`], then the parts before it that the same separator sets apart
/// ("Topic / Section / Forum" → "Topic"): the site's sections, written as a breadcrumb.
fn strip_breadcrumb(s: &str) -> &str {
    let s = strip_host_prefix(s);
    let Some((i, sep)) = last_separator(s) else { return s };
    if tokens(&s[i + sep.len()..]).len() > MAX_SITE_WORDS || tokens(&s[..i]).is_empty() {
        return s;
    }
    let mut head = s[..i].trim_end();
    while let Some(j) = head.rfind(sep) {
        if tokens(&head[j + sep.len()..]).len() > MAX_SITE_WORDS || tokens(&head[..j]).is_empty() {
            break;
        }
        head = head[..j].trim_end();
    }
    head
}

/// The fewest words of a first `h1` that [`choose`] takes for the headline when it says the
/// declared one in other words (measured on the modern set's even ids: 4 and 6 do worse).
const MIN_REWORDED_H1_WORDS: usize = 5;

/// Whether the page's first `h1`, of `words`, is its headline in other words than the declared
/// ones: a sentence-long heading (at least [`MIN_REWORDED_H1_WORDS`] words) of which at least
/// half are words of one declared headline, whole (a tagline after the separator, "Site -
/// Tagline", is words of the page too), and not only the site's name (`og:site_name`, or
/// what [`strip_site_suffix`] takes off a declared headline). Sites write one headline for
/// search engines and social cards and another for the reader (Search Engine Optimisation
/// plugins such as Yoast keep the two apart); the reader's is the one the page shows.
fn reads_as_headline(words: &[String], site: &[String], declared: &[Declared]) -> bool {
    if words.len() < MIN_REWORDED_H1_WORDS {
        return false;
    }
    let shared = |d: &Declared| {
        let theirs = headline_words(&d.text);
        words.iter().filter(|w| theirs.contains(w)).count()
    };
    !words.iter().all(|w| site.contains(w)) && declared.iter().any(|d| 2 * shared(d) >= words.len())
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
fn headings_of_level(page: &Page, level: Option<u8>) -> Vec<(u8, String, usize)> {
    let mut headings: Vec<(u8, String, usize)> = Vec::new();
    // The heading being read: (level, text, line of its start tag).
    let mut open: Option<(u8, String, usize)> = None;
    for (i, tok) in page.toks.iter().enumerate() {
        match tok {
            Tok::Start { name, .. } if heading_level(name).is_some() => {
                if let Some(h) = open.take() {
                    headings.push(h); // an unclosed heading ends where the next begins
                }
                open = Some((heading_level(name).unwrap_or(1), String::new(), page.line_of[i] as usize));
            }
            Tok::End { name } if heading_level(name).is_some() => {
                if let Some(h) = open.take() {
                    headings.push(h);
                }
            }
            Tok::Text(t) => {
                if let Some((_, text, _)) = open.as_mut().filter(|(l, _, _)| level.is_none_or(|wanted| *l == wanted)) {
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

    fn page(html: &str) -> Page<'_> {
        Page::parse(html, crate::preprocess::Preprocessing::thesis(LinkFilter::None))
    }

    /// [`super::find`] on the page's own fragments, as `extract` calls it.
    fn find(page: &Page, metric: TitleMetric) -> Headline {
        super::find(page, &fragments(page), metric)
    }

    /// The tokeniser as first written (one `String` per word, optional marks filtered, then
    /// lowercased): the reference the fast paths must agree with.
    fn reference_tokens(s: &str) -> Vec<String> {
        s.unicode_words()
            .map(|w| w.chars().filter(|c| !is_optional_mark(*c)).flat_map(char::to_lowercase).collect::<String>())
            .filter(|w| !w.is_empty())
            .collect()
    }

    /// Texts where lowercasing or word splitting is not simple.
    const TRICKY: &[&str] = &[
        "",
        "   ",
        "plain lowercase words",
        "Mixed CASE, with: punctuation; and 3.14 numbers_under",
        "ÉCOLE Ünïcode ŒUVRE straße",
        "KELVIN \u{212A} sign and \u{212B}ngström",
        "Turkish İstanbul IŞIK ı",
        "combining e\u{301} and a\u{300}\u{301} marks, ZW\u{200C}NJ and ZW\u{200D}J",
        "digits 123 ١٢٣ ४५६ and ＦＵＬＬＷＩＤＴＨ",
        "Arabic \u{0643}\u{064E}\u{062A}\u{064E}\u{0628}\u{064E} tatweel \u{0643}\u{0640}\u{062A}\u{0628} only-marks \u{064E}\u{0650}",
        "Greek ΣΊΣΥΦΟΣ and Cyrillic ПРИВЕТ мир",
        "CJK 日本語のテキスト and emoji 👍🏽 flags 🇫🇷🇩🇪",
        "can't won't O'Neil e.g. U.S.A. 1,000.5",
        "tab\tnew\nline\u{a0}nbsp\u{3000}ideographic",
        "Persian \u{0645}\u{06CC}\u{200C}\u{0634}\u{0648}\u{062F}\u{060C} \u{06F1}\u{06F2}\u{060C}\u{06F3} \u{0627}\u{0644}\u{0643}\u{062A}\u{0627}\u{0628}\u{061F}",
    ];

    #[test]
    fn tokens_agree_with_the_reference() {
        for text in TRICKY {
            assert_eq!(tokens(text), reference_tokens(text), "{text:?}");
        }
    }

    /// `count` texts of up to `max_len - 1` characters drawn from `alphabet` by xorshift64 from
    /// `seed`: a fixed sequence, so a failure is reproducible.
    fn random_texts(alphabet: &str, seed: u64, count: usize, max_len: u64) -> Vec<String> {
        let alphabet: Vec<char> = alphabet.chars().collect();
        let mut state = seed;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        (0..count)
            .map(|_| {
                let len = (next() % max_len) as usize;
                (0..len).map(|_| alphabet[(next() % alphabet.len() as u64) as usize]).collect()
            })
            .collect()
    }

    fn words_by_pieces(text: &str) -> Vec<&str> {
        let mut out = Vec::new();
        for_each_word(text, |w, ascii| {
            // `push_ids` takes such a word for lowercase ASCII when the text was lowered.
            assert!(!ascii || w.is_ascii(), "{w:?}");
            out.push(w)
        });
        out
    }

    #[test]
    fn words_by_pieces_are_the_words_of_the_whole_text() {
        let cases = [
            "space then mark: a \u{301}b and a  \u{301}b",
            "space then soft hyphen a \u{ad}b, ZWJ a \u{200d}b, ZWNJ a \u{200c}b",
            "Devanagari vowel sign after a space: क \u{93e}x",
            "flags 🇫🇷 🇩🇪🇮🇹 x 🇫 🇷",
            "Hebrew א\"ב x א \"ב and גרשיים x",
            "numbers 1 ,2 3. 4 1,000 ١٬٠٠٠ x",
            "  leading and trailing é  ",
            "é",
            " ",
            "x\u{3000}y é\tz é\nq é\r\n w",
            "can\u{2019}t won\u{2019}t “quoted” — dash",
        ];
        for text in TRICKY.iter().chain(&cases) {
            assert_eq!(words_by_pieces(text), text.unicode_words().collect::<Vec<_>>(), "{text:?}");
        }
        // Random mixtures of ASCII and characters that matter to UAX #29 around spaces.
        let alphabet = "aZ09 _.,:;'\"-\t\n\r  é\u{301}\u{ad}\u{200d}\u{200c}\u{93e}क🇫🇷👍\u{1f3fd}א日ー\u{a0}\u{3000}\u{64e}ب\u{2019}";
        for text in random_texts(alphabet, 0x2545_f491_4f6c_dd1d, 20_000, 24) {
            assert_eq!(words_by_pieces(&text), text.unicode_words().collect::<Vec<_>>(), "{text:?}");
        }
    }

    #[test]
    fn lowercasing_ascii_first_changes_no_token() {
        // What `score_headline_candidates` relies on when it lowercases the page's ASCII
        // letters before splitting.
        let cases = ["A\u{301}B É\u{301}X İI \u{212A}K ÉCOLE école ÉcolE", "U.S.A. E.G. Can'T 1A.2B X_Y"];
        for text in TRICKY.iter().chain(&cases) {
            assert_eq!(tokens(&text.to_ascii_lowercase()), tokens(text), "{text:?}");
        }
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
    fn ascii_words_are_unicode_words() {
        let fixed = [
            "",
            "_ __a a_",
            "e.g. U.S.A. a.b.c. a..b a.:b a. .a 1. a: a:b:c",
            "1,000.5 1;2 1'2 1:2 1.a a.1 a1.b 1a.2 a'b'c",
            "can't 'quoted' \"dq\" a\r\nb\r\r\n\n",
            "x\x0by\x0cz\x00w\x7f",
        ];
        let check = |text: &str| {
            let mut got = Vec::new();
            ascii_words(text, &mut |w| got.push(w));
            assert_eq!(got, text.unicode_words().collect::<Vec<_>>(), "{text:?}");
        };
        for text in fixed {
            check(text);
        }
        // Random strings over the characters that matter (the separators often, so that they
        // fall between letters and digits), and now and then any ASCII character.
        let alphabet = b"aZz09_.'.':,;  \"\r\n\t-";
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..50_000 {
            let len = (next() % 16) as usize;
            let text: String = (0..len)
                .map(|_| {
                    let r = next();
                    if r % 8 == 0 {
                        char::from((r >> 8) as u8 & 0x7f)
                    } else {
                        char::from(alphabet[((r >> 8) % alphabet.len() as u64) as usize])
                    }
                })
                .collect();
            check(&text);
        }
    }

    #[test]
    fn compared_form_copies_only_what_it_must() {
        let mut buf = String::from("stale");
        assert_eq!(compared_form("already", &mut buf), Form::AsIs);
        assert_eq!(compared_form("a1_b", &mut buf), Form::AsIs);
        assert_eq!(compared_form("Upper", &mut buf), Form::InBuffer);
        assert_eq!(buf, "upper");
        assert_eq!(compared_form("\u{212A}elvin", &mut buf), Form::InBuffer);
        assert_eq!(buf, "kelvin");
        assert_eq!(compared_form("İ", &mut buf), Form::InBuffer);
        assert_eq!(buf, "i\u{307}");
        assert_eq!(compared_form("\u{064E}\u{0640}", &mut buf), Form::Empty);
        assert_eq!(compared_form("", &mut buf), Form::Empty);
        assert_eq!(compared_form("\u{0643}\u{062A}\u{0627}\u{0628}", &mut buf), Form::AsIs);
        assert_eq!(compared_form("\u{0645}\u{06CC}\u{200C}\u{0634}\u{0648}\u{062F}", &mut buf), Form::AsIs);
        assert_eq!(compared_form("\u{0643}\u{064E}\u{062A}\u{0628}", &mut buf), Form::InBuffer);
        assert_eq!(buf, "\u{0643}\u{062A}\u{0628}");
        assert_eq!(compared_form("\u{0643}A", &mut buf), Form::InBuffer);
        assert_eq!(buf, "\u{0643}a");
    }

    #[test]
    fn caseless_characters_lowercase_to_themselves() {
        let caseless = (0..=0x10FFFF).filter_map(char::from_u32).filter(|&c| is_caseless(c));
        let mut n = 0;
        for c in caseless {
            assert_eq!(c.to_lowercase().collect::<String>(), c.to_string(), "{c:?}");
            n += 1;
        }
        assert_eq!(n, 0x08FF - 0x0590 + 1 + 1);
    }

    #[test]
    fn known_classes_agree_with_unicode_segmentation() {
        let words = |s: String| s.unicode_words().map(str::to_string).collect::<Vec<_>>();
        let one = |s: String| words(s.clone()) == [s];
        let mut n = 0;
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            let Some(class) = known_class(c) else { continue };
            n += 1;
            // Between two letters and between two digits: which class joins where.
            let (letters, digits) = (one(format!("a{c}b")), one(format!("1{c}2")));
            match class {
                Wb::Letter => assert!(one(c.to_string()) && one(format!("a.{c}")) && !one(format!("1,{c}")), "{c:?}"),
                Wb::Digit => assert!(one(c.to_string()) && one(format!("1,{c}")) && !one(format!("a.{c}")), "{c:?}"),
                Wb::Connector => assert!(letters && digits && words(c.to_string()).is_empty(), "{c:?}"),
                Wb::MidLetter => assert!(letters && !digits, "{c:?}"),
                Wb::MidNumLet => assert!(letters && digits, "{c:?}"),
                Wb::MidNum => assert!(!letters && digits, "{c:?}"),
                Wb::Extend => assert!(one(format!("a{c}")) && one(format!("1{c}")), "{c:?}"),
                // Breaks on both sides and is no word, after a letter or a space.
                Wb::Other => assert!(words(format!("a{c}b")) == ["a", "b"] && words(format!("a{c}")) == ["a"] && words(format!(" {c}")).is_empty(), "{c:?}"),
            }
        }
        assert!(n > 700);
    }

    #[test]
    fn known_words_are_unicode_words() {
        // Every class, and characters outside them (Hebrew, a flag, Devanagari, CJK, U+0601).
        let alphabet = "aZ09 _.,:;'\"-\t\n\r\u{a0}éŒ\u{301}\u{200c}\u{200e}\u{61c}\u{2019}\u{2018}“…«بكـ\u{64e}\u{651}\u{670}\u{610}١۲\u{60c}\u{66c}؟۔אक🇫日\u{601}";
        let mut known = 0;
        for text in random_texts(alphabet, 0x9e37_79b9_7f4a_7c15, 50_000, 16) {
            let mut out = Vec::new();
            if known_words(&text, &mut |w| out.push(w)) {
                assert_eq!(out, text.unicode_words().collect::<Vec<_>>(), "{text:?}");
                known += 1;
            } else {
                assert!(out.is_empty(), "{text:?}");
            }
        }
        // The fast path is taken often enough for the comparison to mean something.
        assert!(known > 5_000, "{known}");
    }

    #[test]
    fn arabic_short_cuts_agree_with_unicode_segmentation() {
        let mut n = 0;
        for c in (0..=0x10FFFF).filter_map(char::from_u32).filter(|&c| is_arabic_alphanumeric(c)) {
            // A lone character is one segment, which `unicode_words` keeps when it is alphanumeric.
            assert_eq!(c.to_string().unicode_words().count(), 1, "{c:?}");
            n += 1;
        }
        assert!(n > 150);
        // Every character of a few scripts and the punctuation around them: the short cuts
        // give the crate's answer.
        let ranges = [0x00..=0x7F, 0xA0..=0x24F, 0x0590..=0x08FF, 0x2000..=0x206F, 0x200C..=0x200D, 0x3000..=0x30FF];
        for c in ranges.into_iter().flatten().filter_map(char::from_u32) {
            let text = c.to_string();
            assert_eq!(has_alphanumeric(&text), text.unicode_words().count() == 1, "{c:?}");
        }
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
        let reference: Vec<Scored> =
            score_fragments(fragments, query).into_iter().filter(|s| tokens(&fragments[s.fragment].text).len() <= limit).collect();
        let fast = score_headline_candidates(fragments, query);
        let key = |s: &Scored| {
            let c = &s.candidate;
            (s.fragment, c.line, c.tf.to_bits(), c.tfidf.to_bits(), c.osm.to_bits(), c.sum.to_bits())
        };
        assert_eq!(fast.iter().map(key).collect::<Vec<_>>(), reference.iter().map(key).collect::<Vec<_>>(), "{query:?} {fragments:?}");
        fast.len()
    }

    #[test]
    fn short_candidates_score_as_in_the_reference() {
        let frags = |texts: &[&str]| -> Vec<Fragment> {
            texts.iter().enumerate().map(|(line, t)| Fragment { text: t.to_string(), line: line * 2 }).collect()
        };
        assert_eq!(assert_short_candidates_as_in_the_reference(&frags(&["a b"]), ""), 0);
        assert_eq!(assert_short_candidates_as_in_the_reference(&frags(&[]), "a"), 0);
        assert_eq!(assert_short_candidates_as_in_the_reference(&frags(&["\u{064E}", "b"]), "\u{064E} b"), 1);
        let tricky = frags(TRICKY);
        for query in TRICKY {
            assert_short_candidates_as_in_the_reference(&tricky, query);
        }
        // Random pages over a small vocabulary, so that words repeat across fragments: terms
        // first seen in long fragments (which are not scored) before the short ones that
        // use them, capitals, non-ASCII words, mark-only words that are no tokens.
        let words = [
            "rain", "Rain", "RAIN", "week", "all", "expected", "news", "daily", "the", "a", "of", "in", "north", "ÉCOLE",
            "école", "\u{212A}elvin", "kelvin", "İstanbul", "باران", "\u{0628}\u{064E}", "\u{0628}", "\u{064E}\u{0650}",
            "日本語", "can't", "1,000.5", "x_y", "--", "|",
        ];
        let mut state: u64 = 0x1234_5678_9abc_def1;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut scored = 0;
        for _ in 0..2_000 {
            let text = |max_words: u64, next: &mut dyn FnMut() -> u64| -> String {
                let n = next() % (max_words + 1);
                (0..n).map(|_| words[(next() % words.len() as u64) as usize]).collect::<Vec<_>>().join(" ")
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
        let words = ["", "a", "ab", "ab\0", "abcdefgh", "abcdefgh\0", "abcdefghi", "ba", "straße", "strasse"];
        for (i, a) in words.iter().enumerate() {
            for b in &words[i + 1..] {
                assert_ne!(h(a), h(b), "{a:?} {b:?}");
            }
        }
        assert_eq!(h("same"), h("same"));
        assert_ne!(h("same"), WordHashing::new().hash_one("same"), "each vocabulary has its own seed");
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
            assert_eq!(h.line, Some(p.line_of[p.toks.iter().position(|t| t.name() == Some("h2")).unwrap()] as usize));
            assert!(h.candidates.len() >= 2);
            let c = &h.candidates[0];
            assert!((c.sum - (c.tf + c.tfidf + c.osm)).abs() < 1e-12);
            // 4 shared words of a 6-word query and a 4-word fragment: 4 / (sqrt 6 * sqrt 4).
            assert!((c.tf - 4.0 / (6f64.sqrt() * 2.0)).abs() < 1e-12, "{}", c.tf);
        }
    }

    #[test]
    fn fallbacks_say_which_rule_won() {
        let h = find(&page("<title>Nothing here matches</title><h1>Actual headline</h1><p>Body text.</p>"), TitleMetric::Tf);
        assert_eq!((h.text.as_str(), h.rule), ("Actual headline", "h1"));
        let h = find(&page("<meta property=\"og:title\" content=\" From  OG \"><p>Body text.</p>"), TitleMetric::Tf);
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
