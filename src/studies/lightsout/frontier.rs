//! Issue 9's commands and outputs (kept apart from the rest of the family while the report is
//! being rewritten): one board's nullity at any size, the m x n plus/open nullity table as a
//! Parquet dataset with a heatmap, and God's numbers. Results are plain structs; the tables,
//! charts and claims are pure functions of them (`gods::table`, `gods::chart`, `gods::claims`,
//! `rect_dataset`, `rect_heatmap`).

use super::{gods, sutner};
use crate::output::chart::{self, Heatmap, Rendered};
use crate::output::OutputDir;
use crate::puzzles::lightsout::{Rule, Topology};
use anyhow::{bail, Result};
use clap::Args;
use polars::prelude::*;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct NullityArgs {
    /// Side of the square board.
    #[arg(long, value_name = "N")]
    pub n: usize,
    #[arg(long, value_enum, default_value = "plus")]
    pub rule: Rule,
    #[arg(long, value_enum, default_value = "open")]
    pub topology: Topology,
}

#[derive(Args, Debug)]
pub struct RectDatasetArgs {
    /// Largest m and n.
    #[arg(long, value_name = "M", default_value_t = 1000)]
    pub max: usize,
    #[arg(long, value_name = "DIR", default_value = "data/lightsout")]
    pub out: PathBuf,
}

#[derive(Args, Debug)]
pub struct GodsArgs {
    /// Every side n <= N with nullity > 0.
    #[arg(long, value_name = "N", default_value_t = 30)]
    pub max_n: usize,
    /// Also every side n <= N with nullity 2 (closed form).
    #[arg(long, value_name = "N", default_value_t = 256)]
    pub max_n_d2: usize,
    /// Restarts of the witness search for nullity > 2.
    #[arg(long, default_value_t = 4)]
    pub restarts: usize,
    #[arg(long, value_name = "DIR", default_value = "data/lightsout")]
    pub out: PathBuf,
}

pub const MAX_RECT_DATASET: usize = 2000;
pub const MAX_GODS_SIDE: usize = 512;

pub fn run_nullity(a: &NullityArgs) -> Result<()> {
    let t = std::time::Instant::now();
    let (nul, method) = sutner::single(a.rule, a.topology, a.n)?;
    println!(
        "{} {} {n}x{n}: nullity {nul}, rank {}; method: {method}; {:.3} s",
        a.rule.name(),
        a.topology.name(),
        (a.n as u128 * a.n as u128) - nul as u128,
        t.elapsed().as_secs_f64(),
        n = a.n
    );
    Ok(())
}

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
    chart::heatmap(&Heatmap {
        title: format!("Lights Out plus/open m x n nullity, m, n <= {max}: largest in each {block} x {block} tile"),
        x_label: "n (tile start)".into(),
        y_label: "m (tile start)".into(),
        x_ticks: ticks.clone(),
        y_ticks: ticks,
        cells,
        none_label: String::new(),
    })
}

fn write_rect(out: &mut OutputDir, max: usize) -> Result<(String, u16)> {
    let table = sutner::plus_open_rect_table(max);
    let mut df = rect_dataset(&table, max)?;
    let bytes = crate::output::dataset::to_parquet(
        &mut df,
        &[
            ("statespace.table", format!("Lights Out plus rule, open m x n boards, 1 <= m, n <= {max}")),
            ("statespace.method", "nullity = deg gcd(f_m(x), f_n(x+1)), Sutner's polynomials over GF(2)".into()),
        ],
    )?;
    let name = format!("rect_plus_open_{max}.parquet");
    out.write(&name, &bytes, Some((max * max) as u64))?;
    let block = max.div_ceil(40).max(1);
    out.write_chart(&format!("rect_plus_open_{max}"), &rect_heatmap(&table, max, block)?)?;
    Ok((name, table.iter().copied().max().unwrap_or(0)))
}

pub fn run_rect_dataset(a: &RectDatasetArgs, command: &str) -> Result<()> {
    if a.max == 0 || a.max > MAX_RECT_DATASET {
        bail!("--max {} is outside 1..={MAX_RECT_DATASET}", a.max);
    }
    let mut out = OutputDir::create(&a.out, command)?;
    let (name, top) = write_rect(&mut out, a.max)?;
    out.finish()?;
    println!("plus open m x n, m, n <= {}: largest nullity {top}; wrote {}", a.max, a.out.join(name).display());
    Ok(())
}

fn write_gods(out: &mut OutputDir, r: &gods::GodsResults) -> Result<()> {
    out.write_table("gods_numbers.csv", &gods::table(r))?;
    out.write("gods_witnesses.txt", gods::witnesses_text(r).as_bytes(), None)?;
    out.write_chart("gods_numbers", &gods::chart(r)?)
}

pub fn run_gods(a: &GodsArgs, command: &str) -> Result<()> {
    if a.max_n == 0 || a.max_n > 40 {
        bail!("--max-n {} is outside 1..=40 (nullities above {} are not handled)", a.max_n, gods::MAX_NULLITY);
    }
    if a.max_n_d2 > MAX_GODS_SIDE {
        bail!("--max-n-d2 {} is beyond {MAX_GODS_SIDE}", a.max_n_d2);
    }
    let mut out = OutputDir::create(&a.out, command)?;
    let r = gods::compute(&gods::GodsOptions { all_up_to: a.max_n, d2_up_to: a.max_n_d2, restarts: a.restarts })?;
    write_gods(&mut out, &r)?;
    out.finish()?;
    for row in &r.rows {
        match row.exact() {
            Some(g) => println!("{0}x{0} (nullity {1}): God's number {g}", row.n, row.nullity),
            None => println!("{0}x{0} (nullity {1}): God's number between {2} and {3}", row.n, row.nullity, row.lower, row.upper),
        }
    }
    println!("wrote {}", a.out.join("gods_numbers.csv").display());
    Ok(())
}

/// Issue 9's part of `statespace reproduce`: the rectangle dataset and God's numbers, written
/// into the family's data directory (its manifest keeps the other files' records).
pub fn reproduce(ctx: &crate::reproduce::Ctx) -> Result<()> {
    let data = ctx.data_dir("lightsout");
    let mut d = OutputDir::create(&data, &ctx.command)?;
    write_rect(&mut d, 1000)?;
    write_gods(&mut d, &gods::compute(&gods::GodsOptions::reproduce())?)?;
    d.finish()
}
