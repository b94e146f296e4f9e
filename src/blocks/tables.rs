//! Data tables: which tables of the page hold data (read as one table block) and which lay
//! the page out (read through).

use crate::preprocess::{Page, Tok};
use crate::settings::blocks::{GRID_CELL, GRID_MEAN};
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
    /// With `grid` ([`TableStats::is_grid`]): the fewest columns of a row with cells (colspans
    /// summed), and whether a cell spans rows (the rows after it then hold fewer cells).
    min_cols: u32,
    rowspan: bool,
    /// Characters of text in the cell being read and in the longest cell, and inside links;
    /// the cells holding text in the row being read, and the rows with two or more of them.
    cell_chars: usize,
    max_cell: usize,
    link_chars: usize,
    row_text_cells: u32,
    pairs: u32,
    /// How many links were open where the table starts (a link around the whole table does
    /// not make its cells links).
    links: u32,
    /// A cell holds a block other than a paragraph or a line break (a `div`, a list, a quote,
    /// a figure, a listing, a rule): a page's layout, not a value.
    cell_blocks: bool,
    /// The first row's cells that hold a heading (the row is a header row when every cell
    /// does), and whether the cell being read holds one.
    heading_cells: u32,
    cell_heading: bool,
}

impl TableStats {
    /// Data or layout, after Readability.js's `_isDataTable` (Mozilla): fewer than two rows or
    /// two columns is layout; a caption, a header section or header cells make a data table,
    /// and so does size alone (10 rows, more than 4 columns, more than 10 cells). Ours adds
    /// prose: cells holding over 160 characters on average are a page laid out in a table.
    /// With `grid` (`Options::data_tables`), a small table without header cells is data too
    /// when its rows pair labels with values ([`TableStats::is_grid`]).
    fn is_data(&self, grid: bool) -> bool {
        if self.layout || self.rows < 2 || self.cols < 2 || self.chars > 160 * self.cells as usize {
            return false;
        }
        self.header
            || self.rows >= 10
            || self.cols > 4
            || self.rows * self.cols > 10
            || (grid && self.is_grid())
    }

    /// Rows that pair labels with values (a price list's "Apprentice | $45–$70", a fact box's
    /// "Distance | 183 mi"): every row as wide as the widest (unless a cell spans rows), half
    /// of them or more with text in two cells or more, short cells holding no block but a
    /// paragraph or a line break, and at most half of the text links (a table of links is a
    /// menu). A page laid out in a table has wide cells of prose and boxes, a gutter of icons
    /// beside one column of text, or columns of links.
    fn is_grid(&self) -> bool {
        (self.rowspan || self.min_cols == self.cols)
            && 2 * self.pairs >= self.rows
            && !self.cell_blocks
            && self.max_cell <= GRID_CELL
            && self.chars <= GRID_MEAN * self.cells as usize
            && 2 * self.link_chars <= self.chars
    }

    /// The cell being read has ended (at the next cell, row or the table's end).
    fn end_cell(&mut self) {
        self.max_cell = self.max_cell.max(self.cell_chars);
        self.row_text_cells += u32::from(self.cell_chars > 0);
        self.heading_cells += u32::from(self.cell_heading);
        (self.cell_chars, self.cell_heading) = (0, false);
    }

    /// The row being read has ended (at the next row or the table's end).
    fn end_row(&mut self) {
        self.end_cell();
        if self.row_cols > 0 {
            self.min_cols =
                if self.min_cols == 0 { self.row_cols } else { self.min_cols.min(self.row_cols) };
        }
        self.pairs += u32::from(self.row_text_cells >= 2);
        self.row_text_cells = 0;
    }
}

/// The page's data tables in document order. A table holding another table is layout, so data
/// tables never nest. With `labels` (`Options::article`), headings labelling groups of rows do
/// not make a table layout (`TableStats::head_cells`). With `grid` (`Options::data_tables`),
/// a table whose rows pair labels with values is data without header cells
/// ([`TableStats::is_grid`]), and a first row whose every cell holds a heading is its header
/// row (a recipe's `<td><h4>Amounts per person</h4></td>`), not a sign of layout.
pub fn data_tables(page: &Page, labels: bool, grid: bool) -> Vec<DataTable> {
    let mut open: Vec<TableStats> = Vec::new();
    let mut out = Vec::new();
    // How many links are open.
    let mut links = 0u32;
    for (i, tok) in page.toks.iter().enumerate() {
        match tok {
            Tok::Start { name, .. } if name.is(Tag::Table) => {
                if let Some(outer) = open.last_mut() {
                    outer.layout = true;
                }
                let presentation =
                    tok.attr("role").is_some_and(|r| matches!(r.trim(), "presentation" | "none"));
                open.push(TableStats {
                    start: i,
                    layout: presentation,
                    links,
                    ..TableStats::default()
                });
            }
            Tok::Start { name, self_closing, .. } => {
                links += u32::from(name.is(Tag::A) && !self_closing);
                let Some(t) = open.last_mut() else { continue };
                match &**name {
                    "tr" => {
                        if grid {
                            t.end_row();
                            // The first row's cells all held a heading: a header row; some of
                            // them: a page laid out in a table, as without `grid`.
                            if t.rows == 1 && t.heading_cells > 0 {
                                if t.heading_cells == t.cells {
                                    (t.header, t.head_cells) = (true, t.cells);
                                } else {
                                    t.layout = true;
                                }
                            }
                        }
                        t.rows += 1;
                        t.row_cols = 0;
                    }
                    "td" | "th" => {
                        if grid {
                            t.end_cell();
                            t.rowspan |= tok
                                .attr("rowspan")
                                .and_then(|v| v.trim().parse::<u32>().ok())
                                .is_some_and(|n| n > 1);
                        }
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
                    "h1" | "h2" | "h3" | "h4" | "h5" | "h6"
                        if grid && t.rows <= 1 && t.cells > 0 =>
                    {
                        t.cell_heading = true
                    }
                    "h1" | "h2" | "h3" | "h4" | "h5" | "h6" | "form" | "input" | "article"
                    | "section" | "nav" | "main" | "header" | "footer" | "aside" => t.layout = true,
                    "div" | "ul" | "ol" | "dl" | "blockquote" | "figure" | "pre" | "hr"
                    | "iframe" | "video" => t.cell_blocks = true,
                    _ => {}
                }
            }
            Tok::End { name } if name.is(Tag::Table) => {
                if let Some(mut t) = open.pop() {
                    t.end_row();
                    if t.is_data(grid) {
                        out.push(DataTable { start: t.start, end: i });
                    }
                }
            }
            Tok::Text(text) => {
                if let Some(t) = open.last_mut() {
                    let n = text.chars().count();
                    t.chars += n;
                    t.cell_chars += n;
                    if links > t.links {
                        t.link_chars += n;
                    }
                }
            }
            Tok::End { name } => links = links.saturating_sub(u32::from(name.is(Tag::A))),
        }
    }
    // Tables never closed end with the page.
    let end = page.toks.len().saturating_sub(1);
    out.extend(open.iter_mut().filter_map(|t| {
        t.end_row();
        t.is_data(grid).then_some(DataTable { start: t.start, end })
    }));
    out.sort_by_key(|t| t.start);
    out
}
