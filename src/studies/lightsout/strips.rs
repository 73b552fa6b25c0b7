//! A proven lower bound on the fewest presses that turn off the all-ones n x n board (plus rule,
//! open) at any nullity: the strip relaxation.
//!
//! Cut the columns into strips. A solution presses some set s; within one strip, every light whose
//! two horizontal neighbours lie in the strip or off the board sees only the strip's presses, so
//! s restricted to the strip satisfies those lights' parity (each toggled an odd number of times).
//! The fewest presses of any pattern on the strip satisfying them is therefore at most s's count
//! there, and the strips' minima add up to a lower bound on |s|. Each strip's minimum is exact by
//! dynamic programming down its rows: the state is the last two rows of presses (2^(2 w) states
//! for width w); a constrained light forces the press below it, the strip's inner edge columns
//! are free. A single strip spanning the board is the whole problem, so the bound is then the
//! exact minimum (checked against the enumeration in the tests).

use anyhow::{ensure, Result};

/// Widest strip: 2^20 states of 2 bytes, about a second per strip of 128 rows.
pub const MAX_WIDTH: usize = 10;
/// The width the all-ones table uses: 2^16 states, the 79 x 79 board in about a second (width 10
/// adds about 2% to the bound for 15 times the time).
pub const WIDTH: usize = 8;

/// The fewest presses on columns c0..c1 of the all-ones m x n board such that every light of
/// those columns whose horizontal neighbours are inside them or off the board is toggled an odd
/// number of times.
pub fn strip_minimum(m: usize, n: usize, c0: usize, c1: usize) -> Result<u64> {
    let w = c1 - c0;
    ensure!(
        c0 < c1 && c1 <= n && w <= MAX_WIDTH && m >= 1,
        "strip {c0}..{c1} of an {m} x {n} board (width at most {MAX_WIDTH})"
    );
    let mask = (1usize << w) - 1;
    // Constrained columns (bit j - c0); the others get free presses below them.
    let mut constrained = 0usize;
    let mut free = Vec::new();
    for j in c0..c1 {
        let left = j == 0 || j > c0;
        let right = j + 1 == n || j + 1 < c1;
        if left && right {
            constrained |= 1 << (j - c0);
        } else {
            free.push(j - c0);
        }
    }
    let mut frees = vec![0usize];
    for &b in &free {
        frees.extend(frees.clone().into_iter().map(|f| f | 1 << b));
    }
    const INF: u16 = u16::MAX;
    let states = 1usize << (2 * w);
    let spread = |cur: usize| (cur ^ cur << 1 ^ cur >> 1) & mask;
    // What the next row must press under each constrained light of `cur` (the light needs an odd
    // count: prev + left + self + right + below = 1).
    let forced = |prev: usize, cur: usize| (mask ^ prev ^ spread(cur)) & constrained;
    let mut d = vec![INF; states];
    for (cur, dc) in d.iter_mut().enumerate().take(mask + 1) {
        *dc = cur.count_ones() as u16; // prev = 0 above the top row
    }
    for _ in 1..m {
        let mut next = vec![INF; states];
        for (state, &cost) in d.iter().enumerate() {
            if cost == INF {
                continue;
            }
            let (prev, cur) = (state >> w, state & mask);
            let base = forced(prev, cur);
            for &f in &frees {
                let below = base | f;
                let slot = &mut next[cur << w | below];
                *slot = (*slot).min(cost + below.count_ones() as u16);
            }
        }
        d = next;
    }
    // Below the last row nothing is pressed: its constrained lights must already be odd.
    let best = d
        .iter()
        .enumerate()
        .filter(|&(s, &c)| c != INF && forced(s >> w, s & mask) == 0)
        .map(|(_, &c)| c)
        .min();
    Ok(best.map_or(0, |c| c as u64))
}

/// The strip relaxation's lower bound for the all-ones n x n board: n cut into strips of nearly
/// equal width at most `width`, their minima summed.
pub fn lower_bound(n: usize, width: usize) -> Result<u64> {
    ensure!(
        (1..=MAX_WIDTH).contains(&width),
        "strip width {width} outside 1..={MAX_WIDTH}"
    );
    let strips = n.div_ceil(width);
    let mut total = 0;
    let mut c0 = 0;
    for i in 0..strips {
        let c1 = c0 + n / strips + usize::from(i < n % strips);
        total += strip_minimum(n, n, c0, c1)?;
        c0 = c1;
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::lightsout::{Game, Grid, Rule, Topology};
    use crate::studies::lightsout::solve::{solve, Outcome};

    fn minimum(n: usize) -> u64 {
        let game = Game::new(Rule::Plus, Topology::Open, n, n).unwrap();
        let Outcome::Solved(s) = solve(&game, &Grid::ones(n, n).unwrap()).unwrap() else {
            panic!("solvable")
        };
        assert!(s.exact_minimum);
        s.presses.count()
    }

    #[test]
    fn one_strip_is_the_whole_problem() {
        // The DP over the whole board against the coset enumeration (n = 4, 5, 9 are singular).
        for n in 1..=MAX_WIDTH {
            assert_eq!(lower_bound(n, n).unwrap(), minimum(n), "n {n}");
        }
    }

    #[test]
    fn the_strips_never_exceed_the_minimum() {
        for n in [11, 14, 17, 19, 23, 24, 29, 30] {
            let min = minimum(n);
            for width in [3, 5, 8] {
                let b = lower_bound(n, width).unwrap();
                assert!(b <= min && b > 0, "n {n} width {width}: {b} vs {min}");
            }
        }
    }
}
