//! Dates as pages write them, normalised to ISO 8601 without moving them in time.
//!
//! A date with a time keeps the offset the page gives (`2024-12-27T23:30:00-08:00` stays so,
//! never converted to UTC); a date without a time is a calendar day (`2024-12-27`), which a
//! reader shows as that day whatever its own time zone. The day of a date-time is its day in
//! the page's offset: the first ten characters.
//!
//! [`normalise`] reads machine dates (JSON-LD, `meta`, `<time datetime>`); [`parse_visible`]
//! reads a day as people write it, in English, French, German, Spanish, Portuguese, Italian,
//! Arabic, Persian and Urdu, in the Gregorian, Solar Hijri (Persian) and lunar Hijri calendars,
//! converted to the Gregorian day.

/// Normalises a machine-readable date: `YYYY-MM-DD`, optionally followed by `T` or a space and
/// `HH:MM[:SS[.fff]]` and an offset (`Z`, `UTC`, `GMT`, `±HH:MM`, `±HHMM`). Falls back to
/// [`parse_visible`] in English for dates such as "June 3, 2025". `None` when neither reads it.
pub fn normalise(raw: &str) -> Option<String> {
    let s = raw.trim();
    iso(s).or_else(|| parse_visible(s, "en").map(|(y, m, d)| format!("{y:04}-{m:02}-{d:02}")))
}

fn iso(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let num = |r: std::ops::Range<usize>| -> Option<u32> { s.get(r)?.parse().ok() };
    if b.len() < 10 || b[4] != b'-' || b[7] != b'-' || !b[..4].iter().all(u8::is_ascii_digit) {
        return None;
    }
    let (y, m, d) = (num(0..4)?, num(5..7)?, num(8..10)?);
    if !valid_day(y as i64, m, d) {
        return None;
    }
    let day = format!("{y:04}-{m:02}-{d:02}");
    let rest = &s[10..];
    let Some(time) = rest.strip_prefix(['T', 't', ' ']) else {
        return Some(day);
    };
    let tb = time.as_bytes();
    if tb.len() < 5 || tb[2] != b':' || !tb[..2].iter().chain(&tb[3..5]).all(u8::is_ascii_digit) {
        return Some(day);
    }
    let (hh, mm) = (&time[..2], &time[3..5]);
    let mut i = 5;
    let mut ss = "00";
    if tb.len() >= 8 && tb[5] == b':' && tb[6..8].iter().all(u8::is_ascii_digit) {
        ss = &time[6..8];
        i = 8;
        // Fractions of a second are dropped: a reader shows the day.
        if tb.get(8) == Some(&b'.') {
            i = 9 + tb[9..].iter().take_while(|c| c.is_ascii_digit()).count();
        }
    }
    let zone = time[i..].trim();
    let offset = match zone {
        "" => String::new(),
        "Z" | "z" | "UTC" | "GMT" | "+00:00" | "-00:00" => "Z".into(),
        z if (z.starts_with('+') || z.starts_with('-')) && z.len() >= 5 => {
            let digits: String = z[1..].chars().filter(char::is_ascii_digit).collect();
            if digits.len() != 4 {
                return Some(day);
            }
            format!("{}{}:{}", &z[..1], &digits[..2], &digits[2..])
        }
        _ => return Some(day),
    };
    Some(format!("{day}T{hh}:{mm}:{ss}{offset}"))
}

/// The instant a normalised date-time with an offset names, in seconds since 1970-01-01T00:00Z
/// (`None` for a day, or a time without an offset): two forms of one moment compare equal.
pub fn instant(normalised: &str) -> Option<i64> {
    let s = normalised;
    let num = |r: std::ops::Range<usize>| -> Option<i64> { s.get(r)?.parse().ok() };
    if s.len() < 20 || s.as_bytes()[10] != b'T' {
        return None;
    }
    let (y, m, d) = (num(0..4)?, num(5..7)? as u32, num(8..10)? as u32);
    let seconds =
        days_from_civil(y, m, d) * 86_400 + num(11..13)? * 3600 + num(14..16)? * 60 + num(17..19)?;
    let offset = match &s[19..] {
        "Z" => 0,
        z if z.len() == 6 => {
            let minutes = num(20..22)? * 60 + num(23..25)?;
            if z.starts_with('-') {
                -minutes
            } else {
                minutes
            }
        }
        _ => return None,
    };
    Some(seconds - offset * 60)
}

fn is_leap(y: i64) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

fn days_in_month(y: i64, m: u32) -> u32 {
    match m {
        2 if is_leap(y) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

fn valid_day(y: i64, m: u32, d: u32) -> bool {
    (1..=12).contains(&m) && d >= 1 && d <= days_in_month(y, m) && (1900..=2200).contains(&y)
}

/// Days since 1970-01-01 of a Gregorian day (Howard Hinnant's `days_from_civil`).
pub(crate) fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (i64::from(m) + 9) % 12;
    let doy = (153 * mp + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The Gregorian day of a day count since 1970-01-01 (`civil_from_days`).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { yoe + era * 400 + 1 } else { yoe + era * 400 }, m, d)
}

/// The Gregorian day of a Solar Hijri (Persian) day, for the years 1300-1500 (1921-2121).
/// The leap years follow the breaks of the astronomical calendar Iran uses, as tabulated by
/// Kazimierz Borkowski and used by jalaali-js (`jalCal`), whose arithmetic this is.
fn from_solar_hijri(y: i64, m: u32, d: u32) -> Option<(i64, u32, u32)> {
    if !(1300..=1500).contains(&y)
        || !(1..=12).contains(&m)
        || d == 0
        || d > if m <= 6 { 31 } else { 30 }
    {
        return None;
    }
    // The years at which the 33-year pattern of leap years breaks (those up to 1500 suffice).
    const BREAKS: [i64; 8] = [-61, 9, 38, 199, 426, 686, 756, 818];
    let gy = y + 621;
    let mut leap_j = -14;
    let mut jp = BREAKS[0];
    let mut jump = 0;
    for &jm in &BREAKS[1..] {
        jump = jm - jp;
        if y < jm {
            break;
        }
        leap_j += jump / 33 * 8 + jump % 33 / 4;
        jp = jm;
    }
    let n = y - jp;
    leap_j += n / 33 * 8 + (n % 33 + 3) / 4;
    if jump % 33 == 4 && jump - n == 4 {
        leap_j += 1;
    }
    let leap_g = gy / 4 - (gy / 100 + 1) * 3 / 4 - 150;
    // The day of March on which the year begins (1 Farvardin).
    let march = 20 + leap_j - leap_g;
    let m = i64::from(m);
    let days =
        days_from_civil(gy, 3, march as u32) + (m - 1) * 31 - m / 7 * (m - 7) + i64::from(d) - 1;
    Some(civil_from_days(days))
}

/// The Gregorian day of a lunar Hijri day by the tabular (civil) calendar, which the printed
/// dates of newspapers follow to within a day or two of the sighted months.
fn from_hijri(y: i64, m: u32, d: u32) -> Option<(i64, u32, u32)> {
    if !(1300..=1600).contains(&y) || !(1..=12).contains(&m) || d == 0 || d > 30 {
        return None;
    }
    // Julian day of 1 Muharram 1 AH is 1948440 (civil epoch, 16 July 622 Julian).
    let jd = i64::from(d)
        + ((59 * (i64::from(m) - 1)) as f64 / 2.0).ceil() as i64
        + (y - 1) * 354
        + (3 + 11 * y) / 30
        + 1_948_440
        - 1;
    // Julian day 2440588 is 1970-01-01.
    Some(civil_from_days(jd - 2_440_588))
}

/// Month names by calendar: (name, month).
const GREGORIAN_MONTHS: &[(&str, u32)] = &[
    ("january", 1),
    ("february", 2),
    ("march", 3),
    ("april", 4),
    ("may", 5),
    ("june", 6),
    ("july", 7),
    ("august", 8),
    ("september", 9),
    ("sept", 9),
    ("october", 10),
    ("november", 11),
    ("december", 12),
    ("jan", 1),
    ("feb", 2),
    ("mar", 3),
    ("apr", 4),
    ("jun", 6),
    ("jul", 7),
    ("aug", 8),
    ("sep", 9),
    ("oct", 10),
    ("nov", 11),
    ("dec", 12),
    // Arabic (Egyptian and Gulf names, then the Levantine and Iraqi ones).
    ("يناير", 1),
    ("فبراير", 2),
    ("مارس", 3),
    ("أبريل", 4),
    ("ابريل", 4),
    ("إبريل", 4),
    ("مايو", 5),
    ("يونيو", 6),
    ("يونيه", 6),
    ("يوليو", 7),
    ("يوليه", 7),
    ("أغسطس", 8),
    ("اغسطس", 8),
    ("سبتمبر", 9),
    ("أكتوبر", 10),
    ("اكتوبر", 10),
    ("نوفمبر", 11),
    ("ديسمبر", 12),
    ("كانون الثاني", 1),
    ("شباط", 2),
    ("آذار", 3),
    ("نيسان", 4),
    ("أيار", 5),
    ("حزيران", 6),
    ("تموز", 7),
    ("آب", 8),
    ("أيلول", 9),
    ("تشرين الأول", 10),
    ("تشرين الثاني", 11),
    ("كانون الأول", 12),
    // The Maghreb's (Tunisia, Algeria), after the French names.
    ("جانفي", 1),
    ("فيفري", 2),
    ("أفريل", 4),
    ("افريل", 4),
    ("ماي", 5),
    ("جوان", 6),
    ("جويلية", 7),
    ("جويليه", 7),
    ("أوت", 8),
    // Persian names of the Gregorian months.
    ("ژانویه", 1),
    ("فوریه", 2),
    ("آوریل", 4),
    ("مه", 5),
    ("ژوئن", 6),
    ("ژوئیه", 7),
    ("اوت", 8),
    ("سپتامبر", 9),
    ("اکتبر", 10),
    ("نوامبر", 11),
    ("دسامبر", 12),
    // French, German, Spanish, Portuguese and Italian, full and as their style guides shorten
    // them ("janv.", "Mrz.", "ago", "set."); the English abbreviations above serve them too.
    ("janvier", 1),
    ("février", 2),
    ("fevrier", 2),
    ("mars", 3),
    ("avril", 4),
    ("mai", 5),
    ("juin", 6),
    ("juillet", 7),
    ("août", 8),
    ("aout", 8),
    ("septembre", 9),
    ("octobre", 10),
    ("novembre", 11),
    ("décembre", 12),
    ("decembre", 12),
    ("janv", 1),
    ("févr", 2),
    ("fevr", 2),
    ("avr", 4),
    ("juil", 7),
    ("déc", 12),
    ("januar", 1),
    ("jänner", 1),
    ("februar", 2),
    ("märz", 3),
    ("maerz", 3),
    ("juni", 6),
    ("juli", 7),
    ("oktober", 10),
    ("dezember", 12),
    ("mär", 3),
    ("mrz", 3),
    ("okt", 10),
    ("dez", 12),
    ("enero", 1),
    ("febrero", 2),
    ("marzo", 3),
    ("abril", 4),
    ("mayo", 5),
    ("junio", 6),
    ("julio", 7),
    ("agosto", 8),
    ("septiembre", 9),
    ("setiembre", 9),
    ("octubre", 10),
    ("noviembre", 11),
    ("diciembre", 12),
    ("ene", 1),
    ("abr", 4),
    ("ago", 8),
    ("dic", 12),
    ("janeiro", 1),
    ("fevereiro", 2),
    ("março", 3),
    ("maio", 5),
    ("junho", 6),
    ("julho", 7),
    ("setembro", 9),
    ("outubro", 10),
    ("novembro", 11),
    ("dezembro", 12),
    ("fev", 2),
    ("gennaio", 1),
    ("febbraio", 2),
    ("aprile", 4),
    ("maggio", 5),
    ("giugno", 6),
    ("luglio", 7),
    ("settembre", 9),
    ("ottobre", 10),
    ("dicembre", 12),
    ("giu", 6),
    ("lug", 7),
    ("ott", 10),
    // Abbreviations that are English words as well: months on Portuguese, Spanish and Italian
    // pages only (`month_at`).
    ("out", 10),
    ("set", 9),
    ("gen", 1),
    ("mag", 5),
    // Urdu.
    ("جنوری", 1),
    ("فروری", 2),
    ("مارچ", 3),
    ("اپریل", 4),
    ("مئی", 5),
    ("جون", 6),
    ("جولائی", 7),
    ("اگست", 8),
    ("ستمبر", 9),
    ("اکتوبر", 10),
    ("نومبر", 11),
    ("دسمبر", 12),
];
const SOLAR_HIJRI_MONTHS: &[(&str, u32)] = &[
    ("فروردین", 1),
    ("اردیبهشت", 2),
    ("خرداد", 3),
    ("تیر", 4),
    ("مرداد", 5),
    ("امرداد", 5),
    ("شهریور", 6),
    ("مهر", 7),
    ("آبان", 8),
    ("آذر", 9),
    ("دی", 10),
    ("بهمن", 11),
    ("اسفند", 12),
];
const HIJRI_MONTHS: &[(&str, u32)] = &[
    ("محرم", 1),
    ("صفر", 2),
    ("ربيع الأول", 3),
    ("ربيع الاول", 3),
    ("ربيع الآخر", 4),
    ("ربيع الثاني", 4),
    ("جمادى الأولى", 5),
    ("جمادى الاولى", 5),
    ("جمادى الآخرة", 6),
    ("جمادى الثانية", 6),
    ("رجب", 7),
    ("شعبان", 8),
    ("رمضان", 9),
    ("شوال", 10),
    ("ذو القعدة", 11),
    ("ذو الحجة", 12),
];

#[derive(Clone, Copy, PartialEq, Debug)]
enum Calendar {
    Gregorian,
    SolarHijri,
    Hijri,
}

/// A token of a written date: a number (any script's digits) or a word.
#[derive(Clone, Debug, PartialEq)]
enum Part {
    Num(u32, usize),
    Word(String),
}

fn parts(s: &str) -> Vec<Part> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut num: Option<(u32, usize)> = None;
    let flush_word = |word: &mut String, out: &mut Vec<Part>| {
        if !word.is_empty() {
            out.push(Part::Word(std::mem::take(word)));
        }
    };
    for c in s.chars() {
        // Western, Arabic-Indic and Extended Arabic-Indic (Persian, Urdu) digits.
        let digit = c.to_digit(10).or_else(|| match c {
            '\u{0660}'..='\u{0669}' => Some(c as u32 - 0x0660),
            '\u{06F0}'..='\u{06F9}' => Some(c as u32 - 0x06F0),
            _ => None,
        });
        if let Some(v) = digit {
            flush_word(&mut word, &mut out);
            let (n, len) = num.unwrap_or((0, 0));
            num = Some((n.saturating_mul(10).saturating_add(v), len + 1));
            continue;
        }
        if let Some((n, len)) = num.take() {
            out.push(Part::Num(n, len));
        }
        if c.is_alphabetic() {
            word.extend(c.to_lowercase());
        } else {
            flush_word(&mut word, &mut out);
        }
    }
    flush_word(&mut word, &mut out);
    if let Some((n, len)) = num {
        out.push(Part::Num(n, len));
    }
    out
}

/// Month abbreviations of Portuguese, Spanish and Italian that are English words ("sold out 12
/// 2025"): months only on pages in those languages.
const ENGLISH_WORDS: [&str; 4] = ["out", "set", "gen", "mag"];

/// A calendar's month names and their numbers (1-based).
type MonthNames = &'static [(&'static str, u32)];

/// The month a run of words starting at `parts[i]` names, with the calendar and how many words
/// it took (two-word names first: "ربيع الأول", "كانون الثاني").
fn month_at(parts: &[Part], i: usize, lang: &str) -> Option<(u32, Calendar, usize)> {
    let word = |k: usize| match parts.get(k) {
        Some(Part::Word(w)) => Some(w.as_str()),
        _ => None,
    };
    let first = word(i)?;
    let two = word(i + 1).map(|w| format!("{first} {w}"));
    // Persian pages write the Solar Hijri months; elsewhere "آذر" and "دی" are not months.
    let persian = lang.is_empty() || lang.starts_with("fa") || lang.starts_with("ps");
    let tables: [(MonthNames, Calendar, bool); 3] = [
        (HIJRI_MONTHS, Calendar::Hijri, true),
        (SOLAR_HIJRI_MONTHS, Calendar::SolarHijri, persian),
        (GREGORIAN_MONTHS, Calendar::Gregorian, true),
    ];
    for (table, calendar, on) in tables {
        if !on {
            continue;
        }
        if let Some(two) = &two {
            if let Some((_, m)) = table.iter().find(|(n, _)| n == two) {
                return Some((*m, calendar, 2));
            }
        }
        // "Dec." and "Dec" alike; a bare "may" is a month only beside numbers (checked by the caller).
        let romance = ["pt", "es", "it", "ca", "gl"].iter().any(|l| lang.starts_with(l));
        if ENGLISH_WORDS.contains(&first) && !romance {
            continue;
        }
        if let Some((_, m)) = table.iter().find(|(n, _)| *n == first) {
            return Some((*m, calendar, 1));
        }
    }
    None
}

/// The first day written in `text` as people write it ("June 3, 2025", "3 June 2025",
/// "Dec. 19, 2025", "٢٥ ديسمبر ٢٠٢٤", "۵ دی ۱۴۰۳", "12 رمضان 1446 هـ", or an ISO
/// `2025-06-03`), in the Gregorian calendar; `lang` (the page's, BCP 47) says whether Persian
/// month names are Solar Hijri ones. `None` when there is none.
pub fn parse_visible(text: &str, lang: &str) -> Option<(i64, u32, u32)> {
    // Every date read below has a year of four digits: without four digits in a row, none.
    if !has_four_digits(text) {
        return None;
    }
    // Ordinal suffixes ("1st", "22nd", French "1er", Spanish "1º") are not words of the date,
    // nor are the "de" of Spanish and Portuguese ("3 de junio de 2025") and the "del" of
    // Spanish and Italian.
    let p: Vec<Part> = {
        let all = parts(text);
        let ordinal = |k: usize| {
            matches!(&all[k], Part::Word(w) if ["st", "nd", "rd", "th", "er", "º", "ª"].contains(&w.as_str()))
                && k > 0
                && matches!(all[k - 1], Part::Num(_, 1..=2))
        };
        let of = |k: usize| matches!(&all[k], Part::Word(w) if w == "de" || w == "del");
        all.iter()
            .enumerate()
            .filter(|(k, _)| !ordinal(*k) && !of(*k))
            .map(|(_, x)| x.clone())
            .collect()
    };
    for i in 0..p.len() {
        // Month and day with slashes, when only one order is a date: 10/31/2024 (31 is no
        // month), 31/10/2024 (likewise), or both are one (03/03/2026); 07/08/2025 the web
        // writes both ways, and is left.
        if let (Part::Num(a, la @ 1..=2), Some(Part::Num(b, lb @ 1..=2)), Some(Part::Num(y, 4))) =
            (&p[i], p.get(i + 1), p.get(i + 2))
        {
            let written = format!("{a:0la$}/{b:0lb$}/{y}");
            let y = i64::from(*y);
            if text.contains(&written) {
                match (valid_day(y, *a, *b), valid_day(y, *b, *a)) {
                    (true, false) => return Some((y, *a, *b)),
                    (false, true) => return Some((y, *b, *a)),
                    // 03/03/2025 reads the same both ways.
                    (true, true) if a == b => return Some((y, *a, *b)),
                    _ => {}
                }
            }
        }
        // Day first with dots, as in most of Europe: 23.07.2025.
        if let (Part::Num(d, 1..=2), Some(Part::Num(m, 1..=2)), Some(Part::Num(y, 4))) =
            (&p[i], p.get(i + 1), p.get(i + 2))
        {
            let (y, m, d) = (i64::from(*y), *m, *d);
            if dotted(text) && valid_day(y, m, d) {
                return Some((y, m, d));
            }
        }
        // ISO: 2025-06-03 (three numbers of 4, 2 and 2 digits, joined by `-`, `/` or `.`; not
        // "2021 5:11", a year and a time).
        if let (Part::Num(y, 4), Some(Part::Num(m, 1..=2)), Some(Part::Num(d, 1..=2))) =
            (&p[i], p.get(i + 1), p.get(i + 2))
        {
            if !year_first(text) {
                continue;
            }
            let (y, m, d) = (i64::from(*y), *m, *d);
            if valid_day(y, m, d) {
                return Some((y, m, d));
            }
            if let Some(g) = from_solar_hijri(y, m, d) {
                return Some(g);
            }
        }
        let Some((month, calendar, mut len)) = month_at(&p, i, lang) else { continue };
        // Levantine pages name the month twice, "24 نيسان / أبريل 2020": the second name is
        // the same month's.
        if let Some((_, _, len2)) = month_at(&p, i + len, lang).filter(|(m, _, _)| *m == month) {
            len += len2;
        }
        let num = |k: Option<usize>| match k.and_then(|k| p.get(k)) {
            Some(Part::Num(n, l)) => Some((*n, *l)),
            _ => None,
        };
        // Day before the month and year after ("3 June 2025"), or month first ("June 3, 2025").
        let before = num(i.checked_sub(1));
        let after = num(Some(i + len));
        let after2 = num(Some(i + len + 1));
        let (day, year) = match (before, after, after2) {
            (Some((d, 1..=2)), Some((y, 4)), _) => (d, y),
            (_, Some((d, 1..=2)), Some((y, 4))) => (d, y),
            _ => continue,
        };
        let (y, m, d) = (i64::from(year), month, day);
        let gregorian = match calendar {
            Calendar::Gregorian => valid_day(y, m, d).then_some((y, m, d)),
            Calendar::SolarHijri => from_solar_hijri(y, m, d),
            Calendar::Hijri => from_hijri(y, m, d),
        };
        if gregorian.is_some() {
            return gregorian;
        }
    }
    None
}

/// Whether `text` has four digits in a row (in any of the digit sets of [`parts`]): the
/// cheap test that spares most lines the parse.
fn has_four_digits(text: &str) -> bool {
    let mut run = 0;
    for c in text.chars() {
        run = if c.is_ascii_digit()
            || matches!(c, '\u{0660}'..='\u{0669}' | '\u{06F0}'..='\u{06F9}')
        {
            run + 1
        } else {
            0
        };
        if run == 4 {
            return true;
        }
    }
    false
}

/// Whether `text` writes a year-first date with separators (`2025-06-03`, `1403/09/15`,
/// `2025.06.03`, in any of the three digit sets).
fn year_first(text: &str) -> bool {
    let c: Vec<char> = text.chars().map(|c| if c.is_numeric() { '0' } else { c }).collect();
    let sep = |c: char| matches!(c, '-' | '/' | '.');
    (0..c.len()).any(|i| {
        c[i..].len() >= 8
            && c[i..i + 4].iter().all(|&d| d == '0')
            && (i == 0 || c[i - 1] != '0')
            && sep(c[i + 4])
            && {
                let m = c[i + 5..].iter().take_while(|&&d| d == '0').count();
                (1..=2).contains(&m)
                    && c.get(i + 5 + m).is_some_and(|&x| sep(x))
                    && c.get(i + 6 + m).is_some_and(|&d| d == '0')
            }
    })
}

/// Whether `text` writes a day-first date with dots (`23.07.2025`), the only numeric order
/// besides ISO that [`parse_visible`] trusts (`07/08/2025` is read both ways on the web).
fn dotted(text: &str) -> bool {
    let b = text.as_bytes();
    b.windows(10).any(|w| {
        w[2] == b'.'
            && w[5] == b'.'
            && w.iter().enumerate().all(|(k, c)| k == 2 || k == 5 || c.is_ascii_digit())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn machine_dates_keep_their_offset_and_days_stay_days() {
        assert_eq!(normalise("2024-12-27").as_deref(), Some("2024-12-27"));
        assert_eq!(
            normalise("2024-12-27T23:30:00-08:00").as_deref(),
            Some("2024-12-27T23:30:00-08:00")
        );
        assert_eq!(
            normalise("2024-12-25T01:15:00+0200").as_deref(),
            Some("2024-12-25T01:15:00+02:00")
        );
        assert_eq!(normalise("2013-08-22 21:43:53 UTC").as_deref(), Some("2013-08-22T21:43:53Z"));
        assert_eq!(normalise("2025-01-02T03:04:05.123Z").as_deref(), Some("2025-01-02T03:04:05Z"));
        assert_eq!(normalise("2025-01-02T03:04").as_deref(), Some("2025-01-02T03:04:00"));
        assert_eq!(normalise("June 3, 2025").as_deref(), Some("2025-06-03"));
        assert_eq!(normalise("2025-02-30"), None);
        assert_eq!(normalise("yesterday"), None);
    }

    #[test]
    fn written_dates_in_english() {
        assert_eq!(parse_visible("By Jane Doe | June 3, 2025", "en"), Some((2025, 6, 3)));
        assert_eq!(parse_visible("Dec. 19, 2025 · Niko Matsakis", "en"), Some((2025, 12, 19)));
        assert_eq!(parse_visible("Published 3 March 2024", "en"), Some((2024, 3, 3)));
        assert_eq!(parse_visible("Updated: 2024-11-05 10:00", "en"), Some((2024, 11, 5)));
        assert_eq!(parse_visible("September 1st, 2023", "en"), Some((2023, 9, 1)));
        assert_eq!(parse_visible("23.07.2025", "en"), Some((2025, 7, 23)));
        assert_eq!(parse_visible("07/08/2025", "en"), None);
        assert_eq!(parse_visible("You may 3 times", "en"), None);
        assert_eq!(parse_visible("© 2025 The Site", "en"), None);
    }

    #[test]
    fn written_dates_in_french_german_spanish_portuguese_and_italian() {
        assert_eq!(parse_visible("Publié le 1er juin 2025", "fr"), Some((2025, 6, 1)));
        assert_eq!(parse_visible("Mis à jour le 12 déc. 2024", "fr"), Some((2024, 12, 12)));
        assert_eq!(parse_visible("Veröffentlicht am 3. März 2025", "de"), Some((2025, 3, 3)));
        assert_eq!(parse_visible("Stand: 14. Okt. 2024", "de"), Some((2024, 10, 14)));
        assert_eq!(parse_visible("Publicado el 3 de junio de 2025", "es"), Some((2025, 6, 3)));
        assert_eq!(
            parse_visible("Atualizado em 5 de outubro de 2023", "pt-BR"),
            Some((2023, 10, 5))
        );
        assert_eq!(parse_visible("5 out 2023", "pt"), Some((2023, 10, 5)));
        assert_eq!(parse_visible("Pubblicato il 21 settembre 2024", "it"), Some((2024, 9, 21)));
        assert_eq!(parse_visible("21 set 2024", "it"), Some((2024, 9, 21)));
        // "out" and "set" are English words: months only on those languages' pages.
        assert_eq!(parse_visible("sold 5 out 2023", "en"), None);
        assert_eq!(parse_visible("a 21 set 2024", "en"), None);
    }

    #[test]
    fn slashed_days_are_read_when_one_order_is_no_date() {
        assert_eq!(parse_visible("Updated: 10/31/2024", "en"), Some((2024, 10, 31)));
        assert_eq!(parse_visible("Publié le 31/10/2024", "fr"), Some((2024, 10, 31)));
        assert_eq!(parse_visible("Updated: 1/13/2025", "en"), Some((2025, 1, 13)));
        assert_eq!(parse_visible("07/08/2025", "en"), None);
        assert_eq!(parse_visible("13/13/2025", "en"), None);
        // Both orders, one day.
        assert_eq!(parse_visible("03/03/2026 19:44", "en"), Some((2026, 3, 3)));
    }

    #[test]
    fn arabic_persian_and_urdu_dates() {
        // Arabic-Indic digits, Egyptian month name.
        assert_eq!(parse_visible("الأربعاء ٢٥ ديسمبر ٢٠٢٤", "ar"), Some((2024, 12, 25)));
        assert_eq!(parse_visible("25 كانون الأول 2024", "ar"), Some((2024, 12, 25)));
        // Solar Hijri: 5 Dey 1403 is 25 December 2024; 1 Farvardin 1404 is 21 March 2025.
        assert_eq!(parse_visible("۵ دی ۱۴۰۳", "fa"), Some((2024, 12, 25)));
        assert_eq!(parse_visible("۱ فروردین ۱۴۰۴ - ۱۰:۳۰", "fa"), Some((2025, 3, 21)));
        assert_eq!(parse_visible("۱۴۰۳/۱۰/۰۵", "fa"), Some((2024, 12, 25)));
        // Lunar Hijri: 1 Ramadan 1446 began on 1 March 2025 (the tabular calendar).
        assert_eq!(parse_visible("1 رمضان 1446 هـ", "ar"), Some((2025, 3, 1)));
        assert_eq!(parse_visible("۲۵ دسمبر ۲۰۲۴", "ur"), Some((2024, 12, 25)));
    }

    #[test]
    fn calendar_arithmetic() {
        assert_eq!(civil_from_days(days_from_civil(2024, 2, 29)), (2024, 2, 29));
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(from_solar_hijri(1300, 1, 1), Some((1921, 3, 21)));
        assert_eq!(from_solar_hijri(1403, 12, 30), Some((2025, 3, 20)));
        assert_eq!(from_solar_hijri(1404, 1, 1), Some((2025, 3, 21)));
        assert_eq!(from_solar_hijri(1357, 11, 22), Some((1979, 2, 11)));
        assert_eq!(from_hijri(1445, 9, 1), Some((2024, 3, 11)));
    }

    #[test]
    fn a_year_and_a_time_are_no_iso_day() {
        // "04-ago-2021 5:11:10": the year, then a time, not 11 May (the day is 4 August, "ago"
        // being agosto).
        assert_eq!(parse_visible("on 04-ago-2021 5:11:10", "en"), Some((2021, 8, 4)));
        assert_eq!(parse_visible("on 04-xyz-2021 5:11:10", "en"), None);
        assert_eq!(parse_visible("2020 09:22", "ar"), None);
        assert_eq!(parse_visible("2025/06/03", "en"), Some((2025, 6, 3)));
        assert_eq!(parse_visible("2025.6.3", "en"), Some((2025, 6, 3)));
    }

    #[test]
    fn a_month_named_twice_is_one_month() {
        // Levantine pages write the Syriac and the Egyptian name: "نيسان / أبريل".
        assert_eq!(
            parse_visible("تم نشره الجمعة 24 نيسان / أبريل 2020 09:22 مساءً", "ar"),
            Some((2020, 4, 24))
        );
    }

    #[test]
    fn instants_compare_forms_of_one_moment() {
        assert_eq!(instant("2025-12-19T03:05:00Z"), instant("2025-12-18T19:05:00-08:00"));
        assert_eq!(instant("2025-12-18T23:25:38Z"), instant("2025-12-19T04:25:38+05:00"));
        assert_ne!(instant("2025-12-19T03:05:00Z"), instant("2025-12-18T19:05:00-05:00"));
        assert_eq!(instant("1970-01-01T00:00:10Z"), Some(10));
        assert_eq!(instant("2025-12-19"), None);
        assert_eq!(instant("2025-12-19T03:05:00"), None, "no offset: no instant");
    }
}
