//! What preprocessing drops: elements that are never content, what the page hides from every
//! reader, and (with `prune`) what declares itself boilerplate.

use std::borrow::Cow;

use crate::tokenize::{AsTag, Name, Tag};

/// Elements whose whole content is not content (dropped with their subtree).
pub fn is_dropped(name: &(impl AsTag + ?Sized)) -> bool {
    use Tag::*;
    matches!(
        name.as_tag(),
        Some(
            Script
                | Style
                | Noscript
                | Template
                | Svg
                | Math
                | Iframe
                | Object
                | Embed
                | Canvas
                | Select
                | Textarea
                | Button
                | Head
                | Title
                | Noembed
                | Noframes
                | Datalist
                | Dialog
        )
    )
}

/// HTML start tags that end foreign content (an unclosed `<svg>` or `<math>`): the HTML tree
/// builder pops back to HTML at them (WHATWG HTML, "parsing main in foreign content").
pub fn breaks_out_of_foreign_content(name: &Name) -> bool {
    use Tag::*;
    matches!(
        name.tag(),
        Some(
            B | Big
                | Blockquote
                | Body
                | Br
                | Center
                | Code
                | Dd
                | Div
                | Dl
                | Dt
                | Em
                | Embed
                | H1
                | H2
                | H3
                | H4
                | H5
                | H6
                | Head
                | Hr
                | I
                | Img
                | Li
                | Listing
                | Menu
                | Meta
                | Nobr
                | Ol
                | P
                | Pre
                | Ruby
                | S
                | Small
                | Span
                | Strong
                | Strike
                | Sub
                | Sup
                | Table
                | Tt
                | U
                | Ul
                | Var
        )
    )
}

/// With `Preprocessing::math`, what decides whether an element is hidden instead of
/// [`hides`]: Wikipedia's MathML, which the page hides with `display: none` behind a picture
/// of the formula, is shown, and the picture (`mwe-math-fallback-image`) is hidden; MathJax 2's
/// preview and rendered frames are hidden: the TeX script after them is the formula (a
/// MathJax 3 `mjx-container`, also of class `MathJax`, is not: its MathML is read).
pub fn math_hides(name: &Name, words: &ClassWords) -> Option<bool> {
    if words.mathml {
        return Some(false);
    }
    let hidden = words.math_fallback || (name != "mjx-container" && words.mathjax2);
    hidden.then_some(true)
}

/// The MathJax 2 classes that [`math_hides`] hides.
const MATHJAX2: &[&str] = &[
    "MathJax_Preview",
    "MathJax",
    "MathJax_Display",
    "MathJax_CHTML",
    "MathJax_SVG",
    "MathJax_SVG_Display",
    "MathJax_PHTML",
    "MathJax_MathML",
];

/// The hiding utility classes of [`hidden_class`] (ASCII case ignored).
const HIDING: [&str; 6] =
    ["d-none", "invisible", "is-hidden", "is-invisible", "u-hidden", "display-none"];

/// What the words of a start tag's class say to [`math_hides`], [`hidden_class`] and
/// [`is_heading_mark`], found in one pass over the class: each of them split the class again,
/// up to five passes a start tag (docs/PERFORMANCE.md, the front end). Each flag is an "any
/// word" question, so one pass answers them all.
#[derive(Default)]
pub struct ClassWords {
    /// A word starting `mwe-math-mathml` (Wikipedia's MathML).
    mathml: bool,
    /// A word starting `mwe-math-fallback` (the picture Wikipedia shows instead).
    math_fallback: bool,
    /// A MathJax 2 class ([`MATHJAX2`]).
    mathjax2: bool,
    /// `mw-editsection`.
    edit_section: bool,
    /// `headerlink` or `hash-link`.
    permalink: bool,
    /// A hiding utility class ([`HIDING`]).
    hiding: bool,
}

impl ClassWords {
    pub fn of(class: Option<&str>) -> ClassWords {
        let mut c = ClassWords::default();
        for w in class.into_iter().flat_map(str::split_ascii_whitespace) {
            // The first byte sends a word to the few names it could be (words are not empty).
            match w.as_bytes()[0] {
                b'm' => {
                    if let Some(rest) = w.strip_prefix("mwe-math-") {
                        c.mathml |= rest.starts_with("mathml");
                        c.math_fallback |= rest.starts_with("fallback");
                    }
                    c.edit_section |= w == "mw-editsection";
                }
                b'M' => c.mathjax2 |= MATHJAX2.contains(&w),
                b'h' => c.permalink |= w == "headerlink" || w == "hash-link",
                _ => {}
            }
            if matches!(w.as_bytes()[0] | 0x20, b'd' | b'i' | b'u') {
                c.hiding |= HIDING.iter().any(|h| w.eq_ignore_ascii_case(h));
            }
        }
        c
    }
}

/// Head-only elements: their presence does not end the head.
pub fn is_head_element(name: &Name) -> bool {
    use Tag::*;
    matches!(
        name.tag(),
        Some(Title | Meta | Link | Base | Script | Style | Noscript | Template | Head)
    )
}

/// Whether an attribute hides its element from every reader. With `prune` (our refinements;
/// off under `--thesis`, whose preprocessing stays exactly as it was), a React streamed
/// boundary is not hidden: the browser shows it.
pub fn hides(name: &Name, marks: &Marks, prune: bool) -> bool {
    (marks.hidden && !name.is(Tag::Input) && !(prune && marks.id.is_some_and(is_streamed_boundary)))
        || marks.aria_hidden.is_some_and(|v| v.eq_ignore_ascii_case("true"))
        || marks.style.is_some_and(hiding_style)
}

/// Whether a style, whitespace removed and ASCII lowercased, holds `display:none` or
/// `visibility:hidden`. Read as it goes, without that copy (a String, its lowercase copy and
/// two substring searches for each style cost about 600 instructions: docs/PERFORMANCE.md,
/// the front end). Each pattern's first letter occurs nowhere else in it, so a match broken
/// off can only start again at the character that broke it: one counter a pattern is an exact
/// substring search.
fn hiding_style(v: &str) -> bool {
    const PATTERNS: [&[u8]; 2] = [b"display:none", b"visibility:hidden"];
    let mut matched = [0usize; 2];
    for c in v.chars().filter(|c| !c.is_whitespace()) {
        let c = c.to_ascii_lowercase();
        for (m, p) in matched.iter_mut().zip(PATTERNS) {
            *m = if c == char::from(p[*m]) { *m + 1 } else { usize::from(c == char::from(p[0])) };
            if *m == p.len() {
                return true;
            }
        }
    }
    false
}

/// Whether the `id` of a `hidden` element names a React streamed Suspense boundary
/// (`<div hidden id="S:1">`): server rendering streams the content there and an inline script
/// moves it into place at once, so the browser shows it (React 18's `renderToPipeableStream`,
/// used by Next.js).
fn is_streamed_boundary(id: &str) -> bool {
    id.strip_prefix("S:").is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// The attributes of a start tag that decide whether preprocessing drops its element
/// ([`hides`], [`math_hides`], [`declares_boilerplate_role`], [`is_heading_mark`],
/// [`in_article_aside`], [`hidden_class`], [`transparent`]), found in
/// one pass over the attributes instead of one pass for each question. (The tokenizer keeps
/// the first of duplicate attributes, so each name is there at most once.)
#[derive(Default)]
pub struct Marks<'a> {
    pub class: Option<&'a str>,
    style: Option<&'a str>,
    id: Option<&'a str>,
    role: Option<&'a str>,
    aria_hidden: Option<&'a str>,
    aria_modal: Option<&'a str>,
    hidden: bool,
}

impl<'a> Marks<'a> {
    pub fn of(attrs: &'a [(Cow<'_, str>, Cow<'_, str>)]) -> Marks<'a> {
        let mut m = Marks::default();
        for (k, v) in attrs {
            let v = Some(v.as_ref());
            match k.as_ref() {
                "class" => m.class = m.class.or(v),
                "style" => m.style = m.style.or(v),
                "id" => m.id = m.id.or(v),
                "role" => m.role = m.role.or(v),
                "aria-hidden" => m.aria_hidden = m.aria_hidden.or(v),
                "aria-modal" => m.aria_modal = m.aria_modal.or(v),
                "hidden" => m.hidden = true,
                _ => {}
            }
        }
        m
    }
}

/// `Preprocessing::hidden_class`: whether the element's class list hides it without a style
/// the engine can read: a utility class that CSS frameworks define as `display: none` or
/// `visibility: hidden` on every screen (Bootstrap's `d-none` and `invisible`, Tailwind's
/// `invisible`, Bulma's `is-hidden` and `is-invisible`, SUIT's `u-hidden`, `display-none`),
/// and no class that shows it again from a breakpoint (Tailwind's `md:block`, Bootstrap's
/// `d-md-flex`). What the browser does not show is not content (issue 12). The bare words
/// `hidden` and `hide` are left alone: scripts toggle them (tab panels, collapsed comment
/// trees, MDN's live-sample sources, which the gold keeps; measured: docs/EVALUATION.md,
/// eighth round).
pub fn hidden_class(class: Option<&str>, words: &ClassWords) -> bool {
    const SHOWN: [&str; 8] =
        ["block", "flex", "inline", "inline-block", "inline-flex", "grid", "table", "contents"];
    let Some(class) = class else { return false };
    words.hiding
        && !class.split_ascii_whitespace().any(|t| {
            // `md:block`, `lg:inline-flex` (Tailwind); `d-md-block`, `d-lg-flex` (Bootstrap).
            let shown = |v: &str| SHOWN.contains(&v) || v == "visible";
            t.rsplit_once(':').is_some_and(|(_, v)| shown(v))
                || t.strip_prefix("d-")
                    .and_then(|r| r.split_once('-'))
                    .is_some_and(|(_, v)| shown(v))
        })
}

/// `Preprocessing::opacity`: whether an element's own `style` sets `opacity` to zero (`0`,
/// `0.0`, `0%`, with or without `!important`) and nothing says a script will show it: no
/// `transition`, `animation`, `transform`, `translate` or `filter` in the same style (a
/// scroll-in animation's start state: GSAP and Framer write `opacity: 0` beside a transform),
/// no class word and no `data-` attribute naming a reveal or animation library (AOS's
/// `data-aos`, WOW.js's `wow`, Animate.css's `animate__`/`animated`, ScrollReveal's
/// `data-sr-id`, Webflow's interactions' `data-w-id`, `fade-in`, `js-reveal`, a slider's start
/// state). What stays is text the
/// page keeps invisible (issue 32). Media elements are left alone: a lazy image waits at
/// `opacity: 0` until it has loaded (Gatsby's `data-main-image`), and they hold no text.
pub fn transparent(name: &Name, marks: &Marks, attrs: &[(Cow<'_, str>, Cow<'_, str>)]) -> bool {
    // Checked first, on the bytes: most styles do not name `opacity` at all.
    let Some(style) =
        marks.style.filter(|s| s.as_bytes().windows(7).any(|w| w.eq_ignore_ascii_case(b"opacity")))
    else {
        return false;
    };
    if matches!(
        name.tag(),
        Some(Tag::Img | Tag::Picture | Tag::Video | Tag::Audio | Tag::Source | Tag::Input)
    ) {
        return false;
    }
    let mut zero = false;
    for declaration in style.split(';') {
        let Some((property, value)) = declaration.split_once(':') else { continue };
        let property = property.trim().to_ascii_lowercase();
        if MOVING.iter().any(|m| property.contains(m)) {
            return false;
        }
        if property == "opacity" {
            let value = value.trim();
            let value = value
                .len()
                .checked_sub(10)
                .filter(|&i| value.is_char_boundary(i))
                .filter(|&i| value[i..].eq_ignore_ascii_case("!important"))
                .map_or(value, |i| value[..i].trim_end());
            zero = is_zero_number(value.strip_suffix('%').unwrap_or(value));
        }
    }
    zero && !reveals(marks.class, attrs)
}

/// Whether `s` is a number that is zero: an optional sign, digits with an optional `.`, all of
/// them `0`, and an optional exponent (`0`, `-0.0`, `.0e5`, `00%` without its `%`). Not
/// `str::parse::<f64>`: the standard library's float parser was 15 KB of the wasm module, 13.5
/// KB of its gzip, for this one use. The two differ only on a number so small that it rounds
/// to zero (`1e-400`), which no style sheet writes for an opacity.
fn is_zero_number(s: &str) -> bool {
    let s = s.strip_prefix(['+', '-']).unwrap_or(s);
    let (mantissa, exponent) = s.split_once(['e', 'E']).unwrap_or((s, "0"));
    let exponent = exponent.strip_prefix(['+', '-']).unwrap_or(exponent);
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    !(int.is_empty() && frac.is_empty())
        && int.bytes().chain(frac.bytes()).all(|c| c == b'0')
        && !exponent.is_empty()
        && exponent.bytes().all(|c| c.is_ascii_digit())
}

/// The style properties that say an element is animated ([`transparent`]).
const MOVING: [&str; 5] = ["transition", "animation", "transform", "translate", "filter"];

/// Whether a class word or a `data-` attribute's name names a reveal or animation library
/// ([`transparent`]); parts of words, ASCII case ignored (`animate__fadeInUp`, `aos-init`,
/// `data-anim-type`, `data-staggered-item`, `data-framer-appear-id`).
fn reveals(class: Option<&str>, attrs: &[(Cow<'_, str>, Cow<'_, str>)]) -> bool {
    const PARTS: [&str; 10] = [
        "anim", "reveal", "fade", "aos", "appear", "stagger", "scroll", "motion", "slide", "framer",
    ];
    let named = |w: &str| {
        let w = w.to_ascii_lowercase();
        w == "wow" || w == "sr" || PARTS.iter().any(|p| w.contains(p))
    };
    class.is_some_and(|c| c.split_ascii_whitespace().any(named))
        || attrs
            .iter()
            .filter_map(|(k, _)| k.strip_prefix("data-"))
            .any(|k| k.starts_with("sr-") || k == "w-id" || named(k))
}

/// Whether an element is a generator's mark on a heading, not its words: MediaWiki's `[edit]`
/// link (`span.mw-editsection`, inside the heading or, since MediaWiki 1.43, beside it in its
/// `div.mw-heading`), and inside a heading (`in_heading`) the permalink anchor of MkDocs and Sphinx
/// (`a.headerlink`, `¶`) and Docusaurus (`a.hash-link`, `#` or a zero-width space). Left in,
/// the reader shows "Installation\[edit\]" or "Usage¶" and read-aloud says them. (A class
/// `anchor` is not enough: some themes wrap the heading's own words in `a.anchor`.)
pub fn is_heading_mark(words: &ClassWords, in_heading: bool) -> bool {
    words.edit_section || (in_heading && words.permalink)
}

/// Whether an element declares itself boilerplate (`Options::prune`): `nav`, `aside` and
/// `footer` say by their name that they are not the main content. (Guessing from class and id
/// words, as DOM-based extractors do, was measured and lost recall on every set; not done.)
pub fn is_boilerplate(name: &Name) -> bool {
    matches!(name.tag(), Some(Tag::Nav | Tag::Aside | Tag::Footer))
}

/// Whether an `aside` met inside `article` elements is the article's own (a note, a box of
/// background), not a box of the site's: its `class`, `id` and `role` name none of the boxes
/// sites put in an article's column (related posts, newsletter sign-up, sharing, ads, author
/// bio, table of contents, comments, a forum post's signature). A sidebar beside the article
/// is outside it and stays dropped. An `aside` pull quote stays dropped too: it repeats a
/// sentence of the article, and the corpora's gold text leaves it out (docs/FIDELITY.md).
/// Not in the thesis (4.3.1 keeps every element; our `prune` drops every `aside`).
pub fn in_article_aside(marks: &Marks) -> bool {
    !names_site_box(marks)
}

/// Whether an element's `class`, `id` or `role` names one of the boxes sites put in an
/// article's column (related posts, newsletter sign-up, sharing, ads, author bio, table of
/// contents, comments, a forum post's signature): [`in_article_aside`]'s vocabulary, and
/// `Options::furniture`'s at the article's edges.
pub fn names_site_box(marks: &Marks) -> bool {
    // Short words must be whole words of the value (`ad` is in `header`); long ones may be
    // parts of a compound (`ArticlePullquote_root`, `sidePanelWrapper`). A class naming the
    // element `aside` (`single-post__aside`) names a column of the layout, not a note.
    const WORDS: &[&str] = &[
        "ad", "ads", "cta", "toc", "bio", "nav", "tags", "more", "menu", "sign", "inset", "aside",
    ];
    const PARTS: &[&str] = &[
        "advert",
        "adsense",
        "sponsor",
        "promo",
        "related",
        "recommend",
        "popular",
        "trending",
        "featured",
        "newsletter",
        "subscri",
        "signup",
        "share",
        "sharing",
        "social",
        "sidebar",
        "sidepanel",
        "widget",
        "comment",
        "author",
        "byline",
        "signature",
        "contents",
        "navigation",
        "banner",
        "donate",
        "member",
        "paywall",
        "complementary",
        "footer",
        "header",
        "referenced",
        "pullquote",
        "pull-quote",
        "optin",
        "teaser",
    ];
    [marks.class, marks.id, marks.role].into_iter().flatten().any(|v| {
        let v = v.to_ascii_lowercase();
        v.split(|c: char| !c.is_ascii_alphanumeric()).any(|w| WORDS.contains(&w))
            || PARTS.iter().any(|p| v.contains(p))
    })
}

/// Whether an element's ARIA attributes declare it a dialog (`role="dialog"`,
/// `role="alertdialog"`, `aria-modal="true"`: cookie consent panels, sign-up pop-ups), which
/// is not the main content whether or not a stylesheet shows it.
pub fn declares_boilerplate_role(marks: &Marks) -> bool {
    marks.role.is_some_and(|v| {
        v.trim().eq_ignore_ascii_case("dialog") || v.trim().eq_ignore_ascii_case("alertdialog")
    }) || marks.aria_modal.is_some_and(|v| v.trim().eq_ignore_ascii_case("true"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `is_zero_number` reads as `str::parse::<f64>` reads, `== Ok(0.0)`, but for numbers so
    /// small that they round to zero.
    #[test]
    fn zero_numbers_are_those_the_float_parser_reads_as_zero() {
        for s in [
            "0",
            "0.0",
            "-0",
            "+0",
            "-0.0",
            ".0",
            "0.",
            "00",
            "000.000",
            "0e0",
            "0E5",
            "0e-5",
            "0e+5",
            ".0e99999999999999999999",
            "0e-99999999999999999999",
            "1",
            "0.5",
            "-1",
            "1e-5",
            "1e-300",
            "1e99999999999999999",
            "0.00000000000000000000000000001",
            "",
            ".",
            "-",
            "+",
            "e",
            "e5",
            ".e1",
            "0e",
            "0e+",
            "0e-",
            "0e+-1",
            "+-0",
            "-+0",
            "--0",
            "0x0",
            "0_0",
            " 0",
            "0 ",
            "0.0.0",
            "0e1e1",
            "inf",
            "-inf",
            "infinity",
            "nan",
            "NaN",
            "+nan",
            "١",
            "0%",
            "0px",
            "0,5",
            "0.0e",
            "1.",
            "10",
            "0.01",
            "-0.1e2",
        ] {
            assert_eq!(is_zero_number(s), s.parse::<f64>() == Ok(0.0), "{s:?}");
        }
        // Where the two part: a number the float parser rounds to zero.
        assert!(!is_zero_number("1e-400") && "1e-400".parse::<f64>() == Ok(0.0));
    }

    /// `hiding_style` answers as the copy it replaced: whitespace removed, ASCII lowercased,
    /// then searched.
    #[test]
    fn hiding_style_is_the_search_in_the_collapsed_copy() {
        let reference = |v: &str| {
            let s: String =
                v.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_ascii_lowercase();
            s.contains("display:none") || s.contains("visibility:hidden")
        };
        for v in [
            "display:none",
            "DISPLAY : NONE",
            "color:red;display:\u{a0}none",
            "ddisplay:none",
            "display:displaynone",
            "display:nonE",
            "display:\u{2003}none",
            "visibility: visibility:hidden",
            "visibilityvisibility:hidden",
            "visibility:hiddeN;x",
            "display:non",
            "displa y:n\x0bone",
            "display:inline",
            "visibility:visible",
            "",
            "display:ñone",
            "dİsplay:none",
            "x:1;display:none;y:2",
        ] {
            assert_eq!(hiding_style(v), reference(v), "{v:?}");
        }
    }
}
