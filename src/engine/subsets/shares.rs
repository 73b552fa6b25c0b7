//! How the ranks of a cluster share each layer of the distributed layered search
//! ([`super::layered_dist`]): the cuts by the top elements ([`Split`]), each rank's range of a
//! layer ([`Spans`]) and its bits ([`Part`]), and the counting of subsets below a value with some
//! elements fixed that both the cuts and the flip bits ([`super::flip_bits`]) rest on.

use super::layered::{binomial, Colex};
use rayon::prelude::*;

/// How R ranks split a layer: rank j owns the states whose top `bits` elements, read as a
/// number, lie in `cut[j]..cut[j + 1]`. More pattern bits than ranks (8 patterns per rank) let
/// the cuts balance a layer within about 1/8 of a rank's share. Each layer has its own cuts
/// ([`super::layered_dist::next_split`]: the predicted work of its pull balanced); a step from
/// layer k to k-1 first re-cuts layer k as layer k-1 is cut
/// ([`super::layered_dist::repartition`]), so that both share one split and only the moves
/// changing a top element cross ranks.
#[derive(Clone, Debug, PartialEq)]
pub struct Split {
    n: usize,
    pub(super) bits: usize,
    /// R + 1 patterns, ascending, from 0 to 2^bits.
    pub(super) cut: Vec<u64>,
}

impl Split {
    /// Pattern bits for R ranks: 8 patterns or more per rank (none for one rank). More per rank
    /// cut closer to the balance, but widen the masks: more moves cross ranks, runs shorten,
    /// and the search was slower with 32.
    pub(super) fn bits_for(n: usize, ranks: usize) -> usize {
        assert!(ranks >= 1);
        if ranks == 1 {
            0
        } else {
            (ranks.next_power_of_two().trailing_zeros() as usize + 3).min(n)
        }
    }

    pub fn ranks(&self) -> usize {
        self.cut.len() - 1
    }

    /// Patterns (2^bits).
    pub fn patterns(&self) -> usize {
        1 << self.bits
    }

    /// Cuts that balance `weight` (one per pattern, ascending) over the ranks: rank j starts at
    /// the first pattern whose middle lies past j/R of the total.
    pub fn weighted(n: usize, ranks: usize, weight: &[f64]) -> Split {
        let bits = Split::bits_for(n, ranks);
        assert_eq!(weight.len(), 1 << bits);
        let total: f64 = weight.iter().sum();
        let mut cut = vec![1u64 << bits; ranks + 1];
        cut[0] = 0;
        let (mut before, mut j) = (0f64, 1usize);
        for (q, &w) in weight.iter().enumerate() {
            while j < ranks && (before + w / 2.0) * ranks as f64 >= j as f64 * total {
                cut[j] = q as u64;
                j += 1;
            }
            before += w;
        }
        Split { n, bits, cut }
    }

    /// Cuts that balance layer k's states.
    pub fn sized(n: usize, ranks: usize, k: usize) -> Split {
        let bits = Split::bits_for(n, ranks);
        let weight: Vec<f64> = (0..1u64 << bits)
            .map(|q| choose(n - bits, k.wrapping_sub(q.count_ones() as usize)) as f64)
            .collect();
        Split::weighted(n, ranks, &weight)
    }

    /// Cuts that balance the largest layer (n/2 elements).
    pub fn new(n: usize, ranks: usize) -> Split {
        Split::sized(n, ranks, n / 2)
    }

    /// Where each rank's range of layer k starts (R + 1 colex ranks, the last C(n, k)).
    pub fn starts(&self, k: usize) -> Vec<u64> {
        self.cut.iter().map(|&q| self.pattern_start(k, q)).collect()
    }

    /// The first colex rank of layer k whose pattern is q or above (C(n, k) past the last).
    pub(super) fn pattern_start(&self, k: usize, q: u64) -> u64 {
        if q >> self.bits != 0 {
            binomial(self.n, k)
        } else {
            count_below(self.n, k, q << (self.n - self.bits))
        }
    }

    /// The elements whose change can move a state to another rank: the top ones down to the
    /// lowest pattern bit that some cut sets. Below it every cut is a multiple of a power of two,
    /// and a change there keeps the pattern inside one aligned block, on one rank (over 2 ranks
    /// a cut at the middle pattern is the top element alone).
    pub fn mask(&self) -> u64 {
        let inner = &self.cut[1..self.cut.len() - 1];
        let low = inner
            .iter()
            .filter(|&&q| q != 0 && q >> self.bits == 0)
            .map(|q| q.trailing_zeros() as usize)
            .min();
        match low {
            None => 0,
            Some(z) => (u64::MAX >> (64 - (self.bits - z))) << (self.n - self.bits + z),
        }
    }

    /// Every pattern element: the widest [`Split::mask`] any split over R ranks has.
    pub fn widest_mask(n: usize, ranks: usize) -> u64 {
        let bits = Split::bits_for(n, ranks);
        if bits == 0 {
            0
        } else {
            (u64::MAX >> (64 - bits)) << (n - bits)
        }
    }
}

/// C(a, b) for a, b <= 64 (Pascal's triangle; C(64, 32) < 2^64): flip indices are counted per
/// state on some walks, where [`binomial`]'s divisions would dominate.
static BINOM: [[u64; 65]; 65] = {
    let mut t = [[0u64; 65]; 65];
    let mut a = 0;
    while a <= 64 {
        t[a][0] = 1;
        let mut b = 1;
        while b <= a {
            t[a][b] = t[a - 1][b - 1] + if b < a { t[a - 1][b] } else { 0 };
            b += 1;
        }
        a += 1;
    }
    t
};

/// C(a, b), 0 when b > a (b wrapped below zero included).
#[inline]
pub fn choose(a: usize, b: usize) -> u64 {
    if b > a {
        0
    } else {
        BINOM[a][b]
    }
}

/// The number of k-element subsets s of 0..n with `s & fixed == pattern` whose integer value lies
/// below `v` (all of them when v >= 2^n): for a state with that pattern, its flip index.
pub fn count_below_fixed(n: usize, k: usize, v: u64, fixed: u64, pattern: u64) -> u64 {
    let below = |i: usize| if i >= 64 { u64::MAX } else { (1u64 << i) - 1 };
    // Subsets agreeing with v above position i (holding `ones` elements there), with free
    // positions below i filled so that the subset has k elements in all.
    let fills = |ones: usize, i: usize| {
        let free = i - (fixed & below(i)).count_ones() as usize;
        let fixed_ones = (pattern & below(i)).count_ones() as usize;
        choose(free, k.wrapping_sub(ones).wrapping_sub(fixed_ones))
    };
    if n < 64 && v >> n != 0 {
        return fills(0, n);
    }
    let (mut count, mut ones) = (0u64, 0usize);
    for i in (0..n).rev() {
        let bit = 1u64 << i;
        let high = v & bit != 0;
        if fixed & bit != 0 {
            let want = pattern & bit != 0;
            if high == want {
                ones += want as usize;
                continue;
            }
            // v leaves the pattern here: every subset agreeing above lies below v (v has the
            // element, the pattern not) or above it.
            if high {
                count += fills(ones, i);
            }
            break;
        }
        if high {
            count += fills(ones, i);
            ones += 1;
        }
    }
    count
}

/// The number of k-element subsets of 0..n whose integer value lies below `v` (a flip index with
/// nothing fixed).
pub(super) fn count_below(n: usize, k: usize, v: u64) -> u64 {
    count_below_fixed(n, k, v, 0, 0)
}

/// Each rank's range of one layer of `len` states under the [`Split`] of its ranks.
#[derive(Clone, Debug)]
pub struct Spans {
    pub k: usize,
    pub len: u64,
    /// lo[j]..lo[j+1]: rank j's ranks (R + 1 entries).
    pub lo: Vec<u64>,
    /// First state of each rank's range (of the next non-empty range when empty), ascending.
    first: Vec<u64>,
}

impl Spans {
    pub fn new(colex: &Colex, k: usize, ranks: usize) -> Spans {
        Spans::of(colex, &Split::sized(colex.universe(), ranks, k), k)
    }

    pub fn of(colex: &Colex, split: &Split, k: usize) -> Spans {
        let ranks = split.cut.len() - 1;
        let len = colex.count(k);
        let lo = split.starts(k);
        let mut first = vec![u64::MAX; ranks];
        for j in (0..ranks).rev() {
            first[j] = if lo[j] < lo[j + 1] {
                colex.unrank(k, lo[j])
            } else {
                first.get(j + 1).copied().unwrap_or(u64::MAX)
            };
        }
        Spans { k, len, lo, first }
    }

    pub fn ranks(&self) -> usize {
        self.first.len()
    }

    /// The rank that owns state `s` of this layer.
    #[inline]
    pub fn owner(&self, s: u64) -> usize {
        self.first.partition_point(|&f| f <= s).max(1) - 1
    }

    /// States (as integers) of rank j's range: `first..end`.
    pub fn states(&self, j: usize) -> (u64, u64) {
        (self.first[j], self.first.get(j + 1).copied().unwrap_or(u64::MAX))
    }

    pub(super) fn words(&self, j: usize) -> usize {
        (self.lo[j + 1] - self.lo[j]).div_ceil(64) as usize
    }
}

/// One rank's range lo..hi of a layer as a bit array (bit i = rank lo + i).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    pub k: usize,
    pub lo: u64,
    pub hi: u64,
    pub words: Vec<u64>,
}

impl Part {
    pub fn empty(spans: &Spans, rank: usize) -> Part {
        let (lo, hi) = (spans.lo[rank], spans.lo[rank + 1]);
        Part {
            k: spans.k,
            lo,
            hi,
            words: vec![0; (hi - lo).div_ceil(64) as usize],
        }
    }

    #[inline]
    pub(super) fn get(&self, r: u64) -> bool {
        let i = r - self.lo;
        self.words[(i >> 6) as usize] >> (i & 63) & 1 == 1
    }

    pub(super) fn set(&mut self, r: u64) {
        let i = r - self.lo;
        self.words[(i >> 6) as usize] |= 1 << (i & 63);
    }

    pub fn count_ones(&self) -> u64 {
        self.words.par_iter().map(|w| w.count_ones() as u64).sum()
    }
}

/// Bits `q..q + 64` of `words` (bits outside read as zero).
#[inline]
pub fn window(words: &[u64], q: i64) -> u64 {
    let word = |i: i64| {
        if i < 0 || i as usize >= words.len() {
            0
        } else {
            words[i as usize]
        }
    };
    let (i, sh) = (q.div_euclid(64), q.rem_euclid(64) as u32);
    if sh == 0 {
        word(i)
    } else {
        word(i) >> sh | word(i + 1) << (64 - sh)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_binomial_table_is_pascals() {
        for a in 0..=64usize {
            for b in 0..=a {
                assert_eq!(choose(a, b), binomial(a, b), "C({a}, {b})");
            }
            assert_eq!(choose(a, a + 1), 0, "C({a}, {})", a + 1);
        }
    }
}
