//! Breadth-first search over a [`Ranked`] model with flat bit arrays (cf. twsearch): one bitset
//! for everything seen and one per frontier, no queue and no hash set. Frontiers are expanded in
//! parallel over chunks of words; the result depends only on the model, never on thread timing.

use crate::engine::model::{Model, Ranked};
use crate::engine::runtime::bitset::Bitset;
use crate::engine::runtime::progress::Counters;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Words of a frontier expanded by one rayon task.
const EXPAND_CHUNK_WORDS: usize = 1 << 10;

/// What a dense search found.
pub struct Reach {
    /// Every state reached, by rank (starts included).
    pub visited: Bitset,
    /// `level_sizes[d]` = states first reached at depth `d` (depth 0: the starts).
    pub level_sizes: Vec<u64>,
}

/// Optional limits of a search.
#[derive(Default, Clone, Copy)]
pub struct Limits<'a> {
    /// Only states whose rank is set here are entered (starts too).
    pub within: Option<&'a Bitset>,
    /// Stop after this depth.
    pub max_depth: Option<usize>,
}

/// Breadth-first search from `starts`; `on_level(depth, frontier)` sees each level's bitset.
pub fn explore<M: Ranked>(
    model: &M,
    starts: &[M::State],
    limits: Limits<'_>,
    counters: &Counters,
    mut on_level: impl FnMut(usize, &Bitset),
) -> Reach {
    let size = model.space_size();
    let visited = Bitset::new(size);
    let mut frontier = Bitset::new(size);
    let mut next = Bitset::new(size);
    let allowed = |r: u64| limits.within.is_none_or(|w| w.get(r));
    let mut count0 = 0;
    for &s in starts {
        let r = model.rank(s);
        if allowed(r) && visited.insert(r) {
            frontier.insert(r);
            count0 += 1;
        }
    }
    let mut level_sizes = vec![count0];
    let mut depth = 0;
    loop {
        counters.set_depth(depth as u64);
        on_level(depth, &frontier);
        if limits.max_depth.is_some_and(|m| depth >= m) {
            break;
        }
        let found = AtomicU64::new(0);
        let words = frontier.word_count();
        (0..words.div_ceil(EXPAND_CHUNK_WORDS))
            .into_par_iter()
            .for_each_init(Vec::new, |buf, chunk| {
                let lo = chunk * EXPAND_CHUNK_WORDS;
                let hi = (lo + EXPAND_CHUNK_WORDS).min(words);
                let (mut new, mut expanded) = (0, 0);
                for wi in lo..hi {
                    let mut bits = frontier.word(wi);
                    while bits != 0 {
                        let r = (wi as u64) << 6 | bits.trailing_zeros() as u64;
                        bits &= bits - 1;
                        buf.clear();
                        model.successors(model.unrank(r), buf);
                        expanded += 1;
                        for &(_, child) in buf.iter() {
                            let cr = model.rank(child);
                            if allowed(cr) && visited.insert(cr) {
                                next.insert(cr);
                                new += 1;
                            }
                        }
                    }
                }
                found.fetch_add(new, Relaxed);
                counters.add_expanded(expanded);
            });
        let new = found.into_inner();
        if new == 0 {
            break;
        }
        level_sizes.push(new);
        std::mem::swap(&mut frontier, &mut next);
        next.clear();
        depth += 1;
    }
    Reach { visited, level_sizes }
}

/// The states of each BFS level, each sorted by rank (so lookups are binary searches).
pub fn levels<M: Ranked>(
    model: &M,
    starts: &[M::State],
    limits: Limits<'_>,
    counters: &Counters,
) -> (Reach, Vec<Vec<M::State>>) {
    let mut levels = Vec::new();
    let reach = explore(model, starts, limits, counters, |_, frontier| {
        levels.push(frontier.par_collect(|r| Some(model.unrank(r))));
    });
    (reach, levels)
}

/// Index of `state` in a level sorted by rank.
pub fn position<M: Ranked>(model: &M, level: &[M::State], state: M::State) -> Option<usize> {
    let r = model.rank(state);
    level.binary_search_by_key(&r, |&s| model.rank(s)).ok()
}

/// A lookup table over a level sorted by rank: the high bits of a rank select a short slice to
/// binary-search, so a lookup touches a few cache lines instead of ~25 (levels hold 10^7 states).
pub struct LevelIndex {
    shift: u32,
    /// `bucket_start[k]` = index of the first state whose rank >> shift is >= k.
    bucket_start: Vec<u32>,
}

impl LevelIndex {
    pub fn new<M: Ranked>(model: &M, level: &[M::State]) -> LevelIndex {
        assert!(level.len() < u32::MAX as usize, "level too large to index");
        let space_bits = 64 - model.space_size().saturating_sub(1).leading_zeros();
        // About four states per bucket.
        let bucket_bits = (usize::BITS - (level.len() / 4).leading_zeros()).min(space_bits);
        let shift = space_bits - bucket_bits;
        let buckets = 1usize << bucket_bits;
        let mut bucket_start = vec![0u32; buckets + 1];
        let mut i = 0usize;
        for (k, slot) in bucket_start.iter_mut().enumerate() {
            while i < level.len() && ((model.rank(level[i]) >> shift) as usize) < k {
                i += 1;
            }
            *slot = i as u32;
        }
        LevelIndex { shift, bucket_start }
    }

    #[inline]
    pub fn find<M: Ranked>(&self, model: &M, level: &[M::State], state: M::State) -> Option<usize> {
        let r = model.rank(state);
        let k = (r >> self.shift) as usize;
        let (lo, hi) = (*self.bucket_start.get(k)? as usize, self.bucket_start[k + 1] as usize);
        level[lo..hi]
            .binary_search_by_key(&r, |&s| model.rank(s))
            .ok()
            .map(|i| lo + i)
    }
}

/// A plain queue-and-set BFS, obviously correct and slow: the oracle the tests hold
/// [`explore`] to. Returns the states of each level, sorted.
pub fn reference_levels<M: Model>(model: &M, starts: &[M::State]) -> Vec<Vec<M::State>> {
    use std::collections::BTreeSet;
    let mut seen: BTreeSet<M::State> = starts.iter().copied().collect();
    let mut frontier: Vec<M::State> = seen.iter().copied().collect();
    let mut out = Vec::new();
    let mut buf = Vec::new();
    while !frontier.is_empty() {
        out.push(frontier.clone());
        let mut next = BTreeSet::new();
        for &s in &frontier {
            buf.clear();
            model.successors(s, &mut buf);
            for &(_, c) in &buf {
                if seen.insert(c) {
                    next.insert(c);
                }
            }
        }
        frontier = next.into_iter().collect();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::model::{Reversed, Reversible};

    /// A pseudo-random directed graph on `n` nodes, out-degree 0..=3, fixed by `seed`.
    pub(crate) struct RandomGraph {
        pub edges: Vec<Vec<u64>>,
    }

    impl RandomGraph {
        pub fn new(n: u64, seed: u64) -> RandomGraph {
            let mut x = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let mut next = || {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                x >> 33
            };
            let edges = (0..n).map(|_| (0..next() % 4).map(|_| next() % n).collect()).collect();
            RandomGraph { edges }
        }
    }

    impl Model for RandomGraph {
        type State = u64;
        type Action = u8;
        fn successors(&self, s: u64, out: &mut Vec<(u8, u64)>) {
            out.extend(self.edges[s as usize].iter().enumerate().map(|(i, &t)| (i as u8, t)));
        }
    }

    impl Reversible for RandomGraph {
        fn predecessors(&self, s: u64, out: &mut Vec<(u8, u64)>) {
            for (p, es) in self.edges.iter().enumerate() {
                for (i, &t) in es.iter().enumerate() {
                    if t == s {
                        out.push((i as u8, p as u64));
                    }
                }
            }
        }
    }

    impl Ranked for RandomGraph {
        fn space_size(&self) -> u64 {
            self.edges.len() as u64
        }
        fn rank(&self, s: u64) -> u64 {
            s
        }
        fn unrank(&self, r: u64) -> u64 {
            r
        }
    }

    #[test]
    fn bitset_bfs_matches_queue_bfs_on_random_graphs() {
        for seed in 0..40 {
            let g = RandomGraph::new(300 + seed * 7, seed);
            let starts = [seed % 5, (seed * 13) % 300];
            let (reach, fast) = levels(&g, &starts, Limits::default(), &Counters::default());
            let slow = reference_levels(&g, &starts);
            assert_eq!(fast, slow, "seed {seed}");
            assert_eq!(
                reach.level_sizes,
                slow.iter().map(|l| l.len() as u64).collect::<Vec<_>>()
            );
            // Backward search within the forward set.
            let within = Limits {
                within: Some(&reach.visited),
                max_depth: None,
            };
            let (_, back) = levels(&Reversed(&g), &starts[..1], within, &Counters::default());
            // Reference: a queue over predecessors that never leaves the forward set.
            let mut want = vec![starts[0]];
            let mut queue = std::collections::VecDeque::from([starts[0]]);
            let mut buf = Vec::new();
            while let Some(x) = queue.pop_front() {
                buf.clear();
                g.predecessors(x, &mut buf);
                for &(_, p) in &buf {
                    if reach.visited.get(p) && !want.contains(&p) {
                        want.push(p);
                        queue.push_back(p);
                    }
                }
            }
            want.sort();
            let mut got = back.concat();
            got.sort();
            assert_eq!(got, want, "seed {seed}");
        }
    }

    #[test]
    fn level_index_finds_exactly_the_members() {
        for seed in 0..20 {
            let g = RandomGraph::new(5000, seed);
            let (_, lv) = levels(&g, &[0, 1, 2], Limits::default(), &Counters::default());
            for level in &lv {
                let index = LevelIndex::new(&g, level);
                for s in 0..5000 {
                    assert_eq!(index.find(&g, level, s), level.binary_search(&s).ok());
                }
            }
        }
    }

    #[test]
    fn shortest_path_counts_match_brute_force() {
        for seed in 0..30 {
            let g = RandomGraph::new(60, seed);
            let (_, lv) = levels(&g, &[0], Limits::default(), &Counters::default());
            let mut counted = Vec::new();
            crate::engine::graph::dag::forward(
                &g,
                &lv,
                |_| 1u64,
                |v, _, _| *v,
                |a, b| a + b,
                |_| 0,
                |_, s, v| counted.extend(s.iter().copied().zip(v.iter().copied())),
            );
            // Brute force: count walks of length d from 0 to each state at depth d.
            for (d, level) in lv.iter().enumerate() {
                let mut ways = vec![0u64; 60];
                ways[0] = 1;
                for _ in 0..d {
                    let mut next = vec![0u64; 60];
                    for (p, &w) in ways.iter().enumerate() {
                        for &t in &g.edges[p] {
                            next[t as usize] += w;
                        }
                    }
                    ways = next;
                }
                for &s in level {
                    let c = counted.iter().find(|x| x.0 == s).unwrap().1;
                    assert_eq!(c, ways[s as usize], "seed {seed} state {s}");
                }
            }
        }
    }
}
