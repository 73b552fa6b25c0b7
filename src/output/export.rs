//! What a study writes, as values: files (area, directory, name, bytes) and a report page. Studies
//! build an [`Export`] with pure functions; [`write`] puts it on disk through [`OutputDir`]s
//! (atomic writes, one manifest per directory).

use super::chart::Rendered;
use super::report::Page;
use super::table::{to_csv, Table};
use super::OutputDir;
use anyhow::Result;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

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
        self.files.push(OutFile {
            area,
            dir: dir.into(),
            name: name.into(),
            bytes: to_csv(table),
            rows,
        });
    }

    pub fn bytes(&mut self, area: Area, dir: &str, name: &str, bytes: Vec<u8>, rows: Option<u64>) {
        self.files.push(OutFile {
            area,
            dir: dir.into(),
            name: name.into(),
            bytes,
            rows,
        });
    }

    /// `stem.png` and `stem.svg`.
    pub fn chart(&mut self, area: Area, dir: &str, stem: &str, chart: &Rendered) {
        self.bytes(area, dir, &format!("{stem}.png"), chart.png.clone(), None);
        self.bytes(area, dir, &format!("{stem}.svg"), chart.svg.clone().into_bytes(), None);
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

/// Where one command writes: data files into `data`, charts and pages into `reports` (the same
/// directory for commands with a single `--out`).
#[derive(Clone, Debug)]
pub struct OutDirs {
    pub data: PathBuf,
    pub reports: PathBuf,
}

impl OutDirs {
    /// One directory for everything.
    pub fn one(dir: &Path) -> OutDirs {
        OutDirs {
            data: dir.to_path_buf(),
            reports: dir.to_path_buf(),
        }
    }

    pub fn place(&self, area: Area) -> &Path {
        match area {
            Area::Data => &self.data,
            Area::Reports => &self.reports,
        }
    }

    /// Creates each directory, proves it writable and takes its lock (held until the result is
    /// dropped), so a bad or busy `--out` is refused before any work.
    pub fn lock(&self, command: &str) -> Result<Vec<OutputDir>> {
        let mut dirs = vec![&self.data];
        if self.reports != self.data {
            dirs.push(&self.reports);
        }
        dirs.into_iter().map(|d| OutputDir::create(d, command)).collect()
    }
}

/// Every command's one path: the output directories locked and proved writable before anything
/// is computed, then `compute` (no disk writes), `export` (files as bytes: pure), and [`write`].
/// A command that only prints passes no directories, and its export must be empty.
pub fn drive<O, R>(
    options: &O,
    dirs: Option<&OutDirs>,
    command: &str,
    compute: impl FnOnce(&O) -> Result<R>,
    export: impl FnOnce(&O, &R) -> Result<Export>,
) -> Result<R> {
    let _locks = dirs.map(|d| d.lock(command)).transpose()?;
    let results = compute(options)?;
    let files = export(options, &results)?;
    match dirs {
        Some(d) => write(&files.files, |area, _| d.place(area).to_path_buf(), command)?,
        None => anyhow::ensure!(
            files.files.is_empty(),
            "internal error: files to write but no output directory"
        ),
    }
    Ok(results)
}

/// A name as a file-name part: a path's file stem, lower-cased, characters outside `[a-z0-9-]`
/// as `-` (a board or graph file's name in the files a command writes).
pub fn slug(name: &str) -> String {
    let stem = std::path::Path::new(name)
        .file_stem()
        .map_or(name.to_string(), |s| s.to_string_lossy().into_owned());
    stem.to_lowercase()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || c == '-' { c } else { '-' })
        .collect()
}
