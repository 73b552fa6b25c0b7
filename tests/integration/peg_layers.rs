//! The layered union (`peg --levels-only`, `--keep-levels`): same bytes as the flat engine's
//! committed tables, level files closed under the triangle's symmetries (read with independent
//! code), resumption, and the side-8 table checked against direct counts.

use crate::common::*;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

fn committed(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)
}

fn levels_only(n: usize, dir: &Path, extra: &[&str]) -> Vec<u8> {
    let (data, charts) = (dir.join("data"), dir.join("charts"));
    let side = n.to_string();
    let mut args = vec!["peg", "--side", &side, "--levels-only"];
    args.extend(["--out", data.to_str().unwrap(), "--charts", charts.to_str().unwrap()]);
    args.extend(extra);
    ok(&args);
    std::fs::read(data.join("levels.csv")).unwrap()
}

/// Independent model: holes by (row, column), jumps by geometry, symmetries by barycentric
/// coordinates; nothing shared with the crate.
struct Tri {
    n: usize,
    holes: usize,
    jumps: Vec<[usize; 3]>,
    /// Two reflections: they generate all six symmetries.
    mirrors: [Vec<usize>; 2],
}

impl Tri {
    fn new(n: usize) -> Tri {
        let at = |r: usize, c: usize| r * (r + 1) / 2 + c;
        let mut jumps = Vec::new();
        let (mut m1, mut m2) = (Vec::new(), Vec::new());
        for r in 0..n {
            for c in 0..=r {
                // Left-right mirror, and the reflection that swaps the apex with the bottom-left corner.
                m1.push(at(r, r - c));
                m2.push(at(n - 1 - r + c, c));
                for (dr, dc) in [(0i64, 1i64), (1, 0), (1, 1)] {
                    let (r2, c2) = (r as i64 + 2 * dr, c as i64 + 2 * dc);
                    if r2 < n as i64 && c2 <= r2 {
                        let over = at((r as i64 + dr) as usize, (c as i64 + dc) as usize);
                        jumps.push([at(r, c), over, at(r2 as usize, c2 as usize)]);
                        jumps.push([at(r2 as usize, c2 as usize), over, at(r, c)]);
                    }
                }
            }
        }
        Tri {
            n,
            holes: n * (n + 1) / 2,
            jumps,
            mirrors: [m1, m2],
        }
    }

    fn children(&self, b: u64) -> impl Iterator<Item = u64> + '_ {
        self.jumps
            .iter()
            .filter(move |&&[f, o, t]| b >> f & 1 == 1 && b >> o & 1 == 1 && b >> t & 1 == 0)
            .map(move |&[f, o, t]| b ^ (1 << f | 1 << o | 1 << t))
    }

    fn map(&self, m: usize, b: u64) -> u64 {
        (0..self.holes)
            .filter(|&h| b >> h & 1 == 1)
            .fold(0, |acc, h| acc | 1 << self.mirrors[m][h])
    }
}

/// The six images of a board: the two mirrors generate the group (m1 m2 is a rotation).
fn images(t: &Tri, b: u64) -> [u64; 6] {
    let (x, y) = (t.map(0, b), t.map(1, b));
    let (xy, yx) = (t.map(1, x), t.map(0, y));
    [b, x, y, xy, yx, t.map(0, xy)]
}

/// symmetry.csv's row for one level, the slow way: the orbit of each position listed, orbits
/// counted by their smallest member, fixed points by applying one rotation and one reflection.
fn symmetry_row(t: &Tri, pegs: usize, level: &HashSet<u64>) -> Vec<String> {
    let mut canon = HashSet::new();
    let (mut by_rotation, mut by_reflection) = (0u64, 0u64);
    for &b in level {
        let im = images(t, b);
        assert!(
            im.iter().all(|i| level.contains(i)),
            "T{} {pegs} pegs: an image of {b:b} is not reachable",
            t.n
        );
        canon.insert(*im.iter().min().unwrap());
        by_rotation += (t.map(1, t.map(0, b)) == b) as u64;
        by_reflection += (t.map(0, b) == b) as u64;
    }
    [
        pegs as u64,
        level.len() as u64,
        canon.len() as u64,
        by_rotation,
        by_reflection,
    ]
    .iter()
    .map(|v| v.to_string())
    .collect()
}

/// Every level of side n by a plain set BFS, from the most pegs down (non-empty ones).
fn plain_levels(t: &Tri) -> Vec<(usize, HashSet<u64>)> {
    let full = (1u64 << t.holes) - 1;
    let mut level: HashSet<u64> = (0..t.holes).map(|h| full & !(1 << h)).collect();
    let mut out = Vec::new();
    for pegs in (1..t.holes).rev() {
        if level.is_empty() {
            break;
        }
        let next = level.iter().flat_map(|&b| t.children(b)).collect();
        out.push((pegs, std::mem::replace(&mut level, next)));
    }
    out
}

fn binom(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1u128, |a, i| a * (n - i) as u128 / (i + 1) as u128) as u64
}

/// Colex rank, element by element (the slow definition).
fn rank(b: u64) -> u64 {
    let mut j = 0;
    let mut r = 0;
    for c in 0..64 {
        if b >> c & 1 == 1 {
            j += 1;
            r += binom(c, j);
        }
    }
    r
}

/// A level file as (pegs, bit words), parsed from its documented header.
fn read_level(path: &Path) -> (usize, Vec<u64>) {
    let bytes = std::fs::read(path).unwrap();
    assert_eq!(&bytes[..8], b"LAYERS01");
    let field = |i: usize| u64::from_le_bytes(bytes[8 + 8 * i..16 + 8 * i].try_into().unwrap());
    let head = 48 + field(0) as usize;
    let words: Vec<u64> = bytes[head..]
        .chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
        .collect();
    assert_eq!(words.len() as u64, field(3));
    assert_eq!(
        words.iter().map(|w| w.count_ones() as u64).sum::<u64>(),
        field(4),
        "{}",
        path.display()
    );
    (field(2) as usize, words)
}

#[test]
fn levels_only_gives_the_committed_bytes_on_t4_to_t6() {
    for n in 4..=6 {
        let dir = scratch(&format!("layers-T{n}"));
        let got = levels_only(n, &dir, &["--symmetry"]);
        let want = std::fs::read(committed(&format!("data/peg/T{n}/levels.csv"))).unwrap();
        assert_eq!(
            String::from_utf8(got).unwrap(),
            String::from_utf8(want).unwrap(),
            "T{n}"
        );
        let png = std::fs::read(dir.join(format!("charts/T{n}_levels.png"))).unwrap();
        assert!(png.len() > 1000);
        // symmetry.csv (written by this run and committed) against orbits listed one by one.
        let t = Tri::new(n);
        let mut want: Vec<Vec<String>> = plain_levels(&t)
            .iter()
            .map(|(pegs, l)| symmetry_row(&t, *pegs, l))
            .collect();
        want.sort_by_key(|r| r[0].parse::<u64>().unwrap());
        for file in [
            dir.join("data/symmetry.csv"),
            committed(&format!("data/peg/T{n}/symmetry.csv")),
        ] {
            let got: Vec<Vec<String>> = read_csv(&file)
                .iter()
                .map(|r| {
                    [
                        "pegs",
                        "reachable_positions",
                        "orbits",
                        "fixed_by_rotation",
                        "fixed_by_reflection",
                    ]
                    .iter()
                    .map(|c| r[*c].clone())
                    .collect()
                })
                .collect();
            assert_eq!(got, want, "{}", file.display());
        }
    }
}

#[test]
fn kept_levels_are_the_reachable_sets_and_a_rerun_resumes() {
    let n = 6;
    let t = Tri::new(n);
    let dir = scratch("layers-keep");
    let keep = dir.join("levels");
    let first = levels_only(n, &dir, &["--keep-levels", keep.to_str().unwrap()]);
    // Every reachable level, recomputed by a plain set BFS, equals the kept file bit for bit.
    let full = (1u64 << t.holes) - 1;
    let mut level: HashSet<u64> = (0..t.holes).map(|h| full & !(1 << h)).collect();
    for pegs in (1..t.holes).rev() {
        let (k, words) = read_level(&keep.join(format!("reach-{pegs:02}.bits")));
        assert_eq!(k, pegs);
        let mut want = vec![0u64; words.len()];
        for &b in &level {
            let r = rank(b);
            want[(r / 64) as usize] |= 1 << (r % 64);
        }
        assert!(want == words, "T{n} level {pegs}");
        // Closed under the symmetries (two reflections generate all six).
        for &b in &level {
            for m in 0..2 {
                assert!(level.contains(&t.map(m, b)), "T{n}: the mirror of {b:b} is missing");
            }
        }
        level = level.iter().flat_map(|&b| t.children(b)).collect();
    }
    // Resume after losing the lower levels; then a damaged file is a one-line error.
    for pegs in 1..12 {
        std::fs::remove_file(keep.join(format!("reach-{pegs:02}.bits"))).unwrap();
    }
    let dir2 = scratch("layers-keep2");
    assert_eq!(levels_only(n, &dir2, &["--keep-levels", keep.to_str().unwrap()]), first);
    let f = keep.join("reach-10.bits");
    let mut bytes = std::fs::read(&f).unwrap();
    bytes.truncate(bytes.len() - 8);
    std::fs::write(&f, bytes).unwrap();
    fails_with(
        &[
            "peg",
            "--side",
            "6",
            "--levels-only",
            "--out",
            dir2.join("d").to_str().unwrap(),
            "--keep-levels",
            keep.to_str().unwrap(),
        ],
        "damaged",
    );
    // A level file that cannot be opened (a socket: even root cannot) is a one-line error naming
    // it, not a silent recomputation.
    std::fs::remove_file(&f).unwrap();
    let _socket = std::os::unix::net::UnixListener::bind(&f).unwrap();
    fails_with(
        &[
            "peg",
            "--side",
            "6",
            "--levels-only",
            "--out",
            dir2.join("d").to_str().unwrap(),
            "--keep-levels",
            keep.to_str().unwrap(),
        ],
        "reach-10.bits",
    );
    drop(_socket);
    std::fs::remove_file(&f).unwrap();
    // Another side's directory is refused.
    fails_with(
        &[
            "peg",
            "--side",
            "5",
            "--levels-only",
            "--out",
            dir2.join("d").to_str().unwrap(),
            "--keep-levels",
            keep.to_str().unwrap(),
        ],
        "another search",
    );
}

#[test]
fn side_8_is_refused_without_levels_only() {
    fails_with(&["peg", "--side", "8"], "--levels-only");
    fails_with(&["peg", "--side", "9", "--levels-only"], "side 9");
}

#[test]
fn min_pegs_is_checked_with_one_line() {
    fails_with(&["peg", "--side", "9", "--min-pegs", "40"], "--levels-only");
    fails_with(
        &["peg", "--side", "9", "--levels-only", "--min-pegs", "45"],
        "--min-pegs 45 out of range",
    );
    fails_with(&["peg", "--side", "10", "--levels-only", "--min-pegs", "50"], "side 10");
    // Side 9 down to its middle level: terabytes, refused before allocating anything.
    fails_with(&["peg", "--side", "9", "--levels-only", "--min-pegs", "22"], "needs");
}

/// data/peg/T9/levels.csv (partial: the union of side 9 from 44 pegs down as far as this
/// machine's memory went) against a plain set BFS from the 45 starts down to 40 pegs, with the
/// independent model of this file, and checked for shape.
#[test]
fn side_9_first_levels_match_a_set_bfs() {
    let rows = read_csv(&committed("data/peg/T9/levels.csv"));
    let get = |r: &HashMap<String, String>, k: &str| r[k].parse::<u64>().unwrap();
    let by_pegs: HashMap<u64, &HashMap<String, String>> = rows.iter().map(|r| (get(r, "pegs"), r)).collect();
    let lowest = rows.iter().map(|r| get(r, "pegs")).min().unwrap();
    assert!(lowest <= 40, "the table reaches at least 40 pegs");
    assert_eq!(
        rows.len() as u64,
        45 - lowest,
        "one row per peg count from {lowest} to 44"
    );
    for r in &rows {
        assert!(
            !r.contains_key("winnable_positions") && !r.contains_key("dead_positions"),
            "partial: no winnable counts (the columns are left out)"
        );
        assert!(get(r, "reachable_positions") <= binom(45, get(r, "pegs")));
    }
    let t = Tri::new(9);
    let full = (1u64 << 45) - 1;
    let mut level: HashSet<u64> = (0..45).map(|h| full & !(1 << h)).collect();
    assert_eq!(level.len(), 45, "44 pegs: the 45 single vacancies");
    for pegs in (40..=44).rev() {
        assert_eq!(
            get(by_pegs[&pegs], "reachable_positions"),
            level.len() as u64,
            "T9 {pegs} pegs"
        );
        level = level.iter().flat_map(|&b| t.children(b)).collect();
    }
}

/// data/peg/T8/levels.csv (computed once, by a long run) against what can be counted directly.
#[test]
fn side_8_levels_match_direct_counts() {
    let path = committed("data/peg/T8/levels.csv");
    let rows = read_csv(&path);
    let get = |r: &HashMap<String, String>, k: &str| r[k].parse::<u64>().unwrap();
    let by_pegs: HashMap<u64, &HashMap<String, String>> = rows.iter().map(|r| (get(r, "pegs"), r)).collect();
    assert_eq!(rows.len(), 35, "pegs 1..=35");
    let t = Tri::new(8);
    let full = (1u64 << 36) - 1;
    // The top levels by a plain set BFS from the 36 starts.
    let mut level: HashSet<u64> = (0..36).map(|h| full & !(1 << h)).collect();
    let sym = read_csv(&committed("data/peg/T8/symmetry.csv"));
    let sym_row = |pegs: u64| -> Vec<String> {
        let r = sym
            .iter()
            .find(|r| r["pegs"] == pegs.to_string())
            .expect("a symmetry row per level");
        [
            "pegs",
            "reachable_positions",
            "orbits",
            "fixed_by_rotation",
            "fixed_by_reflection",
        ]
        .iter()
        .map(|c| r[*c].clone())
        .collect()
    };
    for pegs in (31..=35).rev() {
        assert_eq!(
            get(by_pegs[&pegs], "reachable_positions"),
            level.len() as u64,
            "T8 {pegs} pegs"
        );
        assert_eq!(
            sym_row(pegs),
            symmetry_row(&t, pegs as usize, &level),
            "T8 {pegs} pegs: symmetry.csv"
        );
        level = level.iter().flat_map(|&b| t.children(b)).collect();
    }
    // Every level: the reachable count of levels.csv, and orbits by Burnside's lemma.
    assert_eq!(sym.len(), 35);
    for r in &sym {
        let v = |c: &str| r[c].parse::<u64>().unwrap();
        assert_eq!(
            v("reachable_positions"),
            get(by_pegs[&v("pegs")], "reachable_positions")
        );
        assert_eq!(
            6 * v("orbits"),
            v("reachable_positions") + 2 * v("fixed_by_rotation") + 3 * v("fixed_by_reflection"),
            "T8 {} pegs",
            v("pegs")
        );
    }
    // One peg: the 36 holes fall into 8 classes (4 on each mirror axis).
    assert_eq!(sym_row(1), ["1", "36", "8", "0", "4"]);
    for r in &rows {
        let pegs = get(r, "pegs");
        assert_eq!(
            get(r, "reachable_positions"),
            get(r, "winnable_positions") + get(r, "dead_positions")
        );
        assert!(get(r, "reachable_positions") <= binom(36, pegs));
        // Complementing a position reverses every jump, so winnable positions pair k with 36 - k.
        assert_eq!(
            get(r, "winnable_positions"),
            get(by_pegs[&(36 - pegs)], "winnable_positions"),
            "T8 {pegs} pegs"
        );
    }
    // One peg: every reachable single peg is a finish.
    let one = by_pegs[&1];
    assert_eq!(get(one, "reachable_positions"), get(one, "winnable_positions"));
    let _ = t.n;
}

/// The jumps' span over GF(2), by plain Gaussian elimination: a jump flips its three holes, so
/// two boards in one coset are indistinguishable by any parity argument, and boards in
/// different cosets never reach one another. (The crate uses Bell's colouring instead.)
struct Span {
    /// Reduced basis vectors, each with its own leading (highest) bit.
    basis: Vec<u64>,
}

impl Span {
    fn new(t: &Tri) -> Span {
        let mut basis: Vec<u64> = Vec::new();
        for &[f, o, to] in &t.jumps {
            let mut v = 1u64 << f | 1 << o | 1 << to;
            for &b in &basis {
                v = v.min(v ^ b);
            }
            if v != 0 {
                basis.push(v);
                basis.sort_unstable_by(|a, b| b.cmp(a));
            }
        }
        Span { basis }
    }

    fn reduce(&self, mut v: u64) -> u64 {
        for &b in &self.basis {
            v = v.min(v ^ b);
        }
        v
    }
}

/// All six symmetries, as the closure of the two mirrors under composition.
fn symmetries(t: &Tri) -> Vec<Vec<usize>> {
    let mut group: Vec<Vec<usize>> = vec![(0..t.holes).collect()];
    let mut i = 0;
    while i < group.len() {
        for m in &t.mirrors {
            let g: Vec<usize> = (0..t.holes).map(|h| m[group[i][h]]).collect();
            if !group.contains(&g) {
                group.push(g);
            }
        }
        i += 1;
    }
    assert_eq!(group.len(), 6);
    group
}

/// Problems passing the span's coset test, up to symmetry (1-based holes not needed).
fn passing_up_to_symmetry(t: &Tri) -> usize {
    let span = Span::new(t);
    let full = (1u64 << t.holes) - 1;
    let group = symmetries(t);
    let mut canon = HashSet::new();
    for s in 0..t.holes {
        for f in 0..t.holes {
            if span.reduce(full & !(1 << s)) == span.reduce(1 << f) {
                canon.insert(group.iter().map(|g| (g[s], g[f])).min().unwrap());
            }
        }
    }
    canon.len()
}

/// From side 4 on, the span has exactly Bell's four classes, so counting coset-passing
/// problems by elimination reproduces OEIS A130515 (sides 2 and 3 have fewer jumps than
/// classes: there OEIS counts Bell's colour classes, which the crate's unit test checks).
#[test]
fn coset_passing_problems_are_oeis_a130515_from_side_4() {
    for r in oracle("peg/A130515.csv") {
        let n: usize = r["side"].parse().unwrap();
        if n >= 4 {
            assert_eq!(
                passing_up_to_symmetry(&Tri::new(n)).to_string(),
                r["class_passing_problems"],
                "side {n}"
            );
        }
    }
}

/// data/peg/T8/finishes.csv proven row by row: every play replayed with this file's model, every
/// class verdict recomputed by elimination, and the published counts rechecked from the rows.
#[test]
fn side_8_problem_table_is_proven_row_by_row() {
    let rows = read_csv(&committed("data/peg/T8/finishes.csv"));
    let t = Tri::new(8);
    assert_eq!(rows.len(), t.holes * t.holes);
    let span = Span::new(&t);
    let group = symmetries(&t);
    let full = (1u64 << t.holes) - 1;
    let hole = |r: &HashMap<String, String>, k: &str| r[k].parse::<usize>().unwrap() - 1;
    let (mut passing, mut finishes, mut fewest) = (HashSet::new(), HashSet::new(), u32::MAX);
    for r in &rows {
        let (s, f) = (hole(r, "start"), hole(r, "finish"));
        let passes = span.reduce(full & !(1 << s)) == span.reduce(1 << f);
        assert_eq!(r["passes_class_test"], passes.to_string(), "{} -> {}", s + 1, f + 1);
        if passes {
            passing.insert(group.iter().map(|g| (g[s], g[f])).min().unwrap());
        }
        match r["proof"].as_str() {
            "play" => {
                assert_eq!(r["solvable"], "true");
                let mut b = full & !(1 << s);
                let mut moves = 0u32;
                for mv in r["play"].split(" | ") {
                    moves += 1;
                    let holes: Vec<usize> = mv.split('-').map(|h| h.parse::<usize>().unwrap() - 1).collect();
                    assert!(holes.len() >= 2, "move {mv:?}");
                    for w in holes.windows(2) {
                        let j = t
                            .jumps
                            .iter()
                            .find(|j| j[0] == w[0] && j[2] == w[1])
                            .expect("a jump of the board");
                        assert!(
                            b >> j[0] & 1 == 1 && b >> j[1] & 1 == 1 && b >> j[2] & 1 == 0,
                            "illegal jump in {:?}",
                            r["play"]
                        );
                        b ^= 1 << j[0] | 1 << j[1] | 1 << j[2];
                    }
                }
                assert_eq!(b, 1 << f, "the play {:?} must end with one peg in {}", r["play"], f + 1);
                assert_eq!(whole(&r["moves_upper_bound"]), moves.to_string());
                // The proven lower bound on the fewest moves (issue 23) never exceeds the play's.
                let lower: u32 = r["min_moves_lower_bound"].trim_end_matches(".0").parse().unwrap();
                assert!(
                    lower <= moves
                        && (whole(&r["min_moves"]).is_empty() || whole(&r["min_moves"]) == lower.to_string()),
                    "{} -> {}",
                    s + 1,
                    f + 1
                );
                finishes.insert(f);
                fewest = fewest.min(moves);
            }
            "position class" => {
                assert!(
                    !passes && r["solvable"] == "false" && r["play"].is_empty() && r["moves_upper_bound"].is_empty()
                );
            }
            "exhaustive search" => {
                assert!(passes && r["solvable"] == "false" && r["positions_searched"].parse::<u64>().unwrap() > 0);
            }
            other => panic!("unknown proof {other:?}"),
        }
    }
    let published = |file: &str, col: &str| {
        oracle(file)
            .into_iter()
            .find(|r| r["side"] == "8")
            .map(|r| r[col].clone())
            .expect("side 8 row")
    };
    assert_eq!(
        passing.len().to_string(),
        published("peg/A130515.csv", "class_passing_problems")
    );
    // OEIS A127500: the best side-8 problem takes 13 moves; our plays attain it.
    assert_eq!(fewest.to_string(), published("peg/A127500.csv", "min_moves"));
    // Every single peg the union reaches is the finish of some solvable problem.
    let levels = read_csv(&committed("data/peg/T8/levels.csv"));
    let one = levels.iter().find(|r| r["pegs"] == "1").unwrap();
    assert_eq!(one["reachable_positions"], finishes.len().to_string());
}
