//! The all-ones board's fewest presses (seed 000): one row per side, its two files' schemas and
//! their tables. Computed by the study ([`super::study`]); the costly rows are read back by
//! [`super::saved`].

use super::columns::SOURCE;
use super::solve;
use crate::output::glossary;
use crate::output::schema::{col, Column, Kind, Schema};
use crate::output::Table;
use crate::puzzles::lightsout::Grid;

/// One row of `all_ones_min_presses.csv`, with the press pattern behind it.
pub struct AllOnesRow {
    pub n: usize,
    pub nullity: usize,
    pub first_found: u64,
    pub minimum: u64,
    pub exact: bool,
    /// A solution with `minimum` presses (`all_ones_presses.csv`).
    pub presses: Grid,
    /// Proven: no solution has fewer presses (equal to `minimum` when exact).
    pub lower: u64,
    /// How `lower` is proven.
    pub lower_method: String,
}

pub const ALL_ONES_CSV: &str = "all_ones_min_presses.csv";
pub const ALL_ONES_PRESSES_CSV: &str = "all_ones_presses.csv";

/// `n`, the first column of both files.
const N: Column = col(glossary::n, Kind::Integer, "side of the board");

pub static ALL_ONES: Schema = Schema {
    pattern: "lightsout/all_ones_min_presses.csv",
    description: "The all-ones n x n board (plus rule, open): presses of the first solution found, the fewest \
                presses over every solution (or the best found, with a proven lower bound, where the solutions are too \
                many to enumerate).",
    columns: &[
        N,
        col(
            glossary::nullity,
            Kind::Integer,
            "nullity of the press matrix: the board has 2^nullity solutions",
        ),
        col(
            glossary::first_found_presses,
            Kind::Integer,
            "presses in the first solution the elimination produces, before minimising",
        ),
        col(
            glossary::min_presses,
            Kind::Integer,
            "fewest presses found over the 2^nullity solutions",
        ),
        col(
            glossary::exact,
            Kind::Boolean,
            "true when min_presses is the minimum over every solution, false when it is \
                    the best found by descent (an upper bound)",
        ),
        col(
            glossary::method,
            Kind::String,
            "how min_presses was found: unique (nullity 0), transform (nullity <= 17: one \
                    Walsh-Hadamard transform over all 2^nullity solutions), split transform (nullity 18..42: an outer \
                    loop of transforms of 2^13 or more entries, 16 solutions per vector lane, every solution \
                    evaluated; exact), neighbourhood search (nullity > 42: best found, not proven minimal)",
        ),
        col(
            glossary::min_presses_lower_bound,
            Kind::Integer,
            "proven: no solution has fewer presses; equal to min_presses \
                    where exact, else the better of two relaxations (see lower_bound_method)",
        ),
        col(
            glossary::lower_bound_method,
            Kind::String,
            "how min_presses_lower_bound is proven: exact (the enumeration \
                    named in method), or the strip relaxation (the columns cut into strips of width <= 8, each strip's \
                    fewest presses satisfying the lights whose neighbours it holds, by dynamic programming over its \
                    rows, summed) and the mirror relaxation (the quiet code split into its mirror-fixed part and a \
                    complement; the complement enumerated, the mirror-fixed part relaxed to independent signs per \
                    group of cells), each with its value",
        ),
    ],
    primary_key: &[glossary::n],
    source: SOURCE,
};

/// The columns of `all_ones_min_presses.csv` a file written before the lower bounds existed holds
/// (the last two are recomputed by every run, so such a file is still read back).
pub const ALL_ONES_FIRST_COLUMNS: usize = 6;

pub static ALL_ONES_PRESSES: Schema = Schema {
    pattern: "lightsout/all_ones_presses.csv",
    description: "A press pattern behind every min_presses of all_ones_min_presses.csv, one board row per \
                table row: replaying it turns off the all-ones n x n board (plus rule, open) in min_presses presses. \
                The default reproduce re-checks the costly rows (nullity > 36) from it instead of recomputing them.",
    columns: &[
        N,
        col(glossary::row, Kind::Integer, "board row, 1 = top"),
        col(
            glossary::presses,
            Kind::String,
            "the row's cells, columns 1..n: # = pressed, . = not pressed",
        ),
    ],
    primary_key: &[glossary::n, glossary::row],
    source: SOURCE,
};

/// `all_ones_min_presses.csv`.
pub fn all_ones_table(rows: &[AllOnesRow]) -> Table {
    let mut t = ALL_ONES.table();
    for r in rows {
        t.push(vec![
            r.n.into(),
            r.nullity.into(),
            r.first_found.into(),
            r.minimum.into(),
            r.exact.into(),
            solve::method(r.nullity).into(),
            r.lower.into(),
            r.lower_method.as_str().into(),
        ]);
    }
    t
}

/// The press pattern behind every `min_presses` (one row of the board per table row, `#` =
/// pressed), so a reader can replay each minimum; `reproduce` re-checks the costly ones from it.
pub fn all_ones_presses_table(rows: &[AllOnesRow]) -> Table {
    let mut t = ALL_ONES_PRESSES.table();
    for r in rows {
        for (i, line) in r.presses.to_text(false).lines().enumerate() {
            t.push(vec![r.n.into(), (i + 1).into(), line.into()]);
        }
    }
    t
}
