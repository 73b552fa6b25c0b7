//! Lower bounds on the fewest moves of the triangles past exhaustive search (OEIS A127500's open
//! sides 11 and 12), by Merson regions and a search that refutes every shorter play.
//!
//! A Merson region full of pegs is first changed by a move starting inside it
//! ([`crate::puzzles::board::merson`]), and a move starts in one cell: so a position needs at
//! least as many more moves as the fewest cells meeting every full region (a single-cell region
//! on the finish excepted: its peg may stay), found exactly by branch and bound. That is at least
//! the most disjoint full regions (an exact maximum independent set), Bell's counting bound (18
//! on side 11) from the start alone, and more where regions overlap pairwise with no common
//! cell. The search then lists the positions a move at a time (one per orbit under the
//! symmetries fixing the start) and drops each position whose moves made plus regions left reach
//! the bound to prove: every shorter play keeps all its positions (its prefixes are shortest, and
//! its regions never exceed the moves it has left), so when the list runs dry no play is shorter.
//! A play it meets instead is the start's fewest moves, exactly.

use crate::engine::runtime::position_hash::{PositionMap, PositionSet};
use crate::engine::runtime::progress::{Counters, Reporter};
use crate::output::export::{Area, Export, OutDirs};
use crate::output::glossary;
use crate::output::schema::Kind::{Boolean, Integer, String as Text};
use crate::output::schema::{col, Schema};
use crate::output::Table;
use crate::puzzles::board::{merson, WideBoard};
use crate::studies::Task;
use anyhow::{ensure, Context, Result};
use rayon::prelude::*;
use std::sync::Arc;

/// The largest region searched for: the triangles' minimal regions are corners, edge pairs and
/// hexagons of 7 (larger minimal regions would only replace packings of these).
pub const MAX_REGION_CELLS: usize = 7;

/// Positions one start's search may hold, per bound tried, unless told otherwise.
pub const DEFAULT_BUDGET: usize = 20_000_000;

/// The Merson regions of a board (at most 128, smallest first) and which overlap.
pub struct Regions {
    cells: Vec<u128>,
    /// Per region, the other regions sharing a cell with it.
    conflicts: Vec<u128>,
    /// Per cell, the regions holding it.
    holding: Vec<u128>,
}

impl Regions {
    pub fn of(board: &WideBoard) -> Regions {
        let mut cells = merson::minimal_regions(board, MAX_REGION_CELLS);
        cells.truncate(128);
        let conflicts = cells
            .iter()
            .enumerate()
            .map(|(i, &r)| {
                cells
                    .iter()
                    .enumerate()
                    .filter(|&(j, &q)| j != i && q & r != 0)
                    .fold(0u128, |m, (j, _)| m | 1 << j)
            })
            .collect();
        let holding = (0..board.holes())
            .map(|c| {
                cells
                    .iter()
                    .enumerate()
                    .filter(|&(_, &r)| r >> c & 1 == 1)
                    .fold(0u128, |m, (i, _)| m | 1 << i)
            })
            .collect();
        Regions {
            cells,
            conflicts,
            holding,
        }
    }

    pub fn len(&self) -> usize {
        self.cells.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The regions full of pegs on `pegs`, as a set of region indices.
    pub fn full(&self, pegs: u128) -> u128 {
        self.cells
            .iter()
            .enumerate()
            .filter(|&(_, &r)| pegs & r == r)
            .fold(0, |m, (i, _)| m | 1 << i)
    }

    /// The index of the single-cell region on `cell`, if there is one.
    fn single(&self, cell: usize) -> Option<usize> {
        self.cells.iter().position(|&r| r == 1u128 << cell)
    }

    /// The most pairwise disjoint regions of `set`: exact, branching on the region of most
    /// overlaps, and taking at once any region overlapping at most one other (some largest
    /// packing holds it).
    pub fn most_disjoint(&self, mut set: u128) -> u32 {
        let mut taken = 0;
        loop {
            if set == 0 {
                return taken;
            }
            let mut branch = (0usize, 0u32);
            let mut easy = None;
            let mut rest = set;
            while rest != 0 {
                let v = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let degree = (self.conflicts[v] & set).count_ones();
                if degree <= 1 {
                    easy = Some(v);
                    break;
                }
                if degree > branch.1 {
                    branch = (v, degree);
                }
            }
            if let Some(v) = easy {
                taken += 1;
                set &= !(self.conflicts[v] | 1 << v);
                continue;
            }
            let v = branch.0;
            let with = 1 + self.most_disjoint(set & !(self.conflicts[v] | 1 << v));
            let without = self.most_disjoint(set & !(1 << v));
            return taken + with.max(without);
        }
    }

    /// The fewest cells meeting every region of `set`: each full region's first change is a move
    /// starting in it, so the moves' start cells meet them all. At least the most disjoint
    /// regions, and more where regions overlap pairwise with no cell common to all (three
    /// hexagons around a triangle of side 2).
    pub fn fewest_meeting(&self, set: u128) -> u32 {
        let mut best = set.count_ones();
        self.meet(set, 0, &mut best);
        best
    }

    /// Branch and bound for [`Regions::fewest_meeting`]: the region of fewest cells is met by
    /// one of them (a cell whose regions are a subset of another's is skipped), and the most
    /// disjoint regions left bound the cells still needed.
    fn meet(&self, set: u128, used: u32, best: &mut u32) {
        if set == 0 {
            *best = (*best).min(used);
            return;
        }
        if used + self.most_disjoint(set) >= *best {
            return;
        }
        let mut rest = set;
        let mut narrowest = (usize::MAX, u32::MAX);
        while rest != 0 {
            let v = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let size = self.cells[v].count_ones();
            if size < narrowest.1 {
                narrowest = (v, size);
            }
        }
        let mut met: Vec<u128> = Vec::new();
        let mut cells = self.cells[narrowest.0];
        while cells != 0 {
            let c = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            met.push(self.holding[c] & set);
        }
        met.sort_unstable_by_key(|m| std::cmp::Reverse(m.count_ones()));
        for (i, &m) in met.iter().enumerate() {
            let dominated = met.iter().enumerate().any(|(j, &o)| o & m == m && (o != m || j < i));
            if !dominated {
                self.meet(set & !m, used + 1, best);
            }
        }
    }
}

/// The moves a position still needs at least, for one start: its finishes are those passing the
/// class test, and a single-cell region on one of them need not be cleared.
struct MovesLeft<'a> {
    regions: &'a Regions,
    /// One mask of regions to leave out per kind of finish: none (a finish with no region of its
    /// own), or the finish's single-cell region.
    exemptions: Vec<u128>,
    cache: PositionMap<u128, u32>,
}

impl<'a> MovesLeft<'a> {
    fn new(regions: &'a Regions, finishes: &[usize]) -> MovesLeft<'a> {
        let mut exemptions: Vec<u128> = finishes
            .iter()
            .map(|&f| regions.single(f).map_or(0, |i| 1u128 << i))
            .collect();
        exemptions.sort_unstable();
        exemptions.dedup();
        MovesLeft {
            regions,
            exemptions,
            cache: PositionMap::default(),
        }
    }

    fn of(&mut self, pegs: u128) -> u32 {
        if pegs.count_ones() <= 1 {
            return 0;
        }
        let full = self.regions.full(pegs);
        let (regions, exemptions) = (self.regions, &self.exemptions);
        let met = *self
            .cache
            .entry(full)
            .or_insert_with(|| Self::meeting(regions, exemptions, full));
        met.max(1)
    }

    /// The fewest cells meeting the `full` regions, the best exemption taken.
    fn meeting(regions: &Regions, exemptions: &[u128], full: u128) -> u32 {
        exemptions
            .iter()
            .map(|&e| regions.fewest_meeting(full & !e))
            .min()
            .unwrap_or(0)
    }
}

/// What one refutation ended with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refutation {
    /// No play of fewer moves than the bound: the positions the search held.
    Proven { positions: usize },
    /// A play of this many moves (fewer than the bound), the fewest: the search goes a move at a
    /// time and keeps every position of every shorter play.
    Play { moves: usize },
    /// The budget ran out first.
    Budget { positions: usize },
}

/// Every position one move (a chain of jumps by one peg) from `pegs`.
fn one_move(board: &WideBoard, pegs: u128) -> Vec<u128> {
    let mut out = Vec::new();
    // Each jump takes a peg, so the chains end; two chains meeting again are rare and only
    // repeat a child, deduplicated below (a visited list scanned cost a third of the search).
    let mut stack: Vec<(u128, usize)> = Vec::new();
    board.jumps(pegs, |_, _, to, after| stack.push((after, to)));
    while let Some((p, at)) = stack.pop() {
        out.push(p);
        board.jumps(p, |from, _, to, after| {
            if from == at {
                stack.push((after, to));
            }
        });
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// The symmetries of `board` fixing `hole`.
fn stabiliser(board: &WideBoard, hole: usize) -> Vec<usize> {
    (0..board.symmetries().len())
        .filter(|&g| board.symmetries()[g].map[hole] as usize == hole)
        .collect()
}

/// The finishes of `start` that pass the class test.
pub fn finishes(board: &WideBoard, start: usize) -> Vec<usize> {
    let class = board.class(board.start(start));
    (0..board.holes()).filter(|&f| board.class(1 << f) == class).collect()
}

/// The start orbits with a finish passing the class test (the rows of `lower_bounds.csv`).
fn start_orbits(board: &WideBoard) -> Vec<Vec<usize>> {
    let mut orbits = board.hole_orbits();
    orbits.retain(|o| !finishes(board, o[0]).is_empty());
    orbits
}

/// Refutes every play from `start` of fewer than `bound` moves, holding at most `budget`
/// positions.
pub fn refute(board: &WideBoard, regions: &Regions, start: usize, bound: usize, budget: usize) -> Refutation {
    let group = stabiliser(board, start);
    let canonical = |p: u128| group.iter().map(|&g| board.image(g, p)).min().unwrap_or(p);
    let mut left = MovesLeft::new(regions, &finishes(board, start));
    let first = canonical(board.start(start));
    let mut layer = vec![first];
    let mut seen: PositionSet<u128> = PositionSet::default();
    seen.insert(first);
    for depth in 0.. {
        if layer.is_empty() {
            return Refutation::Proven { positions: seen.len() };
        }
        if layer.iter().any(|p| p.count_ones() == 1) {
            return Refutation::Play { moves: depth };
        }
        let mut next = Vec::new();
        for &p in &layer {
            for child in one_move(board, p) {
                let child = canonical(child);
                // Seen first: most children are repeats, and the regions' count costs more.
                if seen.contains(&child) || depth + 1 + left.of(child) as usize >= bound {
                    continue;
                }
                seen.insert(child);
                next.push(child);
            }
            if seen.len() > budget {
                return Refutation::Budget { positions: seen.len() };
            }
        }
        next.sort_unstable();
        layer = next;
    }
    unreachable!("the depth is unbounded")
}

/// One start orbit's lower bound.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StartBound {
    /// The orbit's first hole (0-based).
    pub start: usize,
    pub orbit_size: usize,
    /// Finishes passing the class test.
    pub finishes: usize,
    /// The regions' bound at the start, before any search.
    pub merson_regions: usize,
    /// The proven bound on this start's fewest moves (to any finish).
    pub moves_lower_bound: usize,
    /// Whether the search met a play of `moves_lower_bound` moves: the bound is the fewest.
    pub exact: bool,
    /// Positions the last refutation held (0 where the regions alone prove the bound).
    pub positions: usize,
    /// Positions at which the refutation of one more move ran out of budget (0 when it did not).
    pub budget_out_at: usize,
}

impl StartBound {
    /// How the bound is proven, in words (the `lower_bound_method` column).
    pub fn method(&self) -> String {
        let searched = if self.positions == 0 {
            "Merson regions at the start".to_string()
        } else {
            format!(
                "Merson regions, and a search refuting every play of fewer moves ({} positions)",
                self.positions
            )
        };
        match (self.exact, self.budget_out_at) {
            (true, _) => format!("{searched}; the search met a play of this many moves, so it is the fewest"),
            (false, 0) => searched,
            (false, n) => format!("{searched}; one more move not refuted within {n} positions"),
        }
    }
}

/// The lower bound of one start: the regions' count, then each next bound refuted in turn until
/// a play is met or the budget runs out.
pub fn start_bound(board: &WideBoard, regions: &Regions, orbit: &[usize], budget: usize) -> StartBound {
    let start = orbit[0];
    let finishes = finishes(board, start);
    let merson_regions = MovesLeft::new(regions, &finishes).of(board.start(start)) as usize;
    let mut bound = StartBound {
        start,
        orbit_size: orbit.len(),
        finishes: finishes.len(),
        merson_regions,
        moves_lower_bound: merson_regions,
        exact: false,
        positions: 0,
        budget_out_at: 0,
    };
    // A play has at most holes - 2 moves (one jump each): past that, no play at all.
    while bound.moves_lower_bound < board.holes() - 1 {
        match refute(board, regions, start, bound.moves_lower_bound + 1, budget) {
            Refutation::Proven { positions } => {
                bound.moves_lower_bound += 1;
                bound.positions = positions;
            }
            Refutation::Play { moves } => {
                assert_eq!(moves, bound.moves_lower_bound, "a play shorter than a proven bound");
                bound.exact = true;
                break;
            }
            Refutation::Budget { positions } => {
                bound.budget_out_at = positions;
                break;
            }
        }
    }
    bound
}

/// The lower bounds of every start orbit of the triangle of side `side` with a finish passing
/// the class test, sorted by start.
pub fn side_bounds(side: usize, budget: usize, counters: &Counters) -> Result<Vec<StartBound>> {
    some_bounds(side, budget, None, counters)
}

/// The lower bounds of the start orbits whose first holes (0-based) are `starts`, or of all.
fn some_bounds(side: usize, budget: usize, starts: Option<&[usize]>, counters: &Counters) -> Result<Vec<StartBound>> {
    ensure!(
        super::beam_plays::SIDES.contains(&side),
        "side {side}: the lower bounds take sides {} to {}",
        super::beam_plays::SIDES.start(),
        super::beam_plays::SIDES.end()
    );
    let board = WideBoard::triangle(side)?;
    let regions = Regions::of(&board);
    let mut orbits = start_orbits(&board);
    orbits.retain(|o| starts.is_none_or(|s| s.contains(&o[0])));
    counters.set_stage(
        format!("Merson bounds, each start orbit searched (budget {budget} positions)"),
        orbits.len() as u64,
    );
    let mut rows: Vec<StartBound> = orbits
        .par_iter()
        .map(|o| {
            let row = start_bound(&board, &regions, o, budget);
            counters.add_expanded(1);
            row
        })
        .collect();
    rows.sort_by_key(|r| r.start);
    Ok(rows)
}

/// `lower_bounds.csv` of a triangle side: the proven lower bound on each start orbit's fewest
/// moves.
pub static LOWER_BOUNDS: Schema = Schema {
    pattern: "peg/T*/lower_bounds.csv",
    description: "Proven lower bounds on the fewest moves of the triangle of this side (statespace peg --side N \
        --lower-bounds), per start orbit under the triangle's symmetries, over every finish passing the class test: \
        first the fewest holes meeting every Merson region full at the start (each needs a move starting inside \
        it), then a search over moves that refutes every shorter play, dropping positions whose moves made plus \
        regions left reach the bound. Each row names its search's budget (--starts searches some rows again). \
        The least over the rows bounds OEIS A127500 from below.",
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
        col(
            glossary::class_passing_problems,
            Integer,
            "finishes of this start passing the position-class test (the bound covers them all)",
        ),
        col(
            glossary::merson_regions,
            Integer,
            "the fewest holes meeting every Merson region full at the start (at least the most disjoint such \
            regions), a corner finish's own region left out: the bound before any search",
        ),
        col(
            glossary::min_moves_lower_bound,
            Integer,
            "the proven lower bound on the fewest moves from this start to any single peg",
        ),
        col(
            glossary::exact,
            Boolean,
            "true when the search met a play of min_moves_lower_bound moves (so it is the fewest)",
        ),
        col(
            glossary::positions_searched,
            Integer,
            "positions (one per orbit under the symmetries fixing the start) the last refutation held; 0 where \
            the regions alone prove the bound",
        ),
        col(
            glossary::lower_bound_method,
            Text,
            "how the bound is proven, and where the search for one more move stopped",
        ),
    ],
    primary_key: &[glossary::start],
    source: "Computed by statespace (Merson regions and a refuting search over moves, issue 40)",
};

/// The rows of `lower_bounds.csv`, sorted by start.
pub fn lower_bounds_table(rows: &[StartBound]) -> Table {
    let mut t = LOWER_BOUNDS.table();
    let mut rows = rows.to_vec();
    rows.sort_by_key(|r| r.start);
    for r in rows {
        t.push(vec![
            (r.start + 1).into(),
            r.orbit_size.into(),
            r.finishes.into(),
            r.merson_regions.into(),
            r.moves_lower_bound.into(),
            r.exact.into(),
            r.positions.into(),
            r.method().into(),
        ]);
    }
    t
}

/// The bounds of one side read back from its `lower_bounds.csv`.
#[derive(Clone, Debug)]
pub struct SideBounds {
    pub side: usize,
    pub rows: Vec<StartBound>,
}

impl SideBounds {
    /// The least bound over the start orbits: a lower bound on OEIS A127500 for this side.
    pub fn least(&self) -> Option<usize> {
        self.rows.iter().map(|r| r.moves_lower_bound).min()
    }
}

/// Reads back `lower_bounds.csv` of side `side` and re-checks what is cheap to re-check: one row
/// per start orbit with a finish passing the class test, its orbit size and finishes, the regions'
/// count recomputed, the bound at least that count, and the method's text the row's own.
pub fn read_back(side: usize, path: &std::path::Path) -> Result<SideBounds> {
    use crate::studies::read_back::{number, read_rows};
    let board = WideBoard::triangle(side)?;
    let regions = Regions::of(&board);
    let orbits = board.hole_orbits();
    let header = LOWER_BOUNDS.header();
    let mut rows: Vec<StartBound> = Vec::new();
    for (i, r) in read_rows(path, &header)?.iter().enumerate() {
        let line = i + 2;
        let at = |c: usize| r.get(c).unwrap_or("");
        let n = |c: usize| number::<usize>(path, line, header[c], at(c));
        let what = || format!("{}, row {line}", path.display());
        let start = n(0)?;
        let orbit = orbits
            .iter()
            .find(|o| o[0] + 1 == start)
            .with_context(|| format!("{}: start {start} is not the first hole of an orbit", what()))?;
        let finishes = finishes(&board, start - 1);
        let merson_regions = MovesLeft::new(&regions, &finishes).of(board.start(start - 1)) as usize;
        let exact = match at(5) {
            "true" => true,
            "false" => false,
            other => anyhow::bail!("{}: exact is {other:?}, not true or false", what()),
        };
        let mut row = StartBound {
            start: start - 1,
            orbit_size: orbit.len(),
            finishes: finishes.len(),
            merson_regions,
            moves_lower_bound: n(4)?,
            exact,
            positions: n(6)?,
            budget_out_at: 0,
        };
        ensure!(
            (n(1)?, n(2)?, n(3)?) == (row.orbit_size, row.finishes, row.merson_regions),
            "{}: the orbit has {} holes, {} finishes pass the class test and the regions count {}, not as the row \
            says",
            what(),
            row.orbit_size,
            row.finishes,
            row.merson_regions
        );
        ensure!(
            row.moves_lower_bound >= row.merson_regions
                && (row.positions == 0) == (row.moves_lower_bound == merson_regions),
            "{}: the bound {} and its search's {} positions do not fit the regions' {}",
            what(),
            row.moves_lower_bound,
            row.positions,
            merson_regions
        );
        row.budget_out_at = budget_in(at(7)).unwrap_or(0);
        ensure!(row.method() == at(7), "{}: the method text is not the row's", what());
        ensure!(
            rows.iter().all(|x| x.start != row.start),
            "{}: start {start} twice",
            what()
        );
        rows.push(row);
    }
    let expected = start_orbits(&board).len();
    ensure!(
        rows.len() == expected,
        "{}: {} rows, not one per start orbit with a finish ({expected})",
        path.display(),
        rows.len()
    );
    Ok(SideBounds { side, rows })
}

/// The budget a method text names ("within N positions"), if any.
fn budget_in(method: &str) -> Option<usize> {
    let (_, after) = method.split_once("within ")?;
    after.split(' ').next()?.parse().ok()
}

/// `--starts`: the start orbits to search again (their first holes, 0-based) and the rows of
/// `existing` to keep, read back and checked. Each hole must be an orbit's first with a finish.
pub fn rows_to_keep(side: usize, holes: &[usize], existing: &std::path::Path) -> Result<(Vec<usize>, Vec<StartBound>)> {
    let board = WideBoard::triangle(side)?;
    let firsts: Vec<usize> = start_orbits(&board).iter().map(|o| o[0]).collect();
    let listed = firsts
        .iter()
        .map(|h| (h + 1).to_string())
        .collect::<Vec<_>>()
        .join(", ");
    let mut starts = Vec::new();
    for &hole in holes {
        ensure!(
            hole >= 1 && firsts.contains(&(hole - 1)),
            "--starts {hole}: not the first hole of a start orbit with a finish on side {side} ({listed})"
        );
        starts.push(hole - 1);
    }
    starts.sort_unstable();
    starts.dedup();
    let old = read_back(side, existing).with_context(|| {
        format!(
            "--starts updates the rows of an existing lower_bounds.csv: {} does not read back (run without \
            --starts first)",
            existing.display()
        )
    })?;
    let kept = old.rows.into_iter().filter(|r| !starts.contains(&r.start)).collect();
    Ok((starts, kept))
}

/// `statespace peg --side N --lower-bounds`: the proven lower bounds of one side.
pub struct LowerBoundsTask {
    pub side: usize,
    pub budget: usize,
    /// With `--starts`: the start orbits searched (first holes, 0-based); the others are `kept`.
    pub starts: Option<Vec<usize>>,
    /// Rows of the other start orbits, read back from the file being updated.
    pub kept: Vec<StartBound>,
}

impl Task for LowerBoundsTask {
    type Results = Vec<StartBound>;

    fn compute(&self) -> Result<Vec<StartBound>> {
        let counters = Arc::new(Counters::default());
        let _progress = Reporter::start(format!("peg T{} lower bounds", self.side), counters.clone());
        let mut rows = some_bounds(self.side, self.budget, self.starts.as_deref(), &counters)?;
        rows.extend(self.kept.iter().cloned());
        rows.sort_by_key(|r| r.start);
        Ok(rows)
    }

    fn export(&self, rows: &Vec<StartBound>) -> Result<Export> {
        let mut files = Export::default();
        files.table(Area::Data, "", "lower_bounds.csv", &lower_bounds_table(rows));
        Ok(files)
    }

    fn summary(&self, rows: &Vec<StartBound>, dirs: Option<&OutDirs>) -> String {
        let least = rows.iter().map(|r| r.moves_lower_bound).min();
        let least = least.map_or("no solvable start".to_string(), |b| {
            format!("every play takes at least {b} moves")
        });
        let place = dirs.map_or(String::new(), |d| {
            format!(" -> {}", d.place(Area::Data).join("lower_bounds.csv").display())
        });
        let searched = rows.len() - self.kept.len();
        let kept = match self.kept.len() {
            0 => String::new(),
            n => format!(" ({n} kept from the file)"),
        };
        format!(
            "peg T{}: {searched} of {} start orbits searched{kept}, budget {} positions: {least}{place}\n",
            self.side,
            rows.len(),
            self.budget
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::studies::peg::beam_plays::{self, Search};
    use std::collections::HashMap;

    /// The packing against every subset of a few regions, on a board whose regions overlap
    /// (side 9: three rows of hexagons).
    #[test]
    fn most_disjoint_is_the_largest_packing() {
        let board = WideBoard::triangle(9).unwrap();
        let regions = Regions::of(&board);
        let n = regions.len();
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..200 {
            // A random set of up to 14 regions (xorshift: the test is reproducible).
            let mut set = 0u128;
            for _ in 0..14 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                set |= 1 << (seed as usize % n);
            }
            let members: Vec<usize> = (0..n).filter(|&i| set >> i & 1 == 1).collect();
            let brute = (0u32..1 << members.len())
                .filter_map(|k| {
                    let chosen: Vec<u128> = (0..members.len())
                        .filter(|&j| k >> j & 1 == 1)
                        .map(|j| regions.cells[members[j]])
                        .collect();
                    let cells = chosen.iter().fold(0u128, |m, &r| m | r);
                    let disjoint = chosen.iter().map(|r| r.count_ones()).sum::<u32>() == cells.count_ones();
                    disjoint.then_some(k.count_ones())
                })
                .max()
                .unwrap_or(0);
            assert_eq!(regions.most_disjoint(set), brute, "{members:?}");
        }
    }

    /// The fewest meeting cells against every choice of one cell per region, on sets of up to 6
    /// regions of side 10, half of them hexagons (where the overlaps are); and on three
    /// hexagons around a triangle of side 2 it is 2 where the packing is 1.
    #[test]
    fn fewest_meeting_is_the_smallest_hitting_set() {
        let board = WideBoard::triangle(10).unwrap();
        let regions = Regions::of(&board);
        let hexagons: Vec<usize> = (0..regions.len())
            .filter(|&i| regions.cells[i].count_ones() == 7)
            .collect();
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |below: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed as usize % below
        };
        for round in 0..300 {
            let mut set = 0u128;
            for k in 0..1 + round % 6 {
                set |= 1
                    << if k % 2 == 0 {
                        hexagons[next(hexagons.len())]
                    } else {
                        next(regions.len())
                    };
            }
            let members: Vec<u128> = (0..regions.len())
                .filter(|&i| set >> i & 1 == 1)
                .map(|i| regions.cells[i])
                .collect();
            let mut brute = u32::MAX;
            let mut choice = vec![0usize; members.len()];
            'all: loop {
                let cells = members.iter().zip(&choice).fold(0u128, |m, (&r, &k)| {
                    let mut r = r;
                    (0..k).for_each(|_| r &= r - 1);
                    m | 1 << r.trailing_zeros()
                });
                brute = brute.min(cells.count_ones());
                for (k, &r) in choice.iter_mut().zip(&members) {
                    *k += 1;
                    if *k < r.count_ones() as usize {
                        continue 'all;
                    }
                    *k = 0;
                }
                break;
            }
            assert_eq!(regions.fewest_meeting(set), brute, "{members:?}");
            assert!(regions.most_disjoint(set) <= brute);
        }
        let board = WideBoard::triangle(11).unwrap();
        let regions = Regions::of(&board);
        let at = |r: usize, c: usize| r * (r + 1) / 2 + c;
        let hexagon = |r: usize, c: usize| {
            let around = [
                (r, c),
                (r, c - 1),
                (r, c + 1),
                (r - 1, c - 1),
                (r - 1, c),
                (r + 1, c),
                (r + 1, c + 1),
            ];
            let cells = around.iter().fold(0u128, |m, &(r, c)| m | 1 << at(r, c));
            1u128 << regions.cells.iter().position(|&q| q == cells).unwrap()
        };
        let three = hexagon(4, 2) | hexagon(6, 2) | hexagon(6, 4);
        assert_eq!((regions.most_disjoint(three), regions.fewest_meeting(three)), (1, 2));
    }

    /// Bell's 15-hole catalogue (tests/data/peg/bell_min_moves.csv): per start, the fewest moves
    /// to any finish. The search meets a play at each, so each bound is exact and equal to it.
    #[test]
    fn side_5_bounds_are_bells_fewest_moves() {
        let text = include_str!("../../../tests/data/peg/bell_min_moves.csv");
        let orbits = WideBoard::triangle(5).unwrap().hole_orbits();
        let mut fewest: HashMap<usize, usize> = HashMap::new();
        for line in text.lines().filter(|l| l.starts_with("5,")) {
            let f: Vec<&str> = line.split(',').collect();
            if let Ok(m) = f[3].parse::<usize>() {
                let start: usize = f[1].parse().unwrap();
                let first = orbits.iter().find(|o| o.contains(&(start - 1))).unwrap()[0];
                let e = fewest.entry(first).or_insert(m);
                *e = (*e).min(m);
            }
        }
        let rows = side_bounds(5, 1 << 20, &Counters::default()).unwrap();
        assert_eq!(rows.len(), 4);
        for r in rows {
            assert!(r.exact, "start {}", r.start + 1);
            assert_eq!(
                Some(&r.moves_lower_bound),
                fewest.get(&r.start),
                "start {}",
                r.start + 1
            );
        }
    }

    /// Side 6 against the exact breadth-first search over moves (a beam wider than every level):
    /// the bound is exact and the same; with a budget too small to refute anything it is still
    /// no more than the fewest moves.
    #[test]
    fn side_6_bounds_match_the_exact_search_and_small_budgets_stay_below() {
        let board = WideBoard::triangle(6).unwrap();
        let regions = Regions::of(&board);
        for orbit in board.hole_orbits() {
            let exact = beam_plays::search(&board, Search::ALL[0], orbit[0], 1 << 20).map(|r| r.move_count());
            let bound = start_bound(&board, &regions, &orbit, 1 << 20);
            assert!(bound.exact, "start {}", orbit[0] + 1);
            assert_eq!(Some(bound.moves_lower_bound), exact, "start {}", orbit[0] + 1);
            for budget in [1, 50, 500] {
                let small = start_bound(&board, &regions, &orbit, budget);
                assert!(small.moves_lower_bound <= bound.moves_lower_bound);
                assert!(small.merson_regions <= small.moves_lower_bound);
                assert_eq!(small.exact, small.budget_out_at == 0, "start {}", orbit[0] + 1);
            }
        }
    }

    /// A table written reads back equal; a bound below the regions' count, a wrong method text
    /// or a missing start is refused.
    #[test]
    fn bounds_read_back_and_wrong_rows_are_refused() {
        let rows = side_bounds(6, 300, &Counters::default()).unwrap();
        let dir = std::env::temp_dir().join(format!("statespace-lower-bounds-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("lower_bounds.csv");
        let text = String::from_utf8(crate::output::table::to_csv(&lower_bounds_table(&rows))).unwrap();
        std::fs::write(&path, &text).unwrap();
        assert_eq!(read_back(6, &path).unwrap().rows, rows);
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        let broken: Vec<String> = lines[1]
            .split(',')
            .enumerate()
            .map(|(i, c)| if i == 4 { "1".into() } else { c.into() })
            .collect();
        let original = std::mem::replace(&mut lines[1], broken.join(","));
        std::fs::write(&path, lines.join("\n") + "\n").unwrap();
        assert!(read_back(6, &path).is_err());
        lines[1] = original;
        lines.pop();
        std::fs::write(&path, lines.join("\n") + "\n").unwrap();
        assert!(read_back(6, &path).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
