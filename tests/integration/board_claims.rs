//! The English and French boards' published record (issue 38, item 3): every claim the board study
//! makes from the published figures quotes its source's exact words, found in the file
//! `source_files` names for it; each source is spelled one way; Bergholt's 18 moves replay on our
//! English board; and the evidence of each claim names only columns the board study writes.

use crate::common::normalise;
use statespace::puzzles::board::Board;
use statespace::studies::claim::{source_files, Claim, Verdict};
use statespace::studies::peg::LevelRow;
use statespace::studies::peg_board::claims::{self, claims, BoardValues};
use statespace::studies::peg_board::game::{Game, GameLevel};
use statespace::studies::peg_board::problems::BoardProblem;
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The central game as OEIS A112737/A112738 and Durango Bill publish it.
fn published_game() -> Game {
    let levels = crate::common::oracle("peg_boards/english_central_levels.csv")
        .iter()
        .map(|r| {
            let n = |c: &str| r[c].parse::<u64>().unwrap();
            GameLevel {
                jumps: n("jumps") as usize,
                pegs: 32 - n("jumps") as usize,
                reachable: 0,
                reachable_orbits: n("positions_up_to_symmetry"),
                winnable: 0,
                winnable_orbits: 0,
                winnable_to_start: 0,
                winnable_to_start_orbits: n("winnable_to_centre_up_to_symmetry"),
                dead_ends: 0,
            }
        })
        .collect();
    let totals = crate::common::oracle("peg_boards/english_central_totals.csv");
    let total = |q: &str| {
        totals.iter().find(|r| r["quantity"] == q).unwrap()["value"]
            .parse::<u128>()
            .unwrap()
    };
    Game {
        start: 16,
        stabiliser: 8,
        levels,
        complete_games: total("complete_games"),
        winning_games: vec![(16, total("winning_games_to_centre"))],
        shortest_dead_end: Some(total("shortest_dead_end_jumps") as usize),
        fewest: Vec::new(),
    }
}

fn problem(start: usize, finish: usize, solvable: bool, min_moves: Option<u32>) -> BoardProblem {
    BoardProblem {
        start,
        finish,
        class_allows: true,
        solvable,
        min_moves,
        min_moves_lower_bound: min_moves,
        min_moves_upper_bound: min_moves,
        play: Vec::new(),
    }
}

/// Every claim the English and French boards make when our values equal the published ones.
fn all_claims() -> Vec<Claim> {
    let english = Board::named("english").unwrap();
    let european = Board::named("european").unwrap();
    let game = published_game();
    let levels = [LevelRow {
        pegs: 1,
        reachable: 33,
        winnable: 33,
    }];
    let mut out = claims(BoardValues {
        board: &english,
        game: Some(&game),
        levels: &levels,
        problems: &[problem(16, 16, true, Some(18))],
    });
    let french: Vec<BoardProblem> = (0..european.holes()).map(|f| problem(18, f, false, None)).collect();
    out.extend(claims(BoardValues {
        board: &european,
        game: None,
        levels: &[],
        problems: &french,
    }));
    out
}

#[test]
fn every_board_claim_quotes_its_source_verbatim() {
    let mut failures = Vec::new();
    let sourced: Vec<Claim> = all_claims().into_iter().filter(|c| c.source != "new").collect();
    assert!(sourced.len() >= 8, "only {} sourced board claims", sourced.len());
    for c in &sourced {
        let Some(files) = source_files(&c.source) else {
            failures.push(format!(
                "{}: source {:?} has no files (src/output/claim.rs)",
                c.id, c.source
            ));
            continue;
        };
        let found = files.iter().any(|f| {
            let text = std::fs::read_to_string(root().join(f)).unwrap_or_else(|e| panic!("{f}: {e}"));
            normalise(&text).contains(&normalise(&c.quote))
        });
        if c.quote.is_empty() || !found {
            failures.push(format!("{}: quote {:?} not in {files:?}", c.id, c.quote));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_published_figures_confirm_every_board_claim() {
    for c in all_claims().iter().filter(|c| c.source != "new") {
        assert_eq!(
            c.verdict,
            Verdict::Confirmed,
            "{}: {} vs {}",
            c.id,
            c.published,
            c.computed
        );
    }
}

#[test]
fn each_board_source_is_spelled_once() {
    let spellings = [
        claims::OEIS_A112737,
        claims::OEIS_A112738,
        claims::DURANGO_BILL,
        claims::BERGHOLT,
        claims::BELL_FRENCH,
        claims::DURANGO_BILL_37,
        claims::PODDAR,
    ];
    for c in all_claims().iter().filter(|c| c.source != "new") {
        assert!(spellings.contains(&c.source.as_str()), "{}: {}", c.id, c.source);
    }
}

#[test]
fn bergholts_18_moves_replay_on_the_english_board() {
    let english = Board::named("english").unwrap();
    let moves = claims::bergholt_moves(&english).unwrap();
    assert_eq!(moves.len(), 18);
    assert_eq!(claims::replay(&english, 16, &moves), Ok(1 << 16));
    // Every move is a chain of jumps: 31 jumps in all.
    assert_eq!(moves.iter().map(|m| m.len() - 1).sum::<usize>(), 31);
}

#[test]
fn board_evidence_names_columns_the_study_writes() {
    use statespace::studies::peg_board::tables::{BOARD_FINISHES, BOARD_LEVELS, GAME, GAME_SUMMARY, PROBLEMS};
    // The columns of every file the board study writes, as their schemas declare them.
    let schemas = [&GAME, &GAME_SUMMARY, &BOARD_FINISHES, &BOARD_LEVELS, &PROBLEMS];
    let mut known: Vec<String> = schemas
        .iter()
        .flat_map(|schema| schema.header())
        .map(String::from)
        .collect();
    // The files' own names (`game_summary.csv`), which evidence strings name too.
    known.extend(schemas.iter().map(|schema| {
        let file = schema.pattern.rsplit('/').next().unwrap();
        file.trim_end_matches(".csv").to_string()
    }));
    for c in all_claims() {
        let words = c.evidence.split(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '_'));
        for word in words.filter(|w| w.contains('_')) {
            assert!(
                known.iter().any(|k| k == word),
                "{}: {word:?} is not a column the board study writes",
                c.id
            );
        }
    }
}
