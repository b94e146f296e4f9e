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
    assert!(
        without.text.contains("Paragraph 1") && without.text.contains("Paragraph 5"),
        "{}",
        without.text
    );
    assert!(
        !without.text.contains("engineers found"),
        "the styled paragraph is below the axis without `article`"
    );
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
    let article = format!(
        "<article><h1>Town library opens a night reading room</h1>{}{}{}</article>",
        para(1),
        para(2),
        para(3)
    );
    for panel in [
        format!("<div id=consent hidden>{}</div>", boilerplate(12)),
        format!("<div class=overlay aria-hidden=\"true\">{}</div>", boilerplate(12)),
        format!("<div class=modal style=\"display: none;\">{}</div>", boilerplate(12)),
        format!("<div class=modal style=\"visibility:hidden\">{}</div>", boilerplate(12)),
        format!("<dialog id=rules>{}</dialog>", boilerplate(12)),
        // A consent manager's panel, shown by its stylesheet: its role says what it is.
        format!("<div class=\"qc-cmp2-container\"><div role=\"dialog\" aria-label=\"Privacy\">{}</div></div>", boilerplate(12)),
        format!("<div class=\"newsletter-popup\" aria-modal=\"true\">{}</div>", boilerplate(12)),
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
    let posts =
        |text: &str| (1..=4).filter(|n| text.contains(&format!("Post {n} goes on"))).count();
    assert!(posts(&without.text) < 4, "Algorithm 1 alone keeps one post's chain: {}", without.text);
    let with = extract(&html, &Options::default());
    assert_eq!(posts(&with.text), 4, "{}", with.text);
    assert!(
        with.text.contains("Since the last update") && with.text.contains("Marking this solved"),
        "{}",
        with.text
    );
}

/// Asserts that `text` holds the marker of each of `posts` posts.
fn assert_every_post(text: &str, posts: usize, marker: impl Fn(usize) -> String) {
    for n in 1..=posts {
        assert!(text.contains(&marker(n)), "{:?} missing: {text}", marker(n));
    }
}

/// A React forum (the markup of a styled-components thread): every post in its own
/// `<div style="display:contents">`, one post per wrapper, with generated class names; each
/// post's body is three plain `<div>`s deep.
#[test]
fn a_thread_whose_posts_each_have_a_wrapper_keeps_every_post() {
    let chrome: String = (0..24)
        .map(|i| format!("<div class=\"sc-jEUCxR dIWvnh\" data-slot=\"{i}\"></div>"))
        .collect();
    let post = |n: usize, text: &str| {
        format!(
            "<div style=\"display:contents\"><div class=\"sc-dYdCZC cUEmDw\"><div class=\"sc-fSnZTl cMUloo\"><div class=\"sc-jQbJRc kdFqjr\">Member {n}</div></div>\
             <div class=\"sc-tYqdw bgQbev\"><div><div><p>{text}</p><p>Reply {n} goes on with a second paragraph about what the job was like day to day.</p></div></div></div>{chrome}</div></div>"
        )
    };
    let html = format!(
        "<html><body><div id=\"__next\"><main><h1>Would you work in childcare?</h1>{}{}{}{}</main></div></body></html>",
        post(1, "We'd love to hear your thoughts on working in early years: what would make you consider it, and what would put you off?"),
        post(2, "I did consider it and worked for a while as a teaching assistant, but the unpaid training in my own time put me off."),
        post(3, "I loved it, as it is such an important time for a child, but the preparation spilled into my evenings and weekends."),
        post(4, "My wife works in early years and is on leave now; we have already talked about whether she will go back afterwards."),
    );
    assert_every_post(&extract(&html, &Options::default()).text, 4, |n| {
        format!("Reply {n} goes on")
    });
}

/// Invision Community puts a thread's posts inside its moderation form: a form around the
/// posts is not a sign-up form inside the article.
#[test]
fn posts_inside_a_moderation_form_are_kept() {
    let chrome: String = (0..24)
        .map(|i| format!("<div class=\"ipsReact ipsReact_reactions\" data-react=\"{i}\"></div>"))
        .collect();
    let post = |n: usize, text: &str| {
        format!(
            "<article class=\"cPost ipsBox ipsComment ipsComment_parent\"><aside class=\"ipsComment_author\">poster{n}</aside>\
             <div class=\"ipsComment_content\"><div class=\"ipsType_richText\" data-role=\"commentContent\"><p>{text}</p>\
             <p>Post {n} adds a second paragraph with the version and the steps that were tried.</p></div></div>{chrome}</article>"
        )
    };
    let html = format!(
        "<html><body><h1>New UI 2024</h1><div id=\"elPostFeed\"><form action=\"/topic/1/?do=multimodComment\" method=\"post\">{}{}{}</form></div>\
         <form action=\"/subscribe\"><p>Subscribe to the newsletter to hear about new releases first.</p></form></body></html>",
        post(1, "I don't like this new look; the previous interface was more functional and easier to read at a glance."),
        post(2, "The borders between sections are gone, so the note list and the editor run together on a wide screen."),
        post(3, "You can bring the borders back in the settings under appearance; it took me a while to find it too."),
    );
    let out = extract(&html, &Options::default());
    assert_every_post(&out.text, 3, |n| format!("Post {n} adds"));
    assert!(!out.text.contains("Subscribe"), "{}", out.text);
}

/// Sphinx and MkDocs write a page of documentation as bare `<section id>` siblings; code
/// examples between them are taller than Algorithm 1's gap.
#[test]
fn documentation_keeps_all_its_sections() {
    let code: String = (0..30)
        .map(|i| format!("<div class=\"highlight\"><pre><span class=\"n\">x{i}</span> <span class=\"o\">=</span> <span class=\"mi\">{i}</span></pre></div>"))
        .collect();
    let section = |id: &str, text: &str| {
        format!("<section id=\"{id}\"><h2>{id}</h2><p>{text}</p><p>The {id} section explains its function with an example.</p>{code}</section>")
    };
    let html = format!(
        "<html><body><div class=\"body\" role=\"main\"><section id=\"module\"><h1>itertools</h1>{}{}{}</section></div></body></html>",
        section("chain", "Make an iterator that returns elements from the first iterable until it is exhausted, then proceeds to the next iterable, until all of the iterables are exhausted."),
        section("compress", "Make an iterator that returns elements from data where the corresponding element in selectors is true."),
        section("islice", "Make an iterator that returns selected elements from the iterable, as a slice of a sequence would."),
    );
    let out = extract(&html, &Options::default());
    for id in ["chain", "compress", "islice"] {
        assert!(out.text.contains(&format!("The {id} section explains")), "{id}: {}", out.text);
    }
}

/// A page that is all links (a link aggregator's list) has no region above the axis under any
/// reading; the reader still gets its text rather than nothing.
#[test]
fn a_page_with_text_but_no_region_gives_its_text() {
    let rows: String = (0..30)
        .map(|i| format!("<tr class=\"athing\" id=\"4{i}\"><td class=\"title\"><span class=\"titleline\"><a href=\"https://example.com/a/very/long/path/to/story/{i}?utm_source=list\">Story {i}</a></span></td></tr>"))
        .collect();
    let html = format!("<html><body><table id=\"hnmain\">{rows}</table></body></html>");
    let off = extract(&html, &Options { fallback: false, ..Options::default() });
    assert!(off.text.is_empty(), "{}", off.text);
    let on = extract(&html, &Options::default());
    assert!(on.text.contains("Story 0") && on.text.contains("Story 29"), "{}", on.text);
    assert!(on.reason.is_none());
}

/// A post whose comments outweigh it: the comments win, and the post is the next candidate,
/// which `Options::candidate` returns.
#[test]
fn the_runner_up_candidate_is_listed_and_returned_on_request() {
    let widgets: String = (0..30).map(|i| format!("<div class=\"widget widget_{i}\" data-widget-id=\"{i}\"><span class=\"w\"></span></div>")).collect();
    let comment = |n: usize| {
        format!("<li class=\"comment\"><p>Comment {n} says at length that the novel and the film disagree about nearly everything, and that both are worth it.</p></li>")
    };
    let html = format!(
        "<html><body><article class=\"post\"><h1>Starship Troopers</h1>{}{}</article>{widgets}<ol class=\"comments\">{}</ol></body></html>",
        para(1),
        para(2),
        (1..=12).map(comment).collect::<String>()
    );
    let first = extract(&html, &Options::default());
    assert!(
        first.text.contains("Comment 1 says") && !first.text.contains("Paragraph 1"),
        "{}",
        first.text
    );
    assert!(first.candidates.len() >= 2, "{:?}", first.candidates);
    assert!(first.candidates[0].words.starts_with("Comment 1 says"), "{:?}", first.candidates[0]);
    assert!(first.candidates[1].words.contains("Paragraph 1"), "{:?}", first.candidates[1]);
    assert!(first.candidates[0].chars > first.candidates[1].chars);

    let next = extract(&html, &Options { candidate: 1, ..Options::default() });
    assert!(
        next.text.contains("Paragraph 1")
            && next.text.contains("Paragraph 2")
            && !next.text.contains("Comment 1"),
        "{}",
        next.text
    );
    assert_eq!(next.candidates, first.candidates, "the list does not depend on which one is shown");

    let beyond =
        extract(&html, &Options { candidate: first.candidates.len(), ..Options::default() });
    assert!(beyond.text.is_empty());
    assert!(beyond.reason.as_deref().unwrap_or("").contains("no candidate"), "{:?}", beyond.reason);
}
