//! The house rules of issue 36, checked on the source itself: no line wider than `rustfmt.toml`'s
//! `max_width` (rustfmt cannot break a long string literal, so `cargo fmt --check` alone would not
//! catch one), no function in `src/` over 100 lines, and no import cycle between the files of one
//! folder. Test modules (`#[cfg(test)]` to the end of a file) are exempt from the length rule.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const MAX_FUNCTION_LINES: usize = 100;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("readable dir")
        .map(|e| e.expect("entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

fn max_width() -> usize {
    let text = std::fs::read_to_string(root().join("rustfmt.toml")).expect("rustfmt.toml");
    let line = text
        .lines()
        .find(|l| l.trim_start().starts_with("max_width"))
        .expect("max_width in rustfmt.toml");
    line.split('=')
        .nth(1)
        .expect("max_width = N")
        .trim()
        .parse()
        .expect("a number")
}

#[test]
fn source_lines_fit_the_rustfmt_width() {
    let width = max_width();
    let mut files = Vec::new();
    for dir in ["src", "tests", "examples"] {
        rust_files(&root().join(dir), &mut files);
    }
    files.push(root().join("build.rs"));
    let mut wide = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).expect("readable source");
        for (i, line) in text.lines().enumerate() {
            if line.chars().count() > width {
                wide.push(format!("{}:{} ({} chars)", f.display(), i + 1, line.chars().count()));
            }
        }
    }
    assert!(
        wide.is_empty(),
        "lines wider than max_width = {width}:\n{}",
        wide.join("\n")
    );
}

/// A line with string and char literals blanked and any `//` comment cut, for brace counting.
fn code_only(line: &str) -> String {
    let mut out = String::new();
    let mut chars = line.chars().peekable();
    let mut in_string = false;
    while let Some(c) = chars.next() {
        if in_string {
            match c {
                '\\' => {
                    chars.next();
                }
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '/' if chars.peek() == Some(&'/') => break,
            '\'' => {
                // A char literal ('{', '\'', '\n') is blanked; a lifetime ('a) is kept.
                let rest: String = chars.clone().take(4).collect();
                let len = if rest.starts_with('\\') {
                    rest.find('\'').map(|i| i + 1)
                } else {
                    (rest.chars().nth(1) == Some('\'')).then_some(2)
                };
                match len {
                    Some(n) => {
                        for _ in 0..n {
                            chars.next();
                        }
                    }
                    None => out.push(c),
                }
            }
            _ => out.push(c),
        }
    }
    out
}

/// `(lines, first line, name)` of every function outside test modules.
fn function_lengths(text: &str) -> Vec<(usize, usize, String)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if line.contains("#[cfg(test)]") {
            break;
        }
        let Some(name) = fn_name(line) else { continue };
        let (mut depth, mut started) = (0i64, false);
        for (j, l) in lines.iter().enumerate().skip(i) {
            let s = code_only(l);
            depth += s.matches('{').count() as i64 - s.matches('}').count() as i64;
            started |= s.contains('{');
            if started && depth <= 0 {
                out.push((j - i + 1, i + 1, name.clone()));
                break;
            }
            if !started && s.trim_end().ends_with(';') {
                break;
            }
        }
    }
    out
}

/// The name of the function a line declares (`pub(crate) const unsafe fn name`), if it does.
fn fn_name(line: &str) -> Option<String> {
    let mut words = line.trim_start();
    for prefix in [
        "pub(crate) ",
        "pub(super) ",
        "pub ",
        "const ",
        "async ",
        "unsafe ",
        "extern \"C\" ",
    ] {
        words = words.strip_prefix(prefix).unwrap_or(words).trim_start();
    }
    let rest = words.strip_prefix("fn ")?;
    let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
    (!name.is_empty()).then_some(name)
}

#[test]
fn no_function_in_src_passes_100_lines() {
    let mut files = Vec::new();
    rust_files(&root().join("src"), &mut files);
    let mut long = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).expect("readable source");
        for (n, line, name) in function_lengths(&text) {
            if n > MAX_FUNCTION_LINES {
                long.push(format!("{}:{line} {name} ({n} lines)", f.display()));
            }
        }
    }
    assert!(
        long.is_empty(),
        "functions over {MAX_FUNCTION_LINES} lines:\n{}",
        long.join("\n")
    );
}

#[test]
fn the_length_rule_counts_what_it_should() {
    let text = "fn short() {\n    let s = \"}\";\n}\n\npub(crate) fn long() {\n".to_string()
        + &"    let c = '{';\n".repeat(100)
        + "}\n#[cfg(test)]\nmod tests {\n    fn exempt() {\n"
        + &"\n".repeat(200)
        + "    }\n}\n";
    let found = function_lengths(&text);
    assert_eq!(found, vec![(3, 1, "short".to_string()), (102, 5, "long".to_string())]);
}

/// The sibling files (module names) a file's non-test code names through `super::` or through its
/// folder's `crate::` path.
fn sibling_imports(text: &str, folder_path: &str, siblings: &BTreeSet<String>) -> BTreeSet<String> {
    let code: String = text
        .lines()
        .take_while(|l| !l.contains("#[cfg(test)]"))
        .filter(|l| !l.trim_start().starts_with("//"))
        .map(code_only)
        .collect::<Vec<_>>()
        .join("\n");
    let mut found = BTreeSet::new();
    for prefix in ["super::".to_string(), format!("{folder_path}::")] {
        for (at, _) in code.match_indices(&prefix) {
            let after = &code[at + prefix.len()..];
            let names: Vec<&str> = if let Some(group) = after.strip_prefix('{') {
                // `use super::{a, b::X, c::{Y, Z}}`: the first segment of each top-level item.
                let mut depth = 0;
                let end = group
                    .char_indices()
                    .find(|&(_, c)| {
                        depth += (c == '{') as i32 - (c == '}') as i32;
                        depth < 0
                    })
                    .map_or(group.len(), |(i, _)| i);
                let mut items = Vec::new();
                let (mut d, mut start) = (0, 0);
                for (i, c) in group[..end].char_indices() {
                    match c {
                        '{' => d += 1,
                        '}' => d -= 1,
                        ',' if d == 0 => {
                            items.push(&group[start..i]);
                            start = i + 1;
                        }
                        _ => {}
                    }
                }
                items.push(&group[start..end]);
                items
                    .into_iter()
                    .map(|s| s.trim().split("::").next().unwrap_or(""))
                    .collect()
            } else {
                vec![after
                    .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .next()
                    .unwrap_or("")]
            };
            found.extend(names.into_iter().filter(|n| siblings.contains(*n)).map(str::to_string));
        }
    }
    found
}

#[test]
fn no_import_cycle_between_files_of_one_folder() {
    let mut files = Vec::new();
    rust_files(&root().join("src"), &mut files);
    let mut folders: BTreeMap<PathBuf, Vec<PathBuf>> = BTreeMap::new();
    for f in files {
        folders
            .entry(f.parent().expect("in a folder").to_path_buf())
            .or_default()
            .push(f);
    }
    let mut cycles = Vec::new();
    for (dir, files) in &folders {
        let rel = dir.strip_prefix(root().join("src")).expect("under src");
        let folder_path = std::iter::once("crate".to_string())
            .chain(rel.components().map(|c| c.as_os_str().to_string_lossy().into_owned()))
            .collect::<Vec<_>>()
            .join("::");
        let module = |f: &PathBuf| f.file_stem().expect("a name").to_string_lossy().into_owned();
        let siblings: BTreeSet<String> = files
            .iter()
            .map(module)
            .filter(|m| !["mod", "lib", "main"].contains(&m.as_str()))
            .collect();
        let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for f in files.iter().filter(|f| siblings.contains(&module(f))) {
            let text = std::fs::read_to_string(f).expect("readable source");
            let mut to = sibling_imports(&text, &folder_path, &siblings);
            to.remove(&module(f));
            edges.insert(module(f), to);
        }
        cycles.extend(find_cycle(&edges).map(|c| format!("{}: {}", dir.display(), c.join(" -> "))));
    }
    assert!(
        cycles.is_empty(),
        "import cycles between files of one folder:\n{}",
        cycles.join("\n")
    );
}

/// One cycle of the graph, if it has any (depth-first search with colours).
fn find_cycle(edges: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        state.insert(node.to_string(), 1);
        path.push(node.to_string());
        for next in edges.get(node).into_iter().flatten() {
            match state.get(next).copied().unwrap_or(0) {
                1 => {
                    let from = path.iter().position(|p| p == next).expect("on the path");
                    let mut cycle = path[from..].to_vec();
                    cycle.push(next.clone());
                    return Some(cycle);
                }
                0 => {
                    if let Some(c) = visit(next, edges, state, path) {
                        return Some(c);
                    }
                }
                _ => {}
            }
        }
        path.pop();
        state.insert(node.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for node in edges.keys() {
        if state.get(node).copied().unwrap_or(0) == 0 {
            if let Some(c) = visit(node, edges, &mut state, &mut Vec::new()) {
                return Some(c);
            }
        }
    }
    None
}

#[test]
fn the_cycle_rule_finds_a_planted_cycle() {
    let siblings: BTreeSet<String> = ["a", "b", "c"].map(String::from).into();
    let a = sibling_imports(
        "use super::{b::X, self as me};\nfn f() { crate::x::c::g(); }",
        "crate::x",
        &siblings,
    );
    assert_eq!(a, ["b", "c"].map(String::from).into());
    let b = sibling_imports(
        "// super::a in a comment\nuse super::a::Y;\n#[cfg(test)]\nuse super::c;",
        "crate::x",
        &siblings,
    );
    assert_eq!(b, ["a"].map(String::from).into());
    let edges: BTreeMap<String, BTreeSet<String>> = [
        ("a".to_string(), a),
        ("b".to_string(), b),
        ("c".to_string(), BTreeSet::new()),
    ]
    .into();
    assert_eq!(find_cycle(&edges), Some(["a", "b", "a"].map(String::from).to_vec()));
}

/// ARCHITECTURE.md names every source file: by its path, or as `name.rs` in the paragraph that
/// names its folder (`src/puzzles/board/`: `mod.rs` (...), `lattice.rs` (...)), so a file added
/// without a line in the tour fails here.
#[test]
fn architecture_names_every_source_file() {
    let tour = std::fs::read_to_string(root().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let paragraphs: Vec<&str> = tour.split("\n- ").collect();
    let mut files = Vec::new();
    rust_files(&root().join("src"), &mut files);
    let missing: Vec<String> = files
        .iter()
        .map(|f| {
            f.strip_prefix(root())
                .expect("under the root")
                .to_string_lossy()
                .replace('\\', "/")
        })
        .filter(|path| {
            let (folder, name) = path.rsplit_once('/').expect("a file in src/");
            let by_folder = paragraphs
                .iter()
                .any(|p| p.contains(&format!("`{folder}/`")) && p.contains(&format!("`{name}`")));
            !tour.contains(path.as_str()) && !by_folder
        })
        .collect();
    assert!(
        missing.is_empty(),
        "{} source files ARCHITECTURE.md does not name:\n{}",
        missing.len(),
        missing.join("\n")
    );
}
