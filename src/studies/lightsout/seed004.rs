//! Seed 004 (the "Dugu chessboard": Lights Out, plus rule, open 5x5 board): the verdicts the
//! earlier studies left open.
//!
//! - "we can solve the equation by ignoring any two buttons, and since it is symmetrical, we can
//!   also ignore any two corresponding p_i": for each of the 300 pairs, the rank of B without
//!   the two columns (the column space is unchanged iff it stays 23) and of B without the two
//!   rows and columns (B' must be invertible for eq4).
//! - The direct formulas for x3, x4, x5 (buttons 1 and 2 never pressed), against the light-chasing
//!   table, on every one of the 2^25 positions.
//! - The last-row counts of Solution 1: 32 last rows, 8 mirror-symmetric, 20 mirror classes,
//!   19 patterns to tabulate; and which last rows solvable boards can leave (the seed's own
//!   "only 2^3 = 8").
//!
//! Cells and buttons are numbered 1..25 row by row, as the seed does; p21..p25 is the last row.

use super::quiet::chase_table;
use crate::engine::gf2::BitMatrix;
use crate::output::glossary;
use crate::output::schema::{col, Kind, Schema};
use crate::output::table::{Cell, Table};
use crate::puzzles::lightsout::{Game, Rule, Topology};
use crate::studies::claim::{Claim, Verdict};
use anyhow::{ensure, Result};

const N: usize = 5;
const CELLS: usize = N * N;
const FAMILY: &str = "lightsout";
const SOURCE: &str = "seed 004 (Dugu chessboard)";

/// File names the claims' evidence refers to, for [`pairs_table`], [`formulas_table`] and
/// [`last_rows_table`].
pub const PAIRS_CSV: &str = "seed004_pairs.csv";
pub const FORMULAS_CSV: &str = "seed004_formulas.csv";
pub const LAST_ROWS_CSV: &str = "seed004_last_rows.csv";

/// The seed's "Combining the two solutions, while ignoring button 1 and 2" formulas: for each
/// pressed first-row button, the cells p_i whose sum mod 2 gives it.
pub const DIRECT_FORMULAS: [(usize, &[usize]); 3] = [
    (3, &[4, 6, 7, 9, 10, 14, 16, 17, 18, 22]),
    (4, &[3, 4, 5, 13, 14, 15, 17, 19, 21, 22, 23]),
    (5, &[4, 5, 6, 8, 10, 11, 13, 14, 18, 21, 22]),
];

/// One pair of buttons left out.
#[derive(Clone, Debug, PartialEq)]
pub struct PairRow {
    /// 1-based, a < b.
    pub a: usize,
    pub b: usize,
    /// Rank of the 25 x 23 matrix B without columns a and b.
    pub rank_without_buttons: usize,
    /// Rank of the 23 x 23 matrix B' without rows and columns a and b (the seed's eq3).
    pub rank_without_buttons_and_cells: usize,
}

impl PairRow {
    /// Every solvable position stays solvable without pressing a and b.
    pub fn keeps_column_space(&self, rank: usize) -> bool {
        self.rank_without_buttons == rank
    }
    pub fn principal_invertible(&self) -> bool {
        self.rank_without_buttons_and_cells == CELLS - 2
    }
}

/// One direct formula over every position.
#[derive(Clone, Debug, PartialEq)]
pub struct FormulaRow {
    pub button: usize,
    pub cells: Vec<usize>,
    /// Solvable positions (all of them are checked).
    pub solvable: u64,
    /// Solvable positions where the formula differs from the chase table's press.
    pub wrong: u64,
    /// The first such position (bitmask, bit i-1 = cell i), if any.
    pub counterexample: Option<u32>,
}

/// One of the 32 last rows.
#[derive(Clone, Debug, PartialEq)]
pub struct LastRow {
    /// Bit j = cell 21 + j lit.
    pub pattern: u32,
    /// Positions of the whole board that chasing (no first-row presses) leaves with this last row.
    pub positions: u64,
    /// Of those, solvable ones.
    pub solvable_positions: u64,
    /// First-row presses that clear it (from the chase table), when it can be cleared.
    pub first_row: Option<u32>,
}

impl LastRow {
    pub fn mirror(&self) -> u32 {
        mirror(self.pattern)
    }
    pub fn symmetric(&self) -> bool {
        self.mirror() == self.pattern
    }
    /// The class representative under the left-right mirror: the smaller bitmask.
    pub fn class(&self) -> u32 {
        self.pattern.min(self.mirror())
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Seed004 {
    pub rank: usize,
    /// All 300 pairs, in (a, b) order.
    pub pairs: Vec<PairRow>,
    pub formulas: Vec<FormulaRow>,
    /// All 32 last rows, by pattern.
    pub last_rows: Vec<LastRow>,
}

fn mirror(row: u32) -> u32 {
    (0..N)
        .filter(|&j| row >> j & 1 == 1)
        .fold(0, |m, j| m | 1 << (N - 1 - j))
}

/// Column masks of the 5x5 plus press matrix (bit i = cell i + 1 toggled).
fn button_masks(game: &Game) -> Vec<u32> {
    (0..CELLS)
        .map(|k| game.toggled(k / N, k % N).iter().fold(0u32, |m, &c| m | 1 << c))
        .collect()
}

/// The last row left by chasing: press below every lit cell, rows 1 to 4.
fn chase(masks: &[u32], mut board: u32) -> u32 {
    for r in 0..N - 1 {
        for c in 0..N {
            if board >> (r * N + c) & 1 == 1 {
                board ^= masks[(r + 1) * N + c];
            }
        }
    }
    board >> ((N - 1) * N)
}

/// The ranks without each pair of buttons (and without their cells), of the press matrix `b`.
fn pair_rows(b: &BitMatrix) -> Result<Vec<PairRow>> {
    let mut pairs = Vec::with_capacity(CELLS * (CELLS - 1) / 2);
    for a in 0..CELLS {
        for c in a + 1..CELLS {
            let keep: Vec<usize> = (0..CELLS).filter(|&k| k != a && k != c).collect();
            let mut cols = BitMatrix::zeros(CELLS, keep.len())?;
            let mut principal = BitMatrix::zeros(keep.len(), keep.len())?;
            for (j, &k) in keep.iter().enumerate() {
                for i in 0..CELLS {
                    cols.set(i, j, b.get(i, k));
                }
                for (i, &r) in keep.iter().enumerate() {
                    principal.set(i, j, b.get(r, k));
                }
            }
            pairs.push(PairRow {
                a: a + 1,
                b: c + 1,
                rank_without_buttons: cols.rank(),
                rank_without_buttons_and_cells: principal.rank(),
            });
        }
    }
    Ok(pairs)
}

pub fn compute() -> Result<Seed004> {
    let game = Game::new(Rule::Plus, Topology::Open, N, N)?;
    let b = game.press_matrix()?;
    let rank = b.rank();
    let pairs = pair_rows(&b)?;

    // The chase table (first-row presses per clearable last row) must leave buttons 1 and 2
    // unpressed, as the seed does, for the formulas to be comparable.
    let (rows, free) = chase_table(N)?;
    ensure!(
        free == [0, 1],
        "the 5x5 chase table leaves columns {free:?} free, not buttons 1 and 2"
    );
    let mut press_for: [Option<u32>; 1 << N] = [None; 1 << N];
    for r in &rows {
        let l = r
            .last_row
            .iter()
            .enumerate()
            .fold(0u32, |m, (j, &on)| m | u32::from(on) << j);
        press_for[l as usize] = Some(
            r.first_row
                .iter()
                .enumerate()
                .fold(0u32, |m, (j, &on)| m | u32::from(on) << j),
        );
    }

    // Every position: its last row after chasing; solvable iff the table can clear that row.
    let masks = button_masks(&game);
    let mut positions = [0u64; 1 << N];
    let mut solvable_at = [0u64; 1 << N];
    let formula_masks: Vec<u32> = DIRECT_FORMULAS
        .iter()
        .map(|(_, cs)| cs.iter().fold(0, |m, &c| m | 1 << (c - 1)))
        .collect();
    let mut wrong = [0u64; 3];
    let mut first_wrong: [Option<u32>; 3] = [None; 3];
    // Chasing and the formulas are linear: walk all 2^25 positions in Gray-code order, updating
    // the last row and each formula's parity by the one cell that changes.
    let cell_last_row: Vec<u32> = (0..CELLS).map(|k| chase(&masks, 1 << k)).collect();
    let (mut p, mut l, mut parity) = (0u32, 0u32, [0u32; 3]);
    for i in 0u32..1 << CELLS {
        if i > 0 {
            let k = i.trailing_zeros() as usize;
            p ^= 1 << k;
            l ^= cell_last_row[k];
            for (f, m) in formula_masks.iter().enumerate() {
                parity[f] ^= m >> k & 1;
            }
        }
        positions[l as usize] += 1;
        let Some(f) = press_for[l as usize] else { continue };
        solvable_at[l as usize] += 1;
        for (i, (button, _)) in DIRECT_FORMULAS.iter().enumerate() {
            if parity[i] != f >> (button - 1) & 1 {
                wrong[i] += 1;
                first_wrong[i] = Some(first_wrong[i].map_or(p, |q| q.min(p)));
            }
        }
    }
    let solvable: u64 = solvable_at.iter().sum();
    let formulas = DIRECT_FORMULAS
        .iter()
        .enumerate()
        .map(|(i, &(button, cells))| FormulaRow {
            button,
            cells: cells.to_vec(),
            solvable,
            wrong: wrong[i],
            counterexample: first_wrong[i],
        })
        .collect();
    let last_rows = (0..1u32 << N)
        .map(|l| LastRow {
            pattern: l,
            positions: positions[l as usize],
            solvable_positions: solvable_at[l as usize],
            first_row: press_for[l as usize],
        })
        .collect();
    Ok(Seed004 {
        rank,
        pairs,
        formulas,
        last_rows,
    })
}

/// The `len` low bits of `v` as a picture (`#` on, `.` off, cell 1 first): text no CSV loader
/// takes for a number, so leading cells survive.
fn bits(v: u32, len: usize) -> String {
    super::columns::mask_picture(v as u128, len)
}

fn yes(b: bool) -> Cell {
    b.into()
}

pub static PAIRS: Schema = Schema {
    pattern: "lightsout/seed004_pairs.csv",
    description: "Seed 004 (5x5 plus board): for every pair of buttons, the rank of the press matrix without \
                them. The seed says any two buttons may be left unpressed; that holds only for the pairs that keep the \
                full rank 23.",
    columns: &[
        col(
            glossary::button_a,
            Kind::Integer,
            "first button left out, 1..25 row by row",
        ),
        col(
            glossary::button_b,
            Kind::Integer,
            "second button left out, button_a < button_b",
        ),
        col(
            glossary::rank_without_buttons,
            Kind::Integer,
            "rank of the 25 x 23 matrix without columns a and b",
        ),
        col(
            glossary::rank_without_buttons_and_cells,
            Kind::Integer,
            "rank of the 23 x 23 matrix without rows and columns a and b (the seed's B')",
        ),
        col(
            glossary::keeps_column_space,
            Kind::Boolean,
            "true when every solvable position stays solvable without pressing a and b (rank 23)",
        ),
        col(
            glossary::principal_invertible,
            Kind::Boolean,
            "true when the 23 x 23 matrix is invertible",
        ),
    ],
    primary_key: &[glossary::button_a, glossary::button_b],
    source: "Seed 004 (Dugu chessboard); computed by statespace",
};

/// One row per pair of buttons left out.
pub fn pairs_table(s: &Seed004) -> Table {
    let mut t = PAIRS.table();
    for p in &s.pairs {
        t.push(vec![
            p.a.into(),
            p.b.into(),
            p.rank_without_buttons.into(),
            p.rank_without_buttons_and_cells.into(),
            yes(p.keeps_column_space(s.rank)),
            yes(p.principal_invertible()),
        ]);
    }
    t
}

pub static FORMULAS: Schema = Schema {
    pattern: "lightsout/seed004_formulas.csv",
    description: "Seed 004's direct formulas for the presses of buttons x3, x4, x5 (sums of cells mod 2), \
                checked against the chase table on every solvable 5x5 position.",
    columns: &[
        col(
            glossary::button,
            Kind::Integer,
            "the button the formula gives (3, 4 or 5)",
        ),
        col(
            glossary::cells,
            Kind::String,
            "the cells summed mod 2, as p1..p25 separated by spaces",
        ),
        col(
            glossary::solvable_positions,
            Kind::Integer,
            "solvable positions checked (all 2^23)",
        ),
        col(
            glossary::wrong_positions,
            Kind::Integer,
            "positions where the formula differs from the chase table's press",
        ),
        col(
            glossary::counterexample,
            Kind::String,
            "the first such position, cells 1..25 as a picture (# on, . off); `none` when none",
        ),
    ],
    primary_key: &[glossary::button],
    source: "Seed 004 (Dugu chessboard); computed by statespace",
};

/// One row per direct formula.
pub fn formulas_table(s: &Seed004) -> Table {
    let mut t = FORMULAS.table();
    for f in &s.formulas {
        let cells = f.cells.iter().map(|c| format!("p{c}")).collect::<Vec<_>>().join(" ");
        t.push(vec![
            f.button.into(),
            cells.into(),
            f.solvable.into(),
            f.wrong.into(),
            f.counterexample
                .map_or_else(|| "none".to_string(), |p| bits(p, CELLS))
                .into(),
        ]);
    }
    t
}

pub static LAST_ROWS: Schema = Schema {
    pattern: "lightsout/seed004_last_rows.csv",
    description: "The 32 last rows that chasing lights down a 5x5 plus board can leave (cells 21..25), with \
                their mirror classes, how many positions end in each, and the first-row presses that clear it.",
    columns: &[
        col(
            glossary::last_row,
            Kind::String,
            "cells 21..25 as a picture: # on, . off",
        ),
        col(
            glossary::mirror,
            Kind::String,
            "its left-right mirror image, as a picture",
        ),
        col(
            glossary::symmetric,
            Kind::Boolean,
            "true when the row is its own mirror image",
        ),
        col(
            glossary::class,
            Kind::String,
            "the class representative under the mirror (the smaller bitmask), as a picture",
        ),
        col(
            glossary::positions,
            Kind::Integer,
            "positions of the whole board that chasing leaves with this last row",
        ),
        col(
            glossary::solvable_positions,
            Kind::Integer,
            "of those, solvable positions",
        ),
        col(
            glossary::first_row_presses,
            Kind::String,
            "first-row presses (a picture: # pressed, . not) that clear the row on a \
                    second chase; empty when it cannot be cleared",
        ),
    ],
    primary_key: &[glossary::last_row],
    source: "Seed 004 (Dugu chessboard); computed by statespace",
};

/// One row per last row (p21..p25 as a picture).
pub fn last_rows_table(s: &Seed004) -> Table {
    let mut t = LAST_ROWS.table();
    for l in &s.last_rows {
        t.push(vec![
            bits(l.pattern, N).into(),
            bits(l.mirror(), N).into(),
            yes(l.symmetric()),
            bits(l.class(), N).into(),
            l.positions.into(),
            l.solvable_positions.into(),
            l.first_row.map(|f| bits(f, N)).into(),
        ]);
    }
    t
}

pub fn claims(s: &Seed004) -> Vec<Claim> {
    let mut out = pair_claims(s);
    out.extend(formula_claims(s));
    out.extend(last_row_claims(s));
    out
}

/// Leaving two buttons unpressed: any pair, and buttons 1 and 2.
fn pair_claims(s: &Seed004) -> Vec<Claim> {
    let mut out = Vec::new();
    let total = s.pairs.len();
    let kept: Vec<&PairRow> = s.pairs.iter().filter(|p| p.keeps_column_space(s.rank)).collect();
    let first_bad = s.pairs.iter().find(|p| !p.keeps_column_space(s.rank));
    let with_centre_bad = s
        .pairs
        .iter()
        .filter(|p| p.a == 13 || p.b == 13)
        .all(|p| !p.keeps_column_space(s.rank));
    // One sentence of the seed: any two buttons can be ignored and, B being symmetric, the two
    // corresponding p_i too (leaving an invertible 23 x 23 B'). One claim, both parts tested.
    let invertible = s.pairs.iter().filter(|p| p.principal_invertible()).count();
    let same_pairs = s
        .pairs
        .iter()
        .all(|p| p.principal_invertible() == p.keeps_column_space(s.rank));
    out.push(Claim::published(
        FAMILY,
        "lightsout.seed004.ignore_any_two_buttons",
        SOURCE,
        "B has rank 23, so any two buttons can be left unpressed (every solvable position stays solvable), and since B \
            is symmetric the two corresponding p_i can be left out too, leaving an invertible 23 x 23 B'",
        format!("all {total} pairs"),
        format!("{} of {total} pairs keep rank 23; {invertible} of {total} leave an invertible B'", kept.len()),
        Verdict::of(kept.len() == total && invertible == total),
        &format!(
            "data/lightsout/{PAIRS_CSV}, columns keeps_column_space and principal_invertible (one row per pair){}{}",
            match first_bad {
                Some(p) => format!(
                    "; without buttons {} and {} B has rank {} < {}: a solvable position then needs one of them{}",
                    p.a,
                    p.b,
                    p.rank_without_buttons,
                    s.rank,
                    if with_centre_bad { "; no pair containing the centre button 13 works" } else { "" }
                ),
                None => "; every pair keeps rank 23".into(),
            },
            if same_pairs { "; the pairs leaving an invertible B' are exactly those that keep the rank" } else { "" }
        ),
    )
    .quoted("Base on these two properties, we can solve the equation by ignoring any two buttons, and since it is \
        symmetrical, we can also ignore any two corresponding pi."));
    out.extend(buttons_1_2_claim(s));
    out
}

/// Leaving out buttons 1 and 2 (the seed's choice).
fn buttons_1_2_claim(s: &Seed004) -> Option<Claim> {
    let p12 = s.pairs.iter().find(|p| (p.a, p.b) == (1, 2))?;
    Some(
        Claim::published(
            FAMILY,
            "lightsout.seed004.ignore_buttons_1_2",
            SOURCE,
            "leaving out buttons 1 and 2 (and p1, p2) gives an invertible B'",
            "rank 23",
            format!("rank {}", p12.rank_without_buttons_and_cells),
            Verdict::of(p12.principal_invertible() && p12.keeps_column_space(s.rank)),
            &format!(
                "data/lightsout/{PAIRS_CSV}, row button_a = 1, button_b = 2: rank_without_buttons {}, \
                rank_without_buttons_and_cells {}",
                p12.rank_without_buttons, p12.rank_without_buttons_and_cells
            ),
        )
        .quoted(
            "Lets ignore the first two buttons, thus, remove {b1, b2, x1, x2, p1, p2}, and let the subspace be \
            denoted by prime, then eq2 can be rewritten as:",
        ),
    )
}

/// The direct formulas for x3, x4, x5.
fn formula_claims(s: &Seed004) -> Vec<Claim> {
    let mut out = Vec::new();
    for f in &s.formulas {
        let cells = f.cells.iter().map(|c| format!("p{c}")).collect::<Vec<_>>().join(" + ");
        out.push(
            Claim::published(
                FAMILY,
                &format!("lightsout.seed004.direct_formula_x{}", f.button),
                SOURCE,
                &format!("with buttons 1 and 2 unpressed, x{} = ({cells}) mod 2", f.button),
                format!("x{} = ({cells}) mod 2", f.button),
                format!("wrong on {} of {} solvable positions", f.wrong, f.solvable),
                Verdict::of(f.wrong == 0),
                &match f.counterexample {
                    Some(p) => format!(
                        "data/lightsout/{FORMULAS_CSV}, row button = {}, column counterexample (cells 1..25 \
                    as a picture, # on): {}",
                        f.button,
                        bits(p, CELLS)
                    ),
                    None => format!(
                        "data/lightsout/{FORMULAS_CSV}, row button = {}, columns solvable_positions and \
                    wrong_positions: every solvable position of the 2^25 checked against the light-chasing \
                    table",
                        f.button
                    ),
                },
            )
            .quoted(&format!(
                "x{} = ( {} ) mod 2",
                f.button,
                f.cells.iter().map(|c| format!("p{c}")).collect::<Vec<_>>().join(" + ")
            )),
        );
    }
    out
}

/// Row reduction's search: from every board to every last row.
fn complexity_claims(s: &Seed004) -> Vec<Claim> {
    let mut out = Vec::new();
    // The search shrinks from every board (2^25, its count printed in full) to every last row.
    let boards: u64 = s.last_rows.iter().map(|l| l.positions).sum();
    out.push(
        Claim::compare(
            FAMILY,
            "lightsout.seed004.complexity_reduction",
            SOURCE,
            "Row reduction shrinks the search from every 5x5 pattern, 2^25 = 33554432 (the capture flattens the \
                superscripts: \"225\", \"25\"), to every last row, 2^5 = 32",
            "33554432 to 32",
            format!("{boards} to {}", s.last_rows.len()),
            &format!(
                "data/lightsout/{LAST_ROWS_CSV}: {} rows (one per last row), column positions sums to {boards} (every \
                pattern chased)",
                s.last_rows.len()
            ),
        )
        .quoted("thus reduced the complexity from 225 (33554432) to 25 (32)."),
    );
    out
}

/// The last rows after chasing: how many, how many symmetric, their classes, and which can be
/// cleared.
fn last_row_claims(s: &Seed004) -> Vec<Claim> {
    let mut out = Vec::new();
    let reached = s.last_rows.iter().filter(|l| l.positions > 0).count();
    out.push(
        Claim::compare(
            FAMILY,
            "lightsout.seed004.last_rows",
            SOURCE,
            "row reduction (light chasing) leaves one of 32 last-row patterns",
            32,
            reached,
            &format!("data/lightsout/{LAST_ROWS_CSV}, rows with positions > 0 (chasing all 2^25 positions)"),
        )
        .quoted("Since there is only 32 possible patterns, we can solve it with the brute force method with ease ."),
    );
    out.extend(complexity_claims(s));
    let symmetric = s.last_rows.iter().filter(|l| l.symmetric()).count();
    out.push(
        Claim::compare(
            FAMILY,
            "lightsout.seed004.symmetric_last_rows",
            SOURCE,
            "of the 32 last rows, 8 are mirror-symmetric",
            8,
            symmetric,
            &format!("data/lightsout/{LAST_ROWS_CSV}, column symmetric (last row equal to its left-right mirror)"),
        )
        .quoted(
            "Of those 32 possible patterns in the last row, there are 8 patterns that are symmetrical (eg: XOXOX), \
        while the remaining 24 patterns has a symmetric partner (eg: XXXOO  <=>  OOXXX).",
        ),
    );
    let mut classes: Vec<u32> = s.last_rows.iter().map(LastRow::class).collect();
    classes.sort_unstable();
    classes.dedup();
    out.push(
        Claim::compare(
            FAMILY,
            "lightsout.seed004.last_row_classes",
            SOURCE,
            "(32 - 8) / 2 + 8 = 20 last rows up to mirror symmetry",
            20,
            classes.len(),
            &format!("data/lightsout/{LAST_ROWS_CSV}, distinct values of column class (a last row and its mirror)"),
        )
        .quoted("The number of non-symmetrically repeating patterns is then (32-8)/2 + 8 = 20."),
    );
    let clearable: Vec<&LastRow> = s.last_rows.iter().filter(|l| l.first_row.is_some()).collect();
    let mut clearable_classes: Vec<u32> = clearable.iter().map(|l| l.class()).collect();
    clearable_classes.sort_unstable();
    clearable_classes.dedup();
    let nonzero_classes = classes.iter().filter(|&&c| c != 0).count();
    let nonzero_clearable = clearable_classes.iter().filter(|&&c| c != 0).count();
    out.push(
        Claim::published(
            FAMILY,
            "lightsout.seed004.patterns_to_tabulate",
            SOURCE,
            "20 classes, one of them all yellow: only 19 possible independent solutions to tabulate. Read as \
                printed: each of the 19 non-blank mirror classes of last rows has a first-row solution to tabulate \
                (the count of classes, 19, is right; the verdict rests on 'solutions', the number of non-blank \
                classes that have one)",
            19,
            nonzero_clearable,
            // Substantive, not a printed slip (not "corrected"): most of the 19 solutions the seed
            // would tabulate do not exist; the evidence names a last row that has none.
            Verdict::of(nonzero_clearable == nonzero_classes),
            &format!(
                "data/lightsout/{LAST_ROWS_CSV}, columns last_row, class, solvable_positions and first_row_presses: \
                {nonzero_classes} non-blank classes of last rows exist, but only {} last rows ({}) are left by \
                solvable positions, forming {} classes, {nonzero_clearable} non-blank; the other {} last rows come \
                only from unsolvable positions and have no solution to tabulate (counterexample: last row {}, \
                solvable_positions 0, first_row_presses empty)",
                clearable.len(),
                clearable
                    .iter()
                    .map(|l| bits(l.pattern, N))
                    .collect::<Vec<_>>()
                    .join(", "),
                clearable_classes.len(),
                s.last_rows.len() - clearable.len(),
                s.last_rows
                    .iter()
                    .find(|l| l.first_row.is_none())
                    .map_or("none".to_string(), |l| bits(l.pattern, N))
            ),
        )
        .quoted("So, there are only 19 possible independent solutions, which we can tabulate very easily."),
    );
    out
}
