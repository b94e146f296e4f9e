//! The headline `extract` reports (TitleFinder, thesis chapter 5). Its accuracy on the corpus
//! is measured with the evaluation's code, in cli/tests/headline.rs.

use dana::{LinkFilter, Options, TitleMetric};

#[test]
fn extract_reports_the_headline_and_its_rule() {
    let html = "<html><head><title>Storm closes the harbour - Coast Times</title></head><body>\
                <nav><a href=/>Coast Times</a></nav><h1>Storm closes the harbour</h1>\
                <p>The harbour closed on Monday as the storm reached the coast, and ferries stayed in port.</p></body></html>";
    // TitleFinder alone (the thesis), then checked against the declared `<title>` less its
    // site suffix, which the h1 repeats.
    let thesis = dana::extract(html, &Options { declared_title: false, ..Options::default() });
    assert_eq!(
        (thesis.title.as_str(), thesis.title_rule.as_str()),
        ("Storm closes the harbour", "titlefinder")
    );
    let out = dana::extract(html, &Options::default());
    assert_eq!(out.title, "Storm closes the harbour");
    assert_eq!(out.title_rule, "h1");
    assert_eq!(out.title_line, thesis.title_line);
    assert!(!out.title_candidates.is_empty());
    let json = serde_json::to_value(&out).unwrap();
    assert_eq!(json["title"], "Storm closes the harbour");
    assert_eq!(json["title_rule"], "h1");
    // Each metric is selectable.
    for metric in [TitleMetric::Tf, TitleMetric::Tfidf, TitleMetric::Osm, TitleMetric::Sum] {
        let out = dana::extract(
            html,
            &Options { title_metric: metric, filter: Some(LinkFilter::None), ..Options::default() },
        );
        assert_eq!(out.title, "Storm closes the harbour", "{metric:?}");
    }
}

#[test]
fn markdown_and_a_host_name_left_in_declared_titles_are_not_the_headline() {
    let page = |title: &str, og: &str, h1: &str| {
        format!(
            "<html><head><title>{title}</title><meta property=\"og:title\" content=\"{og}\"></head><body>{h1}\
             <p>The harbour closed on Monday as the storm reached the coast, and ferries stayed in port all week.</p></body></html>"
        )
    };
    // A static-site generator's `## ` and `*emphasis*` in og:title, the body agreeing.
    let out = dana::extract(
        &page(
            "Tide tables",
            "## Tide tables for the winter",
            "<h1>Tide tables for the winter</h1>",
        ),
        &Options::default(),
    );
    assert_eq!(out.title, "Tide tables for the winter");
    let out = dana::extract(
        &page("Tides", "*A Treatise on Tides* (1792)", "<h2>Contents</h2>"),
        &Options::default(),
    );
    assert_eq!(out.title, "A Treatise on Tides (1792)");
    // One asterisk, or asterisks around spaces, are the headline's own.
    let out =
        dana::extract(&page("Tides", "Tides * Currents", "<h2>Contents</h2>"), &Options::default());
    assert_eq!(out.title, "Tides * Currents");
    // A blog whose <title> opens with its host name ("example.com Headline").
    let out = dana::extract(
        &page("harbour.example.org Vibe Sailing", "", "<h2>Archives</h2>"),
        &Options::default(),
    );
    assert_eq!(out.title, "Vibe Sailing");
}

/// A page as a Yoast-run WordPress site writes it: an SEO title in `<title>` and `og:title`,
/// the headline the reader sees in the `h1`.
fn seo_page(title: &str, h1: &str) -> String {
    format!(
        "<html><head><title>{title}</title><meta property=\"og:title\" content=\"{title}\">\
         <meta property=\"og:site_name\" content=\"Harbour Works\"></head><body>\
         <header><a href=/ class=logo>Harbour Works</a></header><main><article>{h1}\
         <p>The harbour closed on Monday as the storm reached the coast, and ferries stayed in port all week.</p>\
         <p>Crews checked every mooring twice a day and logged the water level on the hour.</p></article></main></body></html>"
    )
}

#[test]
fn an_h1_that_says_the_declared_headline_in_other_words_is_the_headline() {
    // The declared title is the search engines'; the h1 of five words or more, half of them
    // the declared title's, is the reader's.
    let html = seo_page(
        "Top 10 Mooring Checks for Winter 2025 | Harbour Works",
        "<h1>The mooring checks to make before winter 2025</h1>",
    );
    let out = dana::extract(&html, &Options::default());
    assert_eq!(
        (out.title.as_str(), out.title_rule.as_str()),
        ("The mooring checks to make before winter 2025", "h1")
    );
    assert!(out.title_line.is_some(), "the h1's line anchors the byline and date search");
    // A short h1 is a section name, and one made of the site's own words is the site's name:
    // neither is the headline. The declared title stands, less the site's name that
    // `og:site_name` and the logo's link give; when the h1 is the site's name and the
    // declared title ends with it, the page has said so too.
    let out = dana::extract(
        &seo_page(
            "Top 10 Mooring Checks for Winter 2025 | Harbour Works",
            "<h1>Winter at the harbour</h1>",
        ),
        &Options::default(),
    );
    assert_eq!(out.title, "Top 10 Mooring Checks for Winter 2025");
    let out = dana::extract(
        &seo_page(
            "Top 10 Mooring Checks for Winter 2025 | Harbour Works",
            "<h1>Harbour Works</h1>",
        ),
        &Options::default(),
    );
    assert_eq!(
        (out.title.as_str(), out.title_rule.as_str()),
        ("Top 10 Mooring Checks for Winter 2025", "og:title")
    );
    // Five words or more, but the site's name, which the declared title ends with.
    let out = dana::extract(
        &seo_page(
            "Winter mooring checks | The Harbour Works of Port Isaac",
            "<h1>The Harbour Works of Port Isaac</h1>",
        ),
        &Options::default(),
    );
    assert_eq!(out.title, "Winter mooring checks");
    // An h1 that shares few words with any declared headline is not it either.
    let out = dana::extract(
        &seo_page(
            "Top 10 Mooring Checks for Winter 2025 | Harbour Works",
            "<h1>Sign up for our weekly newsletter today</h1>",
        ),
        &Options::default(),
    );
    assert_eq!(out.title_rule, "og:title");
}

#[test]
fn a_declared_title_the_body_does_not_confirm_is_shown_whole() {
    // Nothing in the body says which part of "Coupons | Blue Harbour Electric" is the site's:
    // the title is shown as declared (a host name before it still goes).
    let html = seo_page("Electrician Coupons | Blue Harbour Electric", "<h1>Offers</h1>");
    let out = dana::extract(&html, &Options::default());
    assert_eq!(
        (out.title.as_str(), out.title_rule.as_str()),
        ("Electrician Coupons | Blue Harbour Electric", "og:title")
    );
    // When the body repeats the part before the separator, that part is the headline.
    let out = dana::extract(
        &seo_page("Electrician Coupons | Blue Harbour Electric", "<h1>Electrician Coupons</h1>"),
        &Options::default(),
    );
    assert_eq!(out.title, "Electrician Coupons");
}

#[test]
fn an_h1_that_is_the_sites_name_marks_the_declared_titles_tail_as_the_sites() {
    // A FluxBB or punBB topic: "Topic / Forum / Board" in `<title>`, the board's name as the
    // page's h1, the topic as the last link of the breadcrumb.
    let page = |h1: &str| {
        format!(
            "<html><head><title>Ferry timetable for the winter? / Harbour Talk / Port Isaac Forums</title></head><body>\
             <div id=brdtitle><h1><a href=/>{h1}</a></h1></div>\
             <ul class=crumbs><li><a href=/>Index</a></li><li>» <a href=/f/3>Harbour Talk</a></li>\
             <li>» <strong><a href=/t/9>Ferry timetable for the winter?</a></strong></li></ul>\
             <div class=post><p>Does anyone know when the winter timetable for the ferry starts this year?</p>\
             <p>The office on the quay only says that it will be posted soon, and the website says nothing yet.</p></div></body></html>"
        )
    };
    let out = dana::extract(&page("Port Isaac Forums"), &Options::default());
    assert_eq!(
        (out.title.as_str(), out.title_rule.as_str()),
        ("Ferry timetable for the winter?", "title")
    );
    // The breadcrumb's link shows it: its line anchors the date and byline search.
    assert!(out.title_line.is_some());
    // The site's name is not the headline even though all its words are the title's.
    let out = dana::extract(&page("Port Isaac"), &Options::default());
    assert_eq!(out.title, "Ferry timetable for the winter?");
    // An h1 that is not the site's name says nothing about the tail: the title stays whole.
    let out = dana::extract(&page("Welcome"), &Options::default());
    assert_eq!(out.title, "Ferry timetable for the winter? / Harbour Talk / Port Isaac Forums");
}

#[test]
fn a_chapters_number_before_the_h1_is_not_the_headline() {
    // A manual's section heading, numbered by its table of contents; the declared title
    // does not count the number as part of the headline.
    let out = dana::extract(
        &seo_page(
            "Tides - Reading a tide table | Harbour Works",
            "<h1>3.1 Tides - Reading a tide table</h1>",
        ),
        &Options::default(),
    );
    assert_eq!(out.title, "Tides - Reading a tide table");
    let out = dana::extract(
        &seo_page(
            "Lesson: mooring knots every crew uses | Harbour Works",
            "<h1>15 - Lesson: the mooring knots every crew uses</h1>",
        ),
        &Options::default(),
    );
    assert_eq!(out.title, "Lesson: the mooring knots every crew uses");
    // A number the declared headline has is the headline's.
    let out = dana::extract(
        &seo_page(
            "10 mooring knots every crew should know | Harbour Works",
            "<h1>10 mooring knots every crew should know</h1>",
        ),
        &Options::default(),
    );
    assert_eq!(out.title, "10 mooring knots every crew should know");
}

#[test]
fn a_declared_title_that_is_the_sites_own_gives_way_to_the_h1() {
    // Every page of the site declares "Site – tagline"; the h1 says what this page is.
    let html = "<html><head><title>Harbour Works – The best harbour news, every day</title>\
                <meta property=\"og:site_name\" content=\"Harbour Works\"></head><body>\
                <header><a href=/>Harbour Works</a></header><main><h1>Boats arriving today</h1>\
                <p>Seven boats are due on the morning tide, two of them from the islands, and the pilot is booked.</p></main></body></html>";
    let out = dana::extract(html, &Options::default());
    assert_eq!((out.title.as_str(), out.title_rule.as_str()), ("Boats arriving today", "h1"));
    // Quotes around a whole declared headline are the field's, not the headline's.
    let html = "<html><head><title>Reading a tide table | Harbour Works</title><script type=\"application/ld+json\">\
                {\"@type\":\"BlogPosting\",\"headline\":\"\\\"Reading a tide table\\\"\"}</script></head><body><h1>Reading a tide table</h1>\
                <p>The table gives the height of the water at each hour of the day for the harbour mouth.</p></body></html>";
    let out = dana::extract(html, &Options::default());
    assert_eq!(out.title, "Reading a tide table");
}

/// A page of a site that declares one title for all its pages, the site's name first (a
/// single-page application's `<title>`), with the page's own heading in the body.
fn app_page(title: &str, h1: &str) -> String {
    format!(
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{title}</title>\
         <meta property=\"og:title\" content=\"{title}\"></head><body><div id=\"root\">\
         <header><a href=\"/\">Harbourchat</a><a href=\"/login\">Log in</a></header><main><h1>{h1}</h1>\
         <p>The harbour closed on Monday as the storm reached the coast, and the ferries stayed in port all week.</p>\
         </main></div></body></html>"
    )
}

#[test]
fn a_declared_title_that_names_the_host_is_the_sites() {
    let with_url = |url: &str| Options { url: Some(url.into()), ..Options::default() };
    let thread =
        app_page("Harbourchat - Where sailors talk", "Ferry timetable changes for the winter");
    // Below the home page, "Host - tagline" is the site's title: the h1 is the page's.
    let out = dana::extract(
        &thread,
        &with_url(
            "https://www.harbourchat.example/r/ferries/comments/1x2y3z/ferry_timetable_changes/",
        ),
    );
    assert_eq!(
        (out.title.as_str(), out.title_rule.as_str()),
        ("Ferry timetable changes for the winter", "h1")
    );
    // Without the address nothing says which part is the site's: the declared title, whole.
    let out = dana::extract(&thread, &Options::default());
    assert_eq!(out.title, "Harbourchat - Where sailors talk");
    // On the home page the site's title is the page's own (the h1 shares none of its words).
    let home = app_page("Harbourchat - Where sailors talk", "Clear skies, finally.");
    let out = dana::extract(&home, &with_url("https://harbourchat.example/"));
    assert_eq!(out.title, "Harbourchat - Where sailors talk");
    // On the home page, the declared title less the host's name, shown as the h1: the h1 (not
    // "Harbourchat", as the tail would be taken for the site's name without the address).
    let home = app_page("Harbourchat - Group chat for every crew", "Group chat for every crew");
    let out = dana::extract(&home, &with_url("https://harbourchat.example/"));
    assert_eq!((out.title.as_str(), out.title_rule.as_str()), ("Group chat for every crew", "h1"));
    let out = dana::extract(&home, &Options::default());
    assert_eq!(out.title, "Harbourchat");
}

/// A WordPress post whose SEO plugin (Yoast) declares a title of its own, the `h1` being the
/// post's title.
fn seo_post(declared: &str, h1: &str) -> String {
    format!(
        "<!DOCTYPE html><html lang=\"en-US\"><head><title>{declared}</title>\
         <meta property=\"og:title\" content=\"{declared}\"><meta property=\"og:type\" content=\"article\"></head>\
         <body class=\"post-template-default single single-post\"><article class=\"post type-post\">\
         <header class=\"entry-header\"><h1 class=\"entry-title\">{h1}</h1></header><div class=\"entry-content\">\
         <p>Moorings along the east quay are let by the season, and the harbour office keeps a waiting list for them.</p>\
         </div></article></body></html>"
    )
}

#[test]
fn a_url_slug_that_spells_the_h1_and_no_declared_title_gives_the_h1() {
    let page = seo_post(
        "Boost Your Boat with Cheap Berths",
        "Top Affordable Mooring Services for Small Harbours",
    );
    let with_url = |url: &str| Options { url: Some(url.into()), ..Options::default() };
    let out = dana::extract(
        &page,
        &with_url("https://harbourworks.example/top-affordable-mooring-services/"),
    );
    assert_eq!(
        (out.title.as_str(), out.title_rule.as_str()),
        ("Top Affordable Mooring Services for Small Harbours", "h1")
    );
    // A file name and a post number are not words of the slug.
    let out = dana::extract(
        &page,
        &with_url("https://harbourworks.example/2025/01/top-affordable-mooring-services-4821.html"),
    );
    assert_eq!(out.title, "Top Affordable Mooring Services for Small Harbours");
    // No address (the readability set's pages), a slug of three words (a section's), or one
    // the h1 does not spell: the declared title, as without a slug.
    for options in [
        Options::default(),
        with_url("https://harbourworks.example/affordable-mooring-services/"),
        with_url("https://harbourworks.example/boost-your-boat-mooring/"),
    ] {
        let out = dana::extract(&page, &options);
        assert_eq!(
            (out.title.as_str(), out.title_rule.as_str()),
            ("Boost Your Boat with Cheap Berths", "og:title"),
            "{:?}",
            options.url
        );
    }
    // A slug the declared title spells too says nothing between the two.
    let page = seo_post(
        "Mooring services for small boats compared",
        "Our pick of the best mooring services for small boats on the east coast",
    );
    let url = with_url("https://harbourworks.example/mooring-services-small-boats/");
    assert_eq!(dana::extract(&page, &url).title, "Mooring services for small boats compared");
}

/// Paragraphs of an older news page, in a table cell as sites wrote them in 2007-08.
const OLD_PARAS: &str = "<p><font face=Arial size=2>The council voted on Monday night to close the fish market at the end of the summer, ending sixty years of trading on the waterfront below the old customs house.</font></p>\
    <p><font face=Arial size=2>Members said the wooden hall no longer meets fire and health codes, and that repairs would cost more than the city can spend this year on any one building.</font></p>\
    <p><font face=Arial size=2>About forty traders rent stalls in the hall; several told the council they would try to buy the building before the September deadline.</font></p>";

/// An older news page: the site's masthead and menu, the story in a table cell under `head`.
fn old_news(title: &str, head: &str, menu: &str) -> String {
    format!(
        "<html><head><title>{title}</title></head><body><table width=760>\
         <tr><td><a href=/><img src=/images/ledger_masthead.gif alt=\"The Harbor Ledger\"></a></td></tr>\
         <tr><td>{menu}</td></tr><tr><td>{head}<br><font size=1>By JANE WHITCOMBE<br>Staff Writer</font><br>{OLD_PARAS}</td></tr>\
         <tr><td><font size=1>Copyright &copy; 2008 The Harbor Ledger. All rights reserved.</font></td></tr></table></body></html>"
    )
}

const STORY: &str = "Council votes to close Pier Street fish market";

#[test]
fn a_title_that_is_only_the_sites_name_gives_way_to_the_articles_heading() {
    let o = Options {
        url: Some("http://www.harborledger.com/news/story_4471.html".into()),
        ..Options::default()
    };
    // The <title> is the site's name, as the masthead's alt and the copyright notice say; the
    // headline is the big font above the story.
    let html = old_news(
        "The Harbor Ledger",
        &format!("<font size=5><b>{STORY}</b></font>"),
        "<a href=/news/>News</a>",
    );
    let out = dana::extract(&html, &o);
    assert_eq!((out.title.as_str(), out.title_rule.as_str()), (STORY, "heading"));
    // A section's h1 ("Latest News") above the story's h2: the heading nearest the story.
    let html = old_news(
        "The Harbor Ledger",
        &format!("<h1>Latest News</h1><h2 class=storytitle>{STORY}</h2>"),
        "",
    );
    assert_eq!(dana::extract(&html, &o).title, STORY);
    // A column's name, linked to the column's index above the post, is the column's.
    let html = old_news(
        "HarborLedger: World Views",
        &format!("<h1><a href=/news/>World Views</a></h1><h2>March 11, 2008</h2><h3>{STORY}</h3>"),
        "",
    );
    assert_eq!(dana::extract(&html, &o).title, STORY);
    // The thesis's TitleFinder alone still answers its query.
    let thesis = dana::extract(
        &old_news("The Harbor Ledger", &format!("<h1>{STORY}</h1>"), ""),
        &Options::thesis(dana::Algorithm::Addanag),
    );
    assert_eq!(thesis.title_rule, "titlefinder");
}

#[test]
fn the_sites_and_its_sections_names_come_off_both_ends_of_the_title() {
    let o = Options {
        url: Some("http://www.harborledger.com/sport/football/4471.html".into()),
        ..Options::default()
    };
    let menu = "<a href=/sport/football/default.htm>Football</a> <a href=/sport/rugby/>Rugby</a> <a href=/sport/>Sport</a> <a href=/news/>Breaking News</a>";
    let div = format!("<div class=sh>{STORY}</div>");
    for title in [
        format!("The Harbor Ledger | Football | {STORY}"),
        format!("{STORY} - Football - Sport - Breaking News"),
        format!("{STORY} | Football | The Harbor Ledger"),
    ] {
        let out = dana::extract(&old_news(&title, &div, menu), &o);
        assert_eq!(out.title, STORY, "{title}");
    }
    // A headline's own colon and dash stay.
    let review = "Review: The Lantern Keepers – a quiet triumph";
    let out = dana::extract(
        &old_news(
            &format!("{review} | Sport | The Harbor Ledger"),
            &format!("<div class=headline>{review}</div>"),
            menu,
        ),
        &o,
    );
    assert_eq!(out.title, review);
}

/// A blog's post page as blog engines wrote them: the blog's name in the `h1`, the post's
/// title in an `h3` below it, the `<title>` the two joined by `sep`.
fn blog_post(title: &str, h1: &str, post: &str) -> String {
    format!(
        "<html><head><title>{title}</title></head><body><h1>{h1}</h1>\
         <h2>Riffs on harbours, fish and the people who sell them.</h2>\
         <div class=post><h3>{post}</h3>{OLD_PARAS}</div>\
         <h2>Archives</h2><ul><li><a href=/2008/03/>March 2008</a></li></ul></body></html>"
    )
}

#[test]
fn an_h1_that_opens_the_title_above_the_posts_heading_is_the_masthead() {
    let blog = "The Harbor Log";
    for sep in [": ", " | ", " - "] {
        let out = dana::extract(
            &blog_post(&format!("{blog}{sep}{STORY}"), blog, STORY),
            &Options::default(),
        );
        assert_eq!((out.title.as_str(), out.title_rule.as_str()), (STORY, "heading"), "{sep:?}");
    }
    // The `h1` is the headline when it is the title's first part and what follows is no
    // heading of the page ("Headline - Site", the site's name in the footer).
    let out = dana::extract(
        &blog_post(&format!("{STORY} - {blog}"), STORY, "Posted on March 11, 2008"),
        &Options::default(),
    );
    assert_eq!(out.title, STORY);
    // A headline's own colon stays: no `h1` is its first part.
    let review = "Review: The Lantern Keepers";
    let out = dana::extract(&blog_post(review, blog, review), &Options::default());
    assert_eq!(out.title, review);
}

#[test]
fn a_title_whose_end_tag_comes_late_shows_no_markup() {
    let o = Options {
        url: Some("http://www.harborledger.com/news/4471.html".into()),
        ..Options::default()
    };
    let late = "THE HARBOR LEDGER\n<!-- inline library -->\n<script type=\"text/javascript\" src=\"http://img.harborledger.com/lib.js\"></script>\n<link rel=stylesheet href=/s.css>\n";
    let html = old_news(late, &format!("<div class=sh>{STORY}</div>"), "");
    let out = dana::extract(&html, &o);
    assert_eq!(out.title, STORY);
    // Nothing else to show: the title as the page means it, never its markup.
    let bare = format!("<html><head><title>{late}</title></head><body>{OLD_PARAS}</body></html>");
    let out = dana::extract(&bare, &Options::default());
    assert_eq!(out.title, "THE HARBOR LEDGER");
    // An escaped tag is a headline's text.
    let out = dana::extract("<title>&lt;table&gt;: The Table element</title><h1>&lt;table&gt;: The Table element</h1><p>The table element represents data with more than one dimension, in rows and columns of cells.</p>", &Options::default());
    assert_eq!(out.title, "<table>: The Table element");
}

#[test]
fn a_page_with_a_title_or_a_heading_has_a_headline() {
    // No <title>, no heading element: a big bold font over the story.
    let html = format!("<html><body><table><tr><td><div align=center><font size=+2><b>{STORY}</b></font></div>{OLD_PARAS}</td></tr></table></body></html>");
    assert_eq!(dana::extract(&html, &Options::default()).title, STORY);
    // Only an h3 above the story.
    let html = format!("<html><body><h3>{STORY}</h3>{OLD_PARAS}</body></html>");
    assert_eq!(dana::extract(&html, &Options::default()).title, STORY);
}

#[test]
fn the_headline_is_written_in_the_articles_script() {
    // An English transliteration in <title> over an Urdu column and its heading.
    let urdu = "<p>ہر سال برسات آتی ہے اور ہر سال شہر کی سڑکیں ندی نالوں کا منظر پیش کرتی ہیں۔ ہم بارش کو کوستے ہیں، مگر یہ نہیں سوچتے کہ نالوں میں کچرا کس نے پھینکا تھا۔</p>";
    let html = format!(
        "<html dir=rtl><head><title>Shehar Ki Baarish - Special Urdu Article | Roshni</title></head><body>\
         <div class=menu><a href=/>صفحہ اول</a></div><div class=heading>شہر کی بارش اور ہماری ذمہ داری</div>{urdu}{urdu}{urdu}</body></html>"
    );
    let out = dana::extract(
        &html,
        &Options { url: Some("http://www.roshni.com.pk/4471.html".into()), ..Options::default() },
    );
    assert_eq!(out.title, "شہر کی بارش اور ہماری ذمہ داری");
    assert_eq!(out.header_blocks, vec![0], "the heading is the headline, not a block of the body");
}

#[test]
fn short_lines_alone_have_no_headline_among_them() {
    // What the extension sends for a selection of list items: no title, short lines only.
    let html = "<!DOCTYPE html><html><head><title></title></head><body><p>Link number 3</p>\n\
                <p>Link number 4</p>\n<p>Link number 5</p></body></html>";
    let out = dana::extract(html, &Options::default());
    assert_eq!(out.text, "Link number 3\nLink number 4\nLink number 5\n");
    assert_eq!((out.title.as_str(), out.title_rule.as_str()), ("", "none"));
    // Above prose, a plain line is still the article's heading.
    let html =
        "<!DOCTYPE html><html><head><title></title></head><body><p>Storm closes the harbour</p>\n\
                <p>The harbour closed on Monday as the storm reached the coast, and the ferries \
                stayed in port until the wind dropped on Tuesday morning.</p></body></html>";
    let out = dana::extract(html, &Options::default());
    assert_eq!(
        (out.title.as_str(), out.title_rule.as_str()),
        ("Storm closes the harbour", "heading")
    );
}
