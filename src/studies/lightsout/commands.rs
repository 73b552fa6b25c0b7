//! The `statespace lightsout` commands, each in the one shape of [`Task`]: validated options (the
//! CLI builds them and checks every limit), a computation that writes nothing, its files as bytes
//! and the lines it prints. [`crate::output::export::drive`] runs them.

use super::histogram::{self, Histogram};
use super::quiet::{self, Quiet};
use super::sampled::{self, Sampled};
use super::solve::{self, Outcome};
use super::{exports, frontier, gods, hand, nullity, study};
use crate::engine::progress::{Counters, Reporter};
use crate::output::export::{Area, Export, OutDirs};
use crate::puzzles::lightsout::{Game, Grid, Rule, Topology};
use crate::studies::Task;
use anyhow::{Context, Result};
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

/// The `--out` directory of a command's summary (commands with files always have one).
fn out_dir(dirs: Option<&OutDirs>) -> &Path {
    dirs.map_or(Path::new(""), |d| d.data.as_path())
}

/// `sweep`: n x n nullity for every n <= `max_n`.
pub struct SweepOptions {
    pub rule: Rule,
    pub topology: Topology,
    pub max_n: usize,
    /// Parquet instead of CSV (the same columns).
    pub parquet: bool,
    /// Where each rank keeps its finished gcds, so a killed run resumes (plus rule only).
    pub keep: Option<std::path::PathBuf>,
}

impl SweepOptions {
    fn file_name(&self) -> String {
        format!(
            "sweep_{}_{}.{}",
            self.rule.name(),
            self.topology.name(),
            if self.parquet { "parquet" } else { "csv" }
        )
    }
}

impl Task for SweepOptions {
    type Results = Vec<usize>;

    fn compute(&self) -> Result<Vec<usize>> {
        let counters = Arc::new(Counters::default());
        let label = format!(
            "sweep {} {} to n = {}",
            self.rule.name(),
            self.topology.name(),
            self.max_n
        );
        let cluster = crate::engine::cluster::current();
        // One progress display per job: the root's.
        let _progress = cluster.is_root().then(|| Reporter::start(label, counters.clone()));
        nullity::sweep_on(
            self.rule,
            self.topology,
            self.max_n,
            cluster,
            Some(&counters),
            self.keep.as_deref(),
        )
    }

    fn distributed(&self) -> bool {
        true
    }

    fn export(&self, nul: &Vec<usize>) -> Result<Export> {
        let mut files = Export::default();
        if self.parquet {
            let scope = format!("{} rule, {}", self.rule.name(), self.topology.name());
            let method = crate::studies::lightsout::nullity::sweep_method(self.rule, self.topology);
            files.bytes(
                Area::Data,
                "",
                &self.file_name(),
                super::million::sweep_parquet(nul, &scope, method)?,
                Some(self.max_n as u64),
            );
        } else {
            files.table(Area::Data, "", &self.file_name(), &exports::sweep_table(nul));
        }
        Ok(files)
    }

    fn summary(&self, nul: &Vec<usize>, dirs: Option<&OutDirs>) -> String {
        let max = (1..=self.max_n)
            .max_by_key(|&n| (nul[n], std::cmp::Reverse(n)))
            .unwrap_or(1);
        let solvable = (1..=self.max_n).filter(|&n| nul[n] == 0).count();
        format!(
            "{} {}: n = 1..{}: {solvable} sizes with every board solvable; largest nullity {} at n = {max}; wrote {}\n",
            self.rule.name(),
            self.topology.name(),
            self.max_n,
            nul[max],
            out_dir(dirs).join(self.file_name()).display()
        )
    }
}

/// `rect`: the m x n nullity table for m, n <= `max`.
pub struct RectOptions {
    pub rule: Rule,
    pub topology: Topology,
    pub max: usize,
}

impl RectOptions {
    fn file_name(&self) -> String {
        format!("rect_{}_{}.csv", self.rule.name(), self.topology.name())
    }
}

impl Task for RectOptions {
    type Results = Vec<(usize, usize, usize)>;

    fn compute(&self) -> Result<Self::Results> {
        nullity::rect(self.rule, self.topology, self.max)
    }

    fn export(&self, rows: &Self::Results) -> Result<Export> {
        let mut files = Export::default();
        files.table(Area::Data, "", &self.file_name(), &exports::rect_table(rows));
        Ok(files)
    }

    fn summary(&self, _: &Self::Results, dirs: Option<&OutDirs>) -> String {
        format!("wrote {}\n", out_dir(dirs).join(self.file_name()).display())
    }
}

/// `solve`: one board (from a file, or all ones) with fewest presses.
pub struct SolveOptions {
    pub game: Game,
    pub board: Grid,
    /// Presses written as 0/1 (else ./#), as the input was.
    pub digits: bool,
    /// How the summary names the board.
    pub label: String,
    /// The presses go to a file (`--presses`), so a large grid need not be printed.
    pub to_file: bool,
}

impl SolveOptions {
    /// The all-ones n x n board (n >= 1), refused before allocating when it cannot be solved here.
    pub fn all_ones(rule: Rule, topology: Topology, n: usize, to_file: bool) -> Result<SolveOptions> {
        let game = Game::new(rule, topology, n, n)?;
        solve::check_size(&game)?;
        Ok(SolveOptions {
            game,
            board: Grid::ones(n, n)?,
            digits: true,
            label: format!("all-ones {n}x{n}"),
            to_file,
        })
    }

    /// The board in `text` (rows of 0/1 or ./#), named `what` in errors and in the summary.
    pub fn from_text(rule: Rule, topology: Topology, text: &str, what: String, to_file: bool) -> Result<SolveOptions> {
        let board = crate::puzzles::lightsout::parse_board(text, &what)?;
        let game = Game::new(rule, topology, board.rows, board.cols)?;
        Ok(SolveOptions {
            game,
            board,
            digits: crate::puzzles::lightsout::uses_digits(text),
            label: what,
            to_file,
        })
    }
}

impl Task for SolveOptions {
    type Results = Outcome;

    fn compute(&self) -> Result<Outcome> {
        solve::solve(&self.game, &self.board)
    }

    fn summary(&self, out: &Outcome, _: Option<&OutDirs>) -> String {
        let (rule, topology, board) = (self.game.rule.name(), self.game.topology.name(), &self.board);
        let s = match out {
            Outcome::Unsolvable { nullity } => {
                return format!(
                    "{} ({rule} {topology}, {}x{}): not solvable; nullity {nullity} (only 1 in 2^{nullity} boards \
                        is)\n",
                    self.label, board.rows, board.cols
                );
            }
            Outcome::Solved(s) => s,
        };
        let mut text = format!(
            "{} ({rule} {topology}, {}x{}): solvable; nullity {}; solutions 2^{}{}; {} presses ({}); verified by \
                replay\n",
            self.label,
            board.rows,
            board.cols,
            s.nullity,
            s.nullity,
            if s.nullity <= 128 {
                format!(" = {}", num_bigint::BigUint::from(1u8) << s.nullity)
            } else {
                String::new()
            },
            s.presses.count(),
            if s.exact_minimum {
                "minimum over every solution".to_string()
            } else {
                format!(
                    "best found; not proven minimal: nullity {} > {}",
                    s.nullity,
                    solve::EXACT_NULLITY
                )
            }
        );
        if board.rows * board.cols <= 100 * 100 {
            text += &s.presses.to_text(self.digits);
        } else if !self.to_file {
            text += &format!(
                "(grid of {} cells not printed; use --presses FILE)\n",
                board.rows * board.cols
            );
        }
        text
    }
}

/// `solve --presses FILE`: the presses in the input's format, or no file at all when the board is
/// not solvable (no stale answer is left behind).
pub fn save_presses(path: &Path, options: &SolveOptions, out: &Outcome) -> Result<()> {
    match out {
        Outcome::Unsolvable { .. } if path.exists() => {
            std::fs::remove_file(path).with_context(|| format!("cannot remove {}", path.display()))
        }
        Outcome::Unsolvable { .. } => Ok(()),
        Outcome::Solved(s) => crate::output::write_atomic(path, s.presses.to_text(options.digits).as_bytes()),
    }
}

/// `histogram`: exact, or (`samples`) sampled on the plus rule's open boards.
pub struct HistogramOptions {
    pub rule: Rule,
    pub topology: Topology,
    pub n: usize,
    pub samples: Option<u64>,
}

pub enum HistogramResults {
    Exact(Histogram),
    Sampled(Sampled),
}

impl HistogramResults {
    fn file_name(&self) -> String {
        match self {
            HistogramResults::Exact(h) => exports::histogram_name(h),
            HistogramResults::Sampled(s) => sampled::file_name(s),
        }
    }
}

impl Task for HistogramOptions {
    type Results = HistogramResults;

    fn compute(&self) -> Result<HistogramResults> {
        Ok(match self.samples {
            Some(k) => HistogramResults::Sampled(sampled::compute(self.n, k, study::SAMPLE_SEED ^ self.n as u64)?),
            None => HistogramResults::Exact(histogram::compute(self.rule, self.topology, self.n)?),
        })
    }

    fn export(&self, r: &HistogramResults) -> Result<Export> {
        let table = match r {
            HistogramResults::Exact(h) => exports::histogram_table(h),
            HistogramResults::Sampled(s) => sampled::table(s),
        };
        let mut files = Export::default();
        files.table(Area::Data, "", &r.file_name(), &table);
        Ok(files)
    }

    fn summary(&self, r: &HistogramResults, dirs: Option<&OutDirs>) -> String {
        let path = out_dir(dirs).join(r.file_name());
        match r {
            HistogramResults::Sampled(s) => format!(
                "plus open {0}x{0}: {1} sampled positions, mean fewest presses {2:.3} +- {3:.3}, most seen {4} (a \
                    lower bound on God's number); wrote {5}\n",
                self.n,
                s.samples,
                s.mean(),
                s.mean_standard_error(),
                s.largest_seen(),
                path.display()
            ),
            HistogramResults::Exact(h) => format!(
                "{} {} {}x{}: {} solvable positions ({}), God's number {} ({} positions need it); wrote {}\n",
                self.rule.name(),
                self.topology.name(),
                self.n,
                self.n,
                h.total(),
                h.method,
                h.gods_number(),
                h.counts.last().map(|c| c.to_string()).unwrap_or_default(),
                path.display()
            ),
        }
    }
}

/// `quiet`: the quiet patterns of one n x n board and (plus/open) the light-chasing table.
pub struct QuietOptions {
    pub rule: Rule,
    pub topology: Topology,
    pub n: usize,
}

impl Task for QuietOptions {
    type Results = Quiet;

    fn compute(&self) -> Result<Quiet> {
        quiet::compute(self.rule, self.topology, self.n)
    }

    fn export(&self, q: &Quiet) -> Result<Export> {
        let mut files = Export::default();
        exports::quiet_export(q, &mut files)?;
        Ok(files)
    }

    fn summary(&self, q: &Quiet, dirs: Option<&OutDirs>) -> String {
        format!(
            "{} {} {}x{}: nullity {}; wrote quiet patterns and the chasing table to {}\n",
            self.rule.name(),
            self.topology.name(),
            self.n,
            self.n,
            q.basis.len(),
            out_dir(dirs).display()
        )
    }
}

/// `dense`: one press matrix's rank by dense elimination (the verification path).
pub struct DenseOptions {
    pub game: Game,
}

impl Task for DenseOptions {
    /// The rank and the elimination's seconds.
    type Results = (usize, f64);

    fn compute(&self) -> Result<(usize, f64)> {
        let m = self.game.press_matrix()?;
        let t = Instant::now();
        let rank = m.rank();
        Ok((rank, t.elapsed().as_secs_f64()))
    }

    fn summary(&self, &(rank, secs): &(usize, f64), _: Option<&OutDirs>) -> String {
        let g = &self.game;
        format!(
            "{} {} {n}x{n}: {c} x {c} press matrix, rank {rank}, nullity {}; elimination {secs:.3} s\n",
            g.rule.name(),
            g.topology.name(),
            g.cells() - rank,
            n = g.rows,
            c = g.cells()
        )
    }
}

/// `hand`: seed 002's hand algorithms for the block rule, sides 2..=`max_n`.
pub struct HandOptions {
    pub max_n: usize,
}

impl Task for HandOptions {
    type Results = Vec<hand::HandRow>;

    fn compute(&self) -> Result<Self::Results> {
        hand::study(self.max_n)
    }

    fn export(&self, rows: &Self::Results) -> Result<Export> {
        let mut files = Export::default();
        files.table(Area::Data, "", "hand_algorithms.csv", &exports::hand_table(rows));
        Ok(files)
    }

    fn summary(&self, rows: &Self::Results, _: Option<&OutDirs>) -> String {
        rows.iter()
            .map(|r| {
                format!(
                    "{n}x{n} {alg}: {b} boards, {c} cleared, mean presses {p:.2} vs minimum {q:.2}\n",
                    n = r.n,
                    alg = r.algorithm,
                    b = r.boards,
                    c = r.cleared,
                    p = r.mean_presses(),
                    q = r.mean_minimum()
                )
            })
            .collect()
    }
}

/// `nullity`: one n x n nullity by the fastest method.
pub struct NullityOptions {
    pub rule: Rule,
    pub topology: Topology,
    pub n: usize,
}

impl Task for NullityOptions {
    /// The nullity, the method's name and the seconds taken.
    type Results = (usize, &'static str, f64);

    fn compute(&self) -> Result<Self::Results> {
        let t = Instant::now();
        let (nul, method) = nullity::single(self.rule, self.topology, self.n)?;
        Ok((nul, method, t.elapsed().as_secs_f64()))
    }

    fn summary(&self, &(nul, method, secs): &Self::Results, _: Option<&OutDirs>) -> String {
        format!(
            "{} {} {n}x{n}: nullity {nul}, rank {}; method: {method}; {secs:.3} s\n",
            self.rule.name(),
            self.topology.name(),
            (self.n as u128 * self.n as u128) - nul as u128,
            n = self.n
        )
    }
}

/// `rect-dataset`: the plus/open m x n nullity table as Parquet with a heatmap.
pub struct RectDatasetOptions {
    pub max: usize,
}

impl Task for RectDatasetOptions {
    type Results = frontier::RectDataset;

    fn compute(&self) -> Result<frontier::RectDataset> {
        Ok(frontier::rect_compute(self.max))
    }

    fn export(&self, r: &frontier::RectDataset) -> Result<Export> {
        let name = frontier::rect_name(self.max);
        let cells = (self.max * self.max) as u64;
        let mut files = Export::default();
        files.bytes(
            Area::Data,
            "",
            &format!("{name}.parquet"),
            frontier::rect_parquet(r)?,
            Some(cells),
        );
        files.chart(Area::Data, "", &name, &frontier::rect_chart(r)?);
        Ok(files)
    }

    fn summary(&self, r: &frontier::RectDataset, dirs: Option<&OutDirs>) -> String {
        format!(
            "plus open m x n, m, n <= {}: largest nullity {}; wrote {}\n",
            self.max,
            frontier::rect_max(r),
            out_dir(dirs).join(frontier::rect_name(self.max) + ".parquet").display()
        )
    }
}

/// `gods`: God's numbers, exact or proven bounds.
impl Task for gods::GodsOptions {
    type Results = gods::GodsResults;

    fn compute(&self) -> Result<gods::GodsResults> {
        super::saved::gods_results(self)
    }

    fn export(&self, r: &gods::GodsResults) -> Result<Export> {
        let mut files = Export::default();
        for (name, table) in gods::files(r) {
            files.table(Area::Data, "", name, &table);
        }
        files.chart(Area::Data, "", "gods_numbers", &gods::chart(r)?);
        Ok(files)
    }

    fn summary(&self, r: &gods::GodsResults, dirs: Option<&OutDirs>) -> String {
        let mut text = String::new();
        for row in &r.rows {
            text += &match row.exact() {
                Some(g) => format!("{0}x{0} (nullity {1}): God's number {g}\n", row.n, row.nullity),
                None => format!(
                    "{0}x{0} (nullity {1}): God's number between {2} and {3}\n",
                    row.n, row.nullity, row.lower, row.upper
                ),
            };
        }
        text + &format!("wrote {}\n", out_dir(dirs).join(gods::GODS_CSV).display())
    }
}
