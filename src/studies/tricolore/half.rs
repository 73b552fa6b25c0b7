//! The document's 4x2 half-board statistics: one search per start of every mirror pair, the
//! "reached at k clicks" table, per-target averages, per-start maxima, and the full distance
//! matrix.

use crate::engine::norepeat::{Scratch, SuccessorTable};
use crate::puzzles::tricolore::{Adjacency, Game, Grid, Regime};
use anyhow::Result;
use rayon::prelude::*;

/// "Never" in a distance row.
pub const UNREACHABLE: u8 = u8::MAX;

/// Per-start summary.
#[derive(Clone, Debug, PartialEq)]
pub struct StartRow {
    pub start: u32,
    /// Boards reached (the start counts at its first return).
    pub reached: u32,
    pub max_clicks: u8,
    /// Mean clicks over the boards reached.
    pub mean_clicks: f64,
}

/// Per-target summary over the representative starts other than the target, and over every
/// start other than the target (the mirror images too: seed 003's reversed table says "compiled
/// over all possible starting states", and the two means can round differently).
#[derive(Clone, Debug, PartialEq)]
pub struct TargetRow {
    pub target: u32,
    /// Representative starts that can reach it.
    pub starts: u32,
    pub sum_clicks: u64,
    pub max_clicks: Option<u8>,
    /// Every start (of all 6561) other than the target that can reach it.
    pub all_starts: u32,
    pub all_sum_clicks: u64,
    pub all_max_clicks: Option<u8>,
}

impl TargetRow {
    pub fn average(&self) -> Option<f64> {
        (self.starts > 0).then(|| self.sum_clicks as f64 / self.starts as f64)
    }
    /// The mean over every start other than the target.
    pub fn all_starts_average(&self) -> Option<f64> {
        (self.all_starts > 0).then(|| self.all_sum_clicks as f64 / self.all_starts as f64)
    }
    /// A target no start has reached yet.
    pub fn empty(target: u32) -> TargetRow {
        TargetRow {
            target,
            starts: 0,
            sum_clicks: 0,
            max_clicks: None,
            all_starts: 0,
            all_sum_clicks: 0,
            all_max_clicks: None,
        }
    }
    pub(super) fn add(&mut self, d: u8, representative: bool) {
        if representative {
            self.starts += 1;
            self.sum_clicks += u64::from(d);
            self.max_clicks = Some(self.max_clicks.map_or(d, |m| m.max(d)));
        }
        self.all_starts += 1;
        self.all_sum_clicks += u64::from(d);
        self.all_max_clicks = Some(self.all_max_clicks.map_or(d, |m| m.max(d)));
    }
}

pub struct HalfStudy {
    pub grid: Grid,
    pub regime: Regime,
    /// One start per mirror pair, ascending (the representative first in R < W < B order).
    pub starts: Vec<StartRow>,
    /// `reached[k]`: (start, board) pairs whose first appearance is after exactly k clicks.
    pub reached: Vec<u64>,
    pub targets: Vec<TargetRow>,
    /// Row-major `starts x boards` distances over *every* start (`UNREACHABLE` = never), when
    /// asked for: `matrix[s * boards + t]`.
    pub matrix: Option<Vec<u8>>,
}

impl HalfStudy {
    pub fn boards(&self) -> u32 {
        self.grid.boards()
    }
    pub fn total(&self) -> u64 {
        self.reached.iter().sum()
    }
    /// Mean clicks over all (start, board) pairs: what the table implies.
    pub fn mean_clicks(&self) -> f64 {
        let weighted: u64 = self.reached.iter().enumerate().map(|(k, &n)| k as u64 * n).sum();
        weighted as f64 / self.total() as f64
    }
    pub fn max_clicks(&self) -> usize {
        self.reached.len() - 1
    }
    pub fn target(&self, board: u32) -> &TargetRow {
        &self.targets[board as usize]
    }
    pub fn start(&self, board: u32) -> Option<&StartRow> {
        self.starts
            .binary_search_by_key(&board, |r| r.start)
            .ok()
            .map(|i| &self.starts[i])
    }
    /// Starts per maximum clicks.
    pub fn eccentricity(&self) -> Vec<(u8, u32)> {
        let mut counts = std::collections::BTreeMap::new();
        for r in &self.starts {
            *counts.entry(r.max_clicks).or_insert(0u32) += 1;
        }
        counts.into_iter().collect()
    }
}

#[derive(Clone, Copy, Debug)]
pub struct HalfOptions {
    pub regime: Regime,
    pub adjacency: Adjacency,
    /// Also give the distances from every start (not only mirror representatives).
    pub matrix: bool,
}

/// Distances from `start` (first click free; the start itself at its first return).
pub fn distances_from(table: &SuccessorTable, start: u32) -> Vec<u8> {
    let mut out = Vec::new();
    table.first_arrivals(start, &mut Scratch::default(), &mut out);
    out
}

pub fn run(opts: &HalfOptions) -> Result<HalfStudy> {
    let grid = Grid::half(opts.adjacency);
    let game = Game::new(grid.clone(), opts.regime)?;
    let table = SuccessorTable::new(&game)?;
    let n = grid.boards() as usize;
    let reps: Vec<u32> = (0..n as u32).filter(|&b| grid.mirror_representative(b) == b).collect();
    let rows = distance_rows(&table, &reps, || {});
    let row_of = |s: u32| -> &[u8] {
        let i = reps.binary_search(&s).expect("a representative");
        &rows[i * n..(i + 1) * n]
    };
    let mut reached = vec![0u64; 1];
    let mut starts = Vec::with_capacity(reps.len());
    let mut targets: Vec<TargetRow> = (0..n as u32).map(TargetRow::empty).collect();
    let mirror: Vec<u32> = (0..n as u32).map(|b| grid.mirror(b)).collect();
    for &s in &reps {
        starts.push(tally(s, row_of(s), &mut reached, |t, d| {
            targets[t].add(d, true);
            // The mirrored start reaches the mirrored target in as many clicks (the rules and the
            // regimes are left-right symmetric).
            if mirror[s as usize] != s {
                targets[mirror[t] as usize].add(d, false);
            }
        }));
    }
    let matrix = opts.matrix.then(|| mirrored_matrix(&grid, &reps, &rows));
    Ok(HalfStudy {
        grid,
        regime: opts.regime,
        starts,
        reached,
        targets,
        matrix,
    })
}

/// The distance rows of `starts` (each `boards` long, one after another), searched in parallel;
/// `done` after each.
pub(super) fn distance_rows(table: &SuccessorTable, starts: &[u32], done: impl Fn() + Sync) -> Vec<u8> {
    let n = table.nodes();
    let mut rows = vec![0u8; starts.len() * n];
    rows.par_chunks_mut(n).zip(starts.par_iter()).for_each_init(
        || (Scratch::default(), Vec::new()),
        |(scratch, buf), (row, &s)| {
            table.first_arrivals(s, scratch, buf);
            row.copy_from_slice(buf);
            done();
        },
    );
    rows
}

/// One start's distance row summed up: its reachable pairs added to `reached` by clicks, and
/// `each(target, clicks)` called for every other board it reaches.
pub(super) fn tally(start: u32, row: &[u8], reached: &mut Vec<u64>, mut each: impl FnMut(usize, u8)) -> StartRow {
    let (mut count, mut sum, mut max) = (0u32, 0u64, 0u8);
    for (t, &d) in row.iter().enumerate().filter(|&(_, &d)| d != UNREACHABLE) {
        if reached.len() <= d as usize {
            reached.resize(d as usize + 1, 0);
        }
        reached[d as usize] += 1;
        count += 1;
        sum += u64::from(d);
        max = max.max(d);
        if t as u32 != start {
            each(t, d);
        }
    }
    StartRow {
        start,
        reached: count,
        max_clicks: max,
        mean_clicks: sum as f64 / count.max(1) as f64,
    }
}

/// Every start's distances to every board, from the rows of the representatives `reps`: the rules
/// and all three regimes are left-right symmetric, so the distance from a mirrored start to a
/// mirrored target is the representative's (the tests check this on samples).
fn mirrored_matrix(grid: &Grid, reps: &[u32], rows: &[u8]) -> Vec<u8> {
    let n = grid.boards() as usize;
    let row_of = |s: u32| {
        let i = reps.binary_search(&s).expect("a representative");
        &rows[i * n..(i + 1) * n]
    };
    let mirror: Vec<u32> = (0..n as u32).map(|b| grid.mirror(b)).collect();
    let mut m = vec![0u8; n * n];
    m.par_chunks_mut(n).enumerate().for_each(|(s, out)| {
        let s = s as u32;
        let rep = grid.mirror_representative(s);
        let row = row_of(rep);
        if rep == s {
            out.copy_from_slice(row);
        } else {
            for (t, d) in out.iter_mut().enumerate() {
                *d = row[mirror[t] as usize];
            }
        }
    });
    m
}

/// Distances from one start of the 4x2 board (first click free; the start at its first return).
pub fn distances(regime: Regime, adjacency: Adjacency, start: u32) -> Result<Vec<u8>> {
    let game = Game::new(Grid::half(adjacency), regime)?;
    Ok(distances_from(&SuccessorTable::new(&game)?, start))
}
