//! A play for each problem of a board past the exhaustive fewest-moves search: where the balls of
//! [`crate::studies::peg::min_moves::settle`] do not meet they prove only a lower bound, and the
//! play is the problem's certificate (replayed by every read-back) and its upper bound.
//!
//! Beams over moves ([`beam_plays::play_between`], forward and backward, aimed at the one finish)
//! give short plays; a problem no beam reaches falls to a depth-first search over jumps with a
//! memo of the positions that failed, which finds a play whenever one exists (slowly on a board
//! as large as the French one, where the beams have always sufficed).

use crate::puzzles::board::{Board, WideBoard};
use crate::puzzles::peg::Jump;
use crate::studies::peg::beam_plays::{self, Move};
use rayon::prelude::*;
use std::collections::HashSet;

/// States the first beams keep per jump; a problem none of them reaches is tried again 4 and 16
/// times as wide ([`BEAM_WIDENINGS`]) before the depth-first search.
pub const BEAM_WIDTH: usize = 1 << 14;

/// How many times the beams are widened 4-fold for a problem no narrower beam reached.
pub const BEAM_WIDENINGS: u32 = 2;

/// Per (start, finish) pair asked for, a play from the single vacancy at `start` leaving one peg
/// in `finish`, or `None` when no beam reaches and `exhaustive` is false
/// (the caller then learns solvability elsewhere). One search per orbit of pairs under the
/// board's symmetries, carried to the other pairs of the orbit.
pub fn plays(board: &Board, pairs: &[(usize, usize)], exhaustive: bool) -> Vec<Option<Vec<Jump>>> {
    let wide = WideBoard::from_cells(board.name(), board.lattice(), board.cells()).ok();
    let leaders: Vec<(usize, usize)> = {
        let mut l: Vec<(usize, usize)> = pairs.iter().map(|&p| pair_leader(board, p).0).collect();
        l.sort_unstable();
        l.dedup();
        l
    };
    let found: Vec<Option<Vec<Jump>>> = leaders
        .par_iter()
        .map(|&(s, f)| {
            let beamed = wide
                .as_ref()
                .and_then(|w| {
                    (0..=BEAM_WIDENINGS).find_map(|k| beam_plays::play_between(w, s, f, BEAM_WIDTH << (2 * k)))
                })
                .map(|moves| jumps_of(board, &moves));
            beamed.or_else(|| exhaustive.then(|| depth_first(board, s, f)).flatten())
        })
        .collect();
    pairs
        .iter()
        .map(|&p| {
            let (leader, map) = pair_leader(board, p);
            let at = leaders
                .binary_search(&leader)
                .expect("every pair's leader was searched");
            found[at].as_ref().map(|play| permuted(play, &map))
        })
        .collect()
}

/// The smallest image of the pair under the board's symmetries, and the map carrying that image
/// back to the pair.
fn pair_leader(board: &Board, (s, f): (usize, usize)) -> ((usize, usize), Vec<u8>) {
    let image = |map: &[u8]| (map[s] as usize, map[f] as usize);
    let g = board
        .symmetries()
        .iter()
        .min_by_key(|g| image(&g.map))
        .expect("the identity");
    let mut back = vec![0u8; board.holes()];
    for (cell, &to) in g.map.iter().enumerate() {
        back[to as usize] = cell as u8;
    }
    (image(&g.map), back)
}

/// `play` with every hole moved by `map`.
fn permuted(play: &[Jump], map: &[u8]) -> Vec<Jump> {
    play.iter()
        .map(|j| Jump {
            from: map[j.from as usize],
            over: map[j.over as usize],
            to: map[j.to as usize],
        })
        .collect()
}

/// A play's moves (the cells each peg visits) as the board's jumps.
fn jumps_of(board: &Board, moves: &[Move]) -> Vec<Jump> {
    moves
        .iter()
        .flat_map(|m| m.windows(2))
        .map(|w| {
            *board
                .jumps()
                .iter()
                .find(|j| j.from == w[0] && j.to == w[1])
                .expect("a beam's step is one of the board's jumps")
        })
        .collect()
}

/// A play from the single vacancy `start` leaving one peg in `finish`, or `None` when there is
/// none: depth first over jumps in the board's order, each position that cannot reach the finish
/// remembered so it is searched once. The position class is invariant under jumps, so a start and
/// finish of different classes are refused before any search.
pub fn depth_first(board: &Board, start: usize, finish: usize) -> Option<Vec<Jump>> {
    if !board.class_test(start, finish) {
        return None;
    }
    let goal = 1u64 << finish;
    let mut failed: HashSet<u64> = HashSet::new();
    let mut play = Vec::new();
    descend(board, board.start(start), goal, &mut failed, &mut play).then_some(play)
}

fn descend(board: &Board, pegs: u64, goal: u64, failed: &mut HashSet<u64>, play: &mut Vec<Jump>) -> bool {
    if pegs == goal {
        return true;
    }
    if pegs.count_ones() <= 1 || failed.contains(&pegs) {
        return false;
    }
    for &j in board.jumps() {
        let (from, over, to) = (1u64 << j.from, 1u64 << j.over, 1u64 << j.to);
        if pegs & (from | over) == from | over && pegs & to == 0 {
            play.push(j);
            if descend(board, pegs ^ (from | over | to), goal, failed, play) {
                return true;
            }
            play.pop();
        }
    }
    failed.insert(pegs);
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::progress::Counters;
    use crate::studies::peg::min_moves;
    use crate::studies::peg_board::moves::BoardMoves;
    use crate::studies::peg_board::problems::fewest_by_levels;

    /// On small boards of each lattice, the depth-first search finds a play exactly for the
    /// solvable problems of the exhaustive listing, every play (beam or depth-first) leaves one
    /// peg in its finish, and no beam play is shorter than the proven fewest moves.
    #[test]
    fn plays_exist_exactly_for_the_solvable_problems_and_replay() {
        let counters = Counters::default();
        for name in ["triangle-5", "triangle-6", "diamond-4", "hexagon-2"] {
            let board = Board::named(name).unwrap();
            let moves = BoardMoves::new(&board);
            let listed = fewest_by_levels(&board, None, &counters).unwrap();
            let n = board.holes();
            let pairs: Vec<(usize, usize)> = (0..n).flat_map(|s| (0..n).map(move |f| (s, f))).collect();
            for (&(s, f), found) in pairs.iter().zip(plays(&board, &pairs, true)) {
                let fewest = listed[s][f].as_ref().map(|m| m.lower_bound());
                assert_eq!(found.is_some(), fewest.is_some(), "{name} {s}->{f}");
                if let (Some(play), Some(fewest)) = (found, fewest) {
                    let (end, used) = min_moves::replay(&moves, board.start(s), &play).expect("a legal play");
                    assert_eq!(end, f, "{name} {s}->{f}");
                    assert!(
                        used >= fewest,
                        "{name} {s}->{f}: {used} moves under the minimum {fewest}"
                    );
                }
                let dfs = depth_first(&board, s, f);
                assert_eq!(dfs.is_some(), fewest.is_some(), "{name} {s}->{f} depth first");
                if let Some(play) = dfs {
                    assert_eq!(min_moves::replay(&moves, board.start(s), &play).map(|r| r.0), Some(f));
                }
            }
        }
    }
}
