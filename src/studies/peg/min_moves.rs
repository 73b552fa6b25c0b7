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
use rayon::prelude::*;
use crate::engine::progress::Counters;
use crate::puzzles::peg::{moves_of, Board, Jump, Triangle};
use anyhow::{ensure, Result};

/// What is proven about one problem's fewest moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MinMoves {
    /// Exactly `moves`, attained by `play` (replayed); `met` says whether the balls met (else
    /// the bound from not meeting equals the moves of the play).
    Exact { moves: u32, play: Vec<Jump>, radii: Radii, met: bool },
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
        let balls = |r: &Radii| format!("balls of {} moves out of the start and {} into the finish", r.forward, r.backward);
        match self {
            MinMoves::Exact { radii, met: true, .. } => format!("{} meet", balls(radii)),
            MinMoves::Exact { radii, met: false, moves, .. } => format!("{} do not meet: at least {moves}, the play attains it", balls(radii)),
            MinMoves::AtLeast { radii } => format!("{} do not meet: at least {}", balls(radii), radii.reach() + 1),
        }
    }

    /// (radii, met, bound stated) from a proof cell.
    pub fn parse_proof(text: &str) -> Option<(Radii, bool, Option<u32>)> {
        let rest = text.strip_prefix("balls of ")?;
        let (forward, rest) = rest.split_once(" moves out of the start and ")?;
        let (backward, rest) = rest.split_once(" into the finish ")?;
        let radii = Radii { forward: forward.parse().ok()?, backward: backward.parse().ok()? };
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
pub const SIDE8_RADII: Radii = Radii { forward: 10, backward: 3 };

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
pub fn settle(t: &Triangle, problems: &[ProblemRow], radii: Radii, counters: &Counters) -> Result<Vec<Option<MinMoves>>> {
    ensure!(radii.forward.max(radii.backward) <= ball::MAX_DEPTH, "radius over {}", ball::MAX_DEPTH);
    ensure!(radii.forward >= 1, "the forward radius must be at least 1 (its last level is streamed)");
    // The forward ball is kept to radius F - 1; its level F, the largest, is only streamed.
    let kept = radii.forward - 1;
    let holes = t.holes();
    let orbits = t.hole_orbits();
    let rep_of: Vec<usize> = (0..holes).map(|h| orbits.iter().find(|o| o.contains(&h)).expect("every hole in an orbit")[0]).collect();
    // A symmetry taking each hole's representative to the hole, and its inverse.
    let to_hole: Vec<&Vec<u8>> = (0..holes).map(|h| t.symmetries().iter().find(|p| p[rep_of[h]] as usize == h).expect("orbit member")).collect();
    let inverse = |p: &[u8]| {
        let mut q = vec![0u8; p.len()];
        for (i, &x) in p.iter().enumerate() {
            q[x as usize] = i as u8;
        }
        q
    };
    let row = |s: usize, f: usize| problems.iter().find(|p| (p.start, p.finish) == (s, f)).expect("every pair listed");
    let solvable = |s: usize, f: usize| matches!(row(s, f).verdict, Verdict::Play(_));
    // Backward balls are small beside a forward one (3.3e7 boards at most at radius 3 against
    // 1.7e8 at radius 9), so all of them are kept while one forward ball at a time is grown.
    let mut backward: Vec<Option<Ball>> = Vec::with_capacity(orbits.len());
    for (i, o) in orbits.iter().enumerate() {
        let needed = orbits.iter().any(|a| o.iter().any(|&f| solvable(a[0], f)));
        counters.set_stage(format!("peg T{}: ball of {} moves into hole {} ({} of {})", t.side(), radii.backward, o[0] + 1, i + 1, orbits.len()), 0);
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
    eprintln!("sieve of the balls into every finish: {room} boards, {} MiB", sieve.bytes() >> 20);
    // Per representative start and every finish: the meeting, then the play it spells.
    let mut by_rep: Vec<((usize, usize), Option<MinMoves>)> = Vec::new();
    for (i, start_orbit) in orbits.iter().enumerate() {
        let a = start_orbit[0];
        counters.set_stage(format!("peg T{}: ball of {} moves out of hole {} ({} of {})", t.side(), kept, a + 1, i + 1, orbits.len()), 0);
        let fwd = ball_of(t, a, kept);
        report_ball(&format!("T{} out of hole {}", t.side(), a + 1), &fwd);
        counters.set_stage(format!("peg T{}: meeting the balls out of hole {} ({} of {})", t.side(), a + 1, i + 1, orbits.len()), 0);
        // The solvable finishes: (finish, its representative's backward ball, the symmetry from
        // the representative to the finish and back).
        let open: Vec<(usize, &Ball, &[u8], Vec<u8>)> = orbits
            .iter()
            .zip(&backward)
            .flat_map(|(o, back)| o.iter().map(move |&f| (f, back)))
            .filter(|&(f, _)| solvable(a, f))
            .map(|(f, back)| (f, back.as_ref().expect("grown for every orbit with a solvable finish"), &to_hole[f][..], inverse(to_hole[f])))
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
        let streamed: Vec<Option<(u32, Board)>> = fwd
            .par_states()
            .filter(|&(_, d)| d == kept)
            .fold(
                || (vec![None; open.len()], Vec::new()),
                |(mut best, mut out): (Vec<Option<(u32, Board)>>, Vec<Board>), (s, _)| {
                    out.clear();
                    t.move_results(s, &mut out);
                    for &n in &out {
                        if !sieve.may_contain(n) {
                            continue;
                        }
                        for (k, (_, back, _, from)) in open.iter().enumerate() {
                            if let Some(e) = back.distance(permute(n, from)) {
                                best[k] = fewer(best[k], Some((radii.forward + e, n)));
                            }
                        }
                    }
                    (best, out)
                },
            )
            .map(|(best, _)| best)
            .reduce(|| vec![None; open.len()], |x, y| x.into_iter().zip(y).map(|(x, y)| fewer(x, y)).collect());
        for (k, (f, back, _, from)) in open.iter().enumerate() {
            let Verdict::Play(held) = &row(a, *f).verdict else { unreachable!("open finishes are solvable") };
            let into_rep = |s: Board| permute(s, from);
            let found = match fewer(in_ball[k], streamed[k]) {
                Some((moves, s)) => {
                    let play = spell(t, &fwd, back, &into_rep, a, s, moves);
                    let replayed = super::replay(t, t.start(a), &play);
                    ensure!(replayed == Some((*f, moves)), "T{}: the meeting play from {} to {} does not replay in {moves} moves", t.side(), a + 1, f + 1);
                    MinMoves::Exact { moves, play, radii, met: true }
                }
                None if moves_of(held).len() as u32 == radii.reach() + 1 => MinMoves::Exact { moves: radii.reach() + 1, play: held.clone(), radii, met: false },
                None => MinMoves::AtLeast { radii },
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
        let found = &by_rep.iter().find(|(k, _)| *k == key).expect("every representative problem").1;
        out.push(found.as_ref().map(|m| match m {
            MinMoves::Exact { moves, play, radii, met } => MinMoves::Exact {
                moves: *moves,
                play: play.iter().map(|j| Jump { from: perm[j.from as usize], over: perm[j.over as usize], to: perm[j.to as usize] }).collect(),
                radii: *radii,
                met: *met,
            },
            other => other.clone(),
        }));
    }
    Ok(out)
}

/// One line on stderr per ball grown: its size per distance and its table, the measure by which
/// the radii are chosen (a run at side 8 takes minutes to hours; the line says where it is).
fn report_ball(what: &str, b: &Ball) {
    let sizes: Vec<String> = b.level_sizes.iter().map(|n| n.to_string()).collect();
    eprintln!("ball {what}, radius {}: {} boards (per distance {}), table {} MiB", b.depth, b.len(), sizes.join(" "), b.bytes() >> 20);
}

/// The play of `moves` moves through the meeting board `s`: back from `s` to the start inside
/// `forward` (a board one move nearer the start), then on from `s` to the finish inside
/// `backward` (a move whose result maps one move nearer). A board of the streamed level, one move
/// past `forward`'s radius, is first taken back one move into its last level. Fixed orders: the
/// first such move of [`Triangle::unmoves_from`] and [`Triangle::moves_from`].
fn spell(t: &Triangle, forward: &Ball, backward: &Ball, map: &impl Fn(Board) -> Board, a: usize, s: Board, moves: u32) -> Vec<Jump> {
    let mut e = backward.distance(map(s)).expect("the meeting board maps into the backward ball");
    let mut head: Vec<Vec<Jump>> = Vec::new();
    let mut cur = s;
    let mut d = moves - e;
    if forward.distance(s) != Some(d) {
        debug_assert_eq!(d, forward.depth + 1);
        let (chain, prev) = t.unmoves_from(cur).into_iter().find(|(_, prev)| forward.distance(*prev) == Some(d - 1)).expect("a board of the last kept level");
        head.push(chain);
        cur = prev;
        d -= 1;
    }
    while d > 0 {
        let (chain, prev) = t.unmoves_from(cur).into_iter().find(|(_, prev)| forward.distance(*prev) == Some(d - 1)).expect("a board one move nearer the start");
        head.push(chain);
        cur = prev;
        d -= 1;
    }
    debug_assert_eq!(cur, t.start(a));
    let mut play: Vec<Jump> = head.into_iter().rev().flatten().collect();
    let mut cur = s;
    while e > 0 {
        let (chain, next) = t.moves_from(cur).into_iter().find(|(_, n)| backward.distance(map(*n)) == Some(e - 1)).expect("a board one move nearer the finish");
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
    fn rows_from(t: &Triangle, truth: &[Vec<Option<u32>>], play_of: impl Fn(usize, usize) -> Vec<Jump>) -> Vec<ProblemRow> {
        let mut rows = Vec::new();
        for s in 0..t.holes() {
            for f in 0..t.holes() {
                let verdict = match truth[s][f] {
                    Some(_) => Verdict::Play(play_of(s, f)),
                    None => Verdict::PositionClass,
                };
                rows.push(ProblemRow { start: s, finish: f, verdict, fewest: None });
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
                (Some(w), Some(MinMoves::Exact { moves, play, met: true, .. })) => {
                    assert_eq!(*moves, w, "T{side} {} -> {}", r.start + 1, r.finish + 1);
                    assert_eq!(crate::studies::peg::replay(&t, t.start(r.start), play), Some((r.finish, w)));
                    compared += 1;
                }
                (Some(w), Some(MinMoves::AtLeast { radii })) => assert!(w > radii.reach(), "T{side}: no meeting, yet {w} moves"),
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
            check_side_against_plain_bfs(side, Radii { forward: 8, backward: 3 });
        }
    }

    #[test]
    fn small_balls_give_lower_bounds_only() {
        // Side 5's minima are 9 to 11: balls reaching 9 moves meet on the problems of 9 moves
        // (exact), and must not on the others.
        check_side_against_plain_bfs(5, Radii { forward: 6, backward: 3 });
    }

    #[test]
    fn proofs_read_back() {
        const R: Radii = Radii { forward: 8, backward: 3 };
        for m in [
            MinMoves::Exact { moves: 13, play: Vec::new(), radii: R, met: true },
            MinMoves::Exact { moves: 12, play: Vec::new(), radii: R, met: false },
            MinMoves::AtLeast { radii: R },
        ] {
            let (radii, met, bound) = MinMoves::parse_proof(&m.proof()).unwrap();
            assert_eq!((radii, met), (R, matches!(m, MinMoves::Exact { met: true, .. })));
            assert_eq!(bound, if met { None } else { Some(12) });
        }
        assert_eq!(MinMoves::parse_proof("balls of x moves out of the start and 3 into the finish meet"), None);
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
        let truth: Vec<Vec<Option<u32>>> = plays.iter().map(|row| row.iter().map(|p| p.as_ref().map(|p| moves_of(p).len() as u32)).collect()).collect();
        let rows = rows_from(&t, &truth, |s, f| plays[s][f].clone().unwrap());
        let nine = |radii: Radii| {
            let settled = settle(&t, &rows, radii, &Counters::default()).unwrap();
            rows.iter().zip(settled).filter(|(r, _)| truth[r.start][r.finish] == Some(9)).map(|(_, m)| m.unwrap()).collect::<Vec<_>>()
        };
        let through_play = nine(Radii { forward: 6, backward: 2 });
        assert!(!through_play.is_empty());
        assert!(through_play.iter().all(|m| matches!(m, MinMoves::Exact { moves: 9, met: false, .. })), "{through_play:?}");
        let weaker = nine(Radii { forward: 5, backward: 2 });
        assert!(weaker.iter().all(|m| *m == MinMoves::AtLeast { radii: Radii { forward: 5, backward: 2 } }), "{weaker:?}");
    }

    /// Side 7 against the committed exact table (from the per-start dynamic programme, another
    /// method). Balls reaching 12 moves: the problems of 12 moves must meet with exactly 12, those
    /// of 13 must not meet. About 17 s on this 2-core machine idle.
    #[test]
    fn balls_give_the_committed_side_7_minima() {
        check_side_7(Radii { forward: 8, backward: 4 });
    }

    /// The same table with small balls (seconds): no side-7 problem may meet below its minimum.
    #[test]
    fn small_balls_stay_below_the_committed_side_7_minima() {
        check_side_7(Radii { forward: 6, backward: 3 });
    }

    fn check_side_7(radii: Radii) {
        let t = Triangle::any_side(7);
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
                truth[r[cs].parse::<usize>().unwrap() - 1][r[cf].parse::<usize>().unwrap() - 1] = Some(r[cm].parse::<u32>().unwrap());
                listed += 1;
            }
        }
        assert_eq!(listed, 162);
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
                (Some(w), Some(MinMoves::AtLeast { radii })) => assert!(w > radii.reach(), "T7 {} -> {}: no meeting, yet {w} moves", r.start + 1, r.finish + 1),
                other => panic!("T7 {} -> {}: {other:?}", r.start + 1, r.finish + 1),
            }
        }
        eprintln!("T7, balls of {} + {} moves: {exact} of 162 minima met", radii.forward, radii.backward);
    }
}
