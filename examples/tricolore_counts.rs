//! Times the one-byte Tricolore search (`full::run_counts`) on one board and target, with and
//! without the target's symmetries, for profiling: `cargo run --release --example
//! tricolore_counts -- 4 4 RRRR.RRRR.RRRR.RRRR [plain]`.

use statespace::engine::progress::Counters;
use statespace::puzzles::tricolore::{Adjacency, Grid};
use statespace::studies::tricolore::full;
use std::time::Instant;

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    anyhow::ensure!(args.len() >= 3, "usage: tricolore_counts WIDTH HEIGHT TARGET [plain]");
    let grid = Grid::new(args[0].parse()?, args[1].parse()?, Adjacency::King)?;
    let target = grid.parse(&args[2])?;
    let symmetric = args.get(3).map(String::as_str) != Some("plain");
    let t = Instant::now();
    let f = full::run_counts(&grid, target, symmetric, &Counters::default())?;
    println!("{:.2} s, symmetries {:?}", t.elapsed().as_secs_f64(), f.symmetries);
    println!(
        "boards {:?}\nstates {:?}\nunreachable {} boards, {} states",
        f.boards, f.states, f.unreachable_boards, f.unreachable_states
    );
    Ok(())
}
