//! tricolore rules (being built).
