//! The one integration-test binary (cf. ripgrep): every family's end-to-end tests, run against
//! the real `statespace` executable and the oracle files in tests/data.

mod board_claims;
mod boards;
mod boards_packed;
mod claims_record;
mod common;
mod determinism;
mod faults;
mod graphs;
mod house;
mod lightsout;
mod lightsout_frontier;
mod memory;
#[cfg(feature = "mpi")]
mod mpi;
mod oracles;
mod outputs;
mod parsers;
mod peg;
mod peg_layers;
mod peg_lower_bounds;
mod peg_plays;
mod reproduce;
mod tricolore;
mod verdicts;
