//! The `statespace tricolore` commands, each in the one shape of [`Task`]: validated options (the
//! CLI builds them and checks every limit), a computation that writes nothing, its files as bytes
//! and the lines it prints. [`crate::output::export::drive`] runs them.

use super::{full, full_compute, full_export, full_summary, half, half_export, half_summary, report, solve_text};
use super::{pairs, FullRun, PairsRun, ReachRun, SolveRun};
use crate::engine::progress::{Counters, Reporter};
use crate::output::export::{Area, Export, OutDirs};
use crate::studies::Task;
use anyhow::Result;
use std::sync::Arc;

/// `half`: the 4x2 tables of one regime and adjacency.
impl Task for half::HalfOptions {
    type Results = half::HalfStudy;

    fn compute(&self) -> Result<half::HalfStudy> {
        half::run(self)
    }

    fn export(&self, study: &half::HalfStudy) -> Result<Export> {
        let mut files = Export::default();
        half_export(study, "", &mut files)?;
        Ok(files)
    }

    fn summary(&self, study: &half::HalfStudy, _: Option<&OutDirs>) -> String {
        format!("{}\n", half_summary(study))
    }
}

/// `full`: exact distances to one target.
impl Task for FullRun {
    type Results = full::FullStudy;

    fn compute(&self) -> Result<Self::Results> {
        let counters = Arc::new(Counters::default());
        let _progress = Reporter::start(
            format!("tricolore full {}", self.grid.format(self.target)),
            counters.clone(),
        );
        full_compute(self, &counters)
    }

    fn export(&self, study: &Self::Results) -> Result<Export> {
        let mut files = Export::default();
        full_export(study, "", &mut files)?;
        Ok(files)
    }

    fn summary(&self, study: &Self::Results, _: Option<&OutDirs>) -> String {
        format!("{}\n", full_summary(study))
    }
}

/// `reach`: every board but all blue reachable from every (board, last click) state.
impl Task for ReachRun {
    type Results = Vec<full::ReachRow>;

    fn compute(&self) -> Result<Vec<full::ReachRow>> {
        let counters = Arc::new(Counters::default());
        let _progress = Reporter::start("tricolore reach".into(), counters.clone());
        full::reachability(&self.grid, &counters)
    }

    fn export(&self, rows: &Vec<full::ReachRow>) -> Result<Export> {
        let mut files = Export::default();
        files.table(Area::Data, "", "reachability.csv", &report::reach_table(rows));
        Ok(files)
    }

    fn summary(&self, rows: &Vec<full::ReachRow>, _: Option<&OutDirs>) -> String {
        rows.iter()
            .map(|r| {
                format!(
                    "{}: {} of {} missed {}\n",
                    r.search,
                    r.missed,
                    r.examined,
                    r.missed_boards.join(" ")
                )
            })
            .collect()
    }
}

/// `solve`: an optimal click sequence (or the halves method's), printed step by step.
impl Task for SolveRun {
    type Results = String;

    fn compute(&self) -> Result<String> {
        solve_text(self)
    }

    fn summary(&self, text: &String, _: Option<&OutDirs>) -> String {
        text.clone()
    }
}

/// `pairs`: every pair of boards of a small board.
impl Task for PairsRun {
    type Results = half::HalfStudy;

    fn compute(&self) -> Result<half::HalfStudy> {
        let counters = Arc::new(Counters::default());
        let _progress = Reporter::start(format!("tricolore pairs {}", self.grid.size_label()), counters.clone());
        pairs::run(&self.grid, &counters)
    }

    fn export(&self, study: &half::HalfStudy) -> Result<Export> {
        let mut files = Export::default();
        pairs::export(study, &self.label, ("", ""), &mut files)?;
        Ok(files)
    }

    fn summary(&self, s: &half::HalfStudy, dirs: Option<&OutDirs>) -> String {
        let ecc = s.eccentricity();
        let hardest = s.targets.iter().filter_map(|t| t.max_clicks).max();
        format!(
            "tricolore pairs {} ({} adjacency): {} boards, {} reachable (start, board) pairs, clicks 1..{}, \
             mean {:.4}; eccentricity of a start {}..{}; a target needs at most {} clicks from any start; wrote \
             {}\n",
            s.grid.size_label(),
            s.grid.adjacency().name(),
            s.boards(),
            s.total(),
            s.max_clicks(),
            s.mean_clicks(),
            ecc.first().map_or(0, |e| e.0),
            ecc.last().map_or(0, |e| e.0),
            hardest.map_or("-".to_string(), |m| m.to_string()),
            dirs.map_or(std::path::Path::new(""), |d| d.data.as_path())
                .join("starts.csv")
                .display()
        )
    }
}
