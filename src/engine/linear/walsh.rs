//! The Walsh-Hadamard transform over GF(2)^d, for any additive group of values (used by the
//! Lights Out minimiser, sampler and God's numbers, and by the covering-radius search).

/// In-place (unnormalised) Walsh-Hadamard transform: W(a) = sum_s h(s) (-1)^{|a & s|}. The
/// levels below 2^12 run block by block (each block stays in L1), the rest over the array.
pub fn walsh_hadamard<T>(v: &mut [T])
where
    T: Copy + std::ops::Add<Output = T> + std::ops::Sub<Output = T>,
{
    walsh_hadamard_from(v, 1)
}

/// [`walsh_hadamard`]'s levels from `from` (a power of two) up, for input whose lower levels
/// are already transformed (e.g. only on the blocks that hold nonzeros).
pub fn walsh_hadamard_from<T>(v: &mut [T], from: usize)
where
    T: Copy + std::ops::Add<Output = T> + std::ops::Sub<Output = T>,
{
    fn levels<T: Copy + std::ops::Add<Output = T> + std::ops::Sub<Output = T>>(v: &mut [T], from: usize, to: usize) {
        let mut len = from;
        while len < to {
            for block in v.chunks_mut(2 * len) {
                let (lo, hi) = block.split_at_mut(len);
                for (a, b) in lo.iter_mut().zip(hi.iter_mut()) {
                    let (x, y) = (*a, *b);
                    *a = x + y;
                    *b = x - y;
                }
            }
            len *= 2;
        }
    }
    let block = v.len().min(1 << 12).max(from);
    for chunk in v.chunks_mut(block) {
        levels(chunk, from, chunk.len());
    }
    levels(v, block, v.len());
}

/// Adds the value v at signature t to a transform q over GF(2)^h (t < 2^h) already taken:
/// q(b) += v (-1)^<b, t>, one term of [`walsh_hadamard`] in 2^h steps.
pub fn add_term(q: &mut [i64], t: usize, v: i64) {
    for (b, qb) in q.iter_mut().enumerate() {
        *qb += if (b & t).count_ones().is_multiple_of(2) { v } else { -v };
    }
}
