//! Sizes, times and table bytes of the move balls on a named board (forward out of a start,
//! backward into a single peg): `cargo run --release --example board_balls_probe BOARD HOLE RADIUS`
//! (HOLE 1-based, reading order).
use statespace::puzzles::board::Board;
use statespace::studies::peg::min_moves::{ball_into, ball_of};
use statespace::studies::peg_board::moves::BoardMoves;
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let board = Board::named(&a[1]).expect("a board name");
    let hole: usize = a[2].parse::<usize>().expect("a hole") - 1;
    let radius: u32 = a[3].parse().expect("a radius");
    let moves = BoardMoves::new(&board);
    for (way, grow) in [("forward", true), ("backward", false)] {
        let clock = std::time::Instant::now();
        let ball = if grow {
            ball_of(&moves, hole, radius)
        } else {
            ball_into(&moves, hole, radius)
        };
        let ball = ball.unwrap_or_else(|e| panic!("{e:#}"));
        println!(
            "{way} {} hole {}: {:?} = {} boards, {} MiB table, {:.1} s",
            a[1],
            hole + 1,
            ball.level_sizes,
            ball.len(),
            ball.bytes() >> 20,
            clock.elapsed().as_secs_f64()
        );
    }
}
