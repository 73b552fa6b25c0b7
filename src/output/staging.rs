//! How a file reaches its final name so that a kill at any instant, or a full disk, loses
//! nothing: (1) the bytes go to a temporary file `.{name}.tmp-{pid}` in the same directory and
//! are synced; (2) `manifest.json` is rewritten (atomically) with the file's new sha256; (3) the
//! temporary file is renamed over the final name. A file under its final name is therefore
//! always complete and always listed in the manifest. A kill between (2) and (3) leaves the
//! manifest one step ahead of the directory, with the complete bytes in the temporary file: the
//! next run that opens the directory finishes that rename ([`recover`]) and removes every other
//! stale temporary file. A failed write removes its temporary file and leaves the manifest as it
//! was. What the manifest lists is the caller's to say ([`recover`] takes it as a test), so this
//! module knows nothing of the manifest and [`super::manifest`] depends on it, not both ways.

use anyhow::{Context, Result};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The temporary name of `path` for this process.
pub fn temp_name(path: &Path) -> Result<PathBuf> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let name = path.file_name().context("output path has no file name")?;
    Ok(dir.join(format!(".{}.tmp-{}", name.to_string_lossy(), std::process::id())))
}

/// Step (1): writes and syncs the temporary file; returns its path. On error nothing is left.
pub fn stage(path: &Path, bytes: &[u8]) -> Result<PathBuf> {
    let tmp = temp_name(path)?;
    let result = (|| -> std::io::Result<()> {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()
    })();
    if let Err(e) = result {
        let _ = std::fs::remove_file(&tmp);
        return Err(e).with_context(|| format!("cannot write {}", path.display()));
    }
    Ok(tmp)
}

/// Step (3): moves the staged file to its final name.
pub fn commit(tmp: &Path, path: &Path) -> Result<()> {
    std::fs::rename(tmp, path).with_context(|| format!("cannot write {}", path.display()))
}

/// The final name a stale temporary or probe file stands for, if `name` is one of ours.
fn stale_target(name: &str) -> Option<Option<&str>> {
    if let Some(pid) = name.strip_prefix(".write-probe-") {
        return pid.bytes().all(|b| b.is_ascii_digit()).then_some(None);
    }
    let rest = name.strip_prefix('.')?;
    let (target, pid) = rest.rsplit_once(".tmp-")?;
    (!pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit()) && !target.is_empty()).then_some(Some(target))
}

/// What [`recover`] did.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Recovery {
    /// Interrupted renames finished (the manifest already listed these bytes).
    pub completed: Vec<String>,
    /// Stale temporary files removed.
    pub removed: Vec<String>,
}

/// Cleans up after runs that died in `root`. Call only while holding the directory's lock (no
/// other live writer can own a temporary file there). `listed(name, bytes)` says whether the
/// directory's manifest lists exactly these bytes under `name`: a staged file so listed, whose
/// final name does not yet hold them, is renamed into place; every other stale file is removed.
pub fn recover(root: &Path, listed: impl Fn(&str, &[u8]) -> bool) -> Result<Recovery> {
    let mut out = Recovery::default();
    let entries = match std::fs::read_dir(root) {
        Ok(e) => e,
        Err(_) => return Ok(out),
    };
    let mut stale: Vec<(String, Option<String>)> = entries
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let target = stale_target(&name)?.map(str::to_string);
            Some((name, target))
        })
        .collect();
    stale.sort();
    for (name, target) in stale {
        let tmp = root.join(&name);
        let finish = target.as_ref().is_some_and(|t| {
            let staged = std::fs::read(&tmp).map(|b| listed(t, &b)).unwrap_or(false);
            let current = std::fs::read(root.join(t)).map(|b| listed(t, &b)).unwrap_or(false);
            staged && !current
        });
        if finish {
            let t = target.expect("checked above");
            std::fs::rename(&tmp, root.join(&t))
                .with_context(|| format!("cannot finish an interrupted write of {}", root.join(&t).display()))?;
            out.completed.push(t);
        } else {
            std::fs::remove_file(&tmp)
                .with_context(|| format!("cannot remove stale temporary file {}", tmp.display()))?;
            out.removed.push(name);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recognises_only_our_temporary_names() {
        assert_eq!(stale_target(".table.csv.tmp-123"), Some(Some("table.csv")));
        assert_eq!(stale_target(".manifest.json.tmp-9"), Some(Some("manifest.json")));
        assert_eq!(stale_target(".write-probe-77"), Some(None));
        assert_eq!(stale_target("table.csv"), None);
        assert_eq!(stale_target(".table.csv.tmp-"), None);
        assert_eq!(stale_target(".hidden"), None);
        assert_eq!(stale_target(".statespace.lock"), None);
    }
}
