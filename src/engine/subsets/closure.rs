//! Whether a layered set is closed under a group of element permutations (peg solitaire: the six
//! symmetries of the triangle), and how many orbits it holds. Puzzle-agnostic: the group is given
//! as permutations of the universe's elements; a permutation maps a k-subset to a k-subset, so a
//! layer is closed when the image of each of its states under each *generator* is in the same
//! layer (closure under generators is closure under the group). Fixed points of every element
//! need no lookup, and with closure they give the orbit count by Burnside's lemma:
//! orbits = (sum over group elements g of the states g fixes) / |group|.

use super::layered::{Colex, Layer};
use anyhow::{bail, ensure, Result};

/// A permutation of the elements `0..n`, applied to subsets a byte at a time.
#[derive(Clone, Debug)]
pub struct ElementPermutation {
    map: Vec<usize>,
    /// tables[b][v]: the image of the elements `8b..8b+8` present in byte value `v`.
    tables: Vec<[u64; 256]>,
}

impl ElementPermutation {
    /// `map[i]` is the image of element i; it must be a permutation of `0..map.len()` (<= 64).
    pub fn new(map: &[usize]) -> Result<ElementPermutation> {
        let n = map.len();
        ensure!(n <= 64, "a permutation of {n} elements: at most 64");
        let mut seen = vec![false; n];
        for &m in map {
            ensure!(m < n && !seen[m], "{map:?} is not a permutation of 0..{n}");
            seen[m] = true;
        }
        let tables = (0..n.div_ceil(8).max(1))
            .map(|b| {
                let mut t = [0u64; 256];
                for (v, image) in t.iter_mut().enumerate() {
                    for p in 0..8 {
                        let e = 8 * b + p;
                        if v >> p & 1 == 1 && e < n {
                            *image |= 1 << map[e];
                        }
                    }
                }
                t
            })
            .collect();
        Ok(ElementPermutation {
            map: map.to_vec(),
            tables,
        })
    }

    /// The number of elements permuted.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    #[inline]
    pub fn apply(&self, s: u64) -> u64 {
        self.tables
            .iter()
            .enumerate()
            .fold(0, |acc, (b, t)| acc | t[(s >> (8 * b)) as usize & 255])
    }

    fn then(&self, other: &ElementPermutation) -> ElementPermutation {
        let map: Vec<usize> = self.map.iter().map(|&m| other.map[m]).collect();
        ElementPermutation::new(&map).expect("a composition of permutations")
    }
}

/// A finite group of element permutations with a generating subset.
pub struct Group {
    pub elements: Vec<ElementPermutation>,
    /// Indices into `elements` of a subset that generates the group.
    pub generators: Vec<usize>,
    /// Per element, the first element of its conjugacy class: conjugate permutations fix
    /// equally many states of a closed set (x g x^-1 fixes x(s) iff g fixes s), so fixed points
    /// are counted once per class.
    pub class_of: Vec<usize>,
    /// Index of the identity in `elements`.
    pub identity: usize,
}

impl Group {
    /// The group whose elements are `maps` (each a permutation of the same `0..n`); refused when
    /// the set is not closed under composition or lacks the identity.
    pub fn new(maps: &[Vec<usize>]) -> Result<Group> {
        ensure!(!maps.is_empty(), "a group needs at least the identity");
        let elements = maps
            .iter()
            .map(|m| ElementPermutation::new(m))
            .collect::<Result<Vec<_>>>()?;
        let n = elements[0].map.len();
        ensure!(
            elements.iter().all(|e| e.map.len() == n),
            "permutations of different sizes"
        );
        let index = |p: &ElementPermutation| elements.iter().position(|e| e.map == p.map);
        let Some(identity) = elements
            .iter()
            .position(|e| e.map.iter().enumerate().all(|(i, &m)| i == m))
        else {
            bail!("no identity")
        };
        for a in &elements {
            for b in &elements {
                ensure!(
                    index(&a.then(b)).is_some(),
                    "the permutations are not closed under composition"
                );
            }
        }
        // Greedy: add an element outside the subgroup generated so far until it is everything.
        let mut generators = Vec::new();
        let mut reached = vec![identity];
        while reached.len() < elements.len() {
            let g = (0..elements.len()).find(|i| !reached.contains(i)).unwrap();
            generators.push(g);
            let mut frontier = reached.clone();
            while let Some(x) = frontier.pop() {
                for &h in &generators {
                    let y = index(&elements[x].then(&elements[h])).unwrap();
                    if !reached.contains(&y) {
                        reached.push(y);
                        frontier.push(y);
                    }
                }
            }
        }
        let inverse = |x: usize| {
            (0..elements.len())
                .find(|&y| index(&elements[x].then(&elements[y])) == Some(identity))
                .unwrap()
        };
        let class_of = (0..elements.len())
            .map(|g| {
                (0..elements.len())
                    .map(|x| index(&elements[inverse(x)].then(&elements[g]).then(&elements[x])).unwrap())
                    .min()
                    .unwrap()
            })
            .collect();
        Ok(Group {
            elements,
            generators,
            class_of,
            identity,
        })
    }

    /// The subgroup of the elements that map `s` to itself.
    pub fn stabiliser(&self, s: u64) -> Group {
        let maps: Vec<Vec<usize>> = self
            .elements
            .iter()
            .filter(|e| e.apply(s) == s)
            .map(|e| e.map.clone())
            .collect();
        Group::new(&maps).expect("a stabiliser is a subgroup")
    }

    pub fn order(&self) -> usize {
        self.elements.len()
    }
}

/// What [`closure`] found in one layer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Closure {
    pub members: u64,
    /// (state, generator) pairs of the layer whose image is not in the layer (0: closed).
    pub images_outside: u64,
    /// Per group element (in the group's order), the states it fixes, counted on the first
    /// element of its conjugacy class (so equal within a class; exact when the layer is closed).
    pub fixed: Vec<u64>,
}

impl Closure {
    /// The number of orbits (Burnside), when the layer is closed.
    pub fn orbits(&self) -> Option<u64> {
        let sum: u64 = self.fixed.iter().sum();
        (self.images_outside == 0 && sum.is_multiple_of(self.fixed.len() as u64)).then(|| sum / self.fixed.len() as u64)
    }
}

/// Images whose bits are read together: their words are requested first and read after, so the
/// misses of a batch overlap (a large layer is read at random, one miss per image otherwise).
const BATCH: usize = 64;

struct Tally {
    members: u64,
    outside: u64,
    fixed: Vec<u64>,
    /// Ranks of images not yet looked up.
    pending: Vec<u64>,
}

impl Tally {
    fn flush(&mut self, layer: &Layer) {
        self.outside += self.pending.iter().filter(|&&r| !layer.get(r)).count() as u64;
        self.pending.clear();
    }
}

/// Checks `layer` against `group`: for every state, whether each generator's image is in the
/// layer, and which elements fix it. Parallel over chunks of the layer.
pub fn closure(colex: &Colex, layer: &Layer, group: &Group) -> Closure {
    let m = group.elements.len();
    // One image per element that is a class representative (fixed points) or a generator
    // (closure); the identity fixes every state and needs none.
    let identity = group.identity;
    let wanted: Vec<(usize, bool, bool)> = (0..m)
        .filter(|&i| i != identity)
        .map(|i| (i, group.class_of[i] == i, group.generators.contains(&i)))
        .filter(|&(_, rep, generator)| rep || generator)
        .collect();
    let mut t = layer.par_fold_states(
        colex,
        || Tally {
            members: 0,
            outside: 0,
            fixed: vec![0; m],
            pending: Vec::with_capacity(BATCH),
        },
        |t, s| {
            t.members += 1;
            for &(i, rep, generator) in &wanted {
                let image = group.elements[i].apply(s);
                if rep {
                    t.fixed[i] += (image == s) as u64;
                }
                if generator && image != s {
                    let r = colex.rank(image);
                    layer.prefetch(r);
                    t.pending.push(r);
                }
            }
            if t.pending.len() >= BATCH {
                t.flush(layer);
            }
        },
        |mut a, mut b| {
            a.flush(layer);
            b.flush(layer);
            Tally {
                members: a.members + b.members,
                outside: a.outside + b.outside,
                fixed: a.fixed.iter().zip(&b.fixed).map(|(x, y)| x + y).collect(),
                pending: a.pending,
            }
        },
    );
    t.flush(layer);
    t.fixed[identity] = t.members;
    let fixed = (0..m).map(|i| t.fixed[group.class_of[i]]).collect();
    Closure {
        members: t.members,
        images_outside: t.outside,
        fixed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The dihedral group of the square acting on the 4 corners 0 1 2 3 (in cyclic order).
    fn square() -> Group {
        let r = |i: usize| (i + 1) % 4;
        let mut maps = Vec::new();
        for turn in 0..4 {
            for flip in [false, true] {
                maps.push(
                    (0..4)
                        .map(|i| {
                            let j = if flip { (4 - i) % 4 } else { i };
                            (0..turn).fold(j, |x, _| r(x))
                        })
                        .collect::<Vec<_>>(),
                );
            }
        }
        Group::new(&maps).unwrap()
    }

    fn layer_of(colex: &Colex, k: usize, states: &[u64]) -> Layer {
        let mut l = Layer::empty(colex, k);
        for &s in states {
            l.set(colex.rank(s));
        }
        l
    }

    #[test]
    fn orbits_and_fixed_points_of_square_corner_pairs() {
        let g = square();
        assert_eq!(g.elements.len(), 8);
        // D4 has 5 conjugacy classes: {e}, {r^2}, {r, r^3}, two classes of two reflections.
        let mut reps = g.class_of.clone();
        reps.sort();
        reps.dedup();
        assert_eq!(reps.len(), 5);
        assert!(g.generators.len() <= 2 && !g.generators.is_empty());
        let colex = Colex::new(4);
        // All 6 pairs of corners: two orbits (edges {01,12,23,30}, diagonals {02,13}).
        let all = layer_of(&colex, 2, &[0b0011, 0b0110, 0b1100, 0b1001, 0b0101, 0b1010]);
        let c = closure(&colex, &all, &g);
        assert_eq!((c.members, c.images_outside, c.orbits()), (6, 0, Some(2)));
        // The diagonals alone are closed: one orbit.
        let diag = layer_of(&colex, 2, &[0b0101, 0b1010]);
        assert_eq!(closure(&colex, &diag, &g).orbits(), Some(1));
        // One edge alone is not: every generator that moves it escapes.
        let edge = layer_of(&colex, 2, &[0b0011]);
        let c = closure(&colex, &edge, &g);
        let moving = g
            .generators
            .iter()
            .filter(|&&i| g.elements[i].apply(0b0011) != 0b0011)
            .count() as u64;
        assert!(moving > 0);
        assert_eq!((c.images_outside, c.orbits()), (moving, None));
    }

    /// Brute force on random subsets of a 9-element universe under the cyclic group of order 3
    /// acting on three blocks: closure checked by applying every element to every state.
    #[test]
    fn closure_matches_brute_force() {
        let rot: Vec<usize> = (0..9).map(|i| (i + 3) % 9).collect();
        let rot2: Vec<usize> = (0..9).map(|i| (i + 6) % 9).collect();
        let g = Group::new(&[(0..9).collect(), rot, rot2]).unwrap();
        let colex = Colex::new(9);
        let mut x = 0x9e3779b97f4a7c15u64;
        for trial in 0..200 {
            let k = trial % 10;
            let all: Vec<u64> = (0u64..512).filter(|s| s.count_ones() as usize == k).collect();
            let mut chosen = Vec::new();
            for &s in &all {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                if x.is_multiple_of(3) {
                    chosen.push(s);
                }
            }
            if trial % 2 == 0 {
                // Close it under the group, so closed sets are tested too.
                let extra: Vec<u64> = chosen
                    .iter()
                    .flat_map(|&s| g.elements.iter().map(move |e| e.apply(s)))
                    .collect();
                chosen.extend(extra);
                chosen.sort();
                chosen.dedup();
            }
            let c = closure(&colex, &layer_of(&colex, k, &chosen), &g);
            // (state, permutation) pairs whose image is outside.
            let escapes = |es: &mut dyn Iterator<Item = &ElementPermutation>| {
                let es: Vec<&ElementPermutation> = es.collect();
                chosen
                    .iter()
                    .map(|&s| es.iter().filter(|e| !chosen.contains(&e.apply(s))).count() as u64)
                    .sum::<u64>()
            };
            let by_generators = escapes(&mut g.generators.iter().map(|&i| &g.elements[i]));
            let by_all = escapes(&mut g.elements.iter());
            assert_eq!(c.members, chosen.len() as u64);
            assert_eq!(c.images_outside, by_generators);
            assert_eq!(
                c.images_outside == 0,
                by_all == 0,
                "closed under the generators iff under the group"
            );
            let escapes = by_all;
            if escapes == 0 {
                let mut canon: Vec<u64> = chosen
                    .iter()
                    .map(|&s| g.elements.iter().map(|e| e.apply(s)).min().unwrap())
                    .collect();
                canon.sort();
                canon.dedup();
                assert_eq!(c.orbits(), Some(canon.len() as u64));
            }
        }
    }

    #[test]
    fn non_groups_are_refused() {
        assert!(Group::new(&[vec![1, 0, 2]]).is_err(), "no identity");
        assert!(Group::new(&[vec![0, 1, 2], vec![1, 2, 0]]).is_err(), "not closed");
        assert!(ElementPermutation::new(&[0, 0]).is_err());
    }
}
