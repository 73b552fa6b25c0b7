//! Word-level helpers for GF(2) polynomials held as bare `Vec<u64>` (bit `i` = coefficient of
//! `t^i`), for hot loops that should not allocate a `Poly` per step: squaring (the Frobenius map
//! spreads bit `i` to bit `2i`), shifting by one, and adding in place.

/// Spreads the 32 bits of `x` to the even positions of a u64 (bit i -> bit 2i).
#[inline]
fn spread32(x: u32) -> u64 {
    let mut x = x as u64;
    x = (x | x << 16) & 0x0000_FFFF_0000_FFFF;
    x = (x | x << 8) & 0x00FF_00FF_00FF_00FF;
    x = (x | x << 4) & 0x0F0F_0F0F_0F0F_0F0F;
    x = (x | x << 2) & 0x3333_3333_3333_3333;
    x = (x | x << 1) & 0x5555_5555_5555_5555;
    x
}

/// `p^2` (over GF(2) squaring is linear: sum p_i t^{2i}).
pub fn square(p: &[u64]) -> Vec<u64> {
    let mut out = Vec::with_capacity(2 * p.len());
    for &w in p {
        out.push(spread32(w as u32));
        out.push(spread32((w >> 32) as u32));
    }
    trim(out)
}

/// `p * t`.
pub fn shift1(p: &[u64]) -> Vec<u64> {
    let mut out = Vec::with_capacity(p.len() + 1);
    let mut carry = 0u64;
    for &w in p {
        out.push(w << 1 | carry);
        carry = w >> 63;
    }
    out.push(carry);
    trim(out)
}

/// `a + b`.
pub fn add(a: &[u64], b: &[u64]) -> Vec<u64> {
    let (long, short) = if a.len() >= b.len() { (a, b) } else { (b, a) };
    let mut out = long.to_vec();
    for (d, s) in out.iter_mut().zip(short) {
        *d ^= s;
    }
    trim(out)
}

/// Drops zero top words (the normal form: the zero polynomial is empty).
pub fn trim(mut w: Vec<u64>) -> Vec<u64> {
    while w.last() == Some(&0) {
        w.pop();
    }
    w
}

/// Degree of the highest set bit (`None` for zero).
pub fn degree(p: &[u64]) -> Option<usize> {
    (0..p.len())
        .rev()
        .find(|&i| p[i] != 0)
        .map(|i| i * 64 + 63 - p[i].leading_zeros() as usize)
}

/// Bits `lo..lo + 64` of `p` as one word.
fn window(p: &[u64], lo: usize) -> u64 {
    let (w, sh) = (lo / 64, lo % 64);
    let at = |i: usize| p.get(i).copied().unwrap_or(0);
    if sh == 0 {
        at(w)
    } else {
        at(w) >> sh | at(w + 1) << (64 - sh)
    }
}

/// Carry-less 64 x 64 -> 128 bit product (software; the hardware path is `combine_clmul`).
#[inline]
fn clmul_soft(a: u64, b: u64) -> (u64, u64) {
    let (mut lo, mut hi) = (0u64, 0u64);
    let mut b = b;
    while b != 0 {
        let i = b.trailing_zeros();
        b &= b - 1;
        lo ^= a << i;
        if i > 0 {
            hi ^= a >> (64 - i);
        }
    }
    (lo, hi)
}

/// `(m00 a + m01 b, m10 a + m11 b)` into `oa`, `ob` (resized), entries of degree < 64.
fn combine(a: &[u64], b: &[u64], m: [u64; 4], oa: &mut Vec<u64>, ob: &mut Vec<u64>) {
    let len = a.len().max(b.len());
    oa.clear();
    oa.resize(len + 1, 0);
    ob.clear();
    ob.resize(len + 1, 0);
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("pclmulqdq") {
            // SAFETY: the feature was detected at run time.
            unsafe { combine_clmul(a, b, m, oa, ob) };
            return;
        }
    }
    combine_soft(a, b, m, oa, ob);
}

fn combine_soft(a: &[u64], b: &[u64], m: [u64; 4], oa: &mut [u64], ob: &mut [u64]) {
    for (src, ma, mb) in [(a, m[0], m[2]), (b, m[1], m[3])] {
        for (i, &w) in src.iter().enumerate() {
            let (lo, hi) = clmul_soft(w, ma);
            oa[i] ^= lo;
            oa[i + 1] ^= hi;
            let (lo, hi) = clmul_soft(w, mb);
            ob[i] ^= lo;
            ob[i + 1] ^= hi;
        }
    }
}

/// One pass over both inputs, four carry-less products per word, carries kept in registers.
///
/// # Safety
/// The CPU must have `pclmulqdq` (checked at run time by the caller); `oa` and `ob` must hold
/// `max(a.len(), b.len()) + 1` words (slices are indexed with bounds checks regardless).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "pclmulqdq,sse2")]
unsafe fn combine_clmul(a: &[u64], b: &[u64], m: [u64; 4], oa: &mut [u64], ob: &mut [u64]) {
    use std::arch::x86_64::*;
    let mv = |x: u64| _mm_set_epi64x(0, x as i64);
    let (m00, m01, m10, m11) = (mv(m[0]), mv(m[1]), mv(m[2]), mv(m[3]));
    let (mut ca, mut cb) = (_mm_setzero_si128(), _mm_setzero_si128());
    let len = a.len().max(b.len());
    for i in 0..len {
        let av = mv(if i < a.len() { a[i] } else { 0 });
        let bv = mv(if i < b.len() { b[i] } else { 0 });
        let ra = _mm_xor_si128(
            _mm_xor_si128(_mm_clmulepi64_si128(av, m00, 0x00), _mm_clmulepi64_si128(bv, m01, 0x00)),
            ca,
        );
        let rb = _mm_xor_si128(
            _mm_xor_si128(_mm_clmulepi64_si128(av, m10, 0x00), _mm_clmulepi64_si128(bv, m11, 0x00)),
            cb,
        );
        oa[i] = _mm_cvtsi128_si64(ra) as u64;
        ob[i] = _mm_cvtsi128_si64(rb) as u64;
        ca = _mm_srli_si128(ra, 8);
        cb = _mm_srli_si128(rb, 8);
    }
    oa[len] = _mm_cvtsi128_si64(ca) as u64;
    ob[len] = _mm_cvtsi128_si64(cb) as u64;
}

/// Degree of gcd(a, b) (`None` when both are zero) by Lehmer's method for GF(2)[t]: Euclid
/// runs on the top 64 coefficients of both, tracking the 2x2 transformation, for as long as
/// the leading terms it uses are exact (the truncated low parts, multiplied by the matrix
/// entries of degree e, only pollute window bits below e); then the matrix is applied to the
/// full polynomials with carry-less multiplications. About 40 single steps per pass over the
/// words instead of one.
pub fn gcd_degree(a: &[u64], b: &[u64]) -> Option<usize> {
    let (mut a, mut b) = (trim(a.to_vec()), trim(b.to_vec()));
    let (mut na, mut nb) = (Vec::new(), Vec::new());
    loop {
        let (Some(mut da), Some(mut db)) = (degree(&a), degree(&b)) else {
            return degree(&a).or(degree(&b));
        };
        if da < db {
            std::mem::swap(&mut a, &mut b);
            std::mem::swap(&mut da, &mut db);
        }
        if da < 64 {
            let (mut x, mut y) = (a[0], b[0]);
            while y != 0 {
                if x.leading_zeros() > y.leading_zeros() {
                    std::mem::swap(&mut x, &mut y);
                }
                x ^= y << (y.leading_zeros() - x.leading_zeros());
                if x.leading_zeros() > y.leading_zeros() {
                    std::mem::swap(&mut x, &mut y);
                }
            }
            return Some(63 - x.leading_zeros() as usize);
        }
        let lo = da - 63;
        let (mut x, mut y) = (window(&a, lo), window(&b, lo));
        // Rows: x = m00 a + m01 b (exact at window bits >= ex), y = m10 a + m11 b (>= ey).
        let (mut m00, mut m01, mut m10, mut m11) = (1u64, 0u64, 0u64, 1u64);
        let (mut ex, mut ey) = (0u32, 0u32);
        let mut steps = 0;
        // Branch-free row swaps (the comparison is a coin toss: a branch would mispredict).
        while y != 0 {
            // x == 0 in the window counts as lowest (its true lead is below the exact bits).
            let lx = 63 - (x | 1).leading_zeros();
            let ly = 63 - y.leading_zeros();
            let swap = (x == 0) | (lx < ly);
            let mask = 0u64.wrapping_sub(swap as u64);
            let t = (x ^ y) & mask;
            x ^= t;
            y ^= t;
            let t = (m00 ^ m10) & mask;
            m00 ^= t;
            m10 ^= t;
            let t = (m01 ^ m11) & mask;
            m01 ^= t;
            m11 ^= t;
            let mask32 = mask as u32;
            let t = (ex ^ ey) & mask32;
            ex ^= t;
            ey ^= t;
            let t = (lx ^ ly) & mask32;
            let (lx, ly) = (lx ^ t, ly ^ t);
            if y == 0 || lx < ex || ly < ey {
                break;
            }
            let s = lx - ly;
            x ^= y << s;
            m00 ^= m10 << s;
            m01 ^= m11 << s;
            ex = ex.max(ey + s);
            steps += 1;
        }
        if steps == 0 {
            // Degrees far apart: one plain step on the full polynomials.
            super::gf2::xor_shifted(&mut a, &b, da - db);
            a = trim(std::mem::take(&mut a));
            continue;
        }
        combine(&a, &b, [m00, m01, m10, m11], &mut na, &mut nb);
        std::mem::swap(&mut a, &mut na);
        std::mem::swap(&mut b, &mut nb);
        a = trim(std::mem::take(&mut a));
        b = trim(std::mem::take(&mut b));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::linear::gf2::Poly;

    #[test]
    fn square_shift_add_match_poly_arithmetic() {
        let mut seed = 17u64;
        for _ in 0..200 {
            let len = (seed % 7) as usize;
            let w: Vec<u64> = (0..len)
                .map(|_| {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    seed
                })
                .collect();
            let p = Poly::from_words(w.clone());
            assert_eq!(Poly::from_words(square(&w)), p.mul(&p));
            assert_eq!(Poly::from_words(shift1(&w)), p.shl(1));
            let q = Poly::from_words(w.iter().rev().copied().collect());
            assert_eq!(Poly::from_words(add(&w, q.words())), p.add(&q));
        }
    }

    #[test]
    fn software_and_hardware_products_agree() {
        let a: Vec<u64> = (1..9u64).map(|i| i.wrapping_mul(0x9e3779b97f4a7c15)).collect();
        let b: Vec<u64> = (1..6u64).map(|i| i.wrapping_mul(0xc2b2ae3d27d4eb4f)).collect();
        let m = [u64::MAX, 0x8000_0000_0000_0001, 12345, 0];
        let (mut oa, mut ob) = (Vec::new(), Vec::new());
        combine(&a, &b, m, &mut oa, &mut ob);
        let (mut sa, mut sb) = (vec![0u64; 9], vec![0u64; 9]);
        combine_soft(&a, &b, m, &mut sa, &mut sb);
        assert_eq!((oa.clone(), ob.clone()), (sa, sb));
        let p = |w: &[u64]| Poly::from_words(w.to_vec());
        let want = p(&a).mul(&p(&[m[0]])).add(&p(&b).mul(&p(&[m[1]])));
        assert_eq!(p(&oa), want);
    }

    #[test]
    fn lehmer_gcd_degree_matches_euclid() {
        let mut seed = 29u64;
        let mut next = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            seed
        };
        for trial in 0..400 {
            let words = |len: usize, next: &mut dyn FnMut() -> u64| -> Vec<u64> { (0..len).map(|_| next()).collect() };
            let (la, lb, lc) = ((next() % 12) as usize, (next() % 12) as usize, (next() % 6) as usize);
            let (mut a, mut b, c) = (words(la, &mut next), words(lb, &mut next), words(lc, &mut next));
            if trial % 3 == 0 && !c.is_empty() {
                // a common factor, so the gcd is not trivially 1
                let pc = Poly::from_words(c.clone());
                a = Poly::from_words(a).mul(&pc).words().to_vec();
                b = Poly::from_words(b).mul(&pc).words().to_vec();
            }
            if trial % 5 == 0 {
                b = a.clone(); // equal inputs: the window difference vanishes
            }
            if trial % 7 == 0 {
                b.truncate(1); // far-apart degrees
            }
            let want = super::super::gf2::gcd_degree(&Poly::from_words(a.clone()), &Poly::from_words(b.clone()));
            assert_eq!(gcd_degree(&a, &b), want, "trial {trial}");
            assert_eq!(gcd_degree(&b, &a), want, "trial {trial} swapped");
        }
    }
}
