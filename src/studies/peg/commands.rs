//! The `statespace peg` command in the one shape of [`Task`]: validated options (the CLI builds
//! them), the computation, its files as bytes and the line it prints.

use super::{report, Options, Peg, PegResults, REPRODUCE_MAX_SIDE};
use crate::engine::progress::{Counters, Reporter};
use crate::output::export::{Area, Export, OutDirs};
use crate::studies::{Study, Task};
use anyhow::Result;
use std::sync::Arc;

impl Task for Options {
    type Results = PegResults;

    fn compute(&self) -> Result<PegResults> {
        let counters = Arc::new(Counters::default());
        let sides: Vec<String> = self.sides.iter().map(|s| s.side.to_string()).collect();
        // Under MPI the root alone shows progress (it stands for every rank's share).
        let _progress = crate::engine::cluster::current()
            .is_root()
            .then(|| Reporter::start(format!("peg T{}", sides.join(",")), counters.clone()));
        Peg::compute(self, &counters)
    }

    /// Each side's tables and charts; a full analysis of a side beyond `reproduce`'s gets its own
    /// page and claims beside its charts (`T{side}.md`, `T{side}_claims.csv`).
    fn export(&self, results: &PegResults) -> Result<Export> {
        let mut files = Export::default();
        for s in &results.sides {
            report::export_side(s, &mut files)?;
        }
        for p in &results.partial {
            files.table(
                Area::Data,
                &report::side_dir(p.side),
                "levels.csv",
                &super::partial::levels_table(p),
            );
        }
        let beyond = self
            .sides
            .iter()
            .filter(|o| o.side > REPRODUCE_MAX_SIDE && !o.levels_only);
        for side in beyond.map(|o| o.side) {
            let claims = Peg::claims(results);
            let page = crate::output::report::render_page(&report::side_page(results), &claims, "", 0);
            files.bytes(Area::Reports, "", &format!("T{side}.md"), page.into_bytes(), None);
            files.table(
                Area::Reports,
                "",
                &format!("T{side}_claims.csv"),
                &crate::output::report::claims_table(&claims),
            );
        }
        Ok(files)
    }

    fn summary(&self, _: &PegResults, dirs: Option<&OutDirs>) -> String {
        let sides: Vec<String> = self.sides.iter().map(|s| s.side.to_string()).collect();
        match dirs {
            Some(d) => format!(
                "peg T{}: wrote {} and {}\n",
                sides.join(","),
                d.data.display(),
                d.reports.display()
            ),
            None => String::new(),
        }
    }
}
