//! `--autoplay-turns T` lets the built-in bot play T turns through the same validator as the
//! players; `--pick N` picks a card and `--threat-steps N` ends the Play phase and holds the
//! threat phase after N steps; `--screenshot FILE` then renders the table, saves the PNG and
//! exits.

use bevy::prelude::*;
use bevy::render::view::screenshot::{Capturing, Screenshot, ScreenshotCaptured, save_to_disk};
use bevy::window::RequestRedraw;
use stp_rules::{Action, GameState, PlayerAction, bot};

use crate::game::launch::Launch;
use crate::game::model::selection::Selection;
use crate::game::pacing::{AnimationSpeed, Sequence};
use crate::game::systems::GameSystems;

#[derive(Resource, Default)]
struct Capture {
    settled_frames: u32,
    requested: bool,
    /// `--pick` and `--threat-steps` have been done.
    staged: bool,
    /// Blank pictures taken again so far.
    retakes: u32,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Capture>()
        .add_systems(Startup, prepare)
        .add_systems(
            Update,
            (autoplay, stage, capture)
                .chain()
                .in_set(GameSystems::Input),
        );
}

fn prepare(launch: Res<Launch>, mut speed: ResMut<AnimationSpeed>, mut sequence: ResMut<Sequence>) {
    // A picture of a threat phase mid-sequence needs the pacing; others skip straight to rest.
    if launch.screenshot.is_some() && launch.threat_steps.is_none() {
        speed.skip = true;
    }
    sequence.hold_after = launch.threat_steps;
}

/// Once the table waits for the players: `--pick N` picks the active player's Nth card, and
/// `--threat-steps` ends the phase (the sequence holds after its steps).
fn stage(
    launch: Res<Launch>,
    state: Option<Res<GameState>>,
    mut progress: ResMut<Capture>,
    mut selection: ResMut<Selection>,
    mut actions: MessageWriter<PlayerAction>,
) {
    let Some(state) = state else { return };
    if progress.staged || !state.awaits_players() || state.turn().number <= launch.autoplay_turns {
        return;
    }
    progress.staged = true;
    let player = state.turn().active;
    if let Some(card) = launch
        .pick
        .and_then(|n| state.players()[player as usize].hand.get(n - 1))
    {
        selection.toggle(player, *card);
    }
    if launch.threat_steps.is_some() {
        actions.write(PlayerAction {
            player,
            action: Action::EndPhase,
        });
    }
}

fn autoplay(
    launch: Res<Launch>,
    state: Option<Res<GameState>>,
    sequence: Res<Sequence>,
    mut actions: MessageWriter<PlayerAction>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Some(state) = state else { return };
    if sequence.is_playing() {
        return;
    }
    if state.turn().number > launch.autoplay_turns || state.is_over() {
        return;
    }
    if let Some(action) = bot::choose(&state) {
        actions.write(action);
        redraw.write(RequestRedraw);
    }
}

/// What a capture asks of the window: frames drawn, and the layout report written.
#[derive(bevy::ecs::system::SystemParam)]
struct CaptureAsks<'w> {
    redraw: MessageWriter<'w, RequestRedraw>,
    write_layout: MessageWriter<'w, crate::game::table::report::layout::WriteLayout>,
}

fn capture(
    launch: Res<Launch>,
    state: Option<Res<GameState>>,
    mut progress: ResMut<Capture>,
    sequence: Res<Sequence>,
    capturing: Query<(), With<Capturing>>,
    mut commands: Commands,
    asks: CaptureAsks,
) {
    let CaptureAsks {
        mut redraw,
        mut write_layout,
    } = asks;
    let Some(path) = &launch.screenshot else {
        return;
    };
    let staged = progress.staged || launch.pick.is_none() && launch.threat_steps.is_none();
    redraw.write(RequestRedraw);
    // Without a dealt game the picture is the setup screen.
    let done_playing = match &state {
        None => !launch.skips_setup(),
        Some(state) => {
            state.turn().number > launch.autoplay_turns
                || state.is_over()
                || (state.awaits_players() && launch.autoplay_turns == 0)
        }
    } && staged
        && (sequence.is_held() || !sequence.is_playing());
    if !done_playing || progress.requested || !capturing.is_empty() {
        return;
    }
    // Let the panels lay out and the scene settle for a few frames first.
    progress.settled_frames += 1;
    if progress.settled_frames < 20 {
        return;
    }
    progress.requested = true;
    if let Some(layout) = &launch.layout {
        write_layout.write(crate::game::table::report::layout::WriteLayout(
            layout.clone(),
        ));
    }
    let mut save = save_to_disk(path.clone());
    commands.spawn(Screenshot::primary_window()).observe(
        move |captured: On<ScreenshotCaptured>,
              mut progress: ResMut<Capture>,
              mut exit: MessageWriter<AppExit>| {
            // On a display just started, the first frames can reach the window empty: such a
            // picture is taken again a few frames later (at most `RETAKES` times), not saved.
            if is_blank(&captured.image) && progress.retakes < RETAKES {
                warn!("the screenshot came out blank; taking it again");
                progress.retakes += 1;
                progress.requested = false;
                progress.settled_frames = 10;
                return;
            }
            save(captured);
            exit.write(AppExit::Success);
        },
    );
}

/// How many times a blank screenshot is taken again before it is saved as it is.
const RETAKES: u32 = 5;

/// Whether a captured picture is one flat colour (a few shades at most): sampled every 97th
/// pixel, as the screenshot tests do.
fn is_blank(image: &Image) -> bool {
    let Some(data) = image.data.as_ref() else {
        return true;
    };
    let mut colours = std::collections::BTreeSet::new();
    for px in data.chunks(4 * 97) {
        if px.len() >= 3 {
            colours.insert((px[0] / 16, px[1] / 16, px[2] / 16));
        }
    }
    colours.len() <= 3
}
