//! Direction and language. Placeholder until issue #3.

use crate::extraction::Extraction;
use crate::preprocess::Page;

/// Fills `dir`, `lang` and per-block directions.
pub fn apply(_page: &Page, _out: &mut Extraction) {}
