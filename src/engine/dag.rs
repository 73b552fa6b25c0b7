//! Dynamic programming over the shortest-path DAG that a BFS lays out in levels: edges from level
//! `d` to level `d + 1` only. Values are pulled (each state reads its neighbours in the adjacent
//! level by binary search), so workers never write to shared memory and results are identical at
//! any thread count. Only two levels of values live at once; callers keep what they need from
//! the `on_level` callback.
//!
//! Path counts, "can still win", minimum costs with memory of the last action: all are a
//! `transfer` along an edge and a `combine` of alternatives.

use super::bfs::LevelIndex;
use super::{Ranked, Reversible};
use rayon::prelude::*;

/// Forward: `value(s)` = `combine` over the predecessors `p` of `s` in the previous level of
/// `transfer(value(p), action, s)`; level 0 takes `init(s)`. States of a later level with no
/// predecessor there get `None` from the caller's point of view: `orphan(s)`.
#[allow(clippy::too_many_arguments)]
pub fn forward<M, V>(
    model: &M,
    levels: &[Vec<M::State>],
    init: impl Fn(M::State) -> V + Sync,
    transfer: impl Fn(&V, M::Action, M::State) -> V + Sync,
    combine: impl Fn(V, V) -> V + Sync,
    orphan: impl Fn(M::State) -> V + Sync,
    mut on_level: impl FnMut(usize, &[M::State], &[V]),
) where
    M: Reversible + Ranked,
    V: Send + Sync,
{
    let Some(first) = levels.first() else { return };
    let mut prev: Vec<V> = first.par_iter().map(|&s| init(s)).collect();
    on_level(0, first, &prev);
    for d in 1..levels.len() {
        let (above, here) = (&levels[d - 1], &levels[d]);
        let index = LevelIndex::new(model, above);
        let values: Vec<V> = here
            .par_iter()
            .map_init(Vec::new, |buf, &s| {
                buf.clear();
                model.predecessors(s, buf);
                let mut acc: Option<V> = None;
                for &(a, p) in buf.iter() {
                    if let Some(i) = index.find(model, above, p) {
                        let v = transfer(&prev[i], a, s);
                        acc = Some(match acc {
                            None => v,
                            Some(x) => combine(x, v),
                        });
                    }
                }
                acc.unwrap_or_else(|| orphan(s))
            })
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
