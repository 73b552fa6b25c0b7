//! Seed 003's reversed table is "compiled over all possible starting states": per target, the
//! clicks from every start of the 4x2 board other than the target (the mirror images of the 3321
//! representatives too), not from the representatives alone. The two means can round to different
//! figures at the printed precision, so the file keeps the all-starts figures beside `targets.csv`.
//! Also the rounding the document's Percent columns use.

use super::columns::{schema, BOARD, REGIME};
use super::half::HalfStudy;
use crate::output::glossary;
use crate::output::schema::{col, Kind, Kind::Integer, Kind::Number, Schema};
use crate::output::{Cell, Table};

/// The file's name under `data/tricolore/`.
pub const TARGETS_ALL_STARTS_CSV: &str = "seed003_targets_all_starts.csv";

pub static TARGETS_ALL_STARTS: Schema = schema(
    "tricolore/seed003_targets_all_starts.csv",
    "Clicks to reach each final state of the 4x2 board (king adjacency), over every start other than it: all 6561 \
        boards, the mirror images of the 3321 representatives included (seed 003's reversed table: \"compiled over \
        all possible starting states\").",
    &[
        REGIME,
        col(glossary::target, Kind::String, BOARD),
        col(
            glossary::starts,
            Integer,
            "starts other than the target (of all 6561) that can reach it (0: no start can)",
        ),
        col(
            glossary::mean_clicks,
            Number,
            "mean fewest clicks to the target over those starts (6 decimals); empty when none",
        ),
        col(
            glossary::max_clicks,
            Number,
            "most clicks any of those starts needs; empty when none",
        ),
    ],
    &[glossary::regime, glossary::target],
);

/// One row per (regime, target), regimes in the order given, targets in board order.
pub fn targets_all_starts_table(studies: &[&HalfStudy]) -> Table {
    let mut t = TARGETS_ALL_STARTS.table();
    for s in studies {
        for r in &s.targets {
            t.push(vec![
                s.regime.name().into(),
                s.grid.format(r.target).into(),
                r.all_starts.into(),
                r.all_starts_average().map_or(Cell::Empty, |m| Cell::Fixed(m, 6)),
                r.all_max_clicks.map_or(Cell::Empty, Cell::from),
            ]);
        }
    }
    t
}

/// Whole percents of `counts` that add up to exactly 100 (when the counts are not all zero):
/// each share rounded down, then the units left over given one each to the largest remainders
/// (ties to the earlier row). This is how seed 003's Percent columns add up to 100 beside their
/// Total row of 100%; plain rounding gives columns summing to 98 or 99.
pub fn largest_remainder_percents(counts: &[u64]) -> Vec<u64> {
    let total: u64 = counts.iter().sum();
    if total == 0 {
        return vec![0; counts.len()];
    }
    let mut out: Vec<u64> = counts.iter().map(|&n| n * 100 / total).collect();
    let left = 100 - out.iter().sum::<u64>();
    let mut order: Vec<usize> = (0..counts.len()).collect();
    // Remainders compared exactly: (n * 100) mod total.
    order.sort_by_key(|&i| std::cmp::Reverse(counts[i] * 100 % total));
    for &i in order.iter().take(left as usize) {
        out[i] += 1;
    }
    out
}
