//! Pages as today's page builders write them (issue 12): what `Options::article` and the
//! preprocessing's visibility rules must do with them, through `dana::extract`.

use dana::{extract, Options};

fn para(n: usize) -> String {
    format!("<p>Paragraph {n} of the story goes on for a while, long enough that on its own line it has far more text than markup.</p>")
}

/// A paragraph as a block editor writes a styled group: wrappers and classes outweigh it.
fn styled(text: &str) -> String {
    format!(
        "<div class=\"wp-block-group alignfull has-pale-cyan-blue-background-color has-background is-layout-constrained wp-block-group-is-layout-constrained\" data-block-id=\"c7f3e1a2-9b1d-4f0e-8a55-3b2f6d1c9e47\">\
         <div class=\"wp-block-group__inner-container is-layout-flow wp-block-group-is-layout-flow\">\
         <p class=\"has-text-align-center has-large-font-size has-contrast-color has-text-color has-link-color wp-elements-1a2b3c\">{text}</p></div></div>"
    )
}

fn page_builder_article() -> String {
    format!(
        "<html><head><title>How the bridge was rebuilt</title></head><body>\
         <header><a href=/>Home</a> <a href=/news>News</a></header>\
         <main><article class=\"post\"><h1>How the bridge was rebuilt</h1><div class=\"entry-content\">\
         {}{}{}{}{}{}\
         <div class=\"share\"><p>Share</p><p><a href=/s/fb>Facebook</a> <a href=/s/x>X</a> <a href=/s/mail>Email</a></p></div>\
         <form class=\"newsletter mt-8 flex flex-col gap-2 rounded-lg border p-4\" action=\"https://lists.example/subscribe\">\
         <p class=\"text-sm font-medium text-gray-700 dark:text-gray-300\">Get the weekly newsletter in your inbox every Friday morning</p>\
         <input class=\"w-full rounded border px-3 py-2\" type=email name=email></form>\
         <ul class=\"related\"><li><a href=/a>Another story about bridges and the people who build them</a></li>\
         <li><a href=/b>A third story that is only a link to somewhere else on the site</a></li></ul>\
         </div></article></main></body></html>",
        para(1),
        para(2),
        styled("The styled pull paragraph says what the engineers found when they opened the old piers."),
        para(3),
        para(4),
        para(5),
    )
}

#[test]
fn the_article_element_brings_back_a_paragraph_its_markup_pushed_below_the_axis() {
    let html = page_builder_article();
    let without = extract(&html, &Options { article: false, ..Options::default() });
    assert!(without.text.contains("Paragraph 1") && without.text.contains("Paragraph 5"), "{}", without.text);
    assert!(!without.text.contains("engineers found"), "the styled paragraph is below the axis without `article`");
    let with = extract(&html, &Options::default());
    assert!(with.text.contains("engineers found"), "{}", with.text);
    for n in 1..=5 {
        assert!(with.text.contains(&format!("Paragraph {n}")), "{}", with.text);
    }
    // Inside the article element, but not article: a share box (a label and links), a form,
    // a list of links. None of them rises above the axis by itself.
    assert!(!without.text.contains("newsletter"));
    for boilerplate in ["Share", "Facebook", "newsletter", "Another story", "Home"] {
        assert!(!with.text.contains(boilerplate), "{boilerplate:?} in {}", with.text);
    }
}

#[test]
fn the_thesis_options_leave_the_article_refinement_off() {
    let html = page_builder_article();
    let thesis = dana::Options::thesis(dana::Algorithm::Addanag);
    assert!(!thesis.article && !thesis.fallback);
    assert!(!extract(&html, &thesis).text.contains("engineers found"));
}

/// What the page declares not shown is not content, however much text it holds: the
/// extension's capture marks computed-hidden elements with `hidden`, so honouring the
/// attribute is the engine's whole contract with it; on raw HTML, `aria-hidden`, inline
/// styles and dialogs are what can be known without the stylesheets.
#[test]
fn declared_hidden_panels_never_win_over_the_article() {
    let boilerplate = |n: usize| {
        (0..n)
            .map(|i| format!("<p>Cookie preference number {i}: we and our partners store and access information on your device for these purposes.</p>"))
            .collect::<String>()
    };
    let article = format!("<article><h1>Town library opens a night reading room</h1>{}{}{}</article>", para(1), para(2), para(3));
    for panel in [
        format!("<div id=consent hidden>{}</div>", boilerplate(12)),
        format!("<div class=overlay aria-hidden=\"true\">{}</div>", boilerplate(12)),
        format!("<div class=modal style=\"display: none;\">{}</div>", boilerplate(12)),
        format!("<div class=modal style=\"visibility:hidden\">{}</div>", boilerplate(12)),
        format!("<dialog id=rules>{}</dialog>", boilerplate(12)),
    ] {
        let html = format!("<html><body>{panel}{article}</body></html>");
        let out = extract(&html, &Options::default());
        assert!(out.text.contains("Paragraph 1") && out.text.contains("Paragraph 3"), "{panel:.40}: {}", out.text);
        assert!(!out.text.contains("Cookie preference"), "{panel:.40}: {}", out.text);
    }
}

/// A thread as forum software writes it: each post its own element of one class, between them
/// author cards and reaction bars taller than Algorithm 1's gap.
fn forum_thread() -> String {
    let chrome: String = (0..24)
        .map(|i| format!("<div class=\"reaction-bar flex items-center gap-1 text-xs text-muted\" data-reaction=\"{i}\" data-post-action=\"react\"></div>"))
        .collect();
    let post = |n: usize, author: &str, words: &str| {
        format!(
            "<article class=\"message message--post\" data-author=\"{author}\"><div class=\"message-userDetails\"><a href=\"/members/{author}\">{author}</a></div>\
             <div class=\"message-body\"><p>{words}</p><p>Post {n} goes on with a second paragraph that adds the details of what was tried and what happened.</p></div>\
             {chrome}</article>"
        )
    };
    format!(
        "<html><head><title>Laptop fan runs all the time</title></head><body><main><h1>Laptop fan runs all the time</h1><div class=\"block-body\">{}{}{}{}</div></main></body></html>",
        post(1, "ana", "Since the last update the fan of my laptop runs all the time, even when it is idle on the desktop."),
        post(2, "bo", "Check the task manager for a process that keeps a core busy; the indexer does that for a day after updates."),
        post(3, "cy", "Mine did the same and a firmware update from the maker's site fixed it, so look there before anything else."),
        post(4, "ana", "Thanks, it was the indexer: after a night it finished and the fan is quiet again. Marking this solved."),
    )
}

#[test]
fn a_thread_keeps_every_post() {
    let html = forum_thread();
    let without = extract(&html, &Options { article: false, ..Options::default() });
    let posts = |text: &str| (1..=4).filter(|n| text.contains(&format!("Post {n} goes on"))).count();
    assert!(posts(&without.text) < 4, "Algorithm 1 alone keeps one post's chain: {}", without.text);
    let with = extract(&html, &Options::default());
    assert_eq!(posts(&with.text), 4, "{}", with.text);
    assert!(with.text.contains("Since the last update") && with.text.contains("Marking this solved"), "{}", with.text);
}
