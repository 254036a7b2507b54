//! Hovering a threat token says what it is and what it will do, in a line or two: its
//! Defense, its intent in the coming phase (from the rules' preview) and, with a card picked,
//! what playing that card on it would do (the rules' answer on a copy of the table, or the
//! rules' reason it cannot).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use stp_rules::content::builtin;
use stp_rules::{Action, GameState, PlayerAction, Target, TokenId};

use crate::game::model::pointing::Hovered;
use crate::game::model::screen::Screen;
use crate::game::model::selection::{OnToken, Selection, play_on_token};
use crate::game::pacing::Shown;
use crate::game::table::marks::intent::Foresight;
use crate::words::describe::{card_name, intent_words, place, token_name};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        token_tooltip.run_if(in_state(Screen::Playing)),
    );
}

/// The lines the tooltip shows for a token.
pub fn token_lines(
    state: &GameState,
    foresight: &Foresight,
    selection: &Selection,
    token: TokenId,
) -> Vec<String> {
    let Some(t) = state.threat(token) else {
        return Vec::new();
    };
    let def = builtin().threat(token);
    let mut lines = vec![if def.is_ship() && !t.cloaked {
        format!(
            "{}: Defense {} of {}",
            token_name(token),
            t.defense,
            def.max_defense()
        )
    } else {
        token_name(token)
    }];
    if t.cloaked {
        lines.push("Face down: cloaked. Cards cannot target it until it uncloaks.".into());
    }
    lines.extend(
        crate::game::table::scene::looks::rim_words(crate::game::table::scene::looks::rim_of(
            token,
        ))
        .map(String::from),
    );
    if let Some(intent) = foresight
        .0
        .as_ref()
        .and_then(|p| p.threats.iter().find(|i| i.token == token))
    {
        lines.push(format!("Next: {}.", intent_words(intent)));
    }
    lines.extend(play_result(state, selection, token));
    lines.push(format!(
        "F1: the rules for {}",
        crate::game::model::help_topic::topic_for_token(token).title()
    ));
    lines
}

/// What playing the picked card on this token would do, or why it cannot be played there.
fn play_result(state: &GameState, selection: &Selection, token: TokenId) -> Option<String> {
    let (player, card) = selection.card?;
    let name = card_name(card);
    let play = match play_on_token(state, selection, token) {
        OnToken::Play(play) => play,
        OnToken::Choose => {
            // Each way in words: the click offers them, and makes none.
            let ways: Vec<String> = state
                .legal_plays(player, card)
                .into_iter()
                .filter(|p| crate::game::model::selection::on_token(p, token))
                .filter_map(|p| {
                    let mut after = state.clone();
                    after.act(p).ok()?;
                    let to = after.threat(token)?.pos;
                    let way = match p.action {
                        Action::PlayCard {
                            target: Target::Shift(_, stp_rules::Rotation::Clockwise),
                            ..
                        } => "clockwise",
                        Action::PlayCard {
                            target: Target::Shift(..),
                            ..
                        } => "counter-clockwise",
                        _ => "",
                    };
                    Some(format!("{way} to {}", place(to)))
                })
                .collect();
            return Some(format!("{name}: click to choose: {}.", ways.join(", or ")));
        }
        OnToken::None => {
            let attempt = PlayerAction {
                player,
                action: Action::PlayCard {
                    card,
                    target: Target::Threat(token),
                    with: selection.with,
                    shift: selection.shift,
                },
            };
            let reason = state.validate(&attempt).err()?;
            return Some(format!("{name}: not here ({reason})."));
        }
    };
    let before = state.threat(token)?;
    let mut after = state.clone();
    after.act(play).ok()?;
    Some(match after.threat(token) {
        None => format!("{name}: destroyed."),
        Some(t) if t.pos != before.pos => format!("{name}: pulled to {}.", place(t.pos)),
        Some(t) if t.force_field => format!("{name}: held for this turn."),
        Some(t) => format!("{name}: Defense {} to {}.", before.defense, t.defense),
    })
}

fn token_tooltip(
    mut contexts: EguiContexts,
    shown: Res<Shown>,
    foresight: Res<Foresight>,
    hovered: Res<Hovered>,
    selection: Res<Selection>,
    windows: Query<&Window>,
) -> Result {
    let (Some(state), Some(token)) = (shown.get(), hovered.0) else {
        return Ok(());
    };
    let lines = token_lines(state, &foresight, &selection, token);
    let Some(cursor) = windows.iter().find_map(|w| w.cursor_position()) else {
        return Ok(());
    };
    if lines.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let zoom = ctx.zoom_factor();
    egui::Area::new("token-tip".into())
        .order(egui::Order::Tooltip)
        .interactable(false)
        .fixed_pos(egui::pos2(cursor.x / zoom + 18.0, cursor.y / zoom + 18.0))
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_max_width(360.0);
                for line in lines {
                    ui.label(line);
                }
            });
        });
    Ok(())
}
