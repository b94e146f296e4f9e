//! Phase 4 of thesis chapter 4: the chosen lines become the article.
//!
//! - R2L (4.3.5): each chosen line keeps only its right-to-left (non-ASCII) characters.
//! - DANA, DANAg, AdDANAg (4.4.1): the chosen lines go through an error-tolerant parser. Ours
//!   walks the whole token stream keeping a stack of open elements, so that a chosen line
//!   inside a `<pre>`, a list or a heading opened earlier is still read in that context, but
//!   only tokens of chosen lines produce output. Stray end tags are ignored, unclosed
//!   elements close at the end: any token sequence is valid input.

use crate::extraction::{Block, BlockKind};
use crate::html::collapse_whitespace;
use crate::options::{Algorithm, Options};
use crate::preprocess::{canonical, Page};
use crate::render::escape;

mod builder;
mod code;
pub mod posts;
mod tables;
mod units;

/// Builds the blocks of the main content from the lines marked in `chosen`. Four `Options`
/// switches are refinements of ours that `--thesis` turns off (its phase 4, thesis 4.4.1, reads
/// the chosen lines only):
/// - `article`: a code block is kept whole or not at all (`Builder::code`), and posts known by
///   their structure (`posts`, found once for the extraction) are kinds of their own;
/// - `media`: the caption of a kept figure is read even where its lines were not chosen (a
///   caption is a short line that is mostly tags, so Algorithm 1 rarely chooses it);
/// - `threads`: those posts get their headers too;
/// - `data_tables`: a table whose rows pair labels with values is a data table without header
///   cells, and a cell holding only a heading is a header cell.
pub fn build(
    page: &Page,
    chosen: &[bool],
    options: &Options,
    posts: &posts::Structure,
) -> Vec<Block> {
    match options.algorithm {
        Algorithm::R2l => r2l_lines(page, chosen),
        _ => {
            // A thread's posts are `kinds` too (the thesis reads none).
            let posts = if options.article { posts.marks(options.threads) } else { &[] };
            builder::Builder::new(page, options.url.as_deref(), options.media).run(
                chosen,
                options.article,
                posts,
                options.data_tables,
            )
        }
    }
}

/// R2L's phase 4: the non-ASCII characters of each chosen line, ASCII runs read as a space.
fn r2l_lines(page: &Page, chosen: &[bool]) -> Vec<Block> {
    let mut out = Vec::new();
    for (i, line) in page.lines.iter().enumerate().filter(|(i, _)| chosen[*i]) {
        let mut text = String::new();
        for tok in &page.toks[line.start..line.end] {
            for c in canonical(tok).chars() {
                if c.is_ascii() {
                    if !text.is_empty() && !text.ends_with(' ') {
                        text.push(' ');
                    }
                } else {
                    text.push(c);
                }
            }
        }
        let text = collapse_whitespace(&text).trim().to_string();
        if !text.is_empty() {
            let html = escape(&text);
            out.push(Block::new(BlockKind::Paragraph, text, html, i));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extraction::Post;
    use crate::LinkFilter;

    /// The blocks of `html` with every line chosen, as the thesis's preprocessing and phase 4
    /// read them.
    fn thesis(html: &str) -> Vec<Block> {
        let page = Page::parse(html, crate::preprocess::Preprocessing::thesis(LinkFilter::None));
        build(
            &page,
            &vec![true; page.lines.len()],
            &Options::thesis(Algorithm::Danag),
            &posts::Structure::of(&page),
        )
    }

    fn all(html: &str) -> Vec<Block> {
        let page = Page::parse(html, crate::preprocess::Preprocessing::thesis(LinkFilter::None));
        let chosen = vec![true; page.lines.len()];
        build(
            &page,
            &chosen,
            &Options {
                algorithm: Algorithm::Danag,
                url: Some("https://example.org/news/a.html".into()),
                ..Options::default()
            },
            &posts::Structure::of(&page),
        )
    }

    #[test]
    fn blocks_carry_kind_and_level() {
        let b = all("<h2>Head</h2><p>Para <b>bold</b></p><ol><li>one</li></ol><blockquote>q</blockquote><pre>a\n  b</pre>");
        let kinds: Vec<_> = b.iter().map(|b| (b.kind.name(), b.level(), b.text.as_str())).collect();
        assert_eq!(
            kinds,
            vec![
                ("heading", 2, "Head"),
                ("paragraph", 0, "Para bold"),
                ("listitem", 1, "one"),
                ("quote", 0, "q"),
                ("preformatted", 0, "a\n  b"),
            ]
        );
        assert!(b[2].ordered());
        assert_eq!(b[1].html, "Para <strong>bold</strong>");
    }

    #[test]
    fn an_aside_kept_by_preprocessing_is_a_quote_but_under_the_thesis() {
        let html = "<p>Before.</p><aside><h3>Note</h3><p>An aside.</p></aside>";
        let b = all(html);
        let kinds: Vec<_> = b.iter().map(|b| (b.kind.name(), b.text.as_str())).collect();
        assert_eq!(kinds, [("paragraph", "Before."), ("heading", "Note"), ("quote", "An aside.")]);
        let b = thesis(html);
        assert_eq!(
            b.iter().map(|b| b.kind.name()).collect::<Vec<_>>(),
            ["paragraph", "heading", "paragraph"]
        );
    }

    #[test]
    fn definition_lists_keep_their_terms_and_definitions() {
        let b = all("<dl><dt>Rod</dt><dd>A unit.</dd><dd>Also a pole.</dd></dl><ul><li>x<dl><dt>t</dt><dd><ul><li>y</li></ul></dd></dl></li></ul>");
        let kinds: Vec<_> = b.iter().map(|b| (b.kind.name(), b.level(), b.text.as_str())).collect();
        assert_eq!(
            kinds,
            [
                ("term", 0, "Rod"),
                ("definition", 0, "A unit."),
                ("definition", 0, "Also a pole."),
                ("listitem", 1, "x"),
                ("term", 0, "t"),
                // A list inside a definition counts the lists around it, not the `dl`.
                ("listitem", 2, "y"),
            ]
        );
        // As the thesis reads phase 4 (no `article`): list items, as before.
        let b = thesis("<dl><dt>Rod</dt><dd>A unit.</dd></dl>");
        assert_eq!(
            b.iter().map(|b| (b.kind.name(), b.level())).collect::<Vec<_>>(),
            [("listitem", 1), ("listitem", 1)]
        );
    }

    #[test]
    fn a_thread_is_posts_with_their_author_and_date() {
        let kinds = |html: &str| {
            all(html)
                .iter()
                .map(|b| (b.kind.name(), b.text.clone(), b.post().cloned()))
                .collect::<Vec<_>>()
        };
        let post = |a: Option<&str>, d: Option<&str>, blocks| {
            Some(Post { author: a.map(String::from), date: d.map(String::from), blocks })
        };
        // Discourse's crawler view: the author's name and the time are the header's, not a
        // paragraph of the post; a reply nested in a post has its own author.
        let got = kinds(
            "<div itemscope itemtype=\"http://schema.org/DiscussionForumPosting\"><div class=\"crawler-post-meta\"><span class=\"creator\" itemprop=\"author\" itemscope>\
             <a itemprop=\"url\" href=\"/u/ann\"><span itemprop=\"name\">ann</span></a></span><time itemprop=\"datePublished\" datetime=\"2024-08-04T11:30:48Z\" class=\"post-time\">Aug 4</time></div>\
             <div class=\"post\" itemprop=\"text\"><p>First post.</p>\
             <div itemscope itemtype=\"http://schema.org/Comment\"><span itemprop=\"author\">Bo Li</span><p>A reply.</p></div></div></div>",
        );
        assert_eq!(
            got,
            [
                ("post", "ann · Aug 4".into(), post(Some("ann"), Some("2024-08-04T11:30:48Z"), 1)),
                ("paragraph", "First post.".into(), None),
                ("post", "Bo Li".into(), post(Some("Bo Li"), None, 1)),
                ("paragraph", "A reply.".into(), None),
            ]
        );
        // Stack Exchange: the name written twice (a link, an `itemprop=name`), the editor's card
        // without `itemprop=author` first.
        let got = kinds(
            "<div class=\"answer\" itemscope itemtype=\"https://schema.org/Answer\"><div class=\"s-prose\" itemprop=\"text\"><p>Use a loop.</p></div>\
             <div class=\"user-info\"><div class=\"user-details\"><a href=\"/users/9/ed\">Ed Itor</a></div></div>\
             <div class=\"user-info\"><time itemprop=\"dateCreated\" datetime=\"2008-09-19T07:14:00\">answered Sep 19</time>\
             <div class=\"user-details\" itemprop=\"author\" itemscope><a href=\"/users/1/jo\">Jo Smith</a><span class=\"d-none\" itemprop=\"name\">Jo Smith</span></div></div></div>",
        );
        assert_eq!(
            got[0],
            (
                "post",
                "Jo Smith · answered Sep 19".into(),
                post(Some("Jo Smith"), Some("2008-09-19T07:14:00"), got.len() - 1)
            )
        );
        assert!(got[1..].iter().all(|g| !g.1.contains("answered Sep")), "{got:?}");
        // `<article>`s with an author and a time are posts when there are two; one alone is the
        // article. A date that is not one is not written.
        let art = |n: &str| {
            format!("<article><header><a rel=author href=/{n}>{n} Doe</a> <time datetime=\"2025-01-0{}\">then</time></header><p>Text {n}.</p></article>", n.len())
        };
        assert_eq!(
            kinds(&format!("{}{}", art("Ann"), art("Bob")))
                .iter()
                .filter(|g| g.0 == "post")
                .count(),
            2
        );
        assert!(kinds(&art("Ann")).iter().all(|g| g.0 != "post"));
        let bad = kinds("<div itemscope itemtype=\"https://schema.org/Comment\"><time datetime=\"2025&quot;><script>\">x</time><p>Body.</p></div>");
        // A `time` without text shows the day.
        assert_eq!(kinds("<div itemscope itemtype=\"https://schema.org/Comment\"><time datetime=\"2025-02-03T04:05\"></time><p>Body.</p></div>")[0].1, "2025-02-03");
        assert!(bad.iter().all(|g| g.0 != "post"), "{bad:?}");
        // Under the thesis's phase 4, no posts.
        let two = format!("{}{}", art("Ann"), art("Bob"));
        let b = thesis(&two);
        assert!(b.iter().all(|b| !matches!(b.kind, BlockKind::Post(_))));
    }

    #[test]
    fn posts_declared_only_in_json_ld_are_placed_on_the_elements_holding_their_text() {
        let ld = r#"{"@type":"DiscussionForumPosting","text":"The case has two little holes near the power supply: what are they for?",
            "author":{"@type":"Person","name":"Rabbit"},"datePublished":"2024-03-19T21:22:50+0000",
            "comment":[{"@type":"Comment","text":"Those hold the cable ties.\n\nThe manual says nothing about them, sadly.","author":{"name":"DevBiker"},"dateCreated":"2024-03-19 23:37"}]}"#;
        let page = |ld: &str| {
            format!(
                "<script type=\"application/ld+json\">{ld}</script><p>Topic</p><article><div class=card><b>Rabbit</b> <time datetime=2024-03-19>March 19</time></div><div class=post><p>The case has two little holes near the <a href=/psu>power supply</a>: what are they for?</p></div></article>\
                 <article><div class=card><b>DevBiker</b></div><div class=post><p>Those hold the cable ties.</p><p>The manual says nothing about them, sadly.</p></div><p>Quote</p></article><p>Footer</p>"
            )
        };
        let b = all(&page(ld));
        let shape: Vec<_> = b
            .iter()
            .map(|b| (b.kind.name(), b.text.as_str(), b.post().map(|p| p.blocks)))
            .collect();
        assert_eq!(
            shape,
            [
                ("paragraph", "Topic", None),
                ("post", "Rabbit · March 19", Some(1)),
                (
                    "paragraph",
                    "The case has two little holes near the power supply: what are they for?",
                    None
                ),
                ("post", "DevBiker · 2024-03-19", Some(3)),
                ("paragraph", "Those hold the cable ties.", None),
                ("paragraph", "The manual says nothing about them, sadly.", None),
                ("paragraph", "Quote", None),
                ("paragraph", "Footer", None),
            ]
        );
        // One post whose text the page does not hold: the other alone is no thread.
        assert!(all(&page(&ld.replace("Those hold", "These hold")))
            .iter()
            .all(|b| !matches!(b.kind, BlockKind::Post(_))));
        // Not under the thesis (posts are `kinds`).
        let html = page(ld);
        let page = Page::parse(&html, crate::preprocess::Preprocessing::thesis(LinkFilter::None));
        let chosen = vec![true; page.lines.len()];
        assert!(build(
            &page,
            &chosen,
            &Options::thesis(Algorithm::Danag),
            &posts::Structure::of(&page),
        )
        .iter()
        .all(|b| !matches!(b.kind, BlockKind::Post(_))));
    }

    #[test]
    fn a_post_ends_where_its_element_ends() {
        // Discourse: after the last post, the page's "Powered by Discourse" and its related
        // topics are not the last post's words; the blocks before the next post's header are the
        // post's only while they are read inside its element.
        let post = |n: &str, d: &str| {
            format!(
                "<div itemscope itemtype=\"http://schema.org/DiscussionForumPosting\"><span class=\"creator\" itemprop=\"author\"><span itemprop=\"name\">{n}</span></span>\
                 <time itemprop=\"datePublished\" datetime=\"2024-08-0{d}T10:00:00Z\">Aug {d}</time><div itemprop=\"text\"><p>Words of {n}.</p><ul><li>A point of {n}.</li></ul></div></div>"
            )
        };
        let page = format!("<main>{}<p>Between the posts.</p>{}</main><footer><p>Powered by Discourse.</p><h3>Related topics</h3></footer>", post("ann", "4"), post("bo", "5"));
        let b = all(&page);
        let got: Vec<_> = b
            .iter()
            .map(|b| (b.kind.name(), b.text.as_str(), b.post().map(|p| p.blocks)))
            .collect();
        assert_eq!(
            got,
            [
                ("post", "ann · Aug 4", Some(2)),
                ("paragraph", "Words of ann.", None),
                ("listitem", "A point of ann.", None),
                ("paragraph", "Between the posts.", None),
                ("post", "bo · Aug 5", Some(2)),
                ("paragraph", "Words of bo.", None),
                ("listitem", "A point of bo.", None),
                ("paragraph", "Powered by Discourse.", None),
                ("heading", "Related topics", None),
            ]
        );
        // The article HTML closes the last post after its list, before the footer's text.
        let html = crate::render::html(&b);
        assert!(
            html.contains(
                "A point of bo.</li></ul></article><p data-block=\"7\">Powered by Discourse.</p>"
            ),
            "{html}"
        );
        assert!(html.contains("A point of ann.</li></ul></article><p data-block=\"3\">Between the posts.</p><article>"), "{html}");
        // A post whose element was never closed holds the rest of the page.
        let open = all("<div itemscope itemtype=\"https://schema.org/Comment\"><span itemprop=\"author\">Cy</span><p>One.</p><p>Two.");
        assert_eq!(open[0].post().map(|p| p.blocks), Some(2));
    }

    #[test]
    fn a_definition_keeps_the_blocks_it_holds() {
        // Sphinx's API entry (a listing opening the definition), a definition holding a list and
        // two paragraphs, and a list after the definition list.
        let b = all("<dl><dt>f(x)</dt><dd><div class=\"highlight-python\"><pre>f(1)</pre></div><p>Calls f.</p><ul><li>one</li><li>two</li></ul><p>Then.</p></dd>\
                     <dt>g</dt><dd><ol><li>first</li></ol></dd></dl><ul><li>after</li></ul>");
        let got: Vec<_> =
            b.iter().map(|b| (b.kind.name(), b.in_definition, b.text.as_str())).collect();
        assert_eq!(
            got,
            [
                ("term", false, "f(x)"),
                ("preformatted", true, "f(1)"),
                ("definition", false, "Calls f."),
                ("listitem", true, "one"),
                ("listitem", true, "two"),
                ("definition", false, "Then."),
                ("term", false, "g"),
                ("listitem", true, "first"),
                ("listitem", false, "after"),
            ]
        );
        // Under the thesis's phase 4 nothing is held.
        let b = thesis("<dl><dt>g</dt><dd><ol><li>first</li></ol></dd></dl>");
        assert!(b.iter().all(|b| !b.in_definition));
    }

    #[test]
    fn footnotes_keep_numbered_in_page_anchors_never_the_page_ids() {
        let b = all("<p>Text<sup id=\"fnref:1\"><a href=\"#fn:1\">1</a></sup> and <a href=\"#nowhere\">a dead link</a>.</p>\
                     <ol><li id=\"fn:1\"><p>The note. <a href=\"#fnref:1\">back</a></p></li></ol>");
        assert_eq!(
            b[0].html,
            "Text<sup id=\"dana-ref-0\"><a href=\"#dana-ref-1\">1</a></sup> and a dead link."
        );
        assert_eq!(
            b[1].html,
            "<a id=\"dana-ref-1\"></a>The note. <a href=\"#dana-ref-0\">back</a>"
        );
        assert_eq!(b[1].text, "The note. back");
        // An anchor's target inside a link waits for the link's end: anchors do not nest.
        let b = all("<p><a href=\"https://x.org/\"><span id=\"n\">in</span> link</a> after <a href=\"#n\">to n</a></p>");
        assert_eq!(b[0].html, "<a href=\"https://x.org/\">in link</a><a id=\"dana-ref-0\"></a> after <a href=\"#dana-ref-0\">to n</a>");
    }

    #[test]
    fn links_resolve_and_unsafe_ones_lose_their_target() {
        let b = all("<p><a href=\"../x?a=1&amp;b=2\">ok</a> <a href=\"javascript:alert(1)\">bad</a> <a href=\" JaVa&#x09;script:x\">bad2</a></p>");
        assert_eq!(b[0].html, "<a href=\"https://example.org/x?a=1&amp;b=2\">ok</a> bad bad2");
    }

    #[test]
    fn unclosed_and_stray_tags_are_tolerated() {
        let b = all("</div></p><p>one<em>two<p>three</b></span>");
        let t: Vec<_> = b.iter().map(|b| b.text.as_str()).collect();
        assert_eq!(t, vec!["onetwo", "three"]);
        assert_eq!(b[0].html, "one<em>two</em>");
        // A stray end tag of an inline element does not close the blocks opened after it, as
        // in HTML: the heading stays a heading, the quote a quote (a 2000s page's footnote marks).
        let b = all("<p>Text.<sup>20</p><sup><h3></sup>Alternative patterns</h3><blockquote><span><p>Quoted</span> words.</p></blockquote>");
        let k: Vec<_> = b.iter().map(|b| (b.kind.name(), b.text.as_str())).collect();
        assert_eq!(
            k,
            [
                ("paragraph", "Text.20"),
                ("heading", "Alternative patterns"),
                ("quote", "Quoted words.")
            ]
        );
    }

    #[test]
    fn images_become_figures_with_captions() {
        let b = all("<figure><img src=\"/i.jpg\" alt=\"A cat\"><figcaption>The cat</figcaption></figure><img src=x.gif width=1 height=1>");
        assert_eq!(b.len(), 1);
        assert_eq!(b[0].kind.name(), "figure");
        assert_eq!(b[0].src(), Some("https://example.org/i.jpg"));
        assert_eq!(b[0].text, "The cat");
        assert_eq!(b[0].alt(), Some("A cat"));
    }

    #[test]
    fn an_image_between_chosen_lines_is_kept_a_linked_one_is_not() {
        let page = Page::parse("<p>One.</p><div><img src=/a.jpg></div><div><a href=/ad><img src=/b.jpg></a></div><p>Two.</p><img src=/c.jpg>", crate::preprocess::Preprocessing::thesis(LinkFilter::None));
        let mut chosen = vec![false; page.lines.len()];
        chosen[0] = true;
        *chosen.last_mut().unwrap() = false;
        let two = page.line_sources().iter().position(|l| l.contains("Two")).unwrap();
        chosen[two] = true;
        let b = build(
            &page,
            &chosen,
            &Options {
                algorithm: Algorithm::Danag,
                url: Some("https://example.org/".into()),
                ..Options::default()
            },
            &posts::Structure::of(&page),
        );
        let srcs: Vec<_> = b.iter().filter_map(|b| b.src()).collect();
        assert_eq!(srcs, vec!["https://example.org/a.jpg"]);
    }

    /// Builds with only the lines holding `needles` chosen; `captions` as in `build`.
    fn with_chosen(html: &str, needles: &[&str], captions: bool) -> Vec<Block> {
        let page = Page::parse(html, crate::preprocess::Preprocessing::thesis(LinkFilter::None));
        let sources = page.line_sources();
        let chosen: Vec<bool> =
            sources.iter().map(|l| needles.iter().any(|n| l.contains(n))).collect();
        build(
            &page,
            &chosen,
            &Options {
                algorithm: Algorithm::Danag,
                url: Some("https://example.org/".into()),
                media: captions,
                ..Options::default()
            },
            &posts::Structure::of(&page),
        )
    }

    #[test]
    fn a_kept_figure_reads_its_caption_and_credit_though_their_lines_were_not_chosen() {
        let html = "<p>One.</p><figure><img src=/a.jpg alt=A><figcaption>The harbour at dawn. <span class=credit>Photo: Jo</span></figcaption></figure><p>Two.</p>";
        let b = with_chosen(html, &["One.", "Two."], true);
        let kinds: Vec<_> = b.iter().map(|b| (b.kind.name(), b.text.as_str())).collect();
        assert_eq!(
            kinds,
            [
                ("paragraph", "One."),
                ("figure", "The harbour at dawn. Photo: Jo"),
                ("paragraph", "Two.")
            ]
        );
        // As the thesis reads phase 4 (no `media`): the image, but only chosen text.
        let b = with_chosen(html, &["One.", "Two."], false);
        assert_eq!(
            b.iter().map(|b| (b.kind.name(), b.text.as_str())).collect::<Vec<_>>(),
            [("paragraph", "One."), ("figure", ""), ("paragraph", "Two.")]
        );
    }

    #[test]
    fn a_chosen_caption_brings_in_its_image_and_classic_captions_bind_too() {
        // The figure stands before the first chosen line; its caption line was chosen.
        let html = "<div class=\"wp-caption\"><img src=/w.jpg><p class=\"wp-caption-text\">Caption text here</p></div><p>Body.</p>";
        let b = with_chosen(html, &["Caption text", "Body."], true);
        assert_eq!(
            b.iter().map(|b| (b.kind.name(), b.src(), b.text.as_str())).collect::<Vec<_>>(),
            [
                ("figure", Some("https://example.org/w.jpg"), "Caption text here"),
                ("paragraph", None, "Body.")
            ]
        );
        // A MediaWiki thumb, the image linked to its file page.
        let html = "<p>One.</p><div class=\"thumb tright\"><div class=\"thumbinner\"><a href=/f class=image><img src=/m.jpg></a><div class=\"thumbcaption\"><div class=magnify><a href=/f></a></div>The mill</div></div></div><p>Two.</p>";
        let b = with_chosen(html, &["One.", "Two."], true);
        assert_eq!(b[1].src(), Some("https://example.org/m.jpg"));
        assert_eq!(b[1].text, "The mill");
        // A caption whose image is no figure (an avatar) is a paragraph; a second empty image
        // of a lazy loader leaves the figure read.
        let b = all("<figure><img class=avatar src=/me.jpg><figcaption>About me</figcaption></figure><figure><img src=/x.jpg><img><figcaption>X</figcaption></figure>");
        assert_eq!(
            b.iter().map(|b| (b.kind.name(), b.text.as_str())).collect::<Vec<_>>(),
            [("paragraph", "About me"), ("figure", "X")]
        );
        // A box named for an image with its caption binds them; an image whose height the
        // template left at 0 is still a picture.
        let b = all("<div class=\"feat-image-with-caption alignright\"><img width=400 height=299 src=/l.jpg><p class=\"wp-caption-text\">Lerner, sworn in</p></div>\
                     <figure><img src=/z.jpg width=570 height=0><figcaption><span class=caption><p>The plan.</p></span><span class=credit>Photo: J.</span></figcaption></figure>");
        assert_eq!(
            b.iter().map(|b| (b.kind.name(), b.text.as_str())).collect::<Vec<_>>(),
            [("figure", "Lerner, sworn in"), ("figure", "The plan. Photo: J.")]
        );
    }

    #[test]
    fn image_urls_are_the_ones_the_browser_would_load() {
        let src = |html: &str| {
            all(html).iter().filter_map(|b| b.src().map(String::from)).collect::<Vec<_>>()
        };
        // `src` over a lazy attribute; the lazy attribute over a placeholder.
        assert_eq!(
            src("<img src=/real.jpg data-src=/other.jpg>"),
            ["https://example.org/real.jpg"]
        );
        assert_eq!(
            src("<img src=\"data:image/gif;base64,R0lG\" data-src=/lazy.jpg>"),
            ["https://example.org/lazy.jpg"]
        );
        assert_eq!(
            src("<img data-lazy-srcset=\"/l-400.jpg 400w, /l-900.jpg 900w\">"),
            ["https://example.org/l-900.jpg"]
        );
        // A `srcset` for a 700 px column; a picture's first matching source.
        assert_eq!(
            src("<img src=/s.jpg srcset=\"/s-300.jpg 300w, /s-768.jpg 768w, /s-1536.jpg 1536w\">"),
            ["https://example.org/s-768.jpg"]
        );
        assert_eq!(
            src("<picture><source type=image/jxl srcset=/p.jxl><source media=\"(max-width: 600px)\" srcset=/p-small.jpg><source type=image/webp srcset=/p.webp><img src=/p.jpg></picture>"),
            ["https://example.org/p.webp"]
        );
        assert_eq!(src("<picture><source media=\"(min-width: 2000px)\" srcset=/huge.jpg><img src=/p.jpg></picture><img src=/after.jpg>"), ["https://example.org/p.jpg", "https://example.org/after.jpg"]);
    }

    const TAX: &str = "<table><caption>Brackets <b>2026</b></caption><thead><tr><th>Rate</th><th colspan=\"2\">Income</th></tr></thead>\
        <tbody><tr><td rowspan=2>10%</td><td>$0</td><td><a href=\"/b\">$11,925</a></td></tr><tr><td>$11,926</td><td>$48,475</td></tr></tbody></table>";

    #[test]
    fn a_data_table_becomes_one_block_with_its_structure() {
        let b = all(&format!("<p>Before.</p>{TAX}<p>After.</p>"));
        let kinds: Vec<_> = b.iter().map(|b| b.kind.name()).collect();
        assert_eq!(kinds, ["paragraph", "table", "paragraph"]);
        let t = b[1].table().unwrap();
        assert_eq!(
            (t.caption.as_str(), t.caption_html.as_str(), t.head_rows),
            ("Brackets 2026", "Brackets <strong>2026</strong>", 1)
        );
        let shape: Vec<Vec<(&str, bool, u32, u32)>> = t
            .rows
            .iter()
            .map(|r| r.iter().map(|c| (c.text.as_str(), c.header, c.colspan, c.rowspan)).collect())
            .collect();
        assert_eq!(
            shape,
            vec![
                vec![("Rate", true, 1, 1), ("Income", true, 2, 1)],
                vec![("10%", false, 1, 2), ("$0", false, 1, 1), ("$11,925", false, 1, 1)],
                vec![("$11,926", false, 1, 1), ("$48,475", false, 1, 1)],
            ]
        );
        assert_eq!(t.rows[1][2].html, "<a href=\"https://example.org/b\">$11,925</a>");
        assert_eq!(b[1].text, "Brackets 2026\nRate\tIncome\n10%\t$0\t$11,925\n$11,926\t$48,475");
        assert_eq!(
            b[1].html,
            "<caption>Brackets <strong>2026</strong></caption>\n<thead><tr><th scope=\"col\">Rate</th>\t<th scope=\"col\" colspan=\"2\">Income</th></tr>\n\
             </thead><tbody><tr><td rowspan=\"2\">10%</td>\t<td>$0</td>\t<td><a href=\"https://example.org/b\">$11,925</a></td></tr>\n\
             <tr><td>$11,926</td>\t<td>$48,475</td></tr></tbody>"
        );
    }

    #[test]
    fn leading_rows_of_header_cells_are_header_rows_and_cells_keep_inline_content_only() {
        let b = all("<table><tr><th>Name</th><th>Use</th></tr><tr><th>awk</th><td><p>Scans <code>lines</code></p><ul><li>one</li><li>two</li></ul></td></tr>\
                     <tr><th>sed</th><td>Edits<br>streams</td></tr></table>");
        assert_eq!(b.len(), 1);
        let t = b[0].table().unwrap();
        assert_eq!(t.head_rows, 1);
        assert_eq!(t.rows[1][1].text, "Scans lines one two");
        assert_eq!(t.rows[1][1].html, "Scans <code>lines</code> one two");
        assert_eq!(t.rows[2][1].text, "Edits streams");
        // A row header in the body is a header cell; the rows are not all header rows.
        assert!(t.rows[1][0].header && !t.rows[1][1].header);
    }

    #[test]
    fn layout_tables_are_unwrapped() {
        let cells = |n: usize| (0..n).map(|i| format!("<td>cell {i}</td>")).collect::<String>();
        for (what, html) in [
            ("one column", format!("<table><tr>{}</tr><tr>{}</tr><tr>{}</tr></table>", cells(1), cells(1), cells(1))),
            ("one row", format!("<table><tr><th>a</th>{}</tr></table>", cells(3))),
            ("presentation", format!("<table role=presentation><tr><th>a</th>{}</tr><tr><th>b</th>{}</tr></table>", cells(2), cells(2))),
            ("prose in cells", format!("<table><tr><th>a</th><td>{}</td></tr><tr><th>b</th><td>x</td></tr></table>", "words ".repeat(200))),
            ("holds a heading", format!("<table><tr><th>a</th><td><h2>Title</h2></td></tr><tr>{}</tr></table>", cells(2))),
            // A heading is a row-group label only in a row's one cell, as wide as the table,
            // under a first row of header cells alone.
            ("a heading beside a cell", format!("<table><tr><th>a</th><th>b</th></tr><tr><td><h2>Title</h2></td>{}</tr><tr>{}</tr></table>", cells(1), cells(2))),
            ("a heading not as wide", format!("<table><tr><th>a</th><th>b</th><th>c</th></tr><tr><td colspan=2><h2>Title</h2></td></tr><tr>{}</tr></table>", cells(3))),
            ("a first row not all header", format!("<table><tr><th>a</th>{}</tr><tr><td colspan=2><h2>Title</h2></td></tr><tr>{}</tr></table>", cells(1), cells(2))),
            ("one header cell", format!("<table><tr><th colspan=2>a</th></tr><tr><td colspan=2><h2>Title</h2></td></tr><tr>{}</tr></table>", cells(2))),
            ("a heading in the header row", format!("<table><tr><th><h2>a</h2></th><th>b</th></tr><tr>{}</tr><tr>{}</tr></table>", cells(2), cells(2))),
        ] {
            let b = all(&html);
            assert!(b.iter().all(|b| b.kind == BlockKind::Paragraph || matches!(b.kind, BlockKind::Heading { .. })), "{what}: {b:?}");
        }
        // A table holding a table is layout; the inner one is data.
        let b = all(&format!("<table><tr><td><p>Side</p></td><td>{TAX}</td></tr></table>"));
        let kinds: Vec<_> = b.iter().map(|b| b.kind.name()).collect();
        assert_eq!(kinds, ["paragraph", "table"]);
        // Headings labelling groups of rows under a header row (an events listing) are a
        // data table's, kept in their cells.
        let b = all(&format!(
            "<table><tr><th>Town</th><th>Event</th></tr><tr><td colspan=\"2\"><p><a name=\"x\"><h4>Film club</h4></a></td></tr><tr>{}</tr><tr><td colspan=2><h4>Festivals</h4></td></tr><tr>{}</tr></table>",
            cells(2),
            cells(2)
        ));
        assert_eq!(b.iter().map(|b| b.kind.name()).collect::<Vec<_>>(), ["table"]);
        let rows = &b[0].table().unwrap().rows;
        assert_eq!(
            (rows.len(), rows[1][0].text.as_str(), rows[3][0].text.as_str()),
            (5, "Film club", "Festivals")
        );
        // Size alone makes a data table.
        let b = all(&format!(
            "<table>{}</table>",
            (0..10).map(|_| format!("<tr>{}</tr>", cells(2))).collect::<String>()
        ));
        assert_eq!(b.iter().map(|b| b.kind.name()).collect::<Vec<_>>(), ["table"]);
    }

    /// The blocks' kinds of `html` with every line chosen, with `grid` (`Options::data_tables`)
    /// on or off.
    fn grid(html: &str, on: bool) -> Vec<Block> {
        let page = Page::parse(html, crate::preprocess::Preprocessing::thesis(LinkFilter::None));
        build(
            &page,
            &vec![true; page.lines.len()],
            &Options { algorithm: Algorithm::Danag, data_tables: on, ..Options::default() },
            &posts::Structure::of(&page),
        )
    }

    #[test]
    fn rows_pairing_labels_with_values_are_a_data_table_without_header_cells() {
        let kinds = |b: &[Block]| b.iter().map(|b| b.kind.name()).collect::<Vec<_>>();
        let prices = "<table><tr><td>Apprentice</td><td>$45–$70</td></tr><tr><td>Journeyman</td><td>$70–$110</td></tr><tr><td>Master</td><td>$100–$160</td></tr></table>";
        assert_eq!(kinds(&grid(prices, true)), ["table"]);
        // Without `grid`, Readability's rule: six cells and no header cell are layout.
        assert_eq!(kinds(&grid(prices, false)), ["paragraph"; 6]);
        // A spanning label row and a cell spanning rows keep the rows a grid.
        let spans = "<table><tr><td colspan=2>Tour of the hills</td></tr><tr><td>Distance</td><td>157 mi</td></tr><tr><td rowspan=2>Winners</td><td>2024: A. Rider</td></tr><tr><td>2025: B. Rider</td></tr></table>";
        assert_eq!(kinds(&grid(spans, true)), ["table"]);
        // A first row of headings alone is the header row; its cells are header cells.
        let headed = "<table><tr><td><h4>Item</h4></td><td><h4>Price</h4></td></tr><tr><td>Basin</td><td>$180</td></tr></table>";
        let b = grid(headed, true);
        assert_eq!(kinds(&b), ["table"]);
        let t = b[0].table().unwrap();
        assert_eq!((t.head_rows, t.rows[0][0].header, t.rows[1][0].header), (1, true, false));
        assert!(grid(headed, false).iter().all(|b| b.table().is_none()));
        // What lays out a page is not a grid: a gutter of icons beside one column of text, a
        // table of links, cells holding boxes or lists, rows of different widths, prose, a
        // heading beside a cell.
        let icon = "<td><img src=\"https://example.org/i.png\" alt=\"\"></td>";
        for (what, html) in [
            ("a gutter", format!("<table><tr>{icon}<td>Welcome to the site of the club</td></tr><tr>{icon}<td>Fixtures and results</td></tr><tr>{icon}<td>Join us</td></tr></table>")),
            ("links", "<table><tr><td><a href=\"/a\">Home</a></td><td><a href=\"/b\">About us</a></td></tr><tr><td><a href=\"/c\">Contact</a></td><td><a href=\"/d\">Archive</a></td></tr></table>".to_string()),
            ("boxes", "<table><tr><td><div>News</div></td><td><div>Sport</div></td></tr><tr><td><ul><li>One</li></ul></td><td>Two</td></tr></table>".to_string()),
            ("ragged", "<table><tr><td>a</td><td>b</td><td>c</td></tr><tr><td>d</td><td>e</td></tr></table>".to_string()),
            ("prose", format!("<table><tr><td>Intro</td><td>{}</td></tr><tr><td>More</td><td>x</td></tr></table>", "words ".repeat(40))),
            ("a heading beside a cell", "<table><tr><td><h2>Title</h2></td><td>text</td></tr><tr><td>a</td><td>b</td></tr></table>".to_string()),
        ] {
            assert!(grid(&html, true).iter().all(|b| b.table().is_none()), "{what}");
        }
    }

    #[test]
    fn a_table_is_kept_whole_when_one_line_is_chosen_or_it_stands_between_chosen_lines() {
        let html = format!("<p>One.</p>{TAX}<p>Two.</p>{TAX}");
        let page = Page::parse(&html, crate::preprocess::Preprocessing::thesis(LinkFilter::None));
        let sources = page.line_sources();
        let line = |needle: &str| sources.iter().position(|l| l.contains(needle)).unwrap();
        let build_with = |lines: &[usize]| {
            let mut chosen = vec![false; page.lines.len()];
            lines.iter().for_each(|&l| chosen[l] = true);
            build(
                &page,
                &chosen,
                &Options { algorithm: Algorithm::Danag, ..Options::default() },
                &posts::Structure::of(&page),
            )
        };
        // Only the first paragraph and one cell of the first table: that table is whole, the
        // second (after the last chosen line) is not read.
        let b = build_with(&[line("One."), line("$48,475")]);
        let kinds: Vec<_> = b.iter().map(|b| b.kind.name()).collect();
        assert_eq!(kinds, ["paragraph", "table"]);
        assert_eq!(b[1].table().unwrap().rows.len(), 3);
        // Between the two chosen paragraphs, no line of the first table chosen: kept.
        let b = build_with(&[line("One."), line("Two.")]);
        assert_eq!(
            b.iter().map(|b| b.kind.name()).collect::<Vec<_>>(),
            ["paragraph", "table", "paragraph"]
        );
        // After the last chosen line, nothing of it chosen: not kept.
        let b = build_with(&[line("One.")]);
        assert_eq!(b.iter().map(|b| b.kind.name()).collect::<Vec<_>>(), ["paragraph"]);
    }

    /// The code blocks of `html`: (language, text, HTML).
    fn code(html: &str) -> Vec<(Option<String>, String, String)> {
        all(html)
            .into_iter()
            .filter(|b| matches!(b.kind, BlockKind::Preformatted { .. }))
            .map(|b| (b.code_lang().map(String::from), b.text, b.html))
            .collect()
    }

    #[test]
    fn the_language_is_read_where_highlighters_write_it() {
        let lang = |html: &str| code(html).pop().and_then(|c| c.0);
        assert_eq!(
            lang("<pre><code class=\"hljs language-JavaScript\">x</code></pre>").as_deref(),
            Some("javascript")
        );
        assert_eq!(lang("<pre class=\"prettyprint lang-c++\">x</pre>").as_deref(), Some("c++"));
        assert_eq!(
            lang("<pre class=\"brush: csharp; gutter: false\">x</pre>").as_deref(),
            Some("csharp")
        );
        assert_eq!(lang("<pre class=\"brush:py\">x</pre>").as_deref(), Some("py"));
        assert_eq!(
            lang("<div class=\"highlight highlight-source-shell\"><pre>x</pre></div>").as_deref(),
            Some("shell")
        );
        assert_eq!(
            lang("<div class=\"highlight-text-html-basic\"><pre>x</pre></div>").as_deref(),
            Some("html")
        );
        assert_eq!(lang("<div class=\"language-yaml codeBlockContainer\"><div class=\"codeBlockContent\"><pre>x</pre></div></div>").as_deref(), Some("yaml"));
        assert_eq!(
            lang("<pre tabindex=0><code data-lang=\"go\">x</code></pre>").as_deref(),
            Some("go")
        );
        assert_eq!(
            lang("<pre class=\"astro-code\" data-language=\"f#\">x</pre>").as_deref(),
            Some("f#")
        );
        // No language, or none we may write: Prism's "none", a value outside the allowlist, an
        // ancestor three levels up (an article's `lang-en` is not a language of code).
        for html in [
            "<pre>x</pre>",
            "<pre class=\"language-none\">x</pre>",
            "<pre class=\"language-a&quot;b\">x</pre>",
            "<pre class='language-\"><script>'>x</pre>",
            "<pre class=\"language-abcdefghijklmnopqrstuvwxyz0123456789\">x</pre>",
            "<div class=\"lang-en\"><div><div><pre>x</pre></div></div></div>",
        ] {
            assert_eq!(lang(html), None, "{html}");
        }
        // The language is written as the one class of `code`; a `pre` holding `code` is code.
        assert_eq!(
            code("<pre class=\"language-rust\"><span>fn</span> main() {}</pre>")[0].2,
            "<code class=\"language-rust\">fn main() {}</code>"
        );
        assert_eq!(code("<pre><code>a &lt; b</code></pre>")[0].2, "<code>a &lt; b</code>");
        assert_eq!(code("<pre>  /\\_/\\</pre>")[0].2, "  /\\_/\\");
    }

    #[test]
    fn highlighter_markup_and_gutters_leave_the_code_as_written() {
        // Token spans, lines drawn with `br` (Docusaurus), line anchors (MkDocs).
        let c = code("<pre class=\"prism-code language-yaml\"><code><span class=\"token-line\"><span class=\"token key\">a</span>:<br></span><span class=\"token-line\">  b: <span class=\"token string\">\"1\"</span><br></span></code></pre>");
        assert_eq!(c[0].1, "a:\n  b: \"1\"");
        // Pygments' table: the gutter cell goes, the code's leading `<span></span>` is nothing.
        let c = code("<div class=\"highlight-python\"><table class=\"highlighttable\"><tr><td class=\"linenos\"><div class=\"linenodiv\"><pre>1\n2</pre></div></td>\
             <td class=\"code\"><div class=\"highlight\"><pre><span></span><span class=\"k\">if</span> x:\n\tpass\n</pre></div></td></tr></table></div>");
        assert_eq!(
            c,
            [(
                Some("python".into()),
                "if x:\n\tpass".into(),
                "<code class=\"language-python\">if x:\n\tpass</code>".into()
            )]
        );
        // Rouge's table inside `code.language-ruby`.
        let c = code("<figure class=\"highlight\"><pre><code class=\"language-ruby\" data-lang=\"ruby\"><table class=\"rouge-table\"><tbody><tr>\
             <td class=\"gutter gl\"><pre class=\"lineno\">1\n2\n</pre></td><td class=\"code\"><pre>def a\nend\n</pre></td></tr></tbody></table></code></pre></figure>");
        assert_eq!(c[0].0.as_deref(), Some("ruby"));
        assert_eq!(c[0].1, "def a\nend");
        // highlight.js's line-number plugin: a row a line, an empty line kept, the numbers
        // (drawn from an attribute) never text.
        let row = |n: u32, code: &str| {
            format!("<tr><td class=\"hljs-ln-line hljs-ln-numbers\" data-line-number=\"{n}\"><div class=\"hljs-ln-n\" data-line-number=\"{n}\"></div></td><td class=\"hljs-ln-line hljs-ln-code\">{code}</td></tr>")
        };
        let c = code(&format!("<pre><code class=\"hljs language-js\"><table class=\"hljs-ln\"><tbody>{}{}{}</tbody></table></code></pre>", row(1, "a();"), row(2, ""), row(3, "  b();")));
        assert_eq!(c[0].1, "a();\n\n  b();");
        // A gutter with no class we know: a cell of consecutive numbers. Chroma's `lnt` spans.
        let c = code("<table class=\"lntable\"><tr><td><pre><code><span class=\"lnt\">1\n</span><span class=\"lnt\">2\n</span></code></pre></td><td><pre><code class=\"language-go\">x := 1\ny := 2</code></pre></td></tr></table>");
        assert_eq!((c[0].0.as_deref(), c[0].1.as_str()), (Some("go"), "x := 1\ny := 2"));
        let c = code("<table class=\"highlighttable\"><tr><td><pre>1\n2\n3</pre></td><td><pre>a\nb\nc</pre></td></tr></table>");
        assert_eq!(c[0].1, "a\nb\nc");
        // Inline numbers (Pygments `linenos=inline`), Prism's rows are `aria-hidden`.
        let c = code("<pre><span class=\"linenos\">1</span>a\n<span class=\"linenos\">2</span>b</pre><pre class=\"line-numbers\"><code>c<span aria-hidden=\"true\" class=\"line-numbers-rows\"><span></span></span></code></pre>");
        assert_eq!(c.iter().map(|c| c.1.as_str()).collect::<Vec<_>>(), ["a\nb", "c"]);
        // Lines drawn as `div`s.
        assert_eq!(
            code("<pre><div class=\"line\">a</div><div class=\"line\">  b</div></pre>")[0].1,
            "a\n  b"
        );
    }

    #[test]
    fn a_code_block_is_kept_whole_when_one_line_is_chosen_or_it_stands_between_chosen_lines() {
        let listing = "<pre><code class=\"language-sh\"><span class=\"c\"># one</span><br><span class=\"k\">two</span><br>three</code></pre>";
        let html = format!("<p>One.</p>{listing}<p>Two.</p>{listing}");
        let page = Page::parse(&html, crate::preprocess::Preprocessing::thesis(LinkFilter::None));
        let sources = page.line_sources();
        let line = |needle: &str| sources.iter().position(|l| l.contains(needle)).unwrap();
        let build_with = |lines: &[usize], whole: bool| {
            let mut chosen = vec![false; page.lines.len()];
            lines.iter().for_each(|&l| chosen[l] = true);
            build(
                &page,
                &chosen,
                &Options {
                    algorithm: Algorithm::Danag,
                    article: whole,
                    threads: whole,
                    data_tables: whole,
                    ..Options::default()
                },
                &posts::Structure::of(&page),
            )
            .into_iter()
            .map(|b| (b.kind.name(), b.text))
            .collect::<Vec<_>>()
        };
        let pre = |t: &str| ("preformatted", t.to_string());
        let p = |t: &str| ("paragraph", t.to_string());
        // One line of the first listing chosen: all of it, once; the second is after the last
        // chosen line.
        assert_eq!(
            build_with(&[line("One."), line("two")], true),
            [p("One."), pre("# one\ntwo\nthree")]
        );
        // Between chosen lines, none of its own chosen: kept.
        assert_eq!(
            build_with(&[line("One."), line("Two.")], true),
            [p("One."), pre("# one\ntwo\nthree"), p("Two.")]
        );
        // Without `whole_code` (the thesis's phase 4), only the chosen line.
        assert_eq!(build_with(&[line("One."), line("two")], false), [p("One."), pre("two")]);
    }

    #[test]
    fn tables_and_code_inside_one_another_are_read_once() {
        // A listing in a data table's cell is the cell's text; a data table after it is still
        // a table.
        let cells = |n: usize| (0..n).map(|i| format!("<td>cell {i}</td>")).collect::<String>();
        let table = format!("<table><tr><th>a</th><th>b</th></tr><tr><td><pre>x = 1</pre></td><td>y</td></tr></table><pre>z</pre><table><tr><th>h</th><th>i</th></tr><tr>{}</tr></table>", cells(2));
        let kinds: Vec<_> = all(&table).iter().map(|b| b.kind.name()).collect();
        assert_eq!(kinds, ["table", "preformatted", "table"]);
    }

    #[test]
    fn r2l_keeps_only_right_to_left_characters() {
        let page = Page::parse(
            "<p>سلام <b>world</b> دنیا</p>",
            crate::preprocess::Preprocessing::thesis(LinkFilter::None),
        );
        let b = build(
            &page,
            &[true],
            &Options { algorithm: Algorithm::R2l, ..Options::default() },
            &posts::Structure::of(&page),
        );
        assert_eq!(b[0].text, "سلام دنیا");
    }
}
