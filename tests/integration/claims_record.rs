//! The published record a reader audits (issue 20): every claim from a source quotes the source's
//! exact words, found in the file we hold of it, and every claim's evidence names a file of the
//! data package with its columns or a row filter. Read from the committed `reports/claims.csv`
//! (other tests hold it equal to a fresh run's).

use crate::common::*;
use serde_json::Value;
use statespace::studies::claim::source_files;
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs of whitespace as one space, and the `#` that opens a header-comment line dropped: the
/// seeds are flattened web pages, an oracle file's citation runs over several comment lines, and a
/// quote may join lines.
fn normalise(s: &str) -> String {
    s.lines()
        .map(|l| l.trim_start().trim_start_matches('#'))
        .flat_map(str::split_whitespace)
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn every_sourced_claim_quotes_its_source_verbatim() {
    let claims = read_csv(&root().join("reports/claims.csv"));
    let mut texts: BTreeMap<&str, String> = BTreeMap::new();
    let mut sourced = 0;
    let mut failures = Vec::new();
    for c in &claims {
        let (id, source, quote) = (&c["id"], c["source"].as_str(), c["quote"].as_str());
        if source == "new" {
            assert!(quote.is_empty(), "{id}: a new result quotes {quote:?}");
            continue;
        }
        sourced += 1;
        let Some(files) = source_files(source) else {
            failures.push(format!(
                "{id}: no file holds the words of source {source:?} (src/output/claim.rs, source_files)"
            ));
            continue;
        };
        if normalise(quote).is_empty() {
            failures.push(format!("{id}: source {source:?} but no quote"));
            continue;
        }
        let found = files.iter().any(|f| {
            let text = texts.entry(f).or_insert_with(|| {
                normalise(&std::fs::read_to_string(root().join(f)).unwrap_or_else(|e| panic!("{f}: {e}")))
            });
            text.contains(&normalise(quote))
        });
        if !found {
            failures.push(format!("{id}: quote {quote:?} is not in {files:?}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} claims without their source's words:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(sourced >= 80, "only {sourced} sourced claims");
}

/// `data/...` paths named in a text, trailing punctuation dropped.
fn cited_paths(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, _) in text.match_indices("data/") {
        if i > 0 && !text[..i].ends_with([' ', '(', '`', ',', ';', '"']) {
            continue; // inside another path, e.g. tests/data/...
        }
        let rest = &text[i..];
        let end = rest
            .find(|ch: char| !(ch.is_ascii_alphanumeric() || "_-./".contains(ch)))
            .unwrap_or(rest.len());
        let p = rest[..end].trim_end_matches(['.', '/']);
        out.push(p.to_string());
    }
    out
}

#[test]
fn every_evidence_names_a_described_file_and_its_columns() {
    let pkg: Value =
        serde_json::from_str(&std::fs::read_to_string(root().join("data/datapackage.json")).unwrap()).unwrap();
    let resources: BTreeMap<String, BTreeSet<String>> = pkg["resources"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let fields = r["schema"]["fields"].as_array().map_or(BTreeSet::new(), |f| {
                f.iter().map(|f| f["name"].as_str().unwrap().to_string()).collect()
            });
            (format!("data/{}", r["path"].as_str().unwrap()), fields)
        })
        .collect();
    let words = |s: &str| -> BTreeSet<String> {
        s.split(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '_'))
            .map(str::to_string)
            .collect()
    };
    let mut failures = Vec::new();
    for c in read_csv(&root().join("reports/claims.csv")) {
        let (id, evidence) = (&c["id"], &c["evidence"]);
        let paths = cited_paths(evidence);
        if paths.is_empty() {
            failures.push(format!("{id}: the evidence names no data file: {evidence}"));
            continue;
        }
        let said = words(evidence);
        for p in &paths {
            if !root().join(p).is_file() {
                failures.push(format!("{id}: {p} does not exist"));
            } else if let Some(fields) = resources.get(p) {
                // Columns or a row filter: at least one of the file's column names is named, so a
                // renamed column (or file) shows here.
                if !fields.iter().any(|f| said.contains(f)) {
                    failures.push(format!("{id}: {p} is cited with none of its columns {fields:?}"));
                }
            } else {
                failures.push(format!("{id}: {p} is not a resource of data/datapackage.json"));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} claims with evidence a reader cannot follow:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The verdict rules are data (`src/output/verdict_rules.csv`): every verdict has one row, and
/// every claim's verdict stands on a scope its rule allows, so "confirmed" on a statement the
/// computation covers only in part (some cases, a sample, a bound) fails here.
#[test]
fn every_verdict_stands_on_a_scope_its_rule_allows() {
    use statespace::studies::{claim::verdict_rules, Scope, Verdict};
    let rules = verdict_rules();
    let named: Vec<&str> = rules.iter().map(|r| r.verdict.as_str()).collect();
    let all: Vec<&str> = Verdict::ALL.iter().map(|v| v.as_str()).collect();
    assert_eq!(
        named, all,
        "verdict_rules.csv names each verdict once, in Verdict::ALL order"
    );
    let scopes: Vec<&str> = Scope::ALL.iter().map(|s| s.as_str()).collect();
    for r in &rules {
        assert!(!r.meaning.is_empty(), "{}: no meaning", r.verdict);
        for s in &r.scopes {
            assert!(scopes.contains(&s.as_str()), "{}: unknown scope {s:?}", r.verdict);
        }
    }
    assert_eq!(
        rules[0].scopes,
        ["whole"],
        "confirmed stands on the whole statement only"
    );
    let mut failures = Vec::new();
    for c in read_csv(&root().join("reports/claims.csv")) {
        let rule = rules.iter().find(|r| r.verdict == c["verdict"]);
        match rule {
            None => failures.push(format!("{}: unknown verdict {:?}", c["id"], c["verdict"])),
            Some(r) if !r.scopes.contains(&c["scope"]) => failures.push(format!(
                "{}: verdict {:?} on scope {:?} (allowed: {:?})",
                c["id"], c["verdict"], c["scope"], r.scopes
            )),
            Some(_) => {}
        }
    }
    assert!(
        failures.is_empty(),
        "{} claims:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
