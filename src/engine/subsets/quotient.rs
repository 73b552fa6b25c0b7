//! A subset game seen up to a group of symmetries that fixes its start: each state stands for
//! its orbit and is written as the orbit's smallest member, and every move lands on the
//! smallest member of its target's orbit. Searching the quotient visits about 1/|group| of the
//! states, and counts that symmetry preserves come out unchanged: the number of move sequences
//! from the start to s equals that to g(s) for g in the group (g maps the sequences to
//! sequences), so summing over the quotient's predecessors (with multiplicity) counts the same
//! sequences as summing over the original's. Orbit sizes turn per-orbit counts back into
//! per-state ones.
//!
//! The group is the caller's (e.g. the stabiliser of a start, [`Group::stabiliser`]); the
//! quotient is only meaningful when the group maps the game's moves to moves.

use super::closure::{ElementPermutation, Group};
use super::layered::SubsetGraph;
use crate::engine::model::{Model, Reversible};

pub struct Quotient<'a, G> {
    inner: &'a G,
    /// The group's elements other than the identity.
    others: Vec<&'a ElementPermutation>,
    order: u64,
    /// The images of a state under up to [`LANES`] of `others` at once, a byte at a time:
    /// `lanes[chunk][byte][v][i]` is the image of the elements of byte `byte` present in `v` under
    /// `others[LANES * chunk + i]` (lanes past the last element copy the first, which changes no
    /// minimum and is not counted). One cache line per byte of the state instead of a table per
    /// element and byte: canonical forms are most of the work of a search up to symmetry.
    lanes: Vec<Vec<[[u64; LANES]; 256]>>,
}

/// Group elements imaged at once by [`Quotient::canonical`].
const LANES: usize = 8;

impl<'a, G> Quotient<'a, G> {
    pub fn new(inner: &'a G, group: &'a Group) -> Quotient<'a, G> {
        let others: Vec<&ElementPermutation> = group
            .elements
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != group.identity)
            .map(|(_, e)| e)
            .collect();
        let bytes = group.elements.first().map_or(1, |e| e.len().div_ceil(8).max(1));
        let lanes = others
            .chunks(LANES)
            .map(|chunk| {
                (0..bytes)
                    .map(|b| {
                        let mut t = [[0u64; LANES]; 256];
                        for (v, images) in t.iter_mut().enumerate() {
                            for (i, image) in images.iter_mut().enumerate() {
                                *image = chunk.get(i).unwrap_or(&chunk[0]).apply((v as u64) << (8 * b));
                            }
                        }
                        t
                    })
                    .collect()
            })
            .collect();
        Quotient {
            inner,
            others,
            order: group.order() as u64,
            lanes,
        }
    }

    /// The images of `s` under the elements of lane chunk `chunk`.
    #[inline]
    fn images(&self, chunk: &[[[u64; LANES]; 256]], s: u64) -> [u64; LANES] {
        let mut acc = [0u64; LANES];
        for (b, table) in chunk.iter().enumerate() {
            let t = &table[(s >> (8 * b)) as usize & 255];
            for i in 0..LANES {
                acc[i] |= t[i];
            }
        }
        acc
    }

    /// The smallest member of the orbit of `s`.
    #[inline]
    pub fn canonical(&self, s: u64) -> u64 {
        self.lanes
            .iter()
            .fold(s, |m, chunk| self.images(chunk, s).into_iter().fold(m, u64::min))
    }

    /// The group's order.
    pub fn order(&self) -> u64 {
        self.order
    }

    /// The number of states in the orbit of `s` (the group's order over that of the stabiliser).
    pub fn orbit_size(&self, s: u64) -> u64 {
        let fixing = self
            .lanes
            .iter()
            .enumerate()
            .map(|(c, chunk)| {
                let real = (self.others.len() - c * LANES).min(LANES);
                self.images(chunk, s)[..real].iter().filter(|&&x| x == s).count() as u64
            })
            .sum::<u64>();
        self.order / (1 + fixing)
    }
}

impl<G: SubsetGraph> SubsetGraph for Quotient<'_, G> {
    fn universe(&self) -> usize {
        self.inner.universe()
    }
    #[inline]
    fn any_predecessor(&self, s: u64, mut test: impl FnMut(u64) -> bool) -> bool {
        self.inner.any_predecessor(s, |p| test(self.canonical(p)))
    }
    #[inline]
    fn any_successor(&self, s: u64, mut test: impl FnMut(u64) -> bool) -> bool {
        self.inner.any_successor(s, |c| test(self.canonical(c)))
    }
}

/// Moves keep their action (the original's, from the listed state); targets are canonical.
impl<G: Model<State = u64>> Model for Quotient<'_, G> {
    type State = u64;
    type Action = G::Action;
    fn successors(&self, s: u64, out: &mut Vec<(Self::Action, u64)>) {
        let from = out.len();
        self.inner.successors(s, out);
        for (_, c) in &mut out[from..] {
            *c = self.canonical(*c);
        }
    }
}

impl<G: Reversible<State = u64>> Reversible for Quotient<'_, G> {
    fn predecessors(&self, s: u64, out: &mut Vec<(Self::Action, u64)>) {
        let from = out.len();
        self.inner.predecessors(s, out);
        for (_, p) in &mut out[from..] {
            *p = self.canonical(*p);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::graph::dag;
    use crate::engine::runtime::progress::Counters;
    use crate::engine::subsets::layered::{push_layers, Colex};

    /// Remove one element i of a subset of 0..n when a neighbour i - 1 or i + 1 (mod n) is
    /// absent: a game on a cycle whose moves the rotations and reflections map to moves.
    struct Cycle(usize);

    impl Cycle {
        fn moves(&self, s: u64) -> Vec<u64> {
            let n = self.0;
            (0..n)
                .filter(|&i| s >> i & 1 == 1 && self.open_neighbour(s, i))
                .map(|i| s & !(1 << i))
                .collect()
        }
        fn back(&self, s: u64) -> Vec<u64> {
            let n = self.0;
            (0..n)
                .filter(|&i| s >> i & 1 == 0 && self.open_neighbour(s, i))
                .map(|i| s | 1 << i)
                .collect()
        }
        fn open_neighbour(&self, s: u64, i: usize) -> bool {
            let n = self.0;
            s >> ((i + 1) % n) & 1 == 0 || s >> ((i + n - 1) % n) & 1 == 0
        }
    }

    impl SubsetGraph for Cycle {
        fn universe(&self) -> usize {
            self.0
        }
        fn any_predecessor(&self, s: u64, test: impl FnMut(u64) -> bool) -> bool {
            self.back(s).into_iter().any(test)
        }
        fn any_successor(&self, s: u64, test: impl FnMut(u64) -> bool) -> bool {
            self.moves(s).into_iter().any(test)
        }
    }

    impl Model for Cycle {
        type State = u64;
        type Action = ();
        fn successors(&self, s: u64, out: &mut Vec<((), u64)>) {
            out.extend(self.moves(s).into_iter().map(|c| ((), c)));
        }
    }

    impl Reversible for Cycle {
        fn predecessors(&self, s: u64, out: &mut Vec<((), u64)>) {
            out.extend(self.back(s).into_iter().map(|p| ((), p)));
        }
    }

    /// Move sequences from `start` to each state, by brute force over the original game.
    fn paths(g: &Cycle, start: u64) -> std::collections::BTreeMap<u64, u128> {
        let mut level = std::collections::BTreeMap::from([(start, 1u128)]);
        let mut all = level.clone();
        while !level.is_empty() {
            let mut next = std::collections::BTreeMap::new();
            for (&s, &c) in &level {
                for t in g.moves(s) {
                    *next.entry(t).or_insert(0) += c;
                }
            }
            all.extend(next.iter().map(|(&s, &c)| (s, c)));
            level = next;
        }
        all
    }

    /// The 2n rotations and reflections of the cycle.
    fn dihedral(n: usize) -> Group {
        let mut maps = Vec::new();
        for k in 0..n {
            maps.push((0..n).map(|i| (i + k) % n).collect::<Vec<_>>());
            maps.push((0..n).map(|i| (n + k - i) % n).collect::<Vec<_>>());
        }
        Group::new(&maps).unwrap()
    }

    #[test]
    fn quotient_counts_equal_the_original_counts() {
        for n in [6usize, 8, 9] {
            let g = Cycle(n);
            let colex = Colex::new(n);
            let group = dihedral(n);
            // Starts with trivial, order-2 and larger stabilisers.
            let full = (1u64 << n) - 1;
            for start in [
                full,
                full & !1,
                full & !(1 | 1 << (n / 2)),
                full & !0b101,
                0b0101_0101 & full,
            ] {
                let stab = group.stabiliser(start);
                let q = Quotient::new(&g, &stab);
                let expect = paths(&g, start);
                let layers = push_layers(&q, &colex, start, &Counters::default());
                // The quotient's states are exactly the canonical members of the reachable set.
                let mut reps: Vec<u64> = expect.keys().map(|&s| q.canonical(s)).collect();
                reps.sort();
                reps.dedup();
                let mut listed: Vec<u64> = layers.iter().flatten().copied().collect();
                listed.sort();
                assert_eq!(listed, reps, "n={n} start={start:b}");
                let sizes: u64 = listed.iter().map(|&s| q.orbit_size(s)).sum();
                assert_eq!(sizes, expect.len() as u64);
                let mut counted = std::collections::BTreeMap::new();
                dag::forward_with(
                    &q,
                    &layers,
                    |l| crate::engine::subsets::layered::DenseIndex::new(&colex, l),
                    |_| 1u128,
                    |v, _, _| *v,
                    |a, b| a + b,
                    |_| unreachable!(),
                    |_, states, vals| counted.extend(states.iter().copied().zip(vals.iter().copied())),
                );
                for (s, c) in &expect {
                    assert_eq!(counted[&q.canonical(*s)], *c, "n={n} start={start:b} state={s:b}");
                }
            }
        }
    }
}
