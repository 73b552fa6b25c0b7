//! Studies: each runs engines on one puzzle family and turns the results into the published
//! tables, charts, datasets and claims.
//!
//! Every family has the same shape (the [`Study`] trait): validated options in, a compute step
//! that returns results and nothing else, a pure exporter from results to files and a report page,
//! and the claims (published figures beside ours, and new results) computed from the results.
//! `reproduce` drives the three families through this one interface; nothing here knows clap.

use crate::engine::progress::Counters;
pub use crate::output::export::{Area, Export, OutDirs, OutFile};
use crate::output::schema::Schema;
use anyhow::Result;

/// Claims live with the renderer in `output`; studies build them.
pub mod claim {
    pub use crate::output::claim::{source_files, verdict_rules, Claim, Scope, Verdict};
}
pub mod benchmarks;
pub mod footprint;
pub mod lightsout;
pub mod peg;
pub mod peg_board;
pub mod read_back;
pub mod tricolore;

pub use claim::{Claim, Scope, Verdict};

/// Every kind of data file under `data/`, each declared once by its [`Schema`] next to the code
/// that writes it: the data package's resources and, through their columns, its glossary. Within
/// a family, more specific patterns come first (a file takes the first schema that matches).
pub fn schemas() -> Vec<&'static Schema> {
    let mut all = peg::dictionary::resources();
    all.extend(tricolore::dictionary::resources());
    all.extend(lightsout::dictionary::resources());
    all.extend(benchmarks::resources());
    all
}

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

#[cfg(test)]
mod tests {
    use crate::output::{datapackage, glossary};

    /// The glossary holds no term that no file uses: the data package's glossary, derived from
    /// the schemas, is all of it.
    #[test]
    fn every_glossary_term_is_some_files_column() {
        let used: Vec<&str> = datapackage::used_terms(&super::schemas())
            .iter()
            .map(|t| t.name)
            .collect();
        let unused: Vec<&str> = glossary::TERMS
            .iter()
            .map(|t| t.name)
            .filter(|n| !used.contains(n))
            .collect();
        assert!(unused.is_empty(), "glossary terms no schema uses: {unused:?}");
    }

    /// Two schemas never claim the same pattern, and every pattern is a path under `data/`.
    #[test]
    fn schema_patterns_are_distinct() {
        let mut patterns: Vec<&str> = super::schemas().iter().map(|s| s.pattern).collect();
        assert!(patterns.iter().all(|p| !p.starts_with('/') && !p.starts_with("data/")));
        patterns.sort_unstable();
        let n = patterns.len();
        patterns.dedup();
        assert_eq!(patterns.len(), n, "a pattern declared twice");
    }
}
