//! Sizes and times of the move balls of `studies::peg::min_moves` (forward around a start,
//! backward around a single peg): `cargo run --release --example moves_levels_probe SIDE HOLE RADIUS`.
use statespace::puzzles::peg::Triangle;
use statespace::studies::peg::min_moves::{ball_into, ball_of};
fn main() {
    let arg = |i: usize| {
        std::env::args()
            .nth(i)
            .expect("SIDE HOLE RADIUS")
            .parse::<usize>()
            .expect("a number")
    };
    let (side, hole, radius) = (arg(1), arg(2), arg(3) as u32);
    let t = Triangle::new(side).unwrap();
    let clock = std::time::Instant::now();
    let f = ball_of(&t, hole, radius).unwrap_or_else(|e| panic!("{e:#}"));
    println!(
        "forward  T{side} start {}: {:?} = {} boards, {:.1} s",
        hole + 1,
        f.level_sizes,
        f.len(),
        clock.elapsed().as_secs_f64()
    );
    let clock = std::time::Instant::now();
    let b = ball_into(&t, hole, radius).unwrap_or_else(|e| panic!("{e:#}"));
    println!(
        "backward T{side} finish {}: {:?} = {} boards, {:.1} s",
        hole + 1,
        b.level_sizes,
        b.len(),
        clock.elapsed().as_secs_f64()
    );
    let hist = |ball: &statespace::engine::ball::Ball| {
        use rayon::prelude::*;
        ball.par_states()
            .fold(
                || vec![0u64; 64],
                |mut h, (s, _)| {
                    h[s.count_ones() as usize] += 1;
                    h
                },
            )
            .reduce(|| vec![0u64; 64], |a, b| a.iter().zip(&b).map(|(x, y)| x + y).collect())
    };
    let show = |h: Vec<u64>| {
        h.iter()
            .enumerate()
            .filter(|(_, &c)| c > 0)
            .map(|(k, c)| format!("{k}:{c}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    println!("forward boards by pegs: {}", show(hist(&f)));
    println!("backward boards by pegs: {}", show(hist(&b)));
}
