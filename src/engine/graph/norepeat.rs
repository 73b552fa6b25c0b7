//! Breadth-first search over (node, last action) when the same action may not be taken twice in
//! a row, storing two numbers per node instead of one per (node, last action).
//!
//! Why two numbers suffice: write `d(v, a)` for the fewest steps after which `v` is held with
//! last action `a`, and `f(v, a) = min over l != a of d(v, l)`: the step count at which `v` can
//! be left by action `a`. Let `d1` be the least `d(v, .)` and `sole` the last action achieving it
//! if only one does. Then `f(v, a) = d1` for every `a != sole`, and `f(v, sole) = d2`, the least
//! `d(v, l)` over `l != sole`. So a node is expanded at most twice: at `d1` by every action but
//! `sole`, and at `d2` by `sole` alone. Searching backward (predecessors), the same algebra gives
//! "fewest steps to the seed when the first action may not be `a`".
//!
//! The engine never knows the puzzle: it sees dense nodes and numbered actions ([`ActionGraph`]).

use crate::engine::runtime::progress::Counters;
use anyhow::{bail, Result};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU16, Ordering::Relaxed};

/// Actions are bits of a `u32` mask; 5-bit fields leave 31 for "several"/"unreached".
pub const MAX_ACTIONS: usize = 30;
/// Deepest level the packed 5-bit distances hold.
pub const MAX_DEPTH: u8 = 30;

/// Dense nodes `0..node_count()` and actions `0..action_count()`.
pub trait ActionGraph: Sync {
    fn node_count(&self) -> u64;
    fn action_count(&self) -> usize;
    /// Calls `f(action, next)` for every action in the bit mask `actions` that is legal at `node`.
    fn successors(&self, node: u64, actions: u32, f: impl FnMut(usize, u64));
    /// Calls `f(action, previous)` for every `previous` at which `action` is legal and leads to
    /// `node`, for every action in the bit mask `actions`.
    fn predecessors(&self, node: u64, actions: u32, f: impl FnMut(usize, u64));
}

/// Search along successors (distances from the seed) or predecessors (distances to it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    Forward,
    Backward,
}

const FIELD: u16 = 31;
const UNREACHED: u16 = FIELD;
const SEVERAL: u16 = FIELD;
const EMPTY: u16 = UNREACHED | SEVERAL << 5 | UNREACHED << 10;

#[inline]
fn unpack(c: u16) -> (u16, u16, u16) {
    (c & FIELD, c >> 5 & FIELD, c >> 10 & FIELD)
}

#[inline]
fn pack(d1: u16, sole: u16, d2: u16) -> u16 {
    d1 | sole << 5 | d2 << 10
}

/// The new packed value after `node` is found at depth `e` with last action `a`, and whether
/// it creates an event (a first or second arrival) to expand at depth `e`.
#[inline]
fn arrive(cur: u16, a: u16, e: u16) -> Option<(u16, bool)> {
    let (d1, sole, d2) = unpack(cur);
    if d1 == UNREACHED {
        Some((pack(e, a, UNREACHED), true))
    } else if d1 == e {
        (sole != a && sole != SEVERAL).then_some((pack(e, SEVERAL, d2), false))
    } else if sole != SEVERAL && sole != a && d2 == UNREACHED {
        Some((pack(d1, sole, e), true))
    } else {
        None
    }
}

/// Per-node result of [`search`].
pub struct Arrivals {
    cells: Vec<AtomicU16>,
    /// Deepest level with an arrival.
    pub depth: u8,
}

impl Arrivals {
    pub fn len(&self) -> u64 {
        self.cells.len() as u64
    }
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }
    fn get(&self, node: u64) -> (u16, u16, u16) {
        unpack(self.cells[node as usize].load(Relaxed))
    }
    /// Fewest steps between the seed and `node` (any last action), None if never.
    pub fn fewest(&self, node: u64) -> Option<u8> {
        let (d1, _, _) = self.get(node);
        (d1 != UNREACHED).then_some(d1 as u8)
    }
    /// Fewest steps when `action` is excluded at `node`'s end of the path (forward: `node` is
    /// then left by `action`; backward: the path from `node` may not start with `action`).
    pub fn fewest_avoiding(&self, node: u64, action: usize) -> Option<u8> {
        let (d1, sole, d2) = self.get(node);
        let d = if sole == action as u16 { d2 } else { d1 };
        (d != UNREACHED).then_some(d as u8)
    }
    /// The only action achieving [`Arrivals::fewest`] at `node`, if exactly one does.
    pub fn sole(&self, node: u64) -> Option<usize> {
        let (d1, sole, _) = self.get(node);
        (d1 != UNREACHED && sole != SEVERAL).then_some(sole as usize)
    }
}

/// Nodes scanned by one rayon task when collecting a level or pulling.
const SCAN_CHUNK: usize = 1 << 14;
/// Frontier nodes expanded by one rayon task. Within a task the nodes are expanded one action
/// at a time: for a fixed action, the neighbours of ascending nodes move through memory in a few
/// hundred ascending streams, which the caches follow; all actions at once would scatter them.
const EXPAND_CHUNK: usize = 1 << 15;

/// Parallel breadth-first search from `seed` (held after `seed_last`, or with no last action).
/// Direction::Backward gives, for every node, the fewest steps to reach `seed`. Nodes must fit
/// in a `u32`.
pub fn search<G: ActionGraph>(
    graph: &G,
    seed: u64,
    seed_last: Option<usize>,
    direction: Direction,
    counters: &Counters,
) -> Result<Arrivals> {
    let n = graph.node_count() as usize;
    let k = graph.action_count();
    if k > MAX_ACTIONS {
        bail!("{k} actions: the no-repeat engine handles at most {MAX_ACTIONS}");
    }
    if graph.node_count() > u64::from(u32::MAX) {
        bail!("{n} nodes: the no-repeat engine handles at most 2^32");
    }
    if seed as usize >= n {
        bail!("seed {seed} is outside 0..{n}");
    }
    let mut cells: Vec<AtomicU16> = Vec::new();
    cells.par_extend((0..n).into_par_iter().map(|_| AtomicU16::new(EMPTY)));
    let sole = seed_last.map_or(SEVERAL, |a| a as u16);
    cells[seed as usize].store(pack(0, sole, UNREACHED), Relaxed);
    let mut depth: u16 = 0;
    let mut frontier: Vec<u32> = vec![seed as u32];
    let mut pull = false;
    loop {
        counters.set_depth(depth as u64);
        let e = depth + 1;
        let events = if pull {
            pull_level(graph, &cells, direction, depth, counters)
        } else {
            push_level(graph, &cells, &frontier, direction, depth, counters)
        };
        if events == 0 {
            break;
        }
        if e >= u16::from(MAX_DEPTH) {
            bail!("the search goes deeper than {MAX_DEPTH} steps, beyond what the engine stores");
        }
        depth = e;
        // Push from the frontier (the `events` nodes just reached) while it is small; once the
        // nodes still waiting for an arrival are fewer than twice the frontier, pull instead
        // (cf. direction-optimizing BFS): both cost up to k neighbour reads per node, but a
        // pulling node stops at its first hits, and late levels cost only the few waiting nodes.
        let pending: u64 = cells
            .par_chunks(SCAN_CHUNK)
            .map(|chunk| {
                chunk
                    .iter()
                    .map(|c| {
                        let (d1, sole, d2) = unpack(c.load(Relaxed));
                        u64::from(d1 == UNREACHED || (sole != SEVERAL && d2 == UNREACHED))
                    })
                    .sum::<u64>()
            })
            .sum();
        pull = pending < 2 * events;
        frontier = Vec::new();
        if !pull {
            // The next frontier: nodes with a first or second arrival at the new depth, ascending.
            let parts: Vec<Vec<u32>> = cells
                .par_chunks(SCAN_CHUNK)
                .enumerate()
                .map(|(ci, chunk)| {
                    let mut out = Vec::new();
                    for (j, cell) in chunk.iter().enumerate() {
                        let (d1, sole, d2) = unpack(cell.load(Relaxed));
                        if d1 == depth || (d2 == depth && sole != SEVERAL) {
                            out.push((ci * SCAN_CHUNK + j) as u32);
                        }
                    }
                    out
                })
                .collect();
            frontier.reserve_exact(events as usize);
            for p in parts {
                frontier.extend_from_slice(&p);
            }
        }
    }
    Ok(Arrivals {
        cells,
        depth: depth as u8,
    })
}

/// One level by pushing: every frontier node offers its leaving actions to its neighbours.
fn push_level<G: ActionGraph>(
    graph: &G,
    cells: &[AtomicU16],
    frontier: &[u32],
    direction: Direction,
    depth: u16,
    counters: &Counters,
) -> u64 {
    let e = depth + 1;
    let k = graph.action_count() as u16;
    frontier
        .par_chunks(EXPAND_CHUNK)
        .map(|chunk| {
            let mut events = 0u64;
            let mut visit = |a: usize, w: u64| {
                let target = &cells[w as usize];
                let mut cur = target.load(Relaxed);
                while let Some((new, event)) = arrive(cur, a as u16, e) {
                    match target.compare_exchange_weak(cur, new, Relaxed, Relaxed) {
                        Ok(_) => {
                            events += u64::from(event);
                            break;
                        }
                        Err(now) => cur = now,
                    }
                }
            };
            for a in 0..k {
                for &v in chunk {
                    let (d1, sole, d2) = unpack(cells[v as usize].load(Relaxed));
                    // At d1 every action but `sole` leaves; at d2, `sole` alone.
                    let go = if d1 == depth {
                        sole != a
                    } else {
                        d2 == depth && sole == a
                    };
                    if go {
                        match direction {
                            Direction::Forward => graph.successors(u64::from(v), 1 << a, &mut visit),
                            Direction::Backward => graph.predecessors(u64::from(v), 1 << a, &mut visit),
                        }
                    }
                }
            }
            counters.add_expanded(chunk.len() as u64);
            events
        })
        .sum()
}

/// One level by pulling: every node still waiting looks for a neighbour that could hand it an
/// arrival at `depth + 1`. Only the node's own cell is written, and the values read (equal to
/// `depth`) cannot change during the level, whose writes are all `depth + 1`.
fn pull_level<G: ActionGraph>(
    graph: &G,
    cells: &[AtomicU16],
    direction: Direction,
    depth: u16,
    counters: &Counters,
) -> u64 {
    let e = depth + 1;
    let k = graph.action_count();
    cells
        .par_chunks(SCAN_CHUNK)
        .enumerate()
        .map(|(ci, chunk)| {
            let (mut events, mut examined) = (0u64, 0u64);
            for (j, cell) in chunk.iter().enumerate() {
                let cur = cell.load(Relaxed);
                let (d1, sole, d2) = unpack(cur);
                let waiting_first = d1 == UNREACHED;
                if !waiting_first && (sole == SEVERAL || d2 != UNREACHED) {
                    continue;
                }
                examined += 1;
                let node = (ci * SCAN_CHUNK + j) as u64;
                // Arrivals at e by action a: (d1 unset) first arrival, or (d1 set) a second one
                // by an action other than `sole`. Stop at two distinct actions or one second.
                let mut found: [u16; 2] = [SEVERAL; 2];
                for a in 0..k {
                    if !waiting_first && a as u16 == sole {
                        continue;
                    }
                    let mut hit = false;
                    let mut check = |_: usize, w: u64| {
                        let (wd1, wsole, wd2) = unpack(cells[w as usize].load(Relaxed));
                        hit |= if wsole == a as u16 { wd2 == depth } else { wd1 == depth };
                    };
                    match direction {
                        Direction::Forward => graph.predecessors(node, 1 << a, &mut check),
                        Direction::Backward => graph.successors(node, 1 << a, &mut check),
                    }
                    if hit {
                        if found[0] == SEVERAL {
                            found[0] = a as u16;
                            if !waiting_first {
                                break;
                            }
                        } else {
                            found[1] = a as u16;
                            break;
                        }
                    }
                }
                let new = match (waiting_first, found) {
                    (_, [SEVERAL, _]) => continue,
                    (true, [a, SEVERAL]) => pack(e, a, UNREACHED),
                    (true, _) => pack(e, SEVERAL, UNREACHED),
                    (false, _) => pack(d1, sole, e),
                };
                cell.store(new, Relaxed);
                events += 1;
            }
            counters.add_expanded(examined);
            events
        })
        .sum()
}

/// A small graph's successors in a flat table, for running many searches on it.
pub struct SuccessorTable {
    actions: usize,
    nodes: usize,
    /// `next[node * actions + a]`, `NONE` when illegal.
    next: Vec<u32>,
}

const NONE: u32 = u32::MAX;
const UNSEEN: u8 = u8::MAX;

/// Reusable buffers of [`SuccessorTable::first_arrivals`].
#[derive(Default)]
pub struct Scratch {
    /// Per node: d1 | sole << 8 | d2 << 16 (`UNSEEN` bytes: unset / several).
    state: Vec<u32>,
    /// Events of the current and next level: node | kind << 31 (1 = second arrival).
    level: Vec<u32>,
    next_level: Vec<u32>,
}

impl SuccessorTable {
    pub fn new<G: ActionGraph>(graph: &G) -> Result<SuccessorTable> {
        let nodes = graph.node_count();
        let actions = graph.action_count();
        if nodes >= 1 << 31 || actions > MAX_ACTIONS {
            bail!("graph too large for a successor table ({nodes} nodes, {actions} actions)");
        }
        let nodes = nodes as usize;
        let mut next = vec![NONE; nodes * actions];
        let all = (1u32 << actions) - 1;
        for v in 0..nodes {
            graph.successors(v as u64, all, |a, w| next[v * actions + a] = w as u32);
        }
        Ok(SuccessorTable { actions, nodes, next })
    }

    pub fn nodes(&self) -> usize {
        self.nodes
    }

    /// For every node, the fewest steps (at least one) after which the walk from `start` (with
    /// no last action) stands on it: for `start` itself, its first return. `u8::MAX` = never.
    ///
    /// The same two-number search as [`search`], sequential and written without data-dependent
    /// branches in the inner loop (it runs thousands of times on a small table, where branch
    /// mispredictions, not memory, set the pace).
    pub fn first_arrivals(&self, start: u32, s: &mut Scratch, out: &mut Vec<u8>) {
        const U: u32 = UNSEEN as u32;
        let n = self.nodes;
        let empty = U | U << 8 | U << 16;
        s.state.clear();
        s.state.resize(n, empty);
        // Each node has at most two events: the buffers never overflow.
        s.level.clear();
        s.level.resize(2 * n + 1, 0);
        s.next_level.clear();
        s.next_level.resize(2 * n + 1, 0);
        s.state[start as usize] = U << 16 | U << 8; // d1 = 0, several (no last action)
        s.level[0] = start;
        let mut len = 1;
        let mut first_return = UNSEEN;
        let mut depth = 0u32;
        while len > 0 {
            let e = depth + 1;
            let mut next_len = 0usize;
            for i in 0..len {
                let ev = s.level[i];
                let v = (ev & 0x7fff_ffff) as usize;
                let second = ev >> 31 == 1;
                let sole = s.state[v] >> 8 & 0xff;
                let row = &self.next[v * self.actions..(v + 1) * self.actions];
                for (a, &w) in row.iter().enumerate() {
                    let a = a as u32;
                    // At d1 every action but `sole` leaves; at d2, `sole` alone.
                    if w == NONE || second != (a == sole) {
                        continue;
                    }
                    let wi = w as usize;
                    if w == start && first_return == UNSEEN {
                        first_return = e as u8;
                    }
                    let c = s.state[wi];
                    let (d1, ws, d2) = (c & 0xff, c >> 8 & 0xff, c >> 16 & 0xff);
                    let unseen = d1 == U;
                    let now_several = d1 == e && ws != a;
                    let gets_second = !unseen && d1 != e && ws != U && ws != a && d2 == U;
                    let nd1 = if unseen { e } else { d1 };
                    let ns = if unseen {
                        a
                    } else if now_several {
                        U
                    } else {
                        ws
                    };
                    let nd2 = if gets_second { e } else { d2 };
                    s.state[wi] = nd1 | ns << 8 | nd2 << 16;
                    s.next_level[next_len] = w | u32::from(gets_second) << 31;
                    next_len += usize::from(unseen || gets_second);
                }
            }
            std::mem::swap(&mut s.level, &mut s.next_level);
            len = next_len;
            depth = e;
        }
        out.clear();
        out.extend(s.state.iter().map(|&c| (c & 0xff) as u8));
        out[start as usize] = first_return;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A ring of 6 nodes with actions "step +1" (0), "step -1" (1) and "stay" (2).
    struct Ring;
    impl ActionGraph for Ring {
        fn node_count(&self) -> u64 {
            6
        }
        fn action_count(&self) -> usize {
            3
        }
        fn successors(&self, node: u64, actions: u32, mut f: impl FnMut(usize, u64)) {
            for a in 0..3 {
                if actions >> a & 1 == 1 {
                    f(a, [(node + 1) % 6, (node + 5) % 6, node][a]);
                }
            }
        }
        fn predecessors(&self, node: u64, actions: u32, mut f: impl FnMut(usize, u64)) {
            for a in 0..3 {
                if actions >> a & 1 == 1 {
                    f(a, [(node + 5) % 6, (node + 1) % 6, node][a]);
                }
            }
        }
    }

    #[test]
    fn ring_distances() {
        let c = Counters::default();
        let fwd = search(&Ring, 0, None, Direction::Forward, &c).unwrap();
        // +1 twice in a row is forbidden: 0 -> 2 is "+1, stay, +1".
        assert_eq!(
            (0..6).map(|v| fwd.fewest(v).unwrap()).collect::<Vec<_>>(),
            [0, 1, 3, 5, 3, 1]
        );
        // Node 1 is first held after "+1" alone; leaving it by "+1" again needs a detour
        // (0 -> 1 by +1, stay, then +1: 2 steps to be able to leave by +1).
        assert_eq!(fwd.sole(1), Some(0));
        assert_eq!(fwd.fewest_avoiding(1, 0), Some(2));
        let table = SuccessorTable::new(&Ring).unwrap();
        let mut out = Vec::new();
        table.first_arrivals(0, &mut Scratch::default(), &mut out);
        // Return to 0: "stay" once.
        assert_eq!(out, [1, 1, 3, 5, 3, 1]);
        let back = search(&Ring, 0, None, Direction::Backward, &c).unwrap();
        assert_eq!(
            (0..6).map(|v| back.fewest(v).unwrap()).collect::<Vec<_>>(),
            [0, 1, 3, 5, 3, 1]
        );
    }
}
