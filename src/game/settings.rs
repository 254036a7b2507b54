//! The player's settings (music and effects volume, mute, UI scale), kept between runs as
//! `settings.json` in the data directory. A change applies at once; the file is written when
//! the change ends (a slider released, a box ticked), not on every frame of a drag.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

use crate::game::launch::Launch;
use crate::game::systems::GameSystems;

#[derive(Resource, Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub music: f32,
    pub effects: f32,
    pub muted: bool,
    /// The size of the panels' text and controls (egui's zoom factor).
    pub ui_scale: f32,
    /// The last game hosted across machines: its port, code and key (a saved game hosted
    /// again keeps them, so the players' invites still work).
    pub host_port: u16,
    pub host_code: String,
    /// The host's secret key, in hex (empty: none yet); the file is the owner's alone.
    pub host_key: String,
    /// Where players' tables find a hosted game when no direct path gets through: `public`
    /// (iroh's relays), a community's iroh-relay's URL, or `none`.
    pub relay: String,
    /// Its seats' tickets: hosted again from the autosave, only their holders take their
    /// seats back (the file is the owner's alone, mode 0600).
    pub host_tickets: Vec<crate::net::room::SeatTicket>,
    /// Shadows, anti-aliasing, bloom and the starfield on the table (off: for a weak machine).
    pub high_graphics: bool,
    /// Pieces appear in place instead of travelling, and shots flash instead of flying.
    pub reduced_motion: bool,
    /// The panels in white on black, their buttons outlined (issue 43, for low vision).
    pub high_contrast: bool,
    /// What a screen reader is told as the game goes, besides what has the focus.
    pub spoken: Spoken,
    /// Whether the threat phase waits for a key after each step (`ThreatSteps`).
    pub threat_steps: ThreatSteps,
    /// The last game joined: the host's invite, and the seat's ticket it gave this table
    /// (shown again to take the seat back after a restart; the file is the owner's alone).
    pub join_invite: String,
    pub join_ticket: String,
    /// The setup screen's last engaged form (players, characters, seats, difficulty): the
    /// next game starts from it.
    pub last_setup: Option<LastSetup>,
    /// The key (K) has been closed once: it no longer opens by itself at a game's start.
    pub key_seen: bool,
    /// Set when a change has ended and should be written.
    #[serde(skip)]
    pub unsaved: bool,
}

/// What a screen reader is told as it happens (issue 43). Every level says the turn, the
/// phase's instructions, a refused action and a mission's end; the levels differ in what
/// else they say, so a player chooses between hearing the game's pace and its every detail.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Spoken {
    /// Only those: a player who reads the log and the board by the keyboard.
    Brief,
    /// Also each step of the threat phase and each move a bot makes, as it shows.
    #[default]
    Steps,
    /// Every line of the log as it is written: each card's effect, each hit and repair, the
    /// draws and trades, the threats' steps and the bots' moves among them.
    Everything,
}

impl Spoken {
    pub const ALL: [Spoken; 3] = [Spoken::Brief, Spoken::Steps, Spoken::Everything];

    /// Its name in the settings, and what it says more than the level before.
    pub fn words(self) -> (&'static str, &'static str) {
        match self {
            Spoken::Brief => (
                "brief",
                "The turn, the phase's instructions, refusals and a mission's end.",
            ),
            Spoken::Steps => (
                "steps",
                "Also each step of the threat phase and each move a bot makes.",
            ),
            Spoken::Everything => (
                "everything",
                "Every line of the log as it is written: cards, hits, repairs, draws, trades.",
            ),
        }
    }

    /// The panels say the threat phase's steps and a bot's moves on their own lines.
    pub fn steps_on_their_lines(self) -> bool {
        self == Spoken::Steps
    }

    /// Every new line of the log is said (which holds the steps and the bots' moves).
    pub fn every_log_line(self) -> bool {
        self == Spoken::Everything
    }
}

/// How the threat phase plays its steps (issue 43): each after the last has had its time, or
/// each on a key. A screen reader says a step in the time the table gives it only at a fast
/// voice, and a step said over the next is lost; so where the platform says a reader runs,
/// the phase waits for a key after each step unless the player chose otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ThreatSteps {
    /// By key while a screen reader runs, timed otherwise.
    #[default]
    Auto,
    Timed,
    ByKey,
}

impl ThreatSteps {
    pub const ALL: [ThreatSteps; 3] = [ThreatSteps::Auto, ThreatSteps::Timed, ThreatSteps::ByKey];

    /// Its name in the settings, and what it does.
    pub fn words(self) -> (&'static str, &'static str) {
        match self {
            ThreatSteps::Auto => (
                "auto",
                "Wait for a key after each step while a screen reader runs; timed otherwise.",
            ),
            ThreatSteps::Timed => ("timed", "Each step follows the last after a moment."),
            ThreatSteps::ByKey => (
                "by key",
                "Wait for Space (or a click on the table) after each step.",
            ),
        }
    }

    /// Whether the phase waits for a key, given whether a screen reader runs.
    pub fn by_key(self, reader: bool) -> bool {
        match self {
            ThreatSteps::Auto => reader,
            ThreatSteps::Timed => false,
            ThreatSteps::ByKey => true,
        }
    }
}

/// The setup screen's form as last engaged, without its seed (each game draws a new one).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LastSetup {
    pub names: Vec<String>,
    /// Character id per seat, or "random".
    pub characters: Vec<String>,
    /// Seat kinds by id ("human", "ensign", "captain").
    pub seats: Vec<String>,
    pub preset: String,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            music: 0.35,
            effects: 0.8,
            muted: false,
            ui_scale: 1.0,
            host_port: DEFAULT_PORT,
            host_code: String::new(),
            host_key: String::new(),
            relay: "public".into(),
            host_tickets: Vec::new(),
            high_graphics: true,
            reduced_motion: false,
            high_contrast: false,
            spoken: Spoken::default(),
            threat_steps: ThreatSteps::default(),
            join_invite: String::new(),
            join_ticket: String::new(),
            last_setup: None,
            key_seen: false,
            unsaved: false,
        }
    }
}

/// The port a game is hosted on unless the player picks another.
pub(crate) const DEFAULT_PORT: u16 = 47_000;

/// Where the settings live, if there is a data directory.
pub fn settings_path(launch: &Launch) -> Option<PathBuf> {
    launch.data_dir.as_ref().map(|d| d.join("settings.json"))
}

/// The UI scales the menu offers.
pub(crate) const UI_SCALES: std::ops::RangeInclusive<f32> = 0.75..=2.0;

/// The smallest window, in logical pixels, that the panels are laid out for at UI scale 1.
pub(crate) const LAYOUT_FLOOR: (f32, f32) = (1024.0, 600.0);

/// The window, in logical pixels, that UI scale 1 is drawn for. A larger window grows the
/// panels and their text with it, as games do: readers at 1920x1080 found the text no larger
/// than at 1280x720, and the board's labels small beside a board half as large again.
pub(crate) const DESIGN_WINDOW: (f32, f32) = (1280.0, 720.0);

/// How much a window larger than `DESIGN_WINDOW` grows the panels (steps of 0.05; 1 for a
/// window that size or smaller).
pub(crate) fn window_growth(width: f32, height: f32) -> f32 {
    let grown = (width / DESIGN_WINDOW.0)
        .min(height / DESIGN_WINDOW.1)
        .max(1.0);
    (grown * 20.0 + 1e-3).floor() / 20.0
}

/// The UI scale shown in a window of this logical size: the one asked for, grown with a
/// window larger than `DESIGN_WINDOW`, and held down to what keeps the panels at least
/// `LAYOUT_FLOOR` in egui's points, so every panel fits (steps of 0.05, never under the
/// menu's least).
pub(crate) fn fitting_scale(wanted: f32, width: f32, height: f32) -> f32 {
    let room = (width / LAYOUT_FLOOR.0).min(height / LAYOUT_FLOOR.1);
    let room = (room * 20.0 + 1e-3).floor() / 20.0;
    (wanted.clamp(*UI_SCALES.start(), *UI_SCALES.end()) * window_growth(width, height))
        .min(room.max(*UI_SCALES.start()))
}

impl Settings {
    /// The saved settings; defaults when there are none, or when the file cannot be read
    /// (then with a warning, and the file is left as it is until the next change).
    pub fn load(path: Option<&std::path::Path>) -> Settings {
        let Some(text) = path.and_then(|p| stp_rules::files::read_capped(p).ok()) else {
            return Settings::default();
        };
        let mut settings: Settings = serde_json::from_str(&text).unwrap_or_else(|err| {
            warn!("settings ignored ({err}); using the defaults");
            Settings::default()
        });
        // A hand-edited file cannot make the panels unusable.
        settings.ui_scale = settings
            .ui_scale
            .clamp(*UI_SCALES.start(), *UI_SCALES.end());
        settings
    }

    /// The seat's ticket kept for `invite`'s game (this table joined it before), to take
    /// that seat back. A ticket kept for another game is of no use in this one and goes.
    pub fn ticket_for(&mut self, invite: &crate::net::quic::Invite) -> Option<String> {
        let kept: Option<crate::net::quic::Invite> = self.join_invite.parse().ok();
        let same_game = kept.is_some_and(|k| k.host.id == invite.host.id && k.code == invite.code);
        if !same_game && !self.join_ticket.is_empty() {
            self.join_ticket.clear();
            self.unsaved = true;
        }
        (!self.join_ticket.is_empty()).then(|| self.join_ticket.clone())
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(PreStartup, load_settings)
        .add_systems(Update, save_when_done.in_set(GameSystems::Events));
}

fn load_settings(launch: Res<Launch>, mut commands: Commands) {
    commands.insert_resource(Settings::load(settings_path(&launch).as_deref()));
}

fn save_when_done(mut settings: ResMut<Settings>, launch: Res<Launch>) {
    if !settings.unsaved {
        return;
    }
    settings.unsaved = false;
    if let Some(path) = settings_path(&launch)
        && let Ok(text) = serde_json::to_string_pretty(&*settings)
        && let Err(err) = stp_rules::files::write_atomically(&path, &text)
    {
        warn!("settings not saved: {err}");
    }
}
