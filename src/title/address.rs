//! What the page's address says about its headline and its site: the host's name, the
//! path's slug, and which links go to this page or to a section above it.

use std::borrow::Cow;

use crate::declared::SITE_SEPARATORS;
use crate::words::{has_words, tokens};

/// What the page's address says about its headline: the host's name and the path's slug.
#[derive(Debug)]
pub(super) struct Address {
    /// The registrable label of the host, lowercase, without hyphens (`discord` for
    /// `www.discord.com`, `example` for `news.example.co.uk`).
    pub(super) name: String,
    /// The path is `/`: the site's home page.
    pub(super) home: bool,
    /// The words of the path's last segment, without a file extension and numbers
    /// (`/2025/01/how-to-book-a-flight.html` → how, to, book, a, flight).
    pub(super) slug: Vec<String>,
    /// The page's address, to resolve links against ([`Address::is_above`]).
    pub(super) url: url::Url,
}

impl Address {
    pub(super) fn of(url: &str) -> Option<Address> {
        let url = crate::declared::page_url(url)?;
        let host = url.host_str()?;
        let labels: Vec<&str> = host.split('.').collect();
        // A country's second level (`co.uk`, `com.au`) is not the site's name.
        let n = labels.len();
        let k = if n >= 3 && labels[n - 1].len() == 2 && labels[n - 2].len() <= 3 {
            n - 3
        } else {
            n.checked_sub(2)?
        };
        // A blog or page host's sites are its subdomains (`harborwalks.blogspot.com`).
        const PLATFORMS: [&str; 10] = [
            "blogspot",
            "wordpress",
            "typepad",
            "livejournal",
            "tumblr",
            "github",
            "gitlab",
            "substack",
            "wixsite",
            "weebly",
        ];
        let k = if k > 0 && PLATFORMS.contains(&labels[k]) { k - 1 } else { k };
        let name: String = labels[k].chars().filter(|c| *c != '-').collect();
        let path = url.path();
        let last = path.split('/').rfind(|p| !p.is_empty()).unwrap_or("");
        let last = last
            .rsplit_once('.')
            .filter(|(_, ext)| ext.len() <= 5 && ext.bytes().all(|b| b.is_ascii_alphabetic()))
            .map_or(last, |(stem, _)| stem);
        let slug = tokens(&last.replace(['-', '_', '+', '.'], " "))
            .into_iter()
            .filter(|w| !w.bytes().all(|b| b.is_ascii_digit()))
            .map(Cow::into_owned)
            .collect();
        Some(Address { name, home: path == "/", slug, url })
    }

    /// Whether a link goes to this page (a menu's item for the page being read).
    pub(super) fn is_here(&self, href: &str) -> bool {
        self.url.join(href.trim()).is_ok_and(|t| {
            t.host_str() == self.url.host_str()
                && t.path() == self.url.path()
                && t.query() == self.url.query()
        })
    }

    /// Whether a link goes to the site's home page or to the index of a directory this page is
    /// in (`/sport/`, `/sport/football/default.stm` above `/sport/football/12.stm`), on the same
    /// host and without a query: as menus and breadcrumbs link the sections a page is in.
    pub(super) fn is_above(&self, href: &str) -> bool {
        let Ok(target) = self.url.join(href.trim()) else { return false };
        let (here, there) = (self.url.path(), target.path());
        if target.host_str() != self.url.host_str() || target.query().is_some() || there == here {
            return false;
        }
        // A directory and its index page: `/a/b/`, `/a/b/index.html`.
        let index_of = |path: &str| {
            let (dir, file) = path.rsplit_once('/').unwrap_or(("", path));
            let stem = file.split('.').next().unwrap_or_default().to_ascii_lowercase();
            (file.is_empty() || ["index", "default", "home", "main"].contains(&stem.as_str()))
                .then(|| format!("{dir}/"))
        };
        let Some(dir) = index_of(there) else { return false };
        here.starts_with(&dir) && index_of(here).is_none_or(|own| own != dir)
    }

    /// Whether `s` is the host's name in words ("Left Brain Buddha" for leftbrainbuddha.com,
    /// "ClickUp™" for clickup.com).
    pub(super) fn is_name(&self, s: &str) -> bool {
        let squashed: String = tokens(s).concat();
        !squashed.is_empty() && squashed == self.name
    }

    /// "Site - Rest" → "Rest", when "Site" is the host's name.
    pub(super) fn without_name<'s>(&self, title: &'s str) -> Option<&'s str> {
        SITE_SEPARATORS.iter().find_map(|sep| {
            let (head, rest) = title.split_once(sep)?;
            (self.is_name(head) && has_words(rest)).then(|| rest.trim())
        })
    }

    /// Whether every word of the slug is one of `words`.
    pub(super) fn spelled_by(&self, words: &[Cow<'_, str>]) -> bool {
        self.slug.iter().all(|w| words.iter().any(|x| x == w))
    }
}
