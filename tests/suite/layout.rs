//! The table measured, not asserted: the docs scenarios and a crowded six-player position are
//! rendered under Xvfb at 1280x720 and 1024x600 with `--layout`, and the report must show
//! readable tokens and digits, labels that collide with nothing, and a board that fills the
//! space the panels leave (issue "A table worth looking at").

use serde_json::Value;

use crate::screenshot::{check_not_blank, render, start_xvfb_sized};

/// At a size: the least a token's face may measure across, the least its Defense digits may
/// stand, and the least share of the window's height the board may take.
struct Limits {
    token: f32,
    digit: f32,
    board: f32,
}

fn limits(size: (u32, u32)) -> Limits {
    match size {
        (1024, 600) => Limits {
            token: 36.0,
            digit: 15.0,
            board: 0.60,
        },
        _ => Limits {
            token: 44.0,
            digit: 18.0,
            board: 0.65,
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

fn inside(a: R, (w, h): (u32, u32)) -> bool {
    a[0] >= -0.5 && a[1] >= -0.5 && a[0] + a[2] <= w as f32 + 0.5 && a[1] + a[3] <= h as f32 + 0.5
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
    if tokens.is_empty() {
        found.push("no token on the board".into());
    }
    let space = |t: &Value| (t["range"].to_string(), t["sector"].as_u64());
    for (i, t) in tokens.iter().enumerate() {
        let r = rect(&t["rect"]);
        let name = format!("{} in {} {}", t["kind"], t["range"], t["sector"]);
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
    // The scene keeps out from under the panels.
    let panels: Vec<(String, R)> = report["panels"]
        .as_array()
        .expect("panels")
        .iter()
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
        if overlap(r, ship) {
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
    }
    found
}

/// Renders each position at `size` (two at a time, each on its own display) and checks its
/// picture and report.
fn check_at(size: (u32, u32), base: u32) {
    let positions: [(&str, &[&str]); 5] = [
        ("table", &["--scenario", "docs/scenarios/table.ron"]),
        (
            "reach",
            &["--scenario", "docs/scenarios/table.ron", "--pick", "2"],
        ),
        ("boarders", &["--scenario", "docs/scenarios/boarders.ron"]),
        ("cloaked", &["--scenario", "docs/scenarios/cloaked.ron"]),
        ("crowded", &["--scenario", "docs/scenarios/crowded.ron"]),
    ];
    let dir = std::env::temp_dir().join(format!(
        "stp-layout-{}-{}x{}",
        std::process::id(),
        size.0,
        size.1
    ));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let window = format!("{}x{}", size.0, size.1);
    let failures: Vec<String> = std::thread::scope(|scope| {
        let workers: Vec<_> = positions
            .chunks(3)
            .enumerate()
            .map(|(worker, chunk)| {
                let (dir, window) = (&dir, &window);
                scope.spawn(move || {
                    let display =
                        format!(":{}", base + worker as u32 * 10 + std::process::id() % 10);
                    let _xvfb = start_xvfb_sized(&display, size);
                    let mut failures = Vec::new();
                    for (name, args) in chunk {
                        let picture = dir.join(format!("{name}.png"));
                        let report = dir.join(format!("{name}.json"));
                        let mut all: Vec<&str> = args.to_vec();
                        let report_arg = report.to_string_lossy().to_string();
                        all.extend(["--window", window, "--layout", &report_arg]);
                        render(&display, dir, &all, &picture);
                        check_not_blank(&picture, size);
                        let text = std::fs::read_to_string(&report).expect("the layout report");
                        let value: Value = serde_json::from_str(&text).expect("the report is JSON");
                        failures.extend(
                            problems(&value, size)
                                .into_iter()
                                .map(|p| format!("{name} at {window}: {p}")),
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

#[test]
fn the_table_reads_at_1280x720() {
    check_at((1280, 720), 300);
}

#[test]
fn the_table_reads_at_1024x600() {
    check_at((1024, 600), 400);
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
    });
    let found = problems(&report, (1280, 720)).join("\n");
    for expected in [
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
