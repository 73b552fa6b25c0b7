//! Property tests of every parser of user input, in-process and seeded (the same inputs every run):
//! Lights Out board files, Tricolore board strings, and the numeric arguments of every command.
//! Each generated input must be either accepted with the value an independent reference parser
//! gives, or rejected by an error of one non-empty line naming the problem; never a panic.
//! End-to-end runs of the binary on bad files are at the end.

use crate::common::{fails_with, ok, scratch};
use statespace::puzzles::lightsout::parse_board;
use statespace::puzzles::tricolore::{Adjacency, Grid as TriGrid};
use std::collections::HashMap;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// SplitMix64: a fixed seed gives the same inputs on every run and machine.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
    pub fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len() as u64) as usize]
    }
}

/// Characters that are wrong in a board, chosen to hit escaping and byte/char confusions.
const JUNK: &[char] = &[
    'x',
    '2',
    ' ',
    '\t',
    '\r',
    '\0',
    'é',
    '\u{feff}',
    '\u{2028}',
    '\u{1F600}',
    '"',
    '\\',
    'O',
    'l',
    '\u{7f}',
];

/// Asserts a rejection is one non-empty line, and returns it.
fn one_line(e: &anyhow::Error, input: &str) -> String {
    let msg = format!("{e:#}");
    assert!(!msg.trim().is_empty(), "empty error for {input:?}");
    assert!(
        !msg.contains('\n'),
        "error for {:?} spans lines: {msg}",
        &input[..input.len().min(200)]
    );
    msg
}

/// The board-file format, written independently of the program: what the README promises.
/// `Some(rows of bools)` if valid.
fn reference_board(text: &str) -> Option<Vec<Vec<bool>>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines: Vec<&str> = text.split('\n').collect();
    if lines.last() == Some(&"") {
        lines.pop();
    }
    let mut lines: Vec<&str> = lines.iter().map(|l| l.trim_end_matches([' ', '\t', '\r'])).collect();
    while lines.last().is_some_and(|l| l.trim().is_empty()) {
        lines.pop();
    }
    let width = lines.first()?.chars().count();
    if width == 0 {
        return None;
    }
    let mut digits = None;
    let mut rows = Vec::new();
    for l in &lines {
        if l.chars().count() != width {
            return None;
        }
        let mut row = Vec::new();
        for ch in l.chars() {
            let (on, d) = match ch {
                '0' => (false, true),
                '1' => (true, true),
                '.' => (false, false),
                '#' => (true, false),
                _ => return None,
            };
            if *digits.get_or_insert(d) != d {
                return None;
            }
            row.push(on);
        }
        rows.push(row);
    }
    Some(rows)
}

/// A board file, valid or broken in one or several of the ways people's files are.
fn board_text(rng: &mut Rng) -> String {
    let rows = rng.below(7) as usize;
    let cols = rng.below(9) as usize;
    let digits = rng.chance(50);
    let (off, on) = if digits { ('0', '1') } else { ('.', '#') };
    let crlf = rng.chance(25);
    let mut s = String::new();
    if rng.chance(15) {
        s.push('\u{feff}');
    }
    for r in 0..rows {
        let mut width = cols;
        if rng.chance(8) {
            width = rng.below(10) as usize; // ragged
        }
        for _ in 0..width {
            s.push(if rng.chance(50) { on } else { off });
        }
        if rng.chance(6) {
            // A wrong character somewhere in the line.
            let pos = s.len()
                - s.chars()
                    .rev()
                    .take(rng.below(width as u64 + 1) as usize)
                    .map(char::len_utf8)
                    .sum::<usize>();
            let junk = if rng.chance(30) {
                *rng.pick(&['0', '1', '.', '#'])
            } else {
                *rng.pick(JUNK)
            };
            s.insert(pos, junk);
        }
        if rng.chance(10) {
            for _ in 0..=rng.below(3) {
                s.push(*rng.pick(&[' ', '\t']));
            }
        }
        if r + 1 < rows || rng.chance(70) {
            s.push_str(if crlf { "\r\n" } else { "\n" });
        }
    }
    if rng.chance(15) {
        for _ in 0..=rng.below(3) {
            s.push_str(rng.pick::<&str>(&["\n", "\r\n", "  \n", "\t"]));
        }
    }
    if rng.chance(3) {
        // Arbitrary bytes read leniently, as a binary file would arrive through a lossy decoder.
        let bytes: Vec<u8> = (0..rng.below(40)).map(|_| rng.next() as u8).collect();
        s = String::from_utf8_lossy(&bytes).into_owned();
    }
    s
}

fn check_board(text: &str) -> bool {
    let got = catch_unwind(AssertUnwindSafe(|| parse_board(text, "board file b.txt")))
        .unwrap_or_else(|_| panic!("parse_board panicked on {text:?}"));
    let want = reference_board(text);
    match (got, want) {
        (Ok(g), Some(rows)) => {
            assert_eq!((g.rows, g.cols), (rows.len(), rows[0].len()), "shape of {text:?}");
            for (r, row) in rows.iter().enumerate() {
                for (c, &on) in row.iter().enumerate() {
                    assert_eq!(g.get(r, c), on, "cell ({r},{c}) of {text:?}");
                }
            }
            true
        }
        (Err(e), None) => {
            let msg = one_line(&e, text);
            assert!(
                msg.starts_with("board file b.txt"),
                "error does not name the file: {msg}"
            );
            let names = ["empty", "not rectangular", "unknown character", "mixes"];
            assert!(
                names.iter().any(|n| msg.contains(n)),
                "error does not name the problem: {msg}"
            );
            false
        }
        (Ok(_), None) => panic!("accepted an invalid board {text:?}"),
        (Err(e), Some(_)) => panic!("rejected a valid board {text:?}: {e:#}"),
    }
}

#[test]
fn lightsout_board_files_never_panic_and_agree_with_a_reference_parser() {
    let mut rng = Rng::new(0x10_b0a2d);
    let (mut tried, mut accepted) = (0u64, 0u64);
    for _ in 0..70_000 {
        accepted += u64::from(check_board(&board_text(&mut rng)));
        tried += 1;
    }
    // Fixed oddities, including 10^6-cell lines.
    let long_ok = "10".repeat(500_000);
    let mut long_bad = "0".repeat(1_000_000);
    long_bad.replace_range(777_777..777_778, "x");
    let fixed = [
        String::new(),
        "\u{feff}".into(),
        "\u{feff}01\r\n10\r\n".into(),
        "\u{feff}\u{feff}01\n".into(),
        "01  \n10\t\n\n\n".into(),
        "\n01\n".into(),
        "\r\n".into(),
        "0\r1\r".into(),
        "#.\n01\n".into(),
        format!("{long_ok}\n"),
        format!("{long_ok}\n{long_ok}\r\n"),
        format!("{long_ok}\n{}\n", &long_ok[1..]),
        long_bad,
        "#".repeat(1_000_000),
        "1\n".repeat(1_000_000),
    ];
    for t in &fixed {
        accepted += u64::from(check_board(t));
        tried += 1;
    }
    eprintln!("lightsout board files: {tried} inputs, {accepted} accepted, 0 panics");
    assert!(tried >= 70_000 && accepted > 5_000 && tried - accepted > 5_000);
    let g = parse_board("\u{feff}01\r\n10\r\n", "b").expect("a byte-order mark is accepted");
    assert_eq!((g.rows, g.cols, g.count()), (2, 2, 2));
}

/// Colour digit of a letter (R 0, W 1, B 2), as the README defines boards.
fn reference_tricolore(text: &str, width: usize, height: usize) -> Option<u32> {
    let rows: Vec<&str> = text.split('.').collect();
    if rows.len() != height || rows.iter().any(|r| r.chars().count() != width) {
        return None;
    }
    let n = width * height;
    let mut value = 0u64;
    for (i, ch) in rows.concat().chars().enumerate() {
        let d = match ch {
            'R' | 'r' => 0,
            'W' | 'w' => 1,
            'B' | 'b' => 2,
            _ => return None,
        };
        value += d * 3u64.pow((n - 1 - i) as u32);
    }
    Some(value as u32)
}

fn tricolore_text(rng: &mut Rng, width: usize, height: usize) -> String {
    let mut s = String::new();
    for r in 0..height {
        if r > 0 {
            s.push(if rng.chance(3) {
                *rng.pick(&[',', ' ', '/', '\n'])
            } else {
                '.'
            });
        }
        let w = if rng.chance(5) { rng.below(7) as usize } else { width };
        for _ in 0..w {
            s.push(if rng.chance(2) {
                *rng.pick(JUNK)
            } else {
                *rng.pick(&['R', 'W', 'B', 'r', 'w', 'b'])
            });
        }
    }
    if rng.chance(3) {
        s.push(*rng.pick(&['.', ' ', '\n']));
    }
    s
}

#[test]
fn tricolore_board_strings_never_panic_and_agree_with_a_reference_parser() {
    let mut rng = Rng::new(0x3c0108e);
    let mut grids: HashMap<(usize, usize), TriGrid> = HashMap::new();
    let (mut tried, mut accepted) = (0u64, 0u64);
    for i in 0..60_000u64 {
        // Shapes up to 20 squares, the largest accepted.
        let (w, h) = loop {
            let (w, h) = (1 + rng.below(6) as usize, 1 + rng.below(5) as usize);
            if w * h <= 20 && (w * h <= 12 || i % 50 == 0) {
                break (w, h);
            }
        };
        let grid = grids
            .entry((w, h))
            .or_insert_with(|| TriGrid::new(w, h, Adjacency::King).unwrap());
        let (tw, th) = if rng.chance(10) {
            (1 + rng.below(6) as usize, 1 + rng.below(5) as usize)
        } else {
            (w, h)
        };
        let text = tricolore_text(&mut rng, tw, th);
        let got = catch_unwind(AssertUnwindSafe(|| grid.parse(&text)))
            .unwrap_or_else(|_| panic!("parse panicked on {text:?}"));
        match (got, reference_tricolore(&text, w, h)) {
            (Ok(v), Some(want)) => {
                assert_eq!(v, want, "{text:?}");
                assert_eq!(grid.format(v), text.to_uppercase(), "format inverts parse");
                accepted += 1;
            }
            (Err(e), None) => {
                let msg = one_line(&e, &text);
                assert!(msg.contains("is not") || msg.contains("unknown colour letter"), "{msg}");
            }
            (Ok(_), None) => panic!("accepted {text:?} as {w}x{h}"),
            (Err(e), Some(_)) => panic!("rejected {text:?} as {w}x{h}: {e:#}"),
        }
        tried += 1;
    }
    // The shape-inferring path of `tricolore solve` (small shapes: building a grid is the cost).
    for _ in 0..3_000 {
        let (w, h) = (1 + rng.below(4) as usize, 1 + rng.below(3) as usize);
        let from = tricolore_text(&mut rng, w, h);
        let to = if rng.chance(50) {
            tricolore_text(&mut rng, w, h)
        } else {
            "R".repeat(w) + &format!(".{}", "R".repeat(w)).repeat(h - 1)
        };
        let got = catch_unwind(AssertUnwindSafe(|| {
            use statespace::cli::tricolore::{AdjacencyArg, MethodArg, RegimeArg, SolveArgs};
            let args = SolveArgs {
                from: from.clone(),
                to: to.clone(),
                adjacency: AdjacencyArg::King,
                regime: RegimeArg::Unrestricted,
                method: MethodArg::Optimal,
            };
            statespace::studies::tricolore::SolveRun::try_from(&args)
        }))
        .unwrap_or_else(|_| panic!("SolveRun::try_from panicked on {from:?} -> {to:?}"));
        let valid = reference_tricolore(&from, w, h).is_some() && reference_tricolore(&to, w, h).is_some();
        match got {
            Ok(_) => {
                assert!(valid, "accepted {from:?} -> {to:?}");
                accepted += 1;
            }
            Err(e) => {
                one_line(&e, &from);
            }
        }
        tried += 1;
    }
    // Long and strange strings: the message quotes only the start.
    let long = "R".repeat(1_000_000);
    for text in [
        long.clone(),
        format!("{long}.{long}"),
        "\n".repeat(100),
        String::new(),
        ".".into(),
        "RRRR.RRRR.RRRR.RRRR.".into(),
    ] {
        let grid = &grids[&(4, 4)];
        let e = grid.parse(&text).expect_err("not 4x4");
        let msg = one_line(&e, &text);
        assert!(msg.len() < 300, "message quotes the whole input: {} bytes", msg.len());
        tried += 1;
    }
    eprintln!("tricolore board strings: {tried} inputs, {accepted} accepted, 0 panics");
    assert!(tried >= 60_000 && accepted > 10_000);
}

/// A numeric argument: the command before it, its flag, and the values the program accepts.
struct Numeric {
    args: &'static [&'static str],
    flag: &'static str,
    accepts: fn(u128) -> bool,
}

fn numeric_arguments() -> Vec<Numeric> {
    vec![
        Numeric {
            args: &["peg"],
            flag: "--side",
            accepts: |v| (4..=7).contains(&v),
        },
        Numeric {
            args: &["tricolore", "full", "--target", "R"],
            flag: "--width",
            accepts: |v| v == 1,
        },
        Numeric {
            args: &["tricolore", "full", "--target", "RRRR.RRRR.RRRR.RRRR", "--width", "4"],
            flag: "--height",
            accepts: |v| v == 4,
        },
        Numeric {
            args: &["tricolore", "reach", "--width", "4"],
            flag: "--height",
            accepts: |v| (1..=5).contains(&v),
        },
        Numeric {
            args: &["tricolore", "reach", "--height", "2"],
            flag: "--width",
            accepts: |v| (1..=10).contains(&v),
        },
        Numeric {
            args: &["lightsout", "sweep"],
            flag: "--max-n",
            accepts: |v| (1..=1_000_000).contains(&v),
        },
        Numeric {
            args: &["lightsout", "sweep", "--topology", "torus"],
            flag: "--max-n",
            accepts: |v| (1..=1_000_000).contains(&v),
        },
        Numeric {
            args: &["lightsout", "sweep", "--rule", "block"],
            flag: "--max-n",
            accepts: |v| (1..=100_000).contains(&v),
        },
        Numeric {
            args: &["lightsout", "rect"],
            flag: "--max",
            accepts: |v| (1..=2000).contains(&v),
        },
        Numeric {
            args: &["lightsout", "rect", "--topology", "torus"],
            flag: "--max",
            accepts: |v| (1..=200).contains(&v),
        },
        Numeric {
            args: &["lightsout", "histogram"],
            flag: "--n",
            accepts: |v| (1..=64).contains(&v),
        },
        Numeric {
            args: &["lightsout", "quiet"],
            flag: "--n",
            accepts: |v| (1..=64).contains(&v),
        },
        Numeric {
            args: &["lightsout", "dense"],
            flag: "--n",
            accepts: |v| (1..=256).contains(&v),
        },
        Numeric {
            args: &["lightsout", "hand"],
            flag: "--max-n",
            accepts: |v| (2..=9).contains(&v),
        },
        Numeric {
            args: &["lightsout", "rect-dataset"],
            flag: "--max",
            accepts: |v| (1..=2000).contains(&v),
        },
        Numeric {
            args: &["lightsout", "gods"],
            flag: "--max-n",
            accepts: |v| (1..=50).contains(&v),
        },
        Numeric {
            args: &["lightsout", "gods"],
            flag: "--max-n-d2",
            accepts: |v| v <= 512,
        },
        Numeric {
            args: &["lightsout", "nullity"],
            flag: "--n",
            accepts: |v| (1..=statespace::studies::lightsout::sutner::MAX_SINGLE as u128).contains(&v),
        },
        // Beyond the solver's sizes: the exact limit depends on the memory check.
        Numeric {
            args: &["lightsout", "solve", "--topology", "torus"],
            flag: "--all-ones",
            accepts: |v| (1..=128).contains(&v),
        },
    ]
}

/// Values at and past every limit, and text that is not a number.
fn number_text(rng: &mut Rng) -> String {
    let edges: &[u128] = &[
        0,
        1,
        2,
        3,
        4,
        5,
        6,
        7,
        8,
        9,
        10,
        11,
        20,
        21,
        63,
        64,
        65,
        128,
        129,
        200,
        201,
        255,
        256,
        257,
        1000,
        1001,
        2000,
        2001,
        100_000,
        100_001,
        200_000,
        200_001,
        1 << 31,
        1 << 32,
        (1 << 32) + 1,
        (1 << 60) + 1,
        u64::MAX as u128 - 1,
        u64::MAX as u128,
        u64::MAX as u128 + 1,
        u128::MAX,
    ];
    match rng.below(10) {
        0..=4 => rng.pick(edges).to_string(),
        5 => (rng.next() >> rng.below(64)).to_string(),
        6 => format!("-{}", rng.pick(edges)),
        7 => "9".repeat(1 + rng.below(60) as usize),
        8 => rng
            .pick(&[
                "",
                " 5",
                "5 ",
                "+5",
                "0x10",
                "1e3",
                "5.0",
                "five",
                "٣",
                "05",
                "\u{feff}5",
                "5\n",
            ])
            .to_string(),
        _ => format!("{}{}", rng.pick(edges), rng.pick(&["", "0", "k", "%"])),
    }
}

#[test]
fn numeric_arguments_at_and_past_their_limits_give_one_line_errors() {
    let out = scratch("numeric");
    let out_s = out.to_str().unwrap().to_string();
    let mut rng = Rng::new(0x4e_0b3e);
    let (mut tried, mut ran) = (0u64, 0u64);
    for spec in numeric_arguments() {
        for _ in 0..800 {
            let value = number_text(&mut rng);
            let mut argv: Vec<String> = std::iter::once("statespace")
                .chain(spec.args.iter().copied())
                .map(String::from)
                .collect();
            argv.push(spec.flag.into());
            argv.push(value.clone());
            if !spec.args.contains(&"dense") && !spec.args.contains(&"nullity") {
                let flag = if spec.args.contains(&"solve") {
                    "--presses"
                } else {
                    "--out"
                };
                argv.push(flag.into());
                argv.push(if flag == "--out" {
                    out_s.clone()
                } else {
                    format!("{out_s}/p.txt")
                });
            }
            let parsed: Result<u128, _> = value.parse();
            tried += 1;
            // Accepted values would start a computation; those are covered by the family tests.
            if parsed
                .as_ref()
                .is_ok_and(|&v| v <= u64::MAX as u128 && (spec.accepts)(v))
            {
                continue;
            }
            let args: Vec<std::ffi::OsString> = argv.iter().map(Into::into).collect();
            let got = catch_unwind(AssertUnwindSafe(|| statespace::cli::run(args)))
                .unwrap_or_else(|_| panic!("panicked on {argv:?}"));
            let e = got.expect_err(&format!("{argv:?} should be refused"));
            let msg = one_line(&e, &value);
            assert!(
                msg.contains(spec.flag)
                    || msg.contains(value.trim())
                    || msg.contains("board")
                    || msg.contains("side")
                    // clap reads "-20" as the flags -2 -0 and names the first
                    || (value.starts_with('-') && msg.contains("unexpected argument '-")),
                "{argv:?}: error does not name the argument: {msg}"
            );
            ran += 1;
        }
    }
    eprintln!("numeric arguments: {tried} inputs, {ran} refused in-process, 0 panics");
    assert!(ran > 5_000);
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn the_binary_rejects_bad_board_files_in_one_line() {
    let dir = scratch("badfiles");
    let write = |name: &str, bytes: &[u8]| {
        let p = dir.join(name);
        std::fs::write(&p, bytes).unwrap();
        p.to_str().unwrap().to_string()
    };
    let binary: Vec<u8> = (0..=255u8).cycle().take(4096).collect();
    let cases = [
        (write("binary.bin", &binary), "valid UTF-8"),
        (write("empty.txt", b""), "empty"),
        (write("ragged.txt", b"010\n01\n"), "not rectangular"),
        (write("mixed.txt", b"01\n.#\n"), "mixes"),
        (write("letters.txt", b"0a\n"), "unknown character"),
        (
            dir.join("missing.txt").to_str().unwrap().to_string(),
            "cannot read board file",
        ),
        (dir.to_str().unwrap().to_string(), "cannot read board file"),
    ];
    for (path, needle) in &cases {
        fails_with(&["lightsout", "solve", path], needle);
    }
    // The valid oddities are answered.
    let bom = write("bom.txt", "\u{feff}11\r\n11  \r\n\r\n".as_bytes());
    let o = ok(&["lightsout", "solve", &bom]);
    assert!(String::from_utf8_lossy(&o.stdout).contains("solvable"));
    let wide = write("wide.txt", format!("{}\n", "1".repeat(200_000)).as_bytes());
    ok(&["lightsout", "solve", &wide]);
    fails_with(
        &["tricolore", "solve", "--from", &"R".repeat(100_000), "--to", "W"],
        "squares",
    );
    fails_with(
        &[
            "tricolore",
            "full",
            "--target",
            "RRRR",
            "--width",
            "4294967296",
            "--height",
            "4294967296",
        ],
        "too large",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A build without MPI launched as one of several ranks would have every rank compute and write
/// the same files: refused in one line before anything runs.
#[cfg(not(feature = "mpi"))]
#[test]
fn several_ranks_without_the_mpi_feature_are_refused() {
    let o = crate::common::bin()
        .args([
            "lightsout",
            "sweep",
            "--max-n",
            "10",
            "--out",
            crate::common::scratch("no_mpi").to_str().unwrap(),
        ])
        .env("OMPI_COMM_WORLD_SIZE", "2")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success());
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(err.contains("--features mpi"), "{err}");
}
