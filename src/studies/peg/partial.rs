//! The union over all single-vacancy starts from the top down to a chosen peg count only
//! (`statespace peg --side N --levels-only --min-pegs K`): the first levels of a side whose
//! union does not fit one machine. Side 9 (45 holes) has levels of up to C(45, 22) = 4.1e12
//! positions; from 44 pegs down to 32 its two largest levels are 3.6 and 9.1 GB as bit arrays.
//! Only reachable positions are counted: winnable ones at k pegs need the level at holes - k
//! pegs (complementing reverses jumps), which lies below the stop. The rows present are exact.
//!
//! Read back by `reproduce` from `data/peg/T{side}/levels.csv`: the table is checked for shape
//! (one row per peg count from its lowest to holes - 1, each count within C(holes, pegs), the
//! top level exactly the holes single vacancies) and its first levels, down to
//! [`RECHECK_DEPTH`] jumps from the starts, are recomputed and compared on every run; the deeper
//! rows are what the run named in the manifest computed.

use crate::engine::layered::{self, Keep};
use crate::engine::progress::Counters;
use crate::output::glossary;
use crate::output::schema::Schema;
use crate::output::table::{Cell, Table};
use crate::puzzles::peg::{Board, Triangle};
use crate::puzzles::peg_bits::{Lanes, Packed};
use crate::studies::peg::tables::LEVELS_COLUMNS;
use crate::studies::read_back::{number, read_rows_of};
use anyhow::{bail, ensure, Result};
use std::path::{Path, PathBuf};

/// The largest side with a partial union: its padded layout fits 128 bits, its ranks 56 bits.
pub const MAX_SIDE: usize = 9;

/// Jumps from the starts whose levels `reproduce` recomputes when it reads a partial side back
/// (side 9: 44 down to 38 pegs).
pub const RECHECK_DEPTH: usize = 6;

/// A side's union from the top down to its lowest level computed.
#[derive(Clone, Debug, PartialEq)]
pub struct PartialSide {
    pub side: usize,
    pub holes: usize,
    /// (pegs, reachable positions), from holes - 1 pegs down.
    pub levels: Vec<(usize, u64)>,
    /// Read back from this data directory, its levels down to this many pegs recomputed.
    pub saved: Option<(PathBuf, usize)>,
}

impl PartialSide {
    /// The fewest pegs of a level computed.
    pub fn min_pegs(&self) -> usize {
        self.levels.last().map_or(self.holes, |l| l.0)
    }
}

/// The triangle of a partial run, with its options checked: one line naming what is wrong.
pub fn triangle(side: usize, min_pegs: usize, levels_only: bool) -> Result<Triangle> {
    ensure!(
        levels_only,
        "--min-pegs stops the union early, so it needs --levels-only"
    );
    ensure!(
        (4..=MAX_SIDE).contains(&side),
        "unsupported triangle side {side} for --min-pegs: sides 4..={MAX_SIDE}"
    );
    let holes = side * (side + 1) / 2;
    ensure!(
        (1..holes).contains(&min_pegs),
        "--min-pegs {min_pegs} out of range for side {side}: 1 to {} pegs",
        holes - 1
    );
    Triangle::new(side)
}

/// Peak bytes of a partial union: [`layered::bytes_needed_to`] plus 64 MiB for the rest.
pub fn memory(holes: usize, min_pegs: usize) -> u128 {
    layered::bytes_needed_to(holes, holes - 1, min_pegs) as u128 + (64 << 20)
}

/// The union's levels from holes - 1 pegs down to `min_pegs` (or to the last level reached).
pub fn compute(t: &Triangle, min_pegs: usize, keep: &Keep, counters: &Counters) -> Result<Vec<(usize, u64)>> {
    crate::studies::footprint::check(
        &format!("peg T{} down to {min_pegs} pegs", t.side()),
        memory(t.holes(), min_pegs),
    )?;
    if t.side() <= <u64 as Lanes>::MAX_SIDE {
        reach(&Packed::<u64>::new(t), t, min_pegs, keep, counters)
    } else {
        reach(&Packed::<u128>::new(t), t, min_pegs, keep, counters)
    }
}

fn reach<W: Lanes>(
    g: &Packed<W>,
    t: &Triangle,
    min_pegs: usize,
    keep: &Keep,
    counters: &Counters,
) -> Result<Vec<(usize, u64)>> {
    let starts: Vec<Board> = (0..t.holes()).map(|h| t.start(h)).collect();
    // The same key as the complete union's: a partial run's level files are the complete run's.
    layered::reach_to(
        g,
        &starts,
        min_pegs,
        keep,
        &super::layers::search_key(t),
        counters,
        |_, _| {},
    )
}

/// Side 9's `levels.csv`: its union stops at a peg count (the dictionary lists it before the
/// generic pattern, `tables::LEVELS`, which it would otherwise match).
pub static T9_LEVELS: Schema = Schema {
    pattern: "peg/T9/levels.csv",
    description: "PARTIAL: the union over every single-vacancy start of side 9 (45 holes), from the 45 starts \
        (44 pegs) down to the lowest peg count computed, one row per peg count; each row present is exact, the \
        levels below are not computed. Only reachable positions: the winnable_positions and dead_positions \
        columns of the complete sides are left out (at k pegs they need the level at 45 - k pegs). New: no \
        published counts found.",
    // The complete sides' columns, the two that need the lower levels left out.
    columns: &[
        LEVELS_COLUMNS[0],
        LEVELS_COLUMNS[1],
        LEVELS_COLUMNS[2].optional(),
        LEVELS_COLUMNS[3].optional(),
    ],
    primary_key: &[glossary::pegs],
    source: super::tables::SOURCE,
};

/// The side's `levels.csv`: the columns of every side, one row per level computed (fewest pegs
/// first, as on the other sides), winnable and dead positions empty (not computed).
pub fn levels_table(p: &PartialSide) -> Table {
    let mut t = T9_LEVELS.table();
    for &(pegs, reachable) in p.levels.iter().rev() {
        t.push(vec![pegs.into(), reachable.into(), Cell::Empty, Cell::Empty]);
    }
    T9_LEVELS.drop_empty_optional(t)
}

/// Runs one partial side: computed, or read back from `saved` and re-checked.
pub fn run(
    side: usize,
    min_pegs: usize,
    keep: &Keep,
    saved: Option<&Path>,
    counters: &Counters,
) -> Result<PartialSide> {
    let t = Triangle::new(side)?;
    match saved {
        None => Ok(PartialSide {
            side,
            holes: t.holes(),
            levels: compute(&t, min_pegs, keep, counters)?,
            saved: None,
        }),
        Some(dir) => load(&t, dir, counters),
    }
}

/// Reads `dir/levels.csv` back, checks its shape and recomputes its first levels.
pub fn load(t: &Triangle, dir: &Path, counters: &Counters) -> Result<PartialSide> {
    let path = dir.join("levels.csv");
    let holes = t.holes();
    // Today's header leaves the never-filled columns out; older records carry them empty.
    let headers = T9_LEVELS.accepted_headers();
    let (_, rows) = read_rows_of(&path, &headers.iter().map(Vec::as_slice).collect::<Vec<_>>())?;
    ensure!(!rows.is_empty(), "{}: no levels", path.display());
    let mut levels = Vec::new();
    for (i, r) in rows.iter().enumerate() {
        let line = i + 2;
        let pegs: usize = number(&path, line, "pegs", &r[0])?;
        let reachable: u64 = number(&path, line, "reachable_positions", &r[1])?;
        ensure!(
            r.iter().skip(2).all(str::is_empty),
            "{}: row {line}: a partial union has no winnable or dead counts",
            path.display()
        );
        let first: usize = if i == 0 {
            pegs
        } else {
            levels.last().map_or(0, |l: &(usize, u64)| l.0 + 1)
        };
        ensure!(
            pegs == first && pegs < holes,
            "{}: row {line} has {pegs} pegs, expected {first} (one row per peg count up to {})",
            path.display(),
            holes - 1
        );
        let all = layered::binomial(holes, pegs);
        ensure!(
            reachable <= all,
            "{}: row {line}: {reachable} reachable of only {all} positions with {pegs} pegs",
            path.display()
        );
        levels.push((pegs, reachable));
    }
    levels.reverse();
    ensure!(
        levels[0] == (holes - 1, holes as u64),
        "{}: the top level must be the {holes} single-vacancy starts with {} pegs",
        path.display(),
        holes - 1
    );
    let floor = (holes - 1 - RECHECK_DEPTH).max(levels.last().expect("a row").0);
    let again = compute(t, floor, &Keep::Memory, counters)?;
    let n = again.len();
    if again[..] != levels[..n.min(levels.len())] {
        bail!(
            "{}: its levels from {} down to {floor} pegs differ from a recomputation ({again:?})",
            path.display(),
            holes - 1
        );
    }
    Ok(PartialSide {
        side: t.side(),
        holes,
        levels,
        saved: Some((dir.to_path_buf(), floor)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// A partial side's `levels.csv` has the columns of every side's, those it cannot fill left
    /// out, so one reader loads both.
    #[test]
    fn partial_levels_have_the_columns_of_every_side() {
        assert_eq!(T9_LEVELS.header(), crate::studies::peg::tables::LEVELS.header());
        let p = PartialSide {
            side: 9,
            holes: 45,
            levels: vec![(44, 45), (43, 420)],
            saved: None,
        };
        assert_eq!(levels_table(&p).header, ["pegs", "reachable_positions"]);
    }

    /// Levels by a plain set BFS over boards, from every single vacancy down to `min_pegs`.
    fn set_bfs(t: &Triangle, min_pegs: usize) -> Vec<(usize, u64)> {
        let mut level: HashSet<Board> = (0..t.holes()).map(|h| t.start(h)).collect();
        let mut out = vec![(t.holes() - 1, level.len() as u64)];
        for pegs in (min_pegs..t.holes() - 1).rev() {
            let mut next = HashSet::new();
            for &b in &level {
                for j in t.jumps() {
                    if t.is_legal(b, *j) {
                        next.insert(Triangle::apply(b, *j));
                    }
                }
            }
            level = next;
            out.push((pegs, level.len() as u64));
        }
        out
    }

    #[test]
    fn partial_levels_equal_a_set_bfs_in_both_word_widths() {
        for side in 5..=7 {
            let t = Triangle::new(side).unwrap();
            let min = t.holes() - 6;
            let want = set_bfs(&t, min);
            let c = Counters::default();
            assert_eq!(
                reach(&Packed::<u64>::new(&t), &t, min, &Keep::Memory, &c).unwrap(),
                want,
                "T{side}"
            );
            assert_eq!(
                reach(&Packed::<u128>::new(&t), &t, min, &Keep::Memory, &c).unwrap(),
                want,
                "T{side} in 128 bits"
            );
        }
        // Side 9 (the 128-bit layout only): its first levels, 44 to 41 pegs.
        let t = Triangle::new(9).unwrap();
        let want = set_bfs(&t, 41);
        assert_eq!(want[0], (44, 45), "the 45 single vacancies");
        assert_eq!(compute(&t, 41, &Keep::Memory, &Counters::default()).unwrap(), want);
    }

    #[test]
    fn partial_options_are_checked() {
        assert!(triangle(9, 32, true).is_ok());
        for (side, min, only) in [
            (9, 32, false),
            (10, 40, true),
            (9, 0, true),
            (9, 45, true),
            (3, 1, true),
        ] {
            let e = triangle(side, min, only).unwrap_err().to_string();
            assert!(
                !e.contains('\n') && (e.contains("--min-pegs") || e.contains("side")),
                "{e}"
            );
        }
        // The side-9 estimate to 32 pegs, in memory or with a directory alike: the 33- and
        // 32-peg levels at once (the forward pass keeps no finished level).
        let need = memory(45, 32);
        let bytes = |k: usize| (layered::binomial(45, k).div_ceil(64) * 8) as u128;
        assert_eq!(need, bytes(32) + bytes(33) + (64 << 20));
    }
}
