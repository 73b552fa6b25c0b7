//! Board files: a first line `lattice: square`, `lattice: square-diagonal` or
//! `lattice: triangular`, then a picture of the board, one character per cell: `o` a hole, `.`
//! or a space none (the triangular lattice in skewed rows). Every refusal is one line naming the
//! file, the line and the column.

use super::lattice::{lines_of, Lattice};

/// The most holes a board may have: the layered engine's universe (`engine::layered`, 56).
pub const MAX_CELLS: usize = 56;

/// A malformed board file: one line naming the file, line and column. Its own type, so the
/// command line can give it the exit status of bad input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardFileError(pub String);

impl std::fmt::Display for BoardFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BoardFileError {}

/// A parsed picture: the lattice, and the holes as (row, column) in reading order.
pub struct Picture {
    pub lattice: Lattice,
    pub cells: Vec<(i32, i32)>,
}

/// Parses a board file's text; `name` (the path) starts every error.
pub fn parse(text: &str, name: &str) -> Result<Picture, BoardFileError> {
    let err = |line: usize, col: usize, what: String| {
        // Control characters escaped (the file's own text is quoted with `{:?}` already), so
        // nothing in the file can break the line.
        let what: String = what
            .chars()
            .flat_map(|c| {
                if c.is_control() {
                    c.escape_default().collect()
                } else {
                    vec![c]
                }
            })
            .collect();
        BoardFileError(format!("board file {name}, line {line}, column {col}: {what}"))
    };
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = text.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l));
    let first = lines.next().unwrap_or("");
    let lattice = first
        .split_once(':')
        .filter(|(key, _)| key.trim() == "lattice")
        .and_then(|(_, value)| Lattice::from_name(value.trim()))
        .ok_or_else(|| {
            let shown: String = first.chars().take(40).collect();
            err(
                1,
                1,
                format!(
                    "expected `lattice: square`, `lattice: square-diagonal` or `lattice: triangular`, found {shown:?}"
                ),
            )
        })?;
    let mut cells = Vec::new();
    for (i, line) in lines.enumerate() {
        for (j, ch) in line.chars().enumerate() {
            match ch {
                'o' if cells.len() == MAX_CELLS => {
                    return Err(err(
                        i + 2,
                        j + 1,
                        format!("more than {MAX_CELLS} holes (the most the layered engine takes)"),
                    ))
                }
                'o' => cells.push((i as i32, j as i32)),
                '.' | ' ' => {}
                other => {
                    return Err(err(
                        i + 2,
                        j + 1,
                        format!("unknown character {other:?} (a hole is `o`, no hole `.` or a space)"),
                    ))
                }
            }
        }
    }
    if cells.is_empty() {
        return Err(err(2, 1, "the picture has no holes".into()));
    }
    if lines_of(lattice, &cells).is_empty() {
        let (r, c) = cells[0];
        return Err(err(
            r as usize + 2,
            c as usize + 1,
            format!(
                "no jump is possible: no three holes lie in a row along a {} line",
                lattice.name()
            ),
        ));
    }
    Ok(Picture { lattice, cells })
}
