//! Math kept as math (issue 13; off in `--thesis`, whose preprocessing drops `math`, 4.3.1).
//!
//! A formula reaches the engine in four shapes: plain MathML (`<math>`, Wikipedia's
//! `mwe-math-element`), KaTeX (`.katex-mathml math` with its TeX in an `annotation`, beside
//! the visual `.katex-html` that KaTeX hides from assistive technology with `aria-hidden`),
//! MathJax 3 (`mjx-assistive-mml math` beside the hidden visual `mjx-math`) and MathJax 2 (the
//! TeX source in `<script type="math/tex">`). Preprocessing hands each `<math>` subtree and
//! each MathJax 2 script to this module and puts what it returns in their place: one start
//! tag `math` whose attribute [`MATHML`] holds MathML built here, the formula's text, and the
//! end tag (src/preprocess.rs). The builder of blocks writes that MathML as it is.
//!
//! **Built, never copied.** The MathML is written from an allowlist of presentation MathML
//! elements ([`ELEMENTS`]) and of attributes whose values are checked ([`attribute`]); every
//! other element is dropped with all it holds (`maction`, `annotation-xml`, `mglyph`, any HTML
//! or SVG element: the shapes that carry HTML back out of foreign content, a classic
//! mutation-XSS surface); text is written only inside the token elements (`mi`, `mn`, `mo`,
//! `ms`, `mtext`) and escaped. So no element that the HTML tree builder would read as HTML can
//! stand inside the `math` we write, and no start tag stands inside a token element (a MathML
//! text integration point, where the tree builder would switch back to HTML).
//!
//! **Text once.** The formula's text is the text content of the MathML written (what the
//! reader's DOM holds, so the engine's contract of a block's text holds: tests/engine_contract.rs).
//! The TeX source of an `annotation encoding="application/x-tex"` (KaTeX, MathJax) or the
//! page's own `alttext` is kept as the `alttext` attribute, not as text: an annotation's text
//! would be the formula's text a second time. A MathJax 2 formula has only its TeX: it is
//! written as `<math alttext="TeX"><mtext>TeX</mtext></math>`, the source shown as text, one
//! kind of markup for every surface (the reader, read-aloud's *Read: Math*, strip mode).

use crate::html::collapse_whitespace;
use crate::render::escape;
use crate::settings::blocks::MAX_ALTTEXT;
use crate::tokenize::Token as Tok;

/// The attribute of the `math` stand-in token that holds the MathML built here. It has a space
/// in its name, which no attribute of a page can have (the tokenizer ends a name at one).
pub const MATHML: &str = "dana mathml";

/// The presentation MathML elements written (MathML Core), and `semantics`, whose first child
/// is the formula.
pub const ELEMENTS: &[&str] = &[
    "math",
    "mrow",
    "mi",
    "mn",
    "mo",
    "ms",
    "mtext",
    "mspace",
    "msub",
    "msup",
    "msubsup",
    "mfrac",
    "msqrt",
    "mroot",
    "mover",
    "munder",
    "munderover",
    "mmultiscripts",
    "mprescripts",
    "none",
    "mtable",
    "mtr",
    "mtd",
    "mstyle",
    "mpadded",
    "mphantom",
    "menclose",
    "semantics",
];

/// Token elements: the only ones whose text is written.
fn is_token(name: &str) -> bool {
    matches!(name, "mi" | "mn" | "mo" | "ms" | "mtext")
}

/// Empty elements: written with an end tag at once, anything inside dropped.
fn is_empty(name: &str) -> bool {
    matches!(name, "mspace" | "mprescripts" | "none")
}

/// The attributes written, with their value as written, or `None` to leave it out. Values
/// come from short lists or a plain alphabet (lengths, numbers, alignments); no URL, style,
/// class, id, colour or event handler is ever written.
pub fn attribute(element: &str, key: &str, value: &str) -> Option<String> {
    let v = value.trim();
    let one_of =
        |list: &[&str]| list.iter().find(|w| w.eq_ignore_ascii_case(v)).map(|w| w.to_string());
    let plain = || {
        (!v.is_empty()
            && v.len() <= 64
            && v.bytes().all(|b| b.is_ascii_alphanumeric() || b" .%+-".contains(&b)))
        .then(|| v.to_string())
    };
    match key {
        "display" if element == "math" => one_of(&["block", "inline"]),
        "dir" => one_of(&["ltr", "rtl"]),
        "mathvariant" => one_of(&[
            "normal",
            "bold",
            "italic",
            "bold-italic",
            "double-struck",
            "bold-fraktur",
            "script",
            "bold-script",
            "fraktur",
            "sans-serif",
            "bold-sans-serif",
            "sans-serif-italic",
            "sans-serif-bold-italic",
            "monospace",
        ]),
        "fence" | "stretchy" | "separator" | "accent" | "accentunder" | "largeop"
        | "movablelimits" | "symmetric" | "displaystyle" => one_of(&["true", "false"]),
        "form" if element == "mo" => one_of(&["prefix", "infix", "postfix"]),
        "columnalign" | "rowalign" | "columnlines" | "rowlines" | "frame" | "notation"
        | "columnspacing" | "rowspacing" => plain(),
        "linethickness" | "lspace" | "rspace" | "width" | "height" | "depth" | "voffset"
        | "minsize" | "maxsize" | "mathsize" | "scriptlevel" => plain(),
        "columnspan" | "rowspan" if element == "mtd" => {
            (v.len() <= 4 && !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()))
                .then(|| v.to_string())
        }
        _ => None,
    }
}

/// A formula as the article keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Math {
    /// The MathML written: one `math` element.
    pub html: String,
    /// Its text content: the text of its token elements, each collapsed and trimmed.
    pub text: String,
    /// A display formula (`display="block"`, or a MathJax 2 `mode=display` script): a block of
    /// its own; else inline in its paragraph.
    pub display: bool,
}

fn alttext(tex: &str) -> String {
    let t = collapse_whitespace(tex).trim().to_string();
    if t.len() <= MAX_ALTTEXT {
        return t;
    }
    let mut end = MAX_ALTTEXT;
    while !t.is_char_boundary(end) {
        end -= 1;
    }
    t[..end].to_string()
}

/// The formula of a `<math>` subtree: `toks` from its start tag to its end tag (or to where the
/// page's HTML resumes); `None` when it holds no text.
pub fn from_mathml(toks: &[Tok]) -> Option<Math> {
    let Some(Tok::Start { attrs, .. }) = toks.first() else { return None };
    let get = |k: &str| attrs.iter().find(|(a, _)| a == k).map(|(_, v)| v.as_ref());
    let display = get("display").is_some_and(|d| d.trim().eq_ignore_ascii_case("block"));
    let mut tex = get("alttext").map(alttext).filter(|t| !t.is_empty());
    let mut body = String::new();
    let mut text = String::new();
    // The elements written and still open, and, while an element is skipped with what it
    // holds, its name and how deep inside elements of that name we are.
    let mut open: Vec<&str> = Vec::new();
    let mut skipping: Option<(String, usize)> = None;
    let mut annotation: Option<String> = None;
    for tok in &toks[1..] {
        match tok {
            Tok::Start { name, attrs, self_closing } => {
                let name: &str = name;
                if let Some((skipped, depth)) = skipping.as_mut() {
                    if skipped == name && !self_closing {
                        *depth += 1;
                    }
                    continue;
                }
                // Inside a token element nothing but text is written (a start tag there is HTML
                // to the tree builder); `annotation-xml`, `maction` and every element outside
                // the list go with all they hold.
                let tex_annotation = name == "annotation"
                    && attrs.iter().any(|(k, v)| {
                        k == "encoding" && v.trim().eq_ignore_ascii_case("application/x-tex")
                    });
                if tex_annotation && open.last() == Some(&"semantics") {
                    annotation = Some(String::new());
                }
                let in_token = open.last().is_some_and(|n| is_token(n));
                let Some(&known) =
                    ELEMENTS.iter().find(|e| **e == name).filter(|e| **e != "math" && !in_token)
                else {
                    if !self_closing && !crate::html::is_void(name) {
                        skipping = Some((name.to_string(), 1));
                    }
                    continue;
                };
                body.push('<');
                body.push_str(known);
                for (k, v) in attrs {
                    if let Some(v) = attribute(known, k, v) {
                        body.push_str(&format!(" {k}=\"{}\"", escape(&v)));
                    }
                }
                body.push('>');
                if is_empty(known) || *self_closing {
                    body.push_str(&format!("</{known}>"));
                    if !self_closing {
                        skipping = Some((known.to_string(), 1));
                    }
                    continue;
                }
                open.push(known);
            }
            Tok::End { name } => {
                let name: &str = name;
                if let Some((skipped, depth)) = skipping.as_mut() {
                    if skipped == name {
                        *depth -= 1;
                        if *depth == 0 {
                            skipping = None;
                            if name == "annotation" {
                                if let Some(a) = annotation.take().filter(|a| !a.trim().is_empty())
                                {
                                    tex = Some(alttext(&a));
                                }
                            }
                        }
                    }
                    continue;
                }
                if let Some(pos) = open.iter().rposition(|n| *n == name) {
                    for n in open.drain(pos..).rev() {
                        body.push_str(&format!("</{n}>"));
                    }
                }
            }
            Tok::Text(t) => {
                if let Some(a) = annotation.as_mut().filter(|_| {
                    skipping.as_ref().is_some_and(|(n, d)| n == "annotation" && *d == 1)
                }) {
                    a.push_str(t);
                    continue;
                }
                if skipping.is_some() || !open.last().is_some_and(|n| is_token(n)) {
                    continue;
                }
                let t = collapse_whitespace(t);
                let t = t.trim();
                body.push_str(&escape(t));
                text.push_str(t);
            }
        }
    }
    for n in open.drain(..).rev() {
        body.push_str(&format!("</{n}>"));
    }
    if text.is_empty() {
        return None;
    }
    Some(Math { html: wrap(&body, display, tex.as_deref()), text, display })
}

/// The formula of a MathJax 2 script (`type="math/tex"`, `; mode=display` for display math):
/// its TeX source as text; `None` when it is blank.
pub fn from_tex(tex: &str, display: bool) -> Option<Math> {
    let t = alttext(tex);
    if t.is_empty() {
        return None;
    }
    let body = format!("<mtext>{}</mtext>", escape(&t));
    Some(Math { html: wrap(&body, display, Some(&t)), text: t, display })
}

/// Whether a `script`'s `type` is MathJax 2's TeX (`math/tex`, `math/tex; mode=display`), and
/// then whether it is display math.
pub fn tex_script(type_: &str) -> Option<bool> {
    let t = type_.trim().to_ascii_lowercase();
    let rest = t.strip_prefix("math/tex")?;
    Some(rest.contains("mode=display"))
}

fn wrap(body: &str, display: bool, tex: Option<&str>) -> String {
    let mut out = String::from("<math");
    if display {
        out.push_str(" display=\"block\"");
    }
    if let Some(t) = tex {
        out.push_str(&format!(" alttext=\"{}\"", escape(t)));
    }
    out.push('>');
    out.push_str(body);
    out.push_str("</math>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tokenize::tokenize;

    fn math(html: &str) -> Option<Math> {
        let mut toks = Vec::new();
        tokenize(html, |t| toks.push(t.into_owned()));
        from_mathml(&toks)
    }

    #[test]
    fn katex_keeps_its_mathml_and_its_tex_as_alttext() {
        let m = math(
            "<math xmlns=\"http://www.w3.org/1998/Math/MathML\"><semantics><mrow><msup><mi>x</mi><mn>2</mn></msup><mo>+</mo><mn>1</mn></mrow>\
             <annotation encoding=\"application/x-tex\">x^2 + 1</annotation></semantics></math>",
        )
        .unwrap();
        assert_eq!(m.text, "x2+1");
        assert_eq!(
            m.html,
            "<math alttext=\"x^2 + 1\"><semantics><mrow><msup><mi>x</mi><mn>2</mn></msup><mo>+</mo><mn>1</mn></mrow></semantics></math>"
        );
        assert!(!m.display);
    }

    #[test]
    fn unsafe_elements_and_attributes_go_with_what_they_hold() {
        let m = math(
            "<math display=block href=\"javascript:alert(1)\" xlink:href=x style=\"color:red\"><mi onclick=alert(1) mathvariant=bold>a</mi>\
             <maction actiontype=statusline><mi>b</mi></maction><annotation-xml encoding=\"text/html\"><img src=x onerror=alert(1)></annotation-xml>\
             <mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table>c</mtext><mo>&lt;/math&gt;</mo></math>",
        )
        .unwrap();
        assert_eq!(m.html, "<math display=\"block\"><mi mathvariant=\"bold\">a</mi><mtext>c</mtext><mo>&lt;/math&gt;</mo></math>");
        assert_eq!(m.text, "ac</math>");
        assert!(m.display);
    }

    #[test]
    fn empty_formulas_are_nothing_and_tex_scripts_are_their_source() {
        assert_eq!(math("<math><mspace width=1em/></math>"), None);
        assert_eq!(tex_script("math/tex; mode=display"), Some(true));
        assert_eq!(tex_script("math/tex"), Some(false));
        assert_eq!(tex_script("text/javascript"), None);
        let m = from_tex(" \\frac{a}{b} < c ", false).unwrap();
        assert_eq!(
            m.html,
            "<math alttext=\"\\frac{a}{b} &lt; c\"><mtext>\\frac{a}{b} &lt; c</mtext></math>"
        );
        assert_eq!(m.text, "\\frac{a}{b} < c");
    }
}
