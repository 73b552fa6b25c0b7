//! The Tricolore report page, built from the results and claims inside `export`: headline tables
//! (with the document's rounding and totals, which the data files do not carry), the claims, every
//! chart with a line on what to see, and the definitions.

use super::document as doc;
use super::full::FullStudy;
use super::half::HalfStudy;
use super::{verdicts, TricoloreResults};
use crate::output::report::{Block, Page, Section};
use crate::output::template::{prose, unwrap};
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
    "seed003.unrestricted_percent_column",
    "seed003.hybrid_percent_column",
    "seed003.half_pairs",
    "seed003.full_pairs_symmetry",
    "seed003.hybrid_between",
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
const TARGET_CLAIMS: &[&str] = &[
    "seed003.target_",
    "seed003.all_red_typically_hardest",
    "seed003.all_red_to_all_white",
];
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
/// whole percent rounded so that the column adds up to the totals row's 100% (each share rounded
/// down, the units left given to the largest remainders, as the document's columns add up), and
/// the totals row.
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
    let counts: Vec<u64> = (1..deepest).map(|k| at(&s.reached, k)).collect();
    let percents = super::all_starts::largest_remainder_percents(&counts);
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
            Cell::Text(format!("{}%", percents[k - 1])),
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
    row.extend([
        total.into(),
        Cell::Fixed(total as f64 / starts, 1),
        format!("{}%", percents.iter().sum::<u64>()).into(),
    ]);
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
        "average over every start",
        "average over the representatives",
        "document maximum",
        "maximum over every start",
    ]);
    for (regime, target, avg, max) in doc::TARGETS {
        let Some(s) = r.king(regime) else { continue };
        let Ok(b) = s.grid.parse(target) else { continue };
        let row = s.target(b);
        t.push(vec![
            regime.name().into(),
            target.into(),
            avg.into(),
            row.all_starts_average().map_or(Cell::Empty, |a| Cell::Fixed(a, 1)),
            row.average().map_or(Cell::Empty, |a| Cell::Fixed(a, 1)),
            max.into(),
            row.all_max_clicks.into(),
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

/// The lowest and the highest eccentricity of a study's starts, and how many starts have the
/// highest.
fn eccentricity_range(s: &HalfStudy) -> (u8, u8, u32) {
    let e = s.eccentricity();
    (
        e.first().map_or(0, |x| x.0),
        e.last().map_or(0, |x| x.0),
        e.last().map_or(0, |x| x.1),
    )
}

/// Mean fewest clicks over the boards that reach a 4x4 target.
fn full_mean(f: &FullStudy) -> f64 {
    f.boards
        .iter()
        .enumerate()
        .map(|(k, &n)| k as f64 * n as f64)
        .sum::<f64>()
        / f.boards.iter().sum::<u64>().max(1) as f64
}

fn charts(r: &TricoloreResults) -> Vec<Section> {
    [overview_charts(r), half_charts(r), full_charts(r)]
        .into_iter()
        .filter(|s| !s.blocks.is_empty())
        .collect()
}

/// The charts that set the regimes and the 4x4 targets side by side.
fn overview_charts(r: &TricoloreResults) -> Section {
    let mut overview = Section::new("Charts");
    if !r.king.is_empty() {
        let ranges: Vec<String> = r
            .king
            .iter()
            .map(|s| {
                let (lo, hi, _) = eccentricity_range(s);
                format!("{} {lo}-{hi}", s.regime.name())
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
        let mut by_mean: Vec<(f64, String)> = r
            .fulls
            .iter()
            .map(|f| (full_mean(f), f.grid.format(f.target)))
            .collect();
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
    overview
}

/// Two charts per half-board study: pairs by clicks, starts by eccentricity.
fn half_charts(r: &TricoloreResults) -> Section {
    let mut half = Section::new("Charts per half-board study");
    for s in r.king.iter().chain(&r.orthogonal) {
        let (top, deepest) = peak(s);
        let label = format!("{} ({})", title(s.regime), s.grid.adjacency().name());
        let (lo, hi, at_max) = eccentricity_range(s);
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
    half
}

/// One chart per 4x4 target.
fn full_charts(r: &TricoloreResults) -> Section {
    let mut full = Section::new("Charts per 4x4 target");
    for f in &r.fulls {
        let target = f.grid.format(f.target);
        let max = f.boards.iter().rposition(|&n| n > 0).unwrap_or(0);
        full = full.chart(
            format!("full_distance_{target}"),
            format!("4x4 to {target}: boards by fewest clicks; the farthest need {max}."),
        );
    }
    full
}

pub fn page(r: &TricoloreResults, claims: &[Claim]) -> Page {
    let mut sections = vec![half_tables_section(r)];
    sections.extend(restricted_section(r));
    sections.extend(max_sections(r));
    sections.extend(boards_section(r));
    sections.extend(full_section(r));
    sections.extend(large_section(r));
    sections.extend(halves_section(r));
    sections.extend(ring_section(r));
    sections.extend(other_claims_section(claims));
    sections.push(Section::new("Statements not judged").text(prose(include_str!("prose/unjudged.md"), &[])));
    sections.extend(charts(r));
    Page {
        summary: summary(r),
        family: "tricolore".into(),
        title: "Tricolore".into(),
        intro: vec![
            prose(include_str!("prose/intro_rules.md"), &[]),
            prose(include_str!("prose/intro_how.md"), &[]),
        ],
        sections,
        definitions: definitions(),
    }
}

/// The document's Unrestricted and Hybrid tables beside ours.
fn half_tables_section(r: &TricoloreResults) -> Section {
    let mut tables =
        Section::new("The document's half-board tables").text(prose(include_str!("prose/half_tables.md"), &[]));
    for regime in [Regime::Unrestricted, Regime::Hybrid] {
        if let Some(s) = r.king(regime) {
            tables = tables.table(
                format!("{}:", title(regime)),
                document_style(s, doc::table(regime), r.orthogonal(regime)),
            );
        }
    }
    with_claims(tables, HALF_CLAIMS)
}

fn restricted_section(r: &TricoloreResults) -> Option<Section> {
    let s = r.king(Regime::Restricted)?;
    let restricted = Section::new("The Restricted table (new)").table(
        prose(include_str!("prose/restricted.md"), &[]),
        document_style(s, None, r.orthogonal(Regime::Restricted)),
    );
    Some(with_claims(restricted, RESTRICTED_CLAIMS))
}

/// The starts' maximum clicks, which starts need the maximum, and the clicks to selected targets
/// (king adjacency).
fn max_sections(r: &TricoloreResults) -> Vec<Section> {
    let mut sections = Vec::new();
    if r.king.is_empty() {
        return sections;
    }
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
            .text(prose(include_str!("prose/scant.md"), &[]))
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
    let targets = Section::new("Clicks to selected final states")
        .table(prose(include_str!("prose/targets.md"), &[]), targets_table(r));
    sections.push(with_claims(targets, TARGET_CLAIMS));
    sections
}

/// One row per board studied, when more than one was.
fn boards_section(r: &TricoloreResults) -> Option<Section> {
    let halves: Vec<&HalfStudy> = r.king.iter().chain(&r.orthogonal).collect();
    (halves.len() + r.fulls.len() > 1).then(|| {
        Section::new("Per board studied").table(
            prose(include_str!("prose/boards.md"), &[]),
            super::report::boards_table(&halves, &r.fulls),
        )
    })
}

fn full_section(r: &TricoloreResults) -> Option<Section> {
    if r.fulls.is_empty() && r.reach.is_empty() {
        return None;
    }
    let mut full = Section::new("The full 4x4 board (new)");
    if !r.fulls.is_empty() {
        full = full.table(prose(include_str!("prose/full_table.md"), &[]), full_table(&r.fulls));
    }
    if !r.reach.is_empty() {
        full = full.table(prose(include_str!("prose/reachability.md"), &[]), reach_table(r));
    }
    Some(with_claims(full, FULL_CLAIMS))
}

/// Every pair of boards of the 3x3 ring, every figure from the study.
fn ring_section(r: &TricoloreResults) -> Option<Section> {
    use crate::output::chart::group_thousands;
    let s = r.ring.as_ref()?;
    let g = &s.grid;
    let ecc = s.eccentricity();
    let (lo, hi) = (ecc.first().map_or(0, |e| e.0), ecc.last().map_or(0, |e| e.0));
    let most = |t: u32| {
        s.target(t)
            .max_clicks
            .map_or("no start reaches it".to_string(), |m| format!("{m} clicks"))
    };
    let hardest = s.targets.iter().filter_map(|t| t.max_clicks).max().unwrap_or(0);
    let stem = super::pairs::dir_name(super::pairs::RING, g);
    let text = format!(
        "The 3x3 box without its centre square: {squares} squares, king adjacency (a board file `lattice: \
         square-diagonal` with rows `ooo`, `o.o`, `ooo`), {boards} boards, every one a start (the unrestricted \
         regime; one search per class of starts under the board's {order} symmetries, the other starts' distances \
         carried over). Of the {pairs} (start, board) pairs, {reached} are reachable, at {mean:.4} clicks on \
         average. A start needs at most {lo} to {hi} clicks to reach every board it can reach ({at_hi} starts \
         need {hi}); a target needs at most {hardest} clicks from any start that reaches it: all red {red}, all \
         white {white}, all blue: {blue}. `statespace tricolore pairs --board-file FILE` computes the same for \
         any board of up to 10 squares. Data: `data/tricolore/{stem}/` (`targets.csv` per target, \
         `starts.csv` per start, `eccentricity.csv`, `table.csv`).",
        squares = g.squares(),
        boards = group_thousands(u128::from(s.boards())),
        order = g.all_symmetries().len(),
        pairs = group_thousands(u128::from(s.boards()) * u128::from(s.boards())),
        reached = group_thousands(u128::from(s.total())),
        mean = s.mean_clicks(),
        at_hi = ecc.last().map_or(0, |e| e.1),
        red = most(g.uniform(0)),
        white = most(g.uniform(1)),
        blue = most(g.uniform(2)),
    );
    Some(
        Section::new("Any board: every pair of boards of the 3x3 ring (new)")
            .text(text)
            .chart(
                format!("{stem}_eccentricity"),
                "3x3 ring: starts by the most clicks to any board they reach, targets by the most clicks from \
                 any start that reaches them.",
            )
            .chart(
                format!("{stem}_clicks"),
                "3x3 ring: (start, board) pairs by the fewest clicks after which the board is first shown.",
            ),
    )
}

/// How the 5x4 tables came to be: read back and re-checked, or searched; and the targets with no
/// table yet.
fn large_text(r: &TricoloreResults) -> String {
    let dir = super::saved::DIR;
    let missing = if r.large_missing.is_empty() {
        String::new()
    } else {
        let targets = r.large_missing.join(", ");
        let text = prose(
            include_str!("prose/large_missing.md"),
            &[("dir", dir), ("targets", &targets)],
        );
        format!(" {text}")
    };
    let how = if r.large_read_back {
        let levels = super::saved::RECHECK_LEVELS.to_string();
        prose(
            include_str!("prose/large_read_back.md"),
            &[("dir", dir), ("levels", &levels)],
        )
    } else {
        "This run searched them.".to_string()
    };
    prose(include_str!("prose/large.md"), &[("how", &how), ("missing", &missing)])
}

fn large_section(r: &TricoloreResults) -> Option<Section> {
    if r.large.is_empty() && r.large_missing.is_empty() {
        return None;
    }
    let dir = super::saved::DIR;
    let mut large = Section::new("The 5x4 board (new)").text(large_text(r));
    if !r.large.is_empty() {
        large = large
            .table(
                format!(
                    "Boards by fewest clicks to each target (`data/tricolore/{dir}/distance_to_{{target}}.csv`, \
                    which also counts (board, last click) states):"
                ),
                full_table(&r.large),
            )
            .table(
                format!(
                    "Per target (`data/tricolore/{dir}/{}`): mean over the boards that can reach it; farthest = \
                    boards needing the maximum:",
                    super::saved::SUMMARY_CSV
                ),
                large_table(&r.large),
            )
            .chart(
                super::LARGE_CHART,
                "5x4: boards by fewest clicks to each target, log scale.",
            );
    }
    Some(with_claims(large, LARGE_CLAIMS))
}

/// The document's worked example, the exhaustive comparison and the composed tables.
fn halves_section(r: &TricoloreResults) -> Option<Section> {
    if r.verdicts.is_none() && r.example.is_none() && r.composed.is_none() {
        return None;
    }
    let mut halves = Section::new("The halves method against the optimum");
    if let Some(e) = &r.example {
        let n = |v: usize| v.to_string();
        halves = halves.text(prose(
            include_str!("prose/example.md"),
            &[
                ("from", &e.from),
                ("to", &e.to),
                ("document", &n(doc::HALVES_EXAMPLE.2)),
                ("halves", &n(e.halves)),
                ("top", &n(e.halves_top)),
                ("bottom", &n(e.halves - e.halves_top)),
                ("best", &n(e.halves_best)),
                ("optimal", &n(e.optimal)),
            ],
        ));
    }
    if let Some(v) = &r.verdicts {
        halves = halves.table(
            prose(
                include_str!("prose/halves_table.md"),
                &[
                    ("summary_csv", verdicts::HALVES_SUMMARY_CSV),
                    ("joint_csv", verdicts::HALVES_JOINT_CSV),
                ],
            ),
            verdicts::halves_summary_table(&v.halves),
        );
    }
    if let Some(c) = &r.composed {
        let mean = format!("{:.4}", c.mean());
        let within_16 = format!("{:.2}", 100.0 * c.share_within(16));
        halves = halves.text(prose(
            include_str!("prose/composed.md"),
            &[("mean", &mean), ("within_16", &within_16)],
        ));
    }
    Some(with_claims(halves, HALVES_CLAIMS))
}

/// The family's claims no section's prefixes match, so none is left off the page.
fn other_claims_section(claims: &[Claim]) -> Option<Section> {
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
    let others: Vec<&Claim> = claims
        .iter()
        .filter(|c| c.family == "tricolore" && !listed.iter().any(|p| c.id.starts_with(p.as_str())))
        .collect();
    (!others.is_empty()).then(|| {
        others
            .iter()
            .fold(Section::new("Other claims"), |s, c| s.claims(c.id.clone()))
    })
}

/// The entry page's view: what the puzzle is, the 4x4 result and the three regimes at a glance.
fn summary(r: &TricoloreResults) -> Vec<Block> {
    let mut out = vec![Block::Text(prose(include_str!("prose/summary.md"), &[]))];
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

/// Terms used on the page and in `data/tricolore/` (`prose/definitions.md`: a term on one line,
/// its meaning on the following lines, entries separated by a blank line).
pub fn definitions() -> Vec<(String, String)> {
    include_str!("prose/definitions.md")
        .split("\n\n")
        .map(|entry| {
            let (term, meaning) = entry.split_once('\n').expect("a term, then its meaning");
            (term.to_string(), unwrap(meaning))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_template_becomes_one_paragraph() {
        assert_eq!(unwrap("one two\n  three\n\n"), "one two three");
        assert_eq!(prose("a {x}\nb\n", &[("x", "1")]), "a 1 b");
    }

    #[test]
    fn every_definition_has_a_term_and_a_one_line_meaning() {
        let d = definitions();
        assert_eq!(d.len(), 19, "one entry per blank-line-separated block");
        assert_eq!(d[0].0, "board");
        assert_eq!(d[18].0, "verdict");
        for (term, meaning) in &d {
            assert!(!term.is_empty() && !term.contains('\n'), "{term:?}");
            assert!(!meaning.is_empty() && !meaning.contains('\n'), "{term}: {meaning:?}");
        }
    }
}
