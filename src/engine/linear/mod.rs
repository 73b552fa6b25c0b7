//! Linear algebra over GF(2) and binary linear codes: vectors, matrices and polynomials, the
//! Walsh-Hadamard transform and its maximum, covering radius and deep holes.

pub mod class_automorphisms;
pub mod covering;
pub mod deep_hole;
pub mod gf2;
pub mod gf2poly;
pub mod merged;
pub mod walsh;
pub mod walsh_max;
