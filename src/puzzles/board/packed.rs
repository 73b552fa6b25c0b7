//! A board's jump graph found with shifts: the general form of the triangle's `PackedTriangle`
//! for any board on any lattice. The cells are embedded in a padded grid, cell (r, c) at bit
//! `r * stride + c` (stride = the board's width, at least 2), so every jump direction of the
//! lattice (square: 2 axes; square-diagonal: 4; triangular: 3, counting each line once) is one
//! fixed shift `dr * stride + dc`; a mask per direction of the valid jump origins keeps the
//! shifts from reading across rows or off the board. One position's jumps are then a few
//! shifts and ANDs per direction, where [`BoardGraph`](super::graph::BoardGraph) tests every
//! jump of the board one at a time (76 on the English board).
//!
//! The engines' states are dense (bit i = cell i in reading order); a table per byte of the
//! dense position gives that byte's pegs in the padded layout, XOR the parities of the class
//! invariants in spare bits at the top of the word when there is room, so the pull's per-state
//! decoding is one lookup per 8 cells. Words are `u64` where the padded grid fits and `u128`
//! beyond (Wiegleb's 45 holes on a 9x9 grid).

use super::Board;
use crate::engine::layered::SubsetGraph;
use crate::engine::{Model, Reversible};
use crate::puzzles::peg::Jump;
use crate::puzzles::peg_bits::Lanes;

/// Directions counted once (each line a < c in reading order): at most the square-diagonal's 4.
const MAX_DIRS: usize = 4;
/// The invariants whose parities make [`SubsetGraph::invariant`] (as [`BoardGraph`]'s: the
/// first six of the class basis).
///
/// [`BoardGraph`]: super::graph::BoardGraph
const MAX_INVARIANTS: usize = 6;

/// A board's jumps in a padded word `W`.
pub struct PackedBoard<W: Lanes> {
    holes: usize,
    /// Padded bits of the board's cells.
    cells: W,
    dirs: usize,
    /// Per direction: its shift in the padded layout.
    steps: [u32; MAX_DIRS],
    /// Per direction: padded positions i with a line (i, i + step, i + 2 step) on the board.
    from: [W; MAX_DIRS],
    /// Per direction and padded position i: the dense mask of the line's three cells.
    triples: Vec<[u64; 128]>,
    /// Per direction and padded position i: the jump from i to i + 2 step, and its reverse.
    jumps: Vec<[(Jump, Jump); 128]>,
    /// Dense masks whose parities make the invariant.
    invariants: Vec<u64>,
    /// Where the invariant's parities sit in the decoded word, when the grid leaves room.
    class_bits: Option<[u32; MAX_INVARIANTS]>,
    /// Per byte i of a dense position and its value v: those pegs in the padded layout, XOR
    /// their invariant parities at `class_bits` (when set).
    pad_bytes: Vec<[W; 256]>,
}

/// Bits of the word `W`.
fn word_bits<W>() -> u32 {
    8 * std::mem::size_of::<W>() as u32
}

/// Parity of the number of set bits.
#[inline]
fn parity(x: u64) -> u32 {
    x.count_ones() & 1
}

impl<W: Lanes> PackedBoard<W> {
    /// The board's packed graph, or `None` when its padded grid does not fit in `W`.
    pub fn new(board: &Board) -> Option<PackedBoard<W>> {
        let cells = board.cells();
        let rows = cells.iter().map(|p| p.0).max()? as u32 + 1;
        let stride = (cells.iter().map(|p| p.1).max()? as u32 + 1).max(2);
        let bits = word_bits::<W>();
        if rows * stride > bits.min(128) {
            return None;
        }
        let padded: Vec<u32> = cells.iter().map(|&(r, c)| r as u32 * stride + c as u32).collect();
        let dirs: Vec<(i32, i32)> = board
            .lattice()
            .directions()
            .iter()
            .copied()
            .filter(|&d| d > (0, 0))
            .collect();
        assert!(dirs.len() <= MAX_DIRS);
        let mut steps = [0; MAX_DIRS];
        for (s, &(dr, dc)) in steps.iter_mut().zip(&dirs) {
            *s = (dr * stride as i32 + dc) as u32;
        }
        let none = Jump {
            from: 0,
            over: 0,
            to: 0,
        };
        let mut from = [W::ZERO; MAX_DIRS];
        let mut triples = vec![[0u64; 128]; dirs.len()];
        let mut jumps = vec![[(none, none); 128]; dirs.len()];
        for &[a, o, c] in board.lines() {
            let (pa, po, pc) = (padded[a as usize], padded[o as usize], padded[c as usize]);
            let d = steps[..dirs.len()]
                .iter()
                .position(|&s| po == pa + s && pc == pa + 2 * s)
                .expect("every line follows a lattice direction");
            from[d] = from[d] | W::ONE << pa;
            triples[d][pa as usize] = 1 << a | 1 << o | 1 << c;
            let forward = Jump {
                from: a,
                over: o,
                to: c,
            };
            jumps[d][pa as usize] = (
                forward,
                Jump {
                    from: c,
                    over: o,
                    to: a,
                },
            );
        }
        let invariants: Vec<u64> = board.classes().basis.iter().take(MAX_INVARIANTS).copied().collect();
        let spare = bits - rows * stride;
        let class_bits = (spare as usize >= MAX_INVARIANTS).then(|| std::array::from_fn(|i| bits - 1 - i as u32));
        let pad_bytes = (0..board.holes().div_ceil(8))
            .map(|byte| {
                std::array::from_fn(|v| {
                    let dense = ((v as u64) << (8 * byte)) & board.full();
                    let mut x = padded
                        .iter()
                        .enumerate()
                        .filter(|&(h, _)| dense >> h & 1 == 1)
                        .fold(W::ZERO, |x, (_, &p)| x | W::ONE << p);
                    if let Some(at) = class_bits {
                        for (m, &c) in invariants.iter().zip(&at) {
                            x = x ^ W::from_u64(parity(dense & m) as u64) << c;
                        }
                    }
                    x
                })
            })
            .collect();
        Some(PackedBoard {
            holes: board.holes(),
            cells: padded.iter().fold(W::ZERO, |x, &p| x | W::ONE << p),
            dirs: dirs.len(),
            steps,
            from,
            triples,
            jumps,
            invariants,
            class_bits,
            pad_bytes,
        })
    }

    /// The padded layout of a dense position and its invariant (always inlined: the pull's
    /// per-state work).
    #[inline(always)]
    fn decode(&self, b: u64) -> (W, u32) {
        // One unrolled loop per byte count (the match takes the same branch every call).
        let x = match self.pad_bytes.len() {
            0 | 1 => self.xor_bytes::<1>(b),
            2 => self.xor_bytes::<2>(b),
            3 => self.xor_bytes::<3>(b),
            4 => self.xor_bytes::<4>(b),
            5 => self.xor_bytes::<5>(b),
            6 => self.xor_bytes::<6>(b),
            _ => self.xor_bytes::<7>(b),
        };
        let class = match &self.class_bits {
            Some(at) => at[..self.invariants.len()]
                .iter()
                .enumerate()
                .fold(0, |acc, (i, &c)| acc | ((x >> c & W::ONE != W::ZERO) as u32) << i),
            None => self.dense_invariant(b),
        };
        (x & self.cells, class)
    }

    #[inline(always)]
    fn xor_bytes<const BYTES: usize>(&self, b: u64) -> W {
        let mut x = W::ZERO;
        for (i, table) in self.pad_bytes.iter().enumerate().take(BYTES) {
            x = x ^ table[(b >> (8 * i)) as usize & 255];
        }
        x
    }

    #[inline]
    fn pad(&self, b: u64) -> W {
        self.decode(b).0
    }

    #[inline]
    fn dense_invariant(&self, s: u64) -> u32 {
        self.invariants
            .iter()
            .enumerate()
            .fold(0, |acc, (i, &m)| acc | parity(s & m) << i)
    }

    /// Calls `test(b ^ line)` for the lines whose three cells read (peg, peg, hole) or (hole,
    /// peg, peg) in `p` and `e` (successors: p = pegs, e = holes; predecessors swapped).
    #[inline]
    fn any_triple(&self, b: u64, p: W, e: W, mut test: impl FnMut(u64) -> bool) -> bool {
        for d in 0..self.dirs {
            let s = self.steps[d];
            let mut m = (p & (p >> s) & (e >> (2 * s)) | e & (p >> s) & (p >> (2 * s))) & self.from[d];
            while m != W::ZERO {
                let i = m.trailing_zeros() as usize;
                m = m & (m - W::ONE);
                if test(b ^ self.triples[d][i]) {
                    return true;
                }
            }
        }
        false
    }

    /// Pushes `(jump, b ^ line)` for each jump reading (peg, peg, hole) in (`p`, `e`) along
    /// the jump: successors with p = pegs, predecessors with p = holes.
    #[inline]
    fn each_jump(&self, b: u64, p: W, e: W, out: &mut Vec<(Jump, u64)>) {
        for d in 0..self.dirs {
            let s = self.steps[d];
            let down = p & (p >> s) & (e >> (2 * s)) & self.from[d];
            let up = e & (p >> s) & (p >> (2 * s)) & self.from[d];
            for (mut m, reverse) in [(down, false), (up, true)] {
                while m != W::ZERO {
                    let i = m.trailing_zeros() as usize;
                    m = m & (m - W::ONE);
                    let (j, r) = self.jumps[d][i];
                    out.push((if reverse { r } else { j }, b ^ self.triples[d][i]));
                }
            }
        }
    }
}

impl<W: Lanes> SubsetGraph for PackedBoard<W> {
    fn universe(&self) -> usize {
        self.holes
    }

    #[inline]
    fn any_predecessor(&self, s: u64, test: impl FnMut(u64) -> bool) -> bool {
        let p = self.pad(s);
        self.any_triple(s, !p & self.cells, p, test)
    }

    /// The invariant and the padded position from one table pass.
    #[inline]
    fn any_predecessor_in(&self, s: u64, classes: u64, test: impl FnMut(u64) -> bool) -> bool {
        let (p, class) = self.decode(s);
        classes >> class & 1 == 1 && self.any_triple(s, !p & self.cells, p, test)
    }

    #[inline]
    fn any_successor(&self, s: u64, test: impl FnMut(u64) -> bool) -> bool {
        let p = self.pad(s);
        self.any_triple(s, p, !p & self.cells, test)
    }

    fn moves_changing(&self, mask: u64) -> Option<Vec<(u64, u64)>> {
        let mut out = Vec::new();
        for d in 0..self.dirs {
            for i in 0..128 {
                let t = self.triples[d][i];
                if t & mask != 0 {
                    for j in [self.jumps[d][i].0, self.jumps[d][i].1] {
                        out.push((t, 1u64 << j.from | 1u64 << j.over));
                    }
                }
            }
        }
        Some(out)
    }

    fn complement_reverses_moves(&self) -> bool {
        true
    }

    #[inline]
    fn invariant(&self, s: u64) -> u32 {
        self.dense_invariant(s)
    }
}

impl<W: Lanes> Model for PackedBoard<W> {
    type State = u64;
    type Action = Jump;
    fn successors(&self, s: u64, out: &mut Vec<(Jump, u64)>) {
        let p = self.pad(s);
        self.each_jump(s, p, !p & self.cells, out)
    }
}

impl<W: Lanes> Reversible for PackedBoard<W> {
    fn predecessors(&self, s: u64, out: &mut Vec<(Jump, u64)>) {
        let p = self.pad(s);
        self.each_jump(s, !p & self.cells, p, out)
    }
}

/// Whether a position has a jump left.
impl<W: Lanes> PackedBoard<W> {
    #[inline]
    pub fn has_jump(&self, s: u64) -> bool {
        self.any_successor(s, |_| true)
    }
}
