//! Reading back what a chart drew, for the chart tests: plotters' SVG backend writes one element
//! per line (`<text ...>` with its string on the next line, `<rect .../>`, `<circle .../>`,
//! `<polygon .../>`, `<polyline .../>`, `<line .../>`), attributes double-quoted and escaped.
//! A test asserts the title, the axis labels, the legend entries and the marks it expects, so a
//! chart that lost one of them fails.

/// One drawn element: its opening line as written.
#[derive(Clone, Copy, Debug)]
pub struct Element<'a> {
    line: &'a str,
}

impl<'a> Element<'a> {
    /// The value of attribute `name` as written (still escaped), if present.
    pub fn attr(&self, name: &str) -> Option<&'a str> {
        let key = format!(" {name}=\"");
        let start = self.line.find(&key)? + key.len();
        let len = self.line[start..].find('"')?;
        Some(&self.line[start..start + len])
    }

    /// The attribute parsed as a number (0 when absent or not a number).
    pub fn num(&self, name: &str) -> f64 {
        self.attr(name).and_then(|v| v.parse().ok()).unwrap_or(0.0)
    }
}

fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

/// Every element with tag `tag`, in drawing order.
pub fn elements<'a>(svg: &'a str, tag: &str) -> Vec<Element<'a>> {
    let open = format!("<{tag} ");
    svg.lines()
        .map(str::trim_start)
        .filter(|line| line.starts_with(&open))
        .map(|line| Element { line })
        .collect()
}

/// Every text drawn, with its element, in drawing order (the string unescaped and trimmed).
pub fn texts(svg: &str) -> Vec<(Element<'_>, String)> {
    let mut out = Vec::new();
    let mut lines = svg.lines();
    while let Some(line) = lines.next() {
        let line = line.trim_start();
        if !line.starts_with("<text ") {
            continue;
        }
        let mut body = Vec::new();
        for l in lines.by_ref() {
            if l.trim_start().starts_with("</text>") {
                break;
            }
            body.push(l);
        }
        let element = Element { line };
        out.push((element, unescape(body.join("\n").trim())));
    }
    out
}

/// The strings of every text drawn.
pub fn strings(svg: &str) -> Vec<String> {
    texts(svg).into_iter().map(|(_, s)| s).collect()
}

/// The non-empty strings drawn in a font of `px` pixels (the size the chart asks for: plotters
/// writes px / 1.24) and, when given, with text-anchor `anchor` (`start`, `middle` or `end`).
/// Tick labels, value labels and marker labels each have their own size: this tells them apart.
pub fn strings_styled(svg: &str, px: f64, anchor: Option<&str>) -> Vec<String> {
    let size = (px / 1.24).to_string();
    texts(svg)
        .into_iter()
        .filter(|(e, s)| !s.is_empty() && e.attr("font-size") == Some(size.as_str()))
        .filter(|(e, _)| anchor.is_none_or(|a| e.attr("text-anchor") == Some(a)))
        .map(|(_, s)| s)
        .collect()
}

/// How many times `s` is drawn as a whole text.
pub fn count_text(svg: &str, s: &str) -> usize {
    strings(svg).iter().filter(|t| *t == s).count()
}

/// Panics, listing what was drawn, unless each of `wanted` is drawn as a whole text.
#[track_caller]
pub fn assert_texts(svg: &str, wanted: &[&str]) {
    let drawn = strings(svg);
    for w in wanted {
        assert!(
            drawn.iter().any(|t| t == w),
            "no text {w:?} in the chart; texts drawn: {drawn:?}"
        );
    }
}

/// Elements with tag `tag` filled with `colour` (`#RRGGBB`, as plotters writes it).
pub fn filled<'a>(svg: &'a str, tag: &str, colour: &str) -> Vec<Element<'a>> {
    elements(svg, tag)
        .into_iter()
        .filter(|e| e.attr("fill") == Some(colour))
        .collect()
}

/// `#RRGGBB` of a palette colour.
pub fn hex(c: plotters::style::RGBColor) -> String {
    format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2)
}
