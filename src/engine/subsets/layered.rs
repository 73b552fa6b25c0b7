//! Search over state spaces that fall into layers: a state is a subset of a fixed universe of
//! n <= 56 elements (bit i = element i), its layer is its size, and every move leads from layer k
//! to layer k-1 (peg solitaire: a jump removes one peg). Each layer is ranked densely in colex
//! order (combinatorial number system), so layer k is a bit array of C(n,k) bits instead of 2^n,
//! and going forward only two layers live at once.
//!
//! Layers are computed by *pulling*: a state of layer k-1 is reached iff one of its predecessors
//! in layer k is. Every state of a rank range (a chunk of words) is decided from the finished
//! layer above alone, so chunks are independent units of work (for threads now, for machines
//! later): a worker writes only its own words (no atomics, the same bits at any thread count),
//! progress counts ranks per chunk, and a finished layer is a checkpoint. The winnable pass pulls
//! the other way, layer k from layer k-1, restricted to what is reachable.

use crate::engine::runtime::bitset::Bitset;
use crate::engine::runtime::progress::Counters;
use anyhow::{bail, ensure, Context, Result};
use rayon::prelude::*;
use std::path::{Path, PathBuf};

/// A game whose states are subsets and whose moves remove exactly one element.
pub trait SubsetGraph: Sync {
    /// Number of elements n (<= 56): states are subsets of `0..n` as bit masks.
    fn universe(&self) -> usize;
    /// Whether `test` accepts some predecessor of `s` (a state p, one element larger, with a move
    /// p -> s); may stop at the first accepted.
    fn any_predecessor(&self, s: u64, test: impl FnMut(u64) -> bool) -> bool;
    /// Whether `test` accepts some successor of `s` (one element smaller); may stop early.
    fn any_successor(&self, s: u64, test: impl FnMut(u64) -> bool) -> bool;
    /// The moves that change an element of `mask`, when every such move is a fixed flip: pairs
    /// (elements it changes, their values before) such that a state `s` with
    /// `s & changed == before` has the successor `s ^ changed`, and these are all its successors
    /// that differ from it inside `mask`. `None` (the default) when the graph's moves are not of
    /// that form. The distributed search splits layers by their top elements, so only these moves
    /// cross ranks, and a few flips test faster than enumerating every move.
    fn moves_changing(&self, mask: u64) -> Option<Vec<(u64, u64)>> {
        let _ = mask;
        None
    }
    /// True when complementing reverses every move (p -> c is a move iff !c -> !p is), as in
    /// peg solitaire. Then a state can reach the complement of a start iff its complement is
    /// reachable from that start, and [`Goals::ComplementsOfStarts`] needs no backward search.
    fn complement_reverses_moves(&self) -> bool {
        false
    }
    /// When each state stands for an orbit under a group (as [`super::quotient::OrbitLeaders`]'),
    /// the state that stands for the orbit of `s`; the identity (the default) for plain graphs.
    /// The mirrored winnable pass then probes the complement's leader instead of reading the
    /// layer below backwards.
    fn leader(&self, s: u64) -> u64 {
        s
    }
    /// True when [`leader`](Self::leader) is not the identity.
    fn leaders_only(&self) -> bool {
        false
    }
    /// A value below 64 that no move changes (e.g. a parity class), or 0 when there is none.
    /// The engine never probes the predecessors of a state whose value no start has: such a
    /// state is unreachable. Peg solitaire's position class rules out a quarter of every layer,
    /// and those states were the dearest to pull (every predecessor probed, none set).
    fn invariant(&self, s: u64) -> u32 {
        let _ = s;
        0
    }
    /// What the pull asks of every state: whether its [`invariant`](Self::invariant) is in
    /// `classes` (bit v for value v) and `test` accepts one of its predecessors. A graph that
    /// finds both from one decoding of `s` overrides this (peg: one table pass gives the padded
    /// board and the class).
    #[inline]
    fn any_predecessor_in(&self, s: u64, classes: u64, test: impl FnMut(u64) -> bool) -> bool {
        classes >> self.invariant(s) & 1 == 1 && self.any_predecessor(s, test)
    }
}

/// The invariant values of `starts` as a mask (bit v for value v): the only values a reachable
/// state can have, for [`pull_forward_in`].
pub fn start_classes<G: SubsetGraph>(g: &G, starts: &[u64]) -> u64 {
    starts.iter().fold(0u64, |m, &s| {
        let v = g.invariant(s);
        assert!(v < 64, "invariant values lie below 64");
        m | 1 << v
    })
}

/// The goals of the winnable pass.
pub enum Goals<F> {
    /// The reachable states where `F` holds.
    Where(F),
    /// The complements of the start states (peg: the single pegs of single-vacancy starts).
    /// With a [`SubsetGraph::complement_reverses_moves`] graph, winnable = reachable and
    /// complement reachable: layer k is layer k AND layer n-k read backwards (the complement of
    /// the state of rank r in layer k has rank C(n,k)-1-r in layer n-k, since complementing
    /// reverses the integer order).
    ComplementsOfStarts,
}

/// Elements in each byte value.
static BYTE_ONES: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut v = 0;
    while v < 256 {
        t[v] = (v as u32).count_ones() as u8;
        v += 1;
    }
    t
};

/// Colex ranks of the k-subsets of `0..n`: rank(s) = sum over the elements c_0 < c_1 < ... of
/// C(c_j, j + 1). Increasing rank is increasing integer value, so the next state of a layer is
/// Gosper's next combination.
pub struct Colex {
    n: usize,
    /// binom[a][b] = C(a, b) for a, b in 0..=64.
    binom: Vec<[u64; 65]>,
    bytes: usize,
    /// table[(byte * (n + 1) + elements below the byte) * 256 + byte value]: that byte's share of
    /// the rank, so a rank costs one lookup per 8 elements and no popcount instruction (not in
    /// the baseline x86-64 target).
    table: Vec<u64>,
}

impl Colex {
    pub fn new(n: usize) -> Colex {
        assert!(n <= 56, "universe of {n} elements: at most 56 (ranks below 2^56)");
        let mut binom = vec![[0u64; 65]; 65];
        for a in 0..=64 {
            binom[a][0] = 1;
            for b in 1..=a {
                binom[a][b] = binom[a - 1][b - 1].saturating_add(binom[a - 1][b]);
            }
        }
        let bytes = n.div_ceil(8).max(1);
        let mut table = vec![0u64; bytes * (n + 1) * 256];
        for byte in 0..bytes {
            for below in 0..=n {
                for v in 0..256usize {
                    let mut r = 0u64;
                    let mut j = below;
                    for p in 0..8 {
                        let c = byte * 8 + p;
                        if v >> p & 1 == 1 && c < n {
                            j += 1;
                            r = r.wrapping_add(binom[c][j.min(64)]);
                        }
                    }
                    assert!(r < 1 << 56, "ranks fit in 56 bits");
                    table[(byte * (n + 1) + below) * 256 + v] = r;
                }
            }
        }
        Colex { n, binom, bytes, table }
    }

    pub fn universe(&self) -> usize {
        self.n
    }

    /// C(n, k): the number of states of layer k.
    pub fn count(&self, k: usize) -> u64 {
        self.binom[self.n][k]
    }

    /// The colex rank of `s` among the subsets of its size (bits at n and above are ignored).
    /// Always inlined: the pulls' closures call it per predecessor, and as a call it was a
    /// quarter of the distributed pull's time.
    #[inline(always)]
    pub fn rank(&self, s: u64) -> u64 {
        // One unrolled loop per byte count (the match is the same branch every call): the
        // pull ranks a predecessor per state, and a loop of unknown length with bounds checks
        // was a third of its instructions.
        match self.bytes {
            1 => self.rank_bytes::<1>(s),
            2 => self.rank_bytes::<2>(s),
            3 => self.rank_bytes::<3>(s),
            4 => self.rank_bytes::<4>(s),
            5 => self.rank_bytes::<5>(s),
            6 => self.rank_bytes::<6>(s),
            _ => self.rank_bytes::<7>(s),
        }
    }

    #[inline(always)]
    fn rank_bytes<const BYTES: usize>(&self, s: u64) -> u64 {
        debug_assert_eq!(BYTES, self.bytes);
        // The counts below each byte come from a popcount table indexed by `s` alone, so the
        // lookups do not wait on each other.
        let mut r = 0u64;
        let mut below = 0usize;
        for byte in 0..BYTES {
            let v = (s >> (8 * byte)) as usize & 255;
            let i = (byte * (self.n + 1) + below) * 256 + v;
            // SAFETY: below <= n (0 at byte 0, after it at most 8 * byte < n, since byte <
            // BYTES = ceil(n / 8)), so i < BYTES * (n + 1) * 256 = table.len().
            r += unsafe { *self.table.get_unchecked(i) };
            below += BYTE_ONES[v] as usize;
        }
        r
    }

    /// The state of layer k with rank `r` (< C(n, k)).
    pub fn unrank(&self, k: usize, mut r: u64) -> u64 {
        debug_assert!(r < self.count(k));
        let mut s = 0u64;
        let mut c = self.n as i64 - 1;
        for j in (1..=k).rev() {
            while self.binom[c as usize][j] > r {
                c -= 1;
            }
            s |= 1 << c;
            r -= self.binom[c as usize][j];
            c -= 1;
        }
        s
    }

    /// The next subset of the same size in colex order (Gosper's hack, without a division).
    #[inline]
    pub fn next(s: u64) -> u64 {
        let t = s | s.wrapping_sub(1);
        let t1 = t.wrapping_add(1);
        t1 | (!t & t1)
            .wrapping_sub(1)
            .checked_shr(s.trailing_zeros() + 1)
            .unwrap_or(0)
    }
}

/// One layer as a bit array over colex ranks.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Layer {
    pub k: usize,
    pub len: u64,
    pub words: Vec<u64>,
}

impl Layer {
    pub fn empty(colex: &Colex, k: usize) -> Layer {
        let len = colex.count(k);
        // Zeroed pages from the allocator are not yet touched, so the advice takes effect.
        let words = vec![0u64; len.div_ceil(64) as usize];
        crate::engine::runtime::memory::prefer_huge_pages(&words);
        Layer { k, len, words }
    }

    #[inline]
    pub fn get(&self, r: u64) -> bool {
        self.words[(r >> 6) as usize] >> (r & 63) & 1 == 1
    }

    /// Asks for the cache line of bit `r` (a hint, for reads to come).
    #[inline(always)]
    pub fn prefetch(&self, r: u64) {
        if let Some(w) = self.words.get((r >> 6) as usize) {
            crate::engine::runtime::memory::prefetch(w);
        }
    }

    pub fn set(&mut self, r: u64) {
        self.words[(r >> 6) as usize] |= 1 << (r & 63);
    }

    pub fn count_ones(&self) -> u64 {
        self.words.par_iter().map(|w| w.count_ones() as u64).sum()
    }

    /// Calls `f(state)` for every set bit, in parallel over chunks (order unspecified).
    pub fn par_for_each_state(&self, colex: &Colex, f: impl Fn(u64) + Sync) {
        self.par_fold_states(colex, || (), |_, s| f(s), |_, _| ());
    }

    /// Folds every set bit's state into a per-chunk accumulator (`init`, `fold`), then merges
    /// the accumulators (`merge` must be associative and commutative: the chunk order varies).
    pub fn par_fold_states<T: Send>(
        &self,
        colex: &Colex,
        init: impl Fn() -> T + Sync + Send,
        fold: impl Fn(&mut T, u64) + Sync + Send,
        merge: impl Fn(T, T) -> T + Sync + Send,
    ) -> T {
        self.words
            .par_chunks(CHUNK_WORDS)
            .enumerate()
            .map(|(ci, words)| {
                let mut acc = init();
                self.walk_chunk(colex, ci, words, |s| fold(&mut acc, s));
                acc
            })
            .reduce(&init, &merge)
    }

    /// The states whose bits are set, in rank order, listed in parallel over chunks.
    pub fn par_states(&self, colex: &Colex) -> Vec<u64> {
        let parts: Vec<Vec<u64>> = self
            .words
            .par_chunks(CHUNK_WORDS)
            .enumerate()
            .map(|(ci, words)| {
                let mut out = Vec::new();
                self.walk_chunk(colex, ci, words, |s| out.push(s));
                out
            })
            .collect();
        parts.concat()
    }

    /// Calls `f(state)` for the set bits of chunk `ci` (its `words`), in rank order.
    fn walk_chunk(&self, colex: &Colex, ci: usize, words: &[u64], mut f: impl FnMut(u64)) {
        let mut cursor = Cursor::new(colex, self.k);
        for (i, &w) in words.iter().enumerate() {
            let base = (ci * CHUNK_WORDS + i) as u64 * 64;
            let mut bits = w;
            while bits != 0 {
                f(cursor.at(base + bits.trailing_zeros() as u64));
                bits &= bits - 1;
            }
        }
    }
}

/// Every layer reachable from `start`, top down, each listed in rank order: the successors of a
/// layer's states set bits (an atomic [`Bitset`]) over the next layer's colex ranks. For one
/// start a layer is sparse, so pushing from its states beats pulling over every rank (what
/// [`search`] does for the union); no visited set is needed, since each move leaves its layer.
pub fn push_layers<G: SubsetGraph>(g: &G, colex: &Colex, start: u64, counters: &Counters) -> Vec<Vec<u64>> {
    let mut layers = vec![vec![start]];
    loop {
        let here = layers.last().expect("the start");
        let k = here[0].count_ones() as usize;
        if k == 0 {
            break;
        }
        counters.set_depth(layers.len() as u64 - 1);
        let bits = Bitset::new(colex.count(k - 1));
        here.par_chunks(4096).for_each(|part| {
            for &s in part {
                g.any_successor(s, |c| {
                    bits.insert(colex.rank(c));
                    false
                });
            }
            counters.add_expanded(part.len() as u64);
        });
        let next = Layer {
            k: k - 1,
            len: colex.count(k - 1),
            words: bits.into_words(),
        };
        let states = next.par_states(colex);
        if states.is_empty() {
            break;
        }
        layers.push(states);
    }
    layers
}

/// Positions of the states of one sorted list of k-subsets (ascending, hence colex order), found
/// by rank: a bit array over the layer's colex ranks with a running count per word, so a lookup
/// is one rank and two reads in arrays of C(n,k)/64 words (a few MiB for n = 28), instead of a
/// binary search through the list itself (hundreds of MiB). Absent states are rejected by the
/// same bit test.
pub struct DenseIndex<'a> {
    colex: &'a Colex,
    k: usize,
    /// Per 32 ranks: the listed states of lower rank (high half) and the 32 bits (low half), so
    /// a lookup reads one word.
    entries: Vec<u64>,
}

impl crate::engine::graph::dag::Lookup<u64> for DenseIndex<'_> {
    #[inline]
    fn find(&self, s: u64) -> Option<usize> {
        DenseIndex::find(self, s)
    }
}

impl<'a> DenseIndex<'a> {
    /// `states` must be distinct k-subsets in ascending order (fewer than 2^32).
    pub fn new(colex: &'a Colex, states: &[u64]) -> DenseIndex<'a> {
        let k = states.first().map_or(0, |s| s.count_ones() as usize);
        assert!(states.len() < u32::MAX as usize, "level too large to index");
        assert!(
            states.windows(2).all(|w| w[0] < w[1]) && states.iter().all(|s| s.count_ones() as usize == k),
            "states must be ascending and of one size"
        );
        let mut entries = vec![0u64; colex.count(k).div_ceil(32) as usize];
        // Bits in parallel over chunks of states (ranks ascend, so chunks own disjoint entries
        // except at their edges: OR the parts per chunk, then fold).
        let parts: Vec<Vec<(usize, u64)>> = states
            .par_chunks(1 << 16)
            .map(|part| {
                let mut out: Vec<(usize, u64)> = Vec::new();
                for &s in part {
                    let r = colex.rank(s);
                    let (e, bit) = ((r >> 5) as usize, 1u64 << (r & 31));
                    match out.last_mut() {
                        Some((last, bits)) if *last == e => *bits |= bit,
                        _ => out.push((e, bit)),
                    }
                }
                out
            })
            .collect();
        for (e, bits) in parts.into_iter().flatten() {
            entries[e] |= bits;
        }
        let mut total = 0u64;
        for e in entries.iter_mut() {
            let ones = e.count_ones() as u64;
            *e |= total << 32;
            total += ones;
        }
        DenseIndex { colex, k, entries }
    }

    /// The position of `s` in the list, if listed.
    #[inline]
    pub fn find(&self, s: u64) -> Option<usize> {
        if s.count_ones() as usize != self.k {
            return None;
        }
        let r = self.colex.rank(s);
        let e = *self.entries.get((r >> 5) as usize)?;
        let bit = r & 31;
        (e >> bit & 1 == 1).then(|| (e >> 32) as usize + (e & ((1u64 << bit) - 1)).count_ones() as usize)
    }
}

/// Rank gaps longer than this are crossed by unranking (a loop of about n steps) rather than by
/// Gosper steps (a few instructions each); chosen by timing peg side 7, whose per-start layers
/// are 1-20% full (it made little difference).
const UNRANK_GAP: u64 = 12;

/// Walks the states of one layer in rank order: stepping is Gosper's hack, long gaps unrank.
struct Cursor<'a> {
    colex: &'a Colex,
    k: usize,
    rank: u64,
    state: u64,
}

impl<'a> Cursor<'a> {
    fn new(colex: &'a Colex, k: usize) -> Cursor<'a> {
        Cursor {
            colex,
            k,
            rank: 0,
            state: if k == 64 { u64::MAX } else { (1u64 << k) - 1 },
        }
    }

    #[inline]
    fn at(&mut self, r: u64) -> u64 {
        if r < self.rank || r - self.rank > UNRANK_GAP {
            self.state = self.colex.unrank(self.k, r);
            self.rank = r;
        }
        while self.rank < r {
            self.state = Colex::next(self.state);
            self.rank += 1;
        }
        self.state
    }
}

/// Words of a layer decided by one task: the unit of work, progress and (later) distribution.
pub const CHUNK_WORDS: usize = 1 << 10;

/// Layer k-1 pulled from layer k: bit r is set iff the state of rank r has a predecessor in
/// `above`, probing one predecessor at a time and stopping at the first one set.
///
/// Measured alternative, not taken: ranking every predecessor of a word's 64 states first and
/// prefetching their cache lines (for layers far beyond the caches) was 2.5 times slower (a
/// random 72 MiB side-8 layer, 75% or 10% set, 2 cores): consecutive states share most
/// predecessors' cache lines, so the pull is
/// bound by ranking work, which stopping at the first hit keeps small.
pub fn pull_forward<G: SubsetGraph>(g: &G, colex: &Colex, above: &Layer, counters: &Counters) -> Layer {
    pull_forward_in(g, colex, above, u64::MAX, counters)
}

/// [`pull_forward`] for states whose [`SubsetGraph::invariant`] is in `classes` (bit v for value
/// v, from [`start_classes`]): the other states are unreachable, so their bits stay clear without
/// a probe.
pub fn pull_forward_in<G: SubsetGraph>(
    g: &G,
    colex: &Colex,
    above: &Layer,
    classes: u64,
    counters: &Counters,
) -> Layer {
    let mut out = Layer::empty(colex, above.k - 1);
    out.words
        .par_chunks_mut(CHUNK_WORDS)
        .enumerate()
        .for_each(|(ci, words)| {
            let decided = pull_chunk(g, colex, above, classes, (ci * CHUNK_WORDS) as u64 * 64, words);
            counters.add_expanded(decided);
        });
    out
}

/// The pull's unit of work: the words of layer `above.k - 1` from rank `first` (a multiple of
/// 64) on, decided from `above` alone (states outside `classes` left clear, as in
/// [`pull_forward_in`]); returns the ranks decided. Any split of a layer into such pieces, on
/// any threads or machines, gives the same words.
pub fn pull_chunk<G: SubsetGraph>(
    g: &G,
    colex: &Colex,
    above: &Layer,
    classes: u64,
    first: u64,
    words: &mut [u64],
) -> u64 {
    debug_assert!(first.is_multiple_of(64));
    let k = above.k - 1;
    let len = colex.count(k);
    let mut s = colex.unrank(k, first);
    let mut r = first;
    for w in words.iter_mut() {
        let mut bits = 0u64;
        let n = (len - r).min(64);
        for b in 0..n {
            if g.any_predecessor_in(s, classes, |p| above.get(colex.rank(p))) {
                bits |= 1 << b;
            }
            s = Colex::next(s);
        }
        r += n;
        *w = bits;
    }
    r - first
}

/// [`pull_forward`]'s result computed by pushing instead: every successor of every state of
/// `above` sets its bit (an atomic [`Bitset`]). Cheaper when `above` is
/// sparse: its states are few, while a pull tests every predecessor of every unreachable rank.
///
/// The writes land at random in a layer far beyond the caches, so each rank is prefetched and
/// set [`PUSH_AHEAD`] successors later: the misses overlap instead of following one another.
pub fn push_forward<G: SubsetGraph>(g: &G, colex: &Colex, above: &Layer, counters: &Counters) -> Layer {
    let k = above.k - 1;
    let bits = Bitset::new(colex.count(k));
    let flush = |p: Pending| {
        p.ranks[..p.len.min(PUSH_AHEAD)].iter().for_each(|&r| {
            bits.insert(r);
        })
    };
    let pending = above.par_fold_states(
        colex,
        Pending::default,
        |p, s| {
            g.any_successor(s, |c| {
                let r = colex.rank(c);
                bits.prefetch(r);
                let slot = p.len % PUSH_AHEAD;
                if p.len >= PUSH_AHEAD {
                    bits.insert(p.ranks[slot]);
                }
                p.ranks[slot] = r;
                p.len += 1;
                false
            });
        },
        |a, b| {
            flush(a);
            flush(b);
            Pending::default()
        },
    );
    flush(pending);
    counters.add_expanded(colex.count(k));
    Layer {
        k,
        len: colex.count(k),
        words: bits.into_words(),
    }
}

/// Ranks a push has prefetched and not yet set.
const PUSH_AHEAD: usize = 16;

/// The ranks in flight in one task of [`push_forward`]: the last [`PUSH_AHEAD`] of `len` pushed.
#[derive(Default)]
struct Pending {
    ranks: [u64; PUSH_AHEAD],
    len: usize,
}

/// Push when the layer above holds fewer than 1/PUSH_RATIO of the ranks below: a push writes
/// at random into the layer below, a pull reads with locality, so pushing pays only while the
/// layer above is much smaller (the ratio was chosen by timing the peg unions).
const PUSH_RATIO: u64 = 3;

/// The layer below `above` (which holds `above_count` states): pushed from a sparse layer,
/// pulled into a dense one.
pub fn forward<G: SubsetGraph>(
    g: &G,
    colex: &Colex,
    above: &Layer,
    above_count: u64,
    classes: u64,
    counters: &Counters,
) -> Layer {
    if above_count.saturating_mul(PUSH_RATIO) < colex.count(above.k - 1) {
        push_forward(g, colex, above, counters)
    } else {
        pull_forward_in(g, colex, above, classes, counters)
    }
}

/// Layer k's winnable states, in place over its reachable ones: a reachable state stays set iff
/// it is a goal or has a successor set in `below` (layer k-1, already winnable-only).
pub fn pull_backward<G: SubsetGraph>(
    g: &G,
    colex: &Colex,
    reach: &mut Layer,
    below: Option<&Layer>,
    is_goal: &(impl Fn(u64) -> bool + Sync),
    counters: &Counters,
) {
    retain_by_word(reach, colex, counters, |states| {
        states
            .iter()
            .filter(|&&(_, s)| is_goal(s) || below.is_some_and(|l| g.any_successor(s, |c| l.get(colex.rank(c)))))
            .fold(0u64, |keep, &(b, _)| keep | 1 << b)
    });
}

/// Keeps the set states of `layer` that `keep_word` keeps: it is given one word's set states as
/// (bit, state) pairs and returns the bits to keep. In parallel over chunks, each task writing
/// only its own words.
fn retain_by_word(
    layer: &mut Layer,
    colex: &Colex,
    counters: &Counters,
    keep_word: impl Fn(&[(u32, u64)]) -> u64 + Sync,
) {
    let (k, len) = (layer.k, layer.len);
    layer
        .words
        .par_chunks_mut(CHUNK_WORDS)
        .enumerate()
        .for_each(|(ci, words)| {
            let first = (ci * CHUNK_WORDS) as u64 * 64;
            let mut cursor = Cursor::new(colex, k);
            let mut states = [(0u32, 0u64); 64];
            for (i, w) in words.iter_mut().enumerate() {
                let base = first + i as u64 * 64;
                let mut count = 0;
                let mut bits = *w;
                while bits != 0 {
                    let b = bits.trailing_zeros();
                    bits &= bits - 1;
                    states[count] = (b, cursor.at(base + b as u64));
                    count += 1;
                }
                *w = keep_word(&states[..count]);
            }
            let last = (first + (words.len() * 64) as u64).min(len);
            counters.add_expanded(last - first);
        });
}

/// Bits q..q+64 of a layer (bits outside 0..len read as zero).
#[inline]
fn window(layer: &Layer, q: i64) -> u64 {
    let word = |i: i64| {
        if i < 0 || i as usize >= layer.words.len() {
            0
        } else {
            layer.words[i as usize]
        }
    };
    let (i, sh) = (q.div_euclid(64), q.rem_euclid(64) as u32);
    if sh == 0 {
        word(i)
    } else {
        word(i) >> sh | word(i + 1) << (64 - sh)
    }
}

/// Layer k with bit r = `a` bit r (all ones without `a`) AND `b` bit len-1-r.
fn and_reversed(a: Option<&Layer>, b: &Layer, k: usize, counters: &Counters) -> Layer {
    assert!(a.is_none_or(|a| a.len == b.len));
    let len = b.len as i64;
    let mut out = Layer {
        k,
        len: b.len,
        words: vec![0; b.words.len()],
    };
    out.words
        .par_chunks_mut(CHUNK_WORDS)
        .enumerate()
        .for_each(|(ci, words)| {
            for (j, w) in words.iter_mut().enumerate() {
                let i = (ci * CHUNK_WORDS + j) as i64;
                // Ranks 64i..64i+63 of `a` meet ranks len-1-64i down to len-64-64i of `b`.
                let mine = a.map_or(u64::MAX, |a| a.words[i as usize]);
                *w = mine & window(b, len - 64 - 64 * i).reverse_bits();
            }
            counters.add_expanded((words.len() * 64) as u64);
        });
    out
}

/// `reach` (layer k of leaders) restricted to the states whose complement's leader is set in
/// `other` (layer n-k): [`and_reversed`] for a graph whose states stand for orbits.
/// The result replaces `reach` in place.
fn and_mirrored_leaders<G: SubsetGraph>(g: &G, colex: &Colex, reach: &mut Layer, other: &Layer, counters: &Counters) {
    let n = colex.universe();
    let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    retain_by_word(reach, colex, counters, |states| {
        // The word's probes are ranked and prefetched first, then read: they land at random in a
        // layer far beyond the caches, and this way their misses overlap.
        let mut ranks = [0u64; 64];
        for (r, &(_, s)) in ranks.iter_mut().zip(states) {
            *r = colex.rank(g.leader(!s & full));
            other.prefetch(*r);
        }
        states
            .iter()
            .zip(&ranks)
            .filter(|&(_, &r)| other.get(r))
            .fold(0u64, |keep, (&(b, _), _)| keep | 1 << b)
    });
}

/// Where finished layers go: kept in memory, or written to a directory (one file per layer,
/// written whole then renamed) so that memory holds two layers and a rerun resumes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Keep {
    Memory,
    Dir(PathBuf),
}

/// Reachable and winnable states of one layer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LayerCount {
    pub k: usize,
    pub reachable: u64,
    pub winnable: u64,
}

/// Bytes of bit arrays a [`search`] holds at its peak, for a check before allocating: in memory
/// every reachable layer from `top` down and one more; in a directory, three layers (two
/// adjacent going forward, a pair and its result going backward).
pub fn bytes_needed(n: usize, top: usize, keep: &Keep) -> u64 {
    let bytes = |k: usize| binomial(n, k).div_ceil(64) * 8;
    let largest = (0..=top).map(bytes).max().unwrap_or(0);
    match keep {
        Keep::Memory => (0..=top).map(bytes).sum::<u64>() + largest,
        Keep::Dir(_) => 3 * largest,
    }
}

/// Bytes of bit arrays [`reach_to`] holds at its peak, in memory or with a directory alike:
/// the largest two adjacent layers (the layer above and the one being filled; a forward pass
/// alone keeps no finished layer).
pub fn bytes_needed_to(n: usize, top: usize, floor: usize) -> u64 {
    let bytes = |k: usize| binomial(n, k).div_ceil(64) * 8;
    (floor..=top)
        .map(|k| bytes(k) + if k < top { bytes(k + 1) } else { 0 })
        .max()
        .unwrap_or(0)
}

/// C(n, k) (exact while it fits in 64 bits).
pub fn binomial(n: usize, k: usize) -> u64 {
    (0..k).fold(1u128, |acc, i| acc * (n - i) as u128 / (i + 1) as u128) as u64
}

/// On-disk layer files: a header (magic, kind, universe, k, words, set bits) then the words.
struct Store<'a> {
    dir: Option<&'a Path>,
    memory: Vec<Option<Layer>>,
    /// A forward pass alone ([`reach_to`]): no backward pass reads the finished layers, so
    /// none is kept in memory.
    forward_only: bool,
}

const MAGIC: &[u8; 8] = b"LAYERS01";

impl<'a> Store<'a> {
    fn path(dir: &Path, kind: &str, k: usize) -> PathBuf {
        dir.join(format!("{kind}-{k:02}.bits"))
    }

    /// Opens (or starts) a directory of layers for the search named `key`; a directory holding
    /// another search's layers is refused.
    fn open(keep: &'a Keep, key: &str, n: usize) -> Result<Store<'a>> {
        let dir = match keep {
            Keep::Memory => None,
            Keep::Dir(d) => {
                std::fs::create_dir_all(d).with_context(|| format!("cannot create level directory {}", d.display()))?;
                let key_file = d.join("search.txt");
                match std::fs::read_to_string(&key_file) {
                    Ok(k) if k == key => {}
                    Ok(_) => bail!(
                        "level directory {} holds another search's layers (see its search.txt)",
                        d.display()
                    ),
                    Err(_) => crate::fsutil::write_atomic(&key_file, key.as_bytes())
                        .with_context(|| format!("level directory {} is not writable", d.display()))?,
                }
                Some(d.as_path())
            }
        };
        Ok(Store {
            dir,
            memory: (0..=n).map(|_| None).collect(),
            forward_only: false,
        })
    }

    fn save(&self, kind: &str, layer: &Layer, count: u64) -> Result<()> {
        use std::io::Write;
        let Some(dir) = self.dir else { return Ok(()) };
        let path = Self::path(dir, kind, layer.k);
        let tmp = path.with_extension(format!("tmp-{}", std::process::id()));
        let write = || -> std::io::Result<()> {
            let mut f = std::io::BufWriter::with_capacity(1 << 20, std::fs::File::create(&tmp)?);
            f.write_all(MAGIC)?;
            for v in [
                kind.len() as u64,
                layer.len,
                layer.k as u64,
                layer.words.len() as u64,
                count,
            ] {
                f.write_all(&v.to_le_bytes())?;
            }
            f.write_all(kind.as_bytes())?;
            for w in &layer.words {
                f.write_all(&w.to_le_bytes())?;
            }
            f.into_inner().map_err(|e| e.into_error())?.sync_all()?;
            std::fs::rename(&tmp, &path)
        };
        write().with_context(|| format!("cannot write level file {}", path.display()))
    }

    /// A complete saved layer and its count, if there is one (read in pieces: no second copy).
    fn load(&self, kind: &str, colex: &Colex, k: usize) -> Result<Option<(Layer, u64)>> {
        use std::io::Read;
        let Some(dir) = self.dir else { return Ok(None) };
        let path = Self::path(dir, kind, k);
        let file = match std::fs::File::open(&path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => bail!(
                "cannot read level file {}: {e} (delete it to recompute)",
                path.display()
            ),
        };
        let bad = || anyhow::anyhow!("level file {} is damaged (delete it to recompute)", path.display());
        let size = file
            .metadata()
            .with_context(|| format!("cannot read level file {}", path.display()))?
            .len();
        let mut f = std::io::BufReader::with_capacity(1 << 20, file);
        let mut head = [0u8; 48];
        f.read_exact(&mut head).map_err(|_| bad())?;
        let field = |i: usize| u64::from_le_bytes(head[8 + 8 * i..16 + 8 * i].try_into().unwrap());
        let (kind_len, len, kk, words, count) = (field(0), field(1), field(2), field(3), field(4));
        ensure!(&head[..8] == MAGIC && kind_len == kind.len() as u64, bad());
        let mut name = vec![0u8; kind.len()];
        f.read_exact(&mut name).map_err(|_| bad())?;
        ensure!(
            name == kind.as_bytes()
                && len == colex.count(k)
                && kk == k as u64
                && words == len.div_ceil(64)
                && size == 48 + kind_len + 8 * words,
            bad()
        );
        let mut layer = Layer::empty(colex, k);
        let mut buf = vec![0u8; 1 << 20];
        for part in layer.words.chunks_mut(1 << 17) {
            let bytes = &mut buf[..part.len() * 8];
            f.read_exact(bytes).map_err(|_| bad())?;
            for (w, c) in part.iter_mut().zip(bytes.chunks_exact(8)) {
                *w = u64::from_le_bytes(c.try_into().unwrap());
            }
        }
        ensure!(layer.count_ones() == count, bad());
        Ok(Some((layer, count)))
    }

    fn has(&self, kind: &str, k: usize) -> bool {
        self.dir.is_some_and(|d| Self::path(d, kind, k).exists())
    }

    /// Keeps a reachable layer for the backward pass (memory) or drops it (it is on disk).
    fn keep(&mut self, layer: Layer) {
        if self.dir.is_none() && !self.forward_only {
            let k = layer.k;
            self.memory[k] = Some(layer);
        }
    }

    fn take(&mut self, kind: &str, colex: &Colex, k: usize) -> Result<Layer> {
        if let Some(l) = self.memory[k].take() {
            return Ok(l);
        }
        match self.load(kind, colex, k)? {
            Some((l, _)) => Ok(l),
            None => match self.dir {
                Some(d) => bail!(
                    "level file {} vanished during the search",
                    Self::path(d, kind, k).display()
                ),
                None => bail!("internal error: layer {k} was neither kept nor saved"),
            },
        }
    }
}

/// The reachable layers of a finished search, loaded from its level directory for membership
/// tests (e.g. to prune a later depth-first search): every layer in memory at once (for 36
/// elements, 2^36 bits = 8 GiB).
pub struct LayerSet {
    colex: Colex,
    layers: Vec<Option<Layer>>,
}

impl LayerSet {
    /// Loads the saved "reach" layers `ks` of the search named `key` in `dir`; a missing layer is
    /// an error (the search has not finished), an absent size class (no saved file and `k` below
    /// every saved layer) is empty.
    pub fn load(dir: &Path, key: &str, n: usize, ks: impl IntoIterator<Item = usize>) -> Result<LayerSet> {
        let keep = Keep::Dir(dir.to_path_buf());
        let store = Store::open(&keep, key, n)?;
        let colex = Colex::new(n);
        let mut layers: Vec<Option<Layer>> = (0..=n).map(|_| None).collect();
        for k in ks {
            match store.load("reach", &colex, k)? {
                Some((layer, _)) => layers[k] = Some(layer),
                None => bail!(
                    "level directory {} has no finished level of {k} (run the union first)",
                    dir.display()
                ),
            }
        }
        Ok(LayerSet { colex, layers })
    }

    /// Whether `s` is in its layer (false for a layer not loaded).
    #[inline]
    pub fn contains(&self, s: u64) -> bool {
        self.layers[s.count_ones() as usize]
            .as_ref()
            .is_some_and(|l| l.get(self.colex.rank(s)))
    }
}

/// Which pass of [`search`] a visited layer comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pass {
    Reachable,
    Winnable,
}

/// Forward from `starts`, then backward from `goals`: per layer, from the top layer down to
/// the last one reached, the reachable states and those from which a goal can be reached.
/// `key` names the search in a level directory (a rerun with the same key resumes, another key
/// is refused). `visit(pass, colex, layer)` sees each finished reachable layer (top down, saved
/// ones as they are loaded) and then each finished winnable layer.
pub fn search<G: SubsetGraph, F: Fn(u64) -> bool + Sync>(
    g: &G,
    starts: &[u64],
    goals: Goals<F>,
    keep: &Keep,
    key: &str,
    counters: &Counters,
    visit: impl FnMut(Pass, &Colex, &Layer),
) -> Result<Vec<LayerCount>> {
    let mut run = Run::open(g, starts, keep, key, counters)?;
    search_from(&mut run, Some(goals), 0, visit)
}

/// The forward pass of [`search`] alone, stopped at layer `floor`: the reachable states of
/// every layer from the top down to `floor` (or to the last one reached, if higher), as
/// (layer, reachable) from the top. Exact for the layers it lists, and it needs only those
/// layers, two at a time ([`bytes_needed_to`]: none is kept once the next is done); winnable
/// states need the layers below as well, so there are none.
pub fn reach_to<G: SubsetGraph>(
    g: &G,
    starts: &[u64],
    floor: usize,
    keep: &Keep,
    key: &str,
    counters: &Counters,
    mut visit: impl FnMut(&Colex, &Layer),
) -> Result<Vec<(usize, u64)>> {
    let mut run = Run::open(g, starts, keep, key, counters)?;
    run.store.forward_only = true;
    let counts = search_from(&mut run, None::<Goals<fn(u64) -> bool>>, floor, |_, c, l| visit(c, l))?;
    Ok(counts.into_iter().map(|c| (c.k, c.reachable)).collect())
}

/// One run of [`search`] or [`reach_to`]: what every pass reads, and the layers kept or saved.
struct Run<'a, G> {
    g: &'a G,
    starts: &'a [u64],
    counters: &'a Counters,
    colex: Colex,
    n: usize,
    /// The starts' highest layer.
    top: usize,
    store: Store<'a>,
}

impl<'a, G: SubsetGraph> Run<'a, G> {
    fn open(g: &'a G, starts: &'a [u64], keep: &'a Keep, key: &str, counters: &'a Counters) -> Result<Run<'a, G>> {
        let n = g.universe();
        ensure!(!starts.is_empty(), "no start states");
        ensure!(
            starts.iter().all(|&s| n == 64 || s >> n == 0),
            "a start state lies outside the universe"
        );
        Ok(Run {
            g,
            starts,
            counters,
            colex: Colex::new(n),
            n,
            top: starts.iter().map(|s| s.count_ones() as usize).max().unwrap(),
            store: Store::open(keep, key, n)?,
        })
    }

    /// Whether a start lies below layer k (the search goes on past an empty layer until then).
    fn below(&self, k: usize) -> bool {
        self.starts.iter().any(|s| (s.count_ones() as usize) < k)
    }

    /// Sets the starts of layer `layer.k`.
    fn seed(&self, layer: &mut Layer) {
        let k = layer.k;
        for &s in self.starts.iter().filter(|s| s.count_ones() as usize == k) {
            layer.set(self.colex.rank(s));
        }
    }

    /// The forward pass down to `floor`, resuming below the lowest saved layer of an unbroken
    /// run from the top: the reachable states per layer, and the lowest layer reached.
    fn reach(&mut self, floor: usize, visit: &mut impl FnMut(Pass, &Colex, &Layer)) -> Result<(Vec<u64>, usize)> {
        let (colex, counters, top) = (&self.colex, self.counters, self.top);
        let classes = start_classes(self.g, self.starts);
        let mut reachable = vec![0u64; self.n + 1];
        let mut cur: Option<Layer> = None;
        let mut k = top;
        while let Some((layer, count)) = self.store.load("reach", colex, k)? {
            visit(Pass::Reachable, colex, &layer);
            reachable[k] = count;
            counters.add_expanded(colex.count(k));
            cur = Some(layer);
            if k <= floor || count == 0 {
                break;
            }
            k -= 1;
        }
        let mut cur = match cur {
            Some(c) => {
                k = c.k;
                c
            }
            None => {
                let mut first = Layer::empty(colex, top);
                self.seed(&mut first);
                visit(Pass::Reachable, colex, &first);
                reachable[top] = first.count_ones();
                counters.add_expanded(colex.count(top));
                self.store.save("reach", &first, reachable[top])?;
                first
            }
        };
        let mut lowest = k;
        while k > floor && (reachable[k] > 0 || self.below(k)) {
            counters.set_depth(k as u64 - 1);
            let mut next = forward(self.g, colex, &cur, reachable[k], classes, counters);
            self.seed(&mut next);
            let count = next.count_ones();
            if count == 0 && !self.below(k - 1) {
                break;
            }
            reachable[k - 1] = count;
            visit(Pass::Reachable, colex, &next);
            self.store.save("reach", &next, count)?;
            self.store.keep(std::mem::replace(&mut cur, next));
            k -= 1;
            lowest = k;
        }
        self.store.keep(cur);
        Ok((reachable, lowest))
    }

    /// The winnable pass for [`Goals::ComplementsOfStarts`] when complementing reverses moves:
    /// layers k and n-k together, W[k] = R[k] AND reversed R[n-k], W[n-k] = reversed W[k]; for a
    /// graph of orbit leaders, each state of R[k] kept iff its complement's leader is in R[n-k].
    fn winnable_mirrored(&mut self, lowest: usize, visit: &mut impl FnMut(Pass, &Colex, &Layer)) -> Result<Vec<u64>> {
        let (colex, counters, n, top) = (&self.colex, self.counters, self.n, self.top);
        let mut winnable = vec![0u64; n + 1];
        for k in lowest..=top {
            let j = n - k;
            if j < k {
                break;
            }
            counters.set_depth(k as u64);
            let rk = self.store.take("reach", colex, k)?;
            let rj = if j == k {
                None
            } else if (lowest..=top).contains(&j) {
                Some(self.store.take("reach", colex, j)?)
            } else {
                Some(Layer::empty(colex, j))
            };
            if self.g.leaders_only() {
                // W[k] from a copy of R[k]; W[n-k] in place of R[n-k], which W[k] no longer needs.
                let mut wk = rk.clone();
                and_mirrored_leaders(self.g, colex, &mut wk, rj.as_ref().unwrap_or(&rk), counters);
                winnable[k] = wk.count_ones();
                visit(Pass::Winnable, colex, &wk);
                drop(wk);
                if let (Some(mut wj), true) = (rj, j <= top) {
                    and_mirrored_leaders(self.g, colex, &mut wj, &rk, counters);
                    winnable[j] = wj.count_ones();
                    visit(Pass::Winnable, colex, &wj);
                }
                continue;
            }
            let wk = and_reversed(Some(&rk), rj.as_ref().unwrap_or(&rk), k, counters);
            drop((rk, rj));
            winnable[k] = wk.count_ones();
            visit(Pass::Winnable, colex, &wk);
            if j != k && j <= top {
                let wj = and_reversed(None, &wk, j, counters);
                winnable[j] = winnable[k];
                visit(Pass::Winnable, colex, &wj);
            }
        }
        Ok(winnable)
    }

    /// The winnable pass pulled bottom up from the goals, resuming above the highest saved
    /// winnable layer.
    fn winnable_pulled<F: Fn(u64) -> bool + Sync>(
        &mut self,
        goals: Goals<F>,
        lowest: usize,
        visit: &mut impl FnMut(Pass, &Colex, &Layer),
    ) -> Result<Vec<u64>> {
        let (colex, counters, n, top) = (&self.colex, self.counters, self.n, self.top);
        let starts_set: std::collections::HashSet<u64> = self.starts.iter().copied().collect();
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let is_goal = |s: u64| match &goals {
            Goals::Where(f) => f(s),
            Goals::ComplementsOfStarts => starts_set.contains(&self.g.leader(!s & full)),
        };
        let mut winnable = vec![0u64; n + 1];
        let mut below: Option<Layer> = None;
        let mut k = lowest;
        while k <= top && self.store.has("win", k) {
            let Some((layer, count)) = self.store.load("win", colex, k)? else {
                bail!(
                    "level file {} vanished while being read",
                    self.store
                        .dir
                        .map_or_else(PathBuf::new, |d| Store::path(d, "win", k))
                        .display()
                )
            };
            winnable[k] = count;
            visit(Pass::Winnable, colex, &layer);
            counters.add_expanded(colex.count(k));
            below = Some(layer);
            k += 1;
        }
        while k <= top {
            counters.set_depth(k as u64);
            let mut layer = self.store.take("reach", colex, k)?;
            pull_backward(self.g, colex, &mut layer, below.as_ref(), &is_goal, counters);
            winnable[k] = layer.count_ones();
            self.store.save("win", &layer, winnable[k])?;
            visit(Pass::Winnable, colex, &layer);
            below = Some(layer);
            k += 1;
        }
        Ok(winnable)
    }
}

/// [`search`] (`goals` given) or [`reach_to`] (none, stopped at `floor`) on an opened run.
fn search_from<G: SubsetGraph, F: Fn(u64) -> bool + Sync>(
    run: &mut Run<G>,
    goals: Option<Goals<F>>,
    floor: usize,
    mut visit: impl FnMut(Pass, &Colex, &Layer),
) -> Result<Vec<LayerCount>> {
    let top = run.top;
    ensure!(
        floor <= top,
        "the lowest layer asked for ({floor}) lies above the starts' ({top})"
    );
    let passes = if goals.is_some() { 2 } else { 1 };
    let estimate: u64 = (floor..=top).map(|k| run.colex.count(k)).sum();
    run.counters
        .total
        .store(passes * estimate, std::sync::atomic::Ordering::Relaxed);
    let (reachable, lowest) = run.reach(floor, &mut visit)?;
    let winnable = match goals {
        None => vec![0u64; run.n + 1],
        Some(Goals::ComplementsOfStarts) if run.g.complement_reverses_moves() => {
            run.winnable_mirrored(lowest, &mut visit)?
        }
        Some(goals) => run.winnable_pulled(goals, lowest, &mut visit)?,
    };
    Ok((lowest..=top)
        .rev()
        .map(|k| LayerCount {
            k,
            reachable: reachable[k],
            winnable: winnable[k],
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::graph::bfs::{self, Limits};
    use crate::engine::model::{Model, Ranked, Reversed, Reversible};

    #[test]
    fn pushed_layers_are_the_bfs_levels() {
        for seed in 0..30u64 {
            let n = 6 + (seed % 7) as usize;
            let g = RandomLayered::new(n, seed + 7);
            let start = ((1u64 << n) - 1) & !(1 << (seed as usize % n));
            let colex = Colex::new(n);
            let got = push_layers(&g, &colex, start, &Counters::default());
            let want = bfs::reference_levels(&g, &[start]);
            let want: Vec<Vec<u64>> = want.into_iter().filter(|l| !l.is_empty()).collect();
            assert_eq!(got, want, "seed {seed}");
        }
    }

    #[test]
    fn a_dense_index_finds_each_listed_state_at_its_position() {
        let colex = Colex::new(12);
        let mut x = 77u64;
        for k in [0usize, 1, 5, 6, 12] {
            let all: Vec<u64> = (0u64..1 << 12).filter(|s| s.count_ones() as usize == k).collect();
            let listed: Vec<u64> = all
                .iter()
                .copied()
                .filter(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    !x.is_multiple_of(3)
                })
                .collect();
            let index = DenseIndex::new(&colex, &listed);
            for &s in &all {
                assert_eq!(index.find(s), listed.iter().position(|&t| t == s), "k {k} state {s:b}");
            }
            if !listed.is_empty() {
                assert_eq!(index.find(listed[0] << 1 | 1), None, "another size");
            }
        }
    }

    #[test]
    fn colex_ranks_are_dense_and_ordered() {
        for n in [0usize, 1, 5, 9, 12] {
            let colex = Colex::new(n);
            for k in 0..=n {
                let mut states: Vec<u64> = (0..1u64 << n).filter(|s| s.count_ones() as usize == k).collect();
                states.sort();
                assert_eq!(states.len() as u64, colex.count(k));
                for (r, &s) in states.iter().enumerate() {
                    assert_eq!(colex.rank(s), r as u64, "n {n} k {k} s {s:b}");
                    assert_eq!(colex.unrank(k, r as u64), s);
                    if r + 1 < states.len() {
                        assert_eq!(Colex::next(s), states[r + 1]);
                    }
                }
            }
        }
        // Large universes: round trips at scattered ranks.
        let colex = Colex::new(36);
        for k in [1usize, 17, 18, 35] {
            for i in 0..200u64 {
                let r = (i * 0x9E37_79B9_7F4A_7C15) % colex.count(k);
                let s = colex.unrank(k, r);
                assert_eq!(s.count_ones() as usize, k);
                assert_eq!(colex.rank(s), r);
                if r + 1 < colex.count(k) {
                    assert_eq!(colex.rank(Colex::next(s)), r + 1);
                }
            }
        }
    }

    /// A random layered graph on the subsets of 0..n: each state has up to 3 successors, each
    /// the state with one element removed or one swapped, fixed by `seed`.
    struct RandomLayered {
        n: usize,
        succ: Vec<Vec<u64>>,
        pred: Vec<Vec<u64>>,
        /// Claims `complement_reverses_moves` (true only after [`RandomLayered::make_dual`]).
        dual: bool,
    }

    impl RandomLayered {
        fn new(n: usize, seed: u64) -> RandomLayered {
            let mut x = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let mut next = || {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                x >> 33
            };
            let size = 1usize << n;
            let mut succ = vec![Vec::new(); size];
            let mut pred = vec![Vec::new(); size];
            for s in 0..size as u64 {
                let k = s.count_ones() as usize;
                if k == 0 {
                    continue;
                }
                for _ in 0..next() % 4 {
                    // Remove one element, then maybe move another one.
                    let elems: Vec<usize> = (0..n).filter(|&i| s >> i & 1 == 1).collect();
                    let mut c = s & !(1 << elems[(next() as usize) % k]);
                    if next() % 2 == 0 && c != 0 {
                        let ones: Vec<usize> = (0..n).filter(|&i| c >> i & 1 == 1).collect();
                        let zeros: Vec<usize> = (0..n).filter(|&i| c >> i & 1 == 0).collect();
                        c = c & !(1 << ones[next() as usize % ones.len()]) | 1 << zeros[next() as usize % zeros.len()];
                    }
                    if !succ[s as usize].contains(&c) {
                        succ[s as usize].push(c);
                        pred[c as usize].push(s);
                    }
                }
            }
            RandomLayered {
                n,
                succ,
                pred,
                dual: false,
            }
        }

        /// Adds !c -> !p for every move p -> c, so complementing reverses every move.
        fn make_dual(mut self) -> RandomLayered {
            let full = (1u64 << self.n) - 1;
            for p in 0..self.succ.len() as u64 {
                for c in self.succ[p as usize].clone() {
                    let (a, b) = (!c & full, !p & full);
                    if !self.succ[a as usize].contains(&b) {
                        self.succ[a as usize].push(b);
                        self.pred[b as usize].push(a);
                    }
                }
            }
            self.dual = true;
            self
        }
    }

    impl SubsetGraph for RandomLayered {
        fn universe(&self) -> usize {
            self.n
        }
        fn any_predecessor(&self, s: u64, test: impl FnMut(u64) -> bool) -> bool {
            self.pred[s as usize].iter().copied().any(test)
        }
        fn any_successor(&self, s: u64, test: impl FnMut(u64) -> bool) -> bool {
            self.succ[s as usize].iter().copied().any(test)
        }
        fn complement_reverses_moves(&self) -> bool {
            self.dual
        }
    }

    impl Model for RandomLayered {
        type State = u64;
        type Action = ();
        fn successors(&self, s: u64, out: &mut Vec<((), u64)>) {
            out.extend(self.succ[s as usize].iter().map(|&c| ((), c)));
        }
    }

    impl Reversible for RandomLayered {
        fn predecessors(&self, s: u64, out: &mut Vec<((), u64)>) {
            out.extend(self.pred[s as usize].iter().map(|&p| ((), p)));
        }
    }

    impl Ranked for RandomLayered {
        fn space_size(&self) -> u64 {
            1 << self.n
        }
        fn rank(&self, s: u64) -> u64 {
            s
        }
        fn unrank(&self, r: u64) -> u64 {
            r
        }
    }

    /// The flat-bitset BFS's answer: per layer, reachable and winnable (goal: one element).
    fn flat(g: &RandomLayered, starts: &[u64]) -> (Vec<u64>, Vec<u64>) {
        let c = Counters::default();
        let reach = bfs::explore(g, starts, Limits::default(), &c, |_, _| {});
        let goals: Vec<u64> = (0..g.n).map(|i| 1u64 << i).filter(|&b| reach.visited.get(b)).collect();
        let win = bfs::explore(
            &Reversed(g),
            &goals,
            Limits {
                within: Some(&reach.visited),
                max_depth: None,
            },
            &c,
            |_, _| {},
        );
        (reach.visited.ones().collect(), win.visited.ones().collect())
    }

    /// A pulled layer against a plain reading of the definition, on random graphs and random
    /// layers above of every density (states with no predecessor set, with one, with many).
    #[test]
    fn a_pulled_layer_is_the_set_of_states_with_a_predecessor_above() {
        for seed in 0..40u64 {
            let n = 8 + (seed % 5) as usize;
            let g = RandomLayered::new(n, seed + 500);
            let colex = Colex::new(n);
            let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            for k in 1..=n {
                let mut above = Layer::empty(&colex, k);
                let density = seed % 4; // 0: empty, 1: sparse, 2: half, 3: dense
                for r in 0..above.len {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    if x % 4 < density {
                        above.set(r);
                    }
                }
                let pulled = pull_forward(&g, &colex, &above, &Counters::default());
                assert_eq!(
                    push_forward(&g, &colex, &above, &Counters::default()).words,
                    pulled.words,
                    "seed {seed} layer {k}: push and pull"
                );
                for r in 0..pulled.len {
                    let s = colex.unrank(k - 1, r);
                    let want = g.pred[s as usize].iter().any(|&p| above.get(colex.rank(p)));
                    assert_eq!(pulled.get(r), want, "seed {seed} layer {k} rank {r}");
                }
            }
        }
    }

    #[test]
    fn layered_search_matches_flat_bfs_on_random_graphs() {
        for seed in 0..30u64 {
            let n = 6 + (seed % 6) as usize;
            let g = RandomLayered::new(n, seed);
            let full = (1u64 << n) - 1;
            let starts = [
                full & !(1 << (seed as usize % n)),
                full & !(1 << ((seed as usize * 7 + 1) % n)),
            ];
            let (want_reach, want_win) = flat(&g, &starts);
            let (mut got_reach, mut got_win) = (Vec::new(), Vec::new());
            let counts = search(
                &g,
                &starts,
                Goals::Where(|s: u64| s.count_ones() == 1),
                &Keep::Memory,
                "test",
                &Counters::default(),
                |pass, colex, l| match pass {
                    Pass::Reachable => got_reach.extend(l.par_states(colex)),
                    Pass::Winnable => got_win.extend(l.par_states(colex)),
                },
            )
            .unwrap();
            got_win.sort();
            got_reach.sort();
            assert_eq!(got_win, want_win, "seed {seed}");
            assert_eq!(
                got_reach, want_reach,
                "seed {seed}: every reachable layer is visited once"
            );
            for c in &counts {
                let r = want_reach.iter().filter(|s| s.count_ones() as usize == c.k).count() as u64;
                assert_eq!(c.reachable, r, "seed {seed} layer {}", c.k);
            }
            assert_eq!(
                counts.iter().map(|c| c.reachable).sum::<u64>(),
                want_reach.len() as u64,
                "seed {seed}"
            );
        }
    }

    /// The forward pass stopped at a floor lists exactly the full search's layers down to it,
    /// in memory and in a directory (where a later run with a lower floor resumes).
    #[test]
    fn a_search_stopped_at_a_floor_lists_the_same_layers() {
        for seed in 0..10u64 {
            let n = 8 + (seed % 4) as usize;
            let g = RandomLayered::new(n, seed + 900);
            let starts = [(1u64 << n) - 1 - (1 << (seed as usize % n)), (1u64 << n) - 1 - 1];
            let full = search(
                &g,
                &starts,
                Goals::Where(|s: u64| s.count_ones() == 1),
                &Keep::Memory,
                "t",
                &Counters::default(),
                |_, _, _| {},
            )
            .unwrap();
            let dir = std::env::temp_dir().join(format!("layered-floor-{}-{seed}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            for floor in [n - 1, n - 3, 2, 0] {
                let want: Vec<(usize, u64)> = full
                    .iter()
                    .filter(|c| c.k >= floor)
                    .map(|c| (c.k, c.reachable))
                    .collect();
                let got = reach_to(&g, &starts, floor, &Keep::Memory, "t", &Counters::default(), |_, _| {}).unwrap();
                assert_eq!(got, want, "seed {seed} floor {floor}");
                let kept = reach_to(
                    &g,
                    &starts,
                    floor,
                    &Keep::Dir(dir.clone()),
                    "t",
                    &Counters::default(),
                    |_, _| {},
                )
                .unwrap();
                assert_eq!(kept, want, "seed {seed} floor {floor}, resumed from a directory");
            }
            let _ = std::fs::remove_dir_all(&dir);
        }
    }

    #[test]
    fn the_complement_shortcut_equals_the_backward_pass() {
        for seed in 0..20u64 {
            let n = 6 + (seed % 6) as usize;
            let mut g = RandomLayered::new(n, seed + 100).make_dual();
            let full = (1u64 << n) - 1;
            let starts: Vec<u64> = (0..n)
                .filter(|i| (seed >> (i % 5)) & 1 == 1 || *i == 0)
                .map(|i| full & !(1 << i))
                .collect();
            let run = |g: &RandomLayered| {
                let mut win = Vec::new();
                let goals = Goals::<fn(u64) -> bool>::ComplementsOfStarts;
                let counts = search(
                    g,
                    &starts,
                    goals,
                    &Keep::Memory,
                    "t",
                    &Counters::default(),
                    |pass, colex, l| {
                        if pass == Pass::Winnable {
                            win.extend(l.par_states(colex))
                        }
                    },
                )
                .unwrap();
                win.sort();
                (counts, win)
            };
            let shortcut = run(&g);
            g.dual = false;
            let backward = run(&g);
            assert_eq!(shortcut, backward, "seed {seed}");
        }
    }

    #[test]
    fn a_search_resumes_from_its_saved_layers() {
        let g = RandomLayered::new(11, 3);
        let starts = [(1u64 << 11) - 2];
        let memory = search(
            &g,
            &starts,
            Goals::Where(|s: u64| s.count_ones() == 1),
            &Keep::Memory,
            "t",
            &Counters::default(),
            |_, _, _| {},
        )
        .unwrap();
        let dir = std::env::temp_dir().join(format!("layered-resume-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let keep = Keep::Dir(dir.clone());
        let first = search(
            &g,
            &starts,
            Goals::Where(|s: u64| s.count_ones() == 1),
            &keep,
            "t",
            &Counters::default(),
            |_, _, _| {},
        )
        .unwrap();
        assert_eq!(first, memory);
        // Interrupted runs: drop the later layers and resume.
        for k in [5usize, 8] {
            let _ = std::fs::remove_file(dir.join(format!("reach-{k:02}.bits")));
            for j in 0..=11 {
                let _ = std::fs::remove_file(dir.join(format!("win-{j:02}.bits")));
            }
            for j in 0..k {
                let _ = std::fs::remove_file(dir.join(format!("reach-{j:02}.bits")));
            }
            let again = search(
                &g,
                &starts,
                Goals::Where(|s: u64| s.count_ones() == 1),
                &keep,
                "t",
                &Counters::default(),
                |_, _, _| {},
            )
            .unwrap();
            assert_eq!(again, memory);
        }
        // A saved backward pass is reused as is.
        let again = search(
            &g,
            &starts,
            Goals::Where(|s: u64| s.count_ones() == 1),
            &keep,
            "t",
            &Counters::default(),
            |_, _, _| {},
        )
        .unwrap();
        assert_eq!(again, memory);
        assert!(search(
            &g,
            &starts,
            Goals::Where(|s: u64| s.count_ones() == 1),
            &keep,
            "other",
            &Counters::default(),
            |_, _, _| {}
        )
        .is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A saved layer that exists but cannot be opened (here a socket, which even root cannot
    /// open) is an error naming the file, in either pass: never a panic, never a silent recompute.
    #[test]
    fn an_unreadable_level_file_is_an_error_naming_it() {
        let g = RandomLayered::new(11, 3);
        let starts = [(1u64 << 11) - 2];
        let goals = || Goals::Where(|s: u64| s.count_ones() == 1);
        for file in ["win-05.bits", "reach-09.bits"] {
            let dir = std::env::temp_dir().join(format!("layered-unreadable-{}-{file}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            let keep = Keep::Dir(dir.clone());
            search(&g, &starts, goals(), &keep, "t", &Counters::default(), |_, _, _| {}).unwrap();
            let path = dir.join(file);
            assert!(path.exists(), "{file} was saved");
            std::fs::remove_file(&path).unwrap();
            let _socket = std::os::unix::net::UnixListener::bind(&path).unwrap();
            let err = search(&g, &starts, goals(), &keep, "t", &Counters::default(), |_, _, _| {})
                .unwrap_err()
                .to_string();
            assert!(
                err.contains(&path.display().to_string()) && !err.contains('\n'),
                "{err}"
            );
            let _ = std::fs::remove_dir_all(&dir);
        }
    }
}
