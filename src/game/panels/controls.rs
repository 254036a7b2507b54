//! The turn's controls, beside the active hand: one line with the last refusal (in red, with
//! the rule behind it) or else what to do now, then the buttons `offers::top_bar` lists (end
//! the phase, the maneuvers, the mission die, Scotty's repairs), undo and the advisor. With a
//! card picked, its choices take the buttons' place (`picked_card::picked_card`).

use bevy::prelude::*;
use bevy_egui::egui;
use stp_rules::undo::UndoHistory;
use stp_rules::{Action, GameState, ManeuverKind, PlayerAction, UndoRequest};

use super::{picked_card, top_bar};
use crate::game::model::offer::Offer;
use crate::game::model::offers;
use crate::game::model::selection::Selection;
use crate::game::model::windows::Help;

/// What the player asked of the controls' own buttons this frame.
#[derive(Debug, Default)]
pub(super) struct Asked {
    /// Skip the rest of the threat phase playing.
    pub skip: bool,
    /// Show the threat phase's next step (where its steps wait for a key).
    pub next: bool,
    /// Ask the advisor.
    pub advice: bool,
}

pub(super) struct Controls<'a> {
    pub state: &'a GameState,
    pub history: &'a UndoHistory,
    pub help: &'a mut Help,
    pub watching: bool,
    /// A threat phase is playing on the board.
    pub sequence: bool,
    /// Some threat is done for it, and ticked on the board: the key says what the tick means.
    pub done: bool,
    /// Some threat is acting in the step on show, ringed in gold on the board: the key says
    /// what the ring means (read 41 asked).
    pub acting: bool,
    /// Its steps wait for a key, and how many have shown (`ThreatSteps`).
    pub by_key: Option<usize>,
    /// Undo is offered (not in a game across machines).
    pub undo: bool,
    /// The turn is played away from this table (by a player elsewhere, or a bot): what to say
    /// instead of the phase's instructions, which are not this table's to follow.
    pub elsewhere: Option<String>,
    /// The threat phase's step playing now, in the log's words.
    pub step: Option<String>,
    /// Where the step has more than one line, all of them, for a screen reader's "Next step".
    pub step_heard: Option<String>,
    /// What a bot did on its turn, in words: shown while it plays and after, until this
    /// table acts.
    pub recap: &'a crate::game::crew::BotRecap,
    /// How much a screen reader is told: the steps and a bot's moves are said here only at
    /// `Spoken::Steps` (at `Everything` the log's lines say them, `heard`).
    pub spoken: crate::game::settings::Spoken,
    /// The keyboard is reading the board (B): its sentence has the focus, not the
    /// instructions.
    pub reading_board: bool,
    /// The log's newest line this turn and how many lines the log holds: what the last
    /// action did, said before the instructions to a screen reader, as a new widget for each
    /// new line (Orca heard nothing when W moved the ship: the instructions' widget stayed).
    pub last: Option<(usize, String)>,
}

/// A maneuver's button is short; its hover says it in full.
fn short_words(action: &Action) -> Option<&'static str> {
    match action {
        Action::Maneuver(ManeuverKind::CounterClockwise) => Some("↺ Turn [Q]"),
        Action::Maneuver(ManeuverKind::Forward) => Some("Forward [W]"),
        Action::Maneuver(ManeuverKind::Clockwise) => Some("Turn ↻ [E]"),
        _ => None,
    }
}

impl Controls<'_> {
    /// Where the threat phase waits for a key after each step: "Next step", lit, holding the
    /// focus, and named for a screen reader by the step on show. A new widget a step (its id
    /// counts the steps), so a reader that says only what takes the focus (Orca 43 says no live
    /// region) says each step as the focus moves to it.
    fn next_step(&self, ui: &mut egui::Ui, shown: usize) -> bool {
        let step = self
            .step_heard
            .as_deref()
            .or(self.step.as_deref())
            .unwrap_or("The threats are acting.");
        ui.push_id(("next-step", shown), |ui| {
            let button = crate::game::theme::tab_button(
                ui,
                true,
                crate::game::theme::keyed(ui, "Next step [Space]"),
                true,
            );
            // A phase's heading has no full stop of its own: one, so a reader pauses there.
            let stop = match step.ends_with(['.', '!', '?']) {
                true => "",
                false => ".",
            };
            let name = format!("{step}{stop} Next step, Space.");
            button.widget_info(|| egui::WidgetInfo::labeled(egui::WidgetType::Button, true, &name));
            button.clicked()
        })
        .inner
    }

    /// The bot's actions this turn (or its last turn), newest last; whether there were any.
    fn recap(&self, ui: &mut egui::Ui) -> bool {
        let Some(who) = self.recap.who.as_deref() else {
            return false;
        };
        if self.recap.lines.is_empty() {
            return false;
        }
        egui::ScrollArea::vertical()
            .id_salt("recap")
            .stick_to_bottom(true)
            .show(ui, |ui| {
                ui.label(
                    egui::RichText::new(format!("{who} (bot):"))
                        .color(crate::game::theme::quiet(ui.ctx())),
                );
                for (i, line) in self.recap.lines.iter().enumerate() {
                    let said = ui.add(egui::Label::new(format!("· {line}")).wrap());
                    // A bot's newest action is said as it is made.
                    if i + 1 == self.recap.lines.len() && self.spoken.steps_on_their_lines() {
                        crate::game::theme::announce(ui, &said, false);
                    }
                }
            });
        true
    }

    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        selection: &mut Selection,
        actions: &mut MessageWriter<PlayerAction>,
        undo: &mut MessageWriter<UndoRequest>,
    ) -> Asked {
        let mut asked = Asked::default();
        let state = self.state;
        self.instructions(ui, selection);
        let playing = !self.watching;
        // A game that is over has no turn to play: the result window holds the ways on.
        if state.is_over() {
            return asked;
        }
        // A turn played elsewhere (a bot's, a player's at another machine): no buttons that
        // look as if they could be pressed; what the bot has done so far this turn.
        if self.elsewhere.is_some() && !self.sequence {
            self.recap(ui);
            return asked;
        }
        // The table's choice Tab has in focus (End phase, a maneuver, Kirk's take), lit.
        let focused = selection
            .focus
            .and_then(|i| offers::keyed_choices(state, selection).get(i).cloned());
        self.buttons(ui, focused.as_ref(), actions, undo, &mut asked);
        if selection.card.is_some() && playing {
            picked_choices(ui, state, selection, actions);
        }
        // The bot's last turn, until this table acts.
        if self.recap(ui) {
            return asked;
        }
        // With no card picked, Tab brings the table's own choices into focus (the controls,
        // Kirk's take): what Enter would do, in words.
        if let (None, Some(offer)) = (selection.card, &focused) {
            ui.label(
                egui::RichText::new(format!("Tab: {} · Enter takes it · Esc: none", offer.words))
                    .color(crate::game::theme::GOLD),
            );
        }
        super::key_line::key_line(ui, self.state, self.done, self.acting);
        asked
    }

    /// The controls' first two lines: the last refusal, else the threat phase's step, a turn
    /// played elsewhere, or what to do now, said to a screen reader as it changes.
    fn instructions(&mut self, ui: &mut egui::Ui, selection: &Selection) {
        // Always two lines' room, wrapped: a refusal appearing never moves the buttons, and
        // no word of it is cut.
        let lines = 2.0 * ui.text_style_height(&egui::TextStyle::Body) + 2.0;
        let width = ui.available_width();
        ui.allocate_ui_with_layout(
            egui::vec2(width, lines),
            egui::Layout::top_down(egui::Align::LEFT),
            |ui| {
                ui.set_min_size(egui::vec2(width, lines));
                match (&selection.message, &selection.refusal) {
                    (Some(message), refusal) => {
                        ui.horizontal_top(|ui| {
                            if let Some(refusal) = refusal
                                && ui
                                    .small_button("?")
                                    .on_hover_text("The rule behind this")
                                    .clicked()
                            {
                                self.help
                                    .at(crate::game::model::help_topic::topic_for_refusal(refusal));
                            }
                            // A widget of its own for each refusal, holding the focus while
                            // it shows: Orca 43 says what takes the focus and no live region,
                            // so the refusal is heard as the focus moves to it.
                            let line = ui
                                .push_id(("refusal", message), |ui| {
                                    ui.add(
                                        egui::Label::new(
                                            egui::RichText::new(message)
                                                .color(egui::Color32::LIGHT_RED),
                                        )
                                        .wrap(),
                                    )
                                })
                                .inner;
                            // A refusal is heard at once: the action did not happen.
                            crate::game::theme::announce(ui, &line, true);
                            crate::game::theme::hold_tab_focus(&line);
                        });
                    }
                    (None, _) if self.sequence => {
                        // The step playing, in words (the log's line), where the eye is.
                        let words = self.step.as_deref().unwrap_or("The threats are acting.");
                        let line =
                            ui.add(egui::Label::new(egui::RichText::new(words).strong()).wrap());
                        // A screen reader says each step as it shows.
                        if self.spoken.steps_on_their_lines() {
                            crate::game::theme::announce(ui, &line, false);
                        }
                    }
                    (None, _) if self.elsewhere.is_some() => {
                        let words = self.elsewhere.as_deref().unwrap_or_default();
                        let line = ui.add(egui::Label::new(words).wrap());
                        crate::game::theme::announce(ui, &line, false);
                    }
                    (None, _) => self.phase_line(ui, selection),
                }
            },
        );
    }

    /// What to do now, with a card picked or else in the phase, as a widget of its own each
    /// turn, phase and action, said as it changes.
    fn phase_line(&self, ui: &mut egui::Ui, selection: &Selection) {
        let state = self.state;
        let active = state.turn().active;
        // With a card picked, what to do with it; else the phase's instructions.
        let words = picked_card::picked_how(state, selection)
            .filter(|_| !self.watching)
            .unwrap_or_else(|| top_bar::phase_hint(state));
        // Said as it changes: a new phase's instructions, a picked card's choices. A widget
        // of its own each turn, phase and new line of the log, named with what was just done
        // and where the game stands, that holds the focus while nothing is picked or lit:
        // Orca 43, which says a new focus and no live region, hears each action, turn and
        // phase as it comes ("The Enterprise moves forward. Turn 3, Bob's turn, ...").
        let turn = (state.turn().number, active, state.turn().phase.number());
        let said = self.last.as_ref().map(|(lines, _)| *lines);
        let line = ui
            .push_id(("instructions", turn, said), |ui| {
                ui.add(egui::Label::new(words.as_str()).wrap())
            })
            .inner;
        let at_rest = selection.card.is_none() && selection.focus.is_none();
        if at_rest {
            line.widget_info(|| {
                egui::WidgetInfo::labeled(
                    egui::WidgetType::Label,
                    true,
                    match &self.last {
                        Some((_, last)) => format!(
                            "{last} {} {words}",
                            crate::words::table_words::turn_summary(state)
                        ),
                        None => {
                            format!("{} {words}", crate::words::table_words::turn_summary(state))
                        }
                    },
                )
            });
        }
        crate::game::theme::announce(ui, &line, false);
        if at_rest
            && !self.watching
            && !self.reading_board
            && !crate::game::theme::rest_focus_claimed(ui.ctx())
        {
            crate::game::theme::hold_tab_focus(&line);
        }
    }

    /// The turn's buttons in a wrapping row: the threat phase's step and skip while it plays,
    /// else the phase's controls, Kirk's take, a free repair, undo and the advisor.
    fn buttons(
        &mut self,
        ui: &mut egui::Ui,
        focused: Option<&Offer>,
        actions: &mut MessageWriter<PlayerAction>,
        undo: &mut MessageWriter<UndoRequest>,
        asked: &mut Asked,
    ) {
        let (state, playing) = (self.state, !self.watching);
        let active = state.turn().active;
        ui.horizontal_wrapped(|ui| {
            // While the threats act, skipping is all there is to do: the turn's own controls
            // come back with the phase that offers them.
            if self.sequence {
                if let Some(shown) = self.by_key {
                    asked.next = self.next_step(ui, shown);
                }
                let skip = match self.by_key {
                    Some(_) => "Skip to the end [End]",
                    None => "Skip to the end [Space]",
                };
                let button = ui.button(crate::game::theme::keyed(ui, skip));
                crate::game::theme::name_keyed(&button, skip);
                asked.skip = button.clicked();
                return;
            }
            // The game's controls wait while a game is watched again or the conn is handed
            // over.
            let (repairs, controls): (Vec<_>, Vec<_>) = offers::top_bar(state)
                .into_iter()
                .partition(|c| matches!(c.offer.action.action, Action::Repair(_)));
            for control in controls {
                let words = short_words(&control.offer.action.action)
                    .unwrap_or(control.offer.words.as_str());
                let lit = focused
                    .as_ref()
                    .is_some_and(|f| f.action == control.offer.action);
                // Lit, and focused for a screen reader, where Tab has it.
                let button_kind = if matches!(control.offer.action.action, Action::EndPhase) {
                    crate::game::theme::primary_button
                } else {
                    crate::game::theme::tab_button
                };
                let mut button = button_kind(
                    ui,
                    playing && control.refusal.is_none(),
                    crate::game::theme::keyed(ui, words),
                    lit,
                );
                // The hover says it in full, where the button says it short, and so does a
                // screen reader (Orca read the arrow "↺" aloud as a sign), its key in words.
                crate::game::theme::name_keyed(&button, &control.offer.words);
                if words != control.offer.words {
                    button = button.on_hover_text(&control.offer.words);
                }
                if let Some(reason) = &control.refusal {
                    button.clone().on_disabled_hover_text(format!(
                        "{}: {reason}",
                        control.offer.words
                    ));
                }
                if button.clicked() {
                    actions.write(control.offer.action);
                }
            }
            if playing {
                takes_menu(ui, state, focused, actions);
                repairs_menu(ui, repairs, actions);
            }
            if self.undo {
                let button = ui.add_enabled(
                    playing && self.history.can_undo(state, active),
                    egui::Button::new(crate::game::theme::keyed(ui, "Undo [Ctrl+Z]")),
                );
                crate::game::theme::name_keyed(&button, "Undo [Ctrl+Z]");
                if button.clicked() {
                    undo.write(UndoRequest { player: active });
                }
            }
            let advisor = ui.add_enabled(
                playing && state.awaits_players(),
                egui::Button::new(crate::game::theme::keyed(ui, "Advisor [H]")),
            );
            crate::game::theme::name_keyed(&advisor, "Advisor [H]");
            asked.advice = advisor
                .on_hover_text("What would the advisor do? It searches sampled futures; it never acts by itself.")
                .clicked();
        });
    }
}

/// Kirk's take: a menu of every card the others hold; Tab and Enter reach them too.
fn takes_menu(
    ui: &mut egui::Ui,
    state: &GameState,
    focused: Option<&Offer>,
    actions: &mut MessageWriter<PlayerAction>,
) {
    let takes = offers::kirks_takes(state);
    if !takes.is_empty() {
        // A take Tab has lit is named on the menu's button, which holds the focus a
        // screen reader follows: the takes have no buttons of their own until the
        // menu opens, and a reader heard nothing as Tab went through them.
        let lit_take = focused
            .filter(|f| takes.iter().any(|t| t.action == f.action))
            .map(|f| f.words.clone());
        let title = lit_take
            .clone()
            .unwrap_or_else(|| "Take a card (Kirk)".into());
        let menu = ui.menu_button(title, |ui| {
            for offer in takes {
                if ui.button(&offer.words).clicked() {
                    actions.write(offer.action);
                    ui.close();
                }
            }
        });
        if lit_take.is_some() {
            crate::game::theme::hold_tab_focus(&menu.response);
        }
    }
}

/// A repair ability offers one button per damaged section: one menu keeps the controls
/// together.
fn repairs_menu(
    ui: &mut egui::Ui,
    repairs: Vec<offers::Control>,
    actions: &mut MessageWriter<PlayerAction>,
) {
    if !repairs.is_empty() {
        // "Free repair (2 sections)" read as two repairs, against "A free repair
        // each turn" (read 26): the count is of the sections to choose from, and
        // says what they are ("pick 1 of 2" asked "2 of what?", read 35).
        let label = match repairs.len() {
            1 => "Free repair: 1 damaged section".to_string(),
            n => format!("Free repair: pick 1 of {n} damaged"),
        };
        ui.menu_button(label, |ui| {
            for control in repairs {
                if ui.button(&control.offer.words).clicked() {
                    actions.write(control.offer.action);
                    ui.close();
                }
            }
        });
    }
}

/// The picked card's choices in a panel of their own rising above the turn's buttons (which
/// stay where they are): every choice in view, however many, none cut off.
fn picked_choices(
    ui: &mut egui::Ui,
    state: &GameState,
    selection: &mut Selection,
    actions: &mut MessageWriter<PlayerAction>,
) {
    let column = ui.max_rect();
    let room = ui.ctx().viewport_rect().height() * 0.45;
    egui::Area::new(egui::Id::new("picked card's choices"))
        .order(egui::Order::Foreground)
        .pivot(egui::Align2::LEFT_BOTTOM)
        .fixed_pos(column.left_top() - egui::vec2(0.0, 8.0))
        .show(ui.ctx(), |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_width(column.width() - 16.0);
                egui::ScrollArea::vertical()
                    .id_salt("picked")
                    .max_height(room)
                    .show(ui, |ui| {
                        picked_card::picked_card(ui, state, selection, actions)
                    });
            });
        });
}
