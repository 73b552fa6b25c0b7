//! The peg family's data dictionary: every file under `data/peg/` and every column, with its type.

use crate::output::datapackage::{field, Kind::*, ResourceDoc};

const SOURCE: &str = "Computed by statespace (rules: seed 001, Matt Parker's 10-coin puzzle, generalised to side n)";

pub fn resources() -> Vec<ResourceDoc> {
    let start = field("start", Integer, "the hole left empty at the start (1-based, row by row from the apex)", "");
    vec![
        ResourceDoc {
            pattern: "peg/T*/levels.csv",
            description: "Union over every single-vacancy start of side n: positions reachable, winnable and dead, per peg count.",
            fields: vec![
                field("pegs", Integer, "pegs on the board", ""),
                field("reachable", Integer, "positions with this many pegs reachable from some single-vacancy start", ""),
                field("winnable", Integer, "of those, positions from which a single peg can still be reached", ""),
                field("dead", Integer, "reachable positions that are not winnable (reachable - winnable)", ""),
            ],
            primary_key: vec!["pegs"],
            source: SOURCE,
        },
        ResourceDoc {
            pattern: "peg/T*/symmetry.csv",
            description: "The union's reachable positions per peg count under the six symmetries of the triangle (2 rotations, 3 reflections): every level is checked to be closed under them, and Burnside's lemma gives the positions up to symmetry, orbits = (reachable + 2 fixed_by_rotation + 3 fixed_by_reflection) / 6.",
            fields: vec![
                field("pegs", Integer, "pegs on the board", ""),
                field("reachable", Integer, "positions with this many pegs reachable from some single-vacancy start (as in levels.csv)", ""),
                field("orbits", Integer, "of those, positions up to the six symmetries (classes of positions that map to each other)", ""),
                field("fixed_by_rotation", Integer, "reachable positions a 120-degree rotation maps to themselves (the 240-degree rotation fixes the same ones)", ""),
                field("fixed_by_reflection", Integer, "reachable positions one reflection maps to themselves (each of the three reflections fixes as many)", ""),
            ],
            primary_key: vec!["pegs"],
            source: SOURCE,
        },
        ResourceDoc {
            pattern: "peg/T*/starts.csv",
            description: "Per single-vacancy start: reachable positions, winning jump sequences, complete games, fewest moves.",
            fields: vec![
                start.clone(),
                field("reachable_positions", Integer, "positions reachable from this start, the start included", ""),
                field("winning_sequences", Integer, "jump sequences from this start that end with one peg", ""),
                field("complete_games", BigInteger, "jump sequences from this start that end where no jump is legal; exact decimal (exceeds 64 bits on side 7)", ""),
                field("log10_complete_games", Number, "log10 of complete_games, for plotting", "log10"),
                field("min_moves", Integer, "fewest moves (maximal chains of jumps by one peg) to a single peg; empty when no single-peg finish exists", "moves"),
            ],
            primary_key: vec!["start"],
            source: SOURCE,
        },
        // Side 8 has no per-start analysis: its problem table says how each problem was decided.
        // Listed before the generic pattern, which it would otherwise match.
        ResourceDoc {
            pattern: "peg/T8/finishes.csv",
            description: "Every (start, finish) problem of side 8, solvable or not, with its proof: a play (replayed by the tests), the position-class test, or an exhaustive search.",
            fields: vec![
                start.clone(),
                field("finish", Integer, "the hole meant to hold the last peg (1-based)", ""),
                field("passes_class_test", Boolean, "start and finish lie in the same position class (Bell 2008; a necessary condition)", ""),
                field("solvable", Boolean, "a play from start ending with one peg in finish exists", ""),
                field("proof", String, "why: 'play' (the play column solves it), 'position class' (impossible by the class test), 'exhaustive search' (every admissible position searched, none finishes)", ""),
                field("positions_searched", Integer, "positions expanded by the exhaustive search; empty unless proof is 'exhaustive search'", ""),
                field("moves", Integer, "moves of the play given: an upper bound on the fewest moves, not proven minimal; empty when not solvable", "moves"),
                field("play", String, "a play: moves separated by ' | ', each move the holes its peg visits joined by '-'; empty when not solvable", ""),
            ],
            primary_key: vec!["start", "finish"],
            source: SOURCE,
        },
        ResourceDoc {
            pattern: "peg/T*/finishes.csv",
            description: "Every solvable (start, finish) problem: winning sequences, fewest moves and one optimal play. Problems absent from the table have no solution.",
            fields: vec![
                start.clone(),
                field("finish", Integer, "the hole holding the last peg (1-based)", ""),
                field("winning_sequences", Integer, "jump sequences from start ending with one peg in finish", ""),
                field("min_moves", Integer, "fewest moves for this problem", "moves"),
                field("optimal_play", String, "a play with min_moves moves: moves separated by ' | ', each move the holes its peg visits joined by '-'", ""),
            ],
            primary_key: vec!["start", "finish"],
            source: SOURCE,
        },
        ResourceDoc {
            pattern: "peg/T*/profile.csv",
            description: "Positions reachable from one start after exactly k jumps.",
            fields: vec![
                start.clone(),
                field("jumps", Integer, "jumps made", "jumps"),
                field("positions", Integer, "distinct positions reachable after exactly that many jumps", ""),
            ],
            primary_key: vec!["start", "jumps"],
            source: SOURCE,
        },
        ResourceDoc {
            pattern: "peg/T*/move_histogram.csv",
            description: "Winning jump sequences over all starts, by their number of moves.",
            fields: vec![
                field("moves", Integer, "moves in the sequence (maximal chains of jumps by one peg)", "moves"),
                field("winning_sequences", Integer, "winning jump sequences, over all single-vacancy starts, with that many moves", ""),
            ],
            primary_key: vec!["moves"],
            source: SOURCE,
        },
        ResourceDoc {
            pattern: "peg/T*/positions.parquet",
            description: "Every position reachable from some single-vacancy start, with whether it can still be won and in how few moves.",
            fields: vec![
                field("board", Integer, "the position: bit i-1 set when hole i holds a peg", ""),
                field("pegs", Integer, "pegs on the board", ""),
                field("winnable", Boolean, "a single peg can still be reached", ""),
                field("min_moves", Integer, "fewest moves to a single peg (the first jump starts a move); null when not winnable", "moves"),
            ],
            primary_key: vec!["board"],
            source: SOURCE,
        },
        ResourceDoc {
            pattern: "peg/seed001_example.csv",
            description: "Seed 001's board encoding of the 10-coin triangle, on its worked example: hole i (numbered row by row from the apex) holding a coin adds 2^(i-1) to the board's number.",
            fields: vec![
                field("hole", Integer, "hole number, 1..10, row by row from the apex", ""),
                field("coin", Integer, "1 when the example board has a coin in the hole, else 0", ""),
                field("value", Integer, "2^(hole-1): what a coin in this hole adds to the board's number", ""),
            ],
            primary_key: vec!["hole"],
            source: "Seed 001 (the 10-coin puzzle), its example; computed by statespace",
        },
        ResourceDoc {
            pattern: "peg/seed001_jumps.csv",
            description: "Every jump of the 10-hole triangle (seed 001's \"legitimate moves\"): a peg in hole `from` jumps over a peg in hole `over` into the empty hole `to`, removing the peg jumped over.",
            fields: vec![
                field("from", Integer, "hole the jumping peg leaves, 1..10, row by row from the apex", ""),
                field("over", Integer, "hole of the peg jumped over (removed)", ""),
                field("to", Integer, "empty hole the peg lands in", ""),
            ],
            primary_key: vec!["from", "over"],
            source: "Seed 001 (the 10-coin puzzle); computed by statespace",
        },
    ]
}
