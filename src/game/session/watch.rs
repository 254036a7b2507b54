//! Watching a finished game again: its recorded actions go through the validator once more,
//! one step at a time or playing on.

use bevy::prelude::*;
use stp_rules::{GameState, LoadGame, PlayerAction, StartGame};

use crate::game::model::record::Record;
use crate::game::model::record::Replaying;
use crate::game::systems::GameSystems;

pub(super) fn plugin(app: &mut App) {
    // Also registered by the window; added here so the session runs headless too.
    app.add_message::<bevy::window::RequestRedraw>()
        .add_systems(Update, step_replay.in_set(GameSystems::Input));
}

/// Starts watching the recorded game from its setup (or from the scenario's or lesson's
/// position it started at); `finished` is where it ended, to go back to when watching stops
/// (kept from the first viewing when watching it once more).
pub fn start_replay(
    record: &Record,
    finished: &GameState,
    replaying: &mut Replaying,
    start: &mut MessageWriter<StartGame>,
    loads: &mut MessageWriter<LoadGame>,
) {
    if let Some(options) = &record.options {
        if replaying.record.is_none() {
            replaying.finished = Some(Box::new(finished.clone()));
        }
        replaying.record = Some(record.clone());
        replaying.next = 0;
        replaying.playing = false;
        replaying.waited = 0.0;
        match &record.start {
            Some(position) => {
                loads.write(LoadGame(position.clone()));
            }
            None => {
                start.write(StartGame(options.clone()));
            }
        }
    }
}

/// While "play" is on, sends the next recorded action every `step_seconds`, once the rules
/// wait for a player; stops at the last one.
fn step_replay(
    mut replaying: ResMut<Replaying>,
    state: Option<Res<GameState>>,
    sequence: Res<crate::game::pacing::Sequence>,
    time: Res<Time>,
    mut actions: MessageWriter<PlayerAction>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    if !replaying.playing {
        return;
    }
    let total = replaying.record.as_ref().map_or(0, |r| r.actions.len());
    if replaying.next >= total {
        replaying.playing = false;
        return;
    }
    // Keep frames coming while playing, even with nothing else moving.
    redraw.write(bevy::window::RequestRedraw);
    replaying.waited += time.delta_secs();
    let Some(state) = state else { return };
    // Each threat phase plays out before the next action.
    if !state.awaits_players() || sequence.is_playing() || replaying.waited < replaying.step_seconds
    {
        return;
    }
    replaying.waited = 0.0;
    replay_step(&mut replaying, &mut actions);
}

/// Stops watching and goes back to the finished game (its game-over screen, its record).
pub fn stop_watching(
    replaying: &mut Replaying,
    record: &mut Record,
    loads: &mut MessageWriter<LoadGame>,
) {
    replaying.playing = false;
    if let Some(watched) = replaying.record.take() {
        *record = watched;
    }
    if let Some(finished) = replaying.finished.take() {
        loads.write(LoadGame(finished));
    }
}

/// One step of the replay: the next recorded action.
pub fn replay_step(replaying: &mut Replaying, actions: &mut MessageWriter<PlayerAction>) {
    let next = replaying.next;
    if let Some(action) = replaying
        .record
        .as_ref()
        .and_then(|r| r.actions.get(next))
        .copied()
    {
        actions.write(action);
        replaying.next += 1;
    }
}
