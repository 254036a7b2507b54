//! Game over: victory or the cause of defeat, the game's statistics, watching it again,
//! playing again with the same or a new seed (the options of the game on the table, also
//! after a load), and a new crew.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use stp_rules::{GameOptions, LoadGame, Outcome, StartGame};

use super::SetupForm;
use crate::game::model::record::Record;
use crate::game::model::record::Replaying;
use crate::game::model::screen::Screen;
use crate::game::model::screen::random_seed;
use crate::game::model::windows::PanelLayout;
use crate::game::pacing::Shown;
use crate::game::session::start_replay;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        game_over_screen.run_if(in_state(Screen::GameOver)),
    )
    .add_systems(OnExit(Screen::GameOver), forget_the_dialog);
}

fn forget_the_dialog(mut layout: ResMut<PanelLayout>) {
    layout.dialogs.clear();
}

/// The ways on from a game over: the same crew again (a new game, or the finished one
/// watched again from its start), or the setup screen with a fresh seed.
#[derive(bevy::ecs::system::SystemParam)]
struct WaysOn<'w> {
    start: MessageWriter<'w, StartGame>,
    loads: MessageWriter<'w, LoadGame>,
    next: ResMut<'w, NextState<Screen>>,
    form: ResMut<'w, SetupForm>,
}

/// The finished game: its record, and the replay that watches it again.
#[derive(bevy::ecs::system::SystemParam)]
struct Finished<'w> {
    record: Res<'w, Record>,
    replaying: ResMut<'w, Replaying>,
}

fn game_over_screen(
    mut contexts: EguiContexts,
    shown: Res<Shown>,
    ways: WaysOn,
    finished: Finished,
    online: Option<Res<crate::game::online::Online>>,
    mut layout: ResMut<PanelLayout>,
) -> Result {
    let WaysOn {
        mut start,
        mut loads,
        mut next,
        mut form,
    } = ways;
    let Finished {
        record,
        mut replaying,
    } = finished;
    let Some(state) = shown.get() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let shown = egui::Window::new("Game over")
        .collapsible(false)
        // Near the top, clear of the board's centre and of the replay controls.
        .anchor(egui::Align2::CENTER_TOP, [0.0, 90.0])
        .show(ctx, |ui| {
            match state.outcome() {
                Some(Outcome::Won) => {
                    ui.heading("Victory! You have completed your trek and are honored by all of Starfleet.");
                }
                Some(Outcome::Lost(cause)) => {
                    let why = match cause {
                        stp_rules::LossCause::HullDestroyed => "all six Hull sections are destroyed",
                        stp_rules::LossCause::DeckDepleted => "a player could not draw: the Enterprise deck is gone",
                        stp_rules::LossCause::Stalemate => "ten rounds passed without progress: the Enterprise is stranded",
                    };
                    ui.heading(format!("Defeat: {why}."));
                }
                None => {}
            }
            let s = state.stats();
            ui.separator();
            ui.label(format!("Turns: {}", s.turns));
            ui.label(missions_line(s, state.config().missions_required));
            ui.label(format!("Threats destroyed: {}", s.threats_destroyed_total()));
            for (name, count) in &s.threats_destroyed {
                ui.label(format!("    {name}: {count}"));
            }
            ui.label(damage_line(s));
            ui.label(format!("Enterprise cards lost: {}", s.cards_lost));
            let seated_elsewhere =
                matches!(online.as_deref(), Some(crate::game::online::Online::Client(_)));
            // A table's copy of a hosted game has no seed (it would give the deck away); the
            // host tells it at the end, on the record.
            let seed = match (seated_elsewhere, record.options.as_ref()) {
                (false, _) => Some(state.config().seed),
                (true, options) => options.map(|o| o.seed).filter(|&seed| seed != 0),
            };
            match seed {
                Some(seed) => ui.label(format!("Seed: {seed}")),
                None => ui.label("Seed: the host's, not told"),
            };
            ui.separator();
            // A seat of a game hosted elsewhere: the host watches again or plays again, and
            // this table follows.
            if seated_elsewhere {
                ui.label("The host may start the next game or watch this one again: this table follows.");
                if ui.button("Leave (new crew)").clicked() {
                    next.set(Screen::Setup);
                }
                return;
            }
            ui.horizontal(|ui| {
                // A game opened from a scenario and left there has no actions to watch.
                let watchable = replaying.record.as_ref().unwrap_or(&record);
                if !watchable.actions.is_empty() && ui.button("Watch the game again").clicked() {
                    let finished = replaying.record.clone().unwrap_or_else(|| record.clone());
                    start_replay(&finished, state, &mut replaying, &mut start, &mut loads);
                }
                if let Some(options) = play_again(&record, None)
                    && ui.button("Play again (same seed)").clicked()
                {
                    replaying.record = None;
                    start.write(StartGame(options));
                }
                if let Some(options) = play_again(&record, Some(random_seed()))
                    && ui.button("Play again (new seed)").clicked()
                {
                    replaying.record = None;
                    start.write(StartGame(options));
                }
                if ui.button("New crew").clicked() {
                    replaying.record = None;
                    form.seed = random_seed().to_string();
                    next.set(Screen::Setup);
                }
            });
        });
    layout.dialogs = shown
        .map(|w| ("game over", w.response.rect))
        .into_iter()
        .collect();
    Ok(())
}

/// The options to play the game on the table again: its own (from its start or its save), with
/// a new seed when one is given.
pub fn play_again(record: &Record, new_seed: Option<u64>) -> Option<GameOptions> {
    let mut options = record.options.clone()?;
    if let Some(seed) = new_seed {
        options.seed = seed;
    }
    Some(options)
}

/// "Missions completed: 2 (of 3 required), failed: 1", or that the game had none.
pub fn missions_line(s: &stp_rules::stats::GameStats, required: u8) -> String {
    if required == 0 && s.missions_completed == 0 && s.missions_failed == 0 {
        return "Missions: none in this game".into();
    }
    format!(
        "Missions completed: {} (of {required} required), failed: {}",
        s.missions_completed, s.missions_failed
    )
}

fn plural(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// "Damage taken: 3 to the Shields, none to the Hull; 1 section destroyed; 2 boarders."
pub(crate) fn damage_line(s: &stp_rules::stats::GameStats) -> String {
    let hull = match s.hull_damage {
        0 => "none to the Hull".to_string(),
        n => format!("{n} to the Hull"),
    };
    format!(
        "Damage taken: {} to the Shields, {hull}; {} destroyed; {}.",
        s.shield_damage,
        plural(s.sections_destroyed, "section", "sections"),
        plural(s.boarders, "boarder", "boarders"),
    )
}
