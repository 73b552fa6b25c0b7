//! Boards of up to 128 cells, positions as `u128`: for the searches that need no dense ranks (the
//! beam search for plays with few moves on the triangles of sides 11 to 15, past the layered
//! engine's 56 cells). The geometry (jump lines, symmetries, position classes) comes from the
//! same functions as [`Board`](super::Board)'s; a search steps by jumps, or by jumps undone.

use super::lattice::{self, Lattice};
use super::symmetry::{self, Symmetry};
use crate::engine::linear::gf2::BitMatrix;
use anyhow::{ensure, Result};

/// The most cells a wide board takes (the bits of a `u128`).
pub const MAX_WIDE_CELLS: usize = 128;

/// A peg-solitaire board of up to [`MAX_WIDE_CELLS`] cells.
#[derive(Clone, Debug)]
pub struct WideBoard {
    name: String,
    /// (row, column), sorted: cell i is `cells[i]`.
    cells: Vec<(i32, i32)>,
    /// Per cell, the jumps that start there: (over, to).
    jumps_from: Vec<Vec<(u8, u8)>>,
    symmetries: Vec<Symmetry>,
    /// Per symmetry, per byte of a position and its value: that byte's pegs moved by the symmetry.
    byte_images: Vec<Vec<[u128; 256]>>,
    /// A basis of the position-class invariants (cell masks; see [`super::Classes`]).
    invariants: Vec<u128>,
    /// Per cell, its neighbours (the cells a jump from it passes over).
    neighbours: Vec<u128>,
    /// The cells no jump passes over: a peg there leaves only by a move of its own.
    never_over: u128,
}

impl WideBoard {
    /// A board from its holes (sorted and deduplicated here); refused with no hole, more than
    /// [`MAX_WIDE_CELLS`] or no jump.
    pub fn from_cells(name: &str, lattice: Lattice, cells: &[(i32, i32)]) -> Result<WideBoard> {
        ensure!(!cells.is_empty(), "board {name}: no holes");
        let mut cells = cells.to_vec();
        cells.sort_unstable();
        cells.dedup();
        ensure!(
            cells.len() <= MAX_WIDE_CELLS,
            "board {name}: {} holes, more than the {MAX_WIDE_CELLS} a 128-bit position holds",
            cells.len()
        );
        let lines = lattice::lines_of(lattice, &cells);
        ensure!(!lines.is_empty(), "board {name}: no jump is possible");
        let mut jumps_from = vec![Vec::new(); cells.len()];
        for &[a, b, c] in &lines {
            jumps_from[a as usize].push((b, c));
            jumps_from[c as usize].push((b, a));
        }
        let symmetries = symmetry::group(lattice, &cells, &lines);
        let byte_images = symmetries.iter().map(|s| byte_images(&s.map)).collect();
        let invariants = invariants(cells.len(), &lines)?;
        let neighbours: Vec<u128> = jumps_from
            .iter()
            .map(|js| js.iter().fold(0, |m, &(over, _)| m | 1u128 << over))
            .collect();
        let over_some = neighbours.iter().fold(0, |m, &n| m | n);
        let never_over = u128::MAX >> (MAX_WIDE_CELLS - cells.len()) & !over_some;
        Ok(WideBoard {
            name: name.to_string(),
            cells,
            jumps_from,
            symmetries,
            byte_images,
            invariants,
            neighbours,
            never_over,
        })
    }

    /// The triangle of side `side` (holes numbered row by row, as the 64-bit boards number them).
    pub fn triangle(side: usize) -> Result<WideBoard> {
        ensure!(side >= 3, "triangle of side {side}: the side must be at least 3");
        let n = side as i32;
        let cells: Vec<(i32, i32)> = (0..n).flat_map(|r| (0..=r).map(move |c| (r, c))).collect();
        WideBoard::from_cells(&format!("triangle-{side}"), Lattice::Triangular, &cells)
    }

    pub fn name(&self) -> &str {
        &self.name
    }
    pub fn holes(&self) -> usize {
        self.cells.len()
    }
    pub fn symmetries(&self) -> &[Symmetry] {
        &self.symmetries
    }

    /// Every cell holding a peg.
    pub fn full(&self) -> u128 {
        u128::MAX >> (MAX_WIDE_CELLS - self.holes())
    }

    /// The full board with cell `hole` empty.
    pub fn start(&self, hole: usize) -> u128 {
        self.full() & !(1 << hole)
    }

    /// A position's class: bit i is the parity of its pegs on invariant i.
    pub fn class(&self, pegs: u128) -> u64 {
        self.invariants
            .iter()
            .enumerate()
            .fold(0, |acc, (i, f)| acc | u64::from((pegs & f).count_ones() & 1) << i)
    }

    /// The image of `pegs` under symmetry `g`.
    pub fn image(&self, g: usize, pegs: u128) -> u128 {
        let table = &self.byte_images[g];
        table
            .iter()
            .enumerate()
            .fold(0, |acc, (i, t)| acc | t[(pegs >> (8 * i)) as usize & 0xff])
    }

    /// The smallest image of `pegs` under the symmetries: one position per orbit.
    pub fn canonical(&self, pegs: u128) -> u128 {
        (0..self.symmetries.len())
            .map(|g| self.image(g, pegs))
            .min()
            .unwrap_or(pegs)
    }

    /// The cells as orbits of the symmetry group, each sorted, ordered by their first cell.
    pub fn hole_orbits(&self) -> Vec<Vec<usize>> {
        symmetry::orbits(&self.symmetries, self.holes())
    }

    /// Every jump as (from, over, to), whatever the pegs: each line twice, once each way.
    pub fn jump_triples(&self) -> Vec<(usize, usize, usize)> {
        let mut out = Vec::new();
        for (from, js) in self.jumps_from.iter().enumerate() {
            out.extend(js.iter().map(|&(over, to)| (from, over as usize, to as usize)));
        }
        out
    }

    /// The position after the peg on `from` jumps to `to`, if that jump is legal.
    pub fn jump(&self, pegs: u128, from: usize, to: usize) -> Option<u128> {
        let &(over, _) = self.jumps_from.get(from)?.iter().find(|j| j.1 as usize == to)?;
        let legal = pegs >> from & 1 == 1 && pegs >> over & 1 == 1 && pegs >> to & 1 == 0;
        legal.then(|| pegs & !(1 << from) & !(1 << over) | 1 << to)
    }

    /// Calls `f(from, over, to, after)` for every legal jump on `pegs`.
    pub fn jumps(&self, pegs: u128, mut f: impl FnMut(usize, usize, usize, u128)) {
        let mut rest = pegs;
        while rest != 0 {
            let at = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            for &(over, to) in &self.jumps_from[at] {
                if pegs >> over & 1 == 1 && pegs >> to & 1 == 0 {
                    f(
                        at,
                        over as usize,
                        to as usize,
                        pegs & !(1 << at) & !(1 << over) | 1 << to,
                    );
                }
            }
        }
    }

    /// Calls `f(from, over, to, after)` for every jump that could have led to `pegs`, undone: the
    /// peg on `from` goes back over the empty `over` to the empty `to`, and `over` is filled.
    pub fn unjumps(&self, pegs: u128, mut f: impl FnMut(usize, usize, usize, u128)) {
        let mut rest = pegs;
        while rest != 0 {
            let at = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            for &(over, to) in &self.jumps_from[at] {
                if pegs >> over & 1 == 0 && pegs >> to & 1 == 0 {
                    f(at, over as usize, to as usize, pegs & !(1 << at) | 1 << over | 1 << to);
                }
            }
        }
    }

    /// The pegs that only a move of their own can clear: on a cell no jump passes over (the
    /// triangle's corners), or with no neighbouring peg.
    pub fn stranded(&self, pegs: u128) -> u32 {
        let mut alone = pegs & self.never_over;
        let mut rest = pegs & !alone;
        while rest != 0 {
            let at = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if pegs & self.neighbours[at] == 0 {
                alone |= 1 << at;
            }
        }
        alone.count_ones()
    }

    /// The groups of pegs connected through neighbouring pegs.
    pub fn components(&self, pegs: u128) -> u32 {
        let mut rest = pegs;
        let mut count = 0;
        while rest != 0 {
            let mut group = rest & rest.wrapping_neg();
            loop {
                let mut grown = group;
                let mut g = group;
                while g != 0 {
                    let at = g.trailing_zeros() as usize;
                    g &= g - 1;
                    grown |= self.neighbours[at] & pegs;
                }
                if grown == group {
                    break;
                }
                group = grown;
            }
            rest &= !group;
            count += 1;
        }
        count
    }
}

/// Per byte of a position and its value, the pegs that byte holds moved by `map`.
fn byte_images(map: &[u8]) -> Vec<[u128; 256]> {
    (0..map.len().div_ceil(8))
        .map(|byte| {
            let mut table = [0u128; 256];
            for (v, image) in table.iter_mut().enumerate() {
                for bit in 0..8 {
                    let cell = 8 * byte + bit;
                    if v >> bit & 1 == 1 && cell < map.len() {
                        *image |= 1u128 << map[cell];
                    }
                }
            }
            table
        })
        .collect()
}

/// The class invariants (functions cells -> GF(2) summing to 0 on every line) as cell masks.
fn invariants(cells: usize, lines: &[[u8; 3]]) -> Result<Vec<u128>> {
    let rows: Vec<Vec<bool>> = lines
        .iter()
        .map(|line| (0..cells).map(|i| line.contains(&(i as u8))).collect())
        .collect();
    Ok(BitMatrix::from_rows(&rows)
        .null_space()?
        .into_iter()
        .map(|v| {
            let low = u128::from(v.first().copied().unwrap_or(0));
            let high = u128::from(v.get(1).copied().unwrap_or(0));
            low | high << 64
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::board::Board;

    /// On the triangles both boards fit, the wide board's geometry is the 64-bit board's.
    #[test]
    fn agrees_with_the_64_bit_board_where_both_fit() {
        for side in 4..=10 {
            let wide = WideBoard::triangle(side).unwrap();
            let board = Board::named(&format!("triangle-{side}")).unwrap();
            assert_eq!(wide.holes(), board.holes());
            assert_eq!(wide.symmetries(), board.symmetries());
            assert_eq!(wide.hole_orbits(), board.hole_orbits());
            for s in 0..board.holes() {
                for f in 0..board.holes() {
                    let same = wide.class(wide.start(s)) == wide.class(1 << f);
                    assert_eq!(same, board.class_test(s, f), "side {side}, {s} -> {f}");
                }
            }
        }
    }

    /// Jumps against the jump lines read plainly, and every jump undone by `unjumps`.
    #[test]
    fn jumps_and_jumps_undone_are_inverse() {
        let t = WideBoard::triangle(5).unwrap();
        let board = Board::named("triangle-5").unwrap();
        let mut seed = 7u64;
        for _ in 0..300 {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let pegs = (seed >> 11) as u128 & t.full();
            let mut got = Vec::new();
            t.jumps(pegs, |from, over, to, after| got.push((from, over, to, after)));
            let p = pegs as u64;
            let plain: Vec<_> = board
                .jumps()
                .iter()
                .filter(|j| p >> j.from & 1 == 1 && p >> j.over & 1 == 1 && p >> j.to & 1 == 0)
                .map(|j| (j.from as usize, j.over as usize, j.to as usize))
                .collect();
            let mut ours: Vec<_> = got.iter().map(|&(a, b, c, _)| (a, b, c)).collect();
            ours.sort_unstable();
            let mut plain = plain;
            plain.sort_unstable();
            assert_eq!(ours, plain);
            for &(from, over, to, after) in &got {
                assert_eq!(t.jump(pegs, from, to), Some(after));
                assert_eq!(after.count_ones() + 1, pegs.count_ones());
                let mut back = Vec::new();
                t.unjumps(after, |a, b, c, before| back.push((a, b, c, before)));
                assert!(back.contains(&(to, over, from, pegs)));
            }
        }
    }

    #[test]
    fn canonical_is_constant_on_orbits() {
        let t = WideBoard::triangle(12).unwrap();
        assert_eq!(t.holes(), 78);
        assert_eq!(t.symmetries().len(), 6);
        let p = t.start(3) & !(1 << 40) & !(1 << 77);
        for g in 0..6 {
            assert_eq!(t.canonical(t.image(g, p)), t.canonical(p));
            assert_eq!(t.image(g, p).count_ones(), p.count_ones());
        }
        assert!(WideBoard::triangle(16).is_err());
    }
}
