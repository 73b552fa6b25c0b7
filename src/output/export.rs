//! What a study writes, as values: files (area, directory, name, bytes) and a report page. Studies
//! build an [`Export`] with pure functions; [`write`] puts it on disk through [`OutputDir`]s
//! (atomic writes, one manifest per directory).

use super::chart::Rendered;
use super::report::Page;
use super::table::{to_csv, Table};
use super::OutputDir;
use anyhow::Result;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// Which output tree a file belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Area {
    /// `data/`: tables and datasets a researcher loads.
    Data,
    /// `reports/`: charts and pages a researcher reads.
    Reports,
}

/// One output file, by area and path relative to that area's root (e.g. `peg/T5`, `levels.csv`).
#[derive(Clone, Debug)]
pub struct OutFile {
    pub area: Area,
    pub dir: String,
    pub name: String,
    pub bytes: Vec<u8>,
    /// Data rows, for tables and datasets.
    pub rows: Option<u64>,
}

/// Everything a study writes.
#[derive(Default)]
pub struct Export {
    pub files: Vec<OutFile>,
    /// The family's report page (rendered to `reports/<family>/README.md` and into the entry page).
    pub page: Option<Page>,
}

impl Export {
    pub fn table(&mut self, area: Area, dir: &str, name: &str, table: &Table) {
        let rows = Some(table.rows.len() as u64);
        self.files.push(OutFile { area, dir: dir.into(), name: name.into(), bytes: to_csv(table), rows });
    }

    pub fn bytes(&mut self, area: Area, dir: &str, name: &str, bytes: Vec<u8>, rows: Option<u64>) {
        self.files.push(OutFile { area, dir: dir.into(), name: name.into(), bytes, rows });
    }

    /// `stem.png` and `stem.svg`.
    pub fn chart(&mut self, area: Area, dir: &str, stem: &str, chart: &Rendered) {
        self.bytes(area, dir, &format!("{stem}.png"), chart.png.clone(), None);
        self.bytes(area, dir, &format!("{stem}.svg"), chart.svg.clone().into_bytes(), None);
    }

    pub fn extend(&mut self, other: Export) {
        self.files.extend(other.files);
    }
}

/// Writes every file of `files`, each directory through one [`OutputDir`] (so each gets its
/// manifest). `place` maps an area and a relative directory to the directory on disk. Every
/// directory is created and proved writable before the first file is written.
pub fn write(files: &[OutFile], place: impl Fn(Area, &str) -> PathBuf, command: &str) -> Result<()> {
    let mut dirs: BTreeMap<PathBuf, Vec<&OutFile>> = BTreeMap::new();
    for f in files {
        dirs.entry(place(f.area, &f.dir)).or_default().push(f);
    }
    let mut outs = Vec::new();
    for (path, files) in dirs {
        outs.push((OutputDir::create(&path, command)?, files));
    }
    for (mut out, files) in outs {
        for f in files {
            out.write(&f.name, &f.bytes, f.rows)?;
        }
        out.finish()?;
    }
    Ok(())
}
