//! The union over all single-vacancy starts by the layered engine: reachable and winnable
//! positions per peg count. Positions of one peg count are ranked densely, so side 8 (36 holes,
//! 2^36 positions) needs two levels of at most C(36,18) bits = 1.06 GiB each when finished levels
//! go to disk (`--keep-levels`), instead of 3 x 2^36 bits.

use super::{LevelRow, SymmetryRow};
use crate::engine::bitset::Bitset;
use crate::engine::closure::{self, Group};
use crate::engine::cluster::Cluster;
use crate::engine::layered::{self, Keep, Pass};
use crate::engine::layered_dist;
use crate::engine::progress::Counters;
use crate::puzzles::peg::{Board, Triangle};
use crate::puzzles::peg_bits::PackedTriangle;
use anyhow::{bail, ensure, Result};

/// The largest side whose union (`--levels-only`) is computed; full analyses stop at
/// [`crate::studies::footprint::PEG_FULL_SIDES`].
pub const MAX_LEVELS_SIDE: usize = 8;

/// The triangle of a run: sides beyond the full-analysis range only for the union, or (side 8)
/// with the union's levels kept on disk, from which its problems are then decided by search.
pub fn triangle_for(side: usize, levels_only: bool, levels_on_disk: bool) -> Result<Triangle> {
    let beyond = side > *crate::studies::footprint::PEG_FULL_SIDES.end() && side <= MAX_LEVELS_SIDE;
    if beyond && (levels_only || levels_on_disk) {
        return Triangle::new(side);
    }
    match crate::studies::footprint::peg_full_side(side) {
        Err(e) if beyond => {
            bail!(
                "{e}; side {side} is supported with --levels-only, or with --keep-levels DIR for its table of problems"
            )
        }
        r => r.and_then(|()| Triangle::new(side)),
    }
}

/// What the union found.
pub struct Union {
    /// From the most pegs down, as the BFS depth order of the flat engine.
    pub levels: Vec<LevelRow>,
    /// Each reachable level checked against the six symmetries (only when asked), from the most
    /// pegs down.
    pub symmetry: Option<Vec<SymmetryRow>>,
    /// Winnable positions as one flat bit array over boards (only when asked: 2^holes bits).
    pub winnable: Option<Bitset>,
}

/// Names the search in a level directory, so a directory is only ever resumed by the same search.
pub fn search_key(t: &Triangle) -> String {
    format!(
        "peg solitaire, triangle of side {} ({} holes, {} jumps): union of the positions reachable \
         from every single-vacancy start; winnable = can still reach one peg. Layered engine, \
         colex ranks per peg count, format 1.\n",
        t.side(),
        t.holes(),
        t.jumps().len()
    )
}

/// Refuses a run whose bit arrays cannot fit, before allocating any: the shared check
/// ([`crate::studies::footprint::check`]: cgroup, `MemAvailable`, `ulimit -v`, the
/// `STATESPACE_MEMORY_AVAILABLE` override, `--force`) on [`crate::studies::footprint::peg_union`].
pub fn check_memory(t: &Triangle, keep: &Keep, flat_winnable: bool) -> Result<()> {
    use crate::studies::footprint;
    let need = footprint::peg_union(t.holes(), keep, flat_winnable);
    footprint::check(&format!("peg T{} (the union's levels)", t.side()), need).map_err(|e| match keep {
        Keep::Memory => {
            let on_disk = footprint::peg_union(t.holes(), &Keep::Dir(Default::default()), flat_winnable);
            anyhow::anyhow!(
                "{e}; --keep-levels DIR keeps finished levels on disk and needs {}",
                crate::engine::memory::human(on_disk)
            )
        }
        Keep::Dir(_) => e,
    })
}

/// The triangle's six symmetries as a group acting on holes (= board bits), with which of its
/// elements are the two rotations and which the three reflections.
pub struct Symmetries {
    pub group: Group,
    rotations: Vec<usize>,
    reflections: Vec<usize>,
}

impl Symmetries {
    pub fn of(t: &Triangle) -> Result<Symmetries> {
        let maps: Vec<Vec<usize>> = t
            .symmetries()
            .iter()
            .map(|p| p.iter().map(|&h| h as usize).collect())
            .collect();
        let group = Group::new(&maps)?;
        let order = |i: usize| {
            let m = &maps[i];
            (1..=6)
                .find(|&o| (0..m.len()).all(|h| (0..o).fold(h, |x, _| m[x]) == h))
                .expect("order divides 6")
        };
        let rotations: Vec<usize> = (0..maps.len()).filter(|&i| order(i) == 3).collect();
        let reflections: Vec<usize> = (0..maps.len()).filter(|&i| order(i) == 2).collect();
        ensure!(
            t.side() < 2 || (rotations.len() == 2 && reflections.len() == 3),
            "the triangle's symmetries are not the dihedral group of order 6"
        );
        Ok(Symmetries {
            group,
            rotations,
            reflections,
        })
    }

    /// Checks one reachable level: closed under the group, else an error naming the level.
    pub fn check(&self, colex: &layered::Colex, layer: &layered::Layer) -> Result<SymmetryRow> {
        let c = closure::closure(colex, layer, &self.group);
        ensure!(
            c.images_outside == 0,
            "the reachable positions with {} pegs are not closed under the triangle's symmetries: {} images of its {} \
                positions lie outside it",
            layer.k,
            c.images_outside,
            c.members
        );
        Ok(SymmetryRow {
            pegs: layer.k,
            reachable: c.members,
            orbits: c.orbits().expect("closed"),
            fixed_by_rotation: self.rotations.first().map_or(c.members, |&i| c.fixed[i]),
            fixed_by_reflection: self.reflections.first().map_or(c.members, |&i| c.fixed[i]),
        })
    }
}

/// Union of all single-vacancy starts, per peg count; `flat_winnable` also returns the winnable
/// positions as a bit array over boards (for the per-start analysis of sides up to 7), and
/// `symmetry` checks every reachable level against the six symmetries as it is finished (or
/// loaded from the level directory).
pub fn union(t: &Triangle, keep: &Keep, flat_winnable: bool, symmetry: bool, counters: &Counters) -> Result<Union> {
    let cluster = crate::engine::cluster::current();
    if cluster.ranks() > 1 {
        ensure!(
            !flat_winnable && !symmetry,
            "under MPI only the union's levels are computed (--levels-only, without --symmetry)"
        );
        return Ok(Union {
            levels: distributed(t, keep, cluster, counters)?,
            symmetry: None,
            winnable: None,
        });
    }
    check_memory(t, keep, flat_winnable)?;
    let symmetries = symmetry.then(|| Symmetries::of(t)).transpose()?;
    let mut rows: Vec<SymmetryRow> = Vec::new();
    let mut broken: Option<anyhow::Error> = None;
    let packed = PackedTriangle::new(t);
    let starts: Vec<Board> = (0..t.holes()).map(|h| t.start(h)).collect();
    let flat = flat_winnable.then(|| Bitset::new(1 << t.holes()));
    // Winnable = can reach a single peg = the complement of a start: by duality, reachable with a
    // reachable complement (checked against the backward pass in the tests).
    let goals = layered::Goals::<fn(Board) -> bool>::ComplementsOfStarts;
    let counts = layered::search(
        &packed,
        &starts,
        goals,
        keep,
        &search_key(t),
        counters,
        |pass, colex, layer| match pass {
            Pass::Winnable => {
                if let Some(f) = &flat {
                    layer.par_for_each_state(colex, |b| {
                        f.insert(b);
                    });
                }
            }
            Pass::Reachable => {
                if let (Some(sym), None) = (&symmetries, &broken) {
                    match sym.check(colex, layer) {
                        Ok(row) => rows.push(row),
                        Err(e) => broken = Some(e),
                    }
                }
            }
        },
    )?;
    if let Some(e) = broken {
        return Err(e);
    }
    let levels: Vec<LevelRow> = counts
        .iter()
        .map(|c| LevelRow {
            pegs: c.k,
            reachable: c.reachable,
            winnable: c.winnable,
        })
        .collect();
    let symmetry = symmetries.map(|_| {
        // The search visits levels down to one below the last non-empty one; keep the table's.
        rows.retain(|r| levels.iter().any(|l| l.pegs == r.pegs));
        rows
    });
    Ok(Union {
        levels,
        symmetry,
        winnable: flat,
    })
}

/// The triangle of any side up to 10 as a [`layered::SubsetGraph`], from its jump list: slower
/// than [`PackedTriangle`] (whose padded layout holds sides up to 8), for the sides beyond it
/// and for plans (which sample a few thousand states).
pub struct JumpList {
    holes: usize,
    /// Per jump: its two starting pegs, its landing hole, and all three.
    jumps: Vec<(u64, u64, u64)>,
}

impl JumpList {
    pub fn new(t: &Triangle) -> JumpList {
        let bit = |h: u8| 1u64 << h;
        JumpList {
            holes: t.holes(),
            jumps: t
                .jumps()
                .iter()
                .map(|j| {
                    (
                        bit(j.from) | bit(j.over),
                        bit(j.to),
                        bit(j.from) | bit(j.over) | bit(j.to),
                    )
                })
                .collect(),
        }
    }
}

impl layered::SubsetGraph for JumpList {
    fn universe(&self) -> usize {
        self.holes
    }
    fn any_predecessor(&self, s: u64, mut test: impl FnMut(u64) -> bool) -> bool {
        // A jump p -> s leaves only its landing hole filled.
        self.jumps
            .iter()
            .any(|&(_, hole, all)| s & all == hole && test(s ^ all))
    }
    fn any_successor(&self, s: u64, mut test: impl FnMut(u64) -> bool) -> bool {
        self.jumps
            .iter()
            .any(|&(pegs, _, all)| s & all == pegs && test(s ^ all))
    }
    fn moves_changing(&self, mask: u64) -> Option<Vec<(u64, u64)>> {
        Some(
            self.jumps
                .iter()
                .filter(|&&(_, _, all)| all & mask != 0)
                .map(|&(pegs, _, all)| (all, pegs))
                .collect(),
        )
    }
    fn complement_reverses_moves(&self) -> bool {
        true
    }
}

/// Bytes one of `ranks` MPI ranks holds for the union ([`layered_dist::bytes_per_rank`]).
pub fn bytes_per_rank(t: &Triangle, keep: &Keep, ranks: usize) -> u64 {
    layered_dist::bytes_per_rank(t.holes(), t.holes() - 1, keep, ranks, &crossing_jumps(t, ranks))
}

/// The jumps that can cross ranks when `ranks` share the levels, whatever the cuts (as flips,
/// [`layered::SubsetGraph::moves_changing`] of [`layered_dist::Split::widest_mask`]).
pub fn crossing_jumps(t: &Triangle, ranks: usize) -> Vec<(u64, u64)> {
    let mask = layered_dist::Split::widest_mask(t.holes(), ranks);
    layered::SubsetGraph::moves_changing(&JumpList::new(t), mask).expect("jumps are fixed flips")
}

/// The union's levels over the ranks of `cluster` (each rank calls it): the per-rank memory
/// checked against this node's ranks, and on the root one line per level with the bytes the
/// ranks exchanged for it.
fn distributed(t: &Triangle, keep: &Keep, cluster: &dyn Cluster, counters: &Counters) -> Result<Vec<LevelRow>> {
    use crate::engine::memory::human;
    let ranks = cluster.ranks();
    let per_rank = bytes_per_rank(t, keep, ranks);
    // Ranks launched on this node share its memory.
    let here = ["OMPI_COMM_WORLD_LOCAL_SIZE", "MPI_LOCALNRANKS", "SLURM_NTASKS_PER_NODE"]
        .iter()
        .find_map(|v| std::env::var(v).ok().and_then(|s| s.parse::<u64>().ok()))
        .unwrap_or(1);
    crate::studies::footprint::check(
        &format!(
            "peg T{} over {ranks} ranks ({here} on this node, {} each)",
            t.side(),
            human(per_rank as u128)
        ),
        (per_rank * here) as u128,
    )?;
    let root = cluster.is_root();
    if root {
        eprintln!(
            "peg T{}: {ranks} ranks, about {} of bit arrays and exchange buffers per rank",
            t.side(),
            human(per_rank as u128)
        );
    }
    let starts: Vec<Board> = (0..t.holes()).map(|h| t.start(h)).collect();
    // Totals over the computed levels, for the last line (the plan is checked against it).
    let (all_bytes, all_seconds) = (std::cell::Cell::new(0u64), std::cell::Cell::new(0f64));
    let report = |l: &layered_dist::LevelStats| {
        all_bytes.set(all_bytes.get() + l.bytes_exchanged);
        all_seconds.set(all_seconds.get() + l.seconds);
        if root && l.resumed {
            eprintln!(
                "peg T{}: level {:2} pegs: {} reachable, resumed from its level files",
                t.side(),
                l.k,
                l.reachable
            );
        } else if root {
            let c = &l.cost;
            eprintln!(
                "peg T{}: level {:2} pegs: {} reachable, {} exchanged, {:.2} s (rank 0: pulled {} in {:.2} s, walked \
                    {} and sent {} successors in {:.2} s)",
                t.side(),
                l.k,
                l.reachable,
                human(l.bytes_exchanged as u128),
                l.seconds,
                c.pulled,
                c.pull_seconds,
                c.walked,
                c.sent,
                c.push_seconds
            );
        }
    };
    let key = search_key(t);
    let counts = if t.side() <= 8 {
        layered_dist::Search {
            graph: &PackedTriangle::new(t),
            starts: &starts,
            keep,
            key: &key,
            cluster,
            batches: layered_dist::BATCHES,
            counters,
        }
        .run(report)?
    } else {
        layered_dist::Search {
            graph: &JumpList::new(t),
            starts: &starts,
            keep,
            key: &key,
            cluster,
            batches: layered_dist::BATCHES,
            counters,
        }
        .run(report)?
    };
    if root {
        eprintln!(
            "peg T{}: forward levels in all: {} bytes exchanged, {:.1} s",
            t.side(),
            all_bytes.get(),
            all_seconds.get()
        );
    }
    Ok(counts
        .iter()
        .map(|c| LevelRow {
            pegs: c.k,
            reachable: c.reachable,
            winnable: c.winnable,
        })
        .collect())
}

/// Reachable, winnable and dead positions per peg count (log scale; zero counts are left out).
pub fn levels_chart(s: &super::PegStudy) -> Result<crate::output::chart::Rendered> {
    use crate::output::chart::{line_chart, LineChart, Series};
    let mut rows = s.levels.clone();
    rows.sort_by_key(|r| r.pegs);
    let series = |name: &str, f: &dyn Fn(&LevelRow) -> u64| Series {
        name: name.into(),
        points: rows
            .iter()
            .map(|r| (r.pegs as f64, f(r) as f64))
            .filter(|p| p.1 > 0.0)
            .collect(),
    };
    line_chart(&LineChart {
        title: format!(
            "T{}: positions per peg count, union of all single-vacancy starts",
            s.side
        ),
        x_label: "pegs".into(),
        y_label: "positions (log scale)".into(),
        series: vec![
            series("reachable", &|r| r.reachable),
            series("winnable (one peg can still be reached)", &|r| r.winnable),
            series("dead (reachable, not winnable)", &|r| r.reachable - r.winnable),
        ],
        log_y: true,
        lines: true,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The layered engine against the flat bit-array BFS it replaces, level by level and
    /// position by position.
    #[test]
    fn layered_union_equals_the_flat_union_on_t4_to_t6() {
        for side in 4..=6 {
            let t = Triangle::new(side).unwrap();
            let counters = Counters::default();
            let (_, flat_win, flat_levels) = super::super::union_levels(&t, &counters);
            let u = union(&t, &Keep::Memory, true, true, &counters).unwrap();
            assert_eq!(u.levels, flat_levels, "T{side}");
            let w = u.winnable.unwrap();
            assert_eq!(
                w.ones().collect::<Vec<_>>(),
                flat_win.ones().collect::<Vec<_>>(),
                "T{side}"
            );
        }
    }

    /// The peg graph without its complement shortcut, so the search runs the backward pass.
    struct Backward(PackedTriangle);

    impl layered::SubsetGraph for Backward {
        fn universe(&self) -> usize {
            self.0.universe()
        }
        fn any_predecessor(&self, s: u64, test: impl FnMut(u64) -> bool) -> bool {
            self.0.any_predecessor(s, test)
        }
        fn any_successor(&self, s: u64, test: impl FnMut(u64) -> bool) -> bool {
            self.0.any_successor(s, test)
        }
    }

    #[test]
    fn duality_shortcut_equals_the_backward_pass_on_t4_to_t6() {
        use layered::SubsetGraph;
        // T7 agrees too (checked by hand; too slow for the suite).
        for side in 4..=6 {
            let t = Triangle::new(side).unwrap();
            let starts: Vec<Board> = (0..t.holes()).map(|h| t.start(h)).collect();
            /// A search that shows each level it finishes to a visitor, and returns the counts.
            type Search<'a> = &'a dyn Fn(&mut dyn FnMut(&layered::Colex, &layered::Layer)) -> Vec<layered::LayerCount>;
            let run = |g: Search<'_>| {
                let mut win = Vec::new();
                let counts = g(&mut |colex, l| {
                    win.push((
                        l.k,
                        l.count_ones(),
                        l.par_states(colex).iter().fold(0u64, |h, &b| h.rotate_left(5) ^ b),
                    ))
                });
                win.sort();
                (counts, win)
            };
            let key = "test";
            let c = Counters::default();
            let packed = PackedTriangle::new(&t);
            assert!(packed.complement_reverses_moves());
            let shortcut = run(&|f| {
                layered::search(
                    &packed,
                    &starts,
                    layered::Goals::<fn(u64) -> bool>::ComplementsOfStarts,
                    &Keep::Memory,
                    key,
                    &c,
                    |p, a, b| {
                        if p == layered::Pass::Winnable {
                            f(a, b)
                        }
                    },
                )
                .unwrap()
            });
            let slow = Backward(PackedTriangle::new(&t));
            let backward = run(&|f| {
                layered::search(
                    &slow,
                    &starts,
                    layered::Goals::Where(|b: u64| b.count_ones() == 1),
                    &Keep::Memory,
                    key,
                    &c,
                    |p, a, b| {
                        if p == layered::Pass::Winnable {
                            f(a, b)
                        }
                    },
                )
                .unwrap()
            });
            assert_eq!(shortcut, backward, "T{side}");
        }
    }

    /// The pull kernel (with its position-class skip) and the push kernel against a plain
    /// HashSet BFS over boards, level by level: each kernel is fed the BFS's own level above, so
    /// every level of sides 4-6 is pulled and pushed, dense or sparse.
    #[test]
    fn kernels_equal_a_set_bfs_on_t4_to_t6() {
        use std::collections::HashSet;
        for side in 4..=6 {
            let t = Triangle::new(side).unwrap();
            let g = PackedTriangle::new(&t);
            let colex = layered::Colex::new(t.holes());
            let starts: Vec<Board> = (0..t.holes()).map(|h| t.start(h)).collect();
            let classes = layered::start_classes(&g, &starts);
            assert_eq!(
                classes.count_ones(),
                3,
                "T{side}: single vacancies lie in three of the four classes"
            );
            let c = Counters::default();
            let mut level: HashSet<Board> = starts.iter().copied().collect();
            for k in (1..t.holes()).rev() {
                let mut next = HashSet::new();
                for &b in &level {
                    for j in t.jumps() {
                        if t.is_legal(b, *j) {
                            next.insert(Triangle::apply(b, *j));
                        }
                    }
                }
                let mut above = layered::Layer::empty(&colex, k);
                for &b in &level {
                    above.set(colex.rank(b));
                }
                let mut want: Vec<Board> = next.iter().copied().collect();
                want.sort();
                let pulled = layered::pull_forward_in(&g, &colex, &above, classes, &c);
                assert_eq!(pulled.par_states(&colex), want, "T{side}: pulled level {}", k - 1);
                assert_eq!(
                    layered::push_forward(&g, &colex, &above, &c).par_states(&colex),
                    want,
                    "T{side}: pushed level {}",
                    k - 1
                );
                level = next;
            }
        }
    }

    /// The jump-list graph (sides past the packed layout) moves as the packed one.
    #[test]
    fn the_jump_list_moves_as_the_packed_triangle() {
        use layered::SubsetGraph;
        let t = Triangle::new(6).unwrap();
        let (list, packed) = (JumpList::new(&t), PackedTriangle::new(&t));
        let all = |g: &dyn Fn(u64, &mut Vec<u64>)| {
            (0u64..1 << 21)
                .step_by(37)
                .map(|s| {
                    let mut v = Vec::new();
                    g(s, &mut v);
                    v.sort();
                    v
                })
                .collect::<Vec<_>>()
        };
        let succ_list = all(&|s, v| {
            list.any_successor(s, |c| {
                v.push(c);
                false
            });
        });
        let succ_packed = all(&|s, v| {
            packed.any_successor(s, |c| {
                v.push(c);
                false
            });
        });
        assert_eq!(succ_list, succ_packed);
        let pred_list = all(&|s, v| {
            list.any_predecessor(s, |c| {
                v.push(c);
                false
            });
        });
        let pred_packed = all(&|s, v| {
            packed.any_predecessor(s, |c| {
                v.push(c);
                false
            });
        });
        assert_eq!(pred_list, pred_packed);
        assert!(succ_list.iter().any(|v| v.len() > 1));
    }

    #[test]
    fn side_8_only_for_the_union() {
        assert!(triangle_for(8, true, false).is_ok());
        assert!(triangle_for(8, false, true).is_ok());
        let e = triangle_for(8, false, false).unwrap_err().to_string();
        assert!(
            e.contains("side 8") && e.contains("--levels-only") && e.contains("--keep-levels"),
            "{e}"
        );
        assert!(triangle_for(9, true, true).is_err());
    }
}
