//! The graphs part of the Lights Out study: family sweeps (hexagonal boards, hypercubes, cycles)
//! under both of Sutner's rules, and a table of named graphs with every analysis in reach
//! (rank, nullity, God's number from the exact histogram and, for every graph, by the class
//! arithmetic's proven bounds with a witness, the all-on board's fewest presses).
//! Files under `data/lightsout/graphs/`, charts (`nullity_graphs_*`) and the page `graphs.md`
//! under `reports/lightsout/`, claims beside the family's.

use super::gods::Effort;
use super::graph_commands::{gods_row, sweep_chart, sweep_stem, sweep_table, DIR as GRAPH_DIR, GRAPH_GODS};
use super::graph_gods::{self, GodsEffort, GraphGods};
use super::graphs::{self, Family, Fewest, GraphGame, GraphHistogram, SweepKind, SweepRow, Tiling};
use crate::engine::progress::Counters;
use crate::output::export::{Area, Export};
use crate::output::glossary;
use crate::output::schema::{col, Kind, Schema};
use crate::output::{Cell, Table};
use crate::puzzles::named_graphs;
use crate::puzzles::press_graph::GraphRule;
use anyhow::{ensure, Result};

pub const RULES: [GraphRule; 2] = [GraphRule::SigmaPlus, GraphRule::Sigma];

/// A family's chart under `reports/lightsout/`: `nullity_graphs_hex`.
pub fn chart_stem(family: &SweepKind) -> String {
    format!("nullity_graphs_{}", family.name())
}

/// The charts of the family page's graphs section: (stem, caption).
pub fn charts(s: &GraphStudy) -> Vec<(String, String)> {
    charted(s)
        .into_iter()
        .map(|f| {
            let caption = format!(
                "Lights Out on {}: nullity by n under sigma-plus and sigma \
                 (data/lightsout/graphs/nullity_<rule>_{}.csv)",
                f.describe(),
                f.name()
            );
            (chart_stem(f), caption)
        })
        .collect()
}

/// The families with a chart: all but the cycles (their nullity alternates 0 and 2 with n mod 3,
/// which a line over hundreds of n draws as a solid band; the page states it instead).
fn charted(s: &GraphStudy) -> Vec<&SweepKind> {
    s.kinds()
        .into_iter()
        .filter(|k| **k != SweepKind::Family(Family::Cycle))
        .collect()
}

/// The square grid with every third cell of every third row missing (a hole at each
/// (3i + 1, 3j + 1)): the study's grid with a fixed hole pattern.
pub const PERFORATED: &str = "lattice: square\nooo\no.o\nooo\n";

/// What the study sweeps and tabulates.
#[derive(Clone, Debug)]
pub struct GraphStudyOptions {
    /// Each family with its largest n (both rules).
    pub sweeps: Vec<(SweepKind, usize)>,
    /// Named graphs of the table (both rules).
    pub named: Vec<String>,
}

impl GraphStudyOptions {
    pub fn reproduce() -> GraphStudyOptions {
        let named = [
            "tetrahedron",
            "cube",
            "octahedron",
            "dodecahedron",
            "icosahedron",
            "petersen",
            "hypercube-4",
            "hypercube-5",
            "hypercube-6",
            "hex-4",
            "hex-5",
            "hexagon-3",
        ];
        GraphStudyOptions {
            sweeps: vec![
                (SweepKind::Family(Family::Hex), 256),
                (SweepKind::Family(Family::Hexagon), 37),
                (SweepKind::Family(Family::Hypercube), 10),
                (SweepKind::Family(Family::Cycle), 300),
                (SweepKind::Family(Family::Triangle), 60),
                (
                    SweepKind::Tiled(Tiling::parse(PERFORATED, "perforated").expect("a valid motif")),
                    80,
                ),
            ],
            named: named.iter().map(|s| s.to_string()).collect(),
        }
    }
}

/// One named graph under one rule.
#[derive(Clone, Debug)]
pub struct NamedRow {
    pub game: GraphGame,
    pub rank: usize,
    pub nullity: usize,
    /// The exact histogram, or why it is out of reach.
    pub histogram: std::result::Result<GraphHistogram, String>,
    /// The all-on board's fewest presses, None when no pattern clears it.
    pub all_on: Option<Fewest>,
    /// God's number by the class arithmetic: exact or proven bounds, with a witness.
    pub gods: GraphGods,
}

impl NamedRow {
    /// God's number when known: the histogram's last depth, or the bounds where they meet.
    pub fn gods_number(&self) -> Option<usize> {
        self.histogram
            .as_ref()
            .ok()
            .map(|h| h.gods_number())
            .or(self.gods.exact())
    }
}

pub struct GraphStudy {
    pub sweeps: Vec<(SweepKind, GraphRule, Vec<SweepRow>)>,
    pub named: Vec<NamedRow>,
}

impl GraphStudy {
    pub fn sweep(&self, family: Family, rule: GraphRule) -> Option<&[SweepRow]> {
        self.sweep_of(&SweepKind::Family(family), rule)
    }

    pub fn sweep_of(&self, kind: &SweepKind, rule: GraphRule) -> Option<&[SweepRow]> {
        self.sweeps
            .iter()
            .find(|s| &s.0 == kind && s.1 == rule)
            .map(|s| s.2.as_slice())
    }

    /// The swept families, each once, in the options' order.
    pub fn kinds(&self) -> Vec<&SweepKind> {
        let mut kinds: Vec<&SweepKind> = Vec::new();
        for (k, _, _) in &self.sweeps {
            if !kinds.contains(&k) {
                kinds.push(k);
            }
        }
        kinds
    }

    pub fn named_row(&self, name: &str, rule: GraphRule) -> Option<&NamedRow> {
        self.named
            .iter()
            .find(|r| r.game.graph.name() == name && r.game.rule == rule)
    }
}

pub fn compute(o: &GraphStudyOptions) -> Result<GraphStudy> {
    let mut sweeps = Vec::new();
    for (family, max_n) in &o.sweeps {
        for rule in RULES {
            sweeps.push((family.clone(), rule, family.sweep(rule, *max_n)?));
        }
    }
    let mut named = Vec::new();
    for name in &o.named {
        for rule in RULES {
            named.push(named_row(named_graphs::named(name)?, rule)?);
        }
    }
    Ok(GraphStudy { sweeps, named })
}

/// The named graphs' God's-number effort: a few seconds of branch and bound per graph, and one
/// active-set pass past nullity 24 (hypercube-6 under sigma).
const NAMED_GODS_EFFORT: GodsEffort = GodsEffort {
    restarts: 4,
    budget: 1 << 32,
    effort: Effort {
        conflict_moves: None,
        active_rounds: Some(1),
        node_subspace: 0,
    },
};

fn named_row(graph: crate::puzzles::press_graph::PressGraph, rule: GraphRule) -> Result<NamedRow> {
    let game = GraphGame { graph, rule };
    let (rank, nullity) = game.graph.rank(rule)?;
    let histogram = match graphs::histogram_out_of_reach(&game)? {
        Some(why) => Err(why),
        None => Ok(graphs::histogram(&game)?),
    };
    let all_on = graphs::fewest(&game.press_matrix()?, &graphs::all_on(game.graph.vertices()))?;
    let gods = graph_gods::gods(&game, &NAMED_GODS_EFFORT, &Counters::default())?;
    if let Ok(h) = &histogram {
        // Two methods, one number: the bounds must hold the histogram's God's number.
        let g = h.gods_number();
        ensure!(
            gods.lower <= g && g <= gods.upper && gods.exact().is_none_or(|e| e == g),
            "internal error: {}: histogram God's number {g} outside the proven bounds {}..={}",
            game.label(),
            gods.lower,
            gods.upper
        );
    }
    Ok(NamedRow {
        game,
        rank,
        nullity,
        histogram,
        all_on,
        gods,
    })
}

pub static NAMED_GRAPHS: Schema = Schema {
    pattern: "lightsout/graphs/named_graphs.csv",
    description: "Lights Out on named graphs (the Platonic solids, the Petersen graph, hypercubes, small hexagonal \
                boards) under Sutner's two rules: rank and nullity of the press matrix, God's number from the exact \
                click-distance histogram (empty where the histogram is out of reach; method says why), and the \
                fewest presses that clear the all-on board.",
    columns: &[
        col(glossary::graph, Kind::String, "the graph's name"),
        col(
            glossary::rule,
            Kind::String,
            "sigma-plus (vertex and neighbours) or sigma (neighbours only)",
        ),
        col(glossary::vertices, Kind::Integer, "vertices"),
        col(glossary::edges, Kind::Integer, "edges"),
        col(glossary::rank, Kind::Integer, "rank of the press matrix over GF(2)"),
        col(glossary::nullity, Kind::Integer, "vertices - rank"),
        col(
            glossary::log2_solvable_fraction,
            Kind::Integer,
            "-nullity: log2 of the share of boards that are solvable",
        ),
        col(
            glossary::gods_number,
            Kind::Number,
            "the most presses a solvable board needs (empty: neither the histogram nor the bounds settle it)",
        ),
        col(
            glossary::lower_bound,
            Kind::Integer,
            "a witness position's fewest presses (gods_named_graphs.csv)",
        ),
        col(
            glossary::upper_bound,
            Kind::Integer,
            "proven: no solvable board needs more presses",
        ),
        col(
            glossary::method,
            Kind::String,
            "how the histogram was computed (or why it was not), then how each bound was proven",
        ),
        col(
            glossary::all_on_min_presses,
            Kind::Number,
            "fewest presses that clear the all-on board (empty: no pattern does)",
        ),
    ],
    primary_key: &[glossary::graph, glossary::rule],
    source: "statespace reproduce (lightsout graphs)",
};

fn named_table(s: &GraphStudy) -> Table {
    let mut t = NAMED_GRAPHS.table();
    for r in &s.named {
        let histogram = match &r.histogram {
            Ok(h) => format!("histogram: {}", h.method),
            Err(why) => format!("histogram out of reach: {why}"),
        };
        let method = format!("{histogram}; class arithmetic: {}", r.gods.method);
        t.push(vec![
            r.game.graph.name().into(),
            r.game.rule.name().into(),
            r.game.graph.vertices().into(),
            r.game.graph.edges().into(),
            r.rank.into(),
            r.nullity.into(),
            Cell::Int(-(r.nullity as i128)),
            r.gods_number().into(),
            r.gods.lower.into(),
            r.gods.upper.into(),
            method.into(),
            r.all_on.as_ref().map_or(Cell::Empty, |f| Cell::from(f.count as usize)),
        ]);
    }
    t
}

/// The graph files: tables under `data/lightsout/graphs/`, one chart per family (both rules) and
/// the page `graphs.md` under `reports/lightsout/`.
pub fn export(s: &GraphStudy, out: &mut Export) -> Result<()> {
    for (family, rule, rows) in &s.sweeps {
        out.table(
            Area::Data,
            GRAPH_DIR,
            &format!("{}.csv", sweep_stem(family, *rule)),
            &sweep_table(rows),
        );
    }
    for family in charted(s) {
        let both: Vec<(GraphRule, &[SweepRow])> = RULES
            .iter()
            .filter_map(|&r| s.sweep_of(family, r).map(|rows| (r, rows)))
            .collect();
        out.chart(
            Area::Reports,
            "lightsout",
            &chart_stem(family),
            &sweep_chart(family, &both)?,
        );
    }
    out.table(Area::Data, GRAPH_DIR, "named_graphs.csv", &named_table(s));
    let mut witnesses = GRAPH_GODS.table();
    for r in &s.named {
        witnesses.push(gods_row(&r.game, &r.gods));
    }
    out.table(Area::Data, GRAPH_DIR, "gods_named_graphs.csv", &witnesses);
    out.bytes(Area::Reports, "lightsout", "graphs.md", page(s).into_bytes(), None);
    Ok(())
}

/// The members of a sweep with nullity 0 (every board solvable), as a list of n.
fn nullity_zero(rows: &[SweepRow]) -> String {
    let ns: Vec<String> = rows
        .iter()
        .filter(|r| r.nullity == 0)
        .map(|r| r.n.to_string())
        .collect();
    const SHOWN: usize = 24;
    if ns.is_empty() {
        "none".into()
    } else if ns.len() > SHOWN {
        format!("{}, ... ({} of {})", ns[..SHOWN].join(", "), ns.len(), rows.len())
    } else {
        ns.join(", ")
    }
}

fn page(s: &GraphStudy) -> String {
    let mut p = String::from(
        "# Lights Out on graphs\n\nSutner's two games on a graph: under **sigma-plus** a press toggles the vertex \
         and its neighbours (the classic game on the square grid), under **sigma** its neighbours only. Every \
         number below is computed by `statespace reproduce` over GF(2): the hexagonal rhombi by light chasing (an \
         n x n system per board, checked against dense elimination in the tests), every other graph by dense \
         elimination of its press matrix; the claims judging published statements are on the [family \
         page](README.md).\n\n## Families\n\n",
    );
    p += "| family | rule | n | members with every board solvable (nullity 0) | largest nullity | all-on board \
          always solvable |\n|---|---|---|---|---|---|\n";
    for (family, rule, rows) in &s.sweeps {
        let first = rows.first().map_or(0, |r| r.n);
        let last = rows.last().map_or(0, |r| r.n);
        p += &format!(
            "| {} | {} | {first}..{last} | {} | {} | {} |\n",
            family.describe(),
            rule.name(),
            nullity_zero(rows),
            rows.iter().map(|r| r.nullity).max().unwrap_or(0),
            if rows.iter().all(|r| r.all_on_solvable) {
                "yes"
            } else {
                "no"
            }
        );
    }
    for kind in s.kinds() {
        if let SweepKind::Tiled(t) = kind {
            let rows: Vec<String> = (0..t.period.0)
                .map(|r| {
                    (0..t.period.1)
                        .map(|c| {
                            if t.cells.binary_search(&(r, c)).is_ok() {
                                'o'
                            } else {
                                '.'
                            }
                        })
                        .collect()
                })
                .collect();
            p += &format!(
                "\nMotif `{}` ({} lattice), repeated over the n x n grid, `.` a hole: `{}`.\n",
                t.name,
                t.lattice.name(),
                rows.join("` / `")
            );
        }
    }
    p += "\nData: `data/lightsout/graphs/nullity_<rule>_<family>.csv`.\n\n";
    for (stem, caption) in charts(s) {
        p += &format!("![{caption}]({stem}.png)\n\n*Figure: {caption}* ([SVG]({stem}.svg))\n\n");
    }
    p += "## Named graphs\n\n| graph | rule | vertices | nullity | God's number | all-on board, fewest \
          presses |\n|---|---|---|---|---|---|\n";
    for r in &s.named {
        p += &format!(
            "| {} | {} | {} | {} | {} | {} |\n",
            r.game.graph.name(),
            r.game.rule.name(),
            r.game.graph.vertices(),
            r.nullity,
            r.gods_number()
                .map_or(format!("{} to {}", r.gods.lower, r.gods.upper), |g| g.to_string()),
            r.all_on
                .as_ref()
                .map_or("unsolvable".to_string(), |f| f.count.to_string())
        );
    }
    p += "\nData: `data/lightsout/graphs/named_graphs.csv` (with each histogram's method and each bound's \
          proof); the witness positions behind the lower bounds, with a fewest press pattern for each, in \
          `gods_named_graphs.csv`.\n";
    p
}

const BROUWER: &str = "Andries E. Brouwer, Lights Out and Button Madness Games (win.tue.nl/~aeb/ca/madness)";
const ORBIX: &str = "Jaap Scherphuis, Orbix (jaapsch.net/puzzles/orbix.htm)";
const LAMPS: &str = "imathworks, n lamps around a circle (math Q&A)";
const PIECE_OF_PI: &str = "A Piece of the Pi, triangular Lights Out (summarised at metastack.me/topics/linear-algebra)";

/// The published statements about graphs, judged on what the study computed, and the
/// hypercube's nullities as a new result.
pub fn claims(s: &GraphStudy) -> Vec<crate::output::claim::Claim> {
    let mut out = vec![all_on_claim(s)];
    out.extend(orbix_claim(s));
    out.extend(cycle_claim(s));
    out.extend(triangle_claim(s));
    out.extend(hypercube_claim(s));
    out
}

/// Brouwer (after Sutner): under sigma-plus the all-on board is solvable on every graph.
fn all_on_claim(s: &GraphStudy) -> crate::output::claim::Claim {
    use crate::output::claim::{Claim, Verdict};
    let mut checked = 0usize;
    let mut failed: Vec<String> = Vec::new();
    for (family, rule, rows) in &s.sweeps {
        for r in rows.iter().filter(|_| *rule == GraphRule::SigmaPlus) {
            checked += 1;
            if !r.all_on_solvable {
                failed.push(format!("{}-{}", family.name(), r.n));
            }
        }
    }
    for r in s.named.iter().filter(|r| r.game.rule == GraphRule::SigmaPlus) {
        checked += 1;
        if r.all_on.is_none() {
            failed.push(r.game.graph.name().to_string());
        }
    }
    let computed = if failed.is_empty() {
        format!("solvable on all {checked} graphs computed")
    } else {
        format!("unsolvable on {}", failed.join(", "))
    };
    Claim::published(
        "lightsout",
        "lightsout.graphs.all_on_solvable_sigma_plus",
        BROUWER,
        "Under sigma-plus (a press toggles the vertex and its neighbours) the all-on board is solvable on every \
         graph (Sutner 1989)",
        "solvable on any graph",
        computed,
        if failed.is_empty() {
            Verdict::HoldsWhereChecked
        } else {
            Verdict::Refuted
        },
        "cases: every member of data/lightsout/graphs/nullity_sigma-plus_hex.csv (column all_on_solvable) and of \
         the other sigma-plus sweeps beside it (hexagon, hypercube, cycle, tiled-perforated), and every \
         sigma-plus row of data/lightsout/graphs/named_graphs.csv (column all_on_min_presses, empty when \
         unsolvable); the property test on random graphs is in the suite",
    )
    .quoted("It follows that this game played on any graph allows switching all lights.")
}

/// Jaap's Orbix: the sigma game on the icosahedron, 4,096 positions, at most 12 presses.
fn orbix_claim(s: &GraphStudy) -> Option<crate::output::claim::Claim> {
    use crate::output::claim::Claim;
    let row = s.named_row("icosahedron", GraphRule::Sigma)?;
    let h = row.histogram.as_ref().ok()?;
    let computed = format!(
        "{} positions, at most {} presses; by fewest presses {}",
        h.total(),
        h.gods_number(),
        h.counts.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(",")
    );
    Some(
        Claim::compare(
            "lightsout",
            "lightsout.graphs.orbix_icosahedron",
            ORBIX,
            "The Orbix (the sigma game on the icosahedron: a press changes the 5 adjacent lights): every one of the \
             2^12 light patterns can be reached, at most 12 presses are needed, and the positions by fewest presses \
             are 1,12,66,220,495,792,924,792,495,220,66,12,1",
            "4096 positions, at most 12 presses; by fewest presses 1,12,66,220,495,792,924,792,495,220,66,12,1",
            computed,
            "data/lightsout/graphs/named_graphs.csv, row icosahedron, sigma (columns nullity and gods_number); the \
             positions by fewest presses from the exact histogram (every 2^12 press pattern), as `statespace \
             lightsout histogram --named icosahedron --rule sigma` writes it",
        )
        .quoted("There are therefore 2^12 = 4,096 positions, and at most 12 button presses are needed"),
    )
}

/// The lamps on a circle: sigma-plus on C_n is solvable for every board iff 3 does not divide n.
fn cycle_claim(s: &GraphStudy) -> Option<crate::output::claim::Claim> {
    use crate::output::claim::{Claim, Verdict};
    let rows = s.sweep(Family::Cycle, GraphRule::SigmaPlus)?;
    let bad: Vec<usize> = rows
        .iter()
        .filter(|r| (r.nullity == 0) != (r.n % 3 != 0))
        .map(|r| r.n)
        .collect();
    let (first, last) = (rows.first()?.n, rows.last()?.n);
    Some(
        Claim::published(
            "lightsout",
            "lightsout.graphs.cycle_lamps",
            LAMPS,
            "n lamps on a circle, a move toggling 3 consecutive lamps (sigma-plus on the cycle C_n): every pattern \
             can be turned off iff n is not a multiple of 3",
            "iff n != 0 mod 3",
            if bad.is_empty() {
                format!("holds for every n = {first}..{last}")
            } else {
                format!(
                    "fails for n = {}",
                    bad.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(", ")
                )
            },
            if bad.is_empty() {
                Verdict::HoldsWhereChecked
            } else {
                Verdict::Refuted
            },
            &format!(
                "cases: n = {first}..{last}; data/lightsout/graphs/nullity_sigma-plus_cycle.csv, columns n and \
                 nullity (nullity 0 = every pattern solvable)"
            ),
        )
        .quoted("you can always turn off all the lamps if and only if n ≢ 0 (mod 3)."),
    )
}

/// The triangle of hexagonal cells: the sides n <= 21 where every board has one solution
/// (nullity 0 under sigma-plus), against the list A Piece of the Pi gives.
fn triangle_claim(s: &GraphStudy) -> Option<crate::output::claim::Claim> {
    use crate::output::claim::{Claim, Verdict};
    const PUBLISHED: [usize; 12] = [1, 3, 4, 7, 8, 9, 11, 15, 16, 17, 20, 21];
    let rows = s.sweep(Family::Triangle, GraphRule::SigmaPlus)?;
    let unique: Vec<usize> = rows
        .iter()
        .filter(|r| r.n <= 21 && r.nullity == 0)
        .map(|r| r.n)
        .collect();
    if rows.last()?.n < 21 {
        return None;
    }
    let list = |v: &[usize]| v.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(", ");
    let agrees = unique == PUBLISHED;
    Some(
        Claim::published(
            "lightsout",
            "lightsout.graphs.triangle_unique_sides",
            PIECE_OF_PI,
            "The triangular Lights Out game (read as the triangle of side n of hexagonal cells, a press toggling the \
             cell and its neighbours): every starting state has a unique solution for the sides 1, 3, 4, 7, 8, 9, 11, \
             15, 16, 17, 20 and 21, and for no other side up to 21",
            list(&PUBLISHED),
            list(&unique),
            if agrees { Verdict::Confirmed } else { Verdict::Refuted },
            "data/lightsout/graphs/nullity_sigma-plus_triangle.csv, columns n and nullity (nullity 0: one solution \
             per board), n <= 21",
        )
        .quoted(
            "every starting state has a unique solution, which occurs for certain side lengths such as 1, 3, 4, 7, \
             8, 9, 11, 15, 16, 17, 20, and 21",
        ),
    )
}

/// The hypercubes' nullities under both rules, as computed (no published table found).
fn hypercube_claim(s: &GraphStudy) -> Vec<crate::output::claim::Claim> {
    use crate::output::claim::Claim;
    RULES
        .iter()
        .filter_map(|&rule| {
            let rows = s.sweep(Family::Hypercube, rule)?;
            let values: Vec<String> = rows.iter().map(|r| r.nullity.to_string()).collect();
            Some(Claim::new_result(
                "lightsout",
                &format!("lightsout.new.hypercube_nullity_{}", rule.name()),
                &format!(
                    "Nullity of Lights Out under {} on the hypercube Q_k, k = 1..{}",
                    rule.name(),
                    rows.last()?.n
                ),
                values.join(", "),
                &format!(
                    "data/lightsout/graphs/nullity_{}_hypercube.csv, columns n and nullity (dense elimination \
                     over GF(2))",
                    rule.name()
                ),
            ))
        })
        .collect()
}
