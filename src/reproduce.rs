//! `statespace reproduce`: every table, chart, dataset and report from one command, each family
//! driven through the same [`Study`] interface; `--check` recomputes into a scratch directory and
//! compares the data bytes with the files on disk.

use crate::engine::progress::{Counters, Reporter};
use crate::output::datapackage;
use crate::output::export::{self, Area, OutFile};
use crate::output::manifest::{find_manifests, read_manifest, sha256_hex, MANIFEST};
use crate::output::report::{claims_table, markdown_table, render_page, render_summary};
use crate::output::stamp;
use crate::output::OutputDir;
use crate::output::Table;
use crate::studies::lightsout::Lightsout;
use crate::studies::peg::Peg;
use crate::studies::tricolore::Tricolore;
use crate::studies::Study;
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
    /// Recompute what the default run reads back from `data` and re-checks (results that cost
    /// more than a minute: see `studies::lightsout::saved`, `studies::peg::saved` and
    /// `studies::tricolore::saved`).
    pub full: bool,
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
        let ctx = Ctx {
            data: scratch.join("data"),
            reports: scratch.join("reports"),
        };
        let result = generate(o, &ctx).and_then(|_| {
            compare(&ctx.data, &o.data)?;
            compare(&ctx.reports, &o.reports)
        });
        let _ = std::fs::remove_dir_all(&scratch);
        result?;
        eprintln!("reproduce --check: every file matches");
        Ok(())
    } else {
        let ctx = Ctx {
            data: o.data.clone(),
            reports: o.reports.clone(),
        };
        generate(o, &ctx)
    }
}

/// Runs one family: compute, claims, export, write (data, charts, claims). Its pages (family page,
/// summary and any other `.md`) are returned to be stamped and written last. `counters` feed the
/// run's one progress display (the family names its stages).
fn family<S: Study>(options: &S::Options, ctx: &Ctx, counters: &Counters) -> Result<Vec<OutFile>> {
    counters.set_stage(S::FAMILY, 0);
    let results = S::compute(options, counters)?;
    counters.set_stage(format!("{}: tables, charts and pages", S::FAMILY), 0);
    let claims = S::claims(&results);
    let out = S::export(&results, &claims)?;
    drop(results);
    let page = out
        .page
        .clone()
        .with_context(|| format!("internal error: the {} study has no page", S::FAMILY))?;
    let (mut pages, files) = split_pages(out.files);
    export::write(&files, |area, dir| ctx.place(area, dir), COMMAND)?;
    let mut reports = OutputDir::create(&ctx.reports.join(S::FAMILY), COMMAND)?;
    reports.write_table("claims.csv", &claims_table(&claims))?;
    reports.finish()?;
    for (name, text) in [
        ("README.md", render_page(&page, &claims, "", 0)),
        (SUMMARY, render_summary(&page, &claims)),
    ] {
        pages.push(OutFile {
            area: Area::Reports,
            dir: S::FAMILY.into(),
            name: name.into(),
            bytes: text.into_bytes(),
            rows: None,
        });
    }
    eprintln!(
        "reproduce {}: {} files, {} claims",
        S::FAMILY,
        files.len() + pages.len() + 1,
        claims.len()
    );
    Ok(pages)
}

/// The pages (`.md` under `reports/`) of `files`, and the rest.
fn split_pages(files: Vec<OutFile>) -> (Vec<OutFile>, Vec<OutFile>) {
    files
        .into_iter()
        .partition(|f| f.area == Area::Reports && f.name.ends_with(".md"))
}

fn generate(o: &ReproduceOptions, ctx: &Ctx) -> Result<()> {
    if !(4..=8).contains(&o.max_peg_side) {
        bail!("--max-peg-side {} is outside 4..=8", o.max_peg_side);
    }
    // Prove both roots writable before any work, and hold their locks to the end.
    let _locks = [
        OutputDir::create(&ctx.data, COMMAND)?,
        OutputDir::create(&ctx.reports, COMMAND)?,
    ];
    // One progress display for the whole run (drawn on a terminal only): the stage, what is
    // done and, where the stage has a measure of work, an ETA.
    let counters = Arc::new(Counters::default());
    let _progress = Reporter::start("reproduce".into(), counters.clone());
    let mut pages = families(o, ctx, &counters)?;
    pages.extend(benchmarks(o, ctx)?);
    write_datapackage(&ctx.data)?;
    // Every page is stamped with the package of the data it describes: the one on disk (under
    // --check the scratch tree holds only what this run recomputed, so its package differs).
    // Pages of the families this run did not compute are re-stamped from disk, so a page whose
    // data changed under it cannot pass --check.
    let package = sha256_hex(&datapackage_bytes(&o.data)?);
    let not_run: Vec<&str> = PAGE_ORDER
        .into_iter()
        .filter(|f| !pages.iter().any(|p| p.dir == *f))
        .collect();
    for f in not_run {
        pages.extend(pages_on_disk(&o.reports, f)?);
    }
    write_pages(&pages, ctx, &package)?;
    write_entry(o, ctx, &package)
}

/// Runs the families `--only` asks for (every one by default), in page order; their pages.
fn families(o: &ReproduceOptions, ctx: &Ctx, counters: &Counters) -> Result<Vec<OutFile>> {
    let wants = |f: Family| o.only.is_empty() || o.only.contains(&f);
    let mut pages = Vec::new();
    if wants(Family::Peg) {
        // Side 8 from the committed data (not the scratch tree of --check), unless computed.
        let mut opts = Peg::reproduce_options_to(o.max_peg_side, &o.peg_levels, &o.data);
        opts.recompute_boards = o.full;
        pages.extend(family::<Peg>(&opts, ctx, counters)?);
    }
    if wants(Family::Tricolore) {
        // The 5x4 tables from the committed data (not the scratch tree of --check), unless --full.
        let opts = Tricolore::reproduce_options_to((!o.full).then_some(o.data.as_path()));
        pages.extend(family::<Tricolore>(&opts, ctx, counters)?);
    }
    if wants(Family::Lightsout) {
        // Read back from the committed data (not the scratch tree of --check), unless --full.
        let opts = Lightsout::reproduce_options_to((!o.full).then_some(o.data.as_path()));
        pages.extend(family::<Lightsout>(&opts, ctx, counters)?);
    }
    Ok(pages)
}

/// The entry page and the combined claims, from every family's files: the ones this run wrote
/// and, under --only, the others as they are on disk; so they are never stale.
fn write_entry(o: &ReproduceOptions, ctx: &Ctx, package_sha256: &str) -> Result<()> {
    let (summaries, claims) = family_files(o, ctx)?;
    let entry = entry_page(&summaries, &claims)?;
    let mut top = OutputDir::create(&ctx.reports, COMMAND)?;
    top.write(
        "README.md",
        stamp::stamp(&entry, &stamp::line("", env!("CARGO_PKG_VERSION"), package_sha256)).as_bytes(),
        None,
    )?;
    top.write("claims.csv", &claims, Some(claims_rows(&claims)?))?;
    top.finish()
}

/// Writes every page with its stamp, one [`OutputDir`] per directory.
fn write_pages(pages: &[OutFile], ctx: &Ctx, package_sha256: &str) -> Result<()> {
    let stamped: Vec<OutFile> = pages
        .iter()
        .map(|p| -> Result<OutFile> {
            let text =
                std::str::from_utf8(&p.bytes).with_context(|| format!("page {}/{} is not UTF-8", p.dir, p.name))?;
            let line = stamp::line(&p.dir, env!("CARGO_PKG_VERSION"), package_sha256);
            Ok(OutFile {
                bytes: stamp::stamp(text, &line).into_bytes(),
                ..p.clone()
            })
        })
        .collect::<Result<_>>()?;
    export::write(&stamped, |area, dir| ctx.place(area, dir), COMMAND)
}

/// The pages a family's last run left in `reports/<family>` (those its manifest lists).
fn pages_on_disk(reports: &Path, family: &str) -> Result<Vec<OutFile>> {
    let dir = reports.join(family);
    let listed = read_manifest(&dir.join(MANIFEST)).unwrap_or_default();
    let mut pages = Vec::new();
    for name in listed.keys().filter(|n| n.ends_with(".md")) {
        let bytes = std::fs::read(dir.join(name)).with_context(|| {
            format!(
                "cannot read {} to stamp it: run `statespace reproduce` without --only once",
                dir.join(name).display()
            )
        })?;
        pages.push(OutFile {
            area: Area::Reports,
            dir: family.into(),
            name: name.clone(),
            bytes,
            rows: None,
        });
    }
    Ok(pages)
}

/// Each family's section of the entry page, in the page's order.
const SUMMARY: &str = "summary.md";
const PAGE_ORDER: [&str; 3] = ["peg", "tricolore", "lightsout"];

/// Every family's `summary.md` (in page order) and the combined `claims.csv` (the families'
/// tables joined in id order: each is sorted by id and ids start with the family name).
fn family_files(o: &ReproduceOptions, ctx: &Ctx) -> Result<(Vec<String>, Vec<u8>)> {
    let read = |family: &str, name: &str| -> Result<Vec<u8>> {
        let fresh = ctx.reports.join(family).join(name);
        let path = if fresh.exists() {
            fresh
        } else {
            o.reports.join(family).join(name)
        };
        std::fs::read(&path).with_context(|| {
            format!(
                "cannot read {} for the entry page: run `statespace reproduce` without --only once",
                path.display()
            )
        })
    };
    let mut summaries = Vec::new();
    for f in PAGE_ORDER {
        summaries
            .push(String::from_utf8(read(f, SUMMARY)?).with_context(|| format!("reports/{f}/{SUMMARY} is not UTF-8"))?);
    }
    let mut by_id: Vec<&str> = PAGE_ORDER.to_vec();
    by_id.sort_unstable();
    let mut claims: Vec<u8> = Vec::new();
    for f in by_id {
        let bytes = read(f, "claims.csv")?;
        let split = bytes.iter().position(|&b| b == b'\n').map_or(bytes.len(), |i| i + 1);
        let (header, body) = bytes.split_at(split);
        if claims.is_empty() {
            claims.extend_from_slice(header);
        } else if !claims.starts_with(header) {
            bail!("reports/{f}/claims.csv has other columns than the other families' claims");
        }
        claims.extend_from_slice(body);
    }
    Ok((summaries, claims))
}

/// The verdict of every row of a claims table.
fn verdicts(claims: &[u8]) -> Result<Vec<String>> {
    let mut r = csv::Reader::from_reader(claims);
    let col = r
        .headers()?
        .iter()
        .position(|h| h == "verdict")
        .context("claims.csv has no verdict column")?;
    r.records()
        .map(|rec| Ok(rec?.get(col).unwrap_or("").to_string()))
        .collect()
}

fn claims_rows(claims: &[u8]) -> Result<u64> {
    Ok(verdicts(claims)?.len() as u64)
}

/// `reports/benchmarks.md` and its charts from `data/bench/*.csv` (appended by `scripts/bench.sh`;
/// read from the data root even under `--check`). The CSVs are written back unchanged so that
/// `data/bench/manifest.json` lists them and the Data Package describes them. Nothing without them.
fn benchmarks(o: &ReproduceOptions, ctx: &Ctx) -> Result<Vec<OutFile>> {
    use crate::studies::benchmarks as bench;
    let csvs = bench::read_dir(&o.data.join(bench::DIR))?;
    if csvs.is_empty() {
        return Ok(Vec::new());
    }
    let (pages, files) = split_pages(bench::export(&csvs)?.files);
    let (data, reports): (Vec<_>, Vec<_>) = files.into_iter().partition(|f| f.area == Area::Data);
    export::write(&data, |area, dir| ctx.place(area, dir), bench::COMMAND)?;
    export::write(&reports, |area, dir| ctx.place(area, dir), COMMAND)?;
    Ok(pages)
}

/// A template (`reproduce/*.md`) filled, ended by a blank line.
fn paragraph(template: &str, values: &[(&str, &str)]) -> String {
    crate::output::template::prose(template, values) + "\n\n"
}

/// One row of the combined `claims.csv`, the fields the entry page shows.
struct ClaimRow {
    id: String,
    family: String,
    statement: String,
    published: String,
    computed: String,
    verdict: String,
    scope: String,
}

/// The rows of a claims table, read back (the entry page is built from the file, not from memory).
fn claim_rows(claims: &[u8]) -> Result<Vec<ClaimRow>> {
    let mut r = csv::Reader::from_reader(claims);
    let headers = r.headers()?.clone();
    let col = |name: &str| -> Result<usize> {
        headers
            .iter()
            .position(|h| h == name)
            .with_context(|| format!("claims.csv has no {name} column: run `statespace reproduce` without --only once"))
    };
    let [id, family, statement, published, computed, verdict, scope] = [
        col("id")?,
        col("family")?,
        col("statement")?,
        col("published")?,
        col("computed")?,
        col("verdict")?,
        col("scope")?,
    ];
    r.records()
        .map(|rec| {
            let rec = rec?;
            let get = |i: usize| rec.get(i).unwrap_or("").to_string();
            Ok(ClaimRow {
                id: get(id),
                family: get(family),
                statement: get(statement),
                published: get(published),
                computed: get(computed),
                verdict: get(verdict),
                scope: get(scope),
            })
        })
        .collect()
}

/// A claim's id linked to its family page.
fn claim_link(c: &ClaimRow) -> String {
    format!("[{}]({}/README.md)", c.id, c.family)
}

/// "Findings": every refuted, corrected and holds-where-checked claim, with what was published
/// and what we compute.
fn findings(rows: &[ClaimRow]) -> String {
    use crate::studies::Verdict;
    let shown = [Verdict::Refuted, Verdict::Corrected, Verdict::HoldsWhereChecked];
    let count = |v: Verdict| rows.iter().filter(|c| c.verdict == v.as_str()).count().to_string();
    let mut md = String::from("## Findings\n\n");
    md += &paragraph(
        include_str!("reproduce/findings.md"),
        &[
            ("refuted", &count(Verdict::Refuted)),
            ("corrected", &count(Verdict::Corrected)),
            ("holds", &count(Verdict::HoldsWhereChecked)),
        ],
    );
    let listed = shown
        .iter()
        .flat_map(|v| rows.iter().filter(move |c| c.verdict == v.as_str()));
    md += &claims_markdown(&["claim", "verdict", "statement", "published", "computed"], listed);
    md
}

/// A markdown table of claims with the named columns (`claim` is the claim's link), and a blank
/// line after it; nothing when there are no claims.
fn claims_markdown<'a>(columns: &[&str], claims: impl Iterator<Item = &'a ClaimRow>) -> String {
    let mut t = Table::new(columns);
    for c in claims {
        let cell = |column: &str| match column {
            "claim" => claim_link(c),
            "verdict" => c.verdict.clone(),
            "scope" => c.scope.clone(),
            "statement" => c.statement.clone(),
            "published" => c.published.clone(),
            "computed" => c.computed.clone(),
            other => unreachable!("no claim column {other}"),
        };
        t.push(columns.iter().map(|&k| cell(k).into()).collect());
    }
    if t.rows.is_empty() {
        return String::new();
    }
    markdown_table(&t) + "\n"
}

/// "What is exact and what is not": the claims by scope, every claim not on the whole statement,
/// and the blank cells of the family tables shown below.
fn exact_and_not(rows: &[ClaimRow], summaries: &[String]) -> String {
    use crate::studies::Scope;
    let count = |s: Scope| rows.iter().filter(|c| c.scope == s.as_str()).count();
    let whole = count(Scope::Whole);
    let mut md = String::from("## What is exact and what is not\n\n");
    md += &paragraph(
        include_str!("reproduce/exact.md"),
        &[
            ("claims", &rows.len().to_string()),
            ("whole", &whole.to_string()),
            ("partial", &(rows.len() - whole).to_string()),
            ("bound", &count(Scope::Bound).to_string()),
            ("cases", &count(Scope::Cases).to_string()),
            ("sample", &count(Scope::Sample).to_string()),
        ],
    );
    let partial = [Scope::Bound, Scope::Cases, Scope::Sample];
    let listed = partial
        .iter()
        .flat_map(|s| rows.iter().filter(move |c| c.scope == s.as_str()));
    md += &claims_markdown(&["claim", "scope", "verdict", "statement", "computed"], listed);
    let blanks = blank_cells(summaries);
    if !blanks.is_empty() {
        md += &paragraph(include_str!("reproduce/blanks.md"), &[]);
        for b in blanks {
            md += &format!("- {b}\n");
        }
        md.push('\n');
    }
    md
}

/// The cells of a markdown table row, `\|` unescaped.
fn row_cells(line: &str) -> Vec<String> {
    let inner = line.trim().trim_start_matches('|');
    let inner = inner.strip_suffix('|').unwrap_or(inner);
    let mut cells = vec![String::new()];
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&'|') => {
                chars.next();
                cells.last_mut().expect("one cell").push('|');
            }
            '|' => cells.push(String::new()),
            c => cells.last_mut().expect("one cell").push(c),
        }
    }
    cells.into_iter().map(|c| c.trim().to_string()).collect()
}

/// Every row of the summaries' tables with a blank cell: the section, the table's caption, the
/// row's first cell and the headers of its blank cells.
fn blank_cells(summaries: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for s in summaries {
        let text = stamp::unstamp(s);
        let (mut section, mut caption, mut header) = ("", "", Vec::new());
        for line in text.lines() {
            if let Some(title) = line.strip_prefix("## ") {
                section = title;
            }
            if !line.starts_with('|') {
                if !line.trim().is_empty() {
                    caption = line.trim().trim_end_matches(':');
                }
                header.clear();
                continue;
            }
            let cells = row_cells(line);
            if header.is_empty() {
                header = cells;
                continue;
            }
            if cells.iter().all(|c| c.chars().all(|ch| "-: ".contains(ch))) {
                continue;
            }
            let blank: Vec<&str> = cells
                .iter()
                .zip(&header)
                .skip(1)
                .filter(|(c, _)| c.is_empty())
                .map(|(_, h)| h.as_str())
                .collect();
            if !blank.is_empty() {
                out.push(format!(
                    "{section}, *{caption}*, {} {}: {}",
                    header[0],
                    cells[0],
                    blank.join(", ")
                ));
            }
        }
    }
    out
}

/// `reports/README.md`: an abstract, the findings (refuted, corrected, holds where checked), what
/// is exact and what is not, the verdicts with their counts, scopes and meanings, each family's
/// summary (headline tables, key charts numbered in order), and links to the family pages. Built
/// from the combined `claims.csv` as written and the summaries, so it never computes.
fn entry_page(summaries: &[String], claims: &[u8]) -> Result<String> {
    use crate::studies::Verdict;
    let rows = claim_rows(claims)?;
    let count = |v: Verdict| rows.iter().filter(|c| c.verdict == v.as_str()).count();
    let mut md = String::from("# statespace reports\n\n");
    md += "## Abstract\n\n";
    md += &paragraph(
        include_str!("reproduce/abstract.md"),
        &[("claims", &rows.len().to_string())],
    );
    md += &findings(&rows);
    md += &exact_and_not(&rows, summaries);
    md += "## Verdicts\n\n| verdict | claims | may stand on scope | meaning |\n|---|---:|---|---|\n";
    for v in Verdict::ALL {
        md += &format!(
            "| {v} | {} | {} | {} |\n",
            count(v),
            v.allowed_scopes().join(", "),
            v.definition()
        );
    }
    md += "\n";
    let mut figure = 0;
    for s in summaries {
        for (i, part) in stamp::unstamp(s).split("*Figure: ").enumerate() {
            if i > 0 {
                figure += 1;
                md += &format!("*Figure {figure}: ");
            }
            md += part;
        }
    }
    md += "## Data, licence and citation\n\n";
    md += paragraph(include_str!("reproduce/data.md"), &[]).trim_end();
    md.push('\n');
    Ok(md)
}

/// `data/datapackage.json` from every data file on disk and the schemas that declare them.
pub fn write_datapackage(data: &Path) -> Result<()> {
    crate::output::write_atomic(&data.join("datapackage.json"), &datapackage_bytes(data)?)
}

/// The Data Package describing every file the manifests under `data` list.
fn datapackage_bytes(data: &Path) -> Result<Vec<u8>> {
    let files = datapackage::scan(data)?;
    datapackage::package(&crate::studies::schemas(), &files)
}

/// Every file written under `fresh` (manifests aside) must have the same bytes under `disk`; a
/// file absent on disk (a large dataset not committed) must match the sha256 its committed
/// manifest pins.
fn compare(fresh: &Path, disk: &Path) -> Result<()> {
    let absent = compare_manifests(fresh, disk)?;
    // The package describes the files on disk, which may include results `reproduce` does not
    // compute (a side-8 union written by `peg`): check it against those files, whose bytes
    // `compare_manifests` checked wherever `reproduce` computes them.
    if fresh.join("datapackage.json").exists() {
        let want = datapackage_bytes(disk)?;
        if std::fs::read(disk.join("datapackage.json")).ok().as_deref() != Some(want.as_slice()) {
            bail!(
                "{} does not describe the files under {}",
                disk.join("datapackage.json").display(),
                disk.display()
            );
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

/// Compares every file the manifests under `fresh` list with `disk`; the number of files absent
/// on disk that matched the sha256 their committed manifest pins.
fn compare_manifests(fresh: &Path, disk: &Path) -> Result<usize> {
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
                    let pinned = read_manifest(&disk.join(rel).join(MANIFEST))
                        .ok()
                        .and_then(|r| r.get(&name).cloned());
                    match pinned {
                        Some(p) if p.sha256 == rec.sha256 => absent += 1,
                        Some(_) => bail!(
                            "{} differs from a fresh computation (sha256 in manifest)",
                            on_disk.display()
                        ),
                        None => bail!("{} is missing", on_disk.display()),
                    }
                }
            }
        }
    }
    Ok(absent)
}
