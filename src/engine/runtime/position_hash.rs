//! A hasher for positions packed in integers: the standard SipHash guards against chosen keys,
//! which positions are not, and cost a tenth of a hash-set search over millions of them.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// Mixes each word written into the state with the splitmix64 finaliser (a bijection in which
/// every input bit reaches every output bit): a u128 is two words, the second mixed after the
/// first, so positions one bit apart never collide by construction (a single multiply per word
/// did: bit 63 of the low word cancelled against a bit of the high one). Every bit reaches both
/// the bucket bits and the control bits hashbrown takes from the top.
#[derive(Clone, Copy, Default)]
pub struct PositionHasher(u64);

impl Hasher for PositionHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = mix(self.0 ^ word);
    }

    fn write_u128(&mut self, word: u128) {
        self.write_u64(word as u64);
        self.write_u64((word >> 64) as u64);
    }

    fn write_usize(&mut self, word: usize) {
        self.write_u64(word as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// The splitmix64 finaliser (after the golden-ratio increment, so that 0 does not map to 0).
fn mix(word: u64) -> u64 {
    let mut z = word.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A hash set of positions.
pub type PositionSet<T> = HashSet<T, BuildHasherDefault<PositionHasher>>;
/// A hash map keyed by positions.
pub type PositionMap<K, V> = HashMap<K, V, BuildHasherDefault<PositionHasher>>;

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::BuildHasher;

    /// Positions differing in one bit, in either half, hash apart; positions alike in all but
    /// their low bits spread over the top seven bits (hashbrown's control byte) and the low
    /// ones (its buckets); and the hash is the same on every run.
    #[test]
    fn close_positions_hash_apart() {
        let build = BuildHasherDefault::<PositionHasher>::default();
        let base: u128 = 0x0123_4567_89ab_cdef_fedc_ba98_7654_3210;
        let mut one_bit: Vec<u64> = (0..128).map(|i| build.hash_one(base ^ 1 << i)).collect();
        one_bit.sort_unstable();
        one_bit.dedup();
        assert_eq!(one_bit.len(), 128);
        let low: Vec<u64> = (0..1024u128).map(|k| build.hash_one(base << 10 | k)).collect();
        let spread = |bits: fn(u64) -> u64| {
            let mut seen: Vec<u64> = low.iter().map(|&h| bits(h)).collect();
            seen.sort_unstable();
            seen.dedup();
            seen.len()
        };
        assert!(spread(|h| h >> 57) >= 120, "top bits");
        assert!(spread(|h| h & 127) >= 120, "low bits");
        assert_eq!(
            build.hash_one(base),
            BuildHasherDefault::<PositionHasher>::default().hash_one(base)
        );
    }
}
