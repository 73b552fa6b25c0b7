//! Puzzle-agnostic engines: each searches what a puzzle describes through one small trait or a
//! few closures, without knowing what the puzzle is. By folder, with what each engine takes and
//! how far it reaches:
//!
//! - [`graph`]: searches over a move graph given as a [`Model`].
//!   - [`bfs`]: [`Model`] + [`Ranked`]; flat bit arrays over `0..space_size()` (a few bits per
//!     rank), so the ranked space must fit in memory as bits.
//!   - [`dag`]: [`Reversible`] (+ [`Ranked`] for the default lookup); dynamic programming over
//!     the levels a BFS listed, two levels of values at once.
//!   - [`dense_levels`]: a successor closure over `u64` states below 2^[`dense_levels::MAX_BITS`];
//!     breadth-first to exhaustion, one bit per state value as the visited set.
//!   - [`dfs`]: [`Model`] with hashable states, acyclic and finite; one path, dead ends remembered.
//!   - [`ball`]: a successor closure over `u64` states below 2^59; radius at most
//!     [`ball::MAX_DEPTH`].
//!   - [`beam`]: closures (expansion, goal, admissibility, score); any state type; *a* path only.
//!   - [`norepeat`]: [`norepeat::ActionGraph`] (dense nodes, numbered actions); at most
//!     [`norepeat::MAX_ACTIONS`] actions and depth [`norepeat::MAX_DEPTH`], two bytes per node.
//!   - [`norepeat_sym`]: [`norepeat::ActionGraph`] and a [`norepeat_sym::NodeSymmetry`] group;
//!     at most [`norepeat_sym::MAX_ACTIONS`] actions and [`norepeat_sym::MAX_ORDER`] group
//!     elements, one byte per node.
//! - [`subsets`]: states that are subsets of a universe, moves from layer k to k-1.
//!   - [`layered`]: [`layered::SubsetGraph`]; a universe of at most 56 elements, one bit per
//!     state of a layer (colex ranks), two layers at once going forward.
//!   - [`layered_dist`]: [`layered::SubsetGraph`] whose moves complementing reverses, over the
//!     ranks of a [`cluster::Cluster`]; about 1/R of one process's memory per rank.
//!   - [`flip_bits`], [`shares`]: the exchange and the per-rank cuts of [`layered_dist`].
//!   - [`closure`]: a layer ([`layered::Layer`]) and a [`closure::Group`] of element
//!     permutations: closure and orbit count.
//!   - [`quotient`]: wraps a [`layered::SubsetGraph`] / [`Model`] / [`Reversible`] with a
//!     [`closure::Group`] fixing the start.
//! - [`linear`]: GF(2) linear algebra and binary linear codes, from numbers rather than traits.
//!   - [`gf2`], [`gf2poly`]: packed vectors, matrices and polynomials.
//!   - [`walsh`]: the Walsh-Hadamard transform over any additive values.
//!   - [`walsh_max`]: the largest Walsh coefficient of a class vector, dimension at most 64.
//!   - [`covering`]: covering radius by branch and bound, class sizes over GF(2)^d.
//!   - [`deep_hole`]: deep holes by local search (a lower bound on the covering radius).
//! - [`runtime`]: what the engines run on: [`cluster`] (MPI ranks or one process), [`memory`]
//!   (checks and hints), [`progress`] (counters drawn by a poller), [`bitset`] (shared bit arrays).
//!
//! The old flat paths (`crate::engine::bfs`, ...) are re-exported below.

pub mod graph;
pub mod linear;
pub mod model;
pub mod runtime;
pub mod subsets;

pub use graph::{ball, beam, bfs, dag, dense_levels, dfs, norepeat, norepeat_sym};
pub use linear::{class_automorphisms, covering, deep_hole, gf2, gf2poly, walsh, walsh_max};
pub use model::{Model, Ranked, Reversed, Reversible};
pub use runtime::{bitset, cluster, memory, progress};
pub use subsets::{closure, flip_bits, layered, layered_dist, quotient, shares};
