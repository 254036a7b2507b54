//! Keyboard: Q/E (←/→) turn, W (↑) forward, Space/Enter end the phase, 1–9 pick a card,
//! Ctrl+Z undo, Esc the menu, F1 help, L the log, R resets the camera, F11 full screen. No hotkey fires while an egui field has the keyboard.

use bevy::prelude::*;
use bevy::window::{MonitorSelection, WindowMode};
use bevy_egui::input::egui_wants_any_keyboard_input;
use stp_rules::{Action, GameState, ManeuverKind, PlayerAction, UndoRequest};

use super::pointing::Hovered;
use super::selection::Selection;
use super::wait::ControlsWait;
use crate::game::advisor::AskAdvisor;
use crate::game::pacing::SkipSequence;
use crate::game::panels::help::Help;
use crate::game::panels::menu::Menu;
use crate::game::panels::{help, offers};
use crate::game::screens::state::Screen;
use crate::game::systems::GameSystems;
use crate::game::table::camera::Orbit;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            hotkeys.run_if(in_state(Screen::Playing)),
            reset_camera,
            toggle_fullscreen,
            toggle_log.run_if(in_state(Screen::Playing)),
        )
            .run_if(not(egui_wants_any_keyboard_input))
            .in_set(GameSystems::Input),
    );
}

/// F11 switches between a window and borderless full screen.
fn toggle_fullscreen(
    keys: Res<ButtonInput<KeyCode>>,
    mut windows: Query<&mut Window, With<bevy::window::PrimaryWindow>>,
) {
    if !keys.just_pressed(KeyCode::F11) {
        return;
    }
    for mut window in &mut windows {
        window.mode = match window.mode {
            WindowMode::Windowed => WindowMode::BorderlessFullscreen(MonitorSelection::Current),
            _ => WindowMode::Windowed,
        };
    }
}

/// L opens and closes the log's drawer.
fn toggle_log(
    keys: Res<ButtonInput<KeyCode>>,
    mut drawer: ResMut<crate::game::panels::overlays::LogDrawer>,
) {
    if keys.just_pressed(KeyCode::KeyL) {
        drawer.open = !drawer.open;
    }
}

/// R puts the camera back where it started.
fn reset_camera(keys: Res<ButtonInput<KeyCode>>, mut cameras: Query<(&mut Orbit, &mut Transform)>) {
    if keys.just_pressed(KeyCode::KeyR) {
        for (mut orbit, mut transform) in &mut cameras {
            orbit.reset();
            *transform = orbit.transform();
        }
    }
}

const DIGITS: [KeyCode; 9] = [
    KeyCode::Digit1,
    KeyCode::Digit2,
    KeyCode::Digit3,
    KeyCode::Digit4,
    KeyCode::Digit5,
    KeyCode::Digit6,
    KeyCode::Digit7,
    KeyCode::Digit8,
    KeyCode::Digit9,
];

fn hotkeys(
    keys: Res<ButtonInput<KeyCode>>,
    state: Option<Res<GameState>>,
    wait: ControlsWait,
    mut selection: ResMut<Selection>,
    (mut help_open, mut menu): (ResMut<Help>, ResMut<Menu>),
    mut actions: MessageWriter<PlayerAction>,
    mut undo: MessageWriter<UndoRequest>,
    hovered: Res<Hovered>,
    mut skip: MessageWriter<SkipSequence>,
    mut ask: MessageWriter<AskAdvisor>,
) {
    let Some(state) = state else { return };
    if keys.just_pressed(KeyCode::F1) {
        // Over a token, its topic; otherwise the reference as it was.
        match hovered.0 {
            Some(token) if !help_open.open => help_open.at(help::topic_for_token(token)),
            _ => help_open.open = !help_open.open,
        }
    }
    if keys.just_pressed(KeyCode::Escape) {
        if selection.card.is_some() || selection.focus.is_some() {
            selection.clear_card();
        } else {
            menu.open = !menu.open;
        }
    }
    // A threat phase playing: Space (or Enter) shows the rest at once; nothing else acts.
    if wait.sequence_playing() {
        if keys.any_just_pressed([KeyCode::Space, KeyCode::Enter]) {
            skip.write(SkipSequence);
        }
        return;
    }
    // A rules window open (the boarders, Spock's pick): its number keys answer it, even
    // during a bot's turn, as its buttons do.
    let choices = offers::window_choices(&state);
    if !choices.is_empty() {
        for (key, offer) in DIGITS.iter().zip(&choices) {
            if keys.just_pressed(*key) && wait.window_answers(offer.action.player) {
                actions.write(offer.action);
            }
        }
    }
    // While a bot takes its turn, the keys wait (undo never reaches into a bot's turn).
    if wait.now(&state) {
        return;
    }
    if keys.just_pressed(KeyCode::KeyH) {
        ask.write(AskAdvisor);
    }
    let player = state.turn.active;
    let mut send = |action| actions.write(PlayerAction { player, action });
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    if ctrl && keys.just_pressed(KeyCode::KeyZ) && wait.undo_allowed() {
        undo.write(UndoRequest { player });
        return;
    }
    if keys.any_just_pressed([KeyCode::KeyQ, KeyCode::ArrowLeft]) {
        send(Action::Maneuver(ManeuverKind::CounterClockwise));
    }
    if keys.any_just_pressed([KeyCode::KeyE, KeyCode::ArrowRight]) {
        send(Action::Maneuver(ManeuverKind::Clockwise));
    }
    if keys.any_just_pressed([KeyCode::KeyW, KeyCode::ArrowUp]) {
        send(Action::Maneuver(ManeuverKind::Forward));
    }
    if keys.just_pressed(KeyCode::Tab) {
        offers::focus_next(&state, &mut selection);
    }
    if keys.any_just_pressed([KeyCode::Space, KeyCode::Enter]) {
        // With a target in focus (Tab), the key plays the picked card there.
        match (offers::focused_play(&state, &selection), selection.focus) {
            (Some(play), _) => {
                actions.write(play);
                selection.clear_card();
            }
            // A focus the card's choices no longer have: drop it rather than end the phase.
            (None, Some(_)) => selection.focus = None,
            (None, None) => {
                send(Action::EndPhase);
            }
        }
    }
    for (index, key) in DIGITS.iter().enumerate() {
        if choices.is_empty()
            && keys.just_pressed(*key)
            && let Some(card) = state.players[player as usize].hand.get(index)
        {
            *selection = Selection {
                card: Some((player, *card)),
                keyed: true,
                ..Selection::default()
            };
        }
    }
}
