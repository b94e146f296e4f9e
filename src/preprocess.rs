//! The preprocessing step (thesis 4.3.1) and the hyperlink filters (4.6.1).
//!
//! One pass of a spec-compliant tokenizer ([`crate::tokenize`], WHATWG tokenization) turns the
//! page into tokens. Scripts, styles, comments and other non-content elements are dropped; what the head
//! declares (title, meta, JSON-LD, lang, dir, base) is kept aside for the metadata stages.
//!
//! **Line normalisation.** The thesis normalises line length so that the method does not depend
//! on how the source happens to be broken into lines. We go one step further and rebuild the
//! lines from the tokens: a line ends before every block-level start tag and after every
//! block-level end tag or `<br>`; whitespace in text collapses to one space; every tag is
//! counted in one canonical form (`<name a="v">`, attributes in order, entities decoded). A
//! page written on one line, pretty-printed, with CRLF, or with a BOM gives the same lines,
//! so the same counts, regions and text.

use std::borrow::Cow;

use crate::html::{
    collapse_and_trim, collapse_whitespace, collapsed_trimmed_chars, could_be_https, is_block,
    is_heading, is_void, keeps_whitespace,
};
use crate::options::{LinkFilter, Options};
use crate::tokenize::{normalise_newlines, own_attrs, tokenize_lending, Name, Tag};

mod controls;
mod dropped;

use dropped::{
    breaks_out_of_foreign_content, declares_boilerplate_role, hidden_class, hides,
    in_article_aside, is_dropped, is_head_element, is_heading_mark, math_hides, transparent,
    ClassWords,
};
pub use dropped::{is_boilerplate, names_site_box, Marks};

/// What preprocessing does: the hyperlink filter and our measured refinements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preprocessing {
    /// The hyperlink filter (thesis 4.6.1).
    pub filter: LinkFilter,
    /// Drop `nav`, `aside`, `footer`, dialogs; show React's streamed boundaries ([`Options::prune`]).
    pub prune: bool,
    /// Weigh image tags by their name alone ([`Options::media`]).
    pub media: bool,
    /// Weigh an inline element's start tag without its `style` ([`Options::inline_styles`]).
    pub inline_styles: bool,
    /// Weigh every start tag by its name alone, as `media` weighs images (anchors keep the
    /// hyperlink filter's weight): [`crate::fallback`]'s second reading of a page whose
    /// attributes outweigh all of its text.
    pub bare_tags: bool,
    /// Take the `data-dana-id` attribute out of every start tag into [`Page::element_ids`]
    /// ([`Options::element_ids`]).
    pub element_ids: bool,
    /// With `prune`, keep an `aside` that stands inside an `article` and does not name itself
    /// a related-posts, newsletter, share or ad box (`in_article_aside`): a note or box of
    /// background of the article's own, which phase 4 reads as a quote ([`Options::article`]).
    pub asides: bool,
    /// Leave a dropped `iframe`'s start tag, empty and weightless, in its place, for
    /// phase 4's embed cards (src/embeds.rs; [`Options::article`]).
    pub embeds: bool,
    /// Keep formulas (`math`, MathJax 2's TeX scripts) as stand-ins holding MathML built from
    /// an allowlist (src/math.rs; [`Options::article`]); the thesis drops them.
    pub math: bool,
    /// Drop the marks generators put on a heading (MediaWiki's `[edit]`, the `¶`/`#`
    /// permalinks: `is_heading_mark`), which are not its words ([`Options::article`]).
    pub heading_marks: bool,
    /// With `prune`, an element whose class is a CSS framework's utility for `display: none`
    /// or `visibility: hidden` is hidden (`hidden_class`; [`Options::hidden_class`]).
    pub hidden_class: bool,
    /// With `prune`, an element whose own style sets `opacity: 0` with nothing that will
    /// show it (no transition, animation or reveal library) is hidden (`transparent`;
    /// [`Options::hidden_opacity`]).
    pub opacity: bool,
    /// A `button` inside a sentence is read as the text it shows, not dropped as a control
    /// (`controls`; [`Options::inline_controls`]).
    pub controls: bool,
}

impl Preprocessing {
    /// As `options` asks.
    pub fn of(options: &Options) -> Preprocessing {
        Preprocessing {
            filter: options.effective_filter(),
            prune: options.prune,
            media: options.media,
            inline_styles: options.inline_styles,
            bare_tags: false,
            element_ids: options.element_ids,
            asides: options.prune && options.article,
            embeds: options.article,
            math: options.article,
            heading_marks: options.article,
            hidden_class: options.prune && options.hidden_class,
            opacity: options.prune && options.hidden_opacity,
            controls: options.inline_controls,
        }
    }

    /// The thesis's preprocessing with the given hyperlink filter.
    pub fn thesis(filter: LinkFilter) -> Preprocessing {
        Preprocessing {
            filter,
            prune: false,
            media: false,
            inline_styles: false,
            bare_tags: false,
            element_ids: false,
            asides: false,
            embeds: false,
            math: false,
            heading_marks: false,
            hidden_class: false,
            opacity: false,
            controls: false,
        }
    }
}

/// A token of the page body after preprocessing: the tokenizer's own type. In a [`Page`], text
/// tokens hold normalised text (see [`crate::tokenize::Token::Text`]).
pub use crate::tokenize::Token as Tok;

/// Per-token weights that phase 1 sums per line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Weight {
    /// Characters of text (DANAg's content).
    pub text: u32,
    /// Characters of the canonical form, after the hyperlink filter (DANAg's line length).
    pub chars: u32,
    /// Bytes >= 0x80 of the canonical UTF-8 form (R2L's S1).
    pub non_ascii: u32,
    /// Bytes < 0x80 of the canonical UTF-8 form (R2L's S2).
    pub ascii: u32,
}

/// A normalised line: a run of tokens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// Index of the first token.
    pub start: usize,
    /// Index one past the last token.
    pub end: usize,
}

/// What the head (and the `html` element) declares.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Head {
    /// Text of the first `<title>` (outside SVG), whitespace collapsed.
    pub title: String,
    /// The source of that `<title>`'s content when it holds markup: a tag or a comment written
    /// as such, not escaped. A `<title>`'s content is text up to its end tag (RCDATA), so a
    /// title whose end tag comes late takes in the comments, scripts and links written before
    /// it, as text ([`crate::declared::title_text`] reads it as HTML instead).
    pub title_html: Option<String>,
    /// Attributes of every `<meta>` element, wherever it stands.
    pub metas: Vec<Vec<(String, String)>>,
    /// Bodies of `<script type="application/ld+json">`.
    pub json_ld: Vec<String>,
    /// Raw HTML of every `<noscript>` that is not inside another dropped element (what a
    /// reader without scripts sees; [`crate::fallback`]).
    pub noscript: Vec<String>,
    /// `<html lang>`.
    pub lang: Option<String>,
    /// `<html dir>` (or `<body dir>`).
    pub dir: Option<String>,
    /// `<base href>`.
    pub base_href: Option<String>,
    /// `<link rel=canonical href>`.
    pub canonical: Option<String>,
}

impl Head {
    /// The contents of the `<meta>` elements that one of the attributes `by` (`name`,
    /// `property`, `itemprop`, `http-equiv`) names `key` (ASCII case-insensitive), whitespace
    /// collapsed and trimmed, blank ones skipped, in document order. (A stage that looks up many
    /// keys reads the metas once instead: [`crate::declared::Metas`].)
    pub fn meta_contents<'h>(
        &'h self,
        by: &'h [&str],
        key: &'h str,
    ) -> impl Iterator<Item = String> + 'h {
        self.metas.iter().filter_map(move |attrs| {
            let get = |k: &str| attrs.iter().find(|(n, _)| n == k).map(|(_, v)| v.as_str());
            // The name first: collapsing every meta's content for every key looked up was a tenth
            // of the extraction's instructions (docs/PERFORMANCE.md, 24 November).
            if !by.iter().filter_map(|k| get(k)).any(|v| v.trim().eq_ignore_ascii_case(key)) {
                return None;
            }
            let content = collapse_whitespace(get("content")?).trim().to_string();
            (!content.is_empty()).then_some(content)
        })
    }
}

/// A preprocessed page; its tokens borrow from the HTML it was parsed from.
#[derive(Clone, Debug, Default)]
pub struct Page<'a> {
    /// Body tokens in document order, non-content removed.
    pub toks: Vec<Tok<'a>>,
    /// Weight of each token (same index as `toks`).
    pub weights: Vec<Weight>,
    /// Normalised line of each token (same index as `toks`).
    pub line_of: Vec<u32>,
    /// The normalised lines.
    pub lines: Vec<Line>,
    /// What the head declares.
    pub head: Head,
    /// With [`Preprocessing::element_ids`]: (index into `toks`, id) of every start tag that
    /// carried a decimal `data-dana-id`, in document order. The attribute itself is gone from
    /// the tokens, so no stage sees it.
    pub element_ids: Vec<(usize, u32)>,
}

/// The source of the first `<title>` element's content: from the end of its start tag to its
/// end tag (or the end of the page).
fn title_source(html: &str) -> Option<&str> {
    let b = html.as_bytes();
    let open = (0..b.len()).find(|&i| {
        b[i] == b'<'
            && b.get(i + 1..i + 6).is_some_and(|n| n.eq_ignore_ascii_case(b"title"))
            && matches!(b.get(i + 6), Some(b'>' | b' ' | b'\t' | b'\n' | b'/'))
    })?;
    let start = open + html[open..].find('>')? + 1;
    let end = (start..b.len())
        .find(|&i| {
            b[i] == b'<' && b.get(i + 1..i + 7).is_some_and(|n| n.eq_ignore_ascii_case(b"/title"))
        })
        .unwrap_or(b.len());
    Some(&html[start..end])
}

/// Whether raw text holds a tag or a comment as written: `<` followed by a letter, `/`, `!`
/// or `?`, or a comment's end.
fn holds_markup(raw: &str) -> bool {
    raw.contains("-->")
        || raw.as_bytes().windows(2).any(|w| {
            w[0] == b'<' && (w[1].is_ascii_alphabetic() || matches!(w[1], b'/' | b'!' | b'?'))
        })
}

/// The formula read from a `<math>` subtree (`Preprocessing::math`, src/math.rs) put in its
/// place, with the `math` element's id for strip mode; nothing when it holds no text.
fn end_formula<'s>(
    out: &mut Vec<Tok<'s>>,
    ids: &mut Vec<(usize, u32)>,
    formula: Option<(Vec<Tok<'s>>, usize, Option<u32>)>,
) {
    let Some((toks, _, id)) = formula else { return };
    if let Some(m) = crate::math::from_mathml(&toks) {
        if let Some(id) = id {
            ids.push((out.len(), id));
        }
        push_formula(out, m);
    }
}

/// A formula's stand-in: a `math` start tag holding its MathML ([`crate::math::MATHML`];
/// `display` says a display formula), its text, and the end tag.
fn push_formula<'s>(out: &mut Vec<Tok<'s>>, m: crate::math::Math) {
    let mut attrs = vec![(Cow::Borrowed(crate::math::MATHML), Cow::Owned(m.html))];
    if m.display {
        attrs.insert(0, (Cow::Borrowed("display"), Cow::Borrowed("block")));
    }
    out.push(Tok::Start { name: Tag::Math.into(), attrs, self_closing: false });
    out.push(Tok::Text(Cow::Owned(m.text)));
    out.push(Tok::End { name: Tag::Math.into() });
}

/// Whether a formula's stand-in is display math: a block of its own.
pub fn is_display_math(tok: &Tok) -> bool {
    tok.is_start(Tag::Math)
        && tok.attr(crate::math::MATHML).is_some()
        && tok.attr("display").is_some()
}

/// The attribute that carries the extension's element id ([`Options::element_ids`]).
const ELEMENT_ID: &str = "data-dana-id";

/// Removes `data-dana-id` from `attrs` and returns its value when it is a decimal integer.
/// (The tokenizer keeps the first of duplicate attributes, as WHATWG says, so there is one.)
fn take_element_id(attrs: &mut Vec<(Cow<'_, str>, Cow<'_, str>)>) -> Option<u32> {
    let pos = attrs.iter().position(|(k, _)| k == ELEMENT_ID)?;
    let (_, value) = attrs.remove(pos);
    value.trim().parse().ok()
}

impl<'a> Page<'a> {
    /// Tokenises and preprocesses `html`. The tokens borrow from `html` when its newlines are
    /// already normalised (no CR; [`crate::tokenize::normalise_newlines`]), as `extract`
    /// arranges; otherwise they own copies.
    pub fn parse(html: &'a str, how: Preprocessing) -> Page<'a> {
        let mut page = Page::default();
        let html = html.strip_prefix('\u{feff}').unwrap_or(html);
        let (raw, ids) = match normalise_newlines(html) {
            Cow::Borrowed(html) => page.strip(html, how),
            Cow::Owned(normalised) => {
                let (raw, ids) = page.strip(&normalised, how);
                (raw.into_iter().map(Tok::into_owned).collect(), ids)
            }
        };
        page.normalise_lines(raw, &ids, how);
        page
    }

    /// Tokenises (`html` has no CR), keeps head declarations aside and drops non-content.
    /// Text is left raw. Also returns, with [`Preprocessing::element_ids`], (index into the
    /// tokens, id) of each kept start tag that carried `data-dana-id`.
    fn strip<'s>(
        &mut self,
        html: &'s str,
        how: Preprocessing,
    ) -> (Vec<Tok<'s>>, Vec<(usize, u32)>) {
        let prune = how.prune;
        let mut ids = Vec::new();
        // About one token per 40 bytes of HTML on the corpus: reserved once, not regrown.
        let mut out: Vec<Tok<'s>> = Vec::with_capacity(html.len() / 40);
        // The element being dropped, and how deep we are inside elements of its name.
        let mut dropping: Option<(Name<'s>, usize)> = None;
        let mut in_head = false;
        let mut pending_script: Option<bool> = None; // Some(is_json_ld) while inside a script
        let mut in_title = false;
        let mut in_svg = 0usize;
        // How many `article` elements are open (kept ones: a dropped element's are not seen).
        let mut articles = 0usize;
        // `Preprocessing::math`: the `<math>` subtree being read (its tokens, how deep inside
        // `math` elements, its element id), and the TeX of a MathJax 2 script being read
        // (whether it is display math).
        let mut formula: Option<(Vec<Tok<'s>>, usize, Option<u32>)> = None;
        let mut tex: Option<(String, bool)> = None;
        // How many headings (`h1`..`h6`) are open (kept ones), for their generators' marks.
        let mut headings = 0usize;
        // `Preprocessing::controls`: how many kept forms are open, the kept `button` being read
        // (the index of its start tag in `out`) and the buttons read, each as the range of its
        // tokens in `out`; `controls::resolve` then drops those that stand alone.
        let mut forms = 0usize;
        let mut control: Option<usize> = None;
        let mut controls: Vec<std::ops::Range<usize>> = Vec::new();

        // Each token is handled as the tokenizer hands it over (`return` goes on to the next).
        // A start tag's attributes are lent (`tokenize_lending`) and drained into the token
        // only when it is kept (`own_attrs`).
        tokenize_lending(html, |token, attrs| {
            match token {
                Tok::Start { name, self_closing, .. } => {
                    // The extension's element ids are not the page's markup: taken out before
                    // anything looks at the attributes. Read from the parsed attributes, so a
                    // value, a comment or a script that merely contains the text cannot fake one.
                    let id = if how.element_ids { take_element_id(attrs) } else { None };
                    if let Some((toks, depth, _)) = formula.as_mut() {
                        if !breaks_out_of_foreign_content(&name) {
                            if name.is(Tag::Math) && !self_closing {
                                *depth += 1;
                            }
                            toks.push(Tok::Start { name, attrs: own_attrs(attrs), self_closing });
                            return;
                        }
                        // Where HTML resumes, an unclosed formula ends, as in the browser.
                        end_formula(&mut out, &mut ids, formula.take());
                        in_svg = in_svg.saturating_sub(1);
                    }
                    let void = is_void(&name);
                    let self_closing = self_closing || void;
                    self.note_head(&name, attrs);
                    if name.is(Tag::Svg) || name.is(Tag::Math) {
                        in_svg += usize::from(!self_closing);
                    }
                    if name.is(Tag::Script) {
                        pending_script = Some(attrs.iter().any(|(k, v)| {
                            k == "type" && v.trim().eq_ignore_ascii_case("application/ld+json")
                        }));
                    }
                    if name.is(Tag::Title) && in_svg == 0 && self.head.title.is_empty() {
                        in_title = true;
                    }
                    if let Some((dropped, depth)) = dropping.as_mut() {
                        if (dropped.is(Tag::Svg) || dropped.is(Tag::Math))
                            && breaks_out_of_foreign_content(&name)
                        {
                            // An unclosed `<svg>` ends where HTML resumes, as in the browser.
                            dropping = None;
                            in_svg = 0;
                        } else if prune && dropped.is(Tag::P) && is_block(&name) {
                            // A paragraph cannot hold a block: the block's start tag closes it
                            // (WHATWG 13.2.6.4.7, "in body"), so a hidden `<p>` left unclosed
                            // ends here, not at the next `</p>`, which may be the article's
                            // last (`<p style="display:none">&nbsp;<p>…` took whole articles).
                            dropping = None;
                        } else {
                            if *dropped == name && !self_closing {
                                *depth += 1;
                            }
                            return;
                        }
                    }
                    if name.is(Tag::Head) {
                        in_head = !self_closing;
                        return;
                    }
                    if in_head && !is_head_element(&name) {
                        in_head = false; // the head ends where body content begins
                    }
                    if in_head {
                        if !self_closing && !void && is_dropped(&name) {
                            dropping = Some((name, 1));
                        }
                        return;
                    }
                    let marks = Marks::of(attrs);
                    let own_aside = how.asides
                        && name.is(Tag::Aside)
                        && articles > 0
                        && in_article_aside(&marks);
                    let boilerplate = prune
                        && ((is_boilerplate(&name) && !own_aside)
                            || declares_boilerplate_role(&marks));
                    let words = if how.math || how.hidden_class || how.heading_marks {
                        ClassWords::of(marks.class)
                    } else {
                        ClassWords::default()
                    };
                    let hidden = if how.math {
                        math_hides(&name, &words).unwrap_or_else(|| hides(&name, &marks, prune))
                    } else {
                        hides(&name, &marks, prune)
                    } || (how.hidden_class && hidden_class(marks.class, &words))
                        || (how.opacity && transparent(&name, &marks, attrs));
                    if how.math && !hidden && !boilerplate {
                        if name.is(Tag::Math) && !self_closing {
                            formula = Some((
                                vec![Tok::Start { name, attrs: own_attrs(attrs), self_closing }],
                                1,
                                id,
                            ));
                            return;
                        }
                        if name.is(Tag::Script) {
                            if let Some(display) = attrs
                                .iter()
                                .find(|(k, _)| k == "type")
                                .and_then(|(_, v)| crate::math::tex_script(v))
                            {
                                tex = Some((String::new(), display));
                            }
                        }
                    }
                    if how.embeds && name.is(Tag::Iframe) && !hidden && !boilerplate {
                        // An embed (`crate::embeds`): its start tag stays, empty, weighing
                        // nothing; its content is dropped as before. Only a frame whose source
                        // (a lazy loader's `data-src` first: its `src` is often `about:blank`)
                        // can resolve to https, a card's, is kept: a share button's `http:`
                        // frame leaves no trace.
                        let get = |k: &str| {
                            attrs
                                .iter()
                                .find(|(a, v)| a == k && !v.trim().is_empty())
                                .map(|(_, v)| v.clone())
                        };
                        let src = crate::html::FRAME_SOURCES.iter().find_map(|k| get(k));
                        // (An `http:` frame of a provider that serves `https:` is kept too, but
                        // not a widget of theirs: a like button's frame leaves no trace.)
                        let upgraded = |s: &str| {
                            crate::html::upgrade(s.trim())
                                .is_some_and(|u| !crate::html::is_widget(&u))
                        };
                        if src.is_some_and(|s| could_be_https(&s) || upgraded(&s)) {
                            if let Some(id) = id {
                                ids.push((out.len(), id));
                            }
                            out.push(Tok::Start {
                                name: name.clone(),
                                attrs: own_attrs(attrs),
                                self_closing: true,
                            });
                        }
                        if !self_closing {
                            dropping = Some((name, 1));
                        }
                        return;
                    }
                    // A generator's mark in a heading (its `[edit]` link, its `¶` or `#`
                    // permalink) is not the heading's words (`Options::article`).
                    let mark = how.heading_marks && is_heading_mark(&words, headings > 0);
                    // A button outside a form is read for now; whether it stands in a sentence
                    // is known only after it (`Options::inline_controls`).
                    let read_control = how.controls
                        && name.is(Tag::Button)
                        && !self_closing
                        && forms == 0
                        && control.is_none();
                    if ((is_dropped(&name) && !read_control) || hidden || boilerplate || mark)
                        && !void
                    {
                        if !self_closing {
                            dropping = Some((name, 1));
                        }
                        return;
                    }
                    if hidden {
                        return; // a hidden void element (an image kept for screen readers' sake)
                    }
                    if name.is(Tag::Html) || name.is(Tag::Body) {
                        return;
                    }
                    if let Some(id) = id {
                        ids.push((out.len(), id));
                    }
                    if name.is(Tag::Article) && !self_closing {
                        articles += 1;
                    }
                    if is_heading(&name) && !self_closing {
                        headings += 1;
                    }
                    if how.controls {
                        forms += usize::from(name.is(Tag::Form) && !self_closing);
                        if read_control {
                            control = Some(out.len());
                        }
                    }
                    out.push(Tok::Start { name, attrs: own_attrs(attrs), self_closing });
                }
                Tok::End { name } => {
                    if let Some((toks, depth, _)) = formula.as_mut() {
                        if name.is(Tag::Math) {
                            *depth -= 1;
                        }
                        if *depth > 0 {
                            toks.push(Tok::End { name });
                            return;
                        }
                        toks.push(Tok::End { name });
                        end_formula(&mut out, &mut ids, formula.take());
                        in_svg = in_svg.saturating_sub(1);
                        return;
                    }
                    if name.is(Tag::Script) {
                        if let Some((source, display)) = tex.take() {
                            if let Some(m) = crate::math::from_tex(&source, display) {
                                push_formula(&mut out, m);
                            }
                        }
                    }
                    if name.is(Tag::Br) {
                        // The HTML tree builder reads a stray `</br>` as `<br>`, so do we.
                        if dropping.is_none() {
                            in_head = false;
                            out.push(Tok::Start {
                                name: Tag::Br.into(),
                                attrs: Vec::new(),
                                self_closing: true,
                            });
                        }
                        return;
                    }
                    if (name.is(Tag::Svg) || name.is(Tag::Math)) && in_svg > 0 {
                        in_svg -= 1;
                    }
                    if name.is(Tag::Script) {
                        pending_script = None;
                    }
                    if name.is(Tag::Title) {
                        in_title = false;
                    }
                    if let Some((dropped, depth)) = dropping.as_mut() {
                        if *dropped == name {
                            *depth -= 1;
                            if *depth == 0 {
                                dropping = None;
                            }
                            return;
                        }
                        if !(prune && dropped.is(Tag::P) && is_block(&name)) {
                            return;
                        }
                        // The end of the block that holds an unclosed hidden paragraph closes
                        // the paragraph too; the end tag itself is the page's and is kept.
                        dropping = None;
                    }
                    if name.is(Tag::Head) {
                        in_head = false;
                        return;
                    }
                    if in_head || name.is(Tag::Html) || name.is(Tag::Body) || is_void(&name) {
                        return;
                    }
                    if name.is(Tag::Article) {
                        articles = articles.saturating_sub(1);
                    }
                    if is_heading(&name) {
                        headings = headings.saturating_sub(1);
                    }
                    if how.controls && name.is(Tag::Form) {
                        forms = forms.saturating_sub(1);
                    }
                    let ends_control = name.is(Tag::Button);
                    out.push(Tok::End { name });
                    if ends_control {
                        if let Some(start) = control.take() {
                            controls.push(start..out.len());
                        }
                    }
                }
                Tok::Text(s) => {
                    if let Some((toks, _, _)) = formula.as_mut() {
                        toks.push(Tok::Text(s));
                        return;
                    }
                    if let Some((source, _)) = tex.as_mut() {
                        source.push_str(&s);
                    }
                    if in_title {
                        self.head.title.push_str(&s);
                    }
                    if pending_script == Some(true) {
                        self.head.json_ld.push(s.to_string());
                    }
                    if matches!(&dropping, Some((name, _)) if name.is(Tag::Noscript)) {
                        self.head.noscript.push(s.to_string());
                    }
                    if dropping.is_some() || in_head {
                        return;
                    }
                    match out.last_mut() {
                        Some(Tok::Text(t)) => t.to_mut().push_str(&s),
                        _ => out.push(Tok::Text(s)),
                    }
                }
            }
        });
        end_formula(&mut out, &mut ids, formula.take());
        // A button never closed ends with the page.
        controls.extend(control.map(|start| start..out.len()));
        if !controls.is_empty() {
            controls::resolve(&mut out, &mut ids, &controls);
        }
        self.head.title = collapse_whitespace(&self.head.title).trim().to_string();
        // Asked only of a title with a `<` in its text (rare): whether it was written as one.
        if self.head.title.contains('<') || self.head.title.contains("-->") {
            self.head.title_html =
                title_source(html).filter(|raw| holds_markup(raw)).map(str::to_string);
        }
        (out, ids)
    }

    /// Records what a start tag declares about the page.
    fn note_head(&mut self, name: &str, attrs: &[(Cow<'_, str>, Cow<'_, str>)]) {
        let get =
            |key: &str| attrs.iter().find(|(k, _)| k == key).map(|(_, v)| v.trim().to_string());
        match name {
            "meta" => self
                .head
                .metas
                .push(attrs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()),
            "html" => {
                self.head.lang = self.head.lang.take().or(get("lang").filter(|v| !v.is_empty()));
                self.head.dir = self.head.dir.take().or(get("dir").filter(|v| !v.is_empty()));
            }
            "body" => self.head.dir = self.head.dir.take().or(get("dir").filter(|v| !v.is_empty())),
            "base" if self.head.base_href.is_none() => self.head.base_href = get("href"),
            "link"
                if self.head.canonical.is_none()
                    && get("rel").is_some_and(|r| r.eq_ignore_ascii_case("canonical")) =>
            {
                self.head.canonical = get("href");
            }
            _ => {}
        }
    }

    /// Normalises whitespace, breaks the token stream into lines and weighs every token.
    ///
    /// A space at the end of a text token is not written at once: it is carried forward and
    /// written before the next text of the same line, so no line starts or ends with a space
    /// and spacing between tags cannot change the counts.
    ///
    /// The hyperlink filter (thesis 4.6.1) is applied on the way, without a second token
    /// vector: an anchor (a start tag `a`, not self-closing) ends at the next `</a>`, or before
    /// the next `<a>` (anchors do not nest), or at the end. Filter 1 leaves out the anchor with
    /// everything in it; Filter 3 weighs its start tag by the placeholder `<a ` + LT - 7
    /// characters + `>`, LT counted over the anchor's text once the anchor ends. `ids` are
    /// (index into `toks`, element id) in index order.
    fn normalise_lines(&mut self, toks: Vec<Tok<'a>>, ids: &[(usize, u32)], how: Preprocessing) {
        // Each token is kept (plus, rarely, a carried-forward space): reserved once.
        self.toks.reserve(toks.len() + toks.len() / 8);
        self.weights.reserve(toks.len() + toks.len() / 8);
        self.line_of.reserve(toks.len() + toks.len() / 8);
        let mut pre_depth = 0usize;
        let mut line_start = 0usize;
        let mut line_has_text = false;
        let mut pending_space = false;
        // A display formula's stand-in is open (`Preprocessing::math`): a line of its own.
        let mut display_math = false;
        let mut ids = ids.iter().peekable();
        // Filter 1: inside an anchor being left out. Filter 3: the open anchor's start tag
        // (its index in `self.toks`) and the characters of its text so far.
        let mut removing = false;
        let mut anchor: Option<(usize, usize)> = None;
        for (i, tok) in toks.into_iter().enumerate() {
            let a_start = tok.is_start(Tag::A);
            if a_start || tok.is_end(Tag::A) {
                // The open anchor ends here: at its `</a>` (which holds no text) or before the
                // next `<a>`.
                self.end_anchor(anchor.take());
                if std::mem::take(&mut removing) && !a_start {
                    continue; // the removed anchor's `</a>`
                }
            }
            let opens_anchor = a_start && matches!(tok, Tok::Start { self_closing: false, .. });
            if removing || (opens_anchor && how.filter == LinkFilter::Remove) {
                removing = true;
                continue;
            }
            if let (Some((_, lt)), Tok::Text(s)) = (anchor.as_mut(), &tok) {
                *lt += collapsed_trimmed_chars(s);
            }
            // Ids of tokens Filter 1 removed are passed over.
            while ids.next_if(|(at, _)| *at < i).is_some() {}
            let id = ids.next_if(|(at, _)| *at == i).map(|(_, id)| *id);
            let placeholder = opens_anchor && how.filter == LinkFilter::Placeholder;
            match &tok {
                Tok::Start { name, self_closing, .. } => {
                    // A display formula starts a line when the line holds text already; else
                    // its wrappers' start tags (KaTeX's `katex-display`) stand on its line, so
                    // that strip mode keeps them (`kept_ids`), the page's visible formula with them.
                    let display_start = is_display_math(&tok);
                    display_math |= display_start;
                    let block = is_block(name);
                    if block || (display_start && line_has_text) {
                        self.break_line(&mut line_start);
                        (line_has_text, pending_space) = (false, false);
                    }
                    if keeps_whitespace(name) && !self_closing {
                        pre_depth += 1;
                    }
                    let br = name.is(Tag::Br);
                    if !br && !block && !display_math {
                        self.flush_space(&mut pending_space, line_has_text);
                    }
                    let w = weigh_tag(&tok, None, how);
                    if let Some(id) = id {
                        self.element_ids.push((self.toks.len(), id));
                    }
                    if placeholder {
                        anchor = Some((self.toks.len(), 0)); // (after a carried-forward space)
                    }
                    self.push(tok, w);
                    if br {
                        self.break_line(&mut line_start);
                        (line_has_text, pending_space) = (false, false);
                    }
                }
                Tok::End { name } => {
                    let block = is_block(name) || (display_math && name.is(Tag::Math));
                    display_math &= !block;
                    if keeps_whitespace(name) {
                        pre_depth = pre_depth.saturating_sub(1);
                    }
                    if !block {
                        self.flush_space(&mut pending_space, line_has_text);
                    }
                    let w = weigh_tag(&tok, None, how);
                    self.push(tok, w);
                    if block {
                        self.break_line(&mut line_start);
                        (line_has_text, pending_space) = (false, false);
                    }
                }
                Tok::Text(_) => {
                    let Tok::Text(raw) = tok else { unreachable!() };
                    let text = if pre_depth > 0 {
                        // `&#13;` is the only way a CR reaches here (the tokenizer's input has none).
                        if raw.contains('\r') {
                            Cow::Owned(raw.replace("\r\n", "\n").replace('\r', "\n"))
                        } else {
                            raw
                        }
                    } else {
                        let page_text = match &raw {
                            Cow::Borrowed(r) => Some(*r),
                            Cow::Owned(_) => None,
                        };
                        let (core, leading, trailing) = collapse_and_trim(raw);
                        let space = !core.is_empty() && line_has_text && (pending_space || leading);
                        pending_space =
                            if core.is_empty() { pending_space || leading } else { trailing };
                        // The space and the text borrowed together from the page when the page
                        // has a plain space right before the text (most text after an inline
                        // tag): no copy of the text to put a space before it.
                        let spaced = match (&core, page_text) {
                            (Cow::Borrowed(c), Some(r)) if space && leading => {
                                let at = c.as_ptr() as usize - r.as_ptr() as usize;
                                (r.as_bytes()[at - 1] == b' ').then(|| &r[at - 1..at + c.len()])
                            }
                            _ => None,
                        };
                        if let Some(spaced) = spaced {
                            Cow::Borrowed(spaced)
                        } else if space {
                            let mut t = String::with_capacity(core.len() + 1);
                            t.push(' ');
                            t.push_str(&core);
                            Cow::Owned(t)
                        } else {
                            core
                        }
                    };
                    if text.is_empty() {
                        continue;
                    }
                    line_has_text = true;
                    let w = weigh_text(&text);
                    self.push(Tok::Text(text), w);
                }
            }
        }
        self.end_anchor(anchor.take());
        self.break_line(&mut line_start);
    }

    /// Filter 3: an anchor has ended; its start tag (`self.toks[at]`) weighs `<a ` + LT - 7
    /// placeholder characters + `>`, LT the characters of its text, as in the thesis's example
    /// `<a _____>BBC Web Site</a>`: with `</a>` the link's code weighs LT + 1, about as much as
    /// its text (Algorithm 4).
    fn end_anchor(&mut self, anchor: Option<(usize, usize)>) {
        if let Some((at, lt)) = anchor {
            self.weights[at] = weigh_tag(
                &self.toks[at],
                Some(lt.saturating_sub(7) as u32),
                Preprocessing::thesis(LinkFilter::Placeholder),
            );
        }
    }

    /// Writes a carried-forward space before an inline tag, where the source had it.
    fn flush_space(&mut self, pending_space: &mut bool, line_has_text: bool) {
        if std::mem::take(pending_space) && line_has_text {
            self.push(Tok::Text(Cow::Borrowed(" ")), weigh_text(" "));
        }
    }

    fn push(&mut self, tok: Tok<'a>, w: Weight) {
        self.toks.push(tok);
        self.weights.push(w);
        self.line_of.push(self.lines.len() as u32);
    }

    /// Ends the current line (if it has any token) and starts the next.
    fn break_line(&mut self, line_start: &mut usize) {
        if self.toks.len() > *line_start {
            self.lines.push(Line { start: *line_start, end: self.toks.len() });
            *line_start = self.toks.len();
        }
    }

    /// Each line's canonical source text (for the demo's plots).
    pub fn line_sources(&self) -> Vec<String> {
        self.lines
            .iter()
            .map(|l| self.toks[l.start..l.end].iter().map(canonical).collect::<String>())
            .collect()
    }
}

/// The canonical form of a token, as counted in phase 1 (without the hyperlink filter).
pub fn canonical(tok: &Tok) -> String {
    match tok {
        Tok::Start { name, attrs, self_closing } => {
            let mut s = format!("<{name}");
            for (k, v) in attrs {
                s.push(' ');
                s.push_str(k);
                s.push_str("=\"");
                s.push_str(v);
                s.push('"');
            }
            if *self_closing && !is_void(name) {
                s.push('/');
            }
            s.push('>');
            s
        }
        Tok::End { name } => format!("</{name}>"),
        Tok::Text(t) => t.to_string(),
    }
}

fn weigh_str(s: &str, w: &mut Weight) {
    // Most texts and attribute values are ASCII: one byte a character, which `is_ascii` tells
    // a word at a time, faster than the counting loop below (docs/PERFORMANCE.md, the front end).
    if s.is_ascii() {
        w.chars += s.len() as u32;
        w.ascii += s.len() as u32;
        return;
    }
    // One pass over the bytes: a character starts at every byte that is not a UTF-8
    // continuation byte (10xxxxxx).
    let (mut non_ascii, mut continuation) = (0u32, 0u32);
    for &b in s.as_bytes() {
        non_ascii += u32::from(b >= 0x80);
        continuation += u32::from(b & 0xC0 == 0x80);
    }
    w.chars += s.len() as u32 - continuation;
    w.non_ascii += non_ascii;
    w.ascii += s.len() as u32 - non_ascii;
}

fn weigh_text(text: &str) -> Weight {
    let mut w = Weight::default();
    weigh_str(text, &mut w);
    w.text = w.chars;
    w
}

/// Weighs a tag by its canonical form; an anchor's start tag by what the filter left of it.
fn weigh_tag(tok: &Tok, placeholder: Option<u32>, how: Preprocessing) -> Weight {
    let mut w = Weight::default();
    match (tok, how.filter) {
        (Tok::Start { name, .. }, LinkFilter::Strip) if name.is(Tag::A) => weigh_str("<a>", &mut w),
        (Tok::Start { name, .. }, LinkFilter::Placeholder) if name.is(Tag::A) => {
            // `<a ` + LT - 7 placeholder characters + `>` as in the thesis's example
            // `<a _____>BBC Web Site</a>`: with `</a>` the link's code weighs LT + 1, about as
            // much as its text (Algorithm 4).
            let n = placeholder.unwrap_or(0);
            w.chars = 4 + n;
            w.ascii = 4 + n;
        }
        // An embed's stand-in (`Preprocessing::embeds`): the dropped `iframe` weighed nothing.
        (Tok::Start { name, .. }, _) if how.embeds && name.is(Tag::Iframe) => {}
        // A formula's stand-in (`Preprocessing::math`) weighs as `<math>`: the MathML it holds
        // is the formula's markup, not the page's, and its text is counted as text.
        (Tok::Start { name, attrs, .. }, _)
            if how.math
                && name.is(Tag::Math)
                && attrs.iter().any(|(k, _)| k == crate::math::MATHML) =>
        {
            weigh_str("<math>", &mut w);
        }
        // `Options::media`: an image's attributes (source URLs, srcset, alt) describe a picture
        // of the article; counted as code they make a picture-rich article read as markup.
        (Tok::Start { name, .. }, _) if (how.media && is_media(name)) || how.bare_tags => {
            w.chars = name.len() as u32 + 2;
            w.ascii = w.chars;
        }
        _ => weigh_canonical(tok, how.inline_styles, &mut w),
    }
    w
}

/// Elements whose tag is a picture, weighed by name alone under [`Options::media`].
fn is_media(name: &Name) -> bool {
    use Tag::*;
    matches!(name.tag(), Some(Img | Picture | Source | Figure | Video | Audio))
}

/// Weighs the canonical form of a token (see [`canonical`]) without building it; with
/// `inline_styles`, an inline element's start tag as if it had no `style` attribute
/// ([`Options::inline_styles`]).
fn weigh_canonical(tok: &Tok, inline_styles: bool, w: &mut Weight) {
    let punctuation = match tok {
        Tok::Start { name, attrs, self_closing } => {
            weigh_str(name, w);
            let mut counted = 0;
            for (k, v) in attrs {
                if inline_styles && k == "style" && !is_block(name) {
                    continue;
                }
                weigh_str(k, w);
                weigh_str(v, w);
                counted += 1;
            }
            // `<` and `>`; ` `, `="` and `"` around each attribute; `/` when self-closing.
            2 + 4 * counted + u32::from(*self_closing && !is_void(name))
        }
        Tok::End { name } => {
            weigh_str(name, w);
            3 // `</` and `>`
        }
        Tok::Text(t) => {
            weigh_str(t, w);
            0
        }
    };
    w.chars += punctuation;
    w.ascii += punctuation;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(html: &str) -> Vec<String> {
        Page::parse(html, Preprocessing::thesis(LinkFilter::None)).line_sources()
    }

    #[test]
    fn scripts_styles_comments_and_head_are_dropped() {
        let p = Page::parse(
            "<html><head><title>T</title><style>p{}</style></head><body><!-- c --><script>x<y</script><p>Hi</p></body></html>",
            Preprocessing::thesis(LinkFilter::None),
        );
        assert_eq!(p.line_sources(), vec!["<p>Hi</p>"]);
        assert_eq!(p.head.title, "T");
    }

    #[test]
    fn lines_break_at_block_boundaries_not_at_newlines() {
        assert_eq!(
            lines("<div><p>a\n b <b>c</b></p><p>d</p></div>"),
            vec!["<div>", "<p>a b <b>c</b></p>", "<p>d</p>", "</div>"]
        );
    }

    #[test]
    fn asides_of_the_article_are_kept_only_when_asked_and_not_the_sites_boxes() {
        let html = "<aside>Sidebar</aside><article><p>Text</p><aside class=\"note\">Own note</aside>\
                    <aside class=\"related-posts\">Related</aside><aside class=\"ad-slot\">Ad</aside>\
                    <aside class=\"wp-block-pullquote\">Repeated</aside></article><aside>After</aside>";
        let asides =
            Preprocessing { prune: true, asides: true, ..Preprocessing::thesis(LinkFilter::None) };
        assert_eq!(
            Page::parse(html, asides).line_sources(),
            vec![
                "<article>",
                "<p>Text</p>",
                "<aside class=\"note\">Own note</aside>",
                "</article>"
            ]
        );
        let pruned = Preprocessing { prune: true, ..Preprocessing::thesis(LinkFilter::None) };
        assert_eq!(
            Page::parse(html, pruned).line_sources(),
            vec!["<article>", "<p>Text</p>", "</article>"]
        );
    }

    #[test]
    fn minified_and_pretty_printed_pages_give_the_same_lines() {
        let min = "<div><p>One two <a href=\"/x\">three</a>.</p><ul><li>four</li></ul></div>";
        let pretty = "<div>\r\n  <p>\r\n    One two\r\n    <a href=\"/x\">three</a>.\r\n  </p>\r\n  <ul>\n    <li>four</li>\n  </ul>\n</div>\n";
        assert_eq!(lines(min), lines(pretty));
        assert_eq!(lines(&format!("\u{feff}{min}")), lines(min));
    }

    #[test]
    fn filter_3_makes_a_link_weigh_as_much_code_as_text() {
        let p = Page::parse(
            "<p><a href=\"http://www.bbc.com/\">BBC Web Site</a></p>",
            Preprocessing::thesis(LinkFilter::Placeholder),
        );
        let (mut code, mut text) = (0, 0);
        for (t, w) in p.toks.iter().zip(&p.weights) {
            if matches!(t, Tok::Start { name, .. } | Tok::End { name } if name.is(Tag::A)) {
                code += w.chars;
            }
            text += w.text;
        }
        assert_eq!(text, 12);
        assert_eq!(code, 13, "`<a _____>` plus `</a>` is LT + 1 characters, as in the thesis");
    }

    #[test]
    fn inline_styles_weigh_nothing_block_styles_count() {
        let code = |html: &str, inline_styles: bool| -> u32 {
            let how = Preprocessing { inline_styles, ..Preprocessing::thesis(LinkFilter::None) };
            let p = Page::parse(html, how);
            p.weights.iter().map(|w| w.chars - w.text).sum()
        };
        let span = "<p><span style=\"font-size: 11pt\" class=c>Words</span></p>";
        // `<p>`, `<span class="c">`, `</span>`, `</p>`: the style and its punctuation left out.
        assert_eq!(code(span, true), 3 + 16 + 7 + 4);
        assert_eq!(code(span, false), 3 + 16 + 24 + 7 + 4);
        let div = "<div style=\"margin: 0\">Words</div>";
        assert_eq!(code(div, true), code(div, false));
    }

    #[test]
    fn filter_1_removes_anchors_with_their_text() {
        assert_eq!(
            Page::parse("<p>x <a href=y>link</a> z</p>", Preprocessing::thesis(LinkFilter::Remove))
                .line_sources(),
            vec!["<p>x z</p>"]
        );
    }

    #[test]
    fn prune_drops_declared_boilerplate_only_when_asked() {
        let html = "<nav><a href=/>Home</a></nav><article><p>Text</p><aside>Ad</aside></article><footer>(c)</footer>";
        assert_eq!(
            Page::parse(
                html,
                Preprocessing { prune: true, ..Preprocessing::thesis(LinkFilter::None) }
            )
            .line_sources(),
            vec!["<article>", "<p>Text</p>", "</article>"]
        );
        assert_eq!(
            Page::parse(html, Preprocessing::thesis(LinkFilter::None)).line_sources(),
            vec![
                "<nav><a href=\"/\">Home</a></nav>",
                "<article>",
                "<p>Text</p>",
                "<aside>Ad</aside>",
                "</article>",
                "<footer>(c)</footer>"
            ]
        );
    }

    #[test]
    fn a_headings_edit_link_and_permalink_are_not_its_words() {
        let how = Preprocessing { heading_marks: true, ..Preprocessing::thesis(LinkFilter::None) };
        let lines = |html: &str| Page::parse(html, how).line_sources();
        // MediaWiki (in its `div.mw-heading`), MkDocs/Sphinx, Docusaurus.
        assert_eq!(
            lines("<div class=\"mw-heading mw-heading2\"><h2 id=\"Uses\">Uses</h2><span class=\"mw-editsection\"><span class=\"mw-editsection-bracket\">[</span><a href=\"?action=edit\">edit</a><span class=\"mw-editsection-bracket\">]</span></span></div>"),
            vec!["<div class=\"mw-heading mw-heading2\">", "<h2 id=\"Uses\">Uses</h2>", "</div>"]
        );
        assert_eq!(
            lines("<h3>Older <span class=\"mw-editsection\">[edit]</span></h3><p>a</p>"),
            vec!["<h3>Older</h3>", "<p>a</p>"]
        );
        assert_eq!(lines("<h2 id=\"usage\">Usage<a class=\"headerlink\" href=\"#usage\" title=\"Permanent link\">¶</a></h2>"), vec!["<h2 id=\"usage\">Usage</h2>"]);
        assert_eq!(lines("<h2 class=\"anchor\">Setup<a href=\"#setup\" class=\"hash-link\" aria-label=\"Direct link\">\u{200b}</a></h2>"), vec!["<h2 class=\"anchor\">Setup</h2>"]);
        // Outside a heading, or under the thesis's preprocessing, they stay.
        assert_eq!(
            lines("<p>See <a class=\"headerlink\" href=\"#x\">x</a></p>"),
            vec!["<p>See <a class=\"headerlink\" href=\"#x\">x</a></p>"]
        );
        let thesis = Page::parse(
            "<h2>Usage<a class=\"headerlink\" href=\"#usage\">¶</a></h2>",
            Preprocessing::thesis(LinkFilter::None),
        )
        .line_sources();
        assert_eq!(thesis, vec!["<h2>Usage<a class=\"headerlink\" href=\"#usage\">¶</a></h2>"]);
    }

    #[test]
    fn unclosed_map_and_svg_do_not_swallow_the_page() {
        // Map areas are code, not content; what follows an unclosed map is still the page.
        assert_eq!(
            lines("<map name=m><area href=/a></map><p>a</p><map name=n><area href=/b><p>b</p>"),
            vec![
                "<map name=\"m\"><area href=\"/a\"></map>",
                "<p>a</p>",
                "<map name=\"n\"><area href=\"/b\">",
                "<p>b</p>"
            ]
        );
        assert_eq!(
            lines("<svg><path d=M0></svg><p>a</p><svg><g><text>x</text><p>b</p>"),
            vec!["<p>a</p>", "<p>b</p>"]
        );
    }

    #[test]
    fn an_end_tag_br_is_a_line_break() {
        assert_eq!(lines("<p>news</br>Tuesday</p>"), lines("<p>news<br>Tuesday</p>"));
    }

    #[test]
    fn an_unclosed_hidden_paragraph_ends_where_the_browser_ends_it() {
        let lines = |html: &str| {
            Page::parse(
                html,
                Preprocessing { prune: true, ..Preprocessing::thesis(LinkFilter::None) },
            )
            .line_sources()
        };
        assert_eq!(
            lines("<div><p style=\"display:none\">&nbsp;<p>a</p><p>b</p></div>"),
            vec!["<div>", "<p>a</p>", "<p>b</p>", "</div>"]
        );
        assert_eq!(lines("<div><p hidden>x</div><p>a</p>"), vec!["<div></div>", "<p>a</p>"]);
    }

    #[test]
    fn a_button_in_a_sentence_is_read_and_one_standing_alone_is_not() {
        let controls = |html: &str| {
            let how = Preprocessing { controls: true, ..Preprocessing::thesis(LinkFilter::None) };
            Page::parse(html, how).line_sources()
        };
        let sentence = "<p>The study was led, according to <button class=\"person\">Ezra Quillan</button>, by the school.</p>";
        assert_eq!(controls(sentence), vec![sentence]);
        // The thesis's preprocessing drops every button.
        assert_eq!(
            lines(sentence),
            vec!["<p>The study was led, according to , by the school.</p>"]
        );
        // A tooltip's box around the button alone is shown inline: the sentence stays a line.
        let tooltip = "<p>The team calls it the <div class=\"tip\"><button>autumn measure</button></div> and keeps it.</p>";
        assert_eq!(
            controls(tooltip),
            vec!["<p>The team calls it the <span class=\"tip\"><button>autumn measure</button></span> and keeps it.</p>"]
        );
        // Standing alone: a share row, a menu's toggle beside its link, a button in a form, an
        // icon, a card made a button.
        for (what, html, want) in [
            ("share row", "<div><button>Email</button> <button>Print</button></div><p>Text of the article.</p>", vec!["<div></div>", "<p>Text of the article.</p>"]),
            ("toggle", "<li><a href=\"/news\">News and events</a><button>Toggle the sub-menu</button></li>", vec!["<li><a href=\"/news\">News and events</a></li>"]),
            ("form", "<form>Get the weekly digest by email <button>Subscribe</button></form>", vec!["<form>Get the weekly digest by email</form>"]),
            ("icon", "<p>Some text of the sentence here <button><svg></svg></button> and more.</p>", vec!["<p>Some text of the sentence here and more.</p>"]),
            ("card", "<p>Read the long text of the story first.</p><button><div><h3>Next story</h3></div></button>", vec!["<p>Read the long text of the story first.</p>"]),
        ] {
            assert_eq!(controls(html), want, "{what}");
        }
    }

    #[test]
    fn hidden_subtrees_are_dropped() {
        assert_eq!(
            lines("<div hidden><p>a</p><div>b</div></div><p style=\"display: none\">c</p><p>d</p>"),
            vec!["<p>d</p>"]
        );
        // React's streamed Suspense boundary is shown as soon as its script runs: kept with
        // `prune` (our refinements), dropped as every `hidden` element under the thesis.
        let streamed = "<div hidden id=\"S:1\"><p>a</p></div><div hidden id=\"S:x\"><p>b</p></div>";
        let pruned = Page::parse(
            streamed,
            Preprocessing { prune: true, ..Preprocessing::thesis(LinkFilter::None) },
        )
        .line_sources();
        assert_eq!(pruned, vec!["<div hidden=\"\" id=\"S:1\">", "<p>a</p>", "</div>"]);
        assert!(lines(streamed).is_empty());
        assert_eq!(
            lines(
                "<p>x <img aria-hidden=\"true\" alt=\"{\\displaystyle x}\" src=\"/m.svg\"> y</p>"
            ),
            vec!["<p>x y</p>"]
        );
    }
}
