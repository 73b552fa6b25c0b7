//! A data file's columns, declared once. A [`Schema`] names a kind of file under `data/` (a path
//! pattern), describes it, and lists its [`Column`]s in file order; each column is a glossary
//! [`Term`] (its one name and unit) with the type and the description it has in this file. The
//! table writer takes its header from the schema ([`Schema::table`]), the data package its fields
//! ([`super::datapackage::package`]), and the glossary is the set of terms the schemas use.

use super::glossary::Term;
use super::table::Table;

/// The type a field is declared with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Integer,
    Number,
    String,
    Boolean,
    /// An exact count whose values or column sum may exceed 64 bits: a string field of decimal
    /// digits grouped by `_` (`table::exact_count`), so no reader infers an integer that fails or
    /// wraps; a `log10_...` number column sits beside it for plotting.
    BigInteger,
}

impl Kind {
    pub fn frictionless(self) -> &'static str {
        match self {
            Kind::Integer => "integer",
            Kind::Number => "number",
            Kind::String | Kind::BigInteger => "string",
            Kind::Boolean => "boolean",
        }
    }
}

/// One column of a file: which term, its type, and what it holds in this file.
#[derive(Clone, Copy, Debug)]
pub struct Column {
    pub term: Term,
    pub kind: Kind,
    pub description: &'static str,
}

impl Column {
    pub const fn name(&self) -> &'static str {
        self.term.name
    }

    pub const fn unit(&self) -> &'static str {
        self.term.unit
    }
}

/// Shorthand for a column.
pub const fn col(term: Term, kind: Kind, description: &'static str) -> Column {
    Column {
        term,
        kind,
        description,
    }
}

/// One kind of data file: a path pattern under `data/` (`*` matches within one path segment).
#[derive(Clone, Copy, Debug)]
pub struct Schema {
    pub pattern: &'static str,
    pub description: &'static str,
    pub columns: &'static [Column],
    pub primary_key: &'static [Term],
    /// Where the rules or the published figures come from.
    pub source: &'static str,
}

impl Schema {
    /// The column names in file order: the CSV header.
    pub fn header(&self) -> Vec<&'static str> {
        self.columns.iter().map(Column::name).collect()
    }

    /// An empty table with this schema's header.
    pub fn table(&self) -> Table {
        Table::new(&self.header())
    }

    /// The column named `name`.
    pub fn column(&self, name: &str) -> Option<&'static Column> {
        self.columns.iter().find(|c| c.name() == name)
    }
}

#[cfg(test)]
mod tests {
    use super::Kind::*;
    use super::*;
    use crate::output::glossary;

    static EXAMPLE: Schema = Schema {
        pattern: "x/*.csv",
        description: "an example",
        columns: &[
            col(glossary::pegs, Integer, "pegs"),
            col(glossary::wall_s, Number, "time"),
        ],
        primary_key: &[glossary::pegs],
        source: "test",
    };

    #[test]
    fn header_and_units_come_from_the_declaration() {
        assert_eq!(EXAMPLE.header(), ["pegs", "wall_s"]);
        assert_eq!(EXAMPLE.table().header, ["pegs", "wall_s"]);
        assert_eq!(EXAMPLE.column("wall_s").map(Column::unit), Some("s"));
        assert!(EXAMPLE.column("nope").is_none());
    }
}
