//! Tricolore rules. A board of w x h squares, each Red, White or Blue. Clicking a square advances
//! colours R -> W -> B -> R: a red square advances alone, a white square advances its neighbours
//! (not itself), a blue square advances itself and its neighbours. The same square may not be
//! clicked twice in succession, so a search state is (board, last clicked square or none).
//!
//! Boards are dense integers: square `i` (row by row) is the base-3 digit of weight
//! `3^(n-1-i)` with R=0, W=1, B=2, so numeric order is the text order with R < W < B.
//! Text form: rows joined by `.`, e.g. `RRRB.BRWR`.

use crate::engine::norepeat::{ActionGraph, MAX_ACTIONS};
use crate::engine::{Model, Ranked, Reversible};
use anyhow::{bail, Result};

pub const RED: u8 = 0;
pub const WHITE: u8 = 1;
pub const BLUE: u8 = 2;
const LETTERS: [char; 3] = ['R', 'W', 'B'];

/// Which squares "adjoin". The source document only says "adjoining"; king adjacency is the
/// one that reproduces its tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Adjacency {
    /// The 8 surrounding squares (rows, columns and diagonals).
    King,
    /// The 4 squares sharing an edge.
    Orthogonal,
}

impl Adjacency {
    pub fn name(self) -> &'static str {
        match self {
            Adjacency::King => "king",
            Adjacency::Orthogonal => "orthogonal",
        }
    }
}

/// Which squares may be clicked (the document's 4x2 methods, generalised to "bottom row").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Regime {
    /// Any square.
    Unrestricted,
    /// Bottom row only: rows above are never disturbed except through neighbours.
    Restricted,
    /// Bottom row, plus any red square above it (a red square advances alone, so it disturbs
    /// nothing else); never entering a board whose bottom row is all blue.
    Hybrid,
}

impl Regime {
    pub fn name(self) -> &'static str {
        match self {
            Regime::Unrestricted => "unrestricted",
            Regime::Restricted => "restricted",
            Regime::Hybrid => "hybrid",
        }
    }
    pub const ALL: [Regime; 3] = [Regime::Unrestricted, Regime::Hybrid, Regime::Restricted];
}

/// Largest board: 3^20 boards still fit a u32 and 20 squares fit the engine's action masks.
pub const MAX_SQUARES: usize = 20;

/// Division of a u32 by a divisor fixed at run time, as a multiply and a shift (Granlund and
/// Montgomery): `split` runs once per expanded node and action in the 4x4 searches, where a
/// hardware division would dominate.
#[derive(Clone, Debug)]
struct DivBy {
    d: u32,
    m: u64,
    shift: u32,
}

impl DivBy {
    fn new(d: u32) -> DivBy {
        let l = 32 - (d - 1).leading_zeros(); // ceil(log2 d)
        let shift = 32 + l;
        let m = ((1u128 << shift) / u128::from(d) + 1) as u64;
        DivBy { d, m, shift }
    }
    #[inline]
    fn div_rem(&self, n: u32) -> (u32, u32) {
        let q = ((u128::from(n) * u128::from(self.m)) >> self.shift) as u32;
        (q, n - q * self.d)
    }
}

/// The board geometry and click rules.
#[derive(Clone, Debug)]
pub struct Grid {
    width: usize,
    height: usize,
    adjacency: Adjacency,
    /// Each square's (row, column) in the width x height box, in reading order: every position
    /// of the box on a rectangle, fewer on a board with holes.
    cells: Vec<(usize, usize)>,
    /// The first square of the bottom row (the restricted and hybrid regimes' clickable row).
    bottom_start: usize,
    /// `weight[i]` = 3^(n-1-i).
    weight: Vec<u32>,
    neighbours: Vec<Vec<u8>>,
    /// Squares decoded by halves: `lo_digits[board % lo_size]` packs the colours of the last
    /// n/2 squares two bits each (bit 2i = square i), `hi_digits` the first ones.
    lo_size: u32,
    lo_div: DivBy,
    lo_digits: Vec<u64>,
    hi_digits: Vec<u64>,
    /// What moving every neighbour of a square back (forward) one colour adds to the board,
    /// split by halves: `[square * half_size + half]`; the hi part in units of `lo_size`.
    /// Two table reads instead of a loop over up to 8 neighbours: the 4x4 searches' inner loop.
    retreat_hi: Vec<i32>,
    retreat_lo: Vec<i32>,
    advance_hi: Vec<i32>,
    advance_lo: Vec<i32>,
}

/// Each square's adjoining squares, row by row of the offsets: king adjacency the up to 8
/// surrounding squares, orthogonal the up to 4 sharing an edge (holes adjoin nothing).
fn neighbour_lists(cells: &[(usize, usize)], adjacency: Adjacency) -> Vec<Vec<u8>> {
    let index = |r: i64, c: i64| -> Option<usize> {
        (r >= 0 && c >= 0)
            .then(|| cells.binary_search(&(r as usize, c as usize)).ok())
            .flatten()
    };
    let mut neighbours = vec![Vec::new(); cells.len()];
    for (list, &(r, c)) in neighbours.iter_mut().zip(cells) {
        for dr in -1i64..=1 {
            for dc in -1i64..=1 {
                let diagonal = dr != 0 && dc != 0;
                if (dr, dc) == (0, 0) || (diagonal && adjacency == Adjacency::Orthogonal) {
                    continue;
                }
                if let Some(j) = index(r as i64 + dr, c as i64 + dc) {
                    list.push(j as u8);
                }
            }
        }
    }
    neighbours
}

/// Every value of `len` base-3 digits (most significant first) as 2-bit cells, the first digit at
/// square `first`.
fn pack_digits(len: usize, first: usize) -> Vec<u64> {
    (0..3u32.pow(len as u32))
        .map(|mut v| {
            let mut q = 0u64;
            for k in (0..len).rev() {
                q |= u64::from(v % 3) << (2 * (first + k));
                v /= 3;
            }
            q
        })
        .collect()
}

/// Per square and packed half (`digits`): the sum, over the square's neighbours in that half, of
/// what moving each back (`back`) or forward one colour adds to the board, in units of `unit`.
fn neighbour_steps(
    neighbours: &[Vec<u8>],
    weight: &[u32],
    digits: &[u64],
    in_half: &dyn Fn(usize) -> bool,
    unit: u32,
    back: bool,
) -> Vec<i32> {
    let mut out = Vec::with_capacity(neighbours.len() * digits.len());
    for list in neighbours {
        for &d in digits {
            let mut sum = 0i32;
            for &s in list.iter().filter(|&&s| in_half(s as usize)) {
                let (w, c) = ((weight[s as usize] / unit) as i32, (d >> (2 * s) & 3) as u8);
                // Back from red (or forward from blue) wraps round: two colours the other way.
                sum += match (back, c) {
                    (true, RED) => 2 * w,
                    (false, BLUE) => -2 * w,
                    (true, _) => -w,
                    (false, _) => w,
                };
            }
            out.push(sum);
        }
    }
    out
}

/// A board string as quoted in an error: escaped, and cut short so a megabyte of input gives a
/// readable one-line message.
pub fn shown(text: &str) -> String {
    const KEEP: usize = 48;
    match text.char_indices().nth(KEEP) {
        None => format!("{text:?}"),
        Some((cut, _)) => format!("{:?}... ({} characters)", &text[..cut], text.chars().count()),
    }
}

impl Grid {
    pub fn new(width: usize, height: usize, adjacency: Adjacency) -> Result<Grid> {
        // Checked: in a release build a wrapped product could pass the limit below.
        let Some(n) = width.checked_mul(height) else {
            bail!("board {width}x{height} is too large")
        };
        if width == 0 || height == 0 {
            bail!("board {width}x{height} has no squares");
        }
        if n > MAX_SQUARES {
            bail!("board {width}x{height} has {n} squares; at most {MAX_SQUARES} are supported");
        }
        let cells: Vec<(usize, usize)> = (0..n).map(|i| (i / width, i % width)).collect();
        Grid::with_cells(width, height, cells, adjacency)
    }

    /// A board with holes: its squares at these (row, column) positions (any order; shifted so
    /// the top row and the left column hold a square).
    pub fn from_cells(cells: &[(usize, usize)], adjacency: Adjacency) -> Result<Grid> {
        let mut cells = cells.to_vec();
        cells.sort_unstable();
        cells.dedup();
        let Some(top) = cells.iter().map(|c| c.0).min() else {
            bail!("the board has no squares");
        };
        let left = cells.iter().map(|c| c.1).min().unwrap_or(0);
        for c in cells.iter_mut() {
            *c = (c.0 - top, c.1 - left);
        }
        if cells.len() > MAX_SQUARES {
            bail!(
                "the board has {} squares; at most {MAX_SQUARES} are supported",
                cells.len()
            );
        }
        let height = cells.iter().map(|c| c.0 + 1).max().unwrap_or(0);
        let width = cells.iter().map(|c| c.1 + 1).max().unwrap_or(0);
        Grid::with_cells(width, height, cells, adjacency)
    }

    /// A board picture: a first line `lattice: square` (orthogonal adjacency) or `lattice:
    /// square-diagonal` (king adjacency), then one character per square (`o` a square, `.` or a
    /// space a hole). Every refusal is one line naming the file, line and column.
    pub fn parse_picture(text: &str, name: &str) -> Result<Grid, crate::puzzles::board::BoardFileError> {
        let lattices = [("square", Adjacency::Orthogonal), ("square-diagonal", Adjacency::King)];
        let (adjacency, cells) = crate::puzzles::board::parse::read_picture(
            text,
            name,
            &lattices,
            MAX_SQUARES,
            "3^20 boards, the searches' limit",
        )?;
        let cells: Vec<(usize, usize)> = cells.iter().map(|&(r, c)| (r as usize, c as usize)).collect();
        Grid::from_cells(&cells, adjacency)
            .map_err(|e| crate::puzzles::board::BoardFileError(format!("board file {name}: {e}")))
    }

    fn with_cells(width: usize, height: usize, cells: Vec<(usize, usize)>, adjacency: Adjacency) -> Result<Grid> {
        let n = cells.len();
        let weight: Vec<u32> = (0..n).map(|i| 3u32.pow((n - 1 - i) as u32)).collect();
        let neighbours = neighbour_lists(&cells, adjacency);
        let bottom_start = cells.iter().position(|c| c.0 + 1 == height).unwrap_or(n);
        let lo_len = n / 2;
        let hi_len = n - lo_len;
        let lo_size = 3u32.pow(lo_len as u32);
        let lo_digits = pack_digits(lo_len, hi_len);
        let hi_digits = pack_digits(hi_len, 0);
        let is_hi = |s: usize| s < hi_len;
        let is_lo = |s: usize| s >= hi_len;
        let steps = |digits: &[u64], in_half: &dyn Fn(usize) -> bool, unit: u32, back: bool| {
            neighbour_steps(&neighbours, &weight, digits, in_half, unit, back)
        };
        let retreat_hi = steps(&hi_digits, &is_hi, lo_size, true);
        let retreat_lo = steps(&lo_digits, &is_lo, 1, true);
        let advance_hi = steps(&hi_digits, &is_hi, lo_size, false);
        let advance_lo = steps(&lo_digits, &is_lo, 1, false);
        Ok(Grid {
            width,
            height,
            adjacency,
            cells,
            bottom_start,
            weight,
            neighbours,
            lo_size,
            lo_div: DivBy::new(lo_size),
            lo_digits,
            hi_digits,
            retreat_hi,
            retreat_lo,
            advance_hi,
            advance_lo,
        })
    }

    /// The document's 4x2 half board.
    pub fn half(adjacency: Adjacency) -> Grid {
        Grid::new(4, 2, adjacency).expect("4x2 is a valid board")
    }

    pub fn width(&self) -> usize {
        self.width
    }
    pub fn height(&self) -> usize {
        self.height
    }
    pub fn adjacency(&self) -> Adjacency {
        self.adjacency
    }
    pub fn squares(&self) -> usize {
        self.cells.len()
    }
    /// Whether every position of the width x height box is a square.
    pub fn is_rectangle(&self) -> bool {
        self.cells.len() == self.width * self.height
    }
    /// `5x4`, or `5x4 with 3 holes`.
    pub fn size_label(&self) -> String {
        let holes = self.width * self.height - self.cells.len();
        match holes {
            0 => format!("{}x{}", self.width, self.height),
            1 => format!("{}x{} with 1 hole", self.width, self.height),
            k => format!("{}x{} with {k} holes", self.width, self.height),
        }
    }
    /// The square at (row, column), if that position holds one.
    pub fn square_at(&self, r: usize, c: usize) -> Option<usize> {
        self.cells.binary_search(&(r, c)).ok()
    }
    /// 3^(w*h).
    pub fn boards(&self) -> u32 {
        if self.squares() == 0 {
            1
        } else {
            self.weight[0] * 3
        }
    }
    pub fn neighbours(&self, square: usize) -> &[u8] {
        &self.neighbours[square]
    }

    /// Every square's colour, two bits per square (bit 2i = square i).
    #[inline]
    pub fn digits(&self, board: u32) -> u64 {
        self.digits_split(self.split(board))
    }

    /// [`Grid::digits`] from the board's halves.
    #[inline]
    pub fn digits_split(&self, (hi, lo): (u32, u32)) -> u64 {
        self.hi_digits[hi as usize] | self.lo_digits[lo as usize]
    }

    #[inline]
    pub fn colour(&self, board: u32, square: usize) -> u8 {
        (self.digits(board) >> (2 * square) & 3) as u8
    }

    /// The board with every square of `squares` advanced one colour, given its `digits`.
    #[inline]
    fn advance(&self, mut board: u32, digits: u64, squares: &[u8]) -> u32 {
        for &s in squares {
            let w = self.weight[s as usize];
            if digits >> (2 * s) & 3 == u64::from(BLUE) {
                board -= 2 * w;
            } else {
                board += w;
            }
        }
        board
    }

    /// The board with every square of `squares` moved back one colour, given its `digits`.
    #[inline]
    fn retreat(&self, mut board: u32, digits: u64, squares: &[u8]) -> u32 {
        for &s in squares {
            let w = self.weight[s as usize];
            if digits >> (2 * s) & 3 == u64::from(RED) {
                board += 2 * w;
            } else {
                board -= w;
            }
        }
        board
    }

    /// A board's halves (first squares, last squares) as table indices.
    #[inline]
    pub fn split(&self, board: u32) -> (u32, u32) {
        self.lo_div.div_rem(board)
    }

    #[inline]
    fn neighbour_step(&self, hi: u32, lo: u32, square: usize, back: bool) -> i64 {
        let (th, tl) = if back {
            (&self.retreat_hi, &self.retreat_lo)
        } else {
            (&self.advance_hi, &self.advance_lo)
        };
        let nh = self.hi_digits.len();
        let nl = self.lo_digits.len();
        i64::from(th[square * nh + hi as usize]) * i64::from(self.lo_size) + i64::from(tl[square * nl + lo as usize])
    }

    /// [`Grid::click_with`] from the board's halves (see [`Grid::split`]) and digits.
    #[inline]
    pub fn click_split(&self, board: u32, (hi, lo): (u32, u32), digits: u64, square: usize) -> u32 {
        let w = i64::from(self.weight[square]);
        let b = i64::from(board);
        let out = match (digits >> (2 * square) & 3) as u8 {
            RED => b + w,
            WHITE => b + self.neighbour_step(hi, lo, square, false),
            _ => b + self.neighbour_step(hi, lo, square, false) - 2 * w,
        };
        out as u32
    }

    /// [`Grid::unclick_with`] from the board's halves and digits.
    #[inline]
    pub fn unclick_split(&self, board: u32, (hi, lo): (u32, u32), digits: u64, square: usize, mut f: impl FnMut(u32)) {
        let w = i64::from(self.weight[square]);
        let b = i64::from(board);
        match (digits >> (2 * square) & 3) as u8 {
            WHITE => {
                f((b - w) as u32);
                f((b + self.neighbour_step(hi, lo, square, true)) as u32);
            }
            RED => f((b + self.neighbour_step(hi, lo, square, true) + 2 * w) as u32),
            _ => {}
        }
    }

    /// The board after clicking `square` (the rule, without the no-double-click constraint).
    #[inline]
    pub fn click_with(&self, board: u32, digits: u64, square: usize) -> u32 {
        let own = [square as u8];
        match (digits >> (2 * square) & 3) as u8 {
            RED => self.advance(board, digits, &own),
            WHITE => self.advance(board, digits, &self.neighbours[square]),
            _ => {
                let b = self.advance(board, digits, &self.neighbours[square]);
                b - 2 * self.weight[square] // blue -> red
            }
        }
    }

    pub fn click(&self, board: u32, square: usize) -> u32 {
        self.click_with(board, self.digits(board), square)
    }

    /// Calls `f(previous)` for every board from which clicking `square` gives `board`. After a
    /// click the square is White (it was Red, or White and only its neighbours moved) or Red (it
    /// was Blue); nothing can be clicked last onto Blue.
    #[inline]
    pub fn unclick_with(&self, board: u32, digits: u64, square: usize, mut f: impl FnMut(u32)) {
        let w = self.weight[square];
        match (digits >> (2 * square) & 3) as u8 {
            WHITE => {
                f(board - w); // it was red and advanced alone
                f(self.retreat(board, digits, &self.neighbours[square])); // it was white
            }
            RED => f(self.retreat(board, digits, &self.neighbours[square]) + 2 * w), // it was blue
            _ => {}
        }
    }

    /// Parses `RRRB.BRWR`: rows joined by `.`, letters R, W, B (either case); a hole is `-`.
    pub fn parse(&self, text: &str) -> Result<u32> {
        let rows: Vec<&str> = text.split('.').collect();
        if rows.len() != self.height || rows.iter().any(|r| r.chars().count() != self.width) {
            bail!(
                "board {} is not {}: expected {} rows of {} letters joined by '.', e.g. {}",
                shown(text),
                self.size_label(),
                self.height,
                self.width,
                self.format(0)
            );
        }
        let mut board = 0u32;
        for (pos, ch) in rows.concat().chars().enumerate() {
            let (r, c) = (pos / self.width, pos % self.width);
            let square = self.square_at(r, c);
            let colour = match (ch.to_ascii_uppercase(), square) {
                ('-', None) => continue,
                ('R', Some(_)) => RED,
                ('W', Some(_)) => WHITE,
                ('B', Some(_)) => BLUE,
                ('R' | 'W' | 'B', None) => bail!(
                    "board {}: row {}, column {} is a hole of the board: write `-` there",
                    shown(text),
                    r + 1,
                    c + 1
                ),
                ('-', Some(_)) => bail!(
                    "board {}: row {}, column {} is a square, not a hole: give its colour",
                    shown(text),
                    r + 1,
                    c + 1
                ),
                _ => bail!("board {}: unknown colour letter {ch:?} (use R, W or B)", shown(text)),
            };
            board += u32::from(colour) * self.weight[square.expect("a square")];
        }
        Ok(board)
    }

    pub fn format(&self, board: u32) -> String {
        let d = self.digits(board);
        let mut s = String::with_capacity(self.width * self.height + self.height);
        for r in 0..self.height {
            if r > 0 {
                s.push('.');
            }
            for c in 0..self.width {
                s.push(match self.square_at(r, c) {
                    Some(i) => LETTERS[(d >> (2 * i) & 3) as usize],
                    None => '-',
                });
            }
        }
        s
    }

    /// A board with every square the same colour.
    pub fn uniform(&self, colour: u8) -> u32 {
        self.weight.iter().map(|&w| w * u32::from(colour)).sum()
    }

    /// The left-right mirror image (rectangles).
    pub fn mirror(&self, board: u32) -> u32 {
        assert!(
            self.is_rectangle(),
            "the mirror of a board with holes: use its symmetries"
        );
        let d = self.digits(board);
        (0..self.squares())
            .map(|i| {
                let (r, c) = (i / self.width, i % self.width);
                let j = r * self.width + (self.width - 1 - c);
                (d >> (2 * i) & 3) as u32 * self.weight[j]
            })
            .sum()
    }

    /// The board turned a quarter turn clockwise (square boards only).
    pub fn rotate(&self, board: u32) -> u32 {
        assert!(
            self.width == self.height && self.is_rectangle(),
            "rotation needs a square board"
        );
        let n = self.width;
        let d = self.digits(board);
        (0..self.squares())
            .map(|i| {
                let (r, c) = (i / n, i % n);
                let j = c * n + (n - 1 - r);
                (d >> (2 * i) & 3) as u32 * self.weight[j]
            })
            .sum()
    }

    /// The representative of a board's mirror pair: the one first in R < W < B order.
    pub fn mirror_representative(&self, board: u32) -> u32 {
        board.min(self.mirror(board))
    }

    /// Squares of the bottom row.
    pub fn bottom_row(&self) -> std::ops::Range<usize> {
        self.bottom_start..self.squares()
    }

    fn bottom_row_all_blue(&self, digits: u64) -> bool {
        self.bottom_row().all(|s| digits >> (2 * s) & 3 == u64::from(BLUE))
    }

    /// Whether `regime` lets `square` be clicked on a board with these `digits`.
    #[inline]
    pub fn allows(&self, regime: Regime, digits: u64, square: usize) -> bool {
        let bottom = square >= self.bottom_start;
        match regime {
            Regime::Unrestricted => true,
            Regime::Restricted => bottom,
            Regime::Hybrid => {
                bottom || (digits >> (2 * square) & 3 == u64::from(RED) && !self.bottom_row_all_blue(digits))
            }
        }
    }
}

/// A map of the width x height box's positions (row, column) to positions.
type BoxMap<'a> = dyn Fn(usize, usize) -> (usize, usize) + 'a;

/// The rectangle's symmetries that fix a board (the target of a search): of the left-right
/// mirror, the top-bottom mirror and the half turn, those mapping it to itself. They preserve
/// both adjacencies, so clicking square `a` then mapping the board by `g` is mapping first and
/// clicking `g(a)`: the search may run up to them (`engine::norepeat_sym`).
#[derive(Clone, Debug)]
pub struct BoardSymmetry {
    /// Element names, the identity first.
    pub names: Vec<&'static str>,
    /// `perms[g][square]`: the square `square` is carried to.
    perms: Vec<Vec<usize>>,
    /// A board's image under `g`: `hi_image[g][hi] + lo_image[g][lo]` for its halves
    /// ([`Grid::split`]): the image of a board is linear in its digits.
    hi_image: Vec<Vec<u32>>,
    lo_image: Vec<Vec<u32>>,
    lo_div: DivBy,
    orbits: u64,
}

impl Grid {
    /// The left-right mirror, top-bottom mirror and half turn as square permutations, named:
    /// those of the three that map the board's squares onto its squares (all three on a
    /// rectangle).
    pub fn rectangle_symmetries(&self) -> Vec<(&'static str, Vec<usize>)> {
        let (w, h) = (self.width, self.height);
        let moves: [(&'static str, &BoxMap<'_>); 3] = [
            ("left-right mirror", &|r, c| (r, w - 1 - c)),
            ("top-bottom mirror", &|r, c| (h - 1 - r, c)),
            ("half turn", &|r, c| (h - 1 - r, w - 1 - c)),
        ];
        moves
            .iter()
            .filter_map(|(name, f)| Some((*name, self.cell_permutation(f)?)))
            .collect()
    }

    /// Every symmetry of the board (of the rectangle's, and on a square box the quarter turns
    /// and diagonal mirrors too) that maps its squares onto its squares, the identity first.
    pub fn all_symmetries(&self) -> Vec<Vec<usize>> {
        let (w, h) = (self.width, self.height);
        let mut moves: Vec<Box<BoxMap<'_>>> = vec![
            Box::new(|r, c| (r, c)),
            Box::new(move |r, c| (r, w - 1 - c)),
            Box::new(move |r, c| (h - 1 - r, c)),
            Box::new(move |r, c| (h - 1 - r, w - 1 - c)),
        ];
        if w == h {
            moves.push(Box::new(|r, c| (c, r)));
            moves.push(Box::new(move |r, c| (c, w - 1 - r)));
            moves.push(Box::new(move |r, c| (w - 1 - c, r)));
            moves.push(Box::new(move |r, c| (w - 1 - c, w - 1 - r)));
        }
        moves.iter().filter_map(|f| self.cell_permutation(f.as_ref())).collect()
    }

    /// The square permutation a map of box positions induces, if it maps squares to squares.
    fn cell_permutation(&self, f: &BoxMap<'_>) -> Option<Vec<usize>> {
        self.cells
            .iter()
            .map(|&(r, c)| {
                let (r2, c2) = f(r, c);
                self.square_at(r2, c2)
            })
            .collect()
    }

    /// The board with square `s`'s colour carried to `perm[s]`.
    pub fn permute(&self, board: u32, perm: &[usize]) -> u32 {
        let d = self.digits(board);
        (0..self.squares())
            .map(|i| (d >> (2 * i) & 3) as u32 * self.weight[perm[i]])
            .sum()
    }

    /// The rectangle symmetries fixing `target` (with the identity).
    pub fn symmetry_fixing(&self, target: u32) -> BoardSymmetry {
        let mut names = vec!["identity"];
        let mut perms = vec![(0..self.squares()).collect::<Vec<usize>>()];
        for (name, p) in self.rectangle_symmetries() {
            if self.permute(target, &p) == target {
                names.push(name);
                perms.push(p);
            }
        }
        let image_table = |digits: &[u64], p: &[usize], squares: std::ops::Range<usize>| -> Vec<u32> {
            digits
                .iter()
                .map(|&d| {
                    squares
                        .clone()
                        .map(|i| (d >> (2 * i) & 3) as u32 * self.weight[p[i]])
                        .sum()
                })
                .collect()
        };
        let hi_len = self.squares() - self.squares() / 2;
        let hi_image = perms
            .iter()
            .map(|p| image_table(&self.hi_digits, p, 0..hi_len))
            .collect();
        let lo_image = perms
            .iter()
            .map(|p| image_table(&self.lo_digits, p, hi_len..self.squares()))
            .collect();
        // Burnside: the orbits are the mean over the elements of the boards each fixes, 3^cycles.
        let fixed: u64 = perms
            .iter()
            .map(|p| {
                let cycles = (0..p.len())
                    .filter(|&s| {
                        let mut t = p[s];
                        while t > s {
                            t = p[t];
                        }
                        t == s
                    })
                    .count();
                3u64.pow(cycles as u32)
            })
            .sum();
        let orbits = fixed / perms.len() as u64;
        BoardSymmetry {
            names,
            perms,
            hi_image,
            lo_image,
            lo_div: self.lo_div.clone(),
            orbits,
        }
    }
}

impl BoardSymmetry {
    /// Boards up to these symmetries (Burnside).
    pub fn orbits_count(&self) -> u64 {
        self.orbits
    }
}

impl crate::engine::norepeat_sym::NodeSymmetry for BoardSymmetry {
    fn order(&self) -> usize {
        self.perms.len()
    }
    #[inline]
    fn images(&self, node: u64, out: &mut [u64; crate::engine::norepeat_sym::MAX_ORDER]) {
        let (hi, lo) = self.lo_div.div_rem(node as u32);
        for (g, o) in out.iter_mut().enumerate().take(self.perms.len()) {
            *o = u64::from(self.hi_image[g][hi as usize] + self.lo_image[g][lo as usize]);
        }
    }
    #[inline]
    fn act(&self, g: usize, a: usize) -> usize {
        self.perms[g][a]
    }
    fn orbits(&self) -> u64 {
        self.orbits
    }
}

/// The puzzle under a click regime: what the engines search.
#[derive(Clone, Debug)]
pub struct Game {
    pub grid: Grid,
    pub regime: Regime,
}

impl Game {
    pub fn new(grid: Grid, regime: Regime) -> Result<Game> {
        if regime != Regime::Unrestricted && grid.height() < 2 {
            bail!("the {} regime needs a board with at least two rows", regime.name());
        }
        Ok(Game { grid, regime })
    }

    /// "No previous click" in a [`Model`] state.
    pub fn none(&self) -> u8 {
        self.grid.squares() as u8
    }

    /// Clicks `square` if the rules allow it after `last` (None = no previous click).
    pub fn try_click(&self, board: u32, last: Option<usize>, square: usize) -> Option<u32> {
        let d = self.grid.digits(board);
        (square < self.grid.squares() && last != Some(square) && self.grid.allows(self.regime, d, square))
            .then(|| self.grid.click_with(board, d, square))
    }
}

/// Nodes are boards, actions are clicked squares: the no-double-click constraint is the
/// engine's "no immediate repeat".
impl ActionGraph for Game {
    fn node_count(&self) -> u64 {
        u64::from(self.grid.boards())
    }
    fn action_count(&self) -> usize {
        debug_assert!(self.grid.squares() <= MAX_ACTIONS);
        self.grid.squares()
    }
    #[inline]
    fn successors(&self, node: u64, actions: u32, mut f: impl FnMut(usize, u64)) {
        let board = node as u32;
        let halves = self.grid.split(board);
        let d = self.grid.digits_split(halves);
        let mut mask = actions;
        while mask != 0 {
            let s = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            if self.grid.allows(self.regime, d, s) {
                f(s, u64::from(self.grid.click_split(board, halves, d, s)));
            }
        }
    }
    #[inline]
    fn predecessors(&self, node: u64, actions: u32, mut f: impl FnMut(usize, u64)) {
        let board = node as u32;
        let halves = self.grid.split(board);
        let d = self.grid.digits_split(halves);
        let mut mask = actions;
        while mask != 0 {
            let s = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            self.grid.unclick_split(board, halves, d, s, |p| {
                if self.regime == Regime::Unrestricted || self.grid.allows(self.regime, self.grid.digits(p), s) {
                    f(s, u64::from(p))
                }
            });
        }
    }
}

/// The explicit (board, last click) graph, for the generic engines and reference searches.
impl Model for Game {
    /// (board, last clicked square or [`Game::none`]).
    type State = (u32, u8);
    type Action = u8;
    fn successors(&self, (board, last): Self::State, out: &mut Vec<(u8, Self::State)>) {
        for s in 0..self.grid.squares() {
            if s != last as usize {
                if let Some(b) = self.try_click(board, None, s) {
                    out.push((s as u8, (b, s as u8)));
                }
            }
        }
    }
}

impl Reversible for Game {
    fn predecessors(&self, (board, last): Self::State, out: &mut Vec<(u8, Self::State)>) {
        if last == self.none() {
            return; // "no previous click" only holds before the first click
        }
        let s = last as usize;
        self.grid.unclick_with(board, self.grid.digits(board), s, |p| {
            if self.grid.allows(self.regime, self.grid.digits(p), s) {
                for l in 0..=self.none() {
                    if l != last {
                        out.push((last, (p, l)));
                    }
                }
            }
        });
    }
}

impl Ranked for Game {
    fn space_size(&self) -> u64 {
        u64::from(self.grid.boards()) * (self.grid.squares() as u64 + 1)
    }
    fn rank(&self, (board, last): Self::State) -> u64 {
        u64::from(board) * (self.grid.squares() as u64 + 1) + u64::from(last)
    }
    fn unrank(&self, rank: u64) -> Self::State {
        let k = self.grid.squares() as u64 + 1;
        ((rank / k) as u32, (rank % k) as u8)
    }
}

/// Plays `clicks` from `board`; the boards after each click, or the index of the first illegal
/// click.
pub fn replay(game: &Game, board: u32, last: Option<usize>, clicks: &[usize]) -> Result<Vec<u32>, usize> {
    let (mut b, mut l) = (board, last);
    let mut out = Vec::with_capacity(clicks.len());
    for (i, &c) in clicks.iter().enumerate() {
        b = game.try_click(b, l, c).ok_or(i)?;
        l = Some(c);
        out.push(b);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_format_round_trip_and_order() {
        let g = Grid::half(Adjacency::King);
        assert_eq!(g.boards(), 6561);
        for b in [0, 1, 2, 3, 100, 6560] {
            assert_eq!(g.parse(&g.format(b)).unwrap(), b);
        }
        assert_eq!(g.format(0), "RRRR.RRRR");
        assert_eq!(g.format(6560), "BBBB.BBBB");
        assert!(g.parse("RRRR.RRRW").unwrap() < g.parse("RRRR.RRRB").unwrap());
        assert!(g.parse("RRRX.RRRR").unwrap_err().to_string().contains("unknown colour"));
        assert!(g.parse("RRRR.RRR").unwrap_err().to_string().contains("not 4x2"));
        assert!(g.parse("RRRRRRRR").is_err());
    }

    #[test]
    fn document_example_first_half() {
        // Appendix A: the top half RRRB.BRWR clicked 4,0,1,2,3,2,3,1 (the rows the document
        // prints show the board *before* each numbered click).
        let g = Grid::half(Adjacency::King);
        let game = Game::new(g.clone(), Regime::Unrestricted).unwrap();
        let start = g.parse("RRRB.BRWR").unwrap();
        let boards = replay(&game, start, None, &[4, 0, 1, 2, 3, 2, 3, 1]).unwrap();
        let text: Vec<String> = boards.iter().map(|&b| g.format(b)).collect();
        assert_eq!(
            text,
            [
                "WWRB.RWWR",
                "WBRB.WBWR",
                "BRWB.BRBR",
                "BWWR.BWRW",
                "BWWW.BWRW",
                "BBWB.BBWB",
                "BBBR.BBBR",
                "RRRR.RRRR"
            ]
        );
    }

    #[test]
    fn unclick_inverts_click() {
        for adj in [Adjacency::King, Adjacency::Orthogonal] {
            let g = Grid::new(3, 3, adj).unwrap();
            for b in 0..g.boards() {
                for s in 0..9 {
                    let after = g.click(b, s);
                    let mut preds = Vec::new();
                    g.unclick_with(after, g.digits(after), s, |p| preds.push(p));
                    assert!(preds.contains(&b));
                    for p in preds {
                        assert_eq!(g.click(p, s), after);
                    }
                    assert_eq!(g.click_split(b, g.split(b), g.digits(b), s), after);
                    let mut fast = Vec::new();
                    g.unclick_split(after, g.split(after), g.digits(after), s, |p| fast.push(p));
                    let mut slow = Vec::new();
                    g.unclick_with(after, g.digits(after), s, |p| slow.push(p));
                    assert_eq!(fast, slow);
                }
            }
        }
    }

    /// The largest boards: tables build, and the fast click paths agree with the plain ones.
    #[test]
    fn largest_boards_click_consistently() {
        for (w, h) in [(5, 4), (4, 5), (20, 1)] {
            let g = Grid::new(w, h, Adjacency::King).unwrap();
            let mut b = 12345u32;
            for step in 0..2000u32 {
                b = b.wrapping_mul(2654435761).wrapping_add(step) % g.boards();
                let s = (step as usize * 7) % g.squares();
                let after = g.click_with(b, g.digits(b), s);
                assert_eq!(g.click_split(b, g.split(b), g.digits(b), s), after);
                let (mut fast, mut slow) = (Vec::new(), Vec::new());
                g.unclick_split(after, g.split(after), g.digits(after), s, |p| fast.push(p));
                g.unclick_with(after, g.digits(after), s, |p| slow.push(p));
                assert_eq!(fast, slow);
                assert!(slow.contains(&b));
            }
        }
        assert!(Grid::new(7, 3, Adjacency::King).is_err());
    }

    #[test]
    fn fast_division_is_exact() {
        for d in [1u32, 3, 9, 81, 6561, 59049] {
            let div = DivBy::new(d);
            for n in (0..3u32.pow(16))
                .step_by(7)
                .chain([u32::MAX, u32::MAX - 1, 3u32.pow(20) - 1])
            {
                assert_eq!(div.div_rem(n), (n / d, n % d), "{n} / {d}");
            }
        }
    }

    #[test]
    fn mirror_and_rotate() {
        let g = Grid::half(Adjacency::King);
        assert_eq!(g.format(g.mirror(g.parse("WWBR.WRRB").unwrap())), "RBWW.BRRW");
        assert_eq!(
            g.mirror_representative(g.parse("WWBR.WRRB").unwrap()),
            g.parse("RBWW.BRRW").unwrap()
        );
        let g4 = Grid::new(4, 4, Adjacency::King).unwrap();
        let b = g4.parse("RRRB.BRWR.WBWR.RRBW").unwrap();
        assert_eq!(g4.format(g4.rotate(b)), "RWBR.RBRR.BWWR.WRRB");
        assert_eq!(g4.rotate(g4.rotate(g4.rotate(g4.rotate(b)))), b);
    }
}
