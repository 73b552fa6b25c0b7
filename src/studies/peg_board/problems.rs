//! The (start, finish) problems of a board: which single-vacancy starts reduce to one peg in which
//! hole, the position-class test beside the search's answer, and the fewest moves of each solvable
//! problem (a move is a chain of jumps by one peg), proven or bounded.

use crate::puzzles::peg::Jump;

/// One (start, finish) problem: the single vacancy at `start`, the single peg left at `finish`
/// (both 0-based cells of the board, in reading order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardProblem {
    pub start: usize,
    pub finish: usize,
    /// The position-class test allows it (necessary, not sufficient, for solvability).
    pub class_allows: bool,
    /// Decided by search: some jump sequence leaves one peg in `finish`.
    pub solvable: bool,
    /// The fewest moves, when proven (a play of that length exists and none shorter).
    pub min_moves: Option<u32>,
    /// The best lower bound proven, when the minimum is not settled.
    pub min_moves_lower_bound: Option<u32>,
    /// The length of the best play found, when the minimum is not settled.
    pub min_moves_upper_bound: Option<u32>,
    /// A play of `min_moves` moves (or of `min_moves_upper_bound`), jumps in order; empty when
    /// unsolvable.
    pub play: Vec<Jump>,
}
