//! Page metadata for the reader view. Placeholder until issue #3.

use crate::extraction::Extraction;
use crate::preprocess::Page;

/// Fills byline, site name, published time, lead image, excerpt and reading time.
pub fn apply(_page: &Page, _url: Option<&str>, _out: &mut Extraction) {}
