//! God's numbers: the largest, over all solvable positions, of the fewest presses that clear it.
//!
//! A solvable position is a coset x + Q of press patterns (Q = the d-dimensional quiet code), and
//! its fewest presses is the minimum weight over the coset, so God's number is Q's covering
//! radius. Group the cells by signature s in GF(2)^d (which basis patterns contain the cell),
//! with c_s cells in class s, and let w_s be how many of them x presses. The coset element
//! x + sum a_i q_i presses V_a = c_0 [best: w_0 = c_0] + sum_{s != 0} (w_s if <a, s> = 0 else
//! c_s - w_s) cells, so God's number = c_0 + max_w min_a V_a.
//!
//! Upper bound (every d): write y_s = c_s - 2 w_s and Y(a) = sum_s y_s (-1)^<a, s> (its
//! Walsh-Hadamard transform); then V_a = (C - Y(a)) / 2 with C = sum_{s != 0} c_s. Y sums to
//! 2^d y_0 = 0 over all a, so max Y >= 0; every Y(a) has the parity of C, so max Y >= 1 when C is
//! odd; and max Y = 0 forces Y = 0, hence y = 0, hence every c_s even. So
//! God's number <= c_0 + floor(C / 2) - [C even and some c_s odd].
//!
//! Lower bound: a witness press pattern x, whose position's exact minimum over all 2^d solutions
//! (computed by the solver, Walsh-Hadamard over signatures) is the bound. For d = 2 the witness
//! w_s = floor(c_s / 2), plus one on one odd class when all three nonzero classes are odd,
//! always meets the upper bound (the case analysis is in `d2_witness`), so God's number is exact;
//! for larger d a deterministic local search looks for a witness.
//!
//! Closing the gap: where the witness is below the bound, the branch and bound of
//! [`crate::engine::covering`] decides "is God's number at least G" exactly, upwards from the
//! witness (a success is a better witness) and downwards from the bound (a refutation lowers the
//! bound), each decision within a node budget; what stays undecided is reported as bounds.

use super::class_symmetry::{self, ClassSymmetry};
use super::columns;
use super::gods_subcode::{self, SubcodeEffort};
use super::histogram::big_log10;
use super::solve::{self, Outcome};
use super::sutner;
use crate::engine::progress::{Counters, Reporter};
use crate::engine::{covering, deep_hole};
use crate::output::glossary;
use crate::output::schema::{col, Kind, Schema};
use crate::output::table::{exact_count_cells, Cell, Table};
use crate::puzzles::lightsout::{apply_presses, Game, Grid, Rule, Topology};
use crate::studies::claim::{Claim, Scope, Verdict};
use anyhow::{bail, ensure, Result};
use num_bigint::BigUint;
use std::sync::Arc;

/// Signature classes of one board.
#[derive(Clone, Debug)]
pub struct Classes {
    pub n: usize,
    pub nullity: usize,
    /// `sizes[s]` = cells whose signature is `s` (len 2^d; `sizes[0]` = cells in no quiet pattern).
    pub sizes: Vec<usize>,
    /// Each cell's signature, row-major.
    pub signature: Vec<u32>,
}

impl Classes {
    /// C = cells in some quiet pattern.
    pub fn covered(&self) -> usize {
        self.sizes[1..].iter().sum()
    }
    /// The upper bound of the module comment.
    pub fn upper_bound(&self) -> usize {
        parity_bound(&self.sizes)
    }
}

/// The parity/averaging upper bound of the module comment, from the class sizes (`sizes[0]` =
/// cells in no quiet pattern).
pub fn parity_bound(sizes: &[usize]) -> usize {
    parity_bound_of(sizes[0], &sizes[1..])
}

/// The parity/averaging bound from c_0 and the sizes of the classes in some quiet pattern.
fn parity_bound_of(c0: usize, covered: &[usize]) -> usize {
    let c: usize = covered.iter().sum();
    let some_odd = covered.iter().any(|&x| x % 2 == 1);
    c0 + c / 2 - usize::from(c.is_multiple_of(2) && some_odd)
}

/// Largest nullity of the dense classes (signatures in a u32; 2^d values per evaluation) and so
/// of the branch and bound; past it the classes are kept sparse ([`sparse_row`]).
pub const MAX_NULLITY: usize = 24;
/// Largest nullity handled at all: the sparse witness's exact minimum is one transform of 2^d
/// values.
pub const MAX_SPARSE_NULLITY: usize = 36;

/// The quiet code of the plus/open n x n board (from the solver's light-chasing algebra) and the
/// signature classes of its cells.
pub fn classes(n: usize) -> Result<(Classes, Vec<Grid>)> {
    classes_of(n, quiet_basis(n)?)
}

/// The quiet basis of the plus/open n x n board.
pub fn quiet_basis(n: usize) -> Result<Vec<Grid>> {
    let game = Game::new(Rule::Plus, Topology::Open, n, n)?;
    let zero = Grid::zeros(n, n)?;
    let Outcome::Solved(s) = solve::solve(&game, &zero)? else {
        bail!("internal error: the blank board is solvable")
    };
    ensure!(s.quiet.len() == s.nullity, "internal error: quiet basis incomplete");
    Ok(s.quiet)
}

fn classes_of(n: usize, quiet: Vec<Grid>) -> Result<(Classes, Vec<Grid>)> {
    let d = quiet.len();
    if d > MAX_NULLITY {
        bail!("{n}x{n}: nullity {d} is beyond the {MAX_NULLITY} this study handles");
    }
    let mut sizes = vec![0usize; 1 << d];
    let mut signature = vec![0u32; n * n];
    for r in 0..n {
        for c in 0..n {
            let sig = quiet
                .iter()
                .enumerate()
                .fold(0u32, |acc, (i, q)| acc | (q.get(r, c) as u32) << i);
            signature[r * n + c] = sig;
            sizes[sig as usize] += 1;
        }
    }
    Ok((
        Classes {
            n,
            nullity: d,
            sizes,
            signature,
        },
        quiet,
    ))
}

/// min_a V_a for class counts `w` (len 2^d, w[0] ignored): V_a = W + (Y - Yhat(a)) / 2.
pub fn values(sizes: &[usize], w: &[usize]) -> Vec<i64> {
    let mut y: Vec<i64> = sizes.iter().zip(w).map(|(&c, &w)| c as i64 - 2 * w as i64).collect();
    y[0] = 0;
    let total_w: i64 = w[1..].iter().map(|&x| x as i64).sum();
    let total_y: i64 = y.iter().sum();
    solve::walsh_hadamard(&mut y);
    y.iter().map(|&yh| total_w + (total_y - yh) / 2).collect()
}

/// The d = 2 witness: w_s = floor(c_s / 2), and one more on the first odd class when all three
/// nonzero classes are odd. With c_s = 2 h_s + e_s, H = sum h_s, E = sum e_s:
/// V_0 = W and V_k = C - c_k - W + 2 w_k. E = 0: all four are C/2. E = 1: min is H = floor(C/2).
/// E = 2: min is H = C/2 - 1 (the bound). E = 3 with t = (1, 0, 0): V_0 = H + 1 and
/// V_k = H + 2 - 1 + 2 t_k >= H + 1 = floor(C/2).
pub fn d2_witness(sizes: &[usize]) -> Vec<usize> {
    let mut w: Vec<usize> = sizes.iter().map(|&c| c / 2).collect();
    if sizes[1..].iter().all(|&c| c % 2 == 1) {
        w[1] += 1;
    }
    w[0] = sizes[0];
    w
}

/// Randomised local search for class counts maximising (min_a V_a, -#argmin):
/// single +-1 changes of one class, accepting sideways moves (equal key) so plateaus are crossed,
/// from the rounding w_s = floor(c_s / 2); a budget of about 3 * 10^8 value updates.
fn sideways_witness(sizes: &[usize], restarts: usize) -> Vec<usize> {
    let k = sizes.len();
    let key = |v: &[i64]| {
        let m = *v.iter().min().expect("non-empty");
        (m, -(v.iter().filter(|&&x| x == m).count() as i64))
    };
    let classes: Vec<usize> = (1..k).filter(|&s| sizes[s] > 0).collect();
    let mut best_w: Vec<usize> = sizes.iter().map(|&c| c / 2).collect();
    let mut best_key = key(&values(sizes, &best_w));
    if classes.is_empty() {
        best_w[0] = sizes[0];
        return best_w;
    }
    let budget = (300_000_000 / k).clamp(2_000, 2_000_000) / restarts.max(1);
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut rand = move || {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        seed >> 17
    };
    for restart in 0..restarts.max(1) {
        let mut w: Vec<usize> = sizes
            .iter()
            .map(|&c| c / 2 + usize::from(restart > 0 && c % 2 == 1 && rand() & 1 == 1))
            .collect();
        let mut v = values(sizes, &w);
        let mut cur = key(&v);
        let mut mins: Vec<usize> = (0..k).filter(|&a| v[a] == cur.0).collect();
        let mut nv = vec![0i64; k];
        for _ in 0..budget {
            let s = classes[rand() as usize % classes.len()];
            let delta: i64 = if rand() & 1 == 1 { 1 } else { -1 };
            let nw = w[s] as i64 + delta;
            if nw < 0 || nw > sizes[s] as i64 {
                continue;
            }
            // V_a += delta where <a, s> = 0, -delta elsewhere: reject at once if a minimiser drops.
            let even = |a: usize| (a & s).count_ones().is_multiple_of(2);
            if mins.iter().any(|&a| even(a) != (delta > 0)) {
                continue;
            }
            for a in 0..k {
                nv[a] = v[a] + if even(a) { delta } else { -delta };
            }
            let nk = key(&nv);
            if nk >= cur {
                w[s] = nw as usize;
                std::mem::swap(&mut v, &mut nv);
                cur = nk;
                mins = (0..k).filter(|&a| v[a] == cur.0).collect();
                if cur > best_key {
                    best_key = cur;
                    best_w = w.clone();
                }
            }
        }
    }
    best_w[0] = sizes[0];
    best_w
}

/// Steepest-first descent: single +-1 changes of one class, first improvement only, from
/// several starting roundings.
fn descent_witness(sizes: &[usize], restarts: usize) -> Vec<usize> {
    let k = sizes.len();
    let key = |v: &[i64]| {
        let m = *v.iter().min().expect("non-empty");
        (m, -(v.iter().filter(|&&x| x == m).count() as i64))
    };
    let mut best_w: Vec<usize> = sizes.iter().map(|&c| c / 2).collect();
    let mut best_key = key(&values(sizes, &best_w));
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    for restart in 0..restarts {
        let mut w: Vec<usize> = sizes
            .iter()
            .map(|&c| {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                c / 2 + usize::from(restart > 0 && c % 2 == 1 && seed >> 63 == 1)
            })
            .collect();
        let mut v = values(sizes, &w);
        let mut cur = key(&v);
        loop {
            let mut improved = false;
            for s in 1..k {
                if sizes[s] == 0 {
                    continue;
                }
                for delta in [1i64, -1] {
                    let nw = w[s] as i64 + delta;
                    if nw < 0 || nw > sizes[s] as i64 {
                        continue;
                    }
                    // V_a += delta where <a, s> = 0, -delta elsewhere. Skip when a minimiser would drop.
                    let m = cur.0;
                    let drops = (0..k).any(|a| v[a] == m && ((a & s).count_ones() % 2 == 0) != (delta > 0));
                    if drops {
                        continue;
                    }
                    let nv: Vec<i64> = (0..k)
                        .map(|a| v[a] + if (a & s).count_ones() % 2 == 0 { delta } else { -delta })
                        .collect();
                    let nk = key(&nv);
                    if nk > cur {
                        w[s] = nw as usize;
                        v = nv;
                        cur = nk;
                        improved = true;
                    }
                }
            }
            if !improved {
                break;
            }
        }
        if cur > best_key {
            best_key = cur;
            best_w = w;
        }
    }
    best_w[0] = sizes[0];
    best_w
}

/// Witness search: the better (by min_a V_a, then fewer minimisers) of a first-improvement
/// descent and a randomised search that also accepts sideways moves. Both deterministic.
pub fn search_witness(sizes: &[usize], restarts: usize) -> Vec<usize> {
    let key = |w: &[usize]| {
        let v = values(sizes, w);
        let m = *v.iter().min().expect("non-empty");
        (m, -(v.iter().filter(|&&x| x == m).count() as i64))
    };
    let a = descent_witness(sizes, restarts);
    let b = sideways_witness(sizes, restarts);
    if key(&b) > key(&a) {
        b
    } else {
        a
    }
}

/// Min-conflicts search for a deeper witness (run with the branch and bound, never in the quick
/// re-derivation, so a read-back row's witness is re-solved rather than re-searched). For the
/// target T = (best min_a V_a) + 1 it minimises the deficit D = sum_a (T - V_a)^+ by single
/// +-1 moves of one class, always taking the best move not made tabu by a recent opposite move,
/// even when it worsens D (so it walks off plateaus and local minima); D = 0 is a witness at T,
/// and T goes up. The change of D for every class at once costs two Walsh-Hadamard transforms:
/// with U = [V < T], E = [V = T] and chi_s(a) = (-1)^<a, s> (a +1 on class s adds chi_s(a) to
/// V_a), a +1 changes D by -U^(s) + (|E| - E^(s)) / 2 and a -1 by U^(s) + (|E| + E^(s)) / 2.
/// Deterministic (fixed seed); `steps` moves, from the counts `start`.
pub fn conflicts_witness(sizes: &[usize], start: &[usize], steps: usize) -> Vec<usize> {
    let k = sizes.len();
    let classes: Vec<usize> = (1..k).filter(|&s| sizes[s] > 0).collect();
    let mut w = start.to_vec();
    let mut v = values(sizes, &w);
    let min_of = |v: &[i64]| *v.iter().min().expect("non-empty");
    let (mut best, mut best_min) = (w.clone(), min_of(&v));
    if classes.is_empty() {
        return best;
    }
    let mut target = best_min + 1;
    let mut tabu_until = vec![0usize; k];
    let (mut u, mut e) = (vec![0i64; k], vec![0i64; k]);
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut rand = move || {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        seed >> 33
    };
    for step in 1..=steps {
        for a in 0..k {
            u[a] = i64::from(v[a] < target);
            e[a] = i64::from(v[a] == target);
        }
        let e_total: i64 = e.iter().sum();
        solve::walsh_hadamard(&mut u);
        solve::walsh_hadamard(&mut e);
        // (change of D, random tie-break, class, direction)
        let mut choice: Option<(i64, u64, usize, i64)> = None;
        for &s in &classes {
            if tabu_until[s] >= step {
                continue;
            }
            for dir in [1i64, -1] {
                let nw = w[s] as i64 + dir;
                if nw < 0 || nw > sizes[s] as i64 {
                    continue;
                }
                let delta = if dir == 1 {
                    -u[s] + (e_total - e[s]) / 2
                } else {
                    u[s] + (e_total + e[s]) / 2
                };
                let key = (delta, rand(), s, dir);
                if choice.is_none_or(|c| (key.0, key.1) < (c.0, c.1)) {
                    choice = Some(key);
                }
            }
        }
        let Some((_, _, s, dir)) = choice else { break };
        w[s] = (w[s] as i64 + dir) as usize;
        for (a, va) in v.iter_mut().enumerate() {
            *va += if (a & s).count_ones() % 2 == 0 { dir } else { -dir };
        }
        tabu_until[s] = step + 5 + rand() as usize % 8;
        let m = min_of(&v);
        if m > best_min {
            best_min = m;
            best = w.clone();
            target = m + 1;
        }
    }
    best
}

/// The active-set search of [`deep_hole::search`] on dense class counts, from `start`: the
/// counts of the best vector it saw at an exact pass.
pub fn active_set_witness(sizes: &[usize], start: &[usize], d: usize, rounds: usize) -> Vec<usize> {
    let nonzero: Vec<usize> = (1..sizes.len()).filter(|&s| sizes[s] > 0).collect();
    let classes: Vec<(u64, usize)> = nonzero.iter().map(|&s| (s as u64, sizes[s])).collect();
    let y: Vec<i64> = nonzero.iter().map(|&s| sizes[s] as i64 - 2 * start[s] as i64).collect();
    let hole = deep_hole::search(&classes, d, &y, rounds, ACTIVE_MOVES);
    let mut w = start.to_vec();
    for (&s, &v) in nonzero.iter().zip(&hole.y) {
        w[s] = ((sizes[s] as i64 - v) / 2) as usize;
    }
    w
}

/// The press pattern pressing the first `w[s]` cells (row-major) of each class s.
pub fn witness_presses(cl: &Classes, w: &[usize]) -> Result<Grid> {
    let n = cl.n;
    let mut left = w.to_vec();
    let mut x = Grid::zeros(n, n)?;
    for cell in 0..n * n {
        let s = cl.signature[cell] as usize;
        if left[s] > 0 {
            left[s] -= 1;
            x.flip(cell / n, cell % n);
        }
    }
    Ok(x)
}

/// One row of `gods_numbers.csv`.
#[derive(Clone, Debug, PartialEq)]
pub struct GodsRow {
    pub n: usize,
    pub nullity: usize,
    pub class_sizes: Vec<usize>,
    /// Proven: every solvable position needs at most `upper` presses.
    pub upper: usize,
    /// Proven: the witness position needs exactly `lower` presses (solver's exact minimum).
    pub lower: usize,
    /// Solvable positions needing exactly God's number of presses, when known.
    pub positions_at_max: Option<BigUint>,
    pub method: String,
    /// The branch-and-bound refutation that set `upper` below the parity bound: its nodes, and
    /// the basis it ran in.
    pub refutation: Option<(u64, covering::Basis)>,
    /// The witness position (lights on), whose fewest presses is `lower`.
    pub witness: Grid,
}

impl GodsRow {
    pub fn exact(&self) -> Option<usize> {
        (self.lower == self.upper).then_some(self.lower)
    }
}

/// d = 2: solvable positions at God's number. Each w in the window c_s/2 +- 3 (the bound forces
/// |w_s - c_s/2| <= 2, since V_0 + V_k = C - c_k + 2 w_k and V_i + V_j = C + c_k - 2 w_k are
/// both >= 2 (C/2 - 1)) with min V = G - c_0 contributes prod binom(c_s, w_s) press patterns (zero
/// class all pressed); every coset holds 4 of them.
pub fn d2_positions_at_max(sizes: &[usize], gods: usize) -> BigUint {
    let target = (gods - sizes[0]) as i64;
    let range = |c: usize| (c / 2).saturating_sub(3)..=(c / 2 + 3).min(c);
    let mut total = BigUint::default();
    for w1 in range(sizes[1]) {
        for w2 in range(sizes[2]) {
            for w3 in range(sizes[3]) {
                let w = [0, w1, w2, w3];
                let v = values(sizes, &w);
                if *v.iter().min().expect("4 values") == target {
                    total += binom(sizes[1], w1) * binom(sizes[2], w2) * binom(sizes[3], w3);
                }
            }
        }
    }
    total / BigUint::from(4u8)
}

fn binom(n: usize, k: usize) -> BigUint {
    let mut r = BigUint::from(1u8);
    for i in 0..k {
        r = r * BigUint::from(n - i) / BigUint::from(i + 1);
    }
    r
}

/// What the class arithmetic proves for any press matrix's signature classes (nullity d <=
/// [`MAX_NULLITY`]): the best witness counts found, how, the proven upper bound, and the branch
/// and bound's record where it ran.
pub struct ClassBounds {
    /// Counts w_s of the best witness (w_0 = c_0).
    pub w: Vec<usize>,
    pub how: String,
    /// c_0 + min_a V_a of `w`: the witness position's fewest presses by the class arithmetic.
    pub lower: usize,
    pub upper: usize,
    pub parity_bound: usize,
    pub bnb: Option<covering::Radius>,
}

impl ClassBounds {
    /// The branch-and-bound refutation that set the upper bound (its tree size is the same at
    /// any thread count): its nodes and basis.
    pub fn refutation(&self) -> Option<(u64, covering::Basis)> {
        self.bnb.as_ref().and_then(|r| {
            r.steps
                .iter()
                .find(|st| st.2 == "infeasible" && st.0 == self.upper + 1)
                .map(|st| (st.1, st.3))
        })
    }

    /// How the upper bound was proven.
    pub fn upper_how(&self) -> String {
        match self.refutation() {
            Some((nodes, basis)) => format!(
                "branch and bound refutes {} ({nodes} nodes{}; parity/averaging bound {})",
                self.upper + 1,
                basis.phrase(),
                self.parity_bound
            ),
            None => "parity/averaging bound".to_string(),
        }
    }

    /// The method column: exact or bounds, the witness's search and the upper bound's proof.
    pub fn method(&self, budget: u64) -> String {
        let upper_how = self.upper_how();
        if self.lower == self.upper {
            format!("exact: witness ({}); upper bound: {upper_how}", self.how)
        } else {
            format!(
                "bounds: witness ({}); upper bound: {upper_how}{}",
                self.how,
                self.undecided(budget)
            )
        }
    }

    /// Where the branch and bound ran out of budget: "; branch and bound undecided at ..."
    /// (empty when it did not run or the bounds meet).
    pub fn undecided(&self, budget: u64) -> String {
        match &self.bnb {
            Some(_) if self.lower < self.upper => format!(
                "; branch and bound undecided at {} within {budget} units of work",
                self.lower + 1
            ),
            _ => String::new(),
        }
    }
}

/// The witness searches, then (while the witness is below the parity bound and `budget` > 0)
/// the branch and bound, on class sizes alone.
pub fn class_bounds(
    sizes: &[usize],
    restarts: usize,
    budget: u64,
    effort: &Effort,
    progress: &Counters,
) -> ClassBounds {
    let parity_bound = parity_bound(sizes);
    let (mut w, mut how) = searched_witness(sizes, restarts, budget, effort);
    let min_of = |w: &[usize]| sizes[0] + *values(sizes, w).iter().min().expect("non-empty") as usize;
    let searched = min_of(&w);
    let mut upper = parity_bound;
    let mut bnb = None;
    if searched < parity_bound && budget > 0 {
        let r = covering::covering_radius(
            sizes,
            searched,
            parity_bound,
            effort.limits(budget),
            &covering::BASES,
            progress,
        );
        if let Some(better) = r.witness.clone() {
            w = better;
            how = "branch-and-bound witness".to_string();
        }
        upper = r.upper;
        bnb = Some(r);
    }
    ClassBounds {
        lower: min_of(&w),
        w,
        how,
        upper,
        parity_bound,
        bnb,
    }
}

/// God's number (or bounds) of the plus/open n x n board with nullity d > 0; `budget` units of
/// work per branch-and-bound decision where the witness is below the parity bound.
pub fn gods_row(n: usize, restarts: usize, budget: u64, effort: &Effort, progress: &Counters) -> Result<GodsRow> {
    let quiet = quiet_basis(n)?;
    if quiet.len() > MAX_NULLITY {
        return sparse_row(
            n,
            &quiet,
            effort.active_rounds.unwrap_or_else(|| active_rounds(budget)),
            budget,
        );
    }
    let (cl, _quiet) = classes_of(n, quiet)?;
    let d = cl.nullity;
    ensure!(
        d > 0,
        "{n}x{n} has nullity 0: God's number is n^2 (every position has one solution)"
    );
    let bounds = class_bounds(&cl.sizes, restarts, budget, effort, progress);
    let upper = bounds.upper;
    let game = Game::new(Rule::Plus, Topology::Open, n, n)?;
    let x = witness_presses(&cl, &bounds.w)?;
    let board = apply_presses(&game, &Grid::zeros(n, n)?, &x)?;
    let Outcome::Solved(s) = solve::solve(&game, &board)? else {
        bail!("internal error: a pressed board is solvable")
    };
    ensure!(s.exact_minimum, "internal error: nullity {d} minimum not exact");
    let lower = s.presses.count() as usize;
    ensure!(
        lower == bounds.lower,
        "internal error: witness minimum {lower} != class arithmetic {}",
        bounds.lower
    );
    ensure!(
        lower <= upper,
        "internal error: witness {lower} above the proven bound {upper}"
    );
    let mut positions_at_max = (d == 2).then(|| d2_positions_at_max(&cl.sizes, lower));
    if n * n <= super::histogram::EXHAUSTIVE_CELLS {
        positions_at_max = exhaustive_check(&game, lower, upper, positions_at_max)?;
    }
    Ok(GodsRow {
        n,
        nullity: d,
        class_sizes: cl.sizes.clone(),
        upper,
        lower,
        positions_at_max,
        method: bounds.method(budget),
        refutation: bounds.refutation(),
        witness: board,
    })
}

/// The witness of the searches that run before the branch and bound, and how it was found: the
/// d = 2 closed form or the local search, then (with a budget, while below the parity bound) the
/// min-conflicts and the active-set searches, each kept only when it does better.
fn searched_witness(sizes: &[usize], restarts: usize, budget: u64, effort: &Effort) -> (Vec<usize>, String) {
    let d = sizes.len().trailing_zeros() as usize;
    let (mut w, how) = if d == 1 {
        (d2_witness(sizes), "closed form (d = 1)")
    } else if d == 2 {
        (d2_witness(sizes), "closed form (d = 2)")
    } else {
        (search_witness(sizes, restarts), "local search witness")
    };
    let mut how = how.to_string();
    let parity_bound = parity_bound(sizes);
    let min_of = |w: &[usize]| sizes[0] as i64 + *values(sizes, w).iter().min().expect("non-empty");
    let mut searched = min_of(&w);
    if (searched as usize) < parity_bound && budget > 0 {
        let better = conflicts_witness(
            sizes,
            &w,
            effort.conflict_moves.unwrap_or_else(|| conflict_steps(d, budget)),
        );
        if min_of(&better) > searched {
            w = better;
            how = "min-conflicts witness".to_string();
            searched = min_of(&w);
        }
    }
    if (searched as usize) < parity_bound && budget > 0 {
        let rounds = effort.active_rounds.unwrap_or_else(|| active_rounds(budget));
        let better = active_set_witness(sizes, &w, d, rounds);
        if min_of(&better) > searched {
            w = better;
            how = format!("active-set witness, {rounds} rounds");
        }
    }
    (w, how)
}

/// Small boards: every press pattern enumerated, an independent check of both bounds and of the
/// closed-form count; returns the positions at God's number.
fn exhaustive_check(game: &Game, lower: usize, upper: usize, closed_form: Option<BigUint>) -> Result<Option<BigUint>> {
    let n = game.rows;
    let h = super::histogram::exhaustive(game)?;
    ensure!(
        lower == upper && h.gods_number() == lower,
        "internal error: {n}x{n} exhaustive God's number {}",
        h.gods_number()
    );
    let at_max = h.counts.last().cloned();
    if let Some(p) = &closed_form {
        ensure!(
            Some(p) == at_max.as_ref(),
            "internal error: {n}x{n} closed-form count {p} differs from exhaustive"
        );
    }
    Ok(at_max)
}

/// The largest --node-subspace: 2^j merged classes per node.
pub const MAX_NODE_SUBSPACE: usize = 8;

/// How hard the witness searches and the branch and bound try, where a budget lets them run; None
/// = from the budget.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Effort {
    /// Moves of the min-conflicts search ([`conflict_steps`] of the budget).
    pub conflict_moves: Option<usize>,
    /// Exact passes of the active-set search ([`active_rounds`] of the budget).
    pub active_rounds: Option<usize>,
    /// The exact subspace bound's dimension at the branch and bound's nodes (0: none).
    pub node_subspace: usize,
}

impl Effort {
    /// The branch and bound's limits for a budget.
    pub fn limits(&self, budget: u64) -> covering::Limits {
        covering::Limits {
            budget,
            node_subspace: self.node_subspace,
        }
    }
}

/// Moves of the min-conflicts witness search for a budget: a move costs about 2 d 2^d units
/// (two transforms), and the search gets a tenth of the budget, between 2,000 and 200,000 moves.
pub fn conflict_steps(d: usize, budget: u64) -> usize {
    let per_move = (2 * d as u64) << d;
    ((budget / 10 / per_move.max(1)) as usize).clamp(2_000, 200_000)
}

/// Signature classes past [`MAX_NULLITY`], kept sparse: (signature, cells), ascending, every
/// class nonempty (at most n^2 of them where 2^d slots would not fit), and each cell's signature.
pub fn sparse_classes(n: usize, quiet: &[Grid]) -> (Vec<(u64, usize)>, Vec<u64>) {
    let mut signature = vec![0u64; n * n];
    for (i, q) in quiet.iter().enumerate() {
        for (cell, sig) in signature.iter_mut().enumerate() {
            *sig |= (q.get(cell / n, cell % n) as u64) << i;
        }
    }
    (class_counts(&signature), signature)
}

/// The signature classes of `signature` (one per cell), sparse: (signature, cells), ascending.
pub fn class_counts(signature: &[u64]) -> Vec<(u64, usize)> {
    let mut count = std::collections::BTreeMap::new();
    for &sig in signature {
        *count.entry(sig).or_insert(0usize) += 1;
    }
    count.into_iter().collect()
}

/// Rounds of the active-set witness search ([`deep_hole::search`]) for a budget: one exact pass
/// over the 2^d characters per round plus at most
/// [`ACTIVE_MOVES`] moves; a round per 2^27 units, at most 4096.
pub fn active_rounds(budget: u64) -> usize {
    ((budget >> 27) as usize).min(4096)
}

/// Moves of the active-set search between two exact passes.
pub const ACTIVE_MOVES: usize = 2000;

/// c_0 and the parity/averaging bound of sparse classes.
pub fn sparse_parity_bound(classes: &[(u64, usize)]) -> (usize, usize) {
    let c0 = classes.iter().find(|c| c.0 == 0).map_or(0, |c| c.1);
    let covered: Vec<usize> = classes.iter().filter(|c| c.0 != 0).map(|c| c.1).collect();
    (c0, parity_bound_of(c0, &covered))
}

/// The sparse witness of [`sparse_row`]: max Y and y_s per class (y_s = c_s - 2 w_s; 0 on the
/// zero class), from a fixed-seed rounding lowered by `rounds` rounds of the active-set search.
pub fn sparse_witness(classes: &[(u64, usize)], d: usize, rounds: usize) -> (i64, Vec<i64>) {
    let mut seed = 0x5851_f42d_4c95_7f2du64;
    let mut rand = move || {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        seed >> 33
    };
    let mut y: Vec<i64> = classes
        .iter()
        .map(|c| {
            if c.0 == 0 || c.1 % 2 == 0 {
                0
            } else if rand() & 1 == 1 {
                1
            } else {
                -1
            }
        })
        .collect();
    let nonzero: Vec<usize> = (0..classes.len()).filter(|&j| classes[j].0 != 0).collect();
    let hole = deep_hole::search(
        &nonzero.iter().map(|&j| classes[j]).collect::<Vec<_>>(),
        d,
        &nonzero.iter().map(|&j| y[j]).collect::<Vec<_>>(),
        rounds,
        ACTIVE_MOVES,
    );
    for (&j, &v) in nonzero.iter().zip(&hole.y) {
        y[j] = v;
    }
    (hole.max, y)
}

/// The board a sparse witness y makes (pressing the first w_s = (c_s - y_s) / 2 cells of each
/// class, all of class 0) and its fewest presses, solved again exactly (over all 2^d solutions).
pub fn sparse_witness_board(n: usize, classes: &[(u64, usize)], signature: &[u64], y: &[i64]) -> Result<(Grid, usize)> {
    let mut left: std::collections::BTreeMap<u64, usize> = classes
        .iter()
        .zip(y)
        .map(|(c, &v)| (c.0, if c.0 == 0 { c.1 } else { ((c.1 as i64 - v) / 2) as usize }))
        .collect();
    let mut x = Grid::zeros(n, n)?;
    for (cell, sig) in signature.iter().enumerate() {
        let l = left.get_mut(sig).expect("every signature is a class");
        if *l > 0 {
            *l -= 1;
            x.flip(cell / n, cell % n);
        }
    }
    let game = Game::new(Rule::Plus, Topology::Open, n, n)?;
    let board = apply_presses(&game, &Grid::zeros(n, n)?, &x)?;
    let Outcome::Solved(s) = solve::solve(&game, &board)? else {
        bail!("internal error: a pressed board is solvable")
    };
    ensure!(s.exact_minimum, "internal error: {n}x{n} minimum not exact");
    Ok((board, s.presses.count() as usize))
}

/// God's number bounds past [`MAX_NULLITY`] (n = 39 and 47 below 50: nullity 32 and 30).
/// Upper: the parity/averaging bound of the module comment, from the sparse class sizes. Lower:
/// a witness y (y_s = c_s - 2 w_s: 0 on even classes, +-1 by a fixed-seed draw on odd ones)
/// lowered by `rounds` rounds of the active-set search ([`deep_hole::search`]: each round one
/// exact pass over all 2^d characters, then min-conflicts moves against a working set of them).
/// The witness position is solved again exactly (over all 2^d solutions).
///
/// With a `budget`, the parity bound is then lowered by subcodes where they refute it
/// ([`gods_subcode::search`]; the branch and bound over all 2^d classes is out of reach here).
fn sparse_row(n: usize, quiet: &[Grid], rounds: usize, budget: u64) -> Result<GodsRow> {
    let d = quiet.len();
    let (classes, signature) = sparse_classes(n, quiet);
    let (c0, parity_bound) = sparse_parity_bound(&classes);
    let total: usize = n * n - c0;
    let (max_y, y) = sparse_witness(&classes, d, rounds);
    let predicted = c0 as i64 + (total as i64 - max_y) / 2;
    let (board, lower) = sparse_witness_board(n, &classes, &signature, &y)?;
    ensure!(
        lower as i64 == predicted,
        "internal error: {n}x{n} witness minimum {lower} != class arithmetic {predicted}"
    );
    ensure!(
        lower <= parity_bound,
        "internal error: witness {lower} above the proven bound {parity_bound}"
    );
    let how = if rounds > 0 {
        format!("active-set witness, {rounds} rounds")
    } else {
        "rounded witness".to_string()
    };
    let subcode = if lower < parity_bound && budget > 0 {
        gods_subcode::search(&signature, d, c0, parity_bound, SubcodeEffort::for_budget(budget))
    } else {
        None
    };
    let upper = subcode.as_ref().map_or(parity_bound, |s| s.refuted - 1);
    ensure!(
        lower <= upper,
        "internal error: {n}x{n} witness {lower} above the subcode's bound {upper}"
    );
    let bound = match &subcode {
        Some(s) => format!("upper bound: {}; parity/averaging bound {parity_bound}", s.phrase()),
        None => "upper bound: parity/averaging bound".to_string(),
    };
    let verdict = if lower == upper { "exact" } else { "bounds" };
    Ok(GodsRow {
        n,
        nullity: d,
        class_sizes: Vec::new(),
        upper,
        lower,
        positions_at_max: None,
        method: format!("{verdict}: witness ({how}); {bound}"),
        refutation: subcode.map(|s| (s.nodes, s.basis)),
        witness: board,
    })
}

/// Methods whose rows are read back (and re-checked) by the default `reproduce` instead of
/// recomputed: the branch and bound, and the witness searches that run only beside it.
pub fn read_back(method: &str) -> bool {
    [
        "branch and bound",
        "min-conflicts",
        "cutting-plane",
        "active-set",
        "subcode",
    ]
    .iter()
    .any(|m| method.contains(m))
}

/// Options of the study: which sides.
#[derive(Clone, Debug)]
pub struct GodsOptions {
    /// Every n <= this with nullity > 0.
    pub all_up_to: usize,
    /// Only these sides (each with nullity > 0), for a long run on the open ones; None = all.
    pub only: Option<Vec<usize>>,
    /// Every n <= this with nullity exactly 2.
    pub d2_up_to: usize,
    pub restarts: usize,
    /// Branch-and-bound work per decision (0: parity bound and witness only; see
    /// [`covering::spectrum_at_most`] for the unit).
    pub budget: u64,
    /// Effort of the witness searches (None: from the budget).
    pub effort: Effort,
    /// Where branch-and-bound results are read back from and re-checked instead of recomputed
    /// (`data/lightsout`, see [`super::saved`]); None = run the branch and bound.
    pub saved: Option<std::path::PathBuf>,
}

/// Default work per branch-and-bound decision.
pub const DEFAULT_BUDGET: u64 = 10_000_000_000;
/// Most min-conflicts moves accepted.
pub const MAX_CONFLICT_MOVES: usize = 10_000_000;
/// The most exact passes `--active-rounds` accepts.
pub const MAX_ACTIVE_ROUNDS: usize = 1_000_000;
/// Largest budget accepted.
pub const MAX_BUDGET: u64 = 1_000_000_000_000_000;

impl GodsOptions {
    pub fn reproduce() -> GodsOptions {
        GodsOptions {
            all_up_to: 50,
            only: None,
            d2_up_to: 256,
            restarts: 4,
            budget: DEFAULT_BUDGET,
            effort: Effort::default(),
            saved: None,
        }
    }
}

#[derive(Clone, Debug)]
pub struct GodsResults {
    pub rows: Vec<GodsRow>,
    /// The symmetry of each side's signature classes, in the order of `rows`.
    pub class_symmetry: Vec<ClassSymmetry>,
}

/// The symmetry of each side's signature classes ([`class_symmetry::of_board`]): cheap, so
/// every run recomputes it rather than reading it back.
pub fn class_symmetries(sides: &[usize]) -> Result<Vec<ClassSymmetry>> {
    use rayon::prelude::*;
    sides
        .par_iter()
        .map(|&n| {
            let quiet = quiet_basis(n)?;
            let (classes, signature) = sparse_classes(n, &quiet);
            class_symmetry::of_board(n, quiet.len(), &classes, &signature)
        })
        .collect()
}

/// The sides the options ask for, each checked to have a nullity this study handles.
pub fn sides(o: &GodsOptions) -> Result<Vec<usize>> {
    let max = o
        .all_up_to
        .max(o.d2_up_to)
        .max(o.only.iter().flatten().copied().max().unwrap_or(0));
    let nul = sutner::plus_open_sweep(max);
    let sides: Vec<usize> = match &o.only {
        Some(only) => {
            for &n in only {
                ensure!(
                    n >= 1 && nul[n] > 0,
                    "--sides: {n}x{n} has nullity 0 (God's number n^2, nothing to search)"
                );
            }
            only.clone()
        }
        None => (1..=max)
            .filter(|&n| nul[n] > 0 && (n <= o.all_up_to || (n <= o.d2_up_to && nul[n] == 2)))
            .collect(),
    };
    for &n in &sides {
        if nul[n] > MAX_SPARSE_NULLITY {
            bail!(
                "{n}x{n}: nullity {} is beyond the {MAX_SPARSE_NULLITY} this study handles",
                nul[n]
            );
        }
    }
    Ok(sides)
}

/// God's numbers of the sides the options ask for, every one computed: `o.saved` is not read
/// here ([`super::saved::gods_results`] reads back from it).
pub fn compute(o: &GodsOptions) -> Result<GodsResults> {
    let sides = sides(o)?;
    let nul = sutner::plus_open_sweep(sides.iter().copied().max().unwrap_or(0));
    use rayon::prelude::*;
    // Progress: the branch and bound's work against its most (two undecided questions per side
    // with nullity > 2, each at the full budget in every basis), so the bar's ETA is an upper
    // bound; silent off a terminal.
    let counters = Arc::new(Counters::default());
    let searched = sides.iter().filter(|&&n| nul[n] > 2).count() as u64;
    let most = 2 * searched * covering::BASES.len() as u64;
    counters.total.store(
        most.saturating_mul(o.budget).max(1),
        std::sync::atomic::Ordering::Relaxed,
    );
    let _reporter = (o.budget > 0 && searched > 0).then(|| {
        Reporter::start(
            "God's numbers, branch and bound (level = questions settled)".into(),
            counters.clone(),
        )
    });
    let rows: Vec<Result<GodsRow>> = sides
        .par_iter()
        .map(|&n| gods_row(n, o.restarts, o.budget, &o.effort, &counters))
        .collect();
    Ok(GodsResults {
        rows: rows.into_iter().collect::<Result<_>>()?,
        class_symmetry: class_symmetries(&sides)?,
    })
}

pub const GODS_CSV: &str = "gods_numbers.csv";
pub const GODS_WITNESSES: &str = "gods_witnesses.csv";

/// `gods_numbers.csv` (written by [`table`], read back by [`super::saved`]).
pub static GODS_NUMBERS: Schema = Schema {
    pattern: "lightsout/gods_numbers.csv",
    description: "God's number (the most presses any solvable position needs) of the plus/open n x n boards \
                with nullity > 0 that the study covers, exact where a witness position meets the upper bound (the \
                parity/averaging bound, lowered by an exact branch and bound where its budget allowed), otherwise \
                proven bounds. Witness positions are in gods_witnesses.csv.",
    columns: &[
        col(glossary::rule, Kind::String, "plus (cell and 4 neighbours)"),
        col(glossary::topology, Kind::String, "open"),
        columns::GODS_SIDE,
        columns::GODS_NULLITY,
        col(
            glossary::gods_number,
            Kind::Number,
            "the exact God's number; empty when only bounds are proven",
        ),
        col(
            glossary::lower_bound,
            Kind::Integer,
            "fewest presses of the witness position (proven by the solver): God's number is at least this",
        ),
        col(
            glossary::upper_bound,
            Kind::Integer,
            "proven: God's number is at most this (the parity/averaging bound over \
                    the coset weights of the quiet code, or one less than a value the branch and bound refuted, \
                    over the whole quiet code or over a subcode of a few quiet words; `method` says which)",
        ),
        col(
            glossary::positions_at_max_text,
            Kind::BigInteger,
            "solvable positions needing exactly God's number of presses, \
                    where computed (nullity <= 2 by closed form, small cases by enumeration); empty otherwise. Exact \
                    count as text, digits grouped by `_`, at least one `_` (up to 51 digits)",
        ),
        col(
            glossary::positions_at_max,
            Kind::Number,
            "positions_at_max_text as a float (exact below 2^53), so the column sums as numbers; empty where \
                    positions_at_max_text is",
        ),
        col(
            glossary::log10_positions_at_max,
            Kind::Number,
            "log10 of positions_at_max, for plotting; empty where positions_at_max is",
        ),
        col(
            glossary::class_sizes,
            Kind::String,
            "cells per quiet-signature class, space-separated (nullity <= 4 only; empty otherwise)",
        ),
        col(
            glossary::method,
            Kind::String,
            "how the witness and the upper bound were obtained (a refutation names its \
                    tree size in nodes; an undecided branch and bound names its budget)",
        ),
    ],
    primary_key: &[glossary::n],
    source: "Computed by statespace (issue 9); sizes listed by wmboyles/LightsOut-Math are checked against it \
                (claims lightsout.gods_number.*)",
};

/// `gods_witnesses.csv` (written by [`witnesses_table`], read back by [`super::saved`]).
pub static GODS_WITNESS_BOARDS: Schema = Schema {
    pattern: "lightsout/gods_witnesses.csv",
    description: "The witness position behind every lower_bound of gods_numbers.csv, one board row per table \
                row: a solvable plus/open n x n position whose fewest presses (over all 2^nullity solutions, by the \
                exact solver) is lower_bound. The default reproduce solves each again exactly.",
    columns: &[
        col(glossary::n, Kind::Integer, "side of the board"),
        col(glossary::row, Kind::Integer, "board row, 1 = top"),
        col(
            glossary::lights,
            Kind::String,
            "the row's cells, columns 1..n: # = light on, . = off",
        ),
    ],
    primary_key: &[glossary::n, glossary::row],
    source: "Computed by statespace (issue 9)",
};

/// `gods_numbers.csv`.
pub fn table(r: &GodsResults) -> Table {
    let mut t = GODS_NUMBERS.table();
    for row in &r.rows {
        let sizes: Vec<String> = row.class_sizes.iter().map(|c| c.to_string()).collect();
        let [at_max_text, at_max] = row
            .positions_at_max
            .as_ref()
            .map_or([Cell::Empty, Cell::Empty], exact_count_cells);
        t.push(vec![
            "plus".into(),
            "open".into(),
            row.n.into(),
            row.nullity.into(),
            row.exact().into(),
            row.lower.into(),
            row.upper.into(),
            at_max_text,
            at_max,
            match &row.positions_at_max {
                Some(p) if p.bits() > 0 => Cell::Fixed(big_log10(p), 6),
                _ => Cell::Empty,
            },
            if row.nullity <= 4 {
                Cell::Text(sizes.join(" "))
            } else {
                Cell::Empty
            },
            row.method.clone().into(),
        ]);
    }
    t
}

/// The witness position behind every `lower_bound` of `gods_numbers.csv`, one board row per table
/// row (as `all_ones_presses.csv` stores press patterns), so a reader can solve it again.
pub fn witnesses_table(r: &GodsResults) -> Table {
    let mut t = GODS_WITNESS_BOARDS.table();
    for row in &r.rows {
        for (i, line) in row.witness.to_text(false).lines().enumerate() {
            t.push(vec![row.n.into(), (i + 1).into(), line.into()]);
        }
    }
    t
}

/// The data files, (file name, table): what the study and `lightsout gods` both write.
pub fn files(r: &GodsResults) -> [(&'static str, Table); 3] {
    [
        (GODS_CSV, table(r)),
        (GODS_WITNESSES, witnesses_table(r)),
        (
            class_symmetry::CLASS_SYMMETRY_CSV,
            class_symmetry::table(&r.class_symmetry),
        ),
    ]
}

/// Chart: God's number (or its bounds) per side n, as a fraction of the n^2 cells. Exact values
/// are filled points; where only bounds are proven, an error bar runs from the lower to the
/// upper bound (the interval the value lies in).
pub fn chart(r: &GodsResults) -> Result<crate::output::chart::Rendered> {
    use crate::output::chart::{interval_chart, IntervalChart};
    // One slot per side, labelled n: the small sides crowd together on a numeric axis, and a
    // lower bound close to its upper bound hid it there. As a share of n^2 the sides compare.
    let share = |x: &GodsRow, v: usize| v as f64 / (x.n * x.n) as f64;
    interval_chart(&IntervalChart {
        title: "Lights Out (plus, open): God's number of each n x n board with nullity > 0, over n²".into(),
        x_label: "n (board side; one slot per side computed)".into(),
        y_label: "God's number / n² (share of the cells)".into(),
        categories: r.rows.iter().map(|x| x.n.to_string()).collect(),
        values: r
            .rows
            .iter()
            .map(|x| match x.exact() {
                Some(g) => (share(x, g), share(x, g)),
                None => (share(x, x.lower), share(x, x.upper)),
            })
            .collect(),
        exact_name: "exact God's number / n²".into(),
        bounds_name: "only bounds proven: from lower to upper bound / n²".into(),
    })
}

/// The published table (wmboyles/LightsOut-Math): n -> God's number, for the sizes it lists
/// (its "?" entries are omitted from the file).
pub fn published() -> (String, Vec<(usize, usize)>) {
    let p = crate::output::published::Published::parse(include_str!("../../../tests/data/lightsout/gods_number.csv"));
    let rows = p
        .rows()
        .map(|r| {
            (
                r("n").parse().expect("oracle n"),
                r("gods_number").parse().expect("oracle value"),
            )
        })
        .collect();
    (p.source.clone(), rows)
}

/// Claims: the anchors confirmed (or not), and each "?" filled exactly as new.
pub fn claims(r: &GodsResults) -> Vec<Claim> {
    let mut out = Vec::new();
    let (_, known) = published();
    for row in &r.rows {
        let anchor = known.iter().find(|a| a.0 == row.n);
        let id = format!("lightsout.gods_number.plus_open.{}", row.n);
        let statement = format!(
            "God's number of the {0}x{0} Lights Out board (plus, open; nullity {1})",
            row.n, row.nullity
        );
        let mut evidence =
            format!(
            "data/lightsout/gods_numbers.csv, row n = {n}, columns lower_bound and upper_bound; the witness position \
                in data/lightsout/gods_witnesses.csv, rows n = {n} (exact minimum {} by the solver); upper bound {} \
                ({})",
            row.lower,
            row.upper,
            row.method.split("upper bound: ").nth(1).unwrap_or("parity/averaging bound"),
            n = row.n
        );
        if read_back(&row.method) {
            evidence += "; the default reproduce re-solves the witness exactly, re-derives the parity/averaging bound \
                and reads the search's result back (reproduce --full recomputes it)";
        }
        match (anchor, row.exact()) {
            // The quote is the source's line as tests/data/lightsout/gods_number.csv holds it.
            (Some(&(_, published)), Some(g)) => out.push(
                Claim::compare(
                    "lightsout",
                    &id,
                    "wmboyles/LightsOut-Math",
                    &statement,
                    published,
                    g,
                    &evidence,
                )
                .quoted(&format!("{},{published}", row.n)),
            ),
            // Only bounds proven here: agreeing with them is never a confirmation.
            (Some(&(_, published)), None) => out.push(
                Claim::published(
                    "lightsout",
                    &id,
                    "wmboyles/LightsOut-Math",
                    &statement,
                    published,
                    format!("between {} and {}", row.lower, row.upper),
                    if row.lower <= published && published <= row.upper {
                        Verdict::ConsistentBound
                    } else {
                        Verdict::Refuted
                    },
                    &evidence,
                )
                .scoped(Scope::Bound)
                .quoted(&format!("{},{published}", row.n)),
            ),
            (None, Some(g)) => out.push(Claim::new_result("lightsout", &id, &statement, g, &evidence)),
            // "?" in the published table and only bounds here: the proven interval is the result.
            (None, None) => out.push(
                Claim::new_result(
                    "lightsout",
                    &id,
                    &statement,
                    format!("between {} and {}", row.lower, row.upper),
                    &evidence,
                )
                .scoped(Scope::Bound),
            ),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Brute force of max_w min_a V_a over every w (tiny class sizes).
    fn brute(sizes: &[usize]) -> i64 {
        let k = sizes.len();
        let mut best = i64::MIN;
        let mut w = vec![0usize; k];
        loop {
            let v = values(sizes, &w);
            best = best.max(*v.iter().min().unwrap());
            let mut i = 1;
            while i < k && w[i] == sizes[i] {
                w[i] = 0;
                i += 1;
            }
            if i == k {
                return best + sizes[0] as i64;
            }
            w[i] += 1;
        }
    }

    #[test]
    fn d2_closed_form_matches_brute_force() {
        for c1 in 0..7 {
            for c2 in 0..7 {
                for c3 in 0..7 {
                    let sizes = [2, c1, c2, c3];
                    let cl = Classes {
                        n: 0,
                        nullity: 2,
                        sizes: sizes.to_vec(),
                        signature: vec![],
                    };
                    let w = d2_witness(&sizes);
                    let got = sizes[0] as i64 + values(&sizes, &w).into_iter().min().unwrap();
                    let b = brute(&sizes);
                    assert_eq!(got, b, "{sizes:?}");
                    assert_eq!(cl.upper_bound() as i64, b, "{sizes:?}");
                }
            }
        }
    }

    #[test]
    fn upper_bound_holds_for_d3() {
        let mut seed = 3u64;
        for _ in 0..40 {
            let sizes: Vec<usize> = (0..8)
                .map(|_| {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    (seed >> 61) as usize
                })
                .collect();
            let cl = Classes {
                n: 0,
                nullity: 3,
                sizes: sizes.clone(),
                signature: vec![],
            };
            let b = brute(&sizes);
            assert!(b <= cl.upper_bound() as i64, "{sizes:?}");
            let w = search_witness(&sizes, 3);
            assert!(sizes[0] as i64 + values(&sizes, &w).into_iter().min().unwrap() <= b);
        }
    }

    #[test]
    fn anchors_are_confirmed_and_fills_are_new() {
        let r = GodsResults {
            rows: vec![
                gods_row(4, 1, 0, &Effort::default(), &Counters::default()).unwrap(),
                gods_row(5, 1, 0, &Effort::default(), &Counters::default()).unwrap(),
                gods_row(17, 1, 0, &Effort::default(), &Counters::default()).unwrap(),
            ],
            class_symmetry: Vec::new(),
        };
        let c = claims(&r);
        let v: Vec<(&str, Verdict, &str)> = c
            .iter()
            .map(|c| (c.id.as_str(), c.verdict, c.computed.as_str()))
            .collect();
        assert_eq!(
            v,
            vec![
                ("lightsout.gods_number.plus_open.4", Verdict::New, "7"),
                ("lightsout.gods_number.plus_open.5", Verdict::Confirmed, "15"),
                ("lightsout.gods_number.plus_open.17", Verdict::Confirmed, "199"),
            ]
        );
        assert_eq!(table(&r).rows.len(), 3);
    }

    /// Random class sizes of a d-dimensional code (fixed seed), 0-3 cells per class.
    fn random_sizes(seed: &mut u64, d: usize) -> Vec<usize> {
        (0..1usize << d)
            .map(|_| {
                *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                (*seed >> 62) as usize
            })
            .collect()
    }

    #[test]
    fn min_conflicts_reaches_the_brute_force_optimum_on_small_codes() {
        let mut seed = 7u64;
        let (mut raised, mut tried) = (0, 0);
        for trial in 0..30 {
            let sizes = random_sizes(&mut seed, 3 + trial % 2);
            let product: f64 = sizes[1..].iter().map(|&c| c as f64 + 1.0).product();
            if product > 1e5 {
                continue;
            }
            tried += 1;
            let start: Vec<usize> = sizes.iter().map(|&c| c / 2).collect();
            let w = conflicts_witness(&sizes, &start, 3000);
            let value = |w: &[usize]| sizes[0] as i64 + values(&sizes, w).into_iter().min().unwrap();
            let b = brute(&sizes);
            assert!(w.iter().zip(&sizes).all(|(&w, &c)| w <= c), "{sizes:?}");
            assert_eq!(
                value(&w),
                b,
                "{sizes:?}: min-conflicts {} against brute force {b}",
                value(&w)
            );
            raised += usize::from(value(&start) < b);
        }
        // The search had to climb on some codes (the rounding is not always optimal).
        assert!(tried >= 15 && raised >= 3, "{tried} codes, {raised} raised");
    }

    #[test]
    fn sparse_classes_agree_with_the_dense_ones_on_9x9() {
        // The sparse path (for nullity > 24) run on a small board: its parity bound is the dense
        // one, its witness is solved exactly, and it stays below the known God's number (37).
        let (cl, quiet) = classes(9).unwrap();
        let (sparse, signature) = sparse_classes(9, &quiet);
        assert_eq!(signature, cl.signature.iter().map(|&s| s as u64).collect::<Vec<_>>());
        for (s, c) in &sparse {
            assert_eq!(cl.sizes[*s as usize], *c);
        }
        assert_eq!(sparse.len(), cl.sizes.iter().filter(|&&c| c > 0).count());
        let quick = sparse_row(9, &quiet, 0, 0).unwrap();
        let searched = sparse_row(9, &quiet, 64, 1 << 26).unwrap();
        assert_eq!(quick.upper, cl.upper_bound());
        // With a budget, subcodes lower the parity bound (40), never below God's number.
        assert!(
            searched.upper < quick.upper && searched.upper >= 37,
            "{}",
            searched.method
        );
        let named = gods_subcode::Subcode::parse(&searched.method).expect("a subcode named");
        assert_eq!(named.refuted, searched.upper + 1);
        // The active-set search reaches God's number itself (37, proven by the branch and bound).
        assert!(
            quick.lower <= searched.lower && searched.lower == 37,
            "{} {}",
            quick.lower,
            searched.lower
        );
        assert!(
            searched.method.contains("active-set witness, 64 rounds"),
            "{}",
            searched.method
        );
    }

    #[test]
    fn covering_radius_matches_enumeration_on_small_rectangles() {
        // Every plus/open m x n board with m <= n, m n <= 20 and nullity > 0: God's number by
        // enumerating every press pattern (the fewest presses of each position it makes), against
        // the witness search plus the branch and bound over the quiet code's classes.
        let mut checked = Vec::new();
        for m in 1..=4usize {
            for n in m..=20 / m {
                let game = Game::new(Rule::Plus, Topology::Open, m, n).unwrap();
                let Outcome::Solved(s) = solve::solve(&game, &Grid::zeros(m, n).unwrap()).unwrap() else {
                    unreachable!()
                };
                let d = s.quiet.len();
                if d == 0 {
                    continue;
                }
                let cells = m * n;
                let mut sizes = vec![0usize; 1 << d];
                for cell in 0..cells {
                    let sig = s
                        .quiet
                        .iter()
                        .enumerate()
                        .fold(0usize, |a, (i, q)| a | (q.get(cell / n, cell % n) as usize) << i);
                    sizes[sig] += 1;
                }
                let cl = Classes {
                    n: 0,
                    nullity: d,
                    sizes: sizes.clone(),
                    signature: vec![],
                };
                let w = search_witness(&sizes, 2);
                let lower = (sizes[0] as i64 + values(&sizes, &w).into_iter().min().unwrap()) as usize;
                let r = covering::covering_radius(
                    &sizes,
                    lower,
                    cl.upper_bound(),
                    covering::Limits::budget(u64::MAX),
                    &covering::BASES,
                    &Counters::default(),
                );
                assert_eq!(r.lower, r.upper, "{m}x{n}");
                // Enumeration: the board each press pattern makes, as bits.
                let mask = |cell: usize| {
                    let mut x = Grid::zeros(m, n).unwrap();
                    x.flip(cell / n, cell % n);
                    let b = apply_presses(&game, &Grid::zeros(m, n).unwrap(), &x).unwrap();
                    (0..cells).fold(0u32, |a, c| a | (b.get(c / n, c % n) as u32) << c)
                };
                let masks: Vec<u32> = (0..cells).map(mask).collect();
                let mut best = vec![u8::MAX; 1 << cells];
                let mut board = 0u32;
                for g in 0u32..1 << cells {
                    // Gray code: one press changes between consecutive patterns.
                    if g > 0 {
                        board ^= masks[g.trailing_zeros() as usize];
                    }
                    let x = g ^ (g >> 1);
                    let slot = &mut best[board as usize];
                    *slot = (*slot).min(x.count_ones() as u8);
                }
                let god = best.iter().filter(|&&v| v != u8::MAX).max().copied().unwrap() as usize;
                assert_eq!(
                    r.lower, god,
                    "{m}x{n}: branch and bound {} against enumeration {god}",
                    r.lower
                );
                checked.push((m, n));
            }
        }
        assert!(checked.len() >= 4, "{checked:?}");
    }

    #[test]
    fn values_are_coset_weights() {
        // V_a against direct weights on a random code.
        let sizes = [1usize, 3, 2, 4, 0, 1, 2, 2];
        let w = [0usize, 1, 2, 3, 0, 1, 0, 2];
        let v = values(&sizes, &w);
        assert_eq!(v.len(), 8);
        for (a, &va) in v.iter().enumerate() {
            let direct: usize = (1..8)
                .map(|s| {
                    if (a & s).count_ones().is_multiple_of(2) {
                        w[s]
                    } else {
                        sizes[s] - w[s]
                    }
                })
                .sum();
            assert_eq!(va, direct as i64);
        }
    }
}
