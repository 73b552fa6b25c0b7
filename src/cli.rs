//! The command line: parses and validates arguments, then hands a validated options struct to a
//! study. No analysis happens here.

use crate::engine::progress::{Counters, Reporter};
use crate::output::OutputDir;
use crate::reproduce::{self, ReproduceArgs};
use crate::studies;
use anyhow::Result;
use clap::{Args, Parser, Subcommand};
use std::ffi::OsString;
use std::path::PathBuf;
use std::sync::Arc;

pub const VERSION: &str =
    concat!(env!("CARGO_PKG_VERSION"), " (rev ", env!("STATESPACE_GIT_REV"), ")");

#[derive(Parser, Debug)]
#[command(
    name = "statespace",
    version = VERSION,
    about = "Exhaustive state-space analysis of click-and-jump puzzles",
    after_help = "Examples:\n  statespace reproduce                 regenerate every table, chart and dataset into data/ and reports/\n  statespace reproduce --check         recompute and compare with the files on disk\n  statespace peg --side 5              the 15-hole triangle\n  statespace tricolore half --regime hybrid\n  statespace lightsout sweep --rule plus --topology open --max-n 1000"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Peg solitaire on the triangle of side N: reachability, winning plays, minimum moves.
    #[command(after_help = "Example:\n  statespace peg --side 5 --out /tmp/T5 --charts /tmp/T5-charts")]
    Peg(PegArgs),
    /// Tricolore (3 colours, no double clicks): 4x2 half-board tables, the full 4x4 board, solver.
    #[command(
        subcommand,
        after_help = "Examples:\n  statespace tricolore half --regime hybrid\n  statespace tricolore solve --from RRRB.BRWR.WBWR.RRBW --to RRRR.RRRR.RRRR.RRRR"
    )]
    Tricolore(studies::tricolore::Command),
    /// Lights Out over GF(2): nullity sweeps, rectangles, solving boards, histograms, quiet patterns.
    #[command(
        subcommand,
        after_help = "Examples:\n  statespace lightsout sweep --rule plus --topology open --max-n 1000\n  statespace lightsout solve --all-ones 10"
    )]
    Lightsout(studies::lightsout::Command),
    /// Regenerates every table, chart and dataset into data/ and reports/.
    #[command(after_help = "Examples:\n  statespace reproduce\n  statespace reproduce --check")]
    Reproduce(ReproduceArgs),
}

#[derive(Args, Debug)]
pub struct PegArgs {
    /// Side of the triangle (4 to 7, 8 with --levels-only; side 4 is the 10-coin puzzle).
    #[arg(long, value_name = "N")]
    pub side: usize,
    /// Directory for the tables and dataset [default: data/peg/T{N}].
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Directory for the charts.
    #[arg(long, value_name = "DIR", default_value = "reports/peg")]
    pub charts: PathBuf,
    /// Only the union over all starts (levels.csv): reachable and winnable positions per peg count.
    #[arg(long)]
    pub levels_only: bool,
    /// Keep each finished level of the union in DIR; a rerun resumes from the last one.
    #[arg(long, value_name = "DIR")]
    pub keep_levels: Option<PathBuf>,
}

/// The command line as one string, for manifests.
pub fn command_line(args: &[OsString]) -> String {
    let mut words: Vec<String> = args.iter().map(|a| a.to_string_lossy().into_owned()).collect();
    if let Some(first) = words.first_mut() {
        *first = "statespace".into();
    }
    words.join(" ")
}

pub fn run(args: Vec<OsString>) -> Result<()> {
    let cli = match Cli::try_parse_from(&args) {
        Ok(c) => c,
        Err(e) if e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let words: Vec<String> = args.iter().take(3).map(|a| a.to_string_lossy().into_owned()).collect();
            anyhow::bail!("missing subcommand after '{}' (see --help)", words[1..].join(" "));
        }
        Err(e) if e.use_stderr() => {
            // clap's lines before "Usage:" name the problem; fold them into one line.
            let msg = e.to_string();
            let lines: Vec<&str> = msg
                .lines()
                .take_while(|l| !l.starts_with("Usage:"))
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with("For more information"))
                .collect();
            anyhow::bail!("{} (see --help)", lines.join(" ").trim_start_matches("error: "));
        }
        Err(e) => {
            // --help and --version
            e.print()?;
            return Ok(());
        }
    };
    let command = command_line(&args);
    match cli.command {
        Command::Peg(a) => run_peg(&a, &command),
        Command::Tricolore(c) => studies::tricolore::run(c, &command),
        Command::Lightsout(c) => studies::lightsout::run(c, &command),
        Command::Reproduce(a) => reproduce::run(&a, &command),
    }
}

pub fn run_peg(a: &PegArgs, command: &str) -> Result<()> {
    let opts = studies::peg::PegOptions {
        levels_only: a.levels_only,
        keep_levels: a.keep_levels.clone(),
        ..studies::peg::PegOptions::for_side(a.side)
    };
    studies::peg::layers::triangle_for(a.side, a.levels_only)?; // validate before touching the disk
    let out = a.out.clone().unwrap_or_else(|| PathBuf::from(format!("data/peg/T{}", a.side)));
    peg_into(&opts, &out, &a.charts, command).map(drop)
}

/// Runs the peg study and writes it (shared with `reproduce`); returns its headline numbers.
pub fn peg_into(
    opts: &studies::peg::PegOptions,
    out: &std::path::Path,
    charts: &std::path::Path,
    command: &str,
) -> Result<studies::peg::report::SideSummary> {
    let mut data = OutputDir::create(out, command)?;
    let mut chart_dir = OutputDir::create(charts, command)?;
    let counters = Arc::new(Counters::default());
    let study = {
        let _progress = Reporter::start(format!("peg T{}", opts.side), counters.clone());
        studies::peg::run(opts, &counters)?
    };
    studies::peg::report::write(&study, &mut data, &mut chart_dir)?;
    data.finish()?;
    chart_dir.finish()?;
    eprintln!("peg T{}: wrote {} and {}", opts.side, out.display(), charts.display());
    Ok(studies::peg::report::summary(&study))
}
