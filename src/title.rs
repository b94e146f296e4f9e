//! TitleFinder (thesis chapter 5). Placeholder until issue #3: the `<title>` text as is.

use crate::extraction::Extraction;
use crate::options::TitleMetric;
use crate::preprocess::Page;

/// The chosen headline.
#[derive(Clone, Debug, Default)]
pub struct Headline {
    /// Its text.
    pub text: String,
    /// Which rule chose it.
    pub rule: &'static str,
    /// The normalised line it stands on, when it stands in the body.
    pub line: Option<usize>,
}

/// Finds the headline of a page.
pub fn find(page: &Page, _metric: TitleMetric) -> Headline {
    if page.head.title.is_empty() {
        Headline { text: String::new(), rule: "none", line: None }
    } else {
        Headline { text: page.head.title.clone(), rule: "title", line: None }
    }
}

impl Headline {
    /// Writes the headline into the result.
    pub fn apply(&self, out: &mut Extraction) {
        out.title = self.text.clone();
        out.title_rule = self.rule.to_string();
    }
}
