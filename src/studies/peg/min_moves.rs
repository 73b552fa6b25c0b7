//! The exact fewest moves of every solvable problem, by meeting in the middle on the moves graph
//! (used where the per-start dynamic programme is out of reach: side 8).
//!
//! Around each start orbit's representative a we grow the ball of every board within F moves
//! ([`Ball`]), and around each single peg r the ball of every board from which r is reached in
//! at most B moves (moves played backwards: one peg's chain of backward jumps). The fewest moves
//! of the problem (a, f) is the least d_a(s) + e_f(s) over the boards s in both balls: exact
//! whenever it is at most F + B (cut a shortest play after min(m, F) moves), and when no board
//! meets, every play takes more than F + B moves; if the play we hold has F + B + 1, that is the
//! minimum too. A finish's ball is its representative's through the symmetry that maps one onto
//! the other. No last-peg set is needed: the cut falls between two moves, and if the moves on
//! either side of it happened to be by one peg, the play would have fewer moves than the least
//! sum, which is impossible. (Complementing a board does not serve here as it does for
//! reachability: it reverses each jump, but turns one peg's chain into jumps of different pegs.)

use super::solvability::{ProblemRow, Verdict};
use crate::engine::ball::{self, Ball, Sieve};
use crate::engine::progress::Counters;
use crate::puzzles::peg::{moves_of, Board, Jump, Triangle};
use anyhow::{ensure, Result};
use rayon::prelude::*;

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
}

/// Boards mapped by a permutation of holes.
fn permute(b: Board, perm: &[u8]) -> Board {
    let mut out = 0;
    let mut x = b;
    while x != 0 {
        let h = x.trailing_zeros();
        x &= x - 1;
        out |= 1 << perm[h as usize];
    }
    out
}

/// The ball of radius `radius` around the start vacating `hole`.
pub fn ball_of(t: &Triangle, hole: usize, radius: u32) -> Ball {
    Ball::grow(t.start(hole), radius, |b, out| t.move_results(b, out))
}

/// The boards from which the single peg at `hole` is reached in at most `radius` moves.
pub fn ball_into(t: &Triangle, hole: usize, radius: u32) -> Ball {
    Ball::grow(1 << hole, radius, |b, out| t.unmove_results(b, out))
}

/// Radii of the balls: moves from the starts, and moves into the single pegs. Balls into a peg
/// grow much faster (one backward chain from a lone peg can fill a dozen holes: 4,134 boards one
/// move from side 8's apex), so the backward radius is the smaller.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Radii {
    pub forward: u32,
    pub backward: u32,
}

/// Side 8's radii, those of the committed table: every finish's backward ball of 3 moves kept
/// (3.3 GiB of tables), each start orbit's forward ball grown to 9 moves (5.3e7 to 1.7e8 boards,
/// up to a 4 GiB table) and its 10th level streamed through the sieve of the backward balls.
/// Measured on this project's 2-core machine (2026-11-26, beside other jobs): 2,291 CPU s,
/// 28 min 55 s wall, 16.4 GB peak; every solvable problem needs at least 13 moves, 324 are exact
/// (132 in 13, 192 in 14) and the other 108 need at least 14. 9 + 3 took 643 CPU s and 8.6 GiB
/// and proved 13 only; one more backward move makes the balls about 35 times larger (out of
/// reach), one more forward move about 7 times (a 16-32 GiB kept ball).
pub const SIDE8_RADII: Radii = Radii {
    forward: 10,
    backward: 3,
};

/// How side 8's committed table is settled (and recomputed from scratch), stage after stage,
/// each on the rows the one before left:
/// 1. [`SIDE8_RADII`] with the sieved level, every problem: the problems whose play has 15 or 16
///    moves go to 14 (met) or to at least 15. Measured on this project's 2-core machine
///    (2026-11-26, beside a low-priority search): 1 h 29 min wall, 9,257 CPU s, 15.8 GB peak; the
///    sieves of one move more took 5.2 GiB for hole 1's 8 such finishes and 8.7 GiB for hole 5's
///    12 (about 15 and 25 minutes to fill). Result: 417 of 432 problems exact (60 more in 14, 33
///    in 15); 15 need 15 or 16 moves, all out of the orbits of holes 1 and 5.
/// 2. One forward move more for those 15 alone (`open_only`): a kept forward ball of 10 moves fits
///    for these two start orbits (their balls of 9 are the smallest; of 10, 3.04e8 and 3.02e8
///    boards, an 8 GiB table each), not for every start, and the sieved level reaches 11 + 4 = 15.
///    Measured on the same machine (2026-11-27): 48 min 36 s wall, 5,549 CPU s, 18.2 GB peak.
///    Result: all 15 met in 15 moves, so every one of the 432 problems is exact (132 in 13, 252
///    in 14, 48 in 15).
pub const SIDE8_PLAN: [Settle; 2] = [
    Settle {
        radii: SIDE8_RADII,
        sieved_level: true,
        open_only: false,
    },
    Settle {
        radii: Radii {
            forward: 11,
            backward: 3,
        },
        sieved_level: true,
        open_only: true,
    },
];

impl Radii {
    /// Plays of at most this many moves are found exactly.
    pub fn reach(self) -> u32 {
        self.forward + self.backward
    }
}

/// The fewest moves of every solvable problem of `problems` (all (start, finish) pairs of the
/// side, as [`super::solvability::problems`] lists them), proven by balls of `radii`. Memory:
/// every finish representative's backward ball, and one forward ball at a time (side 8 at 10 + 3:
/// the ball out of one start is up to 1.7e8 boards, a 4 GiB table).
pub fn settle(
    t: &Triangle,
    problems: &[ProblemRow],
    radii: Radii,
    counters: &Counters,
) -> Result<Vec<Option<MinMoves>>> {
    settle_with(t, problems, &Settle::balls(radii), counters)
}

/// How [`settle_with`] settles: balls of `radii`, and two ways of reaching further within the
/// same memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settle {
    pub radii: Radii,
    /// One backward move more for the problems whose play held is longer than F + B + 1 (those a
    /// meeting at F + B + 1 would settle or improve): the boards one move before each such
    /// finish's last backward level go into a sieve (never stored exactly, as that level is about
    /// 13 times the ball's last: 4.3e8 boards for side 8's hole 13 at radius 3), and a board of the
    /// forward stream that passes it is checked exactly, by its own moves into the backward ball.
    /// Such a problem's radii are then F + (B + 1): met at F + B + 1, or at least F + B + 2.
    pub sieved_level: bool,
    /// Only the problems whose fewest moves the rows do not hold exactly (read back with their
    /// proofs); the others keep theirs, and only the balls the open ones need are grown (larger
    /// radii for a few problems than all of them allow).
    pub open_only: bool,
}

impl Settle {
    /// Every problem, by balls of `radii` alone.
    pub fn balls(radii: Radii) -> Settle {
        Settle {
            radii,
            sieved_level: false,
            open_only: false,
        }
    }
}

/// [`settle`] as `how` says.
pub fn settle_with(
    t: &Triangle,
    problems: &[ProblemRow],
    how: &Settle,
    counters: &Counters,
) -> Result<Vec<Option<MinMoves>>> {
    let Settle {
        radii,
        sieved_level,
        open_only,
    } = *how;
    ensure!(
        radii.forward.max(radii.backward) <= ball::MAX_DEPTH,
        "radius over {}",
        ball::MAX_DEPTH
    );
    ensure!(
        radii.forward >= 1,
        "the forward radius must be at least 1 (its last level is streamed)"
    );
    // The forward ball is kept to radius F - 1; its level F, the largest, is only streamed.
    let kept = radii.forward - 1;
    let holes = t.holes();
    let orbits = t.hole_orbits();
    let rep_of: Vec<usize> = (0..holes)
        .map(|h| orbits.iter().find(|o| o.contains(&h)).expect("every hole in an orbit")[0])
        .collect();
    // A symmetry taking each hole's representative to the hole, and its inverse.
    let to_hole: Vec<&Vec<u8>> = (0..holes)
        .map(|h| {
            t.symmetries()
                .iter()
                .find(|p| p[rep_of[h]] as usize == h)
                .expect("orbit member")
        })
        .collect();
    let inverse = |p: &[u8]| {
        let mut q = vec![0u8; p.len()];
        for (i, &x) in p.iter().enumerate() {
            q[x as usize] = i as u8;
        }
        q
    };
    let row = |s: usize, f: usize| {
        problems
            .iter()
            .find(|p| (p.start, p.finish) == (s, f))
            .expect("every pair listed")
    };
    let solvable = |s: usize, f: usize| matches!(row(s, f).verdict, Verdict::Play(_));
    // Each problem as its representative's: (representative start, finish seen from it).
    let key_of = |p: &ProblemRow| (rep_of[p.start], inverse(to_hole[p.start])[p.finish] as usize);
    let open_keys: std::collections::BTreeSet<(usize, usize)> = problems
        .iter()
        .filter(|p| {
            matches!(p.verdict, Verdict::Play(_)) && !(open_only && matches!(p.fewest, Some(MinMoves::Exact { .. })))
        })
        .map(key_of)
        .collect();
    let wanted = |a: usize, f: usize| open_keys.contains(&(a, f));
    // Backward balls are small beside a forward one (3.3e7 boards at most at radius 3 against
    // 1.7e8 at radius 9), so all of them are kept while one forward ball at a time is grown.
    let mut backward: Vec<Option<Ball>> = Vec::with_capacity(orbits.len());
    for (i, o) in orbits.iter().enumerate() {
        let needed = orbits.iter().any(|a| o.iter().any(|&f| wanted(a[0], f)));
        counters.set_stage(
            format!(
                "peg T{}: ball of {} moves into hole {} ({} of {})",
                t.side(),
                radii.backward,
                o[0] + 1,
                i + 1,
                orbits.len()
            ),
            0,
        );
        let back = needed.then(|| ball_into(t, o[0], radii.backward));
        if let Some(b) = &back {
            report_ball(&format!("T{} into hole {}", t.side(), o[0] + 1), b);
        }
        backward.push(back);
    }
    // Every finish's backward ball in one sieve (each representative's through the symmetries),
    // the first test for the boards of the streamed level.
    let room: u64 = backward.iter().flatten().map(|b| b.len()).sum::<u64>() * t.symmetries().len() as u64;
    let sieve = Sieve::with_room(room);
    for b in backward.iter().flatten() {
        for g in t.symmetries() {
            b.par_states().for_each(|(s, _)| sieve.insert(permute(s, g)));
        }
    }
    eprintln!(
        "sieve of the balls into every finish: {room} boards, {} MiB",
        sieve.bytes() >> 20
    );
    // Per representative start and every finish: the meeting, then the play it spells.
    let mut by_rep: Vec<((usize, usize), Option<MinMoves>)> = Vec::new();
    for (i, start_orbit) in orbits.iter().enumerate() {
        let a = start_orbit[0];
        if !(0..holes).any(|f| wanted(a, f)) {
            continue;
        }
        counters.set_stage(
            format!(
                "peg T{}: ball of {} moves out of hole {} ({} of {})",
                t.side(),
                kept,
                a + 1,
                i + 1,
                orbits.len()
            ),
            0,
        );
        let fwd = ball_of(t, a, kept);
        report_ball(&format!("T{} out of hole {}", t.side(), a + 1), &fwd);
        // The solvable finishes: (finish, its representative's backward ball, the symmetry from
        // the representative to the finish and back).
        let open: Vec<(usize, &Ball, &[u8], Vec<u8>)> = orbits
            .iter()
            .zip(&backward)
            .flat_map(|(o, back)| o.iter().map(move |&f| (f, back)))
            .filter(|&(f, _)| wanted(a, f))
            .map(|(f, back)| {
                (
                    f,
                    back.as_ref().expect("grown for every orbit with a wanted finish"),
                    &to_hole[f][..],
                    inverse(to_hole[f]),
                )
            })
            .collect();
        // Meetings inside the kept ball (radius F - 1), probing the larger ball from the smaller.
        let in_ball: Vec<Option<(u32, Board)>> = open
            .iter()
            .map(|(_, back, to, from)| {
                if back.len() < fwd.len() {
                    ball::meet(back, &fwd, |s| permute(s, to)).map(|(m, s)| (m, permute(s, to)))
                } else {
                    ball::meet(&fwd, back, |s| permute(s, from))
                }
            })
            .collect();
        // Meetings at distance F: every board one move past the kept ball's last level, streamed
        // (level F is the largest and is never stored). A board of the stream that is inside
        // the kept ball is counted at F, more than its distance: harmless, as its true sum is
        // among the meetings above and is smaller.
        let fewer = |x: Option<(u32, Board)>, y: Option<(u32, Board)>| match (x, y) {
            (Some(x), Some(y)) => Some(x.min(y)),
            (x, None) => x,
            (None, y) => y,
        };
        // With the sieved level: the problems whose play held is longer than the reach plus one,
        // and the sieve of the boards one backward move past their balls (in this start's frame).
        let held_moves = |f: usize| match &row(a, f).verdict {
            Verdict::Play(held) => moves_of(held).len() as u32,
            _ => unreachable!("open finishes are solvable"),
        };
        let deep: Vec<usize> = (0..open.len())
            .filter(|&k| sieved_level && held_moves(open[k].0) > radii.reach() + 1)
            .collect();
        let past = (!deep.is_empty()).then(|| {
            counters.set_stage(
                format!(
                    "peg T{}: sieve of one backward move more for {} finishes of hole {} ({} of {})",
                    t.side(),
                    deep.len(),
                    a + 1,
                    i + 1,
                    orbits.len()
                ),
                0,
            );
            // The level past a ball of radius 3 is about 13 times its last level (side 8).
            let room: u64 = deep
                .iter()
                .map(|&k| 16 * open[k].1.level_sizes[radii.backward as usize])
                .sum();
            let past = Sieve::with_room(room);
            for &k in &deep {
                let (_, back, to, _) = &open[k];
                back.par_states()
                    .filter(|&(_, e)| e == radii.backward)
                    .for_each_init(Vec::new, |out, (s, _)| {
                        out.clear();
                        t.unmove_results(s, out);
                        for &n in out.iter() {
                            past.insert(permute(n, to));
                        }
                    });
            }
            eprintln!(
                "sieve one backward move past the balls of {} finishes of hole {}: room for {room} boards, {} MiB",
                deep.len(),
                a + 1,
                past.bytes() >> 20
            );
            past
        });
        counters.set_stage(
            format!(
                "peg T{}: meeting the balls out of hole {} ({} of {})",
                t.side(),
                a + 1,
                i + 1,
                orbits.len()
            ),
            0,
        );
        type Best = Vec<Option<(u32, Board)>>;
        let merge = |x: Best, y: Best| -> Best { x.into_iter().zip(y).map(|(x, y)| fewer(x, y)).collect() };
        let (streamed, beyond): (Best, Best) = fwd
            .par_states()
            .filter(|&(_, d)| d == kept)
            .fold(
                || (vec![None; open.len()], vec![None; deep.len()], Vec::new(), Vec::new()),
                |(mut best, mut far, mut out, mut next): (Best, Best, Vec<Board>, Vec<Board>), (s, _)| {
                    out.clear();
                    t.move_results(s, &mut out);
                    for &n in &out {
                        if sieve.may_contain(n) {
                            for (k, (_, back, _, from)) in open.iter().enumerate() {
                                if let Some(e) = back.distance(permute(n, from)) {
                                    best[k] = fewer(best[k], Some((radii.forward + e, n)));
                                }
                            }
                        }
                        // One move more: n may be a board one backward move past a deep
                        // finish's ball; its own moves say so exactly.
                        if past.as_ref().is_some_and(|p| p.may_contain(n)) {
                            next.clear();
                            t.move_results(n, &mut next);
                            for &m in &next {
                                if !sieve.may_contain(m) {
                                    continue;
                                }
                                for (j, &k) in deep.iter().enumerate() {
                                    let (_, back, _, from) = &open[k];
                                    if let Some(e) = back.distance(permute(m, from)) {
                                        far[j] = fewer(far[j], Some((radii.forward + 1 + e, n)));
                                    }
                                }
                            }
                        }
                    }
                    (best, far, out, next)
                },
            )
            .map(|(best, far, _, _)| (best, far))
            .reduce(
                || (vec![None; open.len()], vec![None; deep.len()]),
                |x, y| (merge(x.0, y.0), merge(x.1, y.1)),
            );
        drop(past);
        for (k, (f, back, _, from)) in open.iter().enumerate() {
            let Verdict::Play(held) = &row(a, *f).verdict else {
                unreachable!("open finishes are solvable")
            };
            let into_rep = |s: Board| permute(s, from);
            let far = deep.iter().position(|&j| j == k).map(|j| beyond[j]);
            // The radii this problem was decided with.
            let radii = if far.is_some() {
                Radii {
                    forward: radii.forward,
                    backward: radii.backward + 1,
                }
            } else {
                radii
            };
            let found = match (fewer(in_ball[k], streamed[k]), far.flatten()) {
                (Some((moves, s)), _) => {
                    let play = spell(t, &fwd, back, &into_rep, a, s, moves);
                    let replayed = super::replay(t, t.start(a), &play);
                    ensure!(
                        replayed == Some((*f, moves)),
                        "T{}: the meeting play from {} to {} does not replay in {moves} moves",
                        t.side(),
                        a + 1,
                        f + 1
                    );
                    MinMoves::Exact {
                        moves,
                        play,
                        radii,
                        met: true,
                    }
                }
                (None, Some((moves, n))) => {
                    let play = spell_past(t, &fwd, back, &into_rep, a, n, moves);
                    let replayed = super::replay(t, t.start(a), &play);
                    ensure!(
                        replayed == Some((*f, moves)),
                        "T{}: the play from {} to {} met one move past the balls does not replay in {moves} moves",
                        t.side(),
                        a + 1,
                        f + 1
                    );
                    MinMoves::Exact {
                        moves,
                        play,
                        radii,
                        met: true,
                    }
                }
                (None, None) if moves_of(held).len() as u32 == radii.reach() + 1 => MinMoves::Exact {
                    moves: radii.reach() + 1,
                    play: held.clone(),
                    radii,
                    met: false,
                },
                (None, None) => MinMoves::AtLeast { radii },
            };
            by_rep.push(((a, *f), Some(found)));
        }
        for f in (0..holes).filter(|&f| !solvable(a, f)) {
            by_rep.push(((a, f), None));
        }
    }
    // Every start from its representative, through the symmetry.
    let mut out = Vec::with_capacity(problems.len());
    for p in problems {
        let perm = to_hole[p.start];
        let back = inverse(perm);
        let key = (rep_of[p.start], back[p.finish] as usize);
        let Some((_, found)) = by_rep.iter().find(|(k, _)| *k == key) else {
            // Not wanted: solvable, and held exactly by its row (open_only).
            debug_assert!(
                open_only
                    && (matches!(p.fewest, Some(MinMoves::Exact { .. })) || !matches!(p.verdict, Verdict::Play(_)))
            );
            out.push(p.fewest.clone());
            continue;
        };
        out.push(found.as_ref().map(|m| {
            match m {
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
        }));
    }
    Ok(out)
}

/// One line on stderr per ball grown: its size per distance and its table, the measure by which
/// the radii are chosen (a run at side 8 takes minutes to hours; the line says where it is).
fn report_ball(what: &str, b: &Ball) {
    let sizes: Vec<String> = b.level_sizes.iter().map(|n| n.to_string()).collect();
    eprintln!(
        "ball {what}, radius {}: {} boards (per distance {}), table {} MiB",
        b.depth,
        b.len(),
        sizes.join(" "),
        b.bytes() >> 20
    );
}

/// The play of `moves` moves through the meeting board `s`: back from `s` to the start inside
/// `forward` (a board one move nearer the start), then on from `s` to the finish inside
/// `backward` (a move whose result maps one move nearer). A board of the streamed level, one move
/// past `forward`'s radius, is first taken back one move into its last level. Fixed orders: the
/// first such move of [`Triangle::unmoves_from`] and [`Triangle::moves_from`].
fn spell(
    t: &Triangle,
    forward: &Ball,
    backward: &Ball,
    map: &impl Fn(Board) -> Board,
    a: usize,
    s: Board,
    moves: u32,
) -> Vec<Jump> {
    let e = backward
        .distance(map(s))
        .expect("the meeting board maps into the backward ball");
    let mut play = spell_head(t, forward, a, s, moves - e);
    play.extend(spell_tail(t, backward, map, s, e));
    play
}

/// The play of `moves` moves through a board `n` of the forward stream that is one move outside
/// the backward ball: to `n` as in [`spell`], then the first move of [`Triangle::moves_from`]
/// whose result is in the backward ball at the remaining distance, then on inside it.
fn spell_past(
    t: &Triangle,
    forward: &Ball,
    backward: &Ball,
    map: &impl Fn(Board) -> Board,
    a: usize,
    n: Board,
    moves: u32,
) -> Vec<Jump> {
    let e = moves - forward.depth - 2;
    let mut play = spell_head(t, forward, a, n, forward.depth + 1);
    let (chain, m) = t
        .moves_from(n)
        .into_iter()
        .find(|(_, m)| backward.distance(map(*m)) == Some(e))
        .expect("a move into the backward ball");
    play.extend(chain);
    play.extend(spell_tail(t, backward, map, m, e));
    play
}

/// From the start to `s`, `d` moves from it (the ball's radius plus one for a streamed board).
fn spell_head(t: &Triangle, forward: &Ball, a: usize, s: Board, d: u32) -> Vec<Jump> {
    let mut head: Vec<Vec<Jump>> = Vec::new();
    let mut cur = s;
    let mut d = d;
    if forward.distance(s) != Some(d) {
        debug_assert_eq!(d, forward.depth + 1);
        let (chain, prev) = t
            .unmoves_from(cur)
            .into_iter()
            .find(|(_, prev)| forward.distance(*prev) == Some(d - 1))
            .expect("a board of the last kept level");
        head.push(chain);
        cur = prev;
        d -= 1;
    }
    while d > 0 {
        let (chain, prev) = t
            .unmoves_from(cur)
            .into_iter()
            .find(|(_, prev)| forward.distance(*prev) == Some(d - 1))
            .expect("a board one move nearer the start");
        head.push(chain);
        cur = prev;
        d -= 1;
    }
    debug_assert_eq!(cur, t.start(a));
    head.into_iter().rev().flatten().collect()
}

/// From `s`, `e` moves from the finish inside `backward`, to the finish.
fn spell_tail(t: &Triangle, backward: &Ball, map: &impl Fn(Board) -> Board, s: Board, e: u32) -> Vec<Jump> {
    let mut play = Vec::new();
    let mut cur = s;
    let mut e = e;
    while e > 0 {
        let (chain, next) = t
            .moves_from(cur)
            .into_iter()
            .find(|(_, n)| backward.distance(map(*n)) == Some(e - 1))
            .expect("a board one move nearer the finish");
        play.extend(chain);
        cur = next;
        e -= 1;
    }
    play
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{HashMap, VecDeque};

    /// The oracle: a plain breadth-first search on the moves graph from one start, each board's
    /// moves listed by `moves_from` (a jump chain per peg, written independently of
    /// `move_results`), and the fewest moves to each single peg read off.
    fn plain_bfs(t: &Triangle, start: usize) -> Vec<Option<u32>> {
        let mut dist: HashMap<Board, u32> = HashMap::from([(t.start(start), 0)]);
        let mut queue = VecDeque::from([t.start(start)]);
        while let Some(b) = queue.pop_front() {
            let d = dist[&b];
            for (_, n) in t.moves_from(b) {
                dist.entry(n).or_insert_with(|| {
                    queue.push_back(n);
                    d + 1
                });
            }
        }
        (0..t.holes()).map(|f| dist.get(&(1 << f)).copied()).collect()
    }

    /// Every pair of the side as a problem row; solvable ones carry a play of too many moves
    /// (any play serves: the balls must find the minimum themselves). Solvability from `truth`.
    fn rows_from(
        t: &Triangle,
        truth: &[Vec<Option<u32>>],
        play_of: impl Fn(usize, usize) -> Vec<Jump>,
    ) -> Vec<ProblemRow> {
        let mut rows = Vec::new();
        for s in 0..t.holes() {
            for f in 0..t.holes() {
                let verdict = match truth[s][f] {
                    Some(_) => Verdict::Play(play_of(s, f)),
                    None => Verdict::PositionClass,
                };
                rows.push(ProblemRow {
                    start: s,
                    finish: f,
                    verdict,
                    fewest: None,
                });
            }
        }
        rows
    }

    fn check_side_against_plain_bfs(side: usize, radii: Radii) {
        let t = Triangle::any_side(side);
        let truth: Vec<Vec<Option<u32>>> = (0..t.holes()).map(|s| plain_bfs(&t, s)).collect();
        let rows = rows_from(&t, &truth, |_, _| Vec::new());
        let settled = settle(&t, &rows, radii, &Counters::default()).unwrap();
        let mut compared = 0;
        for (r, m) in rows.iter().zip(&settled) {
            let want = truth[r.start][r.finish];
            match (want, m) {
                (None, None) => {}
                (
                    Some(w),
                    Some(MinMoves::Exact {
                        moves, play, met: true, ..
                    }),
                ) => {
                    assert_eq!(*moves, w, "T{side} {} -> {}", r.start + 1, r.finish + 1);
                    assert_eq!(
                        crate::studies::peg::replay(&t, t.start(r.start), play),
                        Some((r.finish, w))
                    );
                    compared += 1;
                }
                (Some(w), Some(MinMoves::AtLeast { radii })) => {
                    assert!(w > radii.reach(), "T{side}: no meeting, yet {w} moves")
                }
                other => panic!("T{side} {} -> {}: {other:?}", r.start + 1, r.finish + 1),
            }
        }
        assert!(compared > 0);
    }

    #[test]
    fn balls_give_the_plain_bfs_minima_on_t4_to_t6() {
        // Radii large enough to meet on every problem (the longest minima: 11 moves on sides 5
        // and 6).
        for side in 4..=6 {
            check_side_against_plain_bfs(
                side,
                Radii {
                    forward: 8,
                    backward: 3,
                },
            );
        }
    }

    #[test]
    fn small_balls_give_lower_bounds_only() {
        // Side 5's minima are 9 to 11: balls reaching 9 moves meet on the problems of 9 moves
        // (exact), and must not on the others.
        check_side_against_plain_bfs(
            5,
            Radii {
                forward: 6,
                backward: 3,
            },
        );
    }

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

    /// The exactness rule (no meeting, and the play held has exactly F + B + 1 moves) on side 5,
    /// with the committed optimal plays (9 to 11 moves) as the plays held: balls reaching 8 moves
    /// make every 9-move problem exact through its play; a bound one move weaker (balls reaching
    /// 7) must leave all of them open, though the plays are the same.
    #[test]
    fn a_bound_short_of_the_play_gives_no_exact_minimum() {
        let t = Triangle::any_side(5);
        let mut plays = vec![vec![None; t.holes()]; t.holes()];
        let mut lines = include_str!("../../../data/peg/T5/finishes.csv").lines();
        lines.next();
        for line in lines {
            let r: Vec<&str> = line.split(',').collect();
            if r[7].is_empty() {
                continue; // not solvable
            }
            let (s, f) = (r[0].parse::<usize>().unwrap() - 1, r[1].parse::<usize>().unwrap() - 1);
            plays[s][f] = Some(crate::puzzles::peg::parse_play(&t, r[7]).unwrap());
        }
        let truth: Vec<Vec<Option<u32>>> = plays
            .iter()
            .map(|row| {
                row.iter()
                    .map(|p| p.as_ref().map(|p| moves_of(p).len() as u32))
                    .collect()
            })
            .collect();
        let rows = rows_from(&t, &truth, |s, f| plays[s][f].clone().unwrap());
        let nine = |radii: Radii| {
            let settled = settle(&t, &rows, radii, &Counters::default()).unwrap();
            rows.iter()
                .zip(settled)
                .filter(|(r, _)| truth[r.start][r.finish] == Some(9))
                .map(|(_, m)| m.unwrap())
                .collect::<Vec<_>>()
        };
        let through_play = nine(Radii {
            forward: 6,
            backward: 2,
        });
        assert!(!through_play.is_empty());
        assert!(
            through_play.iter().all(|m| matches!(
                m,
                MinMoves::Exact {
                    moves: 9,
                    met: false,
                    ..
                }
            )),
            "{through_play:?}"
        );
        let weaker = nine(Radii {
            forward: 5,
            backward: 2,
        });
        assert!(
            weaker.iter().all(|m| *m
                == MinMoves::AtLeast {
                    radii: Radii {
                        forward: 5,
                        backward: 2
                    }
                }),
            "{weaker:?}"
        );
    }

    /// Side 7 against the committed exact table (from the per-start dynamic programme, another
    /// method). Balls reaching 12 moves: the problems of 12 moves must meet with exactly 12, those
    /// of 13 must not meet. About 17 s on this 2-core machine idle.
    #[test]
    fn balls_give_the_committed_side_7_minima() {
        check_side_7(Radii {
            forward: 8,
            backward: 4,
        });
    }

    /// The same table with small balls (seconds): no side-7 problem may meet below its minimum.
    #[test]
    fn small_balls_stay_below_the_committed_side_7_minima() {
        check_side_7(Radii {
            forward: 6,
            backward: 3,
        });
    }

    /// The sieved level against the committed side-7 table (minima 12 and 13): balls of 8 + 3
    /// reach 11 exactly and, for problems whose play held is longer than 12 moves, one backward
    /// move more through the sieve. The problems of 12 moves must come out exact through the
    /// sieve (radii 8 + 4), those of 13 at least 13. The plays held are stand-ins of 30 one-jump
    /// moves (only their length is read when the balls decide).
    #[test]
    fn a_sieved_level_reaches_one_move_more_on_side_7() {
        let t = Triangle::any_side(7);
        let truth = side_7_truth(&t);
        let stand_in = |moves: usize| -> Vec<Jump> {
            (0..moves)
                .map(|k| Jump {
                    from: (k % 2) as u8,
                    over: 2,
                    to: 3,
                })
                .collect()
        };
        let rows = rows_from(&t, &truth, |_, _| stand_in(30));
        let radii = Radii {
            forward: 8,
            backward: 3,
        };
        let settled = settle_with(
            &t,
            &rows,
            &Settle {
                radii,
                sieved_level: true,
                open_only: false,
            },
            &Counters::default(),
        )
        .unwrap();
        let deeper = Radii {
            forward: 8,
            backward: 4,
        };
        let mut through_sieve = 0;
        for (r, m) in rows.iter().zip(&settled) {
            let want = truth[r.start][r.finish];
            match (want, m) {
                (None, None) => {}
                (
                    Some(w),
                    Some(MinMoves::Exact {
                        moves,
                        play,
                        met: true,
                        radii: got,
                    }),
                ) => {
                    assert!(
                        w <= 12 && *moves == w,
                        "T7 {} -> {}: {moves} against {w}",
                        r.start + 1,
                        r.finish + 1
                    );
                    assert_eq!(*got, deeper);
                    assert_eq!(
                        crate::studies::peg::replay(&t, t.start(r.start), play),
                        Some((r.finish, w))
                    );
                    through_sieve += usize::from(w == 12);
                }
                (Some(w), Some(MinMoves::AtLeast { radii: got })) => assert!(
                    w > 12 && *got == deeper,
                    "T7 {} -> {}: {w} moves, {got:?}",
                    r.start + 1,
                    r.finish + 1
                ),
                other => panic!("T7 {} -> {}: {other:?}", r.start + 1, r.finish + 1),
            }
        }
        assert_eq!(through_sieve, 114, "side-7 problems of 12 moves met through the sieve");
        // Open problems only: the rows hold those answers; balls of 9 + 3 with the sieved level
        // settle the problems of 13 (met at 13, radii 9 + 4) and leave the exact rows as they are.
        let mut held = rows.clone();
        for (r, m) in held.iter_mut().zip(&settled) {
            r.fewest = m.clone();
        }
        let again = settle_with(
            &t,
            &held,
            &Settle {
                radii: Radii {
                    forward: 9,
                    backward: 3,
                },
                sieved_level: true,
                open_only: true,
            },
            &Counters::default(),
        )
        .unwrap();
        for ((r, before), after) in held.iter().zip(&settled).zip(&again) {
            match (truth[r.start][r.finish], after) {
                (Some(12), _) | (None, _) => assert_eq!(
                    after,
                    before,
                    "T7 {} -> {}: an exact row changed",
                    r.start + 1,
                    r.finish + 1
                ),
                (
                    Some(w),
                    Some(MinMoves::Exact {
                        moves,
                        play,
                        met: true,
                        radii: got,
                    }),
                ) => {
                    assert_eq!(
                        (*moves, *got),
                        (
                            w,
                            Radii {
                                forward: 9,
                                backward: 4
                            }
                        )
                    );
                    assert_eq!(
                        crate::studies::peg::replay(&t, t.start(r.start), play),
                        Some((r.finish, w))
                    );
                }
                other => panic!("T7 {} -> {}: {other:?}", r.start + 1, r.finish + 1),
            }
        }
        // Plays as long as the minima held: a problem of 12 is left out of the sieve (8 + 3 do not
        // meet, and the play attains 12); one of 13 goes through it (8 + 4 do not meet, and the
        // play attains 13).
        let rows = rows_from(&t, &truth, |s, f| stand_in(truth[s][f].unwrap() as usize));
        let settled = settle_with(
            &t,
            &rows,
            &Settle {
                radii,
                sieved_level: true,
                open_only: false,
            },
            &Counters::default(),
        )
        .unwrap();
        for (r, m) in rows.iter().zip(&settled) {
            match (truth[r.start][r.finish], m) {
                (
                    Some(w),
                    Some(MinMoves::Exact {
                        moves,
                        radii: got,
                        met: false,
                        ..
                    }),
                ) => assert!(*moves == w && *got == if w == 12 { radii } else { deeper }),
                (None, None) => {}
                other => panic!("T7 {} -> {}: {other:?}", r.start + 1, r.finish + 1),
            }
        }
    }

    /// Side 7's committed exact minima (from the per-start dynamic programme), by (start, finish).
    fn side_7_truth(t: &Triangle) -> Vec<Vec<Option<u32>>> {
        let text = include_str!("../../../data/peg/T7/finishes.csv");
        let mut truth = vec![vec![None; t.holes()]; t.holes()];
        let mut lines = text.lines();
        let header: Vec<&str> = lines.next().unwrap().split(',').collect();
        let col = |n: &str| header.iter().position(|h| *h == n).unwrap();
        let (cs, cf, cm) = (col("start"), col("finish"), col("min_moves"));
        let mut listed = 0;
        for line in lines {
            let r: Vec<&str> = line.split(',').collect();
            if !r[cm].is_empty() {
                truth[r[cs].parse::<usize>().unwrap() - 1][r[cf].parse::<usize>().unwrap() - 1] =
                    Some(r[cm].parse::<u32>().unwrap());
                listed += 1;
            }
        }
        assert_eq!(listed, 162);
        truth
    }

    fn check_side_7(radii: Radii) {
        let t = Triangle::any_side(7);
        let truth = side_7_truth(&t);
        let rows = rows_from(&t, &truth, |_, _| Vec::new());
        let settled = settle(&t, &rows, radii, &Counters::default()).unwrap();
        let mut exact = 0;
        for (r, m) in rows.iter().zip(&settled) {
            let want = truth[r.start][r.finish];
            match (want, m) {
                (None, None) => {}
                (Some(w), Some(MinMoves::Exact { moves, .. })) => {
                    assert_eq!(*moves, w, "T7 {} -> {}", r.start + 1, r.finish + 1);
                    exact += 1;
                }
                (Some(w), Some(MinMoves::AtLeast { radii })) => assert!(
                    w > radii.reach(),
                    "T7 {} -> {}: no meeting, yet {w} moves",
                    r.start + 1,
                    r.finish + 1
                ),
                other => panic!("T7 {} -> {}: {other:?}", r.start + 1, r.finish + 1),
            }
        }
        eprintln!(
            "T7, balls of {} + {} moves: {exact} of 162 minima met",
            radii.forward, radii.backward
        );
    }
}
