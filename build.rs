//! Checks the game data in `assets/` when the crate builds: a missing or contradictory entry is
//! a build error naming the file and the entry, not a surprise at run time.

#[path = "crates/rules/src/content/schema/mod.rs"]
#[allow(dead_code, unused_imports)]
mod schema;

use std::path::Path;

const FILES: [&str; 6] = [
    "cards.ron",
    "threats.ron",
    "characters.ron",
    "mission_tokens.ron",
    "missions.ron",
    "presets.ron",
];

fn main() {
    for part in ["mod.rs", "checks.rs", "text.rs"] {
        println!("cargo:rerun-if-changed=crates/rules/src/content/schema/{part}");
    }
    let mut texts = Vec::new();
    for file in FILES {
        let path = Path::new("assets").join(file);
        println!("cargo:rerun-if-changed={}", path.display());
        match std::fs::read_to_string(&path) {
            Ok(text) => texts.push(text),
            Err(err) => fail(&[format!("assets/{file}: cannot be read: {err}")]),
        }
    }
    let names: Vec<String> = FILES.iter().map(|f| format!("assets/{f}")).collect();
    let sources = schema::Sources::in_order(std::array::from_fn(|i| {
        (names[i].as_str(), texts[i].as_str())
    }));
    if let Err(errors) = schema::load(&sources) {
        fail(&errors);
    }
}

fn fail(errors: &[String]) -> ! {
    for error in errors {
        println!("cargo::error={error}");
    }
    std::process::exit(1);
}
