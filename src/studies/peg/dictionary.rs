//! The peg family's data dictionary: every file under `data/peg/`, each declared by a
//! [`Schema`](crate::output::schema::Schema)
//! next to the code that writes it. More specific patterns come first (a file takes the first
//! that matches).

use super::{partial, seed001, tables};
use crate::output::schema::Schema;
use crate::studies::peg_board;

pub fn resources() -> Vec<&'static Schema> {
    [
        &partial::T9_LEVELS,
        &tables::LEVELS,
        &tables::SYMMETRY,
        &tables::T8_STARTS,
        &tables::T8_FINISHES,
        &tables::STARTS,
        &tables::FINISHES,
        &tables::SIDES,
        &tables::PROFILE,
        &tables::MOVE_HISTOGRAM,
        &tables::POSITIONS,
        &super::beam_plays::PLAYS,
        &super::lower_bounds::LOWER_BOUNDS,
        &seed001::EXAMPLE,
        &seed001::JUMPS,
        // After the triangles' patterns: `peg/*/levels.csv` would match theirs too.
        &peg_board::tables::BOARD_LEVELS,
        &peg_board::tables::GAME,
        &peg_board::tables::BOARD_FINISHES,
        &peg_board::tables::GAME_SUMMARY,
        &peg_board::tables::POSITIONS,
        &peg_board::tables::PROBLEMS,
        &peg_board::tables::BOARDS,
    ]
    .to_vec()
}
