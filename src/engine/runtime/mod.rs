//! What the engines run on: the cluster of ranks, memory checks and hints, progress counters and
//! shared bit arrays.

pub mod bitset;
pub mod cluster;
pub mod memory;
pub mod position_hash;
pub mod progress;
