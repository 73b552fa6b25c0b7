//! `statespace reproduce`.

use crate::reproduce::{Family, ReproduceOptions};
use anyhow::Result;
use clap::Args;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct ReproduceArgs {
    /// Recompute into a scratch directory and fail, naming the file, if any differs from disk.
    #[arg(long)]
    pub check: bool,
    /// Recompute everything, including the results the default run reads back from data/ and
    /// re-checks by their certificates (exact all-ones minima past nullity 36, God's numbers'
    /// branch-and-bound refutations, peg side 8, the English and French boards): hours rather than
    /// minutes (reports/benchmarks.md has the measured times).
    #[arg(long)]
    pub full: bool,
    /// Root of the data tree.
    #[arg(long, value_name = "DIR", default_value = "data")]
    pub data: PathBuf,
    /// Root of the reports tree.
    #[arg(long, value_name = "DIR", default_value = "reports")]
    pub reports: PathBuf,
    /// Only these families (peg, tricolore, lightsout); default all.
    #[arg(long, value_name = "FAMILY", value_delimiter = ',')]
    pub only: Vec<FamilyArg>,
    /// Largest peg triangle side to compute (4..=8; side 8 takes tens of minutes and gigabytes of
    /// level files in --peg-levels, measured in reports/benchmarks.md). A side above it whose
    /// tables are already in data/ (side 8) is read back and re-checked instead. Default: 7, or 8
    /// with --full.
    #[arg(long, value_name = "N")]
    pub max_peg_side: Option<usize>,
    /// Where side 8 keeps its union's levels; a later run resumes from them.
    #[arg(long, value_name = "DIR", default_value = ".peg-levels")]
    pub peg_levels: PathBuf,
}

super::value_enum!(FamilyArg => Family { Peg, Tricolore, Lightsout });

pub fn run(a: &ReproduceArgs) -> Result<()> {
    let options = ReproduceOptions {
        check: a.check,
        full: a.full,
        data: a.data.clone(),
        reports: a.reports.clone(),
        only: a.only.iter().map(|&f| f.into()).collect(),
        max_peg_side: a.max_peg_side.unwrap_or(if a.full {
            crate::studies::peg::layers::MAX_LEVELS_SIDE
        } else {
            crate::studies::peg::REPRODUCE_MAX_SIDE
        }),
        peg_levels: a.peg_levels.clone(),
    };
    crate::reproduce::run(&options)
}
