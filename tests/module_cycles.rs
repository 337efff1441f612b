//! The source files of `src/` depend on each other one way only: a file that names another
//! (`use crate::…`, `use super::…`, `self::…`, or a path such as `crate::game::Board` in code)
//! depends on it, and no file may depend on itself through others. A cycle between files is a
//! failure that names the files and the lines that make it.
//!
//! The library (`src/lib.rs`) and the binary (`src/bin/jg/main.rs`) are two crates, each read
//! from its root. A file is the module its path gives (`src/a/b.rs` and `src/a/b/mod.rs` are
//! `a::b`); a path names the file of its longest prefix that is a file's module, so a name that
//! a `mod.rs` re-exports (`pub use`) leads through that `mod.rs`. `mod x;` declarations are the
//! tree itself, not dependencies. Inline modules (`mod tests { … }`) are part of their file, and
//! `super::` inside them is read from where they stand.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The tokens of Rust source that matter here: identifiers, `::`, braces, `;`, `,`, `*`; comments,
/// strings and characters dropped. Each with its line.
fn tokens(text: &str) -> Vec<(String, usize)> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c == '/' && at(i + 1) == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            loop {
                if at(i) == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if at(i) == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    line += usize::from(at(i) == '\n');
                    i += 1;
                }
            }
        } else if c == '"' || ((c == 'r' || c == 'b') && matches!(at(i + 1), '"' | '#' | 'r')) {
            // A string: plain ("…" with escapes), byte (b"…") or raw (r#"…"#, br"…").
            let start = i;
            if c == 'b' {
                i += 1;
            }
            let raw = at(i) == 'r';
            if raw {
                i += 1;
            }
            let mut hashes = 0;
            while at(i) == '#' {
                hashes += 1;
                i += 1;
            }
            if at(i) != '"' {
                // An identifier that starts with r or b.
                i = start;
                let word = identifier(&chars, &mut i);
                out.push((word, line));
                continue;
            }
            i += 1;
            loop {
                let d = at(i);
                if d == '\0' {
                    break;
                }
                if d == '\n' {
                    line += 1;
                }
                if !raw && d == '\\' {
                    i += 2;
                    continue;
                }
                i += 1;
                if d == '"' && (0..hashes).all(|k| at(i + k) == '#') {
                    i += hashes;
                    break;
                }
            }
        } else if c == '\'' {
            // A character ('x', '\n', '\u{..}') or a lifetime ('a).
            if at(i + 1) == '\\' {
                i += 2;
                while at(i) != '\'' {
                    i += 1;
                }
                i += 1;
            } else if at(i + 2) == '\'' {
                i += 3;
            } else {
                i += 1;
                identifier(&chars, &mut i);
            }
        } else if c.is_alphabetic() || c == '_' {
            let word = identifier(&chars, &mut i);
            out.push((word, line));
        } else if c == ':' && at(i + 1) == ':' {
            out.push(("::".to_string(), line));
            i += 2;
        } else if "{};,*".contains(c) {
            out.push((c.to_string(), line));
            i += 1;
        } else {
            i += 1;
        }
    }
    out
}

fn identifier(chars: &[char], i: &mut usize) -> String {
    let start = *i;
    while *i < chars.len() && (chars[*i].is_alphanumeric() || chars[*i] == '_') {
        *i += 1;
    }
    chars[start..*i].iter().collect()
}

/// The module of a file of a crate whose root file is `root` (lib.rs or main.rs).
fn module_of(root_dir: &Path, file: &Path) -> Vec<String> {
    let relative = file.strip_prefix(root_dir).unwrap();
    let mut parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().unwrap();
    let stem = last.trim_end_matches(".rs");
    if !["mod", "lib", "main"].contains(&stem) || !parts.is_empty() && stem != "mod" {
        parts.push(stem.to_string());
    }
    parts
}

/// The paths a file names: (absolute module path, line), `super`/`self` resolved, and a path
/// that starts with the name of a module below this one (`use child::X`, `child::f()`) read
/// from here.
fn named_paths(
    module: &[String],
    tokens: &[(String, usize)],
    modules: &BTreeSet<Vec<String>>,
) -> Vec<(Vec<String>, usize)> {
    let mut found = Vec::new();
    // Inline modules open here: (name, brace depth inside it).
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < tokens.len() {
        let word = tokens[i].0.as_str();
        match word {
            "{" => depth += 1,
            "}" => {
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
                depth -= 1;
            }
            "mod" if tokens.get(i + 2).is_some_and(|t| t.0 == "{") => {
                inline.push((tokens[i + 1].0.clone(), depth + 1));
            }
            // A visibility (`pub(in crate::a)`) names no dependency.
            _ if i >= 2 && tokens[i - 1].0 == "in" && tokens[i - 2].0 == "pub" => {
                while tokens.get(i + 1).is_some_and(|t| t.0 == "::") {
                    i += 2;
                }
            }
            _ if tokens.get(i + 1).is_some_and(|t| t.0 == "::")
                && (i == 0 || tokens[i - 1].0 != "::")
                && (["crate", "super", "self"].contains(&word) || {
                    let mut child = module.to_vec();
                    child.push(word.to_string());
                    inline.is_empty() && modules.contains(&child)
                }) =>
            {
                let mut here: Vec<String> = module.to_vec();
                here.extend(inline.iter().map(|(name, _)| name.clone()));
                // A path: its start, then its segments, then perhaps a `{…}` group (in a use).
                let mut base = match word {
                    "crate" => Vec::new(),
                    _ => here.clone(),
                };
                let line = tokens[i].1;
                let mut j = i;
                while j < tokens.len() {
                    match tokens[j].0.as_str() {
                        "crate" if j == i => {}
                        name if j == i && name != "super" && name != "self" => {
                            base.push(name.to_string())
                        }
                        "self" => {}
                        "super" => {
                            base.pop();
                        }
                        "::" => {}
                        "{" => {
                            let (group, end) = group(&tokens[j + 1..]);
                            for tail in group {
                                let mut path = base.clone();
                                for segment in tail {
                                    if segment == "super" {
                                        path.pop();
                                    } else if segment != "self" {
                                        path.push(segment);
                                    }
                                }
                                found.push((path, line));
                            }
                            j += end + 1;
                            break;
                        }
                        name if name.chars().all(|c| c.is_alphanumeric() || c == '_') => {
                            base.push(name.to_string())
                        }
                        _ => break,
                    }
                    // Segments are joined by `::`; anything else ends the path.
                    if tokens.get(j + 1).is_some_and(|t| t.0 == "::") {
                        j += 2;
                        if tokens.get(j).is_some_and(|t| t.0 == "*") {
                            break;
                        }
                        continue;
                    }
                    break;
                }
                found.push((base, line));
                i = j;
            }
            _ => {}
        }
        i += 1;
    }
    found
}

/// The paths of a use group's inside (`a::b, c::{d, e}, f as g`) up to its closing brace: the
/// relative paths and how many tokens were read, the closing brace included.
fn group(tokens: &[(String, usize)]) -> (Vec<Vec<String>>, usize) {
    let mut paths = Vec::new();
    let mut current: Vec<String> = Vec::new();
    let mut i = 0;
    let mut renamed = false;
    while i < tokens.len() {
        match tokens[i].0.as_str() {
            "}" => {
                if !current.is_empty() {
                    paths.push(current);
                }
                return (paths, i + 1);
            }
            "," => {
                if !current.is_empty() {
                    paths.push(std::mem::take(&mut current));
                }
                renamed = false;
            }
            "::" | "*" => {}
            "as" => renamed = true,
            "{" => {
                let (inner, used) = group(&tokens[i + 1..]);
                for tail in inner {
                    let mut path = current.clone();
                    path.extend(tail);
                    paths.push(path);
                }
                current.clear();
                i += used;
            }
            name => {
                if !renamed {
                    current.push(name.to_string());
                }
            }
        }
        i += 1;
    }
    (paths, i)
}

fn rust_files(dir: &Path, skip: Option<&Path>, into: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if Some(path.as_path()) == skip {
            continue;
        }
        if path.is_dir() {
            rust_files(&path, skip, into);
        } else if path.extension().is_some_and(|e| e == "rs") {
            into.push(path);
        }
    }
}

/// Every edge between two files of one crate: (from, to) → the first line of `from` naming `to`.
fn edges(root_dir: &Path, skip: Option<&Path>) -> BTreeMap<(PathBuf, PathBuf), usize> {
    let mut files = Vec::new();
    rust_files(root_dir, skip, &mut files);
    let modules: BTreeMap<Vec<String>, PathBuf> = files
        .iter()
        .map(|f| (module_of(root_dir, f), f.clone()))
        .collect();
    let names: BTreeSet<Vec<String>> = modules.keys().cloned().collect();
    let mut edges = BTreeMap::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let module = module_of(root_dir, file);
        for (path, line) in named_paths(&module, &tokens(&text), &names) {
            // The file of the longest prefix that is a file's module.
            let target = (0..=path.len())
                .rev()
                .find_map(|k| modules.get(&path[..k]))
                .expect("the crate root is a file");
            if target != file {
                edges.entry((file.clone(), target.clone())).or_insert(line);
            }
        }
    }
    edges
}

/// The groups of files that depend on each other in a circle (Tarjan's strongly connected
/// components of more than one file).
fn cycles(edges: &BTreeMap<(PathBuf, PathBuf), usize>) -> Vec<Vec<PathBuf>> {
    let mut next: BTreeMap<&PathBuf, Vec<&PathBuf>> = BTreeMap::new();
    for (from, to) in edges.keys() {
        next.entry(from).or_default().push(to);
        next.entry(to).or_default();
    }
    let nodes: Vec<&PathBuf> = next.keys().copied().collect();
    let index_of: BTreeMap<&PathBuf, usize> =
        nodes.iter().enumerate().map(|(i, n)| (*n, i)).collect();
    let adjacency: Vec<Vec<usize>> = nodes
        .iter()
        .map(|n| next[n].iter().map(|t| index_of[t]).collect())
        .collect();
    struct Tarjan<'a> {
        adjacency: &'a [Vec<usize>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on_stack: Vec<bool>,
        stack: Vec<usize>,
        counter: usize,
        components: Vec<Vec<usize>>,
    }
    impl Tarjan<'_> {
        fn visit(&mut self, v: usize) {
            self.index[v] = Some(self.counter);
            self.low[v] = self.counter;
            self.counter += 1;
            self.stack.push(v);
            self.on_stack[v] = true;
            for k in 0..self.adjacency[v].len() {
                let w = self.adjacency[v][k];
                match self.index[w] {
                    None => {
                        self.visit(w);
                        self.low[v] = self.low[v].min(self.low[w]);
                    }
                    Some(iw) if self.on_stack[w] => self.low[v] = self.low[v].min(iw),
                    Some(_) => {}
                }
            }
            if Some(self.low[v]) == self.index[v] {
                let mut component = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack[w] = false;
                    component.push(w);
                    if w == v {
                        break;
                    }
                }
                self.components.push(component);
            }
        }
    }
    let mut tarjan = Tarjan {
        adjacency: &adjacency,
        index: vec![None; nodes.len()],
        low: vec![0; nodes.len()],
        on_stack: vec![false; nodes.len()],
        stack: Vec::new(),
        counter: 0,
        components: Vec::new(),
    };
    for v in 0..nodes.len() {
        if tarjan.index[v].is_none() {
            tarjan.visit(v);
        }
    }
    tarjan
        .components
        .into_iter()
        .filter(|c| c.len() > 1)
        .map(|c| {
            let set: BTreeSet<PathBuf> = c.iter().map(|&i| nodes[i].clone()).collect();
            set.into_iter().collect()
        })
        .collect()
}

fn report(root: &Path, edges: &BTreeMap<(PathBuf, PathBuf), usize>) -> Vec<String> {
    let show = |p: &PathBuf| p.strip_prefix(root).unwrap().display().to_string();
    cycles(edges)
        .iter()
        .map(|files| {
            let lines: Vec<String> = edges
                .iter()
                .filter(|((a, b), _)| files.contains(a) && files.contains(b))
                .map(|((a, b), line)| format!("  {}:{line} -> {}", show(a), show(b)))
                .collect();
            format!("files in a circle:\n{}", lines.join("\n"))
        })
        .collect()
}

#[test]
fn no_two_files_of_src_depend_on_each_other() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let src = root.join("src");
    let bin = src.join("bin/jg");
    let mut problems = report(root, &edges(&src, Some(&src.join("bin"))));
    problems.extend(report(root, &edges(&bin, None)));
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The verifier's library too (issue 47), read from `verifier/src/lib.rs`; `main.rs` is the
/// root of another crate, the binary, which names the library only as `jg_verify`.
#[test]
fn no_two_files_of_the_verifier_depend_on_each_other() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let src = root.join("verifier/src");
    let problems = report(root, &edges(&src, Some(&src.join("main.rs"))));
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The check sees a circle where there is one: two files that name each other, through a use
/// group, a `super::` and a path in code, and one through a `mod.rs` re-export.
#[test]
fn a_circle_is_found() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    write("lib.rs", "mod a;\nmod b;\npub fn top() {}\n");
    write(
        "a/mod.rs",
        "mod c;\npub use c::C;\n// crate::b in a comment is no path\nfn f() { let _ = \"crate::b\"; }\n",
    );
    write("a/c.rs", "use super::{super::top, A};\npub struct C;\n");
    write(
        "b.rs",
        "fn g() -> usize { crate::a::C; 0 }\nmod tests {\n    use super::g;\n}\n",
    );
    let found = edges(dir.path(), None);
    let files = cycles(&found);
    assert_eq!(files.len(), 1, "{found:?}");
    let names: Vec<String> = files[0]
        .iter()
        .map(|p| p.strip_prefix(dir.path()).unwrap().display().to_string())
        .collect();
    assert_eq!(names, ["a/c.rs", "a/mod.rs"]);
    // b.rs names a (through crate::a::C), a names nothing of b: no circle with b, and the
    // `super::g` of b's inline tests module is b itself.
    assert!(found.contains_key(&(dir.path().join("b.rs"), dir.path().join("a/mod.rs"))));
    assert!(!found.contains_key(&(dir.path().join("a/mod.rs"), dir.path().join("b.rs"))));
    // Without the re-export, no circle.
    write("a/mod.rs", "mod c;\n");
    assert!(cycles(&edges(dir.path(), None)).is_empty());
}

/// The rooms of `src/` stand one above another: the engines answer questions about the game and
/// import none of the rooms that use them (`proofs`, `publish`, `players`, `frontends`); the
/// publishing room writes accepted certificates for people and is imported only from the
/// frontends (and the `jg` binary, another crate). Each edge that breaks a rule, with its line.
fn climbs(src: &Path, edges: &BTreeMap<(PathBuf, PathBuf), usize>) -> Vec<String> {
    let room = |file: &Path| {
        let inside = file.strip_prefix(src).unwrap();
        inside
            .components()
            .next()
            .and_then(|c| c.as_os_str().to_str())
            .map(|c| c.trim_end_matches(".rs").to_string())
            .unwrap_or_default()
    };
    let mut found = Vec::new();
    for ((from, to), line) in edges {
        let (a, b) = (room(from), room(to));
        let engine_climbs =
            a == "engines" && ["proofs", "publish", "players", "frontends"].contains(&b.as_str());
        let publish_from_elsewhere =
            b == "publish" && !["publish", "frontends"].contains(&a.as_str());
        if engine_climbs || publish_from_elsewhere {
            let show = |p: &PathBuf| p.strip_prefix(src).unwrap().display().to_string();
            found.push(format!("{}:{line} -> {}", show(from), show(to)));
        }
    }
    found
}

#[test]
fn no_engine_imports_proofs_players_or_frontends_and_publishing_is_imported_from_frontends_only() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let found = climbs(&src, &edges(&src, Some(&src.join("bin"))));
    assert!(found.is_empty(), "arrows that climb:\n{}", found.join("\n"));
}

/// The rule sees what breaks it: an engine that names proofs, players or a frontend, and a
/// proof (or an engine) that names the publishing room; the frontends may name it.
#[test]
fn an_arrow_that_climbs_is_found() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    write(
        "lib.rs",
        "pub mod engines;\npub mod proofs;\npub mod publish;\npub mod players;\npub mod frontends;\n",
    );
    write("engines/mod.rs", "pub mod solver;\n");
    write("engines/solver.rs", "pub fn solve() {}\n");
    write(
        "proofs/mod.rs",
        "pub fn check() { crate::engines::solver::solve(); }\n",
    );
    write("publish/mod.rs", "use crate::proofs::check;\n");
    write("players/mod.rs", "use crate::engines::solver::solve;\n");
    write(
        "frontends/mod.rs",
        "use crate::publish;\nuse crate::players;\n",
    );
    assert_eq!(
        climbs(dir.path(), &edges(dir.path(), None)),
        Vec::<String>::new()
    );
    write(
        "engines/solver.rs",
        "pub fn solve() { crate::proofs::check(); }\nuse crate::players as p;\nuse crate::frontends;\n",
    );
    write("proofs/mod.rs", "pub fn check() {}\nuse crate::publish;\n");
    assert_eq!(
        climbs(dir.path(), &edges(dir.path(), None)),
        [
            "engines/solver.rs:3 -> frontends/mod.rs",
            "engines/solver.rs:2 -> players/mod.rs",
            "engines/solver.rs:1 -> proofs/mod.rs",
            "proofs/mod.rs:2 -> publish/mod.rs",
        ]
    );
}
