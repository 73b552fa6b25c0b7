//! A proven lower bound on the fewest presses of a square plus/open board's coset past the exact
//! range (nullity > [`solve::EXACT_NULLITY`], where 2^nullity solutions cannot be enumerated): the
//! mirror relaxation.
//!
//! The minimum over x + span(quiet) is (N - max_a W(a)) / 2 with W the Walsh-Hadamard transform of
//! the cells' signed signatures ([`solve::minimise`]). Split the quiet code as E (+) F, where F is
//! (part of) the subcode fixed by both mirrors of the square (the left-right and the top-bottom
//! reflection) and E a complement, and write a = (a_E, a_F). A pattern of F is constant on each
//! mirror orbit of cells (four cells, two on a middle line, one at the centre), so the cells'
//! F-signatures coincide orbit by orbit: grouping the cells by F-signature t,
//! W(a_E, a_F) = G_0(a_E) + sum_{t != 0} G_t(a_E) (-1)^{<a_F, t>} <= G_0(a_E) + sum |G_t(a_E)|.
//! The right side no longer depends on a_F; its maximum over every a_E (2^dim E values, one
//! transform: [`relaxed_peak`]) bounds max W from above, hence the fewest presses from below. It
//! evaluates 2^dim E points instead of 2^nullity; what it gives up is that the groups' signs must
//! come from one a_F. Moving directions of F into E (up to `enumerated_bits`) merges groups and
//! tightens the bound at the cost of a larger transform.
//!
//! Soundness needs only that E and F together span the quiet code (checked); that F is the mirror
//! subcode is what makes the groups large, so the bound useful. The tests compare it with the
//! enumeration on every size whose nullity the enumeration reaches cheaply.

use super::solve;
use crate::engine::progress::Counters;
use crate::engine::walsh_max::relaxed_peak;
use crate::puzzles::lightsout::Grid;
use anyhow::{bail, ensure, Result};
use std::collections::BTreeMap;

/// The all-ones table runs the relaxation only when the complement of the mirror-fixed subcode
/// has at most this many dimensions (2^32 relaxed values, each enumerated).
pub const MAX_ENUMERATED: usize = 32;

/// The bound and how it was obtained.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FoldBound {
    /// No solution has fewer presses.
    pub lower: u64,
    /// Dimension of the mirror-fixed subcode.
    pub mirror_fixed: usize,
    /// Coordinates evaluated exhaustively (2^enumerated points).
    pub enumerated: usize,
    /// Coordinates relaxed (the mirror-fixed directions not enumerated).
    pub relaxed: usize,
    /// Cell groups with a nonzero relaxed signature.
    pub groups: usize,
}

impl FoldBound {
    /// The `lower_bound_method` text of the datasets.
    pub fn method(&self) -> String {
        format!(
            "mirror relaxation: 2^{} evaluated, {} mirror-fixed coordinates relaxed",
            self.enumerated, self.relaxed
        )
    }
}

/// Bits of a combination of at most 128 quiet patterns.
type Comb = u128;

/// Combinations of `vectors` (each a word vector) that sum to zero: a basis of the kernel of
/// a -> sum a_i v_i, by elimination with the combination carried along.
fn kernel(vectors: &[Vec<u64>]) -> Vec<Comb> {
    let mut rows: Vec<(Vec<u64>, Comb)> = Vec::new(); // echelon: (vector, combination), pivot = first set bit
    let mut pivots: Vec<usize> = Vec::new();
    let mut out = Vec::new();
    for (i, v) in vectors.iter().enumerate() {
        let (mut v, mut c): (Vec<u64>, Comb) = (v.clone(), 1 << i);
        for ((r, rc), &p) in rows.iter().zip(&pivots) {
            if v[p / 64] >> (p % 64) & 1 == 1 {
                crate::engine::gf2::xor_into(&mut v, r);
                c ^= rc;
            }
        }
        match v.iter().enumerate().find(|(_, &w)| w != 0) {
            None => out.push(c),
            Some((wi, &w)) => {
                pivots.push(wi * 64 + w.trailing_zeros() as usize);
                rows.push((v, c));
            }
        }
    }
    out
}

/// Reduces combination `c` by an echelon of combinations (pivot = highest bit); returns the rest.
fn reduce(echelon: &[Comb], mut c: Comb) -> Comb {
    for &e in echelon {
        if c ^ e < c {
            c ^= e;
        }
    }
    c
}

fn insert(echelon: &mut Vec<Comb>, c: Comb) -> bool {
    let r = reduce(echelon, c);
    if r == 0 {
        return false;
    }
    echelon.push(r);
    echelon.sort_unstable_by(|a, b| b.cmp(a));
    true
}

fn combine(quiet: &[Grid], c: Comb) -> Grid {
    let mut g = quiet[0].clone();
    g.bits.fill(0);
    for (i, q) in quiet.iter().enumerate() {
        if c >> i & 1 == 1 {
            crate::engine::gf2::xor_into(&mut g.bits, &q.bits);
        }
    }
    g
}

/// q + its mirror image (left-right when `columns`, else top-bottom), as words.
fn mirror_difference(q: &Grid, columns: bool) -> Vec<u64> {
    let (m, n) = (q.rows, q.cols);
    let mut d = q.clone();
    for r in 0..m {
        for c in 0..n {
            let (r2, c2) = if columns { (r, n - 1 - c) } else { (m - 1 - r, c) };
            if q.get(r2, c2) {
                d.flip(r, c);
            }
        }
    }
    d.bits
}

/// The mirror-fixed subcode (as combinations of `quiet`) and a complement of it.
pub fn mirror_split(quiet: &[Grid]) -> Result<(Vec<Comb>, Vec<Comb>)> {
    let k = quiet.len();
    ensure!(k <= 128, "at most 128 quiet patterns (got {k})");
    let diffs: Vec<Vec<u64>> = quiet
        .iter()
        .map(|q| {
            let mut v = mirror_difference(q, true);
            v.extend(mirror_difference(q, false));
            v
        })
        .collect();
    let fixed = kernel(&diffs);
    let mut echelon = Vec::new();
    for &c in &fixed {
        ensure!(
            insert(&mut echelon, c),
            "internal error: dependent mirror-fixed combinations"
        );
    }
    let mut complement = Vec::new();
    for i in 0..k {
        if insert(&mut echelon, 1 << i) {
            complement.push(1 << i);
        }
    }
    ensure!(
        echelon.len() == k,
        "internal error: the split spans {} of {k} dimensions",
        echelon.len()
    );
    Ok((fixed, complement))
}

/// The mirror relaxation's lower bound on the fewest presses over `x + span(quiet)` (see the module
/// comment), evaluating 2^e points, e = max(dim complement, min(`enumerated_bits`, nullity)).
/// The nullity must exceed 0; every coordinate's signature must fit 64 bits on each side.
pub fn lower_bound(x: &Grid, quiet: &[Grid], enumerated_bits: usize, counters: Option<&Counters>) -> Result<FoldBound> {
    ensure!(!quiet.is_empty(), "no quiet patterns: the solution is unique");
    let (fixed, complement) = mirror_split(quiet)?;
    let e = complement.len().max(enumerated_bits.min(quiet.len()));
    let moved = e - complement.len();
    let enumerated: Vec<Comb> = complement.iter().chain(&fixed[..moved]).copied().collect();
    let free: Vec<Comb> = fixed[moved..].to_vec();
    if enumerated.len() > 64 || free.len() > 64 {
        bail!(
            "the mirror relaxation needs at most 64 enumerated and 64 relaxed coordinates ({} and {})",
            enumerated.len(),
            free.len()
        );
    }
    let lo_grids: Vec<Grid> = enumerated.iter().map(|&c| combine(quiet, c)).collect();
    let hi_grids: Vec<Grid> = free.iter().map(|&c| combine(quiet, c)).collect();
    // Group the cells by relaxed signature; inside a group, equal enumerated signatures add.
    let mut groups: BTreeMap<u64, BTreeMap<u64, i32>> = BTreeMap::new();
    for r in 0..x.rows {
        let mut lo = Vec::with_capacity(x.cols);
        solve::row_signatures(x, &lo_grids, r, |s, on| lo.push((s, if on { -1 } else { 1 })));
        let mut hi = Vec::with_capacity(x.cols);
        solve::row_signatures(x, &hi_grids, r, |s, _| hi.push(s));
        for ((s, h), t) in lo.into_iter().zip(hi) {
            *groups.entry(t).or_default().entry(s).or_default() += h;
        }
    }
    let fixed_part: Vec<(u64, i32)> = groups
        .remove(&0)
        .unwrap_or_default()
        .into_iter()
        .filter(|&(_, h)| h != 0)
        .collect();
    let groups: Vec<Vec<(u64, i32)>> = groups
        .into_values()
        .map(|g| g.into_iter().filter(|&(_, h)| h != 0).collect::<Vec<_>>())
        .filter(|g| !g.is_empty())
        .collect();
    let peak = relaxed_peak(&fixed_part, &groups, enumerated.len(), counters).value;
    // W = N - 2 weight has N's parity: the largest admissible W at most the peak.
    let cells = (x.rows * x.cols) as i64;
    let w = peak - (peak - cells).rem_euclid(2);
    let lower = ((cells - w) / 2).max(0) as u64;
    Ok(FoldBound {
        lower,
        mirror_fixed: fixed.len(),
        enumerated: enumerated.len(),
        relaxed: free.len(),
        groups: groups.len(),
    })
}

/// The all-ones table's proven lower bound for a coset that is not enumerated: the better of the
/// strip relaxation ([`super::strips`], width [`super::strips::WIDTH`]) and the mirror relaxation
/// (when its complement has at most [`MAX_ENUMERATED`] dimensions), with the method in words.
pub fn all_ones_lower_bound(n: usize, x: &Grid, quiet: &[Grid]) -> Result<(u64, String)> {
    let strips = super::strips::lower_bound(n, super::strips::WIDTH)?;
    let strip_text = format!(
        "strip relaxation (strips of width <= {}): {strips}",
        super::strips::WIDTH
    );
    let (fixed, complement) = mirror_split(quiet)?;
    if complement.len() > MAX_ENUMERATED {
        let why = format!(
            "mirror relaxation not run (2^{} points; mirror-fixed dimension {})",
            complement.len(),
            fixed.len()
        );
        return Ok((strips, format!("{strip_text}; {why}")));
    }
    let m = lower_bound(x, quiet, 0, None)?;
    let mirror_text = format!("{}: {}", m.method(), m.lower);
    Ok(if m.lower > strips {
        (m.lower, format!("{mirror_text}; {strip_text}"))
    } else {
        (strips, format!("{strip_text}; {mirror_text}"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::lightsout::{Game, Rule, Topology};
    use crate::studies::lightsout::solve::{solve_first, Outcome};

    fn all_ones(n: usize) -> solve::Solution {
        let game = Game::new(Rule::Plus, Topology::Open, n, n).unwrap();
        let Outcome::Solved(s) = solve_first(&game, &Grid::ones(n, n).unwrap()).unwrap() else {
            panic!("solvable")
        };
        s
    }

    #[test]
    fn the_split_spans_the_code_and_its_fixed_part_is_mirror_symmetric() {
        for n in [9, 16, 19, 24] {
            let s = all_ones(n);
            let (fixed, complement) = mirror_split(&s.quiet).unwrap();
            assert_eq!(fixed.len() + complement.len(), s.nullity, "n {n}");
            for &c in &fixed {
                let g = combine(&s.quiet, c);
                for r in 0..n {
                    for col in 0..n {
                        assert_eq!(g.get(r, col), g.get(r, n - 1 - col));
                        assert_eq!(g.get(r, col), g.get(n - 1 - r, col));
                    }
                }
            }
        }
    }

    #[test]
    fn the_bounds_never_exceed_the_enumerated_minimum() {
        // Every size up to 50 with nullity 1..=32 (39 and 47, nullity 32 and 30, cost a few
        // seconds of enumeration); both relaxations of the all-ones table, and the mirror one with
        // nothing relaxed, which must be the minimum itself, where the enumeration is milliseconds.
        let mut checked = 0;
        for n in 1..=50 {
            let s = all_ones(n);
            if s.nullity == 0 || s.nullity > 32 {
                continue;
            }
            let mut x = s.presses.clone();
            assert!(solve::minimise(&mut x, &s.quiet).unwrap());
            let min = x.count();
            let (lower, method) = all_ones_lower_bound(n, &s.presses, &s.quiet).unwrap();
            assert!(lower <= min, "n {n}: bound {lower} ({method}) above the minimum {min}");
            let relaxed = lower_bound(&s.presses, &s.quiet, 0, None).unwrap();
            assert!(
                relaxed.lower <= min,
                "n {n}: mirror bound {} above the minimum {min}",
                relaxed.lower
            );
            if s.nullity <= 24 {
                let all = lower_bound(&s.presses, &s.quiet, 64, None).unwrap();
                assert_eq!((all.lower, all.relaxed), (min, 0), "n {n}");
            }
            checked += 1;
        }
        assert_eq!(checked, 22, "singular sizes up to 50 with nullity <= 32");
    }
}
