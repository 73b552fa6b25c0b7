//! Tricolore's claims: every statement of seed 003 ("A Study of Tricolore XP") that the results
//! can check, beside the computed value, and the results nobody published marked as new. The
//! published values are the document's constants in [`super::document`]; every verdict is
//! computed here from the results.

use super::document as doc;
use super::evidence;
use super::half::HalfStudy;
use super::{verdicts, TricoloreResults};
use crate::puzzles::tricolore::{Regime, BLUE};
use crate::studies::claim::{Claim, Verdict};

const FAMILY: &str = "tricolore";
const SEED: &str = "seed 003 (A Study of Tricolore XP)";

fn seed_id(what: &str) -> String {
    format!("tricolore.seed003.{what}")
}

fn new_id(what: &str) -> String {
    format!("tricolore.new.{what}")
}

/// The data directory of a half-board study, as the evidence names it.
fn half_file(regime: Regime, orthogonal: bool, file: &str) -> String {
    let sub = if orthogonal { "orthogonal/" } else { "" };
    format!("data/tricolore/{sub}half_{}/{file}", regime.name())
}

/// A short name for a board in claim ids: all_red, all_white, alternating, or the board itself.
pub fn board_name(text: &str) -> String {
    let letters: Vec<char> = text.chars().filter(|&c| c != '.').collect();
    let rows: Vec<&str> = text.split('.').collect();
    if letters.iter().all(|&c| c == 'R') {
        "all_red".into()
    } else if letters.iter().all(|&c| c == 'W') {
        "all_white".into()
    } else if rows.iter().enumerate().all(|(i, r)| {
        r.chars()
            .enumerate()
            .all(|(j, c)| c == if (i + j) % 2 == 0 { 'W' } else { 'B' })
    }) {
        "alternating".into()
    } else {
        text.to_lowercase().replace('.', "_")
    }
}

/// "k: n; ..." for the rows 1.. of a half table.
fn rows_text(reached: &[u64]) -> String {
    reached
        .iter()
        .enumerate()
        .skip(1)
        .map(|(k, n)| format!("{k}: {n}"))
        .collect::<Vec<_>>()
        .join("; ")
}

fn range(s: &HalfStudy) -> (u8, u8) {
    let e = s.eccentricity();
    (e.first().map_or(0, |x| x.0), e.last().map_or(0, |x| x.0))
}

/// What every start reaches: "6560 boards from every start; never reached: BBBB.BBBB".
fn reach_text(s: &HalfStudy) -> String {
    let mut per_start: Vec<u32> = s.starts.iter().map(|r| r.reached).collect();
    per_start.sort_unstable();
    per_start.dedup();
    let per_start = match per_start.as_slice() {
        [n] => format!("{n} boards from every start"),
        v => format!("{}-{} boards per start", v[0], v[v.len() - 1]),
    };
    let never: Vec<u32> = s.targets.iter().filter(|t| t.starts == 0).map(|t| t.target).collect();
    let g = &s.grid;
    let blue_bottom: Vec<u32> = (0..g.boards())
        .filter(|&b| g.bottom_row().all(|q| g.colour(b, q) == BLUE))
        .collect();
    let never = if never.len() == 1 {
        g.format(never[0])
    } else if never == blue_bottom {
        format!("the {} boards xxxx.BBBB", never.len())
    } else {
        format!("{} boards", never.len())
    };
    format!("{per_start}; never reached: {never}")
}

pub fn claims(r: &TricoloreResults) -> Vec<Claim> {
    let mut out = Vec::new();
    half_claims(r, &mut out);
    named_start_claims(r, &mut out);
    full_claims(r, &mut out);
    large_claims(r, &mut out);
    halves_claims(r, &mut out);
    composed_halves_claims(r, &mut out);
    out
}

/// The 4x2 half-board claims (when the Unrestricted and Hybrid king studies were computed).
fn half_claims(r: &TricoloreResults, out: &mut Vec<Claim>) {
    let (Some(u), Some(h)) = (r.king(Regime::Unrestricted), r.king(Regime::Hybrid)) else {
        return;
    };
    mirror_pair_claims(u, out);
    printed_table_claims(r, out);
    reach_claims(r, u, h, out);
    target_claims(r, out);
    max_click_claims(r, out);
    within_share_claims(r, out);
    new_table_claims(r, out);
}

/// The 3321 starts: one per mirror pair.
fn mirror_pair_claims(u: &HalfStudy, out: &mut Vec<Claim>) {
    let g = &u.grid;
    let symmetric = u.starts.iter().filter(|s| g.mirror(s.start) == s.start).count();
    let n = u.starts.len();
    out.push(Claim::compare(
        FAMILY,
        &seed_id("mirror_pair_starts"),
        SEED,
        "The statistics use 3321 starting states of the 4x2 board: 81 symmetric about the vertical centre, and one of \
            each of the other 3240 mirror pairs",
        "3321 starts: 81 symmetric, 3240 with a mirror image not used",
        format!("{n} starts: {symmetric} symmetric, {} with a mirror image not used", n - symmetric),
        "data/tricolore/half_unrestricted/starts.csv, column start_board (one row per mirror-pair representative)",
    )
    .quoted("In gathering statistics, 3321 starting states were considered. Of these, 81 are symmetric about the \
        vertical center. The other 3240 states have mirror images which were not used."));
}

/// The two printed tables, their totals and their averages.
fn printed_table_claims(r: &TricoloreResults, out: &mut Vec<Claim>) {
    for regime in [Regime::Unrestricted, Regime::Hybrid] {
        table_claims(r, regime, out);
    }
    for row in doc::AVERAGE_CLICKS {
        average_claims(r, row, out);
    }
    out.push(average_prose_claim(r));
}

/// A printed table (king adjacency against every printed count) and its total.
fn table_claims(r: &TricoloreResults, regime: Regime, out: &mut Vec<Claim>) {
    let (rows, total) = doc::table(regime).expect("printed");
    let s = r.king(regime).expect("computed above");
    let name = regime.name();
    let published: Vec<u64> = std::iter::once(0).chain(rows.iter().map(|&(_, n)| n)).collect();
    let table_quote = format!("{} Clicks Reached AveragePercent 1 {} ", capitalised(name), rows[0].1);
    let total_quote = format!("Total {total}{}100%", total / 3321);
    let table = Claim::compare(
        FAMILY,
        &seed_id(&format!("{name}_table")),
        SEED,
        &format!(
            "Table \"{}\": (start, board) pairs first reached after k clicks, over the 3321 starts (clicks: \
            reached)",
            capitalised(name)
        ),
        rows_text(&published),
        rows_text(&s.reached),
        &format!(
            "{}, column reached (king adjacency: the 8 surrounding squares adjoin)",
            half_file(regime, false, "table.csv")
        ),
    )
    .quoted(table_quote.trim_end());
    out.push(table);
    out.push(
        Claim::compare(
            FAMILY,
            &seed_id(&format!("{name}_total")),
            SEED,
            &format!(
                "Table \"{}\", row Total: (start, board) pairs reached",
                capitalised(name)
            ),
            total,
            s.total(),
            &format!("sum of column reached of {}", half_file(regime, false, "table.csv")),
        )
        .quoted(&total_quote),
    );
}

/// A table's last row, "Average Clicks5.694%": the average 5.6 (at the printed precision) and the
/// percent 94%, the share of paths in the table's bold range.
fn average_claims(r: &TricoloreResults, row: (Regime, &str, &str, u32, &str), out: &mut Vec<Claim>) {
    let (regime, captured, average, percent, _) = row;
    let s = r.king(regime).expect("computed above");
    let mean = s.mean_clicks();
    let name = regime.name();
    let table = half_file(regime, false, "table.csv");
    out.push(
        Claim::published(
            FAMILY,
            &seed_id(&format!("{name}_average_table")),
            SEED,
            &format!(
                "Table \"{}\", Average Clicks (one decimal; as captured the cell runs into the next one, Percent)",
                capitalised(name)
            ),
            average,
            format!("{mean:.4}"),
            Verdict::of(format!("{mean:.1}") == average),
            &format!(
                "{table}, columns clicks and reached: the mean of clicks weighted by reached, {mean:.1} at \
                one decimal"
            ),
        )
        .quoted(captured),
    );
    let total: u64 = s.reached.iter().sum();
    let bold: Vec<usize> = (1..s.reached.len())
        .filter(|&k| s.reached[k] as f64 >= doc::BOLD_ROW_SHARE * total as f64)
        .collect();
    let in_bold: u64 = bold.iter().map(|&k| s.reached[k]).sum();
    let share = 100.0 * in_bold as f64 / total as f64;
    let contiguous = bold.windows(2).all(|w| w[1] == w[0] + 1);
    let range = match (bold.first(), bold.last()) {
        (Some(a), Some(b)) if contiguous => format!("{a}-{b} clicks"),
        _ => format!("clicks {bold:?}"),
    };
    out.push(
        Claim::published(
            FAMILY,
            &seed_id(&format!("{name}_bold_share")),
            SEED,
            &format!(
                "Table \"{}\", Percent of the last row: the share of (start, board) pairs in the bold range (\"The \
                    range where most paths fall is shown in bold\"; the capture lost the bold, read here as the \
                    rows holding at least {:.0}% each: {range})",
                capitalised(name),
                100.0 * doc::BOLD_ROW_SHARE
            ),
            format!("{percent}%"),
            format!("{share:.2}% ({in_bold} of {total}, {range})"),
            Verdict::of(contiguous && share.round() as u32 == percent),
            &format!("{table}, column reached, rows clicks {range}, over the sum of column reached"),
        )
        .quoted(captured),
    );
}

/// One sentence gives both prose means: one claim.
fn average_prose_claim(r: &TricoloreResults) -> Claim {
    let means: Vec<(Regime, &str, f64)> = doc::AVERAGE_CLICKS
        .iter()
        .filter_map(|&(regime, _, _, _, prose)| r.king(regime).map(|s| (regime, prose, s.mean_clicks())))
        .collect();
    Claim::published(
        FAMILY,
        &seed_id("average_prose"),
        SEED,
        "The prose's mean clicks over all (start, board) pairs, Unrestricted and Hybrid (one decimal)",
        means
            .iter()
            .map(|(g, p, _)| format!("{} {p}", capitalised(g.name())))
            .collect::<Vec<_>>()
            .join(", "),
        means
            .iter()
            .map(|(g, _, m)| format!("{} {m:.4}", capitalised(g.name())))
            .collect::<Vec<_>>()
            .join(", "),
        Verdict::of(means.iter().all(|(_, p, m)| format!("{m:.1}") == *p)),
        &format!(
            "{} and {}, columns clicks and reached: the mean of clicks weighted by reached",
            half_file(Regime::Unrestricted, false, "table.csv"),
            half_file(Regime::Hybrid, false, "table.csv")
        ),
    )
    .quoted(doc::AVERAGE_PROSE)
}

/// What every start reaches, and the 80 boards per start between Unrestricted and Hybrid.
fn reach_claims(r: &TricoloreResults, u: &HalfStudy, h: &HalfStudy, out: &mut Vec<Claim>) {
    let n = u.starts.len();
    // What every start reaches.
    // The tables' Total rows give the boards per start (their Average cell); the Restricted
    // regime's reach is a sentence.
    let published_reach = [
        (
            Regime::Unrestricted,
            format!(
                "{} boards from every start; never reached: BBBB.BBBB",
                doc::REACHED_PER_START[0].1
            ),
            "Total average 6560: every board but one",
            format!("Total {}{}100%", doc::UNRESTRICTED_TOTAL, doc::REACHED_PER_START[0].1),
        ),
        (
            Regime::Hybrid,
            format!(
                "{} boards from every start; never reached: the 81 boards xxxx.BBBB",
                doc::REACHED_PER_START[1].1
            ),
            "Total average 6480; the boards never reached are the xxxx.BBBB",
            format!("Total {}{}100%", doc::HYBRID_TOTAL, doc::REACHED_PER_START[1].1),
        ),
        (
            Regime::Restricted,
            "6480 boards from every start; never reached: the 81 boards xxxx.BBBB".to_string(),
            "\"any state other than xxxx.BBBB can be reached\"",
            "I wrote programs to solve the 4×2 problem, starting with the \"lower row only\" restriction and found \
                that any state other than xxxx.BBBB can be reached."
                .to_string(),
        ),
    ];
    for (regime, published, reading, quote) in published_reach {
        let Some(s) = r.king(regime) else { continue };
        out.push(
            Claim::compare(
                FAMILY,
                &seed_id(&format!("{}_reachable", regime.name())),
                SEED,
                &format!(
                    "{} 4x2: what every start reaches ({reading})",
                    capitalised(regime.name())
                ),
                published,
                reach_text(s),
                &format!(
                    "{}, column reachable_boards, and {}, rows with starts = 0",
                    half_file(regime, false, "starts.csv"),
                    half_file(regime, false, "targets.csv")
                ),
            )
            .quoted(&quote),
        );
    }
    let diff = u.total() - h.total();
    let per = |d: u64| {
        if d.is_multiple_of(n as u64) {
            format!("{d} = {n} x {}", d / n as u64)
        } else {
            format!("{d} (not a multiple of {n})")
        }
    };
    out.push(Claim::compare(
        FAMILY,
        &seed_id("unrestricted_minus_hybrid"),
        SEED,
        "\"Unrestricted has more total states because it can reach the 80 xxxx.BBBB states which the other cannot\": \
            the two totals differ by 80 per start",
        format!("{} = 3321 x 80", doc::UNRESTRICTED_TOTAL - doc::HYBRID_TOTAL),
        per(diff),
        "the sums of column reached of data/tricolore/half_unrestricted/table.csv and \
            data/tricolore/half_hybrid/table.csv",
    )
    .quoted("Unrestricted has more total states because it can reach the 80 xxxx.BBBB states which the other cannot."));
}

/// Selected final states (the "reversed" table).
fn target_claims(r: &TricoloreResults, out: &mut Vec<Claim>) {
    // Selected final states (the "reversed" table).
    for (i, (regime, target, avg, max)) in doc::TARGETS.into_iter().enumerate() {
        // The reversed table's row as captured: the method's name on its first row only.
        let method = match (i % 3, regime) {
            (0, Regime::Unrestricted) => "Unrestr. 4×2",
            (0, _) => "Hybrid 4×2",
            _ => "",
        };
        let quote = format!("{method}{target}{avg}{max}");
        let Some(s) = r.king(regime) else { continue };
        let Ok(board) = s.grid.parse(target) else { continue };
        let t = s.target(board);
        let a = t.average().map_or("-".to_string(), |a| format!("{a:.1}"));
        out.push(
            Claim::compare(
                FAMILY,
                &seed_id(&format!("target_{}_{}", regime.name(), board_name(target))),
                SEED,
                &format!(
                    "{} 4x2, clicks to reach {target} over all starting states: average and maximum",
                    capitalised(regime.name())
                ),
                format!("average {avg}, maximum {max}"),
                format!(
                    "average {a}, maximum {}",
                    t.max_clicks.map_or("-".to_string(), |m| m.to_string())
                ),
                &format!(
                    "{}, row target = {target}, columns mean_clicks and max_clicks (over the {} starts other than the \
                target; mean {})",
                    half_file(regime, false, "targets.csv"),
                    t.starts,
                    t.average().map_or("-".into(), |a| format!("{a:.4}"))
                ),
            )
            .quoted(&quote),
        );
    }
}

/// Ranges of the maximum clicks per start.
fn max_click_claims(r: &TricoloreResults, out: &mut Vec<Claim>) {
    // Ranges of the maximum clicks per start.
    for (regime, lo, hi) in doc::MAX_CLICK_RANGES {
        let quote = match regime {
            Regime::Unrestricted => {
                "If clicking any of the eight squares is allowed, then, starting from any 4×2 \
                state, any other 4×2 state (except BBBB.BBBB) can be reached in at most 7-10 clicks."
            }
            Regime::Hybrid => "Its range of maximum required clicks is 10-12.",
            Regime::Restricted => {
                "In the Restricted case (clicking lower row only), any state (other than xxxx.BBBB) \
                is reachable in at most 14-16 clicks."
            }
        };
        let Some(s) = r.king(regime) else { continue };
        let (a, b) = range(s);
        let orth = r
            .orthogonal(regime)
            .map(range)
            .map_or(String::new(), |(c, d)| format!("; orthogonal adjacency gives {c}-{d}"));
        out.push(
            Claim::compare(
                FAMILY,
                &seed_id(&format!("max_clicks_range_{}", regime.name())),
                SEED,
                &format!(
                    "{} 4x2: the most clicks needed from a start (its eccentricity, the start itself counted at its \
                first return) ranges over",
                    capitalised(regime.name())
                ),
                format!("{lo}-{hi}"),
                format!("{a}-{b}"),
                &format!(
                    "{}, column max_clicks{orth}",
                    half_file(regime, false, "eccentricity.csv")
                ),
            )
            .quoted(quote),
        );
    }
}

/// Shares of pairs within a number of clicks.
fn within_share_claims(r: &TricoloreResults, out: &mut Vec<Claim>) {
    // "up to 10 clicks (or 7 in 98% of cases) ... up to 12 clicks (or 9 in 96% of cases)".
    for (regime, within, pct) in doc::WITHIN_SHARES {
        let Some(s) = r.king(regime) else { continue };
        let share = 100.0 * evidence::share_within(s, within);
        let (_, _, most) = doc::MAX_CLICK_RANGES
            .into_iter()
            .find(|m| m.0 == regime)
            .expect("a range per regime");
        let quote = match regime {
            Regime::Unrestricted => {
                "We can use Unrestricted 4×2 to solve the top two rows in up to 10 clicks (or 7 in 98% of cases)."
            }
            _ => {
                "Then we can use Hybrid 4×2 (bottom row + top red clicking only) to solve the bottom half in up to 12 \
                clicks (or 9 in 96% of cases)."
            }
        };
        out.push(
            Claim::published(
                FAMILY,
                &seed_id(&format!("{}_within_{within}", regime.name())),
                SEED,
                &format!(
                    "{} 4x2: every (start, board) pair within {most} clicks, and the share within {within} clicks \
                (whole percent)",
                    capitalised(regime.name())
                ),
                format!("at most {most}; {pct}% within {within}"),
                format!("at most {}; {share:.2}% within {within}", s.max_clicks()),
                Verdict::of(s.max_clicks() == usize::from(most) && share.round() as u32 == pct),
                &format!(
                    "{}, columns clicks and share (cumulative over clicks <= {within})",
                    half_file(regime, false, "table.csv")
                ),
            )
            .quoted(quote),
        );
    }
}

/// New: the Restricted table, and how adjacency changes the tables.
fn new_table_claims(r: &TricoloreResults, out: &mut Vec<Claim>) {
    // New: the Restricted table, and how adjacency changes the tables.
    if let Some(s) = r.king(Regime::Restricted) {
        out.push(Claim::new_result(
            FAMILY,
            &new_id("restricted_table"),
            "Restricted 4x2 (lower row only; the document gives only the range 14-16): (start, board) pairs first \
                reached after k clicks over the 3321 starts (clicks: reached)",
            format!(
                "{}; total {}, mean {:.4}",
                rows_text(&s.reached),
                s.total(),
                s.mean_clicks()
            ),
            &format!(
                "{}, columns clicks and reached",
                half_file(Regime::Restricted, false, "table.csv")
            ),
        ));
        if let Some(o) = r.orthogonal(Regime::Restricted) {
            let same = o.reached == s.reached;
            out.push(Claim::new_result(
                FAMILY,
                &new_id("restricted_table_adjacency"),
                "The Restricted table under orthogonal (4-neighbour) adjacency against king (8-neighbour) adjacency",
                if same { "identical" } else { "different" },
                &format!(
                    "{} and {}, column reached; with clicks on the lower row only, the top row is a register each \
                    white or blue click adds a fixed vector to, and the king and orthogonal vectors are related by a \
                    map invertible mod 3",
                    half_file(Regime::Restricted, true, "table.csv"),
                    half_file(Regime::Restricted, false, "table.csv")
                ),
            ));
        }
    }
    let mut matching = Vec::new();
    let mut printed = 0;
    for regime in [Regime::Unrestricted, Regime::Hybrid] {
        let (Some(o), Some((rows, total))) = (r.orthogonal(regime), doc::table(regime)) else {
            continue;
        };
        for &(k, n) in rows {
            printed += 1;
            if o.reached.get(k) == Some(&n) {
                matching.push(format!("{} row {k}", regime.name()));
            }
        }
        printed += 1;
        if o.total() == total {
            matching.push(format!("{} total", regime.name()));
        }
    }
    if printed > 0 {
        out.push(Claim::new_result(
            FAMILY,
            &new_id("orthogonal_adjacency_rows"),
            "The document says only \"adjoining\": of its printed Unrestricted and Hybrid counts (rows and totals), \
                those that orthogonal (4-neighbour) adjacency reproduces",
            format!(
                "{} of {printed}: {}",
                matching.len(),
                if matching.is_empty() {
                    "none".into()
                } else {
                    matching.join(", ")
                }
            ),
            "data/tricolore/orthogonal/half_unrestricted/table.csv and \
                data/tricolore/orthogonal/half_hybrid/table.csv, column reached; king adjacency reproduces all of them",
        ));
    }
}

fn named_start_claims(r: &TricoloreResults, out: &mut Vec<Claim>) {
    let find = |s: &str| r.named.iter().find(|n| n.start == s);
    let file = format!("data/tricolore/{}", evidence::NAMED_STARTS_CSV);
    // One sentence names both starts: one claim.
    let (easy, easy_max) = doc::EASY_START;
    let (hard, n8, n9) = doc::HARD_START;
    if let (Some(e), Some(h)) = (find(easy), find(hard)) {
        let deeper: usize = (10..=h.max()).map(|k| h.at(k)).sum();
        let more = if deeper > 0 {
            format!(", {deeper} need more")
        } else {
            String::new()
        };
        out.push(
            Claim::published(
                FAMILY,
                &seed_id("example_starts"),
                SEED,
                &format!(
                    "Unrestricted 4x2: from {easy} any other board within {easy_max} clicks; from {hard}, {n8} \
                    boards require 8 clicks and just {n9} others cannot be reached in fewer than 9"
                ),
                format!("{easy}: at most {easy_max}; {hard}: {n8} need 8 clicks, {n9} need 9"),
                format!(
                    "{easy}: at most {}; {hard}: {} need 8 clicks, {} need 9{more}",
                    e.max(),
                    h.at(8),
                    h.at(9)
                ),
                Verdict::of(e.max() == easy_max && h.at(8) as u64 == n8 && h.at(9) as u64 == n9 && deeper == 0),
                &format!(
                    "{file}, rows start_board = {easy} and start_board = {hard}, column clicks (one row per other \
                    board)"
                ),
            )
            .quoted(
                "For example, with no restrictions, starting from WBWW.WBRW, any other state can be reached in 7 \
                or fewer clicks, whereas from WBWW.WBRB, some 115 states require 8 clicks and just 2 others cannot be \
                reached in fewer than 9!",
            ),
        );
    }
    let (from, to, clicks) = doc::RED_TO_WHITE;
    if let Some(e) = find(from) {
        let board = crate::puzzles::tricolore::Grid::half(crate::puzzles::tricolore::Adjacency::King)
            .parse(to)
            .map(|b| e.distances[b as usize]);
        out.push(
            Claim::compare(
                FAMILY,
                &seed_id("all_red_to_all_white"),
                SEED,
                &format!("Unrestricted 4x2: \"there is a sequence of 4 clicks\" from {from} to {to} (fewest clicks)"),
                clicks,
                board.map_or("-".to_string(), |d| d.to_string()),
                &format!(
                    "{file}, row start = {from}, board = {to}, column clicks; `statespace tricolore solve --from \
                    {from} --to {to}` prints one"
                ),
            )
            .quoted(
                "That would take 8 clicks and the maximum from any state is 6 - in fact, there is a sequence of 4 \
                clicks !",
            ),
        );
    }
}

fn full_claims(r: &TricoloreResults, out: &mut Vec<Claim>) {
    if !r.reach.is_empty() {
        let blue = "BBBB.BBBB.BBBB.BBBB";
        let back = &r.reach[0];
        let fwd = &r.reach[1..];
        let ok = back.missed == 0 && !fwd.is_empty() && fwd.iter().all(|x| x.missed == 1 && x.missed_boards == [blue]);
        let missed: Vec<String> = fwd
            .iter()
            .flat_map(|x| x.missed_boards.iter().cloned())
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        out.push(
            Claim::compare(
                FAMILY,
                &seed_id("only_all_blue_unreachable"),
                SEED,
                "4x4: there is only one unreachable configuration, all blue; every other state can be reached",
                format!("unreachable: {blue}"),
                format!(
                    "unreachable: {}",
                    if missed.is_empty() {
                        "none".into()
                    } else {
                        missed.join(" ")
                    }
                ),
                &format!(
                    "data/tricolore/full/reachability.csv, columns examined, missed and missed_boards: {} (board, \
                last click) states reach all red ({} do not); from all red after a click on each square class every \
                board but the listed ones is reached",
                    back.examined - back.missed,
                    back.missed
                ),
            )
            .quoted("First, there is only one unreachable configuration, and that one is all squares blue."),
        );
        out.push(Claim::new_result(
            FAMILY,
            &new_id("reachability_every_state"),
            "4x4: from every (board, last click) state, whatever the previous click, every board but all blue is \
                reachable (the document checks boards, not the no-repeat rule's states)",
            if ok {
                format!("holds for all {} states", back.examined)
            } else {
                "does not hold".to_string()
            },
            &format!(
                "data/tricolore/full/reachability.csv, columns search, examined and missed: a backward search to \
                all red over {} states, then {} forward searches from all red after a click on one square of each \
                symmetry class",
                back.examined,
                fwd.len()
            ),
        ));
    }
    for f in &r.fulls {
        let target = f.grid.format(f.target);
        let max = f.boards.iter().rposition(|&n| n > 0).unwrap_or(0);
        let reached: u64 = f.boards.iter().sum();
        let mean = f
            .boards
            .iter()
            .enumerate()
            .map(|(k, &n)| k as f64 * n as f64)
            .sum::<f64>()
            / reached.max(1) as f64;
        out.push(Claim::new_result(
            FAMILY,
            &new_id(&format!("full_distances_{}", board_name(&target))),
            &format!(
                "4x4 (the document found it too large to search): fewest clicks from every board to {target}, \
                over the whole board"
            ),
            format!(
                "at most {max} clicks, mean {mean:.4}; {} boards and {} (board, last click) states cannot reach it",
                f.unreachable_boards, f.unreachable_states
            ),
            &format!("data/tricolore/full/distance_to_{target}.csv, columns clicks, boards and states"),
        ));
    }
}

/// The 5x4 board: per target its maximum, mean and unreachable boards, one claim per value.
fn large_claims(r: &TricoloreResults, out: &mut Vec<Claim>) {
    let how = if r.large_read_back {
        format!(
            "read back by `reproduce` and re-checked (counts against the board, levels 0-{} by a separate bounded \
            search); `reproduce --full` searches again",
            super::saved::RECHECK_LEVELS
        )
    } else {
        "searched by this run".to_string()
    };
    for f in &r.large {
        let target = f.grid.format(f.target);
        let name = board_name(&target);
        let (max, mean, farthest) = super::saved::max_mean(f);
        let file = format!(
            "data/tricolore/{}/{}",
            super::saved::DIR,
            super::saved::distance_csv(&f.grid, f.target)
        );
        let summary = format!("data/tricolore/{}/{}", super::saved::DIR, super::saved::SUMMARY_CSV);
        let sym = if f.symmetries.is_empty() {
            "no symmetry".to_string()
        } else {
            f.symmetries.join(", ")
        };
        out.push(Claim::new_result(
            FAMILY,
            &new_id(&format!("full_5x4_max_clicks_{name}")),
            &format!(
                "5x4 (3^20 boards, king adjacency): the most clicks any board needs to reach {target}, first click free"
            ),
            format!("{max} clicks ({farthest} boards need them)"),
            &format!(
                "{summary}, columns max_clicks and farthest_boards of the row for {target}; {file}, columns \
                clicks and boards (searched up to {sym}; {how})"
            ),
        ));
        out.push(Claim::new_result(
            FAMILY,
            &new_id(&format!("full_5x4_mean_clicks_{name}")),
            &format!("5x4: the mean fewest clicks to {target} over every board that can reach it"),
            format!("{mean:.4} clicks"),
            &format!("{summary}, column mean_clicks of the row for {target}; {file}, columns clicks and boards"),
        ));
        let listed = match &f.unreachable_list {
            Some(l) if !l.is_empty() => format!(
                ": {}",
                l.iter().map(|&b| f.grid.format(b)).collect::<Vec<_>>().join(" ")
            ),
            _ => String::new(),
        };
        out.push(Claim::new_result(
            FAMILY,
            &new_id(&format!("full_5x4_unreachable_{name}")),
            &format!("5x4: the boards that cannot reach {target}, whatever is clicked"),
            format!(
                "{} boards{listed}; {} (board, last click) states",
                f.unreachable_boards, f.unreachable_states
            ),
            &format!("{summary}, columns unreachable, unreachable_states and unreachable_list of the row for {target}"),
        ));
    }
}

/// The halves method's worked example (its bound is checked on every board in `verdicts.rs`).
fn halves_claims(r: &TricoloreResults, out: &mut Vec<Claim>) {
    if let Some(e) = &r.example {
        let (_, _, clicks) = doc::HALVES_EXAMPLE;
        out.push(
            Claim::published(
                FAMILY,
                &seed_id("halves_example"),
                SEED,
                &format!(
                    "Appendix A: the halves method takes {clicks} clicks from {} to {}",
                    e.from, e.to
                ),
                format!("{clicks} clicks"),
                format!(
                    "{} clicks ({} top + {} bottom; best choice of top-half solution {}); the optimum is {}",
                    e.halves,
                    e.halves_top,
                    e.halves - e.halves_top,
                    e.halves_best,
                    e.optimal
                ),
                Verdict::of(e.halves == clicks || e.halves_best == clicks),
                &format!(
                "data/tricolore/{}, column clicks per method; `statespace tricolore solve --from {} --to {} --method \
                    halves` (and without --method for the optimum) prints the plays",
                evidence::HALVES_EXAMPLE_CSV,
                e.from,
                e.to
            ),
            )
            .quoted("RRBW RRRR 17 clicks"),
        );
    }
}

/// The halves method on the two half tables composed, as the document computes it: the share
/// within 16 clicks and the averages.
fn composed_halves_claims(r: &TricoloreResults, out: &mut Vec<Claim>) {
    let Some(c) = &r.composed else { return };
    let (k16, pct) = doc::HALVES_SHARE;
    let within = 100.0 * c.share_within(k16);
    let mean = c.mean();
    let u = r.king(Regime::Unrestricted).map_or(0.0, |s| s.mean_clicks());
    let h = r.king(Regime::Hybrid).map_or(0.0, |s| s.mean_clicks());
    let (tables, sources) = composed_sources(r, pct, k16);
    // Right in substance when at least the printed share is within 16 clicks; the figure itself
    // is a product of rounded shares.
    let share_ok = within.round() as u32 == pct;
    let share_substance = within >= f64::from(pct);
    let prose_sum: f64 = doc::AVERAGE_CLICKS
        .iter()
        .map(|a| a.4.parse::<f64>().expect("a number"))
        .sum();
    // Two sentences each give a share and an average: one claim per sentence.
    // "On average, the number would be 12 or 13, and in about 94% of cases, 16 or fewer."
    let average_ok = (12.0..=13.0).contains(&mean);
    out.push(
        Claim::published(
            FAMILY,
            &seed_id("halves_average_12_or_13"),
            SEED,
            &format!(
                "The halves method (the two half tables composed, as the document does): on average 12 or 13 \
                clicks, and about {pct}% of cases within {k16}"
            ),
            format!("average 12 or 13; about {pct}% within {k16}"),
            format!("average {mean:.4}; {within:.2}% within {k16}"),
            if average_ok && share_ok {
                Verdict::Confirmed
            } else if average_ok && share_substance {
                Verdict::Corrected
            } else {
                Verdict::Refuted
            },
            &format!("{tables}; {sources}"),
        )
        .quoted(&format!(
            "On average, the number would be 12 or 13, and in about {pct}% of cases, {k16} or fewer."
        )),
    );
    // "Overall, in 94% of cases, 16 or fewer clicks are needed, on average, 12.9." The printed
    // average is the sum of the prose's rounded means; the exact sum rounds to 12.8.
    let exact_average = format!("{mean:.1}") == doc::HALVES_AVERAGE;
    let slip = format!("{prose_sum:.1}") == doc::HALVES_AVERAGE;
    out.push(
        Claim::published(
            FAMILY,
            &seed_id("halves_average"),
            SEED,
            &format!(
                "The halves method (the two half tables composed): {pct}% of cases within {k16} clicks, on average {}",
                doc::HALVES_AVERAGE
            ),
            format!("{pct}% within {k16}; average {}", doc::HALVES_AVERAGE),
            format!("{within:.2}% within {k16}; average {mean:.4}"),
            if exact_average && share_ok {
                Verdict::Confirmed
            } else if (exact_average || slip) && share_substance {
                Verdict::Corrected
            } else {
                Verdict::Refuted
            },
            &format!(
                "{tables}: mean {u:.4} (Unrestricted) + {h:.4} (Hybrid) = {mean:.4}, {mean:.1} at one decimal, where \
                    the printed {} is the sum of the prose's rounded means ({prose_sum:.1}); {sources}",
                doc::HALVES_AVERAGE
            ),
        )
        .quoted(&format!(
            "Overall, in {pct}% of cases, {k16} or fewer clicks are needed, on average, {}.",
            doc::HALVES_AVERAGE
        )),
    );
}

/// Where the composed figures come from: the two tables; and what the printed share is (the
/// product of the rounded shares) and, for a fixed target, what the real method gives.
fn composed_sources(r: &TricoloreResults, pct: u32, k16: usize) -> (String, String) {
    let shares = |(reg, k, _): (Regime, usize, u32)| r.king(reg).map_or(0.0, |s| evidence::share_within(s, k));
    let product = 100.0 * shares(doc::WITHIN_SHARES[0]) * shares(doc::WITHIN_SHARES[1]);
    let tables = format!(
        "{} and {}, columns clicks and reached, composed (top half, bottom half, independently)",
        half_file(Regime::Unrestricted, false, "table.csv"),
        half_file(Regime::Hybrid, false, "table.csv")
    );
    let printed_product = format!(
        "the printed {pct}% is the product of the rounded shares {}% x {}% = {:.2}% (unrounded {product:.2}%), a lower \
            bound",
        doc::WITHIN_SHARES[0].2,
        doc::WITHIN_SHARES[1].2,
        f64::from(doc::WITHIN_SHARES[0].2 * doc::WITHIN_SHARES[1].2) / 100.0
    );
    // For a fixed target the real method differs from the composed tables: exhaustive over every board.
    let fixed_targets = match &r.verdicts {
        None => String::new(),
        Some(v) => format!(
            ". For a fixed target the real method differs: {} (data/tricolore/full/{}, columns halves_within_16_boards \
                and boards_compared)",
            v.halves
                .iter()
                .filter(|h| r.fulls.iter().any(|f| f.grid.format(f.target) == h.target))
                .map(|h| format!("{:.1}% of all boards within {k16} to \
                    {}", 100.0 * h.halves_within(k16 as u16) as f64 / h.solved() as f64, h.target))
                .collect::<Vec<_>>()
                .join(", "),
            verdicts::HALVES_SUMMARY_CSV
        ),
    };
    (tables, format!("{printed_product}{fixed_targets}"))
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map_or(String::new(), |f| f.to_uppercase().collect::<String>() + c.as_str())
}
