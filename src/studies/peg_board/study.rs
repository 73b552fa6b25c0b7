//! The board study as `reproduce` runs it: for each board (`english`, `european`), the union over
//! every single-vacancy start, the game from the centre and the problems table, their claims, the
//! files under `data/peg/<board>/`, the page `reports/peg/<board>.md`, and one table of all boards
//! (`data/peg/boards.csv`). What costs more than a minute is read back from `data/` and re-checked
//! ([`super::saved`]) instead of recomputed.

use super::claims::{claims, BoardValues};
pub use super::BoardStudy;
use super::{game, report, saved, union, Analysis, BoardResults, BoardTask};
use crate::engine::layered::Keep;
use crate::engine::progress::Counters;
use crate::output::export::{Area, Export};
use crate::output::table::Table;
use crate::puzzles::board::Board;
use crate::studies::claim::Claim;
use anyhow::{Context, Result};
use std::path::Path;

/// The boards `reproduce` reads back when `data/peg/<board>/` holds them (written by `peg --board
/// NAME`): each takes minutes to compute (the English union and central game about 2 minutes and
/// 1 minute, the French union over 10 minutes with its layers on disk, see `data/bench`), past the
/// minute a `reproduce` step may take.
pub const BOARDS: [&str; 2] = ["english", "european"];

/// The most holes whose union `reproduce --full` keeps in memory (the English board's 33: 1 GiB);
/// past them the layers go to disk (the French board's 37: about 6.6 GiB in memory instead of
/// 20).
pub const MEMORY_UNION_HOLES: usize = 33;

impl BoardStudy {
    pub fn values(&self) -> BoardValues<'_> {
        BoardValues {
            board: &self.board,
            game: self.game.as_ref(),
            levels: &self.levels,
            problems: &self.problems,
        }
    }

    pub fn claims(&self) -> Vec<Claim> {
        claims(self.values())
    }

    /// The union and the game from the centre, computed.
    pub fn compute(board: Board, counters: &Counters) -> Result<BoardStudy> {
        let levels = union::union(&board, &Keep::Memory, counters)?;
        let group = board.group()?;
        let start = super::central_start(&board);
        let game = Some(game::analyse(&board, &group, start, counters)?);
        Ok(BoardStudy {
            board,
            levels,
            game,
            problems: Vec::new(),
            proofs: Vec::new(),
            saved: false,
        })
    }

    /// What `dir` (`data/peg/<board>/`) holds, computed again as `peg --board NAME` computed it:
    /// the union, and the game from the centre and every problem when the directory has them
    /// (`reproduce --full`). A union past [`MEMORY_UNION_HOLES`] holes keeps its layers in
    /// `levels` (a rerun resumes there).
    pub fn recompute(board: Board, dir: &Path, levels: &Path, counters: &Counters) -> Result<BoardStudy> {
        let keep = if board.holes() > MEMORY_UNION_HOLES {
            Keep::Dir(levels.to_path_buf())
        } else {
            Keep::Memory
        };
        let start = super::central_start(&board);
        let analysis = if dir.join("problems.csv").is_file() {
            Analysis::Full {
                start,
                radii: super::default_radii(&board),
            }
        } else if dir.join("game.csv").is_file() {
            Analysis::Game { start }
        } else {
            Analysis::Levels
        };
        let task = BoardTask { board, analysis, keep };
        let mut study = BoardStudy {
            board: task.board.clone(),
            levels: Vec::new(),
            game: None,
            problems: Vec::new(),
            proofs: Vec::new(),
            saved: false,
        };
        match task.run(counters)? {
            BoardResults::Levels(levels) => study.levels = levels,
            BoardResults::Game(game) => {
                study.levels = union::union(&task.board, &task.keep, counters)?;
                study.game = Some(game);
            }
            BoardResults::Positions(_) => unreachable!("no positions-only analysis is asked for"),
            BoardResults::Full { levels, game, problems } => {
                study.levels = levels;
                study.game = Some(game);
                study.problems = problems.rows;
                study.proofs = problems.proofs;
            }
        }
        Ok(study)
    }

    /// The union and the game read back from `dir` (`data/peg/<board>/`) and re-checked.
    pub fn read_back(board: Board, dir: &Path) -> Result<BoardStudy> {
        let (levels, game) = saved::read(&board, dir)?;
        let (problems, proofs) = if dir.join("problems.csv").is_file() {
            saved::read_problems(&board, dir).context("reading back the problems")?
        } else {
            Default::default()
        };
        Ok(BoardStudy {
            board,
            levels,
            game,
            problems,
            proofs,
            saved: true,
        })
    }

    /// `data/peg/<board>/` (board.txt, levels.csv, game.csv, finishes.csv), the page
    /// `reports/peg/<board>.md` and its chart.
    pub fn export(&self, claims: &[Claim]) -> Result<Export> {
        let name = self.board.name();
        let dir = format!("peg/{name}");
        let mut files = Export::default();
        files.bytes(Area::Data, &dir, "board.txt", self.board.picture().into_bytes(), None);
        if !self.levels.is_empty() {
            files.table(
                Area::Data,
                &dir,
                "levels.csv",
                &super::tables::levels_table(&self.levels),
            );
            let stem = report::levels_chart_stem(name);
            files.chart(
                Area::Reports,
                "peg",
                &stem,
                &report::levels_chart(&self.board, &self.levels)?,
            );
        }
        if let Some(g) = &self.game {
            super::tables::export_game(&mut files, &dir, g);
        }
        if !self.problems.is_empty() {
            let problems = super::problems::Problems {
                rows: self.problems.clone(),
                proofs: self.proofs.clone(),
                radii: super::default_radii(&self.board),
            };
            files.table(
                Area::Data,
                &dir,
                "problems.csv",
                &super::tables::problems_table(&problems),
            );
        }
        let page = report::page(self, claims);
        files.bytes(Area::Reports, "peg", &format!("{name}.md"), page.into_bytes(), None);
        Ok(files)
    }
}

/// `data/peg/boards.csv`: one row per board (lattice, holes, group order, classes, reachable
/// positions from some single vacancy, solvable problems, fewest moves over them); a cell is empty
/// where that part was not computed.
pub fn boards_table(studies: &[BoardStudy]) -> Table {
    let mut t = super::tables::BOARDS.table();
    let mut sorted: Vec<&BoardStudy> = studies.iter().collect();
    sorted.sort_by(|a, b| a.board.name().cmp(b.board.name()));
    for s in sorted {
        let b = &s.board;
        let reachable = (!s.levels.is_empty()).then(|| s.levels.iter().map(|l| l.reachable).sum::<u64>());
        // Empty where the record has no problems table; the minimum only where every problem is
        // decided and its fewest moves proven.
        let solvable = (!s.problems.is_empty()).then(|| s.problems.iter().filter(|p| p.solvable).count());
        let solvable_problems = s.problems.iter().filter(|p| p.solvable);
        let fewest = if solvable_problems.clone().all(|p| p.min_moves.is_some()) {
            solvable_problems.filter_map(|p| p.min_moves).min()
        } else {
            None
        };
        t.push(vec![
            b.name().into(),
            b.lattice().name().into(),
            b.holes().into(),
            b.group_order().into(),
            b.class_count().into(),
            reachable.into(),
            solvable.into(),
            fewest.into(),
        ]);
    }
    super::tables::BOARDS.drop_empty_optional(t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::export::Area;

    #[test]
    fn a_board_recomputed_holds_what_its_directory_holds() {
        let board = Board::named("triangle-5").unwrap();
        let counters = Counters::default();
        let computed = BoardStudy::compute(board.clone(), &counters).unwrap();
        let dir = std::env::temp_dir().join(format!("statespace-recompute-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let levels = dir.join("levels");
        // The union alone, then the game, then the problems as well.
        let union = BoardStudy::recompute(board.clone(), &dir, &levels, &counters).unwrap();
        assert_eq!(union.levels, computed.levels);
        assert!(union.game.is_none() && union.problems.is_empty() && !union.saved);
        std::fs::write(dir.join("game.csv"), "").unwrap();
        let game = BoardStudy::recompute(board.clone(), &dir, &levels, &counters).unwrap();
        assert_eq!(game.levels, computed.levels);
        assert_eq!(game.game, computed.game);
        assert!(game.problems.is_empty());
        std::fs::write(dir.join("problems.csv"), "").unwrap();
        let full = BoardStudy::recompute(board, &dir, &levels, &counters).unwrap();
        assert_eq!(full.levels, computed.levels);
        assert_eq!(full.game, computed.game);
        assert!(!full.problems.is_empty() && full.problems.len() == full.proofs.len());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_board_exports_its_data_page_and_chart_and_a_row_of_the_boards_table() {
        let s = BoardStudy::compute(Board::named("triangle-5").unwrap(), &Counters::default()).unwrap();
        let claims = s.claims();
        assert!(claims.iter().any(|c| c.id == "peg.new.triangle-5_union"));
        let files = s.export(&claims).unwrap().files;
        let names: Vec<(Area, String)> = files
            .iter()
            .map(|f| (f.area, format!("{}/{}", f.dir, f.name)))
            .collect();
        for want in [
            "peg/triangle-5/levels.csv",
            "peg/triangle-5/game.csv",
            "peg/triangle-5/finishes.csv",
        ] {
            assert!(names.contains(&(Area::Data, want.to_string())), "{want}: {names:?}");
        }
        assert!(names.contains(&(Area::Reports, "peg/triangle-5.md".to_string())));
        assert!(
            names.contains(&(Area::Reports, "peg/triangle-5_levels.png".to_string())),
            "{names:?}"
        );
        let page = String::from_utf8(files.iter().find(|f| f.name == "triangle-5.md").unwrap().bytes.clone()).unwrap();
        // The page's union figure is the study's.
        let reachable: u64 = s.levels.iter().map(|l| l.reachable).sum();
        let digits = reachable.to_string();
        let grouped: Vec<String> = digits
            .as_bytes()
            .rchunks(3)
            .rev()
            .map(|c| String::from_utf8(c.to_vec()).unwrap())
            .collect();
        assert!(
            page.contains(&format!("{} positions are reachable", grouped.join(","))),
            "{page}"
        );
        // The claims table shows each claim's computed value.
        assert!(claims.iter().all(|c| page.contains(&c.computed)), "{page}");
        let t = boards_table(&[s]);
        assert_eq!(t.rows.len(), 1);
        assert_eq!(t.rows[0][0].render(), "triangle-5");
        assert_eq!(t.rows[0][3].render(), "6");
        assert_eq!(t.rows[0][5], reachable.into());
        assert_eq!(t.header.len(), 6, "no problems table: its columns are left out");
    }
}
