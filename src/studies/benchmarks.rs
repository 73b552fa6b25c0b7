//! Benchmarks as data: `data/bench/*.csv` holds one row per measurement (appended by
//! `scripts/bench.sh`), and [`export`] renders them, as a pure function of the bytes, into
//! `reports/benchmarks.md` (one table per goal) and one chart per family of goals
//! (`reports/bench/ratio_to_goal_<family>.{png,svg}`). `reproduce` reads the CSVs from the data root,
//! writes them back through an [`crate::output::OutputDir`] so `data/bench/manifest.json` lists them
//! (and the Data Package describes them with [`resources`]), and writes the page and charts.

use crate::output::chart::{category_bar_chart, format_value, CategoryChart, CategorySeries, Scale};
use crate::output::export::{Area, Export};
use crate::output::glossary::{self, Term};
use crate::output::schema::{col, Column, Kind, Schema};
use anyhow::{bail, Context, Result};
use std::collections::BTreeMap;
use std::path::Path;

/// The directory under `data/` (and under `reports/`, for the charts).
pub const DIR: &str = "bench";
/// The page under `reports/`.
pub const PAGE: &str = "benchmarks.md";
/// What the manifest of `data/bench` records as the measurements' author.
pub const COMMAND: &str = "scripts/bench.sh";

/// The columns of every `data/bench/*.csv`, in order.
const MEASUREMENT_COLUMNS: [Column; 14] = [
    col(glossary::date, Kind::String, "day of the measurement, YYYY-MM-DD (UTC)"),
    col(
        glossary::goal_id,
        Kind::String,
        "the goal measured: a stable slug whose first part is the family \
        (peg-t7-levels, lightsout-sweep-100000, reproduce, ...)",
    ),
    col(
        glossary::command,
        Kind::String,
        "the command timed ($TMP stands for a scratch directory, $LEVELS for a directory of kept level files)",
    ),
    col(glossary::wall_s, Kind::Number, "elapsed (wall-clock) time"),
    col(
        glossary::cpu_s,
        Kind::Number,
        "user plus system CPU time over all threads; empty when not recorded",
    ),
    col(
        glossary::peak_mib,
        Kind::Number,
        "largest resident set size; empty when not recorded (older rows: converted \
        from GiB given to one decimal)",
    ),
    col(
        glossary::goal_s,
        Kind::Number,
        "the wall-time goal in force when measured; empty when the command has none",
    ),
    col(
        glossary::goal_mib,
        Kind::Number,
        "the peak-memory goal in force when measured; empty when none",
    ),
    col(glossary::cores, Kind::Integer, "logical cores of the machine (nproc)"),
    col(
        glossary::mem_gib,
        Kind::Integer,
        "the machine's memory (MemTotal), rounded",
    ),
    col(
        glossary::cpu_model,
        Kind::String,
        "the CPU's model name (/proc/cpuinfo)",
    ),
    col(
        glossary::reference_label,
        Kind::String,
        "the reference command timed in the same run; empty for rows measured before the reference existed",
    ),
    col(
        glossary::reference_wall_s,
        Kind::Number,
        "the reference's wall time in the same run (wall_s / \
        reference_wall_s compares across days); empty with reference_label",
    ),
    col(
        glossary::note,
        Kind::String,
        "conditions that bear on the figure: load on the machine, runs behind a range, \
        what changed in the code",
    ),
];

/// Every `data/bench/*.csv`.
pub static MEASUREMENTS: Schema = Schema {
    pattern: "bench/*.csv",
    description: "Benchmark measurements, one row per run of a goal's command by scripts/bench.sh, in the order \
        measured (sorted by date). Wall times from different days compare only through reference_wall_s, a \
        reference timed in the same run.",
    columns: &MEASUREMENT_COLUMNS,
    primary_key: &[],
    source: "Measured by scripts/bench.sh on the project's machine (history transcribed from the earlier README's \
        benchmark tables)",
};

/// The header of every `data/bench/*.csv`: the names of [`MEASUREMENTS`]' columns.
pub const COLUMNS: [&str; MEASUREMENT_COLUMNS.len()] = {
    let mut names = [""; MEASUREMENT_COLUMNS.len()];
    let mut i = 0;
    while i < names.len() {
        names[i] = MEASUREMENT_COLUMNS[i].term.name;
        i += 1;
    }
    names
};

/// One measurement (one CSV row).
#[derive(Clone, Debug, PartialEq)]
pub struct Measurement {
    pub date: String,
    pub goal_id: String,
    pub command: String,
    pub wall_s: f64,
    pub cpu_s: Option<f64>,
    pub peak_mib: Option<f64>,
    pub goal_s: Option<f64>,
    pub goal_mib: Option<f64>,
    pub cores: Option<u32>,
    pub mem_gib: Option<f64>,
    pub cpu_model: String,
    pub reference_label: String,
    pub reference_wall_s: Option<f64>,
    pub note: String,
}

impl Measurement {
    pub fn ratio_to_goal(&self) -> Option<f64> {
        self.goal_s.map(|g| self.wall_s / g)
    }
    pub fn ratio_to_reference(&self) -> Option<f64> {
        self.reference_wall_s.map(|r| self.wall_s / r)
    }
    /// The goal's family: what its id starts with (`peg-t7-levels` -> `peg`).
    pub fn family(&self) -> &str {
        self.goal_id.split('-').next().unwrap_or(&self.goal_id)
    }
}

/// Parses one CSV (header exactly [`COLUMNS`]); `name` is for messages.
pub fn parse(name: &str, bytes: &[u8]) -> Result<Vec<Measurement>> {
    let mut r = csv::Reader::from_reader(bytes);
    let header: Vec<String> = r.headers()?.iter().map(str::to_string).collect();
    if header != COLUMNS {
        bail!("{name}: the columns must be {}", COLUMNS.join(","));
    }
    let column = |t: Term| {
        COLUMNS
            .iter()
            .position(|&c| c == t.name)
            .expect("a column of MEASUREMENTS")
    };
    let mut out = Vec::new();
    for (i, rec) in r.records().enumerate() {
        let rec = rec.with_context(|| format!("{name}: row {}", i + 1))?;
        let at = |c: &str| format!("{name}: row {}, {c}", i + 1);
        let field = |t: Term| rec.get(column(t)).unwrap_or("");
        let text = |t: Term| field(t).to_string();
        let number = |t: Term| -> Result<Option<f64>> {
            let s = field(t).trim();
            if s.is_empty() {
                return Ok(None);
            }
            let v: f64 = s
                .parse()
                .with_context(|| format!("{}: {s:?} is not a number", at(t.name)))?;
            if !v.is_finite() || v < 0.0 {
                bail!("{}: {s:?} is not a non-negative number", at(t.name));
            }
            Ok(Some(v))
        };
        let date = text(glossary::date);
        let b = date.as_bytes();
        if b.len() != 10
            || b[4] != b'-'
            || b[7] != b'-'
            || !b
                .iter()
                .enumerate()
                .all(|(j, c)| j == 4 || j == 7 || c.is_ascii_digit())
        {
            bail!("{}: {date:?} is not YYYY-MM-DD", at(glossary::date.name));
        }
        let goal_id = text(glossary::goal_id);
        if goal_id.is_empty()
            || !goal_id
                .bytes()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'-')
        {
            bail!("{}: {goal_id:?} is not a slug ([a-z0-9-]+)", at(glossary::goal_id.name));
        }
        let wall_s = number(glossary::wall_s)?.with_context(|| format!("{}: empty", at(glossary::wall_s.name)))?;
        let goal_s = number(glossary::goal_s)?;
        if goal_s == Some(0.0) {
            bail!("{}: a goal of 0 s", at(glossary::goal_s.name));
        }
        let reference_wall_s = number(glossary::reference_wall_s)?;
        if reference_wall_s == Some(0.0) {
            bail!("{}: a reference of 0 s", at(glossary::reference_wall_s.name));
        }
        out.push(Measurement {
            date,
            goal_id,
            command: text(glossary::command),
            wall_s,
            cpu_s: number(glossary::cpu_s)?,
            peak_mib: number(glossary::peak_mib)?,
            goal_s,
            goal_mib: number(glossary::goal_mib)?,
            cores: number(glossary::cores)?.map(|v| v as u32),
            mem_gib: number(glossary::mem_gib)?,
            cpu_model: text(glossary::cpu_model),
            reference_label: text(glossary::reference_label),
            reference_wall_s,
            note: text(glossary::note),
        });
    }
    Ok(out)
}

/// Every `*.csv` directly under `dir`, sorted by name, as (name, bytes); none when `dir` is absent.
pub fn read_dir(dir: &Path) -> Result<Vec<(String, Vec<u8>)>> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for e in entries {
        let path = e?.path();
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if path.is_file() && name.ends_with(".csv") {
            out.push((
                name,
                std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?,
            ));
        }
    }
    out.sort();
    Ok(out)
}

/// Families in page order; any other prefix (`reproduce`, `build`, ...) follows, by name.
const FAMILIES: [(&str, &str); 3] = [
    ("peg", "Peg solitaire"),
    ("tricolore", "Tricolore"),
    ("lightsout", "Lights Out"),
];

fn family_rank(f: &str) -> usize {
    FAMILIES.iter().position(|(k, _)| *k == f).unwrap_or(FAMILIES.len())
}

fn family_title(f: &str) -> String {
    FAMILIES
        .iter()
        .find(|(k, _)| *k == f)
        .map(|(_, t)| t.to_string())
        .unwrap_or_else(|| format!("`{f}`"))
}

/// A duration as read: `0.07 s`, `4.21 s`, `24.6 s`, `131 s`, `23 min 23 s (1403 s)`.
fn seconds(s: f64) -> String {
    if s >= 600.0 {
        let r = s.round() as u64;
        match r % 60 {
            0 => format!("{} min ({r} s)", r / 60),
            sec => format!("{} min {sec} s ({r} s)", r / 60),
        }
    } else if s >= 100.0 {
        format!("{s:.0} s")
    } else if s >= 10.0 {
        format!("{s:.1} s")
    } else {
        format!("{s:.2} s")
    }
}

/// A goal as stated: `5 s`, `0.52 s`, `60 s`, `30 min`, `1 GiB`, `256 MiB`.
fn goal_seconds(s: f64) -> String {
    if s >= 600.0 && s % 60.0 == 0.0 {
        format!("{} min", format_value(s / 60.0))
    } else {
        format!("{} s", format_value(s))
    }
}

fn goal_mib(m: f64) -> String {
    if m >= 1024.0 && m % 1024.0 == 0.0 {
        format!("{} GiB", format_value(m / 1024.0))
    } else {
        format!("{} MiB", format_value(m))
    }
}

fn mib(m: f64) -> String {
    if m >= 1024.0 {
        format!("{:.1} GiB", m / 1024.0)
    } else {
        format!("{m:.0} MiB")
    }
}

fn ratio(r: f64) -> String {
    format!("{r:.2}")
}

fn cell(s: &str) -> String {
    s.replace('|', "\\|").replace('\n', " ")
}

fn machine(m: &Measurement) -> String {
    let mut parts = Vec::new();
    if let Some(c) = m.cores {
        parts.push(format!("{c} cores"));
    }
    if let Some(g) = m.mem_gib {
        parts.push(format!("{} GiB", format_value(g)));
    }
    if !m.cpu_model.is_empty() {
        parts.push(m.cpu_model.clone());
    }
    parts.join(", ")
}

fn goal_text(m: &Measurement) -> String {
    match (m.goal_s, m.goal_mib) {
        (Some(s), Some(g)) => format!("{}, {}", goal_seconds(s), goal_mib(g)),
        (Some(s), None) => goal_seconds(s),
        (None, Some(g)) => goal_mib(g),
        (None, None) => "-".into(),
    }
}

fn ratio_to_goal_text(m: &Measurement) -> String {
    let mut s = m.ratio_to_goal().map(ratio).unwrap_or_else(|| "-".into());
    if let (Some(p), Some(g)) = (m.peak_mib, m.goal_mib) {
        s += &format!(" (peak {})", ratio(p / g));
    }
    s
}

/// A slug's sort key: digit runs compare as numbers (`allones-39` before `allones-10000`).
fn natural(id: &str) -> Vec<(String, u128)> {
    let mut out: Vec<(String, u128)> = Vec::new();
    let mut text = String::new();
    let mut digits = String::new();
    for c in id.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
        } else {
            if !digits.is_empty() {
                out.push((std::mem::take(&mut text), digits.parse().unwrap_or(u128::MAX)));
                digits.clear();
            }
            text.push(c);
        }
    }
    out.push((text, digits.parse().unwrap_or(0)));
    out
}

/// The goals in page order, each with its measurements by date (rows of one date in file order).
fn by_goal(rows: &[Measurement]) -> Vec<(String, Vec<&Measurement>)> {
    type Key = (usize, String, Vec<(String, u128)>, String);
    let mut goals: BTreeMap<Key, Vec<&Measurement>> = BTreeMap::new();
    for m in rows {
        let key = (
            family_rank(m.family()),
            m.family().to_string(),
            natural(&m.goal_id),
            m.goal_id.clone(),
        );
        goals.entry(key).or_default().push(m);
    }
    goals
        .into_iter()
        .map(|((_, _, _, id), mut ms)| {
            ms.sort_by(|a, b| a.date.cmp(&b.date)); // stable: one date's rows keep their order
            (id, ms)
        })
        .collect()
}

/// The chart of one family: per day (a category), each goal's best ratio that day of wall time to
/// the goal in force for that run (a peer's goal is the peer's time in the same run, so it moves
/// from day to day). `None` when no goal of the family has a goal.
fn family_chart(family: &str, goals: &[(String, Vec<&Measurement>)]) -> Result<Option<crate::output::chart::Rendered>> {
    let with_goal: Vec<(&String, f64, &Vec<&Measurement>)> = goals
        .iter()
        .filter(|(_, ms)| ms[0].family() == family)
        .filter_map(|(id, ms)| ms.iter().rev().find_map(|m| m.goal_s).map(|g| (id, g, ms)))
        .collect();
    if with_goal.is_empty() {
        return Ok(None);
    }
    let dates = dates_with_ratio(with_goal.iter().map(|(_, _, ms)| ms.as_slice()));
    let series = with_goal
        .iter()
        .map(|(id, goal, ms)| CategorySeries {
            name: format!("{id} (latest goal {})", goal_seconds(*goal)),
            values: daily_ratios(ms, &dates),
        })
        .collect();
    let chart = category_bar_chart(&CategoryChart {
        title: format!(
            "{}: wall time / goal, fastest run of each day",
            family_title(family).replace('`', "")
        ),
        x_label: "date measured".into(),
        y_label: "wall time / goal (below 1 meets it)".into(),
        categories: dates.iter().map(|d| d.to_string()).collect(),
        series,
        y_scale: Scale::Auto,
        value_labels: true,
        markers: Vec::new(),
        y_max: None,
    })?;
    Ok(Some(chart))
}

/// The dates (sorted, once each) on which some run has a ratio to its goal: a day whose runs had
/// no goal would be an empty category.
fn dates_with_ratio<'a>(goals: impl Iterator<Item = &'a [&'a Measurement]>) -> Vec<&'a str> {
    let mut dates: Vec<&str> = goals
        .flatten()
        .filter(|m| m.ratio_to_goal().is_some())
        .map(|m| m.date.as_str())
        .collect();
    dates.sort();
    dates.dedup();
    dates
}

/// Per date, the best ratio to its own goal among the goal's runs that day (rounded as shown).
fn daily_ratios(ms: &[&Measurement], dates: &[&str]) -> Vec<Option<f64>> {
    dates
        .iter()
        .map(|d| {
            ms.iter()
                .filter(|m| m.date == *d)
                .filter_map(|m| m.ratio_to_goal())
                .reduce(f64::min)
                .map(|r| ratio(r).parse().expect("a number"))
        })
        .collect()
}

/// A template (`benchmarks/*.md`) filled, each paragraph ended by a blank line.
fn prose(template: &str, values: &[(&str, &str)]) -> String {
    crate::output::template::prose(template, values) + "\n\n"
}

/// The page's opening: where the figures come from, what the columns mean, and the reference.
fn intro(csvs: &[(String, Vec<u8>)], rows: &[Measurement]) -> String {
    let sources: Vec<String> = csvs
        .iter()
        .map(|(n, _)| format!("[`../data/{DIR}/{n}`](../data/{DIR}/{n})"))
        .collect();
    let mut md = String::from("# Benchmarks\n\n");
    md += &prose(include_str!("benchmarks/intro.md"), &[("sources", &sources.join(", "))]);
    let mut labels: Vec<&str> = rows
        .iter()
        .map(|m| m.reference_label.as_str())
        .filter(|l| !l.is_empty())
        .collect();
    labels.sort();
    labels.dedup();
    if !labels.is_empty() {
        md += &format!(
            "The reference: {}.\n\n",
            labels.iter().map(|l| cell(l)).collect::<Vec<_>>().join("; ")
        );
    }
    md
}

/// One row per goal: its latest measurement.
fn latest_table(goals: &[(String, Vec<&Measurement>)]) -> String {
    let mut md = String::from("## Latest measurement of each goal\n\n");
    md += "| goal | date | wall | goal | ratio to goal | ratio to reference | runs \
        |\n|---|---|---:|---:|---:|---:|---:|\n";
    for (id, ms) in goals {
        let last = ms.last().expect("a goal has a row");
        md += &format!(
            "| [`{id}`](#{id}) | {} | {} | {} | {} | {} | {} |\n",
            last.date,
            seconds(last.wall_s),
            goal_text(last),
            ratio_to_goal_text(last),
            last.ratio_to_reference().map(ratio).unwrap_or_else(|| "-".into()),
            ms.len()
        );
    }
    md.push('\n');
    md
}

/// The chart of each family with goals, in page order, as (family, chart).
fn family_charts(goals: &[(String, Vec<&Measurement>)]) -> Result<Vec<(String, crate::output::chart::Rendered)>> {
    let mut families: Vec<&str> = goals.iter().map(|(_, ms)| ms[0].family()).collect();
    families.dedup();
    let mut charts = Vec::new();
    for f in &families {
        if let Some(c) = family_chart(f, goals)? {
            charts.push((f.to_string(), c));
        }
    }
    Ok(charts)
}

/// The section that shows the charts (none without charts); `stem` names each chart's files.
fn charts_section(charts: &[(String, crate::output::chart::Rendered)], stem: impl Fn(&str) -> String) -> String {
    if charts.is_empty() {
        return String::new();
    }
    let mut md = String::from("## Ratio to goal over time\n\n");
    for (f, _) in charts {
        md += &prose(
            include_str!("benchmarks/chart.md"),
            &[("t", &family_title(f)), ("dir", DIR), ("stem", &stem(f))],
        );
    }
    md
}

/// One table per goal: every measurement, by date.
fn goal_section(id: &str, ms: &[&Measurement]) -> String {
    let mut md = format!("### {id}\n\n");
    let mut commands: Vec<&str> = Vec::new();
    for m in ms {
        if !commands.contains(&m.command.as_str()) {
            commands.push(&m.command);
        }
    }
    md += &format!(
        "{}: {}.\n\n",
        if commands.len() == 1 { "Command" } else { "Commands" },
        commands
            .iter()
            .map(|c| format!("`{}`", cell(c)))
            .collect::<Vec<_>>()
            .join("; ")
    );
    md += "| date | wall | CPU | peak | goal | ratio to goal | reference | ratio to reference | machine | note |\n\
           |---|---:|---:|---:|---:|---:|---:|---:|---|---|\n";
    for m in ms {
        md += &format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |\n",
            m.date,
            seconds(m.wall_s),
            m.cpu_s.map(seconds).unwrap_or_else(|| "-".into()),
            m.peak_mib.map(mib).unwrap_or_else(|| "-".into()),
            goal_text(m),
            ratio_to_goal_text(m),
            m.reference_wall_s.map(seconds).unwrap_or_else(|| "-".into()),
            m.ratio_to_reference().map(ratio).unwrap_or_else(|| "-".into()),
            cell(&machine(m)),
            cell(&m.note)
        );
    }
    md.push('\n');
    md
}

/// The page and charts from the measurement CSVs (`(name, bytes)`, e.g. from [`read_dir`]): the
/// CSVs themselves (for `data/bench/`), `benchmarks.md` (for `reports/`) and the charts (for
/// `reports/bench/`). Pure: the same bytes give the same files.
pub fn export(csvs: &[(String, Vec<u8>)]) -> Result<Export> {
    let mut rows = Vec::new();
    let mut out = Export::default();
    for (name, bytes) in csvs {
        let parsed = parse(name, bytes)?;
        out.bytes(Area::Data, DIR, name, bytes.clone(), Some(parsed.len() as u64));
        rows.extend(parsed);
    }
    let goals = by_goal(&rows);
    let charts = family_charts(&goals)?;
    let stem = |f: &str| format!("ratio_to_goal_{f}");
    let mut md = intro(csvs, &rows);
    md += &latest_table(&goals);
    md += &charts_section(&charts, stem);
    md += "## Measurements by goal\n\n";
    for (id, ms) in &goals {
        md += &goal_section(id, ms);
    }
    for (f, c) in &charts {
        out.chart(Area::Reports, DIR, &stem(f), c);
    }
    out.bytes(Area::Reports, "", PAGE, md.into_bytes(), None);
    Ok(out)
}

/// The data dictionary of `data/bench/*.csv`.
pub fn resources() -> Vec<&'static Schema> {
    vec![&MEASUREMENTS]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn csv(rows: &[&str]) -> Vec<u8> {
        let mut s = COLUMNS.join(",");
        for r in rows {
            s += "\n";
            s += r;
        }
        s.push('\n');
        s.into_bytes()
    }

    #[test]
    fn rejects_a_bad_header_date_or_number() {
        assert!(parse("x", b"date,goal\n").is_err());
        assert!(parse("x", &csv(&["2026-1-01,peg-a,c,1,,,,,,,,,,"])).is_err());
        assert!(parse("x", &csv(&["2026-01-01,peg-a,c,fast,,,,,,,,,,"])).is_err());
        assert!(parse("x", &csv(&["2026-01-01,Peg A,c,1,,,,,,,,,,"])).is_err());
        assert_eq!(
            parse("x", &csv(&["2026-01-01,peg-a,\"c, d\",1.5,,,3,,2,24,AMD,,,n"])).unwrap()[0].ratio_to_goal(),
            Some(0.5)
        );
    }

    #[test]
    fn each_day_is_divided_by_its_own_goal() {
        // A peer's goal moves from run to run: the first day's 367.5 s is 6.02 times its 61.0 s,
        // not 43 times the next day's 8.5 s.
        let rows = parse(
            "x",
            &csv(&[
                "2026-11-27,peg-b,c,367.5,,,61.0,,2,24,AMD,,,n",
                "2026-11-28,peg-b,c,41.0,,,8.5,,2,24,AMD,,,n",
                "2026-11-28,peg-b,c,40.0,,,8.0,,2,24,AMD,,,n",
            ]),
        )
        .unwrap();
        let ms: Vec<&Measurement> = rows.iter().collect();
        assert_eq!(
            daily_ratios(&ms, &["2026-11-26", "2026-11-27", "2026-11-28"]),
            [None, Some(6.02), Some(4.82)]
        );
    }

    #[test]
    fn a_day_without_a_goal_is_no_category() {
        let rows = parse(
            "x",
            &csv(&[
                "2026-11-25,peg-b,c,300.0,,,,,2,24,AMD,,,n",
                "2026-11-27,peg-b,c,367.5,,,61.0,,2,24,AMD,,,n",
            ]),
        )
        .unwrap();
        let ms: Vec<&Measurement> = rows.iter().collect();
        assert_eq!(dates_with_ratio([ms.as_slice()].into_iter()), ["2026-11-27"]);
    }

    #[test]
    fn durations_read_naturally() {
        assert_eq!(seconds(0.071), "0.07 s");
        assert_eq!(seconds(24.6), "24.6 s");
        assert_eq!(seconds(131.0), "131 s");
        assert_eq!(seconds(1403.0), "23 min 23 s (1403 s)");
        assert_eq!(seconds(840.0), "14 min (840 s)");
        assert_eq!(goal_seconds(1800.0), "30 min");
        assert_eq!(goal_seconds(0.52), "0.52 s");
        assert_eq!(goal_seconds(60.0), "60 s");
        assert_eq!(goal_mib(1024.0), "1 GiB");
        let mut ids = vec!["a-10000", "a-39", "a-1000000", "a-10000-block", "b"];
        ids.sort_by_key(|i| natural(i));
        assert_eq!(ids, ["a-39", "a-10000", "a-10000-block", "a-1000000", "b"]);
        assert_eq!(mib(3072.0), "3.0 GiB");
    }
}
