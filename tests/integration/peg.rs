//! Peg triangle: oracles from tests/data/peg, an independent recursive enumerator, replay of every
//! printed play, determinism and bad input.

use crate::common::*;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::Path;
use std::sync::OnceLock;

/// Runs `statespace peg --side n` once per test binary and returns its output directories.
fn study(n: usize) -> &'static Path {
    static DIRS: OnceLock<std::sync::Mutex<HashMap<usize, &'static Path>>> = OnceLock::new();
    let mut map = DIRS.get_or_init(Default::default).lock().unwrap();
    map.entry(n).or_insert_with(|| {
        let dir = scratch(&format!("peg-T{n}"));
        let (data, charts) = (dir.join("data"), dir.join("charts"));
        ok(&[
            "peg",
            "--side",
            &n.to_string(),
            "--out",
            data.to_str().unwrap(),
            "--charts",
            charts.to_str().unwrap(),
        ]);
        Box::leak(dir.into_boxed_path())
    })
}

fn table(n: usize, name: &str) -> Vec<HashMap<String, String>> {
    read_csv(&study(n).join("data").join(name))
}

/// The solvable rows of `finishes.csv`, which lists every (start, finish) problem.
fn solved(n: usize) -> Vec<HashMap<String, String>> {
    let all = table(n, "finishes.csv");
    let holes = n * (n + 1) / 2;
    assert_eq!(all.len(), holes * holes, "T{n}: finishes.csv lists every problem");
    for r in all.iter().filter(|r| r["solvable"] != "true") {
        assert!(
            r["min_moves"].is_empty() && r["optimal_play"].is_empty() && r["winning_sequences_text"] == "0_000",
            "T{n}: unsolvable row {r:?}"
        );
    }
    all.into_iter().filter(|r| r["solvable"] == "true").collect()
}

/// An independent model of T(n): holes as (row, col), jumps found by geometry, nothing shared
/// with the crate.
struct Tri {
    holes: usize,
    jumps: Vec<(usize, usize, usize)>,
}

impl Tri {
    fn new(n: usize) -> Tri {
        let mut coords = Vec::new();
        for r in 0..n as i64 {
            for c in 0..=r {
                coords.push((r, c));
            }
        }
        let idx = |p: (i64, i64)| coords.iter().position(|&q| q == p);
        let mut jumps = Vec::new();
        for (a, &(r, c)) in coords.iter().enumerate() {
            for (dr, dc) in [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1)] {
                if let (Some(m), Some(t)) = (idx((r + dr, c + dc)), idx((r + 2 * dr, c + 2 * dc))) {
                    jumps.push((a, m, t));
                }
            }
        }
        Tri {
            holes: coords.len(),
            jumps,
        }
    }

    fn moves(&self, b: u64) -> impl Iterator<Item = (usize, usize, u64)> + '_ {
        self.jumps
            .iter()
            .filter(move |&&(a, m, t)| b >> a & 1 == 1 && b >> m & 1 == 1 && b >> t & 1 == 0)
            .map(move |&(a, m, t)| (a, t, b ^ (1 << a | 1 << m | 1 << t)))
    }
}

#[derive(Default, Debug)]
struct Enumerated {
    winning: u128,
    complete: u128,
    /// finish hole -> (sequences, minimum moves)
    finishes: BTreeMap<usize, (u128, u32)>,
    reachable: HashSet<u64>,
}

/// Plain recursion over every jump sequence from `board` (no memo, no symmetry).
fn enumerate(t: &Tri, board: u64, last: Option<usize>, moves: u32, out: &mut Enumerated) {
    out.reachable.insert(board);
    let mut any = false;
    for (a, to, next) in t.moves(board) {
        any = true;
        let m = if last == Some(a) { moves } else { moves + 1 };
        enumerate(t, next, Some(to), m, out);
    }
    if !any {
        out.complete += 1;
        if board.count_ones() == 1 {
            out.winning += 1;
            let e = out
                .finishes
                .entry(board.trailing_zeros() as usize)
                .or_insert((0, u32::MAX));
            e.0 += 1;
            e.1 = e.1.min(moves);
        }
    }
}

/// Plays a printed play with the independent model; returns (finish hole 1-based, moves).
fn replay(t: &Tri, start: usize, play: &str) -> (usize, u32) {
    let mut b: u64 = ((1u64 << t.holes) - 1) & !(1 << (start - 1));
    let mut moves = 0;
    for mv in play.split(" | ") {
        moves += 1;
        let holes: Vec<usize> = mv.split('-').map(|h| h.parse().unwrap()).collect();
        assert!(holes.len() >= 2, "move {mv:?} has no jump");
        for w in holes.windows(2) {
            let (a, to) = (w[0] - 1, w[1] - 1);
            let next = t.moves(b).find(|&(x, y, _)| x == a && y == to);
            b = next
                .unwrap_or_else(|| panic!("illegal jump {}-{} in {play:?}", w[0], w[1]))
                .2;
        }
    }
    assert_eq!(b.count_ones(), 1, "play {play:?} leaves {} pegs", b.count_ones());
    (b.trailing_zeros() as usize + 1, moves)
}

fn num(row: &HashMap<String, String>, k: &str) -> u128 {
    digits(&row[k])
        .parse()
        .unwrap_or_else(|_| panic!("column {k} = {:?}", row[k]))
}

#[test]
fn fast_engine_matches_recursive_enumeration_on_t4_and_t5() {
    for n in [4, 5] {
        let t = Tri::new(n);
        let starts = table(n, "starts.csv");
        let finishes = solved(n);
        let profile = table(n, "profile.csv");
        for s in 1..=t.holes {
            let mut e = Enumerated::default();
            let board = ((1u64 << t.holes) - 1) & !(1 << (s - 1));
            enumerate(&t, board, None, 0, &mut e);
            let row = &starts[s - 1];
            assert_eq!(num(row, "start"), s as u128);
            assert_eq!(num(row, "winning_sequences_text"), e.winning, "T{n} start {s} winning");
            assert_eq!(
                num(row, "complete_games_text"),
                e.complete,
                "T{n} start {s} complete games"
            );
            assert_eq!(
                num(row, "reachable_positions"),
                e.reachable.len() as u128,
                "T{n} start {s}"
            );
            let min = e.finishes.values().map(|v| v.1).min();
            assert_eq!(whole(&row["min_moves"]), min.map_or(String::new(), |m| m.to_string()));
            let mine: BTreeMap<usize, (u128, u32)> = finishes
                .iter()
                .filter(|r| num(r, "start") == s as u128)
                .map(|r| {
                    (
                        num(r, "finish") as usize - 1,
                        (num(r, "winning_sequences_text"), num(r, "min_moves") as u32),
                    )
                })
                .collect();
            assert_eq!(mine, e.finishes, "T{n} start {s} finishes");
            // profile: positions after k jumps = reachable positions with holes-1-k pegs
            let total: u128 = profile
                .iter()
                .filter(|r| num(r, "start") == s as u128)
                .map(|r| num(r, "positions"))
                .sum();
            assert_eq!(total, e.reachable.len() as u128);
        }
    }
}

#[test]
fn every_printed_play_replays_and_is_optimal() {
    for n in [4, 5, 6] {
        let t = Tri::new(n);
        for r in solved(n) {
            let (finish, moves) = replay(&t, num(&r, "start") as usize, &r["optimal_play"]);
            assert_eq!(finish as u128, num(&r, "finish"));
            assert_eq!(moves as u128, num(&r, "min_moves"), "play {:?}", r["optimal_play"]);
        }
    }
}

#[test]
fn winning_sequences_match_seed_and_bell() {
    for o in oracle("peg/winning_sequences.csv") {
        let n = num(&o, "side") as usize;
        let s = num(&o, "start") as usize;
        let row = &table(n, "starts.csv")[s - 1];
        assert_eq!(
            num(row, "winning_sequences_text"),
            num(&o, "winning_sequences"),
            "T{n} start {s}"
        );
    }
    for o in oracle("peg/totals.csv") {
        let n = num(&o, "side") as usize;
        // The exact count is the `_text` column (its namesake is the float companion).
        let exact = format!("{}_text", o["quantity"]);
        let total: u128 = table(n, "starts.csv").iter().map(|r| num(r, &exact)).sum();
        assert_eq!(total, num(&o, "value"), "T{n} {}", o["quantity"]);
    }
}

#[test]
fn reachable_positions_match_jaap() {
    for o in oracle("peg/reachable_positions.csv") {
        let n = num(&o, "side") as usize;
        let s = num(&o, "start") as usize;
        let row = &table(n, "starts.csv")[s - 1];
        assert_eq!(
            num(row, "reachable_positions"),
            num(&o, "reachable_positions"),
            "T{n} start {s}"
        );
    }
}

#[test]
fn minimum_moves_match_bells_catalogue() {
    for o in oracle("peg/bell_min_moves.csv") {
        let n = num(&o, "side") as usize;
        let (s, f) = (num(&o, "start"), num(&o, "finish"));
        let found = solved(n)
            .into_iter()
            .find(|r| num(r, "start") == s && num(r, "finish") == f);
        match o["min_moves"].as_str() {
            "" => assert!(found.is_none(), "T{n} {s}->{f} should be impossible"),
            m => assert_eq!(whole(&found.expect("solvable")["min_moves"]), m, "T{n} {s}->{f}"),
        }
    }
}

#[test]
fn shortest_solutions_match_oeis_a127500() {
    for o in oracle("peg/A127500.csv") {
        let n = num(&o, "side") as usize;
        if n > 6 {
            continue; // T7 is covered by the benchmark and `reproduce`; too slow for the suite
        }
        let best = solved(n).iter().map(|r| num(r, "min_moves")).min().unwrap();
        assert_eq!(best, num(&o, "min_moves"), "T{n}");
    }
}

#[test]
fn move_histogram_sums_to_winning_sequences() {
    for n in [4, 5] {
        let total: u128 = table(n, "starts.csv")
            .iter()
            .map(|r| num(r, "winning_sequences_text"))
            .sum();
        let hist = table(n, "move_histogram.csv");
        assert_eq!(
            hist.iter().map(|r| num(r, "winning_sequences_text")).sum::<u128>(),
            total
        );
        let min: u128 = solved(n).iter().map(|r| num(r, "min_moves")).min().unwrap();
        assert_eq!(num(&hist[0], "moves"), min, "T{n}: fewest moves in the histogram");
    }
}

#[test]
fn levels_are_consistent_with_per_start_results() {
    for n in [4, 5, 6] {
        let levels = table(n, "levels.csv");
        for r in &levels {
            assert_eq!(
                num(r, "reachable_positions"),
                num(r, "winnable_positions") + num(r, "dead_positions")
            );
        }
        let top = levels
            .iter()
            .find(|r| num(r, "pegs") as usize == n * (n + 1) / 2 - 1)
            .unwrap();
        assert_eq!(num(top, "reachable_positions") as usize, n * (n + 1) / 2);
        let solvable_starts = table(n, "starts.csv")
            .iter()
            .filter(|r| !r["min_moves"].is_empty())
            .count();
        assert_eq!(num(top, "winnable_positions") as usize, solvable_starts);
        let singles = levels.iter().find(|r| num(r, "pegs") == 1).unwrap();
        let finishes: HashSet<u128> = solved(n).iter().map(|r| num(r, "finish")).collect();
        assert_eq!(num(singles, "winnable_positions") as usize, finishes.len());
    }
}

#[test]
fn writes_charts_dataset_and_manifest() {
    let dir = study(5);
    for f in [
        "T5_profile.png",
        "T5_profile.svg",
        "T5_min_moves.png",
        "T5_min_moves.svg",
    ] {
        let bytes = std::fs::read(dir.join("charts").join(f)).unwrap();
        assert!(bytes.len() > 1000, "{f} is too small");
    }
    let parquet = std::fs::read(dir.join("data/positions.parquet")).unwrap();
    assert_eq!(&parquet[..4], b"PAR1");
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("data/manifest.json")).unwrap()).unwrap();
    let files = manifest["files"].as_array().unwrap();
    assert!(files.iter().any(|f| f["path"] == "levels.csv"));
    for f in files {
        let bytes = std::fs::read(dir.join("data").join(f["path"].as_str().unwrap())).unwrap();
        use sha2::Digest;
        let hex: String = sha2::Sha256::digest(&bytes)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        assert_eq!(f["sha256"], hex.as_str());
    }
    // Every output file is a final file: no temporaries left behind.
    for (name, _) in snapshot(&dir.join("data")) {
        assert!(!name.contains(".tmp-"), "temporary file {name} left behind");
    }
}

#[test]
fn same_bytes_at_any_thread_count() {
    let dir = scratch("peg-threads");
    let mut snaps = Vec::new();
    for threads in ["1", "2"] {
        let (data, charts) = (dir.join(format!("d{threads}")), dir.join(format!("c{threads}")));
        let o = bin()
            .args([
                "peg",
                "--side",
                "5",
                "--out",
                data.to_str().unwrap(),
                "--charts",
                charts.to_str().unwrap(),
            ])
            .env("RAYON_NUM_THREADS", threads)
            .output()
            .unwrap();
        assert!(o.status.success());
        let mut s = snapshot(&data);
        s.retain(|(n, _)| n != "manifest.json");
        s.extend(snapshot(&charts).into_iter().filter(|(n, _)| n != "manifest.json"));
        snaps.push(s);
    }
    assert_eq!(snaps[0], snaps[1]);
}

#[test]
fn bad_peg_input_fails_cleanly() {
    fails_with(&["peg", "--side", "3"], "side 3");
    fails_with(&["peg", "--side", "8"], "side 8");
    fails_with(&["peg", "--side", "x"], "--side");
    fails_with(&["peg"], "--side");
    let dir = scratch("peg-bad");
    let file = dir.join("a-file");
    std::fs::write(&file, b"").unwrap();
    let out = file.join("sub");
    fails_with(
        &["peg", "--side", "4", "--out", out.to_str().unwrap()],
        "output directory",
    );
    assert!(!out.exists());
}

#[test]
fn positions_dataset_agrees_with_the_tables() {
    use polars::prelude::*;
    for n in [4usize, 5, 6] {
        let bytes = std::fs::read(study(n).join("data/positions.parquet")).unwrap();
        let df = ParquetReader::new(std::io::Cursor::new(bytes)).finish().unwrap();
        let total: u128 = table(n, "levels.csv")
            .iter()
            .map(|r| num(r, "reachable_positions"))
            .sum();
        assert_eq!(df.height() as u128, total, "T{n} dataset rows");
        let winnable: u128 = table(n, "levels.csv")
            .iter()
            .map(|r| num(r, "winnable_positions"))
            .sum();
        let w = df.column("winnable").unwrap().bool().unwrap();
        assert_eq!(w.sum().unwrap() as u128, winnable);
        // The backward minimum from each start position equals the forward minimum over finishes.
        let boards = df.column("board").unwrap().u64().unwrap();
        let moves = df.column("min_moves").unwrap().u8().unwrap();
        let holes = n * (n + 1) / 2;
        for row in table(n, "starts.csv") {
            let s = num(&row, "start") as usize;
            let board = ((1u64 << holes) - 1) & !(1 << (s - 1));
            let i = (0..df.height())
                .find(|&i| boards.get(i) == Some(board))
                .expect("start in dataset");
            let got = moves.get(i).map_or(String::new(), |m| m.to_string());
            assert_eq!(got, whole(&row["min_moves"]), "T{n} start {s}");
        }
        // Sorted by board, no duplicates.
        let v: Vec<u64> = boards.into_no_null_iter().collect();
        assert!(v.windows(2).all(|w| w[0] < w[1]));
    }
}

/// OEIS A130515 (problems passing the position-class test, up to the triangle's 6 symmetries)
/// regenerated from the committed `data/peg/T{n}/finishes.csv` alone: its rows with
/// `passes_class_test`, each mapped to its smallest image under symmetries built here from the
/// holes' barycentric coordinates. Also the per-side summary `data/peg/sides.csv` agrees.
#[test]
fn a130515_regenerates_from_the_committed_finishes_tables() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/peg");
    let sides = read_csv(&data.join("sides.csv"));
    let mut checked = 0;
    for o in oracle("peg/A130515.csv") {
        let n = num(&o, "side") as usize;
        let path = data.join(format!("T{n}/finishes.csv"));
        if !path.exists() {
            continue;
        }
        // Hole (r, c), 0 <= c <= r < n, has barycentric coordinates (c, r - c, n - 1 - r); the
        // six symmetries permute them.
        let coords: Vec<[usize; 3]> = (0..n)
            .flat_map(|r| (0..=r).map(move |c| [c, r - c, n - 1 - r]))
            .collect();
        let index = |x: [usize; 3]| coords.iter().position(|&y| y == x).expect("a hole");
        let perms = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
        let image = |h: usize, p: [usize; 3]| index([coords[h][p[0]], coords[h][p[1]], coords[h][p[2]]]);
        let rows = read_csv(&path);
        assert_eq!(rows.len(), coords.len() * coords.len(), "T{n}: every problem listed");
        let mut classes = std::collections::BTreeSet::new();
        for r in rows.iter().filter(|r| r["passes_class_test"] == "true") {
            let (s, f) = (num(r, "start") as usize - 1, num(r, "finish") as usize - 1);
            classes.insert(perms.iter().map(|&p| (image(s, p), image(f, p))).min().unwrap());
        }
        assert_eq!(
            classes.len() as u128,
            num(&o, "class_passing_problems"),
            "T{n}: A130515 from finishes.csv"
        );
        let row = sides
            .iter()
            .find(|r| num(r, "side") as usize == n)
            .expect("a row per side");
        assert_eq!(
            num(row, "class_passing_problems_up_to_symmetry"),
            num(&o, "class_passing_problems"),
            "T{n}: sides.csv"
        );
        let passing = rows.iter().filter(|r| r["passes_class_test"] == "true").count();
        let solvable = rows.iter().filter(|r| r["solvable"] == "true").count();
        assert_eq!(
            (num(row, "class_passing_problems"), num(row, "solvable_problems")),
            (passing as u128, solvable as u128),
            "T{n}: sides.csv"
        );
        checked += 1;
    }
    assert!(checked >= 5, "sides 4 to 8 are committed");
}

/// The fewest moves of `data/peg` (or of a regenerated copy, `STATESPACE_PEG_DATA`) agree in every
/// file that writes them: per side, `starts.csv`'s min_moves is the least min_moves of the start's
/// solvable rows in `finishes.csv`, and `sides.csv`'s the least of the side's, wherever every one
/// of those rows is exact (side 8 included: its proofs settle all 432); no per-start figure is a
/// bound above the proven minimum, and no file repeats min_moves under a second name.
#[test]
fn min_moves_agree_across_sides_starts_and_finishes() {
    let data = std::env::var_os("STATESPACE_PEG_DATA")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("data/peg"));
    let sides = read_csv(&data.join("sides.csv"));
    // The least min_moves of some rows ("" when none is solvable); None while one is only bounded.
    let least = |rows: &[&HashMap<String, String>]| -> Option<String> {
        let solvable: Vec<_> = rows.iter().filter(|r| r["solvable"] == "true").collect();
        let exact: Option<Vec<u32>> = solvable
            .iter()
            .map(|r| r["min_moves"].trim_end_matches(".0").parse().ok())
            .collect();
        Some(exact?.into_iter().min().map_or(String::new(), |m| m.to_string()))
    };
    let mut checked = 0;
    for side in &sides {
        let n = &side["side"];
        let finishes = read_csv(&data.join(format!("T{n}/finishes.csv")));
        let starts = read_csv(&data.join(format!("T{n}/starts.csv")));
        for file in [&finishes, &starts] {
            let header: Vec<&String> = file[0].keys().collect();
            assert!(
                header
                    .iter()
                    .all(|h| *h != "min_moves_exact" && *h != "min_moves_upper_bound"),
                "T{n}: {header:?}"
            );
        }
        let all: Vec<&HashMap<String, String>> = finishes.iter().collect();
        if let Some(want) = least(&all) {
            assert_eq!(whole(&side["min_moves"]), want, "T{n}: sides.csv min_moves");
        }
        for s in &starts {
            let rows: Vec<_> = finishes.iter().filter(|r| r["start"] == s["start"]).collect();
            if let Some(want) = least(&rows) {
                assert_eq!(
                    whole(&s["min_moves"]),
                    want,
                    "T{n}: starts.csv min_moves of start {}",
                    s["start"]
                );
            }
        }
        if !side["min_moves"].is_empty() {
            checked += 1;
        }
    }
    // Sides 4 to 8: side 8's minima are all proven (data/peg/T8/finishes.csv, min_moves_proof).
    assert!(checked >= 5, "{checked} sides have their fewest moves in sides.csv");
}
