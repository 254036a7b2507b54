//! What the player has picked: a card (and a partner card or Chekov's shift), the targets that
//! card may take right now — asked of the rules' validator, never guessed — and the last
//! refusal to show.

use bevy::prelude::*;
use stp_rules::content::builtin;
use stp_rules::{
    Action, ActionRefused, CardId, GameState, PlayerAction, PlayerId, RangeShift, Rotation,
    SectionKind, SectionRef, Target, TokenId, UndoRefused,
};

use super::describe::{card_name, facing_name, section_name, token_name};

#[derive(Resource, Debug, Default, Clone)]
pub struct Selection {
    pub card: Option<(PlayerId, CardId)>,
    pub with: Option<CardId>,
    pub shift: Option<RangeShift>,
    /// The last refusal or hint, shown until the next action.
    pub message: Option<String>,
}

/// A threat token clicked on the table.
#[derive(Message, Debug, Clone, Copy)]
pub struct TokenClicked(pub TokenId);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Selection>()
        .add_message::<TokenClicked>()
        .add_systems(
            Update,
            (
                click_tokens.before(stp_rules::RulesSet::Actions),
                (play_on_clicked_token, show_refusals)
                    .chain()
                    .after(stp_rules::RulesSet::Phases),
            ),
        );
}

/// The play action for the selected card at a target.
pub fn play_action(selection: &Selection, target: Target) -> Option<PlayerAction> {
    let (player, card) = selection.card?;
    Some(PlayerAction {
        player,
        action: Action::PlayCard {
            card,
            target,
            with: selection.with,
            shift: selection.shift,
        },
    })
}

/// Every target the selected card may take now, with words for the button.
pub fn legal_targets(state: &GameState, selection: &Selection) -> Vec<(Target, String)> {
    let Some(action) = play_action(selection, Target::None) else {
        return Vec::new();
    };
    let mut candidates = vec![(Target::None, "Play".to_string())];
    for t in &state.threats {
        let name = format!(
            "{} ({:?} {})",
            token_name(t.token),
            t.pos.range,
            t.pos.sector + 1
        );
        candidates.push((Target::Threat(t.token), name.clone()));
        candidates.push((
            Target::Shift(t.token, Rotation::Clockwise),
            format!("{name} → clockwise"),
        ));
        candidates.push((
            Target::Shift(t.token, Rotation::CounterClockwise),
            format!("{name} → counter-clockwise"),
        ));
    }
    for facing in 0..6 {
        candidates.push((
            Target::Facing(facing),
            format!("facing {} ({})", facing + 1, facing_name(facing)),
        ));
        for kind in [SectionKind::Shield, SectionKind::Hull] {
            let section = SectionRef { kind, facing };
            candidates.push((Target::Section(section), section_name(section)));
        }
    }
    let mut seen = Vec::new();
    for card in state.discard.iter().rev().take(10) {
        if !seen.contains(&builtin().card(*card).kind) {
            seen.push(builtin().card(*card).kind.clone());
            candidates.push((Target::Discard(*card), format!("take {}", card_name(*card))));
        }
    }
    candidates
        .into_iter()
        .filter(|(target, _)| {
            let PlayerAction { player, action } = action;
            let Action::PlayCard {
                card, with, shift, ..
            } = action
            else {
                return false;
            };
            state
                .validate(&PlayerAction {
                    player,
                    action: Action::PlayCard {
                        card,
                        target: *target,
                        with,
                        shift,
                    },
                })
                .is_ok()
        })
        .collect()
}

/// A left click on the table picks the threat token nearest the pointer on screen (within a
/// token's width).
fn click_tokens(
    mouse: Res<ButtonInput<MouseButton>>,
    table_rect: Res<super::panels::TableRect>,
    mut contexts: bevy_egui::EguiContexts,
    windows: Query<&Window>,
    cameras: Query<(&Camera, &GlobalTransform), With<super::camera::Orbit>>,
    tokens: Query<(&super::table::ThreatPiece, &GlobalTransform)>,
    mut clicked: MessageWriter<TokenClicked>,
) {
    if !mouse.just_pressed(MouseButton::Left) {
        return;
    }
    let Some(cursor) = windows.iter().find_map(|w| w.cursor_position()) else {
        return;
    };
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    if !super::panels::on_table(ctx, &table_rect, cursor) {
        return;
    }
    let Ok((camera, at)) = cameras.single() else {
        return;
    };
    let nearest = tokens
        .iter()
        .filter_map(|(piece, place)| {
            let screen = camera.world_to_viewport(at, place.translation()).ok()?;
            Some((piece.0, screen.distance(cursor)))
        })
        .filter(|(_, distance)| *distance < 28.0)
        .min_by(|a, b| a.1.total_cmp(&b.1));
    if let Some((token, _)) = nearest {
        clicked.write(TokenClicked(token));
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
        if selection.card.is_none() {
            selection.message = Some(format!(
                "{}: pick a card first, then click its target.",
                token_name(*token)
            ));
            continue;
        }
        // Prefer the plain target; a Tractor Beam click pulls clockwise.
        let target = [
            Target::Threat(*token),
            Target::Shift(*token, Rotation::Clockwise),
        ]
        .into_iter()
        .find(|t| play_action(&selection, *t).is_some_and(|a| state.validate(&a).is_ok()))
        .unwrap_or(Target::Threat(*token));
        if let Some(action) = play_action(&selection, target) {
            actions.write(action);
            clear_card(&mut selection);
        }
    }
}

pub fn clear_card(selection: &mut Selection) {
    selection.card = None;
    selection.with = None;
    selection.shift = None;
}

fn show_refusals(
    mut refused: MessageReader<ActionRefused>,
    mut undo_refused: MessageReader<UndoRefused>,
    mut selection: ResMut<Selection>,
) {
    for r in refused.read() {
        selection.message = Some(format!("Not allowed: {}.", r.reason));
    }
    for r in undo_refused.read() {
        selection.message = Some(format!("Cannot undo: {}.", r.reason));
    }
}
