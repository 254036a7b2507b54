//! The menu (Esc): in a lesson, the Academy's way on; sound, display and pace settings, the
//! crew, save and load, a new game, quit. It closes when it starts a new game, a load or a
//! lesson, so no stale "Loaded…" line waits in it.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::game::crew::{Crew, Seat};
use crate::game::launch::Launch;
use crate::game::model::record::SaveRequest;
use crate::game::model::record::SaveStatus;
use crate::game::model::record::save_path;
use crate::game::model::screen::LeaveTable;
use crate::game::model::screen::Screen;
use crate::game::model::windows::Menu;
use crate::game::pacing::AnimationSpeed;
use crate::game::settings::{Settings, UI_SCALES, fitting_scale};
use crate::game::systems::GameSystems;
use crate::game::tutorial::{Academy, AcademyChoice};
use stp_rules::GameState;

/// The UI scale takes effect once the pointer is released, so a slider never jumps away
/// under the pointer mid-drag. It is held to what the window can fit (`fitting_scale`), and
/// reduced motion stills egui's own animations (windows, headers, scrolling) too.
pub(super) fn apply_ui_scale(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    window: Option<Single<&Window, With<bevy::window::PrimaryWindow>>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let dragging = ctx.input(|i| i.pointer.any_down());
    let scale = window.map_or(settings.ui_scale, |w| {
        fitting_scale(settings.ui_scale, w.width(), w.height())
    });
    if !dragging && (ctx.zoom_factor() - scale).abs() > 1e-3 {
        ctx.set_zoom_factor(scale);
    }
    let animation = if settings.reduced_motion { 0.0 } else { 0.2 };
    if ctx.global_style().animation_time != animation {
        ctx.all_styles_mut(|style| style.animation_time = animation);
    }
    // The console's look, or its high-contrast form, whichever the setting asks for.
    if crate::game::theme::is_high_contrast(&ctx.global_style()) != settings.high_contrast {
        let high = settings.high_contrast;
        ctx.all_styles_mut(|style| crate::game::theme::contrast_style(style, high));
    }
    Ok(())
}

/// A slider or box changes the setting at once, and asks for it to be written when the
/// change ends.
fn setting(response: egui::Response, settings: &mut Settings) {
    if response.drag_stopped() || (response.changed() && !response.dragged()) {
        settings.unsaved = true;
    }
}

/// What the menu's game buttons ask for; `act_on_menu` carries it out (headless too).
#[derive(Message, Debug, Clone, PartialEq)]
pub enum MenuChoice {
    Save,
    Load(std::path::PathBuf),
    NewGame,
    /// Leave the table for the title screen (the game is autosaved: Continue brings it back).
    Title,
    /// Quit: asks first while a game is in progress.
    Quit,
    /// Quit after the question, or where there was nothing to ask.
    QuitNow,
}

pub(super) fn logic_plugin(app: &mut App) {
    app.add_message::<MenuChoice>().add_systems(
        Update,
        (act_on_menu, pause_under_the_menu).in_set(GameSystems::Input),
    );
}

/// The menu pauses the table (`Paused`): a game in progress waits while it is open.
fn pause_under_the_menu(menu: Res<Menu>, mut paused: ResMut<crate::game::model::screen::Paused>) {
    if paused.0 != menu.open {
        paused.0 = menu.open;
    }
}

/// A load or a new game closes the menu and clears its last message, so neither stays open
/// or stale over the next table.
fn act_on_menu(
    mut choices: MessageReader<MenuChoice>,
    mut menu: ResMut<Menu>,
    mut status: ResMut<SaveStatus>,
    mut next: ResMut<NextState<Screen>>,
    mut saves: MessageWriter<SaveRequest>,
    mut leave: MessageWriter<LeaveTable>,
    state: Option<Res<GameState>>,
) {
    for choice in choices.read() {
        match choice {
            MenuChoice::Save => {
                saves.write(SaveRequest::Save);
            }
            MenuChoice::Load(path) => {
                saves.write(SaveRequest::Load(path.clone()));
                menu.close();
                status.0 = None;
            }
            MenuChoice::NewGame | MenuChoice::Title => {
                leave.write(LeaveTable::ToScreen);
                next.set(match choice {
                    MenuChoice::NewGame => Screen::Setup,
                    _ => Screen::Title,
                });
                menu.close();
                status.0 = None;
            }
            // A game in progress is not left without a word: the menu asks first.
            MenuChoice::Quit if state.as_ref().is_some_and(|s| !s.is_over()) => {
                menu.open = true;
                menu.confirm_quit = true;
            }
            MenuChoice::Quit | MenuChoice::QuitNow => {
                leave.write(LeaveTable::Quit);
            }
        }
    }
}

/// The menu's game choices: what it asks for (save, load, a new game, leave), where the saves
/// are and what the last one said.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct MenuGame<'w> {
    choices: MessageWriter<'w, MenuChoice>,
    status: ResMut<'w, SaveStatus>,
    launch: Res<'w, Launch>,
}

/// The menu's Academy section, shown during a lesson, and the choice it sends.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct MenuAcademy<'w> {
    academy: Res<'w, Academy>,
    lessons: MessageWriter<'w, AcademyChoice>,
}

/// The menu's crew (who sits where) and settings (with the animation's speed).
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct MenuCrewAndSettings<'w> {
    crew: ResMut<'w, Crew>,
    state: Option<Res<'w, GameState>>,
    settings: ResMut<'w, Settings>,
    speed: ResMut<'w, AnimationSpeed>,
}

pub(super) fn menu_window(
    mut contexts: EguiContexts,
    mut menu: ResMut<Menu>,
    mut game: MenuGame,
    mut lesson: MenuAcademy,
    mut seated: MenuCrewAndSettings,
    mut was_open: Local<bool>,
    mut openings: Local<u32>,
) -> Result {
    let MenuGame {
        choices,
        status,
        launch,
    } = &mut game;
    let MenuAcademy { academy, lessons } = &mut lesson;
    let MenuCrewAndSettings {
        crew,
        state,
        settings,
        speed,
    } = &mut seated;
    let ctx = contexts.ctx_mut()?;
    // A menu that opens starts afresh: no word left from an earlier save or load beside its
    // Save button, and no other button in egui's focus (Enter would press it); Resume takes
    // it below, so a screen reader says the menu opened (under Orca it said only "frame").
    let opening = menu.open && !*was_open;
    if opening {
        *openings += 1;
        status.0 = None;
        ctx.data_mut(|d| d.remove::<String>(egui::Id::new("menu-status-said")));
        ctx.memory_mut(|m| {
            if let Some(id) = m.focused() {
                m.surrender_focus(id);
            }
        });
    }
    *was_open = menu.open;
    let mut lesson_chosen = None;
    // Taller than a small window with a lesson's list open: it scrolls inside the window.
    let room = ctx.viewport_rect().height() - 60.0;
    let mut open = menu.open;
    let confirm_quit = menu.confirm_quit;
    let mut stay = false;
    let mut resume = false;
    // Its widgets' ids new at each opening: Orca took the menu opened a second time for the
    // one it had seen closed, "defunct", and said nothing of it.
    let shown = egui::Window::new("Menu")
        .id(egui::Id::new(("menu", *openings)))
        .open(&mut open)
        .collapsible(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            // Quitting a game in progress asks first, in place of everything else.
            if confirm_quit {
                ui.heading("Quit to the desktop?");
                ui.label("The game is saved: Continue on the title screen brings it back.");
                ui.horizontal(|ui| {
                    if ui.button("Quit").clicked() {
                        choices.write(MenuChoice::QuitNow);
                    }
                    stay = ui.button("Stay").clicked();
                });
                return;
            }
            egui::ScrollArea::vertical()
                .max_height(room)
                .show(ui, |ui| {
                    // In a lesson, its way on first: the keyboard's road to restart, skip and leave.
                    if academy.lesson.is_some() {
                        lesson_chosen = crate::game::tutorial::menu_section(ui, academy);
                        ui.separator();
                    }
                    // The game's own choices first, where the eye lands; then the crew
                    // and the settings.
                    let resume_button = ui.button("Resume [Esc]");
                    if opening {
                        resume_button.request_focus();
                    }
                    if resume_button.clicked() {
                        resume = true;
                    }
                    ui.heading("Game");
                    // What a save did shows beside its button, where the player looks.
                    ui.horizontal_wrapped(|ui| {
                        if ui.button("Save game").clicked() {
                            choices.write(MenuChoice::Save);
                        }
                        if let Some(message) = &status.0 {
                            let said = ui.add(
                                egui::Label::new(
                                    egui::RichText::new(message).color(crate::game::theme::GOLD),
                                )
                                .sense(egui::Sense::hover() | egui::Sense::FOCUSABLE),
                            );
                            // A new word takes the focus once, so a screen reader says it:
                            // under Orca a save was silent.
                            let id = egui::Id::new("menu-status-said");
                            let before = ui.data(|d| d.get_temp::<String>(id));
                            if before.as_deref() != Some(message.as_str()) {
                                ui.data_mut(|d| d.insert_temp(id, message.clone()));
                                said.request_focus();
                            }
                        }
                    });
                    // Always in its place (greyed with no save yet), so saving never moves the
                    // buttons below it under the pointer.
                    let saved = save_path(launch).filter(|p| p.exists());
                    let load = ui
                        .add_enabled(saved.is_some(), egui::Button::new("Load saved game"))
                        .on_disabled_hover_text("No game saved yet: Save game makes one.");
                    if let (true, Some(path)) = (load.clicked(), saved) {
                        choices.write(MenuChoice::Load(path));
                    }
                    if ui.button("New game").clicked() {
                        choices.write(MenuChoice::NewGame);
                    }
                    if ui
                        .button("Back to the title")
                        .on_hover_text("The game is kept: Continue on the title brings it back.")
                        .clicked()
                    {
                        choices.write(MenuChoice::Title);
                    }
                    if ui.button("Quit to the desktop").clicked() {
                        choices.write(MenuChoice::Quit);
                    }
                    ui.separator();
                    if let Some(state) = &state {
                        // Take over a bot's seat, or hand yours to a bot.
                        ui.heading("Crew");
                        let mut seats = crew.seats.clone();
                        for (player, seat) in seats.iter_mut().enumerate() {
                            let name = state.players().get(player).map_or("", |p| p.name.as_str());
                            let said = format!("{name} plays as: {}", seat.label());
                            egui::ComboBox::from_label(name)
                                .selected_text(seat.label())
                                .show_ui(ui, |ui| {
                                    for kind in Seat::ALL {
                                        ui.selectable_value(seat, kind, kind.label())
                                            .on_hover_text(kind.explain());
                                    }
                                })
                                .response
                                .widget_info(|| {
                                    egui::WidgetInfo::labeled(
                                        egui::WidgetType::ComboBox,
                                        true,
                                        &said,
                                    )
                                });
                        }
                        if seats != crew.seats {
                            crew.seats = seats;
                        }
                        ui.separator();
                    }
                    settings_section(ui, settings, speed);
                });
        });
    // The menu holds the keyboard's focus while it is open: Tab goes round its controls, not
    // out to the table's behind it (which wait, as they would behind a dialog).
    if let Some(window) = shown {
        ctx.memory_mut(|m| m.set_modal_layer(window.response.layer_id));
    }
    menu.open = open && !resume;
    if stay || !menu.open {
        menu.confirm_quit = false;
    }
    if let Some(choice) = lesson_chosen {
        lessons.write(choice);
        menu.close();
    }
    Ok(())
}

/// Sound, display and pace: the menu's first sections, and the title screen's Settings.
pub fn settings_section(ui: &mut egui::Ui, settings: &mut Settings, speed: &mut AnimationSpeed) {
    ui.heading("Sound");
    // Two decimals each: egui would show a value of 0 as "0.000" beside "0.35".
    let music = ui.add(
        egui::Slider::new(&mut settings.music, 0.0..=1.0)
            .fixed_decimals(2)
            .text("music"),
    );
    setting(music, settings);
    let effects = ui.add(
        egui::Slider::new(&mut settings.effects, 0.0..=1.0)
            .fixed_decimals(2)
            .text("effects"),
    );
    setting(effects, settings);
    let mute = ui.checkbox(&mut settings.muted, "mute");
    setting(mute, settings);
    ui.heading("Display");
    let scale = ui.add(
        egui::Slider::new(&mut settings.ui_scale, UI_SCALES)
            .step_by(0.05)
            .text("UI scale"),
    );
    setting(scale, settings);
    let shown = ui.ctx().zoom_factor();
    if shown + 0.01 < settings.ui_scale {
        ui.small(format!(
            "Shown at {shown:.2} in a window this size, so that every panel fits."
        ));
    } else if shown > settings.ui_scale + 0.01 {
        ui.small(format!(
            "Shown at {shown:.2}: the panels and their text grow with a window larger than \
             1280x720."
        ));
    }
    let graphics = ui
        .checkbox(
            &mut settings.high_graphics,
            "high graphics (shadows, smooth edges, glow, stars)",
        )
        .on_hover_text("Untick on a slow machine: no shadows, anti-aliasing, bloom or starfield.");
    setting(graphics, settings);
    let motion = ui
        .checkbox(&mut settings.reduced_motion, "reduced motion")
        .on_hover_text("Pieces appear in place and shots flash, instead of travelling.");
    setting(motion, settings);
    let contrast = ui
        .checkbox(&mut settings.high_contrast, "high contrast")
        .on_hover_text("The panels in white on black, their buttons and windows outlined.");
    setting(contrast, settings);
    // For a screen reader: how much it is told as the game goes.
    ui.horizontal(|ui| {
        ui.label("screen reader hears:");
        for level in crate::game::settings::Spoken::ALL {
            let (name, more) = level.words();
            let choice = ui
                .selectable_value(&mut settings.spoken, level, name)
                .on_hover_text(more);
            setting(choice, settings);
        }
    });
    ui.label("F11: full screen");
    ui.heading("Pace");
    // The threat phase's steps, timed or each on a key (by key while a screen reader runs,
    // unless chosen otherwise).
    ui.horizontal(|ui| {
        ui.label("threat phase steps:");
        for pace in crate::game::settings::ThreatSteps::ALL {
            let (name, what) = pace.words();
            let choice = ui
                .selectable_value(&mut settings.threat_steps, pace, name)
                .on_hover_text(what);
            setting(choice, settings);
        }
    });
    // For this sitting: how fast the pieces move, or not at all.
    ui.add(egui::Slider::new(&mut speed.speed, 0.25..=4.0).text("animation speed"));
    ui.checkbox(&mut speed.skip, "skip animations")
        .on_hover_text("Show each action's result at once, without pacing.");
}
