//! Searches over a move graph: breadth-first over ranked states, dynamic programming over its
//! levels, depth-first, balls and their meeting, beam search, and breadth-first search when an
//! action may not repeat.

pub mod ball;
pub mod beam;
pub mod bfs;
pub mod dag;
pub mod dense_levels;
pub mod dfs;
pub mod norepeat;
pub mod norepeat_sym;
