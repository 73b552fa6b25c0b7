//! The document's extension of the halves method to 4x4 targets whose border is all blue (the
//! halves cannot reach them directly: in every orientation the bottom row is all blue):
//!
//! 1. turn the board until the non-blue square the last click will be made on, N, is the
//!    interior square lowest and most to the right (row 2, column 2);
//! 2. solve by halves towards the intermediate target: N replaced by its predecessor N' (Blue
//!    for a Red N, White for a White N; either way its neighbours advance when it is clicked),
//!    every neighbour of N by its predecessor (the border's Blue by White);
//! 3. click N'.
//!
//! The last click of step 2 must not be N' itself (no square is clicked twice in succession),
//! so the bottom half is solved with the fewest Hybrid clicks whose last click is not N' (a
//! small backward search over (half board, last click) states; it differs from the unconstrained
//! optimum only when N is White).

use crate::puzzles::tricolore::{Game, Grid, BLUE, RED, WHITE};
use anyhow::Result;

/// What the extension does for one target.
#[derive(Clone, Debug, PartialEq)]
pub struct BorderPlan {
    /// Quarter turns (clockwise) applied first.
    pub turns: usize,
    /// The intermediate target, on the turned board.
    pub intermediate: u32,
    /// The square clicked last (row 2, column 2 of the turned board).
    pub final_click: usize,
}

const SIDE: usize = 4;
/// Row 2, column 2.
const LAST: usize = 2 * SIDE + 2;

fn colours(grid: &Grid, board: u32) -> Vec<u8> {
    (0..grid.squares()).map(|s| grid.colour(board, s)).collect()
}

fn board_of(grid: &Grid, colours: &[u8]) -> Result<u32> {
    let mut text = String::new();
    for (i, &c) in colours.iter().enumerate() {
        if i > 0 && i % grid.width() == 0 {
            text.push('.');
        }
        text.push(match c {
            RED => 'R',
            WHITE => 'W',
            _ => 'B',
        });
    }
    grid.parse(&text)
}

/// The plan for `target` when the board is 4x4 and the target's border is all blue (but the
/// target is not all blue); `None` otherwise.
pub fn plan(grid: &Grid, target: u32) -> Result<Option<BorderPlan>> {
    if (grid.width(), grid.height()) != (SIDE, SIDE) {
        return Ok(None);
    }
    let border = |s: usize| {
        let (r, c) = (s / SIDE, s % SIDE);
        r == 0 || c == 0 || r == SIDE - 1 || c == SIDE - 1
    };
    let d = colours(grid, target);
    if !(0..grid.squares()).filter(|&s| border(s)).all(|s| d[s] == BLUE) || d.iter().all(|&c| c == BLUE) {
        return Ok(None);
    }
    let Some(turns) = (0..4).find(|&k| grid.colour((0..k).fold(target, |b, _| grid.rotate(b)), LAST) != BLUE) else {
        return Ok(None);
    };
    let turned = (0..turns).fold(target, |b, _| grid.rotate(b));
    let mut c = colours(grid, turned);
    // N' is Blue (it goes to Red, moving its neighbours) or White (its neighbours move only).
    c[LAST] = if c[LAST] == RED { BLUE } else { WHITE };
    for &s in grid.neighbours(LAST) {
        c[s as usize] = (c[s as usize] + 2) % 3;
    }
    Ok(Some(BorderPlan {
        turns,
        intermediate: board_of(grid, &c)?,
        final_click: LAST,
    }))
}

/// Fewest clicks from every (board, last click) of a game to `target` with a last click other
/// than `avoid` (no click at all if the board is the target and the previous click was not
/// `avoid`).
#[derive(Clone, Debug)]
pub struct LastAvoiding {
    /// `dist[board * (squares + 1) + last]`, last = squares for "no previous click"; u8::MAX = never.
    dist: Vec<u8>,
    squares: usize,
}

impl LastAvoiding {
    pub fn new(game: &Game, target: u32, avoid: usize) -> LastAvoiding {
        let k = game.grid.squares();
        let boards = game.grid.boards() as usize;
        let mut dist = vec![u8::MAX; boards * (k + 1)];
        for l in (0..=k).filter(|&l| l != avoid) {
            dist[target as usize * (k + 1) + l] = 0;
        }
        // Level by level: a state is at d when some legal click leads to a state at d - 1.
        let mut d = 0u8;
        loop {
            let mut changed = false;
            for s in 0..dist.len() {
                if dist[s] != u8::MAX {
                    continue;
                }
                let (b, l) = ((s / (k + 1)) as u32, s % (k + 1));
                let last = (l < k).then_some(l);
                if (0..k).any(|c| {
                    game.try_click(b, last, c)
                        .is_some_and(|b2| dist[b2 as usize * (k + 1) + c] == d)
                }) {
                    dist[s] = d + 1;
                    changed = true;
                }
            }
            if !changed || d == u8::MAX - 2 {
                break;
            }
            d += 1;
        }
        LastAvoiding { dist, squares: k }
    }

    pub fn fewest(&self, board: u32, last: Option<usize>) -> Option<u8> {
        let d = self.dist[board as usize * (self.squares + 1) + last.unwrap_or(self.squares)];
        (d != u8::MAX).then_some(d)
    }

    /// An optimal sequence from `board` (lowest square first among optimal clicks).
    pub fn descend(&self, game: &Game, board: u32, last: Option<usize>) -> Option<Vec<usize>> {
        let (mut b, mut l) = (board, last);
        let mut left = self.fewest(b, l)?;
        let mut clicks = Vec::with_capacity(left as usize);
        while left > 0 {
            let (c, b2) = (0..self.squares).find_map(|c| {
                game.try_click(b, l, c)
                    .filter(|&b2| self.fewest(b2, Some(c)) == Some(left - 1))
                    .map(|b2| (c, b2))
            })?;
            b = b2;
            l = Some(c);
            clicks.push(c);
            left -= 1;
        }
        Some(clicks)
    }
}
