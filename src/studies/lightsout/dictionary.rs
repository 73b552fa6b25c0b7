//! The family's data dictionary: every file under `data/lightsout/` and every column, with its type.

use crate::output::datapackage::{field, FieldDoc, Kind::*, ResourceDoc};

const SOURCE: &str =
    "Computed by statespace (rules: seeds 000 and 004, Lights Out, plus rule; seed 002, Toggle Squares, block rule)";

fn sweep_fields() -> Vec<FieldDoc> {
    vec![
        field("n", Integer, "side of the n x n board", ""),
        field("n_mod_3", Integer, "n modulo 3", ""),
        field(
            "rank",
            Integer,
            "rank of the n^2 x n^2 press matrix over GF(2); 2^rank boards are solvable",
            "",
        ),
        field(
            "nullity",
            Integer,
            "n^2 - rank: dimension of the space of quiet patterns; a solvable board has 2^nullity solutions",
            "",
        ),
        field(
            "log2_solvable_fraction",
            Integer,
            "log2 of the share of all boards that are solvable (= -nullity, exact)",
            "log2",
        ),
    ]
}

pub fn resources() -> Vec<ResourceDoc> {
    vec![
        ResourceDoc {
            pattern: "lightsout/sweep_*.csv",
            description:
                "Rank and nullity of the n x n press matrix for every n up to the sweep's limit, for one rule \
                (plus, block) and topology (open, torus) named in the file name.",
            fields: sweep_fields(),
            primary_key: vec!["n"],
            source: SOURCE,
        },
        ResourceDoc {
            pattern: "lightsout/n*/sweep_plus_open.csv",
            description: "The plus rule on open n x n boards for every n up to the limit in the directory name \
                (n100000: n <= 100000): rank and nullity of the press matrix.",
            fields: sweep_fields(),
            primary_key: vec!["n"],
            source: SOURCE,
        },
        ResourceDoc {
            pattern: "lightsout/n*/sweep_plus_open.parquet",
            description: "The plus rule on open n x n boards for every n up to the limit in the directory name \
                (n1000000: n <= 1000000), as Parquet: rank and nullity of the press matrix. Computed once by \
                `lightsout sweep` (shared among MPI ranks), read back and re-checked by `reproduce`.",
            fields: sweep_fields(),
            primary_key: vec!["n"],
            source: SOURCE,
        },
        ResourceDoc {
            pattern: "lightsout/rect_*.csv",
            description: "Rank and nullity of the press matrix of every m x n board up to the table's limit, for the \
                rule and topology named in the file name.",
            fields: vec![
                field("m", Integer, "rows of the board", ""),
                field("n", Integer, "columns of the board", ""),
                field("rank", Integer, "rank of the mn x mn press matrix over GF(2)", ""),
                field("nullity", Integer, "mn - rank", ""),
            ],
            primary_key: vec!["m", "n"],
            source: SOURCE,
        },
        ResourceDoc {
            pattern: "lightsout/solvability_by_n_mod_3.csv",
            description: "Per sweep (rule, topology, largest n) and residue of n mod 3: how many sides have every \
                board solvable (nullity 0), the mean solvable fraction and the largest nullity.",
            fields: vec![
                field("rule", String, "plus (cell and 4 neighbours) or block (3x3 block)", ""),
                field("topology", String, "open or torus", ""),
                field("max_n", Integer, "the sweep covers n = 1..max_n", ""),
                field("n_mod_3", Integer, "the residue of n modulo 3 this row summarises", ""),
                field("sizes", Integer, "sides n <= max_n with this residue", ""),
                field(
                    "all_solvable_sizes",
                    Integer,
                    "of those, sides with nullity 0 (every board solvable)",
                    "",
                ),
                field(
                    "share_all_solvable",
                    Number,
                    "all_solvable_sizes / sizes, in [0, 1]",
                    "fraction",
                ),
                field(
                    "mean_solvable_fraction",
                    Number,
                    "mean of 2^-nullity over those sides, in [0, 1] (6 decimals)",
                    "fraction",
                ),
                field("max_nullity", Integer, "largest nullity among those sides", ""),
                field("n_at_max_nullity", Integer, "smallest side with that nullity", ""),
            ],
            primary_key: vec!["rule", "topology", "max_n", "n_mod_3"],
            source: SOURCE,
        },
        ResourceDoc {
            pattern: "lightsout/histogram_*.csv",
            description: "Click-distance histogram of one n x n board (rule, topology and side in the file name): \
                solvable positions by the fewest presses that turn them off. The last row's min_presses is God's \
                number.",
            fields: vec![
                field(
                    "min_presses",
                    Integer,
                    "fewest presses that turn the position off",
                    "presses",
                ),
                field(
                    "positions",
                    BigInteger,
                    "solvable positions needing exactly that many presses; exact count as \
                    text, digits grouped by `_` in every histogram (the column's sum passes 64 bits from 8x8 on, \
                    single counts from 10x10 on)",
                    "",
                ),
                field("log10_positions", Number, "log10 of positions, for plotting", "log10"),
            ],
            primary_key: vec!["min_presses"],
            source: SOURCE,
        },
        ResourceDoc {
            pattern: "lightsout/quiet_*.csv",
            description: "A basis of the quiet patterns (press sets that change no light) of one n x n board (rule, \
                topology and side in the file name): one row per pressed cell of each basis pattern.",
            fields: vec![
                field("pattern", Integer, "index of the basis pattern (1-based)", ""),
                field("row", Integer, "row of a pressed cell (1-based, from the top)", ""),
                field("col", Integer, "column of a pressed cell (1-based, from the left)", ""),
            ],
            primary_key: vec!["pattern", "row", "col"],
            source: SOURCE,
        },
        ResourceDoc {
            pattern: "lightsout/chase_table_*.csv",
            description: "Light chasing on the open n x n plus board (side in the file name): every last row that \
                chasing leaves on a solvable board, with the first-row presses that clear it when pressed before \
                chasing again (the leftmost free buttons never pressed).",
            fields: vec![
                field(
                    "last_row",
                    String,
                    "lights left on the last row after chasing, columns 1..n as 0/1 digits",
                    "",
                ),
                field(
                    "first_row_presses",
                    String,
                    "first-row presses that clear it, columns 1..n as 0/1 digits",
                    "",
                ),
            ],
            primary_key: vec!["last_row"],
            source: SOURCE,
        },
        ResourceDoc {
            pattern: "lightsout/all_ones_min_presses.csv",
            description: "The all-ones n x n board (plus rule, open): presses of the first solution found, the fewest \
                presses over every solution (or the best found, with a proven lower bound, where the solutions are too \
                many to enumerate).",
            fields: vec![
                field("n", Integer, "side of the board", ""),
                field(
                    "nullity",
                    Integer,
                    "nullity of the press matrix: the board has 2^nullity solutions",
                    "",
                ),
                field(
                    "first_found_presses",
                    Integer,
                    "presses in the first solution the elimination produces, before minimising",
                    "presses",
                ),
                field(
                    "min_presses",
                    Integer,
                    "fewest presses found over the 2^nullity solutions",
                    "presses",
                ),
                field(
                    "exact",
                    Boolean,
                    "true when min_presses is the minimum over every solution, false when it is \
                    the best found by descent (an upper bound)",
                    "",
                ),
                field(
                    "method",
                    String,
                    "how min_presses was found: unique (nullity 0), transform (nullity <= 17: one \
                    Walsh-Hadamard transform over all 2^nullity solutions), split transform (nullity 18..42: an outer \
                    loop of transforms of 2^13 or more entries, 16 solutions per vector lane, every solution \
                    evaluated; exact), neighbourhood search (nullity > 42: best found, not proven minimal)",
                    "",
                ),
                field(
                    "min_presses_lower_bound",
                    Integer,
                    "proven: no solution has fewer presses; equal to min_presses \
                    where exact, else the better of two relaxations (see lower_bound_method)",
                    "presses",
                ),
                field(
                    "lower_bound_method",
                    String,
                    "how min_presses_lower_bound is proven: exact (the enumeration \
                    named in method), or the strip relaxation (the columns cut into strips of width <= 8, each strip's \
                    fewest presses satisfying the lights whose neighbours it holds, by dynamic programming over its \
                    rows, summed) and the mirror relaxation (the quiet code split into its mirror-fixed part and a \
                    complement; the complement enumerated, the mirror-fixed part relaxed to independent signs per \
                    group of cells), each with its value",
                    "",
                ),
            ],
            primary_key: vec!["n"],
            source: SOURCE,
        },
        ResourceDoc {
            pattern: "lightsout/all_ones_presses.csv",
            description: "A press pattern behind every min_presses of all_ones_min_presses.csv, one board row per \
                table row: replaying it turns off the all-ones n x n board (plus rule, open) in min_presses presses. \
                The default reproduce re-checks the costly rows (nullity > 36) from it instead of recomputing them.",
            fields: vec![
                field("n", Integer, "side of the board", ""),
                field("row", Integer, "board row, 1 = top", ""),
                field(
                    "presses",
                    String,
                    "the row's cells, columns 1..n: # = pressed, . = not pressed",
                    "",
                ),
            ],
            primary_key: vec!["n", "row"],
            source: SOURCE,
        },
        ResourceDoc {
            pattern: "lightsout/hand_algorithms.csv",
            description: "Seed 002's hand algorithms (one-way for 3k+2, two-way for 3k, two-way variant for 3k+1) on \
                solvable block-rule open boards, against the fewest presses.",
            fields: vec![
                field("n", Integer, "side of the board", ""),
                field(
                    "algorithm",
                    String,
                    "one-way, two-way or two-way (3k+1): the algorithm seed 002 prescribes for n",
                    "",
                ),
                field(
                    "exhaustive",
                    Boolean,
                    "true when every solvable board was tested, false for a fixed-seed sample",
                    "",
                ),
                field(
                    "scope",
                    String,
                    "what was tested, in words: all solvable boards (their number), or a uniform \
                    random sample (its size) of the 2^rank solvable boards",
                    "",
                ),
                field("boards", Integer, "solvable boards tested", ""),
                field("cleared", Integer, "boards the algorithm turned off", ""),
                field("failed", Integer, "boards - cleared", ""),
                field(
                    "mean_presses",
                    Number,
                    "mean presses the algorithm made, over cleared boards (3 decimals); \
                    exact when exhaustive, else a sample mean",
                    "presses",
                ),
                field(
                    "mean_presses_standard_error",
                    Number,
                    "standard error of mean_presses (sample standard \
                    deviation / sqrt(boards), 3 decimals); empty when exhaustive (the mean is exact)",
                    "presses",
                ),
                field(
                    "mean_minimum",
                    Number,
                    "mean fewest presses, over the same boards (3 decimals); exact when exhaustive, else a sample mean",
                    "presses",
                ),
                field(
                    "mean_minimum_standard_error",
                    Number,
                    "standard error of mean_minimum, as for mean_presses; empty when exhaustive",
                    "presses",
                ),
                field(
                    "optimal_boards",
                    Integer,
                    "cleared boards where the algorithm pressed the minimum (of those \
                    tested: on a sample, a count in the sample)",
                    "",
                ),
                field(
                    "max_excess",
                    Integer,
                    "largest presses - minimum over cleared boards (on a sample, the largest seen: a lower bound)",
                    "presses",
                ),
                field(
                    "failure_example",
                    String,
                    "the smallest board (as a bitmask) the algorithm fails on: rows of . \
                    (off) and # (on) joined by /; empty when none",
                    "",
                ),
                field(
                    "excess_example",
                    String,
                    "the smallest board where it presses more than the minimum, same format; empty when none",
                    "",
                ),
            ],
            primary_key: vec!["n"],
            source: SOURCE,
        },
        ResourceDoc {
            pattern: "lightsout/gods_numbers.csv",
            description: "God's number (the most presses any solvable position needs) of the plus/open n x n boards \
                with nullity > 0 that the study covers, exact where a witness position meets the upper bound (the \
                parity/averaging bound, lowered by an exact branch and bound where its budget allowed), otherwise \
                proven bounds. Witness positions are in gods_witnesses.csv.",
            fields: vec![
                field("rule", String, "plus (cell and 4 neighbours)", ""),
                field("topology", String, "open", ""),
                field("n", Integer, "side of the board", ""),
                field(
                    "nullity",
                    Integer,
                    "nullity of the press matrix (dimension of the quiet space)",
                    "",
                ),
                field(
                    "gods_number",
                    Integer,
                    "the exact God's number; empty when only bounds are proven",
                    "presses",
                ),
                field(
                    "lower_bound",
                    Integer,
                    "fewest presses of the witness position (proven by the solver): God's number is at least this",
                    "presses",
                ),
                field(
                    "upper_bound",
                    Integer,
                    "proven: God's number is at most this (the parity/averaging bound over \
                    the coset weights of the quiet code, or one less than a value the branch and bound refuted; \
                    `method` says which)",
                    "presses",
                ),
                field(
                    "positions_at_max",
                    BigInteger,
                    "solvable positions needing exactly God's number of presses, \
                    where computed (nullity <= 2 by closed form, small cases by enumeration); empty otherwise. Exact \
                    count as text, digits grouped by `_` (up to 51 digits)",
                    "",
                ),
                field(
                    "log10_positions_at_max",
                    Number,
                    "log10 of positions_at_max, for plotting; empty where positions_at_max is",
                    "log10",
                ),
                field(
                    "class_sizes",
                    String,
                    "cells per quiet-signature class, space-separated (nullity <= 4 only; empty otherwise)",
                    "cells",
                ),
                field(
                    "method",
                    String,
                    "how the witness and the upper bound were obtained (a refutation names its \
                    tree size in nodes; an undecided branch and bound names its budget)",
                    "",
                ),
            ],
            primary_key: vec!["n"],
            source: "Computed by statespace (issue 9); sizes listed by wmboyles/LightsOut-Math are checked against it \
                (claims lightsout.gods_number.*)",
        },
        ResourceDoc {
            pattern: "lightsout/gods_witnesses.csv",
            description: "The witness position behind every lower_bound of gods_numbers.csv, one board row per table \
                row: a solvable plus/open n x n position whose fewest presses (over all 2^nullity solutions, by the \
                exact solver) is lower_bound. The default reproduce solves each again exactly.",
            fields: vec![
                field("n", Integer, "side of the board", ""),
                field("row", Integer, "board row, 1 = top", ""),
                field(
                    "lights",
                    String,
                    "the row's cells, columns 1..n: # = light on, . = off",
                    "",
                ),
            ],
            primary_key: vec!["n", "row"],
            source: "Computed by statespace (issue 9)",
        },
        ResourceDoc {
            pattern: "lightsout/rect_plus_open_*.parquet",
            description: "Rank and nullity of every plus/open m x n board for m, n up to the limit in the file name, \
                by Sutner's polynomials (nullity = deg gcd(f_m(x), f_n(x+1))).",
            fields: vec![
                field("m", Integer, "rows of the board", ""),
                field("n", Integer, "columns of the board", ""),
                field("nullity", Integer, "mn - rank", ""),
                field("rank", Integer, "rank of the mn x mn press matrix over GF(2)", ""),
            ],
            primary_key: vec!["m", "n"],
            source: SOURCE,
        },
        ResourceDoc {
            pattern: "lightsout/seed004_pairs.csv",
            description: "Seed 004 (5x5 plus board): for every pair of buttons, the rank of the press matrix without \
                them. The seed says any two buttons may be left unpressed; that holds only for the pairs that keep the \
                full rank 23.",
            fields: vec![
                field("button_a", Integer, "first button left out, 1..25 row by row", ""),
                field("button_b", Integer, "second button left out, button_a < button_b", ""),
                field(
                    "rank_without_buttons",
                    Integer,
                    "rank of the 25 x 23 matrix without columns a and b",
                    "",
                ),
                field(
                    "rank_without_buttons_and_cells",
                    Integer,
                    "rank of the 23 x 23 matrix without rows and columns a and b (the seed's B')",
                    "",
                ),
                field(
                    "keeps_column_space",
                    Boolean,
                    "true when every solvable position stays solvable without pressing a and b (rank 23)",
                    "",
                ),
                field(
                    "principal_invertible",
                    Boolean,
                    "true when the 23 x 23 matrix is invertible",
                    "",
                ),
            ],
            primary_key: vec!["button_a", "button_b"],
            source: "Seed 004 (Dugu chessboard); computed by statespace",
        },
        ResourceDoc {
            pattern: "lightsout/seed004_formulas.csv",
            description: "Seed 004's direct formulas for the presses of buttons x3, x4, x5 (sums of cells mod 2), \
                checked against the chase table on every solvable 5x5 position.",
            fields: vec![
                field("button", Integer, "the button the formula gives (3, 4 or 5)", ""),
                field(
                    "cells",
                    String,
                    "the cells summed mod 2, as p1..p25 separated by spaces",
                    "",
                ),
                field(
                    "solvable_positions",
                    Integer,
                    "solvable positions checked (all 2^23)",
                    "",
                ),
                field(
                    "wrong_positions",
                    Integer,
                    "positions where the formula differs from the chase table's press",
                    "",
                ),
                field(
                    "counterexample",
                    String,
                    "the first such position as 25 digits 0/1 (cells 1..25); empty when none",
                    "",
                ),
            ],
            primary_key: vec!["button"],
            source: "Seed 004 (Dugu chessboard); computed by statespace",
        },
        ResourceDoc {
            pattern: "lightsout/seed004_last_rows.csv",
            description: "The 32 last rows that chasing lights down a 5x5 plus board can leave (cells 21..25), with \
                their mirror classes, how many positions end in each, and the first-row presses that clear it.",
            fields: vec![
                field("last_row", String, "cells 21..25 as five digits 0/1", ""),
                field("mirror", String, "its left-right mirror image", ""),
                field("symmetric", Boolean, "true when the row is its own mirror image", ""),
                field(
                    "class",
                    String,
                    "the class representative under the mirror (the smaller bitmask), five digits",
                    "",
                ),
                field(
                    "positions",
                    Integer,
                    "positions of the whole board that chasing leaves with this last row",
                    "",
                ),
                field("solvable_positions", Integer, "of those, solvable positions", ""),
                field(
                    "first_row_presses",
                    String,
                    "first-row presses (five digits) that clear the row on a second \
                    chase; empty when it cannot be cleared",
                    "",
                ),
            ],
            primary_key: vec!["last_row"],
            source: "Seed 004 (Dugu chessboard); computed by statespace",
        },
        super::sampled::resource(),
    ]
}
