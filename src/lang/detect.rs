//! Guessing a text's language: distinctive letters and frequent words for the Arabic-script
//! languages, a script that belongs to one language, frequent words for seven Latin-script
//! languages.

use crate::words::{script_of, Script, ScriptCounts};

/// A detected language.
#[derive(Clone, Debug, PartialEq)]
pub struct Detected {
    /// The language code.
    pub lang: &'static str,
    /// Whether the evidence is strong enough to overrule a declaration.
    pub confident: bool,
}

/// Guesses the language of `text` (whose letters are `counts`); `None` when it cannot tell.
pub fn detect(text: &str, counts: &ScriptCounts) -> Option<Detected> {
    let sure = |lang| Some(Detected { lang, confident: true });
    match counts.dominant()? {
        Script::Arabic => Some(detect_arabic_script(text)),
        Script::Hebrew => sure("he"),
        Script::Greek => sure("el"),
        Script::Hangul => sure("ko"),
        Script::Kana => sure("ja"),
        Script::Han => sure("zh"),
        Script::Thai => sure("th"),
        Script::Armenian => sure("hy"),
        Script::Georgian => sure("ka"),
        Script::Latin => detect_latin(text),
        _ => None,
    }
}

// Letters that only one of the four languages uses (Unicode names in comments).
/// Pashto: TEH WITH RING ټ, DAL WITH RING ډ, REH WITH RING ړ, REH WITH DOT BELOW AND DOT ABOVE ږ,
/// SEEN WITH DOT BELOW AND DOT ABOVE ښ, KAF WITH RING ګ, NOON WITH RING ڼ, YEH WITH TAIL ۍ,
/// E ې, HAH WITH HAMZA ABOVE ځ, HAH WITH THREE DOTS ABOVE څ.
const PASHTO_LETTERS: &[char] = &['ټ', 'ډ', 'ړ', 'ږ', 'ښ', 'ګ', 'ڼ', 'ۍ', 'ې', 'ځ', 'څ'];
/// Urdu: YEH BARREE ے, NOON GHUNNA ں, TTEH ٹ, DDAL ڈ, RREH ڑ, HEH DOACHASHMEE ھ, HEH GOAL ہ.
const URDU_LETTERS: &[char] = &['ے', 'ں', 'ٹ', 'ڈ', 'ڑ', 'ھ', 'ہ'];
/// Persian (shared with Urdu and partly Pashto, absent from Arabic): PEH پ, TCHEH چ, JEH ژ,
/// GAF گ, FARSI YEH ی, KEHEH ک.
const PERSIAN_LETTERS: &[char] = &['پ', 'چ', 'ژ', 'گ', 'ی', 'ک'];
/// Arabic (Persian, Urdu and Pashto write ی and ک instead, and rarely need ة): TEH MARBUTA ة,
/// ALEF MAKSURA ى, ARABIC YEH ي, ARABIC KAF ك.
const ARABIC_LETTERS: &[char] = &['ة', 'ى', 'ي', 'ك'];

/// Which of the four sets above holds each character U+0600–U+06FF (where they all are): 1
/// Pashto, 2 Urdu, 3 Persian, 4 Arabic, 0 none. Worked out by the compiler from the sets.
const DISTINCTIVE: [u8; 256] = {
    let sets = [PASHTO_LETTERS, URDU_LETTERS, PERSIAN_LETTERS, ARABIC_LETTERS];
    let mut table = [0u8; 256];
    let mut k = 0;
    while k < sets.len() {
        let mut i = 0;
        while i < sets[k].len() {
            let cp = sets[k][i] as usize;
            assert!(0x600 <= cp && cp < 0x700, "a distinctive letter outside the Arabic block");
            assert!(table[cp - 0x600] == 0, "a letter in two sets");
            table[cp - 0x600] = k as u8 + 1;
            i += 1;
        }
        k += 1;
    }
    table
};

// The most frequent function words of each language (written with the letters its
// orthography uses; only هم is in two lists). Looked up through `arabic_script_word`.
#[cfg(test)]
const ARABIC_WORDS: &[&str] = &[
    "في", "من", "على", "إلى", "أن", "التي", "الذي", "عن", "مع", "هذا", "هذه", "كان", "قال", "بين",
    "إن", "لا", "ما", "أو", "كما", "بعد",
];
#[cfg(test)]
const PERSIAN_WORDS: &[&str] = &[
    "در", "به", "از", "که", "این", "را", "با", "است", "برای", "آن", "یک", "شد", "می", "هم", "بود",
    "شده", "کرد", "خود", "تا", "اما",
];
#[cfg(test)]
const URDU_WORDS: &[&str] = &[
    "کے", "کی", "ہے", "میں", "اور", "کا", "کو", "سے", "نے", "یہ", "ہیں", "پر", "بھی", "کہ", "گیا",
    "ہو", "تھا", "وہ", "کر", "لیے",
];
#[cfg(test)]
const PASHTO_WORDS: &[&str] = &[
    "د",
    "او",
    "په",
    "چې",
    "کې",
    "ته",
    "دا",
    "هم",
    "له",
    "وي",
    "دي",
    "شوي",
    "یې",
    "سره",
    "لپاره",
    "ده",
    "نه",
    "کړي",
    "وو",
    "دې",
];

/// Bits of the frequent-word lists that hold `word`: 1 Arabic, 2 Persian, 4 Urdu, 8 Pashto
/// (the lists above, which a test checks this against; one `match` instead of 80 string
/// comparisons a word).
fn arabic_script_word(word: &str) -> u8 {
    const AR: u8 = 1;
    const FA: u8 = 2;
    const UR: u8 = 4;
    const PS: u8 = 8;
    match word {
        "في" | "من" | "على" | "إلى" | "أن" | "التي" | "الذي" | "عن" | "مع" | "هذا" | "هذه"
        | "كان" | "قال" | "بين" | "إن" | "لا" | "ما" | "أو" | "كما" | "بعد" => {
            AR
        }
        "در" | "به" | "از" | "که" | "این" | "را" | "با" | "است" | "برای" | "آن" | "یک" | "شد"
        | "می" | "بود" | "شده" | "کرد" | "خود" | "تا" | "اما" => FA,
        "هم" => FA | PS,
        "کے" | "کی" | "ہے" | "میں" | "اور" | "کا" | "کو" | "سے" | "نے" | "یہ" | "ہیں" | "پر"
        | "بھی" | "کہ" | "گیا" | "ہو" | "تھا" | "وہ" | "کر" | "لیے" => UR,
        "د" | "او" | "په" | "چې" | "کې" | "ته" | "دا" | "له" | "وي" | "دي" | "شوي" | "یې"
        | "سره" | "لپاره" | "ده" | "نه" | "کړي" | "وو" | "دې" => PS,
        _ => 0,
    }
}

/// Tells Arabic, Persian, Urdu and Pashto apart by their distinctive letters and words.
fn detect_arabic_script(text: &str) -> Detected {
    // One pass over the text: its Arabic-script letters, how many of them each language's
    // distinctive letters are, its words (runs of Arabic-script letters and zero-width
    // non-joiners) and how many of them each language's frequent words are.
    let mut letters = 0usize;
    let mut distinctive = [0usize; 5]; // by DISTINCTIVE's numbers (0: none)
    let mut words = 0usize;
    let mut frequent = [0usize; 4]; // by arabic_script_word's bits
    let mut word_start = None;
    let mut count_word = |word: &str| {
        words += 1;
        let langs = arabic_script_word(word);
        for (i, f) in frequent.iter_mut().enumerate() {
            *f += usize::from(langs & (1 << i) != 0);
        }
    };
    for (i, c) in text.char_indices() {
        let arabic = script_of(c) == Some(Script::Arabic);
        letters += usize::from(arabic);
        if let Some(set) = (c as usize).checked_sub(0x600).and_then(|k| DISTINCTIVE.get(k)) {
            distinctive[usize::from(*set)] += 1;
        }
        if arabic || c == '\u{200c}' {
            word_start.get_or_insert(i);
        } else if let Some(start) = word_start.take() {
            count_word(&text[start..i]);
        }
    }
    if let Some(start) = word_start {
        count_word(&text[start..]);
    }

    let letters = letters.max(1) as f64;
    let rate = |set: usize| distinctive[set] as f64 / letters;
    let (pashto, urdu, persian, arabic) = (rate(1), rate(2), rate(3), rate(4));
    let n = words.max(1) as f64;
    let share = |bit: usize| frequent[bit] as f64 / n;
    let (w_ar, w_fa, w_ur, w_ps) = (share(0), share(1), share(2), share(3));

    // Pashto and Urdu letters are rare elsewhere, so their presence decides; Persian and Arabic
    // share most letters, so their own letters and frequent words are weighed against each other.
    if pashto >= 0.01 && w_ps >= w_ur {
        return Detected { lang: "ps", confident: pashto >= 0.02 };
    }
    if urdu >= 0.01 {
        return Detected { lang: "ur", confident: urdu >= 0.02 };
    }
    let fa_score = persian + w_fa;
    let ar_score = arabic + w_ar;
    if fa_score > ar_score {
        Detected { lang: "fa", confident: fa_score >= 0.05 && fa_score >= 3.0 * ar_score }
    } else {
        Detected { lang: "ar", confident: ar_score >= 0.05 && ar_score >= 3.0 * fa_score }
    }
}

/// Frequent words of seven Latin-script languages (looked up through [`latin_stopword`]).
const LATIN_WORDS: &[(&str, &[&str])] = &[
    (
        "en",
        &[
            "the", "and", "of", "to", "is", "in", "that", "it", "with", "for", "was", "on", "are",
            "this", "be", "by", "as", "you", "have", "not",
        ],
    ),
    (
        "de",
        &[
            "der", "die", "und", "das", "ist", "nicht", "ein", "eine", "zu", "den", "mit", "von",
            "sich", "auf", "für", "im", "dem", "auch", "es", "wird",
        ],
    ),
    (
        "fr",
        &[
            "le", "la", "les", "et", "des", "est", "une", "un", "du", "que", "pas", "dans", "pour",
            "qui", "sur", "au", "ce", "il", "avec", "sont",
        ],
    ),
    (
        "es",
        &[
            "el", "los", "las", "y", "que", "en", "una", "es", "por", "con", "para", "del", "se",
            "no", "su", "al", "como", "más", "pero", "lo",
        ],
    ),
    (
        "it",
        &[
            "il", "di", "che", "è", "per", "non", "con", "della", "sono", "gli", "una", "del",
            "nel", "anche", "alla", "come", "più", "questo", "ha", "si",
        ],
    ),
    (
        "pt",
        &[
            "o", "os", "que", "do", "da", "em", "um", "uma", "para", "não", "com", "é", "por",
            "dos", "das", "no", "na", "mais", "ao", "se",
        ],
    ),
    (
        "nl",
        &[
            "de", "het", "een", "en", "van", "is", "niet", "dat", "op", "te", "zijn", "met",
            "voor", "ik", "in", "er", "aan", "ook", "maar", "wordt",
        ],
    ),
];

/// A stopword vote among seven Latin-script languages; `None` when no language is clearly
/// ahead (other Latin-script languages are left unknown rather than guessed).
fn detect_latin(text: &str) -> Option<Detected> {
    // Words are runs of letters; the first 5000 vote.
    let mut words = 0;
    let mut hits = [0usize; LATIN_WORDS.len()];
    for_each_letter_run(text, |word| {
        words += 1;
        let langs = latin_stopword(word);
        if langs != 0 {
            for (i, h) in hits.iter_mut().enumerate() {
                *h += usize::from(langs & (1 << i) != 0);
            }
        }
        words < 5000
    });
    if words < 5 {
        return None;
    }
    let n = words as f64;
    let mut scores: Vec<(&'static str, f64)> =
        LATIN_WORDS.iter().zip(hits).map(|((lang, _), h)| (*lang, h as f64 / n)).collect();
    scores.sort_by(|a, b| b.1.total_cmp(&a.1));
    let (best, runner) = (scores[0], scores[1]);
    // Function words make up a fifth to a half of running text; ahead by a third, it is that
    // language.
    (best.1 >= 0.1 && best.1 >= 1.33 * runner.1)
        .then_some(Detected { lang: best.0, confident: best.1 >= 2.0 * runner.1 })
}

/// Calls `f` with each run of letters of `text` (`text.split(|c| script_of(c).is_none())`
/// without the empty pieces), in order, while `f` returns true. ASCII bytes are tested as
/// bytes; only the other characters are decoded and looked up (`detect_latin` reads the
/// whole article, and `split` with a closure decoded every character of it).
fn for_each_letter_run<'s>(text: &'s str, mut f: impl FnMut(&'s str) -> bool) {
    let bytes = text.as_bytes();
    let mut start = None;
    let mut i = 0;
    while i < bytes.len() {
        let (letter, len) = if bytes[i].is_ascii() {
            (bytes[i].is_ascii_alphabetic(), 1)
        } else {
            let c = text[i..].chars().next().unwrap_or_default();
            (script_of(c).is_some(), c.len_utf8())
        };
        if letter {
            start.get_or_insert(i);
        } else if let Some(s) = start.take() {
            if !f(&text[s..i]) {
                return;
            }
        }
        i += len;
    }
    if let Some(s) = start {
        f(&text[s..]);
    }
}

/// The languages of [`LATIN_WORDS`] whose list holds `word` once lowercased, as bits
/// (`1 << i` for `LATIN_WORDS[i]`); 0 for any other word.
///
/// The word is lowercased character by character into a number ([`word_key`]), given up as
/// soon as it is longer in bytes than the longest function word, and looked up by binary
/// search in [`STOPWORDS`]: about eight integer comparisons, where a `match` on the string
/// compared it whole with each listed word of its length in turn (`detect_latin` asks this of
/// every word of the article). This is `str::to_lowercase` except for a final capital sigma,
/// which is Greek either way and so in no list. A test checks that it agrees with the lists.
fn latin_stopword(word: &str) -> u8 {
    if word.is_ascii() {
        // Most words: none when longer than the longest function word, else lowercased as
        // bytes.
        if word.len() > STOPWORD_BYTES {
            return 0;
        }
        let mut buf = [0u8; 8];
        for (l, b) in buf.iter_mut().zip(word.bytes()) {
            *l = b.to_ascii_lowercase();
        }
        return stopword_bits(word_key(&buf[..word.len()]));
    }
    let mut buf = [0u8; 8];
    let mut n = 0;
    let mut push = |c: char| {
        let len = c.len_utf8();
        if n + len > STOPWORD_BYTES {
            return false;
        }
        c.encode_utf8(&mut buf[n..]);
        n += len;
        true
    };
    for c in word.chars() {
        if c.is_ascii() {
            if !push(c.to_ascii_lowercase()) {
                return 0;
            }
        } else {
            for l in c.to_lowercase() {
                if !push(l) {
                    return 0;
                }
            }
        }
    }
    stopword_bits(word_key(&buf[..n]))
}

/// The bits of [`STOPWORDS`] for a lowercased word's [`word_key`]; 0 when it is none of them.
fn stopword_bits(key: u64) -> u8 {
    STOPWORDS.binary_search_by_key(&key, |&(k, _)| k).map_or(0, |i| STOPWORDS[i].1)
}

/// A word of at most 8 bytes as a number: its bytes little-endian, zeros after (a letter is
/// never a zero byte, so no two words share a key).
const fn word_key(w: &[u8]) -> u64 {
    let mut k = 0;
    let mut i = 0;
    while i < w.len() {
        k |= (w[i] as u64) << (8 * i);
        i += 1;
    }
    k
}

/// Bytes of the longest word of [`LATIN_WORDS`] ("questo"): a longer word is none of them.
const STOPWORD_BYTES: usize = SORTED_STOPWORDS.2;

/// Each word of [`LATIN_WORDS`] once, as ([`word_key`], the bits of the lists holding it),
/// sorted by key.
static STOPWORDS: [(u64, u8); SORTED_STOPWORDS.1] = {
    let mut table = [(0u64, 0u8); SORTED_STOPWORDS.1];
    let mut i = 0;
    while i < table.len() {
        table[i] = SORTED_STOPWORDS.0[i];
        i += 1;
    }
    table
};

/// How many words the lists of [`LATIN_WORDS`] hold together.
const LISTED_STOPWORDS: usize = {
    let mut n = 0;
    let mut l = 0;
    while l < LATIN_WORDS.len() {
        n += LATIN_WORDS[l].1.len();
        l += 1;
    }
    n
};

/// [`STOPWORDS`] in a table of room for every listed word, how many of its entries are
/// used, and [`STOPWORD_BYTES`]: worked out by the compiler from the lists.
const SORTED_STOPWORDS: ([(u64, u8); LISTED_STOPWORDS], usize, usize) = {
    let mut table = [(0u64, 0u8); LISTED_STOPWORDS];
    let (mut len, mut most) = (0, 0);
    let mut l = 0;
    while l < LATIN_WORDS.len() {
        let mut w = 0;
        while w < LATIN_WORDS[l].1.len() {
            let word = LATIN_WORDS[l].1[w].as_bytes();
            assert!(word.len() <= 8, "a function word too long for its key");
            if word.len() > most {
                most = word.len();
            }
            let key = word_key(word);
            // Insertion into the sorted table, or the list's bit added to the word's entry.
            let mut i = 0;
            while i < len && table[i].0 < key {
                i += 1;
            }
            if i < len && table[i].0 == key {
                table[i].1 |= 1 << l;
            } else {
                let mut j = len;
                while j > i {
                    table[j] = table[j - 1];
                    j -= 1;
                }
                table[i] = (key, 1 << l);
                len += 1;
            }
            w += 1;
        }
        l += 1;
    }
    (table, len, most)
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::script_of_reference;

    fn lang_of(text: &str) -> Option<&'static str> {
        detect(text, &ScriptCounts::of(text)).map(|d| d.lang)
    }

    #[test]
    fn arabic_persian_urdu_and_pashto_are_told_apart() {
        // Article 1 of the Universal Declaration of Human Rights in each language.
        assert_eq!(lang_of("يولد جميع الناس أحرارًا متساوين في الكرامة والحقوق. وقد وهبوا عقلاً وضميرًا وعليهم أن يعامل بعضهم بعضًا بروح الإخاء."), Some("ar"));
        assert_eq!(lang_of("تمام افراد بشر آزاد به دنیا می‌آیند و از لحاظ حیثیت و حقوق با هم برابرند. همه دارای عقل و وجدان هستند و باید نسبت به یکدیگر با روح برادری رفتار کنند."), Some("fa"));
        assert_eq!(lang_of("تمام انسان آزاد اور حقوق و عزت کے اعتبار سے برابر پیدا ہوئے ہیں۔ انہیں ضمیر اور عقل ودیعت ہوئی ہے۔ اس لئے انہیں ایک دوسرے کے ساتھ بھائی چارے کا سلوک کرنا چاہیئے۔"), Some("ur"));
        assert_eq!(lang_of("ټول انسانان ازاد نړۍ ته راځي او د حيثيت او حقونو له پلوه سره برابر دي. هغوی د عقل او وجدان خاوندان دي او يو له بل سره بايد د ورورۍ په روحيه چلند وکړي."), Some("ps"));
    }

    #[test]
    fn latin_languages_by_function_words() {
        assert_eq!(lang_of("The cat sat on the mat and it was happy with the world."), Some("en"));
        assert_eq!(
            lang_of("Die Katze sitzt auf der Matte und ist mit der Welt zufrieden."),
            Some("de")
        );
        assert_eq!(
            lang_of("Le chat est assis sur le tapis et il est content de la vie."),
            Some("fr")
        );
        assert_eq!(lang_of("Lorem ipsum dolor sit amet consectetur adipiscing elit"), None);
    }

    fn stopword(w: &str) -> u8 {
        latin_stopword(w)
    }

    #[test]
    fn latin_stopword_agrees_with_the_lists() {
        // Every listed word, in any case, gets exactly the languages whose lists hold it.
        for (_, list) in LATIN_WORDS {
            for w in *list {
                let expected = LATIN_WORDS
                    .iter()
                    .enumerate()
                    .filter(|(_, (_, l))| l.contains(w))
                    .fold(0u8, |m, (i, _)| m | 1 << i);
                assert_ne!(expected, 0);
                assert_eq!(stopword(w), expected, "{w}");
                assert_eq!(stopword(&w.to_uppercase()), expected, "{w} in capitals");
            }
        }
        // Lowercasing can change the byte length: the Kelvin sign is `k` (Dutch "ik"), `İ` is
        // `i` and a combining dot (so "İl" is not "il"); more characters than any function word
        // once lowercased is no match.
        assert_eq!(stopword("i\u{212A}"), 1 << 6);
        assert_eq!(stopword("İl"), 0);
        assert_eq!(stopword("İ"), 0);
        assert_eq!(stopword("QUESTO"), 1 << 4);
        assert_eq!(stopword("questoo"), 0);
        assert_eq!(stopword("ÉÉÉÉÉÉÉ"), 0);
        assert_eq!(stopword("É"), 1 << 5);
        assert_eq!(stopword(""), 0);
        assert_eq!(stopword("thé"), 0);
        assert_eq!(stopword("ΣΣ"), 0);
        // The old way, for words that are and are not in the lists.
        for w in [
            "The",
            "AND",
            "İn",
            "İN",
            "Für",
            "FÜR",
            "MÁS",
            "Più",
            "NÃO",
            "Wordt",
            "ik",
            "I\u{212A}",
            "ß",
            "Straße",
            "o",
            "O",
            "x",
            "Ǆ",
            "ǅ",
        ] {
            let lower = w.to_lowercase();
            let old = LATIN_WORDS
                .iter()
                .enumerate()
                .filter(|(_, (_, l))| l.contains(&lower.as_str()))
                .fold(0u8, |m, (i, _)| m | 1 << i);
            assert_eq!(stopword(w), old, "{w}");
        }
    }

    /// `detect_latin` as it was written before the stopword `match`: the reference.
    fn detect_latin_reference(text: &str) -> Option<Detected> {
        let words: Vec<String> = text
            .split(|c: char| !c.is_alphabetic())
            .filter(|w| !w.is_empty())
            .take(5000)
            .map(|w| w.to_lowercase())
            .collect();
        if words.len() < 5 {
            return None;
        }
        let n = words.len() as f64;
        let mut scores: Vec<(&'static str, f64)> = LATIN_WORDS
            .iter()
            .map(|(lang, list)| {
                (*lang, words.iter().filter(|w| list.contains(&w.as_str())).count() as f64 / n)
            })
            .collect();
        scores.sort_by(|a, b| b.1.total_cmp(&a.1));
        let (best, runner) = (scores[0], scores[1]);
        (best.1 >= 0.1 && best.1 >= 1.33 * runner.1)
            .then_some(Detected { lang: best.0, confident: best.1 >= 2.0 * runner.1 })
    }

    #[test]
    fn letter_runs_agree_with_their_definition() {
        let texts = [
            "",
            "a",
            " ",
            "The cat, the mat.",
            "Straße 123 e-mail",
            "IN İN ΣΟΦΙΑ σοφια",
            "abcd سلام x",
            "کتاب\u{200c}ها 3 ע\"ב",
            "日本語のテキスト",
            "x\u{301}y 🇫🇷 z",
            "é",
            "aé",
        ];
        for t in texts {
            let mut runs = Vec::new();
            for_each_letter_run(t, |w| {
                runs.push(w);
                true
            });
            let expected: Vec<&str> =
                t.split(|c: char| script_of(c).is_none()).filter(|w| !w.is_empty()).collect();
            assert_eq!(runs, expected, "{t:?}");
        }
    }

    #[test]
    fn detect_latin_agrees_with_its_reference() {
        let texts = [
            "",
            "the",
            "The cat sat on the mat and it was happy with the world.",
            "Die Katze sitzt auf der Matte und ist mit der Welt zufrieden.",
            "Le chat est assis sur le tapis et il est content de la vie.",
            "El gato y la casa, que es para los niños; con más café.",
            "Il gatto è nel giardino della casa, più bello che mai, per questo.",
            "O gato não está em casa, é da avó e do avô, para mais um dia.",
            "De kat is niet in het huis en ik ben er ook niet, maar wordt het beter.",
            "IN İN İn i\u{212A} IK ΣΟΦΙΑ σοφια Straße 123 4.5 e-mail o'clock",
            "Lorem ipsum dolor sit amet consectetur adipiscing elit",
            "que que que de de en en es es is is",
        ];
        for t in texts {
            assert_eq!(detect_latin(t), detect_latin_reference(t), "{t:?}");
        }
        for a in texts {
            for b in texts {
                let t = format!("{a} {b}, {a}");
                assert_eq!(detect_latin(&t), detect_latin_reference(&t), "{t:?}");
            }
        }
        // Only the first 5000 words vote: English first, then enough Dutch to win if it counted.
        for extra in [0, 1, 2] {
            let t = format!(
                "{}{}{}",
                "the cat ".repeat(2499),
                "x ".repeat(extra),
                "de het een en van ".repeat(3000)
            );
            assert_eq!(detect_latin(&t), detect_latin_reference(&t), "extra {extra}");
            let t = t.trim_end();
            assert_eq!(detect_latin(t), detect_latin_reference(t), "extra {extra}, trimmed");
        }
    }

    #[test]
    fn arabic_script_word_agrees_with_the_lists() {
        let lists = [ARABIC_WORDS, PERSIAN_WORDS, URDU_WORDS, PASHTO_WORDS];
        for list in lists {
            for w in list {
                let expected = lists
                    .iter()
                    .enumerate()
                    .filter(|(_, l)| l.contains(w))
                    .fold(0u8, |m, (i, _)| m | 1 << i);
                assert_eq!(arabic_script_word(w), expected, "{w}");
            }
        }
        for w in ["", "کتاب", "می\u{200c}خواهم", "فی", "هما", "ه"] {
            assert_eq!(arabic_script_word(w), 0, "{w}");
        }
    }

    /// `detect_arabic_script` as it was written before it became one pass: the reference.
    fn detect_arabic_script_reference(text: &str) -> Detected {
        let letters =
            text.chars().filter(|c| script_of_reference(*c) == Some(Script::Arabic)).count().max(1)
                as f64;
        let rate = |set: &[char]| text.chars().filter(|c| set.contains(c)).count() as f64 / letters;
        let (pashto, urdu, persian, arabic) =
            (rate(PASHTO_LETTERS), rate(URDU_LETTERS), rate(PERSIAN_LETTERS), rate(ARABIC_LETTERS));
        let words: Vec<&str> = text
            .split(|c: char| !(script_of_reference(c) == Some(Script::Arabic) || c == '\u{200c}'))
            .filter(|w| !w.is_empty())
            .collect();
        let n = words.len().max(1) as f64;
        let share = |list: &[&str]| words.iter().filter(|w| list.contains(w)).count() as f64 / n;
        let (w_ar, w_fa, w_ur, w_ps) =
            (share(ARABIC_WORDS), share(PERSIAN_WORDS), share(URDU_WORDS), share(PASHTO_WORDS));
        if pashto >= 0.01 && w_ps >= w_ur {
            return Detected { lang: "ps", confident: pashto >= 0.02 };
        }
        if urdu >= 0.01 {
            return Detected { lang: "ur", confident: urdu >= 0.02 };
        }
        let fa_score = persian + w_fa;
        let ar_score = arabic + w_ar;
        if fa_score > ar_score {
            Detected { lang: "fa", confident: fa_score >= 0.05 && fa_score >= 3.0 * ar_score }
        } else {
            Detected { lang: "ar", confident: ar_score >= 0.05 && ar_score >= 3.0 * fa_score }
        }
    }

    #[test]
    fn detect_arabic_script_agrees_with_its_reference() {
        let texts = [
            "",
            "123 ،؛ !",
            "هم",
            "هم هم د",
            "در\u{200c} به\u{200c}\u{200c}از \u{200c}که",
            "کے کی ہے ٹ ٹ ٹ abc في من",
            "ټول انسانان ازاد نړۍ ته راځي او د حيثيت او حقونو له پلوه سره برابر دي.",
            "يولد جميع الناس أحرارًا متساوين في الكرامة والحقوق. وقد وهبوا عقلاً وضميرًا",
            "تمام افراد بشر آزاد به دنیا می\u{200c}آیند و از لحاظ حیثیت و حقوق با هم برابرند.",
            "تمام انسان آزاد اور حقوق و عزت کے اعتبار سے برابر پیدا ہوئے ہیں۔",
            "ﻻ ﷲ ޓ العربية123في٣من",
            "Mixed English في text من with کے words",
        ];
        for t in texts {
            assert_eq!(detect_arabic_script(t), detect_arabic_script_reference(t), "{t:?}");
        }
        // Every pair of the texts, so counts and ties shift.
        for a in texts {
            for b in texts {
                let t = format!("{a} {b}{a}");
                assert_eq!(detect_arabic_script(&t), detect_arabic_script_reference(&t), "{t:?}");
            }
        }
    }
}
