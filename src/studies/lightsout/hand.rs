//! Seed 002's hand algorithms for the block rule (a press toggles the 3x3 block) on open N x N
//! boards, as literally as the seed states them:
//! - one-way (Theorem 3, for 3k+2): rows top to bottom; in each row, cells right to left; for
//!   each lit cell press the cell below-left of it;
//! - two-way (Theorem 4, for 3k): rows top to bottom, each row cleared by presses in the row
//!   below (right to left pressing below-left, then left to right pressing below-right: the
//!   seed writes "right to left" for the second pass too, but its proof pushes the light to the
//!   right, which only a left-to-right scan does); then rows bottom to top, pressing in the row
//!   above the same way;
//! - two-way for 3k+1 (Theorem 5): as two-way, but a row left with only its first cell lit gets
//!   the press below (above) that cell first, and a lit bottom row after the downward pass is
//!   first moved up by pressing the bottom row's own cells.
//!
//! Each run reports whether it cleared the board and how many presses it made.

use crate::engine::gf2::BitMatrix;
use anyhow::{bail, Result};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    OneWay,
    TwoWay,
    TwoWay3k1,
}

impl Algorithm {
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::OneWay => "one-way",
            Algorithm::TwoWay => "two-way",
            Algorithm::TwoWay3k1 => "two-way (3k+1)",
        }
    }
    /// The algorithm seed 002 prescribes for side n.
    pub fn for_side(n: usize) -> Algorithm {
        match n % 3 {
            2 => Algorithm::OneWay,
            0 => Algorithm::TwoWay,
            _ => Algorithm::TwoWay3k1,
        }
    }
}

/// A block-rule open N x N board as a bitmask (cell r * n + c), N <= 11.
struct Board {
    n: usize,
    bits: u128,
    presses: u32,
    masks: Vec<u128>,
}

impl Board {
    fn lit(&self, r: usize, c: usize) -> bool {
        self.bits >> (r * self.n + c) & 1 == 1
    }
    /// Presses (r, c) if it is on the board; returns whether it was.
    fn press(&mut self, r: isize, c: isize) -> bool {
        let n = self.n as isize;
        if r < 0 || c < 0 || r >= n || c >= n {
            return false;
        }
        self.bits ^= self.masks[(r * n + c) as usize];
        self.presses += 1;
        true
    }
    fn row_empty(&self, r: usize) -> bool {
        (0..self.n).all(|c| !self.lit(r, c))
    }
}

pub fn block_masks(n: usize) -> Vec<u128> {
    let mut masks = vec![0u128; n * n];
    for r in 0..n {
        for c in 0..n {
            for rr in r.saturating_sub(1)..(r + 2).min(n) {
                for cc in c.saturating_sub(1)..(c + 2).min(n) {
                    masks[r * n + c] |= 1 << (rr * n + cc);
                }
            }
        }
    }
    masks
}

/// Clears row `r` with presses in row `pr` (each toggles columns c-1..c+1 of row r).
fn clear_row(b: &mut Board, r: usize, pr: usize, variant_3k1: bool) {
    let n = b.n;
    for c in (1..n).rev() {
        if b.lit(r, c) {
            b.press(pr as isize, c as isize - 1);
        }
    }
    if variant_3k1 && b.lit(r, 0) && (1..n).all(|c| !b.lit(r, c)) {
        b.press(pr as isize, 0);
    }
    for c in 0..n.saturating_sub(1) {
        if b.lit(r, c) {
            b.press(pr as isize, c as isize + 1);
        }
    }
}

/// Runs `alg` on `bits`; returns `Some(presses)` when the board ends clear.
pub fn run(alg: Algorithm, n: usize, bits: u128, masks: &[u128]) -> Option<u32> {
    let mut b = Board {
        n,
        bits,
        presses: 0,
        masks: masks.to_vec(),
    };
    match alg {
        Algorithm::OneWay => {
            for r in 0..n.saturating_sub(1) {
                for c in (0..n).rev() {
                    if b.lit(r, c) && !b.press(r as isize + 1, c as isize - 1) {
                        return None; // the seed's press would be off the board
                    }
                }
            }
        }
        Algorithm::TwoWay | Algorithm::TwoWay3k1 => {
            let v = alg == Algorithm::TwoWay3k1;
            for r in 0..n.saturating_sub(1) {
                clear_row(&mut b, r, r + 1, v);
            }
            if v && !b.row_empty(n - 1) {
                clear_row(&mut b, n - 1, n - 1, v);
            }
            for r in (1..n).rev() {
                clear_row(&mut b, r, r - 1, v);
            }
        }
    }
    (b.bits == 0).then_some(b.presses)
}

#[derive(Clone, Debug, PartialEq)]
pub struct HandRow {
    pub n: usize,
    pub algorithm: &'static str,
    pub exhaustive: bool,
    /// log2 of the solvable boards (the rank of the press matrix): all of them are tested when
    /// `exhaustive`, else `boards` drawn uniformly at random.
    pub rank: u32,
    pub boards: u64,
    pub cleared: u64,
    /// Presses made by the algorithm, over cleared boards (repeats counted).
    pub total_presses: u64,
    /// Minimum presses, over the same cleared boards.
    pub total_minimum: u64,
    /// Sums of squares of the two, for the standard errors of sampled means.
    pub squares_presses: u64,
    pub squares_minimum: u64,
    pub optimal_boards: u64,
    pub max_excess: u32,
    /// A board the algorithm failed on, if any (bitmask, cell r * n + c).
    pub failure_example: Option<u128>,
    /// The smallest board (as a bitmask) where it pressed `max_excess` more than the minimum, if
    /// it ever pressed more.
    pub excess_example: Option<u128>,
}

impl HandRow {
    pub fn mean_presses(&self) -> f64 {
        self.total_presses as f64 / self.cleared.max(1) as f64
    }
    pub fn mean_minimum(&self) -> f64 {
        self.total_minimum as f64 / self.cleared.max(1) as f64
    }
    /// Standard error of a sampled mean from its sums (sample variance over n - 1); `None` when
    /// every board was tested (the mean is exact).
    fn standard_error(&self, total: u64, squares: u64) -> Option<f64> {
        if self.exhaustive {
            return None;
        }
        let n = self.cleared as f64;
        let mean = total as f64 / n;
        let var = (squares as f64 - n * mean * mean) / (n - 1.0).max(1.0);
        Some((var.max(0.0) / n).sqrt())
    }
    pub fn mean_presses_standard_error(&self) -> Option<f64> {
        self.standard_error(self.total_presses, self.squares_presses)
    }
    pub fn mean_minimum_standard_error(&self) -> Option<f64> {
        self.standard_error(self.total_minimum, self.squares_minimum)
    }
    /// What was tested: every solvable board, or a sample and the population it is drawn from.
    pub fn scope(&self) -> String {
        if self.exhaustive {
            format!("all {} solvable boards", self.boards)
        } else {
            format!(
                "random sample of {} of the 2^{} solvable boards",
                self.boards, self.rank
            )
        }
    }
}

/// Boards with at most this many solvable positions are enumerated exhaustively.
pub const EXHAUSTIVE_LIMIT: u32 = 16;
pub const SAMPLES: u64 = 2000;

/// Runs seed 002's algorithm for each side 2..=max_n on solvable boards.
pub fn study(max_n: usize) -> Result<Vec<HandRow>> {
    if max_n > 11 {
        bail!("hand algorithms are studied up to 11 x 11");
    }
    let mut out = Vec::new();
    for n in 2..=max_n {
        out.push(side(n, Algorithm::for_side(n))?);
    }
    Ok(out)
}

/// The block press matrix of side n (press masks `masks`): its image basis (rows of the echelon
/// form; the matrix is symmetric), a solution of each basis board, so every board's particular
/// solution follows by XOR, and a basis of its kernel.
fn block_algebra(n: usize, masks: &[u128]) -> Result<(Vec<u128>, Vec<u128>, Vec<u128>)> {
    let cells = n * n;
    let mut a = BitMatrix::zeros(cells, cells)?;
    for (j, &m) in masks.iter().enumerate() {
        for i in 0..cells {
            if m >> i & 1 == 1 {
                a.set(i, j, true);
            }
        }
    }
    let to_u128 = |v: &[u64]| -> u128 { v[0] as u128 | (v.get(1).copied().unwrap_or(0) as u128) << 64 };
    let mut e = a.clone();
    let ech = e.reduce(cells);
    let image: Vec<u128> = ech.pivots.iter().map(|&(r, _)| to_u128(e.row(r))).collect();
    let mut xs = Vec::new();
    for &b in &image {
        let v = [b as u64, (b >> 64) as u64];
        let s = a
            .solve(&v[..crate::engine::gf2::words(cells)])?
            .expect("image boards are solvable");
        xs.push(to_u128(&s.particular));
    }
    let kernel: Vec<u128> = a.null_space()?.iter().map(|v| to_u128(v)).collect();
    Ok((image, xs, kernel))
}

pub fn side(n: usize, alg: Algorithm) -> Result<HandRow> {
    let masks = block_masks(n);
    let (image, xs, kernel) = block_algebra(n, &masks)?;
    let rank = image.len() as u32;
    let exhaustive = rank <= EXHAUSTIVE_LIMIT;
    let mut row = HandRow {
        n,
        algorithm: alg.name(),
        exhaustive,
        rank,
        boards: 0,
        cleared: 0,
        total_presses: 0,
        total_minimum: 0,
        squares_presses: 0,
        squares_minimum: 0,
        optimal_boards: 0,
        max_excess: 0,
        failure_example: None,
        excess_example: None,
    };
    let min_weight = |x: u128| -> u32 {
        // Gray code over the kernel
        let mut best = x.count_ones();
        let mut cur = x;
        for i in 1u64..1 << kernel.len() {
            cur ^= kernel[i.trailing_zeros() as usize];
            best = best.min(cur.count_ones());
        }
        best
    };
    let mut visit = |board: u128, x: u128| {
        row.boards += 1;
        match run(alg, n, board, &masks) {
            None => {
                if row.failure_example.is_none_or(|f| board < f) {
                    row.failure_example = Some(board);
                }
            }
            Some(p) => {
                let m = min_weight(x);
                row.cleared += 1;
                row.total_presses += p as u64;
                row.total_minimum += m as u64;
                row.squares_presses += u64::from(p) * u64::from(p);
                row.squares_minimum += u64::from(m) * u64::from(m);
                if p == m {
                    row.optimal_boards += 1;
                }
                // The example shown beside max_excess attains it: the smallest board (as a
                // bitmask) of the largest excess, so the figure and its board agree.
                let e = p - m;
                if e > row.max_excess || (e > 0 && e == row.max_excess && row.excess_example.is_none_or(|f| board < f))
                {
                    row.excess_example = Some(board);
                }
                row.max_excess = row.max_excess.max(e);
            }
        }
    };
    if exhaustive {
        let (mut b, mut x) = (0u128, 0u128);
        visit(0, 0);
        for i in 1u64..1 << rank {
            let j = i.trailing_zeros() as usize;
            b ^= image[j];
            x ^= xs[j];
            visit(b, x);
        }
    } else {
        let mut seed = 0x5eed_0002u64 + n as u64;
        for _ in 0..SAMPLES {
            let (mut b, mut x) = (0u128, 0u128);
            for j in 0..image.len() {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                if seed >> 63 == 1 {
                    b ^= image[j];
                    x ^= xs[j];
                }
            }
            visit(b, x);
        }
    }
    Ok(row)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The board shown beside `max_excess` presses exactly that many more than the fewest that
    /// clear it (it once showed the smallest board with any excess: 2 beside a maximum of 12).
    /// The minimum here by brute force over every press pattern (Gray code), not the kernel.
    #[test]
    fn excess_example_attains_max_excess() {
        for n in [3, 4, 5] {
            let alg = Algorithm::for_side(n);
            let row = side(n, alg).unwrap();
            let board = row.excess_example.expect("an excess");
            let masks = block_masks(n);
            let presses = run(alg, n, board, &masks).unwrap();
            let (mut cur, mut x, mut best) = (0u128, 0u128, u32::MAX);
            for i in 0u64..1 << (n * n) {
                if i > 0 {
                    let j = i.trailing_zeros() as usize;
                    cur ^= masks[j];
                    x ^= 1 << j;
                }
                if cur == board {
                    best = best.min(x.count_ones());
                }
            }
            assert_eq!(presses - best, row.max_excess, "{n}x{n}");
        }
    }

    /// A sampled mean's standard error is the sample standard deviation over sqrt(n); an
    /// exhaustive mean has none.
    #[test]
    fn standard_errors_of_sampled_means() {
        // Presses 1, 2, 3, 6 (mean 3, sample variance 14/3); minimum 1, 1, 1, 1 (variance 0).
        let mut row = side(2, Algorithm::for_side(2)).unwrap();
        assert!(row.exhaustive && row.mean_presses_standard_error().is_none());
        row.exhaustive = false;
        (
            row.cleared,
            row.total_presses,
            row.squares_presses,
            row.total_minimum,
            row.squares_minimum,
        ) = (4, 12, 50, 4, 4);
        let want = (14.0f64 / 3.0 / 4.0).sqrt();
        assert!((row.mean_presses_standard_error().unwrap() - want).abs() < 1e-12);
        assert_eq!(row.mean_minimum_standard_error(), Some(0.0));
    }
}
