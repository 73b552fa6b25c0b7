//! The peg family's data dictionary: every file under `data/peg/`, each declared by a
//! [`Schema`](crate::output::schema::Schema)
//! next to the code that writes it. More specific patterns come first (a file takes the first
//! that matches).

use super::{partial, seed001, tables};
use crate::output::schema::Schema;

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
        &seed001::EXAMPLE,
        &seed001::JUMPS,
    ]
    .to_vec()
}
