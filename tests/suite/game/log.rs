//! The log as the player reads it: each line stamped with the turn and player it happened in,
//! and a new game or a load starting a fresh log.

use star_trek_panic::game::panels::log::GameLog;
use stp_rules::*;

use super::{app, bot_until, start, state};

/// Threat fire at the end of Alice's turn 3 is stamped turn 3 and Alice, not the next turn:
/// every line carries the turn and player of the last "Turn N" line before it.
#[test]
fn log_lines_carry_the_turn_and_player_they_happened_in() {
    let mut app = app(None);
    start(&mut app, GameOptions::quick(21, 3, "standard"));
    assert!(bot_until(&mut app, 400, |s| s.turn.number >= 5 || s.is_over()));
    let log = app.world().resource::<GameLog>();
    let mut current: Option<(u32, u8)> = None;
    let mut turns_seen = 0;
    for line in &log.lines {
        if let Some(rest) = line.text.strip_prefix("— Turn ") {
            let turn: u32 = rest.split(':').next().unwrap().parse().unwrap();
            current = Some((turn, line.player));
            turns_seen += 1;
        }
        if let Some((turn, player)) = current {
            assert_eq!((line.turn, line.player), (turn, player), "{}", line.text);
        }
    }
    assert!(turns_seen >= 4, "only {turns_seen} turns logged");
    let fire = log
        .lines
        .iter()
        .filter(|l| l.text.contains("fires"))
        .count();
    assert!(fire > 0, "no threat fired in four turns");
}

/// A new game, and a load, start the log afresh (no "Victory!" from another game).
#[test]
fn log_starts_afresh_on_a_new_game_and_on_a_load() {
    let mut app = app(None);
    start(&mut app, GameOptions::quick(3, 2, "cadet"));
    bot_until(&mut app, 60, |s| s.turn.number >= 2);
    let saved = state(&app).clone();
    assert!(app.world().resource::<GameLog>().lines.len() > 5);
    start(&mut app, GameOptions::quick(4, 2, "cadet"));
    let first = &app.world().resource::<GameLog>().lines[0];
    assert_eq!(first.turn, 1, "{}", first.text);
    app.world_mut()
        .write_message(LoadGame(Box::new(saved.clone())));
    super::settle(&mut app);
    let log = app.world().resource::<GameLog>();
    assert!(
        log.lines.iter().all(|l| l.turn >= saved.turn.number),
        "lines from the game before the load remain"
    );
}

/// Completing or failing a mission is announced on the table, not only in the log.
#[test]
fn a_completed_mission_is_announced_on_the_table() {
    use star_trek_panic::game::panels::banner::{BANNER_SECONDS, Banner};
    let mut app = app(None);
    start(&mut app, GameOptions::quick(2, 2, "cadet"));
    let done = bot_until(&mut app, 3000, |s| {
        s.stats.missions_completed + s.stats.missions_failed > 0
    });
    assert!(done, "no mission ended in a whole game");
    let banner = app.world().resource::<Banner>().clone();
    let text = banner.text.expect("a banner");
    let mission = builtin_mission_names();
    assert!(
        (text.starts_with("Mission complete: ") || text.starts_with("Mission failed: "))
            && mission.iter().any(|m| text.ends_with(m.as_str())),
        "{text}"
    );
    assert_eq!(banner.seconds_left, BANNER_SECONDS);
}

fn builtin_mission_names() -> Vec<String> {
    stp_rules::content::builtin()
        .missions
        .iter()
        .map(|m| m.name.clone())
        .collect()
}

/// Help shows the rulings as a document: no raw `#`, `**` or backticks reach the screen, and
/// every ruling R1… is a bullet of its own.
#[test]
fn help_renders_the_rulings_without_markdown_marks() {
    use star_trek_panic::game::panels::help::RULINGS;
    use star_trek_panic::game::panels::markdown::{Block, blocks, spans};
    let document = blocks(RULINGS);
    let bullets: Vec<&String> = document
        .iter()
        .filter_map(|b| match b {
            Block::Bullet(text) => Some(text),
            _ => None,
        })
        .collect();
    let rulings = RULINGS.matches("- **R").count();
    assert!(rulings >= 25);
    assert_eq!(
        bullets.iter().filter(|b| b.starts_with("**R")).count(),
        rulings
    );
    for block in &document {
        let text = match block {
            Block::Heading { text, .. } => {
                assert!(!text.starts_with('#'));
                text
            }
            Block::Bullet(text) | Block::Paragraph(text) => text,
        };
        for span in spans(text) {
            assert!(
                !span.text.contains("**") && !span.text.contains('`'),
                "raw marks in {:?}",
                span.text
            );
        }
    }
    let first = spans(bullets[0]);
    assert!(
        first[0].bold && first[0].text.starts_with("R1"),
        "{first:?}"
    );
}
