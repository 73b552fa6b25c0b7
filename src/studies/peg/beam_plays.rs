//! Plays with few moves on the triangles past exhaustive search (OEIS A127500's open sides 11 and
//! 12, and sides 9 and 10 where its values check the method): per start orbit, a beam search over
//! moves (a move: a chain of jumps by one peg), each level the positions one move further, kept
//! one per symmetry orbit and pruned by the position-class test, the `width` most advanced kept.
//! A play found is an upper bound on the fewest moves, never a proof; every play is replayed
//! before it is written or read back. [`play_between`] aims the same beams at one finish (any
//! board's problems past exhaustive search use it).

use crate::engine::beam;
use crate::engine::runtime::progress::{Counters, Reporter};
use crate::output::export::{Area, Export, OutDirs};
use crate::output::glossary;
use crate::output::schema::Kind::{Integer, String as Text};
use crate::output::schema::{col, Schema};
use crate::output::Table;
use crate::puzzles::board::WideBoard;
use crate::studies::Task;
use anyhow::{ensure, Context, Result};
use rayon::prelude::*;
use std::sync::Arc;

/// The sides this search takes: past the exact search, within a 128-bit position.
pub const SIDES: std::ops::RangeInclusive<usize> = 4..=15;

/// One move: the cells its peg visits (0-based; its first cell, then each landing).
pub type Move = Vec<u8>;

/// The best play found from one start orbit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayRow {
    /// The orbit's first hole (0-based).
    pub start: usize,
    /// Holes in the start's orbit (they have the same best play, moved by the symmetry).
    pub orbit_size: usize,
    /// Where the last peg ends (0-based).
    pub finish: usize,
    pub moves: Vec<Move>,
    /// The search that found it.
    pub search: Search,
    /// The beam's width that found it.
    pub width: usize,
}

impl PlayRow {
    pub fn move_count(&self) -> usize {
        self.moves.len()
    }
    pub fn jump_count(&self) -> usize {
        self.moves.iter().map(|m| m.len() - 1).sum()
    }
}

/// A play's text: each move as its cells (1-based) joined by `-`, moves joined by ` | ` (the
/// notation of the problem tables).
pub fn play_text(moves: &[Move]) -> String {
    moves
        .iter()
        .map(|m| m.iter().map(|c| (c + 1).to_string()).collect::<Vec<_>>().join("-"))
        .collect::<Vec<_>>()
        .join(" | ")
}

/// The moves of a play's text ([`play_text`]), 0-based.
pub fn parse_play(text: &str) -> Result<Vec<Move>> {
    text.split(" | ")
        .map(|m| {
            m.split('-')
                .map(|c| match c.trim().parse::<u8>() {
                    Ok(c) if c >= 1 => Ok(c - 1),
                    _ => anyhow::bail!("play {text:?}: {c:?} is not a hole number"),
                })
                .collect::<Result<Move>>()
        })
        .collect()
}

/// Plays `moves` from the vacancy `start` and returns where the last peg ends; an error names
/// the first illegal jump, a move of no jump, or a play that leaves more than one peg.
pub fn replay(board: &WideBoard, start: usize, moves: &[Move]) -> Result<usize> {
    ensure!(start < board.holes(), "start hole {} is off the board", start + 1);
    let mut pegs = board.start(start);
    for (i, m) in moves.iter().enumerate() {
        ensure!(m.len() >= 2, "move {} has no jump", i + 1);
        for w in m.windows(2) {
            pegs = board
                .jump(pegs, w[0] as usize, w[1] as usize)
                .with_context(|| format!("move {}: no legal jump {}-{}", i + 1, w[0] + 1, w[1] + 1))?;
        }
    }
    ensure!(pegs.count_ones() == 1, "the play leaves {} pegs", pegs.count_ones());
    Ok(pegs.trailing_zeros() as usize)
}

/// A state of the search: the pegs, the hole of the peg that moved last (a jump by it continues
/// its move; `NONE` before the first), and the moves made. Kept as its symmetry orbit's smallest
/// (pegs, last) image.
type State = (u128, u8, u8);

const NONE: u8 = u8::MAX;

/// Which way a search runs: forward from a single vacancy to any single peg, or backward from a
/// single peg (jumps undone) to any single vacancy. A move's reversal is a move, but the fewest
/// moves of a problem and of its reversal can differ, and so do the beams: both are searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Direction {
    Forward,
    Backward,
}

impl Direction {
    /// Calls `f(from, over, to, after)` for each step from `pegs`: a jump, or a jump undone (the
    /// peg on `from` goes back over `over` to `to`, and the peg it removed returns).
    fn steps(self, board: &WideBoard, pegs: u128, f: impl FnMut(usize, usize, usize, u128)) {
        match self {
            Direction::Forward => board.jumps(pegs, f),
            Direction::Backward => board.unjumps(pegs, f),
        }
    }
}

/// How a beam ranks the states of a level (all with as many pegs; smaller is better).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Ranking {
    /// Fewest moves, then fewest stranded pegs (those only a move of their own can clear; backward,
    /// the holes, their mirror image).
    MovesFirst,
    /// Fewest moves counted twice plus stranded pegs (each needs a move of its own, so the sum
    /// estimates the play's length), then fewest stranded pegs.
    Estimate,
}

/// One beam search: its direction and its ranking. On sides 8 to 10 neither ranking nor
/// direction found the shortest plays for every start, so every start runs them all.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Search {
    pub direction: Direction,
    pub ranking: Ranking,
}

impl Search {
    pub const ALL: [Search; 3] = [
        Search {
            direction: Direction::Forward,
            ranking: Ranking::MovesFirst,
        },
        Search {
            direction: Direction::Forward,
            ranking: Ranking::Estimate,
        },
        Search {
            direction: Direction::Backward,
            ranking: Ranking::Estimate,
        },
    ];

    pub fn name(self) -> &'static str {
        match (self.direction, self.ranking) {
            (Direction::Forward, Ranking::MovesFirst) => "forward, fewest moves first",
            (Direction::Forward, Ranking::Estimate) => "forward, moves and stranded pegs",
            (Direction::Backward, Ranking::MovesFirst) => "backward, fewest moves first",
            (Direction::Backward, Ranking::Estimate) => "backward, moves and stranded holes",
        }
    }

    pub fn from_name(name: &str) -> Option<Search> {
        let all = [Direction::Forward, Direction::Backward]
            .into_iter()
            .flat_map(|direction| {
                [Ranking::MovesFirst, Ranking::Estimate].map(|ranking| Search { direction, ranking })
            });
        all.into_iter().find(|s| s.name() == name)
    }

    fn score(self, board: &WideBoard, (pegs, _, moves): State) -> (u32, u32) {
        let stranded = match self.direction {
            Direction::Forward => board.stranded(pegs),
            Direction::Backward => board.stranded(!pegs & board.full()),
        };
        match self.ranking {
            Ranking::MovesFirst => (u32::from(moves), stranded),
            Ranking::Estimate => (2 * u32::from(moves) + stranded, stranded),
        }
    }
}

/// The smallest image of (pegs, last) under the symmetries numbered `group`.
fn canonical(board: &WideBoard, group: &[usize], pegs: u128, last: u8, moves: u8) -> State {
    group
        .iter()
        .map(|&g| {
            let l = if last == NONE {
                NONE
            } else {
                board.symmetries()[g].map[last as usize]
            };
            (board.image(g, pegs), l, moves)
        })
        .min()
        .unwrap_or((pegs, last, moves))
}

/// The states one step from `s`, each canonical under `group`: a step flips three cells, so its
/// images are the parent's with those cells' images flipped.
fn children(
    board: &WideBoard,
    group: &[usize],
    direction: Direction,
    (pegs, last, moves): State,
) -> Vec<(State, State)> {
    let images: Vec<(&[u8], u128)> = group
        .iter()
        .map(|&g| (&board.symmetries()[g].map[..], board.image(g, pegs)))
        .collect();
    let mut out = Vec::new();
    direction.steps(board, pegs, |from, over, to, _| {
        let m = moves + u8::from(from != last as usize);
        let child = images
            .iter()
            .map(|&(map, image)| {
                let flip = 1u128 << map[from] | 1u128 << map[over] | 1u128 << map[to];
                (image ^ flip, map[to], m)
            })
            .min()
            .expect("the identity");
        out.push((child, child));
    });
    out
}

/// The best play the beam finds from `origin` (forward: the vacancy; backward: the last peg),
/// or `None`: a beam over steps (every state of a level has as many pegs), the fewest moves kept.
pub fn search(board: &WideBoard, how: Search, origin: usize, width: usize) -> Option<PlayRow> {
    let group: Vec<usize> = (0..board.symmetries().len()).collect();
    let (start, finish, moves) = beam_play(board, &group, how, origin, None, width)?;
    Some(normalised(board, start, finish, &moves, how, width))
}

/// A play from the single vacancy `start` leaving one peg in `finish`, as few moves as the beam of
/// `width` finds, the best of the searches of [`Search::ALL`] (forward from the start, backward
/// from the finish), replayed; `None` when no beam reaches. Positions are kept up to the
/// symmetries that fix the hole the search aims at.
pub fn play_between(board: &WideBoard, start: usize, finish: usize, width: usize) -> Option<Vec<Move>> {
    let fixing = |hole: usize| -> Vec<usize> {
        (0..board.symmetries().len())
            .filter(|&g| board.symmetries()[g].map[hole] as usize == hole)
            .collect()
    };
    let best = Search::ALL
        .iter()
        .filter_map(|&how| {
            let (origin, target) = match how.direction {
                Direction::Forward => (start, finish),
                Direction::Backward => (finish, start),
            };
            beam_play(board, &fixing(target), how, origin, Some(target), width).map(|(_, _, moves)| moves)
        })
        .min_by_key(|moves| moves.len())?;
    (replay(board, start, &best).ok() == Some(finish)).then_some(best)
}

/// The beam of [`search`] over the symmetries numbered `group`, from `origin`, ending on any
/// single peg (forward) or single vacancy (backward), or on `target` alone (then `group` must fix
/// it): the play's (start, finish, moves).
fn beam_play(
    board: &WideBoard,
    group: &[usize],
    how: Search,
    origin: usize,
    target: Option<usize>,
    width: usize,
) -> Option<(usize, usize, Vec<Move>)> {
    let direction = how.direction;
    let ends = |h: usize| match direction {
        Direction::Forward => 1u128 << h,
        Direction::Backward => board.start(h),
    };
    let first = match direction {
        Direction::Forward => board.start(origin),
        Direction::Backward => 1u128 << origin,
    };
    let goal_pegs = ends(0).count_ones();
    let goals: Vec<u128> = target.map_or_else(|| (0..board.holes()).map(ends).collect(), |t| vec![ends(t)]);
    let goal_classes: Vec<u64> = goals.iter().map(|&g| board.class(g)).collect();
    let states = beam::search(
        canonical(board, group, first, NONE, 0),
        |s| children(board, group, direction, s),
        |s| s.0.count_ones() == goal_pegs && (target.is_none() || goals.contains(&s.0)),
        |s| goal_classes.contains(&board.class(s.0)),
        |s| how.score(board, s),
        width,
        board.holes(),
    )?;
    // The beam's states are orbit representatives: follow them with actual positions.
    let mut pegs = first;
    let mut steps: Vec<(u8, u8)> = Vec::with_capacity(states.len());
    for &next in &states {
        let mut found = None;
        direction.steps(board, pegs, |from, _, to, after| {
            if found.is_none() && canonical(board, group, after, to as u8, next.2) == next {
                found = Some((from as u8, to as u8, after));
            }
        });
        let (from, to, after) = found?;
        steps.push((from, to));
        pegs = after;
    }
    let (start, finish, jumps) = match direction {
        Direction::Forward => (origin, pegs.trailing_zeros() as usize, steps),
        Direction::Backward => {
            let vacancy = (!pegs & board.full()).trailing_zeros() as usize;
            (vacancy, origin, steps.iter().rev().map(|&(a, b)| (b, a)).collect())
        }
    };
    Some((start, finish, group_moves(&jumps)))
}

/// The play moved by the symmetry that takes its start to the first hole of the start's orbit.
fn normalised(board: &WideBoard, start: usize, finish: usize, moves: &[Move], search: Search, width: usize) -> PlayRow {
    let orbits = board.hole_orbits();
    let orbit = orbits
        .iter()
        .find(|o| o.contains(&start))
        .expect("every hole has an orbit");
    let map = &board
        .symmetries()
        .iter()
        .find(|s| s.map[start] as usize == orbit[0])
        .expect("a symmetry onto the orbit's first hole")
        .map;
    PlayRow {
        start: orbit[0],
        orbit_size: orbit.len(),
        finish: map[finish] as usize,
        moves: moves
            .iter()
            .map(|m| m.iter().map(|&c| map[c as usize]).collect())
            .collect(),
        search,
        width,
    }
}

/// Jumps (from, to) grouped into moves: a jump from where the last one landed continues it.
fn group_moves(jumps: &[(u8, u8)]) -> Vec<Move> {
    let mut moves: Vec<Move> = Vec::new();
    for &(from, to) in jumps {
        match moves.last_mut() {
            Some(m) if *m.last().expect("a cell") == from => m.push(to),
            _ => moves.push(vec![from, to]),
        }
    }
    moves
}

/// The best play per start orbit of the triangle of side `side`, in parallel over the orbits;
/// each finished orbit counts one on `counters`.
pub fn best_plays(side: usize, width: usize, counters: &Counters) -> Result<Vec<PlayRow>> {
    ensure!(
        SIDES.contains(&side),
        "side {side}: the beam search takes sides {} to {}",
        SIDES.start(),
        SIDES.end()
    );
    let board = WideBoard::triangle(side)?;
    let origins: Vec<(Search, usize)> = board
        .hole_orbits()
        .iter()
        .flat_map(|o| Search::ALL.map(|how| (how, o[0])))
        .collect();
    counters.set_stage(
        format!("beams of {width}, each search from each orbit"),
        origins.len() as u64,
    );
    let found: Vec<Option<PlayRow>> = origins
        .par_iter()
        .map(|&(how, origin)| {
            let row = search(&board, how, origin, width);
            counters.add_expanded(1);
            row
        })
        .collect();
    // Per start orbit, the play of fewest moves (then forward first, then the smaller play).
    let mut rows: Vec<PlayRow> = Vec::new();
    for row in found.into_iter().flatten() {
        let key = |r: &PlayRow| (r.move_count(), r.search, r.moves.clone());
        match rows.iter_mut().find(|r| r.start == row.start) {
            Some(r) if key(&row) < key(r) => *r = row,
            Some(_) => {}
            None => rows.push(row),
        }
    }
    rows.sort_by_key(|r| r.start);
    for r in &rows {
        let finish = replay(&board, r.start, &r.moves)?;
        ensure!(finish == r.finish, "start {}: the replay ends elsewhere", r.start + 1);
    }
    Ok(rows)
}

/// `plays.csv` of a triangle side: the best play found per start orbit.
pub static PLAYS: Schema = Schema {
    pattern: "peg/T*/plays.csv",
    description: "Plays with few moves on the triangle of this side, by beam search (statespace peg --side N \
        --few-moves): per start orbit under the triangle's symmetries, the play with the fewest moves found from its \
        first hole to any single peg. Each is an upper bound on that start's fewest moves, replayed before it is \
        written and when read back; not proven minimal.",
    columns: &[
        col(
            glossary::start,
            Integer,
            "the first hole of the start orbit (1-based, row by row from the apex)",
        ),
        col(
            glossary::start_orbit_size,
            Integer,
            "holes in the start's orbit under the triangle's symmetries",
        ),
        col(glossary::finish, Integer, "the hole the last peg ends on (1-based)"),
        col(glossary::moves_upper_bound, Integer, "moves of the play"),
        col(glossary::jumps, Integer, "jumps of the play (holes minus 2)"),
        col(
            glossary::search,
            Text,
            "the beam that found the play: forward from the start or backward from the finish, and how it ranked \
            states",
        ),
        col(
            glossary::beam_width,
            Integer,
            "states the beam kept per step (per jump)",
        ),
        col(
            glossary::play,
            Text,
            "the play: '|' between moves, '-' between the holes a peg visits",
        ),
    ],
    primary_key: &[glossary::start],
    source: "Computed by statespace (beam search over moves, issue 40)",
};

/// The rows of `plays.csv`, sorted by start.
pub fn plays_table(rows: &[PlayRow]) -> Table {
    let mut t = PLAYS.table();
    let mut rows = rows.to_vec();
    rows.sort_by_key(|r| r.start);
    for r in rows {
        t.push(vec![
            (r.start + 1).into(),
            r.orbit_size.into(),
            (r.finish + 1).into(),
            r.move_count().into(),
            r.jump_count().into(),
            r.search.name().into(),
            r.width.into(),
            play_text(&r.moves).into(),
        ]);
    }
    t
}

/// The plays of one side, read back from its `plays.csv` (an earlier `peg --few-moves` run).
#[derive(Clone, Debug)]
pub struct SidePlays {
    pub side: usize,
    pub rows: Vec<PlayRow>,
}

impl SidePlays {
    /// The fewest moves of its plays.
    pub fn best(&self) -> Option<usize> {
        self.rows.iter().map(PlayRow::move_count).min()
    }
}

/// Reads back `plays.csv` of side `side` and re-checks every row: its start is the first hole of
/// an orbit (once), its play replays to one peg on its finish, its counts are the play's.
pub fn read_back(side: usize, path: &std::path::Path) -> Result<SidePlays> {
    use crate::studies::read_back::{number, read_rows};
    let board = WideBoard::triangle(side)?;
    let orbits = board.hole_orbits();
    let mut rows: Vec<PlayRow> = Vec::new();
    for (i, r) in read_rows(path, &PLAYS.header())?.iter().enumerate() {
        let line = i + 2;
        let at = |c: usize| r.get(c).unwrap_or("");
        let n = |c: usize| number::<usize>(path, line, PLAYS.header()[c], at(c));
        let (start, orbit_size, finish, moves, jumps, width) = (n(0)?, n(1)?, n(2)?, n(3)?, n(4)?, n(6)?);
        let search =
            Search::from_name(at(5)).with_context(|| format!("{}, row {line}: search {:?}", path.display(), at(5)))?;
        let what = || format!("{}, row {line}", path.display());
        let orbit = orbits
            .iter()
            .find(|o| o[0] + 1 == start)
            .with_context(|| format!("{}: start {start} is not the first hole of an orbit", what()))?;
        ensure!(
            orbit.len() == orbit_size,
            "{}: the start's orbit has {} holes",
            what(),
            orbit.len()
        );
        ensure!(
            rows.iter().all(|x| x.start + 1 != start),
            "{}: start {start} twice",
            what()
        );
        let play = parse_play(at(7)).with_context(what)?;
        let end = replay(&board, start - 1, &play).with_context(what)?;
        let row = PlayRow {
            start: start - 1,
            orbit_size,
            finish: end,
            moves: play,
            search,
            width,
        };
        ensure!(
            end + 1 == finish && row.move_count() == moves && row.jump_count() == jumps,
            "{}: the play ends on {} in {} moves and {} jumps, not as the row says",
            what(),
            end + 1,
            row.move_count(),
            row.jump_count()
        );
        rows.push(row);
    }
    Ok(SidePlays { side, rows })
}

/// `statespace peg --side N --few-moves`: the beam's best plays of one side.
pub struct PlaysTask {
    pub side: usize,
    pub width: usize,
}

impl Task for PlaysTask {
    type Results = Vec<PlayRow>;

    fn compute(&self) -> Result<Vec<PlayRow>> {
        let counters = Arc::new(Counters::default());
        let _progress = Reporter::start(format!("peg T{} few moves", self.side), counters.clone());
        best_plays(self.side, self.width, &counters)
    }

    fn export(&self, rows: &Vec<PlayRow>) -> Result<Export> {
        let mut files = Export::default();
        files.table(Area::Data, "", "plays.csv", &plays_table(rows));
        Ok(files)
    }

    fn summary(&self, rows: &Vec<PlayRow>, dirs: Option<&OutDirs>) -> String {
        let best = rows.iter().map(PlayRow::move_count).min();
        let best = best.map_or("no play found".to_string(), |b| format!("fewest moves found {b}"));
        let place = dirs.map_or(String::new(), |d| {
            format!(" -> {}", d.place(Area::Data).join("plays.csv").display())
        });
        format!(
            "peg T{}: {} start orbits, beam width {}: {best}{place}\n",
            self.side,
            rows.len(),
            self.width
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plays_read_back_and_replay() {
        let rows = best_plays(5, 200, &Counters::default()).unwrap();
        assert!(!rows.is_empty());
        let board = WideBoard::triangle(5).unwrap();
        for r in rows {
            let text = play_text(&r.moves);
            assert_eq!(parse_play(&text).unwrap(), r.moves);
            assert_eq!(replay(&board, r.start, &r.moves).unwrap(), r.finish);
            // A127500(5) = 9 moves: no play is shorter.
            assert!(r.move_count() >= 9);
            assert_eq!(r.jump_count(), 13);
        }
        assert!(parse_play("1-x").is_err());
        assert!(parse_play("0-2").is_err());
        assert!(replay(&board, 0, &[vec![0, 2]]).is_err());
    }

    /// With a beam wider than every level, the forward search ranked by moves keeps every (pegs,
    /// last peg, moves) state, so it is exact: the best over the start orbits is OEIS A127500.
    #[test]
    fn a_beam_wider_than_the_levels_is_exact() {
        let published = include_str!("../../../tests/data/peg/A127500.csv");
        for side in [5usize, 6] {
            let a: usize = published
                .lines()
                .find_map(|l| l.strip_prefix(&format!("{side},")))
                .and_then(|v| v.parse().ok())
                .expect("A127500 lists the side");
            let board = WideBoard::triangle(side).unwrap();
            let best = board
                .hole_orbits()
                .iter()
                .filter_map(|o| search(&board, Search::ALL[0], o[0], 1 << 20))
                .map(|r| r.move_count())
                .min();
            assert_eq!(best, Some(a), "side {side}");
        }
    }

    /// Every search, both directions, returns plays that replay from the orbit's first hole, and
    /// names read back.
    #[test]
    fn every_search_replays() {
        let board = WideBoard::triangle(7).unwrap();
        for how in Search::ALL {
            assert_eq!(Search::from_name(how.name()), Some(how));
            for orbit in board.hole_orbits() {
                if let Some(r) = search(&board, how, orbit[0], 500) {
                    assert_eq!(r.search, how);
                    assert!(board.hole_orbits().iter().any(|o| o[0] == r.start));
                    assert_eq!(replay(&board, r.start, &r.moves).unwrap(), r.finish);
                    assert!(r.move_count() >= 12, "A127500(7) = 12");
                }
            }
        }
        assert_eq!(Search::from_name("sideways"), None);
    }
}
