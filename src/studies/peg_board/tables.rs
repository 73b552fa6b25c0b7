//! The board study's own data files, their columns declared once ([`Schema`]) beside the function
//! that fills each.

use super::game::Game;
use super::problems::Problems;
use crate::output::export::{Area, Export};
use crate::output::glossary;
use crate::output::schema::Kind::{Boolean, Integer};
use crate::output::schema::{col, Column, Kind, Schema};
use crate::output::table::exact_count_cells;
use crate::output::{Cell, Table};
use crate::puzzles::peg::format_play;
use crate::studies::peg::fewest::MinMoves;
use crate::studies::peg::tables::{log10_cell, LEVELS_COLUMNS, LOG10_WINNING_SEQUENCES, PEGS, WINNING_SEQUENCES};
use crate::studies::peg::LevelRow;

const SOURCE: &str = "Computed by statespace (peg solitaire rules of issue 38 on the named board)";

/// The hole a game starts from, on any board (1-based, in reading order of the board's picture).
const BOARD_START: Column = col(
    glossary::start,
    Integer,
    "the hole left empty at the start (1-based, in reading order of board.txt)",
);

/// `levels.csv` of a board other than a triangle (after the triangles' `peg/T*/levels.csv` in
/// the dictionary: the first pattern a file matches describes it).
pub static BOARD_LEVELS: Schema = Schema {
    pattern: "peg/*/levels.csv",
    description: "Union over every single-vacancy start of the board (board.txt beside it): positions reachable, \
        winnable and dead, per peg count; the columns of the triangles' levels.csv.",
    columns: &LEVELS_COLUMNS,
    primary_key: &[glossary::pegs],
    source: SOURCE,
};

/// The first four columns of `game.csv` and `positions.csv`.
const JUMPS: Column = col(glossary::jumps, Integer, "jumps played from the start");
const REACHABLE_POSITIONS: Column = col(
    glossary::reachable_positions,
    Integer,
    "positions reachable from the start in exactly this many jumps",
);
const REACHABLE_ORBITS: Column = col(
    glossary::reachable_orbits,
    Integer,
    "reachable_positions up to the symmetries that fix the start",
);

/// `game.csv`: the game from one start, per number of jumps played.
pub static GAME: Schema = Schema {
    pattern: "peg/*/game.csv",
    description: "The game from one single-vacancy start of the board (game_summary.csv names it), one row per \
        number of jumps played: positions reachable, winnable and with no jump left, each also counted up to the \
        symmetries that fix the start (the published counts of the English board are up to symmetry).",
    columns: &[
        JUMPS,
        PEGS,
        REACHABLE_POSITIONS,
        REACHABLE_ORBITS,
        col(
            glossary::winnable_positions,
            Integer,
            "of the reachable positions, those from which a single peg (in any hole) can be reached",
        ),
        col(
            glossary::winnable_orbits,
            Integer,
            "winnable_positions up to the symmetries that fix the start",
        ),
        col(
            glossary::winnable_to_start_hole,
            Integer,
            "of the reachable positions, those from which a single peg in the start's hole can be reached",
        ),
        col(
            glossary::winnable_to_start_hole_orbits,
            Integer,
            "winnable_to_start_hole up to the symmetries that fix the start",
        ),
        col(
            glossary::dead_positions_no_jump,
            Integer,
            "reachable positions with no jump left (where a game ends; a single peg included)",
        ),
    ],
    primary_key: &[glossary::jumps],
    source: SOURCE,
};

/// `finishes.csv` of a board's game: winning jump sequences per finishing hole.
pub static BOARD_FINISHES: Schema = Schema {
    pattern: "peg/*/finishes.csv",
    description: "The game from one start (game_summary.csv): jump sequences that end with a single peg, per \
        hole that peg is in (holes no sequence ends in are left out).",
    columns: &[
        col(
            glossary::finish,
            Integer,
            "the hole holding the last peg (1-based, in reading order of board.txt)",
        ),
        col(
            glossary::winning_sequences_text,
            Kind::BigInteger,
            "jump sequences from the start ending with one peg in finish, exactly",
        ),
        WINNING_SEQUENCES,
        LOG10_WINNING_SEQUENCES,
        col(
            glossary::min_moves,
            Integer,
            "the fewest moves (a move is a chain of jumps by one peg) from the start to one peg in finish, \
            proven by listing every position reachable from the start by its move distance; left out for \
            boards past 34 holes",
        )
        .optional(),
        col(
            glossary::min_moves_proof,
            Kind::String,
            "why min_moves holds: 'balls of M moves out of the start and 0 into the finish meet' (every \
            position the start reaches listed by its fewest moves: the finish is first listed after M)",
        )
        .optional(),
        col(
            glossary::optimal_play,
            Kind::String,
            "a play with min_moves moves: moves separated by ' | ', each move the holes its peg visits \
            joined by '-'",
        )
        .optional(),
    ],
    primary_key: &[glossary::finish],
    source: SOURCE,
};

/// `game_summary.csv`: the game's totals, one row.
pub static GAME_SUMMARY: Schema = Schema {
    pattern: "peg/*/game_summary.csv",
    description: "The game from one single-vacancy start of the board, one row: its start, the symmetries that fix \
        it, and its totals.",
    columns: &[
        BOARD_START,
        col(
            glossary::stabiliser_order,
            Integer,
            "symmetries of the board that fix the start (the game's counts up to symmetry use them)",
        ),
        col(
            glossary::complete_games_text,
            Kind::BigInteger,
            "jump sequences from the start to a position with no jump left, exactly",
        ),
        col(glossary::complete_games, Kind::Number, "complete_games_text as a float"),
        col(
            glossary::log10_complete_games,
            Kind::Number,
            "log10 of complete_games, for plotting",
        ),
        col(
            glossary::winning_sequences_text,
            Kind::BigInteger,
            "jump sequences from the start to a single peg (any hole), exactly",
        ),
        WINNING_SEQUENCES,
        // Left out when no sequence wins: log10 of 0 is undefined, and an all-empty number column
        // loads as text.
        LOG10_WINNING_SEQUENCES.optional(),
        col(
            glossary::shortest_dead_end_jumps,
            Integer,
            "fewest jumps after which a game ends with no jump left and more than one peg (left out when none \
            does)",
        )
        .optional(),
    ],
    primary_key: &[glossary::start],
    source: SOURCE,
};

/// `data/peg/boards.csv`: one row per board of the record.
pub static BOARDS: Schema = Schema {
    pattern: "peg/boards.csv",
    description: "One row per peg board of the record other than the triangles (whose table is sides.csv): its \
        geometry, its symmetry group and position classes (both computed from its jump lines), and what the \
        record holds for it.",
    columns: &[
        col(glossary::board_name, Kind::String, "the board (data/peg/<board_name>/)"),
        col(glossary::lattice, Kind::String, "square, square-diagonal or triangular"),
        col(glossary::holes, Integer, "holes of the board"),
        col(
            glossary::group_order,
            Integer,
            "symmetries of the board: permutations of its holes that map jump lines to jump lines",
        ),
        col(
            glossary::position_classes,
            Integer,
            "position classes of the board (a solvable problem has start and finish in one class)",
        ),
        col(
            glossary::reachable_positions,
            Kind::Number,
            "positions reachable from some single-vacancy start (the union, levels.csv); empty where the union is \
            not in the record (a whole number written as a float, since the column has gaps)",
        ),
        col(
            glossary::solvable_problems,
            Kind::Number,
            "solvable (start, finish) problems (problems.csv); empty where that table is not in the record \
            (left out when no board has it)",
        )
        .optional(),
        col(
            glossary::min_moves,
            Kind::Number,
            "fewest moves over the board's solvable problems, where proven; empty otherwise (left out when no \
            board has it)",
        )
        .optional(),
    ],
    primary_key: &[glossary::board_name],
    source: SOURCE,
};

/// `levels.csv` with the triangles' columns, fewest pegs first.
pub fn levels_table(levels: &[LevelRow]) -> Table {
    let mut t = BOARD_LEVELS.table();
    let mut rows = levels.to_vec();
    rows.sort_by_key(|r| r.pegs);
    for r in rows {
        t.push(vec![
            r.pegs.into(),
            r.reachable.into(),
            r.winnable.into(),
            (r.reachable - r.winnable).into(),
        ]);
    }
    t
}

/// `game.csv`: one row per number of jumps played.
pub fn game_table(g: &Game) -> Table {
    let mut t = GAME.table();
    for l in &g.levels {
        t.push(vec![
            l.jumps.into(),
            l.pegs.into(),
            l.reachable.into(),
            l.reachable_orbits.into(),
            l.winnable.into(),
            l.winnable_orbits.into(),
            l.winnable_to_start.into(),
            l.winnable_to_start_orbits.into(),
            l.dead_ends.into(),
        ]);
    }
    t
}

/// `positions.csv` (`peg --positions-only`): the first four columns of [`GAME`].
pub static POSITIONS: Schema = Schema {
    pattern: "peg/*/positions.csv",
    description: "The positions reachable from one single-vacancy start of the board, one row per number of jumps \
        played, also counted up to the symmetries that fix the start: game.csv's first four columns, alone (the \
        count public solvers make).",
    columns: &[JUMPS, PEGS, REACHABLE_POSITIONS, REACHABLE_ORBITS],
    primary_key: &[glossary::jumps],
    source: SOURCE,
};

/// `positions.csv`.
pub fn positions_table(levels: &[super::game::GameLevel]) -> Table {
    let mut t = POSITIONS.table();
    for l in levels {
        t.push(vec![
            l.jumps.into(),
            l.pegs.into(),
            l.reachable.into(),
            l.reachable_orbits.into(),
        ]);
    }
    t
}

/// `finishes.csv`: winning jump sequences per finishing hole, by hole.
pub fn finishes_table(g: &Game) -> Table {
    let mut t = BOARD_FINISHES.table();
    for &(f, n) in &g.winning_games {
        let mut row = vec![(f + 1).into()];
        row.extend(exact_count_cells(n));
        row.push(log10_cell(n));
        match g.fewest.iter().find(|m| m.0 == f) {
            Some((_, m)) => {
                let MinMoves::Exact { moves, play, .. } = m else {
                    unreachable!("a game's fewest moves are exact")
                };
                row.extend([(*moves).into(), m.proof().into(), format_play(play).into()]);
            }
            None => row.extend([Cell::Empty, Cell::Empty, Cell::Empty]),
        }
        t.push(row);
    }
    BOARD_FINISHES.drop_empty_optional(t)
}

/// The files of one game into `files` under `dir`: `game.csv`, `finishes.csv`, `game_summary.csv`.
pub fn export_game(files: &mut Export, dir: &str, g: &Game) {
    files.table(Area::Data, dir, "game.csv", &game_table(g));
    files.table(Area::Data, dir, "finishes.csv", &finishes_table(g));
    files.table(Area::Data, dir, "game_summary.csv", &game_summary_table(g));
}

/// `game_summary.csv`: the game's start, stabiliser and totals.
pub fn game_summary_table(g: &Game) -> Table {
    let mut t = GAME_SUMMARY.table();
    let mut row = vec![(g.start + 1).into(), g.stabiliser.into()];
    row.extend(exact_count_cells(g.complete_games));
    row.push(log10_cell(g.complete_games));
    row.extend(exact_count_cells(g.winning_total()));
    row.push(log10_cell(g.winning_total()));
    row.push(g.shortest_dead_end.into());
    t.push(row);
    GAME_SUMMARY.drop_empty_optional(t)
}

/// `problems.csv` of any board.
pub static PROBLEMS: Schema = Schema {
    pattern: "peg/*/problems.csv",
    description: "Every (start, finish) problem of a board (single vacancy at start, single peg left at finish) \
        that passes the position-class test or is solvable: solvability by a forward search from one start per \
        orbit of the board's computed symmetry group, and the fewest moves (a move is a chain of jumps by one \
        peg), proven up to 34 holes by listing every position reachable from each start by its fewest moves, past \
        that by meeting in the middle on the moves graph, with a play found by beam search as the upper bound where \
        the balls do not meet.",
    columns: &[
        BOARD_START,
        col(
            glossary::finish,
            Integer,
            "the hole meant to hold the last peg (1-based, reading order)",
        ),
        col(
            glossary::passes_class_test,
            Boolean,
            "start and finish lie in the same position class (computed from the board's jump lines; a necessary \
            condition)",
        ),
        col(
            glossary::solvable,
            Boolean,
            "a play from start ending with one peg in finish exists (forward search)",
        ),
        col(
            glossary::min_moves,
            Kind::Number,
            "fewest moves for this problem where proven; empty when not solvable or not proven (see \
            min_moves_lower_bound); left out where no row's is proven",
        )
        .optional(),
        col(
            glossary::min_moves_lower_bound,
            Kind::Number,
            "a proven lower bound on the fewest moves (equal to min_moves where that is filled); empty when not \
            solvable",
        ),
        col(
            glossary::min_moves_upper_bound,
            Kind::Number,
            "where min_moves is not proven, the moves of the play given (found by beam search over moves aimed at \
            the finish, or depth first over jumps where no beam reached it); left out where every row's is proven",
        )
        .optional(),
        col(
            glossary::min_moves_proof,
            Kind::String,
            "why: 'balls of F moves out of the start and B into the finish meet' (min_moves is the least sum of \
            distances over their common boards), or '... do not meet: at least F + B + 1'; empty when not solvable",
        ),
        col(
            glossary::play,
            Kind::String,
            "a play with min_moves moves (or min_moves_upper_bound where the minimum is not proven), replayed: \
            moves separated by ' | ', each move the holes its peg visits joined by '-'; empty when not solvable",
        ),
    ],
    primary_key: &[glossary::start, glossary::finish],
    source: SOURCE,
};

/// `problems.csv`: one row per problem, sorted by (start, finish), holes 1-based.
pub fn problems_table(p: &Problems) -> Table {
    let mut t = PROBLEMS.table();
    let opt = |x: Option<u32>| x.map_or(Cell::Empty, Cell::from);
    for (r, proof) in p.rows.iter().zip(&p.proofs) {
        t.push(vec![
            (r.start + 1).into(),
            (r.finish + 1).into(),
            r.class_allows.into(),
            r.solvable.into(),
            opt(r.min_moves),
            opt(r.min_moves_lower_bound),
            opt(r.min_moves_upper_bound),
            proof.clone().map_or(Cell::Empty, Cell::from),
            if r.play.is_empty() {
                Cell::Empty
            } else {
                format_play(&r.play).into()
            },
        ]);
    }
    PROBLEMS.drop_empty_optional(t)
}
