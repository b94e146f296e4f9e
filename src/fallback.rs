//! A second reading of a page on which no line rises above the axis (`Options::fallback`).
//!
//! Phase 2 keeps the lines with more text than code (eq. 4.3). On some pages of today no line
//! does, though the browser shows plenty of text:
//!
//! - **Attribute soup.** Utility-class frameworks write every paragraph as
//!   `<p class="mt-4 text-base leading-7 text-gray-600 dark:text-gray-400 …">`, and wrappers
//!   carry data attributes longer than their text. The page is read again with every start
//!   tag weighed by its name alone, as `Options::media` weighs images and Filter 3 (4.6.1)
//!   normalises links; anchors keep Filter 3's weight, so link lists stay code.
//! - **Text only for readers without scripts.** Discourse forums and some single-page apps
//!   render the body with script and put a server-rendered copy in `<noscript>`. When that
//!   copy holds more text than everything else the page shows, it is read instead.
//!
//! Only a page that gives no region at all is read again, so every other page's result is
//! exactly what the first reading gives; but with `Options::noscript_copy`, a page whose
//! `<noscript>` copy (not escaped markup) holds more text than the page shows is read from the
//! copy even when a banner or a cookie notice of the script-rendered page gives a region.

use crate::density;
use crate::options::{Algorithm, Options};
use crate::preprocess::{Page, Preprocessing, Tok};
use crate::settings::fallback::{
    DESCRIPTION_WORDS, FOOTER_SHARE, HEADLINE_GAP, SCANT_LINE, SCANT_SHARE, SCANT_TEXT,
    SENTENCE_WORDS, SIDEBAR_RUNNERS_UP, SIDEBAR_TEXT,
};

/// The page `extract` works on: `html` read as `options` asks, or, with `options.fallback`
/// and no region above the axis, the better of the two second readings. With
/// `options.noscript_copy` as well, a page whose `<noscript>` copy holds more text than the
/// page shows is read from the copy whether or not it has a region.
pub fn page<'a>(html: &'a str, options: &Options) -> Page<'a> {
    let how = Preprocessing::of(options);
    let mut page = Page::parse(html, how);
    if !options.fallback {
        return page;
    }
    // A script-rendered page (Discourse's topics) often shows a site banner or a cookie notice
    // that rises above the axis on its own; the posts are only in the copy. So with
    // `noscript_copy` the copy is weighed first; the comparison of text stays the guard.
    if options.noscript_copy && read_noscript_copy(&mut page, how, true) {
        return page;
    }
    if has_region(&page, options.algorithm) {
        return page;
    }
    if !options.noscript_copy && read_noscript_copy(&mut page, how, false) {
        return page;
    }
    let bare = Page::parse(html, Preprocessing { bare_tags: true, ..how });
    if has_region(&bare, options.algorithm) {
        bare
    } else {
        page
    }
}

/// Replaces the body of `page` by its `<noscript>` copy when that copy holds more text than
/// the page shows, and says whether it did. With `skip_escaped`, a `<noscript>` whose content
/// is escaped markup (`&lt;div …`: a template or a tracking pixel written as text, which a
/// reader without scripts would see as code) is no copy: its "text" is its tags.
fn read_noscript_copy(page: &mut Page<'_>, how: Preprocessing, skip_escaped: bool) -> bool {
    let noscript: String = page
        .head
        .noscript
        .iter()
        .filter(|n| !(skip_escaped && n.trim_start().starts_with("&lt;")))
        .map(String::as_str)
        .collect();
    let page_text = text_chars(page);
    // The copy's raw length bounds its text: most pages need no second parse.
    if noscript.len() as u64 <= page_text {
        return false;
    }
    let copy = Page::parse(&noscript, how);
    if text_chars(&copy) <= page_text {
        return false;
    }
    // The head (title, metadata, JSON-LD) is the page's own; the body is the copy's.
    page.toks = copy.toks.into_iter().map(Tok::into_owned).collect();
    page.weights = copy.weights;
    page.line_of = copy.line_of;
    page.lines = copy.lines;
    page.element_ids = copy.element_ids;
    true
}

/// Whether phase 2 finds a region with content on `page` (what Algorithm 1 needs to start):
/// eq. 4.2 and 4.3 line by line, stopping at the first such region, so that a page with an
/// article (nearly every page) pays for a few lines, not for a second pass.
fn has_region(page: &Page, algorithm: Algorithm) -> bool {
    let d = |i: usize| {
        page.lines.get(i).map_or((0, 0), |line| {
            let (t1, t2) = density::line_counts(page, line, algorithm);
            (i64::from(t1) - i64::from(t2), t1)
        })
    };
    let (mut prev, mut cur) = (0i64, d(0));
    let mut chars = 0u64; // T1 of the region so far
    for i in 0..page.lines.len() {
        let next = d(i + 1);
        if prev + cur.0 + next.0 > 0 {
            chars += u64::from(cur.1);
            if chars > 0 {
                return true;
            }
        } else {
            chars = 0;
        }
        (prev, cur) = (cur.0, next);
    }
    false
}

/// The last resort when even the second readings find no region: every line with text. A
/// reader shown the page's whole text can still read it; an empty one cannot (measured:
/// docs/EVALUATION.md).
pub fn all_text(t1: &[u32]) -> Vec<bool> {
    t1.iter().map(|&t| t > 0).collect()
}

/// With `Options::scant`, a choice below [`SCANT_TEXT`] characters of content (T1) and below
/// 1/[`SCANT_SHARE`] of the page's, none of whose lines is a paragraph ([`SCANT_LINE`]): a
/// promotion banner or a "sign in" prompt chosen on a shop's grid, a listing or a front page,
/// whose item titles are links that Filter 3 weighs as code. Their gold, and what a reader
/// needs, is the page's text (measured: docs/EVALUATION.md, "Each refinement").
pub fn is_scant(t1: &[u32], chosen: &[bool]) -> bool {
    let taken = || t1.iter().zip(chosen).filter(|(_, &c)| c).map(|(&t, _)| u64::from(t));
    let (text, all) = (taken().sum::<u64>(), t1.iter().map(|&t| u64::from(t)).sum::<u64>());
    text > 0 && text < SCANT_TEXT && text * SCANT_SHARE < all && taken().all(|t| t < SCANT_LINE)
}

/// Whether a scant choice is nonetheless a short article: the page's headline (chapter 5)
/// stands in it or right above it (the headline as the upper bound of the article, 7.2.1) with
/// a sentence under it, or it holds the opening of the description the page declares
/// (`description`, `og:description`), which a short post's generator writes from its first
/// sentence. A banner, a "sign in" prompt or a copyright line on a listing is neither
/// (measured: docs/EVALUATION.md, "Each refinement").
pub fn is_short_article(
    page: &Page,
    t1: &[u32],
    chosen: &[bool],
    headline_line: Option<usize>,
) -> bool {
    let Some(first) = chosen.iter().position(|&c| c) else { return false };
    let text = chosen_text(page, chosen);
    let under_headline = headline_line.is_some_and(|h| {
        chosen.get(h) == Some(&true)
            || (h < first
                && t1[h + 1..first].iter().map(|&t| u64::from(t)).sum::<u64>() < HEADLINE_GAP)
    });
    if under_headline && has_sentence(&text) {
        return true;
    }
    let words = |s: &str| {
        s.split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect::<Vec<_>>()
    };
    let chosen_words = words(&text);
    page.head
        .meta_contents(&["name", "property"], "description")
        .chain(page.head.meta_contents(&["property", "name"], "og:description"))
        .any(|d| {
            let lead: Vec<String> = words(&d).into_iter().take(DESCRIPTION_WORDS).collect();
            lead.len() == DESCRIPTION_WORDS
                && chosen_words.windows(DESCRIPTION_WORDS).any(|w| w == lead.as_slice())
        })
}

/// With `Options::footer`, whether Algorithm 1's chosen chain (the chosen `regions`) is the
/// page's legal footer: it starts in the last 1/[`FOOTER_SHARE`] of the page's lines and its
/// text carries a copyright notice (`©`, "copyright", "all rights reserved"), as a site's
/// footer does on every page. On an old or sparse page the footer's one long paragraph of
/// trademarks or sponsors can be the densest chain (thesis 4.7: the density model sees no
/// structure); the notice and the place are the web's convention for boilerplate, not a
/// site's. An article about copyright that ends the page is a chain that starts above the
/// last quarter, so it stays (measured: docs/EVALUATION.md, "Each refinement"). With `names`
/// (`Options::footer_names`), a chain with content in the last quarter that stands inside an
/// element named a footer or a sidebar is the page's chrome too, notice or not
/// (`in_named`; ninth round).
pub fn is_footer(page: &Page, regions: &[crate::Region], names: bool) -> bool {
    let Some(start) = regions.iter().filter(|r| r.chosen).map(|r| r.start).min() else {
        return false;
    };
    if start * FOOTER_SHARE < (FOOTER_SHARE - 1) * page.lines.len() {
        return false;
    }
    let mut chosen = vec![false; page.lines.len()];
    for r in regions.iter().filter(|r| r.chosen) {
        chosen[r.start..=r.end].iter_mut().for_each(|c| *c = true);
    }
    let text = chosen_text(page, &chosen).to_lowercase();
    text.contains('©') || text.contains("copyright") || text.contains("all rights reserved")
        // A chain of link lines only (no content left after Filter 3) is a listing's stream
        // of headlines, which its gold keeps (modern 2966).
        || (names
            && regions.iter().any(|r| r.chosen && r.chars > 0)
            && in_named(page, start, names_footer))
}

/// With `Options::footer_names`, whether the first text at or after line `line` stands
/// inside an element whose `id` or `class` the test `names` accepts: [`names_footer`], the
/// names site templates give the chrome around the article when they do not use the `footer`
/// and `aside` elements that `prune` drops, or [`names_sidebar`]. Asked of one or a few lines
/// of a page, so the scan of the tokens before them is paid once or so. (As a rule for dropping
/// such elements everywhere, names cost recall on every set: `preprocess::is_boilerplate`.)
fn in_named(page: &Page, line: usize, names: fn(&str) -> bool) -> bool {
    let Some(end) = page
        .lines
        .get(line)
        .and_then(|l| (l.start..page.toks.len()).find(|&i| page.weights[i].text > 0))
    else {
        return false;
    };
    // The open elements, each with whether it is named so (tolerant nesting, as
    // `blocks` reads it: an end tag closes the nearest open element of its name).
    let mut open: Vec<(&str, bool)> = Vec::new();
    for tok in &page.toks[..end] {
        match tok {
            Tok::Start { name, self_closing: false, .. } if !crate::html::is_void(name) => {
                open.push((
                    name,
                    [tok.attr("id"), tok.attr("class")].into_iter().flatten().any(names),
                ));
            }
            Tok::End { name } => {
                if let Some(pos) = open.iter().rposition(|e| e.0 == name) {
                    open.truncate(pos);
                }
            }
            _ => {}
        }
    }
    open.iter().any(|e| e.1)
}

/// Whether an `id` or `class` value has a word that names a sidebar: one that begins with
/// `sidebar` and goes on with no letter (`sidebar`, `sidebar2`, `sidebar_2`,
/// `sidebar-wrapper`). A layout that names its sidebar in the article's container
/// (`content-with-sidebar`, `p-body-main--withSidebar`, `SidebarLayoutContent`) is not one
/// (modern 2684, 0153).
fn names_sidebar(value: &str) -> bool {
    value.split_ascii_whitespace().any(|word| {
        word.get(..7).is_some_and(|head| head.eq_ignore_ascii_case("sidebar"))
            && !word[7..].starts_with(|c: char| c.is_ascii_alphabetic())
    })
}

/// Whether an `id` or `class` value names a footer or a sidebar: `footer` or `sidebar` in any
/// word (`realfooter`, `site-footer`, `sidebar_2`), or `foot` as a whole word (`blq-foot`).
/// `widget` is not enough: some blogs write the post itself as a widget (dragnet T178).
fn names_footer(value: &str) -> bool {
    let v = value.to_ascii_lowercase();
    v.contains("footer")
        || v.contains("sidebar")
        || v.split(|c: char| !c.is_ascii_alphanumeric()).any(|w| w == "foot")
}

/// With `Options::footer` (and `fallback`), when Algorithm 1's choice in `regions` is the
/// page's chrome, the chain to choose instead; `None` when the choice stays.
///
/// - The page's legal footer ([`is_footer`]): the chain Algorithm 1 chooses without it,
///   provided that chain stands wholly above the footer; not when `scant` already replaces the
///   footer by the page's text (under [`SCANT_TEXT`] characters on a page of ten times more: a
///   listing's reader needs its text, not the chain above its footer, modern 3068).
/// - With `Options::footer_names`, a choice anywhere whose largest region stands in a sidebar
///   ([`names_sidebar`]): on a blog whose post is a line or two, the sidebar's "About me" box
///   or profile is the densest chain (dragnet's Blogger and WordPress widgets); a choice of
///   more than [`SIDEBAR_TEXT`] characters is not such a box. The first of
///   the next [`SIDEBAR_RUNNERS_UP`] chains whose largest region stands in no sidebar or
///   footer is chosen instead.
pub fn instead_of_chrome(
    page: &Page,
    regions: &[crate::Region],
    t1: &[u32],
    t2: &[u32],
    gap: usize,
    title_bound: Option<usize>,
    options: &Options,
) -> Option<Vec<usize>> {
    if !(options.fallback && options.footer) {
        return None;
    }
    let runners_up = |taken: &[bool], n| {
        crate::regions::runners_up(regions, gap, title_bound, options.cluster, taken, n, 0)
    };
    if is_footer(page, regions, options.footer_names) {
        let taken = crate::regions::chosen_lines(regions, t1, t2, false);
        if options.scant && is_scant(t1, &taken) {
            return None;
        }
        let start = taken.iter().position(|&t| t)?;
        return runners_up(&taken, 1)
            .pop()
            .filter(|chain| chain.iter().all(|&i| regions[i].end < start));
    }
    // A sidebar's box is short: the rest of the test (a scan of the tokens) is paid only for
    // such a choice.
    let chosen_chars: u64 = regions.iter().filter(|r| r.chosen).map(|r| r.chars).sum();
    if !options.footer_names || chosen_chars > SIDEBAR_TEXT {
        return None;
    }
    // The line the largest of a chain's regions starts on.
    let main_line = |chain: &[usize]| {
        chain.iter().map(|&i| &regions[i]).max_by_key(|r| r.chars).map(|r| r.start)
    };
    let chosen: Vec<usize> = (0..regions.len()).filter(|&i| regions[i].chosen).collect();
    if !in_named(page, main_line(&chosen)?, names_sidebar) {
        return None;
    }
    // `names_footer` accepts every sidebar name too: one scan asks both.
    let taken = crate::regions::chosen_lines(regions, t1, t2, false);
    runners_up(&taken, SIDEBAR_RUNNERS_UP)
        .into_iter()
        .find(|chain| main_line(chain).is_some_and(|line| !in_named(page, line, names_footer)))
}

/// The text of the chosen lines, a space between tokens.
pub fn chosen_text(page: &Page, chosen: &[bool]) -> String {
    let mut text = String::new();
    for (line, _) in page.lines.iter().zip(chosen).filter(|(_, &c)| c) {
        for tok in &page.toks[line.start..line.end] {
            if let Tok::Text(t) = tok {
                text.push_str(t);
                text.push(' ');
            }
        }
    }
    text
}

/// Whether `text` holds a sentence: at least [`SENTENCE_WORDS`] words ending in `.`, `!` or `?`.
fn has_sentence(text: &str) -> bool {
    text.split_inclusive(['.', '!', '?']).any(|s| {
        s.ends_with(['.', '!', '?'])
            && s.split_whitespace().filter(|w| w.chars().any(char::is_alphabetic)).count()
                >= SENTENCE_WORDS
    })
}

/// Characters of text on the page.
fn text_chars(page: &Page) -> u64 {
    page.weights.iter().map(|w| u64::from(w.text)).sum()
}

#[cfg(test)]
mod tests {
    use crate::{extract, Options};

    /// A paragraph as utility-class frameworks write it: more attribute than text.
    fn soup(text: &str) -> String {
        format!(
            "<div class=\"flex flex-col items-start gap-4 md:flex-row md:items-center lg:gap-8\" data-testid=\"rich-text-block\">\
             <p class=\"mt-4 max-w-prose text-base leading-7 text-gray-600 dark:text-gray-400 sm:text-lg sm:leading-8 lg:mt-6\">{text}</p></div>"
        )
    }

    #[test]
    fn a_few_short_lines_on_a_page_of_text_are_scant_but_a_paragraph_is_not() {
        use super::is_scant;
        // A 90-character banner chosen on a page of 2,000 characters.
        let mut t1 = vec![90, 0, 0];
        t1.extend(std::iter::repeat_n(40, 48));
        let chosen: Vec<bool> = (0..t1.len()).map(|l| l == 0).collect();
        assert!(is_scant(&t1, &chosen));
        assert!(
            !is_scant(&t1, &vec![false; t1.len()]),
            "nothing chosen is the fallback's, not this rule's"
        );
        // A short article: one paragraph of 300 characters.
        t1[0] = 300;
        assert!(!is_scant(&t1, &chosen));
        // A banner on a page with less than ten times its text.
        let (t1, chosen) = (vec![90, 200, 300], vec![true, false, false]);
        assert!(!is_scant(&t1, &chosen));
    }

    #[test]
    fn a_short_post_under_its_headline_or_repeating_its_description_is_not_scant() {
        // A blog post of two short paragraphs above a grid of thirty teasers with ten times its
        // text: `is_scant` holds for it, the headline and the description say it is the article.
        let html = include_str!("../tests/golden/short-blog-post/input.html");
        let post = "A short note on printing with dried corn husks";
        let teaser = "Working on the wool takes an afternoon";
        let on = extract(html, &Options::default());
        assert!(on.text.starts_with(post) && !on.text.contains(teaser), "{:?}", on.text);
        let description = "<meta name=\"description\" content=\"A short note on printing with dried corn husks: roll the paint thin and press the husk flat for a clean print.\">";
        let headline = "<header class=\"entry-header\"><h1 class=\"entry-title\">Printing on corn husks</h1></header>";
        assert!(html.contains(description) && html.contains(headline));
        // Either sign alone keeps the post.
        for page in [html.replace(description, ""), html.replace(headline, "")] {
            let text = extract(&page, &Options::default()).text;
            assert!(text.starts_with(post) && !text.contains(teaser), "{text:?}");
        }
        // With neither, the two paragraphs are a scant choice and the page's text is taken.
        let bare = html.replace(description, "").replace(headline, "");
        let text = extract(&bare, &Options::default()).text;
        assert!(text.contains(post) && text.contains(teaser), "{text:?}");
        let text = extract(&bare, &Options { scant: false, ..Options::default() }).text;
        assert!(text.starts_with(post) && !text.contains(teaser), "{text:?}");
    }

    #[test]
    fn footers_and_sidebars_are_known_by_their_names_but_not_footnotes_or_widgets() {
        use super::names_footer;
        for name in [
            "footer",
            "site-footer",
            "realfooter",
            "blq-foot blq-rst",
            "sidebar_2 sidebar",
            "SideBar",
        ] {
            assert!(names_footer(name), "{name}");
        }
        for name in
            ["footnote", "football-scores", "widget widget_text", "entry-content", "post-body"]
        {
            assert!(!names_footer(name), "{name}");
        }
    }

    #[test]
    fn sidebars_are_known_by_a_word_that_begins_so() {
        use super::names_sidebar;
        for name in ["sidebar", "sidebar section", "sidebar_2", "SideBar2", "sidebar-wrapper"] {
            assert!(names_sidebar(name), "{name}");
            // `instead_of_chrome` asks `names_footer` alone of the chain it takes instead.
            assert!(super::names_footer(name), "{name}");
        }
        for name in [
            "content-with-sidebar",
            "p-body-main--withSidebar",
            "SidebarLayoutStyles__StyledSidebarLayoutContent-sc-34ac18c2-6",
            "sidebars",
            "widget Profile",
        ] {
            assert!(!names_sidebar(name), "{name}");
        }
    }

    #[test]
    fn attribute_soup_is_read_by_tag_names() {
        let html = format!(
            "<html><body><main>{}{}{}</main></body></html>",
            soup("The first paragraph of the article says what happened."),
            soup("The second paragraph says why it matters to the reader."),
            soup("The third paragraph says what happens next, and when."),
        );
        let off = extract(&html, &Options { fallback: false, ..Options::default() });
        assert!(
            off.text.is_empty(),
            "without the fallback no line rises above the axis: {:?}",
            off.text
        );
        let on = extract(&html, &Options::default());
        assert!(
            on.text.contains("first paragraph") && on.text.contains("third paragraph"),
            "{:?}",
            on.text
        );
    }

    #[test]
    fn noscript_copy_is_read_when_the_page_shows_nothing_else() {
        let post = "<article><h1>Sensor shows unavailable</h1><p>After the update my temperature sensor shows unavailable in the dashboard; the logs say nothing.</p>\
                    <p>Same here since yesterday. Reloading the integration fixed it for me, try that first.</p></article>";
        let html = format!(
            "<html><head><title>Sensor shows unavailable - Forum</title></head><body>\
             <section id=\"splash\"><div class=\"spinner\" style=\"--n:1\"></div></section>\
             <noscript>{post}</noscript><div id=\"app\"></div></body></html>"
        );
        let off = extract(&html, &Options { fallback: false, ..Options::default() });
        assert!(off.text.is_empty(), "{:?}", off.text);
        let on = extract(&html, &Options::default());
        assert!(
            on.text.contains("temperature sensor") && on.text.contains("Reloading the integration"),
            "{:?}",
            on.text
        );
        assert_eq!(on.title, "Sensor shows unavailable");
    }

    #[test]
    fn a_shell_page_is_read_from_its_copy_though_a_banner_gives_a_region() {
        let posts = "<div class=\"post\"><p>After the update my temperature sensor shows unavailable in the dashboard; the logs say nothing at all.</p></div>\
                     <div class=\"post\"><p>Same here since yesterday. Reloading the integration fixed it for me, try that first and report back.</p></div>";
        let html = format!(
            "<html><body><div class=\"banner\"><p>Welcome to the community forum, where users help each other.</p></div>\
             <noscript>{posts}</noscript><div id=\"app\"></div></body></html>"
        );
        let off = extract(&html, &Options { noscript_copy: false, ..Options::default() });
        assert!(
            off.text.starts_with("Welcome") && !off.text.contains("sensor"),
            "the banner rises above the axis: {:?}",
            off.text
        );
        let on = extract(&html, &Options::default());
        assert!(
            on.text.contains("temperature sensor") && on.text.contains("Reloading the integration"),
            "{:?}",
            on.text
        );
        assert!(!on.text.contains("Welcome"), "{:?}", on.text);
        // Escaped markup in a `<noscript>` (a template written as text) is no copy, however long.
        let escaped = format!(
            "<html><body><div class=\"banner\"><p>Welcome to the community forum, where users help each other.</p></div>\
             <noscript>{}</noscript></body></html>",
            posts.replace('<', "&lt;").replace('>', "&gt;")
        );
        let on = extract(&escaped, &Options::default());
        assert!(on.text.starts_with("Welcome") && !on.text.contains("sensor"), "{:?}", on.text);
    }

    #[test]
    fn a_page_with_a_region_is_read_once() {
        // Without `noscript_copy`: the noscript copy is longer, but the page itself has an
        // article, so it is not replaced.
        let html = "<body><p>The article itself, long enough to rise above the axis on its own line.</p>\
                    <noscript><p>A much longer copy for readers without scripts, which must not replace the article that the page shows.</p></noscript></body>";
        let off = extract(html, &Options { noscript_copy: false, ..Options::default() });
        assert!(
            off.text.starts_with("The article itself") && !off.text.contains("copy"),
            "{:?}",
            off.text
        );
        // With it (the default), a copy with less text than the page shows is not read.
        let html = "<body><p>The article itself, long enough to rise above the axis on its own line, and longer than the copy.</p>\
                    <noscript><p>A short copy for readers without scripts.</p></noscript></body>";
        let on = extract(html, &Options::default());
        assert!(
            on.text.starts_with("The article itself") && !on.text.contains("copy for"),
            "{:?}",
            on.text
        );
    }
}
