//! The studies' charts as pure functions of plain slices (no study types), so any study shape
//! can call them: each builds a [`chart`](super::chart) description and renders it.

use super::chart::{
    category_bar_chart, format_value, xy_chart, xy_panels, CategoryChart, CategorySeries, Mark, Marker, Rendered,
    Scale, XYChart, XYSeries,
};
use anyhow::Result;

fn residue_name(res: usize) -> String {
    format!("n ≡ {res} (mod 3)")
}

/// Nullity of the n x n press matrix against n, one panel (and colour) per n mod 3 on shared
/// linear axes, over the whole range given (`nullity[n]`, index 0 ignored): in one plot the
/// residue drawn last hid the others, and a log axis bent the linear laws the nullity follows
/// into curves. Sizes with nullity 0 (every board solvable) are not drawn (they would crowd the
/// baseline) and are counted in each panel's title; a residue whose every size has nullity 0
/// gets no panel (an empty panel reads as missing data) and is named in the chart's title.
pub fn nullity_by_residue_chart(title: &str, nullity: &[usize]) -> Result<Rendered> {
    let max_n = nullity.len().saturating_sub(1);
    let mut all_zero = Vec::new();
    let mut series = Vec::new();
    for res in 0..3 {
        let ns: Vec<usize> = (1..=max_n).filter(|n| n % 3 == res).collect();
        let zero = ns.iter().filter(|&&n| nullity[n] == 0).count();
        if zero == ns.len() {
            all_zero.push(res);
            continue;
        }
        // A panel with a point or two reads as empty: name those sizes in its title.
        let rare: Vec<String> = ns
            .iter()
            .filter(|&&n| nullity[n] > 0)
            .map(|&n| format!("n = {n}: {}", nullity[n]))
            .collect();
        let rare = if rare.len() <= 3 {
            format!("; nullity > 0 only at {}", rare.join(", "))
        } else {
            String::new()
        };
        series.push(XYSeries {
            name: format!(
                "{}: {} of {} sizes have nullity 0 (not drawn){rare}",
                residue_name(res),
                format_value(zero as f64),
                format_value(ns.len() as f64)
            ),
            points: ns
                .iter()
                .filter(|&&n| nullity[n] > 0)
                .map(|&n| (n as f64, nullity[n] as f64))
                .collect(),
            mark: Mark::Points,
            colour: Some(res),
        });
    }
    // The residues left out are named on the first panel, where the reader looks for them.
    if let (Some(first), false) = (series.first_mut(), all_zero.is_empty()) {
        let rs: Vec<String> = all_zero.iter().map(|r| r.to_string()).collect();
        first.name += &format!("; every n ≡ {} (mod 3) has nullity 0 (no panel)", rs.join(" or "));
    }
    let panels = series.len().max(1) as u32;
    xy_panels(
        &XYChart {
            title: format!("{title} (n = 1..{})", format_value(max_n as f64)),
            x_label: "n (board side)".into(),
            y_label: "nullity".into(),
            series,
            x_scale: Scale::Linear,
            y_scale: Scale::Linear,
            markers: Vec::new(),
        },
        (960, 120 + 300 * panels),
    )
}

/// The solvable fraction 2^-nullity of n x n boards against n (`nullity[n]`, index 0 ignored),
/// on a log axis labelled in powers of ten. The fraction itself underflows f64 (2^-65536), so
/// the chart plots its base-10 exponent, -nullity * log10 2. The largest nullity is marked.
pub fn solvable_fraction_chart(scope: &str, nullity: &[usize]) -> Result<Rendered> {
    let max_n = nullity.len().saturating_sub(1);
    let exponent = |k: usize| -(k as f64) * std::f64::consts::LOG10_2;
    let series = (0..3)
        .map(|res| XYSeries {
            name: residue_name(res),
            points: (1..=max_n)
                .filter(|n| n % 3 == res)
                .map(|n| (n as f64, exponent(nullity[n])))
                .collect(),
            mark: Mark::Points,
            colour: None,
        })
        .collect();
    let worst = (1..=max_n).max_by_key(|&n| (nullity[n], std::cmp::Reverse(n)));
    let markers = worst
        .filter(|&n| nullity[n] > 0)
        .map(|n| Marker {
            x: n as f64,
            label: format!(
                "largest nullity: {} at n = {}",
                format_value(nullity[n] as f64),
                format_value(n as f64)
            ),
            label_at_bottom: true,
        })
        .into_iter()
        .collect();
    xy_chart(&XYChart {
        title: format!(
            "{scope}: share of n x n boards that are solvable, 2^-nullity (n = 1..{})",
            format_value(max_n as f64)
        ),
        x_label: "n (board side)".into(),
        y_label: "solvable fraction 2^-nullity (log scale)".into(),
        series,
        x_scale: Scale::Linear,
        y_scale: Scale::Exponent10,
        markers,
    })
}

/// Share of sizes n with nullity 0, by n mod 3: the residues are categories, one bar per
/// (name, [(sizes with nullity 0, sizes) for residue 0, 1, 2]). The axis ends at 1 (a share
/// cannot pass it) and each bar is labelled with enough digits that a share just short of 1 or
/// just above 0 never reads as 1 or 0.
pub fn share_by_residue_chart(title: &str, series: &[(String, [(usize, usize); 3])]) -> Result<Rendered> {
    let share = |&(ok, all): &(usize, usize)| (all > 0).then(|| ok as f64 / all as f64);
    category_bar_chart(&CategoryChart {
        title: title.into(),
        x_label: "n mod 3".into(),
        y_label: "share of sizes n with every board solvable".into(),
        categories: (0..3).map(residue_name).collect(),
        series: series
            .iter()
            .map(|(name, v)| CategorySeries {
                name: name.clone(),
                values: v.iter().map(share).collect(),
            })
            .collect(),
        y_scale: Scale::Linear,
        value_labels: true,
        markers: Vec::new(),
        y_max: Some(1.0),
    })
}

/// Positions by the fewest presses (or clicks) that reach them, with the maximum, God's number,
/// marked. `counts[k]` = positions at distance k; y is logarithmic when counts span more than
/// 100x.
pub fn distance_histogram_chart(title: &str, x_label: &str, counts: &[f64]) -> Result<Rendered> {
    let gods = counts.iter().rposition(|&c| c > 0.0).unwrap_or(0);
    category_bar_chart(&CategoryChart {
        title: title.into(),
        x_label: x_label.into(),
        y_label: "positions".into(),
        categories: (0..counts.len()).map(|k| k.to_string()).collect(),
        series: vec![CategorySeries {
            name: String::new(),
            values: counts.iter().map(|&c| Some(c)).collect(),
        }],
        y_scale: Scale::Auto,
        value_labels: false,
        markers: vec![Marker {
            x: gods as f64,
            label: format!(
                "God's number {gods}: {} positions",
                format_value(counts.get(gods).copied().unwrap_or(0.0))
            ),
            label_at_bottom: false,
        }],
        y_max: None,
    })
}

/// All-ones n x n boards: presses of the first solution found and of the minimum against n, as
/// a share of the n^2 cells (the raw counts grow as n^2 and would hide the gap between the two).
/// Minima that are only the best found (not proven) are drawn as open circles; 1/2 is what a
/// solution chosen at random among the 2^nullity would press on average.
/// `lower` is a proven lower bound per size (drawn where the minimum is not exact, as an error
/// bar from it up to the best found).
pub fn all_ones_presses_chart(
    n: &[usize],
    first_found: &[u64],
    minimum: &[u64],
    exact: &[bool],
    lower: &[u64],
) -> Result<Rendered> {
    let share = |n: usize, p: u64| p as f64 / (n * n) as f64;
    let pts = |v: &[u64], keep: &dyn Fn(usize) -> bool| -> Vec<(f64, f64)> {
        n.iter()
            .zip(v)
            .enumerate()
            .filter(|(i, _)| keep(*i))
            .map(|(_, (&n, &p))| (n as f64, share(n, p)))
            .collect()
    };
    let is_exact = |i: usize| exact.get(i).copied().unwrap_or(true);
    let mut series = vec![
        XYSeries {
            name: "1/2".into(),
            points: n.iter().map(|&n| (n as f64, 0.5)).collect(),
            mark: Mark::Line,
            colour: Some(7),
        },
        XYSeries {
            name: "first solution found (elimination, no search)".into(),
            points: pts(first_found, &|_| true),
            mark: Mark::LinePoints,
            colour: Some(0),
        },
        XYSeries {
            name: String::new(),
            points: pts(minimum, &|_| true),
            mark: Mark::Line,
            colour: Some(1),
        },
        XYSeries {
            name: "minimum over all 2^nullity solutions".into(),
            points: pts(minimum, &is_exact),
            mark: Mark::Points,
            colour: Some(1),
        },
    ];
    if (0..n.len()).any(|i| !is_exact(i)) {
        series.push(XYSeries {
            name: "best found, not proven minimal".into(),
            points: pts(minimum, &|i| !is_exact(i)),
            mark: Mark::HollowPoints,
            colour: Some(1),
        });
        let bars: Vec<(f64, f64)> = (0..n.len())
            .filter(|&i| !is_exact(i) && i < lower.len())
            .flat_map(|i| {
                [
                    (n[i] as f64, share(n[i], lower[i])),
                    (n[i] as f64, share(n[i], minimum[i])),
                ]
            })
            .collect();
        if !bars.is_empty() {
            series.push(XYSeries {
                name: "proven range (lower bound to best found)".into(),
                points: bars,
                mark: Mark::ErrorBars,
                colour: Some(3),
            });
        }
    }
    xy_chart(&XYChart {
        title: "All-ones n x n board (plus, open): first solution found vs minimum".into(),
        x_label: "n (board side)".into(),
        y_label: "presses / n² (share of cells pressed)".into(),
        series,
        x_scale: Scale::Linear,
        y_scale: Scale::Linear,
        markers: Vec::new(),
    })
}

/// One row of [`peg_levels_chart`]: (pegs on the board, reachable positions, winnable positions).
pub type PegLevelRow = (u32, u64, u64);

/// Peg solitaire on triangles: positions reachable from some single-vacancy start (solid) and
/// those from which one peg can still be reached (dashed, open circles), by pegs on the board,
/// one colour per side. `sides` = (side, its rows).
pub fn peg_levels_chart(sides: &[(usize, &[PegLevelRow])]) -> Result<Rendered> {
    let mut series = Vec::new();
    for (i, (side, rows)) in sides.iter().enumerate() {
        let mut rows = rows.to_vec();
        rows.sort_by_key(|r| r.0);
        series.push(XYSeries {
            name: format!("T{side} reachable"),
            points: rows.iter().map(|r| (r.0 as f64, r.1 as f64)).collect(),
            mark: Mark::LinePoints,
            colour: Some(i),
        });
        series.push(XYSeries {
            name: format!("T{side} winnable"),
            points: rows.iter().map(|r| (r.0 as f64, r.2 as f64)).collect(),
            mark: Mark::DashedHollow,
            colour: Some(i),
        });
    }
    xy_chart(&XYChart {
        title: "Peg solitaire on triangles: reachable and winnable positions by pegs left".into(),
        x_label: "pegs on the board".into(),
        y_label: "positions (union over all single-vacancy starts)".into(),
        series,
        x_scale: Scale::Linear,
        y_scale: Scale::Log10,
        markers: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::chart::{self, PALETTE};
    use crate::output::svg_probe as probe;

    fn png_size(png: &[u8]) -> (u32, u32) {
        let r = png::Decoder::new(png).read_info().expect("valid PNG");
        (r.info().width, r.info().height)
    }

    /// Circles in palette colour `i`: filled (points) or outlined (open circles).
    fn circles(svg: &str, i: usize, hollow: bool) -> usize {
        let ink = probe::hex(PALETTE[i]);
        probe::elements(svg, "circle")
            .iter()
            .filter(|c| {
                let (fill, stroke) = (c.attr("fill"), c.attr("stroke"));
                if hollow {
                    fill == Some("none") && stroke == Some(ink.as_str())
                } else {
                    fill == Some(ink.as_str())
                }
            })
            .count()
    }

    /// Filled rectangles in palette colour `i` (bars and legend swatches).
    fn bars(svg: &str, i: usize) -> Vec<probe::Element<'_>> {
        probe::filled(svg, "rect", &probe::hex(PALETTE[i]))
    }

    #[test]
    fn nullity_panels_leave_out_residues_without_nullity_on_a_linear_axis() {
        // Only n = 2 mod 3 has nullity, growing linearly: one panel, linear ticks.
        let nul: Vec<usize> = (0..300).map(|n| if n % 3 == 2 { 2 * n } else { 0 }).collect();
        let r = nullity_by_residue_chart("block rule, open board", &nul).unwrap();
        assert_eq!(png_size(&r.png), (960, 420));
        probe::assert_texts(
            &r.svg,
            &[
                "block rule, open board (n = 1..299)",
                "n (board side)",
                "nullity",
                "n ≡ 2 (mod 3): 0 of 100 sizes have nullity 0 (not drawn); every n ≡ 0 or 1 (mod 3) has nullity 0 \
                (no panel)",
            ],
        );
        let drawn = probe::strings(&r.svg);
        assert!(
            !drawn.iter().any(|t| t.starts_with("n ≡ 0") || t.starts_with("n ≡ 1")),
            "{drawn:?}"
        );
        let superscript = |t: &String| t.chars().any(|c| "⁰¹²³⁴⁵⁶⁷⁸⁹".contains(c));
        assert!(
            !drawn.iter().any(|t| t.contains("log scale") || superscript(t)),
            "{drawn:?}"
        );
        assert_eq!(circles(&r.svg, 2, false), 100);
        // All three residues with nullity: three panels, each named.
        let nul: Vec<usize> = (0..30).map(|n| n % 4).collect();
        let r = nullity_by_residue_chart("plus rule, torus board", &nul).unwrap();
        assert_eq!(png_size(&r.png), (960, 1020));
        for res in 0..3 {
            assert!(probe::strings(&r.svg)
                .iter()
                .any(|t| t.starts_with(&format!("n ≡ {res} (mod 3): "))));
        }
    }

    #[test]
    fn solvable_fraction_labels_powers_of_ten() {
        let mut nul = vec![0usize; 200];
        nul[4] = 4;
        nul[5] = 2;
        nul[127] = 600;
        let r = solvable_fraction_chart("plus rule, open board", &nul).unwrap();
        assert_eq!(png_size(&r.png), chart::SIZE);
        probe::assert_texts(
            &r.svg,
            &[
                "plus rule, open board: share of n x n boards that are solvable, 2^-nullity (n = 1..199)",
                "n (board side)",
                "solvable fraction 2^-nullity (log scale)",
                "n ≡ 0 (mod 3)",
                "n ≡ 1 (mod 3)",
                "n ≡ 2 (mod 3)",
                "largest nullity: 600 at n = 127",
            ],
        );
        // The y ticks (right-aligned, left of the axis): powers of ten from 10^0 down past
        // 2^-600 = 10^-180.6, never a bare exponent.
        let y_ticks = probe::strings_styled(&r.svg, 14.0, Some("end"));
        assert!(y_ticks.len() >= 3, "y ticks: {y_ticks:?}");
        assert!(y_ticks.iter().all(|t| t.starts_with("10")), "y ticks: {y_ticks:?}");
        assert!(y_ticks.contains(&chart::pow10_label(0)), "y ticks: {y_ticks:?}");
        assert!(y_ticks.iter().any(|t| t.starts_with("10⁻¹")), "y ticks: {y_ticks:?}");
        // Every size is a point, in its residue's colour (and one in the legend).
        for res in 0..3 {
            let sizes = (1..200).filter(|n| n % 3 == res).count();
            assert_eq!(circles(&r.svg, res, false), sizes + 1, "residue {res}");
        }
    }

    #[test]
    fn all_ones_marks_inexact_minima() {
        let n = [1, 2, 3, 30, 60];
        let draw = |exact: &[bool]| {
            all_ones_presses_chart(
                &n,
                &[1, 4, 5, 480, 1900],
                &[1, 4, 5, 450, 1830],
                exact,
                &[1, 4, 5, 450, 900],
            )
            .unwrap()
        };
        let r = draw(&[true, true, true, true, false]);
        assert_eq!(png_size(&r.png), chart::SIZE);
        let inexact = [
            "best found, not proven minimal",
            "proven range (lower bound to best found)",
        ];
        probe::assert_texts(
            &r.svg,
            &[
                "All-ones n x n board (plus, open): first solution found vs minimum",
                "n (board side)",
                "presses / n² (share of cells pressed)",
                "1/2",
                "first solution found (elimination, no search)",
                "minimum over all 2^nullity solutions",
            ],
        );
        probe::assert_texts(&r.svg, &inexact);
        // The minimum's colour: four exact minima as points, the inexact one as an open circle
        // (each kind once more in the legend).
        assert_eq!(circles(&r.svg, 1, false), 4 + 1);
        assert_eq!(circles(&r.svg, 1, true), 1 + 1);
        // The error bar: one vertical stroke and two caps, in the plot and in the legend.
        let range = probe::hex(PALETTE[3]);
        let strokes = probe::elements(&r.svg, "polyline")
            .iter()
            .filter(|p| p.attr("stroke") == Some(range.as_str()))
            .count();
        assert_eq!(strokes, 3 + 3);
        // All exact: no open circle, no range, neither in the legend.
        let all_exact = draw(&[true; 5]);
        assert_eq!(circles(&all_exact.svg, 1, false), 5 + 1);
        assert_eq!(circles(&all_exact.svg, 1, true), 0);
        let texts = probe::strings(&all_exact.svg);
        assert!(inexact.iter().all(|t| !texts.iter().any(|s| s == t)), "{texts:?}");
    }

    #[test]
    fn peg_levels_one_series_per_side() {
        let t4: Vec<PegLevelRow> = vec![(1, 10, 10), (2, 30, 12), (9, 10, 3)];
        let t5: Vec<PegLevelRow> = vec![(1, 15, 15), (2, 100, 40), (14, 15, 15)];
        let r = peg_levels_chart(&[(4, &t4), (5, &t5)]).unwrap();
        assert_eq!(png_size(&r.png), chart::SIZE);
        probe::assert_texts(
            &r.svg,
            &[
                "Peg solitaire on triangles: reachable and winnable positions by pegs left",
                "pegs on the board",
                "positions (union over all single-vacancy starts) (log scale)",
                "T4 reachable",
                "T4 winnable",
                "T5 reachable",
                "T5 winnable",
            ],
        );
        // One colour per side: reachable as points, winnable as open circles, three rows each,
        // plus the legend's one.
        for colour in [0, 1] {
            assert_eq!(circles(&r.svg, colour, false), 3 + 1, "side colour {colour}");
            assert_eq!(circles(&r.svg, colour, true), 3 + 1, "side colour {colour}");
        }
        assert_eq!(
            circles(&r.svg, 2, false) + circles(&r.svg, 2, true),
            0,
            "no third series"
        );
    }

    #[test]
    fn histogram_marks_gods_number() {
        let r = distance_histogram_chart(
            "Distances",
            "minimum presses",
            &[1.0, 25.0, 300.0, 2300.0, 12000.0, 0.0],
        )
        .unwrap();
        probe::assert_texts(
            &r.svg,
            &[
                "Distances",
                "minimum presses",
                "positions (log scale)",
                "God's number 4: 12,000 positions",
            ],
        );
        for k in 0..=5 {
            assert_eq!(probe::count_text(&r.svg, &k.to_string()), 1, "category {k}");
        }
        // Five bars and, for the empty distance 5, a thin mark on the baseline; no legend.
        let bars = bars(&r.svg, 0);
        assert_eq!(bars.len(), 5 + 1);
        assert_eq!(bars.iter().filter(|b| b.num("height") == 2.0).count(), 1);
    }

    #[test]
    fn residue_chart_has_three_categories() {
        let r = share_by_residue_chart(
            "Solvable sizes",
            &[
                ("plus open".into(), [(71, 100), (72, 100), (30, 100)]),
                ("block open".into(), [(9, 9), (9, 9), (0, 9)]),
            ],
        )
        .unwrap();
        assert_eq!(png_size(&r.png), chart::SIZE);
        probe::assert_texts(
            &r.svg,
            &[
                "Solvable sizes",
                "n mod 3",
                "share of sizes n with every board solvable",
                "plus open",
                "block open",
            ],
        );
        for res in 0..3 {
            assert_eq!(probe::count_text(&r.svg, &residue_name(res)), 1, "residue {res}");
        }
        // A legend swatch per series and a bar per non-zero share.
        assert_eq!(bars(&r.svg, 0).len(), 1 + 3);
        assert_eq!(bars(&r.svg, 1).len(), 1 + 2);
        // Each bar's share written above it, in the value labels' font (13 px, as plotters scales it).
        let labels = probe::strings_styled(&r.svg, 13.0, Some("middle"));
        assert_eq!(labels, ["0.71", "0.72", "0.3", "1", "1", "0"]);
    }
}
