//! Output directories and their `manifest.json`: for each file, its sha256, its row count and the
//! command that wrote it, plus the tool version. Nothing that changes between runs of the same
//! computation (no clock, no git revision: `statespace --version` names the revision) is recorded,
//! so a manifest changes only when its data do, and regenerating a clean checkout leaves it clean.

use super::table::{to_csv, Table};
use super::write_atomic;
use anyhow::{Context, Result};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

pub const MANIFEST: &str = "manifest.json";

pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

#[derive(Clone, Debug)]
pub struct FileRecord {
    pub sha256: String,
    pub rows: Option<u64>,
    pub command: String,
}

/// A directory being written by one command.
pub struct OutputDir {
    root: PathBuf,
    command: String,
    written: BTreeMap<String, FileRecord>,
    /// Held from `create` to `finish`: one writer per directory (see [`super::lock`]).
    lock: super::lock::DirLock,
}

impl OutputDir {
    /// Creates the directory and proves it writable before any work is done, so a bad `--out`
    /// fails in a second instead of after a long search.
    pub fn create(root: &Path, command: &str) -> Result<OutputDir> {
        std::fs::create_dir_all(root).with_context(|| format!("cannot create output directory {}", root.display()))?;
        let probe = root.join(format!(".write-probe-{}", std::process::id()));
        std::fs::write(&probe, b"").with_context(|| format!("output directory {} is not writable", root.display()))?;
        let _ = std::fs::remove_file(&probe);
        let lock = super::lock::DirLock::acquire(root)?;
        let manifest = read_manifest(&root.join(MANIFEST)).unwrap_or_default();
        super::staging::recover(root, |name, bytes| {
            manifest.get(name).is_some_and(|rec| rec.sha256 == sha256_hex(bytes))
        })?;
        Ok(OutputDir {
            root: root.to_path_buf(),
            command: command.to_string(),
            written: BTreeMap::new(),
            lock,
        })
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Writes one file: staged, listed in the manifest, then renamed (see [`super::staging`]).
    pub fn write(&mut self, name: &str, bytes: &[u8], rows: Option<u64>) -> Result<()> {
        let path = self.root.join(name);
        let tmp = super::staging::stage(&path, bytes)?;
        let rec = FileRecord {
            sha256: sha256_hex(bytes),
            rows,
            command: self.command.clone(),
        };
        let before = self.written.insert(name.to_string(), rec);
        let listed = OutputDir {
            written: self.written.clone(),
            ..self.shallow()
        }
        .finish();
        if let Err(e) = listed {
            let _ = std::fs::remove_file(&tmp);
            match before {
                Some(r) => self.written.insert(name.to_string(), r),
                None => self.written.remove(name),
            };
            return Err(e);
        }
        super::staging::commit(&tmp, &path)
    }

    fn shallow(&self) -> OutputDir {
        OutputDir {
            root: self.root.clone(),
            command: self.command.clone(),
            written: BTreeMap::new(),
            lock: self.lock.clone(),
        }
    }

    pub fn write_table(&mut self, name: &str, table: &Table) -> Result<()> {
        self.write(name, &to_csv(table), Some(table.rows.len() as u64))
    }

    /// Writes `stem.png` and `stem.svg`.
    pub fn write_chart(&mut self, stem: &str, chart: &super::chart::Rendered) -> Result<()> {
        self.write(&format!("{stem}.png"), &chart.png, None)?;
        self.write(&format!("{stem}.svg"), chart.svg.as_bytes(), None)
    }

    /// Writes `manifest.json`, keeping the records of files other commands wrote here earlier.
    pub fn finish(self) -> Result<()> {
        let path = self.root.join(MANIFEST);
        let mut files = read_manifest(&path).unwrap_or_default();
        files.retain(|name, _| self.root.join(name).exists());
        files.extend(self.written);
        let list: Vec<Value> = files
            .iter()
            .map(|(name, r)| json!({"path": name, "sha256": r.sha256, "rows": r.rows, "command": r.command}))
            .collect();
        let doc = json!({
            "tool": "statespace",
            "version": env!("CARGO_PKG_VERSION"),
            "files": list,
        });
        let mut bytes = serde_json::to_vec_pretty(&doc)?;
        bytes.push(b'\n');
        write_atomic(&path, &bytes)
    }
}

/// The file records of a manifest, by file name.
pub fn read_manifest(path: &Path) -> Result<BTreeMap<String, FileRecord>> {
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let doc: Value = serde_json::from_str(&text).with_context(|| format!("malformed {}", path.display()))?;
    let mut out = BTreeMap::new();
    for f in doc["files"].as_array().into_iter().flatten() {
        let name = f["path"].as_str().context("manifest entry without path")?;
        out.insert(
            name.to_string(),
            FileRecord {
                sha256: f["sha256"].as_str().unwrap_or_default().to_string(),
                rows: f["rows"].as_u64(),
                command: f["command"].as_str().unwrap_or_default().to_string(),
            },
        );
    }
    Ok(out)
}

/// Every `manifest.json` under `dir`, recursively, sorted.
pub fn find_manifests(dir: &Path, out: &mut Vec<PathBuf>) -> Result<()> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("cannot read {}", dir.display()))?
        .map(|e| e.map(|e| e.path()))
        .collect::<std::io::Result<_>>()?;
    entries.sort();
    for path in entries {
        if path.is_dir() {
            find_manifests(&path, out)?;
        } else if path.file_name().is_some_and(|n| n == MANIFEST) {
            out.push(path);
        }
    }
    Ok(())
}
