//! Sampled click-distance histograms, for plus/open boards whose exact histogram is out of reach
//! (issue 9): uniformly random solvable positions, each solved exactly.
//!
//! Why no board is ever built: a uniformly random press pattern x maps to a uniformly random
//! solvable position (the press map is linear, so every solvable position has the same number of
//! preimages), and that position's fewest presses is the lightest member of the coset x + Q of the
//! quiet space. That weight depends on x only through how many cells of each quiet-signature class
//! x presses ([`gods::values`], one Walsh-Hadamard transform over the 2^d signatures), and for a
//! uniform x those counts are independent fair binomials. So a sample is one binomial per class and
//! one transform: exact per position, O(d 2^d) per sample.

use super::gods;
use super::histogram::Histogram;
use crate::output::chart::{xy_chart, Mark, Rendered, Scale, XYChart, XYSeries};
use crate::output::glossary;
use crate::output::report::Section;
use crate::output::schema::{col, Kind, Schema};
use crate::output::{Cell, Table};
use crate::puzzles::lightsout::{Rule, Topology};
use crate::studies::claim::{Claim, Scope};
use anyhow::{bail, Result};
use num_bigint::BigUint;
use rayon::prelude::*;

/// Largest nullity sampled: 2^d coset weights per sample (19x19, nullity 16: a 65536-point
/// transform per sample).
pub const MAX_NULLITY: usize = 16;
/// Samples per chunk; chunk i draws from its own seed, so the bytes do not depend on threads.
const CHUNK: usize = 1 << 14;

/// The sampled histogram of one plus/open n x n board.
#[derive(Clone, Debug, PartialEq)]
pub struct Sampled {
    pub n: usize,
    pub nullity: usize,
    pub samples: u64,
    pub seed: u64,
    /// counts[k] = sampled positions whose fewest presses is k.
    pub counts: Vec<u64>,
}

impl Sampled {
    pub fn mean(&self) -> f64 {
        self.counts
            .iter()
            .enumerate()
            .map(|(k, &c)| k as f64 * c as f64)
            .sum::<f64>()
            / self.samples as f64
    }
    /// Standard error of the mean.
    pub fn mean_standard_error(&self) -> f64 {
        let m = self.mean();
        let var = self
            .counts
            .iter()
            .enumerate()
            .map(|(k, &c)| (k as f64 - m).powi(2) * c as f64)
            .sum::<f64>()
            / (self.samples as f64 - 1.0).max(1.0);
        (var / self.samples as f64).sqrt()
    }
    /// The most presses seen: a lower bound on God's number, not God's number.
    pub fn largest_seen(&self) -> usize {
        self.counts.iter().rposition(|&c| c > 0).unwrap_or(0)
    }
}

/// SplitMix64: a small, well-mixed generator; each chunk seeds its own.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Binomial(size, 1/2): the number of set bits among `size` fair random bits.
    fn fair_bits(&mut self, size: usize) -> usize {
        let mut left = size;
        let mut ones = 0;
        while left >= 64 {
            ones += self.next().count_ones() as usize;
            left -= 64;
        }
        if left > 0 {
            ones += (self.next() & ((1u64 << left) - 1)).count_ones() as usize;
        }
        ones
    }
}

/// Fewest presses of one sampled position, given the class counts `w` (w[0]: class 0, the cells in
/// no quiet pattern, whose presses every coset member shares). The reference for [`Solver`].
#[cfg(test)]
fn fewest(sizes: &[usize], w: &[usize]) -> usize {
    w[0] + gods::values(sizes, w).into_iter().min().unwrap_or(0) as usize
}

/// [`fewest`] without allocating, in 16-bit lanes (|values| <= the cells, < 2^15): with
/// y_s = c_s - 2 w_s, the coset member a weighs W + (Y - Yhat(a)) / 2, so the lightest one is
/// where the transform Yhat is largest.
struct Solver {
    /// Signed classes (signature, size) with cells in them.
    signed: Vec<(usize, usize)>,
    /// The blocks of 16 signatures (s / 16) holding a signed class.
    groups: Vec<usize>,
    y: Vec<i16>,
}

impl Solver {
    fn new(sizes: &[usize]) -> Solver {
        assert!(
            sizes.iter().sum::<usize>() < i16::MAX as usize,
            "16-bit lanes hold at most 32766 cells"
        );
        let signed: Vec<(usize, usize)> = (1..sizes.len())
            .filter(|&s| sizes[s] > 0)
            .map(|s| (s, sizes[s]))
            .collect();
        let mut groups: Vec<usize> = signed.iter().map(|&(s, _)| s / 16).collect();
        groups.dedup();
        Solver {
            signed,
            groups,
            y: vec![0; sizes.len()],
        }
    }

    /// `w[i]`: pressed cells of `signed[i]`; `unsigned`: pressed cells in no quiet pattern.
    fn fewest(&mut self, unsigned: usize, w: &[usize]) -> usize {
        self.y.fill(0);
        let (mut total_w, mut total_y) = (0i32, 0i32);
        for (&(s, c), &ws) in self.signed.iter().zip(w) {
            let y = c as i16 - 2 * ws as i16;
            self.y[s] = y;
            total_w += ws as i32;
            total_y += y as i32;
        }
        if self.y.len() < 16 {
            super::solve::walsh_hadamard(&mut self.y);
        } else {
            // The four lowest levels mix only within blocks of 16 signatures, too short for
            // vector lanes; the input is zero outside the blocks that hold a signed class, and
            // stays zero there, so only those blocks are transformed.
            for g in &self.groups {
                super::solve::walsh_hadamard(&mut self.y[16 * g..16 * g + 16]);
            }
            super::solve::walsh_hadamard_from(&mut self.y, 16);
        }
        let top = self.y.iter().copied().max().unwrap_or(0) as i32;
        unsigned + (total_w + (total_y - top) / 2) as usize
    }
}

/// Samples `samples` (at least 1) uniformly random solvable positions of the plus/open n x n
/// board.
pub fn compute(n: usize, samples: u64, seed: u64) -> Result<Sampled> {
    let (cl, _) = gods::classes(n)?;
    if cl.nullity > MAX_NULLITY {
        bail!(
            "{n}x{n}: nullity {} is beyond the {MAX_NULLITY} the sampler handles (2^nullity weights per sample)",
            cl.nullity
        );
    }
    let chunks = (samples as usize).div_ceil(CHUNK);
    let parts: Vec<Vec<u64>> = (0..chunks)
        .into_par_iter()
        .map(|i| {
            let mut rng = SplitMix(seed ^ (i as u64).wrapping_mul(0xD1B5_4A32_D192_ED03));
            let mut counts = vec![0u64; n * n + 1];
            let mut solver = Solver::new(&cl.sizes);
            let mut w = vec![0usize; solver.signed.len()];
            let here = CHUNK.min(samples as usize - i * CHUNK);
            for _ in 0..here {
                // Classes in signature order, as the draws have always been made (an empty class
                // draws nothing), so a seed gives the same samples at every nullity limit.
                let unsigned = rng.fair_bits(cl.sizes[0]);
                for (ws, &(_, size)) in w.iter_mut().zip(&solver.signed) {
                    *ws = rng.fair_bits(size);
                }
                counts[solver.fewest(unsigned, &w)] += 1;
            }
            counts
        })
        .collect();
    let mut counts = vec![0u64; n * n + 1];
    for p in parts {
        for (c, x) in counts.iter_mut().zip(p) {
            *c += x;
        }
    }
    let last = counts.iter().rposition(|&c| c > 0).unwrap_or(0);
    counts.truncate(last + 1);
    Ok(Sampled {
        n,
        nullity: cl.nullity,
        samples,
        seed,
        counts,
    })
}

/// The file of one side.
pub fn file_name(s: &Sampled) -> String {
    format!("sampled_histogram_plus_open_{0}x{0}.csv", s.n)
}

pub static SAMPLED_HISTOGRAM: Schema = Schema {
    pattern: "lightsout/sampled_histogram_plus_open_*.csv",
    description: "Sampled click-distance histogram of one plus/open n x n board (n in the file name) whose exact \
            histogram is out of reach: uniformly random solvable positions, each solved exactly (fewest presses over \
            its coset of the quiet space), counted by fewest presses, one row per count from the fewest seen to the \
            most seen. Estimates, not exact counts.",
    columns: &[
        col(glossary::min_presses, Kind::Integer, "fewest presses"),
        col(
            glossary::samples,
            Kind::Integer,
            "sampled positions needing exactly that many presses",
        ),
        col(glossary::share, Kind::Number, "samples / all samples (8 decimals)"),
        col(
            glossary::standard_error,
            Kind::Number,
            "binomial standard error of share, sqrt(share (1 - share) / samples) (8 decimals)",
        ),
        col(
            glossary::log10_estimated_positions,
            Kind::Number,
            "log10 of share x 2^rank, the estimated number of \
                solvable positions needing that many presses; empty when no sample did",
        ),
    ],
    primary_key: &[glossary::min_presses],
    source: "Computed by statespace (seeded sampling, fixed seed; issue 9)",
};

/// `sampled_histogram_plus_open_{n}x{n}.csv`: one row per number of presses from the fewest seen
/// to the most seen (the rows outside have no sample and no estimate).
pub fn table(s: &Sampled) -> Table {
    let mut t = SAMPLED_HISTOGRAM.table();
    let total = s.samples as f64;
    let rank = (s.n * s.n - s.nullity) as f64;
    let first = s.counts.iter().position(|&c| c > 0).unwrap_or(0);
    for (k, &c) in s.counts.iter().enumerate().take(s.largest_seen() + 1).skip(first) {
        let share = c as f64 / total;
        t.push(vec![
            k.into(),
            c.into(),
            Cell::Fixed(share, 8),
            Cell::Fixed((share * (1.0 - share) / total).sqrt(), 8),
            if c > 0 {
                Cell::Fixed(share.log10() + rank * std::f64::consts::LOG10_2, 4)
            } else {
                Cell::Empty
            },
        ]);
    }
    t
}

/// The share at `k` presses and its binomial standard error (the CSV's `share`, `standard_error`).
fn share(s: &Sampled, k: usize) -> (f64, f64) {
    let p = s.counts[k] as f64 / s.samples as f64;
    (p, (p * (1.0 - p) / s.samples as f64).sqrt())
}

/// Sampled distributions of fewest presses, one line per side, as densities over the fraction of
/// cells pressed: a share per press times n^2, so sides of different size are comparable (each
/// curve has area 1) on a linear axis. Every number of presses from the fewest to the most seen is
/// a point, zero counts included (no floor, no gaps to bridge), with +-1 standard error bars.
pub fn chart(all: &[Sampled]) -> Result<Rendered> {
    let mut series = Vec::new();
    for (i, s) in all.iter().enumerate() {
        let cells = (s.n * s.n) as f64;
        let first = s.counts.iter().position(|&c| c > 0).unwrap_or(0);
        let range = first..=s.largest_seen();
        series.push(XYSeries {
            name: format!("{0}x{0} (nullity {1})", s.n, s.nullity),
            points: range
                .clone()
                .map(|k| (k as f64 / cells, share(s, k).0 * cells))
                .collect(),
            mark: if s.n * s.n > 400 { Mark::Line } else { Mark::LinePoints },
            colour: Some(i),
        });
        series.push(XYSeries {
            name: String::new(),
            points: range
                .flat_map(|k| {
                    let (p, e) = share(s, k);
                    [(k as f64 / cells, (p - e) * cells), (k as f64 / cells, (p + e) * cells)]
                })
                .collect(),
            mark: Mark::ErrorBars,
            colour: Some(i),
        });
    }
    xy_chart(&XYChart {
        title: format!(
            "Sampled Lights Out positions (plus, open) by fewest presses, {} samples per side",
            all.first().map_or(0, |s| s.samples)
        ),
        x_label: "fewest presses / n^2 (fraction of the cells)".into(),
        y_label: "density: share per press x n^2 (+-1 s.e.)".into(),
        series,
        x_scale: Scale::Linear,
        y_scale: Scale::Linear,
        markers: Vec::new(),
    })
}

/// The mean of an exact histogram (fewest presses over all solvable positions).
pub fn exact_mean(h: &Histogram) -> f64 {
    let weighted: BigUint = h.counts.iter().enumerate().map(|(k, c)| c * k).sum();
    // Ratio of big integers to 9 decimals.
    let scaled: BigUint = weighted * 1_000_000_000u64 / h.total();
    scaled.to_string().parse::<f64>().unwrap_or(f64::NAN) / 1e9
}

/// New results: the mean fewest presses per side (no published value we know of); where the
/// side's exact histogram was also computed (plus, open), the exact mean beside it and their
/// distance in standard errors.
pub fn claims(all: &[Sampled], exact: &[Histogram]) -> Vec<Claim> {
    all.iter()
        .map(|s| {
            let mut computed = format!(
                "{:.3} +- {:.3} (standard error); most seen {}",
                s.mean(),
                s.mean_standard_error(),
                s.largest_seen()
            );
            let mut evidence = format!("data/lightsout/{}, columns min_presses and samples", file_name(s));
            if let Some(h) = exact
                .iter()
                .find(|h| (h.rule, h.topology, h.n) == (Rule::Plus, Topology::Open, s.n))
            {
                let m = exact_mean(h);
                computed += &format!(
                    "; exact mean {m:.3}, {:.2} standard errors away",
                    (s.mean() - m).abs() / s.mean_standard_error()
                );
                evidence += &format!(
                    ", against the exact data/lightsout/histogram_plus_open_{0}x{0}.csv, columns \
                    min_presses and positions",
                    s.n
                );
            }
            Claim::new_result(
                "lightsout",
                &format!("lightsout.sampled.plus_open.{}", s.n),
                &format!(
                    "Mean fewest presses of a uniformly random solvable {0}x{0} Lights Out position (plus, open; \
                        nullity {1}), from {2} samples each solved exactly",
                    s.n, s.nullity, s.samples
                ),
                computed,
                &evidence,
            )
            .scoped(Scope::Sample)
        })
        .collect()
}

/// The page section.
pub fn section(all: &[Sampled]) -> Section {
    let mut t = Table::new(&[
        "n",
        "nullity",
        "samples",
        "mean_fewest_presses",
        "standard_error",
        "most_seen",
    ]);
    for s in all {
        t.push(vec![
            s.n.into(),
            s.nullity.into(),
            s.samples.into(),
            Cell::Fixed(s.mean(), 3),
            Cell::Fixed(s.mean_standard_error(), 3),
            s.largest_seen().into(),
        ]);
    }
    let mut sec = Section::new("Sampled histograms (beyond the exact method)")
        .text(
            "Where the exact click-distance histogram is out of reach, uniformly random solvable positions are drawn \
            and each is solved exactly: a random press pattern gives a uniform solvable position, and its fewest \
            presses is the lightest member of its coset of the quiet space. These are estimates with standard errors, \
            never mixed with the exact histograms; the most presses seen is only a lower bound on God's number.",
        )
        .table(
            "Per side (`data/lightsout/sampled_histogram_plus_open_{n}x{n}.csv`: samples, share and its standard \
            error per number of presses):",
            t,
        );
    if !all.is_empty() {
        sec =
            sec.chart(
                "histogram_sampled",
                format!(
                "Sampled positions by fewest presses as a fraction of the n^2 cells, as densities (share per press x \
                    n^2, so every curve has area 1), each point with +-1 standard error bars (binomial, \
                    `standard_error` in the CSVs; mostly thinner than the line); zero counts inside the range seen are \
                    drawn at 0. The means lie between {:.1}% and {:.1}% of the cells; the larger the board, the \
                    narrower its spread.",
                all.iter().map(|s| 100.0 * s.mean() / (s.n * s.n) as f64).fold(f64::INFINITY, f64::min),
                all.iter().map(|s| 100.0 * s.mean() / (s.n * s.n) as f64).fold(0.0, f64::max)
            ),
            );
    }
    sec.claims("lightsout.sampled")
}

/// The data dictionary's entry.
#[cfg(test)]
mod tests {
    use super::*;

    /// The 16-bit solver against the 64-bit reference on random class counts of real boards.
    #[test]
    fn solver_equals_the_reference() {
        for n in [4usize, 5, 9, 11, 14, 16, 19] {
            let (cl, _) = gods::classes(n).unwrap();
            let mut solver = Solver::new(&cl.sizes);
            let mut rng = SplitMix(n as u64);
            for _ in 0..200 {
                let full: Vec<usize> = cl
                    .sizes
                    .iter()
                    .map(|&c| if c == 0 { 0 } else { rng.next() as usize % (c + 1) })
                    .collect();
                let w: Vec<usize> = solver.signed.iter().map(|&(s, _)| full[s]).collect();
                assert_eq!(solver.fewest(full[0], &w), fewest(&cl.sizes, &full), "{n}x{n}");
            }
        }
    }
}
