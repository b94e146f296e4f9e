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
    assert_eq!((thesis.title.as_str(), thesis.title_rule.as_str()), ("Storm closes the harbour", "titlefinder"));
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
        let out = dana::extract(html, &Options { title_metric: metric, filter: Some(LinkFilter::None), ..Options::default() });
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
    let out = dana::extract(&page("Tide tables", "## Tide tables for the winter", "<h1>Tide tables for the winter</h1>"), &Options::default());
    assert_eq!(out.title, "Tide tables for the winter");
    let out = dana::extract(&page("Tides", "*A Treatise on Tides* (1792)", "<h2>Contents</h2>"), &Options::default());
    assert_eq!(out.title, "A Treatise on Tides (1792)");
    // One asterisk, or asterisks around spaces, are the headline's own.
    let out = dana::extract(&page("Tides", "Tides * Currents", "<h2>Contents</h2>"), &Options::default());
    assert_eq!(out.title, "Tides * Currents");
    // A blog whose <title> opens with its host name ("example.com Headline").
    let out = dana::extract(&page("harbour.example.org Vibe Sailing", "", "<h2>Archives</h2>"), &Options::default());
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
    let html = seo_page("Top 10 Mooring Checks for Winter 2025 | Harbour Works", "<h1>The mooring checks to make before winter 2025</h1>");
    let out = dana::extract(&html, &Options::default());
    assert_eq!((out.title.as_str(), out.title_rule.as_str()), ("The mooring checks to make before winter 2025", "h1"));
    assert!(out.title_line.is_some(), "the h1's line anchors the byline and date search");
    // A short h1 is a section name, and one made of the site's own words is the site's name:
    // neither is the headline.
    for h1 in ["<h1>Winter at the harbour</h1>", "<h1>Harbour Works</h1>"] {
        let out = dana::extract(&seo_page("Top 10 Mooring Checks for Winter 2025 | Harbour Works", h1), &Options::default());
        assert_eq!(out.title, "Top 10 Mooring Checks for Winter 2025 | Harbour Works", "{h1}");
    }
    // Five words or more, but the site's name, which the declared title ends with.
    let out = dana::extract(&seo_page("Winter mooring checks | The Harbour Works of Port Isaac", "<h1>The Harbour Works of Port Isaac</h1>"), &Options::default());
    assert_eq!(out.title, "Winter mooring checks | The Harbour Works of Port Isaac");
    // An h1 that shares few words with any declared headline is not it either.
    let out = dana::extract(&seo_page("Top 10 Mooring Checks for Winter 2025 | Harbour Works", "<h1>Sign up for our weekly newsletter today</h1>"), &Options::default());
    assert_eq!(out.title_rule, "og:title");
}

#[test]
fn a_declared_title_the_body_does_not_confirm_is_shown_whole() {
    // Nothing in the body says which part of "Coupons | Blue Harbour Electric" is the site's:
    // the title is shown as declared (a host name before it still goes).
    let html = seo_page("Electrician Coupons | Blue Harbour Electric", "<h1>Offers</h1>");
    let out = dana::extract(&html, &Options::default());
    assert_eq!((out.title.as_str(), out.title_rule.as_str()), ("Electrician Coupons | Blue Harbour Electric", "og:title"));
    // When the body repeats the part before the separator, that part is the headline.
    let out = dana::extract(&seo_page("Electrician Coupons | Blue Harbour Electric", "<h1>Electrician Coupons</h1>"), &Options::default());
    assert_eq!(out.title, "Electrician Coupons");
}
