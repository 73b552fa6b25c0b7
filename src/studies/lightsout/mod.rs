//! Lights Out over GF(2): nullity sweeps by board size (with the n mod 3 analysis), m x n
//! tables, solving boards, click-distance histograms, quiet patterns, and seed 002's hand
//! algorithms for the block rule. The methods live in their modules; the reproduce study's
//! options and computation in [`study`], its files in [`exports`], its page in [`report`], its
//! claims in [`claims`].

pub mod all_ones;
pub mod claims;
pub mod class_symmetry;
pub mod columns;
pub mod commands;
pub mod dictionary;
pub mod exports;
pub mod fold;
pub mod frontier;
pub mod gods;
pub mod gods_subcode;
pub mod gods_symmetric;
pub mod graph_commands;
pub mod graph_gods;
pub mod graph_study;
pub mod graphs;
pub mod hand;
pub mod hex_chase;
pub mod histogram;
pub mod million;
pub mod nullity;
pub mod quiet;
pub mod report;
pub mod sampled;
pub mod saved;
pub mod seed004;
pub mod solve;
pub mod strips;
pub mod study;
pub mod sutner;

use anyhow::Result;

/// Largest sides each command accepts (beyond them the methods used here do not finish). The
/// plus sweeps' cost grows as n^3: twice the committed `n1000000` dataset's side would cost eight
/// times its sweep.
pub const MAX_SWEEP_PLUS_OPEN: usize = 1_000_000;
pub const MAX_SWEEP_TORUS: usize = 1_000_000;
pub const MAX_SWEEP_BLOCK: usize = 100_000;
pub const MAX_RECT: usize = 2000;

/// The family's options (what `reproduce` runs).
pub type Options = study::StudyOptions;

pub struct Lightsout;

impl crate::studies::Study for Lightsout {
    const FAMILY: &'static str = "lightsout";
    type Options = Options;
    type Results = study::LightsoutResults;

    fn reproduce_options() -> Options {
        study::StudyOptions::reproduce()
    }

    fn compute(o: &Options, counters: &crate::engine::progress::Counters) -> Result<study::LightsoutResults> {
        study::LightsoutResults::compute(o, counters)
    }

    fn claims(r: &study::LightsoutResults) -> Vec<crate::studies::Claim> {
        claims::claims(r)
    }

    fn export(r: &study::LightsoutResults, claims: &[crate::studies::Claim]) -> Result<crate::studies::Export> {
        let mut out = exports::export_all(r)?;
        out.page = Some(report::page(r, claims));
        Ok(out)
    }
}

impl Lightsout {
    /// What `reproduce` runs: with `data`, the results that cost more than a minute are read back
    /// from `data/lightsout` and re-checked by their certificates ([`saved`]); without it
    /// (`reproduce --full`), everything is computed.
    pub fn reproduce_options_to(data: Option<&std::path::Path>) -> Options {
        let mut opts = study::StudyOptions::reproduce();
        if let Some(data) = data {
            let dir = data.join(<Lightsout as crate::studies::Study>::FAMILY);
            opts.saved = Some(dir.clone());
            if let Some(g) = opts.gods.as_mut() {
                g.saved = Some(dir);
            }
        }
        opts
    }
}
