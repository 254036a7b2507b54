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
