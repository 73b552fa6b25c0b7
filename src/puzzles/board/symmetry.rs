//! A board's symmetry group, computed from its geometry: every isometry of the lattice (a point
//! symmetry, then the translation that puts the image's first cell on the board's) that maps the
//! cells onto themselves, kept only when the permutation of cells it induces maps every jump line
//! to a jump line.

use super::lattice::{apply, det, Lattice, Matrix};

/// What kind of isometry a symmetry is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    Identity,
    /// A rotation by this many degrees (counter-clockwise, 1..360).
    Rotation(u32),
    Reflection,
}

impl std::fmt::Display for Kind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Kind::Identity => f.write_str("identity"),
            Kind::Rotation(d) => write!(f, "rotation by {d} degrees"),
            Kind::Reflection => f.write_str("reflection"),
        }
    }
}

/// One symmetry: `map[i]` is the cell that cell i goes to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symmetry {
    pub map: Vec<u8>,
    pub kind: Kind,
}

/// Whether the permutation `map` sends every jump line (sorted list) to a jump line.
pub fn preserves_lines(map: &[u8], lines: &[[u8; 3]]) -> bool {
    lines.iter().all(|&[a, b, c]| {
        let (x, y) = (map[a as usize], map[c as usize]);
        let image = [x.min(y), map[b as usize], x.max(y)];
        lines.binary_search(&image).is_ok()
    })
}

/// The permutation of `cells` (sorted) induced by the point symmetry `m`, if `m` followed by a
/// translation maps the cell set onto itself.
fn induced(m: &Matrix, cells: &[(i32, i32)]) -> Option<Vec<u8>> {
    let images: Vec<(i32, i32)> = cells.iter().map(|&p| apply(m, p)).collect();
    let low = *images.iter().min()?;
    let (dr, dc) = (cells[0].0 - low.0, cells[0].1 - low.1);
    images
        .iter()
        .map(|&(r, c)| cells.binary_search(&(r + dr, c + dc)).ok().map(|i| i as u8))
        .collect()
}

/// Every symmetry of the board (identity first, then in the lattice's point-group order).
pub fn group(lattice: Lattice, cells: &[(i32, i32)], lines: &[[u8; 3]]) -> Vec<Symmetry> {
    let mut out: Vec<Symmetry> = Vec::new();
    for m in lattice.point_group() {
        let Some(map) = induced(&m, cells) else { continue };
        if !preserves_lines(&map, lines) || out.iter().any(|s| s.map == map) {
            continue;
        }
        let kind = if det(&m) < 0 {
            Kind::Reflection
        } else if map.iter().enumerate().all(|(i, &j)| i == j as usize) {
            Kind::Identity
        } else {
            Kind::Rotation(lattice.rotation_degrees(&m))
        };
        out.push(Symmetry { map, kind });
    }
    out
}

/// The cells `0..cells` as orbits of `symmetries`, each sorted, ordered by their first cell.
pub fn orbits(symmetries: &[Symmetry], cells: usize) -> Vec<Vec<usize>> {
    let mut seen = vec![false; cells];
    let mut out = Vec::new();
    for h in 0..cells {
        if !seen[h] {
            let mut orbit: Vec<usize> = symmetries.iter().map(|s| s.map[h] as usize).collect();
            orbit.sort_unstable();
            orbit.dedup();
            orbit.iter().for_each(|&o| seen[o] = true);
            out.push(orbit);
        }
    }
    out
}
