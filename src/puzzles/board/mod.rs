//! Peg solitaire on any board: a board is a value (cells on a lattice, the lines a peg jumps
//! along, the symmetry group and position classes computed from that geometry), built in by name
//! (`triangle-N`, `english`, `european`, `wiegleb`, `diamond-N`, `hexagon-N`) or read from a file
//! ([`parse`]). Cells are numbered in reading order (row by row, then by column), so the triangle
//! of side n numbers its holes as [`crate::puzzles::peg::Triangle`] does; a position is a `u64`
//! whose bit i holds a peg on cell i.

use crate::engine::closure::Group;
use crate::puzzles::peg::Jump;
use anyhow::{bail, ensure, Context, Result};

pub mod classes;
pub mod graph;
pub mod lattice;
pub mod merson;
pub mod packed;
pub mod parse;
pub mod symmetry;
pub mod wide;

pub use classes::Classes;
pub use lattice::Lattice;
pub use parse::{BoardFileError, MAX_CELLS};
pub use symmetry::{Kind, Symmetry};
pub use wide::WideBoard;

/// A peg-solitaire board.
#[derive(Clone, Debug)]
pub struct Board {
    name: String,
    lattice: Lattice,
    /// (row, column), sorted: cell i is `cells[i]`.
    cells: Vec<(i32, i32)>,
    /// Jump lines (a, over, c) with a < c, sorted.
    lines: Vec<[u8; 3]>,
    /// Both senses of every line, sorted by (from, over, to).
    jumps: Vec<Jump>,
    symmetries: Vec<Symmetry>,
    classes: Classes,
}

/// The built-in boards, as the names `--board` takes.
pub const BUILT_IN: &str = "triangle-N (N = 3..10), english, european, wiegleb, diamond-N (N = 3..7), hexagon-N (N = \
    2..4)";

impl Board {
    /// A board from its holes; refused with no hole, more than [`MAX_CELLS`] or no jump.
    pub fn from_cells(name: &str, lattice: Lattice, cells: &[(i32, i32)]) -> Result<Board> {
        ensure!(!cells.is_empty(), "board {name}: no holes");
        ensure!(
            cells.len() <= MAX_CELLS,
            "board {name}: {} holes, more than the {MAX_CELLS} the layered engine takes",
            cells.len()
        );
        let (r0, c0) = (
            cells.iter().map(|p| p.0).min().unwrap_or(0),
            cells.iter().map(|p| p.1).min().unwrap_or(0),
        );
        let mut cells: Vec<(i32, i32)> = cells.iter().map(|&(r, c)| (r - r0, c - c0)).collect();
        cells.sort_unstable();
        cells.dedup();
        let lines = lattice::lines_of(lattice, &cells);
        ensure!(!lines.is_empty(), "board {name}: no jump is possible");
        let mut jumps: Vec<Jump> = lines
            .iter()
            .flat_map(|&[a, b, c]| {
                [
                    Jump {
                        from: a,
                        over: b,
                        to: c,
                    },
                    Jump {
                        from: c,
                        over: b,
                        to: a,
                    },
                ]
            })
            .collect();
        jumps.sort_unstable();
        let symmetries = symmetry::group(lattice, &cells, &lines);
        let classes = Classes::new(cells.len(), &lines)?;
        Ok(Board {
            name: name.to_string(),
            lattice,
            cells,
            lines,
            jumps,
            symmetries,
            classes,
        })
    }

    /// A built-in board by name ([`BUILT_IN`]).
    pub fn named(name: &str) -> Result<Board> {
        let (lattice, cells) = built_in(name)?;
        Board::from_cells(name, lattice, &cells)
    }

    /// A board from a file's text; `name` (its path) starts every error.
    pub fn from_text(text: &str, name: &str) -> Result<Board, BoardFileError> {
        let p = parse::parse(text, name)?;
        Board::from_cells(name, p.lattice, &p.cells).map_err(|e| BoardFileError(format!("board file {name}: {e:#}")))
    }

    /// A board from a file: unreadable or malformed files are a [`BoardFileError`].
    pub fn from_file(path: &std::path::Path) -> Result<Board, BoardFileError> {
        let name = path.display().to_string();
        let bytes = std::fs::read(path).map_err(|e| BoardFileError(format!("cannot read board file {name}: {e}")))?;
        let text = String::from_utf8(bytes).map_err(|e| {
            let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
            let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
            let start = good.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
            let col = String::from_utf8_lossy(&good[start..]).chars().count() + 1;
            BoardFileError(format!("board file {name}, line {line}, column {col}: not valid UTF-8"))
        })?;
        Board::from_text(&text, &name)
    }

    pub fn name(&self) -> &str {
        &self.name
    }
    pub fn lattice(&self) -> Lattice {
        self.lattice
    }
    pub fn holes(&self) -> usize {
        self.cells.len()
    }
    pub fn cells(&self) -> &[(i32, i32)] {
        &self.cells
    }
    pub fn lines(&self) -> &[[u8; 3]] {
        &self.lines
    }
    pub fn jumps(&self) -> &[Jump] {
        &self.jumps
    }
    pub fn symmetries(&self) -> &[Symmetry] {
        &self.symmetries
    }
    pub fn group_order(&self) -> usize {
        self.symmetries.len()
    }
    pub fn classes(&self) -> &Classes {
        &self.classes
    }

    /// The symmetries as a group acting on positions.
    pub fn group(&self) -> Result<Group> {
        let maps: Vec<Vec<usize>> = self
            .symmetries
            .iter()
            .map(|s| s.map.iter().map(|&c| c as usize).collect())
            .collect();
        Group::new(&maps).context("the board's symmetries")
    }

    /// Every cell holding a peg.
    pub fn full(&self) -> u64 {
        u64::MAX >> (64 - self.holes())
    }

    /// The full board with cell `hole` empty.
    pub fn start(&self, hole: usize) -> u64 {
        self.full() & !(1 << hole)
    }

    /// A position's class ([`Classes::class`]).
    pub fn class(&self, pegs: u64) -> u64 {
        self.classes.class(pegs)
    }

    /// The number of position classes.
    pub fn class_count(&self) -> u64 {
        1 << self.classes.dimension()
    }

    /// Whether the problem from the vacancy `start` to the single peg `finish` passes the class
    /// test (a necessary condition for a solution).
    pub fn class_test(&self, start: usize, finish: usize) -> bool {
        self.class(self.start(start)) == self.class(1 << finish)
    }

    /// Whether any jump is legal on `pegs`.
    pub fn has_jump(&self, pegs: u64) -> bool {
        self.jumps
            .iter()
            .any(|j| pegs >> j.from & 1 == 1 && pegs >> j.over & 1 == 1 && pegs >> j.to & 1 == 0)
    }

    /// The cell at (row, column), if it is one.
    pub fn cell_at(&self, at: (i32, i32)) -> Option<usize> {
        self.cells.binary_search(&at).ok()
    }

    /// The cells as orbits of the group, each sorted, ordered by their first cell.
    pub fn hole_orbits(&self) -> Vec<Vec<usize>> {
        symmetry::orbits(&self.symmetries, self.holes())
    }

    /// The board as a board file (`lattice: ...` then the picture).
    pub fn picture(&self) -> String {
        let mut out = format!("lattice: {}\n", self.lattice.name());
        let rows = self.cells.iter().map(|p| p.0).max().unwrap_or(0);
        for r in 0..=rows {
            let line: String = (0..=self.cells.iter().map(|p| p.1).max().unwrap_or(0))
                .map(|c| if self.cell_at((r, c)).is_some() { 'o' } else { '.' })
                .collect();
            out.push_str(line.trim_end_matches('.'));
            out.push('\n');
        }
        out
    }
}

/// The lattice and holes of a built-in board.
fn built_in(name: &str) -> Result<(Lattice, Vec<(i32, i32)>)> {
    let sized = |prefix: &str, range: std::ops::RangeInclusive<i32>| -> Result<Option<i32>> {
        let Some(n) = name.strip_prefix(prefix) else {
            return Ok(None);
        };
        match n.parse::<i32>() {
            Ok(n) if range.contains(&n) => Ok(Some(n)),
            _ => bail!("board {name}: {prefix}N takes N in {}..={}", range.start(), range.end()),
        }
    };
    let square = |rows: &[&str]| -> Vec<(i32, i32)> {
        let mut cells = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            cells.extend(
                row.chars()
                    .enumerate()
                    .filter(|p| p.1 == 'o')
                    .map(|(c, _)| (r as i32, c as i32)),
            );
        }
        cells
    };
    let cross = |arm: i32, width: i32| -> Vec<(i32, i32)> {
        let side = 2 * arm + width;
        let inside = |x: i32| (arm..arm + width).contains(&x);
        let all = (0..side).flat_map(|r| (0..side).map(move |c| (r, c)));
        all.filter(|&(r, c)| inside(r) || inside(c)).collect()
    };
    if let Some(n) = sized("triangle-", 3..=10)? {
        return Ok((
            Lattice::Triangular,
            (0..n).flat_map(|r| (0..=r).map(move |c| (r, c))).collect(),
        ));
    }
    if let Some(n) = sized("diamond-", 3..=7)? {
        return Ok((
            Lattice::Triangular,
            (0..n).flat_map(|r| (0..n).map(move |c| (r, c))).collect(),
        ));
    }
    if let Some(n) = sized("hexagon-", 2..=4)? {
        let m = 2 * n - 1;
        let all = (0..m).flat_map(|r| (0..m).map(move |c| (r, c)));
        return Ok((Lattice::Triangular, all.filter(|&(r, c)| (r - c).abs() < n).collect()));
    }
    Ok(match name {
        "english" => (Lattice::Square, cross(2, 3)),
        "wiegleb" => (Lattice::Square, cross(3, 3)),
        "european" => (
            Lattice::Square,
            square(&[
                "..ooo..", ".ooooo.", "ooooooo", "ooooooo", "ooooooo", ".ooooo.", "..ooo..",
            ]),
        ),
        _ => bail!("unknown board {name:?}: the built-in boards are {BUILT_IN}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::peg::Triangle;

    #[test]
    fn triangles_have_the_jumps_and_class_test_of_the_triangle_study() {
        for side in 4..=8 {
            let t = Triangle::new(side).unwrap();
            let b = Board::named(&format!("triangle-{side}")).unwrap();
            assert_eq!(b.holes(), t.holes());
            assert_eq!(b.jumps(), t.jumps(), "side {side}");
            assert_eq!(b.class_count(), t.class_count(), "side {side}");
            for start in 0..t.holes() {
                for finish in 0..t.holes() {
                    assert_eq!(
                        b.class_test(start, finish),
                        t.class_test(start, finish),
                        "side {side}: {start} -> {finish}"
                    );
                }
            }
            let mut ours: Vec<Vec<u8>> = b.symmetries().iter().map(|s| s.map.clone()).collect();
            let mut theirs = t.symmetries().to_vec();
            ours.sort();
            theirs.sort();
            assert_eq!(ours, theirs, "side {side}");
        }
    }

    #[test]
    fn groups_have_the_orders_and_kinds_of_the_boards() {
        let square_diagonal = Board::from_text("lattice: square-diagonal\nooo\nooo\nooo\n", "sd").unwrap();
        let cases = [
            (Board::named("english").unwrap(), 8, 33, 16),
            (Board::named("european").unwrap(), 8, 37, 0),
            (Board::named("wiegleb").unwrap(), 8, 45, 0),
            (Board::named("hexagon-3").unwrap(), 12, 19, 0),
            (Board::named("diamond-4").unwrap(), 4, 16, 0),
            (Board::named("triangle-5").unwrap(), 6, 15, 4),
            (square_diagonal, 8, 9, 0),
        ];
        for (b, order, holes, classes) in cases {
            assert_eq!((b.group_order(), b.holes()), (order, holes), "{}", b.name());
            assert!(b.group().is_ok());
            if classes > 0 {
                assert_eq!(b.class_count(), classes, "{}", b.name());
            }
            let kinds: Vec<Kind> = b.symmetries().iter().map(|s| s.kind).collect();
            assert_eq!(kinds[0], Kind::Identity);
            let reflections = kinds.iter().filter(|k| **k == Kind::Reflection).count();
            assert_eq!(reflections, order / 2, "{}", b.name());
            for s in b.symmetries() {
                assert!(symmetry::preserves_lines(&s.map, b.lines()));
            }
        }
        let english = Board::named("english").unwrap();
        let mut angles: Vec<u32> = english
            .symmetries()
            .iter()
            .filter_map(|s| match s.kind {
                Kind::Rotation(d) => Some(d),
                _ => None,
            })
            .collect();
        angles.sort_unstable();
        assert_eq!(angles, [90, 180, 270]);
        assert_eq!(english.hole_orbits().iter().filter(|o| o.len() == 1).count(), 1);
        assert_eq!(english.cell_at((3, 3)), Some(16));
    }

    #[test]
    fn a_board_reads_back_from_its_picture() {
        for name in ["english", "european", "wiegleb", "hexagon-4", "diamond-5", "triangle-7"] {
            let b = Board::named(name).unwrap();
            let again = Board::from_text(&b.picture(), name).unwrap();
            assert_eq!((again.cells(), again.lattice()), (b.cells(), b.lattice()), "{name}");
        }
    }

    #[test]
    fn malformed_files_name_the_line_and_column() {
        let cases = [
            ("", "line 1, column 1"),
            ("lattice: hex\nooo\n", "line 1, column 1"),
            ("lattice: square\n", "no holes"),
            ("lattice: square\n.o.\nxoo\n", "line 3, column 1: unknown character 'x'"),
            ("lattice: square\noo.o\n", "no jump is possible"),
            ("lattice: triangular\no\noo\n", "no jump is possible"),
        ];
        for (text, needle) in cases {
            let e = Board::from_text(text, "f.txt").unwrap_err().to_string();
            assert!(e.starts_with("board file f.txt") && e.contains(needle), "{text:?}: {e}");
        }
        let big = format!("lattice: square\n{}\n", "o".repeat(57));
        let e = Board::from_text(&big, "f").unwrap_err().to_string();
        assert!(e.contains("line 2, column 57") && e.contains("56"), "{e}");
        assert!(Board::named("triangle-11").is_err() && Board::named("nope").is_err());
    }
}
