//! Seed 001 (the 10-coin triangle, side 4): its example encoding. The seed numbers the holes
//! 1 / 2 3 / 4 5 6 / 7 8 9 10, gives coin i the value 2^(i-1), and encodes a board with coins
//! in holes 2, 3, 5, 8 and 10 as 662. Our [`Board`] sets bit i-1 for hole i: the same rule, if
//! the numbering is the same, which the seed's move description ("coin 1 can only jump to
//! either 4 or 6 and only if 2 or 3 are occupied") lets us check against our jumps.

use crate::output::glossary;
use crate::output::schema::{col, Kind::Integer, Schema};
use crate::output::table::Table;
use crate::puzzles::peg::{Board, Triangle};
use crate::studies::claim::{Claim, Verdict};
use anyhow::Result;
use std::collections::{BTreeSet, HashSet};

const FAMILY: &str = "peg";
const SOURCE: &str = "seed 001";
const SIDE: usize = 4;
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
    Ok(Seed001 {
        board,
        decoded_holes,
        seed_decoding,
        hole_1_jumps,
        reachable_from,
        winnable,
    })
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
pub fn jumps_table() -> Table {
    let t = Triangle::any_side(SIDE);
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
