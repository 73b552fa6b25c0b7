//! Results that cost more than a minute to compute, read back from `data/lightsout` by the
//! default `reproduce` and re-checked by their certificates; `reproduce --full` recomputes them.
//!
//! - **All-ones minima past nullity [`READ_BACK_NULLITY`]** (exact over up to 2^42 solutions, or
//!   by the neighbourhood search past [`solve::EXACT_NULLITY`]). Re-checked: the
//!   elimination is re-run (nullity and first solution must match the table), the stored press
//!   pattern (`all_ones_presses.csv`) is replayed on the all-ones board and must turn it off with
//!   exactly `min_presses` presses. Read back: that no solution is lighter (the enumeration).
//!   The proven lower bounds of the sizes past the enumeration (`min_presses_lower_bound`) are
//!   cheap, so every run recomputes them instead of reading them back.
//! - **God's numbers settled by the branch and bound** (up to the default budget per question).
//!   Re-checked: the quiet code's classes, the witness search and the parity/averaging bound are
//!   re-derived; the stored witness position (`gods_witnesses.csv`) is solved again exactly and
//!   must need `lower_bound` presses. The refutation that sets `upper_bound` below the parity
//!   bound (its node count is in `method`) is run again and must end in at most that many nodes
//!   when its tree costs at most [`RECHECK_WORK`] ([`recheck_refutation`]); larger ones are read
//!   back.
//!
//! A row that disagrees with what is re-derived is an error naming the file: the run fails, it
//! never reports a value it could not re-check.

use super::all_ones::{AllOnesRow, ALL_ONES, ALL_ONES_FIRST_COLUMNS, ALL_ONES_PRESSES};
use super::gods::{self, GodsOptions, GodsResults, GodsRow, GODS_NUMBERS, GODS_WITNESS_BOARDS};
use super::gods_subcode::Subcode;
pub use super::gods_subcode::{recheck_refutation, refutation_work};
use super::solve::{self, Outcome, Solution};
use crate::engine::covering::Basis;
use crate::engine::progress::Counters;
use crate::output::glossary;
use crate::output::table::parse_exact_count;
use crate::puzzles::lightsout::{apply_presses, parse_board, Game, Grid, Rule, Topology};
use crate::studies::read_back::{number, read_rows, read_rows_of};
use anyhow::{bail, ensure, Context, Result};
use num_bigint::BigUint;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// All-ones sizes whose nullity exceeds this are read back: the enumeration of 2^nullity
/// solutions doubles in cost with each dimension, and past [`solve::EXACT_NULLITY`] the
/// neighbourhood search is costlier still.
pub const READ_BACK_NULLITY: usize = 36;

pub use super::all_ones::{ALL_ONES_CSV, ALL_ONES_PRESSES_CSV};
pub use super::gods::{GODS_CSV, GODS_WITNESSES};

/// One all-ones row as written by a run that computed it.
struct AllOnesSaved {
    nullity: usize,
    first_found: u64,
    minimum: u64,
    exact: bool,
    method: String,
}

/// The all-ones table and its press patterns, as on disk.
pub struct SavedAllOnes {
    dir: PathBuf,
    rows: BTreeMap<usize, AllOnesSaved>,
    /// n -> the rows of its press pattern ('#' pressed, '.' not), top to bottom.
    presses: BTreeMap<usize, Vec<String>>,
}

impl SavedAllOnes {
    pub fn load(dir: &Path) -> Result<SavedAllOnes> {
        let path = dir.join(ALL_ONES_CSV);
        let mut rows = BTreeMap::new();
        let header = ALL_ONES.header();
        let (_, table) = read_rows_of(&path, &[&header[..ALL_ONES_FIRST_COLUMNS], &header])?;
        for (i, r) in table.iter().enumerate() {
            let line = i + 2;
            let n: usize = number(&path, line, glossary::n.name, &r[0])?;
            let exact = match &r[4] {
                "true" => true,
                "false" => false,
                other => bail!("{}: row {line}, exact {other:?} is not true/false", path.display()),
            };
            let row = AllOnesSaved {
                nullity: number(&path, line, glossary::nullity.name, &r[1])?,
                first_found: number(&path, line, glossary::first_found_presses.name, &r[2])?,
                minimum: number(&path, line, glossary::min_presses.name, &r[3])?,
                exact,
                method: r[5].to_string(),
            };
            ensure!(
                rows.insert(n, row).is_none(),
                "{}: n = {n} appears twice",
                path.display()
            );
        }
        let path = dir.join(ALL_ONES_PRESSES_CSV);
        let mut presses: BTreeMap<usize, Vec<String>> = BTreeMap::new();
        for (i, r) in read_rows(&path, &ALL_ONES_PRESSES.header())?.iter().enumerate() {
            let line = i + 2;
            let n: usize = number(&path, line, glossary::n.name, &r[0])?;
            let row: usize = number(&path, line, glossary::row.name, &r[1])?;
            let rows = presses.entry(n).or_default();
            ensure!(
                row == rows.len() + 1,
                "{}: row {line}, n = {n}: pattern row {row} out of order (expected {})",
                path.display(),
                rows.len() + 1
            );
            rows.push(r[2].to_string());
        }
        Ok(SavedAllOnes {
            dir: dir.to_path_buf(),
            rows,
            presses,
        })
    }

    /// Whether the table holds a row for n (a size added to the study is computed once).
    pub fn has(&self, n: usize) -> bool {
        self.rows.contains_key(&n) && self.presses.contains_key(&n)
    }

    /// The all-ones n x n row, re-checked against `first` (the elimination re-run): the table
    /// must agree with it, and the stored press pattern must turn the board off in `min_presses`.
    pub fn row(&self, game: &Game, first: &Solution) -> Result<AllOnesRow> {
        let n = game.rows;
        let table = self.dir.join(ALL_ONES_CSV);
        let file = self.dir.join(ALL_ONES_PRESSES_CSV);
        let s = self.rows.get(&n).with_context(|| {
            format!(
                "{}: no row for n = {n} (run `statespace reproduce --full`)",
                table.display()
            )
        })?;
        let differs = |what: &str, saved: &dyn std::fmt::Display, now: &dyn std::fmt::Display| {
            anyhow::anyhow!(
                "{}: n = {n} has {what} {saved} on file, {now} recomputed",
                table.display()
            )
        };
        ensure!(
            s.nullity == first.nullity,
            differs("nullity", &s.nullity, &first.nullity)
        );
        ensure!(
            s.first_found == first.first_found,
            differs("first_found_presses", &s.first_found, &first.first_found)
        );
        ensure!(
            s.method == solve::method(first.nullity),
            differs("method", &s.method, &solve::method(first.nullity))
        );
        ensure!(
            s.exact == (first.nullity <= solve::EXACT_NULLITY),
            differs("exact", &s.exact, &(first.nullity <= solve::EXACT_NULLITY))
        );
        let rows = self
            .presses
            .get(&n)
            .with_context(|| format!("{}: no press pattern for n = {n}", file.display()))?;
        let presses = parse_board(&rows.join("\n"), &format!("{}, n = {n}", file.display()))?;
        ensure!(
            (presses.rows, presses.cols) == (n, n),
            "{}: the n = {n} pattern is {} x {}",
            file.display(),
            presses.rows,
            presses.cols
        );
        ensure!(
            apply_presses(game, &Grid::ones(n, n)?, &presses)?.is_clear(),
            "{}: the n = {n} pattern does not turn off the all-ones board",
            file.display()
        );
        ensure!(
            presses.count() == s.minimum,
            "{}: the n = {n} pattern has {} presses, the table says {}",
            file.display(),
            presses.count(),
            s.minimum
        );
        ensure!(
            s.minimum <= first.first_found,
            differs("min_presses above the first solution", &s.minimum, &first.first_found)
        );
        // The lower bound is recomputed by the caller.
        Ok(AllOnesRow {
            n,
            nullity: s.nullity,
            first_found: s.first_found,
            minimum: s.minimum,
            exact: s.exact,
            presses,
            lower: s.minimum,
            lower_method: String::new(),
        })
    }
}

/// One God's-number row as on disk, with its witness position.
struct GodsSaved {
    nullity: usize,
    lower: usize,
    upper: usize,
    positions_at_max: String,
    method: String,
    witness: Option<Grid>,
}

/// `gods_numbers.csv` and `gods_witnesses.csv`, as on disk.
pub struct SavedGods {
    dir: PathBuf,
    rows: BTreeMap<usize, GodsSaved>,
}

impl SavedGods {
    pub fn load(dir: &Path) -> Result<SavedGods> {
        let path = dir.join(GODS_CSV);
        let mut rows = BTreeMap::new();
        // Until issue 37 item 6 the exact count was `positions_at_max`, with no float beside it;
        // in both formats it is the eighth column and `method` the last.
        let now = GODS_NUMBERS.header();
        let before: Vec<&str> = now
            .iter()
            .filter(|&&c| c != glossary::positions_at_max.name)
            .map(|&c| {
                if c == glossary::positions_at_max_text.name {
                    glossary::positions_at_max.name
                } else {
                    c
                }
            })
            .collect();
        let (_, saved) = read_rows_of(&path, &[&before, &now])?;
        for (i, r) in saved.iter().enumerate() {
            let line = i + 2;
            ensure!(
                &r[0] == "plus" && &r[1] == "open",
                "{}: row {line} is {} {}, expected plus open",
                path.display(),
                &r[0],
                &r[1]
            );
            let n: usize = number(&path, line, glossary::n.name, &r[2])?;
            let row = GodsSaved {
                nullity: number(&path, line, glossary::nullity.name, &r[3])?,
                lower: number(&path, line, glossary::lower_bound.name, &r[5])?,
                upper: number(&path, line, glossary::upper_bound.name, &r[6])?,
                positions_at_max: r[7].to_string(),
                method: r[r.len() - 1].to_string(),
                witness: None,
            };
            // Filled exactly where the bounds meet, with their value (read as a number: the column
            // is written in float form).
            let on_file: Option<usize> = match &r[4] {
                "" => None,
                v => Some(number(&path, line, glossary::gods_number.name, v)?),
            };
            ensure!(
                on_file == (row.lower == row.upper).then_some(row.lower),
                "{}: row {line}, gods_number {:?} disagrees with the bounds {}..{}",
                path.display(),
                &r[4],
                row.lower,
                row.upper
            );
            ensure!(
                rows.insert(n, row).is_none(),
                "{}: n = {n} appears twice",
                path.display()
            );
        }
        let wpath = dir.join(GODS_WITNESSES);
        let mut boards: BTreeMap<usize, Vec<String>> = BTreeMap::new();
        for (i, r) in read_rows(&wpath, &GODS_WITNESS_BOARDS.header())?.iter().enumerate() {
            let line = i + 2;
            let n: usize = number(&wpath, line, glossary::n.name, &r[0])?;
            let row: usize = number(&wpath, line, glossary::row.name, &r[1])?;
            let lines = boards.entry(n).or_default();
            ensure!(
                row == lines.len() + 1,
                "{}: row {line}, n = {n}: board row {row} out of order (expected {})",
                wpath.display(),
                lines.len() + 1
            );
            lines.push(r[2].to_string());
        }
        for (n, lines) in boards {
            let row = rows.get_mut(&n).with_context(|| {
                format!(
                    "{}: a witness for n = {n}, which {GODS_CSV} does not list",
                    wpath.display()
                )
            })?;
            row.witness = Some(parse_board(
                &lines.join("\n"),
                &format!("{}, n = {n}", wpath.display()),
            )?);
        }
        Ok(SavedGods {
            dir: dir.to_path_buf(),
            rows,
        })
    }

    /// The n x n row: `quick` is the row re-derived without the branch and bound (witness search
    /// and parity bound). Where the saved row needed no branch and bound it must equal `quick`;
    /// otherwise its witness is solved again exactly and its refutation is read back.
    pub fn row(&self, quick: GodsRow) -> Result<GodsRow> {
        let n = quick.n;
        let path = self.dir.join(GODS_CSV);
        let s = self.rows.get(&n).with_context(|| {
            format!(
                "{}: no row for n = {n} (run `statespace reproduce --full`)",
                path.display()
            )
        })?;
        ensure!(
            s.nullity == quick.nullity,
            "{}: n = {n} has nullity {} on file, {} recomputed",
            path.display(),
            s.nullity,
            quick.nullity
        );
        if !gods::read_back(&s.method) {
            let same = s.lower == quick.lower && s.upper == quick.upper && s.method == quick.method;
            ensure!(
                same,
                "{}: n = {n} ({}..{}, {:?}) differs from the recomputation ({}..{}, {:?})",
                path.display(),
                s.lower,
                s.upper,
                s.method,
                quick.lower,
                quick.upper,
                quick.method
            );
            return Ok(quick);
        }
        let refutation = self.refutation(s, &quick)?;
        let witness = self.witness(n, s)?;
        let positions_at_max = match s.positions_at_max.as_str() {
            "" => None,
            text => Some(
                parse_exact_count(text)
                    .and_then(|digits| digits.parse::<BigUint>().ok())
                    .with_context(|| {
                        format!(
                            "{}: n = {n}, positions_at_max {text:?} is not an exact count",
                            path.display()
                        )
                    })?,
            ),
        };
        ensure!(
            positions_at_max.is_none() || (s.lower == quick.lower && positions_at_max == quick.positions_at_max),
            "{}: n = {n} positions_at_max cannot be re-checked",
            path.display()
        );
        Ok(GodsRow {
            upper: s.upper,
            lower: s.lower,
            positions_at_max,
            method: s.method.clone(),
            refutation,
            witness,
            ..quick
        })
    }

    /// The refutation that sets the saved upper bound below the parity/averaging bound, if any
    /// (its node count and basis, named in `method`), re-run when it is cheap ([`RECHECK_WORK`]);
    /// the saved bounds must be consistent with the re-derived ones in `quick`.
    fn refutation(&self, s: &GodsSaved, quick: &GodsRow) -> Result<Option<(u64, Basis)>> {
        let n = quick.n;
        let path = self.dir.join(GODS_CSV);
        // quick.upper is the parity/averaging bound, re-derived here.
        let parity = quick.upper;
        ensure!(
            s.upper <= parity,
            "{}: n = {n} upper bound {} is above the parity/averaging bound {parity}",
            path.display(),
            s.upper
        );
        ensure!(
            quick.lower <= s.lower && s.lower <= s.upper,
            "{}: n = {n} bounds {}..{} are inconsistent with the re-derived witness {}",
            path.display(),
            s.lower,
            s.upper,
            quick.lower
        );
        if let Some(sub) = Subcode::parse(&s.method).filter(|sub| sub.refuted == s.upper + 1) {
            let (_, signature) = gods::sparse_classes(n, &gods::quiet_basis(n)?);
            if let Err(e) = sub.check(&signature, RECHECK_WORK) {
                bail!("{}: n = {n}: {e}", path.display());
            }
            return Ok(Some((sub.nodes, sub.basis)));
        }
        Ok(if s.upper < parity {
            let needle = format!("branch and bound refutes {} (", s.upper + 1);
            let named = s
                .method
                .split_once(&needle)
                .and_then(|(_, rest)| rest.split_once(" nodes"));
            let nodes = named.and_then(|(v, _)| v.parse().ok());
            let nodes: u64 = nodes.with_context(|| {
                format!(
                    "{}: n = {n} upper bound {} is below parity {parity}, but method {:?} names no refutation of {}",
                    path.display(),
                    s.upper,
                    s.method,
                    s.upper + 1
                )
            })?;
            let basis = named.map_or(Basis::Given, |(_, rest)| Basis::named_in(rest));
            if refutation_work(&quick.class_sizes, nodes) <= RECHECK_WORK {
                if let Err(e) = recheck_refutation(&quick.class_sizes, s.upper + 1, nodes, basis) {
                    bail!("{}: n = {n}: {e}", path.display());
                }
            }
            Some((nodes, basis))
        } else {
            None
        })
    }

    /// The saved witness of the n x n row, solved again exactly: it must need `lower_bound` presses.
    fn witness(&self, n: usize, s: &GodsSaved) -> Result<Grid> {
        let wpath = self.dir.join(GODS_WITNESSES);
        let witness = s
            .witness
            .clone()
            .with_context(|| format!("{}: no witness for n = {n}", wpath.display()))?;
        ensure!(
            (witness.rows, witness.cols) == (n, n),
            "{}: the n = {n} witness is {} x {}",
            wpath.display(),
            witness.rows,
            witness.cols
        );
        let game = Game::new(Rule::Plus, Topology::Open, n, n)?;
        let Outcome::Solved(sol) = solve::solve(&game, &witness)? else {
            bail!("{}: the n = {n} witness is not solvable", wpath.display())
        };
        ensure!(
            sol.exact_minimum,
            "internal error: nullity {} minimum not exact",
            sol.nullity
        );
        ensure!(
            sol.presses.count() as usize == s.lower,
            "{}: the n = {n} witness needs {} presses, not {}",
            wpath.display(),
            sol.presses.count(),
            s.lower
        );
        Ok(witness)
    }
}

/// Refutations whose stored tree costs at most this much work (nodes times 2^(d-1) + 1, the most
/// one node can cost) are run again on read-back; larger ones are read back, and
/// `reproduce --full` recomputes them.
pub const RECHECK_WORK: u64 = 4_000_000_000;

/// God's numbers of `sides` with every branch-and-bound result read back from `saved` and
/// re-checked (see the module comment).
pub fn gods_rows(sides: &[usize], restarts: usize, saved: &SavedGods) -> Result<Vec<GodsRow>> {
    use rayon::prelude::*;
    let counters = Counters::default();
    let rows: Vec<Result<GodsRow>> = sides
        .par_iter()
        .map(|&n| saved.row(gods::gods_row(n, restarts, 0, &gods::Effort::default(), &counters)?))
        .collect();
    rows.into_iter().collect()
}

/// God's numbers as the options ask: with `o.saved`, every branch-and-bound result read back from
/// it and re-checked ([`gods_rows`]); without, all computed ([`gods::compute`]).
pub fn gods_results(o: &GodsOptions) -> Result<GodsResults> {
    match &o.saved {
        Some(dir) => {
            let sides = gods::sides(o)?;
            let saved = SavedGods::load(dir)?;
            Ok(GodsResults {
                rows: gods_rows(&sides, o.restarts, &saved)?,
                class_symmetry: gods::class_symmetries(&sides)?,
            })
        }
        None => gods::compute(o),
    }
}
