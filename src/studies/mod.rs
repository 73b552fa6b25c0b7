//! Studies: each runs engines on one puzzle family and turns the results into the published
//! tables, charts and datasets.

pub mod claim;
pub mod footprint;
pub mod lightsout;
pub mod peg;
pub mod tricolore;
