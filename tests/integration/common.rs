//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_statespace"))
}

/// Runs the binary with `args` and no terminal; returns its output.
pub fn run(args: &[&str]) -> Output {
    bin()
        .args(args)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("statespace runs")
}

/// Runs and asserts success.
pub fn ok(args: &[&str]) -> Output {
    let o = run(args);
    assert!(
        o.status.success(),
        "statespace {args:?} failed:\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    o
}

/// Runs, asserts failure with a one-line error containing `needle`, and no panic.
pub fn fails_with(args: &[&str], needle: &str) {
    let o = run(args);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success(), "statespace {args:?} should fail");
    assert!(!err.contains("panicked"), "statespace {args:?} panicked: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "error should be one line: {err}");
    assert!(
        err.contains(needle),
        "error for {args:?} should mention {needle:?}: {err}"
    );
}

/// A fresh scratch directory for one test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("statespace-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs of whitespace as one space, and the `#` that opens a header-comment line dropped: the
/// seeds are flattened web pages, an oracle file's citation runs over several comment lines, and a
/// quote may join lines.
pub fn normalise(s: &str) -> String {
    s.lines()
        .map(|l| l.trim_start().trim_start_matches('#'))
        .flat_map(str::split_whitespace)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A whole number as a `number` column writes it (`13.0`, the float form of a column with gaps),
/// as an integer's digits (`13`); other text unchanged.
pub fn whole(text: &str) -> String {
    text.strip_suffix(".0").unwrap_or(text).to_string()
}

/// A data file's rows as a plain loader reads them: no comment lines (a row may start with `#`,
/// as the `./#` pictures do).
pub fn read_csv(path: &Path) -> Vec<HashMap<String, String>> {
    read_csv_with(path, None)
}

/// An oracle file's rows: `#` starts its citation lines.
pub fn read_commented_csv(path: &Path) -> Vec<HashMap<String, String>> {
    read_csv_with(path, Some(b'#'))
}

fn read_csv_with(path: &Path, comment: Option<u8>) -> Vec<HashMap<String, String>> {
    let mut r = csv::ReaderBuilder::new()
        .comment(comment)
        .from_path(path)
        .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    let header: Vec<String> = r.headers().unwrap().iter().map(str::to_string).collect();
    r.records()
        .map(|rec| {
            let rec = rec.unwrap();
            header.iter().cloned().zip(rec.iter().map(str::to_string)).collect()
        })
        .collect()
}

pub fn oracle(rel: &str) -> Vec<HashMap<String, String>> {
    read_commented_csv(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(rel))
}

/// Files in a directory (sorted) with their bytes.
pub fn snapshot(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read(&p).unwrap(),
            )
        })
        .collect();
    files.sort();
    files
}

/// The plain digits of a cell: exact counts are written with `_` between digit groups
/// (`1_234_567`, `output::table::exact_count`); any other text is returned as it is.
pub fn digits(text: &str) -> String {
    statespace::output::table::parse_exact_count(text).unwrap_or_else(|| whole(text))
}
