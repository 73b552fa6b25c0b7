//! Every pair of boards of a small board of any shape (a rectangle, or a board file with holes)
//! under the unrestricted regime: the fewest clicks from every start to every board, and from them
//! each start's reach and eccentricity and each target's mean and most clicks. One search per
//! symmetry class of starts (the board's own symmetries, computed from its squares); a symmetry
//! of the squares commutes with clicking, so the other starts' rows are the class member's, carried
//! over.

use super::columns::schema;
use super::half::{distance_rows, tally, HalfStudy, TargetRow};
use super::report;
use crate::engine::norepeat::SuccessorTable;
use crate::engine::progress::Counters;
use crate::output::chart::{self, CategoryChart, CategorySeries, Rendered, Scale};
use crate::output::export::{Area, Export};
use crate::output::glossary;
use crate::output::schema::{col, Kind, Kind::Integer, Kind::Number, Schema};
use crate::puzzles::tricolore::{Game, Grid, Regime};
use anyhow::{bail, Result};
use rayon::prelude::*;

/// Most squares `pairs` takes: 3^10 = 59,049 boards, 3.5 billion pairs (one byte each).
pub const MAX_SQUARES: usize = 10;

/// Bytes the pairs take: the distance matrix (one byte per pair), the class members' rows and the
/// successor table.
pub fn pairs_bytes(squares: usize) -> u128 {
    let boards = 3u128.pow(squares.min(MAX_SQUARES + 1) as u32);
    2 * boards * boards + boards * (squares as u128 + 1) * squares as u128 * 4
}

/// The fewest clicks between every pair of boards of `grid` (unrestricted regime), as a study
/// whose starts are every board.
pub fn run(grid: &Grid, counters: &Counters) -> Result<HalfStudy> {
    if grid.squares() > MAX_SQUARES {
        bail!(
            "{}: {} squares; every pair of boards is computed up to {MAX_SQUARES} squares (3^{MAX_SQUARES} boards)",
            grid.size_label(),
            grid.squares()
        );
    }
    let game = Game::new(grid.clone(), Regime::Unrestricted)?;
    let table = SuccessorTable::new(&game)?;
    let n = grid.boards() as usize;
    let images: Vec<Vec<u32>> = grid
        .all_symmetries()
        .iter()
        .map(|p| (0..n as u32).map(|b| grid.permute(b, p)).collect())
        .collect();
    let class_of = |b: usize| images.iter().map(|im| im[b]).min().expect("the identity");
    let reps: Vec<u32> = (0..n).filter(|&b| class_of(b) == b as u32).map(|b| b as u32).collect();
    counters.set_stage(
        format!("one search per class of starts ({} of {n})", reps.len()),
        reps.len() as u64,
    );
    let rows = distance_rows(&table, &reps, || counters.add_expanded(1));
    let mut matrix = vec![0u8; n * n];
    matrix.par_chunks_mut(n).enumerate().for_each(|(s, out)| {
        let rep = class_of(s);
        let row = &rows[reps.binary_search(&rep).expect("a class member") * n..][..n];
        let g = images
            .iter()
            .find(|im| im[rep as usize] == s as u32)
            .expect("s is in rep's class");
        for (t, &d) in row.iter().enumerate() {
            out[g[t] as usize] = d;
        }
    });
    Ok(summarise(grid, &matrix))
}

/// Each start's row and each target's column of the distance matrix, summed up.
fn summarise(grid: &Grid, matrix: &[u8]) -> HalfStudy {
    let n = grid.boards() as usize;
    let mut reached = vec![0u64; 1];
    let mut targets: Vec<TargetRow> = (0..n as u32).map(TargetRow::empty).collect();
    let mut starts = Vec::with_capacity(n);
    for (s, row) in matrix.chunks(n).enumerate() {
        starts.push(tally(s as u32, row, &mut reached, |t, d| targets[t].add(d, true)));
    }
    HalfStudy {
        grid: grid.clone(),
        regime: Regime::Unrestricted,
        starts,
        reached,
        targets,
        matrix: None,
    }
}

/// A board of any shape in a column's description.
const ANY_BOARD: &str = "a board, rows joined by '.' (R red, W white, B blue, - a hole), e.g. RWB.W-R.BBB";

pub static PAIRS_TABLE: Schema = schema(
    "tricolore/pairs_*/table.csv",
    "Every (start, board) pair of a small board (the unrestricted regime; the board in the directory name) by the \
        fewest clicks after which the board is first shown. No totals row: the total is the sum of reached.",
    &[
        col(
            glossary::clicks,
            Integer,
            "k, the fewest clicks after which a board is first shown (the start itself at its first return); \
            the first click is free",
        ),
        col(
            glossary::reached,
            Integer,
            "(start, board) pairs first reached after exactly k clicks, over every start",
        ),
        col(
            glossary::mean_per_start,
            Number,
            "reached / boards: boards first reached after k clicks per start, on average",
        ),
        col(
            glossary::share,
            Number,
            "reached / (sum of reached over all k): share of all reachable pairs, a decimal in [0, 1]",
        ),
    ],
    &[glossary::clicks],
);

pub static PAIRS_TARGETS: Schema = schema(
    "tricolore/pairs_*/targets.csv",
    "Clicks to reach each board of a small board (the unrestricted regime), over every start other than it: the \
        target's mean, and its eccentricity (the most clicks any start needs).",
    &[
        col(glossary::target, Kind::String, ANY_BOARD),
        col(
            glossary::starts,
            Integer,
            "starts other than the target that can reach it (0: no start can)",
        ),
        col(
            glossary::mean_clicks,
            Number,
            "mean fewest clicks to the target over those starts; empty when none",
        ),
        col(
            glossary::max_clicks,
            Number,
            "most clicks any of those starts needs; empty when none",
        ),
    ],
    &[glossary::target],
);

pub static PAIRS_ECCENTRICITY: Schema = schema(
    "tricolore/pairs_*/eccentricity.csv",
    "Starts of a small board (the unrestricted regime) by their eccentricity: the most of the fewest clicks to any \
        board they reach.",
    &[
        col(
            glossary::max_clicks,
            Integer,
            "eccentricity of the start: the most of the fewest clicks over every board reachable from it, the \
            start itself counted at its first return (as in starts.csv)",
        ),
        col(
            glossary::starts,
            Integer,
            "starts (of every board) with this eccentricity",
        ),
    ],
    &[glossary::max_clicks],
);

pub static PAIRS_STARTS: Schema = schema(
    "tricolore/pairs_*/starts.csv",
    "One row per start of a small board (the unrestricted regime; every board is a start): what it reaches and in \
        how many clicks.",
    &[
        col(glossary::start_board, Kind::String, ANY_BOARD),
        col(
            glossary::reachable_boards,
            Integer,
            "boards reachable from the start (the start itself when it can return to it)",
        ),
        col(
            glossary::max_clicks,
            Integer,
            "eccentricity: the most clicks any reachable board needs, the start itself counted at its first \
            return (as in eccentricity.csv)",
        ),
        col(
            glossary::mean_clicks,
            Number,
            "mean fewest clicks over the reachable boards (4 decimals)",
        ),
    ],
    &[glossary::start_board],
);

/// The directory of a board's pairs under `data/tricolore/`: `pairs_3x3-ring_king`.
pub fn dir_name(label: &str, grid: &Grid) -> String {
    format!("pairs_{label}_{}", grid.adjacency().name())
}

/// The board of the record: the 3x3 box without its centre, king adjacency (8 squares).
pub fn ring() -> Result<Grid> {
    let cells: Vec<(usize, usize)> = (0..3)
        .flat_map(|r| (0..3).map(move |c| (r, c)))
        .filter(|&rc| rc != (1, 1))
        .collect();
    Grid::from_cells(&cells, crate::puzzles::tricolore::Adjacency::King)
}

/// The ring's name in file names.
pub const RING: &str = "ring";

/// The tables (the half board's, over every start) and the two charts, into (data directory,
/// reports directory).
pub fn export(s: &HalfStudy, label: &str, (data, reports): (&str, &str), out: &mut Export) -> Result<()> {
    out.table(Area::Data, data, "table.csv", &report::half_table(s));
    out.table(Area::Data, data, "targets.csv", &report::targets_table(s));
    out.table(Area::Data, data, "eccentricity.csv", &report::eccentricity_table(s));
    out.table(Area::Data, data, "starts.csv", &report::starts_table(s));
    let name = format!(
        "{} ({}, {} adjacency)",
        label,
        s.grid.size_label(),
        s.grid.adjacency().name()
    );
    let stem = dir_name(label, &s.grid);
    out.chart(
        Area::Reports,
        reports,
        &format!("{stem}_clicks"),
        &report::clicks_chart(&format!("{name}: boards first reached after k clicks"), &[(label, s)])?,
    );
    out.chart(
        Area::Reports,
        reports,
        &format!("{stem}_eccentricity"),
        &eccentricity_chart(&format!("{name}: eccentricities"), s)?,
    );
    Ok(())
}

/// Starts by their eccentricity (most clicks to any board they reach) beside targets by theirs
/// (most clicks any start needs to reach them), one bar per click count.
fn eccentricity_chart(title: &str, s: &HalfStudy) -> Result<Rendered> {
    let starts = s.eccentricity();
    let mut targets = std::collections::BTreeMap::new();
    for m in s.targets.iter().filter_map(|t| t.max_clicks) {
        *targets.entry(m).or_insert(0u32) += 1;
    }
    let lo = starts
        .iter()
        .map(|e| e.0)
        .chain(targets.keys().copied())
        .min()
        .unwrap_or(0);
    let hi = starts
        .iter()
        .map(|e| e.0)
        .chain(targets.keys().copied())
        .max()
        .unwrap_or(0);
    let bar = |count: Option<u32>| count.map(f64::from);
    chart::category_bar_chart(&CategoryChart {
        title: title.to_string(),
        x_label: "clicks (the most a start needs to any board, or any start needs to a target)".into(),
        y_label: format!("boards (of {}, log scale)", s.boards()),
        categories: (lo..=hi).map(|k| k.to_string()).collect(),
        series: vec![
            CategorySeries {
                name: "starts by the most clicks to a board they reach".into(),
                values: (lo..=hi)
                    .map(|k| bar(starts.iter().find(|e| e.0 == k).map(|e| e.1)))
                    .collect(),
            },
            CategorySeries {
                name: "targets by the most clicks from a start that reaches them".into(),
                values: (lo..=hi).map(|k| bar(targets.get(&k).copied())).collect(),
            },
        ],
        y_scale: Scale::Log10,
        value_labels: true,
        markers: Vec::new(),
        y_max: None,
    })
}

#[cfg(test)]
mod tests {
    use super::super::half::UNREACHABLE;
    use super::*;
    use crate::puzzles::tricolore::Adjacency;

    /// Fewest clicks from `start` to every board by a plain breadth-first search over (board,
    /// last square clicked), no symmetry and no tables.
    fn plain_row(game: &Game, start: u32) -> Vec<u8> {
        let n = game.grid.boards() as usize;
        let mut dist = vec![UNREACHABLE; n];
        let mut seen = std::collections::HashSet::new();
        let mut frontier = vec![(start, None::<usize>)];
        let mut depth = 0u8;
        while !frontier.is_empty() {
            depth += 1;
            let mut next = Vec::new();
            for &(b, last) in &frontier {
                for sq in 0..game.grid.squares() {
                    if let Some(c) = game.try_click(b, last, sq) {
                        if seen.insert((c, sq)) {
                            if dist[c as usize] == UNREACHABLE {
                                dist[c as usize] = depth;
                            }
                            next.push((c, Some(sq)));
                        }
                    }
                }
            }
            frontier = next;
        }
        dist
    }

    #[test]
    fn symmetric_search_matches_a_plain_search_from_every_start() {
        // A plus (8 symmetries), a U (a mirror), an L (a diagonal mirror) and a rectangle (4).
        let plus = Grid::from_cells(&[(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)], Adjacency::King).unwrap();
        let u = Grid::from_cells(&[(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)], Adjacency::King).unwrap();
        let l = Grid::from_cells(&[(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)], Adjacency::Orthogonal).unwrap();
        let rect = Grid::new(3, 2, Adjacency::King).unwrap();
        for grid in [plus, u, l, rect] {
            let s = run(&grid, &Counters::default()).unwrap();
            let game = Game::new(grid.clone(), Regime::Unrestricted).unwrap();
            let n = grid.boards();
            let mut reached = vec![0u64; 1];
            let mut target_max = vec![None::<u8>; n as usize];
            for start in 0..n {
                let row = plain_row(&game, start);
                for (t, &d) in row
                    .iter()
                    .enumerate()
                    .filter(|&(t, &d)| d != UNREACHABLE && t != start as usize)
                {
                    target_max[t] = Some(target_max[t].map_or(d, |m: u8| m.max(d)));
                }
                let reachable: Vec<u8> = row.iter().copied().filter(|&d| d != UNREACHABLE).collect();
                let r = &s.starts[start as usize];
                assert_eq!(
                    r.reached as usize,
                    reachable.len(),
                    "{} from {start}",
                    grid.size_label()
                );
                assert_eq!(r.max_clicks, reachable.iter().copied().max().unwrap_or(0));
                for &d in &reachable {
                    if reached.len() <= d as usize {
                        reached.resize(d as usize + 1, 0);
                    }
                    reached[d as usize] += 1;
                }
            }
            assert_eq!(s.reached, reached, "{}", grid.size_label());
            let max: Vec<Option<u8>> = s.targets.iter().map(|t| t.max_clicks).collect();
            assert_eq!(max, target_max, "{}", grid.size_label());
        }
    }
}
