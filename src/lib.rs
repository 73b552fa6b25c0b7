//! statespace: exhaustive state-space analysis of click-and-jump puzzles.
//!
//! The tree mirrors the architecture:
//! - [`puzzles`]: one module per family (peg triangle, Tricolore, Lights Out) describing rules
//!   and state encodings only; a puzzle never knows how it is searched;
//! - [`engine`]: BFS over bit arrays, DP over BFS levels, GF(2) linear algebra; an engine never
//!   knows which puzzle it runs;
//! - [`studies`]: one module per family that runs engines on a puzzle and turns the results into
//!   tables, charts and datasets (the published statistics);
//! - [`output`]: exporters (pure functions to bytes) and atomic, manifest-keeping writers;
//! - [`fsutil`]: generic file-system helpers (atomic writes) used by engines and outputs alike;
//! - [`cli`] and [`reproduce`]: the thin layer on top.

pub mod cli;
pub mod engine;
pub mod fsutil;
pub mod output;
pub mod puzzles;
pub mod reproduce;
pub mod studies;
