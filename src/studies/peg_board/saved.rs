//! A board's results read back from `data/peg/<board>/` (what `reproduce` does not recompute: the
//! French union and central game take minutes), each re-checked before it is used:
//! - `levels.csv` (the union over every single-vacancy start): one row per peg count from the full
//!   board less one down to one peg, winnable never above reachable, and the duality certificate:
//!   a position is winnable iff its complement is reachable too (complementing reverses every jump
//!   and turns a single peg into a single vacancy), so the winnable counts read the same from
//!   either end (k pegs and holes - k pegs); and the first levels, recomputed by plain search of
//!   the positions (cheap), equal the file's.
//! - `game.csv`, `finishes.csv` and `game_summary.csv` (one single-vacancy game): one row per jump from 0, pegs =
//!   holes - 1 - jumps, orbits never above positions and positions never above orbits times the
//!   stabiliser's order, winnable never above reachable; for a game that can finish in its start
//!   hole, the positions that can still finish there read the same from either end (duality again);
//!   the first levels recomputed equal the file's; winning games per hole sum to the total.
//! - `problems.csv` (every (start, finish) problem): see [`read_problems`].

use super::game::{Game, GameLevel};
use super::moves::BoardMoves;
use super::problems::BoardProblem;
use super::tables::{BOARD_FINISHES, BOARD_LEVELS, GAME, GAME_SUMMARY, PROBLEMS};
use crate::output::table::parse_exact_count;
use crate::puzzles::board::Board;
use crate::puzzles::peg::{parse_play_on, Jump};
use crate::studies::peg::fewest::MinMoves;
use crate::studies::peg::min_moves;
use crate::studies::peg::LevelRow;
use crate::studies::read_back::{number, read_rows, read_rows_of};
use anyhow::{ensure, Context, Result};
use std::collections::HashSet;
use std::path::Path;

/// Levels recomputed by plain search when a saved file is read back: positions with at most this
/// many jumps played (a few thousand positions on the 37-hole board).
pub const RECHECKED_JUMPS: usize = 4;

/// Positions reachable from `starts` after 0, 1, ... `jumps` jumps, by plain sets.
fn plain_levels(board: &Board, starts: &[u64], jumps: usize) -> Vec<HashSet<u64>> {
    let mut levels = vec![starts.iter().copied().collect::<HashSet<u64>>()];
    for _ in 0..jumps {
        let next: HashSet<u64> = levels
            .last()
            .expect("a level")
            .iter()
            .flat_map(|&p| {
                board
                    .jumps()
                    .iter()
                    .filter(move |j| p >> j.from & 1 == 1 && p >> j.over & 1 == 1 && p >> j.to & 1 == 0)
                    .map(move |j| p & !(1 << j.from) & !(1 << j.over) | 1 << j.to)
            })
            .collect();
        levels.push(next);
    }
    levels
}

/// `levels.csv` of `board` in `dir`, re-checked (see the module's comment).
pub fn read_levels(board: &Board, dir: &Path) -> Result<Vec<LevelRow>> {
    let path = dir.join("levels.csv");
    let n = board.holes();
    let mut rows = Vec::new();
    for (i, r) in read_rows(&path, &BOARD_LEVELS.header())?.iter().enumerate() {
        let line = i + 2;
        let row = LevelRow {
            pegs: number(&path, line, "pegs", &r[0])?,
            reachable: number(&path, line, "reachable_positions", &r[1])?,
            winnable: number(&path, line, "winnable_positions", &r[2])?,
        };
        let dead: u64 = number(&path, line, "dead_positions", &r[3])?;
        ensure!(
            row.winnable <= row.reachable && dead == row.reachable - row.winnable,
            "{}: row {line}: winnable and dead do not add up to reachable",
            path.display()
        );
        rows.push(row);
    }
    rows.sort_by_key(|r| r.pegs);
    let pegs: Vec<usize> = rows.iter().map(|r| r.pegs).collect();
    ensure!(
        pegs == (1..n).collect::<Vec<_>>(),
        "{}: peg counts {pegs:?}, expected 1 to {}",
        path.display(),
        n - 1
    );
    for r in &rows {
        let mirror = &rows[n - r.pegs - 1];
        ensure!(
            r.winnable == mirror.winnable,
            "{}: {} winnable positions with {} pegs but {} with {} (duality says equal)",
            path.display(),
            r.winnable,
            r.pegs,
            mirror.winnable,
            mirror.pegs
        );
    }
    let starts: Vec<u64> = (0..n).map(|h| board.start(h)).collect();
    for (d, level) in plain_levels(board, &starts, RECHECKED_JUMPS.min(n - 2))
        .iter()
        .enumerate()
    {
        let row = &rows[n - 2 - d];
        ensure!(
            row.reachable == level.len() as u64,
            "{}: {} positions with {} pegs, a plain search finds {}",
            path.display(),
            row.reachable,
            row.pegs,
            level.len()
        );
    }
    // From the most pegs down, as the union returns them.
    rows.reverse();
    Ok(rows)
}

/// One row of `game.csv`.
fn game_level(path: &Path, line: usize, r: &csv::StringRecord) -> Result<GameLevel> {
    let field = |i: usize| -> Result<u64> { number(path, line, GAME.columns[i].name(), &r[i]) };
    Ok(GameLevel {
        jumps: field(0)? as usize,
        pegs: field(1)? as usize,
        reachable: field(2)?,
        reachable_orbits: field(3)?,
        winnable: field(4)?,
        winnable_orbits: field(5)?,
        winnable_to_start: field(6)?,
        winnable_to_start_orbits: field(7)?,
        dead_ends: field(8)?,
    })
}

/// An exact count as the `*_text` columns write it.
fn count(path: &Path, line: usize, column: &str, text: &str) -> Result<u128> {
    let digits = parse_exact_count(text).with_context(|| {
        format!(
            "{}: row {line}, {column} {text:?} is not an exact count",
            path.display()
        )
    })?;
    number(path, line, column, &digits)
}

/// The game's totals (`game_summary.csv`, one row) and its winning sequences per finish
/// (`finishes.csv`) into `game`: they must sum to the total.
fn read_finishes(board: &Board, dir: &Path, game: &mut Game) -> Result<()> {
    let path = dir.join("game_summary.csv");
    // The optional columns (the winning count's log10, the shortest dead end) may be left out.
    let headers = GAME_SUMMARY.accepted_headers();
    let (which, rows) = read_rows_of(&path, &headers.iter().map(Vec::as_slice).collect::<Vec<_>>())?;
    let column = |name: &str| headers[which].iter().position(|h| *h == name);
    ensure!(
        rows.len() == 1,
        "{}: one row expected, {} found",
        path.display(),
        rows.len()
    );
    let r = &rows[0];
    game.start = number::<usize>(&path, 2, "start", &r[0])?
        .checked_sub(1)
        .with_context(|| format!("{}: start 0 (holes count from 1)", path.display()))?;
    game.stabiliser = number(&path, 2, "stabiliser_order", &r[1])?;
    let at = |name: &str| column(name).expect("a column of every format");
    game.complete_games = count(&path, 2, "complete_games_text", &r[at("complete_games_text")])?;
    let winning_total = count(&path, 2, "winning_sequences_text", &r[at("winning_sequences_text")])?;
    game.shortest_dead_end = match column("shortest_dead_end_jumps") {
        Some(c) => Some(number(&path, 2, "shortest_dead_end_jumps", &r[c])?),
        None => None,
    };
    let path = dir.join("finishes.csv");
    let headers = BOARD_FINISHES.accepted_headers();
    let (which, rows) = read_rows_of(&path, &headers.iter().map(Vec::as_slice).collect::<Vec<_>>())?;
    // The fewest moves' three columns come together or not at all.
    let with_moves = headers[which].len() == BOARD_FINISHES.columns.len();
    ensure!(
        with_moves || headers[which].len() == BOARD_FINISHES.columns.len() - 3,
        "{}: min_moves, min_moves_proof and optimal_play come together",
        path.display()
    );
    for (i, r) in rows.iter().enumerate() {
        let line = i + 2;
        let hole: usize = number(&path, line, "finish", &r[0])?;
        ensure!(
            hole >= 1,
            "{}: row {line}: finish 0 (holes count from 1)",
            path.display()
        );
        game.winning_games
            .push((hole - 1, count(&path, line, "winning_sequences_text", &r[1])?));
        if with_moves {
            game.fewest
                .push((hole - 1, fewest_cell(board, game.start, &path, line, r)?));
        }
    }
    ensure!(
        winning_total == game.winning_total(),
        "{}: the winning sequences per finish do not sum to winning_sequences in game_summary.csv",
        path.display()
    );
    Ok(())
}

/// A finish's fewest moves (`finishes.csv`'s min_moves, min_moves_proof, optimal_play), its play
/// replayed from the game's start: one peg left in the finish, in min_moves moves.
fn fewest_cell(board: &Board, start: usize, path: &Path, line: usize, r: &csv::StringRecord) -> Result<MinMoves> {
    let moves: u32 = number(path, line, "min_moves", &r[4])?;
    let play =
        parse_board_play(board, &r[6]).with_context(|| format!("{}: row {line}, optimal_play", path.display()))?;
    let finish: usize = number::<usize>(path, line, "finish", &r[0])? - 1;
    let replayed = min_moves::replay(&BoardMoves::new(board), board.start(start), &play);
    ensure!(
        replayed == Some((finish, moves)),
        "{}: row {line}, optimal_play does not leave one peg in hole {} in {moves} moves",
        path.display(),
        finish + 1
    );
    let proven = MinMoves::parse_proof(&r[5]).is_some_and(|(radii, met, _)| met && radii.reach() == moves);
    ensure!(
        proven,
        "{}: row {line}, min_moves_proof {:?} does not prove {moves}",
        path.display(),
        &r[5]
    );
    Ok(MinMoves::Exact {
        moves,
        play,
        radii: crate::studies::peg::fewest::Radii {
            forward: moves,
            backward: 0,
        },
        met: true,
    })
}

/// `game.csv`, `finishes.csv` and `game_summary.csv` of `board` in `dir`, re-checked (see the module's comment).
pub fn read_game(board: &Board, dir: &Path) -> Result<Game> {
    let path = dir.join("game.csv");
    let mut game = Game {
        start: 0,
        stabiliser: 1,
        levels: Vec::new(),
        complete_games: 0,
        winning_games: Vec::new(),
        shortest_dead_end: None,
        fewest: Vec::new(),
    };
    for (i, r) in read_rows(&path, &GAME.header())?.iter().enumerate() {
        game.levels.push(game_level(&path, i + 2, r)?);
    }
    read_finishes(board, dir, &mut game)?;
    ensure!(game.start < board.holes(), "{}: start outside the board", dir.display());
    let s = game.stabiliser as u64;
    for (d, l) in game.levels.iter().enumerate() {
        let ok = l.jumps == d
            && l.pegs + d + 1 == board.holes()
            && l.reachable_orbits <= l.reachable
            && l.reachable <= l.reachable_orbits * s
            && l.winnable <= l.reachable
            && l.winnable_to_start <= l.winnable
            && l.dead_ends <= l.reachable;
        ensure!(ok, "{}: row {} is inconsistent", path.display(), d + 2);
    }
    let to_start: Vec<u64> = game.levels.iter().map(|l| l.winnable_to_start).collect();
    if game.winning_to_start() > 0 {
        let mut mirrored = to_start.clone();
        mirrored.resize(board.holes() - 1, 0);
        let reversed: Vec<u64> = mirrored.iter().rev().copied().collect();
        ensure!(
            mirrored == reversed,
            "{}: winnable_to_start_hole is not a palindrome (duality)",
            path.display()
        );
    }
    let plain = plain_levels(
        board,
        &[board.start(game.start)],
        RECHECKED_JUMPS.min(game.levels.len() - 1),
    );
    for (d, level) in plain.iter().enumerate() {
        ensure!(
            game.levels[d].reachable == level.len() as u64,
            "{}: {} positions after {d} jumps, a plain search finds {}",
            path.display(),
            game.levels[d].reachable,
            level.len()
        );
    }
    Ok(game)
}

/// A play in `format_play`'s notation, on `board` (the jumped hole is implied by the two ends).
fn parse_board_play(board: &Board, text: &str) -> Result<Vec<Jump>> {
    parse_play_on(board.jumps(), &format!("board {}", board.name()), text)
}

/// The cell of `r` in the column `name` of `header`; empty when the column is left out.
fn field<'r>(header: &[&str], r: &'r csv::StringRecord, name: &str) -> &'r str {
    header.iter().position(|h| *h == name).map_or("", |c| &r[c])
}

/// One row of `problems.csv`, its play replayed: it must leave one peg in the row's finish in
/// `min_moves` moves, or in `min_moves_upper_bound` where the minimum is not proven, never in fewer
/// than `min_moves_lower_bound`.
fn problem_row(
    board: &Board,
    moves: &BoardMoves,
    path: &Path,
    line: usize,
    header: &[&str],
    r: &csv::StringRecord,
) -> Result<BoardProblem> {
    let cell = |name: &str| field(header, r, name);
    let at = |c: &str| format!("{}: row {line}, {c}", path.display());
    let hole = |c: &str| -> Result<usize> {
        let h: usize = number(path, line, c, cell(c))?;
        ensure!(
            (1..=board.holes()).contains(&h),
            "{} {h} is not a hole of {}",
            at(c),
            board.name()
        );
        Ok(h - 1)
    };
    let flag = |c: &str| -> Result<bool> {
        cell(c)
            .parse()
            .map_err(|_| anyhow::anyhow!("{} {:?} is not true or false", at(c), cell(c)))
    };
    let opt = |c: &str| -> Result<Option<u32>> {
        (!cell(c).is_empty())
            .then(|| number(path, line, c, cell(c)))
            .transpose()
    };
    let (start, finish) = (hole("start")?, hole("finish")?);
    let row = BoardProblem {
        start,
        finish,
        class_allows: flag("passes_class_test")?,
        solvable: flag("solvable")?,
        min_moves: opt("min_moves")?,
        min_moves_lower_bound: opt("min_moves_lower_bound")?,
        min_moves_upper_bound: opt("min_moves_upper_bound")?,
        play: if cell("play").is_empty() {
            Vec::new()
        } else {
            parse_board_play(board, cell("play")).with_context(|| at("play"))?
        },
    };
    ensure!(
        row.class_allows == board.class_test(start, finish),
        "{} says {} where the class test says {}",
        at("passes_class_test"),
        row.class_allows,
        !row.class_allows
    );
    ensure!(
        row.solvable || row.play.is_empty(),
        "{}: an unsolvable problem with a play",
        at("play")
    );
    if row.solvable {
        let replayed = min_moves::replay(moves, board.start(start), &row.play);
        ensure!(
            replayed.is_some_and(|(f, _)| f == finish),
            "{}: the play does not leave one peg in hole {}",
            at("play"),
            finish + 1
        );
        let played = replayed.map_or(0, |r| r.1);
        let bound = row.min_moves.or(row.min_moves_upper_bound);
        ensure!(
            bound == Some(played) && row.min_moves_lower_bound.is_none_or(|b| b <= played),
            "{}: the play takes {played} moves, against min_moves {:?}, min_moves_upper_bound {:?} and the \
             lower bound {:?}",
            at("play"),
            row.min_moves,
            row.min_moves_upper_bound,
            row.min_moves_lower_bound
        );
    }
    ensure!(
        row.min_moves.is_none() || row.min_moves_upper_bound.is_none(),
        "{}: both min_moves and min_moves_upper_bound",
        at("min_moves_upper_bound")
    );
    Ok(row)
}

/// `problems.csv` of `board` in `dir`, re-checked: every row's class test recomputed and its play
/// replayed (the upper bound of its fewest moves; the lower bound is the search's and not re-run),
/// the rows sorted by (start, finish), and the table closed under the board's symmetries and
/// under duality (a play from s to f reversed and complemented goes from f to s).
pub fn read_problems(board: &Board, dir: &Path) -> Result<(Vec<BoardProblem>, Vec<Option<String>>)> {
    let path = dir.join("problems.csv");
    // The optional columns (min_moves where none is proven, min_moves_upper_bound where all
    // are) may be left out.
    let headers = PROBLEMS.accepted_headers();
    let (which, rows) = read_rows_of(&path, &headers.iter().map(Vec::as_slice).collect::<Vec<_>>())?;
    let header = &headers[which];
    let moves = BoardMoves::new(board);
    let problems: Vec<BoardProblem> = rows
        .iter()
        .enumerate()
        .map(|(i, r)| problem_row(board, &moves, &path, i + 2, header, r))
        .collect::<Result<_>>()?;
    let proof_column = header
        .iter()
        .position(|h| *h == crate::output::glossary::min_moves_proof.name)
        .expect("a required column");
    let proofs: Vec<Option<String>> = rows
        .iter()
        .map(|r| (!r[proof_column].is_empty()).then(|| r[proof_column].to_string()))
        .collect();
    for ((p, proof), line) in problems.iter().zip(&proofs).zip(2..) {
        // The proof names balls whose radii add up to the fewest moves (met) or to one less
        // than the bound (not met).
        let parsed = proof.as_deref().map(MinMoves::parse_proof);
        let consistent = match (p.solvable, parsed) {
            (false, None) => true,
            (true, Some(Some((radii, true, None)))) => p.min_moves == Some(radii.reach()),
            (true, Some(Some((radii, false, Some(bound))))) => {
                bound == radii.reach() + 1 && p.min_moves_lower_bound == Some(bound)
            }
            _ => false,
        };
        ensure!(
            consistent,
            "{}: row {line}, min_moves_proof {:?} does not prove the row's fewest moves",
            path.display(),
            proof
        );
    }
    ensure!(
        problems
            .windows(2)
            .all(|w| (w[0].start, w[0].finish) < (w[1].start, w[1].finish)),
        "{}: rows not sorted by (start, finish)",
        path.display()
    );
    let find = |s: usize, f: usize| problems.iter().find(|p| (p.start, p.finish) == (s, f));
    for p in &problems {
        for g in board.symmetries() {
            let image = find(g.map[p.start] as usize, g.map[p.finish] as usize);
            ensure!(
                image.is_some_and(|q| q.solvable == p.solvable && q.min_moves == p.min_moves),
                "{}: the problem ({}, {}) and its image under a symmetry differ",
                path.display(),
                p.start + 1,
                p.finish + 1
            );
        }
        let dual = find(p.finish, p.start);
        ensure!(
            dual.is_some_and(|q| q.solvable == p.solvable),
            "{}: ({}, {}) and its dual ({}, {}) differ in solvability",
            path.display(),
            p.start + 1,
            p.finish + 1,
            p.finish + 1,
            p.start + 1
        );
    }
    Ok((problems, proofs))
}

/// Reads back what `dir` holds of a board: the union's levels and the game, each when present.
pub fn read(board: &Board, dir: &Path) -> Result<(Vec<LevelRow>, Option<Game>)> {
    let levels = if dir.join("levels.csv").is_file() {
        read_levels(board, dir).context("reading back the union")?
    } else {
        Vec::new()
    };
    let game = if dir.join("game.csv").is_file() {
        Some(read_game(board, dir).context("reading back the game")?)
    } else {
        None
    };
    Ok((levels, game))
}

#[cfg(test)]
mod tests {
    use super::super::BoardStudy;
    use super::*;
    use crate::engine::progress::Counters;
    use crate::output::export::Area;

    /// A computed study's data files written to a scratch directory, as `reproduce` writes them.
    fn written(s: &BoardStudy, tag: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("statespace-board-saved-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        for f in s
            .export(&s.claims())
            .unwrap()
            .files
            .iter()
            .filter(|f| f.area == Area::Data)
        {
            std::fs::write(dir.join(&f.name), &f.bytes).unwrap();
        }
        dir
    }

    #[test]
    fn a_board_read_back_is_what_was_computed() {
        let s = BoardStudy::compute(Board::named("triangle-5").unwrap(), &Counters::default()).unwrap();
        let dir = written(&s, "same");
        let (levels, game) = read(&s.board, &dir).unwrap();
        assert_eq!(levels, s.levels);
        assert_eq!(game, s.game);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_changed_count_is_refused() {
        let s = BoardStudy::compute(Board::named("triangle-5").unwrap(), &Counters::default()).unwrap();
        let dir = written(&s, "changed");
        // One more reachable (and dead) position with 13 pegs: the plain search disagrees.
        let levels = std::fs::read_to_string(dir.join("levels.csv")).unwrap();
        let row = s.levels.iter().find(|l| l.pegs == 13).unwrap();
        let (old, new) = (
            format!("13,{},{},{}", row.reachable, row.winnable, row.reachable - row.winnable),
            format!(
                "13,{},{},{}",
                row.reachable + 1,
                row.winnable,
                row.reachable - row.winnable + 1
            ),
        );
        assert!(levels.contains(&old), "{levels}");
        std::fs::write(dir.join("levels.csv"), levels.replace(&old, &new)).unwrap();
        let err = read_levels(&s.board, &dir).unwrap_err().to_string();
        assert!(err.contains("plain search"), "{err}");
        // A winnable count off by one: the duality certificate fails.
        let row = s.levels.iter().find(|l| l.pegs == 5).unwrap();
        let old = format!("5,{},{},{}", row.reachable, row.winnable, row.reachable - row.winnable);
        let new = format!(
            "5,{},{},{}",
            row.reachable,
            row.winnable - 1,
            row.reachable - row.winnable + 1
        );
        std::fs::write(dir.join("levels.csv"), levels.replace(&old, &new)).unwrap();
        let err = read_levels(&s.board, &dir).unwrap_err().to_string();
        assert!(err.contains("duality"), "{err}");
        // The game's complete games changed: the file still reads (no certificate for that
        // total), but a level's count changed is refused.
        let game = std::fs::read_to_string(dir.join("game.csv")).unwrap();
        let l = &s.game.as_ref().unwrap().levels[2];
        let old = format!("2,{},{},", l.pegs, l.reachable);
        assert!(game.contains(&old), "{game}");
        let new = format!("2,{},{},", l.pegs, l.reachable + 1);
        std::fs::write(dir.join("game.csv"), game.replace(&old, &new)).unwrap();
        assert!(read_game(&s.board, &dir).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Problems whose balls do not meet (radii too small on purpose) carry a play and its moves
    /// as the upper bound; the table leaves out the empty min_moves column, reads back the same,
    /// and a play one move off its stated bound is refused.
    #[test]
    fn problems_past_the_balls_read_back_with_their_plays() {
        use crate::studies::peg::fewest::Radii;
        use crate::studies::peg_board::problems::problems_by_search;
        use crate::studies::peg_board::tables::problems_table;
        let board = Board::named("triangle-6").unwrap();
        let radii = Radii {
            forward: 1,
            backward: 1,
        };
        let p = problems_by_search(&board, radii, &Counters::default()).unwrap();
        assert!(p.rows.iter().any(|r| r.solvable));
        for r in p.rows.iter().filter(|r| r.solvable) {
            assert_eq!(r.min_moves, None);
            assert_eq!(r.min_moves_lower_bound, Some(3));
            assert!(r.min_moves_upper_bound.is_some_and(|u| u >= 3) && !r.play.is_empty());
        }
        let dir = std::env::temp_dir().join(format!("statespace-board-problems-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let text = String::from_utf8(crate::output::table::to_csv(&problems_table(&p))).unwrap();
        assert!(
            text.starts_with("start,finish,passes_class_test,solvable,min_moves_lower_bound,min_moves_upper_bound,")
        );
        std::fs::write(dir.join("problems.csv"), &text).unwrap();
        let (rows, proofs) = read_problems(&board, &dir).unwrap();
        assert_eq!((rows, proofs), (p.rows.clone(), p.proofs.clone()));
        let r = p.rows.iter().find(|r| r.solvable).unwrap();
        let bound = r.min_moves_upper_bound.unwrap();
        let row_start = format!("\n{},{},true,true,3.0,{bound}.0,", r.start + 1, r.finish + 1);
        assert!(text.contains(&row_start), "{text}");
        let changed = text.replacen(
            &row_start,
            &format!("\n{},{},true,true,3.0,{}.0,", r.start + 1, r.finish + 1, bound + 1),
            1,
        );
        std::fs::write(dir.join("problems.csv"), changed).unwrap();
        let err = read_problems(&board, &dir).unwrap_err().to_string();
        assert!(err.contains("the play takes"), "{err}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
