//! Claims as data: every published figure we check, and every new result, is one [`Claim`] that a
//! study computes from its results. Reports and `reports/claims.csv` are rendered from claims; the
//! tests assert verdicts from `claims.csv`. Nothing is computed while rendering.

use std::fmt;

/// How the computed value stands against the published one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Verdict {
    /// The published value is what we compute.
    Confirmed,
    /// The published statement is false; the evidence says why (a counterexample, a file).
    Refuted,
    /// The published value is wrong in detail (a rounding, an arithmetic slip) and we give the right one.
    Corrected,
    /// Nothing was published: a result first computed here.
    New,
}

impl Verdict {
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Confirmed => "confirmed",
            Verdict::Refuted => "refuted",
            Verdict::Corrected => "corrected",
            Verdict::New => "new",
        }
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
    /// The published value as printed (empty for a new result).
    pub published: String,
    /// The value this project computes.
    pub computed: String,
    pub verdict: Verdict,
    /// Why the verdict holds: a counterexample, the file that holds the data, the method.
    pub evidence: String,
}

impl Claim {
    /// A claim comparing a published value with a computed one.
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
        Claim {
            family,
            id: id.to_string(),
            source: source.to_string(),
            statement: statement.to_string(),
            published: published.to_string(),
            computed: computed.to_string(),
            verdict,
            evidence: evidence.to_string(),
        }
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
        Claim::published(family, id, source, statement, p, c, verdict, evidence)
    }

    /// A result first computed here.
    pub fn new_result(family: &'static str, id: &str, statement: &str, computed: impl ToString, evidence: &str) -> Claim {
        Claim::published(family, id, "new", statement, "", computed, Verdict::New, evidence)
    }
}
