//! Upper bounds on God's number from subcodes (issue 40, exact subspace bounds). The fewest
//! presses of a position is its distance to the quiet code K, so God's number is K's covering
//! radius; a subcode A of K (spanned by a few quiet words) has fewer words to be near, so its
//! covering radius bounds K's from above. A's signature classes are K's merged: a cell's
//! signature under A is the parities of its K-signature against A's generators (each a
//! combination of K's quiet basis, written as the mask of the basis words it sums). With j
//! generators A has 2^j classes, and [`covering::spectrum_at_most_in`] decides its radius exactly
//! where K's 2^d classes (d = 32 at n = 39) are out of reach; averaging over A is no better than
//! over K, the exact radius is.
//!
//! A subcode pays only when it covers nearly every cell K covers (a cell outside every word of A
//! adds to A's radius in full): [`search`] draws generators at random (a fixed seed per side),
//! skips the draws that leave more than [`UNCOVERED_SLACK`] cells more uncovered, and refutes
//! values downward from the best bound known, one decision each.
//!
//! The re-run of a stored refutation (of the whole code or of a subcode) lives here too
//! ([`recheck_refutation`]); the read-back in `saved.rs` calls it.

use crate::engine::covering::{self, Basis, Decision};
use crate::engine::runtime::progress::Counters;
use anyhow::{bail, ensure, Result};

/// A subcode and the value its radius is proven below.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subcode {
    /// Each generator as the mask of the quiet basis words it sums (bit i: word i).
    pub generators: Vec<u64>,
    /// The radius of the subcode is below this (so God's number is at most `refuted - 1`).
    pub refuted: usize,
    /// Nodes of the branch and bound that refutes it.
    pub nodes: u64,
    pub basis: Basis,
}

/// The subcode's class sizes (len 2^j; index 0 = cells outside every word of the subcode) from
/// each cell's signature over the quiet basis.
pub fn merged_sizes(signature: &[u64], generators: &[u64]) -> Vec<usize> {
    let mut sizes = vec![0usize; 1 << generators.len()];
    for &s in signature {
        let merged = generators
            .iter()
            .enumerate()
            .fold(0usize, |acc, (i, &g)| acc | (((g & s).count_ones() & 1) as usize) << i);
        sizes[merged] += 1;
    }
    sizes
}

/// Cells outside every word of a drawn subcode beyond those outside every quiet word, at most (a
/// subcode that leaves more is not decided: each such cell adds one to its radius).
pub const UNCOVERED_SLACK: usize = 2;

/// How hard [`search`] looks: generator counts tried, draws per count, and the work per decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SubcodeEffort {
    pub dimensions: (usize, usize),
    pub draws: usize,
    pub budget: u64,
}

impl SubcodeEffort {
    /// The effort of a `lightsout gods --budget`: subcodes of 10 and 11 words (on 39x39 and 47x47
    /// they refute the most; 7 words leave too many cells uncovered), 8 draws of each, and each
    /// decision's work capped at [`SUBCODE_DECISION_WORK`] (a draw that cannot lower the bound
    /// costs one decision at the full cap).
    pub fn for_budget(budget: u64) -> SubcodeEffort {
        SubcodeEffort {
            dimensions: (10, 11),
            draws: 8,
            budget: budget.min(SUBCODE_DECISION_WORK),
        }
    }
}

/// Most work per subcode decision ([`covering::spectrum_at_most`]'s units).
pub const SUBCODE_DECISION_WORK: u64 = 1_000_000_000;

/// The subcode with the lowest refuted value found, refuting values below `upper + 1` (the best
/// bound known) downward; None when no draw refutes `upper` itself. `nullity` bits of each
/// generator are drawn; `c0` cells lie outside every quiet word.
pub fn search(signature: &[u64], nullity: usize, c0: usize, upper: usize, effort: SubcodeEffort) -> Option<Subcode> {
    let mask = if nullity >= 64 { u64::MAX } else { (1u64 << nullity) - 1 };
    let mut seed = 0x2545_f491_4f6c_dd1du64 ^ (signature.len() as u64).wrapping_mul(0x9e37_79b9);
    let mut draw = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed & mask
    };
    let mut best: Option<Subcode> = None;
    for j in effort.dimensions.0..=effort.dimensions.1 {
        for _ in 0..effort.draws {
            let generators: Vec<u64> = (0..j).map(|_| draw()).collect();
            let sizes = merged_sizes(signature, &generators);
            // A cell outside every generated word adds to the subcode's radius in full.
            if sizes[0] > c0 + UNCOVERED_SLACK {
                continue;
            }
            let mut value = best.as_ref().map_or(upper + 1, |b| b.refuted) - 1;
            while value > c0 {
                let s = covering::radius_at_least(
                    &sizes,
                    value,
                    covering::Limits::budget(effort.budget),
                    Basis::OddFirst,
                    &Counters::default(),
                );
                if s.decision != Decision::Infeasible {
                    break;
                }
                best = Some(Subcode {
                    generators: generators.clone(),
                    refuted: value,
                    nodes: s.nodes,
                    basis: Basis::OddFirst,
                });
                value -= 1;
            }
        }
    }
    best
}

impl Subcode {
    /// The words of a method text: "a subcode of J quiet words (0x.. 0x..) refutes V (N nodes in
    /// the odd-first basis)"; [`Subcode::parse`] reads it back.
    pub fn phrase(&self) -> String {
        let generators: Vec<String> = self.generators.iter().map(|g| format!("{g:#x}")).collect();
        format!(
            "a subcode of {} quiet words ({}) refutes {} ({} nodes{})",
            self.generators.len(),
            generators.join(" "),
            self.refuted,
            self.nodes,
            self.basis.phrase()
        )
    }

    /// The subcode a method text names ([`Subcode::phrase`]), if any.
    pub fn parse(text: &str) -> Option<Subcode> {
        let (_, rest) = text.split_once("a subcode of ")?;
        let (_, rest) = rest.split_once(" quiet words (")?;
        let (generators, rest) = rest.split_once(") refutes ")?;
        let generators: Option<Vec<u64>> = generators
            .split(' ')
            .map(|g| u64::from_str_radix(g.strip_prefix("0x")?, 16).ok())
            .collect();
        let (refuted, rest) = rest.split_once(" (")?;
        let (nodes, rest) = rest.split_once(" nodes")?;
        Some(Subcode {
            generators: generators?,
            refuted: refuted.parse().ok()?,
            nodes: nodes.parse().ok()?,
            basis: Basis::named_in(rest),
        })
    }

    /// Re-runs the refutation on the cells' `signature`, when its tree costs at most `most_work`
    /// ([`recheck_refutation`]: proven again in at most the nodes it names); a
    /// larger one is only read. The subcode's class sizes are recomputed either way.
    pub fn check(&self, signature: &[u64], most_work: u64) -> anyhow::Result<()> {
        anyhow::ensure!(
            (1..=MAX_GENERATORS).contains(&self.generators.len()),
            "a subcode of {} words (1 to {MAX_GENERATORS} are checked)",
            self.generators.len()
        );
        let sizes = merged_sizes(signature, &self.generators);
        if refutation_work(&sizes, self.nodes) <= most_work {
            recheck_refutation(&sizes, self.refuted, self.nodes, self.basis)?;
        }
        Ok(())
    }
}

/// Most generators a subcode read back may have (2^j classes are allocated).
pub const MAX_GENERATORS: usize = 20;

/// The most work the refutation tree of `nodes` nodes over `sizes` (len 2^d) can cost.
pub fn refutation_work(sizes: &[usize], nodes: u64) -> u64 {
    nodes.saturating_mul(sizes.len() as u64 / 2 + 1)
}

/// Re-runs the branch and bound's refutation of `target` over the classes `sizes` in the basis that refuted it: it must
/// prove again that no position needs `target` presses, in at most `nodes` nodes. A finished
/// refutation's tree does not depend on the thread count, and every pruning rule added since a
/// tree was stored only removes values from it, so the stored count bounds the re-run's count:
/// a larger re-run means the file's count, target or classes are not the ones the proof had.
pub fn recheck_refutation(sizes: &[usize], target: usize, nodes: u64, basis: Basis) -> Result<()> {
    ensure!(
        !sizes.is_empty(),
        "no dense classes to re-run the refutation of {target} over"
    );
    let s = covering::radius_at_least(
        sizes,
        target,
        covering::Limits::budget(refutation_work(sizes, nodes)),
        basis,
        &Counters::default(),
    );
    match s.decision {
        Decision::Infeasible => ensure!(
            s.nodes <= nodes,
            "the refutation of {target} re-runs in {} nodes, more than the {nodes} the file names",
            s.nodes
        ),
        Decision::Feasible(_) => bail!("a position needs {target} presses: the stored refutation of {target} is false"),
        Decision::Unknown => {
            bail!("the refutation of {target} did not finish within the work of the {nodes} nodes the file names")
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::studies::lightsout::gods::{quiet_basis, sparse_classes, sparse_parity_bound};

    /// The distance of every word of F2^len to the code spanned by `words`, by enumeration.
    fn brute_radius(words: &[u64], len: usize) -> usize {
        let code: Vec<u64> = (0..1u64 << words.len())
            .map(|a| {
                (0..words.len())
                    .filter(|i| a >> i & 1 == 1)
                    .fold(0, |x, i| x ^ words[i])
            })
            .collect();
        (0..1u64 << len)
            .map(|x| code.iter().map(|&c| (x ^ c).count_ones()).min().unwrap() as usize)
            .max()
            .unwrap()
    }

    #[test]
    fn a_subcode_radius_is_its_own_and_bounds_the_code() {
        // The 4x4 board (length 16, nullity 4): every subcode's radius, decided from merged
        // classes, equals its radius by enumeration and is at least the code's (God's number 7).
        let n = 4;
        let quiet = quiet_basis(n).unwrap();
        let (_, signature) = sparse_classes(n, &quiet);
        let words: Vec<u64> = quiet
            .iter()
            .map(|q| (0..n * n).filter(|&c| q.get(c / n, c % n)).fold(0, |x, c| x | 1 << c))
            .collect();
        let full = brute_radius(&words, n * n);
        assert_eq!(full, 7);
        for generators in [vec![0b0001u64], vec![0b0011, 0b0100], vec![0b1001, 0b0110, 0b0011]] {
            let sub: Vec<u64> = generators
                .iter()
                .map(|g| (0..4).filter(|i| g >> i & 1 == 1).fold(0, |x, i| x ^ words[i]))
                .collect();
            let radius = brute_radius(&sub, n * n);
            assert!(radius >= full);
            let sizes = merged_sizes(&signature, &generators);
            let at = |v: usize| {
                covering::radius_at_least(
                    &sizes,
                    v,
                    covering::Limits::budget(1 << 30),
                    Basis::OddFirst,
                    &Counters::default(),
                )
                .decision
            };
            assert_eq!(at(radius + 1), Decision::Infeasible, "{generators:?}");
            assert!(matches!(at(radius), Decision::Feasible(_)), "{generators:?}");
        }
    }

    #[test]
    fn a_subcode_phrase_reads_back_and_its_refutation_rechecks() {
        let n = 9;
        let quiet = quiet_basis(n).unwrap();
        let (classes, signature) = sparse_classes(n, &quiet);
        let (c0, parity) = sparse_parity_bound(&classes);
        let effort = SubcodeEffort {
            dimensions: (4, 8),
            draws: 16,
            budget: 1 << 24,
        };
        // 9x9: God's number 37, parity bound 40; some subcode refutes a value at or below 40.
        let found = search(&signature, quiet.len(), c0, parity, effort).expect("a refutation");
        assert!(found.refuted <= parity && found.refuted > 37, "{found:?}");
        let text = format!(
            "bounds: witness (x); upper bound: {}; parity/averaging bound {parity}",
            found.phrase()
        );
        assert_eq!(Subcode::parse(&text), Some(found.clone()));
        found.check(&signature, u64::MAX).unwrap();
        // A value the subcode does not refute fails the check.
        let wrong = Subcode { refuted: 37, ..found };
        assert!(wrong.check(&signature, u64::MAX).is_err());
    }
}
