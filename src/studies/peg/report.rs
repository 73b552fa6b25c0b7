//! The peg study as tables, charts and a dataset: pure functions from results to bytes, plus
//! [`write`] that puts them in output directories.

use super::min_moves::MinMoves;
use super::solvability::{ProblemRow, Verdict};
use super::PegResults;
use super::PegStudy;
use crate::output::chart::{self, Heatmap, Mark, Rendered, Scale, XYChart, XYSeries};
use crate::output::dataset::to_parquet;
use crate::output::report::{Block, Page, Section};
use crate::output::study_charts;
use crate::output::table::exact_count;
use crate::output::{Cell, Table};
use crate::puzzles::peg::{format_play, Triangle};
use crate::studies::{Area, Claim, Export};
use anyhow::Result;
use polars::prelude::*;

/// The columns of `levels.csv`, `symmetry.csv`, `starts.csv` and `finishes.csv`: the same on
/// every side (side 8 appends its own columns to the last two, [`T8_STARTS_EXTRA`],
/// [`T8_FINISHES_EXTRA`]), so one reader loads any side. `saved.rs` reads them back.
pub const LEVELS_COLUMNS: [&str; 4] = ["pegs", "reachable_positions", "winnable_positions", "dead_positions"];
pub const SYMMETRY_COLUMNS: [&str; 5] = [
    "pegs",
    "reachable_positions",
    "orbits",
    "fixed_by_rotation",
    "fixed_by_reflection",
];
pub const STARTS_COLUMNS: [&str; 8] = [
    "start",
    "reachable_positions",
    "winning_sequences",
    "log10_winning_sequences",
    "complete_games",
    "log10_complete_games",
    "min_moves",
    "solvable_finishes",
];
pub const FINISHES_COLUMNS_COMMON: [&str; 8] = [
    "start",
    "finish",
    "passes_class_test",
    "solvable",
    "winning_sequences",
    "log10_winning_sequences",
    "min_moves",
    "optimal_play",
];
/// Side 8's own columns: how each problem was decided, the play found with its moves (an upper
/// bound on the fewest), the exact fewest moves where proven, and the proven lower bound on the
/// fewest moves with its proof (`min_moves` and `optimal_play`, the common columns, are filled
/// where the bounds meet, as `min_moves_exact` is).
pub const T8_FINISHES_EXTRA: [&str; 7] = [
    "proof",
    "positions_searched",
    "moves_upper_bound",
    "play",
    "min_moves_exact",
    "min_moves_lower_bound",
    "min_moves_proof",
];
pub const T8_STARTS_EXTRA: [&str; 1] = ["min_moves_upper_bound"];
/// Side 8's `finishes.csv` header (the common columns, then its own).
pub const FINISHES_COLUMNS: [&str; 15] = [
    "start",
    "finish",
    "passes_class_test",
    "solvable",
    "winning_sequences",
    "log10_winning_sequences",
    "min_moves",
    "optimal_play",
    "proof",
    "positions_searched",
    "moves_upper_bound",
    "play",
    "min_moves_exact",
    "min_moves_lower_bound",
    "min_moves_proof",
];
/// Side 8's `finishes.csv` header with the bounds of issue 23 but before `min_moves_exact`.
pub const FINISHES_COLUMNS_BEFORE_EXACT: [&str; 14] = [
    "start",
    "finish",
    "passes_class_test",
    "solvable",
    "winning_sequences",
    "log10_winning_sequences",
    "min_moves",
    "optimal_play",
    "proof",
    "positions_searched",
    "moves_upper_bound",
    "play",
    "min_moves_lower_bound",
    "min_moves_proof",
];
/// Side 8's `finishes.csv` header before the fewest moves were settled (issue 23).
pub const FINISHES_COLUMNS_BEFORE_23: [&str; 12] = [
    "start",
    "finish",
    "passes_class_test",
    "solvable",
    "winning_sequences",
    "log10_winning_sequences",
    "min_moves",
    "optimal_play",
    "proof",
    "positions_searched",
    "moves_upper_bound",
    "play",
];

pub fn levels_table(s: &PegStudy) -> Table {
    let mut t = Table::new(&LEVELS_COLUMNS);
    let mut rows = s.levels.clone();
    rows.sort_by_key(|r| r.pegs);
    for r in rows {
        t.push(vec![
            r.pegs.into(),
            r.reachable.into(),
            r.winnable.into(),
            (r.reachable - r.winnable).into(),
        ]);
    }
    t
}

/// The union's levels under the six symmetries (pure: rows in, table out).
pub fn symmetry_table(rows: &[super::SymmetryRow]) -> Table {
    let mut t = Table::new(&SYMMETRY_COLUMNS);
    let mut rows = rows.to_vec();
    rows.sort_by_key(|r| r.pegs);
    for r in rows {
        t.push(vec![
            r.pegs.into(),
            r.reachable.into(),
            r.orbits.into(),
            r.fixed_by_rotation.into(),
            r.fixed_by_reflection.into(),
        ]);
    }
    t
}

/// log10 of an exact count, for plotting beside the exact decimal column (empty for 0).
pub fn log10_cell(v: u128) -> Cell {
    if v == 0 {
        Cell::Empty
    } else {
        Cell::Fixed((v as f64).log10(), 6)
    }
}

pub fn starts_table(s: &PegStudy) -> Table {
    // Counts of sequences are exact text (their sums pass 64 bits on side 7) on every side, so a
    // reader gets one type whatever the side.
    let mut t = Table::new(&STARTS_COLUMNS);
    for r in &s.starts {
        let solvable_finishes = s.finishes.iter().filter(|f| f.start == r.start).count();
        t.push(vec![
            (r.start + 1).into(),
            r.reachable_positions.into(),
            exact_count(r.winning_sequences),
            log10_cell(r.winning_sequences),
            exact_count(r.complete_games),
            log10_cell(r.complete_games),
            r.min_moves.into(),
            solvable_finishes.into(),
        ]);
    }
    t
}

/// Every (start, finish) problem of a side with the exact analysis, solvable or not: the
/// solvable ones with their counts and an optimal play, the others with zero sequences.
pub fn finishes_table(s: &PegStudy) -> Table {
    let tri = Triangle::any_side(s.side);
    let mut t = Table::new(&FINISHES_COLUMNS_COMMON);
    for start in 0..s.holes {
        for finish in 0..s.holes {
            let found = s.finishes.iter().find(|f| f.start == start && f.finish == finish);
            t.push(vec![
                (start + 1).into(),
                (finish + 1).into(),
                tri.class_test(start, finish).into(),
                found.is_some().into(),
                exact_count(found.map_or(0, |f| f.winning_sequences)),
                log10_cell(found.map_or(0, |f| f.winning_sequences)),
                found.map(|f| f.min_moves).into(),
                found.map_or(Cell::Empty, |f| format_play(&f.optimal_play).into()),
            ]);
        }
    }
    t
}

/// Side 8's `starts.csv`: the columns of the other sides, empty where side 8 has no per-start
/// analysis (positions, sequences, games, exact minimum), the solvable finishes counted from the
/// problem table, and the fewest moves among the plays found (an upper bound).
pub fn problem_starts_table(holes: usize, problems: &[ProblemRow]) -> Table {
    let mut header = STARTS_COLUMNS.to_vec();
    header.extend(T8_STARTS_EXTRA);
    let mut t = Table::new(&header);
    for start in 0..holes {
        let rows: Vec<&ProblemRow> = problems.iter().filter(|p| p.start == start).collect();
        t.push(vec![
            (start + 1).into(),
            Cell::Empty,
            Cell::Empty,
            Cell::Empty,
            Cell::Empty,
            Cell::Empty,
            Cell::Empty,
            rows.iter().filter(|p| p.solvable()).count().into(),
            rows.iter().filter_map(|p| p.moves()).min().into(),
        ]);
    }
    t
}

/// Every (start, finish) problem decided by search, with its proof (sides beyond the exact
/// analysis): the common columns (sequence counts and exact minima empty: not computed), then
/// the proof and the play found, whose moves are an upper bound on the fewest.
pub fn problems_table(problems: &[ProblemRow]) -> Table {
    let mut t = Table::new(&FINISHES_COLUMNS);
    for r in problems {
        let (proof, searched, play) = match &r.verdict {
            Verdict::Play(p) => ("play", Cell::Empty, format_play(p).into()),
            Verdict::PositionClass => ("position class", Cell::Empty, Cell::Empty),
            Verdict::Exhausted { positions } => ("exhaustive search", (*positions).into(), Cell::Empty),
        };
        let (min, optimal, lower, why) = match &r.fewest {
            Some(m @ MinMoves::Exact { moves, play, .. }) => (
                (*moves).into(),
                format_play(play).into(),
                (*moves).into(),
                m.proof().into(),
            ),
            Some(m) => (Cell::Empty, Cell::Empty, m.lower_bound().into(), m.proof().into()),
            None => (Cell::Empty, Cell::Empty, Cell::Empty, Cell::Empty),
        };
        t.push(vec![
            (r.start + 1).into(),
            (r.finish + 1).into(),
            (!matches!(r.verdict, Verdict::PositionClass)).into(),
            r.solvable().into(),
            Cell::Empty,
            Cell::Empty,
            min,
            optimal,
            proof.into(),
            searched,
            r.moves().into(),
            play,
            r.fewest.as_ref().and_then(MinMoves::exact).into(),
            lower,
            why,
        ]);
    }
    t
}

/// Moves of the play found for every (start, finish); grey = impossible.
pub fn problems_chart(side: usize, problems: &[ProblemRow]) -> Result<Rendered> {
    let n = side * (side + 1) / 2;
    let mut cells = vec![vec![None; n]; n];
    for r in problems {
        cells[r.finish][r.start] = r.moves().map(f64::from);
    }
    start_finish_heatmap(
        format!("T{side}: moves of the play found from start (x) to finish (y)"),
        cells,
        "moves (upper bound)",
        "impossible",
    )
}

/// Per (start, finish): the best play's moves (the optimal play where the minimum is exact, which
/// may be shorter than the play first found) minus the proven lower bound on the fewest (0: the
/// minimum is exact); grey = impossible or not settled.
pub fn gap_chart(side: usize, problems: &[ProblemRow]) -> Result<Rendered> {
    let n = side * (side + 1) / 2;
    let mut cells = vec![vec![None; n]; n];
    for r in problems {
        if let (Some(up), Some(m)) = (r.moves(), &r.fewest) {
            cells[r.finish][r.start] = Some(f64::from(m.exact().unwrap_or(up) - m.lower_bound()));
        }
    }
    let low = problems
        .iter()
        .filter_map(|r| r.fewest.as_ref().map(|m| m.lower_bound()))
        .min()
        .unwrap_or(0);
    start_finish_heatmap(
        format!("T{side}: moves of the play found minus the proven lower bound (0 = exact; bounds from {low})"),
        cells,
        "moves not yet proven",
        "impossible",
    )
}

/// The fewest moves for every (start, finish) decided by search: exact where proven, else the
/// interval between the proven lower bound and the play found, one colour per distinct value or
/// interval; grey = impossible.
pub fn min_moves_bounds_chart(side: usize, problems: &[ProblemRow]) -> Result<Rendered> {
    let n = side * (side + 1) / 2;
    let interval = |r: &ProblemRow| -> Option<(u32, u32)> {
        let m = r.fewest.as_ref()?;
        Some((m.lower_bound(), m.exact().or(r.moves())?))
    };
    let mut kinds: Vec<(u32, u32)> = problems.iter().filter_map(interval).collect();
    kinds.sort_unstable();
    kinds.dedup();
    let mut cells = vec![vec![None; n]; n];
    for r in problems {
        if let Some(k) = interval(r) {
            cells[r.finish][r.start] = kinds.iter().position(|x| *x == k).map(|i| i as f64);
        }
    }
    let all_exact = kinds.iter().all(|(lo, hi)| lo == hi);
    let categories = kinds
        .iter()
        .map(|&(lo, hi)| match (lo == hi, all_exact) {
            (true, true) => lo.to_string(),
            (true, false) => format!("{lo}, exact"),
            _ => format!("{lo} to {hi}"),
        })
        .collect();
    let (title, key) = if all_exact {
        (
            format!("T{side}: fewest moves from start (x) to finish (y), every one exact"),
            "fewest moves",
        )
    } else {
        (
            format!("T{side}: fewest moves from start (x) to finish (y), exact or proven bounds"),
            "fewest moves (lower to upper bound)",
        )
    };
    start_finish_heatmap_of(
        title,
        cells,
        chart::ColourKey {
            title: key.into(),
            none_meaning: "impossible".into(),
            categories,
        },
    )
}

/// A (start, finish) grid of move counts, start holes across, finish holes up; `-` where `cells`
/// holds none (meaning `none_meaning`).
fn start_finish_heatmap(
    title: String,
    cells: Vec<Vec<Option<f64>>>,
    key: &str,
    none_meaning: &str,
) -> Result<Rendered> {
    start_finish_heatmap_of(
        title,
        cells,
        chart::ColourKey {
            title: key.into(),
            none_meaning: none_meaning.into(),
            categories: Vec::new(),
        },
    )
}

/// [`start_finish_heatmap`] with any colour key (named categories for intervals).
fn start_finish_heatmap_of(title: String, cells: Vec<Vec<Option<f64>>>, key: chart::ColourKey) -> Result<Rendered> {
    let ticks: Vec<String> = (1..=cells.len()).map(|h| h.to_string()).collect();
    chart::heatmap_with_key(
        &Heatmap {
            title,
            x_label: "start hole (the one vacancy)".into(),
            y_label: "finish hole (the last peg)".into(),
            x_ticks: ticks.clone(),
            y_ticks: ticks,
            cells,
            none_label: "-".into(),
        },
        &key,
    )
}

pub fn profile_table(s: &PegStudy) -> Table {
    let mut t = Table::new(&["start", "jumps", "positions"]);
    for &(start, jumps, n) in &s.profile {
        t.push(vec![(start + 1).into(), jumps.into(), n.into()]);
    }
    t
}

pub fn move_histogram_table(hist: &[(u32, u128)]) -> Table {
    let mut t = Table::new(&["moves", "winning_sequences", "log10_winning_sequences"]);
    for &(m, c) in hist {
        t.push(vec![m.into(), exact_count(c), log10_cell(c)]);
    }
    t
}

/// Positions per jump depth, one line per start orbit (its smallest hole). Lines run close
/// together on the log axis (T7's starts 2 and 7 differ by under 1% from 14 to 20 jumps), so
/// each start has its own marker shape; starts whose profiles are identical share one line and
/// one legend entry that says so.
pub fn profile_chart(s: &PegStudy) -> Result<Rendered> {
    let t = Triangle::any_side(s.side);
    let mut groups: Vec<(Vec<(usize, usize)>, Vec<(f64, f64)>)> = Vec::new();
    for orbit in t.hole_orbits() {
        let points: Vec<(f64, f64)> = s
            .profile
            .iter()
            .filter(|p| p.0 == orbit[0])
            .map(|&(_, k, n)| (k as f64, n as f64))
            .collect();
        match groups.iter_mut().find(|g| g.1 == points) {
            Some(g) => g.0.push((orbit[0] + 1, orbit.len())),
            None => groups.push((vec![(orbit[0] + 1, orbit.len())], points)),
        }
    }
    let series = groups
        .into_iter()
        .enumerate()
        .map(|(i, (starts, points))| {
            let holes: usize = starts.iter().map(|s| s.1).sum();
            let names: Vec<String> = starts.iter().map(|s| s.0.to_string()).collect();
            let name = if starts.len() == 1 {
                format!(
                    "start {} ({holes} hole{} by symmetry)",
                    names[0],
                    if holes == 1 { "" } else { "s" }
                )
            } else {
                format!("starts {} (identical; {holes} holes by symmetry)", names.join(", "))
            };
            chart::XYSeries {
                name,
                points,
                mark: chart::Mark::LineShape(chart::Shape::nth(i)),
                colour: None,
            }
        })
        .collect();
    chart::xy_chart(&chart::XYChart {
        title: format!(
            "T{}: positions reachable after k jumps, per start (one per symmetry class)",
            s.side
        ),
        x_label: "jumps".into(),
        y_label: "positions".into(),
        series,
        x_scale: chart::Scale::Linear,
        y_scale: chart::Scale::Log10,
        markers: Vec::new(),
    })
}

/// Minimum moves for every (start, finish); grey = no single-peg finish.
pub fn min_moves_chart(s: &PegStudy) -> Result<Rendered> {
    let n = s.holes;
    let mut cells = vec![vec![None; n]; n];
    for f in &s.finishes {
        cells[f.finish][f.start] = Some(f.min_moves as f64);
    }
    start_finish_heatmap(
        format!("T{}: minimum moves from start (x) to finish (y)", s.side),
        cells,
        "minimum moves",
        "no single-peg finish",
    )
}

/// Every reachable position, for research use.
pub fn positions_parquet(s: &PegStudy) -> Result<Option<Vec<u8>>> {
    let Some(p) = &s.positions else { return Ok(None) };
    let mut df = DataFrame::new_infer_height(vec![
        Column::new("board".into(), p.boards.clone()),
        Column::new(
            "pegs".into(),
            p.boards.iter().map(|b| b.count_ones() as u8).collect::<Vec<u8>>(),
        ),
        Column::new("winnable".into(), p.winnable.clone()),
        Column::new(
            "min_moves".into(),
            p.min_moves
                .iter()
                .map(|m| m.map(|m| m as u8))
                .collect::<Vec<Option<u8>>>(),
        ),
    ])?;
    let provenance = [
        ("statespace.puzzle", format!("peg triangle T{}", s.side)),
        (
            "statespace.columns",
            "board: bit i-1 = peg in hole i (holes row by row from the apex); pegs; winnable: a single peg can still \
                be reached; min_moves: fewest moves (chains of jumps by one peg) to a single peg, null when \
                impossible"
                .into(),
        ),
        (
            "statespace.scope",
            "union of positions reachable from every single-vacancy start".into(),
        ),
    ];
    Ok(Some(to_parquet(&mut df, &provenance)?))
}

/// Reachable and winnable positions by peg count, one colour per side (log scale).
pub fn levels_chart(r: &PegResults) -> Result<Rendered> {
    let rows: Vec<(usize, Vec<(u32, u64, u64)>)> = r
        .sides
        .iter()
        .map(|s| {
            (
                s.side,
                s.levels
                    .iter()
                    .map(|l| (l.pegs as u32, l.reachable, l.winnable))
                    .collect(),
            )
        })
        .collect();
    let sides: Vec<(usize, &[(u32, u64, u64)])> = rows.iter().map(|(side, v)| (*side, v.as_slice())).collect();
    study_charts::peg_levels_chart(&sides)
}

/// The data directory of one side, relative to `data/`.
pub fn side_dir(side: usize) -> String {
    format!("peg/T{side}")
}

/// One side's tables, dataset and charts.
pub fn export_side(s: &PegStudy, out: &mut Export) -> Result<()> {
    let dir = side_dir(s.side);
    // A side read back from its data directory (re-checked by `saved.rs`) is written again in
    // the current schema: the same bytes a recomputation (`reproduce --full`) writes.
    out.table(Area::Data, &dir, "levels.csv", &levels_table(s));
    if let Some(rows) = &s.symmetry {
        out.table(Area::Data, &dir, "symmetry.csv", &symmetry_table(rows));
    }
    if s.starts.is_empty() {
        out.chart(
            Area::Reports,
            "peg",
            &format!("T{}_levels", s.side),
            &super::layers::levels_chart(s)?,
        );
        if let Some(p) = &s.problems {
            out.table(Area::Data, &dir, "starts.csv", &problem_starts_table(s.holes, p));
            out.table(Area::Data, &dir, "finishes.csv", &problems_table(p));
            out.chart(
                Area::Reports,
                "peg",
                &format!("T{}_problems", s.side),
                &problems_chart(s.side, p)?,
            );
            if p.iter().any(|x| x.fewest.is_some()) {
                if any_open(p) {
                    out.chart(
                        Area::Reports,
                        "peg",
                        &format!("T{}_min_moves_gap", s.side),
                        &gap_chart(s.side, p)?,
                    );
                }
                out.chart(
                    Area::Reports,
                    "peg",
                    &format!("T{}_min_moves", s.side),
                    &min_moves_bounds_chart(s.side, p)?,
                );
            }
        }
        return Ok(()); // no per-start analysis
    }
    out.table(Area::Data, &dir, "starts.csv", &starts_table(s));
    out.table(Area::Data, &dir, "finishes.csv", &finishes_table(s));
    out.table(Area::Data, &dir, "profile.csv", &profile_table(s));
    if let Some(h) = &s.move_histogram {
        out.table(Area::Data, &dir, "move_histogram.csv", &move_histogram_table(h));
    }
    if let Some(bytes) = positions_parquet(s)? {
        let rows = s.positions.as_ref().map(|p| p.boards.len() as u64);
        out.bytes(Area::Data, &dir, "positions.parquet", bytes, rows);
    }
    out.chart(
        Area::Reports,
        "peg",
        &format!("T{}_profile", s.side),
        &profile_chart(s)?,
    );
    out.chart(
        Area::Reports,
        "peg",
        &format!("T{}_min_moves", s.side),
        &min_moves_chart(s)?,
    );
    Ok(())
}

/// Every side's files, the cross-side chart and the family page.
pub fn export(r: &PegResults, claims: &[Claim]) -> Result<Export> {
    let mut out = Export::default();
    for s in &r.sides {
        export_side(s, &mut out)?;
    }
    for p in &r.partial {
        out.table(
            Area::Data,
            &side_dir(p.side),
            "levels.csv",
            &super::partial::levels_table(p),
        );
    }
    if !r.sides.is_empty() {
        out.chart(Area::Reports, "peg", "levels_by_pegs", &levels_chart(r)?);
    }
    if r.sides.len() > 1 {
        out.table(Area::Data, "peg", "sides.csv", &sides_table(r));
        out.chart(Area::Reports, "peg", "solvability_by_side", &sides_chart(r)?);
    }
    // Sides beyond the default analysis (side 8, computed by a longer run and read back) keep
    // their own page and claims, regenerated from what was re-checked.
    for s in r.sides.iter().filter(|s| s.side > super::REPRODUCE_MAX_SIDE) {
        let single = PegResults {
            sides: vec![s.clone()],
            partial: Vec::new(),
            seed001: None,
        };
        let claims = super::claims::claims(&single);
        let page = crate::output::report::render_page(&side_page(&single), &claims, "", 0);
        out.bytes(
            Area::Reports,
            "peg",
            &format!("T{}.md", s.side),
            page.into_bytes(),
            None,
        );
        out.table(
            Area::Reports,
            "peg",
            &format!("T{}_claims.csv", s.side),
            &crate::output::report::claims_table(&claims),
        );
    }
    if let Some(s) = &r.seed001 {
        out.table(
            Area::Data,
            "peg",
            super::seed001::EXAMPLE_CSV,
            &super::seed001::example_table(s),
        );
        out.table(
            Area::Data,
            "peg",
            super::seed001::JUMPS_CSV,
            &super::seed001::jumps_table(),
        );
    }
    out.page = Some(page(r, claims));
    Ok(out)
}

/// Per side, what is solvable: one row per side, from the same results as each side's
/// `starts.csv` and `finishes.csv` (side 8: from its problem table, exact minima unknown).
pub fn sides_table(r: &PegResults) -> Table {
    let mut t = Table::new(&[
        "side",
        "holes",
        "starts",
        "solvable_starts",
        "problems",
        "class_passing_problems",
        "class_passing_problems_up_to_symmetry",
        "solvable_problems",
        "reachable_positions",
        "winnable_positions",
        "min_moves",
        "min_moves_upper_bound",
    ]);
    for s in &r.sides {
        let tri = Triangle::any_side(s.side);
        let s_row = side_counts(s);
        let passing = (0..s.holes)
            .flat_map(|a| (0..s.holes).map(move |b| (a, b)))
            .filter(|&(a, b)| tri.class_test(a, b))
            .count();
        t.push(vec![
            s.side.into(),
            s.holes.into(),
            s.holes.into(),
            s_row.solvable_starts.into(),
            (s.holes * s.holes).into(),
            passing.into(),
            super::solvability::class_passing_up_to_symmetry(&tri).into(),
            s_row.solvable_problems.into(),
            s.levels.iter().map(|l| l.reachable).sum::<u64>().into(),
            s.levels.iter().map(|l| l.winnable).sum::<u64>().into(),
            s.finishes.iter().map(|f| f.min_moves).min().into(),
            s_row.fewest_moves_found.into(),
        ]);
    }
    t
}

/// A side's solvable starts and problems, from the exact analysis or from the problem table.
struct SideCounts {
    solvable_starts: usize,
    solvable_problems: usize,
    /// The fewest moves among the plays given (exact on sides with the full analysis).
    fewest_moves_found: Option<u32>,
}

fn side_counts(s: &PegStudy) -> SideCounts {
    match &s.problems {
        Some(p) if s.starts.is_empty() => SideCounts {
            solvable_starts: (0..s.holes)
                .filter(|&h| p.iter().any(|x| x.start == h && x.solvable()))
                .count(),
            solvable_problems: p.iter().filter(|x| x.solvable()).count(),
            fewest_moves_found: p.iter().filter_map(|x| x.moves()).min(),
        },
        _ => SideCounts {
            solvable_starts: s.starts.iter().filter(|x| x.min_moves.is_some()).count(),
            solvable_problems: s.finishes.len(),
            fewest_moves_found: s.finishes.iter().map(|f| f.min_moves).min(),
        },
    }
}

/// Solvability by board size: per side (x = holes), the share of starts with some solvable
/// finish, of problems passing the class test, and of problems solvable.
pub fn sides_chart(r: &PegResults) -> Result<Rendered> {
    let mut sides: Vec<&PegStudy> = r.sides.iter().collect();
    sides.sort_by_key(|s| s.side);
    let share = |f: &dyn Fn(&PegStudy) -> f64| sides.iter().map(|s| (s.holes as f64, f(s))).collect::<Vec<_>>();
    let problems = |s: &PegStudy| (s.holes * s.holes) as f64;
    let passing = share(&|s| {
        let tri = Triangle::any_side(s.side);
        (0..s.holes)
            .flat_map(|a| (0..s.holes).map(move |b| (a, b)))
            .filter(|&(a, b)| tri.class_test(a, b))
            .count() as f64
            / problems(s)
    });
    // The class-test line is drawn last, dashed with open circles: from side 6 on every problem
    // passing the test is solvable, so it lies on the solvable line and must stay visible.
    let series = vec![
        XYSeries {
            name: "starts with a solvable finish (of all starts)".into(),
            points: share(&|s| side_counts(s).solvable_starts as f64 / s.holes as f64),
            mark: Mark::LinePoints,
            colour: Some(0),
        },
        XYSeries {
            name: "solvable problems (of all problems)".into(),
            points: share(&|s| side_counts(s).solvable_problems as f64 / problems(s)),
            mark: Mark::LinePoints,
            colour: Some(2),
        },
        XYSeries {
            name: "problems passing the class test (of all problems; dashed)".into(),
            points: passing,
            mark: Mark::DashedHollow,
            colour: Some(1),
        },
    ];
    let labels: Vec<String> = sides.iter().map(|s| format!("T{} = {}", s.side, s.holes)).collect();
    chart::xy_chart(&XYChart {
        title: "Peg triangles: solvability by board size".into(),
        x_label: format!("holes (side n: n(n+1)/2 holes; {})", labels.join(", ")),
        y_label: "share (a problem = a start and a finish hole)".into(),
        series,
        x_scale: Scale::Linear,
        y_scale: Scale::Linear,
        markers: Vec::new(),
    })
}

/// The caption of [`sides_chart`], with each side's figures.
fn sides_caption(r: &PegResults) -> String {
    let mut sides: Vec<&PegStudy> = r.sides.iter().collect();
    sides.sort_by_key(|s| s.side);
    let parts: Vec<String> = sides
        .iter()
        .map(|s| {
            let c = side_counts(s);
            format!(
                "T{} {} of {} starts, {} of {} problems",
                s.side,
                c.solvable_starts,
                s.holes,
                c.solvable_problems,
                s.holes * s.holes
            )
        })
        .collect();
    format!(
        "Solvability by board size, one point per side (`data/peg/sides.csv`): the share of single-vacancy starts from \
            which some single-peg finish is reachable, of (start, finish) problems solvable, and of problems passing \
            the position-class test (a necessary condition; dashed, lying on the solvable line from side 6 on, where \
            every problem passing it is solvable). Solvable: {}.",
        parts.join("; ")
    )
}

/// The headline table: one row per side.
pub fn headline_table(r: &PegResults) -> Table {
    let mut t = Table::new(&[
        "side",
        "holes",
        "jumps",
        "reachable (union)",
        "winnable (union)",
        "solvable starts",
        "solvable problems",
        "winning sequences",
        "complete games",
        "fewest moves",
    ]);
    for s in &r.sides {
        let full = !s.starts.is_empty();
        let opt = |v: u128| if full { Cell::UInt(v) } else { Cell::Empty };
        t.push(vec![
            s.side.into(),
            s.holes.into(),
            Triangle::any_side(s.side).jumps().len().into(),
            s.levels.iter().map(|l| l.reachable).sum::<u64>().into(),
            s.levels.iter().map(|l| l.winnable).sum::<u64>().into(),
            match &s.problems {
                // Without the per-start analysis, a start is solvable when one of its problems is.
                Some(p) if !full => Cell::UInt(
                    (0..s.holes)
                        .filter(|&h| p.iter().any(|x| x.start == h && x.solvable()))
                        .count() as u128,
                ),
                _ => opt(s.starts.iter().filter(|x| x.min_moves.is_some()).count() as u128),
            },
            match &s.problems {
                Some(p) if !full => Cell::UInt(p.iter().filter(|x| x.solvable()).count() as u128),
                _ => opt(s.finishes.len() as u128),
            },
            opt(s.starts.iter().map(|x| x.winning_sequences).sum()),
            opt(s.starts.iter().map(|x| x.complete_games).sum()),
            s.finishes.iter().map(|f| f.min_moves).min().into(),
        ]);
    }
    t
}

/// A shortest play per side.
fn shortest_table(r: &PegResults) -> Table {
    let mut t = Table::new(&["side", "start", "finish", "moves", "play"]);
    for s in &r.sides {
        if let (true, Some(p)) = (s.starts.is_empty(), &s.problems) {
            if let Some(best) = p
                .iter()
                .filter(|x| x.moves().is_some())
                .min_by_key(|x| (x.moves(), x.start, x.finish))
            {
                let Verdict::Play(play) = &best.verdict else {
                    unreachable!("a row with moves has a play")
                };
                t.push(vec![
                    s.side.into(),
                    (best.start + 1).into(),
                    (best.finish + 1).into(),
                    best.moves().into(),
                    format_play(play).into(),
                ]);
            }
        }
        if let Some(f) = s.finishes.iter().min_by_key(|f| (f.min_moves, f.start, f.finish)) {
            t.push(vec![
                s.side.into(),
                (f.start + 1).into(),
                (f.finish + 1).into(),
                f.min_moves.into(),
                format_play(&f.optimal_play).into(),
            ]);
        }
    }
    t
}

/// The page of one side computed on its own by `statespace peg` (sides `reproduce` leaves out).
pub fn side_page(r: &PegResults) -> Page {
    let mut page = page(r, &[]);
    let sides: Vec<String> = r.sides.iter().map(|s| s.side.to_string()).collect();
    page.title = format!("Peg solitaire on the triangle of side {}", sides.join(", "));
    page
}

pub fn page(r: &PegResults, _claims: &[Claim]) -> Page {
    let mut sections = vec![
        Section::new("Headline numbers")
            .table(
                "Per side, over every single-vacancy start (no symmetry reduction):",
                headline_table(r),
            )
            .table(
                "A shortest play per side (holes numbered row by row from the apex):",
                shortest_table(r),
            ),
        {
            let mut published = Section::new("Published figures beside ours").text(
                "Each row is computed from the tables in `data/peg/`; the published value is quoted from the \
                    source named.",
            );
            if let Some(s) = &r.seed001 {
                published =
                    published.table(
                        format!(
                        "Seed 001's board encoding: hole i (numbered row by row from the apex) holding a coin adds \
                            2^(i-1); its example board decodes to holes {} (`data/peg/{}`):",
                        s.decoded_holes.iter().map(|h| h.to_string()).collect::<Vec<_>>().join(", "),
                        super::seed001::EXAMPLE_CSV
                    ),
                        super::seed001::example_table(s),
                    );
            }
            published.claims("peg.seed001")
        }
        .claims("peg.bell")
        .claims("peg.jaap")
        .claims("peg.oeis"),
        Section::new("New results").text(new_results_text(r)).claims("peg.new"),
    ];
    for p in &r.partial {
        sections.push(
            Section::new(&format!(
                "New: side {} ({} holes), the union's first levels (partial)",
                p.side, p.holes
            ))
            .text(partial_text(p))
            .table(
                format!(
                    "Reachable positions per peg count, {} down to {} pegs (`data/peg/T{}/levels.csv`; \
                    winnable and dead positions not computed, \
                    empty):",
                    p.holes - 1,
                    p.min_pegs(),
                    p.side
                ),
                super::partial::levels_table(p),
            ),
        );
    }
    // The cross-side chart exists only where several sides are computed together (`reproduce`).
    if r.sides.len() > 1 {
        sections.push(
            Section::new("Charts")
                .chart("levels_by_pegs", levels_caption(r))
                .table(
                    "Per side (`data/peg/sides.csv`; side 8's min_moves is empty unless every problem's fewest \
                    moves is proven: its lower bounds are in data/peg/T8/finishes.csv):",
                    sides_table(r),
                )
                .chart("solvability_by_side", sides_caption(r)),
        );
    }
    let mut per_side = Section::new("Charts per side");
    for s in r.sides.iter().filter(|s| !s.starts.is_empty()) {
        per_side = per_side
            .chart(
                format!("T{}_profile", s.side),
                format!(
                    "T{}: positions reachable after exactly k jumps, one line (and marker shape) per start up to \
                    symmetry: compare how wide each start's search gets. Lines that meet are close, not equal \
                    (`data/peg/T{}/profile.csv`); starts with identical counts would share one legend \
                    entry.",
                    s.side, s.side
                ),
            )
            .chart(format!("T{}_min_moves", s.side), {
                let (lo, hi) = (
                    s.finishes.iter().map(|f| f.min_moves).min().unwrap_or(0),
                    s.finishes.iter().map(|f| f.min_moves).max().unwrap_or(0),
                );
                format!(
                    "T{}: fewest moves for each (start, finish): {} of the {} problems are solvable, in {}; '-' \
                            marks problems with no single-peg finish.",
                    s.side,
                    s.finishes.len(),
                    s.holes * s.holes,
                    if lo == hi {
                        format!("{lo} moves each")
                    } else {
                        format!("{lo} to {hi} moves")
                    }
                )
            });
    }
    for s in r.sides.iter().filter(|s| s.starts.is_empty()) {
        per_side = per_side.chart(
            format!("T{}_levels", s.side),
            format!(
                "T{}: the union of every start's reachable positions, by pegs left: reachable, winnable and dead \
                (no per-start analysis at this side).",
                s.side
            ),
        );
        if let Some(p) = &s.problems {
            let solvable: Vec<u32> = p.iter().filter_map(|x| x.moves()).collect();
            let (lo, hi) = (
                solvable.iter().min().copied().unwrap_or(0),
                solvable.iter().max().copied().unwrap_or(0),
            );
            per_side = per_side.chart(
                format!("T{}_problems", s.side),
                format!(
                    "T{}: moves of the play found for each (start, finish): {} of the {} problems are solvable, in \
                        {lo} to {hi} moves (upper bounds on the fewest: the plays come from a depth-first and a beam \
                        search, not an exact optimisation); '-' marks impossible problems, each with its proof in \
                        data/peg/T{}/finishes.csv.",
                    s.side,
                    solvable.len(),
                    p.len(),
                    s.side
                ),
            );
            if p.iter().any(|x| x.fewest.is_some()) {
                let lows: Vec<u32> = p
                    .iter()
                    .filter_map(|x| x.fewest.as_ref().map(|m| m.lower_bound()))
                    .collect();
                let exact = p
                    .iter()
                    .filter(|x| x.fewest.as_ref().is_some_and(|m| m.exact().is_some()))
                    .count();
                // Only while some minimum is open: once every one is exact the gaps are all 0.
                if any_open(p) {
                    per_side = per_side.chart(
                        format!("T{}_min_moves_gap", s.side),
                        format!(
                            "T{}: for each solvable (start, finish), the moves of the play found minus the proven \
                                lower bound on the fewest moves ({}, by meeting in the middle on the moves graph): 0 \
                                where the minimum is exact ({exact} of {} problems), otherwise how many moves are \
                                still unproven; '-' marks impossible problems.",
                            s.side,
                            match (
                                lows.iter().min().copied().unwrap_or(0),
                                lows.iter().max().copied().unwrap_or(0)
                            ) {
                                (lo, hi) if lo == hi => format!("{lo} for every problem"),
                                (lo, hi) => format!("{lo} to {hi}"),
                            },
                            solvable.len()
                        ),
                    );
                }
                per_side = per_side.chart(
                    format!("T{}_min_moves", s.side),
                    format!(
                        "T{}: the fewest moves of each solvable (start, finish), one colour per {}: {}; '-' marks \
                            impossible problems.",
                        s.side,
                        if any_open(p) {
                            "exact value ('13, exact') or per interval still open (lower bound proven by meeting in \
                                the middle, to the moves of the play found)"
                        } else {
                            "value, every one exact (proven by meeting in the middle on the moves graph)"
                        },
                        moves_summary(p).unwrap_or_default()
                    ),
                );
            }
        }
    }
    sections.push(per_side);
    let mut summary = vec![
        Block::Text(
            "Peg solitaire on the triangle of side n, from every single-vacancy start: every reachable \
            position counted exactly, which are winnable, and the fewest jumps and moves (a move is a maximal chain of \
            jumps by one peg). Side 4 is seed 001's 10-coin puzzle."
                .into(),
        ),
        Block::Table {
            caption: "Per side, over every single-vacancy start:".into(),
            table: headline_table(r),
        },
    ];
    if r.sides.len() > 1 {
        summary.push(Block::Chart {
            stem: "levels_by_pegs".into(),
            caption: levels_caption(r),
        });
    }
    Page {
        summary,
        family: "peg".into(),
        title: "Peg solitaire on triangles".into(),
        intro: vec![
            "Peg solitaire on the triangle of side n (n(n+1)/2 holes; side 4 is the 10-coin puzzle of seed 001). A \
                game starts with every hole filled but one (a *single-vacancy start*); a jump moves a peg over an \
                adjacent peg into an empty hole, removing the jumped peg. A *move* is a maximal chain of jumps by one \
                peg. Holes are numbered 1.. row by row from the apex (T4: 1 / 2 3 / 4 5 6 / 7 8 9 10).".into(),
            "How: the layered engine gives the union of every start's reachable positions one peg count at a time (the \
                positions of a level ranked densely, one bit each), and the winnable ones as those whose complement is \
                reachable too (complementing a position reverses every jump); every level is checked closed under the \
                six symmetries, which gives its positions up to symmetry (symmetry.csv). Each start orbit (6 \
                symmetries) gets its own levels and a level-by-level DP carrying sequence counts and fewest moves; a \
                start that cannot be won only has its positions and complete games counted, up to its own symmetries \
                (each position weighted by its orbit's size). Counts are exact (128-bit).".into(),
            "Side 8 (36 holes, 2^36 positions) is computed level by level: positions of one peg count are ranked \
                densely (combinatorial number system), so a level's bit array has C(36, pegs) bits; levels go to disk \
                (`--keep-levels DIR`) and a killed run resumes from its last complete level. Its problem table decides \
                each (start, finish) separately: the position-class test, else a depth-first search pruned by the \
                class and by the union of all starts (a failed search is a proof by exhaustion), then a beam search \
                for plays with fewer moves, whose move counts are upper bounds. The fewest moves are bounded from \
                below by meeting in the middle on the moves graph (`studies/peg/min_moves.rs`): around each start \
                orbit the ball of every board within F moves, around each single peg the ball of every board from \
                which it is reached in at most B moves (one peg's chain of backward jumps per move); the least sum of \
                the two distances over their common boards is the exact minimum when they meet (a shortest play cut \
                after min(m, F) moves passes through a common board), and otherwise every play takes more than F + B \
                moves (`min_moves_lower_bound`, `min_moves_proof`). The tests hold the method to a plain BFS on the \
                moves graph (sides 4 to 6) and to side 7's exact table. Ball sizes decide the radii (measured at side \
                8): into a single peg, 4.2e6 to 3.3e7 boards within 3 moves (35 times as many at 3 moves as at 2), and \
                about 13 times as many again at 4 moves (4.3e8 boards into hole 13, counted on a 1/64 sample: too many \
                to keep for every finish); out of a start, 5.3e7 to 1.7e8 within 9 moves, growing about 7-fold per \
                move (a kept ball of 10 moves is 3.0e8 boards, an 8 GiB table, out of holes 1 and 5, whose balls of 9 \
                are the smallest, and 16 to 32 GiB out of the largest, past this machine). So every finish's backward \
                ball is kept (3.4 GiB of tables at B = 3), the forward ball is grown one start orbit at a time to F - \
                1 moves, and its level F, the largest, is never stored: each board one move past the kept ball is \
                tested against a sieve (a Bloom filter) of every finish's backward ball, and only a board the sieve \
                lets through is looked up exactly. One backward move more is reached without keeping it \
                (`--sieved-level`): one start orbit at a time, the boards one backward move past the balls of the \
                finishes whose play held is longer than F + B + 1 go into a second sieve, and a board of the forward \
                stream that passes it is checked exactly, by its own moves into the backward ball; those problems are \
                met at F + B + 1 moves or need at least F + B + 2, and their proof names radii F + (B + 1). A play \
                found where the balls meet is replayed and recorded (`optimal_play`); where they do not meet and the \
                play held has one move more than the radii reach, the minimum is exact too (`min_moves_exact`). The \
                committed table comes from two stages (`min_moves::SIDE8_PLAN`, which `reproduce --max-peg-side 8` \
                runs in turn): `statespace peg --side 8 --min-moves-from data/peg/T8 --radii 10+3 --sieved-level` \
                (measured on this project's 2-core machine, 2026-11-26: 1 h 29 min wall, 9,257 CPU s, 15.8 GB peak, \
                the largest second sieve 8.7 GiB for the 12 such finishes of hole 5; it settled 93 problems whose \
                plays had 15 or 16 moves and left 15 at 15 or 16, all out of the start orbits of holes 1 and 5), then \
                `statespace peg --side 8 --min-moves-from data/peg/T8 --radii 11+3 --sieved-level --open-only` on \
                those 15 alone (2026-11-27: 48 min 36 s wall, 5,549 CPU s, 18.2 GB peak; a kept forward ball of 10 \
                moves per start orbit and a second sieve of 1.1 GiB for hole 5's three finishes), where every one met \
                in 15 moves.".into(),
        ],
        sections,
        definitions: definitions(),
    }
}

/// The new-results section's opening: where a side beyond the default run comes from.
fn new_results_text(r: &PegResults) -> String {
    let mut text = String::from("Figures we found no publication of.");
    for s in &r.sides {
        if s.saved.is_some() {
            text += &format!(
                " Side {side} is not recomputed by `reproduce` by default ({cost}): its tables are read back from \
                    `data/peg/T{side}/`, first written by `statespace peg --side {side} --keep-levels DIR`, re-checked \
                    on every run and written again in the current schema (the same bytes a recomputation writes): \
                    every play is replayed from its start to its finish with its move count, every position-class \
                    verdict is recomputed, every (start, finish) pair must appear once, and the level table must be \
                    consistent (dead = reachable - winnable, winnable counts equal at k and {holes} - k pegs). \
                    `reproduce --max-peg-side {side}` recomputes it from scratch.",
                side = s.side,
                holes = s.holes,
                cost = super::SIDE8_COST,
            );
        }
        if let Some(summary) = s.problems.as_deref().and_then(moves_summary) {
            text += &format!(
                " Side {}'s fewest moves (meeting in the middle on the moves graph, `data/peg/T{}/finishes.csv`, \
                    columns min_moves_exact, min_moves_lower_bound and min_moves_proof): {summary}.",
                s.side, s.side
            );
        }
    }
    let beyond = r.sides.iter().any(|s| s.side > super::REPRODUCE_MAX_SIDE);
    if !beyond && r.sides.len() > 1 {
        text += &format!(
            " Side 8 is not part of `reproduce` by default ({}): `statespace peg --side 8 --keep-levels DIR` writes \
                `data/peg/T8/` and its own page, `reports/peg/T8.md`, and later runs of `reproduce` show it here.",
            super::SIDE8_COST
        );
    }
    text
}

/// Whether some solvable problem's fewest moves are bounded, not exact.
fn any_open(problems: &[ProblemRow]) -> bool {
    problems
        .iter()
        .any(|p| p.solvable() && p.fewest.as_ref().is_none_or(|m| m.exact().is_none()))
}

/// How many of a searched side's solvable problems have an exact fewest moves (by value), and the
/// bounds of the others (lower bound to the play's moves, with counts); `None` before any bound.
pub fn moves_summary(problems: &[ProblemRow]) -> Option<String> {
    use std::collections::BTreeMap;
    let solvable: Vec<&ProblemRow> = problems.iter().filter(|p| p.solvable()).collect();
    let settled: Vec<(&ProblemRow, &MinMoves)> = solvable
        .iter()
        .filter_map(|p| p.fewest.as_ref().map(|m| (*p, m)))
        .collect();
    if settled.is_empty() {
        return None;
    }
    let mut exact: BTreeMap<u32, usize> = BTreeMap::new();
    let mut open: BTreeMap<(u32, u32), usize> = BTreeMap::new();
    for (p, m) in &settled {
        match m.exact() {
            Some(v) => *exact.entry(v).or_default() += 1,
            None => *open.entry((m.lower_bound(), p.moves().unwrap_or(0))).or_default() += 1,
        }
    }
    let n_exact: usize = exact.values().sum();
    let mut text = if n_exact == solvable.len() {
        format!("all {n_exact} solvable problems have their exact fewest moves")
    } else {
        format!(
            "{n_exact} of {} solvable problems have their exact fewest moves",
            solvable.len()
        )
    };
    if !exact.is_empty() {
        text += &format!(
            " ({})",
            exact
                .iter()
                .map(|(v, c)| format!("{c} in {v}"))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    if !open.is_empty() {
        text += &format!(
            "; the other {} are bounded (from the proven lower bound to the moves of the play found): {}",
            settled.len() - n_exact,
            open.iter()
                .map(|((lo, hi), c)| format!("{c} between {lo} and {hi}"))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    if settled.len() < solvable.len() {
        text += &format!("; {} without a bound", solvable.len() - settled.len());
    }
    Some(text)
}

/// What a partial side is, how it was computed and what `reproduce` re-checks.
fn partial_text(p: &super::partial::PartialSide) -> String {
    let (top, low) = (p.holes - 1, p.min_pegs());
    let bytes =
        |k: usize| crate::engine::memory::human(crate::engine::layered::binomial(p.holes, k).div_ceil(8) as u128);
    let mut text = format!(
        "New (no published counts found): the union of every single-vacancy start of side {side}, from the {holes} \
            starts ({top} pegs) down to {low} pegs, counted exactly, level by level with the layered engine \
            (`statespace peg --side {side} --levels-only --min-pegs {low} --keep-levels DIR`). The table is partial: \
            it stops at {low} pegs (that level is C({holes}, {low}) bits, {b_low}); the next one down is {b_next}, the \
            one after it {b_after}, and the largest, at {mid} pegs, {b_mid}: the levels grow about fivefold per jump \
            here, past one machine's memory within a few levels. Winnable positions are not counted: at k pegs they \
            need the level at {holes} - k pegs, far below the stop.",
        side = p.side,
        holes = p.holes,
        b_low = bytes(low),
        b_next = bytes(low.saturating_sub(1)),
        b_after = bytes(low.saturating_sub(2)),
        mid = p.holes / 2,
        b_mid = bytes(p.holes / 2),
    );
    if let Some((_, floor)) = &p.saved {
        text += &format!(
            " `reproduce` reads it back from `data/peg/T{side}/levels.csv` and recomputes its levels from {top} down \
                to {floor} pegs on every run (they must match); the deeper rows are what the command above computed, \
                as its manifest records.",
            side = p.side
        );
    }
    text
}

/// The levels chart's caption, with the largest side's totals.
fn levels_caption(r: &PegResults) -> String {
    let Some(s) = r.sides.iter().max_by_key(|s| s.side) else {
        return String::new();
    };
    let reachable: u64 = s.levels.iter().map(|l| l.reachable).sum();
    let winnable: u64 = s.levels.iter().map(|l| l.winnable).sum();
    let peak = s.levels.iter().max_by_key(|l| l.reachable).map_or(0, |l| l.pegs);
    format!(
        "Per side (one colour each, log scale), reachable positions by pegs left (solid) and the winnable ones \
            (dashed): the gap is the dead positions. T{}: {} reachable, peaking at {peak} pegs, of which {} ({:.1}%) \
            winnable.",
        s.side,
        crate::output::chart::format_value(reachable as f64),
        crate::output::chart::format_value(winnable as f64),
        100.0 * winnable as f64 / reachable.max(1) as f64
    )
}

/// Terms used on the page and in `data/peg/`.
pub fn definitions() -> Vec<(String, String)> {
    [
        (
            "single-vacancy start",
            "every hole filled but one; `start` is the empty hole (1-based)",
        ),
        (
            "problem",
            "a (start, finish) pair: begin with only `start` empty, end with one peg in `finish`",
        ),
        (
            "solvable problem",
            "a problem some jump sequence solves; `solvable problems` counts them over all starts and finishes",
        ),
        (
            "solvable start",
            "a start from which some finish with one peg is reachable",
        ),
        (
            "move",
            "a maximal chain of consecutive jumps by the same peg; `min_moves` is the fewest moves",
        ),
        (
            "winning sequence",
            "a jump sequence from a start that ends with one peg",
        ),
        (
            "complete game",
            "a jump sequence from a start that ends where no jump is legal (winning or not)",
        ),
        (
            "reachable",
            "positions reached from some single-vacancy start (the union over starts)",
        ),
        (
            "winnable",
            "reachable positions from which one peg can still be reached",
        ),
        (
            "dead",
            "reachable positions that are not winnable: `dead = reachable - winnable`",
        ),
        ("profile", "positions reachable after exactly k jumps from one start"),
        (
            "optimal_play",
            "a play with the fewest moves, one move per `|`, each move the holes its peg visits",
        ),
    ]
    .iter()
    .map(|(a, b)| (a.to_string(), b.to_string()))
    .collect()
}
