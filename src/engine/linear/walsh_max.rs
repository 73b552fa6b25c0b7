//! The largest Walsh coefficient of a signed class vector over GF(2)^k, k <= 64:
//! max over a of W(a) = sum_s h(s) (-1)^{<a, s>}, with the smallest a attaining it.
//!
//! Minimum-weight decoding of a coset of a k-dimensional binary code reduces to this (h(s) sums
//! (-1)^{x_c} over the coordinates c of signature s), so its reach is set by raw speed: every a is
//! evaluated, 2^k of them, with nothing pruned (the maximum sits several standard deviations out,
//! where no cheap bound on a subtree is tight enough to cut it).
//!
//! Layout: a = (a_top, a_lane, a_lo). The `slice` low bits are one in-cache transform; the next
//! [`LANE_BITS`] bits are the 16 lanes of a vector, so one pass computes 16 values of a_lane side
//! by side and every butterfly is a plain vertical add/sub (no shuffles); the top bits are the
//! parallel outer loop. Per a_top: fold every class into its slot with the sign
//! (-1)^{<a_top, s_top>} (branch-free), transform, take the vertical maximum. Values are i16
//! lanes when sum |h| fits (twice the lanes per instruction), else i32. AVX2 is used when the
//! CPU has it (runtime check); the portable path computes the same numbers.

use crate::engine::runtime::progress::Counters;
use rayon::prelude::*;

/// Bits of a held in the lanes of one vector (16 lanes).
pub const LANE_BITS: usize = 4;
const LANES: usize = 1 << LANE_BITS;
/// Bits of the in-cache transform: 2^13 slots of 16 i16 = 256 KiB, inside one core's L2. More
/// classes than slots widen it (up to [`MAX_SLICE_BITS`]), so folding the classes in never costs
/// more than the transform.
pub const SLICE_BITS: usize = 13;
pub const MAX_SLICE_BITS: usize = 22;
/// Outer steps per unit of parallel work (and per progress update).
const STEPS_PER_CHUNK: u64 = 64;

/// The maximum of W and the smallest a at which it is attained.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Peak {
    pub value: i64,
    pub at: u64,
}

/// Whether dimension `k` takes a single transform (no outer loop) whatever the class count.
pub fn single_transform(k: usize) -> bool {
    k <= LANE_BITS + SLICE_BITS
}

/// (slice bits, outer bits) for dimension k and this many classes.
fn split(k: usize, classes: usize) -> (usize, usize) {
    let k = k.max(LANE_BITS);
    let wide = (usize::BITS - classes.max(1).leading_zeros()) as usize; // about log2(classes) + 1
    let slice = (k - LANE_BITS).min(wide.clamp(SLICE_BITS, MAX_SLICE_BITS));
    (slice, k - LANE_BITS - slice)
}

/// max_a W(a) over a in GF(2)^k (ties: the smallest a), for `classes` = (s, h(s)) with every
/// s < 2^k (repeated signatures add). Progress: `counters.total` is set to the number of outer
/// steps and `counters.expanded` counts them as they finish.
pub fn walsh_peak(classes: &[(u64, i32)], k: usize, counters: Option<&Counters>) -> Peak {
    assert!(k <= 64, "at most 64 dimensions");
    assert!(
        k == 64 || classes.iter().all(|&(s, _)| s >> k == 0),
        "signature outside GF(2)^k"
    );
    let mass: i64 = classes.iter().map(|&(_, h)| (h as i64).abs()).sum();
    assert!(mass <= i32::MAX as i64, "sum of |h| beyond i32");
    let peak = if mass <= i16::MAX as i64 {
        run::<i16>(classes, k, counters)
    } else {
        run::<i32>(classes, k, counters)
    };
    // Dimensions padded up to LANE_BITS duplicate values above 2^k; the smallest a is below it.
    debug_assert!(k == 64 || peak.at >> k == 0);
    peak
}

/// Largest rank of one group's low signatures expanded at once by [`relaxed_peak`]: a group of
/// rank rho becomes at most 2^rho classes scaled by 2^(RELAX_RANK - rho); larger groups are cut
/// into pieces of at most this rank (each piece's modulus bounds its share, so the bound stays
/// sound, only looser).
pub const RELAX_RANK: usize = 6;

/// The exact maximum over a in GF(2)^k of
///
///   R(a) = sum_{(s, h) in fixed} h (-1)^{<a, s>} + sum_g | sum_{(s, h) in g} h (-1)^{<a, s>} |,
///
/// as a floor of R (the value is R times 2^[`RELAX_RANK`], divided back down), with the smallest a
/// attaining it. Why: split a code's combination a = (a_lo, a_hi) and group the coordinates by
/// their high signature t. For each a_lo, W(a_lo, a_hi) = G_0 + sum_{t != 0} G_t (-1)^{<a_hi, t>}
/// is at most G_0 + sum |G_t| whatever a_hi is, so max R over a_lo (the groups with t != 0 as
/// `groups`, t = 0 as `fixed`, every s the low signature) bounds max W from above, at the cost of
/// one transform over a_lo only. |G_g(a)| depends on a only through the rho inner products with a
/// basis of g's signatures, so it is a function on GF(2)^rho: its own 2^rho-point transform
/// writes it as a signed sum of characters (-1)^{<a, s>}, i.e. as classes for [`walsh_peak`].
pub fn relaxed_peak(fixed: &[(u64, i32)], groups: &[Vec<(u64, i32)>], k: usize, counters: Option<&Counters>) -> Peak {
    let scale = 1i64 << RELAX_RANK;
    let mut classes: Vec<(u64, i32)> = fixed.iter().map(|&(s, h)| (s, (h as i64 * scale) as i32)).collect();
    for g in groups {
        for piece in pieces(g) {
            expand_modulus(&piece, &mut classes);
        }
    }
    // Repeated signatures add (walsh_peak allows repeats; merging keeps the fold short).
    classes.sort_unstable();
    let mut merged: Vec<(u64, i32)> = Vec::with_capacity(classes.len());
    for (s, h) in classes {
        match merged.last_mut() {
            Some((t, v)) if *t == s => *v += h,
            _ => merged.push((s, h)),
        }
    }
    let peak = walsh_peak(&merged, k, counters);
    Peak {
        value: peak.value.div_euclid(scale),
        at: peak.at,
    }
}

/// A group cut into pieces whose signatures have rank at most [`RELAX_RANK`], in order.
fn pieces(g: &[(u64, i32)]) -> Vec<Vec<(u64, i32)>> {
    let mut out: Vec<Vec<(u64, i32)>> = vec![Vec::new()];
    let mut echelon = Echelon::default();
    for &(s, h) in g {
        if echelon.rank() == RELAX_RANK && echelon.reduce(s).0 != 0 {
            echelon = Echelon::default();
            out.push(Vec::new());
        }
        echelon.insert(s);
        out.last_mut().expect("a piece").push((s, h));
    }
    out
}

/// An echelon basis of signatures: each element (reduced vector, the combination of the inserted
/// signatures it equals), sorted by leading bit, highest first.
#[derive(Default)]
struct Echelon {
    rows: Vec<(u64, u64)>,
}

impl Echelon {
    fn rank(&self) -> usize {
        self.rows.len()
    }

    /// (s reduced, the combination of inserted signatures removed from it).
    fn reduce(&self, s: u64) -> (u64, u64) {
        let (mut v, mut comb) = (s, 0u64);
        for &(e, c) in &self.rows {
            if v ^ e < v {
                v ^= e;
                comb ^= c;
            }
        }
        (v, comb)
    }

    /// Inserts s; its coordinates in the inserted independent signatures (bit i: the i-th).
    fn insert(&mut self, s: u64) -> u64 {
        let (v, comb) = self.reduce(s);
        if v == 0 {
            return comb;
        }
        let i = self.rows.len();
        // v = s + (combination comb): as a combination of the inserted ones, comb + e_i.
        self.rows.push((v, comb ^ 1 << i));
        self.rows.sort_unstable_by_key(|r| std::cmp::Reverse(r.0));
        1 << i
    }
}

/// Appends the classes of 2^(RELAX_RANK - rho) |sum_(s, h) h (-1)^{<a, s>}| for one piece.
fn expand_modulus(piece: &[(u64, i32)], out: &mut Vec<(u64, i32)>) {
    // A basis of the piece's signatures (the independent ones, in order), and each signature's
    // coordinates u in it.
    let mut echelon = Echelon::default();
    let mut basis: Vec<u64> = Vec::new();
    let mut coords: Vec<(u64, i32)> = Vec::with_capacity(piece.len());
    for &(s, h) in piece {
        let before = echelon.rank();
        coords.push((echelon.insert(s), h));
        if echelon.rank() > before {
            basis.push(s);
        }
    }
    let rho = basis.len();
    assert!(rho <= RELAX_RANK, "piece of rank {rho}");
    // V(y) = |sum h (-1)^{<u, y>}| for every y in GF(2)^rho, then its transform.
    let mut v: Vec<i64> = (0..1u64 << rho)
        .map(|y| {
            coords
                .iter()
                .map(|&(u, h)| {
                    if (u & y).count_ones() & 1 == 1 {
                        -(h as i64)
                    } else {
                        h as i64
                    }
                })
                .sum::<i64>()
                .abs()
        })
        .collect();
    super::walsh::walsh_hadamard(&mut v);
    // V(y) = 2^-rho sum_z V^(z) (-1)^{<z, y>}, and <z, y> = <a, sum_j z_j basis_j>.
    for (z, &coef) in v.iter().enumerate() {
        if coef != 0 {
            let sig = (0..rho)
                .filter(|&j| z >> j & 1 == 1)
                .fold(0u64, |acc, j| acc ^ basis[j]);
            let scaled = coef << (RELAX_RANK - rho);
            out.push((sig, i32::try_from(scaled).expect("relaxed class weight beyond i32")));
        }
    }
}

/// A lane value: i16 or i32 with wrapping arithmetic (sums never exceed the mass, checked).
trait Lane: Copy + Default + Ord + Send + Sync {
    fn add(self, o: Self) -> Self;
    fn sub(self, o: Self) -> Self;
    fn from_i32(v: i32) -> Self;
    fn to_i64(self) -> i64;
}

impl Lane for i16 {
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        self.wrapping_add(o)
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        self.wrapping_sub(o)
    }
    fn from_i32(v: i32) -> Self {
        v as i16
    }
    fn to_i64(self) -> i64 {
        self as i64
    }
}

impl Lane for i32 {
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        self.wrapping_add(o)
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        self.wrapping_sub(o)
    }
    fn from_i32(v: i32) -> Self {
        v
    }
    fn to_i64(self) -> i64 {
        self as i64
    }
}

type Vector<T> = [T; LANES];

/// One class after the split: its slot, its 16 lane values h(s) (-1)^{<lane, s_lane>} and their
/// negation, and the top bits of its signature (which a_top negate it).
struct Folded<T> {
    slot: u32,
    top: u64,
    values: [Vector<T>; 2],
}

fn run<T: Lane>(classes: &[(u64, i32)], k: usize, counters: Option<&Counters>) -> Peak {
    let (slice, top_bits) = split(k, classes.len());
    let folded = fold_classes::<T>(classes, slice);
    let steps = 1u64 << top_bits;
    if let Some(cn) = counters {
        cn.total.store(steps, std::sync::atomic::Ordering::Relaxed);
    }
    let chunks = steps.div_ceil(STEPS_PER_CHUNK);
    (0..chunks)
        .into_par_iter()
        .map_init(
            || vec![[T::default(); LANES]; 1 << slice],
            |buf, c| {
                let (from, to) = (c * STEPS_PER_CHUNK, ((c + 1) * STEPS_PER_CHUNK).min(steps));
                let p = chunk(&folded, buf, slice, from, to);
                if let Some(cn) = counters {
                    cn.add_expanded(to - from);
                }
                p
            },
        )
        .reduce(
            || Peak {
                value: i64::MIN,
                at: u64::MAX,
            },
            better,
        )
}

/// The classes split at `slice`, in slot order (the fold then walks the buffer forwards).
fn fold_classes<T: Lane>(classes: &[(u64, i32)], slice: usize) -> Vec<Folded<T>> {
    let mut folded: Vec<Folded<T>> = classes
        .iter()
        .filter(|&&(_, h)| h != 0)
        .map(|&(s, h)| {
            let lane_sig = (s >> slice) as usize & (LANES - 1);
            let mut values = [[T::default(); LANES]; 2];
            let [plus, minus] = &mut values;
            for (lane, (p, m)) in plus.iter_mut().zip(minus.iter_mut()).enumerate() {
                let odd = (lane & lane_sig).count_ones() & 1 == 1;
                *p = T::from_i32(if odd { -h } else { h });
                *m = T::from_i32(if odd { h } else { -h });
            }
            Folded {
                slot: (s & ((1u64 << slice) - 1)) as u32,
                top: s >> (slice + LANE_BITS),
                values,
            }
        })
        .collect();
    folded.sort_by_key(|f| (f.slot, f.top));
    folded
}

fn better(p: Peak, q: Peak) -> Peak {
    if (p.value, std::cmp::Reverse(p.at)) >= (q.value, std::cmp::Reverse(q.at)) {
        p
    } else {
        q
    }
}

fn chunk<T: Lane>(folded: &[Folded<T>], buf: &mut [Vector<T>], slice: usize, from: u64, to: u64) -> Peak {
    #[cfg(target_arch = "x86_64")]
    {
        if std::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU supports AVX2 (checked just above).
            return unsafe { chunk_avx2(folded, buf, slice, from, to) };
        }
    }
    chunk_body(folded, buf, slice, from, to)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn chunk_avx2<T: Lane>(folded: &[Folded<T>], buf: &mut [Vector<T>], slice: usize, from: u64, to: u64) -> Peak {
    chunk_body(folded, buf, slice, from, to)
}

/// Outer step a_top's transform into `buf`, and its largest value (the max over the lanes of
/// the vertical max): the one scan both the peak and the threshold searches make per step.
#[inline(always)]
fn transformed_max<T: Lane>(folded: &[Folded<T>], buf: &mut [Vector<T>], a_top: u64) -> i64 {
    fill_and_transform(folded, buf, a_top);
    let mut top = buf[0];
    for v in buf.iter() {
        for l in 0..LANES {
            top[l] = top[l].max(v[l]);
        }
    }
    top.iter().copied().max().expect("16 lanes").to_i64()
}

/// Outer steps a_top in from..to (ascending), returning the best (value, smallest a) among them.
#[inline(always)]
fn chunk_body<T: Lane>(folded: &[Folded<T>], buf: &mut [Vector<T>], slice: usize, from: u64, to: u64) -> Peak {
    let mut best = Peak {
        value: i64::MIN,
        at: u64::MAX,
    };
    for a_top in from..to {
        let m = transformed_max(folded, buf, a_top);
        // a_top ascends, so an equal value here never has a smaller a than the best so far.
        if m > best.value {
            let base = a_top << (slice + LANE_BITS);
            'find: for lane in 0..LANES {
                for (i, v) in buf.iter().enumerate() {
                    if v[lane].to_i64() == m {
                        best = Peak {
                            value: m,
                            at: base | (lane as u64) << slice | i as u64,
                        };
                        break 'find;
                    }
                }
            }
        }
    }
    best
}

/// W(a) for every a = (a_top, lane, slot) of one outer step, into `buf`.
#[inline(always)]
fn fill_and_transform<T: Lane>(folded: &[Folded<T>], buf: &mut [Vector<T>], a_top: u64) {
    for v in buf.iter_mut() {
        *v = [T::default(); LANES];
    }
    for f in folded {
        // The sign picks one of the two stored vectors by index: no branch to mispredict.
        let values = &f.values[((a_top & f.top).count_ones() & 1) as usize];
        let slot = &mut buf[f.slot as usize];
        for l in 0..LANES {
            slot[l] = slot[l].add(values[l]);
        }
    }
    transform(buf);
}

/// Every a with W(a) >= `threshold`, as (a, W(a)) sorted by W descending then a ascending, cut
/// to the first `cap`. Why: a search that pushes the transform below a target needs the
/// characters above it, and one pass over the 2^k values can hand over many of them instead of
/// the single maximum of [`walsh_peak`]. Same layout and cost as [`walsh_peak`]; a block is
/// scanned only when its vertical maximum reaches the threshold.
pub fn walsh_above(classes: &[(u64, i32)], k: usize, threshold: i64, cap: usize) -> Vec<(u64, i64)> {
    assert!(k <= 64, "at most 64 dimensions");
    assert!(
        k == 64 || classes.iter().all(|&(s, _)| s >> k == 0),
        "signature outside GF(2)^k"
    );
    let mass: i64 = classes.iter().map(|&(_, h)| (h as i64).abs()).sum();
    assert!(mass <= i32::MAX as i64, "sum of |h| beyond i32");
    let mut found = if mass <= i16::MAX as i64 {
        run_above::<i16>(classes, k, threshold, cap)
    } else {
        run_above::<i32>(classes, k, threshold, cap)
    };
    // Dimensions padded up to LANE_BITS repeat the values of a below 2^k above it.
    if k < 64 {
        found.retain(|&(a, _)| a >> k == 0);
    }
    found.truncate(cap);
    found
}

fn keep_best(mut v: Vec<(u64, i64)>, cap: usize) -> Vec<(u64, i64)> {
    v.sort_unstable_by_key(|&(a, w)| (std::cmp::Reverse(w), a));
    v.truncate(cap);
    v
}

fn run_above<T: Lane>(classes: &[(u64, i32)], k: usize, threshold: i64, cap: usize) -> Vec<(u64, i64)> {
    let (slice, top_bits) = split(k, classes.len());
    let folded = fold_classes::<T>(classes, slice);
    let steps = 1u64 << top_bits;
    let chunks = steps.div_ceil(STEPS_PER_CHUNK);
    // The padded dimensions (k < LANE_BITS) keep their duplicates until the caller drops them,
    // so the cap is widened by the duplication factor.
    let cap_all = cap << LANE_BITS.saturating_sub(k);
    (0..chunks)
        .into_par_iter()
        .map_init(
            || vec![[T::default(); LANES]; 1 << slice],
            |buf, c| {
                let (from, to) = (c * STEPS_PER_CHUNK, ((c + 1) * STEPS_PER_CHUNK).min(steps));
                keep_best(chunk_above(&folded, buf, slice, from, to, threshold, cap_all), cap_all)
            },
        )
        .reduce(Vec::new, |mut a, b| {
            a.extend(b);
            keep_best(a, cap_all)
        })
}

fn chunk_above<T: Lane>(
    folded: &[Folded<T>],
    buf: &mut [Vector<T>],
    slice: usize,
    from: u64,
    to: u64,
    threshold: i64,
    cap: usize,
) -> Vec<(u64, i64)> {
    #[cfg(target_arch = "x86_64")]
    {
        if std::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU supports AVX2 (checked just above).
            return unsafe { chunk_above_avx2(folded, buf, slice, from, to, threshold, cap) };
        }
    }
    chunk_above_body(folded, buf, slice, from, to, threshold, cap)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn chunk_above_avx2<T: Lane>(
    folded: &[Folded<T>],
    buf: &mut [Vector<T>],
    slice: usize,
    from: u64,
    to: u64,
    threshold: i64,
    cap: usize,
) -> Vec<(u64, i64)> {
    chunk_above_body(folded, buf, slice, from, to, threshold, cap)
}

#[inline(always)]
fn chunk_above_body<T: Lane>(
    folded: &[Folded<T>],
    buf: &mut [Vector<T>],
    slice: usize,
    from: u64,
    to: u64,
    threshold: i64,
    cap: usize,
) -> Vec<(u64, i64)> {
    let mut out = Vec::new();
    for a_top in from..to {
        if transformed_max(folded, buf, a_top) < threshold {
            continue;
        }
        let base = a_top << (slice + LANE_BITS);
        for (i, v) in buf.iter().enumerate() {
            for (lane, x) in v.iter().enumerate() {
                if x.to_i64() >= threshold {
                    out.push((base | (lane as u64) << slice | i as u64, x.to_i64()));
                }
            }
        }
        if out.len() > 4 * cap.max(1) {
            out = keep_best(out, cap);
        }
    }
    out
}

/// Slots transformed block by block before the levels that span blocks: 2^10 slots of 16 i16
/// are 32 KiB, one core's L1.
const L1_SLOTS: usize = 1 << 10;

/// In-place transform over the slot index, 16 lanes at a time (vertical butterflies only), two
/// levels per pass (radix 4; radix 8 measured no faster) to halve the loads and stores, the low
/// levels inside L1-sized blocks.
#[inline(always)]
fn transform<T: Lane>(v: &mut [Vector<T>]) {
    let block = v.len().min(L1_SLOTS);
    let mut len = 1;
    for chunk in v.chunks_exact_mut(block) {
        len = levels(chunk, 1, block);
    }
    levels(v, len, v.len());
}

/// Levels len, 2 len, ... below `to` over every block of `v`; returns the first level not done.
#[inline(always)]
fn levels<T: Lane>(v: &mut [Vector<T>], mut len: usize, to: usize) -> usize {
    while 4 * len <= to {
        for block in v.chunks_exact_mut(4 * len) {
            let (ab, cd) = block.split_at_mut(2 * len);
            let (a, b) = ab.split_at_mut(len);
            let (c, d) = cd.split_at_mut(len);
            for (((a, b), c), d) in a.iter_mut().zip(b.iter_mut()).zip(c.iter_mut()).zip(d.iter_mut()) {
                for l in 0..LANES {
                    let (y0, y1) = (a[l].add(b[l]), a[l].sub(b[l]));
                    let (y2, y3) = (c[l].add(d[l]), c[l].sub(d[l]));
                    a[l] = y0.add(y2);
                    c[l] = y0.sub(y2);
                    b[l] = y1.add(y3);
                    d[l] = y1.sub(y3);
                }
            }
        }
        len *= 4;
    }
    if 2 * len <= to {
        for block in v.chunks_exact_mut(2 * len) {
            let (lo, hi) = block.split_at_mut(len);
            for (x, y) in lo.iter_mut().zip(hi.iter_mut()) {
                for l in 0..LANES {
                    let (p, q) = (x[l], y[l]);
                    x[l] = p.add(q);
                    y[l] = p.sub(q);
                }
            }
        }
        len *= 2;
    }
    len
}

#[cfg(test)]
mod tests {
    use super::*;

    /// W(a) for every a, straight from the definition.
    fn exhaustive(classes: &[(u64, i32)], k: usize) -> Peak {
        let mut best = Peak {
            value: i64::MIN,
            at: u64::MAX,
        };
        for a in 0..1u64 << k {
            let w: i64 = classes
                .iter()
                .map(|&(s, h)| {
                    if (a & s).count_ones() & 1 == 1 {
                        -(h as i64)
                    } else {
                        h as i64
                    }
                })
                .sum();
            if w > best.value {
                best = Peak { value: w, at: a };
            }
        }
        best
    }

    /// The peak from one transform of the whole 2^k histogram (the first maximum in index order).
    fn whole_transform(classes: &[(u64, i32)], k: usize) -> Peak {
        let mut h = vec![0i32; 1 << k];
        for &(s, v) in classes {
            h[s as usize] += v;
        }
        super::super::walsh::walsh_hadamard(&mut h);
        let at = (0..h.len())
            .max_by_key(|&a| (h[a], std::cmp::Reverse(a)))
            .expect("non-empty");
        Peak {
            value: h[at] as i64,
            at: at as u64,
        }
    }

    fn random_classes(seed: u64, k: usize, count: usize, spread: i32) -> Vec<(u64, i32)> {
        let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mask = if k == 64 { u64::MAX } else { (1u64 << k) - 1 };
        (0..count)
            .map(|_| (next() & mask, (next() % (2 * spread as u64 + 1)) as i32 - spread))
            .collect()
    }

    #[test]
    fn matches_the_definition_on_small_dimensions() {
        for k in 0..=14 {
            for seed in 0..6 {
                let classes = random_classes(seed * 131 + k as u64, k, 1 + (seed as usize * 37) % 90, 3);
                assert_eq!(
                    walsh_peak(&classes, k, None),
                    exhaustive(&classes, k),
                    "k {k} seed {seed}"
                );
            }
        }
    }

    #[test]
    fn walsh_above_lists_every_value_over_the_threshold() {
        // Against the definition: every a with W(a) >= t, largest first, ties by a, cut to cap.
        for k in 0..=14 {
            for seed in 0..4 {
                let classes = random_classes(seed * 71 + k as u64, k, 1 + (seed as usize * 29) % 70, 3);
                let w = |a: u64| -> i64 {
                    classes
                        .iter()
                        .map(|&(s, h)| {
                            if (a & s).count_ones() & 1 == 1 {
                                -(h as i64)
                            } else {
                                h as i64
                            }
                        })
                        .sum()
                };
                let peak = exhaustive(&classes, k).value;
                for (t, cap) in [(peak, 1000), (peak - 4, 1000), (peak - 6, 5), (i64::MIN, 1 << 14)] {
                    let mut want: Vec<(u64, i64)> =
                        (0..1u64 << k).map(|a| (a, w(a))).filter(|&(_, v)| v >= t).collect();
                    want.sort_by_key(|&(a, v)| (std::cmp::Reverse(v), a));
                    want.truncate(cap);
                    assert_eq!(
                        walsh_above(&classes, k, t, cap),
                        want,
                        "k {k} seed {seed} t {t} cap {cap}"
                    );
                }
                // Its first entry is the peak.
                assert_eq!(
                    walsh_above(&classes, k, peak, 1)[0],
                    (walsh_peak(&classes, k, None).at, peak)
                );
            }
        }
    }

    #[test]
    fn i32_lanes_when_the_mass_exceeds_i16() {
        // Mass 40000 > i16::MAX: the i32 path; scaled classes scale the peak, same argmax.
        let classes = random_classes(7, 12, 40, 1);
        let big: Vec<(u64, i32)> = classes.iter().map(|&(s, h)| (s, h * 1000)).collect();
        let p = walsh_peak(&classes, 12, None);
        let q = walsh_peak(&big, 12, None);
        assert_eq!(
            q,
            Peak {
                value: p.value * 1000,
                at: p.at
            }
        );
        assert_eq!(q, exhaustive(&big, 12));
    }

    #[test]
    fn many_classes_widen_the_slice_and_agree() {
        // 20000 classes in k = 24: slice 15 instead of 13; against the whole 2^24 transform.
        let k = 24;
        let classes = random_classes(5, k, 20000, 1);
        assert_eq!(split(k, classes.len()), (15, 5));
        assert_eq!(walsh_peak(&classes, k, None), whole_transform(&classes, k));
    }

    #[test]
    fn portable_and_vector_paths_agree() {
        // The AVX2 entry (when this CPU has it) against the portable body, step by step.
        let k = 21;
        let classes = random_classes(11, k, 900, 2);
        let (slice, top) = split(k, classes.len());
        let folded = fold_classes::<i16>(&classes, slice);
        let mut a = vec![[0i16; LANES]; 1 << slice];
        let mut b = a.clone();
        for step in 0..1u64 << top {
            assert_eq!(
                chunk(&folded, &mut a, slice, step, step + 1),
                chunk_body(&folded, &mut b, slice, step, step + 1)
            );
            assert_eq!(a, b, "step {step}");
        }
    }

    #[test]
    fn ties_resolve_to_the_smallest_a() {
        // h = 0 everywhere except s = 0: every a attains the maximum.
        assert_eq!(walsh_peak(&[(0, 5)], 20, None), Peak { value: 5, at: 0 });
        // A single class s: W(a) = h for every a orthogonal to s; the smallest is 0.
        assert_eq!(walsh_peak(&[(1 << 19, 2)], 22, None), Peak { value: 2, at: 0 });
        // Negative h: the smallest a with <a, s> = 1 is the lowest set bit of s.
        assert_eq!(
            walsh_peak(&[(0b1011 << 15, -3)], 22, None),
            Peak { value: 3, at: 1 << 15 }
        );
    }

    /// max over a of fixed + sum of the groups' moduli, straight from the definition.
    fn relaxed_exhaustive(fixed: &[(u64, i32)], groups: &[Vec<(u64, i32)>], k: usize) -> i64 {
        let w = |cs: &[(u64, i32)], a: u64| -> i64 {
            cs.iter()
                .map(|&(s, h)| {
                    if (a & s).count_ones() & 1 == 1 {
                        -(h as i64)
                    } else {
                        h as i64
                    }
                })
                .sum()
        };
        (0..1u64 << k)
            .map(|a| w(fixed, a) + groups.iter().map(|g| w(g, a).abs()).sum::<i64>())
            .max()
            .expect("k >= 0")
    }

    #[test]
    fn relaxed_peak_matches_the_definition() {
        // Groups of at most RELAX_RANK members (rank <= 6): the value is exactly max R.
        for k in 1..=12 {
            for seed in 0..5u64 {
                let fixed = random_classes(seed * 17 + k as u64, k, (seed as usize * 5) % 13, 2);
                let groups: Vec<Vec<(u64, i32)>> = (0..1 + seed as usize * 3)
                    .map(|g| {
                        random_classes(
                            seed * 1000 + g as u64 * 7 + k as u64,
                            k,
                            1 + (g + seed as usize) % RELAX_RANK,
                            2,
                        )
                    })
                    .collect();
                let p = relaxed_peak(&fixed, &groups, k, None);
                let want = relaxed_exhaustive(&fixed, &groups, k);
                assert_eq!(p.value, want, "k {k} seed {seed}");
                // The reported a attains it.
                let single: Vec<Vec<(u64, i32)>> = groups.clone();
                let w = |cs: &[(u64, i32)], a: u64| -> i64 {
                    cs.iter()
                        .map(|&(s, h)| {
                            if (a & s).count_ones() & 1 == 1 {
                                -(h as i64)
                            } else {
                                h as i64
                            }
                        })
                        .sum()
                };
                let at = w(&fixed, p.at) + single.iter().map(|g| w(g, p.at).abs()).sum::<i64>();
                assert_eq!(at, want, "k {k} seed {seed}: value at the reported a");
            }
        }
    }

    #[test]
    fn relaxed_peak_of_large_groups_is_an_upper_bound() {
        // Groups of 20 members (rank up to 10 > RELAX_RANK) are cut into pieces: never below max R,
        // never above the fixed part's peak plus every member's |h|.
        for seed in 0..6u64 {
            let k = 12;
            let fixed = random_classes(seed + 50, k, 9, 2);
            let groups: Vec<Vec<(u64, i32)>> = (0..4).map(|g| random_classes(seed * 31 + g, k, 20, 2)).collect();
            let p = relaxed_peak(&fixed, &groups, k, None).value;
            let loose = walsh_peak(&fixed, k, None).value
                + groups.iter().flatten().map(|&(_, h)| (h as i64).abs()).sum::<i64>();
            assert!(relaxed_exhaustive(&fixed, &groups, k) <= p && p <= loose, "seed {seed}");
        }
    }

    #[test]
    fn relaxing_the_high_bits_bounds_the_peak() {
        // W over GF(2)^14 with its top `free` bits relaxed: the bound is at least the true peak,
        // equal with nothing relaxed, and equal to max R where no group is cut into pieces.
        let k = 14;
        for seed in 0..4u64 {
            let classes = random_classes(seed + 900, k, 60, 3);
            let exact = walsh_peak(&classes, k, None).value;
            for free in 0..=6 {
                let lo = k - free;
                let mut by_top: std::collections::BTreeMap<u64, Vec<(u64, i32)>> = Default::default();
                for &(s, h) in &classes {
                    by_top.entry(s >> lo).or_default().push((s & ((1 << lo) - 1), h));
                }
                let fixed = by_top.remove(&0).unwrap_or_default();
                let groups: Vec<Vec<(u64, i32)>> = by_top.into_values().collect();
                let b = relaxed_peak(&fixed, &groups, lo, None).value;
                assert!(b >= exact, "seed {seed} free {free}: {b} below the peak {exact}");
                if free == 0 {
                    assert_eq!(b, exact);
                }
                if groups.iter().all(|g| g.len() <= RELAX_RANK) {
                    assert_eq!(b, relaxed_exhaustive(&fixed, &groups, lo), "seed {seed} free {free}");
                }
            }
        }
    }

    #[test]
    fn the_outer_loop_agrees_with_one_big_transform() {
        // k = 22: 2^5 outer steps; reference: the whole 2^22 transform at once.
        let k = 22;
        let classes = random_classes(99, k, 700, 2);
        let counters = Counters::default();
        assert_eq!(walsh_peak(&classes, k, Some(&counters)), whole_transform(&classes, k));
        let total = counters.total.load(std::sync::atomic::Ordering::Relaxed);
        assert_eq!(total, 1 << (k - LANE_BITS - SLICE_BITS));
        assert_eq!(counters.expanded.load(std::sync::atomic::Ordering::Relaxed), total);
    }
}
