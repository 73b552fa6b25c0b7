//! `statespace peg --side N --plan --ranks R --memory GIB`: what the distributed union
//! ([`crate::engine::layered_dist`]) costs before running it. Per level: its positions (the bit
//! array's length), the bytes one rank holds while computing it (with `--keep-levels`: a bound on
//! the shares of the layer above and of this one, the flip bits and the exchange buffers), what
//! the ranks exchange for it (a pulled level: the flip bits of the jumps crossing ranks, counted
//! exactly for cuts by the level's sizes; a pushed level: the successors for other ranks, sampled
//! from uniform states of the layer above, and the bytes they make), and the time at rates
//! measured on this machine (below). Then the smallest cluster that fits side 9.

use crate::engine::layered::{self, binomial, Colex, Keep};
use crate::engine::{flip_bits, layered_dist};
use crate::output::export::{Area, Export, OutDirs};
use crate::output::table::{Cell, Table};
use crate::puzzles::peg::Triangle;
use crate::studies::Task;
use anyhow::{ensure, Result};

/// Rates of one rank with one thread, measured on this project's 2-core machine from
/// `mpirun -n 2 statespace peg --side 7 --levels-only` with `RAYON_NUM_THREADS=1` (rank 0's
/// level lines on stderr, three runs, 2026-11-26, after the pull's table decoding), the machine
/// otherwise idle. The pull's time is fitted (least squares over the pulled levels of 0.02 s or
/// more) as reachable states over HIT_RATE (the first predecessor probed is often set) plus the
/// unreachable states of the start classes over MISS_RATE (every predecessor probed); states of
/// the other classes cost nothing. Before the table decoding the fit was 4.47e7 and 1.075e7.
pub const HIT_RATE: f64 = 7.64e7;
pub const MISS_RATE: f64 = 1.37e7;
/// States of the layer above walked per second by a pulled level's push of the successors
/// crossing ranks (where flip bits would outgrow a share): the moves changing a top element
/// tried, their successors sorted, coded, exchanged and ranked (fitted on side 7 before flip
/// bits, when every pulled level pushed them).
pub const CROSS_RATE: f64 = 5.1e7;
/// Bytes of flip bits a rank sends per second (dense levels, [`flip_bits`]): shared-memory
/// transport, with the copy into and out of the messages.
pub const FLIP_BYTE_RATE: f64 = 1.0e9;
/// States walked per second by the push of a pushed (sparse) level, every successor set (levels
/// of more than 10^5 states walked).
pub const PUSH_RATE: f64 = 1.74e6;
/// Bytes on the wire per sampled successor sent (after deduplication per round and delta
/// coding, over the sampled successors for other ranks), from the same runs: 77.1 MB for 77.2
/// million.
pub const BYTES_PER_SENT: f64 = 1.0;

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
        ensure!(
            memory_gib > 0.0 && memory_gib.is_finite(),
            "--memory must be a positive number of GiB"
        );
        Ok(Plan {
            side,
            ranks,
            memory_gib,
        })
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
/// it (the plan's checks on sides up to 8; side 9's partial table), else none.
fn measured_levels(side: usize) -> Option<(String, Vec<u64>)> {
    let path = format!("data/peg/T{side}/levels.csv");
    let table = crate::output::table::from_csv(&std::fs::read(&path).ok()?).ok()?;
    let (p, r) = (table.column("pegs")?, table.column("reachable_positions")?);
    let holes = side * (side + 1) / 2;
    // A partial table (side 9's stops at 32 pegs): the levels it lacks assume every position.
    let mut reach: Vec<u64> = (0..=holes).map(|k| binomial(holes, k)).collect();
    for row in &table.rows {
        let (Cell::Text(a), Cell::Text(b)) = (&row[p], &row[r]) else {
            return None;
        };
        reach[a.parse::<usize>().ok().filter(|&k| k <= holes)?] = b.parse().ok()?;
    }
    Some((path, reach))
}

/// The plan's rows for `side` over `ranks`, from the most pegs down to one. A level's time is a
/// rank's when the work is shared evenly (the cuts follow the predicted work): 1/R of the level
/// pulled and of the flip bits sent (dense levels), or 1/R of the layer above walked and every
/// successor pushed (sparse levels). Its memory is the bound on a rank's shares.
pub fn rows(t: &Triangle, ranks: usize, reachable: Option<&[u64]>) -> Vec<PlanRow> {
    let n = t.holes();
    let g = super::layers::JumpList::new(t);
    let colex = Colex::new(n);
    let flips = super::layers::crossing_jumps(t, ranks);
    // The shares of cuts by each level's sizes (a run's cuts follow the predicted work, close to
    // these; the memory check before a run takes the bound, `layered_dist::bytes_per_rank`).
    let share = |k: usize| layered_dist::share_bytes(&layered_dist::Split::sized(n, ranks, k), k);
    let reach = |k: usize| reachable.map_or(binomial(n, k), |v| v[k]);
    (1..n)
        .rev()
        .map(|k| {
            let positions = binomial(n, k);
            if k == n - 1 {
                let bytes_per_rank = share(k) + layered_dist::EXCHANGE_BYTES;
                return PlanRow {
                    pegs: k,
                    positions,
                    reachable: reach(k),
                    bytes_per_rank,
                    successors_sent: 0,
                    bytes_exchanged: 0,
                    seconds: 0.0,
                };
            }
            let above = reach(k + 1);
            // An even share of the level's states, and of the layer above's reachable ones.
            let mine = positions as f64 / ranks as f64;
            let mine_above = above as f64 / ranks as f64;
            let bytes_per_rank = share(k + 1)
                + share(k)
                + layered_dist::EXCHANGE_BYTES
                + layered_dist::flip_bytes(&colex, ranks, k + 1, &flips);
            let (sent, bytes_exchanged, seconds) = if layered_dist::pulls(above, positions) {
                // A step cut by the level's sizes (the run's cuts follow the predicted work,
                // close to these), its crossing jumps those of that cut: their flip bits, or
                // their successors pushed where the bits would outgrow a share.
                let split = layered_dist::Split::sized(n, ranks, k);
                let crossing = layered::SubsetGraph::moves_changing(&g, split.mask()).expect("jumps are fixed flips");
                let (up, down) = (
                    layered_dist::Spans::of(&colex, &split, k + 1),
                    layered_dist::Spans::of(&colex, &split, k),
                );
                let hits = reach(k) as f64 * mine / positions as f64;
                let misses = (in_start_classes(t, &colex, k) * mine - hits).max(0.0);
                let pull = hits / HIT_RATE + misses / MISS_RATE;
                if layered_dist::flip_bits_fit(n, &split, &up, &down, &crossing) {
                    let bytes = flip_bits::bits_exchanged(n, &up, &down, &crossing).div_ceil(8);
                    (0, bytes, pull + bytes as f64 / ranks as f64 / FLIP_BYTE_RATE)
                } else {
                    let (_, across) = layered_dist::sample_successors(&g, &colex, k + 1, ranks, SAMPLES);
                    let sent = above as f64 * across;
                    (
                        sent.round() as u64,
                        (sent * BYTES_PER_SENT).round() as u64,
                        pull + mine_above / CROSS_RATE,
                    )
                }
            } else {
                let (_, across) = layered_dist::sample_successors(&g, &colex, k + 1, ranks, SAMPLES);
                let sent = above as f64 * across;
                (
                    sent.round() as u64,
                    (sent * BYTES_PER_SENT).round() as u64,
                    mine_above / PUSH_RATE,
                )
            };
            PlanRow {
                pegs: k,
                positions,
                reachable: reach(k),
                bytes_per_rank,
                successors_sent: sent,
                bytes_exchanged,
                seconds,
            }
        })
        .collect()
}

/// The fraction of layer k (k pegs) in the position classes of the single-vacancy starts, over
/// uniform samples (fixed seed): the rest is never probed (no jump changes the class).
fn in_start_classes(t: &Triangle, colex: &Colex, k: usize) -> f64 {
    let classes: Vec<u8> = (0..t.holes()).map(|h| t.position_class(t.start(h))).collect();
    let len = colex.count(k);
    let mut x = 0x2545_F491_4F6C_DD1Du64 ^ k as u64;
    let inside = (0..SAMPLES)
        .filter(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            classes.contains(&t.position_class(colex.unrank(k, x % len)))
        })
        .count();
    inside as f64 / SAMPLES as f64
}

/// The fewest ranks (up to 2^20) whose side-9 shares fit `limit` bytes each, with level files:
/// doubling, then halving the last step. The bytes fall as the ranks grow, but for a few percent
/// where the flip bits follow where the cuts land, so the answer fits and one rank fewer does
/// not, within a few percent of the very fewest.
fn fewest_ranks_for_side9(side9: &Triangle, limit: u64) -> usize {
    let fits = |r: usize| {
        layered_dist::bytes_per_rank(
            45,
            44,
            &Keep::Dir(Default::default()),
            r,
            &super::layers::crossing_jumps(side9, r),
        ) <= limit
    };
    let mut hi = 1usize;
    while !fits(hi) {
        if hi >= 1 << 20 {
            return 1 << 20;
        }
        hi *= 2;
    }
    let mut lo = hi / 2;
    // fits(hi) holds and fits(lo) fails (lo = 0 stands for none).
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if fits(mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    hi
}

pub const COLUMNS: [&str; 7] = [
    "pegs",
    "positions",
    "reachable_positions_assumed",
    "bytes_per_rank",
    "successors_sent",
    "bytes_exchanged",
    "seconds",
];

impl Task for Plan {
    type Results = PlanResults;

    fn compute(&self) -> Result<PlanResults> {
        let measured = measured_levels(self.side);
        let reachable_from = measured.as_ref().map_or_else(
            || "every position (an upper bound: no levels.csv of this side)".to_string(),
            |(p, _)| format!("{p} (every position for the levels it lacks)"),
        );
        let rows = rows(
            &Triangle::new(self.side)?,
            self.ranks,
            measured.as_ref().map(|(_, v)| &v[..]),
        );
        // Side 9 with level files: the fewest ranks whose share fits the memory per rank.
        let limit = (self.memory_gib * (1u64 << 30) as f64) as u64;
        let side9 = Triangle::new(9)?;
        let fewest = fewest_ranks_for_side9(&side9, limit);
        let hours = super::plan::rows(&side9, fewest, None)
            .iter()
            .map(|r| r.seconds)
            .sum::<f64>()
            / 3600.0;
        Ok(PlanResults {
            rows,
            reachable_from,
            side9: (fewest, hours),
        })
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
        files.table(
            Area::Data,
            "",
            &format!("plan_T{}_{}ranks.csv", self.side, self.ranks),
            &table,
        );
        Ok(files)
    }

    fn summary(&self, res: &PlanResults, dirs: Option<&OutDirs>) -> String {
        use crate::engine::memory::human;
        let mut out = String::new();
        out += &format!(
            "pegs  positions          bytes/rank  exchanged   seconds   (T{} over {} ranks, one thread each)\n",
            self.side, self.ranks
        );
        for r in &res.rows {
            out += &format!(
                "{:4}  {:17}  {:>10}  {:>10}  {:8.1}\n",
                r.pegs,
                r.positions,
                human(r.bytes_per_rank as u128),
                human(r.bytes_exchanged as u128),
                r.seconds
            );
        }
        let peak = res.rows.iter().map(|r| r.bytes_per_rank).max().unwrap_or(0);
        let bytes: u64 = res.rows.iter().map(|r| r.bytes_exchanged).sum();
        let seconds: f64 = res.rows.iter().map(|r| r.seconds).sum();
        let fits = peak as f64 <= self.memory_gib * (1u64 << 30) as f64;
        let holes = self.side * (self.side + 1) / 2;
        out += &format!(
            "peak {} per rank ({} {:.0} GiB), {} exchanged, {:.0} s ({:.1} h) forward at this machine's rates; level \
                files {} per rank; reachable positions assumed: {}\n",
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
            "side 9 (45 holes, levels up to C(45,22) = 4.1e12 positions): at {:.0} GiB per rank, at least {} ranks \
                ({:.1} h at these rates, every position assumed reachable)\n",
            self.memory_gib, res.side9.0, res.side9.1
        );
        if let Some(d) = dirs {
            out += &format!(
                "wrote {}\n",
                d.data
                    .join(format!("plan_T{}_{}ranks.csv", self.side, self.ranks))
                    .display()
            );
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The doubling-and-halving search for side 9's fewest ranks against a plain scan (up to
    /// 200 ranks here): its answer fits, one rank fewer does not, and it is within 10% of the
    /// plain scan's fewest.
    #[test]
    fn the_fewest_ranks_for_side_9_match_a_plain_scan() {
        let bytes = |r: usize| {
            layered_dist::bytes_per_rank(
                45,
                44,
                &Keep::Dir(Default::default()),
                r,
                &super::super::layers::crossing_jumps(&Triangle::new(9).unwrap(), r),
            )
        };
        for r in [1usize, 2, 3, 7, 64, 100, 199] {
            let limit = bytes(r);
            let want = (1..=r).find(|&q| bytes(q) <= limit).unwrap();
            let got = fewest_ranks_for_side9(&Triangle::new(9).unwrap(), limit);
            assert!(
                bytes(got) <= limit && (got == 1 || bytes(got - 1) > limit),
                "limit of {r} ranks' bytes: {got}"
            );
            assert!(
                got as f64 <= want as f64 * 1.1,
                "limit of {r} ranks' bytes: {got} against {want}"
            );
        }
    }

    /// One row per level from n-1 pegs down to 1, each level's positions C(n, k), the bytes per
    /// rank those of the two shares (over one rank: the two layers' bit arrays) and the buffers.
    #[test]
    fn plan_rows_hold_every_level_and_its_shares() {
        let rows = rows(&Triangle::new(5).unwrap(), 1, None);
        assert_eq!(
            rows.iter().map(|r| r.pegs).collect::<Vec<_>>(),
            (1..15).rev().collect::<Vec<_>>()
        );
        for r in &rows[1..] {
            assert_eq!(r.positions, binomial(15, r.pegs));
            let arrays = (binomial(15, r.pegs + 1).div_ceil(64) + 1) * 8 + (binomial(15, r.pegs).div_ceil(64) + 1) * 8;
            assert_eq!(r.bytes_per_rank, arrays + layered_dist::EXCHANGE_BYTES);
            // One rank sends nothing.
            assert_eq!((r.successors_sent, r.bytes_exchanged), (0, 0));
            assert!(r.seconds >= 0.0);
        }
        // Over 3 ranks something crosses (successors pushed, flip bits sent), and the bit
        // arrays are about a third (the flip bits come on top: on a board this small, about as
        // much again).
        let t6 = Triangle::new(6).unwrap();
        let three = super::rows(&t6, 3, None);
        assert!(
            three.iter().any(|r| r.successors_sent > 0)
                && three.iter().any(|r| r.successors_sent == 0 && r.bytes_exchanged > 0)
        );
        let (one, third) = (arrays_peak(&super::rows(&t6, 1, None), 1), arrays_peak(&three, 3));
        assert!(third < one && third * 2 > one / 3, "one rank {one}, three {third}");
    }

    fn arrays_peak(rows: &[PlanRow], ranks: usize) -> u64 {
        let colex = Colex::new(21);
        let flips = super::super::layers::crossing_jumps(&Triangle::new(6).unwrap(), ranks);
        rows[1..]
            .iter()
            .map(|r| {
                r.bytes_per_rank
                    - layered_dist::EXCHANGE_BYTES
                    - layered_dist::flip_bytes(&colex, ranks, r.pegs + 1, &flips)
            })
            .max()
            .unwrap()
    }
}
