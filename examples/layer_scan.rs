//! The memory-bandwidth floor of the layered engine: what touching every state of one layer costs
//! with no puzzle work, against which the search's states/s/core is read. Run by scripts/bench.sh.
//! Usage: cargo run --release --example layer_scan [N K]   (default: side 8's largest layer, 36 18)

use statespace::engine::layered::{Colex, Layer};
use std::time::Instant;

fn main() {
    let args: Vec<usize> = std::env::args().skip(1).map(|a| a.parse().expect("N K")).collect();
    let (n, k) = if args.len() == 2 { (args[0], args[1]) } else { (36, 18) };
    let colex = Colex::new(n);
    let mut layer = Layer::empty(&colex, k);
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    for w in layer.words.iter_mut() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        *w = x;
    }
    let states = layer.len as f64;
    println!(
        "layer C({n},{k}) = {} states, {:.2} GiB, 1 thread",
        layer.len,
        (layer.words.len() * 8) as f64 / (1u64 << 30) as f64
    );

    // 1. Read every word (pure bandwidth).
    let t = Instant::now();
    let ones: u64 = layer.words.iter().map(|w| w.count_ones() as u64).sum();
    let s = t.elapsed().as_secs_f64();
    println!(
        "word scan (popcount):              {:8.3} s  {:10.3e} states/s/core  ({ones} ones)",
        s,
        states / s
    );

    // 2. Walk every state in rank order (Gosper's next) and read its bit: the per-state floor of a
    // pass that visits states, before any successor or rank work.
    let t = Instant::now();
    let mut state = (1u64 << k) - 1;
    let mut hits = 0u64;
    for r in 0..layer.len {
        hits += layer.get(r) as u64 ^ (state & 1);
        state = Colex::next(state);
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "state walk (next + bit read):      {:8.3} s  {:10.3e} states/s/core  ({hits})",
        s,
        states / s
    );

    // 3. Rank every state and read its bit at the rank (one random-free lookup per state).
    let t = Instant::now();
    let mut state = (1u64 << k) - 1;
    let mut hits = 0u64;
    let m = (layer.len / 16).max(1);
    for _ in 0..m {
        hits += layer.get(colex.rank(state)) as u64;
        state = Colex::next(state);
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "state walk + rank:                 {:8.3} s  {:10.3e} states/s/core  ({hits}, first 1/16 of the layer)",
        s,
        m as f64 / s
    );
}
