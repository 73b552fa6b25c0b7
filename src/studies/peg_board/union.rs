//! The union over every single-vacancy start of a board by the layered engine: reachable and
//! winnable positions per peg count, as the triangle's `levels.csv`.

use crate::engine::layered::{self, Keep, SubsetGraph};
use crate::engine::progress::Counters;
use crate::puzzles::board::graph::BoardGraph;
use crate::puzzles::board::packed::PackedBoard;
use crate::puzzles::board::Board;
use crate::studies::peg::LevelRow;
use anyhow::Result;

/// Names the search in a level directory.
pub fn search_key(board: &Board) -> String {
    format!(
        "peg solitaire, board {} ({} lattice, {} holes, {} jumps): union of the positions reachable from every \
         single-vacancy start; winnable = can still reach one peg. Layered engine, colex ranks per peg count, \
         format 1.\n",
        board.name(),
        board.lattice().name(),
        board.holes(),
        board.jumps().len()
    )
}

/// Bytes of the union's bit arrays ([`crate::studies::footprint::peg_union`]) and 64 MiB.
pub fn bytes(board: &Board, keep: &Keep) -> u128 {
    crate::studies::footprint::peg_union(board.holes(), keep, false) + (64 << 20)
}

/// The union's levels, from the most pegs down.
/// Runs on the board's packed graph where its padded grid fits a word (every built-in board),
/// else on its jump list; the graphs have the same moves, so the levels are the same.
pub fn union(board: &Board, keep: &Keep, counters: &Counters) -> Result<Vec<LevelRow>> {
    if let Some(g) = PackedBoard::<u64>::new(board) {
        union_on(&g, board, keep, counters)
    } else if let Some(g) = PackedBoard::<u128>::new(board) {
        union_on(&g, board, keep, counters)
    } else {
        union_on(&BoardGraph::new(board), board, keep, counters)
    }
}

/// [`union`] on a given graph of the board.
pub fn union_on<G: SubsetGraph>(graph: &G, board: &Board, keep: &Keep, counters: &Counters) -> Result<Vec<LevelRow>> {
    let starts: Vec<u64> = (0..board.holes()).map(|h| board.start(h)).collect();
    // Winnable = can reach a single peg = the complement of a start: by duality, reachable with
    // a reachable complement.
    let goals = layered::Goals::<fn(u64) -> bool>::ComplementsOfStarts;
    let counts = layered::search(graph, &starts, goals, keep, &search_key(board), counters, |_, _, _| {})?;
    Ok(counts
        .iter()
        .map(|c| LevelRow {
            pegs: c.k,
            reachable: c.reachable,
            winnable: c.winnable,
        })
        .collect())
}
