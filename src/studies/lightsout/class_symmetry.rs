//! The symmetry of a board's signature classes (issue 40's methods 2 and 4): the automorphism
//! group of the quiet code's classes ([`class_automorphisms`]) beside the image of the square's
//! eight symmetries in it. Orbital branching divides the branch and bound's tree by at most the
//! group's order, and split and classify (the method that settled the Reed-Muller codes' covering
//! radii, whose affine groups are vast) classifies half-words up to it, so the order says what
//! either method can gain before it is built.

use super::columns;
use crate::engine::class_automorphisms;
use crate::output::glossary;
use crate::output::schema::{col, Kind, Schema};
use crate::output::table::Table;
use anyhow::{ensure, Result};
use std::collections::{BTreeSet, HashSet};

/// The square's symmetries by name, as maps of cell (r, c) of an n x n board.
pub const SYMMETRIES: [&str; 7] = [
    "rotation by 90 degrees",
    "rotation by 180 degrees",
    "mirror in the middle row",
    "mirror in the middle column",
    "mirror in the main diagonal",
    "mirror in the other diagonal",
    "rotation by 270 degrees",
];

/// Symmetry `which` ([`SYMMETRIES`]) of the n x n board as a map of cells (row-major).
pub fn symmetry(n: usize, which: usize) -> Vec<usize> {
    let m = n - 1;
    (0..n * n)
        .map(|cell| {
            let (r, c) = (cell / n, cell % n);
            let (r2, c2) = match which {
                0 => (c, m - r),
                1 => (m - r, m - c),
                2 => (m - r, c),
                3 => (r, m - c),
                4 => (c, r),
                5 => (m - c, m - r),
                6 => (m - c, r),
                _ => panic!("no symmetry {which}"),
            };
            r2 * n + c2
        })
        .collect()
}

/// Images the automorphism search may try per side (the sides to 50 need at most a few
/// thousand).
pub const NODE_BUDGET: u64 = 10_000_000;

/// The symmetry of one side's signature classes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassSymmetry {
    pub n: usize,
    pub nullity: usize,
    /// Nonzero signature classes.
    pub classes: usize,
    /// The order of the classes' automorphism group; None when the search's budget ran out.
    pub group_order: Option<usize>,
    /// The order of the image of the square's eight symmetries in that group (the distinct class
    /// maps they induce).
    pub board_image: usize,
    /// Images tried by the search.
    pub nodes: u64,
}

/// The automorphism group of the n x n board's classes (`classes`, (signature, cells) ascending,
/// and `signature`, one per cell), searched within [`NODE_BUDGET`] images, and the image of the
/// square's symmetries in it (each checked to be one of the maps found).
pub fn of_board(n: usize, nullity: usize, classes: &[(u64, usize)], signature: &[u64]) -> Result<ClassSymmetry> {
    let found = class_automorphisms::automorphisms(classes, NODE_BUDGET);
    let nonzero: Vec<u64> = classes.iter().map(|c| c.0).filter(|&s| s != 0).collect();
    let class_of = |s: u64| nonzero.binary_search(&s).expect("a class") as u32;
    let mut board_maps = BTreeSet::new();
    board_maps.insert((0..nonzero.len() as u32).collect::<Vec<u32>>());
    for which in 0..SYMMETRIES.len() {
        let mut map = vec![0u32; nonzero.len()];
        for (cell, &to) in symmetry(n, which)
            .iter()
            .enumerate()
            .filter(|(c, _)| signature[*c] != 0)
        {
            map[class_of(signature[cell]) as usize] = class_of(signature[to]);
        }
        board_maps.insert(map);
    }
    if found.complete {
        let group: HashSet<&Vec<u32>> = found.maps.iter().collect();
        ensure!(
            board_maps.iter().all(|m| group.contains(m)),
            "internal error: {n}x{n}: a symmetry of the board is not an automorphism of its classes"
        );
    }
    Ok(ClassSymmetry {
        n,
        nullity,
        classes: nonzero.len(),
        group_order: found.order(),
        board_image: board_maps.len(),
        nodes: found.nodes,
    })
}

pub const CLASS_SYMMETRY_CSV: &str = "gods_class_symmetry.csv";

/// `gods_class_symmetry.csv` (written by [`table`]; recomputed by every run, in under a second).
pub static CLASS_SYMMETRY: Schema = Schema {
    pattern: "lightsout/gods_class_symmetry.csv",
    description: "For each side of gods_numbers.csv: the automorphism group of the quiet code's signature \
                classes (the invertible linear maps of the signatures that keep every class's size; each keeps \
                every position's fewest presses, so orbital branching or split and classify could divide a search \
                by at most its order) beside the image of the square's eight symmetries in it.",
    columns: &[
        columns::GODS_SIDE,
        columns::GODS_NULLITY,
        col(
            glossary::signature_classes,
            Kind::Integer,
            "nonzero quiet-signature classes (cells grouped by which quiet basis patterns contain them)",
        ),
        col(
            glossary::class_automorphisms,
            Kind::Integer,
            "order of the classes' automorphism group, found by an exhaustive backtracking search; empty \
                    if the search's budget ran out",
        ),
        col(
            glossary::board_symmetry_image,
            Kind::Integer,
            "distinct class maps the square's 8 rotations and reflections induce (a subgroup of the above)",
        ),
        col(
            glossary::automorphism_search_nodes,
            Kind::Integer,
            "candidate images the backtracking search tried",
        ),
    ],
    primary_key: &[glossary::n],
    source: "Computed by statespace (issue 40)",
};

/// `gods_class_symmetry.csv`, one row per side.
pub fn table(rows: &[ClassSymmetry]) -> Table {
    let mut t = CLASS_SYMMETRY.table();
    for r in rows {
        t.push(vec![
            r.n.into(),
            r.nullity.into(),
            r.classes.into(),
            r.group_order.into(),
            r.board_image.into(),
            r.nodes.into(),
        ]);
    }
    t
}
