//! Peg solitaire on any board (issue 38): the tool against a small, obviously correct reference
//! (plain sets of positions, no symmetry, no ranking) on random boards of every lattice, the
//! board-file parser fuzzed, the symmetry groups' orders, and the English board's published
//! figures (tests/data/peg_boards, each with its citation).

use crate::common::{ok, read_csv, run, scratch, whole};
use crate::parsers::Rng;
use statespace::puzzles::board::Board;
use std::collections::{HashMap, HashSet};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

const LATTICES: [&str; 3] = ["square", "square-diagonal", "triangular"];

/// The reference's jumps: (from, over, to) by cell index in reading order, from the picture.
fn reference_jumps(lattice: &str, cells: &[(i32, i32)]) -> Vec<(usize, usize, usize)> {
    let dirs: &[(i32, i32)] = match lattice {
        "square" => &[(0, 1), (1, 0), (0, -1), (-1, 0)],
        "square-diagonal" => &[(0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (-1, -1), (1, -1), (-1, 1)],
        _ => &[(0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (-1, -1)],
    };
    let at = |p: (i32, i32)| cells.iter().position(|&q| q == p);
    let mut out = Vec::new();
    for (a, &(r, c)) in cells.iter().enumerate() {
        for &(dr, dc) in dirs {
            if let (Some(b), Some(e)) = (at((r + dr, c + dc)), at((r + 2 * dr, c + 2 * dc))) {
                out.push((a, b, e));
            }
        }
    }
    out
}

fn successors(jumps: &[(usize, usize, usize)], s: u64) -> Vec<u64> {
    jumps
        .iter()
        .filter(|&&(a, b, c)| s >> a & 1 == 1 && s >> b & 1 == 1 && s >> c & 1 == 0)
        .map(|&(a, b, c)| s & !(1 << a) & !(1 << b) | 1 << c)
        .collect()
}

/// Every position reachable from `starts`, by plain sets.
fn reachable(jumps: &[(usize, usize, usize)], starts: &[u64]) -> HashSet<u64> {
    let mut seen: HashSet<u64> = starts.iter().copied().collect();
    let mut frontier: Vec<u64> = seen.iter().copied().collect();
    while let Some(s) = frontier.pop() {
        for c in successors(jumps, s) {
            if seen.insert(c) {
                frontier.push(c);
            }
        }
    }
    seen
}

/// The positions of `set` from which a position accepted by `goal` can be reached.
fn winnable(jumps: &[(usize, usize, usize)], set: &HashSet<u64>, goal: impl Fn(u64) -> bool) -> HashSet<u64> {
    let mut by_pegs: Vec<u64> = set.iter().copied().collect();
    by_pegs.sort_by_key(|s| s.count_ones());
    let mut win = HashSet::new();
    for s in by_pegs {
        if goal(s) || successors(jumps, s).iter().any(|c| win.contains(c)) {
            win.insert(s);
        }
    }
    win
}

/// Jump sequences from `start` to each position (a plain map per position).
fn sequences(jumps: &[(usize, usize, usize)], start: u64) -> HashMap<u64, u128> {
    let mut counts = HashMap::from([(start, 1u128)]);
    let mut level = vec![start];
    while !level.is_empty() {
        let mut next: HashMap<u64, u128> = HashMap::new();
        for s in &level {
            for c in successors(jumps, *s) {
                *next.entry(c).or_default() += counts[s];
            }
        }
        level = next.keys().copied().collect();
        counts.extend(next);
    }
    counts
}

/// A random board of up to 16 cells in a 5 x 5 window, with at least one jump.
fn random_board(rng: &mut Rng, lattice: &str) -> (String, Vec<(i32, i32)>) {
    loop {
        let mut rows = vec![vec!['.'; 5]; 5];
        let target = 4 + rng.below(13) as usize;
        let mut cells = 0;
        while cells < target {
            let (r, c) = (rng.below(5) as usize, rng.below(5) as usize);
            if rows[r][c] == '.' {
                rows[r][c] = 'o';
                cells += 1;
            }
        }
        if let Some(board) = with_a_jump(&rows, lattice) {
            return board;
        }
    }
}

/// The board file and cell list of a 5 x 5 picture, when some jump is possible on it.
fn with_a_jump(rows: &[Vec<char>], lattice: &str) -> Option<(String, Vec<(i32, i32)>)> {
    let list: Vec<(i32, i32)> = (0..25)
        .map(|i| (i / 5, i % 5))
        .filter(|&(r, c)| rows[r as usize][c as usize] == 'o')
        .collect();
    if reference_jumps(lattice, &list).is_empty() {
        return None;
    }
    let picture: Vec<String> = rows.iter().map(|r| r.iter().collect()).collect();
    Some((format!("lattice: {lattice}\n{}\n", picture.join("\n")), list))
}

/// A random board of up to 16 cells in a 5 x 5 window that the transpose (r, c) -> (c, r) maps
/// onto itself, with at least one jump: on every lattice here the transpose maps jump lines to
/// jump lines, so the tool's union runs over orbits of a group of order 2 or more.
fn random_symmetric_board(rng: &mut Rng, lattice: &str) -> (String, Vec<(i32, i32)>) {
    loop {
        let mut rows = vec![vec!['.'; 5]; 5];
        let target = 4 + rng.below(13) as usize;
        let mut cells = 0;
        while cells + 1 < target {
            let (r, c) = (rng.below(5) as usize, rng.below(5) as usize);
            if rows[r][c] == '.' {
                rows[r][c] = 'o';
                rows[c][r] = 'o';
                cells += if r == c { 1 } else { 2 };
            }
        }
        if let Some(board) = with_a_jump(&rows, lattice) {
            return board;
        }
    }
}

fn column(rows: &[HashMap<String, String>], key: &str, value: &str, col: &str) -> Option<u128> {
    let row = rows.iter().find(|r| r[key] == value)?;
    row[col].replace('_', "").parse().ok()
}

/// The union's levels.csv against plain sets over every single vacancy.
fn check_union(dir: &Path, file: &str, jumps: &[(usize, usize, usize)], n: usize) {
    let out = dir.join("levels");
    ok(&[
        "peg",
        "--board-file",
        file,
        "--levels-only",
        "--out",
        out.to_str().unwrap(),
    ]);
    let full = (1u64 << n) - 1;
    let starts: Vec<u64> = (0..n).map(|h| full & !(1 << h)).collect();
    let all = reachable(jumps, &starts);
    let win = winnable(jumps, &all, |s| s.count_ones() == 1);
    let rows = read_csv(&out.join("levels.csv"));
    for pegs in 1..n {
        let count = |set: &HashSet<u64>| set.iter().filter(|s| s.count_ones() as usize == pegs).count() as u128;
        let p = pegs.to_string();
        assert_eq!(
            column(&rows, "pegs", &p, "reachable_positions").unwrap_or(0),
            count(&all),
            "{file}: {pegs} pegs"
        );
        assert_eq!(
            column(&rows, "pegs", &p, "winnable_positions").unwrap_or(0),
            count(&win),
            "{file}: {pegs} pegs"
        );
    }
}

/// One game's game.csv, finishes.csv and game_summary.csv against plain sets and a plain map of sequence counts.
fn check_game(dir: &Path, file: &str, jumps: &[(usize, usize, usize)], n: usize, hole: usize) {
    let out = dir.join("game");
    let h = (hole + 1).to_string();
    ok(&[
        "peg",
        "--board-file",
        file,
        "--start",
        &h,
        "--out",
        out.to_str().unwrap(),
    ]);
    let start = ((1u64 << n) - 1) & !(1 << hole);
    let all = reachable(jumps, &[start]);
    let win = winnable(jumps, &all, |s| s.count_ones() == 1);
    let home = winnable(jumps, &all, |s| s == 1 << hole);
    let rows = read_csv(&out.join("game.csv"));
    for d in 0..n - 1 {
        let count = |set: &HashSet<u64>| set.iter().filter(|s| s.count_ones() as usize == n - 1 - d).count() as u128;
        let j = d.to_string();
        let got = |col: &str| column(&rows, "jumps", &j, col).unwrap_or(0);
        assert_eq!(got("reachable_positions"), count(&all), "{file} from {h}: {d} jumps");
        assert_eq!(got("winnable_positions"), count(&win), "{file} from {h}: {d} jumps");
        assert_eq!(
            got("winnable_to_start_hole"),
            count(&home),
            "{file} from {h}: {d} jumps"
        );
    }
    let seqs = sequences(jumps, start);
    let dead: u128 = seqs
        .iter()
        .filter(|(s, _)| successors(jumps, **s).is_empty())
        .map(|p| p.1)
        .sum();
    let won: u128 = seqs.iter().filter(|(s, _)| s.count_ones() == 1).map(|p| p.1).sum();
    let totals = read_csv(&out.join("game_summary.csv"));
    assert_eq!(
        column(&totals, "start", &h, "complete_games_text"),
        Some(dead),
        "{file} from {h}"
    );
    assert_eq!(
        column(&totals, "start", &h, "winning_sequences_text"),
        Some(won),
        "{file} from {h}"
    );
    // Per finish: the plain map's single-peg positions.
    let finishes = read_csv(&out.join("finishes.csv"));
    for (s, n) in seqs.iter().filter(|(s, _)| s.count_ones() == 1) {
        let f = (s.trailing_zeros() + 1).to_string();
        assert_eq!(
            column(&finishes, "finish", &f, "winning_sequences_text"),
            Some(*n),
            "{file} from {h} to {f}"
        );
    }
    assert_eq!(finishes.len(), seqs.iter().filter(|(s, _)| s.count_ones() == 1).count());
    // Per finish, the fewest moves: the plain BFS over moves.
    let fewest = fewest_moves(jumps, start);
    for r in &finishes {
        let f: usize = r["finish"].parse().unwrap();
        assert_eq!(
            whole(&r["min_moves"]),
            fewest[&(1 << (f - 1))].to_string(),
            "{file} from {h} to {f}"
        );
    }
    // Only the positions: the same counts as the game.
    let positions = dir.join("positions");
    ok(&[
        "peg",
        "--board-file",
        file,
        "--start",
        &h,
        "--positions-only",
        "--out",
        positions.to_str().unwrap(),
    ]);
    let only = read_csv(&positions.join("positions.csv"));
    assert_eq!(only.len(), rows.len(), "{file} from {h}");
    for (a, b) in only.iter().zip(&rows) {
        for c in ["jumps", "pegs", "reachable_positions", "reachable_orbits"] {
            assert_eq!(a[c], b[c], "{file} from {h}: {c}");
        }
    }
}

/// The positions one move (a chain of one or more jumps by one peg) from `s`, by plain sets.
fn move_successors(jumps: &[(usize, usize, usize)], s: u64) -> HashSet<u64> {
    let mut out = HashSet::new();
    for peg in (0..64).filter(|p| s >> p & 1 == 1) {
        // (position, where the moving peg stands), grown one jump at a time.
        let mut todo = vec![(s, peg)];
        while let Some((b, at)) = todo.pop() {
            for &(a, o, c) in jumps.iter().filter(|j| j.0 == at) {
                if b >> o & 1 == 1 && b >> c & 1 == 0 {
                    let next = b & !(1 << a) & !(1 << o) | 1 << c;
                    if out.insert(next) {
                        todo.push((next, c));
                    }
                }
            }
        }
    }
    out
}

/// Fewest moves from `start` to each position, by a plain breadth-first search over moves.
fn fewest_moves(jumps: &[(usize, usize, usize)], start: u64) -> HashMap<u64, u32> {
    let mut dist = HashMap::from([(start, 0)]);
    let mut level = vec![start];
    let mut d = 0;
    while !level.is_empty() {
        d += 1;
        let mut next = Vec::new();
        for s in &level {
            for c in move_successors(jumps, *s) {
                if let std::collections::hash_map::Entry::Vacant(e) = dist.entry(c) {
                    e.insert(d);
                    next.push(c);
                }
            }
        }
        level = next;
    }
    dist
}

/// problems.csv of the full run against a plain BFS over moves from every single vacancy: the
/// solvable problems and their fewest moves (every one proven: the default radii reach every
/// play on a board of up to 16 holes).
fn check_problems(dir: &Path, file: &str, jumps: &[(usize, usize, usize)], n: usize) {
    let out = dir.join("full");
    ok(&["peg", "--board-file", file, "--out", out.to_str().unwrap()]);
    let rows = read_csv(&out.join("problems.csv"));
    let row = |s: usize, f: usize| {
        rows.iter()
            .find(|r| r["start"] == (s + 1).to_string() && r["finish"] == (f + 1).to_string())
    };
    let full = (1u64 << n) - 1;
    let mut solvable = 0;
    for s in 0..n {
        let dist = fewest_moves(jumps, full & !(1 << s));
        for f in 0..n {
            let want = dist.get(&(1 << f));
            let r = row(s, f);
            match (want, r) {
                (Some(m), Some(r)) => {
                    assert_eq!(r["solvable"], "true", "{file}: {} -> {}", s + 1, f + 1);
                    assert_eq!(whole(&r["min_moves"]), m.to_string(), "{file}: {} -> {}", s + 1, f + 1);
                    assert_eq!(r["passes_class_test"], "true", "{file}: {} -> {}", s + 1, f + 1);
                    solvable += 1;
                }
                (Some(_), None) => panic!("{file}: {} -> {} solvable, no row", s + 1, f + 1),
                (None, Some(r)) => assert_eq!(r["solvable"], "false", "{file}: {} -> {}", s + 1, f + 1),
                (None, None) => {}
            }
        }
    }
    assert_eq!(
        rows.iter().filter(|r| r["solvable"] == "true").count(),
        solvable,
        "{file}"
    );
}

#[test]
fn random_boards_of_every_lattice_agree_with_plain_sets() {
    let mut rng = Rng::new(0xb0a2_d038);
    let dir = scratch("boards-reference");
    for round in 0..8 {
        for lattice in LATTICES {
            let (text, cells) = random_board(&mut rng, lattice);
            let file = dir.join(format!("{lattice}-{round}.board"));
            std::fs::write(&file, &text).unwrap();
            let jumps = reference_jumps(lattice, &cells);
            let f = file.to_str().unwrap();
            check_union(&dir, f, &jumps, cells.len());
            check_game(&dir, f, &jumps, cells.len(), rng.below(cells.len() as u64) as usize);
            check_problems(&dir, f, &jumps, cells.len());
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn symmetric_random_boards_agree_with_plain_sets() {
    let mut rng = Rng::new(0x5e7_a11e);
    let dir = scratch("boards-symmetric");
    for round in 0..6 {
        for lattice in LATTICES {
            let (text, cells) = random_symmetric_board(&mut rng, lattice);
            let file = dir.join(format!("{lattice}-{round}.board"));
            std::fs::write(&file, &text).unwrap();
            let jumps = reference_jumps(lattice, &cells);
            check_union(&dir, file.to_str().unwrap(), &jumps, cells.len());
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Whether a board file is valid, by the format's rules, written independently of the parser.
fn reference_valid(text: &str) -> bool {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = text.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l));
    let first = lines.next().unwrap_or("");
    let Some(lattice) = first
        .split_once(':')
        .filter(|(k, _)| k.trim() == "lattice")
        .map(|(_, v)| v.trim())
        .filter(|v| LATTICES.contains(v))
    else {
        return false;
    };
    let mut cells = Vec::new();
    for (r, line) in lines.enumerate() {
        for (c, ch) in line.chars().enumerate() {
            match ch {
                'o' => cells.push((r as i32, c as i32)),
                '.' | ' ' => {}
                _ => return false,
            }
        }
    }
    !cells.is_empty() && cells.len() <= 56 && !reference_jumps(lattice, &cells).is_empty()
}

fn mutated_picture(rng: &mut Rng) -> String {
    let lattice = *rng.pick(&LATTICES);
    let (mut text, _) = random_board(rng, lattice);
    for _ in 0..rng.below(4) {
        let junk = *rng.pick(&['x', '\t', '\0', 'é', '\u{feff}', 'O', '\r', '\n', ':', 'o', '.', ' ']);
        let at = rng.below(text.chars().count() as u64 + 1) as usize;
        let mut chars: Vec<char> = text.chars().collect();
        match rng.below(3) {
            0 => chars.insert(at, junk),
            1 if at < chars.len() => {
                chars.remove(at);
            }
            _ if at < chars.len() => chars[at] = junk,
            _ => {}
        }
        text = chars.into_iter().collect();
    }
    if rng.chance(10) {
        text = format!("lattice: square\n{}\n", "o".repeat(50 + rng.below(12) as usize));
    }
    text
}

#[test]
fn the_board_file_parser_never_panics_and_errs_in_one_line() {
    let mut rng = Rng::new(0x0038_f022);
    let (mut tried, mut accepted) = (0, 0);
    for i in 0..20_000 {
        let text = if i % 4 == 0 {
            let bytes: Vec<u8> = (0..rng.below(60)).map(|_| rng.next() as u8).collect();
            String::from_utf8_lossy(&bytes).into_owned()
        } else {
            mutated_picture(&mut rng)
        };
        let got = catch_unwind(AssertUnwindSafe(|| Board::from_text(&text, "b.txt")))
            .unwrap_or_else(|_| panic!("the parser panicked on {text:?}"));
        match got {
            Ok(b) => {
                assert!(reference_valid(&text), "accepted {text:?}");
                assert!(b.holes() <= 56 && !b.jumps().is_empty());
                accepted += 1;
            }
            Err(e) => {
                let msg = e.to_string();
                assert!(!reference_valid(&text), "refused {text:?}: {msg}");
                assert!(!msg.contains('\n') && msg.starts_with("board file b.txt"), "{msg}");
                let placed = msg.contains(", line ") && msg.contains(", column ");
                assert!(placed, "the error names no line and column: {msg}");
            }
        }
        tried += 1;
    }
    assert!(
        accepted > 2_000 && tried - accepted > 2_000,
        "{accepted} of {tried} accepted"
    );
}

#[test]
fn a_bad_board_file_exits_with_status_2_in_one_line_writing_nothing() {
    let dir = scratch("boards-bad");
    let cases: [(&[u8], &str); 5] = [
        (b"lattice: square\nooo\noxo\n", "line 3, column 2"),
        (b"lattice: hexagonal\nooo\n", "line 1, column 1"),
        (b"lattice: triangular\n", "no holes"),
        (b"lattice: square\no.o.o\n", "no jump is possible"),
        (b"lattice: square\nooo\xff\n", "not valid UTF-8"),
    ];
    for (i, (bytes, needle)) in cases.iter().enumerate() {
        let file = dir.join(format!("bad{i}.board"));
        std::fs::write(&file, bytes).unwrap();
        let out = dir.join(format!("out{i}"));
        let o = run(&[
            "peg",
            "--board-file",
            file.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(err.contains(needle) && !err.contains("panicked"), "{err}");
        assert!(!out.exists(), "a refused board wrote {}", out.display());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn symmetry_groups_have_the_boards_orders() {
    let square = Board::from_text("lattice: square-diagonal\nooooo\nooooo\nooooo\nooooo\nooooo\n", "5x5").unwrap();
    assert_eq!(square.group_order(), 8);
    for (name, order) in [
        ("triangle-5", 6),
        ("english", 8),
        ("european", 8),
        ("wiegleb", 8),
        ("hexagon-3", 12),
        ("diamond-4", 4),
    ] {
        assert_eq!(Board::named(name).unwrap().group_order(), order, "{name}");
    }
    // A board with one mirror only: the group is found, not assumed.
    let one_mirror = Board::from_text("lattice: square\nooo\no.o\nooo\n.o.\n", "kite").unwrap();
    assert_eq!(one_mirror.group_order(), 2);
}

/// The English board's central game against OEIS A112737 and A112738 (per jumps, up to symmetry)
/// and Durango Bill's totals, and Bergholt's 18 moves against the fewest found. About 23.5
/// million positions up to symmetry, about a minute (data/bench): ignored in the suite, whose
/// budget is spent; `reproduce` re-checks the committed files.
#[test]
#[ignore]
fn the_english_central_game_matches_its_published_figures() {
    let out = scratch("boards-english");
    ok(&[
        "peg",
        "--board",
        "english",
        "--start",
        "17",
        "--out",
        out.to_str().unwrap(),
    ]);
    let game = read_csv(&out.join("game.csv"));
    for row in crate::common::oracle("peg_boards/english_central_levels.csv") {
        let j = &row["jumps"];
        let want = |c: &str| row[c].parse::<u128>().unwrap();
        let got = |c: &str| column(&game, "jumps", j, c).unwrap_or(0);
        assert_eq!(got("reachable_orbits"), want("positions_up_to_symmetry"), "{j} jumps");
        assert_eq!(
            got("winnable_to_start_hole_orbits"),
            want("winnable_to_centre_up_to_symmetry"),
            "{j} jumps"
        );
    }
    let totals = read_csv(&out.join("game_summary.csv"));
    let finishes = read_csv(&out.join("finishes.csv"));
    let published = crate::common::oracle("peg_boards/english_central_totals.csv");
    let want = |q: &str| {
        published.iter().find(|r| r["quantity"] == q).unwrap()["value"]
            .parse::<u128>()
            .unwrap()
    };
    assert_eq!(
        column(&totals, "start", "17", "complete_games_text"),
        Some(want("complete_games"))
    );
    let centre = column(&finishes, "finish", "17", "winning_sequences_text");
    assert_eq!(centre, Some(want("winning_games_to_centre")));
    // Bergholt's 18 moves, proven minimal (tests/data/peg_boards/bergholt_18.csv).
    let bergholt = crate::common::oracle("peg_boards/bergholt_18.csv").len() as u128;
    assert_eq!(column(&finishes, "finish", "17", "min_moves"), Some(bergholt));
    let shortest = column(&totals, "start", "17", "shortest_dead_end_jumps");
    assert_eq!(shortest, Some(want("shortest_dead_end_jumps")));
    let orbits: u128 = game
        .iter()
        .map(|r| r["reachable_orbits"].parse::<u128>().unwrap())
        .sum();
    assert_eq!(orbits, want("positions_up_to_symmetry"));
    let _ = std::fs::remove_dir_all(&out);
}
