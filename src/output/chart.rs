//! Charts as pure functions from data to PNG and SVG bytes, drawn with plotters using a font
//! embedded in the binary (no fontconfig, no system fonts).
//!
//! Three shapes: [`xy_chart`] (numeric x: lines, points, vertical markers), [`category_bar_chart`]
//! (one labelled slot per category, bars centred on it) and [`heatmap_with_key`] (a grid with a
//! colour key). Log axes are drawn by plotting log10 of the values on a linear axis labelled 10^k,
//! so the ticks are always whole decades; [`Scale::Exponent10`] takes values that already are
//! base-10 exponents (for quantities such as 2^-65536 that no f64 can hold). The legend sits
//! between the title and the plot, never over the data. [`line_chart`], [`bar_chart`] and
//! [`heatmap`] keep their original interface on top of these.

use anyhow::{anyhow, Result};
use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::sync::OnceLock;

/// DejaVu Sans (license: assets/fonts/LICENSE-DejaVu).
static FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
const FAMILY: &str = "sans-serif";
/// Pixel size of every chart.
pub const SIZE: (u32, u32) = (960, 640);

fn ensure_font() {
    static DONE: OnceLock<()> = OnceLock::new();
    DONE.get_or_init(|| {
        plotters::style::register_font(FAMILY, FontStyle::Normal, FONT)
            .unwrap_or_else(|_| panic!("embedded font is valid"));
    });
}

/// A chart in both formats.
pub struct Rendered {
    pub png: Vec<u8>,
    pub svg: String,
}

/// Colours that stay distinguishable in print.
pub const PALETTE: [RGBColor; 8] = [
    RGBColor(31, 119, 180),
    RGBColor(214, 39, 40),
    RGBColor(44, 160, 44),
    RGBColor(255, 127, 14),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
];

#[derive(Clone, Debug)]
pub struct Series {
    pub name: String,
    pub points: Vec<(f64, f64)>,
}

/// Lines (optionally with markers) or bare markers, on linear or logarithmic y.
#[derive(Clone, Debug)]
pub struct LineChart {
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    pub series: Vec<Series>,
    pub log_y: bool,
    pub lines: bool,
}

/// Vertical bars side by side, one group per x value, one colour per series.
#[derive(Clone, Debug)]
pub struct BarChart {
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    pub series: Vec<Series>,
    pub log_y: bool,
}

/// A grid of values; `None` cells are drawn grey and marked with `none_label`.
#[derive(Clone, Debug)]
pub struct Heatmap {
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    pub x_ticks: Vec<String>,
    pub y_ticks: Vec<String>,
    /// `cells[y][x]`.
    pub cells: Vec<Vec<Option<f64>>>,
    pub none_label: String,
}

/// How an axis maps values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scale {
    Linear,
    /// log10 of the values, ticks labelled 10^k; values <= 0 are not drawn.
    Log10,
    /// [`Scale::Log10`] when the positive values span more than a factor of 100, else linear.
    Auto,
    /// The values already are base-10 exponents: drawn linearly, ticks labelled 10^k.
    Exponent10,
}

/// A labelled vertical line across the plot (x in data units; for category charts, the index).
#[derive(Clone, Debug)]
pub struct Marker {
    pub x: f64,
    pub label: String,
    /// Write the label at the bottom of the line instead of the top (when the data crowd the top).
    pub label_at_bottom: bool,
}

/// How a series is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    Line,
    Points,
    LinePoints,
    /// Open circles (e.g. values that are only bounds).
    HollowPoints,
    /// A dashed line with open circles (a second quantity in the colour of a first).
    DashedHollow,
    /// A line with markers of the given shape: series that run close together stay apart
    /// where the lines merge, and a colour-blind reader can still tell them.
    LineShape(Shape),
    /// Error bars: the points taken in pairs, (x, low) then (x, high), each pair one vertical bar
    /// with short caps; a sampled value's uncertainty beside the value's own series.
    ErrorBars,
}

/// Marker shapes for [`Mark::LineShape`], in the order [`Shape::nth`] hands them out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    Circle,
    Square,
    Triangle,
    Diamond,
    TriangleDown,
    Plus,
    Ring,
}

impl Shape {
    /// The i-th shape, cycling.
    pub fn nth(i: usize) -> Shape {
        const ALL: [Shape; 7] = [
            Shape::Circle,
            Shape::Square,
            Shape::Triangle,
            Shape::Diamond,
            Shape::TriangleDown,
            Shape::Plus,
            Shape::Ring,
        ];
        ALL[i % ALL.len()]
    }

    /// The outline around (0, 0) in pixels, radius about `r`; `None` for the round shapes.
    fn outline(self, r: i32) -> Option<Vec<(i32, i32)>> {
        let t = r / 3 + 1;
        match self {
            Shape::Circle | Shape::Ring => None,
            Shape::Square => Some(vec![(-r, -r), (r, -r), (r, r), (-r, r)]),
            Shape::Triangle => Some(vec![(0, -r - 1), (r + 1, r), (-r - 1, r)]),
            Shape::TriangleDown => Some(vec![(0, r + 1), (r + 1, -r), (-r - 1, -r)]),
            Shape::Diamond => Some(vec![(0, -r - 2), (r + 2, 0), (0, r + 2), (-r - 2, 0)]),
            Shape::Plus => Some(vec![
                (-t, -r - 1),
                (t, -r - 1),
                (t, -t),
                (r + 1, -t),
                (r + 1, t),
                (t, t),
                (t, r + 1),
                (-t, r + 1),
                (-t, t),
                (-r - 1, t),
                (-r - 1, -t),
                (-t, -t),
            ]),
        }
    }
}

/// Markers of `shape` centred on each point of `at` (in the drawing's coordinates).
fn draw_shapes<DB: DrawingBackend, CT: CoordTranslate>(
    area: &DrawingArea<DB, CT>,
    at: &[CT::From],
    shape: Shape,
    r: i32,
    colour: RGBColor,
) -> Result<()>
where
    CT::From: Clone,
{
    for p in at {
        match shape.outline(r) {
            Some(pts) => area.draw(&(EmptyElement::at(p.clone()) + Polygon::new(pts, colour.filled()))),
            None if shape == Shape::Ring => {
                area.draw(&(EmptyElement::at(p.clone()) + Circle::new((0, 0), r + 1, colour.stroke_width(2))))
            }
            None => area.draw(&(EmptyElement::at(p.clone()) + Circle::new((0, 0), r + 1, colour.filled()))),
        }
        .map_err(err)?;
    }
    Ok(())
}

#[derive(Clone, Debug)]
pub struct XYSeries {
    /// Legend text; empty = not in the legend.
    pub name: String,
    pub points: Vec<(f64, f64)>,
    pub mark: Mark,
    /// Index into [`PALETTE`]; `None` = the series' position.
    pub colour: Option<usize>,
}

/// Points and lines over a numeric x axis.
#[derive(Clone, Debug)]
pub struct XYChart {
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    pub series: Vec<XYSeries>,
    pub x_scale: Scale,
    pub y_scale: Scale,
    pub markers: Vec<Marker>,
}

#[derive(Clone, Debug)]
pub struct CategorySeries {
    pub name: String,
    /// One value per category; `None` = no bar.
    pub values: Vec<Option<f64>>,
}

/// Bars over named categories: each category one slot on the axis, labelled with its name,
/// the series' bars side by side centred on it. A zero value draws no bar: with value labels
/// its "0" says so; without them a thin mark on the baseline tells it from a missing one.
#[derive(Clone, Debug)]
pub struct CategoryChart {
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    pub categories: Vec<String>,
    pub series: Vec<CategorySeries>,
    pub y_scale: Scale,
    /// Write each bar's value above it (inside the top of a bar that reaches the axis' end).
    pub value_labels: bool,
    pub markers: Vec<Marker>,
    /// The top of a linear y axis when the quantity has a ceiling (a share: 1), else fitted.
    pub y_max: Option<f64>,
}

/// The colour key of a heatmap: what the values are, and what a grey (empty) cell means.
#[derive(Clone, Debug)]
pub struct ColourKey {
    pub title: String,
    pub none_meaning: String,
    /// Names of categories: when not empty, each cell holds a category's index (0, 1, ...), the
    /// key lists one swatch per category with its name, and no number is written in the cells.
    pub categories: Vec<String>,
}

macro_rules! both_backends {
    ($root:ident => $draw:expr) => {
        both_backends!(SIZE, $root => $draw)
    };
    ($size:expr, $root:ident => $draw:expr) => {{
        ensure_font();
        let (w, h): (u32, u32) = $size;
        let mut raw = vec![0u8; (w * h * 3) as usize];
        {
            let $root = BitMapBackend::with_buffer(&mut raw, (w, h)).into_drawing_area();
            $draw?;
            $root.present().map_err(|e| anyhow!("drawing PNG: {e}"))?;
        }
        let mut svg = String::new();
        {
            let $root = SVGBackend::with_string(&mut svg, (w, h)).into_drawing_area();
            $draw?;
            $root.present().map_err(|e| anyhow!("drawing SVG: {e}"))?;
        }
        Ok(Rendered { png: encode_png(&raw, w, h)?, svg })
    }};
}

fn encode_png(rgb: &[u8], w: u32, h: u32) -> Result<Vec<u8>> {
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, w, h);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        let mut wr = enc.write_header()?;
        wr.write_image_data(rgb)?;
    }
    Ok(out)
}

fn err<E: std::fmt::Display>(e: E) -> anyhow::Error {
    anyhow!("drawing chart: {e}")
}

// ---------------------------------------------------------------------------------------------
// Number formatting

fn superscript(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            '0' => '⁰',
            '1' => '¹',
            '2' => '²',
            '3' => '³',
            '4' => '⁴',
            '5' => '⁵',
            '6' => '⁶',
            '7' => '⁷',
            '8' => '⁸',
            '9' => '⁹',
            '-' => '⁻',
            c => c,
        })
        .collect()
}

/// 10^k with a superscript exponent ("10⁻³").
pub fn pow10_label(k: i64) -> String {
    format!("10{}", superscript(&k.to_string()))
}

/// An integer with `,` between groups of three digits (`23,475,688`), as prose and labels write it.
pub fn group_thousands(v: u128) -> String {
    let s = v.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A value as a reader expects it: integers with thousands separators, fractions with at most
/// three decimals, very large or very small values as m×10^k.
pub fn format_value(v: f64) -> String {
    if v == 0.0 {
        return "0".into();
    }
    let a = v.abs();
    let sign = if v < 0.0 { "-" } else { "" };
    // NaN is neither large nor small: it is written as Rust writes it, below.
    if !a.is_nan() && !(1e-3..1e9).contains(&a) {
        let e = a.log10().floor();
        let m = a / 10f64.powf(e);
        let (m, e) = if format!("{m:.1}") == "10.0" {
            (1.0, e + 1.0)
        } else {
            (m, e)
        };
        let ms = format!("{m:.1}");
        let ms = ms.trim_end_matches(".0");
        return format!("{sign}{ms}×{}", pow10_label(e as i64));
    }
    if v.fract() == 0.0 {
        return format!("{sign}{}", group_thousands(a as u128));
    }
    let s = format!("{v:.3}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// [`format_value`] for a value that must not read as a round number it is not: a share of
/// 3332/3333 is "0.9997", not "1" (more decimals until the rounding no longer hides the gap).
pub fn format_distinct(v: f64) -> String {
    let s = format_value(v);
    if v.fract() == 0.0 || s.parse::<f64>().map_or(true, |r| r.fract() != 0.0) {
        return s;
    }
    (4..=12)
        .map(|d| format!("{v:.d$}"))
        .find(|t| t.parse::<f64>().is_ok_and(|r| r.fract() != 0.0))
        .map_or(s, |t| t.trim_end_matches('0').to_string())
}

// ---------------------------------------------------------------------------------------------
// Axes

/// An axis title, with " (log scale)" added when the axis is logarithmic and the title does not
/// already say so (a [`Scale::Auto`] axis is only known to be logarithmic once resolved).
fn axis_desc(label: &str, a: &Axis) -> String {
    if (a.log || a.decades) && !label.contains("log scale") {
        format!("{label} (log scale)")
    } else {
        label.to_string()
    }
}

/// A resolved axis: whether values are transformed by log10, whether ticks are 10^k, and the
/// drawn range (in transformed units).
#[derive(Clone, Copy, Debug)]
struct Axis {
    log: bool,
    decades: bool,
    lo: f64,
    hi: f64,
}

impl Axis {
    /// Resolves `scale` against the values; `from_zero` keeps 0 in a linear range (bars).
    fn new(scale: Scale, values: &[f64], from_zero: bool, pad: f64) -> Axis {
        let finite: Vec<f64> = values.iter().copied().filter(|v| v.is_finite()).collect();
        let pos: Vec<f64> = finite.iter().copied().filter(|&v| v > 0.0).collect();
        let log = match scale {
            Scale::Log10 => true,
            Scale::Auto => {
                let (lo, hi) = min_max(&pos);
                !pos.is_empty() && hi / lo > 100.0
            }
            _ => false,
        };
        if log {
            let (lo, hi) = if pos.is_empty() { (1.0, 10.0) } else { min_max(&pos) };
            let (mut lo, mut hi) = (lo.log10().floor(), hi.log10().ceil());
            if hi <= lo {
                hi = lo + 1.0;
            }
            if from_zero {
                // Bars need room below the smallest one to stay visible (a count of 1 would
                // otherwise be a bar of height 0 on a 10^0 baseline).
                let smallest = pos.iter().copied().fold(f64::MAX, f64::min);
                lo = lo
                    .min(hi - 1.0)
                    .min(if pos.is_empty() { lo } else { smallest.log10() - 0.25 });
            }
            return Axis {
                log: true,
                decades: true,
                lo,
                hi,
            };
        }
        let (mut lo, mut hi) = if finite.is_empty() {
            (0.0, 1.0)
        } else {
            min_max(&finite)
        };
        if from_zero {
            lo = lo.min(0.0);
            hi = hi.max(0.0);
        }
        if scale == Scale::Exponent10 {
            hi = hi.max(0.0);
        }
        if hi <= lo {
            hi = lo + 1.0;
        }
        let span = hi - lo;
        let lo = if from_zero && lo == 0.0 { 0.0 } else { lo - span * pad };
        let hi = if from_zero && hi == 0.0 { 0.0 } else { hi + span * pad };
        Axis {
            log: false,
            decades: scale == Scale::Exponent10,
            lo,
            hi,
        }
    }

    fn map(&self, v: f64) -> Option<f64> {
        if self.log {
            (v > 0.0 && v.is_finite()).then(|| v.log10())
        } else {
            v.is_finite().then_some(v)
        }
    }

    fn label(&self, v: f64) -> String {
        if self.decades {
            let k = v.round();
            if (v - k).abs() > 1e-9 {
                String::new()
            } else {
                pow10_label(k as i64)
            }
        } else {
            format_value(v)
        }
    }

    /// How many ticks to ask plotters for: on a decade axis few enough that each is a whole
    /// decade (plotters halves the step only while the count stays within the request).
    fn ticks(&self, max: usize) -> usize {
        if self.decades {
            let span = (self.hi.floor() - self.lo.ceil()).max(0.0) as usize;
            (span + 1).clamp(2, max)
        } else {
            max
        }
    }

    /// Width in pixels the tick labels need.
    fn label_width(&self) -> u32 {
        let longest = [self.lo, self.hi, (self.lo + self.hi) / 2.0]
            .iter()
            .map(|&v| {
                if self.decades {
                    pow10_label(v.round() as i64)
                } else {
                    format_value(v)
                }
                .chars()
                .count()
            })
            .max()
            .unwrap_or(4);
        (longest as u32 * 9).max(24)
    }
}

fn min_max(v: &[f64]) -> (f64, f64) {
    v.iter().fold((f64::MAX, f64::MIN), |(a, b), &x| (a.min(x), b.max(x)))
}

// ---------------------------------------------------------------------------------------------
// Legend (between title and plot, so it never covers data)

#[derive(Clone, Copy)]
enum Swatch {
    Bar(RGBColor),
    Mark(RGBColor, Mark),
}

const LEGEND_FONT: i32 = 14;
const LEGEND_ROW: u32 = 22;

fn legend_rows<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, entries: &[(String, Swatch)]) -> Vec<Vec<usize>> {
    let width = area.dim_in_pixel().0.saturating_sub(40);
    let font = TextStyle::from((FAMILY, LEGEND_FONT).into_font());
    let mut rows: Vec<Vec<usize>> = Vec::new();
    let mut used = 0;
    for (i, (name, _)) in entries.iter().enumerate() {
        let w = entry_width(area, name, &font);
        if rows.is_empty() || used + w > width {
            rows.push(Vec::new());
            used = 0;
        }
        rows.last_mut().expect("a row").push(i);
        used += w;
    }
    rows
}

fn entry_width<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, name: &str, font: &TextStyle) -> u32 {
    let text = area
        .estimate_text_size(name, font)
        .map(|s| s.0)
        .unwrap_or(name.len() as u32 * 8);
    30 + text + 20
}

fn legend_height<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, entries: &[(String, Swatch)]) -> u32 {
    if entries.is_empty() {
        0
    } else {
        legend_rows(area, entries).len() as u32 * LEGEND_ROW + 6
    }
}

fn draw_legend<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, entries: &[(String, Swatch)]) -> Result<()> {
    let font = TextStyle::from((FAMILY, LEGEND_FONT).into_font());
    let total_w = area.dim_in_pixel().0 as i32;
    for (r, row) in legend_rows(area, entries).iter().enumerate() {
        let row_w: u32 = row.iter().map(|&i| entry_width(area, &entries[i].0, &font)).sum();
        let mut x = (total_w - row_w as i32) / 2;
        let y = r as i32 * LEGEND_ROW as i32 + LEGEND_ROW as i32 / 2;
        for &i in row {
            let (name, swatch) = &entries[i];
            match *swatch {
                Swatch::Bar(c) => {
                    area.draw(&Rectangle::new([(x + 4, y - 6), (x + 20, y + 6)], c.filled()))
                        .map_err(err)?;
                }
                Swatch::Mark(c, m) => {
                    match m {
                        Mark::Line | Mark::LinePoints | Mark::LineShape(_) => area
                            .draw(&PathElement::new(vec![(x, y), (x + 24, y)], c.stroke_width(2)))
                            .map_err(err)?,
                        Mark::DashedHollow => {
                            for s in [0, 10, 20] {
                                area.draw(&PathElement::new(vec![(x + s, y), (x + s + 5, y)], c.stroke_width(2)))
                                    .map_err(err)?;
                            }
                        }
                        Mark::ErrorBars => {
                            area.draw(&PathElement::new(
                                vec![(x + 12, y - 7), (x + 12, y + 7)],
                                c.stroke_width(2),
                            ))
                            .map_err(err)?;
                            for dy in [-7, 7] {
                                area.draw(&PathElement::new(
                                    vec![(x + 8, y + dy), (x + 16, y + dy)],
                                    c.stroke_width(2),
                                ))
                                .map_err(err)?;
                            }
                        }
                        _ => {}
                    }
                    match m {
                        Mark::Points | Mark::LinePoints => {
                            area.draw(&Circle::new((x + 12, y), 4, c.filled())).map_err(err)?
                        }
                        Mark::HollowPoints | Mark::DashedHollow => area
                            .draw(&Circle::new((x + 12, y), 4, c.stroke_width(2)))
                            .map_err(err)?,
                        Mark::LineShape(shape) => draw_shapes(area, &[(x + 12, y)], shape, 4, c)?,
                        Mark::Line | Mark::ErrorBars => {}
                    }
                }
            }
            let style = font.clone().pos(Pos::new(HPos::Left, VPos::Center));
            area.draw(&Text::new(name.clone(), (x + 30, y), style)).map_err(err)?;
            x += entry_width(area, name, &font) as i32;
        }
    }
    Ok(())
}

/// Fills the canvas, writes the title and the legend, and returns the area left for the plot.
fn frame<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    legend: &[(String, Swatch)],
) -> Result<DrawingArea<DB, Shift>> {
    root.fill(&WHITE).map_err(err)?;
    let body = root.margin(10, 0, 0, 0).titled(title, (FAMILY, 22)).map_err(err)?;
    let h = legend_height(&body, legend);
    if h == 0 {
        return Ok(body);
    }
    let (top, plot) = body.split_vertically(h);
    draw_legend(&top, legend)?;
    Ok(plot)
}

// ---------------------------------------------------------------------------------------------
// XY charts

fn colour_of(s: &XYSeries, i: usize) -> RGBColor {
    PALETTE[s.colour.unwrap_or(i) % PALETTE.len()]
}

/// Renders points and lines over a numeric x axis.
pub fn xy_chart(c: &XYChart) -> Result<Rendered> {
    let xs: Vec<f64> = c.series.iter().flat_map(|s| s.points.iter().map(|p| p.0)).collect();
    let ys: Vec<f64> = c.series.iter().flat_map(|s| s.points.iter().map(|p| p.1)).collect();
    let xa = Axis::new(c.x_scale, &xs, false, 0.02);
    let ya = Axis::new(c.y_scale, &ys, false, 0.04);
    both_backends!(root => draw_xy(&root, c, xa, ya))
}

fn draw_xy<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, c: &XYChart, xa: Axis, ya: Axis) -> Result<()> {
    let legend: Vec<(String, Swatch)> = c
        .series
        .iter()
        .enumerate()
        .filter(|(_, s)| !s.name.is_empty())
        .map(|(i, s)| (s.name.clone(), Swatch::Mark(colour_of(s, i), s.mark)))
        .collect();
    let plot = frame(root, &c.title, &legend)?;
    draw_xy_plot(&plot, c, None, xa, ya)
}

/// One panel per series (named above it), stacked on the same axes: for series that would
/// cover one another in a single plot.
pub fn xy_panels(c: &XYChart, size: (u32, u32)) -> Result<Rendered> {
    let xs: Vec<f64> = c.series.iter().flat_map(|s| s.points.iter().map(|p| p.0)).collect();
    let ys: Vec<f64> = c.series.iter().flat_map(|s| s.points.iter().map(|p| p.1)).collect();
    let xa = Axis::new(c.x_scale, &xs, false, 0.02);
    let ya = Axis::new(c.y_scale, &ys, false, 0.04);
    both_backends!(size, root => draw_xy_panels(&root, c, xa, ya))
}

fn draw_xy_panels<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, c: &XYChart, xa: Axis, ya: Axis) -> Result<()> {
    let plot = frame(root, &c.title, &[])?;
    let k = c.series.len().max(1);
    let panels = plot.split_evenly((k, 1));
    for (i, (panel, s)) in panels.iter().zip(&c.series).enumerate() {
        let ink = colour_of(s, i);
        let style = TextStyle::from((FAMILY, 15).into_font())
            .color(&ink)
            .pos(Pos::new(HPos::Center, VPos::Top));
        let w = panel.dim_in_pixel().0 as i32;
        panel.draw(&Text::new(s.name.clone(), (w / 2, 2), style)).map_err(err)?;
        let (_, below) = panel.split_vertically(20);
        draw_xy_plot(&below, c, Some(i), xa, ya)?;
    }
    Ok(())
}

/// The axes and the series of `c` (only series `only` when given) in `plot`.
fn draw_xy_plot<DB: DrawingBackend>(
    plot: &DrawingArea<DB, Shift>,
    c: &XYChart,
    only: Option<usize>,
    xa: Axis,
    ya: Axis,
) -> Result<()> {
    let mut chart = ChartBuilder::on(plot)
        .margin(16)
        .margin_top(if only.is_some() { 4 } else { 8 })
        .x_label_area_size(48)
        .y_label_area_size(ya.label_width() + 34)
        .build_cartesian_2d(xa.lo..xa.hi, ya.lo..ya.hi)
        .map_err(err)?;
    let xf = |v: &f64| xa.label(*v);
    let yf = |v: &f64| ya.label(*v);
    let mut mesh = chart.configure_mesh();
    mesh.x_desc(axis_desc(&c.x_label, &xa))
        .y_desc(axis_desc(&c.y_label, &ya))
        .x_labels(xa.ticks(12))
        .y_labels(ya.ticks(12))
        .x_label_formatter(&xf)
        .y_label_formatter(&yf)
        .label_style((FAMILY, 14))
        .axis_desc_style((FAMILY, 16))
        .light_line_style(RGBColor(240, 240, 240));
    if xa.decades {
        mesh.max_light_lines(0);
    }
    if ya.decades {
        mesh.max_light_lines(0);
    }
    mesh.draw().map_err(err)?;
    let (px, py) = chart.plotting_area().get_pixel_range();
    let pixels = ((px.end - px.start).max(1) as f64, (py.end - py.start).max(1) as f64);
    let total: usize = c.series.iter().map(|s| s.points.len()).sum();
    let radius = if total > 2000 { 2 } else { 3 };
    for (i, s) in c.series.iter().enumerate() {
        if only.is_some_and(|o| o != i) {
            continue;
        }
        let colour = colour_of(s, i);
        if s.mark == Mark::ErrorBars {
            draw_error_bars(&mut chart, s, colour, (xa, ya))?;
        } else {
            draw_xy_series(&mut chart, s, colour, (xa, ya), pixels, radius)?;
        }
    }
    for m in &c.markers {
        if let Some(x) = xa.map(m.x) {
            draw_marker(&mut chart, x, (ya.lo, ya.hi), (xa.lo, xa.hi), m)?;
        }
    }
    Ok(())
}

/// A plot's coordinates: f64 on both axes, already transformed by the axes' [`Axis::map`].
type XYContext<'a, DB> = ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// An [`Mark::ErrorBars`] series: one vertical bar with caps per pair of points.
fn draw_error_bars<DB: DrawingBackend>(
    chart: &mut XYContext<'_, DB>,
    s: &XYSeries,
    colour: RGBColor,
    (xa, ya): (Axis, Axis),
) -> Result<()> {
    // One bar per pair; a bar whose end falls off a log axis is dropped, not clipped.
    let cap = (xa.hi - xa.lo) * 0.004;
    for pair in s.points.chunks_exact(2) {
        let (Some(x), Some(lo), Some(hi)) = (xa.map(pair[0].0), ya.map(pair[0].1), ya.map(pair[1].1)) else {
            continue;
        };
        let mut bar = vec![PathElement::new(vec![(x, lo), (x, hi)], colour.stroke_width(1))];
        for y in [lo, hi] {
            bar.push(PathElement::new(
                vec![(x - cap, y), (x + cap, y)],
                colour.stroke_width(1),
            ));
        }
        chart.draw_series(bar).map_err(err)?;
    }
    Ok(())
}

/// Any other series: its line, then its markers (`pixels` = the plot's size, to merge markers
/// that land on the same pixel).
fn draw_xy_series<DB: DrawingBackend>(
    chart: &mut XYContext<'_, DB>,
    s: &XYSeries,
    colour: RGBColor,
    (xa, ya): (Axis, Axis),
    pixels: (f64, f64),
    radius: i32,
) -> Result<()> {
    let mut pts: Vec<(f64, f64)> = s
        .points
        .iter()
        .filter_map(|&(x, y)| Some((xa.map(x)?, ya.map(y)?)))
        .collect();
    if matches!(s.mark, Mark::Line | Mark::LinePoints | Mark::LineShape(_)) {
        if pts.len() <= 5000 {
            // Segment by segment: a 2-pixel polyline's mitred joins turn sharp V-shaped turns
            // (a count jumping 1 -> 2 -> 1 at the axis floor) into long spikes in the PNG.
            chart
                .draw_series(
                    pts.windows(2)
                        .map(|w| PathElement::new(vec![w[0], w[1]], colour.stroke_width(2))),
                )
                .map_err(err)?;
        } else {
            chart
                .draw_series(LineSeries::new(pts.clone(), colour.stroke_width(2)))
                .map_err(err)?;
        }
    }
    if s.mark == Mark::DashedHollow {
        chart
            .draw_series(DashedLineSeries::new(pts.clone(), 6, 4, colour.stroke_width(2)))
            .map_err(err)?;
    }
    if s.mark == Mark::Line {
        return Ok(());
    }
    if pts.len() > 2000 {
        // Markers that land on the same pixel draw the same picture: keep one of each, so
        // the SVG stays small for sweeps of 10^5 sizes.
        let key = |&(x, y): &(f64, f64)| {
            (
                ((x - xa.lo) / (xa.hi - xa.lo) * pixels.0).round() as i64,
                ((y - ya.lo) / (ya.hi - ya.lo) * pixels.1).round() as i64,
            )
        };
        let mut seen = std::collections::HashSet::new();
        pts.retain(|p| seen.insert(key(p)));
    }
    if let Mark::LineShape(shape) = s.mark {
        draw_shapes(chart.plotting_area(), &pts, shape, radius + 1, colour)?;
        return Ok(());
    }
    let filled = matches!(s.mark, Mark::Points | Mark::LinePoints);
    let style = if filled {
        colour.filled()
    } else {
        colour.stroke_width(2)
    };
    chart
        .draw_series(pts.iter().map(|&p| Circle::new(p, radius, style)))
        .map_err(err)?;
    Ok(())
}

fn draw_marker<DB: DrawingBackend>(
    chart: &mut XYContext<'_, DB>,
    x: f64,
    (y0, y1): (f64, f64),
    (x0, x1): (f64, f64),
    m: &Marker,
) -> Result<()> {
    let ink = RGBColor(40, 40, 40);
    chart
        .draw_series(DashedLineSeries::new(vec![(x, y0), (x, y1)], 8, 5, ink.stroke_width(2)))
        .map_err(err)?;
    // The label in a white box beside the line's end, on whichever side has room.
    let font = TextStyle::from((FAMILY, 15).into_font()).color(&ink);
    let (w, h) = chart.plotting_area().estimate_text_size(&m.label, &font).map_err(err)?;
    let (w, h) = (w as i32 + 16, h as i32 + 6);
    let right = (x - x0) / (x1 - x0) < 0.6;
    let (left, dx) = if right { (6, 6) } else { (-6 - w, -6) };
    let (anchor_y, top) = if m.label_at_bottom { (y0, -6 - h) } else { (y1, 6) };
    let style = font.pos(Pos::new(if right { HPos::Left } else { HPos::Right }, VPos::Center));
    let text_x = if right { dx + 6 } else { dx - 10 };
    chart
        .draw_series(std::iter::once(
            EmptyElement::at((x, anchor_y))
                + Rectangle::new([(left, top), (left + w, top + h)], WHITE.mix(0.9).filled())
                + Rectangle::new([(left, top), (left + w, top + h)], ink.stroke_width(1))
                + Text::new(m.label.clone(), (text_x, top + h / 2), style),
        ))
        .map_err(err)?;
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Intervals over categories

/// One value per category, exact or bounded: a filled point where `lower == upper`, an error bar
/// with caps from `lower` to `upper` where only bounds are known. Each category has its own slot
/// on the x axis, labelled with its name, so values that sit close together never overlap.
#[derive(Clone, Debug)]
pub struct IntervalChart {
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    pub categories: Vec<String>,
    /// `(lower, upper)` per category.
    pub values: Vec<(f64, f64)>,
    /// Legend text of the points (exact values) and of the bars (bounds).
    pub exact_name: String,
    pub bounds_name: String,
}

/// The axes of a chart over `n` named categories: one unit per category, centred on 0..n-1.
fn category_axes<'a, DB: DrawingBackend>(
    plot: &DrawingArea<DB, Shift>,
    n: usize,
    ya: &Axis,
) -> Result<XYContext<'a, DB>> {
    ChartBuilder::on(plot)
        .margin(16)
        .margin_top(8)
        .x_label_area_size(48)
        .y_label_area_size(ya.label_width() + 34)
        .build_cartesian_2d(-0.5..n as f64 - 0.5, ya.lo..ya.hi)
        .map_err(err)
}

/// The category named at x (whole numbers only: the ticks between categories stay blank).
fn category_at(categories: &[String], x: f64) -> String {
    let k = x.round();
    if (x - k).abs() > 1e-6 || k < 0.0 {
        String::new()
    } else {
        categories.get(k as usize).cloned().unwrap_or_default()
    }
}

/// Renders an [`IntervalChart`] on a linear y axis.
pub fn interval_chart(c: &IntervalChart) -> Result<Rendered> {
    let ys: Vec<f64> = c.values.iter().flat_map(|&(lo, hi)| [lo, hi]).collect();
    let ya = Axis::new(Scale::Linear, &ys, false, 0.06);
    both_backends!(root => draw_intervals(&root, c, ya))
}

fn draw_intervals<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, c: &IntervalChart, ya: Axis) -> Result<()> {
    let (exact_ink, bounds_ink) = (PALETTE[0], PALETTE[1]);
    let mut legend = Vec::new();
    if c.values.iter().any(|&(lo, hi)| lo == hi) {
        legend.push((c.exact_name.clone(), Swatch::Mark(exact_ink, Mark::Points)));
    }
    if c.values.iter().any(|&(lo, hi)| lo != hi) {
        legend.push((c.bounds_name.clone(), Swatch::Mark(bounds_ink, Mark::ErrorBars)));
    }
    let plot = frame(root, &c.title, &legend)?;
    let n = c.categories.len().max(1);
    let mut chart = category_axes(&plot, n, &ya)?;
    let xf = |v: &f64| category_at(&c.categories, *v);
    let yf = |v: &f64| ya.label(*v);
    chart
        .configure_mesh()
        .x_desc(&c.x_label)
        .y_desc(&c.y_label)
        .x_labels(n.min(60))
        .y_labels(12)
        .x_label_formatter(&xf)
        .y_label_formatter(&yf)
        .label_style((FAMILY, if n > 24 { 11 } else { 14 }))
        .axis_desc_style((FAMILY, 16))
        .light_line_style(RGBColor(240, 240, 240))
        .draw()
        .map_err(err)?;
    for (x, &(lo, hi)) in c.values.iter().enumerate() {
        let x = x as f64;
        if lo == hi {
            chart
                .draw_series(std::iter::once(Circle::new((x, lo), 4, exact_ink.filled())))
                .map_err(err)?;
            continue;
        }
        let mut bar = vec![PathElement::new(vec![(x, lo), (x, hi)], bounds_ink.stroke_width(2))];
        for y in [lo, hi] {
            bar.push(PathElement::new(
                vec![(x - 0.25, y), (x + 0.25, y)],
                bounds_ink.stroke_width(2),
            ));
        }
        chart.draw_series(bar).map_err(err)?;
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Category bar charts

/// Renders bars over named categories.
pub fn category_bar_chart(c: &CategoryChart) -> Result<Rendered> {
    let ys: Vec<f64> = c
        .series
        .iter()
        .flat_map(|s| s.values.iter().flatten().copied())
        .collect();
    let ya = Axis::new(c.y_scale, &ys, true, 0.06);
    let ya = match c.y_max {
        Some(top) if !ya.log => Axis { hi: top, ..ya },
        // Room above the tallest bar for its value label.
        _ if c.value_labels && !ya.log => Axis {
            hi: ya.hi + (ya.hi - ya.lo) * 0.04,
            ..ya
        },
        _ => ya,
    };
    both_backends!(root => draw_categories(&root, c, ya))
}

fn draw_categories<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, c: &CategoryChart, ya: Axis) -> Result<()> {
    let plot = frame(root, &c.title, &category_legend(c))?;
    let n = c.categories.len().max(1);
    let mut chart = category_axes(&plot, n, &ya)?;
    let xf = |v: &f64| category_at(&c.categories, *v);
    let yf = |v: &f64| ya.label(*v);
    let mut mesh = chart.configure_mesh();
    mesh.disable_x_mesh()
        .x_desc(&c.x_label)
        .y_desc(axis_desc(&c.y_label, &ya))
        .x_labels(n.min(40))
        .y_labels(ya.ticks(12))
        .x_label_formatter(&xf)
        .y_label_formatter(&yf)
        .label_style((FAMILY, 14))
        .axis_desc_style((FAMILY, 16))
        .light_line_style(RGBColor(240, 240, 240));
    if ya.decades {
        mesh.max_light_lines(0);
    }
    mesh.draw().map_err(err)?;
    let (px, _) = chart.plotting_area().get_pixel_range();
    let px_per_cat = (px.end - px.start) as f64 / n as f64;
    let k = c.series.len().max(1) as f64;
    let width = 0.8 / k;
    let base = if ya.log { ya.lo } else { 0.0 };
    let half_px = ((width * px_per_cat) / 2.0).max(1.0) as i32;
    let label_font = if c.series.len() * n > 24 { 10 } else { 13 };
    for (i, s) in c.series.iter().enumerate() {
        let colour = PALETTE[i % PALETTE.len()];
        let left = -0.4 + width * i as f64;
        for (x, v) in s.values.iter().enumerate() {
            let Some(v) = *v else { continue };
            let centre = x as f64 + left + width / 2.0;
            match ya.map(v).filter(|&y| (ya.log || v != 0.0) && y > base) {
                Some(y) => {
                    chart
                        .draw_series(std::iter::once(Rectangle::new(
                            [(x as f64 + left, base), (x as f64 + left + width, y)],
                            colour.filled(),
                        )))
                        .map_err(err)?;
                }
                // Zero (or, on a log axis, non-positive) with its value written: no bar at all,
                // a mark would read as a small positive value.
                None if c.value_labels => {}
                None => {
                    // Without labels a thin mark on the baseline tells zero from missing.
                    chart
                        .draw_series(std::iter::once(
                            EmptyElement::at((centre, base))
                                + Rectangle::new([(-half_px, -2), (half_px, 0)], colour.filled()),
                        ))
                        .map_err(err)?;
                }
            }
            if c.value_labels {
                draw_value_label(&mut chart, v, (centre, base), ya, label_font)?;
            }
        }
    }
    for m in &c.markers {
        draw_marker(&mut chart, m.x, (ya.lo, ya.hi), (-0.5, n as f64 - 0.5), m)?;
    }
    Ok(())
}

/// The legend of a category chart: one swatch per series, none for a single unnamed series.
fn category_legend(c: &CategoryChart) -> Vec<(String, Swatch)> {
    if c.series.len() > 1 || c.series.iter().any(|s| !s.name.is_empty()) {
        c.series
            .iter()
            .enumerate()
            .map(|(i, s)| (s.name.clone(), Swatch::Bar(PALETTE[i % PALETTE.len()])))
            .collect()
    } else {
        Vec::new()
    }
}

/// Bar value `v` written above its bar, centred on x = `centre` (`base`: where bars start).
fn draw_value_label<DB: DrawingBackend>(
    chart: &mut XYContext<'_, DB>,
    v: f64,
    (centre, base): (f64, f64),
    ya: Axis,
    label_font: i32,
) -> Result<()> {
    let top = ya.map(v).unwrap_or(base).max(base);
    // A bar reaching the axis' end carries its label inside, in white.
    let inside = (top - ya.lo) / (ya.hi - ya.lo) > 0.93;
    let (vpos, dy, ink) = if inside {
        (VPos::Top, 5, WHITE)
    } else {
        (VPos::Bottom, -5, BLACK)
    };
    let style = TextStyle::from((FAMILY, label_font).into_font())
        .color(&ink)
        .pos(Pos::new(HPos::Center, vpos));
    chart
        .draw_series(std::iter::once(
            EmptyElement::at((centre, top)) + Text::new(format_distinct(v), (0, dy), style),
        ))
        .map_err(err)?;
    Ok(())
}

/// Category labels for integer x values: every integer from the smallest to the largest, so a
/// gap shows as an empty slot rather than disappearing.
fn integer_categories(series: &[Series]) -> (i64, Vec<String>) {
    let xs: Vec<f64> = series.iter().flat_map(|s| s.points.iter().map(|p| p.0)).collect();
    if xs.is_empty() {
        return (0, Vec::new());
    }
    let (lo, hi) = min_max(&xs);
    let (lo, hi) = (lo.round() as i64, hi.round() as i64);
    (lo, (lo..=hi).map(|k| k.to_string()).collect())
}

fn to_categories(series: &[Series]) -> (Vec<String>, Vec<CategorySeries>) {
    let (lo, cats) = integer_categories(series);
    let out = series
        .iter()
        .map(|s| {
            let mut values = vec![None; cats.len()];
            for &(x, y) in &s.points {
                let i = x.round() as i64 - lo;
                if (0..cats.len() as i64).contains(&i) {
                    values[i as usize] = Some(y);
                }
            }
            CategorySeries {
                name: s.name.clone(),
                values,
            }
        })
        .collect();
    (cats, out)
}

/// Renders a grouped bar chart (integer x positions, each labelled on the axis).
pub fn bar_chart(c: &BarChart) -> Result<Rendered> {
    bar_chart_marked(c, &[])
}

/// [`bar_chart`] with labelled vertical markers at integer x values (e.g. God's number).
pub fn bar_chart_marked(c: &BarChart, markers: &[Marker]) -> Result<Rendered> {
    let (lo, _) = integer_categories(&c.series);
    let (categories, series) = to_categories(&c.series);
    let single_unnamed = c.series.len() == 1;
    category_bar_chart(&CategoryChart {
        title: c.title.clone(),
        x_label: c.x_label.clone(),
        y_label: c.y_label.clone(),
        categories,
        series: if single_unnamed {
            series
                .into_iter()
                .map(|s| CategorySeries {
                    name: String::new(),
                    ..s
                })
                .collect()
        } else {
            series
        },
        y_scale: if c.log_y { Scale::Log10 } else { Scale::Linear },
        value_labels: false,
        markers: markers
            .iter()
            .map(|m| Marker {
                x: m.x - lo as f64,
                ..m.clone()
            })
            .collect(),
        y_max: None,
    })
}

/// Renders a line chart.
pub fn line_chart(c: &LineChart) -> Result<Rendered> {
    let mark = if c.lines { Mark::LinePoints } else { Mark::Points };
    xy_chart(&XYChart {
        title: c.title.clone(),
        x_label: c.x_label.clone(),
        y_label: c.y_label.clone(),
        series: c
            .series
            .iter()
            .map(|s| XYSeries {
                name: s.name.clone(),
                points: s.points.clone(),
                mark,
                colour: None,
            })
            .collect(),
        x_scale: Scale::Linear,
        y_scale: if c.log_y { Scale::Log10 } else { Scale::Linear },
        markers: Vec::new(),
    })
}

// ---------------------------------------------------------------------------------------------
// Heatmaps

fn value_range(c: &Heatmap) -> (f64, f64) {
    let vals = c.cells.iter().flatten().flatten().copied();
    vals.fold((f64::MAX, f64::MIN), |(a, b), v| (a.min(v), b.max(v)))
}

/// Three stops (light yellow, teal, dark blue) so no value looks like a grey empty cell.
fn ramp(t: f64) -> RGBColor {
    let t = t.clamp(0.0, 1.0);
    let stops = [(255.0, 237.0, 160.0), (65.0, 182.0, 196.0), (37.0, 52.0, 148.0)];
    let (a, b, u) = if t < 0.5 {
        (stops[0], stops[1], t * 2.0)
    } else {
        (stops[1], stops[2], t * 2.0 - 1.0)
    };
    let mix = |x: f64, y: f64| (x + (y - x) * u).round() as u8;
    RGBColor(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

const NONE_FILL: RGBColor = RGBColor(238, 238, 238);

/// Renders a heatmap with the value written in each cell and a generic colour key.
pub fn heatmap(c: &Heatmap) -> Result<Rendered> {
    heatmap_with_key(
        c,
        &ColourKey {
            title: "value".into(),
            none_meaning: "no value".into(),
            categories: Vec::new(),
        },
    )
}

/// Renders a heatmap with the value written in each cell (when it fits) and a colour key at the right: one
/// swatch per value when there are at most 12 distinct integers, else a graded bar with ticks.
pub fn heatmap_with_key(c: &Heatmap, key: &ColourKey) -> Result<Rendered> {
    let ny = c.cells.len();
    let nx = c.cells.first().map_or(0, Vec::len);
    let font_px = (520 / nx.max(ny).max(1)).clamp(7, 16) as i32;
    both_backends!(root => draw_heatmap(&root, c, key, (nx, ny), font_px))
}

fn draw_heatmap<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    c: &Heatmap,
    key: &ColourKey,
    (nx, ny): (usize, usize),
    font_px: i32,
) -> Result<()> {
    // Categories span the whole colour ramp, whichever of them occur.
    let (lo, hi) = if key.categories.is_empty() {
        value_range(c)
    } else {
        (0.0, key.categories.len().saturating_sub(1) as f64)
    };
    let body = frame(root, &c.title, &[])?;
    let (w, _) = body.dim_in_pixel();
    let (main, key_area) = body.split_horizontally(w.saturating_sub(150));
    // Square cells: the side that has room to spare gives it to the margins.
    let (mw, mh) = main.dim_in_pixel();
    let (pw, ph) = (
        mw.saturating_sub(16 * 2 + 60) as f64,
        mh.saturating_sub(8 + 16 + 48) as f64,
    );
    let cell = (pw / nx.max(1) as f64).min(ph / ny.max(1) as f64);
    let spare_w = (pw - cell * nx as f64).max(0.0) as u32;
    let spare_h = (ph - cell * ny as f64).max(0.0) as u32;
    let write_values = values_fit(c, key, font_px, cell);
    {
        let mut chart = ChartBuilder::on(&main)
            .margin(16)
            .margin_top(8 + spare_h / 2)
            .margin_bottom(16 + spare_h - spare_h / 2)
            .margin_left(16 + spare_w / 2)
            .margin_right(16 + spare_w - spare_w / 2)
            .x_label_area_size(48)
            .y_label_area_size(60)
            .build_cartesian_2d(-0.5..nx as f64 - 0.5, -0.5..ny as f64 - 0.5)
            .map_err(err)?;
        // Cell k is centred on k; only integer ticks carry a label.
        let label = |ticks: &[String], v: f64| {
            let k = v.round();
            if (v - k).abs() > 1e-6 || k < 0.0 {
                return String::new();
            }
            ticks.get(k as usize).cloned().unwrap_or_default()
        };
        let xt = |v: &f64| label(&c.x_ticks, *v);
        let yt = |v: &f64| label(&c.y_ticks, *v);
        chart
            .configure_mesh()
            .disable_mesh()
            .x_labels(nx.min(40))
            .y_labels(ny.min(40))
            .x_label_formatter(&xt)
            .y_label_formatter(&yt)
            .x_desc(&c.x_label)
            .y_desc(&c.y_label)
            .label_style((FAMILY, 12))
            .axis_desc_style((FAMILY, 16))
            .draw()
            .map_err(err)?;
        draw_cells(&mut chart, c, (lo, hi), write_values.then_some(font_px))?;
    }
    let has_none = c.cells.iter().flatten().any(Option::is_none) && !key.none_meaning.is_empty();
    // The key shows the empty cells' mark only when the cells carry it.
    let none_mark = if write_values { c.none_label.as_str() } else { "" };
    let discrete = if key.categories.is_empty() {
        distinct_integers(c)
    } else {
        Some((0..key.categories.len()).map(|k| k as f64).collect())
    };
    draw_key(&key_area, key, (lo, hi), &discrete, has_none.then_some(none_mark))
}

/// Whether the values are written in the cells: only when the widest fits at a readable size in
/// a cell `cell` pixels wide (the colour key carries them otherwise), never for categories.
fn values_fit(c: &Heatmap, key: &ColourKey, font_px: i32, cell: f64) -> bool {
    let widest = c
        .cells
        .iter()
        .flatten()
        .map(|v| v.map_or(c.none_label.chars().count(), |v| format_value(v).chars().count()))
        .max()
        .unwrap_or(0);
    key.categories.is_empty()
        && font_px >= 10
        && widest as f64 * font_px as f64 * 0.62 + 4.0 <= cell
        && font_px as f64 + 2.0 <= cell
}

/// The heatmap's cells, coloured on the ramp from `lo` to `hi`, each with its value written in
/// `font_px` when given.
fn draw_cells<DB: DrawingBackend>(
    chart: &mut XYContext<'_, DB>,
    c: &Heatmap,
    (lo, hi): (f64, f64),
    font_px: Option<i32>,
) -> Result<()> {
    let t_of = |v: f64| if hi > lo { (v - lo) / (hi - lo) } else { 0.5 };
    for (y, row) in c.cells.iter().enumerate() {
        for (x, v) in row.iter().enumerate() {
            let (fill, label) = match v {
                Some(v) => (ramp(t_of(*v)), format_value(*v)),
                None => (NONE_FILL, c.none_label.clone()),
            };
            let (x, y) = (x as f64, y as f64);
            chart
                .draw_series(std::iter::once(Rectangle::new(
                    [(x - 0.5, y - 0.5), (x + 0.5, y + 0.5)],
                    fill.filled(),
                )))
                .map_err(err)?;
            let Some(font_px) = font_px else {
                continue;
            };
            let dark = v.is_some_and(|v| hi > lo && t_of(v) > 0.6);
            let text_color = if dark { WHITE } else { BLACK };
            let style = TextStyle::from((FAMILY, font_px).into_font())
                .color(&text_color)
                .pos(Pos::new(HPos::Center, VPos::Center));
            chart
                .draw_series(std::iter::once(Text::new(label, (x, y), style)))
                .map_err(err)?;
        }
    }
    Ok(())
}

/// The distinct values when they are at most 12 integers.
fn distinct_integers(c: &Heatmap) -> Option<Vec<f64>> {
    let mut v: Vec<f64> = c.cells.iter().flatten().flatten().copied().collect();
    if v.iter().any(|x| x.fract() != 0.0) {
        return None;
    }
    v.sort_by(f64::total_cmp);
    v.dedup();
    (v.len() <= 12).then_some(v)
}

fn draw_key<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    key: &ColourKey,
    (lo, hi): (f64, f64),
    discrete: &Option<Vec<f64>>,
    none: Option<&str>,
) -> Result<()> {
    let font = (FAMILY, 14).into_font();
    let left = TextStyle::from(font.clone()).pos(Pos::new(HPos::Left, VPos::Center));
    let (x0, mut y) = (8, 24);
    for l in wrap(&key.title, 16).iter().take(3) {
        area.draw(&Text::new(l.clone(), (x0, y), left.clone())).map_err(err)?;
        y += 18;
    }
    y += 8;
    let t_of = |v: f64| if hi > lo { (v - lo) / (hi - lo) } else { 0.5 };
    match discrete {
        Some(values) if !values.is_empty() => {
            for &v in values.iter().rev() {
                area.draw(&Rectangle::new([(x0, y), (x0 + 24, y + 20)], ramp(t_of(v)).filled()))
                    .map_err(err)?;
                area.draw(&Rectangle::new([(x0, y), (x0 + 24, y + 20)], BLACK.stroke_width(1)))
                    .map_err(err)?;
                let name = key
                    .categories
                    .get(v as usize)
                    .cloned()
                    .unwrap_or_else(|| format_value(v));
                area.draw(&Text::new(name, (x0 + 32, y + 10), left.clone()))
                    .map_err(err)?;
                y += 24;
            }
        }
        Some(_) => {}
        None => {
            let height = 300;
            for p in 0..height {
                let t = 1.0 - p as f64 / (height - 1) as f64;
                area.draw(&Rectangle::new([(x0, y + p), (x0 + 24, y + p + 1)], ramp(t).filled()))
                    .map_err(err)?;
            }
            area.draw(&Rectangle::new([(x0, y), (x0 + 24, y + height)], BLACK.stroke_width(1)))
                .map_err(err)?;
            for i in 0..=4 {
                let v = hi - (hi - lo) * i as f64 / 4.0;
                let py = y + height * i / 4;
                area.draw(&PathElement::new(
                    vec![(x0 + 24, py), (x0 + 30, py)],
                    BLACK.stroke_width(1),
                ))
                .map_err(err)?;
                area.draw(&Text::new(format_value(v), (x0 + 34, py), left.clone()))
                    .map_err(err)?;
            }
            y += height + 16;
        }
    }
    if let Some(label) = none {
        y += 8;
        area.draw(&Rectangle::new([(x0, y), (x0 + 24, y + 20)], NONE_FILL.filled()))
            .map_err(err)?;
        area.draw(&Rectangle::new([(x0, y), (x0 + 24, y + 20)], BLACK.stroke_width(1)))
            .map_err(err)?;
        let centre = TextStyle::from((FAMILY, 12).into_font()).pos(Pos::new(HPos::Center, VPos::Center));
        area.draw(&Text::new(label.to_string(), (x0 + 12, y + 10), centre))
            .map_err(err)?;
        for (i, l) in wrap(&key.none_meaning, 12).iter().take(3).enumerate() {
            area.draw(&Text::new(l.clone(), (x0 + 32, y + 10 + 17 * i as i32), left.clone()))
                .map_err(err)?;
        }
    }
    Ok(())
}

/// Small square boards side by side, one per pattern (`(label, cells)`, cells row-major with
/// row 1 at the top): every cell square and the same size, pressed cells dark, grid lines thin.
/// For quiet patterns, where a heatmap strip made cells tall and narrow.
pub fn board_panels(title: &str, n: usize, patterns: &[(String, Vec<bool>)]) -> Result<Rendered> {
    both_backends!(root => draw_board_panels(&root, title, n, patterns))
}

const PRESSED: RGBColor = RGBColor(37, 52, 148);
const UNPRESSED: RGBColor = RGBColor(236, 236, 236);

/// The legend of the press-pattern panels.
fn press_legend() -> Vec<(String, Swatch)> {
    vec![
        ("pressed".to_string(), Swatch::Bar(PRESSED)),
        ("not pressed".to_string(), Swatch::Bar(UNPRESSED)),
    ]
}

fn draw_board_panels<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    n: usize,
    patterns: &[(String, Vec<bool>)],
) -> Result<()> {
    let legend = press_legend();
    let body = frame(root, title, &legend)?;
    let (w, h) = body.dim_in_pixel();
    let (w, h) = (w as i32 - 40, h as i32 - 20);
    let (k, n) = (patterns.len().max(1) as i32, n.max(1) as i32);
    let (gap, label_h) = (28, 22);
    // The column count that gives the largest cells.
    let (cols, cell) = (1..=k)
        .map(|cols| {
            let rows = (k + cols - 1) / cols;
            let by_w = (w - (cols - 1) * gap) / (cols * n);
            let by_h = (h - rows * (label_h + gap)) / (rows * n);
            (cols, by_w.min(by_h).min(48))
        })
        .max_by_key(|&(cols, cell)| (cell, -cols))
        .unwrap_or((1, 8));
    let rows = (k + cols - 1) / cols;
    let side = cell * n;
    let x0 = 20 + (w - cols * side - (cols - 1) * gap) / 2;
    let y0 = 6 + (h - rows * (side + label_h) - (rows - 1) * gap) / 2;
    let grid = RGBColor(255, 255, 255);
    let label_style = TextStyle::from((FAMILY, 15).into_font()).pos(Pos::new(HPos::Center, VPos::Bottom));
    for (i, (label, cells)) in patterns.iter().enumerate() {
        let (col, row) = (i as i32 % cols, i as i32 / cols);
        let left = x0 + col * (side + gap);
        let top = y0 + row * (side + label_h + gap) + label_h;
        body.draw(&Text::new(
            label.clone(),
            (left + side / 2, top - 4),
            label_style.clone(),
        ))
        .map_err(err)?;
        for r in 0..n {
            for c in 0..n {
                let on = cells.get((r * n + c) as usize).copied().unwrap_or(false);
                let (x, y) = (left + c * cell, top + r * cell);
                body.draw(&Rectangle::new(
                    [(x, y), (x + cell, y + cell)],
                    if on { PRESSED } else { UNPRESSED }.filled(),
                ))
                .map_err(err)?;
                body.draw(&Rectangle::new([(x, y), (x + cell, y + cell)], grid.stroke_width(1)))
                    .map_err(err)?;
            }
        }
        body.draw(&Rectangle::new(
            [(left, top), (left + side, top + side)],
            BLACK.stroke_width(1),
        ))
        .map_err(err)?;
    }
    Ok(())
}

/// The cells of a board picture for [`cell_panels`]: centres in units of one cell, y down.
#[derive(Clone, Debug)]
pub enum CellShape {
    /// Unit squares.
    Square,
    /// Pointy-top hexagons of width one (the hexagonal lattice's cells).
    Hexagon,
}

/// Like [`board_panels`], for a board of any shape: each pattern drawn on the cells centred at
/// `centres` (one per cell, in the patterns' order), each cell a square or a hexagon.
pub fn cell_panels(
    title: &str,
    centres: &[(f64, f64)],
    shape: CellShape,
    patterns: &[(String, Vec<bool>)],
) -> Result<Rendered> {
    both_backends!(root => draw_cell_panels(&root, title, centres, &shape, patterns))
}

fn draw_cell_panels<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    centres: &[(f64, f64)],
    shape: &CellShape,
    patterns: &[(String, Vec<bool>)],
) -> Result<()> {
    let legend = press_legend();
    let body = frame(root, title, &legend)?;
    let (w, h) = body.dim_in_pixel();
    let (w, h) = (w as f64 - 40.0, h as f64 - 20.0);
    // The cells' extent in cell units (a hexagon reaches 1/sqrt(3) above and below its centre).
    let half_h = match shape {
        CellShape::Square => 0.5,
        CellShape::Hexagon => 1.0 / 3f64.sqrt(),
    };
    let fold = |f: fn(f64, f64) -> f64, init: f64, pick: fn(&(f64, f64)) -> f64| centres.iter().map(pick).fold(init, f);
    let (x_min, x_max) = (
        fold(f64::min, f64::MAX, |c| c.0) - 0.5,
        fold(f64::max, f64::MIN, |c| c.0) + 0.5,
    );
    let (y_min, y_max) = (
        fold(f64::min, f64::MAX, |c| c.1) - half_h,
        fold(f64::max, f64::MIN, |c| c.1) + half_h,
    );
    let (bw, bh) = ((x_max - x_min).max(1.0), (y_max - y_min).max(1.0));
    let k = patterns.len().max(1);
    let (gap, label_h) = (28.0, 22.0);
    // The column count that gives the largest cells.
    let (cols, unit) = (1..=k)
        .map(|cols| {
            let rows = k.div_ceil(cols) as f64;
            let by_w = (w - (cols as f64 - 1.0) * gap) / (cols as f64 * bw);
            let by_h = (h - rows * (label_h + gap)) / (rows * bh);
            (cols, by_w.min(by_h).min(48.0))
        })
        .max_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0)))
        .unwrap_or((1, 8.0));
    let rows = k.div_ceil(cols) as f64;
    let (side_w, side_h) = (unit * bw, unit * bh);
    let x0 = 20.0 + (w - cols as f64 * side_w - (cols as f64 - 1.0) * gap) / 2.0;
    let y0 = 6.0 + (h - rows * (side_h + label_h) - (rows - 1.0) * gap) / 2.0;
    let label_style = TextStyle::from((FAMILY, 15).into_font()).pos(Pos::new(HPos::Center, VPos::Bottom));
    for (i, (label, cells)) in patterns.iter().enumerate() {
        let (col, row) = ((i % cols) as f64, (i / cols) as f64);
        let left = x0 + col * (side_w + gap);
        let top = y0 + row * (side_h + label_h + gap) + label_h;
        body.draw(&Text::new(
            label.clone(),
            ((left + side_w / 2.0) as i32, (top - 4.0) as i32),
            label_style.clone(),
        ))
        .map_err(err)?;
        for (j, &(cx, cy)) in centres.iter().enumerate() {
            let fill = if cells.get(j).copied().unwrap_or(false) {
                PRESSED
            } else {
                UNPRESSED
            };
            let (px, py) = (left + (cx - x_min) * unit, top + (cy - y_min) * unit);
            let outline: Vec<(i32, i32)> = match shape {
                CellShape::Square => [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)].to_vec(),
                CellShape::Hexagon => (0..6)
                    .map(|v| {
                        let a = std::f64::consts::PI / 3.0 * v as f64 + std::f64::consts::PI / 6.0;
                        (a.cos() * half_h, a.sin() * half_h)
                    })
                    .collect(),
            }
            .into_iter()
            .map(|(dx, dy)| ((px + dx * unit) as i32, (py + dy * unit) as i32))
            .collect();
            body.draw(&Polygon::new(outline.clone(), fill.filled())).map_err(err)?;
            let mut closed = outline;
            closed.push(closed[0]);
            body.draw(&PathElement::new(closed, BLACK.mix(0.35).stroke_width(1)))
                .map_err(err)?;
        }
    }
    Ok(())
}

/// A count for every (x, y) with 1 <= x, y <= `side`, one pixel each (no aggregation), coloured
/// by bins that double (0, 1, 2, 3-4, 5-8, ...) because the counts span orders of magnitude; the
/// key gives each bin's share of the cells. `value(x, y)`; the canvas grows with `side`.
pub fn count_grid_chart(
    title: &str,
    x_label: &str,
    y_label: &str,
    key_title: &str,
    side: usize,
    value: &dyn Fn(usize, usize) -> u32,
) -> Result<Rendered> {
    let max = (1..=side)
        .flat_map(|y| (1..=side).map(move |x| (x, y)))
        .map(|(x, y)| value(x, y))
        .max()
        .unwrap_or(0);
    // Bin b >= 1 holds 2^(b-2) < v <= 2^(b-1) (bin 1 = exactly 1); bin 0 = zero.
    let bin = |v: u32| {
        if v == 0 {
            0
        } else {
            1 + (32 - (v - 1).leading_zeros()) as usize
        }
    };
    let bins = bin(max) + 1;
    let colour = |b: usize| {
        if b == 0 {
            RGBColor(250, 250, 250)
        } else {
            ramp((b - 1) as f64 / (bins.saturating_sub(2)).max(1) as f64)
        }
    };
    let mut counts = vec![0u64; bins];
    let mut rgb = vec![0u8; side * side * 3];
    for y in 1..=side {
        for x in 1..=side {
            let b = bin(value(x, y));
            counts[b] += 1;
            let RGBColor(r, g, bl) = colour(b);
            let at = ((side - y) * side + x - 1) * 3;
            rgb[at..at + 3].copy_from_slice(&[r, g, bl]);
        }
    }
    let key: Vec<(String, RGBColor, f64)> = (0..bins)
        .map(|b| {
            let range = match b {
                0 => "0".to_string(),
                1 => "1".to_string(),
                2 => "2".to_string(),
                _ => format!("{}-{}", (1u64 << (b - 2)) + 1, (1u64 << (b - 1)).min(max as u64)),
            };
            (range, colour(b), counts[b] as f64 / (side * side).max(1) as f64)
        })
        .collect();
    let (w, h) = (side as u32 + 380, side as u32 + 160);
    let labels = (x_label, y_label, key_title);
    ensure_font();
    let mut raw = vec![0u8; (w * h * 3) as usize];
    {
        let root = BitMapBackend::with_buffer(&mut raw, (w, h)).into_drawing_area();
        let origin = draw_count_grid(&root, title, labels, side, &key)?;
        root.draw(
            &BitMapElement::with_ref(origin, (side as u32, side as u32), &rgb)
                .ok_or_else(|| anyhow!("count grid: bitmap size"))?,
        )
        .map_err(err)?;
        root.present().map_err(|e| anyhow!("drawing PNG: {e}"))?;
    }
    let mut svg = String::new();
    let origin = {
        let root = SVGBackend::with_string(&mut svg, (w, h)).into_drawing_area();
        let origin = draw_count_grid(&root, title, labels, side, &key)?;
        root.present().map_err(|e| anyhow!("drawing SVG: {e}"))?;
        origin
    };
    // The grid goes into the SVG as one embedded PNG: a million <rect> elements would take
    // tens of MB (plotters' SVG backend draws a bitmap pixel by pixel).
    let image = format!(
        "<image x=\"{}\" y=\"{}\" width=\"{side}\" height=\"{side}\" style=\"image-rendering:pixelated\" \
            href=\"data:image/png;base64,{}\"/>\n",
        origin.0,
        origin.1,
        base64(&encode_png(&rgb, side as u32, side as u32)?)
    );
    let end = svg
        .rfind("</svg>")
        .ok_or_else(|| anyhow!("count grid: SVG has no end tag"))?;
    svg.insert_str(end, &image);
    Ok(Rendered {
        png: encode_png(&raw, w, h)?,
        svg,
    })
}

/// Standard base64 with padding (for a PNG embedded in an SVG).
fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], *chunk.get(1).unwrap_or(&0), *chunk.get(2).unwrap_or(&0)];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for k in 0..4 {
            if k <= chunk.len() {
                out.push(ABC[(n >> (18 - 6 * k) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

fn draw_count_grid<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    (x_label, y_label, key_title): (&str, &str, &str),
    side: usize,
    key: &[(String, RGBColor, f64)],
) -> Result<(i32, i32)> {
    let body = frame(root, title, &[])?;
    let (_, bh) = body.dim_in_pixel();
    let (main, key_area) = body.split_horizontally(side as u32 + 100);
    // Margins chosen so that the plot is exactly side x side pixels.
    let top = (bh as i32 - 10 - 50 - side as i32).max(0) as u32;
    let mut chart = ChartBuilder::on(&main)
        .margin_left(10)
        .margin_right(20)
        .margin_top(top)
        .margin_bottom(10)
        .x_label_area_size(50)
        .y_label_area_size(70)
        .build_cartesian_2d(0.5..side as f64 + 0.5, 0.5..side as f64 + 0.5)
        .map_err(err)?;
    let f = |v: &f64| format_value(*v);
    chart
        .configure_mesh()
        .disable_mesh()
        .x_desc(x_label)
        .y_desc(y_label)
        .x_label_formatter(&f)
        .y_label_formatter(&f)
        .label_style((FAMILY, 14))
        .axis_desc_style((FAMILY, 16))
        .draw()
        .map_err(err)?;
    let (px, py) = chart.plotting_area().get_pixel_range();
    let (w, h) = ((px.end - px.start) as u32, (py.end - py.start) as u32);
    if (w, h) != (side as u32, side as u32) {
        return Err(anyhow!("count grid: plot is {w}x{h} pixels, not {side}x{side}"));
    }
    let origin = chart.plotting_area().get_base_pixel();
    let left = TextStyle::from((FAMILY, 14).into_font()).pos(Pos::new(HPos::Left, VPos::Center));
    let (x0, mut y) = (8, 30);
    for l in wrap(key_title, 24).iter().take(4) {
        key_area
            .draw(&Text::new(l.clone(), (x0, y), left.clone()))
            .map_err(err)?;
        y += 18;
    }
    y += 10;
    key_area
        .draw(&Text::new("value: share of sizes", (x0, y), left.clone()))
        .map_err(err)?;
    y += 24;
    for (range, colour, share) in key.iter().rev() {
        key_area
            .draw(&Rectangle::new([(x0, y), (x0 + 24, y + 20)], colour.filled()))
            .map_err(err)?;
        key_area
            .draw(&Rectangle::new([(x0, y), (x0 + 24, y + 20)], BLACK.stroke_width(1)))
            .map_err(err)?;
        // Percentages as decimals down to 0.0001% (a power of ten reads oddly beside a %).
        let p = share * 100.0;
        let p = if p == 0.0 || p >= 0.01 {
            format_distinct(p)
        } else {
            format!("{p:.4}").trim_end_matches('0').to_string()
        };
        let pct = format!("{range}: {p}%");
        key_area
            .draw(&Text::new(pct, (x0 + 32, y + 10), left.clone()))
            .map_err(err)?;
        y += 26;
    }
    Ok(origin)
}

/// Words joined into lines of at most about `width` characters.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut line = String::new();
    let mut lines = Vec::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + word.chars().count() >= width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::svg_probe as probe;

    fn png_size(png: &[u8]) -> (u32, u32) {
        let dec = png::Decoder::new(png);
        let r = dec.read_info().expect("valid PNG");
        (r.info().width, r.info().height)
    }

    #[test]
    fn intervals_draw_exact_points_and_bound_bars_per_category() {
        let c = IntervalChart {
            title: "sides".into(),
            x_label: "n (side)".into(),
            y_label: "share".into(),
            categories: vec!["4".into(), "5".into(), "23".into()],
            values: vec![(0.4, 0.4), (0.6, 0.6), (0.45, 0.5)],
            exact_name: "exact".into(),
            bounds_name: "bounds".into(),
        };
        let r = interval_chart(&c).unwrap();
        assert_eq!(png_size(&r.png), SIZE);
        probe::assert_texts(
            &r.svg,
            &["sides", "n (side)", "share", "exact", "bounds", "4", "5", "23"],
        );
        // Two exact points and the legend's swatch; one bar with two caps and the legend's.
        assert_eq!(probe::filled(&r.svg, "circle", &probe::hex(PALETTE[0])).len(), 3);
        let bars = probe::elements(&r.svg, "polyline")
            .into_iter()
            .filter(|e| e.attr("stroke") == Some(probe::hex(PALETTE[1]).as_str()))
            .count();
        assert_eq!(bars, 6);
        // Without bounds there is no bounds entry in the legend.
        let exact_only = IntervalChart {
            values: vec![(0.4, 0.4), (0.6, 0.6), (0.5, 0.5)],
            ..c
        };
        let r = interval_chart(&exact_only).unwrap();
        assert_eq!(probe::count_text(&r.svg, "bounds"), 0);
    }

    #[test]
    fn formats_values_for_readers() {
        assert_eq!(format_value(0.0), "0");
        assert_eq!(format_value(20_000_000.0), "20,000,000");
        assert_eq!(format_value(0.7162), "0.716");
        assert_eq!(format_value(2.5e12), "2.5×10¹²");
        assert_eq!(pow10_label(-19728), "10⁻¹⁹⁷²⁸");
    }

    fn two_series_shares(value_labels: bool) -> CategoryChart {
        CategoryChart {
            title: "Shares by residue".into(),
            x_label: "n mod 3".into(),
            y_label: "share".into(),
            categories: vec!["r0".into(), "r1".into(), "r2".into()],
            series: vec![
                CategorySeries {
                    name: "series a".into(),
                    values: vec![Some(0.5), Some(1.0), Some(0.0)],
                },
                CategorySeries {
                    name: "series b".into(),
                    values: vec![Some(0.25), None, Some(0.75)],
                },
            ],
            y_scale: Scale::Linear,
            value_labels,
            markers: vec![],
            y_max: Some(1.0),
        }
    }

    /// Rectangles filled with palette colour `i` that are `height` pixels tall, or any height.
    fn bars(svg: &str, i: usize, height: Option<f64>) -> usize {
        probe::filled(svg, "rect", &probe::hex(PALETTE[i]))
            .iter()
            .filter(|r| height.is_none_or(|h| r.num("height") == h))
            .count()
    }

    #[test]
    fn category_chart_labels_categories_and_marks_zero_bars() {
        let r = category_bar_chart(&two_series_shares(true)).unwrap();
        assert_eq!(png_size(&r.png), SIZE);
        probe::assert_texts(
            &r.svg,
            &[
                "Shares by residue",
                "n mod 3",
                "share",
                "r0",
                "r1",
                "r2",
                "series a",
                "series b",
            ],
        );
        // Value labels, in the labels' own font: the zero is written "0" and has no bar.
        let labels = probe::strings_styled(&r.svg, 13.0, Some("middle"));
        assert_eq!(labels, ["0.5", "1", "0", "0.25", "0.75"]);
        // Each series: its legend swatch and one bar per positive value (none for zero or missing).
        assert_eq!(bars(&r.svg, 0, None), 1 + 2);
        assert_eq!(bars(&r.svg, 1, None), 1 + 2);
        // Without value labels, a thin mark on the baseline tells the zero from the missing value.
        let bare = category_bar_chart(&two_series_shares(false)).unwrap();
        assert_eq!(bars(&bare.svg, 0, None), 1 + 2 + 1);
        assert_eq!(bars(&bare.svg, 0, Some(2.0)), 1, "one thin mark, for the zero");
        assert_eq!(bars(&bare.svg, 1, Some(2.0)), 0, "no mark for a missing value");
    }

    #[test]
    fn log_axis_has_decade_labels_and_marker() {
        let counts = [1.0, 25.0, 300.0, 2000.0, 1.2e5, 3.0e6, 7000.0];
        let r = bar_chart_marked(
            &BarChart {
                title: "Positions by distance".into(),
                x_label: "presses".into(),
                y_label: "positions".into(),
                series: vec![Series {
                    name: "p".into(),
                    points: counts.iter().enumerate().map(|(k, &c)| (k as f64, c)).collect(),
                }],
                log_y: true,
            },
            &[Marker {
                x: 6.0,
                label: "God's number 6".into(),
                label_at_bottom: false,
            }],
        )
        .unwrap();
        assert_eq!(png_size(&r.png), SIZE);
        probe::assert_texts(
            &r.svg,
            &[
                "Positions by distance",
                "presses",
                "positions (log scale)",
                "God's number 6",
            ],
        );
        // The y ticks (right-aligned, left of the axis) are the whole decades 10^0 to 10^7.
        let y_ticks = probe::strings_styled(&r.svg, 14.0, Some("end"));
        let decades: Vec<String> = (0..=7).map(pow10_label).collect();
        assert_eq!(y_ticks, decades);
        // x: one category per integer 0..=6, each labelled once; one bar each; no legend.
        for k in 0..=6 {
            assert_eq!(probe::count_text(&r.svg, &k.to_string()), 1, "x label {k}");
        }
        assert_eq!(bars(&r.svg, 0, None), 7);
        // The marker: a dashed line, its label in a framed box.
        let ink = "#282828";
        let framed = probe::elements(&r.svg, "rect")
            .into_iter()
            .filter(|e| e.attr("stroke") == Some(ink))
            .count();
        assert_eq!(framed, 1, "the marker label's frame");
        let dashes = probe::elements(&r.svg, "polyline")
            .into_iter()
            .chain(probe::elements(&r.svg, "line"))
            .filter(|e| e.attr("stroke") == Some(ink))
            .count();
        assert!(dashes > 5, "the marker's dashed line: {dashes} dashes");
    }

    #[test]
    fn base64_matches_the_standard_alphabet() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
    }

    #[test]
    fn format_distinct_never_rounds_to_a_round_number() {
        assert_eq!(format_distinct(3332.0 / 3333.0), "0.9997");
        assert_eq!(format_distinct(1.0), "1");
        assert_eq!(format_distinct(0.0), "0");
        assert_eq!(format_distinct(0.716), "0.716");
        assert_eq!(format_distinct(2.9996), "2.9996");
    }

    /// Same data, same bytes: every chart shape rendered twice gives identical SVG and PNG
    /// (nothing drawn depends on hash order, time or randomness).
    #[test]
    fn charts_are_deterministic() {
        let twice = |f: &dyn Fn() -> Rendered| {
            let (a, b) = (f(), f());
            assert_eq!(a.svg, b.svg);
            assert_eq!(a.png, b.png);
        };
        let many: Vec<(f64, f64)> = (0..5000).map(|i| (i as f64, ((i * 7919) % 97) as f64 + 1.0)).collect();
        let xy = XYChart {
            title: "t".into(),
            x_label: "x".into(),
            y_label: "y".into(),
            series: vec![
                XYSeries {
                    name: "a".into(),
                    points: many.clone(),
                    mark: Mark::Points,
                    colour: None,
                },
                XYSeries {
                    name: "b".into(),
                    points: many[..50].to_vec(),
                    mark: Mark::LineShape(Shape::nth(3)),
                    colour: None,
                },
            ],
            x_scale: Scale::Linear,
            y_scale: Scale::Auto,
            markers: vec![Marker {
                x: 10.0,
                label: "m".into(),
                label_at_bottom: true,
            }],
        };
        twice(&|| xy_chart(&xy).unwrap());
        twice(&|| xy_panels(&xy, (960, 900)).unwrap());
        twice(&|| {
            board_panels(
                "q",
                3,
                &[(
                    "p1".into(),
                    vec![true, false, true, false, true, false, true, false, true],
                )],
            )
            .unwrap()
        });
        twice(&|| count_grid_chart("g", "n", "m", "k", 40, &|x, y| ((x * y) % 9) as u32).unwrap());
        let grid = count_grid_chart("g", "n", "m", "k", 40, &|x, y| ((x * y) % 9) as u32).unwrap();
        assert_eq!(grid.svg.matches("<image").count(), 1, "the grid is one embedded image");
    }

    #[test]
    fn auto_scale_goes_log_past_100x() {
        assert!(Axis::new(Scale::Auto, &[1.0, 1000.0], false, 0.0).log);
        assert!(!Axis::new(Scale::Auto, &[1.0, 50.0], false, 0.0).log);
    }

    #[test]
    fn heatmap_key_lists_values() {
        let r = heatmap_with_key(
            &Heatmap {
                title: "Minimum moves by start".into(),
                x_label: "finish".into(),
                y_label: "start".into(),
                x_ticks: vec!["a".into(), "b".into()],
                y_ticks: vec!["c".into(), "d".into()],
                cells: vec![vec![Some(9.0), Some(11.0)], vec![None, Some(10.0)]],
                none_label: "-".into(),
            },
            &ColourKey {
                title: "minimum moves".into(),
                none_meaning: "impossible".into(),
                categories: Vec::new(),
            },
        )
        .unwrap();
        assert_eq!(png_size(&r.png), SIZE);
        probe::assert_texts(
            &r.svg,
            &["Minimum moves by start", "finish", "start", "a", "b", "c", "d"],
        );
        // The key, drawn last: its title, each value from the largest down, then the empty cells'
        // mark and its meaning.
        let texts = probe::strings(&r.svg);
        let key = texts
            .iter()
            .rposition(|t| t == "minimum moves")
            .expect("the key's title");
        assert_eq!(texts[key + 1..], ["11", "10", "9", "-", "impossible"]);
        // Each value's colour fills its cell and its key swatch; grey fills the empty cell and its swatch.
        for colour in [ramp(0.0), ramp(0.5), ramp(1.0), NONE_FILL] {
            assert_eq!(
                probe::filled(&r.svg, "rect", &probe::hex(colour)).len(),
                2,
                "{colour:?}"
            );
        }
    }
}
