//! Issue 9's pure parts beside the sweeps: the m x n plus/open nullity table as a Parquet dataset
//! with a heatmap (God's numbers are in [`super::gods`], one board's nullity in [`super::sutner`]).

use super::sutner;
use crate::output::chart::{self, Rendered};
use anyhow::Result;
use polars::prelude::*;

pub const MAX_RECT_DATASET: usize = 2000;
pub const MAX_GODS_SIDE: usize = 512;

/// The m x n table as a DataFrame: m, n, nullity (u16), rank (u32).
pub fn rect_dataset(table: &[u16], max: usize) -> Result<DataFrame> {
    let mut ms = Vec::with_capacity(max * max);
    let mut ns = Vec::with_capacity(max * max);
    let mut rank = Vec::with_capacity(max * max);
    for m in 1..=max {
        for n in 1..=max {
            ms.push(m as u16);
            ns.push(n as u16);
            rank.push((m * n) as u32 - table[(m - 1) * max + n - 1] as u32);
        }
    }
    Ok(DataFrame::new_infer_height(vec![
        Column::new("m".into(), ms),
        Column::new("n".into(), ns),
        Column::new("nullity".into(), table.to_vec()),
        Column::new("rank".into(), rank),
    ])?)
}

/// The rectangle dataset: the m x n plus/open nullity table for m, n <= `max`.
pub struct RectDataset {
    pub max: usize,
    /// Row-major: nullity of the m x n board at `(m - 1) * max + n - 1`.
    pub table: Vec<u16>,
}

pub fn rect_compute(max: usize) -> RectDataset {
    RectDataset {
        max,
        table: sutner::plus_open_rect_table(max),
    }
}

/// File name of the dataset (its chart has the same stem).
pub fn rect_name(max: usize) -> String {
    format!("rect_plus_open_{max}")
}

/// The dataset as Parquet bytes, with its provenance in the file's metadata.
pub fn rect_parquet(r: &RectDataset) -> Result<Vec<u8>> {
    let mut df = rect_dataset(&r.table, r.max)?;
    crate::output::dataset::to_parquet(
        &mut df,
        &[
            (
                "statespace.table",
                format!("Lights Out plus rule, open m x n boards, 1 <= m, n <= {}", r.max),
            ),
            (
                "statespace.method",
                "nullity = deg gcd(f_m(x), f_n(x+1)), Sutner's polynomials over GF(2)".into(),
            ),
        ],
    )
}

/// The nullity of every m x n board of the dataset, one pixel each (a tiled maximum showed the
/// rare large nullities as if they filled their tiles).
pub fn rect_chart(r: &RectDataset) -> Result<Rendered> {
    let max = r.max;
    chart::count_grid_chart(
        &format!(
            "Lights Out plus rule, open m x n boards, m, n <= {}: nullity of each board size",
            chart::format_value(max as f64)
        ),
        "n (columns)",
        "m (rows)",
        "nullity of the m x n press matrix (one pixel per board size)",
        max,
        &|n, m| u32::from(r.table[(m - 1) * max + n - 1]),
    )
}

/// Sides of the dataset with the largest nullity, and that nullity.
pub fn rect_max(r: &RectDataset) -> u16 {
    r.table.iter().copied().max().unwrap_or(0)
}
