//! Balls of a move graph: every state within `depth` moves of a start, with its exact distance,
//! and the meeting of two balls (bidirectional search).
//!
//! The search is level-synchronous: level d+1 is the sorted, deduplicated set of successors of
//! level d minus every state seen before, so each state's distance is its true fewest moves. The
//! ball is kept in an open-addressing hash table of one `u64` per slot (state and distance packed),
//! so a lookup touches one or two cache lines: the meeting step probes one ball once per state of
//! the other, and that is where the time goes.
//!
//! Meeting: if `forward` is the ball of radius `df` around `a` and `backward` that of radius `db`
//! around `b` in a graph where `map(s)` is in `backward` at distance j exactly when `s` reaches
//! `b` in j moves, then `min over s of (d_forward(s) + d_backward(map(s)))` equals the fewest
//! moves from `a` to `b` whenever that is at most `df + db` (split a shortest path after
//! min(m, df) moves), and otherwise every path takes more than `df + db` moves. [`meet`] returns
//! that minimum: exact, or a proven lower bound.

use rayon::prelude::*;

/// Bits of a slot holding the distance plus one (0: empty slot).
const DIST_BITS: u32 = 5;
/// Largest radius a ball may have.
pub const MAX_DEPTH: u32 = (1 << DIST_BITS) - 2;

/// Every state within `depth` moves of a start, with its distance.
pub struct Ball {
    slots: Vec<u64>,
    mask: usize,
    /// States per distance, 0..=depth.
    pub level_sizes: Vec<u64>,
    pub depth: u32,
}

fn slot_of(state: u64, mask: usize) -> usize {
    // Fibonacci hashing: states that differ in a few low bits land far apart.
    (state.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 20) as usize & mask
}

impl Ball {
    /// The ball of radius `depth` around `start`; `successors(s, out)` appends every state one
    /// move from `s` (duplicates allowed). States must be below 2^59.
    pub fn grow(start: u64, depth: u32, successors: impl Fn(u64, &mut Vec<u64>) + Sync) -> Ball {
        Ball::grow_checked(start, depth, successors, |_, _| Ok(())).expect("unchecked growth never refuses")
    }

    /// [`Ball::grow`], asking `room(level, bytes)` before each level is grown and before the
    /// table is built whether about `bytes` more fit, and stopping with its refusal. A level's
    /// size is not known before it is grown: it is predicted from the last two levels' ratio
    /// (move graphs of puzzles grow by a falling ratio, so the prediction errs high).
    pub fn grow_checked(
        start: u64,
        depth: u32,
        successors: impl Fn(u64, &mut Vec<u64>) + Sync,
        room: impl Fn(u32, u64) -> anyhow::Result<()>,
    ) -> anyhow::Result<Ball> {
        assert!(depth <= MAX_DEPTH, "ball radius {depth} over {MAX_DEPTH}");
        let mut levels: Vec<Vec<u64>> = vec![vec![start]];
        // Everything seen so far, sorted: the next level is pruned against it.
        let mut seen: Vec<u64> = vec![start];
        for d in 0..depth {
            let predicted = predicted_level(&levels);
            room(d + 1, growth_bytes(seen.len() as u64, predicted))?;
            let last = levels.last().expect("level 0");
            let mut next: Vec<u64> = last
                .par_chunks(1024)
                .flat_map_iter(|chunk| {
                    let mut out = Vec::new();
                    for &s in chunk {
                        successors(s, &mut out);
                    }
                    out.sort_unstable();
                    out.dedup();
                    // Only new states leave the chunk: the raw successors of a deep level are
                    // ten times the level, too many to collect.
                    out.retain(|s| seen.binary_search(s).is_err());
                    out
                })
                .collect();
            next.par_sort_unstable();
            next.dedup();
            seen.extend_from_slice(&next);
            seen.par_sort_unstable();
            levels.push(next);
        }
        let total = seen.len();
        drop(seen);
        room(depth, table_bytes(total as u64))?;
        let capacity = (2 * total).next_power_of_two().max(16);
        let mut ball = Ball {
            slots: vec![0; capacity],
            mask: capacity - 1,
            level_sizes: levels.iter().map(|l| l.len() as u64).collect(),
            depth,
        };
        for (d, level) in levels.into_iter().enumerate() {
            for s in level {
                ball.insert(s, d as u32);
            }
        }
        Ok(ball)
    }

    fn insert(&mut self, state: u64, d: u32) {
        assert!(
            state < 1 << (64 - DIST_BITS),
            "state {state:#x} too wide for a ball slot"
        );
        let mut i = slot_of(state, self.mask);
        while self.slots[i] != 0 {
            i = (i + 1) & self.mask;
        }
        self.slots[i] = state << DIST_BITS | (d as u64 + 1);
    }

    /// The fewest moves from the start to `state`, if at most the radius.
    pub fn distance(&self, state: u64) -> Option<u32> {
        if state >= 1 << (64 - DIST_BITS) {
            return None;
        }
        let mut i = slot_of(state, self.mask);
        loop {
            let v = self.slots[i];
            if v == 0 {
                return None;
            }
            if v >> DIST_BITS == state {
                return Some((v & ((1 << DIST_BITS) - 1)) as u32 - 1);
            }
            i = (i + 1) & self.mask;
        }
    }

    /// States in the ball.
    pub fn len(&self) -> u64 {
        self.level_sizes.iter().sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Bytes of the hash table.
    pub fn bytes(&self) -> u64 {
        self.slots.len() as u64 * 8
    }

    /// Every state with its distance, in slot order (deterministic for a given ball).
    pub fn par_states(&self) -> impl ParallelIterator<Item = (u64, u32)> + '_ {
        self.slots
            .par_iter()
            .filter(|&&v| v != 0)
            .map(|&v| (v >> DIST_BITS, (v & ((1 << DIST_BITS) - 1)) as u32 - 1))
    }
}

/// The next level's size predicted from the last two (their ratio, rounded up, times the last).
fn predicted_level(levels: &[Vec<u64>]) -> u64 {
    let last = levels.last().map_or(1, Vec::len) as u64;
    let before = levels.len().checked_sub(2).map_or(1, |i| levels[i].len()) as u64;
    last.saturating_mul(last.div_ceil(before.max(1))).max(1)
}

/// Bytes of a grown ball's table of `states` states: two slots per state, a power of two.
pub fn table_bytes(states: u64) -> u64 {
    states.saturating_mul(2).next_power_of_two().max(16) * 8
}

/// Bytes more that growing a level of `next` states needs beside `seen` states held: the level
/// collected and sorted, the sorted set of all states reallocated, and the table built after.
fn growth_bytes(seen: u64, next: u64) -> u64 {
    let all = seen.saturating_add(next);
    (16 * next).saturating_add(8 * all).max(table_bytes(all))
}

/// A set of states that may answer "maybe" for a state not in it, never "no" for one in it (a
/// Bloom filter with two probes): a cheap first test before exact lookups in several balls, when
/// a stream of states is too long to hold (the successors of a ball's last level). About 16 bits
/// per state inserted give about 1% false "maybe"s.
pub struct Sieve {
    bits: crate::engine::runtime::bitset::Bitset,
    len: u64,
}

impl Sieve {
    /// Room for about `states` states: 16 bits each, not rounded to a power of two (a sieve of
    /// 4e9 states is 8 GB, not 16).
    pub fn with_room(states: u64) -> Sieve {
        let len = Sieve::bytes_for(states) * 8;
        Sieve {
            bits: crate::engine::runtime::bitset::Bitset::new(len),
            len,
        }
    }

    fn probes(&self, state: u64) -> [u64; 2] {
        let h = state.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let g = (state ^ state >> 29).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        // A hash times the length, high half: an index below the length with all bits used.
        let below = |x: u64| ((x as u128 * self.len as u128) >> 64) as u64;
        [below(h), below(g ^ g >> 32)]
    }

    /// Adds `state` (from any thread).
    pub fn insert(&self, state: u64) {
        for p in self.probes(state) {
            self.bits.insert(p);
        }
    }

    /// False only if `state` was never inserted.
    pub fn may_contain(&self, state: u64) -> bool {
        self.probes(state).iter().all(|&p| self.bits.get(p))
    }

    /// Bytes of the bit array of a sieve with room for `states` ([`Sieve::with_room`]).
    pub fn bytes_for(states: u64) -> u64 {
        (16 * states).div_ceil(64).max(1) * 8
    }

    /// Bytes of the bit array.
    pub fn bytes(&self) -> u64 {
        self.bits.len() / 8
    }
}

/// The best meeting of `forward` with `backward` through `map`, or `None` when no state of
/// `forward` maps into `backward`: `(moves, state)` with the fewest total moves, ties broken by
/// the smallest state (so the answer does not depend on thread count or slot order).
pub fn meet(forward: &Ball, backward: &Ball, map: impl Fn(u64) -> u64 + Sync) -> Option<(u32, u64)> {
    forward
        .par_states()
        .filter_map(|(s, d)| backward.distance(map(s)).map(|e| (d + e, s)))
        .min()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A graph on 0..n: from k one may step to k+1 or jump to 2k+1 (a few paths of each length).
    fn steps(n: u64) -> impl Fn(u64, &mut Vec<u64>) + Sync {
        move |k, out| {
            if k + 1 < n {
                out.push(k + 1);
            }
            if 2 * k + 1 < n {
                out.push(2 * k + 1);
            }
        }
    }

    /// Distances by a plain queue, the oracle.
    fn queue_distances(n: u64, start: u64) -> Vec<Option<u32>> {
        let mut d = vec![None; n as usize];
        d[start as usize] = Some(0);
        let mut q = std::collections::VecDeque::from([start]);
        let succ = steps(n);
        while let Some(k) = q.pop_front() {
            let mut out = Vec::new();
            succ(k, &mut out);
            for m in out {
                if d[m as usize].is_none() {
                    d[m as usize] = Some(d[k as usize].unwrap() + 1);
                    q.push_back(m);
                }
            }
        }
        d
    }

    #[test]
    fn ball_distances_equal_a_queue_bfs() {
        let n = 5000;
        let oracle = queue_distances(n, 3);
        for depth in [0, 1, 4, 9] {
            let ball = Ball::grow(3, depth, steps(n));
            for k in 0..n {
                let want = oracle[k as usize].filter(|&d| d <= depth);
                assert_eq!(ball.distance(k), want, "state {k}, radius {depth}");
            }
            assert_eq!(
                ball.len(),
                oracle.iter().filter(|d| d.is_some_and(|d| d <= depth)).count() as u64
            );
        }
    }

    #[test]
    fn a_checked_ball_is_the_plain_ball_or_refused_past_its_room() {
        let n = 5000;
        let free = Ball::grow_checked(3, 9, steps(n), |_, _| Ok(())).expect("no limit");
        let plain = Ball::grow(3, 9, steps(n));
        assert_eq!(free.level_sizes, plain.level_sizes);
        assert!((0..n).all(|k| free.distance(k) == plain.distance(k)));
        // A room of the table's size less one byte: refused, at the latest when the table is due.
        let budget = table_bytes(plain.len()) - 1;
        let asked = std::sync::Mutex::new(Vec::new());
        let refused = Ball::grow_checked(3, 9, steps(n), |level, bytes| {
            asked.lock().unwrap().push(level);
            anyhow::ensure!(bytes <= budget, "level {level} needs {bytes} bytes");
            Ok(())
        });
        assert!(refused.is_err());
        // Asked before every level it grew (1..), in order.
        let asked = asked.into_inner().unwrap();
        assert!(asked.windows(2).all(|w| w[0] <= w[1]) && asked[0] == 1, "{asked:?}");
    }

    #[test]
    fn meeting_finds_the_distance_within_both_radii_and_a_bound_beyond() {
        // Undirected steps k <-> k+1 on a path: the distance from a to b is |a - b|; the backward
        // ball is around b itself (map = identity).
        let n = 200;
        let line = move |k: u64, out: &mut Vec<u64>| {
            if k + 1 < n {
                out.push(k + 1);
            }
            if k > 0 {
                out.push(k - 1);
            }
        };
        let a = Ball::grow(50, 6, line);
        let b = Ball::grow(60, 5, line);
        assert_eq!(meet(&a, &b, |s| s).map(|x| x.0), Some(10));
        let c = Ball::grow(63, 5, line);
        // 13 > 6 + 5: no meeting, so the distance exceeds 11.
        assert_eq!(meet(&a, &c, |s| s), None);
    }

    #[test]
    fn a_sieve_never_forgets_and_rarely_invents() {
        let sieve = Sieve::with_room(10_000);
        for k in 0..10_000u64 {
            sieve.insert(k * 7919);
        }
        assert!((0..10_000u64).all(|k| sieve.may_contain(k * 7919)));
        // About 1% false "maybe"s at 16 bits per state; a broken hash would say "maybe" to most.
        let invented = (0..100_000u64)
            .map(|k| k * 7919 + 1)
            .filter(|&s| sieve.may_contain(s))
            .count();
        assert!(invented < 3_000, "{invented} of 100000 absent states said maybe");
    }
}
