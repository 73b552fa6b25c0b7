//! The full board (4x4 by default): exact distances from every board to a target by one backward
//! search over (board, last click), and the reachability claim.

use crate::engine::norepeat::{self, Arrivals, Direction};
use crate::engine::norepeat_sym::{self, NoSymmetry};
use crate::engine::progress::Counters;
use crate::puzzles::tricolore::{Game, Grid, Regime, BLUE, RED};
use anyhow::{bail, Result};
use rayon::prelude::*;

pub struct FullStudy {
    pub grid: Grid,
    pub target: u32,
    /// `boards[k]`: boards whose fewest clicks to the target (first click free) is k.
    pub boards: Vec<u64>,
    /// `states[k]`: (board, last click or none) states at k clicks from the target.
    pub states: Vec<u64>,
    pub unreachable_boards: u64,
    pub unreachable_states: u64,
    /// Per-board distances, kept by the 4x4 search (the verdicts and the solver descend them);
    /// none on larger boards, whose search keeps counts only ([`run_counts`]).
    pub arrivals: Option<Arrivals>,
    /// The boards that cannot reach the target, ascending, when there are at most
    /// [`UNREACHABLE_LISTED`] (always on the 4x4 search's boards: never listed there).
    pub unreachable_list: Option<Vec<u32>>,
    /// The symmetries the search ran up to (none named: the plain search).
    pub symmetries: Vec<&'static str>,
}

/// Boards of more squares are searched by [`run_counts`] (counts only, up to the target's
/// symmetries): 4x4's per-board distances take 3 bytes a board, 5x4's would take 10 GiB.
pub const PER_BOARD_SQUARES: usize = 16;

/// Unreachable boards listed by [`run_counts`] up to this many.
pub const UNREACHABLE_LISTED: usize = 1000;

/// Rejects targets no click sequence can reach, with the reason.
pub fn check_target(grid: &Grid, target: u32) -> Result<()> {
    if target == grid.uniform(BLUE) {
        bail!(
            "target {} is all blue, which no click can produce: the clicked square always ends Red or White",
            grid.format(target)
        );
    }
    Ok(())
}

/// Backward search to `target` over the unrestricted game.
pub fn distances_to(grid: &Grid, target: u32, counters: &Counters) -> Result<Arrivals> {
    let game = Game::new(grid.clone(), Regime::Unrestricted)?;
    norepeat::search(&game, u64::from(target), None, Direction::Backward, counters)
}

pub fn run(grid: &Grid, target: u32, counters: &Counters) -> Result<FullStudy> {
    check_target(grid, target)?;
    let arrivals = distances_to(grid, target, counters)?;
    let k = arrivals.depth as usize + 1;
    let squares = grid.squares() as u64;
    // Per board: the no-last state and every last value but `sole` are at `fewest`; last = sole
    // is at `fewest_avoiding(sole)`.
    let (boards, states, ub, us) = (0..u64::from(grid.boards()))
        .into_par_iter()
        .fold(
            || (vec![0u64; k], vec![0u64; k], 0u64, 0u64),
            |(mut b, mut s, mut ub, mut us), node| {
                match arrivals.fewest(node) {
                    None => {
                        ub += 1;
                        us += squares + 1;
                    }
                    Some(d) => {
                        b[d as usize] += 1;
                        match arrivals.sole(node) {
                            None => s[d as usize] += squares + 1,
                            Some(a) => {
                                s[d as usize] += squares;
                                match arrivals.fewest_avoiding(node, a) {
                                    Some(d2) => s[d2 as usize] += 1,
                                    None => us += 1,
                                }
                            }
                        }
                    }
                }
                (b, s, ub, us)
            },
        )
        .reduce(
            || (vec![0u64; k], vec![0u64; k], 0, 0),
            |(mut b1, mut s1, u1, v1), (b2, s2, u2, v2)| {
                b1.iter_mut().zip(b2).for_each(|(x, y)| *x += y);
                s1.iter_mut().zip(s2).for_each(|(x, y)| *x += y);
                (b1, s1, u1 + u2, v1 + v2)
            },
        );
    Ok(FullStudy {
        grid: grid.clone(),
        target,
        boards,
        states,
        unreachable_boards: ub,
        unreachable_states: us,
        arrivals: Some(arrivals),
        unreachable_list: None,
        symmetries: Vec::new(),
    })
}

/// Boards past 4x4 (5x4: 3^20 boards): the counts of [`run`] from the one-byte search, run up
/// to the rectangle symmetries that fix the target (`symmetric`), or over every board.
pub fn run_counts(grid: &Grid, target: u32, symmetric: bool, counters: &Counters) -> Result<FullStudy> {
    check_target(grid, target)?;
    let game = Game::new(grid.clone(), Regime::Unrestricted)?;
    let (c, symmetries) = if symmetric {
        let sym = grid.symmetry_fixing(target);
        let c = norepeat_sym::search_counts(
            &game,
            &sym,
            u64::from(target),
            Direction::Backward,
            UNREACHABLE_LISTED,
            counters,
        )?;
        (c, sym.names[1..].to_vec())
    } else {
        let sym = NoSymmetry(u64::from(grid.boards()));
        (
            norepeat_sym::search_counts(
                &game,
                &sym,
                u64::from(target),
                Direction::Backward,
                UNREACHABLE_LISTED,
                counters,
            )?,
            Vec::new(),
        )
    };
    Ok(FullStudy {
        grid: grid.clone(),
        target,
        boards: c.nodes,
        states: c.states,
        unreachable_boards: c.unreached_nodes,
        unreachable_states: c.unreached_states,
        arrivals: None,
        unreachable_list: c.unreached_list.map(|l| l.into_iter().map(|b| b as u32).collect()),
        symmetries,
    })
}

/// One line of the reachability evidence.
#[derive(Clone, Debug)]
pub struct ReachRow {
    /// What was searched.
    pub search: String,
    /// States (backward) or boards (forward) examined.
    pub examined: u64,
    /// Those not reached.
    pub missed: u64,
    /// The missed boards in text, when few.
    pub missed_boards: Vec<String>,
}

/// Evidence for "from every start, whatever the previous click, every board except all blue is
/// reachable, and all blue never is":
/// 1. a backward search to all red covers every (board, last click) state, so every state can
///    reach all red with some last click a;
/// 2. forward searches from (all red, last click a), one per symmetry class of squares (all red
///    is symmetric, so the others follow), miss exactly the all-blue board.
///
/// Together: any state reaches (all red, a), from which every board but all blue is reachable.
pub fn reachability(grid: &Grid, counters: &Counters) -> Result<Vec<ReachRow>> {
    let red = grid.uniform(RED);
    let blue = grid.uniform(BLUE);
    let mut rows = Vec::new();
    let back = distances_to(grid, red, counters)?;
    let squares = grid.squares();
    let missed: u64 = (0..u64::from(grid.boards()))
        .into_par_iter()
        .map(|b| match back.fewest(b) {
            None => squares as u64 + 1,
            Some(_) => back
                .sole(b)
                .map_or(0, |a| u64::from(back.fewest_avoiding(b, a).is_none())),
        })
        .sum();
    rows.push(ReachRow {
        search: format!(
            "backward to {}: (board, last click) states that cannot reach it",
            grid.format(red)
        ),
        examined: u64::from(grid.boards()) * (squares as u64 + 1),
        missed,
        missed_boards: Vec::new(),
    });
    drop(back);
    let game = Game::new(grid.clone(), Regime::Unrestricted)?;
    for a in square_classes(grid) {
        let fwd = norepeat::search(&game, u64::from(red), Some(a), Direction::Forward, counters)?;
        let missed: Vec<u32> = (0..grid.boards())
            .into_par_iter()
            .filter(|&b| fwd.fewest(u64::from(b)).is_none())
            .collect();
        rows.push(ReachRow {
            search: format!(
                "forward from {} after a click on square {a}: boards not reached",
                grid.format(red)
            ),
            examined: u64::from(grid.boards()),
            missed: missed.len() as u64,
            missed_boards: missed.iter().take(10).map(|&b| grid.format(b)).collect(),
        });
        if missed.iter().any(|&b| b != blue) {
            break; // the claim already fails; say so without more searches
        }
    }
    Ok(rows)
}

/// One square of each class under the board's symmetries (the squares a symmetric board's
/// previous click can be, up to symmetry).
pub fn square_classes(grid: &Grid) -> Vec<usize> {
    let perms = grid.all_symmetries();
    (0..grid.squares())
        .filter(|&s| perms.iter().map(|p| p[s]).min() == Some(s))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::bfs::reference_levels;
    use crate::engine::norepeat::{Scratch, SuccessorTable};
    use crate::engine::Reversed;
    use crate::puzzles::tricolore::Adjacency;

    /// Per (board, last) depth from the generic queue-and-set oracle.
    fn depths(levels: &[Vec<(u32, u8)>], boards: u32, k: usize) -> Vec<Vec<Option<usize>>> {
        let mut d = vec![vec![None; k + 1]; boards as usize];
        for (depth, level) in levels.iter().enumerate() {
            for &(b, l) in level {
                d[b as usize][l as usize].get_or_insert(depth);
            }
        }
        d
    }

    /// The two-value engine against the generic oracle BFS over explicit (board, last) states,
    /// both directions, several regimes, seeds and seed last-clicks.
    #[test]
    fn no_repeat_search_matches_reference_bfs() {
        let c = Counters::default();
        for (w, h, adj, regime) in [
            (3, 3, Adjacency::King, Regime::Unrestricted),
            (3, 3, Adjacency::Orthogonal, Regime::Unrestricted),
            (4, 2, Adjacency::King, Regime::Hybrid),
            (4, 2, Adjacency::Orthogonal, Regime::Restricted),
        ] {
            let grid = Grid::new(w, h, adj).unwrap();
            let game = Game::new(grid.clone(), regime).unwrap();
            let k = grid.squares();
            let none = k as u8;
            for seed in [0u32, 7, grid.boards() / 2, grid.boards() - 2] {
                for seed_last in [None, Some(1usize)] {
                    let start = (seed, seed_last.map_or(none, |a| a as u8));
                    let fwd = norepeat::search(&game, u64::from(seed), seed_last, Direction::Forward, &c).unwrap();
                    let d = depths(&reference_levels(&game, &[start]), grid.boards(), k);
                    for b in 0..grid.boards() {
                        let row = &d[b as usize];
                        let min = |skip: Option<usize>| {
                            row.iter()
                                .enumerate()
                                .filter(|(l, _)| Some(*l) != skip)
                                .filter_map(|(_, x)| *x)
                                .min()
                        };
                        assert_eq!(fwd.fewest(u64::from(b)).map(usize::from), min(None), "fewest {b}");
                        for a in 0..k {
                            assert_eq!(
                                fwd.fewest_avoiding(u64::from(b), a).map(usize::from),
                                min(Some(a)),
                                "avoiding {b} {a}"
                            );
                        }
                    }
                }
                if regime == Regime::Unrestricted {
                    // Backward: the oracle searches the reversed graph from (seed, any last).
                    let starts: Vec<(u32, u8)> = (0..=none).map(|l| (seed, l)).collect();
                    let back = norepeat::search(&game, u64::from(seed), None, Direction::Backward, &c).unwrap();
                    let d = depths(&reference_levels(&Reversed(&game), &starts), grid.boards(), k);
                    for b in 0..grid.boards() {
                        let row = &d[b as usize];
                        assert_eq!(
                            back.fewest(u64::from(b)).map(usize::from),
                            row[k],
                            "to {seed}: from ({b}, none)"
                        );
                        for (a, &want) in row.iter().enumerate().take(k) {
                            assert_eq!(
                                back.fewest_avoiding(u64::from(b), a).map(usize::from),
                                want,
                                "to {seed}: from ({b}, {a})"
                            );
                        }
                    }
                }
                // The small-table variant: first arrivals, the seed at its first return.
                let table = SuccessorTable::new(&game).unwrap();
                let mut out = Vec::new();
                table.first_arrivals(seed, &mut Scratch::default(), &mut out);
                let d = depths(&reference_levels(&game, &[(seed, none)]), grid.boards(), k);
                for b in 0..grid.boards() {
                    let want = d[b as usize].iter().take(k).filter_map(|x| *x).min();
                    assert_eq!(want.map_or(u8::MAX, |x| x as u8), out[b as usize], "first arrival {b}");
                }
            }
        }
    }
}
