//! Claims as data: every published figure we check, and every new result, is one [`Claim`] that a
//! study computes from its results. Reports and `reports/claims.csv` are rendered from claims; the
//! tests assert verdicts from `claims.csv`. Nothing is computed while rendering.

use std::fmt;

/// How the computed value stands against the published one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Verdict {
    /// The published value is what we compute.
    Confirmed,
    /// The published value is a bound (or our value is), and the two agree without either being
    /// shown exact: never counted as confirmed.
    ConsistentBound,
    /// The published value is wrong in detail (a rounding, an arithmetic slip) and we give the right one.
    Corrected,
    /// The published statement is false; the evidence says why (a counterexample, a file).
    Refuted,
    /// The source's statement tested beyond what the source claims (another rule, board or size):
    /// a result about another case, whatever it shows, never a refutation of the source.
    Extended,
    /// The source states it for every case (every k, every n); we computed it exactly on the
    /// finitely many cases the evidence names, and on each it holds. Not a proof, so never
    /// counted as confirmed.
    HoldsWhereChecked,
    /// Nothing was published: a result first computed here.
    New,
}

/// How much of the statement the computation covers. The verdict rules
/// ([`VERDICT_RULES`]) say which scopes each verdict may stand on: a claim
/// "confirmed" on a statement covered only in part is refused by the tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Scope {
    /// The whole statement, as the source states it, is computed exactly.
    Whole,
    /// A statement for every case, computed exactly on finitely many cases (the evidence names them).
    Cases,
    /// Computed on a random sample (the evidence names its size and seed).
    Sample,
    /// One side of a value only: a lower or an upper bound.
    Bound,
}

impl Scope {
    /// What a verdict stands on unless the study says otherwise: a bound for a bound verdict, the
    /// whole statement for every other.
    pub fn default_for(verdict: Verdict) -> Scope {
        match verdict {
            Verdict::ConsistentBound => Scope::Bound,
            Verdict::HoldsWhereChecked => Scope::Cases,
            _ => Scope::Whole,
        }
    }

    pub const ALL: [Scope; 4] = [Scope::Whole, Scope::Cases, Scope::Sample, Scope::Bound];

    pub fn as_str(self) -> &'static str {
        match self {
            Scope::Whole => "whole",
            Scope::Cases => "cases",
            Scope::Sample => "sample",
            Scope::Bound => "bound",
        }
    }
}

/// The verdict rules as data: for each verdict, its meaning and the scopes it may stand on.
/// Pages print the meanings from here and the tests read the scopes from here.
pub const VERDICT_RULES: &str = include_str!("verdict_rules.csv");

/// One row of [`VERDICT_RULES`].
pub struct VerdictRule {
    pub verdict: String,
    /// The scopes this verdict may stand on (`|`-separated in the file).
    pub scopes: Vec<String>,
    pub meaning: String,
}

/// [`VERDICT_RULES`] parsed, in file order (the order pages count verdicts in).
pub fn verdict_rules() -> Vec<VerdictRule> {
    let mut reader = csv::Reader::from_reader(VERDICT_RULES.as_bytes());
    reader
        .records()
        .map(|r| {
            let r = r.expect("verdict_rules.csv is a well-formed CSV (checked by a test)");
            VerdictRule {
                verdict: r[0].to_string(),
                scopes: r[1].split('|').map(str::to_string).collect(),
                meaning: r[2].to_string(),
            }
        })
        .collect()
}

impl Verdict {
    /// Every verdict, in the order pages count and define them.
    pub const ALL: [Verdict; 7] = [
        Verdict::Confirmed,
        Verdict::HoldsWhereChecked,
        Verdict::ConsistentBound,
        Verdict::Corrected,
        Verdict::Refuted,
        Verdict::Extended,
        Verdict::New,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Confirmed => "confirmed",
            Verdict::ConsistentBound => "consistent (bound)",
            Verdict::Corrected => "corrected",
            Verdict::Refuted => "refuted",
            Verdict::Extended => "extended",
            Verdict::HoldsWhereChecked => "holds where checked",
            Verdict::New => "new",
        }
    }

    /// What the verdict means, as the pages define it beside the counts (from [`VERDICT_RULES`]).
    pub fn definition(self) -> String {
        verdict_rules()
            .into_iter()
            .find(|r| r.verdict == self.as_str())
            .map(|r| r.meaning)
            .unwrap_or_default()
    }

    /// The scopes this verdict may stand on (from [`VERDICT_RULES`]).
    pub fn allowed_scopes(self) -> Vec<String> {
        verdict_rules()
            .into_iter()
            .find(|r| r.verdict == self.as_str())
            .map(|r| r.scopes)
            .unwrap_or_default()
    }

    /// `Confirmed` when `ok`, otherwise `Refuted`: for claims whose verdict is a computed test.
    pub fn of(ok: bool) -> Verdict {
        if ok {
            Verdict::Confirmed
        } else {
            Verdict::Refuted
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One checked statement.
#[derive(Clone, Debug, PartialEq)]
pub struct Claim {
    /// `peg`, `tricolore` or `lightsout`.
    pub family: &'static str,
    /// A stable key, unique across the project, e.g. `peg.seed001.min_moves`; tests look claims up by it.
    pub id: String,
    /// Where the statement was published: `seed 001`, `Bell 2008`, `Jaap Scherphuis`, `OEIS A127500`,
    /// or `new` for a result first computed here.
    pub source: String,
    /// The statement, in words.
    pub statement: String,
    /// The source's exact words (or the line of its data file in tests/data that we hold) the
    /// statement is read from; empty only for a new result. Found verbatim in the file
    /// [`source_files`] names for the source.
    pub quote: String,
    /// The published value as printed (empty for a new result).
    pub published: String,
    /// The value this project computes.
    pub computed: String,
    pub verdict: Verdict,
    /// How much of the statement the computation covers.
    pub scope: Scope,
    /// Why the verdict holds: a counterexample, the file that holds the data, the method.
    pub evidence: String,
}

/// What a claim is about: the family, the claim's key, where it was published and the statement
/// in words (the first four fields of a [`Claim`]).
#[derive(Clone, Copy, Debug)]
pub struct About<'a> {
    pub family: &'static str,
    pub id: &'a str,
    pub source: &'a str,
    pub statement: &'a str,
}

impl Claim {
    /// A claim about `about` comparing a published value with a computed one.
    pub fn stated(
        about: About<'_>,
        published: impl ToString,
        computed: impl ToString,
        verdict: Verdict,
        evidence: &str,
    ) -> Claim {
        Claim {
            family: about.family,
            id: about.id.to_string(),
            source: about.source.to_string(),
            statement: about.statement.to_string(),
            quote: String::new(),
            published: published.to_string(),
            computed: computed.to_string(),
            verdict,
            scope: Scope::default_for(verdict),
            evidence: evidence.to_string(),
        }
    }

    /// [`Claim::stated`] with the four fields of [`About`] passed one by one.
    // Eight arguments on purpose: the claim tables in src/studies are long runs of these calls,
    // each argument a long literal on its own line, which rustfmt lays out (an `About { .. }`
    // literal around such strings defeats it and leaves lines past the width).
    #[allow(clippy::too_many_arguments)]
    pub fn published(
        family: &'static str,
        id: &str,
        source: &str,
        statement: &str,
        published: impl ToString,
        computed: impl ToString,
        verdict: Verdict,
        evidence: &str,
    ) -> Claim {
        let about = About {
            family,
            id,
            source,
            statement,
        };
        Claim::stated(about, published, computed, verdict, evidence)
    }

    /// A claim whose verdict is whether the computed value equals the published one.
    pub fn compare(
        family: &'static str,
        id: &str,
        source: &str,
        statement: &str,
        published: impl ToString,
        computed: impl ToString,
        evidence: &str,
    ) -> Claim {
        let (p, c) = (published.to_string(), computed.to_string());
        let verdict = Verdict::of(p == c);
        let about = About {
            family,
            id,
            source,
            statement,
        };
        Claim::stated(about, p, c, verdict, evidence)
    }

    /// The source's exact words the claim is read from.
    pub fn quoted(mut self, quote: &str) -> Claim {
        self.quote = quote.to_string();
        self
    }

    /// The claim with another verdict (a statement tested beyond the source, a bound).
    pub fn with_verdict(mut self, verdict: Verdict) -> Claim {
        if self.scope == Scope::default_for(self.verdict) {
            self.scope = Scope::default_for(verdict);
        }
        self.verdict = verdict;
        self
    }

    /// The claim with the scope its computation covers (cases, a sample, a bound).
    pub fn scoped(mut self, scope: Scope) -> Claim {
        self.scope = scope;
        self
    }

    /// A result first computed here.
    pub fn new_result(
        family: &'static str,
        id: &str,
        statement: &str,
        computed: impl ToString,
        evidence: &str,
    ) -> Claim {
        let about = About {
            family,
            id,
            source: "new",
            statement,
        };
        Claim::stated(about, "", computed, Verdict::New, evidence)
    }
}

/// The one spelling of each seed in a claim's `source` (a source spelled two ways splits one
/// source in two in every count by source): a test holds every claim whose source starts with a
/// seed's number (`seed 004`) to the spelling here.
pub const SEED_SOURCES: [&str; 5] = [
    "seed 000 (Token Flip, Gary Darby)",
    "seed 001 (Matt Parker's coin puzzle)",
    "seed 002 (Toggle Squares, Shlomi Fish)",
    "seed 003 (A Study of Tricolore XP)",
    "seed 004 (Dugu chessboard)",
];

/// Each source (by the prefix its `source` starts with) and the files that hold its words.
const SOURCES: &[(&str, &[&str])] = &[
    ("seed 000", &["tests/data/sources/000_80f10c203d3a5fc2.txt"]),
    ("seed 001", &["tests/data/sources/001_f68fa2a7b0b879cd.txt"]),
    ("seed 002", &["tests/data/sources/002_0947ca46c00723ff.txt"]),
    ("seed 003", &["tests/data/sources/003_3e0333806063cc5d.txt"]),
    ("seed 004", &["tests/data/sources/004_c5c33c8ce0f7efe5.txt"]),
    (
        "OEIS A127500",
        &["tests/data/peg/A127500.csv", "tests/data/peg/A127500_bounds.csv"],
    ),
    ("OEIS A130515", &["tests/data/peg/A130515.csv"]),
    ("OEIS A159257", &["tests/data/lightsout/A159257.csv"]),
    ("OEIS A075464", &["tests/data/lightsout/A075464.csv"]),
    ("OEIS A079873", &["tests/data/lightsout/A079873_published.csv"]),
    (
        "George Bell, Solving triangular peg solitaire",
        &["tests/data/peg/bell_min_moves.csv"],
    ),
    (
        "George Bell, triangular peg solitaire",
        &["tests/data/peg/winning_sequences.csv", "tests/data/peg/totals.csv"],
    ),
    ("Jaap Scherphuis, Orbix", &["tests/data/sources/jaap_orbix.txt"]),
    ("Jaap Scherphuis", &["tests/data/peg/reachable_positions.csv"]),
    (
        "Andries E. Brouwer, Lights Out",
        &["tests/data/sources/brouwer_madness.txt"],
    ),
    (
        "imathworks, n lamps around a circle",
        &["tests/data/sources/imathworks_lamps.txt"],
    ),
    (
        "A Piece of the Pi, triangular Lights Out",
        &["tests/data/sources/pieceofpi_triangle.txt"],
    ),
    ("wmboyles/LightsOut-Math", &["tests/data/lightsout/gods_number.csv"]),
    ("K. Sutner", &["tests/data/lightsout/sutner_doubling.csv"]),
    (
        "OEIS A112737",
        &[
            "tests/data/peg_boards/english_central_levels.csv",
            "tests/data/peg_boards/english_central_totals.csv",
        ],
    ),
    ("OEIS A112738", &["tests/data/peg_boards/english_central_levels.csv"]),
    (
        "Durango Bill, 33 Hole Peg Solitaire",
        &[
            "tests/data/sources/durangobill_peg33.txt",
            "tests/data/peg_boards/english_central_totals.csv",
        ],
    ),
    (
        "David Darling, Encyclopedia of Science, peg solitaire",
        &[
            "tests/data/sources/darling_peg_solitaire.txt",
            "tests/data/peg_boards/bergholt_18.csv",
        ],
    ),
    (
        "George Bell, French 37-hole Board Example",
        &["tests/data/sources/bell_french.txt"],
    ),
    (
        "Durango Bill, 37-Hole Peg Solitaire",
        &["tests/data/sources/durangobill_peg37.txt"],
    ),
    (
        "Pratik Poddar, European Peg Solitaire Solvability",
        &["tests/data/sources/poddar_european.txt"],
    ),
];

/// Where the words of each source are kept, relative to the repository root: the seeds verbatim in
/// tests/data/sources, the other sources' values (with their citation in header comments) in the
/// oracle files. The one map from a claim's `source` (matched by prefix) to the files its quote is
/// found in; `None` for a source we hold no words of.
pub fn source_files(source: &str) -> Option<&'static [&'static str]> {
    SOURCES
        .iter()
        .find(|(prefix, _)| source.starts_with(prefix))
        .map(|(_, files)| *files)
}

/// The prefix [`source_files`] matches `source` by: one source, however it is spelled.
pub fn source_key(source: &str) -> Option<&'static str> {
    SOURCES
        .iter()
        .find(|(prefix, _)| source.starts_with(prefix))
        .map(|(prefix, _)| *prefix)
}

/// Every file that holds a source's words (each once, in [`source_files`] order): where a
/// quotation on a page that names no source is looked for.
pub fn all_source_files() -> Vec<&'static str> {
    let mut files: Vec<&'static str> = Vec::new();
    for f in SOURCES.iter().flat_map(|(_, files)| files.iter()) {
        if !files.contains(f) {
            files.push(f);
        }
    }
    files
}
