//! Times `studies::peg::min_moves::settle` on a saved side: `cargo run --release --example
//! moves_settle_probe SIDE DATA_DIR FORWARD BACKWARD` (side 8: data/peg/T8).
use statespace::engine::progress::Counters;
use statespace::studies::peg::min_moves::{settle, MinMoves, Radii};
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let side: usize = a[1].parse().expect("side");
    let radii = Radii {
        forward: a[3].parse().expect("forward"),
        backward: a[4].parse().expect("backward"),
    };
    let study = statespace::studies::peg::saved::load(side, std::path::Path::new(&a[2])).expect("a saved side");
    let problems = study.problems.expect("a problem table");
    let t = statespace::puzzles::peg::Triangle::new(side).unwrap();
    let clock = std::time::Instant::now();
    let settled = settle(&t, &problems, radii, &Counters::default()).expect("settled");
    let mut hist = std::collections::BTreeMap::new();
    for m in settled.iter().flatten() {
        *hist.entry((m.exact(), m.lower_bound())).or_insert(0) += 1;
    }
    println!(
        "T{side}, balls of {} + {} moves: {:.1} s; (exact, lower bound) -> problems: {hist:?}",
        radii.forward,
        radii.backward,
        clock.elapsed().as_secs_f64()
    );
    for (p, m) in problems.iter().zip(&settled) {
        if let Some(MinMoves::Exact { moves, .. }) = m {
            println!("exact {} {} {moves}", p.start + 1, p.finish + 1);
        }
    }
}
