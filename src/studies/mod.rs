//! Studies: each runs engines on one puzzle family and turns the results into the published
//! tables, charts, datasets and claims.
//!
//! Every family has the same shape (the [`Study`] trait): validated options in, a compute step
//! that returns results and nothing else, a pure exporter from results to files and a report page,
//! and the claims (published figures beside ours, and new results) computed from the results.
//! `reproduce` drives the three families through this one interface; nothing here knows clap.

use crate::engine::progress::Counters;
pub use crate::output::export::{Area, Export, OutDirs, OutFile};
use anyhow::Result;

/// Claims live with the renderer in `output`; studies build them.
pub mod claim {
    pub use crate::output::claim::{source_files, Claim, Verdict};
}
pub mod benchmarks;
pub mod footprint;
pub mod lightsout;
pub mod peg;
pub mod read_back;
pub mod tricolore;

pub use claim::{Claim, Verdict};

/// One puzzle family's study.
pub trait Study {
    /// `peg`, `tricolore` or `lightsout`: the directory under `data/` and `reports/`.
    const FAMILY: &'static str;
    /// Validated options (the CLI builds them; `reproduce` uses [`Study::reproduce_options`]).
    type Options;
    type Results;
    /// The options `reproduce` runs.
    fn reproduce_options() -> Self::Options;
    /// The computation: engines on puzzles, nothing written.
    fn compute(options: &Self::Options, counters: &Counters) -> Result<Self::Results>;
    /// Published figures beside ours, and new results, each with a verdict.
    fn claims(results: &Self::Results) -> Vec<Claim>;
    /// Tables, charts and datasets as bytes, plus the family's report page. Pure: no disk, no clock.
    fn export(results: &Self::Results, claims: &[Claim]) -> Result<Export>;
}

/// One command of a family (`statespace peg`, `statespace lightsout sweep`, ...): validated
/// options (the CLI builds them from its arguments, checking every limit) that compute, export
/// and summarise. [`crate::output::export::drive`] runs them: directories locked and proved
/// writable, [`Task::compute`], [`Task::export`], the files written.
pub trait Task {
    type Results;
    /// The computation: nothing written (a progress bar on a terminal at most).
    fn compute(&self) -> Result<Self::Results>;
    /// The files, as bytes. Pure. None for a command that only prints.
    fn export(&self, _results: &Self::Results) -> Result<Export> {
        Ok(Export::default())
    }
    /// What the command prints when done; `dirs` are where its files went.
    fn summary(&self, results: &Self::Results, dirs: Option<&OutDirs>) -> String;
    /// Whether `compute` shares its work among the ranks of an MPI job
    /// ([`crate::engine::cluster`]); a command that does not is refused under several ranks.
    fn distributed(&self) -> bool {
        false
    }
}
