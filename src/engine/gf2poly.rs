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
    (0..p.len()).rev().find(|&i| p[i] != 0).map(|i| i * 64 + 63 - p[i].leading_zeros() as usize)
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

/// Carry-less 64 x 64 -> 128 bit product (software; the hardware path is in `mul_acc`).
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

/// `out = p a + q b` with p, q of degree < 64 (`out` is resized).
fn combine(a: &[u64], p: u64, b: &[u64], q: u64, out: &mut Vec<u64>) {
    out.clear();
    out.resize(a.len().max(b.len()) + 1, 0);
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("pclmulqdq") {
            // SAFETY: the feature was detected at run time.
            unsafe {
                mul_acc_clmul(out, a, p);
                mul_acc_clmul(out, b, q);
            }
            return;
        }
    }
    for (src, m) in [(a, p), (b, q)] {
        if m == 0 {
            continue;
        }
        for (i, &w) in src.iter().enumerate() {
            let (lo, hi) = clmul_soft(w, m);
            out[i] ^= lo;
            out[i + 1] ^= hi;
        }
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "pclmulqdq,sse2")]
unsafe fn mul_acc_clmul(out: &mut [u64], src: &[u64], m: u64) {
    use std::arch::x86_64::*;
    if m == 0 {
        return;
    }
    let mv = _mm_set_epi64x(0, m as i64);
    let mut carry = 0u64;
    for (i, &w) in src.iter().enumerate() {
        let r = _mm_clmulepi64_si128(_mm_set_epi64x(0, w as i64), mv, 0x00);
        let mut pair = [0u64; 2];
        _mm_storeu_si128(pair.as_mut_ptr() as *mut __m128i, r);
        out[i] ^= pair[0] ^ carry;
        carry = pair[1];
    }
    out[src.len()] ^= carry;
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
        while y != 0 {
            // x == 0 in the window counts as lowest (its true lead is below the exact bits).
            let lx = if x == 0 { 0 } else { 63 - x.leading_zeros() };
            let ly = 63 - y.leading_zeros();
            if x == 0 || lx < ly {
                std::mem::swap(&mut x, &mut y);
                std::mem::swap(&mut m00, &mut m10);
                std::mem::swap(&mut m01, &mut m11);
                std::mem::swap(&mut ex, &mut ey);
                continue;
            }
            if lx < ex || ly < ey {
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
        combine(&a, m00, &b, m01, &mut na);
        combine(&a, m10, &b, m11, &mut nb);
        std::mem::swap(&mut a, &mut na);
        std::mem::swap(&mut b, &mut nb);
        a = trim(std::mem::take(&mut a));
        b = trim(std::mem::take(&mut b));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::gf2::Poly;

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
            let want = crate::engine::gf2::gcd_degree(&Poly::from_words(a.clone()), &Poly::from_words(b.clone()));
            assert_eq!(gcd_degree(&a, &b), want, "trial {trial}");
            assert_eq!(gcd_degree(&b, &a), want, "trial {trial} swapped");
        }
    }
}
