//! The family's data dictionary: every file under `data/lightsout/`, each declared once by the
//! schema next to the code that writes it.

use super::{all_ones, class_symmetry, exports, gods, graph_commands, graph_study, sampled, seed004};
use crate::output::schema::Schema;

pub fn resources() -> Vec<&'static Schema> {
    [
        &exports::SWEEP,
        &exports::LONG_SWEEP,
        &exports::MILLION_SWEEP,
        &exports::RECT,
        &exports::SOLVABILITY_BY_N_MOD_3,
        &exports::HISTOGRAM,
        &exports::QUIET,
        &exports::CHASE_TABLE,
        &all_ones::ALL_ONES,
        &all_ones::ALL_ONES_PRESSES,
        &exports::HAND_ALGORITHMS,
        &gods::GODS_NUMBERS,
        &gods::GODS_WITNESS_BOARDS,
        &class_symmetry::CLASS_SYMMETRY,
        &exports::RECT_DATASET,
        &seed004::PAIRS,
        &seed004::FORMULAS,
        &seed004::LAST_ROWS,
        &sampled::SAMPLED_HISTOGRAM,
        &graph_commands::GRAPH_HISTOGRAM,
        &graph_commands::GRAPH_QUIET,
        &graph_commands::GRAPH_GODS,
        &graph_commands::FAMILY_SWEEP,
        &graph_study::NAMED_GRAPHS,
    ]
    .to_vec()
}
