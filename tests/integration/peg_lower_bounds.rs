//! Lower bounds on the fewest moves of the triangles (issue 40): the command on side 6 against a
//! breadth-first search over moves written here (nothing shared with the crate), the committed
//! bounds of sides 11 and 12 against the claims that judge OEIS A127500, `--starts` (some rows
//! searched again), and the refusals.

use crate::common::*;
use crate::peg_plays::{repo, Triangle};
use std::collections::{HashMap, HashSet};

/// The fewest moves from the vacancy `start` (0-based) to any single peg, by breadth-first search
/// over moves (a move: a chain of jumps by one peg), or `None` when no single peg is reached.
fn fewest_moves(t: &Triangle, start: usize) -> Option<usize> {
    let full: u128 = u128::MAX >> (128 - t.holes);
    let mut layer: Vec<u128> = vec![full & !(1 << start)];
    let mut seen: HashSet<u128> = layer.iter().copied().collect();
    for depth in 0.. {
        if layer.is_empty() {
            return None;
        }
        if layer.iter().any(|p| p.count_ones() == 1) {
            return Some(depth);
        }
        let mut next = Vec::new();
        for &p in &layer {
            // Chains: (position, the moving peg's hole), each explored once.
            let mut chains: HashSet<(u128, usize)> = HashSet::new();
            let mut stack: Vec<(u128, Option<usize>)> = vec![(p, None)];
            while let Some((q, at)) = stack.pop() {
                for &(a, m, to) in &t.jumps {
                    let legal = q >> a & 1 == 1 && q >> m & 1 == 1 && q >> to & 1 == 0;
                    if legal && at.is_none_or(|h| h == a) {
                        let r = q ^ (1 << a | 1 << m | 1 << to);
                        if chains.insert((r, to)) {
                            stack.push((r, Some(to)));
                            if seen.insert(r) {
                                next.push(r);
                            }
                        }
                    }
                }
            }
        }
        layer = next;
    }
    unreachable!()
}

/// Side 6 by the command: one row per start orbit with a finish; each bound is no more than the
/// fewest moves found here, and equal to it where the row says exact (every row, at this size).
#[test]
fn lower_bounds_on_side_6_match_a_breadth_first_search() {
    let dir = scratch("peg-lower-bounds");
    ok(&["peg", "--side", "6", "--lower-bounds", "--out", dir.to_str().unwrap()]);
    let rows = read_csv(&dir.join("lower_bounds.csv"));
    let t = Triangle::new(6);
    let mut firsts: Vec<usize> = t.orbits.iter().map(|o| o[0]).collect();
    firsts.sort_unstable();
    firsts.dedup();
    assert_eq!(rows.len(), firsts.len(), "every start orbit of side 6 has a finish");
    for r in &rows {
        let start: usize = r["start"].parse().unwrap();
        let bound: usize = r["min_moves_lower_bound"].parse().unwrap();
        let regions: usize = r["merson_regions"].parse().unwrap();
        let fewest = fewest_moves(&t, start - 1).expect("every start of side 6 is solvable");
        assert!(regions <= bound && bound <= fewest, "{r:?}: fewest {fewest}");
        assert_eq!(r["exact"], "true", "{r:?}");
        assert_eq!(bound, fewest, "{r:?}");
    }
}

/// The committed bounds of sides 11 and 12: one row per start orbit, each bound at least the
/// regions' count and below every committed play from that start; the claim judging A127500's
/// lower bound quotes the least and its verdict follows from it.
#[test]
fn committed_lower_bounds_fit_the_plays_and_the_claims() {
    let claims = read_csv(&repo().join("reports/peg/claims.csv"));
    let published: HashMap<String, usize> = oracle("peg/A127500_bounds.csv")
        .iter()
        .map(|r| (r["side"].clone(), r["lower_bound"].parse().unwrap()))
        .collect();
    for n in [11i64, 12] {
        let rows = read_csv(&repo().join(format!("data/peg/T{n}/lower_bounds.csv")));
        let plays = read_csv(&repo().join(format!("data/peg/T{n}/plays.csv")));
        assert!(!rows.is_empty(), "side {n}'s lower bounds are committed");
        let mut least = usize::MAX;
        for r in &rows {
            let bound: usize = r["min_moves_lower_bound"].parse().unwrap();
            let regions: usize = r["merson_regions"].parse().unwrap();
            assert!(regions <= bound, "{r:?}");
            if let Some(p) = plays.iter().find(|p| p["start"] == r["start"]) {
                let moves: usize = p["moves_upper_bound"].parse().unwrap();
                assert!(
                    bound <= moves,
                    "T{n} start {}: bound {bound} above a play of {moves}",
                    r["start"]
                );
            }
            least = least.min(bound);
        }
        let claim = claims
            .iter()
            .find(|c| c["id"] == format!("peg.oeis_a127500.side{n}.lower"))
            .unwrap_or_else(|| panic!("a claim judges side {n}'s lower bound"));
        assert!(claim["computed"].starts_with(&format!("{least} ")), "{claim:?}");
        let lower = published[&n.to_string()];
        let verdict = if least > lower { "new" } else { "consistent (bound)" };
        assert_eq!(claim["verdict"], verdict, "{claim:?}");
    }
}

/// `--starts` searches some start orbits again and keeps the other rows: the rows it searched
/// are those of a whole run at its budget, the others those of the file it updated.
#[test]
fn lower_bounds_starts_update_only_their_rows() {
    let small = scratch("peg-lower-bounds-small");
    let large = scratch("peg-lower-bounds-large");
    let run = |dir: &std::path::Path, extra: &[&str]| {
        let mut args = vec!["peg", "--side", "6", "--lower-bounds", "--out", dir.to_str().unwrap()];
        args.extend_from_slice(extra);
        ok(&args);
        read_csv(&dir.join("lower_bounds.csv"))
    };
    let before = run(&small, &["--budget", "30"]);
    let whole = run(&large, &["--budget", "100000"]);
    assert_ne!(before, whole, "each row names its budget, so the two runs' rows differ");
    let again: Vec<&str> = before.iter().take(2).map(|r| r["start"].as_str()).collect();
    let updated = run(&small, &["--budget", "100000", "--starts", &again.join(",")]);
    assert_eq!(updated.len(), before.len());
    for (i, r) in updated.iter().enumerate() {
        let expected = if again.contains(&r["start"].as_str()) {
            &whole[i]
        } else {
            &before[i]
        };
        assert_eq!(r, expected, "start {}", r["start"]);
    }
    let empty = scratch("peg-lower-bounds-none");
    let out = empty.to_str().unwrap();
    fails_with(
        &["peg", "--side", "6", "--lower-bounds", "--starts", "1", "--out", out],
        "run without --starts",
    );
    fails_with(
        &["peg", "--side", "6", "--lower-bounds", "--starts", "3", "--out", out],
        "first hole",
    );
    fails_with(
        &["peg", "--side", "6", "--lower-bounds", "--starts", "x", "--out", out],
        "--starts",
    );
    fails_with(&["peg", "--side", "6", "--starts", "1"], "--lower-bounds");
}

#[test]
fn lower_bounds_refusals() {
    fails_with(&["peg", "--side", "16", "--lower-bounds"], "sides 4 to 15");
    fails_with(&["peg", "--side", "3", "--lower-bounds"], "sides 4 to 15");
    fails_with(&["peg", "--side", "9", "--lower-bounds", "--budget", "0"], "--budget");
    fails_with(&["peg", "--board", "english", "--lower-bounds"], "--side");
    fails_with(&["peg", "--side", "9", "--budget", "10"], "--lower-bounds");
    fails_with(&["peg", "--side", "9", "--lower-bounds", "--few-moves"], "--few-moves");
    fails_with(
        &["peg", "--side", "12", "--lower-bounds", "--budget", "1000000000000"],
        "memory",
    );
}
