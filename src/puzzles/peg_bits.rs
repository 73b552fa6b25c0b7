//! The peg triangle as a [`SubsetGraph`] for the layered engine: the pegs are the subset, a jump
//! removes one. All jumps of a board are found at once with shifts, in a padded layout where
//! hole (row r, column c) is bit 8r + c, so each of the three lattice lines is one fixed shift
//! (1 along a row, 8 down, 9 down-right). Sides up to 8 fit in 64 bits. The jumps themselves
//! come from [`Triangle::jumps`]: one source of rules.

use super::peg::{Board, Jump, Triangle};
use crate::engine::{Model, Reversible};
use crate::engine::layered::SubsetGraph;

/// Shifts of the three lattice lines in the padded layout.
const STEPS: [u32; 3] = [1, 8, 9];

pub struct PackedTriangle {
    side: usize,
    holes: usize,
    /// Padded bits of the holes on the board.
    board: u64,
    /// Per line: padded positions i with a jump between i and i + 2 step.
    from: [u64; 3],
    /// Per line and padded position i: the board (dense) of holes i, i + step, i + 2 step.
    triples: [[Board; 64]; 3],
    /// Per line and padded position i: the jump from i to i + 2 step, and its reverse.
    jumps: [[(Jump, Jump); 64]; 3],
}

impl PackedTriangle {
    /// Sides 1 to 8.
    pub fn new(t: &Triangle) -> PackedTriangle {
        let side = t.side();
        assert!((1..=8).contains(&side), "the padded layout holds sides up to 8");
        let padded_of = |h: u8| {
            let mut r = 0;
            while (r + 1) * (r + 2) / 2 <= h as usize {
                r += 1;
            }
            (8 * r + h as usize - r * (r + 1) / 2) as u32
        };
        let board = (0..t.holes() as u8).fold(0u64, |b, h| b | 1 << padded_of(h));
        let mut from = [0u64; 3];
        let mut triples = [[0; 64]; 3];
        let none = Jump { from: 0, over: 0, to: 0 };
        let mut jumps = [[(none, none); 64]; 3];
        for j in t.jumps().iter().filter(|j| j.from < j.to) {
            let (a, o) = (padded_of(j.from), padded_of(j.over));
            let line = STEPS.iter().position(|&s| s == o - a).expect("jumps follow the three lines");
            assert_eq!(padded_of(j.to), a + 2 * STEPS[line]);
            from[line] |= 1 << a;
            triples[line][a as usize] = 1 << j.from | 1 << j.over | 1 << j.to;
            jumps[line][a as usize] = (*j, Jump { from: j.to, over: j.over, to: j.from });
        }
        PackedTriangle { side, holes: t.holes(), board, from, triples, jumps }
    }

    /// The padded layout of a board.
    #[inline]
    fn pad(&self, b: Board) -> u64 {
        let mut out = 0;
        for r in 0..self.side {
            out |= (b >> (r * (r + 1) / 2) & ((1 << (r + 1)) - 1)) << (8 * r);
        }
        out
    }

    /// Calls `test(b ^ triple)` for the jumps whose three holes match (peg, peg, hole) or
    /// (hole, peg, peg) in `p` and `e` (successors: p = pegs, e = holes; predecessors swapped).
    #[inline]
    fn any_triple(&self, b: Board, p: u64, e: u64, mut test: impl FnMut(Board) -> bool) -> bool {
        for line in 0..3 {
            let s = STEPS[line];
            let mut m = (p & (p >> s) & (e >> (2 * s)) | e & (p >> s) & (p >> (2 * s))) & self.from[line];
            while m != 0 {
                let i = m.trailing_zeros() as usize;
                m &= m - 1;
                if test(b ^ self.triples[line][i]) {
                    return true;
                }
            }
        }
        false
    }

    /// Calls `f(jump, b ^ jump's holes)` for each jump whose holes match (peg, peg, hole) in
    /// (`p`, `e`) read along the jump: successors with p = pegs, predecessors with p = holes.
    #[inline]
    fn each_jump(&self, b: Board, p: u64, e: u64, out: &mut Vec<(Jump, Board)>) {
        for line in 0..3 {
            let s = STEPS[line];
            let down = p & (p >> s) & (e >> (2 * s)) & self.from[line];
            let up = e & (p >> s) & (p >> (2 * s)) & self.from[line];
            for (mut m, reverse) in [(down, false), (up, true)] {
                while m != 0 {
                    let i = m.trailing_zeros() as usize;
                    m &= m - 1;
                    let (j, r) = self.jumps[line][i];
                    out.push((if reverse { r } else { j }, b ^ self.triples[line][i]));
                }
            }
        }
    }
}

/// The same moves as [`Triangle`]'s, found with shifts (listed in another order).
impl Model for PackedTriangle {
    type State = Board;
    type Action = Jump;
    fn successors(&self, b: Board, out: &mut Vec<(Jump, Board)>) {
        let p = self.pad(b);
        self.each_jump(b, p, !p & self.board, out)
    }
}

impl Reversible for PackedTriangle {
    fn predecessors(&self, b: Board, out: &mut Vec<(Jump, Board)>) {
        let p = self.pad(b);
        self.each_jump(b, !p & self.board, p, out)
    }
}

impl SubsetGraph for PackedTriangle {
    fn universe(&self) -> usize {
        self.holes
    }

    /// A predecessor has pegs where `s` has holes on two of a jump's holes and a hole where `s`
    /// has the landed peg: the successor test with pegs and holes swapped.
    #[inline]
    fn any_predecessor(&self, s: Board, test: impl FnMut(Board) -> bool) -> bool {
        let p = self.pad(s);
        self.any_triple(s, !p & self.board, p, test)
    }

    #[inline]
    fn any_successor(&self, s: Board, test: impl FnMut(Board) -> bool) -> bool {
        let p = self.pad(s);
        self.any_triple(s, p, !p & self.board, test)
    }

    /// A jump and its reverse on the complement touch the same three holes.
    fn complement_reverses_moves(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On random boards of every side: the jumps with their actions (the DP's `Model`) and the
    /// boards of the `SubsetGraph` enumeration (the union's) against the rule's jump list.
    #[test]
    fn packed_moves_equal_the_rule_moves() {
        for side in 1..=8 {
            let t = Triangle::any_side(side);
            let packed = PackedTriangle::new(&t);
            let mut x = 0x1234_5678_9abc_def0u64 ^ side as u64;
            for _ in 0..3000 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let b = x & t.full();
                for backward in [false, true] {
                    let (mut want, mut got, mut boards) = (Vec::new(), Vec::new(), Vec::new());
                    let f = |c| {
                        boards.push(c);
                        false
                    };
                    if backward {
                        t.predecessors(b, &mut want);
                        Reversible::predecessors(&packed, b, &mut got);
                        packed.any_predecessor(b, f);
                    } else {
                        t.successors(b, &mut want);
                        Model::successors(&packed, b, &mut got);
                        packed.any_successor(b, f);
                    }
                    let key = |v: &mut Vec<(Jump, Board)>| v.sort_by_key(|(j, c)| (j.from, j.over, j.to, *c));
                    key(&mut want);
                    key(&mut got);
                    assert_eq!(got, want, "side {side} board {b:b} backward {backward}");
                    let mut want_boards: Vec<Board> = want.iter().map(|(_, c)| *c).collect();
                    want_boards.sort();
                    boards.sort();
                    assert_eq!(boards, want_boards, "side {side} board {b:b} backward {backward}");
                }
            }
        }
    }
}
