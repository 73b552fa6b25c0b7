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

/// Sides the chart shows: the dataset's corner m, n <= this, one readable cell per board size.
pub const RECT_CHART_SIDE: usize = 64;

/// The bin of a nullity v > 0 on the chart: 1, 2, 3-4, 5-8, ... (bin b >= 2 holds
/// 2^(b-1) < v <= 2^b), and the bin's name.
fn rect_bin(v: u16) -> usize {
    (16 - (v - 1).leading_zeros()) as usize
}

fn rect_bin_name(b: usize) -> String {
    match b {
        0 => "1".into(),
        1 => "2".into(),
        _ => format!("{}-{}", (1usize << (b - 1)) + 1, 1usize << b),
    }
}

/// Where the m x n boards have nullity > 0, for m, n <= [`RECT_CHART_SIDE`]: one cell per board
/// size, grey where every board is solvable, coloured by the nullity's bin elsewhere. The whole
/// dataset drawn one pixel per size was a texture (a million pixels, most bins a pixel wide);
/// in the corner each size is a cell a reader can find, and the rows and columns of nullity
/// show as lines.
pub fn rect_chart(r: &RectDataset) -> Result<Rendered> {
    let side = RECT_CHART_SIDE.min(r.max);
    let at = |m: usize, n: usize| r.table[(m - 1) * r.max + n - 1];
    let top = (1..=side)
        .flat_map(|m| (1..=side).map(move |n| (m, n)))
        .map(|(m, n)| at(m, n))
        .max()
        .unwrap_or(0);
    let categories: Vec<String> = if top == 0 {
        Vec::new()
    } else {
        (0..=rect_bin(top)).map(rect_bin_name).collect()
    };
    // Labels on cells 1, 11, 21, ...: plotters puts its ticks on every other cell from the first.
    let ticks: Vec<String> = (1..=side)
        .map(|k| if k % 10 == 1 { k.to_string() } else { String::new() })
        .collect();
    let cells = (1..=side)
        .map(|m| {
            (1..=side)
                .map(|n| match at(m, n) {
                    0 => None,
                    v => Some(rect_bin(v) as f64),
                })
                .collect()
        })
        .collect();
    chart::heatmap_with_key(
        &chart::Heatmap {
            title: format!(
                "Lights Out plus rule, open m x n boards, m, n <= {side} (of {}): nullity > 0",
                chart::format_value(r.max as f64)
            ),
            x_label: "n (columns)".into(),
            y_label: "m (rows)".into(),
            x_ticks: ticks.clone(),
            y_ticks: ticks,
            cells,
            none_label: String::new(),
        },
        &chart::ColourKey {
            title: "nullity of the m x n press matrix".into(),
            none_meaning: "nullity 0: every board solvable".into(),
            categories,
        },
    )
}

/// Sides of the dataset with the largest nullity, and that nullity.
pub fn rect_max(r: &RectDataset) -> u16 {
    r.table.iter().copied().max().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `text` is drawn (plotters writes a text's string on its own line).
    fn drawn(svg: &str, text: &str) -> bool {
        svg.lines()
            .any(|l| l.trim().replace("&lt;", "<").replace("&gt;", ">") == text)
    }

    #[test]
    fn rect_chart_shows_the_corner_with_nullity_zero_grey() {
        let r = rect_compute(70);
        let c = rect_chart(&r).unwrap();
        for text in [
            "Lights Out plus rule, open m x n boards, m, n <= 64 (of 70): nullity > 0",
            "n (columns)",
            "m (rows)",
            "nullity 0:",
            "1",
            "2",
            "3-4",
        ] {
            assert!(drawn(&c.svg, text), "{text}");
        }
        // One grey cell per size in the corner with nullity 0, and the key's swatch.
        let zero = (1..=RECT_CHART_SIDE)
            .flat_map(|m| (1..=RECT_CHART_SIDE).map(move |n| (m, n)))
            .filter(|&(m, n)| r.table[(m - 1) * r.max + n - 1] == 0)
            .count();
        assert!(zero > 0 && zero < RECT_CHART_SIDE * RECT_CHART_SIDE);
        let grey = c
            .svg
            .lines()
            .filter(|l| l.trim_start().starts_with("<rect ") && l.contains("fill=\"#EEEEEE\""))
            .count();
        assert_eq!(grey, zero + 1);
        assert_eq!(
            (rect_bin(1), rect_bin(2), rect_bin(3), rect_bin(4), rect_bin(5)),
            (0, 1, 2, 2, 3)
        );
        assert_eq!(rect_bin_name(3), "5-8");
    }
}
