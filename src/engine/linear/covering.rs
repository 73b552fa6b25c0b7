//! Covering radius of a binary linear code, exactly, by branch and bound over signature classes.
//!
//! A code of dimension d is described by its coordinates' signatures: coordinate i has signature
//! s in GF(2)^d (bit k set when basis word k is one there), and `sizes[s]` coordinates have
//! signature s. A word x with w_s ones in class s lies at distance
//! V_a = sum_s (w_s if <a, s> = 0 else c_s - w_s) from the codeword sum_k a_k q_k. With
//! y_s = c_s - 2 w_s (so y_s has the parity of c_s and |y_s| <= c_s) and Y(a) = sum_s y_s (-1)^<a, s>
//! (the Walsh-Hadamard transform of y), V_a = (C - Y(a)) / 2 over the nonzero classes, and the
//! class s = 0 (coordinates outside every codeword) adds c_0 at best. So
//!
//!   covering radius = c_0 + (C - min_y max_a Y(a)) / 2,
//!
//! and the decision "is the radius at least R" is "is there a y with Y(a) <= B for every a",
//! B = C - 2 (R - c_0). This module decides it exactly.
//!
//! The search assigns y class by class in increasing signature order, so the classes assigned
//! always fill the subspace S_h = {s < 2^h} plus an initial run of stage h (signatures with top
//! bit h). Averaging Y over a coset of a subspace A's complement keeps only the classes
//! orthogonal to A, which gives the pruning rule: with Y_h the transform of S_h's classes
//! (fixed by the time stage h starts) and Q the transform over GF(2)^h of stage h's classes
//! (top bit dropped), Y = Y_h + Q on one half and Y_h - Q on the other, so the stage must end
//! with |Q(a)| <= R(a) = B - Y_h(a); averaging over the high bits a_i..a_{h-1} gives, for the
//! classes with t < 2^i, |Q_i(b)| <= (mean of R over the coset) + (their unassigned sizes).
//! Every level i is checked after every assignment. Symmetry: translating x by a codeword
//! (y_s -> y_s (-1)^<e_h, s>) flips the sign of every class with bit h, so the first nonzero
//! value of each stage may be taken positive.
//!
//! The same averaging over a one- or two-dimensional subspace of signatures bounds each class
//! on its own before it is tried: |y_s| <= B, and within a plane {0, s, t, s ^ t} whose other
//! two classes are assigned or empty (an empty class is 0), the range of [`plane_range`]; with
//! an empty one that is |y_s| + |y_t| <= B.
//!
//! The rule is checked against exhaustive enumeration of y on random small codes in the tests.
//!
//! The pruning averages over the subspaces S_h, so the basis the signatures are written in
//! decides how early it bites, and the tree's size with it (29x29's refutation of 444: over 10^9
//! nodes undecided in the quiet basis's own signatures, 651,008 nodes in the odd-first basis). A
//! class of odd size can never be 0, so odd classes are where the averages are forced away from
//! their mean; [`Basis::OddFirst`] gathers them into the first subspaces. A decision may be tried
//! in several bases ([`BASES`]): any basis gives a valid answer, and the one that decided is named
//! with the answer so that it can be re-run.

use super::walsh::add_term;
use crate::engine::runtime::progress::Counters;

/// What the search found for one bound.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// A y (indexed by signature, y_0 = 0) with max_a Y(a) <= B.
    Feasible(Vec<i64>),
    /// Proven: every y has some Y(a) > B.
    Infeasible,
    /// The node budget ran out first.
    Unknown,
}

/// One decision with the size of its search tree.
#[derive(Clone, Debug)]
pub struct Search {
    pub decision: Decision,
    /// Nodes visited (for `Infeasible`: the size of the tree that proves it, the same at any
    /// thread count).
    pub nodes: u64,
}

struct Stage {
    /// Signatures of this stage's classes with the top bit dropped (t), ascending.
    t: Vec<usize>,
    /// pairs[k]: every (t', u) with t' ^ u = class k's signature s whose y are known before class
    /// k is tried (each assigned earlier or an empty class, so 0): the plane {0, s, t', u} (see
    /// [`plane_range`]).
    pairs: Vec<Vec<(usize, usize)>>,
    /// free[k][i]: total size of the classes after k in this stage with t < 2^i.
    free: Vec<Vec<i64>>,
    /// Each class's values in search order: all of them, and the nonnegative ones.
    any: Vec<Vec<i64>>,
    nonneg: Vec<Vec<i64>>,
}

/// What a subtree gave.
enum Found {
    Y(Vec<i64>),
    OutOfNodes,
    /// Abandoned: a subtree before it in depth-first order has found a y.
    Cancelled,
}

/// The search's fixed data and its shared node count.
struct Ctx<'p> {
    d: usize,
    bound: i64,
    stages: Vec<Stage>,
    /// Index of each stage's first class in the global order.
    offset: Vec<usize>,
    nodes: std::sync::atomic::AtomicU64,
    /// Work done: each node costs 2^h + 1 (its update and check of the stage's 2^h values).
    work: std::sync::atomic::AtomicU64,
    budget: u64,
    /// Work is also added here, for a progress reporter outside the engine.
    progress: &'p Counters,
    /// The exact subspace bound at every node, when asked for.
    merge: Option<NodeMerge>,
}

/// The data of [`super::merged`]'s check at the nodes.
struct NodeMerge {
    /// The subspace's dimension: the j - high tightest characters of the classes assigned, then
    /// the next `high` stages' bits (the first to split the classes still free).
    j: usize,
    high: usize,
    /// Every class (signature, size) in the global order.
    order: Vec<(usize, i64)>,
}

/// Nodes of one merged decision before it is given up (the node is then kept). Chosen by timing
/// 16x16's refutation: ten times more pruned a few more nodes at several times the cost.
const MERGE_BUDGET: u64 = 1_000;

impl NodeMerge {
    fn new(stages: &[Stage], sizes: &[usize], j: usize) -> NodeMerge {
        let order = (0..stages.len())
            .flat_map(|h| stages[h].t.iter().map(move |&t| (1usize << h) + t))
            .map(|s| (s, sizes[s] as i64))
            .collect();
        NodeMerge {
            j,
            high: j.div_ceil(2),
            order,
        }
    }

    /// The subspace's basis (characters) at a node of stage h: the assigned part's tightest
    /// characters (least room under the bound, independent), then the bits of the next stages.
    fn subspace(&self, h: usize, d: usize, fixed: impl Fn(usize) -> i64) -> Vec<usize> {
        let mut by_room: Vec<(i64, usize)> = (1..2usize << h).map(|a| (-fixed(a), a)).collect();
        let keep = by_room.len().min(8 * self.j);
        if keep < by_room.len() {
            by_room.select_nth_unstable(keep);
            by_room.truncate(keep);
        }
        by_room.sort_unstable();
        let mut basis: Vec<usize> = Vec::new();
        let mut span = vec![0usize];
        let tight = self.j.saturating_sub(self.high).min(h + 1);
        for &(_, a) in &by_room {
            if basis.len() >= tight {
                break;
            }
            if !span.contains(&a) {
                let shifted: Vec<usize> = span.iter().map(|&u| u ^ a).collect();
                span.extend(shifted);
                basis.push(a);
            }
        }
        basis.extend((h + 1..d).map(|bit| 1usize << bit).take(self.j - basis.len()));
        basis
    }
}

/// Where the search stands: class k of stage h, with the stage's fixed transform and bounds.
#[derive(Clone, Copy)]
struct At<'a> {
    h: usize,
    k: usize,
    /// Whether the stage's sign is still free (every class of the stage so far zero): then a
    /// class takes nonnegative values only.
    sign_free: bool,
    yh: &'a [i64],
    mn: &'a [Vec<Vec<i64>>],
}

/// Whether a subtree has been made pointless by a finding before it.
type Cancel<'a> = &'a (dyn Fn() -> bool + Sync);

/// Nodes and work counted by one thread since its last flush.
#[derive(Default)]
struct Tally {
    nodes: u64,
    work: u64,
}

impl Tally {
    fn node(&mut self, h: usize) {
        self.nodes += 1;
        self.work += (1 << h) + 1;
    }
}

/// Subtrees whose first class (in global order) is below this are searched in parallel: rayon's
/// `find_map_first` returns the first finding in depth-first order, so the witness does not
/// depend on the thread count. (Chosen by timing the 16x16 refutation: deeper was faster.)
const PARALLEL_DEPTH: usize = 30;
/// Work counted locally before it is added to the shared count (and the budget checked).
const FLUSH: u64 = 1 << 16;

fn bit_length(t: usize) -> usize {
    (usize::BITS - t.leading_zeros()) as usize
}

impl Ctx<'_> {
    fn flush(&self, local: &mut Tally) -> bool {
        use std::sync::atomic::Ordering;
        self.nodes.fetch_add(local.nodes, Ordering::Relaxed);
        self.progress.add_expanded(local.work);
        let total = self.work.fetch_add(local.work, Ordering::Relaxed) + local.work;
        *local = Tally::default();
        total <= self.budget
    }

    /// Stage h starts with `yh` = transform of the classes below 2^h, over GF(2)^h.
    fn stage(&self, h: usize, yh: &[i64], y: &mut Vec<i64>, local: &mut Tally, cancel: Cancel) -> Option<Found> {
        if h == self.d {
            return Some(Found::Y(y.clone()));
        }
        let r: Vec<i64> = yh.iter().map(|&v| self.bound - v).collect();
        if r.iter().any(|&x| x < 0) {
            return None;
        }
        // rsum[i][a], a < 2^i: sum of R over the 2^(h-i) extensions of a.
        let mut rsum: Vec<Vec<i64>> = vec![Vec::new(); h + 1];
        rsum[h] = r;
        for i in (0..h).rev() {
            let up = &rsum[i + 1];
            rsum[i] = (0..1usize << i).map(|a| up[a] + up[a + (1 << i)]).collect();
        }
        // mn[i0][i][b], b < 2^i0 <= 2^i: the least rsum[i][a] over a extending b.
        let mut mn: Vec<Vec<Vec<i64>>> = vec![vec![Vec::new(); h + 1]; h + 1];
        for (i, level) in rsum.into_iter().enumerate() {
            mn[i][i] = level;
            for i0 in (0..i).rev() {
                let up = &mn[i0 + 1][i];
                mn[i0][i] = (0..1usize << i0).map(|b| up[b].min(up[b + (1 << i0)])).collect();
            }
        }
        let mut q = vec![0i64; 1 << h];
        self.assign(
            At {
                h,
                k: 0,
                sign_free: true,
                yh,
                mn: &mn,
            },
            &mut q,
            y,
            local,
            cancel,
        )
    }

    /// The pruning rule of the module comment after class k of stage h took its value.
    fn admissible(&self, h: usize, k: usize, mn: &[Vec<Vec<i64>>], q: &[i64]) -> bool {
        let st = &self.stages[h];
        let i0 = bit_length(st.t[k]);
        (i0..=h).all(|i| {
            let scale = 1i64 << (h - i);
            let f = st.free[k][i];
            let m = &mn[i0][i];
            (0..1usize << i0).all(|b| scale * (q[b].abs() - f) <= m[b])
        })
    }

    /// [`super::merged`]'s exact check over [`NodeMerge::subspace`], after class k of stage h took
    /// its value (`q` holds it).
    fn merged_fits(&self, at: At, q: &[i64]) -> bool {
        let Some(m) = &self.merge else { return true };
        let (h, g) = (at.h, self.offset[at.h] + at.k);
        let mask = (1usize << h) - 1;
        let fixed = |a: usize| at.yh[a & mask] + if a >> h & 1 == 1 { -q[a & mask] } else { q[a & mask] };
        let basis = m.subspace(h, self.d, fixed);
        let j = basis.len();
        let merged = |s: usize| -> usize {
            basis
                .iter()
                .enumerate()
                .map(|(i, &w)| ((w & s).count_ones() as usize & 1) << i)
                .sum()
        };
        let mut free = vec![0i64; 1 << j];
        for &(s, c) in &m.order[g + 1..] {
            free[merged(s)] += c;
        }
        let room: Vec<i64> = (0..1usize << j)
            .map(|b| {
                let a = basis
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| b >> i & 1 == 1)
                    .fold(0, |x, (_, &w)| x ^ w);
                self.bound - fixed(a) + free[0]
            })
            .collect();
        super::merged::merged_feasible(&free, &room, MERGE_BUDGET) != Some(false)
    }

    fn assign(&self, at: At, q: &mut [i64], y: &mut Vec<i64>, local: &mut Tally, cancel: Cancel) -> Option<Found> {
        let At {
            h, k, sign_free, yh, ..
        } = at;
        let st = &self.stages[h];
        if k == st.t.len() {
            let mut next = Vec::with_capacity(2 << h);
            next.extend(yh.iter().zip(q.iter()).map(|(a, b)| a + b));
            next.extend(yh.iter().zip(q.iter()).map(|(a, b)| a - b));
            return self.stage(h + 1, &next, y, local, cancel);
        }
        let all: &[i64] = if sign_free { &st.nonneg[k] } else { &st.any[k] };
        let (lo, hi) = plane_range(self.bound, &st.pairs[k], y);
        let kept: Vec<i64>;
        let values: &[i64] = if all.iter().all(|&v| lo <= v && v <= hi) {
            all
        } else {
            kept = all.iter().copied().filter(|&v| lo <= v && v <= hi).collect();
            &kept
        };
        if self.offset[h] + k < PARALLEL_DEPTH && values.len() > 1 {
            use rayon::prelude::*;
            use std::sync::atomic::{AtomicUsize, Ordering};
            let first = AtomicUsize::new(usize::MAX);
            return values.par_iter().enumerate().find_map_first(|(i, &v)| {
                let mine = || cancel() || first.load(Ordering::Relaxed) < i;
                if mine() {
                    return Some(Found::Cancelled);
                }
                let (mut q, mut y, mut local) = (q.to_vec(), y.clone(), Tally::default());
                local.node(h);
                let r = self.branch(at, &mut q, &mut y, v, &mut local, &mine);
                if !self.flush(&mut local) {
                    return Some(Found::OutOfNodes);
                }
                if matches!(r, Some(Found::Y(_))) {
                    first.fetch_min(i, Ordering::Relaxed);
                }
                r
            });
        }
        for &v in values {
            local.node(h);
            if local.work >= FLUSH {
                if !self.flush(local) {
                    return Some(Found::OutOfNodes);
                }
                if cancel() {
                    return Some(Found::Cancelled);
                }
            }
            if let Some(found) = self.branch(at, q, y, v, local, cancel) {
                return Some(found);
            }
        }
        None
    }

    /// Class k of stage h takes the value v: check, go deeper, undo.
    fn branch(
        &self,
        at: At,
        q: &mut [i64],
        y: &mut Vec<i64>,
        v: i64,
        local: &mut Tally,
        cancel: Cancel,
    ) -> Option<Found> {
        let At { h, k, mn, .. } = at;
        let t = self.stages[h].t[k];
        add_term(q, t, v);
        let r = if self.admissible(h, k, mn, q) && self.merged_fits(at, q) {
            y[(1 << h) + t] = v;
            let next = At {
                k: k + 1,
                sign_free: at.sign_free && v == 0,
                ..at
            };
            let r = self.assign(next, q, y, local, cancel);
            y[(1 << h) + t] = 0;
            r
        } else {
            None
        };
        add_term(q, t, -v);
        r
    }
}

/// The range [lo, hi] the next class s may take given the classes already assigned, from the
/// one- and two-dimensional subspaces of signatures through s. Averaging Y over a coset of
/// S^perp, for a subspace S of signatures, keeps only the classes in S: the mean is
/// sum_{u in S} y_u (-1)^<b, u> for a character b of S, and it is at most B like every Y(a).
/// S = {0, s} gives |y_s| <= B (y_0 = 0). S = {0, s, t, u} with u = s ^ t gives
/// e y_s + f y_t + e f y_u <= B for every signs e, f, that is
/// y_s <= B - |y_t + y_u| and -y_s <= B - |y_t - y_u|: a bound wherever t and u are assigned.
fn plane_range(bound: i64, pairs: &[(usize, usize)], y: &[i64]) -> (i64, i64) {
    let (mut lo, mut hi) = (-bound, bound);
    for &(t, u) in pairs {
        hi = hi.min(bound - (y[t] + y[u]).abs());
        lo = lo.max((y[t] - y[u]).abs() - bound);
    }
    (lo, hi)
}

/// The values a class of size c may take, smallest magnitude first (positive only while the
/// stage's sign is still free).
fn class_values(c: i64, sign_free: bool) -> Vec<i64> {
    let mut values: Vec<i64> = (0..=c).map(|w| c - 2 * w).filter(|&v| !sign_free || v >= 0).collect();
    values.sort_by_key(|&v| (v.abs(), -v));
    values
}

/// Is there a y (y_s of c_s's parity, |y_s| <= c_s, y_0 = 0) whose transform is at most `bound`
/// everywhere? `sizes` has length 2^d. `Unknown` once more than `budget` units of work are spent
/// (a node at stage h costs 2^h + 1: about 10^9 units per second per core; the budget is shared
/// by the threads, so a search stopped by it may stop at a slightly different node count from
/// run to run; a finished search does not).
pub fn spectrum_at_most(sizes: &[usize], bound: i64, budget: u64, progress: &Counters) -> Search {
    spectrum_at_most_subspace(sizes, bound, budget, 0, progress)
}

/// [`spectrum_at_most`] with [`super::merged`]'s exact subspace bound of dimension
/// `node_subspace` checked at every node (0: none). It only removes nodes: the decision is the
/// same, the tree no larger, each node dearer.
pub fn spectrum_at_most_subspace(
    sizes: &[usize],
    bound: i64,
    budget: u64,
    node_subspace: usize,
    progress: &Counters,
) -> Search {
    let d = sizes.len().trailing_zeros() as usize;
    assert_eq!(sizes.len(), 1 << d, "sizes must have length 2^d");
    let nonempty: Vec<usize> = (1..sizes.len()).filter(|&s| sizes[s] > 0).collect();
    let stages: Vec<Stage> = (0..d)
        .map(|h| {
            let members: Vec<(usize, i64)> = (1usize << h..2 << h)
                .filter(|&s| sizes[s] > 0)
                .map(|s| (s - (1 << h), sizes[s] as i64))
                .collect();
            let t: Vec<usize> = members.iter().map(|m| m.0).collect();
            let c: Vec<i64> = members.iter().map(|m| m.1).collect();
            let free = (0..t.len())
                .map(|k| {
                    (0..=h)
                        .map(|i| ((k + 1)..t.len()).filter(|&j| t[j] < 1 << i).map(|j| c[j]).sum())
                        .collect()
                })
                .collect();
            // Classes are assigned in increasing signature order, and an empty class is 0 from the
            // start: a plane {0, s, a, a ^ s} counts once both a and a ^ s are below s or empty,
            // and at least one is a class (two empty ones give |y_s| <= B again).
            let settled = |a: usize, s: usize| a < s || sizes[a] == 0;
            let pairs = t
                .iter()
                .map(|&tk| {
                    let s = (1usize << h) + tk;
                    nonempty
                        .iter()
                        .copied()
                        .filter(|&a| a != s && settled(a, s) && settled(a ^ s, s) && (sizes[a ^ s] == 0 || a < (a ^ s)))
                        .map(|a| (a, a ^ s))
                        .collect()
                })
                .collect();
            let any = c.iter().map(|&c| class_values(c, false)).collect();
            let nonneg = c.iter().map(|&c| class_values(c, true)).collect();
            Stage {
                t,
                free,
                pairs,
                any,
                nonneg,
            }
        })
        .collect();
    let offset: Vec<usize> = stages
        .iter()
        .scan(0, |acc, st| {
            let o = *acc;
            *acc += st.t.len();
            Some(o)
        })
        .collect();
    let merge = (node_subspace > 0).then(|| NodeMerge::new(&stages, sizes, node_subspace.min(d)));
    let ctx = Ctx {
        d,
        bound,
        stages,
        offset,
        nodes: 0.into(),
        work: 0.into(),
        budget,
        progress,
        merge,
    };
    let mut local = Tally::default();
    let found = ctx.stage(0, &[0], &mut vec![0; 1 << d], &mut local, &|| false);
    ctx.flush(&mut local);
    let nodes = ctx.nodes.load(std::sync::atomic::Ordering::Relaxed);
    let work = ctx.work.load(std::sync::atomic::Ordering::Relaxed);
    let decision = match found {
        Some(Found::Y(y)) => Decision::Feasible(y),
        Some(Found::OutOfNodes) => Decision::Unknown,
        Some(Found::Cancelled) => unreachable!("the root is never cancelled"),
        None if work > budget => Decision::Unknown,
        None => Decision::Infeasible,
    };
    Search { decision, nodes }
}

/// The basis of the signature space a search works in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Basis {
    /// The signatures as given (the quiet basis's own order).
    Given,
    /// Chosen greedily: each next vector is the one whose span with the vectors so far holds the
    /// most classes of odd size, then the most cells (ties: the lowest signature).
    OddFirst,
}

/// The bases a decision is tried in, in order, each with the whole budget.
pub const BASES: [Basis; 2] = [Basis::Given, Basis::OddFirst];

impl Basis {
    /// The phrase that names the basis in a refutation's text ("" for the given one).
    pub fn phrase(self) -> &'static str {
        match self {
            Basis::Given => "",
            Basis::OddFirst => " in the odd-first basis",
        }
    }

    /// The basis a refutation's text names (after its node count).
    pub fn named_in(text: &str) -> Basis {
        if text.starts_with(Basis::OddFirst.phrase()) {
            Basis::OddFirst
        } else {
            Basis::Given
        }
    }

    /// The basis vectors, as signatures of `sizes` (len 2^d): new signature e_i is old `v[i]`.
    pub fn vectors(self, sizes: &[usize]) -> Vec<usize> {
        let d = sizes.len().trailing_zeros() as usize;
        match self {
            Basis::Given => (0..d).map(|i| 1 << i).collect(),
            Basis::OddFirst => {
                // coset[v] = weight of the coset v + span (weight of a class: odd classes
                // first, then cells), kept for every v as the span grows: adding b to the span
                // merges the cosets v and v ^ b.
                let cells: usize = sizes.iter().sum();
                let weight = |s: usize| {
                    if s == 0 {
                        0
                    } else {
                        (sizes[s] % 2) as u64 * (cells as u64 + 1) + sizes[s] as u64
                    }
                };
                let mut coset: Vec<u64> = (0..sizes.len()).map(weight).collect();
                let mut in_span = vec![false; sizes.len()];
                in_span[0] = true;
                let mut span = vec![0usize];
                let mut basis = Vec::with_capacity(d);
                while basis.len() < d {
                    let (_, b) = (1..sizes.len())
                        .filter(|&v| !in_span[v])
                        .map(|v| (coset[v], v))
                        .max_by_key(|&(w, v)| (w, std::cmp::Reverse(v)))
                        .expect("a vector outside a proper subspace");
                    let merged: Vec<u64> = (0..coset.len()).map(|v| coset[v] + coset[v ^ b]).collect();
                    coset = merged;
                    let shifted: Vec<usize> = span.iter().map(|&u| u ^ b).collect();
                    for &u in &shifted {
                        in_span[u] = true;
                    }
                    span.extend(shifted);
                    basis.push(b);
                }
                basis
            }
        }
    }
}

/// `sizes` written in a basis: the class of new signature x is the old class sum_i x_i v[i].
pub fn recode(sizes: &[usize], vectors: &[usize]) -> Vec<usize> {
    (0..sizes.len()).map(|x| sizes[old_signature(x, vectors)]).collect()
}

fn old_signature(x: usize, vectors: &[usize]) -> usize {
    vectors
        .iter()
        .enumerate()
        .filter(|(i, _)| x >> i & 1 == 1)
        .fold(0, |acc, (_, &v)| acc ^ v)
}

/// A decision's work budget (units of [`spectrum_at_most`]) and the dimension of the exact
/// subspace bound at its nodes ([`spectrum_at_most_subspace`]; 0: none).
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub budget: u64,
    pub node_subspace: usize,
}

impl Limits {
    /// A budget alone.
    pub fn budget(budget: u64) -> Limits {
        Limits {
            budget,
            node_subspace: 0,
        }
    }
}

/// [`spectrum_at_most`] in a basis; a feasible y is given back in the original signatures.
pub fn spectrum_at_most_in(sizes: &[usize], bound: i64, limits: Limits, basis: Basis, progress: &Counters) -> Search {
    let Limits { budget, node_subspace } = limits;
    if basis == Basis::Given {
        return spectrum_at_most_subspace(sizes, bound, budget, node_subspace, progress);
    }
    let vectors = basis.vectors(sizes);
    let mut s = spectrum_at_most_subspace(&recode(sizes, &vectors), bound, budget, node_subspace, progress);
    if let Decision::Feasible(y) = &s.decision {
        let mut original = vec![0; y.len()];
        for (x, &v) in y.iter().enumerate() {
            original[old_signature(x, &vectors)] = v;
        }
        s.decision = Decision::Feasible(original);
    }
    s
}

/// Whether the covering radius of the code with class sizes `sizes` reaches `target` (a feasible
/// y: some word is that far from every codeword; Infeasible: the radius is below it), as
/// [`spectrum_at_most_in`] decides it for B = C - 2 (target - c_0).
pub fn radius_at_least(sizes: &[usize], target: usize, limits: Limits, basis: Basis, progress: &Counters) -> Search {
    let c0 = sizes[0] as i64;
    let total: i64 = sizes[1..].iter().map(|&c| c as i64).sum();
    spectrum_at_most_in(sizes, total - 2 * (target as i64 - c0), limits, basis, progress)
}

/// The transform's maximum for one y (the check every feasible answer gets).
pub fn spectrum_max(y: &[i64]) -> i64 {
    let mut v = y.to_vec();
    super::walsh::walsh_hadamard(&mut v);
    v.into_iter().max().expect("non-empty")
}

/// Class counts w_s = (c_s - y_s) / 2 of a y (the zero class: all of it).
pub fn counts_of(sizes: &[usize], y: &[i64]) -> Vec<usize> {
    let mut w: Vec<usize> = sizes
        .iter()
        .zip(y)
        .map(|(&c, &v)| ((c as i64 - v) / 2) as usize)
        .collect();
    w[0] = sizes[0];
    w
}

/// The radius search: starting from a proven lower bound `lower` (a witness exists), raise it
/// while the next value is feasible; stop at `upper` (proven) or when a decision is unknown.
#[derive(Clone, Debug)]
pub struct Radius {
    /// Largest value with a witness.
    pub lower: usize,
    /// Proven upper bound (equal to `lower` when exact).
    pub upper: usize,
    /// Counts w of the best witness found by this search, if it improved on `lower`.
    pub witness: Option<Vec<usize>>,
    /// Each decision: (radius tried, nodes, outcome, the basis that decided it, the first when none did).
    pub steps: Vec<(usize, u64, &'static str, Basis)>,
}

/// Each decision is tried in `bases` in turn, each with the whole `budget`, until one decides.
/// `progress` counts the work of every decision (for a reporter drawn outside the engine).
pub fn covering_radius(
    sizes: &[usize],
    lower: usize,
    upper: usize,
    limits: Limits,
    bases: &[Basis],
    progress: &Counters,
) -> Radius {
    let c0 = sizes[0];
    let total: usize = sizes[1..].iter().sum();
    let mut r = Radius {
        lower,
        upper,
        witness: None,
        steps: Vec::new(),
    };
    let bound_for = |target: usize| total as i64 - 2 * (target as i64 - c0 as i64);
    // Upwards from the lower bound while the next value is decided, then downwards from the
    // upper bound (values near the upper bound are the most constrained, so the quickest to refute).
    let mut upwards = true;
    while r.lower < r.upper {
        let target = if upwards { r.lower + 1 } else { r.upper };
        let bound = bound_for(target);
        let mut tried = bases
            .iter()
            .map(|&b| (spectrum_at_most_in(sizes, bound, limits, b, progress), b));
        let (mut s, mut basis) = tried.next().expect("at least one basis");
        if s.decision == Decision::Unknown {
            if let Some(decided) = tried.find(|(t, _)| t.decision != Decision::Unknown) {
                (s, basis) = decided;
            }
        }
        progress.depth.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        match s.decision {
            Decision::Feasible(y) => {
                let max = spectrum_max(&y);
                assert!(max <= bound, "internal error: infeasible witness");
                r.steps.push((target, s.nodes, "feasible", basis));
                r.witness = Some(counts_of(sizes, &y));
                // The witness may beat the target: take its actual value.
                r.lower = c0 + ((total as i64 - max) / 2) as usize;
            }
            Decision::Infeasible => {
                r.steps.push((target, s.nodes, "infeasible", basis));
                r.upper = target - 1;
            }
            Decision::Unknown => {
                r.steps.push((target, s.nodes, "unknown", basis));
                if !upwards || target == r.upper {
                    break;
                }
                upwards = false;
            }
        }
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    /// min over every y of the transform's maximum (tiny sizes).
    fn brute_min_max(sizes: &[usize]) -> i64 {
        let k = sizes.len();
        let mut y: Vec<i64> = sizes.iter().map(|&c| -(c as i64)).collect();
        y[0] = 0;
        let mut best = i64::MAX;
        loop {
            best = best.min(spectrum_max(&y));
            let mut i = 1;
            while i < k && y[i] == sizes[i] as i64 {
                y[i] = -(sizes[i] as i64);
                i += 1;
            }
            if i == k {
                return best;
            }
            y[i] += 2;
        }
    }

    #[test]
    fn decisions_match_exhaustive_search() {
        let mut seed = 11u64;
        let mut rand = move || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            seed >> 33
        };
        let mut checked = 0;
        for trial in 0..300 {
            let d = 1 + trial % 4;
            let sizes: Vec<usize> = (0..1usize << d)
                .map(|_| {
                    let r = rand() % 8;
                    if r < 3 {
                        0
                    } else {
                        (r - 2) as usize
                    }
                })
                .collect();
            let product: f64 = sizes[1..].iter().map(|&c| c as f64 + 1.0).product();
            if product > 2e5 {
                continue;
            }
            let best = brute_min_max(&sizes);
            checked += 1;
            let tries = (best - 4..=best + 3).flat_map(|b| BASES.map(|basis| (b, basis)));
            // The exact subspace bound at the nodes (0: averaging only) decides alike in no more nodes.
            for ((bound, basis), node_subspace) in tries.flat_map(|t| [0, 2, 3].map(|j| (t, j))) {
                let limits = Limits {
                    budget: u64::MAX,
                    node_subspace,
                };
                let s = spectrum_at_most_in(&sizes, bound, limits, basis, &Counters::default());
                let plain = spectrum_at_most_in(&sizes, bound, Limits::budget(u64::MAX), basis, &Counters::default());
                // A refutation's tree is the same at any thread count: compare those.
                if plain.decision == Decision::Infeasible {
                    assert!(
                        s.nodes <= plain.nodes,
                        "{sizes:?} bound {bound} j {node_subspace}: more nodes"
                    );
                }
                match s.decision {
                    Decision::Feasible(y) => {
                        assert!(
                            bound >= best,
                            "{sizes:?} bound {bound}: feasible below the optimum {best}"
                        );
                        assert!(spectrum_max(&y) <= bound);
                        for (s, (&c, &v)) in sizes.iter().zip(&y).enumerate().skip(1) {
                            assert!(v.abs() <= c as i64 && (v - c as i64) % 2 == 0, "class {s}: {v} of {c}");
                        }
                    }
                    Decision::Infeasible => assert!(bound < best, "{sizes:?} bound {bound}: missed optimum {best}"),
                    Decision::Unknown => unreachable!(),
                }
            }
        }
        assert!(checked >= 150, "only {checked} codes small enough to enumerate");
    }

    /// Sizes of a random code (fixed seed): `classes` draws of a nonzero signature, 1-3 cells each.
    fn random_code(seed: u64, d: usize, classes: usize) -> Vec<usize> {
        let mut seed = seed;
        let mut sizes = vec![0usize; 1 << d];
        for _ in 0..classes {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let s = 1 + (seed >> 33) as usize % ((1 << d) - 1);
            sizes[s] += 1 + (seed >> 20) as usize % 3;
        }
        sizes
    }

    #[test]
    fn answers_do_not_depend_on_the_thread_count() {
        let sizes = random_code(5, 6, 30);
        let total: i64 = sizes[1..].iter().map(|&c| c as i64).sum();
        let run = |threads: usize, bound: i64| {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
            pool.install(|| spectrum_at_most(&sizes, bound, u64::MAX, &Counters::default()))
        };
        let (mut feasible, mut infeasible) = (0, 0);
        for bound in (total % 2..total.min(16)).step_by(2) {
            let (one, two) = (run(1, bound), run(2, bound));
            assert_eq!(one.decision, two.decision, "bound {bound}");
            match one.decision {
                Decision::Infeasible => {
                    infeasible += 1;
                    assert_eq!(one.nodes, two.nodes, "bound {bound}: refutation tree size");
                }
                Decision::Feasible(_) => feasible += 1,
                Decision::Unknown => unreachable!(),
            }
        }
        assert!(
            feasible > 0 && infeasible > 0,
            "{feasible} feasible, {infeasible} infeasible bounds"
        );
    }

    #[test]
    fn a_budget_too_small_is_unknown() {
        let sizes = random_code(9, 6, 30);
        let total: i64 = sizes[1..].iter().map(|&c| c as i64).sum();
        // A refutation needing more than 10 units of work is reported unknown, never infeasible.
        let exact = (total % 2..)
            .step_by(2)
            .find(|&b| spectrum_at_most(&sizes, b, u64::MAX, &Counters::default()).decision != Decision::Infeasible)
            .unwrap();
        let hard = spectrum_at_most(&sizes, exact - 2, u64::MAX, &Counters::default());
        assert!(hard.nodes > 10);
        assert_eq!(
            spectrum_at_most(&sizes, exact - 2, 10, &Counters::default()).decision,
            Decision::Unknown
        );
    }

    #[test]
    fn the_odd_first_basis_is_a_basis_that_starts_with_the_odd_classes() {
        let rank = |vectors: &[usize]| {
            let mut reduced: Vec<usize> = Vec::new();
            for &v in vectors {
                let x = reduced.iter().fold(v, |x, &r| x.min(x ^ r));
                if x != 0 {
                    reduced.push(x);
                }
            }
            reduced.len()
        };
        for seed in 0..40u64 {
            let d = 3 + seed as usize % 5;
            let mut sizes: Vec<usize> = random_code(seed, d, 3 * d).iter().map(|&c| 2 * c).collect();
            // Odd classes only inside the plane spanned by two signatures p, q (p, q, p ^ q).
            let (p, q) = (1 + seed as usize % ((1 << d) - 1), (1 << d) - 1 - seed as usize % 3);
            if rank(&[p, q]) < 2 {
                continue;
            }
            for s in [p, q, p ^ q] {
                sizes[s] += 1;
            }
            let v = Basis::OddFirst.vectors(&sizes);
            assert_eq!((v.len(), rank(&v)), (d, d), "seed {seed}: {v:?}");
            assert_eq!(
                rank(&[v[0], v[1], p, q]),
                2,
                "seed {seed}: the first two vectors span the odd plane"
            );
            let mut before = sizes.clone();
            let mut after = recode(&sizes, &v);
            assert_eq!(after[0], before[0]);
            before.sort_unstable();
            after.sort_unstable();
            assert_eq!(before, after, "seed {seed}: a change of basis permutes the classes");
        }
    }

    #[test]
    fn plane_range_is_the_plane_constraints() {
        // The plane {0, s, t, u}: y_s is allowed exactly when the four character means (and the
        // line {0, s}) are at most B, checked here straight from the characters.
        for bound in -1..=4i64 {
            for yt in -5..=5i64 {
                for yu in -5..=5i64 {
                    let y = [0, yt, yu];
                    let (lo, hi) = plane_range(bound, &[(1, 2)], &y);
                    for v in -7..=7i64 {
                        let means = [v + yt + yu, v - yt - yu, -v + yt - yu, -v - yt + yu];
                        let ok = means.iter().all(|&m| m <= bound) && v.abs() <= bound;
                        assert_eq!(lo <= v && v <= hi, ok, "B {bound} y_t {yt} y_u {yu} y_s {v}");
                    }
                }
            }
        }
    }

    #[test]
    fn radius_search_reaches_the_exhaustive_value() {
        let sizes = [2usize, 3, 1, 2, 3, 1, 1, 2];
        let c0 = sizes[0];
        let total: usize = sizes[1..].iter().sum();
        let exact = c0 + ((total as i64 - brute_min_max(&sizes)) / 2) as usize;
        let r = covering_radius(
            &sizes,
            c0,
            c0 + total,
            Limits::budget(u64::MAX),
            &BASES,
            &Counters::default(),
        );
        assert_eq!((r.lower, r.upper), (exact, exact));
    }
}
