//! The JavaScript face of the engine (wasm-bindgen): the only crate of the workspace that names
//! `wasm_bindgen`. build.sh builds it for wasm32 and runs the wasm-bindgen CLI into `pkg/`
//! (`dana.js`, `dana_bg.wasm`, `dana.d.ts`).
//!
//! JavaScript calls `extract(html, options?)` with a partial options object in camelCase
//! (`{ algorithm: "danag", gap: 12 }`); missing keys take [`Options::default`]'s values. It gets
//! back a plain object: the [`Extraction`] with every key renamed from snake_case to camelCase.
//! Unknown option keys and bad values throw a JavaScript `Error` whose message names the key;
//! they never trap.
//!
//! Results go out through serde (JSON text that `JSON.parse` reads), so that a field added to
//! `Extraction` crosses the boundary without an edit here; options come in key by key
//! (`set_option`: serde's deserialisers would bring float formatting into the module), and a
//! test fails when a field of `Options` has no key there. The refinement switches are the
//! engine's table [`dana::SWITCHES`], read under their camelCase keys; `switches()` hands it to
//! the demo page, which builds its checkboxes from it.
//!
//! `decode(bytes, charset?)` turns a page's bytes into the text `extract` takes, with the
//! engine's decoder ([`dana::decode`]): JavaScript passes the charset of the response's
//! `Content-Type` header when it has one.
//!
//! The TypeScript declarations below
//! are hand-written and must be kept in step: `tests/node/shape.test.mjs` fails when the object
//! and the declarations disagree.

use dana::{camel_case, Algorithm, Extraction, LinkFilter, Options, TitleMetric, SWITCHES};
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
/** The member of the DANA family (thesis chapter 4). */
export type Algorithm = "r2l" | "dana" | "danag" | "addanag";
/** Hyperlink filter of thesis 4.6.1 as the result names it (none, Filter 1, 2, 3). */
export type LinkFilter = "none" | "remove" | "strip" | "placeholder";
/** TitleFinder's metric (thesis 5.3.3). */
export type TitleMetric = "tf" | "tfidf" | "osm" | "sum";
export type Dir = "ltr" | "rtl";
export type BlockKind = "heading" | "paragraph" | "listitem" | "quote" | "preformatted" | "figure" | "table" | "term" | "definition" | "embed" | "post" | "math";

/**
 * Options of `extract` (Rust: `dana::Options`). Every key is optional; a missing, `null` or
 * `undefined` key takes its default, which `defaultOptions()` returns. Unknown keys and bad
 * values throw an Error. The refinement switches are those `switches()` lists;
 * `tests/node/shape.test.mjs` checks this interface against both.
 */
export interface DanaOptions {
  /** Case-insensitive. Default "addanag". */
  algorithm?: Algorithm | null;
  /** Hyperlink filter. Default: the algorithm's own (Filter 3 for AdDANAg, none otherwise).
   *  Also accepts the CLI names "none", "0", "1", "2", "3" and the numbers 0 to 3. */
  filter?: LinkFilter | "0" | "1" | "2" | "3" | 0 | 1 | 2 | 3 | null;
  /** Lines between two regions of the main content (Algorithm 1). Default: 8 for R2L, else 20. */
  gap?: number | null;
  /** The page's URL: relative links and images resolve against it. Default none (dropped). */
  url?: string | null;
  /** TitleFinder's metric. */
  titleMetric?: TitleMetric | null;
  /** Use the headline as the upper bound of the main content (thesis 7.2.1). */
  titleBound?: boolean | null;
  /** Phase 3: take the chain of regions with the largest area instead of Algorithm 1's. */
  cluster?: boolean | null;
  /** Phase 4: also take a line just outside a chosen region when its T1 > T2. */
  edges?: boolean | null;
  /** Preprocessing also drops nav, aside and footer elements. */
  prune?: boolean | null;
  /** Phase 1 weighs image tags by their name alone (their URLs are not navigation code). */
  media?: boolean | null;
  /** Phase 1 weighs an inline element's tag without its `style` (rich text's styled spans). */
  inlineStyles?: boolean | null;
  /** Phase 4 takes the lines of the smallest element that holds the chosen lines (after thesis
   *  7.2.1), but for link-dense lines, forms and lone labels. */
  article?: boolean | null;
  /** A page on which no line rises above the axis is read again (its `<noscript>` copy, or
   *  every tag weighed by its name). */
  fallback?: boolean | null;
  /** The headline is TitleFinder's checked against the headlines the page declares (JSON-LD,
   *  `og:title`, `twitter:title`, `<title>` less its site suffix, `h1`s). */
  declaredTitle?: boolean | null;
  /** Which article candidate to return (`candidates`): 0, the default, is the one the
   *  algorithm chose; k > 0 the k-th runner-up ("Not the article? Show the next candidate"). */
  candidate?: number | null;
  /** Fill `series.source` with each line's source text (for plots). Default false. */
  trace?: boolean | null;
  /** The page's elements carry `data-dana-id="N"` attributes (the extension's capture): every
   *  stage ignores them, and `keptIds` lists the elements that carry the main content. */
  elementIds?: boolean | null;
  /** Readers' comments under an article stay in its text, blocks and sentences instead of
   *  apart in `comments`. Default false. */
  withComments?: boolean | null;
  /** With `article`, a thread's posts are also recognised by their keys: siblings of one tag
   *  name and first class whose ids are one prefix and a number (`p2187914`), two or more,
   *  the outermost list when replies nest. */
  postKeys?: boolean | null;
  /** With `article`, the container widens to the outermost bare `section` (only an `id`, as
   *  documentation generators write sections) holding it, not past an `article` element. */
  sections?: boolean | null;
  /** With `article`, a list of links that the article's prose encloses (a listicle's linked
   *  item names) is taken; menus and "more stories" lists at its edges are not. */
  linkLists?: boolean | null;
  /** With `article`, when a thread's posts are schema.org answers (`itemtype` `…/Answer`), the
   *  question they answer (`…/Question`) is taken too. */
  questions?: boolean | null;
  /** With `fallback`, a page whose `<noscript>` copy holds more text than the page shows is
   *  read from the copy even when the page has a region (a script-rendered forum's posts). */
  noscriptCopy?: boolean | null;
  /** With `article`, on a page that declares itself an article, when the chosen lines are
   *  mostly readers' comments, the container widens to the article they belong to. */
  comments?: boolean | null;
  /** With `article`, the element the page declares its article's body (microdata
   *  `itemprop="articleBody"`, else the one showing the JSON-LD `articleBody`) bounds the
   *  article when the container holds it and it holds half of the chosen text. */
  declaredBody?: boolean | null;
  /** With `article`, when the chosen lines lie outside the page's main landmark (`main`,
   *  `role="main"`) and it holds more than twice their text, the landmark is the article. */
  landmark?: boolean | null;
  /** With `fallback`, a choice of under 1,000 characters on a page with ten times more text,
   *  none of its lines a 250-character paragraph, gives way to all of the page's text. */
  scant?: boolean | null;
  /** With `comments`, the chosen lines also count as readers' comments when an element
   *  around them has an id or first class naming comments (`id="comment-box"`). */
  commentBox?: boolean | null;
  /** With `fallback`, a choice that is the page's copyright footer (in the last quarter of
   *  its lines) gives way to the chain above it. */
  footer?: boolean | null;
  /** With `footer`, a choice in the last quarter inside an element whose id or class names a
   *  footer or a sidebar (`id="footer"`, `sidebar_2`) gives way too, notice or not. */
  footerNames?: boolean | null;
  /** An element whose class is a CSS framework's `display: none` utility (`d-none`,
   *  `invisible`, `is-hidden`, …; none showing it from a breakpoint) is not read. */
  hiddenClass?: boolean | null;
  /** An element whose own style sets `opacity: 0`, with no transition, animation or reveal
   *  library's class or `data-` attribute, is not read. */
  hiddenOpacity?: boolean | null;
  /** With `article`, the next chain between the headline and the chosen lines (a paragraph's
   *  text or more, not repeating them) is the article's opening and is taken. */
  lead?: boolean | null;
  /** With `article`, what Algorithm 1 chose below the article's element (but readers'
   *  comments in an element naming them) is left out. */
  belowArticle?: boolean | null;
  /** With `article`, posts known by their structure are a thread's: every post is taken, each
   *  under a header of its author and date. */
  threads?: boolean | null;
  /** With `threads`, the post just before a list of posts, writing its text in a box of the
   *  same kind as theirs (an issue's description before its comments), opens the list. */
  openingPosts?: boolean | null;
  /** With `threads`, a thread post's lines are its words though a form holds them (old
   *  Reddit's form that edits a comment in place). */
  postForms?: boolean | null;
  /** With `threads`, a short element whose author, date and words stand on one line (an
   *  issue's "X added the label Y") is a line of the timeline, not a post. */
  threadEvents?: boolean | null;
  /** With `threads`, a list of posts no mark names is named by each post's header: the name
   *  it shows as text next to the date ("name · date", a profile pane under the date). */
  shownNames?: boolean | null;
  /** With `threads`, a bare `div` around one element and no text of its own is of that
   *  element's kind, so that posts wrapped one by one (React's `display:contents`) are a list. */
  wrappedPosts?: boolean | null;
  /** With `threads`, sibling bare `article`s, each with an author mark and a post's text, are
   *  posts though they show no date (a forum's `<noscript>` copy). */
  undatedPosts?: boolean | null;
  /** With `article`, on a page that declares an article, readers' comments after it are left
   *  out. */
  commentsApart?: boolean | null;
  /** With `article`, link-dense or letterless lines at the top and the bottom of the
   *  article's element (share rows, tag lists, view counters) are left out. */
  furniture?: boolean | null;
  /** On a page declaring one article, a short row of labels and numbers (a news code, a
   *  publication date) at the text's top or bottom is left out. */
  labelRows?: boolean | null;
  /** On a page declaring one article, the few short lines opening the text above its
   *  headline (a date, a section's name) are left out. */
  aboveHeadline?: boolean | null;
  /** With `article`, a short label in a site box (related posts, sharing) whose other lines
   *  were left out is left out too. */
  boxLabels?: boolean | null;
  /** A `button` inside a sentence (a name opening a side note) is read as its text; buttons
   *  standing alone (share rows, icons) and those in forms are dropped. */
  inlineControls?: boolean | null;
  /** With `article`, a paragraph, list item or caption taken in part (an empty block parting
   *  it) is taken whole, unless it is navigation or a form. */
  wholeParagraphs?: boolean | null;
  /** A table whose rows pair labels with values is a data table without header cells; a cell
   *  holding only a heading is a header cell. */
  dataTables?: boolean | null;
  /** With `article`, on a page whose article is mostly a list (a "List of" page, a chapter's
   *  contents), every item is taken, link-only items included. */
  indexLists?: boolean | null;
  /** With `article`, a run of three or more headlines that are links (other stories') at the
   *  top or the bottom of the article's element is left out, even where Algorithm 1 chose it. */
  teasers?: boolean | null;
  /** With `teasers`, a run of three or more teaser cards (sibling elements alike, each a
   *  headline linking elsewhere with its excerpt, date or label) at the article's edge is left
   *  out too. */
  teaserCards?: boolean | null;
  /** With `article`, the lines a comment section holds outside its readers' comments (its
   *  heading after them, its reply form and notices, a hidden preview box) are left out. */
  commentChrome?: boolean | null;
  /** With `article`, a short box about the author (a link `rel=author` or to the author's
   *  page, `itemprop=author`, a schema.org `Person`) holding a bio, below the article, is left out. */
  authorBios?: boolean | null;
}

export interface TitleCandidate {
  text: string;
  line: number;
  tf: number;
  tfidf: number;
  osm: number;
  sum: number;
}

/**
 * One block of the article: a union on `kind`. Every block has every key; a key that belongs to
 * other kinds is null (`level` 0, `ordered` false).
 */
export type Block = TextBlock | HeadingBlock | ListItemBlock | PreformattedBlock | FigureBlock | TableBlock | EmbedBlock | PostBlock;

/** What every kind of block has: `dir` its own direction and `lang` its own language (a
 *  primary subtag such as "ar") when written in another script than the article's, else null;
 *  `line` the normalised line it starts on; `inDefinition` it stands inside the definition
 *  (`kind: "definition"`, a `dd`) before it: a list, a listing or another block a definition
 *  holds, which the article HTML writes inside that `dd`. */
export interface BlockBase {
  text: string;
  html: string;
  dir: Dir | null;
  lang: string | null;
  line: number;
  inDefinition: boolean;
}

/** A paragraph, a quotation, a definition list's term or definition, or a display formula
 *  (its HTML one `math` element). */
export interface TextBlock extends BlockBase {
  kind: "paragraph" | "quote" | "term" | "definition" | "math";
  level: 0;
  ordered: false;
  src: null;
  alt: null;
  table: null;
  codeLang: null;
  post: null;
}

/** A heading: `level` 1 to 6. */
export interface HeadingBlock extends BlockBase {
  kind: "heading";
  level: number;
  ordered: false;
  src: null;
  alt: null;
  table: null;
  codeLang: null;
  post: null;
}

/** An item of a list: `level` how many lists it stands in (1 to 9), `ordered` whether its
 *  list is. */
export interface ListItemBlock extends BlockBase {
  kind: "listitem";
  level: number;
  ordered: boolean;
  src: null;
  alt: null;
  table: null;
  codeLang: null;
  post: null;
}

/** Preformatted text or code: `codeLang` the code's language when the page names it
 *  (lowercase, `[a-z0-9+#-]{1,32}`; the article HTML writes it as `<code class="language-x">`). */
export interface PreformattedBlock extends BlockBase {
  kind: "preformatted";
  level: 0;
  ordered: false;
  src: null;
  alt: null;
  table: null;
  codeLang: string | null;
  post: null;
}

/** An image: `src` its URL, `alt` its alternative text; its `text` the caption. */
export interface FigureBlock extends BlockBase {
  kind: "figure";
  level: 0;
  ordered: false;
  src: string;
  alt: string | null;
  table: null;
  codeLang: null;
  post: null;
}

/** A data table: its caption, header rows and cells in `table`. */
export interface TableBlock extends BlockBase {
  kind: "table";
  level: 0;
  ordered: false;
  src: null;
  alt: null;
  table: Table;
  codeLang: null;
  post: null;
}

/** A link card to embedded media or a post: `src` the source's https URL, `alt` what is
 *  embedded. */
export interface EmbedBlock extends BlockBase {
  kind: "embed";
  level: 0;
  ordered: false;
  src: string;
  alt: "video" | "audio" | "post" | "frame";
  table: null;
  codeLang: null;
  post: null;
}

/** The header of a thread's post (the blocks after it, up to the next post, are the post's):
 *  its author and date as the page marks them in `post`. */
export interface PostBlock extends BlockBase {
  kind: "post";
  level: 0;
  ordered: false;
  src: null;
  alt: null;
  table: null;
  codeLang: null;
  post: Post;
}

/** A post of a thread: `author` as bylines are cleaned, `date` as the page gives it
 *  (`[0-9A-Za-z:+.-]{4,64}`, starting with a year). */
export interface Post {
  author: string | null;
  date: string | null;
  /** How many of the blocks after the header are the post's (read inside its element); the
   *  blocks after them, up to the next post, stand outside any post (a footer after the last). */
  blocks: number;
}

/** A data table: `text` of its block is the caption's line, then a line a row, tab-separated. */
export interface Table {
  caption: string;
  captionHtml: string;
  /** How many of the first rows are header rows. */
  headRows: number;
  rows: Cell[][];
}

export interface Cell {
  text: string;
  html: string;
  /** A `th`. */
  header: boolean;
  colspan: number;
  rowspan: number;
}

export interface Sentence {
  /** As it is said: the slice of the block's text, but for a table row (with its column
   *  names) and a post's header ("Post by NAME, DATE" in the article's language). */
  text: string;
  block: number;
  /** UTF-16 offsets into the block's text. */
  start: number;
  end: number;
}

export interface Region {
  start: number;
  /** Inclusive. */
  end: number;
  chars: number;
  /** Sum of the smoothed diff over the region. */
  area: number;
  chosen: boolean;
}

/** An article candidate: its first words (at most 12), its characters of text, its lines. */
export interface Candidate {
  words: string;
  chars: number;
  start: number;
  /** Inclusive. */
  end: number;
}

export interface Series {
  t1: number[];
  t2: number[];
  diff: number[];
  /** Empty unless `trace: true`. */
  source: string[];
}

/** What `decode` returns: the page's text, and the name of the encoding it was decoded with
 *  (the Encoding Standard's name, such as "UTF-8" or "windows-1256"). */
export interface Decoded {
  text: string;
  encoding: string;
}

/** The words a reader shows around an article, in the article's language (Arabic, Persian,
 *  Urdu, Pashto, else English), numbers in its digits. */
export interface Chrome {
  lang: string;
  /** Empty when there is no text. */
  readingTime: string;
  updated: string;
  notArticle: string;
  showAnyway: string;
  useSelection: string;
  /** The label of the comments shown apart ("Comments (30)"); empty without any. */
  comments: string;
}

/** Readers' comments under an article, apart from it (not in its text, HTML, blocks or
 *  sentences). */
export interface Comments {
  /** How many, replies included; 0 when there are none. */
  count: number;
  text: string;
  /** Built as `html` is, with its own `data-block` indices. */
  html: string;
}

/** What the engine found in a page. */
export interface Extraction {
  algorithm: Algorithm | null;
  filter: LinkFilter | null;
  gap: number;
  title: string;
  titleRule: string;
  /** The normalised line the headline stands on in the body, when it does. */
  titleLine: number | null;
  titleCandidates: TitleCandidate[];
  text: string;
  html: string;
  blocks: Block[];
  lang: string;
  langSource: string;
  dir: Dir;
  byline: string | null;
  siteName: string | null;
  /** ISO 8601: `YYYY-MM-DD` (a calendar day: show it as that day in every time zone), or a
   *  date-time with the page's own offset; its first ten characters are the page's day. */
  published: string | null;
  /** Last modified, in the form of `published`. */
  modified: string | null;
  leadImage: string | null;
  /** Blocks at the top that repeat the header (the headline, a byline line): leave them out
   *  of the body when showing the header. */
  headerBlocks: number[];
  excerpt: string | null;
  /** How likely the page is one a reader view is for (article, documentation, forum, blog),
   *  0..1. */
  readerable: number;
  readingMinutes: number;
  /** The words to show around the article, in its language. */
  chrome: Chrome;
  sentences: Sentence[];
  /** Readers' comments apart from the article (empty with `withComments`). */
  comments: Comments;
  regions: Region[];
  /** The article candidates: first the one `candidate: 0` returns, then the runner-ups. */
  candidates: Candidate[];
  series: Series;
  reason: string | null;
  /** With `elementIds`: the `data-dana-id` of every element of the main content, in document
   *  order (strip mode keeps them). Empty otherwise. */
  keptIds: number[];
}
"#;

/// Runs once when the module is instantiated: a panic then prints its message and location
/// to the console instead of a bare `unreachable` trap.
#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

/// The crate version, e.g. "0.1.0".
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// The default options, camelCase, as `extract` fills them in.
#[wasm_bindgen(js_name = defaultOptions, unchecked_return_type = "Required<DanaOptions>")]
pub fn default_options() -> Result<JsValue, JsError> {
    to_js(&Options::default())
}

/// The keys of the engine's refinement switches ([`dana::SWITCHES`]), in its order: the demo
/// page makes a checkbox of each (their defaults are `defaultOptions()`'s).
#[wasm_bindgen]
pub fn switches() -> Vec<String> {
    SWITCHES.iter().map(|s| s.js_key()).collect()
}

/// Extracts the main content of one HTML page.
#[wasm_bindgen(js_name = extract, unchecked_return_type = "Extraction")]
pub fn extract_js(
    #[wasm_bindgen(unchecked_param_type = "string")] html: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "DanaOptions")] options: Option<JsValue>,
) -> Result<JsValue, JsError> {
    // A `&str` parameter would coerce anything to a string silently; say what was wrong instead.
    let html = html.as_string().ok_or_else(|| {
        JsError::new(&format!("extract: html must be a string, got {}", js_type(&html)))
    })?;
    let options = parse_options(&options.unwrap_or(JsValue::UNDEFINED))?;
    let result: Extraction = dana::extract(&html, &options);
    to_js(&result)
}

/// The text of a page's bytes: byte-order mark, else the transport layer's `charset` (the
/// `Content-Type` header's, when given), else valid UTF-8, else the `<meta>` charset, else
/// windows-1252. The engine chooses the encoding ([`dana::sniff_encoding`], the order of
/// [`dana::decode`]); the browser's `TextDecoder`, the same Encoding Standard as the engine's
/// `encoding_rs`, turns the bytes into text, so the module carries no decoding tables (they
/// would add about 130 KB gzipped and break the size budget). Never fails on the bytes; unknown
/// labels are ignored. Node 20's `TextDecoder` decodes windows-1252 as ISO-8859-1 (0x80-0x9F
/// become C1 controls), unlike browsers and the engine: under Node, compare such pages with care.
#[wasm_bindgen(js_name = decode, unchecked_return_type = "Decoded")]
pub fn decode_js(
    #[wasm_bindgen(unchecked_param_type = "Uint8Array")] bytes: &[u8],
    charset: Option<String>,
) -> Result<JsValue, JsError> {
    #[derive(Serialize)]
    struct Decoded {
        text: String,
        encoding: &'static str,
    }
    let (encoding, bom_len) = dana::sniff_encoding(bytes, charset.as_deref());
    let body = &bytes[bom_len..];
    let text = if encoding == "replacement" {
        // The encoding of labels such as iso-2022-kr that must not be decoded: one U+FFFD for
        // any input (TextDecoder refuses to construct it).
        if body.is_empty() {
            String::new()
        } else {
            "\u{FFFD}".to_string()
        }
    } else {
        // `ignoreBOM`: the mark was skipped above; a second one is text, as in `dana::decode`.
        let options = json_parse(r#"{"ignoreBOM":true}"#)
            .map_err(|e| JsError::new(&format!("decode: {}", js_type(&e))))?;
        TextDecoder::new(encoding, &options)
            .map_err(|_| JsError::new(&format!("decode: TextDecoder does not know {encoding}")))?
            .decode(body)
    };
    to_js(&Decoded { text, encoding })
}

#[wasm_bindgen]
extern "C" {
    type TextDecoder;
    #[wasm_bindgen(constructor, catch)]
    fn new(label: &str, options: &JsValue) -> Result<TextDecoder, JsValue>;
    #[wasm_bindgen(method)]
    fn decode(this: &TextDecoder, bytes: &[u8]) -> String;
}

/// Serialises a value to a plain JS object with camelCase keys: written as JSON text in one
/// pass and read by the engine's own `JSON.parse`. (Building the object key by key through
/// wasm-bindgen calls, as `serde_wasm_bindgen` does, cost more than the extraction itself on
/// text-heavy pages.) As in JSON, `None` becomes `null`.
fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    let mut out = Vec::with_capacity(4096);
    value
        .serialize(&mut serde_json::Serializer::with_formatter(
            &mut out,
            CamelKeys { in_key: false },
        ))
        .map_err(|e| JsError::new(&format!("serialise: {e}")))?;
    let text = String::from_utf8(out).map_err(|e| JsError::new(&format!("serialise: {e}")))?;
    json_parse(&text).map_err(|e| JsError::new(&format!("serialise: {}", js_type(&e))))
}

/// serde_json's compact output with object keys renamed from snake_case to camelCase. Our types
/// hold structs only (no maps keyed by data), so every key is a field name: plain ASCII that
/// needs no escaping and reaches the formatter as one fragment.
struct CamelKeys {
    in_key: bool,
}

impl serde_json::ser::Formatter for CamelKeys {
    fn begin_object_key<W: ?Sized + std::io::Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        self.in_key = true;
        if first {
            Ok(())
        } else {
            writer.write_all(b",")
        }
    }

    fn end_object_key<W: ?Sized + std::io::Write>(
        &mut self,
        _writer: &mut W,
    ) -> std::io::Result<()> {
        self.in_key = false;
        Ok(())
    }

    fn write_string_fragment<W: ?Sized + std::io::Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> std::io::Result<()> {
        if self.in_key {
            writer.write_all(camel_case(fragment).as_bytes())
        } else {
            writer.write_all(fragment.as_bytes())
        }
    }
}

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(catch, js_namespace = JSON, js_name = parse)]
    fn json_parse(text: &str) -> Result<JsValue, JsValue>;
}

/// `typeof`-like name of a JS value for error messages.
fn js_type(v: &JsValue) -> String {
    if v.is_null() {
        "null".into()
    } else if Array::is_array(v) {
        "an array".into()
    } else {
        v.js_typeof().as_string().unwrap_or_default()
    }
}

#[wasm_bindgen]
extern "C" {
    type Array;
    #[wasm_bindgen(static_method_of = Array, js_name = isArray)]
    fn is_array(v: &JsValue) -> bool;
}

/// Reads a partial camelCase options object into [`Options`]. `undefined` and `null` (for the
/// whole object or for one key) mean "the default".
///
/// Read key by key with [`set_option`], not through serde: serde's deserialisers describe a
/// wrong value with `Unexpected`, whose float formatting (`core::fmt`'s Grisu and Dragon4)
/// and serde_json's `Value` deserialiser with `serde_wasm_bindgen` cost the module about
/// 10 KB of gzip (docs/PERFORMANCE.md). `known_options_are_all_read` checks that every field
/// of `Options` has its key here.
fn parse_options(js: &JsValue) -> Result<Options, JsError> {
    if js.is_undefined() || js.is_null() {
        return Ok(Options::default());
    }
    if !js.is_object() || Array::is_array(js) {
        return Err(JsError::new(&format!(
            "extract: options must be an object, got {}",
            js_type(js)
        )));
    }
    let mut options = Options::default();
    for key in object_keys(js).iter().filter_map(JsValue::as_string) {
        if !is_option_key(&key) {
            let camel = camel_case(&key);
            let hint = if camel != key && is_option_key(&camel) {
                format!(" (did you mean `{camel}`?)")
            } else {
                String::new()
            };
            return Err(JsError::new(&format!(
                "extract: unknown option `{key}`{hint}; known options: {}",
                option_keys().join(", ")
            )));
        }
        let value = reflect_get(js, &JsValue::from_str(&key)).map_err(|e| {
            JsError::new(&format!("extract: option `{key}` could not be read: {}", js_type(&e)))
        })?;
        let given = if value.is_undefined() || value.is_null() {
            continue; // keep the default
        } else if let Some(b) = value.as_bool() {
            Given::Bool(b)
        } else if let Some(n) = value.as_f64() {
            Given::Number(n)
        } else if let Some(s) = value.as_string() {
            Given::Text(s)
        } else {
            Given::Other(js_type(&value))
        };
        set_option(&mut options, &key, given).map_err(|expected| {
            JsError::new(&format!("extract: bad value for option `{key}`: expected {expected}"))
        })?;
    }
    Ok(options)
}

/// The options of [`Options`] that take a value, by their camelCase keys ([`set_option`]).
const VALUE_KEYS: &[&str] = &["algorithm", "filter", "gap", "url", "titleMetric", "candidate"];

/// Where a flag lives in [`Options`].
type Flag = fn(&mut Options) -> &mut bool;

/// The `true`/`false` options of [`Options`] that are not refinements (those are
/// [`dana::SWITCHES`]), by their camelCase keys.
#[rustfmt::skip]
const FLAGS: &[(&str, Flag)] = &[
    ("titleBound", |o| &mut o.title_bound),
    ("trace", |o| &mut o.trace),
    ("elementIds", |o| &mut o.element_ids),
    ("withComments", |o| &mut o.with_comments),
];

/// Whether `key` is an option's camelCase key.
fn is_option_key(key: &str) -> bool {
    option_keys().iter().any(|k| k == key)
}

/// Every option's camelCase key: the values', the flags', then the refinement switches'.
fn option_keys() -> Vec<String> {
    VALUE_KEYS
        .iter()
        .chain(FLAGS.iter().map(|(k, _)| k))
        .map(|k| k.to_string())
        .chain(SWITCHES.iter().map(|s| s.js_key()))
        .collect()
}

/// An option's value as JavaScript gave it.
#[derive(Debug)]
enum Given {
    Bool(bool),
    Number(f64),
    Text(String),
    /// Anything else, by its `typeof`-like name.
    Other(String),
}

impl Given {
    /// For an error message, without formatting a float.
    fn describe(&self) -> String {
        match self {
            Given::Bool(b) => b.to_string(),
            Given::Number(n) => {
                whole(*n).map_or_else(|| "a number with a fraction".to_string(), |n| n.to_string())
            }
            Given::Text(s) => format!("\"{s}\""),
            Given::Other(t) => t.clone(),
        }
    }
}

/// `n` as a whole number (an integer of at most 2^53 in magnitude, which `f64` holds exactly).
fn whole(n: f64) -> Option<i64> {
    (n.fract() == 0.0 && n.abs() <= 9_007_199_254_740_992.0).then_some(n as i64)
}

/// Sets option `key` (camelCase) of `options` to `given`; the error says what was expected and
/// what was given. Accepts the spellings the CLI accepts: algorithm names and metrics in any
/// case, filters as `none|remove|strip|placeholder|0|1|2|3` (string, any case, or number).
fn set_option(options: &mut Options, key: &str, given: Given) -> Result<(), String> {
    let bad = |expected: &str, given: &Given| format!("{expected}, got {}", given.describe());
    let count = |given: &Given| match given {
        Given::Number(n) => whole(*n).and_then(|n| usize::try_from(n).ok()),
        _ => None,
    };
    let text = |given: &Given| match given {
        Given::Text(s) => Some(s.to_ascii_lowercase()),
        _ => None,
    };
    let flag = match (key, &given) {
        (_, Given::Bool(b)) => Some(*b),
        _ => None,
    };
    match key {
        "algorithm" => {
            options.algorithm = text(&given)
                .and_then(|t| Algorithm::parse(&t))
                .ok_or_else(|| bad("r2l, dana, danag or addanag", &given))?
        }
        "filter" => {
            let name = match &given {
                Given::Number(n) => whole(*n).map(|n| n.to_string()),
                _ => text(&given),
            };
            options.filter = Some(
                name.and_then(|t| LinkFilter::parse(&t))
                    .ok_or_else(|| bad("none, remove, strip, placeholder or 0 to 3", &given))?,
            );
        }
        "gap" => {
            options.gap = Some(count(&given).ok_or_else(|| bad("a whole number from 0", &given))?)
        }
        "candidate" => {
            options.candidate = count(&given).ok_or_else(|| bad("a whole number from 0", &given))?
        }
        "url" => match given {
            Given::Text(s) => options.url = Some(s),
            _ => return Err(bad("a string", &given)),
        },
        "titleMetric" => {
            options.title_metric = text(&given)
                .and_then(|t| TitleMetric::parse(&t))
                .ok_or_else(|| bad("tf, tfidf, osm or sum", &given))?
        }
        _ => {
            let on = flag.ok_or_else(|| bad("true or false", &given));
            if let Some((_, field)) = FLAGS.iter().find(|(k, _)| *k == key) {
                *field(options) = on?;
            } else {
                let switch = SWITCHES
                    .iter()
                    .find(|s| s.js_key() == key)
                    .ok_or_else(|| format!("a known option, got `{key}`"))?;
                switch.set(options, on?);
            }
        }
    }
    Ok(())
}

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = Object, js_name = keys)]
    fn object_keys(o: &JsValue) -> Box<[JsValue]>;
    #[wasm_bindgen(catch, js_namespace = Reflect, js_name = get)]
    fn reflect_get(o: &JsValue, key: &JsValue) -> Result<JsValue, JsValue>;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every field of `Options` (as serde names it) has its key in `VALUE_KEYS`, `FLAGS` or `SWITCHES`, and
    /// `set_option` sets it: a field added to `Options` without a key here fails this test.
    #[test]
    fn known_options_are_all_read() {
        let serde_json::Value::Object(fields) = serde_json::to_value(Options::default()).unwrap()
        else {
            panic!("Options is a struct")
        };
        let mut keys: Vec<String> = fields.keys().map(|k| camel_case(k)).collect();
        let mut known = option_keys();
        keys.sort();
        known.sort();
        assert_eq!(keys, known);
        for snake in fields.keys() {
            let key = &camel_case(snake);
            let mut options = Options::default();
            let given = match fields[snake] {
                serde_json::Value::Bool(b) => Given::Bool(!b),
                _ => match key.as_str() {
                    "algorithm" => Given::Text("R2L".into()),
                    "filter" => Given::Number(2.0),
                    "url" => Given::Text("https://example.org/".into()),
                    "titleMetric" => Given::Text("OSM".into()),
                    _ => Given::Number(3.0),
                },
            };
            set_option(&mut options, key, given).unwrap();
            let changed = serde_json::to_value(&options).unwrap();
            assert_ne!(changed[snake], fields[snake], "{key} is set");
            let others = |v: &serde_json::Value| {
                v.as_object()
                    .unwrap()
                    .iter()
                    .filter(|(k, _)| k != &snake)
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect::<Vec<_>>()
            };
            assert_eq!(
                others(&changed),
                others(&serde_json::Value::Object(fields.clone())),
                "{key} sets nothing else"
            );
        }
    }

    #[test]
    fn bad_values_are_refused_and_said_without_floats() {
        let mut options = Options::default();
        for (key, given, message) in [
            ("gap", Given::Number(-1.0), "a whole number from 0, got -1"),
            ("gap", Given::Number(2.5), "a whole number from 0, got a number with a fraction"),
            ("gap", Given::Text("wide".into()), "a whole number from 0, got \"wide\""),
            ("algorithm", Given::Number(3.0), "r2l, dana, danag or addanag, got 3"),
            (
                "filter",
                Given::Text("4".into()),
                "none, remove, strip, placeholder or 0 to 3, got \"4\"",
            ),
            (
                "filter",
                Given::Number(1.5),
                "none, remove, strip, placeholder or 0 to 3, got a number with a fraction",
            ),
            ("trace", Given::Number(1.0), "true or false, got 1"),
            ("url", Given::Other("object".into()), "a string, got object"),
        ] {
            assert_eq!(set_option(&mut options, key, given).unwrap_err(), message, "{key}");
        }
        assert_eq!(options, Options::default(), "a refused value changes nothing");
        set_option(&mut options, "filter", Given::Text("Strip".into())).unwrap();
        set_option(&mut options, "algorithm", Given::Text("DANAG".into())).unwrap();
        assert_eq!(
            (options.filter, options.algorithm),
            (Some(LinkFilter::Strip), Algorithm::Danag)
        );
    }
}
