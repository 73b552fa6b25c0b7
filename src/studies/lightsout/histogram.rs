//! Click-distance histograms: for each k, how many solvable positions need exactly k presses at
//! minimum. A solvable position is a coset x + ker(A) of press patterns; its distance is the
//! fewest presses in the coset.
//!
//! Two methods: exhaustive enumeration of all 2^cells press patterns (Gray code, up to 25
//! cells), and grouping cells by their quiet signature (which null-space basis vectors contain
//! them): a press pattern's coset weights depend only on how many pressed cells each signature
//! class holds, so one enumerates those profiles, weighting each by a product of binomials.

use crate::engine::gf2::{self, BitMatrix};
use crate::output::glossary;
use crate::output::schema::{col, Column, Kind, Schema};
use crate::output::table::exact_count_cells;
use crate::output::{Cell, Table};
use crate::puzzles::lightsout::{Game, Rule, Topology};
use anyhow::{bail, Result};
use num_bigint::BigUint;

#[derive(Clone, Debug, PartialEq)]
pub struct Histogram {
    pub rule: Rule,
    pub topology: Topology,
    pub n: usize,
    pub nullity: usize,
    pub method: String,
    /// counts[k] = positions whose minimum is k (up to the maximum, God's number).
    pub counts: Vec<BigUint>,
}

impl Histogram {
    pub fn total(&self) -> BigUint {
        self.counts.iter().sum()
    }
    pub fn gods_number(&self) -> usize {
        self.counts.len() - 1
    }
}

/// Largest number of profiles the signature method enumerates.
pub const PROFILE_LIMIT: u128 = 1 << 27;
pub const EXHAUSTIVE_CELLS: usize = 25;
pub const MAX_N: usize = 64;

/// The histogram of the n x n board, n in 1..=[`MAX_N`] (the methods here need the full press
/// matrix; the command's options check the side).
pub fn compute(rule: Rule, topology: Topology, n: usize) -> Result<Histogram> {
    let game = Game::new(rule, topology, n, n)?;
    if game.cells() <= EXHAUSTIVE_CELLS {
        exhaustive(&game)
    } else {
        by_signatures(&game)
    }
}

pub fn exhaustive(game: &Game) -> Result<Histogram> {
    let a = game.press_matrix()?;
    let counts = exhaustive_counts(&a)?;
    Ok(Histogram {
        rule: game.rule,
        topology: game.topology,
        n: game.rows,
        nullity: a.nullity(),
        method: EXHAUSTIVE_METHOD.into(),
        counts,
    })
}

/// The `method` of [`exhaustive_counts`].
pub const EXHAUSTIVE_METHOD: &str = "exhaustive over all 2^cells press patterns";

/// counts[k] = the solvable positions of press matrix `a` (column j: what a press at j toggles;
/// at most [`EXHAUSTIVE_CELLS`] cells) whose fewest presses are k, by walking all 2^cells press
/// patterns in Gray-code order.
pub fn exhaustive_counts(a: &BitMatrix) -> Result<Vec<BigUint>> {
    let cells = a.cols();
    if cells > EXHAUSTIVE_CELLS || a.rows() != cells {
        bail!("exhaustive enumeration is limited to square matrices of at most {EXHAUSTIVE_CELLS} cells");
    }
    let cols: Vec<u32> = (0..cells)
        .map(|j| (0..cells).filter(|&i| a.get(i, j)).fold(0u32, |acc, i| acc | 1 << i))
        .collect();
    let mut best = vec![u8::MAX; 1usize << cells];
    best[0] = 0;
    let (mut x, mut b) = (0u32, 0u32);
    for i in 1u64..1 << cells {
        let j = i.trailing_zeros() as usize;
        x ^= 1 << j;
        b ^= cols[j];
        let w = x.count_ones() as u8;
        let slot = &mut best[b as usize];
        if w < *slot {
            *slot = w;
        }
    }
    let mut counts = vec![0u64; cells + 1];
    for &w in &best {
        if w != u8::MAX {
            counts[w as usize] += 1;
        }
    }
    while counts.last() == Some(&0) {
        counts.pop();
    }
    Ok(counts.into_iter().map(BigUint::from).collect())
}

/// The largest nullity the signature method handles (2^k signatures).
pub const MAX_SIGNATURE_NULLITY: usize = 20;

/// A board's cells grouped by quiet signature: what [`by_signatures`] enumerates.
struct Signatures {
    k: usize,
    /// Cells per signature (index = signature over the null-space basis; 0 = in no quiet pattern).
    size: Vec<usize>,
    /// The signed classes (signature, cells), by signature.
    classes: Vec<(usize, usize)>,
    /// Weight profiles: the product of (class size + 1), saturating.
    profiles: u128,
}

/// The board's signature classes; Err(reason) when the nullity is beyond the method.
fn signatures(a: &BitMatrix) -> Result<std::result::Result<Signatures, String>> {
    let basis = a.null_space()?;
    let k = basis.len();
    if k > MAX_SIGNATURE_NULLITY {
        return Ok(Err(format!("nullity {k} is too large for the signature method")));
    }
    let cells = a.cols();
    // Class sizes by signature.
    let mut size = vec![0usize; 1 << k];
    for c in 0..cells {
        let s = basis
            .iter()
            .enumerate()
            .fold(0usize, |s, (i, v)| s | (gf2::get_bit(v, c) as usize) << i);
        size[s] += 1;
    }
    let classes: Vec<(usize, usize)> = (1..1usize << k)
        .filter(|&s| size[s] > 0)
        .map(|s| (s, size[s]))
        .collect();
    // Saturating: with hundreds of classes the product overflows u128 (and a wrapped product
    // could slip under the limit).
    let profiles: u128 = classes.iter().fold(1u128, |p, &(_, n)| p.saturating_mul(n as u128 + 1));
    Ok(Ok(Signatures {
        k,
        size,
        classes,
        profiles,
    }))
}

/// Why the profile enumeration refuses (more profiles than [`PROFILE_LIMIT`]), if it does.
fn too_many_profiles(label: &str, k: usize, classes: usize, profiles: u128) -> Option<String> {
    (profiles > PROFILE_LIMIT).then(|| {
        format!(
            "{label}: nullity {k}, {classes} signature classes, {0} weight profiles: beyond the \
                {PROFILE_LIMIT} this method enumerates",
            if profiles == u128::MAX {
                "more than 3.4e38".to_string()
            } else {
                profiles.to_string()
            }
        )
    })
}

/// Why [`compute`] refuses this board by design (its exact histogram is out of reach of the
/// methods here), or None when it computes it. Cheap: one null space, no enumeration. Callers
/// that list such boards knowingly (the report names them and samples them instead) check
/// them here rather than turning a failed computation into a note.
pub fn out_of_reach(rule: Rule, topology: Topology, n: usize) -> Result<Option<String>> {
    if n == 0 || n > MAX_N {
        bail!("--n {n} is outside 1..={MAX_N} (the methods here need the full press matrix)");
    }
    let game = Game::new(rule, topology, n, n)?;
    if game.cells() <= EXHAUSTIVE_CELLS {
        return Ok(None);
    }
    matrix_out_of_reach(&game.press_matrix()?, &square_label(&game))
}

pub fn by_signatures(game: &Game) -> Result<Histogram> {
    let (counts, nullity, method) = signature_counts(&game.press_matrix()?, &square_label(game))?;
    Ok(Histogram {
        rule: game.rule,
        topology: game.topology,
        n: game.rows,
        nullity,
        method,
        counts,
    })
}

/// How the refusals name a square board.
fn square_label(game: &Game) -> String {
    format!("{0}x{0} {1} {2}", game.rows, game.rule.name(), game.topology.name())
}

/// Why [`signature_counts`] refuses press matrix `a` (named `label` in the reason), or None.
pub fn matrix_out_of_reach(a: &BitMatrix, label: &str) -> Result<Option<String>> {
    Ok(match signatures(a)? {
        Err(why) => Some(why),
        Ok(sig) if sig.k == 2 => None,
        Ok(sig) => too_many_profiles(label, sig.k, sig.classes.len(), sig.profiles),
    })
}

/// (counts, nullity, method) of press matrix `a` by its quiet-signature classes: counts[k] =
/// the solvable positions whose fewest presses are k. `label` names the board in a refusal.
pub fn signature_counts(a: &BitMatrix, label: &str) -> Result<(Vec<BigUint>, usize, String)> {
    let Signatures {
        k,
        size,
        classes,
        profiles,
    } = match signatures(a)? {
        Ok(sig) => sig,
        Err(why) => bail!("{label}: {why}"),
    };
    let cells = a.cols();
    // Only the rows of the class sizes: the full table to `cells` rows would hold 4 million big
    // integers at 53x53 (780 MB).
    let binom = binomial_rows(size.iter().copied());
    let (dist, method) = if k == 2 {
        (
            nullity_two(size[1], size[2], size[3], &binom),
            format!(
                "quiet-signature classes, nullity 2: closed form over \
            the 4 coset members ({profiles} profiles summed in O(c^2) big-integer steps)"
            ),
        )
    } else {
        (
            enumerated(label, cells, k, &classes, profiles, &binom)?,
            format!(
                "quiet-signature classes ({} classes, {profiles} profiles)",
                classes.len()
            ),
        )
    };
    // Cells in no quiet pattern add their weight to every coset element alike.
    let z = size[0];
    let mut counts = vec![BigUint::default(); cells + 1];
    for (w, d) in dist.iter().enumerate() {
        if d == &BigUint::default() {
            continue;
        }
        for (j, b) in binom[z].iter().enumerate() {
            counts[w + j] += d * b;
        }
    }
    let cosets = BigUint::from(1u8) << k;
    for c in counts.iter_mut() {
        let (q, r) = (&*c / &cosets, &*c % &cosets);
        assert!(r == BigUint::default(), "every coset has 2^k elements");
        *c = q;
    }
    while counts.last() == Some(&BigUint::default()) {
        counts.pop();
    }
    Ok((counts, k, method))
}

/// dist[w] = press patterns on the signed classes whose coset minimum there is w, by
/// enumerating every weight profile (how many pressed cells each class holds).
fn enumerated(
    label: &str,
    cells: usize,
    k: usize,
    classes: &[(usize, usize)],
    profiles: u128,
    binom: &[Vec<BigUint>],
) -> Result<Vec<BigUint>> {
    if let Some(why) = too_many_profiles(label, k, classes.len(), profiles) {
        bail!("{why}");
    }
    let mut dist: Vec<BigUint> = vec![BigUint::default(); cells + 1];
    let mut weights = vec![0usize; 1 << k]; // weight over signed classes for each a
    enumerate(classes, 0, &mut weights, &BigUint::from(1u8), binom, &mut dist);
    Ok(dist)
}

/// [`enumerated`]'s dist for nullity 2 without enumerating profiles. With u, v, x pressed cells
/// in the classes of signatures 1, 2, 3 (sizes c1, c2, c3), the four coset members weigh
/// u + v + x, (c1 - u) + v + (c3 - x), u + (c2 - v) + (c3 - x) and (c1 - u) + (c2 - v) + x, so
/// the minimum is min(L + x, R - x) with L = min(u + v, c1 + c2 - u - v) and
/// R = c3 + min(c1 - (u - v), c2 + (u - v)). Summing C(c1,u) C(c2,v) into Q[L][R] first, the
/// patterns with L + x <= R - x (R >= L + 2x) add C(c3,x) times a suffix sum of row L to
/// dist[L + x], the others (L > R - 2x) C(c3,x) times a suffix sum of column R to dist[R - x]:
/// O(c^2) big-integer steps where the enumeration takes c^3 (137 million profiles at 53x53).
fn nullity_two(c1: usize, c2: usize, c3: usize, binom: &[Vec<BigUint>]) -> Vec<BigUint> {
    let h = (c1 + c2) / 2;
    let zero = BigUint::default();
    // q[l][r - c3]
    let mut q: Vec<Vec<BigUint>> = vec![vec![zero.clone(); h + 1]; h + 1];
    for u in 0..=c1 {
        for v in 0..=c2 {
            let l = (u + v).min(c1 + c2 - u - v);
            let r = (c1 + v - u).min(c2 + u - v);
            q[l][r] += &binom[c1][u] * &binom[c2][v];
        }
    }
    let mut dist = vec![zero.clone(); c1 + c2 + c3 + 1];
    // R >= L + 2x: row L's suffix from R = L + 2x.
    for (l, row) in q.iter().enumerate() {
        let mut suffix = vec![zero.clone(); h + 2];
        for r in (0..=h).rev() {
            suffix[r] = &suffix[r + 1] + &row[r];
        }
        for x in 0..=c3 {
            // r - c3 >= l + 2x - c3
            let from = (l + 2 * x).saturating_sub(c3);
            if from <= h {
                dist[l + x] += &binom[c3][x] * &suffix[from];
            }
        }
    }
    // L > R - 2x: column R's suffix from L = R - 2x + 1 (all of it when R < 2x).
    for rr in 0..=h {
        let r = rr + c3;
        let mut suffix = vec![zero.clone(); h + 2];
        for (l, ql) in q.iter().enumerate().take(h + 1).rev() {
            suffix[l] = &suffix[l + 1] + &ql[rr];
        }
        for x in 0..=c3 {
            let from = (r + 1).saturating_sub(2 * x);
            if from <= h {
                dist[r - x] += &binom[c3][x] * &suffix[from];
            }
        }
    }
    dist
}

fn enumerate(
    classes: &[(usize, usize)],
    i: usize,
    weights: &mut Vec<usize>,
    mult: &BigUint,
    binom: &[Vec<BigUint>],
    dist: &mut [BigUint],
) {
    if i == classes.len() {
        let m = *weights.iter().min().expect("non-empty");
        dist[m] += mult;
        return;
    }
    let (s, n) = classes[i];
    for w in 0..=n {
        // a flips the class iff |a & s| is odd
        for (a, slot) in weights.iter_mut().enumerate() {
            *slot += if (a & s).count_ones() & 1 == 1 { n - w } else { w };
        }
        let next = mult * &binom[n][w];
        enumerate(classes, i + 1, weights, &next, binom, dist);
        for (a, slot) in weights.iter_mut().enumerate() {
            *slot -= if (a & s).count_ones() & 1 == 1 { n - w } else { w };
        }
    }
}

/// Rows `binom[n][k]` = C(n, k) for the `n` in `sizes` (other rows empty).
fn binomial_rows(sizes: impl Iterator<Item = usize>) -> Vec<Vec<BigUint>> {
    let mut rows: Vec<Vec<BigUint>> = Vec::new();
    for n in sizes {
        if rows.len() <= n {
            rows.resize(n + 1, Vec::new());
        }
        if rows[n].is_empty() {
            let mut row = vec![BigUint::from(1u8)];
            for k in 0..n {
                let next = &row[k] * (n - k) / (k + 1);
                row.push(next);
            }
            rows[n] = row;
        }
    }
    rows
}

/// log10 of a positive big integer, exact to f64 precision at any size (the top 64 bits carry it).
pub fn big_log10(c: &BigUint) -> f64 {
    let shift = c.bits().saturating_sub(64);
    let top: BigUint = c >> shift;
    let top = top.to_u64_digits().first().copied().unwrap_or(0) as f64;
    top.log10() + shift as f64 * std::f64::consts::LOG10_2
}

/// The columns of every click-distance histogram (square boards and graphs).
pub const HISTOGRAM_COLUMNS: &[Column] = &[
    col(
        glossary::min_presses,
        Kind::Integer,
        "fewest presses that turn the position off",
    ),
    col(
        glossary::positions_text,
        Kind::BigInteger,
        "solvable positions needing exactly that many presses; exact count as \
                    text, digits grouped by `_`, at least one `_`, in every histogram (the column's sum passes 64 \
                    bits from 8x8 on, single counts from 10x10 on)",
    ),
    col(
        glossary::positions,
        Kind::Number,
        "positions_text as a float (exact below 2^53), so the column sums as numbers",
    ),
    col(
        glossary::log10_positions,
        Kind::Number,
        "log10 of positions, for plotting",
    ),
];

/// A histogram's rows under `schema` (columns [`HISTOGRAM_COLUMNS`]): counts[k] positions need
/// k presses.
pub fn counts_table(schema: &Schema, counts: &[BigUint]) -> Table {
    // Counts pass 2^127 from 12x12 on: exact decimal text, with log10 beside it for plotting.
    let mut t = schema.table();
    for (k, c) in counts.iter().enumerate() {
        let log = if c.bits() == 0 {
            Cell::Empty
        } else {
            Cell::Fixed(big_log10(c), 6)
        };
        let [text, number] = exact_count_cells(c);
        t.push(vec![k.into(), text, number, log]);
    }
    t
}

#[cfg(test)]
fn binomials(n: usize) -> Vec<Vec<BigUint>> {
    let mut rows: Vec<Vec<BigUint>> = vec![vec![BigUint::from(1u8)]];
    for i in 1..=n {
        let prev = &rows[i - 1];
        let mut row = vec![BigUint::from(1u8); i + 1];
        for j in 1..i {
            row[j] = &prev[j - 1] + &prev[j];
        }
        rows.push(row);
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The closed form against the triple sum it replaces, on class sizes with zeros, equal
    /// sizes and every parity.
    #[test]
    fn nullity_two_closed_form_equals_the_triple_sum() {
        let binom = binomials(40);
        for (c1, c2, c3) in [
            (0, 0, 0),
            (1, 0, 0),
            (0, 0, 3),
            (2, 3, 4),
            (5, 5, 5),
            (7, 2, 9),
            (9, 8, 1),
            (4, 11, 6),
            (12, 12, 13),
        ] {
            let mut expect = vec![BigUint::default(); c1 + c2 + c3 + 1];
            for u in 0..=c1 {
                for v in 0..=c2 {
                    for x in 0..=c3 {
                        let m = [u + v + x, c1 - u + v + c3 - x, u + c2 - v + c3 - x, c1 - u + c2 - v + x]
                            .into_iter()
                            .min()
                            .unwrap();
                        expect[m] += &binom[c1][u] * &binom[c2][v] * &binom[c3][x];
                    }
                }
            }
            assert_eq!(nullity_two(c1, c2, c3, &binom), expect, "{c1} {c2} {c3}");
        }
    }

    /// Both signature methods on the nullity-2 boards where the enumeration still runs.
    #[test]
    fn nullity_two_boards_agree_with_the_enumeration() {
        for n in [5usize, 17] {
            let g = Game::new(Rule::Plus, Topology::Open, n, n).unwrap();
            let fast = by_signatures(&g).unwrap();
            assert_eq!(fast.nullity, 2);
            let a = g.press_matrix().unwrap();
            let basis = a.null_space().unwrap();
            let mut size = [0usize; 4];
            for c in 0..g.cells() {
                size[basis
                    .iter()
                    .enumerate()
                    .fold(0usize, |s, (i, v)| s | (gf2::get_bit(v, c) as usize) << i)] += 1;
            }
            let classes: Vec<(usize, usize)> = (1..4).filter(|&s| size[s] > 0).map(|s| (s, size[s])).collect();
            let binom = binomials(g.cells());
            let slow = enumerated("test", g.cells(), 2, &classes, 0, &binom).unwrap();
            assert_eq!(
                nullity_two(size[1], size[2], size[3], &binom)[..],
                slow[..size[1] + size[2] + size[3] + 1],
                "{n}x{n}"
            );
            assert!(slow[size[1] + size[2] + size[3] + 1..]
                .iter()
                .all(|d| d == &BigUint::default()));
            assert_eq!(fast.total(), BigUint::from(1u8) << (n * n - 2));
        }
    }

    /// `out_of_reach` names exactly the boards `compute` refuses, with the same reason.
    #[test]
    fn out_of_reach_is_what_compute_refuses() {
        let mut refused = Vec::new();
        for n in 1..=20 {
            let why = out_of_reach(Rule::Plus, Topology::Open, n).unwrap();
            // Compute only the refusals (quick) and a few reachable sides.
            if why.is_some() {
                refused.push(n);
            }
            if why.is_some() || [6, 10, 20].contains(&n) {
                match (compute(Rule::Plus, Topology::Open, n), why) {
                    (Err(e), Some(w)) => assert_eq!(e.to_string(), w, "{n}"),
                    (Ok(_), None) => {}
                    (r, w) => panic!("{n}x{n}: compute {:?}, out_of_reach {w:?}", r.map(|h| h.nullity)),
                }
            }
        }
        assert_eq!(refused, [9, 11, 14, 16, 19]);
    }

    #[test]
    fn binomial_rows_are_pascals() {
        let all = binomials(60);
        let some = binomial_rows([0usize, 7, 60, 7, 31].into_iter());
        for n in [0, 7, 31, 60] {
            assert_eq!(some[n], all[n]);
        }
        assert!(some[8].is_empty());
    }

    #[test]
    fn methods_agree_where_both_run() {
        for rule in [Rule::Plus, Rule::Block] {
            for topo in [Topology::Open, Topology::Torus] {
                for n in 1..=5 {
                    // 5x5 (2^25 patterns) only where the oracle file needs it: plus, open.
                    if n == 5 && (rule, topo) != (Rule::Plus, Topology::Open) {
                        continue;
                    }
                    let g = Game::new(rule, topo, n, n).unwrap();
                    let e = exhaustive(&g).unwrap();
                    if let Ok(s) = by_signatures(&g) {
                        assert_eq!(e.counts, s.counts, "{rule:?} {topo:?} {n}");
                    }
                    assert_eq!(e.total(), BigUint::from(1u8) << (n * n - e.nullity));
                }
            }
        }
    }
}
