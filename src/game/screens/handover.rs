//! The turn handover in a hot-seat game: when the next turn belongs to another person, the
//! table waits until they take the conn.

use crate::game::model::handover::Handover;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use stp_rules::content::builtin;

use crate::game::model::screen::Screen;
use crate::game::pacing::Shown;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Handover>()
        .add_systems(
            EguiPrimaryContextPass,
            handover_screen.run_if(in_state(Screen::Playing)),
        )
        .add_systems(
            Update,
            take_the_conn_by_key
                .run_if(in_state(Screen::Playing))
                // After the table's keys, which wait while the curtain is up: the key that
                // lifts it does nothing else.
                .in_set(crate::game::systems::GameSystems::Events),
        );
}

/// Enter or Space takes the conn: the curtain's one button, as Enter confirms the only choice
/// everywhere on the table.
fn take_the_conn_by_key(keys: Option<Res<ButtonInput<KeyCode>>>, mut handover: ResMut<Handover>) {
    if handover.0.is_some()
        && keys.is_some_and(|k| {
            k.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space])
        })
    {
        handover.0 = None;
    }
}

fn handover_screen(
    mut contexts: EguiContexts,
    mut handover: ResMut<Handover>,
    shown: Res<Shown>,
) -> Result {
    let (Some(player), Some(state)) = (handover.0, shown.get()) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let seat = &state.players()[player as usize];
    let character = &builtin().characters[seat.character as usize];
    // Ids of its own at each handover: a screen reader may take a window that comes back
    // with the ids of one it saw close for that closed one's, and say nothing (the menu's
    // second opening, under Orca).
    egui::Window::new("Turn handover")
        .id(egui::Id::new(("handover", player, state.turn().number)))
        .collapsible(false)
        .resizable(false)
        // Over the log at the bottom, never over the ring board: the next player can look at
        // what the threats just did before taking the conn.
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -12.0])
        .show(ctx, |ui| {
            let title = handover_title(&seat.name, &character.name);
            let opening = (player, state.turn().number);
            if curtain(ui, &title, &character.text, opening) {
                handover.0 = None;
            }
        });
    Ok(())
}

/// The curtain's words and its one button; whether the button was clicked. The button takes a
/// screen reader's focus as the curtain comes up (`opening` names it), named with the whole
/// curtain: under Orca, the turn passing to another person at this machine was silent (the
/// controls, which say a new turn, wait behind it).
pub fn curtain(
    ui: &mut egui::Ui,
    title: &str,
    ability: &str,
    opening: impl std::hash::Hash + std::fmt::Debug,
) -> bool {
    ui.heading(title);
    ui.label("Your turn.");
    ui.label(egui::RichText::new(ability).italics());
    let button = ui.button("Take the conn [Enter]");
    button.widget_info(|| {
        egui::WidgetInfo::labeled(
            egui::WidgetType::Button,
            true,
            handover_spoken(title, ability),
        )
    });
    crate::game::theme::take_tab_focus_once(&button, ("handover", opening));
    button.clicked()
}

/// The curtain as a screen reader hears it, on its one button: "Ben — Lt. Cmdr. Montgomery
/// Scott: your turn. Once during your turn, repair … Take the conn, Enter."
pub fn handover_spoken(title: &str, ability: &str) -> String {
    format!("{title}: your turn. {ability} Take the conn, Enter.")
}

/// "Alice — Captain James T. Kirk"; a seat still named after its number reads "Player 2 —
/// Captain James T. Kirk", never the number twice.
pub fn handover_title(name: &str, character: &str) -> String {
    format!("{name} — {character}")
}
