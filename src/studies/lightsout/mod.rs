//! Lights Out over GF(2): nullity sweeps by board size (with the n mod 3 analysis), m x n
//! tables, solving boards, click-distance histograms, quiet patterns, and seed 002's hand
//! algorithms for the block rule. Computation here; tables, charts and report in [`report`].

pub mod claims;
pub mod commands;
pub mod dictionary;
pub mod fold;
pub mod frontier;
pub mod gods;
pub mod hand;
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
pub mod sutner;

use anyhow::Result;

/// Largest sides each command accepts (beyond them the methods used here do not finish). The
/// plus sweeps cost about n^3 / 5e17 CPU hours: 10^6 took about 1.9 CPU hours under `mpirun -n 2`
/// on this project's 2-core machine (the committed `n1000000` dataset); 2 * 10^6 would be eight
/// times that.
pub const MAX_SWEEP_PLUS_OPEN: usize = 1_000_000;
pub const MAX_SWEEP_TORUS: usize = 1_000_000;
pub const MAX_SWEEP_BLOCK: usize = 100_000;
pub const MAX_RECT: usize = 2000;

/// The family's options (what `reproduce` runs).
pub type Options = report::StudyOptions;

pub struct Lightsout;

impl crate::studies::Study for Lightsout {
    const FAMILY: &'static str = "lightsout";
    type Options = Options;
    type Results = report::LightsoutResults;

    fn reproduce_options() -> Options {
        report::StudyOptions::reproduce()
    }

    fn compute(o: &Options, counters: &crate::engine::progress::Counters) -> Result<report::LightsoutResults> {
        report::LightsoutResults::compute(o, counters)
    }

    fn claims(r: &report::LightsoutResults) -> Vec<crate::studies::Claim> {
        claims::claims(r)
    }

    fn export(r: &report::LightsoutResults, claims: &[crate::studies::Claim]) -> Result<crate::studies::Export> {
        report::export_all(r, claims)
    }
}

impl Lightsout {
    /// What `reproduce` runs: with `data`, the results that cost more than a minute are read back
    /// from `data/lightsout` and re-checked by their certificates ([`saved`]); without it
    /// (`reproduce --full`), everything is computed.
    pub fn reproduce_options_to(data: Option<&std::path::Path>) -> Options {
        let mut opts = report::StudyOptions::reproduce();
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
