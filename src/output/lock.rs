//! One writer per output directory: a second `statespace` run writing the same directory is
//! refused at once (before any computation) instead of interleaving its files and manifest with
//! the first's. The lock is an advisory `flock` on `.statespace.lock` in the directory, so the
//! kernel releases it when a holder dies, even by SIGKILL; a lock file left by a killed run is
//! simply taken over. Within one process the lock is shared and counted (`reproduce` and a
//! command whose `--out` and `--charts` coincide open one directory twice).

use anyhow::{bail, Context, Result};
use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

pub const LOCK_FILE: &str = ".statespace.lock";

/// Held locks of this process: directory -> (locked file, holders).
static HELD: Mutex<BTreeMap<PathBuf, (File, usize)>> = Mutex::new(BTreeMap::new());

/// The lock on one output directory; released when the last holder in this process drops it.
#[derive(Debug)]
pub struct DirLock {
    dir: PathBuf,
}

impl DirLock {
    /// Takes the lock on the existing directory `root`, or refuses naming the other run.
    pub fn acquire(root: &Path) -> Result<DirLock> {
        let dir = root
            .canonicalize()
            .with_context(|| format!("cannot open output directory {}", root.display()))?;
        let mut held = HELD.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, count)) = held.get_mut(&dir) {
            *count += 1;
            return Ok(DirLock { dir });
        }
        let path = dir.join(LOCK_FILE);
        loop {
            let file = OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(&path)
                .with_context(|| format!("output directory {} is not writable", root.display()))?;
            match file.try_lock() {
                Ok(()) => {}
                Err(std::fs::TryLockError::WouldBlock) => {
                    let pid = std::fs::read_to_string(&path).unwrap_or_default();
                    let pid = pid.trim();
                    let by = if pid.is_empty() {
                        String::new()
                    } else {
                        format!(" (pid {pid})")
                    };
                    bail!(
                        "output directory {} is being written by another statespace run{by}; wait for it to finish or \
                            choose another directory",
                        root.display()
                    );
                }
                Err(std::fs::TryLockError::Error(e)) => {
                    return Err(e).with_context(|| format!("cannot lock output directory {}", root.display()))
                }
            }
            // The previous holder removes the file as it releases it: if the name no longer
            // points at the file we locked, we hold a lock nobody else can see; start again.
            let same = match (file.metadata(), std::fs::metadata(&path)) {
                (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
                _ => false,
            };
            if !same {
                continue;
            }
            let _ = file.set_len(0);
            let _ = std::io::Write::write_all(&mut &file, format!("{}\n", std::process::id()).as_bytes());
            held.insert(dir.clone(), (file, 1));
            return Ok(DirLock { dir });
        }
    }
}

impl Clone for DirLock {
    fn clone(&self) -> DirLock {
        let mut held = HELD.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, count)) = held.get_mut(&self.dir) {
            *count += 1;
        }
        DirLock { dir: self.dir.clone() }
    }
}

impl Drop for DirLock {
    fn drop(&mut self) {
        let mut held = HELD.lock().unwrap_or_else(|e| e.into_inner());
        let last = match held.get_mut(&self.dir) {
            Some((_, count)) => {
                *count -= 1;
                *count == 0
            }
            None => false,
        };
        if last {
            // Remove the name while still holding the lock (see `acquire`), then release it.
            let _ = std::fs::remove_file(self.dir.join(LOCK_FILE));
            held.remove(&self.dir);
        }
    }
}
