//! Peak-memory estimates of the commands whose memory grows with their input, checked with
//! [`crate::engine::memory::check`] before anything is allocated. Each estimate says what
//! dominates and where its constant comes from; they err high rather than low, since a refusal
//! can be overridden with `--force` and an allocation failure cannot.

use crate::engine::layered::Keep;
use crate::engine::memory;
use crate::puzzles::lightsout::{Game, Rule, Topology};
use anyhow::Result;

const MIB: u128 = 1 << 20;

/// The triangle sides analysed in full (every start's exact analysis, from the union held in
/// memory). Side 8 would need 3 bit arrays of 2^36 bits (24 GiB) for its visited set and
/// frontiers: more than the machines this project runs on hold, so it is decided by search over
/// its union's levels kept on disk instead.
pub const PEG_FULL_SIDES: std::ops::RangeInclusive<usize> = 4..=7;

/// Peak bytes of the beam searches for plays with few moves on a board of `holes` cells, `width`
/// states kept per jump: per search, the kept levels (an 80-byte entry per state: the state, its
/// parent, its label) and one level's children (about 64 per state, 120 bytes each with the
/// repeat removal and the ranking), for two searches at once (one per core). Against measured
/// peaks (data/bench): side 11 at 50,000, 0.87 GiB (estimate 1.2 GiB); side 12 at 100,000, 2.3 GiB
/// (estimate 2.6 GiB).
pub fn peg_beam(holes: usize, width: usize) -> u128 {
    const CHILDREN_PER_STATE: u128 = 64;
    const BYTES_PER_CHILD: u128 = 120;
    let kept = holes as u128 * 80;
    let one = width as u128 * (kept + CHILDREN_PER_STATE * BYTES_PER_CHILD);
    2 * one + 64 * MIB
}

/// Peak bytes of `peg --lower-bounds` with `budget` positions per refutation: two starts at once
/// (one per core here), each a hash set of positions (16 bytes, about 3x for the table and its
/// growth) beside its two layers and a cache of region packings.
pub fn peg_refutation(budget: usize) -> u128 {
    const BYTES_PER_POSITION: u128 = 100;
    2 * budget as u128 * BYTES_PER_POSITION + 64 * MIB
}

/// Whether the full analysis of a triangle side fits, or why not.
pub fn peg_full_side(side: usize) -> Result<()> {
    anyhow::ensure!(
        PEG_FULL_SIDES.contains(&side),
        "unsupported triangle side {side}: sides {}..={} are supported (side 8 needs 3 bit arrays of 2^36 bits, \
         24 GiB)",
        PEG_FULL_SIDES.start(),
        PEG_FULL_SIDES.end()
    );
    Ok(())
}

/// Peg solitaire on the triangle of side `side`. The union over all starts is the layered engine's
/// bit arrays ([`crate::engine::layered::bytes_needed`]: every layer in memory, or three when the
/// layers are kept on disk) plus 64 MiB; the full per-start analysis adds a flat winnable bit array
/// and its searches: measured peaks on this project's machine (README benchmarks: T7 in full
/// 2458 MiB with its start orbits analysed in parallel, T6 in full 201 MiB) plus 30%.
pub fn peg(side: usize, levels_only: bool, levels_on_disk: bool) -> u128 {
    let holes = side * (side + 1) / 2;
    if holes > 64 {
        return u128::MAX;
    }
    let keep = if levels_on_disk {
        Keep::Dir(Default::default())
    } else {
        Keep::Memory
    };
    let union = crate::engine::layered::bytes_needed(holes, holes - 1, &keep) as u128 + 64 * MIB;
    match (side, levels_only) {
        (_, true) => union,
        (..=5, false) => union.max(64 * MIB),
        (6, false) => union.max(262 * MIB),
        (7, false) => union.max(3196 * MIB),
        // Side 8 decides its problems by search over every reachable level at once (2^36 bits),
        // then settles their fewest moves (min_moves::SIDE8_PLAN: 18.2 GB measured at its peak,
        // two kept forward balls of 10 moves).
        (8, false) if levels_on_disk => union.max((1u128 << holes) / 8 + 1024 * MIB).max(17_800 * MIB),
        // Beyond: the flat winnable array of 2^holes bits and the per-start searches' two more.
        (_, false) => union + 3 * (1u128 << holes) / 8,
    }
}

/// The layered engine's union alone ([`crate::studies::peg::layers::union`]): its bit arrays
/// ([`crate::engine::layered::bytes_needed`]) plus, when asked, the flat winnable array of
/// 2^holes bits. No margin: the caller's own estimate ([`peg`]) holds the rest of the run.
pub fn peg_union(holes: usize, keep: &Keep, flat_winnable: bool) -> u128 {
    if holes > 64 {
        return u128::MAX;
    }
    let flat = if flat_winnable { (1u128 << holes) / 8 } else { 0 };
    crate::engine::layered::bytes_needed(holes, holes - 1, keep) as u128 + flat
}

/// One no-repeat search over every board of `squares` Tricolore squares (`full`, `reach`): 2
/// bytes of packed distances per board, up to about one more for the largest pushed frontier
/// (4x4: 132 MiB measured for 43 million boards), and 64 MiB for the rest.
pub fn tricolore_search(squares: usize) -> u128 {
    3 * 3u128.pow(squares.min(60) as u32) + 64 * MIB
}

/// `tricolore full` past [`crate::studies::tricolore::full::PER_BOARD_SQUARES`] squares: one
/// byte per board (the one-byte search keeps no frontier lists), the symmetry tables and rayon's
/// per-chunk frontiers.
pub fn tricolore_counts(squares: usize) -> u128 {
    3u128.pow(squares.min(60) as u32) + 96 * MIB
}

/// `lightsout sweep --max-n N`: polynomials and transfer matrices of degree up to N (33 MiB
/// measured at N = 100000).
pub fn lightsout_sweep(max_n: usize) -> u128 {
    16 * MIB + 256 * max_n as u128
}

/// `lightsout rect --max M`: up to M^2 table rows (cells, then CSV text), about 200 bytes each.
pub fn lightsout_rect(max: usize) -> u128 {
    16 * MIB + 200 * (max as u128).pow(2)
}

/// `lightsout histogram --n N`: a byte per position when enumerating (N <= 5), otherwise the
/// press matrix with its null space, and two tables of 2^20 words at most (signature classes).
pub fn lightsout_histogram(n: usize) -> u128 {
    let cells = (n as u128).pow(2);
    if cells <= 25 {
        16 * MIB + (1u128 << cells)
    } else {
        // The press matrix, its null space; binomial rows of the class sizes (a few rows of
        // cells + 1 big integers of up to `cells` bits); the nullity-2 sums over at most
        // (cells / 2)^2 / 4 pairs (measured 53x53: see README).
        let big = cells / 8 + 32;
        16 * MIB + 3 * cells * cells / 8 + (16 << 20) + 4 * (cells + 1) * big + (cells / 4 + 1).pow(2) * big
    }
}

/// `lightsout solve`: the solver's own working estimate, plus the quiet patterns it keeps (one
/// board each) when the nullity is known cheaply (square plus boards on an open board).
pub fn lightsout_solve(game: &Game, working: u128) -> u128 {
    let (m, n) = (game.rows as u128, game.cols as u128);
    let board = m * n.div_ceil(64) * 8;
    let quiet = if game.rule == Rule::Plus && game.topology == Topology::Open && m == n && m <= 20_000 {
        crate::studies::lightsout::nullity::fast_square(game.rule, game.topology, game.rows).map_or(0, |k| k as u128)
    } else {
        0
    };
    working + quiet * board
}

/// Refuses `what` when `need` exceeds the available memory (unless `--force`).
pub fn check(what: &str, need: u128) -> Result<()> {
    memory::check(what, need)
}
