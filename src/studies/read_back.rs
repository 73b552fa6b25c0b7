//! Reading back tables an earlier run wrote (peg side 8, the costly Lights Out results), so that
//! `reproduce` re-checks them instead of recomputing: rows with their header checked, numbers
//! parsed with the file, row and column named in any error.

use anyhow::{ensure, Context, Result};
use std::path::Path;

/// Every row of the CSV at `path`, whose header must be exactly `header`.
pub fn read_rows(path: &Path, header: &[&str]) -> Result<Vec<csv::StringRecord>> {
    let mut reader = csv::Reader::from_path(path).with_context(|| format!("cannot read {}", path.display()))?;
    let got: Vec<String> = reader
        .headers()
        .with_context(|| format!("{}: no header", path.display()))?
        .iter()
        .map(String::from)
        .collect();
    ensure!(
        got == header,
        "{}: columns {:?}, expected {:?}",
        path.display(),
        got,
        header
    );
    let mut rows = Vec::new();
    for (i, r) in reader.records().enumerate() {
        rows.push(r.with_context(|| format!("{}: row {} is malformed", path.display(), i + 2))?);
    }
    Ok(rows)
}

/// Every row of the CSV at `path`, whose header must be one of `headers` (a table read back
/// across a schema change), with the index of the header it has.
pub fn read_rows_of(path: &Path, headers: &[&[&str]]) -> Result<(usize, Vec<csv::StringRecord>)> {
    let mut reader = csv::Reader::from_path(path).with_context(|| format!("cannot read {}", path.display()))?;
    let got: Vec<String> = reader
        .headers()
        .with_context(|| format!("{}: no header", path.display()))?
        .iter()
        .map(String::from)
        .collect();
    let Some(which) = headers.iter().position(|h| got == *h) else {
        anyhow::bail!(
            "{}: columns {:?}, expected {:?}",
            path.display(),
            got,
            headers.last().expect("a header")
        );
    };
    let mut rows = Vec::new();
    for (i, r) in reader.records().enumerate() {
        rows.push(r.with_context(|| format!("{}: row {} is malformed", path.display(), i + 2))?);
    }
    Ok((which, rows))
}

/// `text` (row `line`, `column` of `path`) as a number.
/// A whole number is also read from its float form (`13.0`), as `number` columns write it.
pub fn number<T: std::str::FromStr>(path: &Path, line: usize, column: &str, text: &str) -> Result<T> {
    text.parse()
        .or_else(|e| text.strip_suffix(".0").map_or(Err(e), str::parse))
        .map_err(|_| anyhow::anyhow!("{}: row {line}, {column} {text:?} is not a number", path.display()))
}
