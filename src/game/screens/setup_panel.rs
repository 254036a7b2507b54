//! The setup screen's drawing (`setup` keeps its form and what Enter, Esc and Engage do): the
//! crew as seats, the difficulty with its measured win rates, the seed, play across machines.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use stp_rules::content::builtin;

use super::setup::{Engage, SetupForm, ShippedBalance};
use crate::game::crew::Seat;
use crate::game::launch::Launch;
use crate::game::model::pointing::TableRect;
use crate::game::model::record::SaveRequest;
use crate::game::model::record::SaveStatus;
use crate::game::model::record::autosave_path;
use crate::game::model::record::save_path;
use crate::game::model::screen::Screen;
use crate::game::online::Online;
use crate::game::online::setup::{OnlineForm, section};
use crate::game::panels::{cards, portraits};
use crate::game::settings::Settings;
use crate::game::theme;
use crate::game::tutorial::OpenLesson;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        setup_screen.run_if(in_state(Screen::Setup)),
    );
}

/// A seat's card on the setup screen, in points.
const SEAT_CARD: egui::Vec2 = egui::vec2(370.0, 132.0);

/// The ways off the setup screen: engage, the Academy, a saved game (and what loading it
/// said), back to the title.
#[derive(bevy::ecs::system::SystemParam)]
struct SetupWays<'w> {
    engage: MessageWriter<'w, Engage>,
    academy: MessageWriter<'w, OpenLesson>,
    saves: MessageWriter<'w, SaveRequest>,
    status: Res<'w, SaveStatus>,
    launch: Res<'w, Launch>,
    next: ResMut<'w, NextState<Screen>>,
}

/// The setup screen's play across machines: its form, the connection if one is open, the
/// settings it remembers, and the commands that open one.
#[derive(bevy::ecs::system::SystemParam)]
struct OnlineSetup<'w, 's> {
    form: ResMut<'w, OnlineForm>,
    online: Option<Res<'w, Online>>,
    settings: ResMut<'w, Settings>,
    commands: Commands<'w, 's>,
}

fn setup_screen(
    mut contexts: EguiContexts,
    mut form: ResMut<SetupForm>,
    mut ways: SetupWays,
    mut online: OnlineSetup,
    mut table_rect: ResMut<TableRect>,
    balance: Res<ShippedBalance>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // The screen covers the window: no table behind it to frame.
    if table_rect.0 != egui::Rect::NOTHING {
        table_rect.0 = egui::Rect::NOTHING;
    }
    let mut root = egui::Ui::new(
        ctx.clone(),
        "setup".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let frame = egui::Frame::new()
        .fill(theme::panel(ctx))
        .inner_margin(egui::Margin::symmetric(24, 12));
    egui::Panel::top("setup-title")
        .frame(frame)
        .show(&mut root, |ui| {
            ui.horizontal(|ui| {
                if ui
                    .button("◀ Title")
                    .on_hover_text("Back to the title screen (Esc)")
                    .clicked()
                {
                    ways.next.set(Screen::Title);
                }
                ui.label(
                    egui::RichText::new("New game")
                        .size(26.0)
                        .strong()
                        .color(theme::GOLD),
                );
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if ui
                        .button(format!(
                            "Academy: {} short lessons",
                            crate::words::lessons::COUNT_IN_WORDS
                        ))
                        .on_hover_text("Learn to play on the real table, a step at a time.")
                        .clicked()
                    {
                        ways.academy.write(OpenLesson(0));
                    }
                    if let Some(saved) = save_path(&ways.launch).filter(|p| p.exists())
                        && ui
                            .button("Load the saved game")
                            .on_hover_text("The game you saved with the menu's Save game.")
                            .clicked()
                    {
                        ways.saves.write(SaveRequest::Load(saved));
                    }
                    if let Some(path) = autosave_path(&ways.launch).filter(|p| p.exists())
                        && ui
                            .button("Continue the last game")
                            .on_hover_text(
                                "The last game played, where it was left: it is kept by itself \
                                 at every turn and whenever you leave the table.",
                            )
                            .clicked()
                    {
                        ways.saves.write(SaveRequest::Load(path));
                    }
                });
            });
            if let Some(message) = &ways.status.0 {
                ui.label(message);
            }
        });
    egui::Panel::bottom("setup-engage")
        .frame(frame)
        .show(&mut root, |ui| {
            ui.horizontal(|ui| {
                if let Some(error) = &form.error {
                    ui.colored_label(egui::Color32::LIGHT_RED, error);
                }
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    let engage_button = egui::Button::new(
                        egui::RichText::new("Engage!")
                            .size(22.0)
                            .strong()
                            .color(egui::Color32::BLACK),
                    )
                    .fill(theme::GOLD)
                    .min_size(egui::vec2(160.0, 40.0));
                    let engage = ui.add(engage_button);
                    // Named with the crew it starts, and in focus as the screen opens: under
                    // Orca the screen said only "frame" until Tab reached a button.
                    engage.widget_info(|| {
                        egui::WidgetInfo::labeled(
                            egui::WidgetType::Button,
                            true,
                            spoken_engage(&form),
                        )
                    });
                    focus_as_it_opens(&engage);
                    if engage.on_hover_text("Start (Enter)").clicked() {
                        ways.engage.write(Engage);
                    }
                    ui.label(
                        egui::RichText::new("Enter: engage · Esc: title · Tab: next field")
                            .small()
                            .color(theme::quiet(ui.ctx())),
                    );
                });
            });
        });
    egui::CentralPanel::default()
        .frame(frame)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical()
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    crew_section(ui, &mut form, &online.form);
                    ui.add_space(10.0);
                    difficulty_section(ui, &mut form, &balance);
                    ui.add_space(10.0);
                    ui.horizontal(|ui| {
                        let label = ui.label("Seed (share it to replay the same game):");
                        // As wide as the seed it holds (up to 20 digits), never cut.
                        let digits = ui
                            .painter()
                            .layout_no_wrap(
                                format!("{}0", form.seed),
                                egui::TextStyle::Body.resolve(ui.style()),
                                egui::Color32::WHITE,
                            )
                            .size()
                            .x;
                        ui.add(
                            egui::TextEdit::singleline(&mut form.seed)
                                .desired_width(digits.max(120.0)),
                        )
                        .labelled_by(label.id);
                    });
                    ui.add_space(6.0);
                    section(
                        ui,
                        &mut online.form,
                        online.online.as_deref(),
                        &mut online.settings,
                        &mut online.commands,
                    );
                    // Hosting with nobody to join is allowed, but rarely meant.
                    if online.form.host && !form.seats.contains(&Seat::Remote) {
                        ui.colored_label(
                            egui::Color32::YELLOW,
                            "No seat is a \"Remote player\" yet: set one above for a crewmate to \
                         join from another machine.",
                        );
                    }
                });
        });
    Ok(())
}

fn heading(ui: &mut egui::Ui, text: &str) {
    ui.label(
        egui::RichText::new(text)
            .size(19.0)
            .strong()
            .color(theme::TEXT),
    );
}

/// The seats, as cards that wrap to the screen's width, and "Add a player".
fn crew_section(ui: &mut egui::Ui, form: &mut SetupForm, online_form: &OnlineForm) {
    heading(ui, "Crew");
    ui.label(
        egui::RichText::new(
            "1–6 players share this keyboard and mouse, or play from other machines; any seat \
             may be a bot: an Ensign bot plays quickly by rules of thumb, a Captain bot thinks \
             ahead and plays strong. Bots see only what the players see.",
        )
        .color(theme::quiet(ui.ctx())),
    );
    ui.add_space(4.0);
    let mut remove = None;
    // Rows of as many seat cards as the width holds; "Add a player" takes the next place.
    let gap = 10.0;
    let per_row = (((ui.available_width() + gap) / (SEAT_CARD.x + gap)).floor() as usize).max(1);
    let places = form.names.len() + usize::from(form.names.len() < 6);
    for row in 0..places.div_ceil(per_row) {
        ui.horizontal(|ui| {
            ui.spacing_mut().item_spacing.x = gap;
            for seat in row * per_row..((row + 1) * per_row).min(places) {
                ui.allocate_ui_with_layout(
                    SEAT_CARD,
                    egui::Layout::top_down(egui::Align::Min),
                    |ui| {
                        if seat == form.names.len() {
                            let add = ui.add_sized(
                                egui::vec2(200.0, SEAT_CARD.y),
                                egui::Button::new("+ Add a player"),
                            );
                            if add.clicked() {
                                form.add_seat();
                            }
                        } else if seat_card(ui, form, seat, online_form.host) {
                            remove = Some(seat);
                        }
                    },
                );
            }
        });
        ui.add_space(gap);
    }
    if let Some(seat) = remove {
        form.remove_seat(seat);
    }
}

/// One seat: the portrait, the number and name, the character and the seat type, and the
/// character's ability. Whether its Remove button was pressed.
fn seat_card(ui: &mut egui::Ui, form: &mut SetupForm, seat: usize, hosting: bool) -> bool {
    let content = builtin();
    let mut removed = false;
    let character = content
        .characters
        .iter()
        .find(|c| c.id == form.characters[seat]);
    let colour = character.map_or(theme::NO_DIVISION, |c| theme::uniform(&c.id));
    let frame = egui::Frame::new()
        .fill(theme::seat(ui.ctx()))
        .corner_radius(10.0)
        .stroke(egui::Stroke::new(1.0, colour))
        .inner_margin(10.0);
    frame.show(ui, |ui| {
        ui.set_width(SEAT_CARD.x - 22.0);
        ui.set_height(SEAT_CARD.y - 22.0);
        ui.horizontal(|ui| {
            let (portrait, _) =
                ui.allocate_exact_size(egui::vec2(56.0, 56.0), egui::Sense::hover());
            match character {
                Some(c) => portraits::portrait(ui.painter(), portrait, &c.id, colour),
                None => portraits::insignia(ui.painter(), portrait.center(), 26.0, colour),
            }
            if character.is_none() {
                ui.painter().text(
                    portrait.center(),
                    egui::Align2::CENTER_CENTER,
                    "?",
                    egui::FontId::proportional(22.0),
                    theme::TEXT,
                );
            }
            ui.vertical(|ui| {
                // Each field named for a reader with its seat: under Orca they were "entry",
                // "× push button" and "combo box".
                ui.horizontal(|ui| {
                    let number = ui.label(egui::RichText::new(format!("{}.", seat + 1)).strong());
                    number.widget_info(|| {
                        egui::WidgetInfo::labeled(
                            egui::WidgetType::Label,
                            true,
                            format!("Seat {} name", seat + 1),
                        )
                    });
                    ui.add(
                        egui::TextEdit::singleline(&mut form.names[seat])
                            .char_limit(stp_rules::setup::MAX_NAME_CHARS)
                            .desired_width(150.0),
                    )
                    .labelled_by(number.id);
                    if form.names.len() > 1 {
                        let remove = ui.small_button("×");
                        let name = format!("Remove seat {} ({})", seat + 1, form.names[seat]);
                        remove.widget_info(|| {
                            egui::WidgetInfo::labeled(egui::WidgetType::Button, true, &name)
                        });
                        if remove.on_hover_text("Remove this seat").clicked() {
                            removed = true;
                        }
                    }
                });
                ui.horizontal(|ui| {
                    let current = &mut form.characters[seat];
                    let shown =
                        character.map_or("Random character".to_string(), |c| c.name.clone());
                    let picked = egui::ComboBox::from_id_salt(("character", seat))
                        .selected_text(cards::elide(
                            ui.painter(),
                            &shown,
                            &egui::FontId::proportional(14.0),
                            170.0,
                        ))
                        .width(190.0)
                        .show_ui(ui, |ui| {
                            ui.selectable_value(current, "random".to_string(), "Random character");
                            for c in &content.characters {
                                ui.selectable_value(current, c.id.clone(), &c.name)
                                    .on_hover_text(&c.text);
                            }
                        });
                    let said = format!("Seat {} character: {shown}", seat + 1);
                    picked.response.widget_info(|| {
                        egui::WidgetInfo::labeled(egui::WidgetType::ComboBox, true, &said)
                    });
                    let seat_kind = &mut form.seats[seat];
                    // A remote seat comes with hosting.
                    if !hosting && *seat_kind == Seat::Remote {
                        *seat_kind = Seat::Human;
                    }
                    let kinds = Seat::ALL.into_iter().chain(hosting.then_some(Seat::Remote));
                    let said = format!("Seat {} plays as: {}", seat + 1, seat_kind.label());
                    let kind = egui::ComboBox::from_id_salt(("seat", seat))
                        .selected_text(seat_kind.label())
                        .width(110.0)
                        .show_ui(ui, |ui| {
                            for kind in kinds {
                                ui.selectable_value(seat_kind, kind, kind.label())
                                    .on_hover_text(kind.explain());
                            }
                        })
                        .response;
                    kind.widget_info(|| {
                        egui::WidgetInfo::labeled(egui::WidgetType::ComboBox, true, &said)
                    });
                    kind.on_hover_text(seat_kind.explain());
                });
            });
        });
        let ability = character.map_or("A character dealt at random as the game starts.", |c| {
            c.text.as_str()
        });
        // Whole where three lines hold it, else its summary: never cut off.
        let texts: Vec<&str> = std::iter::once(ability)
            .chain(character.map(|c| crate::words::describe::ability_summary(c.ability)))
            .collect();
        let width = SEAT_CARD.x - 24.0;
        let galley = cards::whole_or_summary(ui.painter(), &texts, 12.5, width, 3)
            .unwrap_or_else(|| cards::lines(ui.painter(), ability, 12.5, width, 3));
        let (rect, response) = ui.allocate_exact_size(galley.size(), egui::Sense::hover());
        ui.painter()
            .galley(rect.min, galley, theme::quiet(ui.ctx()));
        response.on_hover_text(ability);
    });
    removed
}

/// The difficulties as pills, the chosen one's description, and its measured win rates.
fn difficulty_section(ui: &mut egui::Ui, form: &mut SetupForm, balance: &ShippedBalance) {
    let content = builtin();
    heading(ui, "Difficulty");
    ui.horizontal_wrapped(|ui| {
        for p in &content.presets {
            ui.selectable_value(&mut form.preset, p.id.clone(), &p.name)
                .on_hover_text(&p.description);
        }
    });
    if let Some(preset) = content.presets.iter().find(|p| p.id == form.preset) {
        ui.label(&preset.description);
    }
    // Measured, not typed: `balance --crews --write assets/balance.ron`.
    let data = balance.0.as_ref();
    let rate = data.and_then(|data| data.rate(&form.preset, form.names.len()));
    let words = match rate {
        Some(rate) => format!(
            "Measured with {} players: Captain bots win {:.0}% of games, Ensign bots {:.0}%.",
            form.names.len(),
            100.0 * rate.captain,
            100.0 * rate.ensign
        ),
        None => format!(
            "No measured win rate for {} players at this difficulty.",
            form.names.len()
        ),
    };
    let label = ui.label(egui::RichText::new(words).color(theme::quiet(ui.ctx())));
    // How it was measured: a Captain crewmate at the table searches longer than this.
    if let (Some(data), Some(_)) = (data, rate) {
        label.on_hover_text(format!(
            "{} games for each difficulty and crew size, every seat played by the bot. The Captain \
             here weighed {} sampled futures a decision; a Captain crewmate at the table searches \
             longer, several thousand futures a decision.",
            data.games, data.rollouts
        ));
    }
}

/// The Engage button as a reader hears it: the crew it starts, seat by seat, and the key.
/// "Engage: start a game of 2 seats: 1, Ann, Captain James T. Kirk, Human; 2, Ben, random
/// character, Captain bot. Enter."
pub fn spoken_engage(form: &SetupForm) -> String {
    let content = builtin();
    let seats: Vec<String> = (0..form.names.len())
        .map(|seat| {
            let character = content
                .characters
                .iter()
                .find(|c| Some(&c.id) == form.characters.get(seat))
                .map_or("random character", |c| c.name.as_str());
            let kind = form.seats.get(seat).map_or("", |s| s.label());
            format!("{}, {}, {character}, {kind}", seat + 1, form.names[seat])
        })
        .collect();
    format!(
        "Engage: start a game of {} seats: {}. Enter.",
        seats.len(),
        seats.join("; ")
    )
}

/// Gives `button` the focus the first frame the screen shows after a while away from it (a
/// screen reader then says it); Tab goes on from there.
fn focus_as_it_opens(button: &egui::Response) {
    let ctx = &button.ctx;
    let id = egui::Id::new("setup-screen-last-pass");
    let pass = ctx.cumulative_pass_nr();
    let last = ctx.data(|d| d.get_temp::<u64>(id));
    ctx.data_mut(|d| d.insert_temp(id, pass));
    if last.is_none_or(|last| last + 2 < pass) {
        button.request_focus();
    }
}
