//! `statespace lightsout`: sweeps, rectangles, solving, histograms, quiet patterns, hand algorithms.

use super::run_task;
use crate::output::export::OutDirs;
use crate::puzzles::lightsout::{Game, Rule, Topology};
use crate::puzzles::named_graphs;
use crate::puzzles::press_graph::{GraphRule, PressGraph};
use crate::studies::footprint;
use crate::studies::lightsout::commands::*;
use crate::studies::lightsout::gods::{self, GodsOptions};
use crate::studies::lightsout::graphs::{rank_bytes as graph_rank_bytes, GraphRankOptions};
use crate::studies::lightsout::{frontier, histogram, quiet, sutner};
use crate::studies::lightsout::{MAX_RECT, MAX_SWEEP_BLOCK, MAX_SWEEP_PLUS_OPEN, MAX_SWEEP_TORUS};
use anyhow::{bail, Context, Result};
use clap::Args;
use std::path::{Path, PathBuf};

super::value_enum!(
    /// What one press toggles.
    RuleArg => Rule {
        /// The cell and its 4 orthogonal neighbours (Lights Out).
        Plus,
        /// The 3x3 block around the cell (seed 002's Toggle Squares).
        Block,
    }
);

super::value_enum!(
    /// The board's edges.
    TopologyArg => Topology {
        /// Edges are walls.
        Open,
        /// Opposite edges are joined.
        Torus,
    }
);

super::value_enum!(
    /// Sutner's two games on a graph.
    GraphRuleArg => GraphRule {
        /// A press toggles the vertex and its neighbours.
        SigmaPlus,
        /// A press toggles the neighbours only.
        Sigma,
    }
);

#[derive(clap::Subcommand, Debug)]
pub enum Command {
    /// Rank and nullity of the n x n press matrix for every n <= N (fast methods).
    #[command(
        after_help = "Examples:\n  statespace lightsout sweep --rule plus --topology open --max-n 25000 --out \
            /tmp/lo\n  -> /tmp/lo/sweep_plus_open.csv  (n,n_mod_3,rank,nullity,log2_solvable_fraction)\n  mpirun -n 4 \
            statespace lightsout sweep --max-n 1000000 --format parquet --keep /tmp/lo/gcds --out /tmp/lo\n  -> \
            /tmp/lo/sweep_plus_open.parquet  (the same columns; a killed run resumes from /tmp/lo/gcds)"
    )]
    Sweep(SweepArgs),
    /// The m x n nullity table for m, n <= M.
    #[command(
        after_help = "Example:\n  statespace lightsout rect --rule plus --max 40 --out /tmp/lo\n  -> \
            /tmp/lo/rect_plus_open.csv  (m,n,rank,nullity)"
    )]
    Rect(RectArgs),
    /// Solves a board file (rows of 0/1 or ./#) or the all-ones board with fewest presses.
    #[command(
        after_help = "Examples:\n  statespace lightsout solve board.txt --presses answer.txt\n  statespace lightsout \
            solve --all-ones 10000 --presses /tmp/p.txt\n  statespace lightsout solve board.txt --rule block \
            --topology torus"
    )]
    Solve(SolveArgs),
    /// How many solvable positions need exactly k presses at minimum; God's number.
    #[command(
        after_help = "Examples:\n  statespace lightsout histogram --n 5 --out /tmp/lo\n  -> \
            /tmp/lo/histogram_plus_open_5x5.csv  (min_presses,positions,log10_positions)\n  statespace lightsout \
            histogram --n 9 --samples 1000000 --out /tmp/lo\n  -> \
            /tmp/lo/sampled_histogram_plus_open_9x9.csv  \
            (min_presses,samples,share,standard_error,log10_estimated_positions)"
    )]
    Histogram(HistogramArgs),
    /// Quiet patterns (null-space basis) as CSV and images, and the light-chasing table.
    #[command(
        after_help = "Example:\n  statespace lightsout quiet --n 5 --out /tmp/lo\n  -> quiet_plus_open_5x5.csv, \
            quiet_plus_open_5x5.png/.svg, chase_table_plus_open_5x5.csv"
    )]
    Quiet(SquareArgs),
    /// Rank and nullity of one n x n press matrix by dense elimination (the verification path).
    #[command(after_help = "Example:\n  statespace lightsout dense --n 128    (the 16384 x 16384 plus matrix)")]
    Dense(DenseArgs),
    /// Seed 002's hand algorithms (one-way, two-way) for the block rule against the minimum.
    #[command(
        after_help = "Example:\n  statespace lightsout hand --max-n 8 --out /tmp/lo\n  -> /tmp/lo/hand_algorithms.csv"
    )]
    Hand(HandArgs),
    /// Nullity of one n x n board by the fast polynomial method (any n up to 2*10^7).
    #[command(
        after_help = "Examples:\n  statespace lightsout nullity --n 1000000\n  statespace lightsout nullity --n 25000 \
            --topology torus"
    )]
    Nullity(NullityArgs),
    /// The plus/open m x n nullity table as a Parquet dataset with a heatmap.
    #[command(
        after_help = "Example:\n  statespace lightsout rect-dataset --max 1000 --out /tmp/lo\n  -> \
            /tmp/lo/rect_plus_open_1000.parquet (m,n,nullity,rank), rect_plus_open_1000.png/.svg"
    )]
    RectDataset(RectDatasetArgs),
    /// God's numbers (the most presses any solvable position needs), exact or proven bounds.
    #[command(
        after_help = "Example:\n  statespace lightsout gods --max-n 50 --max-n-d2 256 --out /tmp/lo\n  -> \
            /tmp/lo/gods_numbers.csv, gods_witnesses.txt, gods_numbers.png/.svg"
    )]
    Gods(GodsArgs),
    /// Rank and nullity of any graph's press matrix (Sutner's sigma or sigma-plus game).
    #[command(
        after_help = "Examples:\n  statespace lightsout rank --named petersen\n  statespace lightsout rank --graph \
            my.edges --rule sigma\n  statespace lightsout rank --board-file hex.board\n\nAn edge list has one pair of \
            0-based vertex numbers per line (`#` starts a comment; `vertices N` names the count, so isolated vertices \
            exist). A board file's first line is `lattice: square` or `lattice: hexagonal`, then a picture, `o` a \
            cell, `.` or a space none (hexagonal cells in skewed rows: (r, c) touches (r, c+-1), (r+-1, c), \
            (r+1, c+1), (r-1, c-1))."
    )]
    Rank(RankArgs),
}

#[derive(Args, Debug)]
pub struct NullityArgs {
    /// Side of the square board.
    #[arg(long, value_name = "N")]
    pub n: usize,
    #[arg(long, value_enum, default_value = "plus")]
    pub rule: RuleArg,
    #[arg(long, value_enum, default_value = "open")]
    pub topology: TopologyArg,
}

/// Where a graph comes from: exactly one of a file of edges, a board picture or a name.
#[derive(Args, Debug)]
#[group(required = true, multiple = false)]
pub struct GraphSource {
    /// An edge-list file.
    #[arg(long, value_name = "FILE")]
    pub graph: Option<PathBuf>,
    /// A board picture on the square or hexagonal lattice.
    #[arg(long, value_name = "FILE")]
    pub board_file: Option<PathBuf>,
    /// A named graph: tetrahedron, cube, octahedron, dodecahedron, icosahedron, petersen, hypercube-K, cycle-N,
    /// path-N, complete-N, grid-MxN, hex-N, hexagon-N.
    #[arg(long, value_name = "NAME")]
    pub named: Option<String>,
}

#[derive(Args, Debug)]
pub struct RankArgs {
    #[command(flatten)]
    pub source: GraphSource,
    #[arg(long, value_enum, default_value = "sigma-plus")]
    pub rule: GraphRuleArg,
}

#[derive(Args, Debug)]
pub struct RectDatasetArgs {
    /// Largest m and n.
    #[arg(long, value_name = "M", default_value_t = 1000)]
    pub max: usize,
    #[arg(long, value_name = "DIR", default_value = "data/lightsout")]
    pub out: PathBuf,
}

#[derive(Args, Debug)]
pub struct GodsArgs {
    /// Every side n <= N with nullity > 0.
    #[arg(long, value_name = "N", default_value_t = 50)]
    pub max_n: usize,
    /// Also every side n <= N with nullity 2 (closed form).
    #[arg(long, value_name = "N", default_value_t = 256)]
    pub max_n_d2: usize,
    /// Only these sides (comma-separated, each with nullity > 0), instead of --max-n and --max-n-d2.
    #[arg(long, value_name = "N,N,..", value_delimiter = ',')]
    pub sides: Option<Vec<usize>>,
    /// Restarts of the witness search for nullity > 2.
    #[arg(long, default_value_t = 4)]
    pub restarts: usize,
    /// Branch-and-bound work per decision where the witness is below the parity bound, in units of
    /// about a nanosecond of one core (0: witness and parity bound only).
    #[arg(long, value_name = "UNITS", default_value_t = gods::DEFAULT_BUDGET)]
    pub budget: u64,
    /// Moves of the min-conflicts witness search (with a budget; default: from the budget, between
    /// 2,000 and 200,000). 19x19: 100,000 moves take about 45 CPU s and find a witness of 165.
    #[arg(long, value_name = "MOVES")]
    pub conflict_moves: Option<usize>,
    /// Exact passes of the active-set witness search (with a budget; default: one per 2^27 units
    /// of budget, at most 4,096). 39x39: 100 passes take about 6 CPU min and find a witness of 662.
    #[arg(long, value_name = "ROUNDS")]
    pub active_rounds: Option<usize>,
    #[arg(long, value_name = "DIR", default_value = "data/lightsout")]
    pub out: PathBuf,
}

#[derive(Args, Debug)]
pub struct SweepArgs {
    #[arg(long, value_enum, default_value = "plus")]
    pub rule: RuleArg,
    #[arg(long, value_enum, default_value = "open")]
    pub topology: TopologyArg,
    /// Largest side n.
    #[arg(long, value_name = "N")]
    pub max_n: usize,
    /// Output format (the same columns either way).
    #[arg(long, value_enum, default_value = "csv")]
    pub format: SweepFormat,
    /// Keep each rank's finished gcds in DIR (plus rule), so a killed run resumes from them; a
    /// rerun under another --max-n or number of ranks is refused.
    #[arg(long, value_name = "DIR")]
    pub keep: Option<PathBuf>,
    #[arg(long, value_name = "DIR", default_value = "data/lightsout")]
    pub out: PathBuf,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SweepFormat {
    Csv,
    Parquet,
}

#[derive(Args, Debug)]
pub struct RectArgs {
    #[arg(long, value_enum, default_value = "plus")]
    pub rule: RuleArg,
    #[arg(long, value_enum, default_value = "open")]
    pub topology: TopologyArg,
    /// Largest m and n.
    #[arg(long, value_name = "M")]
    pub max: usize,
    #[arg(long, value_name = "DIR", default_value = "data/lightsout")]
    pub out: PathBuf,
}

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// Board file: rows of 0/1 or ./# (1 / # = light on).
    #[arg(
        value_name = "FILE",
        required_unless_present = "all_ones",
        conflicts_with = "all_ones"
    )]
    pub file: Option<PathBuf>,
    /// Solve the N x N board with every light on instead of a file.
    #[arg(long, value_name = "N")]
    pub all_ones: Option<usize>,
    #[arg(long, value_enum, default_value = "plus")]
    pub rule: RuleArg,
    #[arg(long, value_enum, default_value = "open")]
    pub topology: TopologyArg,
    /// Write the presses to FILE, in the input's format (0/1 for --all-ones).
    #[arg(long, value_name = "FILE")]
    pub presses: Option<PathBuf>,
}

/// `histogram`: exact, or sampled with `--samples`.
#[derive(Args, Debug)]
pub struct HistogramArgs {
    #[command(flatten)]
    pub board: SquareArgs,
    /// Sample this many uniformly random solvable positions (plus rule, open boards), each solved
    /// exactly, instead of the exact histogram.
    #[arg(long, value_name = "K")]
    pub samples: Option<u64>,
}

/// An n x n board of one rule and topology (`histogram` and `quiet`).
#[derive(Args, Debug)]
pub struct SquareArgs {
    /// Side of the square board.
    #[arg(long, value_name = "N")]
    pub n: usize,
    #[arg(long, value_enum, default_value = "plus")]
    pub rule: RuleArg,
    #[arg(long, value_enum, default_value = "open")]
    pub topology: TopologyArg,
    #[arg(long, value_name = "DIR", default_value = "data/lightsout")]
    pub out: PathBuf,
}

#[derive(Args, Debug)]
pub struct DenseArgs {
    #[arg(long, value_name = "N")]
    pub n: usize,
    #[arg(long, value_enum, default_value = "plus")]
    pub rule: RuleArg,
    #[arg(long, value_enum, default_value = "open")]
    pub topology: TopologyArg,
}

#[derive(Args, Debug)]
pub struct HandArgs {
    /// Largest board side (2..=9); sides with at most 2^16 solvable boards are exhaustive,
    /// larger ones use 2000 boards from a fixed-seed generator.
    #[arg(long, value_name = "N", default_value_t = 8)]
    pub max_n: usize,
    #[arg(long, value_name = "DIR", default_value = "data/lightsout")]
    pub out: PathBuf,
}

impl TryFrom<&SweepArgs> for SweepOptions {
    type Error = anyhow::Error;
    fn try_from(a: &SweepArgs) -> Result<SweepOptions> {
        let (rule, topology): (Rule, Topology) = (a.rule.into(), a.topology.into());
        let limit = match (rule, topology) {
            (Rule::Plus, Topology::Open) => MAX_SWEEP_PLUS_OPEN,
            (Rule::Plus, Topology::Torus) => MAX_SWEEP_TORUS,
            (Rule::Block, _) => MAX_SWEEP_BLOCK,
        };
        if a.max_n == 0 || a.max_n > limit {
            bail!(
                "--max-n {} is outside 1..={limit} for {} {}",
                a.max_n,
                rule.name(),
                topology.name()
            );
        }
        footprint::check(
            &format!("lightsout sweep --max-n {}", a.max_n),
            footprint::lightsout_sweep(a.max_n),
        )?;
        if a.keep.is_some() && rule == Rule::Block {
            bail!("--keep is for the plus rule's gcds; the block sweep takes seconds and keeps nothing");
        }
        Ok(SweepOptions {
            rule,
            topology,
            max_n: a.max_n,
            parquet: a.format == SweepFormat::Parquet,
            keep: a.keep.clone(),
        })
    }
}

impl TryFrom<&RectArgs> for RectOptions {
    type Error = anyhow::Error;
    fn try_from(a: &RectArgs) -> Result<RectOptions> {
        let (rule, topology): (Rule, Topology) = (a.rule.into(), a.topology.into());
        if a.max == 0 || a.max > MAX_RECT {
            bail!("--max {} is outside 1..={MAX_RECT}", a.max);
        }
        if rule == Rule::Plus && topology == Topology::Torus && a.max > 200 {
            bail!(
                "--max {} is beyond 200 for the plus torus (light chasing per pair)",
                a.max
            );
        }
        footprint::check(
            &format!("lightsout rect --max {}", a.max),
            footprint::lightsout_rect(a.max),
        )?;
        Ok(RectOptions {
            rule,
            topology,
            max: a.max,
        })
    }
}

impl TryFrom<&SolveArgs> for SolveOptions {
    type Error = anyhow::Error;
    fn try_from(a: &SolveArgs) -> Result<SolveOptions> {
        let (rule, topology): (Rule, Topology) = (a.rule.into(), a.topology.into());
        let to_file = a.presses.is_some();
        match (&a.file, a.all_ones) {
            (_, Some(0)) => bail!("--all-ones 0: the board needs at least one cell"),
            (_, Some(n)) => SolveOptions::all_ones(rule, topology, n, to_file),
            (Some(f), None) => {
                let text =
                    std::fs::read_to_string(f).with_context(|| format!("cannot read board file {}", f.display()))?;
                SolveOptions::from_text(rule, topology, &text, format!("board file {}", f.display()), to_file)
            }
            (None, None) => bail!("give a board FILE or --all-ones N"),
        }
    }
}

impl TryFrom<&HistogramArgs> for HistogramOptions {
    type Error = anyhow::Error;
    fn try_from(h: &HistogramArgs) -> Result<HistogramOptions> {
        let (a, max) = (&h.board, histogram::MAX_N);
        let (rule, topology): (Rule, Topology) = (a.rule.into(), a.topology.into());
        if let Some(k) = h.samples {
            if (rule, topology) != (Rule::Plus, Topology::Open) {
                bail!("--samples is for the plus rule on open boards");
            }
            if k == 0 || k > 1_000_000_000 {
                bail!("--samples {k} is outside 1..=1000000000");
            }
            if a.n == 0 || a.n > max {
                bail!("--n {} is outside 1..={max}", a.n);
            }
        } else {
            if a.n == 0 || a.n > max {
                bail!(
                    "--n {} is outside 1..={max} (the methods here need the full press matrix)",
                    a.n
                );
            }
            footprint::check(
                &format!("lightsout histogram --n {}", a.n),
                footprint::lightsout_histogram(a.n),
            )?;
        }
        Ok(HistogramOptions {
            rule,
            topology,
            n: a.n,
            samples: h.samples,
        })
    }
}

impl TryFrom<&SquareArgs> for QuietOptions {
    type Error = anyhow::Error;
    fn try_from(a: &SquareArgs) -> Result<QuietOptions> {
        if a.n == 0 || a.n > quiet::MAX_N {
            bail!("--n {} is outside 1..={}", a.n, quiet::MAX_N);
        }
        Ok(QuietOptions {
            rule: a.rule.into(),
            topology: a.topology.into(),
            n: a.n,
        })
    }
}

impl TryFrom<&DenseArgs> for DenseOptions {
    type Error = anyhow::Error;
    fn try_from(a: &DenseArgs) -> Result<DenseOptions> {
        if a.n == 0 || a.n > 256 {
            bail!("--n {} is outside 1..=256 (a 65536 x 65536 matrix at most)", a.n);
        }
        let game = Game::new(a.rule.into(), a.topology.into(), a.n, a.n)?;
        let cells = game.cells() as u128;
        footprint::check(&format!("lightsout dense --n {}", a.n), (1 << 24) + cells * cells / 4)?;
        Ok(DenseOptions { game })
    }
}

impl TryFrom<&HandArgs> for HandOptions {
    type Error = anyhow::Error;
    fn try_from(a: &HandArgs) -> Result<HandOptions> {
        if !(2..=9).contains(&a.max_n) {
            bail!("--max-n {} is outside 2..=9", a.max_n);
        }
        Ok(HandOptions { max_n: a.max_n })
    }
}

impl TryFrom<&NullityArgs> for NullityOptions {
    type Error = anyhow::Error;
    fn try_from(a: &NullityArgs) -> Result<NullityOptions> {
        if a.n == 0 || a.n > sutner::MAX_SINGLE {
            bail!("--n {} is outside 1..={}", a.n, sutner::MAX_SINGLE);
        }
        Ok(NullityOptions {
            rule: a.rule.into(),
            topology: a.topology.into(),
            n: a.n,
        })
    }
}

impl TryFrom<&RectDatasetArgs> for RectDatasetOptions {
    type Error = anyhow::Error;
    fn try_from(a: &RectDatasetArgs) -> Result<RectDatasetOptions> {
        if a.max == 0 || a.max > frontier::MAX_RECT_DATASET {
            bail!("--max {} is outside 1..={}", a.max, frontier::MAX_RECT_DATASET);
        }
        let cells = (a.max * a.max) as u128;
        footprint::check(
            &format!("lightsout rect-dataset --max {}", a.max),
            (1 << 26) + cells * 16,
        )?;
        Ok(RectDatasetOptions { max: a.max })
    }
}

impl TryFrom<&GodsArgs> for GodsOptions {
    type Error = anyhow::Error;
    fn try_from(a: &GodsArgs) -> Result<GodsOptions> {
        if a.max_n == 0 || a.max_n > 50 {
            bail!(
                "--max-n {} is outside 1..=50 (nullities above {} are not handled)",
                a.max_n,
                gods::MAX_SPARSE_NULLITY
            );
        }
        if a.max_n_d2 > frontier::MAX_GODS_SIDE {
            bail!("--max-n-d2 {} is beyond {}", a.max_n_d2, frontier::MAX_GODS_SIDE);
        }
        if a.restarts == 0 {
            bail!("--restarts must be at least 1");
        }
        if a.budget > gods::MAX_BUDGET {
            bail!("--budget {} is beyond {}", a.budget, gods::MAX_BUDGET);
        }
        if let Some(n) = a.sides.iter().flatten().find(|&&n| n == 0 || n > 50) {
            bail!("--sides {n} is outside 1..=50");
        }
        if let Some(m) = a.conflict_moves {
            if m == 0 || m > gods::MAX_CONFLICT_MOVES {
                bail!("--conflict-moves {m} is outside 1..={}", gods::MAX_CONFLICT_MOVES);
            }
        }
        if let Some(r) = a.active_rounds {
            if r == 0 || r > gods::MAX_ACTIVE_ROUNDS {
                bail!("--active-rounds {r} is outside 1..={}", gods::MAX_ACTIVE_ROUNDS);
            }
        }
        let effort = gods::Effort {
            conflict_moves: a.conflict_moves,
            active_rounds: a.active_rounds,
        };
        Ok(GodsOptions {
            all_up_to: a.max_n,
            only: a.sides.clone(),
            d2_up_to: a.max_n_d2,
            restarts: a.restarts,
            budget: a.budget,
            effort,
            saved: None,
        })
    }
}

impl GraphSource {
    /// The graph and how the command line named it; a malformed file is a `BoardFileError` (exit
    /// status 2).
    pub fn load(&self) -> Result<(PressGraph, String)> {
        let read = |p: &Path| std::fs::read_to_string(p).with_context(|| format!("cannot read {}", p.display()));
        match (&self.graph, &self.board_file, &self.named) {
            (Some(p), _, _) => Ok((
                PressGraph::parse_edge_list(&read(p)?, &p.display().to_string())?,
                p.display().to_string(),
            )),
            (_, Some(p), _) => Ok((
                PressGraph::parse_picture(&read(p)?, &p.display().to_string())?,
                p.display().to_string(),
            )),
            (_, _, Some(name)) => Ok((named_graphs::named(name)?, name.clone())),
            _ => bail!("give --graph FILE, --board-file FILE or --named NAME"),
        }
    }
}

impl TryFrom<&RankArgs> for GraphRankOptions {
    type Error = anyhow::Error;
    fn try_from(a: &RankArgs) -> Result<GraphRankOptions> {
        let (graph, source) = a.source.load()?;
        footprint::check(
            &format!("the press matrix of {source}"),
            graph_rank_bytes(graph.vertices()),
        )?;
        Ok(GraphRankOptions {
            graph,
            rule: a.rule.into(),
            source,
        })
    }
}

pub fn run(cmd: Command, command: &str) -> Result<()> {
    let out = |dir: &Path| Some(OutDirs::one(dir));
    match cmd {
        Command::Sweep(a) => run_task(&SweepOptions::try_from(&a)?, out(&a.out), command).map(drop),
        Command::Rect(a) => run_task(&RectOptions::try_from(&a)?, out(&a.out), command).map(drop),
        Command::Solve(a) => {
            let options = SolveOptions::try_from(&a)?;
            let outcome = run_task(&options, None, command)?;
            a.presses
                .as_deref()
                .map_or(Ok(()), |p| save_presses(p, &options, &outcome))
        }
        Command::Histogram(a) => run_task(&HistogramOptions::try_from(&a)?, out(&a.board.out), command).map(drop),
        Command::Quiet(a) => run_task(&QuietOptions::try_from(&a)?, out(&a.out), command).map(drop),
        Command::Dense(a) => run_task(&DenseOptions::try_from(&a)?, None, command).map(drop),
        Command::Hand(a) => run_task(&HandOptions::try_from(&a)?, out(&a.out), command).map(drop),
        Command::Nullity(a) => run_task(&NullityOptions::try_from(&a)?, None, command).map(drop),
        Command::RectDataset(a) => run_task(&RectDatasetOptions::try_from(&a)?, out(&a.out), command).map(drop),
        Command::Gods(a) => run_task(&GodsOptions::try_from(&a)?, out(&a.out), command).map(drop),
        Command::Rank(a) => run_task(&GraphRankOptions::try_from(&a)?, None, command).map(drop),
    }
}
