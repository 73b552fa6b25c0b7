//! The automorphism group of a binary linear code's signature classes: the invertible linear
//! maps A of GF(2)^d that carry every nonzero signature to a nonzero signature of the same class
//! size. Such a map sends a word with w_s ones in class s to one with w_s ones in class A s and
//! codeword a to A^-T a, keeping every distance, so the covering radius problem of
//! [`super::covering`] is invariant under it: orbital branching (Ostrowski, Linderoth, Rossi,
//! Smriglio, Math. Programming 126, 2011) divides a branch and bound's tree by at most the
//! group's order, and split and classify classifies half-words up to it. The coordinates' own
//! symmetries (a board's rotations) act on the signatures through such maps, so the group holds
//! their image; it may be larger.
//!
//! The maps are found by backtracking over the images of a basis chosen among the signatures
//! (a map is fixed by them): basis vector i may go to any signature of the same colour (its size,
//! refined twice by the sizes of the pairs {t, s ^ t} of signatures summing to it, which every
//! such map keeps) independent of the images before it, and as soon as the images of vectors
//! 0..=i are fixed, every signature whose coordinates use no vector past i must land on a
//! signature of its colour. Every complete assignment is a map of the group.

use std::collections::{BTreeMap, HashMap};

/// The maps found, each as the images of the nonzero classes in the order given.
#[derive(Clone, Debug)]
pub struct Automorphisms {
    /// Map k sends class i (an index into the nonzero classes as given) to class `maps[k][i]`.
    pub maps: Vec<Vec<u32>>,
    /// Images tried (one node per candidate image of a basis vector).
    pub nodes: u64,
    /// False when the node budget ran out before the search was complete (`maps` is then a part
    /// of the group).
    pub complete: bool,
}

impl Automorphisms {
    /// The group's order, when the search was complete.
    pub fn order(&self) -> Option<usize> {
        self.complete.then_some(self.maps.len())
    }
}

/// The automorphisms of the nonzero classes (signature, size), signatures of `d` bits spanning
/// GF(2)^d (as the quiet code's do: a basis word is nonzero somewhere); class 0 is ignored. At most
/// `node_budget` images are tried.
pub fn automorphisms(classes: &[(u64, usize)], node_budget: u64) -> Automorphisms {
    let nonzero: Vec<(u64, usize)> = classes.iter().copied().filter(|c| c.0 != 0 && c.1 > 0).collect();
    let index: HashMap<u64, u32> = nonzero.iter().enumerate().map(|(i, c)| (c.0, i as u32)).collect();
    let sizes: Vec<u64> = nonzero.iter().map(|c| c.1 as u64).collect();
    let colour = refine(&nonzero, &index, &refine(&nonzero, &index, &sizes));
    let (basis, coords) = basis_and_coordinates(&nonzero, &colour);
    let mut checks: Vec<Vec<usize>> = vec![Vec::new(); basis.len()];
    for (class, &c) in coords.iter().enumerate() {
        checks[63 - c.leading_zeros() as usize].push(class);
    }
    let candidates = basis
        .iter()
        .map(|&b| (0..nonzero.len()).filter(|&t| colour[t] == colour[b]).collect())
        .collect();
    let mut search = Backtrack {
        signatures: nonzero.iter().map(|c| c.0).collect(),
        index,
        colour,
        coords,
        checks,
        candidates,
        images: vec![0; basis.len()],
        nodes: 0,
        budget: node_budget,
        maps: Vec::new(),
    };
    let complete = search.extend(0, &Echelon::default());
    Automorphisms {
        maps: search.maps,
        nodes: search.nodes,
        complete,
    }
}

/// A class's old colour and the sorted old colours of the pairs summing to it.
type ColourKey = (u64, Vec<(u64, u64)>);

/// One round of colour refinement: a class's new colour is its old one with the sorted multiset
/// of the old colours of the pairs {t, s ^ t} of classes summing to it (dense ids, in order).
fn refine(nonzero: &[(u64, usize)], index: &HashMap<u64, u32>, colour: &[u64]) -> Vec<u64> {
    let keys: Vec<ColourKey> = nonzero
        .iter()
        .enumerate()
        .map(|(i, &(s, _))| {
            let mut pairs: Vec<(u64, u64)> = nonzero
                .iter()
                .enumerate()
                .filter_map(|(t, &(sig_t, _))| {
                    let u = *index.get(&(s ^ sig_t))? as usize;
                    (t < u).then_some((colour[t].min(colour[u]), colour[t].max(colour[u])))
                })
                .collect();
            pairs.sort_unstable();
            (colour[i], pairs)
        })
        .collect();
    let distinct: std::collections::BTreeSet<&ColourKey> = keys.iter().collect();
    let ids: BTreeMap<&ColourKey, u64> = distinct.into_iter().enumerate().map(|(i, k)| (k, i as u64)).collect();
    keys.iter().map(|k| ids[k]).collect()
}

/// A basis chosen among the classes, rarest colour first (fewest candidates near the root), and
/// every class's coordinates in it (bit i: basis vector i).
fn basis_and_coordinates(nonzero: &[(u64, usize)], colour: &[u64]) -> (Vec<usize>, Vec<u64>) {
    let mut frequency: HashMap<u64, usize> = HashMap::new();
    for &c in colour {
        *frequency.entry(c).or_default() += 1;
    }
    let mut order: Vec<usize> = (0..nonzero.len()).collect();
    order.sort_by_key(|&i| (frequency[&colour[i]], colour[i], i));
    let mut echelon = Echelon::default();
    let mut basis = Vec::new();
    for i in order {
        if echelon.insert(nonzero[i].0, 1 << basis.len()) {
            basis.push(i);
        }
    }
    let coords = nonzero.iter().map(|c| echelon.reduce(c.0).1).collect();
    (basis, coords)
}

/// Vectors in echelon form, each with the combination of inserted vectors it is.
#[derive(Clone, Default)]
struct Echelon {
    /// (vector, combination), leading bits distinct, in decreasing order of leading bit.
    rows: Vec<(u64, u64)>,
}

impl Echelon {
    /// `v` reduced by the rows, and the combination of inserted vectors removed from it.
    fn reduce(&self, mut v: u64) -> (u64, u64) {
        let mut combination = 0;
        for &(row, comb) in &self.rows {
            if v & (1 << (63 - row.leading_zeros())) != 0 {
                v ^= row;
                combination ^= comb;
            }
        }
        (v, combination)
    }

    /// Adds `v` (named by the combination `tag`) when it is independent of the rows.
    fn insert(&mut self, v: u64, tag: u64) -> bool {
        let (rest, combination) = self.reduce(v);
        if rest == 0 {
            return false;
        }
        let at = self
            .rows
            .partition_point(|r| r.0.leading_zeros() < rest.leading_zeros());
        self.rows.insert(at, (rest, combination ^ tag));
        true
    }
}

struct Backtrack {
    signatures: Vec<u64>,
    index: HashMap<u64, u32>,
    colour: Vec<u64>,
    coords: Vec<u64>,
    /// checks[i]: the classes whose last coordinate is basis vector i.
    checks: Vec<Vec<usize>>,
    /// candidates[i]: the classes of basis vector i's colour.
    candidates: Vec<Vec<usize>>,
    images: Vec<u64>,
    nodes: u64,
    budget: u64,
    maps: Vec<Vec<u32>>,
}

impl Backtrack {
    /// The image of a class under the images fixed so far (its coordinates must use no other).
    fn image(&self, class: usize) -> Option<usize> {
        let mut c = self.coords[class];
        let mut v = 0;
        while c != 0 {
            v ^= self.images[c.trailing_zeros() as usize];
            c &= c - 1;
        }
        self.index.get(&v).map(|&t| t as usize)
    }

    /// Tries every image of basis vector `level` after the ones fixed; false when the budget ran
    /// out.
    fn extend(&mut self, level: usize, fixed: &Echelon) -> bool {
        if level == self.images.len() {
            let map = (0..self.signatures.len())
                .map(|class| self.image(class).expect("every check passed") as u32)
                .collect();
            self.maps.push(map);
            return true;
        }
        for k in 0..self.candidates[level].len() {
            self.nodes += 1;
            if self.nodes > self.budget {
                return false;
            }
            let image = self.signatures[self.candidates[level][k]];
            let mut next = fixed.clone();
            if !next.insert(image, 0) {
                continue;
            }
            self.images[level] = image;
            let kept = self.checks[level]
                .iter()
                .all(|&class| self.image(class).is_some_and(|t| self.colour[t] == self.colour[class]));
            if kept && !self.extend(level + 1, &next) {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every invertible d x d matrix over GF(2) (columns as d-bit words), tried one by one: the
    /// maps that keep every class's size, counted.
    fn brute_force_order(classes: &[(u64, usize)], d: usize) -> usize {
        let size_of: HashMap<u64, usize> = classes.iter().copied().filter(|c| c.0 != 0).collect();
        let apply = |cols: &[u64], v: u64| (0..d).filter(|&j| v >> j & 1 == 1).fold(0, |a, j| a ^ cols[j]);
        let mut count = 0;
        for m in 0u64..1 << (d * d) {
            let cols: Vec<u64> = (0..d).map(|j| (m >> (j * d)) & ((1 << d) - 1)).collect();
            let invertible = (1u64..1 << d).all(|v| apply(&cols, v) != 0);
            if invertible && size_of.iter().all(|(&s, &z)| size_of.get(&apply(&cols, s)) == Some(&z)) {
                count += 1;
            }
        }
        count
    }

    /// Random class structures of dimension 1 to 4 (sizes 0 to 2, spanning): the search's group
    /// order is the brute force's, and every map it returns is a bijection keeping sizes and sums.
    #[test]
    fn the_order_matches_brute_force() {
        let mut seed = 2026u64;
        let mut below = move |m: u64| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((seed >> 33) % m) as usize
        };
        let mut tried = 0;
        while tried < 300 {
            let d = 1 + below(4);
            let classes: Vec<(u64, usize)> = (1u64..1 << d).map(|s| (s, below(3))).collect();
            let mut span = Echelon::default();
            let rank = classes
                .iter()
                .filter(|c| c.1 > 0)
                .filter(|c| span.insert(c.0, 0))
                .count();
            if rank < d {
                continue;
            }
            tried += 1;
            let found = automorphisms(&classes, u64::MAX);
            assert_eq!(found.order(), Some(brute_force_order(&classes, d)), "{classes:?}");
            let nonzero: Vec<(u64, usize)> = classes.iter().copied().filter(|c| c.1 > 0).collect();
            for map in &found.maps {
                let mut seen = map.clone();
                seen.sort_unstable();
                seen.dedup();
                assert_eq!(seen.len(), nonzero.len());
                for (i, &t) in map.iter().enumerate() {
                    assert_eq!(nonzero[i].1, nonzero[t as usize].1);
                }
            }
        }
    }

    /// A structure with no symmetry but the identity, and one with all of GL(2, 2).
    #[test]
    fn extremes() {
        let lone = automorphisms(&[(1, 1), (2, 2), (3, 3)], 1000);
        assert_eq!(lone.order(), Some(1));
        let full = automorphisms(&[(0, 5), (1, 4), (2, 4), (3, 4)], 1000);
        assert_eq!(full.order(), Some(6));
        let cut = automorphisms(&[(1, 4), (2, 4), (3, 4)], 2);
        assert_eq!(cut.order(), None);
    }
}
