//! Nullities at scale from Sutner's polynomials (f_0 = 1, f_1 = x, f_{k+1} = x f_k + f_{k-1}),
//! faster than the plain methods of `nullity.rs` (which builds on this module, not the reverse)
//! by three identities, each checked against elimination in tests (in `nullity.rs`):
//!
//! 1. Halving: f_{a+b} = f_a f_b + f_{a-1} f_{b-1} (Chebyshev), so over GF(2)
//!    f_{2k} = (f_k + f_{k-1})^2 and f_{2k+1} = x f_k^2. With s = f_k + f_{k-1} written as
//!    s = a(u) + x b(u) (u = x^2 + x), gcd(s(x), s(x+1)) = gcd(a, b)(u), so the plus/open nullity
//!    of the 2k x 2k board is deg gcd(s^2(x), s^2(x+1)) = 4 deg gcd(a, b): a gcd of polynomials
//!    of degree ~k/2 instead of ~2k. Odd sides follow from the 2-adic formula of
//!    `nullity::plus_open_squares`.
//! 2. Doubling: the same identities give f_k for one k from O(log k) squarings (linear time each),
//!    so one n = 10^6 board costs one gcd of degree ~n/4.
//! 3. Torus: the n x n plus torus press matrix is (C + I) (x) I + I (x) C with C = S + S^{-1} the
//!    cycle's adjacency. Over the algebraic closure, for n = 2^a m (m odd), C has eigenvalues
//!    w + 1/w (w^m = 1): two Jordan blocks of size 2^a for each pair {w, 1/w} with w != 1, and for
//!    w = 1 one block of size 1 (a = 0) or two of size 2^(a-1). The kernel dimension of
//!    X (x) I + I (x) Y is the sum of min(block sizes) over pairs of blocks with equal eigenvalues
//!    (characteristic 2), which gives torus(n) = 2^a (2 open(m - 1) + 4 [3 | m]) for n >= 3
//!    (open(m - 1) / 2 counts the pairs r, r + 1 of nonzero eigenvalues; 3 | m adds 0 and 1).

use crate::engine::cluster::{share_by_cost, Cluster, Solo};
use crate::engine::gf2::{self, Poly};
use crate::engine::gf2poly as wp;
use crate::engine::progress::Counters;
use crate::puzzles::lightsout::{Game, Rule, Topology};
use anyhow::{bail, ensure, Context, Result};
use rayon::prelude::*;

/// `f_0..=f_max` (Sutner's polynomials), optionally with `x` replaced by `x + 1`.
pub fn sutner_polys(max: usize, shifted: bool) -> Vec<Poly> {
    let mut out = vec![Poly::one()];
    if max == 0 {
        return out;
    }
    let x = if shifted {
        Poly::from_exponents(&[0, 1])
    } else {
        Poly::monomial(1)
    };
    out.push(x.clone());
    for k in 1..max {
        let next = out[k].mul(&x).add(&out[k - 1]);
        out.push(next);
    }
    out
}

/// Only f_k (or f_k(x + 1)), keeping two polynomials at a time.
pub fn sutner_poly(k: usize, shifted: bool) -> Poly {
    let x = if shifted {
        Poly::from_exponents(&[0, 1])
    } else {
        Poly::monomial(1)
    };
    let (mut prev, mut cur) = (Poly::one(), x.clone());
    if k == 0 {
        return prev;
    }
    for _ in 1..k {
        let next = cur.mul(&x).add(&prev);
        prev = std::mem::replace(&mut cur, next);
    }
    cur
}

/// How the single-board nullity was computed (printed by `lightsout nullity`).
pub const METHOD_OPEN: &str =
    "Sutner polynomial gcd, halved: f_2k = (f_k + f_k-1)^2 by doubling, gcd in u = x^2 + x, 2-adic formula for odd \
        sides";
pub const METHOD_TORUS: &str =
    "Jordan structure of the cycle: torus(2^a m) = 2^a (2 open(m - 1) + 4 [3 | m]), open(m - 1) by the halved Sutner \
        gcd";

/// A polynomial in x over GF(2) as A(u) + x B(u) with u = x^2 + x (so x^2 = x + u).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UForm {
    pub a: Vec<u64>,
    pub b: Vec<u64>,
}

impl UForm {
    fn one() -> UForm {
        UForm { a: vec![1], b: vec![] }
    }
    fn x() -> UForm {
        UForm { a: vec![], b: vec![1] }
    }
    fn add(&self, o: &UForm) -> UForm {
        UForm {
            a: wp::add(&self.a, &o.a),
            b: wp::add(&self.b, &o.b),
        }
    }
    /// (A + xB)^2 = A^2 + x^2 B^2 = (A^2 + u B^2) + x B^2.
    fn square(&self) -> UForm {
        let b2 = wp::square(&self.b);
        UForm {
            a: wp::add(&wp::square(&self.a), &wp::shift1(&b2)),
            b: b2,
        }
    }
    /// x (A + xB) = u B + x (A + B).
    fn times_x(&self) -> UForm {
        UForm {
            a: wp::shift1(&self.b),
            b: wp::add(&self.a, &self.b),
        }
    }
    /// Back to a polynomial in x (tests).
    pub fn to_poly(&self) -> Poly {
        let u = Poly::from_exponents(&[1, 2]);
        let eval = |w: &[u64]| {
            let mut acc = Poly::zero();
            for i in (0..w.len() * 64).rev() {
                acc = acc.mul(&u);
                if gf2::get_bit(w, i) {
                    acc = acc.add(&Poly::one());
                }
            }
            acc
        };
        eval(&self.a).add(&Poly::monomial(1).mul(&eval(&self.b)))
    }
}

/// (f_k, f_{k-1}) for k >= 1 by doubling: from (f_j, f_{j-1}),
/// f_2j = (f_j + f_{j-1})^2, f_{2j-1} = x f_{j-1}^2, f_{2j+1} = x f_j^2.
pub fn sutner_pair(k: usize) -> (UForm, UForm) {
    assert!(k >= 1);
    let (mut fj, mut fj1) = (UForm::x(), UForm::one());
    let top = usize::BITS - 1 - k.leading_zeros();
    for bit in (0..top).rev() {
        let f2j = fj.add(&fj1).square();
        if k >> bit & 1 == 1 {
            (fj, fj1) = (fj.square().times_x(), f2j);
        } else {
            (fj, fj1) = (f2j, fj1.square().times_x());
        }
    }
    (fj, fj1)
}

/// 4 deg gcd(a, b) for s = a(u) + x b(u): the nullity of the even board whose f is s^2.
fn even_nullity(a: &[u64], b: &[u64]) -> usize {
    4 * wp::gcd_degree(a, b).unwrap_or(0)
}

/// n + 1 = 2^a m with m odd: (2^a, m).
fn two_adic(n1: usize) -> (usize, usize) {
    let a = n1.trailing_zeros();
    (1 << a, n1 >> a)
}

/// Plus rule, open n x n board, one n (n >= 1).
pub fn plus_open_one(n: usize) -> usize {
    let (two_a, m) = two_adic(n + 1);
    let base = if m == 1 {
        0
    } else {
        let (fk, fk1) = sutner_pair((m - 1) / 2);
        let s = fk.add(&fk1);
        even_nullity(&s.a, &s.b)
    };
    two_a * base + if m % 3 == 0 { 2 * (two_a - 1) } else { 0 }
}

/// Plus rule, open n x n boards for every n in 1..=max_n (index 0 unused, = 0).
pub fn plus_open_sweep(max_n: usize) -> Vec<usize> {
    plus_open_sweep_on(max_n, &Solo, None, None).expect("one process has no collectives to fail")
}

/// A rank's finished gcds of a long sweep, kept on disk so that a killed run resumes (`lightsout
/// sweep --keep DIR`): one file per rank, named by rank and rank count, rewritten atomically
/// about once a minute. The share of each rank depends on `max_n` and the rank count, so a file
/// made under other values is refused, never mixed in.
pub struct SweepCheckpoint {
    path: std::path::PathBuf,
    max_n: usize,
    ranks: usize,
    rank: usize,
    /// Every gcd of this rank with k <= `done` is in `values`.
    pub done: usize,
    /// (k, nullity of the 2k board) in increasing k.
    pub values: Vec<(u32, u32)>,
    last_write: std::time::Instant,
}

const CHECKPOINT_MAGIC: &[u8; 16] = b"statespace-gcd-1";

impl SweepCheckpoint {
    /// Opens (or starts) the file of this rank in `dir`.
    pub fn open(dir: &std::path::Path, max_n: usize, ranks: usize, rank: usize) -> Result<SweepCheckpoint> {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        let path = dir.join(format!("sweep_plus_open.rank{rank}of{ranks}.gcd"));
        let mut c = SweepCheckpoint {
            path,
            max_n,
            ranks,
            rank,
            done: 0,
            values: Vec::new(),
            last_write: std::time::Instant::now(),
        };
        // Files of another rank count mean another share: refuse rather than mix.
        for e in std::fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))? {
            let name = e?.file_name().to_string_lossy().into_owned();
            if let Some(rest) = name
                .strip_prefix("sweep_plus_open.rank")
                .and_then(|r| r.strip_suffix(".gcd"))
            {
                let other: Option<usize> = rest.split_once("of").and_then(|(_, r)| r.parse().ok());
                if other != Some(ranks) {
                    bail!(
                        "{} holds a sweep run under another number of ranks ({name}); rerun with that number or use an \
                            empty --keep directory",
                        dir.display()
                    );
                }
            }
        }
        if let Ok(bytes) = std::fs::read(&c.path) {
            let bad = |what: &str| anyhow::anyhow!("{}: {what} (delete it to start over)", c.path.display());
            if bytes.len() < 48 || &bytes[..16] != CHECKPOINT_MAGIC {
                return Err(bad("not a sweep checkpoint"));
            }
            let word = |i: usize| u64::from_le_bytes(bytes[16 + 8 * i..24 + 8 * i].try_into().expect("8 bytes"));
            let (file_max, file_ranks, file_rank, done) =
                (word(0) as usize, word(1) as usize, word(2) as usize, word(3) as usize);
            if (file_max, file_ranks, file_rank) != (max_n, ranks, rank) {
                bail!(
                    "{}: made by a sweep to n = {file_max} as rank {file_rank} of {file_ranks}, not n = {max_n} as \
                        rank {rank} of {ranks}; use another --keep directory",
                    c.path.display()
                );
            }
            let body = &bytes[48..];
            if body.len() % 8 != 0 || done > max_n / 2 {
                return Err(bad("truncated or damaged"));
            }
            c.values = body
                .chunks_exact(8)
                .map(|p| {
                    (
                        u32::from_le_bytes(p[..4].try_into().unwrap()),
                        u32::from_le_bytes(p[4..].try_into().unwrap()),
                    )
                })
                .collect();
            if c.values.windows(2).any(|w| w[0].0 >= w[1].0) || c.values.last().is_some_and(|v| v.0 as usize > done) {
                return Err(bad("its sizes are out of order"));
            }
            c.done = done;
        }
        Ok(c)
    }

    fn bytes(&self) -> Vec<u8> {
        let mut out = CHECKPOINT_MAGIC.to_vec();
        for w in [self.max_n, self.ranks, self.rank, self.done] {
            out.extend_from_slice(&(w as u64).to_le_bytes());
        }
        for &(k, v) in &self.values {
            out.extend_from_slice(&k.to_le_bytes());
            out.extend_from_slice(&v.to_le_bytes());
        }
        out
    }

    /// Records the gcds of k <= `done` (`new` in increasing k) and writes the file when a minute
    /// has passed since the last write, or when `force`.
    fn record(&mut self, done: usize, new: &[(usize, usize)], force: bool) -> Result<()> {
        self.values.extend(new.iter().map(|&(n, v)| ((n / 2) as u32, v as u32)));
        self.done = done;
        if force || self.last_write.elapsed().as_secs() >= 60 {
            crate::fsutil::write_atomic(&self.path, &self.bytes())?;
            self.last_write = std::time::Instant::now();
        }
        Ok(())
    }
}

/// [`plus_open_sweep`] over the ranks of `cluster`: every rank generates the f_k (cheap, linear
/// in k per step) and runs the gcds of its share (the cost, about k^2 each, is shared out by
/// [`share_by_cost`]); the nullities are summed into rank 0, which alone holds the result (the
/// other ranks' vectors hold their share only). `counters.depth` follows k.
/// With `keep`, each rank keeps its finished gcds in a [`SweepCheckpoint`] there and a rerun
/// resumes from it.
pub fn plus_open_sweep_on(
    max_n: usize,
    cluster: &dyn Cluster,
    counters: Option<&Counters>,
    keep: Option<&std::path::Path>,
) -> Result<Vec<usize>> {
    let mut nul = vec![0usize; max_n + 1];
    let kmax = max_n / 2;
    let owner = share_by_cost(&(0..=kmax as u64).map(|k| k * k).collect::<Vec<_>>(), cluster.ranks());
    let mut checkpoint = keep
        .map(|d| SweepCheckpoint::open(d, max_n, cluster.ranks(), cluster.rank()))
        .transpose()?;
    let resumed = checkpoint.as_ref().map_or(0, |c| c.done);
    if let Some(c) = &checkpoint {
        // Exactly this rank's sizes up to `done`: a file missing one would leave a 0 in the table.
        let owned = (1..=resumed).filter(|&k| owner[k] == cluster.rank()).count();
        ensure!(
            c.values.len() == owned
                && c.values
                    .iter()
                    .all(|&(k, _)| k >= 1 && owner[k as usize] == cluster.rank()),
            "{}: holds {} sizes, but this rank's share up to n = {} is {owned} (delete it to start over)",
            c.path.display(),
            c.values.len(),
            2 * resumed
        );
        for &(k, v) in &c.values {
            nul[2 * k as usize] = v as usize;
        }
    }
    let mine = |k: usize| owner[k] == cluster.rank() && k > resumed;
    // f_k = A_k + x B_k: A_{k+1} = u B_k + A_{k-1}, B_{k+1} = A_k + B_k + B_{k-1}.
    let (mut prev, mut cur) = (UForm::one(), UForm::x()); // f_0, f_1
    let mut batch: Vec<(usize, UForm)> = Vec::new();
    let mut flush = |batch: &mut Vec<(usize, UForm)>, nul: &mut Vec<usize>, done: usize, last: bool| -> Result<()> {
        let res: Vec<(usize, usize)> = batch
            .par_iter()
            .map(|(k, s)| (2 * k, even_nullity(&s.a, &s.b)))
            .collect();
        for &(n, v) in &res {
            nul[n] = v;
        }
        batch.clear();
        if let Some(c) = checkpoint.as_mut() {
            c.record(done, &res, last)?;
        }
        Ok(())
    };
    for k in 1..=kmax {
        if k > 1 {
            let next = UForm {
                a: wp::add(&wp::shift1(&cur.b), &prev.a),
                b: wp::add(&wp::add(&cur.a, &cur.b), &prev.b),
            };
            prev = std::mem::replace(&mut cur, next);
        }
        if mine(k) {
            batch.push((k, cur.add(&prev)));
        }
        if batch.len() >= 256 {
            flush(&mut batch, &mut nul, k, false)?;
            if let Some(c) = counters {
                c.set_depth(k as u64);
            }
        }
    }
    flush(&mut batch, &mut nul, kmax, true)?;
    if cluster.ranks() > 1 {
        let mut sums: Vec<u64> = nul.iter().map(|&v| v as u64).collect();
        cluster.sum_to_root(&mut sums)?;
        if !cluster.is_root() {
            return Ok(nul);
        }
        nul = sums.into_iter().map(|v| v as usize).collect();
    }
    for n in 1..=max_n {
        let (two_a, m) = two_adic(n + 1);
        if two_a > 1 {
            let base = if m == 1 { 0 } else { nul[m - 1] };
            nul[n] = two_a * base + if m % 3 == 0 { 2 * (two_a - 1) } else { 0 };
        }
    }
    Ok(nul)
}

/// Plus torus from the open nullities `open` (indices up to at least the odd part of n, minus 1).
fn torus_from_open(n: usize, open_of: impl Fn(usize) -> usize) -> usize {
    let two_a = 1usize << n.trailing_zeros();
    let m = n >> n.trailing_zeros();
    let base = if m == 1 {
        0
    } else {
        2 * open_of(m - 1) + if m.is_multiple_of(3) { 4 } else { 0 }
    };
    two_a * base
}

/// Sides 1 and 2 of the torus follow the set convention (see the puzzle): dense elimination.
fn torus_small(n: usize) -> Result<usize> {
    Ok(Game::new(Rule::Plus, Topology::Torus, n, n)?.press_matrix()?.nullity())
}

/// Plus rule on the n x n torus, one n.
pub fn plus_torus_one(n: usize) -> Result<usize> {
    if n < 3 {
        return torus_small(n);
    }
    Ok(torus_from_open(n, plus_open_one))
}

/// Plus torus for every n in 1..=max_n (index 0 unused).
pub fn plus_torus_sweep(max_n: usize) -> Result<Vec<usize>> {
    plus_torus_sweep_on(max_n, &Solo, None, None)
}

/// [`plus_torus_sweep`] over the ranks of `cluster` (the open sweep shared out; rank 0 holds the
/// result).
pub fn plus_torus_sweep_on(
    max_n: usize,
    cluster: &dyn Cluster,
    counters: Option<&Counters>,
    keep: Option<&std::path::Path>,
) -> Result<Vec<usize>> {
    let open = plus_open_sweep_on(max_n, cluster, counters, keep)?;
    if !cluster.is_root() {
        return Ok(vec![0; max_n + 1]);
    }
    let mut out = vec![0usize; max_n + 1];
    for (n, on) in out.iter_mut().enumerate().skip(1) {
        *on = if n < 3 {
            torus_small(n)?
        } else {
            torus_from_open(n, |k| open[k])
        };
    }
    Ok(out)
}

/// Largest side `lightsout nullity` accepts (the gcd has degree ~n/4: about a second at 10^6).
pub const MAX_SINGLE: usize = 20_000_000;

/// Plus/open m x n nullity for every 1 <= m, n <= max, row-major (`out[(m-1) * max + n-1]`):
/// deg gcd(f_m(x), f_n(x+1)), computed for m <= n and mirrored (the board transposes).
pub fn plus_open_rect_table(max: usize) -> Vec<u16> {
    let f = sutner_polys(max, false);
    let g = sutner_polys(max, true);
    let pairs: Vec<(usize, usize)> = (1..=max).flat_map(|m| (m..=max).map(move |n| (m, n))).collect();
    let vals: Vec<u16> = pairs
        .par_iter()
        .map(|&(m, n)| wp::gcd_degree(f[m].words(), g[n].words()).unwrap_or(0) as u16)
        .collect();
    let mut out = vec![0u16; max * max];
    for (&(m, n), &v) in pairs.iter().zip(&vals) {
        out[(m - 1) * max + n - 1] = v;
        out[(n - 1) * max + m - 1] = v;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn doubling_matches_the_recurrence() {
        let f = sutner_polys(300, false);
        for k in 1..300 {
            let (a, b) = sutner_pair(k);
            assert_eq!(a.to_poly(), f[k], "f_{k}");
            assert_eq!(b.to_poly(), f[k - 1], "f_{}", k - 1);
        }
    }
}
