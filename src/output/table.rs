//! Tidy tables and their CSV bytes.

use anyhow::{bail, Result};

/// One value of a table. Integers stay integers (exact, up to 128 bits).
#[derive(Clone, Debug, PartialEq)]
pub enum Cell {
    Int(i128),
    UInt(u128),
    /// A float printed with a fixed number of decimals, so bytes never depend on the platform.
    Fixed(f64, usize),
    Text(String),
    Empty,
}

impl Cell {
    pub fn render(&self) -> String {
        match self {
            Cell::Int(v) => v.to_string(),
            Cell::UInt(v) => v.to_string(),
            Cell::Fixed(v, d) => format!("{v:.d$}"),
            Cell::Text(s) => s.clone(),
            Cell::Empty => String::new(),
        }
    }
}

macro_rules! cell_from {
    ($($t:ty => $v:ident),*) => {$(
        impl From<$t> for Cell {
            fn from(x: $t) -> Cell { Cell::$v(x.into()) }
        }
    )*};
}
cell_from!(u8 => UInt, u16 => UInt, u32 => UInt, u64 => UInt, u128 => UInt, i32 => Int, i64 => Int);
impl From<usize> for Cell {
    fn from(x: usize) -> Cell {
        Cell::UInt(x as u128)
    }
}
impl From<bool> for Cell {
    /// Booleans as `true` / `false` (what Frictionless and polars read as booleans).
    fn from(x: bool) -> Cell {
        Cell::Text(if x { "true" } else { "false" }.into())
    }
}
impl From<String> for Cell {
    fn from(x: String) -> Cell {
        Cell::Text(x)
    }
}
impl From<&str> for Cell {
    fn from(x: &str) -> Cell {
        Cell::Text(x.to_string())
    }
}
impl<T: Into<Cell>> From<Option<T>> for Cell {
    fn from(x: Option<T>) -> Cell {
        x.map_or(Cell::Empty, Into::into)
    }
}

/// An exact count that may pass 64 bits, as decimal text with `_` between groups of three digits
/// (`15_329_604_581_324_902_942`, the digit grouping of Python and Rust literals), and always at
/// least one `_`: a count below 1000 is written `0_ddd` (`0_048`, `0_000`). Plain digits would not
/// do: a reader's type inference takes them for an integer, and polars then fails past 39 digits
/// or sums an Int64 column that silently wraps; and a column whose values were all below 1000
/// would load as integers in one file and as text in the next. Grouped text with a `_` in every
/// value stays text in every file, Python's `int(text)` reads it exactly (`int("0_048")` is 48),
/// and [`parse_exact_count`] is the inverse. The column holding it is named `*_text`, beside its
/// numeric companion ([`count_number`]) under the count's own name.
pub fn exact_count(value: impl std::fmt::Display) -> Cell {
    let digits = value.to_string();
    debug_assert!(
        !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()),
        "{digits} is not a count"
    );
    // Below 1000, `0_` and three digits: a `_` in every value.
    let digits = if digits.len() < 4 {
        format!("{digits:0>4}")
    } else {
        digits
    };
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push('_');
        }
        out.push(c);
    }
    Cell::Text(out)
}

/// The numeric companion of an [`exact_count`]: the count as the nearest `f64`, written the way
/// Rust's `{:?}` writes it (`48.0`, `1.5329604581324903e19`), so pandas and polars both infer a
/// float column in every file and `.sum()` adds numbers (rounded past 2^53; the `*_text` column
/// beside it is exact).
pub fn count_number(value: impl std::fmt::Display) -> Cell {
    let digits = value.to_string();
    let x: f64 = digits.parse().expect("a count's digits parse as a float");
    Cell::Text(format!("{x:?}"))
}

/// The two cells of a count that may pass 64 bits: its exact text (`*_text`) and its numeric
/// companion, in that order (the order the schemas declare them).
pub fn exact_count_cells(value: impl std::fmt::Display) -> [Cell; 2] {
    let digits = value.to_string();
    [exact_count(&digits), count_number(&digits)]
}

/// The plain digits of an [`exact_count`] text, or `None` when `text` is not one (at least two
/// groups, groups of three after the first, no sign; the first group has no leading zero, but for
/// the `0_ddd` of a count below 1000).
pub fn parse_exact_count(text: &str) -> Option<String> {
    let groups: Vec<&str> = text.split('_').collect();
    let (first, rest) = groups.split_first()?;
    let below_1000 = *first == "0" && groups.len() == 2;
    let ok = !rest.is_empty()
        && (1..=3).contains(&first.len())
        && (below_1000 || !first.starts_with('0'))
        && rest.iter().all(|g| g.len() == 3)
        && groups.iter().all(|g| g.bytes().all(|b| b.is_ascii_digit()));
    if !ok {
        return None;
    }
    let digits = groups.concat();
    let trimmed = digits.trim_start_matches('0');
    Some(if trimmed.is_empty() {
        "0".to_string()
    } else {
        trimmed.to_string()
    })
}

/// A header and rows. Producers push rows in their final (sorted) order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Table {
    pub header: Vec<String>,
    pub rows: Vec<Vec<Cell>>,
    /// Columns written in float form: an integer cell in one of them is written `13.0`. A schema's
    /// `number` columns ([`super::schema::Schema::table`]): a whole-number quantity absent on some
    /// rows is a `number`, since pandas reads an integer column with a gap as float64 and polars
    /// reads a column of plain integers as Int64; written as floats, both read Float64.
    pub float_columns: Vec<String>,
}

impl Table {
    pub fn new(header: &[&str]) -> Table {
        Table {
            header: header.iter().map(|s| s.to_string()).collect(),
            rows: Vec::new(),
            float_columns: Vec::new(),
        }
    }

    pub fn push(&mut self, row: Vec<Cell>) {
        debug_assert_eq!(row.len(), self.header.len(), "row width differs from header");
        self.rows.push(row);
    }

    pub fn column(&self, name: &str) -> Option<usize> {
        self.header.iter().position(|h| h == name)
    }
}

/// The CSV bytes of a table: one header row, then the rows, `\n` line ends.
pub fn to_csv(table: &Table) -> Vec<u8> {
    let mut w = csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        .from_writer(Vec::new());
    w.write_record(&table.header).expect("writing to memory");
    let float: Vec<bool> = table.header.iter().map(|h| table.float_columns.contains(h)).collect();
    for row in &table.rows {
        w.write_record(row.iter().zip(&float).map(|(c, &float)| match c {
            Cell::Int(v) if float => format!("{v}.0"),
            Cell::UInt(v) if float => format!("{v}.0"),
            c => c.render(),
        }))
        .expect("writing to memory");
    }
    w.into_inner().expect("writing to memory")
}

/// Parses CSV bytes back into a table of text cells (for `--check`, tests and charts).
pub fn from_csv(bytes: &[u8]) -> Result<Table> {
    let mut r = csv::Reader::from_reader(bytes);
    let header: Vec<String> = r.headers()?.iter().map(str::to_string).collect();
    let mut t = Table {
        header,
        rows: Vec::new(),
        float_columns: Vec::new(),
    };
    for rec in r.records() {
        let rec = rec?;
        if rec.len() != t.header.len() {
            bail!("CSV row has {} fields, header has {}", rec.len(), t.header.len());
        }
        t.rows.push(rec.iter().map(|s| Cell::Text(s.to_string())).collect());
    }
    Ok(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_round_trip_keeps_big_integers() {
        let mut t = Table::new(&["a", "b", "c"]);
        t.push(vec![Cell::UInt(u128::MAX), Cell::Fixed(2.0 / 3.0, 1), Cell::Empty]);
        let bytes = to_csv(&t);
        assert_eq!(
            String::from_utf8(bytes.clone()).unwrap(),
            format!("a,b,c\n{},0.7,\n", u128::MAX)
        );
        let back = from_csv(&bytes).unwrap();
        assert_eq!(back.rows[0][0], Cell::Text(u128::MAX.to_string()));
    }

    /// An integer in a float column is written as a float; other cells and columns as they are.
    #[test]
    fn float_columns_write_integers_as_floats() {
        let mut t = Table::new(&["a", "b"]);
        t.float_columns = vec!["b".into()];
        t.push(vec![Cell::UInt(13), Cell::UInt(13)]);
        t.push(vec![Cell::Int(-2), Cell::Empty]);
        t.push(vec![Cell::Int(-2), Cell::Int(-2)]);
        t.push(vec![Cell::Empty, Cell::Fixed(0.5, 2)]);
        assert_eq!(to_csv(&t), b"a,b\n13,13.0\n-2,\n-2,-2.0\n,0.50\n");
    }

    #[test]
    fn exact_counts_group_digits_and_parse_back() {
        for (v, text) in [
            (0u128, "0_000"),
            (7, "0_007"),
            (48, "0_048"),
            (999, "0_999"),
            (1000, "1_000"),
            (123456, "123_456"),
            (1234567, "1_234_567"),
        ] {
            assert_eq!(exact_count(v), Cell::Text(text.into()));
            assert_eq!(parse_exact_count(text), Some(v.to_string()));
        }
        let max = u128::MAX.to_string();
        let Cell::Text(t) = exact_count(&max) else {
            unreachable!()
        };
        assert_eq!(parse_exact_count(&t), Some(max));
        for bad in [
            "", "_1", "1_", "1_00", "1234", "01", "0", "7", "999", "0_0_000", "01_000", "-1", "1_2a4", "1__000",
        ] {
            assert_eq!(parse_exact_count(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn count_companions_are_floats_every_loader_infers() {
        assert_eq!(count_number(0u8), Cell::Text("0.0".into()));
        assert_eq!(count_number(48u8), Cell::Text("48.0".into()));
        assert_eq!(
            count_number("15329604581324902942"),
            Cell::Text("1.5329604581324902e19".into())
        );
        let [text, number] = exact_count_cells(1234u32);
        assert_eq!(
            (text, number),
            (Cell::Text("1_234".into()), Cell::Text("1234.0".into()))
        );
    }
}
