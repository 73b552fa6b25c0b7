//! Prose kept out of code: a page's long text lives in a template file (`include_str!`), with
//! `{name}` placeholders for the figures computed at run time. Filling is strict, so a template and
//! its caller cannot drift apart silently: every placeholder must be given, and every value used.

/// `template` with each `{name}` replaced by its value. `{{` and `}}` stand for literal braces.
/// Panics (a programming error, caught by any test that renders the page) when a placeholder has
/// no value or a value has no placeholder.
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len());
    let mut used = vec![false; values.len()];
    let mut rest = template;
    while let Some(i) = rest.find(['{', '}']) {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        if tail.starts_with("{{") || tail.starts_with("}}") {
            out.push_str(&tail[..1]);
            rest = &tail[2..];
            continue;
        }
        assert!(
            tail.starts_with('{'),
            "template: unmatched '}}' before {:?}",
            &tail[..tail.len().min(40)]
        );
        let end = tail
            .find('}')
            .unwrap_or_else(|| panic!("template: unclosed '{{' at {:?}", &tail[..tail.len().min(40)]));
        let name = &tail[1..end];
        let k = values
            .iter()
            .position(|(n, _)| *n == name)
            .unwrap_or_else(|| panic!("template: no value for {{{name}}}"));
        used[k] = true;
        out.push_str(values[k].1);
        rest = &tail[end + 1..];
    }
    out.push_str(rest);
    if let Some(k) = used.iter().position(|u| !u) {
        panic!("template: value {:?} has no placeholder", values[k].0);
    }
    out
}

/// A prose template filled: its paragraphs are separated by a blank line and wrapped for reading
/// in the file; each paragraph's lines are joined by single spaces, and the paragraphs by a blank
/// line (no newline after the last).
pub fn prose(template: &str, values: &[(&str, &str)]) -> String {
    fill(&unwrap(template), values)
}

/// `text` with the lines of each paragraph joined by single spaces, paragraphs kept apart by a
/// blank line.
pub fn unwrap(text: &str) -> String {
    let paragraphs: Vec<String> = text
        .split("\n\n")
        .map(|p| {
            p.lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .filter(|p| !p.is_empty())
        .collect();
    paragraphs.join("\n\n")
}

#[cfg(test)]
mod tests {
    use super::{fill, prose};

    #[test]
    fn prose_joins_wrapped_lines_and_keeps_paragraphs() {
        assert_eq!(prose("a {x}\n  b\n\nc\nd\n", &[("x", "1")]), "a 1 b\n\nc d");
    }

    #[test]
    fn fills_placeholders_and_keeps_escaped_braces() {
        assert_eq!(
            fill("a {x} b {y} {x} {{z}}", &[("x", "1"), ("y", "2")]),
            "a 1 b 2 1 {z}"
        );
    }

    #[test]
    #[should_panic(expected = "no value for {y}")]
    fn refuses_a_missing_value() {
        fill("{y}", &[]);
    }

    #[test]
    #[should_panic(expected = "has no placeholder")]
    fn refuses_an_unused_value() {
        fill("text", &[("x", "1")]);
    }
}
