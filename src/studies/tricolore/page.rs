//! The Tricolore report page, built from the results and claims inside `export`: headline tables
//! (with the document's rounding and totals, which the data files do not carry), the claims, every
//! chart with a line on what to see, and the definitions.

use super::document as doc;
use super::full::FullStudy;
use super::half::HalfStudy;
use super::{verdicts, TricoloreResults};
use crate::output::report::{Block, Page, Section};
use crate::output::{Cell, Table};
use crate::puzzles::tricolore::{Adjacency, Regime};
use crate::studies::Claim;

/// The claims of each section, by id prefix (`tricolore.` omitted). Claims no prefix matches
/// are listed in a last section, so none is left off the page.
const HALF_CLAIMS: &[&str] = &[
    "seed003.mirror_pair_starts",
    "seed003.unrestricted_table",
    "seed003.unrestricted_total",
    "seed003.hybrid_table",
    "seed003.hybrid_total",
    "seed003.unrestricted_average",
    "seed003.unrestricted_bold_share",
    "seed003.hybrid_average",
    "seed003.hybrid_bold_share",
    "seed003.average_prose",
    "seed003.unrestricted_reachable",
    "seed003.hybrid_reachable",
    "seed003.restricted_reachable",
    "seed003.unrestricted_minus_hybrid",
    "new.orthogonal_adjacency_rows",
];
const RESTRICTED_CLAIMS: &[&str] = &["new.restricted_table"];
const MAX_CLAIMS: &[&str] = &[
    "seed003.max_clicks_range",
    "seed003.unrestricted_within",
    "seed003.hybrid_within",
    "seed003.example_starts",
];
const TARGET_CLAIMS: &[&str] = &["seed003.target_", "seed003.all_red_to_all_white"];
const FULL_CLAIMS: &[&str] = &["new.full_distances", "seed003.only_all_blue", "new.reachability"];
const LARGE_CLAIMS: &[&str] = &["new.full_5x4_"];
const HALVES_CLAIMS: &[&str] = &["seed003.halves", "seed003.border_extension", "halves_exhaustive"];
const MAXIMA_CLAIMS: &[&str] = &["seed003.scant_minority_at_max"];

fn with_claims(mut s: Section, prefixes: &[&str]) -> Section {
    for p in prefixes {
        s = s.claims(format!("tricolore.{p}"));
    }
    s
}

fn title(regime: Regime) -> String {
    let n = regime.name();
    n[..1].to_uppercase() + &n[1..]
}

/// A half-board table with the document's rounding: mean per start to one decimal, share as a
/// whole percent, and the totals row.
fn document_style(s: &HalfStudy, printed: Option<(&[(usize, u64)], u64)>, orthogonal: Option<&HalfStudy>) -> Table {
    let mut header = vec!["clicks"];
    if printed.is_some() {
        header.push("document");
    }
    header.extend(["reached", "mean per start", "percent"]);
    if orthogonal.is_some() {
        header.push("orthogonal");
    }
    let mut t = Table::new(&header);
    let starts = s.starts.len() as f64;
    let total = s.total();
    let deepest = s
        .reached
        .len()
        .max(printed.map_or(0, |p| p.0.len() + 1))
        .max(orthogonal.map_or(0, |o| o.reached.len()));
    let at = |v: &[u64], k: usize| v.get(k).copied().unwrap_or(0);
    for k in 1..deepest {
        let n = at(&s.reached, k);
        let mut row: Vec<Cell> = vec![k.into()];
        if let Some((rows, _)) = printed {
            row.push(
                rows.iter()
                    .find(|r| r.0 == k)
                    .map_or(Cell::Text("--".into()), |r| r.1.into()),
            );
        }
        row.extend([
            n.into(),
            Cell::Fixed(n as f64 / starts, 1),
            Cell::Text(format!("{:.0}%", 100.0 * n as f64 / total as f64)),
        ]);
        if let Some(o) = orthogonal {
            row.push(at(&o.reached, k).into());
        }
        t.push(row);
    }
    let mut row: Vec<Cell> = vec!["total".into()];
    if let Some((_, printed_total)) = printed {
        row.push(printed_total.into());
    }
    row.extend([total.into(), Cell::Fixed(total as f64 / starts, 1), "100%".into()]);
    if let Some(o) = orthogonal {
        row.push(o.total().into());
    }
    t.push(row);
    t
}

/// Starts by their maximum clicks, one column per regime (king adjacency).
fn eccentricity_table(r: &TricoloreResults) -> Table {
    let names: Vec<String> = r.king.iter().map(|s| s.regime.name().to_string()).collect();
    let mut header = vec!["max clicks"];
    header.extend(names.iter().map(String::as_str));
    let mut t = Table::new(&header);
    let all: Vec<Vec<(u8, u32)>> = r.king.iter().map(|s| s.eccentricity()).collect();
    let lo = all.iter().filter_map(|e| e.first().map(|x| x.0)).min().unwrap_or(0);
    let hi = all.iter().filter_map(|e| e.last().map(|x| x.0)).max().unwrap_or(0);
    for m in lo..=hi {
        let mut row: Vec<Cell> = vec![m.into()];
        for e in &all {
            row.push(e.iter().find(|x| x.0 == m).map_or(0, |x| x.1).into());
        }
        t.push(row);
    }
    t
}

fn range_table(r: &TricoloreResults) -> Table {
    let mut t = Table::new(&["regime", "document", "king", "orthogonal"]);
    let range = |s: Option<&HalfStudy>| {
        s.map(|s| s.eccentricity()).map_or("-".to_string(), |e| {
            format!("{}-{}", e.first().map_or(0, |x| x.0), e.last().map_or(0, |x| x.0))
        })
    };
    for (regime, lo, hi) in doc::MAX_CLICK_RANGES {
        t.push(vec![
            regime.name().into(),
            format!("{lo}-{hi}").into(),
            range(r.king(regime)).into(),
            range(r.orthogonal(regime)).into(),
        ]);
    }
    t
}

fn targets_table(r: &TricoloreResults) -> Table {
    let mut t = Table::new(&[
        "regime",
        "final state",
        "document average",
        "average",
        "document maximum",
        "maximum",
    ]);
    for (regime, target, avg, max) in doc::TARGETS {
        let Some(s) = r.king(regime) else { continue };
        let Ok(b) = s.grid.parse(target) else { continue };
        let row = s.target(b);
        t.push(vec![
            regime.name().into(),
            target.into(),
            avg.into(),
            row.average().map_or(Cell::Empty, |a| Cell::Fixed(a, 1)),
            max.into(),
            row.max_clicks.into(),
        ]);
    }
    t
}

/// Boards by fewest clicks to each 4x4 target, with the boards that cannot reach it and the total.
fn full_table(fulls: &[FullStudy]) -> Table {
    let heads: Vec<String> = fulls
        .iter()
        .map(|f| format!("to {}", f.grid.format(f.target)))
        .collect();
    let mut header = vec!["clicks"];
    header.extend(heads.iter().map(String::as_str));
    let mut t = Table::new(&header);
    let deepest = fulls.iter().map(|f| f.boards.len()).max().unwrap_or(0);
    for k in 0..deepest {
        let mut row: Vec<Cell> = vec![k.into()];
        row.extend(fulls.iter().map(|f| Cell::from(f.boards.get(k).copied().unwrap_or(0))));
        t.push(row);
    }
    let mut never: Vec<Cell> = vec!["cannot reach".into()];
    never.extend(fulls.iter().map(|f| Cell::from(f.unreachable_boards)));
    t.push(never);
    let mut total: Vec<Cell> = vec!["total".into()];
    total.extend(
        fulls
            .iter()
            .map(|f| Cell::from(f.boards.iter().sum::<u64>() + f.unreachable_boards)),
    );
    t.push(total);
    t
}

/// The 5x4 targets: maximum, mean, farthest and unreachable boards.
fn large_table(large: &[FullStudy]) -> Table {
    let mut t = Table::new(&[
        "target",
        "symmetries searched up to",
        "max clicks",
        "mean clicks",
        "farthest boards",
        "boards that cannot reach it",
    ]);
    for f in large {
        let (max, mean, farthest) = super::saved::max_mean(f);
        let sym = if f.symmetries.is_empty() {
            "none".to_string()
        } else {
            f.symmetries.join(", ")
        };
        t.push(vec![
            f.grid.format(f.target).into(),
            sym.into(),
            max.into(),
            Cell::Fixed(mean, 4),
            farthest.into(),
            f.unreachable_boards.into(),
        ]);
    }
    t
}

fn reach_table(r: &TricoloreResults) -> Table {
    let mut t = Table::new(&["search", "examined", "missed", "missed boards"]);
    for x in &r.reach {
        t.push(vec![
            x.search.clone().into(),
            x.examined.into(),
            x.missed.into(),
            x.missed_boards.join(" ").into(),
        ]);
    }
    t
}

/// The peak and the deepest row of a half table, for a caption.
fn peak(s: &HalfStudy) -> (usize, usize) {
    let top = s
        .reached
        .iter()
        .enumerate()
        .max_by_key(|&(k, &n)| (n, std::cmp::Reverse(k)))
        .map_or(0, |x| x.0);
    (top, s.max_clicks())
}

fn chart_stem(prefix: &str, s: &HalfStudy) -> String {
    match s.grid.adjacency() {
        Adjacency::King => format!("{prefix}_{}", s.regime.name()),
        a => format!("{prefix}_{}_{}", s.regime.name(), a.name()),
    }
}

fn charts(r: &TricoloreResults) -> Vec<Section> {
    let mut overview = Section::new("Charts");
    if !r.king.is_empty() {
        let ranges: Vec<String> = r
            .king
            .iter()
            .map(|s| {
                let e = s.eccentricity();
                format!(
                    "{} {}-{}",
                    s.regime.name(),
                    e.first().map_or(0, |x| x.0),
                    e.last().map_or(0, |x| x.0)
                )
            })
            .collect();
        let peaks: Vec<String> = r
            .king
            .iter()
            .map(|s| format!("{} peaks at {} and ends at {}", s.regime.name(), peak(s).0, peak(s).1))
            .collect();
        overview = overview
            .chart(
                "half_clicks_all",
                format!(
                    "The three regimes side by side (king): {}; the freer the clicks, the further left.",
                    peaks.join(", ")
                ),
            )
            .chart(
                "half_eccentricity_all",
                format!(
                    "Starts by the most clicks they need (king): each regime's starts fall in a narrow band ({}).",
                    ranges.join(", ")
                ),
            );
    }
    if !r.fulls.is_empty() {
        let mean = |f: &FullStudy| {
            f.boards
                .iter()
                .enumerate()
                .map(|(k, &n)| k as f64 * n as f64)
                .sum::<f64>()
                / f.boards.iter().sum::<u64>().max(1) as f64
        };
        let mut by_mean: Vec<(f64, String)> = r.fulls.iter().map(|f| (mean(f), f.grid.format(f.target))).collect();
        by_mean.sort_by(|a, b| a.0.total_cmp(&b.0));
        let order: Vec<String> = by_mean.iter().map(|(m, t)| format!("{t} (mean {m:.2})")).collect();
        overview = overview.chart(
            "full_distance_all",
            format!(
                "4x4: boards by fewest clicks to each of the applet's targets, nearest first: {}.",
                order.join(", ")
            ),
        );
    }
    let mut half = Section::new("Charts per half-board study");
    for s in r.king.iter().chain(&r.orthogonal) {
        let (top, deepest) = peak(s);
        let label = format!("{} ({})", title(s.regime), s.grid.adjacency().name());
        let e = s.eccentricity();
        let (lo, hi) = (e.first().map_or(0, |x| x.0), e.last().map_or(0, |x| x.0));
        let at_max = e.last().map_or(0, |x| x.1);
        half = half
            .chart(
                chart_stem("half_clicks", s),
                format!(
                    "{label}: (start, board) pairs first reached after k clicks; \
                most need {top}, none more than {deepest}."
                ),
            )
            .chart(
                chart_stem("half_eccentricity", s),
                format!(
                    "{label}: starts by the most clicks they need, {lo} to {hi}; {at_max} of the {} starts need \
                    the maximum {hi}.",
                    s.starts.len()
                ),
            );
    }
    let mut full = Section::new("Charts per 4x4 target");
    for f in &r.fulls {
        let target = f.grid.format(f.target);
        let max = f.boards.iter().rposition(|&n| n > 0).unwrap_or(0);
        full = full.chart(
            format!("full_distance_{target}"),
            format!("4x4 to {target}: boards by fewest clicks; the farthest need {max}."),
        );
    }
    [overview, half, full]
        .into_iter()
        .filter(|s| !s.blocks.is_empty())
        .collect()
}

pub fn page(r: &TricoloreResults, claims: &[Claim]) -> Page {
    let mut sections = Vec::new();

    let mut tables = Section::new("The document's half-board tables").text(
        "The document's Unrestricted and Hybrid tables (4x2 board, statistics over the 3321 mirror-pair \
            representatives) beside ours under king adjacency, with its rounding: mean per start to one decimal, \
            percent of all (start, board) pairs as a whole percent; `--` where it prints none. The last column is the \
            same count under orthogonal adjacency. The data files carry the unrounded values and no totals row.",
    );
    for regime in [Regime::Unrestricted, Regime::Hybrid] {
        if let Some(s) = r.king(regime) {
            tables = tables.table(
                format!("{}:", title(regime)),
                document_style(s, doc::table(regime), r.orthogonal(regime)),
            );
        }
    }
    sections.push(with_claims(tables, HALF_CLAIMS));

    if let Some(s) = r.king(Regime::Restricted) {
        let restricted = Section::new("The Restricted table (new)").table(
            "Restricted (lower row only): the document gives only its range of maxima, 14-16. Same columns and \
                rounding; the last column is orthogonal adjacency.",
            document_style(s, None, r.orthogonal(Regime::Restricted)),
        );
        sections.push(with_claims(restricted, RESTRICTED_CLAIMS));
    }

    if !r.king.is_empty() {
        let max = Section::new("Maximum clicks per start")
            .table(
                "The range of the most clicks a start needs (its eccentricity), per regime:",
                range_table(r),
            )
            .table(
                format!(
                    "Starts (of {}) by the most clicks they need, king adjacency:",
                    r.king.first().map_or(0, |s| s.starts.len())
                ),
                eccentricity_table(r),
            );
        sections.push(with_claims(max, MAX_CLAIMS));
        if let Some(v) = &r.verdicts {
            let scant = Section::new("Which starts need the maximum")
                .text(
                    "Seed 003: \"in each case only a scant minority of starting positions (often All Red) require \
                    the maximum number of clicks\". Over all 6561 starts of the 4x2 board (king adjacency), with each \
                    start's distance matrix to every other board:",
                )
                .table(
                    format!(
                        "Per regime (`data/tricolore/{}`; the starts themselves in `data/tricolore/{}`):",
                        verdicts::MAXIMA_CSV,
                        verdicts::SLOWEST_STARTS_CSV
                    ),
                    verdicts::maxima_table(&v.maxima),
                );
            sections.push(with_claims(scant, MAXIMA_CLAIMS));
        }
        let targets = Section::new("Clicks to selected final states").table(
            "The document's reversed table: clicks to reach a final state, average and maximum over the 3321 starts \
                other than the target, king adjacency:",
            targets_table(r),
        );
        sections.push(with_claims(targets, TARGET_CLAIMS));
    }

    {
        let halves: Vec<&HalfStudy> = r.king.iter().chain(&r.orthogonal).collect();
        if halves.len() + r.fulls.len() > 1 {
            sections.push(Section::new("Per board studied").table(
                "One row per board studied (`data/tricolore/boards.csv`): on the 4x2 half board, pairs are \
                    (mirror-pair representative start, any board) and reachable pairs those some click sequence joins; \
                    on the 4x4 board, pairs are (any board, the target named). Max and mean clicks are over the \
                    reachable pairs (first click free):",
                super::report::boards_table(&halves, &r.fulls),
            ));
        }
    }
    if !r.fulls.is_empty() || !r.reach.is_empty() {
        let mut full = Section::new("The full 4x4 board (new)");
        if !r.fulls.is_empty() {
            full = full.table(
                "Fewest clicks from every 4x4 board (first click free) to each target of the document's applet, over \
                    the whole board; the document found this space too large to search:",
                full_table(&r.fulls),
            );
        }
        if !r.reach.is_empty() {
            full = full.table(
                "Reachability: a backward search to all red over every (board, last click) state, then forward \
                    searches from all red after a click on one square of each symmetry class (all red is symmetric, so \
                    the other squares follow):",
                reach_table(r),
            );
        }
        sections.push(with_claims(full, FULL_CLAIMS));
    }

    if !r.large.is_empty() || !r.large_missing.is_empty() {
        let missing = if r.large_missing.is_empty() {
            String::new()
        } else {
            format!(
                " Not yet searched (no table in `data/tricolore/{}`; `statespace reproduce --full` or `statespace \
                tricolore full --width 5 --height 4 --target ...` searches them): \
                {}.",
                super::saved::DIR,
                r.large_missing.join(", ")
            )
        };
        let how = if r.large_read_back {
            format!(
                "This run read the tables back from `data/tricolore/{dir}` and re-checked them: the counts against \
                the board (at most 3^20 boards and 21 x 3^20 states, at least 20 states per board at its distance, no \
                board left out) and levels 0 to {} recomputed by a separate bounded backward search over explicit \
                states; the deeper levels, and so the maximum and the mean, are read back; `statespace reproduce \
                --full` searches again (minutes per target).",
                super::saved::RECHECK_LEVELS,
                dir = super::saved::DIR
            )
        } else {
            "This run searched them.".to_string()
        };
        let mut large = Section::new("The 5x4 board (new)").text(format!(
            "Fewest clicks from every one of the 3^20 = 3,486,784,401 boards of a 5x4 board (king \
                adjacency, first click free) to all red, all white and the checkerboard, over (board, last click) \
                states. Nobody has published these. How: one backward search per target with one byte per board (each \
                board's distance over all last clicks takes at most two values, stored by their age relative to the \
                level being searched) and up to the rectangle's symmetries that fix the target: all red and all white \
                are fixed by both mirrors and the half turn, so about a quarter of the boards is searched; the 5x4 \
                checkerboard WBWBW.BWBWB.WBWBW.BWBWB only by the left-right mirror (the top-bottom mirror and the half \
                turn swap its colours). The counts are weighted by orbit size. The same search is checked against an \
                independent plain BFS on 4x3 and 3x3, with and without symmetry, and against the per-board search on \
                4x4. {how}{missing}"
        ));
        if !r.large.is_empty() {
            large = large.table(
                format!("Boards by fewest clicks to each target (`data/tricolore/{}/distance_to_{{target}}.csv`, which \
                    also counts (board, last click) states):", super::saved::DIR),
                full_table(&r.large),
            )
            .table(
                format!("Per target (`data/tricolore/{}/{}`): mean over the boards that can reach it; farthest = \
                    boards needing the maximum:", super::saved::DIR, super::saved::SUMMARY_CSV),
                large_table(&r.large),
            )
            .chart(super::LARGE_CHART, "5x4: boards by fewest clicks to each target, log scale.");
        }
        sections.push(with_claims(large, LARGE_CLAIMS));
    }

    if r.verdicts.is_some() || r.example.is_some() || r.composed.is_some() {
        let mut halves = Section::new("The halves method against the optimum");
        if let Some(e) = &r.example {
            halves = halves.text(format!(
                "Appendix A, {} to {}: the document takes {} clicks; our halves method takes {} ({} top + {} bottom), \
                    the best choice among optimal top-half solutions {}, the optimum {}.",
                e.from,
                e.to,
                doc::HALVES_EXAMPLE.2,
                e.halves,
                e.halves_top,
                e.halves - e.halves_top,
                e.halves_best,
                e.optimal
            ));
        }
        if let Some(v) = &r.verdicts {
            halves = halves.table(
                format!(
                    "The halves method against the optimum on every one of the 3^16 = 43,046,721 boards, for the \
                        applet's targets and for targets with an all-blue border (the document's extension: turn the \
                        board so the halves method applies); `data/tricolore/full/{}`, with the joint distribution of \
                        (optimal, halves) clicks in `data/tricolore/full/{}`:",
                    verdicts::HALVES_SUMMARY_CSV,
                    verdicts::HALVES_JOINT_CSV
                ),
                verdicts::halves_summary_table(&v.halves),
            );
        }
        if let Some(c) = &r.composed {
            halves = halves.text(format!(
                "The document's overall figures (\"in 94% of cases, 16 or fewer ... on average, 12.9\") compose its \
                    two tables: top half Unrestricted, bottom half Hybrid, independently. Composed exactly: mean \
                    {:.4}, {:.2}% within 16 clicks. For a fixed target the method differs (the table above).",
                c.mean(),
                100.0 * c.share_within(16)
            ));
        }
        sections.push(with_claims(halves, HALVES_CLAIMS));
    }

    let listed: Vec<String> = [
        HALF_CLAIMS,
        RESTRICTED_CLAIMS,
        MAX_CLAIMS,
        MAXIMA_CLAIMS,
        TARGET_CLAIMS,
        FULL_CLAIMS,
        LARGE_CLAIMS,
        HALVES_CLAIMS,
    ]
    .concat()
    .iter()
    .map(|p| format!("tricolore.{p}"))
    .collect();
    let mut others = Section::new("Other claims");
    let mut any = false;
    for c in claims
        .iter()
        .filter(|c| c.family == "tricolore" && !listed.iter().any(|p| c.id.starts_with(p.as_str())))
    {
        others = others.claims(c.id.clone());
        any = true;
    }
    if any {
        sections.push(others);
    }
    sections.extend(charts(r));
    let summary = summary(r);

    Page {
        summary,
        family: "tricolore".into(),
        title: "Tricolore".into(),
        intro: vec![
            "Tricolore XP (seed 003, \"A Study of Tricolore XP\"): a 4x4 board of Red, White and Blue squares. \
                Clicking a square advances colours R -> W -> B -> R: a red square advances itself, a white square its \
                adjoining squares, a blue square itself and its adjoining squares; the same square may not be clicked \
                twice in succession. Boards are written row by row, rows joined by '.', squares numbered 0.. row by \
                row. The document studies 4x2 half boards in three click regimes and solves the 4x4 board by halves; \
                we check every figure it prints and compute the whole 4x4 board exactly."
                .into(),
            "How: the half-board statistics come from one search per mirror-pair representative over (board, last \
                click) states; the 4x4 distances from one backward search per target over all 3^16 x 17 (board, last \
                click) states, using the fact that a board's distance over all last clicks takes at most two values. \
                Every published figure below is set beside ours with a computed verdict; `corrected` marks a figure \
                right in substance but wrong in a printed detail."
                .into(),
        ],
        sections,
        definitions: definitions(),
    }
}

/// The entry page's view: what the puzzle is, the 4x4 result and the three regimes at a glance.
fn summary(r: &TricoloreResults) -> Vec<Block> {
    let mut out = vec![Block::Text(
        "Tricolore XP (seed 003): Red, White and Blue squares; a click advances colours R -> W -> B -> R (red: itself, \
            white: its neighbours, blue: itself and its neighbours), never the same square twice in succession. The \
            document's 4x2 half-board tables are reproduced digit for digit under king adjacency, and the whole 4x4 \
            board, which the document found too large to search, is searched exactly.".into(),
    )];
    if !r.fulls.is_empty() {
        out.push(Block::Table {
            caption: "Fewest clicks from every 4x4 board to each target (new):".into(),
            table: full_table(&r.fulls),
        });
    }
    if !r.large.is_empty() {
        out.push(Block::Table {
            caption: "The 5x4 board, 3^20 boards (new): fewest clicks to each target:".into(),
            table: large_table(&r.large),
        });
    }
    if !r.king.is_empty() {
        out.push(Block::Table {
            caption: "The most clicks a 4x2 start needs, per regime:".into(),
            table: range_table(r),
        });
        out.push(Block::Chart {
            stem: "half_clicks_all".into(),
            caption: "4x2 half boards, the three click regimes side by side (king adjacency): (start, board) pairs by \
                fewest clicks."
                .into(),
        });
    }
    out
}

/// Terms used on the page and in `data/tricolore/`.
pub fn definitions() -> Vec<(String, String)> {
    [
        (
            "board",
            "the colours of all squares, row by row, rows joined by '.' (R red, W white, B blue), e.g. \
            RRRB.BRWR; squares are numbered from 0, row by row",
        ),
        (
            "click",
            "advances colours R -> W -> B -> R: a red square advances itself, a white one its adjoining squares, \
            a blue one itself and its adjoining squares; a square may not be clicked twice in succession",
        ),
        (
            "adjacency",
            "which squares adjoin: king = the up to 8 surrounding squares (rows, columns and diagonals; \
            reproduces the document), orthogonal = the up to 4 sharing an edge",
        ),
        (
            "regime",
            "which squares may be clicked on the 4x2 half board: unrestricted = any; restricted = lower row \
            only; hybrid = lower row plus any red square of the top row (which changes only itself), never entering a \
            board whose lower row is all blue",
        ),
        (
            "(board, last click) state",
            "what the no-repeat rule makes a search track: the board and the square clicked last (or none at \
            the start); the first click is free",
        ),
        (
            "first reached / reached",
            "a board counts for a start at the fewest clicks after which it is shown (the \
            start itself at its first return); `reached` counts (start, board) pairs at k clicks",
        ),
        (
            "mirror-pair representative",
            "of a board and its left-right mirror image, the one first in R < W < B text \
            order; the 3321 representatives (81 symmetric boards and one of each of the 3240 other pairs) are the \
            document's starts; mirrored starts give mirrored results",
        ),
        (
            "mean_per_start",
            "reached / 3321: boards first reached after k clicks per start, on average",
        ),
        (
            "share",
            "reached / total over all (start, board) pairs, a decimal in [0, 1]; the report shows it as a whole \
            percent",
        ),
        (
            "eccentricity (max_clicks of a start)",
            "the maximum, over all targets reachable from the start, of the fewest clicks to reach them",
        ),
        (
            "target averages",
            "clicks to reach a final state, averaged (and maximised) over the 3321 representative \
            starts other than the target",
        ),
        (
            "clicks (4x4)",
            "fewest clicks from a board to the target, first click free; `states` counts (board, last \
            click) states at that distance",
        ),
        (
            "5x4 summary",
            "symmetries: the rectangle symmetries fixing the target, up to which the search ran; orbits: \
            boards up to them; farthest_boards: boards needing max_clicks; unreachable / unreachable_states: boards \
            and (board, last click) states that cannot reach the target; unreachable_list: those boards when at most \
            1000",
        ),
        (
            "halves method",
            "the document's 4x4 method: solve the top two rows as a 4x2 board (unrestricted), then the \
            bottom two (hybrid, so the top rows stay solved); the board is turned first when the target's lower half \
            cannot be reached that way",
        ),
        (
            "halves / halves_best",
            "clicks the halves method takes when each step clicks the lowest square among optimal \
            clicks / with the best choice among all optimal top-half solutions",
        ),
        ("optimal", "fewest clicks over the whole 4x4 board"),
        (
            "composed tables",
            "the document's overall figures for the halves method: the Unrestricted and Hybrid tables \
            combined as if the two halves were independent (top-half clicks + bottom-half clicks)",
        ),
        (
            "reachability search",
            "`examined` states (backward) or boards (forward) searched and the `missed` ones not reached",
        ),
        (
            "verdict",
            "confirmed: the published value is what we compute; corrected: right in substance, wrong in a \
            printed detail (we give the right figure); refuted: false; new: not published",
        ),
    ]
    .iter()
    .map(|(a, b)| (a.to_string(), b.to_string()))
    .collect()
}
