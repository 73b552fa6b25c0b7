//! `statespace peg`: one triangle side into `data/peg/T{n}` and its charts.

use crate::engine::progress::{Counters, Reporter};
use crate::output::export::{self, Area};
use crate::studies::peg::{report, Options, Peg, PegOptions};
use crate::studies::Study;
use anyhow::Result;
use clap::Args;
use std::path::PathBuf;
use std::sync::Arc;

#[derive(Args, Debug)]
pub struct PegArgs {
    /// Side of the triangle (4 to 7; 8 with --levels-only or --keep-levels; side 4 is the 10-coin puzzle).
    #[arg(long, value_name = "N")]
    pub side: usize,
    /// Directory for the tables and dataset [default: data/peg/T{N}].
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Directory for the charts.
    #[arg(long, value_name = "DIR", default_value = "reports/peg")]
    pub charts: PathBuf,
    /// Only the union over all starts (levels.csv): reachable and winnable positions per peg count.
    #[arg(long)]
    pub levels_only: bool,
    /// Keep each finished level of the union in DIR; a rerun resumes from the last one.
    #[arg(long, value_name = "DIR")]
    pub keep_levels: Option<PathBuf>,
    /// Check every reachable level against the triangle's six symmetries and count its positions
    /// up to symmetry (symmetry.csv). On for full analyses of sides 4-7; with --levels-only and
    /// for side 8 only when asked (side 8: about 20 minutes more, reading every kept level).
    #[arg(long)]
    pub symmetry: bool,
}

/// Validated options: the side exists and fits.
pub fn options(a: &PegArgs) -> Result<Options> {
    crate::studies::peg::layers::triangle_for(a.side, a.levels_only, a.keep_levels.is_some())?;
    Ok(Options {
        sides: vec![{
            let o = PegOptions::for_side(a.side);
            PegOptions { levels_only: a.levels_only, keep_levels: a.keep_levels.clone(), symmetry: (o.symmetry && !a.levels_only) || a.symmetry, ..o }
        }],
        seed001: false,
    })
}

pub fn run(a: &PegArgs, command: &str) -> Result<()> {
    let options = options(a)?;
    crate::studies::footprint::check(&format!("peg --side {}", a.side), crate::studies::footprint::peg(a.side, a.levels_only, a.keep_levels.is_some()))?;
    let out = a.out.clone().unwrap_or_else(|| PathBuf::from(format!("data/peg/T{}", a.side)));
    // Prove the directories writable and hold their locks through the search.
    let _locks = [crate::output::OutputDir::create(&out, command)?, crate::output::OutputDir::create(&a.charts, command)?];
    let counters = Arc::new(Counters::default());
    let results = {
        let _progress = Reporter::start(format!("peg T{}", a.side), counters.clone());
        Peg::compute(&options, &counters)?
    };
    let mut files = crate::studies::Export::default();
    for s in &results.sides {
        report::export_side(s, &mut files)?;
    }
    export::write(&files.files, |area, _| if area == Area::Data { out.clone() } else { a.charts.clone() }, command)?;
    // Sides beyond `reproduce` get their own page and claims beside their charts.
    if a.side > crate::studies::peg::REPRODUCE_MAX_SIDE && !a.levels_only {
        let claims = Peg::claims(&results);
        let page = report::side_page(&results);
        let mut dir = crate::output::OutputDir::create(&a.charts, command)?;
        dir.write(&format!("T{}.md", a.side), crate::output::report::render_page(&page, &claims, "", 0).as_bytes(), None)?;
        dir.write_table(&format!("T{}_claims.csv", a.side), &crate::output::report::claims_table(&claims))?;
        dir.finish()?;
    }
    eprintln!("peg T{}: wrote {} and {}", a.side, out.display(), a.charts.display());
    Ok(())
}
