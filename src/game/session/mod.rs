//! The game's record (setup and every accepted action), saving and loading through the menu,
//! an autosave at every turn handover, "continue" on the setup screen, and watching a finished
//! game again step by step. Loads go through the rules' `LoadGame`; replays send the recorded
//! actions through the validator again.

use bevy::prelude::*;
use stp_rules::files::SaveFile;
use stp_rules::scenario::Scenario;
use stp_rules::{ActionAccepted, GameState, LoadGame, RulesEvent, StartGame};

pub mod record;
mod watch;

use crate::game::crew::{Crew, Seat};
use crate::game::launch::Launch;
use crate::game::systems::GameSystems;
use crate::game::tutorial::Academy;

pub use record::{Record, Replaying, SaveRequest, SaveStatus};
pub(crate) use record::{autosave_path, save_path};
pub use watch::{replay_step, start_replay, stop_watching};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Record>()
        .init_resource::<Replaying>()
        .init_resource::<SaveStatus>()
        .add_message::<SaveRequest>()
        .add_plugins(watch::plugin)
        .add_systems(
            Update,
            (
                record_starts.in_set(GameSystems::Input),
                (record_actions, autosave, save_and_load)
                    .chain()
                    .in_set(GameSystems::Events),
            ),
        );
}

fn record_starts(mut starts: MessageReader<StartGame>, mut record: ResMut<Record>) {
    for StartGame(options) in starts.read() {
        record.options = Some(options.clone());
        record.start = None;
        record.actions.clear();
    }
}

fn record_actions(
    mut accepted: MessageReader<ActionAccepted>,
    mut events: MessageReader<RulesEvent>,
    mut record: ResMut<Record>,
) {
    for ActionAccepted(action) in accepted.read() {
        record.actions.push(*action);
    }
    for event in events.read() {
        if let RulesEvent::ActionUndone { .. } = event {
            record.actions.pop();
        }
    }
}

/// Writes a save with who sits in each seat, so bots come back with a loaded game.
fn write_save(
    path: &std::path::Path,
    record: &Record,
    state: &GameState,
    crew: &Crew,
) -> Result<(), String> {
    let options = record.options.as_ref().ok_or("no game to save")?;
    let mut save = SaveFile {
        seats: crew.seats.iter().map(|s| s.id().to_string()).collect(),
        ..SaveFile::new(options, &record.actions, state).starting_from(record.start.as_deref())
    };
    // Actions that do not replay from the start here (a seat of a game hosted elsewhere
    // holds only its public view and the host's draws) are left out: the save keeps the
    // position, which a load checks its actions against.
    if save.check_actions().is_err() {
        save.actions.clear();
        save.start = None;
    }
    save.write(path).map_err(|e| e.to_string())
}

/// An autosave at every turn handover (not while a replay or a screenshot run plays).
fn autosave(
    mut events: MessageReader<RulesEvent>,
    state: Option<Res<GameState>>,
    record: Res<Record>,
    replaying: Res<Replaying>,
    launch: Res<Launch>,
    crew: Res<Crew>,
    academy: Res<Academy>,
    forwarding: Option<Res<stp_rules::ForwardActions>>,
    mut status: ResMut<SaveStatus>,
) {
    let handover = events
        .read()
        .any(|e| matches!(e, RulesEvent::TurnStarted { .. }));
    let (Some(state), Some(path)) = (state, autosave_path(&launch)) else {
        return;
    };
    // A lesson is not a game to continue, nor a seat of a game hosted elsewhere (the host
    // keeps that one; such a table forwards its actions): neither replaces the autosave.
    let joined = forwarding.is_some();
    if !handover
        || joined
        || replaying.record.is_some()
        || launch.screenshot.is_some()
        || academy.lesson.is_some()
    {
        return;
    }
    if let Err(err) = write_save(&path, &record, &state, &crew) {
        status.0 = Some(format!("Autosave failed: {err}"));
    }
}

fn save_and_load(
    mut requests: MessageReader<SaveRequest>,
    state: Option<Res<GameState>>,
    mut record: ResMut<Record>,
    mut status: ResMut<SaveStatus>,
    mut loads: MessageWriter<LoadGame>,
    launch: Res<Launch>,
    mut crew: ResMut<Crew>,
) {
    for request in requests.read() {
        match request {
            SaveRequest::Save => {
                let result = match (&state, save_path(&launch)) {
                    (Some(state), Some(path)) => {
                        write_save(&path, &record, state, &crew).map(|_| path)
                    }
                    (None, _) => Err("no game on the table".into()),
                    (_, None) => Err("no data directory (set HOME or XDG_DATA_HOME)".into()),
                };
                status.0 = Some(match result {
                    Ok(path) => format!("Saved to {}", path.display()),
                    Err(err) => format!("Not saved: {err}"),
                });
            }
            SaveRequest::Load(path) => match SaveFile::load(path) {
                Ok(save) => {
                    record.options = Some(save.options.clone());
                    record.start = save.start.clone().map(Box::new);
                    record.actions = save.actions.clone();
                    crew.pending = Some(save.seats.iter().map(|s| Seat::from_id(s)).collect());
                    loads.write(LoadGame(Box::new(save.state)));
                    status.0 = Some(format!("Loaded {}", path.display()));
                }
                Err(err) => status.0 = Some(format!("Cannot load {}: {err}", path.display())),
            },
            SaveRequest::OpenScenario(path) => match Scenario::load(path) {
                Ok((options, state)) => {
                    record.options = Some(options);
                    record.start_at(&state);
                    record.actions.clear();
                    loads.write(LoadGame(Box::new(state)));
                    status.0 = Some(format!("Opened {}", path.display()));
                }
                Err(err) => status.0 = Some(format!("Cannot open {}: {err}", path.display())),
            },
        }
    }
}
