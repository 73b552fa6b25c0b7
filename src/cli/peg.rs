//! `statespace peg`: one triangle side into `data/peg/T{n}` and its charts.

use crate::engine::layered::Keep;
use crate::output::export::{self, OutDirs};
use crate::studies::peg::{Options, PegOptions};
use crate::studies::{footprint, Task};
use anyhow::{ensure, Context, Result};
use clap::Args;
use std::path::PathBuf;

#[derive(Args, Debug, Clone)]
pub struct PegArgs {
    /// Side of the triangle (4 to 7; 8 with --levels-only or --keep-levels; 9 with --levels-only
    /// --min-pegs; side 4 is the 10-coin puzzle).
    #[arg(
        long,
        value_name = "N",
        required_unless_present_any = ["board", "board_file"],
        conflicts_with_all = ["board", "board_file"]
    )]
    pub side: Option<usize>,
    /// A built-in board: triangle-N (the same as --side N), english, european, wiegleb,
    /// diamond-N, hexagon-N. Other than triangles: the game from --start, or the union with
    /// --levels-only.
    #[arg(long, value_name = "NAME", conflicts_with = "board_file")]
    pub board: Option<String>,
    /// A board from a file: a first line `lattice: square`, `lattice: square-diagonal` or
    /// `lattice: triangular`, then a picture, one character per cell (`o` a hole, `.` or a space
    /// none; the triangular lattice in skewed rows, side 4 is `o`, `oo`, `ooo`, `oooo`).
    #[arg(long, value_name = "FILE")]
    pub board_file: Option<PathBuf>,
    /// The empty hole of the game analysed on a --board or --board-file (1-based, in reading
    /// order) [default: a hole every symmetry fixes, else the first of the smallest orbit].
    #[arg(long, value_name = "HOLE", conflicts_with = "side")]
    pub start: Option<usize>,
    /// With --board or --board-file: only the positions reachable from --start (or the default
    /// start) per jump, up to symmetry too (positions.csv): one forward pass, the count public
    /// solvers make.
    #[arg(long, conflicts_with_all = ["side", "levels_only"])]
    pub positions_only: bool,
    /// Directory for the tables and dataset [default: data/peg/T{N}].
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Directory for the charts.
    #[arg(long, value_name = "DIR", default_value = "reports/peg")]
    pub charts: PathBuf,
    /// Only the union over all starts (levels.csv): reachable and winnable positions per peg count.
    #[arg(long)]
    pub levels_only: bool,
    /// Keep each finished level of the union in DIR; a rerun resumes from the last one. A board
    /// past 33 holes keeps them in a directory of the system's temporary one when not given
    /// (removed once the run succeeds).
    #[arg(long, value_name = "DIR")]
    pub keep_levels: Option<PathBuf>,
    /// Check every reachable level against the triangle's six symmetries and count its positions
    /// up to symmetry (symmetry.csv). On for full analyses of sides 4-7; with --levels-only and
    /// for side 8 only when asked (side 8: about 20 minutes more, reading every kept level).
    #[arg(long)]
    pub symmetry: bool,
    /// Stop the union at K pegs (with --levels-only): levels.csv then holds the reachable
    /// positions from the starts down to K pegs only, a partial table (side 9: about 32 on a
    /// 24 GiB machine, with --keep-levels).
    #[arg(long, value_name = "K")]
    pub min_pegs: Option<usize>,
    /// Plan a distributed union instead of computing it: per level, the positions, bytes per
    /// rank, bytes exchanged and time over --ranks ranks of --memory GiB each
    /// (plan_T{N}_{R}ranks.csv in --out, default plans/), and the smallest cluster for side 9.
    #[arg(long, requires_all = ["ranks", "memory"])]
    pub plan: bool,
    /// Ranks of the planned run (with --plan).
    #[arg(long, value_name = "R", requires = "plan")]
    pub ranks: Option<usize>,
    /// Memory per rank of the planned run, in GiB (with --plan).
    #[arg(long, value_name = "GIB", requires = "plan")]
    pub memory: Option<f64>,
    /// Read the side's problem table back from DIR (side 8: data/peg/T8, written with
    /// --keep-levels) and settle every solvable problem's fewest moves by meeting in the middle
    /// (balls of 10 moves out of each start and 3 into each finish: about 16 GiB, half an hour on
    /// two cores), then write the tables again with min_moves, min_moves_lower_bound and min_moves_proof filled.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["levels_only", "keep_levels", "min_pegs", "plan"])]
    pub min_moves_from: Option<PathBuf>,
    /// Radii of the balls for --min-moves-from, as F+B: moves out of each start, moves into each
    /// finish (side 8: 10+3 needs about 16 GiB; 9+3 about 9 GiB and proves one move less; 11+3
    /// fits with --open-only when the open problems start in the orbits of holes 1 and 5, whose
    /// kept forward balls of 10 moves are the smallest, 3.0e8 boards in an 8 GiB table). With
    /// --board (no --start, no --levels-only): the radii for every problem of the board.
    #[arg(long, value_name = "F+B", value_parser = parse_radii)]
    pub radii: Option<crate::studies::peg::min_moves::Radii>,
    /// With --min-moves-from: one backward move more, through a sieve, for the problems whose
    /// play is longer than F+B+1 (they are met at F+B+1 or proven to need F+B+2; side 8 at 10+3:
    /// up to 8.7 GiB more, one start orbit at a time; 1 h 29 min and 15.8 GB in all).
    #[arg(long, requires = "min_moves_from")]
    pub sieved_level: bool,
    /// With --min-moves-from: settle only the problems whose fewest moves DIR does not hold
    /// exactly (the others keep their rows), growing only the balls they need, so that larger
    /// radii may fit for a few problems.
    #[arg(long, requires = "min_moves_from")]
    pub open_only: bool,
    /// Plays with few moves on the triangle --side N (4 to 15; 11 and 12 are OEIS A127500's open
    /// sides) by beam search over moves, per start orbit to any single peg: plays.csv in --out
    /// [default: data/peg/T{N}]. Upper bounds on the fewest moves, each play replayed; no proof.
    #[arg(
        long,
        requires = "side",
        conflicts_with_all = ["levels_only", "keep_levels", "min_pegs", "plan", "min_moves_from", "symmetry"]
    )]
    pub few_moves: bool,
    /// States each beam keeps per jump with --few-moves (memory grows with it: about 28 KB per
    /// unit of width on side 12, checked before the run) [default: 20000].
    #[arg(long, value_name = "W", requires = "few_moves")]
    pub width: Option<usize>,
    /// Proven lower bounds on the fewest moves of the triangle --side N (4 to 15), per start
    /// orbit to any finish passing the class test: Merson regions, then a search refuting every
    /// shorter play: lower_bounds.csv in --out [default: data/peg/T{N}].
    #[arg(
        long,
        requires = "side",
        conflicts_with_all = [
            "levels_only", "keep_levels", "min_pegs", "plan", "min_moves_from", "symmetry", "few_moves"
        ]
    )]
    pub lower_bounds: bool,
    /// Positions each start's refutation may hold with --lower-bounds (about 100 bytes each, two
    /// starts at once; checked before the run) [default: 20000000].
    #[arg(long, value_name = "P", requires = "lower_bounds")]
    pub budget: Option<usize>,
    /// With --lower-bounds: search only these start orbits (their first holes, 1-based, comma
    /// separated), keeping the other rows of the lower_bounds.csv already in --out (each row
    /// names its own budget): a larger budget where the bound is weakest.
    #[arg(long, value_name = "HOLES", value_delimiter = ',', requires = "lower_bounds")]
    pub starts: Option<Vec<usize>>,
}

fn parse_radii(text: &str) -> std::result::Result<crate::studies::peg::min_moves::Radii, String> {
    let bad = || {
        format!(
            "radii {text:?}: expected F+B, two whole numbers of moves up to {} (e.g. 8+3)",
            crate::engine::ball::MAX_DEPTH
        )
    };
    let (f, b) = text.split_once('+').ok_or_else(bad)?;
    let (forward, backward): (u32, u32) = (
        f.trim().parse().map_err(|_| bad())?,
        b.trim().parse().map_err(|_| bad())?,
    );
    if forward.max(backward) > crate::engine::ball::MAX_DEPTH {
        return Err(bad());
    }
    Ok(crate::studies::peg::min_moves::Radii { forward, backward })
}

/// What one `peg` command does, decided once from its flags ([`PegMode::decide`]); [`run`]
/// only carries it out.
pub enum PegMode {
    /// `--plan`: a distributed triangle union planned, not run; the plan goes to `out`.
    Plan {
        plan: crate::studies::peg::plan::Plan,
        out: PathBuf,
    },
    /// A triangle by side: its study's options (the union, the full analysis, a partial union,
    /// or the tables read back and their fewest moves settled). Under several MPI ranks, only
    /// the union, shared out by the distributed layered engine.
    Triangle { options: Options, dirs: OutDirs },
    /// `--few-moves`: a triangle's plays with few moves, by beam search.
    Plays {
        task: crate::studies::peg::beam_plays::PlaysTask,
        out: PathBuf,
    },
    /// `--lower-bounds`: a triangle's proven lower bounds on the fewest moves.
    LowerBounds {
        task: crate::studies::peg::lower_bounds::LowerBoundsTask,
        out: PathBuf,
    },
    /// Any other board: one analysis, its memory checked before it starts.
    Board {
        task: crate::studies::peg_board::BoardTask,
        out: PathBuf,
        /// The union's level directory chosen by the tool (no `--keep-levels` on a board past
        /// [`crate::studies::peg_board::study::MEMORY_UNION_HOLES`] holes), removed once the run
        /// succeeds.
        scratch_levels: Option<PathBuf>,
    },
}

impl PegMode {
    /// The mode of `a` run as one of `ranks` MPI ranks (1 without MPI), or why it cannot run.
    pub fn decide(a: &PegArgs, ranks: usize) -> Result<PegMode> {
        if let Some(side) = triangle_named(a) {
            let as_side = PegArgs {
                side: Some(side),
                board: None,
                ..a.clone()
            };
            return PegMode::decide(&as_side, ranks);
        }
        let shared = a.board.is_none() && a.board_file.is_none() && a.levels_only && !a.symmetry && !a.plan;
        if ranks > 1 && !shared {
            anyhow::bail!(
                "this `peg` command does not run under MPI (only a triangle's union, --side N --levels-only, \
                 does): run it as one process"
            );
        }
        if a.board.is_some() || a.board_file.is_some() {
            return board_mode(a);
        }
        let side = a.side.context("one of --side, --board or --board-file is needed")?;
        if a.few_moves {
            return plays_mode(a, side);
        }
        if a.lower_bounds {
            return lower_bounds_mode(a, side);
        }
        ensure!(a.width.is_none(), "--width is the beam's width: it needs --few-moves");
        if a.plan {
            let plan = crate::studies::peg::plan::Plan::new(side, a.ranks.unwrap_or(1), a.memory.unwrap_or(0.0))?;
            let out = a.out.clone().unwrap_or_else(|| PathBuf::from("plans"));
            return Ok(PegMode::Plan { plan, out });
        }
        let options = if ranks > 1 {
            ensure!(
                a.min_pegs.is_none(),
                "--min-pegs is not distributed yet: run the partial union as one process"
            );
            crate::studies::peg::layers::triangle_for(side, true, a.keep_levels.is_some())?;
            triangle_options(PegOptions {
                levels_only: true,
                keep_levels: a.keep_levels.clone(),
                symmetry: false,
                ..PegOptions::for_side(side)
            })
        } else {
            triangle_mode(a, side)?
        };
        let dirs = OutDirs {
            data: a
                .out
                .clone()
                .unwrap_or_else(|| PathBuf::from(format!("data/peg/T{side}"))),
            reports: a.charts.clone(),
        };
        Ok(PegMode::Triangle { options, dirs })
    }
}

/// `--board triangle-N` runs as `--side N` where the side's study takes it (no `--start`, no
/// `--positions-only`: the triangles' study has neither).
fn triangle_named(a: &PegArgs) -> Option<usize> {
    let side = a.board.as_deref()?.strip_prefix("triangle-")?.parse::<usize>().ok()?;
    (a.start.is_none() && !a.positions_only && side <= crate::studies::peg::partial::MAX_SIDE).then_some(side)
}

/// The study's options for one triangle.
fn triangle_options(o: PegOptions) -> Options {
    Options {
        sides: vec![o],
        seed001: false,
        boards: Vec::new(),
        recompute_boards: false,
        board_levels: std::path::PathBuf::from(".peg-levels"),
        plays: Vec::new(),
        lower_bounds: Vec::new(),
    }
}

/// A triangle's validated options: the side exists and fits in memory.
fn triangle_mode(a: &PegArgs, side: usize) -> Result<Options> {
    ensure!(
        a.radii.is_none() || a.min_moves_from.is_some(),
        "--radii needs --min-moves-from (or --board)"
    );
    if let Some(dir) = &a.min_moves_from {
        ensure!(
            side > *crate::studies::footprint::PEG_FULL_SIDES.end() && crate::studies::peg::saved::present(dir),
            "--min-moves-from needs a side decided by search (8) and its levels.csv and finishes.csv in {}",
            dir.display()
        );
        use crate::studies::peg::min_moves::Settle;
        return Ok(triangle_options(PegOptions {
            saved: Some(dir.clone()),
            min_moves: Some(Settle {
                radii: a.radii.unwrap_or(crate::studies::peg::min_moves::SIDE8_RADII),
                sieved_level: a.sieved_level,
                open_only: a.open_only,
            }),
            symmetry: false,
            ..PegOptions::for_side(side)
        }));
    }
    if let Some(min) = a.min_pegs {
        use crate::studies::peg::partial;
        let t = partial::triangle(side, min, a.levels_only)?;
        footprint::check(
            &format!("peg --side {side} --min-pegs {min}"),
            partial::memory(t.holes(), min),
        )?;
        return Ok(triangle_options(PegOptions {
            levels_only: true,
            keep_levels: a.keep_levels.clone(),
            symmetry: false,
            min_pegs: Some(min),
            ..PegOptions::for_side(side)
        }));
    }
    ensure!(
        side <= crate::studies::peg::layers::MAX_LEVELS_SIDE || side > crate::studies::peg::partial::MAX_SIDE,
        "side {side} is supported only in part: --levels-only --min-pegs K stops its union at K pegs"
    );
    crate::studies::peg::layers::triangle_for(side, a.levels_only, a.keep_levels.is_some())?;
    footprint::check(
        &format!("peg --side {side}"),
        footprint::peg(side, a.levels_only, a.keep_levels.is_some()),
    )?;
    let o = PegOptions::for_side(side);
    let symmetry = (o.symmetry && !a.levels_only) || a.symmetry;
    Ok(triangle_options(PegOptions {
        levels_only: a.levels_only,
        keep_levels: a.keep_levels.clone(),
        symmetry,
        ..o
    }))
}

/// Carries out the mode [`PegMode::decide`] finds, like every command ([`super::run_task`]);
/// a triangle's summary goes to stderr. Under MPI (a triangle's union alone) the ranks other
/// than the root compute their share and write nothing.
pub fn run(a: &PegArgs, command: &str) -> Result<()> {
    let cluster = crate::engine::cluster::current();
    match PegMode::decide(a, cluster.ranks())? {
        PegMode::Plan { plan, out } => super::run_task(&plan, Some(OutDirs::one(&out)), command).map(drop),
        PegMode::Triangle { options, dirs } => {
            if !cluster.is_root() {
                return crate::studies::Task::compute(&options).map(drop);
            }
            let results = export::drive(&options, Some(&dirs), command, Options::compute, Options::export)?;
            eprint!("{}", options.summary(&results, Some(&dirs)));
            Ok(())
        }
        PegMode::Plays { task, out } => super::run_task(&task, Some(OutDirs::one(&out)), command).map(drop),
        PegMode::LowerBounds { task, out } => super::run_task(&task, Some(OutDirs::one(&out)), command).map(drop),
        PegMode::Board {
            task,
            out,
            scratch_levels,
        } => {
            let (what, _) = task.plan();
            eprintln!("{}", crate::studies::peg_board::describe(&task.board));
            eprintln!("peg {}: {what}", task.board.name());
            if let Some(dir) = &scratch_levels {
                eprintln!(
                    "peg {}: the union's layers go to {} (a rerun resumes there; removed at the end)",
                    task.board.name(),
                    dir.display()
                );
            }
            super::run_task(&task, Some(OutDirs::one(&out)), command)?;
            if let Some(dir) = scratch_levels {
                std::fs::remove_dir_all(&dir).with_context(|| format!("cannot remove {}", dir.display()))?;
            }
            Ok(())
        }
    }
}

/// `--side N --few-moves`: the side and the beam's width checked, and its memory.
fn plays_mode(a: &PegArgs, side: usize) -> Result<PegMode> {
    use crate::studies::peg::beam_plays::{self, PlaysTask};
    ensure!(
        beam_plays::SIDES.contains(&side),
        "--few-moves takes sides {} to {} (a position in 128 bits), not {side}",
        beam_plays::SIDES.start(),
        beam_plays::SIDES.end()
    );
    let width = a.width.unwrap_or(20_000);
    ensure!(width >= 1, "--width must be at least 1");
    footprint::check(
        &format!("peg --side {side} --few-moves --width {width}"),
        footprint::peg_beam(side * (side + 1) / 2, width),
    )?;
    let out = a
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("data/peg/T{side}")));
    let task = PlaysTask { side, width };
    Ok(PegMode::Plays { task, out })
}

/// `--side N --lower-bounds`: the side and the budget checked, and its memory.
fn lower_bounds_mode(a: &PegArgs, side: usize) -> Result<PegMode> {
    use crate::studies::peg::{beam_plays, lower_bounds};
    ensure!(
        beam_plays::SIDES.contains(&side),
        "--lower-bounds takes sides {} to {} (a position in 128 bits), not {side}",
        beam_plays::SIDES.start(),
        beam_plays::SIDES.end()
    );
    let budget = a.budget.unwrap_or(lower_bounds::DEFAULT_BUDGET);
    ensure!(budget >= 1, "--budget must be at least 1 position");
    footprint::check(
        &format!("peg --side {side} --lower-bounds --budget {budget}"),
        footprint::peg_refutation(budget),
    )?;
    let out = a
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("data/peg/T{side}")));
    let (starts, kept) = match &a.starts {
        None => (None, Vec::new()),
        Some(holes) => {
            let (starts, kept) = lower_bounds::rows_to_keep(side, holes, &out.join("lower_bounds.csv"))?;
            (Some(starts), kept)
        }
    };
    let task = lower_bounds::LowerBoundsTask {
        side,
        budget,
        starts,
        kept,
    };
    Ok(PegMode::LowerBounds { task, out })
}

/// `--board NAME` or `--board-file FILE` (other than a triangle the side's study takes): the
/// union (`--levels-only`), one game (`--start`), its positions only (`--positions-only`) or, by
/// default, everything: the union, the central game and every problem's fewest moves (`--radii`
/// or [`peg_board::default_radii`]). The memory the run needs is checked here, before it starts.
///
/// [`peg_board::default_radii`]: crate::studies::peg_board::default_radii
fn board_mode(a: &PegArgs) -> Result<PegMode> {
    use crate::puzzles::board::Board;
    use crate::studies::peg_board::{self, Analysis, BoardTask};
    let board = match (&a.board, &a.board_file) {
        (Some(name), _) => Board::named(name)?,
        (None, Some(path)) => Board::from_file(path)?,
        (None, None) => unreachable!("board_mode is called with a board"),
    };
    let triangle_only = [
        (a.symmetry, "--symmetry"),
        (a.min_pegs.is_some(), "--min-pegs"),
        (a.plan, "--plan"),
        (a.min_moves_from.is_some(), "--min-moves-from"),
        (a.few_moves, "--few-moves"),
        (a.width.is_some(), "--width"),
        (a.lower_bounds, "--lower-bounds"),
        (a.budget.is_some(), "--budget"),
        (a.starts.is_some(), "--starts"),
    ];
    if let Some((_, flag)) = triangle_only.iter().find(|f| f.0) {
        anyhow::bail!("{flag} works on the triangles only (--side N) so far");
    }
    ensure!(
        a.keep_levels.is_none() || a.start.is_none(),
        "--keep-levels keeps the union's layers: the game of --start has none"
    );
    let start = match a.start {
        Some(s) => {
            ensure!(!a.levels_only, "--start names the game's start: without --levels-only");
            ensure!(
                (1..=board.holes()).contains(&s),
                "--start {s}: board {} has holes 1 to {}",
                board.name(),
                board.holes()
            );
            s - 1
        }
        None => peg_board::central_start(&board),
    };
    let analysis = match (a.levels_only, a.positions_only, a.start) {
        (true, _, _) => Analysis::Levels,
        (false, true, _) => Analysis::Positions { start },
        (false, false, Some(_)) => Analysis::Game { start },
        (false, false, None) => Analysis::Full {
            start,
            radii: a.radii.unwrap_or_else(|| peg_board::default_radii(&board)),
        },
    };
    let stem = a.board.clone().unwrap_or_else(|| {
        let path = a.board_file.as_deref().unwrap_or(std::path::Path::new("board"));
        path.file_stem()
            .map_or("board".into(), |s| s.to_string_lossy().into_owned())
    });
    let out = a
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("data/peg/{stem}")));
    let scratch_levels = scratch_levels(a, &board, &analysis);
    let keep = a
        .keep_levels
        .clone()
        .or_else(|| scratch_levels.clone())
        .map_or(Keep::Memory, Keep::Dir);
    let task = BoardTask { board, analysis, keep };
    let (_, need) = task.plan();
    footprint::check(&format!("peg --board {}", task.board.name()), need).map_err(|e| {
        if task.keep == Keep::Memory && matches!(task.analysis, Analysis::Levels | Analysis::Full { .. }) {
            let on_disk = peg_board::union::bytes(&task.board, &Keep::Dir(PathBuf::new()));
            anyhow::anyhow!(
                "{e}; or pass --keep-levels DIR (the union's layers on disk, about {} in memory)",
                crate::engine::memory::human(on_disk)
            )
        } else {
            e
        }
    })?;
    Ok(PegMode::Board {
        task,
        out,
        scratch_levels,
    })
}

/// The union's level directory the tool picks itself: past
/// [`crate::studies::peg_board::study::MEMORY_UNION_HOLES`] holes the union keeps its layers on
/// disk even when `--keep-levels` is not given (the French board's 37: 18 GiB of bit arrays in
/// memory, 6.6 GiB with a directory), in a directory of the system's temporary one.
fn scratch_levels(
    a: &PegArgs,
    board: &crate::puzzles::board::Board,
    analysis: &crate::studies::peg_board::Analysis,
) -> Option<PathBuf> {
    use crate::studies::peg_board::study::MEMORY_UNION_HOLES;
    use crate::studies::peg_board::Analysis;
    (a.keep_levels.is_none()
        && board.holes() > MEMORY_UNION_HOLES
        && matches!(analysis, Analysis::Levels | Analysis::Full { .. }))
    .then(|| std::env::temp_dir().join(format!("statespace-levels-{}", board.name())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Wrap {
        #[command(flatten)]
        peg: PegArgs,
    }

    fn decide(args: &[&str], ranks: usize) -> Result<PegMode> {
        let wrap = Wrap::try_parse_from(std::iter::once("peg").chain(args.iter().copied()))?;
        PegMode::decide(&wrap.peg, ranks)
    }

    /// Past 33 holes the union's layers go to disk even when not asked to: a directory of the
    /// temporary one, unless one is given; never for a game alone or a smaller board.
    #[test]
    fn large_boards_keep_their_layers_on_disk() {
        use crate::puzzles::board::Board;
        use crate::studies::peg_board::Analysis;
        let pick = |args: &[&str], analysis: Analysis| {
            let wrap = Wrap::try_parse_from(std::iter::once("peg").chain(args.iter().copied())).unwrap();
            let board = Board::named(wrap.peg.board.as_deref().unwrap()).unwrap();
            scratch_levels(&wrap.peg, &board, &analysis)
        };
        let full = || Analysis::Full {
            start: 18,
            radii: crate::studies::peg::fewest::Radii {
                forward: 11,
                backward: 7,
            },
        };
        let temp = Some(std::env::temp_dir().join("statespace-levels-european"));
        assert_eq!(pick(&["--board", "european"], full()), temp);
        assert_eq!(pick(&["--board", "european", "--levels-only"], Analysis::Levels), temp);
        let given = ["--board", "european", "--levels-only", "--keep-levels", "/x"];
        assert_eq!(pick(&given, Analysis::Levels), None);
        assert_eq!(pick(&["--board", "european"], Analysis::Game { start: 18 }), None);
        assert_eq!(pick(&["--board", "english"], full()), None);
    }

    #[test]
    fn each_flag_set_has_one_mode() {
        use crate::studies::peg_board::Analysis;
        assert!(matches!(
            decide(&["--board", "triangle-5"], 1),
            Ok(PegMode::Triangle { .. })
        ));
        assert!(matches!(
            decide(&["--side", "9", "--plan", "--ranks", "2", "--memory", "4"], 1),
            Ok(PegMode::Plan { .. })
        ));
        let board = |args: &[&str]| match decide(args, 1) {
            Ok(PegMode::Board { task, .. }) => task.analysis,
            _ => panic!("{args:?} is a board's mode"),
        };
        assert!(matches!(
            board(&["--board", "diamond-3", "--levels-only"]),
            Analysis::Levels
        ));
        assert!(matches!(
            board(&["--board", "diamond-3", "--start", "2"]),
            Analysis::Game { start: 1 }
        ));
        assert!(matches!(
            board(&["--board", "diamond-3", "--positions-only"]),
            Analysis::Positions { .. }
        ));
        assert!(matches!(board(&["--board", "diamond-3"]), Analysis::Full { .. }));
        assert!(matches!(
            decide(&["--side", "11", "--few-moves"], 1),
            Ok(PegMode::Plays { .. })
        ));
        // A triangle named with --start is a board's game, not the side's study.
        assert!(matches!(
            board(&["--board", "triangle-5", "--start", "1"]),
            Analysis::Game { start: 0 }
        ));
    }

    #[test]
    fn only_a_triangles_union_runs_under_mpi() {
        assert!(matches!(
            decide(&["--side", "6", "--levels-only"], 2),
            Ok(PegMode::Triangle { .. })
        ));
        for args in [
            &["--side", "4"][..],
            &["--board", "diamond-3", "--levels-only"],
            &["--side", "6", "--levels-only", "--symmetry"],
        ] {
            let e = decide(args, 2).err().expect("refused");
            assert!(e.to_string().contains("does not run under MPI"), "{args:?}: {e}");
        }
    }

    #[test]
    fn contradictory_flags_are_refused() {
        for args in [
            &["--board", "diamond-3", "--levels-only", "--start", "2"][..],
            &["--board", "diamond-3", "--start", "10"],
            &["--board", "diamond-3", "--symmetry"],
            &["--board", "diamond-3", "--start", "2", "--keep-levels", "/tmp/x"],
            &["--side", "5", "--radii", "3+1"],
            &["--side", "9", "--few-moves", "--levels-only"],
            &["--side", "9", "--few-moves", "--width", "0"],
            &["--board", "english", "--few-moves"],
        ] {
            assert!(decide(args, 1).is_err(), "{args:?} accepted");
        }
    }
}
