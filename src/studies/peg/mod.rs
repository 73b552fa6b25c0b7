//! Exhaustive analysis of peg solitaire on triangles: the union of all single-vacancy games, then
//! each start (one per symmetry orbit, expanded to every hole) with its winning sequences,
//! complete games, minimum moves per finish and an optimal play.

use crate::engine::bfs::{self, Limits};
use crate::engine::bitset::Bitset;
use crate::engine::closure::Group;
use crate::engine::dag;
use crate::engine::progress::Counters;
use crate::engine::quotient::Quotient;
use crate::engine::{Reversed, Reversible};
use crate::puzzles::peg::{Board, Jump, Triangle};
use crate::puzzles::peg_bits::PackedTriangle;
use anyhow::{ensure, Result};
use rayon::prelude::*;

pub mod beam_plays;
pub mod claims;
pub mod commands;
pub mod dictionary;
pub mod fewest;
pub mod layers;
pub mod lower_bounds;
pub mod min_moves;
pub mod partial;
pub mod plan;
pub mod report;
pub mod saved;
pub mod seed001;
pub mod solvability;
pub mod tables;

/// One peg count of the union of all single-vacancy starts.
#[derive(Clone, Debug, PartialEq)]
pub struct LevelRow {
    pub pegs: usize,
    pub reachable: u64,
    pub winnable: u64,
}

/// One peg count of the union under the triangle's six symmetries (2 rotations, 3
/// reflections): the level is closed under them (checked), and Burnside's lemma gives its
/// positions up to symmetry, orbits = (reachable + 2 fixed_by_rotation + 3 fixed_by_reflection) / 6
/// (each rotation fixes as many positions as the other, each reflection as many as the others).
#[derive(Clone, Debug, PartialEq)]
pub struct SymmetryRow {
    pub pegs: usize,
    pub reachable: u64,
    pub orbits: u64,
    pub fixed_by_rotation: u64,
    pub fixed_by_reflection: u64,
}

/// Per start hole (1-based in outputs, 0-based here).
#[derive(Clone, Debug, PartialEq)]
pub struct StartRow {
    pub start: usize,
    pub reachable_positions: u64,
    pub winning_sequences: u128,
    pub complete_games: u128,
    pub min_moves: Option<u32>,
}

/// One solvable (start, finish) problem.
#[derive(Clone, Debug, PartialEq)]
pub struct FinishRow {
    pub start: usize,
    pub finish: usize,
    pub winning_sequences: u128,
    pub min_moves: u32,
    pub optimal_play: Vec<Jump>,
}

/// Every reachable position with what can still be done from it (small sides only).
#[derive(Clone, Debug, Default)]
pub struct Positions {
    pub boards: Vec<Board>,
    pub winnable: Vec<bool>,
    /// Minimum moves from the position (first jump starts a move) to a single peg.
    pub min_moves: Vec<Option<u32>>,
}

#[derive(Clone, Debug)]
pub struct PegStudy {
    /// The board studied: its holes, jumps and symmetries.
    pub triangle: Triangle,
    pub side: usize,
    pub holes: usize,
    pub levels: Vec<LevelRow>,
    /// The union's levels under the six symmetries, when checked.
    pub symmetry: Option<Vec<SymmetryRow>>,
    pub starts: Vec<StartRow>,
    pub finishes: Vec<FinishRow>,
    /// (start, jumps, positions reachable after exactly that many jumps).
    pub profile: Vec<(usize, usize, u64)>,
    /// (moves, winning jump sequences over all starts with that many moves).
    pub move_histogram: Option<Vec<(u32, u128)>>,
    pub positions: Option<Positions>,
    /// Every (start, finish) problem decided by search (sides beyond the exact analysis).
    pub problems: Option<Vec<solvability::ProblemRow>>,
    /// Read back from this data directory (written by an earlier run) instead of computed: its
    /// tables are inputs then, not outputs.
    pub saved: Option<std::path::PathBuf>,
}

impl PegStudy {
    /// A side with no per-start analysis: the union's levels and, where decided, its problems.
    pub fn union_only(t: &Triangle, levels: Vec<LevelRow>, problems: Option<Vec<solvability::ProblemRow>>) -> PegStudy {
        PegStudy {
            triangle: t.clone(),
            side: t.side(),
            holes: t.holes(),
            levels,
            symmetry: None,
            starts: Vec::new(),
            finishes: Vec::new(),
            profile: Vec::new(),
            move_histogram: None,
            positions: None,
            problems,
            saved: None,
        }
    }
}

/// Largest side `reproduce` computes by default: side 8 is beyond the default run's budget
/// ([`SIDE8_COST`]; `reproduce --max-peg-side 8`), and is read back from `data/peg/T8` when an
/// earlier run wrote it ([`saved`]).
pub const REPRODUCE_MAX_SIDE: usize = 7;

/// What computing side 8 costs, as `scripts/bench.sh` (BENCH_PEG8=1) measured it; quoted on the
/// report page.
pub const SIDE8_COST: &str = "about 26 minutes (23.4 for the union, 2.5 for the problem table) and 8 GiB of level \
    files on a 2-core machine, then 2 h 18 min and 18 GB to settle the fewest moves, in two stages";

/// Options of one study run.
#[derive(Clone, Debug)]
pub struct PegOptions {
    pub side: usize,
    /// Count winning sequences by number of moves (cost grows fast: default up to side 6).
    pub move_histogram: bool,
    /// Collect every reachable position for the dataset (default up to side 6).
    pub positions: bool,
    /// Stop after the union over all starts (levels.csv only).
    pub levels_only: bool,
    /// Check every reachable level of the union against the six symmetries (symmetry.csv).
    pub symmetry: bool,
    /// Keep each finished level of the union in this directory and resume from it.
    pub keep_levels: Option<std::path::PathBuf>,
    /// Read the side's tables back from this data directory ([`saved::load`]) instead of
    /// computing them.
    pub saved: Option<std::path::PathBuf>,
    /// Stop the union at this many pegs ([`partial`]): its reachable levels from the top only.
    pub min_pegs: Option<usize>,
    /// Settle the fewest moves of the side's problems by balls of these radii ([`min_moves`];
    /// sides decided by search, also when read back). None: side 8's plan
    /// ([`min_moves::SIDE8_PLAN`]) when computed from scratch, nothing when read back.
    pub min_moves: Option<min_moves::Settle>,
}

impl PegOptions {
    pub fn for_side(side: usize) -> PegOptions {
        PegOptions {
            side,
            move_histogram: side <= 6,
            positions: side <= 6,
            levels_only: false,
            symmetry: side <= *crate::studies::footprint::PEG_FULL_SIDES.end(),
            keep_levels: None,
            saved: None,
            min_pegs: None,
            min_moves: None,
        }
    }
}

/// Union of all single-vacancy starts: the reachable set and the winnable subset (positions from
/// which a single peg can still be reached), per peg count.
pub fn union_levels(t: &Triangle, counters: &Counters) -> (Bitset, Bitset, Vec<LevelRow>) {
    let starts: Vec<Board> = (0..t.holes()).map(|h| t.start(h)).collect();
    let reach = bfs::explore(t, &starts, Limits::default(), counters, |_, _| {});
    let goals: Vec<Board> = (0..t.holes())
        .map(|h| 1 << h)
        .filter(|&b| reach.visited.get(b))
        .collect();
    let limits = Limits {
        within: Some(&reach.visited),
        max_depth: None,
    };
    let win = bfs::explore(&Reversed(t), &goals, limits, counters, |_, _| {});
    let holes = t.holes();
    let by_pegs = |set: &Bitset| {
        let mut counts = vec![0u64; holes + 1];
        for p in set.par_collect(|b| Some(b.count_ones() as u8)) {
            counts[p as usize] += 1;
        }
        counts
    };
    // A jump removes one peg, so BFS depth d holds exactly the positions with holes-1-d pegs.
    let winnable = by_pegs(&win.visited);
    let levels = reach
        .level_sizes
        .iter()
        .enumerate()
        .map(|(d, &n)| LevelRow {
            pegs: holes - 1 - d,
            reachable: n,
            winnable: winnable[holes - 1 - d],
        })
        .collect();
    (reach.visited, win.visited, levels)
}

/// Value carried forward along the jumps of one start: number of jump sequences reaching the
/// position, the fewest moves that reach it, and the holes the last-moved peg can be on at that
/// minimum. Continuing with the same peg costs nothing, so the true minimum from a position with
/// last peg h is either `moves` (h in `last`) or `moves + 1`: these two fields are exact.
#[derive(Clone, Copy, Debug)]
struct Forward {
    sequences: u128,
    moves: u32,
    last: u64,
}

fn forward_step(v: &Forward, j: Jump) -> Forward {
    let moves = if v.last >> j.from & 1 == 1 {
        v.moves
    } else {
        v.moves + 1
    };
    Forward {
        sequences: v.sequences,
        moves,
        last: 1 << j.to,
    }
}

fn forward_combine(a: Forward, b: Forward) -> Forward {
    let sequences = a.sequences + b.sequences;
    match a.moves.cmp(&b.moves) {
        std::cmp::Ordering::Less => Forward { sequences, ..a },
        std::cmp::Ordering::Greater => Forward { sequences, ..b },
        std::cmp::Ordering::Equal => Forward {
            sequences,
            moves: a.moves,
            last: a.last | b.last,
        },
    }
}

/// (moves, last) of a [`Forward`] in one word, kept for every winnable position of a start so
/// optimal plays can be traced back: moves in the top byte, the hole mask (<= 36 holes) below.
#[derive(Clone, Copy)]
struct Packed(u64);

impl Packed {
    fn new(moves: u32, last: u64) -> Packed {
        debug_assert!(moves < 256 && last >> 56 == 0);
        Packed((moves as u64) << 56 | last)
    }
    fn unpack(self) -> (u32, u64) {
        ((self.0 >> 56) as u32, self.0 & ((1 << 56) - 1))
    }
}

/// Per-start analysis of one start hole (0-based).
struct StartResult {
    row: StartRow,
    finishes: Vec<FinishRow>,
    profile: Vec<u64>,
}

fn analyse_start(
    t: &Triangle,
    winnable: &Bitset,
    symmetries: &Group,
    hole: usize,
    counters: &Counters,
) -> Result<StartResult> {
    if !winnable.get(t.start(hole)) {
        return Ok(count_unsolvable(t, symmetries, hole, counters));
    }
    analyse_in_full(t, winnable, hole, counters)
}

/// [`analyse_start`] over every position reachable from the start, with the values that trace
/// optimal plays.
fn analyse_in_full(t: &Triangle, winnable: &Bitset, hole: usize, counters: &Counters) -> Result<StartResult> {
    let start = t.start(hole);
    // Levels by peg count, each in colex (= ascending) order, the order the flat BFS lists them.
    let colex = crate::engine::layered::Colex::new(t.holes());
    let packed = PackedTriangle::new(t);
    let levels = crate::engine::layered::push_layers(&packed, &colex, start, counters);
    let profile: Vec<u64> = levels.iter().map(|l| l.len() as u64).collect();
    let reachable_positions = profile.iter().sum();

    // One forward pass over every reachable position: sequence counts (summed over dead ends
    // they give the complete games), and fewest moves, kept for the positions that can still
    // win so optimal plays can be traced back.
    let mut complete_games = 0u128;
    let mut win_levels: Vec<Vec<Board>> = Vec::with_capacity(levels.len());
    let mut kept: Vec<Vec<Packed>> = Vec::with_capacity(levels.len());
    let mut finals: Vec<Forward> = Vec::new();
    let last_depth = t.holes() - 2;
    // Predecessors are found through a bit array over each level's colex ranks (a few MiB at
    // side 7) rather than by binary search in the level's list (hundreds of MiB).
    dag::forward_with(
        &packed,
        &levels,
        |level| crate::engine::layered::DenseIndex::new(&colex, level),
        |_| Forward {
            sequences: 1,
            moves: 0,
            last: 0,
        },
        |v, j, _| forward_step(v, j),
        forward_combine,
        |_| unreachable!("every position of a BFS level beyond the first has a predecessor"),
        |d, boards, vals| {
            complete_games += boards
                .par_iter()
                .zip(vals)
                .filter(|(&b, _)| !t.has_jump(b))
                .map(|(_, v)| v.sequences)
                .sum::<u128>();
            let (b, k): (Vec<Board>, Vec<Packed>) = boards
                .par_iter()
                .zip(vals)
                .filter(|(&b, _)| winnable.get(b))
                .map(|(&b, v)| (b, Packed::new(v.moves, v.last)))
                .unzip();
            if d == last_depth {
                finals = boards
                    .iter()
                    .zip(vals)
                    .filter(|(&b, _)| winnable.get(b))
                    .map(|(_, v)| *v)
                    .collect();
            }
            win_levels.push(b);
            kept.push(k);
        },
    );
    drop(levels);
    let mut finishes = Vec::new();
    if win_levels.len() == last_depth + 1 {
        for (i, &board) in win_levels[last_depth].iter().enumerate() {
            let finish = Triangle::single_peg(board).expect("last level holds single pegs");
            let play = optimal_play(t, &win_levels, &kept, board, finish, finals[i].moves);
            ensure!(
                replay(t, start, &play) == Some((finish, finals[i].moves)),
                "internal error: optimal play for {} -> {} does not replay",
                hole + 1,
                finish + 1
            );
            finishes.push(FinishRow {
                start: hole,
                finish,
                winning_sequences: finals[i].sequences,
                min_moves: finals[i].moves,
                optimal_play: play,
            });
        }
    }
    let row = StartRow {
        start: hole,
        reachable_positions,
        winning_sequences: finishes.iter().map(|f| f.winning_sequences).sum(),
        complete_games,
        min_moves: finishes.iter().map(|f| f.min_moves).min(),
    };
    Ok(StartResult { row, finishes, profile })
}

/// [`analyse_start`] for a start that cannot be won: only its positions and complete games are
/// left to count, and both are preserved by the start's symmetries, so the search runs over the
/// quotient by its stabiliser (side 7's centre start has 6 symmetries, each corner and axis
/// start 2): about 1/|stabiliser| of the positions, each counted with its orbit's size.
fn count_unsolvable(t: &Triangle, symmetries: &Group, hole: usize, counters: &Counters) -> StartResult {
    let start = t.start(hole);
    let colex = crate::engine::layered::Colex::new(t.holes());
    let packed = PackedTriangle::new(t);
    let stabiliser = symmetries.stabiliser(start);
    let quotient = Quotient::new(&packed, &stabiliser);
    let levels = crate::engine::layered::push_layers(&quotient, &colex, start, counters);
    let profile: Vec<u64> = levels
        .iter()
        .map(|l| l.par_iter().map(|&b| quotient.orbit_size(b)).sum())
        .collect();
    let mut complete_games = 0u128;
    dag::forward_with(
        &quotient,
        &levels,
        |level| crate::engine::layered::DenseIndex::new(&colex, level),
        |_| 1u128,
        |&sequences, _, _| sequences,
        |a, b| a + b,
        |_| unreachable!("every position of a BFS level beyond the first has a predecessor"),
        |_, boards, sequences| {
            complete_games += boards
                .par_iter()
                .zip(sequences)
                .filter(|(&b, _)| !t.has_jump(b))
                .map(|(&b, &n)| n * quotient.orbit_size(b) as u128)
                .sum::<u128>();
        },
    );
    let row = StartRow {
        start: hole,
        reachable_positions: profile.iter().sum(),
        winning_sequences: 0,
        complete_games,
        min_moves: None,
    };
    StartResult {
        row,
        finishes: Vec::new(),
        profile,
    }
}

/// Walks back from a finish through positions whose stored (moves, last) prove a play of
/// `moves` moves, choosing the first predecessor in jump order at each step (deterministic).
fn optimal_play(
    t: &Triangle,
    levels: &[Vec<Board>],
    kept: &[Vec<Packed>],
    board: Board,
    finish: usize,
    moves: u32,
) -> Vec<Jump> {
    let (mut b, mut h, mut cost) = (board, finish as u8, moves);
    let mut jumps = Vec::new();
    let mut preds = Vec::new();
    for d in (1..levels.len()).rev() {
        preds.clear();
        t.predecessors(b, &mut preds);
        let step = preds.iter().find_map(|&(j, p)| {
            if j.to != h {
                return None;
            }
            let i = bfs::position(t, &levels[d - 1], p)?;
            let (m, last) = kept[d - 1][i].unpack();
            if last >> j.from & 1 == 1 && m == cost {
                Some((j, p, j.from, cost))
            } else if m + 1 == cost {
                // A new move starts here; the previous one ended on any hole of `last`.
                let h2 = if last == 0 { 0 } else { last.trailing_zeros() as u8 };
                Some((j, p, h2, cost - 1))
            } else {
                None
            }
        });
        let (j, p, h2, c2) = step.expect("stored minima always admit a predecessor");
        jumps.push(j);
        (b, h, cost) = (p, h2, c2);
    }
    jumps.reverse();
    jumps
}

/// Plays `jumps` from `start`; `Some((finish hole, moves))` when every jump is legal and one peg
/// is left.
pub fn replay(t: &Triangle, start: Board, jumps: &[Jump]) -> Option<(usize, u32)> {
    let mut b = start;
    for &j in jumps {
        if !t.is_legal(b, j) {
            return None;
        }
        b = Triangle::apply(b, j);
    }
    let finish = Triangle::single_peg(b)?;
    Some((finish, crate::puzzles::peg::moves_of(jumps).len() as u32))
}

/// Winning jump sequences from `start` by number of moves, over positions that can still win.
/// The value of a position maps "hole of the last-moved peg" to counts by moves so far.
fn move_histogram_from(t: &Triangle, winnable: &Bitset, hole: usize, counters: &Counters) -> Vec<u128> {
    type Hist = Vec<(u8, Vec<u128>)>;
    let start = t.start(hole);
    let limits = Limits {
        within: Some(winnable),
        max_depth: None,
    };
    let (_, levels) = bfs::levels(t, &[start], limits, counters);
    let mut out = Vec::new();
    let last_depth = t.holes() - 2;
    let add = |into: &mut Vec<u128>, k: usize, c: u128| {
        if into.len() <= k {
            into.resize(k + 1, 0);
        }
        into[k] += c;
    };
    dag::forward(
        t,
        &levels,
        |_| vec![(u8::MAX, vec![1u128])],
        |v: &Hist, j, _| {
            let mut h = Vec::new();
            for (last, counts) in v {
                let extra = usize::from(*last != j.from);
                for (k, &c) in counts.iter().enumerate() {
                    if c > 0 {
                        add(&mut h, k + extra, c);
                    }
                }
            }
            vec![(j.to, h)]
        },
        |mut a: Hist, b: Hist| {
            for (last, counts) in b {
                match a.iter_mut().find(|(l, _)| *l == last) {
                    Some((_, into)) => {
                        for (k, c) in counts.into_iter().enumerate() {
                            add(into, k, c);
                        }
                    }
                    None => a.push((last, counts)),
                }
            }
            a
        },
        |_| unreachable!("every position of a BFS level beyond the first has a predecessor"),
        |d, _, vals| {
            if d == last_depth {
                for v in vals {
                    for (_, counts) in v {
                        for (k, &c) in counts.iter().enumerate() {
                            add(&mut out, k, c);
                        }
                    }
                }
            }
        },
    );
    out
}

/// Minimum moves from every reachable position to a single peg (backward over the union).
fn positions(t: &Triangle, winnable: &Bitset, counters: &Counters) -> Positions {
    // Value: (D, H) = fewest moves from the position when its first jump starts a new move, and
    // the holes h from which continuing the previous peg saves one move (E(b,h) = D - 1).
    #[derive(Clone, Copy)]
    struct Backward {
        moves: Option<u32>,
        saving: u64,
    }
    let starts: Vec<Board> = (0..t.holes()).map(|h| t.start(h)).collect();
    let (_, levels) = bfs::levels(t, &starts, Limits::default(), counters);
    let mut out = Positions::default();
    let mut per_level: Vec<(Vec<Board>, Vec<Option<u32>>)> = Vec::new();
    dag::backward(
        t,
        &levels,
        |b| Backward {
            moves: (b.count_ones() == 1).then_some(0),
            saving: 0,
        },
        |v, j, _| {
            // E(c, t) for the position after the jump, then one more move if this peg is new.
            let e = v.moves.map(|m| if v.saving >> j.to & 1 == 1 { m - 1 } else { m });
            Backward {
                moves: e.map(|e| e + 1),
                saving: 1 << j.from,
            }
        },
        |a, b| match (a.moves, b.moves) {
            (None, _) => b,
            (_, None) => a,
            (Some(x), Some(y)) if x < y => a,
            (Some(x), Some(y)) if x > y => b,
            _ => Backward {
                moves: a.moves,
                saving: a.saving | b.saving,
            },
        },
        |_, boards, vals| per_level.push((boards.to_vec(), vals.iter().map(|v| v.moves).collect())),
    );
    for (boards, moves) in per_level.into_iter().rev() {
        out.winnable.extend(boards.iter().map(|&b| winnable.get(b)));
        out.boards.extend(boards);
        out.min_moves.extend(moves);
    }
    // Sort by board for a canonical dataset.
    let mut idx: Vec<usize> = (0..out.boards.len()).collect();
    idx.sort_by_key(|&i| out.boards[i]);
    Positions {
        boards: idx.iter().map(|&i| out.boards[i]).collect(),
        winnable: idx.iter().map(|&i| out.winnable[i]).collect(),
        min_moves: idx.iter().map(|&i| out.min_moves[i]).collect(),
    }
}

/// Each problem's fewest moves by [`min_moves::settle`], into its row.
fn settle_moves(
    side: usize,
    problems: &mut [solvability::ProblemRow],
    how: &min_moves::Settle,
    counters: &Counters,
) -> Result<()> {
    let t = Triangle::new(side)?;
    let settled = min_moves::settle_with(&t, problems, how, counters)?;
    for (p, m) in problems.iter_mut().zip(settled) {
        p.fewest = m;
    }
    Ok(())
}

/// Runs the whole study.
pub fn run(opts: &PegOptions, counters: &Counters) -> Result<PegStudy> {
    if let Some(dir) = &opts.saved {
        return run_saved(opts, dir, counters);
    }
    let t = layers::triangle_for(opts.side, opts.levels_only, opts.keep_levels.is_some())?;
    let keep = opts
        .keep_levels
        .clone()
        .map_or(crate::engine::layered::Keep::Memory, crate::engine::layered::Keep::Dir);
    let by_search = !opts.levels_only && !crate::studies::footprint::PEG_FULL_SIDES.contains(&t.side());
    let union = layers::union(&t, &keep, !opts.levels_only && !by_search, opts.symmetry, counters)?;
    let levels = union.levels;
    let symmetry = union.symmetry;
    let bare = |levels, problems| PegStudy {
        symmetry: symmetry.clone(),
        ..PegStudy::union_only(&t, levels, problems)
    };
    if opts.levels_only {
        return Ok(bare(levels, None));
    }
    if by_search {
        let crate::engine::layered::Keep::Dir(dir) = &keep else {
            unreachable!("side checked by triangle_for")
        };
        drop(union.winnable);
        let problems = problems_by_search(&t, dir, opts.min_moves, counters)?;
        return Ok(bare(levels, Some(problems)));
    }
    let winnable = union.winnable.expect("asked for the flat winnable set");
    let all = analyse_starts(&t, &winnable, opts.move_histogram, counters)?;
    let positions = opts.positions.then(|| positions(&t, &winnable, counters));
    let move_histogram = opts.move_histogram.then(|| all.move_histogram());
    Ok(PegStudy {
        triangle: t.clone(),
        side: t.side(),
        holes: t.holes(),
        levels,
        symmetry,
        starts: all.starts,
        finishes: all.finishes,
        profile: all.profile,
        move_histogram,
        positions,
        problems: None,
        saved: None,
    })
}

/// A side read back from an earlier run's data directory, its fewest moves settled when asked.
fn run_saved(opts: &PegOptions, dir: &std::path::Path, counters: &Counters) -> Result<PegStudy> {
    let mut study = saved::load(opts.side, dir)?;
    if let (Some(how), Some(problems)) = (opts.min_moves, study.problems.as_mut()) {
        settle_moves(opts.side, problems, &how, counters)?;
    }
    Ok(study)
}

/// A side beyond the exact analysis: every problem decided by search over the union's level
/// files in `dir`, then its fewest moves settled.
fn problems_by_search(
    t: &Triangle,
    dir: &std::path::Path,
    min_moves: Option<min_moves::Settle>,
    counters: &Counters,
) -> Result<Vec<solvability::ProblemRow>> {
    let set = crate::engine::layered::LayerSet::load(dir, &layers::search_key(t), t.holes(), 1..t.holes())?;
    counters.total.store(
        counters.expanded.load(std::sync::atomic::Ordering::Relaxed) + (t.hole_orbits().len() * t.holes()) as u64,
        std::sync::atomic::Ordering::Relaxed,
    );
    let mut problems = solvability::problems(t, &set, counters)?;
    drop(set);
    // One way, or side 8's plan (stage after stage, as its committed table was settled).
    let plan = min_moves.map_or(min_moves::SIDE8_PLAN.to_vec(), |how| vec![how]);
    for how in &plan {
        settle_moves(t.side(), &mut problems, how, counters)?;
    }
    Ok(problems)
}

/// Every start's analysis, expanded from its orbit's representative to every hole.
#[derive(Default)]
struct AllStarts {
    starts: Vec<StartRow>,
    finishes: Vec<FinishRow>,
    profile: Vec<(usize, usize, u64)>,
    /// Winning jump sequences by moves, over all starts (empty unless asked).
    histogram: Vec<u128>,
}

impl AllStarts {
    /// Adds the representative's result `res` (and its move histogram `hist`) for every hole of
    /// its orbit, each mapped by the symmetry taking the representative there.
    fn add_orbit(&mut self, t: &Triangle, orbit: &[usize], res: &StartResult, hist: &[u128]) {
        let rep = orbit[0];
        for &hole in orbit {
            let g = t
                .symmetries()
                .iter()
                .position(|p| p[rep] as usize == hole)
                .expect("orbit member");
            let perm = &t.symmetries()[g];
            self.starts.push(StartRow {
                start: hole,
                ..res.row.clone()
            });
            for f in &res.finishes {
                self.finishes.push(FinishRow {
                    start: hole,
                    finish: perm[f.finish] as usize,
                    optimal_play: f
                        .optimal_play
                        .iter()
                        .map(|j| Jump {
                            from: perm[j.from as usize],
                            over: perm[j.over as usize],
                            to: perm[j.to as usize],
                        })
                        .collect(),
                    ..f.clone()
                });
            }
            self.profile
                .extend(res.profile.iter().enumerate().map(|(k, &n)| (hole, k, n)));
            for (k, &c) in hist.iter().enumerate() {
                if self.histogram.len() <= k {
                    self.histogram.resize(k + 1, 0);
                }
                self.histogram[k] += c;
            }
        }
    }

    /// (moves, winning sequences) for every number of moves some winning sequence has.
    fn move_histogram(&self) -> Vec<(u32, u128)> {
        self.histogram
            .iter()
            .enumerate()
            .filter(|(_, &c)| c > 0)
            .map(|(k, &c)| (k as u32, c))
            .collect()
    }
}

/// Analyses one start per symmetry orbit and expands each to its orbit, rows sorted by start
/// (and finish); with `move_histogram`, counts the winning sequences by moves as well.
fn analyse_starts(t: &Triangle, winnable: &Bitset, move_histogram: bool, counters: &Counters) -> Result<AllStarts> {
    // Start orbits in parallel as well as inside: each analysis has serial stretches (listing a
    // level, tracing plays) that another one fills. Results keep the orbit order.
    let orbits = t.hole_orbits();
    let symmetries = layers::Symmetries::of(t)?;
    let analysed: Vec<StartResult> = orbits
        .par_iter()
        .map(|o| analyse_start(t, winnable, &symmetries.group, o[0], counters))
        .collect::<Result<_>>()?;
    let mut all = AllStarts::default();
    for (orbit, res) in orbits.into_iter().zip(analysed) {
        let rep = orbit[0];
        let hist = if move_histogram {
            let h = move_histogram_from(t, winnable, rep, counters);
            ensure!(
                h.iter().sum::<u128>() == res.row.winning_sequences,
                "internal error: move histogram of start {} disagrees with the sequence count",
                rep + 1
            );
            h
        } else {
            Vec::new()
        };
        all.add_orbit(t, &orbit, &res, &hist);
    }
    all.starts.sort_by_key(|r| r.start);
    all.finishes.sort_by_key(|r| (r.start, r.finish));
    all.profile.sort();
    Ok(all)
}

/// The family's options: which sides, and how much of each.
#[derive(Clone, Debug)]
pub struct Options {
    pub sides: Vec<PegOptions>,
    /// Seed 001's worked example of its board encoding (the 10-coin triangle).
    pub seed001: bool,
    /// Boards other than the triangles, each read back from its directory of an earlier run
    /// (`data/peg/<board>/`, written by `peg --board NAME`) and re-checked.
    pub boards: Vec<(String, std::path::PathBuf)>,
    /// Compute the boards again (what their directories hold: the union, and the game and
    /// problems where present) instead of reading them back (`reproduce --full`); a union past
    /// memory keeps its layers under `board_levels/<board>`.
    pub recompute_boards: bool,
    pub board_levels: std::path::PathBuf,
    /// Triangle sides whose beam plays (`plays.csv` of `peg --side N --few-moves`) are read back
    /// from their directory and replayed.
    pub plays: Vec<(usize, std::path::PathBuf)>,
    /// Triangle sides whose lower bounds (`lower_bounds.csv` of `peg --side N --lower-bounds`)
    /// are read back and re-checked.
    pub lower_bounds: Vec<(usize, std::path::PathBuf)>,
}

/// Every side studied.
#[derive(Clone, Debug)]
pub struct PegResults {
    pub sides: Vec<PegStudy>,
    /// Sides whose union stops at a peg count (side 9), from the top down.
    pub partial: Vec<partial::PartialSide>,
    pub seed001: Option<seed001::Seed001>,
    /// The boards of [`Options::boards`], read back and re-checked.
    pub boards: Vec<crate::studies::peg_board::BoardStudy>,
    /// The plays of [`Options::plays`], read back and replayed.
    pub plays: Vec<beam_plays::SidePlays>,
    /// The lower bounds of [`Options::lower_bounds`], read back and re-checked.
    pub lower_bounds: Vec<lower_bounds::SideBounds>,
}

/// The peg family in the common study shape.
pub struct Peg;

impl Peg {
    /// What `reproduce` runs: sides 4..=`max_side` computed (a side past
    /// [`REPRODUCE_MAX_SIDE`] keeps its union's levels in `levels/T{side}` and is checked closed
    /// under the symmetries), and each larger side up to [`layers::MAX_LEVELS_SIDE`] whose
    /// tables are in `data` (written by an earlier, longer run) read back and re-checked.
    pub fn reproduce_options_to(max_side: usize, levels: &std::path::Path, data: &std::path::Path) -> Options {
        let mut opts = <Peg as crate::studies::Study>::reproduce_options();
        opts.board_levels = levels.to_path_buf();
        opts.sides.retain(|s| s.side <= max_side);
        for side in REPRODUCE_MAX_SIDE + 1..=layers::MAX_LEVELS_SIDE {
            let saved_dir = data.join(report::side_dir(side));
            if side <= max_side {
                opts.sides.push(PegOptions {
                    keep_levels: Some(levels.join(format!("T{side}"))),
                    symmetry: true,
                    ..PegOptions::for_side(side)
                });
            } else if saved::present(&saved_dir) {
                opts.sides.push(PegOptions {
                    saved: Some(saved_dir),
                    ..PegOptions::for_side(side)
                });
            }
        }
        // Other boards whose results an earlier `peg --board NAME` left in data/peg/<board>/.
        for name in crate::studies::peg_board::study::BOARDS {
            let dir = data.join("peg").join(name);
            if dir.join("levels.csv").is_file() || dir.join("game.csv").is_file() {
                opts.boards.push((name.to_string(), dir));
            }
        }
        // Beam plays an earlier `peg --side N --few-moves` left in data/peg/T{N}/.
        for side in layers::MAX_LEVELS_SIDE + 1..=*beam_plays::SIDES.end() {
            let path = data.join(report::side_dir(side)).join("plays.csv");
            if path.is_file() {
                opts.plays.push((side, path));
            }
            let path = data.join(report::side_dir(side)).join("lower_bounds.csv");
            if path.is_file() {
                opts.lower_bounds.push((side, path));
            }
        }
        // Partial sides (side 9): read back from data/ and their first levels recomputed.
        for side in layers::MAX_LEVELS_SIDE + 1..=partial::MAX_SIDE {
            let saved_dir = data.join(report::side_dir(side));
            if saved_dir.join("levels.csv").is_file() {
                opts.sides.push(PegOptions {
                    saved: Some(saved_dir),
                    levels_only: true,
                    min_pegs: Some(1),
                    ..PegOptions::for_side(side)
                });
            }
        }
        opts
    }
}

impl crate::studies::Study for Peg {
    const FAMILY: &'static str = "peg";
    type Options = Options;
    type Results = PegResults;

    fn reproduce_options() -> Options {
        Options {
            sides: (4..=REPRODUCE_MAX_SIDE).map(PegOptions::for_side).collect(),
            seed001: true,
            boards: Vec::new(),
            recompute_boards: false,
            board_levels: std::path::PathBuf::from(".peg-levels"),
            plays: Vec::new(),
            lower_bounds: Vec::new(),
        }
    }

    fn compute(options: &Options, counters: &Counters) -> Result<PegResults> {
        let mut sides = Vec::new();
        let mut partial = Vec::new();
        for o in &options.sides {
            if let Some(min) = o.min_pegs {
                let how = if o.saved.is_some() {
                    "read back, its first levels recomputed"
                } else {
                    "computed"
                };
                counters.set_stage(format!("peg: side {} down to {min} pegs ({how})", o.side), 0);
                let keep = o
                    .keep_levels
                    .clone()
                    .map_or(crate::engine::layered::Keep::Memory, crate::engine::layered::Keep::Dir);
                partial.push(partial::run(o.side, min, &keep, o.saved.as_deref(), counters)?);
                continue;
            }
            let how = if o.saved.is_some() {
                "read back and re-checked"
            } else {
                "computed"
            };
            counters.set_stage(format!("peg: side {} ({how})", o.side), 0);
            sides.push(run(o, counters)?);
        }
        let seed001 = if options.seed001 {
            Some(seed001::compute()?)
        } else {
            None
        };
        let mut boards = Vec::new();
        for (name, dir) in &options.boards {
            let board = crate::puzzles::board::Board::named(name)?;
            let study = if options.recompute_boards {
                counters.set_stage(format!("peg: the {name} board (computed)"), 0);
                let levels = options.board_levels.join(name);
                crate::studies::peg_board::BoardStudy::recompute(board, dir, &levels, counters)?
            } else {
                counters.set_stage(format!("peg: the {name} board (read back and re-checked)"), 0);
                crate::studies::peg_board::BoardStudy::read_back(board, dir)?
            };
            boards.push(study);
        }
        let mut plays = Vec::new();
        for (side, path) in &options.plays {
            counters.set_stage(format!("peg: side {side}'s beam plays (read back and replayed)"), 0);
            plays.push(beam_plays::read_back(*side, path)?);
        }
        let mut bounds = Vec::new();
        for (side, path) in &options.lower_bounds {
            counters.set_stage(format!("peg: side {side}'s lower bounds (read back and re-checked)"), 0);
            bounds.push(lower_bounds::read_back(*side, path)?);
        }
        Ok(PegResults {
            sides,
            partial,
            seed001,
            boards,
            plays,
            lower_bounds: bounds,
        })
    }

    fn claims(results: &PegResults) -> Vec<crate::studies::Claim> {
        let mut out = claims::claims(results);
        if let Some(s) = &results.seed001 {
            out.extend(seed001::claims(s));
        }
        for b in &results.boards {
            out.extend(b.claims());
        }
        out
    }

    fn export(results: &PegResults, claims: &[crate::studies::Claim]) -> Result<crate::studies::Export> {
        report::export(results, claims)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The quotient count of [`count_unsolvable`] against the full analysis, on every start
    /// orbit of sides 4-6 (solvable starts included: their counts are defined the same way), so
    /// trivial, order-2 and order-6 stabilisers are all compared.
    #[test]
    fn counts_up_to_symmetry_equal_the_full_counts() {
        for side in 4..=6 {
            let t = Triangle::new(side).unwrap();
            let counters = Counters::default();
            let (_, winnable, _) = union_levels(&t, &counters);
            let symmetries = layers::Symmetries::of(&t).unwrap();
            let mut stabilisers = std::collections::BTreeSet::new();
            for orbit in t.hole_orbits() {
                let hole = orbit[0];
                stabilisers.insert(symmetries.group.stabiliser(t.start(hole)).order());
                let full = analyse_in_full(&t, &winnable, hole, &counters).unwrap();
                let quotient = count_unsolvable(&t, &symmetries.group, hole, &counters);
                assert_eq!(quotient.profile, full.profile, "side {side} start {}", hole + 1);
                assert_eq!(quotient.row.reachable_positions, full.row.reachable_positions);
                assert_eq!(
                    quotient.row.complete_games,
                    full.row.complete_games,
                    "side {side} start {}",
                    hole + 1
                );
            }
            let expect: &[usize] = if side == 4 { &[1, 2, 6] } else { &[1, 2] };
            assert_eq!(stabilisers.into_iter().collect::<Vec<_>>(), expect, "side {side}");
        }
    }
}
