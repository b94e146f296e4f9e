//! Embedded media and posts (issue 13): a video or audio player, an `iframe` (YouTube, Vimeo,
//! a map, a podcast player) or a social post's embed markup (`blockquote.twitter-tweet`,
//! `instagram-media`, `bluesky-embed`, `mastodon-embed`, `tiktok-embed`) becomes one
//! [`BlockKind::Embed`] block: a titled link card to its source, never a frame, a script or
//! media that plays. Built from what the page says, never copied: an `https:` URL resolved as
//! a browser would ([`safe_url`]) and a title in plain text (the frame's or the player's
//! `title`, the post's text, else the host).
//!
//! Preprocessing drops every `iframe` with its content; with [`crate::preprocess::Preprocessing::embeds`]
//! it leaves the frame's start tag alone, empty and weightless, in its place (so the density phases
//! count nothing more than before), which is what is read here.

use crate::extraction::{Block, BlockKind};
use crate::html::{
    collapse_whitespace, host_and_path, is_block, is_void, is_widget, upgrade, FRAME_SOURCES,
};
use crate::preprocess::{Page, Tok};
use crate::render::{escape, safe_url, UrlUse};

/// An embed of the page: its tokens (`start..=end`), what it is (`video`, `audio`, `post`,
/// `frame`), its source and its title.
#[derive(Clone, Debug, PartialEq)]
pub struct Embed {
    pub start: usize,
    pub end: usize,
    pub what: &'static str,
    pub url: String,
    pub title: String,
}

/// The class of a social post's embed markup (the `blockquote` that the network's script
/// turns into a frame; without the script it is the post's text and a link to it).
fn is_post(tok: &Tok) -> bool {
    let class = tok.attr("class").unwrap_or("");
    class.split_ascii_whitespace().any(|c| {
        matches!(
            &*c.to_ascii_lowercase(),
            "twitter-tweet"
                | "twitter-video"
                | "instagram-media"
                | "bluesky-embed"
                | "mastodon-embed"
                | "tiktok-embed"
                | "reddit-embed-bq"
                | "text-post-media"
        )
    })
}

/// What an element is when it is an embed.
fn what(tok: &Tok) -> Option<&'static str> {
    match tok {
        Tok::Start { name, .. } => match &**name {
            "iframe" => Some("frame"),
            // A player without controls that starts by itself, loops or is muted is a moving
            // background (Webflow's, a hero banner's), not the article's media.
            "video" | "audio"
                if tok.attr("controls").is_none()
                    && ["autoplay", "loop", "muted"].iter().any(|k| tok.attr(k).is_some()) =>
            {
                None
            }
            "video" => Some("video"),
            "audio" => Some("audio"),
            "blockquote" if is_post(tok) => Some("post"),
            _ => None,
        },
        _ => None,
    }
}

/// The embeds of the page, in document order, outermost only (a frame inside a post's markup
/// is the post's).
pub fn find(page: &Page, base: Option<&url::Url>) -> Vec<Embed> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < page.toks.len() {
        let tok = &page.toks[i];
        let Some(kind) = what(tok) else {
            i += 1;
            continue;
        };
        let end = end_of(page, i);
        if let Some(e) = read(page, base, i, end, kind) {
            out.push(e);
        }
        i = end + 1;
    }
    out
}

/// The index of the end tag that closes the element whose start tag is `start` (the last
/// token when it is never closed; `start` itself for an empty one).
fn end_of(page: &Page, start: usize) -> usize {
    let Tok::Start { name, self_closing, .. } = &page.toks[start] else { return start };
    if *self_closing || is_void(name) {
        return start;
    }
    let mut depth = 0usize;
    for (k, t) in page.toks.iter().enumerate().skip(start) {
        match t {
            Tok::Start { name: n, self_closing: false, .. } if n == name => depth += 1,
            Tok::End { name: n } if n == name => {
                depth -= 1;
                if depth == 0 {
                    return k;
                }
            }
            _ => {}
        }
    }
    page.toks.len() - 1
}

/// Reads the embed at `start..=end`; `None` when it has no `https:` source.
fn read(
    page: &Page,
    base: Option<&url::Url>,
    start: usize,
    end: usize,
    kind: &'static str,
) -> Option<Embed> {
    let tok = &page.toks[start];
    // An `http:` source of a provider that serves `https:` is upgraded ([`upgrade`]).
    let https = |raw: &str| {
        safe_url(base, raw, UrlUse::Link).and_then(|u| {
            if u.starts_with("https://") {
                Some(u)
            } else {
                upgrade(&u)
            }
        })
    };
    let inside = &page.toks[start..=end];
    let (url, title) = match kind {
        "post" => {
            // The post's own address: the permalink attribute of Instagram (`data-instgrm-
            // permalink`), Mastodon (`data-embed-url`) and TikTok (`cite`), else the last link
            // of the markup (X's and Bluesky's date link points at the post).
            let url = ["data-instgrm-permalink", "data-embed-url", "cite"]
                .iter()
                .find_map(|k| tok.attr(k).and_then(https))
                .or_else(|| {
                    inside
                        .iter()
                        .rev()
                        .filter(|t| matches!(t, Tok::Start { name, .. } if name == "a"))
                        .find_map(|t| t.attr("href").and_then(https))
                })?;
            // Its text, a space where a block (the post's paragraph) starts or ends.
            let mut text = String::new();
            for t in inside {
                match t {
                    Tok::Text(s) => text.push_str(s),
                    Tok::Start { name, .. } | Tok::End { name } if is_block(name) => text.push(' '),
                    _ => {}
                }
            }
            (url, collapse_whitespace(&text).trim().to_string())
        }
        _ => {
            // A player's source is its `src` or its first `<source>`'s; a frame's may wait in a
            // lazy loader's `data-src` (its `src` is then often `about:blank`).
            let url = FRAME_SOURCES
                .iter()
                .filter(|k| kind == "frame" || **k == "src")
                .find_map(|k| tok.attr(k).filter(|v| !v.trim().is_empty()).and_then(https))
                .or_else(|| {
                    inside
                        .iter()
                        .filter(|t| matches!(t, Tok::Start { name, .. } if name == "source"))
                        .find_map(|t| t.attr("src").and_then(https))
                })?;
            let title = tok.attr("title").or_else(|| tok.attr("aria-label")).unwrap_or("");
            (url, collapse_whitespace(title).trim().to_string())
        }
    };
    // A widget (a like button, a captcha, comments, an ad or a consent frame) is the site's,
    // not the article's media: no card.
    if is_widget(&url) {
        return None;
    }
    let url = if kind == "post" { without_tracking(&url) } else { url };
    let (url, provider) = page_of(&url);
    let what = if kind == "frame" { provider.unwrap_or("frame") } else { kind };
    let title = if title.is_empty() { host(&url).to_string() } else { title };
    Some(Embed { start, end, what, url, title })
}

/// The page a player's frame stands for, where the provider has one (a YouTube or Vimeo
/// player's frame links to the video's own page, which plays where the frame URL alone shows a
/// bare player), and what the provider's frames hold.
fn page_of(url: &str) -> (String, Option<&'static str>) {
    let (host, path) = host_and_path(url.strip_prefix("https://").unwrap_or(url));
    let id_after = |prefix: &str| {
        path.strip_prefix(prefix).map(|r| r.split(['?', '#', '/']).next().unwrap_or("")).filter(
            |id| {
                !id.is_empty()
                    && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
            },
        )
    };
    match host {
        "youtube.com" | "youtube-nocookie.com" | "m.youtube.com" => match id_after("/embed/") {
            Some(id) => (format!("https://www.youtube.com/watch?v={id}"), Some("video")),
            None => (url.to_string(), Some("video")),
        },
        "player.vimeo.com" => match id_after("/video/") {
            Some(id) => (format!("https://vimeo.com/{id}"), Some("video")),
            None => (url.to_string(), Some("video")),
        },
        "dailymotion.com" | "player.twitch.tv" | "youtu.be" => (url.to_string(), Some("video")),
        "open.spotify.com" | "w.soundcloud.com" | "embed.podcasts.apple.com" => {
            (url.to_string(), Some("audio"))
        }
        "platform.twitter.com"
        | "instagram.com"
        | "bsky.app"
        | "embed.bsky.app"
        | "facebook.com" => (url.to_string(), Some("post")),
        _ => (url.to_string(), None),
    }
}

/// A post's link without the tracking parameters its embed code adds (`ref_src`, `ref_url`,
/// `utm_*`): the link is to the post, not to the count of where it was seen.
fn without_tracking(url: &str) -> String {
    // By hand, not with `url`'s query serializer: the same result for these names, and the
    // serializer would cost the wasm about 4 KiB of gzip.
    let (rest, fragment) = url.split_once('#').map_or((url, None), |(r, f)| (r, Some(f)));
    let Some((path, query)) = rest.split_once('?') else { return url.to_string() };
    let tracking = |p: &&str| {
        let name = p.split('=').next().unwrap_or("");
        name == "ref_src" || name == "ref_url" || name.starts_with("utm_")
    };
    let kept: Vec<&str> = query.split('&').filter(|p| !p.is_empty() && !tracking(p)).collect();
    let mut out = path.to_string();
    if !kept.is_empty() {
        out.push('?');
        out.push_str(&kept.join("&"));
    }
    if let Some(f) = fragment {
        out.push('#');
        out.push_str(f);
    }
    out
}

/// The host of an `https:` URL, without `www.`.
fn host(url: &str) -> &str {
    host_and_path(url.strip_prefix("https://").unwrap_or(url)).0
}

/// The block of embed `e`, starting on `line`: its text is the title, its HTML one link to the
/// source.
pub fn block(e: &Embed, line: usize) -> Block {
    let html = format!("<a href=\"{}\">{}</a>", escape(&e.url), escape(&e.title));
    Block::new(BlockKind::Embed { src: e.url.clone(), what: e.what }, e.title.clone(), html, line)
}

#[cfg(test)]
mod leftovers {
    use super::without_tracking;

    #[test]
    fn tracking_parameters_leave_a_posts_link() {
        assert_eq!(
            without_tracking("https://twitter.com/a/status/1?ref_src=twsrc%5Etfw&utm_source=x"),
            "https://twitter.com/a/status/1"
        );
        assert_eq!(
            without_tracking("https://x.com/a/status/1?s=20&ref_url=y"),
            "https://x.com/a/status/1?s=20"
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::extraction::BlockKind;
    use crate::options::{Algorithm, LinkFilter, Options};
    use crate::preprocess::{Page, Preprocessing};

    /// The blocks of `html` with every line chosen, preprocessed as `how` says.
    fn blocks(html: &str, how: Preprocessing) -> Vec<crate::Block> {
        let page = Page::parse(html, how);
        let chosen = vec![true; page.lines.len()];
        crate::blocks::build(
            &page,
            &chosen,
            &Options {
                algorithm: Algorithm::Danag,
                url: Some("https://example.org/news/a.html".into()),
                ..Options::default()
            },
            &crate::blocks::posts::Structure::of(&page),
        )
    }

    fn ours() -> Preprocessing {
        Preprocessing { embeds: true, ..Preprocessing::thesis(LinkFilter::None) }
    }

    fn cards(html: &str) -> Vec<(String, String, String)> {
        blocks(html, ours())
            .into_iter()
            .filter(|b| matches!(b.kind, BlockKind::Embed { .. }))
            .map(|b| {
                (b.alt().unwrap_or_default().into(), b.src().unwrap_or_default().into(), b.text)
            })
            .collect()
    }

    #[test]
    fn frames_and_players_become_cards_to_their_source() {
        let html = r#"<p>Before.</p>
<figure class="wp-block-embed is-type-video is-provider-youtube"><div class="wp-block-embed__wrapper">
<iframe title="A talk about rivers" width="560" height="315" src="https://www.youtube-nocookie.com/embed/AbC_d-1?feature=oembed" frameborder="0" allowfullscreen></iframe>
</div></figure>
<p>Middle.</p>
<iframe src="https://player.vimeo.com/video/12345?h=x" allow="autoplay"></iframe>
<video controls poster="p.jpg"><source src="/media/clip.mp4" type="video/mp4">Your browser does not support video.</video>
<video autoplay loop muted playsinline src="https://cdn.example.net/background.mp4"></video>
<audio controls src="https://cdn.example.net/ep1.mp3" title="Episode 1"></audio>
<iframe data-src="https://maps.example.com/embed?q=1" src="about:blank"></iframe>
<p>After.</p>"#;
        assert_eq!(
            cards(html),
            [
                (
                    "video".into(),
                    "https://www.youtube.com/watch?v=AbC_d-1".into(),
                    "A talk about rivers".into()
                ),
                ("video".into(), "https://vimeo.com/12345".into(), "vimeo.com".into()),
                ("video".into(), "https://example.org/media/clip.mp4".into(), "example.org".into()),
                ("audio".into(), "https://cdn.example.net/ep1.mp3".into(), "Episode 1".into()),
                (
                    "frame".into(),
                    "https://maps.example.com/embed?q=1".into(),
                    "maps.example.com".into()
                ),
            ]
        );
        // The player's fallback text is not the article's.
        assert!(blocks(html, ours()).iter().all(|b| !b.text.contains("does not support")));
    }

    #[test]
    fn social_posts_become_cards_with_their_text() {
        let html = r#"<blockquote class="twitter-tweet"><p lang="en" dir="ltr">Sample post text <a href="https://t.co/abc">pic.twitter.com/abc</a></p>&mdash; Someone (@someone) <a href="https://twitter.com/someone/status/1234567890?ref_src=twsrc%5Etfw">March 1, 2026</a></blockquote> <script async src="https://platform.twitter.com/widgets.js" charset="utf-8"></script>
<blockquote class="instagram-media" data-instgrm-permalink="https://www.instagram.com/p/XyZ/?utm_source=ig_embed" data-instgrm-version="14"><div><a href="https://www.instagram.com/p/XyZ/?utm_source=ig_embed" target="_blank">View this post on Instagram</a></div></blockquote>
<blockquote class="bluesky-embed" data-bluesky-uri="at://did:plc:abc/app.bsky.feed.post/3k" data-bluesky-cid="x"><p lang="en">A short post.</p>&mdash; Name (<a href="https://bsky.app/profile/did:plc:abc?ref_src=embed">@name.bsky.social</a>) <a href="https://bsky.app/profile/did:plc:abc/post/3k?ref_src=embed">1 March 2026</a></blockquote>"#;
        assert_eq!(
            cards(html),
            [
                // The embed code's tracking parameters are dropped from the link.
                (
                    "post".into(),
                    "https://twitter.com/someone/status/1234567890".into(),
                    "Sample post text pic.twitter.com/abc — Someone (@someone) March 1, 2026"
                        .into()
                ),
                (
                    "post".into(),
                    "https://www.instagram.com/p/XyZ/".into(),
                    "View this post on Instagram".into()
                ),
                (
                    "post".into(),
                    "https://bsky.app/profile/did:plc:abc/post/3k".into(),
                    "A short post. — Name (@name.bsky.social) 1 March 2026".into()
                ),
            ]
        );
    }

    #[test]
    fn only_https_sources_and_never_under_the_thesis() {
        for bad in [
            "http://example.com/v",
            "javascript:alert(1)",
            "data:text/html,<script>alert(1)</script>",
            "ftp://example.com/x",
            "",
        ] {
            let html =
                format!("<p>Text.</p><iframe src='{bad}'></iframe><video src='{bad}'></video>");
            assert_eq!(cards(&html), [], "{bad}");
        }
        let html = "<p>Text.</p><iframe title='t' src='https://www.youtube.com/embed/x'></iframe>";
        let b = blocks(html, Preprocessing::thesis(LinkFilter::None));
        assert!(b.iter().all(|b| !matches!(b.kind, BlockKind::Embed { .. })), "{b:?}");
        // Preprocessing leaves no stand-in for a frame that cannot become a card.
        let lines = |html: &str| Page::parse(html, ours()).line_sources();
        for src in [
            "http://x.example/like",
            "about:blank",
            "javascript:alert(1)",
            " jav\tascript:x",
            "DATA:text/html,x",
        ] {
            assert_eq!(
                lines(&format!("<p>a</p><iframe src='{src}'>b</iframe>")),
                ["<p>a</p>"],
                "{src}"
            );
        }
        for src in ["https://x.example/e", "//x.example/e", "/e?u=http://y", "e.html"] {
            assert_eq!(lines(&format!("<p>a</p><iframe src='{src}'>b</iframe>")).len(), 2, "{src}");
        }
    }

    #[test]
    fn the_card_is_one_link_and_its_title_is_escaped() {
        let html = r#"<p>Text.</p><iframe title="&lt;img src=x onerror=alert(1)&gt; &quot;q&quot;" src="https://example.com/e?a=1&amp;b=&quot;2"></iframe>"#;
        let b = blocks(html, ours());
        let card = b.iter().find(|b| matches!(b.kind, BlockKind::Embed { .. })).expect("a card");
        assert_eq!(card.text, "<img src=x onerror=alert(1)> \"q\"");
        assert_eq!(card.html, "<a href=\"https://example.com/e?a=1&amp;b=%222\">&lt;img src=x onerror=alert(1)&gt; &quot;q&quot;</a>");
        let html = crate::render::html(&b);
        assert!(html.contains("<p data-block=\"1\" data-embed=\"frame\"><a href="), "{html}");
        assert!(!html.contains("<iframe") && !html.contains("<img"), "{html}");
    }

    #[test]
    fn the_plain_text_keeps_a_posts_words_not_a_players_label() {
        let html = r#"<p>Text.</p><iframe title="Player label" src="https://www.youtube.com/embed/x1"></iframe>
<blockquote class="twitter-tweet"><p>Words of the post.</p><a href="https://twitter.com/a/status/1">1 March</a></blockquote>"#;
        assert_eq!(
            crate::render::text(&blocks(html, ours())),
            "Text.\nWords of the post. 1 March\n"
        );
    }
}
