//! `reproduce` and `reproduce --check` on a small scope.

use crate::common::*;
use std::path::Path;
use std::process::Output;

/// `reproduce --only peg --max-peg-side 5` into `data` and `reports` (with `--check` if `check`).
fn reproduce_peg(data: &Path, reports: &Path, check: bool) -> Output {
    let mut a = vec!["reproduce", "--only", "peg", "--max-peg-side", "5"];
    a.extend(["--data", data.to_str().unwrap(), "--reports", reports.to_str().unwrap()]);
    if check {
        a.push("--check");
    }
    run(&a)
}

/// After a partial run: the entry page holds the peg summary just written and the others' as
/// they are (`committed`: the checkout's reports/), the combined claims hold the fresh peg claims
/// and the others', and the peg files are written.
fn assert_entry_page_and_claims(data: &Path, reports: &Path, committed: &Path) {
    let entry = std::fs::read_to_string(reports.join("README.md")).unwrap();
    let peg_summary = std::fs::read_to_string(reports.join("peg/summary.md")).unwrap();
    let first_line = peg_summary
        .lines()
        .find(|l| l.starts_with("| 5 |"))
        .expect("side 5 in the peg summary");
    assert!(
        entry.contains(first_line),
        "the entry page does not show the fresh peg summary"
    );
    assert!(
        !entry.contains("| 7 | 28 |"),
        "the entry page shows a side this run did not compute"
    );
    let tricolore =
        statespace::output::stamp::unstamp(&std::fs::read_to_string(committed.join("tricolore/summary.md")).unwrap());
    assert!(entry.contains(tricolore.lines().nth(2).unwrap()));
    let combined = read_csv(&reports.join("claims.csv"));
    let peg_claims = read_csv(&reports.join("peg/claims.csv"));
    assert_eq!(
        combined
            .iter()
            .filter(|c| c["family"] == "peg")
            .cloned()
            .collect::<Vec<_>>(),
        peg_claims
    );
    assert!(combined.iter().any(|c| c["family"] == "lightsout"));
    for f in ["peg/T4/levels.csv", "peg/T5/finishes.csv", "peg/T5/manifest.json"] {
        assert!(data.join(f).exists(), "{f} missing");
    }
    assert!(reports.join("peg/T5_min_moves.svg").exists());
}

/// Pages, claims and charts are compared byte for byte too: each change is named.
fn assert_check_names_each_edit(data: &Path, reports: &Path) {
    for page in [
        "peg/README.md",
        "peg/summary.md",
        "README.md",
        "claims.csv",
        "peg/claims.csv",
        "peg/T5_min_moves.svg",
        "peg/T5_min_moves.png",
    ] {
        let path = reports.join(page);
        let before = std::fs::read(&path).unwrap();
        let mut changed = before.clone();
        changed.extend_from_slice(b"\nan edit by hand\n");
        std::fs::write(&path, &changed).unwrap();
        let bad = reproduce_peg(data, reports, true);
        assert!(!bad.status.success(), "--check passed with {page} edited");
        let err = String::from_utf8_lossy(&bad.stderr).to_string();
        assert!(
            err.contains(&path.display().to_string()),
            "--check does not name {page}: {err}"
        );
        std::fs::write(&path, &before).unwrap();
    }
}

#[test]
fn reproduce_then_check_detects_a_changed_file() {
    let dir = scratch("reproduce");
    let (data, reports) = (dir.join("data"), dir.join("reports"));
    let run_args = |check: bool| reproduce_peg(&data, &reports, check);
    // A partial run builds the entry page and the combined claims from every family's files:
    // without the others' it refuses, naming what is missing.
    let refused = run_args(false);
    assert!(!refused.status.success());
    assert!(
        String::from_utf8_lossy(&refused.stderr).contains("summary.md"),
        "{}",
        String::from_utf8_lossy(&refused.stderr)
    );
    let committed = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("reports");
    for other in ["tricolore", "lightsout"] {
        std::fs::create_dir_all(reports.join(other)).unwrap();
        for name in ["summary.md", "claims.csv"] {
            std::fs::copy(committed.join(other).join(name), reports.join(other).join(name)).unwrap();
        }
    }
    let first = run_args(false);
    assert!(first.status.success(), "{}", String::from_utf8_lossy(&first.stderr));
    assert_entry_page_and_claims(&data, &reports, &committed);
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
    std::fs::write(
        &target,
        std::fs::read(&target).unwrap().strip_suffix(b"99,0,0,0,\n").unwrap(),
    )
    .unwrap();
    assert!(run_args(true).status.success());
    assert_check_names_each_edit(&data, &reports);
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

/// The record under `root` is one run's: every page under `reports/` carries one stamp naming
/// this version and the sha256 of `data/datapackage.json`, the entry page holds every family's
/// summary as it is, and every table row of a summary is on its family page.
fn assert_record_is_one_run(root: &std::path::Path) {
    use statespace::output::manifest::{find_manifests, read_manifest, sha256_hex};
    use statespace::output::stamp;
    let package = sha256_hex(&std::fs::read(root.join("data/datapackage.json")).unwrap());
    let mut manifests = Vec::new();
    find_manifests(&root.join("reports"), &mut manifests).unwrap();
    let mut pages = 0;
    for m in manifests {
        let dir = m.parent().unwrap();
        for name in read_manifest(&m).unwrap().keys().filter(|n| n.ends_with(".md")) {
            let path = dir.join(name);
            let text = std::fs::read_to_string(&path).unwrap();
            let stamps: Vec<&str> = text.lines().filter(|l| l.starts_with(stamp::PREFIX)).collect();
            assert_eq!(stamps.len(), 1, "{} has {} stamps", path.display(), stamps.len());
            let rel = dir
                .strip_prefix(root.join("reports"))
                .unwrap()
                .to_str()
                .unwrap()
                .to_string();
            assert_eq!(
                stamps[0],
                stamp::line(&rel, env!("CARGO_PKG_VERSION"), &package),
                "{} is stamped for another data package or version: regenerate with `statespace reproduce`",
                path.display()
            );
            pages += 1;
        }
    }
    assert!(pages >= 8, "only {pages} pages found");
    let entry = std::fs::read_to_string(root.join("reports/README.md")).unwrap();
    // The entry page numbers the figures; everything else is each summary verbatim.
    let unnumbered = entry
        .lines()
        .filter(|l| !l.starts_with("*Figure"))
        .collect::<Vec<_>>()
        .join("\n");
    for family in ["peg", "tricolore", "lightsout"] {
        let summary =
            stamp::unstamp(&std::fs::read_to_string(root.join(format!("reports/{family}/summary.md"))).unwrap());
        let page = std::fs::read_to_string(root.join(format!("reports/{family}/README.md"))).unwrap();
        for line in summary.lines().filter(|l| !l.starts_with("*Figure")) {
            assert!(
                unnumbered.contains(line),
                "reports/README.md lacks a line of {family}/summary.md: {line}"
            );
        }
        for row in summary.lines().filter(|l| l.starts_with('|') && !l.starts_with("|---")) {
            assert!(
                page.contains(row),
                "{family}/README.md lacks the summary's table row {row}"
            );
        }
    }
    let combined = read_csv(&root.join("reports/claims.csv"));
    for family in ["peg", "tricolore", "lightsout"] {
        let own = read_csv(&root.join(format!("reports/{family}/claims.csv")));
        assert_eq!(
            combined
                .iter()
                .filter(|c| c["family"] == family)
                .cloned()
                .collect::<Vec<_>>(),
            own,
            "{family} claims"
        );
    }
}

#[test]
fn committed_record_is_one_run() {
    assert_record_is_one_run(std::path::Path::new(env!("CARGO_MANIFEST_DIR")));
}

/// `reproduce --only lightsout` over a record whose entry page and combined claims are stale
/// (the defect of 2026-11: they still gave the old all-ones bounds) brings both up to date.
#[test]
fn reproduce_only_one_family_brings_the_entry_page_up_to_date() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = scratch("reproduce_only");
    for tree in ["data", "reports"] {
        copy_tree(&root.join(tree), &dir.join(tree));
    }
    let entry = dir.join("reports/README.md");
    let text = std::fs::read_to_string(&entry).unwrap();
    let stale = "a stale line left by an older run";
    std::fs::write(
        &entry,
        text.replacen("## Lights Out\n", &format!("## Lights Out\n\n{stale}\n"), 1),
    )
    .unwrap();
    let claims = dir.join("reports/claims.csv");
    let text = std::fs::read_to_string(&claims).unwrap();
    std::fs::write(&claims, text.replacen(",lightsout,", ",lightsout,stale ", 1)).unwrap();
    let (data, reports) = (dir.join("data"), dir.join("reports"));
    ok(&[
        "reproduce",
        "--only",
        "lightsout",
        "--data",
        data.to_str().unwrap(),
        "--reports",
        reports.to_str().unwrap(),
    ]);
    assert!(!std::fs::read_to_string(&entry).unwrap().contains(stale));
    assert_record_is_one_run(&dir);
}

fn copy_tree(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        if e.file_type().unwrap().is_dir() {
            copy_tree(&e.path(), &to.join(e.file_name()));
        } else {
            std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
        }
    }
}

/// The entry page shows the findings in a minute and says what is exact (issue 37, item 8): every
/// refuted, corrected and holds-where-checked claim of `reports/claims.csv` is named on it (linked
/// to its family page) with its statement, every claim not on scope `whole` (a bound, some cases,
/// a sample) is named with its scope, the counts by scope add up to the claims, and the verdict
/// table gives each verdict the scopes its rule allows. No sentence of the old page that was not
/// true remains.
#[test]
fn entry_page_names_every_finding_and_what_is_not_exact() {
    use statespace::output::claim::verdict_rules;
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let entry = std::fs::read_to_string(root.join("reports/README.md")).unwrap();
    let claims = read_csv(&root.join("reports/claims.csv"));
    let mut missing = Vec::new();
    for c in &claims {
        let link = format!("[{}]({}/README.md)", c["id"], c["family"]);
        let finding = ["refuted", "corrected", "holds where checked"].contains(&c["verdict"].as_str());
        let partial = c.get("scope").is_some_and(|s| s != "whole");
        if (finding || partial) && !entry.lines().any(|l| l.contains(&link)) {
            missing.push(format!(
                "{} ({}, scope {:?})",
                c["id"],
                c["verdict"],
                c.get("scope").map_or("(none)", String::as_str)
            ));
        }
    }
    assert!(
        missing.is_empty(),
        "{} findings or partial claims the entry page does not name:\n{}",
        missing.len(),
        missing.join("\n")
    );
    let whole = claims
        .iter()
        .filter(|c| c.get("scope").is_some_and(|s| s == "whole"))
        .count();
    assert!(
        entry.contains(&format!(
            "Of the {} claims, {whole} stand on the whole statement",
            claims.len()
        )),
        "the entry page does not count the claims on the whole statement ({whole} of {})",
        claims.len()
    );
    for r in verdict_rules() {
        let row = format!("| {} | ", r.verdict);
        let line = entry
            .lines()
            .find(|l| l.starts_with(&row))
            .unwrap_or_else(|| panic!("no verdict row {row}"));
        assert!(
            line.contains(&r.scopes.join(", ")),
            "{line}: not the scopes {:?}",
            r.scopes
        );
    }
    for overclaim in ["Every published figure we could find", "each analysed exhaustively"] {
        assert!(!entry.contains(overclaim), "the entry page still says {overclaim:?}");
    }
}
