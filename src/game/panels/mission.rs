//! The ship's status by facing, the mission card (objectives with progress, timer, committed
//! cards, reward). The piles are counted on the table, by the piles themselves.

use bevy_egui::egui;
use stp_rules::content::builtin;
use stp_rules::{GameState, SectionState};

use crate::game::theme;
use crate::words::describe::{card_name, facing_name};

/// The most height the ship's diagram may take: so that the threats' list below the column
/// fits (readers relied on the list, and missed it where it was left out), and so that
/// nothing in the column scrolls.
#[derive(Debug, Clone, Copy)]
pub struct DiagramRoom {
    pub beside_list: f32,
    pub without_scrolling: f32,
    /// The column is short: the diagram under its usual size, the card in its short shape.
    pub squeezed: bool,
}

/// The column: the ship's state (and what the coming phase does to her in all, `coming`;
/// and `chance`, where a cloaked ship's die may add a shot), the mission
/// card. Returns the diagram's size.
pub fn mission_card(
    ui: &mut egui::Ui,
    state: &GameState,
    (coming, chance): (Option<&str>, Option<&str>),
    room: DiagramRoom,
) -> f32 {
    let content = builtin();
    // The ship first: boarders' windows and a long mission card never hide her state.
    // How near defeat is, on the ship's bar: the Hull destroyed of the 6 that lose. One word
    // for the title, as the other sections have, leaves the count room at 1280x720.
    let (notes, sentence) = crate::words::table_words::hull_lost(state);
    let notes: Vec<&str> = notes.iter().map(String::as_str).collect();
    let bar = theme::header_with_note(ui, "Ship", &notes, theme::BAR_SHIP);
    bar.widget_info(|| egui::WidgetInfo::labeled(egui::WidgetType::Label, true, &sentence));
    bar.on_hover_text(sentence);
    let diagram = ship_status(ui, state, room);
    let squeezed = room.squeezed;
    // The rules' reason says it all ("a Tholian web holds the Enterprise: no maneuvering");
    // in the phase that maneuvers the turn's controls say it, beside the greyed buttons, and
    // the column keeps the room for the mission card.
    let said_by_controls = state.turn().phase == stp_rules::Phase::PlayAndManeuver;
    if let Some(reason) = state.maneuver_forbidden().filter(|_| !said_by_controls) {
        ui.colored_label(
            egui::Color32::LIGHT_RED,
            super::top_bar::sentence(&reason.to_string()),
        );
    }
    if let Some(coming) = coming {
        ui.colored_label(crate::game::theme::palette::HARM_TEXT.egui(), coming);
    }
    // Joined to the sum where there is one: on a line of its own, a reader of read 36 took
    // the sum for the whole and the cloaked ship's shot for something apart.
    if let Some(chance) = chance {
        let words = match coming {
            Some(_) => format!("+ {chance}."),
            None => format!("Phase 6: {chance}."),
        };
        ui.colored_label(crate::game::theme::palette::HARM_TEXT.egui(), words);
    }
    ui.add_space(6.0);
    // How many missions are done, on the section's bar: a line of its own pushed the card's
    // reward out of a full column.
    let (done, of) = (
        state.completed_missions().len(),
        state.config().missions_required,
    );
    let notes = match of {
        0 => Vec::new(),
        _ => vec![
            // "done", so the count reads as missions completed of those the game needs
            // (read 24 asked whether "0 of 10 missions" counted done or needed); one form
            // where the column has room for "0 of 10", as a longer one fitted only "0 of 5"
            // and the words changed between tables (read 47).
            format!("{done} of {of} done"),
            format!("{done}/{of} done"),
        ],
    };
    let notes: Vec<&str> = notes.iter().map(String::as_str).collect();
    let bar = theme::header_with_note(ui, "Mission", &notes, theme::BAR_MISSION);
    if let Some(line) = completed(state) {
        bar.widget_info(|| egui::WidgetInfo::labeled(egui::WidgetType::Label, true, &line));
        bar.on_hover_text(line);
    }
    match &state.mission() {
        Some(m) => {
            let def = content.mission(m.mission);
            egui::Frame::new()
                .fill(theme::seat(ui.ctx()))
                .stroke(egui::Stroke::new(1.5, theme::GOLD))
                .corner_radius(8.0)
                .inner_margin(7.0)
                .show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    // The story is on hover: the panel's room goes to what the rules track.
                    ui.label(egui::RichText::new(&def.name).size(17.0).color(theme::GOLD))
                        .on_hover_ui(|ui| {
                            ui.label(egui::RichText::new(&def.description).italics());
                            ui.label(format!("Parameters: {}", def.text.parameters));
                        });
                    if let (Some(timer), start) = (m.timer, def.timer) {
                        timer_dial(ui, timer, start.unwrap_or(timer), squeezed);
                    }
                    if let Some(bans) = crate::words::table_words::mission_bans(state) {
                        ui.label(egui::RichText::new(bans).color(theme::HEAVY));
                    }
                    // The heading goes where the column is short: the objectives' progress
                    // marks say what they are.
                    if !squeezed {
                        ui.label(egui::RichText::new("Objectives").color(theme::quiet(ui.ctx())));
                    }
                    for (done, need, text) in objective_lines(state) {
                        objective(ui, done, need, &text);
                    }
                    if !m.committed.is_empty() {
                        // By their names on the heading's line (each one's reach on
                        // hover): a list, or a line of its own, took the room the column
                        // needs.
                        ui.horizontal_wrapped(|ui| {
                            ui.label(
                                egui::RichText::new("Committed:").color(theme::quiet(ui.ctx())),
                            );
                            for c in &m.committed {
                                let name = &content.card(c.card).name;
                                ui.add(egui::Label::new(name.as_str()).extend())
                                    .on_hover_text(card_name(c.card));
                            }
                        });
                    }
                    ui.label(format!("Reward: {}", def.text.reward));
                });
        }
        None => {
            ui.label(no_mission(state));
        }
    }
    diagram
}

/// A section's state in words, in its colour (grey intact, amber damaged, red destroyed).
fn section_words(state: SectionState) -> egui::RichText {
    let (word, colour) = match state {
        SectionState::Intact => ("intact", crate::game::theme::TEXT),
        SectionState::Damaged => ("damaged", crate::game::theme::palette::DAMAGED.egui()),
        SectionState::Destroyed => ("destroyed", crate::game::theme::palette::DESTROYED.egui()),
    };
    egui::RichText::new(word).color(colour)
}

/// Each facing by name, as the board's rim shows them (numbers would read as sector
/// numbers), with its Shield and Hull: under the diagram, a row each where the panel is wide
/// enough and no mission card needs the room, else a line for the Shields and one for the
/// Hull naming what is not intact.
fn ship_status(ui: &mut egui::Ui, state: &GameState, room: DiagramRoom) -> f32 {
    let font = egui::TextStyle::Body.resolve(ui.style());
    let width = |text: &str| {
        ui.painter()
            .layout_no_wrap(text.into(), font.clone(), egui::Color32::WHITE)
            .size()
            .x
    };
    let names: Vec<&str> = (0..6u8).map(facing_name).collect();
    let needed = names.iter().map(|n| width(n)).fold(0.0, f32::max)
        + width("6 ")
        + 2.0 * width("destroyed")
        + 20.0;
    let ship = &state.enterprise();
    // With a mission in play its card needs the room: the diagram (each facing in words on
    // hover) and two lines say what the grid would.
    let wide = needed <= ui.available_width() && state.mission().is_none();
    // Sized for a 720-line screen and grown with a taller one: at 1080 lines a fixed size
    // read as a thumbnail.
    let tall = tall(ui);
    // Where the column has room to spare below (readers saw it empty and read the ship from
    // the words), the diagram takes the column's width, a mission card or not: beside a
    // mission card at 1920x1080 a diagram of 120 points read as a thumbnail (read 24). The
    // rooms below keep it from pushing the card's reward or the list out of sight.
    let most = 200.0;
    // Never under the size a mission card leaves it for the list (the list yields first),
    // but smaller where the column would scroll: a scrolled card hides its reward.
    let size = ui
        .available_width()
        .min(tall * most)
        .min(room.beside_list.max(tall * 120.0))
        .min(room.without_scrolling.max(80.0));
    ui.vertical_centered(|ui| super::ship_diagram::ship_diagram(ui, state, size));
    if wide {
        egui::Grid::new("ship-status")
            .num_columns(3)
            .spacing(egui::vec2(8.0, 2.0))
            .show(ui, |ui| {
                ui.weak("Facing");
                ui.weak("Shield");
                ui.weak("Hull");
                ui.end_row();
                for (facing, name) in names.iter().enumerate() {
                    // As the rim shows it: the sector this facing points at, and its name.
                    let sector = ship.sector_of_facing(facing as u8) + 1;
                    ui.label(format!("{sector} {name}"));
                    ui.label(section_words(ship.shields[facing]));
                    ui.label(section_words(ship.hull[facing]));
                    ui.end_row();
                }
            });
        return size;
    }
    // The diagram's short names and "rest intact", as the diagram labels its sections: the
    // mission card and the threats' list under it need the room (the long names left the list
    // no room at two seats, and it moved to the crew's column).
    let compact = true;
    for (what, sections) in [("Shields", &ship.shields), ("Hull", &ship.hull)] {
        let line = crate::words::table_words::status_line(what, sections, ship, compact);
        ui.label(egui::RichText::new(line).color(crate::game::theme::TEXT));
    }
    size
}

/// The diagram's size where the column has the room: 120 points, grown with the window.
pub fn usual_diagram(ui: &egui::Ui) -> f32 {
    tall(ui) * 120.0
}

/// The window's height against the 720 lines the column is laid out for, up to 1.5: what a
/// taller window grows the diagram by.
fn tall(ui: &egui::Ui) -> f32 {
    (ui.ctx().content_rect().height() / 720.0).clamp(1.0, 1.5)
}

/// What the card says with no mission in play: in a game without missions, in one whose
/// missions are all done, or between missions.
pub fn no_mission(state: &GameState) -> &'static str {
    if state.config().missions_required == 0 {
        "No missions in this game: empty the threat bag and clear the board."
    } else if state.missions_done() {
        "All required missions done: destroy the remaining threats!"
    } else {
        "No mission in play."
    }
}

/// "Missions completed: 2 of 5", in a game that has missions.
pub fn completed(state: &GameState) -> Option<String> {
    (state.config().missions_required > 0).then(|| {
        format!(
            "Missions completed: {} of {}",
            state.completed_missions().len(),
            state.config().missions_required
        )
    })
}

/// The Mission Timer as a dial: the turns left in the middle, the arc of what is left of
/// the start.
fn timer_dial(ui: &mut egui::Ui, timer: u8, start: u8, squeezed: bool) {
    // Where the column is short, a smaller dial and the short words (the rest on hover).
    let (side, radius, digits) = match squeezed {
        true => (30.0, 12.0, 14.0),
        false => (40.0, 17.0, 17.0),
    };
    ui.horizontal(|ui| {
        let (rect, _) = ui.allocate_exact_size(egui::vec2(side, side), egui::Sense::hover());
        let painter = ui.painter_at(rect.expand(2.0));
        let centre = rect.center();
        let blue = egui::Color32::from_rgb(110, 180, 255);
        painter.circle_stroke(
            centre,
            radius,
            egui::Stroke::new(radius / 4.0, egui::Color32::from_gray(55)),
        );
        let share = f32::from(timer) / f32::from(start.max(timer).max(1));
        let steps = (48.0 * share).ceil() as usize;
        let arc: Vec<egui::Pos2> = (0..=steps)
            .map(|i| {
                let a = std::f32::consts::TAU * share * i as f32 / steps.max(1) as f32;
                centre + egui::vec2(a.sin(), -a.cos()) * radius
            })
            .collect();
        if arc.len() > 1 {
            painter.add(egui::Shape::line(
                arc,
                egui::Stroke::new(radius / 4.0, blue),
            ));
        }
        painter.text(
            centre,
            egui::Align2::CENTER_CENTER,
            timer.to_string(),
            egui::FontId::proportional(digits),
            theme::TEXT,
        );
        let width = ui.available_width();
        ui.allocate_ui_with_layout(
            egui::vec2(width, side),
            egui::Layout::left_to_right(egui::Align::Center),
            |ui| {
                ui.set_width(width);
                // What the timer means, said where it is counted (a line of its own below
                // the card took the room the piles need).
                let turns = match timer {
                    1 => "1 turn left".to_string(),
                    n => format!("{n} turns left"),
                };
                let words = match squeezed {
                    true => turns,
                    false => format!("Timer: {turns}, then it fails"),
                };
                ui.add(egui::Label::new(egui::RichText::new(words).color(blue)).wrap())
                    .on_hover_text(
                        "If the timer runs out, the mission fails: its committed cards are \
                         discarded and it goes under the mission deck.",
                    );
            },
        );
    });
}

/// The mission's objectives as the panel lists them, one line each: its progress and its own
/// words, generated from the objective as the card's text is (never cut out of the card's
/// sentences, which split "the S.S. Botany Bay" in two).
pub fn objective_lines(state: &GameState) -> Vec<(u8, u8, String)> {
    let Some(mission) = &state.mission() else {
        return Vec::new();
    };
    let content = builtin();
    let def = content.mission(mission.mission);
    let words = stp_rules::content::schema::objective_texts(def, &content.mission_tokens);
    state
        .mission_progress()
        .into_iter()
        .zip(words)
        .map(|((done, need), text)| (done, need, text.trim_end_matches('.').to_string()))
        .collect()
}

/// One objective: a pip for each step it needs, lit for each done, then its words (green
/// once met).
fn objective(ui: &mut egui::Ui, done: u8, need: u8, text: &str) {
    let met = done >= need;
    ui.horizontal_top(|ui| {
        let shown = need.clamp(1, 6);
        let (rect, _) =
            ui.allocate_exact_size(egui::vec2(12.0 * shown as f32, 16.0), egui::Sense::hover());
        for i in 0..shown {
            let centre = egui::pos2(rect.left() + 6.0 + 12.0 * i as f32, rect.center().y);
            pip(ui, centre, i < done);
        }
        let colour = if met {
            crate::game::theme::palette::DONE.egui()
        } else {
            theme::TEXT
        };
        // A horizontal row does not wrap its text: the words get the rest of the width.
        let width = ui.available_width();
        ui.allocate_ui_with_layout(
            egui::vec2(width, 0.0),
            egui::Layout::top_down(egui::Align::LEFT),
            |ui| {
                ui.set_width(width);
                ui.add(
                    egui::Label::new(
                        egui::RichText::new(format!("{done}/{need} {text}")).color(colour),
                    )
                    .wrap(),
                );
            },
        );
    });
}

/// A progress pip: filled green when done, an empty ring when still to do.
fn pip(ui: &egui::Ui, centre: egui::Pos2, lit: bool) {
    let painter = ui.painter();
    if lit {
        painter.circle_filled(centre, 4.5, crate::game::theme::palette::DONE.egui());
    } else {
        painter.circle_stroke(
            centre,
            4.0,
            egui::Stroke::new(1.5, egui::Color32::from_gray(150)),
        );
    }
}
