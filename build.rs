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

/// The console's font, from Debian's `fonts-b612` (SIL Open Font License 1.1), which
/// `scripts/setup.sh` installs. The build embeds it; without it, egui's own font, with a warning.
const CONSOLE_FONT: &str = "/usr/share/fonts/opentype/b612/B612-Regular.otf";

fn embed_console_font() {
    println!("cargo::rustc-check-cfg=cfg(console_font)");
    println!("cargo:rerun-if-changed={CONSOLE_FONT}");
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    match std::fs::copy(CONSOLE_FONT, Path::new(&out).join("console_font.otf")) {
        Ok(_) => println!("cargo:rustc-cfg=console_font"),
        Err(err) => println!(
            "cargo::warning=the console font {CONSOLE_FONT} cannot be read ({err}): the game \
             uses egui's font; `sudo apt-get install fonts-b612` (scripts/setup.sh does) fixes it"
        ),
    }
}

fn main() {
    embed_console_font();
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
