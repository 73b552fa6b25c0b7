//! Seed 001 (the 10-coin triangle, side 4): its example encoding. The seed numbers the holes
//! 1 / 2 3 / 4 5 6 / 7 8 9 10, gives coin i the value 2^(i-1), and encodes a board with coins
//! in holes 2, 3, 5, 8 and 10 as 662. Our [`Board`] sets bit i-1 for hole i: the same rule, if
//! the numbering is the same, which the seed's move description ("coin 1 can only jump to
//! either 4 or 6 and only if 2 or 3 are occupied") lets us check against our jumps.

use crate::output::glossary;
use crate::output::schema::{col, Kind::Integer, Schema};
use crate::output::table::Table;
use crate::puzzles::peg::{moves_of, Board, Jump, Triangle};
use crate::studies::claim::{Claim, Verdict};
use anyhow::Result;
use std::collections::{BTreeSet, HashSet};

const FAMILY: &str = "peg";
/// The source's one spelling in the record.
pub const SOURCE: &str = "seed 001 (Matt Parker's coin puzzle)";
pub const SIDE: usize = 4;
/// File name for [`example_table`].
pub const EXAMPLE_CSV: &str = "seed001_example.csv";
/// File name for [`jumps_table`].
pub const JUMPS_CSV: &str = "seed001_jumps.csv";

/// The seed's table: the "Coin" row for positions 1..10.
pub const EXAMPLE_COINS: [u8; 10] = [0, 1, 1, 0, 1, 0, 0, 1, 0, 1];
/// The seed's "Total" of the "Decimal Value" row: the encoded number.
pub const EXAMPLE_NUMBER: u64 = 662;
/// The seed's "Total" of the "Coin" row.
pub const EXAMPLE_PEGS: u32 = 5;
/// "Coin 1 can only jump to either 4 or 6 and only if 2 or 3 are occupied respectively":
/// (from, over, to), 1-based.
pub const HOLE_1_JUMPS: [(usize, usize, usize); 2] = [(1, 2, 4), (1, 3, 6)];

#[derive(Clone, Debug, PartialEq)]
pub struct Seed001 {
    /// The example board under our encoding (bit i-1 = hole i).
    pub board: Board,
    /// The board the seed's number decodes to under our encoding, as 1-based holes.
    pub decoded_holes: Vec<usize>,
    /// The seed's own decoding formula, ReverseString(PadLeft(IntToBin(662), 10, '0')).
    pub seed_decoding: String,
    /// Our jumps from hole 1, 1-based (from, over, to).
    pub hole_1_jumps: Vec<(usize, usize, usize)>,
    /// Single-vacancy starts (1-based empty hole) from which the example board is reachable.
    pub reachable_from: Vec<usize>,
    /// Whether one peg can be left from the example board.
    pub winnable: bool,
    /// The number of the full board (every hole holding a coin), 2^holes - 1.
    pub full_board: u64,
    /// The boards 0..2^holes with one coin: the seed's "final states".
    pub single_coin_boards: Vec<u64>,
    /// Legal (board, jump) pairs over every board, and how many of them the seed's formula
    /// State - 2^(Start-1) - 2^(Jump-1) + 2^(Target-1) gets right.
    pub formula_checked: (usize, usize),
    /// The holes by symmetry class (1-based, each class sorted, classes by their first hole).
    pub hole_classes: Vec<Vec<usize>>,
    /// Our jumps out of every hole, 1-based (from, over, to), sorted.
    pub jumps: Vec<(usize, usize, usize)>,
    /// Every winning jump sequence from every single-vacancy start (the seed's plays).
    pub plays: Vec<Vec<Jump>>,
}

pub fn compute() -> Result<Seed001> {
    let t = Triangle::new(SIDE)?;
    let board: Board = EXAMPLE_COINS
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c == 1)
        .fold(0, |b, (i, _)| b | 1 << i);
    let decoded_holes = (0..t.holes())
        .filter(|&i| EXAMPLE_NUMBER >> i & 1 == 1)
        .map(|i| i + 1)
        .collect();
    let seed_decoding = format!("{:010b}", EXAMPLE_NUMBER).chars().rev().collect();
    let hole_1_jumps = t
        .jumps()
        .iter()
        .filter(|j| j.from == 0)
        .map(|j| (usize::from(j.from) + 1, usize::from(j.over) + 1, usize::from(j.to) + 1))
        .collect();
    // Forward closure of one start (jumps only remove pegs: at most 2^10 boards).
    let closure = |start: Board| -> HashSet<Board> {
        let mut seen = HashSet::from([start]);
        let mut stack = vec![start];
        while let Some(b) = stack.pop() {
            for &j in t.jumps() {
                if t.is_legal(b, j) {
                    let n = Triangle::apply(b, j);
                    if seen.insert(n) {
                        stack.push(n);
                    }
                }
            }
        }
        seen
    };
    let reachable_from = (0..t.holes())
        .filter(|&h| closure(t.start(h)).contains(&board))
        .map(|h| h + 1)
        .collect();
    let winnable = closure(board).iter().any(|&b| Triangle::single_peg(b).is_some());
    let all_boards = 0..1u64 << t.holes();
    let legal: Vec<(Board, Jump)> = all_boards
        .clone()
        .flat_map(|b| {
            let t = &t;
            t.jumps()
                .iter()
                .filter(move |&&j| t.is_legal(b, j))
                .map(move |&j| (b, j))
        })
        .collect();
    // The seed's formula, on its 1-based hole numbers.
    let pow = |hole_1_based: usize| 1u64 << (hole_1_based - 1);
    let formula_ok = legal
        .iter()
        .filter(|&&(b, j)| {
            let (from, over, to) = (usize::from(j.from) + 1, usize::from(j.over) + 1, usize::from(j.to) + 1);
            (b + pow(to)).checked_sub(pow(from) + pow(over)) == Some(Triangle::apply(b, j))
        })
        .count();
    let mut hole_classes: Vec<Vec<usize>> = t
        .hole_orbits()
        .into_iter()
        .map(|o| {
            let mut v: Vec<usize> = o.into_iter().map(|h| h + 1).collect();
            v.sort_unstable();
            v
        })
        .collect();
    hole_classes.sort();
    let mut jumps: Vec<(usize, usize, usize)> = t
        .jumps()
        .iter()
        .map(|j| (usize::from(j.from) + 1, usize::from(j.over) + 1, usize::from(j.to) + 1))
        .collect();
    jumps.sort_unstable();
    let mut plays = Vec::new();
    for h in 0..t.holes() {
        winning_plays(&t, t.start(h), &mut Vec::new(), &mut plays);
    }
    Ok(Seed001 {
        board,
        decoded_holes,
        seed_decoding,
        hole_1_jumps,
        reachable_from,
        winnable,
        full_board: t.full(),
        single_coin_boards: all_boards.filter(|&b| Triangle::single_peg(b).is_some()).collect(),
        formula_checked: (legal.len(), formula_ok),
        hole_classes,
        jumps,
        plays,
    })
}

/// Every jump sequence from `board` (reached by `so_far`) that ends with one peg, into `out`
/// (side 4: 84 of them, a depth-first walk of at most 8 jumps).
fn winning_plays(t: &Triangle, board: Board, so_far: &mut Vec<Jump>, out: &mut Vec<Vec<Jump>>) {
    if Triangle::single_peg(board).is_some() {
        out.push(so_far.clone());
        return;
    }
    for &j in t.jumps() {
        if t.is_legal(board, j) {
            so_far.push(j);
            winning_plays(t, Triangle::apply(board, j), so_far, out);
            so_far.pop();
        }
    }
}

/// The seed's Moves count of a play, as its back steps compute it: the last jump is 1 move, and
/// each earlier jump adds one unless its Target is the Start of the jump after it
/// (`[Moves] + IIF(StartsWith([MoveSequence],[Target] + '-'),0,1)`).
pub fn seed_moves(play: &[Jump]) -> usize {
    match play.split_last() {
        None => 0,
        Some((_, earlier)) => 1 + earlier.iter().zip(&play[1..]).filter(|(a, b)| a.to != b.from).count(),
    }
}

/// The seed's table of legitimate moves, read from the seed itself: each line "hole a-b-c, d-e-f"
/// of the table under "Start Moves", as (start, jump, end) triples, sorted.
pub fn seed_jump_table() -> Vec<(usize, usize, usize)> {
    let text = include_str!("../../../tests/data/sources/001_f68fa2a7b0b879cd.txt");
    let mut out: Vec<(usize, usize, usize)> = text
        .lines()
        .skip_while(|l| !l.starts_with("Start Moves"))
        .skip(1)
        .take_while(|l| !l.starts_with("State Transitions"))
        .flat_map(|l| l.split_whitespace().skip(1).collect::<Vec<_>>())
        .filter_map(|m| {
            let v: Vec<usize> = m
                .trim_end_matches(',')
                .split('-')
                .map(|x| x.parse().ok())
                .collect::<Option<_>>()?;
            (v.len() == 3).then(|| (v[0], v[1], v[2]))
        })
        .collect();
    out.sort_unstable();
    out
}

/// [`EXAMPLE_CSV`].
pub static EXAMPLE: Schema = Schema {
    pattern: "peg/seed001_example.csv",
    description: "Seed 001's board encoding of the 10-coin triangle, on its worked example: hole i (numbered \
        row by row from the apex) holding a coin adds 2^(i-1) to the board's number.",
    columns: &[
        col(glossary::hole, Integer, "hole number, 1..10, row by row from the apex"),
        col(
            glossary::coin,
            Integer,
            "1 when the example board has a coin in the hole, else 0",
        ),
        col(
            glossary::value,
            Integer,
            "2^(hole-1): what a coin in this hole adds to the board's number",
        ),
    ],
    primary_key: &[glossary::hole],
    source: "Seed 001 (the 10-coin puzzle), its example; computed by statespace",
};

/// [`JUMPS_CSV`].
pub static JUMPS: Schema = Schema {
    pattern: "peg/seed001_jumps.csv",
    description: "Every jump of the 10-hole triangle (seed 001's \"legitimate moves\"): a peg in hole `from` \
        jumps over a peg in hole `over` into the empty hole `to`, removing the peg jumped over.",
    columns: &[
        col(
            glossary::from,
            Integer,
            "hole the jumping peg leaves, 1..10, row by row from the apex",
        ),
        col(glossary::over, Integer, "hole of the peg jumped over (removed)"),
        col(glossary::to, Integer, "empty hole the peg lands in"),
    ],
    primary_key: &[glossary::from, glossary::over],
    source: "Seed 001 (the 10-coin puzzle); computed by statespace",
};

/// Every jump of the side-4 triangle (the seed's "legitimate moves"), 1-based holes.
pub fn jumps_table(t: &Triangle) -> Table {
    let mut out = JUMPS.table();
    for j in t.jumps() {
        out.push(vec![
            (usize::from(j.from) + 1).into(),
            (usize::from(j.over) + 1).into(),
            (usize::from(j.to) + 1).into(),
        ]);
    }
    out
}

/// The seed's table as tidy rows: one row per hole, its coin and its value.
pub fn example_table(_s: &Seed001) -> Table {
    let mut t = EXAMPLE.table();
    for (i, &c) in EXAMPLE_COINS.iter().enumerate() {
        t.push(vec![(i + 1).into(), c.into(), (1u64 << i).into()]);
    }
    t
}

pub fn claims(s: &Seed001) -> Vec<Claim> {
    let mut out = example_claims(s);
    out.extend(board_claims(s));
    out.extend(jump_claims(s));
    out.extend(play_claims(s));
    out
}

/// The worked example: its number, its coins, and where it can be reached from.
fn example_claims(s: &Seed001) -> Vec<Claim> {
    let same_numbering = s.hole_1_jumps.iter().copied().collect::<BTreeSet<_>>() == HOLE_1_JUMPS.into_iter().collect();
    let holes: Vec<usize> = EXAMPLE_COINS
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c == 1)
        .map(|(i, _)| i + 1)
        .collect();
    let list = |v: &[usize]| v.iter().map(|h| h.to_string()).collect::<Vec<_>>().join(", ");
    let coin_row: String = EXAMPLE_COINS.iter().map(|c| c.to_string()).collect();
    vec![
        Claim::published(
            FAMILY,
            "peg.seed001.example_encoding",
            SOURCE,
            &format!("coins in holes {} (hole i worth 2^(i-1)) encode to 662", list(&holes)),
            EXAMPLE_NUMBER,
            s.board,
            Verdict::of(s.board == EXAMPLE_NUMBER && same_numbering && s.seed_decoding == coin_row),
            &format!(
                "data/peg/{EXAMPLE_CSV}, columns coin and value (value summed over the holes with a coin); our \
                    encoding (bit i-1 = hole i) of those holes is {}; 662 decodes to holes {}; the seed's \
                    ReverseString(PadLeft(IntToBin(662),10,'0')) is {} (its coin row {}); our jumps from hole 1 are {} \
                    (the seed: 1 to 4 over 2, 1 to 6 over 3), so both number the holes alike",
                s.board,
                list(&s.decoded_holes),
                s.seed_decoding,
                coin_row,
                s.hole_1_jumps
                    .iter()
                    .map(|(f, o, t)| format!("{f} to {t} over {o}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )
        .quoted("Would be encoded to the number of 662:"),
        Claim::compare(
            FAMILY,
            "peg.seed001.example_coins",
            SOURCE,
            "the example board holds 5 coins",
            EXAMPLE_PEGS,
            s.board.count_ones(),
            &format!("data/peg/{EXAMPLE_CSV}, column coin (summed)"),
        )
        .quoted("Coin 0 1 1 0 1 0 0 1 0 1 5"),
        Claim::new_result(
            FAMILY,
            "peg.seed001.example_reachable",
            "single-vacancy starts (empty hole) from which the seed's example board 662 is reachable, and whether one \
                peg can be left from it",
            format!(
                "{}; {}",
                if s.reachable_from.is_empty() {
                    "no start".to_string()
                } else {
                    format!("starts {}", list(&s.reachable_from))
                },
                if s.winnable { "winnable" } else { "not winnable" }
            ),
            &format!(
                "data/peg/T4/positions.parquet, row board = {} (column winnable); the starts by forward closure of \
                    every single-vacancy start of the side-4 triangle",
                s.board
            ),
        ),
    ]
}

/// `(from, over, to)` triples as "a to c over b", joined by ", "; "none" when empty.
fn jump_list(jumps: &[(usize, usize, usize)]) -> String {
    if jumps.is_empty() {
        return "none".into();
    }
    jumps
        .iter()
        .map(|(f, o, t)| format!("{f} to {t} over {o}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The board, its states, symmetry and jumps, as the seed describes them.
fn board_claims(s: &Seed001) -> Vec<Claim> {
    let classes = s
        .hole_classes
        .iter()
        .map(|c| format!("{{{}}}", c.iter().map(usize::to_string).collect::<Vec<_>>().join(", ")))
        .collect::<Vec<_>>()
        .join(", ");
    let powers = s.single_coin_boards.iter().all(|b| b.is_power_of_two());
    vec![
        Claim::compare(
            FAMILY,
            "peg.seed001.all_states",
            SOURCE,
            "The numbers 1 to 1022 are every board of the 10 holes but the empty one (0) and the full one (1023)",
            "0 empty, 1023 full",
            format!("0 empty, {} full", s.full_board),
            &format!("data/peg/{EXAMPLE_CSV}, column value (summed over all 10 holes: the full board's number)"),
        )
        .quoted("We can ignore the completely empty board (state 0) and completely full board (start 1023)."),
        Claim::compare(
            FAMILY,
            "peg.seed001.final_states",
            SOURCE,
            "A final state (one coin left) is a power of 2: the boards with one coin are the 10 numbers 2^0 to 2^9",
            "10 boards, each a power of 2",
            format!(
                "{} boards, {}",
                s.single_coin_boards.len(),
                if powers {
                    "each a power of 2"
                } else {
                    "not all powers of 2"
                }
            ),
            &format!("data/peg/{EXAMPLE_CSV}, column value (2^(hole-1), one per hole: the one-coin boards)"),
        )
        .quoted(
            "A final state will be an integral non-negative power of 2 and so will have a single 1 in the binary \
            representation.",
        ),
        Claim::compare(
            FAMILY,
            "peg.seed001.hole_classes",
            SOURCE,
            "By the board's symmetry the holes fall into three classes: 1 with 7 and 10; 2 with 3, 4, 6, 8 and 9; 5 \
            alone",
            "{1, 7, 10}, {2, 3, 4, 6, 8, 9}, {5}",
            classes,
            &format!(
                "data/peg/{JUMPS_CSV}, columns from, over and to (the triangle's 6 rotations and reflections map this \
                jump list to itself; a hole's class is its images under them)"
            ),
        )
        .quoted(
            "The board is very symmetrical so if we look at moving 1 it\u{2019}s like looking at 7 and 10 as well. \
            Likewise, 2 is like looking at 3, 4, 6, 8 and 9. And finally, we have 5 to look at.",
        ),
    ]
}

/// The seed's jumps: out of holes 2 and 5, its whole table, and its formula for the new board.
fn jump_claims(s: &Seed001) -> Vec<Claim> {
    let from =
        |hole: usize| -> Vec<(usize, usize, usize)> { s.jumps.iter().copied().filter(|j| j.0 == hole).collect() };
    let (pairs, agree) = s.formula_checked;
    let seed_table = seed_jump_table();
    let triples = |v: &[(usize, usize, usize)]| {
        v.iter()
            .map(|(a, b, c)| format!("{a}-{b}-{c}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    vec![
        Claim::compare(
            FAMILY,
            "peg.seed001.hole_2_jumps",
            SOURCE,
            "Coin 2 can only jump to 7 (over 4) or to 9 (over 5); the capture reads \"4 or53\", which we read as \"4 \
            or 5\"",
            "2 to 7 over 4, 2 to 9 over 5",
            jump_list(&from(2)),
            &format!("data/peg/{JUMPS_CSV}, rows with from = 2 (columns over and to)"),
        )
        .quoted("Coin 2 can only jump to either 7 or 9 and only if 4 or53 are occupied respectively."),
        Claim::compare(
            FAMILY,
            "peg.seed001.hole_5_jumps",
            SOURCE,
            "Coin 5 (the centre hole) has no jump",
            "none",
            jump_list(&from(5)),
            &format!("data/peg/{JUMPS_CSV}, column from (no row has from = 5)"),
        )
        .quoted("Finally, coin 5 cannot itself jump anywhere without exceeding the bounds of the board."),
        Claim::compare(
            FAMILY,
            "peg.seed001.jump_table",
            SOURCE,
            "The seed's table of legitimate moves (Start-Jump-End, read from the seed's table) is our jump list",
            triples(&seed_table),
            triples(&s.jumps),
            &format!("data/peg/{JUMPS_CSV}, columns from, over and to (the seed's Start, Jump and End)"),
        )
        .quoted("Start Moves (Start \u{2013} Jump \u{2013} End)"),
        Claim::published(
            FAMILY,
            "peg.seed001.new_state_formula",
            SOURCE,
            "A jump from Start over Jump to Target turns board State into State - 2^(Start-1) - 2^(Jump-1) + \
            2^(Target-1)",
            "State-Pow(2,[Start]-1)-Pow(2,[Jump]-1)+Pow(2,[Target]-1)",
            format!("our jump's result on {agree} of the {pairs} legal (board, jump) pairs of the 1024 boards"),
            Verdict::of(pairs > 0 && agree == pairs),
            &format!(
                "data/peg/{JUMPS_CSV}, columns from, over and to, with data/peg/{EXAMPLE_CSV}, column value \
                (2^(hole-1)); every board 0 to 1023 with every jump legal on it"
            ),
        )
        .quoted("State-Pow(2,[Start]-1)-Pow(2,[Jump]-1)+Pow(2,[Target]-1)"),
    ]
}

/// The back steps: how many there are, and the seed's Moves count.
fn play_claims(s: &Seed001) -> Vec<Claim> {
    let lengths: BTreeSet<usize> = s.plays.iter().map(Vec::len).collect();
    let jumps = match lengths.iter().collect::<Vec<_>>()[..] {
        [&n] => n,
        _ => 0,
    };
    let n = s.plays.len();
    let plays = format!(
        "data/peg/T4/starts.csv, column winning_sequences (the {n} plays, enumerated again here from every \
        single-vacancy start), and data/peg/T4/levels.csv, column pegs (9 pegs at a start, 1 at a win)"
    );
    let same_moves = s.plays.iter().filter(|p| seed_moves(p) == moves_of(p).len()).count();
    let lowest = s.plays.iter().map(|p| seed_moves(p)).min().unwrap_or(0);
    let per_play = |more: usize| {
        if jumps == 0 {
            format!("winning plays of {lengths:?} jumps")
        } else {
            format!("{jumps} jumps per winning play (all {n}): the first back step and {more} more")
        }
    };
    vec![
        Claim::published(
            FAMILY,
            "peg.seed001.back_steps",
            SOURCE,
            "After the first back step (each final state joined to its possible last moves), 7 more back steps \
            reach the starts: a winning play has 8 jumps (9 coins to 1, each jump removes one)",
            "1 + 7 = 8 back steps",
            per_play(jumps.saturating_sub(1)),
            Verdict::of(jumps == 8),
            &plays,
        )
        .quoted("We then need to make 7 more back steps."),
        Claim::published(
            FAMILY,
            "peg.seed001.repeated_steps",
            SOURCE,
            "The identical back step is described once and repeated 6 more times: 7 back steps after the first, as \
            \"7 more back steps\" says (the two sentences agree)",
            "1 + 6 = 7 more back steps",
            per_play(jumps.saturating_sub(1)),
            Verdict::of(jumps == 8),
            &plays,
        )
        .quoted("Having repeated this 6 more times, we end up with the 84 possible plays which win the game."),
        Claim::published(
            FAMILY,
            "peg.seed001.moves_count",
            SOURCE,
            "The seed's Moves (a back step adds 1 unless the new jump's Target is the Start of the current move) \
            counts moves as we do: maximal chains of jumps by one peg",
            "[Moves] + IIF(StartsWith([MoveSequence],[Target] + '-'),0,1)",
            format!("equal to our moves on {same_moves} of the {n} winning plays; the lowest Moves is {lowest}"),
            Verdict::of(n > 0 && same_moves == n),
            &format!("{plays}; data/peg/T4/finishes.csv, column min_moves (its smallest value, the lowest Moves)"),
        )
        .quoted(
            "If the Target of the new move is equal to the Start of the current move then we don\u{2019}t increment \
            the Moves count otherwise we add 1.",
        ),
    ]
}
