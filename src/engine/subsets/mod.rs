//! Searches over states that are subsets of a fixed universe, layered by size: the layered
//! search on one process and over the ranks of a cluster, and symmetry (closure, quotient).

pub mod closure;
pub mod flip_bits;
pub mod layered;
pub mod layered_dist;
pub mod quotient;
pub mod shares;
