//! The words that open a byline before the names ("By", "Written by", "كتب"): the byline
//! reads past them, and the headline is never a line that opens with them.

/// Words that open a byline before the names (an optional `:` after them goes too).
/// In Arabic ("كتب" and "كتبت", he and she wrote; "بقلم", by the pen of; "إعداد", prepared
/// by), Persian ("نویسنده", writer; "خبرنگار", reporter; "به قلم") and Urdu ("تحریر", writing).
const BYLINE_LEADS: &[&str] = &[
    "written by",
    "posted by",
    "published by",
    "authored by",
    "reviewed by",
    "words by",
    "story by",
    "text by",
    "reported by",
    "authors",
    "author",
    "by",
    "كتبت",
    "كتب",
    "بقلم",
    "إعداد",
    "نویسنده",
    "خبرنگار",
    "به قلم",
    "تحریر",
];

/// The length of the lead ([`BYLINE_LEADS`]) `s` opens with, followed by a space, a colon
/// or nothing.
pub fn byline_lead(s: &str) -> Option<usize> {
    BYLINE_LEADS
        .iter()
        .find(|l| {
            s.get(..l.len()).is_some_and(|p| p.eq_ignore_ascii_case(l))
                && s[l.len()..].chars().next().is_none_or(|c| c == ' ' || c == ':')
        })
        .map(|l| l.len())
}
