//! The peg family's claims: seed 001, George Bell's and Jaap Scherphuis' T5 figures and OEIS
//! A127500 beside our values, and the sides nobody has published marked as new.

use super::fewest::MinMoves;
use super::solvability::ProblemRow;
use super::{PegResults, PegStudy, StartRow};
use crate::output::chart::group_thousands as thousands;
use crate::output::published::Published;
use crate::studies::claim::{Claim, Scope, Verdict};

const FAMILY: &str = "peg";

fn oracle(text: &str) -> Published {
    Published::parse(text)
}

fn side(r: &PegResults, n: usize) -> Option<&PegStudy> {
    r.sides.iter().find(|s| s.side == n && !s.starts.is_empty())
}

pub fn claims(r: &PegResults) -> Vec<Claim> {
    [
        seed001_claims(r),
        t5_claims(r),
        oeis_claims(r),
        problem_claims(r),
        union_claims(r),
        partial_claims(r),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// Seed 001: the 10-coin triangle.
fn seed001_claims(r: &PegResults) -> Vec<Claim> {
    let mut out = Vec::new();
    let seed = "seed 001 (Matt Parker's coin puzzle)";
    if let Some(t4) = side(r, 4) {
        let jumps = t4.triangle.jumps().len();
        out.push(
            Claim::compare(
                FAMILY,
                "peg.seed001.jumps",
                seed,
                "The 10-coin triangle has 18 legitimate moves (jumps): the seed lists them, 2 from each hole but the \
                centre",
                18,
                jumps,
                &format!(
                    "data/peg/{}, one row per jump (columns from, over, to); 3(n-1)(n-2) jumps on side n",
                    super::seed001::JUMPS_CSV
                ),
            )
            .quoted("We can now build an entire set of all legitimate moves:"),
        );
        let wins: u128 = t4.starts.iter().map(|s| s.winning_sequences).sum();
        out.push(
            Claim::compare(
                FAMILY,
                "peg.seed001.winning_plays",
                seed,
                "There are 84 possible plays which win the game (over all 10 starts)",
                84,
                wins,
                "data/peg/T4/starts.csv, column winning_sequences (summed)",
            )
            .quoted("Having repeated this 6 more times, we end up with the 84 possible plays which win the game."),
        );
    }
    out
}

/// George Bell's and Jaap Scherphuis' figures for the 15-hole triangle.
fn t5_claims(r: &PegResults) -> Vec<Claim> {
    let Some(t5) = side(r, 5) else { return Vec::new() };
    let mut out = vec![t5_winning_claim(t5)];
    out.extend(t5_total_claims(t5));
    out.push(t5_catalogue_claim(t5));
    out.push(t5_reachable_claim(t5));
    out
}

/// A per-start column of an oracle beside ours, for side 5's rows: the published and the computed
/// list, each "hole N: value" joined by "; " (0 for a start we lack).
fn t5_per_start(oracle: &Published, column: &str, t5: &PegStudy, ours: impl Fn(&StartRow) -> u128) -> (String, String) {
    let (mut published, mut computed) = (Vec::new(), Vec::new());
    for row in oracle.rows().filter(|row| row("side") == "5") {
        let start: usize = row("start").parse().expect("oracle start");
        published.push(format!("hole {start}: {}", row(column)));
        let value = t5.starts.iter().find(|s| s.start + 1 == start).map_or(0, &ours);
        computed.push(format!("hole {start}: {value}"));
    }
    (published.join("; "), computed.join("; "))
}

/// George Bell: winning sequences from each single-vacancy start of T5.
fn t5_winning_claim(t5: &PegStudy) -> Claim {
    let wins = oracle(include_str!("../../../tests/data/peg/winning_sequences.csv"));
    let (published, computed) = t5_per_start(&wins, "winning_sequences", t5, |s| s.winning_sequences);
    Claim::compare(
        FAMILY,
        "peg.bell.t5_winning_sequences_per_start",
        "George Bell, triangular peg solitaire (15-hole board)",
        "Winning jump sequences from single-vacancy starts on T5",
        published,
        computed,
        "data/peg/T5/starts.csv, column winning_sequences, rows start = 1, 2, 4, 5",
    )
    .quoted("29,760 from hole 1, 14,880 from hole 2, 85,258 from hole 4, 1,550 from hole 5.")
}

/// George Bell: winning sequences and complete games on T5, summed over the starts.
fn t5_total_claims(t5: &PegStudy) -> Vec<Claim> {
    let mut out = Vec::new();
    let totals = oracle(include_str!("../../../tests/data/peg/totals.csv"));
    for row in totals.rows().filter(|row| row("side") == "5") {
        let quantity = row("quantity");
        let ours: u128 = match quantity.as_str() {
            "winning_sequences" => t5.starts.iter().map(|s| s.winning_sequences).sum(),
            "complete_games" => t5.starts.iter().map(|s| s.complete_games).sum(),
            _ => continue,
        };
        let published: u128 = row("value").parse().expect("oracle value");
        let statement = match quantity.as_str() {
            "winning_sequences" => "Winning jump sequences on T5, summed over the 15 single-vacancy starts",
            _ => "Complete games on T5 (jump sequences ending where no jump is legal), over all 15 starts",
        };
        out.push(
            Claim::compare(
                FAMILY,
                &format!("peg.bell.t5_total_{quantity}"),
                "George Bell, triangular peg solitaire (15-hole board)",
                statement,
                thousands(published),
                thousands(ours),
                &format!("data/peg/T5/starts.csv, column {quantity} (summed)"),
            )
            .quoted(&format!("5,{quantity},{published}")),
        );
    }
    out
}

/// Bell's 15-hole catalogue beside our minimum moves: the number of entries and the mismatches,
/// each "a->b: Bell .., ours ..".
fn t5_catalogue_mismatches(t5: &PegStudy) -> (usize, Vec<String>) {
    let catalogue = oracle(include_str!("../../../tests/data/peg/bell_min_moves.csv"));
    let mut mismatches = Vec::new();
    let mut entries = 0;
    for row in catalogue.rows().filter(|row| row("side") == "5") {
        entries += 1;
        let (a, b): (usize, usize) = (
            row("start").parse().expect("start"),
            row("finish").parse().expect("finish"),
        );
        let ours = t5
            .finishes
            .iter()
            .find(|f| f.start + 1 == a && f.finish + 1 == b)
            .map(|f| f.min_moves.to_string());
        let theirs = row("min_moves");
        let ours = ours.unwrap_or_default();
        if ours != theirs {
            mismatches.push(format!("{a}->{b}: Bell {theirs:?}, ours {ours:?}"));
        }
    }
    (entries, mismatches)
}

/// George Bell: the minimum moves of every 15-hole problem.
fn t5_catalogue_claim(t5: &PegStudy) -> Claim {
    let (entries, mismatches) = t5_catalogue_mismatches(t5);
    let computed = if mismatches.is_empty() {
        format!("all {entries} entries equal")
    } else {
        mismatches.join("; ")
    };
    Claim::published(
        FAMILY,
        "peg.bell.t5_min_moves_catalogue",
        "George Bell, Solving triangular peg solitaire, J. Integer Sequences 11 (2008) 08.4.8",
        "Minimum moves for every 15-hole (start, finish) problem up to symmetry, including the impossible \
        ones",
        format!("{entries} entries"),
        computed,
        Verdict::of(mismatches.is_empty()),
        "data/peg/T5/finishes.csv, column min_moves (rows with solvable false have no single-peg finish)",
    )
    .quoted(
        "Source: George Bell, \"Solving triangular peg solitaire\" (J. Integer Sequences 11, 2008, \
        08.4.8), 15-hole catalogue.",
    )
}

/// Jaap Scherphuis: the positions reachable from each single-vacancy start of T5.
fn t5_reachable_claim(t5: &PegStudy) -> Claim {
    let jaap = oracle(include_str!("../../../tests/data/peg/reachable_positions.csv"));
    let (published, computed) = t5_per_start(&jaap, "reachable_positions", t5, |s| s.reachable_positions.into());
    Claim::compare(
        FAMILY,
        "peg.jaap.t5_reachable_positions",
        "Jaap Scherphuis, Jaap's Puzzle Page, triangular peg solitaire",
        "Positions reachable from one single-vacancy start of T5 (the start included)",
        published,
        computed,
        "data/peg/T5/starts.csv, column reachable_positions",
    )
    .quoted("Source: Jaap Scherphuis, Jaap's Puzzle Page, \"Triangular peg solitaire\" table for T5.")
}

/// OEIS A127500 (shortest solutions) and A130515 (problems passing the class test).
fn oeis_claims(r: &PegResults) -> Vec<Claim> {
    let a127500 = oracle(include_str!("../../../tests/data/peg/A127500.csv"));
    [
        a127500_claims(r, &a127500),
        a127500_bound_claims(r, &a127500),
        a127500_play_claims(r),
        a127500_lower_bound_claims(r),
        a130515_claims(r),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// OEIS A127500: the shortest solution over all problems on side n, for the sides with a
/// per-start analysis.
fn a127500_claims(r: &PegResults, a127500: &Published) -> Vec<Claim> {
    let mut out = Vec::new();
    for row in a127500.rows() {
        let n: usize = row("side").parse().expect("side");
        let Some(s) = side(r, n) else { continue };
        let ours = s
            .finishes
            .iter()
            .map(|f| f.min_moves)
            .min()
            .map_or("none".to_string(), |m| m.to_string());
        out.push(
            Claim::compare(
                FAMILY,
                &format!("peg.oeis_a127500.side{n}"),
                "OEIS A127500",
                &format!(
                    "The shortest solution of any single-vacancy to single-survivor problem on side {n} takes this \
                    many moves"
                ),
                row("min_moves"),
                ours,
                &format!("data/peg/T{n}/finishes.csv, column min_moves (its smallest value)"),
            )
            .quoted(&format!("{n},{}", row("min_moves"))),
        );
    }
    out
}

/// What a problem table says of its side's shortest play.
struct ShortestPlay {
    /// The fewest moves of the plays found (an upper bound on the shortest solution).
    best: Option<u32>,
    /// The solvable problems solved in `best` moves.
    at_best: usize,
    /// The least proven lower bound over all solvable problems (none when any is unsettled).
    proven: Option<u32>,
}

impl ShortestPlay {
    fn of(problems: &[ProblemRow]) -> Self {
        // A problem's shortest known play: its proven minimum's (optimal_play) where the balls
        // met, else the play the problem table holds.
        let shortest = |p: &ProblemRow| p.fewest.as_ref().and_then(|m| m.exact()).or(p.moves());
        let best = problems.iter().filter_map(shortest).min();
        let at_best = problems.iter().filter(|p| p.solvable() && shortest(p) == best).count();
        let proven = problems
            .iter()
            .filter(|p| p.solvable())
            .map(|p| p.fewest.as_ref().map(|m| m.lower_bound()))
            .collect::<Option<Vec<u32>>>()
            .and_then(|v| v.into_iter().min());
        ShortestPlay { best, at_best, proven }
    }

    /// The claim's computed value: the shortest play and how far it is proven.
    fn computed(&self) -> String {
        let at_best = self.at_best;
        match (self.best, self.proven) {
            (Some(b), Some(l)) if l == b => format!(
                "{b} (proven: every solvable problem takes at least {l} moves by \
                meeting in the middle, and {at_best} problems are solved in {b})"
            ),
            (Some(b), Some(l)) => {
                format!("{b} (the fewest moves of our plays; {at_best} problems solved in {b}); proven lower bound {l}")
            }
            (Some(b), None) => {
                format!("{b} (the fewest moves of our plays; {at_best} problems solved in {b}); no lower bound proven")
            }
            _ => "no play found".into(),
        }
    }

    fn verdict(&self, published: u32) -> Verdict {
        match (self.best, self.proven) {
            (Some(b), Some(l)) if b == published && l == published => Verdict::Confirmed,
            // Attained, but the proven bound stops short (or there is none): a bound that
            // agrees, not a confirmation.
            (Some(b), l) if b == published && l.is_none_or(|l| l <= published) => Verdict::ConsistentBound,
            _ => Verdict::Refuted,
        }
    }
}

/// OEIS A127500 for the sides without a per-start analysis (side 8): the shortest play comes
/// from the problem table (moves of the plays found: an upper bound), and the proven lower bounds
/// of min_moves::settle (meeting in the middle) say whether no shorter play exists. Confirmed
/// only when every solvable problem's lower bound reaches the published value.
fn a127500_bound_claims(r: &PegResults, a127500: &Published) -> Vec<Claim> {
    let mut out = Vec::new();
    for row in a127500.rows() {
        let n: usize = row("side").parse().expect("side");
        let Some(problems) = r
            .sides
            .iter()
            .find(|s| s.side == n && s.starts.is_empty())
            .and_then(|s| s.problems.as_ref())
        else {
            continue;
        };
        let shortest = ShortestPlay::of(problems);
        let published: u32 = row("min_moves").parse().expect("min_moves");
        let statement = match shortest.proven {
            Some(_) => format!(
                "The shortest solution of any single-vacancy to single-survivor problem on side {n} \
                takes {published} moves (our plays attain it; our lower bounds are proven by meeting in the middle on \
                the moves graph)"
            ),
            None => format!(
                "The shortest solution of any single-vacancy to single-survivor problem on side {n} takes \
                {published} moves (we check that {published} is attained; that no shorter play exists is Bell's \
                result, not re-proven here)"
            ),
        };
        out.push(
            Claim::published(
                FAMILY,
                &format!("peg.oeis_a127500.side{n}"),
                "OEIS A127500",
                &statement,
                published.to_string(),
                shortest.computed(),
                shortest.verdict(published),
                &format!(
                    "data/peg/T{n}/finishes.csv, columns moves_upper_bound and min_moves_lower_bound (their smallest \
                values)"
                ),
            )
            .quoted(&format!("{n},{published}")),
        );
    }
    out
}

/// What OEIS A127500 publishes for side `n`: (lower, upper), equal where the value is known
/// (sides 4 to 10, `A127500.csv`), the comment's bounds on sides 11 and 12 (`A127500_bounds.csv`).
pub fn a127500_published(n: usize) -> Option<(usize, usize)> {
    let side = n.to_string();
    let number = |v: String| v.parse::<usize>().expect("a whole number of moves");
    let exact = oracle(include_str!("../../../tests/data/peg/A127500.csv"));
    if let Some(row) = exact.rows().find(|row| row("side") == side) {
        let v = number(row("min_moves"));
        return Some((v, v));
    }
    let bounds = oracle(include_str!("../../../tests/data/peg/A127500_bounds.csv"));
    let row = bounds.rows().find(|row| row("side") == side)?;
    Some((number(row("lower_bound")), number(row("upper_bound"))))
}

/// OEIS A127500 against the beam's plays read back (sides 9 to 12): where the published value is
/// exact (9, 10) our best play may only equal or exceed it; where it is bounds (11, 12) a play
/// below the upper bound is a new upper bound, and one below the lower bound would refute it.
fn a127500_play_claims(r: &PegResults) -> Vec<Claim> {
    let mut out = Vec::new();
    for p in &r.plays {
        let n = p.side;
        let Some(best) = p.best() else { continue };
        let Some((lower, upper)) = a127500_published(n) else {
            continue;
        };
        let at_best = p.rows.iter().filter(|x| x.move_count() == best).count();
        let evidence = format!(
            "data/peg/T{n}/plays.csv, column moves_upper_bound (its smallest value; {at_best} of its {} start orbits \
            have a play of {best} moves, each replayed when read back)",
            p.rows.len()
        );
        let computed =
            format!("{best} (the fewest moves of our beam-search plays: an upper bound, not proven minimal)");
        let id = format!("peg.oeis_a127500.side{n}");
        let verdict = if best < lower {
            Verdict::Refuted
        } else if best < upper {
            Verdict::New
        } else {
            Verdict::ConsistentBound
        };
        let judged = if lower == upper {
            (
                lower.to_string(),
                format!(
                    "The shortest solution of any single-vacancy to single-survivor problem on side {n} takes \
                    {lower} moves (we check only that no play of ours is shorter: side {n} is past our exact search)"
                ),
                format!("{n},{lower}"),
            )
        } else {
            (
                format!("{lower} to {upper}"),
                format!(
                    "The shortest solution of any single-vacancy to single-survivor problem on side {n} takes \
                    between {lower} and {upper} moves (a play of fewer than {upper} moves is a new upper bound)"
                ),
                format!("{n},{lower},{upper}"),
            )
        };
        let (published, statement, quote) = judged;
        out.push(
            Claim::published(
                FAMILY,
                &id,
                "OEIS A127500",
                &statement,
                published,
                computed,
                verdict,
                &evidence,
            )
            .scoped(Scope::Bound)
            .quoted(&quote),
        );
    }
    out
}

/// OEIS A127500's lower bounds (sides 11 and 12) against ours read back: the least bound over
/// the start orbits. Above the published bound it is new; equal, it reproduces it; below, ours is
/// the weaker and the published bound stands unchecked.
fn a127500_lower_bound_claims(r: &PegResults) -> Vec<Claim> {
    let mut out = Vec::new();
    for b in &r.lower_bounds {
        let n = b.side;
        let (Some(ours), Some((lower, upper))) = (b.least(), a127500_published(n)) else {
            continue;
        };
        if lower == upper {
            continue;
        }
        let at_least = b.rows.iter().filter(|x| x.moves_lower_bound == ours).count();
        let evidence = format!(
            "data/peg/T{n}/lower_bounds.csv, column min_moves_lower_bound (its smallest value; {at_least} of its {} \
            start orbits are bounded by {ours}; the Merson regions of each row recounted when read back)",
            b.rows.len()
        );
        let (verdict, computed) = match ours.cmp(&lower) {
            std::cmp::Ordering::Greater => (
                Verdict::New,
                format!("{ours} (Merson regions and a search refuting every shorter play: a new lower bound)"),
            ),
            std::cmp::Ordering::Equal => (
                Verdict::ConsistentBound,
                format!(
                    "{ours} (Merson regions and a search refuting every shorter play: the published bound reproduced)"
                ),
            ),
            std::cmp::Ordering::Less => (
                Verdict::ConsistentBound,
                format!(
                    "{ours} (Merson regions and a refuting search: weaker; the published {lower} is not reproduced)"
                ),
            ),
        };
        let statement = format!(
            "Every single-vacancy to single-survivor solution on side {n} takes at least {lower} moves (the lower \
            bound of {lower} <= a({n}) <= {upper})"
        );
        out.push(
            Claim::published(
                FAMILY,
                &format!("peg.oeis_a127500.side{n}.lower"),
                "OEIS A127500",
                &statement,
                format!("at least {lower}"),
                computed,
                verdict,
                &evidence,
            )
            .scoped(Scope::Bound)
            .quoted(&format!("{n},{lower},{upper}")),
        );
    }
    out
}

/// OEIS A130515: problems passing the position-class test, up to symmetry.
fn a130515_claims(r: &PegResults) -> Vec<Claim> {
    let mut out = Vec::new();
    let a130515 = oracle(include_str!("../../../tests/data/peg/A130515.csv"));
    for row in a130515.rows() {
        let n: usize = row("side").parse().expect("side");
        if !r
            .sides
            .iter()
            .any(|s| s.side == n && (!s.starts.is_empty() || s.problems.is_some()))
        {
            continue;
        }
        let t = crate::puzzles::peg::Triangle::new(n).expect("the published sides fit a 64-bit board");
        let ours = super::solvability::class_passing_up_to_symmetry(&t);
        let evidence = format!(
            "data/peg/T{n}/finishes.csv, rows with passes_class_test true, counted up to the 6 \
            symmetries (data/peg/sides.csv, column class_passing_problems_up_to_symmetry)"
        );
        out.push(
            Claim::compare(
                FAMILY,
                &format!("peg.oeis_a130515.side{n}"),
                "OEIS A130515",
                &format!(
                    "Single-vacancy to single-survivor problems on side {n} that pass the position-class test, \
                    counted up to symmetry"
                ),
                row("class_passing_problems"),
                ours,
                &evidence,
            )
            .quoted(&format!("{n},{}", row("class_passing_problems"))),
        );
    }
    out
}

/// New: per side, the problems passing the class test and how many of those are solvable.
fn problem_claims(r: &PegResults) -> Vec<Claim> {
    let mut out = Vec::new();
    // Side 8's problem table: how many pass the class test, and how many of those are solvable.
    for s in r.sides.iter().filter(|s| s.starts.is_empty()) {
        let Some(problems) = &s.problems else { continue };
        let passing = problems
            .iter()
            .filter(|p| !matches!(p.verdict, super::solvability::Verdict::PositionClass))
            .count();
        let solvable = problems.iter().filter(|p| p.solvable()).count();
        let exhausted = passing - solvable;
        out.push(Claim::new_result(
            FAMILY,
            &format!("peg.new.side{}_problems", s.side),
            &format!(
                "Single-vacancy to single-survivor problems on side {}: how many pass the position-class test, \
                and how many of those are solvable",
                s.side
            ),
            format!(
                "{} problems; {passing} pass the class test, {solvable} of them solvable (a play each), {exhausted} \
                    impossible by exhaustive search; {} impossible by the class test",
                problems.len(),
                problems.len() - passing
            ),
            &format!(
                "data/peg/T{}/finishes.csv, columns passes_class_test, solvable and proof",
                s.side
            ),
        ));
    }

    // Side 8's fewest moves: how many problems are settled exactly, and the proven bounds.
    for s in r.sides.iter().filter(|s| s.starts.is_empty()) {
        let Some(problems) = &s.problems else { continue };
        let Some(summary) = moves_summary(problems) else {
            continue;
        };
        let solvable = problems.iter().filter(|p| p.solvable()).count();
        out.push(Claim::new_result(
            FAMILY,
            &format!("peg.new.side{}_min_moves", s.side),
            &format!(
                "The fewest moves of the {solvable} solvable problems on side {}, proven by meeting in the middle \
                on the moves graph (exact where the balls meet or the proven lower bound equals a play's moves; else \
                between the lower bound and the play found)",
                s.side
            ),
            summary,
            &format!(
                "data/peg/T{}/finishes.csv, columns min_moves, min_moves_lower_bound, min_moves_proof and \
                moves_upper_bound",
                s.side
            ),
        ));
    }

    // Sides with the exact per-start analysis: which problems passing the class test are solvable.
    for s in r.sides.iter().filter(|s| !s.starts.is_empty()) {
        let t = &s.triangle;
        let passing = (0..t.holes())
            .flat_map(|a| (0..t.holes()).map(move |b| (a, b)))
            .filter(|&(a, b)| t.class_test(a, b))
            .count();
        let solvable = s.finishes.len();
        let outside = s.finishes.iter().filter(|f| !t.class_test(f.start, f.finish)).count();
        out.push(Claim::new_result(
            FAMILY,
            &format!("peg.new.side{}_problems", s.side),
            &format!(
                "Single-vacancy to single-survivor problems on side {}: how many pass the position-class test, \
                and how many of those are solvable",
                s.side
            ),
            format!(
                "{} problems; {passing} pass the class test, {} of them solvable, {} impossible though they pass it; \
                    {outside} solvable problems fail the test (must be 0)",
                s.holes * s.holes,
                solvable - outside,
                passing - (solvable - outside)
            ),
            &format!(
                "data/peg/T{}/finishes.csv, columns passes_class_test and solvable",
                s.side
            ),
        ));
    }
    out
}

/// New: the union over all starts, its symmetry classes and its games, per side.
fn union_claims(r: &PegResults) -> Vec<Claim> {
    let mut out = Vec::new();
    // What nobody has published: the union over all starts, per side.
    for s in r.sides.iter().filter(|s| s.side >= 6) {
        let reachable: u64 = s.levels.iter().map(|l| l.reachable).sum();
        let winnable: u64 = s.levels.iter().map(|l| l.winnable).sum();
        out.push(Claim::new_result(
            FAMILY,
            &format!("peg.new.side{}_union", s.side),
            &format!(
                "Positions reachable from some single-vacancy start of side {} ({} holes), and of those the winnable \
            ones",
                s.side, s.holes
            ),
            format!(
                "{} reachable, {} winnable",
                thousands(reachable.into()),
                thousands(winnable.into())
            ),
            &format!(
                "data/peg/T{}/levels.csv, columns reachable_positions and winnable_positions",
                s.side
            ),
        ));
        if let Some(sym) = &s.symmetry {
            let orbits: u64 = sym.iter().map(|r| r.orbits).sum();
            let symmetric: u64 = sym.iter().map(|r| r.fixed_by_reflection).sum();
            out.push(Claim::new_result(
                FAMILY,
                &format!("peg.new.side{}_orbits", s.side),
                &format!(
                    "Reachable positions of side {} up to the triangle's six symmetries (every level checked \
                    closed under them)",
                    s.side
                ),
                format!(
                    "{} classes of {} positions, all {} levels closed; {} positions are their own mirror image \
                    under a given reflection",
                    thousands(orbits.into()),
                    thousands(reachable.into()),
                    sym.len(),
                    thousands(symmetric.into())
                ),
                &format!(
                    "data/peg/T{}/symmetry.csv, columns orbits and fixed_by_reflection (summed)",
                    s.side
                ),
            ));
        }
        if !s.starts.is_empty() {
            let games: u128 = s.starts.iter().map(|x| x.complete_games).sum();
            let wins: u128 = s.starts.iter().map(|x| x.winning_sequences).sum();
            out.push(Claim::new_result(
                FAMILY,
                &format!("peg.new.side{}_games", s.side),
                &format!(
                    "Winning jump sequences and complete games on side {}, over all single-vacancy starts",
                    s.side
                ),
                format!("{} winning, {} complete", thousands(wins), thousands(games)),
                &format!(
                    "data/peg/T{}/starts.csv, columns winning_sequences and complete_games (summed)",
                    s.side
                ),
            ));
        }
    }
    out
}

/// New: each level of a partial union (side 9), one claim per peg count.
fn partial_claims(r: &PegResults) -> Vec<Claim> {
    let mut out = Vec::new();
    for p in &r.partial {
        for &(pegs, reachable) in &p.levels {
            out.push(Claim::new_result(
                FAMILY,
                &format!("peg.new.side{}_reachable_{pegs}_pegs", p.side),
                &format!(
                    "Positions with {pegs} pegs reachable from some single-vacancy start of side {} ({} holes)",
                    p.side, p.holes
                ),
                thousands(reachable.into()),
                &format!(
                    "data/peg/T{}/levels.csv, column reachable_positions, row pegs = {pegs} (a partial table: {} \
                    down to {} pegs)",
                    p.side,
                    p.holes - 1,
                    p.min_pegs()
                ),
            ));
        }
    }
    out
}
/// How many of a searched side's solvable problems have an exact fewest moves (by value), and the
/// bounds of the others (lower bound to the play's moves, with counts); `None` before any bound.
pub fn moves_summary(problems: &[ProblemRow]) -> Option<String> {
    use std::collections::BTreeMap;
    let solvable: Vec<&ProblemRow> = problems.iter().filter(|p| p.solvable()).collect();
    let settled: Vec<(&ProblemRow, &MinMoves)> = solvable
        .iter()
        .filter_map(|p| p.fewest.as_ref().map(|m| (*p, m)))
        .collect();
    if settled.is_empty() {
        return None;
    }
    let mut exact: BTreeMap<u32, usize> = BTreeMap::new();
    let mut open: BTreeMap<(u32, u32), usize> = BTreeMap::new();
    for (p, m) in &settled {
        match m.exact() {
            Some(v) => *exact.entry(v).or_default() += 1,
            None => *open.entry((m.lower_bound(), p.moves().unwrap_or(0))).or_default() += 1,
        }
    }
    let n_exact: usize = exact.values().sum();
    let mut text = if n_exact == solvable.len() {
        format!("all {n_exact} solvable problems have their exact fewest moves")
    } else {
        format!(
            "{n_exact} of {} solvable problems have their exact fewest moves",
            solvable.len()
        )
    };
    if !exact.is_empty() {
        text += &format!(
            " ({})",
            exact
                .iter()
                .map(|(v, c)| format!("{c} in {v}"))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    if !open.is_empty() {
        text += &format!(
            "; the other {} are bounded (from the proven lower bound to the moves of the play found): {}",
            settled.len() - n_exact,
            open.iter()
                .map(|((lo, hi), c)| format!("{c} between {lo} and {hi}"))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    if settled.len() < solvable.len() {
        text += &format!("; {} without a bound", solvable.len() - settled.len());
    }
    Some(text)
}
