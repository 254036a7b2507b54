//! App screens: the title, setup (players, characters, preset, seed), the table, the turn handover and
//! game over with the game's statistics. The screen follows the rules state: a dealt game
//! shows the table, a finished one the game-over screen.

pub mod game_over;
pub mod handover;
mod setup;
mod setup_panel;
pub mod title;

use crate::game::model::handover::Handover;
use crate::game::model::screen::{LeaveTable, Paused, Screen, random_seed};
use bevy::prelude::*;
use stp_rules::{GameOptions, GameState, RulesEvent, StartGame};

use crate::game::crew::Crew;
use crate::game::launch::Launch;
use crate::game::model::record::Replaying;
use crate::game::model::record::SaveRequest;
use crate::game::pacing::{Paced, Shown};
use crate::game::systems::GameSystems;

pub use setup::{Engage, SetupForm};
pub use setup_panel::spoken_engage;
pub use title::{TitleChoice, TitleMenu};

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>()
        .add_message::<LeaveTable>()
        .init_resource::<Paused>()
        .add_plugins((
            title::plugin,
            setup::plugin,
            setup_panel::plugin,
            handover::plugin,
            game_over::plugin,
        ))
        .add_systems(Startup, start_from_command_line)
        .add_systems(
            Update,
            (
                enter_table,
                watch_for_game_over,
                watch_turns,
                forget_handover,
            )
                .in_set(GameSystems::Events),
        );
}

fn start_from_command_line(
    launch: Res<Launch>,
    mut start: MessageWriter<StartGame>,
    mut saves: MessageWriter<SaveRequest>,
    mut next: ResMut<NextState<Screen>>,
) {
    // A join from the command line shows its progress on the setup screen; --setup opens it.
    if launch.join.is_some() || launch.setup {
        next.set(Screen::Setup);
    }
    if let Some(path) = &launch.load {
        saves.write(SaveRequest::Load(path.clone()));
        return;
    }
    // The Academy opens its own table (`tutorial`).
    if launch.tutorial {
        return;
    }
    if let Some(path) = &launch.scenario {
        saves.write(SaveRequest::OpenScenario(path.clone()));
        return;
    }
    if !launch.skips_setup() {
        return;
    }
    let players = launch.players.unwrap_or(2).clamp(1, 6);
    let options = GameOptions::quick(
        launch.seed.unwrap_or_else(random_seed),
        players,
        launch.preset.as_deref().unwrap_or("cadet"),
    );
    start.write(StartGame(options));
}

fn enter_table(
    state: Option<Res<GameState>>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
) {
    if let Some(state) = state
        && state.is_changed()
        && !state.is_over()
        && *screen.get() != Screen::Playing
    {
        next.set(Screen::Playing);
    }
}

fn watch_for_game_over(
    state: Option<Res<GameState>>,
    shown: Res<Shown>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
) {
    // A game that ends on the table (once its last threat phase has played), or a finished
    // game just loaded (a save, a scenario, the end of watching again), shows the game-over
    // screen.
    let arrived = |s: &Res<GameState>| {
        s.is_changed() && matches!(screen.get(), Screen::Title | Screen::Setup)
    };
    let ended_on_table = shown.get().is_some_and(GameState::is_over);
    if let Some(state) = state
        && state.is_over()
        && ((*screen.get() == Screen::Playing && ended_on_table) || arrived(&state))
    {
        next.set(Screen::GameOver);
    }
}

/// A table left behind hands nothing over.
fn forget_handover(mut leaves: MessageReader<LeaveTable>, mut handover: ResMut<Handover>) {
    if leaves.read().count() > 0 {
        handover.0 = None;
    }
}

/// A new turn for a different person in a hot-seat game shows the handover screen, once the
/// threat phase before it has played. A machine with one person on it (the others bots or
/// elsewhere) hands nothing over: there is nobody to hand it to.
fn watch_turns(
    mut events: MessageReader<Paced>,
    state: Option<Res<GameState>>,
    launch: Res<Launch>,
    replaying: Res<Replaying>,
    crew: Res<Crew>,
    mut handover: ResMut<Handover>,
) {
    let Some(state) = state else { return };
    for Paced(event) in events.read() {
        if let RulesEvent::TurnStarted { player, .. } = event
            && state.players().len() > 1
            && launch.screenshot.is_none()
            && replaying.record.is_none()
            && crew.is_here(*player)
            && crew.people_here() > 1
        {
            handover.0 = Some(*player);
        }
    }
}
