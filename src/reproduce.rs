//! `statespace reproduce`: every table, chart, dataset and report from one command, each family
//! driven through the same [`Study`] interface; `--check` recomputes into a scratch directory and
//! compares the data bytes with the files on disk.

use crate::engine::progress::{Counters, Reporter};
use crate::output::datapackage;
use crate::output::export::{self, Area};
use crate::output::manifest::{find_manifests, read_manifest, sha256_hex, MANIFEST};
use crate::output::report::{claims_table, render_page, Page};
use crate::output::OutputDir;
use crate::studies::lightsout::Lightsout;
use crate::studies::peg::Peg;
use crate::studies::tricolore::Tricolore;
use crate::studies::{Claim, Study};
use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The command recorded in manifests: scope flags (`--only`, roots) do not change what a file
/// holds, so they are not recorded and a partial run leaves manifests as a full run writes them.
pub const COMMAND: &str = "statespace reproduce";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    Peg,
    Tricolore,
    Lightsout,
}

/// Validated options of `reproduce`.
#[derive(Clone, Debug)]
pub struct ReproduceOptions {
    pub check: bool,
    pub data: PathBuf,
    pub reports: PathBuf,
    /// Empty = every family.
    pub only: Vec<Family>,
    pub max_peg_side: usize,
    /// Where side 8 keeps its union's levels (reused by a later run).
    pub peg_levels: PathBuf,
}

/// Where a run writes.
pub struct Ctx {
    pub data: PathBuf,
    pub reports: PathBuf,
}

impl Ctx {
    fn place(&self, area: Area, dir: &str) -> PathBuf {
        match area {
            Area::Data => self.data.join(dir),
            Area::Reports => self.reports.join(dir),
        }
    }
}

pub fn run(o: &ReproduceOptions) -> Result<()> {
    if o.check {
        let scratch = std::env::temp_dir().join(format!("statespace-check-{}", std::process::id()));
        let ctx = Ctx { data: scratch.join("data"), reports: scratch.join("reports") };
        let result = generate(o, &ctx).and_then(|_| {
            compare(&ctx.data, &o.data)?;
            compare(&ctx.reports, &o.reports)
        });
        let _ = std::fs::remove_dir_all(&scratch);
        result?;
        eprintln!("reproduce --check: every file matches");
        Ok(())
    } else {
        let ctx = Ctx { data: o.data.clone(), reports: o.reports.clone() };
        generate(o, &ctx)
    }
}

/// Runs one family: compute, claims, export, write; returns its claims and page.
fn family<S: Study>(options: &S::Options, ctx: &Ctx) -> Result<(Vec<Claim>, Page)> {
    let counters = Arc::new(Counters::default());
    let results = {
        let _progress = Reporter::start(format!("reproduce {}", S::FAMILY), counters.clone());
        S::compute(options, &counters)?
    };
    let claims = S::claims(&results);
    let out = S::export(&results, &claims)?;
    drop(results);
    let page = out.page.clone().with_context(|| format!("internal error: the {} study has no page", S::FAMILY))?;
    export::write(&out.files, |area, dir| ctx.place(area, dir), COMMAND)?;
    let mut reports = OutputDir::create(&ctx.reports.join(S::FAMILY), COMMAND)?;
    reports.write("README.md", render_page(&page, &claims, "", 0).as_bytes(), None)?;
    reports.write_table("claims.csv", &claims_table(&claims))?;
    reports.finish()?;
    eprintln!("reproduce {}: {} files, {} claims", S::FAMILY, out.files.len(), claims.len());
    Ok((claims, page))
}

fn generate(o: &ReproduceOptions, ctx: &Ctx) -> Result<()> {
    if !(4..=8).contains(&o.max_peg_side) {
        bail!("--max-peg-side {} is outside 4..=8", o.max_peg_side);
    }
    // Prove both roots writable before any work, and hold their locks to the end.
    let _locks = [OutputDir::create(&ctx.data, COMMAND)?, OutputDir::create(&ctx.reports, COMMAND)?];
    let wants = |f: Family| o.only.is_empty() || o.only.contains(&f);
    let mut done = Vec::new();
    if wants(Family::Peg) {
        let mut opts = Peg::reproduce_options();
        opts.sides.retain(|s| s.side <= o.max_peg_side);
        for side in crate::studies::peg::REPRODUCE_MAX_SIDE + 1..=crate::studies::peg::layers::MAX_LEVELS_SIDE {
            let saved = o.data.join(crate::studies::peg::report::side_dir(side));
            if side <= o.max_peg_side {
                opts.sides.push(crate::studies::peg::PegOptions {
                    keep_levels: Some(o.peg_levels.join(format!("T{side}"))),
                    symmetry: true,
                    ..crate::studies::peg::PegOptions::for_side(side)
                });
            } else if crate::studies::peg::saved::present(&saved) {
                // Computed by an earlier, longer run: shown and re-checked, not recomputed.
                opts.sides.push(crate::studies::peg::PegOptions {
                    saved: Some(saved),
                    ..crate::studies::peg::PegOptions::for_side(side)
                });
            }
        }
        done.push(family::<Peg>(&opts, ctx)?);
    }
    if wants(Family::Tricolore) {
        done.push(family::<Tricolore>(&Tricolore::reproduce_options(), ctx)?);
    }
    if wants(Family::Lightsout) {
        done.push(family::<Lightsout>(&Lightsout::reproduce_options(), ctx)?);
    }
    let mut top = OutputDir::create(&ctx.reports, COMMAND)?;
    if done.len() == 3 {
        let claims: Vec<Claim> = done.iter().flat_map(|(c, _)| c.clone()).collect();
        top.write("README.md", entry_page(&done).as_bytes(), None)?;
        top.write_table("claims.csv", &claims_table(&claims))?;
    }
    top.finish()?;
    write_datapackage(&ctx.data)
}

/// `reports/README.md`: every family's page, with chart paths relative to `reports/`.
fn entry_page(done: &[(Vec<Claim>, Page)]) -> String {
    let all: Vec<&Claim> = done.iter().flat_map(|(c, _)| c).collect();
    let count = |v: crate::studies::Verdict| all.iter().filter(|c| c.verdict == v).count();
    let mut md = String::from(
        "# statespace reports\n\n\
         Generated by `cargo run --release -- reproduce` from the data in `../data/` (described field by field in \
         `../data/datapackage.json`); do not edit. Every published figure we check is a *claim* with its source, \
         the published value, ours and a verdict: all of them are in [`claims.csv`](claims.csv).\n\n",
    );
    md += &format!(
        "{} claims: {} confirmed, {} corrected, {} refuted, {} new.\n\n",
        all.len(),
        count(crate::studies::Verdict::Confirmed),
        count(crate::studies::Verdict::Corrected),
        count(crate::studies::Verdict::Refuted),
        count(crate::studies::Verdict::New)
    );
    md += "Families: ";
    md += &done
        .iter()
        .map(|(_, p)| format!("[{}](#{}) ([page]({}/README.md))", p.title, anchor(&p.title), p.family))
        .collect::<Vec<_>>()
        .join(", ");
    md += "\n\nData licence: CC BY 4.0 (see `../LICENSE-DATA`); cite with `../CITATION.cff`.\n\n";
    for (claims, page) in done {
        md += &render_page(page, claims, &format!("{}/", page.family), 1);
    }
    md
}

/// GitHub's heading anchor.
fn anchor(title: &str) -> String {
    title
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            'a'..='z' | '0'..='9' | '-' | '_' => Some(c),
            ' ' => Some('-'),
            _ => None,
        })
        .collect()
}

/// `data/datapackage.json` from every data file on disk and the three families' dictionaries.
pub fn write_datapackage(data: &Path) -> Result<()> {
    crate::output::write_atomic(&data.join("datapackage.json"), &datapackage_bytes(data)?)
}

/// The Data Package describing every file the manifests under `data` list.
fn datapackage_bytes(data: &Path) -> Result<Vec<u8>> {
    let mut docs = crate::studies::peg::dictionary::resources();
    docs.extend(crate::studies::tricolore::dictionary::resources());
    docs.extend(crate::studies::lightsout::dictionary::resources());
    let files = datapackage::scan(data)?;
    datapackage::package(&docs, &files)
}

/// Every file written under `fresh` (manifests aside) must have the same bytes under `disk`; a
/// file absent on disk (a large dataset not committed) must match the sha256 its committed
/// manifest pins.
fn compare(fresh: &Path, disk: &Path) -> Result<()> {
    let mut manifests = Vec::new();
    find_manifests(fresh, &mut manifests)?;
    let mut absent = 0;
    for m in manifests {
        let dir = m.parent().expect("manifest has a directory");
        let rel = dir.strip_prefix(fresh).expect("under the scratch root");
        for (name, rec) in read_manifest(&m)? {
            let on_disk = disk.join(rel).join(&name);
            match std::fs::read(&on_disk) {
                Ok(bytes) if sha256_hex(&bytes) != rec.sha256 => {
                    bail!("{} differs from a fresh computation", on_disk.display())
                }
                Ok(_) => {}
                Err(_) => {
                    let pinned = read_manifest(&disk.join(rel).join(MANIFEST)).ok().and_then(|r| r.get(&name).cloned());
                    match pinned {
                        Some(p) if p.sha256 == rec.sha256 => absent += 1,
                        Some(_) => bail!("{} differs from a fresh computation (sha256 in manifest)", on_disk.display()),
                        None => bail!("{} is missing", on_disk.display()),
                    }
                }
            }
        }
    }
    // The package describes the files on disk, which may include results `reproduce` does not
    // compute (a side-8 union written by `peg`): check it against those files, whose bytes the
    // loop above checked wherever `reproduce` computes them.
    if fresh.join("datapackage.json").exists() {
        let want = datapackage_bytes(disk)?;
        if std::fs::read(disk.join("datapackage.json")).ok().as_deref() != Some(want.as_slice()) {
            bail!("{} does not describe the files under {}", disk.join("datapackage.json").display(), disk.display());
        }
    }
    for extra in ["README.md", "claims.csv"] {
        let (a, b) = (fresh.join(extra), disk.join(extra));
        if let Ok(new) = std::fs::read(&a) {
            if std::fs::read(&b).ok().as_deref() != Some(new.as_slice()) {
                bail!("{} differs from a fresh computation", b.display());
            }
        }
    }
    if absent > 0 {
        eprintln!("reproduce --check: {absent} file(s) not on disk were checked against their manifest sha256");
    }
    Ok(())
}
