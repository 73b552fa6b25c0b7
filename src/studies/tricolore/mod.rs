//! Tricolore: the document's 4x2 half-board tables (three click regimes), exact distances on the
//! full 4x4 board, reachability, an optimal solver and the document's "solve the halves" method.

use crate::engine::progress::{Counters, Reporter};
use crate::output::OutputDir;
use crate::puzzles::tricolore::{Adjacency, Game, Grid, Regime};
use anyhow::{bail, Result};
use clap::Args;
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub mod document;
pub mod full;
pub mod half;
pub mod markdown;
pub mod report;
pub mod solve;

#[derive(clap::Subcommand, Debug)]
pub enum Command {
    /// The 4x2 half-board tables for one click regime: one search per start of each mirror pair.
    #[command(after_help = "Examples:\n  statespace tricolore half --regime unrestricted\n  statespace tricolore half --regime hybrid --adjacency orthogonal --out /tmp/hybrid-orth\n\nWrites table.csv (clicks,reached,average,percent), targets.csv (target,average,maximum),\neccentricity.csv (max_clicks,starts), starts.csv (start,max_clicks,mean_clicks) and\ndistances.parquet (start,target,clicks for all 6561 x 6561 pairs) into data/tricolore/half_{regime}\n(king) or data/tricolore/orthogonal/half_{regime}, or into --out DIR.")]
    Half(HalfArgs),
    /// Exact distances from every board to a target on the full board (backward search).
    #[command(after_help = "Examples:\n  statespace tricolore full --target RRRR.RRRR.RRRR.RRRR\n  statespace tricolore full --target WWW.WWW.WWW --width 3 --height 3 --out /tmp/3x3\n\nWrites distance_to_{target}.csv (clicks,boards,states) and, on boards of four rows,\nhalves_vs_optimal_{target}.csv comparing the document's halves method with the optimum.")]
    Full(FullArgs),
    /// Checks that from every start, whatever the previous click, every board but all blue is reachable.
    #[command(after_help = "Example:\n  statespace tricolore reach\n\nWrites reachability.csv (search,examined,missed,missed_boards) into data/tricolore/full or --out DIR.")]
    Reach(ReachArgs),
    /// Prints an optimal click sequence (squares numbered row by row from 0) and the board after each click.
    #[command(after_help = "Examples:\n  statespace tricolore solve --from RRRB.BRWR.WBWR.RRBW --to RRRR.RRRR.RRRR.RRRR\n  statespace tricolore solve --from RRRB.BRWR.WBWR.RRBW --to RRRR.RRRR.RRRR.RRRR --method halves\n  statespace tricolore solve --from WBWW.WBRB --to RRRR.RRRR --regime hybrid")]
    Solve(SolveArgs),
}

#[derive(Args, Debug)]
pub struct HalfArgs {
    /// unrestricted: any square; restricted: lower row only; hybrid: lower row plus red top squares.
    #[arg(long, value_enum)]
    pub regime: Regime,
    /// Which squares adjoin: king (8 neighbours, reproduces the document) or orthogonal (4).
    #[arg(long, value_enum, default_value = "king")]
    pub adjacency: Adjacency,
    /// Directory for the tables and dataset [default: data/tricolore/half_{regime}].
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Directory for the charts.
    #[arg(long, value_name = "DIR", default_value = "reports/tricolore")]
    pub charts: PathBuf,
    /// Skip the 6561 x 6561 distance dataset (tables and charts only).
    #[arg(long)]
    pub no_dataset: bool,
}

#[derive(Args, Debug)]
pub struct FullArgs {
    /// Target board, rows joined by '.', e.g. RRRR.RRRR.RRRR.RRRR.
    #[arg(long, value_name = "BOARD")]
    pub target: String,
    #[arg(long, value_enum, default_value = "king")]
    pub adjacency: Adjacency,
    /// Board width.
    #[arg(long, default_value_t = 4)]
    pub width: usize,
    /// Board height.
    #[arg(long, default_value_t = 4)]
    pub height: usize,
    /// Boards sampled (evenly spaced by index) to compare the halves method with the optimum; 0 = skip.
    #[arg(long, value_name = "N", default_value_t = 100_000)]
    pub halves_sample: usize,
    /// Directory for the tables [default: data/tricolore/full].
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Directory for the charts.
    #[arg(long, value_name = "DIR", default_value = "reports/tricolore")]
    pub charts: PathBuf,
}

#[derive(Args, Debug)]
pub struct ReachArgs {
    #[arg(long, value_enum, default_value = "king")]
    pub adjacency: Adjacency,
    #[arg(long, default_value_t = 4)]
    pub width: usize,
    #[arg(long, default_value_t = 4)]
    pub height: usize,
    /// Directory for reachability.csv [default: data/tricolore/full].
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Fewest clicks over the whole board.
    Optimal,
    /// The document's method: top two rows optimally, then the bottom two in the Hybrid regime.
    Halves,
}

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// Starting board; its shape (rows joined by '.') sets the board size.
    #[arg(long, value_name = "BOARD")]
    pub from: String,
    /// Target board, same shape.
    #[arg(long, value_name = "BOARD")]
    pub to: String,
    #[arg(long, value_enum, default_value = "king")]
    pub adjacency: Adjacency,
    /// Which squares may be clicked (restricted and hybrid concern the bottom row).
    #[arg(long, value_enum, default_value = "unrestricted")]
    pub regime: Regime,
    #[arg(long, value_enum, default_value = "optimal")]
    pub method: Method,
}

/// Validated options of `half`.
#[derive(Clone, Debug)]
pub struct HalfRun {
    pub opts: half::HalfOptions,
    pub out: PathBuf,
    pub charts: PathBuf,
}

/// Validated options of `full`.
#[derive(Clone, Debug)]
pub struct FullRun {
    pub grid: Grid,
    pub target: u32,
    pub halves_sample: usize,
    pub out: PathBuf,
    pub charts: PathBuf,
}

/// Validated options of `solve`.
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
fn parse_any(text: &str, adjacency: Adjacency) -> Result<Grid> {
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

impl SolveRun {
    pub fn from_args(a: &SolveArgs) -> Result<SolveRun> {
        let grid = parse_any(&a.from, a.adjacency)?;
        let from = grid.parse(&a.from)?;
        let to = grid.parse(&a.to).map_err(|e| anyhow::anyhow!("--to: {e} (it must have the shape of --from)"))?;
        if from == to {
            bail!("--from and --to are the same board {}; there is nothing to solve", grid.format(from));
        }
        if a.method == Method::Halves && (grid.height() != 4 || a.regime != Regime::Unrestricted) {
            bail!("--method halves needs a board of four rows and the unrestricted regime");
        }
        let game = Game::new(grid, a.regime)?;
        solve::check_target(&game, to)?;
        Ok(SolveRun { game, from, to, method: a.method })
    }
}

pub fn run(cmd: Command, command: &str) -> Result<()> {
    match cmd {
        Command::Half(a) => {
            let run = HalfRun {
                opts: half::HalfOptions { regime: a.regime, adjacency: a.adjacency, matrix: !a.no_dataset },
                out: a.out.clone().unwrap_or_else(|| half_dir(Path::new("data/tricolore"), a.regime, a.adjacency)),
                charts: a.charts.clone(),
            };
            let study = half_into(&run, command)?;
            println!("{}", half_summary(&study));
            Ok(())
        }
        Command::Full(a) => {
            let grid = Grid::new(a.width, a.height, a.adjacency)?;
            let target = grid.parse(&a.target).map_err(|e| anyhow::anyhow!("--target: {e}"))?;
            full::check_target(&grid, target)?;
            let what = format!("tricolore full {}x{}", a.width, a.height);
            crate::studies::footprint::check(&what, crate::studies::footprint::tricolore_search(grid.squares()))?;
            let run = FullRun {
                grid,
                target,
                halves_sample: a.halves_sample,
                out: a.out.clone().unwrap_or_else(|| PathBuf::from("data/tricolore/full")),
                charts: a.charts.clone(),
            };
            let (study, halves) = full_into(&run, command)?;
            println!("{}", full_summary(&study));
            if let Some(h) = halves {
                println!("{}", h.summary());
            }
            Ok(())
        }
        Command::Reach(a) => {
            let grid = Grid::new(a.width, a.height, a.adjacency)?;
            let what = format!("tricolore reach {}x{}", a.width, a.height);
            crate::studies::footprint::check(&what, crate::studies::footprint::tricolore_search(grid.squares()))?;
            let out = a.out.clone().unwrap_or_else(|| PathBuf::from("data/tricolore/full"));
            let rows = reach_into(&grid, &out, command)?;
            for r in &rows {
                println!("{}: {} of {} missed {}", r.search, r.missed, r.examined, r.missed_boards.join(" "));
            }
            Ok(())
        }
        Command::Solve(a) => {
            let run = SolveRun::from_args(&a)?;
            print!("{}", solve_text(&run)?);
            Ok(())
        }
    }
}

/// The solution as printed by `solve`.
pub fn solve_text(run: &SolveRun) -> Result<String> {
    let counters = Arc::new(Counters::default());
    let _progress = Reporter::start("tricolore solve".into(), counters.clone());
    let g = &run.game.grid;
    let (clicks, note) = match run.method {
        Method::Optimal => (solve::optimal(&run.game, run.from, run.to, &counters)?, "optimal".to_string()),
        Method::Halves => {
            let h = solve::Halves::new(g, run.to, &counters)?;
            let Some(play) = h.solve(run.from) else {
                bail!(
                    "the halves method cannot reach {}: in every orientation its top half is all blue or its bottom row is (an all-blue border: the document's extra-click extension is not implemented)",
                    g.format(run.to)
                );
            };
            let optimum = solve::optimal(&run.game, run.from, run.to, &counters)?.len();
            let turned = if h.turns > 0 { format!(", board turned {} quarter turn(s) clockwise first", h.turns) } else { String::new() };
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

/// Runs a half-board study and writes its files (shared with `reproduce`).
pub fn half_into(run: &HalfRun, command: &str) -> Result<half::HalfStudy> {
    let mut data = OutputDir::create(&run.out, command)?;
    let mut charts = OutputDir::create(&run.charts, command)?;
    let study = half::run(&run.opts)?;
    data.write_table("table.csv", &report::half_table(&study))?;
    data.write_table("targets.csv", &report::targets_table(&study))?;
    data.write_table("eccentricity.csv", &report::eccentricity_table(&study))?;
    data.write_table("starts.csv", &report::starts_table(&study))?;
    if let Some(bytes) = report::matrix_parquet(&study)? {
        let n = u64::from(study.boards());
        data.write("distances.parquet", &bytes, Some(n * n))?;
    }
    let (r, adj) = (run.opts.regime, run.opts.adjacency);
    let label = format!("{} ({})", r.name(), adj.name());
    charts.write_chart(
        &chart_stem("half_clicks", r, adj),
        &report::clicks_chart(&format!("4x2 {label}: boards first reached after k clicks"), &[(&label, &study)])?,
    )?;
    charts.write_chart(
        &chart_stem("half_eccentricity", r, adj),
        &report::eccentricity_chart(&format!("4x2 {label}: maximum clicks per start"), &[(&label, &study)])?,
    )?;
    data.finish()?;
    charts.finish()?;
    Ok(study)
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

/// Runs the full-board study for one target and writes it (shared with `reproduce`).
pub fn full_into(run: &FullRun, command: &str) -> Result<(full::FullStudy, Option<report::HalvesComparison>)> {
    let mut data = OutputDir::create(&run.out, command)?;
    let mut charts = OutputDir::create(&run.charts, command)?;
    let counters = Arc::new(Counters::default());
    let _progress = Reporter::start(format!("tricolore full {}", run.grid.format(run.target)), counters.clone());
    let study = full::run(&run.grid, run.target, &counters)?;
    let stem = board_stem(&run.grid, run.target);
    data.write_table(&format!("distance_to_{stem}.csv"), &report::full_table(&study))?;
    charts.write_chart(&format!("full_distance_{stem}"), &report::full_chart(&[&study])?)?;
    let mut comparison = None;
    if run.grid.height() == 4 && run.halves_sample > 0 {
        let halves = solve::Halves::new(&run.grid, run.target, &counters)?;
        if halves.applicable() {
            let c = report::compare_halves(&study, &halves, run.halves_sample);
            data.write_table(&format!("halves_vs_optimal_{stem}.csv"), &c.table())?;
            charts.write_chart(&format!("full_halves_{stem}"), &c.chart()?)?;
            comparison = Some(c);
        }
    }
    data.finish()?;
    charts.finish()?;
    Ok((study, comparison))
}

pub fn full_summary(s: &full::FullStudy) -> String {
    let max = s.boards.iter().rposition(|&n| n > 0).unwrap_or(0);
    let mean = s.boards.iter().enumerate().map(|(k, &n)| k as f64 * n as f64).sum::<f64>()
        / s.boards.iter().sum::<u64>().max(1) as f64;
    format!(
        "tricolore full {}x{} to {}: {} boards, at most {} clicks, mean {:.4}; {} boards and {} (board, last click) states cannot reach it",
        s.grid.width(),
        s.grid.height(),
        s.grid.format(s.target),
        s.grid.boards(),
        max,
        mean,
        s.unreachable_boards,
        s.unreachable_states
    )
}

/// Runs the reachability check and writes reachability.csv.
pub fn reach_into(grid: &Grid, out: &Path, command: &str) -> Result<Vec<full::ReachRow>> {
    let mut data = OutputDir::create(out, command)?;
    let counters = Arc::new(Counters::default());
    let _progress = Reporter::start("tricolore reach".into(), counters.clone());
    let rows = full::reachability(grid, &counters)?;
    data.write_table("reachability.csv", &report::reach_table(&rows))?;
    data.finish()?;
    Ok(rows)
}

/// The 4x4 targets of the document's applet: all red, all white, alternating blue/white.
pub const FULL_TARGETS: [&str; 3] = ["RRRR.RRRR.RRRR.RRRR", "WWWW.WWWW.WWWW.WWWW", "WBWB.BWBW.WBWB.BWBW"];

pub fn reproduce(ctx: &crate::reproduce::Ctx) -> Result<()> {
    let data = ctx.data_dir("tricolore");
    let reports = ctx.reports_dir("tricolore");
    let mut king = Vec::new();
    let mut orthogonal = Vec::new();
    for regime in Regime::ALL {
        for adjacency in [Adjacency::King, Adjacency::Orthogonal] {
            // The research dataset is for the rules that reproduce the document.
            let matrix = adjacency == Adjacency::King;
            let run = HalfRun {
                opts: half::HalfOptions { regime, adjacency, matrix },
                out: half_dir(&data, regime, adjacency),
                charts: reports.clone(),
            };
            let mut study = half_into(&run, &ctx.command)?;
            study.matrix = None;
            eprintln!("{}", half_summary(&study));
            match adjacency {
                Adjacency::King => king.push(study),
                Adjacency::Orthogonal => orthogonal.push(study),
            }
        }
    }
    let grid4 = Grid::new(4, 4, Adjacency::King)?;
    let mut fulls = Vec::new();
    let mut comparisons = Vec::new();
    for t in FULL_TARGETS {
        let run = FullRun {
            grid: grid4.clone(),
            target: grid4.parse(t)?,
            halves_sample: 100_000,
            out: data.join("full"),
            charts: reports.clone(),
        };
        let (study, comparison) = full_into(&run, &ctx.command)?;
        eprintln!("{}", full_summary(&study));
        fulls.push(study);
        comparisons.extend(comparison);
    }
    let reach = reach_into(&grid4, &data.join("full"), &ctx.command)?;
    let example = markdown::halves_example(&grid4, &fulls[0])?;
    let mut out = OutputDir::create(&reports, &ctx.command)?;
    let regimes: Vec<(&str, &half::HalfStudy)> = king.iter().map(|s| (s.regime.name(), s)).collect();
    out.write_chart("half_clicks_all", &report::clicks_chart("4x2 (king): boards first reached after k clicks", &regimes)?)?;
    out.write_chart(
        "half_eccentricity_all",
        &report::eccentricity_chart("4x2 (king): maximum clicks per start", &regimes)?,
    )?;
    let full_refs: Vec<&full::FullStudy> = fulls.iter().collect();
    out.write_chart("full_distance_all", &report::full_chart(&full_refs)?)?;
    let md = markdown::report(&markdown::Inputs {
        king: &king,
        orthogonal: &orthogonal,
        fulls: &fulls,
        comparisons: &comparisons,
        reach: &reach,
        example: &example,
    })?;
    out.write("report.md", md.as_bytes(), None)?;
    out.finish()?;
    Ok(())
}
