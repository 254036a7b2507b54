//! What the player has picked: a card, with a partner card or Chekov's shift, and the last
//! refusal to show. A click on a token plays the picked card on it when the rules list such a
//! play; the rules' reason is shown otherwise. A new turn starts with nothing picked.

use bevy::prelude::*;
use stp_rules::{
    Action, ActionAccepted, ActionRefused, CardId, GameState, PlayerAction, PlayerId, RangeShift,
    RulesEvent, Target, TokenId, UndoRefused,
};

use super::pointing::TokenClicked;
use crate::game::systems::GameSystems;
use crate::words::describe::token_name;

#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct Selection {
    pub card: Option<(PlayerId, CardId)>,
    pub with: Option<CardId>,
    pub shift: Option<RangeShift>,
    /// The target that Tab has brought into focus (an index into the card's target list).
    pub focus: Option<usize>,
    /// The last refusal or hint, shown until the next action or turn.
    pub message: Option<String>,
    /// The rules' last refusal, for the "?" that explains it.
    pub refusal: Option<stp_rules::Refusal>,
    /// The card was picked with its number key: the hand shows it at full size, as hovering
    /// would, until a target is in focus or the pointer picks instead.
    pub keyed: bool,
    /// A token clicked that the card can act on in more than one way (Tractor Beam pulls it
    /// either way): its choices are offered, and none is made for the player.
    pub token: Option<TokenId>,
}

impl Selection {
    /// Picks a card, or puts it back when it was already picked.
    pub(crate) fn toggle(&mut self, player: PlayerId, card: CardId) {
        if self.card == Some((player, card)) {
            self.clear_card();
        } else {
            *self = Selection {
                card: Some((player, card)),
                ..Selection::default()
            };
        }
    }

    pub(crate) fn clear_card(&mut self) {
        self.card = None;
        self.with = None;
        self.shift = None;
        self.focus = None;
        self.token = None;
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Selection>()
        .add_message::<TokenClicked>()
        .add_systems(Update, play_on_clicked_token.in_set(GameSystems::Input))
        .add_systems(
            Update,
            (
                show_refusals,
                new_turn,
                forget_on_leaving,
                drop_a_card_gone,
                focus_round_a_window,
            )
                .in_set(GameSystems::Events),
        );
}

/// Whether a play acts on this threat token (a Tractor Beam's shift counts).
pub(crate) fn on_token(play: &PlayerAction, token: TokenId) -> bool {
    matches!(play.action, Action::PlayCard {
        target: Target::Threat(t) | Target::Shift(t, _), ..
    } if t == token)
}

/// What a click on a token does with the picked card.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum OnToken {
    /// The one legal play on that token (with the chosen partner and shift when they fit).
    Play(PlayerAction),
    /// More than one play acts on it (Tractor Beam's two directions): the player picks.
    Choose,
    /// No legal play acts on it.
    None,
}

/// The play a click on a token makes with the picked card: the rules' legal play on that
/// token, with the chosen partner and shift when they fit; never a guess among several.
pub(crate) fn play_on_token(state: &GameState, selection: &Selection, token: TokenId) -> OnToken {
    let Some((player, card)) = selection.card else {
        return OnToken::None;
    };
    let plays: Vec<PlayerAction> = state
        .legal_plays(player, card)
        .into_iter()
        .filter(|p| on_token(p, token))
        .collect();
    let chosen: Vec<PlayerAction> = plays
        .iter()
        .filter(|p| {
            matches!(p.action, Action::PlayCard { with, shift, .. }
                if with == selection.with && shift == selection.shift)
        })
        .copied()
        .collect();
    let candidates = if chosen.is_empty() { plays } else { chosen };
    match candidates.as_slice() {
        [] => OnToken::None,
        [one] => OnToken::Play(*one),
        _ => OnToken::Choose,
    }
}

fn play_on_clicked_token(
    mut clicks: MessageReader<TokenClicked>,
    state: Option<Res<GameState>>,
    mut selection: ResMut<Selection>,
    mut actions: MessageWriter<PlayerAction>,
) {
    let Some(state) = state else { return };
    for TokenClicked(token) in clicks.read() {
        let Some((player, card)) = selection.card else {
            selection.message = Some(format!(
                "{}: pick a card first, then click its target.",
                token_name(*token)
            ));
            continue;
        };
        match play_on_token(&state, &selection, *token) {
            OnToken::Play(action) => {
                actions.write(action);
                selection.clear_card();
            }
            OnToken::Choose => {
                // Its choices on that token take the buttons' place; none is made here.
                selection.token = Some(*token);
                selection.focus = None;
                selection.message = None;
            }
            OnToken::None => {
                // Send it anyway: the rules' refusal says why this card cannot act there.
                actions.write(PlayerAction {
                    player,
                    action: Action::PlayCard {
                        card,
                        target: Target::Threat(*token),
                        with: selection.with,
                        shift: selection.shift,
                    },
                });
            }
        }
    }
}

/// A refusal shows until the next action the rules accept (or the next turn): a legal play
/// after it clears it, so an old "Not allowed" never stands beside a play that went through.
fn show_refusals(
    mut accepted: MessageReader<ActionAccepted>,
    mut refused: MessageReader<ActionRefused>,
    mut undo_refused: MessageReader<UndoRefused>,
    mut selection: ResMut<Selection>,
) {
    if accepted.read().count() > 0 && selection.message.is_some() {
        selection.message = None;
        selection.refusal = None;
    }
    for r in refused.read() {
        selection.message = Some(format!("Not allowed: {}.", r.reason));
        selection.refusal = Some(r.reason.clone());
    }
    for r in undo_refused.read() {
        selection.message = Some(format!("Cannot undo: {}.", r.reason));
        selection.refusal = None;
    }
}

/// A new turn belongs to someone else: nothing stays picked, no old refusal stays shown.
fn new_turn(mut events: MessageReader<RulesEvent>, mut selection: ResMut<Selection>) {
    if events
        .read()
        .any(|e| matches!(e, RulesEvent::TurnStarted { .. }))
    {
        *selection = Selection::default();
    }
}

/// A rules window opening or closing starts Tab afresh: its choices are Tab's while it is
/// open (`offers::keyed_choices`), and a focus left on one of them would light the table's
/// control of that number once it closes.
fn focus_round_a_window(
    state: Option<Res<GameState>>,
    mut selection: ResMut<Selection>,
    mut open: Local<bool>,
) {
    let Some(state) = state else { return };
    let now = state.turn().window.is_some();
    if now != *open {
        *open = now;
        selection.focus = None;
    }
}

/// A table left behind keeps nothing picked for the next game.
fn forget_on_leaving(
    mut leaves: MessageReader<crate::game::model::screen::LeaveTable>,
    mut selection: ResMut<Selection>,
) {
    if leaves.read().count() > 0 {
        *selection = Selection::default();
    }
}

/// A picked card no longer in its holder's hand (traded away, played by a button, taken by
/// Kirk) is no longer picked: nothing waits on a card that is gone.
fn drop_a_card_gone(state: Option<Res<GameState>>, mut selection: ResMut<Selection>) {
    let (Some(state), Some((player, card))) = (state, selection.card) else {
        return;
    };
    let held = state
        .players()
        .get(usize::from(player))
        .is_some_and(|p| p.hand.contains(&card));
    if !held {
        selection.clear_card();
    }
}
