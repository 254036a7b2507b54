//! The top bar, one line at every size: whose turn it is, the seven phases as a stepper with
//! the current one named and lit (the others by number, named on hover), the log's closed
//! drawer (its newest line), help and the menu. The turn's controls sit beside the active
//! hand (`controls`).

use bevy_egui::egui;
use stp_rules::content::builtin;
use stp_rules::{GameState, Phase, Window as RulesWindow};

use super::log::{self, GameLog};
use crate::game::model::windows::Help;
use crate::game::model::windows::LogDrawer;
use crate::game::model::windows::Menu;
use crate::game::theme;

/// Draws the bar; returns the rect its line needed (for the layout report: it must fit).
pub(super) fn top_bar(
    ui: &mut egui::Ui,
    state: &GameState,
    (help, menu, key): (&mut Help, &mut Menu, &mut crate::game::model::windows::Key),
    (game_log, drawer): (&GameLog, &mut LogDrawer),
) -> egui::Rect {
    let active = state.turn().active;
    ui.horizontal(|ui| {
        let seat = &state.players()[active as usize];
        let character = &builtin().characters[seat.character as usize];
        // "Turn 4: June": "Turn 4 June" read as a date (two readers of read 46).
        let turn = format!("Turn {}:", state.turn().number);
        // The phases named, with the player's character where the bar has the room, else
        // without it (the hand's first tile names it), else the phases by number.
        let whole = format!("{} ({})", seat.name, character.name);
        let title = |words: &str| {
            ui.painter()
                .layout_no_wrap(words.into(), egui::FontId::proportional(15.0), theme::TEXT)
                .size()
                .x
        };
        let room = ui.available_width() - title(&turn) - 3.0 * ui.spacing().item_spacing.x - 6.0;
        let needs = |named| bar_width(ui, state, drawer.open, named);
        let (who, named) = if title(&whole) + needs(true) <= room {
            (whole, true)
        } else if title(&seat.name) + needs(true) <= room {
            (seat.name.clone(), true)
        } else {
            (whole, false)
        };
        // For a screen reader the turn's label says where the game stands, whole, and says
        // it again as the turn or the phase changes.
        let label = ui.label(egui::RichText::new(turn).size(15.0).color(theme::TEXT));
        label.widget_info(|| {
            egui::WidgetInfo::labeled(
                egui::WidgetType::Label,
                true,
                crate::words::table_words::turn_summary(state),
            )
        });
        theme::announce(ui, &label, false);
        ui.label(
            egui::RichText::new(who)
                .size(15.0)
                .strong()
                .color(theme::GOLD),
        )
        .on_hover_text(format!("{}: {}", character.name, character.text));
        ui.separator();
        // Once the game is over, no phase is current: the bar says how it ended.
        match state.outcome() {
            Some(outcome) => {
                let words = match outcome {
                    stp_rules::Outcome::Won => "Game over: victory",
                    stp_rules::Outcome::Lost(_) => "Game over: defeat",
                };
                ui.label(
                    egui::RichText::new(words)
                        .size(15.0)
                        .strong()
                        .color(theme::GOLD),
                );
            }
            None => stepper(ui, state, named),
        }
        // Apart from the stepper and named, so it does not read as a phase after the seventh.
        ui.separator();
        if ui
            .small_button("? Phases")
            .on_hover_text("How a turn goes: the seven phases")
            .clicked()
        {
            help.at(crate::game::model::help_topic::HelpTopic::Turn);
        }
        let button = ui.small_button(theme::keyed(ui, "Key [K]"));
        theme::name_keyed(&button, "Key [K]");
        if button
            .on_hover_text("The board's marks and what they mean")
            .clicked()
        {
            key.open = !key.open;
        }
        ui.separator();
        let words = if drawer.open {
            "Close log [L]"
        } else {
            "Log [L]"
        };
        let button = ui.button(theme::keyed(ui, words));
        theme::name_keyed(&button, words);
        if button.on_hover_text("Open or close the log").clicked() {
            drawer.open = !drawer.open;
        }
        // The newest entry takes what Help and Menu leave.
        let buttons = ["Help [F1]", "Menu [Esc]"]
            .map(|w| {
                ui.painter()
                    .layout_no_wrap(
                        w.into(),
                        egui::TextStyle::Button.resolve(ui.style()),
                        theme::TEXT,
                    )
                    .size()
                    .x
                    + 2.0 * ui.spacing().button_padding.x
                    + ui.spacing().item_spacing.x
            })
            .iter()
            .sum::<f32>();
        // Where the phases' names leave too little room, no cut line: the step playing shows
        // on the controls' line, and the log (L) holds the rest.
        let room = ui.available_width() - buttons - 8.0;
        if room >= 200.0 {
            log::ticker(ui, state, game_log, room);
        }
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            let button = ui.button(theme::keyed(ui, "Menu [Esc]"));
            theme::name_keyed(&button, "Menu [Esc]");
            if button.clicked() {
                menu.open = !menu.open;
            }
            let button = ui.button(theme::keyed(ui, "Help [F1]"));
            theme::name_keyed(&button, "Help [F1]");
            if button.clicked() {
                help.open = !help.open;
            }
        });
    })
    .response
    .rect
}

/// A phase's short name, for the stepper where the window has the room.
fn short_name(phase: Phase) -> &'static str {
    match phase {
        Phase::DrawCards => "Draw",
        Phase::RevealMission => "Mission",
        Phase::Trade => "Trade",
        Phase::PlayAndManeuver => "Play cards",
        Phase::CheckMissionStatus => "Status",
        Phase::ThreatsMoveAndFire => "Threats",
        Phase::DrawNewThreats => "New threats",
    }
}

/// The seven phases: done ones dim, the current one a lit pill with its whole name, the
/// others by number and short name when `named` (by number alone where the bar has not the
/// room); a skipped one struck through. Each names itself on hover, a skipped one with why.
fn stepper(ui: &mut egui::Ui, state: &GameState, named: bool) {
    ui.spacing_mut().item_spacing.x = 3.0;
    let now = state.turn().phase;
    for phase in Phase::ALL {
        let mut label = phase_label(state, phase);
        // A phase the rules skip this turn says so, and why.
        let skipped = match phase {
            Phase::Trade => state.trade_forbidden(),
            _ => None,
        };
        if let Some(reason) = &skipped {
            label = format!("{label}: skipped, {reason}");
        }
        let text = if phase == now {
            egui::RichText::new(format!(" {label} "))
                .strong()
                .color(egui::Color32::BLACK)
                .background_color(theme::GOLD)
        } else {
            let words = match named {
                true => format!(" {} {} ", phase.number(), short_name(phase)),
                false => format!(" {} ", phase.number()),
            };
            let number = egui::RichText::new(words);
            if skipped.is_some() {
                number.color(theme::quiet(ui.ctx())).strikethrough()
            } else if phase.number() < now.number() {
                number.color(theme::quiet(ui.ctx()))
            } else {
                number
                    .color(theme::TEXT)
                    .background_color(egui::Color32::from_gray(50))
            }
        };
        ui.label(text).on_hover_text(label);
    }
}

/// The width the stepper (its phases `named`, else by number but the current one) and the
/// bar's buttons after it take: whether the phases can be named without the buttons running
/// together.
fn bar_width(ui: &egui::Ui, state: &GameState, log_open: bool, named: bool) -> f32 {
    let width = |words: &str, style: egui::TextStyle| {
        ui.painter()
            .layout_no_wrap(words.into(), style.resolve(ui.style()), theme::TEXT)
            .size()
            .x
    };
    let now = state.turn().phase;
    let stepper: f32 = Phase::ALL
        .iter()
        .map(|&phase| {
            let words = match (phase == now, named) {
                (true, _) => format!(" {} ", phase_label(state, phase)),
                (false, true) => format!(" {} {} ", phase.number(), short_name(phase)),
                (false, false) => format!(" {} ", phase.number()),
            };
            width(&words, egui::TextStyle::Body) + 3.0
        })
        .sum();
    let pad = 2.0 * ui.spacing().button_padding.x + ui.spacing().item_spacing.x;
    let log = match log_open {
        true => "Close log [L]",
        false => "Log [L]",
    };
    let buttons: f32 = ["? Phases", "Key [K]", log, "Help [F1]", "Menu [Esc]"]
        .iter()
        .map(|w| width(w, egui::TextStyle::Button) + pad)
        .sum();
    // Three separators, each with its spacing on both sides, and a margin.
    stepper + buttons + 6.0 * ui.spacing().item_spacing.x + 12.0
}

/// The phase as the tracker shows it: phase 7 says how many threats this turn draws (a
/// mission can make it 3).
pub(crate) fn phase_label(state: &GameState, phase: Phase) -> String {
    match phase {
        Phase::DrawNewThreats => format!("7 Draw {} New Threats", state.threats_per_turn()),
        _ => format!("{} {}", phase.number(), phase.name()),
    }
}

pub(super) fn phase_hint(state: &GameState) -> String {
    if state.is_over() {
        return "The game is over: the result and the ways on are in its window.".into();
    }
    if let Some(window) = &state.turn().window {
        return match window {
            RulesWindow::Boarding { .. } => {
                "Boarders! Anyone holding a Security Team may play it, then let them board.".into()
            }
            RulesWindow::SpockChoice { .. } => {
                "Spock: choose two threats to resolve, in order.".into()
            }
        };
    }
    match state.turn().phase {
        Phase::Trade => {
            "Trade: pick one of your cards, then who to trade with (or right-click their card). \
             Or end the phase."
                .into()
        }
        // A Trade phase the rules skipped says why, where the player reads on; and a
        // maneuver forbidden (a Tholian's web) says so too, with the greyed buttons: read 29
        // found "maneuver" said beside them under a web when trading was forbidden as well.
        Phase::PlayAndManeuver => {
            let skipped = state
                .trade_forbidden()
                .filter(|_| state.turn().maneuvers == 0)
                .map(|why| format!("No trading this turn: {why}. "))
                .unwrap_or_default();
            let rest = match state.maneuver_forbidden() {
                Some(reason) => format!(
                    "Play or commit cards, then end the phase. {}.",
                    sentence(&reason.to_string())
                ),
                None => {
                    let left = state
                        .maneuver_allowance()
                        .saturating_sub(state.turn().maneuvers);
                    format!("Play or commit cards, maneuver ({left} left), then end the phase.")
                }
            };
            format!("{skipped}{rest}")
        }
        _ => "The rules are resolving…".into(),
    }
}

/// The rules' words as a sentence: a capital first letter.
pub(super) fn sentence(words: &str) -> String {
    let mut letters = words.chars();
    letters
        .next()
        .map_or(String::new(), |c| c.to_uppercase().chain(letters).collect())
}
