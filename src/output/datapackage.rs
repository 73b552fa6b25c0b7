//! `data/datapackage.json`, a Frictionless Data Package describing every CSV and Parquet file under
//! `data/`: fields with types, descriptions and units, primary keys, sha256, source and licence.
//! Each kind of file is declared once, by a [`Schema`] next to the code that writes it; the
//! glossary written here is the set of terms those schemas use. The tests load every CSV with
//! polars under the declared types, so a declaration cannot drift from the data.

use anyhow::{bail, Context, Result};
use serde_json::json;
use std::path::Path;

use super::glossary::Term;
pub use super::schema::Kind;
use super::schema::{Column, Schema};

/// A data file as [`scan`] finds it: path relative to `data/`, sha256, size in bytes, columns.
pub type ScannedFile = (String, String, u64, Vec<String>);

/// `*` matches any run of characters other than `/`.
pub fn matches(pattern: &str, path: &str) -> bool {
    fn go(p: &[u8], s: &[u8]) -> bool {
        match (p.first(), s.first()) {
            (None, None) => true,
            (Some(b'*'), _) => go(&p[1..], s) || (!s.is_empty() && s[0] != b'/' && go(p, &s[1..])),
            (Some(a), Some(b)) if a == b => go(&p[1..], &s[1..]),
            _ => false,
        }
    }
    go(pattern.as_bytes(), path.as_bytes())
}

/// The dictionary entry of a file, by its path relative to `data/`.
pub fn doc_for(docs: &[&'static Schema], rel: &str) -> Option<&'static Schema> {
    docs.iter().copied().find(|d| matches(d.pattern, rel))
}

const LICENSE_DATA: &str = "CC-BY-4.0";

/// A resource name: lower case, `[a-z0-9._-]` only (Frictionless requires it).
fn resource_name(rel: &str) -> String {
    rel.to_lowercase()
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '.' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// The Frictionless field of column `c` of `data/{rel}`, as the schema `doc` declares it.
fn field_json(doc: &Schema, rel: &str, c: &str) -> Result<serde_json::Value> {
    let Some(f) = doc.column(c) else {
        bail!("data/{rel}: column {c} is not declared by its schema ({})", doc.pattern);
    };
    let mut v = json!({"name": f.name(), "type": f.kind.frictionless(), "description": f.description});
    if !f.unit().is_empty() {
        v["unit"] = json!(f.unit());
    }
    if f.kind == Kind::BigInteger {
        v["constraints"] = json!({"pattern": "[0-9]{1,3}(_[0-9]{3})+"});
        v["format"] = json!("default");
    }
    Ok(v)
}

/// The table schema of `data/{rel}`, whose columns are `columns`: every column described, every
/// described column present (a Parquet file not committed has no columns to compare), the
/// primary key among the columns.
fn schema_json(doc: &Schema, rel: &str, columns: &[String]) -> Result<serde_json::Value> {
    let fields = columns
        .iter()
        .map(|c| field_json(doc, rel, c))
        .collect::<Result<Vec<_>>>()?;
    for f in doc.columns {
        if !columns.iter().any(|c| c == f.name()) && !doc.pattern.ends_with(".parquet") && !f.optional {
            bail!(
                "data/{rel}: the data dictionary describes a column {} the file lacks",
                f.name()
            );
        }
    }
    let key: Vec<&str> = doc.primary_key.iter().map(|t| t.name).collect();
    if let Some(k) = key.iter().find(|k| !columns.iter().any(|c| c == *k)) {
        bail!(
            "data/{rel}: primary key column {k} is not a column of the file ({})",
            doc.pattern
        );
    }
    let mut schema = json!({"fields": fields});
    if !key.is_empty() {
        schema["primaryKey"] = json!(key);
    }
    Ok(schema)
}

fn license() -> serde_json::Value {
    json!([{
        "name": LICENSE_DATA,
        "path": "https://creativecommons.org/licenses/by/4.0/",
        "title": "Creative Commons Attribution 4.0"
    }])
}

/// The resource of one file: `rel` (path relative to `data/`), its sha256, size and columns.
fn resource_json(
    docs: &[&'static Schema],
    rel: &str,
    sha: &str,
    bytes: u64,
    columns: &[String],
) -> Result<serde_json::Value> {
    let doc = doc_for(docs, rel).with_context(|| format!("data/{rel} has no entry in the data dictionary"))?;
    let schema = schema_json(doc, rel, columns)?;
    let (format, mediatype) = if rel.ends_with(".parquet") {
        ("parquet", "application/vnd.apache.parquet")
    } else {
        ("csv", "text/csv")
    };
    let mut r = json!({
        "name": resource_name(rel),
        "path": rel,
        "format": format,
        "mediatype": mediatype,
        "encoding": "utf-8",
        "bytes": bytes,
        "hash": format!("sha256:{sha}"),
        "description": doc.description,
        "sources": [{"title": doc.source}],
        "licenses": license(),
        "schema": schema,
    });
    if format == "csv" {
        r["profile"] = json!("tabular-data-resource");
        r["dialect"] = json!({"delimiter": ",", "header": true, "lineTerminator": "\n"});
    } else {
        // A Parquet file is a `file` resource: validators check its bytes and hash, and its
        // schema describes the columns for readers (Frictionless parses Parquet only with
        // an optional plugin).
        r["type"] = json!("file");
        r.as_object_mut().expect("object").remove("encoding");
    }
    Ok(r)
}

/// The package for the files `files` (path relative to `data/`, sha256, bytes), each of which must
/// have a dictionary entry whose fields are exactly its columns (CSV header or Parquet schema).
pub fn package(docs: &[&'static Schema], files: &[ScannedFile]) -> Result<Vec<u8>> {
    let resources = files
        .iter()
        .map(|(rel, sha, bytes, columns)| resource_json(docs, rel, sha, *bytes, columns))
        .collect::<Result<Vec<_>>>()?;
    // Not part of the Frictionless profile (custom properties are allowed): every column name
    // the schemas use, with its one meaning and unit.
    let glossary: Vec<serde_json::Value> = used_terms(docs)
        .into_iter()
        .map(|t| {
            let mut v = json!({"name": t.name, "meaning": t.meaning});
            if !t.unit.is_empty() {
                v["unit"] = json!(t.unit);
            }
            v
        })
        .collect();
    let doc = json!({
        "profile": "data-package",
        "name": "statespace",
        "title": "statespace: exhaustive state-space statistics of peg triangles, Tricolore and Lights Out",
        "description": "Every table and dataset written by `statespace reproduce`. Column meanings are given per \
            field; the reports in ../reports/README.md show the headline figures beside their published sources.",
        "version": env!("CARGO_PKG_VERSION"),
        "licenses": license(),
        "resources": resources,
        "glossary": glossary,
    });
    let mut bytes = serde_json::to_vec_pretty(&doc)?;
    bytes.push(b'\n');
    Ok(bytes)
}

/// The terms the schemas' columns use, each once, sorted by name.
pub fn used_terms(docs: &[&Schema]) -> Vec<Term> {
    let mut terms: Vec<Term> = docs
        .iter()
        .flat_map(|d| d.columns.iter().map(|c: &Column| c.term))
        .collect();
    terms.sort_by_key(|t| t.name);
    terms.dedup_by_key(|t| t.name);
    terms
}

/// Every data file under `root` recorded in a manifest, as (path relative to root, sha256, size,
/// columns), sorted by path. Columns come from the CSV header or the Parquet schema.
pub fn scan(root: &Path) -> Result<Vec<ScannedFile>> {
    let mut manifests = Vec::new();
    super::manifest::find_manifests(root, &mut manifests)?;
    let mut out = Vec::new();
    for m in manifests {
        let dir = m.parent().expect("manifest has a directory");
        for (name, rec) in super::manifest::read_manifest(&m)? {
            if !(name.ends_with(".csv") || name.ends_with(".parquet")) {
                continue;
            }
            let path = dir.join(&name);
            let rel = path
                .strip_prefix(root)
                .expect("under root")
                .to_string_lossy()
                .replace('\\', "/");
            let columns = if name.ends_with(".csv") {
                let bytes = std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?;
                let mut r = csv::Reader::from_reader(bytes.as_slice());
                r.headers()?.iter().map(str::to_string).collect()
            } else {
                match std::fs::read(&path) {
                    Ok(bytes) => super::dataset::from_parquet(&bytes)?
                        .get_column_names()
                        .iter()
                        .map(|s| s.to_string())
                        .collect(),
                    // Large datasets are not committed; their manifest still pins them. Describe
                    // them from the dictionary alone.
                    Err(_) => Vec::new(),
                }
            };
            let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
            out.push((rel, rec.sha256, size, columns));
        }
    }
    out.sort();
    Ok(out)
}
