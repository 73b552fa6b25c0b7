//! The pull kernel's rate on peg side 8, with and without the position-class skip, in CPU time
//! of one thread (so a shared machine's load changes little of the ratio). The layer above is
//! either a level file kept by `statespace peg --side 8 --levels-only --keep-levels DIR`
//! (`reach-KK.bits`), or, without one, every 18-peg position in the three classes of the
//! single-vacancy starts (the dense levels 1-17 are that, to within 0.01%).
//! Usage: cargo run --release --example pull_bench [LEVEL_FILE] [SAMPLE_CHUNKS]

use statespace::engine::layered::{pull_chunk, start_classes, Colex, Layer, SubsetGraph, CHUNK_WORDS};
use statespace::puzzles::peg::Triangle;
use statespace::puzzles::peg_bits::PackedTriangle;

/// This thread's CPU time in seconds.
fn cpu() -> f64 {
    let mut ts = libc_timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: clock_gettime writes one timespec; CLOCK_THREAD_CPUTIME_ID = 3 on Linux.
    unsafe { clock_gettime(3, &mut ts) };
    ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9
}

#[repr(C)]
struct libc_timespec {
    tv_sec: i64,
    tv_nsec: i64,
}

extern "C" {
    fn clock_gettime(clock: i32, ts: *mut libc_timespec) -> i32;
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let t = Triangle::new(8).unwrap();
    let g = PackedTriangle::new(&t);
    let colex = Colex::new(36);
    let starts: Vec<u64> = (0..36).map(|h| t.start(h)).collect();
    let classes = start_classes(&g, &starts);
    let above = match args.first().filter(|a| !a.chars().all(|c| c.is_ascii_digit())) {
        Some(path) => {
            let bytes = std::fs::read(path).expect("a level file");
            let field = |i: usize| u64::from_le_bytes(bytes[8 + 8 * i..16 + 8 * i].try_into().unwrap());
            let (kind_len, len, k, words) = (field(0) as usize, field(1), field(2) as usize, field(3) as usize);
            let body = &bytes[48 + kind_len..];
            assert_eq!(body.len(), words * 8, "a whole level file");
            let mut layer = Layer::empty(&colex, k);
            assert_eq!(layer.len, len);
            for (w, c) in layer.words.iter_mut().zip(body.chunks_exact(8)) {
                *w = u64::from_le_bytes(c.try_into().unwrap());
            }
            layer
        }
        None => {
            let k = 18;
            let mut layer = Layer::empty(&colex, k);
            let mut s = (1u64 << k) - 1;
            for r in 0..layer.len {
                if classes >> g.invariant(s) & 1 == 1 {
                    layer.set(r);
                }
                s = Colex::next(s);
            }
            layer
        }
    };
    let sample: usize = args
        .iter()
        .find(|a| a.chars().all(|c| c.is_ascii_digit()))
        .map_or(64, |a| a.parse().unwrap());
    let below = colex.count(above.k - 1);
    let chunks = below.div_ceil(64 * CHUNK_WORDS as u64);
    println!(
        "pull of level {} from level {} ({} ranks), {sample} of its {chunks} chunks spread evenly, 1 thread",
        above.k - 1,
        above.k,
        below
    );
    let mut words = vec![0u64; CHUNK_WORDS];
    let mut ones = [0u64; 2];
    let mut secs = [0f64; 2];
    let mut ranks = 0u64;
    for i in 0..sample as u64 {
        let first = (i * chunks / sample as u64) * 64 * CHUNK_WORDS as u64;
        let n = ((below - first).div_ceil(64) as usize).min(CHUNK_WORDS);
        for (j, mask) in [u64::MAX, classes].into_iter().enumerate() {
            let c0 = cpu();
            let decided = pull_chunk(&g, &colex, &above, mask, first, &mut words[..n]);
            secs[j] += cpu() - c0;
            ones[j] += words[..n].iter().map(|w| w.count_ones() as u64).sum::<u64>();
            if j == 0 {
                ranks += decided;
            }
        }
    }
    assert_eq!(ones[0], ones[1], "the class skip changes no bit");
    for (name, s) in ["without the class skip", "with the class skip"].iter().zip(secs) {
        println!("{name:24} {s:8.3} s CPU  {:10.3e} states/s/core", ranks as f64 / s);
    }
    println!(
        "ratio {:.2}, {} of {ranks} sampled ranks reachable",
        secs[0] / secs[1],
        ones[0]
    );
}
