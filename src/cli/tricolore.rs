//! `statespace tricolore`: half-board tables, the full board, reachability and the solver.

use crate::engine::progress::{Counters, Reporter};
use crate::output::export::{self, Area, Export};
use crate::puzzles::tricolore::{Adjacency, Grid, Regime};
use crate::studies::tricolore::{
    full, full_compute, full_export, full_summary, half, half_dir, half_export, half_summary, report, solve_text, FullRun,
    Method, SolveRun,
};
use crate::studies::footprint;
use anyhow::Result;
use clap::Args;
use std::path::{Path, PathBuf};
use std::sync::Arc;

super::value_enum!(
    /// Which squares adjoin.
    AdjacencyArg => Adjacency {
        /// The 8 surrounding squares (rows, columns and diagonals): reproduces the document.
        King,
        /// The 4 squares sharing an edge.
        Orthogonal,
    }
);

super::value_enum!(
    /// Which squares may be clicked.
    RegimeArg => Regime {
        /// Any square.
        Unrestricted,
        /// Bottom row only.
        Restricted,
        /// Bottom row, plus any red square above it; never entering a board whose bottom row is all blue.
        Hybrid,
    }
);

super::value_enum!(
    /// How `solve` finds its clicks.
    MethodArg => Method {
        /// Fewest clicks over the whole board.
        Optimal,
        /// The document's method: top two rows optimally, then the bottom two in the Hybrid regime.
        Halves,
    }
);

/// Proves the directories writable before the search and holds their locks until the caller
/// drops the result, so a second run on them is refused while this one computes.
fn prove_writable(dirs: &[&Path], command: &str) -> Result<Vec<crate::output::OutputDir>> {
    dirs.iter().map(|d| crate::output::OutputDir::create(d, command)).collect()
}

/// Data files into `data`, charts into `charts`.
fn write(files: &Export, data: &Path, charts: &Path, command: &str) -> Result<()> {
    export::write(&files.files, |area, _| if area == Area::Data { data.to_path_buf() } else { charts.to_path_buf() }, command)
}

#[derive(clap::Subcommand, Debug)]
pub enum Command {
    /// The 4x2 half-board tables for one click regime: one search per start of each mirror pair.
    #[command(after_help = "Examples:\n  statespace tricolore half --regime unrestricted\n  statespace tricolore half --regime hybrid --adjacency orthogonal --out /tmp/hybrid-orth\n\nWrites table.csv (clicks,reached,mean_per_start,share), targets.csv (target,starts,mean_clicks,max_clicks),\neccentricity.csv (max_clicks,starts), starts.csv (start,reached,max_clicks,mean_clicks) and\ndistances.parquet (start,target,clicks for all 6561 x 6561 pairs) into data/tricolore/half_{regime}\n(king) or data/tricolore/orthogonal/half_{regime}, or into --out DIR.")]
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
    pub regime: RegimeArg,
    /// Which squares adjoin: king (8 neighbours, reproduces the document) or orthogonal (4).
    #[arg(long, value_enum, default_value = "king")]
    pub adjacency: AdjacencyArg,
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
    pub adjacency: AdjacencyArg,
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
    pub adjacency: AdjacencyArg,
    #[arg(long, default_value_t = 4)]
    pub width: usize,
    #[arg(long, default_value_t = 4)]
    pub height: usize,
    /// Directory for reachability.csv [default: data/tricolore/full].
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
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
    pub adjacency: AdjacencyArg,
    /// Which squares may be clicked (restricted and hybrid concern the bottom row).
    #[arg(long, value_enum, default_value = "unrestricted")]
    pub regime: RegimeArg,
    #[arg(long, value_enum, default_value = "optimal")]
    pub method: MethodArg,
}


pub fn run(cmd: Command, command: &str) -> Result<()> {
    match cmd {
        Command::Half(a) => {
            let (regime, adjacency): (Regime, Adjacency) = (a.regime.into(), a.adjacency.into());
            let opts = half::HalfOptions { regime, adjacency, matrix: !a.no_dataset };
            let out = a.out.clone().unwrap_or_else(|| half_dir(Path::new("data/tricolore"), regime, adjacency));
            let _locks = prove_writable(&[&out, &a.charts], command)?;
            let study = half::run(&opts)?;
            let mut files = Export::default();
            half_export(&study, "", &mut files)?;
            write(&files, &out, &a.charts, command)?;
            println!("{}", half_summary(&study));
            Ok(())
        }
        Command::Full(a) => {
            let grid = Grid::new(a.width, a.height, a.adjacency.into())?;
            let target = grid.parse(&a.target).map_err(|e| anyhow::anyhow!("--target: {e}"))?;
            full::check_target(&grid, target)?;
            let what = format!("tricolore full {}x{}", a.width, a.height);
            footprint::check(&what, footprint::tricolore_search(grid.squares()))?;
            let run = FullRun {
                grid,
                target,
                halves_sample: a.halves_sample,
                out: a.out.clone().unwrap_or_else(|| PathBuf::from("data/tricolore/full")),
                charts: a.charts.clone(),
            };
            let _locks = prove_writable(&[&run.out, &run.charts], command)?;
            let counters = Arc::new(Counters::default());
            let (study, halves) = {
                let _progress = Reporter::start(format!("tricolore full {}", run.grid.format(run.target)), counters.clone());
                full_compute(&run, &counters)?
            };
            let mut files = Export::default();
            full_export(&study, halves.as_ref(), "", &mut files)?;
            write(&files, &run.out, &run.charts, command)?;
            println!("{}", full_summary(&study));
            if let Some(h) = halves {
                println!("{}", h.summary());
            }
            Ok(())
        }
        Command::Reach(a) => {
            let grid = Grid::new(a.width, a.height, a.adjacency.into())?;
            let what = format!("tricolore reach {}x{}", a.width, a.height);
            footprint::check(&what, footprint::tricolore_search(grid.squares()))?;
            let out = a.out.clone().unwrap_or_else(|| PathBuf::from("data/tricolore/full"));
            let _locks = prove_writable(&[&out], command)?;
            let counters = Arc::new(Counters::default());
            let rows = {
                let _progress = Reporter::start("tricolore reach".into(), counters.clone());
                full::reachability(&grid, &counters)?
            };
            let mut files = Export::default();
            files.table(Area::Data, "", "reachability.csv", &report::reach_table(&rows));
            write(&files, &out, &out, command)?;
            for r in &rows {
                println!("{}: {} of {} missed {}", r.search, r.missed, r.examined, r.missed_boards.join(" "));
            }
            Ok(())
        }
        Command::Solve(a) => {
            let run = SolveRun::new(&a.from, &a.to, a.adjacency.into(), a.regime.into(), a.method.into())?;
            print!("{}", solve_text(&run)?);
            Ok(())
        }
    }
}

