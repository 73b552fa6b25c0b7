//! Tricolore results as tables, charts and datasets: pure functions from results to bytes.

use super::full::{FullStudy, ReachRow};
use super::half::{HalfStudy, UNREACHABLE};
use crate::output::chart::{self, BarChart, Rendered, Series};
use crate::output::dataset::to_parquet;
use crate::output::{Cell, Table};
use anyhow::Result;
use polars::prelude::*;

/// The document's table as tidy data: boards first reached after k clicks, summed over the
/// starts; the mean per start and the share of all (start, board) pairs, unrounded (the report
/// shows the document's rounding and the totals).
pub fn half_table(s: &HalfStudy) -> Table {
    let mut t = Table::new(&["clicks", "reached", "mean_per_start", "share"]);
    let starts = s.starts.len() as f64;
    let total = s.total();
    for (k, &n) in s.reached.iter().enumerate().skip(1) {
        t.push(vec![
            k.into(),
            n.into(),
            Cell::Fixed(n as f64 / starts, 6),
            Cell::Fixed(n as f64 / total as f64, 9),
        ]);
    }
    t
}

/// Starts that reach every target, and their mean and maximum clicks, over the representative
/// starts other than it (unrounded: the report rounds as the document does).
pub fn targets_table(s: &HalfStudy) -> Table {
    let mut t = Table::new(&["target", "starts", "mean_clicks", "max_clicks"]);
    for r in &s.targets {
        let avg = r.average().map_or(Cell::Empty, |a| Cell::Fixed(a, 6));
        t.push(vec![
            s.grid.format(r.target).into(),
            r.starts.into(),
            avg,
            r.max_clicks.into(),
        ]);
    }
    t
}

pub fn eccentricity_table(s: &HalfStudy) -> Table {
    let mut t = Table::new(&["max_clicks", "starts"]);
    for (m, n) in s.eccentricity() {
        t.push(vec![m.into(), n.into()]);
    }
    t
}

/// One row per board studied (size, adjacency, regime, and for the 4x4 board each target): how
/// many (start, target) pairs there are, how many are reachable, and the most and mean clicks.
/// The half board's starts are the 3321 mirror-pair representatives and its targets every board;
/// the 4x4 board's starts are every board and its target the one named.
pub fn boards_table(halves: &[&HalfStudy], fulls: &[FullStudy]) -> Table {
    let mut t = Table::new(&[
        "board_size",
        "adjacency",
        "regime",
        "target",
        "boards",
        "starts",
        "pairs",
        "reachable_pairs",
        "share_reachable",
        "max_clicks",
        "mean_clicks",
    ]);
    let size = |g: &crate::puzzles::tricolore::Grid| format!("{}x{}", g.width(), g.height());
    for s in halves {
        let pairs = s.starts.len() as u64 * u64::from(s.boards());
        t.push(vec![
            size(&s.grid).into(),
            s.grid.adjacency().name().into(),
            s.regime.name().into(),
            Cell::Empty,
            s.boards().into(),
            s.starts.len().into(),
            pairs.into(),
            s.total().into(),
            Cell::Fixed(s.total() as f64 / pairs as f64, 6),
            s.max_clicks().into(),
            Cell::Fixed(s.mean_clicks(), 6),
        ]);
    }
    for f in fulls {
        let reachable: u64 = f.boards.iter().sum();
        let weighted: u64 = f.boards.iter().enumerate().map(|(k, &n)| k as u64 * n).sum();
        let boards = u64::from(f.grid.boards());
        t.push(vec![
            size(&f.grid).into(),
            f.grid.adjacency().name().into(),
            crate::puzzles::tricolore::Regime::Unrestricted.name().into(),
            f.grid.format(f.target).into(),
            boards.into(),
            boards.into(),
            boards.into(),
            reachable.into(),
            Cell::Fixed(reachable as f64 / boards as f64, 6),
            (f.boards.len() - 1).into(),
            Cell::Fixed(weighted as f64 / reachable as f64, 6),
        ]);
    }
    t
}

pub fn starts_table(s: &HalfStudy) -> Table {
    let mut t = Table::new(&["start_board", "reachable_boards", "max_clicks", "mean_clicks"]);
    for r in &s.starts {
        t.push(vec![
            s.grid.format(r.start).into(),
            r.reached.into(),
            r.max_clicks.into(),
            Cell::Fixed(r.mean_clicks, 4),
        ]);
    }
    t
}

/// The full distance matrix in long format (start, target, clicks), for research.
pub fn matrix_parquet(s: &HalfStudy) -> Result<Option<Vec<u8>>> {
    let Some(m) = &s.matrix else { return Ok(None) };
    let n = s.boards() as usize;
    let start: Vec<u16> = (0..n * n).map(|i| (i / n) as u16).collect();
    let target: Vec<u16> = (0..n * n).map(|i| (i % n) as u16).collect();
    let clicks: Vec<Option<u8>> = m.iter().map(|&d| (d != UNREACHABLE).then_some(d)).collect();
    let mut df = DataFrame::new_infer_height(vec![
        Column::new("start_index".into(), start),
        Column::new("target_index".into(), target),
        Column::new("clicks".into(), clicks),
    ])?;
    let provenance = [
        (
            "statespace.puzzle",
            format!(
                "Tricolore 4x2 half board, {} regime, {} adjacency",
                s.regime.name(),
                s.grid.adjacency().name()
            ),
        ),
        (
            "statespace.columns",
            "start, target: board index, the base-3 number whose digits are the squares row by row (R=0, W=1, B=2; \
                square 0 most significant), so index order is text order with R<W<B; clicks: fewest clicks (no square \
                twice in succession, first click free) after which the target board is shown, null when never; for \
                start = target, the first return"
                .into(),
        ),
        ("statespace.rows", format!("{} starts x {} targets", n, n)),
    ];
    Ok(Some(to_parquet(&mut df, &provenance)?))
}

/// Boards first reached after k clicks, one series per study (regime or adjacency).
pub fn clicks_chart(title: &str, studies: &[(&str, &HalfStudy)]) -> Result<Rendered> {
    let series = studies
        .iter()
        .map(|(name, s)| Series {
            name: name.to_string(),
            points: s
                .reached
                .iter()
                .enumerate()
                .skip(1)
                .map(|(k, &n)| (k as f64, n as f64))
                .collect(),
        })
        .collect();
    chart::bar_chart(&BarChart {
        title: title.into(),
        x_label: "clicks".into(),
        y_label: "(start, board) pairs first reached".into(),
        series,
        log_y: true,
    })
}

/// Starts per maximum clicks needed (eccentricity), one series per study.
pub fn eccentricity_chart(title: &str, studies: &[(&str, &HalfStudy)]) -> Result<Rendered> {
    let series = studies
        .iter()
        .map(|(name, s)| Series {
            name: name.to_string(),
            points: s.eccentricity().iter().map(|&(m, n)| (m as f64, n as f64)).collect(),
        })
        .collect();
    chart::bar_chart(&BarChart {
        title: title.into(),
        x_label: "maximum clicks from the start (eccentricity)".into(),
        y_label: format!("starts (of {})", studies.first().map_or(0, |(_, s)| s.starts.len())),
        series,
        log_y: true,
    })
}

/// Boards and (board, last click) states by fewest clicks to the target.
pub fn full_table(s: &FullStudy) -> Table {
    let mut t = Table::new(&["clicks", "boards", "states"]);
    for (k, (&b, &st)) in s.boards.iter().zip(&s.states).enumerate() {
        if b > 0 || st > 0 {
            t.push(vec![k.into(), b.into(), st.into()]);
        }
    }
    t
}

/// Boards by fewest clicks to each target.
pub fn full_chart(studies: &[&FullStudy]) -> Result<Rendered> {
    let first = studies.first().expect("at least one study");
    let series = studies
        .iter()
        .map(|s| Series {
            name: format!("to {}", s.grid.format(s.target)),
            points: s
                .boards
                .iter()
                .enumerate()
                .map(|(k, &n)| (k as f64, n as f64))
                .collect(),
        })
        .collect();
    chart::bar_chart(&BarChart {
        // A bar chart with one series draws no legend: then the target goes in the title.
        title: match studies {
            [one] => format!(
                "{}x{} board: fewest clicks to {}",
                one.grid.width(),
                one.grid.height(),
                one.grid.format(one.target)
            ),
            _ => format!(
                "{}x{} board: fewest clicks to the target",
                first.grid.width(),
                first.grid.height()
            ),
        },
        x_label: "clicks".into(),
        y_label: "boards".into(),
        series,
        log_y: true,
    })
}

/// One row per 5x4 target (`data/tricolore/full_5x4/summary.csv`): the symmetries its search
/// ran up to, the maximum and mean clicks, the farthest boards, and the boards and (board, last
/// click) states that cannot reach it (the boards listed when at most
/// [`super::full::UNREACHABLE_LISTED`]).
pub fn large_summary_table(studies: &[FullStudy]) -> Table {
    let mut t = Table::new(&super::saved::SUMMARY_COLUMNS);
    for s in studies {
        let (max, mean, farthest) = super::saved::max_mean(s);
        let sym = s.grid.symmetry_fixing(s.target);
        let list = s.unreachable_list.as_ref().map_or(String::new(), |l| {
            l.iter().map(|&b| s.grid.format(b)).collect::<Vec<_>>().join(" ")
        });
        t.push(vec![
            format!("{}x{}", s.grid.width(), s.grid.height()).into(),
            s.grid.adjacency().name().into(),
            s.grid.format(s.target).into(),
            s.symmetries.join("; ").into(),
            sym.orbits_count().into(),
            s.grid.boards().into(),
            max.into(),
            Cell::Fixed(mean, 6),
            farthest.into(),
            s.unreachable_boards.into(),
            s.unreachable_states.into(),
            list.into(),
        ]);
    }
    t
}

pub fn reach_table(rows: &[ReachRow]) -> Table {
    let mut t = Table::new(&["search", "examined", "missed", "missed_boards"]);
    for r in rows {
        t.push(vec![
            r.search.clone().into(),
            r.examined.into(),
            r.missed.into(),
            r.missed_boards.join(" ").into(),
        ]);
    }
    t
}
