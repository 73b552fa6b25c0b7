//! Charts as pure functions from data to PNG and SVG bytes, drawn with plotters using a font
//! embedded in the binary (no fontconfig, no system fonts).

use anyhow::{anyhow, Result};
use plotters::coord::ranged1d::{AsRangedCoord, ValueFormatter};
use plotters::prelude::*;
use std::sync::OnceLock;

/// DejaVu Sans (license: assets/fonts/LICENSE-DejaVu).
static FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
const FAMILY: &str = "sans-serif";
const SIZE: (u32, u32) = (960, 640);

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


macro_rules! both_backends {
    ($root:ident => $draw:expr) => {{
        ensure_font();
        let (w, h) = SIZE;
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

/// Axis numbers without a spurious ".0" on integers; large values in scientific notation.
fn tick(v: &f64) -> String {
    if v.abs() >= 1e6 {
        format!("{v:.1e}")
    } else if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        format!("{v:.2}")
    }
}

fn err<E: std::fmt::Display>(e: E) -> anyhow::Error {
    anyhow!("drawing chart: {e}")
}

fn bounds(series: &[Series], log_y: bool) -> (f64, f64, f64, f64) {
    let pts = series.iter().flat_map(|s| s.points.iter()).filter(|p| !log_y || p.1 > 0.0);
    let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    for &(x, y) in pts {
        x0 = x0.min(x);
        x1 = x1.max(x);
        y0 = y0.min(y);
        y1 = y1.max(y);
    }
    if x0 > x1 {
        (x0, x1, y0, y1) = (0.0, 1.0, 1.0, 10.0);
    }
    if x0 == x1 {
        x1 = x0 + 1.0;
    }
    if log_y {
        (x0, x1, y0.max(1e-300) / 1.5, y1 * 1.5)
    } else {
        let lo = y0.min(0.0);
        let hi = if y1 <= lo { lo + 1.0 } else { y1 + (y1 - lo) * 0.05 };
        (x0, x1, lo, hi)
    }
}

fn draw_lines<DB: DrawingBackend, Y>(
    root: &DrawingArea<DB, plotters::coord::Shift>,
    c: &LineChart,
    (x0, x1): (f64, f64),
    y: Y,
) -> Result<()>
where
    Y: AsRangedCoord<Value = f64>,
    Y::CoordDescType: ValueFormatter<f64>,
{
    root.fill(&WHITE).map_err(err)?;
    let pad = (x1 - x0) * 0.02;
    let mut chart = ChartBuilder::on(root)
        .caption(&c.title, (FAMILY, 22))
        .margin(16)
        .x_label_area_size(48)
        .y_label_area_size(90)
        .build_cartesian_2d((x0 - pad)..(x1 + pad), y)
        .map_err(err)?;
    chart
        .configure_mesh()
        .x_desc(&c.x_label)
        .y_desc(&c.y_label)
        .x_label_formatter(&tick)
        .y_label_formatter(&tick)
        .label_style((FAMILY, 14))
        .axis_desc_style((FAMILY, 16))
        .draw()
        .map_err(err)?;
    for (i, s) in c.series.iter().enumerate() {
        let color = PALETTE[i % PALETTE.len()];
        let pts: Vec<(f64, f64)> =
            s.points.iter().copied().filter(|p| !c.log_y || p.1 > 0.0).collect();
        if c.lines {
            chart.draw_series(LineSeries::new(pts.clone(), color.stroke_width(2))).map_err(err)?;
        }
        chart
            .draw_series(pts.iter().map(|&p| Circle::new(p, 3, color.filled())))
            .map_err(err)?
            .label(s.name.clone())
            .legend(move |(x, y)| Circle::new((x + 10, y), 4, color.filled()));
    }
    if c.series.len() > 1 || c.series.iter().any(|s| !s.name.is_empty()) {
        chart
            .configure_series_labels()
            .label_font((FAMILY, 14))
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .position(SeriesLabelPosition::UpperRight)
            .draw()
            .map_err(err)?;
    }
    Ok(())
}

/// Renders a line chart.
pub fn line_chart(c: &LineChart) -> Result<Rendered> {
    let (x0, x1, y0, y1) = bounds(&c.series, c.log_y);
    both_backends!(root => if c.log_y {
        draw_lines(&root, c, (x0, x1), (y0..y1).log_scale())
    } else {
        draw_lines(&root, c, (x0, x1), y0..y1)
    })
}

fn draw_bars<DB: DrawingBackend, Y>(
    root: &DrawingArea<DB, plotters::coord::Shift>,
    c: &BarChart,
    (x0, x1, ybase): (f64, f64, f64),
    y: Y,
) -> Result<()>
where
    Y: AsRangedCoord<Value = f64>,
    Y::CoordDescType: ValueFormatter<f64>,
{
    root.fill(&WHITE).map_err(err)?;
    let mut chart = ChartBuilder::on(root)
        .caption(&c.title, (FAMILY, 22))
        .margin(16)
        .x_label_area_size(48)
        .y_label_area_size(90)
        .build_cartesian_2d((x0 - 0.6)..(x1 + 0.6), y)
        .map_err(err)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_desc(&c.x_label)
        .y_desc(&c.y_label)
        .x_label_formatter(&tick)
        .y_label_formatter(&tick)
        .label_style((FAMILY, 14))
        .axis_desc_style((FAMILY, 16))
        .draw()
        .map_err(err)?;
    let k = c.series.len().max(1) as f64;
    let width = 0.8 / k;
    for (i, s) in c.series.iter().enumerate() {
        let color = PALETTE[i % PALETTE.len()];
        let left = -0.4 + width * i as f64;
        chart
            .draw_series(s.points.iter().filter(|p| p.1 > 0.0 || !c.log_y).map(|&(x, v)| {
                Rectangle::new([(x + left, ybase), (x + left + width, v)], color.filled())
            }))
            .map_err(err)?
            .label(s.name.clone())
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], color.filled()));
    }
    if c.series.len() > 1 {
        chart
            .configure_series_labels()
            .label_font((FAMILY, 14))
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .draw()
            .map_err(err)?;
    }
    Ok(())
}

/// Renders a grouped bar chart (integer x positions).
pub fn bar_chart(c: &BarChart) -> Result<Rendered> {
    let (x0, x1, y0, y1) = bounds(&c.series, c.log_y);
    both_backends!(root => if c.log_y {
        draw_bars(&root, c, (x0, x1, y0), (y0..y1).log_scale())
    } else {
        draw_bars(&root, c, (x0, x1, 0.0), 0.0..y1)
    })
}

fn value_range(c: &Heatmap) -> (f64, f64) {
    let vals = c.cells.iter().flatten().flatten().copied();
    vals.fold((f64::MAX, f64::MIN), |(a, b), v| (a.min(v), b.max(v)))
}

/// Renders a heatmap with the value written in each cell.
pub fn heatmap(c: &Heatmap) -> Result<Rendered> {
    let ny = c.cells.len();
    let nx = c.cells.first().map_or(0, Vec::len);
    let (lo, hi) = value_range(c);
    let color_of = |v: f64| {
        // Three stops (light yellow, teal, dark blue) so no value looks like a grey empty cell.
        let t = if hi > lo { (v - lo) / (hi - lo) } else { 0.5 };
        let stops = [(255.0, 237.0, 160.0), (65.0, 182.0, 196.0), (37.0, 52.0, 148.0)];
        let (a, b, u) = if t < 0.5 { (stops[0], stops[1], t * 2.0) } else { (stops[1], stops[2], t * 2.0 - 1.0) };
        let mix = |x: f64, y: f64| (x + (y - x) * u).round() as u8;
        RGBColor(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
    };
    let font_px = (520 / nx.max(ny).max(1)).clamp(7, 16) as i32;
    both_backends!(root => draw_heatmap(&root, c, (nx, ny), &color_of, font_px))
}

fn draw_heatmap<DB: DrawingBackend>(
    root: &DrawingArea<DB, plotters::coord::Shift>,
    c: &Heatmap,
    (nx, ny): (usize, usize),
    color_of: &dyn Fn(f64) -> RGBColor,
    font_px: i32,
) -> Result<()> {
    let (lo, hi) = value_range(c);
    {
        root.fill(&WHITE).map_err(err)?;
        let mut chart = ChartBuilder::on(root)
            .caption(&c.title, (FAMILY, 22))
            .margin(16)
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
        for (y, row) in c.cells.iter().enumerate() {
            for (x, v) in row.iter().enumerate() {
                let (fill, label) = match v {
                    Some(v) => (color_of(*v), format!("{v}")),
                    None => (RGBColor(238, 238, 238), c.none_label.clone()),
                };
                let (x, y) = (x as f64, y as f64);
                chart
                    .draw_series(std::iter::once(Rectangle::new(
                        [(x - 0.5, y - 0.5), (x + 0.5, y + 0.5)],
                        fill.filled(),
                    )))
                    .map_err(err)?;
                let dark = v.is_some_and(|v| hi > lo && (v - lo) / (hi - lo) > 0.6);
                let text_color = if dark { WHITE } else { BLACK };
                let style = TextStyle::from((FAMILY, font_px).into_font())
                    .color(&text_color)
                    .pos(plotters::style::text_anchor::Pos::new(
                        plotters::style::text_anchor::HPos::Center,
                        plotters::style::text_anchor::VPos::Center,
                    ));
                chart
                    .draw_series(std::iter::once(Text::new(label, (x, y), style)))
                    .map_err(err)?;
            }
        }
    }
    Ok(())
}
