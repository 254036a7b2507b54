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

/// The console's font, from Debian's `fonts-b612` (SIL Open Font License 1.1), and its titles'
/// display face, from `fonts-bebas-neue` (the same licence), which `scripts/setup.sh`
/// installs. The build embeds each it finds; without one, egui's own font, with a warning.
const FONTS: [(&str, &str, &str, &str); 2] = [
    (
        "/usr/share/fonts/opentype/b612/B612-Regular.otf",
        "console_font",
        "console_font.otf",
        "fonts-b612",
    ),
    (
        "/usr/share/fonts/opentype/bebas-neue/BebasNeue-Regular.otf",
        "display_font",
        "display_font.otf",
        "fonts-bebas-neue",
    ),
];

fn embed_fonts() {
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    for (path, cfg, file, package) in FONTS {
        println!("cargo::rustc-check-cfg=cfg({cfg})");
        println!("cargo:rerun-if-changed={path}");
        match std::fs::copy(path, Path::new(&out).join(file)) {
            Ok(_) => println!("cargo:rustc-cfg={cfg}"),
            Err(err) => println!(
                "cargo::warning=the font {path} cannot be read ({err}): the game uses egui's \
                 font there; `sudo apt-get install {package}` (scripts/setup.sh does) fixes it"
            ),
        }
    }
}

fn main() {
    embed_fonts();
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
