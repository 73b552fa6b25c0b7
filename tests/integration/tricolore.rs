//! Tricolore end-to-end tests.
