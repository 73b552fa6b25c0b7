//! lightsout study (being built).

use anyhow::{bail, Result};

#[derive(clap::Subcommand, Debug)]
pub enum Command {
    /// Not built yet.
    Pending,
}

pub fn run(_cmd: Command, _command: &str) -> Result<()> {
    bail!("the lightsout commands are not built yet")
}

pub fn reproduce(_ctx: &crate::reproduce::Ctx) -> Result<()> {
    Ok(())
}
