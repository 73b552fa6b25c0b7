//! Peg solitaire on any board ([`crate::puzzles::board`]) beside the triangle study: the union
//! over every single-vacancy start (`levels.csv`, the triangle's columns) and one single-vacancy
//! game in full ([`game`]), as the `statespace peg --board` / `--board-file` command.

use crate::engine::layered::Keep;
use crate::engine::progress::{Counters, Reporter};
use crate::output::export::{Area, Export, OutDirs};
use crate::puzzles::board::{Board, Kind};
use crate::studies::peg::fewest::Radii;
use crate::studies::peg::LevelRow;
use crate::studies::Task;
use anyhow::Result;
use std::sync::Arc;

pub mod claims;
pub mod game;
pub mod moves;
pub mod plays;
pub mod problems;
pub mod report;
pub mod saved;
pub mod study;
pub mod tables;
pub mod union;

/// What one board's study holds (run by [`study`], rendered by [`report`]).
#[derive(Clone, Debug)]
pub struct BoardStudy {
    pub board: Board,
    /// The union over every single-vacancy start (empty when not computed).
    pub levels: Vec<LevelRow>,
    /// The game from the centre (the first cell of the smallest orbit).
    pub game: Option<game::Game>,
    /// The (start, finish) problems (empty until the problems search fills them).
    pub problems: Vec<problems::BoardProblem>,
    /// Per problem, the proof of its fewest moves (`min_moves_proof`); None when unsolvable.
    pub proofs: Vec<Option<String>>,
    /// Read back from `data/` rather than computed.
    pub saved: bool,
}

/// What to compute on a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Analysis {
    /// The union over every single-vacancy start (`levels.csv`).
    Levels,
    /// The game from one single vacancy (0-based).
    Game { start: usize },
    /// Only the positions reachable from one single vacancy (0-based) per jump (`positions.csv`).
    Positions { start: usize },
    /// Everything: the union, the game from `start` and every (start, finish) problem with its
    /// fewest moves proven by balls of `radii`.
    Full { start: usize, radii: Radii },
}

/// A validated run: the board and what to compute on it.
#[derive(Clone, Debug)]
pub struct BoardTask {
    pub board: Board,
    pub analysis: Analysis,
    /// Where the union keeps its layers: in memory, or one file per layer in a directory (two
    /// layers in memory at once; a rerun resumes from the last one saved).
    pub keep: Keep,
}

/// What a run found.
#[derive(Clone, Debug)]
pub enum BoardResults {
    Levels(Vec<LevelRow>),
    Game(game::Game),
    Positions(Vec<game::GameLevel>),
    Full {
        levels: Vec<LevelRow>,
        game: game::Game,
        problems: problems::Problems,
    },
}

/// The balls' radii when `--radii` gives none (boards past [`problems::exhaustive_fits`]): a
/// reach of every play's moves (at most holes - 2, one jump each) up to 18, split 12 + 5 at 18.
/// One forward ball is held at a time (its last level only streamed), but every finish orbit's
/// backward ball at once, with a sieve of their images under every symmetry; and a backward move
/// from a few pegs is a chain of backward jumps with far more choices than a forward move from a
/// full board, so the backward balls grow much faster than the forward ones: the backward radius
/// is the smaller, and the forward one is capped at 12 (on the French board, 11 + 9 ran out of
/// this project's 24 GiB, and 11 + 7 reached 22 GiB building the backward balls' sieve).
pub fn default_radii(board: &Board) -> Radii {
    let reach = (board.holes().saturating_sub(2) as u32).clamp(2, 18);
    let backward = reach * 5 / 18;
    Radii {
        forward: (reach - backward).min(12),
        backward,
    }
}

/// The default start of a game: a cell every symmetry fixes (the centre), else the first cell of
/// the smallest orbit.
pub fn central_start(board: &Board) -> usize {
    let orbits = board.hole_orbits();
    orbits.iter().min_by_key(|o| o.len()).map_or(0, |o| o[0])
}

/// The board in one line: lattice, holes, jumps, group and classes.
pub fn describe(board: &Board) -> String {
    let count = |f: &dyn Fn(&Kind) -> bool| board.symmetries().iter().filter(|s| f(&s.kind)).count();
    format!(
        "board {}: {} lattice, {} holes, {} jumps, symmetry group of order {} ({} rotations, {} reflections), {} \
         position classes",
        board.name(),
        board.lattice().name(),
        board.holes(),
        board.jumps().len(),
        board.group_order(),
        count(&|k| matches!(k, Kind::Rotation(_))),
        count(&|k| *k == Kind::Reflection),
        board.class_count()
    )
}

impl BoardTask {
    /// What the run will do and the memory it needs, for the line printed before it starts.
    pub fn plan(&self) -> (String, u128) {
        use crate::engine::memory::human;
        match self.analysis {
            Analysis::Levels => {
                let need = union::bytes(&self.board, &self.keep);
                let what = format!(
                    "the union over all {} single-vacancy starts (levels.csv): about {} of bit arrays",
                    self.board.holes(),
                    human(need)
                );
                (what, need)
            }
            Analysis::Game { start } => {
                let need = game::fixed_bytes(&self.board);
                let what = format!(
                    "the game from the vacancy at hole {} (game.csv, finishes.csv): {} of bit arrays, plus about \
                     {} bytes per position up to symmetry",
                    start + 1,
                    human(need),
                    game::BYTES_PER_POSITION
                );
                (what, need)
            }
            Analysis::Positions { start } => {
                let need = game::fixed_bytes(&self.board);
                let what = format!(
                    "the positions reachable from the vacancy at hole {} per jump (positions.csv): {} of bit arrays, \
                     plus 8 bytes per position up to symmetry",
                    start + 1,
                    human(need)
                );
                (what, need)
            }
            Analysis::Full { start, radii } => {
                let union = union::bytes(&self.board, &self.keep);
                let exhaustive = problems::exhaustive_fits(&self.board);
                let visited = crate::engine::dense_levels::visited_bytes(self.board.holes() as u32);
                let mut need = union.max(game::fixed_bytes(&self.board));
                let fewest = if exhaustive {
                    need = need.max(visited + (64 << 20));
                    format!(
                        "fewest moves by listing every position reachable from each start orbit by its move \
                         distance ({} of bit array, plus 8 bytes per position up to symmetry)",
                        human(visited)
                    )
                } else {
                    // Solvability by a forward pass per start orbit that no beam settles, two bit
                    // arrays at a time.
                    let n = self.board.holes();
                    need = need.max(crate::engine::layered::bytes_needed_to(n, n - 1, 1) as u128 + (64 << 20));
                    format!(
                        "a play per problem by beam search (a layered search from each start orbit with a problem \
                         no beam solves), fewest moves by balls of {} moves out of each start and {} into each finish",
                        radii.forward, radii.backward
                    )
                };
                let what = format!(
                    "the union over all {} single-vacancy starts (levels.csv, about {} of bit arrays), the game from \
                     the vacancy at hole {} (game.csv, finishes.csv) and every (start, finish) problem (problems.csv): \
                     one search per start orbit, {fewest}",
                    self.board.holes(),
                    human(union),
                    start + 1,
                );
                (what, need)
            }
        }
    }

    fn run(&self, counters: &Counters) -> Result<BoardResults> {
        Ok(match self.analysis {
            Analysis::Levels => BoardResults::Levels(union::union(&self.board, &self.keep, counters)?),
            Analysis::Game { start } => {
                let group = self.board.group()?;
                BoardResults::Game(game::analyse(&self.board, &group, start, counters)?)
            }
            Analysis::Positions { start } => {
                let group = self.board.group()?;
                BoardResults::Positions(game::positions(&self.board, &group, start, counters))
            }
            Analysis::Full { start, radii } => {
                let levels = union::union(&self.board, &self.keep, counters)?;
                let game = game::analyse(&self.board, &self.board.group()?, start, counters)?;
                let known = problems::KnownFewest {
                    start,
                    fewest: game.fewest.clone(),
                };
                let problems = problems::problems(&self.board, radii, Some(known), counters)?;
                BoardResults::Full { levels, game, problems }
            }
        })
    }
}

impl Task for BoardTask {
    type Results = BoardResults;

    fn compute(&self) -> Result<BoardResults> {
        let counters = Arc::new(Counters::default());
        let _progress = Reporter::start(format!("peg {}", self.board.name()), counters.clone());
        self.run(&counters)
    }

    fn export(&self, results: &BoardResults) -> Result<Export> {
        let mut files = Export::default();
        files.bytes(Area::Data, "", "board.txt", self.board.picture().into_bytes(), None);
        match results {
            BoardResults::Levels(levels) => files.table(Area::Data, "", "levels.csv", &tables::levels_table(levels)),
            BoardResults::Game(g) => tables::export_game(&mut files, "", g),
            BoardResults::Positions(levels) => {
                files.table(Area::Data, "", "positions.csv", &tables::positions_table(levels))
            }
            BoardResults::Full { levels, game, problems } => {
                files.table(Area::Data, "", "levels.csv", &tables::levels_table(levels));
                tables::export_game(&mut files, "", game);
                files.table(Area::Data, "", "problems.csv", &tables::problems_table(problems));
            }
        }
        Ok(files)
    }

    fn summary(&self, results: &BoardResults, dirs: Option<&OutDirs>) -> String {
        let what = match results {
            BoardResults::Levels(l) => format!(
                "{} positions reachable from some single vacancy",
                l.iter().map(|r| r.reachable).sum::<u64>()
            ),
            BoardResults::Game(g) => format!(
                "from hole {}: {} positions, {} complete games, {} winning games ({} ending in hole {})",
                g.start + 1,
                g.levels.iter().map(|l| l.reachable).sum::<u64>(),
                g.complete_games,
                g.winning_total(),
                g.winning_to_start(),
                g.start + 1
            ),
            BoardResults::Positions(levels) => format!(
                "{} positions reachable ({} up to symmetry)",
                levels.iter().map(|l| l.reachable).sum::<u64>(),
                levels.iter().map(|l| l.reachable_orbits).sum::<u64>()
            ),
            BoardResults::Full { game, problems, .. } => {
                let solvable: Vec<_> = problems.rows.iter().filter(|r| r.solvable).collect();
                let proven = solvable.iter().filter(|r| r.min_moves.is_some()).count();
                format!(
                    "{} solvable problems of {} passing the class test, fewest moves proven for {proven}; \
                     from hole {}: fewest moves to hole {} {}",
                    solvable.len(),
                    problems.rows.iter().filter(|r| r.class_allows).count(),
                    game.start + 1,
                    game.start + 1,
                    problems
                        .rows
                        .iter()
                        .find(|r| (r.start, r.finish) == (game.start, game.start))
                        .map_or("unsolvable".into(), |r| match (r.solvable, r.min_moves) {
                            (false, _) => "unsolvable".into(),
                            (true, Some(m)) => m.to_string(),
                            (true, None) => format!("at least {}", r.min_moves_lower_bound.unwrap_or(1)),
                        })
                )
            }
        };
        let wrote = dirs.map_or(String::new(), |d| format!("; wrote {}", d.data.display()));
        format!("peg {}: {what}{wrote}\n", self.board.name())
    }
}
