//! The action log: every rules event in plain words, in order, stamped with the turn and the
//! player whose turn it was when it happened (read from the event stream itself, so threat fire
//! at the end of a turn is not stamped with the next one). A new game or a load starts afresh.

use bevy::prelude::*;
use bevy_egui::egui;
use stp_rules::{GameState, LoadGame, RulesEvent, StartGame};

use super::Overlays;
use crate::game::GameSystems;
use crate::game::describe::describe;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogLine {
    pub turn: u32,
    pub player: u8,
    pub text: String,
}

#[derive(Resource, Debug, Default)]
pub struct GameLog {
    pub lines: Vec<LogLine>,
    /// The turn and player of the events being read (`None` until the first turn starts).
    stamp: Option<(u32, u8)>,
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
    let loaded = loads
        .read()
        .last()
        .map(|l| (l.0.turn.number, l.0.turn.active));
    if starts.read().count() > 0 {
        *log = GameLog::default();
    }
    if let Some(stamp) = loaded {
        *log = GameLog {
            lines: Vec::new(),
            stamp: Some(stamp),
        };
    }
    let Some(state) = state else {
        events.clear();
        return;
    };
    for event in events.read() {
        if let RulesEvent::TurnStarted { player, turn } = event {
            log.stamp = Some((*turn, *player));
        }
        let (turn, player) = log.stamp.unwrap_or((state.turn.number, state.turn.active));
        if let Some(text) = describe(event, &state) {
            log.lines.push(LogLine { turn, player, text });
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
    });
    egui::ScrollArea::vertical()
        .stick_to_bottom(true)
        .show(ui, |ui| {
            for line in log.lines.iter().filter(|l| {
                overlays.log_turn.is_none_or(|t| t == l.turn)
                    && overlays.log_player.is_none_or(|p| p == l.player)
            }) {
                let who = state
                    .players
                    .get(line.player as usize)
                    .map_or("", |p| p.name.as_str());
                ui.label(format!("[turn {}, {who}] {}", line.turn, line.text));
            }
        });
}
