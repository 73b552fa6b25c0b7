//! Solving boards. Plus rule on open boards: light chasing, with the first row's presses found
//! by polynomial algebra instead of a dense n x n elimination; every other rule and topology:
//! dense elimination of the press matrix. Then the minimum-press solution over the whole coset
//! (Walsh-Hadamard transform over the quiet-pattern signatures of the cells), and a replay.
//!
//! First-row algebra: with T the n x n tridiagonal (cell + left + right) and presses P_i of row i,
//! the rows of a board B are cleared iff P_{i+1} = B_i + T P_i + P_{i-1} (P_{-1} = 0) ends with
//! P_m = 0, i.e. f_m(T) v = c where v = P_0 and c is P_m chased from v = 0. The map
//! phi(z) -> phi(T) e_0 identifies GF(2)[z] / (h_n) with GF(2)^n, where h_k(z) = f_k(z + 1)
//! (h_n is T's characteristic polynomial and e_k = h_k(T) e_0). So the system is
//! f_m(z) phi = gamma (mod h_n): solvable iff d = gcd(f_m, h_n) divides gamma, with
//! phi = s gamma / d (s f_m + t h_n = d) and quiet first rows (h_n / d) z^j, j < deg d.

use crate::engine::gf2::{self, ext_gcd, words, Poly};
use crate::engine::progress::{Counters, Reporter};
use crate::engine::walsh_max::{self, walsh_peak};
use crate::puzzles::lightsout::{apply_presses, Game, Grid, Rule, Topology};
use anyhow::{bail, ensure, Result};
use std::sync::Arc;

/// Largest nullity for which the minimum over every solution is exact: all 2^42 coset elements
/// evaluated by [`walsh_peak`]. Past it, 2^62 is out of reach and the answer is a labelled
/// upper bound.
pub const EXACT_NULLITY: usize = 42;
/// Nullities from which a terminal shows a progress bar for the exact minimum.
const PROGRESS_NULLITY: usize = 35;
/// Subspace dimensions of the search past exact, one phase each: the narrower phase first (the
/// earlier search, so its result is a floor for what this one reports), then wider subspaces
/// from where it stopped. Then rounds without improvement, and round cap, per phase.
const NEIGHBOURHOOD_BITS: [usize; 2] = [26, 30];
const NEIGHBOURHOOD_PATIENCE: usize = 48;
const NEIGHBOURHOOD_ROUNDS: usize = 600;
/// Boards larger than this (cells) get the greedy descent only.
const NEIGHBOURHOOD_MAX_CELLS: usize = 1 << 22;
/// Cells the dense solver accepts (press matrix of 16384^2 bits = 32 MiB).
pub const DENSE_CELLS: usize = 16384;
/// Beyond this nullity the greedy descent tries single quiet patterns only (pairs cost k^2 / 2
/// passes over the board).
pub const GREEDY_PAIRS: usize = 32;
/// Memory budget for one solve.
const BUDGET_BYTES: u128 = 16 << 30;

#[derive(Clone, Debug)]
pub struct Solution {
    pub nullity: usize,
    /// Every solution is `presses + span(quiet)` (quiet = null-space basis as press grids).
    pub presses: Grid,
    pub quiet: Vec<Grid>,
    /// The fewest presses found and whether that is proven minimal over all 2^nullity solutions.
    pub exact_minimum: bool,
    /// Presses of the first solution the elimination produced, before minimising (what a
    /// solver that stops at any solution would answer).
    pub first_found: u64,
}

#[derive(Clone, Debug)]
pub enum Outcome {
    Unsolvable { nullity: usize },
    Solved(Solution),
}

/// Checks a solve of this size fits in memory before allocating anything.
pub fn check_size(game: &Game) -> Result<()> {
    let (m, n) = (game.rows as u128, game.cols as u128);
    let grid = m * (n.div_ceil(64)) * 8;
    let need = match (game.rule, game.topology) {
        (Rule::Plus, Topology::Open) => 6 * grid + m.min(n) * m.min(n) / 8 + (1 << 20),
        (Rule::Block, Topology::Open) if m * n > DENSE_CELLS as u128 => 6 * grid + (1 << 20),
        _ => {
            let cells = m * n;
            if cells > DENSE_CELLS as u128 {
                bail!(
                    "a {m} x {n} {} {} board has {cells} cells, beyond the dense solver's {DENSE_CELLS} (open boards \
                        are solved by light chasing at any size; the torus only densely)",
                    game.rule.name(),
                    game.topology.name()
                );
            }
            cells * cells / 8
        }
    };
    if need > BUDGET_BYTES {
        bail!(
            "a {m} x {n} board needs about {} GiB to solve, beyond the {} GiB budget",
            need >> 30,
            BUDGET_BYTES >> 30
        );
    }
    crate::studies::footprint::check(
        &format!("solving a {m} x {n} board"),
        crate::studies::footprint::lightsout_solve(game, need),
    )
}

/// Solves `board` without minimising: the first solution the elimination produces (what a
/// solver that stops at any solution answers) and the quiet patterns; verified by replay.
pub fn solve_first(game: &Game, board: &Grid) -> Result<Outcome> {
    check_size(game)?;
    let out = match (game.rule, game.topology) {
        (Rule::Plus, Topology::Open) => solve_plus_open(game, board)?,
        (Rule::Block, Topology::Open) if game.cells() > DENSE_CELLS => solve_block_open(game, board)?,
        _ => solve_dense(game, board)?,
    };
    let Outcome::Solved(mut s) = out else { return Ok(out) };
    s.first_found = s.presses.count();
    ensure!(
        apply_presses(game, board, &s.presses)?.is_clear(),
        "internal error: the computed presses do not clear the board"
    );
    Ok(Outcome::Solved(s))
}

/// Solves `board`; the returned presses are verified by replay (an error, never a wrong answer).
pub fn solve(game: &Game, board: &Grid) -> Result<Outcome> {
    match solve_first(game, board)? {
        Outcome::Solved(s) => Ok(Outcome::Solved(fewest(game, board, s)?)),
        unsolvable => Ok(unsolvable),
    }
}

/// The solution of [`solve_first`] turned into the fewest presses found (exact up to
/// [`EXACT_NULLITY`]), verified by replay.
pub fn fewest(game: &Game, board: &Grid, mut s: Solution) -> Result<Solution> {
    if s.quiet.len() == s.nullity {
        s.exact_minimum = minimise(&mut s.presses, &s.quiet)?;
    } else {
        // Too many quiet patterns to list (block rule, large 3k+2 sides): structured descent.
        block_descent(game, &mut s.presses);
        s.exact_minimum = false;
    }
    let after = apply_presses(game, board, &s.presses)?;
    ensure!(
        after.is_clear(),
        "internal error: the computed presses do not clear the board"
    );
    for q in &s.quiet {
        ensure!(
            apply_presses(game, &Grid::zeros(game.rows, game.cols)?, q)?.is_clear(),
            "internal error: a quiet pattern is not quiet"
        );
    }
    Ok(s)
}

/// The kernel of the open 1D block strip of length `len` (1 1 0 1 1 0 ... 1 1), if singular.
fn strip_kernel(len: usize) -> Option<Vec<bool>> {
    (len % 3 == 2).then(|| (0..len).map(|i| i % 3 != 2).collect())
}

/// Solves S_m Y = B row-parallel for the open block strip S_m (Y_{i-1} + Y_i + Y_{i+1} = B_i):
/// chase Y_{i+1} = B_i + Y_i + Y_{i-1} from Y_0 = u; Y_m = s_m u + c with s_m = f_m(1).
/// Returns None when inconsistent; picks u = 0 when S_m is singular.
fn strip_solve(b: &Grid) -> Result<Option<Grid>> {
    let (m, w) = (b.rows, b.stride);
    let chase = |u: &[u64], y: &mut Grid| -> Vec<u64> {
        let mut prev = vec![0u64; w];
        let mut cur = u.to_vec();
        for i in 0..m {
            y.row_mut(i).copy_from_slice(&cur);
            for k in 0..w {
                prev[k] ^= cur[k] ^ b.row(i)[k];
            }
            std::mem::swap(&mut prev, &mut cur);
        }
        cur
    };
    let mut y = Grid::zeros(m, b.cols)?;
    let c = chase(&vec![0u64; w], &mut y);
    if strip_kernel(m).is_some() {
        return Ok(c.iter().all(|&x| x == 0).then_some(y));
    }
    let last = chase(&c, &mut y);
    ensure!(last.iter().all(|&x| x == 0), "internal error: strip chase");
    Ok(Some(y))
}

fn transpose(g: &Grid) -> Result<Grid> {
    let mut t = Grid::zeros(g.cols, g.rows)?;
    for r in 0..g.rows {
        for (wi, &word) in g.row(r).iter().enumerate() {
            let mut word = word;
            while word != 0 {
                let b = word.trailing_zeros() as usize;
                word &= word - 1;
                t.flip(wi * 64 + b, r);
            }
        }
    }
    Ok(t)
}

/// Block rule, open board: the press matrix is S_m (x) S_n, so presses X clear B iff
/// S_m X S_n = B: solve S_m Y = B, then S_n X^T = Y^T. When both strips are singular, Y is
/// only determined up to k_m (x) v and the second step needs Y k_n in span(k_m): try Y and
/// Y + k_m e_0^T.
fn solve_block_open(game: &Game, board: &Grid) -> Result<Outcome> {
    let (m, n) = (game.rows, game.cols);
    let (km, kn) = (strip_kernel(m), strip_kernel(n));
    let (a, b) = (usize::from(km.is_some()), usize::from(kn.is_some()));
    let nullity = m * n - (m - a) * (n - b);
    let Some(y) = strip_solve(board)? else {
        return Ok(Outcome::Unsolvable { nullity });
    };
    let mut candidates = vec![y.clone()];
    if let Some(km) = &km {
        let mut y2 = y;
        for (i, &on) in km.iter().enumerate() {
            if on {
                y2.flip(i, 0);
            }
        }
        candidates.push(y2);
    }
    for y in candidates {
        if let Some(xt) = strip_solve(&transpose(&y)?)? {
            let presses = transpose(&xt)?;
            let mut quiet = Vec::new();
            if nullity <= EXACT_NULLITY {
                if let Some(km) = &km {
                    for j in 0..n {
                        let mut g = Grid::zeros(m, n)?;
                        (0..m).filter(|&i| km[i]).for_each(|i| g.flip(i, j));
                        quiet.push(g);
                    }
                }
                if let Some(kn) = &kn {
                    // e_i (x) k_n for every i but one when k_m (x) k_n is already spanned.
                    for i in 0..m - a {
                        let mut g = Grid::zeros(m, n)?;
                        (0..n).filter(|&j| kn[j]).for_each(|j| g.flip(i, j));
                        quiet.push(g);
                    }
                }
            }
            return Ok(Outcome::Solved(Solution {
                nullity,
                presses,
                quiet,
                exact_minimum: false,
                first_found: 0,
            }));
        }
    }
    Ok(Outcome::Unsolvable { nullity })
}

/// Greedy descent for the open block rule without listing its quiet patterns: toggling
/// k_m (x) e_j flips column j on the rows where k_m = 1 (and k_n likewise for rows); apply any
/// such toggle that lowers the press count until none does.
fn block_descent(game: &Game, x: &mut Grid) {
    let (m, n) = (game.rows, game.cols);
    let (km, kn) = (strip_kernel(m), strip_kernel(n));
    loop {
        let mut improved = false;
        if let Some(km) = &km {
            let rows: Vec<usize> = (0..m).filter(|&i| km[i]).collect();
            let mut count = vec![0usize; n];
            for &i in &rows {
                for (j, cj) in count.iter_mut().enumerate() {
                    *cj += x.get(i, j) as usize;
                }
            }
            for (j, &cj) in count.iter().enumerate() {
                if 2 * cj > rows.len() {
                    rows.iter().for_each(|&i| x.flip(i, j));
                    improved = true;
                }
            }
        }
        if let Some(kn) = &kn {
            let cols: Vec<usize> = (0..n).filter(|&j| kn[j]).collect();
            for i in 0..m {
                let c = cols.iter().filter(|&&j| x.get(i, j)).count();
                if 2 * c > cols.len() {
                    cols.iter().for_each(|&j| x.flip(i, j));
                    improved = true;
                }
            }
        }
        if !improved {
            return;
        }
    }
}

fn solve_dense(game: &Game, board: &Grid) -> Result<Outcome> {
    let a = game.press_matrix()?;
    let b = board.to_vector();
    let nullity = a.nullity();
    Ok(match a.solve(&b)? {
        None => Outcome::Unsolvable { nullity },
        Some(s) => Outcome::Solved(Solution {
            nullity,
            presses: Grid::from_vector(game.rows, game.cols, &s.particular)?,
            quiet: s
                .kernel
                .iter()
                .map(|k| Grid::from_vector(game.rows, game.cols, k))
                .collect::<Result<_>>()?,
            exact_minimum: false,
            first_found: 0,
        }),
    })
}

/// `T row`: each press toggles its cell and the cells left and right (open row of `n`).
fn spread(row: &[u64], n: usize, out: &mut [u64]) {
    let s = row.len();
    for i in 0..s {
        let left = row[i] << 1 | if i > 0 { row[i - 1] >> 63 } else { 0 };
        let right = row[i] >> 1 | if i + 1 < s { row[i + 1] << 63 } else { 0 };
        out[i] = row[i] ^ left ^ right;
    }
    if !n.is_multiple_of(64) {
        out[s - 1] &= (1u64 << (n % 64)) - 1;
    }
}

/// Light chasing from first-row presses `first`: fills `presses` and returns P_m (what would
/// have to be pressed below the last row; zero iff the board is cleared).
fn chase(board: &Grid, first: &[u64], presses: &mut Grid) -> Vec<u64> {
    let (m, n) = (board.rows, board.cols);
    let w = words(n);
    let mut prev = vec![0u64; w];
    let mut cur = first.to_vec();
    let mut t = vec![0u64; w];
    for i in 0..m {
        presses.row_mut(i).copy_from_slice(&cur);
        spread(&cur, n, &mut t);
        // next = B_i + T P_i + P_{i-1}
        for k in 0..w {
            prev[k] ^= t[k] ^ board.row(i)[k];
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    cur
}

/// h_0..=h_n with h_k(z) = f_k(z + 1).
fn shifted_sutner(n: usize) -> Vec<Poly> {
    super::nullity::sutner_polys(n, true)
}

fn solve_plus_open(game: &Game, board: &Grid) -> Result<Outcome> {
    // The rule is symmetric under transposition: chase along the longer side, so the first-row
    // algebra (quadratic in the row length) works on the shorter one.
    if game.cols > game.rows {
        let t = Game::new(game.rule, game.topology, game.cols, game.rows)?;
        return Ok(match solve_plus_open_rows(&t, &transpose(board)?)? {
            Outcome::Solved(s) => Outcome::Solved(Solution {
                presses: transpose(&s.presses)?,
                quiet: s.quiet.iter().map(transpose).collect::<Result<_>>()?,
                ..s
            }),
            u => u,
        });
    }
    solve_plus_open_rows(game, board)
}

fn solve_plus_open_rows(game: &Game, board: &Grid) -> Result<Outcome> {
    let (m, n) = (game.rows, game.cols);
    let w = words(n);
    let mut presses = Grid::zeros(m, n)?;
    let c = chase(board, &vec![0u64; w], &mut presses);
    let h = shifted_sutner(n);
    let f_m = super::nullity::sutner_poly(m, false);
    // gamma = sum c_k h_k
    let mut gamma = vec![0u64; w + 1];
    for (k, hk) in h.iter().enumerate().take(n) {
        if gf2::get_bit(&c, k) {
            gf2::xor_into(&mut gamma, hk.words());
        }
    }
    let gamma = Poly::from_words(gamma);
    let (d, s, _) = ext_gcd(&f_m, &h[n]);
    let nullity = d.degree().unwrap_or(0);
    let (g_over_d, r) = gamma.divrem(&d);
    if !r.is_zero() {
        return Ok(Outcome::Unsolvable { nullity });
    }
    let phi = s.mul(&g_over_d).rem(&h[n]);
    let to_vector = |p: &Poly| -> Vec<u64> {
        // phi = sum v_k h_k (triangular: h_k has degree k)
        let mut rest: Vec<u64> = p.words().to_vec();
        rest.resize(w + 1, 0);
        let mut v = vec![0u64; w];
        for k in (0..n).rev() {
            if gf2::get_bit(&rest, k) {
                gf2::flip_bit(&mut v, k);
                gf2::xor_into(&mut rest, h[k].words());
            }
        }
        v
    };
    let v = to_vector(&phi);
    let last = chase(board, &v, &mut presses);
    ensure!(
        last.iter().all(|&x| x == 0),
        "internal error: light chasing left lights on the last row"
    );
    let q = h[n].divrem(&d).0;
    let zero = Grid::zeros(m, n)?;
    let mut quiet = Vec::with_capacity(nullity);
    for j in 0..nullity {
        let kv = to_vector(&q.shl(j));
        let mut g = Grid::zeros(m, n)?;
        let last = chase(&zero, &kv, &mut g);
        ensure!(
            last.iter().all(|&x| x == 0),
            "internal error: a quiet first row is not quiet"
        );
        quiet.push(g);
    }
    Ok(Outcome::Solved(Solution {
        nullity,
        presses,
        quiet,
        exact_minimum: false,
        first_found: 0,
    }))
}

/// Replaces `x` by a fewest-press element of `x + span(quiet)`. Exact (returns true) when the
/// nullity is at most [`EXACT_NULLITY`]: with s_c the cell's signature (which quiet patterns
/// contain it), the weight of x + sum a_i q_i is (N - W(a)) / 2 where W is the Walsh-Hadamard
/// transform of h(s) = sum over cells of signature s of (-1)^{x_c}, maximised over every a by
/// [`coset_minimum`]. Past [`EXACT_NULLITY`]: a large-neighbourhood descent, not proven minimal.
pub fn minimise(x: &mut Grid, quiet: &[Grid]) -> Result<bool> {
    let k = quiet.len();
    if k == 0 || x.is_clear() {
        return Ok(true); // no presses: nothing in the coset is lighter
    }
    if k > EXACT_NULLITY {
        for bits in NEIGHBOURHOOD_BITS {
            neighbourhood_descent(x, quiet, bits);
        }
        return Ok(false);
    }
    let counters = Arc::new(Counters::default());
    let _bar = (k >= PROGRESS_NULLITY)
        .then(|| Reporter::start(format!("fewest presses over all 2^{k} solutions"), counters.clone()));
    let (_, best) = coset_minimum(&cell_signatures(x, quiet), x.rows * x.cols, k, Some(&counters));
    apply_combination(x, quiet, best);
    Ok(true)
}

/// The exact minimum weight over a coset from its cells' signatures (see [`cell_signatures`]), as
/// (weight, combination index; the smallest index among the minimisers): N - 2 weight is the
/// largest Walsh coefficient, found by the lane-parallel split transform of
/// [`crate::engine::walsh_max`].
pub fn coset_minimum(sigs: &[(u64, i32)], cells: usize, k: usize, counters: Option<&Counters>) -> (u64, u64) {
    let peak = walsh_peak(sigs, k, counters);
    (((cells as i64 - peak.value) / 2) as u64, peak.at)
}

/// How [`minimise`] treats a coset of this nullity (the `method` column of the datasets).
pub fn method(nullity: usize) -> &'static str {
    match nullity {
        0 => "unique",
        k if walsh_max::single_transform(k) => "transform",
        k if k <= EXACT_NULLITY => "split transform",
        _ => "neighbourhood search",
    }
}

fn apply_combination(x: &mut Grid, quiet: &[Grid], a: u64) {
    for (i, q) in quiet.iter().enumerate() {
        if a >> i & 1 == 1 {
            gf2::xor_into(&mut x.bits, &q.bits);
        }
    }
}

/// Calls `f(signature, x_c)` for every cell of row `r`, left to right; the signature's bit j
/// says the cell lies in quiet pattern j (at most 64 patterns).
pub(super) fn row_signatures(x: &Grid, quiet: &[Grid], r: usize, mut f: impl FnMut(u64, bool)) {
    let mut sig = [0u64; 64];
    for wi in 0..x.stride {
        let bits_here = (x.cols - wi * 64).min(64);
        sig[..bits_here].fill(0);
        for (j, q) in quiet.iter().enumerate() {
            let mut word = q.row(r)[wi];
            while word != 0 {
                let b = word.trailing_zeros() as usize;
                word &= word - 1;
                sig[b] |= 1 << j;
            }
        }
        let xw = x.row(r)[wi];
        for (b, &s) in sig[..bits_here].iter().enumerate() {
            f(s, xw >> b & 1 == 1);
        }
    }
}

/// Every distinct quiet signature (bit i: the cell lies in quiet pattern i; at most 64 patterns)
/// with the sum of (-1)^{x_c} over its cells, sorted by signature.
pub fn cell_signatures(x: &Grid, quiet: &[Grid]) -> Vec<(u64, i32)> {
    assert!(quiet.len() <= 64, "at most 64 quiet patterns");
    let mut sigs: Vec<(u64, i32)> = Vec::with_capacity(x.rows * x.cols);
    for r in 0..x.rows {
        row_signatures(x, quiet, r, |s, on| sigs.push((s, if on { -1 } else { 1 })));
    }
    merge_signatures(sigs)
}

/// Cells' (signature, sign) pairs sorted by signature, equal signatures summed: the input of
/// [`coset_minimum`].
pub fn merge_signatures(mut sigs: Vec<(u64, i32)>) -> Vec<(u64, i32)> {
    sigs.sort_unstable();
    let mut merged: Vec<(u64, i32)> = Vec::with_capacity(sigs.len());
    for (s, w) in sigs {
        match merged.last_mut() {
            Some((t, v)) if *t == s => *v += w,
            _ => merged.push((s, w)),
        }
    }
    merged
}

pub use crate::engine::walsh::{walsh_hadamard, walsh_hadamard_from};

/// Past the exact range: greedy single/pair descent, then a large-neighbourhood search that
/// repeatedly takes the exact best over a random `subspace_bits`-dimensional subspace of
/// the quiet code (one transform each), until `NEIGHBOURHOOD_PATIENCE` rounds in a row find
/// nothing better. Seeded, so deterministic; an upper bound, never claimed minimal.
fn neighbourhood_descent(x: &mut Grid, quiet: &[Grid], subspace_bits: usize) {
    greedy(x, quiet);
    let cells = x.rows * x.cols;
    if cells > NEIGHBOURHOOD_MAX_CELLS {
        return; // each round sorts every cell's signature: past this, greedy descent only
    }
    // Rounds cost about `cells` each: keep the whole search near 2^28 cell visits.
    let round_cap = NEIGHBOURHOOD_ROUNDS.min((1 << 28) / cells.max(1)).max(8);
    let k = quiet.len();
    let dim = subspace_bits.min(k);
    let mut seed = 0x9e37_79b9_7f4a_7c15u64 ^ (k as u64);
    let mut next = move || {
        seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = seed;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let mut current = x.count();
    let mut idle = 0;
    let mut rounds = 0;
    while idle < NEIGHBOURHOOD_PATIENCE && rounds < round_cap {
        rounds += 1;
        let basis: Vec<Grid> = (0..dim)
            .map(|_| {
                let mut g = quiet[0].clone();
                g.bits.fill(0);
                for q in quiet {
                    if next() & 1 == 1 {
                        gf2::xor_into(&mut g.bits, &q.bits);
                    }
                }
                g
            })
            .collect();
        let (weight, best) = coset_minimum(&cell_signatures(x, &basis), cells, dim, None);
        if weight < current {
            apply_combination(x, &basis, best);
            current = weight;
            idle = 0;
        } else {
            idle += 1;
        }
    }
}

/// Greedy descent: XOR any single quiet pattern (or pair, when there are at most
/// [`GREEDY_PAIRS`] patterns) that lowers the press count, until none does.
fn greedy(x: &mut Grid, quiet: &[Grid]) {
    let pairs = quiet.len() <= GREEDY_PAIRS;
    let weight_with = |x: &Grid, qs: &[&Grid]| -> u64 {
        let mut t = 0u64;
        for i in 0..x.bits.len() {
            let mut w = x.bits[i];
            for q in qs {
                w ^= q.bits[i];
            }
            t += w.count_ones() as u64;
        }
        t
    };
    let mut cur = x.count();
    loop {
        let mut improved = false;
        for i in 0..quiet.len() {
            for j in i..if pairs { quiet.len() } else { i + 1 } {
                let qs: Vec<&Grid> = if i == j {
                    vec![&quiet[i]]
                } else {
                    vec![&quiet[i], &quiet[j]]
                };
                let wgt = weight_with(x, &qs);
                if wgt < cur {
                    for q in qs {
                        gf2::xor_into(&mut x.bits, &q.bits);
                    }
                    cur = wgt;
                    improved = true;
                }
            }
        }
        if !improved {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rayon::prelude::*;

    /// Brute force over every press pattern of a tiny board: the minimum presses (None if
    /// unsolvable).
    fn brute_min(game: &Game, board: &Grid) -> Option<u64> {
        let n = game.cells();
        let zero = Grid::zeros(game.rows, game.cols).unwrap();
        let mut best: Option<u64> = None;
        for p in 0..1u64 << n {
            let g = Grid::from_vector(game.rows, game.cols, &[p]).unwrap();
            if apply_presses(game, board, &g).unwrap() == zero {
                best = Some(best.map_or(p.count_ones() as u64, |b| b.min(p.count_ones() as u64)));
            }
        }
        best
    }

    #[test]
    fn block_kronecker_path_matches_dense() {
        let mut seed = 5u64;
        for m in 1..=14 {
            for n in 1..=14 {
                let game = Game::new(Rule::Block, Topology::Open, m, n).unwrap();
                for t in 0..4 {
                    // Half the boards from presses (solvable), half random.
                    let mut board = Grid::zeros(m, n).unwrap();
                    for r in 0..m {
                        for c in 0..n {
                            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                            if seed >> 62 == 1 {
                                board.flip(r, c);
                            }
                        }
                    }
                    if t % 2 == 0 {
                        board = apply_presses(&game, &Grid::zeros(m, n).unwrap(), &board).unwrap();
                    }
                    let dense = solve_dense(&game, &board).unwrap();
                    let kron = solve_block_open(&game, &board).unwrap();
                    match (dense, kron) {
                        (Outcome::Unsolvable { nullity: a }, Outcome::Unsolvable { nullity: b }) => assert_eq!(a, b),
                        (Outcome::Solved(a), Outcome::Solved(b)) => {
                            assert_eq!(a.nullity, b.nullity);
                            let after = apply_presses(&game, &board, &b.presses).unwrap();
                            assert!(after.is_clear(), "{m}x{n}");
                            if b.nullity <= EXACT_NULLITY {
                                assert_eq!(b.quiet.len(), b.nullity);
                                let mut x = b.presses.clone();
                                let mut y = a.presses.clone();
                                minimise(&mut x, &b.quiet).unwrap();
                                minimise(&mut y, &a.quiet).unwrap();
                                assert_eq!(x.count(), y.count(), "{m}x{n}");
                            }
                        }
                        _ => panic!("solvability differs on {m}x{n}"),
                    }
                }
            }
        }
    }

    /// The previous exact minimum, kept as the slower reference for [`coset_minimum`]: the minimum
    /// weight over `x + span(quiet)` from the cells' signatures, as (weight,
    /// combination index; the smallest index among the minimisers). Write a = (a_hi, a_lo) with
    /// a_lo the low `slice` bits: W(a) = sum_{s_lo} h_{a_hi}(s_lo) (-1)^{<a_lo, s_lo>} where
    /// h_{a_hi}(s_lo) = sum over signatures s = (s_hi, s_lo) of h(s) (-1)^{<a_hi, s_hi>}. So each
    /// a_hi costs one transform of 2^slice entries (cache-sized) instead of one of 2^k, and the
    /// a_hi are independent (rayon). Time 2^k * slice; memory 2^slice per thread.
    pub fn split_minimum(sigs: &[(u64, i32)], cells: usize, k: usize, slice: usize) -> (u64, u64) {
        assert!(k <= 64 && cells < 1 << 30);
        let slice = slice.min(k);
        let high = k - slice;
        let mask = (1u64 << slice) - 1;
        let best = (0..1u64 << high)
            .into_par_iter()
            .map_init(
                || vec![0i32; 1 << slice],
                |buf, a_hi| {
                    buf.fill(0);
                    for &(s, w) in sigs {
                        let flip = (a_hi & (s >> slice)).count_ones() & 1 == 1;
                        buf[(s & mask) as usize] += if flip { -w } else { w };
                    }
                    walsh_hadamard(buf);
                    // Largest W = fewest presses; the first index among equals.
                    let (mut top, mut at) = (i32::MIN, 0usize);
                    for (i, &v) in buf.iter().enumerate() {
                        if v > top {
                            top = v;
                            at = i;
                        }
                    }
                    (top, a_hi << slice | at as u64)
                },
            )
            .reduce(
                || (i32::MIN, u64::MAX),
                |p, q| {
                    if (p.0, std::cmp::Reverse(p.1)) >= (q.0, std::cmp::Reverse(q.1)) {
                        p
                    } else {
                        q
                    }
                },
            );
        (((cells as i64 - best.0 as i64) / 2) as u64, best.1)
    }

    /// The whole transform's input, as the single-transform reference for [`split_minimum`]:
    /// h(s) = sum over cells with quiet signature s of (-1)^{x_c}, for every s in 0..2^k.
    fn signature_histogram(x: &Grid, quiet: &[Grid]) -> Vec<i64> {
        let k = quiet.len();
        let threads = rayon::current_num_threads().max(1);
        let rows = x.rows;
        let chunk = rows.div_ceil(threads).max(1);
        let parts: Vec<Vec<i64>> = (0..rows.div_ceil(chunk))
            .into_par_iter()
            .map(|t| {
                let mut h = vec![0i64; 1 << k];
                for r in t * chunk..((t + 1) * chunk).min(rows) {
                    row_signatures(x, quiet, r, |s, on| h[s as usize] += if on { -1 } else { 1 });
                }
                h
            })
            .collect();
        let mut h = vec![0i64; 1 << k];
        for p in parts {
            for (a, b) in h.iter_mut().zip(p) {
                *a += b;
            }
        }
        h
    }

    /// The lane-parallel minimum and the older split transform (every slice width) against a
    /// plain loop over every combination (k = 10) and against the single transform (k = 18, 24),
    /// on random codes and words.
    #[test]
    fn coset_minimum_matches_exhaustive_and_whole_transform() {
        let mut seed = 7u64;
        let mut rand = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            seed >> 11
        };
        for (k, rows, cols) in [(10usize, 9usize, 7usize), (18, 13, 70), (24, 31, 40)] {
            for _ in 0..3 {
                let random_grid = |rand: &mut dyn FnMut() -> u64| {
                    let mut g = Grid::zeros(rows, cols).unwrap();
                    for r in 0..rows {
                        for c in 0..cols {
                            if rand() & 3 == 0 {
                                g.flip(r, c);
                            }
                        }
                    }
                    g
                };
                let x = random_grid(&mut rand);
                let quiet: Vec<Grid> = (0..k).map(|_| random_grid(&mut rand)).collect();
                let sigs = cell_signatures(&x, &quiet);
                let cells = rows * cols;
                let want = if k <= 10 {
                    (0..1u64 << k)
                        .map(|a| {
                            let mut y = x.clone();
                            apply_combination(&mut y, &quiet, a);
                            (y.count(), a)
                        })
                        .min()
                        .unwrap()
                } else {
                    let mut w = signature_histogram(&x, &quiet);
                    walsh_hadamard(&mut w);
                    let a = (0..w.len()).min_by_key(|&a| ((cells as i64 - w[a]) / 2, a)).unwrap();
                    (((cells as i64 - w[a]) / 2) as u64, a as u64)
                };
                assert_eq!(coset_minimum(&sigs, cells, k, None), want, "k {k}");
                let slices: Vec<usize> = if k > 18 { vec![14, 20, 24] } else { (0..=k).collect() };
                for slice in slices {
                    assert_eq!(split_minimum(&sigs, cells, k, slice), want, "k {k} slice {slice}");
                }
                let mut y = x.clone();
                apply_combination(&mut y, &quiet, want.1);
                assert_eq!(y.count(), want.0);
            }
        }
    }

    /// Real Lights Out cosets (all-ones 47 x 47, nullity 30: 3,500 signature classes): the
    /// lane-parallel minimum equals the split transform's, and OEIS A075464(47) = 971.
    #[test]
    fn coset_minimum_matches_split_transform_on_a_real_coset() {
        let game = Game::new(Rule::Plus, Topology::Open, 47, 47).unwrap();
        let Outcome::Solved(s) = solve_plus_open(&game, &Grid::ones(47, 47).unwrap()).unwrap() else {
            panic!("solvable")
        };
        assert_eq!(s.quiet.len(), 30);
        let sigs = cell_signatures(&s.presses, &s.quiet);
        let fast = coset_minimum(&sigs, 47 * 47, 30, None);
        assert_eq!(fast, split_minimum(&sigs, 47 * 47, 30, 20));
        assert_eq!(fast.0, 971);
    }

    /// Past the exact range the descent only ever lowers the count and stays in the coset.
    #[test]
    fn neighbourhood_descent_stays_in_the_coset_and_never_worsens() {
        let game = Game::new(Rule::Plus, Topology::Open, 39, 39).unwrap();
        let ones = Grid::ones(39, 39).unwrap();
        let Outcome::Solved(s) = solve_plus_open(&game, &ones).unwrap() else {
            panic!("39 x 39 all-ones is solvable")
        };
        assert_eq!(s.quiet.len(), 32);
        let mut x = s.presses.clone();
        let before = x.count();
        neighbourhood_descent(&mut x, &s.quiet, 20);
        // OEIS A075464(39) = 561 is the minimum: the descent can reach it, never pass it.
        assert!(x.count() <= before && x.count() >= 561, "{before} -> {}", x.count());
        assert!(apply_presses(&game, &ones, &x).unwrap().is_clear());
    }

    #[test]
    fn solver_matches_brute_force_on_tiny_boards() {
        let mut seed = 99u64;
        for rule in [Rule::Plus, Rule::Block] {
            for topo in [Topology::Open, Topology::Torus] {
                for m in 1..=4 {
                    for n in 1..=4 {
                        let game = Game::new(rule, topo, m, n).unwrap();
                        for _ in 0..6 {
                            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                            let v = (seed >> 20) & ((1u64 << (m * n)) - 1);
                            let board = Grid::from_vector(m, n, &[v]).unwrap();
                            let brute = brute_min(&game, &board);
                            match solve(&game, &board).unwrap() {
                                Outcome::Unsolvable { .. } => assert_eq!(brute, None, "{rule:?} {topo:?} {m}x{n}"),
                                Outcome::Solved(s) => {
                                    assert!(s.exact_minimum);
                                    assert_eq!(Some(s.presses.count()), brute, "{rule:?} {topo:?} {m}x{n} {v:b}");
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
