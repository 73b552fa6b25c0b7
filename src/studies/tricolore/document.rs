//! What the source document ("A Study of Tricolore XP") prints, transcribed once so the report
//! can set each claim beside the computed value. The tests hold the outputs to the same numbers
//! through tests/data/tricolore/*.csv.

use crate::puzzles::tricolore::Regime;

/// The "Statistics for all starting states" tables: (clicks, reached).
pub const UNRESTRICTED_TABLE: &[(usize, u64)] = &[
    (1, 25092),
    (2, 126341),
    (3, 608623),
    (4, 2440042),
    (5, 6550422),
    (6, 8140823),
    (7, 3376269),
    (8, 495642),
    (9, 22418),
    (10, 88),
];
pub const UNRESTRICTED_TOTAL: u64 = 21785760;
pub const HYBRID_TABLE: &[(usize, u64)] = &[
    (1, 17652),
    (2, 55834),
    (3, 182285),
    (4, 536865),
    (5, 1483846),
    (6, 3440533),
    (7, 5804350),
    (8, 5853716),
    (9, 3192766),
    (10, 871813),
    (11, 79094),
    (12, 1326),
];
pub const HYBRID_TOTAL: u64 = 21520080;
/// The tables' Average and Percent columns as printed, per row: (clicks, average per start at one
/// decimal, whole percent). The Percent column adds up to 100, its Total row's figure.
pub const UNRESTRICTED_COLUMNS: &[(usize, &str, u64)] = &[
    (1, "7.6", 0),
    (2, "38.0", 1),
    (3, "183.3", 3),
    (4, "734.7", 11),
    (5, "1972.4", 30),
    (6, "2451.3", 37),
    (7, "1016.6", 16),
    (8, "149.2", 2),
    (9, "6.8", 0),
    (10, "0.0", 0),
];
pub const HYBRID_COLUMNS: &[(usize, &str, u64)] = &[
    (1, "5.3", 0),
    (2, "16.8", 0),
    (3, "54.9", 1),
    (4, "161.7", 3),
    (5, "446.8", 7),
    (6, "1036.0", 16),
    (7, "1747.8", 27),
    (8, "1762.6", 27),
    (9, "961.4", 15),
    (10, "262.5", 4),
    (11, "23.8", 0),
    (12, "0.4", 0),
];

pub fn columns(regime: Regime) -> Option<&'static [(usize, &'static str, u64)]> {
    match regime {
        Regime::Unrestricted => Some(UNRESTRICTED_COLUMNS),
        Regime::Hybrid => Some(HYBRID_COLUMNS),
        Regime::Restricted => None,
    }
}

/// Boards every start reaches (the table's "Total" average).
pub const REACHED_PER_START: [(Regime, u64); 2] = [(Regime::Unrestricted, 6560), (Regime::Hybrid, 6480)];

pub fn table(regime: Regime) -> Option<(&'static [(usize, u64)], u64)> {
    match regime {
        Regime::Unrestricted => Some((UNRESTRICTED_TABLE, UNRESTRICTED_TOTAL)),
        Regime::Hybrid => Some((HYBRID_TABLE, HYBRID_TOTAL)),
        Regime::Restricted => None,
    }
}

/// The tables' last row as captured, "Average Clicks5.694%": the cell Average 5.6 run into the
/// cell Percent 94% (the share of paths in the table's bold range, which the capture lost), and
/// the prose's means ("the average number of clicks required is 5.6, and for Hybrid, it is 7.3"):
/// (regime, the row as captured, the average cell, the percent cell, the prose mean).
pub const AVERAGE_CLICKS: [(Regime, &str, &str, u32, &str); 2] = [
    (Regime::Unrestricted, "Average Clicks5.694%", "5.6", 94, "5.6"),
    (Regime::Hybrid, "Average Clicks7.385%", "7.3", 85, "7.3"),
];
/// The one sentence that gives both prose means.
pub const AVERAGE_PROSE: &str = "The vast majority of cases are shorter: for Unrestricted, the average number of \
    clicks required is 5.6, and for Hybrid, it is 7.3.";
/// The bold range of a table ("The range where most paths fall is shown in bold"), lost in the
/// capture, read as the rows that each hold at least this share of the paths (Unrestricted 4-7:
/// 11%, 30%, 37%, 15%; Hybrid 6-9: 16%, 27%, 27%, 15%; every other row is under 8%).
pub const BOLD_ROW_SHARE: f64 = 0.10;

/// The reversed table: (regime, final state, average, maximum) over all starting states.
pub const TARGETS: [(Regime, &str, &str, u8); 6] = [
    (Regime::Unrestricted, "WWWW.WWWW", "4.6", 6),
    (Regime::Unrestricted, "WBWB.BWBW", "5.0", 7),
    (Regime::Unrestricted, "RRRR.RRRR", "7.4", 10),
    (Regime::Hybrid, "WWWW.WWWW", "5.6", 9),
    (Regime::Hybrid, "WBWB.BWBW", "6.3", 9),
    (Regime::Hybrid, "RRRR.RRRR", "8.7", 12),
];

/// Ranges of the maximum clicks needed per start.
pub const MAX_CLICK_RANGES: [(Regime, u8, u8); 3] = [
    (Regime::Unrestricted, 7, 10),
    (Regime::Hybrid, 10, 12),
    (Regime::Restricted, 14, 16),
];

/// "We can use Unrestricted 4x2 ... in up to 10 clicks (or 7 in 98% of cases). Then ... Hybrid
/// ... in up to 12 clicks (or 9 in 96% of cases)": (regime, clicks, percent of pairs within).
pub const WITHIN_SHARES: [(Regime, usize, u32); 2] = [(Regime::Unrestricted, 7, 98), (Regime::Hybrid, 9, 96)];

/// Unrestricted examples: from WBWW.WBRW every board within 7 clicks; from WBWW.WBRB 115 boards
/// need 8 clicks and 2 need 9.
pub const EASY_START: (&str, u8) = ("WBWW.WBRW", 7);
pub const HARD_START: (&str, u64, u64) = ("WBWW.WBRB", 115, 2);
/// "there is a sequence of 4 clicks" from all red to all white.
pub const RED_TO_WHITE: (&str, &str, usize) = ("RRRR.RRRR", "WWWW.WWWW", 4);

/// Appendix A: the halves method takes 17 clicks from this board to all red.
pub const HALVES_EXAMPLE: (&str, &str, usize) = ("RRRB.BRWR.WBWR.RRBW", "RRRR.RRRR.RRRR.RRRR", 17);
/// "a total of at most 10+12 = 22 clicks"; with the all-blue-border extension, 23.
pub const HALVES_BOUND: usize = 22;
pub const HALVES_BOUND_EXTENDED: usize = 23;
/// "Overall, in 94% of cases, 16 or fewer clicks are needed, on average, 12.9."
pub const HALVES_SHARE: (usize, u32) = (16, 94);
pub const HALVES_AVERAGE: &str = "12.9";
/// "This method is not quite optimal ... but this result is pretty close."
pub const PRETTY_CLOSE: &str =
    "This method is not quite optimal: we could do better by allowing unrestricted clicking \
    on the whole board. Unfortunately, solving that problem requires more computer (or time) than I have to devote, \
    but this result is pretty close.";
/// "(The same figure for the full 4x4 is 3^16 squared, or 1.85x10^15. Even with elimination of 7/8
/// of these cases because of symmetry, there would still be a very large number.)"
pub const SYMMETRY_SENTENCE: &str = "(The same figure for the full 4×4 is 316 squared, or 1.85×1015. Even with \
    elimination of 7/8 of these cases because of symmetry, there would still be a very large number.)";
/// The printed figure 1.85x10^15 (the capture lost the superscripts: "1.85×1015").
pub const PAIRS_4X4: &str = "1.85e15";
/// "Two rows have 3^8 (6561) states, so the total combinations of reaching all states from any
/// state is 3^16 (43,046,721), a feasible amount."
pub const PAIRS_SENTENCE: &str = "Two rows have 38 (6561) states, so the total combinations of reaching all states \
    from any state is 316 (43,046,721), a feasible amount.";
/// The order of the reversed table's targets, easiest first, and the sentences that state it.
pub const TARGET_ORDER: [&str; 3] = ["WWWW.WWWW", "WBWB.BWBW", "RRRR.RRRR"];
pub const TARGET_ORDER_SENTENCE: &str =
    "We see that All White (WWWW.WWWW) is relatively easy, the Alternating pattern \
    (WBWB.BWBW) falls in the middle, and All Red (RRRR.RRRR) is the most difficult of the three.";
pub const TYPICALLY_ALL_RED: &str = "(Typically, All Red is one of the most difficult of all.)";
/// Our reading of "one of the most difficult of all" (the document gives no measure): among the
/// hardest tenth of the reachable targets by mean clicks.
pub const HARDEST_SHARE: f64 = 0.10;
/// "As might be expected, the effectiveness of this method lies between the other two."
pub const HYBRID_BETWEEN: &str = "As might be expected, the effectiveness of this method lies between the other two.";
