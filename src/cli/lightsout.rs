//! `statespace lightsout`: sweeps, rectangles, solving, histograms, quiet patterns, hand algorithms.

use super::run_task;
use crate::output::export::OutDirs;
use crate::puzzles::lightsout::{Game, Rule, Topology};
use crate::puzzles::named_graphs;
use crate::puzzles::press_graph::{GraphRule, PressGraph};
use crate::studies::footprint;
use crate::studies::lightsout::commands::*;
use crate::studies::lightsout::gods::{self, GodsOptions};
use crate::studies::lightsout::graph_commands::*;
use crate::studies::lightsout::graph_gods::{self, GodsEffort};
use crate::studies::lightsout::graphs::{self, Family, GraphGame, SweepKind};
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

/// What one press toggles, on a square board (`--n`) or a graph (`--graph`, `--board-file`,
/// `--named`).
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnyRuleArg {
    /// The cell and its 4 orthogonal neighbours (Lights Out); on a graph, sigma-plus.
    Plus,
    /// The 3x3 block around the cell (seed 002's Toggle Squares); square boards only.
    Block,
    /// A press toggles the vertex and its neighbours (on a square board: plus).
    SigmaPlus,
    /// A press toggles the neighbours only; graphs and board files only.
    Sigma,
}

impl AnyRuleArg {
    fn square(self) -> Result<Rule> {
        match self {
            AnyRuleArg::Plus | AnyRuleArg::SigmaPlus => Ok(Rule::Plus),
            AnyRuleArg::Block => Ok(Rule::Block),
            AnyRuleArg::Sigma => {
                bail!("--rule sigma is for graphs: give --named grid-NxN for the n x n grid under sigma")
            }
        }
    }

    fn graph(self) -> Result<GraphRule> {
        match self {
            AnyRuleArg::Plus | AnyRuleArg::SigmaPlus => Ok(GraphRule::SigmaPlus),
            AnyRuleArg::Sigma => Ok(GraphRule::Sigma),
            AnyRuleArg::Block => {
                bail!("--rule block is the square board's 3x3 block; a graph takes sigma-plus or sigma")
            }
        }
    }
}

/// The graph sources' flags, for `conflicts_with_all`.
const GRAPH_FLAGS: [&str; 3] = ["graph", "board_file", "named"];

/// Which board a command works on: `--n` (a square board of `--rule` and `--topology`) or a
/// graph; at most one graph source.
#[derive(Args, Debug)]
#[group(required = false, multiple = false)]
pub struct BoardSource {
    /// An edge-list file (one pair of 0-based vertex numbers per line; `vertices N` names the count).
    #[arg(long, value_name = "FILE")]
    pub graph: Option<PathBuf>,
    /// A board picture: `lattice: square` or `lattice: hexagonal`, then `o` per cell.
    #[arg(long, value_name = "FILE")]
    pub board_file: Option<PathBuf>,
    /// A named graph (see `lightsout rank --help`).
    #[arg(long, value_name = "NAME")]
    pub named: Option<String>,
}

impl BoardSource {
    fn given(&self) -> bool {
        self.graph.is_some() || self.board_file.is_some() || self.named.is_some()
    }

    fn as_graph_source(&self) -> GraphSource {
        GraphSource {
            graph: self.graph.clone(),
            board_file: self.board_file.clone(),
            named: self.named.clone(),
        }
    }

    /// The graph game when a graph source is given (refusing `--n` and `--topology` beside it),
    /// else None (then `--n` is required).
    fn game(
        &self,
        n: Option<usize>,
        rule: AnyRuleArg,
        topology: Option<TopologyArg>,
    ) -> Result<Option<(GraphGame, String)>> {
        if !self.given() {
            if n.is_none() {
                bail!("give --n N (a square board) or a graph: --graph FILE, --board-file FILE or --named NAME");
            }
            return Ok(None);
        }
        if n.is_some() {
            bail!("--n is a square board's side: give it or a graph, not both");
        }
        if topology.is_some() {
            bail!("--topology is for square boards (--n); a graph carries its own edges");
        }
        let (graph, source) = self.as_graph_source().load()?;
        Ok(Some((
            GraphGame {
                graph,
                rule: rule.graph()?,
            },
            source,
        )))
    }
}

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
        after_help = "Examples:\n  statespace lightsout gods --max-n 50 --max-n-d2 256 --out /tmp/lo\n  -> \
            /tmp/lo/gods_numbers.csv, gods_witnesses.txt, gods_numbers.png/.svg\n  statespace lightsout gods --named \
            hypercube-6 --rule sigma --out /tmp/lo\n  -> /tmp/lo/gods_sigma_hypercube-6.csv (graph,rule,vertices,rank,\
            nullity,gods_number,lower_bound,upper_bound,method,witness_lights,witness_presses)"
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
    /// Rank and nullity of a family of graphs by size: hexagonal boards, hypercubes, cycles.
    #[command(
        after_help = "Example:\n  statespace lightsout family --family hex --max-n 60 --rule sigma-plus --out \
            /tmp/lo\n  -> \
            /tmp/lo/nullity_sigma-plus_hex.csv  (n,vertices,edges,rank,nullity,log2_solvable_fraction) and \
            nullity_sigma-plus_hex.png/.svg"
    )]
    Family(FamilyArgs),
}

#[derive(Args, Debug)]
pub struct NullityArgs {
    /// Side of the square board.
    #[arg(long, value_name = "N")]
    pub n: Option<usize>,
    #[command(flatten)]
    pub source: BoardSource,
    #[arg(long, value_enum, default_value = "plus")]
    pub rule: AnyRuleArg,
    /// The square board's edges (default: open).
    #[arg(long, value_enum)]
    pub topology: Option<TopologyArg>,
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
    #[arg(long, value_name = "N", default_value_t = 50, conflicts_with_all = GRAPH_FLAGS)]
    pub max_n: usize,
    /// Also every side n <= N with nullity 2 (closed form).
    #[arg(long, value_name = "N", default_value_t = 256, conflicts_with_all = GRAPH_FLAGS)]
    pub max_n_d2: usize,
    /// Only these sides (comma-separated, each with nullity > 0), instead of --max-n and --max-n-d2.
    #[arg(long, value_name = "N,N,..", value_delimiter = ',', conflicts_with_all = GRAPH_FLAGS)]
    pub sides: Option<Vec<usize>>,
    /// Instead of the square boards, one graph.
    #[command(flatten)]
    pub source: BoardSource,
    /// The graph's rule (with a graph only).
    #[arg(long, value_enum)]
    pub rule: Option<GraphRuleArg>,
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
    /// Check at every branch-and-bound node the exact bound over a subspace of this dimension
    /// (the node's tightest characters and the next stages' bits; 0: averaging only). It prunes
    /// more nodes at a higher cost per node: see reports/lightsout/gods.md for what it measured.
    #[arg(long, value_name = "J", default_value_t = 0)]
    pub node_subspace: usize,
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
    /// Board file: rows of 0/1 or ./# (1 / # = light on); on a graph, one 0/1 per vertex in
    /// vertex order (line breaks and spaces ignored).
    #[arg(
        value_name = "FILE",
        required_unless_present = "all_ones",
        conflicts_with = "all_ones"
    )]
    pub file: Option<PathBuf>,
    /// Solve the N x N board with every light on instead of a file (on a graph: `--all-ones`
    /// without N, every vertex lit).
    #[arg(long, value_name = "N", num_args = 0..=1)]
    pub all_ones: Option<Option<usize>>,
    #[command(flatten)]
    pub source: BoardSource,
    #[arg(long, value_enum, default_value = "plus")]
    pub rule: AnyRuleArg,
    /// The square board's edges (default: open).
    #[arg(long, value_enum)]
    pub topology: Option<TopologyArg>,
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

/// An n x n board of one rule and topology, or a graph (`histogram` and `quiet`).
#[derive(Args, Debug)]
pub struct SquareArgs {
    /// Side of the square board.
    #[arg(long, value_name = "N")]
    pub n: Option<usize>,
    #[command(flatten)]
    pub source: BoardSource,
    #[arg(long, value_enum, default_value = "plus")]
    pub rule: AnyRuleArg,
    /// The square board's edges (default: open).
    #[arg(long, value_enum)]
    pub topology: Option<TopologyArg>,
    #[arg(long, value_name = "DIR", default_value = "data/lightsout")]
    pub out: PathBuf,
}

impl SquareArgs {
    /// The square board's (side, rule, topology), when no graph is given.
    fn square(&self) -> Result<(usize, Rule, Topology)> {
        let n = self.n.context("give --n N or a graph")?;
        Ok((n, self.rule.square()?, self.topology.map_or(Topology::Open, Into::into)))
    }
}

#[derive(Args, Debug)]
pub struct DenseArgs {
    #[arg(long, value_name = "N")]
    pub n: Option<usize>,
    #[command(flatten)]
    pub source: BoardSource,
    #[arg(long, value_enum, default_value = "plus")]
    pub rule: AnyRuleArg,
    /// The square board's edges (default: open).
    #[arg(long, value_enum)]
    pub topology: Option<TopologyArg>,
}

/// `family`: one family of graphs, sizes 1..=N: a built-in family or the n x n grid a motif tiles.
#[derive(Args, Debug)]
pub struct FamilyArgs {
    #[arg(
        long,
        value_enum,
        required_unless_present = "board_file",
        conflicts_with = "board_file"
    )]
    pub family: Option<FamilyArg>,
    /// A motif (a board picture, `lattice: square` or `lattice: hexagonal`, `.` a hole): member n
    /// is the n x n region it tiles, holes repeated with the motif's period.
    #[arg(long, value_name = "FILE")]
    pub board_file: Option<PathBuf>,
    #[arg(long, value_enum, default_value = "sigma-plus")]
    pub rule: GraphRuleArg,
    /// Largest size n.
    #[arg(long, value_name = "N")]
    pub max_n: usize,
    #[arg(long, value_name = "DIR", default_value = "data/lightsout")]
    pub out: PathBuf,
}

super::value_enum!(
    /// A family of graphs by size n.
    FamilyArg => Family {
        /// The n x n rhombus of hexagonal cells.
        Hex,
        /// The hexagon of side n of hexagonal cells.
        Hexagon,
        /// The hypercube Q_n.
        Hypercube,
        /// The cycle C_n (n >= 3).
        Cycle,
        /// The triangle of side n of hexagonal cells.
        Triangle,
    }
);

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
        let (rule, topology) = (a.rule.square()?, a.topology.map_or(Topology::Open, Into::into));
        let to_file = a.presses.is_some();
        match (&a.file, a.all_ones) {
            (_, Some(Some(0))) => bail!("--all-ones 0: the board needs at least one cell"),
            (_, Some(Some(n))) => SolveOptions::all_ones(rule, topology, n, to_file),
            (_, Some(None)) => bail!("--all-ones needs N on a square board (the N x N board with every light on)"),
            (Some(f), None) => {
                let text =
                    std::fs::read_to_string(f).with_context(|| format!("cannot read board file {}", f.display()))?;
                SolveOptions::from_text(rule, topology, &text, format!("board file {}", f.display()), to_file)
            }
            (None, None) => bail!("give a board FILE or --all-ones N"),
        }
    }
}

/// `solve` on a graph: the board from FILE (0/1 per vertex) or every vertex lit.
fn graph_solve_options(a: &SolveArgs) -> Result<GraphSolveOptions> {
    let (game, source) = a
        .source
        .game(None, a.rule, a.topology)?
        .context("internal error: no graph given")?;
    footprint::check(
        &format!("the press matrix of {source}"),
        3 * graphs::rank_bytes(game.graph.vertices()),
    )?;
    let vertices = game.graph.vertices();
    let (board, file) = match (&a.file, a.all_ones) {
        (_, Some(Some(_))) => bail!("--all-ones takes no N on a graph (every vertex lit)"),
        (_, Some(None)) => (graphs::all_on(vertices), None),
        (Some(f), None) => {
            let text = std::fs::read_to_string(f).with_context(|| format!("cannot read board file {}", f.display()))?;
            (
                parse_lights(&text, vertices, &format!("board file {}", f.display()))?,
                Some(f.clone()),
            )
        }
        (None, None) => bail!("give a board FILE or --all-ones"),
    };
    Ok(GraphSolveOptions { game, board, file })
}

impl TryFrom<&HistogramArgs> for HistogramOptions {
    type Error = anyhow::Error;
    fn try_from(h: &HistogramArgs) -> Result<HistogramOptions> {
        let max = histogram::MAX_N;
        let (n, rule, topology) = h.board.square()?;
        if let Some(k) = h.samples {
            if (rule, topology) != (Rule::Plus, Topology::Open) {
                bail!("--samples is for the plus rule on open boards");
            }
            if k == 0 || k > 1_000_000_000 {
                bail!("--samples {k} is outside 1..=1000000000");
            }
            if n == 0 || n > max {
                bail!("--n {} is outside 1..={max}", n);
            }
        } else {
            if n == 0 || n > max {
                bail!(
                    "--n {} is outside 1..={max} (the methods here need the full press matrix)",
                    n
                );
            }
            footprint::check(
                &format!("lightsout histogram --n {}", n),
                footprint::lightsout_histogram(n),
            )?;
        }
        Ok(HistogramOptions {
            rule,
            topology,
            n,
            samples: h.samples,
        })
    }
}

impl TryFrom<&SquareArgs> for QuietOptions {
    type Error = anyhow::Error;
    fn try_from(a: &SquareArgs) -> Result<QuietOptions> {
        let (n, rule, topology) = a.square()?;
        if n == 0 || n > quiet::MAX_N {
            bail!("--n {n} is outside 1..={}", quiet::MAX_N);
        }
        Ok(QuietOptions { rule, topology, n })
    }
}

impl TryFrom<&DenseArgs> for DenseOptions {
    type Error = anyhow::Error;
    fn try_from(a: &DenseArgs) -> Result<DenseOptions> {
        let n = a.n.context("give --n N or a graph")?;
        if n == 0 || n > 256 {
            bail!("--n {n} is outside 1..=256 (a 65536 x 65536 matrix at most)");
        }
        let game = Game::new(a.rule.square()?, a.topology.map_or(Topology::Open, Into::into), n, n)?;
        let cells = game.cells() as u128;
        footprint::check(&format!("lightsout dense --n {n}"), (1 << 24) + cells * cells / 4)?;
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
        let n = a.n.context("give --n N or a graph")?;
        if n == 0 || n > sutner::MAX_SINGLE {
            bail!("--n {n} is outside 1..={}", sutner::MAX_SINGLE);
        }
        Ok(NullityOptions {
            rule: a.rule.square()?,
            topology: a.topology.map_or(Topology::Open, Into::into),
            n,
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

/// `gods` on a graph: the effort flags checked as for the square boards, the graph loaded and its
/// memory checked.
fn graph_gods_options(a: &GodsArgs) -> Result<GraphGodsOptions> {
    let effort = gods_effort(a)?;
    let (graph, source) = a.source.as_graph_source().load()?;
    let rule = a.rule.map_or(GraphRule::SigmaPlus, GraphRule::from);
    let game = GraphGame { graph, rule };
    let a_matrix = game.press_matrix()?;
    if a_matrix.nullity() > gods::MAX_SPARSE_NULLITY {
        bail!(
            "{}: nullity {} is past the {} the God's-number bounds handle",
            game.label(),
            a_matrix.nullity(),
            gods::MAX_SPARSE_NULLITY
        );
    }
    footprint::check(&format!("God's number of {source}"), graph_gods::gods_bytes(&a_matrix))?;
    Ok(GraphGodsOptions { game, effort })
}

/// The witness and branch-and-bound effort flags, checked.
fn gods_effort(a: &GodsArgs) -> Result<GodsEffort> {
    if a.restarts == 0 {
        bail!("--restarts must be at least 1");
    }
    if a.budget > gods::MAX_BUDGET {
        bail!("--budget {} is beyond {}", a.budget, gods::MAX_BUDGET);
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
    if a.node_subspace > gods::MAX_NODE_SUBSPACE {
        bail!(
            "--node-subspace {} is beyond {}",
            a.node_subspace,
            gods::MAX_NODE_SUBSPACE
        );
    }
    Ok(GodsEffort {
        restarts: a.restarts,
        budget: a.budget,
        effort: gods::Effort {
            conflict_moves: a.conflict_moves,
            active_rounds: a.active_rounds,
            node_subspace: a.node_subspace,
        },
    })
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
        if let Some(n) = a.sides.iter().flatten().find(|&&n| n == 0 || n > 50) {
            bail!("--sides {n} is outside 1..=50");
        }
        if a.rule.is_some() {
            bail!("--rule is a graph's (sigma-plus or sigma); the square boards' God's numbers are the plus rule's");
        }
        let effort = gods_effort(a)?;
        Ok(GodsOptions {
            all_up_to: a.max_n,
            only: a.sides.clone(),
            d2_up_to: a.max_n_d2,
            restarts: effort.restarts,
            budget: effort.budget,
            effort: effort.effort,
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
        rank_options(
            GraphGame {
                graph,
                rule: a.rule.into(),
            },
            source,
        )
    }
}

/// The rank of a loaded graph, its dense matrix's memory checked.
fn rank_options(game: GraphGame, source: String) -> Result<GraphRankOptions> {
    footprint::check(
        &format!("the press matrix of {source}"),
        graphs::rank_bytes(game.graph.vertices()),
    )?;
    Ok(GraphRankOptions { game, source })
}

impl TryFrom<&FamilyArgs> for FamilySweepOptions {
    type Error = anyhow::Error;
    fn try_from(a: &FamilyArgs) -> Result<FamilySweepOptions> {
        let family = match (&a.family, &a.board_file) {
            (Some(f), _) => SweepKind::Family((*f).into()),
            (None, Some(path)) => {
                let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
                SweepKind::Tiled(graphs::Tiling::parse(&text, &path.display().to_string())?)
            }
            (None, None) => bail!("give --family NAME or --board-file MOTIF"),
        };
        let max = family.max_n();
        if a.max_n < family.first() || a.max_n > max {
            bail!(
                "--max-n {} is outside {}..={max} for {} ({})",
                a.max_n,
                family.first(),
                family.name(),
                if family == SweepKind::Family(Family::Hex) {
                    "the chase's largest side".to_string()
                } else {
                    format!("members of at most {} vertices", graphs::SWEEP_VERTICES)
                }
            );
        }
        Ok(FamilySweepOptions {
            family,
            rule: a.rule.into(),
            max_n: a.max_n,
        })
    }
}

/// `histogram` or `quiet` on a graph, when one is given.
fn graph_board_task(a: &SquareArgs, histogram: bool, samples: Option<u64>, command: &str) -> Result<bool> {
    let Some((game, source)) = a.source.game(a.n, a.rule, a.topology)? else {
        return Ok(false);
    };
    let out = Some(OutDirs::one(&a.out));
    if histogram {
        if samples.is_some() {
            bail!("--samples is for the plus rule on open square boards (--n)");
        }
        if let Some(why) = graphs::histogram_out_of_reach(&game)? {
            bail!("{why}");
        }
        footprint::check(
            &format!("the histogram of {source}"),
            graphs::histogram_bytes(game.graph.vertices()),
        )?;
        run_task(&GraphHistogramOptions { game }, out, command)?;
    } else {
        footprint::check(
            &format!("the press matrix of {source}"),
            2 * graphs::rank_bytes(game.graph.vertices()),
        )?;
        run_task(&GraphQuietOptions { game }, out, command)?;
    }
    Ok(true)
}

pub fn run(cmd: Command, command: &str) -> Result<()> {
    let out = |dir: &Path| Some(OutDirs::one(dir));
    match cmd {
        Command::Sweep(a) => run_task(&SweepOptions::try_from(&a)?, out(&a.out), command).map(drop),
        Command::Rect(a) => run_task(&RectOptions::try_from(&a)?, out(&a.out), command).map(drop),
        Command::Solve(a) if a.source.given() => {
            let options = graph_solve_options(&a)?;
            let outcome = run_task(&options, None, command)?;
            a.presses
                .as_deref()
                .map_or(Ok(()), |p| save_graph_presses(p, &options, &outcome))
        }
        Command::Solve(a) => {
            let options = SolveOptions::try_from(&a)?;
            let outcome = run_task(&options, None, command)?;
            a.presses
                .as_deref()
                .map_or(Ok(()), |p| save_presses(p, &options, &outcome))
        }
        Command::Histogram(a) if graph_board_task(&a.board, true, a.samples, command)? => Ok(()),
        Command::Histogram(a) => run_task(&HistogramOptions::try_from(&a)?, out(&a.board.out), command).map(drop),
        Command::Quiet(a) if graph_board_task(&a, false, None, command)? => Ok(()),
        Command::Quiet(a) => run_task(&QuietOptions::try_from(&a)?, out(&a.out), command).map(drop),
        Command::Dense(a) => match a.source.game(a.n, a.rule, a.topology)? {
            Some((game, source)) => run_task(&rank_options(game, source)?, None, command).map(drop),
            None => run_task(&DenseOptions::try_from(&a)?, None, command).map(drop),
        },
        Command::Hand(a) => run_task(&HandOptions::try_from(&a)?, out(&a.out), command).map(drop),
        Command::Nullity(a) => match a.source.game(a.n, a.rule, a.topology)? {
            Some((game, source)) => run_task(&rank_options(game, source)?, None, command).map(drop),
            None => run_task(&NullityOptions::try_from(&a)?, None, command).map(drop),
        },
        Command::RectDataset(a) => run_task(&RectDatasetOptions::try_from(&a)?, out(&a.out), command).map(drop),
        Command::Gods(a) if a.source.given() => run_task(&graph_gods_options(&a)?, out(&a.out), command).map(drop),
        Command::Gods(a) => run_task(&GodsOptions::try_from(&a)?, out(&a.out), command).map(drop),
        Command::Rank(a) => run_task(&GraphRankOptions::try_from(&a)?, None, command).map(drop),
        Command::Family(a) => run_task(&FamilySweepOptions::try_from(&a)?, out(&a.out), command).map(drop),
    }
}
