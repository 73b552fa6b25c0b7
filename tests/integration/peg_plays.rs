//! Beam plays on the large triangles (issue 40): every committed play in data/peg/T9..T15 replayed
//! by a model written here (128-bit positions, jumps from the geometry, nothing shared with the
//! crate), judged against OEIS A127500; the command on a small side and its refusals.

use crate::common::*;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The triangle of side n: holes (row, col) row by row, every jump (from, over, to).
pub(crate) struct Triangle {
    pub(crate) holes: usize,
    pub(crate) jumps: Vec<(usize, usize, usize)>,
    /// Each hole's orbit under the 6 symmetries (rotations and reflections of the triangle).
    pub(crate) orbits: Vec<Vec<usize>>,
}

impl Triangle {
    pub(crate) fn new(n: i64) -> Triangle {
        let coords: Vec<(i64, i64)> = (0..n).flat_map(|r| (0..=r).map(move |c| (r, c))).collect();
        let index = |p: (i64, i64)| coords.iter().position(|&q| q == p);
        let mut jumps = Vec::new();
        for (a, &(r, c)) in coords.iter().enumerate() {
            for (dr, dc) in [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1)] {
                if let (Some(m), Some(t)) = (index((r + dr, c + dc)), index((r + 2 * dr, c + 2 * dc))) {
                    jumps.push((a, m, t));
                }
            }
        }
        // The triangle's symmetries in barycentric terms: (r - c, c, n - 1 - r) permuted.
        let orbits = coords
            .iter()
            .map(|&(r, c)| {
                let bary = [r - c, c, n - 1 - r];
                let mut orbit: Vec<usize> = [[0, 1, 2], [1, 2, 0], [2, 0, 1], [1, 0, 2], [0, 2, 1], [2, 1, 0]]
                    .iter()
                    .map(|p| {
                        let (x, y) = (bary[p[0]], bary[p[1]]);
                        index((x + y, y)).expect("an image on the board")
                    })
                    .collect();
                orbit.sort_unstable();
                orbit.dedup();
                orbit
            })
            .collect();
        Triangle {
            holes: coords.len(),
            jumps,
            orbits,
        }
    }

    /// Plays `play` (1-based holes, '-' within a move, ' | ' between moves) from the vacancy
    /// `start` (1-based): (the last peg's hole, moves, jumps).
    fn replay(&self, start: usize, play: &str) -> (usize, usize, usize) {
        let mut pegs: u128 = (u128::MAX >> (128 - self.holes)) & !(1 << (start - 1));
        let (mut moves, mut jumps) = (0, 0);
        for mv in play.split(" | ") {
            moves += 1;
            let holes: Vec<usize> = mv.split('-').map(|h| h.parse().unwrap()).collect();
            assert!(holes.len() >= 2, "move {mv:?} has no jump");
            for w in holes.windows(2) {
                let (a, t) = (w[0] - 1, w[1] - 1);
                let &(_, m, _) = self
                    .jumps
                    .iter()
                    .find(|j| j.0 == a && j.2 == t)
                    .unwrap_or_else(|| panic!("{}-{} is no jump line", w[0], w[1]));
                assert!(
                    pegs >> a & 1 == 1 && pegs >> m & 1 == 1 && pegs >> t & 1 == 0,
                    "illegal jump {}-{} in {play:?}",
                    w[0],
                    w[1]
                );
                pegs ^= 1 << a | 1 << m | 1 << t;
                jumps += 1;
            }
        }
        assert_eq!(pegs.count_ones(), 1, "play {play:?} leaves {} pegs", pegs.count_ones());
        (pegs.trailing_zeros() as usize + 1, moves, jumps)
    }
}

pub(crate) fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

/// Checks a plays.csv of side n: one row per start orbit at most, each play replayed to its
/// finish in its moves and jumps. Returns the fewest moves.
fn check_plays(n: i64, path: &Path) -> usize {
    let t = Triangle::new(n);
    let rows = read_csv(path);
    assert!(!rows.is_empty(), "{}: no play", path.display());
    let mut seen = Vec::new();
    for r in &rows {
        let start: usize = r["start"].parse().unwrap();
        let orbit = &t.orbits[start - 1];
        assert_eq!(orbit[0] + 1, start, "T{n}: start {start} is not its orbit's first hole");
        assert_eq!(r["start_orbit_size"], orbit.len().to_string(), "T{n} start {start}");
        assert!(!seen.contains(&start), "T{n}: start {start} twice");
        seen.push(start);
        let (finish, moves, jumps) = t.replay(start, &r["play"]);
        assert_eq!(r["finish"], finish.to_string(), "T{n} start {start}");
        assert_eq!(r["moves_upper_bound"], moves.to_string(), "T{n} start {start}");
        assert_eq!(r["jumps"], jumps.to_string(), "T{n} start {start}");
        assert_eq!(jumps, t.holes - 2);
    }
    rows.iter()
        .map(|r| r["moves_upper_bound"].parse().unwrap())
        .min()
        .unwrap()
}

/// The committed plays of sides 11 and 12 (and 9 and 10) replay, and stand beside OEIS A127500:
/// never below a published exact value or lower bound; the claims say new where they beat the
/// published upper bound.
#[test]
fn committed_plays_replay_and_respect_a127500() {
    let exact: HashMap<String, usize> = oracle("peg/A127500.csv")
        .iter()
        .map(|r| (r["side"].clone(), r["min_moves"].parse().unwrap()))
        .collect();
    let bounds: HashMap<String, (usize, usize)> = oracle("peg/A127500_bounds.csv")
        .iter()
        .map(|r| {
            (
                r["side"].clone(),
                (r["lower_bound"].parse().unwrap(), r["upper_bound"].parse().unwrap()),
            )
        })
        .collect();
    let claims = read_csv(&repo().join("reports/peg/claims.csv"));
    for n in [11, 12] {
        let path = repo().join(format!("data/peg/T{n}/plays.csv"));
        assert!(path.is_file(), "{} is committed", path.display());
    }
    for n in 9..=15i64 {
        let path = repo().join(format!("data/peg/T{n}/plays.csv"));
        if !path.is_file() {
            continue;
        }
        let best = check_plays(n, &path);
        let side = n.to_string();
        let claim = claims
            .iter()
            .find(|c| c["id"] == format!("peg.oeis_a127500.side{n}"))
            .unwrap_or_else(|| panic!("a claim judges side {n}'s plays"));
        assert!(claim["computed"].starts_with(&format!("{best} ")), "{claim:?}");
        if let Some(&published) = exact.get(&side) {
            assert!(
                best >= published,
                "T{n}: a play of {best} moves beats a proven {published}"
            );
            assert_eq!(claim["verdict"], "consistent (bound)");
        } else if let Some(&(lower, upper)) = bounds.get(&side) {
            assert!(
                best >= lower,
                "T{n}: a play of {best} moves is below the lower bound {lower}"
            );
            let verdict = if best < upper { "new" } else { "consistent (bound)" };
            assert_eq!(claim["verdict"], verdict, "{claim:?}");
        }
    }
}

/// The command on side 7 writes plays that replay, none shorter than A127500(7) = 12; bad
/// arguments are refused with one line.
#[test]
fn few_moves_on_a_small_side_and_refusals() {
    let dir = scratch("peg-few-moves");
    ok(&[
        "peg",
        "--side",
        "7",
        "--few-moves",
        "--width",
        "2000",
        "--out",
        dir.to_str().unwrap(),
    ]);
    let best = check_plays(7, &dir.join("plays.csv"));
    assert!(best >= 12, "side 7: {best} moves beats the proven 12");
    fails_with(&["peg", "--side", "16", "--few-moves"], "sides 4 to 15");
    fails_with(&["peg", "--side", "3", "--few-moves"], "sides 4 to 15");
    fails_with(&["peg", "--side", "9", "--few-moves", "--width", "0"], "--width");
    fails_with(&["peg", "--board", "english", "--few-moves"], "--side");
    fails_with(&["peg", "--side", "9", "--width", "10"], "--few-moves");
    fails_with(
        &["peg", "--side", "12", "--few-moves", "--width", "1000000000"],
        "memory",
    );
}
