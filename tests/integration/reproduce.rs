//! `reproduce` and `reproduce --check` on a small scope.

use crate::common::*;

#[test]
fn reproduce_then_check_detects_a_changed_file() {
    let dir = scratch("reproduce");
    let (data, reports) = (dir.join("data"), dir.join("reports"));
    let args = |check: bool| {
        let mut a = vec!["reproduce", "--only", "peg", "--max-peg-side", "5"];
        a.extend(["--data", data.to_str().unwrap(), "--reports", reports.to_str().unwrap()]);
        if check {
            a.push("--check");
        }
        a.into_iter().map(String::from).collect::<Vec<_>>()
    };
    let run_args = |check: bool| {
        let a = args(check);
        run(&a.iter().map(String::as_str).collect::<Vec<_>>())
    };
    assert!(run_args(false).status.success());
    for f in ["peg/T4/levels.csv", "peg/T5/finishes.csv", "peg/T5/manifest.json"] {
        assert!(data.join(f).exists(), "{f} missing");
    }
    assert!(reports.join("peg/T5_min_moves.svg").exists());
    let ok = run_args(true);
    assert!(ok.status.success(), "{}", String::from_utf8_lossy(&ok.stderr));

    // Tamper with one table: the check names it.
    let target = data.join("peg/T5/starts.csv");
    let mut bytes = std::fs::read(&target).unwrap();
    bytes.extend_from_slice(b"99,0,0,0,\n");
    std::fs::write(&target, bytes).unwrap();
    let bad = run_args(true);
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("starts.csv"));
}

#[test]
fn version_names_the_git_revision() {
    let o = ok(&["--version"]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.starts_with("statespace 0.1.0 (rev "), "{text}");
}

#[test]
fn every_subcommand_help_shows_an_example() {
    let commands = [
        vec!["--help"],
        vec!["peg", "--help"],
        vec!["reproduce", "--help"],
        vec!["tricolore", "--help"],
        vec!["lightsout", "--help"],
    ];
    for cmd in commands {
        let o = ok(&cmd);
        let text = String::from_utf8_lossy(&o.stdout);
        assert!(text.contains("Example"), "{cmd:?} help has no example");
    }
}
