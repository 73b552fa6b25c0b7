//! `statespace reproduce`: every table, chart and dataset, from one command; `--check` recomputes
//! into a scratch directory and compares each file's sha256 with the files on disk.

use crate::output::manifest::{read_manifest, sha256_hex, MANIFEST};
use crate::studies;
use anyhow::{bail, Context, Result};
use clap::Args;
use std::path::{Path, PathBuf};

#[derive(Args, Debug)]
pub struct ReproduceArgs {
    /// Recompute into a scratch directory and fail, naming the file, if any differs from disk.
    #[arg(long)]
    pub check: bool,
    /// Root of the data tree.
    #[arg(long, value_name = "DIR", default_value = "data")]
    pub data: PathBuf,
    /// Root of the reports tree.
    #[arg(long, value_name = "DIR", default_value = "reports")]
    pub reports: PathBuf,
    /// Only these families (peg, tricolore, lightsout); default all.
    #[arg(long, value_name = "FAMILY", value_delimiter = ',')]
    pub only: Vec<Family>,
    /// Largest peg triangle side to include (4..=7).
    #[arg(long, value_name = "N", default_value_t = 7)]
    pub max_peg_side: usize,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    Peg,
    Tricolore,
    Lightsout,
}

/// Where a family writes during `reproduce`.
pub struct Ctx {
    pub data: PathBuf,
    pub reports: PathBuf,
    pub command: String,
}

impl Ctx {
    pub fn data_dir(&self, family: &str) -> PathBuf {
        self.data.join(family)
    }
    pub fn reports_dir(&self, family: &str) -> PathBuf {
        self.reports.join(family)
    }
}

pub fn run(a: &ReproduceArgs, command: &str) -> Result<()> {
    if !(4..=7).contains(&a.max_peg_side) {
        bail!("--max-peg-side {} is outside 4..=7", a.max_peg_side);
    }
    if a.check {
        let scratch = std::env::temp_dir().join(format!("statespace-check-{}", std::process::id()));
        let ctx = Ctx { data: scratch.join("data"), reports: scratch.join("reports"), command: command.into() };
        let result = generate(a, &ctx).and_then(|_| {
            compare(&ctx.data, &a.data)?;
            compare(&ctx.reports, &a.reports)
        });
        let _ = std::fs::remove_dir_all(&scratch);
        result?;
        eprintln!("reproduce --check: every file matches");
        Ok(())
    } else {
        let ctx = Ctx { data: a.data.clone(), reports: a.reports.clone(), command: command.into() };
        generate(a, &ctx)
    }
}

fn generate(a: &ReproduceArgs, ctx: &Ctx) -> Result<()> {
    let wants = |f: Family| a.only.is_empty() || a.only.contains(&f);
    if wants(Family::Peg) {
        let mut sides = Vec::new();
        for side in 4..=a.max_peg_side {
            let opts = studies::peg::PegOptions::for_side(side);
            let out = ctx.data_dir("peg").join(format!("T{side}"));
            sides.push(crate::cli::peg_into(&opts, &out, &ctx.reports_dir("peg"), &ctx.command)?);
        }
        let mut reports = crate::output::OutputDir::create(&ctx.reports_dir("peg"), &ctx.command)?;
        reports.write("report.md", studies::peg::report::markdown(&sides).as_bytes(), None)?;
        let levels: Vec<(usize, &[(u32, u64, u64)])> = sides.iter().map(|s| (s.side, s.levels.as_slice())).collect();
        reports.write_chart("levels_all_sides", &crate::output::study_charts::peg_levels_chart(&levels)?)?;
        reports.finish()?;
    }
    if wants(Family::Tricolore) {
        studies::tricolore::reproduce(ctx)?;
    }
    if wants(Family::Lightsout) {
        studies::lightsout::reproduce(ctx)?;
    }
    Ok(())
}

/// Every file recorded under `fresh` must be recorded with the same sha256 in the manifest of the
/// same directory under `disk`, and, where the file is present on disk, have that sha256. (Large
/// datasets are not committed to git; their committed manifest entry still pins their bytes.)
fn compare(fresh: &Path, disk: &Path) -> Result<()> {
    let mut manifests = Vec::new();
    find_manifests(fresh, &mut manifests)?;
    manifests.sort();
    let mut absent = 0;
    for m in manifests {
        let dir = m.parent().expect("manifest has a directory");
        let rel = dir.strip_prefix(fresh).expect("under the scratch root");
        let disk_manifest = disk.join(rel).join(MANIFEST);
        let recorded = read_manifest(&disk_manifest)?;
        for (name, rec) in read_manifest(&m)? {
            let on_disk = disk.join(rel).join(&name);
            let Some(old) = recorded.get(&name) else {
                bail!("{} is not recorded in {}", on_disk.display(), disk_manifest.display());
            };
            if old.sha256 != rec.sha256 {
                bail!("{} differs from a fresh computation (sha256 in manifest)", on_disk.display());
            }
            match std::fs::read(&on_disk) {
                Ok(bytes) if sha256_hex(&bytes) != rec.sha256 => {
                    bail!("{} differs from a fresh computation", on_disk.display())
                }
                Ok(_) => {}
                Err(_) => absent += 1,
            }
        }
    }
    if absent > 0 {
        eprintln!("reproduce --check: {absent} file(s) not on disk were checked against their manifest sha256");
    }
    Ok(())
}

fn find_manifests(dir: &Path, out: &mut Vec<PathBuf>) -> Result<()> {
    for entry in std::fs::read_dir(dir).with_context(|| format!("cannot read {}", dir.display()))? {
        let path = entry?.path();
        if path.is_dir() {
            find_manifests(&path, out)?;
        } else if path.file_name().is_some_and(|n| n == MANIFEST) {
            out.push(path);
        }
    }
    Ok(())
}
