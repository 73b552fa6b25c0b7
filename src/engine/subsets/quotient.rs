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
    /// `cells[chunk][i]`: the images of element i alone under the lane chunk's elements, so that
    /// the images of a state one move away from a state whose images are known cost a lookup per
    /// element the move changes ([`Quotient::canonical_moved`]).
    cells: Vec<Vec<[u64; LANES]>>,
    /// The images under the element that moves the most elements, a byte at a time (the
    /// identity's for the trivial group), for [`Quotient::is_canonical`]'s first test.
    first: Vec<[u64; 256]>,
}

/// Group elements imaged at once by [`Quotient::canonical`].
const LANES: usize = 8;

/// Lane chunks [`Images`] holds: groups of up to 16 elements (every board's).
pub const IMAGE_CHUNKS: usize = 2;

/// The images of one state under a group's elements other than the identity (lanes past the
/// group's padded as in [`Quotient`]), and the smallest of them and the state.
#[derive(Clone, Copy)]
pub struct Images {
    v: [[u64; LANES]; IMAGE_CHUNKS],
    pub min: u64,
}

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
        let moved = |e: &ElementPermutation| (0..e.len()).filter(|&i| e.apply(1 << i) != 1 << i).count();
        let first = others
            .iter()
            .max_by_key(|e| moved(e))
            .map(|e| {
                (0..bytes)
                    .map(|b| std::array::from_fn(|v| e.apply((v as u64) << (8 * b))))
                    .collect()
            })
            .unwrap_or_else(|| {
                (0..bytes)
                    .map(|b| std::array::from_fn(|v| (v as u64) << (8 * b)))
                    .collect()
            });
        let cells = others
            .chunks(LANES)
            .map(|chunk| {
                (0..bytes * 8)
                    .map(|i| std::array::from_fn(|l| chunk.get(l).unwrap_or(&chunk[0]).apply(1 << i)))
                    .collect()
            })
            .collect();
        Quotient {
            inner,
            others,
            first,
            cells,
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

    /// The images of `s` under every element but the identity, for [`Quotient::canonical_moved`];
    /// `None` for groups of more than [`IMAGE_CHUNKS`] lane chunks.
    #[inline]
    pub fn images_of(&self, s: u64) -> Option<Images> {
        if self.lanes.len() > IMAGE_CHUNKS {
            return None;
        }
        let mut v = [[0u64; LANES]; IMAGE_CHUNKS];
        for (out, chunk) in v.iter_mut().zip(&self.lanes) {
            *out = self.images(chunk, s);
        }
        Some(Images {
            v,
            min: v[..self.lanes.len()].iter().flatten().copied().fold(s, u64::min),
        })
    }

    /// The smallest member of the orbit of `t`, a state that differs from `s` (whose images are
    /// `images`) in a few elements: each image of `t` is the image of `s` with the images of the
    /// changed elements flipped.
    #[inline]
    pub fn canonical_moved(&self, images: &Images, s: u64, t: u64) -> u64 {
        let changed = s ^ t;
        let mut best = t;
        for (chunk, start) in self.cells.iter().zip(&images.v) {
            let mut acc = *start;
            let mut m = changed;
            while m != 0 {
                let row = &chunk[m.trailing_zeros() as usize];
                m &= m - 1;
                for i in 0..LANES {
                    acc[i] ^= row[i];
                }
            }
            best = acc.into_iter().fold(best, u64::min);
        }
        best
    }

    /// The smallest member of the orbit of `s`.
    #[inline]
    pub fn canonical(&self, s: u64) -> u64 {
        self.lanes
            .iter()
            .fold(s, |m, chunk| self.images(chunk, s).into_iter().fold(m, u64::min))
    }

    /// Whether `s` is the smallest member of its orbit: first under the element that moves the
    /// most elements alone (one table row per byte, half the states fail there), then under all.
    #[inline]
    pub fn is_canonical(&self, s: u64) -> bool {
        self.first_image(s) >= s && self.canonical(s) == s
    }

    /// The image of `s` under the element that moves the most elements.
    #[inline]
    fn first_image(&self, s: u64) -> u64 {
        self.first
            .iter()
            .enumerate()
            .fold(0u64, |acc, (b, t)| acc | t[(s >> (8 * b)) as usize & 255])
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

/// A subset game whose start set the group maps onto itself (e.g. every single-vacancy start of
/// a board under the board's symmetries), searched over the orbits of the reachable set: the
/// states are the orbits' smallest members, a state that is not one has no predecessor (its
/// layer bit stays clear, and the pull does no work for it), and every move lands on the
/// smallest member of its target's orbit. So each layer holds one state per orbit of the
/// original's layer, about 1/|group| of its states, and the pull probes only those; orbit sizes
/// turn per-orbit counts back into per-state ones. Used with [`super::layered::search`] and
/// goals that symmetry preserves ([`super::layered::Goals::Where`]), the layers are exactly the
/// orbit leaders of the original's reachable and winnable layers.
pub struct OrbitLeaders<'a, G> {
    quotient: Quotient<'a, G>,
    /// The invariant values of the whole start set (the leaders' own may be fewer: a rotation
    /// moves a position to another class), so that the pull skips the same states.
    classes: u64,
}

impl<'a, G: SubsetGraph> OrbitLeaders<'a, G> {
    /// The game `inner` up to `group`, which must map `starts` onto itself.
    pub fn new(inner: &'a G, group: &'a Group, starts: &[u64]) -> OrbitLeaders<'a, G> {
        let quotient = Quotient::new(inner, group);
        let mut set: Vec<u64> = starts.to_vec();
        set.sort_unstable();
        debug_assert!(
            group
                .elements
                .iter()
                .all(|e| starts.iter().all(|&s| set.binary_search(&e.apply(s)).is_ok())),
            "the group maps the starts onto themselves"
        );
        let classes = super::layered::start_classes(inner, starts);
        OrbitLeaders { quotient, classes }
    }

    /// The leaders of the start set's orbits, ascending.
    pub fn leaders(&self, starts: &[u64]) -> Vec<u64> {
        let mut out: Vec<u64> = starts.iter().map(|&s| self.quotient.canonical(s)).collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The number of the original's states that leader `s` stands for.
    pub fn orbit_size(&self, s: u64) -> u64 {
        self.quotient.orbit_size(s)
    }
}

impl<G: SubsetGraph> SubsetGraph for OrbitLeaders<'_, G> {
    fn universe(&self) -> usize {
        self.quotient.inner.universe()
    }
    #[inline]
    fn any_predecessor(&self, s: u64, mut test: impl FnMut(u64) -> bool) -> bool {
        self.quotient.is_canonical(s)
            && self
                .quotient
                .inner
                .any_predecessor(s, |p| test(self.quotient.canonical(p)))
    }
    #[inline]
    fn any_successor(&self, s: u64, mut test: impl FnMut(u64) -> bool) -> bool {
        let q = &self.quotient;
        match q.images_of(s) {
            Some(im) => q.inner.any_successor(s, |c| test(q.canonical_moved(&im, s, c))),
            None => q.inner.any_successor(s, |c| test(q.canonical(c))),
        }
    }
    fn invariant(&self, s: u64) -> u32 {
        self.quotient.inner.invariant(s)
    }
    fn complement_reverses_moves(&self) -> bool {
        self.quotient.inner.complement_reverses_moves()
    }
    #[inline]
    fn leader(&self, s: u64) -> u64 {
        self.quotient.canonical(s)
    }
    fn leaders_only(&self) -> bool {
        true
    }
    /// The leader test first (it rules out most states), then the original's class test over
    /// the whole start set's classes and its predecessors, each probed as its orbit's leader.
    #[inline]
    fn any_predecessor_in(&self, s: u64, _classes: u64, mut test: impl FnMut(u64) -> bool) -> bool {
        let q = &self.quotient;
        if q.first_image(s) < s {
            return false;
        }
        match q.images_of(s) {
            Some(im) => {
                im.min == s
                    && q.inner
                        .any_predecessor_in(s, self.classes, |p| test(q.canonical_moved(&im, s, p)))
            }
            None => q.is_canonical(s) && q.inner.any_predecessor_in(s, self.classes, |p| test(q.canonical(p))),
        }
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
    fn images_one_move_away_give_the_canonical_form() {
        for n in [3usize, 6, 8, 9, 12] {
            let (g, group) = (Cycle(n), dihedral(n));
            let q = Quotient::new(&g, &group);
            let mut x = 0x9e37_79b9_7f4a_7c15u64;
            for _ in 0..300 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let s = x & ((1 << n) - 1);
                // Two lane chunks hold 16 elements besides the identity.
                let Some(im) = q.images_of(s) else {
                    assert!(group.order() > 1 + 8 * IMAGE_CHUNKS, "n {n}: images refused");
                    break;
                };
                assert_eq!(im.min, q.canonical(s));
                for t in g.moves(s).into_iter().chain(g.back(s)).chain([s ^ 0b111, s]) {
                    assert_eq!(q.canonical_moved(&im, s, t), q.canonical(t), "n {n} {s:b} -> {t:b}");
                }
            }
        }
    }

    #[test]
    fn orbit_leaders_count_the_original_union() {
        use crate::engine::subsets::layered::{search, Goals, Keep, Pass};
        for n in [6usize, 8, 9, 11] {
            let (g, group) = (Cycle(n), dihedral(n));
            let full = (1u64 << n) - 1;
            let starts: Vec<u64> = (0..n).map(|i| full & !(1 << i)).collect();
            let goal = |s: u64| s.count_ones() == 1;
            let plain = search(
                &g,
                &starts,
                Goals::Where(goal),
                &Keep::Memory,
                "plain",
                &Counters::default(),
                |_, _, _| {},
            )
            .unwrap();
            let leaders = OrbitLeaders::new(&g, &group, &starts);
            assert_eq!(leaders.leaders(&starts).len(), 1, "one orbit of starts");
            let mut weighted = vec![[0u64; 2]; n + 1];
            let orbits = search(
                &leaders,
                &leaders.leaders(&starts),
                Goals::Where(goal),
                &Keep::Memory,
                "leaders",
                &Counters::default(),
                |pass, colex, layer| {
                    let states = layer.par_fold_states(colex, || 0, |a, s| *a += leaders.orbit_size(s), |a, b| a + b);
                    weighted[layer.k][usize::from(pass == Pass::Winnable)] = states;
                },
            )
            .unwrap();
            assert_eq!(orbits.len(), plain.len(), "n {n}: layers");
            for (o, p) in orbits.iter().zip(&plain) {
                assert_eq!(o.k, p.k);
                assert_eq!(weighted[o.k], [p.reachable, p.winnable], "n {n} layer {}", o.k);
                assert!(o.reachable <= p.reachable && o.reachable * group.order() as u64 >= p.reachable);
            }
        }
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
