//! What several of the family's data files share: the columns of a nullity sweep, the source
//! line of the files computed from the rules, and the row pictures bit strings are written as.

use crate::output::glossary;
use crate::output::schema::{col, Column, Kind};

pub const SOURCE: &str =
    "Computed by statespace (rules: seeds 000 and 004, Lights Out, plus rule; seed 002, Toggle Squares, block rule)";

/// The columns of every nullity sweep (`sweep_*.csv`, `n*/sweep_plus_open.csv` and `.parquet`).
pub const SWEEP_COLUMNS: &[Column] = &[
    col(glossary::n, Kind::Integer, "side of the n x n board"),
    col(glossary::n_mod_3, Kind::Integer, "n modulo 3"),
    col(
        glossary::rank,
        Kind::Integer,
        "rank of the n^2 x n^2 press matrix over GF(2); 2^rank boards are solvable",
    ),
    col(
        glossary::nullity,
        Kind::Integer,
        "n^2 - rank: dimension of the space of quiet patterns; a solvable board has 2^nullity solutions",
    ),
    col(
        glossary::log2_solvable_fraction,
        Kind::Integer,
        "log2 of the share of all boards that are solvable (= -nullity, exact)",
    ),
];

/// The side of a plus/open n x n board and its quiet space's dimension, as God's-number files
/// name them.
pub const GODS_SIDE: Column = col(glossary::n, Kind::Integer, "side of the board");
pub const GODS_NULLITY: Column = col(
    glossary::nullity,
    Kind::Integer,
    "nullity of the press matrix (dimension of the quiet space)",
);

/// A row of cells as a picture, column 1 first: `#` on (or pressed), `.` off. Every row of cells
/// in the family's files is written this way, so no loader reads one as a number.
pub fn row_picture(cells: &[bool]) -> String {
    cells.iter().map(|&b| if b { '#' } else { '.' }).collect()
}

/// The `n` low bits of `mask` (bit 0 = column 1) as a [`row_picture`].
pub fn mask_picture(mask: u128, n: usize) -> String {
    (0..n).map(|c| if mask >> c & 1 == 1 { '#' } else { '.' }).collect()
}
