//! Computations that exist to check the document's statements, done in the compute step so that
//! claims and the report only read results: its named 4x2 starts, its worked 4x4 example, and its
//! two tables composed the way its halves method composes them.

use super::columns::{schema, BOARD, START_BOARD};
use super::document as doc;
use super::full::FullStudy;
use super::half::{self, HalfStudy};
use super::solve::{self, Halves};
use crate::engine::progress::Counters;
use crate::output::glossary;
use crate::output::schema::{col, Kind, Kind::Integer, Schema};
use crate::output::table::Table;
use crate::puzzles::tricolore::{Adjacency, Game, Grid, Regime};
use anyhow::Result;

/// The document's worked 4x4 example (Appendix A), solved three ways.
#[derive(Clone, Debug)]
pub struct Example {
    pub from: String,
    pub to: String,
    /// Fewest clicks over the whole board.
    pub optimal: usize,
    /// The halves method, taking the lowest square among optimal clicks at each step.
    pub halves: usize,
    /// Of those, clicks on the top half.
    pub halves_top: usize,
    /// The halves method with the best choice among optimal top-half solutions.
    pub halves_best: usize,
}

/// Solves the document's example; `to_red` is the full study of all red (its target).
pub fn halves_example(grid: &Grid, to_red: &FullStudy, counters: &Counters) -> Result<Example> {
    let (from_text, to_text, _) = doc::HALVES_EXAMPLE;
    let from = grid.parse(from_text)?;
    let to = grid.parse(to_text)?;
    anyhow::ensure!(to_red.target == to, "internal error: the example's target is all red");
    let halves = Halves::new(grid, to, counters)?;
    let play = halves
        .solve(from)
        .ok_or_else(|| anyhow::anyhow!("internal error: the example has no halves solution"))?;
    let game = Game::new(grid.clone(), Regime::Unrestricted)?;
    let arrivals = to_red
        .arrivals
        .as_ref()
        .ok_or_else(|| anyhow::anyhow!("internal error: the all-red study kept no distances"))?;
    let optimal = solve::descend(&game, arrivals, from, None)
        .ok_or_else(|| anyhow::anyhow!("internal error: the example has no solution"))?
        .len();
    Ok(Example {
        from: from_text.into(),
        to: to_text.into(),
        optimal,
        halves: play.clicks.len(),
        halves_top: play.top_clicks,
        halves_best: halves.best_count(from).unwrap_or(usize::MAX),
    })
}

/// Fewest clicks from one named 4x2 start to every board (Unrestricted, king adjacency).
#[derive(Clone, Debug)]
pub struct NamedStart {
    pub start: String,
    /// Indexed by board; [`half::UNREACHABLE`] = never.
    pub distances: Vec<u8>,
}

impl NamedStart {
    /// Boards first reached after exactly `clicks` clicks.
    pub fn at(&self, clicks: u8) -> usize {
        self.distances.iter().filter(|&&d| d == clicks).count()
    }
    /// The most clicks any reachable board needs (the start's eccentricity).
    pub fn max(&self) -> u8 {
        self.distances
            .iter()
            .filter(|&&d| d != half::UNREACHABLE)
            .max()
            .copied()
            .unwrap_or(0)
    }
}

/// The starts the document names: WBWW.WBRW, WBWW.WBRB and all red. They are searched one by
/// one because two of them are not mirror-pair representatives.
pub fn named_starts() -> Result<Vec<NamedStart>> {
    let grid = Grid::half(Adjacency::King);
    [doc::EASY_START.0, doc::HARD_START.0, doc::RED_TO_WHITE.0]
        .iter()
        .map(|&s| {
            Ok(NamedStart {
                start: s.to_string(),
                distances: half::distances(Regime::Unrestricted, Adjacency::King, grid.parse(s)?)?,
            })
        })
        .collect()
}

/// The named starts' distances, committed so the claims that cite them can be followed.
pub const NAMED_STARTS_CSV: &str = "seed003_named_starts.csv";
/// The worked example's click counts.
pub const HALVES_EXAMPLE_CSV: &str = "seed003_halves_example.csv";

pub static NAMED_STARTS: Schema = schema(
    "tricolore/seed003_named_starts.csv",
    "The 4x2 starts seed 003 names (WBWW.WBRW, WBWW.WBRB, all red), Unrestricted regime, king \
        adjacency: the fewest clicks from each to every other board it reaches. The start itself and the \
        unreachable BBBB.BBBB are not listed.",
    &[
        START_BOARD,
        col(glossary::target_board, Kind::String, BOARD),
        col(
            glossary::clicks,
            Integer,
            "fewest clicks from start_board to target_board (the first click is free)",
        ),
    ],
    &[glossary::start_board, glossary::target_board],
);

pub static HALVES_EXAMPLE: Schema = schema(
    "tricolore/seed003_halves_example.csv",
    "Seed 003's worked 4x4 example (Appendix A), solved three ways: the halves method as the document \
        plays it, the halves method with the best choice among optimal top-half solutions, and the optimum over \
        the whole board.",
    &[
        col(glossary::start_board, Kind::String, "the 4x4 start, rows joined by '.'"),
        col(
            glossary::target_board,
            Kind::String,
            "the 4x4 target, rows joined by '.'",
        ),
        col(
            glossary::method,
            Kind::String,
            "halves (lowest square among optimal clicks at each step), halves with the best \
            top-half solution, or optimal",
        ),
        col(glossary::clicks, Integer, "clicks the method takes"),
        col(
            glossary::top_half_clicks,
            Kind::Number,
            "of those, clicks while solving the top half (halves only; empty otherwise)",
        ),
    ],
    &[glossary::method],
);

/// One row per (named start, other board it reaches): fewest clicks (Unrestricted, king
/// adjacency). The start itself and the unreachable board are left out.
pub fn named_starts_table(named: &[NamedStart]) -> Table {
    let grid = Grid::half(Adjacency::King);
    let mut t = NAMED_STARTS.table();
    for n in named {
        let start = grid.parse(&n.start).expect("a named start parses");
        for (b, &d) in n.distances.iter().enumerate() {
            if b as u32 != start && d != half::UNREACHABLE {
                t.push(vec![n.start.clone().into(), grid.format(b as u32).into(), d.into()]);
            }
        }
    }
    t
}

/// The worked example's clicks: the halves method (two ways) and the optimum.
pub fn halves_example_table(e: &Example) -> Table {
    let mut t = HALVES_EXAMPLE.table();
    t.push(vec![
        e.from.clone().into(),
        e.to.clone().into(),
        "halves".into(),
        e.halves.into(),
        e.halves_top.into(),
    ]);
    t.push(vec![
        e.from.clone().into(),
        e.to.clone().into(),
        "halves, best top-half solution".into(),
        e.halves_best.into(),
        crate::output::table::Cell::Empty,
    ]);
    t.push(vec![
        e.from.clone().into(),
        e.to.clone().into(),
        "optimal".into(),
        e.optimal.into(),
        crate::output::table::Cell::Empty,
    ]);
    t
}

/// Two half-board tables composed as the document composes them for its halves method (top half
/// by the first, bottom half by the second, independently): `pairs[k]` counts the combinations
/// of a (start, board) pair of the first table and one of the second whose clicks add up to k.
/// Exact integers: a share is `pairs[k] / total`.
#[derive(Clone, Debug)]
pub struct Composed {
    pub pairs: Vec<u128>,
    pub total: u128,
}

impl Composed {
    pub fn mean(&self) -> f64 {
        let weighted: u128 = self.pairs.iter().enumerate().map(|(k, &n)| k as u128 * n).sum();
        weighted as f64 / self.total as f64
    }
    /// Share of the combinations needing at most `clicks`.
    pub fn share_within(&self, clicks: usize) -> f64 {
        self.pairs.iter().take(clicks + 1).sum::<u128>() as f64 / self.total as f64
    }
}

pub fn compose(top: &HalfStudy, bottom: &HalfStudy) -> Composed {
    let mut pairs = vec![0u128; top.reached.len() + bottom.reached.len()];
    for (a, &x) in top.reached.iter().enumerate() {
        for (b, &y) in bottom.reached.iter().enumerate() {
            pairs[a + b] += u128::from(x) * u128::from(y);
        }
    }
    while pairs.last() == Some(&0) {
        pairs.pop();
    }
    Composed {
        pairs,
        total: u128::from(top.total()) * u128::from(bottom.total()),
    }
}

/// Share of a half table's (start, board) pairs needing at most `clicks`.
pub fn share_within(s: &HalfStudy, clicks: usize) -> f64 {
    s.reached.iter().take(clicks + 1).sum::<u64>() as f64 / s.total() as f64
}
