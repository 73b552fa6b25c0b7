//! A data file's columns, declared once. A [`Schema`] names a kind of file under `data/` (a path
//! pattern), describes it, and lists its [`Column`]s in file order; each column is a glossary
//! [`Term`] (its one name and unit) with the type and the description it has in this file. The
//! table writer takes its header from the schema ([`Schema::table`]), the data package its fields
//! ([`super::datapackage::package`]), and the glossary is the set of terms the schemas use.

use super::glossary::Term;
use super::table::{Cell, Table};

/// The type a field is declared with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Integer,
    Number,
    String,
    Boolean,
    /// An exact count whose values or column sum may exceed 64 bits: a string field named
    /// `*_text` of decimal digits grouped by `_`, at least one `_` in every value
    /// (`table::exact_count`), so no reader infers an integer that fails or wraps; a number column
    /// under the count's own name (`table::count_number`) sits beside it, and a `log10_...` one.
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
    /// Left out of a file in which it would be empty on every row ([`Schema::drop_empty_optional`]):
    /// a column empty on every row loads as text in polars and as floats in pandas.
    pub optional: bool,
}

impl Column {
    pub const fn name(&self) -> &'static str {
        self.term.name
    }

    pub const fn unit(&self) -> &'static str {
        self.term.unit
    }

    /// This column, left out of a file where it is empty on every row.
    pub const fn optional(self) -> Column {
        Column { optional: true, ..self }
    }
}

/// Shorthand for a column.
pub const fn col(term: Term, kind: Kind, description: &'static str) -> Column {
    Column {
        term,
        kind,
        description,
        optional: false,
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
        let mut t = Table::new(&self.header());
        t.float_columns = self
            .columns
            .iter()
            .filter(|c| c.kind == Kind::Number)
            .map(|c| c.name().to_string())
            .collect();
        t
    }

    /// The column named `name`.
    pub fn column(&self, name: &str) -> Option<&'static Column> {
        self.columns.iter().find(|c| c.name() == name)
    }

    /// Every header a file of this schema may have: the full one first, then each with some of its
    /// optional columns left out ([`Schema::drop_empty_optional`]), in file order.
    pub fn accepted_headers(&self) -> Vec<Vec<&'static str>> {
        let optional: Vec<usize> = (0..self.columns.len()).filter(|&i| self.columns[i].optional).collect();
        (0..1usize << optional.len())
            .map(|dropped| {
                (0..self.columns.len())
                    .filter(|i| {
                        optional
                            .iter()
                            .position(|o| o == i)
                            .is_none_or(|k| dropped >> k & 1 == 0)
                    })
                    .map(|i| self.columns[i].name())
                    .collect()
            })
            .collect()
    }

    /// `table` without its optional columns that are empty on every row (a table with no rows
    /// keeps them all: its header is all a reader has).
    pub fn drop_empty_optional(&self, mut table: Table) -> Table {
        let drop: Vec<usize> = (0..table.header.len())
            .filter(|&i| {
                self.column(&table.header[i]).is_some_and(|c| c.optional)
                    && !table.rows.is_empty()
                    && table.rows.iter().all(|r| r[i] == Cell::Empty)
            })
            .collect();
        let keep = |i: &usize| !drop.contains(i);
        table.header = table
            .header
            .into_iter()
            .enumerate()
            .filter(|(i, _)| keep(i))
            .map(|(_, h)| h)
            .collect();
        for row in &mut table.rows {
            *row = std::mem::take(row)
                .into_iter()
                .enumerate()
                .filter(|(i, _)| keep(i))
                .map(|(_, c)| c)
                .collect();
        }
        table
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
    fn only_optional_columns_empty_on_every_row_are_dropped() {
        static OPT: Schema = Schema {
            pattern: "x/*.csv",
            description: "an example",
            columns: &[
                col(glossary::pegs, Integer, "pegs"),
                col(glossary::wall_s, Number, "time").optional(),
                col(glossary::moves, Integer, "moves").optional(),
            ],
            primary_key: &[glossary::pegs],
            source: "test",
        };
        let mut t = OPT.table();
        t.push(vec![Cell::Empty, Cell::Empty, 3u32.into()]);
        t.push(vec![1u32.into(), Cell::Empty, Cell::Empty]);
        let t = OPT.drop_empty_optional(t);
        assert_eq!(t.header, ["pegs", "moves"], "pegs is not optional; moves has a value");
        assert_eq!(t.rows[0], [Cell::Empty, 3u32.into()]);
        assert_eq!(OPT.drop_empty_optional(OPT.table()).header.len(), 3);
    }

    #[test]
    fn header_and_units_come_from_the_declaration() {
        assert_eq!(EXAMPLE.header(), ["pegs", "wall_s"]);
        assert_eq!(EXAMPLE.table().header, ["pegs", "wall_s"]);
        assert_eq!(EXAMPLE.column("wall_s").map(Column::unit), Some("s"));
        assert!(EXAMPLE.column("nope").is_none());
    }

    /// The full header first, then every subset of the optional columns left out, file order kept.
    #[test]
    fn accepted_headers_leave_out_each_subset_of_optional_columns() {
        use crate::output::glossary;
        static TWO: Schema = Schema {
            pattern: "x.csv",
            description: "",
            columns: &[
                col(glossary::pegs, Kind::Integer, ""),
                col(glossary::wall_s, Kind::Number, "").optional(),
                col(glossary::cpu_s, Kind::Number, "").optional(),
            ],
            primary_key: &[],
            source: "",
        };
        assert_eq!(
            TWO.accepted_headers(),
            [
                vec!["pegs", "wall_s", "cpu_s"],
                vec!["pegs", "cpu_s"],
                vec!["pegs", "wall_s"],
                vec!["pegs"]
            ]
        );
    }
}
