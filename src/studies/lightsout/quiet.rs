//! Quiet patterns (press patterns that change nothing: the null-space basis) and, for the plus
//! rule on open boards, the light-chasing table: after chasing the lights down to the last row,
//! which first-row presses clear what is left there (seed 004's "ultimate solution").

use super::nullity::plus_open_chase_matrix;
use crate::engine::gf2::{self, words, BitMatrix};
use crate::puzzles::lightsout::{Game, Grid, Rule, Topology};
use anyhow::Result;

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

/// The quiet patterns of the n x n board, n in 1..=[`MAX_N`] (the command's options check it).
pub fn compute(rule: Rule, topology: Topology, n: usize) -> Result<Quiet> {
    let game = Game::new(rule, topology, n, n)?;
    let a = game.press_matrix()?;
    let basis = a
        .null_space()?
        .iter()
        .map(|v| Grid::from_vector(n, n, v))
        .collect::<Result<Vec<_>>>()?;
    let (chase, free_columns) = if (rule, topology) == (Rule::Plus, Topology::Open) {
        let (rows, free) = chase_table(n)?;
        (Some(rows), free)
    } else {
        (None, Vec::new())
    };
    Ok(Quiet {
        rule,
        topology,
        n,
        basis,
        chase,
        free_columns,
    })
}

/// For the n x n plus board: K = f_n(T) maps first-row presses to the lights left on the last
/// row. Solve K v = L for every L in the image, leaving the leftmost free columns unpressed.
pub fn chase_table(n: usize) -> Result<(Vec<ChaseRow>, Vec<usize>)> {
    // k.row(j) = coefficients of last-row cell j in v.
    let k = plus_open_chase_matrix(n, n);
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
        rows.push(ChaseRow {
            last_row: (0..n).map(|j| gf2::get_bit(&l, j)).collect(),
            first_row: first,
        });
    }
    Ok((rows, free))
}

/// Seed 004's formulas for 5x5 (cells numbered 1..25 row by row, p21..p25 the last row, buttons
/// 1 and 2 never pressed): x3 = p22, x4 = p21 + p22 + p23, x5 = p21 + p22.
pub fn seed004_first_row(last: &[bool]) -> Vec<bool> {
    let p = |i: usize| last[i - 21];
    vec![false, false, p(22), p(21) ^ p(22) ^ p(23), p(21) ^ p(22)]
}

/// A rational number (numerator, denominator), the denominator positive, reduced.
pub type Rational = (num_bigint::BigInt, num_bigint::BigInt);

fn big_gcd(a: &num_bigint::BigInt, b: &num_bigint::BigInt) -> num_bigint::BigInt {
    use num_bigint::Sign;
    let (mut x, mut y) = (a.magnitude().clone(), b.magnitude().clone());
    while y != num_bigint::BigUint::from(0u8) {
        let r = &x % &y;
        x = y;
        y = r;
    }
    num_bigint::BigInt::from_biguint(Sign::Plus, x)
}

/// Seed 004's B' (the 5x5 plus press matrix without buttons/cells 1 and 2, 23 x 23) inverted over
/// the rationals by exact Gauss-Jordan: (det B', B'^-1), or `None` when B' is singular.
pub fn seed004_b_prime_inverse() -> Result<Option<(num_bigint::BigInt, Vec<Vec<Rational>>)>> {
    use num_bigint::BigInt;
    let game = Game::new(Rule::Plus, Topology::Open, 5, 5)?;
    let a = game.press_matrix()?;
    let keep: Vec<usize> = (2..25).collect();
    let k = keep.len();
    let zero = BigInt::from(0);
    let one = BigInt::from(1);
    let norm = |(n, d): Rational| -> Rational {
        let g = big_gcd(&n, &d);
        let g = if g == zero { one.clone() } else { g };
        let (n, d) = (n / &g, d / &g);
        if d < zero {
            (-n, -d)
        } else {
            (n, d)
        }
    };
    let sub = |x: &Rational, y: &Rational| norm((&x.0 * &y.1 - &y.0 * &x.1, &x.1 * &y.1));
    let mul = |x: &Rational, y: &Rational| norm((&x.0 * &y.0, &x.1 * &y.1));
    let div = |x: &Rational, y: &Rational| norm((&x.0 * &y.1, &x.1 * &y.0));
    let mut m: Vec<Vec<Rational>> = (0..k)
        .map(|i| {
            (0..2 * k)
                .map(|j| {
                    let v = if j < k { a.get(keep[i], keep[j]) } else { j - k == i };
                    (BigInt::from(v as u8), one.clone())
                })
                .collect()
        })
        .collect();
    let mut det: Rational = (one.clone(), one.clone());
    for c in 0..k {
        let Some(p) = (c..k).find(|&r| m[r][c].0 != zero) else {
            return Ok(None);
        };
        if p != c {
            m.swap(p, c);
            det = (-det.0, det.1);
        }
        let piv = m[c][c].clone();
        det = mul(&det, &piv);
        for x in m[c].iter_mut().take(2 * k) {
            *x = div(x, &piv);
        }
        for r in 0..k {
            if r != c && m[r][c].0 != zero {
                let f = m[r][c].clone();
                let pivot_row = m[c].clone();
                for (x, p) in m[r].iter_mut().zip(&pivot_row).take(2 * k) {
                    *x = sub(x, &mul(&f, p));
                }
            }
        }
    }
    Ok(Some((det.0, m.into_iter().map(|row| row[k..].to_vec()).collect())))
}

/// Seed 004's "Solution 2": B'^-1 of [`seed004_b_prime_inverse`]. Returns (det B', the least
/// common denominator of B'^-1's entries, whether B'^-1 times that denominator, reduced mod 2, is
/// the inverse of B' over GF(2)).
pub fn seed004_rational_inverse() -> Result<(num_bigint::BigInt, num_bigint::BigInt, bool)> {
    use num_bigint::BigInt;
    let zero = BigInt::from(0);
    let Some((det, inv)) = seed004_b_prime_inverse()? else {
        return Ok((zero.clone(), zero, false));
    };
    let a = Game::new(Rule::Plus, Topology::Open, 5, 5)?.press_matrix()?;
    let keep: Vec<usize> = (2..25).collect();
    let k = keep.len();
    // Least common denominator of the inverse's entries.
    let mut lcd = BigInt::from(1);
    for q in inv.iter().flatten() {
        let g = big_gcd(&lcd, &q.1);
        lcd = &lcd / &g * &q.1;
    }
    // C' = (lcd * B'^-1) mod 2 must be B'^-1 over GF(2): C' B' = I (mod 2).
    let two = BigInt::from(2);
    let c: Vec<Vec<u8>> = inv
        .iter()
        .map(|row| {
            row.iter()
                .map(|q| ((&lcd / &q.1 * &q.0) % &two != zero) as u8)
                .collect()
        })
        .collect();
    let ok = (0..k).all(|i| {
        (0..k).all(|j| {
            let s: u32 = (0..k).map(|t| (c[i][t] & a.get(keep[t], keep[j]) as u8) as u32).sum();
            (s % 2 == 1) == (i == j)
        })
    });
    Ok((det, lcd, ok))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::lightsout::apply_presses;

    /// Seed 004: the rational inverse of B' has common denominator 33 (oracle: the seed's text;
    /// tests/data/lightsout/seeds.csv), and works mod 2.
    /// B'^-1 of seed 004 is the inverse: B' B'^-1 = I, exactly over the rationals.
    #[test]
    fn seed004_b_prime_inverse_is_exact() {
        use num_bigint::BigInt;
        let (_, inv) = seed004_b_prime_inverse().unwrap().unwrap();
        let a = Game::new(Rule::Plus, Topology::Open, 5, 5)
            .unwrap()
            .press_matrix()
            .unwrap();
        for i in 0..23 {
            for j in 0..23 {
                // sum_t B'[i][t] inv[t][j], with B' the cells and buttons 3..25.
                let (mut num, mut den) = (BigInt::from(0), BigInt::from(1));
                for (t, row) in inv.iter().enumerate() {
                    if a.get(i + 2, t + 2) {
                        let q = &row[j];
                        num = &num * &q.1 + &q.0 * &den;
                        den = &den * &q.1;
                    }
                }
                assert_eq!(num == BigInt::from(0), i != j, "({i}, {j})");
                if i == j {
                    assert_eq!(num, den, "({i}, {i})");
                }
            }
        }
    }

    #[test]
    fn seed004_denominator_is_33() {
        let (det, lcd, ok) = seed004_rational_inverse().unwrap();
        assert_eq!(lcd, num_bigint::BigInt::from(33));
        assert!(det.clone() % 2 != num_bigint::BigInt::from(0), "{det}");
        assert!(ok);
    }

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
