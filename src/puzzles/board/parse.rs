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
    let lattices = [Lattice::Square, Lattice::SquareDiagonal, Lattice::Triangular].map(|l| (l.name(), l));
    let (lattice, cells) = read_picture(text, name, &lattices, MAX_CELLS, "the most the layered engine takes")?;
    if lines_of(lattice, &cells).is_empty() {
        let (r, c) = cells[0];
        return Err(BoardFileError::at(
            name,
            r as usize + 2,
            c as usize + 1,
            &format!(
                "no jump is possible: no three holes lie in a row along a {} line",
                lattice.name()
            ),
        ));
    }
    Ok(Picture { lattice, cells })
}

impl BoardFileError {
    /// The error at a line and column of the file `name`, control characters escaped (the file's
    /// own text is quoted with `{:?}` already), so nothing in the file can break the line.
    pub fn at(name: &str, line: usize, col: usize, what: &str) -> BoardFileError {
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
    }
}

/// A picture file: a first line `lattice: NAME` with one of `lattices`' names, then one character
/// per cell (`o` a cell, `.` or a space none), at most `max_cells` cells (`why_max` says why).
/// Returns the lattice and the cells as (row, column) in reading order.
pub fn read_picture<L: Copy>(
    text: &str,
    name: &str,
    lattices: &[(&str, L)],
    max_cells: usize,
    why_max: &str,
) -> Result<(L, Vec<(i32, i32)>), BoardFileError> {
    let err = |line: usize, col: usize, what: String| BoardFileError::at(name, line, col, &what);
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = text.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l));
    let first = lines.next().unwrap_or("");
    let lattice = first
        .split_once(':')
        .filter(|(key, _)| key.trim() == "lattice")
        .and_then(|(_, value)| lattices.iter().find(|l| l.0 == value.trim()).map(|l| l.1))
        .ok_or_else(|| {
            let shown: String = first.chars().take(40).collect();
            let names: Vec<String> = lattices.iter().map(|l| format!("`lattice: {}`", l.0)).collect();
            let (last, rest) = names.split_last().expect("at least one lattice");
            let listed = if rest.is_empty() {
                last.clone()
            } else {
                format!("{} or {last}", rest.join(", "))
            };
            err(1, 1, format!("expected {listed}, found {shown:?}"))
        })?;
    let mut cells = Vec::new();
    for (i, line) in lines.enumerate() {
        for (j, ch) in line.chars().enumerate() {
            match ch {
                'o' if cells.len() == max_cells => {
                    return Err(err(i + 2, j + 1, format!("more than {max_cells} holes ({why_max})")))
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
    Ok((lattice, cells))
}
