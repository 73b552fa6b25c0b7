//! The family's data dictionary: every file under `data/tricolore/` and every column, with its type.

use crate::output::datapackage::{field, FieldDoc, Kind::*, ResourceDoc};

const SOURCE: &str = "Computed by statespace (rules: seed 003, \"A Study of Tricolore XP\")";

/// The half-board files exist for king adjacency (`tricolore/half_{regime}/`) and orthogonal
/// adjacency (`tricolore/orthogonal/half_{regime}/`); both get the same entry.
fn both(
    king: &'static str,
    orthogonal: &'static str,
    description: &'static str,
    fields: Vec<FieldDoc>,
    primary_key: Vec<&'static str>,
) -> [ResourceDoc; 2] {
    let doc = |pattern| ResourceDoc {
        pattern,
        description,
        fields: fields.clone(),
        primary_key: primary_key.clone(),
        source: SOURCE,
    };
    [doc(king), doc(orthogonal)]
}

pub fn resources() -> Vec<ResourceDoc> {
    let board = "a 4x2 board, rows joined by '.' (R red, W white, B blue), e.g. WBWW.WBRB";
    let mut out = Vec::new();
    out.extend(both(
        "tricolore/half_*/table.csv",
        "tricolore/orthogonal/half_*/table.csv",
        "The document's half-board table for one click regime (4x2 board): (start, board) pairs first reached after k \
            clicks, over the 3321 mirror-pair representative starts. No totals row: the total is the sum of reached.",
        vec![
            field(
                "clicks",
                Integer,
                "k, the fewest clicks after which a board is first shown (the start itself at its \
                first return); the first click is free",
                "clicks",
            ),
            field(
                "reached",
                Integer,
                "(start, board) pairs first reached after exactly k clicks, over the 3321 starts",
                "",
            ),
            field(
                "mean_per_start",
                Number,
                "reached / 3321: boards first reached after k clicks per start, on average",
                "",
            ),
            field(
                "share",
                Number,
                "reached / (sum of reached over all k): share of all (start, board) pairs, a decimal in [0, 1]",
                "fraction",
            ),
        ],
        vec!["clicks"],
    ));
    out.extend(both(
        "tricolore/half_*/targets.csv",
        "tricolore/orthogonal/half_*/targets.csv",
        "Clicks to reach each final state of the 4x2 board, over the 3321 representative starts other than it (the \
            document's reversed table, for every board).",
        vec![
            field("target", String, board, ""),
            field(
                "starts",
                Integer,
                "representative starts other than the target that can reach it (0: no start can)",
                "",
            ),
            field(
                "mean_clicks",
                Number,
                "mean fewest clicks to the target over those starts; empty when none",
                "clicks",
            ),
            field(
                "max_clicks",
                Integer,
                "most clicks any of those starts needs; empty when none",
                "clicks",
            ),
        ],
        vec!["target"],
    ));
    out.extend(both(
        "tricolore/half_*/eccentricity.csv",
        "tricolore/orthogonal/half_*/eccentricity.csv",
        "Starts by their eccentricity: how many of the 3321 representative starts need at most this many clicks to \
            reach every board they can reach, and exactly this many for some.",
        vec![
            field(
                "max_clicks",
                Integer,
                "eccentricity of the start: the most of the fewest clicks, over every board \
                reachable from it, the start itself counted at its first return (as in starts.csv and \
                seed003_maxima.csv)",
                "clicks",
            ),
            field("starts", Integer, "representative starts with this eccentricity", ""),
        ],
        vec!["max_clicks"],
    ));
    out.extend(both(
        "tricolore/half_*/starts.csv",
        "tricolore/orthogonal/half_*/starts.csv",
        "One row per mirror-pair representative start (the board first in R < W < B order of a board and its \
            left-right mirror image): what it reaches and in how many clicks.",
        vec![
            field("start_board", String, board, ""),
            field(
                "reachable_boards",
                Integer,
                "boards reachable from the start (the start itself when it can return to it)",
                "",
            ),
            field(
                "max_clicks",
                Integer,
                "eccentricity: the most clicks any reachable board needs, the start itself \
                counted at its first return (as in eccentricity.csv and seed003_maxima.csv)",
                "clicks",
            ),
            field(
                "mean_clicks",
                Number,
                "mean fewest clicks over the reachable boards (4 decimals)",
                "clicks",
            ),
        ],
        vec!["start_board"],
    ));
    out.extend(both(
        "tricolore/half_*/distances.parquet",
        "tricolore/orthogonal/half_*/distances.parquet",
        "Fewest clicks between every pair of 4x2 boards, 6561 x 6561 rows (written by `statespace tricolore half`, not \
            committed).",
        vec![
            field("start_index", Integer, "board index: the base-3 number whose digits are the squares row by row \
                (R=0, W=1, B=2; square 0 most significant), so index order is text order with R < W < B", ""),
            field("target_index", Integer, "board index, as start_index", ""),
            field("clicks", Integer, "fewest clicks from start after which target is shown (first click free; for \
                start = target the first return); null when never", "clicks"),
        ],
        vec!["start_index", "target_index"],
    ));
    out.push(ResourceDoc {
        pattern: "tricolore/boards.csv",
        description: "One row per Tricolore board studied: the 4x2 half board per adjacency and click regime (starts: \
            the 3321 mirror-pair representatives; targets: every board), and the 4x4 board per target (starts: every \
            board; unrestricted regime, king adjacency). How many (start, target) pairs are reachable, and the most \
            and mean fewest clicks over them.",
        fields: vec![
            field(
                "board_size",
                String,
                "columns x rows of the board: 4x2 (the document's half board) or 4x4",
                "",
            ),
            field(
                "adjacency",
                String,
                "king (8 surrounding squares adjoin) or orthogonal (4)",
                "",
            ),
            field("regime", String, "unrestricted, hybrid or restricted", ""),
            field(
                "target",
                String,
                "the 4x4 target board, rows joined by '.'; empty for the half board (every board is a target)",
                "",
            ),
            field("boards", Integer, "boards of this size, 3^squares", ""),
            field(
                "starts",
                Integer,
                "start boards counted (half board: mirror-pair representatives; 4x4: every board)",
                "",
            ),
            field(
                "pairs",
                Integer,
                "(start, target) pairs: starts x boards on the half board, boards on the 4x4 board (one target)",
                "",
            ),
            field(
                "reachable_pairs",
                Integer,
                "pairs whose target some click sequence from the start shows (the start itself at its first return)",
                "",
            ),
            field(
                "share_reachable",
                Number,
                "reachable_pairs / pairs, in [0, 1] (6 decimals)",
                "fraction",
            ),
            field(
                "max_clicks",
                Integer,
                "the most clicks any reachable pair needs",
                "clicks",
            ),
            field(
                "mean_clicks",
                Number,
                "mean fewest clicks over the reachable pairs (6 decimals)",
                "clicks",
            ),
        ],
        primary_key: vec!["board_size", "adjacency", "regime", "target"],
        source: SOURCE,
    });
    out.push(ResourceDoc {
        pattern: "tricolore/full/distance_to_*.csv",
        description: "The full 4x4 board: boards and (board, last click) states by fewest clicks to the target named \
            in the file name, over all 3^16 boards. Boards that cannot reach the target are not listed (the report \
            gives their number).",
        fields: vec![
            field(
                "clicks",
                Integer,
                "fewest clicks to the target (first click free)",
                "clicks",
            ),
            field("boards", Integer, "boards (no previous click) at this distance", ""),
            field(
                "states",
                Integer,
                "(board, last click) states at this distance, the last click being none or one of the 16 squares",
                "",
            ),
        ],
        primary_key: vec!["clicks"],
        source: SOURCE,
    });
    out.push(ResourceDoc {
        pattern: "tricolore/full_5x4/distance_to_*.csv",
        description: "The 5x4 board (king adjacency): boards and (board, last click) states by fewest clicks to the \
            target named in the file name, over all 3^20 = 3,486,784,401 boards, from one backward search up to the \
            target's symmetries, counts weighted by orbit size. Boards that cannot reach the target are not listed \
            (summary.csv gives their number). The default reproduce reads it back and re-checks it (totals, levels 0-5 \
            by a separate bounded search); reproduce --full searches again.",
        fields: vec![
            field(
                "clicks",
                Integer,
                "fewest clicks to the target (first click free)",
                "clicks",
            ),
            field("boards", Integer, "boards (no previous click) at this distance", ""),
            field(
                "states",
                Integer,
                "(board, last click) states at this distance, the last click being none or one of the 20 squares",
                "",
            ),
        ],
        primary_key: vec!["clicks"],
        source: SOURCE,
    });
    out.push(ResourceDoc {
        pattern: "tricolore/full_5x4/summary.csv",
        description: "The 5x4 board, one row per target (all red, all white, the checkerboard): the symmetries its \
            search ran up to, the maximum and mean fewest clicks, and the boards and states that cannot reach it.",
        fields: vec![
            field("board_size", String, "columns x rows: 5x4", ""),
            field(
                "adjacency",
                String,
                "which squares adjoin: king (the up to 8 surrounding squares)",
                "",
            ),
            field("target", String, "the target board, rows joined by '.' (R, W, B)", ""),
            field(
                "symmetries",
                String,
                "the rectangle symmetries fixing the target, separated by \"; \": the search \
                visits one board per orbit",
                "",
            ),
            field(
                "boards_up_to_symmetry",
                Integer,
                "boards up to those symmetries (Burnside): the boards the search visits",
                "",
            ),
            field("boards", Integer, "all boards, 3^20", ""),
            field(
                "max_clicks",
                Integer,
                "the most clicks any board that can reach the target needs (first click free)",
                "clicks",
            ),
            field(
                "mean_clicks",
                Number,
                "mean fewest clicks over the boards that can reach the target",
                "clicks",
            ),
            field("farthest_boards", Integer, "boards that need max_clicks clicks", ""),
            field("unreachable", Integer, "boards that cannot reach the target", ""),
            field(
                "unreachable_states",
                Integer,
                "(board, last click) states that cannot reach the target, of the 21 x 3^20",
                "",
            ),
            field(
                "unreachable_list",
                String,
                "the boards that cannot reach the target, ascending, separated by \
                spaces, when at most 1000; empty when none or more",
                "",
            ),
        ],
        primary_key: vec!["target"],
        source: SOURCE,
    });
    out.push(ResourceDoc {
        pattern: "tricolore/full/reachability.csv",
        description: "Evidence that from every (board, last click) state of the 4x4 board every board but all blue is \
            reachable: a backward search to all red, then forward searches from all red after a click on one square of \
            each symmetry class.",
        fields: vec![
            field("search", String, "the search made, in words", ""),
            field(
                "examined",
                Integer,
                "(board, last click) states (backward search) or boards (forward searches) examined",
                "",
            ),
            field("missed", Integer, "of those, the ones not reached", ""),
            field(
                "missed_boards",
                String,
                "the missed boards (up to 10), separated by spaces; empty when none",
                "",
            ),
        ],
        primary_key: vec!["search"],
        source: SOURCE,
    });
    out.push(ResourceDoc {
        pattern: "tricolore/seed003_named_starts.csv",
        description: "The 4x2 starts seed 003 names (WBWW.WBRW, WBWW.WBRB, all red), Unrestricted regime, king \
            adjacency: the fewest clicks from each to every other board it reaches. The start itself and the \
            unreachable BBBB.BBBB are not listed.",
        fields: vec![
            field("start_board", String, board, ""),
            field("target_board", String, board, ""),
            field(
                "clicks",
                Integer,
                "fewest clicks from start_board to target_board (the first click is free)",
                "clicks",
            ),
        ],
        primary_key: vec!["start_board", "target_board"],
        source: SOURCE,
    });
    out.push(ResourceDoc {
        pattern: "tricolore/seed003_halves_example.csv",
        description:
            "Seed 003's worked 4x4 example (Appendix A), solved three ways: the halves method as the document \
            plays it, the halves method with the best choice among optimal top-half solutions, and the optimum over \
            the whole board.",
        fields: vec![
            field("start_board", String, "the 4x4 start, rows joined by '.'", ""),
            field("target_board", String, "the 4x4 target, rows joined by '.'", ""),
            field(
                "method",
                String,
                "halves (lowest square among optimal clicks at each step), halves with the best \
                top-half solution, or optimal",
                "",
            ),
            field("clicks", Integer, "clicks the method takes", "clicks"),
            field(
                "top_half_clicks",
                Integer,
                "of those, clicks while solving the top half (halves only; empty otherwise)",
                "clicks",
            ),
        ],
        primary_key: vec!["method"],
        source: SOURCE,
    });
    out.push(ResourceDoc {
        pattern: "tricolore/seed003_maxima.csv",
        description: "Per click regime of the 4x2 half board (king adjacency): the most clicks any start needs to \
            reach some other board, and which starts and targets need it (seed 003's \"a scant minority of starting \
            positions (often All Red) require the maximum\").",
        fields: vec![
            field("regime", String, "unrestricted, hybrid or restricted", ""),
            field(
                "max_clicks",
                Integer,
                "the most clicks any start needs for some reachable board (a start's maximum \
                counts the start itself at its first return, as eccentricity.csv and starts.csv do)",
                "clicks",
            ),
            field("starts", Integer, "starts (all 6561 boards of the 4x2 half)", ""),
            field(
                "starts_at_max",
                Integer,
                "starts needing max_clicks for at least one board",
                "",
            ),
            field(
                "share_at_max",
                Number,
                "starts_at_max / starts, in [0, 1] (6 decimals)",
                "fraction",
            ),
            field(
                "representative_starts",
                Integer,
                "mirror-pair representatives (the document's 3321)",
                "",
            ),
            field(
                "representatives_at_max",
                Integer,
                "of those, representatives needing max_clicks",
                "",
            ),
            field(
                "all_red_start_max_clicks",
                Integer,
                "the most clicks all red as a start needs (its max_clicks in starts.csv)",
                "clicks",
            ),
            field(
                "targets_at_max",
                Integer,
                "boards that some start needs max_clicks to reach",
                "",
            ),
            field(
                "all_red_target_at_max",
                Boolean,
                "true when all red is one of those boards",
                "",
            ),
        ],
        primary_key: vec!["regime"],
        source: SOURCE,
    });
    out.push(ResourceDoc {
        pattern: "tricolore/seed003_slowest_starts.csv",
        description: "Every start of the 4x2 half board (king adjacency) that needs its regime's maximum number of \
            clicks for some board.",
        fields: vec![
            field("regime", String, "unrestricted, hybrid or restricted", ""),
            field(
                "start_board",
                String,
                "the start board, top row . bottom row (R, W, B)",
                "",
            ),
            field("max_clicks", Integer, "the regime's maximum", "clicks"),
            field(
                "boards_at_max",
                Integer,
                "boards this start needs max_clicks to reach",
                "",
            ),
            field(
                "mirror_symmetric",
                Boolean,
                "true when the start is its own left-right mirror image",
                "",
            ),
        ],
        primary_key: vec!["regime", "start_board"],
        source: SOURCE,
    });
    out.push(ResourceDoc {
        pattern: "tricolore/full/halves_exhaustive_joint.csv",
        description: "The halves method against the optimum on every 4x4 board: boards by (optimal clicks, \
            halves-method clicks) per target, over the boards both can solve.",
        fields: vec![
            field("target", String, "the 4x4 target board, rows joined by '.'", ""),
            field(
                "optimal_clicks",
                Integer,
                "fewest clicks from the board to the target (first click free)",
                "clicks",
            ),
            field(
                "halves_clicks",
                Integer,
                "clicks the document's halves method takes",
                "clicks",
            ),
            field("boards", Integer, "boards with this pair of values", ""),
        ],
        primary_key: vec!["target", "optimal_clicks", "halves_clicks"],
        source: SOURCE,
    });
    out.push(ResourceDoc {
        pattern: "tricolore/full/halves_exhaustive_summary.csv",
        description: "The halves method against the optimum on all 3^16 boards, one row per target (the applet's \
            targets and targets with an all-blue border, which the document's extension solves after turning the \
            board).",
        fields: vec![
            field("target", String, "the 4x4 target board, rows joined by '.'", ""),
            field(
                "border_extension",
                Boolean,
                "true when the all-blue-border extension was used",
                "",
            ),
            field(
                "quarter_turns",
                Integer,
                "quarter turns applied before the halves method",
                "",
            ),
            field("boards", Integer, "boards examined (3^16)", ""),
            field(
                "boards_compared",
                Integer,
                "boards both the halves method and the optimum solve",
                "",
            ),
            field("halves_unsolved", Integer, "boards the halves method cannot solve", ""),
            field(
                "unreachable",
                Integer,
                "boards from which the target cannot be reached at all",
                "",
            ),
            field(
                "mean_optimal",
                Number,
                "mean fewest clicks over the compared boards (6 decimals)",
                "clicks",
            ),
            field(
                "mean_halves",
                Number,
                "mean halves-method clicks over the same boards (6 decimals)",
                "clicks",
            ),
            field("max_optimal", Integer, "the most clicks the optimum needs", "clicks"),
            field(
                "max_halves",
                Integer,
                "the most clicks the halves method takes",
                "clicks",
            ),
            field(
                "max_excess_clicks",
                Integer,
                "largest halves - optimal over the compared boards",
                "clicks",
            ),
            field(
                "halves_optimal_boards",
                Integer,
                "boards where the halves method is optimal",
                "",
            ),
            field(
                "halves_within_16_boards",
                Integer,
                "boards where the halves method takes 16 clicks or fewer",
                "",
            ),
        ],
        primary_key: vec!["target"],
        source: SOURCE,
    });
    out
}
