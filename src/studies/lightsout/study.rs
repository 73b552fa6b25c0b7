//! The Lights Out study: its options ([`StudyOptions`]) and everything it computes
//! ([`LightsoutResults::compute`]). The files are written by [`super::exports`], the page by
//! [`super::report`], the claims by [`super::claims`].

use super::all_ones::AllOnesRow;
use super::hand::{self, HandRow};
use super::histogram::{self, Histogram};
use super::quiet::{self, Quiet};
use super::solve::{self, Outcome};
use super::{fold, frontier, gods, million, nullity, sampled, saved, seed004};
use crate::engine::progress::Counters;
use crate::puzzles::lightsout::{Game, Grid, Rule, Topology};
use anyhow::Result;

pub const COMBOS: [(Rule, Topology); 4] = [
    (Rule::Plus, Topology::Open),
    (Rule::Plus, Topology::Torus),
    (Rule::Block, Topology::Open),
    (Rule::Block, Topology::Torus),
];

pub struct StudyOptions {
    pub sweep_max: [usize; 4],
    pub rect_max: [usize; 4],
    /// Boards whose exact click-distance histogram is computed: a failure fails the study.
    pub histogram_sides: Vec<(Rule, Topology, usize)>,
    /// Boards named on the page as out of reach of the exact histogram, with the reason
    /// ([`histogram::out_of_reach`]); the study fails if one of them is in fact within reach.
    pub histogram_out_of_reach: Vec<(Rule, Topology, usize)>,
    pub quiet_sides: Vec<(Rule, Topology, usize)>,
    pub all_ones_max: usize,
    pub hand_max: usize,
    pub direct_check_max: usize,
    /// The long plus/open sweep (written under `data/lightsout/n<max>/`); 0 = none.
    pub long_sweep_max: usize,
    /// The plus/open sweep to 10^6 (Parquet under `data/lightsout/n<max>/`; read back from `saved`
    /// and re-checked, see [`super::million`]); 0 = none.
    pub million_sweep_max: usize,
    /// The plus/open m x n nullity dataset for m, n <= this (Parquet); 0 = none.
    pub rect_dataset_max: usize,
    /// God's numbers of the plus/open boards with nullity > 0; None = none.
    pub gods: Option<gods::GodsOptions>,
    /// Seed 004's 5x5 verdicts that need their own computation (pairs of ignored buttons, the
    /// direct formulas, the last-row classes).
    pub seed004: bool,
    /// Plus/open sides given a sampled histogram, and the samples per side.
    pub sampled_sides: Vec<usize>,
    pub sampled_count: u64,
    /// Where results that cost more than a minute are read back from and re-checked
    /// (`data/lightsout`: all-ones minima past nullity [`saved::READ_BACK_NULLITY`]; God's
    /// numbers' branch-and-bound refutations are read back through `gods.saved`); None =
    /// recompute everything (`reproduce --full`).
    pub saved: Option<std::path::PathBuf>,
    /// Lights Out on graphs: family sweeps and named graphs; None = none.
    pub graphs: Option<super::graph_study::GraphStudyOptions>,
}

impl StudyOptions {
    pub fn reproduce() -> StudyOptions {
        // Plus/open sides up to 20, except those beyond the signature method's profile limit
        // (named on the page and sampled instead).
        const OUT_OF_REACH: [usize; 5] = [9, 11, 14, 16, 19];
        let mut hist: Vec<(Rule, Topology, usize)> = (1..=20)
            .filter(|n| !OUT_OF_REACH.contains(n))
            .map(|n| (Rule::Plus, Topology::Open, n))
            .collect();
        // Nullity 2: the closed form makes it exact (137 million weight profiles otherwise).
        hist.push((Rule::Plus, Topology::Open, 53));
        hist.extend((1..=5).map(|n| (Rule::Block, Topology::Open, n)));
        hist.extend((1..=5).map(|n| (Rule::Plus, Topology::Torus, n)));
        StudyOptions {
            sweep_max: [10000, 300, 10000, 10000],
            rect_max: [100, 40, 100, 100],
            histogram_sides: hist,
            histogram_out_of_reach: OUT_OF_REACH.iter().map(|&n| (Rule::Plus, Topology::Open, n)).collect(),
            quiet_sides: vec![
                (Rule::Plus, Topology::Open, 4),
                (Rule::Plus, Topology::Open, 5),
                (Rule::Plus, Topology::Open, 9),
                (Rule::Plus, Topology::Torus, 5),
                (Rule::Block, Topology::Open, 5),
            ],
            all_ones_max: 128,
            hand_max: 8,
            direct_check_max: 3000,
            long_sweep_max: 100_000,
            // Read back from `data/lightsout/n1000000/sweep_plus_open.parquet` and re-checked;
            // `reproduce --full` would sweep again.
            million_sweep_max: million::MAX_N,
            rect_dataset_max: 1000,
            gods: Some(gods::GodsOptions::reproduce()),
            seed004: true,
            // The plus/open sides up to 20 whose exact histogram is refused, and 53 (nullity 2),
            // sampled as a check against its exact histogram (claim lightsout.sampled.plus_open.53).
            sampled_sides: vec![9, 11, 14, 16, 19, 53],
            sampled_count: 1_000_000,
            saved: None,
            graphs: Some(super::graph_study::GraphStudyOptions::reproduce()),
        }
    }
}

/// One rule and topology's nullity by side n (index 0 unused).
pub type Sweep = (Rule, Topology, Vec<usize>);
/// One rule and topology's (m, n, nullity) for every m x n board up to its limit.
pub type RectTable = (Rule, Topology, Vec<(usize, usize, usize)>);

/// Everything the Lights Out study computes (the results of [`super::Lightsout`]).
pub struct LightsoutResults {
    pub opts_sweep_max: [usize; 4],
    pub sweeps: Vec<Sweep>,
    pub rects: Vec<RectTable>,
    pub histograms: Vec<Histogram>,
    /// The boards the options name as out of reach of the exact histogram, with the reason.
    pub histogram_out_of_reach: Vec<(Rule, Topology, usize, String)>,
    pub quiet: Vec<Quiet>,
    pub all_ones: Vec<AllOnesRow>,
    pub all_ones_4x4_weights: Vec<u64>,
    pub hand: Vec<HandRow>,
    pub strip_open: Vec<usize>,
    /// Plus/open nullity for n <= this by the plain gcd in x (no halving, no 2-adic formula).
    pub direct: Vec<usize>,
    /// The long plus/open sweep: (its largest n, nullity by n).
    pub long_sweep: Option<(usize, Vec<usize>)>,
    /// The plus/open sweep to 10^6, re-checked.
    pub million: Option<million::MillionSweep>,
    /// Seed 004: whether first-row presses 1, 3, 5 chase to a blank 5x5 board.
    pub buttons_1_5_equal_3: Option<bool>,
    /// Seed 004's Solution 2: (det B', common denominator of B'^-1, whether it works mod 2).
    pub seed004_inverse: Option<(num_bigint::BigInt, num_bigint::BigInt, bool)>,
    /// The plus/open m x n nullity dataset.
    pub rect_dataset: Option<frontier::RectDataset>,
    /// God's numbers (exact, or proven bounds) of the plus/open boards with nullity > 0.
    pub gods: Option<gods::GodsResults>,
    pub seed004: Option<seed004::Seed004>,
    pub sampled: Vec<sampled::Sampled>,
    pub graphs: Option<super::graph_study::GraphStudy>,
}

impl LightsoutResults {
    /// Every table of the study; `progress` is told each stage and its work done.
    pub fn compute(o: &StudyOptions, progress: &Counters) -> Result<LightsoutResults> {
        let stage = |name: &str, total: usize| progress.set_stage(format!("lightsout: {name}"), total as u64);
        let step = || progress.add_expanded(1);
        stage("nullity sweeps and m x n tables", 0);
        let (long, sweeps) = sweeps(o)?;
        let rects = COMBOS
            .iter()
            .enumerate()
            .map(|(i, &(r, t))| Ok((r, t, nullity::rect(r, t, o.rect_max[i])?)))
            .collect::<Result<Vec<_>>>()?;
        stage("click-distance histograms (boards)", o.histogram_sides.len());
        let mut histograms = Vec::new();
        for &(r, t, n) in &o.histogram_sides {
            histograms.push(histogram::compute(r, t, n)?);
            step();
        }
        let histogram_out_of_reach = out_of_reach(o)?;
        let quiet = o
            .quiet_sides
            .iter()
            .map(|&(r, t, n)| quiet::compute(r, t, n))
            .collect::<Result<Vec<_>>>()?;
        stage("all-ones minima (n)", o.all_ones_max);
        let all_ones = all_ones(o, &step)?;
        let all_ones_4x4_weights = all_ones_4x4_weights()?;
        stage("hand algorithms, plain-gcd nullities, seed 004", 0);
        let hand = hand::study(o.hand_max)?;
        let strip_open = (0..=o.sweep_max[2])
            .map(|n| {
                if n == 0 {
                    0
                } else {
                    nullity::strip_nullity(Topology::Open, n)
                }
            })
            .collect();
        let direct = direct_nullities(o.direct_check_max.min(o.sweep_max[0]));
        let has_5 = o.sweep_max[0] >= 5;
        let buttons_1_5_equal_3 = has_5.then(|| nullity::plus_open_chase_matrix(5, 5).mul_vec(&[0b10101u64])[0] == 0);
        let seed004_inverse = if has_5 {
            Some(quiet::seed004_rational_inverse()?)
        } else {
            None
        };
        stage("plus/open sweep to 10^6 (read back and re-checked)", 0);
        let million = match o.million_sweep_max {
            0 => None,
            max => {
                let against = long.as_deref().unwrap_or(&sweeps[0].2);
                Some(million::obtain(max, o.saved.as_deref(), against)?)
            }
        };
        stage("m x n nullity dataset", 0);
        let rect_dataset = (o.rect_dataset_max > 0).then(|| frontier::rect_compute(o.rect_dataset_max));
        stage("God's numbers", 0);
        let gods = o.gods.as_ref().map(saved::gods_results).transpose()?;
        let seed004 = if o.seed004 { Some(seed004::compute()?) } else { None };
        let mut sampled = Vec::new();
        stage("sampled histograms (boards)", o.sampled_sides.len());
        for &n in &o.sampled_sides {
            sampled.push(sampled::compute(n, o.sampled_count, SAMPLE_SEED ^ n as u64)?);
            step();
        }
        stage("graphs: hexagonal boards, hypercubes, cycles, named graphs", 0);
        let graphs = o.graphs.as_ref().map(super::graph_study::compute).transpose()?;
        Ok(LightsoutResults {
            graphs,
            sampled,
            seed004,
            rect_dataset,
            gods,
            long_sweep: long.map(|l| (o.long_sweep_max, l)),
            million,
            buttons_1_5_equal_3,
            seed004_inverse,
            direct,
            opts_sweep_max: o.sweep_max,
            sweeps,
            rects,
            histograms,
            histogram_out_of_reach,
            quiet,
            all_ones,
            all_ones_4x4_weights,
            hand,
            strip_open,
        })
    }

    pub fn sweep(&self, r: Rule, t: Topology) -> &[usize] {
        &self
            .sweeps
            .iter()
            .find(|s| s.0 == r && s.1 == t)
            .expect("every combination is swept")
            .2
    }
}

/// The four sweeps of `o.sweep_max`, and the long plus/open sweep (when asked for), which
/// contains the short one: it is computed once.
fn sweeps(o: &StudyOptions) -> Result<(Option<Vec<usize>>, Vec<Sweep>)> {
    let long = (o.long_sweep_max > 0)
        .then(|| nullity::sweep(Rule::Plus, Topology::Open, o.long_sweep_max))
        .transpose()?;
    let mut sweeps = Vec::new();
    for (i, &(r, t)) in COMBOS.iter().enumerate() {
        let nul = match &long {
            Some(l) if (r, t) == (Rule::Plus, Topology::Open) && o.sweep_max[i] <= o.long_sweep_max => {
                l[..=o.sweep_max[i]].to_vec()
            }
            _ => nullity::sweep(r, t, o.sweep_max[i])?,
        };
        sweeps.push((r, t, nul));
    }
    Ok((long, sweeps))
}

/// The boards the options name as out of reach of the exact histogram, each with the reason; an
/// error if one is in fact within reach.
fn out_of_reach(o: &StudyOptions) -> Result<Vec<(Rule, Topology, usize, String)>> {
    let mut out = Vec::new();
    for &(r, t, n) in &o.histogram_out_of_reach {
        match histogram::out_of_reach(r, t, n)? {
            Some(why) => out.push((r, t, n, why)),
            None => anyhow::bail!(
                "internal error: the {} {} {n}x{n} histogram is listed as out of reach but is computable",
                r.name(),
                t.name()
            ),
        }
    }
    Ok(out)
}

/// The all-ones minima for n = 1..=`o.all_ones_max`: past [`saved::READ_BACK_NULLITY`] read back
/// from `o.saved` and re-checked when it holds the size, otherwise computed; `step` after each.
fn all_ones(o: &StudyOptions, step: &dyn Fn()) -> Result<Vec<AllOnesRow>> {
    let saved_all_ones = o.saved.as_deref().map(saved::SavedAllOnes::load).transpose()?;
    let mut all_ones = Vec::new();
    for n in 1..=o.all_ones_max {
        all_ones.push(all_ones_row(n, saved_all_ones.as_ref())?);
        step();
    }
    Ok(all_ones)
}

/// The all-ones n x n row, with its proven lower bound.
fn all_ones_row(n: usize, saved_all_ones: Option<&saved::SavedAllOnes>) -> Result<AllOnesRow> {
    let game = Game::new(Rule::Plus, Topology::Open, n, n)?;
    let ones = Grid::ones(n, n)?;
    let Outcome::Solved(first) = solve::solve_first(&game, &ones)? else {
        anyhow::bail!("internal error: the all-ones {n}x{n} board is always solvable")
    };
    // Not enumerated: a proven lower bound beside the best found (always recomputed).
    let bound = if first.nullity > solve::EXACT_NULLITY {
        Some(fold::all_ones_lower_bound(n, &first.presses, &first.quiet)?)
    } else {
        None
    };
    let mut row = match saved_all_ones {
        // A size the file does not hold yet is computed (then written with the rest).
        Some(saved) if first.nullity > saved::READ_BACK_NULLITY && saved.has(n) => saved.row(&game, &first)?,
        _ => {
            let s = solve::fewest(&game, &ones, first)?;
            let minimum = s.presses.count();
            AllOnesRow {
                n,
                nullity: s.nullity,
                first_found: s.first_found,
                minimum,
                exact: s.exact_minimum,
                presses: s.presses,
                lower: minimum,
                lower_method: String::new(),
            }
        }
    };
    match bound {
        Some((lower, method)) => {
            anyhow::ensure!(
                lower <= row.minimum,
                "internal error: n = {n}, lower bound {lower} above a replayed solution of {}",
                row.minimum
            );
            (row.lower, row.lower_method) = (lower, method);
        }
        None => (row.lower, row.lower_method) = (row.minimum, format!("exact ({})", solve::method(row.nullity))),
    }
    Ok(row)
}

/// The presses of every solution of the all-ones 4x4, sorted (seed 000: its first solver
/// answered 10 presses).
fn all_ones_4x4_weights() -> Result<Vec<u64>> {
    let game = Game::new(Rule::Plus, Topology::Open, 4, 4)?;
    let mut weights = Vec::new();
    if let Outcome::Solved(s) = solve::solve(&game, &Grid::ones(4, 4)?)? {
        for mask in 0u32..1 << s.quiet.len() {
            let mut g = s.presses.clone();
            for (i, q) in s.quiet.iter().enumerate() {
                if mask >> i & 1 == 1 {
                    crate::engine::gf2::xor_into(&mut g.bits, &q.bits);
                }
            }
            weights.push(g.count());
        }
        weights.sort_unstable();
    }
    Ok(weights)
}

/// Plus/open nullity for n = 0..=`max` by the plain gcd in x (no halving, no 2-adic formula).
fn direct_nullities(max: usize) -> Vec<usize> {
    use rayon::prelude::*;
    let f = nullity::sutner_polys(max, false);
    let g = nullity::sutner_polys(max, true);
    (0..=max)
        .into_par_iter()
        .map(|n| {
            if n == 0 {
                0
            } else {
                nullity::plus_open_square_direct(&f, &g, n)
            }
        })
        .collect()
}

/// Every sweep the study holds: the four n <= 10000 ones, then the long plus/open sweep.
pub fn all_sweeps(s: &LightsoutResults) -> Vec<(Rule, Topology, &[usize])> {
    let mut v: Vec<(Rule, Topology, &[usize])> = s.sweeps.iter().map(|(r, t, nul)| (*r, *t, nul.as_slice())).collect();
    if let Some((_, nul)) = &s.long_sweep {
        v.push((Rule::Plus, Topology::Open, nul.as_slice()));
    }
    if let Some(m) = &s.million {
        v.push((Rule::Plus, Topology::Open, m.nullity.as_slice()));
    }
    v
}

/// Sizes with nullity 0 and sizes, in a sweep, for n = 0, 1, 2 mod 3.
pub fn residue_counts(nul: &[usize]) -> [(usize, usize); 3] {
    let count = |res: usize| {
        let ns: Vec<usize> = (1..nul.len()).filter(|n| n % 3 == res).collect();
        (ns.iter().filter(|&&n| nul[n] == 0).count(), ns.len())
    };
    [count(0), count(1), count(2)]
}

/// The longest sweep of each rule and topology: what the n mod 3 chart and its caption show.
pub fn longest_sweeps(s: &LightsoutResults) -> Vec<(Rule, Topology, &[usize])> {
    s.sweeps
        .iter()
        .map(|(r, t, short)| match (&s.million, &s.long_sweep) {
            (Some(m), _) if (*r, *t) == (Rule::Plus, Topology::Open) && m.nullity.len() > short.len() => {
                (*r, *t, m.nullity.as_slice())
            }
            (_, Some((_, long))) if (*r, *t) == (Rule::Plus, Topology::Open) && long.len() > short.len() => {
                (*r, *t, long.as_slice())
            }
            _ => (*r, *t, short.as_slice()),
        })
        .collect()
}

/// The sweep the solvable-fraction chart shows: the long plus/open one when computed.
pub fn fraction_sweep(s: &LightsoutResults) -> &[usize] {
    s.long_sweep
        .as_ref()
        .map_or(s.sweep(Rule::Plus, Topology::Open), |(_, nul)| nul.as_slice())
}

/// The sampled histograms' seed (xor the side): fixed, so every run writes the same bytes.
pub const SAMPLE_SEED: u64 = 0x5eed_0f11_6475;
