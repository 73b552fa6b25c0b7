//! The published record of the English 33-hole and French 37-hole boards as claims: OEIS A112737
//! and A112738 (the central game's positions per jump), Durango Bill's counts of complete and
//! winning games and his shortest dead end, Bergholt's 18-move solution (minimal by Beasley's
//! proof; here proven by search), George Bell's statement that the French board's central game
//! cannot end with one peg, and what nobody published (the problems table, fewest moves, the
//! union) as new results. Every claim is a function of the study's values (`game::Game`, the
//! union's levels, the problems table): nothing here is typed in but the sources' words, read
//! from `tests/data`.

use super::game::Game;
use super::problems::BoardProblem;
use crate::output::chart::group_thousands as thousands;
use crate::output::published::Published;
use crate::puzzles::board::Board;
use crate::studies::claim::{Claim, Verdict};
use crate::studies::peg::LevelRow;

const FAMILY: &str = "peg";

/// The spelling of each source (one per source: `src/output/claim.rs` maps each prefix to the
/// files that hold its words).
pub const OEIS_A112737: &str = "OEIS A112737";
pub const OEIS_A112738: &str = "OEIS A112738";
pub const DURANGO_BILL: &str = "Durango Bill, 33 Hole Peg Solitaire";
pub const BERGHOLT: &str = "David Darling, Encyclopedia of Science, peg solitaire (Bergholt 1912, Beasley 1964)";
pub const BELL_FRENCH: &str = "George Bell, French 37-hole Board Example";
pub const DURANGO_BILL_37: &str = "Durango Bill, 37-Hole Peg Solitaire";
pub const PODDAR: &str = "Pratik Poddar, European Peg Solitaire Solvability (the proof by Pritish Kamath)";

const LEVELS: &str = include_str!("../../../tests/data/peg_boards/english_central_levels.csv");
const TOTALS: &str = include_str!("../../../tests/data/peg_boards/english_central_totals.csv");
const BERGHOLT_MOVES: &str = include_str!("../../../tests/data/peg_boards/bergholt_18.csv");

/// What a board study found: the board, the central game (when it was played), the union's levels
/// and the (start, finish) problems (either may be empty when not computed).
#[derive(Clone, Copy)]
pub struct BoardValues<'a> {
    pub board: &'a Board,
    pub game: Option<&'a Game>,
    pub levels: &'a [LevelRow],
    pub problems: &'a [BoardProblem],
}

/// Every claim about the board: the published figures for the English and French boards, and the
/// new results for any board.
pub fn claims(v: BoardValues<'_>) -> Vec<Claim> {
    let mut out = match v.board.name() {
        "english" => english_claims(v),
        "european" => european_claims(v),
        _ => Vec::new(),
    };
    out.extend(new_claims(v));
    out
}

/// The cell every symmetry fixes (the centre), if there is one.
fn centre(board: &Board) -> Option<usize> {
    board.hole_orbits().into_iter().find(|o| o.len() == 1).map(|o| o[0])
}

/// The central game, when the game played is the one from the centre.
fn central_game<'a>(v: &BoardValues<'a>) -> Option<&'a Game> {
    v.game.filter(|g| Some(g.start) == centre(v.board))
}

fn english_claims(v: BoardValues<'_>) -> Vec<Claim> {
    let mut out = Vec::new();
    if let Some(g) = central_game(&v) {
        out.extend(oeis_claims(v.board, g));
        out.extend(durango_claims(v.board, g));
    }
    out.extend(bergholt_claim(v));
    out
}

/// A column of the game table (per jumps) as OEIS prints a sequence, "a(0), a(1), ...", over the
/// published terms' offsets (a level the search never reached is 0).
fn per_jump(g: &Game, jumps: &[usize], column: impl Fn(&super::game::GameLevel) -> u64) -> String {
    jumps
        .iter()
        .map(|&j| g.levels.iter().find(|l| l.jumps == j).map_or(0, &column).to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// OEIS A112737 and A112738 (positions per jump up to symmetry, and those that can still finish
/// in the centre) and A112737's sum, beside the central game's levels.
fn oeis_claims(board: &Board, g: &Game) -> Vec<Claim> {
    let oracle = Published::parse(LEVELS);
    let rows: Vec<_> = oracle.rows().collect();
    let jumps: Vec<usize> = rows.iter().map(|r| r("jumps").parse().expect("jumps")).collect();
    let published = |c: &str| rows.iter().map(|r| r(c)).collect::<Vec<_>>().join(", ");
    let game_csv = format!("data/peg/{}/game.csv", board.name());
    let ours_total: u64 = g.levels.iter().map(|l| l.reachable_orbits).sum();
    let published_total: u64 = total("positions_up_to_symmetry").parse().expect("total");
    vec![
        Claim::compare(
            FAMILY,
            "peg.english.oeis_a112737",
            OEIS_A112737,
            "The central game on the English board: distinct positions (up to the board's 8 symmetries) after n \
            jumps, n = 0 to 32",
            published("positions_up_to_symmetry"),
            per_jump(g, &jumps, |l| l.reachable_orbits),
            &format!("{game_csv}, column reachable_orbits (the start's stabiliser is the whole group of 8)"),
        )
        .quoted(
            "On the standard 33-hole cross-shaped peg solitaire board, the number of distinct board positions \
            after n jumps (starting with the center vacant).",
        ),
        Claim::compare(
            FAMILY,
            "peg.english.oeis_a112738",
            OEIS_A112738,
            "The central game on the English board: distinct positions after n jumps that can still be reduced \
            to one peg at the centre, n = 0 to 32",
            published("winnable_to_centre_up_to_symmetry"),
            per_jump(g, &jumps, |l| l.winnable_to_start_orbits),
            &format!("{game_csv}, column winnable_to_start_hole_orbits"),
        )
        .quoted(
            "the number of distinct board positions after n jumps that can still be reduced to one peg at the \
            center (starting with the center vacant).",
        ),
        Claim::compare(
            FAMILY,
            "peg.english.oeis_a112737_total",
            OEIS_A112737,
            "The central game on the English board: distinct positions reachable from the centre vacancy (up to \
            symmetry), all levels together",
            published_total,
            ours_total,
            &format!("{game_csv}, column reachable_orbits (summed)"),
        )
        .quoted("The sum of this (finite) sequence is 23475688"),
    ]
}

/// A value of `english_central_totals.csv` by quantity.
fn total(quantity: &str) -> String {
    Published::parse(TOTALS)
        .rows()
        .find(|r| r("quantity") == quantity)
        .map(|r| r("value"))
        .unwrap_or_else(|| panic!("english_central_totals.csv has no {quantity}"))
}

/// Durango Bill: complete games, winning games (the last peg in the centre) and the shortest game
/// that ends with no jump left.
fn durango_claims(board: &Board, g: &Game) -> Vec<Claim> {
    let summary = format!("data/peg/{}/game_summary.csv", board.name());
    let finishes = format!("data/peg/{}/finishes.csv", board.name());
    let number = |q: &str| -> u128 { total(q).parse().expect("a count") };
    let shortest = total("shortest_dead_end_jumps");
    vec![
        Claim::compare(
            FAMILY,
            "peg.english.complete_games",
            DURANGO_BILL,
            "The central game on the English board: jump sequences from the centre vacancy to a position with no \
            jump left (complete games)",
            thousands(number("complete_games")),
            thousands(g.complete_games),
            &format!("{summary}, column complete_games_text"),
        )
        .quoted("First, there are 577,116,156,815,309,849,672 different game sequences."),
        Claim::compare(
            FAMILY,
            "peg.english.winning_games",
            DURANGO_BILL,
            "The central game on the English board: jump sequences that leave the last peg in the centre \
            (solutions; a win is one peg in the centre hole)",
            thousands(number("winning_games_to_centre")),
            thousands(g.winning_to_start()),
            &format!(
                "{finishes}, column winning_sequences_text, row finish = {} (the centre)",
                g.start + 1
            ),
        )
        .quoted("From this total, the number of solutions is 40,861,647,040,079,968."),
        Claim::compare(
            FAMILY,
            "peg.english.shortest_dead_end",
            DURANGO_BILL,
            "The central game on the English board: the shortest game that ends with no jump left (and more than \
            one peg) takes this many jumps",
            &shortest,
            g.shortest_dead_end.map_or("none".to_string(), |d| d.to_string()),
            &format!("{summary}, column shortest_dead_end_jumps"),
        )
        .quoted(&format!("shortest_dead_end_jumps,{shortest}")),
    ]
}

/// Bergholt's moves from `bergholt_18.csv`, each the cells a peg visits (0-based), read on the
/// board's 7 x 7 grid (two digits: column, then row, from 1).
pub fn bergholt_moves(board: &Board) -> Result<Vec<Vec<usize>>, String> {
    Published::parse(BERGHOLT_MOVES)
        .rows()
        .map(|r| {
            r("holes")
                .split('-')
                .map(|h| {
                    let d: Vec<i32> = h.chars().filter_map(|c| c.to_digit(10)).map(|d| d as i32).collect();
                    match d[..] {
                        [col, row] => board.cell_at((row - 1, col - 1)).ok_or(format!("{h} is not a hole")),
                        _ => Err(format!("{h} is not two digits")),
                    }
                })
                .collect()
        })
        .collect()
}

/// Plays `moves` (each a chain of jumps by one peg) from the vacancy `start`: the pegs left, or
/// the first move that is not a chain of legal jumps.
pub fn replay(board: &Board, start: usize, moves: &[Vec<usize>]) -> Result<u64, String> {
    let mut pegs = board.start(start);
    for (m, chain) in moves.iter().enumerate() {
        for hop in chain.windows(2) {
            let jump = board
                .jumps()
                .iter()
                .find(|j| j.from as usize == hop[0] && j.to as usize == hop[1]);
            let Some(j) = jump else {
                return Err(format!(
                    "move {}: no jump from hole {} to hole {}",
                    m + 1,
                    hop[0] + 1,
                    hop[1] + 1
                ));
            };
            if pegs >> j.from & 1 == 0 || pegs >> j.over & 1 == 0 || pegs >> j.to & 1 == 1 {
                return Err(format!(
                    "move {}: the jump {}-{} is not legal there",
                    m + 1,
                    hop[0] + 1,
                    hop[1] + 1
                ));
            }
            pegs = pegs & !(1 << j.from) & !(1 << j.over) | 1 << j.to;
        }
    }
    Ok(pegs)
}

/// Whether Bergholt's moves, replayed on the board from the centre vacancy, leave one peg in the
/// centre; the reason when they do not.
fn bergholt_replays(board: &Board, centre: usize) -> Result<usize, String> {
    let moves = bergholt_moves(board)?;
    let pegs = replay(board, centre, &moves)?;
    if pegs == 1 << centre {
        Ok(moves.len())
    } else {
        Err(format!("{} pegs left, not one in the centre", pegs.count_ones()))
    }
}

/// Bergholt (1912), minimal by Beasley (1964): the central game takes 18 moves and no fewer. Ours:
/// the fewest moves of the problem (centre, centre), proven by the bidirectional search, and
/// Bergholt's play replayed on our board.
fn bergholt_claim(v: BoardValues<'_>) -> Option<Claim> {
    let c = centre(v.board)?;
    let p = v.problems.iter().find(|p| p.start == c && p.finish == c)?;
    let published: u32 = 18;
    let replayed = match bergholt_replays(v.board, c) {
        Ok(n) => format!("Bergholt's {n} moves replay on our board to one peg in the centre"),
        Err(e) => format!("Bergholt's moves do not replay on our board: {e}"),
    };
    let (computed, verdict) = match (p.min_moves, p.min_moves_lower_bound, p.min_moves_upper_bound) {
        (Some(m), _, _) => (
            format!("{m} (proven: a play of {m} moves and none shorter); {replayed}"),
            Verdict::of(m == published),
        ),
        (None, lower, Some(u)) if u == published && lower.is_none_or(|l| l <= published) => (
            format!(
                "a play of {u} moves; proven lower bound {}; {replayed}",
                lower.map_or("none".into(), |l| l.to_string())
            ),
            Verdict::ConsistentBound,
        ),
        (None, lower, upper) => (
            format!(
                "no proven minimum (lower bound {}, best play {}); {replayed}",
                lower.map_or("none".into(), |l| l.to_string()),
                upper.map_or("none".into(), |u| u.to_string())
            ),
            Verdict::Refuted,
        ),
    };
    let problems = format!("data/peg/{}/problems.csv", v.board.name());
    Some(
        Claim::published(
            FAMILY,
            "peg.english.bergholt_18_moves",
            BERGHOLT,
            "The central game on the English board (centre vacant, one peg left in the centre) takes 18 moves \
            and no fewer (a move is a chain of jumps by one peg): Bergholt's solution, proved minimal by Beasley",
            published,
            computed,
            verdict,
            &format!(
                "{problems}, columns min_moves, min_moves_lower_bound and play (its moves bound the fewest), \
                row start = {0}, finish = {0}",
                c + 1
            ),
        )
        .quoted(
            "The quickest solution of Solitaire was found by Ernest Bergholt in 1912 and was proved to be minimal \
            by John Beasley in 1964.",
        ),
    )
}

/// The French board's record: Bell's central game, Kamath's three colours, and Durango Bill's
/// start at the top row's first hole.
fn european_claims(v: BoardValues<'_>) -> Vec<Claim> {
    let mut out = bell_claim(v);
    out.extend(three_colours_claim(v.board));
    out.extend(durango_37_claims(v));
    out
}

/// Kamath's proof: coloured by anti-diagonals (three colours, a the colour of the top row's first
/// hole), the central start has as many pegs on each colour; a jump changes each colour's count by
/// one, so their relative parities stay, and one peg alone would break them.
fn three_colours_claim(board: &Board) -> Option<Claim> {
    let c = centre(board)?;
    let cells = board.cells();
    let colour = |(r, col): (i32, i32)| (r + col).rem_euclid(3);
    let first = colour(cells[0]);
    let mut pegs = [0usize; 3];
    for (_, &at) in cells.iter().enumerate().filter(|&(h, _)| h != c) {
        pegs[(colour(at) - first).rem_euclid(3) as usize] += 1;
    }
    let computed = if pegs.iter().all(|&k| k == pegs[0]) {
        format!("A = B = C = {}", pegs[0])
    } else {
        format!("A = {}, B = {}, C = {}", pegs[0], pegs[1], pegs[2])
    };
    let quote = "Initially, \\( A = B = C = 12 \\). Hence it is unsolvable.";
    let published = quote
        .split(['(', ')'])
        .nth(1)
        .map(|inner| inner.trim_matches([' ', '\\']).to_string())
        .expect("the quote's formula");
    Some(
        Claim::compare(
            FAMILY,
            "peg.european.three_colours",
            PODDAR,
            "On the French 37-hole board with the centre vacant, colour the holes by anti-diagonals in three colours \
            a, b, c (a the colour of the top row's first hole): the pegs on them number A, B and C, all equal, so \
            (each jump changing all three by one) no single peg can remain",
            published,
            computed,
            &format!(
                "computed from the {0} board's cells (board.txt): pegs per (row + column) mod 3 with hole {1} \
                empty; the conclusion beside data/peg/{0}/levels.csv, column winnable_positions at pegs = {2} (the \
                starts that can finish; the centre fails the position-class test)",
                board.name(),
                c + 1,
                board.holes() - 1
            ),
        )
        .quoted(quote),
    )
}

/// Durango Bill's start at his hole 0 (our 1, the top row's first): two jumps open the game, and a
/// single peg can be left.
fn durango_37_claims(v: BoardValues<'_>) -> Vec<Claim> {
    let (board, name) = (v.board, v.board.name());
    let corner = 0u8;
    let first_jumps = board.jumps().iter().filter(|j| j.to == corner).count();
    let quote = "In the above diagram there are 2 legal moves.";
    let published = quote
        .split(' ')
        .find(|w| w.parse::<u32>().is_ok())
        .expect("the quote's count");
    let mut out = vec![Claim::compare(
        FAMILY,
        "peg.european.corner_first_jumps",
        DURANGO_BILL_37,
        "On the French board with the top row's first hole vacant (his hole 0, our 1), the jumps that can open \
        the game",
        published,
        first_jumps,
        &format!(
            "computed from the {name} board's jumps (board.txt): those that land in hole 1; beside it \
            data/peg/{name}/levels.csv, column reachable_positions at pegs = {} (the positions one jump from some \
            start)",
            board.holes() - 2
        ),
    )
    .quoted(quote)];
    let from_corner: Vec<&BoardProblem> = v.problems.iter().filter(|p| p.start == 0).collect();
    if !from_corner.is_empty() {
        let finishes: Vec<String> = from_corner
            .iter()
            .filter(|p| p.solvable)
            .map(|p| (p.finish + 1).to_string())
            .collect();
        let computed = if finishes.is_empty() {
            "no single peg can be left".to_string()
        } else {
            format!("one peg can be left, in hole {}", finishes.join(", "))
        };
        out.push(
            Claim::published(
                FAMILY,
                "peg.european.corner_start_finishes",
                DURANGO_BILL_37,
                "On the French board with the top row's first hole vacant (his hole 0, our 1), some jump sequence \
                leaves a single peg",
                "a single peg can be left",
                computed,
                Verdict::of(!finishes.is_empty()),
                &format!("data/peg/{name}/problems.csv, column solvable, rows start = 1"),
            )
            .quoted("it is possible to leave a single peg at position"),
        );
    }
    out
}

/// George Bell: the French board's central game cannot end with one peg (anywhere).
fn bell_claim(v: BoardValues<'_>) -> Vec<Claim> {
    let Some(c) = centre(v.board) else { return Vec::new() };
    let n = v.board.holes();
    // The class test is necessary for solvability: a finish it rules out needs no search.
    let passing: Vec<usize> = (0..n).filter(|&f| v.board.class_test(c, f)).collect();
    let searched = |f: usize| v.problems.iter().find(|p| (p.start, p.finish) == (c, f));
    if passing.iter().any(|&f| searched(f).is_none()) {
        return Vec::new();
    }
    let solvable: Vec<String> = passing
        .iter()
        .filter(|&&f| searched(f).is_some_and(|p| p.solvable))
        .map(|f| (f + 1).to_string())
        .collect();
    let computed = match (solvable.is_empty(), passing.len()) {
        (true, 0) => format!("none of the {n} finishes passes the position-class test, which solvability needs"),
        (true, k) => format!(
            "none of the {n} finishes is solvable ({} fail the position-class test, the other {k} the search)",
            n - k
        ),
        (false, _) => format!("solvable to one peg in hole {}", solvable.join(", ")),
    };
    vec![Claim::published(
        FAMILY,
        "peg.european.central_game_unsolvable",
        BELL_FRENCH,
        "On the French 37-hole board, from the centre vacancy no jump sequence ends with one peg, in any hole",
        "cannot finish with one peg",
        computed,
        Verdict::of(solvable.is_empty()),
        &if passing.is_empty() {
            format!(
                "the position-class test on the {0} board (computed from its lattice), start = {1}, every finish; \
                beside it data/peg/{0}/levels.csv, column winnable_positions at pegs = {2} (the starts that can \
                finish, as many as the test allows)",
                v.board.name(),
                c + 1,
                n - 1
            )
        } else {
            format!(
                "data/peg/{}/problems.csv, column solvable, rows start = {}",
                v.board.name(),
                c + 1
            )
        },
    )
    .quoted("here it may seem pointless because we know that we cannot finish with one peg")]
}

/// New results on any board: the problems table against the class test, the fewest moves, and
/// the union over all single-vacancy starts.
fn new_claims(v: BoardValues<'_>) -> Vec<Claim> {
    let name = v.board.name();
    let mut out = Vec::new();
    if !v.problems.is_empty() {
        let passing = v.problems.iter().filter(|p| p.class_allows).count();
        let solvable = v.problems.iter().filter(|p| p.solvable).count();
        let outside = v.problems.iter().filter(|p| p.solvable && !p.class_allows).count();
        out.push(Claim::new_result(
            FAMILY,
            &format!("peg.new.{name}_problems"),
            &format!(
                "Single-vacancy to single-peg problems on the {name} board: how many pass the position-class test, \
                and how many of those are solvable"
            ),
            format!(
                "{} problems; {passing} pass the class test, {} of them solvable, {} impossible though they pass \
                it; {outside} solvable problems fail the test (must be 0)",
                v.problems.len(),
                solvable - outside,
                passing - (solvable - outside)
            ),
            &format!("data/peg/{name}/problems.csv, columns passes_class_test and solvable"),
        ));
        if let Some(summary) = moves_summary(v.problems) {
            let how = if super::problems::exhaustive_fits(v.board) {
                "proven by listing every position reachable from each start by its fewest moves"
            } else {
                "proven by meeting in the middle where exact, else bounded by the balls below and a play above"
            };
            // The columns the file has: min_moves where some minimum is proven, the upper bound
            // where some is not.
            let proven = v.problems.iter().any(|p| p.min_moves.is_some());
            let open = v.problems.iter().any(|p| p.min_moves_upper_bound.is_some());
            let columns = match (proven, open) {
                (true, false) => "min_moves, min_moves_lower_bound and play",
                (false, true) => "min_moves_lower_bound, min_moves_upper_bound and play",
                _ => "min_moves, min_moves_lower_bound, min_moves_upper_bound and play",
            };
            out.push(Claim::new_result(
                FAMILY,
                &format!("peg.new.{name}_min_moves"),
                &format!(
                    "The fewest moves of the {solvable} solvable problems on the {name} board (a move is a chain of \
                    jumps by one peg), {how}"
                ),
                summary,
                &format!("data/peg/{name}/problems.csv, columns {columns} (its moves bound the fewest)"),
            ));
        }
    }
    if !v.levels.is_empty() {
        let reachable: u64 = v.levels.iter().map(|l| l.reachable).sum();
        let winnable: u64 = v.levels.iter().map(|l| l.winnable).sum();
        out.push(Claim::new_result(
            FAMILY,
            &format!("peg.new.{name}_union"),
            &format!(
                "Positions reachable from some single-vacancy start of the {name} board ({} holes), and of those \
                the winnable ones (one peg can still be reached)",
                v.board.holes()
            ),
            format!(
                "{} reachable, {} winnable",
                thousands(reachable.into()),
                thousands(winnable.into())
            ),
            &format!("data/peg/{name}/levels.csv, columns reachable_positions and winnable_positions"),
        ));
        out.extend(winnable_starts_claim(v));
    }
    out
}

/// How many single-vacancy starts can still finish with one peg (the union's winnable positions
/// one peg short of full), beside how many the position-class test allows (some finish passes
/// it): the test is necessary, so the first can never exceed the second.
fn winnable_starts_claim(v: BoardValues<'_>) -> Option<Claim> {
    let n = v.board.holes();
    let name = v.board.name();
    let winnable = v.levels.iter().find(|l| l.pegs == n - 1)?.winnable;
    let allowed = (0..n).filter(|&s| (0..n).any(|f| v.board.class_test(s, f))).count() as u64;
    let verdict = match winnable.cmp(&allowed) {
        std::cmp::Ordering::Equal => "the class test is exact on single-vacancy starts here".to_string(),
        std::cmp::Ordering::Less => format!("{} starts pass the class test yet cannot finish", allowed - winnable),
        std::cmp::Ordering::Greater => "more than the class test allows: impossible, a fault".to_string(),
    };
    Some(Claim::new_result(
        FAMILY,
        &format!("peg.new.{name}_winnable_starts"),
        &format!(
            "Single-vacancy starts of the {name} board ({n} holes) from which some jump sequence leaves one peg, \
            against the starts the position-class test allows (some finish passes it)"
        ),
        format!("{winnable} of {n} starts can finish with one peg; the class test allows {allowed}: {verdict}"),
        &format!(
            "data/peg/{name}/levels.csv, column winnable_positions at pegs = {}; the class test on the {name} \
            board",
            n - 1
        ),
    ))
}

/// The solvable problems' fewest moves: how many are exact (by value) and the bounds of the
/// others; `None` when no problem is solvable.
pub fn moves_summary(problems: &[BoardProblem]) -> Option<String> {
    use std::collections::BTreeMap;
    let solvable: Vec<&BoardProblem> = problems.iter().filter(|p| p.solvable).collect();
    if solvable.is_empty() {
        return None;
    }
    let mut exact: BTreeMap<u32, usize> = BTreeMap::new();
    let mut open: BTreeMap<(Option<u32>, Option<u32>), usize> = BTreeMap::new();
    for p in &solvable {
        match p.min_moves {
            Some(m) => *exact.entry(m).or_default() += 1,
            None => {
                *open
                    .entry((p.min_moves_lower_bound, p.min_moves_upper_bound))
                    .or_default() += 1
            }
        }
    }
    let n_exact: usize = exact.values().sum();
    let mut text = format!(
        "{n_exact} of {} solvable problems have their exact fewest moves",
        solvable.len()
    );
    if !exact.is_empty() {
        let by_value: Vec<String> = exact.iter().map(|(v, c)| format!("{c} in {v}")).collect();
        text += &format!(" ({})", by_value.join(", "));
    }
    if !open.is_empty() {
        let show = |b: &Option<u32>| b.map_or("?".to_string(), |b| b.to_string());
        let ranges: Vec<String> = open
            .iter()
            .map(|((lo, hi), c)| format!("{c} between {} and {}", show(lo), show(hi)))
            .collect();
        text += &format!(
            "; the other {} are bounded (proven lower bound to the play found): {}",
            solvable.len() - n_exact,
            ranges.join(", ")
        );
    }
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::studies::claim::Scope;
    use crate::studies::peg_board::game::GameLevel;

    fn english() -> Board {
        Board::named("english").unwrap()
    }

    /// The central game as the published figures describe it (A112737, A112738, Durango Bill).
    fn published_game() -> Game {
        let levels = Published::parse(LEVELS)
            .rows()
            .map(|r| {
                let n = |c: &str| r(c).parse::<u64>().unwrap();
                let jumps = n("jumps") as usize;
                GameLevel {
                    jumps,
                    pegs: 32 - jumps,
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
        let n = |q: &str| total(q).parse::<u128>().unwrap();
        Game {
            start: 16,
            stabiliser: 8,
            levels,
            complete_games: n("complete_games"),
            winning_games: vec![(0, 5), (16, n("winning_games_to_centre"))],
            shortest_dead_end: Some(n("shortest_dead_end_jumps") as usize),
            fewest: Vec::new(),
        }
    }

    fn problem(start: usize, finish: usize, min: Option<u32>, lower: Option<u32>, upper: Option<u32>) -> BoardProblem {
        BoardProblem {
            start,
            finish,
            class_allows: true,
            solvable: true,
            min_moves: min,
            min_moves_lower_bound: lower,
            min_moves_upper_bound: upper,
            play: Vec::new(),
        }
    }

    fn verdict_of(claims: &[Claim], id: &str) -> Verdict {
        claims
            .iter()
            .find(|c| c.id == id)
            .unwrap_or_else(|| panic!("no claim {id}"))
            .verdict
    }

    fn english_claims_of(game: &Game, problems: &[BoardProblem]) -> Vec<Claim> {
        let board = english();
        claims(BoardValues {
            board: &board,
            game: Some(game),
            levels: &[],
            problems,
        })
    }

    const GAME_IDS: [&str; 6] = [
        "peg.english.oeis_a112737",
        "peg.english.oeis_a112738",
        "peg.english.oeis_a112737_total",
        "peg.english.complete_games",
        "peg.english.winning_games",
        "peg.english.shortest_dead_end",
    ];

    #[test]
    fn the_published_central_game_confirms_every_figure() {
        let claims = english_claims_of(&published_game(), &[]);
        for id in GAME_IDS {
            assert_eq!(verdict_of(&claims, id), Verdict::Confirmed, "{id}");
        }
        let winning = claims.iter().find(|c| c.id == "peg.english.winning_games").unwrap();
        assert_eq!(winning.computed, "40,861,647,040,079,968");
    }

    #[test]
    fn a_different_figure_refutes_each_claim() {
        let base = published_game();
        let mut changed: Vec<(&str, Game)> = Vec::new();
        let mut g = base.clone();
        g.levels[10].reachable_orbits += 1;
        changed.push(("peg.english.oeis_a112737", g.clone()));
        changed.push(("peg.english.oeis_a112737_total", g));
        let mut g = base.clone();
        g.levels[5].winnable_to_start_orbits -= 1;
        changed.push(("peg.english.oeis_a112738", g));
        let mut g = base.clone();
        g.complete_games -= 1;
        changed.push(("peg.english.complete_games", g));
        let mut g = base.clone();
        g.winning_games[1].1 += 1;
        changed.push(("peg.english.winning_games", g));
        let mut g = base.clone();
        g.shortest_dead_end = Some(7);
        changed.push(("peg.english.shortest_dead_end", g));
        for (id, g) in changed {
            assert_eq!(verdict_of(&english_claims_of(&g, &[]), id), Verdict::Refuted, "{id}");
        }
    }

    #[test]
    fn a_game_from_another_start_makes_no_central_claims() {
        let mut g = published_game();
        g.start = 0;
        let claims = english_claims_of(&g, &[]);
        assert!(GAME_IDS.iter().all(|id| claims.iter().all(|c| c.id != *id)));
    }

    #[test]
    fn bergholts_moves_replay_to_one_peg_in_the_centre_in_18_moves() {
        let board = english();
        assert_eq!(bergholt_replays(&board, 16), Ok(18));
        let mut moves = bergholt_moves(&board).unwrap();
        // Two moves swapped: the 14th then lands on a peg.
        moves.swap(12, 13);
        assert!(replay(&board, 16, &moves).is_err());
    }

    #[test]
    fn bergholt_claim_follows_the_proven_minimum() {
        let g = published_game();
        let cases = [
            (problem(16, 16, Some(18), Some(18), Some(18)), Verdict::Confirmed),
            (problem(16, 16, Some(17), Some(17), Some(17)), Verdict::Refuted),
            (problem(16, 16, Some(19), Some(19), Some(19)), Verdict::Refuted),
            (problem(16, 16, None, Some(15), Some(18)), Verdict::ConsistentBound),
            (problem(16, 16, None, Some(15), Some(20)), Verdict::Refuted),
        ];
        for (p, want) in cases {
            let claims = english_claims_of(&g, std::slice::from_ref(&p));
            let c = claims.iter().find(|c| c.id == "peg.english.bergholt_18_moves").unwrap();
            assert_eq!(c.verdict, want, "{p:?}");
            let scope = if want == Verdict::ConsistentBound {
                Scope::Bound
            } else {
                Scope::Whole
            };
            assert_eq!(c.scope, scope);
            assert!(c.computed.contains("Bergholt's 18 moves replay"), "{}", c.computed);
        }
        // No problem (centre, centre) computed: no claim.
        let other = problem(0, 16, Some(18), None, None);
        let claims = english_claims_of(&g, &[other]);
        assert!(claims.iter().all(|c| c.id != "peg.english.bergholt_18_moves"));
    }

    #[test]
    fn the_french_central_game_claim_follows_the_class_test() {
        // From the centre no finish is in the start's position class: no search is needed, and
        // the claim stands with or without the problems table.
        let board = Board::named("european").unwrap();
        let c = centre(&board).unwrap();
        assert!((0..board.holes()).all(|f| !board.class_test(c, f)));
        let id = "peg.european.central_game_unsolvable";
        let claims = claims(BoardValues {
            board: &board,
            game: None,
            levels: &[],
            problems: &[],
        });
        assert_eq!(verdict_of(&claims, id), Verdict::Confirmed);
        let claim = claims.iter().find(|c| c.id == id).unwrap();
        assert!(claim
            .computed
            .starts_with("none of the 37 finishes passes the position-class test"));
        // The English centre passes the test for some finishes: without the problems table there
        // is nothing to judge such a claim by.
        let english = Board::named("english").unwrap();
        assert!((0..33).any(|f| english.class_test(16, f)));
    }

    #[test]
    fn the_french_colours_and_corner_claims_follow_the_board_and_the_problems() {
        let board = Board::named("european").unwrap();
        let judged = |problems: &[BoardProblem]| {
            claims(BoardValues {
                board: &board,
                game: None,
                levels: &[],
                problems,
            })
        };
        let bare = judged(&[]);
        let colours = bare.iter().find(|c| c.id == "peg.european.three_colours").unwrap();
        assert_eq!(
            (colours.published.as_str(), colours.verdict),
            ("A = B = C = 12", Verdict::Confirmed)
        );
        assert_eq!(verdict_of(&bare, "peg.european.corner_first_jumps"), Verdict::Confirmed);
        // Without the problems table the corner start's finishes are not judged.
        assert!(bare.iter().all(|c| c.id != "peg.european.corner_start_finishes"));
        let id = "peg.european.corner_start_finishes";
        let mut from_corner = problem(0, 5, Some(9), None, None);
        assert_eq!(verdict_of(&judged(&[from_corner.clone()]), id), Verdict::Confirmed);
        from_corner.solvable = false;
        assert_eq!(verdict_of(&judged(&[from_corner]), id), Verdict::Refuted);
    }

    #[test]
    fn new_results_count_the_problems_and_the_union() {
        let board = english();
        let mut failing = problem(1, 2, Some(3), None, None);
        failing.class_allows = false;
        let mut impossible = problem(0, 1, None, None, None);
        impossible.solvable = false;
        let problems = [problem(0, 0, Some(5), None, None), impossible, failing];
        let levels = [
            LevelRow {
                pegs: 32,
                reachable: 33,
                winnable: 33,
            },
            LevelRow {
                pegs: 1,
                reachable: 1000,
                winnable: 1000,
            },
        ];
        let claims = claims(BoardValues {
            board: &board,
            game: None,
            levels: &levels,
            problems: &problems,
        });
        let text = |id: &str| claims.iter().find(|c| c.id == id).unwrap().computed.clone();
        assert_eq!(
            text("peg.new.english_problems"),
            "3 problems; 2 pass the class test, 1 of them solvable, 1 impossible though they pass it; 1 solvable \
            problems fail the test (must be 0)"
        );
        assert_eq!(
            text("peg.new.english_min_moves"),
            "2 of 2 solvable problems have their exact fewest moves (1 in 3, 1 in 5)"
        );
        assert_eq!(text("peg.new.english_union"), "1,033 reachable, 1,033 winnable");
    }
}
