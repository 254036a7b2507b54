//! The game as a Linux screen reader meets it, end to end (issue 43): the real game under
//! Xvfb, a D-Bus session of its own (`dbus-run-session`) with the accessibility bus of
//! at-spi2-core, and `screen_reader.py` reading the tree through AT-SPI with pyatspi, as Orca
//! does. It finds the turn, a threat's Defense and what it does next, each sector's forecast
//! and the ship's Shields, then plays a card by the reader's own "press" alone: the card, then
//! its target. The packages come from `scripts/setup.sh`.

use std::process::Command;

use super::screenshot::start_xvfb;

#[test]
fn a_screen_reader_reads_the_table_and_plays_a_card() {
    let xvfb = start_xvfb(600 + std::process::id() % 100);
    let dir = std::env::temp_dir().join(format!("stp-reader-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("star-trek-panic")).expect("temp dir");
    // The key closed (it would open over the table), and the light graphics (software
    // rendering draws them faster; the tree is the same).
    std::fs::write(
        dir.join("star-trek-panic/settings.json"),
        r#"{"key_seen": true, "high_graphics": false}"#,
    )
    .expect("the settings");
    let root = env!("CARGO_MANIFEST_DIR");
    // `timeout` bounds the whole session; the script bounds each of its waits.
    let output = Command::new("timeout")
        .args(["300", "dbus-run-session", "--", "/usr/bin/python3"])
        .arg(format!("{root}/tests/suite/screen_reader.py"))
        .arg(env!("CARGO_BIN_EXE_star-trek-panic"))
        .args(["--scenario"])
        .arg(format!("{root}/tests/suite/scenarios/screen_reader.ron"))
        .args(["--window", "1280x720"])
        .env("DISPLAY", xvfb.display())
        .env("XDG_DATA_HOME", &dir)
        .env("WGPU_BACKEND", "vulkan")
        .output()
        .expect("dbus-run-session and python3 are installed by scripts/setup.sh");
    let _ = std::fs::remove_dir_all(&dir);
    let said = String::from_utf8_lossy(&output.stdout).into_owned();
    let context = format!(
        "exit {:?}\n{said}\n{}",
        output.status.code(),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        output.status.success(),
        "the reader's session failed: {context}"
    );
    // Each stage's names, as the reader heard them.
    let stage = |tag: &str| -> Vec<String> {
        said.lines()
            .filter_map(|line| line.strip_prefix(tag))
            .filter_map(|node| node.split_once(": ").map(|(_, name)| name.to_string()))
            .collect()
    };
    let (before, picked, played) = (stage("NODE "), stage("AFTER "), stage("PLAYED "));
    let focused = stage("FOCUSED ");
    let has = |names: &[String], start: &str| names.iter().any(|n| n.starts_with(start));
    // Where the game stands, whole.
    assert!(
        has(
            &before,
            "Turn 6, Pia's turn (Captain James T. Kirk), phase 4 of 7: Play Cards & Maneuver; \
             the Fore faces sectors 2 and 3."
        ),
        "the turn: {context}"
    );
    // The turn's controls are plain buttons, not toggles (egui makes a toggle of a button
    // that is ever lit), their keys said in words (Orca read "[Space]" as written).
    assert!(
        said.lines()
            .any(|l| l == "NODE push button: End phase, key Space"),
        "End phase as a push button: {context}"
    );
    // A threat with its Defense and what it does next, and a sector's forecast.
    assert!(
        has(
            &before,
            "KANG, Defense 3: next, moves to Short Range, sector 3"
        ),
        "a threat: {context}"
    );
    assert!(
        has(
            &before,
            "Sector 3, Fore-Starboard facing: Phase 6: KANG + Klingon: 2 dmg → Shield destroyed."
        ),
        "a sector's forecast: {context}"
    );
    // The ship's Shields and Hull.
    assert!(
        has(
            &before,
            "The ship: Shields: damaged starboard (4); destroyed port (1); the rest intact."
        ),
        "the ship: {context}"
    );
    // At rest the turn's instructions hold the focus, named with the turn: Orca 43, which says
    // what takes the focus and no live region, hears each turn and phase as it comes.
    assert!(
        said.lines()
            .filter_map(|line| line.strip_prefix("REST "))
            .any(|line| line.contains("Turn 6, Pia's turn (Captain James T. Kirk), phase 4 of 7")),
        "the focus at rest: {context}"
    );
    // B reads the board from the keyboard: sector 1's forecast takes the focus.
    assert!(
        said.lines()
            .filter_map(|line| line.strip_prefix("BOARD "))
            .any(|line| line.contains("Sector 1, ")),
        "the board read by B: {context}"
    );
    // Pressed by the reader, the card is picked and asks for its target...
    assert!(
        has(&picked, "Red Alert: pick one below"),
        "the card picked: {context}"
    );
    // Its targets, each named as the play it makes (`picked_card::spoken_target`).
    assert!(
        has(&picked, "Red Alert on facing 1 (fore-starboard)"),
        "its targets: {context}"
    );
    // ...and its target pressed, it is played: gone from the hand, and the Shield it guards
    // now only damaged in the forecast.
    assert!(
        !has(&played, "3: Red Alert"),
        "the card is still in the hand: {context}"
    );
    assert!(
        has(&played, "Pia, Captain James T. Kirk, 2 cards"),
        "the hand's count: {context}"
    );
    assert!(
        has(
            &played,
            "Sector 3, Fore-Starboard facing: Phase 6: KANG + Klingon: 2 dmg → Shield damaged"
        ),
        "the forecast after Red Alert: {context}"
    );
    // Tab on the table lights its first choice (Kirk's, to take a card) and gives the widget
    // that names it the focus a reader follows, so Orca says it (Orca 43 speaks the focus,
    // not live regions).
    assert!(
        focused
            .iter()
            .any(|n| n.starts_with("Take Ola's Phasers — Forward, Medium/Short")),
        "Tab's focus: {focused:?}\n{context}"
    );
    // The threats' turn, with a reader running, waits for a key after each step, and each
    // step is heard as the focus moves to its "Next step" (a new widget a step).
    let steps: Vec<&str> = said
        .lines()
        .filter_map(|line| line.strip_prefix("STEP "))
        .collect();
    assert!(
        steps.len() == 2 && steps[0] != steps[1],
        "the threat phase's steps as the focus names them: {steps:?}\n{context}"
    );
}
