//! The table for a screen reader (issue 43), its first step: egui's widgets reach the
//! platform's accessibility tree through AccessKit. bevy_egui's `accesskit` feature hands
//! egui's tree to the window's adapter once an assistive technology asks for it (Windows' UI
//! Automation and macOS's VoiceOver through `bevy_winit`; Linux's AT-SPI over D-Bus through
//! Bevy's `accesskit_unix`). What the reader asks of a widget (press it, focus it) comes back
//! as Bevy's `ActionRequest`; bevy_egui does not pass it on, so this does, and egui acts on it
//! as on a click or a Tab. The widgets the panels paint themselves (cards, chips, the ship's
//! diagram, the character tile) name themselves where they are drawn (`widget_info`).

use bevy::a11y::ActionRequest;
use bevy::prelude::*;
use bevy_egui::{EguiInput, EguiInputSet, PrimaryEguiContext, egui};

pub(super) fn window_plugin(app: &mut App) {
    app.add_systems(
        PreUpdate,
        forward_requests.after(EguiInputSet::WriteEguiEvents),
    );
}

/// A screen reader's requests, as egui's input for this frame.
fn forward_requests(
    mut requests: MessageReader<ActionRequest>,
    mut inputs: Query<&mut EguiInput, With<PrimaryEguiContext>>,
) {
    let Ok(mut input) = inputs.single_mut() else {
        requests.clear();
        return;
    };
    for request in requests.read() {
        input
            .events
            .push(egui::Event::AccessKitActionRequest(request.0.clone()));
    }
}
