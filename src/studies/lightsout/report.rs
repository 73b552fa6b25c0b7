//! The Lights Out study: its options and results ([`StudyOptions`],
//! [`LightsoutResults::compute`]) and pure exporters from results to tables, charts and the
//! family page ([`export_all`]). The page is built from the results and the claims (see
//! `claims.rs`); nothing is computed while rendering.

use super::hand::{self, HandRow};
use super::histogram::{self, Histogram};
use super::nullity;
use super::quiet::{self, Quiet};
use super::solve::{self, Outcome};
use crate::engine::progress::Counters;
use crate::output::chart::{self, Rendered};
use crate::output::export::{Area, Export};
use crate::output::report::{Block, Page, Section};
use crate::output::study_charts;
use crate::output::table::exact_count;
use crate::output::{Cell, Table};
use crate::puzzles::lightsout::{Game, Grid, Rule, Topology};
use crate::studies::claim::Claim;
use anyhow::Result;
use num_bigint::BigUint;

pub const COMBOS: [(Rule, Topology); 4] = [
    (Rule::Plus, Topology::Open),
    (Rule::Plus, Topology::Torus),
    (Rule::Block, Topology::Open),
    (Rule::Block, Topology::Torus),
];

pub fn sweep_table(nul: &[usize]) -> Table {
    // The solvable fraction is 2^-nullity: as a float it underflows past nullity 1074, so the
    // table gives its exact base-2 logarithm instead.
    let mut t = Table::new(&["n", "n_mod_3", "rank", "nullity", "log2_solvable_fraction"]);
    for (n, &k) in nul.iter().enumerate().skip(1) {
        let cells = (n as u128) * (n as u128);
        t.push(vec![
            n.into(),
            (n % 3).into(),
            Cell::UInt(cells - k as u128),
            k.into(),
            Cell::Int(-(k as i128)),
        ]);
    }
    t
}

pub fn rect_table(rows: &[(usize, usize, usize)]) -> Table {
    let mut t = Table::new(&["m", "n", "rank", "nullity"]);
    for &(m, n, k) in rows {
        t.push(vec![m.into(), n.into(), (m * n - k).into(), k.into()]);
    }
    t
}

pub fn histogram_name(h: &Histogram) -> String {
    match (h.rule, h.topology) {
        (r, Topology::Open) => format!("histogram_{}_open_{}x{}.csv", r.name(), h.n, h.n),
        (r, Topology::Torus) => format!("histogram_{}_torus_{}x{}.csv", r.name(), h.n, h.n),
    }
}

pub fn histogram_table(h: &Histogram) -> Table {
    // Counts pass 2^127 from 12x12 on: exact decimal text, with log10 beside it for plotting.
    let mut t = Table::new(&["min_presses", "positions", "log10_positions"]);
    for (k, c) in h.counts.iter().enumerate() {
        let log = if c.bits() == 0 {
            Cell::Empty
        } else {
            Cell::Fixed(big_log10(c), 6)
        };
        t.push(vec![k.into(), exact_count(c), log]);
    }
    t
}

pub fn quiet_stem(q: &Quiet) -> String {
    format!("{}_{}_{}x{}", q.rule.name(), q.topology.name(), q.n, q.n)
}

/// Quiet patterns as CSV (pattern, row, col of each pressed cell), one image with every basis
/// pattern side by side, and the chase table.
pub fn quiet_export(q: &Quiet, out: &mut Export) -> Result<()> {
    let stem = quiet_stem(q);
    let mut t = Table::new(&["pattern", "row", "col"]);
    for (i, g) in q.basis.iter().enumerate() {
        for r in 0..q.n {
            for c in 0..q.n {
                if g.get(r, c) {
                    t.push(vec![(i + 1).into(), (r + 1).into(), (c + 1).into()]);
                }
            }
        }
    }
    out.table(Area::Data, "lightsout", &format!("quiet_{stem}.csv"), &t);
    if !q.basis.is_empty() {
        out.chart(Area::Reports, "lightsout", &format!("quiet_{stem}"), &quiet_chart(q)?);
    }
    if let Some(rows) = &q.chase {
        let bits = |v: &[bool]| v.iter().map(|&b| if b { '1' } else { '0' }).collect::<String>();
        let mut t = Table::new(&["last_row", "first_row_presses"]);
        for r in rows {
            t.push(vec![bits(&r.last_row).into(), bits(&r.first_row).into()]);
        }
        out.table(
            Area::Data,
            "lightsout",
            &format!("chase_table_{}_open_{}x{}.csv", q.rule.name(), q.n, q.n),
            &t,
        );
    }
    Ok(())
}

/// Every basis pattern as its own small n x n board, labelled with its number (the `pattern`
/// column of the CSV) and its presses.
fn quiet_chart(q: &Quiet) -> Result<Rendered> {
    let n = q.n;
    let patterns: Vec<(String, Vec<bool>)> = q
        .basis
        .iter()
        .enumerate()
        .map(|(i, g)| {
            let cells: Vec<bool> = (0..n * n).map(|k| g.get(k / n, k % n)).collect();
            let presses = cells.iter().filter(|&&b| b).count();
            (format!("pattern {}: {presses} presses", i + 1), cells)
        })
        .collect();
    chart::board_panels(
        &format!(
            "{} rule, {} {n}x{n} board: {k} quiet patterns, a basis (the 2^{k} quiet patterns are their sums)",
            q.rule.name(),
            q.topology.name(),
            k = q.basis.len()
        ),
        n,
        &patterns,
    )
}

pub fn hand_table(rows: &[HandRow]) -> Table {
    let mut t = Table::new(&[
        "n",
        "algorithm",
        "exhaustive",
        "scope",
        "boards",
        "cleared",
        "failed",
        "mean_presses",
        "mean_presses_standard_error",
        "mean_minimum",
        "mean_minimum_standard_error",
        "optimal_boards",
        "max_excess",
        "failure_example",
        "excess_example",
    ]);
    for r in rows {
        t.push(vec![
            r.n.into(),
            r.algorithm.into(),
            bool_cell(r.exhaustive),
            r.scope().into(),
            r.boards.into(),
            r.cleared.into(),
            (r.boards - r.cleared).into(),
            Cell::Fixed(r.mean_presses(), 3),
            r.mean_presses_standard_error()
                .map_or(Cell::Empty, |e| Cell::Fixed(e, 3)),
            Cell::Fixed(r.mean_minimum(), 3),
            r.mean_minimum_standard_error()
                .map_or(Cell::Empty, |e| Cell::Fixed(e, 3)),
            r.optimal_boards.into(),
            r.max_excess.into(),
            r.failure_example.map(|b| board_string(b, r.n)).into(),
            r.excess_example.map(|b| board_string(b, r.n)).into(),
        ]);
    }
    t
}

/// A small board as rows of ./# joined by '/'.
pub fn board_string(bits: u128, n: usize) -> String {
    (0..n)
        .map(|r| {
            (0..n)
                .map(|c| if bits >> (r * n + c) & 1 == 1 { '#' } else { '.' })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

// ---------------------------------------------------------------------------------------------
// The reproduce study

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
    pub gods: Option<super::gods::GodsOptions>,
    /// Seed 004's 5x5 verdicts that need their own computation (pairs of ignored buttons, the
    /// direct formulas, the last-row classes).
    pub seed004: bool,
    /// Plus/open sides given a sampled histogram, and the samples per side.
    pub sampled_sides: Vec<usize>,
    pub sampled_count: u64,
    /// Where results that cost more than a minute are read back from and re-checked
    /// (`data/lightsout`: all-ones minima past nullity [`super::saved::READ_BACK_NULLITY`]; God's
    /// numbers' branch-and-bound refutations are read back through `gods.saved`); None =
    /// recompute everything (`reproduce --full`).
    pub saved: Option<std::path::PathBuf>,
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
            // Read back from `data/lightsout/n1000000/sweep_plus_open.parquet` (about 1.9 CPU
            // hours under `mpirun -n 2`) and re-checked; `reproduce --full` would sweep again.
            million_sweep_max: super::million::MAX_N,
            rect_dataset_max: 1000,
            gods: Some(super::gods::GodsOptions::reproduce()),
            seed004: true,
            // The plus/open sides up to 20 whose exact histogram is refused, and 53 (nullity 2),
            // sampled as a check against its exact histogram (claim lightsout.sampled.plus_open.53).
            sampled_sides: vec![9, 11, 14, 16, 19, 53],
            sampled_count: 1_000_000,
            saved: None,
        }
    }
}

pub struct AllOnesRow {
    pub n: usize,
    pub nullity: usize,
    pub first_found: u64,
    pub minimum: u64,
    pub exact: bool,
    /// A solution with `minimum` presses (`all_ones_presses.csv`).
    pub presses: Grid,
    /// Proven: no solution has fewer presses (equal to `minimum` when exact).
    pub lower: u64,
    /// How `lower` is proven.
    pub lower_method: String,
}

/// Everything the Lights Out study computes (the results of [`super::Lightsout`]).
pub struct LightsoutResults {
    pub opts_sweep_max: [usize; 4],
    pub sweeps: Vec<(Rule, Topology, Vec<usize>)>,
    pub rects: Vec<(Rule, Topology, Vec<(usize, usize, usize)>)>,
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
    pub million: Option<super::million::MillionSweep>,
    /// Seed 004: whether first-row presses 1, 3, 5 chase to a blank 5x5 board.
    pub buttons_1_5_equal_3: Option<bool>,
    /// Seed 004's Solution 2: (det B', common denominator of B'^-1, whether it works mod 2).
    pub seed004_inverse: Option<(num_bigint::BigInt, num_bigint::BigInt, bool)>,
    /// The plus/open m x n nullity dataset.
    pub rect_dataset: Option<super::frontier::RectDataset>,
    /// God's numbers (exact, or proven bounds) of the plus/open boards with nullity > 0.
    pub gods: Option<super::gods::GodsResults>,
    pub seed004: Option<super::seed004::Seed004>,
    pub sampled: Vec<super::sampled::Sampled>,
}

impl LightsoutResults {
    /// Every table of the study; `progress` is told each stage and its work done.
    pub fn compute(o: &StudyOptions, progress: &Counters) -> Result<LightsoutResults> {
        let stage = |name: &str, total: usize| progress.set_stage(format!("lightsout: {name}"), total as u64);
        let step = || progress.add_expanded(1);
        stage("nullity sweeps and m x n tables", 0);
        // The long plus/open sweep contains the short one: compute it once.
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
        let mut rects = Vec::new();
        for (i, &(r, t)) in COMBOS.iter().enumerate() {
            rects.push((r, t, nullity::rect(r, t, o.rect_max[i])?));
        }
        let mut histograms = Vec::new();
        stage("click-distance histograms (boards)", o.histogram_sides.len());
        for &(r, t, n) in &o.histogram_sides {
            histograms.push(histogram::compute(r, t, n)?);
            step();
        }
        let mut histogram_out_of_reach = Vec::new();
        for &(r, t, n) in &o.histogram_out_of_reach {
            match histogram::out_of_reach(r, t, n)? {
                Some(why) => histogram_out_of_reach.push((r, t, n, why)),
                None => anyhow::bail!(
                    "internal error: the {} {} {n}x{n} histogram is listed as out of reach but is computable",
                    r.name(),
                    t.name()
                ),
            }
        }
        let quiet = o
            .quiet_sides
            .iter()
            .map(|&(r, t, n)| quiet::compute(r, t, n))
            .collect::<Result<Vec<_>>>()?;
        let saved_all_ones = o.saved.as_deref().map(super::saved::SavedAllOnes::load).transpose()?;
        let mut all_ones = Vec::new();
        stage("all-ones minima (n)", o.all_ones_max);
        for n in 1..=o.all_ones_max {
            let game = Game::new(Rule::Plus, Topology::Open, n, n)?;
            let ones = Grid::ones(n, n)?;
            let Outcome::Solved(first) = solve::solve_first(&game, &ones)? else {
                anyhow::bail!("internal error: the all-ones {n}x{n} board is always solvable")
            };
            // Not enumerated: a proven lower bound beside the best found (seconds, always recomputed).
            let bound = if first.nullity > solve::EXACT_NULLITY {
                Some(super::fold::all_ones_lower_bound(n, &first.presses, &first.quiet)?)
            } else {
                None
            };
            let mut row = match &saved_all_ones {
                // A size the file does not hold yet is computed (then written with the rest).
                Some(saved) if first.nullity > super::saved::READ_BACK_NULLITY && saved.has(n) => {
                    saved.row(&game, &first)?
                }
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
                None => {
                    (row.lower, row.lower_method) = (row.minimum, format!("exact ({})", solve::method(row.nullity)))
                }
            }
            all_ones.push(row);
            step();
        }
        // Every solution of the all-ones 4x4 (seed 000: its first solver answered 10 presses).
        let game = Game::new(Rule::Plus, Topology::Open, 4, 4)?;
        let mut all_ones_4x4_weights = Vec::new();
        if let Outcome::Solved(s) = solve::solve(&game, &Grid::ones(4, 4)?)? {
            for mask in 0u32..1 << s.quiet.len() {
                let mut g = s.presses.clone();
                for (i, q) in s.quiet.iter().enumerate() {
                    if mask >> i & 1 == 1 {
                        crate::engine::gf2::xor_into(&mut g.bits, &q.bits);
                    }
                }
                all_ones_4x4_weights.push(g.count());
            }
            all_ones_4x4_weights.sort_unstable();
        }
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
        let direct_max = o.direct_check_max.min(o.sweep_max[0]);
        let f = nullity::sutner_polys(direct_max, false);
        let g = nullity::sutner_polys(direct_max, true);
        use rayon::prelude::*;
        let direct = (0..=direct_max)
            .into_par_iter()
            .map(|n| {
                if n == 0 {
                    0
                } else {
                    nullity::plus_open_square_direct(&f, &g, n)
                }
            })
            .collect();
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
                Some(super::million::obtain(max, o.saved.as_deref(), against)?)
            }
        };
        stage("m x n nullity dataset", 0);
        let rect_dataset = (o.rect_dataset_max > 0).then(|| super::frontier::rect_compute(o.rect_dataset_max));
        stage("God's numbers", 0);
        let gods = o.gods.as_ref().map(super::gods::compute).transpose()?;
        let seed004 = if o.seed004 {
            Some(super::seed004::compute()?)
        } else {
            None
        };
        let mut sampled = Vec::new();
        stage("sampled histograms (boards)", o.sampled_sides.len());
        for &n in &o.sampled_sides {
            sampled.push(super::sampled::compute(n, o.sampled_count, SAMPLE_SEED ^ n as u64)?);
            step();
        }
        Ok(LightsoutResults {
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

/// Per sweep (rule, topology, largest n) and n mod 3: sizes, sizes with every board solvable,
/// their share, the mean solvable fraction and the largest nullity.
pub fn residue_table(s: &LightsoutResults) -> Table {
    let mut t = Table::new(&[
        "rule",
        "topology",
        "max_n",
        "n_mod_3",
        "sizes",
        "all_solvable_sizes",
        "share_all_solvable",
        "mean_solvable_fraction",
        "max_nullity",
        "n_at_max_nullity",
    ]);
    for (r, tp, nul) in all_sweeps(s) {
        for res in 0..3 {
            let ns: Vec<usize> = (1..nul.len()).filter(|n| n % 3 == res).collect();
            let ok = ns.iter().filter(|&&n| nul[n] == 0).count();
            // 2^-nullity underflows f64 past 1074; terms below 2^-2000 add nothing at 6 decimals.
            let mean = ns.iter().map(|&n| 0.5f64.powi(nul[n].min(2000) as i32)).sum::<f64>() / ns.len().max(1) as f64;
            let arg = ns.iter().copied().max_by_key(|&n| (nul[n], std::cmp::Reverse(n)));
            t.push(vec![
                r.name().into(),
                tp.name().into(),
                (nul.len() - 1).into(),
                res.into(),
                ns.len().into(),
                ok.into(),
                Cell::Fixed(ok as f64 / ns.len().max(1) as f64, 6),
                Cell::Fixed(mean, 6),
                arg.map(|n| nul[n]).into(),
                arg.into(),
            ]);
        }
    }
    t
}

fn nullity_chart(r: Rule, t: Topology, nul: &[usize]) -> Result<Rendered> {
    let title = format!(
        "{} rule, {} board: nullity of the n x n press matrix",
        r.name(),
        t.name()
    );
    study_charts::nullity_by_residue_chart(&title, nul)
}

/// Sizes with nullity 0 and sizes, in a sweep, for n = 0, 1, 2 mod 3.
fn residue_counts(nul: &[usize]) -> [(usize, usize); 3] {
    let count = |res: usize| {
        let ns: Vec<usize> = (1..nul.len()).filter(|n| n % 3 == res).collect();
        (ns.iter().filter(|&&n| nul[n] == 0).count(), ns.len())
    };
    [count(0), count(1), count(2)]
}

/// The longest sweep of each rule and topology: what the n mod 3 chart and its caption show.
fn longest_sweeps(s: &LightsoutResults) -> Vec<(Rule, Topology, &[usize])> {
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

/// One bar group per rule and topology, from its longest sweep; the legend names the range each
/// bar is computed over, read from the sweep itself.
fn residue_chart(s: &LightsoutResults) -> Result<Rendered> {
    let series: Vec<(String, [(usize, usize); 3])> = longest_sweeps(s)
        .into_iter()
        .map(|(r, t, nul)| {
            let range = format!("n = 1..{}", chart::format_value((nul.len() - 1) as f64));
            (format!("{} {} ({range})", r.name(), t.name()), residue_counts(nul))
        })
        .collect();
    study_charts::share_by_residue_chart(
        "Share of board sizes n where every board is solvable, by n mod 3",
        &series,
    )
}

/// The sweep the solvable-fraction chart shows: the long plus/open one when computed.
fn fraction_sweep(s: &LightsoutResults) -> &[usize] {
    s.long_sweep
        .as_ref()
        .map_or(s.sweep(Rule::Plus, Topology::Open), |(_, nul)| nul.as_slice())
}

fn solvable_fraction_chart(s: &LightsoutResults) -> Result<Rendered> {
    study_charts::solvable_fraction_chart("plus rule, open board", fraction_sweep(s))
}

fn solver_chart(s: &LightsoutResults) -> Result<Rendered> {
    let a = &s.all_ones;
    let n: Vec<usize> = a.iter().map(|r| r.n).collect();
    let first: Vec<u64> = a.iter().map(|r| r.first_found).collect();
    let min: Vec<u64> = a.iter().map(|r| r.minimum).collect();
    let exact: Vec<bool> = a.iter().map(|r| r.exact).collect();
    let lower: Vec<u64> = a.iter().map(|r| r.lower).collect();
    study_charts::all_ones_presses_chart(&n, &first, &min, &exact, &lower)
}

/// Mean presses per side: filled points are exact (every solvable board), open points sample
/// means with +-1 standard error bars, so a sample never passes for an exact value.
fn hand_chart(s: &LightsoutResults) -> Result<Rendered> {
    use chart::{Mark, Scale, XYChart, XYSeries};
    let samples = s.hand.iter().filter(|r| !r.exhaustive).map(|r| r.boards).max();
    let mut series = Vec::new();
    for (colour, what, mean, se) in [
        (
            0,
            "hand algorithm",
            HandRow::mean_presses as fn(&HandRow) -> f64,
            HandRow::mean_presses_standard_error as fn(&HandRow) -> Option<f64>,
        ),
        (
            1,
            "minimum",
            HandRow::mean_minimum,
            HandRow::mean_minimum_standard_error,
        ),
    ] {
        let pick = |exhaustive: bool| s.hand.iter().filter(move |r| r.exhaustive == exhaustive);
        series.push(XYSeries {
            name: format!("{what}, every solvable board"),
            points: pick(true).map(|r| (r.n as f64, mean(r))).collect(),
            mark: Mark::Points,
            colour: Some(colour),
        });
        if let Some(k) = samples {
            series.push(XYSeries {
                name: format!("{what}, sample of {k} boards (+-1 s.e.)"),
                points: pick(false).map(|r| (r.n as f64, mean(r))).collect(),
                mark: Mark::HollowPoints,
                colour: Some(colour),
            });
            series.push(XYSeries {
                name: String::new(),
                points: pick(false)
                    .flat_map(|r| {
                        let e = se(r).unwrap_or(0.0);
                        [(r.n as f64, mean(r) - e), (r.n as f64, mean(r) + e)]
                    })
                    .collect(),
                mark: Mark::ErrorBars,
                colour: Some(colour),
            });
        }
    }
    // The bars are thinner than the points at this scale, so a line also says where samples begin.
    let first_sampled = s.hand.iter().filter(|r| !r.exhaustive).map(|r| r.n).min();
    let markers = match (first_sampled, samples) {
        (Some(n), Some(k)) => vec![chart::Marker {
            x: n as f64 - 0.5,
            label: format!("sampled from here ({k} boards per n)"),
            label_at_bottom: true,
        }],
        _ => Vec::new(),
    };
    chart::xy_chart(&XYChart {
        title: "Block rule: seed 002's hand algorithms vs the minimum (mean presses per solvable board)".into(),
        x_label: "n (2, 5, 8: one-way; 3, 6: two-way; 4, 7: two-way 3k+1)".into(),
        y_label: "mean presses".into(),
        series,
        x_scale: Scale::Linear,
        y_scale: Scale::Linear,
        markers,
    })
}

fn histogram_chart(h: &Histogram) -> Result<Rendered> {
    let title = format!(
        "{} {} {}x{}: solvable positions by fewest presses",
        h.rule.name(),
        h.topology.name(),
        h.n,
        h.n
    );
    let counts: Vec<f64> = h.counts.iter().map(big_f64).collect();
    study_charts::distance_histogram_chart(&title, "fewest presses", &counts)
}

/// log10 of a positive big integer, exact to f64 precision at any size (the top 64 bits carry it).
pub fn big_log10(c: &BigUint) -> f64 {
    let shift = c.bits().saturating_sub(64);
    let top: BigUint = c >> shift;
    let top = top.to_u64_digits().first().copied().unwrap_or(0) as f64;
    top.log10() + shift as f64 * std::f64::consts::LOG10_2
}

fn big_f64(c: &BigUint) -> f64 {
    c.to_string().parse().unwrap_or(f64::MAX)
}

fn bool_cell(b: bool) -> Cell {
    b.into()
}

/// The press pattern behind every `min_presses` (one row of the board per table row, `#` =
/// pressed), so a reader can replay each minimum; `reproduce` re-checks the costly ones from it.
pub fn all_ones_presses_table(s: &LightsoutResults) -> Table {
    let mut t = Table::new(&["n", "row", "presses"]);
    for r in &s.all_ones {
        for (i, line) in r.presses.to_text(false).lines().enumerate() {
            t.push(vec![r.n.into(), (i + 1).into(), line.into()]);
        }
    }
    t
}

/// The entry page's view: solvability by size, and the frontier (the all-ones minima past the
/// exact method's reach and God's numbers where the search is hard).
fn summary(s: &LightsoutResults) -> Vec<Block> {
    let mut out = vec![
        Block::Text(
            "Lights Out over GF(2): a press toggles a cell and its 4 neighbours (plus rule) or its 3x3 block \
            (seed 002's Toggle Squares), on open boards or the torus. A board is solvable iff it lies in the column \
            space of the press matrix, so every question here is linear algebra: nullities for every size, exact \
            fewest presses over all 2^nullity solutions, and God's numbers as covering radii of the quiet \
            code."
                .into(),
        ),
        Block::Table {
            caption: "How many n x n sizes have every board solvable:".into(),
            table: sweep_headline_table(s),
        },
        Block::Chart {
            stem: "solvable_share_by_n_mod_3".into(),
            caption: share_caption(s),
        },
    ];
    let frontier = frontier_table(s);
    if !frontier.rows.is_empty() {
        out.push(Block::Table {
            caption: FRONTIER_CAPTION.into(),
            table: frontier,
        });
    }
    if s.gods.is_some() {
        out.push(Block::Chart {
            stem: "gods_numbers".into(),
            caption: "God's number (the most presses any solvable \
            position needs) as a share of the n^2 cells: filled points where exact, open circles joined by a grey line \
            where only bounds are proven."
                .into(),
        });
    }
    out
}

const FRONTIER_CAPTION: &str =
    "The frontier: the costliest all-ones minima and God's numbers past n = 8 (new unless the family page names a \
        source):";

/// How a God's number's upper bound is proven, in a few words.
fn upper_proof(r: &super::gods::GodsRow) -> String {
    match r.refutation {
        Some((nodes, basis)) => format!(
            "{} refuted by branch and bound ({nodes} nodes{})",
            r.upper + 1,
            basis.phrase()
        ),
        None => "the parity/averaging bound".to_string(),
    }
}

/// All-ones sizes of nullity > 24 and God's numbers of nullity > 2 past n = 8, each with its
/// value (exact, or its proven bounds) and how it is proven.
fn frontier_table(s: &LightsoutResults) -> Table {
    let mut t = Table::new(&["quantity", "n", "nullity", "value", "proof"]);
    for r in s.all_ones.iter().filter(|r| r.nullity > 24) {
        let (value, proof) = if r.exact {
            (
                r.minimum.to_string(),
                format!("exact: all 2^{} solutions evaluated", r.nullity),
            )
        } else {
            (
                format!("{} to {}", r.lower, r.minimum),
                format!(
                    "proven bounds: above, a solution found by neighbourhood search and replayed; below, the {}",
                    r.lower_method.split(':').next().unwrap_or("")
                ),
            )
        };
        t.push(vec![
            "fewest presses, all-ones board".into(),
            r.n.into(),
            r.nullity.into(),
            value.into(),
            proof.into(),
        ]);
    }
    if let Some(g) = &s.gods {
        for r in g.rows.iter().filter(|r| r.nullity > 2 && r.n > 8) {
            let (value, proof) = match r.exact() {
                Some(x) => (
                    x.to_string(),
                    format!("exact: a witness solved exactly; above it, {}", upper_proof(r)),
                ),
                None => (
                    format!("{} to {}", r.lower, r.upper),
                    format!("proven bounds: a witness solved exactly; above, {}", upper_proof(r)),
                ),
            };
            t.push(vec![
                "God's number".into(),
                r.n.into(),
                r.nullity.into(),
                value.into(),
                proof.into(),
            ]);
        }
    }
    t
}

pub fn all_ones_table(s: &LightsoutResults) -> Table {
    let mut t = Table::new(&super::saved::ALL_ONES_HEADER);
    for r in &s.all_ones {
        t.push(vec![
            r.n.into(),
            r.nullity.into(),
            r.first_found.into(),
            r.minimum.into(),
            bool_cell(r.exact),
            solve::method(r.nullity).into(),
            r.lower.into(),
            r.lower_method.as_str().into(),
        ]);
    }
    t
}

/// One row per sweep: how many sizes are fully solvable and where the nullity peaks.
pub fn sweep_headline_table(s: &LightsoutResults) -> Table {
    let mut t = Table::new(&[
        "rule",
        "topology",
        "n",
        "sizes with every board solvable",
        "share",
        "largest nullity",
        "at n",
        "data",
    ]);
    for (r, tp, nul) in all_sweeps(s) {
        let max_n = nul.len() - 1;
        let ok = (1..=max_n).filter(|&n| nul[n] == 0).count();
        let arg = (1..=max_n).max_by_key(|&n| (nul[n], std::cmp::Reverse(n))).unwrap_or(1);
        t.push(vec![
            r.name().into(),
            tp.name().into(),
            format!("1..{max_n}").into(),
            ok.into(),
            Cell::Fixed(ok as f64 / max_n.max(1) as f64, 4),
            nul[arg].into(),
            arg.into(),
            format!("`{}`", sweep_path(s, r, tp, max_n)).into(),
        ]);
    }
    t
}

/// The sweep to 10^6: how it was obtained and re-checked, its residue table, its chart.
fn million_section(s: &LightsoutResults, m: &super::million::MillionSweep) -> Section {
    let max_n = m.max_n();
    let path = sweep_path(s, Rule::Plus, Topology::Open, max_n);
    let spots: Vec<String> = m.spots.iter().map(|n| chart::format_value(*n as f64)).collect();
    let how = if m.read_back {
        "It costs about 1.9 CPU hours (under `mpirun -n 2` on a 2-core machine, about an hour of wall time), so the \
            default `reproduce` reads it back and re-checks it; `reproduce --full` recomputes it"
    } else {
        "This run computed it"
    };
    let mut t = Table::new(&[
        "n mod 3",
        "sizes",
        "sizes with every board solvable",
        "share",
        "largest nullity",
        "at n",
    ]);
    let nul = &m.nullity;
    for res in 0..3 {
        let ns: Vec<usize> = (1..=max_n).filter(|n| n % 3 == res).collect();
        let ok = ns.iter().filter(|&&n| nul[n] == 0).count();
        let arg = ns
            .iter()
            .copied()
            .max_by_key(|&n| (nul[n], std::cmp::Reverse(n)))
            .unwrap_or(1);
        t.push(vec![
            res.into(),
            ns.len().into(),
            ok.into(),
            Cell::Fixed(ok as f64 / ns.len().max(1) as f64, 4),
            nul[arg].into(),
            arg.into(),
        ]);
    }
    Section::new(&format!(
        "The plus/open sweep to n = {} (new)",
        chart::format_value(max_n as f64)
    ))
    .text(format!(
        "Nullity of every plus/open n x n board for n = 1..{} (`{path}`, Parquet, columns n, n_mod_3, rank, \
                nullity, log2_solvable_fraction), 40 times the published table (n <= 25,000). Computed by `statespace \
                lightsout sweep --max-n {max_n}` (the same halved Sutner gcd as the sweeps above; under `mpirun -n R` \
                the gcds are shared among the ranks by their cost and the bytes are those of one process). {how}: the \
                rows n <= {} equal the long sweep of this run (itself checked against the plain gcd and light \
                chasing), every odd side follows from the even ones by the 2-adic formula, and the even sides {} \
                (spread over the range, and the largest nullity of each residue class) are recomputed one at a time \
                from scratch (f_k by doubling, no running recurrence, no batching). Elimination is out of reach past a \
                few thousand: a 10^6 x 10^6 chase matrix is 10^12 bits.",
        chart::format_value(max_n as f64),
        chart::format_value(m.prefix as f64),
        spots.join(", ")
    ))
    .table(format!("By n mod 3, n = 1..{}:", chart::format_value(max_n as f64)), t)
    .chart(
        format!("nullity_plus_open_{max_n}"),
        format!(
            "The largest nullity in each window of 2,000 sizes, one colour per n mod 3, log axis (`{path}`); \
                windows where every board of that residue is solvable are counted in the legend."
        ),
    )
    .claims("lightsout.new.plus_open_sweep_")
}

/// Where a sweep's CSV lives under `data/`.
pub fn sweep_path(s: &LightsoutResults, r: Rule, t: Topology, max_n: usize) -> String {
    if let Some(m) = &s.million {
        if m.max_n() == max_n && (r, t) == (Rule::Plus, Topology::Open) {
            return format!("data/lightsout/{}/{}", super::million::dir(max_n), super::million::FILE);
        }
    }
    match &s.long_sweep {
        Some((m, _)) if *m == max_n && (r, t) == (Rule::Plus, Topology::Open) && s.sweep(r, t).len() - 1 != max_n => {
            format!("data/lightsout/n{m}/sweep_plus_open.csv")
        }
        _ => format!("data/lightsout/sweep_{}_{}.csv", r.name(), t.name()),
    }
}

/// God's number and the size of the solvable set for every histogram computed.
pub fn gods_table(s: &LightsoutResults) -> Table {
    // Past 40 digits a count is shown by its leading digits and length (53x53: 845 digits); the
    // exact value is in the histogram's CSV.
    let short = |c: &BigUint| {
        let text = c.to_string();
        if text.len() <= 40 {
            text
        } else {
            format!(
                "{}.{}e{} ({} digits)",
                &text[..1],
                &text[1..6],
                text.len() - 1,
                text.len()
            )
        }
    };
    let mut t = Table::new(&[
        "rule",
        "topology",
        "n",
        "nullity",
        "solvable positions",
        "God's number",
        "positions at God's number",
        "method",
    ]);
    for h in &s.histograms {
        t.push(vec![
            h.rule.name().into(),
            h.topology.name().into(),
            h.n.into(),
            h.nullity.into(),
            short(&h.total()).into(),
            h.gods_number().into(),
            h.counts.last().map(short).unwrap_or_default().into(),
            h.method.clone().into(),
        ]);
    }
    t
}

fn hand_page_table(s: &LightsoutResults) -> Table {
    // A sampled mean is printed with its standard error; an exhaustive one is exact.
    let mean = |m: f64, se: Option<f64>| -> Cell {
        se.map_or_else(|| format!("{m:.3}"), |e| format!("{m:.3} +- {e:.3}"))
            .into()
    };
    let mut t = Table::new(&[
        "n",
        "algorithm",
        "boards tested",
        "cleared",
        "mean presses",
        "mean minimum",
        "optimal on",
        "largest excess",
    ]);
    for r in &s.hand {
        t.push(vec![
            r.n.into(),
            r.algorithm.into(),
            r.scope().into(),
            r.cleared.into(),
            mean(r.mean_presses(), r.mean_presses_standard_error()),
            mean(r.mean_minimum(), r.mean_minimum_standard_error()),
            r.optimal_boards.into(),
            r.max_excess.into(),
        ]);
    }
    t
}

fn chase_page_table(q: &Quiet) -> Option<Table> {
    let bits = |v: &[bool]| v.iter().map(|&b| if b { '1' } else { '0' }).collect::<String>();
    let rows = q.chase.as_ref()?;
    let mut t = Table::new(&["last row after chasing (p21..p25)", "first-row presses (x1..x5)"]);
    for r in rows {
        t.push(vec![
            format!("`{}`", bits(&r.last_row)).into(),
            format!("`{}`", bits(&r.first_row)).into(),
        ]);
    }
    Some(t)
}

/// Every table and chart of the reproduce study, and the family page.
pub fn export_all(s: &LightsoutResults, claims: &[Claim]) -> Result<Export> {
    let mut out = Export::default();
    let d = "lightsout";
    for (r, t, nul) in &s.sweeps {
        out.table(
            Area::Data,
            d,
            &format!("sweep_{}_{}.csv", r.name(), t.name()),
            &sweep_table(nul),
        );
        out.chart(
            Area::Reports,
            d,
            &format!("nullity_{}_{}", r.name(), t.name()),
            &nullity_chart(*r, *t, nul)?,
        );
    }
    if let Some((max_n, nul)) = &s.long_sweep {
        out.table(
            Area::Data,
            &format!("{d}/n{max_n}"),
            "sweep_plus_open.csv",
            &sweep_table(nul),
        );
    }
    if let Some(m) = &s.million {
        let sub = format!("{d}/{}", super::million::dir(m.max_n()));
        out.bytes(
            Area::Data,
            &sub,
            super::million::FILE,
            super::million::parquet(&m.nullity)?,
            Some(m.max_n() as u64),
        );
        out.chart(
            Area::Reports,
            d,
            &format!("nullity_plus_open_{}", m.max_n()),
            &super::million::window_chart(&m.nullity)?,
        );
    }
    for (r, t, rows) in &s.rects {
        out.table(
            Area::Data,
            d,
            &format!("rect_{}_{}.csv", r.name(), t.name()),
            &rect_table(rows),
        );
    }
    out.table(Area::Data, d, "solvability_by_n_mod_3.csv", &residue_table(s));
    out.chart(Area::Reports, d, "solvable_share_by_n_mod_3", &residue_chart(s)?);
    out.chart(Area::Reports, d, SOLVABLE_FRACTION_CHART, &solvable_fraction_chart(s)?);
    for h in &s.histograms {
        out.table(Area::Data, d, &histogram_name(h), &histogram_table(h));
    }
    if let Some(h) = s
        .histograms
        .iter()
        .find(|h| (h.rule, h.topology, h.n) == (Rule::Plus, Topology::Open, 5))
    {
        out.chart(Area::Reports, d, "histogram_plus_open_5x5", &histogram_chart(h)?);
    }
    for q in &s.quiet {
        quiet_export(q, &mut out)?;
    }
    out.table(Area::Data, d, super::saved::ALL_ONES_CSV, &all_ones_table(s));
    out.table(
        Area::Data,
        d,
        super::saved::ALL_ONES_PRESSES_CSV,
        &all_ones_presses_table(s),
    );
    out.chart(Area::Reports, d, "solver_first_vs_minimum", &solver_chart(s)?);
    out.table(Area::Data, d, "hand_algorithms.csv", &hand_table(&s.hand));
    out.chart(Area::Reports, d, "hand_algorithms", &hand_chart(s)?);
    if let Some(r) = &s.rect_dataset {
        let name = super::frontier::rect_name(r.max);
        out.bytes(
            Area::Data,
            d,
            &format!("{name}.parquet"),
            super::frontier::rect_parquet(r)?,
            Some((r.max * r.max) as u64),
        );
        out.chart(Area::Reports, d, &name, &super::frontier::rect_chart(r)?);
    }
    for x in &s.sampled {
        out.table(Area::Data, d, &super::sampled::file_name(x), &super::sampled::table(x));
    }
    if !s.sampled.is_empty() {
        out.chart(
            Area::Reports,
            d,
            "histogram_sampled",
            &super::sampled::chart(&s.sampled)?,
        );
    }
    if let Some(s4) = &s.seed004 {
        out.table(
            Area::Data,
            d,
            super::seed004::PAIRS_CSV,
            &super::seed004::pairs_table(s4),
        );
        out.table(
            Area::Data,
            d,
            super::seed004::FORMULAS_CSV,
            &super::seed004::formulas_table(s4),
        );
        out.table(
            Area::Data,
            d,
            super::seed004::LAST_ROWS_CSV,
            &super::seed004::last_rows_table(s4),
        );
    }
    if let Some(g) = &s.gods {
        out.table(Area::Data, d, "gods_numbers.csv", &super::gods::table(g));
        out.table(
            Area::Data,
            d,
            super::saved::GODS_WITNESSES,
            &super::gods::witnesses_table(g),
        );
        out.chart(Area::Reports, d, "gods_numbers", &super::gods::chart(g)?);
    }
    out.page = Some(page(s, claims));
    Ok(out)
}

/// The sampled histograms' seed (xor the side): fixed, so every run writes the same bytes.
pub const SAMPLE_SEED: u64 = 0x5eed_0f_11_6475;

/// The first `rows` rows of a table (the page shows a head; the CSV holds all).
fn head(mut t: Table, rows: usize) -> Table {
    t.rows.truncate(rows);
    t
}

/// God's numbers on the page: the CSV without its long columns.
pub fn gods_bounds_table(g: &super::gods::GodsResults) -> Table {
    let mut t = Table::new(&["n", "nullity", "gods_number", "lower_bound", "upper_bound"]);
    for r in &g.rows {
        t.push(vec![
            r.n.into(),
            r.nullity.into(),
            r.exact().into(),
            r.lower.into(),
            r.upper.into(),
        ]);
    }
    t
}

/// The chart of 2^-nullity over the longest plus/open sweep.
pub const SOLVABLE_FRACTION_CHART: &str = "solvable_fraction_plus_open";

/// The family page: built from the results and the claims; the renderer computes nothing.
pub fn page(s: &LightsoutResults, _claims: &[Claim]) -> Page {
    let po = s.sweep(Rule::Plus, Topology::Open);
    let mut sections = Vec::new();

    let mut mod3 = Section::new("Solvability by n mod 3")
        .text(
            "Seed 002 proves that on open boards with the block rule every n x n board is solvable exactly when n != \
            2 mod 3. The tables give, for each rule and topology, the share of sizes n whose press matrix has nullity \
            0 (every board solvable), per residue of n mod 3; the plus rule (Lights Out proper) follows no such law.",
        )
        .table(
            "Per rule and topology: sizes with every board solvable, and the largest nullity:",
            sweep_headline_table(s),
        )
        .table(
            "Per residue of n mod 3 (`data/lightsout/solvability_by_n_mod_3.csv`; the last three rows are the \
            plus/open sweep to the largest n):",
            residue_table(s),
        )
        .chart("solvable_share_by_n_mod_3", share_caption(s));
    for (r, t, nul) in &s.sweeps {
        let max_n = nul.len() - 1;
        let zero = (1..=max_n).filter(|&n| nul[n] == 0).count();
        let arg = (1..=max_n).max_by_key(|&n| (nul[n], std::cmp::Reverse(n))).unwrap_or(1);
        mod3 = mod3.chart(
            format!("nullity_{}_{}", r.name(), t.name()),
            format!(
                "{} rule, {} board, n = 1..{max_n}: nullity by n, one colour per n mod 3; the {zero} fully solvable \
                    sizes (nullity 0) are counted in the legend, and the largest nullity is {} at n = {arg}.",
                r.name(),
                t.name(),
                nul[arg]
            ),
        );
    }
    let fr = fraction_sweep(s);
    let fr_max = fr.len() - 1;
    let fr_arg = (1..=fr_max).max_by_key(|&n| (fr[n], std::cmp::Reverse(n))).unwrap_or(1);
    let fr_zero = (1..=fr_max).filter(|&n| fr[n] == 0).count();
    mod3 = mod3.chart(
        SOLVABLE_FRACTION_CHART,
        format!(
            "Plus rule, open board, n = 1..{fr_max} (`{}`): the share of n x n boards that can be turned off, \
                2^-nullity, on a log axis; {fr_zero} sizes ({:.1}%) sit at 1 (every board solvable), the rest fall to \
                2^-{} at n = {fr_arg}.",
            sweep_path(s, Rule::Plus, Topology::Open, fr_max),
            100.0 * fr_zero as f64 / fr_max.max(1) as f64,
            fr[fr_arg]
        ),
    );
    sections.push(mod3);
    if let Some(m) = &s.million {
        sections.push(million_section(s, m));
    }

    sections.push(
        Section::new("OEIS and Sutner's doubling identity")
            .text(
                "Published integer sequences beside our values (A079873's terms via the joeis mirror: we hold no \
                copy of the OEIS page), and Sutner's doubling identity checked on nullities from the plain gcd (no \
                halving, no 2-adic formula: an independent computation). We hold no copy of Sutner's paper: the \
                identity is checked as it is attributed to the paper, not against the paper's text.",
            )
            .claims("lightsout.oeis")
            .claims("lightsout.sutner"),
    );

    let mut seed000 = Section::new("Seed 000 (Token Flip): the all-ones board")
        .claims("lightsout.seed000")
        .text(format!(
            "Fewest presses that turn off the all-ones n x n board (plus rule, open), n = 1..{}. `first found` is the \
                solution the elimination produces before minimising (what a solver that stops at any solution \
                answers); `exact` says the minimum is over all 2^nullity solutions (nullity <= {}: the largest \
                Walsh-Hadamard coefficient over the quiet-pattern signatures, every one of the 2^nullity values \
                evaluated by 16-lane split transforms of 2^13 entries; 2^42 takes about 17 minutes on 2 cores), \
                otherwise it is the best found by a seeded large-neighbourhood search (exact minima over random \
                26-dimensional, then 30-dimensional subspaces of the quiet code), an upper bound; `method` names \
                which. The seed's \"1000x1000 does take a few seconds\" is a timing, not data: \
                `scripts/bench_lightsout.sh` measures the all-ones 1000 x 1000 and 10000 x 10000 solves. Every \
                minimum's press pattern is in `data/lightsout/all_ones_presses.csv`. The sizes of nullity > {} cost \
                minutes each, so the default `reproduce` reads them back from the two files and re-checks them: the \
                elimination is re-run (nullity and first solution must match), the press pattern is replayed and must \
                turn the board off in exactly `min_presses` presses; only the enumeration that proves no solution is \
                lighter is read back (`reproduce --full` recomputes it).",
            s.all_ones.len(),
            solve::EXACT_NULLITY,
            super::saved::READ_BACK_NULLITY
        ))
        .text(bounds_text(s))
        .table(
            "All-ones boards (`data/lightsout/all_ones_min_presses.csv`):",
            all_ones_table(s),
        )
        .chart("solver_first_vs_minimum", solver_caption(s));
    if s.quiet
        .iter()
        .any(|q| (q.rule, q.topology, q.n) == (Rule::Plus, Topology::Open, 4))
    {
        let w = &s.all_ones_4x4_weights;
        seed000 = seed000.chart(
            "quiet_plus_open_4x4",
            format!(
                "The {} quiet patterns of the 4x4 plus board: adding any combination of them to a solution gives \
                    another, so the all-ones 4x4 has {} solutions, of {} to {} presses.",
                w.len().trailing_zeros(),
                w.len(),
                w.first().copied().unwrap_or(0),
                w.last().copied().unwrap_or(0)
            ),
        );
    }
    sections.push(seed000);

    sections.push(
        Section::new("Seed 002 (Toggle Squares): theorems and hand algorithms")
            .text(
                "Seed 002 states its theorems for the block rule (a press toggles the 3x3 block) on open boards; \
                each is also tested on the plus rule and on the torus, where it is not claimed, to show which results \
                carry over.",
            )
            .claims("lightsout.seed002")
            .table(
                format!(
                    "The hand algorithms against the minimum (block rule, open boards; \
                        `data/lightsout/hand_algorithms.csv`). Every solvable board is tested where there are at most \
                        2^{} of them, otherwise a fixed-seed sample of {}:",
                    hand::EXHAUSTIVE_LIMIT,
                    hand::SAMPLES
                ),
                hand_page_table(s),
            )
            .chart("hand_algorithms", hand_caption(s))
            .chart("quiet_block_open_5x5", {
                let k = s
                    .quiet
                    .iter()
                    .find(|q| (q.rule, q.topology, q.n) == (Rule::Block, Topology::Open, 5))
                    .map_or(0, |q| q.basis.len());
                let strip = nullity::strip_nullity(Topology::Open, 5);
                format!(
                    "The {k} quiet patterns of the 5x5 block board: the rank is that of the 1D strip squared, (5 - \
                            {strip})^2 = {}, so the nullity is 25 - {} = {k}: the block press matrix is the Kronecker \
                            square of the strip's, so its quiet space is spanned by the strip's kernel laid along rows \
                            and along columns.",
                    (5 - strip) * (5 - strip),
                    (5 - strip) * (5 - strip)
                )
            }),
    );

    let mut seed004 = Section::new("Seed 004 (Dugu chessboard): the 5x5 plus board").claims("lightsout.seed004");
    if let Some(q) = s
        .quiet
        .iter()
        .find(|q| (q.rule, q.topology, q.n) == (Rule::Plus, Topology::Open, 5))
    {
        if let Some(t) = chase_page_table(q) {
            seed004 = seed004.table(
                "The chase table (`data/lightsout/chase_table_plus_open_5x5.csv`): chase every light to the row below \
                    until only the last row is lit; these are the only last rows that leave a solvable board, with the \
                    first-row presses (buttons 1 and 2 never pressed) that clear it on a second chase:",
                t,
            );
        }
        seed004 = seed004.chart(
            "quiet_plus_open_5x5",
            format!(
                "The {} quiet patterns of the 5x5 plus board: adding either to a solution gives another, so every \
                    solvable board has 2^{} solutions and only 2^{} of the 2^25 boards are solvable.",
                q.basis.len(),
                q.basis.len(),
                25 - q.basis.len()
            ),
        );
    }
    if let Some(h) = s
        .histograms
        .iter()
        .find(|h| (h.rule, h.topology, h.n) == (Rule::Plus, Topology::Open, 5))
    {
        seed004 =
            seed004.chart(
                "histogram_plus_open_5x5",
                format!(
                "Solvable 5x5 positions by fewest presses: the counts peak at {} presses and fall to the {} positions \
                    that need God's number, {} presses (the marked bar).",
                h.counts.iter().enumerate().max_by(|a, b| a.1.cmp(b.1)).map_or(0, |(k, _)| k),
                h.counts.last().map(|c| c.to_string()).unwrap_or_default(),
                h.gods_number()
            ),
            );
    }
    if let Some(s4) = &s.seed004 {
        let kept = s4.pairs.iter().filter(|p| p.keeps_column_space(s4.rank)).count();
        seed004 =
            seed004
                .table(
                    format!(
                        "Leaving two buttons unpressed: the rank of the press matrix without them, for each of the {} \
                        pairs ({kept} keep the full rank {}, so only those pairs can be ignored; `data/lightsout/{}`). \
                        First rows:",
                        s4.pairs.len(),
                        s4.rank,
                        super::seed004::PAIRS_CSV
                    ),
                    head(super::seed004::pairs_table(s4), 12),
                )
                .table(
                    format!(
                        "The direct formulas for buttons x3, x4, x5 checked on every solvable position \
                    (`data/lightsout/{}`):",
                        super::seed004::FORMULAS_CSV
                    ),
                    super::seed004::formulas_table(s4),
                )
                .text(format!(
                "The last rows after chasing (`data/lightsout/{}`): {} patterns, {} of them left-right symmetric, {} \
                    classes under the mirror.",
                super::seed004::LAST_ROWS_CSV,
                s4.last_rows.len(),
                s4.last_rows.iter().filter(|l| l.symmetric()).count(),
                s4.last_rows.iter().map(|l| l.class()).collect::<std::collections::BTreeSet<_>>().len()
            ));
    }
    sections.push(seed004);

    let mut gods = Section::new("God's numbers").table(
        "For each board whose click-distance histogram was computed (`data/lightsout/histogram_*.csv`): the solvable \
            positions (2^rank), the most presses any of them needs (God's number) and how many need it:",
        gods_table(s),
    );
    for (r, t, n, why) in &s.histogram_out_of_reach {
        let sampled = (*r, *t) == (Rule::Plus, Topology::Open) && s.sampled.iter().any(|x| x.n == *n);
        gods = gods.text(format!(
            "Not computed ({} {} {n}x{n}): {why}.{}",
            r.name(),
            t.name(),
            if sampled {
                " Its sampled histogram is in the section below."
            } else {
                ""
            }
        ));
    }
    if let Some(g) = &s.gods {
        let exact = g.rows.iter().filter(|r| r.exact().is_some()).count();
        let largest = g
            .rows
            .iter()
            .filter(|r| r.exact().is_some())
            .map(|r| r.n)
            .max()
            .unwrap_or(0);
        let refuted = g.rows.iter().filter(|r| r.refutation.is_some()).count();
        let dense = super::gods::MAX_NULLITY;
        // The public table (wmboyles/LightsOut-Math): which of its values the rows confirm, and
        // which of its "?" (the sizes it omits) they settle or bound.
        let (_, known) = super::gods::published();
        let confirmed: Vec<String> = g
            .rows
            .iter()
            .filter(|r| known.iter().any(|k| k.0 == r.n && Some(k.1) == r.exact()))
            .map(|r| r.n.to_string())
            .collect();
        let differ: Vec<String> = g
            .rows
            .iter()
            .filter(|r| known.iter().any(|k| k.0 == r.n && (k.1 < r.lower || k.1 > r.upper)))
            .map(|r| r.n.to_string())
            .collect();
        let filled: Vec<String> = g
            .rows
            .iter()
            .filter(|r| r.exact().is_some() && !known.iter().any(|k| k.0 == r.n))
            .map(|r| r.n.to_string())
            .collect();
        let bounded: Vec<String> = g
            .rows
            .iter()
            .filter(|r| r.exact().is_none() && !known.iter().any(|k| k.0 == r.n))
            .map(|r| format!("{} ({} to {})", r.n, r.lower, r.upper))
            .collect();
        let list = |v: &[String]| if v.is_empty() { "none".to_string() } else { v.join(", ") };
        let compare = format!(
            "Against the public table of wmboyles/LightsOut-Math (`code/min_clicks_answers.txt`, in \
                `tests/data/lightsout/gods_number.csv`; integer-programme values without witnesses, \"?\" where it has \
                none): its values at n = {} are confirmed exactly here; outside the proven bounds at n = {}; of \
                its \"?\", n = {} are settled exactly here, and n = {} are left as proven bounds.",
            list(&confirmed),
            list(&differ),
            list(&filled),
            list(&bounded)
        );
        gods = gods
            .text(format!(
                "Beyond the histograms: for {} plus/open sides with nullity > 0 (every such n <= {} and every \
                    nullity-2 n <= {}), God's number from the quiet code alone. A solvable position's fewest presses \
                    is the lightest press pattern in its coset of the quiet space; the lower bound is a witness \
                    position whose minimum the solver proves, the upper bound a parity/averaging bound over the coset \
                    weights. Where they differ, an exact branch and bound over the quiet code's cell classes \
                    (`engine/covering.rs`: is there a position needing G presses?) raises the witness and refutes \
                    values from the top, within a budget of nodes per question; {refuted} sides owe their upper bound \
                    to such a refutation (the `method` column names it and its tree size). Where the bounds meet the \
                    value is exact ({exact} sides, the largest n = {largest}). Witness positions: \
                    `data/lightsout/gods_witnesses.csv` (columns n, row, lights). The branch and bound takes minutes \
                    at its budget, so the default `reproduce` reads its results back from these two files and \
                    re-checks what it can in seconds: the quiet code's classes, the witness search and the \
                    parity/averaging bound are re-derived, and every stored witness is solved again exactly; each \
                    refutation whose tree costs at most {recheck} units of work (nodes times 2^(nullity-1) + 1) is run \
                    again and must end in at most the tree size the `method` column names (a finished refutation's \
                    tree does not depend on the thread count, and later pruning rules only remove nodes from it), and \
                    larger ones are read back (`reproduce --full` recomputes them). Before a class is tried, the \
                    branch and bound bounds it by the one- and two-dimensional subspaces of signatures through it \
                    (averaging the coset weights over a plane's cosets leaves only that plane's three classes: |y_s| \
                    <= B, and y_s within B - |y_t + y_u| and |y_t - y_u| - B once the plane's other two classes are \
                    set). The averages run over the subspaces spanned by the first basis vectors, so the basis the \
                    signatures are written in sets the tree's size, by orders of magnitude: each question is asked \
                    first in the quiet basis's own signatures and, if undecided within its budget, again in an \
                    odd-first basis (each next vector the one whose span holds the most classes of odd size, which can \
                    never be 0, so the averages bite early); the `method` column names the basis of each refutation, \
                    and the re-check runs it in that basis. Witnesses come from a local search over the class counts \
                    (a position's fewest presses depends only on how many cells of each class it lights), raised \
                    beside the branch and bound by a min-conflicts search (`gods::conflicts_witness`: the deficit \
                    below the next value, every class's move scored at once by two Walsh-Hadamard transforms) and then \
                    by an active-set search (`engine/deep_hole.rs`: each round one exact pass over all 2^nullity coset \
                    weights, `walsh_max::walsh_above`, hands the solutions at or below the next value to a working \
                    set, and a min-conflicts search over the class counts pushes every member of the set above it, \
                    scoring a move only against the members still at or below it, so a move costs the set's size \
                    instead of two transforms of 2^nullity values); past nullity {dense} (n = 39 and 47: nullity 32 \
                    and 30) the 2^nullity class table does not fit, so the classes are kept sparse, the witness comes \
                    from the active-set search alone (its exact passes stream the 2^nullity values without storing \
                    them), and only the parity/averaging bound is above it. {compare}",
                g.rows.len(),
                g.rows.iter().filter(|r| r.nullity != 2).map(|r| r.n).max().unwrap_or(0),
                g.rows.iter().filter(|r| r.nullity == 2).map(|r| r.n).max().unwrap_or(0),
                recheck = super::saved::RECHECK_WORK,
            ))
            .table(
                "God's numbers (`data/lightsout/gods_numbers.csv`; empty gods_number = only the bounds are proven):",
                gods_bounds_table(g),
            )
            .chart("gods_numbers", {
                let shares: Vec<f64> = g
                    .rows
                    .iter()
                    .filter_map(|r| r.exact().map(|x| x as f64 / (r.n * r.n) as f64))
                    .collect();
                let lo = shares.iter().copied().fold(f64::INFINITY, f64::min);
                let hi = shares.iter().copied().fold(0.0, f64::max);
                format!(
                    "God's number as a share of the n^2 cells: where it is exact the hardest position needs {:.1}% \
                    to {:.1}% of the cells; where only bounds are known both are drawn.",
                    100.0 * lo,
                    100.0 * hi
                )
            })
            .claims("lightsout.gods_number");
    }
    sections.push(gods);
    if !s.sampled.is_empty() {
        sections.push(super::sampled::section(&s.sampled));
    }
    if let Some(r) = &s.rect_dataset {
        let name = super::frontier::rect_name(r.max);
        sections.push(
            Section::new("Rectangular boards")
                .text(format!(
                    "Nullity of every plus/open m x n board with m, n <= {} (`data/lightsout/{name}.parquet`, columns \
                        m, n, nullity, rank; {} rows), by Sutner's polynomials: nullity = deg gcd(f_m(x), f_n(x+1)). \
                        The largest nullity in the table is {}.",
                    r.max,
                    r.max * r.max,
                    super::frontier::rect_max(r)
                ))
                .chart(
                    name,
                    format!(
                    "Nullity of every m x n board size, one pixel each, in bins that double (the key gives each bin's \
                        share); {:.1}% of the {} sizes have nullity 0 (every board solvable).",
                    100.0 * r.table.iter().filter(|&&x| x == 0).count() as f64 / r.table.len() as f64,
                    r.table.len()
                ),
                ),
        );
    }

    let mut quiet_section = Section::new("Quiet patterns").text(
        "A quiet pattern is a set of presses that changes no light; the patterns shown form a basis of the null \
            space, one panel each (`data/lightsout/quiet_*.csv`).",
    );
    for q in &s.quiet {
        let stem = format!("quiet_{}", quiet_stem(q));
        if q.basis.is_empty()
            || matches!(
                (q.rule, q.topology, q.n),
                (Rule::Plus, Topology::Open, 4 | 5) | (Rule::Block, Topology::Open, 5)
            )
        {
            continue;
        }
        quiet_section = quiet_section.chart(
            stem,
            format!(
                "The {} quiet patterns of the {n}x{n} {} {} board: every solvable board has 2^{} solutions, differing \
                    by these.",
                q.basis.len(),
                q.rule.name(),
                q.topology.name(),
                q.basis.len(),
                n = q.n
            ),
        );
    }
    sections.push(quiet_section);

    let frontier = frontier_table(s);
    if !frontier.rows.is_empty() {
        // The entry page shows this table too (summary): the page holds it beside its evidence.
        sections.push(Section::new("The frontier").table(FRONTIER_CAPTION, frontier));
    }
    sections.push(
        Section::new("New results")
            .text("Results we found no publication of.")
            .claims("lightsout.new"),
    );

    let methods =
        format!(
        "How: the plus/open sweep uses Sutner's polynomials (nullity = deg gcd(f_n(x), f_n(x+1))) halved in u = x^2 + \
            x, with a gcd only for even n and the 2-adic formula for the rest; the plus torus uses light chasing on a \
            2n x 2n transfer matrix; the block rule is a Kronecker product of 1D strips (rank = rank(strip)^2). Tests \
            compare each with dense elimination by an independent implementation. Plus/open nullity for n = 1..30: {}.",
        (1..=30.min(po.len() - 1)).map(|n| po[n].to_string()).collect::<Vec<_>>().join(", ")
    );
    Page {
        summary: summary(s),
        family: "lightsout".into(),
        title: "Lights Out".into(),
        intro: vec![
            "Lights Out over GF(2) on n x n boards. A press toggles a set of cells: the `plus` rule toggles the cell \
                and its 4 orthogonal neighbours (Lights Out; seeds 000 and 004), the `block` rule the 3x3 block around \
                it (seed 002's Toggle Squares). On an `open` board the edges are walls; on the `torus` opposite edges \
                are joined (sides below 3 toggle each distinct neighbour once). Presses commute and pressing twice \
                undoes a press, so a solution is a set of cells: the solutions of a board are the solutions of a \
                linear system over GF(2)."
                .into(),
            methods,
        ],
        sections,
        definitions: definitions(),
    }
}

/// Terms used on the page and columns of `data/lightsout/`.
pub fn definitions() -> Vec<(String, String)> {
    [
        (
            "plus, block",
            "the rule: a press toggles the cell and its 4 orthogonal neighbours (plus), or the 3x3 block \
            around it (block)",
        ),
        (
            "open, torus",
            "the topology: edges are walls (open), or opposite edges are joined (torus)",
        ),
        (
            "press matrix",
            "the cells x cells matrix over GF(2) whose column j is the set of cells a press on j toggles",
        ),
        (
            "rank",
            "rank of the press matrix over GF(2): there are 2^rank solvable boards",
        ),
        (
            "nullity",
            "cells - rank: the dimension of the space of quiet patterns; every solvable board has 2^nullity solutions",
        ),
        (
            "solvable fraction",
            "the share of all 2^cells boards that can be turned off: 2^-nullity",
        ),
        (
            "log2_solvable_fraction",
            "log2 of the solvable fraction = -nullity (exact; the fraction itself underflows a \
            float past nullity 1074)",
        ),
        (
            "fully solvable size",
            "a side n with nullity 0: every n x n board can be turned off, in exactly one way",
        ),
        (
            "n_mod_3",
            "the residue of the side n modulo 3 (seed 002's theorems are stated by it)",
        ),
        ("max_n", "the largest side of the sweep a row summarises"),
        (
            "sizes, all_solvable_sizes",
            "how many sides n <= max_n have this residue, and how many of those have nullity 0",
        ),
        ("share_all_solvable", "all_solvable_sizes / sizes, a decimal in [0, 1]"),
        ("mean_solvable_fraction", "the mean of 2^-nullity over those sides"),
        (
            "max_nullity, n_at_max_nullity",
            "the largest nullity among those sides, and the smallest side reaching it",
        ),
        (
            "m, n",
            "rows and columns of a rectangular board (`rect_*.csv`), or the side of a square one",
        ),
        (
            "quiet pattern",
            "a set of presses that changes no light (a null vector of the press matrix); `pattern`, \
            `row`, `col` list the pressed cells of each basis pattern, 1-based",
        ),
        (
            "min_presses",
            "fewest presses that turn a position off (its click distance)",
        ),
        (
            "positions",
            "solvable positions needing exactly `min_presses` presses at minimum; an exact count as text, \
            digits grouped by `_` (`1_234_567`; Python's `int()` reads it), since the counts pass 2^127 and their sums \
            2^63 from 8x8 on",
        ),
        ("log10_positions", "log10 of positions, for plotting"),
        (
            "God's number",
            "the most presses any solvable position of a board needs: the largest `min_presses` in its histogram",
        ),
        (
            "light chasing",
            "pressing, row by row, the cell below every light, so that only the last row can stay lit",
        ),
        (
            "chase table",
            "for the plus rule on open boards: every last row that light chasing leaves on a solvable \
            board (`last_row`), with the first-row presses that clear it (`first_row_presses`) when pressed before \
            chasing again; bits are columns 1..n, 1 = lit / pressed",
        ),
        ("all-ones board", "the board with every light on"),
        (
            "first_found_presses",
            "presses in the first solution the elimination produces, before minimising over the 2^nullity solutions",
        ),
        (
            "min_presses",
            "fewest presses over every solution; `exact` = true when all 2^nullity solutions were \
            compared, false when it is the best found by descent",
        ),
        (
            "one-way, two-way, two-way (3k+1)",
            "seed 002's hand algorithms for the block rule on 3k+2, 3k and 3k+1 sides (see \
            `src/studies/lightsout/hand.rs` for the exact reading)",
        ),
        (
            "exhaustive",
            "true when every solvable board was tested, false for a fixed-seed sample",
        ),
        (
            "boards, cleared, failed",
            "boards tested, boards the hand algorithm turned off, and the rest",
        ),
        (
            "mean_presses, mean_minimum",
            "mean presses of the hand algorithm, and mean fewest presses, over the cleared boards",
        ),
        (
            "optimal_boards, max_excess",
            "cleared boards where the algorithm pressed the minimum, and the largest excess over it",
        ),
        (
            "failure_example, excess_example",
            "a board the algorithm fails on, and one where it presses more than the \
            minimum: rows of `.` (off) and `#` (on) joined by `/`",
        ),
    ]
    .iter()
    .map(|(a, b)| (a.to_string(), b.to_string()))
    .collect()
}

/// The n mod 3 chart's caption, with the shares it shows.
fn share_caption(s: &LightsoutResults) -> String {
    // The same sweeps and counts as the chart; a share short of 1 is never rounded up to 100%.
    let sweeps = longest_sweeps(s);
    let of = |r: Rule, t: Topology| {
        let Some((_, _, nul)) = sweeps.iter().find(|w| (w.0, w.1) == (r, t)) else {
            return String::new();
        };
        let counts = residue_counts(nul)
            .iter()
            .map(|&(ok, all)| format!("{}/{}", chart::format_value(ok as f64), chart::format_value(all as f64)))
            .collect::<Vec<_>>()
            .join(", ");
        format!("{} (n = 1..{})", counts, chart::format_value((nul.len() - 1) as f64))
    };
    format!(
        "Sizes with every board solvable / sizes, for n = 0, 1, 2 mod 3: block/open {} (seed 002's theorem); \
            block/torus {} and plus/torus {} (never when 3 | n); plus/open {}: no n mod 3 law.",
        of(Rule::Block, Topology::Open),
        of(Rule::Block, Topology::Torus),
        of(Rule::Plus, Topology::Torus),
        of(Rule::Plus, Topology::Open)
    )
}

/// How the sizes past the enumeration are bounded below, and what the bounds give.
fn bounds_text(s: &LightsoutResults) -> String {
    let open: Vec<String> = s
        .all_ones
        .iter()
        .filter(|r| !r.exact)
        .map(|r| format!("{} (nullity {}): {} to {}", r.n, r.nullity, r.lower, r.minimum))
        .collect();
    if open.is_empty() {
        return "Every size here is exact.".to_string();
    }
    format!(
        "Past nullity {}, the table's `min_presses_lower_bound` is proven by the better of two relaxations \
            (`lower_bound_method` gives both values). The strip relaxation cuts the columns into strips of width at \
            most {}: within a strip, every light whose two horizontal neighbours are in the strip or off the board \
            sees only the strip's presses, so any solution's presses there satisfy those lights' parity; each strip's \
            fewest such presses is exact by dynamic programming down its rows (the last two rows of presses as the \
            state), and the strips' minima add up. The mirror relaxation uses the quiet code: its patterns fixed by \
            both mirrors of the square are constant on each mirror orbit of cells, so with the code split into that \
            subcode and a complement, the weight is bounded below, for each combination of the complement (all \
            enumerated by one transform), by letting every group of cells with equal mirror-fixed signature take its \
            better sign independently. Both are exact where nothing is relaxed (one strip spanning the board; no \
            mirror-fixed coordinates), and the tests compare both with the enumeration on every singular size up to 50 \
            of nullity <= 32. They stay well below the best solutions found: the strips see only local parity, where a \
            density-1/5 pattern (each light toggled once) satisfies every interior light, and the mirror relaxation \
            gives way wherever the complement makes the solution nearly mirror-symmetric, since then every group can \
            be flipped whole. Closing these gaps needs the 2^nullity enumeration or a bound that sees the whole quiet \
            code at once; the bounds stand as: {}.",
        solve::EXACT_NULLITY,
        super::strips::WIDTH,
        open.join("; ")
    )
}

/// The all-ones chart's caption, with the shares it shows.
fn solver_caption(s: &LightsoutResults) -> String {
    let a = &s.all_ones;
    let share = |p: u64, n: usize| p as f64 / (n * n) as f64;
    let mean = |f: &dyn Fn(&AllOnesRow) -> f64| a.iter().map(f).sum::<f64>() / a.len().max(1) as f64;
    let first = mean(&|r| share(r.first_found, r.n));
    let singular: Vec<&AllOnesRow> = a.iter().filter(|r| r.nullity > 0).collect();
    let saved = singular
        .iter()
        .map(|r| share(r.first_found - r.minimum, r.n))
        .fold(0.0, f64::max);
    let inexact = a.iter().filter(|r| !r.exact).count();
    format!(
        "Presses as a share of the n^2 cells, n = 1..{}: the first solution found presses {:.0}% of the cells on \
            average, near the 1/2 of a random pattern; the minimum can be lower only on the {} sizes with nullity > 0, \
            where other solutions exist (by up to {:.0}% of the cells){}.",
        a.len(),
        100.0 * first,
        singular.len(),
        100.0 * saved,
        if inexact > 0 {
            format!(
                "; {inexact} open circles are the best found, not proven minimal, each with a bar \
            down to its proven lower bound"
            )
        } else {
            String::new()
        }
    )
}

/// The hand-algorithm chart's caption: where the hand algorithm is furthest from and closest to
/// the minimum.
fn hand_caption(s: &LightsoutResults) -> String {
    let ratio = |r: &HandRow| r.mean_presses() / r.mean_minimum().max(f64::MIN_POSITIVE);
    let rows: Vec<&HandRow> = s.hand.iter().filter(|r| r.mean_minimum() > 0.0).collect();
    let worst = rows.iter().max_by(|a, b| ratio(a).total_cmp(&ratio(b)));
    let best = rows.iter().min_by(|a, b| ratio(a).total_cmp(&ratio(b)));
    let sampled: Vec<String> = s
        .hand
        .iter()
        .filter(|r| !r.exhaustive)
        .map(|r| r.n.to_string())
        .collect();
    let samples =
        if sampled.is_empty() {
            String::new()
        } else {
            format!(
            " Filled points are exact (every solvable board); open points (n = {}) are means of {} random solvable \
                boards, with bars of +-1 standard error (mostly smaller than the points).",
            sampled.join(", "),
            s.hand.iter().filter(|r| !r.exhaustive).map(|r| r.boards).max().unwrap_or(0)
        )
        };
    match (worst, best) {
        (Some(w), Some(b)) => format!(
            "Mean presses of the hand algorithm beside the mean minimum per side: furthest from the minimum at n = {} \
                ({}, {:.1}x the minimum), closest at n = {} ({}, {:.2}x).{samples}",
            w.n,
            w.algorithm,
            ratio(w),
            b.n,
            b.algorithm,
            ratio(b)
        ),
        _ => format!("Mean presses of the hand algorithm beside the mean minimum per side.{samples}"),
    }
}
