//! GF(2) linear algebra (being built).
