//! The peg family's data dictionary: every file under `data/peg/` and every column, with its type.

use crate::output::datapackage::{field, FieldDoc, Kind::*, ResourceDoc};

const SOURCE: &str = "Computed by statespace (rules: seed 001, Matt Parker's 10-coin puzzle, generalised to side n)";

fn starts_fields(start: &FieldDoc) -> Vec<FieldDoc> {
    vec![
        start.clone(),
        field(
            "reachable_positions",
            Integer,
            "positions reachable from this start, the start included",
            "",
        ),
        field(
            "winning_sequences",
            BigInteger,
            "jump sequences from this start that end with one peg; exact count as \
            text, digits grouped by `_` on every side (the column's sum passes 64 bits on side 7; side 8: not \
            computed, empty)",
            "",
        ),
        field(
            "log10_winning_sequences",
            Number,
            "log10 of winning_sequences, for plotting; empty when it is 0 or not computed",
            "log10",
        ),
        field(
            "complete_games",
            BigInteger,
            "jump sequences from this start that end where no jump is legal; exact \
            count as text, digits grouped by `_` on every side (exceeds 64 bits on side 7; side 8: not computed, \
            empty)",
            "",
        ),
        field(
            "log10_complete_games",
            Number,
            "log10 of complete_games, for plotting",
            "log10",
        ),
        field(
            "min_moves",
            Integer,
            "fewest moves (maximal chains of jumps by one peg) to a single peg; empty when no \
            single-peg finish exists (side 8: not computed)",
            "moves",
        ),
        field(
            "solvable_finishes",
            Integer,
            "finish holes this start can end on with a single peg (solvable rows of finishes.csv)",
            "",
        ),
    ]
}

fn finishes_fields(start: &FieldDoc) -> Vec<FieldDoc> {
    vec![
        start.clone(),
        field("finish", Integer, "the hole meant to hold the last peg (1-based)", ""),
        field(
            "passes_class_test",
            Boolean,
            "start and finish lie in the same position class (Bell 2008; a necessary condition)",
            "",
        ),
        field(
            "solvable",
            Boolean,
            "a play from start ending with one peg in finish exists",
            "",
        ),
        field(
            "winning_sequences",
            BigInteger,
            "jump sequences from start ending with one peg in finish (0 when not \
            solvable; side 8: not computed, empty); exact count as text, digits grouped by `_` on every side (the \
            column's sum passes 64 bits on side 7)",
            "",
        ),
        field(
            "log10_winning_sequences",
            Number,
            "log10 of winning_sequences, for plotting; empty when it is 0 or not computed",
            "log10",
        ),
        field(
            "min_moves",
            Integer,
            "fewest moves for this problem; empty when not solvable (side 8: empty where not \
            proven, see min_moves_lower_bound)",
            "moves",
        ),
        field(
            "optimal_play",
            String,
            "a play with min_moves moves: moves separated by ' | ', each move the holes its \
            peg visits joined by '-'; empty when not solvable (side 8: empty where min_moves is)",
            "",
        ),
    ]
}

pub fn resources() -> Vec<ResourceDoc> {
    let start = field(
        "start",
        Integer,
        "the hole left empty at the start (1-based, row by row from the apex)",
        "",
    );
    vec![
        // Side 9's union stops at a peg count (studies/peg/partial.rs): listed before the
        // generic pattern, which it would otherwise match.
        ResourceDoc {
            pattern: "peg/T9/levels.csv",
            description: "PARTIAL: the union over every single-vacancy start of side 9 (45 holes), from the 45 starts \
                (44 pegs) down to the lowest peg count computed, one row per peg count; each row present is exact, the \
                levels below are not computed. Only reachable positions: winnable_positions and dead_positions are \
                empty (at k pegs they need the level at 45 - k pegs). New: no published counts found.",
            fields: vec![
                field(
                    "pegs",
                    Integer,
                    "pegs on the board (from the lowest computed up to 44)",
                    "",
                ),
                field(
                    "reachable_positions",
                    Integer,
                    "positions with this many pegs reachable from some single-vacancy start",
                    "",
                ),
                field("winnable_positions", Integer, "not computed for side 9: empty", ""),
                field("dead_positions", Integer, "not computed for side 9: empty", ""),
            ],
            primary_key: vec!["pegs"],
            source: SOURCE,
        },
        ResourceDoc {
            pattern: "peg/T*/levels.csv",
            description:
                "Union over every single-vacancy start of side n: positions reachable, winnable and dead, per \
                peg count.",
            fields: vec![
                field("pegs", Integer, "pegs on the board", ""),
                field(
                    "reachable_positions",
                    Integer,
                    "positions with this many pegs reachable from some single-vacancy start",
                    "",
                ),
                field(
                    "winnable_positions",
                    Integer,
                    "of those, positions from which a single peg can still be reached",
                    "",
                ),
                field(
                    "dead_positions",
                    Integer,
                    "reachable positions that are not winnable (reachable_positions - winnable_positions)",
                    "",
                ),
            ],
            primary_key: vec!["pegs"],
            source: SOURCE,
        },
        ResourceDoc {
            pattern: "peg/T*/symmetry.csv",
            description: "The union's reachable positions per peg count under the six symmetries of the triangle (2 \
                rotations, 3 reflections): every level is checked to be closed under them, and Burnside's lemma gives \
                the positions up to symmetry, orbits = (reachable_positions + 2 fixed_by_rotation + 3 \
                fixed_by_reflection) / 6.",
            fields: vec![
                field("pegs", Integer, "pegs on the board", ""),
                field(
                    "reachable_positions",
                    Integer,
                    "positions with this many pegs reachable from some single-vacancy start (as in levels.csv)",
                    "",
                ),
                field(
                    "orbits",
                    Integer,
                    "of those, positions up to the six symmetries (classes of positions that map to each other)",
                    "",
                ),
                field(
                    "fixed_by_rotation",
                    Integer,
                    "reachable positions a 120-degree rotation maps to themselves (the \
                    240-degree rotation fixes the same ones)",
                    "",
                ),
                field(
                    "fixed_by_reflection",
                    Integer,
                    "reachable positions one reflection maps to themselves (each of \
                    the three reflections fixes as many)",
                    "",
                ),
            ],
            primary_key: vec!["pegs"],
            source: SOURCE,
        },
        // Side 8 has no per-start analysis: its tables have the columns of every side, empty
        // where not computed, then its own. Listed before the generic patterns, which they would
        // otherwise match.
        ResourceDoc {
            pattern: "peg/T8/starts.csv",
            description: "Per single-vacancy start of side 8, in the columns of the other sides: reachable_positions, \
                winning_sequences, complete_games, log10_complete_games and min_moves are empty (no per-start analysis \
                at this side, and no exact minimum); solvable_finishes is counted from finishes.csv; \
                min_moves_upper_bound is the fewest moves among its plays found.",
            fields: {
                let mut f = starts_fields(&start);
                f.push(field(
                    "min_moves_upper_bound",
                    Integer,
                    "fewest moves among the plays found from this start \
                    (finishes.csv, moves_upper_bound): an upper bound on min_moves, not proven minimal; empty when no \
                    finish is solvable",
                    "moves",
                ));
                f
            },
            primary_key: vec!["start"],
            source: SOURCE,
        },
        ResourceDoc {
            pattern: "peg/T8/finishes.csv",
            description: "Every (start, finish) problem of side 8, in the columns of the other sides, then its own: \
                winning_sequences is empty (not computed at this side); min_moves and optimal_play are filled where \
                the fewest moves are proven (lower bound met by a play), empty elsewhere; proof says how each problem \
                was decided (a play, replayed by the tests; the position-class test; an exhaustive search), and play \
                is the play found, with moves_upper_bound moves; min_moves_exact is the exact fewest moves where \
                proven (empty elsewhere), min_moves_lower_bound the proven lower bound on the fewest moves and \
                min_moves_proof its proof, one per problem (meeting in the middle on the moves graph: every board \
                within F moves of the start, the last level streamed, and every board within B moves of the single \
                peg; no common board means more than F + B moves, and a common board gives a play of the least sum, \
                the exact minimum).",
            fields: {
                let mut f = finishes_fields(&start);
                f.extend([
                    field(
                        "proof",
                        String,
                        "why: 'play' (the play column solves it), 'position class' (impossible by \
                        the class test), 'exhaustive search' (every admissible position searched, none finishes)",
                        "",
                    ),
                    field(
                        "positions_searched",
                        Integer,
                        "positions expanded by the exhaustive search; empty unless proof is 'exhaustive search'",
                        "",
                    ),
                    field(
                        "moves_upper_bound",
                        Integer,
                        "moves of the play given: an upper bound on the fewest moves, \
                        not proven minimal; empty when not solvable",
                        "moves",
                    ),
                    field(
                        "play",
                        String,
                        "a play found (depth-first search shortened by a beam search, not proven \
                        optimal): moves separated by ' | ', each move the holes its peg visits joined by '-'; empty \
                        when not solvable",
                        "",
                    ),
                    field(
                        "min_moves_exact",
                        Integer,
                        "the exact fewest moves where proven (the balls met, or the \
                        proven lower bound equals the moves of a play), the same value as min_moves; empty where only \
                        bounds are known and when not solvable",
                        "moves",
                    ),
                    field(
                        "min_moves_lower_bound",
                        Integer,
                        "a proven lower bound on the fewest moves (equal to \
                        min_moves where that is filled); empty when not solvable",
                        "moves",
                    ),
                    field(
                        "min_moves_proof",
                        String,
                        "why: 'balls of F moves out of the start and B into the finish \
                        meet' (min_moves is the least sum of distances over their common boards, exact as it is at \
                        most F + B), or '... do not meet: at least F + B + 1' (every play is longer than F + B moves; \
                        ', the play attains it' when the play has that many); empty when not solvable",
                        "",
                    ),
                ]);
                f
            },
            primary_key: vec!["start", "finish"],
            source: SOURCE,
        },
        ResourceDoc {
            pattern: "peg/T*/starts.csv",
            description: "Per single-vacancy start: reachable positions, winning jump sequences, complete games, \
                fewest moves, solvable finishes.",
            fields: starts_fields(&start),
            primary_key: vec!["start"],
            source: SOURCE,
        },
        ResourceDoc {
            pattern: "peg/T*/finishes.csv",
            description: "Every (start, finish) problem, solvable or not (holes x holes rows): whether it passes the \
                position-class test, whether it is solvable, its winning sequences, fewest moves and one optimal play. \
                The A130515 count is the number of rows with passes_class_test, up to the 6 symmetries of the \
                triangle.",
            fields: finishes_fields(&start),
            primary_key: vec!["start", "finish"],
            source: SOURCE,
        },
        ResourceDoc {
            pattern: "peg/sides.csv",
            description: "One row per side computed or read back: how many starts and problems there are, how many \
                pass the position-class test and how many are solvable, the union's positions and the fewest moves. \
                Side 8's exact minimum is not computed (min_moves empty; min_moves_upper_bound from its plays).",
            fields: vec![
                field("side", Integer, "side n of the triangle", ""),
                field("holes", Integer, "holes of the board, n(n+1)/2", ""),
                field("starts", Integer, "single-vacancy starts (one per hole)", ""),
                field(
                    "solvable_starts",
                    Integer,
                    "starts from which some single-peg finish is reachable",
                    "",
                ),
                field("problems", Integer, "(start, finish) problems, holes^2", ""),
                field(
                    "class_passing_problems",
                    Integer,
                    "problems passing the position-class test (a necessary condition for solvability)",
                    "",
                ),
                field(
                    "class_passing_problems_up_to_symmetry",
                    Integer,
                    "the same, counted up to the triangle's 6 symmetries (OEIS A130515)",
                    "",
                ),
                field("solvable_problems", Integer, "problems some jump sequence solves", ""),
                field(
                    "reachable_positions",
                    Integer,
                    "positions reachable from some single-vacancy start (levels.csv, summed)",
                    "",
                ),
                field(
                    "winnable_positions",
                    Integer,
                    "of those, positions from which a single peg can still be reached",
                    "",
                ),
                field(
                    "min_moves",
                    Integer,
                    "fewest moves of any solvable problem (OEIS A127500); empty where not computed exactly (side 8)",
                    "moves",
                ),
                field(
                    "min_moves_upper_bound",
                    Integer,
                    "fewest moves among the plays given in finishes.csv: equal to \
                    min_moves where that is computed, an upper bound on it elsewhere",
                    "moves",
                ),
            ],
            primary_key: vec!["side"],
            source: SOURCE,
        },
        ResourceDoc {
            pattern: "peg/T*/profile.csv",
            description: "Positions reachable from one start after exactly k jumps.",
            fields: vec![
                start.clone(),
                field("jumps", Integer, "jumps made", "jumps"),
                field(
                    "positions",
                    Integer,
                    "distinct positions reachable after exactly that many jumps",
                    "",
                ),
            ],
            primary_key: vec!["start", "jumps"],
            source: SOURCE,
        },
        ResourceDoc {
            pattern: "peg/T*/move_histogram.csv",
            description: "Winning jump sequences over all starts, by their number of moves.",
            fields: vec![
                field(
                    "moves",
                    Integer,
                    "moves in the sequence (maximal chains of jumps by one peg)",
                    "moves",
                ),
                field(
                    "winning_sequences",
                    BigInteger,
                    "winning jump sequences, over all single-vacancy starts, with \
                    that many moves; exact count as text, digits grouped by `_`, as in starts.csv",
                    "",
                ),
                field(
                    "log10_winning_sequences",
                    Number,
                    "log10 of winning_sequences, for plotting",
                    "log10",
                ),
            ],
            primary_key: vec!["moves"],
            source: SOURCE,
        },
        ResourceDoc {
            pattern: "peg/T*/positions.parquet",
            description: "Every position reachable from some single-vacancy start, with whether it can still be won \
                and in how few moves.",
            fields: vec![
                field(
                    "board",
                    Integer,
                    "the position: bit i-1 set when hole i holds a peg",
                    "",
                ),
                field("pegs", Integer, "pegs on the board", ""),
                field("winnable", Boolean, "a single peg can still be reached", ""),
                field(
                    "min_moves",
                    Integer,
                    "fewest moves to a single peg (the first jump starts a move); null when not winnable",
                    "moves",
                ),
            ],
            primary_key: vec!["board"],
            source: SOURCE,
        },
        ResourceDoc {
            pattern: "peg/seed001_example.csv",
            description: "Seed 001's board encoding of the 10-coin triangle, on its worked example: hole i (numbered \
                row by row from the apex) holding a coin adds 2^(i-1) to the board's number.",
            fields: vec![
                field("hole", Integer, "hole number, 1..10, row by row from the apex", ""),
                field(
                    "coin",
                    Integer,
                    "1 when the example board has a coin in the hole, else 0",
                    "",
                ),
                field(
                    "value",
                    Integer,
                    "2^(hole-1): what a coin in this hole adds to the board's number",
                    "",
                ),
            ],
            primary_key: vec!["hole"],
            source: "Seed 001 (the 10-coin puzzle), its example; computed by statespace",
        },
        ResourceDoc {
            pattern: "peg/seed001_jumps.csv",
            description: "Every jump of the 10-hole triangle (seed 001's \"legitimate moves\"): a peg in hole `from` \
                jumps over a peg in hole `over` into the empty hole `to`, removing the peg jumped over.",
            fields: vec![
                field(
                    "from",
                    Integer,
                    "hole the jumping peg leaves, 1..10, row by row from the apex",
                    "",
                ),
                field("over", Integer, "hole of the peg jumped over (removed)", ""),
                field("to", Integer, "empty hole the peg lands in", ""),
            ],
            primary_key: vec!["from", "over"],
            source: "Seed 001 (the 10-coin puzzle); computed by statespace",
        },
    ]
}
