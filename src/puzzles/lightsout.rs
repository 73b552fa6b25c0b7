//! Lights Out: the rules only. A press toggles a neighbourhood of cells (`plus`: the cell and its
//! four orthogonal neighbours; `block`: the 3x3 block around it), on an open board or a torus.
//! Boards are `m` rows of `n` cells, each row packed into u64 words. How boards are solved lives
//! elsewhere.
//!
//! Torus convention for a side below 3: a press toggles each *distinct* cell of its
//! neighbourhood once (the neighbourhood is a set, as on the graph C_m x C_n without multiple
//! edges). On a side of 2 the "left" and "right" neighbours are the same cell, toggled once; on a
//! side of 1 they are the cell itself, so the press toggles it once.

use anyhow::{bail, Context, Result};

use crate::engine::gf2::{self, words, BitMatrix};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rule {
    /// The cell and its 4 orthogonal neighbours.
    Plus,
    /// The 3x3 block centred on the cell.
    Block,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Topology {
    Open,
    Torus,
}

impl Rule {
    pub fn name(self) -> &'static str {
        match self {
            Rule::Plus => "plus",
            Rule::Block => "block",
        }
    }
    /// Offsets `(dr, dc)` toggled by a press, before the topology is applied.
    pub fn offsets(self) -> &'static [(i64, i64)] {
        match self {
            Rule::Plus => &[(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)],
            Rule::Block => &[
                (-1, -1),
                (-1, 0),
                (-1, 1),
                (0, -1),
                (0, 0),
                (0, 1),
                (1, -1),
                (1, 0),
                (1, 1),
            ],
        }
    }
}

impl Topology {
    pub fn name(self) -> &'static str {
        match self {
            Topology::Open => "open",
            Topology::Torus => "torus",
        }
    }
}

/// One m x n Lights Out variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Game {
    pub rule: Rule,
    pub topology: Topology,
    pub rows: usize,
    pub cols: usize,
}

impl Game {
    pub fn new(rule: Rule, topology: Topology, rows: usize, cols: usize) -> Result<Game> {
        if rows == 0 || cols == 0 {
            bail!("a board needs at least one row and one column (got {rows} x {cols})");
        }
        Ok(Game {
            rule,
            topology,
            rows,
            cols,
        })
    }

    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }

    /// The distinct cells toggled by pressing `(r, c)` (row-major indices), sorted.
    pub fn toggled(&self, r: usize, c: usize) -> Vec<usize> {
        let mut out = Vec::with_capacity(9);
        for &(dr, dc) in self.rule.offsets() {
            let (rr, cc) = (r as i64 + dr, c as i64 + dc);
            let (rr, cc) = match self.topology {
                Topology::Open => {
                    if rr < 0 || cc < 0 || rr >= self.rows as i64 || cc >= self.cols as i64 {
                        continue;
                    }
                    (rr, cc)
                }
                Topology::Torus => (rr.rem_euclid(self.rows as i64), cc.rem_euclid(self.cols as i64)),
            };
            out.push(rr as usize * self.cols + cc as usize);
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The press matrix A (cells x cells): column j is the set of cells toggled by pressing j.
    /// Every rule here is symmetric, so row i is also the set of presses that toggle cell i.
    pub fn press_matrix(&self) -> Result<BitMatrix> {
        let n = self.cells();
        let mut a = BitMatrix::zeros(n, n).context("the press matrix")?;
        for r in 0..self.rows {
            for c in 0..self.cols {
                for t in self.toggled(r, c) {
                    a.set(t, r * self.cols + c, true);
                }
            }
        }
        Ok(a)
    }

    /// The 1D factor of the block rule: the press matrix of a 1 x `len` strip (tridiagonal with
    /// ones, or its circulant on the torus). The block press matrix is `factor(m) (x) factor(n)`.
    pub fn strip(rule_topology: Topology, len: usize) -> Result<BitMatrix> {
        Game::new(Rule::Block, rule_topology, 1, len)?.press_matrix()
    }
}

/// A board (lights on = 1) or a press pattern: `rows` rows of packed bits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    pub rows: usize,
    pub cols: usize,
    pub stride: usize,
    pub bits: Vec<u64>,
}

impl Grid {
    pub fn zeros(rows: usize, cols: usize) -> Result<Grid> {
        let stride = words(cols);
        let total = rows.checked_mul(stride).filter(|&t| t < (1 << 36));
        let Some(total) = total else {
            bail!("a {rows} x {cols} board is beyond memory")
        };
        Ok(Grid {
            rows,
            cols,
            stride,
            bits: gf2::zeroed_words(total, &format!("a {rows} x {cols} board"))?,
        })
    }
    pub fn ones(rows: usize, cols: usize) -> Result<Grid> {
        let mut g = Grid::zeros(rows, cols)?;
        for r in 0..rows {
            let row = g.row_mut(r);
            for w in row.iter_mut().take(cols / 64) {
                *w = u64::MAX;
            }
            if !cols.is_multiple_of(64) {
                row[cols / 64] = (1u64 << (cols % 64)) - 1;
            }
        }
        Ok(g)
    }
    pub fn row(&self, r: usize) -> &[u64] {
        &self.bits[r * self.stride..(r + 1) * self.stride]
    }
    pub fn row_mut(&mut self, r: usize) -> &mut [u64] {
        &mut self.bits[r * self.stride..(r + 1) * self.stride]
    }
    pub fn get(&self, r: usize, c: usize) -> bool {
        gf2::get_bit(self.row(r), c)
    }
    pub fn flip(&mut self, r: usize, c: usize) {
        gf2::flip_bit(self.row_mut(r), c)
    }
    pub fn set(&mut self, r: usize, c: usize, on: bool) {
        gf2::set_bit(self.row_mut(r), c, on)
    }
    pub fn count(&self) -> u64 {
        gf2::popcount(&self.bits)
    }
    pub fn is_clear(&self) -> bool {
        self.bits.iter().all(|&w| w == 0)
    }
    /// Row-major cell vector (cell `r * cols + c`), for the generic engine.
    pub fn to_vector(&self) -> Vec<u64> {
        let mut v = vec![0u64; words(self.rows * self.cols)];
        for r in 0..self.rows {
            for c in 0..self.cols {
                if self.get(r, c) {
                    gf2::flip_bit(&mut v, r * self.cols + c);
                }
            }
        }
        v
    }
    pub fn from_vector(rows: usize, cols: usize, v: &[u64]) -> Result<Grid> {
        let mut g = Grid::zeros(rows, cols)?;
        for r in 0..rows {
            for c in 0..cols {
                if gf2::get_bit(v, r * cols + c) {
                    g.flip(r, c);
                }
            }
        }
        Ok(g)
    }
    /// Text form: one line per row, `#` = 1 and `.` = 0 (or `1`/`0` with `digits`).
    pub fn to_text(&self, digits: bool) -> String {
        let (on, off) = if digits { ('1', '0') } else { ('#', '.') };
        let mut s = String::with_capacity(self.rows * (self.cols + 1));
        for r in 0..self.rows {
            for c in 0..self.cols {
                s.push(if self.get(r, c) { on } else { off });
            }
            s.push('\n');
        }
        s
    }
}

/// Applies the presses `p` to `board` (XOR of every pressed neighbourhood), row-wise on packed
/// words; this is the replay that verifies every answer.
pub fn apply_presses(game: &Game, board: &Grid, p: &Grid) -> Result<Grid> {
    let (m, n) = (game.rows, game.cols);
    if board.rows != m || board.cols != n || p.rows != m || p.cols != n {
        bail!("board and presses differ in size");
    }
    let mut out = board.clone();
    let mask_last = if n % 64 == 0 { u64::MAX } else { (1u64 << (n % 64)) - 1 };
    // Horizontal spread of one press row: the columns a press in each column toggles.
    let spread = |row: &[u64]| -> Vec<u64> {
        let s = row.len();
        let mut h = row.to_vec();
        match (game.topology, n) {
            (Topology::Torus, 1) => {}
            (Topology::Torus, 2) => {
                // left = right = the other cell, toggled once: each press toggles both cells.
                h[0] = if (row[0] & 3).count_ones() == 1 { 3 } else { 0 };
            }
            _ => {
                for i in 0..s {
                    let left = row[i] << 1 | if i > 0 { row[i - 1] >> 63 } else { 0 };
                    let right = row[i] >> 1 | if i + 1 < s { row[i + 1] << 63 } else { 0 };
                    h[i] ^= left ^ right;
                }
                if game.topology == Topology::Torus {
                    // wrap: column n-1 toggles column 0 and vice versa
                    if gf2::get_bit(row, n - 1) {
                        gf2::flip_bit(&mut h, 0);
                    }
                    if gf2::get_bit(row, 0) {
                        gf2::flip_bit(&mut h, n - 1);
                    }
                }
                h[s - 1] &= mask_last;
            }
        }
        h
    };
    for r in 0..m {
        let pr = p.row(r);
        if pr.iter().all(|&w| w == 0) {
            continue;
        }
        let h = spread(pr);
        // Its own row gets the horizontal spread under both rules; the rows above and below get
        // the pressed cells (plus) or the spread again (block).
        let own: &[u64] = &h;
        let vert: Vec<u64> = match game.rule {
            Rule::Plus => pr.to_vec(),
            Rule::Block => h.clone(),
        };
        let targets: Vec<usize> = {
            let mut t = Vec::new();
            let cand = [r as i64 - 1, r as i64 + 1];
            for rr in cand {
                match game.topology {
                    Topology::Open => {
                        if rr >= 0 && rr < m as i64 {
                            t.push(rr as usize)
                        }
                    }
                    Topology::Torus => t.push(rr.rem_euclid(m as i64) as usize),
                }
            }
            t.sort_unstable();
            t.dedup();
            t.retain(|&x| x != r);
            t
        };
        gf2::xor_into(out.row_mut(r), own);
        for t in targets {
            gf2::xor_into(out.row_mut(t), &vert);
        }
    }
    Ok(out)
}

/// Parses a board file: rows of `0`/`1` or `.`/`#` (one format per file), all the same length.
/// Blank lines at the end, blanks at the end of a line, `\r\n` line ends and a UTF-8 byte-order
/// mark (which some editors write) are accepted.
pub fn parse_board(text: &str, what: &str) -> Result<Grid> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let lines: Vec<&str> = text.lines().map(|l| l.trim_end_matches([' ', '\t', '\r'])).collect();
    let mut end = lines.len();
    while end > 0 && lines[end - 1].trim().is_empty() {
        end -= 1;
    }
    let lines = &lines[..end];
    if lines.is_empty() {
        bail!("{what} is empty: expected rows of 0/1 or ./#");
    }
    let cols = lines[0].len();
    if cols == 0 {
        bail!("{what}: line 1 is empty");
    }
    let mut digits = None;
    let mut g = Grid::zeros(lines.len(), cols)?;
    for (r, line) in lines.iter().enumerate() {
        if line.len() != cols {
            bail!(
                "{what} is not rectangular: line {} has {} cells, line 1 has {cols}",
                r + 1,
                line.chars().count()
            );
        }
        for (c, ch) in line.bytes().enumerate() {
            let (on, is_digit) = match ch {
                b'0' => (false, true),
                b'1' => (true, true),
                b'.' => (false, false),
                b'#' => (true, false),
                _ => {
                    let shown = line[c..].chars().next().unwrap_or('?');
                    bail!(
                        "{what}: unknown character {shown:?} at line {}, column {} (use 0/1 or ./#)",
                        r + 1,
                        c + 1
                    )
                }
            };
            if *digits.get_or_insert(is_digit) != is_digit {
                bail!("{what}: line {} mixes 0/1 with ./# ", r + 1);
            }
            if on {
                g.flip(r, c);
            }
        }
    }
    Ok(g)
}

/// Whether the board text used digits (to answer in the same format).
pub fn uses_digits(text: &str) -> bool {
    text.bytes()
        .find(|b| matches!(b, b'0' | b'1' | b'.' | b'#'))
        .is_none_or(|b| b == b'0' || b == b'1')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packed_replay_matches_press_matrix() {
        for rule in [Rule::Plus, Rule::Block] {
            for topo in [Topology::Open, Topology::Torus] {
                for m in 1..=5 {
                    for n in [1, 2, 3, 4, 5, 63, 64, 65, 70] {
                        if m * n > 400 {
                            continue;
                        }
                        let g = Game::new(rule, topo, m, n).unwrap();
                        let a = g.press_matrix().unwrap();
                        let mut seed = (m * 1000 + n) as u64;
                        let mut p = Grid::zeros(m, n).unwrap();
                        for r in 0..m {
                            for c in 0..n {
                                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                                if seed >> 60 & 1 == 1 {
                                    p.flip(r, c);
                                }
                            }
                        }
                        let zero = Grid::zeros(m, n).unwrap();
                        let fast = apply_presses(&g, &zero, &p).unwrap();
                        let slow = Grid::from_vector(m, n, &a.mul_vec(&p.to_vector())).unwrap();
                        assert_eq!(fast, slow, "{rule:?} {topo:?} {m}x{n}");
                    }
                }
            }
        }
    }

    #[test]
    fn parse_rejects_bad_boards() {
        assert!(parse_board("", "b").unwrap_err().to_string().contains("empty"));
        assert!(parse_board("01\n0\n", "b")
            .unwrap_err()
            .to_string()
            .contains("not rectangular"));
        assert!(parse_board("0x\n", "b")
            .unwrap_err()
            .to_string()
            .contains("unknown character"));
        assert_eq!(parse_board("#.\n.#\n", "b").unwrap().count(), 2);
        assert_eq!(parse_board("10\r\n01\r\n\n", "b").unwrap().count(), 2);
    }
}
