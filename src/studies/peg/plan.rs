//! `statespace peg --side N --plan --ranks R --memory GIB`: what the distributed union
//! ([`crate::engine::layered_dist`]) costs before running it. Per level: its positions (the bit
//! array's length), the bytes one rank holds while computing it (with `--keep-levels`: the shares
//! of the layer above and of this one, and the exchange buffers), the successors pushed to other
//! ranks (sampled: uniform states of the layer above, their successors' owners), the bytes that
//! makes, and the time at rates measured on this machine (below). Then the smallest cluster that
//! fits side 9.

use crate::engine::layered::{binomial, Colex, Keep};
use crate::engine::layered_dist;
use crate::output::export::{Area, Export, OutDirs};
use crate::output::table::{Cell, Table};
use crate::puzzles::peg::Triangle;
use crate::studies::Task;
use anyhow::{ensure, Result};

/// Rates of one rank with one thread, measured on this project's 2-core machine (shared with
/// four other jobs, load average 24) from `mpirun -n 2 statespace peg --side 7 --levels-only`
/// with `RAYON_NUM_THREADS=1` (its level lines on stderr; `scripts/bench.sh`, peg section):
/// ranks pulled per second over the dense levels (95.5 million in 22.7 s on rank 0), and
/// successors sent per second, the plan's sampled successors for other ranks (before
/// deduplication) over the push phases' seconds (walking the layer above, sorting, coding,
/// exchanging through Open MPI's shared-memory transport, ranking what arrives: 79.3 million in
/// 45.0 s). A network is slower than shared memory and an idle machine faster than this one:
/// take the time as an order of magnitude.
pub const PULL_RATE: f64 = 4.2e6;
pub const SEND_RATE: f64 = 1.76e6;
/// Bytes on the wire per sampled successor sent (after deduplication per round and delta
/// coding, over the successors before deduplication), from the same run: 101 MiB for 158.6
/// million.
pub const BYTES_PER_SENT: f64 = 0.67;

/// States drawn per level to estimate its successors' owners.
const SAMPLES: u64 = 20_000;

/// The options of a plan.
#[derive(Clone, Debug)]
pub struct Plan {
    pub side: usize,
    pub ranks: usize,
    pub memory_gib: f64,
}

impl Plan {
    pub fn new(side: usize, ranks: usize, memory_gib: f64) -> Result<Plan> {
        ensure!((4..=10).contains(&side), "--plan takes sides 4 to 10 (up to 55 holes)");
        ensure!((1..=1 << 20).contains(&ranks), "--ranks must be 1 to 2^20");
        ensure!(memory_gib > 0.0 && memory_gib.is_finite(), "--memory must be a positive number of GiB");
        Ok(Plan { side, ranks, memory_gib })
    }
}

/// One level of a plan.
#[derive(Clone, Debug, PartialEq)]
pub struct PlanRow {
    pub pegs: usize,
    pub positions: u64,
    /// Reachable positions assumed (from a measured levels.csv, else every position).
    pub reachable: u64,
    pub bytes_per_rank: u64,
    pub successors_sent: u64,
    pub bytes_exchanged: u64,
    pub seconds: f64,
}

pub struct PlanResults {
    pub rows: Vec<PlanRow>,
    /// Where the reachable counts come from.
    pub reachable_from: String,
    /// Side 9 over `memory_gib` per rank: the fewest ranks that fit, and the hours they take.
    pub side9: (usize, f64),
}

/// Reachable positions per peg count from `data/peg/T{side}/levels.csv` when an earlier run wrote
/// it (the plan's checks on sides up to 8), else none.
fn measured_levels(side: usize) -> Option<(String, Vec<u64>)> {
    let path = format!("data/peg/T{side}/levels.csv");
    let table = crate::output::table::from_csv(&std::fs::read(&path).ok()?).ok()?;
    let (p, r) = (table.column("pegs")?, table.column("reachable_positions")?);
    let holes = side * (side + 1) / 2;
    let mut reach = vec![0u64; holes + 1];
    for row in &table.rows {
        let (Cell::Text(a), Cell::Text(b)) = (&row[p], &row[r]) else { return None };
        reach[a.parse::<usize>().ok().filter(|&k| k <= holes)?] = b.parse().ok()?;
    }
    Some((path, reach))
}

/// The plan's rows for `side` over `ranks`, from the most pegs down to one.
pub fn rows(side: usize, ranks: usize, reachable: Option<&[u64]>) -> Vec<PlanRow> {
    let t = Triangle::any_side(side);
    let n = t.holes();
    let g = super::layers::JumpList::new(&t);
    let colex = Colex::new(n);
    let r = ranks as f64;
    let share = |k: usize| binomial(n, k).div_ceil(64).div_ceil(ranks as u64) * 8;
    let reach = |k: usize| reachable.map_or(binomial(n, k), |v| v[k]);
    (1..n)
        .rev()
        .map(|k| {
            let positions = binomial(n, k);
            if k == n - 1 {
                let bytes_per_rank = share(k) + layered_dist::EXCHANGE_BYTES;
                return PlanRow { pegs: k, positions, reachable: reach(k), bytes_per_rank, successors_sent: 0, bytes_exchanged: 0, seconds: 0.0 };
            }
            let above = reach(k + 1);
            let dense = above.saturating_mul(3) >= positions;
            let (_, across) = layered_dist::sample_successors(&g, &colex, k + 1, ranks, SAMPLES);
            let sent = above as f64 * across;
            let pulled = if dense { positions as f64 / r } else { 0.0 };
            let seconds = pulled / PULL_RATE + sent / r / SEND_RATE;
            PlanRow {
                pegs: k,
                positions,
                reachable: reach(k),
                bytes_per_rank: share(k + 1) + share(k) + layered_dist::EXCHANGE_BYTES,
                successors_sent: sent.round() as u64,
                bytes_exchanged: (sent * BYTES_PER_SENT).round() as u64,
                seconds,
            }
        })
        .collect()
}

pub const COLUMNS: [&str; 7] = ["pegs", "positions", "reachable_positions_assumed", "bytes_per_rank", "successors_sent", "bytes_exchanged", "seconds"];

impl Task for Plan {
    type Results = PlanResults;

    fn compute(&self) -> Result<PlanResults> {
        let measured = measured_levels(self.side);
        let reachable_from = measured.as_ref().map_or_else(|| "every position (an upper bound: no levels.csv of this side)".to_string(), |(p, _)| p.clone());
        let rows = rows(self.side, self.ranks, measured.as_ref().map(|(_, v)| &v[..]));
        // Side 9 with level files: the fewest ranks whose share fits the memory per rank.
        let limit = (self.memory_gib * (1u64 << 30) as f64) as u64;
        let fewest = (1..=1usize << 20).find(|&r| layered_dist::bytes_per_rank(45, 44, &Keep::Dir(Default::default()), r) <= limit).unwrap_or(1 << 20);
        let hours = super::plan::rows(9, fewest, None).iter().map(|r| r.seconds).sum::<f64>() / 3600.0;
        Ok(PlanResults { rows, reachable_from, side9: (fewest, hours) })
    }

    fn export(&self, res: &PlanResults) -> Result<Export> {
        let mut table = Table::new(&COLUMNS);
        for r in &res.rows {
            table.push(vec![
                Cell::UInt(r.pegs as u128),
                Cell::UInt(r.positions as u128),
                Cell::UInt(r.reachable as u128),
                Cell::UInt(r.bytes_per_rank as u128),
                Cell::UInt(r.successors_sent as u128),
                Cell::UInt(r.bytes_exchanged as u128),
                Cell::Fixed(r.seconds, 1),
            ]);
        }
        let mut files = Export::default();
        files.table(Area::Data, "", &format!("plan_T{}_{}ranks.csv", self.side, self.ranks), &table);
        Ok(files)
    }

    fn summary(&self, res: &PlanResults, dirs: Option<&OutDirs>) -> String {
        use crate::engine::memory::human;
        let mut out = String::new();
        out += &format!("pegs  positions          bytes/rank  exchanged   seconds   (T{} over {} ranks, one thread each)\n", self.side, self.ranks);
        for r in &res.rows {
            out += &format!("{:4}  {:17}  {:>10}  {:>10}  {:8.1}\n", r.pegs, r.positions, human(r.bytes_per_rank as u128), human(r.bytes_exchanged as u128), r.seconds);
        }
        let peak = res.rows.iter().map(|r| r.bytes_per_rank).max().unwrap_or(0);
        let bytes: u64 = res.rows.iter().map(|r| r.bytes_exchanged).sum();
        let seconds: f64 = res.rows.iter().map(|r| r.seconds).sum();
        let fits = peak as f64 <= self.memory_gib * (1u64 << 30) as f64;
        let holes = self.side * (self.side + 1) / 2;
        out += &format!(
            "peak {} per rank ({} {:.0} GiB), {} exchanged, {:.0} s ({:.1} h) forward at this machine's rates; level files {} per rank; reachable positions assumed: {}\n",
            human(peak as u128),
            if fits { "fits in" } else { "does NOT fit in" },
            self.memory_gib,
            human(bytes as u128),
            seconds,
            seconds / 3600.0,
            human(((1u128 << holes) / 8).div_ceil(self.ranks as u128)),
            res.reachable_from
        );
        out += &format!(
            "side 9 (45 holes, levels up to C(45,22) = 4.1e12 positions): at {:.0} GiB per rank, at least {} ranks ({:.1} h at these rates, every position assumed reachable)\n",
            self.memory_gib, res.side9.0, res.side9.1
        );
        if let Some(d) = dirs {
            out += &format!("wrote {}\n", d.data.join(format!("plan_T{}_{}ranks.csv", self.side, self.ranks)).display());
        }
        out
    }
}
