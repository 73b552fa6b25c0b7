//! Click sequences: optimal ones (backward search to the target, then descent), and the
//! document's method of solving a 4x4 board by halves: the top 4x2 half optimally with any of
//! its squares, then the bottom half in the Hybrid regime (bottom row, plus red squares of the
//! row above, which advance alone and so leave the solved rows alone).

use crate::engine::norepeat::{self, Arrivals, Direction};
use crate::engine::progress::Counters;
use crate::puzzles::tricolore::{Game, Grid, Regime, BLUE};
use anyhow::{bail, Result};
use std::collections::BTreeSet;

/// Rejects a target the regime can never produce, naming the reason.
pub fn check_target(game: &Game, target: u32) -> Result<()> {
    let g = &game.grid;
    if target == g.uniform(BLUE) {
        bail!(
            "target {} is all blue, which no click can produce: the clicked square always ends Red or White",
            g.format(target)
        );
    }
    let d = g.digits(target);
    if game.regime != Regime::Unrestricted && g.bottom_row().all(|s| d >> (2 * s) & 3 == u64::from(BLUE)) {
        bail!(
            "target {} has an all-blue bottom row, which the {} regime never produces (its last click is on the bottom \
                row, or leaves it unchanged)",
            g.format(target),
            game.regime.name()
        );
    }
    Ok(())
}

/// The fewest clicks from every (board, last click) to `target`.
pub fn distances_to(game: &Game, target: u32, counters: &Counters) -> Result<Arrivals> {
    check_target(game, target)?;
    norepeat::search(game, u64::from(target), None, Direction::Backward, counters)
}

/// Follows `to_target` down from `board` (after `last`), taking the lowest square that keeps the
/// path optimal at each step.
pub fn descend(game: &Game, to_target: &Arrivals, board: u32, last: Option<usize>) -> Option<Vec<usize>> {
    let remaining = |b: u32, l: Option<usize>| match l {
        None => to_target.fewest(u64::from(b)),
        Some(l) => to_target.fewest_avoiding(u64::from(b), l),
    };
    let (mut b, mut l) = (board, last);
    let mut left = remaining(b, l)?;
    let mut clicks = Vec::with_capacity(left as usize);
    while left > 0 {
        let c = (0..game.grid.squares()).find(|&c| {
            game.try_click(b, l, c)
                .is_some_and(|b2| remaining(b2, Some(c)) == Some(left - 1))
        })?;
        b = game.try_click(b, l, c)?;
        l = Some(c);
        clicks.push(c);
        left -= 1;
    }
    Some(clicks)
}

/// An optimal click sequence from `from` to `to` (none when they are the same board).
pub fn optimal(game: &Game, from: u32, to: u32, counters: &Counters) -> Result<Vec<usize>> {
    let g = &game.grid;
    let arrivals = distances_to(game, to, counters)?;
    match descend(game, &arrivals, from, None) {
        Some(c) => Ok(c),
        None => bail!(
            "no click sequence leads from {} to {} in the {} regime",
            g.format(from),
            g.format(to),
            game.regime.name()
        ),
    }
}

/// The document's method on a board of four rows: rows 0-1 then rows 2-3 as 4x2 halves.
pub struct Halves {
    pub full: Game,
    pub half: Grid,
    top: Game,
    bottom: Game,
    top_target: u32,
    bottom_target: u32,
    to_top: Option<Arrivals>,
    to_bottom: Option<Arrivals>,
    half_boards: u32,
    /// Quarter turns (clockwise) applied to board and target first, as the document does when
    /// the target's bottom row is all blue: "rotate the board so that the blue rows become blue
    /// columns". Clicks commute with turning a square board, so the turned solution, mapped
    /// back square by square, solves the original.
    pub turns: usize,
    /// `original[s]`: the original square that square `s` of the turned board came from.
    original: Vec<usize>,
    /// The all-blue-border extension ([`super::border`]): the halves aim at an intermediate
    /// target, the bottom half's last click avoids this square (of the turned board), which is
    /// then clicked once more.
    pub final_click: Option<usize>,
    bottom_avoiding: Option<super::border::LastAvoiding>,
}

/// A halves solution: the clicks (squares of the full board) and how many were on the top half.
#[derive(Clone, Debug, PartialEq)]
pub struct HalvesPlay {
    pub clicks: Vec<usize>,
    pub top_clicks: usize,
}

impl Halves {
    pub fn new(full: &Grid, target: u32, counters: &Counters) -> Result<Halves> {
        if full.height() != 4 {
            bail!(
                "the halves method needs a board of four rows, not {}x{}",
                full.width(),
                full.height()
            );
        }
        let half = Grid::new(full.width(), 2, full.adjacency())?;
        let half_boards = half.boards();
        let top = Game::new(half.clone(), Regime::Unrestricted)?;
        let bottom = Game::new(half.clone(), Regime::Hybrid)?;
        // A half target that is all blue (top), or has an all-blue bottom row (bottom, Hybrid),
        // cannot be reached this way; the document then turns the board. No turn helps with an
        // all-blue border: on 4x4 the document's one-extra-click extension applies (below);
        // otherwise the method is reported as not applicable.
        let border = super::border::plan(full, target)?;
        let max_turns = if border.is_some() {
            1
        } else if full.width() == full.height() {
            4
        } else {
            1
        };
        let mut chosen = None;
        for turns in 0..max_turns {
            let t = border
                .as_ref()
                .map_or_else(|| (0..turns).fold(target, |b, _| full.rotate(b)), |p| p.intermediate);
            let (top_target, bottom_target) = (t / half_boards, t % half_boards);
            let to_top = distances_to(&top, top_target, counters).ok();
            let to_bottom = distances_to(&bottom, bottom_target, counters).ok();
            let ok = to_top.is_some() && to_bottom.is_some();
            if ok || turns == 0 {
                chosen = Some((turns, top_target, bottom_target, to_top, to_bottom));
            }
            if ok {
                break;
            }
        }
        let (turns, top_target, bottom_target, to_top, to_bottom) = chosen.expect("turn 0 is always tried");
        let turns = border.as_ref().map_or(turns, |p| p.turns);
        let final_click = border.as_ref().map(|p| p.final_click);
        let bottom_avoiding =
            final_click.map(|f| super::border::LastAvoiding::new(&bottom, bottom_target, f - half.squares()));
        let n = full.squares();
        let w = full.width();
        // Turning maps square (r, c) to (c, w-1-r); follow each square through `turns` turns.
        let mut original = vec![0; n];
        for (i, _) in original.clone().iter().enumerate() {
            let mut j = i;
            for _ in 0..turns {
                let (r, c) = (j / w, j % w);
                j = c * w + (w - 1 - r);
            }
            original[j] = i;
        }
        Ok(Halves {
            full: Game::new(full.clone(), Regime::Unrestricted)?,
            half,
            top,
            bottom,
            top_target,
            bottom_target,
            to_top,
            to_bottom,
            half_boards,
            turns,
            original,
            final_click,
            bottom_avoiding,
        })
    }

    /// The board as the method sees it (turned `turns` times).
    pub fn turned(&self, board: u32) -> u32 {
        (0..self.turns).fold(board, |b, _| self.full.grid.rotate(b))
    }

    pub fn applicable(&self) -> bool {
        self.to_top.is_some() && self.to_bottom.is_some()
    }

    /// Top half optimally (lowest square first among optimal clicks), then the bottom half.
    pub fn solve(&self, board: u32) -> Option<HalvesPlay> {
        let (to_top, to_bottom) = (self.to_top.as_ref()?, self.to_bottom.as_ref()?);
        let n = self.half.squares();
        let board = self.turned(board);
        let top_clicks = descend(&self.top, to_top, board / self.half_boards, None)?;
        let mut b = board;
        for &c in &top_clicks {
            b = self.full.grid.click(b, c);
        }
        debug_assert_eq!(b / self.half_boards, self.top_target);
        let bottom_clicks = match &self.bottom_avoiding {
            Some(a) => a.descend(&self.bottom, b % self.half_boards, None)?,
            None => descend(&self.bottom, to_bottom, b % self.half_boards, None)?,
        };
        let mut clicks = top_clicks.clone();
        clicks.extend(bottom_clicks.iter().map(|&c| c + n));
        clicks.extend(self.final_click);
        let clicks = clicks.into_iter().map(|c| self.original[c]).collect();
        Some(HalvesPlay {
            top_clicks: top_clicks.len(),
            clicks,
        })
    }

    /// The best the method can do: over every optimal top-half solution, the fewest bottom clicks.
    pub fn best_count(&self, board: u32) -> Option<usize> {
        let to_top = self.to_top.as_ref()?;
        let hb = self.half_boards;
        let none = u8::MAX;
        let board = self.turned(board);
        let mut left = to_top.fewest(u64::from(board / hb))?;
        let top_len = left as usize;
        let mut level: BTreeSet<(u32, u8)> = BTreeSet::from([(board, none)]);
        while left > 0 {
            let mut next = BTreeSet::new();
            for &(b, l) in &level {
                let last = (l != none).then_some(l as usize);
                for c in 0..self.half.squares() {
                    if let Some(t2) = self.top.try_click(b / hb, last, c) {
                        if to_top.fewest_avoiding(u64::from(t2), c) == Some(left - 1) {
                            next.insert((self.full.grid.click(b, c), c as u8));
                        }
                    }
                }
            }
            level = next;
            left -= 1;
        }
        level
            .iter()
            .filter_map(|&(b, _)| self.bottom_count(b % hb))
            .min()
            .map(|m| top_len + m)
    }

    /// The top-half clicks [`Halves::solve`] makes on a turned board whose top half is `top`.
    pub fn top_clicks(&self, top: u32) -> Option<Vec<usize>> {
        descend(&self.top, self.to_top.as_ref()?, top, None)
    }

    /// The clicks [`Halves::solve`] makes after the top half, from bottom half `bottom` (with the
    /// border extension's final click).
    pub fn bottom_count(&self, bottom: u32) -> Option<usize> {
        let m = match &self.bottom_avoiding {
            Some(a) => a.fewest(bottom, None)?,
            None => self.to_bottom.as_ref()?.fewest(u64::from(bottom))?,
        };
        Some(m as usize + usize::from(self.final_click.is_some()))
    }

    pub fn targets(&self) -> (u32, u32) {
        (self.top_target, self.bottom_target)
    }
}
