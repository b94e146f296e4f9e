//! What the page says about where it stands, read once for the headline's choice
//! ([`super::choice::choose`], [`super::shown::confirm`]) and the byline ([`crate::meta`]): its
//! address ([`crate::Options::url`]), what it calls its site and sections ([`Site`]), and the
//! headlines it declares.

use std::borrow::Cow;

use crate::declared::{headlines, last_separator, Declared};
use crate::preprocess::Page;
use crate::settings::title::MAX_SUFFIX_WORDS;
use crate::words::headline_words;

use super::address::Address;
use super::site::Site;

/// What the page says about where it stands.
#[derive(Debug)]
pub struct Witnesses {
    pub(super) address: Option<Address>,
    pub(super) site: Site,
    /// The headlines the page declares ([`headlines`]), read once.
    pub(super) declared: Vec<Declared>,
}

impl Witnesses {
    /// Reads them from `page`, whose address is `url` when known.
    pub fn of(page: &Page, url: Option<&str>) -> Witnesses {
        let address = url.and_then(Address::of);
        let site = Site::of(page, address.as_ref());
        Witnesses { address, site, declared: headlines(page) }
    }

    /// Whether `words` are what follows the last separator of a declared title, when short:
    /// the site's name as its titles end ("… - المدينة نيوز").
    fn is_suffix(&self, words: &[Cow<'_, str>]) -> bool {
        (1..=MAX_SUFFIX_WORDS).contains(&words.len())
            && self.declared.iter().any(|d| {
                last_separator(&d.text)
                    .is_some_and(|(i, sep)| headline_words(&d.text[i + sep.len()..]) == words)
            })
    }

    /// Whether `name` (a byline) is the site's: one of its names, a declared title's suffix,
    /// the host's name, or an acronym that the host or the declared `site_name` opens with
    /// ("LBCI" of "LBCIV7").
    pub fn names_site(&self, name: &str, site_name: Option<&str>) -> bool {
        let words = headline_words(name);
        let squashed = words.concat();
        let acronym = name.chars().count() >= 3 && name.chars().all(|c| c.is_ascii_uppercase());
        let opens = |of: &str| acronym && of.starts_with(&squashed);
        !words.is_empty()
            && (self.site.is_name(&words)
                || self.is_suffix(&words)
                || self.address.as_ref().is_some_and(|a| a.name == squashed || opens(&a.name))
                || site_name.is_some_and(|s| opens(&headline_words(s).concat())))
    }
}
