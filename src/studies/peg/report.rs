//! The peg study's charts and page, and [`export`], which gathers them with the tables
//! ([`super::tables`]) into the files of an export.

use super::claims::moves_summary;
use super::fewest::MinMoves;
use super::solvability::{ProblemRow, Verdict};
use super::tables::{
    finishes_table, levels_table, move_histogram_table, positions_parquet, problem_starts_table, problems_table,
    profile_table, side_counts, sides_table, starts_table, symmetry_table,
};
use super::PegResults;
use super::PegStudy;
use crate::output::chart::{self, Heatmap, Mark, Rendered, Scale, XYChart, XYSeries};
use crate::output::report::{Block, Page, Section};
use crate::output::study_charts;
use crate::output::template::prose;
use crate::output::{Cell, Table};
use crate::puzzles::peg::{format_play, Jump, Triangle};
use crate::studies::{Area, Claim, Export};
use anyhow::Result;

/// Moves of the play found for every (start, finish); grey = impossible. Once every fewest moves
/// is exact, it shares [`min_moves_bounds_chart`]'s colours ([`shared_moves_scale`]): one colour
/// per number of moves in both.
pub fn problems_chart(side: usize, problems: &[ProblemRow]) -> Result<Rendered> {
    let n = side * (side + 1) / 2;
    let mut cells = vec![vec![None; n]; n];
    let title = format!("T{side}: moves of the play found from start (x) to finish (y)");
    let Some(scale) = shared_moves_scale(problems) else {
        for r in problems {
            cells[r.finish][r.start] = r.moves().map(f64::from);
        }
        return start_finish_heatmap(title, cells, "moves (upper bound)", "impossible");
    };
    for r in problems {
        cells[r.finish][r.start] = r
            .moves()
            .and_then(|m| scale.iter().position(|&v| v == m))
            .map(|i| i as f64);
    }
    start_finish_heatmap_of(
        title,
        cells,
        chart::ColourKey {
            title: "moves of the play found".into(),
            none_meaning: "impossible".into(),
            categories: scale.iter().map(u32::to_string).collect(),
        },
    )
}

/// The one colour scale of a searched side's two move charts once every solvable problem's fewest
/// moves is exact: every number of moves from the least minimum to the longest play found, so a
/// colour means the same number in [`problems_chart`] and [`min_moves_bounds_chart`]. `None`
/// while some minimum is open (the bounds chart then colours intervals).
pub fn shared_moves_scale(problems: &[ProblemRow]) -> Option<Vec<u32>> {
    if any_open(problems) {
        return None;
    }
    let values = problems
        .iter()
        .flat_map(|r| [r.moves(), r.fewest.as_ref().and_then(MinMoves::exact)])
        .flatten();
    let (lo, hi) = values.clone().min().zip(values.max())?;
    Some((lo..=hi).collect())
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
    // Every exact: the scale shared with the chart of the plays found (values no minimum takes
    // keep their colour there).
    let mut kinds: Vec<(u32, u32)> = match shared_moves_scale(problems) {
        Some(scale) => scale.into_iter().map(|v| (v, v)).collect(),
        None => problems.iter().filter_map(interval).collect(),
    };
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

/// Positions per jump depth, one line per start orbit (its smallest hole). Lines run close
/// together on the log axis (T7's starts 2 and 7 differ by under 1% from 14 to 20 jumps), so
/// each start has its own marker shape; starts whose profiles are identical share one line and
/// one legend entry that says so.
pub fn profile_chart(s: &PegStudy) -> Result<Rendered> {
    /// Starts with one profile: each (start hole, holes of its orbit), and the profile's points.
    type Group = (Vec<(usize, usize)>, Vec<(f64, f64)>);
    let t = &s.triangle;
    let mut groups: Vec<Group> = Vec::new();
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

/// Reachable and winnable positions by peg count, one colour per side (log scale).
pub fn levels_chart(r: &PegResults) -> Result<Rendered> {
    /// (pegs, reachable, winnable) of one level.
    type Level = (u32, u64, u64);
    let rows: Vec<(usize, Vec<Level>)> = r
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
    let sides: Vec<(usize, &[Level])> = rows.iter().map(|(side, v)| (*side, v.as_slice())).collect();
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
    for p in &r.plays {
        out.table(
            Area::Data,
            &side_dir(p.side),
            "plays.csv",
            &super::beam_plays::plays_table(&p.rows),
        );
    }
    for b in &r.lower_bounds {
        out.table(
            Area::Data,
            &side_dir(b.side),
            "lower_bounds.csv",
            &super::lower_bounds::lower_bounds_table(&b.rows),
        );
    }
    if !r.plays.is_empty() {
        out.chart(Area::Reports, "peg", "plays_by_side", &plays_chart(r)?);
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
            boards: Vec::new(),
            plays: Vec::new(),
            lower_bounds: Vec::new(),
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
    // Other boards (read back from data/peg/<board>/): their files, pages and one table of all.
    for b in &r.boards {
        out.files.extend(b.export(&b.claims())?.files);
    }
    if !r.boards.is_empty() {
        out.table(
            Area::Data,
            "peg",
            "boards.csv",
            &crate::studies::peg_board::study::boards_table(&r.boards),
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
            &super::seed001::jumps_table(&Triangle::new(super::seed001::SIDE)?),
        );
    }
    out.page = Some(page(r, claims));
    Ok(out)
}

/// Solvability by board size: per side (x = holes), the share of starts with some solvable
/// finish, of problems passing the class test, and of problems solvable.
pub fn sides_chart(r: &PegResults) -> Result<Rendered> {
    let mut sides: Vec<&PegStudy> = r.sides.iter().collect();
    sides.sort_by_key(|s| s.side);
    let share = |f: &dyn Fn(&PegStudy) -> f64| sides.iter().map(|s| (s.holes as f64, f(s))).collect::<Vec<_>>();
    let problems = |s: &PegStudy| (s.holes * s.holes) as f64;
    let passing = share(&|s| {
        let tri = &s.triangle;
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
            s.triangle.jumps().len().into(),
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
            side_counts(s).min_moves.into(),
        ]);
    }
    t
}

/// A shortest play per side.
fn shortest_table(r: &PegResults) -> Table {
    let mut t = Table::new(&["side", "start", "finish", "moves", "play"]);
    for s in &r.sides {
        if let (true, Some(p)) = (s.starts.is_empty(), &s.problems) {
            // Each problem's shortest known play: its optimal play where the minimum is proven,
            // else the play found.
            fn shortest(x: &ProblemRow) -> Option<(u32, &Vec<Jump>)> {
                match (&x.fewest, &x.verdict) {
                    (Some(MinMoves::Exact { moves, play, .. }), _) => Some((*moves, play)),
                    (_, Verdict::Play(play)) => x.moves().map(|m| (m, play)),
                    _ => None,
                }
            }
            if let Some((best, (moves, play))) = p
                .iter()
                .filter_map(|x| shortest(x).map(|k| (x, k)))
                .min_by_key(|(x, (m, _))| (*m, x.start, x.finish))
            {
                t.push(vec![
                    s.side.into(),
                    (best.start + 1).into(),
                    (best.finish + 1).into(),
                    moves.into(),
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
        published_section(r),
    ];
    if r.seed001.is_some() {
        sections.push(
            Section::new("Seed statements not judged").text(prose(include_str!("prose/seed001_unjudged.md"), &[])),
        );
    }
    sections.extend([Section::new("New results").text(new_results_text(r)).claims("peg.new")]);
    sections.extend(r.partial.iter().map(partial_section));
    if !r.plays.is_empty() {
        sections.push(plays_section(r));
    }
    if !r.lower_bounds.is_empty() {
        sections.push(lower_bounds_section(r));
    }
    // The cross-side chart exists only where several sides are computed together (`reproduce`).
    if r.sides.len() > 1 {
        sections.push(
            Section::new("Charts")
                .chart("levels_by_pegs", levels_caption(r))
                .table(
                    "Per side (`data/peg/sides.csv`; min_moves is the least proven fewest moves of the side's \
                    finishes.csv, empty where that is not proven):",
                    sides_table(r),
                )
                .chart("solvability_by_side", sides_caption(r)),
        );
    }
    if !r.boards.is_empty() {
        sections.push(boards_section(r));
    }
    sections.push(per_side_section(r));
    let mut summary = vec![
        Block::Text(prose(include_str!("prose/summary.md"), &[])),
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
    if !r.boards.is_empty() {
        // The entry page's paths are relative to reports/.
        let links: Vec<String> = r
            .boards
            .iter()
            .map(|b| format!("[{0}](peg/{0}.md)", b.board.name()))
            .collect();
        summary.push(Block::Text(format!(
            "Other boards, each with its union, game and claims on its own page: {}.",
            links.join(", ")
        )));
    }
    Page {
        summary,
        family: "peg".into(),
        title: if r.boards.is_empty() {
            "Peg solitaire on triangles".into()
        } else {
            "Peg solitaire on triangles and other boards".into()
        },
        intro: prose(include_str!("prose/intro.md"), &[])
            .split("\n\n")
            .map(String::from)
            .collect(),
        sections,
        definitions: definitions(),
    }
}

/// Published figures beside ours, seed 001's encoding first.
fn published_section(r: &PegResults) -> Section {
    let mut published = Section::new("Published figures beside ours").text(
        "Each row is computed from the tables in `data/peg/`; the published value is quoted from the source named.",
    );
    if let Some(s) = &r.seed001 {
        let holes: Vec<String> = s.decoded_holes.iter().map(|h| h.to_string()).collect();
        published = published.table(
            format!(
                "Seed 001's board encoding: hole i (numbered row by row from the apex) holding a coin adds \
                2^(i-1); its example board decodes to holes {} (`data/peg/{}`):",
                holes.join(", "),
                super::seed001::EXAMPLE_CSV
            ),
            super::seed001::example_table(s),
        );
    }
    published
        .claims("peg.seed001")
        .claims("peg.bell")
        .claims("peg.jaap")
        .claims("peg.oeis")
}

/// Boards other than the triangles (read back from `data/peg/<board>/`): one row each, a link to
/// each board's page, and the published figures for them beside ours.
fn boards_section(r: &PegResults) -> Section {
    let links: Vec<String> = r
        .boards
        .iter()
        .map(|b| format!("[{0}]({0}.md)", b.board.name()))
        .collect();
    Section::new("Other boards")
        .text(format!(
            "Each board's union, games and tables are on its own page: {}. Their results take minutes to compute \
            (`statespace peg --board NAME` writes `data/peg/NAME/`); `reproduce` reads them back and re-checks \
            them (the duality certificate, the first levels by plain search, the totals).",
            links.join(", ")
        ))
        .table(
            "Per board (`data/peg/boards.csv`; empty where the record does not hold that table):",
            crate::studies::peg_board::study::boards_table(&r.boards),
        )
        .claims("peg.english")
        .claims("peg.european")
}

/// A partial side (side 9): what it is, and its levels.
fn partial_section(p: &super::partial::PartialSide) -> Section {
    Section::new(&format!(
        "New: side {} ({} holes), the union's first levels (partial)",
        p.side, p.holes
    ))
    .text(partial_text(p))
    .table(
        format!(
            "Reachable positions per peg count, {} down to {} pegs (`data/peg/T{}/levels.csv`; winnable and dead \
            positions not computed, left out):",
            p.holes - 1,
            p.min_pegs(),
            p.side
        ),
        super::partial::levels_table(p),
    )
}

/// The beam plays of the large sides (read back and replayed): each side's best.
fn plays_section(r: &PegResults) -> Section {
    let mut t = Table::new(&[
        "side",
        "holes",
        "start_orbits_solved",
        "moves",
        "start",
        "finish",
        "search",
        "play",
    ]);
    for p in &r.plays {
        let best = p
            .rows
            .iter()
            .min_by_key(|x| (x.move_count(), x.start))
            .expect("a side read back has a play");
        t.push(vec![
            p.side.into(),
            (p.side * (p.side + 1) / 2).into(),
            p.rows.len().into(),
            best.move_count().into(),
            (best.start + 1).into(),
            (best.finish + 1).into(),
            best.search.name().into(),
            super::beam_plays::play_text(&best.moves).into(),
        ]);
    }
    let sides: Vec<String> = r.plays.iter().map(|p| p.side.to_string()).collect();
    Section::new("Plays with few moves on the large sides (beam search)")
        .text(format!(
            "OEIS A127500 gives the fewest moves of any single-vacancy to single-survivor play on the triangle up \
            to side 10, and bounds for sides 11 and 12; sides past 8 are beyond our exact search. `statespace peg \
            --side N --few-moves --width W` runs, from every start orbit, three beam searches over jumps that keep \
            the W best states per jump (one per symmetry orbit, pruned by the position-class test): forward, \
            ranked by fewest moves or by moves and stranded pegs, and backward from the same hole as a finish. Each \
            play is an upper bound, not a proof; `reproduce` reads them back from `data/peg/T<N>/plays.csv` and \
            replays every one. Sides here: {}; the verdicts against A127500 are in the claims above.",
            sides.join(", ")
        ))
        .table(
            "Per side, its play of fewest moves (holes numbered row by row from the apex; every start orbit's best \
            play is in its plays.csv):",
            t,
        )
        .chart(
            "plays_by_side",
            "Per side, OEIS A127500's value (or bounds), the fewest moves of our beam plays (upper bounds) and our \
            proven lower bounds where computed",
        )
}

/// The proven lower bounds of the large sides (read back, their regions recounted): per side, the
/// least over the start orbits beside the published bounds and our best play.
fn lower_bounds_section(r: &PegResults) -> Section {
    let mut t = Table::new(&[
        "side",
        "start_orbits",
        "least_lower_bound",
        "start_orbits_at_least",
        "merson_regions_least",
        "published_lower_bound",
        "best_play_moves",
    ]);
    for b in &r.lower_bounds {
        let least = b.least().expect("a side read back has a start");
        let published = super::claims::a127500_published(b.side).map(|(lower, _)| lower);
        let best_play = r.plays.iter().find(|p| p.side == b.side).and_then(|p| p.best());
        t.push(vec![
            b.side.into(),
            b.rows.len().into(),
            least.into(),
            b.rows.iter().filter(|x| x.moves_lower_bound == least).count().into(),
            b.rows.iter().map(|x| x.merson_regions).min().unwrap_or(0).into(),
            published.map_or(Cell::Empty, Cell::from),
            best_play.map_or(Cell::Empty, Cell::from),
        ]);
    }
    Section::new("Lower bounds on the large sides (Merson regions and a refuting search)")
        .text(
            "A Merson region is a set of holes that, while all hold pegs, only a move starting inside can touch \
            (Beasley, The Ins and Outs of Peg Solitaire, ch. 7); on the triangle the minimal ones are the 3 corners, \
            the pairs of neighbouring edge holes and the hexagons of 7 at least two rows in. Each full region needs \
            a move starting inside it, so the fewest holes meeting every full region (an exact hitting set: at \
            least the most disjoint regions, Bell's counting bound, and one more where three hexagons overlap \
            pairwise with no hole common to all) bounds the moves left. `statespace peg --side N --lower-bounds` \
            counts them at each start, then lists the positions a move at a \
            time, dropping every position whose moves made plus regions left reach the bound to prove: when the \
            list runs dry no shorter play exists, and a play met instead is the fewest. On sides 5 to 7 this finds \
            every start's fewest moves exactly (the tests check it against Bell's catalogue and our exact search). \
            `reproduce` reads `data/peg/T<N>/lower_bounds.csv` back and recounts each start's regions; the \
            refutations themselves are rerun by the benchmark. Each row names the budget its search had: the \
            weakest starts can be searched again with a larger one (`--starts`). The verdicts against A127500 are \
            in the claims above.",
        )
        .table(
            "Per side, the least proven lower bound over the start orbits, the regions' count alone, OEIS A127500's \
            lower bound and the fewest moves of our plays (every start orbit's bound is in its lower_bounds.csv):",
            t,
        )
}

/// Per side read back: A127500's value or bounds beside our best play's moves.
pub fn plays_chart(r: &PegResults) -> Result<Rendered> {
    use crate::output::chart::{category_bar_chart, CategoryChart, CategorySeries, Scale};
    let published = super::claims::a127500_published;
    let series = |name: &str, value: &dyn Fn(&super::beam_plays::SidePlays) -> Option<f64>| CategorySeries {
        name: name.into(),
        values: r.plays.iter().map(value).collect(),
    };
    category_bar_chart(&CategoryChart {
        title: "Fewest moves to solve the triangle: OEIS A127500, our plays and our lower bounds".into(),
        x_label: "side of the triangle".into(),
        y_label: "moves (a move: a chain of jumps by one peg)".into(),
        categories: r.plays.iter().map(|p| p.side.to_string()).collect(),
        series: vec![
            series("A127500: the value (sides <= 10) or its lower bound", &|p| {
                published(p.side).map(|(lower, _)| lower as f64)
            }),
            series("A127500: its upper bound (sides 11, 12)", &|p| {
                published(p.side)
                    .filter(|(lower, upper)| lower < upper)
                    .map(|(_, upper)| upper as f64)
            }),
            series("our best play (an upper bound, replayed)", &|p| {
                p.best().map(|b| b as f64)
            }),
            series("our proven lower bound (Merson regions and a refuting search)", &|p| {
                r.lower_bounds
                    .iter()
                    .find(|b| b.side == p.side)
                    .and_then(|b| b.least())
                    .map(|b| b as f64)
            }),
        ],
        y_scale: Scale::Linear,
        value_labels: true,
        markers: Vec::new(),
        y_max: None,
    })
}

/// Every side's own charts: the exact sides', then the searched sides'.
fn per_side_section(r: &PegResults) -> Section {
    let mut per_side = Section::new("Charts per side");
    for s in r.sides.iter().filter(|s| !s.starts.is_empty()) {
        per_side = exact_side_charts(per_side, s);
    }
    for s in r.sides.iter().filter(|s| s.starts.is_empty()) {
        per_side = searched_side_charts(per_side, s);
    }
    per_side
}

/// `lo to hi`, or `lo` with `same` when the two are equal.
fn span(lo: u32, hi: u32, same: &str, apart: &str) -> String {
    if lo == hi {
        format!("{lo}{same}")
    } else {
        format!("{lo} to {hi}{apart}")
    }
}

/// A side with the exact analysis: its profile and its fewest moves.
fn exact_side_charts(section: Section, s: &PegStudy) -> Section {
    let moves = || s.finishes.iter().map(|f| f.min_moves);
    let (lo, hi) = (moves().min().unwrap_or(0), moves().max().unwrap_or(0));
    section
        .chart(
            format!("T{}_profile", s.side),
            format!(
                "T{}: positions reachable after exactly k jumps, one line (and marker shape) per start up to \
                symmetry: compare how wide each start's search gets. Lines that meet are close, not equal \
                (`data/peg/T{}/profile.csv`); starts with identical counts would share one legend entry.",
                s.side, s.side
            ),
        )
        .chart(
            format!("T{}_min_moves", s.side),
            format!(
                "T{}: fewest moves for each (start, finish): {} of the {} problems are solvable, in {}; '-' marks \
                problems with no single-peg finish.",
                s.side,
                s.finishes.len(),
                s.holes * s.holes,
                span(lo, hi, " moves each", " moves")
            ),
        )
}

/// What the charts of a side decided by search say about its fewest moves.
struct SearchedFigures {
    /// Moves of the plays found, of the solvable problems.
    plays: Vec<u32>,
    /// The proven lower bounds (least, greatest), when some problem has one.
    lows: Option<(u32, u32)>,
    /// Problems whose fewest moves are exact.
    exact: usize,
    open: bool,
    /// Solvable problems whose play found is longer than their exact fewest moves.
    longer: usize,
    summary: String,
}

impl SearchedFigures {
    fn of(p: &[ProblemRow]) -> SearchedFigures {
        let lows: Vec<u32> = p
            .iter()
            .filter_map(|x| x.fewest.as_ref().map(|m| m.lower_bound()))
            .collect();
        SearchedFigures {
            plays: p.iter().filter_map(|x| x.moves()).collect(),
            lows: lows.iter().min().zip(lows.iter().max()).map(|(&lo, &hi)| (lo, hi)),
            exact: p
                .iter()
                .filter(|x| x.fewest.as_ref().is_some_and(|m| m.exact().is_some()))
                .count(),
            open: any_open(p),
            longer: p
                .iter()
                .filter(|x| {
                    x.fewest
                        .as_ref()
                        .and_then(MinMoves::exact)
                        .zip(x.moves())
                        .is_some_and(|(m, up)| up > m)
                })
                .count(),
            summary: moves_summary(p).unwrap_or_default(),
        }
    }
}

/// A side decided by search: its levels, the plays found and, where settled, the fewest moves.
fn searched_side_charts(section: Section, s: &PegStudy) -> Section {
    let mut section = section.chart(
        format!("T{}_levels", s.side),
        format!(
            "T{}: the union of every start's reachable positions, by pegs left (log scale): reachable, winnable and \
            dead (`data/peg/T{}/levels.csv`). The union is the only position count at this side: no per-start \
            positions, sequences or games (the fewest moves per start and per problem are in starts.csv and \
            finishes.csv).",
            s.side, s.side
        ),
    );
    let Some(p) = &s.problems else { return section };
    let f = SearchedFigures::of(p);
    let (lo, hi) = (
        f.plays.iter().min().copied().unwrap_or(0),
        f.plays.iter().max().copied().unwrap_or(0),
    );
    let shared = if shared_moves_scale(p).is_some() {
        format!(
            " {} of these plays are longer than their problem's proven fewest moves (T{}_min_moves, in the same \
            colour per number of moves).",
            f.longer, s.side
        )
    } else {
        String::new()
    };
    section = section.chart(
        format!("T{}_problems", s.side),
        format!(
            "T{}: moves of the play found for each (start, finish) (column play of data/peg/T{}/finishes.csv): {} of \
            the {} problems are solvable, their plays in {lo} to {hi} moves (each an upper bound on the fewest: the \
            plays come from a depth-first and a beam search, not an exact optimisation).{shared} '-' marks \
            impossible problems, each with its proof in finishes.csv.",
            s.side,
            s.side,
            f.plays.len(),
            p.len(),
        ),
    );
    let Some((low, high)) = f.lows else { return section };
    // Only while some minimum is open: once every one is exact the gaps are all 0.
    if f.open {
        section = section.chart(
            format!("T{}_min_moves_gap", s.side),
            format!(
                "T{}: for each solvable (start, finish), the moves of the play found minus the proven lower bound \
                on the fewest moves ({}, by meeting in the middle on the moves graph): 0 where the minimum is exact \
                ({} of {} problems), otherwise how many moves are still unproven; '-' marks impossible problems.",
                s.side,
                span(low, high, " for every problem", ""),
                f.exact,
                f.plays.len()
            ),
        );
    }
    let per = if f.open {
        "exact value ('13, exact') or per interval still open (lower bound proven by meeting in the middle, to the \
        moves of the play found)"
    } else {
        "number of moves, every one exact (proven by meeting in the middle on the moves graph; the colours are \
        those of the plays found)"
    };
    section.chart(
        format!("T{}_min_moves", s.side),
        format!(
            "T{}: the fewest moves of each solvable (start, finish), one colour per {per}: {}; '-' marks impossible \
            problems.",
            s.side, f.summary
        ),
    )
}

/// The new-results section's opening: where a side beyond the default run comes from.
fn new_results_text(r: &PegResults) -> String {
    let mut parts = vec![String::from("Figures we found no publication of.")];
    for s in &r.sides {
        let side = s.side.to_string();
        if s.saved.is_some() {
            parts.push(prose(
                include_str!("prose/saved_side.md"),
                &[
                    ("side", &side),
                    ("holes", &s.holes.to_string()),
                    ("cost", super::SIDE8_COST),
                ],
            ));
        }
        if let Some(summary) = s.problems.as_deref().and_then(moves_summary) {
            parts.push(prose(
                include_str!("prose/fewest_moves.md"),
                &[("side", &side), ("summary", &summary)],
            ));
        }
    }
    let beyond = r.sides.iter().any(|s| s.side > super::REPRODUCE_MAX_SIDE);
    if !beyond && r.sides.len() > 1 {
        parts.push(prose(
            include_str!("prose/side8_elsewhere.md"),
            &[("cost", super::SIDE8_COST)],
        ));
    }
    parts.join(" ")
}

/// Whether some solvable problem's fewest moves are bounded, not exact.
fn any_open(problems: &[ProblemRow]) -> bool {
    problems
        .iter()
        .any(|p| p.solvable() && p.fewest.as_ref().is_none_or(|m| m.exact().is_none()))
}

/// What a partial side is, how it was computed and what `reproduce` re-checks.
fn partial_text(p: &super::partial::PartialSide) -> String {
    let (top, low) = (p.holes - 1, p.min_pegs());
    let bytes =
        |k: usize| crate::engine::memory::human(crate::engine::layered::binomial(p.holes, k).div_ceil(8) as u128);
    let (side, holes, top) = (p.side.to_string(), p.holes.to_string(), top.to_string());
    let mut text = prose(
        include_str!("prose/partial.md"),
        &[
            ("side", &side),
            ("holes", &holes),
            ("top", &top),
            ("low", &low.to_string()),
            ("b_low", &bytes(low)),
            ("b_next", &bytes(low.saturating_sub(1))),
            ("b_after", &bytes(low.saturating_sub(2))),
            ("mid", &(p.holes / 2).to_string()),
            ("b_mid", &bytes(p.holes / 2)),
        ],
    );
    if let Some((_, floor)) = &p.saved {
        text += " ";
        text += &prose(
            include_str!("prose/partial_saved.md"),
            &[("side", &side), ("top", &top), ("floor", &floor.to_string())],
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
