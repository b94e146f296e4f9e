//! `Options::whole_paragraphs`: a paragraph that Algorithm 1 and step 2 took in part is taken
//! whole.

use crate::html::{is_block, is_heading};
use crate::preprocess::{Page, Tok};
use crate::tokenize::Tag;

use super::tree::{LineText, Tree, ROOT};

/// A paragraph (`p`, a list item, a definition or its term, a heading, a caption) whose text a
/// block without text parts into lines (an empty `div` that a widget or a browser extension
/// put into a reference, a tooltip's box) is taken whole when a line of it is, unless its
/// lines together are navigation or a form: step 2 judges each line by itself, and left out
/// the half of a reference that is its linked title, keeping the half with the source's name.
/// Only lines that follow one another (no text of another element between them) and that no
/// `<br>` parts are one paragraph: a layout's cell or an unclosed `<p>` holding a page's lines
/// is not.
pub(super) fn take_whole(page: &Page, tree: &Tree, out: &mut [bool]) {
    // Each line's paragraph: the nearest block element around it, when it is one of those.
    let paragraph = |l: usize| -> Option<u32> {
        let mut e = tree.of_line(l);
        while e != ROOT {
            if let Tok::Start { name, .. } = &page.toks[tree.tag[e as usize]] {
                if is_block(name) {
                    let paragraph = is_heading(name)
                        || matches!(
                            name.as_ref(),
                            "p" | "li" | "dd" | "dt" | "figcaption" | "caption"
                        );
                    return paragraph.then_some(e);
                }
            }
            e = tree.parent[e as usize];
        }
        None
    };
    let ends_in_br = |l: usize| page.toks[page.lines[l].end - 1].is_start(Tag::Br);
    // Runs of consecutive lines with text in one paragraph, no `<br>` between them.
    let with_text: Vec<usize> = (0..out.len()).filter(|&l| tree.texts[l].text > 0).collect();
    let mut i = 0;
    while i < with_text.len() {
        let p = paragraph(with_text[i]);
        let mut j = i;
        while p.is_some()
            && j + 1 < with_text.len()
            && !ends_in_br(with_text[j])
            && paragraph(with_text[j + 1]) == p
        {
            j += 1;
        }
        let run = &with_text[i..=j];
        if let Some(p) = p.filter(|_| j > i) {
            let (taken, left) = (run.iter().any(|&l| out[l]), run.iter().any(|&l| !out[l]));
            let text = run.iter().fold(LineText::default(), |a, &l| {
                let t = tree.texts[l];
                LineText {
                    text: a.text + t.text,
                    link: a.link + t.link,
                    form: a.form + t.form,
                    form_depth: a.form_depth.min(t.form_depth),
                }
            });
            if taken && left && !text.is_navigation_or_form(tree.depth[p as usize]) {
                run.iter().for_each(|&l| out[l] = true);
            }
        }
        i = j + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::grown_from;
    use crate::options::Options;

    #[test]
    fn a_paragraph_parted_by_an_empty_block_is_taken_whole() {
        let html = "<div id=\"main\"><p>An article paragraph of some length that is chosen by Algorithm 1.</p><ol>\
            <li><cite>Harrow, Ines (2019). <a href=\"https://example.org/1\">\"The tides of the Outer Shoals\"</a><div class=\"shield\"></div>. <i>Shoals Quarterly</i>. Retrieved 2021.</cite></li>\
            </ol></div>";
        let needles = ["An article paragraph", "Shoals Quarterly"];
        let taken = grown_from(html, &needles, &Options::default());
        assert!(
            taken.iter().any(|l| l.contains("The tides"))
                && taken.iter().any(|l| l.contains("Shoals Quarterly")),
            "{taken:?}"
        );
        let without =
            grown_from(html, &needles, &Options { whole_paragraphs: false, ..Options::default() });
        assert!(!without.iter().any(|l| l.contains("The tides")), "{without:?}");
    }
}
