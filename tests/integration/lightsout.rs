//! Lights Out end-to-end tests.
