//! Words and scripts, as every stage reads them: UAX #29 words in the form TitleFinder compares
//! them (lowercased, Arabic-script optional marks removed), the words the reading time counts,
//! and the writing system of a letter.

use std::borrow::Cow;
use std::sync::atomic::{AtomicU8, Ordering};

use unicode_segmentation::UnicodeSegmentation;

/// Words as [`tokens`] gives them: borrowed from their text, or owned where their compared
/// form differs from it.
pub type Words<'s> = Vec<Cow<'s, str>>;

/// The words of a text as TitleFinder compares them: UAX #29 words, lowercased, without
/// Arabic-script vowel marks and tatweel (optional in writing: the `<title>` and the body
/// may differ only in them).
/// A word that is its own compared form (most are) is borrowed, not copied.
pub fn tokens(s: &str) -> Words<'_> {
    let mut buf = String::new();
    // Room for a word every six bytes, grown only past that (growing from empty reallocated
    // three or four times a headline).
    let mut out = Vec::with_capacity(s.len() / 6 + 1);
    for_each_word(s, |w, _| match compared_form(w, &mut buf) {
        Form::AsIs => out.push(Cow::Borrowed(w)),
        Form::InBuffer => out.push(Cow::Owned(buf.clone())),
        Form::Empty => {}
    });
    out
}

/// Whether `s` has a word: `!tokens(s).is_empty()`, without making the list.
pub fn has_words(s: &str) -> bool {
    let mut buf = String::new();
    let mut found = false;
    for_each_word(s, |w, _| {
        found = found || compared_form(w, &mut buf) != Form::Empty;
    });
    found
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
pub fn for_each_word<'s>(text: &'s str, mut f: impl FnMut(&'s str, bool)) {
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
                    let run_end =
                        run_start + bytes[run_start..].iter().take_while(|&&b| b == b' ').count();
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
        '\u{0620}'..='\u{064A}'
        | '\u{066E}'..='\u{066F}'
        | '\u{0671}'..='\u{06D3}'
        | '\u{06D5}'
        | '\u{06FA}'..='\u{06FC}'
        | '\u{06FF}' => Wb::Letter,
        '\u{0660}'..='\u{0669}' | '\u{06F0}'..='\u{06F9}' => Wb::Digit,
        // Combining diacritics, Arabic marks, the ZWNJ; the Arabic letter mark and the
        // left-to-right and right-to-left marks (Format, which WB4 treats as Extend).
        '\u{0300}'..='\u{036F}'
        | '\u{0610}'..='\u{061A}'
        | '\u{064B}'..='\u{065F}'
        | '\u{0670}'
        | '\u{200C}'
        | '\u{061C}'
        | '\u{200E}'
        | '\u{200F}' => Wb::Extend,
        // Characters that no rule joins to anything (WB999): other ASCII (the space, tab, CR and
        // LF too: nothing here follows them but what they break from), the no-break space,
        // guillemets, Arabic question mark, semicolon, percent sign and full stop, dashes,
        // curly double quotes and the ellipsis.
        '\0'..='\x7F'
        | '\u{A0}'
        | '\u{AB}'
        | '\u{BB}'
        | '\u{061B}'
        | '\u{061F}'
        | '\u{066A}'
        | '\u{066D}'
        | '\u{06D4}'
        | '\u{2013}'
        | '\u{2014}'
        | '\u{201C}'
        | '\u{201D}'
        | '\u{2026}' => Wb::Other,
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
            (Some((start, alnum, _)), Wb::Letter | Wb::Digit | Wb::Connector) => {
                Some((start, alnum || class != Wb::Connector, class))
            }
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
            (None, Wb::Letter | Wb::Digit | Wb::Connector) => {
                Some((i, class != Wb::Connector, class))
            }
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
        Some(&lead @ 0xD8..=0xDB) => {
            (TABLES.1[usize::from(lead & 0x03) << 6 | usize::from(b[i + 1] & 0x3F)], 2)
        }
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
pub fn has_alphanumeric(w: &str) -> bool {
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
pub fn is_caseless(c: char) -> bool {
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
pub enum Form {
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
pub fn compared_form(w: &str, buf: &mut String) -> Form {
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
    if !w.is_ascii()
        && w.chars().all(|c| {
            if c.is_ascii() {
                !c.is_ascii_uppercase()
            } else {
                is_caseless(c) && !is_optional_mark(c)
            }
        })
    {
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
pub fn is_optional_mark(c: char) -> bool {
    matches!(c, '\u{064B}'..='\u{065F}' | '\u{0670}' | '\u{0640}')
}

/// The words two headlines are compared by: [`tokens`] with typographic apostrophes made
/// plain (`We’ve` and `We've` are one word, as a reader sees it).
pub fn headline_words(s: &str) -> Words<'_> {
    // Copied only when there is an apostrophe to replace (most texts have none). Looked for
    // one at a time: a single character is found by `memchr` on its last byte, a set of two
    // by decoding every character.
    if s.contains('\u{2019}') || s.contains('\u{2018}') {
        owned(tokens(&s.replace(['\u{2019}', '\u{2018}'], "'")))
    } else {
        tokens(s)
    }
}

/// `words` ([`tokens`], [`headline_words`]) copied where they borrow, to outlive their text.
pub fn owned(words: Words<'_>) -> Words<'static> {
    words.into_iter().map(|w| Cow::Owned(w.into_owned())).collect()
}

/// The number of words in `text` for the reading time: runs between spaces that hold a letter
/// or digit. (UAX #29 words give the same count on space-separated text at a fraction of the
/// speed; scripts written without spaces are counted by characters in `meta::reading_minutes`.)
pub fn word_count(text: &str) -> usize {
    spaced_words(text).count()
}

/// The words [`word_count`] counts, in order.
pub fn spaced_words(text: &str) -> impl Iterator<Item = &str> {
    // An ASCII letter or digit answers for most words without decoding a character.
    text.split_whitespace()
        .filter(|w| w.bytes().any(|b| b.is_ascii_alphanumeric()) || w.chars().any(is_alphanumeric))
}

/// `char::is_alphanumeric`, with the letter test answered by [`script_of`]
/// (a strong letter exactly when `is_alphabetic`), which remembers its answer per character
/// instead of searching Unicode's table each time.
pub fn is_alphanumeric(c: char) -> bool {
    script_of(c).is_some() || c.is_numeric()
}

/// Writing systems the detector tells apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Script {
    /// Latin letters.
    Latin,
    /// Arabic script (Arabic, Persian, Urdu, Pashto, Kurdish, …).
    Arabic,
    /// Hebrew script.
    Hebrew,
    /// Syriac, Thaana, N'Ko, Samaritan, Mandaic: right-to-left, not told apart.
    OtherRtl,
    /// Cyrillic.
    Cyrillic,
    /// Greek.
    Greek,
    /// Armenian.
    Armenian,
    /// Georgian.
    Georgian,
    /// Devanagari.
    Devanagari,
    /// Thai.
    Thai,
    /// Hangul.
    Hangul,
    /// Hiragana and Katakana.
    Kana,
    /// Han ideographs.
    Han,
    /// Any other letter (counted as left-to-right).
    Other,
}

impl Script {
    /// Every script, in declaration order (so `s as usize` indexes this array).
    const ALL: [Script; 14] = [
        Script::Latin,
        Script::Arabic,
        Script::Hebrew,
        Script::OtherRtl,
        Script::Cyrillic,
        Script::Greek,
        Script::Armenian,
        Script::Georgian,
        Script::Devanagari,
        Script::Thai,
        Script::Hangul,
        Script::Kana,
        Script::Han,
        Script::Other,
    ];

    /// Whether the script is written right to left.
    pub fn is_rtl(self) -> bool {
        matches!(self, Script::Arabic | Script::Hebrew | Script::OtherRtl)
    }
}

/// The script of a strong letter; `None` for digits, punctuation, spaces and symbols.
///
/// Gives exactly what `script_of_reference` gives. It is called for every character of the
/// article, and `char::is_alphabetic` is a table search for every non-ASCII character, so each
/// answer in the Basic Multilingual Plane is worked out the first time its character is met
/// and kept in `MEMO`.
pub fn script_of(c: char) -> Option<Script> {
    if c.is_ascii() {
        return c.is_ascii_alphabetic().then_some(Script::Latin);
    }
    let Some(slot) = MEMO.get(c as usize) else {
        return script_of_reference(c);
    };
    // Relaxed is enough: every thread that fills a slot writes the same value.
    match slot.load(Ordering::Relaxed) {
        UNKNOWN => {
            let s = script_of_reference(c);
            slot.store(s.map_or(NO_SCRIPT, |s| FIRST_SCRIPT + s as u8), Ordering::Relaxed);
            s
        }
        NO_SCRIPT => None,
        s => Some(Script::ALL[usize::from(s - FIRST_SCRIPT)]),
    }
}

/// [`script_of_reference`] of each character below U+10000 met so far: [`UNKNOWN`] before
/// the first call (so the 64 KB start as zeros and take no room in the binary),
/// [`NO_SCRIPT`] for none, `FIRST_SCRIPT + s as u8` for script `s`.
static MEMO: [AtomicU8; 0x10000] = [const { AtomicU8::new(UNKNOWN) }; 0x10000];
const UNKNOWN: u8 = 0;
const NO_SCRIPT: u8 = 1;
const FIRST_SCRIPT: u8 = 2;

/// The definition of [`script_of`]: letters (`char::is_alphabetic`) by Unicode block.
pub fn script_of_reference(c: char) -> Option<Script> {
    if !c.is_alphabetic() {
        return None;
    }
    let s = match c as u32 {
        0x41..=0x5A
        | 0x61..=0x7A
        | 0xAA
        | 0xBA
        | 0xC0..=0x24F
        | 0x1E00..=0x1EFF
        | 0x2C60..=0x2C7F
        | 0xA720..=0xA7FF
        | 0xAB30..=0xAB6F
        | 0xFF21..=0xFF3A
        | 0xFF41..=0xFF5A => Script::Latin,
        0x370..=0x3FF | 0x1F00..=0x1FFF => Script::Greek,
        0x400..=0x52F | 0x1C80..=0x1C8F | 0x2DE0..=0x2DFF | 0xA640..=0xA69F => Script::Cyrillic,
        0x530..=0x58F | 0xFB13..=0xFB17 => Script::Armenian,
        0x590..=0x5FF | 0xFB1D..=0xFB4F => Script::Hebrew,
        0x600..=0x6FF
        | 0x750..=0x77F
        | 0x870..=0x8FF
        | 0xFB50..=0xFDFF
        | 0xFE70..=0xFEFF
        | 0x10EC0..=0x10EFF => Script::Arabic,
        0x700..=0x74F | 0x780..=0x7BF | 0x7C0..=0x7FF | 0x800..=0x85F | 0x860..=0x86F => {
            Script::OtherRtl
        }
        0x900..=0x97F | 0xA8E0..=0xA8FF => Script::Devanagari,
        0xE00..=0xE7F => Script::Thai,
        0x10A0..=0x10FF | 0x2D00..=0x2D2F | 0x1C90..=0x1CBF => Script::Georgian,
        0x1100..=0x11FF | 0x3130..=0x318F | 0xAC00..=0xD7AF | 0xA960..=0xA97F | 0xD7B0..=0xD7FF => {
            Script::Hangul
        }
        0x3040..=0x30FF | 0x31F0..=0x31FF | 0xFF66..=0xFF9F => Script::Kana,
        0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF | 0x20000..=0x3FFFF => Script::Han,
        _ => Script::Other,
    };
    Some(s)
}

/// How many of the eight ASCII bytes of `w` are letters (`u8::is_ascii_alphabetic`). With
/// bit 5 set, a letter is a byte from `a` to `z` and no other ASCII byte is; adding 0x1F to a
/// byte below 0x80 sets its top bit when it is `a` or above, adding 0x05 when it is above `z`,
/// and neither carries into the next byte.
fn ascii_letters(w: u64) -> usize {
    use crate::swar::{EACH_BYTE, HIGH};
    let lower = w | (EACH_BYTE * 0x20);
    let from_a = lower + EACH_BYTE * 0x1F;
    let past_z = lower + EACH_BYTE * 0x05;
    (from_a & !past_z & HIGH).count_ones() as usize
}

/// Letters per script in a text.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ScriptCounts {
    counts: [usize; 14],
}

impl ScriptCounts {
    /// Counts the strong letters of `text`.
    pub fn of(text: &str) -> ScriptCounts {
        let mut c = ScriptCounts::default();
        c.add(text);
        c
    }

    /// Adds the strong letters of `text`.
    pub fn add(&mut self, text: &str) {
        // ASCII is counted eight bytes at a time while it lasts (its letters are Latin); only
        // the other characters are decoded and looked up. `add` reads every block's text.
        let bytes = text.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            if let Some(w) = crate::swar::word_at(bytes, i) {
                if w & crate::swar::HIGH == 0 {
                    self.counts[Script::Latin as usize] += ascii_letters(w);
                    i += 8;
                    continue;
                }
            }
            let Some(c) = text.get(i..).and_then(|t| t.chars().next()) else {
                break;
            };
            if let Some(s) = script_of(c) {
                self.counts[s as usize] += 1;
            }
            i += c.len_utf8();
        }
    }

    /// Adds the letters counted in `other`.
    pub fn merge(&mut self, other: &ScriptCounts) {
        for (a, b) in self.counts.iter_mut().zip(other.counts) {
            *a += b;
        }
    }

    /// Letters of script `s`.
    pub fn get(&self, s: Script) -> usize {
        self.counts[s as usize]
    }

    /// All strong letters.
    pub fn letters(&self) -> usize {
        self.counts.iter().sum()
    }

    /// Right-to-left letters.
    pub fn rtl(&self) -> usize {
        Script::ALL.iter().filter(|s| s.is_rtl()).map(|s| self.get(*s)).sum()
    }

    /// The share of right-to-left letters among strong letters; `None` without letters.
    pub fn rtl_share(&self) -> Option<f64> {
        let n = self.letters();
        (n > 0).then(|| self.rtl() as f64 / n as f64)
    }

    /// The script with the most letters (Han and Kana count together as Japanese when Kana
    /// is present: Japanese text is mostly Han).
    pub fn dominant(&self) -> Option<Script> {
        if self.letters() == 0 {
            return None;
        }
        let best = Script::ALL.iter().copied().max_by_key(|s| self.get(*s))?;
        if best == Script::Han && self.get(Script::Kana) * 20 >= self.get(Script::Han) {
            return Some(Script::Kana);
        }
        Some(best)
    }
}

/// The hashes of the word trigrams of `text` (words: runs of alphanumeric characters,
/// lowercased), for matching a page's lines against a declared text. Each word is hashed once
/// (FNV-1a of its lowercase form; an ASCII word lowercased as it is read, not copied), and a
/// trigram's hash is its three words' mixed by MurmurHash3's finaliser, a bijection: two
/// trigrams that differ in one word never share a hash, and others as rarely as two 64-bit
/// hashes do (as SipHash's of the three words, used before, did).
pub fn trigrams(text: &str) -> impl Iterator<Item = u64> + '_ {
    fn mix(mut h: u64) -> u64 {
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 33;
        h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        h ^ (h >> 33)
    }
    // (A lowercase word's bytes are their own ASCII lowercase: one loop serves both.)
    let word = |w: &str| {
        let lower;
        let w = if w.is_ascii() {
            w
        } else {
            lower = w.to_lowercase();
            &lower
        };
        w.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
            (h ^ u64::from(b.to_ascii_lowercase())).wrapping_mul(0x0100_0000_01b3)
        })
    };
    let words: Vec<u64> =
        text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(word).collect();
    (0..words.len().saturating_sub(2))
        .map(move |i| mix(mix(mix(words[i]) ^ words[i + 1]) ^ words[i + 2]))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The tokeniser as first written (one `String` per word, optional marks filtered, then
    /// lowercased): the reference the fast paths must agree with.
    pub(crate) fn reference_tokens(s: &str) -> Vec<String> {
        s.unicode_words()
            .map(|w| {
                w.chars()
                    .filter(|c| !is_optional_mark(*c))
                    .flat_map(char::to_lowercase)
                    .collect::<String>()
            })
            .filter(|w| !w.is_empty())
            .collect()
    }

    /// Texts where lowercasing or word splitting is not simple.
    pub(crate) const TRICKY: &[&str] = &[
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
    fn has_words_is_a_nonempty_token_list() {
        let alphabet = "ab Z9_.'\u{064B}\u{0640}\u{0670}بت é-中😀\u{200C}";
        for text in TRICKY.iter().map(|t| t.to_string()).chain(random_texts(alphabet, 7, 20_000, 8))
        {
            assert_eq!(has_words(&text), !tokens(&text).is_empty(), "{text:?}");
        }
    }

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
        let mut next = crate::testing::xorshift(seed);
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
            assert_eq!(
                words_by_pieces(&text),
                text.unicode_words().collect::<Vec<_>>(),
                "{text:?}"
            );
        }
    }

    #[test]
    fn lowercasing_ascii_first_changes_no_token() {
        // What `score_headline_candidates` relies on when it lowercases the page's ASCII
        // letters before splitting.
        let cases =
            ["A\u{301}B É\u{301}X İI \u{212A}K ÉCOLE école ÉcolE", "U.S.A. E.G. Can'T 1A.2B X_Y"];
        for text in TRICKY.iter().chain(&cases) {
            assert_eq!(tokens(&text.to_ascii_lowercase()), tokens(text), "{text:?}");
        }
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
        let mut next = crate::testing::xorshift(0x9e37_79b9_7f4a_7c15);
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
        assert_eq!(
            compared_form("\u{0645}\u{06CC}\u{200C}\u{0634}\u{0648}\u{062F}", &mut buf),
            Form::AsIs
        );
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
                Wb::Letter => assert!(
                    one(c.to_string()) && one(format!("a.{c}")) && !one(format!("1,{c}")),
                    "{c:?}"
                ),
                Wb::Digit => assert!(
                    one(c.to_string()) && one(format!("1,{c}")) && !one(format!("a.{c}")),
                    "{c:?}"
                ),
                Wb::Connector => {
                    assert!(letters && digits && words(c.to_string()).is_empty(), "{c:?}")
                }
                Wb::MidLetter => assert!(letters && !digits, "{c:?}"),
                Wb::MidNumLet => assert!(letters && digits, "{c:?}"),
                Wb::MidNum => assert!(!letters && digits, "{c:?}"),
                Wb::Extend => assert!(one(format!("a{c}")) && one(format!("1{c}")), "{c:?}"),
                // Breaks on both sides and is no word, after a letter or a space.
                Wb::Other => assert!(
                    words(format!("a{c}b")) == ["a", "b"]
                        && words(format!("a{c}")) == ["a"]
                        && words(format!(" {c}")).is_empty(),
                    "{c:?}"
                ),
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
        let ranges = [
            0x00..=0x7F,
            0xA0..=0x24F,
            0x0590..=0x08FF,
            0x2000..=0x206F,
            0x200C..=0x200D,
            0x3000..=0x30FF,
        ];
        for c in ranges.into_iter().flatten().filter_map(char::from_u32) {
            let text = c.to_string();
            assert_eq!(has_alphanumeric(&text), text.unicode_words().count() == 1, "{c:?}");
        }
    }

    #[test]
    fn script_of_agrees_with_its_reference_on_every_char() {
        // Twice: the first call works the answer out, the second reads it from the memo.
        for _ in 0..2 {
            for c in (0..=char::MAX as u32).filter_map(char::from_u32) {
                assert_eq!(script_of(c), script_of_reference(c), "{c:?} U+{:04X}", c as u32);
            }
        }
    }

    #[test]
    fn script_counts_agree_with_a_count_of_each_char() {
        // Every ASCII byte in every place of an eight-byte word.
        for b in 0..0x80u8 {
            for at in 0..8 {
                let mut w = [b'.'; 8];
                w[at] = b;
                assert_eq!(
                    ascii_letters(u64::from_le_bytes(w)),
                    usize::from(b.is_ascii_alphabetic()),
                    "{b:#x} at {at}"
                );
            }
        }
        let texts = [
            "",
            "a",
            "abcdefgh",
            "abcdefghi",
            "Hello, world! 123 [x]{y}@`z~",
            "Straße façade ΣΟΦΙΑ",
            "مرحبا hello world سلام",
            "x\u{301}y 🇫🇷 z 日本語のテキスト",
            "1234567é1234567",
        ];
        for a in texts {
            for b in texts {
                let t = format!("{a}{b}");
                let mut expected = ScriptCounts::default();
                for c in t.chars() {
                    if let Some(s) = script_of(c) {
                        expected.counts[s as usize] += 1;
                    }
                }
                assert_eq!(ScriptCounts::of(&t), expected, "{t:?}");
            }
        }
    }

    #[test]
    fn is_alphanumeric_is_the_standard_one() {
        for c in (0..=char::MAX as u32).filter_map(char::from_u32) {
            assert_eq!(is_alphanumeric(c), c.is_alphanumeric(), "U+{:04X}", c as u32);
        }
    }
}
