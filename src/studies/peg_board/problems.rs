//! The (start, finish) problems of a board: which single-vacancy starts reduce to one peg in which
//! hole, the position-class test beside the search's answer, and the fewest moves of each solvable
//! problem (a move is a chain of jumps by one peg), proven or bounded.

use super::moves::BoardMoves;
use super::plays;
use crate::engine::dense_levels;
use crate::engine::layered::{self, Keep, SubsetGraph};
use crate::engine::progress::Counters;
use crate::engine::quotient::{OrbitLeaders, Quotient};
use crate::puzzles::board::graph::BoardGraph;
use crate::puzzles::board::packed::PackedBoard;
use crate::puzzles::board::Board;
use crate::puzzles::peg::Jump;
use crate::studies::peg::fewest::{MinMoves, Radii};
use crate::studies::peg::min_moves::{self, MoveBoard};
use crate::studies::peg::solvability::{ProblemRow, Verdict};
use anyhow::{Context, Result};

/// One (start, finish) problem: the single vacancy at `start`, the single peg left at `finish`
/// (both 0-based cells of the board, in reading order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardProblem {
    pub start: usize,
    pub finish: usize,
    /// The position-class test allows it (necessary, not sufficient, for solvability).
    pub class_allows: bool,
    /// Decided by search: some jump sequence leaves one peg in `finish`.
    pub solvable: bool,
    /// The fewest moves, when proven (a play of that length exists and none shorter).
    pub min_moves: Option<u32>,
    /// The best lower bound proven, when the minimum is not settled.
    pub min_moves_lower_bound: Option<u32>,
    /// The length of the best play found, when the minimum is not settled.
    pub min_moves_upper_bound: Option<u32>,
    /// A play of `min_moves` moves (or of `min_moves_upper_bound`), jumps in order; empty when
    /// unsolvable.
    pub play: Vec<Jump>,
}

/// A board's problems and how their fewest moves were proven.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problems {
    /// Sorted by (start, finish): those passing the class test or solvable.
    pub rows: Vec<BoardProblem>,
    /// Per row, the proof of its fewest moves ([`MinMoves::proof`]); None when not solvable.
    pub proofs: Vec<Option<String>>,
    pub radii: Radii,
}

/// Every problem of `board` that passes the class test or is solvable, sorted by (start, finish):
/// solvability by a forward reach from one start per orbit of the computed group (its single pegs,
/// expanded to every start by the symmetries), fewest moves by the balls of `radii`
/// ([`min_moves::settle`]).
///
/// `known` is a start's fewest moves already computed (a game's [`super::game::Game::fewest`]):
/// reused when that start is the first of its orbit, the one searched.
pub fn problems(board: &Board, radii: Radii, known: Option<KnownFewest>, counters: &Counters) -> Result<Problems> {
    let listed = if exhaustive_fits(board) {
        Some(fewest_by_levels(board, known, counters)?)
    } else {
        None
    };
    assemble(board, radii, listed, counters)
}

/// [`problems`] as a board past the exhaustive listing gets them, on any board: plays by beam
/// (solvability searched only where no beam reaches), fewest moves by the balls of `radii` alone.
pub fn problems_by_search(board: &Board, radii: Radii, counters: &Counters) -> Result<Problems> {
    assemble(board, radii, None, counters)
}

/// The problems from the exhaustive listing's fewest moves, or (`None`) from plays and balls.
fn assemble(
    board: &Board,
    radii: Radii,
    exhaustive: Option<Vec<Vec<Option<MinMoves>>>>,
    counters: &Counters,
) -> Result<Problems> {
    let n = board.holes();
    let found = match &exhaustive {
        Some(found) => found
            .iter()
            .map(|row| row.iter().map(|m| m.as_ref().map(|_| Vec::new())).collect())
            .collect(),
        None => played(board, counters)?,
    };
    let rows: Vec<ProblemRow> = (0..n)
        .flat_map(|s| (0..n).map(move |f| (s, f)))
        .map(|(s, f)| ProblemRow {
            start: s,
            finish: f,
            // Past the exhaustive search, a play found; within it, an empty play (the listing
            // spells the shortest).
            verdict: if let Some(play) = &found[s][f] {
                Verdict::Play(play.clone())
            } else if board.class_test(s, f) {
                Verdict::Exhausted { positions: 0 }
            } else {
                Verdict::PositionClass
            },
            fewest: None,
        })
        .collect();
    let moves = BoardMoves::new(board);
    let settled = match exhaustive {
        Some(found) => rows.iter().map(|r| found[r.start][r.finish].clone()).collect(),
        None => min_moves::settle(&moves, &rows, radii, counters)?,
    };
    let kept: Vec<(&ProblemRow, Option<MinMoves>)> = rows
        .iter()
        .zip(settled)
        .filter(|(r, _)| r.solvable() || board.class_test(r.start, r.finish))
        .collect();
    let proofs = kept.iter().map(|(_, m)| m.as_ref().map(MinMoves::proof)).collect();
    let rows = kept
        .into_iter()
        .map(|(r, m)| BoardProblem {
            start: r.start,
            finish: r.finish,
            class_allows: board.class_test(r.start, r.finish),
            solvable: r.solvable(),
            min_moves: m.as_ref().and_then(MinMoves::exact),
            min_moves_lower_bound: m.as_ref().map(MinMoves::lower_bound),
            min_moves_upper_bound: match (&m, &r.verdict) {
                (Some(MinMoves::AtLeast { .. }), Verdict::Play(play)) => {
                    Some(play_moves(&moves, board.start(r.start), play))
                }
                _ => None,
            },
            play: match (m, &r.verdict) {
                (Some(MinMoves::Exact { play, .. }), _) => play,
                (Some(MinMoves::AtLeast { .. }), Verdict::Play(play)) => play.clone(),
                _ => Vec::new(),
            },
        })
        .collect();
    Ok(Problems { rows, proofs, radii })
}

/// The moves of a play found (a play's certificate is checked before it is kept).
fn play_moves(moves: &BoardMoves, start: u64, play: &[Jump]) -> u32 {
    min_moves::replay(moves, start, play).map_or(0, |(_, used)| used)
}

/// Past the exhaustive search, per (start, finish), a play leaving one peg in finish, `None` when
/// unsolvable: beams for every problem the class test allows ([`plays::plays`]), a layered
/// search from each start orbit with a problem no beam reached ([`solvable_pairs`]), and a
/// depth-first play for each problem that search finds solvable.
fn played(board: &Board, counters: &Counters) -> Result<Vec<Vec<Option<Vec<Jump>>>>> {
    let n = board.holes();
    let allowed: Vec<(usize, usize)> = (0..n)
        .flat_map(|s| (0..n).map(move |f| (s, f)))
        .filter(|&(s, f)| board.class_test(s, f))
        .collect();
    counters.set_stage("beams aimed at each finish the class test allows", allowed.len() as u64);
    let mut out = vec![vec![None; n]; n];
    for (&(s, f), found) in allowed.iter().zip(plays::plays(board, &allowed, false)) {
        out[s][f] = found;
        counters.add_expanded(1);
    }
    let known: Vec<Vec<bool>> = out.iter().map(|r| r.iter().map(Option::is_some).collect()).collect();
    let solvable = solvable_pairs(board, &known, counters)?;
    let missing: Vec<(usize, usize)> = allowed
        .iter()
        .copied()
        .filter(|&(s, f)| solvable[s][f] && out[s][f].is_none())
        .collect();
    for (&(s, f), found) in missing.iter().zip(plays::plays(board, &missing, true)) {
        let play = found.with_context(|| format!("start {} finish {}: solvable, yet no play found", s + 1, f + 1))?;
        out[s][f] = Some(play);
    }
    Ok(out)
}

/// The fewest moves from one start, computed before (by a game).
pub struct KnownFewest {
    /// The vacancy (0-based cell).
    pub start: usize,
    /// (finish, its fewest moves) for each finish reached.
    pub fewest: Vec<(usize, MinMoves)>,
}

impl KnownFewest {
    /// Per finish cell, as [`fewest_from`] returns them.
    fn per_finish(self, holes: usize) -> Vec<Option<MinMoves>> {
        let mut out = vec![None; holes];
        for (f, m) in self.fewest {
            out[f] = Some(m);
        }
        out
    }
}

/// Whether every position's move distance from each start fits the exhaustive search: positions
/// as values of at most [`dense_levels::MAX_BITS`] bits.
pub fn exhaustive_fits(board: &Board) -> bool {
    board.holes() <= dense_levels::MAX_BITS as usize
}

/// Per (start, finish), the fewest moves with a play attaining it, by listing every position
/// reachable from one start per orbit by its move distance (breadth-first to exhaustion, up to
/// the start's stabiliser): a finish's level is its fewest moves, and a finish in no level is
/// unsolvable. The proof is a forward ball whose radius is the fewest moves (a backward ball of
/// radius 0 around the finish). Each play is spelt back from the finish, one move at a time into
/// the level before, and carried to the other starts of the orbit by the symmetries.
pub fn fewest_by_levels(
    board: &Board,
    mut known: Option<KnownFewest>,
    counters: &Counters,
) -> Result<Vec<Vec<Option<MinMoves>>>> {
    let n = board.holes();
    let group = board.group()?;
    let moves = BoardMoves::new(board);
    let mut out = vec![vec![None; n]; n];
    for orbit in board.hole_orbits() {
        let a = orbit[0];
        let from_a = match known.take_if(|k| k.start == a) {
            Some(k) => k.per_finish(n),
            None => fewest_from(board, &group, &moves, a, counters),
        };
        for &s in &orbit {
            let sym = board
                .symmetries()
                .iter()
                .find(|g| g.map[a] as usize == s)
                .expect("an orbit's member is the image of its first");
            for (f, m) in from_a.iter().enumerate() {
                out[s][sym.map[f] as usize] = m.as_ref().map(|m| m.permuted(&sym.map));
            }
        }
    }
    Ok(out)
}

/// Per finish (0-based cell), the fewest moves from the single vacancy `a` with a play attaining
/// it, None when no play leaves one peg there: every position reachable from `a` listed by its
/// move distance, up to the start's stabiliser (see [`fewest_by_levels`]).
pub fn fewest_from(
    board: &Board,
    group: &crate::engine::closure::Group,
    moves: &BoardMoves,
    a: usize,
    counters: &Counters,
) -> Vec<Option<MinMoves>> {
    let n = board.holes();
    let stabiliser = group.stabiliser(board.start(a));
    let q = Quotient::new(&(), &stabiliser);
    let levels = dense_levels::levels(
        board.start(a),
        n as u32,
        |s, next| {
            let from = next.len();
            moves.move_results(s, next);
            for c in &mut next[from..] {
                *c = q.canonical(*c);
            }
        },
        counters,
    );
    (0..n)
        .map(|f| {
            let d = dense_levels::level_of(&levels, q.canonical(1 << f))?;
            let play = spell_back(moves, &q, &levels, 1 << f, d);
            debug_assert_eq!(min_moves::replay(moves, board.start(a), &play), Some((f, d as u32)));
            Some(MinMoves::Exact {
                moves: d as u32,
                play,
                radii: Radii {
                    forward: d as u32,
                    backward: 0,
                },
                met: true,
            })
        })
        .collect()
}

/// A play from the start to `finish` in `d` moves: from the finish, the first move back (in
/// [`MoveBoard::unmoves_from`] order) into the level before, repeated down to the start.
fn spell_back<G>(moves: &BoardMoves, q: &Quotient<'_, G>, levels: &[Vec<u64>], finish: u64, d: usize) -> Vec<Jump> {
    let mut board = finish;
    let mut chains: Vec<Vec<Jump>> = Vec::with_capacity(d);
    for level in levels[..d].iter().rev() {
        let (chain, before) = moves
            .unmoves_from(board)
            .into_iter()
            .find(|(_, b)| level.binary_search(&q.canonical(*b)).is_ok())
            .expect("a position at distance d has a move back to distance d - 1");
        chains.push(chain);
        board = before;
    }
    chains.into_iter().rev().flatten().collect()
}

/// `solvable[s][f]`: some jump sequence from the vacancy `s` leaves one peg in `f`, given
/// `known[s][f]` (true where a play is already held; a start orbit whose class-allowed finishes
/// are all known is not searched). Each other start orbit's representative is searched up to its
/// stabiliser, layer by layer with two bit arrays at a time ([`layered::reach_to`] over orbit
/// leaders: the French board's 37 holes need 4.3 GiB, where a list of every reachable position up
/// to the stabiliser would need up to 24 GiB); its one-peg layer holds the finishes' leaders. A
/// symmetry carrying the start to another start carries its finishes along.
pub fn solvable_pairs(board: &Board, known: &[Vec<bool>], counters: &Counters) -> Result<Vec<Vec<bool>>> {
    if let Some(g) = PackedBoard::<u64>::new(board) {
        solvable_pairs_on(&g, board, known, counters)
    } else if let Some(g) = PackedBoard::<u128>::new(board) {
        solvable_pairs_on(&g, board, known, counters)
    } else {
        solvable_pairs_on(&BoardGraph::new(board), board, known, counters)
    }
}

/// [`solvable_pairs`] on a given graph of the board.
pub fn solvable_pairs_on<G: SubsetGraph>(
    graph: &G,
    board: &Board,
    known: &[Vec<bool>],
    counters: &Counters,
) -> Result<Vec<Vec<bool>>> {
    let n = board.holes();
    let group = board.group()?;
    let mut out: Vec<Vec<bool>> = known.to_vec();
    for orbit in board.hole_orbits() {
        let a = orbit[0];
        if (0..n).all(|f| known[a][f] || !board.class_test(a, f)) {
            continue;
        }
        let first = board.start(a);
        let stabiliser = group.stabiliser(first);
        let leaders = OrbitLeaders::new(graph, &stabiliser, &[first]);
        let mut singles: Vec<u64> = Vec::new();
        let key = format!("solvability from hole {} of board {}\n", a + 1, board.name());
        layered::reach_to(&leaders, &[first], 1, &Keep::Memory, &key, counters, |colex, layer| {
            if layer.k == 1 {
                singles = layer.par_states(colex);
            }
        })?;
        for f in (0..n).filter(|&f| singles.contains(&leaders.leader(1 << f))) {
            for sym in board.symmetries() {
                out[sym.map[a] as usize][sym.map[f] as usize] = true;
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Past the listing, every problem the listing solves gets a play leaving one peg in its finish
    /// (beams, the layered search where none reaches, then depth first), and no other does.
    #[test]
    fn plays_past_the_listing_exist_exactly_for_the_solvable_problems() {
        let counters = Counters::default();
        for name in ["triangle-6", "diamond-4", "hexagon-3"] {
            let board = Board::named(name).unwrap();
            let moves = BoardMoves::new(&board);
            let listed = fewest_by_levels(&board, None, &counters).unwrap();
            let found = played(&board, &counters).unwrap();
            for (s, row) in found.iter().enumerate() {
                for (f, play) in row.iter().enumerate() {
                    assert_eq!(play.is_some(), listed[s][f].is_some(), "{name} {s}->{f}");
                    if let Some(play) = play {
                        let (end, used) = min_moves::replay(&moves, board.start(s), play).unwrap();
                        assert_eq!(end, f);
                        assert!(used >= listed[s][f].as_ref().unwrap().lower_bound());
                    }
                }
            }
        }
    }

    /// The layered search's solvability (used past [`exhaustive_fits`]) against the exhaustive
    /// move-distance listing's, on boards with and without symmetry and on two lattices.
    #[test]
    fn solvable_pairs_agree_with_the_exhaustive_listing() {
        let counters = Counters::default();
        for name in ["triangle-5", "triangle-6", "diamond-4", "hexagon-3"] {
            let board = Board::named(name).unwrap();
            let listed = fewest_by_levels(&board, None, &counters).unwrap();
            let listed: Vec<Vec<bool>> = listed.iter().map(|r| r.iter().map(Option::is_some).collect()).collect();
            let graph = BoardGraph::new(&board);
            let none = vec![vec![false; board.holes()]; board.holes()];
            assert_eq!(
                solvable_pairs_on(&graph, &board, &none, &counters).unwrap(),
                listed,
                "{name}"
            );
            assert_eq!(solvable_pairs(&board, &none, &counters).unwrap(), listed, "{name}");
            // Given some of the answers, the rest are searched and the whole comes out the same.
            // Whole start orbits are given (every other one), as plays carried by symmetry give them.
            let mut half = none.clone();
            for orbit in board.hole_orbits().iter().step_by(2) {
                for &s in orbit {
                    half[s] = listed[s].clone();
                }
            }
            assert_eq!(
                solvable_pairs(&board, &half, &counters).unwrap(),
                listed,
                "{name} given half"
            );
        }
    }
}
