//! The one options struct of [`crate::extract`]. Every field documents its default; a partial
//! options object from JavaScript or the CLI fills in the rest from [`Options::default`].
//!
//! [`SWITCHES`] is the one list of our refinements (the switches [`Options::thesis`] turns
//! off): the CLI's `dana eval --without`, the wasm boundary and the demo page read it, so a new
//! refinement is a field, its default and one line there.

use serde::{Deserialize, Serialize};

/// Which member of the DANA family runs (thesis chapter 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Algorithm {
    /// Section 4.3: T1 = non-ASCII bytes, T2 = ASCII bytes; the output keeps only the
    /// right-to-left (non-ASCII) characters of the chosen lines. No parser. Gap 8.
    R2l,
    /// Section 4.4: R2L's phases 1 to 3, then the chosen lines go through the parser. Gap 20.
    Dana,
    /// Section 4.5: language independent, T1 = characters of text from the tokenizer,
    /// T2 = line length - T1 (eq. 4.5). Gap 20.
    Danag,
    /// Section 4.6: DANAg after hyperlink normalisation with Filter 3. Gap 20.
    Addanag,
}

impl Algorithm {
    /// Every algorithm, in thesis order.
    pub const ALL: [Algorithm; 4] =
        [Algorithm::R2l, Algorithm::Dana, Algorithm::Danag, Algorithm::Addanag];

    /// The gap the thesis found best for this algorithm (sections 4.3.4 and 4.4).
    pub fn default_gap(self) -> usize {
        match self {
            Algorithm::R2l => 8,
            _ => 20,
        }
    }

    /// The hyperlink filter the algorithm implies: Filter 3 for AdDANAg, none otherwise.
    pub fn default_filter(self) -> LinkFilter {
        match self {
            Algorithm::Addanag => LinkFilter::Placeholder,
            _ => LinkFilter::None,
        }
    }

    /// The lowercase name used by the CLI and the JSON output.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::R2l => "r2l",
            Algorithm::Dana => "dana",
            Algorithm::Danag => "danag",
            Algorithm::Addanag => "addanag",
        }
    }

    /// Parses a CLI name (case-insensitive).
    pub fn parse(s: &str) -> Option<Algorithm> {
        Algorithm::ALL.into_iter().find(|a| a.name().eq_ignore_ascii_case(s))
    }
}

/// Hyperlink pre-processing (thesis 4.6.1). Applies to the counting of phase 1; the links
/// themselves survive into the article unless Filter 1 removed them with their text.
///
/// One vocabulary everywhere: the name of each filter (`none`, `remove`, `strip`,
/// `placeholder`) is what the JSON output, JavaScript and the CLI print; the thesis's numbers
/// (`0`, `1`, `2`, `3`: "Filter 1" is `remove`) are accepted as input wherever a name is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LinkFilter {
    /// No hyperlink normalisation (`0`).
    #[serde(alias = "0")]
    None,
    /// Filter 1 (ACCB, Algorithm 2): every `<a>` element is removed, anchor text included.
    #[serde(alias = "1")]
    Remove,
    /// Filter 2 (Algorithm 3): the attributes of every `<a>` are removed.
    #[serde(alias = "2")]
    Strip,
    /// Filter 3 (Algorithm 4): the attributes of every `<a>` are replaced by a placeholder of
    /// length LT - 7, LT the anchor text length, so the link weighs as much code as content.
    #[serde(alias = "3")]
    Placeholder,
}

impl LinkFilter {
    /// Every filter, in the thesis's order (no filter, then Filters 1, 2 and 3).
    pub const ALL: [LinkFilter; 4] =
        [LinkFilter::None, LinkFilter::Remove, LinkFilter::Strip, LinkFilter::Placeholder];

    /// The name: `none`, `remove`, `strip`, `placeholder` (as serialised).
    pub fn name(self) -> &'static str {
        match self {
            LinkFilter::None => "none",
            LinkFilter::Remove => "remove",
            LinkFilter::Strip => "strip",
            LinkFilter::Placeholder => "placeholder",
        }
    }

    /// The thesis's number: 0 for none, else the filter's number in 4.6.1.
    pub fn number(self) -> u8 {
        match self {
            LinkFilter::None => 0,
            LinkFilter::Remove => 1,
            LinkFilter::Strip => 2,
            LinkFilter::Placeholder => 3,
        }
    }

    /// Parses a name or a thesis number (`none|remove|strip|placeholder|0|1|2|3`), in any
    /// case.
    pub fn parse(s: &str) -> Option<LinkFilter> {
        LinkFilter::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(s) || s == f.number().to_string())
    }
}

/// How TitleFinder scores a text fragment against the `<title>` query (thesis 5.3.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TitleMetric {
    /// Cosine similarity of term-frequency vectors.
    Tf,
    /// Cosine similarity of TF-IDF vectors (IDF over the page's fragments).
    Tfidf,
    /// The overlap score OSM.
    Osm,
    /// The sum of the three scores.
    Sum,
}

impl TitleMetric {
    /// Every metric, in the thesis's order (5.3.3).
    pub const ALL: [TitleMetric; 4] =
        [TitleMetric::Tf, TitleMetric::Tfidf, TitleMetric::Osm, TitleMetric::Sum];

    /// The name: `tf`, `tfidf`, `osm`, `sum` (as serialised).
    pub fn name(self) -> &'static str {
        match self {
            TitleMetric::Tf => "tf",
            TitleMetric::Tfidf => "tfidf",
            TitleMetric::Osm => "osm",
            TitleMetric::Sum => "sum",
        }
    }

    /// Parses a name, in any case.
    pub fn parse(s: &str) -> Option<TitleMetric> {
        TitleMetric::ALL.into_iter().find(|m| m.name().eq_ignore_ascii_case(s))
    }
}

/// Options of [`crate::extract`]. `Options::default()` is the product's default.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// The algorithm. Default: [`Algorithm::Addanag`].
    pub algorithm: Algorithm,
    /// Hyperlink filter. Default `None`: the algorithm's own ([`Algorithm::default_filter`]).
    pub filter: Option<LinkFilter>,
    /// Maximum distance in lines between two regions of the main content (Algorithm 1).
    /// Default `None`: the algorithm's own ([`Algorithm::default_gap`]).
    pub gap: Option<usize>,
    /// The page's URL, against which links and image sources are resolved. Default `None`:
    /// relative URLs are dropped from the article HTML (they would resolve against the reader).
    pub url: Option<String>,
    /// TitleFinder's metric. Default: [`TitleMetric::Sum`], the best measured on the titled
    /// sets (readability, r2l; docs/EVALUATION.md), where the thesis's Table 5.4 favoured TF.
    pub title_metric: TitleMetric,
    /// Use the headline as the upper bound of the main content (thesis 7.2.1). Default `false`.
    pub title_bound: bool,
    /// Phase 3 selection. `false` is the thesis's Algorithm 1: grow the region with the most
    /// characters by its neighbours within `gap`. `true`: of all chains of regions linked by
    /// distances within `gap`, take the one with the largest area above the axis (Algorithm
    /// 1's chain around r_m is one of them). Default `true` (measured, docs/EVALUATION.md).
    pub cluster: bool,
    /// Phase 1 weighs an image tag (`img`, `picture`, `source`, `figure`, `video`, `audio`) by
    /// its name alone, without its attributes, as Filter 3 normalises links: a picture's URLs
    /// and srcset are not navigation code. Default `true` (measured, docs/EVALUATION.md).
    pub media: bool,
    /// Phase 1 weighs an inline element's start tag without its `style` attribute: the spans,
    /// `b`s and `font`s that rich-text editors and pasted documents write around every run of
    /// words style the text they wrap, and counted as code they make a formatted article read
    /// as markup. A block's style still counts (page layout: headers, boxes, banners). Default
    /// `true` (measured, docs/EVALUATION.md).
    pub inline_styles: bool,
    /// Phase 4 also takes a line just outside a chosen region when its own T1 > T2 (see
    /// [`crate::regions::chosen_lines`]). Default `true` (measured, docs/EVALUATION.md).
    pub edges: bool,
    /// Preprocessing also drops the elements that declare themselves boilerplate: `nav`,
    /// `aside` (but, with `article`, an article's own aside: docs/FIDELITY.md), `footer`, and
    /// dialogs (`role="dialog"`/`"alertdialog"`, `aria-modal="true"`);
    /// and it reads React's streamed boundaries (`<div hidden id="S:1">`), which the browser
    /// shows, as shown. Default `true` (measured, docs/EVALUATION.md). `false` is the thesis's
    /// preprocessing exactly.
    pub prune: bool,
    /// Phase 4 takes the whole article the chosen lines belong to: the lines of the smallest
    /// element that holds them (after thesis 7.2.1), but for link-dense lines, forms and
    /// lone labels ([`crate::article`]). It also keeps each code block (`pre`, a highlighter's
    /// table) whole or not at all (docs/FIDELITY.md). Default `true` (measured,
    /// docs/EVALUATION.md).
    pub article: bool,
    /// A page on which no line rises above the axis is read again: its `<noscript>` copy when
    /// that holds more text than the rest, else with every tag weighed by its name alone
    /// ([`crate::fallback`]). Default `true` (measured, docs/EVALUATION.md).
    pub fallback: bool,
    /// The headline is TitleFinder's checked against the headlines the page declares
    /// (JSON-LD, `og:title`, `twitter:title`, `<title>` less its site suffix, `h1`s;
    /// [`crate::title::choice::choose`]). Default `true` (measured, docs/METADATA.md); `false` shows
    /// TitleFinder's headline as the thesis defines it.
    pub declared_title: bool,
    /// Which article candidate to return ([`crate::Extraction::candidates`]): 0, the default,
    /// is the one the algorithm chose; k > 0 the k-th runner-up, for "Not the article? Show
    /// the next candidate". A k beyond the last candidate gives an empty article with a
    /// `reason`.
    pub candidate: usize,
    /// Include each normalised line's source text in the result (for the demo's plots).
    /// Default `false`: it roughly doubles the size of the result.
    pub trace: bool,
    /// The page's elements carry `data-dana-id="N"` attributes (N a decimal integer; the
    /// extension's capture sets one on every element). Every stage then ignores that
    /// attribute, so the extraction is the one of the page without it, and
    /// [`crate::Extraction::kept_ids`] lists the ids of the elements that carry the main
    /// content (the extension's strip mode keeps them). Default `false`: the attribute is
    /// ordinary markup and `kept_ids` stays empty.
    pub element_ids: bool,
    /// Readers' comments under an article stay in its text, blocks and sentences, as the
    /// page shows them, instead of apart in [`crate::Extraction::comments`] (for corpora that
    /// want them). Default `false`.
    pub with_comments: bool,
    /// With `article`, a thread's posts are also recognised by their keys: siblings of one tag
    /// name and first class token whose ids are one prefix and a number (forum software's
    /// database keys: `p2187914`, `js-post-137554686`), two or more, and the outermost list
    /// when replies nest ([`crate::article`]). Default `true` (measured, docs/EVALUATION.md).
    pub post_keys: bool,
    /// With `article`, the container is widened to the outermost bare `section` (only an `id`,
    /// as documentation generators write a page's sections) that holds it, not past an
    /// `article` element ([`crate::article`]). Default `true` (measured, docs/EVALUATION.md).
    pub sections: bool,
    /// With `article`, a run of link lines that the article's prose encloses (the nearest
    /// lines with text before and after it are taken prose) is taken: a listicle's linked item
    /// names, where menus and "read next" lists stand at the article's edges
    /// ([`crate::article`]). Default `true` (measured, docs/EVALUATION.md).
    pub link_lists: bool,
    /// With `article`, when a thread's posts are schema.org microdata answers (`itemtype`
    /// `…/Answer`), the question they answer (`itemtype` `…/Question`) is taken too: a Q&A
    /// page's question with its answers ([`crate::article`]). Default `true` (measured, docs/EVALUATION.md).
    pub questions: bool,
    /// With `fallback`, a page whose `<noscript>` copy holds more text than everything else
    /// the page shows is read from that copy even when the page has a region (a
    /// script-rendered forum whose posts are only in the copy, beside a site banner that
    /// rises above the axis); a `<noscript>` of escaped markup is no copy
    /// ([`crate::fallback`]). Default `true` (measured, docs/EVALUATION.md).
    pub noscript_copy: bool,
    /// With `article`, on a page that declares itself an article (JSON-LD `Article`,
    /// `NewsArticle`, `BlogPosting`… or `og:type` `article`, and no thread type), when the
    /// chosen lines are mostly readers' comments (keyed posts whose id or class names a
    /// comment, or that carry a `time`), the container widens to the article they belong to:
    /// the smallest element around them with prose of its own ([`crate::article`]).
    /// Default `true` (measured, docs/EVALUATION.md).
    pub comments: bool,
    /// With `article`, the container narrows to the element the page declares its article's
    /// body (schema.org microdata `itemprop="articleBody"`, else the element that shows the
    /// JSON-LD `articleBody`) when the container holds it and it holds at least half of the
    /// chosen text; lines chosen after the body's start but outside it are left out. It never
    /// widens the container ([`crate::article`]). Default `true` (measured, docs/EVALUATION.md).
    pub declared_body: bool,
    /// With `article`, when the chosen lines lie outside the page's main landmark (its first
    /// `main` element or `role="main"`) and the landmark holds more than twice their text, the
    /// landmark's lines are the article instead, all of them (a shop's product grid below a
    /// promotion banner that Algorithm 1 chose) ([`crate::article`]). Default `true`
    /// (measured, docs/EVALUATION.md).
    pub landmark: bool,
    /// With `fallback`, a choice of under 1,000 characters on a page with ten times more
    /// text, none of its lines a paragraph of 250 characters (a banner chosen on a shop's
    /// grid, a listing or a front page), gives way to all of the page's text
    /// ([`crate::fallback`]; also for a runner-up candidate). Default `true` (measured,
    /// docs/EVALUATION.md).
    pub scant: bool,
    /// With `comments`, the chosen lines also count as readers' comments when an element
    /// around them has an id or first class naming comments (`id="comment-box"`: a blog
    /// host's thread without keyed posts) ([`crate::article`]). Default `true` (measured,
    /// docs/EVALUATION.md).
    pub comment_box: bool,
    /// With `fallback`, when Algorithm 1 chooses the page's legal footer (a chain in the
    /// last quarter of the page's lines that carries its copyright notice) and another chain
    /// stands above it, that chain is chosen instead ([`crate::fallback`]). Default `true`
    /// (measured, docs/EVALUATION.md).
    pub footer: bool,
    /// With `footer`, a chain in the last quarter whose first text stands inside an element
    /// whose `id` or `class` names a footer or a sidebar (`id="footer"`, `blq-foot`,
    /// `sidebar_2`) is the page's chrome too, with or without a copyright notice; and a chain
    /// anywhere whose largest region stands in a sidebar (a word that begins `sidebar`) gives
    /// way to the next chain that stands in none ([`crate::fallback`]). Default `true`
    /// (measured, docs/EVALUATION.md, "Each refinement").
    pub footer_names: bool,
    /// With `prune`, an element whose class is a CSS framework's utility for `display: none`
    /// or `visibility: hidden` (`d-none`, `invisible`, `is-hidden`, …), with no class showing
    /// it from a breakpoint, is not read, as an inline `display: none` is not
    /// ([`crate::preprocess`]). Default `true` (measured, docs/EVALUATION.md).
    pub hidden_class: bool,
    /// With `prune`, an element whose own `style` sets `opacity: 0` (`0`, `0.0`, `0%`,
    /// `!important` or not) is not read, unless the style also sets a transition, an
    /// animation, a transform or a filter, or a class word or `data-` attribute names a
    /// reveal or animation library (`data-aos`, `wow`, `animate__`, `fade-in`): a scroll-in
    /// animation's paragraphs stay ([`crate::preprocess`]). Default `true` (measured,
    /// docs/EVALUATION.md).
    pub hidden_opacity: bool,
    /// With `article`, the next chain Algorithm 1 would choose, when it stands between the
    /// headline and the chosen lines and holds a paragraph's text (250 characters), is the
    /// article's opening and is taken, grown to its article, unless it repeats the chosen
    /// text ([`crate::article`]; thesis 7.2.1). Default `true` (measured, docs/EVALUATION.md).
    pub lead: bool,
    /// With `article`, lines Algorithm 1 chose below the element the article is grown to
    /// (a related-posts box, a blogroll within `gap` lines of the article's end) are left
    /// out, but for readers' comments in an element that names them ([`crate::article`]).
    /// Default `true` (measured, docs/EVALUATION.md, "Each refinement").
    pub below_article: bool,
    /// With `article`, posts known by their structure (two or more sibling units, each with an
    /// author, a date and text of its own: SMF, vBulletin, XenForo, Lemmy-like threads) are a
    /// thread's: when the article is one of them, every post of the list is taken, and each
    /// keeps its author and date as a header, without its card, signature or votes
    /// (`crate::blocks`). Default `true` (issue 33).
    pub threads: bool,
    /// With `threads`, a list of posts known by their structure opens with the post just
    /// before its first one when that post is of another kind but writes its text in an
    /// element of the same kind as theirs: an issue's description before its comments
    /// (GitHub's `markdown-body`); and a post's title (text the page's `<title>` holds) in
    /// the row its author's name stands in is the post's, not its card ([`crate::blocks`]).
    /// Default `true` (issue 33; measured, docs/EVALUATION.md).
    pub opening_posts: bool,
    /// With `threads`, the lines of a thread's posts known by their structure are not a
    /// form's though a form holds them: old Reddit writes each comment's text inside the form
    /// that edits it in place ([`crate::article`]). Default `true` (issue 33).
    pub post_forms: bool,
    /// With `threads`, an element with an author and a date whose text all stands on one line
    /// and is short (200 characters: an issue's "X added the label Y", "X closed this") is a
    /// line of the thread's timeline, not a post: no list counts it, and it gets no header
    /// ([`crate::blocks`]). Default `true` (issue 33).
    pub thread_events: bool,
    /// With `threads`, a post that no mark names (no author class, microdata or profile link)
    /// is named by its header: the first text of the post outside a link, a button and its date
    /// that has a letter, when it stands before the post's words and reads as a name (a forum
    /// printing the poster's name as plain text: a profile pane's `<dt><strong>`, a header line
    /// "name · date"); such posts count as posts of a list ([`crate::blocks`]). Default `true`
    /// (issue 33; measured, docs/EVALUATION.md).
    pub shown_names: bool,
    /// With `threads`, a bare `div` (no class, no id) around one element and no text of its own
    /// is of that element's kind: the wrappers of a list's posts (React's
    /// `<div style="display:contents">` around each) are its siblings ([`crate::blocks`]).
    /// Default `true` (issue 33; measured, docs/EVALUATION.md).
    pub wrapped_posts: bool,
    /// With `threads`, sibling `article` elements without attributes, each holding an author
    /// mark and a post's text, are posts though they show no date (Flarum's `<noscript>` copy
    /// of a discussion) ([`crate::blocks`]). Default `true` (issue 33).
    pub undated_posts: bool,
    /// With `article`, on a page that declares an article (JSON-LD `Article`, `og:type`) and
    /// not a thread, readers' comments (a list of posts after the article's own text) are not
    /// the article: left out ([`crate::article`]). Default `true` (issue 32; dragnet's gold
    /// keeps comments).
    pub comments_apart: bool,
    /// With `article`, the taken lines at the top and the bottom of an article's element that
    /// are furniture (mostly link text, without a letter, only a web address, or in a site's
    /// box: share rows, tag lists, view counters, the page's address printed for paper) are
    /// left out, up to the first line of the story, and so are the headings left last with
    /// nothing under them ([`crate::article`]). Default `true` (measured, docs/EVALUATION.md).
    pub furniture: bool,
    /// With `article`, on a page declaring one article, a short row of labels and values at
    /// the top or the bottom of the text (a news code, a publication date: every label's colon
    /// after a letter, one followed by a number; two labels at the bottom) is left out
    /// ([`crate::article`]). Default `true` (measured, docs/EVALUATION.md).
    pub label_rows: bool,
    /// With `article`, on a page declaring one article, the few short lines (no sentences)
    /// that open the text above its headline (a date, a section's name) are left out
    /// ([`crate::article`]). Default `true` (measured, docs/EVALUATION.md).
    pub above_headline: bool,
    /// With `article`, on a page declaring one article, a short label ("Read more:") in a box
    /// the page names a site's box (related posts, sharing) is left out when the rest of the
    /// box was ([`crate::article`]). Default `true` (measured, docs/EVALUATION.md).
    pub box_labels: bool,
    /// A `button` that stands in a sentence (its line holds text outside it, links and other
    /// buttons: a name that opens a side note, a term that opens a tooltip) is read as the
    /// text it shows; buttons that stand alone (share rows, "Load more", icons) and those in
    /// forms are dropped with their content, as the thesis's preprocessing drops every button
    /// ([`crate::preprocess`]). Default `true` (measured, docs/EVALUATION.md).
    pub inline_controls: bool,
    /// With `article`, a paragraph (`p`, a list item, a definition, a heading, a caption)
    /// taken in part is taken whole, unless its lines together are navigation or a form
    /// ([`crate::article`]). Default `true` (measured, docs/EVALUATION.md).
    pub whole_paragraphs: bool,
    /// A table whose rows pair labels with values (every row as wide as the widest, short
    /// cells of text that are not mostly links, no boxes or lists in them) is a data table
    /// without header cells, and a cell holding only a heading is a header cell
    /// ([`crate::blocks`]). Default `true` (measured, docs/EVALUATION.md).
    pub data_tables: bool,
    /// With `article`, on a page whose article is mostly a list (a "List of …" page, a
    /// chapter's contents: the lists after the article's first text hold at least as much
    /// text as the rest of the article), every item of those lists is taken, link-only items
    /// included ([`crate::article`]). Default `true` (measured, docs/EVALUATION.md).
    pub index_lists: bool,
    /// With `article`, a stream of other stories' headlines at the top or the bottom of the
    /// article's element (three or more consecutive lines each mostly link text, of a phrase's
    /// length: "related posts", "latest news" with their dates) is left out even where
    /// Algorithm 1 chose it, when the story left holds 1,000 characters; a linked list inside
    /// the story stays ([`crate::article`]). Default `true` (measured, docs/EVALUATION.md).
    pub teasers: bool,
    /// With `teasers`, on a page that declares an article, a stream of other stories' teaser
    /// cards at the top or the bottom of the article's element is left out too: three or more
    /// sibling elements alike, each one headline linking elsewhere with its excerpt, date,
    /// byline or label in a few hundred characters ("related posts" grids, Jetpack's
    /// Related), readers' comments not counted as the story and a stream's parts between ads
    /// taken together; a box of such cards set into the story goes too when every card leads
    /// to the page's own site ([`crate::article`]). Default `true` (issue 32, measured).
    pub teaser_cards: bool,
    /// With `article`, the lines a comment section holds outside its readers' comments (its
    /// heading, its reply form and the form's notices, a hidden preview box), below the
    /// article's own text, are left out; the comments themselves stay where `comments_apart`
    /// leaves them ([`crate::article`]). Default `true` (issue 32, measured).
    pub comment_chrome: bool,
    /// With `article`, a short box below the article's own text that its markup says is about
    /// the author (a link `rel=author` or to an author's page, `itemprop=author`, a schema.org
    /// `Person`, a class or id naming the author) and that holds a sentence (the author's bio)
    /// is left out ([`crate::article`]). Default `true` (issue 32, measured).
    pub author_bios: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            algorithm: Algorithm::Addanag,
            filter: None,
            gap: None,
            url: None,
            title_metric: TitleMetric::Sum,
            title_bound: false,
            cluster: true,
            edges: true,
            media: true,
            inline_styles: true,
            prune: true,
            article: true,
            fallback: true,
            declared_title: true,
            candidate: 0,
            trace: false,
            element_ids: false,
            with_comments: false,
            post_keys: true,
            sections: true,
            link_lists: true,
            questions: true,
            noscript_copy: true,
            comments: true,
            declared_body: true,
            landmark: true,
            scant: true,
            comment_box: true,
            footer: true,
            footer_names: true,
            hidden_class: true,
            hidden_opacity: true,
            lead: true,
            below_article: true,
            threads: true,
            opening_posts: true,
            post_forms: true,
            thread_events: true,
            shown_names: true,
            wrapped_posts: true,
            undated_posts: true,
            comments_apart: true,
            furniture: true,
            label_rows: true,
            above_headline: true,
            box_labels: true,
            inline_controls: true,
            whole_paragraphs: true,
            data_tables: true,
            index_lists: true,
            teasers: true,
            teaser_cards: true,
            comment_chrome: true,
            author_bios: true,
        }
    }
}

/// One refinement of [`Options`]: a rule of ours on top of the thesis, measured on the corpora
/// (docs/EVALUATION.md), a `bool` field that [`Options::thesis`] turns off. Its names elsewhere
/// are derived from [`Switch::name`]: [`Switch::cli_name`] for `dana eval --without`,
/// [`Switch::js_key`] for JavaScript's options object.
#[derive(Clone, Copy, Debug)]
pub struct Switch {
    /// The field's name, snake_case, as the JSON output writes it (`post_keys`).
    pub name: &'static str,
    get: fn(&Options) -> bool,
    set: fn(&mut Options, bool),
}

impl Switch {
    /// Whether the switch is on in `options`.
    pub fn get(&self, options: &Options) -> bool {
        (self.get)(options)
    }

    /// Turns the switch on or off in `options`.
    pub fn set(&self, options: &mut Options, on: bool) {
        (self.set)(options, on)
    }

    /// Its value in [`Options::default`].
    pub fn default_value(&self) -> bool {
        self.get(&Options::default())
    }

    /// The CLI's name, kebab-case (`post-keys`).
    pub fn cli_name(&self) -> String {
        self.name.replace('_', "-")
    }

    /// The key of JavaScript's options object, camelCase (`postKeys`).
    pub fn js_key(&self) -> String {
        camel_case(self.name)
    }
}

/// A snake_case field name in camelCase, as JavaScript spells the keys of the options and of
/// the result (`title_rule` → `titleRule`).
pub fn camel_case(snake: &str) -> String {
    let mut out = String::with_capacity(snake.len());
    let mut upper = false;
    for c in snake.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.push(c.to_ascii_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

/// Declares [`SWITCHES`] and [`Switch::summary`] from one list of `field: "summary"`: each name
/// is its `bool` field's, so the two cannot differ. The summaries are a function of their own,
/// not in the table, so that a build that never asks for them (the wasm module, where they
/// would cost about 0.9 KB of gzip) does not carry them.
macro_rules! switches {
    ($($field:ident: $summary:literal,)*) => {
        /// Every refinement switch of [`Options`], in the order `dana eval --help` lists them.
        /// The other `bool` options are not refinements: `title_bound` is the thesis's own
        /// (7.2.1), `trace`, `element_ids` and `with_comments` change what the result carries,
        /// not what is extracted.
        pub const SWITCHES: &[Switch] = &[$(Switch { name: stringify!($field), get: |o| o.$field, set: |o, on| o.$field = on },)*];

        impl Switch {
            /// What it does, in one line (`dana eval --help`); the field's documentation says
            /// more.
            pub fn summary(&self) -> &'static str {
                match self.name {
                    $(stringify!($field) => $summary,)*
                    _ => unreachable!("a switch of SWITCHES"),
                }
            }
        }
    };
}

switches! {
    prune: "Preprocessing also drops nav, aside, footer and dialogs, and reads React's streamed boundaries as shown",
    media: "Phase 1 weighs image tags by their name alone",
    inline_styles: "Phase 1 weighs an inline element's tag without its style attribute (rich text's styled spans)",
    cluster: "Phase 3: the chain of regions with the largest area instead of Algorithm 1's",
    edges: "Phase 4: also take a line just outside a chosen region when its T1 > T2",
    article: "Phase 4 takes the smallest element that holds the chosen lines, without its link-dense lines, forms and lone labels",
    fallback: "A page where no line rises above the axis is read again: its noscript copy, or every tag weighed by its name",
    declared_title: "TitleFinder's headline is checked against the headlines the page declares (JSON-LD, og:title, h1)",
    post_keys: "With article: a thread's posts are also siblings whose ids are one prefix and a number (a forum's post keys)",
    sections: "With article: the container widens to the outermost bare section (documentation's sections)",
    link_lists: "With article: a list of links that the article's prose encloses is taken (a listicle's linked items)",
    questions: "With article: a Q&A page's question is taken with its answers (schema.org Question and Answer microdata)",
    noscript_copy: "With fallback: a page whose noscript copy holds more text than the page shows is read from the copy",
    comments: "With article: on an article page whose chosen lines are mostly readers' comments, the article they belong to is taken",
    declared_body: "With article: the element the page declares its article's body (itemprop=articleBody) bounds the article",
    landmark: "With article: a choice outside the page's main landmark gives way to the landmark when it holds twice the chosen text",
    scant: "With fallback: a few short lines chosen on a page with ten times more text give way to all of its text",
    comment_box: "With comments: the chosen lines count as comments when an element around them has an id or class naming comments",
    footer: "With fallback: a choice in the page's legal footer gives way to the chain chosen above it",
    footer_names: "With footer: a late choice inside an element whose id or class names a footer or a sidebar, or any choice in a sidebar, gives way too",
    hidden_class: "With prune: an element whose class is a CSS framework's hiding utility (d-none, invisible) is not read",
    hidden_opacity: "With prune: an element whose own style sets opacity 0, with no transition, animation or reveal class, is not read",
    lead: "With article: the next chain, between the headline and the choice with a paragraph's text, is the article's opening",
    below_article: "With article: lines chosen below the article's element (related posts, blogrolls) are left out, comments kept",
    threads: "With article: posts known by their structure (author, date, text) are a thread's: every post taken, each with its header",
    opening_posts: "With threads: the post before a list of posts, whose text stands in a box of the same kind as theirs, opens it",
    post_forms: "With threads: a thread post's lines are its words though a form holds them (old Reddit's edit-in-place form)",
    thread_events: "With threads: a short element whose author, date and words stand on one line (an issue's 'X added the label Y') is a timeline's line, not a post",
    shown_names: "With threads: a post no mark names is named by the first text of its header outside links, buttons and its date, when it reads as a name",
    wrapped_posts: "With threads: a bare div around one element and no text of its own is of that element's kind, so that wrapped posts are siblings",
    undated_posts: "With threads: sibling bare articles, each with an author mark and a post's text, are posts without a date",
    comments_apart: "With article: on an article page, readers' comments after the article's text are left out",
    furniture: "With article: link-dense, letterless or address-only lines at the top and bottom of the article's element, and headings left last, are left out",
    label_rows: "With article: a short row of labels and numbers (news code, publication date) at the text's top or bottom is left out",
    above_headline: "With article: a few short lines (a date, a section's name) opening the text above its headline are left out",
    box_labels: "With article: a short label in a site box (related, share) whose other lines were left out is left out too",
    inline_controls: "A button inside a sentence (a name opening a side note) is read as its text; buttons standing alone are dropped",
    whole_paragraphs: "With article: a paragraph, list item or caption taken in part is taken whole, unless it is navigation or a form",
    data_tables: "A table whose rows pair labels with values is a data table without header cells; a cell of a heading alone is a header",
    index_lists: "With article: on a page whose article is mostly a list (a List of page, a chapter's contents), every item is taken",
    teasers: "With article: a run of headline links (other stories') at the article's top or bottom is left out, even if chosen",
    teaser_cards: "With teasers: a run of three or more teaser cards (headline link with excerpt, date or label) at the article's edge is left out",
    comment_chrome: "With article: a comment section's own lines below the article (its heading, reply form, notices) are left out, its comments kept",
    author_bios: "With article: a short box about the author (rel=author, an author's page, schema Person) with a bio below the article is left out",
}

impl Options {
    /// The algorithm exactly as the thesis defines it: every refinement of [`SWITCHES`] off,
    /// everything else default.
    pub fn thesis(algorithm: Algorithm) -> Options {
        let mut options = Options { algorithm, ..Options::default() };
        for switch in SWITCHES {
            switch.set(&mut options, false);
        }
        options
    }

    /// The filter in force: the explicit one, else the algorithm's.
    pub fn effective_filter(&self) -> LinkFilter {
        self.filter.unwrap_or(self.algorithm.default_filter())
    }

    /// The gap in force: the explicit one, else the algorithm's.
    pub fn effective_gap(&self) -> usize {
        self.gap.unwrap_or(self.algorithm.default_gap())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn link_filters_have_one_name_and_accept_the_thesis_numbers() {
        for (f, name, number) in [
            (LinkFilter::None, "none", "0"),
            (LinkFilter::Remove, "remove", "1"),
            (LinkFilter::Strip, "strip", "2"),
            (LinkFilter::Placeholder, "placeholder", "3"),
        ] {
            assert_eq!(f.name(), name);
            assert_eq!(
                serde_json::to_string(&f).unwrap(),
                format!("\"{name}\""),
                "JSON prints the name"
            );
            for input in [name, number, &name.to_ascii_uppercase()] {
                assert_eq!(LinkFilter::parse(input), Some(f), "{input}");
            }
            for input in [name, number] {
                assert_eq!(
                    serde_json::from_str::<LinkFilter>(&format!("\"{input}\"")).unwrap(),
                    f,
                    "{input}"
                );
            }
        }
        assert_eq!(LinkFilter::parse("4"), None);
        assert_eq!(LinkFilter::parse("filter 1"), None);
        assert!(serde_json::from_str::<LinkFilter>("\"4\"").is_err());
    }

    /// Each switch reads and writes its own field and no other, and every `bool` field of
    /// `Options` is a switch but for the three that are not refinements: a field added without
    /// its line in `SWITCHES` fails here.
    #[test]
    fn every_refinement_is_one_switch_of_its_own_field() {
        let fields = |o: &Options| match serde_json::to_value(o).unwrap() {
            serde_json::Value::Object(map) => map,
            _ => panic!("Options is a struct"),
        };
        let default = fields(&Options::default());
        let mut flags: Vec<&str> =
            default.iter().filter(|(_, v)| v.is_boolean()).map(|(k, _)| k.as_str()).collect();
        flags.retain(|k| !["title_bound", "trace", "element_ids", "with_comments"].contains(k));
        let mut names: Vec<&str> = SWITCHES.iter().map(|s| s.name).collect();
        flags.sort();
        names.sort();
        assert_eq!(names, flags);
        for switch in SWITCHES {
            let mut options = Options::default();
            assert_eq!(
                switch.get(&options),
                default[switch.name].as_bool().unwrap(),
                "{}",
                switch.name
            );
            assert_eq!(switch.default_value(), switch.get(&options));
            switch.set(&mut options, !switch.default_value());
            assert!(switch.get(&options) != switch.default_value(), "{}", switch.name);
            let changed = fields(&options);
            let differ: Vec<&String> =
                changed.keys().filter(|k| changed[*k] != default[*k]).collect();
            assert_eq!(differ, [switch.name], "{} sets its field and nothing else", switch.name);
            assert!(
                !switch.summary().is_empty() && !switch.summary().contains('\n'),
                "{}: one line",
                switch.name
            );
        }
    }

    #[test]
    fn the_thesis_is_every_switch_off_and_nothing_else() {
        for algorithm in Algorithm::ALL {
            let thesis = Options::thesis(algorithm);
            assert!(SWITCHES.iter().all(|s| !s.get(&thesis)));
            let mut on = thesis.clone();
            for s in SWITCHES {
                s.set(&mut on, s.default_value());
            }
            assert_eq!(on, Options { algorithm, ..Options::default() });
        }
    }

    #[test]
    fn names_are_derived_from_the_field_name() {
        let names = |name: &str| {
            let s = SWITCHES.iter().find(|s| s.name == name).unwrap();
            (s.cli_name(), s.js_key())
        };
        assert_eq!(names("prune"), ("prune".into(), "prune".into()));
        assert_eq!(names("post_keys"), ("post-keys".into(), "postKeys".into()));
        assert_eq!(names("declared_title"), ("declared-title".into(), "declaredTitle".into()));
        assert_eq!(camel_case("title_candidates"), "titleCandidates");
        assert_eq!(camel_case("a_b_c"), "aBC");
        let mut seen = std::collections::HashSet::new();
        assert!(SWITCHES.iter().all(|s| seen.insert(s.cli_name())), "no two switches share a name");
    }

    #[test]
    fn title_metrics_parse_the_name_they_are_serialised_by() {
        for m in TitleMetric::ALL {
            assert_eq!(
                serde_json::to_string(&m).unwrap(),
                format!("\"{}\"", m.name()),
                "JSON prints the name"
            );
            assert_eq!(TitleMetric::parse(m.name()), Some(m));
            assert_eq!(TitleMetric::parse(&m.name().to_ascii_uppercase()), Some(m));
        }
        assert_eq!(TitleMetric::parse("bm25"), None);
    }
}
