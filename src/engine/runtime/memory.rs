//! Memory checked before it is allocated: a command that allocates in proportion to its input
//! estimates its peak and calls [`check`], which compares it with the memory this process can
//! really use and refuses with both figures ("needs 6.5 GiB, 3.9 GiB available") unless the user
//! passed `--force`. Without it, an allocation failure aborts the process with a message that
//! names no command and leaves nothing useful behind.
//!
//! What is available is the least of: the cgroup limit (v2 `memory.max` of this process's cgroup
//! and its ancestors, or v1 `memory.limit_in_bytes`) minus what the cgroup already uses, the
//! kernel's `MemAvailable`, and the address-space limit (`ulimit -v`) minus this process's size.
//! `STATESPACE_MEMORY_AVAILABLE` (bytes) replaces the figure, for tests of the refusal.

use anyhow::{bail, Result};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

static FORCED: AtomicBool = AtomicBool::new(false);

/// `--force`: run even when the estimate exceeds what is available.
pub fn set_forced(forced: bool) {
    FORCED.store(forced, Ordering::Relaxed);
}

/// Bytes this process can allocate, and where the figure comes from; None if nothing is known.
pub fn available() -> Option<(u64, &'static str)> {
    if let Ok(v) = std::env::var("STATESPACE_MEMORY_AVAILABLE") {
        if let Ok(b) = v.trim().parse::<u64>() {
            return Some((b, "STATESPACE_MEMORY_AVAILABLE"));
        }
    }
    let candidates = [
        (cgroup_v2(), "cgroup limit"),
        (cgroup_v1(), "cgroup limit"),
        (mem_available(), "MemAvailable"),
        (address_space(), "ulimit -v"),
    ];
    candidates
        .into_iter()
        .filter_map(|(b, why)| b.map(|b| (b, why)))
        .min_by_key(|&(b, _)| b)
}

/// Refuses a step needing `need` bytes when more than is available, unless forced.
/// `what` names the step, e.g. "tricolore full 5x4".
pub fn check(what: &str, need: u128) -> Result<()> {
    let Some((have, source)) = available() else {
        return Ok(());
    };
    if need <= u128::from(have) || FORCED.load(Ordering::Relaxed) {
        return Ok(());
    }
    bail!(
        "{what} needs {}, {} available ({source}); free memory or pass --force to try anyway",
        human(need),
        human(u128::from(have))
    )
}

/// "6.5 GiB", "132 MiB".
pub fn human(bytes: u128) -> String {
    const UNITS: [&str; 5] = ["bytes", "KiB", "MiB", "GiB", "TiB"];
    let mut v = bytes as f64;
    let mut u = 0;
    while v >= 1024.0 && u + 1 < UNITS.len() {
        v /= 1024.0;
        u += 1;
    }
    if u == 0 {
        format!("{bytes} bytes")
    } else if v >= 100.0 {
        format!("{v:.0} {}", UNITS[u])
    } else {
        format!("{v:.1} {}", UNITS[u])
    }
}

fn read_u64(path: &Path) -> Option<u64> {
    std::fs::read_to_string(path).ok()?.trim().parse().ok()
}

/// The least `memory.max - memory.current` from this process's cgroup up to the root.
fn cgroup_v2() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let rel = text.lines().find_map(|l| l.strip_prefix("0::"))?;
    let root = Path::new("/sys/fs/cgroup");
    let mut dir: PathBuf = root.join(rel.trim_start_matches('/'));
    let mut best: Option<u64> = None;
    loop {
        if let Some(max) = read_u64(&dir.join("memory.max")) {
            let used = read_u64(&dir.join("memory.current")).unwrap_or(0);
            let free = max.saturating_sub(used);
            best = Some(best.map_or(free, |b| b.min(free)));
        }
        if dir == root || !dir.pop() || !dir.starts_with(root) {
            break;
        }
    }
    best
}

fn cgroup_v1() -> Option<u64> {
    let dir = Path::new("/sys/fs/cgroup/memory");
    let limit = read_u64(&dir.join("memory.limit_in_bytes"))?;
    // "No limit" is a huge page-aligned number.
    if limit >= 1 << 60 {
        return None;
    }
    Some(limit.saturating_sub(read_u64(&dir.join("memory.usage_in_bytes")).unwrap_or(0)))
}

fn mem_available() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    kib_field(&text, "MemAvailable:")
}

fn kib_field(text: &str, key: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.starts_with(key))?;
    let kib: u64 = line[key.len()..].trim().trim_end_matches("kB").trim().parse().ok()?;
    Some(kib * 1024)
}

/// The soft address-space limit less what this process has mapped already.
fn address_space() -> Option<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits.lines().find(|l| l.starts_with("Max address space"))?;
    let soft: u64 = line["Max address space".len()..]
        .split_whitespace()
        .next()?
        .parse()
        .ok()?;
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let size = kib_field(&status, "VmSize:").unwrap_or(0);
    Some(soft.saturating_sub(size))
}

/// Asks the kernel to back `memory` with 2 MiB pages (Linux transparent huge pages, granted on
/// request in the kernel's `madvise` mode). Call it before the memory is first written (on a
/// vector's spare capacity, or on zeroed pages not yet touched). Random reads into a large layer
/// then walk the page tables far less often: with 4 KiB pages nearly every read of a large
/// level also misses the TLB. Arrays below 32 MiB and other systems are left alone; the advice
/// is only a hint.
pub fn prefer_huge_pages<T>(memory: &[T]) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let (ptr, bytes) = (memory.as_ptr() as usize, std::mem::size_of_val(memory));
        if bytes < 32 << 20 {
            return;
        }
        let start = ptr.div_ceil(HUGE) * HUGE;
        let end = (ptr + bytes) / HUGE * HUGE;
        if start < end {
            // SAFETY: start..end lies inside `memory`, one live allocation borrowed for the call;
            // MADV_HUGEPAGE changes no contents, and a refusal (an old kernel, THP off) is
            // ignored.
            unsafe {
                libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = memory;
}

/// Asks for the cache line holding `v` (a hint; nothing on other targets): the
/// searches bound by random reads into big arrays issue a batch of these before reading.
#[inline(always)]
pub fn prefetch<T>(v: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch never faults and `v` is a valid reference.
    unsafe {
        std::arch::x86_64::_mm_prefetch(v as *const T as *const i8, std::arch::x86_64::_MM_HINT_T0)
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = v;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn human_figures() {
        assert_eq!(human(6_973_568_802), "6.5 GiB");
        assert_eq!(human(132 << 20), "132 MiB");
        assert_eq!(human(512), "512 bytes");
    }

    #[test]
    fn this_machine_reports_some_memory() {
        let (bytes, _) = available().expect("Linux reports MemAvailable");
        assert!(bytes > 1 << 20);
    }
}
