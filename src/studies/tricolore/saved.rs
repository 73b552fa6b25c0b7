//! The 5x4 board (3^20 boards): its distance tables take minutes per target, so the default
//! `reproduce` reads them back from `data/tricolore/full_5x4` and re-checks them;
//! `reproduce --full` recomputes them (`full::run_counts`, up to each target's symmetries).
//!
//! Only the distance files (`distance_to_{target}.csv`) are read; `summary.csv` (maximum, mean,
//! farthest and unreachable boards) is derived from them again. Re-checked on read-back, per
//! target:
//! - the counts fit the board (at most 3^20 boards, 21 x 3^20 states) and each other (every
//!   board at k clicks puts at least 20 of its 21 states at k);
//! - levels 0 to [`RECHECK_LEVELS`] are recomputed by a separate bounded backward search over
//!   explicit (board, last click) states (a hash set, no symmetry, no packed cells);
//! - no board is unreachable: a file whose boards miss some is refused, since the boards could
//!   not be listed (`reproduce --full` lists them).
//!
//! Read back (not re-derived): levels past [`RECHECK_LEVELS`], hence the maximum and the mean. A
//! file that disagrees is an error naming it: the run fails, it never reports a value it could
//! not re-check.

use super::columns::schema;
use super::full::{check_target, FullStudy};
use crate::output::glossary;
use crate::output::schema::{col, Kind::Integer, Schema};
use crate::puzzles::tricolore::{Adjacency, Grid};
use crate::studies::read_back::{number, read_rows};
use anyhow::{ensure, Result};
use std::collections::HashMap;
use std::path::Path;

/// Under `data/tricolore/`.
pub const DIR: &str = "full_5x4";
pub const SUMMARY_CSV: &str = "summary.csv";
/// The 5x4 targets: the applet's three, all red, all white and the checkerboard.
pub const TARGETS: [&str; 3] = [
    "RRRRR.RRRRR.RRRRR.RRRRR",
    "WWWWW.WWWWW.WWWWW.WWWWW",
    "WBWBW.BWBWB.WBWBW.BWBWB",
];
/// Levels the read-back recomputes by the bounded search (level 5 of all white: 1.4 x 10^6 boards).
pub const RECHECK_LEVELS: usize = 5;

pub static LARGE_DISTANCE: Schema = schema(
    "tricolore/full_5x4/distance_to_*.csv",
    "The 5x4 board (king adjacency): boards and (board, last click) states by fewest clicks to the \
        target named in the file name, over all 3^20 = 3,486,784,401 boards, from one backward search up to the \
        target's symmetries, counts weighted by orbit size. Boards that cannot reach the target are not listed \
        (summary.csv gives their number). The default reproduce reads it back and re-checks it (totals, levels 0-5 \
        by a separate bounded search); reproduce --full searches again.",
    &[
        col(
            glossary::clicks,
            Integer,
            "fewest clicks to the target (first click free)",
        ),
        col(glossary::boards, Integer, "boards (no previous click) at this distance"),
        col(
            glossary::states,
            Integer,
            "(board, last click) states at this distance, the last click being none or one of the 20 squares",
        ),
    ],
    &[glossary::clicks],
);

pub fn grid() -> Grid {
    Grid::new(5, 4, Adjacency::King).expect("5x4 is a valid board")
}

/// The distance file of a target, under [`DIR`].
pub fn distance_csv(grid: &Grid, target: u32) -> String {
    format!("distance_to_{}.csv", grid.format(target))
}

/// The most clicks any board that can reach the target needs, the mean over those boards, and
/// how many need the most.
pub fn max_mean(f: &FullStudy) -> (usize, f64, u64) {
    let max = f.boards.iter().rposition(|&n| n > 0).unwrap_or(0);
    let reachable: u64 = f.boards.iter().sum();
    let weighted: u64 = f.boards.iter().enumerate().map(|(k, &n)| k as u64 * n).sum();
    (max, weighted as f64 / reachable.max(1) as f64, f.boards[max])
}

/// Boards and (board, last click) states at each of the fewest clicks 0..=`depth` to `target`,
/// by a bounded backward breadth-first search over explicit states: from a state (b, i) at d
/// clicks (i the square clicked last, so the next click may not be i), every (p, l) with
/// click(p, i) = b and l != i is at d + 1 unless seen nearer. The states seen are kept per board
/// as a mask of last clicks (bit `squares`: no click yet), so a predecessor costs one map update,
/// not 20 (all white's level 5 holds 2.8 x 10^7 states). Written apart from the engines, as the
/// read-back's check of the first levels.
pub fn bounded_levels(grid: &Grid, target: u32, depth: usize) -> (Vec<u64>, Vec<u64>) {
    let k = grid.squares();
    let none = 1u32 << k;
    let every = (none << 1) - 1;
    let mut seen: HashMap<u32, u32> = HashMap::new();
    seen.insert(target, every);
    // Per board, the last clicks first seen at this level.
    let mut level: Vec<(u32, u32)> = vec![(target, every)];
    let (mut boards, mut states) = (Vec::new(), Vec::new());
    for d in 0..=depth {
        boards.push(level.iter().filter(|&&(_, m)| m & none != 0).count() as u64);
        states.push(level.iter().map(|&(_, m)| u64::from(m.count_ones())).sum());
        if d == depth {
            break;
        }
        let mut next: HashMap<u32, u32> = HashMap::new();
        for &(b, mask) in &level {
            // Nothing is clicked before "no click yet".
            let mut clicked = mask & !none;
            while clicked != 0 {
                let i = clicked.trailing_zeros() as usize;
                clicked &= clicked - 1;
                grid.unclick_with(b, grid.digits(b), i, |p| {
                    let had = seen.entry(p).or_insert(0);
                    let fresh = every & !(1 << i) & !*had;
                    if fresh != 0 {
                        *had |= fresh;
                        *next.entry(p).or_insert(0) |= fresh;
                    }
                });
            }
        }
        level = next.into_iter().collect();
    }
    (boards, states)
}

/// One target's 5x4 study, read from its distance file in `dir` (as `statespace tricolore full
/// --width 5 --height 4` or `reproduce --full` wrote it) and re-checked (see the module comment).
/// The boards and states that cannot reach the target are the ones the file does not count.
pub fn load(dir: &Path, target: &str) -> Result<FullStudy> {
    let grid = grid();
    let t = grid.parse(target)?;
    check_target(&grid, t)?;
    let path = dir.join(distance_csv(&grid, t));
    ensure!(
        path.exists(),
        "{} is missing: run `statespace reproduce --full` (or `statespace tricolore full --width 5 --height 4 --target \
            {target} --out {}`)",
        path.display(),
        dir.display()
    );
    let (mut boards, mut states) = (Vec::new(), Vec::new());
    for (i, r) in read_rows(&path, &LARGE_DISTANCE.header())?.iter().enumerate() {
        let line = i + 2;
        let k: usize = number(&path, line, glossary::clicks.name, &r[0])?;
        ensure!(
            k >= boards.len(),
            "{}: row {line}, clicks {k} out of order",
            path.display()
        );
        boards.resize(k + 1, 0);
        states.resize(k + 1, 0);
        boards[k] = number(&path, line, glossary::boards.name, &r[1])?;
        states[k] = number(&path, line, glossary::states.name, &r[2])?;
    }
    let n = u64::from(grid.boards());
    let squares = grid.squares() as u64;
    let (listed_boards, listed_states): (u64, u64) = (boards.iter().sum(), states.iter().sum());
    ensure!(
        listed_boards <= n && listed_states <= n * (squares + 1),
        "{}: more boards or states than the 5x4 board has",
        path.display()
    );
    // A board at k clicks puts at least 20 of its 21 states at k (all but the last click that
    // alone makes it reachable at k), and a board that cannot reach the target all 21.
    for (k, (&b, &st)) in boards.iter().zip(&states).enumerate() {
        ensure!(
            st >= squares * b,
            "{}: {k} clicks: {st} states for {b} boards, fewer than {squares} each",
            path.display()
        );
    }
    let (unreachable, unreachable_states) = (n - listed_boards, n * (squares + 1) - listed_states);
    ensure!(
        unreachable_states >= (squares + 1) * unreachable,
        "{}: {unreachable} boards cannot reach the target, but only {unreachable_states} states",
        path.display()
    );
    ensure!(
        unreachable == 0,
        "{}: {unreachable} boards cannot reach {target}, which the file cannot list: run `statespace reproduce --full`",
        path.display()
    );
    let (b, s) = bounded_levels(&grid, t, RECHECK_LEVELS);
    for d in 0..=RECHECK_LEVELS {
        let on_file = (boards.get(d).copied().unwrap_or(0), states.get(d).copied().unwrap_or(0));
        ensure!(
            on_file == (b[d], s[d]),
            "{}: {d} clicks: {on_file:?} (boards, states) on file, {:?} by the bounded search",
            path.display(),
            (b[d], s[d])
        );
    }
    Ok(FullStudy {
        grid: grid.clone(),
        target: t,
        boards,
        states,
        unreachable_boards: unreachable,
        unreachable_states,
        arrivals: None,
        unreachable_list: Some(Vec::new()),
        symmetries: grid.symmetry_fixing(t).names[1..].to_vec(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::progress::Counters;
    use crate::studies::tricolore::full;

    /// The read-back's bounded search against the full searches on 4x3, every level it reaches.
    #[test]
    fn bounded_levels_match_the_full_search() {
        let g = Grid::new(4, 3, Adjacency::King).unwrap();
        for target in ["RRRR.RRRR.RRRR", "WBWB.BWBW.WBWB"] {
            let t = g.parse(target).unwrap();
            let f = full::run(&g, t, &Counters::default()).unwrap();
            let (b, s) = bounded_levels(&g, t, 6);
            assert_eq!(b[..], f.boards[..7], "{target}");
            assert_eq!(s[..], f.states[..7], "{target}");
        }
    }
}
