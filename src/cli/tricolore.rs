//! `statespace tricolore`: half-board tables, the full board, reachability and the solver.

use super::run_task;
use crate::output::export::OutDirs;
use crate::puzzles::tricolore::{Adjacency, Game, Grid, Regime};
use crate::studies::footprint;
use crate::studies::tricolore::{
    full, half, half_dir, pairs, parse_any, solve, FullRun, Method, PairsRun, ReachRun, SolveRun,
};
use anyhow::{bail, Context, Result};
use clap::Args;
use std::path::{Path, PathBuf};

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

#[derive(clap::Subcommand, Debug)]
pub enum Command {
    /// The 4x2 half-board tables for one click regime: one search per start of each mirror pair.
    #[command(
        after_help = "Examples:\n  statespace tricolore half --regime unrestricted\n  statespace tricolore half \
            --regime hybrid --adjacency orthogonal --out /tmp/hybrid-orth\n\nWrites table.csv \
            (clicks,reached,mean_per_start,share), targets.csv \
            (target,starts,mean_clicks,max_clicks),\neccentricity.csv (max_clicks,starts), starts.csv \
            (start_board,reachable_boards,max_clicks,mean_clicks) and\ndistances.parquet \
            (start_index,target_index,clicks for all 6561 x 6561 pairs) into data/tricolore/half_{regime}\n(king) or \
            data/tricolore/orthogonal/half_{regime}, or into --out DIR."
    )]
    Half(HalfArgs),
    /// Exact distances from every board to a target on the full board (backward search).
    #[command(
        after_help = "Examples:\n  statespace tricolore full --target RRRR.RRRR.RRRR.RRRR\n  statespace tricolore full \
            --target WWW.WWW.WWW --width 3 --height 3 --out /tmp/3x3\n  statespace tricolore full --width 5 --height 4 \
            --target RRRRR.RRRRR.RRRRR.RRRRR --out /tmp/5x4\n\nWrites distance_to_{target}.csv (clicks,boards,states). \
            Boards of more than 16 squares are searched\nwith one byte per board (5x4: 3.3 GiB) up to the target's \
            mirror and half-turn symmetries.\nThe halves method is compared with the optimum on every 4x4 board \
            by\n`statespace reproduce --only tricolore` (data/tricolore/full/halves_exhaustive_*.csv)."
    )]
    Full(FullArgs),
    /// Fewest clicks between every pair of boards of a small board (up to 10 squares, holes allowed).
    #[command(
        after_help = "Examples:\n  statespace tricolore pairs --width 3 --height 3\n  statespace tricolore pairs \
            --board-file ring.board --out /tmp/ring\n\nWrites table.csv (clicks,reached,mean_per_start,share), \
            targets.csv (target,starts,mean_clicks,max_clicks),\neccentricity.csv (max_clicks,starts) and starts.csv \
            (start_board,reachable_boards,max_clicks,mean_clicks) into\ndata/tricolore/pairs_{board}_{adjacency} or \
            --out DIR, and the charts pairs_{board}_{adjacency}_clicks and _eccentricity\n(PNG and SVG) into --charts \
            DIR. The unrestricted regime; one search per class of starts under the\nboard's symmetries."
    )]
    Pairs(PairsArgs),
    /// Checks that from every start, whatever the previous click, every board but all blue is reachable.
    #[command(after_help = "Example:\n  statespace tricolore reach\n\nWrites reachability.csv \
            (search,examined,missed,missed_boards) into data/tricolore/full or --out DIR.")]
    Reach(ReachArgs),
    /// Prints an optimal click sequence (squares numbered row by row from 0) and the board after each click.
    #[command(
        after_help = "Examples:\n  statespace tricolore solve --from RRRB.BRWR.WBWR.RRBW --to \
            RRRR.RRRR.RRRR.RRRR\n  statespace tricolore solve --from RRRB.BRWR.WBWR.RRBW --to RRRR.RRRR.RRRR.RRRR \
            --method halves\n  statespace tricolore solve --from WBWW.WBRB --to RRRR.RRRR --regime hybrid"
    )]
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
    /// Target board, rows joined by '.', e.g. RRRR.RRRR.RRRR.RRRR (a hole of a board file: `-`).
    #[arg(long, value_name = "BOARD")]
    pub target: String,
    /// Which squares a click reaches [default: king; a board file's lattice line says it].
    #[arg(long, value_enum)]
    pub adjacency: Option<AdjacencyArg>,
    /// Board width.
    #[arg(long, default_value_t = 4, conflicts_with = "board_file")]
    pub width: usize,
    /// Board height.
    #[arg(long, default_value_t = 4, conflicts_with = "board_file")]
    pub height: usize,
    /// A board with holes: `lattice: square` (orthogonal) or `lattice: square-diagonal` (king),
    /// then `o` per square, `.` or a space a hole.
    #[arg(long, value_name = "FILE")]
    pub board_file: Option<PathBuf>,
    /// Directory for the tables [default: data/tricolore/full].
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Directory for the charts.
    #[arg(long, value_name = "DIR", default_value = "reports/tricolore")]
    pub charts: PathBuf,
}

#[derive(Args, Debug)]
pub struct PairsArgs {
    /// Which squares a click reaches [default: king; a board file's lattice line says it].
    #[arg(long, value_enum)]
    pub adjacency: Option<AdjacencyArg>,
    #[arg(long, default_value_t = 3, conflicts_with = "board_file")]
    pub width: usize,
    #[arg(long, default_value_t = 3, conflicts_with = "board_file")]
    pub height: usize,
    /// A board with holes, as `full --board-file`.
    #[arg(long, value_name = "FILE")]
    pub board_file: Option<PathBuf>,
    /// Directory for the tables [default: data/tricolore/pairs_{board}_{adjacency}].
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Directory for the charts.
    #[arg(long, value_name = "DIR", default_value = "reports/tricolore")]
    pub charts: PathBuf,
}

#[derive(Args, Debug)]
pub struct ReachArgs {
    /// Which squares a click reaches [default: king; a board file's lattice line says it].
    #[arg(long, value_enum)]
    pub adjacency: Option<AdjacencyArg>,
    #[arg(long, default_value_t = 4, conflicts_with = "board_file")]
    pub width: usize,
    #[arg(long, default_value_t = 4, conflicts_with = "board_file")]
    pub height: usize,
    /// A board with holes, as `full --board-file`.
    #[arg(long, value_name = "FILE")]
    pub board_file: Option<PathBuf>,
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

impl TryFrom<&HalfArgs> for half::HalfOptions {
    type Error = anyhow::Error;
    fn try_from(a: &HalfArgs) -> Result<half::HalfOptions> {
        Ok(half::HalfOptions {
            regime: a.regime.into(),
            adjacency: a.adjacency.into(),
            matrix: !a.no_dataset,
        })
    }
}

impl TryFrom<&FullArgs> for FullRun {
    type Error = anyhow::Error;
    fn try_from(a: &FullArgs) -> Result<FullRun> {
        let grid = board_grid(a.width, a.height, a.adjacency, a.board_file.as_deref())?;
        let target = grid.parse(&a.target).map_err(|e| anyhow::anyhow!("--target: {e}"))?;
        full::check_target(&grid, target)?;
        let need = if grid.squares() > full::PER_BOARD_SQUARES {
            footprint::tricolore_counts(grid.squares())
        } else {
            footprint::tricolore_search(grid.squares())
        };
        footprint::check(&format!("tricolore full {}", grid.size_label()), need)?;
        Ok(FullRun { grid, target })
    }
}

/// The board of `full` and `reach`: a board file (its lattice line gives the adjacency, which
/// `--adjacency` may repeat but not contradict), or the width x height rectangle.
fn board_grid(width: usize, height: usize, adjacency: Option<AdjacencyArg>, file: Option<&Path>) -> Result<Grid> {
    let Some(path) = file else {
        return Grid::new(width, height, adjacency.map_or(Adjacency::King, Into::into));
    };
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read board file {}", path.display()))?;
    let grid = Grid::parse_picture(&text, &path.display().to_string())?;
    if let Some(adj) = adjacency.map(Adjacency::from).filter(|&adj| adj != grid.adjacency()) {
        bail!(
            "--adjacency {} contradicts the board file's lattice ({} adjacency)",
            adj.name(),
            grid.adjacency().name()
        );
    }
    Ok(grid)
}

impl TryFrom<&ReachArgs> for ReachRun {
    type Error = anyhow::Error;
    fn try_from(a: &ReachArgs) -> Result<ReachRun> {
        let grid = board_grid(a.width, a.height, a.adjacency, a.board_file.as_deref())?;
        footprint::check(
            &format!("tricolore reach {}", grid.size_label()),
            footprint::tricolore_search(grid.squares()),
        )?;
        Ok(ReachRun { grid })
    }
}

impl TryFrom<&PairsArgs> for PairsRun {
    type Error = anyhow::Error;
    fn try_from(a: &PairsArgs) -> Result<PairsRun> {
        let grid = board_grid(a.width, a.height, a.adjacency, a.board_file.as_deref())?;
        if grid.squares() > pairs::MAX_SQUARES {
            bail!(
                "tricolore pairs {}: {} squares; every pair of boards is computed up to {} squares (3^{} boards)",
                grid.size_label(),
                grid.squares(),
                pairs::MAX_SQUARES,
                pairs::MAX_SQUARES
            );
        }
        footprint::check(
            &format!("tricolore pairs {}", grid.size_label()),
            pairs::pairs_bytes(grid.squares()),
        )?;
        let label = match &a.board_file {
            Some(p) => crate::output::export::slug(&p.display().to_string()),
            None => format!("{}x{}", grid.width(), grid.height()),
        };
        Ok(PairsRun { grid, label })
    }
}

/// `solve`'s boards (rows joined by '.'; --from sets the shape), rules and method.
impl TryFrom<&SolveArgs> for SolveRun {
    type Error = anyhow::Error;
    fn try_from(a: &SolveArgs) -> Result<SolveRun> {
        let (regime, method): (Regime, Method) = (a.regime.into(), a.method.into());
        let grid = parse_any(&a.from, a.adjacency.into())?;
        let from = grid.parse(&a.from)?;
        let to = grid
            .parse(&a.to)
            .map_err(|e| anyhow::anyhow!("--to: {e} (it must have the shape of --from)"))?;
        if from == to {
            bail!(
                "--from and --to are the same board {}; there is nothing to solve",
                grid.format(from)
            );
        }
        if method == Method::Halves && (grid.height() != 4 || regime != Regime::Unrestricted) {
            bail!("--method halves needs a board of four rows and the unrestricted regime");
        }
        let game = Game::new(grid, regime)?;
        solve::check_target(&game, to)?;
        Ok(SolveRun { game, from, to, method })
    }
}

/// Data files into `out` (or its default), charts into `charts`.
fn dirs(out: &Option<PathBuf>, default: impl FnOnce() -> PathBuf, charts: &Path) -> Option<OutDirs> {
    Some(OutDirs {
        data: out.clone().unwrap_or_else(default),
        reports: charts.to_path_buf(),
    })
}

pub fn run(cmd: Command, command: &str) -> Result<()> {
    let full_dir = || PathBuf::from("data/tricolore/full");
    match cmd {
        Command::Half(a) => {
            let o = half::HalfOptions::try_from(&a)?;
            let to = dirs(
                &a.out,
                || half_dir(Path::new("data/tricolore"), o.regime, o.adjacency),
                &a.charts,
            );
            run_task(&o, to, command).map(drop)
        }
        Command::Pairs(a) => {
            let o = PairsRun::try_from(&a)?;
            let default = || PathBuf::from("data/tricolore").join(pairs::dir_name(&o.label, &o.grid));
            run_task(&o, dirs(&a.out, default, &a.charts), command).map(drop)
        }
        Command::Full(a) => run_task(&FullRun::try_from(&a)?, dirs(&a.out, full_dir, &a.charts), command).map(drop),
        Command::Reach(a) => {
            let out = a.out.clone().unwrap_or_else(full_dir);
            run_task(&ReachRun::try_from(&a)?, Some(OutDirs::one(&out)), command).map(drop)
        }
        Command::Solve(a) => run_task(&SolveRun::try_from(&a)?, None, command).map(drop),
    }
}
