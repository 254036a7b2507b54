//! What a screen reader hears of the log (issue 43). At the fullest setting (`Spoken::
//! Everything`) every line the log writes is said as it is written: a card played, a hit, a
//! repair, a draw, each of the threat phase's steps as it shows, a bot's moves. The words go
//! to a live region of their own that no one sees, so the table looks the same to a sighted
//! player, and the lines the panels announce at the other levels stay quiet (`Controls`).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::log::GameLog;
use crate::game::pacing::Shown;
use crate::game::settings::{Settings, Spoken};
use crate::game::systems::GameSystems;

/// The most lines said at once: a game loaded, or a new turn's automatic phases, write a
/// burst, and a screen reader reading thirty lines would drown the game.
pub const MOST_LINES: usize = 4;

/// The log's lines heard so far, and the words being said.
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct Heard {
    upto: usize,
    pub words: String,
}

impl Heard {
    /// How many of the log's lines have been taken, said or not.
    pub fn so_far(&self) -> usize {
        self.upto
    }

    /// The log's lines written since the last call, by index (the newest `MOST_LINES`), to be
    /// said now; all are marked heard. Nothing unless every line is to be said. A log that
    /// is shorter than before was started afresh (a new game, a load).
    pub fn unheard(&mut self, total: usize, spoken: Spoken) -> std::ops::Range<usize> {
        if total < self.upto {
            self.upto = 0;
        }
        let new = self.upto.max(total.saturating_sub(MOST_LINES))..total;
        self.upto = total;
        match spoken.every_log_line() {
            true => new,
            false => total..total,
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Heard>()
        .add_systems(Update, hear_the_log.in_set(GameSystems::Present));
}

/// Takes the log's new lines into the words to say.
fn hear_the_log(
    log: Res<GameLog>,
    shown: Res<Shown>,
    settings: Option<Res<Settings>>,
    mut heard: ResMut<Heard>,
) {
    let spoken = settings.map_or(Spoken::default(), |s| s.spoken);
    let lines = heard.unheard(log.lines.len(), spoken);
    let Some(state) = shown.get() else {
        return;
    };
    if !lines.is_empty() {
        heard.words = log.lines[lines]
            .iter()
            .map(|line| line.show(state))
            .collect::<Vec<_>>()
            .join(" ");
    }
}

/// The words, in a polite live region the size of a point at the screen's corner: a screen
/// reader says them when they change.
pub fn say(ui: &mut egui::Ui, words: &str) {
    let spot = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1.0, 1.0));
    let node = ui.allocate_rect(spot, egui::Sense::hover());
    node.widget_info(|| egui::WidgetInfo::labeled(egui::WidgetType::Label, true, words));
    crate::game::theme::announce(ui, &node, false);
}

/// Draws the live region at the fullest setting, where there are words to say.
pub(super) fn speak_heard(
    mut contexts: EguiContexts,
    heard: Res<Heard>,
    settings: Option<Res<Settings>>,
) -> Result {
    let every = settings.is_some_and(|s| s.spoken.every_log_line());
    if !every || heard.words.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    egui::Area::new("heard".into())
        .order(egui::Order::Background)
        .interactable(false)
        .fixed_pos(egui::Pos2::ZERO)
        .show(ctx, |ui| say(ui, &heard.words));
    Ok(())
}
