//! The n x n rhombus of hexagonal cells by light chasing: n^3/64 word operations where dense
//! elimination of the n^2 x n^2 press matrix takes n^6/64, so the hexagonal sweep reaches sides in
//! the thousands. Checked against dense elimination in the tests.
//!
//! Cell (r, c) touches (r, c +- 1), (r +- 1, c), (r + 1, c + 1) and (r - 1, c - 1). Once rows
//! 0..=r are pressed, the lights of row r change only by presses at (r + 1, c) and
//! (r + 1, c + 1), so clearing row r fixes row r + 1 from the right: x(r+1, n-1) = y(r, n-1),
//! x(r+1, c) = y(r, c) + x(r+1, c+1), with y(r, c) what row r still shows. Every press pattern
//! that clears the board is therefore fixed by its first row, and the first rows that work are
//! those whose chase leaves the last row dark: an n x n system over GF(2). Each cell's press is
//! carried as an affine function of the first row (n bits and a constant), so one chase gives
//! both the nullity (n minus the system's rank) and whether the all-on board is solvable.

use crate::engine::gf2::{self, BitMatrix};
use crate::puzzles::press_graph::GraphRule;
use anyhow::Result;

/// (nullity, all-on solvable) of the n x n hexagonal rhombus under `rule`.
pub fn rhombus(n: usize, rule: GraphRule) -> Result<(usize, bool)> {
    let words = (n + 1).div_ceil(64);
    // Bit j < n: the press depends on first-row press j; bit n: the constant.
    let constant = n;
    let zero = vec![0u64; words];
    let mut prev: Vec<Vec<u64>> = vec![zero.clone(); n];
    let mut row: Vec<Vec<u64>> = (0..n)
        .map(|j| {
            let mut v = zero.clone();
            gf2::flip_bit(&mut v, j);
            v
        })
        .collect();
    let self_press = rule == GraphRule::SigmaPlus;
    // The all-on board: every light must toggle once, so each shown light starts at 1.
    let shown = |row: &[Vec<u64>], prev: &[Vec<u64>], c: usize| -> Vec<u64> {
        let mut y = zero.clone();
        gf2::flip_bit(&mut y, constant);
        if self_press {
            gf2::xor_into(&mut y, &row[c]);
        }
        if c > 0 {
            gf2::xor_into(&mut y, &row[c - 1]);
            gf2::xor_into(&mut y, &prev[c - 1]);
        }
        if c + 1 < n {
            gf2::xor_into(&mut y, &row[c + 1]);
        }
        gf2::xor_into(&mut y, &prev[c]);
        y
    };
    for _ in 1..n {
        let mut next: Vec<Vec<u64>> = vec![zero.clone(); n];
        let mut suffix = zero.clone();
        for c in (0..n).rev() {
            gf2::xor_into(&mut suffix, &shown(&row, &prev, c));
            next[c].copy_from_slice(&suffix);
        }
        prev = std::mem::replace(&mut row, next);
    }
    // The last row must show nothing: n affine equations in the first row.
    let mut m = BitMatrix::zeros(n, n + 1)?;
    for c in 0..n {
        let y = shown(&row, &prev, c);
        for j in 0..=n {
            if gf2::get_bit(&y, j) {
                m.set(c, j, true);
            }
        }
    }
    let rank = {
        let mut a = BitMatrix::zeros(n, n)?;
        for c in 0..n {
            for j in 0..n {
                if m.get(c, j) {
                    a.set(c, j, true);
                }
            }
        }
        a.rank_in_place()
    };
    let augmented = m.rank_in_place();
    Ok((n - rank, augmented == rank))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::named_graphs::named;
    use crate::studies::lightsout::graphs::{all_on, sweep_row};

    /// The chase against dense elimination of the whole press matrix, both rules, n <= 40.
    #[test]
    fn the_chase_agrees_with_dense_elimination() {
        for n in 1..=40 {
            for rule in [GraphRule::SigmaPlus, GraphRule::Sigma] {
                let graph = named(&format!("hex-{n}")).unwrap();
                let dense = sweep_row(n, &graph, rule).unwrap();
                let a = graph.press_matrix(rule).unwrap();
                assert_eq!(a.solve(&all_on(n * n)).unwrap().is_some(), dense.all_on_solvable);
                let chased = crate::studies::lightsout::graphs::rhombus_row(n, rule).unwrap();
                assert_eq!(chased, dense, "hex-{n} {}", rule.name());
            }
        }
    }
}
