//! The `statespace lightsout` commands on a graph (`--graph FILE`, `--board-file FILE`,
//! `--named NAME`) and the family sweep, each a [`Task`], with the schemas of their files.

use super::graph_gods::{self, GodsEffort, GraphGods};
use super::graphs::{self, GraphGame, GraphHistogram, SweepKind, SweepRow};
use crate::engine::progress::{Counters, Reporter};
use crate::output::chart::{self, LineChart, Rendered, Series};
use crate::output::export::{Area, Export, OutDirs};
use crate::output::glossary;
use crate::output::schema::{col, Kind, Schema};
use crate::output::{Cell, Table};
use crate::puzzles::press_graph::{GraphRule, PictureLattice};
use crate::studies::Task;
use anyhow::{Context, Result};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Where the graph files go under `data/lightsout/` (and where a command's `--out` puts them).
pub const DIR: &str = "lightsout/graphs";

const SOURCE: &str = "statespace lightsout (graphs)";

/// The `--out` directory of a command's summary.
fn out_dir(dirs: Option<&OutDirs>) -> &Path {
    dirs.map_or(Path::new(""), |d| d.data.as_path())
}

/// `rank` (and `nullity`, `dense` with a graph): one graph's press matrix, ranked.
pub struct GraphRankOptions {
    pub game: GraphGame,
    /// How the graph was named on the command line (a file path or a built-in name).
    pub source: String,
}

impl Task for GraphRankOptions {
    /// (rank, nullity, seconds taken).
    type Results = (usize, usize, f64);

    fn compute(&self) -> Result<Self::Results> {
        let t = Instant::now();
        let (rank, nullity) = self.game.graph.rank(self.game.rule)?;
        Ok((rank, nullity, t.elapsed().as_secs_f64()))
    }

    fn summary(&self, &(rank, nullity, secs): &Self::Results, _: Option<&OutDirs>) -> String {
        format!(
            "{} on {} ({} vertices, {} edges): nullity {nullity}, rank {rank}; method: dense elimination over \
             GF(2); {secs:.3} s\n",
            self.game.rule.name(),
            self.source,
            self.game.graph.vertices(),
            self.game.graph.edges()
        )
    }
}

pub static GRAPH_HISTOGRAM: Schema = Schema {
    pattern: "lightsout/graphs/histogram_*.csv",
    description: "Click-distance histogram of Lights Out on one graph (rule, then the graph's name, in the file \
                name): solvable positions by the fewest presses that turn them off. The last row's min_presses is \
                God's number.",
    columns: super::histogram::HISTOGRAM_COLUMNS,
    primary_key: &[glossary::min_presses],
    source: SOURCE,
};

/// The histogram as a table (the square boards' columns).
pub fn histogram_table(h: &GraphHistogram) -> Table {
    super::histogram::counts_table(&GRAPH_HISTOGRAM, &h.counts)
}

/// `histogram` on a graph.
pub struct GraphHistogramOptions {
    pub game: GraphGame,
}

impl Task for GraphHistogramOptions {
    type Results = GraphHistogram;

    fn compute(&self) -> Result<GraphHistogram> {
        graphs::histogram(&self.game)
    }

    fn export(&self, h: &GraphHistogram) -> Result<Export> {
        let mut files = Export::default();
        let name = format!("histogram_{}.csv", self.game.stem());
        files.table(Area::Data, DIR, &name, &histogram_table(h));
        Ok(files)
    }

    fn summary(&self, h: &GraphHistogram, dirs: Option<&OutDirs>) -> String {
        format!(
            "{}: nullity {}, {} solvable positions ({}), God's number {} ({} positions need it); wrote {}\n",
            self.game.label(),
            h.nullity,
            h.total(),
            h.method,
            h.gods_number(),
            h.counts.last().map(|c| c.to_string()).unwrap_or_default(),
            out_dir(dirs)
                .join(format!("histogram_{}.csv", self.game.stem()))
                .display()
        )
    }
}

pub static GRAPH_QUIET: Schema = Schema {
    pattern: "lightsout/graphs/quiet_*.csv",
    description: "A basis of the quiet patterns (press sets that change no light) of Lights Out on one graph \
                (rule, then the graph's name, in the file name): one row per pressed vertex of each basis pattern. \
                A board picture's vertices are its cells in reading order (row by row, left to right).",
    columns: &[
        col(glossary::pattern, Kind::Integer, "index of the basis pattern (1-based)"),
        col(
            glossary::vertex,
            Kind::Integer,
            "a pressed vertex (0-based, as in the edge list)",
        ),
    ],
    primary_key: &[glossary::pattern, glossary::vertex],
    source: SOURCE,
};

/// `quiet` on a graph: a null-space basis of the press matrix.
pub struct GraphQuietOptions {
    pub game: GraphGame,
}

impl Task for GraphQuietOptions {
    type Results = Vec<Vec<u64>>;

    fn compute(&self) -> Result<Vec<Vec<u64>>> {
        self.game.press_matrix()?.null_space()
    }

    fn export(&self, basis: &Vec<Vec<u64>>) -> Result<Export> {
        let mut t = GRAPH_QUIET.table();
        for (i, q) in basis.iter().enumerate() {
            for v in (0..self.game.graph.vertices()).filter(|&v| crate::engine::gf2::get_bit(q, v)) {
                t.push(vec![(i + 1).into(), v.into()]);
            }
        }
        let mut files = Export::default();
        files.table(Area::Data, DIR, &format!("quiet_{}.csv", self.game.stem()), &t);
        if let Some(chart) = quiet_picture(&self.game, basis)? {
            files.chart(Area::Data, DIR, &format!("quiet_{}", self.game.stem()), &chart);
        }
        Ok(files)
    }

    fn summary(&self, basis: &Vec<Vec<u64>>, dirs: Option<&OutDirs>) -> String {
        format!(
            "{}: nullity {}; wrote {}{}\n",
            self.game.label(),
            basis.len(),
            out_dir(dirs).join(format!("quiet_{}.csv", self.game.stem())).display(),
            if self.game.graph.cells().is_some() && !basis.is_empty() {
                format!(" and its picture quiet_{}.png/.svg", self.game.stem())
            } else {
                String::new()
            }
        )
    }
}

pub static GRAPH_GODS: Schema = Schema {
    pattern: "lightsout/graphs/gods_*.csv",
    description: "God's number of Lights Out on one graph (rule, then the graph's name, in the file name): the most \
                presses any solvable position needs, exact or as proven bounds, with the witness position behind \
                the lower bound.",
    columns: &[
        col(glossary::graph, Kind::String, "the graph's name (a file's stem)"),
        col(
            glossary::rule,
            Kind::String,
            "sigma-plus (vertex and neighbours) or sigma (neighbours only)",
        ),
        col(glossary::vertices, Kind::Integer, "vertices of the graph"),
        col(glossary::rank, Kind::Integer, "rank of the press matrix over GF(2)"),
        col(glossary::nullity, Kind::Integer, "vertices - rank"),
        col(
            glossary::gods_number,
            Kind::Number,
            "God's number; empty unless the bounds meet",
        ),
        col(
            glossary::lower_bound,
            Kind::Integer,
            "the witness position's fewest presses",
        ),
        col(
            glossary::upper_bound,
            Kind::Integer,
            "proven: no solvable position needs more presses",
        ),
        col(glossary::method, Kind::String, "how each bound was proven"),
        col(
            glossary::witness_lights,
            Kind::String,
            "the witness position, 0/1 per vertex",
        ),
        col(
            glossary::witness_presses,
            Kind::String,
            "a fewest press pattern clearing it, 0/1 per vertex",
        ),
    ],
    primary_key: &[glossary::graph, glossary::rule],
    source: SOURCE,
};

/// `gods` on a graph: God's number, exact or proven bounds, with a witness.
pub struct GraphGodsOptions {
    pub game: GraphGame,
    pub effort: GodsEffort,
}

/// One row of [`GRAPH_GODS`] (also the named graphs' witnesses in `reproduce`).
pub fn gods_row(game: &GraphGame, r: &GraphGods) -> Vec<Cell> {
    let v = game.graph.vertices();
    vec![
        graphs::slug(game.graph.name()).into(),
        game.rule.name().into(),
        v.into(),
        r.rank.into(),
        r.nullity.into(),
        r.exact().into(),
        r.lower.into(),
        r.upper.into(),
        r.method.clone().into(),
        vertex_picture(&r.witness, v).into(),
        vertex_picture(&r.presses, v).into(),
    ]
}

impl Task for GraphGodsOptions {
    type Results = GraphGods;

    fn compute(&self) -> Result<GraphGods> {
        let counters = std::sync::Arc::new(Counters::default());
        let _bar = (self.effort.budget > 0)
            .then(|| Reporter::start(format!("God's number of {}", self.game.label()), counters.clone()));
        graph_gods::gods(&self.game, &self.effort, &counters)
    }

    fn export(&self, r: &GraphGods) -> Result<Export> {
        let mut t = GRAPH_GODS.table();
        t.push(gods_row(&self.game, r));
        let mut files = Export::default();
        files.table(Area::Data, DIR, &format!("gods_{}.csv", self.game.stem()), &t);
        Ok(files)
    }

    fn summary(&self, r: &GraphGods, dirs: Option<&OutDirs>) -> String {
        let value = match r.exact() {
            Some(g) => format!("God's number {g}"),
            None => format!("God's number between {} and {}", r.lower, r.upper),
        };
        format!(
            "{} (nullity {}): {value} ({}); wrote {}\n",
            self.game.label(),
            r.nullity,
            r.method,
            out_dir(dirs).join(format!("gods_{}.csv", self.game.stem())).display()
        )
    }
}

/// The quiet basis drawn on the board, where the graph is a board picture (square cells, or
/// hexagons in the skewed rows' plane: cell (r, c) centred at (c - r/2, r sqrt(3)/2)).
fn quiet_picture(game: &GraphGame, basis: &[Vec<u64>]) -> Result<Option<Rendered>> {
    let Some((lattice, cells)) = game.graph.cells() else {
        return Ok(None);
    };
    if basis.is_empty() {
        return Ok(None);
    }
    let (centres, shape): (Vec<(f64, f64)>, _) = match lattice {
        PictureLattice::Square => (
            cells.iter().map(|&(r, c)| (c as f64, r as f64)).collect(),
            chart::CellShape::Square,
        ),
        PictureLattice::Hexagonal => (
            cells
                .iter()
                .map(|&(r, c)| (c as f64 - r as f64 / 2.0, r as f64 * 3f64.sqrt() / 2.0))
                .collect(),
            chart::CellShape::Hexagon,
        ),
    };
    let v = game.graph.vertices();
    let patterns: Vec<(String, Vec<bool>)> = basis
        .iter()
        .enumerate()
        .map(|(i, q)| {
            let on: Vec<bool> = (0..v).map(|x| crate::engine::gf2::get_bit(q, x)).collect();
            let presses = on.iter().filter(|&&b| b).count();
            (format!("pattern {}: {presses} presses", i + 1), on)
        })
        .collect();
    let title = format!(
        "{}: {k} quiet patterns, a basis (the 2^{k} quiet patterns are their sums)",
        game.label(),
        k = basis.len()
    );
    Ok(Some(chart::cell_panels(&title, &centres, shape, &patterns)?))
}

/// A board of lit vertices for `solve` on a graph: `0`/`1` (or `.`/`#`) per vertex in vertex
/// order, whitespace and line breaks ignored (`#` is a lit vertex, so the file has no comments).
pub fn parse_lights(text: &str, vertices: usize, what: &str) -> Result<Vec<u64>> {
    let mut v = vec![0u64; vertices.div_ceil(64)];
    let mut i = 0usize;
    for (line_no, line) in text.lines().enumerate() {
        for (col, ch) in line.chars().enumerate() {
            let on = match ch {
                '0' | '.' => false,
                '1' | '#' => true,
                c if c.is_whitespace() => continue,
                c => anyhow::bail!(
                    "{what}, line {}, column {}: {c:?} is not a light (0/1 or ./#)",
                    line_no + 1,
                    col + 1
                ),
            };
            if i == vertices {
                anyhow::bail!(
                    "{what}, line {}: more lights than the graph's {vertices} vertices",
                    line_no + 1
                );
            }
            crate::engine::gf2::set_bit(&mut v, i, on);
            i += 1;
        }
    }
    if i != vertices {
        anyhow::bail!("{what}: {i} lights for a graph of {vertices} vertices");
    }
    Ok(v)
}

/// `solve` on a graph: the fewest presses that clear a board (a file or every light on).
pub struct GraphSolveOptions {
    pub game: GraphGame,
    pub board: Vec<u64>,
    /// The board file, or None for every light on.
    pub file: Option<PathBuf>,
}

impl Task for GraphSolveOptions {
    type Results = Option<graphs::Fewest>;

    fn compute(&self) -> Result<Option<graphs::Fewest>> {
        graphs::fewest(&self.game.press_matrix()?, &self.board)
    }

    fn summary(&self, r: &Option<graphs::Fewest>, _: Option<&OutDirs>) -> String {
        let what = self
            .file
            .as_ref()
            .map_or("the all-on board".to_string(), |f| format!("board {}", f.display()));
        match r {
            None => format!(
                "{}: {what} is not solvable (no press pattern clears it)\n",
                self.game.label()
            ),
            Some(f) => format!(
                "{}: {what} takes {} presses at fewest (exact over the 2^{} solutions); presses: {}\n",
                self.game.label(),
                f.count,
                f.nullity,
                lights_text(&f.presses, self.game.graph.vertices())
            ),
        }
    }
}

/// A vertex set as `#` (in it) and `.` (not) in vertex order: text no CSV loader reads as a
/// number, and a board `solve --graph` reads.
pub fn vertex_picture(v: &[u64], vertices: usize) -> String {
    vertex_text(v, vertices, ('#', '.'))
}

/// A vertex set as one character per vertex: `on` in it, `off` not.
fn vertex_text(v: &[u64], vertices: usize, (on, off): (char, char)) -> String {
    (0..vertices)
        .map(|i| if crate::engine::gf2::get_bit(v, i) { on } else { off })
        .collect()
}

/// A vertex vector as 0/1 digits in vertex order (the `--presses` file of a graph).
pub fn lights_text(v: &[u64], vertices: usize) -> String {
    vertex_text(v, vertices, ('1', '0'))
}

/// Writes the presses of a solved graph board (0/1 per vertex, one line), atomically.
pub fn save_graph_presses(path: &Path, options: &GraphSolveOptions, r: &Option<graphs::Fewest>) -> Result<()> {
    match r {
        None => Ok(()),
        Some(f) => {
            let text = lights_text(&f.presses, options.game.graph.vertices()) + "\n";
            crate::output::write_atomic(path, text.as_bytes())
                .with_context(|| format!("cannot write {}", path.display()))
        }
    }
}

pub static FAMILY_SWEEP: Schema = Schema {
    pattern: "lightsout/graphs/nullity_*.csv",
    description: "Lights Out on a family of graphs (rule, then the family, in the file name: hex = the n x n \
                rhombus of hexagonal cells, hexagon = the hexagon of side n, hypercube = Q_n, cycle = C_n, \
                tiled-<motif> = the n x n grid with a motif's periodic holes): the press matrix's rank and \
                nullity for each size n, and whether the all-on board is solvable (hex by light chasing, an n x n \
                system per member, checked against dense elimination in the tests; the others by dense \
                elimination over GF(2)).",
    columns: &[
        col(glossary::n, Kind::Integer, "the member's size n"),
        col(glossary::vertices, Kind::Integer, "vertices (cells) of the member"),
        col(glossary::edges, Kind::Integer, "edges of the member"),
        col(glossary::rank, Kind::Integer, "rank of the press matrix over GF(2)"),
        col(
            glossary::nullity,
            Kind::Integer,
            "vertices - rank: the dimension of the quiet patterns",
        ),
        col(
            glossary::log2_solvable_fraction,
            Kind::Integer,
            "-nullity: log2 of the share of boards that are solvable",
        ),
        col(
            glossary::all_on_solvable,
            Kind::Boolean,
            "some press pattern clears the all-on board",
        ),
    ],
    primary_key: &[glossary::n],
    source: SOURCE,
};

/// A family sweep's file stem: `nullity_sigma-plus_hex`.
pub fn sweep_stem(family: &SweepKind, rule: GraphRule) -> String {
    format!("nullity_{}_{}", rule.name(), family.name())
}

pub fn sweep_table(rows: &[SweepRow]) -> Table {
    let mut t = FAMILY_SWEEP.table();
    for r in rows {
        t.push(vec![
            r.n.into(),
            r.vertices.into(),
            r.edges.into(),
            r.rank.into(),
            r.nullity.into(),
            Cell::Int(-(r.nullity as i128)),
            r.all_on_solvable.into(),
        ]);
    }
    t
}

/// Nullity by n, one line per rule.
pub fn sweep_chart(family: &SweepKind, sweeps: &[(GraphRule, &[SweepRow])]) -> Result<Rendered> {
    chart::line_chart(&LineChart {
        title: format!("Lights Out on {}: nullity by n", family.describe()),
        x_label: "n".into(),
        y_label: "nullity (dimension of the quiet patterns)".into(),
        series: sweeps
            .iter()
            .map(|(rule, rows)| Series {
                name: rule.name().into(),
                points: rows.iter().map(|r| (r.n as f64, r.nullity as f64)).collect(),
            })
            .collect(),
        log_y: false,
        lines: true,
    })
}

/// `family`: rank and nullity of one family's members of size 1..=max_n.
pub struct FamilySweepOptions {
    pub family: SweepKind,
    pub rule: GraphRule,
    pub max_n: usize,
}

impl Task for FamilySweepOptions {
    type Results = Vec<SweepRow>;

    fn compute(&self) -> Result<Vec<SweepRow>> {
        self.family.sweep(self.rule, self.max_n)
    }

    fn export(&self, rows: &Vec<SweepRow>) -> Result<Export> {
        let stem = sweep_stem(&self.family, self.rule);
        let mut files = Export::default();
        files.table(Area::Data, DIR, &format!("{stem}.csv"), &sweep_table(rows));
        files.chart(
            Area::Data,
            DIR,
            &stem,
            &sweep_chart(&self.family, &[(self.rule, rows)])?,
        );
        Ok(files)
    }

    fn summary(&self, rows: &Vec<SweepRow>, dirs: Option<&OutDirs>) -> String {
        let zero = rows.iter().filter(|r| r.nullity == 0).count();
        format!(
            "{} on {}, n = {}..={} ({}): {zero} members with every board solvable, largest nullity {}; wrote {}\n",
            self.rule.name(),
            self.family.describe(),
            self.family.first(),
            self.max_n,
            self.family.method(),
            rows.iter().map(|r| r.nullity).max().unwrap_or(0),
            out_dir(dirs)
                .join(format!("{}.csv", sweep_stem(&self.family, self.rule)))
                .display()
        )
    }
}
