//! The family's data files: each one's columns declared once ([`Schema`], next to the code that
//! fills it), and the pure functions from results to those tables.

use super::fewest::MinMoves;
use super::solvability::{ProblemRow, Verdict};
use super::{PegResults, PegStudy};
use crate::output::dataset::to_parquet;
use crate::output::glossary;
use crate::output::schema::Kind::{BigInteger, Boolean, Integer, Number};
use crate::output::schema::{col, Column, Kind, Schema};
use crate::output::table::exact_count_cells;
use crate::output::{Cell, Table};
use crate::puzzles::peg::format_play;
use anyhow::Result;
use polars::prelude::{Column as FrameColumn, DataFrame};

/// `a` then `b`: a file's columns made of shared ones and its own (`C` = `A` + `B`).
const fn concat<const A: usize, const B: usize, const C: usize>(a: [Column; A], b: [Column; B]) -> [Column; C] {
    assert!(A + B == C && A > 0);
    let mut out = [a[0]; C];
    let mut i = 0;
    while i < C {
        out[i] = if i < A { a[i] } else { b[i - A] };
        i += 1;
    }
    out
}

/// Where every file of the family comes from.
pub(super) const SOURCE: &str =
    "Computed by statespace (rules: seed 001, Matt Parker's 10-coin puzzle, generalised to side n)";

/// The start of a problem, in every table that has one.
pub const START: Column = col(
    glossary::start,
    Integer,
    "the hole left empty at the start (1-based, row by row from the apex)",
);
/// Pegs on the board, in the tables by peg count.
pub const PEGS: Column = col(glossary::pegs, Integer, "pegs on the board");

/// An exact count's float companion, wherever winning sequences are counted.
pub const WINNING_SEQUENCES: Column = col(
    glossary::winning_sequences,
    Number,
    "winning_sequences_text as a float (exact below 2^53), so the column sums as numbers",
);
/// Its logarithm, in the tables that leave out the rows where it is 0.
pub const LOG10_WINNING_SEQUENCES: Column = col(
    glossary::log10_winning_sequences,
    Number,
    "log10 of winning_sequences, for plotting",
);

/// The columns of every union's `levels.csv`, a triangle's or any board's.
pub const LEVELS_COLUMNS: [Column; 4] = [
    PEGS,
    col(
        glossary::reachable_positions,
        Integer,
        "positions with this many pegs reachable from some single-vacancy start",
    ),
    col(
        glossary::winnable_positions,
        Integer,
        "of those, positions from which a single peg can still be reached",
    ),
    col(
        glossary::dead_positions,
        Integer,
        "reachable positions that are not winnable (reachable_positions - winnable_positions)",
    ),
];

/// `levels.csv` of a side with the whole union (side 9's partial one: `partial::T9_LEVELS`).
pub static LEVELS: Schema = Schema {
    pattern: "peg/T*/levels.csv",
    description: "Union over every single-vacancy start of side n: positions reachable, winnable and dead, per \
        peg count.",
    columns: &LEVELS_COLUMNS,
    primary_key: &[glossary::pegs],
    source: SOURCE,
};

pub static SYMMETRY: Schema = Schema {
    pattern: "peg/T*/symmetry.csv",
    description: "The union's reachable positions per peg count under the six symmetries of the triangle (2 \
        rotations, 3 reflections): every level is checked to be closed under them, and Burnside's lemma gives \
        the positions up to symmetry, orbits = (reachable_positions + 2 fixed_by_rotation + 3 \
        fixed_by_reflection) / 6.",
    columns: &[
        PEGS,
        col(
            glossary::reachable_positions,
            Integer,
            "positions with this many pegs reachable from some single-vacancy start (as in levels.csv)",
        ),
        col(
            glossary::orbits,
            Integer,
            "of those, positions up to the six symmetries (classes of positions that map to each other)",
        ),
        col(
            glossary::fixed_by_rotation,
            Integer,
            "reachable positions a 120-degree rotation maps to themselves (the \
        240-degree rotation fixes the same ones)",
        ),
        col(
            glossary::fixed_by_reflection,
            Integer,
            "reachable positions one reflection maps to themselves (each of \
        the three reflections fixes as many)",
        ),
    ],
    primary_key: &[glossary::pegs],
    source: SOURCE,
};

/// The per-start counts of `starts.csv` on the sides with the exact analysis (side 8 has none:
/// [`T8_STARTS`] leaves them out rather than write columns empty on every row).
const STARTS_COUNTS: [Column; 7] = [
    col(
        glossary::reachable_positions,
        Integer,
        "positions reachable from this start, the start included",
    ),
    col(
        glossary::winning_sequences_text,
        BigInteger,
        "jump sequences from this start that end with one peg; exact count as \
        text, digits grouped by `_`, at least one `_` (the column's sum passes 64 bits on side 7)",
    ),
    col(
        glossary::winning_sequences,
        Number,
        "winning_sequences_text as a float (exact below 2^53), so the column sums as numbers",
    ),
    col(
        glossary::log10_winning_sequences,
        Number,
        "log10 of winning_sequences, for plotting; empty when it is 0",
    ),
    col(
        glossary::complete_games_text,
        BigInteger,
        "jump sequences from this start that end where no jump is legal; exact \
        count as text, digits grouped by `_`, at least one `_` (exceeds 64 bits on side 7)",
    ),
    col(
        glossary::complete_games,
        Number,
        "complete_games_text as a float (exact below 2^53), so the column sums as numbers",
    ),
    col(
        glossary::log10_complete_games,
        Number,
        "log10 of complete_games, for plotting",
    ),
];

/// The columns of `starts.csv` that every side has.
const STARTS_COMMON: [Column; 2] = [
    col(
        glossary::min_moves,
        Number,
        "fewest moves (maximal chains of jumps by one peg) to a single peg, the least over the start's \
        finishes in finishes.csv; empty when no single-peg finish exists (side 8: also empty where that least value \
        is not proven)",
    ),
    col(
        glossary::solvable_finishes,
        Integer,
        "finish holes this start can end on with a single peg (solvable rows of finishes.csv)",
    ),
];
/// The columns of `starts.csv` on the sides with the exact analysis, so one reader loads any of them.
const STARTS_COLUMNS: [Column; 10] = concat::<8, 2, 10>(concat::<1, 7, 8>([START], STARTS_COUNTS), STARTS_COMMON);
/// Side 8's `starts.csv`: the start and the columns every side has.
const T8_STARTS_COLUMNS: [Column; 3] = concat::<1, 2, 3>([START], STARTS_COMMON);
pub static STARTS: Schema = Schema {
    pattern: "peg/T*/starts.csv",
    description: "Per single-vacancy start: reachable positions, winning jump sequences, complete games, \
        fewest moves, solvable finishes.",
    columns: &STARTS_COLUMNS,
    primary_key: &[glossary::start],
    source: SOURCE,
};

/// Side 8 has no per-start analysis: its `starts.csv` has the columns every side has, not the
/// counts (a column empty on every row loads as text in polars and as floats in pandas; the
/// dictionary lists it before the generic pattern, which it also matches).
pub static T8_STARTS: Schema = Schema {
    pattern: "peg/T8/starts.csv",
    description: "Per single-vacancy start of side 8, in the columns every side has: reachable_positions, \
        winning_sequences, complete_games and their logarithms are not there (no per-start analysis at this \
        side); min_moves is the least of the start's proven fewest moves in finishes.csv (empty unless that least \
        value is proven); solvable_finishes is counted from finishes.csv.",
    columns: &T8_STARTS_COLUMNS,
    primary_key: &[glossary::start],
    source: SOURCE,
};

/// The first columns of `finishes.csv` on every side.
const FINISHES_HEAD: [Column; 4] = [
    START,
    col(
        glossary::finish,
        Integer,
        "the hole meant to hold the last peg (1-based)",
    ),
    col(
        glossary::passes_class_test,
        Boolean,
        "start and finish lie in the same position class (Bell 2008; a necessary condition)",
    ),
    col(
        glossary::solvable,
        Boolean,
        "a play from start ending with one peg in finish exists",
    ),
];
/// The counts of `finishes.csv` on the sides with the exact analysis (not on side 8).
const FINISHES_COUNTS: [Column; 3] = [
    col(
        glossary::winning_sequences_text,
        BigInteger,
        "jump sequences from start ending with one peg in finish (0 when not \
        solvable); exact count as text, digits grouped by `_`, at least one `_` (the column's sum passes 64 bits \
        on side 7)",
    ),
    col(
        glossary::winning_sequences,
        Number,
        "winning_sequences_text as a float (exact below 2^53), so the column sums as numbers",
    ),
    col(
        glossary::log10_winning_sequences,
        Number,
        "log10 of winning_sequences, for plotting; empty when it is 0",
    ),
];
/// The last common columns of `finishes.csv` (side 8 appends its own, [`T8_FINISHES_EXTRA`]).
const FINISHES_TAIL: [Column; 2] = [
    col(
        glossary::min_moves,
        Number,
        "fewest moves for this problem; empty when not solvable (side 8: empty where not \
        proven, see min_moves_lower_bound)",
    ),
    col(
        glossary::optimal_play,
        Kind::String,
        "a play with min_moves moves: moves separated by ' | ', each move the holes its \
        peg visits joined by '-'; empty when not solvable (side 8: empty where min_moves is)",
    ),
];
/// Side 8's own columns: how each problem was decided, the play found with its moves (an upper
/// bound on the fewest), and the proven lower bound on the fewest moves with its proof (the exact
/// fewest moves are the common `min_moves` and `optimal_play`, filled where the bounds meet).
const T8_FINISHES_EXTRA: [Column; 6] = [
    col(
        glossary::proof,
        Kind::String,
        "why: 'play' (the play column solves it), 'position class' (impossible by \
        the class test), 'exhaustive search' (every admissible position searched, none finishes)",
    ),
    col(
        glossary::positions_searched,
        Integer,
        "positions expanded by the exhaustive search; empty unless proof is 'exhaustive search' (the column \
        is left out when no problem has that proof)",
    )
    .optional(),
    col(
        glossary::moves_upper_bound,
        Number,
        "moves of the play given: an upper bound on the fewest moves, \
        not proven minimal; empty when not solvable",
    ),
    col(
        glossary::play,
        Kind::String,
        "a play found (depth-first search shortened by a beam search, not proven \
        optimal): moves separated by ' | ', each move the holes its peg visits joined by '-'; empty \
        when not solvable",
    ),
    col(
        glossary::min_moves_lower_bound,
        Number,
        "a proven lower bound on the fewest moves (equal to \
        min_moves where that is filled); empty when not solvable",
    ),
    col(
        glossary::min_moves_proof,
        Kind::String,
        "why: 'balls of F moves out of the start and B into the finish \
        meet' (min_moves is the least sum of distances over their common boards, exact as it is at \
        most F + B), or '... do not meet: at least F + B + 1' (every play is longer than F + B moves; \
        ', the play attains it' when the play has that many); empty when not solvable",
    ),
];

pub static FINISHES: Schema = Schema {
    pattern: "peg/T*/finishes.csv",
    description: "Every (start, finish) problem, solvable or not (holes x holes rows): whether it passes the \
        position-class test, whether it is solvable, its winning sequences, fewest moves and one optimal play. \
        The A130515 count is the number of rows with passes_class_test, up to the 6 symmetries of the \
        triangle.",
    columns: &concat::<7, 2, 9>(concat::<4, 3, 7>(FINISHES_HEAD, FINISHES_COUNTS), FINISHES_TAIL),
    primary_key: &[glossary::start, glossary::finish],
    source: SOURCE,
};

pub static T8_FINISHES: Schema = Schema {
    pattern: "peg/T8/finishes.csv",
    description: "Every (start, finish) problem of side 8, in the columns of the other sides, then its own: \
        winning_sequences is not there (not computed at this side); min_moves and optimal_play are filled where \
        the fewest moves are proven (lower bound met by a play), empty elsewhere; proof says how each problem \
        was decided (a play, replayed by the tests; the position-class test; an exhaustive search), and play \
        is the play found, with moves_upper_bound moves; min_moves_lower_bound is the proven lower bound on the \
        fewest moves (equal to min_moves where that is filled) and min_moves_proof its proof, one per problem \
        (meeting in the middle on the moves graph: every board within F moves of the start, the last level \
        streamed, and every board within B moves of the single peg; no common board means more than F + B moves, \
        and a common board gives a play of the least sum, the exact minimum).",
    columns: &concat::<6, 6, 12>(concat::<4, 2, 6>(FINISHES_HEAD, FINISHES_TAIL), T8_FINISHES_EXTRA),
    primary_key: &[glossary::start, glossary::finish],
    source: SOURCE,
};

pub static SIDES: Schema = Schema {
    pattern: "peg/sides.csv",
    description: "One row per side computed or read back: how many starts and problems there are, how many \
        pass the position-class test and how many are solvable, the union's positions and the fewest moves \
        (the least min_moves of the side's finishes.csv).",
    columns: &[
        col(glossary::side, Integer, "side n of the triangle"),
        col(glossary::holes, Integer, "holes of the board, n(n+1)/2"),
        col(glossary::starts, Integer, "single-vacancy starts (one per hole)"),
        col(
            glossary::solvable_starts,
            Integer,
            "starts from which some single-peg finish is reachable",
        ),
        col(glossary::problems, Integer, "(start, finish) problems, holes^2"),
        col(
            glossary::class_passing_problems,
            Integer,
            "problems passing the position-class test (a necessary condition for solvability)",
        ),
        col(
            glossary::class_passing_problems_up_to_symmetry,
            Integer,
            "the same, counted up to the triangle's 6 symmetries (OEIS A130515)",
        ),
        col(
            glossary::solvable_problems,
            Integer,
            "problems some jump sequence solves",
        ),
        col(
            glossary::reachable_positions,
            Integer,
            "positions reachable from some single-vacancy start (levels.csv, summed)",
        ),
        col(
            glossary::winnable_positions,
            Integer,
            "of those, positions from which a single peg can still be reached",
        ),
        col(
            glossary::min_moves,
            Integer,
            "fewest moves of any solvable problem (OEIS A127500): the least min_moves of finishes.csv; empty \
            unless that least value is proven (a side whose problems are only bounded)",
        ),
    ],
    primary_key: &[glossary::side],
    source: SOURCE,
};

pub static PROFILE: Schema = Schema {
    pattern: "peg/T*/profile.csv",
    description: "Positions reachable from one start after exactly k jumps.",
    columns: &[
        START,
        col(glossary::jumps, Integer, "jumps made"),
        col(
            glossary::positions,
            Integer,
            "distinct positions reachable after exactly that many jumps",
        ),
    ],
    primary_key: &[glossary::start, glossary::jumps],
    source: SOURCE,
};

pub static MOVE_HISTOGRAM: Schema = Schema {
    pattern: "peg/T*/move_histogram.csv",
    description: "Winning jump sequences over all starts, by their number of moves.",
    columns: &[
        col(
            glossary::moves,
            Integer,
            "moves in the sequence (maximal chains of jumps by one peg)",
        ),
        col(
            glossary::winning_sequences_text,
            BigInteger,
            "winning jump sequences, over all single-vacancy starts, with \
        that many moves; exact count as text, digits grouped by `_`, as in starts.csv",
        ),
        WINNING_SEQUENCES,
        LOG10_WINNING_SEQUENCES,
    ],
    primary_key: &[glossary::moves],
    source: SOURCE,
};

pub static POSITIONS: Schema = Schema {
    pattern: "peg/T*/positions.parquet",
    description: "Every position reachable from some single-vacancy start, with whether it can still be won \
        and in how few moves.",
    columns: &[
        col(
            glossary::board,
            Integer,
            "the position: bit i-1 set when hole i holds a peg",
        ),
        PEGS,
        col(glossary::winnable, Boolean, "a single peg can still be reached"),
        col(
            glossary::min_moves,
            Integer,
            "fewest moves to a single peg (the first jump starts a move); null when not winnable",
        ),
    ],
    primary_key: &[glossary::board],
    source: SOURCE,
};

pub fn levels_table(s: &PegStudy) -> Table {
    let mut t = LEVELS.table();
    let mut rows = s.levels.clone();
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

/// The union's levels under the six symmetries (pure: rows in, table out).
pub fn symmetry_table(rows: &[super::SymmetryRow]) -> Table {
    let mut t = SYMMETRY.table();
    let mut rows = rows.to_vec();
    rows.sort_by_key(|r| r.pegs);
    for r in rows {
        t.push(vec![
            r.pegs.into(),
            r.reachable.into(),
            r.orbits.into(),
            r.fixed_by_rotation.into(),
            r.fixed_by_reflection.into(),
        ]);
    }
    t
}

/// log10 of an exact count, for plotting beside the exact decimal column (empty for 0).
pub fn log10_cell(v: u128) -> Cell {
    if v == 0 {
        Cell::Empty
    } else {
        Cell::Fixed((v as f64).log10(), 6)
    }
}

pub fn starts_table(s: &PegStudy) -> Table {
    // Counts of sequences are exact text (their sums pass 64 bits on side 7) on every side, so a
    // reader gets one type whatever the side.
    let mut t = STARTS.table();
    for r in &s.starts {
        let solvable_finishes = s.finishes.iter().filter(|f| f.start == r.start).count();
        let [wins_text, wins] = exact_count_cells(r.winning_sequences);
        let [games_text, games] = exact_count_cells(r.complete_games);
        t.push(vec![
            (r.start + 1).into(),
            r.reachable_positions.into(),
            wins_text,
            wins,
            log10_cell(r.winning_sequences),
            games_text,
            games,
            log10_cell(r.complete_games),
            r.min_moves.into(),
            solvable_finishes.into(),
        ]);
    }
    t
}

/// Every (start, finish) problem of a side with the exact analysis, solvable or not: the
/// solvable ones with their counts and an optimal play, the others with zero sequences.
pub fn finishes_table(s: &PegStudy) -> Table {
    let tri = &s.triangle;
    let mut t = FINISHES.table();
    for start in 0..s.holes {
        for finish in 0..s.holes {
            let found = s.finishes.iter().find(|f| f.start == start && f.finish == finish);
            let wins = found.map_or(0, |f| f.winning_sequences);
            let [wins_text, wins_number] = exact_count_cells(wins);
            t.push(vec![
                (start + 1).into(),
                (finish + 1).into(),
                tri.class_test(start, finish).into(),
                found.is_some().into(),
                wins_text,
                wins_number,
                log10_cell(wins),
                found.map(|f| f.min_moves).into(),
                found.map_or(Cell::Empty, |f| format_play(&f.optimal_play).into()),
            ]);
        }
    }
    t
}

/// Side 8's `starts.csv`: the columns every side has (side 8 has no per-start analysis of
/// positions, sequences, games), the fewest moves from the problem table's proofs
/// ([`proven_fewest`] of the start's problems) and the solvable finishes counted from it.
pub fn problem_starts_table(holes: usize, problems: &[ProblemRow]) -> Table {
    let mut t = T8_STARTS.table();
    for start in 0..holes {
        let rows: Vec<&ProblemRow> = problems.iter().filter(|p| p.start == start).collect();
        t.push(vec![
            (start + 1).into(),
            proven_fewest(rows.iter().copied()).into(),
            rows.iter().filter(|p| p.solvable()).count().into(),
        ]);
    }
    t
}

/// The proven fewest moves over some problems (a start's, or a whole side's): the least of their
/// minima, when the proofs settle it. The shortest known play of each solvable problem (its
/// optimal play where exact, else the play found) gives an upper bound, the least proven lower
/// bound a lower one; when they meet, that is the least minimum, whether or not every problem is
/// exact. `None` when no problem is solvable, when a solvable one has no bound, or when the two
/// differ.
pub fn proven_fewest<'a>(problems: impl IntoIterator<Item = &'a ProblemRow>) -> Option<u32> {
    let mut best: Option<u32> = None;
    let mut lower: Option<u32> = None;
    for p in problems.into_iter().filter(|p| p.solvable()) {
        let m = p.fewest.as_ref()?;
        let known = m.exact().or(p.moves())?;
        best = Some(best.map_or(known, |b| b.min(known)));
        lower = Some(lower.map_or(m.lower_bound(), |l| l.min(m.lower_bound())));
    }
    best.filter(|&b| Some(b) == lower)
}

/// Every (start, finish) problem decided by search, with its proof (sides beyond the exact
/// analysis): the common columns but the sequence counts (not computed; exact minima empty where
/// not proven), then
/// the proof and the play found, whose moves are an upper bound on the fewest.
pub fn problems_table(problems: &[ProblemRow]) -> Table {
    let mut t = T8_FINISHES.table();
    for r in problems {
        let (proof, searched, play) = match &r.verdict {
            Verdict::Play(p) => ("play", Cell::Empty, format_play(p).into()),
            Verdict::PositionClass => ("position class", Cell::Empty, Cell::Empty),
            Verdict::Exhausted { positions } => ("exhaustive search", (*positions).into(), Cell::Empty),
        };
        let (min, optimal, lower, why) = match &r.fewest {
            Some(m @ MinMoves::Exact { moves, play, .. }) => (
                (*moves).into(),
                format_play(play).into(),
                (*moves).into(),
                m.proof().into(),
            ),
            Some(m) => (Cell::Empty, Cell::Empty, m.lower_bound().into(), m.proof().into()),
            None => (Cell::Empty, Cell::Empty, Cell::Empty, Cell::Empty),
        };
        t.push(vec![
            (r.start + 1).into(),
            (r.finish + 1).into(),
            (!matches!(r.verdict, Verdict::PositionClass)).into(),
            r.solvable().into(),
            min,
            optimal,
            proof.into(),
            searched,
            r.moves().into(),
            play,
            lower,
            why,
        ]);
    }
    T8_FINISHES.drop_empty_optional(t)
}

pub fn profile_table(s: &PegStudy) -> Table {
    let mut t = PROFILE.table();
    for &(start, jumps, n) in &s.profile {
        t.push(vec![(start + 1).into(), jumps.into(), n.into()]);
    }
    t
}

pub fn move_histogram_table(hist: &[(u32, u128)]) -> Table {
    let mut t = MOVE_HISTOGRAM.table();
    for &(m, c) in hist {
        let [text, number] = exact_count_cells(c);
        t.push(vec![m.into(), text, number, log10_cell(c)]);
    }
    t
}

/// Every reachable position, for research use (the columns of [`POSITIONS`]).
pub fn positions_parquet(s: &PegStudy) -> Result<Option<Vec<u8>>> {
    let Some(p) = &s.positions else { return Ok(None) };
    let mut df = DataFrame::new_infer_height(vec![
        FrameColumn::new(glossary::board.name.into(), p.boards.clone()),
        FrameColumn::new(
            glossary::pegs.name.into(),
            p.boards.iter().map(|b| b.count_ones() as u8).collect::<Vec<u8>>(),
        ),
        FrameColumn::new(glossary::winnable.name.into(), p.winnable.clone()),
        FrameColumn::new(
            glossary::min_moves.name.into(),
            p.min_moves
                .iter()
                .map(|m| m.map(|m| m as u8))
                .collect::<Vec<Option<u8>>>(),
        ),
    ])?;
    let provenance = [
        ("statespace.puzzle", format!("peg triangle T{}", s.side)),
        (
            "statespace.columns",
            "board: bit i-1 = peg in hole i (holes row by row from the apex); pegs; winnable: a single peg can still \
                be reached; min_moves: fewest moves (chains of jumps by one peg) to a single peg, null when \
                impossible"
                .into(),
        ),
        (
            "statespace.scope",
            "union of positions reachable from every single-vacancy start".into(),
        ),
    ];
    Ok(Some(to_parquet(&mut df, &provenance)?))
}

/// Per side, what is solvable: one row per side, from the same results as each side's
/// `starts.csv` and `finishes.csv` (side 8: from its problem table and its proofs).
pub fn sides_table(r: &PegResults) -> Table {
    let mut t = SIDES.table();
    for s in &r.sides {
        let tri = &s.triangle;
        let s_row = side_counts(s);
        let passing = (0..s.holes)
            .flat_map(|a| (0..s.holes).map(move |b| (a, b)))
            .filter(|&(a, b)| tri.class_test(a, b))
            .count();
        t.push(vec![
            s.side.into(),
            s.holes.into(),
            s.holes.into(),
            s_row.solvable_starts.into(),
            (s.holes * s.holes).into(),
            passing.into(),
            super::solvability::class_passing_up_to_symmetry(tri).into(),
            s_row.solvable_problems.into(),
            s.levels.iter().map(|l| l.reachable).sum::<u64>().into(),
            s.levels.iter().map(|l| l.winnable).sum::<u64>().into(),
            s_row.min_moves.into(),
        ]);
    }
    t
}

/// A side's solvable starts and problems, from the exact analysis or from the problem table.
pub(super) struct SideCounts {
    pub solvable_starts: usize,
    pub solvable_problems: usize,
    /// The fewest moves of any solvable problem: exact on sides with the full analysis; from the
    /// proofs of the problem table elsewhere ([`proven_fewest`]: none unless proven).
    pub min_moves: Option<u32>,
}

pub(super) fn side_counts(s: &PegStudy) -> SideCounts {
    match &s.problems {
        Some(p) if s.starts.is_empty() => SideCounts {
            solvable_starts: (0..s.holes)
                .filter(|&h| p.iter().any(|x| x.start == h && x.solvable()))
                .count(),
            solvable_problems: p.iter().filter(|x| x.solvable()).count(),
            min_moves: proven_fewest(p),
        },
        _ => SideCounts {
            solvable_starts: s.starts.iter().filter(|x| x.min_moves.is_some()).count(),
            solvable_problems: s.finishes.len(),
            min_moves: s.finishes.iter().map(|f| f.min_moves).min(),
        },
    }
}
