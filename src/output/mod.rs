//! Turning results into files. Exporters are pure functions from results to bytes
//! ([`table::to_csv`], [`chart`], [`dataset::to_parquet`]); [`OutputDir`] writes bytes atomically
//! (temporary file + rename) and records each file in the directory's `manifest.json`.

pub mod chart;
pub mod claim;
pub mod datapackage;
pub mod dataset;
pub mod export;
pub mod glossary;
pub mod lock;
pub mod manifest;
pub mod published;
pub mod report;
pub mod schema;
pub mod staging;
pub mod stamp;
pub mod study_charts;
#[cfg(test)]
mod svg_probe;
pub mod table;
pub mod template;

pub use manifest::OutputDir;
pub use table::{Cell, Table};

/// Atomic writes live in [`crate::fsutil`], which the engines use as well.
pub use crate::fsutil::write_atomic;
