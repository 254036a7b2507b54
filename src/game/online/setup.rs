//! The setup screen's "across machines" part: host the game being set up (its seats may be
//! "Remote player"), or join a game hosted elsewhere with its invite.

use bevy::prelude::*;
use bevy_egui::egui;

use super::{Hosting, Joined, Online};
use crate::game::settings::Settings;

/// What the setup screen's network part holds.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct OnlineForm {
    /// Host the game set up above.
    pub host: bool,
    pub port: String,
    pub code: String,
    /// Where players' tables find this host when no direct path gets through.
    pub relay: String,
    /// Join: the host's invite and the seat (1–6).
    pub invite: String,
    pub seat: String,
    pub error: Option<String>,
    /// Open the "Play across machines" section on the next frame (the title's choice).
    pub reveal: bool,
    /// The codes show as dots until the player asks to see them (a shared screen, a stream).
    /// An invite holds its code: it shows as dots too.
    pub show_codes: bool,
}

impl OnlineForm {
    /// The form as the player last used it (from the settings), else a fresh code.
    pub(crate) fn from_settings(settings: &Settings) -> OnlineForm {
        let code = if settings.host_code.is_empty() {
            fresh_code()
        } else {
            settings.host_code.clone()
        };
        OnlineForm {
            host: false,
            port: settings.host_port.to_string(),
            code,
            relay: settings.relay.clone(),
            invite: settings.join_invite.clone(),
            seat: String::new(),
            error: None,
            reveal: false,
            show_codes: false,
        }
    }

    /// Opens the host for the game about to start; remembers the port, code, relay and key.
    pub(crate) fn open_host(&mut self, settings: &mut Settings) -> Result<Online, String> {
        let port = parse_port(&self.port)?;
        let relay = crate::net::quic::Relay::parse(&self.relay)?;
        let hosting = Hosting::open(port, self.code.trim(), &relay, None)?;
        settings.host_port = port;
        settings.host_code = self.code.trim().to_string();
        settings.relay = relay.to_string();
        settings.host_key = hosting.key_text();
        // A new game: no seat has had a holder yet.
        settings.host_tickets.clear();
        settings.unsaved = true;
        Ok(Online::Host(Box::new(hosting)))
    }

    /// Joins the invite's game: for a seat, or (`watch`) to watch without one.
    fn open_join(&mut self, settings: &mut Settings, watch: bool) -> Result<Online, String> {
        let invite: crate::net::quic::Invite = self.invite.trim().parse()?;
        // Left empty, any free seat: the host assigns it.
        let seat = match self.seat.trim() {
            "" => None,
            text => match text.parse::<u8>() {
                Ok(seat @ 1..=6) => Some(seat - 1),
                _ => return Err("the seat is a number from 1 to 6, or empty for any".into()),
            },
        };
        let joined = if watch {
            Joined::watch(&invite)?
        } else {
            Joined::open(&invite, seat)?.with_ticket(settings.ticket_for(&invite))
        };
        settings.join_invite = self.invite.trim().to_string();
        settings.unsaved = true;
        Ok(Online::Client(Box::new(joined)))
    }
}

/// A port from the form: empty or 0 is any free one.
fn parse_port(text: &str) -> Result<u16, String> {
    match text.trim() {
        "" => Ok(0),
        text => text
            .parse::<u16>()
            .map_err(|_| format!("`{text}` is not a port (1–65535, or empty for any)")),
    }
}

/// A fresh code for a hosted game: 72 random bits, readable aloud (`net::fresh_code`).
pub use crate::net::fresh_code;

/// The network part of the setup window. `online` is a join in progress, if any.
pub fn section(
    ui: &mut egui::Ui,
    form: &mut OnlineForm,
    online: Option<&Online>,
    settings: &mut Settings,
    commands: &mut Commands,
) {
    // Open while a join is under way (from the command line too), so its progress shows.
    let joining = matches!(online, Some(Online::Client(_)));
    egui::CollapsingHeader::new("Play across machines")
        .default_open(form.host)
        .open((joining || std::mem::take(&mut form.reveal)).then_some(true))
        .show(ui, |ui| {
            ui.checkbox(
                &mut form.host,
                "Host this game: seats set to \"Remote player\" join from other machines",
            );
            if form.host {
                ui.horizontal(|ui| {
                    ui.label("Port:");
                    ui.add(egui::TextEdit::singleline(&mut form.port).desired_width(60.0));
                    ui.label("Code:");
                    ui.add(
                        egui::TextEdit::singleline(&mut form.code)
                            .password(!form.show_codes)
                            .desired_width(240.0),
                    );
                    ui.checkbox(&mut form.show_codes, "show");
                    if ui.small_button("New code").clicked() {
                        form.code = fresh_code();
                    }
                });
                ui.horizontal(|ui| {
                    ui.label("Relay:");
                    ui.add(
                        egui::TextEdit::singleline(&mut form.relay)
                            .hint_text("public")
                            .desired_width(240.0),
                    )
                    .on_hover_text(
                        "Where players find this game when no direct path gets through: \
                         public (iroh's relays), your community's iroh-relay's URL, or none.",
                    );
                });
                ui.small(
                    "Players join with the invite the table shows once the game starts: it \
                     names this machine and holds the code. No port needs forwarding: players \
                     on your network connect directly, others through NATs or the relay.",
                );
            }
            ui.separator();
            ui.label("Join a game hosted elsewhere:");
            ui.horizontal(|ui| {
                ui.label("Invite:");
                ui.add(
                    egui::TextEdit::singleline(&mut form.invite)
                        .password(!form.show_codes)
                        .hint_text("the line the host's table shows")
                        .desired_width(320.0),
                );
                ui.checkbox(&mut form.show_codes, "show");
                ui.label("Seat:");
                ui.add(
                    egui::TextEdit::singleline(&mut form.seat)
                        .hint_text("any")
                        .desired_width(28.0),
                )
                .on_hover_text("Your seat number (1–6), or empty: the host gives you a free one.");
            });
            match online {
                Some(Online::Client(joined)) => match &joined.lost {
                    // On its own line, so a long reason wraps instead of widening the window.
                    Some(reason) => {
                        ui.colored_label(egui::Color32::LIGHT_RED, reason);
                        if ui.button("Back").clicked() {
                            commands.remove_resource::<Online>();
                        }
                    }
                    None => {
                        ui.horizontal(|ui| {
                            ui.spinner();
                            let how = if joined.core.watching {
                                "Watching"
                            } else {
                                "Joining"
                            };
                            let invite = joined.join_code();
                            let shown = if form.show_codes {
                                invite
                            } else {
                                super::talk::masked(&invite)
                            };
                            ui.label(format!("{how} {shown}"));
                            if ui.button("Cancel").clicked() {
                                commands.remove_resource::<Online>();
                            }
                        });
                        if let Some(why) = &joined.core.refused {
                            ui.colored_label(
                                egui::Color32::YELLOW,
                                format!("Not seated yet: {why}. Asking again…"),
                            );
                        }
                    }
                },
                _ => {
                    let (join, watch) = ui
                        .horizontal(|ui| {
                            let join = ui.button("Join").clicked();
                            let watch = ui
                                .button("Watch")
                                .on_hover_text(
                                    "Watch the game without a seat: the table as the players \
                                     see it, and the crew's talk.",
                                )
                                .clicked();
                            (join, watch)
                        })
                        .inner;
                    if join || watch {
                        match form.open_join(settings, watch) {
                            Ok(online) => {
                                form.error = None;
                                commands.insert_resource(online);
                            }
                            Err(err) => form.error = Some(err),
                        }
                    }
                }
            }
            if let Some(error) = &form.error {
                ui.colored_label(egui::Color32::LIGHT_RED, error);
            }
        });
}
