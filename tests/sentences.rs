//! Sentence segmentation for read-aloud: Arabic, Persian and Urdu punctuation, mixed-direction
//! text, English abbreviations, and UTF-16 offsets. The sentences are written for these tests.

use dana::test_api::sentences::{split, words};
use dana::{LinkFilter, Options};

fn texts(s: &str) -> Vec<String> {
    split(s).into_iter().map(|(_, _, t)| t).collect()
}

/// Every sentence is exactly the UTF-16 slice its offsets name.
fn offsets_hold(s: &str) {
    let units: Vec<u16> = s.encode_utf16().collect();
    for (start, end, text) in split(s) {
        assert_eq!(
            String::from_utf16(&units[start..end]).unwrap(),
            text,
            "offsets {start}..{end} in {s:?}"
        );
    }
}

#[test]
fn heading_and_list_numbers_are_read_with_what_they_number() {
    for s in [
        "1. Introduction",
        "12. Where it runs",
        "2.3. Method and data",
        "iv. Results",
        "XII. The end",
        "b. Second point",
    ] {
        assert_eq!(texts(s), [s], "{s:?}");
        offsets_hold(s);
    }
    // Within a paragraph: the number goes with the next sentence.
    assert_eq!(
        texts("We did three things. 1. Count the lines. 2. Smooth them."),
        ["We did three things.", "1. Count the lines.", "2. Smooth them."]
    );
    // A number that ends a real sentence still ends it; a marker with nothing after it stays alone.
    assert_eq!(
        texts("It happened in 1984. Then it ended."),
        ["It happened in 1984.", "Then it ended."]
    );
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
        [
            "می\u{200c}خواهم به کتابخانه بروم؛ آیا تو هم می\u{200c}آیی؟",
            "فردا صبح، ساعت هشت، حرکت می\u{200c}کنیم."
        ]
    );
    offsets_hold(s);
    let w: Vec<&str> = words("می\u{200c}خواهم بروم").into_iter().map(|(_, _, w)| w).collect();
    assert_eq!(w, ["می\u{200c}خواهم", "بروم"], "the non-joiner is inside the word");
}

#[test]
fn urdu_full_stop_ends_a_sentence() {
    let s = "آج موسم بہت اچھا ہے۔ کیا آپ باہر چلیں گے؟ ہم پارک جائیں گے، پھر کھانا کھائیں گے۔";
    assert_eq!(
        texts(s),
        ["آج موسم بہت اچھا ہے۔", "کیا آپ باہر چلیں گے؟", "ہم پارک جائیں گے، پھر کھانا کھائیں گے۔"]
    );
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
    assert_eq!(
        t,
        [
            "او گفت «Hello, world» و رفت.",
            "Then he wrote: سلام دنیا.",
            "The end؟",
            "پایان.",
            "He said \"Stop!\" and left."
        ]
    );
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
    let html =
        "<article><h1>عنوان الخبر</h1><p>هذه الجملة الأولى في الخبر. هل هذه الجملة الثانية؟</p>\
                <p>And an English paragraph, e.g. this one. It has two sentences.</p></article>";
    let out =
        dana::extract(html, &Options { filter: Some(LinkFilter::None), ..Options::default() });
    let got: Vec<(usize, &str)> =
        out.sentences.iter().map(|s| (s.block, s.text.as_str())).collect();
    let p = out
        .blocks
        .iter()
        .position(|b| b.text.starts_with("هذه"))
        .expect("Arabic paragraph extracted");
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
            .filter(|s| matches!(out.blocks[s.block].kind, dana::BlockKind::Post(_)))
            .map(|s| {
                let units: Vec<u16> = out.blocks[s.block].text.encode_utf16().collect();
                (s.text.clone(), String::from_utf16(&units[s.start..s.end]).unwrap())
            })
            .collect();
        (out.lang, headers)
    };
    let en = "The kettle stopped heating after the firmware update, and the light blinks twice whenever I press the switch; resetting it did not help at all.";
    let (lang, got) = said(format!(
        "<main>{}{}</main>",
        post("ann_k", "04", "Mar 4", en),
        post("Bo Li", "05", "Mar 5", en)
    ));
    assert_eq!(lang, "en");
    assert_eq!(
        got,
        [
            ("Post by ann_k, Mar 4".to_string(), "ann_k · Mar 4".to_string()),
            ("Post by Bo Li, Mar 5".to_string(), "Bo Li · Mar 5".to_string())
        ]
    );
    let ar = "توقفت الغلاية عن التسخين بعد تحديث البرنامج، وأصبح الضوء يومض مرتين كلما ضغطت على المفتاح، ولم تنفع إعادة الضبط في حل المشكلة على الإطلاق.";
    let (lang, got) = said(format!(
        "<main>{}{}</main>",
        post("سلمى", "04", "٤ مارس", ar),
        post("خالد", "05", "٥ مارس", ar)
    ));
    assert_eq!(lang, "ar");
    assert_eq!(got[0].0, "مشاركة من سلمى، ٤ مارس");
    assert_eq!(got[1], ("مشاركة من خالد، ٥ مارس".to_string(), "خالد · ٥ مارس".to_string()));
}

/// *Read: Math* off leaves a sentence's inline formulas out of what is said (issue 13): the
/// extension takes the text of the sentence's range outside the block's `math` elements
/// (`extension/content/speech-aids.js` `spoken`) and highlights the sentence as written. That
/// rests on what is checked here, on the hand-written KaTeX, MathJax 2/3 and MathML pages: every
/// inline formula is a `math` element of its paragraph's HTML whose text stands in the block's
/// text where the element stands, whole inside one sentence.
#[test]
fn inline_formulas_stand_whole_in_one_sentence() {
    use html5gum::{Token, Tokenizer};
    let mut formulas = 0;
    for page in ["math-katex", "math-mathjax", "math-mathml"] {
        let html = std::fs::read_to_string(format!(
            "{}/tests/golden/{page}/input.html",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap();
        let out = dana::extract(&html, &Options::default());
        for (i, b) in out
            .blocks
            .iter()
            .enumerate()
            .filter(|(_, b)| b.kind != dana::BlockKind::Math && b.html.contains("<math"))
        {
            // The UTF-16 ranges of the block's text that its `math` elements hold.
            let (mut text, mut depth, mut ranges) = (String::new(), 0, Vec::new());
            for t in Tokenizer::new(&b.html).flatten() {
                match t {
                    Token::StartTag(t) if t.name.as_slice() == b"math" => {
                        depth += 1;
                        ranges.push((text.encode_utf16().count(), 0));
                    }
                    Token::EndTag(t) if t.name.as_slice() == b"math" => {
                        depth -= 1;
                        ranges.last_mut().unwrap().1 = text.encode_utf16().count();
                    }
                    Token::String(s) => text.push_str(&String::from_utf8_lossy(&s)),
                    _ => {}
                }
            }
            assert_eq!(depth, 0, "{page}: a formula left open in {:?}", b.html);
            assert_eq!(text, b.text, "{page}: the block's text is its HTML's text");
            for &(start, end) in &ranges {
                assert!(start < end, "{page}: an empty formula in {:?}", b.html);
                let sentence = out
                    .sentences
                    .iter()
                    .filter(|s| s.block == i)
                    .find(|s| s.start <= start && end <= s.end);
                assert!(
                    sentence.is_some(),
                    "{page}: the formula at {start}..{end} of {:?} is cut by a sentence's end",
                    b.text
                );
                formulas += 1;
            }
        }
    }
    // KaTeX's four inline formulas, MathJax 2's two and 3's one, Wikipedia's two and a plain one.
    assert_eq!(formulas, 10);
}
