//! Dynamic programming over the shortest-path DAG that a BFS lays out in levels: edges from level
//! `d` to level `d + 1` only. Values are pulled (each state reads its neighbours in the adjacent
//! level by binary search), so workers never write to shared memory and results are identical at
//! any thread count. Only two levels of values live at once; callers keep what they need from
//! the `on_level` callback.
//!
//! Path counts, "can still win", minimum costs with memory of the last action: all are a
//! `transfer` along an edge and a `combine` of alternatives.

use super::bfs::LevelIndex;
use crate::engine::model::{Model, Ranked, Reversible};
use crate::engine::runtime::memory::prefetch;
use rayon::prelude::*;

/// Finds states in one level: the position of a state in the level's list.
pub trait Lookup<S>: Sync {
    fn find(&self, s: S) -> Option<usize>;
}

/// A lookup shared by every level (one index over all of them).
impl<S, L: Lookup<S>> Lookup<S> for &L {
    #[inline]
    fn find(&self, s: S) -> Option<usize> {
        (**self).find(s)
    }
}

/// The default lookup: a bucketed binary search over the level sorted by rank.
pub struct Sorted<'a, M: Ranked> {
    model: &'a M,
    level: &'a [M::State],
    index: LevelIndex,
}

impl<M: Ranked> Lookup<M::State> for Sorted<'_, M> {
    #[inline]
    fn find(&self, s: M::State) -> Option<usize> {
        self.index.find(self.model, self.level, s)
    }
}

/// A worker's buffers in [`forward_with`]: a state's predecessors, and the batch's predecessors
/// found (state in batch, action, position in the level above).
type Scratch<M> = (
    Vec<(<M as Model>::Action, <M as Model>::State)>,
    Vec<(u32, <M as Model>::Action, usize)>,
);

/// States per batch of [`forward_with`].
const BATCH: usize = 32;

/// Forward: `value(s)` = `combine` over the predecessors `p` of `s` in the previous level of
/// `transfer(value(p), action, s)`; level 0 takes `init(s)`. States of a later level with no
/// predecessor there get `None` from the caller's point of view: `orphan(s)`.
pub fn forward<M, V>(
    model: &M,
    levels: &[Vec<M::State>],
    init: impl Fn(M::State) -> V + Sync,
    transfer: impl Fn(&V, M::Action, M::State) -> V + Sync,
    combine: impl Fn(V, V) -> V + Sync,
    orphan: impl Fn(M::State) -> V + Sync,
    on_level: impl FnMut(usize, &[M::State], &[V]),
) where
    M: Reversible + Ranked,
    V: Send + Sync,
{
    let index = |level| Sorted {
        model,
        level,
        index: LevelIndex::new(model, level),
    };
    forward_with(model, levels, index, init, transfer, combine, orphan, on_level)
}

/// [`forward`] with the lookup of predecessors in the previous level built by `make_index`
/// (e.g. a `DenseIndex` of the layered search for subset states).
// Four of the eight are the rules (init, transfer, combine, orphan): closures taken as
// arguments get their parameter types from the bounds here, where fields of a struct would
// make every caller annotate them.
#[allow(clippy::too_many_arguments)]
pub fn forward_with<'l, M, V, I>(
    model: &M,
    levels: &'l [Vec<M::State>],
    make_index: impl Fn(&'l [M::State]) -> I,
    init: impl Fn(M::State) -> V + Sync,
    transfer: impl Fn(&V, M::Action, M::State) -> V + Sync,
    combine: impl Fn(V, V) -> V + Sync,
    orphan: impl Fn(M::State) -> V + Sync,
    mut on_level: impl FnMut(usize, &[M::State], &[V]),
) where
    M: Reversible,
    V: Send + Sync,
    I: Lookup<M::State>,
{
    let Some(first) = levels.first() else { return };
    let mut prev: Vec<V> = first.par_iter().map(|&s| init(s)).collect();
    on_level(0, first, &prev);
    for d in 1..levels.len() {
        let (above, here) = (&levels[d - 1], &levels[d]);
        let index = make_index(above);
        // In batches of states: first every predecessor is found and its value's cache line
        // requested, then the values are combined. The previous level's values are read at
        // random (a large array), so the misses of a batch overlap; the order of combination
        // (and so every result) is unchanged.
        let values: Vec<V> = here
            .par_chunks(BATCH)
            .map_init(
                || (Vec::new(), Vec::new()),
                |(buf, found): &mut Scratch<M>, batch| {
                    found.clear();
                    for (k, &s) in batch.iter().enumerate() {
                        buf.clear();
                        model.predecessors(s, buf);
                        for &(a, p) in buf.iter() {
                            if let Some(i) = index.find(p) {
                                prefetch(&prev[i]);
                                found.push((k as u32, a, i));
                            }
                        }
                    }
                    let mut out = Vec::with_capacity(batch.len());
                    let mut f = found.iter().peekable();
                    for (k, &s) in batch.iter().enumerate() {
                        let mut acc: Option<V> = None;
                        while let Some(&(_, a, i)) = f.next_if(|x| x.0 as usize == k) {
                            let v = transfer(&prev[i], a, s);
                            acc = Some(match acc {
                                None => v,
                                Some(x) => combine(x, v),
                            });
                        }
                        out.push(acc.unwrap_or_else(|| orphan(s)));
                    }
                    out
                },
            )
            .flatten_iter()
            .collect();
        on_level(d, here, &values);
        prev = values;
    }
}

/// Backward: `value(s)` = `combine` over the successors `c` of `s` in the next level of
/// `transfer(value(c), action, s)`; states with no successor in the next level take `leaf(s)`.
/// `on_level` is called from the deepest level up to level 0.
pub fn backward<M, V>(
    model: &M,
    levels: &[Vec<M::State>],
    leaf: impl Fn(M::State) -> V + Sync,
    transfer: impl Fn(&V, M::Action, M::State) -> V + Sync,
    combine: impl Fn(V, V) -> V + Sync,
    mut on_level: impl FnMut(usize, &[M::State], &[V]),
) where
    M: Ranked,
    V: Send + Sync,
{
    let mut below: Vec<V> = Vec::new();
    for d in (0..levels.len()).rev() {
        let here = &levels[d];
        let next = levels.get(d + 1).map(|l| (l, LevelIndex::new(model, l)));
        let values: Vec<V> = here
            .par_iter()
            .map_init(Vec::new, |buf, &s| {
                let mut acc: Option<V> = None;
                if let Some((next, index)) = &next {
                    buf.clear();
                    model.successors(s, buf);
                    for &(a, c) in buf.iter() {
                        if let Some(i) = index.find(model, next, c) {
                            let v = transfer(&below[i], a, s);
                            acc = Some(match acc {
                                None => v,
                                Some(x) => combine(x, v),
                            });
                        }
                    }
                }
                acc.unwrap_or_else(|| leaf(s))
            })
            .collect();
        on_level(d, here, &values);
        below = values;
    }
}
