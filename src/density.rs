//! Phases 1 and 2 of thesis chapter 4: per-line content and code counts, smoothing, and the
//! regions above the axis.

use crate::extraction::Region;
use crate::options::Algorithm;
use crate::preprocess::{Line, Page};

/// Phase 1: the content count T1 and the code count T2 of every normalised line.
///
/// - R2L and DANA (4.3.2): T1 = bytes of the line's UTF-8 with a value above 127 (the
///   right-to-left letters S1), T2 = bytes below 128 (S2: tags and Latin text alike).
/// - DANAg and AdDANAg (4.5.1): T1 = characters of text the tokenizer found on the line,
///   T2 = length of the line - T1 (eq. 4.5).
pub fn counts(page: &Page, algorithm: Algorithm) -> (Vec<u32>, Vec<u32>) {
    page.lines.iter().map(|line| line_counts(page, line, algorithm)).unzip()
}

/// T1 and T2 of one line (see [`counts`]).
pub fn line_counts(page: &Page, line: &Line, algorithm: Algorithm) -> (u32, u32) {
    let (mut a, mut b) = (0u32, 0u32);
    for w in &page.weights[line.start..line.end] {
        match algorithm {
            Algorithm::R2l | Algorithm::Dana => {
                a += w.non_ascii;
                b += w.ascii;
            }
            Algorithm::Danag | Algorithm::Addanag => {
                a += w.text;
                b += w.chars - w.text;
            }
        }
    }
    (a, b)
}

/// Phase 2, eq. 4.2: diff_i = (T1 - T2) summed over lines i-1, i and i+1 (lines outside the
/// page count as zero).
pub fn smooth(t1: &[u32], t2: &[u32]) -> Vec<i64> {
    let d: Vec<i64> = t1.iter().zip(t2).map(|(a, b)| *a as i64 - *b as i64).collect();
    (0..d.len())
        .map(|i| {
            let prev = if i > 0 { d[i - 1] } else { 0 };
            let next = d.get(i + 1).copied().unwrap_or(0);
            prev + d[i] + next
        })
        .collect()
}

/// Phase 2, eq. 4.3: the maximal runs of lines with diff > 0, each with its content
/// characters (sum of T1) and its area above the axis (sum of diff), none chosen yet.
pub fn candidate_regions(diff: &[i64], t1: &[u32]) -> Vec<Region> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < diff.len() {
        if diff[i] > 0 {
            let start = i;
            while i + 1 < diff.len() && diff[i + 1] > 0 {
                i += 1;
            }
            let chars = t1[start..=i].iter().map(|&c| c as u64).sum();
            let area = diff[start..=i].iter().map(|&d| d as u64).sum();
            out.push(Region { start, end: i, chars, area, chosen: false });
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The naive reading of eq. 4.2, term by term.
    fn naive_smooth(t1: &[u32], t2: &[u32]) -> Vec<i64> {
        let v = |j: isize| -> i64 {
            if j < 0 || j as usize >= t1.len() {
                0
            } else {
                t1[j as usize] as i64 - t2[j as usize] as i64
            }
        };
        (0..t1.len() as isize).map(|i| v(i - 1) + v(i) + v(i + 1)).collect()
    }

    #[test]
    fn smoothing_matches_the_naive_formula() {
        let mut seed = 7u64;
        for len in 0..40 {
            let mut rnd = || {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                (seed >> 33) as u32 % 200
            };
            let t1: Vec<u32> = (0..len).map(|_| rnd()).collect();
            let t2: Vec<u32> = (0..len).map(|_| rnd()).collect();
            assert_eq!(smooth(&t1, &t2), naive_smooth(&t1, &t2));
        }
    }

    #[test]
    fn regions_are_maximal_positive_runs() {
        let diff = [-1, 3, 4, 0, 5, -2, 1];
        let t1 = [0, 10, 20, 0, 7, 0, 1];
        let r = candidate_regions(&diff, &t1);
        let spans: Vec<(usize, usize, u64, u64)> =
            r.iter().map(|r| (r.start, r.end, r.chars, r.area)).collect();
        assert_eq!(spans, vec![(1, 2, 30, 7), (4, 4, 7, 5), (6, 6, 1, 1)]);
    }

    #[test]
    fn r2l_counts_bytes_danag_counts_text() {
        let page = Page::parse(
            "<p>سلام</p>",
            crate::preprocess::Preprocessing::thesis(crate::LinkFilter::None),
        );
        // "سلام" is 4 letters, 8 bytes; "<p>" and "</p>" are 7 ASCII bytes.
        assert_eq!(counts(&page, Algorithm::R2l), (vec![8], vec![7]));
        assert_eq!(counts(&page, Algorithm::Danag), (vec![4], vec![7]));
    }
}
