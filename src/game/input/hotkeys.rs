//! The table's keys: Q/E (←/→) turn, W (↑) forward, 1–9 pick a card, Tab the next choice,
//! Enter takes the choice in focus (or a picked card's only one), Space ends the phase,
//! Ctrl+Z undo, H the advisor, L the log, F1 help, Esc closes the topmost window (else puts
//! the card back, else opens the menu). While the menu or the rules reference is open, only
//! Esc and F1 reach the table; no hotkey fires while an egui field has the keyboard.
//!
//! This is logic, not drawing: the presentation tests press keys through Bevy's
//! `InputPlugin` and see what the table does.

use bevy::prelude::*;
use stp_rules::{Action, GameState, ManeuverKind, PlayerAction, UndoRequest};

use super::wait::ControlsWait;
use crate::game::advisor::{Advisor, AskAdvisor};
use crate::game::model::offers::{self, Confirm};
use crate::game::model::pointing::Hovered;
use crate::game::model::screen::Screen;
use crate::game::model::selection::Selection;
use crate::game::model::window_offers;
use crate::game::model::windows::Help;
use crate::game::model::windows::Key;
use crate::game::model::windows::LogDrawer;
use crate::game::model::windows::Menu;
use crate::game::pacing::{NextStep, SkipSequence};
use crate::game::systems::GameSystems;
use crate::words::describe::card_name;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Hovered>()
        .init_resource::<crate::game::model::board_reading::BoardReading>()
        .add_systems(
            Update,
            (
                close_topmost,
                (
                    hotkeys,
                    toggle_log,
                    crate::game::model::board_reading::read_by_key,
                )
                    .run_if(no_window_takes_keys),
            )
                .chain()
                .run_if(in_state(Screen::Playing).and_then(keys_are_free))
                .in_set(GameSystems::Input),
        );
}

/// No egui text field or popup has the keyboard (always so without a window): a button
/// holding egui's focus does not take the table's keys (`egui_idle::EguiTakesKeys`).
pub(crate) fn keys_are_free(takes: Option<Res<super::egui_idle::EguiTakesKeys>>) -> bool {
    takes.is_none_or(|t| !t.0)
}

/// Neither the menu nor the rules reference is open: those take the keys (their controls,
/// their search), and the table behind them waits as behind a dialog.
pub(crate) fn no_window_takes_keys(help: Res<Help>, menu: Res<Menu>) -> bool {
    !help.open && !menu.open
}

/// Esc closes the topmost window first: the menu (over everything while open), the rules
/// reference, the advisor's word; then it puts a picked card back; only then does it open the
/// menu. F1 opens the reference (over a token, at its topic) or closes it.
fn close_topmost(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    (mut help, mut menu, mut key): (ResMut<Help>, ResMut<Menu>, ResMut<Key>),
    mut advisor: ResMut<Advisor>,
    mut selection: ResMut<Selection>,
    hovered: Res<Hovered>,
) {
    let Some(keys) = keys else { return };
    if keys.just_pressed(KeyCode::F1) {
        match hovered.0 {
            Some(token) if !help.open => {
                help.at(crate::game::model::help_topic::topic_for_token(token))
            }
            _ => help.open = !help.open,
        }
    }
    // K opens and closes the key (not under the menu or the rules, which take the keys).
    if keys.just_pressed(KeyCode::KeyK) && !menu.open && !help.open {
        key.open = !key.open;
    }
    if !keys.just_pressed(KeyCode::Escape) {
        return;
    }
    if menu.open {
        menu.close();
    } else if help.open {
        help.open = false;
    } else if key.open {
        key.open = false;
    } else if advisor.counsel.is_some() || advisor.note.is_some() {
        advisor.counsel = None;
        advisor.note = None;
    } else if selection.card.is_some() || selection.focus.is_some() {
        selection.clear_card();
    } else {
        menu.open = true;
    }
}

/// L opens and closes the log's drawer.
fn toggle_log(keys: Option<Res<ButtonInput<KeyCode>>>, mut drawer: ResMut<LogDrawer>) {
    if keys.is_some_and(|k| k.just_pressed(KeyCode::KeyL)) {
        drawer.open = !drawer.open;
    }
}

/// How long after a key ends the phase a skip key waits (seconds): a double press is one
/// press too many, not a wish to skip the threats' turn.
const SKIP_GUARD: f64 = 0.8;

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

/// What the table's keys ask for: an action, an undo, the threat phase shown at once or a
/// step on, the advisor's word.
#[derive(bevy::ecs::system::SystemParam)]
struct KeyAsks<'w> {
    actions: MessageWriter<'w, PlayerAction>,
    undo: MessageWriter<'w, UndoRequest>,
    skip: MessageWriter<'w, SkipSequence>,
    next: MessageWriter<'w, NextStep>,
    ask: MessageWriter<'w, AskAdvisor>,
}

fn hotkeys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    state: Option<Res<GameState>>,
    wait: ControlsWait,
    mut selection: ResMut<Selection>,
    asks: KeyAsks,
    (time, mut ended_at): (Res<Time<Real>>, Local<Option<f64>>),
) {
    let KeyAsks {
        mut actions,
        mut undo,
        mut skip,
        mut next,
        mut ask,
    } = asks;
    let (Some(keys), Some(state)) = (keys, state) else {
        return;
    };
    let now = time.elapsed_secs_f64();
    // A threat phase playing: Space (or Enter) shows the rest at once, or where the steps
    // wait for a key (`ThreatSteps`) the next step, End then showing the rest; nothing else
    // acts. Not within a moment of the key that ended the phase, so a double press does not
    // skip the threats' whole turn unseen.
    if wait.sequence_playing() {
        let settled = ended_at.is_none_or(|at| now - at > SKIP_GUARD);
        let go_on = settled && keys.any_just_pressed([KeyCode::Space, KeyCode::Enter]);
        match wait.steps_by_key() {
            true if go_on => {
                next.write(NextStep);
            }
            true if keys.just_pressed(KeyCode::End) => {
                skip.write(SkipSequence);
            }
            false if go_on => {
                skip.write(SkipSequence);
            }
            _ => {}
        }
        return;
    }
    // A rules window open (the boarders, Spock's pick): its number keys answer it, even
    // during a bot's turn, as its buttons do.
    let choices = window_offers::window_choices(&state);
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
    let player = state.turn().active;
    let mut send = |action| actions.write(PlayerAction { player, action });
    // Held, or pressed or let go this frame: a quick chord's Ctrl may be up again by the time
    // the frame reads the keys (its release and the Z can arrive in the same frame).
    let ctrls = [KeyCode::ControlLeft, KeyCode::ControlRight];
    let ctrl =
        keys.any_pressed(ctrls) || keys.any_just_pressed(ctrls) || keys.any_just_released(ctrls);
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
    // D and C: the picked card's partner and Chekov's shift, as the hand's "with:" and
    // "Chekov:" choices set them by pointer.
    if keys.just_pressed(KeyCode::KeyD) && selection.card.is_some() {
        offers::cycle_partner(&state, &mut selection);
    }
    if keys.just_pressed(KeyCode::KeyC) && selection.card.is_some() {
        offers::cycle_shift(&state, &mut selection);
    }
    // M commits the picked card to the mission: under a screen reader the commit came after
    // every target in Tab's order (seven presses past Red Alert's six facings). Where the
    // rules allow no commit, the rules' refusal says why.
    if keys.just_pressed(KeyCode::KeyM)
        && let Some((holder, card)) = selection.card
    {
        let commit = offers::commit_of(&state, holder, card).unwrap_or(PlayerAction {
            player: holder,
            action: Action::Commit {
                card,
                as_medical: false,
            },
        });
        actions.write(commit);
        selection.clear_card();
    }
    // Enter confirms: the choice in focus, or a picked card's only one; never the end of the
    // phase unless "End phase" is what is in focus.
    if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter]) {
        match offers::confirm(&state, &selection) {
            Confirm::Act(action) => {
                if action.action == Action::EndPhase {
                    *ended_at = Some(now);
                }
                actions.write(action);
                selection.clear_card();
            }
            Confirm::Say(words) => {
                selection.message = Some(words);
                selection.refusal = None;
            }
        }
    }
    // Space is the End phase button's key, and that button shows only with no card picked.
    if keys.just_pressed(KeyCode::Space) {
        match selection.card {
            None => {
                selection.focus = None;
                *ended_at = Some(now);
                actions.write(PlayerAction {
                    player,
                    action: Action::EndPhase,
                });
            }
            Some((_, card)) => {
                selection.message = Some(format!(
                    "{} is picked: choose what to do with it, or Esc puts it back; then Space \
                     ends the phase.",
                    card_name(card)
                ));
                selection.refusal = None;
            }
        }
    }
    for (index, key) in DIGITS.iter().enumerate() {
        if choices.is_empty()
            && keys.just_pressed(*key)
            && let Some(card) = state.players()[player as usize].hand.get(index)
        {
            *selection = Selection {
                card: Some((player, *card)),
                keyed: true,
                ..Selection::default()
            };
            // Its partner and shift among those open now (a card whose only plays are
            // shifted has no targets "as printed"), as the hand's panel settles them.
            let plays = offers::plays(&state, &selection);
            offers::settle(&mut selection, &plays);
        }
    }
}
