//! Published values as the project keeps them: CSV files under `tests/data/` whose `#` header
//! lines name the source. The same files are the tests' oracles and the claims' published side,
//! so a published figure is typed in exactly once, beside its citation.

use super::table::{from_csv, Table};

/// One oracle file: its source lines and its rows (text cells).
pub struct Published {
    /// The `#` header, joined into one line.
    pub source: String,
    pub table: Table,
}

impl Published {
    /// Parses an oracle file embedded with `include_str!`. Panics only on a malformed file that is
    /// part of this crate's source (a build-time constant, covered by the tests).
    pub fn parse(text: &str) -> Published {
        let source: Vec<&str> = text
            .lines()
            .take_while(|l| l.starts_with('#'))
            .map(|l| l.trim_start_matches('#').trim())
            .collect();
        let body: String = text
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| format!("{l}\n"))
            .collect();
        let table = from_csv(body.as_bytes()).expect("embedded oracle file is valid CSV");
        Published {
            source: source.join(" "),
            table,
        }
    }

    /// The rows as (column -> text) lookups.
    pub fn rows(&self) -> impl Iterator<Item = impl Fn(&str) -> String + '_> + '_ {
        self.table.rows.iter().map(move |r| {
            move |name: &str| {
                let c = self
                    .table
                    .column(name)
                    .unwrap_or_else(|| panic!("oracle has no column {name}"));
                r[c].render()
            }
        })
    }
}
