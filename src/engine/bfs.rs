//! Breadth-first search over a [`Ranked`] model with flat bit arrays (cf. twsearch): one bitset
//! for everything seen and one per frontier, no queue and no hash set. Frontiers are expanded in
//! parallel over chunks of words; the result depends only on the model, never on thread timing.

use super::bitset::Bitset;
use super::progress::Counters;
use super::{Model, Ranked};
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
        (0..words.div_ceil(EXPAND_CHUNK_WORDS)).into_par_iter().for_each_init(
            Vec::new,
            |buf, chunk| {
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
            },
        );
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
        level[lo..hi].binary_search_by_key(&r, |&s| model.rank(s)).ok().map(|i| lo + i)
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
