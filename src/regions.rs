//! Phase 3 of thesis chapter 4 (section 4.3.4): Algorithm 1 finds all regions that make up
//! the main content.

use crate::extraction::Region;

/// d(r_i, r_j) = x_j - y_i + 1 for r_i before r_j (eq. 4.4).
fn distance(a: &Region, b: &Region) -> usize {
    b.start - a.end + 1
}

/// Algorithm 1: marks as chosen the region with the most characters, then its neighbours to
/// the left and to the right while the distance to the next one is at most `gap`.
///
/// `title_bound`: with the headline bound of thesis 7.2.1 (`Options::title_bound`), the
/// headline's line; regions that end before it are not candidates (the main content starts at
/// the headline, so the headline bounds it from above).
pub fn choose(regions: &mut [Region], gap: usize, title_bound: Option<usize>, cluster: bool) {
    let first = match title_bound {
        Some(line) => regions.iter().position(|r| r.end >= line).unwrap_or(regions.len()),
        None => 0,
    };
    let candidates = &mut regions[first..];
    // The first of equally large regions wins, so the result does not depend on sort order.
    let Some(m) = candidates
        .iter()
        .enumerate()
        .max_by(|(i, a), (j, b)| a.chars.cmp(&b.chars).then(j.cmp(i)))
        .map(|(i, _)| i)
    else {
        return;
    };
    if candidates[m].chars == 0 {
        return;
    }
    if cluster {
        choose_densest_chain(candidates, gap);
        return;
    }
    candidates[m].chosen = true;
    let mut i = m;
    while i > 0 && distance(&candidates[i - 1], &candidates[i]) <= gap {
        candidates[i - 1].chosen = true;
        i -= 1;
    }
    let mut i = m;
    while i + 1 < candidates.len() && distance(&candidates[i], &candidates[i + 1]) <= gap {
        candidates[i + 1].chosen = true;
        i += 1;
    }
}

/// `Options::cluster`: marks the chain of regions (neighbours within `gap`) with the largest
/// area above the axis; the first of equal chains wins. Algorithm 1's result is the chain that
/// holds r_m; this ranks every chain as a whole, so an article cut into short paragraphs by
/// markup-heavy lines can outweigh one long line of boilerplate. Area, not characters: ranked
/// by characters, long chains of link lists won on the news portals (measured).
fn choose_densest_chain(regions: &mut [Region], gap: usize) {
    let (mut best, mut best_area) = ((0, 0), 0u64);
    let mut start = 0;
    while start < regions.len() {
        let mut end = start;
        let mut area = regions[start].area;
        while end + 1 < regions.len() && distance(&regions[end], &regions[end + 1]) <= gap {
            end += 1;
            area += regions[end].area;
        }
        if area > best_area {
            (best, best_area) = ((start, end), area);
        }
        start = end + 1;
    }
    if best_area > 0 {
        regions[best.0..=best.1].iter_mut().for_each(|r| r.chosen = true);
    }
}

/// The runner-up candidates after the chosen article (`Extraction::candidates`): Algorithm 1
/// (or `cluster`'s densest chain) run again on the regions that are left, up to `n` times,
/// each time without the regions already taken. A region counts for nothing when it was
/// chosen or lies in the lines of the chosen article (`taken`: the article after phase 4 and
/// `Options::article`), so a runner-up is never a part of the article already shown. Each
/// runner-up is the indices of its regions; chains with less than `min_chars` characters are
/// left out.
pub fn runners_up(
    regions: &[Region],
    gap: usize,
    title_bound: Option<usize>,
    cluster: bool,
    taken: &[bool],
    n: usize,
    min_chars: u64,
) -> Vec<Vec<usize>> {
    let mut work: Vec<Region> = regions.to_vec();
    for r in &mut work {
        if r.chosen || taken[r.start..=r.end].contains(&true) {
            (r.chars, r.area) = (0, 0);
        }
    }
    let mut out = Vec::new();
    while out.len() < n {
        work.iter_mut().for_each(|r| r.chosen = false);
        choose(&mut work, gap, title_bound, cluster);
        let chain: Vec<usize> =
            (0..work.len()).filter(|&i| work[i].chosen && work[i].chars > 0).collect();
        if chain.is_empty() {
            break;
        }
        let chars: u64 = chain.iter().map(|&i| work[i].chars).sum();
        for &i in &chain {
            (work[i].chars, work[i].area) = (0, 0);
        }
        if chars >= min_chars {
            out.push(chain);
        }
    }
    out
}

/// A per-line mask of the chosen regions.
///
/// With `edges` (`Options::edges`), a line just outside a chosen region is taken too when its
/// own T1 > T2: eq. 4.2 smooths over a window of three lines, so a content line beside a
/// code-heavy line can fall below the axis while the empty line on its other side rises above.
pub fn chosen_lines(regions: &[Region], t1: &[u32], t2: &[u32], edges: bool) -> Vec<bool> {
    let lines = t1.len();
    let mut mask = vec![false; lines];
    for r in regions.iter().filter(|r| r.chosen) {
        mask[r.start..=r.end].iter_mut().for_each(|m| *m = true);
        if edges {
            if r.start > 0 && t1[r.start - 1] > t2[r.start - 1] {
                mask[r.start - 1] = true;
            }
            if r.end + 1 < lines && t1[r.end + 1] > t2[r.end + 1] {
                mask[r.end + 1] = true;
            }
        }
    }
    mask
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(start: usize, end: usize, chars: u64) -> Region {
        Region { start, end, chars, area: chars, chosen: false }
    }

    fn picked(rs: &[Region]) -> Vec<usize> {
        rs.iter().enumerate().filter(|(_, r)| r.chosen).map(|(i, _)| i).collect()
    }

    /// The naive reading of Algorithm 1: every region reachable from r_m through a chain of
    /// neighbours each within `gap`.
    // `x_j - y_i + 1 <= gap` is eq. 4.4's distance written as the thesis writes it; the
    // reference must read like the thesis, not like clippy's `x_j - y_i < gap`.
    #[allow(clippy::int_plus_one)]
    fn naive(rs: &[Region], gap: usize) -> Vec<usize> {
        let m = (0..rs.len()).rev().max_by_key(|&i| rs[i].chars).unwrap();
        let mut lo = m;
        while lo > 0 && rs[lo].start - rs[lo - 1].end + 1 <= gap {
            lo -= 1;
        }
        let mut hi = m;
        while hi + 1 < rs.len() && rs[hi + 1].start - rs[hi].end + 1 <= gap {
            hi += 1;
        }
        (lo..=hi).collect()
    }

    #[test]
    fn grows_both_ways_within_gap_and_stops_at_the_first_wide_gap() {
        let mut rs = vec![r(0, 1, 5), r(30, 32, 9), r(40, 50, 100), r(55, 56, 3), r(90, 91, 50)];
        choose(&mut rs, 20, None, false);
        assert_eq!(picked(&rs), vec![1, 2, 3]);
    }

    #[test]
    fn matches_the_naive_reading_on_random_layouts() {
        let mut seed = 3u64;
        let mut rnd = |m: u64| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) % m
        };
        for _ in 0..500 {
            let mut rs = Vec::new();
            let mut line = 0;
            for _ in 0..(1 + rnd(12)) {
                line += 2 + rnd(30) as usize;
                let len = rnd(5) as usize;
                rs.push(r(line, line + len, 1 + rnd(1000)));
                line += len;
            }
            let gap = 2 + rnd(25) as usize;
            let expected = naive(&rs, gap);
            choose(&mut rs, gap, None, false);
            assert_eq!(picked(&rs), expected);
        }
    }

    #[test]
    fn cluster_mode_takes_the_chain_with_most_characters() {
        // r_m (area 100) stands alone; the chain 2..=4 has area 150.
        let mut rs = vec![r(0, 1, 100), r(40, 41, 50), r(45, 46, 50), r(50, 51, 50)];
        choose(&mut rs, 20, None, true);
        assert_eq!(picked(&rs), vec![1, 2, 3]);
        let mut rs = vec![r(0, 1, 100), r(40, 41, 50), r(45, 46, 50), r(50, 51, 50)];
        choose(&mut rs, 20, None, false);
        assert_eq!(picked(&rs), vec![0]);
    }

    #[test]
    fn edges_take_a_content_line_just_outside_a_region() {
        let mut rs = vec![r(2, 3, 10)];
        rs[0].chosen = true;
        let t1 = [0, 9, 0, 5, 1, 0];
        let t2 = [5, 3, 9, 1, 4, 5];
        assert_eq!(
            chosen_lines(&rs, &t1, &t2, false),
            vec![false, false, true, true, false, false]
        );
        // Line 1 (9 > 3) joins; line 4 (1 < 4) does not; line 0 is two lines away.
        assert_eq!(chosen_lines(&rs, &t1, &t2, true), vec![false, true, true, true, false, false]);
    }

    #[test]
    fn title_bound_excludes_regions_above_the_headline() {
        let mut rs = vec![r(0, 5, 1000), r(40, 50, 100)];
        choose(&mut rs, 20, Some(30), false);
        assert_eq!(picked(&rs), vec![1]);
    }
}
