//! What is proven about one problem's fewest moves ([`MinMoves`]) and the radii of the balls that
//! prove it ([`Radii`]): the values a problem row holds and `finishes.csv` records, apart from
//! the search that finds them (`min_moves.rs`), so the rows need not import the search.

use crate::puzzles::peg::Jump;

/// What is proven about one problem's fewest moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MinMoves {
    /// Exactly `moves`, attained by `play` (replayed); `met` says whether the balls met (else
    /// the bound from not meeting equals the moves of the play).
    Exact {
        moves: u32,
        play: Vec<Jump>,
        radii: Radii,
        met: bool,
    },
    /// The balls do not meet: at least `radii.reach() + 1` moves.
    AtLeast { radii: Radii },
}

impl MinMoves {
    pub fn exact(&self) -> Option<u32> {
        match self {
            MinMoves::Exact { moves, .. } => Some(*moves),
            MinMoves::AtLeast { .. } => None,
        }
    }

    /// The proven lower bound (equal to the minimum when exact).
    pub fn lower_bound(&self) -> u32 {
        match self {
            MinMoves::Exact { moves, .. } => *moves,
            MinMoves::AtLeast { radii } => radii.reach() + 1,
        }
    }

    /// The proof as one cell of `finishes.csv` (`min_moves_proof`); [`MinMoves::parse_proof`]
    /// reads it back.
    pub fn proof(&self) -> String {
        let balls = |r: &Radii| {
            format!(
                "balls of {} moves out of the start and {} into the finish",
                r.forward, r.backward
            )
        };
        match self {
            MinMoves::Exact { radii, met: true, .. } => format!("{} meet", balls(radii)),
            MinMoves::Exact {
                radii,
                met: false,
                moves,
                ..
            } => format!("{} do not meet: at least {moves}, the play attains it", balls(radii)),
            MinMoves::AtLeast { radii } => format!("{} do not meet: at least {}", balls(radii), radii.reach() + 1),
        }
    }

    /// (radii, met, bound stated) from a proof cell.
    pub fn parse_proof(text: &str) -> Option<(Radii, bool, Option<u32>)> {
        let rest = text.strip_prefix("balls of ")?;
        let (forward, rest) = rest.split_once(" moves out of the start and ")?;
        let (backward, rest) = rest.split_once(" into the finish ")?;
        let radii = Radii {
            forward: forward.parse().ok()?,
            backward: backward.parse().ok()?,
        };
        if rest == "meet" {
            return Some((radii, true, None));
        }
        let rest = rest.strip_prefix("do not meet: at least ")?;
        let bound = rest.strip_suffix(", the play attains it").unwrap_or(rest);
        Some((radii, false, Some(bound.parse().ok()?)))
    }

    /// The same proof for the problem a symmetry maps this one to: the play mapped hole by hole.
    pub fn permuted(&self, perm: &[u8]) -> MinMoves {
        match self {
            MinMoves::Exact {
                moves,
                play,
                radii,
                met,
            } => MinMoves::Exact {
                moves: *moves,
                play: play
                    .iter()
                    .map(|j| Jump {
                        from: perm[j.from as usize],
                        over: perm[j.over as usize],
                        to: perm[j.to as usize],
                    })
                    .collect(),
                radii: *radii,
                met: *met,
            },
            other => other.clone(),
        }
    }
}

/// Radii of the balls: moves from the starts, and moves into the single pegs. Balls into a peg
/// grow much faster (one backward chain from a lone peg can fill a dozen holes: 4,134 boards one
/// move from side 8's apex), so the backward radius is the smaller.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Radii {
    pub forward: u32,
    pub backward: u32,
}

impl Radii {
    /// Plays of at most this many moves are found exactly.
    pub fn reach(self) -> u32 {
        self.forward + self.backward
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proofs_read_back() {
        const R: Radii = Radii {
            forward: 8,
            backward: 3,
        };
        for m in [
            MinMoves::Exact {
                moves: 13,
                play: Vec::new(),
                radii: R,
                met: true,
            },
            MinMoves::Exact {
                moves: 12,
                play: Vec::new(),
                radii: R,
                met: false,
            },
            MinMoves::AtLeast { radii: R },
        ] {
            let (radii, met, bound) = MinMoves::parse_proof(&m.proof()).unwrap();
            assert_eq!((radii, met), (R, matches!(m, MinMoves::Exact { met: true, .. })));
            assert_eq!(bound, if met { None } else { Some(12) });
        }
        assert_eq!(
            MinMoves::parse_proof("balls of x moves out of the start and 3 into the finish meet"),
            None
        );
    }
}
