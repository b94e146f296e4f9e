//! The HTML tokenizer of the preprocessing step: WHATWG tokenization (HTML Living Standard
//! 13.2.5), written for speed.
//!
//! It gives the tokens html5gum gives with its default emitter and `naively_switch_states`
//! (the tokenizer we used before, and the reference `tests/tokenizer_diff.rs` compares this one
//! with on the corpus, the XSS payloads and generated pages), but it borrows text from the
//! page instead of copying it byte by byte, jumps to the next `<` or `&` with `memchr`, and
//! only builds what preprocessing reads: start tags with their attributes, end tags and text.
//! Comments, doctypes and parse errors are skipped, not built.
//!
//! As in html5gum's naive mode, the content of `title` and `textarea` is RCDATA, of `style`,
//! `xmp`, `iframe`, `noembed`, `noframe` and `noscript` raw text, of `script` script data (with
//! its escape states) and after `plaintext` everything is text: the tree builder, which would
//! make these choices from context, is not run.
//!
//! Named character references (`&amp;`, `&eacute`, …) are looked up in the spec's table of
//! 2 231 names (the `entities` crate's data, kept as one string in `tokenize/entities.rs`), with
//! its rules for legacy names written without a semicolon (13.2.5.73); the most frequent names
//! are decoded without the table. A test compares every name of the table, in text and in
//! attributes, with html5gum's decoding. (Running html5gum's tokenizer on the reference, as
//! before, put its whole state machine in the wasm: 39.6 KB of its 393 KB gzip.) Numeric
//! references follow 13.2.5.80 (`&#0;`, surrogates and values beyond
//! U+10FFFF become U+FFFD; C1 controls take their Windows-1252 meaning).

use std::borrow::Cow;

mod entities;

/// Declares [`Tag`] from one list of (variant, name), so the names and the variants cannot drift.
macro_rules! tags {
    ($($v:ident $s:literal,)*) => {
        /// The HTML element names the engine knows (and the `svg` and `math` roots), as a
        /// number: a token's name is looked up once, in the tokenizer, and the engine's many
        /// questions about it (`is_block`, `is_void`, `name == "p"`…) become integer tests
        /// instead of string comparisons (docs/PERFORMANCE.md, the token model). Names not in
        /// the list stay text ([`Name`]).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[allow(missing_docs)]
        pub enum Tag { $($v,)* }

        impl Tag {
            /// The tag with this (lowercase) name.
            pub fn of(name: &str) -> Option<Tag> {
                Some(match name { $($s => Tag::$v,)* _ => return None })
            }

            /// The element's name.
            pub fn as_str(self) -> &'static str {
                match self { $(Tag::$v => $s,)* }
            }
        }
    };
}

tags! {
    A "a", Abbr "abbr", Acronym "acronym", Address "address", Applet "applet", Area "area",
    Article "article", Aside "aside", Audio "audio", B "b", Base "base", Basefont "basefont",
    Bdi "bdi", Bdo "bdo", Big "big", Blink "blink", Blockquote "blockquote", Body "body", Br "br",
    Button "button", Canvas "canvas", Caption "caption", Center "center", Cite "cite", Code "code",
    Col "col", Colgroup "colgroup", Data "data", Datalist "datalist", Dd "dd", Del "del",
    Details "details", Dfn "dfn", Dialog "dialog", Dir "dir", Div "div", Dl "dl", Dt "dt", Em "em",
    Embed "embed", Fieldset "fieldset", Figcaption "figcaption", Figure "figure", Font "font",
    Footer "footer", Form "form", Frame "frame", Frameset "frameset", H1 "h1", H2 "h2", H3 "h3",
    H4 "h4", H5 "h5", H6 "h6", Head "head", Header "header", Hgroup "hgroup", Hr "hr", Html "html",
    I "i", Iframe "iframe", Image "image", Img "img", Input "input", Ins "ins", Kbd "kbd",
    Keygen "keygen", Label "label", Legend "legend", Li "li", Link "link", Listing "listing",
    Main "main", Map "map", Mark "mark", Marquee "marquee", Math "math", Menu "menu",
    Menuitem "menuitem", Meta "meta", Meter "meter", Nav "nav", Nobr "nobr", Noembed "noembed",
    Noframe "noframe", Noframes "noframes", Noscript "noscript", Object "object", Ol "ol",
    Optgroup "optgroup", Option "option", Output "output", P "p", Param "param", Picture "picture",
    Plaintext "plaintext", Pre "pre", Progress "progress", Q "q", Rb "rb", Rp "rp", Rt "rt",
    Rtc "rtc", Ruby "ruby", S "s", Samp "samp", Script "script", Search "search", Section "section",
    Select "select", Slot "slot", Small "small", Source "source", Span "span", Strike "strike",
    Strong "strong", Style "style", Sub "sub", Summary "summary", Sup "sup", Svg "svg",
    Table "table", Tbody "tbody", Td "td", Template "template", Textarea "textarea", Tfoot "tfoot",
    Th "th", Thead "thead", Time "time", Title "title", Tr "tr", Track "track", Tt "tt", U "u",
    Ul "ul", Var "var", Video "video", Wbr "wbr", Xmp "xmp",
}

/// A tag name: its text, and its [`Tag`] when it is a known one. Reads as a `&str` (`Deref`),
/// so `name == "p"` and `&**name` work as on a string; [`Name::is`] and [`Name::tag`] ask the
/// number. The only constructors (`From`) look the text up, so a known name always carries its
/// tag, and comparing tags is the same as comparing the texts.
#[derive(Clone, Eq, Hash)]
pub struct Name<'s> {
    text: Cow<'s, str>,
    tag: Option<Tag>,
}

impl<'s> Name<'s> {
    /// The known tag, if the name is one.
    #[inline]
    pub fn tag(&self) -> Option<Tag> {
        self.tag
    }

    /// Whether the name is `tag`.
    #[inline]
    pub fn is(&self, tag: Tag) -> bool {
        self.tag == Some(tag)
    }

    /// The same name, owning its text.
    pub fn into_owned(self) -> Name<'static> {
        Name { text: Cow::Owned(self.text.into_owned()), tag: self.tag }
    }
}

impl<'s> From<Cow<'s, str>> for Name<'s> {
    fn from(text: Cow<'s, str>) -> Name<'s> {
        Name { tag: Tag::of(&text), text }
    }
}

impl<'s> From<&'s str> for Name<'s> {
    fn from(name: &'s str) -> Name<'s> {
        Name::from(Cow::Borrowed(name))
    }
}

impl From<Tag> for Name<'_> {
    fn from(tag: Tag) -> Self {
        Name { text: Cow::Borrowed(tag.as_str()), tag: Some(tag) }
    }
}

impl PartialEq for Name<'_> {
    fn eq(&self, other: &Self) -> bool {
        match (self.tag, other.tag) {
            (Some(a), Some(b)) => a == b,
            _ => self.text == other.text,
        }
    }
}

impl std::ops::Deref for Name<'_> {
    type Target = str;
    #[inline]
    fn deref(&self) -> &str {
        &self.text
    }
}

impl AsRef<str> for Name<'_> {
    fn as_ref(&self) -> &str {
        self
    }
}

impl PartialEq<str> for Name<'_> {
    fn eq(&self, other: &str) -> bool {
        **self == *other
    }
}

impl PartialEq<&str> for Name<'_> {
    fn eq(&self, other: &&str) -> bool {
        **self == **other
    }
}

impl PartialEq<Name<'_>> for str {
    fn eq(&self, other: &Name<'_>) -> bool {
        *self == **other
    }
}

impl PartialEq<Name<'_>> for &str {
    fn eq(&self, other: &Name<'_>) -> bool {
        **self == **other
    }
}

impl std::fmt::Debug for Name<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&**self, f)
    }
}

impl std::fmt::Display for Name<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self)
    }
}

/// What the name predicates (`crate::html::is_block`, `is_void`…) accept: a token's
/// [`Name`], whose tag is already known, or a string, looked up.
pub trait AsTag {
    /// The known tag, if the name is one.
    fn as_tag(&self) -> Option<Tag>;
}

impl AsTag for str {
    fn as_tag(&self) -> Option<Tag> {
        Tag::of(self)
    }
}

impl AsTag for Name<'_> {
    fn as_tag(&self) -> Option<Tag> {
        self.tag()
    }
}

impl<T: AsTag + ?Sized> AsTag for &T {
    fn as_tag(&self) -> Option<Tag> {
        (**self).as_tag()
    }
}

/// A token: what the tokenizer hands to preprocessing, and (as [`crate::preprocess::Tok`]) what
/// a preprocessed page is made of. Names, values and text borrow from the page where they are
/// written as they are read (no reference to decode, no whitespace to collapse).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token<'s> {
    /// A start tag: name lowercased (ASCII), attributes sorted by name with the first of
    /// duplicates kept (as html5gum's default emitter gives them).
    Start {
        /// Tag name.
        name: Name<'s>,
        /// (name, decoded value), sorted by name.
        attrs: Vec<(Cow<'s, str>, Cow<'s, str>)>,
        /// Written as `<x/>` (in a page: also every void element).
        self_closing: bool,
    },
    /// An end tag (its attributes, if any, are dropped, as by the spec).
    End {
        /// Tag name.
        name: Name<'s>,
    },
    /// Text, character references decoded. From the tokenizer, consecutive pieces of one text
    /// may come as several tokens (for instance around a comment). In a page, text is whole and
    /// its whitespace collapsed to single spaces (except inside `pre`, `listing`, `xmp` and
    /// `plaintext`, where it is kept as written, CR LF as LF).
    Text(Cow<'s, str>),
}

impl<'s> Token<'s> {
    /// The tag name of a start or end tag.
    pub fn name(&self) -> Option<&str> {
        match self {
            Token::Start { name, .. } | Token::End { name } => Some(name),
            Token::Text(_) => None,
        }
    }

    /// Whether the token is a start tag of `tag`.
    pub fn is_start(&self, tag: Tag) -> bool {
        matches!(self, Token::Start { name, .. } if name.is(tag))
    }

    /// Whether the token is an end tag of `tag`.
    pub fn is_end(&self, tag: Tag) -> bool {
        matches!(self, Token::End { name } if name.is(tag))
    }

    /// The value of an attribute of a start tag.
    pub fn attr(&self, key: &str) -> Option<&str> {
        match self {
            Token::Start { attrs, .. } => {
                attrs.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_ref())
            }
            _ => None,
        }
    }

    /// The same token, owning its strings.
    pub fn into_owned(self) -> Token<'static> {
        let own = |c: Cow<'s, str>| Cow::Owned(c.into_owned());
        match self {
            Token::Start { name, attrs, self_closing } => Token::Start {
                name: name.into_owned(),
                attrs: attrs.into_iter().map(|(k, v)| (own(k), own(v))).collect(),
                self_closing,
            },
            Token::End { name } => Token::End { name: name.into_owned() },
            Token::Text(t) => Token::Text(own(t)),
        }
    }
}

/// How the content after a start tag is tokenised (html5gum's `naive_next_state`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Content {
    Data,
    RcData,
    RawText,
    ScriptData,
    PlainText,
}

fn content_after(start_tag: Option<Tag>) -> Content {
    match start_tag {
        Some(Tag::Textarea | Tag::Title) => Content::RcData,
        Some(Tag::Plaintext) => Content::PlainText,
        Some(Tag::Script) => Content::ScriptData,
        Some(Tag::Style | Tag::Iframe | Tag::Xmp | Tag::Noembed | Tag::Noframe | Tag::Noscript) => {
            Content::RawText
        }
        _ => Content::Data,
    }
}

/// The input stream's newlines normalised (13.2.3.5): CR LF and lone CR become LF.
pub fn normalise_newlines(html: &str) -> Cow<'_, str> {
    let b = html.as_bytes();
    let Some(first) = memchr::memchr(b'\r', b) else { return Cow::Borrowed(html) };
    let mut out = String::with_capacity(html.len());
    let mut from = 0;
    let mut at = first;
    loop {
        out.push_str(&html[from..at]);
        out.push('\n');
        from = at + 1 + usize::from(b.get(at + 1) == Some(&b'\n'));
        match memchr::memchr(b'\r', &b[from..]) {
            Some(k) => at = from + k,
            None => break,
        }
    }
    out.push_str(&html[from..]);
    Cow::Owned(out)
}

/// A start tag's attribute: (name, decoded value).
pub type Attr<'s> = (Cow<'s, str>, Cow<'s, str>);

/// Tokenises `html` (newlines already normalised, see [`normalise_newlines`]) and hands every
/// token to `emit`, in document order.
pub fn tokenize<'s>(html: &'s str, mut emit: impl FnMut(Token<'s>)) {
    tokenize_lending(html, |mut token, lent| {
        if let Token::Start { attrs, .. } = &mut token {
            *attrs = own_attrs(lent);
        }
        emit(token)
    });
}

/// The attributes lent by [`tokenize_lending`], as the token's own list. Moved, not taken:
/// the token gets a list of exactly its size and the tokenizer's buffer keeps its room for the
/// next tag. `append` moves them in one copy (a drain moved them one by one, half again the
/// cost of the allocation).
pub fn own_attrs<'s>(lent: &mut Vec<Attr<'s>>) -> Vec<Attr<'s>> {
    let mut own = Vec::with_capacity(lent.len());
    own.append(lent);
    own
}

/// [`tokenize`], but a start tag comes with an empty attribute list and its attributes lent in
/// the second argument (sorted by name, the first of duplicates kept), to be drained into the
/// token when it is kept: preprocessing drops a good share of the start tags (scripts' and
/// SVG's content, the head, hidden and pruned elements), whose attributes then cost no list of
/// their own (docs/PERFORMANCE.md, the token model).
pub fn tokenize_lending<'s>(html: &'s str, mut emit: impl FnMut(Token<'s>, &mut Vec<Attr<'s>>)) {
    // Every caller's tokens go through one pointer to its closure, so the tokenizer is compiled
    // once, not once per caller: a copy is about 15 KB of the wasm module. A call through a
    // pointer costs next to nothing here, the callers' closures not being inlined anyway.
    let emit: &mut dyn FnMut(Token<'s>, &mut Vec<Attr<'s>>) = &mut emit;
    let mut t = Tokenizer {
        src: html,
        s: html.as_bytes(),
        i: 0,
        text: Text::default(),
        emit,
        last_start: Name::from(""),
        attrs: Vec::new(),
    };
    t.run();
}

/// Text being gathered: a slice of the input while nothing had to be decoded, else a String.
#[derive(Default)]
struct Text {
    start: usize,
    end: usize,
    owned: Option<String>,
}

struct Tokenizer<'s, F> {
    src: &'s str,
    s: &'s [u8],
    /// The next byte to read.
    i: usize,
    text: Text,
    emit: F,
    /// The name of the last start tag, for "appropriate end tag" (empty after an end tag).
    /// Borrowed from the page like the name itself, so most tags do not copy it.
    last_start: Name<'s>,
    /// The attributes of the tag being read (reused, so a tag's own list is allocated once, at
    /// its final size).
    attrs: Vec<Attr<'s>>,
}

/// The bytes of the common attribute name (lowercase ASCII letters, digits, `-`, `_`, `:`, `.`)
/// as a table: one load a byte in `attr_name`'s loop, where the ranges took several tests
/// (docs/PERFORMANCE.md, the front end).
static COMMON_NAME_BYTE: [bool; 256] = {
    let mut table = [false; 256];
    let mut c = 0;
    while c < 256 {
        table[c] = matches!(c as u8, b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b':' | b'.');
        c += 1;
    }
    table
};

/// The first `<` or `&` of `b`. Most text between two tags is short (nothing at all, a newline
/// and its indentation): its first eight bytes are read at once in a word before `memchr2`, whose
/// set-up cost more than such a text (callgrind, 30 Nov).
fn find_lt_or_amp(b: &[u8]) -> Option<usize> {
    use crate::swar::{equal_bytes, first, word_at};
    match word_at(b, 0) {
        Some(x) => match equal_bytes(x, b'<') | equal_bytes(x, b'&') {
            0 => memchr::memchr2(b'<', b'&', &b[8..]).map(|k| k + 8),
            marks => Some(first(marks)),
        },
        None => memchr::memchr2(b'<', b'&', b),
    }
}

/// `a.cmp(b)`, deciding on the first bytes when they differ.
fn name_order(a: &str, b: &str) -> std::cmp::Ordering {
    match (a.as_bytes().first(), b.as_bytes().first()) {
        (Some(x), Some(y)) if x != y => x.cmp(y),
        _ => a.cmp(b),
    }
}

fn is_ws(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\x0c' | b' ')
}

impl<'s, F: FnMut(Token<'s>, &mut Vec<Attr<'s>>)> Tokenizer<'s, F> {
    fn run(&mut self) {
        let mut content = Content::Data;
        while self.i < self.s.len() {
            content = match content {
                Content::Data => self.data(),
                Content::RcData => self.rcdata_or_rawtext(true),
                Content::RawText => self.rcdata_or_rawtext(false),
                Content::ScriptData => self.script_data(),
                Content::PlainText => {
                    self.push_text_nul_replaced(self.i, self.s.len());
                    self.i = self.s.len();
                    Content::PlainText
                }
            };
        }
        self.flush_text();
    }

    // ---- text ----

    /// Adds input bytes `a..b` to the text.
    fn push_text(&mut self, a: usize, b: usize) {
        if a == b {
            return;
        }
        let t = &mut self.text;
        match &mut t.owned {
            Some(o) => o.push_str(&self.src[a..b]),
            None if t.start == t.end => (t.start, t.end) = (a, b),
            None if t.end == a => t.end = b,
            None => {
                let mut o = String::with_capacity(t.end - t.start + (b - a) + 16);
                o.push_str(&self.src[t.start..t.end]);
                o.push_str(&self.src[a..b]);
                t.owned = Some(o);
            }
        }
    }

    /// Adds decoded characters to the text.
    fn push_str(&mut self, s: &str) {
        let t = &mut self.text;
        let o = t.owned.get_or_insert_with(|| {
            let mut o = String::with_capacity(t.end - t.start + s.len() + 16);
            o.push_str(&self.src[t.start..t.end]);
            o
        });
        o.push_str(s);
    }

    /// Adds input bytes `a..b`, each NUL as U+FFFD (RCDATA, raw text, script data, plaintext).
    fn push_text_nul_replaced(&mut self, mut a: usize, b: usize) {
        while let Some(k) = memchr::memchr(0, &self.s[a..b]) {
            self.push_text(a, a + k);
            self.push_str("\u{fffd}");
            a += k + 1;
        }
        self.push_text(a, b);
    }

    fn flush_text(&mut self) {
        let t = &mut self.text;
        let text = match t.owned.take() {
            Some(o) => Cow::Owned(o),
            None if t.start == t.end => return, // nothing to flush, nothing to reset
            None => Cow::Borrowed(&self.src[t.start..t.end]),
        };
        t.end = t.start; // empty again
        (self.emit)(Token::Text(text), &mut self.attrs);
    }

    // ---- the data state (13.2.5.1) ----

    fn data(&mut self) -> Content {
        loop {
            let Some(k) = find_lt_or_amp(&self.s[self.i..]) else {
                self.push_text(self.i, self.s.len());
                self.i = self.s.len();
                return Content::Data;
            };
            let at = self.i + k;
            self.push_text(self.i, at);
            if self.s[at] == b'&' {
                self.i = at + 1;
                let decoded = self.char_ref(false);
                if let Some(d) = decoded {
                    self.push_str(&d);
                } else {
                    self.push_text(at, self.i);
                }
                continue;
            }
            self.i = at + 1;
            if let Some(next) = self.tag_open(at) {
                return next;
            }
        }
    }

    /// After a `<` at `lt` (self.i is just past it), in the data state: a tag, a comment, a
    /// doctype, or a `<` that is text. Returns the content mode when a tag was emitted.
    fn tag_open(&mut self, lt: usize) -> Option<Content> {
        let s = self.s;
        match s.get(self.i) {
            Some(b'!') => {
                self.i += 1;
                self.flush_text();
                if s[self.i..].starts_with(b"--") {
                    self.i += 2;
                    self.skip_comment();
                } else {
                    // A doctype, `<![CDATA[` outside foreign content, or a bogus comment: all
                    // end at the first `>` (every doctype state ends at `>`).
                    self.skip_past(b'>');
                }
                None
            }
            Some(b'/') => {
                self.i += 1;
                match s.get(self.i) {
                    Some(c) if c.is_ascii_alphabetic() => Some(self.tag(false)),
                    Some(b'>') => {
                        self.i += 1; // `</>` is dropped
                        None
                    }
                    None => {
                        self.push_text(lt, s.len());
                        None
                    }
                    Some(_) => {
                        self.flush_text();
                        self.skip_past(b'>'); // a bogus comment
                        None
                    }
                }
            }
            Some(c) if c.is_ascii_alphabetic() => Some(self.tag(true)),
            Some(b'?') => {
                self.flush_text();
                self.skip_past(b'>'); // a bogus comment
                None
            }
            _ => {
                self.push_text(lt, self.i); // the `<` is text; what follows is read again
                None
            }
        }
    }

    /// Moves past the next `byte`, or to the end.
    fn skip_past(&mut self, byte: u8) {
        self.i = match memchr::memchr(byte, &self.s[self.i..]) {
            Some(k) => self.i + k + 1,
            None => self.s.len(),
        };
    }

    /// After `<!--`: the comment ends at `>` right away (`<!-->`, `<!--->`) or at the first
    /// `-->` or `--!>` (13.2.5.43 to 13.2.5.52; the nested-comment states only report errors).
    fn skip_comment(&mut self) {
        let rest = &self.s[self.i..];
        if rest.starts_with(b">") {
            self.i += 1;
            return;
        }
        if rest.starts_with(b"->") {
            self.i += 2;
            return;
        }
        let mut from = 0;
        while let Some(k) = memchr::memchr(b'-', &rest[from..]) {
            let at = from + k;
            if rest[at..].starts_with(b"-->") {
                self.i += at + 3;
                return;
            }
            if rest[at..].starts_with(b"--!>") {
                self.i += at + 4;
                return;
            }
            from = at + 1;
        }
        self.i = self.s.len();
    }

    // ---- tags (13.2.5.8 and 13.2.5.32 to 13.2.5.40) ----

    /// Reads a tag whose name starts at self.i (an ASCII letter) and emits it; returns how the
    /// content after it is tokenised. At the end of the input an unfinished tag is dropped.
    fn tag(&mut self, start: bool) -> Content {
        self.flush_text();
        let name = self.tag_name();
        self.rest_of_tag(start, name)
    }

    fn tag_name(&mut self) -> Cow<'s, str> {
        let s = self.s;
        let from = self.i;
        let mut i = self.i;
        while i < s.len()
            && !matches!(s[i], b'\t' | b'\n' | b'\x0c' | b' ' | b'/' | b'>' | 0)
            && !s[i].is_ascii_uppercase()
        {
            i += 1;
        }
        if i == s.len() || matches!(s[i], b'\t' | b'\n' | b'\x0c' | b' ' | b'/' | b'>') {
            self.i = i;
            return Cow::Borrowed(&self.src[from..i]); // already lowercase: borrowed
        }
        let mut name = String::from(&self.src[from..i]);
        // The slow rest: uppercase letters and NULs.
        while i < s.len() && !matches!(s[i], b'\t' | b'\n' | b'\x0c' | b' ' | b'/' | b'>') {
            i = self.push_name_char(&mut name, i);
        }
        self.i = i;
        Cow::Owned(name)
    }

    /// The states after the tag name: attributes, `/`, `>`.
    fn rest_of_tag(&mut self, start: bool, name: Cow<'s, str>) -> Content {
        let s = self.s;
        let mut attrs = std::mem::take(&mut self.attrs);
        attrs.clear();
        let mut self_closing = false;
        loop {
            // Before attribute name.
            while self.i < s.len() && is_ws(s[self.i]) {
                self.i += 1;
            }
            let Some(&c) = s.get(self.i) else { return Content::Data }; // EOF in tag: dropped
            match c {
                b'>' => {
                    self.i += 1;
                    break;
                }
                b'/' => {
                    // Self-closing start tag state.
                    self.i += 1;
                    match s.get(self.i) {
                        Some(b'>') => {
                            self.i += 1;
                            self_closing = true;
                            break;
                        }
                        None => return Content::Data,
                        Some(_) => continue, // reconsumed before the attribute name
                    }
                }
                _ => {}
            }
            // Attribute name (a leading `=` is part of the name).
            let attr_name = self.attr_name();
            // After attribute name.
            while self.i < s.len() && is_ws(s[self.i]) {
                self.i += 1;
            }
            let value = match s.get(self.i) {
                Some(b'=') => {
                    self.i += 1;
                    // Before attribute value.
                    while self.i < s.len() && is_ws(s[self.i]) {
                        self.i += 1;
                    }
                    match s.get(self.i) {
                        Some(b'"') | Some(b'\'') => {
                            let q = s[self.i];
                            self.i += 1;
                            let v = self.attr_value_quoted(q);
                            if self.i >= s.len() {
                                return Content::Data; // EOF inside the value
                            }
                            self.i += 1; // the closing quote
                                         // After attribute value (quoted): anything but whitespace, `/`
                                         // and `>` is read again as the start of the next attribute.
                            v
                        }
                        Some(b'>') => Cow::Borrowed(""), // missing value: the `>` ends the tag
                        None => return Content::Data,
                        Some(_) => self.attr_value_unquoted(),
                    }
                }
                _ => Cow::Borrowed(""),
            };
            // Kept sorted by name as they are read, the first of duplicates kept (as html5gum's
            // default emitter gives them): no sort of the whole list, nor a scan for duplicates.
            // Names are compared by their first bytes first, which mostly differ (`class`,
            // `href`, `id`): `str::cmp` called `memcmp` for every comparison.
            if let Err(at) = attrs.binary_search_by(|(k, _)| name_order(k, &attr_name)) {
                attrs.insert(at, (attr_name, value));
            }
        }
        if start {
            let name = Name::from(name);
            let next = content_after(name.tag());
            self.last_start = name.clone();
            (self.emit)(Token::Start { name, attrs: Vec::new(), self_closing }, &mut attrs);
            self.attrs = attrs;
            next
        } else {
            self.last_start = Name { text: Cow::Borrowed(""), tag: None }; // no lookup of ""
            attrs.clear(); // an end tag's attributes are dropped
            self.attrs = attrs;
            (self.emit)(Token::End { name: Name::from(name) }, &mut self.attrs);
            Content::Data
        }
    }

    fn attr_name(&mut self) -> Cow<'s, str> {
        let s = self.s;
        // The common case: lowercase ASCII up to the end of the name, borrowed.
        let from = self.i;
        let mut i = from + 1; // the first character (possibly `=`) was checked by the caller
        while i < s.len() && COMMON_NAME_BYTE[usize::from(s[i])] {
            i += 1;
        }
        if s[from].is_ascii_lowercase()
            && (i == s.len() || matches!(s[i], b'\t' | b'\n' | b'\x0c' | b' ' | b'/' | b'>' | b'='))
        {
            self.i = i;
            return Cow::Borrowed(&self.src[from..i]);
        }
        let mut name = String::new();
        let mut i = self.i;
        let mut first = true;
        while i < s.len() {
            let c = s[i];
            if is_ws(c) || c == b'/' || c == b'>' || (c == b'=' && !first) {
                break;
            }
            first = false;
            i = self.push_name_char(&mut name, i);
        }
        self.i = i;
        Cow::Owned(name)
    }

    /// Adds the character at `i` to a tag or attribute name as the name states do (ASCII
    /// uppercase lowercased, NUL as U+FFFD) and returns where the next one starts.
    fn push_name_char(&self, name: &mut String, i: usize) -> usize {
        let end = next_char_end(self.s, i);
        match self.s[i] {
            0 => name.push('\u{fffd}'),
            c if c.is_ascii_uppercase() => name.push(c.to_ascii_lowercase() as char),
            _ => name.push_str(&self.src[i..end]),
        }
        end
    }

    /// A quoted value up to (not past) its closing quote `q`, or to the end of the input.
    fn attr_value_quoted(&mut self, q: u8) -> Cow<'s, str> {
        let s = self.s;
        // The common case: no reference and no NUL before the closing quote, borrowed.
        if let Some(k) = memchr::memchr3(q, b'&', 0, &s[self.i..]) {
            if s[self.i + k] == q {
                let v = &self.src[self.i..self.i + k];
                self.i += k;
                return Cow::Borrowed(v);
            }
        }
        // Sized once from the value as written (to the closing quote), which a reference seldom
        // decodes to more than: a value with references grew by several reallocations.
        let mut v =
            String::with_capacity(memchr::memchr(q, &s[self.i..]).unwrap_or(s.len() - self.i));
        loop {
            let Some(k) = memchr::memchr3(q, b'&', 0, &s[self.i..]) else {
                v.push_str(&self.src[self.i..]);
                self.i = s.len();
                return Cow::Owned(v);
            };
            let at = self.i + k;
            v.push_str(&self.src[self.i..at]);
            self.i = at;
            match s[at] {
                0 => {
                    v.push('\u{fffd}');
                    self.i += 1;
                }
                b'&' => {
                    self.i += 1;
                    match self.char_ref(true) {
                        Some(d) => v.push_str(&d),
                        None => v.push_str(&self.src[at..self.i]),
                    }
                }
                _ => return Cow::Owned(v), // the quote
            }
        }
    }

    /// An unquoted value, up to whitespace or `>` (which ends the tag).
    fn attr_value_unquoted(&mut self) -> Cow<'s, str> {
        let s = self.s;
        let from = self.i;
        let mut i = from;
        while i < s.len() && !matches!(s[i], b'\t' | b'\n' | b'\x0c' | b' ' | b'>' | b'&' | 0) {
            i += 1;
        }
        if i == s.len() || s[i] != b'&' && s[i] != 0 {
            self.i = i;
            return Cow::Borrowed(&self.src[from..i]);
        }
        let mut v = String::new();
        while self.i < s.len() {
            let c = s[self.i];
            if is_ws(c) || c == b'>' {
                break;
            }
            match c {
                0 => {
                    v.push('\u{fffd}');
                    self.i += 1;
                }
                b'&' => {
                    let at = self.i;
                    self.i += 1;
                    match self.char_ref(true) {
                        Some(d) => v.push_str(&d),
                        None => v.push_str(&self.src[at..self.i]),
                    }
                }
                _ => {
                    let end = next_char_end(s, self.i);
                    v.push_str(&self.src[self.i..end]);
                    self.i = end;
                }
            }
        }
        Cow::Owned(v)
    }

    // ---- RCDATA and raw text (13.2.5.2, 13.2.5.3, 13.2.5.9 to 13.2.5.14) ----

    fn rcdata_or_rawtext(&mut self, rcdata: bool) -> Content {
        let s = self.s;
        loop {
            let found = if rcdata {
                memchr::memchr3(b'<', b'&', 0, &s[self.i..])
            } else {
                memchr::memchr2(b'<', 0, &s[self.i..])
            };
            let Some(k) = found else {
                self.push_text(self.i, s.len());
                self.i = s.len();
                return Content::Data;
            };
            let at = self.i + k;
            self.push_text(self.i, at);
            self.i = at + 1;
            match s[at] {
                0 => self.push_str("\u{fffd}"),
                b'&' => match self.char_ref(false) {
                    Some(d) => self.push_str(&d),
                    None => self.push_text(at, self.i),
                },
                _ => {
                    if let Some(next) = self.appropriate_end_tag(at) {
                        return next;
                    }
                }
            }
        }
    }

    /// At a `<` (`lt`; self.i just past it) in RCDATA, raw text or script data: when `</name`
    /// follows with the name of the last start tag and then whitespace, `/` or `>`, reads that
    /// end tag and returns the data state. Otherwise adds what was read (`<`, `</` and the
    /// letters) to the text, leaves self.i after it and returns `None`.
    fn appropriate_end_tag(&mut self, lt: usize) -> Option<Content> {
        let s = self.s;
        if s.get(self.i) != Some(&b'/') {
            self.push_text(lt, self.i);
            return None;
        }
        let name_start = self.i + 1;
        let mut j = name_start;
        while j < s.len() && s[j].is_ascii_alphabetic() {
            j += 1;
        }
        let appropriate = j > name_start
            && !self.last_start.is_empty()
            && s[name_start..j].eq_ignore_ascii_case(self.last_start.as_bytes())
            && matches!(s.get(j), Some(b'\t' | b'\n' | b'\x0c' | b' ' | b'/' | b'>'));
        if !appropriate {
            self.push_text(lt, j);
            self.i = j;
            return None;
        }
        self.flush_text();
        let raw = &self.src[name_start..j];
        let name = if raw.bytes().any(|b| b.is_ascii_uppercase()) {
            Cow::Owned(raw.to_ascii_lowercase())
        } else {
            Cow::Borrowed(raw)
        };
        self.i = j;
        Some(self.rest_of_tag(false, name))
    }

    // ---- script data (13.2.5.4, 13.2.5.15 to 13.2.5.31) ----

    fn script_data(&mut self) -> Content {
        #[derive(Clone, Copy, PartialEq)]
        enum S {
            Data,
            EscapeStart,
            EscapeStartDash,
            Escaped,
            EscapedDash,
            EscapedDashDash,
            DoubleEscaped,
            DoubleEscapedDash,
            DoubleEscapedDashDash,
        }
        let s = self.s;
        let mut state = S::Data;
        let mut from = self.i; // text not yet added
        let mut i = self.i;
        while i < s.len() {
            if state == S::Data {
                // The common case: jump to the next `<` (or NUL).
                match memchr::memchr2(b'<', 0, &s[i..]) {
                    Some(k) => i += k,
                    None => {
                        i = s.len();
                        break;
                    }
                }
            }
            let c = s[i];
            if c == 0 {
                self.push_text(from, i);
                self.push_str("\u{fffd}");
                i += 1;
                from = i;
                state = match state {
                    S::EscapedDash | S::EscapedDashDash => S::Escaped,
                    S::DoubleEscapedDash | S::DoubleEscapedDashDash => S::DoubleEscaped,
                    S::EscapeStart | S::EscapeStartDash => S::Data,
                    other => other,
                };
                continue;
            }
            match state {
                S::Data | S::Escaped | S::EscapedDash | S::EscapedDashDash if c == b'<' => {
                    // Script data (escaped) less-than sign state.
                    let escaped = state != S::Data;
                    match s.get(i + 1) {
                        Some(b'/') => {
                            self.push_text(from, i);
                            self.i = i + 1;
                            if let Some(next) = self.appropriate_end_tag(i) {
                                return next;
                            }
                            i = self.i;
                            from = i;
                            state = if escaped { S::Escaped } else { S::Data };
                        }
                        Some(b'!') if !escaped => {
                            i += 2;
                            state = S::EscapeStart;
                        }
                        Some(c) if escaped && c.is_ascii_alphabetic() => {
                            // Script data double escape start state: `<script` followed by
                            // whitespace, `/` or `>` enters the double-escaped state.
                            let (next, is_script) = script_word(s, i + 1);
                            state = if is_script { S::DoubleEscaped } else { S::Escaped };
                            i = next;
                        }
                        _ => {
                            i += 1;
                            state = if escaped { S::Escaped } else { S::Data };
                        }
                    }
                }
                S::Data => i += 1, // only `<` and NUL stop the scan
                S::EscapeStart | S::EscapeStartDash => {
                    if c == b'-' {
                        i += 1;
                        state = if state == S::EscapeStart {
                            S::EscapeStartDash
                        } else {
                            S::EscapedDashDash
                        };
                    } else {
                        state = S::Data; // reconsumed
                    }
                }
                S::Escaped | S::EscapedDash | S::EscapedDashDash => {
                    i += 1;
                    state = match (state, c) {
                        (S::Escaped, b'-') => S::EscapedDash,
                        (S::EscapedDash | S::EscapedDashDash, b'-') => S::EscapedDashDash,
                        (S::EscapedDashDash, b'>') => S::Data,
                        _ => S::Escaped,
                    };
                }
                S::DoubleEscaped | S::DoubleEscapedDash | S::DoubleEscapedDashDash => {
                    if c == b'<' {
                        // Script data double escaped less-than sign state.
                        if s.get(i + 1) == Some(&b'/') {
                            // Script data double escape end state: `</script` followed by
                            // whitespace, `/` or `>` goes back to the escaped state.
                            let (next, is_script) = script_word(s, i + 2);
                            state = if is_script { S::Escaped } else { S::DoubleEscaped };
                            i = next;
                        } else {
                            i += 1;
                            state = S::DoubleEscaped;
                        }
                        continue;
                    }
                    i += 1;
                    state = match (state, c) {
                        (S::DoubleEscaped, b'-') => S::DoubleEscapedDash,
                        (S::DoubleEscapedDash | S::DoubleEscapedDashDash, b'-') => {
                            S::DoubleEscapedDashDash
                        }
                        (S::DoubleEscapedDashDash, b'>') => S::Data,
                        _ => S::DoubleEscaped,
                    };
                }
            }
        }
        self.push_text(from, i);
        self.i = i;
        Content::Data
    }

    // ---- character references (13.2.5.72 to 13.2.5.80) ----

    /// After a `&` (self.i just past it): the decoded reference, with self.i past what it
    /// consumed, or `None` when the `&` and what self.i was moved past stay as written.
    fn char_ref(&mut self, in_attribute: bool) -> Option<Cow<'static, str>> {
        let s = self.s;
        match s.get(self.i) {
            Some(b'#') => self.numeric_ref(),
            Some(c) if c.is_ascii_alphanumeric() => {
                let from = self.i;
                let mut j = from;
                while j < s.len() && s[j].is_ascii_alphanumeric() {
                    j += 1;
                }
                let semicolon = s.get(j) == Some(&b';');
                self.i = j + usize::from(semicolon);
                named_ref(self.src, from, j, semicolon, in_attribute)
            }
            _ => None,
        }
    }

    /// `&#` (self.i at the `#`): decimal or hexadecimal (13.2.5.74 to 13.2.5.80).
    fn numeric_ref(&mut self) -> Option<Cow<'static, str>> {
        let s = self.s;
        let mut j = self.i + 1;
        let hex = matches!(s.get(j), Some(b'x' | b'X'));
        if hex {
            j += 1;
        }
        let digits_start = j;
        let mut code: u32 = 0;
        while let Some(&c) = s.get(j) {
            let d = match c {
                b'0'..=b'9' => u32::from(c - b'0'),
                b'a'..=b'f' if hex => u32::from(c - b'a' + 10),
                b'A'..=b'F' if hex => u32::from(c - b'A' + 10),
                _ => break,
            };
            code = code
                .checked_mul(if hex { 16 } else { 10 })
                .and_then(|x| x.checked_add(d))
                .unwrap_or(0x11_0000);
            j += 1;
        }
        if j == digits_start {
            // No digits: `&#` or `&#x` stays as written.
            self.i = j;
            return None;
        }
        if s.get(j) == Some(&b';') {
            j += 1;
        }
        self.i = j;
        let c = match code {
            0 | 0x11_0000.. | 0xD800..=0xDFFF => 0xFFFD,
            0x80..=0x9F => windows_1252_c1(code),
            _ => code,
        };
        let mut buf = [0u8; 4];
        Some(Cow::Owned(char::from_u32(c).unwrap_or('\u{fffd}').encode_utf8(&mut buf).to_string()))
    }
}

/// The test of the script data double escape start and end states (13.2.5.27, 13.2.5.31): the
/// ASCII letters from `from`, then whitespace, `/` or `>`. Returns where reading goes on (past
/// that character, which the states consume; else at the character that ended the letters,
/// which they read again) and whether the letters spell `script` with such a character after.
fn script_word(s: &[u8], from: usize) -> (usize, bool) {
    let mut j = from;
    while j < s.len() && s[j].is_ascii_alphabetic() {
        j += 1;
    }
    match s.get(j) {
        Some(b'\t' | b'\n' | b'\x0c' | b' ' | b'/' | b'>') => {
            (j + 1, s[from..j].eq_ignore_ascii_case(b"script"))
        }
        _ => (j, false),
    }
}

/// The end of the UTF-8 character starting at byte `i`.
fn next_char_end(s: &[u8], i: usize) -> usize {
    let len = match s[i] {
        0x00..=0x7F => 1,
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        _ => 4,
    };
    (i + len).min(s.len())
}

/// The Windows-1252 meaning of a C1 control in a numeric reference (13.2.5.80's table).
fn windows_1252_c1(code: u32) -> u32 {
    match code {
        0x80 => 0x20AC,
        0x82 => 0x201A,
        0x83 => 0x0192,
        0x84 => 0x201E,
        0x85 => 0x2026,
        0x86 => 0x2020,
        0x87 => 0x2021,
        0x88 => 0x02C6,
        0x89 => 0x2030,
        0x8A => 0x0160,
        0x8B => 0x2039,
        0x8C => 0x0152,
        0x8E => 0x017D,
        0x91 => 0x2018,
        0x92 => 0x2019,
        0x93 => 0x201C,
        0x94 => 0x201D,
        0x95 => 0x2022,
        0x96 => 0x2013,
        0x97 => 0x2014,
        0x98 => 0x02DC,
        0x99 => 0x2122,
        0x9A => 0x0161,
        0x9B => 0x203A,
        0x9C => 0x0153,
        0x9E => 0x017E,
        0x9F => 0x0178,
        other => other,
    }
}

/// The most frequent named references, written with their semicolon (`name` without it): with
/// the semicolon there is exactly one reading, so these need no table lookup.
fn common_named(name: &[u8]) -> Option<&'static str> {
    Some(match name {
        b"amp" => "&",
        b"lt" => "<",
        b"gt" => ">",
        b"quot" => "\"",
        b"apos" => "'",
        b"nbsp" => "\u{a0}",
        b"mdash" => "\u{2014}",
        b"ndash" => "\u{2013}",
        b"hellip" => "\u{2026}",
        b"rsquo" => "\u{2019}",
        b"lsquo" => "\u{2018}",
        b"rdquo" => "\u{201d}",
        b"ldquo" => "\u{201c}",
        b"copy" => "\u{a9}",
        b"reg" => "\u{ae}",
        b"raquo" => "\u{bb}",
        b"laquo" => "\u{ab}",
        b"middot" => "\u{b7}",
        b"bull" => "\u{2022}",
        _ => return None,
    })
}

/// The named reference `&` + `src[from..j]` (a run of letters and digits, with a `;` after it
/// if `semicolon`) decoded, or `None` when it stays as written. Not generic (nor inlined): the
/// tokenizer's copies share it.
#[inline(never)]
fn named_ref(
    src: &str,
    from: usize,
    j: usize,
    semicolon: bool,
    in_attribute: bool,
) -> Option<Cow<'static, str>> {
    let s = src.as_bytes();
    let run = &s[from..j];
    if semicolon {
        if let Some(d) = common_named(run).or_else(|| named(&s[from..=j])) {
            return Some(Cow::Borrowed(d));
        }
    }
    if !may_start_legacy_name(run) {
        // Without `;` only a legacy name can be read, as a prefix of the run; none is, so
        // nothing is decoded. Most such runs are a URL's parameters (`?a=1&width=2`).
        return None;
    }
    // The longest legacy name (at most 6 letters) that starts the run (13.2.5.73: the most
    // characters that match a name of the table), the rest of the run and its `;` as written.
    let (len, decoded) = (2..=run.len().min(6)).rev().find_map(|n| Some((n, named(&run[..n])?)))?;
    // In an attribute value, a legacy name followed by `=` or a letter or digit stays as
    // written, "for historical reasons" (`?a=1&copy=2`).
    if in_attribute && s.get(from + len).is_some_and(|&c| c == b'=' || c.is_ascii_alphanumeric()) {
        return None;
    }
    Some(Cow::Owned([decoded, &src[from + len..j + usize::from(semicolon)]].concat()))
}

/// What the named reference `&` + `name` (with its `;` if it is written with one) stands for,
/// from WHATWG's table of named character references (the `entities` crate's 2 231 entries).
fn named(name: &[u8]) -> Option<&'static str> {
    entities::lookup(name)
}

/// The legacy named references: the 106 names of WHATWG's table that may be written without
/// `;` (taken from html5gum's table). Only the tables built from them are in the binary.
const LEGACY_NAMES: &[u8] = b"AElig AMP Aacute Acirc Agrave Aring Atilde Auml COPY Ccedil ETH \
    Eacute Ecirc Egrave Euml GT Iacute Icirc Igrave Iuml LT Ntilde Oacute Ocirc Ograve Oslash \
    Otilde Ouml QUOT REG THORN Uacute Ucirc Ugrave Uuml Yacute aacute acirc acute aelig agrave \
    amp aring atilde auml brvbar ccedil cedil cent copy curren deg divide eacute ecirc egrave eth \
    euml frac12 frac14 frac34 gt iacute icirc iexcl igrave iquest iuml laquo lt macr micro middot \
    nbsp not ntilde oacute ocirc ograve ordf ordm oslash otilde ouml para plusmn pound quot raquo \
    reg sect shy sup1 sup2 sup3 szlig thorn times uacute ucirc ugrave uml uuml yacute yen yuml";

/// The second letters of the legacy names, case folded: bit `y - 'a'` for `y` (16 letters).
const LEGACY_SECOND: u32 = {
    let mut mask = 0;
    let mut i = 1;
    while i < LEGACY_NAMES.len() {
        if i == 1 || LEGACY_NAMES[i - 2] == b' ' {
            mask |= 1 << ((LEGACY_NAMES[i] | 0x20) - b'a');
        }
        i += 1;
    }
    mask
};

/// A second letter's place among [`LEGACY_SECOND`]'s (`y - 'a'` for `y`).
const fn second_place(y: u8) -> u32 {
    (LEGACY_SECOND & ((1 << y) - 1)).count_ones()
}

/// For each letter `x`, the second letters `y` such that a legacy name starts with `xy`, both
/// case folded: entry `x - 'a'` has a bit at `y`'s place among the second letters.
const LEGACY_PAIRS: [u16; 26] = {
    let mut table = [0u16; 26];
    let mut i = 0;
    while i + 1 < LEGACY_NAMES.len() {
        if i == 0 || LEGACY_NAMES[i - 1] == b' ' {
            let y = (LEGACY_NAMES[i + 1] | 0x20) - b'a';
            table[((LEGACY_NAMES[i] | 0x20) - b'a') as usize] |= 1 << second_place(y);
        }
        i += 1;
    }
    table
};

/// Whether one of the legacy named references may start `run` (a run of letters and digits):
/// false is sure (html5gum would leave `&` + `run` as written), true is to be asked of html5gum.
fn may_start_legacy_name(run: &[u8]) -> bool {
    let [a, b, ..] = *run else { return false };
    let (a, b) = ((a | 0x20).wrapping_sub(b'a'), (b | 0x20).wrapping_sub(b'a'));
    a < 26
        && b < 26
        && LEGACY_SECOND >> b & u32::from(LEGACY_PAIRS[usize::from(a)]) >> second_place(b) & 1 != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Decodes `&` + `run` (a run of letters and digits, with its `;` if it has one) with
    /// html5gum, in text or in an attribute value (where a legacy name followed by `=` or a letter
    /// or digit stays as written; `equals` says whether a `=` follows the run).
    fn named_by_html5gum(run: &str, in_attribute: bool, equals: bool) -> String {
        use html5gum::{Token, Tokenizer};
        let mut out = String::new();
        if in_attribute {
            let doc = format!("<x a=\"&{run}{}\">", if equals { "=" } else { "" });
            for token in Tokenizer::new(&doc).flatten() {
                if let Token::StartTag(tag) = token {
                    if let Some(v) = tag.attributes.get(b"a".as_slice()) {
                        out = String::from_utf8_lossy(&v.value).into_owned();
                    }
                }
            }
            if equals {
                out.pop();
            }
        } else {
            let doc = format!("&{run}");
            for token in Tokenizer::new(&doc).flatten() {
                if let Token::String(s) = token {
                    out.push_str(&String::from_utf8_lossy(&s.value));
                }
            }
        }
        out
    }

    fn toks(html: &str) -> Vec<Token<'_>> {
        let mut out = Vec::new();
        tokenize(html, |t| out.push(t));
        out
    }

    fn text(s: &str) -> Token<'_> {
        Token::Text(Cow::Borrowed(s))
    }

    #[test]
    fn tags_text_and_references() {
        assert_eq!(
            toks("<P Class=a ID=\"b\" class=c>x &amp; y&copy z</p>"),
            vec![
                Token::Start {
                    name: "p".into(),
                    attrs: vec![("class".into(), "a".into()), ("id".into(), "b".into())],
                    self_closing: false
                },
                Token::Text(Cow::Owned("x & y\u{a9} z".into())),
                Token::End { name: "p".into() },
            ]
        );
    }

    #[test]
    fn script_ends_at_its_end_tag_only() {
        let t = toks("<script>a<b</scriptx></script ><p>");
        assert_eq!(t[1], text("a<b</scriptx>"));
        assert_eq!(t[2], Token::End { name: "script".into() });
    }

    #[test]
    fn newlines_are_normalised() {
        assert_eq!(normalise_newlines("a\r\nb\rc\n\r\r\n"), "a\nb\nc\n\n\n");
        assert!(matches!(normalise_newlines("a\nb"), Cow::Borrowed("a\nb")));
    }

    /// `&` + `run` (letters and digits, then perhaps a `;`) as `named_ref` decodes it, in text
    /// or in an attribute value followed by `=` if `equals`.
    fn named_by_us(run: &str, in_attribute: bool, equals: bool) -> String {
        let src = format!("{run}{}", if equals { "=" } else { "" });
        let j = run.trim_end_matches(';').len();
        named_ref(&src, 0, j, j < run.len(), in_attribute)
            .map_or_else(|| format!("&{run}"), String::from)
    }

    #[test]
    fn the_legacy_names_are_the_tables() {
        // The legacy names (written without `;`) are the table's, and no others.
        let mut legacy: Vec<_> = ::entities::ENTITIES
            .iter()
            .filter(|e| !e.entity.ends_with(';'))
            .map(|e| &e.entity[1..])
            .collect();
        let mut ours: Vec<_> =
            std::str::from_utf8(LEGACY_NAMES).unwrap().split_whitespace().collect();
        legacy.sort_unstable();
        ours.sort_unstable();
        assert_eq!(legacy, ours);
    }

    /// The differential test of the named references against html5gum (the reference
    /// tokenizer): every name of the table, with and without `;`, followed by nothing, a
    /// letter, a digit or (in an attribute) `=`, and cut short.
    #[test]
    fn named_references_decode_as_html5gum_decodes_them() {
        let mut runs = Vec::new();
        for e in ::entities::ENTITIES.iter() {
            let name = e.entity[1..].trim_end_matches(';');
            for run in [
                format!("{name};"),
                name.to_string(),
                format!("{name}x"),
                format!("{name}1;"),
                format!("{name}z;"),
            ] {
                runs.push(run);
            }
            runs.push(name[..name.len() - 1].to_string());
        }
        runs.extend(
            [
                "r",
                "width",
                "utm",
                "e",
                "widgetType",
                "id",
                "w",
                "h",
                "x1",
                "1a",
                "a1",
                "z",
                "wq",
                "Zx",
                "notit;",
                "ampx;",
            ]
            .map(String::from),
        );
        for run in runs.iter().filter(|r| !r.is_empty()) {
            for (attr, equals) in [(false, false), (true, false), (true, true)] {
                assert_eq!(
                    named_by_us(run, attr, equals),
                    named_by_html5gum(run, attr, equals),
                    "{run} {attr} {equals}"
                );
            }
        }
    }

    #[test]
    fn a_run_without_semicolon_is_decoded_only_from_a_legacy_name() {
        let legacy =
            ["AElig", "amp", "frac12", "yuml", "not", "sup1", "GT", "szlig", "ETH", "iquest"];
        for name in legacy {
            assert!(may_start_legacy_name(name.as_bytes()), "{name}");
            assert_ne!(named_by_us(name, false, false), format!("&{name}"), "{name}");
        }
        assert_eq!(LEGACY_NAMES.split(|&c| c == b' ').count(), 106);
        assert_eq!(LEGACY_SECOND.count_ones(), 16);
        assert_eq!(LEGACY_PAIRS.iter().map(|m| m.count_ones()).sum::<u32>(), 62);
        // What the fast path leaves as written, the table leaves as written too.
        for run in [
            "r",
            "width",
            "utm",
            "e",
            "widgetType",
            "id",
            "w",
            "h",
            "x1",
            "1a",
            "a1",
            "z",
            "wq",
            "Zx",
        ] {
            assert!(!may_start_legacy_name(run.as_bytes()), "{run}");
        }
        assert_eq!(
            toks("<a href=\"?a=1&width=2&copy=3\">&notit &frac12x &w</a>")[1],
            Token::Text(Cow::Owned("\u{ac}it \u{bd}x &w".into()))
        );
    }

    #[test]
    fn comments_and_doctype_are_skipped() {
        assert_eq!(
            toks("<!DOCTYPE html><!-- a -- b --!>x<!--->y<?php z ?>w"),
            vec![text("x"), text("y"), text("w")]
        );
    }
}
