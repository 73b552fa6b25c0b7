//! lightsout rules (being built).
