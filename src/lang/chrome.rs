//! The words the reader shows around an article, in the article's language: one table for
//! every reader (the extension, the demo page).

use crate::extraction::Chrome;

/// The words the reader shows around an article ([`crate::Extraction::chrome`]), in the
/// article's language when it is one of [`CHROME_LANGS`], else in English; numbers in that
/// language's digits. The engine writes them so that every reader (the extension, the demo
/// page) shows the same words from one table; the reader only places them.
pub fn chrome(lang: &str, reading_minutes: u32, comment_count: usize) -> Chrome {
    let lang = chrome_lang(lang);
    let n = digits(reading_minutes, lang);
    let c = digits(u32::try_from(comment_count).unwrap_or(u32::MAX), lang);
    let comments = match lang {
        "ar" => format!("التعليقات ({c})"),
        "fa" => format!("دیدگاه‌ها ({c})"),
        "ur" => format!("تبصرے ({c})"),
        "ps" => format!("تبصرې ({c})"),
        _ => format!("Comments ({c})"),
    };
    let (reading_time, updated, not_article, show_anyway, use_selection) = match lang {
        "ar" => (
            // Arabic counts: 1 دقيقة, 2 دقيقتان, 3-10 دقائق, 11 and more دقيقة.
            format!(
                "وقت القراءة: {n} {}",
                match reading_minutes {
                    2 => "دقيقتان",
                    3..=10 => "دقائق",
                    _ => "دقيقة",
                }
            ),
            "حُدّث في",
            "لا تبدو هذه الصفحة مقالة: قد يعرض القارئ جزءًا منها فقط.",
            "اعرضها على أي حال",
            "استخدم النص الذي حددته",
        ),
        "fa" => (
            format!("{n} دقیقه مطالعه"),
            "به‌روزرسانی",
            "این صفحه به نظر مقاله نمی‌آید: ممکن است فقط بخشی از آن نشان داده شود.",
            "به هر حال نشان بده",
            "از متن انتخاب‌شده استفاده کن",
        ),
        "ur" => (
            format!("{n} منٹ کا مطالعہ"),
            "تازہ کاری",
            "یہ صفحہ مضمون نہیں لگتا: ہو سکتا ہے صرف اس کا کچھ حصہ دکھایا جائے۔",
            "پھر بھی دکھائیں",
            "میرا منتخب متن استعمال کریں",
        ),
        "ps" => (
            format!("د لوستلو وخت: {n} دقیقې"),
            "تازه شوی",
            "دا پاڼه مقاله نه ښکاري: کېدای شي یوازې یوه برخه یې وښودل شي.",
            "بیا هم یې وښیه",
            "زما ټاکلی متن وکاروه",
        ),
        _ => (
            format!("{n} min read"),
            "Updated",
            "This page does not look like an article: the reader may show only a fragment of it.",
            "Show it anyway",
            "Use my selection",
        ),
    };
    Chrome {
        lang: lang.to_string(),
        reading_time: if reading_minutes == 0 { String::new() } else { reading_time },
        updated: updated.to_string(),
        not_article: not_article.to_string(),
        show_anyway: show_anyway.to_string(),
        use_selection: use_selection.to_string(),
        comments: if comment_count == 0 { String::new() } else { comments },
    }
}

/// How read-aloud announces a post of a thread ([`crate::extraction::BlockKind::Post`]): "Post
/// by NAME, DATE" in the article's language when [`chrome`] has words for it, else in English;
/// the date as the page shows it. `None` when the post has neither.
pub fn post_announcement(lang: &str, author: Option<&str>, date: Option<&str>) -> Option<String> {
    let lang = chrome_lang(lang);
    // (post by NAME, a post alone, the comma before the date): Arabic-script languages use
    // the Arabic comma.
    let (by, post, comma) = match lang {
        "ar" => ("مشاركة من {}", "مشاركة", "، "),
        "fa" => ("پست از {}", "پست", "، "),
        "ur" => ("{} کی پوسٹ", "پوسٹ", "، "),
        "ps" => ("د {} لیکنه", "لیکنه", "، "),
        _ => ("Post by {}", "Post", ", "),
    };
    let head = match author {
        Some(a) => by.replace("{}", a),
        None if date.is_some() => post.to_string(),
        None => return None,
    };
    Some(match date {
        Some(d) => format!("{head}{comma}{d}"),
        None => head,
    })
}

/// The languages [`chrome`] has words for.
pub const CHROME_LANGS: [&str; 5] = ["ar", "fa", "ur", "ps", "en"];

/// The language of the reader's words for an article in `lang` (a BCP 47 tag): its primary
/// subtag when [`CHROME_LANGS`] has it, else English.
fn chrome_lang(lang: &str) -> &'static str {
    let primary = lang.split('-').next().unwrap_or_default();
    CHROME_LANGS.iter().find(|l| l.eq_ignore_ascii_case(primary)).copied().unwrap_or("en")
}

/// `n` in the digits of `lang`: Arabic-Indic for Arabic, Extended Arabic-Indic for Persian,
/// Urdu and Pashto, else ASCII.
pub fn digits(n: u32, lang: &str) -> String {
    let zero = match lang {
        "ar" => '\u{0660}',
        "fa" | "ur" | "ps" => '\u{06F0}',
        _ => '0',
    };
    n.to_string()
        .chars()
        .map(|c| char::from_u32(zero as u32 + (c as u32 - '0' as u32)).unwrap_or(c))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn posts_are_announced_in_the_chrome_languages() {
        let say = |lang, a, d| post_announcement(lang, a, d);
        assert_eq!(say("en-GB", Some("Ann"), Some("Mar 4")).as_deref(), Some("Post by Ann, Mar 4"));
        assert_eq!(
            say("ar", Some("سلمى"), Some("٤ مارس")).as_deref(),
            Some("مشاركة من سلمى، ٤ مارس")
        );
        assert_eq!(say("fa", Some("مریم"), None).as_deref(), Some("پست از مریم"));
        assert_eq!(say("ur", Some("علی"), Some("۴ مارچ")).as_deref(), Some("علی کی پوسٹ، ۴ مارچ"));
        assert_eq!(say("ps", Some("احمد"), None).as_deref(), Some("د احمد لیکنه"));
        // A language without chrome words is announced in English; a post without an author by its date.
        assert_eq!(say("de", None, Some("4. März")).as_deref(), Some("Post, 4. März"));
        assert_eq!(say("en", None, None), None);
    }

    #[test]
    fn the_comments_label_counts_in_the_languages_digits() {
        assert_eq!(chrome("en", 3, 30).comments, "Comments (30)");
        assert_eq!(chrome("fa", 3, 12).comments, "دیدگاه‌ها (۱۲)");
        assert_eq!(chrome("ar-EG", 1, 7).comments, "التعليقات (٧)");
        assert_eq!(chrome("ur", 1, 2).comments, "تبصرے (۲)");
        assert_eq!(chrome("de", 1, 2).comments, "Comments (2)");
        assert_eq!(chrome("en", 3, 0).comments, "", "no label without comments");
    }
}
