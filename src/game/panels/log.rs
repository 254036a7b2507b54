//! The action log: every rules event in plain words, in order, stamped with the turn and the
//! player whose turn it was when it happened (`describe::Stamper`, shared with `replay --log`).
//! A new game or a load starts afresh.

use bevy::prelude::*;
use bevy_egui::egui;
use stp_rules::{GameState, LoadGame, RulesEvent, StartGame};

use super::Overlays;
use crate::describe::{LogLine, Stamper};
use crate::game::GameSystems;

#[derive(Resource, Debug, Default)]
pub struct GameLog {
    pub lines: Vec<LogLine>,
    stamper: Stamper,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<GameLog>()
        .add_systems(Update, record_events.in_set(GameSystems::Events));
}

fn record_events(
    mut events: MessageReader<RulesEvent>,
    mut starts: MessageReader<StartGame>,
    mut loads: MessageReader<LoadGame>,
    state: Option<Res<GameState>>,
    mut log: ResMut<GameLog>,
) {
    if starts.read().count() > 0 {
        *log = GameLog::default();
    }
    if let Some(LoadGame(loaded)) = loads.read().last() {
        *log = GameLog {
            lines: Vec::new(),
            stamper: Stamper::at(loaded.turn.number, loaded.turn.active),
        };
    }
    let Some(state) = state else {
        events.clear();
        return;
    };
    let log = &mut *log;
    for event in events.read() {
        if let Some(line) = log.stamper.line(event, &state) {
            log.lines.push(line);
        }
    }
}

/// The log panel: filters by turn and player, newest at the bottom.
pub(super) fn log_panel(
    ui: &mut egui::Ui,
    state: &GameState,
    log: &GameLog,
    overlays: &mut Overlays,
) {
    ui.horizontal(|ui| {
        ui.strong("Log");
        egui::ComboBox::from_id_salt("log-turn")
            .selected_text(
                overlays
                    .log_turn
                    .map_or("all turns".into(), |t| format!("turn {t}")),
            )
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut overlays.log_turn, None, "all turns");
                for t in (1..=state.turn.number).rev() {
                    ui.selectable_value(&mut overlays.log_turn, Some(t), format!("turn {t}"));
                }
            });
        egui::ComboBox::from_id_salt("log-player")
            .selected_text(overlays.log_player.map_or("all players".into(), |p| {
                state.players[p as usize].name.clone()
            }))
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut overlays.log_player, None, "all players");
                for (i, p) in state.players.iter().enumerate() {
                    ui.selectable_value(&mut overlays.log_player, Some(i as u8), &p.name);
                }
            });
        // Scrolled up, the log stops following; this brings it back to the newest line.
        if overlays.log_behind && ui.button("Newest").clicked() {
            overlays.log_jump = true;
        }
    });
    let mut area = egui::ScrollArea::vertical()
        .stick_to_bottom(true)
        .auto_shrink([false, false]);
    if std::mem::take(&mut overlays.log_jump) {
        area = area.vertical_scroll_offset(f32::MAX);
    }
    let shown = area.show(ui, |ui| {
        for line in log.lines.iter().filter(|l| {
            overlays.log_turn.is_none_or(|t| t == l.turn)
                && overlays.log_player.is_none_or(|p| p == l.player)
        }) {
            ui.label(line.show(state));
        }
    });
    let bottom = shown.state.offset.y + shown.inner_rect.height();
    let behind = bottom < shown.content_size.y - 4.0;
    if overlays.log_behind != behind {
        overlays.log_behind = behind;
    }
}
