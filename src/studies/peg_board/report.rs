//! A board's page, `reports/peg/<board>.md`: the board's picture, lattice, group and classes, the
//! union table and its chart, the central game's table, the problems table's summary with the
//! fewest moves, and the board's claims (the family pages' claims table). Every figure comes from
//! the study's values; the prose is in `prose/*.md`.

use super::claims::moves_summary;
use super::BoardStudy;
use crate::output::chart::group_thousands as thousands;
use crate::output::chart::{xy_chart, Mark, Rendered, Scale, XYChart, XYSeries};
use crate::output::report::{render_page, Page, Section};
use crate::output::template::prose;
use crate::puzzles::board::{Board, Kind};
use crate::studies::claim::Claim;
use crate::studies::peg::LevelRow;
use anyhow::Result;

/// The chart of the union's levels, under `reports/peg/`.
pub fn levels_chart_stem(board: &str) -> String {
    format!("{board}_levels")
}

/// Reachable and winnable positions of the union by pegs on the board (log scale).
pub fn levels_chart(board: &Board, levels: &[LevelRow]) -> Result<Rendered> {
    let mut rows = levels.to_vec();
    rows.sort_by_key(|r| r.pegs);
    let series = |name: &str, mark: Mark, value: fn(&LevelRow) -> u64| XYSeries {
        name: name.into(),
        points: rows.iter().map(|r| (r.pegs as f64, value(r) as f64)).collect(),
        mark,
        colour: Some(0),
    };
    xy_chart(&XYChart {
        title: format!(
            "Peg solitaire on the {} board: reachable and winnable positions by pegs left",
            board.name()
        ),
        x_label: "pegs on the board".into(),
        y_label: "positions (union over all single-vacancy starts)".into(),
        series: vec![
            series("reachable", Mark::LinePoints, |r| r.reachable),
            series("winnable", Mark::DashedHollow, |r| r.winnable),
        ],
        x_scale: Scale::Linear,
        y_scale: Scale::Log10,
        markers: Vec::new(),
    })
}

/// The opening paragraphs: the board and how it was computed.
fn intro(s: &BoardStudy) -> Vec<String> {
    let b = &s.board;
    let count = |f: &dyn Fn(&Kind) -> bool| b.symmetries().iter().filter(|x| f(&x.kind)).count().to_string();
    let mut out = vec![prose(
        include_str!("prose/board.md"),
        &[
            ("name", b.name()),
            ("holes", &b.holes().to_string()),
            ("lattice", b.lattice().name()),
            ("jumps", &b.jumps().len().to_string()),
            ("order", &b.group_order().to_string()),
            ("rotations", &count(&|k| matches!(k, Kind::Rotation(_)))),
            ("reflections", &count(&|k| *k == Kind::Reflection)),
            ("classes", &b.class_count().to_string()),
        ],
    )];
    if s.saved {
        let (what, verb) = match (s.levels.is_empty(), s.game.is_none()) {
            (false, false) => ("union and game", "were"),
            (false, true) => ("union", "was"),
            _ => ("game", "was"),
        };
        let checks = format!(
            "each level's counts add up, the winnable counts read the same from either end (duality), and the \
            first {} levels equal a plain search's",
            super::saved::RECHECKED_JUMPS + 1
        );
        out.push(prose(
            include_str!("prose/saved.md"),
            &[("what", what), ("verb", verb), ("name", b.name()), ("checks", &checks)],
        ));
    }
    out
}

/// The union's section: its summary, table and chart.
fn union_section(s: &BoardStudy) -> Option<Section> {
    if s.levels.is_empty() {
        return None;
    }
    let reachable: u64 = s.levels.iter().map(|l| l.reachable).sum();
    let winnable: u64 = s.levels.iter().map(|l| l.winnable).sum();
    let text = prose(
        include_str!("prose/union.md"),
        &[
            ("reachable", &thousands(reachable.into())),
            ("winnable", &thousands(winnable.into())),
        ],
    );
    let name = s.board.name();
    Some(
        Section::new("The union over all single-vacancy starts")
            .text(text)
            .table(
                format!("Per peg count (`data/peg/{name}/levels.csv`):"),
                super::tables::levels_table(&s.levels),
            )
            .chart(
                levels_chart_stem(name),
                "Reachable (solid) and winnable (dashed) positions by pegs left, log scale",
            ),
    )
}

/// The central game's section: its totals and its table per jump.
fn game_section(s: &BoardStudy) -> Option<Section> {
    let g = s.game.as_ref()?;
    let positions: u64 = g.levels.iter().map(|l| l.reachable).sum();
    let orbits: u64 = g.levels.iter().map(|l| l.reachable_orbits).sum();
    let text = prose(
        include_str!("prose/game.md"),
        &[
            ("start", &(g.start + 1).to_string()),
            ("positions", &thousands(positions.into())),
            ("orbits", &thousands(orbits.into())),
            ("complete", &thousands(g.complete_games)),
            ("winning", &thousands(g.winning_total())),
            ("to_start", &thousands(g.winning_to_start())),
            ("shortest", &g.shortest_dead_end.map_or("no".into(), |d| d.to_string())),
        ],
    );
    let name = s.board.name();
    Some(Section::new("The game from the centre").text(text).table(
        format!("Per jump played (`data/peg/{name}/game.csv`):"),
        super::tables::game_table(g),
    ))
}

/// The problems table's summary and the fewest moves.
fn problems_section(s: &BoardStudy) -> Option<Section> {
    if s.problems.is_empty() {
        return None;
    }
    let passing = s.problems.iter().filter(|p| p.class_allows).count();
    let solvable = s.problems.iter().filter(|p| p.solvable).count();
    let text = prose(
        include_str!("prose/problems.md"),
        &[
            ("problems", &s.problems.len().to_string()),
            ("passing", &passing.to_string()),
            ("solvable", &solvable.to_string()),
            (
                "moves",
                &moves_summary(&s.problems).map_or(String::new(), |m| format!("{m}.")),
            ),
        ],
    );
    Some(Section::new("Single-vacancy to single-peg problems").text(text))
}

/// The board's page as markdown.
pub fn page(s: &BoardStudy, claims: &[Claim]) -> String {
    let name = s.board.name();
    let picture = format!("```\n{}```", s.board.picture());
    let mut sections = vec![Section::new("The board").text(picture)];
    sections.extend(
        [union_section(s), game_section(s), problems_section(s)]
            .into_iter()
            .flatten(),
    );
    sections.push(
        Section::new("Claims")
            .claims(format!("peg.{name}."))
            .claims(format!("peg.new.{name}_")),
    );
    let page = Page {
        family: "peg".into(),
        title: format!("Peg solitaire on the {name} board"),
        intro: intro(s),
        sections,
        definitions: Vec::new(),
        summary: Vec::new(),
    };
    let own: Vec<Claim> = claims
        .iter()
        .filter(|c| c.id.starts_with(&format!("peg.{name}.")) || c.id.starts_with(&format!("peg.new.{name}_")))
        .cloned()
        .collect();
    render_page(&page, &own, "", 0)
}
