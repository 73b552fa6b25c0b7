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
    // A partial run builds the entry page and the combined claims from every family's files:
    // without the others' it refuses, naming what is missing.
    let refused = run_args(false);
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("summary.md"), "{}", String::from_utf8_lossy(&refused.stderr));
    let committed = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("reports");
    for other in ["tricolore", "lightsout"] {
        std::fs::create_dir_all(reports.join(other)).unwrap();
        for name in ["summary.md", "claims.csv"] {
            std::fs::copy(committed.join(other).join(name), reports.join(other).join(name)).unwrap();
        }
    }
    let first = run_args(false);
    assert!(first.status.success(), "{}", String::from_utf8_lossy(&first.stderr));
    // The entry page holds the peg summary just written and the others' as they are.
    let entry = std::fs::read_to_string(reports.join("README.md")).unwrap();
    let peg_summary = std::fs::read_to_string(reports.join("peg/summary.md")).unwrap();
    let first_line = peg_summary.lines().find(|l| l.starts_with("| 5 |")).expect("side 5 in the peg summary");
    assert!(entry.contains(first_line), "the entry page does not show the fresh peg summary");
    assert!(!entry.contains("| 7 | 28 |"), "the entry page shows a side this run did not compute");
    assert!(entry.contains(&std::fs::read_to_string(committed.join("tricolore/summary.md")).unwrap().lines().nth(2).unwrap().to_string()));
    let combined = read_csv(&reports.join("claims.csv"));
    let peg_claims = read_csv(&reports.join("peg/claims.csv"));
    assert_eq!(combined.iter().filter(|c| c["family"] == "peg").cloned().collect::<Vec<_>>(), peg_claims);
    assert!(combined.iter().any(|c| c["family"] == "lightsout"));
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
    std::fs::write(&target, std::fs::read(&target).unwrap().strip_suffix(b"99,0,0,0,\n").unwrap()).unwrap();
    assert!(run_args(true).status.success());

    // Pages and claims are compared byte for byte too: each change is named.
    for page in ["peg/README.md", "README.md", "claims.csv", "peg/claims.csv"] {
        let path = reports.join(page);
        let before = std::fs::read(&path).unwrap();
        let mut changed = before.clone();
        changed.extend_from_slice(b"\nan edit by hand\n");
        std::fs::write(&path, &changed).unwrap();
        let bad = run_args(true);
        assert!(!bad.status.success(), "--check passed with {page} edited");
        let err = String::from_utf8_lossy(&bad.stderr).to_string();
        assert!(err.contains(&path.display().to_string()), "--check does not name {page}: {err}");
        std::fs::write(&path, &before).unwrap();
    }
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
