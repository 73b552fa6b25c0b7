//! Puzzle families: rules and state encodings, nothing about search.

pub mod board;
pub mod lightsout;
pub mod peg;
pub mod peg_bits;
pub mod tricolore;
