//! One glossary of column names and units for every data file of the three families (and the
//! benchmarks): a name means one thing wherever it appears, with one unit. Each family's data
//! dictionary describes a column in its file's terms; [`super::datapackage::package`] refuses a
//! column whose name is not here or whose unit differs from the glossary's, and writes the
//! glossary into `data/datapackage.json`.
//!
//! Conventions: a bare adjective (`solvable`, `exact`, `symmetric`) is a true/false flag; a count
//! names what it counts (`winnable_positions`, `reachable_boards`, `solvable_starts`); `share`
//! columns are fractions in [0, 1]; a `log10_`/`log2_` column is the logarithm of the count it
//! names; Lights Out counts presses (unit `presses`), Tricolore counts clicks (unit `clicks`),
//! peg solitaire counts moves and jumps.
//!
//! Counts that can exceed 64 bits (an exact count, `Kind::BigInteger`) take two columns: `X_text`,
//! the exact count as text, digits grouped by `_` with at least one `_` in every value (`0_048`,
//! `1_234`, `15_329_604_581_324_902_942`: `output::table::exact_count`), so pandas and polars keep
//! it as text in every file and Python's `int()` reads it exactly; and `X`, the same count as a
//! float (`48.0`, `1.5329604581324903e19`: `output::table::count_number`), whose `.sum()` adds
//! numbers. The name says which is which: a `_text` column is never summed.

/// One column name: its unit (empty for a count, a label or a flag) and its meaning.
#[derive(Clone, Copy, Debug)]
pub struct Term {
    pub name: &'static str,
    pub unit: &'static str,
    pub meaning: &'static str,
}

/// Every column name used in `data/`, sorted by name: each entry declares a constant of that
/// name (the column's one spelling: `glossary::pegs` is the column `pegs`) and its row of [`TERMS`].
/// Lower-case constants on purpose: the identifier *is* the column name (`stringify!`), so no
/// second spelling can drift from it.
macro_rules! glossary {
    ($($name:ident: $unit:literal, $meaning:literal;)*) => {
        $(
            #[allow(non_upper_case_globals)]
            pub const $name: Term = Term { name: stringify!($name), unit: $unit, meaning: $meaning };
        )*
        /// Every term, sorted by name.
        pub const TERMS: &[Term] = &[$($name),*];
    };
}

glossary! {
    adjacency: "", "Tricolore: which squares adjoin: king (8 surrounding) or orthogonal (4)";
    algorithm: "", "a hand algorithm for Lights Out (seed 002): one-way, two-way or two-way (3k+1)";
    all_on_min_presses: "presses", "Lights Out on a graph: fewest presses that clear the board with every light on \
        (empty when no press pattern does)";
    all_on_solvable: "", "flag: Lights Out on a graph: some press pattern clears the board with every light on";
    all_red_start_max_clicks: "clicks", "Tricolore: the most clicks the all-red board needs, as a start, for some \
        board";
    all_red_target_at_max: "", "flag: all red is one of the boards some start needs the maximum number of clicks \
        to reach";
    all_solvable_sizes: "", "count of board sides n whose n x n board has every position solvable (nullity 0)";
    automorphism_search_nodes: "", "Lights Out: candidate images a backtracking search for automorphisms tried";
    beam_width: "", "peg: states a beam search kept per move (the search that found the play)";
    board: "", "a position, encoded as an integer (peg: bit i-1 set when hole i holds a peg)";
    board_name: "", "a peg board by name (english, european, triangle-5, ...): its files are data/peg/<board_name>/";
    board_size: "", "Tricolore: columns x rows of a board (4x2, 4x4)";
    board_symmetry_image: "", "Lights Out: distinct maps of the quiet-signature classes that the square's 8 \
        rotations and reflections induce";
    boards: "", "count of boards (positions of a board, or boards of a size) in the row's class";
    boards_at_max: "", "count of boards a start needs the maximum number of clicks to reach";
    boards_compared: "", "count of boards both methods compared can solve";
    boards_up_to_symmetry: "", "Tricolore: count of boards up to the symmetries a search ran up to (Burnside): the \
        boards it visits";
    border_extension: "", "flag: the all-blue-border extension of the halves method was used";
    button: "", "a Lights Out button (cell to press), numbered 1.. row by row";
    button_a: "", "the first of two buttons left out, numbered 1.. row by row";
    button_b: "", "the second of two buttons left out (button_a < button_b)";
    cells: "", "a set of Lights Out cells, written as p1..pN separated by spaces";
    class: "", "the representative of a row's class under a symmetry (its smaller bitmask)";
    class_automorphisms: "", "Lights Out: order of the automorphism group of the quiet-signature classes (the \
        invertible linear maps of the signatures that keep every class's size)";
    class_passing_problems: "", "count of peg problems (start, finish) passing the position-class test";
    class_passing_problems_up_to_symmetry: "", "count of peg problems passing the position-class test, up to the \
        triangle's 6 symmetries (OEIS A130515)";
    class_sizes: "cells", "cells per quiet-signature class of a Lights Out board, space-separated";
    cleared: "", "count of boards an algorithm turned off";
    clicks: "clicks", "Tricolore: fewest clicks (the first click free; clicking the same square twice in a row not \
        allowed)";
    coin: "", "1 when a hole holds a coin (peg), else 0";
    col: "", "board column, 1-based from the left";
    command: "", "the command line measured";
complete_games: "", "count of peg jump sequences from a start that end where no jump is legal (winning or not)";
    complete_games_text: "", "complete_games exactly, as text: digits grouped by `_`, at least one (0_048, 1_234)";
    cores: "", "count of logical cores of the machine";
    counterexample: "", "the first position where a formula fails, as 0/1 digits; empty when none";
    cpu_model: "", "the CPU's model name";
    cpu_s: "s", "user plus system CPU time over all threads";
    date: "", "day of a measurement, YYYY-MM-DD (UTC)";
    dead_positions: "", "count of reachable peg positions from which a single peg can no longer be reached";
    dead_positions_no_jump: "", "count of reachable peg positions with no jump left (a single peg \
        included): where a game ends";
    edges: "", "Lights Out on a graph: count of its edges";
    exact: "", "flag: the value in the row is proven exact (else an upper bound)";
    examined: "", "count of states or boards a search examined";
    excess_example: "", "the smallest board where an algorithm presses the most over the minimum (max_excess); \
        `none` when none";
    exhaustive: "", "flag: every case was tested (else a fixed-seed sample)";
    failed: "", "count of boards an algorithm did not turn off";
    failure_example: "", "the smallest board an algorithm fails on; `none` when none";
    farthest_boards: "", "Tricolore: count of boards that need max_clicks clicks to reach the target";
    finish: "", "peg: the hole meant to hold the last peg (1-based, row by row from the apex)";
    first_found_presses: "presses", "presses in the first solution found, before minimising";
    first_row_presses: "", "first-row presses of a Lights Out board as a picture: # pressed, . not, column 1 first";
    fixed_by_reflection: "", "count of positions one reflection of the triangle maps to themselves";
    fixed_by_rotation: "", "count of positions a 120-degree rotation of the triangle maps to themselves";
    from: "", "peg: the hole the jumping peg leaves (1-based, row by row from the apex)";
    goal_id: "", "the speed goal measured (a stable slug)";
    goal_mib: "MiB", "the peak-memory goal in force when measured";
    goal_s: "s", "the wall-time goal in force when measured";
    gods_number: "presses", "God's number: the most presses any solvable position of a Lights Out board needs";
    graph: "", "Lights Out: a graph by name (petersen, hypercube-4, hex-5, ...; see `statespace lightsout rank \
        --help`)";
    group_order: "", "order of a board's symmetry group: the permutations of its holes that map \
        jump lines to jump lines";
    halves_clicks: "clicks", "clicks the Tricolore halves method takes";
    halves_optimal_boards: "", "count of boards where the halves method is optimal";
    halves_unsolved: "", "count of boards the halves method cannot solve";
    halves_within_16_boards: "", "count of boards where the halves method takes 16 clicks or fewer";
    hole: "", "peg: a hole, 1-based, row by row from the apex";
    holes: "", "count of holes of a peg board (the triangle of side n: n(n+1)/2)";
    jumps: "jumps", "peg: jumps made";
    keeps_column_space: "", "flag: every solvable position stays solvable without the two buttons";
    last_row: "", "lights left on the last row after chasing as a picture: # on, . off, column 1 first";
    lattice: "", "a peg board's lattice: square (orthogonal jumps), square-diagonal (diagonal jumps too) or triangular";
    lights: "", "a board row's lights: # = on, . = off";
    log10_complete_games: "log10", "log10 of complete_games, for plotting";
    log10_estimated_positions: "log10", "log10 of an estimated number of positions (from a sample)";
    log10_positions: "log10", "log10 of positions, for plotting";
    log10_positions_at_max: "log10", "log10 of positions_at_max, for plotting";
    log10_winning_sequences: "log10", "log10 of winning_sequences, for plotting";
    log2_solvable_fraction: "log2", "log2 of the fraction of all positions that are solvable (= -nullity)";
    lower_bound: "presses", "a proven lower bound on God's number";
    lower_bound_method: "", "how the row's lower bound is proven, in words";
    m: "", "rows of an m x n board";
    max_clicks: "clicks", "Tricolore: the most clicks needed (the maximum of fewest clicks over the row's boards)";
    max_excess: "presses", "Lights Out: the largest presses - minimum over the boards an algorithm cleared";
    max_excess_clicks: "clicks", "Tricolore: the largest halves - optimal clicks over the compared boards";
    max_halves: "clicks", "the most clicks the halves method takes";
    max_n: "", "the largest side n a sweep covers (n = 1..max_n)";
    max_nullity: "", "the largest nullity among the row's board sides";
    max_optimal: "clicks", "the most clicks the optimum needs";
    mean_clicks: "clicks", "Tricolore: mean of fewest clicks over the row's boards";
    mean_halves: "clicks", "mean clicks of the halves method over the compared boards";
    mean_minimum: "presses", "mean fewest presses over the boards an algorithm was tested on";
    mean_minimum_standard_error: "presses", "standard error of a sampled mean_minimum; empty when exhaustive";
    mean_optimal: "clicks", "mean fewest clicks over the compared boards";
    mean_per_start: "", "a count divided by the number of starts (3321 mirror-pair representatives)";
    mean_presses: "presses", "mean presses an algorithm made";
    mean_presses_standard_error: "presses", "standard error of a sampled mean_presses; empty when exhaustive";
    mean_solvable_fraction: "fraction", "mean fraction of positions that are solvable, 2^-nullity, over the row's \
        board sides";
    mem_gib: "GiB", "the machine's memory";
    merson_regions: "moves", "peg: the fewest holes meeting every Merson region full of pegs at the start (each \
        needs a move starting inside it; at least the most disjoint such regions): a lower bound on the moves before \
        any search";
    method: "", "how the row's value was obtained, in words";
    min_moves: "moves", "peg: fewest moves (maximal chains of jumps by one peg) to a single peg, proven minimal";
    min_moves_lower_bound: "moves", "peg: a proven lower bound on min_moves (equal to it when exact)";
    min_moves_proof: "", "peg: why min_moves_lower_bound holds: which balls of the moves graph were searched and \
        whether they met";
    min_moves_upper_bound: "moves", "peg: moves of the play given where min_moves is not proven: an upper bound on \
        the fewest moves";
    min_presses: "presses", "Lights Out: fewest presses that turn the position off";
    min_presses_lower_bound: "presses", "Lights Out: a proven lower bound on min_presses (equal to it when exact)";
    mirror: "", "the left-right mirror image of a row";
    mirror_symmetric: "", "flag: the board is its own left-right mirror image";
    missed: "", "count of states or boards a search did not reach";
    missed_boards: "", "the boards a search did not reach (up to 10), separated by spaces; empty when none";
    moves: "moves", "peg: moves in a jump sequence (maximal chains of jumps by one peg)";
    moves_upper_bound: "moves", "peg: moves of the play given: an upper bound on the fewest moves, not proven minimal";
    n: "", "side of an n x n board, or columns of an m x n board";
    n_at_max_nullity: "", "the smallest side n with the row's largest nullity";
    n_mod_3: "", "n modulo 3";
    note: "", "conditions that bear on a measurement";
    nullity: "", "dimension of the quiet space of a Lights Out board (matrix size - rank)";
    optimal_boards: "", "count of boards where an algorithm pressed the minimum";
    optimal_clicks: "clicks", "fewest clicks from a Tricolore board to the target";
    optimal_play: "", "peg: a play with min_moves moves ('|' between moves, '-' between the holes a peg visits)";
    orbits: "", "count of positions up to the triangle's 6 symmetries (Burnside)";
    over: "", "peg: the hole of the peg jumped over (removed)";
    pairs: "", "count of (start, target) pairs";
    passes_class_test: "", "flag: a peg problem's start and finish lie in the same position class (a necessary \
        condition)";
    pattern: "", "index of a quiet basis pattern (1-based)";
    peak_mib: "MiB", "largest resident set size of a run";
    pegs: "", "count of pegs on the board";
    play: "", "peg: a play found, not proven optimal ('|' between moves, '-' between the holes a peg visits)";
    position_classes: "", "count of a peg board's position classes (the invariant that decides which problems can be \
        solvable)";
    positions: "", "count of positions (boards) in the row's class";
    positions_at_max: "", "count of solvable positions needing exactly God's number of presses";
    positions_at_max_text: "", "positions_at_max exactly, as text: digits grouped by `_`, at least one (0_048, 1_234)";
    positions_searched: "", "count of positions an exhaustive search expanded";
    positions_text: "", "positions exactly, as text: digits grouped by `_`, at least one (0_048, 1_234)";
    presses: "", "a board row's press pattern: # = pressed, . = not pressed";
    principal_invertible: "", "flag: the matrix without the two buttons' rows and columns is invertible";
    problems: "", "count of peg problems: (start, finish) pairs, holes^2";
    proof: "", "peg: why a problem is or is not solvable: play, position class or exhaustive search";
    quarter_turns: "", "quarter turns applied to the board first";
    rank: "", "rank of the press matrix over GF(2)";
    rank_without_buttons: "", "rank of the press matrix without two buttons' columns";
    rank_without_buttons_and_cells: "", "rank of the press matrix without two buttons' rows and columns";
    reachable_boards: "", "count of Tricolore boards reachable from a start";
    reachable_orbits: "", "reachable peg positions counted up to the symmetries that fix the start (one per orbit)";
    reachable_pairs: "", "count of (start, target) pairs some click sequence joins";
    reachable_positions: "", "count of peg positions reachable (from a start, or from some single-vacancy start)";
    reached: "", "count of Tricolore (start, board) pairs first reached after the row's clicks";
    reference_label: "", "the reference command timed in the same run";
    reference_wall_s: "s", "the reference's wall time in the same run";
    regime: "", "Tricolore click regime: unrestricted, hybrid or restricted";
    representative_starts: "", "count of mirror-pair representative starts (3321)";
    representatives_at_max: "", "count of representative starts needing the maximum clicks";
    row: "", "board row, 1-based from the top";
    rule: "", "Lights Out press rule: plus (cell and 4 neighbours) or block (3x3 block); on a graph sigma-plus \
        (vertex and neighbours) or sigma (neighbours only)";
    samples: "", "count of sampled positions";
    scope: "", "what was tested, in words: every case (its number) or a random sample (its size)";
    search: "", "a search made, in words";
    share: "fraction", "a count divided by the total of its column, in [0, 1]";
    share_all_solvable: "fraction", "all_solvable_sizes / sizes, in [0, 1]";
    share_at_max: "fraction", "starts_at_max / starts, in [0, 1]";
    share_reachable: "fraction", "reachable_pairs / pairs, in [0, 1]";
    shortest_dead_end_jumps: "jumps", "fewest jumps after which a peg game ends with no jump left and more \
        than one peg";
    side: "", "side n of a peg triangle";
    signature_classes: "", "Lights Out: count of nonzero quiet-signature classes (cells grouped by which quiet \
        basis patterns contain them)";
    sizes: "", "count of board sides n in the row's class";
    solvable: "", "flag: a peg problem has a play from its start ending with one peg in its finish";
    solvable_finishes: "", "count of finish holes a peg start can end on with a single peg";
    solvable_positions: "", "count of solvable positions in the row's class";
    solvable_problems: "", "count of solvable peg problems";
    solvable_starts: "", "count of peg starts from which some single-peg finish is reachable";
    stabiliser_order: "", "order of the subgroup of a peg board's symmetries that fix the start position";
    standard_error: "fraction", "binomial standard error of a sampled share";
    start: "", "peg: the hole left empty at the start (1-based, row by row from the apex)";
    start_board: "", "Tricolore: the start board as text, rows joined by '.' (R, W, B)";
    start_index: "", "Tricolore: the start board as an index (base-3 digits, R=0, W=1, B=2)";
    start_orbit_size: "", "peg: holes in the start's orbit under the board's symmetries (each has the same best \
        play, moved by the symmetry)";
    starts: "", "count of starts (peg: single-vacancy starts; Tricolore: start boards) in the row's class";
    starts_at_max: "", "count of starts needing the maximum clicks for some board";
    states: "", "count of (board, last click) states";
    symmetric: "", "flag: the row is its own mirror image";
    symmetries: "", "Tricolore: the rectangle symmetries fixing the target (left-right mirror, top-bottom mirror, \
        half turn), separated by \"; \", up to which the search ran; empty when none";
    target: "", "Tricolore: the target board as text, rows joined by '.' (R, W, B)";
    target_board: "", "Tricolore: the board to reach, as text, rows joined by '.' (R, W, B)";
    target_index: "", "Tricolore: the target board as an index, as start_index";
    targets_at_max: "", "count of target boards some start needs the maximum clicks to reach";
    to: "", "peg: the empty hole the jumping peg lands in";
    top_half_clicks: "clicks", "Tricolore: of a play's clicks, those made while solving the top half";
    topology: "", "Lights Out board topology: open or torus";
    unreachable: "", "count of boards from which the target cannot be reached";
    unreachable_list: "", "Tricolore: the boards that cannot reach the target, ascending, separated by spaces, \
        when at most 1000; empty when none or more";
    unreachable_states: "", "count of (board, last click) states from which the target cannot be reached";
    upper_bound: "presses", "a proven upper bound on God's number";
    value: "", "2^(hole-1): what a coin in the hole adds to the board's number";
    vertex: "", "Lights Out on a graph: a vertex, 0-based as in the edge list (a board picture's cells in reading \
        order)";
    vertices: "", "Lights Out on a graph: count of its vertices (a board's cells)";
    wall_s: "s", "elapsed (wall-clock) time";
    winnable: "", "flag: a single peg can still be reached from the position";
    winnable_orbits: "", "winnable_positions counted up to the symmetries that fix the start (one per orbit)";
    winnable_positions: "", "count of reachable peg positions from which a single peg can still be reached";
    winnable_to_start_hole: "", "count of reachable peg positions from which a single peg in the \
        start's hole can be reached";
    winnable_to_start_hole_orbits: "", "winnable_to_start_hole counted up to the symmetries that fix the start";
    winning_sequences: "", "count of peg jump sequences ending with one peg";
    winning_sequences_text: "", "winning_sequences exactly, as text: digits grouped by `_`, at least one (0_048)";
    witness_lights: "", "Lights Out on a graph: the witness position behind lower_bound, one character per vertex \
        in vertex order (# lit, . dark; a board `lightsout solve --graph` reads)";
    witness_presses: "", "Lights Out on a graph: one fewest press pattern that clears the witness position, one \
        character per vertex (# pressed, . not)";
    wrong_positions: "", "count of positions where a formula gives a wrong press";
}

/// The glossary entry of a column name.
pub fn term(name: &str) -> Option<&'static Term> {
    TERMS.iter().find(|t| t.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_sorted_unique_and_described() {
        for w in TERMS.windows(2) {
            assert!(
                w[0].name < w[1].name,
                "{} then {}: sorted, each once",
                w[0].name,
                w[1].name
            );
        }
        assert!(TERMS.iter().all(|t| !t.meaning.is_empty()));
    }
}
