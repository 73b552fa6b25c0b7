//! The published record a reader audits (issues 20 and 37): every claim from a source quotes the
//! source's exact words, found in the file we hold of it, and so does every quotation on every page;
//! each source is spelled one way; every claim's evidence names a file of the data package, and
//! every column it names is a column of that file; no verdict stands on more than its computation
//! covers. Read from the committed `reports/claims.csv` and `reports/**/*.md` (other tests hold
//! them equal to a fresh run's).

use crate::common::normalise;
use crate::common::*;
use serde_json::Value;
use statespace::output::claim::{all_source_files, source_key, SEED_SOURCES};
use statespace::studies::claim::source_files;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
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
    assert_none(&failures, "claims without their source's words");
    assert!(sourced >= 80, "only {sourced} sourced claims");
}

/// `data/...` paths named in a text, trailing punctuation dropped.
fn cited_paths(text: &str) -> Vec<String> {
    cited_paths_at(text).into_iter().map(|(_, p)| p).collect()
}

/// [`cited_paths`] with the byte offset each path starts at.
fn cited_paths_at(text: &str) -> Vec<(usize, String)> {
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
        out.push((i, p.to_string()));
    }
    out
}

/// The columns of every resource of `data/datapackage.json`, by path (`data/...`).
fn package_columns() -> BTreeMap<String, BTreeSet<String>> {
    let pkg: Value =
        serde_json::from_str(&std::fs::read_to_string(root().join("data/datapackage.json")).unwrap()).unwrap();
    pkg["resources"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let fields = r["schema"]["fields"].as_array().map_or(BTreeSet::new(), |f| {
                f.iter().map(|f| f["name"].as_str().unwrap().to_string()).collect()
            });
            (format!("data/{}", r["path"].as_str().unwrap()), fields)
        })
        .collect()
}

#[test]
fn every_evidence_names_a_described_file_and_its_columns() {
    let resources = package_columns();
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
    assert_none(&failures, "claims with evidence a reader cannot follow");
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
    assert_none(&failures, "claims");
}

/// Every page under `reports/` (`.md`), sorted.
fn pages(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            pages(&p, out);
        } else if p.extension().is_some_and(|x| x == "md") {
            out.push(p);
        }
    }
}

/// The cells of a markdown table row (`| a | b \| c |`), `\|` unescaped.
fn cells(row: &str) -> Vec<String> {
    let inner = row.trim().trim_start_matches('|');
    let inner = inner.strip_suffix('|').unwrap_or(inner);
    let mut out = vec![String::new()];
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&'|') => out.last_mut().unwrap().push(chars.next().unwrap()),
            '|' => out.push(String::new()),
            c => out.last_mut().unwrap().push(c),
        }
    }
    out.into_iter().map(|c| c.trim().to_string()).collect()
}

/// A quotation: a double-quoted span (`"..."` or `“...”`) of at least [`QUOTE_WORDS`] words.
/// Shorter quoted spans are names and values (`"Hybrid"`, `"223"`, `"often"`), not quotations.
const QUOTE_WORDS: usize = 4;

/// The quotations in a text (see [`QUOTE_WORDS`]); `Err` for a quotation mark without its pair.
fn quotations(text: &str) -> Result<Vec<String>, String> {
    let text = text.replace(['“', '”'], "\"");
    let parts: Vec<&str> = text.split('"').collect();
    if parts.len().is_multiple_of(2) {
        return Err(format!("an unpaired quotation mark in {text:?}"));
    }
    Ok(parts
        .iter()
        .skip(1)
        .step_by(2)
        .filter(|q| q.split_whitespace().count() >= QUOTE_WORDS)
        .map(|q| q.to_string())
        .collect())
}

/// Whether `quote` is in one of `files` (whitespace-normalised); an elided quotation (`...` or
/// `…` inside it) is found when each of its parts is.
fn quoted_from(quote: &str, files: &[&str], texts: &mut BTreeMap<String, String>) -> bool {
    let parts: Vec<String> = quote
        .replace('…', "...")
        .split("...")
        .map(normalise)
        .filter(|p| !p.is_empty())
        .collect();
    files.iter().any(|f| {
        let text = texts.entry(f.to_string()).or_insert_with(|| {
            normalise(&std::fs::read_to_string(root().join(f)).unwrap_or_else(|e| panic!("{f}: {e}")))
        });
        !parts.is_empty() && parts.iter().all(|p| text.contains(p.as_str()))
    })
}

/// Every quotation on every page is its source's exact words (issue 37: a page quoted seed 003
/// with a sentence the seed does not contain). The rule, for every `reports/**/*.md`:
/// - in a claims table (header `| source | statement | source's words | ...`), the `source's words`
///   cell (the claim's quote, between one pair of quotation marks) must be in the files
///   `source_files` names for the row's `source`;
/// - anywhere else on a page (prose, captions, other cells, a claim's statement or evidence), every
///   double-quoted span of at least [`QUOTE_WORDS`] words is a quotation and must be in one of the
///   files that hold a source's words (`all_source_files`); shorter quoted spans are names and
///   values, not checked. `...` inside a quotation marks an elision: each part must be found.
///
/// Found means: contained in the file, both whitespace-normalised as [`normalise`] does.
#[test]
fn every_quotation_on_every_page_is_in_its_source() {
    let mut all = Vec::new();
    pages(&root().join("reports"), &mut all);
    let anywhere = all_source_files();
    let mut texts = BTreeMap::new();
    let mut failures = Vec::new();
    let mut checked = 0;
    for page in &all {
        let rel = page.strip_prefix(root()).unwrap().display().to_string();
        let text = std::fs::read_to_string(page).unwrap();
        let mut claims_table = false;
        for (n, line) in text.lines().enumerate() {
            let at = format!("{rel}:{}", n + 1);
            let mut spans: Vec<(String, Vec<&str>)> = Vec::new();
            if line.starts_with('|') {
                let row = cells(line);
                if row.iter().all(|c| c.chars().all(|ch| "-: ".contains(ch))) {
                    continue;
                }
                if row.get(2).is_some_and(|c| c == "source's words") && row[0] == "source" {
                    claims_table = true;
                    continue;
                }
                for (i, cell) in row.iter().enumerate() {
                    if claims_table && i == 2 && cell != "-" {
                        let Some(q) = cell.strip_prefix('"').and_then(|c| c.strip_suffix('"')) else {
                            failures.push(format!("{at}: the source's words {cell:?} are not in quotation marks"));
                            continue;
                        };
                        let files = source_files(&row[0]).map_or(anywhere.clone(), <[&str]>::to_vec);
                        spans.push((q.to_string(), files));
                        continue;
                    }
                    match quotations(cell) {
                        Ok(qs) => spans.extend(qs.into_iter().map(|q| (q, anywhere.clone()))),
                        Err(e) => failures.push(format!("{at}: {e}")),
                    }
                }
            } else {
                claims_table = false;
                match quotations(line) {
                    Ok(qs) => spans.extend(qs.into_iter().map(|q| (q, anywhere.clone()))),
                    Err(e) => failures.push(format!("{at}: {e}")),
                }
            }
            for (q, files) in spans {
                checked += 1;
                if !quoted_from(&q, &files, &mut texts) {
                    let place = if files == anywhere {
                        "any source file".to_string()
                    } else {
                        format!("{files:?}")
                    };
                    failures.push(format!("{at}: \"{q}\" is not in {place}"));
                }
            }
        }
    }
    failures.sort();
    failures.dedup();
    assert_none(&failures, "quotations on the pages that are not their source's words");
    assert!(checked >= 80, "only {checked} quotations found on the pages");
}

/// One spelling per source (issue 37: `seed 004` and `seed 004 (Dugu chessboard)` split one source
/// in two): every claim whose `source` starts with one prefix of `source_files` spells it the same
/// way, and a seed's spelling is the canonical one (`SEED_SOURCES`).
#[test]
fn each_source_is_spelled_one_way() {
    let mut spellings: BTreeMap<&str, BTreeMap<String, Vec<String>>> = BTreeMap::new();
    for c in read_csv(&root().join("reports/claims.csv")) {
        if let Some(key) = source_key(&c["source"]) {
            spellings
                .entry(key)
                .or_default()
                .entry(c["source"].clone())
                .or_default()
                .push(c["id"].clone());
        }
    }
    let mut failures = Vec::new();
    for (key, spelt) in &spellings {
        let canonical = SEED_SOURCES.iter().find(|s| s.starts_with(key));
        // With a canonical spelling, every other is wrong; without one, two spellings are.
        let wrong: Vec<String> = spelt
            .iter()
            .filter(|(s, _)| match canonical {
                Some(c) => c != s,
                None => spelt.len() > 1,
            })
            .map(|(s, ids)| format!("{s:?} ({} claims: {})", ids.len(), ids.join(", ")))
            .collect();
        if !wrong.is_empty() {
            failures.push(format!(
                "source {key:?} is spelled {} ways{}: {}",
                spelt.len(),
                canonical.map_or(String::new(), |c| format!(" (canonical: {c:?})")),
                wrong.join("; ")
            ));
        }
    }
    assert_none(&failures, "sources spelled more than one way");
    assert!(spellings.len() >= 10, "only {} sources", spellings.len());
}

/// A name of column characters (ASCII letters, digits, `_`, at least one letter) at the start of `s`.
fn ident(s: &str) -> Option<&str> {
    let end = s
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(s.len());
    let w = &s[..end];
    w.chars().any(|c| c.is_ascii_alphabetic()).then_some(w)
}

/// Whether what follows a name ends it as an item of a list.
fn ends_item(rest: &str) -> bool {
    rest.is_empty()
        || rest == "."
        || rest.starts_with([',', ';', ':', ')'])
        || [" and ", " (", ". "].iter().any(|p| rest.starts_with(p))
}

/// The names listed at the start of `s` (`a`, `a and b`, `a, b and c`) and the offset past them.
/// A name after a comma is an item only if the list goes on or ends after it, so `columns x and y,
/// against the exact ...` lists x and y.
fn name_list(s: &str) -> (Vec<String>, usize) {
    let Some(first) = ident(s) else {
        return (Vec::new(), 0);
    };
    let mut names = vec![first.to_string()];
    let mut pos = first.len();
    loop {
        let rest = &s[pos..];
        let (sep, last) = if rest.starts_with(", ") {
            (2, false)
        } else if rest.starts_with(" and ") {
            (5, true)
        } else {
            break;
        };
        let Some(w) = ident(&rest[sep..]) else { break };
        let after = &rest[sep + w.len()..];
        if after.starts_with('/') || !(last || ends_item(after)) {
            break;
        }
        names.push(w.to_string());
        pos += sep + w.len();
        if last {
            break;
        }
    }
    (names, pos)
}

/// The columns a row filter names at the start of `s` (after `row ` or `rows `): `with a ...`,
/// `a = v`, `a = v, b = w`, `a = v and b = w` (also `>`, `<`, `>=`, `<=`, `!=`). Anything else
/// (`one row per pair`, `rows clicks 6-9`) names no column.
fn filter_names(s: &str) -> Vec<String> {
    if let Some(rest) = s.strip_prefix("with ") {
        return ident(rest).map(|w| vec![w.to_string()]).unwrap_or_default();
    }
    let mut names = Vec::new();
    let mut s = s;
    while let Some(w) = ident(s) {
        let after = &s[w.len()..];
        if ![" = ", " > ", " < ", " >= ", " <= ", " != "]
            .iter()
            .any(|op| after.starts_with(op))
        {
            break;
        }
        names.push(w.to_string());
        let next = [", ", " and "]
            .iter()
            .filter_map(|sep| after.find(sep).map(|i| i + sep.len()))
            .min();
        let Some(i) = next else { break };
        s = &after[i..];
    }
    names
}

/// What an evidence string says, in order: parentheses, the data files it cites, and the columns it
/// names (with the files a `column x of data/...` names after them).
enum Said {
    Open,
    Close,
    File(String),
    Columns(Vec<String>, Vec<String>),
}

fn said(evidence: &str) -> Vec<(usize, Said)> {
    let paths = cited_paths_at(evidence);
    let in_path = |i: usize| paths.iter().any(|(s, p)| (*s..s + p.len()).contains(&i));
    let mut out: Vec<(usize, Said)> = paths.iter().map(|(i, p)| (*i, Said::File(p.clone()))).collect();
    let bytes = evidence.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'(' if !in_path(i) => out.push((i, Said::Open)),
            b')' if !in_path(i) => out.push((i, Said::Close)),
            _ => {}
        }
        let starts_word = i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
        if !starts_word || !evidence.is_char_boundary(i) || in_path(i) {
            continue;
        }
        let rest = &evidence[i..];
        if let Some(list) = rest.strip_prefix("columns ").or_else(|| rest.strip_prefix("column ")) {
            let (names, len) = name_list(list);
            let after = &list[len..];
            // `column x of data/a.csv and data/b.csv`: the files follow the names.
            let mut forward = Vec::new();
            if let Some(of) = after.strip_prefix(" of ") {
                let mut at = i + (rest.len() - of.len());
                while let Some((_, p)) = paths.iter().find(|(s, _)| *s == at) {
                    forward.push(p.clone());
                    let tail = &evidence[at + p.len()..];
                    match [", ", " and "].iter().find(|sep| tail.starts_with(**sep)) {
                        Some(sep) => at += p.len() + sep.len(),
                        None => break,
                    }
                }
            }
            if !names.is_empty() {
                out.push((i, Said::Columns(names, forward)));
            }
        } else if let Some(filter) = rest.strip_prefix("rows ").or_else(|| rest.strip_prefix("row ")) {
            let names = filter_names(filter);
            if !names.is_empty() {
                out.push((i, Said::Columns(names, Vec::new())));
            }
        }
    }
    out.sort_by_key(|(i, _)| *i);
    out
}

/// Each column an evidence string names, with the files it must be a column of. How evidence
/// names columns (the convention every claim follows): after `column` or `columns` (a list `a, b
/// and c`), and in row filters after `row` or `rows` (`rows with a ...`, `row a = v, b = w`). A
/// name belongs to the files cited last before it at the same or an outer parenthesis level (`a.csv
/// and b.csv, column x`: both), or to the files right after it (`column x of data/a.csv`).
fn named_columns(evidence: &str) -> Vec<(String, Vec<String>)> {
    // One group of files per open parenthesis; `true` once a name has used it, so the next file
    // cited starts a new group.
    let mut groups: Vec<(Vec<String>, bool)> = vec![(Vec::new(), false)];
    let mut out = Vec::new();
    for (_, s) in said(evidence) {
        match s {
            Said::Open => groups.push((Vec::new(), false)),
            Said::Close if groups.len() > 1 => {
                groups.pop();
            }
            Said::Close => {}
            Said::File(p) => {
                let top = groups.last_mut().unwrap();
                if top.1 {
                    *top = (Vec::new(), false);
                }
                top.0.push(p);
            }
            Said::Columns(names, forward) => {
                let files = if forward.is_empty() {
                    let g = groups.iter_mut().rev().find(|g| !g.0.is_empty());
                    g.map_or(Vec::new(), |g| {
                        g.1 = true;
                        g.0.clone()
                    })
                } else {
                    let top = groups.last_mut().unwrap();
                    *top = (Vec::new(), true);
                    forward
                };
                out.extend(names.into_iter().map(|n| (n, files.clone())));
            }
        }
    }
    out
}

#[test]
fn evidence_names_are_read_as_the_convention_says() {
    let got = |e: &str| -> Vec<String> {
        named_columns(e)
            .into_iter()
            .map(|(c, f)| format!("{c}@{}", f.join("+")))
            .collect()
    };
    assert_eq!(
        got("data/a.csv and data/b.csv, columns x, y and z: the mean; one row per pair"),
        [
            "x@data/a.csv+data/b.csv",
            "y@data/a.csv+data/b.csv",
            "z@data/a.csv+data/b.csv"
        ]
    );
    assert_eq!(
        got("data/a.csv, row n = 11, b = 2, columns lo and hi; the witness in data/w.csv, rows with k true"),
        [
            "n@data/a.csv",
            "b@data/a.csv",
            "lo@data/a.csv",
            "hi@data/a.csv",
            "k@data/w.csv"
        ]
    );
    assert_eq!(
        got("data/a.csv, columns x (every one in data/s.csv); read (column y), sum of column z of data/c.csv"),
        ["x@data/a.csv", "y@data/a.csv", "z@data/c.csv"]
    );
    assert_eq!(
        got("data/a.csv, columns x and y, against the exact data/b.csv, rows clicks 6-9, column w, and data/c.csv"),
        ["x@data/a.csv", "y@data/a.csv", "w@data/b.csv"]
    );
}

/// Every column an evidence string names (as [`named_columns`] reads it) is a column of the file it
/// names, for every claim (issue 37: six sampled-histogram claims cited a column `clicks` their
/// files do not have, another `start` and `board`).
#[test]
fn every_column_an_evidence_names_is_in_the_file_it_names() {
    let resources = package_columns();
    let mut failures = Vec::new();
    let mut checked = 0;
    for c in read_csv(&root().join("reports/claims.csv")) {
        let (id, evidence) = (&c["id"], &c["evidence"]);
        for (column, files) in named_columns(evidence) {
            if files.is_empty() {
                failures.push(format!("{id}: column {column} is named before any data file"));
            }
            for f in &files {
                let Some(fields) = resources.get(f) else {
                    continue; // not a resource: the test above names it
                };
                checked += 1;
                if !fields.contains(&column) {
                    failures.push(format!("{id}: {f} has no column {column} (its columns: {fields:?})"));
                }
            }
        }
    }
    assert_none(&failures, "columns named in evidence that their file lacks");
    assert!(checked >= 200, "only {checked} named columns found in the evidence");
}

/// What in a claim's statement or computed value says the computation covers only part of the
/// statement, if anything: a sample (a word starting `sampl`: sample, samples, sampled), or a
/// universal statement checked on a finite range (`holds for every n = 1..10000`, `holds for every
/// odd n <= 3000`: `holds for every`, an optional `odd`/`even`, one letter, then `=` or `<=` and a
/// number). The evidence is not read: it names files (`sampled_histogram_...csv`) whatever the scope.
fn partial_coverage(text: &str) -> Option<String> {
    let lower = text.to_lowercase();
    for (i, _) in lower.match_indices("sampl") {
        if i == 0 || !lower[..i].ends_with(|c: char| c.is_alphabetic()) {
            let end = lower[i..]
                .find(|c: char| !c.is_alphabetic())
                .map_or(lower.len(), |e| i + e);
            return Some(lower[i..end].to_string());
        }
    }
    for (i, m) in lower.match_indices("holds for every ") {
        let rest = &lower[i + m.len()..];
        let rest = rest
            .strip_prefix("odd ")
            .or_else(|| rest.strip_prefix("even "))
            .unwrap_or(rest);
        let mut chars = rest.chars();
        let var = chars.next().filter(char::is_ascii_alphabetic);
        let tail = chars.as_str();
        let bound = tail.strip_prefix(" = ").or_else(|| tail.strip_prefix(" <= "));
        if var.is_some() && bound.is_some_and(|b| b.starts_with(|c: char| c.is_ascii_digit())) {
            let end = lower[i..].find([';', ',', '(']).map_or(lower.len(), |e| i + e);
            return Some(lower[i..end].trim().to_string());
        }
    }
    None
}

/// A claim whose statement or computed value says it covers a sample or finitely many cases of a
/// statement for every case (see [`partial_coverage`]) does not stand on scope `whole`, so no
/// verdict whose rule allows only the whole statement (`confirmed`, `corrected`) can stand on it
/// (issue 37: seed 002's theorems were "confirmed" on small n and samples).
#[test]
fn a_claim_checked_on_some_cases_or_a_sample_does_not_stand_on_the_whole() {
    assert_eq!(
        partial_coverage("holds for every odd n <= 3000").as_deref(),
        Some("holds for every odd n <= 3000")
    );
    assert_eq!(partial_coverage("8x8 (fixed-seed sample)").as_deref(), Some("sample"));
    assert_eq!(partial_coverage("1, 4, 5 (n = 1..54)"), None);
    assert_eq!(partial_coverage("holds for every board"), None);
    let mut failures = Vec::new();
    for c in read_csv(&root().join("reports/claims.csv")) {
        let text = format!("{} | {}", c["statement"], c["computed"]);
        if let Some(marker) = partial_coverage(&text) {
            if c.get("scope").is_none_or(|s| s == "whole") {
                failures.push(format!(
                    "{}: {:?} on scope whole, but it says {marker:?}",
                    c["id"], c["verdict"]
                ));
            }
        }
    }
    assert_none(
        &failures,
        "claims stand on the whole statement though they cover part of it",
    );
}

/// Whether a computed value is a range, not a value: `between a and b`, or `a <= x <= b`.
fn is_range(computed: &str) -> bool {
    let number = |s: &str| !s.is_empty() && s.replace([',', '_'], "").parse::<f64>().is_ok();
    if let Some(rest) = computed.trim().strip_prefix("between ") {
        if let Some((a, b)) = rest.split_once(" and ") {
            return number(a.trim()) && number(b.split_whitespace().next().unwrap_or(""));
        }
    }
    let parts: Vec<&str> = computed.trim().split(" <= ").collect();
    parts.len() == 3 && number(parts[0].trim()) && number(parts[2].split_whitespace().next().unwrap_or(""))
}

/// A claim whose computed value is a range (a lower and an upper bound, see [`is_range`]) stands on
/// scope `bound`: the entry page counts it among the bounds, not the exact values.
#[test]
fn a_computed_range_stands_on_scope_bound() {
    assert!(is_range("between 165 and 175"));
    assert!(is_range("5235 <= a(119) <= 6497"));
    assert!(!is_range("holds for every odd n <= 3000"));
    assert!(!is_range("at most 21 (the exact worst case)"));
    let failures: Vec<String> = read_csv(&root().join("reports/claims.csv"))
        .into_iter()
        .filter(|c| is_range(&c["computed"]) && c.get("scope").is_none_or(|s| s != "bound"))
        .map(|c| {
            format!(
                "{}: computed {:?} on scope {:?}",
                c["id"],
                c["computed"],
                c.get("scope").map_or("(none)", String::as_str)
            )
        })
        .collect();
    assert_none(&failures, "claims compute a range but do not stand on scope bound");
}

/// Fails with every failure listed, counted and named by `what`.
fn assert_none(failures: &[String], what: &str) {
    assert!(
        failures.is_empty(),
        "{} {what}:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
