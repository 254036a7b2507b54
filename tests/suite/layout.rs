//! The table measured, not asserted: the docs scenarios and a crowded six-player position are
//! rendered under Xvfb at 1280x720 and 1024x600 with `--layout`, and the report must show
//! readable tokens and digits, labels that collide with nothing, and a board that fills the
//! space the panels leave (issue "A table worth looking at").

use serde_json::Value;

use crate::screenshot::{check_not_blank, render, start_xvfb_sized};

/// At a size: the least a token's face may measure across, the least its Defense digits may
/// stand, the least share of the window's height the board may take, and the least width of
/// the active hand's cards (issue "A bridge console").
struct Limits {
    token: f32,
    digit: f32,
    board: f32,
    card: f32,
}

fn limits(size: (u32, u32)) -> Limits {
    match size {
        // Tokens lie wholly inside their ring band since issue 39 (`band_share`), with a strip
        // of the band and a collar of its colour showing round them (readers placed tokens
        // that filled it on its border, then read them as on its line; read 36 still did, at
        // 0.43 of a ring's width, so they are 0.39 now): 40x33 px at 1280x720's far rim,
        // measured, with Defense digits of 18 px.
        (1024, 600) => Limits {
            token: 24.0,
            digit: 15.0,
            board: 0.60,
            card: 80.0,
        },
        _ => Limits {
            token: 31.0,
            digit: 18.0,
            board: 0.65,
            card: 96.0,
        },
    }
}

type R = [f32; 4];

fn rect(v: &Value) -> R {
    let a = v.as_array().expect("a rect is [left, top, width, height]");
    std::array::from_fn(|i| a[i].as_f64().expect("a number") as f32)
}

/// Whether two rects share more than a pixel's sliver.
fn overlap(a: R, b: R) -> bool {
    let w = (a[0] + a[2]).min(b[0] + b[2]) - a[0].max(b[0]);
    let h = (a[1] + a[3]).min(b[1] + b[3]) - a[1].max(b[1]);
    w > 0.5 && h > 0.5
}

/// Whether a rect reaches into the disc (an ellipse on screen) inscribed in `disc`.
fn reaches_disc(a: R, disc: R) -> bool {
    let (cx, cy, rx, ry) = (
        disc[0] + disc[2] / 2.0,
        disc[1] + disc[3] / 2.0,
        disc[2] / 2.0,
        disc[3] / 2.0,
    );
    // Scaled so the ellipse is a unit circle, the rect stays axis-aligned, and its point
    // nearest the centre is the centre clamped into it.
    let nx = cx.clamp(a[0], a[0] + a[2]);
    let ny = cy.clamp(a[1], a[1] + a[3]);
    let (dx, dy) = ((nx - cx) / rx.max(1e-3), (ny - cy) / ry.max(1e-3));
    dx * dx + dy * dy < 0.97
}

/// Inside the window, within a pixel: at a fractional UI scale egui's rects land on
/// fractions of a pixel (a panel's edge at 1920.54 in a 1920-pixel window at scale 1.8).
fn inside(a: R, (w, h): (u32, u32)) -> bool {
    a[0] >= -1.0 && a[1] >= -1.0 && a[0] + a[2] <= w as f32 + 1.0 && a[1] + a[3] <= h as f32 + 1.0
}

/// Every hand in the window, one per player, the active one's cards wide enough; the panels
/// apart, off the board, and their lines whole.
fn panel_problems(report: &Value, size: (u32, u32), players: usize) -> Vec<String> {
    let limits = limits(size);
    let mut found = Vec::new();
    let hands = report["hands"].as_array().expect("hands");
    if hands.len() != players {
        found.push(format!("{} hands shown for {players} players", hands.len()));
    }
    let within = |a: R, b: R| {
        a[0] >= b[0] - 0.5
            && a[1] >= b[1] - 0.5
            && a[0] + a[2] <= b[0] + b[2] + 0.5
            && a[1] + a[3] <= b[1] + b[3] + 0.5
    };
    let panel_rects: Vec<R> = report["panels"]
        .as_array()
        .expect("panels")
        .iter()
        .map(|p| rect(&p["rect"]))
        .collect();
    for hand in hands {
        let name = &hand["name"];
        let active = hand["active"].as_bool().unwrap_or(false);
        let r = rect(&hand["rect"]);
        if !inside(r, size) {
            found.push(format!("{name}'s hand {r:?} is not inside the window"));
        }
        // A hand clipped by its panel's edge is as lost as one off the window.
        if !panel_rects.iter().any(|p| within(r, *p)) {
            found.push(format!("{name}'s hand {r:?} runs out of its panel"));
        }
        for card in hand["cards"].as_array().expect("cards") {
            let r = rect(&card["rect"]);
            if !inside(r, size) {
                found.push(format!(
                    "{name}'s {} {r:?} is not inside the window",
                    card["kind"]
                ));
            }
            if active && r[2] < limits.card * shown_scale(report).min(1.0) {
                found.push(format!(
                    "{name}'s {} is {:.0} px wide, under {} px",
                    card["kind"], r[2], limits.card
                ));
            }
        }
    }
    let named = |key: &str| -> Vec<(String, R)> {
        report[key]
            .as_array()
            .expect("a list")
            .iter()
            .map(|p| (p["name"].to_string(), rect(&p["rect"])))
            .collect()
    };
    let panels = named("panels");
    let board = rect(&report["board"]["rect"]);
    for (i, (name, r)) in panels.iter().enumerate() {
        if !inside(*r, size) {
            found.push(format!("the {name} panel {r:?} is not inside the window"));
        }
        if overlap(*r, board) {
            found.push(format!("the {name} panel covers the board"));
        }
        for (other, o) in &panels[i + 1..] {
            if overlap(*r, *o) {
                found.push(format!("the {name} and {other} panels overlap"));
            }
        }
    }
    for (name, r) in named("windows") {
        if !inside(r, size) {
            found.push(format!("the {name} window {r:?} is not inside the window"));
        }
        if overlap(r, board) {
            found.push(format!("the {name} window covers the board"));
        }
    }
    // A dialog over the whole table (the result) may cover the board, not the panels.
    for (name, r) in named("dialogs") {
        if !inside(r, size) {
            found.push(format!("the {name} dialog {r:?} is not inside the window"));
        }
        for (panel, p) in &panels {
            if overlap(r, *p) {
                found.push(format!("the {name} dialog covers the {panel} panel"));
            }
        }
    }
    for (name, r) in named("lines") {
        if !inside(r, size) {
            found.push(format!("the {name} line {r:?} runs past the window's edge"));
        }
    }
    found
}

/// The UI scale the report says the panels were drawn at.
/// Issue 39: nothing painted is cut (elided, or clipped by its panel), no panel scrolls from
/// 1280x720 up (in the smallest window a scrolling column may cut a line at its edge), and
/// each of the ship's twelve sections stands in its own rect, at least 24 px along its arc,
/// with no token or label over it.
fn read_problems(report: &Value, size: (u32, u32)) -> Vec<String> {
    let mut found = Vec::new();
    let small = size.0 < 1280 || size.1 < 720;
    let scrolling: Vec<R> = report["panels"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|p| p["scrolls"].as_bool().unwrap_or(false))
        .map(|p| rect(&p["rect"]))
        .collect();
    if !small {
        for p in report["panels"].as_array().into_iter().flatten() {
            if p["scrolls"].as_bool().unwrap_or(false) {
                found.push(format!("the {} panel scrolls", p["name"]));
            }
        }
    }
    let texts = report["texts"].as_array().cloned().unwrap_or_default();
    if texts.is_empty() {
        found.push("no text painted".into());
    }
    for t in &texts {
        let r = rect(&t["rect"]);
        let in_scroll = small && scrolling.iter().any(|p| overlap(r, *p));
        if t["cut"].as_bool().unwrap_or(false) && !in_scroll {
            found.push(format!("the text {} {r:?} is cut", t["text"]));
        }
    }
    // A screen reader finds every sector on the board, its facing and what it will take
    // (issue 43): the painted board is not in egui's tree, these sentences are.
    let reader: Vec<String> = report["reader"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|l| l["text"].as_str().map(str::to_string))
        .collect();
    for sector in 1..=6 {
        let said = format!("Sector {sector}, ");
        if !reader
            .iter()
            .any(|words| words.starts_with(&said) && words.contains(" facing: "))
        {
            found.push(format!(
                "no sentence for a reader about sector {sector}: {reader:?}"
            ));
        }
    }
    let sections = report["sections"].as_array().cloned().unwrap_or_default();
    if sections.len() != 12 {
        found.push(format!("{} ship sections reported, not 12", sections.len()));
    }
    for s in &sections {
        let name = format!("the {} {} {}", s["facing"], s["kind"], s["state"]);
        let across = s["across"].as_f64().unwrap_or(0.0);
        if across < 24.0 {
            found.push(format!("{name} is {across:.0} px along its arc, under 24"));
        }
        if s["covered"].as_bool().unwrap_or(true) {
            found.push(format!(
                "{name} is covered by a token, a label or the model"
            ));
        }
    }
    found
}

fn shown_scale(report: &Value) -> f32 {
    report["window"]["ui_scale"].as_f64().unwrap_or(1.0) as f32
}

/// The scale shown is the one asked for, grown with a window larger than 1280x720 and held
/// down only as far as the window needs: never under what keeps the panels 1024x600 points.
fn scale_problems(report: &Value, (w, h): (u32, u32), asked: f32) -> Vec<String> {
    let shown = shown_scale(report);
    let room = (w as f32 / 1024.0).min(h as f32 / 600.0);
    // A window larger than 1280x720 grows the panels with it (settings::window_growth).
    let grown = (w as f32 / 1280.0).min(h as f32 / 720.0).max(1.0);
    let grown = (grown * 20.0 + 1e-3).floor() / 20.0;
    let expected = (asked * grown).min((room * 20.0 + 1e-3).floor() / 20.0);
    if (shown - expected).abs() > 0.01 {
        vec![format!(
            "the panels are at UI scale {shown}, not {expected}"
        )]
    } else {
        Vec::new()
    }
}

/// Everything the issue asks of one report; returns each failure in words.
fn problems(report: &Value, size: (u32, u32)) -> Vec<String> {
    let limits = limits(size);
    let mut found = Vec::new();
    let window = &report["window"];
    if (window["width"].as_u64(), window["height"].as_u64())
        != (Some(size.0.into()), Some(size.1.into()))
    {
        found.push(format!("the window is {window}, not {size:?}"));
    }
    let board = rect(&report["board"]["rect"]);
    let ship = rect(&report["ship"]["rect"]);
    if board[3] < limits.board * size.1 as f32 {
        found.push(format!(
            "the board is {:.0} px tall, under {:.0} % of the window",
            board[3],
            limits.board * 100.0
        ));
    }
    for (what, r) in [("board", board), ("ship", ship)] {
        if !inside(r, size) {
            found.push(format!("the {what} {r:?} is not inside the window"));
        }
    }
    let tokens = report["tokens"].as_array().expect("tokens");
    let labels = report["labels"].as_array().expect("labels");
    // A game over may show a board its win has cleared, as the rules ask.
    let over = report["dialogs"]
        .as_array()
        .is_some_and(|d| d.iter().any(|d| d["name"] == "game over"));
    if tokens.is_empty() && !over {
        found.push("no token on the board".into());
    }
    let space = |t: &Value| (t["range"].to_string(), t["sector"].as_u64());
    for (i, t) in tokens.iter().enumerate() {
        let r = rect(&t["rect"]);
        let name = format!("{} in {} {}", t["kind"], t["range"], t["sector"]);
        // Issue 39: a token lies in its ring band, never across two or over the rim.
        let share = t["band_share"].as_f64().unwrap_or(0.0);
        if share < 0.9 {
            found.push(format!(
                "{name} lies only {:.0}% in its ring band, under 90%",
                share * 100.0
            ));
        }
        if r[2].min(r[3]) < limits.token {
            found.push(format!(
                "{name} is {:.0}x{:.0} px, under {} px",
                r[2], r[3], limits.token
            ));
        }
        if !inside(r, size) {
            found.push(format!("{name} {r:?} is not inside the window"));
        }
        let shows_defense = !t["cloaked"].as_bool().unwrap_or(false)
            && !matches!(t["kind"].as_str(), Some("comet" | "starbase"));
        match (&t["defense_rect"], shows_defense) {
            (Value::Null, false) => {}
            (Value::Null, true) => found.push(format!("{name} shows no Defense")),
            (d, false) => found.push(format!("{name} shows a Defense {d} it does not have")),
            (d, true) => {
                let d = rect(d);
                if d[3] < limits.digit {
                    found.push(format!(
                        "{name}'s Defense digits are {:.1} px tall, under {}",
                        d[3], limits.digit
                    ));
                }
                // Nothing covers the digits: no label, and no token lying over this one (any
                // token of another space, or a later one of its own).
                for l in labels {
                    if overlap(d, rect(&l["rect"])) {
                        found.push(format!("the label {} covers {name}'s Defense", l["text"]));
                    }
                }
                for (j, other) in tokens.iter().enumerate() {
                    let below =
                        space(other) == space(t) && other["slot"].as_u64() < t["slot"].as_u64();
                    if j != i && !below && reaches_disc(d, rect(&other["rect"])) {
                        found.push(format!(
                            "{} {} covers {name}'s Defense",
                            other["kind"], other["sector"]
                        ));
                    }
                }
            }
        }
    }
    // The scene keeps out from under the panels and the windows over the table.
    let panels: Vec<(String, R)> = ["panels", "windows"]
        .iter()
        .flat_map(|key| report[*key].as_array().cloned().unwrap_or_default())
        .map(|p| (p["name"].to_string(), rect(&p["rect"])))
        .collect();
    let scene = tokens
        .iter()
        .map(|t| {
            (
                format!("{} in {} {}", t["kind"], t["range"], t["sector"]),
                rect(&t["rect"]),
            )
        })
        .chain(
            labels
                .iter()
                .map(|l| (format!("the label {}", l["text"]), rect(&l["rect"]))),
        );
    for (what, r) in scene {
        for (panel, p) in &panels {
            if overlap(r, *p) {
                found.push(format!("{what} lies under the {panel} panel"));
            }
        }
    }
    for (i, l) in labels.iter().enumerate() {
        let r = rect(&l["rect"]);
        if !inside(r, size) {
            found.push(format!(
                "the label {} {r:?} is not inside the window",
                l["text"]
            ));
        }
        // The ship with her Shields is a disc on the board: her box's corners are bare.
        if reaches_disc(r, ship) {
            found.push(format!("the label {} covers the ship", l["text"]));
        }
        for other in &labels[i + 1..] {
            if overlap(r, rect(&other["rect"])) {
                found.push(format!(
                    "the labels {} and {} overlap",
                    l["text"], other["text"]
                ));
            }
        }
        // The deck, the piles, the bag and the die stand clear of every word (a forecast
        // over the threat bag was read as the bag's).
        for prop in report["props"].as_array().into_iter().flatten() {
            if overlap(r, rect(&prop["rect"])) {
                found.push(format!(
                    "the label {} lies over the {}",
                    l["text"], prop["text"]
                ));
            }
        }
    }
    found
}

/// A position to render: its name, its arguments, and how many players it seats.
type Position = (&'static str, &'static [&'static str], usize);

const TABLE: [Position; 12] = [
    ("table", &["--scenario", "docs/scenarios/table.ron"], 2),
    (
        "reach",
        &["--scenario", "docs/scenarios/table.ron", "--pick", "2"],
        2,
    ),
    (
        "boarders",
        &["--scenario", "docs/scenarios/boarders.ron"],
        2,
    ),
    ("cloaked", &["--scenario", "docs/scenarios/cloaked.ron"], 2),
    ("crowded", &["--scenario", "docs/scenarios/crowded.ron"], 6),
    ("mission", &["--scenario", "docs/scenarios/mission.ron"], 2),
    ("webbed", &["--scenario", "docs/scenarios/webbed.ron"], 2),
    (
        "game_over",
        &["--scenario", "docs/scenarios/game_over.ron"],
        2,
    ),
    (
        "mission_crowded",
        &["--scenario", "tests/suite/scenarios/mission_crowded.ron"],
        4,
    ),
    // Four seats beside The Doomsday Machine, its ban, a committed card and a three-line
    // reward: the ship's column scrolled its reward away (read 35's p146).
    (
        "mission_long_texts",
        &["--scenario", "tests/suite/scenarios/mission_long_texts.ron"],
        4,
    ),
    (
        "rings_stacked",
        &["--scenario", "tests/suite/scenarios/rings_stacked.ron"],
        2,
    ),
    (
        "threats_mid_phase",
        &[
            "--scenario",
            "tests/suite/scenarios/threats_mid_phase.ron",
            "--threat-steps",
            "3",
        ],
        3,
    ),
];

/// One, three and six players with full hands, and six with two long ones.
const SEATS: [Position; 4] = [
    ("solo", &["--scenario", "docs/scenarios/solo.ron"], 1),
    (
        "three",
        &["--scenario", "docs/scenarios/three_seats.ron"],
        3,
    ),
    ("six", &["--scenario", "docs/scenarios/six_seats.ron"], 6),
    (
        "long",
        &["--scenario", "tests/suite/scenarios/long_hands.ron"],
        6,
    ),
];

/// Renders each position at `size` (three at a time, each on its own display) and checks its
/// picture and report.
fn check_at(size: (u32, u32), base: u32, positions: &[Position]) {
    check_scaled(size, base, positions, 1.0);
}

/// As `check_at`, with the player's UI scale set to `scale` in the settings: the scale shown
/// is held to what the window fits, and everything still fits. Smaller text makes smaller
/// cards, so their least width follows the scale shown below 1.
fn check_scaled(size: (u32, u32), base: u32, positions: &[Position], scale: f32) {
    // A folder of this check's own (`base`): two checks at one size once shared one, and
    // their "six" pictures and reports overwrote each other's when they ran at once.
    let dir = std::env::temp_dir().join(format!(
        "stp-layout-{}-{base}-{}x{}-{scale}",
        std::process::id(),
        size.0,
        size.1
    ));
    std::fs::create_dir_all(dir.join("star-trek-panic")).expect("temp dir");
    // Low graphics: the layout is the same on either setting (shadows, bloom, anti-aliasing
    // and the starfield move nothing), and a software renderer draws it in about half the
    // time (`scripts/test.sh`'s test run; the screenshot tests keep high graphics).
    std::fs::write(
        dir.join("star-trek-panic/settings.json"),
        format!("{{\"ui_scale\": {scale}, \"high_graphics\": false}}"),
    )
    .expect("the settings");
    let window = format!("{}x{}", size.0, size.1);
    let failures: Vec<String> = std::thread::scope(|scope| {
        let workers: Vec<_> = positions
            .chunks(3)
            .enumerate()
            .map(|(worker, chunk)| {
                let (dir, window) = (&dir, &window);
                scope.spawn(move || {
                    let first = base + worker as u32 * 10 + std::process::id() % 10;
                    let xvfb = start_xvfb_sized(first, size);
                    let mut failures = Vec::new();
                    for (name, args, players) in chunk {
                        let picture = dir.join(format!("{name}.png"));
                        let report = dir.join(format!("{name}.json"));
                        let mut all: Vec<&str> = args.to_vec();
                        let report_arg = report.to_string_lossy().to_string();
                        all.extend(["--window", window, "--layout", &report_arg]);
                        // A position that cannot be rendered is one failure among the
                        // others, named, rather than a panic that hides the rest.
                        let found = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                            render(xvfb.display(), dir, &all, &picture);
                            check_not_blank(&picture, size);
                            let text = std::fs::read_to_string(&report).expect("the layout report");
                            let value: Value =
                                serde_json::from_str(&text).expect("the report is JSON");
                            problems(&value, size)
                                .into_iter()
                                .chain(panel_problems(&value, size, *players))
                                .chain(scale_problems(&value, size, scale))
                                .chain(read_problems(&value, size))
                                .collect::<Vec<_>>()
                        }))
                        .unwrap_or_else(|panic| vec![panic_text(&panic)]);
                        failures.extend(
                            found
                                .into_iter()
                                .map(|p| format!("{name} at {window}, UI scale {scale}: {p}")),
                        );
                    }
                    failures
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a worker"))
            .collect()
    });
    assert!(
        failures.is_empty(),
        "{} problems (pictures in {}):\n{}",
        failures.len(),
        dir.display(),
        failures.join("\n")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// What a caught panic said.
fn panic_text(panic: &Box<dyn std::any::Any + Send>) -> String {
    panic
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "a panic without a message".to_string())
}

#[test]
fn the_table_reads_at_1280x720() {
    check_at((1280, 720), 300, &TABLE);
}

#[test]
fn every_seat_fits_at_1280x720() {
    check_at((1280, 720), 320, &SEATS);
}

#[test]
fn the_table_reads_at_1024x600() {
    check_at((1024, 600), 400, &TABLE);
}

#[test]
fn every_seat_fits_at_1024x600() {
    check_at((1024, 600), 420, &SEATS);
}

#[test]
fn every_seat_fits_at_1920x1080() {
    check_at((1920, 1080), 440, &SEATS);
}

/// The six seats at the UI scale's two ends, in the smallest window and a large one.
const SIX: [Position; 1] = [SEATS[2]];

#[test]
fn every_seat_fits_at_ui_scale_0_75_and_2() {
    check_scaled((1024, 600), 460, &SIX, 2.0);
    check_scaled((1920, 1080), 470, &SIX, 2.0);
    check_scaled((1024, 600), 480, &SIX, 0.75);
    check_scaled((1920, 1080), 490, &SIX, 0.75);
}

/// The checks themselves catch what they are for.
#[test]
fn the_layout_checks_catch_small_tokens_and_collisions() {
    let report = serde_json::json!({
        "window": {"width": 1280, "height": 720},
        "board": {"rect": [300, 80, 600, 400]},
        "ship": {"rect": [560, 240, 80, 80]},
        "tokens": [
            {"kind": "kang", "range": "Medium", "sector": 6, "cloaked": false, "slot": 0,
             "rect": [400, 100, 30, 30], "defense_rect": [405, 105, 8, 10]},
            {"kind": "comet", "range": "Long", "sector": 2, "cloaked": false, "slot": 0,
             "rect": [1270, 100, 50, 50], "defense_rect": null},
        ],
        "labels": [
            {"text": "6", "rect": [404, 104, 10, 10]},
            {"text": "Fore", "rect": [570, 250, 20, 10]},
        ],
        "panels": [{"name": "mission", "rect": [1060, 80, 220, 600]}], "hands": [],
        "props": [{"text": "bag", "rect": [565, 245, 40, 40]}],
    });
    let found = problems(&report, (1280, 720)).join("\n");
    for expected in [
        "the label \"Fore\" lies over the \"bag\"",
        "under 65 %",
        "is 30x30 px",
        "digits are 10.0 px tall",
        "the label \"6\" covers",
        "covers the ship",
        "not inside the window",
        "under the \"mission\" panel",
    ] {
        assert!(
            found.contains(expected),
            "missing {expected:?} in:\n{found}"
        );
    }
}

/// The reading checks catch cut text, a scrolling panel and a hidden or small section.
#[test]
fn the_layout_checks_catch_cut_text_scrolls_and_hidden_sections() {
    let section = |facing: &str, across: f32, covered: bool| {
        serde_json::json!({"kind": "hull", "facing": facing, "state": "Intact",
                           "rect": [600, 300, across, 10], "across": across,
                           "covered": covered})
    };
    let report = serde_json::json!({
        "panels": [{"name": "mission", "rect": [1060, 30, 220, 600], "scrolls": true}],
        "texts": [
            {"text": "Repair a damaged …", "rect": [300, 600, 80, 14], "cut": true},
            {"text": "Deck", "rect": [1070, 580, 40, 14], "cut": true},
            {"text": "Whole", "rect": [300, 640, 40, 14], "cut": false},
        ],
        "sections": [section("port", 20.0, false), section("starboard", 40.0, true)],
    });
    let found = read_problems(&report, (1280, 720)).join("\n");
    for expected in [
        "the \"mission\" panel scrolls",
        "the text \"Repair a damaged …\"",
        "the text \"Deck\"",
        "2 ship sections reported, not 12",
        "the \"port\" \"hull\" \"Intact\" is 20 px along its arc",
        "the \"starboard\" \"hull\" \"Intact\" is covered",
    ] {
        assert!(
            found.contains(expected),
            "missing {expected:?} in:\n{found}"
        );
    }
    assert!(
        !found.contains("\"Whole\""),
        "a whole text called cut:\n{found}"
    );
    // In the smallest window a scrolling column may cut a line at its edge; nothing else.
    let small = read_problems(&report, (1024, 600)).join("\n");
    assert!(
        !small.contains("scrolls") && !small.contains("\"Deck\""),
        "{small}"
    );
    assert!(small.contains("\"Repair a damaged …\""), "{small}");
}

/// The panels' checks catch what they are for.
#[test]
fn the_layout_checks_catch_lost_hands_and_crowded_panels() {
    let report = serde_json::json!({
        "window": {"width": 1024, "height": 600},
        "board": {"rect": [300, 80, 400, 400]},
        "panels": [
            {"name": "seats", "rect": [0, 30, 220, 500]},
            {"name": "mission", "rect": [200, 30, 220, 500]},
        ],
        "windows": [{"name": "boarders", "rect": [600, 100, 200, 100]}],
        "dialogs": [{"name": "game over", "rect": [900, 100, 200, 100]}],
        "lines": [{"name": "top_bar", "rect": [0, 0, 1100, 24]}],
        "hands": [
            {"player": 0, "name": "Dana", "active": true, "rect": [0, 500, 600, 100],
             "cards": [{"kind": "photon_torpedoes", "rect": [140, 500, 70, 90]}]},
            {"player": 1, "name": "Eli", "active": false, "rect": [0, 560, 220, 80],
             "cards": [{"kind": "tritanium", "rect": [4, 610, 100, 22]}]},
        ],
    });
    let found = panel_problems(&report, (1024, 600), 3).join("\n");
    for expected in [
        "2 hands shown for 3 players",
        "\"Dana\"'s \"photon_torpedoes\" is 70 px wide, under 80 px",
        "\"Eli\"'s hand",
        "runs out of its panel",
        "\"Eli\"'s \"tritanium\"",
        "the \"mission\" panel covers the board",
        "the \"seats\" and \"mission\" panels overlap",
        "the \"top_bar\" line",
        "the \"boarders\" window covers the board",
        "the \"game over\" dialog [900.0, 100.0, 200.0, 100.0] is not inside the window",
    ] {
        assert!(
            found.contains(expected),
            "missing {expected:?} in:\n{found}"
        );
    }
}
