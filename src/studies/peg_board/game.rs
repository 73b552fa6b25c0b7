//! One single-vacancy game on any board, searched up to the start's stabiliser (the symmetries
//! that fix the start; each position is its orbit's smallest member, counted with its orbit's
//! size): positions reachable per level, those that can still reach one peg and those that can
//! still reach one peg in the start's hole (by duality: their complement is reachable), the
//! complete games and winning games (jump sequences, exact past 64 bits) and the shortest game
//! that ends with no jump left.

use crate::engine::closure::Group;
use crate::engine::dag::{self, Lookup};
use crate::engine::dense_levels::{self, DenseLookup};
use crate::engine::layered::{push_layers, Colex, DenseIndex, SubsetGraph};
use crate::engine::progress::Counters;
use crate::engine::quotient::Quotient;
use crate::engine::Reversible;
use crate::puzzles::board::graph::BoardGraph;
use crate::puzzles::board::packed::PackedBoard;
use crate::puzzles::board::Board;
use crate::puzzles::peg::Jump;
use crate::studies::peg::fewest::MinMoves;
use anyhow::Result;
use rayon::prelude::*;

/// One level of a game: the positions after `jumps` jumps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameLevel {
    pub jumps: usize,
    pub pegs: usize,
    pub reachable: u64,
    /// Orbits under the start's stabiliser.
    pub reachable_orbits: u64,
    /// Reachable positions from which some single peg can be reached.
    pub winnable: u64,
    pub winnable_orbits: u64,
    /// Reachable positions from which a single peg in the start's hole can be reached.
    pub winnable_to_start: u64,
    pub winnable_to_start_orbits: u64,
    /// Reachable positions with no jump left.
    pub dead_ends: u64,
}

/// A game from one single vacancy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The empty cell at the start (0-based).
    pub start: usize,
    /// The order of the start's stabiliser (the group the search runs under).
    pub stabiliser: usize,
    pub levels: Vec<GameLevel>,
    /// Jump sequences from the start to a position with no jump left.
    pub complete_games: u128,
    /// Jump sequences ending with one peg, per finishing cell (0-based, only those reached).
    pub winning_games: Vec<(usize, u128)>,
    /// The fewest jumps of a game that ends with no jump left and more than one peg.
    pub shortest_dead_end: Option<usize>,
    /// Per finishing cell (0-based, as `winning_games`), the fewest moves (a move is a chain of
    /// jumps by one peg) with a play attaining it; empty when not computed (boards past
    /// [`super::problems::exhaustive_fits`]).
    pub fewest: Vec<(usize, MinMoves)>,
}

impl Game {
    pub fn winning_total(&self) -> u128 {
        self.winning_games.iter().map(|w| w.1).sum()
    }
    /// Winning games that end in the start's hole.
    pub fn winning_to_start(&self) -> u128 {
        self.winning_games.iter().find(|w| w.0 == self.start).map_or(0, |w| w.1)
    }
}

/// Bytes the search holds besides its positions: a bit array over every value of the board
/// where it fits ([`dense_levels::MAX_BITS`]), else the largest level's bit array over colex ranks
/// (twice: the array and the list drawn from it), and 64 MiB; each position reached adds about 96
/// bytes (its word, two flags, its count of 16 bytes twice over, the lookups' shares, the lists'
/// growth): the English central game measured 2.3 GB at its peak for 23.5 million positions.
pub fn fixed_bytes(board: &Board) -> u128 {
    let n = board.holes();
    if n <= dense_levels::MAX_BITS as usize {
        // The bit array over every value, its counts, and 64 MiB.
        return dense_levels::lookup_bytes(n as u32, 0) + (64 << 20);
    }
    let largest = (0..=n)
        .map(|k| crate::engine::layered::binomial(n, k).div_ceil(8))
        .max()
        .unwrap_or(0);
    2 * largest as u128 + (64 << 20)
}

pub const BYTES_PER_POSITION: u128 = 96;

/// What the game needs of a board's graph: the subset moves for the layered passes, the jumps
/// with their actions for the counts.
pub trait GameGraph: SubsetGraph + Reversible<State = u64, Action = Jump> {}
impl<G: SubsetGraph + Reversible<State = u64, Action = Jump>> GameGraph for G {}

/// The game from the vacancy `start` (0-based), on the board's packed graph where its padded
/// grid fits a word (every built-in board), else on its jump list.
pub fn analyse(board: &Board, group: &Group, start: usize, counters: &Counters) -> Result<Game> {
    let mut game = if let Some(g) = PackedBoard::<u64>::new(board) {
        analyse_on(&g, board, group, start, counters)
    } else if let Some(g) = PackedBoard::<u128>::new(board) {
        analyse_on(&g, board, group, start, counters)
    } else {
        analyse_on(&BoardGraph::new(board), board, group, start, counters)
    }?;
    if super::problems::exhaustive_fits(board) {
        let moves = super::moves::BoardMoves::new(board);
        let fewest = super::problems::fewest_from(board, group, &moves, start, counters);
        game.fewest = fewest
            .into_iter()
            .enumerate()
            .filter_map(|(f, m)| m.map(|m| (f, m)))
            .collect();
    }
    Ok(game)
}

/// Only the positions reachable from the vacancy `start` after each number of jumps, and their
/// orbits under the start's stabiliser (the count public solvers make): one forward pass. The
/// other counts of each level are left at 0.
pub fn positions(board: &Board, group: &Group, start: usize, counters: &Counters) -> Vec<GameLevel> {
    if let Some(g) = PackedBoard::<u64>::new(board) {
        positions_on(&g, board, group, start, counters)
    } else if let Some(g) = PackedBoard::<u128>::new(board) {
        positions_on(&g, board, group, start, counters)
    } else {
        positions_on(&BoardGraph::new(board), board, group, start, counters)
    }
}

fn positions_on<G: SubsetGraph>(
    graph: &G,
    board: &Board,
    group: &Group,
    start: usize,
    counters: &Counters,
) -> Vec<GameLevel> {
    let first = board.start(start);
    let stabiliser = group.stabiliser(first);
    let q = Quotient::new(graph, &stabiliser);
    let n = board.holes();
    let levels = if n <= dense_levels::MAX_BITS as usize {
        dense_game_levels(&q, n, first, counters)
    } else {
        push_layers(&q, &Colex::new(n), first, counters)
    };
    levels
        .iter()
        .enumerate()
        .map(|(d, states)| GameLevel {
            jumps: d,
            pegs: n - 1 - d,
            reachable: states.par_iter().map(|&s| q.orbit_size(s)).sum(),
            reachable_orbits: states.len() as u64,
            winnable: 0,
            winnable_orbits: 0,
            winnable_to_start: 0,
            winnable_to_start_orbits: 0,
            dead_ends: 0,
        })
        .collect()
}

/// The game's levels (positions after 0, 1, ... jumps, canonical under `q`'s group) by the dense
/// engine: a board of `n` <= [`dense_levels::MAX_BITS`] holes.
fn dense_game_levels<G: SubsetGraph>(q: &Quotient<'_, G>, n: usize, first: u64, counters: &Counters) -> Vec<Vec<u64>> {
    let successors = |s: u64, out: &mut Vec<u64>| {
        q.any_successor(s, |c| {
            out.push(c);
            false
        });
    };
    dense_levels::levels(first, n as u32, successors, counters)
}

/// [`analyse`] on a given graph of the board.
pub fn analyse_on<G: GameGraph>(
    graph: &G,
    board: &Board,
    group: &Group,
    start: usize,
    counters: &Counters,
) -> Result<Game> {
    let first = board.start(start);
    let stabiliser = group.stabiliser(first);
    let q = Quotient::new(graph, &stabiliser);
    let n = board.holes();
    if n <= dense_levels::MAX_BITS as usize {
        // Every value of the board fits a bit array (1 GiB for 33 holes): no ranking at all.
        let levels = dense_game_levels(&q, n, first, counters);
        let lookup = DenseLookup::new(n as u32, &levels);
        analyse_levels(graph, board, &q, start, &levels, |_| &lookup)
    } else {
        analyse_ranked(graph, board, &q, start, counters)
    }
}

/// [`analyse_on`] past [`dense_levels::MAX_BITS`] holes: levels as lists, looked into by colex
/// rank, one level's index at a time (each a bit array over its ranks with running counts: all
/// of them at once would be 2^n bits and their counts, 32 GiB for the French board).
fn analyse_ranked<G: GameGraph>(
    graph: &G,
    board: &Board,
    q: &Quotient<'_, G>,
    start: usize,
    counters: &Counters,
) -> Result<Game> {
    let colex = Colex::new(board.holes());
    let levels = push_layers(q, &colex, board.start(start), counters);
    analyse_levels(graph, board, q, start, &levels, |l| DenseIndex::new(&colex, l))
}

/// The game's counts from its levels (up to the stabiliser) and a lookup of one level's
/// positions, built by `index_of` when that level is looked into.
fn analyse_levels<'l, G: GameGraph, J: Lookup<u64>>(
    graph: &G,
    board: &Board,
    q: &Quotient<'_, G>,
    start: usize,
    levels: &'l [Vec<u64>],
    index_of: impl Fn(&'l [u64]) -> J,
) -> Result<Game> {
    let has_jump = |s: u64| graph.any_successor(s, |_| true);
    let orbit = |s: u64| q.orbit_size(s);
    let weigh = |states: &[u64], keep: &[bool]| -> (u64, u64) {
        let picked = states.par_iter().zip(keep).filter(|p| *p.1);
        (picked.clone().map(|(&s, _)| orbit(s)).sum(), picked.count() as u64)
    };
    let win = winnable(q, levels, &index_of);
    let mut rows = Vec::with_capacity(levels.len());
    for (d, states) in levels.iter().enumerate() {
        // By duality, s reaches the single peg in the start's hole iff its complement is
        // reachable from the start (complementing reverses every jump).
        let pegs = board.holes() - 1 - d;
        let back = pegs - 1;
        let to_start: Vec<bool> = match levels.get(back) {
            None => vec![false; states.len()],
            Some(complements) => {
                let index = index_of(complements);
                states
                    .par_iter()
                    .map(|&s| index.find(q.canonical(board.full() & !s)).is_some())
                    .collect()
            }
        };
        let dead: Vec<bool> = states.par_iter().map(|&s| !has_jump(s)).collect();
        let all = vec![true; states.len()];
        let ((reachable, reachable_orbits), (winnable, winnable_orbits)) =
            (weigh(states, &all), weigh(states, &win[d]));
        let (winnable_to_start, winnable_to_start_orbits) = weigh(states, &to_start);
        rows.push(GameLevel {
            jumps: d,
            pegs,
            reachable,
            reachable_orbits,
            winnable,
            winnable_orbits,
            winnable_to_start,
            winnable_to_start_orbits,
            dead_ends: weigh(states, &dead).0,
        });
    }
    let (complete_games, winning_games) = count_games(board, q, levels, index_of);
    let shortest_dead_end = rows.iter().find(|r| r.dead_ends > 0 && r.pegs > 1).map(|r| r.jumps);
    Ok(Game {
        start,
        stabiliser: q.order() as usize,
        levels: rows,
        complete_games,
        winning_games,
        shortest_dead_end,
        fewest: Vec::new(),
    })
}

/// Per level, whether each position can reach a single peg: pulled from the level below.
fn winnable<'l, G: SubsetGraph, I: Lookup<u64>>(
    q: &G,
    levels: &'l [Vec<u64>],
    index_of: impl Fn(&'l [u64]) -> I,
) -> Vec<Vec<bool>> {
    let mut win: Vec<Vec<bool>> = vec![Vec::new(); levels.len()];
    for d in (0..levels.len()).rev() {
        let here: Vec<bool> = match levels.get(d + 1) {
            _ if levels[d].first().is_some_and(|s| s.count_ones() == 1) => vec![true; levels[d].len()],
            None => vec![false; levels[d].len()],
            Some(next) => {
                let (below, index) = (&win[d + 1], index_of(next));
                levels[d]
                    .par_iter()
                    .map(|&s| q.any_successor(s, |c| index.find(c).is_some_and(|i| below[i])))
                    .collect()
            }
        };
        win[d] = here;
    }
    win
}

/// Complete games and winning games per finish, by counting jump sequences forward over the
/// quotient's levels (each orbit's count times its size).
fn count_games<'l, G: GameGraph, J: Lookup<u64>>(
    board: &Board,
    q: &Quotient<'_, G>,
    levels: &'l [Vec<u64>],
    index_of: impl Fn(&'l [u64]) -> J,
) -> (u128, Vec<(usize, u128)>) {
    let mut complete = 0u128;
    let mut winning = Vec::new();
    dag::forward_with(
        q,
        levels,
        index_of,
        |_| 1u128,
        |&n, _, _| n,
        |a, b| a + b,
        |_| unreachable!("every position of a level beyond the first has a predecessor"),
        |_, states, counts| {
            complete += states
                .par_iter()
                .zip(counts)
                .filter(|(&s, _)| !q.any_successor(s, |_| true))
                .map(|(&s, &n)| n * q.orbit_size(s) as u128)
                .sum::<u128>();
            for (&s, &n) in states.iter().zip(counts).filter(|(&s, _)| s.count_ones() == 1) {
                // Each member of the orbit is reached by as many sequences as its representative.
                for member in 0..board.holes() {
                    if q.canonical(1 << member) == s {
                        winning.push((member, n));
                    }
                }
            }
        },
    );
    winning.sort_unstable();
    (complete, winning)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ranked path (boards past the dense engine's bits) against the dense one, on small
    /// boards of both lattices, with and without a start every symmetry fixes.
    #[test]
    fn the_ranked_game_equals_the_dense_one() {
        let counters = Counters::default();
        for (name, start) in [("triangle-5", 0), ("triangle-5", 4), ("diamond-4", 5), ("hexagon-3", 9)] {
            let board = Board::named(name).unwrap();
            let group = board.group().unwrap();
            let graph = BoardGraph::new(&board);
            let dense = analyse_on(&graph, &board, &group, start, &counters).unwrap();
            let stabiliser = group.stabiliser(board.start(start));
            let q = Quotient::new(&graph, &stabiliser);
            let ranked = analyse_ranked(&graph, &board, &q, start, &counters).unwrap();
            assert_eq!(ranked, dense, "{name} from {start}");
            assert!(dense.levels.len() > 3, "{name}: a game of a few levels at least");
        }
    }
}
