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
