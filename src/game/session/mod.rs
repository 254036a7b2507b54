//! The game's record (setup and every accepted action), saving and loading through the menu,
//! an autosave at every turn handover, "continue" on the setup screen, and watching a finished
//! game again step by step. Loads go through the rules' `LoadGame`; replays send the recorded
//! actions through the validator again.

use crate::game::model::record::{
    Record, Replaying, SaveRequest, SaveStatus, autosave_path, save_path,
};
use bevy::prelude::*;
use stp_rules::files::SaveFile;
use stp_rules::scenario::Scenario;
use stp_rules::{ActionAccepted, GameState, LoadGame, RulesEvent, StartGame};

mod watch;

use crate::game::crew::{Crew, Seat};
use crate::game::launch::Launch;
use crate::game::model::screen::LeaveTable;
use crate::game::systems::GameSystems;
use crate::game::tutorial::Academy;

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
                (record_actions, autosave, save_and_load, leave_table)
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

/// What the autosave needs to know of the table: whether the game on it is one to continue.
#[derive(bevy::ecs::system::SystemParam)]
struct AutosaveCheck<'w> {
    launch: Res<'w, Launch>,
    replaying: Res<'w, Replaying>,
    academy: Res<'w, Academy>,
    forwarding: Option<Res<'w, stp_rules::ForwardActions>>,
}

impl AutosaveCheck<'_> {
    /// Where the autosave goes, when the game on the table is one to continue: a lesson is
    /// not, nor a game watched again or a screenshot's, nor a seat of a game hosted elsewhere
    /// (the host keeps that one; such a table forwards its actions).
    fn path(&self) -> Option<std::path::PathBuf> {
        let keep = self.forwarding.is_none()
            && self.replaying.record.is_none()
            && self.launch.screenshot.is_none()
            && self.academy.lesson.is_none();
        autosave_path(&self.launch).filter(|_| keep)
    }
}

/// An autosave at every turn handover.
fn autosave(
    mut events: MessageReader<RulesEvent>,
    state: Option<Res<GameState>>,
    record: Res<Record>,
    crew: Res<Crew>,
    check: AutosaveCheck,
    mut status: ResMut<SaveStatus>,
) {
    let handover = events
        .read()
        .any(|e| matches!(e, RulesEvent::TurnStarted { .. }));
    let (Some(state), Some(path)) = (state, check.path()) else {
        return;
    };
    if !handover {
        return;
    }
    if let Err(err) = write_save(&path, &record, &state, &crew) {
        status.0 = Some(format!("Autosave failed: {err}"));
    }
}

/// The game being left: its state, its record and who sat where, all the autosave keeps.
#[derive(bevy::ecs::system::SystemParam)]
struct GameLeft<'w> {
    state: Option<Res<'w, GameState>>,
    record: Res<'w, Record>,
    crew: Res<'w, Crew>,
}

/// Leaving the table autosaves the game where it stands, mid-turn too, so Continue brings
/// back exactly this position; then the game comes off the table (no bot plays on behind the
/// title), and the lesson or the game watched again ends. Quitting then closes the window.
fn leave_table(
    mut leaves: MessageReader<LeaveTable>,
    left: GameLeft,
    check: AutosaveCheck,
    mut status: ResMut<SaveStatus>,
    mut commands: Commands,
    mut exit: MessageWriter<AppExit>,
) {
    let GameLeft {
        state,
        record,
        crew,
    } = left;
    let Some(leave) = leaves.read().last().copied() else {
        return;
    };
    if let (Some(state), Some(path)) = (&state, check.path())
        && let Err(err) = write_save(&path, &record, state, &crew)
    {
        status.0 = Some(format!("Autosave failed: {err}"));
    }
    commands.remove_resource::<GameState>();
    commands.queue(|world: &mut World| {
        world.resource_mut::<Academy>().lesson = None;
        let mut replaying = world.resource_mut::<Replaying>();
        replaying.record = None;
        replaying.playing = false;
        replaying.finished = None;
    });
    if leave == LeaveTable::Quit {
        exit.write(AppExit::Success);
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
                    // The player looks at the button: a word, not a path (Load finds it).
                    Ok(_) => "Saved.".to_string(),
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
