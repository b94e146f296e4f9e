//! `Preprocessing::controls` (`Options::inline_controls`): which of the page's buttons stand in
//! a sentence and are read as the text they show, and which stand alone and are dropped.

use std::ops::Range;

use crate::html::{is_block, is_space, is_void};
use crate::settings::preprocess::SENTENCE_TEXT;
use crate::tokenize::Tag;

use crate::tokenize::Token as Tok;

/// Of the buttons read (`controls`, each the range of its tokens in `out`), those that stand in
/// a sentence stay as the text they show (a name that opens a side note, a term that opens a
/// tooltip: the sentence needs its words); the others, controls that stand alone (a share row,
/// "Load more", an icon, a card made clickable), are dropped with what they hold, as
/// preprocessing drops every button without this refinement. A button stands in a sentence
/// when it holds text and no block, and the text of its line (up to the nearest block boundary
/// each side, through the elements that wrap the button alone, a tooltip's `div`) holds
/// [`SENTENCE_TEXT`] characters outside links and other buttons: a menu's toggle beside its
/// link, or a button between paragraphs, has none. `ids` (index into `out`, element id) follow
/// the tokens kept.
pub fn resolve(out: &mut Vec<Tok<'_>>, ids: &mut Vec<(usize, u32)>, controls: &[Range<usize>]) {
    let space_only = |t: &Tok| matches!(t, Tok::Text(s) if s.chars().all(is_space));
    let boundary = |t: &Tok| match t {
        Tok::Start { name, .. } | Tok::End { name } => is_block(name) || name.is(Tag::Br),
        Tok::Text(_) => false,
    };
    let mut drop: Vec<Range<usize>> = Vec::new();
    // The `div`s that wrap a button of a sentence alone (a tooltip's), by the indices of their
    // start and end tags: shown inline, as the sentence around them says.
    let mut inline_wrappers: Vec<usize> = Vec::new();
    for c in controls {
        let inner = &out[c.clone()];
        let mut wrappers = Vec::new();
        let sentence = inner.iter().skip(1).all(|t| !boundary(t))
            && inner.iter().any(|t| matches!(t, Tok::Text(s) if !s.chars().all(is_space)))
            && {
                // Out through the elements that wrap the button alone.
                let (mut a, mut b) = (c.start, c.end);
                while let (Some(before), Some(after)) = (
                    (0..a).rev().find(|&i| !space_only(&out[i])),
                    (b..out.len()).find(|&i| !space_only(&out[i])),
                ) {
                    match (&out[before], &out[after]) {
                        // (A list, a paragraph or a table cell is a block whatever it holds.)
                        (
                            Tok::Start { name: open, self_closing: false, .. },
                            Tok::End { name: close },
                        ) if open == close
                            && !is_void(open)
                            && (!is_block(open) || open.is(Tag::Div)) =>
                        {
                            if open.is(Tag::Div) {
                                wrappers.extend([before, after]);
                            }
                            (a, b) = (before, after + 1);
                        }
                        _ => break,
                    }
                }
                plain_text(out, a.checked_sub(1), false, &boundary)
                    + plain_text(out, Some(b), true, &boundary)
                    >= SENTENCE_TEXT
            };
        if sentence {
            inline_wrappers.append(&mut wrappers);
        } else {
            drop.push(c.clone());
        }
    }
    for i in inline_wrappers {
        match &mut out[i] {
            Tok::Start { name, .. } | Tok::End { name } => *name = Tag::Span.into(),
            Tok::Text(_) => {}
        }
    }
    if drop.is_empty() {
        return;
    }
    // Each token's index once the dropped ones are gone (`usize::MAX` for those); the ranges
    // are in order and apart.
    let mut new_index = Vec::with_capacity(out.len());
    let mut ranges = drop.iter().peekable();
    let mut kept = 0usize;
    for i in 0..out.len() {
        while ranges.next_if(|r| r.end <= i).is_some() {}
        if ranges.peek().is_some_and(|r| r.contains(&i)) {
            new_index.push(usize::MAX);
        } else {
            new_index.push(kept);
            kept += 1;
        }
    }
    ids.retain_mut(|(at, _)| {
        *at = new_index[*at];
        *at != usize::MAX
    });
    let mut i = 0;
    out.retain(|_| {
        i += 1;
        new_index[i - 1] != usize::MAX
    });
}

/// Non-space characters of plain text (outside links and buttons) met walking from `from`
/// forward or back up to a block boundary.
fn plain_text(
    out: &[Tok<'_>],
    from: Option<usize>,
    forward: bool,
    boundary: &dyn Fn(&Tok) -> bool,
) -> usize {
    let (mut n, mut link, mut button) = (0usize, 0usize, 0usize);
    let mut i = from;
    while let Some(at) = i.filter(|&at| at < out.len()) {
        let t = &out[at];
        if boundary(t) {
            break;
        }
        // Walking back, an end tag opens what a start tag does walking forward.
        let depth = |d: usize, tag: Tag| {
            let (opens, closes) = if forward {
                (t.is_start(tag), t.is_end(tag))
            } else {
                (t.is_end(tag), t.is_start(tag))
            };
            if opens {
                d + 1
            } else if closes {
                d.saturating_sub(1)
            } else {
                d
            }
        };
        (link, button) = (depth(link, Tag::A), depth(button, Tag::Button));
        if let Tok::Text(s) = t {
            if link == 0 && button == 0 {
                n += s.chars().filter(|c| !is_space(*c)).count();
            }
        }
        i = if forward { at.checked_add(1) } else { at.checked_sub(1) };
    }
    n
}
