//! Puzzle families: rules and state encodings, nothing about search.

pub mod board;
pub mod lightsout;
pub mod named_graphs;
pub mod peg;
pub mod peg_bits;
pub mod press_graph;
pub mod tricolore;
