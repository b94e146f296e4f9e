//! Sentence segmentation for read-aloud: Arabic, Persian and Urdu punctuation, mixed-direction
//! text, English abbreviations, and UTF-16 offsets. The sentences are written for these tests.

use dana::sentences::{split, words};
use dana::{LinkFilter, Options};

fn texts(s: &str) -> Vec<String> {
    split(s).into_iter().map(|(_, _, t)| t).collect()
}

/// Every sentence is exactly the UTF-16 slice its offsets name.
fn offsets_hold(s: &str) {
    let units: Vec<u16> = s.encode_utf16().collect();
    for (start, end, text) in split(s) {
        assert_eq!(String::from_utf16(&units[start..end]).unwrap(), text, "offsets {start}..{end} in {s:?}");
    }
}

#[test]
fn heading_and_list_numbers_are_read_with_what_they_number() {
    for s in ["1. Introduction", "12. Where it runs", "2.3. Method and data", "iv. Results", "XII. The end", "b. Second point"] {
        assert_eq!(texts(s), [s], "{s:?}");
        offsets_hold(s);
    }
    // Within a paragraph: the number goes with the next sentence.
    assert_eq!(texts("We did three things. 1. Count the lines. 2. Smooth them."), ["We did three things.", "1. Count the lines.", "2. Smooth them."]);
    // A number that ends a real sentence still ends it; a marker with nothing after it stays alone.
    assert_eq!(texts("It happened in 1984. Then it ended."), ["It happened in 1984.", "Then it ended."]);
    assert_eq!(texts("Chapter 3. Then more."), ["Chapter 3.", "Then more."]);
    assert_eq!(texts("1."), ["1."]);
    // Not markers: a four-digit year alone, a word.
    assert_eq!(texts("2024. A new year."), ["2024.", "A new year."]);
}

#[test]
fn arabic_question_mark_ends_a_sentence_and_comma_does_not() {
    let s = "هل تتكلم العربية؟ نعم، أتكلمها قليلاً. شكراً لك!";
    assert_eq!(texts(s), ["هل تتكلم العربية؟", "نعم، أتكلمها قليلاً.", "شكراً لك!"]);
    offsets_hold(s);
}

#[test]
fn persian_semicolon_does_not_end_a_sentence_and_zwnj_stays_in_words() {
    let s = "می\u{200c}خواهم به کتابخانه بروم؛ آیا تو هم می\u{200c}آیی؟ فردا صبح، ساعت هشت، حرکت می\u{200c}کنیم.";
    assert_eq!(
        texts(s),
        ["می\u{200c}خواهم به کتابخانه بروم؛ آیا تو هم می\u{200c}آیی؟", "فردا صبح، ساعت هشت، حرکت می\u{200c}کنیم."]
    );
    offsets_hold(s);
    let w: Vec<&str> = words("می\u{200c}خواهم بروم").into_iter().map(|(_, _, w)| w).collect();
    assert_eq!(w, ["می\u{200c}خواهم", "بروم"], "the non-joiner is inside the word");
}

#[test]
fn urdu_full_stop_ends_a_sentence() {
    let s = "آج موسم بہت اچھا ہے۔ کیا آپ باہر چلیں گے؟ ہم پارک جائیں گے، پھر کھانا کھائیں گے۔";
    assert_eq!(texts(s), ["آج موسم بہت اچھا ہے۔", "کیا آپ باہر چلیں گے؟", "ہم پارک جائیں گے، پھر کھانا کھائیں گے۔"]);
    offsets_hold(s);
}

#[test]
fn urdu_full_stop_without_a_space_still_ends_a_sentence() {
    assert_eq!(texts("یہ پہلا جملہ ہے۔یہ دوسرا ہے۔"), ["یہ پہلا جملہ ہے۔", "یہ دوسرا ہے۔"]);
}

#[test]
fn mixed_direction_text() {
    let s = "او گفت «Hello, world» و رفت. Then he wrote: سلام دنیا. The end؟ پایان. He said \"Stop!\" and left.";
    let t = texts(s);
    assert_eq!(t, ["او گفت «Hello, world» و رفت.", "Then he wrote: سلام دنیا.", "The end؟", "پایان.", "He said \"Stop!\" and left."]);
    offsets_hold(s);
}

#[test]
fn english_abbreviations_and_decimals_do_not_split() {
    let s = "Mr. Smith met Dr. Jones at the U.S. Army base. The cost was 3.14 dollars, e.g. a small sum. \
             It ended at No. 5 Main St. in town. John F. Kennedy spoke. Is that all? Yes!";
    assert_eq!(
        texts(s),
        [
            "Mr. Smith met Dr. Jones at the U.S. Army base.",
            "The cost was 3.14 dollars, e.g. a small sum.",
            "It ended at No. 5 Main St. in town.",
            "John F. Kennedy spoke.",
            "Is that all?",
            "Yes!"
        ]
    );
    offsets_hold(s);
}

#[test]
fn offsets_are_utf16_code_units() {
    let s = "I like 🍕 a lot. Next one.";
    let got = split(s);
    assert_eq!(got[1].0, "I like 🍕 a lot. ".encode_utf16().count());
    assert_eq!(got[1].0, 17, "the emoji is two UTF-16 units");
    offsets_hold(s);
}

#[test]
fn extraction_carries_sentences_with_block_indices() {
    let html = "<article><h1>عنوان الخبر</h1><p>هذه الجملة الأولى في الخبر. هل هذه الجملة الثانية؟</p>\
                <p>And an English paragraph, e.g. this one. It has two sentences.</p></article>";
    let out = dana::extract(html, &Options { filter: Some(LinkFilter::None), ..Options::default() });
    let got: Vec<(usize, &str)> = out.sentences.iter().map(|s| (s.block, s.text.as_str())).collect();
    let p = out.blocks.iter().position(|b| b.text.starts_with("هذه")).expect("Arabic paragraph extracted");
    assert!(got.contains(&(p, "هذه الجملة الأولى في الخبر.")), "{got:?}");
    assert!(got.contains(&(p, "هل هذه الجملة الثانية؟")), "{got:?}");
    assert!(got.contains(&(p + 1, "And an English paragraph, e.g. this one.")), "{got:?}");
    for s in &out.sentences {
        let units: Vec<u16> = out.blocks[s.block].text.encode_utf16().collect();
        assert_eq!(String::from_utf16(&units[s.start..s.end]).unwrap(), s.text);
    }
    let json = serde_json::to_value(&out).unwrap();
    assert!(json["sentences"].as_array().is_some_and(|a| !a.is_empty()));
}

/// Read-aloud announces each post of a thread with its author and date, in the article's
/// language (issue 13): the header's sentence is said as "Post by NAME, DATE", its offsets
/// still covering the header, which is what the reader highlights.
#[test]
fn a_post_is_announced_with_its_author_in_the_articles_language() {
    let post = |name: &str, day: &str, shown: &str, words: &str| {
        format!(
            "<div itemscope itemtype=\"http://schema.org/DiscussionForumPosting\"><span class=\"creator\" itemprop=\"author\"><span itemprop=\"name\">{name}</span></span>\
             <time itemprop=\"datePublished\" datetime=\"2025-03-{day}T10:00:00Z\">{shown}</time><div itemprop=\"text\"><p>{words}</p></div></div>"
        )
    };
    let said = |html: String| {
        let out = dana::extract(&html, &Options::default());
        let headers: Vec<(String, String)> = out
            .sentences
            .iter()
            .filter(|s| out.blocks[s.block].kind == dana::BlockKind::Post)
            .map(|s| {
                let units: Vec<u16> = out.blocks[s.block].text.encode_utf16().collect();
                (s.text.clone(), String::from_utf16(&units[s.start..s.end]).unwrap())
            })
            .collect();
        (out.lang, headers)
    };
    let en = "The kettle stopped heating after the firmware update, and the light blinks twice whenever I press the switch; resetting it did not help at all.";
    let (lang, got) = said(format!("<main>{}{}</main>", post("ann_k", "04", "Mar 4", en), post("Bo Li", "05", "Mar 5", en)));
    assert_eq!(lang, "en");
    assert_eq!(got, [("Post by ann_k, Mar 4".to_string(), "ann_k · Mar 4".to_string()), ("Post by Bo Li, Mar 5".to_string(), "Bo Li · Mar 5".to_string())]);
    let ar = "توقفت الغلاية عن التسخين بعد تحديث البرنامج، وأصبح الضوء يومض مرتين كلما ضغطت على المفتاح، ولم تنفع إعادة الضبط في حل المشكلة على الإطلاق.";
    let (lang, got) = said(format!("<main>{}{}</main>", post("سلمى", "04", "٤ مارس", ar), post("خالد", "05", "٥ مارس", ar)));
    assert_eq!(lang, "ar");
    assert_eq!(got[0].0, "مشاركة من سلمى، ٤ مارس");
    assert_eq!(got[1], ("مشاركة من خالد، ٥ مارس".to_string(), "خالد · ٥ مارس".to_string()));
}
