//! Lights Out over GF(2): nullity sweeps by board size (with the n mod 3 analysis), m x n
//! tables, solving boards, click-distance histograms, quiet patterns, and seed 002's hand
//! algorithms for the block rule. Computation here; tables, charts and report in [`report`].

pub mod claims;
pub mod dictionary;
pub mod frontier;
pub mod gods;
pub mod hand;
pub mod histogram;
pub mod nullity;
pub mod quiet;
pub mod report;
pub mod sampled;
pub mod seed004;
pub mod solve;
pub mod sutner;

use anyhow::Result;

/// Largest sides each command accepts (beyond them the methods used here do not finish).
pub const MAX_SWEEP_PLUS_OPEN: usize = 200_000;
pub const MAX_SWEEP_TORUS: usize = 200_000;
pub const MAX_SWEEP_BLOCK: usize = 100_000;
pub const MAX_RECT: usize = 2000;
pub const MAX_HISTOGRAM_EXHAUSTIVE: usize = 5;

/// The family's options (what `reproduce` runs).
pub type Options = report::StudyOptions;

pub struct Lightsout;

impl crate::studies::Study for Lightsout {
    const FAMILY: &'static str = "lightsout";
    type Options = Options;
    type Results = report::Study;

    fn reproduce_options() -> Options {
        report::StudyOptions::reproduce()
    }

    fn compute(o: &Options, _counters: &crate::engine::progress::Counters) -> Result<report::Study> {
        report::Study::compute(o)
    }

    fn claims(r: &report::Study) -> Vec<crate::studies::Claim> {
        claims::claims(r)
    }

    fn export(r: &report::Study, claims: &[crate::studies::Claim]) -> Result<crate::studies::Export> {
        report::export_all(r, claims)
    }
}
