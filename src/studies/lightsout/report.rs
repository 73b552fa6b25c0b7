//! The Lights Out family page ([`page`]) and the entry page's summary, from the results and the
//! claims. Figures the page quotes are computed from the results before the text is filled.

use super::all_ones::{self, AllOnesRow};
use super::exports::{quiet_stem, residue_table, sweep_path, SOLVABLE_FRACTION_CHART};
use super::hand::{self, HandRow};
use super::quiet::Quiet;
use super::study::{all_sweeps, fraction_sweep, longest_sweeps, residue_counts, LightsoutResults};
use super::{frontier, gods, million, nullity, sampled, saved, seed004, solve, strips};
use crate::output::chart;
use crate::output::glossary;
use crate::output::report::{Block, Page, Section};
use crate::output::template::prose;
use crate::output::{Cell, Table};
use crate::puzzles::lightsout::{Rule, Topology};
use crate::studies::claim::Claim;
use num_bigint::BigUint;

/// The options, at the path the integration tests name them by.
pub use super::study::StudyOptions;
/// The entry page's view: solvability by size, and the frontier (the all-ones minima past the
/// exact method's reach and God's numbers where the search is hard).
fn summary(s: &LightsoutResults) -> Vec<Block> {
    let mut out = vec![
        Block::Text(prose(include_str!("prose/summary.md"), &[])),
        Block::Table {
            caption: "How many n x n sizes have every board solvable:".into(),
            table: sweep_headline_table(s),
        },
        Block::Chart {
            stem: "solvable_share_by_n_mod_3".into(),
            caption: share_caption(s),
        },
    ];
    let frontier = frontier_table(s);
    if !frontier.rows.is_empty() {
        out.push(Block::Table {
            caption: frontier_caption(),
            table: frontier,
        });
    }
    if s.gods.is_some() {
        out.push(Block::Chart {
            stem: "gods_numbers".into(),
            caption: "God's number (the most presses any solvable position needs) as a share of the n^2 cells, one \
            slot per side n with nullity > 0: a filled point where it is exact, a bar from the lower to the \
            upper bound \
            where only bounds are proven."
                .into(),
        });
    }
    out
}

/// The frontier table's rows: all-ones boards whose nullity is past this (the minima that take the most
/// work, or are only bounded) ...
const FRONTIER_ALL_ONES_NULLITY: usize = 24;
/// ... and God's numbers past this side with a kernel past this nullity.
const FRONTIER_GODS_SIDE: usize = 8;
const FRONTIER_GODS_NULLITY: usize = 2;

fn frontier_caption() -> String {
    format!(
        "The frontier, its rows chosen as every all-ones board with nullity > {FRONTIER_ALL_ONES_NULLITY} and every \
        God's number with n > {FRONTIER_GODS_SIDE} and nullity > {FRONTIER_GODS_NULLITY} (the sizes whose values take \
        the most work or are only bounded), each with its value (exact, or proven bounds) and its proof; new unless \
        the family page names a source:"
    )
}

/// How a God's number's upper bound is proven, in a few words.
fn upper_proof(r: &gods::GodsRow) -> String {
    let over = if r.method.contains("a subcode of ") {
        " over a subcode of the quiet code"
    } else {
        ""
    };
    match r.refutation {
        Some((nodes, basis)) => format!(
            "{} refuted by branch and bound{over} ({nodes} nodes{})",
            r.upper + 1,
            basis.phrase()
        ),
        None => "the parity/averaging bound".to_string(),
    }
}

/// All-ones sizes of nullity > 24 and God's numbers of nullity > 2 past n = 8, each with its
/// value (exact, or its proven bounds) and how it is proven.
fn frontier_table(s: &LightsoutResults) -> Table {
    let mut t = Table::new(&["quantity", "n", "nullity", "value", "proof"]);
    for r in s.all_ones.iter().filter(|r| r.nullity > FRONTIER_ALL_ONES_NULLITY) {
        let (value, proof) = if r.exact {
            (
                r.minimum.to_string(),
                format!("exact: all 2^{} solutions evaluated", r.nullity),
            )
        } else {
            (
                format!("{} to {}", r.lower, r.minimum),
                format!(
                    "proven bounds: above, a solution found by neighbourhood search and replayed; below, the {}",
                    r.lower_method.split(':').next().unwrap_or("")
                ),
            )
        };
        t.push(vec![
            "fewest presses, all-ones board".into(),
            r.n.into(),
            r.nullity.into(),
            value.into(),
            proof.into(),
        ]);
    }
    if let Some(g) = &s.gods {
        for r in g
            .rows
            .iter()
            .filter(|r| r.nullity > FRONTIER_GODS_NULLITY && r.n > FRONTIER_GODS_SIDE)
        {
            let (value, proof) = match r.exact() {
                Some(x) => (
                    x.to_string(),
                    format!("exact: a witness solved exactly; above it, {}", upper_proof(r)),
                ),
                None => (
                    format!("{} to {}", r.lower, r.upper),
                    format!("proven bounds: a witness solved exactly; above, {}", upper_proof(r)),
                ),
            };
            t.push(vec![
                "God's number".into(),
                r.n.into(),
                r.nullity.into(),
                value.into(),
                proof.into(),
            ]);
        }
    }
    t
}

/// One row per sweep: how many sizes are fully solvable and where the nullity peaks.
fn sweep_headline_table(s: &LightsoutResults) -> Table {
    let mut t = Table::new(&[
        "rule",
        "topology",
        "n",
        "sizes with every board solvable",
        "share",
        "largest nullity",
        "at n",
        "data",
    ]);
    for (r, tp, nul) in all_sweeps(s) {
        let max_n = nul.len() - 1;
        let ok = (1..=max_n).filter(|&n| nul[n] == 0).count();
        let arg = (1..=max_n).max_by_key(|&n| (nul[n], std::cmp::Reverse(n))).unwrap_or(1);
        t.push(vec![
            r.name().into(),
            tp.name().into(),
            format!("1..{max_n}").into(),
            ok.into(),
            Cell::Fixed(ok as f64 / max_n.max(1) as f64, 4),
            nul[arg].into(),
            arg.into(),
            format!("`{}`", sweep_path(s, r, tp, max_n)).into(),
        ]);
    }
    t
}

/// The sweep to 10^6: how it was obtained and re-checked, its residue table, its chart.
fn million_section(s: &LightsoutResults, m: &million::MillionSweep) -> Section {
    let max_n = m.max_n();
    let path = sweep_path(s, Rule::Plus, Topology::Open, max_n);
    let spots: Vec<String> = m.spots.iter().map(|n| chart::format_value(*n as f64)).collect();
    let how = if m.read_back {
        "It costs about 1.9 CPU hours (under `mpirun -n 2` on a 2-core machine, about an hour of wall time), so the \
            default `reproduce` reads it back and re-checks it; `reproduce --full` recomputes it"
    } else {
        "This run computed it"
    };
    let mut t = Table::new(&[
        "n mod 3",
        "sizes",
        "sizes with every board solvable",
        "share",
        "largest nullity",
        "at n",
    ]);
    let nul = &m.nullity;
    for res in 0..3 {
        let ns: Vec<usize> = (1..=max_n).filter(|n| n % 3 == res).collect();
        let ok = ns.iter().filter(|&&n| nul[n] == 0).count();
        let arg = ns
            .iter()
            .copied()
            .max_by_key(|&n| (nul[n], std::cmp::Reverse(n)))
            .unwrap_or(1);
        t.push(vec![
            res.into(),
            ns.len().into(),
            ok.into(),
            Cell::Fixed(ok as f64 / ns.len().max(1) as f64, 4),
            nul[arg].into(),
            arg.into(),
        ]);
    }
    Section::new(&format!(
        "The plus/open sweep to n = {} (new)",
        chart::format_value(max_n as f64)
    ))
    .text(prose(
        include_str!("prose/million.md"),
        &[
            ("max_n_text", &chart::format_value(max_n as f64)),
            ("path", &path),
            ("max_n", &max_n.to_string()),
            ("how", how),
            ("prefix", &chart::format_value(m.prefix as f64)),
            ("spots", &spots.join(", ")),
        ],
    ))
    .table(format!("By n mod 3, n = 1..{}:", chart::format_value(max_n as f64)), t)
    .chart(
        format!("nullity_plus_open_{max_n}"),
        format!(
            "The largest nullity in each window of 2,000 sizes, one colour per n mod 3, log axis (`{path}`); \
                windows where every board of that residue is solvable are counted in the legend."
        ),
    )
    .claims("lightsout.new.plus_open_sweep_")
}

/// God's number and the size of the solvable set for every histogram computed.
fn gods_table(s: &LightsoutResults) -> Table {
    // Past 40 digits a count is shown by its leading digits and length (53x53: 845 digits); the
    // exact value is in the histogram's CSV.
    let short = |c: &BigUint| {
        let text = c.to_string();
        if text.len() <= 40 {
            text
        } else {
            format!(
                "{}.{}e{} ({} digits)",
                &text[..1],
                &text[1..6],
                text.len() - 1,
                text.len()
            )
        }
    };
    let mut t = Table::new(&[
        "rule",
        "topology",
        "n",
        "nullity",
        "solvable positions",
        "God's number",
        "positions at God's number",
        "method",
    ]);
    for h in &s.histograms {
        t.push(vec![
            h.rule.name().into(),
            h.topology.name().into(),
            h.n.into(),
            h.nullity.into(),
            short(&h.total()).into(),
            h.gods_number().into(),
            h.counts.last().map(short).unwrap_or_default().into(),
            h.method.clone().into(),
        ]);
    }
    t
}

fn hand_page_table(s: &LightsoutResults) -> Table {
    // A sampled mean is printed with its standard error; an exhaustive one is exact.
    let mean = |m: f64, se: Option<f64>| -> Cell {
        se.map_or_else(|| format!("{m:.3}"), |e| format!("{m:.3} +- {e:.3}"))
            .into()
    };
    let mut t = Table::new(&[
        "n",
        "algorithm",
        "boards tested",
        "cleared",
        "mean presses",
        "mean minimum",
        "optimal on",
        "largest excess",
    ]);
    for r in &s.hand {
        t.push(vec![
            r.n.into(),
            r.algorithm.into(),
            r.scope().into(),
            r.cleared.into(),
            mean(r.mean_presses(), r.mean_presses_standard_error()),
            mean(r.mean_minimum(), r.mean_minimum_standard_error()),
            r.optimal_boards.into(),
            r.max_excess.into(),
        ]);
    }
    t
}

fn chase_page_table(q: &Quiet) -> Option<Table> {
    let bits = |v: &[bool]| v.iter().map(|&b| if b { '1' } else { '0' }).collect::<String>();
    let rows = q.chase.as_ref()?;
    let mut t = Table::new(&["last row after chasing (p21..p25)", "first-row presses (x1..x5)"]);
    for r in rows {
        t.push(vec![
            format!("`{}`", bits(&r.last_row)).into(),
            format!("`{}`", bits(&r.first_row)).into(),
        ]);
    }
    Some(t)
}

/// The first `rows` rows of a table (the page shows a head; the CSV holds all).
fn head(mut t: Table, rows: usize) -> Table {
    t.rows.truncate(rows);
    t
}

/// God's numbers on the page: the columns of `gods_numbers.csv` ([`gods::table`]) without the
/// long ones.
fn gods_bounds_table(g: &gods::GodsResults) -> Table {
    let full = gods::table(g);
    let keep = [
        glossary::n,
        glossary::nullity,
        glossary::gods_number,
        glossary::lower_bound,
        glossary::upper_bound,
    ];
    let at: Vec<usize> = keep
        .iter()
        .map(|c| full.column(c.name).expect("a column of gods_numbers.csv"))
        .collect();
    let mut t = Table::new(&keep.map(|c| c.name));
    for row in &full.rows {
        t.push(at.iter().map(|&i| row[i].clone()).collect());
    }
    t
}

/// The family page, from the results (the claims are rendered by their ids). Each section's
/// figures are computed from the results before its text is filled.
pub fn page(s: &LightsoutResults, _claims: &[Claim]) -> Page {
    let mut sections = vec![mod3_section(s)];
    if let Some(m) = &s.million {
        sections.push(million_section(s, m));
    }
    sections.push(
        Section::new("OEIS and Sutner's doubling identity")
            .text(prose(include_str!("prose/oeis.md"), &[]))
            .claims("lightsout.oeis")
            .claims("lightsout.sutner"),
    );
    sections.push(seed000_section(s));
    sections.push(seed002_section(s));
    sections.push(seed004_section(s));
    sections.push(unjudged_section());
    sections.push(gods_section(s));
    if !s.sampled.is_empty() {
        sections.push(sampled::section(&s.sampled));
    }
    if let Some(r) = &s.rect_dataset {
        sections.push(rect_section(r));
    }
    sections.push(quiet_section(s));
    if let Some(g) = &s.graphs {
        let mut section = Section::new("Lights Out on graphs")
            .text(
                "Sutner's sigma-plus and sigma games on hexagonal boards, hypercubes, cycles and named graphs \
                     (the Platonic solids, the Petersen graph): their nullity sweeps and per-graph analyses are on \
                     [their own page](graphs.md), the data in `data/lightsout/graphs/`. The published statements \
                     about graphs:",
            )
            .claims("lightsout.graphs");
        for (stem, caption) in super::graph_study::charts(g) {
            section = section.chart(stem, caption);
        }
        sections.push(section);
    }
    let frontier = frontier_table(s);
    if !frontier.rows.is_empty() {
        // The entry page shows this table too (summary): the page holds it beside its evidence.
        sections.push(Section::new("The frontier").table(frontier_caption(), frontier));
    }
    sections.push(
        Section::new("New results")
            .text("Results we found no publication of.")
            .claims("lightsout.new"),
    );
    let po = s.sweep(Rule::Plus, Topology::Open);
    let nullities = (1..=30.min(po.len() - 1))
        .map(|n| po[n].to_string())
        .collect::<Vec<_>>()
        .join(", ");
    Page {
        summary: summary(s),
        family: "lightsout".into(),
        title: "Lights Out".into(),
        intro: vec![
            prose(include_str!("prose/intro.md"), &[]),
            prose(include_str!("prose/methods.md"), &[("nullities", &nullities)]),
        ],
        sections,
        definitions: definitions(),
    }
}

/// Where the longest nullity is and how many sizes are fully solvable, in a sweep (n = 1..max).
struct SweepFigures {
    max_n: usize,
    /// Sizes with nullity 0.
    zero: usize,
    /// The smallest n with the largest nullity.
    arg: usize,
    largest: usize,
}

impl SweepFigures {
    fn of(nul: &[usize]) -> SweepFigures {
        let max_n = nul.len() - 1;
        let zero = (1..=max_n).filter(|&n| nul[n] == 0).count();
        let arg = (1..=max_n).max_by_key(|&n| (nul[n], std::cmp::Reverse(n))).unwrap_or(1);
        SweepFigures {
            max_n,
            zero,
            arg,
            largest: nul[arg],
        }
    }
}

fn mod3_section(s: &LightsoutResults) -> Section {
    let charts: Vec<(String, String)> = s
        .sweeps
        .iter()
        .map(|(r, t, nul)| {
            let f = SweepFigures::of(nul);
            (
                format!("nullity_{}_{}", r.name(), t.name()),
                format!(
                    "{} rule, {} board, n = 1..{}: nullity by n on a linear axis, one panel per residue n mod 3 (a \
                    residue whose every size has nullity 0 has no panel; the first panel's title names it); the {} \
                    fully solvable sizes (nullity 0) are not drawn and are counted in each panel's title, and the \
                    largest nullity is {} at n = {}.",
                    r.name(),
                    t.name(),
                    f.max_n,
                    f.zero,
                    f.largest,
                    f.arg
                ),
            )
        })
        .collect();
    let fr = SweepFigures::of(fraction_sweep(s));
    let fraction_caption = format!(
        "Plus rule, open board, n = 1..{} (`{}`): the share of n x n boards that can be turned off, 2^-nullity, on \
        a log axis; {} sizes ({:.1}%) sit at 1 (every board solvable), the rest fall to 2^-{} at n = {}.",
        fr.max_n,
        sweep_path(s, Rule::Plus, Topology::Open, fr.max_n),
        fr.zero,
        100.0 * fr.zero as f64 / fr.max_n.max(1) as f64,
        fr.largest,
        fr.arg
    );
    let mut mod3 = Section::new("Solvability by n mod 3")
        .text(prose(include_str!("prose/mod3.md"), &[]))
        .table(
            "Per rule and topology: sizes with every board solvable, and the largest nullity:",
            sweep_headline_table(s),
        )
        .table(
            "Per residue of n mod 3 (`data/lightsout/solvability_by_n_mod_3.csv`; the last three rows are the \
            plus/open sweep to the largest n):",
            residue_table(s),
        )
        .chart("solvable_share_by_n_mod_3", share_caption(s));
    for (stem, caption) in charts {
        mod3 = mod3.chart(stem, caption);
    }
    mod3.chart(SOLVABLE_FRACTION_CHART, fraction_caption)
}

fn seed000_section(s: &LightsoutResults) -> Section {
    let text = prose(
        include_str!("prose/seed000.md"),
        &[
            ("sides", &s.all_ones.len().to_string()),
            ("exact_nullity", &solve::EXACT_NULLITY.to_string()),
            ("read_back_nullity", &saved::READ_BACK_NULLITY.to_string()),
        ],
    );
    let quiet_4x4 = s
        .quiet
        .iter()
        .any(|q| (q.rule, q.topology, q.n) == (Rule::Plus, Topology::Open, 4))
        .then(|| {
            let w = &s.all_ones_4x4_weights;
            format!(
                "The {} quiet patterns of the 4x4 plus board: adding any combination of them to a solution gives \
                another, so the all-ones 4x4 has {} solutions, of {} to {} presses.",
                w.len().trailing_zeros(),
                w.len(),
                w.first().copied().unwrap_or(0),
                w.last().copied().unwrap_or(0)
            )
        });
    let section = Section::new("Seed 000 (Token Flip): the all-ones board")
        .claims("lightsout.seed000")
        .text(text)
        .text(bounds_text(s))
        .table(
            "All-ones boards (`data/lightsout/all_ones_min_presses.csv`):",
            all_ones::all_ones_table(&s.all_ones),
        )
        .chart("solver_first_vs_minimum", solver_caption(s));
    match quiet_4x4 {
        Some(caption) => section.chart("quiet_plus_open_4x4", caption),
        None => section,
    }
}

/// A seed statement read and left without a claim: (source, the source's exact words, why).
pub struct Unjudged {
    pub source: &'static str,
    pub quote: &'static str,
    pub reason: &'static str,
}

/// The statements of seeds 000, 002 and 004 that read as checkable but are left unjudged, each
/// with its reason (every other checkable sentence of the three is a claim). The page lists them;
/// a test finds each quote in its seed.
pub const UNJUDGED: &[Unjudged] = &[
    Unjudged {
        source: "seed 000 (Token Flip, Gary Darby)",
        quote: "Here's a sample from the original version can be solved 3 moves -by clicking the tokens in (Col 3, \
            Row 1), (Col 2, Row 3), (Col 3, Row 4)",
        reason: "the sample board is an image the capture does not hold",
    },
    Unjudged {
        source: "seed 000 (Token Flip, Gary Darby)",
        quote: "(The one shown here left requires clicking on 54 of the 100 tokens!)",
        reason: "the 10x10 board is an image the capture does not hold, so its presses cannot be counted",
    },
    Unjudged {
        source: "seed 000 (Token Flip, Gary Darby)",
        quote: "he says 1000X1000 does take a few seconds though!",
        reason: "a running time of Bernd Hellema's program on his 2003 machine, which we cannot rerun; our own \
            1000 x 1000 solve is another program on other hardware (scripts/bench_lightsout.sh, goal \
            lightsout-allones-1000, times it), so it neither confirms nor refutes the sentence",
    },
    Unjudged {
        source: "seed 000 (Token Flip, Gary Darby)",
        quote: "solving in sizes above 5X5 is quite difficult",
        reason: "a judgement of difficulty, not a figure",
    },
    Unjudged {
        source: "seed 000 (Token Flip, Gary Darby)",
        quote: "so any solvable puzzle can be solved  no click or only a single click on each token",
        reason: "true by the rule itself (presses commute and a second press undoes the first); every computation \
            here rests on it, none tests it",
    },
    Unjudged {
        source: "seed 002 (Toggle Squares, Shlomi Fish)",
        quote: "I will prove that clearing it by pressing the cells in the row above it, will make the two rows above \
            it a duplicate of its original state.",
        reason: "a step of the proof of Theorem 4; the theorem's conclusion is judged \
            (lightsout.seed002.theorem4_two_way)",
    },
    Unjudged {
        source: "seed 002 (Toggle Squares, Shlomi Fish)",
        quote: "In a 1D board where N=3k+1 the twoway method as is, will ping the possible remaining 1 back and forth \
            between the two edges.",
        reason: "a step of the proofs of Theorems 4 and 5, whose conclusions are judged",
    },
    Unjudged {
        source: "seed 002 (Toggle Squares, Shlomi Fish)",
        quote: "uses only a (3k+1)*(3k+1) square of presses to solve the entire board.",
        reason: "true by the one-way algorithm's definition (each press is below and left of a lit cell); the \
            dimension it bounds is judged (lightsout.seed002.span_dimension.block_open)",
    },
    Unjudged {
        source: "seed 002 (Toggle Squares, Shlomi Fish)",
        quote: "I believe it is agreeable that it is the simplest algorithm (yet) regarding “CPU” requirement and \
            growing complexity",
        reason: "an opinion about simplicity, with no measure stated",
    },
    Unjudged {
        source: "seed 004 (Dugu chessboard)",
        quote: "It would require 225 trials, which would take days for a PC at that time.",
        reason: "a running time on a PC of the late 1990s; the count 2^25 is judged \
            (lightsout.seed004.complexity_reduction)",
    },
    Unjudged {
        source: "seed 004 (Dugu chessboard)",
        quote: "we can always clear them by mirroring the pressing pattern on the second row (as shown in red)",
        reason: "the example board (Dugu board Example A1) is an image the capture does not hold; the method itself \
            is light chasing, which every seed 004 claim uses",
    },
];

/// The seed statements read and left without a claim, each with its reason.
fn unjudged_section() -> Section {
    let mut t = Table::new(&["source", "statement (the source's words)", "why not judged"]);
    for u in UNJUDGED {
        t.push(vec![
            u.source.into(),
            format!("\"{}\"", u.quote).into(),
            u.reason.into(),
        ]);
    }
    let seeds: std::collections::BTreeSet<&str> = UNJUDGED.iter().map(|u| u.source).collect();
    let seeds = seeds.into_iter().collect::<Vec<_>>().join(", ");
    Section::new("Seed statements left unjudged").table(
        prose(
            include_str!("prose/unjudged.md"),
            &[("count", &UNJUDGED.len().to_string()), ("seeds", &seeds)],
        ),
        t,
    )
}

fn seed002_section(s: &LightsoutResults) -> Section {
    let k = s
        .quiet
        .iter()
        .find(|q| (q.rule, q.topology, q.n) == (Rule::Block, Topology::Open, 5))
        .map_or(0, |q| q.basis.len());
    let strip = nullity::strip_nullity(Topology::Open, 5);
    let rank = (5 - strip) * (5 - strip);
    Section::new("Seed 002 (Toggle Squares): theorems and hand algorithms")
        .text(prose(include_str!("prose/seed002.md"), &[]))
        .claims("lightsout.seed002")
        .table(
            format!(
                "The hand algorithms against the minimum (block rule, open boards; \
                `data/lightsout/hand_algorithms.csv`). Every solvable board is tested where there are at most \
                2^{} of them, otherwise a fixed-seed sample of {}:",
                hand::EXHAUSTIVE_LIMIT,
                hand::SAMPLES
            ),
            hand_page_table(s),
        )
        .chart("hand_algorithms", hand_caption(s))
        .chart(
            "quiet_block_open_5x5",
            format!(
                "The {k} quiet patterns of the 5x5 block board: the rank is that of the 1D strip squared, (5 - \
                {strip})^2 = {rank}, so the nullity is 25 - {rank} = {k}: the block press matrix is the Kronecker \
                square of the strip's, so its quiet space is spanned by the strip's kernel laid along rows and along \
                columns."
            ),
        )
}

fn seed004_section(s: &LightsoutResults) -> Section {
    let mut seed004 = Section::new("Seed 004 (Dugu chessboard): the 5x5 plus board").claims("lightsout.seed004");
    if let Some(q) = s
        .quiet
        .iter()
        .find(|q| (q.rule, q.topology, q.n) == (Rule::Plus, Topology::Open, 5))
    {
        if let Some(t) = chase_page_table(q) {
            seed004 = seed004.table(
                "The chase table (`data/lightsout/chase_table_plus_open_5x5.csv`): chase every light to the row below \
                until only the last row is lit; these are the only last rows that leave a solvable board, with the \
                first-row presses (buttons 1 and 2 never pressed) that clear it on a second chase:",
                t,
            );
        }
        let k = q.basis.len();
        seed004 = seed004.chart(
            "quiet_plus_open_5x5",
            format!(
                "The {k} quiet patterns of the 5x5 plus board: adding either to a solution gives another, so every \
                solvable board has 2^{k} solutions and only 2^{} of the 2^25 boards are solvable.",
                25 - k
            ),
        );
    }
    if let Some(h) = s
        .histograms
        .iter()
        .find(|h| (h.rule, h.topology, h.n) == (Rule::Plus, Topology::Open, 5))
    {
        let peak = h
            .counts
            .iter()
            .enumerate()
            .max_by(|a, b| a.1.cmp(b.1))
            .map_or(0, |(k, _)| k);
        let at_max = h.counts.last().map(|c| c.to_string()).unwrap_or_default();
        seed004 = seed004.chart(
            "histogram_plus_open_5x5",
            format!(
                "Solvable 5x5 positions by fewest presses: the counts peak at {peak} presses and fall to the {at_max} \
                positions that need God's number, {} presses (the marked bar).",
                h.gods_number()
            ),
        );
    }
    match &s.seed004 {
        Some(s4) => seed004_verdicts(seed004, s4),
        None => seed004,
    }
}

/// Seed 004's tables that need their own computation: pairs of ignored buttons, the direct
/// formulas, the last rows.
fn seed004_verdicts(section: Section, s4: &seed004::Seed004) -> Section {
    let kept = s4.pairs.iter().filter(|p| p.keeps_column_space(s4.rank)).count();
    let symmetric = s4.last_rows.iter().filter(|l| l.symmetric()).count();
    let classes = s4
        .last_rows
        .iter()
        .map(|l| l.class())
        .collect::<std::collections::BTreeSet<_>>()
        .len();
    section
        .table(
            format!(
                "Leaving two buttons unpressed: the rank of the press matrix without them, for each of the {} pairs \
                ({kept} keep the full rank {}, so only those pairs can be ignored; `data/lightsout/{}`). First rows:",
                s4.pairs.len(),
                s4.rank,
                seed004::PAIRS_CSV
            ),
            head(seed004::pairs_table(s4), 12),
        )
        .table(
            format!(
                "The direct formulas for buttons x3, x4, x5 checked on every solvable position \
                (`data/lightsout/{}`):",
                seed004::FORMULAS_CSV
            ),
            seed004::formulas_table(s4),
        )
        .text(format!(
            "The last rows after chasing (`data/lightsout/{}`): {} patterns, {symmetric} of them left-right \
            symmetric, {classes} classes under the mirror.",
            seed004::LAST_ROWS_CSV,
            s4.last_rows.len(),
        ))
}

fn gods_section(s: &LightsoutResults) -> Section {
    let mut gods = Section::new("God's numbers").table(
        "For each board whose click-distance histogram was computed (`data/lightsout/histogram_*.csv`): the solvable \
        positions (2^rank), the most presses any of them needs (God's number) and how many need it:",
        gods_table(s),
    );
    for (r, t, n, why) in &s.histogram_out_of_reach {
        let sampled = (*r, *t) == (Rule::Plus, Topology::Open) && s.sampled.iter().any(|x| x.n == *n);
        let see = if sampled {
            " Its sampled histogram is in the section below."
        } else {
            ""
        };
        gods = gods.text(format!("Not computed ({} {} {n}x{n}): {why}.{see}", r.name(), t.name()));
    }
    match &s.gods {
        Some(g) => gods_bounds(gods, g),
        None => gods,
    }
}

/// The rows of the God's-numbers study against the published table (wmboyles/LightsOut-Math):
/// which of its values they confirm or contradict, and which of its "?" (the sizes it omits)
/// they settle or bound; "none" for an empty list.
struct AgainstPublished {
    confirmed: String,
    differ: String,
    filled: String,
    bounded: String,
}

impl AgainstPublished {
    fn of(g: &gods::GodsResults) -> AgainstPublished {
        let (_, known) = gods::published();
        let listed = |n: usize| known.iter().any(|k| k.0 == n);
        let list = |v: Vec<String>| if v.is_empty() { "none".to_string() } else { v.join(", ") };
        let sides = |keep: &dyn Fn(&gods::GodsRow) -> bool| {
            list(g.rows.iter().filter(|r| keep(r)).map(|r| r.n.to_string()).collect())
        };
        AgainstPublished {
            confirmed: sides(&|r| known.iter().any(|k| k.0 == r.n && Some(k.1) == r.exact())),
            differ: sides(&|r| known.iter().any(|k| k.0 == r.n && (k.1 < r.lower || k.1 > r.upper))),
            filled: sides(&|r| r.exact().is_some() && !listed(r.n)),
            bounded: list(
                g.rows
                    .iter()
                    .filter(|r| r.exact().is_none() && !listed(r.n))
                    .map(|r| format!("{} ({} to {})", r.n, r.lower, r.upper))
                    .collect(),
            ),
        }
    }
}

/// The God's numbers of the quiet code (beyond the histograms): how they are bounded, the table
/// and the chart.
fn gods_bounds(section: Section, g: &gods::GodsResults) -> Section {
    let exact: Vec<&gods::GodsRow> = g.rows.iter().filter(|r| r.exact().is_some()).collect();
    let largest = exact.iter().map(|r| r.n).max().unwrap_or(0);
    let refuted = g.rows.iter().filter(|r| r.refutation.is_some()).count();
    let all_up_to = g.rows.iter().filter(|r| r.nullity != 2).map(|r| r.n).max().unwrap_or(0);
    let d2_up_to = g.rows.iter().filter(|r| r.nullity == 2).map(|r| r.n).max().unwrap_or(0);
    let p = AgainstPublished::of(g);
    let compare = prose(
        include_str!("prose/gods_published.md"),
        &[
            ("confirmed", &p.confirmed),
            ("differ", &p.differ),
            ("filled", &p.filled),
            ("bounded", &p.bounded),
        ],
    );
    let text = prose(
        include_str!("prose/gods.md"),
        &[
            ("sides", &g.rows.len().to_string()),
            ("all_up_to", &all_up_to.to_string()),
            ("d2_up_to", &d2_up_to.to_string()),
            ("refuted", &refuted.to_string()),
            ("exact", &exact.len().to_string()),
            ("largest", &largest.to_string()),
            ("recheck", &saved::RECHECK_WORK.to_string()),
            ("dense", &gods::MAX_NULLITY.to_string()),
            ("compare", &compare),
        ],
    );
    let shares: Vec<f64> = exact
        .iter()
        .filter_map(|r| r.exact().map(|x| x as f64 / (r.n * r.n) as f64))
        .collect();
    let lo = shares.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = shares.iter().copied().fold(0.0, f64::max);
    section
        .text(text)
        .table(
            "God's numbers (`data/lightsout/gods_numbers.csv`; empty gods_number = only the bounds are proven):",
            gods_bounds_table(g),
        )
        .chart(
            "gods_numbers",
            format!(
                "God's number as a share of the n^2 cells, one slot per side n: where it is exact (points) the \
                hardest position needs {:.1}% to {:.1}% of the cells; where only bounds are known, a bar runs from the \
                lower to the upper bound.",
                100.0 * lo,
                100.0 * hi
            ),
        )
        .text(class_symmetry_text(g))
        .claims("lightsout.gods_number")
}

/// What the symmetry of the signature classes allows orbital branching and split and classify
/// (issue 40's methods 2 and 4), from `gods_class_symmetry.csv`.
fn class_symmetry_text(g: &gods::GodsResults) -> String {
    let order = |n: usize| g.class_symmetry.iter().find(|c| c.n == n);
    let open: Vec<String> = g
        .rows
        .iter()
        .filter(|r| r.exact().is_none())
        .filter_map(|r| order(r.n))
        .map(|c| match c.group_order {
            Some(k) if k == c.board_image => format!("{} (order {k}, the square's own)", c.n),
            Some(k) => format!("{} (order {k}; the square's image {})", c.n, c.board_image),
            None => format!("{} (search cut off after {} images)", c.n, c.nodes),
        })
        .collect();
    let most = g
        .rows
        .iter()
        .filter(|r| r.exact().is_none())
        .filter_map(|r| order(r.n)?.group_order)
        .max();
    let hidden: Vec<String> = g
        .class_symmetry
        .iter()
        .filter(|c| c.group_order.is_some_and(|k| k > c.board_image))
        .map(|c| format!("{} (order {}, nullity {})", c.n, c.group_order.unwrap_or(0), c.nullity))
        .collect();
    let list = |v: &[String]| if v.is_empty() { "none".to_string() } else { v.join(", ") };
    format!(
        "Symmetry of the problem (`data/lightsout/gods_class_symmetry.csv`): the invertible linear maps of the \
        signatures that keep every class's size keep every position's fewest presses, so orbital branching \
        (Ostrowski et al. 2011) and split and classify (the method behind the Reed-Muller codes' covering radii, \
        whose affine groups are vast) can divide a search by at most the order of their group. An exhaustive \
        backtracking search (`engine/class_automorphisms.rs`, checked against every invertible matrix on small \
        codes) finds it for every side. Sides still open: {}. So either method would shrink those searches at \
        most {}-fold, against budgets that left them undecided; neither is built. Groups larger than the \
        square's image: {}.",
        list(&open),
        most.map_or("an unknown".to_string(), |k| k.to_string()),
        list(&hidden),
    )
}

fn rect_section(r: &frontier::RectDataset) -> Section {
    let name = frontier::rect_name(r.max);
    let zero = r.table.iter().filter(|&&x| x == 0).count();
    Section::new("Rectangular boards")
        .text(format!(
            "Nullity of every plus/open m x n board with m, n <= {} (`data/lightsout/{name}.parquet`, columns m, n, \
            nullity, rank; {} rows), by Sutner's polynomials: nullity = deg gcd(f_m(x), f_n(x+1)). The largest \
            nullity in the table is {}.",
            r.max,
            r.max * r.max,
            frontier::rect_max(r)
        ))
        .chart(
            name,
            format!(
                "Where m x n boards have nullity > 0 in the corner m, n <= {} of the {} x {} table: one cell per \
                board size, grey where every board is solvable (nullity 0), coloured by nullity in bins that double. \
                Over the whole table {:.1}% of the {} sizes have nullity 0.",
                frontier::RECT_CHART_SIDE.min(r.max),
                r.max,
                r.max,
                100.0 * zero as f64 / r.table.len() as f64,
                r.table.len()
            ),
        )
}

/// The quiet patterns not shown beside the seeds they belong to.
fn quiet_section(s: &LightsoutResults) -> Section {
    let shown_elsewhere = |q: &Quiet| {
        matches!(
            (q.rule, q.topology, q.n),
            (Rule::Plus, Topology::Open, 4 | 5) | (Rule::Block, Topology::Open, 5)
        )
    };
    let mut section = Section::new("Quiet patterns").text(
        "A quiet pattern is a set of presses that changes no light; the patterns shown form a basis of the null \
        space, one panel each (`data/lightsout/quiet_*.csv`).",
    );
    for q in s.quiet.iter().filter(|q| !q.basis.is_empty() && !shown_elsewhere(q)) {
        let k = q.basis.len();
        section = section.chart(
            format!("quiet_{}", quiet_stem(q)),
            format!(
                "The {k} quiet patterns of the {n}x{n} {} {} board: every solvable board has 2^{k} solutions, \
                differing by these.",
                q.rule.name(),
                q.topology.name(),
                n = q.n
            ),
        );
    }
    section
}

/// Terms used on the page and columns of `data/lightsout/`: (term, meaning).
const DEFINITIONS: &[(&str, &str)] = &[
    (
        "plus, block",
        "the rule: a press toggles the cell and its 4 orthogonal neighbours (plus), or the 3x3 block \
        around it (block)",
    ),
    (
        "open, torus",
        "the topology: edges are walls (open), or opposite edges are joined (torus)",
    ),
    (
        "press matrix",
        "the cells x cells matrix over GF(2) whose column j is the set of cells a press on j toggles",
    ),
    (
        "rank",
        "rank of the press matrix over GF(2): there are 2^rank solvable boards",
    ),
    (
        "nullity",
        "cells - rank: the dimension of the space of quiet patterns; every solvable board has 2^nullity solutions",
    ),
    (
        "solvable fraction",
        "the share of all 2^cells boards that can be turned off: 2^-nullity",
    ),
    (
        "log2_solvable_fraction",
        "log2 of the solvable fraction = -nullity (exact; the fraction itself underflows a \
        float past nullity 1074)",
    ),
    (
        "fully solvable size",
        "a side n with nullity 0: every n x n board can be turned off, in exactly one way",
    ),
    (
        "n_mod_3",
        "the residue of the side n modulo 3 (seed 002's theorems are stated by it)",
    ),
    ("max_n", "the largest side of the sweep a row summarises"),
    (
        "sizes, all_solvable_sizes",
        "how many sides n <= max_n have this residue, and how many of those have nullity 0",
    ),
    ("share_all_solvable", "all_solvable_sizes / sizes, a decimal in [0, 1]"),
    ("mean_solvable_fraction", "the mean of 2^-nullity over those sides"),
    (
        "max_nullity, n_at_max_nullity",
        "the largest nullity among those sides, and the smallest side reaching it",
    ),
    (
        "m, n",
        "rows and columns of a rectangular board (`rect_*.csv`), or the side of a square one",
    ),
    (
        "quiet pattern",
        "a set of presses that changes no light (a null vector of the press matrix); `pattern`, \
        `row`, `col` list the pressed cells of each basis pattern, 1-based",
    ),
    (
        "min_presses",
        "fewest presses that turn a position off (its click distance)",
    ),
    (
        "positions_text",
        "solvable positions needing exactly `min_presses` presses at minimum; an exact count as text, \
        digits grouped by `_`, at least one `_` (`0_048`, `1_234_567`; Python's `int()` reads it), since the counts \
        pass 2^127 and their sums 2^63 from 8x8 on",
    ),
    (
        "positions",
        "positions_text as a float (exact below 2^53), so the column sums as numbers",
    ),
    ("log10_positions", "log10 of positions, for plotting"),
    (
        "God's number",
        "the most presses any solvable position of a board needs: the largest `min_presses` in its histogram",
    ),
    (
        "light chasing",
        "pressing, row by row, the cell below every light, so that only the last row can stay lit",
    ),
    (
        "chase table",
        "for the plus rule on open boards: every last row that light chasing leaves on a solvable \
        board (`last_row`), with the first-row presses that clear it (`first_row_presses`) when pressed before \
        chasing again; bits are columns 1..n, 1 = lit / pressed",
    ),
    ("all-ones board", "the board with every light on"),
    (
        "first_found_presses",
        "presses in the first solution the elimination produces, before minimising over the 2^nullity solutions",
    ),
    (
        "min_presses",
        "fewest presses over every solution; `exact` = true when all 2^nullity solutions were \
        compared, false when it is the best found by descent",
    ),
    (
        "one-way, two-way, two-way (3k+1)",
        "seed 002's hand algorithms for the block rule on 3k+2, 3k and 3k+1 sides (see \
        `src/studies/lightsout/hand.rs` for the exact reading)",
    ),
    (
        "exhaustive",
        "true when every solvable board was tested, false for a fixed-seed sample",
    ),
    (
        "boards, cleared, failed",
        "boards tested, boards the hand algorithm turned off, and the rest",
    ),
    (
        "mean_presses, mean_minimum",
        "mean presses of the hand algorithm, and mean fewest presses, over the cleared boards",
    ),
    (
        "optimal_boards, max_excess",
        "cleared boards where the algorithm pressed the minimum, and the largest excess over it",
    ),
    (
        "failure_example, excess_example",
        "a board the algorithm fails on, and one where it presses the largest excess (max_excess) over the \
        minimum: rows of `.` (off) and `#` (on) joined by `/`",
    ),
];

pub fn definitions() -> Vec<(String, String)> {
    DEFINITIONS
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

/// The n mod 3 chart's caption, with the shares it shows.
fn share_caption(s: &LightsoutResults) -> String {
    // The same sweeps and counts as the chart; a share short of 1 is never rounded up to 100%.
    let sweeps = longest_sweeps(s);
    let of = |r: Rule, t: Topology| {
        let Some((_, _, nul)) = sweeps.iter().find(|w| (w.0, w.1) == (r, t)) else {
            return String::new();
        };
        let counts = residue_counts(nul)
            .iter()
            .map(|&(ok, all)| format!("{}/{}", chart::format_value(ok as f64), chart::format_value(all as f64)))
            .collect::<Vec<_>>()
            .join(", ");
        format!("{} (n = 1..{})", counts, chart::format_value((nul.len() - 1) as f64))
    };
    format!(
        "Sizes with every board solvable / sizes, for n = 0, 1, 2 mod 3: block/open {} (seed 002's theorem); \
            block/torus {} and plus/torus {} (never when 3 | n); plus/open {}: no n mod 3 law.",
        of(Rule::Block, Topology::Open),
        of(Rule::Block, Topology::Torus),
        of(Rule::Plus, Topology::Torus),
        of(Rule::Plus, Topology::Open)
    )
}

/// How the sizes past the enumeration are bounded below, and what the bounds give.
fn bounds_text(s: &LightsoutResults) -> String {
    let open: Vec<String> = s
        .all_ones
        .iter()
        .filter(|r| !r.exact)
        .map(|r| format!("{} (nullity {}): {} to {}", r.n, r.nullity, r.lower, r.minimum))
        .collect();
    if open.is_empty() {
        return "Every size here is exact.".to_string();
    }
    prose(
        include_str!("prose/bounds.md"),
        &[
            ("exact_nullity", &solve::EXACT_NULLITY.to_string()),
            ("strip_width", &strips::WIDTH.to_string()),
            ("bounds", &open.join("; ")),
        ],
    )
}

/// The all-ones chart's caption, with the shares it shows.
fn solver_caption(s: &LightsoutResults) -> String {
    let a = &s.all_ones;
    let share = |p: u64, n: usize| p as f64 / (n * n) as f64;
    let mean = |f: &dyn Fn(&AllOnesRow) -> f64| a.iter().map(f).sum::<f64>() / a.len().max(1) as f64;
    let first = mean(&|r| share(r.first_found, r.n));
    let singular: Vec<&AllOnesRow> = a.iter().filter(|r| r.nullity > 0).collect();
    let saved = singular
        .iter()
        .map(|r| share(r.first_found - r.minimum, r.n))
        .fold(0.0, f64::max);
    let inexact = a.iter().filter(|r| !r.exact).count();
    format!(
        "Presses as a share of the n^2 cells, n = 1..{}: the first solution found presses {:.0}% of the cells on \
            average, near the 1/2 of a random pattern; the minimum can be lower only on the {} sizes with nullity > 0, \
            where other solutions exist (by up to {:.0}% of the cells){}.",
        a.len(),
        100.0 * first,
        singular.len(),
        100.0 * saved,
        if inexact > 0 {
            format!(
                "; {inexact} open circles are the best found, not proven minimal, each with a bar \
            down to its proven lower bound"
            )
        } else {
            String::new()
        }
    )
}

/// The hand-algorithm chart's caption: where the hand algorithm is furthest from and closest to
/// the minimum.
fn hand_caption(s: &LightsoutResults) -> String {
    let ratio = |r: &HandRow| r.mean_presses() / r.mean_minimum().max(f64::MIN_POSITIVE);
    let rows: Vec<&HandRow> = s.hand.iter().filter(|r| r.mean_minimum() > 0.0).collect();
    let worst = rows.iter().max_by(|a, b| ratio(a).total_cmp(&ratio(b)));
    let best = rows.iter().min_by(|a, b| ratio(a).total_cmp(&ratio(b)));
    let sampled: Vec<String> = s
        .hand
        .iter()
        .filter(|r| !r.exhaustive)
        .map(|r| r.n.to_string())
        .collect();
    let samples =
        if sampled.is_empty() {
            String::new()
        } else {
            format!(
            " Filled points are exact (every solvable board); open points (n = {}) are means of {} random solvable \
                boards, with bars of +-1 standard error (mostly smaller than the points).",
            sampled.join(", "),
            s.hand.iter().filter(|r| !r.exhaustive).map(|r| r.boards).max().unwrap_or(0)
        )
        };
    match (worst, best) {
        (Some(w), Some(b)) => format!(
            "Mean presses of the hand algorithm beside the mean minimum per side: furthest from the minimum at n = {} \
                ({}, {:.1}x the minimum), closest at n = {} ({}, {:.2}x).{samples}",
            w.n,
            w.algorithm,
            ratio(w),
            b.n,
            b.algorithm,
            ratio(b)
        ),
        _ => format!("Mean presses of the hand algorithm beside the mean minimum per side.{samples}"),
    }
}
