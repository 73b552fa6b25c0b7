//! Tricolore results as tables, charts and datasets: pure functions from results to bytes.

use super::columns::{orthogonal, schema, BOARD, START_BOARD};
use super::full::{FullStudy, ReachRow};
use super::half::{HalfStudy, UNREACHABLE};
use crate::output::chart::{self, Mark, Rendered, Scale, XYChart, XYSeries};
use crate::output::dataset::to_parquet;
use crate::output::glossary;
use crate::output::schema::{col, Kind, Kind::Integer, Kind::Number, Schema};
use crate::output::{Cell, Table};
use anyhow::Result;
use polars::prelude::*;

pub static HALF_TABLE: Schema = schema(
    "tricolore/half_*/table.csv",
    "The document's half-board table for one click regime (4x2 board): (start, board) pairs first reached after k \
        clicks, over the 3321 mirror-pair representative starts. No totals row: the total is the sum of reached.",
    &[
        col(
            glossary::clicks,
            Integer,
            "k, the fewest clicks after which a board is first shown (the start itself at its \
            first return); the first click is free",
        ),
        col(
            glossary::reached,
            Integer,
            "(start, board) pairs first reached after exactly k clicks, over the 3321 starts",
        ),
        col(
            glossary::mean_per_start,
            Number,
            "reached / 3321: boards first reached after k clicks per start, on average",
        ),
        col(
            glossary::share,
            Number,
            "reached / (sum of reached over all k): share of all (start, board) pairs, a decimal in [0, 1]",
        ),
    ],
    &[glossary::clicks],
);
pub static HALF_TABLE_ORTHOGONAL: Schema = orthogonal(HALF_TABLE, "tricolore/orthogonal/half_*/table.csv");

pub static HALF_TARGETS: Schema = schema(
    "tricolore/half_*/targets.csv",
    "Clicks to reach each final state of the 4x2 board, over the 3321 representative starts other than it (the \
        document's reversed table, for every board).",
    &[
        col(glossary::target, Kind::String, BOARD),
        col(
            glossary::starts,
            Integer,
            "representative starts other than the target that can reach it (0: no start can)",
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
pub static HALF_TARGETS_ORTHOGONAL: Schema = orthogonal(HALF_TARGETS, "tricolore/orthogonal/half_*/targets.csv");

pub static HALF_ECCENTRICITY: Schema = schema(
    "tricolore/half_*/eccentricity.csv",
    "Starts by their eccentricity: how many of the 3321 representative starts need at most this many clicks to \
        reach every board they can reach, and exactly this many for some.",
    &[
        col(
            glossary::max_clicks,
            Integer,
            "eccentricity of the start: the most of the fewest clicks, over every board \
            reachable from it, the start itself counted at its first return (as in starts.csv and \
            seed003_maxima.csv)",
        ),
        col(
            glossary::starts,
            Integer,
            "representative starts with this eccentricity",
        ),
    ],
    &[glossary::max_clicks],
);
pub static HALF_ECCENTRICITY_ORTHOGONAL: Schema =
    orthogonal(HALF_ECCENTRICITY, "tricolore/orthogonal/half_*/eccentricity.csv");

pub static HALF_STARTS: Schema = schema(
    "tricolore/half_*/starts.csv",
    "One row per mirror-pair representative start (the board first in R < W < B order of a board and its \
        left-right mirror image): what it reaches and in how many clicks.",
    &[
        START_BOARD,
        col(
            glossary::reachable_boards,
            Integer,
            "boards reachable from the start (the start itself when it can return to it)",
        ),
        col(
            glossary::max_clicks,
            Integer,
            "eccentricity: the most clicks any reachable board needs, the start itself \
            counted at its first return (as in eccentricity.csv and seed003_maxima.csv)",
        ),
        col(
            glossary::mean_clicks,
            Number,
            "mean fewest clicks over the reachable boards (4 decimals)",
        ),
    ],
    &[glossary::start_board],
);
pub static HALF_STARTS_ORTHOGONAL: Schema = orthogonal(HALF_STARTS, "tricolore/orthogonal/half_*/starts.csv");

pub static HALF_DISTANCES: Schema = schema(
    "tricolore/half_*/distances.parquet",
    "Fewest clicks between every pair of 4x2 boards, 6561 x 6561 rows (written by `statespace tricolore half`, not \
        committed).",
    &[
        col(
            glossary::start_index,
            Integer,
            "board index: the base-3 number whose digits are the squares row by row \
            (R=0, W=1, B=2; square 0 most significant), so index order is text order with R < W < B",
        ),
        col(glossary::target_index, Integer, "board index, as start_index"),
        col(
            glossary::clicks,
            Integer,
            "fewest clicks from start after which target is shown (first click free; for \
            start = target the first return); null when never",
        ),
    ],
    &[glossary::start_index, glossary::target_index],
);
pub static HALF_DISTANCES_ORTHOGONAL: Schema =
    orthogonal(HALF_DISTANCES, "tricolore/orthogonal/half_*/distances.parquet");

pub static BOARDS: Schema = schema(
    "tricolore/boards.csv",
    "One row per Tricolore board studied: the 4x2 half board per adjacency and click regime (starts: \
        the 3321 mirror-pair representatives; targets: every board), and the 4x4 board per target (starts: every \
        board; unrestricted regime, king adjacency). How many (start, target) pairs are reachable, and the most \
        and mean fewest clicks over them.",
    &[
        col(
            glossary::board_size,
            Kind::String,
            "columns x rows of the board: 4x2 (the document's half board) or 4x4",
        ),
        col(
            glossary::adjacency,
            Kind::String,
            "king (8 surrounding squares adjoin) or orthogonal (4)",
        ),
        super::columns::REGIME,
        col(
            glossary::target,
            Kind::String,
            "the 4x4 target board, rows joined by '.'; empty for the half board (every board is a target)",
        ),
        col(glossary::boards, Integer, "boards of this size, 3^squares"),
        col(
            glossary::starts,
            Integer,
            "start boards counted (half board: mirror-pair representatives; 4x4: every board)",
        ),
        col(
            glossary::pairs,
            Integer,
            "(start, target) pairs: starts x boards on the half board, boards on the 4x4 board (one target)",
        ),
        col(
            glossary::reachable_pairs,
            Integer,
            "pairs whose target some click sequence from the start shows (the start itself at its first return)",
        ),
        col(
            glossary::share_reachable,
            Number,
            "reachable_pairs / pairs, in [0, 1] (6 decimals)",
        ),
        col(
            glossary::max_clicks,
            Integer,
            "the most clicks any reachable pair needs",
        ),
        col(
            glossary::mean_clicks,
            Number,
            "mean fewest clicks over the reachable pairs (6 decimals)",
        ),
    ],
    &[
        glossary::board_size,
        glossary::adjacency,
        glossary::regime,
        glossary::target,
    ],
);

pub static FULL_DISTANCE: Schema = schema(
    "tricolore/full/distance_to_*.csv",
    "The full 4x4 board: boards and (board, last click) states by fewest clicks to the target named \
        in the file name, over all 3^16 boards. Boards that cannot reach the target are not listed (the report \
        gives their number).",
    &[
        col(
            glossary::clicks,
            Integer,
            "fewest clicks to the target (first click free)",
        ),
        col(glossary::boards, Integer, "boards (no previous click) at this distance"),
        col(
            glossary::states,
            Integer,
            "(board, last click) states at this distance, the last click being none or one of the 16 squares",
        ),
    ],
    &[glossary::clicks],
);

pub static LARGE_SUMMARY: Schema = schema(
    "tricolore/full_5x4/summary.csv",
    "The 5x4 board, one row per target (all red, all white, the checkerboard): the symmetries its \
        search ran up to, the maximum and mean fewest clicks, and the boards and states that cannot reach it.",
    &[
        col(glossary::board_size, Kind::String, "columns x rows: 5x4"),
        col(
            glossary::adjacency,
            Kind::String,
            "which squares adjoin: king (the up to 8 surrounding squares)",
        ),
        col(
            glossary::target,
            Kind::String,
            "the target board, rows joined by '.' (R, W, B)",
        ),
        col(
            glossary::symmetries,
            Kind::String,
            "the rectangle symmetries fixing the target, separated by \"; \": the search \
            visits one board per orbit",
        ),
        col(
            glossary::boards_up_to_symmetry,
            Integer,
            "boards up to those symmetries (Burnside): the boards the search visits",
        ),
        col(glossary::boards, Integer, "all boards, 3^20"),
        col(
            glossary::max_clicks,
            Integer,
            "the most clicks any board that can reach the target needs (first click free)",
        ),
        col(
            glossary::mean_clicks,
            Number,
            "mean fewest clicks over the boards that can reach the target",
        ),
        col(glossary::farthest_boards, Integer, "boards that need max_clicks clicks"),
        col(glossary::unreachable, Integer, "boards that cannot reach the target"),
        col(
            glossary::unreachable_states,
            Integer,
            "(board, last click) states that cannot reach the target, of the 21 x 3^20",
        ),
        col(
            glossary::unreachable_list,
            Kind::String,
            "the boards that cannot reach the target, ascending, separated by \
            spaces, when at most 1000; 'none' when there are none, 'not listed' when more",
        ),
    ],
    &[glossary::target],
);

pub static REACHABILITY: Schema = schema(
    "tricolore/full/reachability.csv",
    "Evidence that from every (board, last click) state of the 4x4 board every board but all blue is \
        reachable: a backward search to all red, then forward searches from all red after a click on one square of \
        each symmetry class.",
    &[
        col(glossary::search, Kind::String, "the search made, in words"),
        col(
            glossary::examined,
            Integer,
            "(board, last click) states (backward search) or boards (forward searches) examined",
        ),
        col(glossary::missed, Integer, "of those, the ones not reached"),
        col(
            glossary::missed_boards,
            Kind::String,
            "the missed boards (up to 10), separated by spaces; empty when none",
        ),
    ],
    &[glossary::search],
);

/// The document's table as tidy data: boards first reached after k clicks, summed over the
/// starts; the mean per start and the share of all (start, board) pairs, unrounded (the report
/// shows the document's rounding and the totals).
pub fn half_table(s: &HalfStudy) -> Table {
    let mut t = HALF_TABLE.table();
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
    let mut t = HALF_TARGETS.table();
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
    let mut t = HALF_ECCENTRICITY.table();
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
    let mut t = BOARDS.table();
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
    let mut t = HALF_STARTS.table();
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
        Column::new(glossary::start_index.name.into(), start),
        Column::new(glossary::target_index.name.into(), target),
        Column::new(glossary::clicks.name.into(), clicks),
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

/// Counts over a number of clicks as points (a line joins each series' points) on a log axis:
/// the counts span several powers of ten, and a point, unlike a bar on a log axis, has no
/// baseline whose length would mean nothing.
fn points_chart(
    title: String,
    x_label: &str,
    y_label: String,
    series: Vec<(String, Vec<(f64, f64)>)>,
) -> Result<Rendered> {
    chart::xy_chart(&XYChart {
        title,
        x_label: x_label.into(),
        y_label,
        series: series
            .into_iter()
            .map(|(name, points)| XYSeries {
                name,
                // Zero counts cannot sit on a log axis: they are left out (the tables list them).
                points: points.into_iter().filter(|p| p.1 > 0.0).collect(),
                mark: Mark::LinePoints,
                colour: None,
            })
            .collect(),
        x_scale: Scale::Linear,
        y_scale: Scale::Log10,
        markers: Vec::new(),
    })
}

/// Boards first reached after k clicks, one series per study (regime or adjacency).
pub fn clicks_chart(title: &str, studies: &[(&str, &HalfStudy)]) -> Result<Rendered> {
    let series = studies
        .iter()
        .map(|(name, s)| {
            let points = s
                .reached
                .iter()
                .enumerate()
                .skip(1)
                .map(|(k, &n)| (k as f64, n as f64))
                .collect();
            (name.to_string(), points)
        })
        .collect();
    points_chart(
        title.into(),
        "clicks",
        "(start, board) pairs first reached (log scale)".into(),
        series,
    )
}

/// Starts per maximum clicks needed (eccentricity), one series per study.
pub fn eccentricity_chart(title: &str, studies: &[(&str, &HalfStudy)]) -> Result<Rendered> {
    let series = studies
        .iter()
        .map(|(name, s)| {
            let points = s.eccentricity().iter().map(|&(m, n)| (m as f64, n as f64)).collect();
            (name.to_string(), points)
        })
        .collect();
    points_chart(
        title.into(),
        "maximum clicks from the start (eccentricity)",
        format!(
            "starts (of {}, log scale)",
            studies.first().map_or(0, |(_, s)| s.starts.len())
        ),
        series,
    )
}

/// Boards and (board, last click) states by fewest clicks to the target, as `schema` describes
/// them ([`FULL_DISTANCE`] or [`super::saved::LARGE_DISTANCE`]: the same columns).
pub fn full_table(schema: &Schema, s: &FullStudy) -> Table {
    let mut t = schema.table();
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
        .map(|s| {
            let points = s
                .boards
                .iter()
                .enumerate()
                .map(|(k, &n)| (k as f64, n as f64))
                .collect();
            (format!("to {}", s.grid.format(s.target)), points)
        })
        .collect();
    let title = match studies {
        [one] => format!(
            "{} board: fewest clicks to {}",
            one.grid.size_label(),
            one.grid.format(one.target)
        ),
        _ => format!("{} board: fewest clicks to the target", first.grid.size_label()),
    };
    points_chart(title, "clicks", "boards (log scale)".into(), series)
}

/// One row per 5x4 target (`data/tricolore/full_5x4/summary.csv`): the symmetries its search
/// ran up to, the maximum and mean clicks, the farthest boards, and the boards and (board, last
/// click) states that cannot reach it (the boards listed when at most
/// [`super::full::UNREACHABLE_LISTED`]).
pub fn large_summary_table(studies: &[FullStudy]) -> Table {
    let mut t = LARGE_SUMMARY.table();
    for s in studies {
        let (max, mean, farthest) = super::saved::max_mean(s);
        let sym = s.grid.symmetry_fixing(s.target);
        let list = match &s.unreachable_list {
            None => "not listed".to_string(),
            Some(l) if l.is_empty() => "none".to_string(),
            Some(l) => l.iter().map(|&b| s.grid.format(b)).collect::<Vec<_>>().join(" "),
        };
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
    let mut t = REACHABILITY.table();
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
