//! Lights Out on any graph (Sutner's sigma games): a press at a vertex toggles its neighbours
//! (`sigma`) or the vertex and its neighbours (`sigma-plus`). The model is the graph alone (its
//! press matrix over GF(2) follows from the rule); a board drawn on a lattice keeps its cells'
//! coordinates for pictures. Sources: an edge-list file, a board picture on the square or the
//! hexagonal lattice, and named graphs (the Platonic solids, the Petersen graph, hypercubes,
//! grids, hexagonal boards). How boards are solved lives in the studies.

use super::board::parse::read_picture;
use super::board::BoardFileError;
use crate::engine::gf2::BitMatrix;
use anyhow::{bail, Result};

/// Sutner's two games on a graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GraphRule {
    /// A press toggles the vertex and its neighbours (the classic game on grids).
    SigmaPlus,
    /// A press toggles the neighbours only.
    Sigma,
}

impl GraphRule {
    pub fn name(self) -> &'static str {
        match self {
            GraphRule::SigmaPlus => "sigma-plus",
            GraphRule::Sigma => "sigma",
        }
    }
}

/// The lattice of a board picture: square cells have 4 neighbours, hexagonal ones 6 (drawn in
/// skewed rows, as the peg boards' triangular lattice: (r, c) touches (r, c +- 1), (r +- 1, c),
/// (r + 1, c + 1) and (r - 1, c - 1)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PictureLattice {
    Square,
    Hexagonal,
}

impl PictureLattice {
    pub fn name(self) -> &'static str {
        match self {
            PictureLattice::Square => "square",
            PictureLattice::Hexagonal => "hexagonal",
        }
    }

    fn steps(self) -> &'static [(i32, i32)] {
        match self {
            PictureLattice::Square => &[(0, 1), (1, 0)],
            PictureLattice::Hexagonal => &[(0, 1), (1, 0), (1, 1)],
        }
    }
}

/// The most vertices a graph may have: its dense press matrix (n^2 bits) stays within 2 GiB.
pub const MAX_VERTICES: usize = 1 << 17;

/// A simple graph (no loops, no multiple edges) with sorted neighbour lists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PressGraph {
    name: String,
    neighbours: Vec<Vec<u32>>,
    /// Where the graph is a board on a lattice: the lattice and each vertex's (row, column).
    cells: Option<(PictureLattice, Vec<(i32, i32)>)>,
}

impl PressGraph {
    /// The graph on `vertices` vertices with these edges; refuses loops, repeated edges and
    /// vertices out of range.
    pub fn from_edges(name: &str, vertices: usize, edges: &[(usize, usize)]) -> Result<PressGraph> {
        if vertices == 0 || vertices > MAX_VERTICES {
            bail!("graph {name}: {vertices} vertices is outside 1..={MAX_VERTICES}");
        }
        let mut neighbours = vec![Vec::new(); vertices];
        for &(a, b) in edges {
            if a >= vertices || b >= vertices {
                bail!("graph {name}: edge {a} {b} names a vertex outside 0..{vertices}");
            }
            if a == b {
                bail!("graph {name}: edge {a} {a} is a loop");
            }
            neighbours[a].push(b as u32);
            neighbours[b].push(a as u32);
        }
        for (v, list) in neighbours.iter_mut().enumerate() {
            list.sort_unstable();
            if let Some(w) = list.windows(2).find(|w| w[0] == w[1]) {
                bail!("graph {name}: edge {v} {} is listed twice", w[0]);
            }
        }
        Ok(PressGraph {
            name: name.to_string(),
            neighbours,
            cells: None,
        })
    }

    /// A board on a lattice: its cells (row, column) are the vertices, in reading order.
    pub fn from_cells(name: &str, lattice: PictureLattice, cells: &[(i32, i32)]) -> Result<PressGraph> {
        let mut sorted = cells.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        let index = |p: (i32, i32)| sorted.binary_search(&p).ok();
        let mut edges = Vec::new();
        for (i, &(r, c)) in sorted.iter().enumerate() {
            for &(dr, dc) in lattice.steps() {
                if let Some(j) = index((r + dr, c + dc)) {
                    edges.push((i, j));
                }
            }
        }
        let mut g = PressGraph::from_edges(name, sorted.len(), &edges)?;
        g.cells = Some((lattice, sorted));
        Ok(g)
    }

    /// An edge-list file: one pair of 0-based vertex numbers per line, `#` starts a comment, and
    /// a line `vertices N` names the vertex count (so isolated vertices exist; without it the
    /// count is one more than the largest vertex named). Every refusal is one line naming the
    /// file and the line.
    pub fn parse_edge_list(text: &str, name: &str) -> Result<PressGraph, BoardFileError> {
        let err = |line: usize, what: String| BoardFileError(format!("graph file {name}, line {line}: {what}"));
        let mut declared: Option<(usize, usize)> = None;
        let mut edges: Vec<(usize, usize, usize)> = Vec::new();
        for (i, raw) in text.strip_prefix('\u{feff}').unwrap_or(text).lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            let words: Vec<&str> = line.split_whitespace().collect();
            let number = |w: &str| {
                w.parse::<usize>()
                    .ok()
                    .filter(|&v| v < MAX_VERTICES)
                    .ok_or_else(|| err(i + 1, format!("{w:?} is not a vertex number in 0..{MAX_VERTICES}")))
            };
            match words.as_slice() {
                [] => {}
                ["vertices", n] if declared.is_none() => {
                    let n = n
                        .parse::<usize>()
                        .ok()
                        .filter(|n| (1..=MAX_VERTICES).contains(n))
                        .ok_or_else(|| err(i + 1, format!("vertices {n:?} is outside 1..={MAX_VERTICES}")))?;
                    declared = Some((n, i + 1));
                }
                ["vertices", _] => return Err(err(i + 1, "a second `vertices` line".into())),
                [a, b] => edges.push((number(a)?, number(b)?, i + 1)),
                _ => {
                    let shown: String = line.chars().take(40).collect();
                    return Err(err(
                        i + 1,
                        format!("expected two vertex numbers or `vertices N`, found {shown:?}"),
                    ));
                }
            }
        }
        let largest = edges.iter().map(|e| e.0.max(e.1) + 1).max();
        let vertices = match (declared, largest) {
            (Some((n, _)), _) => n,
            (None, Some(n)) => n,
            (None, None) => return Err(err(1, "the graph is empty: no edge and no `vertices N` line".into())),
        };
        let mut seen = std::collections::HashSet::new();
        for &(a, b, line) in &edges {
            if a.max(b) >= vertices {
                return Err(err(
                    line,
                    format!(
                        "vertex {} is out of range (the graph has vertices 0..{vertices})",
                        a.max(b)
                    ),
                ));
            }
            if a == b {
                return Err(err(line, format!("edge {a} {b} is a self-loop")));
            }
            if !seen.insert((a.min(b), a.max(b))) {
                return Err(err(line, format!("edge {a} {b} is listed twice")));
            }
        }
        let pairs: Vec<(usize, usize)> = edges.iter().map(|e| (e.0, e.1)).collect();
        PressGraph::from_edges(name, vertices, &pairs).map_err(|e| err(1, e.to_string()))
    }

    /// A board picture: a first line `lattice: square` or `lattice: hexagonal`, then one
    /// character per cell (`o` a cell, `.` or a space none).
    pub fn parse_picture(text: &str, name: &str) -> Result<PressGraph, BoardFileError> {
        let lattices = [PictureLattice::Square, PictureLattice::Hexagonal].map(|l| (l.name(), l));
        let (lattice, cells) = read_picture(text, name, &lattices, MAX_VERTICES, "the dense press matrix's limit")?;
        PressGraph::from_cells(name, lattice, &cells).map_err(|e| BoardFileError(e.to_string()))
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn vertices(&self) -> usize {
        self.neighbours.len()
    }

    pub fn edges(&self) -> usize {
        self.neighbours.iter().map(Vec::len).sum::<usize>() / 2
    }

    pub fn neighbours(&self, v: usize) -> &[u32] {
        &self.neighbours[v]
    }

    /// The lattice and cells, where the graph is a board.
    pub fn cells(&self) -> Option<&(PictureLattice, Vec<(i32, i32)>)> {
        self.cells.as_ref()
    }

    /// The press matrix: row v is what a press at v toggles (symmetric, so it is also the
    /// matrix whose columns are the presses).
    pub fn press_matrix(&self, rule: GraphRule) -> Result<BitMatrix> {
        let n = self.vertices();
        let mut m = BitMatrix::zeros(n, n)?;
        for (v, list) in self.neighbours.iter().enumerate() {
            if rule == GraphRule::SigmaPlus {
                m.set(v, v, true);
            }
            for &w in list {
                m.set(v, w as usize, true);
            }
        }
        Ok(m)
    }

    /// (rank, nullity) of the press matrix.
    pub fn rank(&self, rule: GraphRule) -> Result<(usize, usize)> {
        let rank = self.press_matrix(rule)?.rank_in_place();
        Ok((rank, self.vertices() - rank))
    }
}
