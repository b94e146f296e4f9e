//! Readers' comments under an article are not the article (issue 32): they are left out of its
//! text, blocks and sentences and carried apart in `Extraction::comments`, with their count;
//! `Options::with_comments` keeps them in the text; a thread's posts are the article, not
//! comments. Checked on the hand-written golden pages (`tests/golden/`).

use dana::{extract, Extraction, Options};

fn golden(name: &str, options: &Options) -> Extraction {
    let path = format!("{}/tests/golden/{name}/input.html", env!("CARGO_MANIFEST_DIR"));
    let html = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    extract(&html, options)
}

/// A reader's comment on the harbour story (`comments-news`), and a sentence of the story.
const COMMENT: &str = "The harbour wall has needed this work for as long as I can remember";
const STORY: &str = "Repairs to the eastern arm of the harbour wall will start next spring";

#[test]
fn comments_under_a_news_story_are_carried_apart() {
    let ex = golden("comments-news", &Options::default());
    assert!(ex.text.contains(STORY));
    assert!(!ex.text.contains(COMMENT), "the comments are not the story's text");
    assert!(ex.sentences.iter().all(|s| !s.text.contains("harbourwatcher")), "nor read aloud");
    assert_eq!(ex.comments.count, 30);
    assert!(ex.comments.text.contains(COMMENT));
    assert!(ex.comments.text.contains("Ruth O."), "each comment with its author");
    assert!(ex.comments.html.contains(COMMENT) && !ex.comments.html.contains(STORY));
    assert_eq!(ex.chrome.comments, "Comments (30)");
}

#[test]
fn with_comments_they_stay_in_the_text() {
    let ex = golden("comments-news", &Options { with_comments: true, ..Options::default() });
    assert!(ex.text.contains(STORY) && ex.text.contains(COMMENT));
    assert!(ex.text.find(STORY) < ex.text.find(COMMENT), "after the story, as the page has them");
    assert_eq!(ex.comments.count, 0);
    assert!(ex.comments.text.is_empty() && ex.chrome.comments.is_empty());
}

#[test]
fn comments_are_counted_once_each_replies_included() {
    // WordPress writes each comment's key twice (`li#comment-N` around `article#div-comment-N`)
    // and nests the replies: six comments, two of them replies.
    assert_eq!(golden("comments-wordpress", &Options::default()).comments.count, 6);
    // A blog host's comments known only by their anchors (`<a name="comment-N">`).
    assert_eq!(golden("blog-comment-box", &Options::default()).comments.count, 12);
    // A comment widget's box that holds a heading alone has no comments to show.
    let widgets = golden("comments-widgets", &Options::default());
    assert_eq!((widgets.comments.count, widgets.comments.text.as_str()), (0, ""));
}

#[test]
fn a_comments_section_without_a_comment_offers_none() {
    // A comments section holding the site's rules for commenting and a form, and no comment:
    // the rules are neither the story nor comments to offer under "Comments (N)".
    for (page, rule) in [
        ("arabic-news-edges", "تخضع التعليقات للمراجعة قبل نشرها"),
        ("pashto-news-edges", "تبصرې د خپرېدو مخکې کتل کېږي"),
    ] {
        let ex = golden(page, &Options::default());
        assert!(!ex.text.contains(rule), "{page}: the rules are not the story");
        assert_eq!((ex.comments.count, ex.chrome.comments.as_str()), (0, ""), "{page}");
        assert!(ex.comments.text.is_empty(), "{page}");
    }
}

#[test]
fn a_threads_posts_are_its_article_not_comments() {
    for page in ["forum-thread", "discourse-thread", "qa-stackexchange", "thread-github"] {
        let ex = golden(page, &Options::default());
        assert_eq!(ex.comments.count, 0, "{page}");
        assert!(!ex.text.is_empty(), "{page}");
    }
}

#[test]
fn without_comments_apart_nothing_is_carried_apart() {
    let options = Options { comments_apart: false, ..Options::default() };
    let ex = golden("comments-news", &options);
    assert!(ex.text.contains(COMMENT), "the thesis keeps them in the chosen text");
    assert_eq!(ex.comments.count, 0);
    assert_eq!(
        golden("comments-news", &Options::thesis(Options::default().algorithm)).comments.count,
        0
    );
}
