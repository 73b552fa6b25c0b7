//! The command line: clap definitions, one file per family. Every command takes one path: its
//! arguments become the family's validated options (`TryFrom<&XArgs>`, where every limit is
//! checked), which [`run_task`] hands to [`export::drive`] (output directories locked and proved
//! writable, then compute, export, write) before printing the summary. The only module that knows
//! clap; no analysis happens here.

use crate::output::export::{self, OutDirs};
use crate::studies::Task;
use anyhow::Result;
use clap::{Parser, Subcommand};
use std::ffi::OsString;

pub mod lightsout;
pub mod peg;
pub mod reproduce;
pub mod tricolore;

/// A clap mirror of a puzzle enum (puzzles stay free of clap): the variants and their help.
macro_rules! value_enum {
    ($(#[$doc:meta])* $arg:ident => $ty:path { $($(#[$m:meta])* $v:ident),* $(,)? }) => {
        $(#[$doc])*
        #[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
        pub enum $arg { $($(#[$m])* $v),* }
        impl From<$arg> for $ty {
            fn from(a: $arg) -> $ty {
                match a { $($arg::$v => <$ty>::$v),* }
            }
        }
    };
}
pub(crate) use value_enum;

pub const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), " (rev ", env!("STATESPACE_GIT_REV"), ")");

#[derive(Parser, Debug)]
#[command(
    name = "statespace",
    version = VERSION,
    about = "Exhaustive state-space analysis of click-and-jump puzzles",
    after_help = "Examples:\n  statespace reproduce                 regenerate every table, chart and dataset into \
        data/ and reports/\n  statespace reproduce --check         recompute and compare with the files on \
        disk\n  statespace peg --side 5              the 15-hole triangle\n  statespace tricolore half --regime \
        hybrid\n  statespace lightsout sweep --rule plus --topology open --max-n 1000"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// Run even when the estimated peak memory exceeds what is available.
    #[arg(long, global = true)]
    pub force: bool,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Peg solitaire on the triangle of side N, or on any board: reachability, winning plays, minimum moves.
    #[command(
        after_help = "Examples:\n  statespace peg --side 5 --out /tmp/T5 --charts /tmp/T5-charts\n  statespace peg \
        --board english --out /tmp/english\n  statespace peg --board-file my.board --levels-only --out /tmp/mine\n  \
        statespace peg --side 9 --lower-bounds --budget 100000 --out /tmp/T9\n  statespace peg --side 9 --lower-bounds \
        --starts 2,4 --budget 2000000 --out /tmp/T9"
    )]
    Peg(peg::PegArgs),
    /// Tricolore (3 colours, no double clicks): 4x2 half-board tables, the full 4x4 board, solver.
    #[command(
        subcommand,
        after_help = "Examples:\n  statespace tricolore half --regime hybrid\n  statespace tricolore solve --from \
            RRRB.BRWR.WBWR.RRBW --to RRRR.RRRR.RRRR.RRRR"
    )]
    Tricolore(tricolore::Command),
    /// Lights Out over GF(2): nullity sweeps, rectangles, solving boards, histograms, quiet patterns.
    #[command(
        subcommand,
        after_help = "Examples:\n  statespace lightsout sweep --rule plus --topology open --max-n 1000\n  statespace \
            lightsout solve --all-ones 10"
    )]
    Lightsout(lightsout::Command),
    /// Regenerates every table, chart and dataset into data/ and reports/.
    #[command(after_help = "Examples:\n  statespace reproduce\n  statespace reproduce --check")]
    Reproduce(reproduce::ReproduceArgs),
}

/// Every command's one path ([`export::drive`]: directories locked and proved writable, then
/// computed, exported, written), then its summary on stdout.
/// Under MPI (several ranks) only rank 0 locks, writes and prints; the others compute their share.
fn run_task<T: Task>(task: &T, dirs: Option<OutDirs>, command: &str) -> Result<T::Results> {
    let cluster = crate::engine::cluster::current();
    if cluster.ranks() > 1 {
        anyhow::ensure!(
            task.distributed(),
            "`{command}` does not run under MPI: run it as one process"
        );
        if !cluster.is_root() {
            return task.compute();
        }
    }
    let results = export::drive(task, dirs.as_ref(), command, T::compute, T::export)?;
    print!("{}", task.summary(&results, dirs.as_ref()));
    Ok(results)
}

/// The command line as one string, for manifests.
pub fn command_line(args: &[OsString]) -> String {
    let mut words: Vec<String> = args.iter().map(|a| a.to_string_lossy().into_owned()).collect();
    if let Some(first) = words.first_mut() {
        *first = "statespace".into();
    }
    words.join(" ")
}

/// The parsed command line; `None` when clap printed the help or the version. A usage error
/// becomes one line.
fn parse(args: &[OsString]) -> Result<Option<Cli>> {
    match Cli::try_parse_from(args) {
        Ok(c) => Ok(Some(c)),
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
            Ok(None)
        }
    }
}

/// Refuses, under several MPI ranks, the commands outside `run_task` (it refuses the others) that
/// do not share their work either: each rank would compute and write the same files. `peg`
/// decides for itself ([`peg::PegMode::decide`]): a triangle's union is shared out by the
/// distributed layered engine.
fn refuse_unshared_under_mpi(cli: &Cli, command: &str) -> Result<()> {
    if crate::engine::cluster::current().ranks() > 1 && matches!(cli.command, Command::Reproduce(_)) {
        anyhow::bail!("`{command}` does not run under MPI: run it as one process");
    }
    Ok(())
}

/// The exit status an error asks for: 2 for bad input the user must fix (a malformed board
/// file), 1 for everything else.
pub fn exit_status(e: &anyhow::Error) -> u8 {
    if e.downcast_ref::<crate::puzzles::board::BoardFileError>().is_some() {
        2
    } else {
        1
    }
}

pub fn run(args: Vec<OsString>) -> Result<()> {
    run_command(args)
}

fn run_command(args: Vec<OsString>) -> Result<()> {
    let Some(cli) = parse(&args)? else {
        return Ok(());
    };
    let command = command_line(&args);
    crate::engine::memory::set_forced(cli.force);
    refuse_unshared_under_mpi(&cli, &command)?;
    match cli.command {
        Command::Peg(a) => peg::run(&a, &command),
        Command::Tricolore(c) => tricolore::run(c, &command),
        Command::Lightsout(c) => lightsout::run(c, &command),
        Command::Reproduce(a) => reproduce::run(&a),
    }
}
