//! Lights Out on any graph ([`PressGraph`]) under Sutner's sigma or sigma-plus rule: the square
//! boards' analyses from the press matrix alone. Rank and nullity by dense elimination over GF(2),
//! the quiet patterns (a null-space basis), the click-distance histogram (every 2^cells press
//! pattern up to 25 vertices, else the quiet-signature classes of [`histogram`]), the fewest
//! presses that clear a given board (the exact coset minimum of [`solve::coset_minimum`]), and
//! nullity sweeps over families of graphs (hexagonal boards, hypercubes, ...).

use super::histogram::{self, EXHAUSTIVE_CELLS};
use super::solve::{self, EXACT_NULLITY};
use crate::engine::gf2::{self, BitMatrix};
use crate::puzzles::named_graphs;
use crate::puzzles::press_graph::{GraphRule, PressGraph};
use anyhow::{bail, Result};
use num_bigint::BigUint;

/// One graph under one rule.
#[derive(Clone, Debug)]
pub struct GraphGame {
    pub graph: PressGraph,
    pub rule: GraphRule,
}

impl GraphGame {
    pub fn press_matrix(&self) -> Result<BitMatrix> {
        self.graph.press_matrix(self.rule)
    }

    /// Rule then graph, for file names: `sigma-plus_petersen`, `sigma_hex-5`; a file's graph by
    /// its file stem.
    pub fn stem(&self) -> String {
        format!("{}_{}", self.rule.name(), slug(self.graph.name()))
    }

    /// How lines and refusals name it: `sigma-plus on petersen`.
    pub fn label(&self) -> String {
        format!("{} on {}", self.rule.name(), self.graph.name())
    }
}

/// A graph's name as a file-name part (a file's graph by its file stem).
pub use crate::output::export::slug;

/// Bytes of the dense press matrix the elimination works in.
pub fn rank_bytes(vertices: usize) -> u128 {
    vertices as u128 * (vertices as u128).div_ceil(64) * 8
}

/// Bytes the histogram takes: the exhaustive table (one byte per board) or the elimination.
pub fn histogram_bytes(vertices: usize) -> u128 {
    if vertices <= EXHAUSTIVE_CELLS {
        1 << vertices
    } else {
        2 * rank_bytes(vertices)
    }
}

/// The click-distance histogram of one graph: counts[k] = solvable boards whose fewest presses
/// are k (the last index is God's number).
#[derive(Clone, Debug, PartialEq)]
pub struct GraphHistogram {
    pub nullity: usize,
    pub method: String,
    pub counts: Vec<BigUint>,
}

impl GraphHistogram {
    pub fn gods_number(&self) -> usize {
        self.counts.len() - 1
    }

    pub fn total(&self) -> BigUint {
        self.counts.iter().sum()
    }
}

/// The histogram, or an error naming why it is out of reach (more signature profiles than the
/// method enumerates).
pub fn histogram(g: &GraphGame) -> Result<GraphHistogram> {
    let a = g.press_matrix()?;
    if a.cols() <= EXHAUSTIVE_CELLS {
        return Ok(GraphHistogram {
            nullity: a.nullity(),
            method: histogram::EXHAUSTIVE_METHOD.into(),
            counts: histogram::exhaustive_counts(&a)?,
        });
    }
    let (counts, nullity, method) = histogram::signature_counts(&a, &g.label())?;
    Ok(GraphHistogram {
        nullity,
        method,
        counts,
    })
}

/// Why [`histogram`] refuses this graph, or None when it computes it (one null space).
pub fn histogram_out_of_reach(g: &GraphGame) -> Result<Option<String>> {
    if g.graph.vertices() <= EXHAUSTIVE_CELLS {
        return Ok(None);
    }
    histogram::matrix_out_of_reach(&g.press_matrix()?, &g.label())
}

/// The fewest presses that clear a board, proven: one pattern of that weight.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fewest {
    /// Bit v: press vertex v.
    pub presses: Vec<u64>,
    pub count: u64,
    pub nullity: usize,
}

/// The fewest presses that clear `board` (bit v: vertex v lit), or None when no press pattern
/// does. Exact: the minimum over the 2^nullity solutions by the Walsh transform of their
/// signatures; refuses a nullity past [`EXACT_NULLITY`].
pub fn fewest(a: &BitMatrix, board: &[u64]) -> Result<Option<Fewest>> {
    let Some(sol) = a.solve(board)? else {
        return Ok(None);
    };
    let k = sol.kernel.len();
    if k > EXACT_NULLITY {
        bail!("nullity {k}: the exact fewest presses are computed up to nullity {EXACT_NULLITY}");
    }
    let cells = a.cols();
    let mut presses = sol.particular;
    if k > 0 {
        let (_, best) = solve::coset_minimum(&signatures(&presses, &sol.kernel, cells), cells, k, None);
        for (j, q) in sol.kernel.iter().enumerate() {
            if best >> j & 1 == 1 {
                gf2::xor_into(&mut presses, q);
            }
        }
    }
    Ok(Some(Fewest {
        count: gf2::popcount(&presses),
        presses,
        nullity: k,
    }))
}

/// Every distinct quiet signature (bit j: the vertex lies in `kernel[j]`) with the sum of
/// (-1)^{x_v} over its vertices, sorted: the input of [`solve::coset_minimum`].
fn signatures(x: &[u64], kernel: &[Vec<u64>], cells: usize) -> Vec<(u64, i32)> {
    let sigs: Vec<(u64, i32)> = vertex_signatures(kernel, cells)
        .into_iter()
        .enumerate()
        .map(|(v, s)| (s, if gf2::get_bit(x, v) { -1 } else { 1 }))
        .collect();
    solve::merge_signatures(sigs)
}

/// Every vertex's quiet signature: bit j when the vertex lies in `kernel[j]`.
pub fn vertex_signatures(kernel: &[Vec<u64>], vertices: usize) -> Vec<u64> {
    (0..vertices)
        .map(|v| {
            kernel
                .iter()
                .enumerate()
                .fold(0u64, |s, (j, q)| s | (gf2::get_bit(q, v) as u64) << j)
        })
        .collect()
}

/// The all-on board of `cells` vertices.
pub fn all_on(cells: usize) -> Vec<u64> {
    let mut v = vec![0u64; cells.div_ceil(64)];
    for i in 0..cells {
        gf2::set_bit(&mut v, i, true);
    }
    v
}

/// A family of graphs indexed by a size n, for sweeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Family {
    /// The n x n rhombus of hexagonal cells (`hex-n`).
    Hex,
    /// The regular hexagon of hexagonal cells of side n (`hexagon-n`).
    Hexagon,
    /// The hypercube Q_n.
    Hypercube,
    /// The cycle C_n (n >= 3).
    Cycle,
    /// The triangle of side n of hexagonal cells.
    Triangle,
}

impl Family {
    pub const ALL: [Family; 5] = [
        Family::Hex,
        Family::Hexagon,
        Family::Hypercube,
        Family::Cycle,
        Family::Triangle,
    ];

    /// The smallest member's n.
    pub fn first(self) -> usize {
        if self == Family::Cycle {
            3
        } else {
            1
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Family::Hex => "hex",
            Family::Hexagon => "hexagon",
            Family::Hypercube => "hypercube",
            Family::Cycle => "cycle",
            Family::Triangle => "triangle",
        }
    }

    /// In words, for titles and pages.
    pub fn describe(self) -> &'static str {
        match self {
            Family::Hex => "the n x n rhombus of hexagonal cells",
            Family::Hexagon => "the hexagon of side n of hexagonal cells",
            Family::Hypercube => "the hypercube Q_n (2^n vertices)",
            Family::Cycle => "the cycle C_n",
            Family::Triangle => "the triangle of side n of hexagonal cells",
        }
    }

    /// The member of size n.
    pub fn graph(self, n: usize) -> Result<PressGraph> {
        named_graphs::named(&format!("{}-{n}", self.name()))
    }

    /// Vertices of the member of size n.
    pub fn vertices(self, n: usize) -> u128 {
        let n = n as u128;
        match self {
            Family::Hex => n * n,
            Family::Hexagon => (3 * n * n + 1).saturating_sub(3 * n),
            Family::Hypercube => 1u128 << n.min(100),
            Family::Cycle => n,
            Family::Triangle => n * (n + 1) / 2,
        }
    }

    /// The largest n a sweep takes: members of at most [`SWEEP_VERTICES`] vertices, or (the
    /// rhombus, by light chasing) [`HEX_MAX_N`].
    pub fn max_n(self) -> usize {
        if self == Family::Hex {
            return HEX_MAX_N;
        }
        (1..)
            .take_while(|&n| self.vertices(n) <= SWEEP_VERTICES as u128)
            .last()
            .unwrap_or(1)
    }

    /// How a sweep computes the members.
    pub fn method(self) -> &'static str {
        match self {
            Family::Hex => "light chasing: an n x n system over GF(2) per member",
            _ => "dense elimination of the press matrix over GF(2)",
        }
    }
}

/// The largest rhombus side a sweep takes: light chasing costs about n^3 / 64 word operations,
/// a few seconds at this side.
pub const HEX_MAX_N: usize = 4096;

/// The most vertices of a sweep's member: its dense elimination (n^3 / 64 word operations)
/// stays within about a minute on one core.
pub const SWEEP_VERTICES: usize = 1 << 14;

/// One row of a family sweep.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SweepRow {
    pub n: usize,
    pub vertices: usize,
    pub edges: usize,
    pub rank: usize,
    pub nullity: usize,
    /// Whether some press pattern clears the all-on board.
    pub all_on_solvable: bool,
}

/// One graph's row: rank and nullity from solving the all-on board (one elimination; a second
/// only when it has no solution).
pub fn sweep_row(n: usize, graph: &PressGraph, rule: GraphRule) -> Result<SweepRow> {
    let a = graph.press_matrix(rule)?;
    let (nullity, all_on_solvable) = match a.solve(&all_on(graph.vertices()))? {
        Some(sol) => (sol.kernel.len(), true),
        None => (a.nullity(), false),
    };
    Ok(SweepRow {
        n,
        vertices: graph.vertices(),
        edges: graph.edges(),
        rank: graph.vertices() - nullity,
        nullity,
        all_on_solvable,
    })
}

/// The rhombus's row by light chasing ([`super::hex_chase`]), without building its graph.
pub fn rhombus_row(n: usize, rule: GraphRule) -> Result<SweepRow> {
    let (nullity, all_on_solvable) = super::hex_chase::rhombus(n, rule)?;
    Ok(SweepRow {
        n,
        vertices: n * n,
        edges: (n - 1) * (3 * n - 1),
        rank: n * n - nullity,
        nullity,
        all_on_solvable,
    })
}

/// Rank and nullity of the family's members of size first..=max_n (the rhombus by light
/// chasing, the others by dense elimination), the largest first so the members share the two
/// cores' time evenly.
pub fn sweep(family: Family, rule: GraphRule, max_n: usize) -> Result<Vec<SweepRow>> {
    use rayon::prelude::*;
    let mut rows: Vec<SweepRow> = (family.first()..=max_n)
        .rev()
        .collect::<Vec<_>>()
        .into_par_iter()
        .map(|n| match family {
            Family::Hex => rhombus_row(n, rule),
            _ => sweep_row(n, &family.graph(n)?, rule),
        })
        .collect::<Result<_>>()?;
    rows.sort_by_key(|r| r.n);
    Ok(rows)
}

/// Grids with a fixed hole pattern: the n x n region of the square or hexagonal lattice tiled by a
/// motif (a board picture whose `.` cells are holes, repeated with the picture's period).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tiling {
    pub name: String,
    pub lattice: crate::puzzles::press_graph::PictureLattice,
    /// Rows and columns of the motif (its picture's lines and longest line).
    pub period: (usize, usize),
    /// The motif's cells (row, column), in reading order.
    pub cells: Vec<(usize, usize)>,
}

impl Tiling {
    /// A motif from a board picture (`lattice: square` or `lattice: hexagonal`); `name` names
    /// the family in file names.
    pub fn parse(text: &str, name: &str) -> Result<Tiling, crate::puzzles::board::BoardFileError> {
        use crate::puzzles::press_graph::PictureLattice;
        let lattices = [PictureLattice::Square, PictureLattice::Hexagonal].map(|l| (l.name(), l));
        let (lattice, cells) = crate::puzzles::board::parse::read_picture(text, name, &lattices, 4096, "a motif")?;
        let lines: Vec<&str> = text.lines().skip(1).collect();
        let rows = lines.iter().rposition(|l| !l.trim().is_empty()).map_or(0, |i| i + 1);
        let cols = lines[..rows]
            .iter()
            .map(|l| l.trim_end().chars().count())
            .max()
            .unwrap_or(0);
        if cells.is_empty() {
            return Err(crate::puzzles::board::BoardFileError(format!(
                "motif file {name}: the motif has no cell"
            )));
        }
        Ok(Tiling {
            name: slug(name),
            lattice,
            period: (rows, cols),
            cells: cells.iter().map(|&(r, c)| (r as usize, c as usize)).collect(),
        })
    }

    /// The member of size n: the cells of the n x n region the motif tiles.
    pub fn member(&self, n: usize) -> Result<PressGraph> {
        let (pr, pc) = self.period;
        let cells: Vec<(i32, i32)> = (0..n)
            .flat_map(|r| (0..n).map(move |c| (r, c)))
            .filter(|&(r, c)| self.cells.binary_search(&(r % pr, c % pc)).is_ok())
            .map(|(r, c)| (r as i32, c as i32))
            .collect();
        if cells.is_empty() {
            bail!("the {n} x {n} region of motif {} holds no cell", self.name);
        }
        PressGraph::from_cells(&format!("{}-{n}", self.name), self.lattice, &cells)
    }

    /// The largest n a sweep takes (members of at most [`SWEEP_VERTICES`] cells).
    pub fn max_n(&self) -> usize {
        let density = self.cells.len() as f64 / (self.period.0 * self.period.1) as f64;
        ((SWEEP_VERTICES as f64 / density).sqrt() as usize).max(1)
    }
}

/// The tiling's members of size 1..=max_n by dense elimination (those holding a cell).
pub fn sweep_tiling(t: &Tiling, rule: GraphRule, max_n: usize) -> Result<Vec<SweepRow>> {
    use rayon::prelude::*;
    let mut rows: Vec<SweepRow> = (1..=max_n)
        .rev()
        .collect::<Vec<_>>()
        .into_par_iter()
        .filter_map(|n| t.member(n).ok().map(|g| sweep_row(n, &g, rule)))
        .collect::<Result<_>>()?;
    rows.sort_by_key(|r| r.n);
    Ok(rows)
}

/// What a sweep runs over: a built-in family or a tiling by a motif.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SweepKind {
    Family(Family),
    Tiled(Tiling),
}

impl SweepKind {
    /// For file names: `hex`, `tiled-<motif>`.
    pub fn name(&self) -> String {
        match self {
            SweepKind::Family(f) => f.name().into(),
            SweepKind::Tiled(t) => format!("tiled-{}", t.name),
        }
    }

    pub fn describe(&self) -> String {
        match self {
            SweepKind::Family(f) => f.describe().into(),
            SweepKind::Tiled(t) => format!("the n x n {} grid with {}'s holes", t.lattice.name(), t.name),
        }
    }

    pub fn first(&self) -> usize {
        match self {
            SweepKind::Family(f) => f.first(),
            SweepKind::Tiled(_) => 1,
        }
    }

    pub fn max_n(&self) -> usize {
        match self {
            SweepKind::Family(f) => f.max_n(),
            SweepKind::Tiled(t) => t.max_n(),
        }
    }

    pub fn method(&self) -> &'static str {
        match self {
            SweepKind::Family(f) => f.method(),
            SweepKind::Tiled(_) => Family::Hexagon.method(),
        }
    }

    pub fn sweep(&self, rule: GraphRule, max_n: usize) -> Result<Vec<SweepRow>> {
        match self {
            SweepKind::Family(f) => sweep(*f, rule, max_n),
            SweepKind::Tiled(t) => sweep_tiling(t, rule, max_n),
        }
    }
}
