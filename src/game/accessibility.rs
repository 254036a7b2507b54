//! The table for a screen reader (issue 43), its first step: egui's widgets reach the
//! platform's accessibility tree through AccessKit. bevy_egui's `accesskit` feature hands
//! egui's tree to the window's adapter once an assistive technology asks for it (Windows' UI
//! Automation and macOS's VoiceOver through `bevy_winit`; Linux's AT-SPI over D-Bus through
//! Bevy's `accesskit_unix`). What the reader asks of a widget (press it, focus it) comes back
//! as Bevy's `ActionRequest`; bevy_egui does not pass it on, so this does, and egui acts on it
//! as on a click or a Tab. The widgets the panels paint themselves (cards, chips, the ship's
//! diagram, the character tile) name themselves where they are drawn (`widget_info`).

use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use bevy::a11y::{AccessibilityRequested, ActionRequest};
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy::winit::accessibility::{WinitActionRequestHandler, WinitActionRequestHandlers};
use bevy::winit::{EventLoopProxyWrapper, WinitUserEvent};
use bevy_egui::{EguiInput, EguiInputSet, PrimaryEguiContext, egui};

pub(super) fn window_plugin(app: &mut App) {
    app.add_systems(
        PreUpdate,
        forward_requests.after(EguiInputSet::WriteEguiEvents),
    )
    .add_systems(
        Update,
        watch_request_queues.run_if(resource_exists_and_changed::<WinitActionRequestHandlers>),
    )
    .add_systems(Last, draw_the_frame_that_reads_requests);
}

/// How often a window's queue of a screen reader's requests is looked at while it sleeps;
/// and, while no screen reader has asked for the tree, whether one has.
const QUEUE_WATCH: Duration = Duration::from_millis(40);
const NO_READER_WATCH: Duration = Duration::from_secs(1);

/// Bevy 0.19 queues a screen reader's request (press, focus) without waking the event loop,
/// and moves it on only in a frame's `PostUpdate`: an idle window (asleep up to 5 s with the
/// focus, a minute without) answered a press that late, and the screen-reader test failed on a
/// loaded machine. A thread per window looks at its queue and wakes the loop when a request
/// waits; it ends when the window's queue is gone or the loop has closed.
fn watch_request_queues(
    handlers: Res<WinitActionRequestHandlers>,
    proxy: Option<Res<EventLoopProxyWrapper>>,
    requested: Res<AccessibilityRequested>,
    mut watched: Local<Vec<Weak<Mutex<WinitActionRequestHandler>>>>,
) {
    let Some(proxy) = proxy else { return };
    watched.retain(|queue| queue.strong_count() > 0);
    for queue in handlers.values() {
        if watched.iter().any(|w| w.ptr_eq(&Arc::downgrade(queue))) {
            continue;
        }
        let (queue, proxy, requested) =
            (Arc::downgrade(queue), (**proxy).clone(), requested.clone());
        watched.push(queue.clone());
        let watcher = std::thread::Builder::new()
            .name("screen-reader-requests".into())
            .spawn(move || {
                while let Some(queue) = queue.upgrade() {
                    let reader = requested.get();
                    let waiting = reader && queue.lock().is_ok_and(|requests| !requests.is_empty());
                    drop(queue);
                    if waiting && proxy.send_event(WinitUserEvent::WakeUp).is_err() {
                        return;
                    }
                    // No screen reader, no requests: the window at rest keeps its 0 %.
                    std::thread::sleep(match reader {
                        true => QUEUE_WATCH,
                        false => NO_READER_WATCH,
                    });
                }
            });
        if let Err(error) = watcher {
            warn!("a screen reader's presses wait for the next frame: {error}");
        }
    }
}

/// The frame that moved a screen reader's requests on (`PostUpdate`) asks for the next, whose
/// `PreUpdate` hands them to egui (`forward_requests`).
fn draw_the_frame_that_reads_requests(
    mut requests: MessageReader<ActionRequest>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if requests.read().next().is_some() {
        redraw.write(RequestRedraw);
    }
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
