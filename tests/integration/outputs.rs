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
            assert!(!f["description"].as_str().unwrap_or("").is_empty(), "{rel}: field {} has no description", f["name"]);
        }
        assert!(r["licenses"].is_array() && r["sources"].is_array(), "{rel}: licence and source");
        let Ok(bytes) = std::fs::read(&path) else {
            panic!("{rel} is in the package but absent");
        };
        let sha: String = {
            use sha2::Digest;
            sha2::Sha256::digest(&bytes).iter().map(|b| format!("{b:02x}")).collect()
        };
        assert_eq!(r["hash"].as_str(), Some(format!("sha256:{sha}").as_str()), "{rel}: sha256");
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
        let header: Vec<String> = csv::Reader::from_path(&path).unwrap().headers().unwrap().iter().map(String::from).collect();
        let declared: Vec<String> = fields.iter().map(|f| f["name"].as_str().unwrap().to_string()).collect();
        assert_eq!(header, declared, "{rel}: columns in the file and in the package");
        for f in fields.iter().filter(|f| f["type"] == "string") {
            let col = df.column(f["name"].as_str().unwrap()).unwrap();
            let summary = col.str().unwrap().iter().flatten().any(|v| ["total", "sum", "all"].contains(&v.to_lowercase().as_str()));
            assert!(!summary, "{rel}: a summary row inside the data");
        }
        for f in fields.iter().filter(|f| f.get("constraints").is_some()) {
            let col = df.column(f["name"].as_str().unwrap()).unwrap();
            for v in col.str().unwrap().iter().flatten() {
                assert!(v.bytes().all(|b| b.is_ascii_digit() || b == b'-'), "{rel}: {} holds {v:?}, not an integer", f["name"]);
            }
        }
        loaded += 1;
    }
    let mut on_disk = Vec::new();
    walk(data, data, &mut on_disk);
    for f in on_disk {
        assert!(described.contains(&f), "data/{f} is not described by datapackage.json");
    }
    loaded
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

#[test]
fn fresh_reproduce_writes_a_valid_package_and_an_entry_page() {
    let dir = scratch("outputs-reproduce");
    let (data, reports) = (dir.join("data"), dir.join("reports"));
    ok(&["reproduce", "--only", "peg", "--max-peg-side", "5", "--data", data.to_str().unwrap(), "--reports", reports.to_str().unwrap()]);
    assert!(check_package(&data) >= 8);
    let page = std::fs::read_to_string(reports.join("peg/README.md")).unwrap();
    for png in ["T4_profile.png", "T5_min_moves.png", "levels_by_pegs.png"] {
        assert!(page.contains(png), "peg page does not show {png}");
    }
    let claims = read_csv(&reports.join("peg/claims.csv"));
    assert!(claims.iter().any(|c| c["id"] == "peg.seed001.winning_plays" && c["verdict"] == "confirmed"));
}

/// The committed claims: every verdict is one of the four, every id unique, and the verdicts the
/// evidence in tests/data supports.
#[test]
fn committed_claims_have_the_expected_verdicts() {
    let claims = read_csv(&root().join("reports/claims.csv"));
    let mut by_id: HashMap<String, HashMap<String, String>> = HashMap::new();
    for c in claims {
        assert!(["confirmed", "refuted", "corrected", "new"].contains(&c["verdict"].as_str()), "{c:?}");
        assert!(!c["source"].is_empty() && !c["statement"].is_empty() && !c["computed"].is_empty(), "{c:?}");
        if c["verdict"] != "new" {
            assert!(!c["published"].is_empty(), "a checked claim quotes the published value: {c:?}");
        }
        assert!(by_id.insert(c["id"].clone(), c.clone()).is_none(), "duplicate claim id {}", c["id"]);
    }
    let verdict = |id: &str| by_id.get(id).map(|c| c["verdict"].clone()).unwrap_or_else(|| panic!("no claim {id}"));
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
        "tricolore.seed003.halves_bound_exhaustive",
    ] {
        assert_eq!(verdict(id), "confirmed", "{id}");
    }
    // Published figures the data refute or correct, each with its evidence.
    for (id, want) in [
        ("lightsout.oeis_a079873", "corrected"),
        ("lightsout.seed004.ignore_any_two_buttons", "refuted"),
        ("lightsout.seed002.one_way_minimal", "refuted"),
        ("tricolore.seed003.unrestricted_average_table", "corrected"),
        ("tricolore.seed003.halves_average", "corrected"),
    ] {
        assert_eq!(verdict(id), want, "{id}");
        assert!(!by_id[id]["evidence"].is_empty(), "{id} has no evidence");
    }
    // Every family has new results, and the claims of all three families are listed.
    for family in ["peg", "tricolore", "lightsout"] {
        assert!(by_id.values().any(|c| c["family"] == family && c["verdict"] == "new"), "no new result for {family}");
    }
    // The entry page shows every chart under reports/.
    let readme = std::fs::read_to_string(root().join("reports/README.md")).unwrap();
    let mut pngs = Vec::new();
    walk_png(&root().join("reports"), &mut pngs);
    for p in pngs {
        assert!(readme.contains(&p), "reports/README.md does not show {p}");
    }
}

fn walk_png(dir: &Path, out: &mut Vec<String>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            walk_png(&p, out);
        } else if p.extension().is_some_and(|x| x == "png") {
            out.push(p.file_name().unwrap().to_string_lossy().into_owned());
        }
    }
}

#[test]
fn citation_version_equals_the_crate_version_and_licences_exist() {
    let cff = std::fs::read_to_string(root().join("CITATION.cff")).unwrap();
    let version = cff.lines().find_map(|l| l.strip_prefix("version: ")).expect("CITATION.cff has a version");
    assert_eq!(version.trim().trim_matches('"'), env!("CARGO_PKG_VERSION"));
    for f in ["LICENSE", "LICENSE-DATA"] {
        assert!(root().join(f).exists(), "{f} missing");
    }
}
