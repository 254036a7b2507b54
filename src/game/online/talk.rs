//! The crew's talk beside the log: chat lines, and what happened to the links (the panels
//! lay it out with `TalkPanel`). Above the
//! table, "waiting for …" while a remote seat's person is away, with the invite, and on
//! the host a button to let a bot play the seat.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use stp_rules::GameState;

use super::{HandToBot, JoinAgain, Online, SayRequest, seat_name};
use crate::game::crew::Away;
use crate::game::model::screen::Screen;
use crate::net::protocol::MAX_CHAT_CHARS;

/// The lines the talk keeps.
const KEPT_LINES: usize = 200;

/// The crew's talk: chat lines and notices, oldest first, and the line being typed.
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct Talk {
    pub lines: Vec<TalkLine>,
    pub draft: String,
    /// The invite shows in full only while this is on (a shared screen, a stream).
    pub show_code: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct TalkLine {
    /// Who said it; `None` for what happened (a seat taken, a link dropped, a resync).
    pub from: Option<String>,
    pub text: String,
}

impl Talk {
    fn push(&mut self, line: TalkLine) {
        self.lines.push(line);
        if self.lines.len() > KEPT_LINES {
            self.lines.remove(0);
        }
    }

    pub fn say(&mut self, from: &str, text: &str) {
        self.push(TalkLine {
            from: Some(from.to_string()),
            text: text.to_string(),
        });
    }

    pub fn notice(&mut self, text: String) {
        self.push(TalkLine { from: None, text });
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (
            waiting_window,
            host_again_window,
            super::trades::offer_window,
        )
            .run_if(in_state(Screen::Playing)),
    );
}

/// The talk, beside the log (`panels` lays it out) when the game is networked.
#[derive(SystemParam)]
pub(crate) struct TalkPanel<'w> {
    online: Option<Res<'w, Online>>,
    talk: ResMut<'w, Talk>,
    says: MessageWriter<'w, SayRequest>,
}

impl TalkPanel<'_> {
    /// Whether there is a talk to show (a game across machines).
    pub(crate) fn is_on(&self) -> bool {
        self.online.is_some()
    }

    pub fn show(&mut self, ui: &mut egui::Ui) {
        let Some(online) = &self.online else { return };
        // Wrapped: the invite must not widen the panel past the window's edge (the talk's
        // lines would then wrap out of sight).
        ui.horizontal_wrapped(|ui| {
            ui.strong("Crew talk");
            code_line(ui, &online.join_code(), &mut self.talk.show_code);
        });
        link_lines(ui, online);
        let talk = &mut *self.talk;
        ui.horizontal(|ui| {
            let field = ui.add(
                egui::TextEdit::singleline(&mut talk.draft)
                    .char_limit(MAX_CHAT_CHARS)
                    .hint_text("Say something to the crew")
                    .desired_width(ui.available_width() - 50.0),
            );
            let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if (ui.button("Say").clicked() || entered) && !talk.draft.trim().is_empty() {
                self.says.write(SayRequest(talk.draft.trim().to_string()));
                talk.draft.clear();
                if entered {
                    field.request_focus();
                }
            }
        });
        egui::ScrollArea::vertical()
            .stick_to_bottom(true)
            .auto_shrink([false, false])
            .show(ui, |ui| {
                for line in &talk.lines {
                    match &line.from {
                        Some(from) => ui.label(format!("{from}: {}", line.text)),
                        None => ui.weak(&line.text),
                    };
                }
            });
    }
}

/// A saved game with remote seats asks before it hosts: host it again with the invite the
/// players know, or let bots play their seats.
fn host_again_window(
    mut contexts: EguiContexts,
    online: Option<Res<Online>>,
    crew: Res<crate::game::crew::Crew>,
    mut answer: MessageWriter<super::HostAgain>,
) -> Result {
    if !super::asks_to_host_again(online.as_deref(), &crew) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Host this game again?")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            ui.label(
                "This game has seats for players on other machines. Host it again, so they \
                 rejoin with the invite they used, or let Ensign bots play their seats?",
            );
            ui.small(
                "Hosting again keeps this machine's key and the code, so the players' invites \
                 still work.",
            );
            ui.horizontal(|ui| {
                if ui.button("Host it again").clicked() {
                    answer.write(super::HostAgain::Host);
                }
                if ui.button("Bots play their seats").clicked() {
                    answer.write(super::HostAgain::Bots);
                }
            });
        });
    Ok(())
}

/// "Waiting for …" while a remote seat's person is away (or the link to the host is gone).
fn waiting_window(
    mut contexts: EguiContexts,
    online: Option<Res<Online>>,
    away: Res<Away>,
    state: Option<Res<GameState>>,
    mut hand: MessageWriter<HandToBot>,
    mut again: MessageWriter<JoinAgain>,
    mut talk: ResMut<Talk>,
) -> Result {
    let Some(online) = online else {
        return Ok(());
    };
    let lost = match &*online {
        Online::Client(joined) => joined.lost.clone(),
        Online::Host(_) => None,
    };
    if away.0.is_empty() && lost.is_none() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let title = match lost {
        Some(_) => "The link to the host is gone",
        None => "Waiting for the crew",
    };
    egui::Window::new(title)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_TOP, [0.0, 60.0])
        .show(ctx, |ui| {
            if let Some(reason) = lost {
                ui.colored_label(egui::Color32::LIGHT_RED, reason);
                ui.horizontal(|ui| {
                    if ui
                        .button("Join again")
                        .on_hover_text("The same seat with the same invite and the seat's ticket: the host gives it back at the current state.")
                        .clicked()
                    {
                        again.write(JoinAgain);
                    }
                    ui.label("or leave from the menu (New game).");
                });
                return;
            }
            for &seat in &away.0 {
                ui.horizontal(|ui| {
                    ui.label(format!(
                        "Waiting for {} (seat {})…",
                        seat_name(state.as_deref(), seat),
                        crate::net::protocol::seat_number(seat)
                    ));
                    if matches!(&*online, Online::Host(_))
                        && ui
                            .button("Let a bot play this seat")
                            .on_hover_text(
                                "An Ensign bot plays the seat until its person joins again.",
                            )
                            .clicked()
                    {
                        hand.write(HandToBot(seat));
                    }
                });
            }
            ui.horizontal_wrapped(|ui| code_line(ui, &online.join_code(), &mut talk.show_code));
        });
    Ok(())
}

/// "invite: ••••@key…", a toggle that shows it whole, and a button that copies it whole
/// (the players paste it into their setup screen or `join`).
fn code_line(ui: &mut egui::Ui, code: &str, show: &mut bool) {
    let shown = if *show {
        code.to_string()
    } else {
        masked(code)
    };
    ui.small(format!("invite: {shown}"));
    if ui
        .small_button(if *show { "hide" } else { "show" })
        .clicked()
    {
        *show = !*show;
    }
    if ui
        .small_button("copy")
        .on_hover_text("Copy the whole invite, code included, to paste where the players see it.")
        .clicked()
    {
        ui.ctx().copy_text(code.to_string());
    }
}

/// Each link in words: who is connected, and whether directly or through a relay, with the
/// round trip ("Seat 2: direct, 12 ms").
fn link_lines(ui: &mut egui::Ui, online: &Online) {
    for line in online.links_text() {
        ui.small(line);
    }
}

/// An invite with its code as dots and the host's key short: who the host is stays
/// readable, and the secret stays off a shared screen.
pub fn masked(invite: &str) -> String {
    match invite
        .split_once(',')
        .unwrap_or((invite, ""))
        .0
        .rsplit_once('@')
    {
        Some((secret, key)) => format!(
            "{}@{}…",
            "•".repeat(secret.chars().count().min(12)),
            key.chars().take(10).collect::<String>()
        ),
        None => "•".repeat(invite.chars().count().min(12)),
    }
}
