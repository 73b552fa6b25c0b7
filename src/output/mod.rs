//! Turning results into files. Exporters are pure functions from results to bytes
//! ([`table::to_csv`], [`chart`], [`dataset::to_parquet`]); [`OutputDir`] writes bytes atomically
//! (temporary file + rename) and records each file in the directory's `manifest.json`.

pub mod chart;
pub mod claim;
pub mod datapackage;
pub mod dataset;
pub mod export;
pub mod lock;
pub mod manifest;
pub mod published;
pub mod report;
pub mod staging;
pub mod study_charts;
pub mod table;

pub use manifest::OutputDir;
pub use table::{Cell, Table};

use anyhow::{Context, Result};
use std::io::Write;
use std::path::Path;

/// Writes `bytes` to `path` through a temporary file in the same directory and a rename, so an
/// interrupted run never leaves a truncated file under the final name.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let name = path.file_name().context("output path has no file name")?;
    let tmp = dir.join(format!(".{}.tmp-{}", name.to_string_lossy(), std::process::id()));
    let result = (|| -> std::io::Result<()> {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if let Err(e) = result {
        let _ = std::fs::remove_file(&tmp);
        return Err(e).with_context(|| format!("cannot write {}", path.display()));
    }
    Ok(())
}
