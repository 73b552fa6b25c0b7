//! The moves that cross ranks in the distributed layered search (`super::layered_dist`),
//! exchanged as bits rather than as states.
//!
//! A fixed flip (f, before) (a move that changes the elements of f from `before` to
//! `after = f ^ before`, [`super::layered::SubsetGraph::moves_changing`]) applies to the states s
//! of layer k with `s & f == before` and maps them onto the states of layer k-1 with
//! `s & f == after`, keeping their order: s ^ f = s - before + after. Number the states of each
//! side in ascending order (their *flip index*, [`count_below_fixed`]): a state and its image
//! have the same index. So for each crossing flip a rank sends another one bit per index in the
//! range where its share of layer k meets the other's share of layer k-1 (set when the state of
//! layer k is reachable), and the receiver, pulling its share of layer k-1, reads a predecessor
//! that another rank owns from those bits by index. Nothing is sorted, coded or ranked, and no
//! index is found per state: the states that agree on the elements the flips touch and above (a
//! *run*, [`run_shift`]) have consecutive ranks and consecutive flip indices, so the outgoing bits
//! are copied a run at a time ([`outgoing`]) and the pull keeps one offset per run. A bit per
//! state the flip applies to is several times less than the successors pushed as states (which
//! were also sorted, coded and ranked).

use super::layered::Colex;
pub use super::shares::count_below_fixed;
use super::shares::{choose, window, Part, Spans};
use crate::engine::runtime::cluster::Cluster;
use anyhow::{ensure, Result};

/// The flip indices of rank j's share of a layer (`spans`) among the states with `pattern` on
/// `flip`: a range, since the share is a range of values.
pub fn share_range(n: usize, spans: &Spans, j: usize, flip: u64, pattern: u64) -> (u64, u64) {
    let (first, end) = spans.states(j);
    (
        count_below_fixed(n, spans.k, first, flip, pattern),
        count_below_fixed(n, spans.k, end, flip, pattern),
    )
}

/// One rank's bits of one layer seen through each crossing flip: for flip i, bit x - ranges[i].0
/// stands for the state of flip index x (pattern `before` when outgoing, `after` when incoming).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FlipBits {
    pub ranges: Vec<(u64, u64)>,
    pub words: Vec<Vec<u64>>,
}

/// Which side of its flips a [`FlipBits`] holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The states the flips apply to (layer k, sent).
    Before,
    /// Their images (layer k-1, received).
    After,
}

/// The pattern a flip's states have on `side`.
#[inline]
pub fn pattern(flip: (u64, u64), side: Side) -> u64 {
    match side {
        Side::Before => flip.1,
        Side::After => flip.0 ^ flip.1,
    }
}

impl FlipBits {
    /// All clear, for rank j's step from layer k (`up`) to layer k-1 (`down`): per flip, the
    /// indices of its share on `side` that the other side's share of this rank does not hold
    /// (those alone go to or come from other ranks; a flip's own-rank images are pulled
    /// locally), as one range.
    pub fn empty(n: usize, up: &Spans, down: &Spans, j: usize, flips: &[(u64, u64)], side: Side) -> FlipBits {
        let ranges = FlipBits::ranges(n, up, down, j, flips, side);
        let words = ranges
            .iter()
            .map(|&(lo, hi)| vec![0u64; (hi - lo).div_ceil(64) as usize])
            .collect();
        FlipBits { ranges, words }
    }

    /// The ranges of [`FlipBits::empty`].
    pub fn ranges(n: usize, up: &Spans, down: &Spans, j: usize, flips: &[(u64, u64)], side: Side) -> Vec<(u64, u64)> {
        flips
            .iter()
            .map(|&f| {
                let (a, b) = (
                    share_range(n, up, j, f.0, f.1),
                    share_range(n, down, j, f.0, pattern(f, Side::After)),
                );
                match side {
                    Side::Before => hull_without(a, b),
                    Side::After => hull_without(b, a),
                }
            })
            .collect()
    }

    /// Bit x - ranges[i].0 for flip index x, false outside the range.
    #[inline]
    pub fn get(&self, i: usize, x: u64) -> bool {
        let at = x.wrapping_sub(self.ranges[i].0);
        at < self.ranges[i].1 - self.ranges[i].0 && self.words[i][(at >> 6) as usize] >> (at & 63) & 1 == 1
    }
}

/// The lowest element any of `flips` changes (64 for none). The states of a layer that agree
/// from there up, a *run* of consecutive ranks, match the same flips' patterns, and match them
/// with consecutive flip indices: flip bits are copied a run at a time, not found per state.
pub fn run_shift(flips: &[(u64, u64)]) -> u32 {
    flips.iter().fold(0u64, |m, f| m | f.0).trailing_zeros()
}

/// One past the last rank of the run (under `shift`) that holds state `s` of layer k.
pub fn run_end(n: usize, k: usize, s: u64, shift: u32) -> u64 {
    if shift as usize >= n {
        return choose(n, k);
    }
    count_below_fixed(n, k, ((s >> shift) + 1) << shift, 0, 0)
}

/// Rank j's outgoing flip bits of its share `part` of layer k (over `up`, for the step to `down`):
/// each run's bits copied to each flip whose `before` pattern it has.
pub fn outgoing(colex: &Colex, up: &Spans, down: &Spans, j: usize, flips: &[(u64, u64)], part: &Part) -> FlipBits {
    let (n, k) = (colex.universe(), part.k);
    let mut fb = FlipBits::empty(n, up, down, j, flips, Side::Before);
    let shift = run_shift(flips);
    let mut r = part.lo;
    while r < part.hi && !flips.is_empty() {
        let s = colex.unrank(k, r);
        let end = run_end(n, k, s, shift).min(part.hi);
        for (i, &(f, before)) in flips.iter().enumerate() {
            if s & f == before {
                // The run's indices x..x + (end - r), clipped to what this flip sends.
                let x = count_below_fixed(n, k, s, f, before);
                let (lo, hi) = (x.max(fb.ranges[i].0), (x + end - r).min(fb.ranges[i].1));
                if lo < hi {
                    copy_bits(
                        &part.words,
                        r - part.lo + lo - x,
                        &mut fb.words[i],
                        lo - fb.ranges[i].0,
                        hi - lo,
                    );
                }
            }
        }
        r = end;
    }
    fb
}

/// The smallest range holding the indices of `a` outside `b`.
fn hull_without(a: (u64, u64), b: (u64, u64)) -> (u64, u64) {
    let (left, right) = ((a.0, a.1.min(b.0).max(a.0)), (b.1.max(a.0).min(a.1), a.1));
    match (left.0 < left.1, right.0 < right.1) {
        (true, true) => a,
        (true, false) => left,
        (false, true) => right,
        (false, false) => (a.0, a.0),
    }
}

/// Every rank's [`share_range`] of every flip: `[rank][flip]`.
pub fn all_ranges(n: usize, spans: &Spans, flips: &[(u64, u64)], side: Side) -> Vec<Vec<(u64, u64)>> {
    (0..spans.ranks())
        .map(|j| {
            flips
                .iter()
                .map(|&f| share_range(n, spans, j, f.0, pattern(f, side)))
                .collect()
        })
        .collect()
}

/// The largest rank's bytes of flip bits received in the step from layer k (`up`) to layer k-1
/// (`down`), for memory estimates.
pub fn bytes_received(n: usize, up: &Spans, down: &Spans, flips: &[(u64, u64)]) -> u64 {
    (0..up.ranks())
        .map(|j| {
            FlipBits::ranges(n, up, down, j, flips, Side::After)
                .iter()
                .map(|&(lo, hi)| (hi - lo).div_ceil(64) * 8)
                .sum::<u64>()
        })
        .max()
        .unwrap_or(0)
}

/// What rank j sends rank d for one step: per flip, the flip indices that j's share of layer k
/// (`sent[j]`) and d's share of layer k-1 (`got[d]`) have in common (none to itself).
fn segments(sent: &[Vec<(u64, u64)>], got: &[Vec<(u64, u64)>], j: usize, d: usize) -> Vec<(usize, u64, u64)> {
    if j == d {
        return Vec::new();
    }
    sent[j]
        .iter()
        .zip(&got[d])
        .enumerate()
        .filter_map(|(i, (&(a0, a1), &(b0, b1)))| {
            let (lo, hi) = (a0.max(b0), a1.min(b1));
            (lo < hi).then_some((i, lo, hi))
        })
        .collect()
}

fn length(segs: &[(usize, u64, u64)]) -> u64 {
    segs.iter().map(|s| s.2 - s.1).sum()
}

/// Bits the whole exchange of one step sends, over all ranks: per flip, its index space less
/// what each rank keeps (its share of layer k meets its own share of layer k-1), since the
/// shares of either side cover the index space. Each round's message is this rounded up to whole
/// words.
pub fn bits_exchanged(n: usize, up: &Spans, down: &Spans, flips: &[(u64, u64)]) -> u64 {
    let (sent, got) = (
        all_ranges(n, up, flips, Side::Before),
        all_ranges(n, down, flips, Side::After),
    );
    let total: u64 = flips
        .iter()
        .map(|&f| count_below_fixed(n, up.k, u64::MAX, f.0, f.1))
        .sum();
    let kept: u64 = sent
        .iter()
        .zip(&got)
        .flat_map(|(a, b)| a.iter().zip(b))
        .map(|(&(a0, a1), &(b0, b1))| a1.min(b1).saturating_sub(a0.max(b0)))
        .sum();
    total - kept
}

/// ORs the low `len` (<= 64) bits of `v` into `words` at bit `at`.
#[inline]
fn or64(words: &mut [u64], at: u64, v: u64, len: u64) {
    let v = if len < 64 { v & ((1u64 << len) - 1) } else { v };
    let (i, sh) = ((at >> 6) as usize, at & 63);
    words[i] |= v << sh;
    if sh != 0 && sh + len > 64 {
        words[i + 1] |= v >> (64 - sh);
    }
}

/// Copies `len` bits from `src` at `from` into `dst` at `to` (ORed).
pub fn copy_bits(src: &[u64], from: u64, dst: &mut [u64], to: u64, len: u64) {
    let mut done = 0;
    while done < len {
        let step = (len - done).min(64);
        or64(dst, to + done, window(src, (from + done) as i64), step);
        done += step;
    }
}

/// Sends this rank's outgoing bits of layer k (`out`, over its shares `up`) to the owners of
/// their images in layer k-1 (`down`) and returns its incoming bits of layer k-1, in rounds of at
/// most `batch_bits` bits per pair of ranks (one all-to-all-v each).
pub fn exchange(
    cluster: &dyn Cluster,
    n: usize,
    up: &Spans,
    down: &Spans,
    flips: &[(u64, u64)],
    out: &FlipBits,
    batch_bits: u64,
) -> Result<FlipBits> {
    assert!(batch_bits > 0 && batch_bits.is_multiple_of(64));
    let (me, ranks) = (cluster.rank(), cluster.ranks());
    let mut got = FlipBits::empty(n, up, down, me, flips, Side::After);
    let (sent, gets) = (
        all_ranges(n, up, flips, Side::Before),
        all_ranges(n, down, flips, Side::After),
    );
    let sends: Vec<Vec<(usize, u64, u64)>> = (0..ranks).map(|d| segments(&sent, &gets, me, d)).collect();
    let receives: Vec<Vec<(usize, u64, u64)>> = (0..ranks).map(|j| segments(&sent, &gets, j, me)).collect();
    // Every rank takes part in each round: the rounds of the longest stream of any pair.
    let longest = (0..ranks)
        .flat_map(|j| (0..ranks).map(move |d| (j, d)))
        .map(|(j, d)| length(&segments(&sent, &gets, j, d)))
        .max()
        .unwrap_or(0);
    let rounds = longest.div_ceil(batch_bits);
    for t in 0..rounds {
        let (a, b) = (t * batch_bits, (t + 1) * batch_bits);
        let send: Vec<Vec<u8>> = sends
            .iter()
            .map(|segs| {
                let len = length(segs);
                if a >= len {
                    return Vec::new();
                }
                let mut buf = vec![0u64; (b.min(len) - a).div_ceil(64) as usize];
                let mut at = 0u64;
                for &(i, lo, hi) in segs {
                    // Stream bits at..at + (hi - lo) are this segment's; keep those in a..b.
                    let (s0, s1) = (at.max(a), (at + hi - lo).min(b));
                    if s0 < s1 {
                        copy_bits(&out.words[i], lo + s0 - at - out.ranges[i].0, &mut buf, s0 - a, s1 - s0);
                    }
                    at += hi - lo;
                }
                buf.iter().flat_map(|w| w.to_le_bytes()).collect()
            })
            .collect();
        let received = cluster.all_to_all_v(send)?;
        for (j, bytes) in received.iter().enumerate() {
            let segs = &receives[j];
            let len = length(segs);
            let want = if a >= len {
                0
            } else {
                (b.min(len) - a).div_ceil(64) as usize * 8
            };
            ensure!(
                bytes.len() == want,
                "internal error: rank {me} received {} bytes of flip bits from rank {j}, not {want}",
                bytes.len()
            );
            if want == 0 {
                continue;
            }
            let buf: Vec<u64> = bytes
                .chunks_exact(8)
                .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
                .collect();
            let mut at = 0u64;
            for &(i, lo, hi) in segs {
                let (s0, s1) = (at.max(a), (at + hi - lo).min(b));
                if s0 < s1 {
                    copy_bits(&buf, s0 - a, &mut got.words[i], lo + s0 - at - got.ranges[i].0, s1 - s0);
                }
                at += hi - lo;
            }
        }
    }
    Ok(got)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flip_indices_count_the_subsets_below_with_the_pattern() {
        for n in [1usize, 5, 9, 12] {
            let all = 1u64 << n;
            for fixed in [0u64, 1, 0b101, 0b1110, (all - 1) & 0b1001_0010_0100, (all >> 1) | 1] {
                let fixed = fixed & (all - 1);
                // Every pattern on `fixed` (its subsets).
                let mut pattern = fixed;
                loop {
                    for k in 0..=n {
                        let matching: Vec<u64> = (0..all)
                            .filter(|s| s.count_ones() as usize == k && s & fixed == pattern)
                            .collect();
                        for v in (0..=all)
                            .step_by((all as usize / 61).max(1))
                            .chain(matching.iter().copied())
                            .chain([u64::MAX])
                        {
                            let want = matching.iter().filter(|&&s| s < v).count() as u64;
                            assert_eq!(
                                count_below_fixed(n, k, v, fixed, pattern),
                                want,
                                "n {n} k {k} fixed {fixed:b} pattern {pattern:b} v {v}"
                            );
                        }
                    }
                    if pattern == 0 {
                        break;
                    }
                    pattern = (pattern - 1) & fixed;
                }
            }
        }
    }

    #[test]
    fn a_flip_keeps_the_index() {
        let n = 11;
        let (f, before) = (0b1_0000_1001u64, 0b1_0000_0001u64);
        for k in 2..n {
            for s in (0u64..1 << n).filter(|s| s.count_ones() as usize == k && s & f == before) {
                assert_eq!(
                    count_below_fixed(n, k, s, f, before),
                    count_below_fixed(n, k - 1, s ^ f, f, f ^ before)
                );
            }
        }
    }

    /// The exchange's size from the ranks' own shares against the sum over every pair's
    /// segments, and each segment inside both sides' ranges.
    #[test]
    fn bits_exchanged_are_every_pairs_segments() {
        use super::super::shares::Split;
        let n = 14;
        let colex = Colex::new(n);
        for ranks in 1..=6 {
            let split = Split::new(n, ranks);
            let mask = split.mask();
            // The line's jumps (3 consecutive holes) that touch the mask, as flips.
            let flips: Vec<(u64, u64)> = (0..n - 2)
                .flat_map(|i| [(0b111u64 << i, 0b011u64 << i), (0b111 << i, 0b110 << i)])
                .filter(|f| f.0 & mask != 0)
                .collect();
            for k in 1..=n {
                let (up, down) = (Spans::of(&colex, &split, k), Spans::of(&colex, &split, k - 1));
                let (sent, got) = (
                    all_ranges(n, &up, &flips, Side::Before),
                    all_ranges(n, &down, &flips, Side::After),
                );
                let mut pairs = 0;
                for j in 0..ranks {
                    for d in 0..ranks {
                        for (i, lo, hi) in segments(&sent, &got, j, d) {
                            assert!(sent[j][i].0 <= lo && hi <= sent[j][i].1 && got[d][i].0 <= lo && hi <= got[d][i].1);
                            pairs += hi - lo;
                        }
                    }
                }
                assert_eq!(bits_exchanged(n, &up, &down, &flips), pairs, "R {ranks} k {k}");
            }
        }
    }

    #[test]
    fn bit_copies_land_at_any_offset() {
        let src: Vec<u64> = (0..5u64)
            .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xF0F0)
            .collect();
        let bit = |w: &[u64], i: u64| w[(i >> 6) as usize] >> (i & 63) & 1;
        for (from, to, len) in [
            (0u64, 0u64, 320u64),
            (3, 70, 200),
            (63, 1, 65),
            (100, 127, 1),
            (5, 9, 0),
        ] {
            let mut dst = vec![0u64; 8];
            copy_bits(&src, from, &mut dst, to, len.min(320 - from));
            for i in 0..512u64 {
                let want = if i >= to && i < to + len.min(320 - from) {
                    bit(&src, from + i - to)
                } else {
                    0
                };
                assert_eq!(bit(&dst, i), want, "from {from} to {to} len {len} bit {i}");
            }
        }
    }
}
