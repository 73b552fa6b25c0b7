//! The board study's own data files, their columns declared once ([`Schema`]) beside the function
//! that fills each.

use super::problems::Problems;
use crate::output::glossary;
use crate::output::schema::Kind::{Boolean, Integer};
use crate::output::schema::{col, Kind, Schema};
use crate::output::{Cell, Table};
use crate::puzzles::peg::format_play;
use crate::studies::peg::tables::START;

/// `problems.csv` of any board.
pub static PROBLEMS: Schema = Schema {
    pattern: "peg/*/problems.csv",
    description: "Every (start, finish) problem of a board (single vacancy at start, single peg left at finish) \
        that passes the position-class test or is solvable: solvability by a forward search from one start per \
        orbit of the board's computed symmetry group, and the fewest moves (a move is a chain of jumps by one \
        peg), proven by meeting in the middle on the moves graph.",
    columns: &[
        START,
        col(
            glossary::finish,
            Integer,
            "the hole meant to hold the last peg (1-based, reading order)",
        ),
        col(
            glossary::passes_class_test,
            Boolean,
            "start and finish lie in the same position class (computed from the board's jump lines; a necessary \
            condition)",
        ),
        col(
            glossary::solvable,
            Boolean,
            "a play from start ending with one peg in finish exists (forward search)",
        ),
        col(
            glossary::min_moves,
            Integer,
            "fewest moves for this problem where proven; empty when not solvable or not proven (see \
            min_moves_lower_bound)",
        ),
        col(
            glossary::min_moves_lower_bound,
            Integer,
            "a proven lower bound on the fewest moves (equal to min_moves where that is filled); empty when not \
            solvable",
        ),
        col(
            glossary::min_moves_proof,
            Kind::String,
            "why: 'balls of F moves out of the start and B into the finish meet' (min_moves is the least sum of \
            distances over their common boards), or '... do not meet: at least F + B + 1'; empty when not solvable",
        ),
        col(
            glossary::play,
            Kind::String,
            "a play with min_moves moves, replayed: moves separated by ' | ', each move the holes its peg visits \
            joined by '-'; empty where min_moves is",
        ),
    ],
    primary_key: &[glossary::start, glossary::finish],
    source: "Computed by statespace (peg solitaire rules of issue 38 on the named board)",
};

/// `problems.csv`: one row per problem, sorted by (start, finish), holes 1-based.
pub fn problems_table(p: &Problems) -> Table {
    let mut t = PROBLEMS.table();
    let opt = |x: Option<u32>| x.map_or(Cell::Empty, Cell::from);
    for (r, proof) in p.rows.iter().zip(&p.proofs) {
        t.push(vec![
            (r.start + 1).into(),
            (r.finish + 1).into(),
            r.class_allows.into(),
            r.solvable.into(),
            opt(r.min_moves),
            opt(r.min_moves_lower_bound),
            proof.clone().map_or(Cell::Empty, Cell::from),
            if r.play.is_empty() {
                Cell::Empty
            } else {
                format_play(&r.play).into()
            },
        ]);
    }
    t
}
