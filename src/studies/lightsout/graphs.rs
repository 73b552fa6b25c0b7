//! Lights Out on any graph ([`PressGraph`]): one graph's rank and nullity under Sutner's sigma or
//! sigma-plus rule, by dense elimination over GF(2) (`statespace lightsout rank`).

use crate::output::export::OutDirs;
use crate::puzzles::press_graph::{GraphRule, PressGraph};
use crate::studies::Task;
use anyhow::Result;
use std::time::Instant;

/// `rank`: one graph's press matrix, ranked.
pub struct GraphRankOptions {
    pub graph: PressGraph,
    pub rule: GraphRule,
    /// How the graph was named on the command line (a file path or a built-in name).
    pub source: String,
}

/// Bytes of the dense press matrix the elimination works in.
pub fn rank_bytes(vertices: usize) -> u128 {
    vertices as u128 * (vertices as u128).div_ceil(64) * 8
}

impl Task for GraphRankOptions {
    /// (rank, nullity, seconds taken).
    type Results = (usize, usize, f64);

    fn compute(&self) -> Result<Self::Results> {
        let t = Instant::now();
        let (rank, nullity) = self.graph.rank(self.rule)?;
        Ok((rank, nullity, t.elapsed().as_secs_f64()))
    }

    fn summary(&self, &(rank, nullity, secs): &Self::Results, _: Option<&OutDirs>) -> String {
        format!(
            "{} on {} ({} vertices, {} edges): nullity {nullity}, rank {rank}; method: dense elimination over \
             GF(2); {secs:.3} s\n",
            self.rule.name(),
            self.source,
            self.graph.vertices(),
            self.graph.edges()
        )
    }
}
