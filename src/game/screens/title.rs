//! The title screen, before setup: the game's name over the table, and its choices
//! (Continue, New game, Academy, Play across machines, Settings, Quit). The keys move a focus
//! that is drawn (↑/↓ or Tab, Enter or Space chooses); the pointer moves it too.

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::game::launch::Launch;
use crate::game::model::pointing::TableRect;
use crate::game::model::record::SaveRequest;
use crate::game::model::record::autosave_path;
use crate::game::model::screen::Screen;
use crate::game::online::setup::OnlineForm;
use crate::game::pacing::AnimationSpeed;
use crate::game::panels::menu;
use crate::game::settings::{Settings, settings_path};
use crate::game::systems::GameSystems;
use crate::game::theme;
use crate::game::tutorial::OpenLesson;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<TitleMenu>()
        .add_message::<TitleChoice>()
        .add_systems(OnEnter(Screen::Title), open_title)
        .add_systems(
            Update,
            (title_keys, act_on_title)
                .chain()
                .run_if(in_state(Screen::Title))
                .in_set(GameSystems::Input),
        )
        .add_systems(
            EguiPrimaryContextPass,
            title_screen.run_if(in_state(Screen::Title)),
        );
}

/// One of the title screen's choices.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum TitleChoice {
    Continue,
    NewGame,
    Academy,
    AcrossMachines,
    Settings,
    Quit,
}

impl TitleChoice {
    fn words(self) -> (&'static str, String) {
        let lessons = crate::words::lessons::COUNT_IN_WORDS;
        match self {
            TitleChoice::Continue => ("Continue", "the last game, where it was left".into()),
            TitleChoice::NewGame => ("New game", "1–6 players, bots in any seat".into()),
            TitleChoice::Academy => (
                "Academy",
                format!("learn to play in {lessons} short lessons"),
            ),
            TitleChoice::AcrossMachines => (
                "Play across machines",
                "host a game, or join one by its invite".into(),
            ),
            TitleChoice::Settings => ("Settings", "sound, display, motion and pace".into()),
            TitleChoice::Quit => ("Quit", "back to the desktop".into()),
        }
    }
}

/// The title's choices as shown, the one in focus, and the Settings window.
#[derive(Resource, Debug, Default)]
pub struct TitleMenu {
    pub choices: Vec<TitleChoice>,
    pub focus: usize,
    pub settings_open: bool,
    /// The autosave that Continue opens.
    continue_from: Option<std::path::PathBuf>,
    /// No settings saved yet: a first start, which the Academy greets.
    first_start: bool,
}

impl TitleMenu {
    pub fn focused(&self) -> Option<TitleChoice> {
        self.choices.get(self.focus).copied()
    }

    fn step(&mut self, by: isize) {
        let n = self.choices.len() as isize;
        if n > 0 {
            self.focus = (self.focus as isize + by).rem_euclid(n) as usize;
        }
    }
}

/// Continue is offered when there is an autosave; the focus starts on it, or on the Academy
/// at a first start, or on New game.
fn open_title(launch: Res<Launch>, mut menu: ResMut<TitleMenu>) {
    let continue_from = autosave_path(&launch).filter(|p| p.exists());
    let first_start =
        continue_from.is_none() && settings_path(&launch).is_some_and(|p| !p.exists());
    let choices: Vec<TitleChoice> = [
        continue_from.is_some().then_some(TitleChoice::Continue),
        Some(TitleChoice::NewGame),
        Some(TitleChoice::Academy),
        Some(TitleChoice::AcrossMachines),
        Some(TitleChoice::Settings),
        Some(TitleChoice::Quit),
    ]
    .into_iter()
    .flatten()
    .collect();
    let start = if first_start {
        TitleChoice::Academy
    } else {
        choices[0]
    };
    *menu = TitleMenu {
        focus: choices.iter().position(|c| *c == start).unwrap_or(0),
        choices,
        settings_open: false,
        continue_from,
        first_start,
    };
}

/// ↑/↓ (or W/S, Tab/Shift+Tab) move the focus, Enter or Space chooses. With the Settings
/// window open, Esc closes it and egui's own focus moves through its controls.
fn title_keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    egui_input: Option<Res<EguiWantsInput>>,
    mut menu: ResMut<TitleMenu>,
    mut choices: MessageWriter<TitleChoice>,
) {
    let Some(keys) = keys else { return };
    if menu.settings_open {
        if keys.just_pressed(KeyCode::Escape) {
            menu.settings_open = false;
        }
        return;
    }
    if egui_input.is_some_and(|i| i.wants_any_keyboard_input()) {
        return;
    }
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    if keys.any_just_pressed([KeyCode::ArrowDown, KeyCode::KeyS]) {
        menu.step(1);
    }
    if keys.any_just_pressed([KeyCode::ArrowUp, KeyCode::KeyW]) {
        menu.step(-1);
    }
    if keys.just_pressed(KeyCode::Tab) {
        menu.step(if shift { -1 } else { 1 });
    }
    if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space])
        && let Some(choice) = menu.focused()
    {
        choices.write(choice);
    }
}

fn act_on_title(
    mut chosen: MessageReader<TitleChoice>,
    mut menu: ResMut<TitleMenu>,
    mut next: ResMut<NextState<Screen>>,
    mut saves: MessageWriter<SaveRequest>,
    mut academy: MessageWriter<OpenLesson>,
    mut online: ResMut<OnlineForm>,
    mut exit: MessageWriter<AppExit>,
) {
    for choice in chosen.read() {
        match choice {
            TitleChoice::Continue => {
                if let Some(path) = &menu.continue_from {
                    saves.write(SaveRequest::Load(path.clone()));
                }
            }
            TitleChoice::NewGame => next.set(Screen::Setup),
            TitleChoice::Academy => {
                academy.write(OpenLesson(0));
            }
            TitleChoice::AcrossMachines => {
                online.reveal = true;
                next.set(Screen::Setup);
            }
            TitleChoice::Settings => menu.settings_open = true,
            TitleChoice::Quit => {
                exit.write(AppExit::Success);
            }
        }
    }
}

/// The width of the title's column, in points.
const COLUMN: f32 = 360.0;

/// The name and the choices in a column on the left; the board and the Enterprise fill the
/// rest of the window (the table's camera frames them there).
fn title_screen(
    mut contexts: EguiContexts,
    mut menu: ResMut<TitleMenu>,
    mut chosen: MessageWriter<TitleChoice>,
    mut settings: ResMut<Settings>,
    mut speed: ResMut<AnimationSpeed>,
    mut table_rect: ResMut<TableRect>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let screen = ctx.viewport_rect();
    let mut root = egui::Ui::new(
        ctx.clone(),
        "title".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(screen),
    );
    let column = egui::Panel::left("title")
        .exact_size(COLUMN)
        .resizable(false)
        .frame(
            egui::Frame::new()
                .fill(theme::panel(ctx))
                .inner_margin(28.0),
        )
        .show(&mut root, |ui| {
            ui.add_space((ui.available_height() * 0.12).min(80.0));
            ui.label(
                egui::RichText::new("STAR TREK")
                    .size(22.0)
                    .color(theme::quiet(ui.ctx()))
                    .extra_letter_spacing(6.0),
            );
            ui.label(
                egui::RichText::new("PANIC")
                    .size(52.0)
                    .strong()
                    .color(theme::GOLD)
                    .extra_letter_spacing(4.0),
            );
            ui.label(
                egui::RichText::new(
                    "Keep the Enterprise flying: together, against the threats around her.",
                )
                .color(theme::TEXT),
            );
            ui.add_space(24.0);
            let mut pointed = None;
            for (i, choice) in menu.choices.clone().into_iter().enumerate() {
                let response = choice_row(ui, choice, i == menu.focus, menu.first_start);
                if response.hovered() {
                    pointed = Some(i);
                }
                if response.clicked() {
                    chosen.write(choice);
                }
                ui.add_space(6.0);
            }
            if let Some(i) = pointed
                && !menu.settings_open
            {
                menu.focus = i;
            }
            ui.add_space(12.0);
            ui.label(
                egui::RichText::new("↑ ↓ choose · Enter select")
                    .small()
                    .color(theme::quiet(ui.ctx())),
            );
        })
        .response
        .rect;
    // The table's camera frames the board in what the column leaves.
    let free = egui::Rect::from_min_max(egui::pos2(column.right(), screen.top()), screen.max);
    if table_rect.0 != free {
        table_rect.0 = free;
    }
    if menu.settings_open {
        let mut open = true;
        egui::Window::new("Settings")
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, [COLUMN / 2.0, 0.0])
            .show(ctx, |ui| {
                menu::settings_section(ui, &mut settings, &mut speed);
                ui.separator();
                if ui.button("Done (Esc)").clicked() {
                    menu.settings_open = false;
                }
            });
        if !open {
            menu.settings_open = false;
        }
    }
    Ok(())
}

/// One choice: a wide pill with its name and a line of what it does. The focused one has a
/// gold frame and a marker, so the keyboard's place shows as plainly as the pointer's.
fn choice_row(
    ui: &mut egui::Ui,
    choice: TitleChoice,
    focused: bool,
    first_start: bool,
) -> egui::Response {
    let (name, what) = choice.words();
    let what = if first_start && choice == TitleChoice::Academy {
        format!(
            "new here? start with {} short lessons",
            crate::words::lessons::COUNT_IN_WORDS
        )
    } else {
        what
    };
    let size = egui::vec2(ui.available_width(), 52.0);
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click());
    let painter = ui.painter_at(rect);
    let fill = if focused {
        egui::Color32::from_rgb(54, 68, 100)
    } else {
        egui::Color32::from_rgb(30, 38, 58)
    };
    painter.rect_filled(rect, 10.0, fill);
    if focused {
        painter.rect_stroke(
            rect,
            10.0,
            egui::Stroke::new(2.0, theme::GOLD),
            egui::StrokeKind::Inside,
        );
        painter.text(
            rect.left_center() + egui::vec2(14.0, 0.0),
            egui::Align2::LEFT_CENTER,
            "▶",
            egui::FontId::proportional(16.0),
            theme::GOLD,
        );
    }
    let left = rect.left() + 36.0;
    painter.text(
        egui::pos2(left, rect.top() + 8.0),
        egui::Align2::LEFT_TOP,
        name,
        egui::FontId::proportional(19.0),
        if focused { theme::GOLD } else { theme::TEXT },
    );
    painter.text(
        egui::pos2(left, rect.bottom() - 8.0),
        egui::Align2::LEFT_BOTTOM,
        what,
        egui::FontId::proportional(12.5),
        theme::quiet(ui.ctx()),
    );
    response.on_hover_cursor(egui::CursorIcon::PointingHand)
}
