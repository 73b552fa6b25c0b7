//! A side computed by an earlier, longer run (side 8: `statespace peg --side 8 --keep-levels DIR`)
//! read back from its data directory, so that the default `reproduce` shows it on the family page
//! and in the claims without recomputing it.
//!
//! Nothing is taken on trust that can be re-checked cheaply: every play is parsed and replayed
//! from its start to its finish (a wrong play is refused, and its move count must equal the
//! `moves` column), every `passes_class_test` and position-class proof is recomputed from the
//! triangle, every (start, finish) pair must appear exactly once, and the level table must be
//! internally consistent (dead = reachable - winnable, counts within C(holes, pegs), winnable
//! counts symmetric under k <-> holes - k, as complementing reverses jumps). What cannot be
//! re-checked in seconds (the reachable counts themselves, an exhaustion proof) is what the run
//! that wrote the files computed; its manifest names that command.

use super::fewest::MinMoves;
use super::solvability::{ProblemRow, Verdict};
use super::tables::{LEVELS, SYMMETRY, T8_FINISHES};
use super::{LevelRow, PegStudy, SymmetryRow};
use crate::output::glossary;
use crate::puzzles::peg::{parse_play, Jump, Triangle};
use crate::studies::read_back::{number, read_rows_of};
use anyhow::{bail, ensure, Context, Result};
use std::path::Path;

/// Whether `dir` holds a saved side (both tables present).
pub fn present(dir: &Path) -> bool {
    dir.join("levels.csv").is_file() && dir.join("finishes.csv").is_file()
}

/// Reads and re-checks the side-`side` tables in `dir` (a `data/peg/T{side}` directory).
pub fn load(side: usize, dir: &Path) -> Result<PegStudy> {
    let t = Triangle::new(side)?;
    let levels = load_levels(&t, &dir.join("levels.csv"))?;
    let problems = load_problems(&t, &dir.join("finishes.csv"))?;
    let sym_path = dir.join("symmetry.csv");
    let symmetry = if sym_path.is_file() {
        Some(load_symmetry(&levels, &sym_path)?)
    } else {
        None
    };
    Ok(PegStudy {
        saved: Some(dir.to_path_buf()),
        symmetry,
        ..PegStudy::union_only(&t, levels, Some(problems))
    })
}

/// The levels under the six symmetries: one row per level of `levels`, the same reachable
/// counts, and fixed-point counts that make Burnside's orbit count a whole number.
fn load_symmetry(levels: &[LevelRow], path: &Path) -> Result<Vec<SymmetryRow>> {
    // Before issue 20 the count was named `reachable`; the columns kept their places.
    let (_, rows) = read_rows_of(
        path,
        &[
            &[
                "pegs",
                "reachable",
                "orbits",
                "fixed_by_rotation",
                "fixed_by_reflection",
            ],
            &SYMMETRY.header(),
        ],
    )?;
    ensure!(
        rows.len() == levels.len(),
        "{}: {} rows, expected one per level of levels.csv ({})",
        path.display(),
        rows.len(),
        levels.len()
    );
    let mut out = Vec::new();
    for (i, r) in rows.iter().enumerate() {
        let line = i + 2;
        let row = SymmetryRow {
            pegs: number(path, line, "pegs", &r[0])?,
            reachable: number(path, line, "reachable", &r[1])?,
            orbits: number(path, line, "orbits", &r[2])?,
            fixed_by_rotation: number(path, line, "fixed_by_rotation", &r[3])?,
            fixed_by_reflection: number(path, line, "fixed_by_reflection", &r[4])?,
        };
        let level = levels.iter().find(|l| l.pegs == row.pegs);
        ensure!(
            level.is_some_and(|l| l.reachable == row.reachable) && row.pegs == i + 1,
            "{}: row {line} ({} pegs, {} reachable) does not match levels.csv",
            path.display(),
            row.pegs,
            row.reachable
        );
        ensure!(
            row.fixed_by_rotation <= row.reachable
                && row.fixed_by_reflection <= row.reachable
                && row.reachable + 2 * row.fixed_by_rotation + 3 * row.fixed_by_reflection == 6 * row.orbits,
            "{}: row {line}: orbits must be (reachable + 2 fixed_by_rotation + 3 fixed_by_reflection) / 6 (Burnside)",
            path.display()
        );
        out.push(row);
    }
    out.reverse();
    Ok(out)
}

fn load_levels(t: &Triangle, path: &Path) -> Result<Vec<LevelRow>> {
    let holes = t.holes();
    // Before issue 20 the counts were named `reachable`, `winnable`, `dead`, in the same places.
    let (_, rows) = read_rows_of(path, &[&["pegs", "reachable", "winnable", "dead"], &LEVELS.header()])?;
    let mut levels: Vec<LevelRow> = Vec::new();
    for (i, r) in rows.iter().enumerate() {
        let line = i + 2;
        let pegs: usize = number(path, line, "pegs", &r[0])?;
        let reachable: u64 = number(path, line, "reachable", &r[1])?;
        let winnable: u64 = number(path, line, "winnable", &r[2])?;
        let dead: u64 = number(path, line, "dead", &r[3])?;
        ensure!(
            pegs == i + 1 && pegs < holes,
            "{}: row {line} has {pegs} pegs, expected {} (one row per peg count, 1 to {})",
            path.display(),
            i + 1,
            holes - 1
        );
        ensure!(
            winnable <= reachable && reachable - winnable == dead,
            "{}: row {line}: dead must be reachable - winnable",
            path.display()
        );
        let all = crate::engine::layered::binomial(holes, pegs);
        ensure!(
            reachable <= all,
            "{}: row {line}: {reachable} reachable of only {all} positions with {pegs} pegs",
            path.display()
        );
        levels.push(LevelRow {
            pegs,
            reachable,
            winnable,
        });
    }
    ensure!(
        levels.len() == holes - 1,
        "{}: {} rows, expected {} (1 to {} pegs)",
        path.display(),
        levels.len(),
        holes - 1,
        holes - 1
    );
    ensure!(
        levels[holes - 2].reachable == holes as u64,
        "{}: the {} single-vacancy starts must be the {}-peg level",
        path.display(),
        holes,
        holes - 1
    );
    for l in &levels {
        // Winnable at k pegs = reachable at k with a reachable complement (holes - k pegs).
        let mirror = &levels[holes - l.pegs - 1];
        ensure!(
            l.winnable == mirror.winnable,
            "{}: winnable counts at {} and {} pegs differ (complementing reverses jumps, so they must agree)",
            path.display(),
            l.pegs,
            mirror.pegs
        );
    }
    // The study keeps levels from the most pegs down.
    levels.reverse();
    Ok(levels)
}

/// The side-8 problem table in the format before issue 20 (all problems, but its own columns).
const OLD_FINISHES: [&str; 8] = [
    "start",
    "finish",
    "passes_class_test",
    "solvable",
    "proof",
    "positions_searched",
    "moves",
    "play",
];

/// The column that repeated `min_moves` under a second name (issues 23 to 36), after `play`.
const MIN_MOVES_EXACT: &str = "min_moves_exact";

/// The columns side 8's `finishes.csv` had after `solvable` until issue 37 item 6, empty on every
/// row (side 8's sequences are not counted): today's file leaves them out.
const EMPTY_COUNTS: [&str; 2] = ["winning_sequences", "log10_winning_sequences"];

/// Side 8's `finishes.csv` headers, oldest first: [`OLD_FINISHES`]; the first 12 columns of the
/// next one (before the fewest moves were settled, issue 23); today's with [`EMPTY_COUNTS`] after
/// `solvable` (also the bounds of issue 23); that with [`MIN_MOVES_EXACT`] after `play` (until
/// issue 37); today's ([`T8_FINISHES`]); today's without `positions_searched` (left out when no
/// problem has an exhaustive-search proof).
fn finishes_formats() -> [Vec<&'static str>; 6] {
    let now = T8_FINISHES.header();
    let mut with_counts = now.clone();
    let after_solvable = now
        .iter()
        .position(|&c| c == glossary::solvable.name)
        .expect("a solvable column")
        + 1;
    with_counts.splice(after_solvable..after_solvable, EMPTY_COUNTS);
    let mut with_exact = with_counts.clone();
    let after_play = with_counts
        .iter()
        .position(|&c| c == glossary::play.name)
        .expect("a play column")
        + 1;
    with_exact.insert(after_play, MIN_MOVES_EXACT);
    [
        OLD_FINISHES.to_vec(),
        with_counts[..12].to_vec(),
        with_counts,
        with_exact,
        now.clone(),
        now.into_iter()
            .filter(|&c| c != glossary::positions_searched.name)
            .collect(),
    ]
}

/// Where a problem table's columns are, in whichever format the file has.
struct ProblemColumns<'a> {
    header: &'a [&'a str],
    passes: usize,
    solvable: usize,
    proof: usize,
    /// Absent when no problem has an exhaustive-search proof.
    searched: Option<usize>,
    play: usize,
    /// The upper bound on the moves: `moves_upper_bound` in the later formats, `moves` in the
    /// first one.
    moves_name: &'static str,
    moves: usize,
    /// The last two formats have the fewest moves.
    has_fewest: bool,
}

impl<'a> ProblemColumns<'a> {
    /// The columns of format `which` of [`finishes_formats`], whose header is `header`.
    fn of(which: usize, header: &'a [&'a str]) -> Self {
        let col = |name: &str| header.iter().position(|h| *h == name).expect("a column of the format");
        let moves_name = if which == 0 { "moves" } else { "moves_upper_bound" };
        ProblemColumns {
            header,
            passes: col("passes_class_test"),
            solvable: col("solvable"),
            proof: col("proof"),
            searched: header.iter().position(|h| *h == "positions_searched"),
            play: col("play"),
            moves_name,
            moves: col(moves_name),
            has_fewest: which >= 2,
        }
    }
}

fn load_problems(t: &Triangle, path: &Path) -> Result<Vec<ProblemRow>> {
    let holes = t.holes();
    let formats = finishes_formats();
    let headers: Vec<&[&str]> = formats.iter().map(Vec::as_slice).collect();
    let (which, rows) = read_rows_of(path, &headers)?;
    let cols = ProblemColumns::of(which, headers[which]);
    ensure!(
        rows.len() == holes * holes,
        "{}: {} rows, expected one per (start, finish): {}",
        path.display(),
        rows.len(),
        holes * holes
    );
    let mut out = Vec::with_capacity(rows.len());
    for (i, r) in rows.iter().enumerate() {
        let line = i + 2;
        let (start, finish): (usize, usize) = (
            number(path, line, "start", &r[0])?,
            number(path, line, "finish", &r[1])?,
        );
        ensure!(
            (start, finish) == (i / holes + 1, i % holes + 1),
            "{}: row {line} is ({start}, {finish}); rows must run through every (start, finish) in order",
            path.display()
        );
        let (s, f) = (start - 1, finish - 1);
        let verdict = load_verdict(t, path, line, r, &cols, (s, f))?;
        let fewest = if cols.has_fewest {
            load_fewest(t, path, line, r, cols.header, &verdict)?
        } else {
            None
        };
        out.push(ProblemRow {
            start: s,
            finish: f,
            verdict,
            fewest,
        });
    }
    Ok(out)
}

/// A row's verdict, re-checked: passes_class_test is what the class test says, and the proof
/// agrees with it and with `solvable` (a play replays from the start to the finish in its moves).
fn load_verdict(
    t: &Triangle,
    path: &Path,
    line: usize,
    r: &csv::StringRecord,
    cols: &ProblemColumns,
    (s, f): (usize, usize),
) -> Result<Verdict> {
    let passes = t.class_test(s, f);
    ensure!(
        r[cols.passes] == *if passes { "true" } else { "false" },
        "{}: row {line}: passes_class_test is {}, the class test says {passes}",
        path.display(),
        &r[cols.passes]
    );
    Ok(match &r[cols.proof] {
        "play" => Verdict::Play(load_play(t, path, line, r, cols, (s, f))?),
        "position class" => {
            ensure!(
                !passes && &r[cols.solvable] == "false",
                "{}: row {line}: a position-class proof needs start and finish in different classes",
                path.display()
            );
            Verdict::PositionClass
        }
        "exhaustive search" => {
            ensure!(
                passes && &r[cols.solvable] == "false",
                "{}: row {line}: an exhaustion proof is only for problems passing the class test",
                path.display()
            );
            Verdict::Exhausted {
                positions: number(path, line, "positions_searched", cols.searched.map_or("", |i| &r[i]))?,
            }
        }
        other => bail!("{}: row {line}: unknown proof {other:?}", path.display()),
    })
}

/// A row's play, re-checked: it replays from the start to one peg on the finish in the moves the
/// row lists, and the row says solvable.
fn load_play(
    t: &Triangle,
    path: &Path,
    line: usize,
    r: &csv::StringRecord,
    cols: &ProblemColumns,
    (s, f): (usize, usize),
) -> Result<Vec<Jump>> {
    let (start, finish) = (s + 1, f + 1);
    let moves_name = cols.moves_name;
    let play = parse_play(t, &r[cols.play]).with_context(|| format!("{}: row {line}", path.display()))?;
    let replayed = super::replay(t, t.start(s), &play);
    let Some((end, moves)) = replayed else {
        bail!(
            "{}: row {line}: the play does not replay from start {start} to one peg",
            path.display()
        )
    };
    ensure!(
        end == f,
        "{}: row {line}: the play ends on hole {}, not {finish}",
        path.display(),
        end + 1
    );
    let listed: u32 = number(path, line, moves_name, &r[cols.moves])?;
    ensure!(
        listed == moves,
        "{}: row {line}: {moves_name} says {listed}, the play has {moves}",
        path.display()
    );
    ensure!(
        &r[cols.solvable] == "true",
        "{}: row {line}: a row with a play must be solvable",
        path.display()
    );
    Ok(play)
}

/// A row's fewest moves, re-checked: the proof cell parses, the lower bound is the one it states
/// (or, when the balls met, the minimum, at most their reach), an exact minimum has its optimal
/// play, which replays from the start to the finish in exactly that many moves, and no bound
/// exceeds the play found. The meeting itself (a long search) is what the run that wrote the
/// file computed; the tests re-run the method on sides 4 to 7.
fn load_fewest(
    t: &Triangle,
    path: &Path,
    line: usize,
    r: &csv::StringRecord,
    header: &[&str],
    verdict: &Verdict,
) -> Result<Option<MinMoves>> {
    let col = |name: &str| header.iter().position(|h| *h == name).expect("a column of the format");
    let (min, optimal, lower, proof) = (
        &r[col("min_moves")],
        &r[col("optimal_play")],
        &r[col("min_moves_lower_bound")],
        &r[col("min_moves_proof")],
    );
    // `min_moves_exact` (the last format) repeats `min_moves` where the minimum is proven.
    let exact = header.iter().position(|h| *h == MIN_MOVES_EXACT).map_or(min, |c| &r[c]);
    ensure!(
        exact == min,
        "{}: row {line}: min_moves_exact {exact:?} and min_moves {min:?} differ",
        path.display()
    );
    let Verdict::Play(held) = verdict else {
        ensure!(
            min.is_empty() && optimal.is_empty() && lower.is_empty() && proof.is_empty(),
            "{}: row {line}: an unsolvable problem has no fewest moves",
            path.display()
        );
        return Ok(None);
    };
    if proof.is_empty() {
        ensure!(
            min.is_empty() && optimal.is_empty() && lower.is_empty(),
            "{}: row {line}: fewest moves without a proof",
            path.display()
        );
        return Ok(None);
    }
    let Some((radii, met, stated)) = MinMoves::parse_proof(proof) else {
        bail!("{}: row {line}: unknown min_moves_proof {proof:?}", path.display())
    };
    let lower: u32 = number(path, line, "min_moves_lower_bound", lower)?;
    let upper = crate::puzzles::peg::moves_of(held).len() as u32;
    ensure!(
        lower <= upper,
        "{}: row {line}: min_moves_lower_bound {lower} exceeds the play's {upper} moves",
        path.display()
    );
    if min.is_empty() {
        ensure!(
            !met && stated == Some(radii.reach() + 1) && lower == radii.reach() + 1 && optimal.is_empty(),
            "{}: row {line}: the proof {proof:?} does not give min_moves_lower_bound {lower}",
            path.display()
        );
        return Ok(Some(MinMoves::AtLeast { radii }));
    }
    let moves: u32 = number(path, line, "min_moves", min)?;
    ensure!(
        moves == lower,
        "{}: row {line}: min_moves {moves} and min_moves_lower_bound {lower} differ",
        path.display()
    );
    let bound_ok = if met {
        stated.is_none() && moves <= radii.reach()
    } else {
        stated == Some(moves) && moves == radii.reach() + 1
    };
    ensure!(
        bound_ok,
        "{}: row {line}: the proof {proof:?} does not give min_moves {moves}",
        path.display()
    );
    let play = parse_play(t, optimal).with_context(|| format!("{}: row {line}, optimal_play", path.display()))?;
    let start = r[0].parse::<usize>().expect("checked") - 1;
    let finish = r[1].parse::<usize>().expect("checked") - 1;
    ensure!(
        super::replay(t, t.start(start), &play) == Some((finish, moves)),
        "{}: row {line}: optimal_play does not go from start to finish in {moves} moves",
        path.display()
    );
    Ok(Some(MinMoves::Exact {
        moves,
        play,
        radii,
        met,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn committed() -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("data/peg/T8")
    }

    /// A copy of the committed side-8 tables with `edit` applied to one file's text.
    fn tampered(file: &str, edit: impl Fn(&str) -> String) -> tempdir::Dir {
        let dir = tempdir::Dir::new(file);
        for f in ["levels.csv", "finishes.csv", "symmetry.csv"] {
            let text = std::fs::read_to_string(committed().join(f)).unwrap();
            std::fs::write(dir.0.join(f), if f == file { edit(&text) } else { text }).unwrap();
        }
        dir
    }

    mod tempdir {
        pub struct Dir(pub std::path::PathBuf);
        impl Dir {
            pub fn new(tag: &str) -> Dir {
                use std::sync::atomic::{AtomicUsize, Ordering};
                static N: AtomicUsize = AtomicUsize::new(0);
                let p = std::env::temp_dir().join(format!(
                    "statespace-saved-{}-{}-{}",
                    std::process::id(),
                    N.fetch_add(1, Ordering::Relaxed),
                    tag.replace('.', "_")
                ));
                std::fs::create_dir_all(&p).unwrap();
                Dir(p)
            }
        }
        impl Drop for Dir {
            fn drop(&mut self) {
                let _ = std::fs::remove_dir_all(&self.0);
            }
        }
    }

    #[test]
    fn the_committed_side_8_tables_load_and_recheck() {
        let s = load(8, &committed()).unwrap();
        let p = s.problems.as_ref().unwrap();
        assert_eq!(p.len(), 36 * 36);
        // Every problem passing the class test has a replayed play: A130515's 80 classes, all solvable.
        let t = Triangle::new(8).unwrap();
        assert_eq!(
            p.iter().filter(|r| r.solvable()).count(),
            p.iter().filter(|r| t.class_test(r.start, r.finish)).count()
        );
        assert_eq!(s.levels.len(), 35);
        assert_eq!(s.levels[0].pegs, 35);
        let sym = s.symmetry.as_ref().expect("symmetry.csv is committed");
        assert_eq!(
            sym.iter().map(|r| (r.pegs, r.reachable)).collect::<Vec<_>>(),
            s.levels.iter().map(|l| (l.pegs, l.reachable)).collect::<Vec<_>>()
        );
        // Single pegs reachable = holes that finish some solvable problem.
        let finishes: std::collections::BTreeSet<usize> = p.iter().filter(|r| r.solvable()).map(|r| r.finish).collect();
        assert_eq!(s.levels.last().unwrap().reachable, finishes.len() as u64);
    }

    /// Tables written before issue 20 (side 8's own problem columns, `reachable`/`winnable`/`dead`
    /// in the level tables) still load, to the same study.
    #[test]
    fn the_format_before_issue_20_still_loads() {
        let dir = tempdir::Dir::new("old-format");
        let read = |f: &str| std::fs::read_to_string(committed().join(f)).unwrap();
        let text = read("finishes.csv");
        let mut rdr = csv::Reader::from_reader(text.as_bytes());
        let header: Vec<String> = rdr.headers().unwrap().iter().map(String::from).collect();
        // The old columns under today's names (`moves` is today's `moves_upper_bound`).
        let kept = OLD_FINISHES.map(|c| match c {
            "moves" => "moves_upper_bound",
            c => c,
        });
        // positions_searched is left out when empty on every row.
        let at = kept.map(|c| header.iter().position(|h| h == c));
        let mut old = OLD_FINISHES.join(",") + "\n";
        for r in rdr.records() {
            let r = r.unwrap();
            old += &(at.iter().map(|i| i.map_or("", |i| &r[i])).collect::<Vec<_>>().join(",") + "\n");
        }
        std::fs::write(dir.0.join("finishes.csv"), old).unwrap();
        std::fs::write(
            dir.0.join("levels.csv"),
            read("levels.csv").replacen(
                "pegs,reachable_positions,winnable_positions,dead_positions",
                "pegs,reachable,winnable,dead",
                1,
            ),
        )
        .unwrap();
        std::fs::write(
            dir.0.join("symmetry.csv"),
            read("symmetry.csv").replacen("pegs,reachable_positions,", "pegs,reachable,", 1),
        )
        .unwrap();
        let (a, mut b) = (load(8, &dir.0).unwrap(), load(8, &committed()).unwrap());
        // The old format has no fewest moves (issue 23's columns): the rest must agree.
        for p in b.problems.iter_mut().flatten() {
            p.fewest = None;
        }
        assert_eq!((a.levels, a.symmetry, a.problems), (b.levels, b.symmetry, b.problems));
    }

    /// `finishes.csv` with the row (start, finish) changed by `edit` (fields by column name).
    fn edit_row(
        text: &str,
        start: &str,
        finish: &str,
        edit: impl Fn(&mut std::collections::HashMap<String, String>),
    ) -> String {
        let mut rdr = csv::Reader::from_reader(text.as_bytes());
        let header: Vec<String> = rdr.headers().unwrap().iter().map(String::from).collect();
        let mut w = csv::Writer::from_writer(Vec::new());
        w.write_record(&header).unwrap();
        for r in rdr.records() {
            let r = r.unwrap();
            let mut fields: std::collections::HashMap<String, String> =
                header.iter().cloned().zip(r.iter().map(String::from)).collect();
            if (&r[0], &r[1]) == (start, finish) {
                edit(&mut fields);
            }
            w.write_record(header.iter().map(|h| fields[h].clone())).unwrap();
        }
        String::from_utf8(w.into_inner().unwrap()).unwrap()
    }

    /// `finishes.csv` in the format of issues 23 to 36: [`MIN_MOVES_EXACT`] after `play`, repeating
    /// `min_moves` (unchanged when the text already has it).
    fn with_exact_column(text: &str) -> String {
        let mut rdr = csv::Reader::from_reader(text.as_bytes());
        let header: Vec<String> = rdr.headers().unwrap().iter().map(String::from).collect();
        if header.iter().any(|h| h == MIN_MOVES_EXACT) {
            return text.to_string();
        }
        // That format's columns, each filled from today's by name (the empty count columns and
        // positions_searched stay empty; min_moves_exact repeats min_moves).
        let format = finishes_formats()[3].clone();
        let source = |c: &str| {
            let c = if c == MIN_MOVES_EXACT { "min_moves" } else { c };
            header.iter().position(|h| h == c)
        };
        let at: Vec<Option<usize>> = format.iter().map(|c| source(c)).collect();
        let mut w = csv::Writer::from_writer(Vec::new());
        w.write_record(&format).unwrap();
        for r in rdr.records() {
            let r = r.unwrap();
            w.write_record(at.iter().map(|i| i.map_or("", |i| &r[i]))).unwrap();
        }
        String::from_utf8(w.into_inner().unwrap()).unwrap()
    }

    /// Tables with `min_moves_exact` (issues 23 to 36, the same values as `min_moves`) still load,
    /// to the same study; today's tables do not have that column twice under two names.
    #[test]
    fn the_format_with_min_moves_exact_still_loads() {
        let dir = tampered("finishes.csv", with_exact_column);
        let (a, b) = (load(8, &dir.0).unwrap(), load(8, &committed()).unwrap());
        assert_eq!((a.levels, a.problems), (b.levels, b.problems));
        assert!(!T8_FINISHES.header().contains(&MIN_MOVES_EXACT));
    }

    /// `finishes.csv` with one exact row weakened to a true bound only, as a table with open
    /// problems holds them (the committed one has none left): the first row whose play is longer
    /// than its minimum m, and ends in a move of two jumps or more (for [`cut_last_jump`]), keeps
    /// its play and is bounded by m, with balls reaching m - 1 moves.
    fn weakened(text: &str) -> String {
        let mut rdr = csv::Reader::from_reader(text.as_bytes());
        let header: Vec<String> = rdr.headers().unwrap().iter().map(String::from).collect();
        let col = |n: &str| header.iter().position(|h| h == n).unwrap();
        let row = rdr
            .records()
            .map(|r| r.unwrap())
            .find(|r| {
                let longer = r[col("min_moves")]
                    .trim_end_matches(".0")
                    .parse::<u32>()
                    .is_ok_and(|m| {
                        r[col("moves_upper_bound")]
                            .trim_end_matches(".0")
                            .parse::<u32>()
                            .unwrap()
                            > m
                    });
                longer
                    && r[col("play")]
                        .rsplit(" | ")
                        .next()
                        .is_some_and(|last| last.matches('-').count() >= 2)
            })
            .expect("an exact row whose play is longer than its minimum");
        let m: u32 = row[col("min_moves")].trim_end_matches(".0").parse().unwrap();
        edit_row(text, &row[0], &row[1], |f| {
            for c in ["min_moves", "optimal_play", "min_moves_exact"] {
                f.insert(c.into(), String::new());
            }
            f.insert("min_moves_lower_bound".into(), m.to_string());
            f.insert(
                "min_moves_proof".into(),
                format!(
                    "balls of {} moves out of the start and 3 into the finish do not meet: at least {m}",
                    m - 4
                ),
            );
        })
    }

    #[test]
    fn a_row_weakened_to_a_true_bound_is_accepted() {
        let dir = tampered("finishes.csv", weakened);
        let study = load(8, &dir.0).unwrap();
        let open = study
            .problems
            .unwrap()
            .iter()
            .filter(|p| p.fewest.as_ref().is_some_and(|m| m.exact().is_none()))
            .count();
        assert_eq!(open, 1);
    }

    /// The exactness of a minimum rests on its bound: a row made exact by a bound its balls do not
    /// give (one more than F + B, raised to the play's moves), or whose min_moves_exact disagrees
    /// with min_moves, is refused.
    #[test]
    fn an_exact_minimum_with_a_tampered_bound_is_refused() {
        let text = weakened(&std::fs::read_to_string(committed().join("finishes.csv")).unwrap());
        let mut rdr = csv::Reader::from_reader(text.as_bytes());
        let header: Vec<String> = rdr.headers().unwrap().iter().map(String::from).collect();
        let col = |n: &str| header.iter().position(|h| h == n).unwrap();
        let rows: Vec<csv::StringRecord> = rdr.records().map(|r| r.unwrap()).collect();
        // A problem with a bound only, whose play is one move longer than the bound.
        let open = rows
            .iter()
            .find(|r| r[col("min_moves")].is_empty() && !r[col("min_moves_lower_bound")].is_empty())
            .expect("a problem with a bound only");
        let upper = open[col("moves_upper_bound")].trim_end_matches(".0").to_string();
        let (radii, _, _) = MinMoves::parse_proof(&open[col("min_moves_proof")]).unwrap();
        let claimed = edit_row(&text, &open[0], &open[1], |f| {
            let play = f["play"].clone();
            f.insert("min_moves".into(), upper.clone());
            f.insert("min_moves_exact".into(), upper.clone());
            f.insert("optimal_play".into(), play);
            f.insert("min_moves_lower_bound".into(), upper.clone());
            f.insert(
                "min_moves_proof".into(),
                format!(
                    "balls of {} moves out of the start and {} into the finish do \
                not meet: at least {upper}, the play attains it",
                    radii.forward, radii.backward
                ),
            );
        });
        // The same edit with the true bound is accepted only if the play meets it: here it does not.
        assert_ne!(upper.trim_end_matches(".0").parse::<u32>().unwrap(), radii.reach() + 1);
        let dir = tampered("finishes.csv", |_| claimed.clone());
        let err = format!(
            "{:#}",
            load(8, &dir.0).expect_err("an exact minimum beyond the proven bound was accepted")
        );
        assert!(err.contains("does not give min_moves"), "{err}");
        // In the format that had it, a min_moves_exact that min_moves does not have (one more than
        // it, or a value where it is empty).
        let changed = edit_row(&with_exact_column(&text), &open[0], &open[1], |f| {
            let m = f["min_moves"]
                .trim_end_matches(".0")
                .parse::<u32>()
                .map_or(upper.clone(), |m| (m + 1).to_string());
            f.insert("min_moves_exact".into(), m);
        });
        let dir = tampered("finishes.csv", |_| changed.clone());
        let err = format!(
            "{:#}",
            load(8, &dir.0).expect_err("a changed min_moves_exact was accepted")
        );
        assert!(err.contains("min_moves_exact"), "{err}");
    }

    /// A solvable row of `finishes.csv` with a lower bound only (its proof has no comma).
    fn bounded_only(line: &str) -> bool {
        let fields: Vec<&str> = line.split(',').collect();
        fields[3] == "true" && fields[4].is_empty() && !fields[fields.len() - 1].is_empty()
    }

    /// `finishes.csv` with the last jump of one play dropped: the play in `column` (8: play, 5:
    /// optimal_play) of the first solvable row that is exact or not as asked and whose last move
    /// has two jumps or more.
    fn cut_last_jump(text: &str, column: usize, exact: bool) -> String {
        let cut = |l: &str| {
            let fields: Vec<&str> = l.split(',').collect();
            let (kept, _) = fields.get(column)?.rsplit_once('-')?;
            let wanted = fields[3] == "true" && fields[4].is_empty() != exact;
            (wanted && kept.rsplit(" | ").next()?.contains('-')).then(|| {
                let mut edited = fields.clone();
                edited[column] = kept;
                edited.join(",")
            })
        };
        let (row, edited) = text
            .lines()
            .find_map(|l| cut(l).map(|e| (l, e)))
            .expect("a row to edit");
        text.replacen(row, &edited, 1)
    }

    #[test]
    fn tampered_tables_are_refused_with_the_row() {
        /// (file, how it is edited, what the refusal must say).
        type Case = (&'static str, Box<dyn Fn(&str) -> String>, &'static str);
        let cases: Vec<Case> = vec![
            // A play whose last move lands elsewhere (its last jump dropped), in a row that is not
            // exact (no optimal_play).
            (
                "finishes.csv",
                Box::new(|t: &str| cut_last_jump(&weakened(t), 8, false)),
                "does not replay",
            ),
            // An exact minimum's optimal play cut short.
            (
                "finishes.csv",
                Box::new(|t: &str| cut_last_jump(t, 5, true)),
                "optimal_play does not go from start to finish",
            ),
            // A class verdict flipped.
            (
                "finishes.csv",
                Box::new(|t: &str| {
                    t.replacen("1,2,false,false,,,position class", "1,2,true,false,,,position class", 1)
                }),
                "class test",
            ),
            // A move count that the play does not have.
            (
                "finishes.csv",
                Box::new(|t: &str| {
                    let row = t
                        .lines()
                        .find(|l| l.split(',').nth(7) == Some("14.0"))
                        .expect("a play of 14 moves");
                    let mut fields: Vec<&str> = row.split(',').collect();
                    fields[7] = "13";
                    t.replacen(row, &fields.join(","), 1)
                }),
                "moves_upper_bound says 13",
            ),
            // A missing row.
            (
                "finishes.csv",
                Box::new(|t: &str| {
                    t.lines()
                        .filter(|l| !l.starts_with("1,3,"))
                        .collect::<Vec<_>>()
                        .join("\n")
                }),
                "rows",
            ),
            // A lower bound its proof does not give (balls reaching F + B moves prove F + B + 1).
            (
                "finishes.csv",
                Box::new(|t: &str| {
                    let t = weakened(t);
                    let row = t.lines().find(|l| bounded_only(l)).unwrap();
                    let (head, proof) = row.rsplit_once(',').unwrap();
                    let (head, lower) = head.rsplit_once(',').unwrap();
                    t.replacen(
                        row,
                        &format!(
                            "{head},{},{proof}",
                            lower.trim_end_matches(".0").parse::<u32>().unwrap() + 1
                        ),
                        1,
                    )
                }),
                "does not give min_moves",
            ),
            // A proof of another method.
            (
                "finishes.csv",
                Box::new(|t: &str| {
                    let t = weakened(t);
                    let row = t.lines().find(|l| bounded_only(l)).unwrap();
                    let (head, _) = row.rsplit_once(',').unwrap();
                    t.replacen(row, &format!("{head},Bell said so"), 1)
                }),
                "unknown min_moves_proof",
            ),
            // An unknown proof.
            (
                "finishes.csv",
                Box::new(|t: &str| t.replacen("1,2,false,false,,,position class", "1,2,false,false,,,trust me", 1)),
                "unknown proof",
            ),
            // Winnable counts no longer symmetric.
            (
                "levels.csv",
                Box::new(|t: &str| t.replacen("2,432,81,351", "2,432,80,352", 1)),
                "winnable counts",
            ),
            // dead != reachable - winnable.
            (
                "levels.csv",
                Box::new(|t: &str| t.replacen("2,432,81,351", "2,432,81,350", 1)),
                "dead",
            ),
            // A row past the last peg count.
            ("levels.csv", Box::new(|t: &str| format!("{t}36,1,1,0\n")), "36 pegs"),
            // A wrong header.
            (
                "levels.csv",
                Box::new(|t: &str| t.replacen("pegs,reachable_positions", "pegs,reached", 1)),
                "columns",
            ),
            // An orbit count that Burnside's lemma does not give.
            (
                "symmetry.csv",
                Box::new(|t: &str| t.replacen("\n1,36,8,0,4\n", "\n1,36,9,0,4\n", 1)),
                "Burnside",
            ),
            // A reachable count that is not levels.csv's.
            (
                "symmetry.csv",
                Box::new(|t: &str| t.replacen("\n1,36,8,0,4\n", "\n1,30,7,0,4\n", 1)),
                "does not match levels.csv",
            ),
            // A missing level.
            (
                "symmetry.csv",
                Box::new(|t: &str| t.replacen("\n1,36,8,0,4\n", "\n", 1)),
                "one per level",
            ),
        ];
        for (file, edit, want) in cases {
            let dir = tampered(file, &edit);
            let before = std::fs::read_to_string(committed().join(file)).unwrap();
            assert_ne!(edit(&before), before, "the edit for {want:?} changed nothing");
            let err = format!(
                "{:#}",
                load(8, &dir.0)
                    .err()
                    .unwrap_or_else(|| panic!("tampering ({want}) was accepted"))
            );
            assert!(err.contains(want), "{err}");
            assert!(!err.contains('\n'), "one line: {err}");
        }
    }
}
