//! Named graphs for Lights Out ([`PressGraph`]): the five Platonic solids' graphs, the Petersen
//! graph, hypercubes Q_k, cycles, paths, complete graphs, m x n grids and hexagonal boards. Each
//! is built from its definition (generalised Petersen graphs, bit flips, lattice cells), never
//! from a typed edge list, so the tests can check each against its known vertex and edge counts.

use super::press_graph::{PictureLattice, PressGraph};
use anyhow::{bail, Context, Result};

/// The names `named` takes, for help texts and errors.
pub const NAMES: &str = "tetrahedron, cube, octahedron, dodecahedron, icosahedron, petersen, hypercube-K, \
    cycle-N, path-N, complete-N, grid-MxN, hex-N (the N x N rhombus of hexagonal cells), hexagon-N (the \
    hexagon of side N), triangle-N (the triangle of side N of hexagonal cells)";

/// The graph of that name.
pub fn named(name: &str) -> Result<PressGraph> {
    let sized = |prefix: &str| name.strip_prefix(prefix).map(|n| n.parse::<usize>());
    let size = |n: std::result::Result<usize, std::num::ParseIntError>, lo: usize, hi: usize| {
        n.ok()
            .filter(|n| (lo..=hi).contains(n))
            .with_context(|| format!("graph {name:?}: the size must be in {lo}..={hi}"))
    };
    match name {
        "tetrahedron" => complete(name, 4),
        "cube" => generalised_petersen(name, 4, 1),
        "octahedron" => octahedron(name),
        "dodecahedron" => generalised_petersen(name, 10, 2),
        "icosahedron" => icosahedron(name),
        "petersen" => generalised_petersen(name, 5, 2),
        _ if name.starts_with("hypercube-") => hypercube(name, size(sized("hypercube-").unwrap(), 1, 17)?),
        _ if name.starts_with("cycle-") => cycle(name, size(sized("cycle-").unwrap(), 3, 1 << 17)?),
        _ if name.starts_with("path-") => path(name, size(sized("path-").unwrap(), 1, 1 << 17)?),
        _ if name.starts_with("complete-") => complete(name, size(sized("complete-").unwrap(), 1, 4096)?),
        _ if name.starts_with("hex-") => {
            let n = size(sized("hex-").unwrap(), 1, 362)? as i32;
            let cells: Vec<(i32, i32)> = (0..n).flat_map(|r| (0..n).map(move |c| (r, c))).collect();
            PressGraph::from_cells(name, PictureLattice::Hexagonal, &cells)
        }
        _ if name.starts_with("hexagon-") => hexagon(name, size(sized("hexagon-").unwrap(), 1, 209)? as i32),
        _ if name.starts_with("triangle-") => {
            let n = size(sized("triangle-").unwrap(), 1, 511)? as i32;
            let cells: Vec<(i32, i32)> = (0..n).flat_map(|r| (0..=r).map(move |c| (r, c))).collect();
            PressGraph::from_cells(name, PictureLattice::Hexagonal, &cells)
        }
        _ if name.starts_with("grid-") => grid(name),
        _ => bail!("unknown graph {name:?}: the named graphs are {NAMES}"),
    }
}

fn complete(name: &str, n: usize) -> Result<PressGraph> {
    let edges: Vec<(usize, usize)> = (0..n).flat_map(|a| (a + 1..n).map(move |b| (a, b))).collect();
    PressGraph::from_edges(name, n, &edges)
}

fn cycle(name: &str, n: usize) -> Result<PressGraph> {
    let edges: Vec<(usize, usize)> = (0..n).map(|a| (a, (a + 1) % n)).collect();
    PressGraph::from_edges(name, n, &edges)
}

fn path(name: &str, n: usize) -> Result<PressGraph> {
    let edges: Vec<(usize, usize)> = (1..n).map(|a| (a - 1, a)).collect();
    PressGraph::from_edges(name, n, &edges)
}

/// GP(n, k): an outer n-cycle, an inner star polygon {n/k}, spokes between them (the cube is
/// GP(4, 1), the Petersen graph GP(5, 2), the dodecahedron GP(10, 2)).
fn generalised_petersen(name: &str, n: usize, k: usize) -> Result<PressGraph> {
    let mut edges = Vec::new();
    for i in 0..n {
        edges.push((i, (i + 1) % n));
        edges.push((i, n + i));
        edges.push((n + i, n + (i + k) % n));
    }
    PressGraph::from_edges(name, 2 * n, &edges)
}

/// K_{2,2,2}: six vertices, each joined to all but its opposite (i xor 1).
fn octahedron(name: &str) -> Result<PressGraph> {
    let edges: Vec<(usize, usize)> = (0..6usize)
        .flat_map(|a| (a + 1..6).filter(move |&b| b != a ^ 1).map(move |b| (a, b)))
        .collect();
    PressGraph::from_edges(name, 6, &edges)
}

/// A pole (0), an upper pentagon (1..=5), a lower pentagon (6..=10) and a pole (11); upper
/// vertex i touches lower i and i + 1 (an antiprism between the pentagons).
fn icosahedron(name: &str) -> Result<PressGraph> {
    let mut edges = Vec::new();
    for i in 0..5 {
        let (up, up_next) = (1 + i, 1 + (i + 1) % 5);
        let (low, low_next) = (6 + i, 6 + (i + 1) % 5);
        edges.extend([
            (0, up),
            (up, up_next),
            (low, low_next),
            (11, low),
            (up, low),
            (up, low_next),
        ]);
    }
    PressGraph::from_edges(name, 12, &edges)
}

/// Q_k: the k-bit words, joined when they differ in one bit.
fn hypercube(name: &str, k: usize) -> Result<PressGraph> {
    let n = 1usize << k;
    let edges: Vec<(usize, usize)> = (0..n)
        .flat_map(|v| (0..k).map(move |b| (v, v ^ 1 << b)).filter(|&(a, b)| a < b))
        .collect();
    PressGraph::from_edges(name, n, &edges)
}

/// `grid-MxN`: m rows of n square cells.
fn grid(name: &str) -> Result<PressGraph> {
    let dims = name.strip_prefix("grid-").and_then(|d| d.split_once('x'));
    let parse = |s: &str| s.parse::<i32>().ok().filter(|v| (1..=362).contains(v));
    let Some((m, n)) = dims.and_then(|(m, n)| Some((parse(m)?, parse(n)?))) else {
        bail!("graph {name:?}: expected grid-MxN with M and N in 1..=362");
    };
    let cells: Vec<(i32, i32)> = (0..m).flat_map(|r| (0..n).map(move |c| (r, c))).collect();
    PressGraph::from_cells(name, PictureLattice::Square, &cells)
}

/// The hexagon of side n on the hexagonal lattice in skewed rows: the cells (r, c) with
/// 0 <= r, c < 2n - 1 and |r - c| < n.
fn hexagon(name: &str, n: i32) -> Result<PressGraph> {
    let w = 2 * n - 1;
    let cells: Vec<(i32, i32)> = (0..w)
        .flat_map(|r| (0..w).filter(move |&c| (r - c).abs() < n).map(move |c| (r, c)))
        .collect();
    PressGraph::from_cells(name, PictureLattice::Hexagonal, &cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_graphs_have_their_known_sizes_and_degrees() {
        // (name, vertices, edges, degree if regular)
        let known = [
            ("tetrahedron", 4, 6, Some(3)),
            ("cube", 8, 12, Some(3)),
            ("octahedron", 6, 12, Some(4)),
            ("dodecahedron", 20, 30, Some(3)),
            ("icosahedron", 12, 30, Some(5)),
            ("petersen", 10, 15, Some(3)),
            ("hypercube-4", 16, 32, Some(4)),
            ("cycle-7", 7, 7, Some(2)),
            ("path-5", 5, 4, None),
            ("complete-6", 6, 15, Some(5)),
            ("grid-3x4", 12, 17, None),
            ("hex-3", 9, 16, None),
            ("hexagon-2", 7, 12, None),
            ("triangle-3", 6, 9, None),
        ];
        for (name, v, e, degree) in known {
            let g = named(name).unwrap();
            assert_eq!((g.vertices(), g.edges()), (v, e), "{name}");
            if let Some(d) = degree {
                assert!((0..v).all(|x| g.neighbours(x).len() == d), "{name} is {d}-regular");
            }
        }
    }

    #[test]
    fn the_square_grid_has_the_classic_games_rank() {
        use crate::puzzles::press_graph::GraphRule;
        // The 5x5 plus game has nullity 2, the 4x4 nullity 4, the 3x3 none (seed 000, OEIS A075462).
        for (n, nullity) in [(3, 0), (4, 4), (5, 2)] {
            let g = named(&format!("grid-{n}x{n}")).unwrap();
            assert_eq!(g.rank(GraphRule::SigmaPlus).unwrap().1, nullity, "{n}x{n}");
        }
    }

    #[test]
    fn bad_names_are_refused_with_the_list() {
        for bad in [
            "",
            "cubes",
            "hypercube-0",
            "hypercube-x",
            "grid-3",
            "grid-0x4",
            "hex-0",
            "cycle-2",
        ] {
            let e = named(bad).unwrap_err().to_string();
            assert!(e.contains(bad) || bad.is_empty(), "{bad}: {e}");
        }
    }
}
