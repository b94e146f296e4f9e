//! Sentences for read-aloud. Placeholder until issue #3.

use crate::extraction::Extraction;

/// Fills `sentences`.
pub fn apply(_out: &mut Extraction) {}
