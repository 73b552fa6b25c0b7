//! Every data file and chart of the Lights Out study, from its results ([`export_all`]); each
//! table's columns are declared once, in the schema it starts from. The page is
//! [`super::report`]'s.

use super::all_ones::{self, ALL_ONES_CSV, ALL_ONES_PRESSES_CSV};
use super::columns::{mask_picture, row_picture};
use super::columns::{SOURCE, SWEEP_COLUMNS};
use super::hand::HandRow;
use super::histogram::Histogram;
use super::quiet::Quiet;
use super::study::{all_sweeps, fraction_sweep, longest_sweeps, residue_counts, LightsoutResults};
use super::{frontier, gods, million, sampled, seed004};
use crate::output::chart::{self, Rendered};
use crate::output::export::{Area, Export};
use crate::output::glossary;
use crate::output::schema::{col, Kind, Schema};
use crate::output::study_charts;
use crate::output::{Cell, Table};
use crate::puzzles::lightsout::{Rule, Topology};
use anyhow::Result;
use num_bigint::BigUint;

pub static SWEEP: Schema = Schema {
    pattern: "lightsout/sweep_*.csv",
    description: "Rank and nullity of the n x n press matrix for every n up to the sweep's limit, for one rule \
                (plus, block) and topology (open, torus) named in the file name.",
    columns: SWEEP_COLUMNS,
    primary_key: &[glossary::n],
    source: SOURCE,
};

pub static LONG_SWEEP: Schema = Schema {
    pattern: "lightsout/n*/sweep_plus_open.csv",
    description: "The plus rule on open n x n boards for every n up to the limit in the directory name \
                (n100000: n <= 100000): rank and nullity of the press matrix.",
    columns: SWEEP_COLUMNS,
    primary_key: &[glossary::n],
    source: SOURCE,
};

pub fn sweep_table(nul: &[usize]) -> Table {
    // The solvable fraction is 2^-nullity: as a float it underflows past nullity 1074, so the
    // table gives its exact base-2 logarithm instead.
    let mut t = SWEEP.table();
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

pub static RECT: Schema = Schema {
    pattern: "lightsout/rect_*.csv",
    description: "Rank and nullity of the press matrix of every m x n board up to the table's limit, for the \
                rule and topology named in the file name.",
    columns: &[
        col(glossary::m, Kind::Integer, "rows of the board"),
        col(glossary::n, Kind::Integer, "columns of the board"),
        col(
            glossary::rank,
            Kind::Integer,
            "rank of the mn x mn press matrix over GF(2)",
        ),
        col(glossary::nullity, Kind::Integer, "mn - rank"),
    ],
    primary_key: &[glossary::m, glossary::n],
    source: SOURCE,
};

pub fn rect_table(rows: &[(usize, usize, usize)]) -> Table {
    let mut t = RECT.table();
    for &(m, n, k) in rows {
        t.push(vec![m.into(), n.into(), (m * n - k).into(), k.into()]);
    }
    t
}

pub static HISTOGRAM: Schema = Schema {
    pattern: "lightsout/histogram_*.csv",
    description: "Click-distance histogram of one n x n board (rule, topology and side in the file name): \
                solvable positions by the fewest presses that turn them off. The last row's min_presses is God's \
                number.",
    columns: super::histogram::HISTOGRAM_COLUMNS,
    primary_key: &[glossary::min_presses],
    source: SOURCE,
};

pub fn histogram_name(h: &Histogram) -> String {
    match (h.rule, h.topology) {
        (r, Topology::Open) => format!("histogram_{}_open_{}x{}.csv", r.name(), h.n, h.n),
        (r, Topology::Torus) => format!("histogram_{}_torus_{}x{}.csv", r.name(), h.n, h.n),
    }
}

pub fn histogram_table(h: &Histogram) -> Table {
    super::histogram::counts_table(&HISTOGRAM, &h.counts)
}

pub fn quiet_stem(q: &Quiet) -> String {
    format!("{}_{}_{}x{}", q.rule.name(), q.topology.name(), q.n, q.n)
}

pub static QUIET: Schema = Schema {
    pattern: "lightsout/quiet_*.csv",
    description: "A basis of the quiet patterns (press sets that change no light) of one n x n board (rule, \
                topology and side in the file name): one row per pressed cell of each basis pattern.",
    columns: &[
        col(glossary::pattern, Kind::Integer, "index of the basis pattern (1-based)"),
        col(
            glossary::row,
            Kind::Integer,
            "row of a pressed cell (1-based, from the top)",
        ),
        col(
            glossary::col,
            Kind::Integer,
            "column of a pressed cell (1-based, from the left)",
        ),
    ],
    primary_key: &[glossary::pattern, glossary::row, glossary::col],
    source: SOURCE,
};

pub static CHASE_TABLE: Schema = Schema {
    pattern: "lightsout/chase_table_*.csv",
    description: "Light chasing on the open n x n plus board (side in the file name): every last row that \
                chasing leaves on a solvable board, with the first-row presses that clear it when pressed before \
                chasing again (the leftmost free buttons never pressed). Rows of cells are pictures, columns 1..n \
                left to right, `#` on (or pressed) and `.` off, as in every Lights Out file: a loader never takes \
                them for numbers (0/1 digits lost their leading zeros).",
    columns: &[
        col(
            glossary::last_row,
            Kind::String,
            "lights left on the last row after chasing, columns 1..n: # on, . off",
        ),
        col(
            glossary::first_row_presses,
            Kind::String,
            "first-row presses that clear it, columns 1..n: # pressed, . not",
        ),
    ],
    primary_key: &[glossary::last_row],
    source: SOURCE,
};

/// Quiet patterns as CSV (pattern, row, col of each pressed cell), one image with every basis
/// pattern side by side, and the chase table.
pub fn quiet_export(q: &Quiet, out: &mut Export) -> Result<()> {
    let stem = quiet_stem(q);
    let mut t = QUIET.table();
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
        let mut t = CHASE_TABLE.table();
        for r in rows {
            t.push(vec![row_picture(&r.last_row).into(), row_picture(&r.first_row).into()]);
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

pub static HAND_ALGORITHMS: Schema = Schema {
    pattern: "lightsout/hand_algorithms.csv",
    description: "Seed 002's hand algorithms (one-way for 3k+2, two-way for 3k, two-way variant for 3k+1) on \
                solvable block-rule open boards, against the fewest presses.",
    columns: &[
        col(glossary::n, Kind::Integer, "side of the board"),
        col(
            glossary::algorithm,
            Kind::String,
            "one-way, two-way or two-way (3k+1): the algorithm seed 002 prescribes for n",
        ),
        col(
            glossary::exhaustive,
            Kind::Boolean,
            "true when every solvable board was tested, false for a fixed-seed sample",
        ),
        col(
            glossary::scope,
            Kind::String,
            "what was tested, in words: all solvable boards (their number), or a uniform \
                    random sample (its size) of the 2^rank solvable boards",
        ),
        col(glossary::boards, Kind::Integer, "solvable boards tested"),
        col(glossary::cleared, Kind::Integer, "boards the algorithm turned off"),
        col(glossary::failed, Kind::Integer, "boards - cleared"),
        col(
            glossary::mean_presses,
            Kind::Number,
            "mean presses the algorithm made, over cleared boards (3 decimals); \
                    exact when exhaustive, else a sample mean",
        ),
        col(
            glossary::mean_presses_standard_error,
            Kind::Number,
            "standard error of mean_presses (sample standard \
                    deviation / sqrt(boards), 3 decimals); empty when exhaustive (the mean is exact)",
        ),
        col(
            glossary::mean_minimum,
            Kind::Number,
            "mean fewest presses, over the same boards (3 decimals); exact when exhaustive, else a sample mean",
        ),
        col(
            glossary::mean_minimum_standard_error,
            Kind::Number,
            "standard error of mean_minimum, as for mean_presses; empty when exhaustive",
        ),
        col(
            glossary::optimal_boards,
            Kind::Integer,
            "cleared boards where the algorithm pressed the minimum (of those \
                    tested: on a sample, a count in the sample)",
        ),
        col(
            glossary::max_excess,
            Kind::Integer,
            "largest presses - minimum over cleared boards (on a sample, the largest seen: a lower bound)",
        ),
        col(
            glossary::failure_example,
            Kind::String,
            "the smallest board (as a bitmask) the algorithm fails on: rows of . \
                    (off) and # (on) joined by /; `none` when it fails on none (an empty column would load as \
                    numbers)",
        ),
        col(
            glossary::excess_example,
            Kind::String,
            "the smallest board where it presses more than the minimum, same format; `none` when none",
        ),
    ],
    primary_key: &[glossary::n],
    source: SOURCE,
};

pub fn hand_table(rows: &[HandRow]) -> Table {
    let mut t = HAND_ALGORITHMS.table();
    for r in rows {
        t.push(vec![
            r.n.into(),
            r.algorithm.into(),
            r.exhaustive.into(),
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
            example_cell(r.failure_example, r.n),
            example_cell(r.excess_example, r.n),
        ]);
    }
    t
}

/// An example board, or `none`: the word keeps an example column text when no row has one.
fn example_cell(board: Option<u128>, n: usize) -> Cell {
    board.map_or_else(|| "none".into(), |b| board_string(b, n).into())
}

/// A small board as rows of ./# joined by '/'.
pub fn board_string(bits: u128, n: usize) -> String {
    (0..n)
        .map(|r| mask_picture(bits >> (r * n), n))
        .collect::<Vec<_>>()
        .join("/")
}

pub static SOLVABILITY_BY_N_MOD_3: Schema = Schema {
    pattern: "lightsout/solvability_by_n_mod_3.csv",
    description: "Per sweep (rule, topology, largest n) and residue of n mod 3: how many sides have every \
                board solvable (nullity 0), the mean solvable fraction and the largest nullity.",
    columns: &[
        col(
            glossary::rule,
            Kind::String,
            "plus (cell and 4 neighbours) or block (3x3 block)",
        ),
        col(glossary::topology, Kind::String, "open or torus"),
        col(glossary::max_n, Kind::Integer, "the sweep covers n = 1..max_n"),
        col(
            glossary::n_mod_3,
            Kind::Integer,
            "the residue of n modulo 3 this row summarises",
        ),
        col(glossary::sizes, Kind::Integer, "sides n <= max_n with this residue"),
        col(
            glossary::all_solvable_sizes,
            Kind::Integer,
            "of those, sides with nullity 0 (every board solvable)",
        ),
        col(
            glossary::share_all_solvable,
            Kind::Number,
            "all_solvable_sizes / sizes, in [0, 1]",
        ),
        col(
            glossary::mean_solvable_fraction,
            Kind::Number,
            "mean of 2^-nullity over those sides, in [0, 1] (6 decimals)",
        ),
        col(
            glossary::max_nullity,
            Kind::Integer,
            "largest nullity among those sides",
        ),
        col(
            glossary::n_at_max_nullity,
            Kind::Integer,
            "smallest side with that nullity",
        ),
    ],
    primary_key: &[glossary::rule, glossary::topology, glossary::max_n, glossary::n_mod_3],
    source: SOURCE,
};

/// Per sweep (rule, topology, largest n) and n mod 3: sizes, sizes with every board solvable,
/// their share, the mean solvable fraction and the largest nullity.
pub fn residue_table(s: &LightsoutResults) -> Table {
    let mut t = SOLVABILITY_BY_N_MOD_3.table();
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

fn big_f64(c: &BigUint) -> f64 {
    c.to_string().parse().unwrap_or(f64::MAX)
}

/// Where a sweep's CSV lives under `data/`.
pub fn sweep_path(s: &LightsoutResults, r: Rule, t: Topology, max_n: usize) -> String {
    if let Some(m) = &s.million {
        if m.max_n() == max_n && (r, t) == (Rule::Plus, Topology::Open) {
            return format!("data/lightsout/{}/{}", million::dir(max_n), million::FILE);
        }
    }
    match &s.long_sweep {
        Some((m, _)) if *m == max_n && (r, t) == (Rule::Plus, Topology::Open) && s.sweep(r, t).len() - 1 != max_n => {
            format!("data/lightsout/n{m}/sweep_plus_open.csv")
        }
        _ => format!("data/lightsout/sweep_{}_{}.csv", r.name(), t.name()),
    }
}

/// The plus/open sweep to 10^6 ([`million::parquet`]).
pub static MILLION_SWEEP: Schema = Schema {
    pattern: "lightsout/n*/sweep_plus_open.parquet",
    description: "The plus rule on open n x n boards for every n up to the limit in the directory name \
                (n1000000: n <= 1000000), as Parquet: rank and nullity of the press matrix. Computed once by \
                `lightsout sweep` (shared among MPI ranks), read back and re-checked by `reproduce`.",
    columns: SWEEP_COLUMNS,
    primary_key: &[glossary::n],
    source: SOURCE,
};

/// The m x n nullity dataset ([`frontier::rect_parquet`]).
pub static RECT_DATASET: Schema = Schema {
    pattern: "lightsout/rect_plus_open_*.parquet",
    description: "Rank and nullity of every plus/open m x n board for m, n up to the limit in the file name, \
                by Sutner's polynomials (nullity = deg gcd(f_m(x), f_n(x+1))).",
    columns: &[
        col(glossary::m, Kind::Integer, "rows of the board"),
        col(glossary::n, Kind::Integer, "columns of the board"),
        col(glossary::nullity, Kind::Integer, "mn - rank"),
        col(
            glossary::rank,
            Kind::Integer,
            "rank of the mn x mn press matrix over GF(2)",
        ),
    ],
    primary_key: &[glossary::m, glossary::n],
    source: SOURCE,
};

/// Every table and chart of the reproduce study (the page is added by the caller).
pub fn export_all(s: &LightsoutResults) -> Result<Export> {
    let mut out = Export::default();
    sweep_files(s, &mut out)?;
    board_files(s, &mut out)?;
    dataset_files(s, &mut out)?;
    if let Some(g) = &s.graphs {
        super::graph_study::export(g, &mut out)?;
    }
    Ok(out)
}

/// The family's directory under `data/` and `reports/`.
const DIR: &str = "lightsout";

/// The nullity sweeps and m x n tables, with their charts.
fn sweep_files(s: &LightsoutResults, out: &mut Export) -> Result<()> {
    let d = DIR;
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
        let sub = format!("{d}/{}", million::dir(m.max_n()));
        out.bytes(
            Area::Data,
            &sub,
            million::FILE,
            million::parquet(&m.nullity)?,
            Some(m.max_n() as u64),
        );
        out.chart(
            Area::Reports,
            d,
            &format!("nullity_plus_open_{}", m.max_n()),
            &million::window_chart(&m.nullity)?,
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
    Ok(())
}

/// Histograms, quiet patterns, the all-ones minima and the hand algorithms.
fn board_files(s: &LightsoutResults, out: &mut Export) -> Result<()> {
    let d = DIR;
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
        quiet_export(q, out)?;
    }
    out.table(Area::Data, d, ALL_ONES_CSV, &all_ones::all_ones_table(&s.all_ones));
    out.table(
        Area::Data,
        d,
        ALL_ONES_PRESSES_CSV,
        &all_ones::all_ones_presses_table(&s.all_ones),
    );
    out.chart(Area::Reports, d, "solver_first_vs_minimum", &solver_chart(s)?);
    out.table(Area::Data, d, "hand_algorithms.csv", &hand_table(&s.hand));
    out.chart(Area::Reports, d, "hand_algorithms", &hand_chart(s)?);
    Ok(())
}

/// The m x n dataset, the sampled histograms, seed 004's tables and God's numbers.
fn dataset_files(s: &LightsoutResults, out: &mut Export) -> Result<()> {
    let d = DIR;
    if let Some(r) = &s.rect_dataset {
        let name = frontier::rect_name(r.max);
        out.bytes(
            Area::Data,
            d,
            &format!("{name}.parquet"),
            frontier::rect_parquet(r)?,
            Some((r.max * r.max) as u64),
        );
        out.chart(Area::Reports, d, &name, &frontier::rect_chart(r)?);
    }
    for x in &s.sampled {
        out.table(Area::Data, d, &sampled::file_name(x), &sampled::table(x));
    }
    if !s.sampled.is_empty() {
        out.chart(Area::Reports, d, "histogram_sampled", &sampled::chart(&s.sampled)?);
    }
    if let Some(s4) = &s.seed004 {
        out.table(Area::Data, d, seed004::PAIRS_CSV, &seed004::pairs_table(s4));
        out.table(Area::Data, d, seed004::FORMULAS_CSV, &seed004::formulas_table(s4));
        out.table(Area::Data, d, seed004::LAST_ROWS_CSV, &seed004::last_rows_table(s4));
    }
    if let Some(g) = &s.gods {
        for (name, table) in gods::files(g) {
            out.table(Area::Data, d, name, &table);
        }
        out.chart(Area::Reports, d, "gods_numbers", &gods::chart(g)?);
    }
    Ok(())
}

/// The chart of 2^-nullity over the longest plus/open sweep.
pub const SOLVABLE_FRACTION_CHART: &str = "solvable_fraction_plus_open";
