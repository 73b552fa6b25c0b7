//! Determinism for every family: the same bytes at 1 and 2 threads, and across two runs at the
//! same thread count. Manifests name their directory in the recorded command, so they are
//! compared by their file hashes instead.

use crate::common::{bin, scratch, snapshot};
use statespace::output::manifest::read_manifest;
use std::path::Path;

/// Runs each command (with `{out}` replaced by `dir`) at `threads` threads.
fn run_all(dir: &Path, threads: &str, commands: &[Vec<&str>]) {
    std::fs::create_dir_all(dir).unwrap();
    for cmd in commands {
        let args: Vec<String> = cmd.iter().map(|a| a.replace("{out}", dir.to_str().unwrap())).collect();
        let o = bin().args(&args).env("RAYON_NUM_THREADS", threads).output().unwrap();
        assert!(
            o.status.success(),
            "{args:?} at {threads} threads: {}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
}

/// Every file below `dir` (manifests by their file hashes).
fn contents(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(d) = dirs.pop() {
        for (name, bytes) in snapshot(&d) {
            let rel = d.join(&name).strip_prefix(dir).unwrap().to_string_lossy().into_owned();
            if name == "manifest.json" {
                let m = read_manifest(&d.join(&name)).unwrap();
                let hashes: Vec<String> = m
                    .iter()
                    .map(|(n, r)| format!("{n} {} {:?}", r.sha256, r.rows))
                    .collect();
                out.push((rel, hashes.join("\n").into_bytes()));
            } else {
                out.push((rel, bytes));
            }
        }
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                dirs.push(p);
            }
        }
    }
    out.sort();
    out
}

fn same_bytes(family: &str, commands: &[Vec<&str>]) {
    let dir = scratch(&format!("det-{family}"));
    let runs = [("1", "a"), ("2", "b"), ("2", "c")];
    for (threads, name) in runs {
        run_all(&dir.join(name), threads, commands);
    }
    let a = contents(&dir.join("a"));
    assert!(a.len() >= 3, "{family}: too few files to compare");
    for (_, name) in &runs[1..] {
        let b = contents(&dir.join(name));
        assert_eq!(
            a.iter().map(|f| &f.0).collect::<Vec<_>>(),
            b.iter().map(|f| &f.0).collect::<Vec<_>>(),
            "{family}: file lists"
        );
        for (x, y) in a.iter().zip(&b) {
            assert!(x.1 == y.1, "{family}: {} differs between runs / thread counts", x.0);
        }
    }
    eprintln!(
        "{family}: {} files byte-identical at 1 and 2 threads and across two runs",
        a.len()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn peg_outputs_are_identical_at_any_thread_count_and_across_runs() {
    same_bytes(
        "peg",
        &[vec![
            "peg",
            "--side",
            "5",
            "--out",
            "{out}/data",
            "--charts",
            "{out}/charts",
        ]],
    );
}

#[test]
fn tricolore_outputs_are_identical_at_any_thread_count_and_across_runs() {
    same_bytes(
        "tricolore",
        &[
            vec![
                "tricolore",
                "half",
                "--regime",
                "hybrid",
                "--no-dataset",
                "--out",
                "{out}/half",
                "--charts",
                "{out}/charts",
            ],
            vec![
                "tricolore",
                "full",
                "--target",
                "RRRR.WWWW.BBBB",
                "--width",
                "4",
                "--height",
                "3",
                "--out",
                "{out}/full",
                "--charts",
                "{out}/charts",
            ],
            vec![
                "tricolore",
                "reach",
                "--width",
                "3",
                "--height",
                "3",
                "--out",
                "{out}/reach",
            ],
        ],
    );
}

#[test]
fn lightsout_outputs_are_identical_at_any_thread_count_and_across_runs() {
    same_bytes(
        "lightsout",
        &[
            vec!["lightsout", "sweep", "--max-n", "2000", "--out", "{out}"],
            vec![
                "lightsout",
                "sweep",
                "--topology",
                "torus",
                "--max-n",
                "60",
                "--out",
                "{out}",
            ],
            vec![
                "lightsout",
                "sweep",
                "--rule",
                "block",
                "--max-n",
                "500",
                "--out",
                "{out}",
            ],
            vec!["lightsout", "rect", "--max", "30", "--out", "{out}"],
            vec!["lightsout", "histogram", "--n", "5", "--out", "{out}"],
            vec!["lightsout", "quiet", "--n", "9", "--out", "{out}"],
            vec!["lightsout", "hand", "--max-n", "5", "--out", "{out}"],
            vec![
                "lightsout",
                "solve",
                "--all-ones",
                "300",
                "--presses",
                "{out}/presses.txt",
            ],
        ],
    );
}
