//! The safety oracle for `Extraction::html`, shared by the fuzz targets (`fuzz/src/lib.rs`) and
//! the Rust tests (`tests/xss.rs`, `tests/fuzz_regressions.rs`, which include this file with
//! `#[path]`). It depends only on `html5gum` and the standard library.
//!
//! The article HTML is tokenised with the same WHATWG tokenizer a browser runs, and must be:
//! - made only of the allowlisted elements and attributes of `src/render.rs` and the block
//!   builder (no comment, doctype, `on*`, `style`, ...);
//! - URLs only `http:`/`https:` (`mailto:` also for `href`), and no attribute value that a
//!   browser could read as a `javascript:`, `data:` or `vbscript:` URL;
//! - balanced, and nested so that the HTML tree builder keeps the structure as written: no
//!   block start while a `p`, heading or inline element is open, no `a` inside `a`, no `li`
//!   directly inside `li`. Markup that the tree builder rewrites is the raw material of
//!   mutation XSS; markup it keeps as written cannot mutate.

use html5gum::{Token, Tokenizer};

/// html5gum's default emitter without parse errors: the oracle does not read them, and an
/// output of a million NUL characters would otherwise queue a million error tokens.
struct QuietEmitter(html5gum::DefaultEmitter);

impl html5gum::ForwardingEmitter for QuietEmitter {
    type Token = Token;

    fn inner(&mut self) -> &mut impl html5gum::Emitter<Token = Token> {
        &mut self.0
    }

    fn should_emit_errors(&mut self) -> bool {
        false
    }

    fn emit_error(&mut self, _error: html5gum::Error) {}
}

/// Elements the article HTML may contain.
pub const ALLOWED_ELEMENTS: &[&str] = &[
    "article",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "ul",
    "ol",
    "li",
    "blockquote",
    "pre",
    "figure",
    "img",
    "figcaption",
    "a",
    "strong",
    "em",
    "code",
    "sub",
    "sup",
    "mark",
    "s",
    "u",
    "small",
    "q",
    "cite",
    "kbd",
    "abbr",
    "var",
    "samp",
    "table",
    "caption",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "dl",
    "dt",
    "dd",
    "header",
];

/// Attributes the article HTML may contain.
pub const ALLOWED_ATTRIBUTES: &[&str] = &[
    "href",
    "src",
    "alt",
    "referrerpolicy",
    "dir",
    "lang",
    "data-block",
    "colspan",
    "rowspan",
    "scope",
    "class",
    "id",
    "data-embed",
    "data-math",
];

/// The MathML elements the article HTML may contain (src/math.rs `ELEMENTS`): presentation
/// MathML and `semantics`; never `annotation`, `annotation-xml`, `maction` or `mglyph`.
pub const MATHML_ELEMENTS: &[&str] = &[
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

/// The attributes a MathML element may carry (src/math.rs `attribute`): no URL, style, class,
/// id, colour or event handler.
pub const MATHML_ATTRIBUTES: &[&str] = &[
    "display",
    "alttext",
    "dir",
    "mathvariant",
    "fence",
    "stretchy",
    "separator",
    "accent",
    "accentunder",
    "largeop",
    "movablelimits",
    "symmetric",
    "displaystyle",
    "form",
    "columnalign",
    "rowalign",
    "columnlines",
    "rowlines",
    "frame",
    "notation",
    "columnspacing",
    "rowspacing",
    "linethickness",
    "lspace",
    "rspace",
    "width",
    "height",
    "depth",
    "voffset",
    "minsize",
    "maxsize",
    "mathsize",
    "scriptlevel",
    "columnspan",
    "rowspan",
];

/// MathML's token elements: text stands in them, and no element does (inside them the tree
/// builder reads a start tag as HTML: a MathML text integration point).
fn is_math_token(name: &str) -> bool {
    matches!(name, "mi" | "mn" | "mo" | "ms" | "mtext")
}

/// Checks a MathML element's attribute: `display` is `block` or `inline` and only on `math`,
/// `alttext` (the TeX source, escaped text) only on `math`, every other value a short word of
/// letters, digits, spaces and `.%+-`.
fn check_mathml_attribute(element: &str, key: &str, value: &str) -> Result<(), String> {
    if key.starts_with("on") || !MATHML_ATTRIBUTES.contains(&key) {
        return Err(format!("attribute {key}={value:?} is not allowed on <{element}>"));
    }
    match key {
        "display" if element != "math" || !matches!(value, "block" | "inline") => {
            Err(format!("display={value:?} on <{element}>"))
        }
        "alttext" if element != "math" => Err(format!("alttext on <{element}>")),
        "alttext" => Ok(()),
        _ if value.is_empty()
            || value.len() > 64
            || !value.bytes().all(|b| b.is_ascii_alphanumeric() || b" .%+-".contains(&b)) =>
        {
            Err(format!("{key}={value:?} on <{element}> is not a plain value"))
        }
        _ => Ok(()),
    }
}

/// Which attribute each element may carry.
fn attribute_allowed(element: &str, attribute: &str) -> bool {
    match attribute {
        "href" => element == "a",
        "src" | "alt" | "referrerpolicy" => element == "img",
        "dir" => element != "img" && element != "a",
        // A block's own language (`Block::lang`), on the block's element, as `dir`.
        "lang" => element != "img" && element != "a",
        // The block index of `render::html`, on the element of each block.
        "data-block" => matches!(
            element,
            "h1" | "h2"
                | "h3"
                | "h4"
                | "h5"
                | "h6"
                | "p"
                | "li"
                | "blockquote"
                | "pre"
                | "figure"
                | "table"
                | "dt"
                | "dd"
                | "header"
        ),
        // In-page anchors (footnotes) on the inline elements only.
        "id" => matches!(
            element,
            "a" | "strong"
                | "em"
                | "code"
                | "sub"
                | "sup"
                | "mark"
                | "s"
                | "u"
                | "small"
                | "q"
                | "cite"
                | "kbd"
                | "abbr"
                | "var"
                | "samp"
        ),
        "colspan" | "rowspan" => matches!(element, "th" | "td"),
        "scope" => element == "th",
        // A code block's language (issue 13): `language-x` only, checked below.
        "class" => element == "code",
        // What an embed's link card stands for (issue 13), on its paragraph.
        "data-embed" => element == "p",
        // A display formula's paragraph (issue 13).
        "data-math" => element == "p",
        _ => false,
    }
}

const BLOCKS: &[&str] = &[
    "article",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "ul",
    "ol",
    "li",
    "blockquote",
    "pre",
    "figure",
    "figcaption",
    "table",
    "dl",
    "dt",
    "dd",
    "header",
];

/// Table parts and the only element each may stand directly inside (the tree builder moves
/// or drops a part anywhere else, and moves text out of a table unless it is whitespace).
fn table_parent(name: &str) -> Option<&'static [&'static str]> {
    Some(match name {
        "caption" | "thead" | "tbody" => &["table"],
        "tr" => &["thead", "tbody"],
        "th" | "td" => &["tr"],
        _ => return None,
    })
}

/// Elements inside which only whitespace text may stand directly.
fn holds_rows(name: &str) -> bool {
    matches!(name, "table" | "thead" | "tbody" | "tr")
}

fn is_block(name: &str) -> bool {
    BLOCKS.contains(&name)
}

fn is_heading(name: &str) -> bool {
    matches!(name, "h1" | "h2" | "h3" | "h4" | "h5" | "h6")
}

/// A URL value with what a browser strips before reading the scheme (ASCII whitespace and
/// C0 controls anywhere, WHATWG URL parsing), lowercased.
fn scheme_view(value: &str) -> String {
    value
        .chars()
        .filter(|c| !c.is_ascii_whitespace() && !c.is_ascii_control())
        .collect::<String>()
        .to_ascii_lowercase()
}

/// Whether a class is a code block's language as the engine writes it: `language-` and 1 to
/// 32 of `a-z`, `0-9`, `+`, `#`, `-`.
/// An in-page anchor the engine writes: `dana-ref-` and a number, never the page's own id.
fn is_anchor_id(value: &str) -> bool {
    value
        .strip_prefix("dana-ref-")
        .is_some_and(|n| !n.is_empty() && n.len() <= 10 && n.bytes().all(|b| b.is_ascii_digit()))
}

fn is_language_class(value: &str) -> bool {
    value.strip_prefix("language-").is_some_and(|l| {
        (1..=32).contains(&l.len())
            && l.bytes().all(|b| {
                b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'+' | b'#' | b'-')
            })
    })
}

/// Whether a value would be read as a script-capable URL by a browser.
pub fn has_dangerous_scheme(value: &str) -> bool {
    let v = scheme_view(value);
    ["javascript:", "data:", "vbscript:"].iter().any(|s| v.starts_with(s))
}

/// Checks one article HTML string; `Err` says what is wrong.
pub fn check(html: &str) -> Result<(), String> {
    let mut stack: Vec<String> = Vec::new();
    for token in
        Tokenizer::new_with_emitter(html, QuietEmitter(html5gum::DefaultEmitter::default()))
            .flatten()
    {
        match token {
            Token::StartTag(tag) => {
                let name = String::from_utf8_lossy(&tag.name).into_owned();
                // Math (issue 13): a `math` outside math holding MathML elements only, none in a
                // token element, with MathML's own attributes only. Anything else there is
                // what carries HTML back out of foreign content (mutation XSS).
                let in_math = stack.iter().any(|n| n == "math");
                if in_math || name == "math" {
                    if !MATHML_ELEMENTS.contains(&name.as_str()) {
                        return Err(format!("<{name}> inside math is not allowlisted MathML"));
                    }
                    if (name == "math") == in_math {
                        return Err(format!("<{name}>: math stands outside math, and every other MathML element inside it"));
                    }
                    if stack.last().is_some_and(|open| is_math_token(open)) {
                        return Err(format!(
                            "<{name}> inside the token element <{}>",
                            stack.last().map_or("", |s| s)
                        ));
                    }
                    if tag.self_closing {
                        return Err(format!("<{name}/>: self-closing syntax is never written"));
                    }
                    for (k, v) in tag.attributes.iter() {
                        check_mathml_attribute(
                            &name,
                            &String::from_utf8_lossy(k),
                            &String::from_utf8_lossy(&v.value),
                        )?;
                    }
                    stack.push(name);
                    continue;
                }
                if MATHML_ELEMENTS.contains(&name.as_str()) {
                    return Err(format!("MathML <{name}> outside math"));
                }
                if !ALLOWED_ELEMENTS.contains(&name.as_str()) {
                    return Err(format!("element <{name}> is not allowlisted"));
                }
                if tag.self_closing {
                    return Err(format!("<{name}/>: self-closing syntax is never written"));
                }
                for (k, v) in tag.attributes.iter() {
                    let key = String::from_utf8_lossy(k).into_owned();
                    let value = String::from_utf8_lossy(&v.value).into_owned();
                    if key.starts_with("on") {
                        return Err(format!("event handler {key}={value:?} on <{name}>"));
                    }
                    if !ALLOWED_ATTRIBUTES.contains(&key.as_str())
                        || !attribute_allowed(&name, &key)
                    {
                        return Err(format!(
                            "attribute {key}={value:?} is not allowed on <{name}>"
                        ));
                    }
                    if has_dangerous_scheme(&value) {
                        return Err(format!("{key}={value:?} on <{name}> is a script-capable URL"));
                    }
                    match key.as_str() {
                        "href" | "src" => {
                            let v = scheme_view(&value);
                            let ok = v.starts_with("http://")
                                || v.starts_with("https://")
                                || (key == "href" && v.starts_with("mailto:"))
                                || (key == "href"
                                    && value.strip_prefix('#').is_some_and(is_anchor_id));
                            if !ok || value != value.trim() {
                                return Err(format!(
                                    "{key}={value:?} on <{name}> is not an absolute http(s) URL"
                                ));
                            }
                        }
                        "dir" if !matches!(value.as_str(), "ltr" | "rtl" | "auto") => {
                            return Err(format!("dir={value:?}"));
                        }
                        "lang"
                            if !(2..=3).contains(&value.len())
                                || !value.bytes().all(|b| b.is_ascii_lowercase()) =>
                        {
                            return Err(format!("lang={value:?} is not a primary language subtag"));
                        }
                        "data-block"
                            if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) =>
                        {
                            return Err(format!("data-block={value:?} is not a block index"));
                        }
                        "colspan" | "rowspan"
                            if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) =>
                        {
                            return Err(format!("{key}={value:?} is not a number"));
                        }
                        "scope" if !matches!(value.as_str(), "col" | "row") => {
                            return Err(format!("scope={value:?}"))
                        }
                        "class" if !is_language_class(&value) => {
                            return Err(format!(
                                "class={value:?} is not language-[a-z0-9+#-]{{1,32}}"
                            ))
                        }
                        // Images never send the page's address as referrer (issue 15).
                        "referrerpolicy" if value != "no-referrer" => {
                            return Err(format!("referrerpolicy={value:?}"))
                        }
                        "id" if !is_anchor_id(&value) => {
                            return Err(format!("id={value:?} is not dana-ref-N"))
                        }
                        "data-embed"
                            if !matches!(value.as_str(), "video" | "audio" | "post" | "frame") =>
                        {
                            return Err(format!("data-embed={value:?}"))
                        }
                        "data-math" if value != "display" => {
                            return Err(format!("data-math={value:?}"))
                        }
                        _ => {}
                    }
                }
                if name == "a"
                    && !tag.attributes.contains_key(b"href".as_slice())
                    && !tag.attributes.contains_key(b"id".as_slice())
                {
                    return Err("<a> without href".to_string());
                }
                // A definition list holds terms and definitions only, and they stand in one.
                if matches!(name.as_str(), "dt" | "dd")
                    != stack.last().is_some_and(|open| open == "dl")
                {
                    return Err(format!(
                        "<{name}> inside {:?}: dt and dd stand in dl, and only they",
                        stack.last()
                    ));
                }
                // Nesting the tree builder would rewrite.
                if let Some(parents) = table_parent(&name) {
                    if !stack.last().is_some_and(|open| parents.contains(&open.as_str())) {
                        return Err(format!(
                            "<{name}> inside {:?}: the tree builder would move it",
                            stack.last()
                        ));
                    }
                } else if stack.last().is_some_and(|open| holds_rows(open)) {
                    return Err(format!(
                        "<{name}> directly inside <{}>",
                        stack.last().map_or("", |s| s)
                    ));
                } else if is_block(&name) {
                    if let Some(open) =
                        stack.iter().find(|n| !is_block(n) || *n == "p" || is_heading(n))
                    {
                        return Err(format!(
                            "block <{name}> inside <{open}>: the tree builder would restructure it"
                        ));
                    }
                    if name == "li" && stack.last().is_some_and(|n| n == "li") {
                        return Err("<li> directly inside <li>".to_string());
                    }
                } else if name == "a" && stack.iter().any(|n| n == "a") {
                    return Err("<a> inside <a>".to_string());
                }
                if name != "img" {
                    stack.push(name);
                }
            }
            Token::EndTag(tag) => {
                let name = String::from_utf8_lossy(&tag.name).into_owned();
                match stack.pop() {
                    Some(open) if open == name => {}
                    Some(open) => return Err(format!("</{name}> closes <{open}>")),
                    None => return Err(format!("stray </{name}>")),
                }
            }
            Token::Comment(c) => {
                return Err(format!("comment <!--{}-->", String::from_utf8_lossy(&c)))
            }
            Token::Doctype(_) => return Err("doctype".to_string()),
            // Text is inert. (Parse errors, such as a NUL copied from the page, are not emitted:
            // they change nothing a browser builds from allowlisted tags.)
            Token::String(text) => {
                // In math, text stands in token elements only.
                if stack.iter().any(|n| n == "math")
                    && !stack.last().is_some_and(|open| is_math_token(open))
                    && !text.is_empty()
                {
                    return Err(format!(
                        "text {:?} in math outside a token element",
                        String::from_utf8_lossy(&text)
                    ));
                }
                if let Some(open) = stack.last().filter(|open| holds_rows(open)) {
                    if !text.iter().all(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b'\x0c')) {
                        return Err(format!("text {:?} directly inside <{open}>: the tree builder would move it out", String::from_utf8_lossy(&text)));
                    }
                }
            }
            Token::Error(_) => {}
        }
    }
    if let Some(open) = stack.last() {
        return Err(format!("<{open}> is never closed"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::check;

    #[test]
    fn the_oracle_accepts_the_renderers_shapes() {
        let ok = "<article><h1>T</h1><p>a <a href=\"https://x.org/\">b</a> <strong>c</strong></p>\
                  <ul><li>x</li><ul><li>y</li></ul></ul><figure><img src=\"https://x.org/i.png\" alt=\"\" referrerpolicy=\"no-referrer\">\
                  <figcaption dir=\"rtl\">c</figcaption></figure><pre>x &lt;script&gt;</pre>\
                  <pre data-block=\"1\"><code class=\"language-c++\">int x;</code></pre>\
                  <table data-block=\"2\"><caption>c</caption>\n<thead><tr><th scope=\"col\" colspan=\"2\">h</th></tr>\n</thead>\
                  <tbody><tr><td rowspan=\"2\"><em>x</em></td>\t<td>y</td></tr></tbody></table>\
                  <dl><dt data-block=\"3\">t</dt><dd data-block=\"4\">d<sup id=\"dana-ref-0\"><a href=\"#dana-ref-1\">1</a></sup></dd></dl>\
                  <ol><li data-block=\"5\"><a id=\"dana-ref-1\"></a>n <a href=\"#dana-ref-0\">back</a></li></ol>\
                  <dl><dt data-block=\"6\">t</dt><dd><ul><li data-block=\"7\">l</li></ul><pre data-block=\"8\">p</pre></dd></dl>\
                  <article><header data-block=\"9\"><cite>Ann</cite> · 2024-08-04</header><p data-block=\"10\">post</p></article>\
                  <p data-block=\"11\" data-embed=\"video\"><a href=\"https://www.youtube.com/watch?v=x\">t</a></p>\
                  <p data-block=\"12\">so <math alttext=\"x^2 &lt; javascript:1\"><semantics><msup><mi mathvariant=\"normal\">x</mi><mn>2</mn></msup></semantics></math></p>\
                  <p data-block=\"13\" data-math=\"display\"><math display=\"block\"><mfrac linethickness=\"0\"><mi>a</mi><mspace width=\"1em\"></mspace></mfrac></math></p></article>";
        assert_eq!(check(ok), Ok(()));
    }

    #[test]
    fn the_oracle_rejects_what_could_run() {
        for bad in [
            "<article><img src=x onerror=alert(1)></article>",
            "<article><img src=\"https://x.org/i.png\" referrerpolicy=\"unsafe-url\"></article>",
            "<article><img src=\"https://x.org/i.png\" srcset=\"https://x.org/j.png 2x\"></article>",
            "<article><p referrerpolicy=\"no-referrer\">x</p></article>",
            "<article><script>alert(1)</script></article>",
            "<article><a href=\"javascript:alert(1)\">x</a></article>",
            "<article><a href=\"jav&#x09;ascript:alert(1)\">x</a></article>",
            "<article><img src=\"data:image/svg+xml,<svg onload=alert(1)>\" alt=\"\"></article>",
            "<article><p style=\"x:expression(alert(1))\">x</p></article>",
            "<article><p>x<p>y</p></p></article>",
            "<article><strong><p>x</p></strong></article>",
            "<article><p>x</article>",
            "<article><!-- x --></article>",
            "<article><a href=\"https://a/\"><a href=\"https://b/\">x</a></a></article>",
            "<article><svg><p>x</p></svg></article>",
            "<article><table><tr><td>x</td></tr></table></article>",
            "<article><table><tbody>text<tr><td>x</td></tr></tbody></table></article>",
            "<article><table><tbody><tr><td>x</td></tr><p>y</p></tbody></table></article>",
            "<article><td>x</td></article>",
            "<article><table><tbody><tr><td colspan=\"2 onclick\">x</td></tr></tbody></table></article>",
            "<article><table><tbody><tr><th scope=\"x\">x</th></tr></tbody></table></article>",
            "<article><pre><code class=\"language-x onclick\">x</code></pre></article>",
            "<article><pre><code class=\"hljs\">x</code></pre></article>",
            "<article><pre><code class=\"language-\">x</code></pre></article>",
            "<article><pre class=\"language-x\">x</pre></article>",
            "<article><p><a id=\"fn1\"></a>x</p></article>",
            "<article><p><a href=\"#fn1\">x</a></p></article>",
            "<article><p><a href=\"#dana-ref-1x\">x</a></p></article>",
            "<article><p id=\"dana-ref-1\">x</p></article>",
            "<article><p><sup id=\"dana-ref-\">x</sup></p></article>",
            "<article><dt>x</dt></article>",
            "<article><dl><p>x</p></dl></article>",
            "<article><dl><dt>x<dd>y</dd></dt></dl></article>",
            "<article><p data-embed=\"iframe\">x</p></article>",
            "<article><figure data-embed=\"video\">x</figure></article>",
            "<article><iframe src=\"https://www.youtube.com/embed/x\"></iframe></article>",
            "<article><video src=\"https://x.org/v.mp4\" autoplay></video></article>",
            "<article><p><math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math></p></article>",
            "<article><p><math><mi><svg><foreignObject></foreignObject></svg></mi></math></p></article>",
            "<article><p><math><annotation-xml encoding=\"text/html\"><img src=x></annotation-xml></math></p></article>",
            "<article><p><math><maction actiontype=\"statusline\"><mi>x</mi></maction></math></p></article>",
            "<article><p><math href=\"javascript:alert(1)\"><mi>x</mi></math></p></article>",
            "<article><p><math><mi xlink:href=\"https://x.org/\">x</mi></math></p></article>",
            "<article><p><math><mi style=\"color:red\">x</mi></math></p></article>",
            "<article><p><math display=\"x\"><mi>x</mi></math></p></article>",
            "<article><p><math><mi mathvariant=\"a;b\">x</mi></math></p></article>",
            "<article><p><math><mi><mi>x</mi></mi></math></p></article>",
            "<article><p><math><mrow>x</mrow></math></p></article>",
            "<article><p><math><math><mi>x</mi></math></math></p></article>",
            "<article><p><mi>x</mi></p></article>",
            "<article><p><math><p>x</p></math></p></article>",
            "<article><p><math><mspace/></math></p></article>",
            "<article><p><math><semantics><annotation encoding=\"application/x-tex\">x</annotation></semantics></math></p></article>",
            "<article><p data-math=\"inline\">x</p></article>",
        ] {
            assert!(check(bad).is_err(), "{bad}");
        }
    }
}
