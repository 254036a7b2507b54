//! Keeps egui from redrawing an idle table. bevy_egui 0.42 feeds egui a `ModifiersChanged`
//! event every frame, changed or not; egui treats any input event as a reason to repaint, so
//! the app redrew continuously (measured: ~180 % of a core under Xvfb). Dropping the events
//! that repeat the last modifiers lets `WinitSettings::desktop_app()` sleep until real input.

use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use bevy_egui::{EguiInput, EguiPreUpdateSet, egui};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        PreUpdate,
        drop_repeated_modifiers
            .after(EguiPreUpdateSet::ProcessInput)
            .before(EguiPreUpdateSet::BeginPass),
    );
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
