//! The peg study as tables, charts and a dataset: pure functions from results to bytes, plus
//! [`write`] that puts them in output directories.

use super::PegStudy;
use crate::output::chart::{self, Heatmap, LineChart, Rendered, Series};
use crate::output::dataset::to_parquet;
use crate::output::{OutputDir, Table};
use crate::puzzles::peg::{format_play, Triangle};
use anyhow::Result;
use polars::prelude::*;

pub fn levels_table(s: &PegStudy) -> Table {
    let mut t = Table::new(&["pegs", "reachable", "winnable", "dead"]);
    let mut rows = s.levels.clone();
    rows.sort_by_key(|r| r.pegs);
    for r in rows {
        t.push(vec![r.pegs.into(), r.reachable.into(), r.winnable.into(), (r.reachable - r.winnable).into()]);
    }
    t
}

pub fn starts_table(s: &PegStudy) -> Table {
    let mut t =
        Table::new(&["start", "reachable_positions", "winning_sequences", "complete_games", "min_moves"]);
    for r in &s.starts {
        t.push(vec![
            (r.start + 1).into(),
            r.reachable_positions.into(),
            r.winning_sequences.into(),
            r.complete_games.into(),
            r.min_moves.into(),
        ]);
    }
    t
}

pub fn finishes_table(s: &PegStudy) -> Table {
    let mut t = Table::new(&["start", "finish", "winning_sequences", "min_moves", "optimal_play"]);
    for r in &s.finishes {
        t.push(vec![
            (r.start + 1).into(),
            (r.finish + 1).into(),
            r.winning_sequences.into(),
            r.min_moves.into(),
            format_play(&r.optimal_play).into(),
        ]);
    }
    t
}

pub fn profile_table(s: &PegStudy) -> Table {
    let mut t = Table::new(&["start", "jumps", "positions"]);
    for &(start, jumps, n) in &s.profile {
        t.push(vec![(start + 1).into(), jumps.into(), n.into()]);
    }
    t
}

pub fn move_histogram_table(hist: &[(u32, u128)]) -> Table {
    let mut t = Table::new(&["moves", "winning_sequences"]);
    for &(m, c) in hist {
        t.push(vec![m.into(), c.into()]);
    }
    t
}

/// Positions per jump depth, one line per start orbit (its smallest hole).
pub fn profile_chart(s: &PegStudy) -> Result<Rendered> {
    let t = Triangle::any_side(s.side);
    let series = t
        .hole_orbits()
        .iter()
        .map(|orbit| Series {
            name: format!(
                "start {} (orbit of {})",
                orbit[0] + 1,
                orbit.len()
            ),
            points: s
                .profile
                .iter()
                .filter(|p| p.0 == orbit[0])
                .map(|&(_, k, n)| (k as f64, n as f64))
                .collect(),
        })
        .collect();
    chart::line_chart(&LineChart {
        title: format!("T{}: positions reachable after k jumps, per start orbit", s.side),
        x_label: "jumps".into(),
        y_label: "positions (log scale)".into(),
        series,
        log_y: true,
        lines: true,
    })
}

/// Minimum moves for every (start, finish); grey = no single-peg finish.
pub fn min_moves_chart(s: &PegStudy) -> Result<Rendered> {
    let n = s.holes;
    let mut cells = vec![vec![None; n]; n];
    for f in &s.finishes {
        cells[f.finish][f.start] = Some(f.min_moves as f64);
    }
    let ticks: Vec<String> = (1..=n).map(|h| h.to_string()).collect();
    chart::heatmap_with_key(
        &Heatmap {
            title: format!("T{}: minimum moves from start (x) to finish (y)", s.side),
            x_label: "start hole (the one vacancy)".into(),
            y_label: "finish hole (the last peg)".into(),
            x_ticks: ticks.clone(),
            y_ticks: ticks,
            cells,
            none_label: "-".into(),
        },
        &chart::ColourKey { title: "minimum moves".into(), none_meaning: "no single-peg finish".into() },
    )
}

/// Every reachable position, for research use.
pub fn positions_parquet(s: &PegStudy) -> Result<Option<Vec<u8>>> {
    let Some(p) = &s.positions else { return Ok(None) };
    let mut df = DataFrame::new_infer_height(vec![
        Column::new("board".into(), p.boards.clone()),
        Column::new("pegs".into(), p.boards.iter().map(|b| b.count_ones() as u8).collect::<Vec<u8>>()),
        Column::new("winnable".into(), p.winnable.clone()),
        Column::new("min_moves".into(), p.min_moves.iter().map(|m| m.map(|m| m as u8)).collect::<Vec<Option<u8>>>()),
    ])?;
    let provenance = [
        ("statespace.puzzle", format!("peg triangle T{}", s.side)),
        (
            "statespace.columns",
            "board: bit i-1 = peg in hole i (holes row by row from the apex); pegs; winnable: a single peg can still be reached; min_moves: fewest moves (chains of jumps by one peg) to a single peg, null when impossible".into(),
        ),
        ("statespace.scope", "union of positions reachable from every single-vacancy start".into()),
    ];
    Ok(Some(to_parquet(&mut df, &provenance)?))
}

/// Writes the study's tables and dataset to `data` and its charts to `charts`.
pub fn write(s: &PegStudy, data: &mut OutputDir, charts: &mut OutputDir) -> Result<()> {
    data.write_table("levels.csv", &levels_table(s))?;
    if s.starts.is_empty() {
        return Ok(()); // levels only
    }
    data.write_table("starts.csv", &starts_table(s))?;
    data.write_table("finishes.csv", &finishes_table(s))?;
    data.write_table("profile.csv", &profile_table(s))?;
    if let Some(h) = &s.move_histogram {
        data.write_table("move_histogram.csv", &move_histogram_table(h))?;
    }
    if let Some(bytes) = positions_parquet(s)? {
        let rows = s.positions.as_ref().map(|p| p.boards.len() as u64);
        data.write("positions.parquet", &bytes, rows)?;
    }
    charts.write_chart(&format!("T{}_profile", s.side), &profile_chart(s)?)?;
    charts.write_chart(&format!("T{}_min_moves", s.side), &min_moves_chart(s)?)?;
    Ok(())
}


/// The headline numbers of one side, for the family report.
#[derive(Clone, Debug)]
pub struct SideSummary {
    pub side: usize,
    pub holes: usize,
    pub jumps: usize,
    pub reachable_union: u64,
    pub winnable_union: u64,
    pub solvable_starts: usize,
    pub solvable_problems: usize,
    pub winning_sequences: u128,
    pub complete_games: u128,
    pub min_moves: Option<u32>,
    /// (start, finish, play) of the first shortest problem.
    pub shortest: Option<(usize, usize, String)>,
    /// (pegs, reachable, winnable) over the union of starts, for the all-sides chart.
    pub levels: Vec<(u32, u64, u64)>,
}

pub fn summary(s: &PegStudy) -> SideSummary {
    let best = s.finishes.iter().min_by_key(|f| (f.min_moves, f.start, f.finish));
    SideSummary {
        side: s.side,
        holes: s.holes,
        jumps: Triangle::any_side(s.side).jumps().len(),
        reachable_union: s.levels.iter().map(|l| l.reachable).sum(),
        winnable_union: s.levels.iter().map(|l| l.winnable).sum(),
        solvable_starts: s.starts.iter().filter(|r| r.min_moves.is_some()).count(),
        solvable_problems: s.finishes.len(),
        winning_sequences: s.starts.iter().map(|r| r.winning_sequences).sum(),
        complete_games: s.starts.iter().map(|r| r.complete_games).sum(),
        min_moves: best.map(|f| f.min_moves),
        shortest: best.map(|f| (f.start + 1, f.finish + 1, format_play(&f.optimal_play))),
        levels: s.levels.iter().map(|l| (l.pegs as u32, l.reachable, l.winnable)).collect(),
    }
}

/// OEIS A127500 (shortest solution over all problems on side n), n = 4..10.
const A127500: [(usize, u32); 7] = [(4, 5), (5, 9), (6, 9), (7, 12), (8, 13), (9, 16), (10, 18)];

/// The family report, generated from the computed summaries (never hand-written numbers).
pub fn markdown(sides: &[SideSummary]) -> String {
    let mut md = String::from(
        "# Peg solitaire on triangles: report\n\n\
         Generated by `statespace reproduce` from the tables in `data/peg/T*/`; do not edit.\n\n\
         A *move* is a maximal chain of jumps by one peg. Counts are over jump sequences from every \
         single-vacancy start, with no symmetry reduction.\n\n\
         | side | holes | jumps | positions reachable (union) | of which winnable | solvable starts | solvable (start, finish) problems | winning sequences | complete games | fewest moves | OEIS A127500 |\n\
         |---|---|---|---|---|---|---|---|---|---|---|\n",
    );
    for s in sides {
        let oeis = A127500.iter().find(|a| a.0 == s.side).map(|a| a.1);
        let verdict = match (s.min_moves, oeis) {
            (Some(m), Some(o)) if m == o => format!("{o} (matches)"),
            (_, Some(o)) => format!("{o} (DIFFERS)"),
            _ => "-".into(),
        };
        md += &format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |\n",
            s.side,
            s.holes,
            s.jumps,
            s.reachable_union,
            s.winnable_union,
            s.solvable_starts,
            s.solvable_problems,
            s.winning_sequences,
            s.complete_games,
            s.min_moves.map_or("-".into(), |m| m.to_string()),
            verdict
        );
    }
    md += "\nA shortest play for each side (start vacancy -> finishing hole):\n\n";
    for s in sides {
        if let Some((a, b, play)) = &s.shortest {
            md += &format!("- T{}: {a} -> {b}: `{play}`\n", s.side);
        }
    }
    if let Some(t4) = sides.iter().find(|s| s.side == 4) {
        md += &format!(
            "\n## Seed 001 (the 10-coin triangle) checked\n\n\
             - \"18 legitimate moves\": the model has {} jumps on T4 (3(n-1)(n-2) in general). {}\n\
             - \"84 possible plays which win the game\": {} winning jump sequences over all 10 starts. {}\n\
             - The lowest number of moves: {}. The seed does not print it; OEIS A127500 gives 5.\n",
            t4.jumps,
            if t4.jumps == 18 { "Confirmed." } else { "REFUTED." },
            t4.winning_sequences,
            if t4.winning_sequences == 84 { "Confirmed." } else { "REFUTED." },
            t4.min_moves.map_or("none".into(), |m| m.to_string()),
        );
    }
    md += "\nSide 8 (36 holes) is not analysed: its visited set and two frontiers as flat bit arrays \
           need 3 x 2^36 bits = 24 GiB, the whole memory of this machine.\n\n\
           Charts: `T{n}_profile` (positions after k jumps per start orbit) and `T{n}_min_moves` \
           (minimum moves for each start and finish; '-' = no single-peg finish), PNG and SVG.\n";
    md
}
