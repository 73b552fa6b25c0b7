//! Lower bounds on God's number from symmetric words: the witness search of
//! [`crate::engine::deep_hole`] restricted to press patterns invariant under a subgroup of the
//! square's eight symmetries. A symmetry of the board maps the quiet code onto itself, so it
//! permutes the signature classes (keeping their sizes); an invariant word takes one value per
//! orbit of classes, and the search moves whole orbits. The restricted space is about 1/|H| of
//! the full one, where the same number of exact passes goes deeper (the method that found the
//! record nonlinearities of Kavut and Yucel, Information and Computation 208, 2010). Any word's
//! coset weight is a lower bound, invariant or not.

pub use super::class_symmetry::{symmetry, SYMMETRIES};
use super::gods::{sparse_classes, ACTIVE_MOVES};
use crate::engine::deep_hole::{self, Tied};
use crate::puzzles::lightsout::Grid;

/// The subgroups of the square's group (up to the identity), each by its generators (indices
/// into [`SYMMETRIES`]) and a name.
pub const SUBGROUPS: [(&str, &[usize]); 9] = [
    ("half turn", &[1]),
    ("row mirror", &[2]),
    ("column mirror", &[3]),
    ("diagonal mirror", &[4]),
    ("anti-diagonal mirror", &[5]),
    ("quarter turns", &[0]),
    ("both axis mirrors", &[2, 3]),
    ("both diagonal mirrors", &[4, 5]),
    ("all eight", &[0, 2]),
];

/// The nonzero classes of `signature` (one per cell) grouped into the orbits of the class
/// permutations that the generators induce, ascending by their least signature.
pub fn tied_classes(n: usize, signature: &[u64], generators: &[usize]) -> Vec<Tied> {
    let classes = super::gods::class_counts(signature);
    let index = |s: u64| classes.binary_search_by_key(&s, |c| c.0).expect("a class");
    let mut parent: Vec<usize> = (0..classes.len()).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    for &g in generators {
        let map = symmetry(n, g);
        for (cell, &to) in map.iter().enumerate() {
            let (a, b) = (index(signature[cell]), index(signature[to]));
            assert_eq!(classes[a].1, classes[b].1, "a symmetry keeps class sizes");
            let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
            parent[ra.max(rb)] = ra.min(rb);
        }
    }
    let mut groups: std::collections::BTreeMap<usize, Tied> = std::collections::BTreeMap::new();
    for (i, &(s, size)) in classes.iter().enumerate().filter(|(_, c)| c.0 != 0) {
        let r = root(&mut parent, i);
        let t = groups.entry(r).or_insert(Tied {
            signatures: Vec::new(),
            size,
        });
        t.signatures.push(s);
    }
    groups.into_values().collect()
}

/// The best symmetric word found: its largest transform value and its value per class
/// (`sparse_classes` order, 0 on the zero class).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SymmetricHole {
    pub max: i64,
    pub y: Vec<i64>,
    /// The lower bound it proves: c_0 + (C - max) / 2.
    pub lower: usize,
}

/// The active-set search over the words invariant under `generators`, `rounds` exact passes,
/// from a fixed-seed rounding (0 on even orbits, +-1 on odd ones).
pub fn symmetric_hole(n: usize, quiet: &[Grid], generators: &[usize], rounds: usize) -> SymmetricHole {
    let d = quiet.len();
    let (classes, signature) = sparse_classes(n, quiet);
    let groups = tied_classes(n, &signature, generators);
    let mut seed = 0x5851_f42d_4c95_7f2du64;
    let mut rand = move || {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        seed >> 33
    };
    let start: Vec<i64> = groups
        .iter()
        .map(|t| match (t.size % 2, rand() & 1) {
            (0, _) => 0,
            (_, 1) => 1,
            _ => -1,
        })
        .collect();
    let hole = deep_hole::search_tied(&groups, d, &start, rounds, ACTIVE_MOVES);
    let mut y = vec![0i64; classes.len()];
    for (t, &v) in groups.iter().zip(&hole.y) {
        for s in &t.signatures {
            y[classes.binary_search_by_key(s, |c| c.0).expect("a class")] = v;
        }
    }
    let c0 = classes.iter().find(|c| c.0 == 0).map_or(0, |c| c.1);
    let covered: usize = n * n - c0;
    SymmetricHole {
        max: hole.max,
        y,
        lower: c0 + ((covered as i64 - hole.max) / 2) as usize,
    }
}

#[cfg(test)]
mod tests {
    use super::super::gods::{quiet_basis, sparse_witness_board};
    use super::*;

    /// On 9x9 and 16x16 (nullity 8, God's numbers 37 and 124 proven by the branch and bound),
    /// under every subgroup: the groups split the nonzero classes into orbits of equal sizes, each
    /// closed under the generators, the word is constant on them, and its bound is the exact
    /// minimum of the board it makes, at most God's number.
    #[test]
    fn symmetric_holes_are_exact_lower_bounds() {
        for (n, gods) in [(9usize, 37usize), (16, 124)] {
            let quiet = quiet_basis(n).unwrap();
            let (classes, signature) = sparse_classes(n, &quiet);
            let nonzero = classes.iter().filter(|c| c.0 != 0).count();
            let size_of = |s: u64| classes.iter().find(|c| c.0 == s).unwrap().1;
            for (name, gens) in SUBGROUPS {
                let groups = tied_classes(n, &signature, gens);
                assert_eq!(
                    groups.iter().map(|t| t.signatures.len()).sum::<usize>(),
                    nonzero,
                    "{name}"
                );
                let group_of = |s: u64| groups.iter().position(|t| t.signatures.contains(&s));
                for &g in gens {
                    let map = symmetry(n, g);
                    for (cell, &to) in map.iter().enumerate().filter(|(c, _)| signature[*c] != 0) {
                        assert_eq!(group_of(signature[cell]), group_of(signature[to]), "{name}");
                    }
                }
                for t in &groups {
                    assert!(t.signatures.iter().all(|&s| size_of(s) == t.size), "{name}");
                }
                let hole = symmetric_hole(n, &quiet, gens, 8);
                for t in &groups {
                    let at = |s: &u64| hole.y[classes.iter().position(|c| c.0 == *s).unwrap()];
                    assert!(t.signatures.iter().all(|s| at(s) == at(&t.signatures[0])), "{name}");
                }
                let (_, exact) = sparse_witness_board(n, &classes, &signature, &hole.y).unwrap();
                assert_eq!(hole.lower, exact, "{n}x{n} {name}");
                assert!(hole.lower <= gods, "{n}x{n} {name}: {} > {gods}", hole.lower);
            }
        }
    }
}
