//! Position classes from the jump lines alone: the linear invariants over GF(2), the functions
//! f: cells -> {0, 1} with f(a) + f(b) + f(c) = 0 on every jump line. A jump flips its line's
//! three cells, so each f's parity over the pegs never changes; they are the dual of the quotient
//! of the cell space by the span of the lines, so they tell apart exactly its cosets (on the
//! English board the 16 classes of the two diagonal colourings mod 3, on the triangle 4).

use crate::engine::gf2::BitMatrix;
use anyhow::Result;

/// A basis of the invariants, each as a mask of cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Classes {
    pub basis: Vec<u64>,
}

impl Classes {
    pub fn new(cells: usize, lines: &[[u8; 3]]) -> Result<Classes> {
        let rows: Vec<Vec<bool>> = lines
            .iter()
            .map(|line| (0..cells).map(|i| line.contains(&(i as u8))).collect())
            .collect();
        let basis = if rows.is_empty() {
            (0..cells).map(|i| 1u64 << i).collect()
        } else {
            BitMatrix::from_rows(&rows)
                .null_space()?
                .into_iter()
                .map(|v| v.first().copied().unwrap_or(0))
                .collect()
        };
        Ok(Classes { basis })
    }

    /// The number of invariants (the classes are 2^dimension).
    pub fn dimension(&self) -> usize {
        self.basis.len()
    }

    /// A position's class: bit i is the parity of its pegs on invariant i (dimension <= 64
    /// always: at most 56 cells).
    pub fn class(&self, pegs: u64) -> u64 {
        self.basis
            .iter()
            .enumerate()
            .fold(0, |acc, (i, f)| acc | u64::from((pegs & f).count_ones() & 1) << i)
    }
}
