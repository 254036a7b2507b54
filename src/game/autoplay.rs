//! `--autoplay-turns T` lets the built-in bot play T turns through the same validator as the
//! players; `--screenshot FILE` then renders the table, saves the PNG and exits.

use bevy::prelude::*;
use bevy::render::view::screenshot::{Capturing, Screenshot, ScreenshotCaptured, save_to_disk};
use bevy::window::RequestRedraw;
use stp_rules::{GameState, PlayerAction, bot};

use crate::game::GameSystems;
use crate::game::launch::Launch;
use crate::game::table::AnimationSpeed;

#[derive(Resource, Default)]
struct Capture {
    settled_frames: u32,
    requested: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Capture>()
        .add_systems(Startup, prepare)
        .add_systems(
            Update,
            (autoplay, capture).chain().in_set(GameSystems::Input),
        );
}

fn prepare(launch: Res<Launch>, mut speed: ResMut<AnimationSpeed>) {
    if launch.screenshot.is_some() {
        speed.skip = true;
    }
}

fn autoplay(
    launch: Res<Launch>,
    state: Option<Res<GameState>>,
    mut actions: MessageWriter<PlayerAction>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Some(state) = state else { return };
    if state.turn.number > launch.autoplay_turns || state.is_over() {
        return;
    }
    if let Some(action) = bot::choose(&state) {
        actions.write(action);
        redraw.write(RequestRedraw);
    }
}

fn capture(
    launch: Res<Launch>,
    state: Option<Res<GameState>>,
    mut progress: ResMut<Capture>,
    capturing: Query<(), With<Capturing>>,
    mut commands: Commands,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Some(path) = &launch.screenshot else {
        return;
    };
    redraw.write(RequestRedraw);
    // Without a dealt game the picture is the setup screen.
    let done_playing = match &state {
        None => !launch.skips_setup(),
        Some(state) => {
            state.turn.number > launch.autoplay_turns
                || state.is_over()
                || (state.awaits_players() && launch.autoplay_turns == 0)
        }
    };
    if !done_playing || progress.requested || !capturing.is_empty() {
        return;
    }
    // Let the panels lay out and the scene settle for a few frames first.
    progress.settled_frames += 1;
    if progress.settled_frames < 20 {
        return;
    }
    progress.requested = true;
    commands
        .spawn(Screenshot::primary_window())
        .observe(save_to_disk(path.clone()))
        .observe(
            |_: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
                exit.write(AppExit::Success);
            },
        );
}
