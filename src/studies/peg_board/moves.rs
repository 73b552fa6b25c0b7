//! Any board's moves (a move is a chain of jumps by one peg) for the fewest-moves search
//! ([`MoveBoard`]), from the board's jump list: each hole's jumps out of it, as bit masks.

use crate::puzzles::board::Board;
use crate::puzzles::peg::Jump;
use crate::studies::peg::min_moves::MoveBoard;

/// A board's jumps grouped by the hole they leave, in the board's (from, over, to) order.
pub struct BoardMoves {
    name: String,
    holes: usize,
    /// Per hole: (its three holes' bits, the bits that hold pegs before the jump, the jump).
    out_of: Vec<Vec<(u64, u64, Jump)>>,
    symmetries: Vec<Vec<u8>>,
}

/// Whether the jump whose holes are `all` (pegs before it: `pegs`) applies at `at`: forward, its
/// two pegs present and its target empty; backward, the peg at `at` alone of its three holes.
fn fits(board: u64, all: u64, pegs: u64, at: u8, backward: bool) -> bool {
    if backward {
        board & all == 1 << at
    } else {
        board & all == pegs
    }
}

impl BoardMoves {
    pub fn new(board: &Board) -> BoardMoves {
        let mut out_of = vec![Vec::new(); board.holes()];
        for &j in board.jumps() {
            let pegs = 1u64 << j.from | 1 << j.over;
            out_of[j.from as usize].push((pegs | 1 << j.to, pegs, j));
        }
        BoardMoves {
            name: board.name().to_string(),
            holes: board.holes(),
            out_of,
            symmetries: board.symmetries().iter().map(|s| s.map.clone()).collect(),
        }
    }

    /// Calls `visit(result, chain)` for every chain of jumps of the peg at `at` (forward) or every
    /// backward chain into `at` (backward: the peg jumps back over an empty hole, filling it, into
    /// the empty hole beyond; the chain holds the forward jumps undone, last played first).
    fn chains(&self, board: u64, at: u8, backward: bool, chain: &mut Vec<Jump>, visit: &mut impl FnMut(u64, &[Jump])) {
        for &(all, pegs, j) in &self.out_of[at as usize] {
            if fits(board, all, pegs, at, backward) {
                let next = board ^ all;
                chain.push(if backward {
                    Jump {
                        from: j.to,
                        over: j.over,
                        to: j.from,
                    }
                } else {
                    j
                });
                visit(next, chain);
                self.chains(next, j.to, backward, chain, visit);
                chain.pop();
            }
        }
    }

    /// Appends the result of every chain of [`BoardMoves::chains`] from `at`, without spelling the
    /// chains (the fewest-moves searches call this for every position).
    fn results(&self, board: u64, at: u8, backward: bool, out: &mut Vec<u64>) {
        for &(all, pegs, j) in &self.out_of[at as usize] {
            if fits(board, all, pegs, at, backward) {
                let next = board ^ all;
                out.push(next);
                self.results(next, j.to, backward, out);
            }
        }
    }

    fn each_result(&self, board: u64, backward: bool, out: &mut Vec<u64>) {
        let mut pegs = board;
        while pegs != 0 {
            let peg = pegs.trailing_zeros() as u8;
            pegs &= pegs - 1;
            self.results(board, peg, backward, out);
        }
    }

    fn each_peg(&self, board: u64, backward: bool, visit: &mut impl FnMut(u8, u64, &[Jump])) {
        let mut pegs = board;
        while pegs != 0 {
            let peg = pegs.trailing_zeros() as u8;
            pegs &= pegs - 1;
            self.chains(board, peg, backward, &mut Vec::new(), &mut |b, c| visit(peg, b, c));
        }
    }
}

impl MoveBoard for BoardMoves {
    fn holes(&self) -> usize {
        self.holes
    }
    fn start(&self, hole: usize) -> u64 {
        (u64::MAX >> (64 - self.holes)) & !(1 << hole)
    }
    fn symmetry_maps(&self) -> Vec<Vec<u8>> {
        self.symmetries.clone()
    }
    fn label(&self) -> String {
        self.name.clone()
    }
    fn move_results(&self, board: u64, out: &mut Vec<u64>) {
        self.each_result(board, false, out);
    }
    fn unmove_results(&self, board: u64, out: &mut Vec<u64>) {
        self.each_result(board, true, out);
    }
    /// One entry per distinct result of each peg.
    fn moves_from(&self, board: u64) -> Vec<(Vec<Jump>, u64)> {
        let mut out = Vec::new();
        let mut seen = std::collections::HashSet::new();
        self.each_peg(board, false, &mut |peg, b, c| {
            if seen.insert((peg, b)) {
                out.push((c.to_vec(), b));
            }
        });
        out
    }
    fn unmoves_from(&self, board: u64) -> Vec<(Vec<Jump>, u64)> {
        let mut out = Vec::new();
        self.each_peg(board, true, &mut |_, b, c| {
            out.push((c.iter().rev().copied().collect(), b))
        });
        out
    }
    fn is_legal(&self, board: u64, jump: Jump) -> bool {
        self.out_of
            .get(jump.from as usize)
            .is_some_and(|js| js.iter().any(|&(all, pegs, j)| j == jump && board & all == pegs))
    }
}
