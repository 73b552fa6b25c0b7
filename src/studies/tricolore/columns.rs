//! What several of the family's schemas share: the source every file cites, the columns that mean
//! the same in several files, and the king/orthogonal pairs of half-board schemas.

use crate::output::glossary;
use crate::output::glossary::Term;
use crate::output::schema::{col, Column, Kind::*, Schema};

pub const SOURCE: &str = "Computed by statespace (rules: seed 003, \"A Study of Tricolore XP\")";

/// A 4x2 board in a column's description.
pub const BOARD: &str = "a 4x2 board, rows joined by '.' (R red, W white, B blue), e.g. WBWW.WBRB";

pub const REGIME: Column = col(glossary::regime, String, "unrestricted, hybrid or restricted");
pub const START_BOARD: Column = col(glossary::start_board, String, BOARD);

/// A schema of the family (its source is [`SOURCE`]).
pub const fn schema(
    pattern: &'static str,
    description: &'static str,
    columns: &'static [Column],
    primary_key: &'static [Term],
) -> Schema {
    Schema {
        pattern,
        description,
        columns,
        primary_key,
        source: SOURCE,
    }
}

/// The half-board files exist for king adjacency (`tricolore/half_{regime}/`) and orthogonal
/// adjacency (`tricolore/orthogonal/half_{regime}/`): the orthogonal schema is the king one
/// under `orthogonal/`.
pub const fn orthogonal(king: Schema, pattern: &'static str) -> Schema {
    Schema { pattern, ..king }
}
