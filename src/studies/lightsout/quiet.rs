//! Quiet patterns (press patterns that change nothing: the null-space basis) and, for the plus
//! rule on open boards, the light-chasing table: after chasing the lights down to the last row,
//! which first-row presses clear what is left there (seed 004's "ultimate solution").

use super::nullity::plus_open_chase_matrix;
use crate::engine::gf2::{self, words, BitMatrix};
use crate::puzzles::lightsout::{Game, Grid, Rule, Topology};
use anyhow::{bail, Result};

#[derive(Clone, Debug)]
pub struct ChaseRow {
    /// Lights left on the last row after chasing (bit j = column j).
    pub last_row: Vec<bool>,
    /// First-row presses that clear it, with the free first-row buttons (the leftmost ones, as
    /// seed 004 leaves buttons 1 and 2 untouched) not pressed.
    pub first_row: Vec<bool>,
}

#[derive(Clone, Debug)]
pub struct Quiet {
    pub rule: Rule,
    pub topology: Topology,
    pub n: usize,
    pub basis: Vec<Grid>,
    /// Plus/open only: one row per last-row pattern that chasing can clear (all of them when
    /// there are at most 1024, else a basis).
    pub chase: Option<Vec<ChaseRow>>,
    /// The free (never pressed) first-row columns of the chase table.
    pub free_columns: Vec<usize>,
}

pub const MAX_N: usize = 64;

pub fn compute(rule: Rule, topology: Topology, n: usize) -> Result<Quiet> {
    if n == 0 || n > MAX_N {
        bail!("--n {n} is outside 1..={MAX_N}");
    }
    let game = Game::new(rule, topology, n, n)?;
    let a = game.press_matrix()?;
    let basis = a.null_space()?.iter().map(|v| Grid::from_vector(n, n, v)).collect::<Result<Vec<_>>>()?;
    let (chase, free_columns) = if (rule, topology) == (Rule::Plus, Topology::Open) {
        let (rows, free) = chase_table(n)?;
        (Some(rows), free)
    } else {
        (None, Vec::new())
    };
    Ok(Quiet { rule, topology, n, basis, chase, free_columns })
}

/// For the n x n plus board: K = f_n(T) maps first-row presses to the lights left on the last
/// row. Solve K v = L for every L in the image, leaving the leftmost free columns unpressed.
pub fn chase_table(n: usize) -> Result<(Vec<ChaseRow>, Vec<usize>)> {
    let k = plus_open_chase_matrix(n, n); // k.row(j) = coefficients of last-row cell j in v
    // Reverse the variable order so the elimination leaves the *leftmost* columns free.
    let mut kr = BitMatrix::zeros(n, n)?;
    for j in 0..n {
        for c in 0..n {
            if k.get(j, c) {
                kr.set(j, n - 1 - c, true);
            }
        }
    }
    let null = kr.null_space()?;
    let rank = n - null.len();
    let mut free: Vec<usize> = Vec::new();
    {
        let mut m = kr.clone();
        let e = m.reduce(n);
        let piv: Vec<usize> = e.pivots.iter().map(|p| p.1).collect();
        for c in 0..n {
            if !piv.contains(&c) {
                free.push(n - 1 - c);
            }
        }
    }
    free.sort_unstable();
    // Image patterns: K v for v in a basis of first-row vectors, then all combinations.
    let mut images: Vec<Vec<u64>> = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    let all = rank <= 10;
    let gens: Vec<Vec<u64>> = (0..n)
        .map(|c| {
            let mut e = vec![0u64; words(n)];
            gf2::flip_bit(&mut e, c);
            k.mul_vec(&e)
        })
        .collect();
    if all {
        let mut frontier = vec![vec![0u64; words(n)]];
        seen.insert(frontier[0].clone());
        while let Some(v) = frontier.pop() {
            images.push(v.clone());
            for g in &gens {
                let mut w = v.clone();
                gf2::xor_into(&mut w, g);
                if seen.insert(w.clone()) {
                    frontier.push(w);
                }
            }
        }
    } else {
        let mut m = BitMatrix::zeros(n, n)?;
        for (i, g) in gens.iter().enumerate() {
            m.row_mut(i).copy_from_slice(g);
        }
        let e = m.reduce(n);
        for &(r, _) in &e.pivots {
            images.push(m.row(r).to_vec());
        }
    }
    images.sort_by_key(|v| (0..n).map(|j| gf2::get_bit(v, j)).collect::<Vec<bool>>());
    let mut rows = Vec::new();
    for l in images {
        let sol = kr.solve(&l)?.expect("image patterns are solvable");
        let first: Vec<bool> = (0..n).map(|c| gf2::get_bit(&sol.particular, n - 1 - c)).collect();
        rows.push(ChaseRow { last_row: (0..n).map(|j| gf2::get_bit(&l, j)).collect(), first_row: first });
    }
    Ok((rows, free))
}

/// Seed 004's formulas for 5x5 (cells numbered 1..25 row by row, p21..p25 the last row, buttons
/// 1 and 2 never pressed): x3 = p22, x4 = p21 + p22 + p23, x5 = p21 + p22.
pub fn seed004_first_row(last: &[bool]) -> Vec<bool> {
    let p = |i: usize| last[i - 21];
    vec![false, false, p(22), p(21) ^ p(22) ^ p(23), p(21) ^ p(22)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::lightsout::apply_presses;

    #[test]
    fn chase_table_rows_clear_their_boards() {
        for n in 1..=9 {
            let (rows, free) = chase_table(n).unwrap();
            let game = Game::new(Rule::Plus, Topology::Open, n, n).unwrap();
            for row in &rows {
                // Board: only the last-row pattern; presses: first row, then chase.
                let mut board = Grid::zeros(n, n).unwrap();
                for (j, &b) in row.last_row.iter().enumerate() {
                    board.set(n - 1, j, b);
                }
                let mut p = Grid::zeros(n, n).unwrap();
                for (j, &b) in row.first_row.iter().enumerate() {
                    p.set(0, j, b);
                    if free.contains(&j) {
                        assert!(!b);
                    }
                }
                // Chase: press below every light of rows 0..n-1 after the first-row presses.
                let mut cur = apply_presses(&game, &board, &p).unwrap();
                for r in 0..n - 1 {
                    let mut q = Grid::zeros(n, n).unwrap();
                    for c in 0..n {
                        if cur.get(r, c) {
                            q.flip(r + 1, c);
                        }
                    }
                    cur = apply_presses(&game, &cur, &q).unwrap();
                }
                assert!(cur.is_clear(), "n = {n}");
            }
        }
    }
}
