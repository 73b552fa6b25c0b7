//! The one report renderer: a family's [`Page`] (headline tables, charts with a line each on what
//! to see, definitions) plus its claims become markdown. Pure: the page and the claims are
//! computed before rendering; nothing is computed here.

use super::claim::{Claim, Verdict};
use super::table::{Cell, Table};

/// One family's report.
#[derive(Clone, Debug, Default)]
pub struct Page {
    pub family: String,
    pub title: String,
    /// Paragraphs under the title: what the family is and how it was computed.
    pub intro: Vec<String>,
    pub sections: Vec<Section>,
    /// Terms and columns used on the page and in the family's data files: (term, definition).
    pub definitions: Vec<(String, String)>,
    /// What the entry page shows of the family: a few sentences, its headline table and its key
    /// charts ([`render_summary`]); the page itself holds everything.
    pub summary: Vec<Block>,
}

#[derive(Clone, Debug, Default)]
pub struct Section {
    pub title: String,
    pub blocks: Vec<Block>,
}

#[derive(Clone, Debug)]
pub enum Block {
    Text(String),
    /// A markdown table; the caption is a sentence above it.
    Table {
        caption: String,
        table: Table,
    },
    /// A chart under `reports/<family>/`: `stem` without extension (PNG shown, SVG linked).
    Chart {
        stem: String,
        caption: String,
    },
    /// The family's claims whose id starts with one of these prefixes, as one table with verdicts.
    Claims {
        prefixes: Vec<String>,
    },
}

impl Section {
    pub fn new(title: &str) -> Section {
        Section {
            title: title.into(),
            blocks: Vec::new(),
        }
    }
    pub fn text(mut self, s: impl Into<String>) -> Section {
        self.blocks.push(Block::Text(s.into()));
        self
    }
    pub fn table(mut self, caption: impl Into<String>, table: Table) -> Section {
        self.blocks.push(Block::Table {
            caption: caption.into(),
            table,
        });
        self
    }
    pub fn chart(mut self, stem: impl Into<String>, caption: impl Into<String>) -> Section {
        self.blocks.push(Block::Chart {
            stem: stem.into(),
            caption: caption.into(),
        });
        self
    }
    /// Consecutive calls add to one claims table.
    pub fn claims(mut self, prefix: impl Into<String>) -> Section {
        if let Some(Block::Claims { prefixes }) = self.blocks.last_mut() {
            prefixes.push(prefix.into());
        } else {
            self.blocks.push(Block::Claims {
                prefixes: vec![prefix.into()],
            });
        }
        self
    }
}

fn escape(s: &str) -> String {
    s.replace('|', "\\|").replace('\n', " ")
}

/// A markdown table; numbers are right-aligned.
pub fn markdown_table(t: &Table) -> String {
    let numeric: Vec<bool> = (0..t.header.len())
        .map(|c| {
            t.rows
                .iter()
                .all(|r| matches!(r[c], Cell::Int(_) | Cell::UInt(_) | Cell::Fixed(..) | Cell::Empty))
                && !t.rows.is_empty()
        })
        .collect();
    let mut s = format!(
        "| {} |\n|",
        t.header.iter().map(|h| escape(h)).collect::<Vec<_>>().join(" | ")
    );
    for &n in &numeric {
        s += if n { "---:|" } else { "---|" };
    }
    s.push('\n');
    for r in &t.rows {
        s += &format!(
            "| {} |\n",
            r.iter().map(|c| escape(&c.render())).collect::<Vec<_>>().join(" | ")
        );
    }
    s
}

/// "85 confirmed, 2 consistent (bound), ...": every verdict that occurs, in [`Verdict::ALL`] order.
fn verdict_counts(claims: &[&Claim]) -> Vec<String> {
    Verdict::ALL
        .iter()
        .map(|&v| (v, claims.iter().filter(|c| c.verdict == v).count()))
        .filter(|&(_, n)| n > 0)
        .map(|(v, n)| format!("{n} {v}"))
        .collect()
}

/// A scope in words, for a verdict cell.
fn scope_words(scope: crate::output::claim::Scope) -> &'static str {
    use crate::output::claim::Scope;
    match scope {
        Scope::Whole => "the whole statement",
        Scope::Cases => "the cases named",
        Scope::Sample => "a sample",
        Scope::Bound => "a bound",
    }
}

/// The claims as a table for a page.
fn claims_markdown(claims: &[&Claim]) -> String {
    let mut s = String::from(
        "| source | statement | source's words | published | computed | verdict | evidence \
        |\n|---|---|---|---|---|---|---|\n",
    );
    for c in claims {
        let verdict = match c.verdict {
            Verdict::Confirmed => "confirmed".to_string(),
            v => format!("**{v}**"),
        };
        // The scope is shown where the verdict's name does not already say it.
        let verdict = if c.scope == crate::output::claim::Scope::default_for(c.verdict) {
            verdict
        } else {
            format!("{verdict} (on {})", scope_words(c.scope))
        };
        s += &format!(
            "| {} | {} | {} | {} | {} | {} | {} |\n",
            escape(&c.source),
            escape(&c.statement),
            if c.quote.is_empty() {
                "-".to_string()
            } else {
                format!("\"{}\"", escape(&c.quote))
            },
            escape(if c.published.is_empty() { "-" } else { &c.published }),
            escape(&c.computed),
            verdict,
            escape(&c.evidence)
        );
    }
    s
}

/// Renders a page. `chart_prefix` is the path from the rendered file to `reports/<family>/`
/// (empty for the family's own page, `peg/` for the entry page).
pub fn render_page(page: &Page, claims: &[Claim], chart_prefix: &str, heading: usize) -> String {
    let h = |level: usize| "#".repeat(heading + level + 1);
    let mut md = format!("{} {}\n\n", h(0), page.title);
    for p in &page.intro {
        md += p;
        md += "\n\n";
    }
    let family_claims: Vec<&Claim> = claims.iter().filter(|c| c.family == page.family).collect();
    let counts = verdict_counts(&family_claims);
    md += &format!("Claims checked: {} ({}).\n\n", family_claims.len(), counts.join(", "));
    for s in &page.sections {
        md += &format!("{} {}\n\n", h(1), s.title);
        for b in &s.blocks {
            match b {
                Block::Text(t) => md += &format!("{t}\n\n"),
                Block::Table { caption, table } => md += &format!("{caption}\n\n{}\n", markdown_table(table)),
                Block::Chart { stem, caption } => {
                    md += &format!(
                        "![{}]({chart_prefix}{stem}.png)\n\n*{caption}* ([SVG]({chart_prefix}{stem}.svg))\n\n",
                        escape(caption)
                    )
                }
                Block::Claims { prefixes } => {
                    let selected: Vec<&Claim> = prefixes
                        .iter()
                        .flat_map(|p| {
                            family_claims
                                .iter()
                                .copied()
                                .filter(move |c| c.id.starts_with(p.as_str()))
                        })
                        .collect();
                    if !selected.is_empty() {
                        md += &claims_markdown(&selected);
                        md.push('\n');
                    }
                }
            }
        }
    }
    if !page.definitions.is_empty() {
        md += &format!("{} Definitions\n\n| term | meaning |\n|---|---|\n", h(1));
        for (term, def) in &page.definitions {
            md += &format!("| `{}` | {} |\n", escape(term), escape(def));
        }
        md.push('\n');
    }
    md
}

/// The family's section of the entry page (`reports/<family>/summary.md`), paths relative to
/// `reports/`. Each chart's caption starts with `Figure:`; the entry page numbers them in order.
pub fn render_summary(page: &Page, claims: &[Claim]) -> String {
    let prefix = format!("{}/", page.family);
    let mut md = format!("## {}\n\n", page.title);
    for b in &page.summary {
        match b {
            Block::Text(t) => md += &format!("{t}\n\n"),
            Block::Table { caption, table } => md += &format!("{caption}\n\n{}\n", markdown_table(table)),
            Block::Chart { stem, caption } => {
                md += &format!(
                    "![{}]({prefix}{stem}.png)\n\n*Figure: {caption}* ([SVG]({prefix}{stem}.svg))\n\n",
                    escape(caption)
                )
            }
            Block::Claims { .. } => {}
        }
    }
    let family_claims: Vec<&Claim> = claims.iter().filter(|c| c.family == page.family).collect();
    let counts = verdict_counts(&family_claims);
    md += &format!(
        "Claims: {} ({}). Every table, chart, claim and definition: [the {} page]({prefix}README.md).\n\n",
        family_claims.len(),
        counts.join(", "),
        page.family
    );
    md
}

/// `reports/claims.csv`: every claim, one row each, sorted by id.
pub fn claims_table(claims: &[Claim]) -> Table {
    let mut sorted: Vec<&Claim> = claims.iter().collect();
    sorted.sort_by(|a, b| a.id.cmp(&b.id));
    let mut t = Table::new(&[
        "id",
        "family",
        "source",
        "statement",
        "quote",
        "published",
        "computed",
        "verdict",
        "scope",
        "evidence",
    ]);
    for c in sorted {
        t.push(vec![
            c.id.clone().into(),
            c.family.into(),
            c.source.clone().into(),
            c.statement.clone().into(),
            c.quote.clone().into(),
            c.published.clone().into(),
            c.computed.clone().into(),
            c.verdict.as_str().into(),
            c.scope.as_str().into(),
            c.evidence.clone().into(),
        ]);
    }
    t
}
