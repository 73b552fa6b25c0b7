//! Issue 9's pure parts beside the sweeps: the m x n plus/open nullity table as a Parquet dataset
//! with a heatmap (God's numbers are in [`super::gods`], one board's nullity in [`super::sutner`]).

use super::sutner;
use crate::output::chart::{self, Heatmap, Rendered};
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

/// Heatmap of the table in `block` x `block` tiles, each showing the largest nullity in it.
pub fn rect_heatmap(table: &[u16], max: usize, block: usize) -> Result<Rendered> {
    let tiles = max.div_ceil(block);
    let mut cells = vec![vec![None; tiles]; tiles];
    for m in 1..=max {
        for n in 1..=max {
            let v = table[(m - 1) * max + n - 1] as f64;
            let slot: &mut Option<f64> = &mut cells[(m - 1) / block][(n - 1) / block];
            *slot = Some(slot.map_or(v, |x: f64| x.max(v)));
        }
    }
    let ticks: Vec<String> = (0..tiles).map(|t| if t % 5 == 0 { format!("{}", t * block + 1) } else { String::new() }).collect();
    chart::heatmap_with_key(
        &Heatmap {
            title: format!("Lights Out plus/open m x n nullity, m, n <= {max}: largest in each {block} x {block} tile"),
            x_label: "n (tile start)".into(),
            y_label: "m (tile start)".into(),
            x_ticks: ticks.clone(),
            y_ticks: ticks,
            cells,
            none_label: String::new(),
        },
        &chart::ColourKey { title: format!("largest nullity in the {block} x {block} tile"), none_meaning: String::new() },
    )
}

/// The rectangle dataset: the m x n plus/open nullity table for m, n <= `max`.
pub struct RectDataset {
    pub max: usize,
    /// Row-major: nullity of the m x n board at `(m - 1) * max + n - 1`.
    pub table: Vec<u16>,
}

pub fn rect_compute(max: usize) -> RectDataset {
    RectDataset { max, table: sutner::plus_open_rect_table(max) }
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
            ("statespace.table", format!("Lights Out plus rule, open m x n boards, 1 <= m, n <= {}", r.max)),
            ("statespace.method", "nullity = deg gcd(f_m(x), f_n(x+1)), Sutner's polynomials over GF(2)".into()),
        ],
    )
}

/// The heatmap in tiles of about 1/40 of the range.
pub fn rect_chart(r: &RectDataset) -> Result<Rendered> {
    rect_heatmap(&r.table, r.max, r.max.div_ceil(40).max(1))
}

/// Sides of the dataset with the largest nullity, and that nullity.
pub fn rect_max(r: &RectDataset) -> u16 {
    r.table.iter().copied().max().unwrap_or(0)
}
