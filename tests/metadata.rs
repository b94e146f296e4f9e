//! What `extract` reports above the article (issue 14): byline, dates, site name, lead image,
//! the blocks the header repeats, `readerable` and the chrome words, on small pages written in
//! the markup real sites produce (Yoast JSON-LD graphs, WordPress bylines, `<time>`, Persian
//! pages with Solar Hijri dates).

use dana::{extract, Options};

fn para(i: usize) -> String {
    format!("<p>Paragraph {i} of the story tells what happened at the harbour during the storm, who was there, what the ferry crews did and how the town will pay.</p>")
}

fn paras(n: usize) -> String {
    (1..=n).map(para).collect()
}

fn with_url(url: &str) -> Options {
    Options { url: Some(url.to_string()), ..Options::default() }
}

/// A Yoast-style graph: WebPage, Article with an author reference, Person, Organization.
const YOAST: &str = r#"<script type="application/ld+json" class="yoast-schema-graph">{"@context":"https://schema.org","@graph":[
 {"@type":"Article","@id":"https://coast.example/storm/#article","headline":"Storm closes the harbour &amp; the ferry","datePublished":"2025-06-03T08:15:00+01:00","dateModified":"2025-06-04T10:00:00+01:00",
  "author":{"name":"Jane Doe","@id":"https://coast.example/#/schema/person/1"},"publisher":{"@id":"https://coast.example/#organization"}},
 {"@type":"WebPage","@id":"https://coast.example/storm/","name":"Storm closes the harbour &amp; the ferry - Coast Times"},
 {"@type":"Organization","@id":"https://coast.example/#organization","name":"Coast Times","logo":{"@type":"ImageObject","url":"https://coast.example/logo.png"}},
 {"@type":"Person","@id":"https://coast.example/#/schema/person/1","name":"Jane Doe"}]}</script>"#;

#[test]
fn a_yoast_graph_gives_names_dates_with_their_offset_and_the_publisher() {
    let html = format!(
        "<html><head><title>Storm closes the harbour &amp; the ferry - Coast Times</title>{YOAST}</head><body>\
         <article><h1>Storm closes the harbour &amp; the ferry</h1>{}</article></body></html>",
        paras(5)
    );
    let out = extract(&html, &with_url("https://www.coast.example/storm/"));
    assert_eq!(out.title, "Storm closes the harbour & the ferry");
    assert_eq!(out.byline.as_deref(), Some("Jane Doe"));
    // The page's offset is kept: 08:15 in UTC+1 is still 3 June where the page was published.
    assert_eq!(out.published.as_deref(), Some("2025-06-03T08:15:00+01:00"));
    assert_eq!(out.modified.as_deref(), Some("2025-06-04T10:00:00+01:00"));
    assert_eq!(out.site_name.as_deref(), Some("Coast Times"));
    // The logo is not a lead image.
    assert_eq!(out.lead_image, None);
    assert_eq!(out.header_blocks, vec![0], "the h1 repeats the headline");
}

#[test]
fn a_wordpress_byline_line_gives_the_names_and_the_day_and_leaves_the_body() {
    let html = format!(
        "<html><head><title>Storm closes the harbour | Coast Times</title></head><body><main>\
         <h1 class=\"entry-title\">Storm closes the harbour</h1>\
         <div class=\"entry-meta\"><span class=\"byline\">By <span class=\"author vcard\"><a class=\"url fn n\" href=\"/author/jane-doe/\">Jane Doe</a></span></span> | June 3, 2025</div>\
         {}</main></body></html>",
        paras(6)
    );
    let out = extract(&html, &Options::default());
    assert_eq!(out.byline.as_deref(), Some("Jane Doe"));
    assert_eq!(
        out.published.as_deref(),
        Some("2025-06-03"),
        "a day without a time stays a calendar day"
    );
    let byline_block = out
        .blocks
        .iter()
        .position(|b| b.text.contains("Jane Doe"))
        .expect("the byline line is a block");
    assert!(
        out.header_blocks.contains(&byline_block),
        "{:?} {:?}",
        out.header_blocks,
        out.blocks[byline_block].text
    );
    assert!(out.header_blocks.contains(&0), "the headline block");
}

#[test]
fn rel_author_and_time_datetime_are_read_when_nothing_is_declared() {
    let html = format!(
        "<html><head><title>Notes on tides</title></head><body><article><h1>Notes on tides</h1>\
         <p class=\"meta\">Posted on <time datetime=\"2024-12-27\" class=\"entry-date published\">27 December</time> by <a rel=\"author\" href=\"/u/ann\">Ann Smith</a></p>{}</article></body></html>",
        paras(5)
    );
    let out = extract(&html, &Options::default());
    assert_eq!(out.byline.as_deref(), Some("Ann Smith"));
    assert_eq!(out.published.as_deref(), Some("2024-12-27"));
}

#[test]
fn slugs_numbers_and_placeholders_are_no_bylines() {
    for junk in [
        "brandon-peaktwo",
        "mdelatorreq6vkpg2ma0ci",
        "undefined",
        "262588213843476",
        "https://x.example/me",
    ] {
        let html = format!("<html><head><meta name=\"author\" content=\"{junk}\"><title>T</title></head><body><h1>T</h1>{}</body></html>", paras(3));
        assert_eq!(extract(&html, &Options::default()).byline, None, "{junk}");
    }
}

#[test]
fn a_persian_page_dated_in_the_solar_hijri_calendar() {
    let body = "<p>امروز در تهران باران بارید و هوای شهر پاکیزه شد. مردم در خیابان‌ها قدم زدند و از هوای تازه لذت بردند و کودکان در پارک‌ها بازی کردند.</p>".repeat(6);
    let html = format!(
        "<html lang=\"fa\" dir=\"rtl\"><head><title>باران در تهران - خبرگزاری</title></head><body>\
         <h1>باران در تهران</h1><div class=\"date\">سه‌شنبه ۵ دی ۱۴۰۳ - ۱۰:۳۰</div>{body}</body></html>"
    );
    let out = extract(&html, &Options::default());
    assert_eq!(out.title, "باران در تهران");
    // 5 Dey 1403 is 25 December 2024.
    assert_eq!(out.published.as_deref(), Some("2024-12-25"));
    assert_eq!(out.chrome.lang, "fa");
    assert!(
        out.chrome.reading_time.ends_with("دقیقه مطالعه")
            && out.chrome.reading_time.chars().next().is_some_and(|c| ('۰'..='۹').contains(&c)),
        "{}",
        out.chrome.reading_time
    );
}

#[test]
fn the_chrome_speaks_the_articles_language_or_english() {
    let arabic = "<p>هذه فقرة طويلة مكتوبة باللغة العربية عن المطر في المدينة وعن الناس الذين خرجوا إلى الشوارع بعد العاصفة الكبيرة.</p>".repeat(8);
    let out = extract(
        &format!("<html lang=ar><title>المطر</title><h1>المطر</h1>{arabic}"),
        &Options::default(),
    );
    assert_eq!(out.chrome.lang, "ar");
    assert!(out.chrome.reading_time.starts_with("وقت القراءة: ٢"), "{}", out.chrome.reading_time);
    let out = extract(&format!("<html lang=de><title>Regen</title><h1>Regen</h1>{}", "<p>Der Regen fiel den ganzen Tag über der Stadt, und die Menschen blieben in ihren Häusern und warteten.</p>".repeat(5)), &Options::default());
    assert_eq!(
        (out.chrome.lang.as_str(), out.chrome.show_anyway.as_str()),
        ("en", "Show it anyway")
    );
}

#[test]
fn site_names_are_never_slugs_generic_words_or_the_headline() {
    let page = |site: &str| {
        format!("<html><head><title>Tide tables</title><meta property=og:site_name content=\"{site}\"></head><body><h1>Tide tables</h1>{}</body></html>", paras(3))
    };
    for bad in ["coast-times", "Blog", "Tide tables"] {
        assert_eq!(
            extract(&page(bad), &with_url("https://www.coast.example/a")).site_name.as_deref(),
            Some("coast.example"),
            "{bad}"
        );
    }
    assert_eq!(
        extract(&page("Coast Times"), &Options::default()).site_name.as_deref(),
        Some("Coast Times")
    );
}

#[test]
fn an_internationalised_host_still_names_the_site_and_resolves_the_lead_image() {
    // The wasm's URL parser has no IDNA tables (`src/idn.rs`): the host is put into ASCII first.
    let page = format!("<html><head><title>Tides</title><meta property=og:image content=\"/img/tides.jpg\"></head><body><h1>Tides</h1>{}</body></html>", paras(3));
    let out = extract(&page, &with_url("https://www.مثال.إختبار/a"));
    assert_eq!(out.site_name.as_deref(), Some("xn--mgbh0fb.xn--kgbechtv"));
    assert_eq!(
        out.lead_image.as_deref(),
        Some("https://www.xn--mgbh0fb.xn--kgbechtv/img/tides.jpg")
    );
}

#[test]
fn the_lead_image_is_the_declared_one_or_the_articles_never_a_logo() {
    let article = format!("<article><h1>Tides</h1><figure><img src=\"/photos/harbour.jpg\" alt=\"The harbour\"><figcaption>The harbour at noon.</figcaption></figure>{}</article>", paras(4));
    let out = extract(&format!("<html><head><title>Tides</title><meta property=og:image content=\"/img/site-logo.png\"></head><body>{article}</body></html>"), &with_url("https://coast.example/t"));
    assert_eq!(out.lead_image.as_deref(), Some("https://coast.example/photos/harbour.jpg"));
    let out = extract(&format!("<html><head><title>Tides</title><meta property=og:image content=\"/img/tides-1200.jpg\"></head><body>{article}</body></html>"), &with_url("https://coast.example/t"));
    assert_eq!(out.lead_image.as_deref(), Some("https://coast.example/img/tides-1200.jpg"));
}

#[test]
fn readerable_is_high_for_an_article_and_low_for_a_product() {
    let article = extract(
        &format!("<html><head><title>Storm</title><meta property=og:type content=article></head><body><nav><a href=/>Home</a></nav><article><h1>Storm</h1>{}</article></body></html>", paras(8)),
        &Options::default(),
    );
    let product = extract(
        "<html><head><title>Trail Shoe 2</title><script type=\"application/ld+json\">{\"@type\":\"Product\",\"name\":\"Trail Shoe 2\"}</script></head>\
         <body><h1>Trail Shoe 2</h1><p>$120</p><ul><li>Size 8</li><li>Size 9</li></ul><p>Great shoe, very comfortable on long runs and it drains well.</p></body></html>",
        &Options::default(),
    );
    assert!((0.0..=1.0).contains(&article.readerable) && (0.0..=1.0).contains(&product.readerable));
    assert!(article.readerable > 0.6, "{}", article.readerable);
    assert!(product.readerable < 0.2, "{}", product.readerable);
}

#[test]
fn thesis_options_keep_titlefinders_headline() {
    // The body's h1 is a section name; the page declares the headline.
    let html = format!(
        "<html><head><title>I tried a strength machine for a month | Fitness | Daily Times</title>\
         <meta property=og:title content=\"I tried a strength machine for a month\"></head><body>\
         <div class=crumbs><a href=/fitness>Fitness</a></div><h1>Fitness</h1><h2>A month of training</h2>{}</body></html>",
        paras(5)
    );
    let out = extract(&html, &Options::default());
    assert_eq!(
        (out.title.as_str(), out.title_rule.as_str()),
        ("I tried a strength machine for a month", "og:title")
    );
    let thesis = extract(&html, &Options::thesis(dana::Algorithm::Addanag));
    assert_eq!(thesis.title_rule, "titlefinder", "--thesis: TitleFinder alone");
    assert_eq!(
        thesis.title, "A month of training",
        "the fragment most like the <title>, as chapter 5 scores it"
    );
}

/// The byline of a page whose only byline is `header` (inside the article, above its text).
fn byline_of(head: &str, header: &str) -> Option<String> {
    let html = format!("<html><head><title>Notes on tides</title>{head}</head><body><article><h1>Notes on tides</h1>{header}{}</article></body></html>", paras(5));
    extract(&html, &Options::default()).byline
}

#[test]
fn a_forum_posts_author_in_the_json_ld_main_entity() {
    // Discourse and XenForo describe the thread as the page's `mainEntity`.
    let ld = r#"<script type="application/ld+json">{"@context":"http://schema.org","@type":"QAPage","name":"Tide gauge drifts",
        "mainEntity":{"@type":"Question","name":"Tide gauge drifts","datePublished":"2024-11-08T19:33:12.173Z",
        "author":{"@type":"Person","name":"harbourmaster","url":"https://forum.example/u/harbourmaster"},
        "acceptedAnswer":{"@type":"Answer","author":{"@type":"Person","name":"someone_else"}}}}</script>"#;
    assert_eq!(byline_of(ld, "").as_deref(), Some("harbourmaster"));
}

#[test]
fn microdata_names_the_author_in_a_meta_inside_it() {
    // NodeBB: the author's name is only in a <meta itemprop=name>.
    let header = "<div itemprop=\"author\" itemscope itemtype=\"https://schema.org/Person\"><meta itemprop=\"name\" content=\"julia\"><meta itemprop=\"url\" content=\"/user/julia\"></div>";
    assert_eq!(byline_of("", header).as_deref(), Some("julia"));
}

#[test]
fn a_link_to_an_authors_page_is_a_byline() {
    // Ghost, WordPress themes without author classes, XenForo's "thread starter".
    let header = "<div class=\"post-meta\"><span>By</span> <a href=\"/author/jane-doe/\">Jane Doe</a> · <span>5 min read</span></div>";
    assert_eq!(byline_of("", header).as_deref(), Some("Jane Doe"));
    let header = "<ul class=\"listInline\"><li><span class=\"u-srOnly\">Thread starter</span> <a href=\"/members/tidewatch.4242/\" class=\"username u-concealed\">tidewatch</a></li></ul>";
    assert_eq!(byline_of("", header).as_deref(), Some("tidewatch"));
    // A handle's @ is not part of it.
    assert_eq!(
        byline_of("", "<p><a href=\"https://forum.example/u/tidewatch\">@tidewatch</a></p>")
            .as_deref(),
        Some("tidewatch")
    );
    // Logging in and the member list are the site's pages, not a person's.
    for nav in [
        "<a href=\"/user/login\">Sign In</a>",
        "<a href=\"/user/memberlist\">Member List</a>",
        "<a href=\"/author/feed\">Authors Feed</a>",
    ] {
        assert_eq!(
            byline_of("", &format!("<nav>{nav}</nav><div class=\"menu\">{nav}</div>")),
            None,
            "{nav}"
        );
    }
}

#[test]
fn an_author_linked_from_the_menu_above_the_headline_is_someone_elses() {
    let html = format!(
        "<html><head><title>Notes on tides</title></head><body><div class=\"menu\"><ul><li><a href=\"/blogs/author/ann-editor/\">Ann Editor</a></li></ul></div>{}\
         <article><h1>Notes on tides</h1><p class=\"meta\"><a href=\"/blogs/author/jane-doe/\">Jane Doe</a></p>{}</article></body></html>",
        "<div class=\"x\"><p>Section</p></div>".repeat(14),
        paras(5)
    );
    assert_eq!(extract(&html, &Options::default()).byline.as_deref(), Some("Jane Doe"));
}

#[test]
fn an_author_box_gives_the_name_not_the_role_or_the_bio() {
    let header = "<div class=\"blog_author-text\"><div class=\"name\">Lauren Vetter</div><div class=\"role\">Growth Marketing Lead, Tidewater</div>\
                  <p>Lauren writes about harbours, tides and the people who work on them, and has done so for ten years.</p></div>";
    assert_eq!(byline_of("", header).as_deref(), Some("Lauren Vetter"));
    // The lead on a line of its own, the names on the next.
    let header = "<div class=\"post-author-card\"><div class=\"small\">Written by</div><div class=\"big\">Jack Shepherd</div></div>";
    assert_eq!(byline_of("", header).as_deref(), Some("Jack Shepherd"));
}

#[test]
fn a_forums_poster_by_its_username_class() {
    // phpBB: the first post's author is `a.username`; the menu's user box comes before no
    // article markup here, so the poster is the first user name.
    let header = "<div class=\"postprofile\"><dt><a href=\"./memberlist.php?mode=viewprofile&amp;u=42\" class=\"username\">b.tide</a></dt></div>";
    assert_eq!(byline_of("", header).as_deref(), Some("b.tide"));
    // An article's byline class comes before a user name in the site's menu.
    let header = "<div id=\"nav-user\"><span class=\"username\">Username</span></div><p class=\"author-line\">Erin Sand</p>";
    assert_eq!(byline_of("", header).as_deref(), Some("Erin Sand"));
}

#[test]
fn a_byline_written_as_text_near_the_headline() {
    for (line, names) in [
        ("<div class=\"meta\"><span class=\"label\">Author:</span> <a href=\"/person/nina-park/\">Nina Park</a></div>", "Nina Park"),
        ("<p class=\"inline-list\"><span>By <a href=\"/producers/sofia-g\">Sofia Gomez</a></span> <span>December 12, 2025</span></p>", "Sofia Gomez"),
        ("<div class=\"stamp\">Text by <a href=\"/c/hd\">Hunter Dale</a></div>", "Hunter Dale"),
    ] {
        assert_eq!(byline_of("", line).as_deref(), Some(names), "{line}");
    }
    // "By" that opens a sentence is no byline.
    assert_eq!(byline_of("", "<p>By the harbour the tide turns.</p>"), None);
}

#[test]
fn co_authors_linked_after_the_declared_first_author_are_named() {
    // JSON-LD names the first author only; the byline links all four to their pages.
    let ld = r#"<script type="application/ld+json">{"@type":"Article","headline":"Notes on tides","author":{"@type":"Person","name":"Rui Ma"}}</script>"#;
    let link = |slug: &str, name: &str| {
        format!("<a href=\"https://tides.example/report/author/{slug}/\" class=\"weight-semi\">{name}</a>")
    };
    let header = format!(
        "<div class=\"meta\">{}<span>, </span> {}<span>, </span> {}<span> &amp;</span> {}</div>",
        link("ruima", "Rui Ma"),
        link("heba", "Heba Ledwon"),
        link("manoel", "Manoel Cortes Mendez"),
        link("suparn", "Suparn Patra")
    );
    assert_eq!(
        byline_of(ld, &header).as_deref(),
        Some("Rui Ma, Heba Ledwon, Manoel Cortes Mendez & Suparn Patra")
    );
    // "and" between two links, with nothing declared.
    let header =
        format!("<p>By {} and {}</p>", link("jn", "Jared Newman"), link("ss", "Sam Singleton"));
    assert_eq!(byline_of("", &header).as_deref(), Some("Jared Newman and Sam Singleton"));
    // Words other than a separator end the byline: the next link is someone else's.
    let header = format!(
        "<p>By {} with photographs from {}</p>",
        link("jn", "Jared Newman"),
        link("ss", "Sam Singleton")
    );
    assert_eq!(byline_of("", &header).as_deref(), Some("Jared Newman"));
    // The declared author stays when the body's byline is not theirs and more.
    let header = format!("<p>{}, {}</p>", link("heba", "Heba Ledwon"), link("ss", "Sam Singleton"));
    assert_eq!(byline_of(ld, &header).as_deref(), Some("Rui Ma"));
}

#[test]
fn a_date_and_author_line_and_a_member_page_by_its_query() {
    // The date and the author in one element whose class says both (the Rust blog), and the
    // group the author writes for after "on behalf of".
    let header = "<div class=\"publish-date-author\">Dec. 19, 2025 &middot; Niko Matsakis\n on behalf of <a href=\"/governance/teams/vision\">Vision Doc group</a></div>";
    assert_eq!(byline_of("", header).as_deref(), Some("Niko Matsakis"));
    // A member's page named by its query: Hacker News, vBulletin, FluxBB.
    for href in ["user?id=tidewatch", "member.php?u=42", "https://forum.example/profile.php?id=42"]
    {
        let header =
            format!("<span class=\"subline\">89 points by <a href=\"{href}\">tidewatch</a></span>");
        assert_eq!(byline_of("", &header).as_deref(), Some("tidewatch"), "{href}");
    }
    // Not a member: a search or a listing by its query.
    assert_eq!(byline_of("", "<p><a href=\"search.php?id=42\">tidewatch</a></p>"), None);
}

#[test]
fn written_by_in_an_author_box_after_the_article() {
    // Bricks and Elementor themes put the author box after the article, far from the headline.
    let page = |after: &str| {
        format!(
            "<html><head><title>Why cheap repairs cost more</title></head><body><article><h1>Why cheap repairs cost more</h1>{}</article>\
             <div class=\"brxe-block\"><img src=\"/john-bio.jpg\" alt=\"\"><div class=\"brxe-block\"><p class=\"brxe-text-basic\">{after}</p></div></div></body></html>",
            paras(30)
        )
    };
    assert_eq!(
        extract(&page("Written by John Crenshaw"), &Options::default()).byline.as_deref(),
        Some("John Crenshaw")
    );
    // A comment's "Posted by" or a photo's "By" that far away is someone else's.
    assert_eq!(extract(&page("Posted by John Crenshaw"), &Options::default()).byline, None);
    assert_eq!(
        extract(
            &page("Written by the harbour, where the tide turns twice a day"),
            &Options::default()
        )
        .byline,
        None
    );
}

#[test]
fn names_end_before_a_date_or_a_link_written_after_them() {
    let header = "<div class=\"blog-post__author\">By: <a href=\"/blog/who/flow-team\">FlowGuard Team</a> on 04-ago-2021 5:11:10</div>";
    assert_eq!(byline_of("", header).as_deref(), Some("FlowGuard Team"));
    assert_eq!(
        byline_of("<meta name=author content=\"Bradley Kuhn (http://bk.example/)\">", "")
            .as_deref(),
        Some("Bradley Kuhn")
    );
    assert_eq!(
        byline_of("", "<p class=\"byline\">By Joe Weed Monday, June 3, 2014</p>").as_deref(),
        Some("Joe Weed")
    );
    assert_eq!(
        byline_of("<meta name=author content=\"&quot;David Kim&quot;\">", "").as_deref(),
        Some("David Kim")
    );
    // Roles labelled with colons are credits, not a byline.
    assert_eq!(
        byline_of("<meta name=author content=\"content: Tide Desk, design: Sam Lee\">", ""),
        None
    );
}

#[test]
fn a_date_declared_in_utc_is_given_in_the_offset_the_page_shows() {
    // WordPress writes UTC into article:published_time and the local time into <time>: 03:05 UTC
    // on the 19th is 19:05 on the 18th in Los Angeles, the day the page shows.
    let html = format!(
        "<html><head><title>Notes on tides</title><meta property=\"article:published_time\" content=\"2025-12-19T03:05:00+00:00\"></head><body>\
         <article><h1>Notes on tides</h1><p class=\"meta\"><time datetime=\"2025-12-18T19:05:00-08:00\">December 18, 2025</time></p>{}</article></body></html>",
        paras(5)
    );
    assert_eq!(
        extract(&html, &Options::default()).published.as_deref(),
        Some("2025-12-18T19:05:00-08:00")
    );
    // Another moment (a comment's time) leaves the declared date as it is. (Were the day it
    // shows one off the declared one, the shown day would be given: see the test below.)
    let html = html.replace(
        "2025-12-18T19:05:00-08:00\">December 18",
        "2025-12-19T21:46:01-05:00\">December 19",
    );
    assert_eq!(
        extract(&html, &Options::default()).published.as_deref(),
        Some("2025-12-19T03:05:00Z")
    );
}

#[test]
fn a_date_far_from_the_headline_is_read_after_its_label() {
    // A dateline column ("Published" on its line, the day on the next) after a long
    // introduction, and a government page's "Last updated" at its foot (outside its
    // `<footer>`, which preprocessing drops) with no headline in the body: both farther from
    // any headline than the short-lines search reaches.
    let intro = paras(30);
    let dateline = format!(
        "<html><head><title>Notes on tides</title></head><body><article><h1>Notes on tides</h1>{intro}\
         <div class=\"dateline\"><p class=\"label\">Published</p><p class=\"date\">Feb 2, 2023</p></div></article></body></html>"
    );
    assert_eq!(extract(&dateline, &Options::default()).published.as_deref(), Some("2023-02-02"));
    let footer = format!(
        "<html><head><title>Webcams - Harbour Park</title></head><body><main>{intro}</main>\
         <div class=\"last-updated\"><p style=\"text-align:right;\">Last updated: November 13, 2025</p></div></body></html>"
    );
    assert_eq!(extract(&footer, &Options::default()).published.as_deref(), Some("2025-11-13"));
    // A date without a label that far down (a comment's, a copyright year) is not the page's.
    let unlabelled = format!(
        "<html><head><title>Notes on tides</title></head><body><article><h1>Notes on tides</h1>{intro}\
         <p>Reply from a reader, February 3, 2023</p></article></body></html>"
    );
    assert_eq!(extract(&unlabelled, &Options::default()).published, None);
}

#[test]
fn dates_written_in_french_german_and_spanish_and_unambiguous_slashes() {
    let page = |lang: &str, line: &str| {
        format!("<html lang=\"{lang}\"><head><title>Notes</title></head><body><article><h1>Notes</h1><p class=\"date\">{line}</p>{}</article></body></html>", paras(5))
    };
    for (lang, line, day) in [
        ("fr", "Publié le 1er juin 2025", "2025-06-01"),
        ("de", "Veröffentlicht am 3. März 2025", "2025-03-03"),
        ("es", "Publicado el 3 de junio de 2025", "2025-06-03"),
        ("pt-BR", "5 de outubro de 2023", "2023-10-05"),
        ("it", "21 settembre 2024", "2024-09-21"),
        ("en", "Updated: 10/31/2024", "2024-10-31"),
    ] {
        assert_eq!(
            extract(&page(lang, line), &Options::default()).published.as_deref(),
            Some(day),
            "{line}"
        );
    }
    assert_eq!(
        extract(&page("en", "07/08/2025"), &Options::default()).published,
        None,
        "either order is a day"
    );
}

#[test]
fn a_utc_date_a_day_off_the_one_shown_under_the_headline_gives_the_shown_day() {
    // `article:published_time` in UTC (or without an offset, or a day the site took from the
    // UTC date-time): a post of an evening in California is the next day in UTC. The page
    // shows its publisher's day under the headline; that is the day the reader sees.
    let page = |published: &str, shown: &str| {
        format!(
            "<html><head><title>Storm closes the harbour</title><meta property=\"article:published_time\" content=\"{published}\"></head>\
             <body><article><h1>Storm closes the harbour</h1><p class=\"date\">{shown}</p>{}</article></body></html>",
            paras(5)
        )
    };
    for declared in ["2025-12-19T02:41:41Z", "2025-12-19T02:41:41", "2025-12-19"] {
        let out = extract(&page(declared, "December 18, 2025"), &Options::default());
        assert_eq!(out.published.as_deref(), Some("2025-12-18"), "{declared}");
    }
    // The same day shown, or a date-time with the publisher's own offset: kept as declared.
    let out = extract(&page("2025-12-19T02:41:41Z", "December 19, 2025"), &Options::default());
    assert_eq!(out.published.as_deref(), Some("2025-12-19T02:41:41Z"));
    let out = extract(&page("2025-12-19T02:41:41+01:00", "December 18, 2025"), &Options::default());
    assert_eq!(out.published.as_deref(), Some("2025-12-19T02:41:41+01:00"));
    // A date further off in a line of its own under the headline: see the test below.
}

#[test]
fn a_dateline_under_the_headline_overrides_a_declared_date_it_contradicts() {
    // Templates fill `datePublished` with the day the page was first made (an evergreen
    // article republished) or with the modification day; the byline still says the article's
    // day, and the reader shows what the page shows.
    let page = |published: &str, shown: &str| {
        format!(
            "<html><head><title>Storm closes the harbour</title>\
             <script type=\"application/ld+json\">{{\"@type\":\"NewsArticle\",\"headline\":\"Storm closes the harbour\",\"datePublished\":\"{published}\"}}</script></head>\
             <body><article><h1>Storm closes the harbour</h1><div class=\"byline\"><span class=\"author\">Jane Doe</span></div><p class=\"date\">{shown}</p>{}</article></body></html>",
            paras(5)
        )
    };
    for (declared, shown, day) in [
        ("2024-08-29T10:00:00Z", "Nov 25, 2025 5:00 am PST", "2025-11-25"),
        ("2024-04-05T00:00:00-04:00", "December 17, 2025", "2025-12-17"),
        ("2025-06-23T18:44:33Z", "Friday, December 19, 2025", "2025-12-19"),
    ] {
        assert_eq!(
            extract(&page(declared, shown), &Options::default()).published.as_deref(),
            Some(day),
            "{shown}"
        );
    }
    // The day shown when it is the article's: marked as an update, it is the page's other date.
    let declared = "2025-06-17";
    for shown in ["Updated Dec 18, 2025", "Last updated: December 18, 2025"] {
        assert_eq!(
            extract(&page(declared, shown), &Options::default()).published.as_deref(),
            Some(declared),
            "{shown}"
        );
    }
    // Not a dateline: a forum user's join date, a related story's line, a date in a sentence.
    for shown in [
        "Joined: 4. Jul 2012, 16:09",
        "Member since December 12, 2019",
        "[ December 8, 2025 ] Top 10 hotels for viewing the northern lights",
    ] {
        assert_eq!(
            extract(&page(declared, shown), &Options::default()).published.as_deref(),
            Some(declared),
            "{shown}"
        );
    }
    let joined = page(declared, "Nov 4, 2011")
        .replace("<p class=\"date\">", "<p class=\"label\">Joined</p><p class=\"date\">");
    assert_eq!(
        extract(&joined, &Options::default()).published.as_deref(),
        Some(declared),
        "Joined / Nov 4, 2011"
    );
}

#[test]
fn the_byline_in_the_articles_own_footer_which_pruning_drops() {
    // Twenty Twelve's `footer.entry-meta` after the post, and a theme's author box in the
    // article's footer: pruning drops every `footer`, so the byline is read from the page as
    // it was before pruning.
    let page = |footer: &str, comments: &str| {
        format!(
            "<html><head><title>Why cheap repairs cost more</title></head><body><div id=\"primary\"><article class=\"post type-post\">\
             <header><h1 class=\"entry-title\">Why cheap repairs cost more</h1></header><div class=\"entry-content\">{}</div>{footer}</article>{comments}</div>\
             <footer id=\"colophon\"><p>Theme by <a href=\"/author/admin/\" rel=\"author\">Sam Admin</a></p></footer></body></html>",
            paras(8)
        )
    };
    let entry_meta = "<footer class=\"entry-meta\">This entry was posted on <time datetime=\"2012-11-12T14:00:55+00:00\">November 12, 2012</time> \
                      <span class=\"by-author\">by <span class=\"author vcard\"><a class=\"url fn n\" href=\"/author/jlister/\" title=\"View all posts by Jo Lister\" rel=\"author\">Jo Lister</a></span></span>.</footer>";
    assert_eq!(
        extract(&page(entry_meta, ""), &Options::default()).byline.as_deref(),
        Some("Jo Lister")
    );
    let author_box = "<footer id=\"post_full_meta\" class=\"meta\"><div class=\"author\"><p class=\"name\"><a href=\"/scst/author/hgoetz/\" rel=\"author\">Hana Goetz</a></p></div><h2>Browse Related:</h2></footer>";
    assert_eq!(
        extract(&page(author_box, ""), &Options::default()).byline.as_deref(),
        Some("Hana Goetz")
    );
    // A comment's article and footer name the commenter, not the author; the site's footer
    // (outside any article) names no one.
    let comment = "<section id=\"comments\"><ol class=\"comment-list\"><li class=\"comment\"><article id=\"div-comment-2\" class=\"comment-body\">\
                   <footer class=\"comment-meta\"><div class=\"comment-author vcard\"><b class=\"fn\"><a href=\"https://kim.example/\" class=\"url\" rel=\"external nofollow\">Kim Marsh</a></b> <span class=\"says\">says:</span></div></footer>\
                   <div class=\"comment-content\"><p>Thanks, this helped.</p></div></article></li></ol></section>";
    assert_eq!(extract(&page("", comment), &Options::default()).byline, None);
    assert_eq!(extract(&page("", ""), &Options::default()).byline, None);
}

/// A news page whose declared author is `author` (a `meta`), with `line` under the headline.
fn news(author: &str, line: &str, lang: &str) -> String {
    format!(
        "<html lang={lang}><head><title>Storm closes the harbour</title><meta name=author content=\"{author}\">\
         <meta property=og:site_name content=\"Coast Times\"></head><body><h1>Storm closes the harbour</h1>{line}{}</body></html>",
        paras(6)
    )
}

#[test]
fn bylines_are_people_not_the_site_nor_a_share_button() {
    let url = with_url("https://coasttimes.example/news/storm");
    // An organisation declared as the author gives way to the person the page names.
    let out = extract(
        &news(
            "Continental Press",
            "<p class=byline>By SARAH OKAFOR, Continental Press Writer</p>",
            "en",
        ),
        &url,
    );
    assert_eq!(out.byline.as_deref(), Some("SARAH OKAFOR"));
    // The site itself, as its host's slug or an acronym its name opens with, is no byline.
    let out = extract(&news("coasttimes", "<p>Filed from the harbour office.</p>", "en"), &url);
    assert_eq!(out.byline, None);
    let out = extract(
        &news("COAST", "<span class=author><a href=/author/jane-doe>Jane Doe</a></span>", "en"),
        &url,
    );
    assert_eq!(out.byline.as_deref(), Some("Jane Doe"));
    // An icon's hidden label in the author's box is not a name.
    let html = format!(
        "<html><head><title>Storm closes the harbour</title></head><body><h1>Storm closes the harbour</h1>\
         <div class=author-social><a href=https://facebook.com/x><span class=sr-only>Facebook</span></a></div>{}</body></html>",
        paras(6)
    );
    assert_eq!(extract(&html, &url).byline, None);
}

#[test]
fn bylines_in_arabic_persian_and_urdu_lose_their_leads_and_datelines() {
    let url = with_url("https://coasttimes.example/news/storm");
    for (line, lang, want) in [
        ("<span class=writeBy>كتبت أسماء نصار</span>", "ar", Some("أسماء نصار")),
        ("<div class=writer>بقلم: ليلى حداد</div>", "ar", Some("ليلى حداد")),
        ("<div class=news-info>خبرنگار: مریم احمدی</div>", "fa", Some("مریم احمدی")),
        ("<div class=writer>تحریر: نعیم اختر</div>", "ur", Some("نعیم اختر")),
        ("<span class=author>(أبوظبي - البيان)</span>", "ar", None),
        ("<span class=author>المصدر: وكالات</span>", "ar", None),
    ] {
        let out = extract(&news("", line, lang), &url);
        assert_eq!(out.byline.as_deref(), want, "{line}");
    }
}

#[test]
fn a_shops_page_shows_no_reviewers_name_as_its_byline() {
    let html = format!(
        "<html><head><title>Trail Shoe 2</title><meta property=og:type content=product></head><body><h1>Trail Shoe 2</h1>\
         {}<div class=review><span class=review-author>Lala</span><p>Great shoe.</p></div></body></html>",
        paras(4)
    );
    assert_eq!(extract(&html, &Options::default()).byline, None);
}

#[test]
fn a_sites_clock_and_a_posters_join_date_are_not_the_pages_date() {
    let html = format!(
        "<html><head><title>Best bait for river carp?</title></head><body><p>It is currently Tue Mar 11, 2008 10:42 am</p>\
         <h1>Best bait for river carp?</h1><p>Joined: 04 Jun 2006</p><p>Posted: Sun Mar 02, 2008 8:10 pm</p>{}</body></html>",
        paras(5)
    );
    assert_eq!(extract(&html, &Options::default()).published.as_deref(), Some("2008-03-02"));
}

#[test]
fn a_maghrebi_month_and_an_rdfa_date_are_read() {
    let html = format!(
        "<html lang=ar><head><title>افتتاح جسر جديد</title></head><body><h1>افتتاح جسر جديد</h1><p>الجمعة 8 فيفري 2019</p>{}</body></html>",
        paras(5)
    );
    assert_eq!(extract(&html, &Options::default()).published.as_deref(), Some("2019-02-08"));
    let html = format!(
        "<html><head><title>Bridge opens</title></head><body><h1>Bridge opens</h1>{}<span property=\"dc:date\" content=\"2019-02-08T00:00:00+01:00\"></span></body></html>",
        paras(5)
    );
    assert_eq!(
        extract(&html, &Options::default()).published.as_deref(),
        Some("2019-02-08T00:00:00+01:00")
    );
}
