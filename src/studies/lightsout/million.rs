//! The plus/open nullity sweep to n = 10^6 (issue 22): 40 times the published table (n <= 25,000).
//! Its gcds (one of degree ~n/4 per even n) cost CPU hours, so it is computed once, by
//! `lightsout sweep --max-n 1000000` (shared among MPI ranks by cost), committed as a Parquet
//! dataset, and read back by the default `reproduce`, which re-checks it; `reproduce --full`
//! recomputes it.
//!
//! Re-checked on every read-back, each by a route other than the sweep's:
//! - the rows n <= the long sweep's limit equal the long sweep computed in the same run (and that
//!   one is checked against the plain gcd and light chasing for n <= 3000 by the study);
//! - every odd side follows from the even ones by the 2-adic formula (the sweep derives them the
//!   same way, so this checks the file's consistency, not the formula: the formula is checked by
//!   the study against the plain gcd);
//! - spot sizes spread over the range, and the sizes of largest nullity of each residue class,
//!   recomputed one at a time by [`sutner::plus_open_one`] (f_k by doubling from scratch instead
//!   of the sweep's running recurrence, no batching, no sharing among ranks);
//! - every column: n = 1..max in order, n_mod_3, rank = n^2 - nullity, log2 fraction = -nullity.

use super::sutner;
use crate::output::chart::{format_value, Mark, Rendered, Scale, XYChart, XYSeries};
use anyhow::{bail, ensure, Context, Result};
use polars::prelude::*;
use rayon::prelude::*;
use std::path::Path;

/// The sweep's largest side.
pub const MAX_N: usize = 1_000_000;
/// Sizes of the windows the chart takes the largest nullity over.
const WINDOW: usize = 2_000;
/// Evenly spread spot sizes re-checked one at a time (plus the largest nullities).
const SPOTS: usize = 40;

/// Where the dataset lives under `data/lightsout/`.
pub fn dir(max_n: usize) -> String {
    format!("n{max_n}")
}
pub const FILE: &str = "sweep_plus_open.parquet";

/// The long sweep: nullity by n (index 0 unused), and what was re-checked.
pub struct MillionSweep {
    pub nullity: Vec<usize>,
    /// True when read back from `data/` (then re-checked), false when computed in this run.
    pub read_back: bool,
    /// Rows equal to the long sweep computed in the same run (1..=prefix).
    pub prefix: usize,
    /// Sizes recomputed one at a time.
    pub spots: Vec<usize>,
}

impl MillionSweep {
    pub fn max_n(&self) -> usize {
        self.nullity.len() - 1
    }
}

/// The sweep as a DataFrame with the columns of the CSV sweeps: n, n_mod_3, rank, nullity,
/// log2_solvable_fraction (integer types wide enough for n = 10^6: rank < 10^12).
pub fn dataframe(nul: &[usize]) -> Result<DataFrame> {
    let max_n = nul.len() - 1;
    let n: Vec<u32> = (1..=max_n as u32).collect();
    let res: Vec<u8> = (1..=max_n).map(|n| (n % 3) as u8).collect();
    let rank: Vec<u64> = (1..=max_n).map(|n| (n as u64) * (n as u64) - nul[n] as u64).collect();
    let k: Vec<u32> = nul[1..].iter().map(|&k| k as u32).collect();
    let log2: Vec<i64> = nul[1..].iter().map(|&k| -(k as i64)).collect();
    Ok(DataFrame::new_infer_height(vec![
        Column::new("n".into(), n),
        Column::new("n_mod_3".into(), res),
        Column::new("rank".into(), rank),
        Column::new("nullity".into(), k),
        Column::new("log2_solvable_fraction".into(), log2),
    ])?)
}

/// The dataset as Parquet bytes, with its provenance in the footer.
pub fn parquet(nul: &[usize]) -> Result<Vec<u8>> {
    sweep_parquet(nul, "plus rule, open", sutner::METHOD_OPEN)
}

/// Any n x n sweep (`scope` names its rule and topology) as Parquet bytes (`lightsout sweep
/// --format parquet`).
pub fn sweep_parquet(nul: &[usize], scope: &str, method: &str) -> Result<Vec<u8>> {
    let mut df = dataframe(nul)?;
    crate::output::dataset::to_parquet(
        &mut df,
        &[
            (
                "statespace.table",
                format!("Lights Out {scope} n x n boards, 1 <= n <= {}", nul.len() - 1),
            ),
            ("statespace.method", method.into()),
        ],
    )
}

/// Reads a dataset written by [`parquet`] and checks every column against n and the nullity.
pub fn read(path: &Path) -> Result<Vec<usize>> {
    let bytes = std::fs::read(path)
        .with_context(|| format!("reading {} (`reproduce --full` recomputes it)", path.display()))?;
    let df = crate::output::dataset::from_parquet(&bytes).with_context(|| format!("reading {}", path.display()))?;
    let col = |name: &str| -> Result<Vec<i64>> {
        let c = df
            .column(name)
            .map_err(|_| anyhow::anyhow!("{}: no column {name}", path.display()))?;
        let c = c
            .cast(&DataType::Int64)
            .map_err(|_| anyhow::anyhow!("{}: column {name} is not an integer", path.display()))?;
        let ca = c
            .i64()
            .map_err(|e| anyhow::anyhow!("{}: column {name}: {e}", path.display()))?;
        ensure!(
            ca.null_count() == 0,
            "{}: column {name} has empty cells",
            path.display()
        );
        Ok(ca.into_no_null_iter().collect())
    };
    let (n, res, rank, k, log2) = (
        col("n")?,
        col("n_mod_3")?,
        col("rank")?,
        col("nullity")?,
        col("log2_solvable_fraction")?,
    );
    let mut nul = vec![0usize];
    for i in 0..n.len() {
        let want = i as i64 + 1;
        if n[i] != want || res[i] != want % 3 || k[i] < 0 || rank[i] != want * want - k[i] || log2[i] != -k[i] {
            bail!(
                "{}: row {} (n = {}) is inconsistent: n_mod_3 {}, rank {}, nullity {}, log2_solvable_fraction {}",
                path.display(),
                i + 1,
                n[i],
                res[i],
                rank[i],
                k[i],
                log2[i]
            );
        }
        nul.push(k[i] as usize);
    }
    ensure!(nul.len() > 1, "{}: no rows", path.display());
    Ok(nul)
}

/// The spot sizes: [`SPOTS`] even sides spread over the range (odd sides follow from the formula)
/// and, per residue class, the side of largest nullity among the even ones.
pub fn spot_sizes(nul: &[usize]) -> Vec<usize> {
    let max_n = nul.len() - 1;
    let mut out: Vec<usize> = (1..=SPOTS)
        .map(|i| (max_n * i / SPOTS) & !1)
        .filter(|&n| n >= 2)
        .collect();
    for res in 0..3 {
        if let Some(n) = (2..=max_n)
            .step_by(2)
            .filter(|n| n % 3 == res)
            .max_by_key(|&n| (nul[n], std::cmp::Reverse(n)))
        {
            out.push(n);
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Re-checks `nul` (see the module comment) against `long`, the long sweep of this run.
pub fn recheck(nul: &[usize], long: &[usize], source: &str) -> Result<(usize, Vec<usize>)> {
    let max_n = nul.len() - 1;
    let prefix = (long.len() - 1).min(max_n);
    if let Some(n) = (1..=prefix).find(|&n| nul[n] != long[n]) {
        bail!(
            "{source}: n = {n} has nullity {} but the sweep of this run gives {}",
            nul[n],
            long[n]
        );
    }
    for n in 1..=max_n {
        let n1 = n + 1;
        let (two_a, m) = (1usize << n1.trailing_zeros(), n1 >> n1.trailing_zeros());
        if two_a > 1 {
            let want = two_a * if m == 1 { 0 } else { nul[m - 1] } + if m % 3 == 0 { 2 * (two_a - 1) } else { 0 };
            ensure!(
                nul[n] == want,
                "{source}: n = {n} has nullity {} but the 2-adic formula from n = {} gives {want}",
                nul[n],
                m - 1
            );
        }
    }
    let spots = spot_sizes(nul);
    let again: Vec<usize> = spots.par_iter().map(|&n| sutner::plus_open_one(n)).collect();
    for (&n, &k) in spots.iter().zip(&again) {
        ensure!(
            nul[n] == k,
            "{source}: n = {n} has nullity {} but computing it alone gives {k}",
            nul[n]
        );
    }
    Ok((prefix, spots))
}

/// The sweep to `max_n`: read back from `saved` (the `data/lightsout` directory) when given,
/// else computed; re-checked either way against `long` (the long sweep of this run).
pub fn obtain(max_n: usize, saved: Option<&Path>, long: &[usize]) -> Result<MillionSweep> {
    let (nullity, read_back) = match saved {
        Some(d) => {
            let path = d.join(dir(max_n)).join(FILE);
            let nul = read(&path)?;
            ensure!(
                nul.len() - 1 == max_n,
                "{}: holds n <= {}, expected n <= {max_n}",
                path.display(),
                nul.len() - 1
            );
            (nul, true)
        }
        None => (sutner::plus_open_sweep(max_n), false),
    };
    let source = format!("data/lightsout/{}/{FILE}", dir(max_n));
    let (prefix, spots) = recheck(&nullity, long, &source)?;
    Ok(MillionSweep {
        nullity,
        read_back,
        prefix,
        spots,
    })
}

/// Per residue class, the largest nullity in each window of [`WINDOW`] sizes (windows where it is
/// 0 are left out and counted in the legend): a million points would hide each other.
pub fn window_chart(nul: &[usize]) -> Result<Rendered> {
    let max_n = nul.len() - 1;
    let windows = max_n.div_ceil(WINDOW);
    let series = (0..3)
        .map(|res| {
            let mut points = Vec::new();
            let mut empty = 0;
            for w in 0..windows {
                let lo = w * WINDOW + 1;
                let hi = ((w + 1) * WINDOW).min(max_n);
                let best = (lo..=hi).filter(|n| n % 3 == res).map(|n| nul[n]).max().unwrap_or(0);
                if best > 0 {
                    points.push((hi as f64, best as f64));
                } else {
                    empty += 1;
                }
            }
            XYSeries {
                name: format!(
                    "n = {res} mod 3 ({} of {windows} windows have nullity 0 throughout, not drawn)",
                    format_value(empty as f64)
                ),
                points,
                mark: Mark::Points,
                colour: None,
            }
        })
        .collect();
    crate::output::chart::xy_chart(&XYChart {
        title: format!(
            "Plus rule, open n x n boards, n = 1..{}: largest nullity in each window of {} sizes",
            format_value(max_n as f64),
            format_value(WINDOW as f64)
        ),
        x_label: format!(
            "n (board side; each point at the end of its window of {} sizes)",
            format_value(WINDOW as f64)
        ),
        y_label: "largest nullity in the window".into(),
        series,
        x_scale: Scale::Linear,
        y_scale: Scale::Log10,
        markers: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parquet_round_trips_and_rechecks() {
        let nul = sutner::plus_open_sweep(3000);
        let bytes = parquet(&nul).unwrap();
        let dir = std::env::temp_dir().join(format!("million-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(FILE);
        std::fs::write(&path, &bytes).unwrap();
        assert_eq!(read(&path).unwrap(), nul);
        let long = crate::studies::lightsout::nullity::plus_open_squares(1000);
        let (prefix, spots) = recheck(&nul, &long, "t").unwrap();
        assert_eq!(prefix, 1000);
        assert!(spots.len() >= SPOTS);
        // A wrong value past the prefix is caught by the formula or a spot.
        let mut bad = nul.clone();
        let n = spots[spots.len() / 2];
        bad[n] += 4;
        assert!(recheck(&bad, &long, "t").is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
