//! Keeps egui from redrawing an idle table. bevy_egui 0.42 feeds egui a `ModifiersChanged`
//! event every frame, changed or not; egui treats any input event as a reason to repaint, so
//! the app redrew continuously (measured: ~180 % of a core under Xvfb). Dropping the events
//! that repeat the last modifiers lets `WinitSettings::desktop_app()` sleep until real input.
//! On the table, egui also does not get Tab, Enter or Space, which the table's keys take. And the
//! window wakes when egui asks to be drawn again later (`wake_when_egui_asks`).

use std::time::Duration;

use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy::winit::{UpdateMode, WinitSettings};
use bevy_egui::input::EguiWantsInput;
use bevy_egui::{
    EguiContext, EguiFullOutput, EguiInput, EguiPostUpdateSet, EguiPreUpdateSet, egui,
};

use crate::game::model::screen::Screen;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<EguiTakesKeys>()
        .add_systems(
            PreUpdate,
            (
                one_press_a_frame,
                drop_repeated_modifiers,
                note_egui_takes_keys,
                keep_table_keys.run_if(in_state(Screen::Playing)),
            )
                .chain()
                .after(EguiPreUpdateSet::ProcessInput)
                .before(EguiPreUpdateSet::BeginPass),
        )
        .add_systems(
            PostUpdate,
            (
                wake_when_egui_asks,
                (release_tab_focus, redraw_without_focus)
                    .chain()
                    .run_if(in_state(Screen::Playing)),
            )
                .after(EguiPostUpdateSet::EndPass)
                .before(EguiPostUpdateSet::ProcessOutput),
        );
}

/// The button the table's Tab lit holds egui's focus while its frame is drawn, so the frame's
/// accessibility tree names it as the focus and a screen reader says it
/// (`theme::tab_button`); once the tree is made, the focus is let go, so egui does not count
/// as wanting the keys (it would keep Tab, Enter and Space from the table) and no redraw is
/// asked for the focus ring.
fn release_tab_focus(mut contexts: Query<&mut EguiContext>) {
    for mut context in &mut contexts {
        let ctx = context.get_mut();
        let lit = crate::game::theme::tab_lit(ctx);
        ctx.memory_mut(|memory| {
            if let Some(id) = memory.focused()
                && Some(id) == lit
            {
                memory.surrender_focus(id);
            }
        });
    }
}

/// A click gives its button egui's focus ring in the frame it is drawn; on the table, where
/// egui holds no focus (`keep_table_keys`), one more frame draws the button without it, so
/// "End phase" never looks as if Enter would press it.
fn redraw_without_focus(
    mut contexts: Query<&mut EguiContext>,
    (help, menu): (
        Res<crate::game::model::windows::Help>,
        Res<crate::game::model::windows::Menu>,
    ),
    wants: Option<Res<EguiWantsInput>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if menu.open || help.open || wants.is_some_and(|w| w.wants_any_keyboard_input()) {
        return;
    }
    for mut context in &mut contexts {
        if context.get_mut().memory(|m| m.focused().is_some()) {
            redraw.write(RequestRedraw);
        }
    }
}

/// How long the window sleeps without input when nothing asks to be drawn (Bevy's desktop
/// default).
const IDLE_WAIT: Duration = Duration::from_secs(5);

/// egui asks to be drawn again after a delay (a dropdown or tooltip opening, a button's
/// highlight fading) and after new letters enter its font atlas; bevy_egui 0.42 passes on
/// only the asks for "now", so a popup waited for the next input, up to `IDLE_WAIT`, and a
/// new screen showed its text with letters missing ("Di ic lt") until the pointer moved. The
/// window now wakes when egui asks, and draws once more after the atlas grows; at rest egui
/// asks nothing and the window sleeps.
fn wake_when_egui_asks(
    outputs: Query<&EguiFullOutput>,
    mut winit: ResMut<WinitSettings>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let mut delay = Duration::MAX;
    for output in &outputs {
        let Some(output) = &output.0 else { continue };
        if !output.textures_delta.set.is_empty() {
            redraw.write(RequestRedraw);
        }
        if let Some(viewport) = output.viewport_output.get(&egui::ViewportId::ROOT) {
            delay = delay.min(viewport.repaint_delay);
        }
    }
    let soon = (delay < IDLE_WAIT).then(|| delay.max(Duration::from_millis(10)));
    let wait_of = |mode: &UpdateMode| match mode {
        UpdateMode::Reactive { wait, .. } => Some(*wait),
        UpdateMode::Continuous => None,
    };
    let focused = soon.unwrap_or(IDLE_WAIT);
    let unfocused = soon.unwrap_or(UNFOCUSED_WAIT);
    // Written only when it changes, so Bevy sees no change at rest.
    if wait_of(&winit.focused_mode).is_some_and(|w| w != focused)
        || wait_of(&winit.unfocused_mode).is_some_and(|w| w != unfocused)
    {
        let winit = &mut *winit;
        for (mode, wanted) in [
            (&mut winit.focused_mode, focused),
            (&mut winit.unfocused_mode, unfocused),
        ] {
            if let UpdateMode::Reactive { wait, .. } = mode {
                *wait = wanted;
            }
        }
    }
}

/// How long a window without the focus sleeps (Bevy's desktop default).
const UNFOCUSED_WAIT: Duration = Duration::from_secs(60);

/// On the table the keys belong to the table: Tab cycles the picked card's choices, Enter
/// takes the one in focus and Space ends the phase (`hotkeys`). egui would also move its own
/// focus to a button with Tab, or keep it on a button the pointer pressed (and, as the panels
/// change, on whatever button comes to stand there: "Leave the Academy"), and Enter or Space
/// would press that button too. So while no text field or popup has the keyboard, egui gets
/// none of the three keys there and holds no focus, unless the menu or the rules reference is
/// open (then Tab goes round their controls). The setup screen keeps them for its fields.
fn keep_table_keys(
    mut inputs: Query<(&mut EguiInput, &mut EguiContext)>,
    (help, menu): (
        Res<crate::game::model::windows::Help>,
        Res<crate::game::model::windows::Menu>,
    ),
    takes: Res<EguiTakesKeys>,
) {
    if menu.open || help.open || takes.0 {
        return;
    }
    for (mut input, mut context) in &mut inputs {
        input.0.events.retain(|event| {
            !matches!(
                event,
                egui::Event::Key {
                    key: egui::Key::Tab | egui::Key::Enter | egui::Key::Space,
                    ..
                }
            )
        });
        context.get_mut().memory_mut(|memory| {
            if let Some(id) = memory.focused() {
                memory.surrender_focus(id);
            }
        });
    }
}

/// Whether egui takes the keys this frame: a text field has its focus (a letter there is
/// text), or a popup is open (its items go by the keys). A button with egui's focus does not:
/// `EguiWantsInput` counts any focus, and a button a reader pressed, or one the table's Tab
/// lit, then kept Tab, Enter and Space from the table (the screen-reader test's Tab went to
/// egui so). Read by `keep_table_keys` and by `hotkeys::keys_are_free`.
#[derive(Resource, Debug, Default)]
pub(crate) struct EguiTakesKeys(pub bool);

fn note_egui_takes_keys(mut contexts: Query<&mut EguiContext>, mut takes: ResMut<EguiTakesKeys>) {
    let now = contexts.iter_mut().any(|mut context| {
        let ctx = context.get_mut();
        let typing = ctx
            .memory(|m| m.focused())
            .is_some_and(|id| egui::text_edit::TextEditState::load(ctx, id).is_some());
        typing || egui::Popup::is_any_open(ctx)
    });
    if takes.0 != now {
        takes.0 = now;
    }
}

/// Splits a frame's egui events so that a pointer button's press and its release never reach
/// egui in one frame: returns the events to hold for the next frame (the release and what
/// follows it). A quick click under a slow frame brought both at once, and egui then moved no
/// slider (a one-frame click on a slider's track does nothing).
pub fn hold_release(events: &mut Vec<egui::Event>) -> Vec<egui::Event> {
    let is_button = |e: &egui::Event, down: bool| matches!(e, egui::Event::PointerButton { pressed, .. } if *pressed == down);
    let Some(press) = events.iter().position(|e| is_button(e, true)) else {
        return Vec::new();
    };
    match events[press + 1..].iter().position(|e| is_button(e, false)) {
        Some(release) => events.split_off(press + 1 + release),
        None => Vec::new(),
    }
}

/// One press or release of a pointer button a frame (`hold_release`), the rest the next frame,
/// which is asked for at once.
fn one_press_a_frame(
    mut inputs: Query<(Entity, &mut EguiInput)>,
    mut held: Local<HashMap<Entity, Vec<egui::Event>>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    for (entity, mut input) in &mut inputs {
        let mut events = held.remove(&entity).unwrap_or_default();
        if events.is_empty()
            && !input
                .0
                .events
                .iter()
                .any(|e| matches!(e, egui::Event::PointerButton { .. }))
        {
            continue;
        }
        events.append(&mut input.0.events);
        let later = hold_release(&mut events);
        input.0.events = events;
        if !later.is_empty() {
            held.insert(entity, later);
            redraw.write(RequestRedraw);
        }
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
