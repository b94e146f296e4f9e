//! Data tables: which tables of the page hold data (read as one table block) and which lay
//! the page out (read through).

use crate::preprocess::{Page, Tok};
use crate::tokenize::Tag;

/// A data table of the page: the token indices of its `<table>` start tag and of its end tag
/// (the last token when it is never closed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DataTable {
    pub start: usize,
    pub end: usize,
}

/// What is counted of an open table to tell a data table from a layout table.
#[derive(Default)]
struct TableStats {
    start: usize,
    rows: u32,
    /// The most columns of a row (colspans summed), and those of the row being read.
    cols: u32,
    row_cols: u32,
    cells: u32,
    /// Characters of text inside.
    chars: usize,
    /// A caption, a `thead` or a `th`.
    header: bool,
    /// Says it is layout (`role=presentation`/`none`), or holds what a data table does not:
    /// another table, a heading (but a row-group label, see `head_cells`), a form or
    /// sectioning elements.
    layout: bool,
    /// The first row's cells while all of them are header cells (0 once one is not), and the
    /// colspan of the cell being read. A heading in a row's one cell, as wide as the table,
    /// under a first row of two or more header cells labels the rows after it (an events
    /// table's "Film club" between its groups of rows): a page laid out in a table does not
    /// name its columns, so only there is a heading not a sign of layout. (Our refinement,
    /// with `labels`: under the thesis such a table stays layout, as it was read.)
    head_cells: u32,
    span: u32,
}

impl TableStats {
    /// Data or layout, after Readability.js's `_isDataTable` (Mozilla): fewer than two rows or
    /// two columns is layout; a caption, a header section or header cells make a data table,
    /// and so does size alone (10 rows, more than 4 columns, more than 10 cells). Ours adds
    /// prose: cells holding over 160 characters on average are a page laid out in a table.
    fn is_data(&self) -> bool {
        if self.layout || self.rows < 2 || self.cols < 2 || self.chars > 160 * self.cells as usize {
            return false;
        }
        self.header || self.rows >= 10 || self.cols > 4 || self.rows * self.cols > 10
    }
}

/// The page's data tables in document order. A table holding another table is layout, so data
/// tables never nest. With `labels` (`Options::article`), headings labelling groups of rows do
/// not make a table layout (`TableStats::head_cells`).
pub fn data_tables(page: &Page, labels: bool) -> Vec<DataTable> {
    let mut open: Vec<TableStats> = Vec::new();
    let mut out = Vec::new();
    for (i, tok) in page.toks.iter().enumerate() {
        match tok {
            Tok::Start { name, .. } if name.is(Tag::Table) => {
                if let Some(outer) = open.last_mut() {
                    outer.layout = true;
                }
                let presentation =
                    tok.attr("role").is_some_and(|r| matches!(r.trim(), "presentation" | "none"));
                open.push(TableStats { start: i, layout: presentation, ..TableStats::default() });
            }
            Tok::Start { name, .. } => {
                let Some(t) = open.last_mut() else { continue };
                match &**name {
                    "tr" => {
                        t.rows += 1;
                        t.row_cols = 0;
                    }
                    "td" | "th" => {
                        t.span = tok
                            .attr("colspan")
                            .and_then(|v| v.trim().parse::<u32>().ok())
                            .unwrap_or(1)
                            .clamp(1, 1000);
                        t.row_cols += t.span;
                        t.cols = t.cols.max(t.row_cols);
                        t.cells += 1;
                        t.header |= name == "th";
                        if t.rows <= 1 {
                            t.head_cells = if name == "th" && t.cells == t.head_cells + 1 {
                                t.cells
                            } else {
                                0
                            };
                        }
                    }
                    "caption" | "thead" => t.header = true,
                    "h1" | "h2" | "h3" | "h4" | "h5" | "h6"
                        if labels
                            && t.rows > 1
                            && t.head_cells >= 2
                            && t.row_cols == t.span
                            && t.span >= t.cols => {}
                    "h1" | "h2" | "h3" | "h4" | "h5" | "h6" | "form" | "input" | "article"
                    | "section" | "nav" | "main" | "header" | "footer" | "aside" => t.layout = true,
                    _ => {}
                }
            }
            Tok::End { name } if name.is(Tag::Table) => {
                if let Some(t) = open.pop().filter(TableStats::is_data) {
                    out.push(DataTable { start: t.start, end: i });
                }
            }
            Tok::Text(text) => {
                if let Some(t) = open.last_mut() {
                    t.chars += text.chars().count();
                }
            }
            Tok::End { .. } => {}
        }
    }
    // Tables never closed end with the page.
    let end = page.toks.len().saturating_sub(1);
    out.extend(open.iter().filter(|t| t.is_data()).map(|t| DataTable { start: t.start, end }));
    out.sort_by_key(|t| t.start);
    out
}
