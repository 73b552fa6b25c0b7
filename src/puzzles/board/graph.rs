//! A board as a game for the engines: a [`SubsetGraph`] for the layered engine (positions are
//! subsets of cells, a jump removes one peg) and a [`Model`] for the dynamic programmes over
//! levels, both from the board's jump list (the general form of the triangle's `JumpList`).

use super::Board;
use crate::engine::layered::SubsetGraph;
use crate::engine::{Model, Reversible};
use crate::puzzles::peg::Jump;

/// The jumps of a board as bit masks.
pub struct BoardGraph {
    holes: usize,
    /// Per jump: its two starting pegs, its landing hole, all three, and the jump.
    jumps: Vec<(u64, u64, u64, Jump)>,
    /// The first (up to) six invariants of the position classes: their parities are a value
    /// below 64 no jump changes ([`SubsetGraph::invariant`]).
    invariants: Vec<u64>,
}

impl BoardGraph {
    pub fn new(board: &Board) -> BoardGraph {
        let bit = |h: u8| 1u64 << h;
        BoardGraph {
            holes: board.holes(),
            jumps: board
                .jumps()
                .iter()
                .map(|&j| {
                    let pegs = bit(j.from) | bit(j.over);
                    (pegs, bit(j.to), pegs | bit(j.to), j)
                })
                .collect(),
            invariants: board.classes().basis.iter().take(6).copied().collect(),
        }
    }
}

impl SubsetGraph for BoardGraph {
    fn universe(&self) -> usize {
        self.holes
    }
    #[inline]
    fn any_predecessor(&self, s: u64, mut test: impl FnMut(u64) -> bool) -> bool {
        // A jump p -> s leaves only its landing hole filled.
        self.jumps
            .iter()
            .any(|&(_, hole, all, _)| s & all == hole && test(s ^ all))
    }
    #[inline]
    fn any_successor(&self, s: u64, mut test: impl FnMut(u64) -> bool) -> bool {
        self.jumps
            .iter()
            .any(|&(pegs, _, all, _)| s & all == pegs && test(s ^ all))
    }
    fn moves_changing(&self, mask: u64) -> Option<Vec<(u64, u64)>> {
        Some(
            self.jumps
                .iter()
                .filter(|j| j.2 & mask != 0)
                .map(|&(pegs, _, all, _)| (all, pegs))
                .collect(),
        )
    }
    fn complement_reverses_moves(&self) -> bool {
        true
    }
    #[inline]
    fn invariant(&self, s: u64) -> u32 {
        self.invariants
            .iter()
            .enumerate()
            .fold(0, |acc, (i, f)| acc | ((s & f).count_ones() & 1) << i)
    }
}

impl Model for BoardGraph {
    type State = u64;
    type Action = Jump;
    fn successors(&self, s: u64, out: &mut Vec<(Jump, u64)>) {
        out.extend(
            self.jumps
                .iter()
                .filter(|&&(pegs, _, all, _)| s & all == pegs)
                .map(|&(_, _, all, j)| (j, s ^ all)),
        );
    }
}

impl Reversible for BoardGraph {
    fn predecessors(&self, s: u64, out: &mut Vec<(Jump, u64)>) {
        out.extend(
            self.jumps
                .iter()
                .filter(|&&(_, hole, all, _)| s & all == hole)
                .map(|&(_, _, all, j)| (j, s ^ all)),
        );
    }
}
