//! Linear algebra over GF(2), puzzle-agnostic: packed bit vectors and matrices (u64 words, bit
//! `i` of a row is word `i / 64`, bit `i % 64`), elimination with rank, nullity, null-space basis
//! and solving with every solution, and packed polynomials with gcd.
//!
//! Elimination keeps rows in buckets keyed by their leading column and only XORs the words a
//! pivot row can touch, so a sparse or banded matrix (a press matrix) costs little more than its
//! fill-in, while a dense one still costs the usual `O(n^3 / 64)`.

use anyhow::{bail, Result};
use rayon::prelude::*;

/// Words needed for `bits` bits.
pub const fn words(bits: usize) -> usize {
    bits.div_ceil(64)
}

#[inline]
pub fn get_bit(v: &[u64], i: usize) -> bool {
    v[i / 64] >> (i % 64) & 1 == 1
}

#[inline]
pub fn flip_bit(v: &mut [u64], i: usize) {
    v[i / 64] ^= 1 << (i % 64);
}

#[inline]
pub fn set_bit(v: &mut [u64], i: usize, on: bool) {
    let m = 1u64 << (i % 64);
    if on {
        v[i / 64] |= m
    } else {
        v[i / 64] &= !m
    }
}

pub fn xor_into(dst: &mut [u64], src: &[u64]) {
    for (d, s) in dst.iter_mut().zip(src) {
        *d ^= s;
    }
}

pub fn popcount(v: &[u64]) -> u64 {
    v.iter().map(|w| w.count_ones() as u64).sum()
}

/// Largest single allocation: a request past it is refused with a message rather than tried.
pub const ALLOC_LIMIT_BYTES: u128 = 16 << 30;

/// Allocates `n` zero words, failing with a message (instead of aborting) when memory runs out.
pub fn zeroed_words(n: usize, what: &str) -> Result<Vec<u64>> {
    let mut v: Vec<u64> = Vec::new();
    // Overcommit lets huge reservations "succeed" and then kills the process: cap explicitly.
    if n as u128 * 8 > ALLOC_LIMIT_BYTES || v.try_reserve_exact(n).is_err() {
        bail!(
            "{what} needs {} MiB, more than this machine can allocate",
            (n as u128 * 8) >> 20
        );
    }
    v.resize(n, 0);
    Ok(v)
}

/// A dense GF(2) matrix with packed rows.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct BitMatrix {
    rows: usize,
    cols: usize,
    stride: usize,
    data: Vec<u64>,
}

/// Reduced row echelon form: `pivots[k] = (row, col)` in increasing column order.
#[derive(Clone, Debug)]
pub struct Echelon {
    pub pivots: Vec<(usize, usize)>,
}

impl Echelon {
    pub fn rank(&self) -> usize {
        self.pivots.len()
    }
}

/// Every solution of `A x = b`: `particular + span(kernel)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solutions {
    pub particular: Vec<u64>,
    pub kernel: Vec<Vec<u64>>,
}

/// The matrix's words shared by the workers of one elimination step in [`BitMatrix::forward`].
struct SendPtr(*mut u64);
// SAFETY: a SendPtr is only built in `forward` from `&mut self.data` and dropped before it
// returns; the workers holding it write disjoint rows and only read the pivot row, which none
// writes (see the SAFETY notes there), so sharing the pointer between threads races on nothing.
unsafe impl Send for SendPtr {}
// SAFETY: as for Send: shared access only ever reads the pivot row or writes a row no other
// worker touches.
unsafe impl Sync for SendPtr {}
impl SendPtr {
    fn ptr(&self) -> *mut u64 {
        self.0
    }
}

impl BitMatrix {
    pub fn zeros(rows: usize, cols: usize) -> Result<BitMatrix> {
        let stride = words(cols);
        let n = rows.checked_mul(stride).filter(|&n| n < (1 << 40));
        let Some(n) = n else {
            bail!("a {rows} x {cols} bit matrix is beyond memory")
        };
        let data = zeroed_words(n, &format!("a {rows} x {cols} bit matrix"))?;
        Ok(BitMatrix {
            rows,
            cols,
            stride,
            data,
        })
    }

    pub fn identity(n: usize) -> Result<BitMatrix> {
        let mut m = BitMatrix::zeros(n, n)?;
        for i in 0..n {
            m.set(i, i, true);
        }
        Ok(m)
    }

    /// Builds a matrix from rows of bits (tests, small cases).
    pub fn from_rows(rows: &[Vec<bool>]) -> BitMatrix {
        let cols = rows.first().map_or(0, |r| r.len());
        let mut m = BitMatrix::zeros(rows.len(), cols).expect("small matrix");
        for (r, row) in rows.iter().enumerate() {
            for (c, &b) in row.iter().enumerate() {
                m.set(r, c, b);
            }
        }
        m
    }

    pub fn rows(&self) -> usize {
        self.rows
    }
    pub fn cols(&self) -> usize {
        self.cols
    }
    pub fn row(&self, r: usize) -> &[u64] {
        &self.data[r * self.stride..(r + 1) * self.stride]
    }
    pub fn row_mut(&mut self, r: usize) -> &mut [u64] {
        &mut self.data[r * self.stride..(r + 1) * self.stride]
    }
    pub fn get(&self, r: usize, c: usize) -> bool {
        get_bit(self.row(r), c)
    }
    pub fn set(&mut self, r: usize, c: usize, on: bool) {
        set_bit(self.row_mut(r), c, on)
    }
    pub fn flip(&mut self, r: usize, c: usize) {
        flip_bit(self.row_mut(r), c)
    }

    /// `self * v` for a column vector `v` of `cols` bits.
    pub fn mul_vec(&self, v: &[u64]) -> Vec<u64> {
        let mut out = vec![0u64; words(self.rows)];
        for r in 0..self.rows {
            let p = self
                .row(r)
                .iter()
                .zip(v)
                .map(|(a, b)| (a & b).count_ones())
                .sum::<u32>();
            if p & 1 == 1 {
                flip_bit(&mut out, r);
            }
        }
        out
    }

    /// The transpose.
    pub fn transpose(&self) -> Result<BitMatrix> {
        let mut t = BitMatrix::zeros(self.cols, self.rows)?;
        for r in 0..self.rows {
            for c in 0..self.cols {
                if self.get(r, c) {
                    t.set(c, r, true);
                }
            }
        }
        Ok(t)
    }

    fn lead_from(&self, r: usize, from_word: usize) -> Option<usize> {
        let row = self.row(r);
        (from_word..self.stride)
            .find(|&w| row[w] != 0)
            .map(|w| w * 64 + row[w].trailing_zeros() as usize)
    }

    fn last_word(&self, r: usize) -> usize {
        let row = self.row(r);
        (0..self.stride).rev().find(|&w| row[w] != 0).map_or(0, |w| w + 1)
    }

    /// Forward elimination in place, restricted to pivots in columns `< pivot_cols`; returns the
    /// pivots `(row, col)` in increasing column order. Rows are never swapped: the pivot of a
    /// column is the lowest-numbered row whose leading column it is (deterministic).
    pub fn forward(&mut self, pivot_cols: usize) -> Vec<(usize, usize)> {
        let pivot_cols = pivot_cols.min(self.cols);
        let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); pivot_cols];
        let mut end = vec![0usize; self.rows];
        for (r, e) in end.iter_mut().enumerate() {
            *e = self.last_word(r);
            if let Some(l) = self.lead_from(r, 0) {
                if l < pivot_cols {
                    buckets[l].push(r as u32);
                }
            }
        }
        let mut pivots = Vec::new();
        let stride = self.stride;
        for c in 0..pivot_cols {
            let mut bucket = std::mem::take(&mut buckets[c]);
            if bucket.is_empty() {
                continue;
            }
            bucket.sort_unstable();
            let p = bucket[0] as usize;
            pivots.push((p, c));
            let (w0, w1) = (c / 64, end[p]);
            let others = &bucket[1..];
            if others.is_empty() {
                continue;
            }
            debug_assert!(w0 < w1 && w1 <= stride && self.data.len() == self.rows * stride);
            let base = SendPtr(self.data.as_mut_ptr());
            // Each worker sees three non-overlapping ranges of `data`: its own row r split at w1
            // (words w0..w1 written, w1..stride read) and the pivot row's words w0..w1 (read).
            let work = |&r: &u32| -> (u32, usize, Option<usize>) {
                let r = r as usize;
                // SAFETY: r and p are rows of the matrix (< self.rows) and w0 < w1 <= stride, so
                // both ranges lie inside `data`, which `&mut self` keeps alive and unaliased for
                // this call. `others` holds distinct rows, none of them p (a bucket lists each row
                // once, p is its smallest), so no other worker creates a reference into row r, and
                // row p is only ever read, here and by every other worker.
                let (dst, src) = unsafe {
                    let b = base.ptr();
                    (
                        std::slice::from_raw_parts_mut(b.add(r * stride + w0), w1 - w0),
                        std::slice::from_raw_parts(b.add(p * stride + w0) as *const u64, w1 - w0),
                    )
                };
                xor_into(dst, src);
                let lead = dst
                    .iter()
                    .position(|&x| x != 0)
                    .map(|i| (w0 + i) * 64 + dst[i].trailing_zeros() as usize);
                let lead = match lead {
                    Some(l) => Some(l),
                    None => {
                        // SAFETY: words w1..stride of row r: inside `data` as above, disjoint from
                        // `dst` (words w0..w1) and written by no worker.
                        let tail = unsafe {
                            std::slice::from_raw_parts(base.ptr().add(r * stride + w1) as *const u64, stride - w1)
                        };
                        tail.iter()
                            .position(|&x| x != 0)
                            .map(|i| (w1 + i) * 64 + tail[i].trailing_zeros() as usize)
                    }
                };
                (r as u32, w1, lead)
            };
            let results: Vec<(u32, usize, Option<usize>)> = if others.len() * (w1 - w0) > 1 << 15 {
                others.par_iter().map(work).collect()
            } else {
                others.iter().map(work).collect()
            };
            for (r, w1, lead) in results {
                let r = r as usize;
                end[r] = end[r].max(w1);
                if let Some(l) = lead {
                    debug_assert!(l > c);
                    if l < pivot_cols {
                        buckets[l].push(r as u32);
                    }
                }
            }
        }
        pivots
    }

    /// Rank (destroys `self`).
    pub fn rank_in_place(&mut self) -> usize {
        self.forward(self.cols).len()
    }

    pub fn rank(&self) -> usize {
        self.clone().rank_in_place()
    }

    pub fn nullity(&self) -> usize {
        self.cols - self.rank()
    }

    /// Reduced row echelon form in place, pivots restricted to columns `< pivot_cols`.
    pub fn reduce(&mut self, pivot_cols: usize) -> Echelon {
        let pivots = self.forward(pivot_cols);
        // Back substitution, last pivot first: clear each pivot column in the pivot rows above.
        for k in (0..pivots.len()).rev() {
            let (p, c) = pivots[k];
            let w0 = c / 64;
            let src: Vec<u64> = self.row(p)[w0..].to_vec();
            for &(q, _) in &pivots[..k] {
                if self.get(q, c) {
                    xor_into(&mut self.row_mut(q)[w0..], &src);
                }
            }
        }
        Echelon { pivots }
    }

    /// A basis of the null space `{x : A x = 0}`, one vector per free column, in column order.
    pub fn null_space(&self) -> Result<Vec<Vec<u64>>> {
        let mut m = self.clone();
        let e = m.reduce(self.cols);
        Ok(kernel_from_rref(&m, &e, self.cols))
    }

    /// Every solution of `A x = b`, or `None` when there is none.
    pub fn solve(&self, b: &[u64]) -> Result<Option<Solutions>> {
        let n = self.cols;
        let mut aug = BitMatrix::zeros(self.rows, n + 1)?;
        for r in 0..self.rows {
            let dst = aug.row_mut(r);
            dst[..self.stride].copy_from_slice(self.row(r));
            // cols < 64 * stride: clear nothing, the tail bits of a row are always zero.
            if get_bit(b, r) {
                flip_bit(dst, n);
            }
        }
        let e = aug.reduce(n + 1);
        if e.pivots.last().is_some_and(|&(_, c)| c == n) {
            return Ok(None);
        }
        let mut x = vec![0u64; words(n)];
        for &(p, c) in &e.pivots {
            if aug.get(p, n) {
                flip_bit(&mut x, c);
            }
        }
        Ok(Some(Solutions {
            particular: x,
            kernel: kernel_from_rref(&aug, &e, n),
        }))
    }
}

fn kernel_from_rref(m: &BitMatrix, e: &Echelon, n: usize) -> Vec<Vec<u64>> {
    let mut is_pivot = vec![false; n];
    for &(_, c) in &e.pivots {
        is_pivot[c] = true;
    }
    let mut basis = Vec::new();
    for f in (0..n).filter(|&f| !is_pivot[f]) {
        let mut v = vec![0u64; words(n)];
        flip_bit(&mut v, f);
        for &(p, c) in &e.pivots {
            if m.get(p, f) {
                flip_bit(&mut v, c);
            }
        }
        basis.push(v);
    }
    basis
}

// ---------------------------------------------------------------------------------------------
// Polynomials

/// A polynomial over GF(2): bit `i` is the coefficient of `x^i`. Always normalised (no zero top
/// word), so equality is structural.
#[derive(Clone, PartialEq, Eq, Debug, Default, Hash)]
pub struct Poly {
    w: Vec<u64>,
}

impl Poly {
    pub fn zero() -> Poly {
        Poly { w: Vec::new() }
    }
    pub fn one() -> Poly {
        Poly { w: vec![1] }
    }
    /// `x^k`.
    pub fn monomial(k: usize) -> Poly {
        let mut w = vec![0u64; k / 64 + 1];
        flip_bit(&mut w, k);
        Poly { w }
    }
    pub fn from_words(mut w: Vec<u64>) -> Poly {
        while w.last() == Some(&0) {
            w.pop();
        }
        Poly { w }
    }
    /// From the exponents with coefficient 1 (repeats cancel).
    pub fn from_exponents(e: &[usize]) -> Poly {
        let mut w = vec![0u64; e.iter().max().map_or(0, |m| m / 64 + 1)];
        for &k in e {
            flip_bit(&mut w, k);
        }
        Poly::from_words(w)
    }
    pub fn words(&self) -> &[u64] {
        &self.w
    }
    pub fn is_zero(&self) -> bool {
        self.w.is_empty()
    }
    pub fn degree(&self) -> Option<usize> {
        self.w
            .last()
            .map(|t| (self.w.len() - 1) * 64 + 63 - t.leading_zeros() as usize)
    }
    pub fn add(&self, o: &Poly) -> Poly {
        let (a, b) = if self.w.len() >= o.w.len() {
            (self, o)
        } else {
            (o, self)
        };
        let mut w = a.w.clone();
        xor_into(&mut w, &b.w);
        Poly::from_words(w)
    }
    /// `self * x^k`.
    pub fn shl(&self, k: usize) -> Poly {
        if self.is_zero() {
            return Poly::zero();
        }
        let mut w = vec![0u64; self.w.len() + k / 64 + 1];
        xor_shifted(&mut w, &self.w, k);
        Poly::from_words(w)
    }
    pub fn mul(&self, o: &Poly) -> Poly {
        let (a, b) = if self.w.len() <= o.w.len() {
            (self, o)
        } else {
            (o, self)
        };
        if a.is_zero() {
            return Poly::zero();
        }
        let mut w = vec![0u64; a.w.len() + b.w.len() + 1];
        for (i, &word) in a.w.iter().enumerate() {
            let mut word = word;
            while word != 0 {
                let bit = word.trailing_zeros() as usize;
                word &= word - 1;
                xor_shifted(&mut w, &b.w, i * 64 + bit);
            }
        }
        Poly::from_words(w)
    }
    /// `(q, r)` with `self = q * d + r`, `deg r < deg d`.
    pub fn divrem(&self, d: &Poly) -> (Poly, Poly) {
        let dd = d.degree().expect("division by the zero polynomial");
        let mut r = self.w.clone();
        let mut q = vec![0u64; r.len().max(1)];
        while let Some(dr) = deg_of(&r) {
            if dr < dd {
                break;
            }
            let s = dr - dd;
            flip_bit(&mut q, s);
            xor_shifted(&mut r, &d.w, s);
        }
        (Poly::from_words(q), Poly::from_words(r))
    }
    pub fn rem(&self, d: &Poly) -> Poly {
        self.divrem(d).1
    }
    /// `self^e mod m` by square-and-multiply.
    pub fn pow_mod(&self, mut e: u64, m: &Poly) -> Poly {
        let mut base = self.rem(m);
        let mut acc = Poly::one().rem(m);
        while e > 0 {
            if e & 1 == 1 {
                acc = acc.mul(&base).rem(m);
            }
            base = base.mul(&base).rem(m);
            e >>= 1;
        }
        acc
    }
}

fn deg_of(w: &[u64]) -> Option<usize> {
    (0..w.len())
        .rev()
        .find(|&i| w[i] != 0)
        .map(|i| i * 64 + 63 - w[i].leading_zeros() as usize)
}

/// `dst ^= src * x^k` (dst must be long enough for the set bits of `src`).
pub fn xor_shifted(dst: &mut [u64], src: &[u64], k: usize) {
    let (ws, bs) = (k / 64, k % 64);
    if bs == 0 {
        for (i, &s) in src.iter().enumerate() {
            if s != 0 {
                dst[i + ws] ^= s;
            }
        }
    } else {
        for (i, &s) in src.iter().enumerate() {
            if s != 0 {
                dst[i + ws] ^= s << bs;
                let hi = s >> (64 - bs);
                if hi != 0 {
                    dst[i + ws + 1] ^= hi;
                }
            }
        }
    }
}

/// The (monic) greatest common divisor.
pub fn gcd(a: &Poly, b: &Poly) -> Poly {
    Poly::from_words(gcd_words(a.w.clone(), b.w.clone()))
}

/// Degree of the gcd (`None` when both are zero) without building it as a `Poly`.
pub fn gcd_degree(a: &Poly, b: &Poly) -> Option<usize> {
    deg_of(&gcd_words(a.w.clone(), b.w.clone()))
}

/// Euclid by shift-and-XOR of the leading terms, working only on the words still in use.
fn gcd_words(mut a: Vec<u64>, mut b: Vec<u64>) -> Vec<u64> {
    let mut da = deg_of(&a);
    let mut db = deg_of(&b);
    loop {
        let (Some(x), Some(y)) = (da, db) else {
            return if da.is_some() { trim(a) } else { trim(b) };
        };
        if x < y {
            std::mem::swap(&mut a, &mut b);
            std::mem::swap(&mut da, &mut db);
            continue;
        }
        let s = x - y;
        let nb = y / 64 + 1;
        xor_shifted_capped(&mut a[..=x / 64], &b[..nb], s);
        // The leading term cancelled: look for the new one from the old leading word down.
        let mut w = x / 64;
        loop {
            if a[w] != 0 {
                da = Some(w * 64 + 63 - a[w].leading_zeros() as usize);
                break;
            }
            if w == 0 {
                da = None;
                break;
            }
            w -= 1;
        }
    }
}

/// `dst ^= src * x^k`, ignoring bits beyond `dst` (callers know they are zero). Branch-free
/// funnel shifts so the loop vectorises: this is the inner loop of every gcd.
#[inline]
fn xor_shifted_capped(dst: &mut [u64], src: &[u64], k: usize) {
    let (ws, bs) = (k / 64, k % 64);
    let dst = &mut dst[ws..];
    let n = src.len().min(dst.len());
    if bs == 0 {
        for (d, s) in dst[..n].iter_mut().zip(&src[..n]) {
            *d ^= s;
        }
        return;
    }
    let r = 64 - bs;
    dst[0] ^= src[0] << bs;
    for (d, w) in dst[1..n].iter_mut().zip(src[..n].windows(2)) {
        *d ^= w[1] << bs | w[0] >> r;
    }
    if n < dst.len() && n == src.len() {
        dst[n] ^= src[n - 1] >> r;
    }
}

fn trim(mut w: Vec<u64>) -> Vec<u64> {
    while w.last() == Some(&0) {
        w.pop();
    }
    w
}

/// Extended Euclid: `(g, s, t)` with `s a + t b = g = gcd(a, b)`.
pub fn ext_gcd(a: &Poly, b: &Poly) -> (Poly, Poly, Poly) {
    let (mut r0, mut r1) = (a.clone(), b.clone());
    let (mut s0, mut s1) = (Poly::one(), Poly::zero());
    let (mut t0, mut t1) = (Poly::zero(), Poly::one());
    while !r1.is_zero() {
        let (q, r) = r0.divrem(&r1);
        let s2 = s0.add(&q.mul(&s1));
        let t2 = t0.add(&q.mul(&t1));
        r0 = std::mem::replace(&mut r1, r);
        s0 = std::mem::replace(&mut s1, s2);
        t0 = std::mem::replace(&mut t1, t2);
    }
    (r0, s0, t0)
}

/// The span of vectors of at most 64 coordinates (one word each), kept in reduced echelon form
/// so that [`Span64::reduce`] gives every coset of the span one canonical representative: two
/// vectors differ by an element of the span iff they reduce to the same word. (Peg solitaire:
/// the span of the jumps' three-hole masks; the cosets are the position classes.)
#[derive(Clone, Debug)]
pub struct Span64 {
    /// Basis vectors with distinct leading (highest) bits, each with zeros at the others'.
    basis: Vec<u64>,
}

impl Span64 {
    pub fn new(vectors: impl IntoIterator<Item = u64>) -> Span64 {
        let mut basis: Vec<u64> = Vec::new();
        for v in vectors {
            let r = reduce_by(&basis, v);
            if r != 0 {
                let lead = 63 - r.leading_zeros();
                for b in basis.iter_mut() {
                    if *b >> lead & 1 == 1 {
                        *b ^= r;
                    }
                }
                basis.push(r);
            }
        }
        basis.sort_unstable_by(|a, b| b.cmp(a));
        Span64 { basis }
    }

    pub fn dimension(&self) -> usize {
        self.basis.len()
    }

    /// The canonical representative of `v`'s coset: no bit at any basis vector's leading bit.
    pub fn reduce(&self, v: u64) -> u64 {
        reduce_by(&self.basis, v)
    }
}

fn reduce_by(basis: &[u64], mut v: u64) -> u64 {
    for &b in basis {
        let lead = 63 - b.leading_zeros();
        if v >> lead & 1 == 1 {
            v ^= b;
        }
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An obviously-correct reference: Gaussian elimination on `Vec<Vec<bool>>`.
    fn naive_rank(m: &[Vec<bool>]) -> usize {
        let mut m = m.to_vec();
        let cols = m.first().map_or(0, |r| r.len());
        let mut rank = 0;
        for c in 0..cols {
            let Some(p) = (rank..m.len()).find(|&r| m[r][c]) else {
                continue;
            };
            m.swap(rank, p);
            for r in 0..m.len() {
                if r != rank && m[r][c] {
                    let pivot = m[rank].clone();
                    for (x, v) in m[r].iter_mut().zip(pivot).take(cols) {
                        *x ^= v;
                    }
                }
            }
            rank += 1;
        }
        rank
    }

    fn lcg(seed: &mut u64) -> u64 {
        *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        *seed >> 33
    }

    fn random_rows(seed: &mut u64, rows: usize, cols: usize, density: u64) -> Vec<Vec<bool>> {
        (0..rows)
            .map(|_| (0..cols).map(|_| lcg(seed) % 100 < density).collect())
            .collect()
    }

    #[test]
    fn rank_matches_naive_elimination() {
        let mut seed = 7;
        for trial in 0..300 {
            let rows = 1 + (lcg(&mut seed) % 150) as usize;
            let cols = 1 + (lcg(&mut seed) % 150) as usize;
            let density = [2, 10, 50, 90][trial % 4];
            let m = random_rows(&mut seed, rows, cols, density);
            assert_eq!(BitMatrix::from_rows(&m).rank(), naive_rank(&m), "{rows}x{cols}");
        }
    }

    #[test]
    fn solve_returns_every_solution() {
        let mut seed = 11;
        for _ in 0..200 {
            let rows = 1 + (lcg(&mut seed) % 12) as usize;
            let cols = 1 + (lcg(&mut seed) % 12) as usize;
            let m = random_rows(&mut seed, rows, cols, 40);
            let a = BitMatrix::from_rows(&m);
            let b: Vec<u64> = vec![lcg(&mut seed) & ((1 << rows) - 1)];
            // Brute force: every x.
            let sols: Vec<u64> = (0..1u64 << cols).filter(|&x| a.mul_vec(&[x]) == b).collect();
            match a.solve(&b).unwrap() {
                None => assert!(sols.is_empty()),
                Some(s) => {
                    assert_eq!(s.kernel.len(), cols - naive_rank(&m));
                    let mut all = Vec::new();
                    for mask in 0..1u64 << s.kernel.len() {
                        let mut x = s.particular[0];
                        for (i, k) in s.kernel.iter().enumerate() {
                            if mask >> i & 1 == 1 {
                                x ^= k[0];
                            }
                        }
                        all.push(x);
                    }
                    all.sort();
                    assert_eq!(all, sols);
                }
            }
        }
    }

    #[test]
    fn null_space_is_a_kernel_basis() {
        let mut seed = 3;
        for _ in 0..50 {
            let m = random_rows(&mut seed, 90, 130, 5);
            let a = BitMatrix::from_rows(&m);
            let k = a.null_space().unwrap();
            assert_eq!(k.len(), 130 - naive_rank(&m));
            for v in &k {
                assert!(a.mul_vec(v).iter().all(|&w| w == 0));
            }
            let mut km = BitMatrix::zeros(k.len(), 130).unwrap();
            for (i, v) in k.iter().enumerate() {
                km.row_mut(i).copy_from_slice(v);
            }
            assert_eq!(km.rank(), k.len(), "basis vectors are independent");
        }
    }

    /// Naive polynomial arithmetic on Vec<bool> for cross-checks.
    fn naive_mul(a: &[bool], b: &[bool]) -> Vec<bool> {
        let mut c = vec![false; a.len() + b.len()];
        for (i, &x) in a.iter().enumerate() {
            for (j, &y) in b.iter().enumerate() {
                c[i + j] ^= x & y;
            }
        }
        c
    }
    fn to_poly(a: &[bool]) -> Poly {
        Poly::from_exponents(&a.iter().enumerate().filter(|p| *p.1).map(|p| p.0).collect::<Vec<_>>())
    }

    #[test]
    fn polynomial_arithmetic_and_gcd() {
        let mut seed = 5;
        for _ in 0..300 {
            let la = 1 + (lcg(&mut seed) % 200) as usize;
            let lb = 1 + (lcg(&mut seed) % 200) as usize;
            let lc = (lcg(&mut seed) % 40) as usize;
            let a: Vec<bool> = (0..la).map(|_| lcg(&mut seed) & 1 == 1).collect();
            let b: Vec<bool> = (0..lb).map(|_| lcg(&mut seed) & 1 == 1).collect();
            let c: Vec<bool> = (0..=lc).map(|i| i == lc || lcg(&mut seed) & 1 == 1).collect();
            let (pa, pb, pc) = (to_poly(&a), to_poly(&b), to_poly(&c));
            assert_eq!(pa.mul(&pb), to_poly(&naive_mul(&a, &b)));
            let (q, r) = pa.divrem(&pc);
            assert_eq!(q.mul(&pc).add(&r), pa);
            assert!(r.degree().is_none_or(|d| d < lc));
            // gcd(a c, b c) is divisible by c; ext_gcd's Bezout identity holds.
            let (ac, bc) = (pa.mul(&pc), pb.mul(&pc));
            let g = gcd(&ac, &bc);
            if !ac.is_zero() || !bc.is_zero() {
                assert!(g.rem(&pc).is_zero());
                assert!(ac.rem(&g).is_zero() && bc.rem(&g).is_zero());
            }
            // pow_mod against repeated multiplication
            let e = lcg(&mut seed) % 40;
            let mut slow = Poly::one().rem(&pc);
            for _ in 0..e {
                slow = slow.mul(&pa).rem(&pc);
            }
            assert_eq!(pa.pow_mod(e, &pc), slow);
            let (g2, s, t) = ext_gcd(&ac, &bc);
            assert_eq!(g2, g);
            assert_eq!(s.mul(&ac).add(&t.mul(&bc)), g);
            assert_eq!(gcd_degree(&ac, &bc), g.degree());
        }
    }
    #[test]
    fn span64_reduces_cosets_to_one_representative() {
        // Exhaustive on 8 coordinates: v ~ w iff v ^ w is a sum of generators.
        let gens = [0b0000_0111u64, 0b0001_1100, 0b0111_0000, 0b1100_0001];
        let s = Span64::new(gens);
        let mut span = std::collections::HashSet::new();
        for m in 0..16u32 {
            span.insert(
                gens.iter()
                    .enumerate()
                    .filter(|(i, _)| m >> i & 1 == 1)
                    .fold(0u64, |a, (_, g)| a ^ g),
            );
        }
        assert_eq!(1 << s.dimension(), span.len());
        for v in 0..256u64 {
            for w in 0..256u64 {
                assert_eq!(s.reduce(v) == s.reduce(w), span.contains(&(v ^ w)), "{v} {w}");
            }
        }
    }
}
