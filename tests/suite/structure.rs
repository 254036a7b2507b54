//! Dependencies run one way (issue "Dependencies that run one way"): the commands on top,
//! the game and the network below them, the words below those, the rules at the bottom; no
//! cycle of imports spans two folders; and inside the game, the features import each other
//! one way, over a model floor and a widget kit that import none of them (issue 41). The imports are read from the sources: every
//! `use` (braces expanded) and every path through `crate::`, `super::`, `self::` or a child
//! module names the module it reaches; a module is a file.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module's path in its crate (`["game", "online", "host"]`), and its file.
type Modules = BTreeMap<Vec<String>, PathBuf>;

fn modules(root: &Path) -> Modules {
    let mut found = Modules::new();
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("a source folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                folders.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let relative = path.strip_prefix(root).expect("inside").with_extension("");
            let mut module: Vec<String> = relative
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if matches!(module.last().map(String::as_str), Some("mod")) {
                module.pop();
            }
            if module == ["lib"] || module == ["main"] {
                module.clear();
            }
            found.insert(module, path);
        }
    }
    found
}

/// The text without comments, string literals and character literals (whose words are not
/// imports).
fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '/' if chars.get(i + 1) == Some(&'/') => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '"' => {
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    i += if chars[i] == '\\' { 2 } else { 1 };
                }
                out.push_str("\"\"");
                i += 1;
            }
            // A character literal ('x' or '\n'), not a lifetime ('a).
            '\'' if chars.get(i + 2) == Some(&'\'') => i += 3,
            '\'' if chars.get(i + 1) == Some(&'\\') => {
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    out
}

/// `a::{b, c::{d, e}}` as `[a, b]`, `[a, c, d]`, `[a, c, e]`.
fn expand(tree: &str) -> Vec<Vec<String>> {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        let path = tree.split(" as ").next().unwrap_or(tree);
        return vec![segments(path)];
    };
    let prefix = segments(&tree[..open]);
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let (mut parts, mut depth, mut part) = (Vec::new(), 0, String::new());
    for c in inner.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ => {}
        }
        if c == ',' && depth == 0 {
            parts.push(std::mem::take(&mut part));
        } else {
            part.push(c);
        }
    }
    parts.push(part);
    parts
        .iter()
        .filter(|p| !p.trim().is_empty())
        .flat_map(|p| expand(p))
        .map(|rest| prefix.iter().cloned().chain(rest).collect())
        .collect()
}

fn segments(path: &str) -> Vec<String> {
    path.split("::")
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect()
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Every path in the code that starts with `crate`, `super` or `self`, or with a child
/// module of `module`, as its segments.
fn paths(code: &str, module: &[String], all: &Modules) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    // `use` trees.
    let mut rest = code;
    while let Some(at) = rest.find("use ") {
        let before = rest[..at].chars().last();
        let tail = &rest[at + 4..];
        let end = tail.find(';').unwrap_or(tail.len());
        if before.is_none_or(|c| !is_ident(c)) {
            out.extend(expand(&tail[..end]));
        }
        rest = &tail[end.min(tail.len())..];
    }
    // Paths in the code: an identifier followed by `::`, not itself after `::`.
    let bytes: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < bytes.len() {
        let starts =
            is_ident(bytes[i]) && (i == 0 || (!is_ident(bytes[i - 1]) && bytes[i - 1] != ':'));
        if !starts {
            i += 1;
            continue;
        }
        let mut j = i;
        let mut path = String::new();
        while j < bytes.len() && (is_ident(bytes[j]) || bytes[j] == ':') {
            path.push(bytes[j]);
            j += 1;
        }
        let parts = segments(&path);
        let first = parts.first().map(String::as_str).unwrap_or("");
        let child = [module, &parts[..parts.len().min(1)]].concat();
        if parts.len() > 1
            && (matches!(first, "crate" | "super" | "self") || all.contains_key(&child))
        {
            out.push(parts);
        }
        i = j.max(i + 1);
    }
    out
}

/// The modules a module's code reaches, each the longest module a path names.
fn reaches(module: &[String], code: &str, all: &Modules) -> BTreeSet<Vec<String>> {
    let mut found = BTreeSet::new();
    for path in paths(code, module, all) {
        let (mut base, mut rest): (Vec<String>, &[String]) = match path[0].as_str() {
            "crate" => (Vec::new(), &path[1..]),
            "self" => (module.to_vec(), &path[1..]),
            "super" => (module.to_vec(), &path[..]),
            _ => (module.to_vec(), &path[..]),
        };
        while rest.first().is_some_and(|s| s == "super") {
            base.pop();
            rest = &rest[1..];
        }
        let full: Vec<String> = base
            .into_iter()
            .chain(rest.iter().filter(|s| *s != "self").cloned())
            .collect();
        if let Some(k) = (0..=full.len())
            .rev()
            .find(|k| all.contains_key(&full[..*k]))
        {
            let target = full[..k].to_vec();
            if target != module {
                found.insert(target);
            }
        }
    }
    found
}

type Graph = BTreeMap<Vec<String>, BTreeSet<Vec<String>>>;

fn graph(root: &Path) -> (Modules, Graph) {
    let all = modules(root);
    let graph = all
        .iter()
        .map(|(module, path)| {
            let code = code_only(&std::fs::read_to_string(path).expect("a source file"));
            (module.clone(), reaches(module, &code, &all))
        })
        .collect();
    (all, graph)
}

/// The strongly connected groups of modules (Tarjan's algorithm, without recursion).
fn cycles(graph: &Graph) -> Vec<Vec<Vec<String>>> {
    let nodes: Vec<&Vec<String>> = graph.keys().collect();
    let id: BTreeMap<&Vec<String>, usize> =
        nodes.iter().enumerate().map(|(i, n)| (*n, i)).collect();
    let edges: Vec<Vec<usize>> = nodes
        .iter()
        .map(|n| {
            graph[*n]
                .iter()
                .filter_map(|t| id.get(t).copied())
                .collect()
        })
        .collect();
    let n = nodes.len();
    let (mut index, mut low, mut on) = (vec![usize::MAX; n], vec![0; n], vec![false; n]);
    let (mut stack, mut groups, mut next) = (Vec::new(), Vec::new(), 0);
    for start in 0..n {
        if index[start] != usize::MAX {
            continue;
        }
        let mut work = vec![(start, 0usize)];
        while let Some((v, edge)) = work.pop() {
            if edge == 0 {
                index[v] = next;
                low[v] = next;
                next += 1;
                stack.push(v);
                on[v] = true;
            }
            if let Some(&w) = edges[v].get(edge) {
                work.push((v, edge + 1));
                if index[w] == usize::MAX {
                    work.push((w, 0));
                } else if on[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            if low[v] == index[v] {
                let mut group = Vec::new();
                while let Some(w) = stack.pop() {
                    on[w] = false;
                    group.push(nodes[w].clone());
                    if w == v {
                        break;
                    }
                }
                groups.push(group);
            }
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[v]);
            }
        }
    }
    groups
}

/// The cycles whose files lie in more than one folder, in words.
fn cycles_across_folders(root: &Path) -> Vec<String> {
    let (all, graph) = graph(root);
    cycles(&graph)
        .into_iter()
        .filter(|group| group.len() > 1)
        .filter_map(|group| {
            let folders: BTreeSet<_> = group.iter().map(|m| all[m].parent()).collect();
            (folders.len() > 1).then(|| {
                let files: Vec<String> = group
                    .iter()
                    .map(|m| {
                        let file = all[m].strip_prefix(root).unwrap_or(&all[m]);
                        file.display().to_string()
                    })
                    .collect();
                files.join(" → ")
            })
        })
        .collect()
}

fn root(folder: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(folder)
}

#[test]
fn no_import_cycle_spans_two_folders() {
    for folder in ["src", "crates/rules/src"] {
        let found = cycles_across_folders(&root(folder));
        assert!(found.is_empty(), "in {folder}: {found:#?}");
    }
}

/// The checker finds a cycle when there is one: two modules in two folders that import each
/// other, and a parent whose child imports it back through `super`.
#[test]
fn the_cycle_check_sees_a_cycle() {
    let dir = std::env::temp_dir().join(format!("stp-structure-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("a")).expect("a folder");
    std::fs::create_dir_all(dir.join("b")).expect("a folder");
    let write = |path: &str, text: &str| std::fs::write(dir.join(path), text).expect("written");
    write("lib.rs", "pub mod a;\npub mod b;\n");
    write("a/mod.rs", "pub mod x;\nuse crate::b::{y::Thing, Other};\n");
    write(
        "a/x.rs",
        "// use crate::b; (a comment is no import)\npub struct X;\n",
    );
    write("b/mod.rs", "pub mod y;\npub struct Other;\n");
    write(
        "b/y.rs",
        "pub struct Thing;\nfn f() { let _ = super::super::a::x::X; }\n",
    );
    assert!(
        cycles_across_folders(&dir).is_empty(),
        "a → b → a::x is no cycle"
    );
    write(
        "a/x.rs",
        "pub struct X;\nfn g() { let _ = crate::b::y::Thing; }\n",
    );
    let found = cycles_across_folders(&dir);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].contains("a/x.rs") && found[0].contains("b/y.rs"));
}

/// The layers: nothing lower imports anything higher. The words import only the rules; the
/// network and the game no command; the network no game.
#[test]
fn the_layers_import_only_downwards() {
    let (_, graph) = graph(&root("src"));
    let top = |m: &Vec<String>| m.first().cloned().unwrap_or_default();
    let may_not: [(&str, &[&str]); 3] = [
        ("words", &["commands", "game", "net"]),
        ("net", &["commands", "game"]),
        ("game", &["commands"]),
    ];
    for (layer, above) in may_not {
        for (module, reached) in graph.iter().filter(|(m, _)| top(m) == layer) {
            for target in reached {
                assert!(
                    !above.contains(&top(target).as_str()),
                    "{} imports {} (a higher layer)",
                    module.join("::"),
                    target.join("::")
                );
            }
        }
    }
}

/// The modules right under `folder` (its folders and files), with the imports between them:
/// each pair once, with the first import that ties it, in words.
fn rooms_under(graph: &Graph, folder: &[&str]) -> (Graph, BTreeMap<(String, String), String>) {
    let room = |m: &Vec<String>| {
        (m.len() > folder.len() && m.iter().zip(folder).all(|(a, b)| a == b))
            .then(|| m[folder.len()].clone())
    };
    let mut rooms = Graph::new();
    let mut why = BTreeMap::new();
    for (module, reached) in graph {
        let Some(from) = room(module) else { continue };
        let arrows = rooms.entry(vec![from.clone()]).or_default();
        for target in reached {
            if let Some(to) = room(target).filter(|to| *to != from) {
                arrows.insert(vec![to.clone()]);
                why.entry((from.clone(), to)).or_insert_with(|| {
                    format!("{} imports {}", module.join("::"), target.join("::"))
                });
            }
        }
    }
    (rooms, why)
}

/// Fails on a circle among the rooms, naming each import in it.
fn no_circle(rooms: &Graph, why: &BTreeMap<(String, String), String>, what: &str) {
    if let Some(circle) = cycles(rooms).into_iter().find(|group| group.len() > 1) {
        let names: BTreeSet<String> = circle.iter().map(|r| r[0].clone()).collect();
        let arrows: Vec<&String> = why
            .iter()
            .filter(|((from, to), _)| names.contains(from) && names.contains(to))
            .map(|(_, line)| line)
            .collect();
        panic!("{what} {names:?} import each other in a circle: {arrows:#?}");
    }
}

/// The game's features import each other one way (issue 41): folded into the folders (and
/// files) right under `src/game`, the imports form no circle, and the model floor and the
/// widget kit import nothing above the settings, the launch options and the system sets.
/// What two features both need lives on the model floor, so neither imports the other for it.
#[test]
fn the_games_features_import_each_other_one_way() {
    let (_, graph) = graph(&root("src"));
    let (rooms, why) = rooms_under(&graph, &["game"]);
    no_circle(&rooms, &why, "the game's features");
    let below = ["model", "theme", "settings", "launch", "systems"];
    for floor in ["model", "theme"] {
        for to in &rooms[&vec![floor.to_string()]] {
            assert!(
                below.contains(&to[0].as_str()),
                "the floor game::{floor} imports the feature game::{} ({})",
                to[0],
                why[&(floor.to_string(), to[0].clone())]
            );
        }
    }
}

/// The table's slices import each other one way (issue 41): the scene (3D) below the marks
/// egui paints over it, and both below the layout report; all of them over `parts`, the
/// table's shared measures, which imports none of them.
#[test]
fn the_tables_slices_import_each_other_one_way() {
    let (_, graph) = graph(&root("src"));
    let (rooms, why) = rooms_under(&graph, &["game", "table"]);
    no_circle(&rooms, &why, "the table's slices");
    let above = |slice: &str, higher: &[&str]| {
        for to in &rooms[&vec![slice.to_string()]] {
            assert!(
                !higher.contains(&to[0].as_str()),
                "table::{slice} imports table::{} ({})",
                to[0],
                why[&(slice.to_string(), to[0].clone())]
            );
        }
    };
    above("parts", &["scene", "marks", "report"]);
    above("scene", &["marks", "report"]);
    above("marks", &["report"]);
}

/// Whether `code` asks for the rules' state to write: `ResMut<GameState>`,
/// `ResMut<'w, stp_rules::GameState>`, `resource_mut::<GameState>()` (what follows each
/// opening, to its `>`, with the comments and the spaces gone).
fn writes_the_state(code: &str) -> bool {
    let code: String = code_only(code).split_whitespace().collect();
    ["ResMut<", "resource_mut::<"].iter().any(|open| {
        code.match_indices(open).any(|(at, _)| {
            let rest = &code[at + open.len()..];
            rest[..rest.find('>').unwrap_or(rest.len())].ends_with("GameState")
        })
    })
}

/// The table only presents (the developers' guide): no system in the game asks for the rules'
/// state to write; it sends actions and reads events, and a host's draws come as a message
/// (`DrawsMade`). The check sees a write where there is one, and not a read.
#[test]
fn the_table_never_asks_to_write_the_rules_state() {
    assert!(writes_the_state(
        "fn f(mut s: ResMut<'w, stp_rules::GameState>) {}"
    ));
    assert!(writes_the_state(
        "world.resource_mut::<GameState>().deck_len()"
    ));
    assert!(!writes_the_state(
        "fn f(s: Res<GameState>, m: ResMut<Shown>) {} // ResMut<GameState>"
    ));
    fn walk(dir: &Path, found: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).expect("the game's folder").flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, found);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).expect("a source file");
                if writes_the_state(&text) {
                    found.push(path.display().to_string());
                }
            }
        }
    }
    let mut found = Vec::new();
    walk(&root("src/game"), &mut found);
    assert!(
        found.is_empty(),
        "the table writes the rules' state in {found:?}"
    );
}

/// Issue 41: the rules' state is the rules' own. Every field of `GameState` is `pub(crate)` or
/// private: outside the rules it is read through accessors and changed only by `act` and the
/// phases (a shown copy moves on by `stp_rules::replay::show_event`).
#[test]
fn every_field_of_the_rules_state_is_the_rules_own() {
    let state = std::fs::read_to_string(root("crates/rules/src").join("state.rs"))
        .expect("the rules' state.rs");
    let start = state
        .find("pub struct GameState {")
        .expect("GameState in state.rs");
    let body = &state[start..];
    let body = &body[..body.find("\n}").expect("the struct's end")];
    let fields: Vec<&str> = body
        .lines()
        .skip(1)
        .map(str::trim)
        .filter(|l| !l.starts_with("//") && !l.starts_with("#[") && l.contains(':'))
        .collect();
    assert!(fields.len() >= 20, "the fields found: {fields:?}");
    let public: Vec<&&str> = fields
        .iter()
        .filter(|l| l.starts_with("pub ") || l.starts_with("pub(super)"))
        .collect();
    assert!(public.is_empty(), "public fields of GameState: {public:?}");
}
