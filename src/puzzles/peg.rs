//! Peg solitaire on the triangle T(n) of side n (side 4: the 10-coin puzzle).
//!
//! Holes are numbered 1..=n(n+1)/2 row by row from the apex (T4: 1 / 2 3 / 4 5 6 / 7 8 9 10); a
//! [`Board`] is an integer whose bit i-1 is set when hole i holds a peg. A jump moves a peg over
//! an adjacent peg, along one of the three lattice directions, into the empty hole beyond, and
//! removes the jumped peg. A *move* is a maximal chain of jumps by the same peg.

use crate::engine::gf2::Span64;
use crate::engine::{Model, Ranked, Reversible};
use anyhow::{bail, Result};

/// Pegs present, bit i-1 for hole i.
pub type Board = u64;

/// The largest side: its holes fit a 64-bit [`Board`].
pub const MAX_SIDE: usize = 10;

/// A jump, by 0-based hole indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Jump {
    pub from: u8,
    pub over: u8,
    pub to: u8,
}

/// The triangle of side n with its jumps and symmetries.
#[derive(Clone, Debug)]
pub struct Triangle {
    side: usize,
    /// Sorted by (from, over, to).
    jumps: Vec<Jump>,
    /// For each jump: bits of its three holes, and the bits that must hold pegs.
    masks: Vec<(Board, Board)>,
    /// The 6 symmetries as permutations of hole indices; the identity first.
    symmetries: Vec<Vec<u8>>,
    /// The span over GF(2) of the jumps' three-hole masks: a jump flips its three holes, so a
    /// board's coset (its position class) never changes during play.
    classes: Span64,
    /// Holes of colours {0, 1} and of colours {1, 2}, colour = (row + column) mod 3: the
    /// parities of their peg counts are the position class.
    class_masks: [Board; 2],
}

impl Triangle {
    /// The triangle of side 1 to [`MAX_SIDE`]. Which sides a run can afford is the studies'
    /// question ([`crate::studies::footprint`]), not the puzzle's.
    pub fn new(side: usize) -> Result<Triangle> {
        if !(1..=MAX_SIDE).contains(&side) {
            bail!("triangle side {side}: sides 1 to {MAX_SIDE} fit a 64-bit board");
        }
        let n = side as i32;
        let index = |r: i32, c: i32| -> Option<u8> {
            (r >= 0 && r < n && c >= 0 && c <= r).then(|| (r * (r + 1) / 2 + c) as u8)
        };
        // The six lattice directions in (row, column) steps.
        let dirs = [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1)];
        let mut jumps = Vec::new();
        for r in 0..n {
            for c in 0..=r {
                for (dr, dc) in dirs {
                    if let (Some(from), Some(over), Some(to)) =
                        (index(r, c), index(r + dr, c + dc), index(r + 2 * dr, c + 2 * dc))
                    {
                        jumps.push(Jump { from, over, to });
                    }
                }
            }
        }
        jumps.sort();
        let masks: Vec<(Board, Board)> = jumps
            .iter()
            .map(|j| {
                let need = 1 << j.from | 1 << j.over;
                (need | 1 << j.to, need)
            })
            .collect();
        // Barycentric coordinates (r - c, c, n - 1 - r) sum to n - 1; the symmetries permute them.
        let perms = [[0, 1, 2], [1, 0, 2], [0, 2, 1], [2, 1, 0], [1, 2, 0], [2, 0, 1]];
        let symmetries = perms
            .iter()
            .map(|p| {
                let mut map = Vec::new();
                for r in 0..n {
                    for c in 0..=r {
                        let bary = [r - c, c, n - 1 - r];
                        let q = [bary[p[0]], bary[p[1]], bary[p[2]]];
                        map.push(index(n - 1 - q[2], q[1]).expect("symmetry stays on board"));
                    }
                }
                map
            })
            .collect();
        let classes = Span64::new(masks.iter().map(|&(all, _)| all));
        let mut class_masks = [0; 2];
        for r in 0..n {
            for c in 0..=r {
                let bit: Board = 1 << index(r, c).expect("on board");
                match (r + c) % 3 {
                    0 => class_masks[0] |= bit,
                    1 => class_masks = [class_masks[0] | bit, class_masks[1] | bit],
                    _ => class_masks[1] |= bit,
                }
            }
        }
        Ok(Triangle {
            side,
            jumps,
            masks,
            symmetries,
            classes,
            class_masks,
        })
    }

    pub fn side(&self) -> usize {
        self.side
    }

    pub fn holes(&self) -> usize {
        self.side * (self.side + 1) / 2
    }

    pub fn jumps(&self) -> &[Jump] {
        &self.jumps
    }

    pub fn full(&self) -> Board {
        (1 << self.holes()) - 1
    }

    /// The full board with hole `hole` (0-based) empty.
    pub fn start(&self, hole: usize) -> Board {
        self.full() & !(1 << hole)
    }

    /// `Some(hole)` (0-based) when exactly one peg is left.
    pub fn single_peg(board: Board) -> Option<usize> {
        (board.count_ones() == 1).then(|| board.trailing_zeros() as usize)
    }

    /// The board's position class (Bell 2008, Theorem 1): colour hole (row, column) by
    /// (row + column) mod 3, so the three holes of every jump have three different colours and
    /// a jump flips the parity of each colour's peg count. The parities of (colour 0 + colour 1)
    /// and (colour 1 + colour 2) therefore never change: boards with different classes never
    /// reach one another. From side 4 on these 4 classes are exactly the cosets of the jumps'
    /// span (see `class_count`), so the test is as strong as any parity argument can be.
    pub fn position_class(&self, board: Board) -> u8 {
        let [a, b] = self.class_masks;
        ((board & a).count_ones() & 1 | ((board & b).count_ones() & 1) << 1) as u8
    }

    /// Number of cosets of the jumps' span over GF(2): 2^(holes - its dimension). A jump flips
    /// its three holes, so no parity invariant can tell apart boards in one coset.
    pub fn class_count(&self) -> u64 {
        1 << (self.holes() - self.classes.dimension())
    }

    /// Whether the problem from the vacancy `start` to the single peg `finish` (0-based) passes
    /// the position-class test (a necessary condition for a solution).
    pub fn class_test(&self, start: usize, finish: usize) -> bool {
        self.position_class(self.start(start)) == self.position_class(1 << finish)
    }

    pub fn is_legal(&self, board: Board, j: Jump) -> bool {
        let i = self.jumps.binary_search(&j);
        i.is_ok_and(|i| board & self.masks[i].0 == self.masks[i].1)
    }

    /// Whether any jump is legal (false: the game is over).
    pub fn has_jump(&self, board: Board) -> bool {
        self.masks.iter().any(|&(all, need)| board & all == need)
    }

    /// Every move from `board`: each chain of one or more jumps by one peg, as (jumps, result),
    /// one per distinct result of each peg, in a fixed order.
    pub fn moves_from(&self, board: Board) -> Vec<(Vec<Jump>, Board)> {
        let mut out = Vec::new();
        let mut chain = Vec::new();
        for peg in 0..self.holes() as u8 {
            if board >> peg & 1 == 1 {
                let mut seen = std::collections::HashSet::new();
                self.extend_move(board, peg, &mut chain, &mut seen, &mut out);
            }
        }
        out
    }

    /// Appends the board after every move from `board` (each chain of one or more jumps by one
    /// peg; a board may appear more than once): [`Triangle::moves_from`] without the jumps, for
    /// searches that count moves over billions of boards.
    pub fn move_results(&self, board: Board, out: &mut Vec<Board>) {
        let mut pegs = board;
        while pegs != 0 {
            let peg = pegs.trailing_zeros() as u8;
            pegs &= pegs - 1;
            self.chain_results(board, peg, out);
        }
    }

    /// Appends every board from which one move leads to `board` (a board may appear more than
    /// once): the chains of one peg run backwards, each step a peg jumping back over an empty
    /// hole, which it fills, into the empty hole beyond.
    pub fn unmove_results(&self, board: Board, out: &mut Vec<Board>) {
        let mut pegs = board;
        while pegs != 0 {
            let peg = pegs.trailing_zeros() as u8;
            pegs &= pegs - 1;
            self.unchain(board, peg, &mut Vec::new(), &mut |b, _| out.push(b));
        }
    }

    /// Every move into `board`: (its jumps in playing order, the board it is played from), one
    /// entry per backward chain of each peg, in a fixed order.
    pub fn unmoves_from(&self, board: Board) -> Vec<(Vec<Jump>, Board)> {
        let mut out = Vec::new();
        for peg in 0..self.holes() as u8 {
            if board >> peg & 1 == 1 {
                self.unchain(board, peg, &mut Vec::new(), &mut |b, back: &[Jump]| {
                    out.push((back.iter().rev().copied().collect(), b))
                });
            }
        }
        out
    }

    /// Backward chains of the peg at `at`; `back` holds the forward jumps undone so far, last
    /// played first.
    fn unchain(&self, board: Board, at: u8, back: &mut Vec<Jump>, visit: &mut impl FnMut(Board, &[Jump])) {
        // The jump lattice is symmetric: the geometric jump `at` -> `to` over `over` undoes the
        // forward jump `to` -> `at`; backwards it needs `over` and `to` empty.
        let first = self.jumps.partition_point(|j| j.from < at);
        for (j, &(all, _)) in self.jumps[first..].iter().zip(&self.masks[first..]) {
            if j.from != at {
                break;
            }
            if board & all == 1 << at {
                let prev = board ^ all;
                back.push(Jump {
                    from: j.to,
                    over: j.over,
                    to: j.from,
                });
                visit(prev, back);
                self.unchain(prev, j.to, back, visit);
                back.pop();
            }
        }
    }

    fn chain_results(&self, board: Board, at: u8, out: &mut Vec<Board>) {
        // Jumps are sorted by `from`: the peg's own jumps are one run of the list.
        let first = self.jumps.partition_point(|j| j.from < at);
        for (j, &(all, need)) in self.jumps[first..].iter().zip(&self.masks[first..]) {
            if j.from != at {
                break;
            }
            if board & all == need {
                let next = board ^ all;
                out.push(next);
                self.chain_results(next, j.to, out);
            }
        }
    }

    fn extend_move(
        &self,
        board: Board,
        at: u8,
        chain: &mut Vec<Jump>,
        seen: &mut std::collections::HashSet<Board>,
        out: &mut Vec<(Vec<Jump>, Board)>,
    ) {
        for (j, &(all, need)) in self.jumps.iter().zip(&self.masks) {
            if j.from == at && board & all == need {
                let next = board ^ all;
                if seen.insert(next) {
                    chain.push(*j);
                    out.push((chain.clone(), next));
                    self.extend_move(next, j.to, chain, seen, out);
                    chain.pop();
                }
            }
        }
    }

    pub fn apply(board: Board, j: Jump) -> Board {
        board ^ (1 << j.from | 1 << j.over | 1 << j.to)
    }

    /// The 6 symmetries of the triangle as permutations of 0-based holes, identity first.
    pub fn symmetries(&self) -> &[Vec<u8>] {
        &self.symmetries
    }

    /// Orbits of holes under the symmetries, each sorted, listed by smallest member.
    pub fn hole_orbits(&self) -> Vec<Vec<usize>> {
        let mut seen = vec![false; self.holes()];
        let mut orbits = Vec::new();
        for h in 0..self.holes() {
            if seen[h] {
                continue;
            }
            let mut orbit: Vec<usize> = self.symmetries.iter().map(|p| p[h] as usize).collect();
            orbit.sort();
            orbit.dedup();
            for &o in &orbit {
                seen[o] = true;
            }
            orbits.push(orbit);
        }
        orbits
    }
}

impl Model for Triangle {
    type State = Board;
    type Action = Jump;
    fn successors(&self, board: Board, out: &mut Vec<(Jump, Board)>) {
        for (j, &(all, need)) in self.jumps.iter().zip(&self.masks) {
            if board & all == need {
                out.push((*j, board ^ all));
            }
        }
    }
}

impl Reversible for Triangle {
    fn predecessors(&self, board: Board, out: &mut Vec<(Jump, Board)>) {
        for (j, &(all, _)) in self.jumps.iter().zip(&self.masks) {
            if board & all == 1 << j.to {
                out.push((*j, board ^ all));
            }
        }
    }
}

impl Ranked for Triangle {
    fn space_size(&self) -> u64 {
        1 << self.holes()
    }
    fn rank(&self, board: Board) -> u64 {
        board
    }
    fn unrank(&self, rank: u64) -> Board {
        rank
    }
}

/// Groups jumps into moves (maximal chains by one peg).
pub fn moves_of(jumps: &[Jump]) -> Vec<Vec<Jump>> {
    let mut moves: Vec<Vec<Jump>> = Vec::new();
    for &j in jumps {
        match moves.last_mut() {
            Some(m) if m.last().is_some_and(|l| l.to == j.from) => m.push(j),
            _ => moves.push(vec![j]),
        }
    }
    moves
}

/// Hole notation, 1-based: moves separated by ` | `, the holes a peg visits within a move by `-`
/// (e.g. `7-2 | 1-4 | 9-7-2`).
pub fn format_play(jumps: &[Jump]) -> String {
    moves_of(jumps)
        .iter()
        .map(|m| {
            let mut holes = vec![m[0].from as usize + 1];
            holes.extend(m.iter().map(|j| j.to as usize + 1));
            holes.iter().map(usize::to_string).collect::<Vec<_>>().join("-")
        })
        .collect::<Vec<_>>()
        .join(" | ")
}

/// Parses [`format_play`]'s notation back into jumps on `t` (the jumped hole is implied).
pub fn parse_play(t: &Triangle, text: &str) -> Result<Vec<Jump>> {
    parse_play_on(t.jumps(), &format!("T{}", t.side()), text)
}

/// Parses [`format_play`]'s notation back into jumps of the list `jumps` of the board `name`.
pub fn parse_play_on(jumps: &[Jump], name: &str, text: &str) -> Result<Vec<Jump>> {
    let mut out = Vec::new();
    for mv in text.split(" | ") {
        let holes: Vec<usize> = mv
            .split('-')
            .map(|h| {
                h.trim()
                    .parse::<usize>()
                    .map_err(|_| anyhow::anyhow!("bad hole {h:?} in play"))
            })
            .collect::<Result<_>>()?;
        if holes.len() < 2 {
            bail!("a move of one hole {mv:?}");
        }
        for w in holes.windows(2) {
            let j = jumps
                .iter()
                .find(|j| j.from as usize + 1 == w[0] && j.to as usize + 1 == w[1])
                .ok_or_else(|| anyhow::anyhow!("no jump {}-{} on {name}", w[0], w[1]))?;
            out.push(*j);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn t4_has_the_seeds_18_jumps() {
        let t = Triangle::new(4).unwrap();
        let listed: Vec<String> = t
            .jumps()
            .iter()
            .map(|j| format!("{}-{}-{}", j.from + 1, j.over + 1, j.to + 1))
            .collect();
        // Seed 001's table, start by start.
        let seed = "1-2-4 1-3-6 2-4-7 2-5-9 3-5-8 3-6-10 4-2-1 4-5-6 6-3-1 6-5-4 7-4-2 7-8-9 \
                    8-5-3 8-9-10 9-5-2 9-8-7 10-6-3 10-9-8";
        let mut expect: Vec<String> = seed.split_whitespace().map(String::from).collect();
        let mut got = listed.clone();
        expect.sort();
        got.sort();
        assert_eq!(got, expect);
    }

    #[test]
    fn jump_count_is_3_n_minus_1_n_minus_2() {
        for n in 1..=10 {
            assert_eq!(
                Triangle::new(n).unwrap().jumps().len(),
                3 * (n.max(1) - 1) * n.saturating_sub(2)
            );
        }
    }

    #[test]
    fn symmetries_form_a_group_that_preserves_jumps() {
        let t = Triangle::new(6).unwrap();
        for p in t.symmetries() {
            let mut sorted = p.clone();
            sorted.sort();
            assert_eq!(sorted, (0..21).collect::<Vec<u8>>());
            for j in t.jumps() {
                let m = Jump {
                    from: p[j.from as usize],
                    over: p[j.over as usize],
                    to: p[j.to as usize],
                };
                assert!(t.jumps().contains(&m));
            }
        }
        assert_eq!(t.hole_orbits().iter().map(Vec::len).sum::<usize>(), 21);
    }

    #[test]
    fn notation_round_trips() {
        let t = Triangle::new(4).unwrap();
        let text = "7-2 | 1-4 | 9-7-2 | 6-4-1-6 | 10-3";
        let jumps = parse_play(&t, text).unwrap();
        assert_eq!(format_play(&jumps), text);
    }
}
