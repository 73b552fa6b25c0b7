//! The union over every single-vacancy start of a board by the layered engine: reachable and
//! winnable positions per peg count, as the triangle's `levels.csv`.

use crate::engine::layered::{self, Keep, Pass, SubsetGraph};
use crate::engine::progress::Counters;
use crate::engine::quotient::OrbitLeaders;
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

/// [`union`] on a given graph of the board: up to the board's symmetries when it has any (the
/// start set is every hole, which each symmetry maps onto itself), else plainly.
pub fn union_on<G: SubsetGraph>(graph: &G, board: &Board, keep: &Keep, counters: &Counters) -> Result<Vec<LevelRow>> {
    let starts: Vec<u64> = (0..board.holes()).map(|h| board.start(h)).collect();
    if board.group_order() > 1 {
        let group = board.group()?;
        return union_of_orbits(
            &OrbitLeaders::new(graph, &group, &starts),
            board,
            &starts,
            keep,
            counters,
        );
    }
    plain_union(graph, board, &starts, keep, counters)
}

/// The union over every state, no symmetry used.
fn plain_union<G: SubsetGraph>(
    graph: &G,
    board: &Board,
    starts: &[u64],
    keep: &Keep,
    counters: &Counters,
) -> Result<Vec<LevelRow>> {
    // Winnable = can reach a single peg = the complement of a start: by duality, reachable with
    // a reachable complement.
    let goals = layered::Goals::<fn(u64) -> bool>::ComplementsOfStarts;
    let counts = layered::search(graph, starts, goals, keep, &search_key(board), counters, |_, _, _| {})?;
    Ok(counts
        .iter()
        .map(|c| LevelRow {
            pegs: c.k,
            reachable: c.reachable,
            winnable: c.winnable,
        })
        .collect())
}

/// The union over the orbits of the board's group: layers of orbit leaders, winnable where the
/// complement's leader is reachable (as the plain union's duality), and each layer's states
/// counted as the sum of its leaders' orbit sizes.
fn union_of_orbits<G: SubsetGraph>(
    leaders: &OrbitLeaders<'_, G>,
    board: &Board,
    starts: &[u64],
    keep: &Keep,
    counters: &Counters,
) -> Result<Vec<LevelRow>> {
    let n = board.holes();
    let key = format!(
        "{}Searched over orbit leaders under the board's {} symmetries.\n",
        search_key(board),
        board.group_order()
    );
    let goals = layered::Goals::<fn(u64) -> bool>::ComplementsOfStarts;
    let (mut reachable, mut winnable) = (vec![0u64; n + 1], vec![0u64; n + 1]);
    let counts = layered::search(
        leaders,
        &leaders.leaders(starts),
        goals,
        keep,
        &key,
        counters,
        |pass, colex, layer| {
            let states = layer.par_fold_states(colex, || 0u64, |sum, s| *sum += leaders.orbit_size(s), |a, b| a + b);
            match pass {
                Pass::Reachable => reachable[layer.k] = states,
                Pass::Winnable => winnable[layer.k] = states,
            }
        },
    )?;
    Ok(counts
        .iter()
        .map(|c| LevelRow {
            pegs: c.k,
            reachable: reachable[c.k],
            winnable: winnable[c.k],
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_union_over_orbits_counts_what_the_plain_union_counts() {
        // Groups of order 2 to 12 (two lane chunks for the hexagon), on both lattices.
        for name in ["triangle-5", "triangle-6", "diamond-4", "hexagon-3"] {
            let board = Board::named(name).unwrap();
            assert!(board.group_order() > 1, "{name}");
            let graph = BoardGraph::new(&board);
            let starts: Vec<u64> = (0..board.holes()).map(|h| board.start(h)).collect();
            let counters = Counters::default();
            let plain = plain_union(&graph, &board, &starts, &Keep::Memory, &counters).unwrap();
            let packed = PackedBoard::<u64>::new(&board).unwrap();
            for orbits in [
                union_on(&graph, &board, &Keep::Memory, &counters).unwrap(),
                union_on(&packed, &board, &Keep::Memory, &counters).unwrap(),
            ] {
                let key = |r: &LevelRow| (r.pegs, r.reachable, r.winnable);
                assert_eq!(
                    orbits.iter().map(key).collect::<Vec<_>>(),
                    plain.iter().map(key).collect::<Vec<_>>(),
                    "{name}"
                );
            }
        }
    }
}
