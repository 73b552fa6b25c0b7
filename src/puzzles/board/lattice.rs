//! The three lattices a board may live on, and their point groups computed from the jump
//! directions: the integer matrices with entries in {-1, 0, 1} and determinant +-1 that permute
//! the directions (never listed by hand).

/// A lattice: cells (row, column) and the directions a peg jumps along.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Lattice {
    /// Orthogonal jumps only (the English and French boards).
    Square,
    /// Orthogonal and diagonal jumps.
    SquareDiagonal,
    /// The triangular lattice in skewed rows: (r, c) neighbours (r, c+-1), (r+-1, c), (r+1, c+1)
    /// and (r-1, c-1) (the triangle of side n is rows 0..n with columns 0..=r).
    Triangular,
}

/// A linear map of the lattice, row-major: (dr, dc) -> (a dr + b dc, c dr + d dc).
pub type Matrix = [[i32; 2]; 2];

pub fn apply(m: &Matrix, (r, c): (i32, i32)) -> (i32, i32) {
    (m[0][0] * r + m[0][1] * c, m[1][0] * r + m[1][1] * c)
}

pub fn det(m: &Matrix) -> i32 {
    m[0][0] * m[1][1] - m[0][1] * m[1][0]
}

impl Lattice {
    /// The name in a board file's first line (`lattice: NAME`).
    pub fn name(self) -> &'static str {
        match self {
            Lattice::Square => "square",
            Lattice::SquareDiagonal => "square-diagonal",
            Lattice::Triangular => "triangular",
        }
    }

    pub fn from_name(name: &str) -> Option<Lattice> {
        [Lattice::Square, Lattice::SquareDiagonal, Lattice::Triangular]
            .into_iter()
            .find(|l| l.name() == name)
    }

    /// Every direction a peg may jump in, as a (row, column) step (both senses).
    pub fn directions(self) -> &'static [(i32, i32)] {
        match self {
            Lattice::Square => &[(0, 1), (1, 0), (0, -1), (-1, 0)],
            Lattice::SquareDiagonal => &[(0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)],
            Lattice::Triangular => &[(0, 1), (1, 0), (1, 1), (0, -1), (-1, 0), (-1, -1)],
        }
    }

    /// The point group: every matrix with entries in {-1, 0, 1} and determinant +-1 that maps
    /// the direction set onto itself, in a fixed order (identity first).
    pub fn point_group(self) -> Vec<Matrix> {
        let dirs = self.directions();
        let mut out = Vec::new();
        for code in 0..81 {
            let e = |i: i32| (code / 3i32.pow(i as u32)) % 3 - 1;
            let m = [[e(0), e(1)], [e(2), e(3)]];
            if det(&m).abs() == 1 && dirs.iter().all(|&v| dirs.contains(&apply(&m, v))) {
                out.push(m);
            }
        }
        out.sort_by_key(|m| *m != [[1, 0], [0, 1]]);
        out
    }

    /// A step in the plane's Cartesian coordinates (the triangular lattice drawn with 60-degree
    /// angles), for naming rotations by their angle.
    pub fn cartesian(self, (r, c): (i32, i32)) -> (f64, f64) {
        match self {
            Lattice::Square | Lattice::SquareDiagonal => (c as f64, -(r as f64)),
            Lattice::Triangular => (c as f64 - r as f64 / 2.0, -(r as f64) * 3f64.sqrt() / 2.0),
        }
    }

    /// The angle in whole degrees (0..360) by which a rotation `m` turns the plane.
    pub fn rotation_degrees(self, m: &Matrix) -> u32 {
        let (x0, y0) = self.cartesian((0, 1));
        let (x1, y1) = self.cartesian(apply(m, (0, 1)));
        let turn = (y1.atan2(x1) - y0.atan2(x0)).to_degrees();
        (turn.round() as i32).rem_euclid(360) as u32
    }
}

/// The jump lines of a set of cells (sorted by row, then column): every triple (a, b, c) of cell
/// indices, a < c, with b - a = c - b a lattice direction; a peg jumps from a over b into c or
/// from c over b into a.
pub fn lines_of(lattice: Lattice, cells: &[(i32, i32)]) -> Vec<[u8; 3]> {
    let index = |p: (i32, i32)| cells.binary_search(&p).ok();
    let mut lines = Vec::new();
    for (a, &(r, c)) in cells.iter().enumerate() {
        for &(dr, dc) in lattice.directions() {
            if let (Some(b), Some(e)) = (index((r + dr, c + dc)), index((r + 2 * dr, c + 2 * dc))) {
                if a < e {
                    lines.push([a as u8, b as u8, e as u8]);
                }
            }
        }
    }
    lines.sort_unstable();
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn point_groups_have_the_orders_of_the_lattices() {
        assert_eq!(Lattice::Square.point_group().len(), 8);
        assert_eq!(Lattice::SquareDiagonal.point_group().len(), 8);
        assert_eq!(Lattice::Triangular.point_group().len(), 12);
        for l in [Lattice::Square, Lattice::SquareDiagonal, Lattice::Triangular] {
            assert_eq!(l.point_group()[0], [[1, 0], [0, 1]]);
            let mut angles: Vec<u32> = l
                .point_group()
                .iter()
                .filter(|m| det(m) == 1)
                .map(|m| l.rotation_degrees(m))
                .collect();
            angles.sort_unstable();
            let step = if l == Lattice::Triangular { 60 } else { 90 };
            assert_eq!(angles, (0..360).step_by(step).collect::<Vec<u32>>(), "{l:?}");
        }
    }
}
