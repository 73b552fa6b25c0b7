//! Flat bit arrays over dense state ranks, shared between rayon workers.

use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// A fixed-size bit array whose bits can be set concurrently.
pub struct Bitset {
    words: Vec<AtomicU64>,
    len: u64,
}

/// Words handed to one rayon task when scanning a bitset: big enough to amortise scheduling.
const SCAN_CHUNK_WORDS: usize = 1 << 12;

impl Bitset {
    pub fn new(len: u64) -> Self {
        let n = len.div_ceil(64) as usize;
        let mut words: Vec<AtomicU64> = Vec::with_capacity(n);
        super::memory::prefer_huge_pages(&words.spare_capacity_mut()[..n]);
        words.resize_with(n, || AtomicU64::new(0));
        Bitset { words, len }
    }

    pub fn len(&self) -> u64 {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub fn get(&self, i: u64) -> bool {
        self.words[(i >> 6) as usize].load(Relaxed) >> (i & 63) & 1 == 1
    }

    /// Sets bit `i`; returns true if it was clear before (this caller "discovered" it).
    #[inline]
    pub fn insert(&self, i: u64) -> bool {
        let bit = 1u64 << (i & 63);
        let w = &self.words[(i >> 6) as usize];
        if w.load(Relaxed) & bit != 0 {
            return false;
        }
        w.fetch_or(bit, Relaxed) & bit == 0
    }

    /// Asks for the cache line of bit `i` ahead of an [`insert`](Self::insert) (a hint).
    #[inline]
    pub fn prefetch(&self, i: u64) {
        super::memory::prefetch(&self.words[(i >> 6) as usize]);
    }

    /// ORs `v` into word `w` (bits 64w..64w+64): for writers that gather a word first.
    #[inline]
    pub fn or_word(&self, w: usize, v: u64) {
        if v != 0 {
            self.words[w].fetch_or(v, Relaxed);
        }
    }

    /// The words, once no one else sets bits any more.
    pub fn into_words(self) -> Vec<u64> {
        self.words.into_iter().map(AtomicU64::into_inner).collect()
    }

    pub fn word(&self, w: usize) -> u64 {
        self.words[w].load(Relaxed)
    }

    pub fn word_count(&self) -> usize {
        self.words.len()
    }

    pub fn count_ones(&self) -> u64 {
        self.words.par_iter().map(|w| w.load(Relaxed).count_ones() as u64).sum()
    }

    pub fn clear(&self) {
        self.words.par_iter().for_each(|w| w.store(0, Relaxed));
    }

    /// Set bits in increasing order.
    pub fn ones(&self) -> impl Iterator<Item = u64> + '_ {
        self.words.iter().enumerate().flat_map(|(wi, w)| {
            let mut bits = w.load(Relaxed);
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let t = bits.trailing_zeros() as u64;
                bits &= bits - 1;
                Some(wi as u64 * 64 + t)
            })
        })
    }

    /// Calls `f(i)` for every set bit of one chunk of words, in increasing order.
    fn chunk_ones(&self, ci: usize, chunk: &[AtomicU64], mut f: impl FnMut(u64)) {
        for (k, w) in chunk.iter().enumerate() {
            let mut bits = w.load(Relaxed);
            let base = ((ci * SCAN_CHUNK_WORDS + k) as u64) << 6;
            while bits != 0 {
                f(base + bits.trailing_zeros() as u64);
                bits &= bits - 1;
            }
        }
    }

    /// Collects the set bits, sorted, keeping those `keep` accepts; parallel but deterministic.
    pub fn par_collect<T: Send, F: Fn(u64) -> Option<T> + Sync>(&self, keep: F) -> Vec<T> {
        let parts: Vec<Vec<T>> = self
            .words
            .par_chunks(SCAN_CHUNK_WORDS)
            .enumerate()
            .map(|(ci, chunk)| {
                let mut out = Vec::new();
                self.chunk_ones(ci, chunk, |i| out.extend(keep(i)));
                out
            })
            .collect();
        parts.into_iter().flatten().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_get_ones() {
        let b = Bitset::new(200);
        assert!(b.insert(3));
        assert!(!b.insert(3));
        assert!(b.insert(130));
        assert!(b.insert(199));
        assert!(b.get(130) && !b.get(131));
        assert_eq!(b.ones().collect::<Vec<_>>(), vec![3, 130, 199]);
        assert_eq!(b.par_collect(Some), vec![3, 130, 199]);
        assert_eq!(b.count_ones(), 3);
    }
}
