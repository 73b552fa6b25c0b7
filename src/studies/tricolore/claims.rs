//! Tricolore's claims: every statement of seed 003 ("A Study of Tricolore XP") that the results
//! can check, beside the computed value, and the results nobody published marked as new. The
//! published values are the document's constants in [`super::document`]; every verdict is
//! computed here from the results.

use super::document as doc;
use super::evidence;
use super::half::HalfStudy;
use super::{all_starts, verdicts, TricoloreResults};
use crate::puzzles::tricolore::{Regime, BLUE};
use crate::studies::claim::{Claim, Scope, Verdict};

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
    counting_claims(r, &mut out);
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
        column_claims(r, regime, out);
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

/// A printed table's Average and Percent columns, cell by cell: the mean per start at one decimal,
/// and the whole percents rounded so that the column adds up to its Total row's 100%.
fn column_claims(r: &TricoloreResults, regime: Regime, out: &mut Vec<Claim>) {
    let (Some(cols), Some((rows, _))) = (doc::columns(regime), doc::table(regime)) else {
        return;
    };
    let s = r.king(regime).expect("computed above");
    let starts = s.starts.len() as f64;
    let name = regime.name();
    let table = half_file(regime, false, "table.csv");
    // The table as captured, header and rows: "1 25092 7.60%" is clicks 1, reached 25092, average
    // 7.6, percent 0%.
    let quote = std::iter::once(format!("{} Clicks Reached AveragePercent", capitalised(name)))
        .chain(
            rows.iter()
                .zip(cols)
                .map(|(&(k, n), &(_, avg, pct))| format!("{k} {n} {avg}{pct}%")),
        )
        .collect::<Vec<_>>()
        .join(" ");
    let averages: Vec<String> = (1..s.reached.len())
        .map(|k| format!("{:.1}", s.reached[k] as f64 / starts))
        .collect();
    let cell_list = |v: &[String]| {
        v.iter()
            .enumerate()
            .map(|(i, x)| format!("{}: {x}", i + 1))
            .collect::<Vec<_>>()
            .join("; ")
    };
    let printed_avg: Vec<String> = cols.iter().map(|c| c.1.to_string()).collect();
    out.push(
        Claim::compare(
            FAMILY,
            &seed_id(&format!("{name}_average_column")),
            SEED,
            &format!(
                "Table \"{}\", column Average: boards first reached after k clicks per start, reached / {}, at one \
                    decimal (clicks: average)",
                capitalised(name),
                s.starts.len()
            ),
            cell_list(&printed_avg),
            cell_list(&averages),
            &format!("{table}, columns clicks and mean_per_start (at one decimal)"),
        )
        .quoted(&quote),
    );
    let percents = all_starts::largest_remainder_percents(&s.reached[1..]);
    let plain: Vec<u64> = s.reached[1..]
        .iter()
        .map(|&n| (100.0 * n as f64 / s.total() as f64).round() as u64)
        .collect();
    let pct = |v: &[u64]| v.iter().map(|p| format!("{p}%")).collect::<Vec<_>>();
    let printed_pct: Vec<u64> = cols.iter().map(|c| c.2).collect();
    out.push(
        Claim::compare(
            FAMILY,
            &seed_id(&format!("{name}_percent_column")),
            SEED,
            &format!(
                "Table \"{}\", column Percent: the share of all (start, board) pairs first reached after k clicks, \
                    in whole percents that add up to the Total row's 100% (each share rounded down, the units left \
                    given to the largest remainders) (clicks: percent)",
                capitalised(name)
            ),
            cell_list(&pct(&printed_pct)),
            cell_list(&pct(&percents)),
            &format!(
                "{table}, columns clicks and share, whose percents add up to {}% (rounded each to the nearest, \
                    it would \
                    add up to {}%: {})",
                percents.iter().sum::<u64>(),
                plain.iter().sum::<u64>(),
                pct(&plain).join(", ")
            ),
        )
        .quoted(&quote),
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

/// Selected final states (the "reversed" table), "compiled over all possible starting states":
/// judged on the mean over every start other than the target, the mirror images included.
fn target_claims(r: &TricoloreResults, out: &mut Vec<Claim>) {
    let all_file = format!("data/tricolore/{}", all_starts::TARGETS_ALL_STARTS_CSV);
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
        let one = |a: Option<f64>| a.map_or("-".to_string(), |a| format!("{a:.1}"));
        let four = |a: Option<f64>| a.map_or("-".to_string(), |a| format!("{a:.4}"));
        let all_max = t.all_max_clicks.map_or("-".to_string(), |m| m.to_string());
        let all_ok = one(t.all_starts_average()) == avg && t.all_max_clicks == Some(max);
        // The mean over the representatives alone is what a count over the table's 3321 starts gives:
        // when only that one rounds to the printed figure, the figure is right in substance.
        let rep_ok = one(t.average()) == avg && t.max_clicks == Some(max);
        let verdict = match (all_ok, rep_ok) {
            (true, _) => Verdict::Confirmed,
            (false, true) => Verdict::Corrected,
            _ => Verdict::Refuted,
        };
        out.push(
            Claim::published(
                FAMILY,
                &seed_id(&format!("target_{}_{}", regime.name(), board_name(target))),
                SEED,
                &format!(
                    "{} 4x2, clicks to reach {target}, \"compiled over all possible starting states\": average (one \
                    decimal) and maximum over every start other than the target (the {} starts of all 6561 boards, \
                    mirror images included)",
                    capitalised(regime.name()),
                    t.all_starts
                ),
                format!("average {avg}, maximum {max}"),
                format!("average {}, maximum {all_max}", one(t.all_starts_average())),
                verdict,
                &format!(
                    "{all_file}, row regime = {}, target = {target}, columns starts, mean_clicks and max_clicks (mean \
                    {}); over the {} mirror-pair representatives only ({}, row target = {target}, columns \
                    mean_clicks and max_clicks) the mean is {} ({}) and the maximum {}",
                    regime.name(),
                    four(t.all_starts_average()),
                    t.starts,
                    half_file(regime, false, "targets.csv"),
                    four(t.average()),
                    one(t.average()),
                    t.max_clicks.map_or("-".to_string(), |m| m.to_string())
                ),
            )
            .quoted(&quote),
        );
    }
    target_order_claims(r, &all_file, out);
}

/// "All White ... is relatively easy, the Alternating pattern ... falls in the middle, and All Red
/// ... is the most difficult of the three", and "Typically, All Red is one of the most difficult of
/// all": the all-starts means of the reversed table's regimes.
fn target_order_claims(r: &TricoloreResults, all_file: &str, out: &mut Vec<Claim>) {
    let regimes: Vec<&HalfStudy> = [Regime::Unrestricted, Regime::Hybrid]
        .iter()
        .filter_map(|&g| r.king(g))
        .collect();
    if regimes.len() < 2 {
        return;
    }
    let mean_of = |s: &HalfStudy, b: &str| {
        s.grid
            .parse(b)
            .ok()
            .and_then(|b| s.target(b).all_starts_average())
            .unwrap_or(f64::NAN)
    };
    let mut ordered = true;
    let mut computed = Vec::new();
    for s in &regimes {
        let means: Vec<f64> = doc::TARGET_ORDER.iter().map(|b| mean_of(s, b)).collect();
        ordered &= means.windows(2).all(|w| w[0] < w[1]);
        computed.push(format!(
            "{}: {}",
            s.regime.name(),
            doc::TARGET_ORDER
                .iter()
                .zip(&means)
                .map(|(b, m)| format!("{b} {m:.4}"))
                .collect::<Vec<_>>()
                .join(" < ")
        ));
    }
    out.push(
        Claim::published(
            FAMILY,
            &seed_id("target_order"),
            SEED,
            "Unrestricted and Hybrid 4x2: the mean clicks over every start to all white, the alternating pattern and \
                all red, in that order from easiest",
            doc::TARGET_ORDER.join(" < "),
            computed.join("; "),
            Verdict::of(ordered),
            &format!(
                "{all_file}, rows target = {}, columns regime, target and mean_clicks",
                doc::TARGET_ORDER.join(", ")
            ),
        )
        .quoted(doc::TARGET_ORDER_SENTENCE),
    );
    let mut hardest = true;
    let mut ranks = Vec::new();
    for s in &regimes {
        let red = mean_of(s, "RRRR.RRRR");
        let means: Vec<f64> = s.targets.iter().filter_map(|t| t.all_starts_average()).collect();
        let harder = means.iter().filter(|&&m| m > red).count();
        let share = (harder + 1) as f64 / means.len() as f64;
        hardest &= share <= doc::HARDEST_SHARE;
        ranks.push(format!(
            "{}: rank {} of {} targets by mean clicks ({red:.4}), in the hardest {:.2}%",
            s.regime.name(),
            harder + 1,
            means.len(),
            100.0 * share
        ));
    }
    out.push(
        Claim::published(
            FAMILY,
            &seed_id("all_red_typically_hardest"),
            SEED,
            &format!(
                "Unrestricted and Hybrid 4x2: all red is one of the hardest targets, read as: its mean clicks over \
                    every start place it among the hardest {:.0}% of the targets some start reaches (our reading; \
                    the document gives no measure)",
                100.0 * doc::HARDEST_SHARE
            ),
            "one of the most difficult of all",
            ranks.join("; "),
            Verdict::of(hardest),
            &format!("{all_file}, columns regime, target and mean_clicks (every target, ranked by mean_clicks)"),
        )
        .quoted(doc::TYPICALLY_ALL_RED),
    );
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

/// A symmetry of the 4x4 square, on (row, column).
type SquareMap = fn(usize, usize) -> (usize, usize);

/// The counts of the document's "How many states ?": 3^8 boards of a half, 3^16 (start, board)
/// pairs of a half, and 3^32 pairs of the 4x4, of which symmetry removes at most 7/8.
fn counting_claims(r: &TricoloreResults, out: &mut Vec<Claim>) {
    if let Some(u) = r.king(Regime::Unrestricted) {
        let boards = u64::from(u.boards());
        out.push(
            Claim::compare(
                FAMILY,
                &seed_id("half_pairs"),
                SEED,
                "4x2: boards of two rows, and (start, target) pairs of them",
                "6561 boards; 43046721 pairs",
                format!("{boards} boards; {} pairs", boards * boards),
                &format!(
                    "{}, column target (one row per board); pairs = boards x boards",
                    half_file(Regime::Unrestricted, false, "targets.csv")
                ),
            )
            .quoted(doc::PAIRS_SENTENCE),
        );
        if u.reached.len() > 1 {
            between_claim(r, out);
        }
    }
    let Some(f) = r.fulls.first() else { return };
    let boards = u128::from(f.grid.boards());
    let pairs = boards * boards;
    // Burnside over the square's 8 symmetries acting on (start, target) pairs: a symmetry with c
    // cycles on the 16 squares fixes 3^c boards, so 3^(2c) pairs.
    let maps: [SquareMap; 8] = [
        |r, c| (r, c),
        |r, c| (c, 3 - r),
        |r, c| (3 - r, 3 - c),
        |r, c| (3 - c, r),
        |r, c| (r, 3 - c),
        |r, c| (3 - r, c),
        |r, c| (c, r),
        |r, c| (3 - c, 3 - r),
    ];
    let fixed: u128 = maps
        .iter()
        .map(|g| {
            let mut seen = [false; 16];
            let mut cycles = 0u32;
            for s in 0..16 {
                if seen[s] {
                    continue;
                }
                cycles += 1;
                let mut q = s;
                while !seen[q] {
                    seen[q] = true;
                    let (r2, c2) = g(q / 4, q % 4);
                    q = r2 * 4 + c2;
                }
            }
            3u128.pow(2 * cycles)
        })
        .sum();
    let classes = fixed / maps.len() as u128;
    let eliminated = 1.0 - classes as f64 / pairs as f64;
    let sci = format!("{:.2e}", pairs as f64);
    out.push(
        Claim::published(
            FAMILY,
            &seed_id("full_pairs_symmetry"),
            SEED,
            "4x4: (start, target) pairs, (3^16)^2; the square's 8 symmetries (turns and mirrors) eliminate at most 7/8 \
                of them, and what is left is still very large (the capture lost the exponents: \"316 squared, or \
                1.85×1015\" is 3^16 squared, 1.85 x 10^15)",
            format!("{}; 7/8 eliminated by symmetry", doc::PAIRS_4X4),
            format!(
                "{pairs} = {sci}; {classes} classes of pairs under the 8 symmetries (Burnside), so symmetry eliminates \
                    {:.7}% of them, just under 7/8 = 87.5%, and leaves {:.2e}",
                100.0 * eliminated,
                classes as f64
            ),
            Verdict::of(sci == doc::PAIRS_4X4 && eliminated <= 0.875 && eliminated > 0.8749),
            &format!(
                "data/tricolore/full/distance_to_{}.csv, column boards (its sum is the 3^16 boards); pairs = boards \
                    squared; classes by Burnside's lemma over the square's 8 symmetries",
                f.grid.format(f.target)
            ),
        )
        .quoted(doc::SYMMETRY_SENTENCE),
    );
}

/// "As might be expected, the effectiveness of this method lies between the other two": the
/// Hybrid regime's mean clicks and its range of maxima lie between Unrestricted's and Restricted's.
fn between_claim(r: &TricoloreResults, out: &mut Vec<Claim>) {
    let (Some(u), Some(h), Some(x)) = (
        r.king(Regime::Unrestricted),
        r.king(Regime::Hybrid),
        r.king(Regime::Restricted),
    ) else {
        return;
    };
    let (ru, rh, rx) = (range(u), range(h), range(x));
    let between =
        u.mean_clicks() < h.mean_clicks() && h.mean_clicks() < x.mean_clicks() && ru.1 <= rh.0 && rh.1 <= rx.0;
    out.push(
        Claim::published(
            FAMILY,
            &seed_id("hybrid_between"),
            SEED,
            "4x2: the Hybrid regime lies between Unrestricted and Restricted, in mean clicks over all (start, board) \
                pairs and in the range of the most clicks a start needs",
            "between the other two",
            format!(
                "mean clicks: unrestricted {:.4} < hybrid {:.4} < restricted {:.4}; maxima: unrestricted {}-{}, hybrid \
                    {}-{}, restricted {}-{}",
                u.mean_clicks(),
                h.mean_clicks(),
                x.mean_clicks(),
                ru.0,
                ru.1,
                rh.0,
                rh.1,
                rx.0,
                rx.1
            ),
            Verdict::of(between),
            &format!(
                "{}, {} and {}, columns clicks and reached; {}, {} and {}, column max_clicks",
                half_file(Regime::Unrestricted, false, "table.csv"),
                half_file(Regime::Hybrid, false, "table.csv"),
                half_file(Regime::Restricted, false, "table.csv"),
                half_file(Regime::Unrestricted, false, "eccentricity.csv"),
                half_file(Regime::Hybrid, false, "eccentricity.csv"),
                half_file(Regime::Restricted, false, "eccentricity.csv")
            ),
        )
        .quoted(doc::HYBRID_BETWEEN),
    );
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
                    "{file}, row start_board = {from}, target_board = {to}, column clicks; `statespace tricolore solve \
                    --from {from} --to {to}` prints one"
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

/// The method's figures for one target tested on every board: (target, mean clicks, percent
/// of boards within `k16` clicks).
fn method_runs(r: &TricoloreResults, k16: usize) -> Vec<(String, f64, f64)> {
    let Some(v) = &r.verdicts else { return Vec::new() };
    v.halves
        .iter()
        .filter(|h| !h.extension)
        .map(|h| {
            (
                h.target.clone(),
                h.mean_halves(),
                100.0 * h.halves_within(k16 as u16) as f64 / h.solved() as f64,
            )
        })
        .collect()
}

/// Seed 003's overall figures for the halves method ("On average, the number would be 12 or 13,
/// and in about 94% of cases, 16 or fewer"; "Overall, in 94% of cases, 16 or fewer clicks are
/// needed, on average, 12.9"), judged against the method it describes: its run on every 4x4 board,
/// per target tested. The document's own figures compose its two half tables as independent halves
/// (a model, shown beside). The sentences name no target, so each is refuted by a target tested
/// where it fails, and holds where checked when it holds for every one: `average_ok` says whether a
/// mean fits the printed average, the share must be the printed whole percent. Without the
/// exhaustive runs there is nothing to judge, and no claim.
pub fn halves_average_verdict(runs: &[(String, f64, f64)], average_ok: impl Fn(f64) -> bool, pct: u32) -> Verdict {
    if runs
        .iter()
        .all(|(_, mean, share)| average_ok(*mean) && share.round() as u32 == pct)
    {
        Verdict::HoldsWhereChecked
    } else {
        Verdict::Refuted
    }
}

fn composed_halves_claims(r: &TricoloreResults, out: &mut Vec<Claim>) {
    let Some(c) = &r.composed else { return };
    let (k16, pct) = doc::HALVES_SHARE;
    let runs = method_runs(r, k16);
    if runs.is_empty() {
        return;
    }
    let (tables, sources) = composed_sources(r, pct, k16);
    let method = runs
        .iter()
        .map(|(t, m, w)| format!("to {t}: mean {m:.4}, {w:.2}% within {k16}"))
        .collect::<Vec<_>>()
        .join("; ");
    let computed = format!(
        "the method on every board, {method}; the model (two half tables composed): mean {:.4}, {:.2}% within {k16}",
        c.mean(),
        100.0 * c.share_within(k16)
    );
    let targets = runs.iter().map(|r| r.0.as_str()).collect::<Vec<_>>().join(", ");
    let reading = format!(
        "read as the method's figures for a target it solves (its Appendix A solves towards all red), tested on every \
            4x4 board for the {} targets {targets}; the document's own figures compose its two half tables as \
            independent halves, a model averaged over all targets, which the computed value shows last",
        runs.len()
    );
    let evidence = format!(
        "data/tricolore/full/{}, rows border_extension = false, columns target, mean_halves, halves_within_16_boards \
            and boards_compared (the method); the model: {tables}; {sources}",
        verdicts::HALVES_SUMMARY_CSV
    );
    out.push(
        Claim::published(
            FAMILY,
            &seed_id("halves_average_12_or_13"),
            SEED,
            &format!(
                "The halves method: on average 12 or 13 clicks, and about {pct}% of cases within {k16}; {reading}"
            ),
            format!("average 12 or 13; about {pct}% within {k16}"),
            &computed,
            halves_average_verdict(&runs, |m| (11.5..13.5).contains(&m), pct),
            &evidence,
        )
        .quoted(&format!(
            "On average, the number would be 12 or 13, and in about {pct}% of cases, {k16} or fewer."
        ))
        .scoped(Scope::Cases),
    );
    out.push(
        Claim::published(
            FAMILY,
            &seed_id("halves_average"),
            SEED,
            &format!(
                "The halves method: {pct}% of cases within {k16} clicks, on average {} (one decimal); {reading}",
                doc::HALVES_AVERAGE
            ),
            format!("{pct}% within {k16}; average {}", doc::HALVES_AVERAGE),
            &computed,
            halves_average_verdict(&runs, |m| format!("{m:.1}") == doc::HALVES_AVERAGE, pct),
            &evidence,
        )
        .quoted(&format!(
            "Overall, in {pct}% of cases, {k16} or fewer clicks are needed, on average, {}.",
            doc::HALVES_AVERAGE
        ))
        .scoped(Scope::Cases),
    );
}

/// Where the model's figures come from: the two tables; and what the printed share is (the
/// product of the rounded shares).
fn composed_sources(r: &TricoloreResults, pct: u32, k16: usize) -> (String, String) {
    let shares = |(reg, k, _): (Regime, usize, u32)| r.king(reg).map_or(0.0, |s| evidence::share_within(s, k));
    let product = 100.0 * shares(doc::WITHIN_SHARES[0]) * shares(doc::WITHIN_SHARES[1]);
    let u = r.king(Regime::Unrestricted).map_or(0.0, |s| s.mean_clicks());
    let h = r.king(Regime::Hybrid).map_or(0.0, |s| s.mean_clicks());
    let prose_sum: f64 = doc::AVERAGE_CLICKS
        .iter()
        .map(|a| a.4.parse::<f64>().expect("a number"))
        .sum();
    let tables = format!(
        "{} and {}, columns clicks and reached, composed (top half, bottom half, independently)",
        half_file(Regime::Unrestricted, false, "table.csv"),
        half_file(Regime::Hybrid, false, "table.csv")
    );
    let printed = format!(
        "the printed {pct}% is the product of the rounded shares {}% x {}% = {:.2}% (unrounded {product:.2}%), the \
            share within {} and {} clicks, a lower bound on the model's share within {k16}; the model's mean is {u:.4} \
            (Unrestricted) + {h:.4} (Hybrid), where the printed {} is the sum of the prose's rounded means \
            ({prose_sum:.1})",
        doc::WITHIN_SHARES[0].2,
        doc::WITHIN_SHARES[1].2,
        f64::from(doc::WITHIN_SHARES[0].2 * doc::WITHIN_SHARES[1].2) / 100.0,
        doc::WITHIN_SHARES[0].1,
        doc::WITHIN_SHARES[1].1,
        doc::HALVES_AVERAGE
    );
    (tables, printed)
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map_or(String::new(), |f| f.to_uppercase().collect::<String>() + c.as_str())
}
