//! Keeps egui from redrawing an idle table. bevy_egui 0.42 feeds egui a `ModifiersChanged`
//! event every frame, changed or not; egui treats any input event as a reason to repaint, so
//! the app redrew continuously (measured: ~180 % of a core under Xvfb). Dropping the events
//! that repeat the last modifiers lets `WinitSettings::desktop_app()` sleep until real input.
//! On the table, egui also does not get the Tab key, which targets cards there.

use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use bevy_egui::{EguiInput, EguiPreUpdateSet, egui};

use crate::game::screens::state::Screen;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        PreUpdate,
        (
            drop_repeated_modifiers,
            keep_tab_for_targets.run_if(in_state(Screen::Playing)),
        )
            .after(EguiPreUpdateSet::ProcessInput)
            .before(EguiPreUpdateSet::BeginPass),
    );
}

/// On the table, Tab cycles the picked card's targets (`keys`). egui would also move its
/// keyboard focus to a button, which Enter would then press (End phase, say): it does not
/// get the Tab key there, unless the menu or the rules reference is open. The setup screen
/// keeps Tab for moving between its fields.
fn keep_tab_for_targets(
    mut inputs: Query<&mut EguiInput>,
    (help, menu): (
        Res<crate::game::panels::help::Help>,
        Res<crate::game::panels::menu::Menu>,
    ),
) {
    // With the menu or the rules reference open, Tab moves egui's focus through their
    // controls, as on the setup screen: the keyboard reaches every one of them.
    if menu.open || help.open {
        return;
    }
    for mut input in &mut inputs {
        input.0.events.retain(|event| {
            !matches!(
                event,
                egui::Event::Key {
                    key: egui::Key::Tab,
                    ..
                }
            )
        });
    }
}

fn drop_repeated_modifiers(
    mut inputs: Query<(Entity, &mut EguiInput)>,
    mut last: Local<HashMap<Entity, egui::Modifiers>>,
) {
    for (entity, mut input) in &mut inputs {
        let previous = last.get(&entity).copied();
        let mut latest = previous;
        input.0.events.retain(|event| match event {
            egui::Event::ModifiersChanged(modifiers) => {
                let repeat = latest == Some(*modifiers);
                latest = Some(*modifiers);
                !repeat
            }
            _ => true,
        });
        if let Some(modifiers) = latest {
            last.insert(entity, modifiers);
        }
    }
}
