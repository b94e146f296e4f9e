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
//! exactly what the first reading gives.

use crate::density;
use crate::options::{Algorithm, Options};
use crate::preprocess::{Page, Preprocessing, Tok};

/// The page `extract` works on: `html` read as `options` asks, or, with `options.fallback`
/// and no region above the axis, the better of the two second readings.
pub fn page<'a>(html: &'a str, options: &Options) -> Page<'a> {
    let how = Preprocessing::of(options);
    let page = Page::parse(html, how);
    if !options.fallback || has_region(&page, options.algorithm) {
        return page;
    }
    let noscript = page.head.noscript.concat();
    let noscript_text = Page::parse(&noscript, how);
    if text_chars(&noscript_text) > text_chars(&page) {
        // The head (title, metadata, JSON-LD) is the page's own; the body is the copy's.
        return Page {
            toks: noscript_text.toks.into_iter().map(Tok::into_owned).collect(),
            weights: noscript_text.weights,
            line_of: noscript_text.line_of,
            lines: noscript_text.lines,
            head: page.head,
            element_ids: noscript_text.element_ids,
        };
    }
    let bare = Page::parse(html, Preprocessing { bare_tags: true, ..how });
    if has_region(&bare, options.algorithm) {
        bare
    } else {
        page
    }
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
    fn attribute_soup_is_read_by_tag_names() {
        let html = format!(
            "<html><body><main>{}{}{}</main></body></html>",
            soup("The first paragraph of the article says what happened."),
            soup("The second paragraph says why it matters to the reader."),
            soup("The third paragraph says what happens next, and when."),
        );
        let off = extract(&html, &Options { fallback: false, ..Options::default() });
        assert!(off.text.is_empty(), "without the fallback no line rises above the axis: {:?}", off.text);
        let on = extract(&html, &Options::default());
        assert!(on.text.contains("first paragraph") && on.text.contains("third paragraph"), "{:?}", on.text);
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
        assert!(on.text.contains("temperature sensor") && on.text.contains("Reloading the integration"), "{:?}", on.text);
        assert_eq!(on.title, "Sensor shows unavailable");
    }

    #[test]
    fn a_page_with_a_region_is_read_once() {
        // The noscript copy is longer, but the page itself has an article: it is not replaced.
        let html = "<body><p>The article itself, long enough to rise above the axis on its own line.</p>\
                    <noscript><p>A much longer copy for readers without scripts, which must not replace the article that the page shows.</p></noscript></body>";
        let on = extract(html, &Options::default());
        assert!(on.text.starts_with("The article itself") && !on.text.contains("copy"), "{:?}", on.text);
    }
}
