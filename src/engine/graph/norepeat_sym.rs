//! The search of [`super::norepeat`] for graphs too large to keep per-node distances: one byte
//! per node, distance counts per level instead of distances, and optionally the search up to a
//! group of node symmetries that fixes the seed.
//!
//! Same two-number algebra as [`super::norepeat`] (a node is left at `d1` by every action but
//! `sole`, and by `sole` at `d2`), but a level-synchronous search only ever compares a distance
//! with the level being expanded (`depth`) or the one being filled (`depth + 1`). So each of
//! `d1`, `d2` is stored as its age: older, current (`depth`), new (`depth + 1`), or unset; after
//! every level one pass ages them and counts the new ones. (unset) + 3 ages x (several + 20 soles
//! x 4 ages of `d2`) = 244 codes fit a byte: 3^20 nodes take 3.25 GiB where `norepeat` takes 6.5
//! GiB plus its frontier lists.
//!
//! Symmetry: every node is represented by the smallest node of its orbit (its canonical node),
//! and only canonical cells are ever read or written. Expanding a canonical node finds every
//! arrival of its orbit up to the group; an arrival at `w` by action `a` is delivered to
//! `c = g(w)` as action `g(a)`, for every `g` with `g(w) = c` (so a node fixed by part of the
//! group receives the arrival's images under its stabiliser, as the expansions of the other
//! orbit members would have delivered them). Counts are weighted by orbit size.

use super::norepeat::{ActionGraph, Direction};
use crate::engine::runtime::memory::prefetch;
use crate::engine::runtime::progress::Counters;
use anyhow::{bail, Result};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU8, Ordering::Relaxed};

/// Sole actions fit the byte code only up to this many actions.
pub const MAX_ACTIONS: usize = 20;
/// Group elements handled (the symmetries of a rectangle).
pub const MAX_ORDER: usize = 8;

/// A group of node permutations preserving the graph (with the actions permuted alongside:
/// `g(step(v, a)) = step(g(v), g(a))`) and the seed.
pub trait NodeSymmetry: Sync {
    /// Elements `0..order()`, element 0 the identity; at most [`MAX_ORDER`].
    fn order(&self) -> usize;
    /// The images of `node` under every element, into `out[..order()]`.
    fn images(&self, node: u64, out: &mut [u64; MAX_ORDER]);
    /// The image of action `a` under element `g`.
    fn act(&self, g: usize, a: usize) -> usize;
    /// How many orbits the nodes fall into (Burnside), checked against the canonical nodes.
    fn orbits(&self) -> u64;
}

/// The trivial group: the plain search.
pub struct NoSymmetry(pub u64);

impl NodeSymmetry for NoSymmetry {
    fn order(&self) -> usize {
        1
    }
    fn images(&self, node: u64, out: &mut [u64; MAX_ORDER]) {
        out[0] = node;
    }
    fn act(&self, _: usize, a: usize) -> usize {
        a
    }
    fn orbits(&self) -> u64 {
        self.0
    }
}

// Ages of d1 (fields 0..3) and d2 (0..4).
const OLD: u8 = 0;
const CUR: u8 = 1;
const NEW: u8 = 2;
const D2_UNSET: u8 = 0;
const D2_OLD: u8 = 1;
const D2_CUR: u8 = 2;
const D2_NEW: u8 = 3;
/// d1 unset, on a canonical node.
const UNREACHED: u8 = 255;
/// A node that is not canonical: never read or written.
const OTHER: u8 = 254;
/// `sole` when two actions achieve d1.
const SEVERAL: u8 = 31;

/// Reached codes are below this (3 ages of d1 x 81).
const CODES: u8 = 243;

#[inline]
const fn enc(d1: u8, sole: u8, d2: u8) -> u8 {
    d1 * 81 + if sole == SEVERAL { 0 } else { 1 + sole * 4 + d2 }
}

/// (age of d1, sole or SEVERAL, age of d2) of a reached node's code.
#[inline]
const fn dec(c: u8) -> (u8, u8, u8) {
    let (d1, x) = (c / 81, c % 81);
    if x == 0 {
        (d1, SEVERAL, D2_UNSET)
    } else {
        (d1, (x - 1) / 4, (x - 1) % 4)
    }
}

// What the passes over every cell need of a code, looked up in tables of 256 entries: each pass
// reads all 3^20 cells (a quarter or half of them canonical, in no pattern a branch predictor
// learns), so decoding and branching per cell cost more than the level's arrivals early on.
/// [`INFO`] bits: the node still waits for a distance (after the ageing), d1 is new, d2 is new,
/// d1 is reached by several actions.
const WAITING: u8 = 1;
const NEW1: u8 = 2;
const NEW2: u8 = 4;
const BY_SEVERAL: u8 = 8;
/// [`FRONT`]: the node is expanded at its d1 (every action but sole) or at its d2 (sole only).
const AT_D1: u8 = 1;
const AT_D2: u8 = 2;
/// [`PULLED`]: the node waits for its first distance, or for its d2.
const FIRST: u8 = 1;
const SECOND: u8 = 2;

/// Per code: the code one level older (current becomes old, new becomes current).
const AGED: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0usize;
    while c < 256 {
        t[c] = if c < CODES as usize {
            let (d1, sole, d2) = dec(c as u8);
            let d1 = match d1 {
                CUR => OLD,
                NEW => CUR,
                x => x,
            };
            let d2 = match d2 {
                D2_CUR => D2_OLD,
                D2_NEW => D2_CUR,
                x => x,
            };
            enc(d1, sole, d2)
        } else {
            c as u8
        };
        c += 1;
    }
    t
};

/// Per code: what the ageing pass counts ([`WAITING`], [`NEW1`], [`NEW2`], [`BY_SEVERAL`]).
const INFO: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0usize;
    while c < CODES as usize {
        let (d1, sole, d2) = dec(c as u8);
        let mut bits = 0;
        if d1 == NEW {
            bits |= NEW1;
        }
        if d2 == D2_NEW {
            bits |= NEW2;
        }
        if sole == SEVERAL {
            bits |= BY_SEVERAL;
        } else if d2 == D2_UNSET {
            bits |= WAITING;
        }
        t[c] = bits;
        c += 1;
    }
    t[UNREACHED as usize] = WAITING;
    t
};

/// Per code: whether a push expands the node ([`AT_D1`], [`AT_D2`] or 0).
const FRONT: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0usize;
    while c < CODES as usize {
        let (d1, _, d2) = dec(c as u8);
        t[c] = if d1 == CUR {
            AT_D1
        } else if d2 == D2_CUR {
            AT_D2
        } else {
            0
        };
        c += 1;
    }
    t
};

/// Per code: whether a pull looks for an arrival at the node ([`FIRST`], [`SECOND`] or 0).
const PULLED: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0usize;
    while c < CODES as usize {
        let (_, sole, d2) = dec(c as u8);
        t[c] = if sole != SEVERAL && d2 == D2_UNSET { SECOND } else { 0 };
        c += 1;
    }
    t[UNREACHED as usize] = FIRST;
    t
};

/// What the search found, weighted by orbit size: states are (node, last action or none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelCounts {
    /// `nodes[k]`: nodes whose fewest steps (any last action) is k.
    pub nodes: Vec<u64>,
    /// `states[k]`: (node, last action or none) states at k steps.
    pub states: Vec<u64>,
    pub unreached_nodes: u64,
    pub unreached_states: u64,
    /// The unreached nodes, ascending, when there are at most `list_limit` of them.
    pub unreached_list: Option<Vec<u64>>,
    /// Canonical nodes searched (orbits).
    pub orbits: u64,
}

/// Nodes per rayon task.
const CHUNK: usize = 1 << 15;

/// Level-synchronous search from `seed` (no last action) up to `sym`, counting nodes and states
/// per level; the unreached nodes are listed if at most `list_limit`.
pub fn search_counts<G: ActionGraph, S: NodeSymmetry>(
    graph: &G,
    sym: &S,
    seed: u64,
    direction: Direction,
    list_limit: usize,
    counters: &Counters,
) -> Result<LevelCounts> {
    check(graph, sym, seed)?;
    let (cells, orbits) = canonical_cells(sym, graph.node_count())?;
    cells[seed as usize].store(enc(CUR, SEVERAL, D2_UNSET), Relaxed);
    let (nodes, states) = levels(graph, sym, &cells, direction, counters)?;
    let (unreached_nodes, unreached_states, list) = unreached(graph, sym, &cells, list_limit);
    let unreached_list = (unreached_nodes as usize <= list_limit).then(|| {
        let mut l = list;
        l.sort_unstable();
        l
    });
    Ok(LevelCounts {
        nodes,
        states,
        unreached_nodes,
        unreached_states,
        unreached_list,
        orbits,
    })
}

/// Refuses what the one-byte search cannot hold: too many actions or nodes, a seed outside, a
/// group too large or one that moves the seed.
fn check<G: ActionGraph, S: NodeSymmetry>(graph: &G, sym: &S, seed: u64) -> Result<()> {
    let n = graph.node_count();
    let k = graph.action_count();
    if k > MAX_ACTIONS {
        bail!("{k} actions: the one-byte search handles at most {MAX_ACTIONS}");
    }
    if n > u64::from(u32::MAX) || seed >= n {
        bail!("{n} nodes (seed {seed}): the one-byte search handles at most 2^32 nodes, seed inside");
    }
    if !(1..=MAX_ORDER).contains(&sym.order()) {
        bail!(
            "a group of order {}: 1 to {MAX_ORDER} elements are handled",
            sym.order()
        );
    }
    let mut imgs = [0u64; MAX_ORDER];
    sym.images(seed, &mut imgs);
    if imgs[..sym.order()].iter().any(|&i| i != seed) {
        bail!("the group does not fix the seed {seed}");
    }
    Ok(())
}

/// One cell per node: canonical nodes start unreached, the others are marked and never
/// touched. Also the number of canonical nodes, checked against the group's orbits.
fn canonical_cells<S: NodeSymmetry>(sym: &S, n: u64) -> Result<(Vec<AtomicU8>, u64)> {
    let order = sym.order();
    let mut cells: Vec<AtomicU8> = Vec::with_capacity(n as usize);
    // Huge pages before the first write: nearly every arrival lands on a random byte of the
    // cells, and with 4 KiB pages most of them also miss the TLB.
    crate::engine::runtime::memory::prefer_huge_pages(&cells.spare_capacity_mut()[..n as usize]);
    cells.par_extend((0..n).into_par_iter().map(|v| {
        let mut imgs = [0u64; MAX_ORDER];
        sym.images(v, &mut imgs);
        AtomicU8::new(if imgs[1..order].iter().all(|&i| i >= v) {
            UNREACHED
        } else {
            OTHER
        })
    }));
    let orbits = cells
        .par_chunks(CHUNK)
        .map(|c| c.iter().filter(|x| x.load(Relaxed) != OTHER).count() as u64)
        .sum::<u64>();
    if orbits != sym.orbits() {
        bail!(
            "internal error: {orbits} canonical nodes, but the group has {} orbits",
            sym.orbits()
        );
    }
    Ok((cells, orbits))
}

/// The size of `v`'s orbit: the group's order over that of `v`'s stabiliser.
fn orbit_size<S: NodeSymmetry>(sym: &S, v: u64) -> u64 {
    let order = sym.order();
    let mut imgs = [0u64; MAX_ORDER];
    sym.images(v, &mut imgs);
    (order / imgs[..order].iter().filter(|&&i| i == v).count()) as u64
}

/// Expands level after level (pushed, or pulled once few nodes wait) until a level brings no
/// event: the nodes and the states per level, weighted by orbit size.
fn levels<G: ActionGraph, S: NodeSymmetry>(
    graph: &G,
    sym: &S,
    cells: &[AtomicU8],
    direction: Direction,
    counters: &Counters,
) -> Result<(Vec<u64>, Vec<u64>)> {
    let k = graph.action_count();
    let mut nodes = vec![1u64];
    let mut states = vec![k as u64 + 1];
    let mut depth: u8 = 0;
    let mut pull = false;
    loop {
        counters.set_depth(u64::from(depth));
        let events = if pull {
            pull_level(graph, sym, cells, direction, counters)
        } else {
            push_level(graph, sym, cells, direction, counters)
        };
        if events == 0 {
            break;
        }
        depth = depth
            .checked_add(1)
            .filter(|&d| d < u8::MAX)
            .ok_or_else(|| anyhow::anyhow!("the search goes deeper than 254 levels"))?;
        let (level_nodes, level_states, pending) = age(sym, cells, k);
        nodes.push(level_nodes);
        states.push(level_states);
        // Pull once the waiting nodes are fewer than twice the frontier (as in `norepeat`).
        pull = pending < 2 * events;
    }
    Ok((nodes, states))
}

/// Ages every field after a level and counts the new level's nodes and states (weighted by
/// orbit size) and the nodes still waiting.
fn age<S: NodeSymmetry>(sym: &S, cells: &[AtomicU8], k: usize) -> (u64, u64, u64) {
    cells
        .par_chunks(CHUNK)
        .enumerate()
        .map(|(ci, chunk)| {
            let (mut ln, mut ls, mut pending) = (0u64, 0u64, 0u64);
            for (j, cell) in chunk.iter().enumerate() {
                let c = cell.load(Relaxed) as usize;
                let info = INFO[c];
                // Stored unconditionally (other and unreached cells keep their code): a
                // plain write is cheaper than a branch no predictor learns.
                cell.store(AGED[c], Relaxed);
                pending += u64::from(info & WAITING);
                if info & (NEW1 | NEW2) != 0 {
                    let w = orbit_size(sym, (ci * CHUNK + j) as u64);
                    if info & NEW1 != 0 {
                        ln += w;
                        ls += w * if info & BY_SEVERAL != 0 { k as u64 + 1 } else { k as u64 };
                    }
                    if info & NEW2 != 0 {
                        ls += w;
                    }
                }
            }
            (ln, ls, pending)
        })
        .reduce(|| (0, 0, 0), |a, b| (a.0 + b.0, a.1 + b.1, a.2 + b.2))
}

/// Unreached: nodes never reached, and (node, sole) states whose d2 never came (weighted by
/// orbit size); the unreached nodes listed while they are at most `list_limit` (the list may
/// run past it: the caller drops it then).
fn unreached<G: ActionGraph, S: NodeSymmetry>(
    graph: &G,
    sym: &S,
    cells: &[AtomicU8],
    list_limit: usize,
) -> (u64, u64, Vec<u64>) {
    let (k, order) = (graph.action_count(), sym.order());
    cells
        .par_chunks(CHUNK)
        .enumerate()
        .map(|(ci, chunk)| {
            let (mut un, mut us, mut list) = (0u64, 0u64, Vec::new());
            for (j, cell) in chunk.iter().enumerate() {
                let c = cell.load(Relaxed);
                if c == OTHER {
                    continue;
                }
                let v = (ci * CHUNK + j) as u64;
                if c == UNREACHED {
                    let w = orbit_size(sym, v);
                    un += w;
                    us += w * (k as u64 + 1);
                    if list.len() <= list_limit {
                        let mut imgs = [0u64; MAX_ORDER];
                        sym.images(v, &mut imgs);
                        let mut orbit = imgs[..order].to_vec();
                        orbit.sort_unstable();
                        orbit.dedup();
                        list.extend(orbit);
                    }
                } else {
                    let (_, sole, d2) = dec(c);
                    if sole != SEVERAL && d2 == D2_UNSET {
                        us += orbit_size(sym, v);
                    }
                }
            }
            (un, us, list)
        })
        .reduce(
            || (0, 0, Vec::new()),
            |mut a, b| {
                a.2.extend(b.2);
                (a.0 + b.0, a.1 + b.1, a.2)
            },
        )
}

/// Arrivals staged by a task before it applies them, and nodes resolved together by a pull. The
/// search is bound by random reads into the cells (GiB on the large boards): the cell of every staged
/// arrival (every neighbour of a batch of pulled nodes) is prefetched when staged, so a batch's
/// reads overlap instead of waiting one after another for memory.
const BATCH: usize = 64;
const PULL_BATCH: usize = 8;

/// Stages an arrival at `w` by action `a` (an event at the new level) for `w`'s canonical node,
/// once per element mapping `w` there: (canonical node, the action as seen from it).
#[inline]
fn stage<S: NodeSymmetry>(sym: &S, cells: &[AtomicU8], w: u64, a: usize, staged: &mut Vec<(u32, u8)>) {
    let order = sym.order();
    let mut imgs = [0u64; MAX_ORDER];
    sym.images(w, &mut imgs);
    let c = *imgs[..order].iter().min().expect("order >= 1");
    prefetch(&cells[c as usize]);
    for (g, &image) in imgs[..order].iter().enumerate() {
        if image == c {
            staged.push((c as u32, sym.act(g, a) as u8));
        }
    }
}

/// Applies the staged arrivals (in any order: a cell's final code depends only on the set of
/// actions arriving at it) and empties the list; returns the events they created.
fn apply(cells: &[AtomicU8], staged: &mut Vec<(u32, u8)>) -> u64 {
    let mut events = 0;
    for &(c, a) in staged.iter() {
        let target = &cells[c as usize];
        let mut cur = target.load(Relaxed);
        while let Some((new, event)) = arrive(cur, a) {
            match target.compare_exchange_weak(cur, new, Relaxed, Relaxed) {
                Ok(_) => {
                    events += u64::from(event);
                    break;
                }
                Err(now) => cur = now,
            }
        }
    }
    staged.clear();
    events
}

/// The new code after an arrival by `a` at the new level, and whether it is an event.
#[inline]
fn arrive(cur: u8, a: u8) -> Option<(u8, bool)> {
    if cur == UNREACHED {
        return Some((enc(NEW, a, D2_UNSET), true));
    }
    let (d1, sole, d2) = dec(cur);
    if d1 == NEW {
        (sole != a && sole != SEVERAL).then(|| (enc(NEW, SEVERAL, D2_UNSET), false))
    } else if sole != SEVERAL && sole != a && d2 == D2_UNSET {
        Some((enc(d1, sole, D2_NEW), true))
    } else {
        None
    }
}

/// One level by pushing from every canonical node with a distance at the current level.
fn push_level<G: ActionGraph, S: NodeSymmetry>(
    graph: &G,
    sym: &S,
    cells: &[AtomicU8],
    direction: Direction,
    counters: &Counters,
) -> u64 {
    let k = graph.action_count();
    cells
        .par_chunks(CHUNK)
        .enumerate()
        .map(|(ci, chunk)| {
            // (node, sole, whether d1 is current): read before any write of this level.
            let frontier: Vec<(u32, u8, bool)> = chunk
                .iter()
                .enumerate()
                .filter_map(|(j, cell)| {
                    let c = cell.load(Relaxed);
                    let front = FRONT[c as usize];
                    (front != 0).then(|| ((ci * CHUNK + j) as u32, dec(c).1, front == AT_D1))
                })
                .collect();
            let mut events = 0u64;
            let mut staged = Vec::with_capacity(BATCH + 2 * MAX_ORDER);
            // One action at a time over ascending nodes: the neighbours stream through memory.
            for a in 0..k {
                for &(v, sole, at_d1) in &frontier {
                    // At d1 every action but `sole` leaves; at d2, `sole` alone.
                    if at_d1 == (sole == a as u8) {
                        continue;
                    }
                    let mut visit = |a: usize, w: u64| stage(sym, cells, w, a, &mut staged);
                    match direction {
                        Direction::Forward => graph.successors(u64::from(v), 1 << a, &mut visit),
                        Direction::Backward => graph.predecessors(u64::from(v), 1 << a, &mut visit),
                    }
                    if staged.len() >= BATCH {
                        events += apply(cells, &mut staged);
                    }
                }
            }
            events += apply(cells, &mut staged);
            counters.add_expanded(frontier.len() as u64);
            events
        })
        .sum()
}

/// A node waiting in a pull: its cell, whether it waits for its first distance (else for d2),
/// and its neighbours' range in the candidate list.
struct Waiting {
    j: usize,
    first: bool,
    d1: u8,
    sole: u8,
    from: usize,
}

/// One level by pulling: every canonical node still waiting looks for a neighbour that can hand
/// it an arrival. Only its own cell is written, and the fields read (current ages) do not change
/// during the level. Nodes go by batches of [`PULL_BATCH`]: every neighbour's canonical cell is
/// found and prefetched first, then each node looks at them in action order.
fn pull_level<G: ActionGraph, S: NodeSymmetry>(
    graph: &G,
    sym: &S,
    cells: &[AtomicU8],
    direction: Direction,
    counters: &Counters,
) -> u64 {
    let k = graph.action_count();
    let order = sym.order();
    let all = if k == 32 { u32::MAX } else { (1u32 << k) - 1 };
    cells
        .par_chunks(CHUNK)
        .enumerate()
        .map(|(ci, chunk)| {
            let (mut events, mut examined) = (0u64, 0u64);
            let mut waiting: Vec<Waiting> = Vec::with_capacity(PULL_BATCH);
            // (action, canonical neighbour, the action as seen from it), per node by action.
            let mut cand: Vec<(u8, u32, u8)> = Vec::with_capacity(PULL_BATCH * 2 * MAX_ACTIONS);
            for (j, cell) in chunk.iter().enumerate() {
                let cur = cell.load(Relaxed);
                let pulled = PULLED[cur as usize];
                if pulled == 0 {
                    continue;
                }
                let first = pulled == FIRST;
                let (d1, sole, _) = if first { (0, SEVERAL, D2_UNSET) } else { dec(cur) };
                examined += 1;
                let node = (ci * CHUNK + j) as u64;
                let from = cand.len();
                let mask = if first { all } else { all & !(1u32 << sole) };
                let mut note = |a: usize, w: u64| {
                    let mut imgs = [0u64; MAX_ORDER];
                    sym.images(w, &mut imgs);
                    // The first element reaching the minimum, as the unbatched pull chose.
                    let (g, c) = imgs[..order]
                        .iter()
                        .enumerate()
                        .min_by_key(|&(_, &i)| i)
                        .map(|(g, &i)| (g, i))
                        .expect("order >= 1");
                    prefetch(&cells[c as usize]);
                    cand.push((a as u8, c as u32, sym.act(g, a) as u8));
                };
                match direction {
                    Direction::Forward => graph.predecessors(node, mask, &mut note),
                    Direction::Backward => graph.successors(node, mask, &mut note),
                }
                // In action order (the order the hits are taken in); stable, so nearly free when
                // the graph already lists them so.
                cand[from..].sort_by_key(|e| e.0);
                waiting.push(Waiting {
                    j,
                    first,
                    d1,
                    sole,
                    from,
                });
                if waiting.len() == PULL_BATCH {
                    events += resolve(cells, chunk, &mut waiting, &mut cand);
                }
            }
            events += resolve(cells, chunk, &mut waiting, &mut cand);
            counters.add_expanded(examined);
            events
        })
        .sum()
}

/// Resolves a batch of waiting nodes of `chunk` from their candidates `cand` (each node's from
/// its `from` to the next one's): writes the new code of each node an arrival reaches, and
/// returns how many it reached. Empties both lists.
#[inline]
fn resolve(cells: &[AtomicU8], chunk: &[AtomicU8], waiting: &mut Vec<Waiting>, cand: &mut Vec<(u8, u32, u8)>) -> u64 {
    let mut events = 0u64;
    for (i, n) in waiting.iter().enumerate() {
        let to = waiting.get(i + 1).map_or(cand.len(), |m| m.from);
        let found = arrivals(cells, n.first, &cand[n.from..to]);
        let new = match (n.first, found) {
            (_, [SEVERAL, _]) => continue,
            (true, [a, SEVERAL]) => enc(NEW, a, D2_UNSET),
            (true, _) => enc(NEW, SEVERAL, D2_UNSET),
            (false, _) => enc(n.d1, n.sole, D2_NEW),
        };
        chunk[n.j].store(new, Relaxed);
        events += 1;
    }
    waiting.clear();
    cand.clear();
    events
}

/// The first actions (two when waiting for a `first` distance, else one) by which one of a
/// node's candidates (action, canonical neighbour, the action as seen from it; in action order)
/// can hand it an arrival; [`SEVERAL`] where none.
#[inline]
fn arrivals(cells: &[AtomicU8], first: bool, cand: &[(u8, u32, u8)]) -> [u8; 2] {
    let mut found = [SEVERAL; 2];
    let mut e = 0;
    while e < cand.len() {
        // Every neighbour by one action: hit if any can hand the arrival.
        let a = cand[e].0;
        let mut hit = false;
        while e < cand.len() && cand[e].0 == a {
            let (_, c, ga) = cand[e];
            e += 1;
            if hit {
                continue;
            }
            let wc = cells[c as usize].load(Relaxed);
            if wc >= OTHER {
                continue;
            }
            let (wd1, wsole, wd2) = dec(wc);
            hit = if wsole == ga { wd2 == D2_CUR } else { wd1 == CUR };
        }
        if hit {
            if found[0] == SEVERAL {
                found[0] = a;
                if !first {
                    break;
                }
            } else {
                found[1] = a;
                break;
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tables against the plain reading of each code.
    #[test]
    fn pass_tables_follow_the_codes() {
        assert_eq!((AGED[OTHER as usize], AGED[UNREACHED as usize]), (OTHER, UNREACHED));
        assert_eq!(
            (INFO[OTHER as usize], FRONT[OTHER as usize], PULLED[OTHER as usize]),
            (0, 0, 0)
        );
        assert_eq!(
            (
                INFO[UNREACHED as usize],
                FRONT[UNREACHED as usize],
                PULLED[UNREACHED as usize]
            ),
            (WAITING, 0, FIRST)
        );
        for c in 0..CODES {
            let (d1, sole, d2) = dec(c);
            let aged = dec(AGED[c as usize]);
            assert_eq!(aged.0, if d1 == NEW { CUR } else { OLD }, "{c}");
            assert_eq!(aged.1, sole, "{c}");
            assert_eq!(
                aged.2,
                match d2 {
                    D2_NEW => D2_CUR,
                    D2_CUR | D2_OLD => D2_OLD,
                    _ => D2_UNSET,
                },
                "{c}"
            );
            let info = INFO[c as usize];
            assert_eq!(info & NEW1 != 0, d1 == NEW, "{c}");
            assert_eq!(info & NEW2 != 0, d2 == D2_NEW, "{c}");
            assert_eq!(info & BY_SEVERAL != 0, sole == SEVERAL, "{c}");
            assert_eq!(info & WAITING != 0, sole != SEVERAL && d2 == D2_UNSET, "{c}");
            assert_eq!(
                FRONT[c as usize],
                if d1 == CUR {
                    AT_D1
                } else if d2 == D2_CUR {
                    AT_D2
                } else {
                    0
                },
                "{c}"
            );
            assert_eq!(
                PULLED[c as usize],
                if sole != SEVERAL && d2 == D2_UNSET { SECOND } else { 0 },
                "{c}"
            );
        }
    }

    #[test]
    fn codes_round_trip_and_fit_a_byte() {
        for d1 in [OLD, CUR, NEW] {
            assert_eq!(dec(enc(d1, SEVERAL, D2_UNSET)), (d1, SEVERAL, D2_UNSET));
            for sole in 0..MAX_ACTIONS as u8 {
                for d2 in [D2_UNSET, D2_OLD, D2_CUR, D2_NEW] {
                    let c = enc(d1, sole, d2);
                    assert!(c < OTHER);
                    assert_eq!(dec(c), (d1, sole, d2));
                }
            }
        }
    }
}
