//! Tricolore: the document's 4x2 half-board tables (three click regimes), exact distances on the
//! full 4x4 board, reachability, an optimal solver and the document's "solve the halves" method.

use crate::engine::progress::{Counters, Reporter};
use crate::output::export::{Area, Export};
use crate::output::schema::Schema;
use crate::puzzles::tricolore::{Adjacency, Game, Grid, Regime};
use anyhow::{bail, Result};
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub mod all_starts;
pub mod border;
pub mod claims;
pub mod columns;
pub mod commands;
pub mod document;
pub mod evidence;
pub mod full;
pub mod half;
pub mod page;
pub mod pairs;
pub mod report;
pub mod saved;
pub mod solve;
pub mod verdicts;

/// The family's data dictionary: every file under `data/tricolore/`, from the schemas declared
/// beside the code that writes each file.
pub fn resources() -> Vec<&'static Schema> {
    use evidence::{HALVES_EXAMPLE, NAMED_STARTS};
    use report::*;
    use verdicts::{HALVES_JOINT, HALVES_SUMMARY, MAXIMA, SLOWEST_STARTS};
    [
        &HALF_TABLE,
        &HALF_TABLE_ORTHOGONAL,
        &HALF_TARGETS,
        &HALF_TARGETS_ORTHOGONAL,
        &HALF_ECCENTRICITY,
        &HALF_ECCENTRICITY_ORTHOGONAL,
        &HALF_STARTS,
        &HALF_STARTS_ORTHOGONAL,
        &HALF_DISTANCES,
        &HALF_DISTANCES_ORTHOGONAL,
        &BOARDS,
        &FULL_DISTANCE,
        &saved::LARGE_DISTANCE,
        &LARGE_SUMMARY,
        &REACHABILITY,
        &NAMED_STARTS,
        &HALVES_EXAMPLE,
        &MAXIMA,
        &SLOWEST_STARTS,
        &HALVES_JOINT,
        &HALVES_SUMMARY,
        &all_starts::TARGETS_ALL_STARTS,
        &pairs::PAIRS_TABLE,
        &pairs::PAIRS_TARGETS,
        &pairs::PAIRS_ECCENTRICITY,
        &pairs::PAIRS_STARTS,
    ]
    .to_vec()
}

/// The dictionary's path before the schemas (`reproduce` and the glossary test use it).
pub mod dictionary {
    pub use super::resources;
}

/// How `solve` finds its clicks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Fewest clicks over the whole board.
    Optimal,
    /// The document's method: top two rows optimally, then the bottom two in the Hybrid regime.
    Halves,
}

/// Validated options of `full` (the CLI checks the target and the memory).
#[derive(Clone, Debug)]
pub struct FullRun {
    pub grid: Grid,
    pub target: u32,
}

/// Validated options of `reach`.
#[derive(Clone, Debug)]
pub struct ReachRun {
    pub grid: Grid,
}

/// Validated options of `pairs`: the board and the name its files carry.
#[derive(Clone, Debug)]
pub struct PairsRun {
    pub grid: Grid,
    /// `3x3` for a rectangle, a board file's stem otherwise.
    pub label: String,
}

/// Validated options of `solve` (the CLI parses the boards and checks the target and method).
pub struct SolveRun {
    pub game: Game,
    pub from: u32,
    pub to: u32,
    pub method: Method,
}

/// Where `half` writes by default under a data root (`data/tricolore`).
pub fn half_dir(root: &Path, regime: Regime, adjacency: Adjacency) -> PathBuf {
    let base = match adjacency {
        Adjacency::King => root.to_path_buf(),
        other => root.join(other.name()),
    };
    base.join(format!("half_{}", regime.name()))
}

fn chart_stem(prefix: &str, regime: Regime, adjacency: Adjacency) -> String {
    match adjacency {
        Adjacency::King => format!("{prefix}_{}", regime.name()),
        a => format!("{prefix}_{}_{}", regime.name(), a.name()),
    }
}

/// Parses a board and infers its shape from the text.
pub fn parse_any(text: &str, adjacency: Adjacency) -> Result<Grid> {
    let rows: Vec<&str> = text.split('.').collect();
    let width = rows[0].chars().count();
    if width == 0 || rows.iter().any(|r| r.chars().count() != width) {
        bail!(
            "board {} has rows of different lengths (rows are joined by '.', e.g. RRRB.BRWR)",
            crate::puzzles::tricolore::shown(text)
        );
    }
    let grid = Grid::new(width, rows.len(), adjacency)?;
    grid.parse(text)?;
    Ok(grid)
}

/// The solution as printed by `solve`.
pub fn solve_text(run: &SolveRun) -> Result<String> {
    let counters = Arc::new(Counters::default());
    let _progress = Reporter::start("tricolore solve".into(), counters.clone());
    let g = &run.game.grid;
    let (clicks, note) = match run.method {
        Method::Optimal => (
            solve::optimal(&run.game, run.from, run.to, &counters)?,
            "optimal".to_string(),
        ),
        Method::Halves => {
            let h = solve::Halves::new(g, run.to, &counters)?;
            let Some(play) = h.solve(run.from) else {
                bail!(
                    "the halves method cannot reach {}: in every orientation its top half is all blue or its bottom \
                        row is (the document's all-blue-border extension covers 4x4 boards only)",
                    g.format(run.to)
                );
            };
            let optimum = solve::optimal(&run.game, run.from, run.to, &counters)?.len();
            let mut turned = if h.turns > 0 {
                format!(", board turned {} quarter turn(s) clockwise first", h.turns)
            } else {
                String::new()
            };
            if h.final_click.is_some() {
                turned += ", the last of them the all-blue-border extension's extra click";
            }
            let note = format!(
                "halves method: {} on the top half, {} on the bottom half{turned}; optimum {}",
                play.top_clicks,
                play.clicks.len() - play.top_clicks,
                optimum
            );
            (play.clicks, note)
        }
    };
    let boards = crate::puzzles::tricolore::replay(&run.game, run.from, None, &clicks)
        .map_err(|i| anyhow::anyhow!("internal error: click {} of the solution is illegal", i + 1))?;
    if boards.last() != Some(&run.to) {
        bail!("internal error: the solution does not end on the target");
    }
    let mut s = format!(
        "{} -> {}: {} clicks ({note}; {} adjacency, {} regime)\nstep square board\n",
        g.format(run.from),
        g.format(run.to),
        clicks.len(),
        g.adjacency().name(),
        run.game.regime.name()
    );
    s += &format!("{:>4} {:>6} {}\n", 0, "-", g.format(run.from));
    for (i, (c, b)) in clicks.iter().zip(&boards).enumerate() {
        s += &format!("{:>4} {:>6} {}\n", i + 1, c, g.format(*b));
    }
    Ok(s)
}

/// A half-board study's tables, dataset and charts. `dir` is the data directory relative to
/// `data/` (e.g. `tricolore/half_hybrid`).
pub fn half_export(study: &half::HalfStudy, dir: &str, out: &mut Export) -> Result<()> {
    out.table(Area::Data, dir, "table.csv", &report::half_table(study));
    out.table(Area::Data, dir, "targets.csv", &report::targets_table(study));
    out.table(Area::Data, dir, "eccentricity.csv", &report::eccentricity_table(study));
    out.table(Area::Data, dir, "starts.csv", &report::starts_table(study));
    if let Some(bytes) = report::matrix_parquet(study)? {
        let n = u64::from(study.boards());
        out.bytes(Area::Data, dir, "distances.parquet", bytes, Some(n * n));
    }
    let (r, adj) = (study.regime, study.grid.adjacency());
    let label = format!("{} ({})", r.name(), adj.name());
    out.chart(
        Area::Reports,
        "tricolore",
        &chart_stem("half_clicks", r, adj),
        &report::clicks_chart(
            &format!("4x2 {label}: boards first reached after k clicks"),
            &[(&label, study)],
        )?,
    );
    out.chart(
        Area::Reports,
        "tricolore",
        &chart_stem("half_eccentricity", r, adj),
        &report::eccentricity_chart(&format!("4x2 {label}: maximum clicks per start"), &[(&label, study)])?,
    );
    Ok(())
}

/// One line for the terminal.
pub fn half_summary(s: &half::HalfStudy) -> String {
    let ecc = s.eccentricity();
    format!(
        "tricolore half {} ({}): {} starts, total {}, clicks 1..{}, mean {:.4}, max clicks per start {}-{}",
        s.regime.name(),
        s.grid.adjacency().name(),
        s.starts.len(),
        s.total(),
        s.max_clicks(),
        s.mean_clicks(),
        ecc.first().map_or(0, |e| e.0),
        ecc.last().map_or(0, |e| e.0),
    )
}

/// File-name form of a board.
pub fn board_stem(grid: &Grid, board: u32) -> String {
    grid.format(board)
}

/// The full-board study for one target. The halves method is compared with the optimum on every
/// 4x4 board (`verdicts::halves_exhaustive`), never on a sample.
pub fn full_compute(run: &FullRun, counters: &Counters) -> Result<full::FullStudy> {
    if run.grid.squares() > full::PER_BOARD_SQUARES {
        full::run_counts(&run.grid, run.target, true, counters)
    } else {
        full::run(&run.grid, run.target, counters)
    }
}

/// A full-board study's table and charts; `dir` relative to `data/`.
pub fn full_export(study: &full::FullStudy, dir: &str, out: &mut Export) -> Result<()> {
    let stem = board_stem(&study.grid, study.target);
    out.table(
        Area::Data,
        dir,
        &format!("distance_to_{stem}.csv"),
        &report::full_table(&report::FULL_DISTANCE, study),
    );
    out.chart(
        Area::Reports,
        "tricolore",
        &format!("full_distance_{stem}"),
        &report::full_chart(&[study])?,
    );
    Ok(())
}

pub fn full_summary(s: &full::FullStudy) -> String {
    let max = s.boards.iter().rposition(|&n| n > 0).unwrap_or(0);
    let mean = s
        .boards
        .iter()
        .enumerate()
        .map(|(k, &n)| k as f64 * n as f64)
        .sum::<f64>()
        / s.boards.iter().sum::<u64>().max(1) as f64;
    format!(
        "tricolore full {} to {}: {} boards, at most {} clicks, mean {:.4}; {} boards and {} (board, last click) \
            states cannot reach it",
        s.grid.size_label(),
        s.grid.format(s.target),
        s.grid.boards(),
        max,
        mean,
        s.unreachable_boards,
        s.unreachable_states
    )
}

/// The 4x4 targets of the document's applet: all red, all white, alternating blue/white.
pub const FULL_TARGETS: [&str; 3] = ["RRRR.RRRR.RRRR.RRRR", "WWWW.WWWW.WWWW.WWWW", "WBWB.BWBW.WBWB.BWBW"];

/// The family's options (what `reproduce` runs).
#[derive(Clone, Debug)]
pub struct Options {
    /// Half-board studies: (regime, adjacency, with the 6561 x 6561 distance dataset).
    pub halves: Vec<half::HalfOptions>,
    /// 4x4 targets for the full-board study (none: no full-board work).
    pub full_targets: Vec<String>,
    /// Run the 4x4 reachability searches.
    pub reachability: bool,
    /// Seed 003's verdicts that need more than the tables: the starts needing each regime's
    /// maximum (king half studies with their distance matrices) and the halves method against the
    /// optimum on every 4x4 board, for the full targets and the all-blue-border targets.
    pub verdicts: bool,
    /// The 5x4 board's distance tables ([`saved::TARGETS`]).
    pub large: Large,
    /// Every pair of boards of the 3x3 ring ([`pairs::ring`]), a board with a hole.
    pub ring: bool,
}

/// Where the 5x4 tables come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Large {
    /// Not part of the run.
    Skip,
    /// Searched (minutes per target): `reproduce --full`.
    Compute,
    /// Read back from this directory (`data/tricolore/full_5x4`) and re-checked ([`saved`]).
    ReadBack(PathBuf),
}

/// Everything the family computes.
pub struct TricoloreResults {
    /// King adjacency, in [`Regime::ALL`] order.
    pub king: Vec<half::HalfStudy>,
    pub orthogonal: Vec<half::HalfStudy>,
    pub fulls: Vec<full::FullStudy>,
    /// Empty when not asked for.
    pub reach: Vec<full::ReachRow>,
    /// The document's worked example (when all red is among the full targets).
    pub example: Option<evidence::Example>,
    /// The 4x2 starts the document names, searched one by one.
    pub named: Vec<evidence::NamedStart>,
    /// The Unrestricted and Hybrid tables composed as the halves method composes them.
    pub composed: Option<evidence::Composed>,
    /// Seed 003's maxima and the exhaustive halves comparisons (when asked for).
    pub verdicts: Option<verdicts::Verdicts>,
    /// The 5x4 board, one study per target of [`saved::TARGETS`] (empty when skipped).
    pub large: Vec<full::FullStudy>,
    /// Whether `large` was read back from `data/` and re-checked rather than searched.
    pub large_read_back: bool,
    /// 5x4 targets with no table in `data/` to read back (`reproduce --full` searches them).
    pub large_missing: Vec<String>,
    /// Every pair of boards of the 3x3 ring, when asked for.
    pub ring: Option<half::HalfStudy>,
}

impl TricoloreResults {
    pub fn king(&self, regime: Regime) -> Option<&half::HalfStudy> {
        self.king.iter().find(|s| s.regime == regime)
    }
    pub fn orthogonal(&self, regime: Regime) -> Option<&half::HalfStudy> {
        self.orthogonal.iter().find(|s| s.regime == regime)
    }
}

pub struct Tricolore;

/// The 5x4 distance chart's stem under `reports/tricolore`.
pub const LARGE_CHART: &str = "full_5x4_distance_all";

impl Tricolore {
    /// What `reproduce` runs: with `data`, the 5x4 tables are read back from
    /// `data/tricolore/full_5x4` and re-checked ([`saved`]); without it (`reproduce --full`),
    /// they are searched.
    pub fn reproduce_options_to(data: Option<&Path>) -> Options {
        let mut o = <Tricolore as crate::studies::Study>::reproduce_options();
        if let Some(data) = data {
            o.large = Large::ReadBack(data.join(<Tricolore as crate::studies::Study>::FAMILY).join(saved::DIR));
        }
        o
    }
}

impl crate::studies::Study for Tricolore {
    const FAMILY: &'static str = "tricolore";
    type Options = Options;
    type Results = TricoloreResults;

    fn reproduce_options() -> Options {
        let mut halves = Vec::new();
        for regime in Regime::ALL {
            for adjacency in [Adjacency::King, Adjacency::Orthogonal] {
                // The 6561 x 6561 distance datasets are written by `statespace tricolore half`, not by
                // reproduce: data/ holds only what is committed.
                halves.push(half::HalfOptions {
                    regime,
                    adjacency,
                    matrix: false,
                });
            }
        }
        Options {
            halves,
            full_targets: FULL_TARGETS.iter().map(|s| s.to_string()).collect(),
            reachability: true,
            verdicts: true,
            large: Large::Compute,
            ring: true,
        }
    }

    fn compute(o: &Options, counters: &Counters) -> Result<TricoloreResults> {
        let (king, orthogonal, maxima) = compute_halves(o, counters)?;
        let grid4 = Grid::new(4, 4, Adjacency::King)?;
        let mut fulls = Vec::new();
        for t in &o.full_targets {
            counters.set_stage(format!("tricolore: 4x4 distances to {t}"), 0);
            let run = FullRun {
                grid: grid4.clone(),
                target: grid4.parse(t)?,
            };
            fulls.push(full_compute(&run, counters)?);
        }
        let reach = if o.reachability {
            full::reachability(&grid4, counters)?
        } else {
            Vec::new()
        };
        let red = grid4.parse(document::HALVES_EXAMPLE.1)?;
        let example = match fulls.iter().find(|f| f.target == red) {
            Some(to_red) => Some(evidence::halves_example(&grid4, to_red, counters)?),
            None => None,
        };
        let named = if king.iter().any(|s| s.regime == Regime::Unrestricted) {
            evidence::named_starts()?
        } else {
            Vec::new()
        };
        let find = |r: Regime| king.iter().find(|s| s.regime == r);
        let composed = match (find(Regime::Unrestricted), find(Regime::Hybrid)) {
            (Some(u), Some(h)) => Some(evidence::compose(u, h)),
            _ => None,
        };
        counters.set_stage("tricolore: the halves method on every 4x4 board", 0);
        let verdicts = if o.verdicts {
            Some(verdicts::Verdicts {
                maxima,
                halves: compute_halves_exhaustive(&grid4, &fulls, counters)?,
            })
        } else {
            None
        };
        let (large, large_missing) = compute_large(&o.large, counters)?;
        let ring = if o.ring {
            counters.set_stage("tricolore: every pair of boards of the 3x3 ring", 0);
            Some(pairs::run(&pairs::ring()?, counters)?)
        } else {
            None
        };
        Ok(TricoloreResults {
            king,
            orthogonal,
            fulls,
            reach,
            example,
            named,
            composed,
            verdicts,
            large,
            large_read_back: matches!(o.large, Large::ReadBack(_)),
            large_missing,
            ring,
        })
    }

    fn claims(r: &TricoloreResults) -> Vec<crate::studies::Claim> {
        let mut out = claims::claims(r);
        if let Some(v) = &r.verdicts {
            out.extend(verdicts::claims(v));
        }
        out
    }

    fn export(r: &TricoloreResults, claims: &[crate::studies::Claim]) -> Result<Export> {
        let mut out = Export::default();
        for s in r.king.iter().chain(&r.orthogonal) {
            let dir = half_dir(Path::new("tricolore"), s.regime, s.grid.adjacency());
            half_export(s, &dir.to_string_lossy(), &mut out)?;
        }
        let halves: Vec<&half::HalfStudy> = r.king.iter().chain(&r.orthogonal).collect();
        if halves.len() + r.fulls.len() > 1 {
            out.table(
                Area::Data,
                "tricolore",
                "boards.csv",
                &report::boards_table(&halves, &r.fulls),
            );
        }
        for s in &r.fulls {
            full_export(s, "tricolore/full", &mut out)?;
        }
        if !r.king.is_empty() {
            let king: Vec<&half::HalfStudy> = r.king.iter().collect();
            out.table(
                Area::Data,
                "tricolore",
                all_starts::TARGETS_ALL_STARTS_CSV,
                &all_starts::targets_all_starts_table(&king),
            );
        }
        if !r.reach.is_empty() {
            out.table(
                Area::Data,
                "tricolore/full",
                "reachability.csv",
                &report::reach_table(&r.reach),
            );
        }
        if !r.named.is_empty() {
            out.table(
                Area::Data,
                "tricolore",
                evidence::NAMED_STARTS_CSV,
                &evidence::named_starts_table(&r.named),
            );
        }
        if let Some(e) = &r.example {
            out.table(
                Area::Data,
                "tricolore",
                evidence::HALVES_EXAMPLE_CSV,
                &evidence::halves_example_table(e),
            );
        }
        if let Some(v) = &r.verdicts {
            verdicts_export(v, &mut out);
        }
        overview_charts(r, &mut out)?;
        if !r.large.is_empty() {
            large_export(&r.large, &mut out)?;
        }
        if let Some(s) = &r.ring {
            let dir = format!("tricolore/{}", pairs::dir_name(pairs::RING, &s.grid));
            pairs::export(s, pairs::RING, (&dir, "tricolore"), &mut out)?;
        }
        out.page = Some(page::page(r, claims));
        Ok(out)
    }
}

/// The half-board studies, king and orthogonal, and with the verdicts the maxima of each king
/// study (from its distance matrix, dropped afterwards unless the options ask for the dataset).
fn compute_halves(
    o: &Options,
    counters: &Counters,
) -> Result<(Vec<half::HalfStudy>, Vec<half::HalfStudy>, Vec<verdicts::RegimeMaxima>)> {
    let (mut king, mut orthogonal) = (Vec::new(), Vec::new());
    let mut maxima = Vec::new();
    for opts in &o.halves {
        counters.set_stage(format!("tricolore: 4x2 half boards, {} regime", opts.regime.name()), 0);
        let with_matrix = o.verdicts && opts.adjacency == Adjacency::King;
        let mut study = half::run(&half::HalfOptions {
            matrix: opts.matrix || with_matrix,
            ..*opts
        })?;
        if with_matrix {
            maxima.push(verdicts::maxima_of(&study)?);
            if !opts.matrix {
                study.matrix = None;
            }
        }
        match opts.adjacency {
            Adjacency::King => king.push(study),
            Adjacency::Orthogonal => orthogonal.push(study),
        }
    }
    Ok((king, orthogonal, maxima))
}

/// The halves method on every 4x4 board: the full targets' searches are reused; the
/// all-blue-border targets (the document's extension) get their own.
fn compute_halves_exhaustive(
    grid4: &Grid,
    fulls: &[full::FullStudy],
    counters: &Counters,
) -> Result<Vec<verdicts::HalvesExhaustive>> {
    let mut halves = Vec::new();
    for study in fulls {
        halves.push(verdicts::halves_exhaustive(
            study,
            &solve::Halves::new(grid4, study.target, counters)?,
        )?);
    }
    for t in verdicts::BORDER_TARGETS {
        let target = grid4.parse(t)?;
        let study = full::run(grid4, target, counters)?;
        halves.push(verdicts::halves_exhaustive(
            &study,
            &solve::Halves::new(grid4, target, counters)?,
        )?);
    }
    Ok(halves)
}

/// The 5x4 studies, searched or read back, and the targets with no table to read back.
fn compute_large(large: &Large, counters: &Counters) -> Result<(Vec<full::FullStudy>, Vec<String>)> {
    let (mut studies, mut missing) = (Vec::new(), Vec::new());
    for t in saved::TARGETS {
        match large {
            Large::Skip => {}
            Large::Compute => {
                counters.set_stage(format!("tricolore: 5x4 distances to {t}"), 0);
                let grid = saved::grid();
                studies.push(full::run_counts(&grid, grid.parse(t)?, true, counters)?);
            }
            Large::ReadBack(dir) => {
                // A target whose table was never computed is named on the page, not invented.
                if !dir
                    .join(saved::distance_csv(&saved::grid(), saved::grid().parse(t)?))
                    .exists()
                {
                    missing.push(t.to_string());
                    continue;
                }
                counters.set_stage(format!("tricolore: 5x4 distances to {t}, read back and re-checked"), 0);
                studies.push(saved::load(dir, t)?);
            }
        }
    }
    Ok((studies, missing))
}

/// The verdicts' tables: maxima and slowest starts, the exhaustive halves comparison.
fn verdicts_export(v: &verdicts::Verdicts, out: &mut Export) {
    let tables = [
        ("tricolore", verdicts::MAXIMA_CSV, verdicts::maxima_table(&v.maxima)),
        (
            "tricolore",
            verdicts::SLOWEST_STARTS_CSV,
            verdicts::slowest_starts_table(&v.maxima),
        ),
        (
            "tricolore/full",
            verdicts::HALVES_JOINT_CSV,
            verdicts::halves_joint_table(&v.halves),
        ),
        (
            "tricolore/full",
            verdicts::HALVES_SUMMARY_CSV,
            verdicts::halves_summary_table(&v.halves),
        ),
    ];
    for (dir, name, table) in &tables {
        out.table(Area::Data, dir, name, table);
    }
}

/// The charts that set the king regimes, and the 4x4 targets, side by side.
fn overview_charts(r: &TricoloreResults, out: &mut Export) -> Result<()> {
    if !r.king.is_empty() {
        let regimes: Vec<(&str, &half::HalfStudy)> = r.king.iter().map(|s| (s.regime.name(), s)).collect();
        out.chart(
            Area::Reports,
            "tricolore",
            "half_clicks_all",
            &report::clicks_chart("4x2 (king): boards first reached after k clicks", &regimes)?,
        );
        out.chart(
            Area::Reports,
            "tricolore",
            "half_eccentricity_all",
            &report::eccentricity_chart("4x2 (king): maximum clicks per start", &regimes)?,
        );
    }
    if !r.fulls.is_empty() {
        let full_refs: Vec<&full::FullStudy> = r.fulls.iter().collect();
        out.chart(
            Area::Reports,
            "tricolore",
            "full_distance_all",
            &report::full_chart(&full_refs)?,
        );
    }
    Ok(())
}

/// The 5x4 tables (one per target and the summary) and chart.
fn large_export(large: &[full::FullStudy], out: &mut Export) -> Result<()> {
    let dir = format!("tricolore/{}", saved::DIR);
    for s in large {
        out.table(
            Area::Data,
            &dir,
            &saved::distance_csv(&s.grid, s.target),
            &report::full_table(&saved::LARGE_DISTANCE, s),
        );
    }
    out.table(
        Area::Data,
        &dir,
        saved::SUMMARY_CSV,
        &report::large_summary_table(large),
    );
    let refs: Vec<&full::FullStudy> = large.iter().collect();
    out.chart(Area::Reports, "tricolore", LARGE_CHART, &report::full_chart(&refs)?);
    Ok(())
}
