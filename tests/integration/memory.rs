//! Memory is checked before it is allocated: the largest accepted inputs of every command whose
//! memory grows with its input are refused with the figures when memory is short, under a real
//! address-space limit (`ulimit -v`) as well as with the available figure overridden, and
//! `--force` overrides the refusal.

use crate::common::{bin, scratch};
use std::process::Output;

/// Runs the binary with `STATESPACE_MEMORY_AVAILABLE` set to `bytes`.
fn with_available(bytes: u64, args: &[&str]) -> Output {
    bin()
        .args(args)
        .env("STATESPACE_MEMORY_AVAILABLE", bytes.to_string())
        .output()
        .unwrap()
}

/// Runs the binary under `ulimit -v` (KiB) with the available figure from the system.
fn under_ulimit(kib: u64, args: &[&str]) -> Output {
    let exe = env!("CARGO_BIN_EXE_statespace");
    bin(); // the executable exists
    std::process::Command::new("bash")
        .arg("-c")
        .arg(format!("ulimit -v {kib} && exec \"$0\" \"$@\""))
        .arg(exe)
        .args(args)
        .env_remove("STATESPACE_MEMORY_AVAILABLE")
        .output()
        .unwrap()
}

fn refused(o: &Output, args: &[&str], available: &str) {
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success(), "{args:?} should be refused");
    assert!(
        !err.contains("panicked") && !err.contains("memory allocation"),
        "{args:?}: {err}"
    );
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert!(
        err.contains(" needs ") && err.contains(available) && err.contains("--force"),
        "{args:?}: {err}"
    );
}

#[test]
fn largest_inputs_are_refused_with_the_figures_when_memory_is_short() {
    let dir = scratch("memory");
    let d = dir.to_str().unwrap();
    let presses = dir.join("p.txt");
    let largest: Vec<Vec<&str>> = vec![
        vec![
            "tricolore",
            "full",
            "--width",
            "5",
            "--height",
            "4",
            "--target",
            "RRRRR.RRRRR.RRRRR.RRRRR",
            "--out",
            d,
            "--charts",
            d,
        ],
        vec!["tricolore", "reach", "--width", "5", "--height", "4", "--out", d],
        vec!["peg", "--side", "7", "--out", d, "--charts", d],
        vec!["peg", "--side", "7", "--levels-only", "--out", d, "--charts", d],
        vec!["lightsout", "sweep", "--max-n", "1000000", "--out", d],
        vec!["lightsout", "rect", "--max", "2000", "--out", d],
        vec!["lightsout", "histogram", "--n", "64", "--out", d],
        vec!["lightsout", "dense", "--n", "256"],
        vec![
            "lightsout",
            "solve",
            "--all-ones",
            "100000",
            "--presses",
            presses.to_str().unwrap(),
        ],
        vec!["lightsout", "solve", "--all-ones", "128", "--topology", "torus"],
    ];
    // 2.5 GiB: the 5x4 Tricolore search's byte per board alone needs more than that.
    let o = with_available(2_684_354_560, &largest[0]);
    refused(&o, &largest[0], "2.5 GiB available");
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("tricolore full 5x4 needs 3.3 GiB"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    for args in &largest {
        refused(&with_available(1 << 20, args), args, "1.0 MiB available");
    }
    // Nothing was written by a refused command.
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        0,
        "a refused command wrote files"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_real_address_space_limit_gives_a_refusal_not_an_abort() {
    let dir = scratch("memory-ulimit");
    let d = dir.to_str().unwrap();
    // 2 GiB of address space, below the 5x4 search's 3.3 GiB (at 4 GiB, the trial, it
    // aborted with "memory allocation of 6973568802 bytes failed" before this check; the byte-per-
    // board search now fits there and would run for many minutes).
    let args = [
        "tricolore",
        "full",
        "--width",
        "5",
        "--height",
        "4",
        "--target",
        "RRRRR.RRRRR.RRRRR.RRRRR",
        "--out",
        d,
        "--charts",
        d,
    ];
    let o = under_ulimit(2 << 20, &args);
    refused(&o, &args, "available");
    // Work that fits runs to the end under the same kind of limit: the largest all-ones board
    // of the benchmarks (145 MiB peak) within 1 GiB, and a 4x3 Tricolore search.
    let p = dir.join("p.txt");
    let o = under_ulimit(
        2 << 20,
        &[
            "lightsout",
            "solve",
            "--all-ones",
            "10000",
            "--presses",
            p.to_str().unwrap(),
        ],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = under_ulimit(
        2 << 20,
        &[
            "tricolore",
            "full",
            "--width",
            "4",
            "--height",
            "3",
            "--target",
            "RRRR.RRRR.RRRR",
            "--out",
            d,
            "--charts",
            d,
        ],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn force_runs_despite_the_estimate() {
    let dir = scratch("memory-force");
    let d = dir.to_str().unwrap();
    let args = ["lightsout", "sweep", "--max-n", "50", "--out", d];
    refused(&with_available(1000, &args), &args, "1000 bytes available");
    let mut forced = args.to_vec();
    forced.push("--force");
    let o = with_available(1000, &forced);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(dir.join("sweep_plus_open.csv").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// `reproduce` reaches the peg union without the `peg` command's estimate: the union's own check
/// is the shared one, so the override refuses it and `--force` runs it anyway.
#[test]
fn the_peg_union_honours_the_override_and_force() {
    let dir = scratch("memory-peg-union");
    let (data, reports) = (dir.join("data"), dir.join("reports"));
    let args = [
        "reproduce",
        "--only",
        "peg",
        "--max-peg-side",
        "4",
        "--data",
        data.to_str().unwrap(),
        "--reports",
        reports.to_str().unwrap(),
    ];
    let o = with_available(100, &args);
    refused(&o, &args, "100 bytes available");
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("peg T4"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let mut forced = args.to_vec();
    forced.push("--force");
    let o = with_available(100, &forced);
    // Whatever the rest of the run does, the union ran and wrote its levels.
    assert!(
        !String::from_utf8_lossy(&o.stderr).contains(" needs "),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(
        data.join("peg/T4/levels.csv").exists(),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}
