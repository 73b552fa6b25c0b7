//! The peg triangle as a [`SubsetGraph`] for the layered engine: the pegs are the subset, a jump
//! removes one. All jumps of a board are found at once with shifts, in a padded layout where
//! hole (row r, column c) is bit 8r + c, so each of the three lattice lines is one fixed shift
//! (1 along a row, 8 down, 9 down-right). Sides up to 8 fit in 64 bits; side 9 (45 holes) is
//! laid out in 128 bits with rows 9 apart (shifts 1, 9, 10), the same code over a wider word.
//! The jumps themselves come from [`Triangle::jumps`]: one source of rules.

use super::peg::{Board, Jump, Triangle};
use crate::engine::layered::SubsetGraph;
use crate::engine::{Model, Reversible};

/// The word of the padded layout: rows `ROW` bits apart, so the three lattice lines are the
/// shifts 1, `ROW` and `ROW + 1`.
pub trait Lanes:
    Copy
    + Eq
    + std::fmt::Debug
    + std::ops::BitAnd<Output = Self>
    + std::ops::BitXor<Output = Self>
    + std::ops::BitOr<Output = Self>
    + std::ops::Not<Output = Self>
    + std::ops::Shr<u32, Output = Self>
    + std::ops::Shl<u32, Output = Self>
    + std::ops::Sub<Output = Self>
    + Send
    + Sync
{
    const ROW: u32;
    /// Largest side whose padded layout fits.
    const MAX_SIDE: usize;
    const ZERO: Self;
    const ONE: Self;
    fn from_u64(x: u64) -> Self;
    fn trailing_zeros(self) -> u32;
}

impl Lanes for u64 {
    const ROW: u32 = 8;
    const MAX_SIDE: usize = 8;
    const ZERO: u64 = 0;
    const ONE: u64 = 1;
    #[inline(always)]
    fn from_u64(x: u64) -> u64 {
        x
    }
    #[inline(always)]
    fn trailing_zeros(self) -> u32 {
        u64::trailing_zeros(self)
    }
}

impl Lanes for u128 {
    const ROW: u32 = 9;
    const MAX_SIDE: usize = 9;
    const ZERO: u128 = 0;
    const ONE: u128 = 1;
    #[inline(always)]
    fn from_u64(x: u64) -> u128 {
        x as u128
    }
    #[inline(always)]
    fn trailing_zeros(self) -> u32 {
        u128::trailing_zeros(self)
    }
}

/// Sides 1 to 8 in 64 bits.
pub type PackedTriangle = Packed<u64>;
/// Side 9 (and smaller, for the tests) in 128 bits.
pub type PackedTriangle128 = Packed<u128>;

pub struct Packed<W: Lanes> {
    holes: usize,
    /// Padded bits of the holes on the board.
    board: W,
    /// Per line: padded positions i with a jump between i and i + 2 step.
    from: [W; 3],
    /// Per line and padded position i: the board (dense) of holes i, i + step, i + 2 step.
    triples: [[Board; 128]; 3],
    /// Per line and padded position i: the jump from i to i + 2 step, and its reverse.
    jumps: [[(Jump, Jump); 128]; 3],
    /// Holes whose peg-count parities make the position class ([`Triangle::position_class`]).
    class_masks: [Board; 2],
    /// Per byte i of a board and its value v: the padded layout of those pegs, XOR their
    /// parities on the two class masks in the padding bits `CLASS_BITS`. Padded pegs of
    /// different bytes are disjoint, so the XOR over a board's bytes is its padded layout and
    /// its class at once: the pull's per-state decoding, in one lookup per 8 holes.
    pad_bytes: [[W; 256]; 8],
    /// Bytes of a board: ceil(holes / 8).
    bytes: usize,
}

impl<W: Lanes> Packed<W> {
    /// Shifts of the three lattice lines in the padded layout.
    const STEPS: [u32; 3] = [1, W::ROW, W::ROW + 1];
    /// Padding bits (the last column of rows 0 and 1, which hold one and two holes) that carry
    /// the class parities in `pad_bytes`.
    const CLASS_BITS: [u32; 2] = [W::ROW - 1, 2 * W::ROW - 1];

    /// Sides 1 to `W::MAX_SIDE`.
    pub fn new(t: &Triangle) -> Packed<W> {
        let side = t.side();
        assert!(
            (1..=W::MAX_SIDE).contains(&side),
            "the padded layout holds sides up to {}",
            W::MAX_SIDE
        );
        let padded_of = |h: u8| {
            let mut r = 0;
            while (r + 1) * (r + 2) / 2 <= h as usize {
                r += 1;
            }
            (W::ROW as usize * r + h as usize - r * (r + 1) / 2) as u32
        };
        let board = (0..t.holes() as u8).fold(W::ZERO, |b, h| b | W::ONE << padded_of(h));
        let mut from = [W::ZERO; 3];
        let mut triples = [[0; 128]; 3];
        let none = Jump {
            from: 0,
            over: 0,
            to: 0,
        };
        let mut jumps = [[(none, none); 128]; 3];
        for j in t.jumps().iter().filter(|j| j.from < j.to) {
            let (a, o) = (padded_of(j.from), padded_of(j.over));
            let line = Self::STEPS
                .iter()
                .position(|&s| s == o - a)
                .expect("jumps follow the three lines");
            assert_eq!(padded_of(j.to), a + 2 * Self::STEPS[line]);
            from[line] = from[line] | W::ONE << a;
            triples[line][a as usize] = 1 << j.from | 1 << j.over | 1 << j.to;
            jumps[line][a as usize] = (
                *j,
                Jump {
                    from: j.to,
                    over: j.over,
                    to: j.from,
                },
            );
        }
        let class_mask = |bit: u8| {
            (0..t.holes())
                .filter(|&h| t.position_class(1 << h) >> bit & 1 == 1)
                .fold(0, |m, h| m | 1 << h)
        };
        let class_masks = [class_mask(0), class_mask(1)];
        // The masks reproduce the class of every board (the class is linear in the board).
        assert!((0..t.holes()).all(
            |h| parity(1 << h & class_masks[0]) | parity(1 << h & class_masks[1]) << 1
                == t.position_class(1 << h) as u32
        ));
        let bytes = t.holes().div_ceil(8);
        assert!(bytes <= 8);
        let mut pad_bytes = [[W::ZERO; 256]; 8];
        for (i, table) in pad_bytes.iter_mut().enumerate().take(bytes) {
            for (v, entry) in table.iter_mut().enumerate() {
                let b = (v as Board) << (8 * i) & t.full();
                let class = [0, 1].map(|m| W::from_u64(parity(b & class_masks[m]) as u64) << Self::CLASS_BITS[m]);
                *entry = Self::pad_by_rows(side, b) ^ class[0] ^ class[1];
            }
        }
        assert!(
            Self::CLASS_BITS.iter().all(|&c| board & W::ONE << c == W::ZERO),
            "class bits lie off the board"
        );
        Packed {
            holes: t.holes(),
            board,
            from,
            triples,
            jumps,
            class_masks,
            pad_bytes,
            bytes,
        }
    }

    /// The padded layout of a board, row by row (the definition `pad_bytes` is built from).
    fn pad_by_rows(side: usize, b: Board) -> W {
        let mut out = W::ZERO;
        for r in 0..side {
            out = out | W::from_u64(b >> (r * (r + 1) / 2) & ((1 << (r + 1)) - 1)) << (W::ROW * r as u32);
        }
        out
    }

    /// The padded layout of a board and its position class (always inlined: the pull's
    /// per-state work).
    #[inline(always)]
    fn decode(&self, b: Board) -> (W, u32) {
        // One unrolled loop per byte count (the match takes the same branch every call).
        let x = match self.bytes {
            0 | 1 => self.xor_bytes::<1>(b),
            2 => self.xor_bytes::<2>(b),
            3 => self.xor_bytes::<3>(b),
            4 => self.xor_bytes::<4>(b),
            5 => self.xor_bytes::<5>(b),
            6 => self.xor_bytes::<6>(b),
            7 => self.xor_bytes::<7>(b),
            _ => self.xor_bytes::<8>(b),
        };
        let bit = |c: u32| (x >> c & W::ONE != W::ZERO) as u32;
        (x & self.board, bit(Self::CLASS_BITS[0]) | bit(Self::CLASS_BITS[1]) << 1)
    }

    #[inline(always)]
    fn xor_bytes<const BYTES: usize>(&self, b: Board) -> W {
        let mut x = W::ZERO;
        for (i, table) in self.pad_bytes.iter().enumerate().take(BYTES) {
            x = x ^ table[(b >> (8 * i)) as usize & 255];
        }
        x
    }

    /// The padded layout of a board.
    #[inline]
    fn pad(&self, b: Board) -> W {
        self.decode(b).0
    }

    /// Calls `test(b ^ triple)` for the jumps whose three holes match (peg, peg, hole) or
    /// (hole, peg, peg) in `p` and `e` (successors: p = pegs, e = holes; predecessors swapped).
    #[inline]
    fn any_triple(&self, b: Board, p: W, e: W, mut test: impl FnMut(Board) -> bool) -> bool {
        for line in 0..3 {
            let s = Self::STEPS[line];
            let mut m = (p & (p >> s) & (e >> (2 * s)) | e & (p >> s) & (p >> (2 * s))) & self.from[line];
            while m != W::ZERO {
                let i = m.trailing_zeros() as usize;
                m = m & (m - W::ONE);
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
    fn each_jump(&self, b: Board, p: W, e: W, out: &mut Vec<(Jump, Board)>) {
        for line in 0..3 {
            let s = Self::STEPS[line];
            let down = p & (p >> s) & (e >> (2 * s)) & self.from[line];
            let up = e & (p >> s) & (p >> (2 * s)) & self.from[line];
            for (mut m, reverse) in [(down, false), (up, true)] {
                while m != W::ZERO {
                    let i = m.trailing_zeros() as usize;
                    m = m & (m - W::ONE);
                    let (j, r) = self.jumps[line][i];
                    out.push((if reverse { r } else { j }, b ^ self.triples[line][i]));
                }
            }
        }
    }
}

/// Parity of the number of set bits (folded, since the baseline x86-64 target has no popcount).
#[inline]
fn parity(x: u64) -> u32 {
    let x = x ^ x >> 32;
    let x = x ^ x >> 16;
    let x = x ^ x >> 8;
    let x = x ^ x >> 4;
    (0x6996u32 >> (x & 15)) & 1
}

/// The same moves as [`Triangle`]'s, found with shifts (listed in another order).
impl<W: Lanes> Model for Packed<W> {
    type State = Board;
    type Action = Jump;
    fn successors(&self, b: Board, out: &mut Vec<(Jump, Board)>) {
        let p = self.pad(b);
        self.each_jump(b, p, !p & self.board, out)
    }
}

impl<W: Lanes> Reversible for Packed<W> {
    fn predecessors(&self, b: Board, out: &mut Vec<(Jump, Board)>) {
        let p = self.pad(b);
        self.each_jump(b, !p & self.board, p, out)
    }
}

impl<W: Lanes> SubsetGraph for Packed<W> {
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

    /// The class and the padded board from one table pass ([`Packed::decode`]).
    #[inline]
    fn any_predecessor_in(&self, s: Board, classes: u64, test: impl FnMut(Board) -> bool) -> bool {
        let (p, class) = self.decode(s);
        classes >> class & 1 == 1 && self.any_triple(s, !p & self.board, p, test)
    }

    #[inline]
    fn any_successor(&self, s: Board, test: impl FnMut(Board) -> bool) -> bool {
        let p = self.pad(s);
        self.any_triple(s, p, !p & self.board, test)
    }

    /// Every jump as a flip of its three holes: pegs on its first two before.
    fn moves_changing(&self, mask: Board) -> Option<Vec<(Board, Board)>> {
        let mut out = Vec::new();
        for line in 0..3 {
            for i in 0..128 {
                let t = self.triples[line][i];
                if t & mask != 0 {
                    for j in [self.jumps[line][i].0, self.jumps[line][i].1] {
                        out.push((t, 1u64 << j.from | 1u64 << j.over));
                    }
                }
            }
        }
        Some(out)
    }

    /// A jump and its reverse on the complement touch the same three holes.
    fn complement_reverses_moves(&self) -> bool {
        true
    }

    /// The position class (Bell's colouring): no jump changes it.
    #[inline]
    fn invariant(&self, s: Board) -> u32 {
        parity(s & self.class_masks[0]) | parity(s & self.class_masks[1]) << 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On random boards of every side, in both word widths: the jumps with their actions (the
    /// DP's `Model`) and the boards of the `SubsetGraph` enumeration (the union's) against the
    /// rule's jump list.
    #[test]
    fn packed_moves_equal_the_rule_moves() {
        check::<u64>();
        check::<u128>();
    }

    fn check<W: Lanes>() {
        for side in 1..=W::MAX_SIDE {
            let t = Triangle::new(side).unwrap();
            let packed = Packed::<W>::new(&t);
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
                    if !backward {
                        // The flips of the moves changing a random set of holes: the rule's
                        // successors, filtered.
                        let mask = x.rotate_left(17) & t.full();
                        let flips = packed.moves_changing(mask).unwrap();
                        let mut changing: Vec<Board> = flips
                            .iter()
                            .filter(|&&(f, before)| b & f == before)
                            .map(|&(f, _)| b ^ f)
                            .collect();
                        changing.sort();
                        let want_changing: Vec<Board> =
                            want_boards.iter().copied().filter(|c| (c ^ b) & mask != 0).collect();
                        assert_eq!(changing, want_changing, "side {side} board {b:b} mask {mask:b}");
                    }
                    // Every move keeps the invariant, which is the rule's position class; the
                    // table decoding gives the row-by-row layout and that class.
                    assert_eq!(
                        packed.invariant(b),
                        t.position_class(b) as u32,
                        "side {side} board {b:b}"
                    );
                    assert_eq!(
                        packed.decode(b),
                        (Packed::<W>::pad_by_rows(side, b), t.position_class(b) as u32),
                        "side {side} board {b:b}"
                    );
                    if backward {
                        // The pull's question: in one of `classes`, with these predecessors.
                        let class = t.position_class(b);
                        for classes in [0u64, 1 << class, !(1 << class), u64::MAX] {
                            let mut seen = Vec::new();
                            let got = packed.any_predecessor_in(b, classes, |c| {
                                seen.push(c);
                                false
                            });
                            assert!(!got);
                            seen.sort();
                            let want = if classes >> class & 1 == 1 {
                                boards.clone()
                            } else {
                                Vec::new()
                            };
                            assert_eq!(seen, want, "side {side} board {b:b} classes {classes:b}");
                            let any = packed.any_predecessor_in(b, classes, |_| true);
                            assert_eq!(any, !want.is_empty(), "side {side} board {b:b} classes {classes:b}");
                        }
                    }
                    assert!(
                        boards.iter().all(|&c| packed.invariant(c) == packed.invariant(b)),
                        "side {side} board {b:b}"
                    );
                }
            }
        }
    }
}
