//! What a researcher receives: the Data Package describes every data file and polars loads each
//! CSV with the declared types; claims carry verdicts; citation and licence are in place.

use crate::common::*;
use polars::prelude::*;
use serde_json::Value;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The polars dtype a Frictionless type maps to.
fn dtype(kind: &str) -> DataType {
    match kind {
        "integer" => DataType::Int64,
        "number" => DataType::Float64,
        "boolean" => DataType::Boolean,
        _ => DataType::String,
    }
}

/// Checks a data tree against its `datapackage.json`: every CSV and Parquet file under it is a
/// resource, every resource exists with the recorded sha256, and polars reads every CSV with the
/// declared schema (a value that does not parse as its declared type fails the read).
fn check_package(data: &Path) -> usize {
    let text = std::fs::read_to_string(data.join("datapackage.json")).expect("datapackage.json exists");
    let pkg: Value = serde_json::from_str(&text).expect("datapackage.json is JSON");
    let resources = pkg["resources"].as_array().expect("resources");
    let mut described = std::collections::BTreeSet::new();
    let mut loaded = 0;
    for r in resources {
        let rel = r["path"].as_str().expect("path");
        described.insert(rel.to_string());
        let path = data.join(rel);
        let fields = r["schema"]["fields"].as_array().expect("fields");
        for f in fields {
            assert!(
                !f["description"].as_str().unwrap_or("").is_empty(),
                "{rel}: field {} has no description",
                f["name"]
            );
        }
        assert!(
            r["licenses"].is_array() && r["sources"].is_array(),
            "{rel}: licence and source"
        );
        let Ok(bytes) = std::fs::read(&path) else {
            panic!("{rel} is in the package but absent");
        };
        let sha: String = {
            use sha2::Digest;
            sha2::Sha256::digest(&bytes)
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect()
        };
        assert_eq!(
            r["hash"].as_str(),
            Some(format!("sha256:{sha}").as_str()),
            "{rel}: sha256"
        );
        if !rel.ends_with(".csv") {
            continue;
        }
        let schema: Schema = fields
            .iter()
            .map(|f| Field::new(f["name"].as_str().unwrap().into(), dtype(f["type"].as_str().unwrap())))
            .collect();
        let df = CsvReadOptions::default()
            .with_has_header(true)
            .with_schema(Some(Arc::new(schema)))
            .try_into_reader_with_file_path(Some(path.clone()))
            .and_then(|r| r.finish())
            .unwrap_or_else(|e| panic!("polars cannot read {rel} with its declared schema: {e}"));
        let header: Vec<String> = csv::Reader::from_path(&path)
            .unwrap()
            .headers()
            .unwrap()
            .iter()
            .map(String::from)
            .collect();
        let declared: Vec<String> = fields.iter().map(|f| f["name"].as_str().unwrap().to_string()).collect();
        assert_eq!(header, declared, "{rel}: columns in the file and in the package");
        for f in fields.iter().filter(|f| f["type"] == "string") {
            let col = df.column(f["name"].as_str().unwrap()).unwrap();
            let summary = col
                .str()
                .unwrap()
                .iter()
                .flatten()
                .any(|v| ["total", "sum", "all"].contains(&v.to_lowercase().as_str()));
            assert!(!summary, "{rel}: a summary row inside the data");
        }
        check_counts(rel, &df, fields);
        loaded += 1;
    }
    let mut on_disk = Vec::new();
    walk(data, data, &mut on_disk);
    for f in on_disk {
        assert!(described.contains(&f), "data/{f} is not described by datapackage.json");
    }
    loaded
}

/// Loads that never lie: every integer-declared column's exact sum fits in a signed 64-bit integer
/// (summed in i128, so a wrap cannot hide), and every count declared as text (an exact count, with
/// its digit-group pattern) is an exact decimal, `_` between groups, that its `log10_` column beside
/// it matches.
fn check_counts(rel: &str, df: &DataFrame, fields: &[Value]) {
    for f in fields.iter().filter(|f| f["type"] == "integer") {
        let name = f["name"].as_str().unwrap();
        let col = df
            .column(name)
            .unwrap()
            .i64()
            .unwrap_or_else(|_| panic!("{rel}: {name} is not Int64"));
        let sum: i128 = col.iter().flatten().map(i128::from).sum();
        assert!(
            i64::try_from(sum).is_ok(),
            "{rel}: the sum of integer column {name} is {sum}, past 64 bits: declare it as an exact count"
        );
    }
    for f in fields.iter().filter(|f| f.get("constraints").is_some()) {
        let name = f["name"].as_str().unwrap();
        assert_eq!(f["constraints"]["pattern"], "[0-9]{1,3}(_[0-9]{3})+", "{rel}: {name}");
        let count = name
            .strip_suffix(TEXT_COUNT_SUFFIX)
            .unwrap_or_else(|| panic!("{rel}: exact count {name} is not named *{TEXT_COUNT_SUFFIX}"));
        assert!(
            fields.iter().any(|g| g["name"] == count && g["type"] == "number"),
            "{rel}: exact count {name} has no number column {count} beside it"
        );
        let log_name = format!("log10_{count}");
        if !fields.iter().any(|g| g["name"] == log_name.as_str()) {
            // Only a count that is 0 on every row may leave its log10 out (log10 of 0 is undefined
            // and an all-empty number column loads as text).
            let zero = |v: Option<&str>| {
                v.and_then(statespace::output::table::parse_exact_count)
                    .is_some_and(|d| d.trim_start_matches('0').is_empty())
            };
            assert!(
                df.column(name).unwrap().str().unwrap().iter().all(zero),
                "{rel}: exact count {name} has no {log_name} beside it"
            );
            continue;
        }
        let logs = df.column(&log_name).unwrap().f64().unwrap();
        for (v, log) in df.column(name).unwrap().str().unwrap().iter().zip(logs.iter()) {
            let Some(v) = v else {
                assert!(log.is_none(), "{rel}: {log_name} without {name}");
                continue;
            };
            let digits = statespace::output::table::parse_exact_count(v)
                .unwrap_or_else(|| panic!("{rel}: {name} holds {v:?}, not an exact count"));
            let exact: num_bigint::BigUint = digits.parse().unwrap();
            // log10 from the leading 17 digits and the digit count: exact to far below 1e-6.
            let lead = &digits[..digits.len().min(17)];
            let want = (lead.parse::<f64>().unwrap()).log10() + (digits.len() - lead.len()) as f64;
            match log {
                Some(log) => assert!(
                    (log - want).abs() <= 1e-6,
                    "{rel}: {log_name} {log} for {name} {v} (log10 {want:.6})"
                ),
                None => assert_eq!(
                    exact,
                    num_bigint::BigUint::from(0u8),
                    "{rel}: {name} {v} has no {log_name}"
                ),
            }
        }
    }
}

fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            walk(root, &p, out);
        } else if p.extension().is_some_and(|x| x == "csv" || x == "parquet") {
            out.push(p.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/"));
        }
    }
}

#[test]
fn committed_data_package_describes_and_types_every_file() {
    let n = check_package(&root().join("data"));
    assert!(n >= 40, "only {n} CSV files loaded");
}

/// Runs `reproduce --only peg` and `reproduce --only tricolore` side by side under `dir` (separate
/// roots: one writer per directory, so the longer run bounds the wait) and returns the claims
/// each wrote. A partial run builds the entry page from the other families' files under its
/// reports root, as in a checkout: copied from reports/.
fn reproduce_peg_and_tricolore(dir: &Path) -> Vec<HashMap<String, String>> {
    let runs: Vec<(&str, PathBuf, std::process::Child)> = ["peg", "tricolore"]
        .iter()
        .map(|family| {
            let (data, reports) = (dir.join(family).join("data"), dir.join(family).join("reports"));
            for other in ["peg", "tricolore", "lightsout"].into_iter().filter(|o| o != family) {
                std::fs::create_dir_all(reports.join(other)).unwrap();
                for name in ["summary.md", "claims.csv"] {
                    let _ = std::fs::copy(
                        root().join("reports").join(other).join(name),
                        reports.join(other).join(name),
                    );
                }
            }
            let child = bin()
                .args([
                    "reproduce",
                    "--only",
                    family,
                    "--data",
                    data.to_str().unwrap(),
                    "--reports",
                    reports.to_str().unwrap(),
                ])
                .stdin(std::process::Stdio::null())
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .expect("statespace runs");
            (*family, dir.join(family), child)
        })
        .collect();
    let mut claims = Vec::new();
    for (family, out, child) in runs {
        let o = child.wait_with_output().unwrap();
        assert!(
            o.status.success(),
            "reproduce --only {family} failed:\n{}",
            String::from_utf8_lossy(&o.stderr)
        );
        let fresh = read_csv(&out.join("reports").join(family).join("claims.csv"));
        assert!(
            !fresh.is_empty() && fresh.iter().all(|c| c["family"] == family),
            "fresh {family} claims"
        );
        claims.extend(fresh);
    }
    claims
}

/// The committed Lights Out claims, after checking they are the file its manifest pins (the one
/// `reproduce --check` compares byte for byte with a fresh computation).
fn committed_lightsout_claims() -> Vec<HashMap<String, String>> {
    let committed = root().join("reports/lightsout/claims.csv");
    let sha: String = {
        use sha2::Digest;
        sha2::Sha256::digest(std::fs::read(&committed).unwrap())
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    };
    let manifest: Value =
        serde_json::from_str(&std::fs::read_to_string(root().join("reports/lightsout/manifest.json")).unwrap())
            .unwrap();
    let pinned = manifest["files"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["path"] == "claims.csv")
        .map(|f| f["sha256"].clone());
    assert_eq!(
        pinned,
        Some(Value::from(sha)),
        "reports/lightsout/claims.csv is not the file its manifest (and reproduce --check) records"
    );
    read_csv(&committed)
}

/// The claims by id, each checked: a known verdict, a source, a statement, a computed value, the
/// published value unless new, and an id no other claim has.
fn claims_by_id(claims: Vec<HashMap<String, String>>) -> HashMap<String, HashMap<String, String>> {
    let mut by_id: HashMap<String, HashMap<String, String>> = HashMap::new();
    for c in claims {
        assert!(
            statespace::studies::Verdict::ALL
                .iter()
                .any(|v| v.as_str() == c["verdict"]),
            "{c:?}"
        );
        assert!(
            !c["source"].is_empty() && !c["statement"].is_empty() && !c["computed"].is_empty(),
            "{c:?}"
        );
        if c["verdict"] != "new" {
            assert!(
                !c["published"].is_empty(),
                "a checked claim quotes the published value: {c:?}"
            );
        }
        assert!(
            by_id.insert(c["id"].clone(), c.clone()).is_none(),
            "duplicate claim id {}",
            c["id"]
        );
    }
    by_id
}

/// Every chart under reports/ is shown on its page: a family's on the family page, the
/// benchmarks' on theirs; the entry page shows a few, each a chart that exists.
fn assert_every_chart_is_shown() {
    let readme = std::fs::read_to_string(root().join("reports/README.md")).unwrap();
    let bench_page = std::fs::read_to_string(root().join("reports/benchmarks.md")).unwrap();
    let mut pngs = Vec::new();
    walk_png(&root().join("reports"), &mut pngs);
    for p in &pngs {
        let (dir, name) = p
            .split_once('/')
            .unwrap_or_else(|| panic!("chart {p} outside a family directory"));
        if dir == "bench" {
            assert!(
                bench_page.contains(p.as_str()),
                "reports/benchmarks.md does not show {name}"
            );
        } else {
            // The family page, or a page of the family's directory it links to (a board's page).
            let family = root().join("reports").join(dir);
            let mut page = std::fs::read_to_string(family.join("README.md")).unwrap();
            let linked: Vec<String> = page
                .split("](")
                .skip(1)
                .filter_map(|rest| rest.split(')').next())
                .filter(|link| link.ends_with(".md") && !link.contains('/'))
                .map(String::from)
                .collect();
            for link in linked {
                page += &std::fs::read_to_string(family.join(&link)).unwrap_or_default();
            }
            assert!(
                page.contains(&format!("({name})")),
                "reports/{dir}/README.md (or a page it links to) does not show {name}"
            );
        }
    }
    let shown: Vec<&str> = readme
        .split("](")
        .skip(1)
        .filter_map(|s| s.split_once(')'))
        .map(|(path, _)| path)
        .filter(|p| p.ends_with(".png"))
        .collect();
    assert!(shown.len() >= 3, "the entry page shows {} charts", shown.len());
    for p in shown {
        assert!(
            pngs.iter().any(|x| x == p),
            "reports/README.md shows {p}, which does not exist"
        );
    }
}

/// The claims as the code computes them: every verdict is one of the four, every id unique, and
/// the verdicts the evidence in tests/data supports. Peg and Tricolore are recomputed here by
/// `reproduce --only peg` and `reproduce --only tricolore`, side by side into scratch
/// directories; the fresh Data Package and peg page are checked as well. Lights Out is not: its
/// `reproduce` takes too long for a test. Its verdicts are read from the committed
/// `reports/lightsout/claims.csv`, checked to be the file `reproduce --check` compares byte for
/// byte with a fresh computation (the sha256 its manifest pins); the reduced-size study in
/// `lightsout.rs` (`study_claims_page_and_dictionary_from_a_fresh_computation`) checks every
/// Lights Out verdict from a fresh computation.
#[test]
fn fresh_claims_have_the_expected_verdicts() {
    let dir = scratch("outputs-claims");
    let mut claims = reproduce_peg_and_tricolore(&dir);
    // A fresh run writes a valid package and a peg page showing its charts.
    assert!(check_package(&dir.join("peg/data")) >= 8);
    let page = std::fs::read_to_string(dir.join("peg/reports/peg/README.md")).unwrap();
    for png in ["T4_profile.png", "T5_min_moves.png", "levels_by_pegs.png"] {
        assert!(page.contains(png), "peg page does not show {png}");
    }
    claims.extend(committed_lightsout_claims());
    let _ = std::fs::remove_dir_all(&dir);
    let by_id = claims_by_id(claims);
    let verdict = |id: &str| {
        by_id
            .get(id)
            .map(|c| c["verdict"].clone())
            .unwrap_or_else(|| panic!("no claim {id}"))
    };
    for id in [
        "peg.seed001.jumps",
        "peg.seed001.winning_plays",
        "peg.bell.t5_winning_sequences_per_start",
        "peg.bell.t5_total_winning_sequences",
        "peg.bell.t5_total_complete_games",
        "peg.bell.t5_min_moves_catalogue",
        "peg.jaap.t5_reachable_positions",
        "peg.oeis_a127500.side4",
        "peg.oeis_a127500.side5",
        "peg.oeis_a127500.side6",
        "peg.oeis_a127500.side7",
        "peg.seed001.example_encoding",
        "lightsout.oeis_a159257",
        "lightsout.oeis_a075464",
        "lightsout.gods_number.plus_open.5",
        "lightsout.gods_number.plus_open.17",
        "lightsout.seed004.direct_formula_x3",
        "tricolore.seed003.unrestricted_table",
        "tricolore.seed003.hybrid_table",
    ] {
        assert_eq!(verdict(id), "confirmed", "{id}");
    }
    // Published figures the data refute or correct, each with its evidence.
    for (id, want) in [
        ("lightsout.oeis_a079873", "corrected"),
        ("lightsout.seed004.ignore_any_two_buttons", "refuted"),
        ("lightsout.seed002.one_way_minimal", "refuted"),
        // Block-rule theorems tested on the plus rule: a new result, not a refutation.
        ("lightsout.seed002.theorem2.plus_open", "extended"),
        ("lightsout.seed004.patterns_to_tabulate", "refuted"),
        ("tricolore.seed003.halves_average", "refuted"),
        ("tricolore.seed003.halves_bound_exhaustive", "consistent (bound)"),
        ("tricolore.seed003.scant_minority_at_max", "refuted"),
        ("tricolore.seed003.target_unrestricted_alternating", "corrected"),
        ("lightsout.seed002.theorem3_one_way", "holds where checked"),
        ("lightsout.seed004.inverse_fractions", "refuted"),
    ] {
        assert_eq!(verdict(id), want, "{id}");
        assert!(!by_id[id]["evidence"].is_empty(), "{id} has no evidence");
    }
    // Every family has new results, and the claims of all three families are listed.
    for family in ["peg", "tricolore", "lightsout"] {
        assert!(
            by_id.values().any(|c| c["family"] == family && c["verdict"] == "new"),
            "no new result for {family}"
        );
    }
    assert_every_chart_is_shown();
}

/// `reproduce --check` (all families) compares the top-level `reports/claims.csv` with a fresh one,
/// which holds every family's claims file: the committed files must agree.
#[test]
fn top_level_claims_are_the_family_claims() {
    let top = read_csv(&root().join("reports/claims.csv"));
    for family in ["peg", "tricolore", "lightsout"] {
        let mine: Vec<HashMap<String, String>> = top.iter().filter(|c| c["family"] == family).cloned().collect();
        assert!(
            mine == read_csv(&root().join(format!("reports/{family}/claims.csv"))),
            "reports/claims.csv and reports/{family}/claims.csv disagree"
        );
    }
}

fn walk_png(dir: &Path, out: &mut Vec<String>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            walk_png(&p, out);
        } else if p.extension().is_some_and(|x| x == "png") {
            // As a page under reports/ links it: `<directory>/<name>`.
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            let dir = p
                .parent()
                .and_then(|d| d.file_name())
                .unwrap()
                .to_string_lossy()
                .into_owned();
            out.push(format!("{dir}/{name}"));
        }
    }
}

/// The benchmarks page from a small CSV: every goal's rows in date order, ratios to the goal and
/// to the same-run reference computed, the families in page order, a chart per family with goals.
#[test]
fn benchmarks_page_is_rendered_from_the_measurements() {
    use statespace::studies::benchmarks::{export, COLUMNS, PAGE};
    use statespace::studies::Area;
    let csv = format!(
        "{}\n2026-01-15,lightsout-sweep-25000,\"statespace lightsout sweep, quoted\",0.6,,,3,,2,24,AMD EPYC,ref,1.2,\n\
         2026-02-01,peg-t7-levels,statespace peg --side 7,2.5,4.9,41,5,1024,2,24,AMD EPYC,ref,1.25,idle\n\
         2026-01-01,peg-t7-levels,statespace peg --side 7,10,,,5,1024,2,24,AMD EPYC,,,under load\n\
         2026-01-01,peg-t6-full,statespace peg --side 6,3,,,,,2,24,AMD EPYC,,,no goal\n",
        COLUMNS.join(",")
    );
    let out = export(&[("measurements.csv".into(), csv.clone().into_bytes())]).unwrap();
    let file = |area: Area, dir: &str, name: &str| {
        out.files
            .iter()
            .find(|f| f.area == area && f.dir == dir && f.name == name)
            .unwrap_or_else(|| panic!("no {dir}/{name}"))
    };
    let data = file(Area::Data, "bench", "measurements.csv");
    assert_eq!(
        (data.bytes.as_slice(), data.rows),
        (csv.as_bytes(), Some(4)),
        "the CSV goes back unchanged"
    );
    let page = String::from_utf8(file(Area::Reports, "", PAGE).bytes.clone()).unwrap();
    let peg = &page[page.find("### peg-t7-levels").expect("a section per goal")..];
    let (early, late) = (peg.find("| 2026-01-01 |").unwrap(), peg.find("| 2026-02-01 |").unwrap());
    assert!(early < late, "rows by date");
    // 2.5 s against a 5 s goal and a 1.25 s reference; 41 MiB against 1 GiB.
    assert!(
        peg.contains("| 2026-02-01 | 2.50 s | 4.90 s | 41 MiB | 5 s, 1 GiB | 0.50 (peak 0.04) | 1.25 s | 2.00 |"),
        "{peg}"
    );
    assert!(
        peg.contains(
            "| 2026-01-01 | 10.0 s | - | - | 5 s, 1 GiB | 2.00 | - | - | 2 cores, 24 GiB, AMD EPYC | under load |"
        ),
        "{peg}"
    );
    let at = |s: &str| page.find(s).unwrap_or_else(|| panic!("page lacks {s}"));
    assert!(
        at("### peg-t6-full") < at("### peg-t7-levels") && at("### peg-t7-levels") < at("### lightsout-sweep-25000")
    );
    assert!(page.contains("`statespace lightsout sweep, quoted`"));
    for stem in ["ratio_to_goal_peg", "ratio_to_goal_lightsout"] {
        assert!(file(Area::Reports, "bench", &format!("{stem}.png"))
            .bytes
            .starts_with(b"\x89PNG"));
        file(Area::Reports, "bench", &format!("{stem}.svg"));
        assert!(page.contains(&format!("(bench/{stem}.png)")), "the page shows {stem}");
    }
    // A malformed row is refused, naming the file.
    let bad = format!("{}\n2026-1-1,peg-a,c,1,,,,,,,,,,\n", COLUMNS.join(","));
    let err = export(&[("x.csv".into(), bad.into_bytes())])
        .err()
        .expect("a bad date is refused")
        .to_string();
    assert!(err.contains("x.csv"), "{err}");
}

/// The committed page and charts are what the renderer makes of the committed measurements.
#[test]
fn committed_benchmarks_page_matches_the_measurements() {
    use statespace::studies::benchmarks::{export, read_dir, DIR};
    use statespace::studies::Area;
    let csvs = read_dir(&root().join("data").join(DIR)).unwrap();
    assert!(!csvs.is_empty(), "data/bench holds the measurements");
    for f in export(&csvs).unwrap().files {
        let area = if f.area == Area::Data { "data" } else { "reports" };
        let path = root().join(area).join(&f.dir).join(&f.name);
        let mut disk = std::fs::read(&path).unwrap_or_else(|_| panic!("{} is missing", path.display()));
        if f.name.ends_with(".md") {
            // Pages carry reproduce's stamp (checked in reproduce.rs); the rest is the renderer's.
            disk = statespace::output::stamp::unstamp(&String::from_utf8(disk).unwrap()).into_bytes();
        }
        assert!(
            disk == f.bytes,
            "{} differs from what reproduce writes: run `cargo run --release -- reproduce`",
            path.display()
        );
    }
}

#[test]
fn citation_version_equals_the_crate_version_and_licences_exist() {
    let cff = std::fs::read_to_string(root().join("CITATION.cff")).unwrap();
    let version = cff
        .lines()
        .find_map(|l| l.strip_prefix("version: "))
        .expect("CITATION.cff has a version");
    assert_eq!(version.trim().trim_matches('"'), env!("CARGO_PKG_VERSION"));
    for f in ["LICENSE", "LICENSE-DATA"] {
        assert!(root().join(f).exists(), "{f} missing");
    }
}

/// One glossary across the families: every column of every file in the Data Package is in the
/// package's glossary, each name once, with the unit the glossary gives it.
#[test]
fn every_column_in_the_package_is_in_the_glossary_with_one_meaning() {
    let text = std::fs::read_to_string(root().join("data/datapackage.json")).unwrap();
    let pkg: Value = serde_json::from_str(&text).unwrap();
    let glossary = pkg["glossary"].as_array().expect("the package carries the glossary");
    let mut terms: HashMap<String, (String, String)> = HashMap::new();
    for t in glossary {
        let name = t["name"].as_str().unwrap().to_string();
        let entry = (
            t["meaning"].as_str().unwrap().to_string(),
            t["unit"].as_str().unwrap_or("").to_string(),
        );
        assert!(!entry.0.is_empty(), "{name}: a meaning");
        assert!(
            terms.insert(name.clone(), entry).is_none(),
            "{name} is in the glossary twice"
        );
    }
    let mut used = 0;
    for r in pkg["resources"].as_array().unwrap() {
        let rel = r["path"].as_str().unwrap();
        let mut names: Vec<String> = r["schema"]["fields"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["name"].as_str().unwrap().to_string())
            .collect();
        if rel.ends_with(".csv") {
            // The file's own header, not only its description.
            let header: Vec<String> = csv::Reader::from_path(root().join("data").join(rel))
                .unwrap()
                .headers()
                .unwrap()
                .iter()
                .map(String::from)
                .collect();
            names.extend(header);
        }
        for f in r["schema"]["fields"].as_array().unwrap() {
            let name = f["name"].as_str().unwrap();
            let (_, unit) = terms
                .get(name)
                .unwrap_or_else(|| panic!("{rel}: column {name} is not in the glossary"));
            assert_eq!(
                f["unit"].as_str().unwrap_or(""),
                unit,
                "{rel}: column {name}'s unit differs from the glossary's"
            );
        }
        for name in &names {
            assert!(terms.contains_key(name), "{rel}: column {name} is not in the glossary");
            used += 1;
        }
    }
    assert!(used > 100);
}

/// The suffix a column's name ends with when it holds exact counts as text (counts that can
/// exceed 64 bits: `Kind::BigInteger`, decimal digits grouped by `_`), so a reader knows from the
/// name alone that `.sum()` would join text; its numeric companion (`log10_...`) sits beside it.
const TEXT_COUNT_SUFFIX: &str = "_text";

/// Whether a plain loader (pandas, polars, with defaults) takes `v` for a number: what Rust's
/// `f64` parser accepts (`00111`, `1e5`, `.5`, `nan`, `inf`), not `4_950` or `#..#`.
fn loads_as_number(v: &str) -> bool {
    v.trim().parse::<f64>().is_ok()
}

/// The faults of one CSV column under plain loaders, by its declared Frictionless type; `values`
/// are the column's cells, empty ones included.
fn plain_load_faults(rel: &str, name: &str, kind: &str, exact_count: bool, values: &[&str]) -> Vec<String> {
    let mut faults = Vec::new();
    let filled: Vec<&str> = values.iter().copied().filter(|v| !v.is_empty()).collect();
    match kind {
        "string" => {
            if filled.is_empty() && !values.is_empty() {
                faults.push(format!(
                    "{rel}: text column {name} is empty on every row (pandas loads it as float64): \
                     write a word or drop it"
                ));
            }
            if !filled.is_empty() && filled.iter().all(|v| loads_as_number(v)) {
                faults.push(format!(
                    "{rel}: text column {name} holds only numbers (e.g. {:?}): pandas and polars load it as numbers",
                    filled[0]
                ));
            }
            if exact_count && !name.ends_with(TEXT_COUNT_SUFFIX) {
                faults.push(format!(
                    "{rel}: {name} holds exact counts as text, but its name does not end in {TEXT_COUNT_SUFFIX}"
                ));
            }
        }
        "integer" | "number" => {
            if filled.is_empty() && !values.is_empty() {
                faults.push(format!(
                    "{rel}: {kind} column {name} is empty on every row (polars loads it as text): fill it or drop it"
                ));
            }
            let parses = |v: &&str| {
                if kind == "integer" {
                    v.parse::<i64>().is_ok()
                } else {
                    v.parse::<f64>().is_ok()
                }
            };
            if !filled.is_empty() && values.iter().take(100).all(|v| v.is_empty()) {
                faults.push(format!(
                    "{rel}: {kind} column {name} is empty on its first 100 rows (polars infers String from them)"
                ));
            }
            if kind == "integer" && filled.len() < values.len() && !filled.is_empty() {
                faults.push(format!(
                    "{rel}: integer column {name} has empty cells (pandas loads it as float64): fill it, or declare a \
                     number written as a float"
                ));
            }
            if kind == "number" && !filled.is_empty() && filled.iter().all(|v| v.parse::<i64>().is_ok()) {
                faults.push(format!(
                    "{rel}: number column {name} holds only integers (e.g. {:?}; polars loads it as Int64): \
                     write floats",
                    filled[0]
                ));
            }
            if let Some(v) = filled.iter().find(|v| !parses(v)) {
                let past = kind == "integer" && v.bytes().all(|b| b.is_ascii_digit());
                faults.push(format!(
                    "{rel}: {kind} column {name} holds {v:?}{}",
                    if past {
                        format!(": past 64 bits, a count that large lives in a text column *{TEXT_COUNT_SUFFIX}")
                    } else {
                        String::new()
                    }
                ));
            }
        }
        "boolean" => {
            if let Some(v) = filled.iter().find(|v| !["true", "false"].contains(v)) {
                faults.push(format!("{rel}: boolean column {name} holds {v:?}"));
            }
        }
        _ => {}
    }
    faults
}

/// Plain loaders read every CSV under `data/` as the package declares it (issue 37, item 6),
/// checked on the values themselves (no loader needed), for every column of every CSV resource:
/// (a) a `string` column has a value that is not a number, so pandas and polars keep it as text
/// (bit strings keep their leading zeros), and is never empty on every row (pandas reads that as
/// float64); (b) an `integer` column's values parse as 64-bit integers and it has no empty cell
/// (pandas reads a column with a gap as float64), so a quantity absent on some rows is a `number`;
/// (c) a `number` column's values parse as floats and not all as integers (polars would read
/// Int64); (d) no numeric column is empty on every row (polars reads it as text); (e) a count past
/// 64 bits is never in an `integer` column: an exact count kept as text has a name ending in
/// [`TEXT_COUNT_SUFFIX`] beside its float companion; (f) booleans are `true`/`false`.
/// `STATESPACE_LOADERS_DATA=dir` checks a scratch record instead of `data/`.
#[test]
fn plain_loaders_read_every_csv_as_the_package_declares() {
    let faults = loader_faults();
    assert!(
        faults.is_empty(),
        "{} columns plain loaders read otherwise than the package declares:\n{}",
        faults.len(),
        faults.join("\n")
    );
}

/// The data tree the loader rules read: `data/` of the checkout, or the one `STATESPACE_LOADERS_DATA`
/// names (a record regenerated into a scratch directory, to try a change before committing it).
fn loaders_data() -> PathBuf {
    std::env::var_os("STATESPACE_LOADERS_DATA").map_or_else(|| root().join("data"), PathBuf::from)
}

/// The columns of every CSV in data/ that plain loaders read otherwise than the package declares.
fn loader_faults() -> Vec<String> {
    let data = loaders_data();
    let pkg: Value = serde_json::from_str(&std::fs::read_to_string(data.join("datapackage.json")).unwrap()).unwrap();
    let mut faults = Vec::new();
    let mut files = 0;
    for r in pkg["resources"].as_array().unwrap() {
        let rel = r["path"].as_str().unwrap();
        if !rel.ends_with(".csv") {
            continue;
        }
        files += 1;
        let mut reader = csv::Reader::from_path(data.join(rel)).unwrap();
        let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
        let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
        for f in r["schema"]["fields"].as_array().unwrap() {
            let name = f["name"].as_str().unwrap();
            let kind = f["type"].as_str().unwrap();
            let Some(i) = header.iter().position(|h| h == name) else {
                faults.push(format!("data/{rel}: declared column {name} is not in the file"));
                continue;
            };
            let values: Vec<&str> = rows.iter().map(|row| row.get(i).unwrap_or("")).collect();
            let exact_count = f.get("constraints").is_some();
            faults.extend(plain_load_faults(
                &format!("data/{rel}"),
                name,
                kind,
                exact_count,
                &values,
            ));
        }
    }
    faults.sort();
    assert!(files >= 40, "only {files} CSV files");
    faults
}

#[test]
fn plain_load_faults_name_each_rule() {
    let f = |kind: &str, exact: bool, values: &[&str]| plain_load_faults("x.csv", "c", kind, exact, values).len();
    assert_eq!(
        f("string", false, &["00111", "01000"]),
        1,
        "bit strings load as numbers"
    );
    assert_eq!(f("string", false, &["..###", "01000"]), 0);
    assert_eq!(f("string", false, &["", ""]), 1, "an empty text column loads as floats");
    assert_eq!(f("string", false, &["", "none"]), 0);
    assert_eq!(f("integer", false, &["1", "2"]), 0);
    assert_eq!(
        f("number", false, &["1", ""]),
        1,
        "a number column of integers loads as Int64"
    );
    assert_eq!(f("number", false, &["1.0", ""]), 0);
    assert_eq!(f("string", true, &["4_950"]), 1, "an exact count named as a number");
    assert_eq!(f("integer", false, &["1", ""]), 1, "a gap makes pandas read floats");
    assert_eq!(f("integer", false, &["", ""]), 1, "an all-empty integer column");
    assert_eq!(f("integer", false, &["18446744073709551616"]), 1, "past 64 bits");
    assert_eq!(f("number", false, &["1.5", "x"]), 1);
    assert_eq!(f("boolean", false, &["true", "yes"]), 1);
}
