//! Breadth-first levels of a graph over `u64` states to exhaustion, the visited set one flat bit
//! array over every state value below 2^bits (no ranking, no hashing, no sorted set to merge):
//! for spaces whose values fit in memory as bits, such as every position of a 33-hole board (1 GiB).
//! Each level is the sorted set of states first reached at that depth, so a state's level is its
//! exact distance from the start, and a search run to exhaustion proves every distance it lists
//! and that everything it does not list is unreachable.

use crate::engine::runtime::bitset::Bitset;
use crate::engine::runtime::progress::Counters;
use rayon::prelude::*;

/// The widest state the visited array takes: 2^34 bits are 2 GiB.
pub const MAX_BITS: u32 = 34;

/// Bytes of the visited array for states below 2^bits.
pub fn visited_bytes(bits: u32) -> u128 {
    (1u128 << bits) / 8
}

/// The levels from `start` until none is new: `levels[d]` holds, sorted, the states first reached
/// after `d` steps. `successors(s, out)` appends every state one step from `s` (duplicates
/// allowed), each below 2^bits; a caller working up to symmetry appends canonical states.
pub fn levels(
    start: u64,
    bits: u32,
    successors: impl Fn(u64, &mut Vec<u64>) + Sync,
    counters: &Counters,
) -> Vec<Vec<u64>> {
    assert!(bits <= MAX_BITS, "states of {bits} bits, over {MAX_BITS}");
    assert!(start >> bits == 0, "the start is wider than {bits} bits");
    let seen = Bitset::new(1u64 << bits);
    seen.insert(start);
    let mut levels = vec![vec![start]];
    loop {
        counters.set_depth(levels.len() as u64 - 1);
        let here = levels.last().expect("level 0");
        // Whichever thread sets a state's bit first lists it: the set of a level does not depend
        // on the timing, and sorting fixes its order.
        let mut next: Vec<u64> = here
            .par_chunks(1024)
            .flat_map_iter(|chunk| {
                let mut out = Vec::new();
                let mut new = Vec::new();
                for &s in chunk {
                    out.clear();
                    successors(s, &mut out);
                    new.extend(out.iter().copied().filter(|&c| {
                        assert!(c >> bits == 0, "a successor wider than {bits} bits");
                        seen.insert(c)
                    }));
                }
                counters.add_expanded(chunk.len() as u64);
                new
            })
            .collect();
        if next.is_empty() {
            break;
        }
        next.par_sort_unstable();
        levels.push(next);
    }
    levels
}

/// The level holding `state`, if any.
pub fn level_of(levels: &[Vec<u64>], state: u64) -> Option<usize> {
    levels.iter().position(|l| l.binary_search(&state).is_ok())
}

/// Positions of states in their levels, found by value: a bit array over every value below
/// 2^bits with a running count per 512 bits (one cache line) gives a state's rank among all listed
/// states, and a table by rank gives its position in its own level. A lookup is one bit test,
/// up to eight popcounts and two reads, with no ranking of the state itself; it serves every
/// level at once when, as for subset states by size, a state can only be looked up in its own
/// level.
pub struct DenseLookup {
    bits: Vec<u64>,
    /// Per 8 words of `bits`: the states of lower value.
    counts: Vec<u32>,
    /// By rank among all states: the position in its level.
    position: Vec<u32>,
}

/// Bytes of a [`DenseLookup`] over states below 2^bits holding `states` states.
pub fn lookup_bytes(bits: u32, states: u64) -> u128 {
    visited_bytes(bits) + visited_bytes(bits) / 128 + 4 * states as u128
}

impl DenseLookup {
    /// Over `levels`, each sorted, every state in one level only and below 2^bits (fewer than
    /// 2^32 states in all).
    pub fn new(bits: u32, levels: &[Vec<u64>]) -> DenseLookup {
        assert!(bits <= MAX_BITS, "states of {bits} bits, over {MAX_BITS}");
        let total: usize = levels.iter().map(Vec::len).sum();
        assert!(total < u32::MAX as usize, "too many states to index");
        let seen = Bitset::new(1u64 << bits);
        levels.par_iter().flatten().for_each(|&s| {
            assert!(seen.insert(s), "state {s:#x} in two levels");
        });
        let bits_words = seen.into_words();
        let counts_per_block: Vec<u32> = bits_words
            .par_chunks(8)
            .map(|b| b.iter().map(|w| w.count_ones()).sum())
            .collect();
        let mut counts = Vec::with_capacity(counts_per_block.len());
        let mut running = 0u32;
        for c in counts_per_block {
            counts.push(running);
            running += c;
        }
        let mut lookup = DenseLookup {
            bits: bits_words,
            counts,
            position: Vec::new(),
        };
        let mut position = vec![0u32; total];
        let ranked: Vec<(usize, u32)> = levels
            .par_iter()
            .flat_map_iter(|l| {
                l.iter()
                    .enumerate()
                    .map(|(i, &s)| (lookup.rank(s).expect("listed"), i as u32))
            })
            .collect();
        for (r, i) in ranked {
            position[r] = i;
        }
        lookup.position = position;
        lookup
    }

    /// The state's rank among all listed states, if listed.
    #[inline]
    fn rank(&self, s: u64) -> Option<usize> {
        let w = (s >> 6) as usize;
        let word = *self.bits.get(w)?;
        let bit = 1u64 << (s & 63);
        if word & bit == 0 {
            return None;
        }
        let block = w >> 3;
        let before: u32 = self.bits[block << 3..w].iter().map(|x| x.count_ones()).sum();
        Some((self.counts[block] + before + (word & (bit - 1)).count_ones()) as usize)
    }
}

impl super::dag::Lookup<u64> for DenseLookup {
    /// The state's position in its own level, if listed.
    #[inline]
    fn find(&self, s: u64) -> Option<usize> {
        self.rank(s).map(|r| self.position[r] as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A plain breadth-first search with a hash map of distances.
    fn plain(start: u64, step: impl Fn(u64) -> Vec<u64>) -> std::collections::HashMap<u64, usize> {
        let mut dist = std::collections::HashMap::from([(start, 0)]);
        let mut queue = std::collections::VecDeque::from([start]);
        while let Some(s) = queue.pop_front() {
            for c in step(s) {
                if !dist.contains_key(&c) {
                    dist.insert(c, dist[&s] + 1);
                    queue.push_back(c);
                }
            }
        }
        dist
    }

    #[test]
    fn the_lookup_finds_each_state_in_its_level_and_nothing_else() {
        use crate::engine::graph::dag::Lookup;
        let levels: Vec<Vec<u64>> = vec![vec![3, 900, 4095], vec![0, 1, 2, 513, 1024], vec![700]];
        let lookup = DenseLookup::new(12, &levels);
        for level in &levels {
            for (i, &s) in level.iter().enumerate() {
                assert_eq!(lookup.find(s), Some(i));
            }
        }
        for s in [4u64, 511, 512, 699, 4094, 4096, 1 << 40] {
            assert_eq!(lookup.find(s), None, "{s}");
        }
    }

    #[test]
    fn levels_are_the_distances_of_a_plain_search() {
        // A directed graph on 12-bit states: x -> 3x+1 and x -> x/2 and x -> x xor (x >> 3).
        let step = |x: u64| vec![(3 * x + 1) & 0xfff, x / 2, x ^ (x >> 3)];
        for start in [1u64, 7, 1000, 4095] {
            let lv = levels(start, 12, |s, out| out.extend(step(s)), &Counters::default());
            let truth = plain(start, step);
            assert_eq!(lv.iter().map(Vec::len).sum::<usize>(), truth.len());
            for (d, level) in lv.iter().enumerate() {
                assert!(level.windows(2).all(|w| w[0] < w[1]));
                for s in level {
                    assert_eq!(truth[s], d, "state {s} from {start}");
                    assert_eq!(level_of(&lv, *s), Some(d));
                }
            }
        }
    }
}
