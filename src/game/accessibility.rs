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
use bevy::window::RequestRedraw;
use bevy_egui::{EguiInput, EguiInputSet, PrimaryEguiContext, egui};

pub(super) fn window_plugin(app: &mut App) {
    app.add_systems(
        PreUpdate,
        forward_requests.after(EguiInputSet::WriteEguiEvents),
    );
}

/// How many frames the window draws after a screen reader's request. A press is one event,
/// with no key release or pointer motion after it to wake the window: the card it plays goes
/// through the rules and back to the panels over the next frames, which an idle window (asleep
/// for up to a minute without the focus) would not draw, and a reader would hear the old table.
const FRAMES_AFTER_A_REQUEST: u8 = 12;

/// A screen reader's requests, as egui's input for this frame; and the frames after them.
fn forward_requests(
    mut requests: MessageReader<ActionRequest>,
    mut inputs: Query<&mut EguiInput, With<PrimaryEguiContext>>,
    mut frames_left: Local<u8>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if *frames_left > 0 {
        *frames_left -= 1;
        redraw.write(RequestRedraw);
    }
    let Ok(mut input) = inputs.single_mut() else {
        requests.clear();
        return;
    };
    for request in requests.read() {
        input
            .events
            .push(egui::Event::AccessKitActionRequest(request.0.clone()));
        *frames_left = FRAMES_AFTER_A_REQUEST;
    }
}
