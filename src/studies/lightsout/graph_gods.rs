//! God's number of Lights Out on any graph, exact or as proven bounds with a witness: the square
//! boards' method ([`gods`]) on the signature classes of the graph's quiet patterns. A solvable
//! position is a coset of the quiet code, so God's number is that code's covering radius; the
//! class arithmetic gives the parity/averaging upper bound, the witness searches a position
//! whose fewest presses is the lower bound, and the branch and bound closes the gap where its
//! budget reaches. The witness is solved again by [`graphs::fewest`] (the exact coset minimum
//! over a basis of its own), which must agree with the class arithmetic.

use super::gods::{self, Effort, MAX_NULLITY, MAX_SPARSE_NULLITY};
use super::graphs::{self, GraphGame};
use crate::engine::gf2::{self, BitMatrix};
use crate::engine::progress::Counters;
use anyhow::{bail, ensure, Result};

/// God's number of one graph under one rule: exact when `lower == upper`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphGods {
    pub rank: usize,
    pub nullity: usize,
    /// Proven: the witness position needs exactly `lower` presses.
    pub lower: usize,
    /// Proven: every solvable position needs at most `upper` presses.
    pub upper: usize,
    /// How each bound was proven.
    pub method: String,
    /// The witness position (bit v: vertex v lit).
    pub witness: Vec<u64>,
    /// A fewest press pattern that clears the witness (`lower` presses).
    pub presses: Vec<u64>,
}

impl GraphGods {
    pub fn exact(&self) -> Option<usize> {
        (self.lower == self.upper).then_some(self.lower)
    }
}

/// How hard the bounds try: witness restarts, the branch and bound's work per decision (units of
/// about a nanosecond of one core; 0: witness and parity bound only), and the searches' effort.
#[derive(Clone, Copy, Debug)]
pub struct GodsEffort {
    pub restarts: usize,
    pub budget: u64,
    pub effort: Effort,
}

/// The press pattern pressing the first `take(s)` vertices of each signature class s.
fn class_presses(signature: &[u64], mut take: impl FnMut(u64) -> usize) -> Vec<u64> {
    let mut taken = std::collections::HashMap::new();
    let mut x = vec![0u64; signature.len().div_ceil(64)];
    for (v, &s) in signature.iter().enumerate() {
        let t = taken.entry(s).or_insert(0usize);
        if *t < take(s) {
            *t += 1;
            gf2::set_bit(&mut x, v, true);
        }
    }
    x
}

/// God's number (or proven bounds) of `g`, its witness solved again exactly. Besides the class
/// arithmetic's witness, the all-on board is a candidate (on a hypercube it is the better one).
pub fn gods(g: &GraphGame, e: &GodsEffort, progress: &Counters) -> Result<GraphGods> {
    let a = g.press_matrix()?;
    let vertices = a.cols();
    let kernel = a.null_space()?;
    let d = kernel.len();
    let signature = graphs::vertex_signatures(&kernel, vertices);
    let mut found = if d == 0 {
        Found {
            presses: graphs::all_on(vertices),
            lower: vertices,
            upper: vertices,
            how: "the all-pressed pattern's position; nullity 0, so it has no other pattern".to_string(),
            upper_how: "no position needs more than every vertex".to_string(),
        }
    } else if d <= MAX_NULLITY {
        let mut sizes = vec![0usize; 1 << d];
        for &s in &signature {
            sizes[s as usize] += 1;
        }
        let b = gods::class_bounds(&sizes, e.restarts, e.budget, &e.effort, progress);
        Found {
            presses: class_presses(&signature, |s| b.w[s as usize]),
            lower: b.lower,
            upper: b.upper,
            upper_how: b.upper_how() + &b.undecided(e.budget),
            how: b.how,
        }
    } else if d <= MAX_SPARSE_NULLITY {
        sparse(&signature, d, e)
    } else {
        bail!(
            "{}: nullity {d} is past the {MAX_SPARSE_NULLITY} the God's-number bounds handle",
            g.label()
        );
    };
    let mut witness = a.mul_vec(&found.presses);
    // The all-on board, when it beats the class arithmetic's witness, is solved once: by the
    // exact coset minimum itself, with nothing to cross-check.
    let mut all_on_best = None;
    if found.lower < found.upper {
        let all_on = graphs::all_on(vertices);
        if let Some(f) = graphs::fewest(&a, &all_on)?.filter(|f| f.count as usize > found.lower) {
            (witness, found.lower, found.how) = (all_on, f.count as usize, "the all-on board".to_string());
            all_on_best = Some(f);
        }
    }
    let best = match all_on_best {
        Some(f) => f,
        None => graphs::fewest(&a, &witness)?
            .ok_or_else(|| anyhow::anyhow!("internal error: {}: a pressed position is unsolvable", g.label()))?,
    };
    ensure!(
        best.count as usize == found.lower,
        "internal error: {}: the witness needs {} presses, the class arithmetic says {}",
        g.label(),
        best.count,
        found.lower
    );
    ensure!(
        found.lower <= found.upper,
        "internal error: {}: witness {} above the proven bound {}",
        g.label(),
        found.lower,
        found.upper
    );
    let verdict = if found.lower == found.upper { "exact" } else { "bounds" };
    Ok(GraphGods {
        rank: vertices - d,
        nullity: d,
        lower: found.lower,
        upper: found.upper,
        method: format!("{verdict}: witness ({}); upper bound: {}", found.how, found.upper_how),
        witness,
        presses: best.presses,
    })
}

/// A witness (its press pattern and fewest presses) and an upper bound, each with its proof.
struct Found {
    presses: Vec<u64>,
    lower: usize,
    upper: usize,
    how: String,
    upper_how: String,
}

/// Past [`MAX_NULLITY`]: the sparse classes, the parity bound and the active-set witness of the
/// square boards' sparse rows.
fn sparse(signature: &[u64], d: usize, e: &GodsEffort) -> Found {
    let classes = gods::class_counts(signature);
    let (c0, upper) = gods::sparse_parity_bound(&classes);
    let rounds = e.effort.active_rounds.unwrap_or_else(|| gods::active_rounds(e.budget));
    let (max_y, y) = gods::sparse_witness(&classes, d, rounds);
    let total = (signature.len() - c0) as i64;
    let take: std::collections::HashMap<u64, usize> = classes
        .iter()
        .zip(&y)
        .map(|(c, &v)| (c.0, if c.0 == 0 { c.1 } else { ((c.1 as i64 - v) / 2) as usize }))
        .collect();
    Found {
        presses: class_presses(signature, |s| take[&s]),
        lower: (c0 as i64 + (total - max_y) / 2) as usize,
        upper,
        how: if rounds > 0 {
            format!("active-set witness, {rounds} rounds")
        } else {
            "rounded witness".to_string()
        },
        upper_how: "parity/averaging bound".to_string(),
    }
}

/// Bytes the bounds take: the dense class table (2^d counts) and the press matrix.
pub fn gods_bytes(a: &BitMatrix) -> u128 {
    let d = a.nullity().min(MAX_NULLITY);
    (8u128 << d) * 4 + 2 * graphs::rank_bytes(a.cols())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::named_graphs;
    use crate::puzzles::press_graph::GraphRule;

    fn effort(budget: u64) -> GodsEffort {
        GodsEffort {
            restarts: 2,
            budget,
            effort: Effort::default(),
        }
    }

    #[test]
    fn named_small_graphs_match_their_exhaustive_histograms() {
        for name in ["petersen", "dodecahedron", "icosahedron", "cube", "hex-4", "hexagon-3"] {
            for rule in [GraphRule::SigmaPlus, GraphRule::Sigma] {
                let g = GraphGame {
                    graph: named_graphs::named(name).unwrap(),
                    rule,
                };
                let h = graphs::histogram(&g).unwrap();
                let r = gods(&g, &effort(1 << 30), &Counters::default()).unwrap();
                assert_eq!(r.exact(), Some(h.gods_number()), "{}: {}", g.label(), r.method);
                assert_eq!(gf2::popcount(&r.presses) as usize, r.lower);
            }
        }
    }

    /// God's number by breadth-first search over the reachable positions (32-bit boards): the
    /// press matrix's columns are the moves, the position's depth its fewest presses.
    fn bfs_gods(g: &GraphGame) -> usize {
        let a = g.press_matrix().unwrap();
        let moves: Vec<u32> = (0..a.cols())
            .map(|v| {
                let mut e = vec![0u64; 1];
                gf2::set_bit(&mut e, v, true);
                a.mul_vec(&e)[0] as u32
            })
            .collect();
        let mut seen = std::collections::HashSet::from([0u32]);
        let (mut frontier, mut depth) = (vec![0u32], 0);
        loop {
            let next: Vec<u32> = frontier
                .iter()
                .flat_map(|&b| moves.iter().map(move |&m| b ^ m))
                .filter(|&b| seen.insert(b))
                .collect();
            if next.is_empty() {
                return depth;
            }
            frontier = next;
            depth += 1;
        }
    }

    #[test]
    fn hypercube_5_matches_a_search_over_its_positions() {
        let g = GraphGame {
            graph: named_graphs::named("hypercube-5").unwrap(),
            rule: GraphRule::SigmaPlus,
        };
        let r = gods(&g, &effort(1 << 32), &Counters::default()).unwrap();
        assert_eq!(r.nullity, 16);
        assert_eq!(r.exact(), Some(bfs_gods(&g)), "{}", r.method);
    }
}
