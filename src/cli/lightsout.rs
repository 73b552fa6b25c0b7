//! `statespace lightsout`: sweeps, rectangles, solving, histograms, quiet patterns, hand algorithms.

use crate::output::export::{self, Export};
use crate::output::OutputDir;
use crate::puzzles::lightsout::{parse_board, uses_digits, Game, Grid, Rule, Topology};
use crate::studies::lightsout::{frontier, gods, hand, histogram, nullity, quiet, report, sampled, solve, sutner};
use crate::studies::lightsout::{MAX_RECT, MAX_SWEEP_BLOCK, MAX_SWEEP_PLUS_OPEN, MAX_SWEEP_TORUS};
use crate::studies::footprint;
use anyhow::{bail, Context, Result};
use clap::Args;
use std::path::PathBuf;

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

#[derive(clap::Subcommand, Debug)]
pub enum Command {
    /// Rank and nullity of the n x n press matrix for every n <= N (fast methods).
    #[command(after_help = "Example:\n  statespace lightsout sweep --rule plus --topology open --max-n 25000 --out /tmp/lo\n  -> /tmp/lo/sweep_plus_open.csv  (n,n_mod_3,rank,nullity,log2_solvable_fraction)")]
    Sweep(SweepArgs),
    /// The m x n nullity table for m, n <= M.
    #[command(after_help = "Example:\n  statespace lightsout rect --rule plus --max 40 --out /tmp/lo\n  -> /tmp/lo/rect_plus_open.csv  (m,n,rank,nullity)")]
    Rect(RectArgs),
    /// Solves a board file (rows of 0/1 or ./#) or the all-ones board with fewest presses.
    #[command(after_help = "Examples:\n  statespace lightsout solve board.txt --presses answer.txt\n  statespace lightsout solve --all-ones 10000 --presses /tmp/p.txt\n  statespace lightsout solve board.txt --rule block --topology torus")]
    Solve(SolveArgs),
    /// How many solvable positions need exactly k presses at minimum; God's number.
    #[command(after_help = "Examples:\n  statespace lightsout histogram --n 5 --out /tmp/lo\n  -> /tmp/lo/histogram_plus_5x5.csv  (clicks,positions,log10_positions)\n  statespace lightsout histogram --n 9 --samples 1000000 --out /tmp/lo\n  -> /tmp/lo/sampled_histogram_plus_9x9.csv  (clicks,samples,share,standard_error,log10_estimated_positions)")]
    Histogram(HistogramArgs),
    /// Quiet patterns (null-space basis) as CSV and images, and the light-chasing table.
    #[command(after_help = "Example:\n  statespace lightsout quiet --n 5 --out /tmp/lo\n  -> quiet_plus_open_5x5.csv, quiet_plus_open_5x5.png/.svg, chase_table_plus_5x5.csv")]
    Quiet(SquareArgs),
    /// Rank and nullity of one n x n press matrix by dense elimination (the verification path).
    #[command(after_help = "Example:\n  statespace lightsout dense --n 128    (the 16384 x 16384 plus matrix)")]
    Dense(DenseArgs),
    /// Seed 002's hand algorithms (one-way, two-way) for the block rule against the minimum.
    #[command(after_help = "Example:\n  statespace lightsout hand --max-n 8 --out /tmp/lo\n  -> /tmp/lo/hand_algorithms.csv")]
    Hand(HandArgs),
    /// Nullity of one n x n board by the fast polynomial method (any n up to 2*10^7).
    #[command(after_help = "Examples:\n  statespace lightsout nullity --n 1000000\n  statespace lightsout nullity --n 25000 --topology torus")]
    Nullity(NullityArgs),
    /// The plus/open m x n nullity table as a Parquet dataset with a heatmap.
    #[command(after_help = "Example:\n  statespace lightsout rect-dataset --max 1000 --out /tmp/lo\n  -> /tmp/lo/rect_plus_open_1000.parquet (m,n,nullity,rank), rect_plus_open_1000.png/.svg")]
    RectDataset(RectDatasetArgs),
    /// God's numbers (the most presses any solvable position needs), exact or proven bounds.
    #[command(after_help = "Example:\n  statespace lightsout gods --max-n 30 --max-n-d2 256 --out /tmp/lo\n  -> /tmp/lo/gods_numbers.csv, gods_witnesses.txt, gods_numbers.png/.svg")]
    Gods(GodsArgs),
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
    #[arg(long, value_name = "N", default_value_t = 30)]
    pub max_n: usize,
    /// Also every side n <= N with nullity 2 (closed form).
    #[arg(long, value_name = "N", default_value_t = 256)]
    pub max_n_d2: usize,
    /// Restarts of the witness search for nullity > 2.
    #[arg(long, default_value_t = 4)]
    pub restarts: usize,
    /// Branch-and-bound work per decision where the witness is below the parity bound, in units of
    /// about a nanosecond of one core (0: witness and parity bound only).
    #[arg(long, value_name = "UNITS", default_value_t = gods::DEFAULT_BUDGET)]
    pub budget: u64,
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
    #[arg(long, value_name = "DIR", default_value = "data/lightsout")]
    pub out: PathBuf,
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
    #[arg(value_name = "FILE", required_unless_present = "all_ones", conflicts_with = "all_ones")]
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


pub fn run(cmd: Command, command: &str) -> Result<()> {
    match cmd {
        Command::Sweep(a) => {
            let (rule, topology): (Rule, Topology) = (a.rule.into(), a.topology.into());
            let limit = match (rule, topology) {
                (Rule::Plus, Topology::Open) => MAX_SWEEP_PLUS_OPEN,
                (Rule::Plus, Topology::Torus) => MAX_SWEEP_TORUS,
                (Rule::Block, _) => MAX_SWEEP_BLOCK,
            };
            if a.max_n == 0 || a.max_n > limit {
                bail!("--max-n {} is outside 1..={limit} for {} {}", a.max_n, rule.name(), topology.name());
            }
            footprint::check(&format!("lightsout sweep --max-n {}", a.max_n), footprint::lightsout_sweep(a.max_n))?;
            let mut out = OutputDir::create(&a.out, command)?;
            let counters = std::sync::Arc::new(crate::engine::progress::Counters::default());
            let nul = {
                let _progress = crate::engine::progress::Reporter::start(
                    format!("sweep {} {} to n = {}", rule.name(), topology.name(), a.max_n),
                    counters.clone(),
                );
                nullity::sweep_counted(rule, topology, a.max_n, Some(&counters))?
            };
            let t = report::sweep_table(&nul);
            let name = format!("sweep_{}_{}.csv", rule.name(), topology.name());
            out.write_table(&name, &t)?;
            out.finish()?;
            let max = (1..=a.max_n).max_by_key(|&n| (nul[n], std::cmp::Reverse(n))).unwrap_or(1);
            let solvable = (1..=a.max_n).filter(|&n| nul[n] == 0).count();
            println!(
                "{} {}: n = 1..{}: {solvable} sizes with every board solvable; largest nullity {} at n = {max}; wrote {}",
                rule.name(),
                topology.name(),
                a.max_n,
                nul[max],
                a.out.join(name).display()
            );
            Ok(())
        }
        Command::Rect(a) => {
            let (rule, topology): (Rule, Topology) = (a.rule.into(), a.topology.into());
            if a.max == 0 || a.max > MAX_RECT {
                bail!("--max {} is outside 1..={MAX_RECT}", a.max);
            }
            if rule == Rule::Plus && topology == Topology::Torus && a.max > 200 {
                bail!("--max {} is beyond 200 for the plus torus (light chasing per pair)", a.max);
            }
            footprint::check(&format!("lightsout rect --max {}", a.max), footprint::lightsout_rect(a.max))?;
            let mut out = OutputDir::create(&a.out, command)?;
            let rows = nullity::rect(rule, topology, a.max)?;
            let name = format!("rect_{}_{}.csv", rule.name(), topology.name());
            out.write_table(&name, &report::rect_table(&rows))?;
            out.finish()?;
            println!("wrote {}", a.out.join(name).display());
            Ok(())
        }
        Command::Solve(a) => run_solve(&a),
        Command::Histogram(h) => {
            let a = &h.board;
            let (rule, topology): (Rule, Topology) = (a.rule.into(), a.topology.into());
            if let Some(k) = h.samples {
                if (rule, topology) != (Rule::Plus, Topology::Open) {
                    bail!("--samples is for the plus rule on open boards");
                }
                if k == 0 || k > 1_000_000_000 {
                    bail!("--samples {k} is outside 1..=1000000000");
                }
                if a.n == 0 || a.n > histogram::MAX_N {
                    bail!("--n {} is outside 1..={}", a.n, histogram::MAX_N);
                }
                let s = sampled::compute(a.n, k, report::SAMPLE_SEED ^ a.n as u64)?;
                let mut out = OutputDir::create(&a.out, command)?;
                let name = sampled::file_name(&s);
                out.write_table(&name, &sampled::table(&s))?;
                out.finish()?;
                println!(
                    "plus open {0}x{0}: {1} sampled positions, mean fewest presses {2:.3} +- {3:.3}, most seen {4} (a lower bound on God's number); wrote {5}",
                    a.n,
                    s.samples,
                    s.mean(),
                    s.mean_standard_error(),
                    s.largest_seen(),
                    a.out.join(name).display()
                );
                return Ok(());
            }
            if (1..=histogram::MAX_N).contains(&a.n) {
                footprint::check(&format!("lightsout histogram --n {}", a.n), footprint::lightsout_histogram(a.n))?;
            }
            let h = histogram::compute(rule, topology, a.n)?;
            let mut out = OutputDir::create(&a.out, command)?;
            let name = report::histogram_name(&h);
            out.write_table(&name, &report::histogram_table(&h))?;
            out.finish()?;
            println!(
                "{} {} {}x{}: {} solvable positions ({}), God's number {} ({} positions need it); wrote {}",
                rule.name(),
                topology.name(),
                a.n,
                a.n,
                h.total(),
                h.method,
                h.gods_number(),
                h.counts.last().map(|c| c.to_string()).unwrap_or_default(),
                a.out.join(name).display()
            );
            Ok(())
        }
        Command::Quiet(a) => {
            let (rule, topology): (Rule, Topology) = (a.rule.into(), a.topology.into());
            let q = quiet::compute(rule, topology, a.n)?;
            OutputDir::create(&a.out, command)?;
            let mut files = Export::default();
            report::quiet_export(&q, &mut files)?;
            export::write(&files.files, |_, _| a.out.clone(), command)?;
            println!(
                "{} {} {}x{}: nullity {}; wrote quiet patterns and the chasing table to {}",
                rule.name(),
                topology.name(),
                a.n,
                a.n,
                q.basis.len(),
                a.out.display()
            );
            Ok(())
        }
        Command::Dense(a) => {
            let (rule, topology): (Rule, Topology) = (a.rule.into(), a.topology.into());
            if a.n == 0 || a.n > 256 {
                bail!("--n {} is outside 1..=256 (a 65536 x 65536 matrix at most)", a.n);
            }
            let game = Game::new(rule, topology, a.n, a.n)?;
            let cells = game.cells() as u128;
            footprint::check(&format!("lightsout dense --n {}", a.n), (1 << 24) + cells * cells / 4)?;
            let m = game.press_matrix()?;
            let t = std::time::Instant::now();
            let rank = m.rank();
            let secs = t.elapsed().as_secs_f64();
            println!(
                "{} {} {n}x{n}: {c} x {c} press matrix, rank {rank}, nullity {}; elimination {secs:.3} s",
                rule.name(),
                topology.name(),
                game.cells() - rank,
                n = a.n,
                c = game.cells()
            );
            Ok(())
        }
        Command::Hand(a) => {
            if !(2..=9).contains(&a.max_n) {
                bail!("--max-n {} is outside 2..=9", a.max_n);
            }
            let rows = hand::study(a.max_n)?;
            let mut out = OutputDir::create(&a.out, command)?;
            out.write_table("hand_algorithms.csv", &report::hand_table(&rows))?;
            out.finish()?;
            for r in &rows {
                println!(
                    "{n}x{n} {alg}: {b} boards, {c} cleared, mean presses {p:.2} vs minimum {q:.2}",
                    n = r.n,
                    alg = r.algorithm,
                    b = r.boards,
                    c = r.cleared,
                    p = r.mean_presses(),
                    q = r.mean_minimum()
                );
            }
            Ok(())
        }
        Command::Nullity(a) => {
            let (rule, topology): (Rule, Topology) = (a.rule.into(), a.topology.into());
            let t = std::time::Instant::now();
            let (nul, method) = sutner::single(rule, topology, a.n)?;
            println!(
                "{} {} {n}x{n}: nullity {nul}, rank {}; method: {method}; {:.3} s",
                rule.name(),
                topology.name(),
                (a.n as u128 * a.n as u128) - nul as u128,
                t.elapsed().as_secs_f64(),
                n = a.n
            );
            Ok(())
        }
        Command::RectDataset(a) => {
            if a.max == 0 || a.max > frontier::MAX_RECT_DATASET {
                bail!("--max {} is outside 1..={}", a.max, frontier::MAX_RECT_DATASET);
            }
            let cells = (a.max * a.max) as u128;
            footprint::check(&format!("lightsout rect-dataset --max {}", a.max), (1 << 26) + cells * 16)?;
            let mut out = OutputDir::create(&a.out, command)?;
            let r = frontier::rect_compute(a.max);
            let name = frontier::rect_name(a.max);
            out.write(&format!("{name}.parquet"), &frontier::rect_parquet(&r)?, Some(cells as u64))?;
            out.write_chart(&name, &frontier::rect_chart(&r)?)?;
            out.finish()?;
            println!("plus open m x n, m, n <= {}: largest nullity {}; wrote {}", a.max, frontier::rect_max(&r), a.out.join(name + ".parquet").display());
            Ok(())
        }
        Command::Gods(a) => {
            if a.max_n == 0 || a.max_n > 40 {
                bail!("--max-n {} is outside 1..=40 (nullities above {} are not handled)", a.max_n, gods::MAX_NULLITY);
            }
            if a.max_n_d2 > frontier::MAX_GODS_SIDE {
                bail!("--max-n-d2 {} is beyond {}", a.max_n_d2, frontier::MAX_GODS_SIDE);
            }
            if a.restarts == 0 {
                bail!("--restarts must be at least 1");
            }
            let mut out = OutputDir::create(&a.out, command)?;
            if a.budget > gods::MAX_BUDGET {
                bail!("--budget {} is beyond {}", a.budget, gods::MAX_BUDGET);
            }
            let r = gods::compute(&gods::GodsOptions {
                all_up_to: a.max_n,
                d2_up_to: a.max_n_d2,
                restarts: a.restarts,
                budget: a.budget,
            })?;
            out.write_table("gods_numbers.csv", &gods::table(&r))?;
            out.write("gods_witnesses.txt", gods::witnesses_text(&r).as_bytes(), None)?;
            out.write_chart("gods_numbers", &gods::chart(&r)?)?;
            out.finish()?;
            for row in &r.rows {
                match row.exact() {
                    Some(g) => println!("{0}x{0} (nullity {1}): God's number {g}", row.n, row.nullity),
                    None => println!("{0}x{0} (nullity {1}): God's number between {2} and {3}", row.n, row.nullity, row.lower, row.upper),
                }
            }
            println!("wrote {}", a.out.join("gods_numbers.csv").display());
            Ok(())
        }
    }
}

fn run_solve(a: &SolveArgs) -> Result<()> {
    let (rule, topology): (Rule, Topology) = (a.rule.into(), a.topology.into());
    let (board, digits, label) = match (&a.file, a.all_ones) {
        (_, Some(0)) => bail!("--all-ones 0: the board needs at least one cell"),
        (_, Some(n)) => {
            let g = Game::new(rule, topology, n, n)?;
            solve::check_size(&g)?;
            (Grid::ones(n, n)?, true, format!("all-ones {n}x{n}"))
        }
        (Some(f), None) => {
            let text = std::fs::read_to_string(f).with_context(|| format!("cannot read board file {}", f.display()))?;
            let what = format!("board file {}", f.display());
            let g = parse_board(&text, &what)?;
            (g, uses_digits(&text), what)
        }
        (None, None) => bail!("give a board FILE or --all-ones N"),
    };
    let game = Game::new(rule, topology, board.rows, board.cols)?;
    let out = solve::solve(&game, &board)?;
    match out {
        solve::Outcome::Unsolvable { nullity } => {
            println!(
                "{label} ({} {}, {}x{}): not solvable; nullity {nullity} (only 1 in 2^{nullity} boards is)",
                rule.name(),
                topology.name(),
                board.rows,
                board.cols
            );
            if let Some(p) = &a.presses {
                // Leave no stale answer behind.
                if p.exists() {
                    std::fs::remove_file(p).with_context(|| format!("cannot remove {}", p.display()))?;
                }
            }
        }
        solve::Outcome::Solved(s) => {
            let count = s.presses.count();
            let text = s.presses.to_text(digits);
            if let Some(p) = &a.presses {
                crate::output::write_atomic(p, text.as_bytes())?;
            }
            println!(
                "{label} ({} {}, {}x{}): solvable; nullity {}; solutions 2^{}{}; {} presses ({}); verified by replay",
                rule.name(),
                topology.name(),
                board.rows,
                board.cols,
                s.nullity,
                s.nullity,
                if s.nullity <= 128 { format!(" = {}", num_bigint::BigUint::from(1u8) << s.nullity) } else { String::new() },
                count,
                if s.exact_minimum {
                    "minimum over every solution".to_string()
                } else {
                    format!("best found; not proven minimal: nullity {} > {}", s.nullity, solve::EXACT_NULLITY)
                }
            );
            if board.rows * board.cols <= 100 * 100 {
                print!("{text}");
            } else if a.presses.is_none() {
                println!("(grid of {} cells not printed; use --presses FILE)", board.rows * board.cols);
            }
        }
    }
    Ok(())
}

